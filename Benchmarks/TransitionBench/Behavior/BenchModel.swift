import TransitionPhysics
import TransitionSweep

/// A model as the behaviour benchmark runs it: a name for the table and a fully configured
/// `GestureRunner` (release model, velocity estimator, progress mapping).
///
/// Any source of models (the built-ins below, the sweep's `ModelOptions` variants) only has to
/// produce a list of these.
public struct BenchModel: Sendable {
    /// The `model` column.
    public var name: String
    public var runner: GestureRunner

    public init(name: String, runner: GestureRunner) {
        self.name = name
        self.runner = runner
    }
}

extension ReleaseModelPreset {
    /// The preset as the benchmark runs it (`--builtin`): every built-in replays traces the same
    /// way (`ReplaySettings`: the direction decided past a 10-unit touch slop, in the trace's
    /// unit, pixels for the recorded swipes; progress clamped to [0, 1]; no edge zone), with each
    /// trace's own travel (its screen width) unless the preset fixes one (classic-004).
    public func benchModel(replay: ReplaySettings = ReplaySettings()) -> BenchModel {
        BenchModel(name: rawValue, runner: replay.runner(model: model.model, fixedTravel: fixedTravel))
    }
}
