/// Touches: the samples of several fingers merged into one (`PointerMerge`), that finger's
/// stroke (`Stroke`: the touch part's rules), and what the state machine does with it: a stroke
/// begins from idle or catches a completion, is judged by the axis lock, moves the view, and
/// ends in a release (InteractiveTransition+Release.swift).
extension InteractiveTransition {
    /// Handles one sample. Returns the release when this sample ended the touch.
    @discardableResult
    public mutating func handle(_ sample: TouchSample) -> Release? {
        // The system's back gesture owns the transition until it ends (InteractiveTransition+PredictiveBack.swift).
        guard !isSystemBack, let finger = mergeFingers(sample) else { return nil }
        if finger.phase == .began {
            beginStroke(finger)
            return nil
        }
        guard judgeStroke(finger) != .refused else { return nil }
        return moveStroke(finger).release
    }

    /// The one finger several fingers make (`multitouch`, `PointerMerge`), or nil when `sample`
    /// changes nothing the stroke sees. A touch that begins while no stroke is followed starts
    /// one: fingers still listed are ones whose lift-off never came (a host lost it, or code let
    /// the stroke go).
    mutating func mergeFingers(_ sample: TouchSample) -> TouchSample? {
        if sample.phase == .began, !isTracking { pointers.forgetFingers() }
        return pointers.merge(sample, policy: multitouch)
    }

    /// A touch-down of the merged finger: a stroke from idle, or a catch of the completion in
    /// play (in motion or at rest). A touch outside the mapping's edge zone starts nothing; a
    /// touch-down while a finger drives is ignored, as a recognizer would.
    /// With `sharedWithContent`, a scroll view shares the finger (`ScrollingSheet`): the view
    /// shows its share of each movement (`Tracking.share`).
    /// A `systemBack` stroke is the system's back gesture (InteractiveTransition+PredictiveBack.swift):
    /// the system has already judged it, so neither the edge zone nor the axis lock applies, and
    /// it opens the transition (its direction is known from the start).
    mutating func beginStroke(_ finger: TouchSample, sharedWithContent: Bool = false, systemBack: Bool = false) {
        let position = mapping.coordinate(of: finger)
        let zone = systemBack ? nil : mapping.edgeZone
        switch state {
        case .completing:
            // A touch is never older than the frame shown: stamped before it, it is taken there.
            let time = max(finger.time, frameClock)
            startPendingCompletion(at: time)
            reportCompletion(at: time)
            guard case .completing(let animation) = state else { return }
            let atRest = time >= animation.endTime
            if atRest, let zone, !zone.contains(position) { return }
            // Caught in motion: the completion's direction; from rest: decided afresh.
            let sign = mapping.direction.fixedSign ?? (systemBack ? 1 : atRest ? nil : animation.sign)
            var tracking = takeOver(
                at: animation.state(at: time).progress, sign: sign, touch: finger, judged: atRest && !systemBack, shared: sharedWithContent)
            tracking.systemBack = systemBack
            tracking.touchDownDetent = animation.curve.target
            let releaseDetent = detentID(at: animation.curve.target)
            crossings?.releaseDetent = releaseDetent
            if atRest {
                reportBeganIfPending(&tracking)
            } else {
                tracking.beganPending = false
                pendingEvents.append(.interrupted)
            }
            state = .tracking(tracking)
        case .idle:
            if let zone, !zone.contains(position) { return }
            var tracking = takeOver(
                at: 0, sign: mapping.direction.fixedSign ?? (systemBack ? 1 : nil), touch: finger, judged: !systemBack,
                shared: sharedWithContent)
            tracking.systemBack = systemBack
            tracking.fromIdle = true
            tracking.touchDownDetent = stops[ProjectionRule.nearestDetent(to: 0, in: stops)]
            reportBeganIfPending(&tracking)
            state = .tracking(tracking)
        case .tracking:
            break
        }
    }

    /// What the mapping's `axisLock` makes of a stroke at a sample.
    enum StrokeVerdict {
        /// The stroke drives the view (accepted, or never judged).
        case drives
        /// Not judged yet: it has moved less than the lock's slop; progress does not move.
        case pending
        /// Refused (or no stroke is followed): the view stays, and the stroke's further samples
        /// are ignored.
        case refused
    }

