import Testing
@testable import TransitionPhysics

/// The scroll hand-off with the other rules: several fingers are merged before the split, and
/// the sheet's axis lock leaves a shared stroke alone (the scroll view decides the axis).
@Suite struct ScrollingSheetFingersTests {
    /// The hand-off rig of `ScrollingSheetTests`: a sheet at 0.5 of 800 pt, content 0...1000.
    static func rig(lock: AxisLock? = nil) -> ScrollingSheet {
        var rig = ScrollingSheetTests.rig(at: 0.5)
        rig.sheet.mapping.axisLock = lock
        return rig
    }

    @Test("two fingers moving up together, the first lifting halfway: sheet plus content move as the fingers, in every frame")
    func twoFingersNoLostPoints() {
        for policy in MultitouchPolicy.allCases {
            var rig = Self.rig()
            rig.sheet.multitouch = policy
            var previous = ScrollingSheetTests.shown(rig.advance(to: 1), at: 1)
            // Both fingers 6 pt up a frame at 120 Hz, reported at the same instant; B lands at
            // frame 10, A lifts at frame 40, B lifts at frame 80: the sheet opens (0.5 -> 1 is
            // 400 pt) and the content scrolls the rest.
            rig.handle(TouchSample(time: 1, y: 700, phase: .began, pointer: 1))
            for frame in 1...80 {
                let time = 1 + Double(frame) / 120
                let step = 6 * Double(frame)
                if frame < 40 { rig.handle(TouchSample(time: time, y: 700 - step, phase: .changed, pointer: 1)) }
                if frame == 40 { rig.handle(TouchSample(time: time, y: 700 - step, phase: .ended, pointer: 1)) }
                if frame == 10 { rig.handle(TouchSample(time: time, y: 500 - step, phase: .began, pointer: 2)) }
                if frame > 10 { rig.handle(TouchSample(time: time, y: 500 - step, phase: frame == 80 ? .ended : .changed, pointer: 2)) }
                let shown = ScrollingSheetTests.shown(rig.advance(to: time), at: time)
                if frame < 80 {
                    #expect(abs(shown.total - previous.total - 6) < 1e-9, "\(policy) frame \(frame): \(shown.total - previous.total) pt")
                }
                previous = shown
            }
            #expect(previous.content > 0)
        }
    }

    @Test("a sheet with an axis lock inside a scrolling sheet still follows a shared stroke up")
    func lockDoesNotRefuseTheSharedFinger() {
        var locked = Self.rig(lock: AxisLock()), free = Self.rig()
        let ys = ScrollingSheetTests.stroke(speed: -900, duration: 0.6, hz: 120, from: 700)
        let a = ScrollingSheetTests.drive(&locked, ys: ys, hz: 120), b = ScrollingSheetTests.drive(&free, ys: ys, hz: 120)
        // The lock judges the finger's own stroke at its 10 pt slop (7.5 pt a frame here): until
        // then nothing moves, as a plain transition with the lock holds; from then on the same frames.
        let judged = 2
        #expect(a.prefix(judged).allSatisfy { $0.total == a[0].total })
        #expect(Array(a.dropFirst(judged).map(\.total)) == Array(b.dropFirst(judged).map(\.total)))
        #expect(!a.flatMap(\.events).contains { $0.name == "refused" })
    }
}
