import TransitionLab
import TransitionPhysics
import TransitionSweep

/// A model as the behaviour benchmark runs it: a name for the table and a fully configured
/// `GestureRunner` (release model, velocity estimator, progress mapping), and, for a built-in
/// model, what the batch evaluator needs to run it as lanes (`lanes`).
///
/// Any source of models (the built-ins below, the sweep's `ModelOptions` variants) only has to
/// produce a list of these.
public struct BenchModel: Sendable {
    /// The `model` column.
    public var name: String
    public var runner: GestureRunner
    /// The model as batch lanes; nil for a user-written model or a platform's rule, which the
    /// batch evaluator replays through `run(_:)` like the scalar one.
    public var lanes: Lanes?
    /// For a model built per gesture (a platform's rule, whose constants are in points or
    /// pixels: `PlatformSheetRule.model(for:)`): the model for one trace, which replaces
    /// `runner`'s; nil: `runner`'s model for every trace.
    public var modelForTrace: (@Sendable (GestureTrace) -> any ReleaseModel)?

    /// A built-in model as the batch evaluator runs it: `runner` is exactly
    /// `replay.runner(model: model.model)`.
    public struct Lanes: Sendable {
        /// The configured model of the lanes.
        public var model: BuiltInReleaseModel
        /// How its traces are replayed up to the release and its completions measured. Models
        /// with equal replays reach the same release state on a trace with one release
        /// (`GestureRunner.replay(_:)`), so the batch evaluator replays each trace once per replay.
        public var replay: ReplaySettings
    }

    /// A model the benchmark runs through `runner` only (the scalar path, whatever the evaluator).
    public init(name: String, runner: GestureRunner) {
        self.name = name
        self.runner = runner
        self.lanes = nil
    }

    /// A platform's sheet or pager rule replayed with `replay`, its model built for each trace; on the
    /// scalar path whatever the evaluator (it has no batch twin).
    public init(rule: PlatformSheetRule, replay: ReplaySettings) {
        self.name = rule.rawValue
        self.runner = replay.runner(model: rule.model(travelPoints: 1, pixelsPerPoint: 1))
        self.lanes = nil
        self.modelForTrace = { rule.model(for: $0) }
    }

    /// A built-in model replayed with `replay`: the batch evaluator runs it as lanes.
    public init(name: String, model: BuiltInReleaseModel, replay: ReplaySettings) {
        self.name = name
        self.runner = replay.runner(model: model.model)
        self.lanes = Lanes(model: model, replay: replay)
    }
}

extension BenchModel {
    /// Replays `trace` through `runner`, with the trace's own model when the model is built per
    /// gesture (`modelForTrace`): what the scalar path computes for every pair.
    public func run(_ trace: GestureTrace) -> GestureOutcome {
        guard let modelForTrace else { return runner.run(trace) }
        var runner = runner
        runner.model = modelForTrace(trace)
        return runner.run(trace)
    }

    /// True for the shipped default (`ReleaseModelPreset.physics`, whether asked for with
    /// `--builtin physics` or as a variant with every parameter at its default): the row
    /// `--pareto` marks.
    public var isDefaultPreset: Bool {
        guard let lanes else { return false }
        return lanes.model == ReleaseModelPreset.physics.model && lanes.replay.fixedTravel == nil
            && lanes.replay.frameRate == TransitionSettings.defaultFrameRate
    }
}

extension ReleaseModelPreset {
    /// The preset as the benchmark runs it (`--builtin`): every built-in replays traces the same
    /// way (`ReplaySettings`: the direction decided past a 10-unit touch slop, in the trace's
    /// unit, pixels for the recorded swipes; progress clamped to [0, 1]; no edge zone), with each
    /// trace's own travel (its screen width) unless the preset fixes one (classic-004).
    public func benchModel(replay: ReplaySettings = ReplaySettings()) -> BenchModel {
        var replay = replay
        replay.fixedTravel = fixedTravel
        return BenchModel(name: rawValue, model: model, replay: replay)
    }
}
