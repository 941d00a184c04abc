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
///   toward the same detent (by identity, at its position in the new layout: a 200 pt detent
///   stays 200 pt), under the new one-pixel rule (`pixelTolerance`); at rest where that detent
///   now is, nothing starts. If that detent was removed or is inactive in the new layout, the
///   view goes to the active detent nearest to where it is shown, and `.detentInactive` names
///   the one it left.
///
/// The detents are resolved again in the new layout (`resolvedDetents`): points over the new
/// travel, content-sized detents against the content length last reported. `.layoutChanged`
/// reports it. Before anything began (idle, progress 0) a new travel, content length or detents
/// is a setting: nothing moves and nothing is reported. Setting `mapping.travel` or `detents` on
/// their own does the same at the latest frame's time.
extension InteractiveTransition {
    /// Changes the travel (points; nil keeps it), the content's length along the axis (points,
    /// what content-sized detents resolve against; nil keeps it) and the detents (nil keeps them)
    /// at `time` (seconds, the samples' clock; a time before the latest frame is read as that
    /// frame's), keeping what is on screen continuous: see the extension's description. Reports
    /// `.layoutChanged`. Detents in any order, or several at one position, are accepted
    /// (`detents`). The travel must be positive and finite, a content length finite, and the
    /// pixel and fling-cap settings valid with the new travel; otherwise this stops with a sentence.
    public mutating func updateLayout(travel: Double? = nil, contentLength: Double? = nil, detents newDetents: [Detent]? = nil, at time: Double) {
        let newTravel = travel ?? mapping.travel
        if let reason = TransitionSettingRules.travelProblem(newTravel) { preconditionFailure("updateLayout travel: \(reason); got \(newTravel).") }
        if let contentLength { precondition(contentLength.isFinite, "updateLayout contentLength must be finite points; got \(contentLength).") }
        if let reason = TransitionSettingRules.pixelsPerPointProblem(pixelsPerPoint, travel: newTravel) {
            preconditionFailure("updateLayout travel: pixelsPerPoint \(pixelsPerPoint) with travel \(newTravel): \(reason).")
        }
        let time = moveFrameClock(to: time, "updateLayout(travel:contentLength:detents:at:)")
        let oldTravel = mapping.travel, oldResolved = resolvedDetents
        applyingLayout = true
        mapping.travel = newTravel
        if let contentLength { self.contentLength = contentLength }
        if let newDetents { detents = newDetents }
        applyingLayout = false
        resolveDetents()
        relayout(travel: oldTravel, resolved: oldResolved, at: time)
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

    /// Applies a change from `oldTravel` and the detents `oldResolved` to the current
    /// `mapping.travel` and `resolvedDetents` at `time` (seconds, not before the latest frame).
    mutating func relayout(travel oldTravel: Double, resolved oldResolved: [ResolvedDetent], at time: Double) {
        // Nothing on screen yet (idle, progress 0): a setting, not a change to report.
        guard oldTravel != mapping.travel || oldResolved != resolvedDetents, !isIdle else { return }
        startPendingCompletion(at: time)
        reportCompletion(at: time)
        // Progress that keeps the position in points: old travel / new travel.
        let scale = oldTravel / mapping.travel
        let limits = gestureLimits
        if case .tracking(var tracking) = state {
            let rawBefore = tracking.raw(travel: oldTravel)
            let shownBefore = bounded(rawBefore, tracking)
            // The view stays under the finger in points; past the new ends, the overdrag rule
            // takes over from there (as a catch does).
            let (rawAfter, newLimits) = mapping.takeOver(showing: shownBefore * scale, within: limits)
            let offset = rawAfter - rawBefore * scale
            // A shared finger's samples keep their spacing in points (the velocity estimate's),
            // and the view's share of it starts again from where the view now is.
            var fingerOffset = offset
            if let share = tracking.share {
                fingerOffset = rawAfter - tracking.stroke.lastPosition * scale
                tracking.share = (rawAfter - share.sheetPoints / mapping.travel, share.sheetPoints)
            }
            tracking.stroke.rescale(by: scale, offset: fingerOffset, reversalDistance: reversalDistance)
            tracking.lastChangedRaw = tracking.lastChangedRaw * scale + offset
            tracking.touchDownDetent = movedStop(tracking.touchDownDetent, from: oldResolved, viewAt: shownBefore * scale).progress
            tracking.limits = newLimits
            state = .tracking(tracking)
        } else if case .completing(let animation) = state {
            let (progress, velocity) = animation.state(at: time)
            let (newProgress, newVelocity) = (progress * scale, velocity * scale)
            if case .decay(let rate) = animation.curve.shape {
                // Resting (or coasting to rest) where released, not at a detent: it keeps its
                // place in points, within the new first...last detent.
                relayoutCoast(animation, rate: rate, progress: newProgress, velocity: newVelocity, scale: scale, at: time)
                pendingEvents.append(.layoutChanged(travel: mapping.travel, detents: resolvedDetents))
                return
            }
            let (target, left) = movedStop(animation.curve.target, from: oldResolved, viewAt: newProgress)
            if let left { pendingEvents.append(.detentInactive(left)) }
            if time >= animation.endTime && abs(newProgress - target) * mapping.travel <= Self.samePositionPoints {
                // At rest where its detent now is (a detent in points through a rotation): it
                // stays, and has already reported its completion.
                var resting = restingAnimation(at: target, time: time)
                resting.completionReported = true
                state = .completing(resting)
            } else if let keyboard = layoutCurve {
                // With the keyboard's own curve and duration: both arrive together.
                start(keyboard.curve.completion(from: newProgress, to: target, duration: keyboard.duration), at: time, sign: animation.sign)
            } else {
                start(plannedCurve(from: newProgress, velocity: newVelocity, to: target), at: time, sign: animation.sign)
            }
        }
        pendingEvents.append(.layoutChanged(travel: mapping.travel, detents: resolvedDetents))
    }

    /// Two positions closer than this, points, are one (a detent in points computed over two
    /// travels differs from the view kept in points by rounding only).
    static let samePositionPoints = 1e-9

    /// A completion that rests where it was released (`CompletionCurve.Shape.decay`) through a
    /// layout change whose progress scale is `scale`: shown at `progress` with `velocity` now,
    /// it rests, or coasts on, to the same place in points, within the first...last detent (a
    /// place beyond them goes to that detent with `plannedCurve`).
    mutating func relayoutCoast(_ animation: Animation, rate: DecelerationRate, progress: Double, velocity: Double, scale: Double, at time: Double) {
        let first = stops[0], last = stops[stops.count - 1]
        let target = animation.curve.target * scale
        guard target >= first && target <= last else {
            start(plannedCurve(from: progress, velocity: velocity, to: min(max(target, first), last)), at: time, sign: animation.sign)
            return
        }
        if time >= animation.endTime {
            // At rest there, still a rest where released (a coast of no distance), so the next
            // layout change keeps it in points too.
            let still = CompletionCurve(shape: .decay(rate), start: target, startVelocity: 0, target: target)
            var resting = Animation(startTime: time, curve: still, endTime: time, sign: animation.sign)
            resting.completionReported = animation.completionReported
            state = .completing(resting)
            return
        }
        // The same coast in points: both its start and its end scale alike, so its velocity
        // stays the one it had (the decay's velocity is the distance left over tau).
        start(CompletionCurve(shape: .decay(rate), start: progress, startVelocity: velocity, target: target), at: time, sign: animation.sign)
    }

    /// Where the detent at `stop` (progress in the old layout, `oldResolved`) is now: the same
    /// detent by identity at its new progress; if it is no longer active, the active detent
    /// nearest `viewAt` (the view's progress in the new layout), with the identity it `left`.
    func movedStop(_ stop: Double, from oldResolved: [ResolvedDetent], viewAt: Double) -> (progress: Double, left: Detent.ID?) {
        let id = oldResolved[ProjectionRule.nearestDetent(to: stop, in: oldResolved.map(\.progress))].id
        if let same = resolvedDetents.first(where: { $0.id == id }) { return (same.progress, nil) }
        return (stops[ProjectionRule.nearestDetent(to: viewAt, in: stops)], id)
    }
}
