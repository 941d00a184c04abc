import Foundation
import TransitionBatch
import TransitionLab
import TransitionPhysics

// The runner's figures, one function each (`ThroughputCommand.run` calls them in turn), and the
// two ways of printing them. Rows keep the order of the CSV the notebooks read.

/// Prints a line to standard output in text mode, to standard error in CSV mode (so the CSV
/// stays clean).
struct Say {
    let text: Bool
    func callAsFunction(_ line: String) {
        if text { print(line) } else { FileHandle.standardError.write((line + "\n").data(using: .utf8)!) }
    }
}

/// One lane_steps run: lane-steps per second, its outcome and its sample times (seconds).
struct LaneStepRun {
    var perSecond: Double
    var outcome: BatchOutcome
    var times: [Double]
}

/// The lane_steps figures: per-lane springs (scalar, SIMD on 1 and all threads) and a shared
/// spring (scalar, SIMD, BLAS), with the agreement of every backend with the scalar reference.
struct LaneStepFigures {
    var rows: [ThroughputCommand.Row]
    var notes: [String]
    var scalar: LaneStepRun, simd1: LaneStepRun, simdAll: LaneStepRun
    var sharedSIMD: LaneStepRun, blasAll: LaneStepRun
    /// The arithmetic floor (`ExtremaFloor`) and the metrics-only SIMD batch on all cores,
    /// sampled in turn: median seconds of each.
    var floorSeconds: Double, floorBatchSeconds: Double
}

/// The trajectory_bandwidth and bandwidth_probe figures, GB/s.
struct BandwidthFigures {
    var rows: [ThroughputCommand.Row]
    /// Probe bandwidths keyed "name/threads".
    var probes: [String: Double]
    /// (backend, threads, GB/s) of the trajectory runs after the scalar one.
    var trajectories: [(String, Int, Double)]
}

/// The numpy and numba figures (rows when measured) and a note per peer.
struct PythonPeerFigures {
    var rows: [ThroughputCommand.Row]
    var notes: [String: String]
    /// Median seconds of each measured peer's batch, by name.
    var seconds: [String: Double] = [:]
}

/// The classic curve's cost per lane-frame, ns, beside the scalar physics step's.
struct ClassicCurveFigure {
    var row: ThroughputCommand.Row
    var classicNanoseconds: Double
    var scalarNanoseconds: Double
}

extension ThroughputCommand {
    static let stepUnit = "lane_steps/s"

    func row(_ measurement: String, _ backend: String, threads: Int, value: Double, unit: String, ratio: Double?) -> Row {
        Row(measurement: measurement, backend: backend, threads: threads, lanes: lanes, frames: frames, value: value, unit: unit, ratioToScalar: ratio)
    }

    /// `--only`: one figure's median, for profiling.
    func profilingAid(_ only: ProfiledFigure, perLane: BatchReleases) -> String {
        let integrator = BatchIntegrator(
            maximumFrames: frames, backend: only == .scalarMetrics ? .scalar : .simd, threads: threads == 0 ? 1 : threads)
        let layout = TrajectoryLayout(lanes: lanes, frames: frames)
        let p = Buffers.allocate(layout.count), v = Buffers.allocate(layout.count)
        defer { p.deallocate(); v.deallocate() }
        var outcome = BatchOutcome()
        // The floor's lanes are the batch's, measured from the targets the batch decides.
        let floor = only == .extremaFloor ? ExtremaFloor(batch: perLane, outcome: integrator.run(perLane)) : nil
        let seconds = Timing.median(samples: samples) {
            switch only {
            case .extremaFloor: floor?.run(threads: integrator.effectiveThreads)
            case .simdTrajectory: _ = integrator.run(perLane, trajectory: layout, progress: p, velocity: v)
            case .simdTrajectoryOrdinary: _ = integrator.run(perLane, trajectory: layout, progress: p, velocity: v, nonTemporal: false)
            case .simdMetrics, .scalarMetrics: integrator.run(perLane, into: &outcome)
            }
        }
        return "\(only.rawValue): \(Fmt.number(seconds * 1e3)) ms, \(Fmt.number(seconds * 1e9 / Double(lanes))) ns per lane"
    }

