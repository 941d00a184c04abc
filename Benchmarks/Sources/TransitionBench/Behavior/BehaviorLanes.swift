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

extension BehaviorLanes {
    /// Run classes: 0 for timed completions, then springs by how slowly they decay (the
    /// exponent of the slower mode's decay rate, 1/s) and, when underdamped, how many periods
    /// they swing per decay time, critically damped and overdamped springs apart (the visual
    /// completion's closed form takes one search for oscillating lanes and another for the rest,
    /// and a block with both runs both), then undamped springs last.
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
