import RealModule

/// Progress and progress velocity after release, as pure functions of time since release
/// (seconds). Progress is a fraction of the travel; velocity is progress per second.
public struct CompletionCurve: Hashable, Sendable {
    /// How the curve moves.
    public enum Shape: Hashable, Sendable {
        /// A timing curve over a fixed duration (UIKit's completion, Flutter's Cupertino):
        /// p(t) = start + (target - start) * curve.value(at: t / duration). Velocity just after
        /// release is (target - start) * curve.velocity(at: 0) / duration, whatever the finger did.
        case timingCurve(UnitCurve, duration: Double)
        /// UIKit's private completion curve 7 (the system spring: mass 3, stiffness 1000, damping
        /// 500, damping ratio 4.564) stretched over a fixed duration: the spring's unit step
        /// response from rest, its time axis scaled so that it reaches 0.999 of the way at
        /// `duration`, and divided by that value so it ends exactly at the target. This is our
        /// reading of the reverse-engineered initializer (docs/references.md#percent-driven-transitions), a
        /// documented approximation: UIKit's exact time scaling is private.
        case uiKitSpringCurve(duration: Double)
        /// A spring toward the target that starts at the release progress with the release
        /// velocity, so progress velocity is continuous at release.
        case spring(Spring, overshoot: OvershootPolicy)
        /// The minimum-jerk quintic (`MinimumJerkCompletion`) from the release progress and
        /// velocity, acceleration 0, to the target at rest in `duration` seconds: velocity is
        /// continuous at release like the spring's, and it ends exactly at `duration` like a
        /// timing curve.
        case minimumJerk(duration: Double)
        /// A scroll view's coast (UIScrollView's deceleration, velocity kept at `rate` per
        /// millisecond, an exponential decay in closed form) that comes to rest at the target:
        /// p(t) = target - (target - start) e^(-t / tau), tau = -1 / (1000 ln rate) seconds
        /// (`ProjectionForm.continuous`). Its velocity at release is (target - start) / tau, the
        /// release velocity when the target is where that velocity coasts to
        /// (`DetentPolicy.restsWhereReleased`); `startVelocity` is not read.
        case decay(DecelerationRate)
    }

    /// How progress moves from `start` to `target`: a timed curve or a spring.
    public var shape: Shape
    /// Progress at release.
    public var start: Double
    /// Progress velocity at release (used by spring shapes), progress per second.
    public var startVelocity: Double
    /// 0 (cancel) or 1 (finish).
    public var target: Double

    /// The longest a completion is let run, seconds: timed curves are capped at it, and a spring
    /// that has not settled by then is reported as never settling.
    public static let maximumSeconds = 60.0

    /// A curve of `shape` from progress `start` with velocity `startVelocity` (progress per second) to `target`.
    public init(shape: Shape, start: Double, startVelocity: Double, target: Double) {
        self.shape = shape
        self.start = start
        self.startVelocity = startVelocity
        self.target = target
    }

    /// Which side of the target is past it for this curve (+1 above, -1 below): the side away
    /// from where it starts (`OvershootPolicy.pastSide(start:startVelocity:target:)`).
    package var pastSide: Double { OvershootPolicy.pastSide(start: start, startVelocity: startVelocity, target: target) }

    /// The fixed duration of timed shapes, in seconds; nil for springs (see
    /// `CompletionMetrics` for when a spring counts as done).
    public var fixedDuration: Double? {
        switch shape {
        case .timingCurve(_, let duration), .uiKitSpringCurve(let duration), .minimumJerk(let duration): return duration
        case .spring, .decay: return nil
        }
    }

    /// True when the curve depends on `startVelocity` (the spring and the minimum-jerk
    /// quintic); false for the timed curves from rest, which ignore it.
    public var dependsOnStartVelocity: Bool {
        switch shape {
        case .spring, .minimumJerk: return true
        case .timingCurve, .uiKitSpringCurve, .decay: return false
        }
    }

