/// What a spring completion does when its motion would carry progress past the target.
public enum OvershootPolicy: String, Hashable, Sendable, CaseIterable {
    /// The spring moves freely: progress may pass the target and come back. Velocity and
    /// acceleration stay continuous everywhere. The default: with the default near-critical
    /// spring the overshoot is rare and small (see `ProjectedSpringModel`).
    case allow
    /// Progress stops at the target the first time it gets there: no overshoot, but the
    /// velocity drops to zero in one step on arrival (a velocity discontinuity at the end).
    case clamp
    /// Beyond the target progress is rubber-banded (`RubberBand.offset` with dimension 1, the
    /// travel): the excursion shows at most 0.55 times its size and velocity is scaled by the
    /// band's slope (0.55 at the target), so velocity jumps by that factor when crossing it.
    case rubberBand

    /// Displayed progress, velocity and acceleration for a spring state (displacement `x` from
    /// `target`, velocity `v` per second, acceleration `a` per second squared; `progress` is the
    /// undisturbed progress), before the clamp's stop (handled by the caller's time logic: see
    /// `CompletionCurve.state(at:)` and `SpringFrameMetrics.clampArrives(frame:displacement:)`).
    /// The one definition of the policies: the curve, the metrics and the batch integrator call it.
    @inlinable @inline(__always)
    public func apply(progress: Double, displacement x: Double, velocity v: Double, acceleration a: Double, target: Double)
        -> (progress: Double, velocity: Double, acceleration: Double)
    {
        // Which side is "past": beyond 1 when finishing (target 1), below 0 when cancelling.
        let beyond = target >= 0.5 ? x > 0 : x < 0
        guard beyond else { return (progress, v, a) }
        switch self {
        case .allow:
            return (progress, v, a)
        case .clamp:
            return (target, 0, 0)
        case .rubberBand:
            // b(x) = (1 - 1 / (c |x| + 1)) sign(x), b' = c / (c|x| + 1)², b'' = -2 c² sign(x) / (c|x| + 1)³
            let c = RubberBand.constant
            let denominator = c * abs(x) + 1
            let slope = c / (denominator * denominator)
            let curvature = -2 * c * c * (x < 0 ? -1 : 1) / (denominator * denominator * denominator)
            return (target + RubberBand.offset(x, dimension: 1), slope * v, slope * a + curvature * v * v)
        }
    }
}