    /// Judges the stroke in progress at the merged finger's `finger` by the mapping's
    /// `axisLock` (`Stroke.judge(_:mapping:)`): an accepted stroke reports `.began`, a refused
    /// one `.refused` and ends.
    mutating func judgeStroke(_ finger: TouchSample) -> StrokeVerdict {
        guard var tracking = takeTracking() else { return .refused }
        if tracking.stroke.accepted {
            state = .tracking(tracking)
            return .drives
        }
        guard let verdict = tracking.stroke.judge(finger, mapping: mapping) else {
            state = .tracking(tracking)
            return .pending
        }
        guard verdict.drives else {
            refuse(tracking, at: finger.time, alongPoints: verdict.alongPoints, acrossPoints: verdict.acrossPoints)
            return .refused
        }
        tracking.stroke.accepted = true
        reportBeganIfPending(&tracking)
        state = .tracking(tracking)
        return .drives
    }

    /// What a move or lift-off of the stroke gave.
    struct StrokeStep {
        /// The release, when the sample ended the stroke.
        var release: Release?
        /// At a release, the finger's own velocity, travels per second (capped; 0 for a
        /// cancelled touch or a stopped pointer), whichever moved last; else 0.
        var fingerVelocity = 0.0
        /// When the finger last moved, seconds.
        var lastMoveTime = -Double.infinity
        /// Whether a scroll view sharing the finger moved last (it owns the lift-off's velocity).
        var contentMovedLast = false
    }

    /// Moves (or lifts) the stroke in progress to the merged finger's `finger`. Of a finger a
    /// scroll view shares (`ScrollingSheet`), the view took `sheetPoints` of this movement along
    /// the axis (points, opening positive), and `mover` moved last, if either moved; with
    /// `coastIntoContent`, a release whose coast at that rate passes the last detent coasts there
    /// (`ScrollingSheet.LastDetentFling.continuesIntoContent`).
    mutating func moveStroke(
        _ finger: TouchSample, sheetPoints: Double = 0, mover: ScrollHandoffMover? = nil, coastIntoContent: DecelerationRate? = nil
    ) -> StrokeStep {
        // A touch in progress leaves `state` while a move or lift-off changes it: its samples
        // then have one owner and grow in place (shared with `state`, the array was copied at
        // every sample, which made a replay quadratic in the trace's length).
        guard var tracking = takeTracking() else { return StrokeStep() }
        tracking.share?.sheetPoints += sheetPoints
        if let mover { tracking.contentMovedLast = mover == .content }
        let moved = tracking.stroke.moves(finger)
        let signBefore = tracking.stroke.sign
        let fingerRaw = tracking.stroke.raw(mapping.coordinate(of: finger), mapping: mapping, reversalDistance: reversalDistance)
        if let signBefore, tracking.stroke.sign == -signBefore {
            // A reversible direction flipped: the samples so far were mirrored, and so is this.
            tracking.lastChangedRaw.negate()
        }
        guard finger.phase == .changed else {
            return release(tracking, at: finger, fingerRaw: fingerRaw, coastIntoContent: coastIntoContent)
        }
        tracking.stroke.record(finger, raw: fingerRaw, severalFingers: pointers.fingers.count > 1)
        tracking.lastChangedRaw = tracking.raw(finger: fingerRaw, travel: mapping.travel)
        if moved { positionShown = false }
        let lastMoveTime = tracking.stroke.lastMoveTime
        state = .tracking(tracking)
        return StrokeStep(lastMoveTime: lastMoveTime)
    }

    /// The estimator's `VelocityFeed.reversalDistance(of:)`.
    var reversalDistance: Double? { windowedEstimator?.window.reversalDistance }

    /// A touch beginning with `touch` that takes over at the shown `progress`, with the direction
    /// `sign` (nil: decided past the slop). The range's rule applies to movement from there
    /// only: with `.clamp` the limits widen to hold `progress`; with `.rubberBand` the raw
    /// progress is the one the rubber band shows there. A `judged` touch (one from rest) is
    /// judged by the mapping's `axisLock`, if any, before it moves the view.
    /// A `shared` touch's view shows its share of the finger's movement (`Tracking.share`).
    /// Starts the touch's detent crossings (`crossings`) from `progress`.
    mutating func takeOver(at progress: Double, sign: Double?, touch: TouchSample, judged: Bool, shared: Bool) -> Tracking {
        let (raw, limits) = mapping.takeOver(showing: progress, within: gestureLimits)
        let stroke = Stroke(
            touch: touch, mapping: mapping, baseProgress: raw, sign: sign, accepted: !judged || mapping.axisLock == nil,
            reversalDistance: reversalDistance)
        var tracking = Tracking(stroke: stroke, limits: limits, lastChangedRaw: raw)
        tracking.beganPending = true
        if shared { tracking.share = (raw, 0) }
        crossings = DetentCrossings(progress: progress, stops: stops, tolerance: pixelTolerance, releaseDetent: detentID(at: progress))
        return tracking
    }

