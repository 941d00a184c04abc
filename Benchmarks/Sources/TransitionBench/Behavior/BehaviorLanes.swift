import Foundation
import TransitionBatch
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The behaviour benchmark's batch evaluator (`--evaluator batch`): the models' outcomes as
/// lanes of the batch integrator, the same bits as replaying every (trace, model) pair.
///
/// A trace whose replay has exactly one release reaches the same release state under every model
/// replayed the same way (`GestureRunner.replay(_:)`: the model is first asked at the release),
/// so each trace is replayed once per distinct `BenchModel.Replay`, up to its release. From that
/// state every built-in model is a lane: its decision and projection (for physics, the model's own
/// `projectedProgress` and `ProjectionRule.decision`), its completion's metrics from
/// `BatchIntegrator` (stepped maxima: `CompletionCurve.metrics` bit for bit) and its visual
/// completion from `BatchReleases.visualCompletionTimes` at one pixel of the trace. Physics models
/// whose completions are equal on a trace (equal `ProjectedSpringModel.CompletionParts`, frame
/// rate and target; they differ only in how they decide, say by deceleration rate) share one
/// lane. A trace without a release gets the not-started outcome; a trace with several releases
/// (a new touch interrupted a completion, where the model already mattered) and user-written
/// models go through the scalar runner.
struct BehaviorLanes: Sendable {
    /// What replaying a trace up to its release gave.
    enum Release: Sendable {
        /// No release: the trace never started a transition (or never lifted off).
        case none
        /// One release: its state and one physical pixel of the trace, in progress.
        case one(ReleaseState, pixelTolerance: Double)
        /// Several releases: the outcome depends on the model before the last one.
        case several
    }

    let models: [BenchModel]
    let traces: [GestureTrace]
    /// Per model: index into `releases`, nil for a model without lanes (scalar path).
    let replayIndex: [Int?]
    /// `releases[r][t]`: trace t replayed with replay r.
    let releases: [[Release]]
    /// Per model: its completion class; two models of one class complete a release to a given
    /// target along the same curve, measured on the same frames.
    let completionClass: [Int]
    /// Per model: index into `integrators` (its frame rate and settle tolerance).
    let integratorIndex: [Int]
    let integrators: [BatchIntegrator]
    /// Per model: its run class (`runClass(of:)`), by which a block orders its lanes.
    let runClass: [UInt16]
    /// Per model: its built-in model (nil on the scalar path), read per lane without copying
    /// the `BenchModel` around it (its name and runner are reference-counted).
    let laneModels: [BuiltInReleaseModel?]

