import TransitionLab
import TransitionPhysics

/// The scalar reference: one physics lane at a time, the loop of `CompletionCurve.metrics` with
/// a frame limit, plus the trajectory (Euler and RK4: the extrema of their own frames). Writes trajectory frame n at `progress[n * stride]`.
func scalarSpringLane(
    _ r: BatchReleases.Pointers, _ g: Int, cache: inout StepMatrixCache, maximumFrames: Int, toleranceSquared: Double,
    trajectory: (p: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Double>, frames: Int, stride: Int)?
) -> (start: SpringLaneStart, frame: Int32, overshoot: Double, peak: Double) {
    let start = startPhysicsLane(r, g)
    let m = r.mass[g], k = r.stiffness[g], c = r.damping[g]
    let step = cache.matrix(mass: m, stiffness: k, damping: c)
    let target = start.target, policy = start.policy
    var metrics = SpringFrameMetrics(
        stiffness: k, damping: c, mass: m, policy: policy, target: target, pastSide: start.side,
        toleranceSquared: toleranceSquared)
    metrics.keepsAllowExtremes = cache.scheme != .exact
    let frames = trajectory?.frames ?? 0
    var x = start.x0, v = start.v0
    var done = false, stopped = false
    var frame: Int32 = -1
    let end = max(maximumFrames + 1, frames)
    var n = 0
    while n < end {
        // The clamp holds the target from its arrival on (the metrics stop there; the
        // trajectory goes on to its last frame). `record(frame:...)`, with the arrival kept.
        let arrives = !stopped && metrics.clampArrives(frame: n, displacement: x)
        if !done && n <= maximumFrames && (arrives || metrics.recordShown(displacement: x, velocity: v)) {
            done = true
            frame = Int32(n)
        }
        if arrives { stopped = true }
        if let trajectory, n < frames {
            if stopped {
                trajectory.p[n * trajectory.stride] = target
                trajectory.v[n * trajectory.stride] = 0
            } else {
                let shown = policy.apply(
                    progress: target + x, displacement: x, velocity: v, acceleration: 0, target: target, pastSide: start.side)
                trajectory.p[n * trajectory.stride] = shown.progress
                trajectory.v[n * trajectory.stride] = shown.velocity
            }
        }
        if (done || n >= maximumFrames) && n + 1 >= frames { break }
        (x, v) = step.apply(displacement: x, velocity: v)
        n += 1
    }
    guard cache.scheme == .exact else { return (start, frame, metrics.extremes.overshoot, metrics.extremes.peakAcceleration) }
    // The exact scheme's extrema are the motion's own (CompletionCurve.metrics).
    let extremes = SpringCompletionExtrema.values(
        policy: policy, displacement: start.side * start.x0, velocity: start.side * start.v0, stiffness: k, damping: c, mass: m,
        framePeakAcceleration: metrics.extremes.peakAcceleration)
    return (start, frame, extremes.overshoot, extremes.peakAcceleration)
}
