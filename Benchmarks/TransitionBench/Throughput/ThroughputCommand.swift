import ArgumentParser
import Foundation
import TransitionBatch
import TransitionPhysics

#if canImport(Glibc)
import Glibc
#endif

/// `transition-bench throughput`: how fast the batch integrator runs on this machine, each
/// figure the median of `--samples` timed runs, with the build flags. Figures that are compared
/// (the lane_steps of a workload; trajectories and probes) are sampled in turn, each timed run
/// after an untimed run of the same job.
///
/// Measurements (CSV column `measurement`):
/// - `lane_steps`: metrics-only lane-steps per second. Per-lane springs (every lane its own
///   underdamped spring): scalar reference (1 thread), SIMD on 1 thread and on all cores.
///   Lanes sharing one spring: scalar, SIMD and BLAS (`cblas_drotm` per frame). Ratios are to
///   the scalar reference of the same workload.
///   Not every lane is stepped every frame in the SIMD backend's metrics-only runs: underdamped
///   lanes take their maxima from the closed form's extremum frames, and once a lane's running
///   maxima are final, its settling frame is found by binary search with matrix powers M^(2^j)
///   (`resolveSettling`; the same completion frames as stepping). So the
///   SIMD `lane_steps` figures are lane-frames resolved per second: the same job (same lanes,
///   frames and outcome) as the scalar reference, which steps every frame, divided by its time.
/// - `trajectory_bandwidth`: GB/s of progress and velocity written while integrating (SIMD,
///   ordinary stores and non-temporal stores), against
/// - `bandwidth_probe`: the same number of bytes written by a plain fill in this process
///   (ordinary stores; non-temporal stores).
/// - `numpy`: the same per-lane-spring releases evaluated through the closed form with numpy
///   (1 thread, when numpy imports), lane-steps per second (every lane, every frame).
/// - `numba`: the same releases as a numba user writes them (`@njit(parallel=True)`, lanes over
///   `prange`, the exact 2x2 step per frame, each lane stopping when it settles) on the all-cores
///   threads, when numba imports; lane-steps per second counted as for the SIMD figures (the
///   scalar reference's frames up to settling). `PythonPeer` runs both.
/// - `classic_curve`: nanoseconds per lane-frame of the classic percent-driven model (its
///   timing curve evaluated each frame), to price the physics step against it.
public struct ThroughputCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "Batch integrator throughput: lane-steps/s per backend, trajectory GB/s, numpy and numba, classic curve cost.",
        discussion: """
            Build in release with the target CPU for meaningful figures:
              swift build -c release -Xswiftc -target-cpu -Xswiftc native -Xcc -march=native
              .build/release/transition-bench throughput
            """)

    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case text, csv
    }

    @Option(help: "Lanes (releases) per batch.")
    public var lanes: Int = 100_000

    @Option(help: "Frames per lane (the metrics frame limit; trajectories of this many frames).")
    public var frames: Int = 240

    @Option(help: "Timed samples per figure (the median is reported; at least 5).")
    public var samples: Int = 5

    @Option(help: "Threads for the all-cores figures (0: one per core).")
    public var threads: Int = 0

    @Option(help: "Output format: text or csv.")
    public var format: Format = .text

    @Option(help: "Python interpreter for the numpy and numba peers. (default: notebooks/.venv/bin/python when present, else python3)")
    public var python: String?

    @Flag(help: "Skip the numpy peer.")
    public var skipNumpy = false

    @Flag(help: "Skip the numba peer.")
    public var skipNumba = false

    @Flag(help: "Skip the flat-memory check (sink runs at 1/4, 1 and 4 times the lanes).")
    public var skipMemory = false

    @Option(help: ArgumentHelp("Profiling aid: run only one figure (simd-metrics, scalar-metrics, simd-trajectory, simd-trajectory-ordinary) and print its median.", visibility: .hidden))
    public var only: String?

    public init() {}

    public func validate() throws {
        guard samples >= 5 else { throw ValidationError("--samples must be at least 5 (medians of >= 5 samples).") }
        guard lanes >= 16 && frames >= 1 else { throw ValidationError("--lanes must be >= 16 and --frames >= 1.") }
        if python == "" { throw ValidationError("--python: invalid value '': empty interpreter name.") }
    }

    struct Row {
        var measurement: String
        var backend: String
        var threads: Int
        var lanes: Int
        var frames: Int
        var value: Double
        var unit: String
        var ratioToScalar: Double?
    }

    public func run() throws {
        let allThreads = threads == 0 ? BatchIntegrator.coreCount : threads
        var rows: [Row] = []
        var notes: [String] = []
        let text = format == .text
        func say(_ line: String) {
            if text { print(line) } else { FileHandle.standardError.write((line + "\n").data(using: .utf8)!) }
        }

        let flags = BuildFacts.describe()
        say("transition-bench throughput: \(lanes) lanes x \(frames) frames at 240 Hz, median of \(samples) samples")
        say("build: \(flags)")
        say("cores: \(BatchIntegrator.coreCount); all-cores figures use \(allThreads) threads")
        say("BLAS: \(BuildFacts.blasLibrary)")

        let perLane = Workload.perLaneSprings(count: lanes)
        if let only {
            let integrator = BatchIntegrator(
                maximumFrames: frames, backend: only == "scalar-metrics" ? .scalar : .simd, threads: threads == 0 ? 1 : threads)
            let layout = TrajectoryLayout(lanes: lanes, frames: frames)
            let p = Buffers.allocate(layout.count), v = Buffers.allocate(layout.count)
            defer { p.deallocate(); v.deallocate() }
            var outcome = BatchOutcome()
            let seconds = Timing.median(samples: samples) {
                if only == "simd-trajectory" {
                    _ = integrator.run(perLane, trajectory: layout, progress: p, velocity: v)
                } else if only == "simd-trajectory-ordinary" {
                    _ = integrator.run(perLane, trajectory: layout, progress: p, velocity: v, nonTemporal: false)
                } else {
                    integrator.run(perLane, into: &outcome)
                }
            }
            say("\(only): \(Fmt.number(seconds * 1e3)) ms, \(Fmt.number(seconds * 1e9 / Double(lanes))) ns per lane")
            return
        }
        let shared = Workload.sharedSpring(count: lanes)

        // Flat memory first (ru_maxrss is a high-water mark).
        if !skipMemory {
            for line in memoryCheck() { say(line) }
        }

        // MARK: lane_steps
        /// Lane-steps per second, outcome and sample times (seconds) of each (batch, backend,
        /// threads), sampled in turn.
        func laneSteps(_ runs: [(BatchReleases, BatchBackend, Int)]) -> [(perSecond: Double, outcome: BatchOutcome, times: [Double])] {
            // The outcome arrays are allocated once and reused by every sample, for every backend
            // alike: the figure is the integrator's work, not first-touch page faults.
            let boxes = runs.map { _ in OutcomeBox() }
            let bodies = runs.indices.map { i -> () -> Void in
                let integrator = BatchIntegrator(maximumFrames: frames, backend: runs[i].1, threads: runs[i].2)
                let batch = runs[i].0, box = boxes[i]
                return { integrator.run(batch, into: &box.outcome) }
            }
            let times = Timing.interleaved(samples: samples, bodies)
            return runs.indices.map { i in
                (Double(Workload.usefulSteps(boxes[i].outcome, frames: frames)) / Timing.median(times[i]), boxes[i].outcome, times[i])
            }
        }
        let perLaneRuns = laneSteps([(perLane, .scalar, 1), (perLane, .simd, 1), (perLane, .simd, allThreads)])
        let scalar = perLaneRuns[0], simd1 = perLaneRuns[1], simdAll = perLaneRuns[2]
        func spread(_ times: [Double]) -> String {
            "\(Fmt.number(times.min()! * 1e3))-\(Fmt.number(times.max()! * 1e3))"
        }
        notes.append(
            "sample spread, fastest-slowest ms: scalar \(spread(scalar.times)), SIMD 1 thread \(spread(simd1.times)), "
                + "SIMD \(allThreads) threads \(spread(simdAll.times))")
        let stepUnit = "lane_steps/s"
        notes.append(
            "note: SIMD lane_steps are lane-frames resolved per second: in metrics-only runs the SIMD backend evaluates the frames "
                + "around each lane's extrema from the closed form (or, outside its regime, steps until the maxima are provably final) "
                + "and finds the settling frame by binary search with matrix powers, instead of stepping every frame as the scalar "
                + "reference does; ratios compare the time of the same job. Trajectory runs step every frame.")
        rows.append(Row(measurement: "lane_steps", backend: "scalar", threads: 1, lanes: lanes, frames: frames, value: scalar.perSecond, unit: stepUnit, ratioToScalar: 1))
        rows.append(Row(measurement: "lane_steps", backend: "simd", threads: 1, lanes: lanes, frames: frames, value: simd1.perSecond, unit: stepUnit, ratioToScalar: simd1.perSecond / scalar.perSecond))
        rows.append(Row(measurement: "lane_steps", backend: "simd", threads: allThreads, lanes: lanes, frames: frames, value: simdAll.perSecond, unit: stepUnit, ratioToScalar: simdAll.perSecond / scalar.perSecond))
        for (name, outcome) in [("SIMD, 1 thread", simd1.outcome), ("SIMD, \(allThreads) threads", simdAll.outcome)] {
            notes.append("agreement, \(name) vs scalar: " + OutcomeAgreement(outcome, scalar.outcome).description)
        }
        let sharedRuns = laneSteps([(shared, .scalar, 1), (shared, .simd, allThreads), (shared, .blas, 1), (shared, .blas, allThreads)])
        let sharedScalar = sharedRuns[0], sharedSIMD = sharedRuns[1], blas1 = sharedRuns[2], blasAll = sharedRuns[3]
        rows.append(Row(measurement: "lane_steps", backend: "scalar_shared", threads: 1, lanes: lanes, frames: frames, value: sharedScalar.perSecond, unit: stepUnit, ratioToScalar: 1))
        rows.append(Row(measurement: "lane_steps", backend: "simd_shared", threads: allThreads, lanes: lanes, frames: frames, value: sharedSIMD.perSecond, unit: stepUnit, ratioToScalar: sharedSIMD.perSecond / sharedScalar.perSecond))
        rows.append(Row(measurement: "lane_steps", backend: "blas", threads: 1, lanes: lanes, frames: frames, value: blas1.perSecond, unit: stepUnit, ratioToScalar: blas1.perSecond / sharedScalar.perSecond))
        rows.append(Row(measurement: "lane_steps", backend: "blas", threads: allThreads, lanes: lanes, frames: frames, value: blasAll.perSecond, unit: stepUnit, ratioToScalar: blasAll.perSecond / sharedScalar.perSecond))
        for (name, outcome) in [("BLAS, 1 thread", blas1.outcome), ("SIMD, shared spring", sharedSIMD.outcome)] {
            notes.append("agreement, \(name) vs scalar: " + OutcomeAgreement(outcome, sharedScalar.outcome).description)
        }

        // MARK: trajectory_bandwidth and bandwidth_probe
        let layout = TrajectoryLayout(lanes: lanes, frames: frames)
        let progress = Buffers.allocate(layout.count)
        let velocity = Buffers.allocate(layout.count)
        defer { progress.deallocate(); velocity.deallocate() }
        let bytes = Double(2 * lanes * frames * MemoryLayout<Double>.stride)
        // Trajectories and probes sampled in turn (see Timing.interleavedMedians).
        let trajectoryConfigurations: [(name: String, backend: BatchBackend, threads: Int, nonTemporal: Bool)] = [
            ("scalar", .scalar, 1, false), ("simd", .simd, 1, false), ("simd", .simd, allThreads, false),
            ("simd_nt", .simd, 1, true), ("simd_nt", .simd, allThreads, true),
        ]
        let probeConfigurations: [(name: String, threads: Int, nonTemporal: Bool)] = [
            ("ordinary", 1, false), ("ordinary", allThreads, false), ("non_temporal", 1, true), ("non_temporal", allThreads, true),
        ]
        var bandwidthBodies: [() -> Void] = trajectoryConfigurations.map { c in
            let integrator = BatchIntegrator(maximumFrames: frames, backend: c.backend, threads: c.threads)
            return { _ = integrator.run(perLane, trajectory: layout, progress: progress, velocity: velocity, nonTemporal: c.nonTemporal) }
        }
        bandwidthBodies += probeConfigurations.map { c in
            { Buffers.fill([progress, velocity], threads: c.threads, nonTemporal: c.nonTemporal) }
        }
        let bandwidths = Timing.interleavedMedians(samples: samples, bandwidthBodies).map { bytes / $0 / 1e9 }
        let gbs = "GB/s"
        let trajectoryScalar = bandwidths[0]
        let trajectoryRows = zip(trajectoryConfigurations, bandwidths).dropFirst().map { ($0.0.name, $0.0.threads, $0.1) }
        for (c, value) in zip(trajectoryConfigurations, bandwidths) {
            rows.append(Row(measurement: "trajectory_bandwidth", backend: c.name, threads: c.threads, lanes: lanes, frames: frames, value: value, unit: gbs, ratioToScalar: value / trajectoryScalar))
        }
        var probes: [String: Double] = [:]
        for (c, value) in zip(probeConfigurations, bandwidths.dropFirst(trajectoryConfigurations.count)) {
            probes["\(c.name)/\(c.threads)"] = value
            rows.append(Row(measurement: "bandwidth_probe", backend: c.name, threads: c.threads, lanes: lanes, frames: frames, value: value, unit: gbs, ratioToScalar: nil))
        }

        // MARK: numpy and numba
        var peerNotes: [String: String] = [:]
        let interpreter = python ?? PythonPeer.defaultPython
        for (peer, skip) in [(PythonPeer.numpy, skipNumpy), (PythonPeer.numba, skipNumba)] {
            if skip {
                peerNotes[peer.name] = "\(peer.name): skipped (--skip-\(peer.name))"
                continue
            }
            switch peer.run(python: interpreter, threads: allThreads, batch: perLane, outcome: scalar.outcome, frames: frames, samples: samples) {
            case .skipped(let why):
                peerNotes[peer.name] = "\(peer.name): skipped (\(why))"
            case .measured(let seconds, let agreement):
                // numpy evaluates every frame of every lane; numba stops each lane at settling, as
                // the scalar reference does, so it is counted like the SIMD figures.
                let steps = peer.parallel ? Double(Workload.usefulSteps(scalar.outcome, frames: frames)) : Double(lanes * frames)
                let perSecond = steps / seconds
                rows.append(Row(
                    measurement: peer.name, backend: peer.name, threads: peer.parallel ? allThreads : 1, lanes: lanes, frames: frames,
                    value: perSecond, unit: stepUnit, ratioToScalar: perSecond / scalar.perSecond))
                peerNotes[peer.name] = "\(peer.name) (\(interpreter)): \(agreement)"
            }
        }

        // MARK: classic_curve
        let classic = Workload.classic(count: lanes)
        let classicIntegrator = BatchIntegrator(maximumFrames: frames, backend: .simd, threads: 1)
        var classicOutcome: BatchOutcome? = nil
        let classicSeconds = Timing.median(samples: samples) { classicOutcome = classicIntegrator.run(classic) }
        let classicFrames = classicOutcome!.completionFrame.reduce(0) { $0 + Int($1) + 1 }
        let classicNanoseconds = classicSeconds * 1e9 / Double(classicFrames)
        let scalarNanoseconds = 1e9 / scalar.perSecond
        rows.append(Row(measurement: "classic_curve", backend: "classic", threads: 1, lanes: lanes, frames: frames, value: classicNanoseconds, unit: "ns/lane_frame", ratioToScalar: scalarNanoseconds / classicNanoseconds))

        // MARK: output
        switch format {
        case .csv:
            print("measurement,backend,threads,lanes,frames,value,unit,ratio_to_scalar")
            for r in rows {
                print("\(r.measurement),\(r.backend),\(r.threads),\(r.lanes),\(r.frames),\(Fmt.number(r.value)),\(r.unit),\(r.ratioToScalar.map(Fmt.number) ?? "")")
            }
        case .text:
            print("")
            print(Fmt.table(rows))
            print("")
            let probeAll = probes["ordinary/\(allThreads)"] ?? .nan
            let probeOne = probes["ordinary/1"] ?? .nan
            let ntAll = probes["non_temporal/\(allThreads)"] ?? .nan
            let trajectoryAll = trajectoryRows.first { $0.0 == "simd" && $0.1 == allThreads }?.2 ?? .nan
            let trajectoryOne = trajectoryRows.first { $0.0 == "simd" && $0.1 == 1 }?.2 ?? .nan
            let streamedAll = trajectoryRows.first { $0.0 == "simd_nt" && $0.1 == allThreads }?.2 ?? .nan
            let simdRatio = simdAll.perSecond / scalar.perSecond
            print("Targets:")
            print(Fmt.target(simdRatio >= 30, "SIMD on all cores \(Fmt.ratio(simdRatio)) the scalar reference (target >= 30x)"))
            print(Fmt.target(
                trajectoryAll >= 0.8 * probeAll,
                "trajectory (ordinary stores, all cores) \(Fmt.percent(trajectoryAll / probeAll)) of the ordinary-store probe (target >= 80%); 1 thread \(Fmt.percent(trajectoryOne / probeOne))"))
            print("    non-temporal trajectory: \(Fmt.number(streamedAll)) GB/s = \(Fmt.percent(streamedAll / probeAll)) of the ordinary probe, \(Fmt.percent(streamedAll / ntAll)) of the non-temporal probe")
            let streamedByDefault = BatchIntegrator.streamsTrajectory(of: TrajectoryLayout(lanes: lanes, frames: frames))
            print("    the library's default for this size (\(Fmt.number(Double(2 * lanes * frames * 8) / 1e6)) MB; streams above \(BatchIntegrator.streamingThresholdBytes >> 20) MiB): \(streamedByDefault ? "non-temporal, \(Fmt.percent(streamedAll / probeAll))" : "ordinary stores, \(Fmt.percent(trajectoryAll / probeAll))") of the ordinary-store probe")
            if let numpyRow = rows.first(where: { $0.measurement == "numpy" }) {
                let r = simdAll.perSecond / numpyRow.value
                print(Fmt.target(r >= 10, "SIMD on all cores \(Fmt.ratio(r)) numpy (target >= 10x)"))
            } else {
                print("[skip] SIMD vs numpy: \(peerNotes["numpy"] ?? "")")
            }
            if let numbaRow = rows.first(where: { $0.measurement == "numba" }) {
                let r = simdAll.perSecond / numbaRow.value
                print(Fmt.target(r >= 5, "SIMD on all cores \(Fmt.ratio(r)) numba on all cores (\(Fmt.number(numbaRow.value)) lane_steps/s, \(numbaRow.threads) threads; target >= 5x)"))
            } else {
                print("[skip] SIMD vs numba: \(peerNotes["numba"] ?? "")")
            }
            let simdNanoseconds = 1e9 / simd1.perSecond
            print(Fmt.target(
                simdNanoseconds <= 2 * classicNanoseconds,
                "physics step \(Fmt.number(simdNanoseconds)) ns per lane-frame (SIMD, 1 thread; scalar \(Fmt.number(scalarNanoseconds)) ns) vs classic curve \(Fmt.number(classicNanoseconds)) ns: \(Fmt.ratio(simdNanoseconds / classicNanoseconds)) (target <= 2x)"))
            print("")
            for name in ["numpy", "numba"] { if let note = peerNotes[name] { print(note) } }
            print("BLAS (\(BuildFacts.blasLibrary)) on lanes sharing a spring: \(Fmt.ratio(blasAll.perSecond / sharedSIMD.perSecond)) SIMD; default backend: \(BatchBackend.default.rawValue)")
            for note in notes { print(note) }
        }
        if format == .csv {
            for name in ["numpy", "numba"] { if let note = peerNotes[name] { say(note) } }
            for note in notes { say(note) }
        }
    }

    /// Sink runs at 1/4, 1 and 4 times `lanes`: the trajectory bytes produced grow 16-fold, the
    /// process's peak resident memory must not.
    func memoryCheck() -> [String] {
        var lines: [String] = ["flat memory (trajectories through the block sink, \(frames) frames):"]
        let sizes = [max(16, lanes / 4), lanes, lanes * 4]
        let before = Buffers.peakResidentBytes()
        for n in sizes {
            let batch = Workload.perLaneSprings(count: n)
            let checksum = Checksum()
            _ = BatchIntegrator(maximumFrames: frames).run(batch, trajectoryFrames: frames) { block in
                checksum.add(block.progress[block.progress.count - 1])
            }
            let produced = Double(2 * n * frames * 8) / 1e6
            let peak = Double(Buffers.peakResidentBytes()) / 1e6
            lines.append(
                "  \(n) lanes: \(Fmt.number(produced)) MB of trajectory produced; peak RSS \(Fmt.number(peak)) MB (+\(Fmt.number(peak - Double(before) / 1e6)) MB: the releases and outcome arrays)")
        }
        return lines
    }
}

final class Checksum: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0.0
    func add(_ x: Double) { lock.lock(); sum += x; lock.unlock() }
}