    init(models: [BenchModel], traces: [GestureTrace]) {
        self.models = models
        self.traces = traces
        var replays: [ReplaySettings: Int] = [:]
        var replayRunners: [GestureRunner] = []
        var replayIndex: [Int?] = []
        // A completion class: models whose completions of a trace's release are equal. The
        // release state comes from the replay, so the replay is part of the key (two models with
        // equal completion parts but different replays, a fixed travel or another fling cap,
        // release differently).
        struct ClassKey: Hashable {
            var parts: ProjectedSpringModel.CompletionParts?
            var model: Int?
            var integrator: Int
            var replay: Int
        }
        struct IntegratorKey: Hashable { var frameRate: UInt64, settleTolerance: UInt64 }
        var classes: [ClassKey: Int] = [:]
        var completionClass: [Int] = []
        var integratorKeys: [IntegratorKey: Int] = [:]
        var integrators: [BatchIntegrator] = []
        var integratorIndex: [Int] = []
        for (m, model) in models.enumerated() {
            guard let lanes = model.lanes else {
                replayIndex.append(nil)
                completionClass.append(-1)
                integratorIndex.append(-1)
                continue
            }
            if let known = replays[lanes.replay] {
                replayIndex.append(known)
            } else {
                replays[lanes.replay] = replayRunners.count
                replayIndex.append(replayRunners.count)
                replayRunners.append(model.runner)
            }
            let settle = lanes.replay.settleTolerance
            let integratorKey = IntegratorKey(frameRate: lanes.replay.frameRate.bitPattern, settleTolerance: settle.bitPattern)
            let g: Int
            if let known = integratorKeys[integratorKey] {
                g = known
            } else {
                g = integrators.count
                integratorKeys[integratorKey] = g
                // Stepped maxima: bit for bit `CompletionCurve.metrics`, so the evaluator never
                // changes a byte. One thread: the benchmark runs one block of traces per core.
                let integrator = BatchIntegrator(frameRate: lanes.replay.frameRate, settleTolerance: settle, threads: 1)
                integrators.append(integrator)
            }
            integratorIndex.append(g)
            let key: ClassKey
            if case .physics(let physics) = lanes.model {
                key = ClassKey(parts: physics.completionParts, model: nil, integrator: g, replay: replayIndex[m]!)
            } else {
                key = ClassKey(parts: nil, model: m, integrator: g, replay: replayIndex[m]!)
            }
            if let known = classes[key] {
                completionClass.append(known)
            } else {
                classes[key] = classes.count
                completionClass.append(classes.count - 1)
            }
        }
        self.replayIndex = replayIndex
        self.completionClass = completionClass
        self.integratorIndex = integratorIndex
        self.integrators = integrators
        runClass = models.map { $0.lanes.map { Self.runClass(of: $0.model) } ?? 0 }
        laneModels = models.map { $0.lanes?.model }
        releases = replayRunners.map { runner in Self.releases(of: traces, replayedBy: runner) }
    }

    /// Each trace replayed once by `runner`, concurrently by blocks.
    static func releases(of traces: [GestureTrace], replayedBy runner: GestureRunner) -> [Release] {
        ConcurrentFill.fill(rows: traces.count, columns: 1) { block, slot in
            for t in block {
                let transition = runner.replay(traces[t])
                switch transition.releases.count {
                case 0: slot(0, t, Release.none)
                case 1:
                    // The state without the driver's detents (no lane reads them): the blocks
                    // read it per model and trace, and each copy retained and released that array.
                    let state = transition.releases[0].state
                    let plain = ReleaseState(
                        progress: state.progress, velocity: state.velocity, lastChangedProgress: state.lastChangedProgress,
                        recognizerCancelled: state.recognizerCancelled)
                    slot(0, t, Release.one(plain, pixelTolerance: transition.pixelTolerance))
                default: slot(0, t, Release.several)
                }
            }
        }
    }

    /// The outcomes of models `range` on every trace into `outcomes`, model-major
    /// (`BehaviorChunk.outcomes`).
    func outcomes(models range: Range<Int>, into outcomes: inout [ReleaseOutcome]) {
        // The chunk's completion classes, numbered from 0: a lane is (class, target) per trace.
        var localClass = [Int](repeating: -1, count: range.count)
        var classNumbers: [Int: Int] = [:]
        for (i, m) in range.enumerated() where replayIndex[m] != nil {
            if let known = classNumbers[completionClass[m]] {
                localClass[i] = known
            } else {
                localClass[i] = classNumbers.count
                classNumbers[completionClass[m]] = classNumbers.count
            }
        }
        // The chunk's models by run class (stable): lanes are made in this order, so a batch's
        // lanes come out ordered by how long they run without sorting them.
        let byRunClass = (0..<range.count).sorted {
            (runClass[range.lowerBound + $0], $0) < (runClass[range.lowerBound + $1], $1)
        }
        let classCount = classNumbers.count
        let localClasses = localClass
        // A model alone in its class in the chunk shares no lane: each of its pairs is a lane of
        // its own, whose decision and projection the integrator gives (the model's own rule), so
        // the pair's are not computed first (on a grid of distinct completions, every model).
        var members = [Int](repeating: 0, count: classCount)
        for c in localClass where c >= 0 { members[c] += 1 }
        let sharesLanes = localClass.map { $0 >= 0 && members[$0] > 1 }
        let spares = SpareBlockWork(integrators: integrators.count)
        ConcurrentFill.fill(&outcomes, rows: traces.count, columns: range.count) { block, slot in
            var work = spares.take()
            work.evaluate(
                self, models: range, order: byRunClass, localClass: localClasses, sharesLanes: sharesLanes, classes: classCount,
                traces: block, slot: slot)
            spares.give(work)
        }
    }
}

