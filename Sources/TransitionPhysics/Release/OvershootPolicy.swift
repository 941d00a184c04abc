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

    /// Which side of `target` is "past it" for a completion that starts at progress `start`
    /// with velocity `startVelocity` (progress per second): +1 when past is above the target, -1
    /// below. The side away from where the completion started: a completion from below (the
    /// usual finish toward 1, or a release at 0.2 toward a detent at 0.5) is past above, one from
    /// above (a cancel toward 0, or a release at 0.9 toward 0.5) is past below; a release beyond
    /// the range (1.1 toward 1) is past on the inside, so it shows the finger's progress at release
    /// instead of jumping to the target.
    ///
    /// A completion that starts exactly at its target has no such side:
    /// - at a target inside the range (0 < target < 1: a middle detent) with a velocity, past is
    ///   the side opposite the motion: the release's own motion carries the view out (an
    ///   excursion every policy shows as it is, with the finger's velocity) and the spring brings
    ///   it back, where `.clamp` then holds the target (its first return,
    ///   `Spring.firstZeroCrossing`);
    /// - at the ends of the range (a target at 0 or 1, or beyond) or at rest, past is outside the
    ///   usual range [0, 1]: above for a target at or over 0.5, below under it, so a release at 1
    ///   that the finger carries on pushing is held at the end by `.clamp` (there is nowhere to
    ///   go), and one at 0 that moves inward shows its excursion.
    ///
    /// The one definition of the side: the curve, the metrics and the batch's lanes (and their
    /// vector twin) take it from here.
    @inlinable @inline(__always)
    package static func pastSide(start: Double, startVelocity: Double, target: Double) -> Double {
        if start < target { return 1 }
        if start > target { return -1 }
        if target > 0 && target < 1 && startVelocity != 0 { return startVelocity > 0 ? -1 : 1 }
        return target >= 0.5 ? 1 : -1
    }

    /// Displayed progress, velocity and acceleration for a spring state (displacement `x` from
    /// `target`, velocity `v` per second, acceleration `a` per second squared; `progress` is the
    /// undisturbed progress), before the clamp's stop (handled by the caller's time logic: see
    /// `CompletionCurve.state(at:)` and `SpringFrameMetrics.clampArrives(frame:displacement:)`).
    /// "Past the target" is the side `pastSide` names (+1 above the target, -1 below:
    /// `pastSide(start:startVelocity:target:)`, the side away from where the completion started).
    /// The one definition of the policies: the curve, the metrics and the batch integrator call it.
    @inlinable @inline(__always)
    package func apply(
        progress: Double, displacement x: Double, velocity v: Double, acceleration a: Double, target: Double, pastSide: Double
    ) -> (progress: Double, velocity: Double, acceleration: Double) {
        guard x * pastSide > 0 else { return (progress, v, a) }
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