    /// Progress, velocity (per second) and acceleration (per second squared) at `time` seconds
    /// after release (>= 0). Timed shapes hold the target after their duration.
    public func state(at time: Double) -> (progress: Double, velocity: Double, acceleration: Double) {
        let change = target - start
        switch shape {
        case .timingCurve(let curve, let duration):
            if duration <= 0 || time >= duration { return (target, 0, 0) }
            let u = time / duration
            let (value, slope, curvature) = curve.derivatives(at: u)
            return (start + change * value, change * slope / duration, change * curvature / (duration * duration))
        case .uiKitSpringCurve(let duration):
            let curve = UIKitSpringCurve.shared
            let s = UIKitSpringCurve.timeScale(duration: duration)
            // A duration so short that the spring's time scale overflows (a release a few ulps
            // from its target) is instantaneous, like a duration of 0: time * s would be NaN.
            if duration <= 0 || time >= duration || !s.isFinite { return (target, 0, 0) }
            let (x, v) = Spring.uiKitSystem.state(initialDisplacement: -1, initialVelocity: 0, time: time * s)
            let a = Spring.uiKitSystem.acceleration(displacement: x, velocity: v)
            return (start + change * (1 + x) / curve.endValue,
                    change * v * s / curve.endValue,
                    change * a * s * s / curve.endValue)
        case .minimumJerk(let duration):
            return MinimumJerkCompletion.state(
                start: start, startVelocity: startVelocity, target: target, duration: duration, time: time)
        case .decay(let rate):
            let tau = ProjectionForm.continuous.distancePerVelocity(rate: rate)
            let decay = Double.exp(-max(0, time) / tau)
            // 1 - e^(-t / tau) as -expm1, exact near the start, so progress equals `start` at 0.
            return (start - change * Double.expMinusOne(-max(0, time) / tau), change / tau * decay, -change / (tau * tau) * decay)
        case .spring(let spring, let overshoot):
            if overshoot == .clamp,
                let arrival = spring.firstZeroCrossing(initialDisplacement: start - target, initialVelocity: startVelocity),
                time >= arrival
            {
                return (target, 0, 0)
            }
            // Progress as start + increment (not target + displacement) so that it equals the
            // release progress exactly at time 0.
            let x0 = start - target
            let p = spring.propagator(time: time)
            let increment = p.positionIncrementFromPosition * x0 + p.positionFromVelocity * startVelocity
            let x = x0 + increment
            let v = p.velocityFromPosition * x0 + p.velocityFromVelocity * startVelocity
            let a = spring.acceleration(displacement: x, velocity: v)
            return overshoot.apply(
                progress: start + increment, displacement: x, velocity: v, acceleration: a, target: target, pastSide: pastSide)
        }
    }

    /// Progress at `time` seconds after release.
    public func progress(at time: Double) -> Double { state(at: time).progress }
    /// Progress velocity (per second) at `time` seconds after release; at 0 this is the
    /// velocity just after release.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }
}

/// The time scaling of UIKit's spring completion curve, computed once.
package struct UIKitSpringCurve: Sendable {
    /// Spring seconds per unit of normalized time: the time the system spring, from rest, takes
    /// to cover 0.999 of the change.
    let timeScale: Double
    /// The spring's unit step response at `timeScale` (0.999).
    let endValue: Double

    /// The spring seconds per second of a curve lasting `duration` seconds (`timeScale /
    /// duration`): infinite for a duration under about timeScale / Double.greatestFiniteMagnitude,
    /// which `CompletionCurve.state(at:)` treats as instantaneous. The classic model refuses a
    /// full travel whose time scale squared overflows (`BuiltInReleaseModel.init(kind:parameters:)`),
    /// but a release a few ulps from its target still gets such a duration.
    package static func timeScale(duration: Double) -> Double { shared.timeScale / duration }

    static let shared: UIKitSpringCurve = {
        let spring = Spring.uiKitSystem
        let t = spring.settlingTime(initialDisplacement: -1, initialVelocity: 0, tolerance: 0.001)
        let x = spring.state(initialDisplacement: -1, initialVelocity: 0, time: t).displacement
        return UIKitSpringCurve(timeScale: t, endValue: 1 + x)
    }()
}
