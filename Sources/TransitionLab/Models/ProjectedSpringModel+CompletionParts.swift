import TransitionPhysics

extension ProjectedSpringModel {
    /// What shapes this model's completions: the model's properties that
    /// `completionCurve(start:startVelocity:target:)` reads:
    /// the completion shape, the spring and the overshoot policy. Two models with equal parts
    /// complete a release to a given target along the same curve, whatever their decision
    /// parameters (deceleration rate, projection, threshold, minimum fling velocity): the
    /// behaviour benchmark's batch evaluator computes such a completion once for all of them.
    public struct CompletionParts: Hashable, Sendable {
        /// The model's `completionShape`.
        public var completionShape: PhysicsCompletionShape
        /// The model's completion `spring` (unused by a timed shape).
        public var spring: Spring
        /// The model's `overshoot` policy.
        public var overshoot: OvershootPolicy
    }

    /// This model's `CompletionParts`.
    public var completionParts: CompletionParts {
        CompletionParts(completionShape: completionShape, spring: spring, overshoot: overshoot)
    }
}
