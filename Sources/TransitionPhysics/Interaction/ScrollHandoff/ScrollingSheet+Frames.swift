/// The frame of a sheet and its content: the coast, its hand-over at an edge, and the sheet's
/// own frame.
extension ScrollingSheet {
    /// One display frame of a `ScrollingSheet` (`advance(to:)`).
    public struct Update: Sendable {
        /// The sheet's frame: progress, velocity (travels per second), target, completion and the
        /// sheet's events (a coast handed over at the content's edge reports `.retargeted`).
        public var sheet: TransitionUpdate
        /// The content's offset, points, 0 (its top edge) to `maximumContentOffset`: the scroll
        /// view's offset along the axis (a bottom sheet's `contentOffset.y`, less its inset).
        public var contentOffset: Double
        /// The content's velocity, points per second (positive toward larger offsets): the
        /// finger's while it scrolls the content, the coast's after a lift-off, else 0.
        public var contentVelocity: Double
        /// True when nothing moves until a finger or code starts something new: no coast, and the
        /// sheet's `TransitionUpdate.isAtRest`. A display link can stop.
        public var isAtRest: Bool
    }

    /// The sheet and the content at `time` (seconds, the samples' clock; once per display frame)
    /// and the sheet's events since the previous call. A time before the latest frame's is read
    /// as it (nothing goes back); `time` must be finite. While the finger is down, the one of the
    /// two it moves last has the finger's velocity and the other 0; a coast that reaches the
    /// content's edge in this frame hands the velocity it has left to the sheet at the instant
    /// it arrives (`edgeFling`), and a fling of the sheet that reaches its last detent hands its
    /// velocity to the content (`lastDetentFling`).
    public mutating func advance(to time: Double) -> Update {
        precondition(time.isFinite, "ScrollingSheet.advance(to:) time must be finite seconds; got \(time).")
        let time = max(time, sheet.frameClock)
        var contentVelocity = 0.0
        if let fling = sheetFling {
            let handsOver = lastDetentFling == .continuesIntoContent && coast == nil && offset < maximumOffset
            let arrival = handsOver ? sheet.arrival(of: fling, atLastDetentBy: time) : nil
            if let arrival, arrival.time < sheet.frameClock {
                // It passed the detent before the latest frame, which showed it beyond (the hand-off
                // was not allowed then: the setting changed, or the content was coasting or at its
                // edge): handing over now would pull the sheet back in one frame. The sheet keeps
                // its fling; a coast through the detent goes back to it from what is shown.
                sheetFling = nil
                if case .decay = fling.shape { sheet.retarget(to: sheet.stops[sheet.stops.count - 1], at: time) }
            } else if let arrival {
                // The sheet's fling reached its last detent: it rests there, and the content coasts
                // on from that instant with the velocity the sheet had (points per second).
                sheetFling = nil
                sheet.rest(atLastDetentFrom: arrival.time)
                coast = ContentCoast(
                    startTime: arrival.time, startOffset: offset, startVelocity: arrival.velocity * sheet.mapping.travel,
                    rate: contentDecelerationRate)
            } else if !sheet.isCompleting(fling) {
                sheetFling = nil
            } else if case .decay = fling.shape, contentTakesFling == nil {
                // A coast through the last detent the content can no longer take on (its range
                // shrank, or the setting changed): the sheet goes to the detent from what is shown.
                sheetFling = nil
                sheet.retarget(to: sheet.stops[sheet.stops.count - 1], at: time)
            }
        }
        if var coast {
            if coast.startsAtNextFrame {
                coast.startTime = min(time, coast.startTime + InteractiveTransition.longestFrameInterval)
                coast.startsAtNextFrame = false
            }
            if let edge = coast.edgeHit(maximumOffset: maximumOffset), edge.time <= time {
                offset = edge.offset
                self.coast = nil
                sheet.takeHandoff(
                    velocity: edge.velocity / sheet.mapping.travel, at: edge.time,
                    completion: edgeFling == .bouncesSheet ? .sameDetent : .release)
            } else if time >= coast.restTime(pixel: 1 / sheet.pixelsPerPoint) {
                offset = min(max(coast.restOffset, 0), maximumOffset)
                self.coast = nil
            } else {
                let state = coast.state(at: time)
                offset = min(max(state.offset, 0), maximumOffset)
                contentVelocity = state.velocity
                self.coast = coast
            }
        }
        if let velocity = sheet.contentFingerVelocity(at: time) {
            // The content moves with the finger: the finger's velocity (the sheet's is 0).
            contentVelocity = velocity * sheet.mapping.travel
        }
        let frame = sheet.advance(to: time)
        return Update(
            sheet: frame, contentOffset: offset, contentVelocity: contentVelocity,
            isAtRest: coast == nil && frame.isAtRest)
    }
}
