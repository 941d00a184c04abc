/// What a sheet's driver needs from a scroll view that shares its finger (`ScrollingSheet`): the
/// velocity a content's coast has left when it reaches its edge, taken over by the sheet.
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
        let progress: Double, current: Double, sign: Double?, detent: Double
        switch state {
        case .idle:
            (progress, current, sign) = (0, 0, mapping.direction.fixedSign)
            detent = stops[ProjectionRule.nearestDetent(to: 0, in: stops)]
        case .tracking(let tracking):
            (progress, current) = self.current(tracking)
            sign = tracking.stroke.sign
            detent = stops[ProjectionRule.nearestDetent(to: progress, in: stops)]
        case .completing(let animation):
            (progress, current) = animation.state(at: time)
            sign = animation.sign
            detent = animation.curve.target
        }
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
}