/// The blocks' working storage, handed from block to block (a block's batches, outcomes and
/// visual completions allocated anew for each block showed in the profile as malloc).
private final class SpareBlockWork: @unchecked Sendable {
    private let lock = NSLock()
    private var spares: [BlockWork] = []
    private let integrators: Int

    init(integrators: Int) { self.integrators = integrators }

    func take() -> BlockWork {
        lock.lock()
        defer { lock.unlock() }
        return spares.popLast() ?? BlockWork(integrators: integrators)
    }

    func give(_ work: BlockWork) {
        var work = work
        work.removeAllLanes()
        lock.lock()
        defer { lock.unlock() }
        spares.append(work)
    }
}

/// One block of traces under a chunk of models: the lanes, then the outcomes.
///
/// A SIMD block of the integrator (and of the visual-completion twin) runs until its slowest
/// lane is done, so one undamped or lightly damped lane among fifteen quick ones made all sixteen
/// step its 14,400 frames (60 s at 240 Hz): the reason the lanes were slower than the scalar
/// replay on lightly damped grids. The lanes are therefore made model by model in the order of
/// `BehaviorLanes.runClass` (how long the model's completion runs), so a block holds lanes of one
/// class, and each model's new lanes are appended to its integrator's batch at once; each lane's
/// bits do not depend on its neighbours.
private struct BlockWork {
    /// Per integrator: the block's lanes, their metrics and visual completions.
    var batches: [BatchReleases]
    var results: [BatchOutcome]
    var visual: [[Double]]
    /// Per integrator: one pixel of each lane's trace (progress), in lane order.
    var tolerances: [[Double]]
    /// Per replay: the block's releases (`BlockReleases`), storage kept from block to block.
    private var blockReleases: [BlockReleases] = []

    init(integrators: Int) {
        batches = Array(repeating: BatchReleases(), count: integrators)
        results = Array(repeating: BatchOutcome(), count: integrators)
        visual = Array(repeating: [], count: integrators)
        tolerances = Array(repeating: [], count: integrators)
    }

    /// Ready for another block: no lanes, the arrays' storage kept.
    mutating func removeAllLanes() {
        for g in batches.indices {
            batches[g].removeAll(keepingCapacity: true)
            tolerances[g].removeAll(keepingCapacity: true)
        }
    }

    /// The block's (trace, model) pairs, indexed `i * traces + t` (model i of the chunk, trace t
    /// of the block), and its lanes by (trace, completion class, end): scratch of one block.
    private struct Pairs {
        /// The pair's lane, or -1 when its outcome is already written (no release, several
        /// releases, or the scalar path).
        let lane: UnsafeMutableBufferPointer<Int32>
        /// The pair's own decision and projection (physics; the lane may be another model's).
        let decision: UnsafeMutableBufferPointer<Decision?>
        let projected: UnsafeMutableBufferPointer<Double>
        /// `laneOfClass[t * 2 * classes + 2 * class + finishes]`: trace t's lane completing like
        /// class `class` towards its end (1) or start (0), or -1.
        let laneOfClass: UnsafeMutableBufferPointer<Int32>
        let traces: Int
        let classes: Int

        init(traces: Int, models: Int, classes: Int) {
            lane = .allocate(capacity: traces * models)
            lane.initialize(repeating: -1)
            decision = .allocate(capacity: traces * models)
            decision.initialize(repeating: nil)
            projected = .allocate(capacity: traces * models)
            projected.initialize(repeating: .nan)
            laneOfClass = .allocate(capacity: traces * 2 * classes)
            laneOfClass.initialize(repeating: -1)
            self.traces = traces
            self.classes = classes
        }