    /// Reports `.began` for a touch from rest once its stroke drives the transition: at once
    /// without an `axisLock`, else when the lock accepts it (or at lift-off, for a stroke too
    /// short to judge); a stroke the lock refuses reports `.refused` only.
    mutating func reportBeganIfPending(_ tracking: inout Tracking) {
        guard tracking.beganPending, tracking.stroke.accepted else { return }
        tracking.beganPending = false
        pendingEvents.append(.began)
    }

    /// Ends a stroke the mapping's `axisLock` refused at `time`: the view stays where it was
    /// (idle at 0, or at rest at its detent) and `.refused` is reported; the rest of the stroke
    /// is ignored.
    mutating func refuse(_ tracking: Tracking, at time: Double, alongPoints: Double, acrossPoints: Double) {
        let progress = shown(tracking)
        pendingEvents.append(.refused(alongAxisPoints: alongPoints, acrossAxisPoints: acrossPoints))
        if tracking.fromIdle && progress == 0 {
            state = .idle
            return
        }
        let target = stops[ProjectionRule.nearestDetent(to: progress, in: stops)]
        if progress == target {
            // At rest where it was: a completion that has already reported itself.
            var animation = restingAnimation(at: progress, time: time)
            animation.completionReported = true
            state = .completing(animation)
        } else {
            // A layout change moved the rest position off its detent meanwhile: settle there.
            start(plannedCurve(from: progress, velocity: 0, to: target), at: max(time, frameClock), sign: mapping.direction.fixedSign)
        }
    }

    /// The raw progress the touch in progress shows (before the overdrag rule), or nil when no
    /// finger drives.
    var trackedRawProgress: Double? {
        guard case .tracking(let tracking) = state else { return nil }
        return tracking.raw(travel: mapping.travel)
    }

    /// The stroke in progress's coordinate at touch-down along the axis (points) and direction
    /// sign, if a finger drives: what a scroll view sharing the finger splits by (read without
    /// copying the stroke, whose samples then grow in place).
    var strokeAxis: (origin: Double, sign: Double?)? {
        guard case .tracking(let tracking) = state else { return nil }
        return (tracking.stroke.origin, tracking.stroke.sign)
    }

    /// The velocity of the finger in progress at a frame at `time`, travels per second (capped;
    /// 0 once it has rested, as `current(_:at:)`), when a scroll view sharing it
    /// (`ScrollingSheet`) moved last and so moves with it; nil otherwise (the view's own frame
    /// then reports the finger's velocity).
    func contentFingerVelocity(at time: Double) -> Double? {
        guard case .tracking(let tracking) = state, tracking.contentMovedLast else { return nil }
        return fingerVelocity(tracking, at: time)
    }

    /// The velocity of `tracking`'s finger as a frame at `time` shows it, travels per second:
    /// the stroke's capped estimate, 0 once the finger has rested (no sample for longer than the
    /// estimator's `pointerStoppedAfter`, the lift-off's rule), whichever of the view and a
    /// scroll view sharing the finger moves with it.
    func fingerVelocity(_ tracking: Tracking, at time: Double) -> Double {
        if tracking.stroke.hasStopped(at: time, stoppedAfter: estimator.pointerStoppedAfter) { return 0 }
        return tracking.stroke.velocity(estimator, windowed: windowedEstimator, maximumSpeed: maximumReleaseSpeedPointsPerSecond, travel: mapping.travel)
    }

    /// Whether a finger is driving the transition.
    var isTracking: Bool {
        if case .tracking = state { return true }
        return false
    }

    /// Shown progress of a touch: its raw progress, clamped or rubber-banded past its limits.
    func shown(_ tracking: Tracking) -> Double { bounded(tracking.raw(travel: mapping.travel), tracking) }

    /// Progress for a raw value of `tracking`, clamped or rubber-banded beyond its limits.
    func bounded(_ raw: Double, _ tracking: Tracking) -> Double { mapping.bounded(raw, in: tracking.limits) }

    /// The touch in progress, moved out of `state` (which is left `.idle`); nil when there is none.
    /// Moved, not copied: binding the payload in place (`case .tracking(let tracking) = state`)
    /// copied it, a retain of each of its arrays, and the `.idle` written after released them.
    mutating func takeTracking() -> Tracking? {
        guard case .tracking = state else { return nil }
        var taken = State.idle
        swap(&taken, &state)
        guard case .tracking(let tracking) = consume taken else { return nil }
        return tracking
    }
}