    /// Lane-steps per second, outcome and sample times of each (batch, backend, threads),
    /// sampled in turn. The outcome arrays are allocated once and reused by every sample, for
    /// every backend alike: the figure is the integrator's work, not first-touch page faults.
    func laneSteps(_ runs: [(BatchReleases, BatchBackend, Int)]) -> [LaneStepRun] {
        let boxes = runs.map { _ in OutcomeBox() }
        let bodies = runs.indices.map { i -> () -> Void in
            let integrator = BatchIntegrator(maximumFrames: frames, backend: runs[i].1, threads: runs[i].2)
            let batch = runs[i].0, box = boxes[i]
            return { integrator.run(batch, into: &box.outcome) }
        }
        let times = Timing.interleaved(samples: samples, bodies)
        return runs.indices.map { i in
            LaneStepRun(
                perSecond: Double(Workload.usefulSteps(boxes[i].outcome, frames: frames)) / Timing.median(times[i]),
                outcome: boxes[i].outcome, times: times[i])
        }
    }

    /// The lane_steps figures.
    func laneStepFigures(perLane: BatchReleases, shared: BatchReleases, allThreads: Int) -> LaneStepFigures {
        let perLaneRuns = laneSteps([(perLane, .scalar, 1), (perLane, .simd, 1), (perLane, .simd, allThreads)])
        let scalar = perLaneRuns[0], simd1 = perLaneRuns[1], simdAll = perLaneRuns[2]
        func spread(_ times: [Double]) -> String { "\(Fmt.number(times.min()! * 1e3))-\(Fmt.number(times.max()! * 1e3))" }
        var notes = [
            "sample spread, fastest-slowest ms: scalar \(spread(scalar.times)), SIMD 1 thread \(spread(simd1.times)), "
                + "SIMD \(allThreads) threads \(spread(simdAll.times))",
            "note: SIMD lane_steps are what the sweep and the bench run (the scalar reference's bits): lane-frames resolved per "
                + "second, each lane's overshoot and peak acceleration from the motion's closed form and its settling frame found "
                + "by binary search with matrix powers instead of stepping every frame as the scalar reference does; ratios "
                + "compare the time of the same job. Trajectory runs step every frame.",
        ]
        let unit = Self.stepUnit
        var rows = [
            row("lane_steps", "scalar", threads: 1, value: scalar.perSecond, unit: unit, ratio: 1),
            row("lane_steps", "simd", threads: 1, value: simd1.perSecond, unit: unit, ratio: simd1.perSecond / scalar.perSecond),
            row("lane_steps", "simd", threads: allThreads, value: simdAll.perSecond, unit: unit, ratio: simdAll.perSecond / scalar.perSecond),
        ]
        for (name, outcome) in [("SIMD, 1 thread", simd1.outcome), ("SIMD, \(allThreads) threads", simdAll.outcome)] {
            notes.append("agreement, \(name) vs scalar: " + OutcomeAgreement(outcome, scalar.outcome).description)
        }
        // The floor beside the batch, sampled in turn.
        let floor = ExtremaFloor(batch: perLane, outcome: scalar.outcome)
        let floorIntegrator = BatchIntegrator(maximumFrames: frames, backend: .simd, threads: allThreads)
        let floorBox = OutcomeBox()
        let floorTimes = Timing.interleavedMedians(
            samples: samples, [{ floor.run(threads: allThreads) }, { floorIntegrator.run(perLane, into: &floorBox.outcome) }])
        rows.append(row("extrema_floor", "simd", threads: allThreads, value: floorTimes[0] * 1e9 / Double(lanes), unit: "ns/lane", ratio: nil))
        let sharedRuns = laneSteps([(shared, .scalar, 1), (shared, .simd, allThreads), (shared, .blas, 1), (shared, .blas, allThreads)])
        let sharedScalar = sharedRuns[0], sharedSIMD = sharedRuns[1], blas1 = sharedRuns[2], blasAll = sharedRuns[3]
        rows += [
            row("lane_steps", "scalar_shared", threads: 1, value: sharedScalar.perSecond, unit: unit, ratio: 1),
            row("lane_steps", "simd_shared", threads: allThreads, value: sharedSIMD.perSecond, unit: unit, ratio: sharedSIMD.perSecond / sharedScalar.perSecond),
            row("lane_steps", "blas", threads: 1, value: blas1.perSecond, unit: unit, ratio: blas1.perSecond / sharedScalar.perSecond),
            row("lane_steps", "blas", threads: allThreads, value: blasAll.perSecond, unit: unit, ratio: blasAll.perSecond / sharedScalar.perSecond),
        ]
        for (name, outcome) in [("BLAS, 1 thread", blas1.outcome), ("SIMD, shared spring", sharedSIMD.outcome)] {
            notes.append("agreement, \(name) vs scalar: " + OutcomeAgreement(outcome, sharedScalar.outcome).description)
        }
        return LaneStepFigures(
            rows: rows, notes: notes, scalar: scalar, simd1: simd1, simdAll: simdAll, sharedSIMD: sharedSIMD, blasAll: blasAll,
            floorSeconds: floorTimes[0], floorBatchSeconds: floorTimes[1])
    }

