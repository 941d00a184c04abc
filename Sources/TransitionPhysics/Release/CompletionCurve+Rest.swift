/// When a completion counts as done, and the completion played when the person asked for
/// reduced motion.
extension CompletionCurve {
    /// Seconds after the curve's start from which nothing visible moves, for a `tolerance` in
    /// progress (one physical pixel is `1 / (travel in points * pixels per point)`):
    ///
    /// - timed shapes: their fixed duration (they hold the target exactly from then on);
    /// - a spring: `Spring.restTime`, when its energy bound (the largest displacement it can
    ///   still reach) falls under `tolerance`; with `.clamp`, the arrival at the target if that
    ///   is earlier. The rubber band only shrinks what is shown, so the bound holds for it too.
    ///
    /// A closed-form answer (see `Spring.restTime`): no frame is stepped, so every frame rate
    /// agrees on it.
    public func restTime(tolerance: Double) -> Double {
        switch shape {
        case .timingCurve(_, let duration), .uiKitSpringCurve(let duration):
            return max(0, duration)
        case .spring(let spring, let overshoot):
            let x0 = start - target
            let rest = spring.restTime(initialDisplacement: x0, initialVelocity: startVelocity, tolerance: tolerance)
            if overshoot == .clamp, let arrival = spring.firstZeroCrossing(initialDisplacement: x0, initialVelocity: startVelocity) {
                return min(rest, arrival)
            }
            return rest
        }
    }

    /// The fixed duration of a reduced-motion completion, seconds: 0.2 s, the order of the
    /// system's cross-fades that replace slides under iOS's Reduce Motion, and short enough that
    /// no spring plays out.
    public static let reducedMotionDuration = 0.2

    /// The completion under reduce motion: from `start` to `target` along `UnitCurve.easeOut`
    /// over `reducedMotionDuration` seconds. The curve's control points keep it within
    /// [start, target], so it never overshoots, and it ends at the target exactly at the fixed
    /// time whatever the release velocity (the velocity is not carried: less motion, not the
    /// same motion faster). iOS replaces sliding transitions by dissolves under Reduce Motion;
    /// Reanimated's `withSpring` jumps to the target; we keep a short, monotone move so the
    /// spatial relation stays readable. The decision is the same as without reduce motion.
    public static func reducedMotion(start: Double, target: Double) -> CompletionCurve {
        CompletionCurve(
            shape: .timingCurve(.easeOut, duration: reducedMotionDuration), start: start, startVelocity: 0, target: target)
    }
}
