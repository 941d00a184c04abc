/// The fling cap: the largest release speed a transition accepts from its velocity estimator,
/// as Flutter and Android clamp a fling (docs/references.md#release-velocity).
///
/// Touch hardware glitches: a stroke whose only two samples are a few hundred pixels and one
/// millisecond apart estimates a release of hundreds of travels per second, and a physics
/// completion from there overshoots by several screens. Both platforms clamp the fling velocity
/// to 8,000 logical pixels (points) per second: Flutter's `kMaxFlingVelocity`, Android's
/// `ViewConfiguration` `MAXIMUM_FLING_VELOCITY` (dp per second, scaled by the density). The
/// limit is stated in points per second, as the platforms state it, and turned into progress per
/// second through the travel in points: `maximumSpeed / travel`.
///
/// Applied once, where `InteractiveTransition` builds the `ReleaseState` from the estimator's
/// velocity (a release, and the velocity a completion started from code keeps while a finger is
/// down): the driver, `GestureRunner`, the benchmark's replay and the playground all go through it.
/// The sign is kept, so the direction of a fling never changes; only its magnitude is bounded.
///
/// Considered and not adopted: Flutter's other rule, a velocity of 0 from fewer than 3 samples
/// (its `VelocityTracker`). It would turn every short flick into a release at rest (359 of the
/// 7,361 recorded strokes have at most 3 samples counting touch-down and lift-off; a two-sample
/// stroke is how a quick flick looks at 60 Hz), while the cap alone bounds the glitch. The
/// estimators keep their own rule for few samples (a two-sample difference).
public enum ReleaseSpeedLimit {
    /// Flutter's and Android's fling cap, 8,000 points (logical pixels) per second.
    public static let platformMaximum = 8000.0

    /// `velocity` (progress per second) with its magnitude bounded by `maximumSpeed` points per
    /// second over a travel of `travel` points: clamped to +-(maximumSpeed / travel), sign kept.
    /// An infinite `maximumSpeed` leaves every velocity as it is; NaN passes through unchanged
    /// (the estimators never return one).
    @inlinable
    package static func capped(_ velocity: Double, maximumSpeed: Double, travel: Double) -> Double {
        let limit = maximumSpeed / travel
        if velocity > limit { return limit }
        if velocity < -limit { return -limit }
        return velocity
    }
}