    /// The trajectory bandwidths and the memory probes, sampled in turn (Timing.interleavedMedians).
    func bandwidthFigures(perLane: BatchReleases, allThreads: Int) -> BandwidthFigures {
        let layout = TrajectoryLayout(lanes: lanes, frames: frames)
        let progress = Buffers.allocate(layout.count)
        let velocity = Buffers.allocate(layout.count)
        defer { progress.deallocate(); velocity.deallocate() }
        let bytes = Double(2 * lanes * frames * MemoryLayout<Double>.stride)
        let trajectoryConfigurations: [(name: String, backend: BatchBackend, threads: Int, nonTemporal: Bool)] = [
            ("scalar", .scalar, 1, false), ("simd", .simd, 1, false), ("simd", .simd, allThreads, false),
            ("simd_nt", .simd, 1, true), ("simd_nt", .simd, allThreads, true),
        ]
        let probeConfigurations: [(name: String, threads: Int, nonTemporal: Bool)] = [
            ("ordinary", 1, false), ("ordinary", allThreads, false), ("non_temporal", 1, true), ("non_temporal", allThreads, true),
        ]
        var bodies: [() -> Void] = trajectoryConfigurations.map { c in
            let integrator = BatchIntegrator(maximumFrames: frames, backend: c.backend, threads: c.threads)
            return { _ = integrator.run(perLane, trajectory: layout, progress: progress, velocity: velocity, nonTemporal: c.nonTemporal) }
        }
        bodies += probeConfigurations.map { c in
            { Buffers.fill([progress, velocity], threads: c.threads, nonTemporal: c.nonTemporal) }
        }
        let bandwidths = Timing.interleavedMedians(samples: samples, bodies).map { bytes / $0 / 1e9 }
        let trajectoryScalar = bandwidths[0]
        var rows: [Row] = []
        for (c, value) in zip(trajectoryConfigurations, bandwidths) {
            rows.append(row("trajectory_bandwidth", c.name, threads: c.threads, value: value, unit: "GB/s", ratio: value / trajectoryScalar))
        }
        var probes: [String: Double] = [:]
        for (c, value) in zip(probeConfigurations, bandwidths.dropFirst(trajectoryConfigurations.count)) {
            probes["\(c.name)/\(c.threads)"] = value
            rows.append(row("bandwidth_probe", c.name, threads: c.threads, value: value, unit: "GB/s", ratio: nil))
        }
        let trajectories = zip(trajectoryConfigurations, bandwidths).dropFirst().map { ($0.0.name, $0.0.threads, $0.1) }
        return BandwidthFigures(rows: rows, probes: probes, trajectories: trajectories)
    }

    /// numpy and numba (PythonPeer) on the per-lane batch, checked against the scalar outcome.
    func pythonPeerFigures(perLane: BatchReleases, scalar: LaneStepRun, allThreads: Int, instructionSet: PeerInstructionSet) -> PythonPeerFigures {
        var rows: [Row] = []
        var notes: [String: String] = [:]
        var times: [String: Double] = [:]
        let interpreter = python ?? PythonPeer.defaultPython
        for (peer, skip) in [(PythonPeer.numpy, skipNumpy), (PythonPeer.numba, skipNumba)] {
            if skip {
                notes[peer.name] = "\(peer.name): skipped (--skip-\(peer.name))"
                continue
            }
            switch peer.run(
                python: interpreter, threads: allThreads, batch: perLane, outcome: scalar.outcome, frames: frames, samples: samples,
                instructionSet: instructionSet)
            {
            case .skipped(let why):
                notes[peer.name] = "\(peer.name): skipped (\(why))"
            case .measured(let seconds, let agreement, let ranWith):
                // numpy evaluates every frame of every lane; numba stops each lane at settling, as
                // the scalar reference does, so it is counted like the SIMD figures.
                let steps = peer.parallel ? Double(Workload.usefulSteps(scalar.outcome, frames: frames)) : Double(lanes * frames)
                let perSecond = steps / seconds
                rows.append(row(
                    peer.name, peer.name, threads: peer.parallel ? allThreads : 1, value: perSecond, unit: Self.stepUnit,
                    ratio: perSecond / scalar.perSecond))
                notes[peer.name] = "\(peer.name) (\(interpreter)): \(agreement); ran with \(ranWith)"
                times[peer.name] = seconds
            }
        }
        return PythonPeerFigures(rows: rows, notes: notes, seconds: times)
    }

