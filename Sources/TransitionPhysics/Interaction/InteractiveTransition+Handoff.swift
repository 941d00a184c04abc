import RealModule

/// What a sheet's driver needs from a scroll view that shares its finger (`ScrollingSheet`): the
/// velocity a content's coast has left when it reaches its edge, taken over by the sheet, and
/// the velocity the sheet's fling has left when it reaches its last detent, given to the content.
extension InteractiveTransition {
    /// What the sheet does with a velocity handed over by its content.
    enum HandoffCompletion: Sendable {
        /// A spring back to the detent it rests at or is going to (the `completionSpring`, as
        /// `retarget(to:at:)` plans it): the momentum shows as a bounce, the detent stays (iOS).
        case sameDetent
        /// A release at that velocity: the model and the detents choose where it goes, as for a
        /// finger's release (Android's nested fling).
        case release
    }

    /// Adds `velocity` (travels per second) to the sheet's velocity at `time` (seconds, read as
    /// the latest frame when earlier) and completes from there, as `completion` says, reporting
    /// `.retargeted`: progress does not jump and the velocity jumps by exactly `velocity`, the
    /// content's velocity at its edge (so what moves on screen, sheet and content together, keeps
    /// its speed). A finger still down is let go without a release; `time` must be finite.
    mutating func takeHandoff(velocity: Double, at time: Double, completion: HandoffCompletion) {
        let time = moveFrameClock(to: time, "takeHandoff(velocity:at:completion:)")
        startPendingCompletion(at: time)
        reportCompletion(at: time)
        let (progress, current, sign) = shownMotion(at: time)
        // The detent it is going to, or the one nearest what is shown.
        var detent = stops[ProjectionRule.nearestDetent(to: progress, in: stops)]
        if case .completing(let animation) = state { detent = animation.curve.target }
        let start = current + velocity
        let curve: CompletionCurve
        switch completion {
        case .sameDetent: curve = plannedCurve(from: progress, velocity: start, to: detent)
        case .release:
            let settled = settledCompletion(for: ReleaseState(progress: progress, velocity: start))
            curve = settled.completion.curve
            if let refused = settled.refusedDetent { pendingEvents.append(.detentRefused(refused)) }
        }
        pendingEvents.append(.retargeted)
        self.start(curve, at: time, sign: sign)
    }

    /// When the completion `curve` in play (a release's, as `ScrollingSheet` recorded it) first
    /// reaches the last detent moving toward it, at or before `time`: that instant (seconds) and
    /// the velocity it has there (travels per second, positive). The instant may precede the
    /// latest frame (`frameClock`): the curve passed the detent while no hand-off was allowed, and
    /// a frame already showed it beyond (the caller must not hand over then). Nil when another completion is
    /// in play, or this one reaches it later, not at all, or at rest (a timed curve, an
    /// overdamped spring creeping in). A spring's unclamped motion is read, so `.clamp` and
    /// `.rubberBand` arrive with the velocity the spring has there.
    mutating func arrival(of curve: CompletionCurve, atLastDetentBy time: Double) -> (time: Double, velocity: Double)? {
        startPendingCompletion(at: max(time, frameClock))
        let last = stops[stops.count - 1]
        guard case .completing(let animation) = state, !animation.completionReported, animation.curve == curve else { return nil }
        if case .decay(let rate) = curve.shape {
            // A coast through the last detent (`coastingIntoContent`): it passes the detent when
            // the distance left to its end is (end - last), with velocity (end - last) / tau.
            guard curve.start <= last, curve.target > last else { return nil }
            let tau = ProjectionForm.continuous.distancePerVelocity(rate: rate)
            let crossing = -tau * Double.log(onePlus: -(last - curve.start) / (curve.target - curve.start))
            guard crossing.isFinite, animation.startTime + crossing <= time else { return nil }
            return (animation.startTime + crossing, (curve.target - last) / tau)
        }
        guard curve.target == last, case .spring(let spring, _) = curve.shape else { return nil }
        let x0 = curve.start - curve.target
        let crossing: Double
        if x0 == 0 {
            // Released on the detent, moving on: it arrives at once.
            crossing = 0
        } else {
            guard x0 < 0, let first = spring.firstZeroCrossing(initialDisplacement: x0, initialVelocity: curve.startVelocity) else { return nil }
            crossing = first
        }
        guard animation.startTime + crossing <= time else { return nil }
        let p = spring.propagator(time: crossing)
        let velocity = p.velocityFromPosition * x0 + p.velocityFromVelocity * curve.startVelocity
        guard velocity > 0, velocity.isFinite else { return nil }
        return (animation.startTime + crossing, velocity)
    }

    /// Rests the view at the last detent from `time` (seconds): the completion that reached it
    /// gave the rest of its velocity away (`ScrollingSheet.LastDetentFling.continuesIntoContent`).
    /// Reports `.completed` there.
    mutating func rest(atLastDetentFrom time: Double) {
        let time = moveFrameClock(to: time, "rest(atLastDetentFrom:)")
        guard case .completing(let animation) = state else { return }
        var resting = restingAnimation(at: stops[stops.count - 1], time: time)
        resting.sign = animation.sign
        state = .completing(resting)
        reportCompletion(at: time)
    }

    /// Whether `curve` is the completion in play and has not come to rest.
    func isCompleting(_ curve: CompletionCurve) -> Bool {
        guard case .completing(let animation) = state else { return false }
        return !animation.completionReported && animation.curve == curve
    }
}
