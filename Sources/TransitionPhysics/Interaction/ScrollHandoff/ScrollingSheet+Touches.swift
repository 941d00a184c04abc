/// The shared finger: each movement split between the sheet and the content, and the lift-off's
/// owner (ScrollingSheet's rules). The finger is the sheet's own stroke (its driver's touch part:
/// pointers, axis lock, lift-off rules, the one velocity estimate); the split tells the driver
/// which part of each movement the content took.
extension ScrollingSheet {
    /// Handles one sample of the finger (points, seconds; in time order, before the frame that
    /// shows it). Returns the sheet's release when this sample lifted the finger (with velocity 0
    /// when the content took the fling). A touch the sheet refuses (its mapping's edge zone or
    /// axis lock) moves nothing; a second touch-down while a finger is down, or a move with none
    /// down, is ignored.
    @discardableResult
    public mutating func handle(_ sample: TouchSample) -> InteractiveTransition.Release? {
        // Several fingers become one stroke first (the sheet's `multitouch`), so the split sees
        // one finger.
        guard let finger = sheet.mergeFingers(sample) else { return nil }
        guard finger.phase != .began else {
            // A second finger is ignored while the first drives the sheet (a finger that code
            // let go no longer does).
            if sheet.isTracking { return nil }
            Self.checkDirection(of: sheet)
            if let coast {
                // Caught: the content stops where it is shown (a touch older than the frame
                // shown is taken at it).
                offset = min(max(coast.state(at: max(finger.time, sheet.frameClock)).offset, 0), maximumOffset)
                self.coast = nil
            }
            sheet.beginStroke(finger, sharedWithContent: true)
            fingerPoints = sheet.isTracking ? 0 : nil
            return nil
        }
        // A finger that code let go (`finish(at:)`, `retarget(to:at:)`...) moves nothing more.
        guard let before = fingerPoints else { return nil }
        guard let stroke = sheet.strokeAxis, let sign = stroke.sign else {
            fingerPoints = nil
            return nil
        }
        switch sheet.judgeStroke(finger) {
        case .refused:
            // Mostly across the axis (a carousel in the sheet): neither the sheet nor its list moves.
            fingerPoints = nil
            return nil
        case .pending:
            let release = sheet.moveStroke(finger, coastIntoContent: contentTakesFling).release
            sheetFling = release?.completion.curve
            return release
        case .drives:
            break
        }
        // The finger's movement since its previous sample, split between the sheet (where its
        // driver shows it now: a layout change since rescaled it) and the content.
        let travel = sheet.mapping.travel
        let moved = sign * (sheet.mapping.coordinate(of: finger) - stroke.origin)
        let sheetPosition = sheet.trackedRawProgress ?? 0
        let split = policy.split(
            moved - before, sheetPosition: sheetPosition * travel,
            sheetRange: sheet.gestureLimits.lowerBound * travel...sheet.gestureLimits.upperBound * travel,
            contentOffset: offset, maximumContentOffset: maximumOffset)
        offset = min(max(offset + split.contentPoints, 0), maximumOffset)
        fingerPoints = finger.phase == .changed ? moved : nil
        let step = sheet.moveStroke(finger, sheetPoints: split.sheetPoints, mover: split.lastMover, coastIntoContent: contentTakesFling)
        if let release = step.release, !step.contentMovedLast { sheetFling = release.completion.curve }
        if step.release != nil, step.contentMovedLast, step.fingerVelocity != 0 {
            // The content moved last: it coasts with the finger's velocity, from the frame that
            // shows the finger's last position, as the sheet's release does.
            let shown = sheet.frameClock >= step.lastMoveTime
            coast = ContentCoast(
                startTime: shown ? sheet.frameClock : finger.time, startOffset: offset, startVelocity: step.fingerVelocity * travel,
                rate: contentDecelerationRate, startsAtNextFrame: !shown)
        }
        return step.release
    }

    /// The content's deceleration when it can take on a fling of the sheet at the last detent
    /// (`lastDetentFling`, room left to scroll); nil otherwise.
    var contentTakesFling: DecelerationRate? {
        lastDetentFling == .continuesIntoContent && offset < maximumOffset ? contentDecelerationRate : nil
    }
}