    /// The classic curve, lane by lane through the batch (ns per lane-frame).
    func classicCurveFigure(scalar: LaneStepRun) -> ClassicCurveFigure {
        let classic = Workload.classic(count: lanes)
        let integrator = BatchIntegrator(maximumFrames: frames, backend: .simd, threads: 1)
        var outcome: BatchOutcome? = nil
        let seconds = Timing.median(samples: samples) { outcome = integrator.run(classic) }
        let classicFrames = outcome!.completionFrame.reduce(0) { $0 + Int($1) + 1 }
        let classicNanoseconds = seconds * 1e9 / Double(classicFrames)
        let scalarNanoseconds = 1e9 / scalar.perSecond
        return ClassicCurveFigure(
            row: row("classic_curve", "classic", threads: 1, value: classicNanoseconds, unit: "ns/lane_frame", ratio: scalarNanoseconds / classicNanoseconds),
            classicNanoseconds: classicNanoseconds, scalarNanoseconds: scalarNanoseconds)
    }

    /// The rows as CSV (the notebooks' input).
    func printCSV(_ rows: [Row]) {
        print("measurement,backend,threads,lanes,frames,value,unit,ratio_to_scalar")
        for r in rows {
            print("\(r.measurement),\(r.backend),\(r.threads),\(r.lanes),\(r.frames),\(Fmt.number(r.value)),\(r.unit),\(r.ratioToScalar.map(Fmt.number) ?? "")")
        }
    }

