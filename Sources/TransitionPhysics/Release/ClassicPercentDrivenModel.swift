/// UIKit's `UIPercentDrivenInteractiveTransition` as a pop is usually written: velocity is never read
/// (docs/references.md#percent-driven-transitions).
///
/// - Decision: `progress > 0.5` at release (the usual pop; `.ended` and `.cancelled` alike), or
///   the edge-pan variant's flag `shouldComplete = progress > 0.5` kept from the last `.changed`, where a
///   cancelled recognizer always cancels.
/// - Timing: finish animates for `(1 - p) * duration / completionSpeed` seconds, cancel for
///   `p * duration / completionSpeed`, along `completionCurve` (default easeInOut), so the
///   velocity just after release is `(target - p) * E'(0) * completionSpeed / ((1 - p or p) * duration)`:
///   zero for easeInOut and easeIn, whatever the finger was doing (the "dead stop").
public struct ClassicPercentDrivenModel: ReleaseModel, Hashable {
    /// Which of the two usual decision rules to apply.
    public enum DecisionRule: String, Hashable, Sendable, CaseIterable {
        /// The usual pop: `progress > threshold` at release.
        case progressAtRelease
        /// The edge-pan variant (`classic-004`): the flag `progress > threshold` from the last `.changed`; a cancelled
        /// recognizer always cancels.
        case lastChangedFlag
    }

    /// The curve UIKit plays the rest of the transition with.
    public enum CurveChoice: Hashable, Sendable {
        /// Any timing curve; UIKit documents easeInOut as the default.
        case timing(UnitCurve)
        /// UIKit's private curve 7, the system spring, per the reverse-engineered initializer
        /// (see `CompletionCurve.Shape.uiKitSpringCurve`).
        case uiKitSpring
    }

    /// `classic`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = "classic"
    /// `classic`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }
    /// The animator's `transitionDuration`, seconds, > 0 (the usual pop uses 0.3).
    public var duration: Double { didSet { Self.check(duration: duration) } }
    /// UIKit's `completionSpeed`, > 0 (default 1).
    public var completionSpeed: Double { didSet { Self.check(completionSpeed: completionSpeed) } }
    /// UIKit's `completionCurve` (default easeInOut).
    public var completionCurve: CurveChoice
    /// Progress that must be exceeded to finish (0.5 in both rules' usual code), in (0, 1).
    public var threshold: Double { didSet { Self.check(threshold: threshold) } }
    /// Which progress is compared with `threshold`: at release (the usual pop) or at the last `changed` sample (the edge-pan variant).
    public var decisionRule: DecisionRule

    /// A classic model; the defaults are the usual pop's: 0.3 s, speed 1, ease-in-out, threshold 0.5 at release.
    public init(
        duration: Double = 0.3, completionSpeed: Double = 1, completionCurve: CurveChoice = .timing(.easeInOut),
        threshold: Double = 0.5, decisionRule: DecisionRule = .progressAtRelease
    ) {
        Self.check(duration: duration)
        Self.check(completionSpeed: completionSpeed)
        Self.check(threshold: threshold)
        self.duration = duration
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
        self.threshold = threshold
        self.decisionRule = decisionRule
    }

    /// Traps (a programming error) unless `duration` is valid: checked in `init` and on every set.
    static func check(duration value: Double) {
        precondition(value > 0 && value.isFinite, "Classic duration must be positive and finite (seconds); got \(value).")
    }

    /// Traps (a programming error) unless `completionSpeed` is valid: checked in `init` and on every set.
    static func check(completionSpeed value: Double) {
        precondition(value > 0 && value.isFinite, "Classic completionSpeed must be positive and finite; got \(value).")
    }

    /// Traps (a programming error) unless `threshold` is valid: checked in `init` and on every set.
    static func check(threshold value: Double) {
        precondition(value > 0 && value < 1, "Classic threshold must be in (0, 1); got \(value).")
    }

    /// Finishes when the progress named by `decisionRule` exceeds `threshold` strictly; a cancelled recognizer cancels under `.lastChangedFlag`. Velocity is never read.
    package func decide(_ state: ReleaseState) -> Decision {
        switch decisionRule {
        case .progressAtRelease:
            return state.progress > threshold ? .finish : .cancel
        case .lastChangedFlag:
            if state.recognizerCancelled { return .cancel }
            return state.lastChangedProgress > threshold ? .finish : .cancel
        }
    }

    /// UIKit's completion time for a release at progress `p`: (1 - p) d / s to finish,
    /// p d / s to cancel, in seconds: the distance left times d / s. UIKit clamps
    /// percentComplete to [0, 1], so it never starts past an end; a driver that rubber-bands
    /// past one starts from there, and the distance is measured from there too (no jump).
    package func completionDuration(progress p: Double, decision: Decision) -> Double {
        let remaining = decision == .finish ? abs(1 - p) : abs(p)
        return remaining * duration / completionSpeed
    }

    /// The decision and UIKit's completion: `completionCurve` from the release progress over `completionDuration(progress:decision:)` seconds.
    public func release(_ state: ReleaseState) -> Completion {
        let decision = decide(state)
        let start = state.progress
        let time = completionDuration(progress: start, decision: decision)
        let shape: CompletionCurve.Shape
        switch completionCurve {
        case .timing(let curve): shape = .timingCurve(curve, duration: time)
        case .uiKitSpring: shape = .uiKitSpringCurve(duration: time)
        }
        return Completion(
            decision: decision, projectedProgress: nil,
            curve: CompletionCurve(shape: shape, start: start, startVelocity: state.velocity, target: decision.targetProgress))
    }
}
