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

/// The models the issue names, with their shipped defaults.
///
/// Every built-in replays traces the same way: the direction is decided by the first movement
/// past a 10-unit touch slop (in the trace's unit: pixels for the recorded swipes), progress is
/// clamped to [0, 1], no edge zone, and the travel is each trace's `travel` (the screen width),
/// except classic-004.
public enum BuiltInModel: String, CaseIterable, Sendable {
    /// UIKit percent-driven, seed 000: finish iff progress > 0.5 at release; duration 0.3 s,
    /// completionSpeed 1, easeInOut.
    case classic
    /// Seed 004: the `progress > 0.5` flag kept from the last `.changed`, and a fixed travel of
    /// 200 in the trace's own unit. The recorded swipes are in device pixels, so there 200 px
    /// maps to progress 1 (on the 800 px tablet that records most strokes, a quarter of the
    /// width; seed 004 meant 200 pt). The trace is not rescaled: pixels are what the data has.
    case classic004 = "classic-004"
    /// Flutter's Cupertino back swipe.
    case cupertino
    /// Ours: `ProjectedSpringModel()` with its defaults.
    case physics

    /// The fixed travel of seed 004, in the trace's unit.
    public static let seed004Travel = 200.0

    public func benchModel(replay: ReplaySettings = ReplaySettings()) -> BenchModel {
        switch self {
        case .classic:
            return BenchModel(name: rawValue, runner: replay.runner(model: ClassicPercentDrivenModel()))
        case .classic004:
            return BenchModel(
                name: rawValue,
                runner: replay.runner(model: ClassicPercentDrivenModel(decisionRule: .lastChangedFlag), fixedTravel: Self.seed004Travel))
        case .cupertino:
            return BenchModel(name: rawValue, runner: replay.runner(model: CupertinoModel()))
        case .physics:
            return BenchModel(name: rawValue, runner: replay.runner(model: ProjectedSpringModel()))
        }
    }
}