    /// The rows as a table, then the targets and the notes.
    func printText(
        rows: [Row], steps: LaneStepFigures, bandwidth: BandwidthFigures, peers: PythonPeerFigures, classic: ClassicCurveFigure,
        allThreads: Int
    ) {
        print("")
        print(Fmt.table(rows))
        print("")
        let probeAll = bandwidth.probes["ordinary/\(allThreads)"] ?? .nan
        let probeOne = bandwidth.probes["ordinary/1"] ?? .nan
        let ntAll = bandwidth.probes["non_temporal/\(allThreads)"] ?? .nan
        let trajectoryAll = bandwidth.trajectories.first { $0.0 == "simd" && $0.1 == allThreads }?.2 ?? .nan
        let trajectoryOne = bandwidth.trajectories.first { $0.0 == "simd" && $0.1 == 1 }?.2 ?? .nan
        let streamedAll = bandwidth.trajectories.first { $0.0 == "simd_nt" && $0.1 == allThreads }?.2 ?? .nan
        let simdAll = steps.simdAll.perSecond
        let simdRatio = simdAll / steps.scalar.perSecond
        print("Targets (Swift code \(BatchIntegrator.swiftInstructionSet), C kernels \(BatchIntegrator.kernelInstructionSet); CPU \(BuildFacts.cpuInstructionSet.map { "\($0)" } ?? "unknown")):")
        print(Fmt.target(simdRatio >= 8, "SIMD on all cores \(Fmt.ratio(simdRatio)) the scalar reference (target >= 8x)"))
        // The metrics-only batch near its limit: its median time on all cores, at the default
        // size only (the time target is for 100,000 lanes x 240 frames).
        let batchMilliseconds = Timing.median(steps.simdAll.times) * 1e3
        if lanes == 100_000 && frames == 240 {
            print(Fmt.target(
                batchMilliseconds <= 2.5,
                "metrics-only batch (100,000 lanes x 240 frames) \(Fmt.number(batchMilliseconds)) ms median on all cores (target <= 2.5 ms)"))
        } else {
            print("[skip] metrics-only batch time: the 2.5 ms target is for 100,000 lanes x 240 frames (this run: \(lanes) x \(frames), \(Fmt.number(batchMilliseconds)) ms)")
        }
        // Per lane, beside the peers, and against the arithmetic floor (`ExtremaFloor`, sampled in
        // turn with a second run of the batch).
        func perLane(_ seconds: Double) -> String { "\(Fmt.number(seconds * 1e9 / Double(lanes))) ns" }
        var perLaneLine = "    per lane: SIMD all cores \(perLane(Timing.median(steps.simdAll.times))), 1 thread \(perLane(Timing.median(steps.simd1.times)))"
        perLaneLine += ", scalar \(perLane(Timing.median(steps.scalar.times)))"
        for name in ["numba", "numpy"] { if let s = peers.seconds[name] { perLaneLine += ", \(name) \(perLane(s))" } }
        print(perLaneLine)
        print("    arithmetic floor (the closed-form extrema alone, all cores): \(perLane(steps.floorSeconds)); the batch (same rounds) \(perLane(steps.floorBatchSeconds)): floor = \(Fmt.percent(steps.floorSeconds / steps.floorBatchSeconds)) of the batch's time")
        print("    SIMD on all cores \(Fmt.number(simdAll)) lane_steps/s (lane-frames resolved per second)")
        print(Fmt.target(
            trajectoryAll >= 0.8 * probeAll,
            "trajectory (ordinary stores, all cores) \(Fmt.percent(trajectoryAll / probeAll)) of the ordinary-store probe (target >= 80%); 1 thread \(Fmt.percent(trajectoryOne / probeOne))"))
        print("    non-temporal trajectory: \(Fmt.number(streamedAll)) GB/s = \(Fmt.percent(streamedAll / probeAll)) of the ordinary probe, \(Fmt.percent(streamedAll / ntAll)) of the non-temporal probe")
        let streamedByDefault = BatchIntegrator.streamsTrajectory(of: TrajectoryLayout(lanes: lanes, frames: frames))
        print("    the library's default for this size (\(Fmt.number(Double(2 * lanes * frames * 8) / 1e6)) MB; streams above \(BatchIntegrator.streamingThresholdBytes >> 20) MiB): \(streamedByDefault ? "non-temporal, \(Fmt.percent(streamedAll / probeAll))" : "ordinary stores, \(Fmt.percent(trajectoryAll / probeAll))") of the ordinary-store probe")
        if let numpyRow = rows.first(where: { $0.measurement == "numpy" }) {
            let r = simdAll / numpyRow.value
            print(Fmt.target(r >= 10, "SIMD on all cores \(Fmt.ratio(r)) numpy (target >= 10x)"))
        } else {
            print("[skip] SIMD vs numpy: \(peers.notes["numpy"] ?? "")")
        }
        if let numbaRow = rows.first(where: { $0.measurement == "numba" }) {
            let r = simdAll / numbaRow.value
            print(Fmt.target(r >= 10, "SIMD on all cores \(Fmt.ratio(r)) numba on all cores (\(Fmt.number(numbaRow.value)) lane_steps/s, \(numbaRow.threads) threads; target >= 10x)"))
        } else {
            print("[skip] SIMD vs numba: \(peers.notes["numba"] ?? "")")
        }
        let simdNanoseconds = 1e9 / steps.simd1.perSecond
        print(Fmt.target(
            simdNanoseconds <= 2 * classic.classicNanoseconds,
            "physics step \(Fmt.number(simdNanoseconds)) ns per lane-frame (SIMD, 1 thread; scalar \(Fmt.number(classic.scalarNanoseconds)) ns) vs classic curve \(Fmt.number(classic.classicNanoseconds)) ns: \(Fmt.ratio(simdNanoseconds / classic.classicNanoseconds)) (target <= 2x)"))
        print("")
        for name in ["numpy", "numba"] { if let note = peers.notes[name] { print(note) } }
        print("BLAS (\(BuildFacts.blasLibrary)) on lanes sharing a spring: \(Fmt.ratio(steps.blasAll.perSecond / steps.sharedSIMD.perSecond)) SIMD; default backend: \(BatchBackend.default.rawValue)")
        for note in steps.notes { print(note) }
    }
}
