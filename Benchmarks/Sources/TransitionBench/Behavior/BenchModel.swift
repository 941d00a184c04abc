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
    /// The model as batch lanes; nil for a user-written model, which the batch evaluator replays
    /// through `runner` like the scalar one.
    public var lanes: Lanes?

    /// A built-in model as the batch evaluator runs it: `runner` is exactly
    /// `replay.settings.runner(model: model.model, frameRate: frameRate, fixedTravel: replay.fixedTravel)`.
    public struct Lanes: Sendable {
        /// The configured model of the lanes.
        public var model: BuiltInReleaseModel
        /// How its traces are replayed up to the release.
        public var replay: Replay
        /// Frames per second of the metrics, Hz.
        public var frameRate: Double
    }

    /// What a release's state depends on besides the samples: the replay settings (estimator,
    /// direction, fling cap; the settle tolerance rides along) and the travel when the model fixes
    /// one. Models with equal replays reach the same release state on a trace with one release
    /// (`GestureRunner.replay(_:)`), so the batch evaluator replays each trace once per replay.
    public struct Replay: Hashable, Sendable {
        /// The replay settings shared by every model of a run.
        public var settings: ReplaySettings
        /// The travel that maps to progress 1, in the trace's unit; nil: each trace's own.
        public var fixedTravel: Double?
    }

    /// A model the benchmark runs through `runner` only (the scalar path, whatever the evaluator).
    public init(name: String, runner: GestureRunner) {
        self.name = name
        self.runner = runner
        self.lanes = nil
    }

    /// A built-in model replayed with `replay` (metrics at `frameRate` Hz; each trace's travel
    /// unless `fixedTravel`, in the trace's unit, replaces it): the batch evaluator runs it as lanes.
    public init(
        name: String, model: BuiltInReleaseModel, replay: ReplaySettings,
        frameRate: Double = TransitionSettings.defaultFrameRate, fixedTravel: Double? = nil
    ) {
        self.name = name
        self.runner = replay.runner(model: model.model, frameRate: frameRate, fixedTravel: fixedTravel)
        self.lanes = Lanes(model: model, replay: Replay(settings: replay, fixedTravel: fixedTravel), frameRate: frameRate)
    }
}

extension BenchModel {
    /// True for the shipped default (`ReleaseModelPreset.physics`, whether asked for with
    /// `--builtin physics` or as a variant with every parameter at its default): the row
    /// `--pareto` marks.
    public var isDefaultPreset: Bool {
        guard let lanes else { return false }
        return lanes.model == ReleaseModelPreset.physics.model && lanes.replay.fixedTravel == nil
            && lanes.frameRate == TransitionSettings.defaultFrameRate
    }
}

extension ReleaseModelPreset {
    /// The preset as the benchmark runs it (`--builtin`): every built-in replays traces the same
    /// way (`ReplaySettings`: the direction decided past a 10-unit touch slop, in the trace's
    /// unit, pixels for the recorded swipes; progress clamped to [0, 1]; no edge zone), with each
    /// trace's own travel (its screen width) unless the preset fixes one (classic-004).
    public func benchModel(replay: ReplaySettings = ReplaySettings()) -> BenchModel {
        BenchModel(name: rawValue, model: model, replay: replay, fixedTravel: fixedTravel)
    }
}