        func deallocate() {
            lane.deallocate(); decision.deallocate(); projected.deallocate(); laneOfClass.deallocate()
        }
    }

    /// One replay's releases of the block's traces, read once per block rather than per model:
    /// the states of the traces with one release, in trace order, their pixels, and per trace
    /// its place among them (`noRelease`, `severalReleases`).
    private struct BlockReleases {
        var replay = -1
        var states: [ReleaseState] = []
        var tolerances: [Double] = []
        var place: [Int32] = []

        static let noRelease: Int32 = -1
        static let severalReleases: Int32 = -2

        /// Fills the table for `block` from `releases` (one replay's, every trace's).
        mutating func fill(replay r: Int, _ releases: [BehaviorLanes.Release], block: Range<Int>) {
            replay = r
            states.removeAll(keepingCapacity: true)
            tolerances.removeAll(keepingCapacity: true)
            place.removeAll(keepingCapacity: true)
            for t in block {
                switch releases[t] {
                case .none: place.append(Self.noRelease)
                case .several: place.append(Self.severalReleases)
                case .one(let state, let pixel):
                    place.append(Int32(states.count))
                    states.append(state)
                    tolerances.append(pixel)
                }
            }
        }
    }

    mutating func evaluate(
        _ lanes: BehaviorLanes, models range: Range<Int>, order: [Int], localClass: [Int], sharesLanes: [Bool], classes: Int,
        traces block: Range<Int>, slot: ConcurrentFill.Slots<ReleaseOutcome>
    ) {
        let pairs = Pairs(traces: block.count, models: range.count, classes: classes)
        defer { pairs.deallocate() }
        // The block's releases per replay, filled when a model of that replay first asks.
        if blockReleases.count < lanes.releases.count {
            blockReleases = Array(repeating: BlockReleases(), count: lanes.releases.count)
        }
        for r in blockReleases.indices { blockReleases[r].replay = -1 }
        var newStates: [ReleaseState] = [], newTolerances: [Double] = []
        newStates.reserveCapacity(block.count)
        newTolerances.reserveCapacity(block.count)
        for i in order {
            let m = range.lowerBound + i
            guard let r = lanes.replayIndex[m] else {
                for t in block { slot(i, t, lanes.models[m].run(lanes.traces[t]).outcome) }
                continue
            }
            if blockReleases[r].replay != r { blockReleases[r].fill(replay: r, lanes.releases[r], block: block) }
            let model = lanes.laneModels[m]!
            let physics: ProjectedSpringModel?
            if case .physics(let p) = model { physics = p } else { physics = nil }
            let g = lanes.integratorIndex[m]
            let firstLane = Int32(batches[g].count)
            let classKey = 2 * localClass[i], shares = sharesLanes[i]
            let place = blockReleases[r].place
            for t in block where place[t - block.lowerBound] < 0 {
                if place[t - block.lowerBound] == BlockReleases.noRelease {
                    slot(i, t, ReleaseOutcome.notStarted)
                } else {
                    slot(i, t, lanes.models[m].run(lanes.traces[t]).outcome)
                }
            }
            guard shares else {
                // A lane per release, in trace order: the block's states appended as they are.
                for t in block where place[t - block.lowerBound] >= 0 {
                    pairs.lane[i * pairs.traces + (t - block.lowerBound)] = firstLane + place[t - block.lowerBound]
                }
                if !blockReleases[r].states.isEmpty {
                    batches[g].append(model, states: blockReleases[r].states)
                    tolerances[g].append(contentsOf: blockReleases[r].tolerances)
                }
                continue
            }
            newStates.removeAll(keepingCapacity: true)
            newTolerances.removeAll(keepingCapacity: true)
            blockReleases[r].states.withUnsafeBufferPointer { states in
                for t in block where place[t - block.lowerBound] >= 0 {
                    let k = Int(place[t - block.lowerBound])
                    let pair = i * pairs.traces + (t - block.lowerBound)
                    var key = (t - block.lowerBound) * 2 * classes + classKey
                    if let physics {
                        let projected = physics.projectedProgress(states[k])
                        let d = ProjectionRule.decision(
                            projectedProgress: projected, threshold: physics.threshold, recognizerCancelled: states[k].recognizerCancelled)
                        pairs.decision[pair] = d
                        pairs.projected[pair] = projected
                        if d == .finish { key += 1 }
                    }
                    var lane = pairs.laneOfClass[key]
                    if lane < 0 {
                        lane = firstLane + Int32(newStates.count)
                        newStates.append(states[k])
                        newTolerances.append(blockReleases[r].tolerances[k])
                        pairs.laneOfClass[key] = lane
                    }
                    pairs.lane[pair] = lane
                }
            }
            if !newStates.isEmpty {
                batches[g].append(model, states: newStates)
                tolerances[g].append(contentsOf: newTolerances)
            }
        }
        for g in batches.indices where batches[g].count > 0 {
            lanes.integrators[g].run(batches[g], into: &results[g])
            if visual[g].count < batches[g].count { visual[g] = Array(repeating: 0, count: batches[g].count) }
            let count = batches[g].count
            visual[g].withUnsafeMutableBufferPointer { buffer in
                tolerances[g].withUnsafeBufferPointer { pixel in
                    batches[g].visualCompletionTimes(tolerances: pixel, lanes: 0..<count, into: buffer)
                }
            }
        }
        for i in 0..<range.count {
            let m = range.lowerBound + i
            guard let r = lanes.replayIndex[m] else { continue }
            let g = lanes.integratorIndex[m]
            let outcome = results[g]
            let visualTimes = visual[g]
            let place = blockReleases[r].place
            // The release's progress and velocity, read from the batch's columns (the lane's
            // state): no state copied per pair.
            let batch = batches[g]
            for t in block where place[t - block.lowerBound] >= 0 {
                let pair = i * pairs.traces + (t - block.lowerBound)
                let lane = Int(pairs.lane[pair])
                let decision = pairs.decision[pair] ?? outcome.decision[lane]
                let projected = pairs.decision[pair] != nil ? pairs.projected[pair] : outcome.projectedProgress[lane]
                slot(i, t, ReleaseOutcome(
                    started: true, decision: decision, release: ReleaseState(progress: batch.progress[lane], velocity: batch.velocity[lane]),
                    projectedProgress: projected.isNaN ? nil : projected, metrics: outcome.metrics(at: lane),
                    visualCompletionTime: visualTimes[lane]))
            }
        }
    }
}

