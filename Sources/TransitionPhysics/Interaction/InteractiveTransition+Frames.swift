/// The frame driver and control from code. Every completion is a curve started at a known time
/// from the progress and velocity of that moment and evaluated in closed form
/// (`CompletionCurve.state(at:)`), never integrated frame by frame: any sequence of frame times
/// (60, 120, 240 Hz, jitter, dropped frames) sees the same progress at the same times, and the
/// completion reported in the frame interval that contains its end time.
extension InteractiveTransition {
    /// The state at `time` (seconds, the samples' clock; call once per display frame, with
    /// non-decreasing times) and the events since the previous call. Samples are handled with
    /// `handle(_:)` before the frame that shows them.
    public mutating func advance(to time: Double) -> TransitionUpdate {
        reportCompletion(at: time)
        let events = pendingEvents
        pendingEvents.removeAll()
        switch phase {
        case .idle:
            return TransitionUpdate(progress: 0, velocity: 0, target: 0, isComplete: false, events: events)
        case .tracking(let tracking):
            let (progress, velocity) = current(tracking)
            let target = completion(for: ReleaseState(progress: progress, velocity: velocity)).curve.target
            return TransitionUpdate(progress: progress, velocity: velocity, target: target, isComplete: false, events: events)
        case .completing(let animation):
            let (progress, velocity) = animation.state(at: time)
            return TransitionUpdate(
                progress: progress, velocity: velocity, target: animation.curve.target,
                isComplete: time >= animation.endTime, events: events)
        }
    }

    /// Completes at the last detent from `time`, starting at the current progress and velocity.
    public mutating func finish(at time: Double) { retarget(to: detents[detents.count - 1], at: time) }

    /// Completes at the first detent from `time`, starting at the current progress and velocity.
    public mutating func cancel(at time: Double) { retarget(to: detents[0], at: time) }

    /// Starts a completion toward `target` (progress, usually a detent) at `time` (seconds) from
    /// the progress *and velocity* shown at that time (velocity jump 0, as SwiftUI's springs and
    /// Wave's retargeting preserve it): a `completionSpring` spring (a `ProjectedSpringModel`'s
    /// timed `completionShape`, re-planned from this state, when it has one), or under `reduceMotion`
    /// `CompletionCurve.reducedMotion`. A finger still down is let go without a release (its
    /// next samples are ignored until a new touch begins). Reports `.retargeted`.
    public mutating func retarget(to target: Double, at time: Double) {
        precondition(target.isFinite, "Retarget progress must be finite; got \(target).")
        reportCompletion(at: time)
        let progress: Double, velocity: Double, sign: Double
        switch phase {
        case .idle:
            (progress, velocity, sign) = (0, 0, 1)
        case .tracking(let tracking):
            (progress, velocity) = current(tracking)
            sign = tracking.sign ?? 1
        case .completing(let animation):
            (progress, velocity) = animation.state(at: time)
            sign = animation.sign
        }
        let physics = model as? ProjectedSpringModel
        let curve: CompletionCurve
        if reduceMotion {
            curve = .reducedMotion(start: progress, target: target)
        } else if let physics, physics.completionShape != .spring {
            // A timed shape re-planned from the current progress and velocity (no jump).
            curve = physics.completionCurve(start: progress, startVelocity: velocity, target: target)
        } else {
            curve = CompletionCurve(
                shape: .spring(completionSpring, overshoot: physics?.overshoot ?? .allow), start: progress,
                startVelocity: velocity, target: target)
        }
        pendingEvents.append(.retargeted)
        start(curve, at: time, sign: sign)
    }

    /// Progress and the estimator's velocity (per second) of a touch so far.
    private func current(_ tracking: Tracking) -> (progress: Double, velocity: Double) {
        let velocity = releaseVelocity(tracking)
        return (bounded(tracking.lastPosition ?? tracking.baseProgress), velocity)
    }
}
