/// The frame driver and control from code. Every completion is a curve started at a known time
/// from the progress and velocity of that moment and evaluated in closed form
/// (`CompletionCurve.state(at:)`), never integrated frame by frame: any sequence of frame times
/// (60, 120, 240 Hz, jitter, dropped frames) sees the same progress at the same times, and the
/// completion reported in the frame interval that contains its end time.
///
/// Misuse, one policy (as everywhere in the package: a value that breaks a contract stops the
/// program with a sentence, `precondition`; time never goes back, as `Animation.state(at:)`
/// already reads a time before a curve's start as its start):
/// - A time before the latest frame (`advance(to:)`, `finish(at:)`, `cancel(at:)`,
///   `retarget(to:at:)`) is read as that frame's time, `frameClock`. Shown progress never goes
///   back, and an earlier time is ordinary in an app, not a mistake: a display link advances to
///   the *next* frame's presentation time (`CADisplayLink.targetTimestamp`) while a button that
///   calls `finish(at: CACurrentMediaTime())` runs before that frame is shown. Replaying the
///   earlier time instead rewound the picture (a completion at 0.92 restarted from 0.61).
/// - A time that is not finite, or a target outside the first...last detent, is a programming
///   error: a precondition names it (a target of 1.5 would complete past the end, where no
///   detent is and dragging cannot reach).
extension InteractiveTransition {
    /// The state at `time` (seconds, the samples' clock; call once per display frame) and the
    /// events since the previous call. Samples are handled with `handle(_:)` before the frame
    /// that shows them. A time before the latest frame's  is read as that time:
    /// the frame shows the same state again, never an earlier one. `time` must be finite.
    public mutating func advance(to time: Double) -> TransitionUpdate {
        let time = moveFrameClock(to: time, "advance(to:)")
        startPendingCompletion(at: time)
        positionShown = true
        reportCompletion(at: time)
        let events = pendingEvents
        pendingEvents.removeAll()
        // The touch leaves `state` while it is read (moved out and back, not copied: a copy
        // retained each of its arrays, a fifth of a tracking frame).
        if let tracking = takeTracking() {
            let (progress, velocity) = current(tracking, at: time)
            let release = completion(for: ReleaseState(progress: progress, velocity: velocity))
            var events = events
            if !tracking.beganPending, crossings != nil {
                // Detents crossed and a new release detent: this frame's, after the touch's events.
                events += crossings!.frame(
                    progress: progress, releaseDetent: release.detent ?? detentID(at: release.curve.target),
                    detents: resolvedDetents, stops: stops, tolerance: pixelTolerance)
            }
            state = .tracking(tracking)
            return TransitionUpdate(progress: progress, velocity: velocity, target: release.curve.target, isAtRest: false, events: events)
        }
        guard case .completing(let animation) = state else {
            return TransitionUpdate(progress: 0, velocity: 0, target: 0, isAtRest: true, events: events)
        }
        let (progress, velocity) = animation.state(at: time)
        return TransitionUpdate(
            progress: progress, velocity: velocity, target: animation.curve.target, isAtRest: time >= animation.endTime,
            events: events)
    }

    /// Fixes the start of a release's completion that waits for its first frame
    /// (`Animation.startsAtNextFrame`) as a frame at `time` would: the frame shows the release
    /// position, and the curve runs from there (InteractiveTransition's rules, "the first frame
    /// after lift-off"), unless frames were dropped: at most a 30 Hz frame after the lift-off.
    /// A catch, a call from code or a layout change before that frame starts from what a frame
    /// at its time shows, not from the lift-off.
    mutating func startPendingCompletion(at time: Double) {
        guard case .completing(var animation) = state, animation.startsAtNextFrame else { return }
        let duration = animation.endTime - animation.startTime
        animation.startTime = min(time, animation.startTime + Self.longestFrameInterval)
        animation.endTime = animation.startTime + duration
        animation.startsAtNextFrame = false
        state = .completing(animation)
    }

    /// The longest display frame interval the driver expects, seconds: 1/30 s (a 30 Hz display).
    /// A release's completion waits for the next frame to start (it shows the release position
    /// first), but no longer than this after the lift-off: a later first frame means frames were
    /// dropped, and the completion has been running since.
    static let longestFrameInterval = 1.0 / 30

    /// Completes at the last detent from `time`, starting at the current progress and velocity.
    public mutating func finish(at time: Double) { retarget(to: stops[stops.count - 1], at: time) }

    /// Completes at the first detent from `time`, starting at the current progress and velocity.
    public mutating func cancel(at time: Double) { retarget(to: stops[0], at: time) }

