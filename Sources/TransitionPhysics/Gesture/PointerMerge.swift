/// Which finger drives the transition when several touch it (samples that carry
/// `TouchSample.pointer`): the choice platforms make differently (flutter/flutter#38926 lays
/// them side by side). Either way the view does not jump when a finger lands or lifts: the
/// driving point is re-anchored there, and only movement from then on moves the view.
public enum MultitouchPolicy: String, Hashable, Sendable, CaseIterable {
    /// The finger that landed last drives; when it lifts, the latest-landed of those still down
    /// takes over. Android's active pointer (`ViewDragHelper`, `RecyclerView`, `ViewPager` switch
    /// to another pointer on `ACTION_POINTER_UP`) and Flutter's default
    /// `MultitouchDragStrategy.latestPointer`. A second finger held still while the first goes
    /// on moving stops the view.
    case latestPointer
    /// The centroid of the fingers down drives: UIKit's `UIPanGestureRecognizer` (its
    /// translation does not jump when a finger lands or lifts) and Flutter's
    /// `averageBoundaryPointers` on iOS. A second finger held still halves the view's speed.
    case centroid
}

/// Merges the samples of several fingers into one stroke, the samples of one virtual finger the
/// driver follows (`MultitouchPolicy`). The first finger down begins the stroke and the last
/// one up ends it, at that finger's lift-off time and position; a finger that lands or lifts in
/// between only re-anchors the driving point, so the virtual finger never jumps; a cancelled finger cancels
/// the stroke (a system cancellation takes the whole gesture). A finger that lifts while every
/// other finger down has reported nothing since it landed ends the stroke too: their lift-offs
/// are taken as lost (a host that drops one, where each touch gets a new id, would otherwise
/// hold the stroke for ever), so a finger held perfectly still by a host that reports only
/// moving fingers gives the stroke to the one that lifts. With one finger the virtual
/// finger is that finger exactly (the same coordinates, bit for bit).
package struct PointerMerge: Sendable {
    /// One finger down: its id and newest position (points).
    struct Finger: Sendable {
        var id: Int?
        var x: Double
        var y: Double
        /// When it landed and when it last reported, seconds.
        var landed: Double
        var lastReport: Double
    }

    /// The fingers down, in the order they landed.
    private(set) var fingers: [Finger] = []
    /// The virtual finger minus the driving point, points: 0 until a finger lands or lifts
    /// while another is down.
    private var offsetX = 0.0, offsetY = 0.0
    /// The virtual finger's position as last given to the driver (or re-anchored), points.
    private var lastVirtual = (x: 0.0, y: 0.0)
    /// The latest landing of a finger while others were down, until a sample of a later instant:
    /// its time, how many fingers were down before it, and the offset then.
    /// A move of one of those fingers reported at the same instant is read as if it came before
    /// the landing, so one instant's samples give one position in any order.
    private var landing: (time: Double, fingersBefore: Int, offsetX: Double, offsetY: Double)?

    package init() {}

    /// Forgets every finger: the stroke they made has ended without their lift-offs (the driver
    /// was let go by code, refused the stroke, or a host lost a lift-off). A touch that begins
    /// when no stroke is being followed then starts one, whatever the ids of fingers that never
    /// reported their lift-off.
    package mutating func forgetFingers() {
        fingers.removeAll()
        (offsetX, offsetY) = (0, 0)
        landing = nil
    }

    /// The virtual finger's sample for `sample`, or nil when it changes nothing the driver sees
    /// (a finger landing or lifting while others stay down, a sample of a finger not down).
    package mutating func merge(_ sample: TouchSample, policy: MultitouchPolicy) -> TouchSample? {
        let index = fingers.firstIndex { $0.id == sample.pointer }
        if let landing, sample.time != landing.time { self.landing = nil }
        switch sample.phase {
        case .began:
            if fingers.isEmpty {
                fingers = [Finger(id: sample.pointer, x: sample.x, y: sample.y, landed: sample.time, lastReport: sample.time)]
                (offsetX, offsetY) = (0, 0)
                return virtual(sample, phase: .began, policy: policy)
            }
            // A finger already down that lands again (its lift-off was lost while the stroke went
            // on) is a landing like any other: it re-anchors, so the view does not jump.
            if let index { fingers.remove(at: index) }
            landing = (sample.time, fingers.count, offsetX, offsetY)
            fingers.append(Finger(id: sample.pointer, x: sample.x, y: sample.y, landed: sample.time, lastReport: sample.time))
            reanchor(keeping: lastVirtual, policy: policy)
            return nil
        case .changed:
            guard let index else { return nil }
            fingers[index].x = sample.x
            fingers[index].y = sample.y
            fingers[index].lastReport = sample.time
            if let landing, index < landing.fingersBefore {
                // One instant: this move and a landing after it in the report. The virtual
                // finger goes where the move would have taken it before the landing, and the
                // landing re-anchors there.
                guard policy == .centroid || index == landing.fingersBefore - 1 else { return nil }
                let before = drivingPoint(policy, among: landing.fingersBefore)
                let moved = (x: before.x + landing.offsetX, y: before.y + landing.offsetY)
                reanchor(keeping: moved, policy: policy)
                return TouchSample(time: sample.time, x: moved.x, y: moved.y, phase: .changed, isResampled: sample.isResampled)
            }
            return drives(index, policy) ? virtual(sample, phase: .changed, policy: policy) : nil
        case .ended, .cancelled:
            guard let index else { return nil }
            let lifting = fingers[index]
            let othersSilent = fingers.indices.allSatisfy { $0 == index || fingers[$0].lastReport < lifting.landed }
            if fingers.count > 1 && sample.phase == .ended && !othersSilent {
                // Another finger stays down: the lift only re-anchors (its last movement is not
                // shown: the others' positions are older than it, and adding it to their next
                // movement would move the view faster than any finger moved).
                fingers.remove(at: index)
                reanchor(keeping: lastVirtual, policy: policy)
                return nil
            }
            // The last finger up, or a cancellation (of the whole stroke): the stroke ends here.
            fingers[index].x = sample.x
            fingers[index].y = sample.y
            let last = virtual(sample, phase: sample.phase, policy: policy)
            fingers.removeAll()
            return last
        }
    }

    /// Whether finger `index`'s movement moves the virtual finger.
    private func drives(_ index: Int, _ policy: MultitouchPolicy) -> Bool {
        policy == .centroid || index == fingers.count - 1
    }

    /// The driving point now: the latest finger's position, or the centroid; of the first
    /// `count` fingers to land (all by default).
    private func drivingPoint(_ policy: MultitouchPolicy, among count: Int? = nil) -> (x: Double, y: Double) {
        let fingers = self.fingers.prefix(count ?? self.fingers.count)
        switch policy {
        case .latestPointer:
            let latest = fingers[fingers.count - 1]
            return (latest.x, latest.y)
        case .centroid:
            if fingers.count == 1 { return (fingers[0].x, fingers[0].y) }
            var x = 0.0, y = 0.0
            for finger in fingers { x += finger.x; y += finger.y }
            return (x / Double(fingers.count), y / Double(fingers.count))
        }
    }

    /// The virtual finger's position now, points.
    private func position(_ policy: MultitouchPolicy) -> (x: Double, y: Double) {
        let point = drivingPoint(policy)
        return (point.x + offsetX, point.y + offsetY)
    }

    /// Keeps the virtual finger at `position` while the driving point moves to the new set of
    /// fingers' one.
    private mutating func reanchor(keeping position: (x: Double, y: Double), policy: MultitouchPolicy) {
        lastVirtual = position
        let point = drivingPoint(policy)
        offsetX = position.x - point.x
        offsetY = position.y - point.y
    }

    /// The virtual finger's sample at `sample`'s time, in `phase`.
    private mutating func virtual(_ sample: TouchSample, phase: TouchPhase, policy: MultitouchPolicy) -> TouchSample {
        let (x, y) = position(policy)
        lastVirtual = (x, y)
        return TouchSample(time: sample.time, x: x, y: y, phase: phase, isResampled: sample.isResampled)
    }
}
