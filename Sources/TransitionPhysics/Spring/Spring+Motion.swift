/// Motion as pure functions of time, with SwiftUI's conventions: the spring starts at 0 and moves
/// toward `target`, which is therefore an *amount of change*; `initialVelocity` is in the same
/// units per second. Times are in seconds, >= 0.
extension Spring {
    /// The value after `time` seconds of a spring that starts at 0 with `initialVelocity` and moves
    /// toward `target` (SwiftUI's `value(target:initialVelocity:time:)`).
    ///
    /// - Returns: 0 at `time == 0`; tends to `target`. Exact (closed form, see `propagator(time:)`),
    ///   finite for every valid input, continuous across damping ratio 1.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        let p = propagator(time: time)
        // value = target + x(t) with x0 = -target; the increment form avoids target - target.
        return p.positionIncrementFromPosition * -target + p.positionFromVelocity * initialVelocity
    }

    /// The velocity after `time` seconds of the motion described by
    /// `value(target:initialVelocity:time:)`, in units per second; equals `initialVelocity` at 0.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        let p = propagator(time: time)
        return p.velocityFromPosition * -target + p.velocityFromVelocity * initialVelocity
    }

    /// Advances `value` and `velocity` exactly by `deltaTime` seconds toward `target` (SwiftUI's
    /// `update(value:velocity:target:deltaTime:)`). Analytic, not integrated: any step size lands
    /// on the closed form, so frame rate does not change the motion.
    public func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        let p = propagator(time: deltaTime)
        let x0 = value - target
        let v0 = velocity
        value += p.positionIncrementFromPosition * x0 + p.positionFromVelocity * v0
        velocity = p.velocityFromPosition * x0 + p.velocityFromVelocity * v0
    }

    /// The displacement from the target and the velocity after `time` seconds, starting from
    /// displacement `x0` and velocity `v0` (the physicist's form of `value(target:...)`).
    public func state(
        initialDisplacement x0: Double, initialVelocity v0: Double, time: Double
    ) -> (displacement: Double, velocity: Double) {
        propagator(time: time).apply(displacement: x0, velocity: v0)
    }

    /// The acceleration of the attached object at a state, in units per second squared.
    package func acceleration(displacement x: Double, velocity v: Double) -> Double {
        -(stiffness * x + damping * v) / mass
    }
}
