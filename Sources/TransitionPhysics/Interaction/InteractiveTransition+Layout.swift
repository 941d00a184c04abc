/// Layout changes: a rotation, a keyboard, a split-view resize changes the travel or the detents
/// while a finger drags, a completion plays or the view rests.
///
/// The rule: at the instant of the change, the view stays where it is on screen and keeps its
/// speed, in points and points per second (progress and its velocity are rescaled by
/// old travel / new travel), and then goes on in the new layout:
/// - **tracking**: the finger keeps driving from where the view is; the samples so far are
///   rescaled, so the velocity estimate never mixes two scales; if the view is past the new
///   ends, the overdrag rule applies to further movement only (no jump);
/// - **completing or at rest**: a completion starts from the rescaled progress and velocity
///   toward the same detent (by value), or the nearest new detent if that one was removed, under
///   the new one-pixel rule (`pixelTolerance`); at rest with nothing to move, nothing starts.
///
/// `.layoutChanged` reports it. Before anything began (idle, progress 0) a new travel or detents
/// is a setting: nothing moves and nothing is reported. Setting `mapping.travel` or `detents` on their own does the
/// same at the latest frame's time.
extension InteractiveTransition {
    /// Changes the travel (points; nil keeps it) and the detents (nil keeps them) at `time`
    /// (seconds, the samples' clock; a time before the latest frame is read as that frame's),
    /// keeping what is on screen continuous: see the extension's description. Reports
    /// `.layoutChanged`. The travel and detents must be valid (as for the setters: a positive,
    /// finite travel, detents strictly ascending and finite), and the pixel and fling-cap
    /// settings valid with the new travel; otherwise this stops with a sentence.
    public mutating func updateLayout(travel: Double? = nil, detents newDetents: [Double]? = nil, at time: Double) {
        let newTravel = travel ?? mapping.travel
        if let reason = TransitionSettingRules.travelProblem(newTravel) { preconditionFailure("updateLayout travel: \(reason); got \(newTravel).") }
        if let newDetents, let reason = TransitionSettingRules.detentsProblem(newDetents) {
            preconditionFailure("updateLayout detents: \(reason); got \(newDetents).")
        }
        if let reason = TransitionSettingRules.pixelsPerPointProblem(pixelsPerPoint, travel: newTravel) {
            preconditionFailure("updateLayout travel: pixelsPerPoint \(pixelsPerPoint) with travel \(newTravel): \(reason).")
        }
        let time = moveFrameClock(to: time, "updateLayout(travel:detents:at:)")
        let oldTravel = mapping.travel, oldDetents = detents
        applyingLayout = true
        mapping.travel = newTravel
        if let newDetents { detents = newDetents }
        applyingLayout = false
        relayout(travel: oldTravel, detents: oldDetents, at: time)
    }

    /// Whether nothing has begun (progress 0, no touch or completion).
    var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    /// The time a setter's layout change happens at: the latest frame's, or before any frame the
    /// running completion's start (0 when nothing runs).
    var layoutTime: Double {
        if frameClock.isFinite { return frameClock }
        if case .completing(let animation) = state { return animation.startTime }
        return 0
    }

    /// Applies a change from `oldTravel` and `oldDetents` to the current `mapping.travel` and
    /// `detents` at `time` (seconds, not before the latest frame).
    mutating func relayout(travel oldTravel: Double, detents oldDetents: [Double], at time: Double) {
        // Nothing on screen yet (idle, progress 0): a setting, not a change to report.
        guard oldTravel != mapping.travel || oldDetents != detents, !isIdle else { return }
        startPendingCompletion(at: time)
        reportCompletion(at: time)
        // Progress that keeps the position in points: old travel / new travel.
        let scale = oldTravel / mapping.travel
        let limits = gestureLimits
        switch state {
        case .idle:
            break
        case .tracking(var tracking):
            let shownBefore = shown(tracking)
            let rawBefore = tracking.lastPosition ?? tracking.baseProgress
            // The view stays under the finger in points; past the new ends, the overdrag rule
            // takes over from there (as a catch does).
            let (rawAfter, newLimits) = mapping.takeOver(showing: shownBefore * scale, within: limits)
            let offset = rawAfter - rawBefore * scale
            tracking.recorded = tracking.samples.map {
                AxisSample(time: $0.time, position: $0.position * scale + offset, isResampled: $0.isResampled)
            }
            tracking.mirrorMarks = []
            tracking.baseProgress = tracking.baseProgress * scale + offset
            tracking.lastChangedRaw = tracking.lastChangedRaw * scale + offset
            tracking.limits = newLimits
            state = .tracking(tracking)
        case .completing(let animation):
            let (progress, velocity) = animation.state(at: time)
            let (newProgress, newVelocity) = (progress * scale, velocity * scale)
            let oldTarget = animation.curve.target
            let target = detents.contains(oldTarget) ? oldTarget : detents[ProjectionRule.nearestDetent(to: oldTarget, in: detents)]
            if time >= animation.endTime && newProgress == target {
                break  // at rest where it stays
            }
            start(plannedCurve(from: newProgress, velocity: newVelocity, to: target), at: time, sign: animation.sign)
        }
        pendingEvents.append(.layoutChanged(travel: mapping.travel, detents: detents))
    }
}