extension BehaviorLanes {
    /// Run classes: 0 for timed completions, then springs by how slowly they decay (the
    /// exponent of the slower mode's decay rate, 1/s) and, when underdamped, how many periods
    /// they swing per decay time, critically damped and overdamped springs apart (the
    /// visual-completion twin carries underdamped lanes by their phasor, and one lane it cannot
    /// carry makes its block ask the closed form), then undamped springs last.
    static let runClassCount = 2 + 64 * 5

    /// The model's run class: lanes of one class finish after similar numbers of frames and
    /// visual-completion steps.
    static func runClass(of model: BuiltInReleaseModel) -> UInt16 {
        guard case .physics(let physics) = model, physics.completionShape == .spring else { return 0 }
        let spring = physics.spring
        if !(spring.damping > 0) { return UInt16(runClassCount - 1) }
        let lambda = spring.damping / (2 * spring.mass), omega0Squared = spring.stiffness / spring.mass
        let q = omega0Squared - lambda * lambda
        let slow = q >= 0 ? lambda : omega0Squared / (lambda + (-q).squareRoot())
        guard slow.isFinite && slow > 0 else { return UInt16(runClassCount - 1) }
        let decay = min(max(Int(slow.exponent) + 32, 0), 63)
        var swing = 4
        if q > 0 {
            let periods = q.squareRoot() / lambda
            swing = periods.isFinite ? min(max(Int(periods.exponent) + 1, 0), 3) : 3
        }
        return UInt16(1 + decay * 5 + swing)
    }
}
