import RealModule

/// Flutter's `CupertinoPageRoute` back swipe (packages/flutter/lib/src/cupertino/route.dart;
/// docs/references.md#shipped-release-rules), in our progress convention (0 shown, 1 finished; Flutter's
/// controller value is 1 - progress).
///
/// - Decision: when |velocity| >= 1 travel width per second (kMinFlingVelocity) the sign
///   decides (>= +1 finishes, <= -1 cancels); otherwise progress >= 0.5 finishes (Flutter keeps
///   the page when its value 1 - p > 0.5 strictly, so p = 0.5 finishes).
/// - Durations: finish animates floor(800 * (1 - p)) ms; cancel min(floor(800 * p), 300) ms;
///   curve fastLinearToSlowEaseIn. Velocity chooses the direction only, never the speed.
public struct CupertinoModel: ReleaseModel, Hashable {
    /// `cupertino`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = "cupertino"
    /// `cupertino`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }
    /// kMinFlingVelocity, travels per second (1.0 in Flutter).
    public var minFlingVelocity: Double { didSet { Self.check(minFlingVelocity: minFlingVelocity) } }
    /// kMaxDroppedSwipePageForwardAnimationTime, milliseconds (800).
    public var maxAnimationTimeMilliseconds: Double { didSet { Self.check(maxAnimationTimeMilliseconds: maxAnimationTimeMilliseconds) } }
    /// kMaxPageBackAnimationTime, milliseconds (300): caps the cancel animation.
    public var maxCancelTimeMilliseconds: Double { didSet { Self.check(maxCancelTimeMilliseconds: maxCancelTimeMilliseconds) } }

    /// Flutter's constants by default: 1 travel width per second, 800 ms, 300 ms.
    public init(minFlingVelocity: Double = 1.0, maxAnimationTimeMilliseconds: Double = 800, maxCancelTimeMilliseconds: Double = 300) {
        Self.check(minFlingVelocity: minFlingVelocity)
        Self.check(maxAnimationTimeMilliseconds: maxAnimationTimeMilliseconds)
        Self.check(maxCancelTimeMilliseconds: maxCancelTimeMilliseconds)
        self.minFlingVelocity = minFlingVelocity
        self.maxAnimationTimeMilliseconds = maxAnimationTimeMilliseconds
        self.maxCancelTimeMilliseconds = maxCancelTimeMilliseconds
    }

    /// Traps (a programming error) unless `minFlingVelocity` is valid: checked in `init` and on every set.
    static func check(minFlingVelocity value: Double) {
        precondition(value >= 0 && value.isFinite, "Cupertino minFlingVelocity must be >= 0 and finite (travels per second); got \(value).")
    }

    /// Traps (a programming error) unless `maxAnimationTimeMilliseconds` is valid: checked in `init` and on every set.
    static func check(maxAnimationTimeMilliseconds value: Double) {
        precondition(value >= 0 && value.isFinite, "Cupertino maxAnimationTimeMilliseconds must be >= 0 and finite; got \(value).")
    }

    /// Traps (a programming error) unless `maxCancelTimeMilliseconds` is valid: checked in `init` and on every set.
    static func check(maxCancelTimeMilliseconds value: Double) {
        precondition(value >= 0 && value.isFinite, "Cupertino maxCancelTimeMilliseconds must be >= 0 and finite; got \(value).")
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
        let milliseconds = decision == .finish
            ? (maxAnimationTimeMilliseconds * abs(1 - p)).rounded(.down)
            : min((maxAnimationTimeMilliseconds * abs(p)).rounded(.down), maxCancelTimeMilliseconds)
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