    /// Starts a completion toward `target` (progress, usually a detent) at `time` (seconds) from
    /// the progress *and velocity* shown at that time (velocity jump 0, as SwiftUI's springs and
    /// Wave's retargeting preserve it): a `completionSpring` spring (a `ProjectedSpringModel`'s
    /// timed `completionShape`, re-planned from this state, when it has one), or under `reduceMotion`
    /// `CompletionCurve.reducedMotion`. A finger still down is let go without a release (its
    /// next samples are ignored until a new touch begins). Reports `.retargeted`.
    ///
    /// `target` must lie within the first and last detent (a precondition, as for a non-finite
    /// target); `time` must be finite, and a time before the latest frame  is read
    /// as that frame's time, so the completion starts from what is on screen.
    public mutating func retarget(to target: Double, at time: Double) {
        precondition(target.isFinite, "Retarget progress must be finite; got \(target).")
        let first = stops[0], last = stops[stops.count - 1]
        precondition(
            target >= first && target <= last,
            "Retarget progress must be within the detents, \(first)...\(last); got \(target).")
        let time = moveFrameClock(to: time, "retarget(to:at:)")
        startPendingCompletion(at: time)
        reportCompletion(at: time)
        let (progress, velocity, sign) = shownMotion(at: time)
        pendingEvents.append(.retargeted)
        start(plannedCurve(from: progress, velocity: velocity, to: target), at: time, sign: sign)
    }

    /// Places the view at rest at `progress` (usually a detent) at `time`, with no animation: a
    /// sheet presented resting at its middle detent, or a state restored. Reports
    /// `.completed(progress:)`; `isAtRest` is true from `time` on, and a touch begins from
    /// there (`.began`). A finger still down is let go without a release. `progress` must lie
    /// within the first and last detent, and `time` be finite (as for `retarget(to:at:)`).
    public mutating func jump(to progress: Double, at time: Double) {
        precondition(progress.isFinite, "Jump progress must be finite; got \(progress).")
        let first = stops[0], last = stops[stops.count - 1]
        precondition(
            progress >= first && progress <= last, "Jump progress must be within the detents, \(first)...\(last); got \(progress).")
        let time = moveFrameClock(to: time, "jump(to:at:)")
        startPendingCompletion(at: time)
        reportCompletion(at: time)
        state = .completing(restingAnimation(at: progress, time: time))
        reportCompletion(at: time)
    }

    /// A completion that does not move: at rest at `progress` from `time` (`jump(to:at:)`, and
    /// where a refused stroke leaves the view).
    func restingAnimation(at progress: Double, time: Double) -> Animation {
        let still = CompletionCurve(shape: .timingCurve(.linear, duration: 0), start: progress, startVelocity: 0, target: progress)
        return Animation(startTime: time, curve: still, endTime: time, sign: mapping.direction.fixedSign)
    }

    /// The completion code starts from `progress` at `velocity` (travels per second) toward
    /// `target`: under `reduceMotion` `CompletionCurve.reducedMotion`; for a
    /// `ProjectedSpringModel` with a timed `completionShape`, that shape re-planned from this
    /// state; else a `completionSpring` spring starting at `velocity` (no jump).
    func plannedCurve(from progress: Double, velocity: Double, to target: Double) -> CompletionCurve {
        let physics = model as? ProjectedSpringModel
        if reduceMotion {
            return .reducedMotion(start: progress, target: target)
        } else if let physics, physics.completionShape != .spring {
            return physics.completionCurve(start: progress, startVelocity: velocity, target: target)
        }
        return CompletionCurve(
            shape: .spring(completionSpring, overshoot: physics?.overshoot ?? .allow), start: progress,
            startVelocity: velocity, target: target)
    }

    /// `time`, or the latest frame's time when `time` is earlier, made the latest frame's time.
    mutating func moveFrameClock(to time: Double, _ caller: String) -> Double {
        precondition(time.isFinite, "InteractiveTransition.\(caller) time must be finite seconds; got \(time).")
        frameClock = max(frameClock, time)
        return frameClock
    }

    /// What is shown at `time` (at or after the latest frame): progress, velocity (travels per
    /// second) and the direction sign in force, idle, tracking or completing. What code and
    /// layout calls start their motion from (`retarget(to:at:)`, `updateKeyboard`, `takeHandoff`).
    func shownMotion(at time: Double) -> (progress: Double, velocity: Double, sign: Double?) {
        switch state {
        case .idle: return (0, 0, mapping.direction.fixedSign)
        case .tracking(let tracking):
            let (progress, velocity) = current(tracking, at: time)
            return (progress, velocity, tracking.stroke.sign)
        case .completing(let animation):
            let (progress, velocity) = animation.state(at: time)
            return (progress, velocity, animation.sign)
        }
    }

    /// Progress and velocity (travels per second) of a touch as a frame at `time` shows it: the
    /// estimator's velocity over the samples so far, 0 once the finger has rested (no sample for
    /// longer than the estimator's `pointerStoppedAfter`, the lift-off's rule), so that a finger
    /// held still reports what a lift-off there would release with, not its last movement's speed.
    func current(_ tracking: Tracking, at time: Double) -> (progress: Double, velocity: Double) {
        (shown(tracking), tracking.contentMovedLast ? 0 : fingerVelocity(tracking, at: time))
    }
}
