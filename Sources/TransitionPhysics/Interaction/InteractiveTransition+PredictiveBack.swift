/// One report of Android's predictive back gesture, as an `OnBackAnimationCallback` receives it
/// (`android.window.BackEvent`, API 34; AndroidX's `BackEventCompat`; Compose's
/// `PredictiveBackHandler`): the system's progress of the gesture, where the finger is and from
/// which edge it swipes, stamped with the time it arrived.
public struct BackGestureEvent: Hashable, Sendable {
    /// The screen edge the back swipe starts from (`BackEvent.EDGE_LEFT`, `EDGE_RIGHT`).
    public enum SwipeEdge: String, Hashable, Sendable, CaseIterable {
        /// From the left edge, moving right.
        case left
        /// From the right edge, moving left.
        case right
    }

    /// When the system reported it, seconds (the clock of `advance(to:)`: on Android,
    /// `SystemClock.uptimeMillis() / 1000` or the `Choreographer` frame time).
    public var time: Double
    /// The system's progress of the gesture, 0 (just started) to 1 (swiped as far as it counts):
    /// `BackEvent.getProgress()`. A value outside 0...1 is read as the nearest end; one that is
    /// not a number leaves the event out.
    public var progress: Double
    /// The finger's position, points (or any unit: `touchX` and `touchY` are not read by the
    /// driver; Material's back animation shifts the view toward the swipe edge and by the touch's
    /// vertical movement, an app's own presentation).
    public var touchX: Double
    /// The finger's vertical position, points.
    public var touchY: Double
    /// The edge the swipe starts from.
    public var swipeEdge: SwipeEdge

    /// An event at `time` seconds with the system's `progress` (0...1), the finger at
    /// (`touchX`, `touchY`) and the swipe from `swipeEdge`.
    public init(time: Double, progress: Double, touchX: Double = 0, touchY: Double = 0, swipeEdge: SwipeEdge) {
        self.time = time
        self.progress = progress
        self.touchX = touchX
        self.touchY = touchY
        self.swipeEdge = swipeEdge
    }
}

/// Android's predictive back as an input of the driver: the system's progress drives the
/// transition, with no lag and no smoothing, and its commit or cancel ends it from the progress
/// shown at the velocity the system's progress had (the driver's estimator over the events), with
/// the completion code starts (`completionSpring`; `CompletionCurve.reducedMotion` under
/// `reduceMotion`): no jump, no stop.
///
/// The system has already decided that the gesture is a back gesture and where it goes: the
/// mapping's edge zone and axis lock do not apply, the model's decision is replaced by the
/// system's (commit: the last detent; cancel: the detent the gesture began at), and the progress
/// is the system's, so `mapping.travel` only sets the units of velocities in points
/// (`maximumReleaseSpeedPointsPerSecond`). What Android's own animation does instead
/// (`BackProgressAnimator`: the progress follows the system's through a spring of stiffness
/// 1500 and damping ratio 1, 52 ms behind a steady swipe; a commit flings on from the spring's
/// velocity with friction 8) is written in `TransitionLab.AndroidBackProgress` and compared in
/// the tests.
///
/// Call order is the system's (`onBackStarted`, `onBackProgressed`..., then `onBackInvoked` or
/// `onBackCancelled`), but any order is safe: progress with no start starts the gesture, an end
/// with none in progress does nothing, and a start while a finger drives the transition is
/// ignored. A start during a completion catches it where it is shown, as a touch does.
extension InteractiveTransition {
    /// `onBackStarted`: the gesture begins at `event` (catching a completion in play where it is
    /// shown). Reports `.began` (or `.interrupted`) in the next frame.
    public mutating func backStarted(_ event: BackGestureEvent) {
        guard let sample = backSample(event, phase: .began), !isTracking else { return }
        pointers.forgetFingers()
        beginStroke(sample, systemBack: true)
    }

    /// `onBackProgressed`: the system's progress moved to `event.progress`. Starts the gesture
    /// if it had not started.
    public mutating func backProgressed(_ event: BackGestureEvent) {
        if !isSystemBack { backStarted(event) }
        guard isSystemBack, let sample = backSample(event, phase: .changed) else { return }
        _ = moveStroke(sample)
    }

    /// `onBackInvoked`: the system committed the gesture at `time` (seconds). The transition
    /// completes at the last detent from the progress shown, at the velocity the system's
    /// progress had. Returns the release, nil when no back gesture was in progress.
    @discardableResult
    public mutating func backInvoked(at time: Double) -> Release? { endBack(at: time, committed: true) }

    /// `onBackCancelled`: the system cancelled the gesture at `time` (seconds). The transition
    /// returns to the detent it began at, from the progress shown, at the velocity the system's
    /// progress had. Returns the release, nil when no back gesture was in progress.
    @discardableResult
    public mutating func backCancelled(at time: Double) -> Release? { endBack(at: time, committed: false) }

    /// Whether the stroke in progress is the system's back gesture.
    var isSystemBack: Bool {
        guard case .tracking(let tracking) = state else { return false }
        return tracking.systemBack
    }

    /// Ends the back gesture in progress at `time`, at the last detent or where it began.
    mutating func endBack(at time: Double, committed: Bool) -> Release? {
        guard time.isFinite, var tracking = takeTracking() else { return nil }
        guard tracking.systemBack else {
            state = .tracking(tracking)
            return nil
        }
        tracking.systemBackTarget = committed ? stops[stops.count - 1] : tracking.touchDownDetent
        state = .tracking(tracking)
        // A lift-off where the gesture last was: the release rules (a lift-off repeating the last
        // position adds nothing; the estimator's `pointerStoppedAfter` reads a gesture the system
        // ended long after its last progress as stopped).
        let last = tracking.stroke.lastTouch
        return moveStroke(TouchSample(time: time, x: last.x, y: last.y, phase: .ended)).release
    }

    /// The touch sample standing for `event`: the system's progress, read within 0...1, as a
    /// position along the mapping's axis in its opening direction, `travel` points per unit of
    /// progress (the stroke counts from the start's position, so the view moves by the change
    /// of the system's progress from where it was shown at the start). Nil for an event with a
    /// time or progress that is not a number.
    func backSample(_ event: BackGestureEvent, phase: TouchPhase) -> TouchSample? {
        guard event.time.isFinite, !event.progress.isNaN else { return nil }
        let coordinate = (mapping.direction.fixedSign ?? 1) * min(max(event.progress, 0), 1) * mapping.travel
        return mapping.axis == .x
            ? TouchSample(time: event.time, x: coordinate, phase: phase)
            : TouchSample(time: event.time, y: coordinate, phase: phase)
    }
}
