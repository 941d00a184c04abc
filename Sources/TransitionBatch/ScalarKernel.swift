import TransitionPhysics

/// The scalar reference: one physics lane at a time, the loop of `CompletionCurve.metrics` with
/// a frame limit, plus the trajectory. Writes trajectory frame n at `progress[n * stride]`.
func scalarSpringLane(
    _ r: BatchReleases.Pointers, _ g: Int, cache: inout StepMatrixCache, maximumFrames: Int, toleranceSquared: Double,
    trajectory: (p: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Double>, frames: Int, stride: Int)?
) -> (start: SpringLaneStart, frame: Int32, overshoot: Double, peak: Double) {
    let start = startPhysicsLane(r, g)
    let m = r.mass[g], k = r.stiffness[g], c = r.damping[g]
    let step = cache.matrix(mass: m, stiffness: k, damping: c)
    let omega0Squared = k / m
    let target = start.target, side = start.side, policy = start.policy
    let frames = trajectory?.frames ?? 0
    var x = start.x0, v = start.v0
    var overshoot = 0.0, peak = 0.0
    var done = false, stopped = false
    var frame: Int32 = -1
    let end = max(maximumFrames + 1, frames)
    var n = 0
    while n < end {
        let beyondClamp = side > 0 ? x >= 0 : x <= 0
        let arrives = policy == .clamp && beyondClamp && n > 0 && !stopped
        if !done && n <= maximumFrames {
            if arrives {
                raiseOvershoot(&overshoot, (target - target) * side)
                done = true
                frame = Int32(n)
            } else {
                let a = -(k * x + c * v) / m
                let shown = applyPolicy(policy, displacement: x, velocity: v, acceleration: a, target: target)
                raiseOvershoot(&overshoot, (shown.progress - target) * side)
                if shown.acceleration.isFinite { peak = max(peak, abs(shown.acceleration)) }
                if x * x + v * v / omega0Squared <= toleranceSquared {
                    done = true
                    frame = Int32(n)
                }
            }
        }
        if arrives { stopped = true }
        if let trajectory, n < frames {
            if stopped {
                trajectory.p[n * trajectory.stride] = target
                trajectory.v[n * trajectory.stride] = 0
            } else {
                let shown = applyPolicy(policy, displacement: x, velocity: v, acceleration: 0, target: target)
                trajectory.p[n * trajectory.stride] = shown.progress
                trajectory.v[n * trajectory.stride] = shown.velocity
            }
        }
        if (done || n >= maximumFrames) && n + 1 >= frames { break }
        (x, v) = step.apply(displacement: x, velocity: v)
        n += 1
    }
    return (start, frame, overshoot, peak)
}

/// Raises the running overshoot to `excursion` only when it is strictly larger, as the library's
/// `CompletionCurve.metrics` does: `max(0.0, -0.0)` would keep a -0.0 (a cancelling lane that
/// never passes its target), which the library reports as 0.0.
@inline(__always)
func raiseOvershoot(_ overshoot: inout Double, _ excursion: Double) {
    if excursion > overshoot { overshoot = excursion }
}
