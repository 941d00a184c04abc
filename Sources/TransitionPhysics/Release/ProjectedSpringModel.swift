/// Our model: the release velocity decides and shapes the completion.
///
/// - Decision: project where the released motion would coast, `projected = progress +
///   decelerationRate.projectedDistance(initialVelocity: velocity, form: projection)` (in
///   progress units: velocity is travels per second), and finish when
///   `projected >= threshold` (the nearer end, for the default threshold 0.5). A velocity whose
///   magnitude is below `minFlingVelocity` is treated as 0 for the decision. A recognizer
///   cancelled by the system cancels (it carries no intent).
/// - Completion: a spring toward the chosen end that starts at the release progress with the
///   finger's release velocity, so progress velocity is continuous at release (velocity jump 0);
///   or, by `completionShape`, a minimum-jerk quintic from the same state that ends exactly at a
///   duration, or the classic ease-in-out from rest (for comparisons).
///
/// Defaults (`ProjectedSpringModel()`), chosen from the behaviour benchmark
/// (`transition-bench behavior`, README "Behaviour"): see `defaultSpring` and
/// `defaultDecelerationRate` for the measurements behind them.
public struct ProjectedSpringModel: ReleaseModel, Hashable {
    /// `physics`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = "physics"
    /// `physics`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }
    /// The completion spring.
    public var spring: Spring
    /// How quickly a released motion would coast to rest (per millisecond velocity retention).
    public var decelerationRate: DecelerationRate
    /// Which projection formula to use.
    public var projection: ProjectionForm
    /// Projected progress at or beyond which the transition finishes, in (0, 1).
    public var threshold: Double { didSet { Self.check(threshold: threshold) } }
    /// Release speeds below this (travels per second, >= 0) do not count as a fling: the
    /// decision uses progress alone. 0 (the default) lets every velocity count.
    public var minFlingVelocity: Double { didSet { Self.check(minFlingVelocity: minFlingVelocity) } }
    /// What happens if the spring would carry progress past the target.
    public var overshoot: OvershootPolicy
    /// How the completion moves: the spring (the default), or a timed shape and its duration rule.
    public var completionShape: PhysicsCompletionShape

    /// The default completion spring: response 0.3 s, damping ratio 1 (critically damped).
    ///
    /// Measured on the 7,361 recorded page turns (`transition-bench behavior --builtin classic
    /// --model physics --response 0.15,0.2,0.25,0.3,0.35`): the spring does not change decisions;
    /// it trades completion time (median 0.21 / 0.28 / 0.34 / 0.40 / 0.47 s, settled within
    /// 0.1% of the travel) against peak acceleration (median 597 / 306 / 186 / 126 / 93 travel
    /// travels per s²). 0.3 s is the stiffest of these critically damped springs whose median
    /// peak acceleration stays under the classic 0.3 s easeInOut completion's (145 travels per
    /// s²), and damping ratio 1 never overshoots the page's resting place.
    public static let defaultSpring = Spring(response: defaultResponse, dampingRatio: defaultDampingRatio)
    /// The default spring's response, seconds (see `defaultSpring`).
    package static let defaultResponse = 0.3
    /// The default spring's damping ratio, 1: critically damped (see `defaultSpring`).
    package static let defaultDampingRatio = 1.0
    /// The default largest acceleration of a timed completion shape under the peak-acceleration
    /// rule, progress per s² (travels per s²): see docs/behaviour.md, "Completion shapes".
    public static let defaultCompletionPeakAcceleration = 120.0
    /// The default deceleration rate: UIScrollView's normal rate, 0.998 per ms.
    ///
    /// Measured with the default estimator on 10,000 synthetic labelled gestures (seed 1,
    /// `transition-bench behavior --model physics --deceleration-rate 0.995,0.998,0.999
    /// --synthetic 10000 --seed 1`): intent match 99.68% at 0.995, 99.67% at 0.998 and 99.06% at
    /// 0.999 (0.999 projects cancel gestures past the middle); on the recorded page turns
    /// 96.25%, 98.78%, 98.89% finished.
    public static let defaultDecelerationRate = DecelerationRate.normal

    /// A physics model; the defaults are the shipped ones: a critically damped spring of response 0.3 s, `DecelerationRate.normal`, discrete projection, threshold 0.5, no minimum fling velocity, overshoot allowed, the spring completion.
    public init(
        spring: Spring = ProjectedSpringModel.defaultSpring,
        decelerationRate: DecelerationRate = ProjectedSpringModel.defaultDecelerationRate,
        projection: ProjectionForm = .discrete, threshold: Double = 0.5, minFlingVelocity: Double = 0,
        overshoot: OvershootPolicy = .allow, completionShape: PhysicsCompletionShape = .spring
    ) {
        Self.check(threshold: threshold)
        Self.check(minFlingVelocity: minFlingVelocity)
        self.spring = spring
        self.decelerationRate = decelerationRate
        self.projection = projection
        self.threshold = threshold
        self.minFlingVelocity = minFlingVelocity
        self.overshoot = overshoot
        self.completionShape = completionShape
    }

    /// Traps (a programming error) unless `threshold` is valid: checked in `init` and on every set.
    static func check(threshold value: Double) {
        precondition(value > 0 && value < 1, "Physics threshold must be in (0, 1); got \(value).")
    }

    /// Traps (a programming error) unless `minFlingVelocity` is valid: checked in `init` and on every set.
    static func check(minFlingVelocity value: Double) {
        precondition(value >= 0 && value.isFinite, "Physics minFlingVelocity must be >= 0 and finite (travels per second); got \(value).")
    }

    /// Where progress would coast to from this release, in progress units.
    public func projectedProgress(_ state: ReleaseState) -> Double {
        ProjectionRule.projectedProgress(
            progress: state.progress, velocity: state.velocity, minFlingVelocity: minFlingVelocity,
            distancePerVelocity: projection.distancePerVelocity(rate: decelerationRate))
    }

    /// Decides from `projectedProgress(_:)` against `threshold` (`ProjectionRule.decision`) and
    /// completes with `completionCurve(start:startVelocity:target:)` from the release progress
    /// and velocity: the velocity jump is 0 (but for the ease-in-out comparison shape).
    public func release(_ state: ReleaseState) -> Completion {
        let projected = projectedProgress(state)
        let decision = ProjectionRule.decision(
            projectedProgress: projected, threshold: threshold, recognizerCancelled: state.recognizerCancelled)
        return Completion(
            decision: decision, projectedProgress: projected,
            curve: completionCurve(start: state.progress, startVelocity: state.velocity, target: decision.targetProgress))
    }

    /// This model's completion from progress `start` with velocity `startVelocity` (progress per
    /// second) to `target`: `completionShape` with `spring` and `overshoot`. Releases, and the
    /// frame driver's detents and retargets, all complete through it.
    public func completionCurve(start: Double, startVelocity: Double, target: Double) -> CompletionCurve {
        completionShape.curve(start: start, startVelocity: startVelocity, target: target, spring: spring, overshoot: overshoot)
    }
}
