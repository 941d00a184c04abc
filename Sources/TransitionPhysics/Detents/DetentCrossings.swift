/// What a finger's frames report besides the position (`TransitionEvent.detentCrossed` and
/// `.releaseDetentChanged`): the detents the shown progress passed and the detent a release
/// would now settle at, each reported once per change, for haptics.
///
/// A detent is crossed when the view, having been at least `tolerance` (one physical pixel) on
/// one side of it, is shown at least `tolerance` on the other side: touch noise of less than a
/// pixel around a detent reports nothing, and a stroke that starts on a detent crosses it only
/// after coming back from a pixel away. One frame that passes several detents reports each, in
/// the order passed.
struct DetentCrossings: Sendable {
    /// Per detent (ascending, as `InteractiveTransition.resolvedDetents`), the side the view was
    /// last a pixel or more away on: -1 below, +1 above, 0 not yet away since the stroke began.
    private var sides: [Int8]
    /// The detents' progress these sides are of (a layout change resolves others: sides start
    /// afresh).
    private var stops: [Double]
    /// The detent a release at the latest frame would settle at.
    var releaseDetent: Detent.ID

    /// Sides for a stroke that begins with the view at `progress` among `stops`, where a release
    /// would settle at `releaseDetent` (the detent the view rests at or goes to).
    init(progress: Double, stops: [Double], tolerance: Double, releaseDetent: Detent.ID) {
        self.stops = stops
        self.sides = stops.map { Self.side(of: progress, from: $0, tolerance: tolerance) ?? 0 }
        self.releaseDetent = releaseDetent
    }

    /// -1 when `progress` is `tolerance` or more below `detent`, +1 that much above, nil within.
    private static func side(of progress: Double, from detent: Double, tolerance: Double) -> Int8? {
        if progress <= detent - tolerance { return -1 }
        if progress >= detent + tolerance { return 1 }
        return nil
    }

    /// The events of a frame that shows `progress`, where a release now would settle at
    /// `releaseDetent`: each detent crossed since the previous frame (in the order passed), then
    /// the release's detent when it changed. `detents` are the resolved detents in force.
    mutating func frame(
        progress: Double, releaseDetent: Detent.ID, detents: [ResolvedDetent], stops: [Double], tolerance: Double
    ) -> [TransitionEvent] {
        var events: [TransitionEvent] = []
        if stops != self.stops {
            // A layout change: the detents are other values; nothing was crossed by the view.
            self = DetentCrossings(progress: progress, stops: stops, tolerance: tolerance, releaseDetent: self.releaseDetent)
        } else if !progress.isNaN {
            var crossedUp: [Int] = [], crossedDown: [Int] = []
            for index in sides.indices {
                guard let side = Self.side(of: progress, from: stops[index], tolerance: tolerance) else { continue }
                if sides[index] == -side { side > 0 ? crossedUp.append(index) : crossedDown.append(index) }
                sides[index] = side
            }
            // Passed upward in ascending order, downward in descending.
            for index in crossedUp { events.append(.detentCrossed(detents[index].id, moving: .next)) }
            for index in crossedDown.reversed() { events.append(.detentCrossed(detents[index].id, moving: .previous)) }
        }
        if releaseDetent != self.releaseDetent {
            self.releaseDetent = releaseDetent
            events.append(.releaseDetentChanged(releaseDetent))
        }
        return events
    }
}
