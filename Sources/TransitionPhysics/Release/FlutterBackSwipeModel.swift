import RealModule

/// Flutter's back swipe, `CupertinoPageRoute`'s (named for Flutter, not Apple: iOS's own pop
/// is UIKit's percent-driven transition, `ClassicPercentDrivenModel`) (packages/flutter/lib/src/cupertino/route.dart;
/// docs/references.md#shipped-release-rules), in our progress convention (0 shown, 1 finished; Flutter's
/// controller value is 1 - progress).
///
/// - Decision: when |velocity| >= 1 travel per second (kMinFlingVelocity) the sign
///   decides (>= +1 finishes, <= -1 cancels); otherwise progress >= 0.5 finishes (Flutter keeps
///   the page when its value 1 - p > 0.5 strictly, so p = 0.5 finishes).
/// - Durations: finish animates floor(800 * (1 - p)) ms; cancel min(floor(800 * p), 300) ms;
///   curve fastLinearToSlowEaseIn. Velocity chooses the direction only, never the speed.
public struct FlutterBackSwipeModel: ReleaseModel, Hashable {
    /// `cupertino`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = "cupertino"
    /// `cupertino`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }
    /// kMinFlingVelocity, travels per second (1.0 in Flutter).
    public var minFlingVelocity: Double { didSet { Self.check(minFlingVelocity: minFlingVelocity) } }
    /// kMaxDroppedSwipePageForwardAnimationTime, seconds (0.8): the finish animation's longest time.
    public var maximumFinishDuration: Double { didSet { Self.check(maximumFinishDuration: maximumFinishDuration) } }
    /// kMaxPageBackAnimationTime, seconds (0.3): caps the cancel animation.
    public var maximumCancelDuration: Double { didSet { Self.check(maximumCancelDuration: maximumCancelDuration) } }

    /// Flutter's constants by default: 1 travel per second, 0.8 s, 0.3 s.
    public init(minFlingVelocity: Double = 1.0, maximumFinishDuration: Double = 0.8, maximumCancelDuration: Double = 0.3) {
        Self.check(minFlingVelocity: minFlingVelocity)
        Self.check(maximumFinishDuration: maximumFinishDuration)
        Self.check(maximumCancelDuration: maximumCancelDuration)
        self.minFlingVelocity = minFlingVelocity
        self.maximumFinishDuration = maximumFinishDuration
        self.maximumCancelDuration = maximumCancelDuration
    }

    /// Traps (a programming error) unless `minFlingVelocity` is valid: checked in `init` and on every set.
    static func check(minFlingVelocity value: Double) {
        precondition(value >= 0 && value.isFinite, "FlutterBackSwipeModel minFlingVelocity must be >= 0 and finite (travels per second); got \(value).")
    }

    /// Traps (a programming error) unless `maximumFinishDuration` is valid: checked in `init` and on every set.
    static func check(maximumFinishDuration value: Double) {
        precondition(value >= 0 && value.isFinite, "FlutterBackSwipeModel maximumFinishDuration must be >= 0 and finite seconds; got \(value).")
    }

    /// Traps (a programming error) unless `maximumCancelDuration` is valid: checked in `init` and on every set.
    static func check(maximumCancelDuration value: Double) {
        precondition(value >= 0 && value.isFinite, "FlutterBackSwipeModel maximumCancelDuration must be >= 0 and finite seconds; got \(value).")
    }

    /// The sign of a velocity of at least `minFlingVelocity` (travels per second) decides; slower releases finish at progress >= 0.5.
    package func decide(_ state: ReleaseState) -> Decision {
        if abs(state.velocity) >= minFlingVelocity { return state.velocity > 0 ? .finish : .cancel }
        return state.progress >= 0.5 ? .finish : .cancel
    }

    /// The animation time in seconds for a release at progress `p`, from the distance left
    /// (Flutter's controller never starts past an end; a driver that rubber-bands past one
    /// starts from there, so the distance is measured from there: no jump).
    package func completionDuration(progress p: Double, decision: Decision) -> Double {
        // Flutter counts whole milliseconds: floor(800 * (1 - p)) ms.
        let milliseconds = decision == .finish
            ? (maximumFinishDuration * 1000 * abs(1 - p)).rounded(.down)
            : min((maximumFinishDuration * 1000 * abs(p)).rounded(.down), maximumCancelDuration * 1000)
        return milliseconds / 1000
    }

    /// The decision and Flutter's completion: `fastLinearToSlowEaseIn` over `completionDuration(progress:decision:)` seconds from the release progress.
    public func release(_ state: ReleaseState) -> Completion {
        let decision = decide(state)
        let start = state.progress
        let time = completionDuration(progress: start, decision: decision)
        return Completion(
            decision: decision, projectedProgress: nil,
            curve: CompletionCurve(
                shape: .timingCurve(.fastLinearToSlowEaseIn, duration: time), start: start,
                startVelocity: state.velocity, target: decision.targetProgress))
    }
}
