/// Detents from code and from accessibility: stepping to the neighbouring detent (VoiceOver's
/// increment and decrement, Android's expand and collapse actions), and the range an app's veto
/// (`refusesDetent`) leaves a gesture.
extension InteractiveTransition {
    /// Which neighbouring detent `step(_:at:)` moves to.
    public enum DetentStep: String, Hashable, Sendable, CaseIterable {
        /// The next detent up (more progress): VoiceOver's increment, Android's expand.
        case next
        /// The next detent down (less progress): VoiceOver's decrement, Android's collapse.
        case previous
    }

    /// The detent the transition is at or going to: a completion's target; else (idle, or a
    /// finger down) the detent nearest the progress shown at `time`.
    public func currentDetent(at time: Double) -> Detent.ID { detentID(at: currentStop(at: time)) }

    /// The progress of the detent the transition is at or going to (`currentDetent(at:)`).
    func currentStop(at time: Double) -> Double {
        if case .completing(let animation) = state { return animation.curve.target }
        return stops[ProjectionRule.nearestDetent(to: progress(at: time), in: stops)]
    }

    /// Moves to the detent after (`.next`) or before (`.previous`) the current one
    /// (`currentDetent(at:)`), skipping those the app refuses (`refusesDetent`), with the
    /// completion code starts (`retarget(to:at:)`: from the progress and velocity shown,
    /// `completionSpring`, or `CompletionCurve.reducedMotion` under `reduceMotion`). Returns
    /// false, and changes nothing, when there is no such detent (already at the last or first
    /// allowed one): VoiceOver then says nothing moved. `time` as for `retarget(to:at:)`.
    @discardableResult
    public mutating func step(_ step: DetentStep, at time: Double) -> Bool {
        let current = currentStop(at: max(time, frameClock))
        let candidates = step == .next
            ? resolvedDetents.filter { $0.progress > current }
            : resolvedDetents.filter { $0.progress < current }.reversed()
        guard let target = candidates.first(where: { refusesDetent?($0.id) != true }) else { return false }
        retarget(to: target.progress, at: time)
        return true
    }

    /// Starts a completion toward the detent named `id` at `time`, as `retarget(to:at:)` does
    /// for its progress. Returns false, and changes nothing, when no active detent has that
    /// identity in the current layout.
    @discardableResult
    public mutating func retarget(toDetent id: Detent.ID, at time: Double) -> Bool {
        guard let detent = resolvedDetents.first(where: { $0.id == id }) else { return false }
        retarget(to: detent.progress, at: time)
        return true
    }

    /// Places the view at rest on the detent named `id` at `time`, as `jump(to:at:)` does for
    /// its progress. Returns false, and changes nothing, when no active detent has that identity.
    @discardableResult
    public mutating func jump(toDetent id: Detent.ID, at time: Double) -> Bool {
        guard let detent = resolvedDetents.first(where: { $0.id == id }) else { return false }
        jump(to: detent.progress, at: time)
        return true
    }

    /// The progress of the detents a gesture may settle at (all, when no veto or every one is refused).
    var allowedDetents: [Double] { releaseDecision.allowed }

    /// The allowed detent nearest to `detent` (progress; the upper one of two as near).
    func allowedDetent(nearest detent: Double) -> Double { releaseDecision.allowedDetent(nearest: detent) }

    /// Where a touch's overdrag rule applies: the first...last allowed detent.
    var gestureLimits: ClosedRange<Double> {
        let allowed = allowedDetents
        return allowed[0]...allowed[allowed.count - 1]
    }
}
