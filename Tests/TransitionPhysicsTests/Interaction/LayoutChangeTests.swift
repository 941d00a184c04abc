import Testing
@testable import TransitionPhysics

/// Layout changes in every phase: the view stays where it is on screen, in points, and keeps its
/// speed in points per second; then it goes on in the new layout.
@Suite struct LayoutChangeTests {
    /// A sheet of `travel` points (up is progress) with detents [0, 0.5, 1] on a 3x display.
    static func sheet(travel: Double = 800) -> InteractiveTransition {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: travel, toward: .up), estimator: LastTwoPointsEstimator())
        transition.detents = [0, 0.5, 1]
        transition.pixelsPerPoint = 3
        return transition
    }

    /// A rotation while a finger drags: the view stays under the finger, the velocity in points
    /// per second is kept, further movement moves the view point for point, and the release's
    /// velocity is the finger's in the new travel (no mix of scales).
    @Test func aRotationWhileDragging() {
        var transition = Self.sheet()
        for i in 0...10 { transition.handle(TouchSample(time: Double(i) / 120, y: 700 - 300 * Double(i) / 120, phase: i == 0 ? .began : .changed)) }
        let before = transition.advance(to: 10.0 / 120)
        #expect(abs(before.velocity * 800 - 300) < 1e-9)   // 300 pt/s
        transition.updateLayout(travel: 390, at: 10.0 / 120)
        let after = transition.advance(to: 10.0 / 120)
        #expect(abs(after.progress * 390 - before.progress * 800) < 1e-9)   // points, continuous
        #expect(abs(after.velocity * 390 - before.velocity * 800) < 1e-9)   // points per second
        // The same speed in points per second is more travels per second of the shorter travel:
        // a release now would reach the middle detent (the frame says so once).
        #expect(after.events == [.layoutChanged(travel: 390, detents: [0, 0.5, 1]), .releaseDetentChanged(0.5)])
        for i in 11...14 { transition.handle(TouchSample(time: Double(i) / 120, y: 700 - 300 * Double(i) / 120, phase: .changed)) }
        let moved = transition.advance(to: 14.0 / 120)
        #expect(abs((moved.progress - after.progress) * 390 - 300 * 4 / 120) < 1e-9)
        let release = transition.handle(TouchSample(time: 14.0 / 120 + 0.004, y: 700 - 300 * 14 / 120, phase: .ended))!
        #expect(abs(release.state.velocity * 390 - 300) < 1e-9)
    }

    /// A layout change that puts a dragged view past the new ends: it stays where it is, and the
    /// overdrag rule applies to further movement only.
    @Test func aShrinkPastTheEndWhileDragging() {
        var transition = Self.sheet()
        transition.handle(TouchSample(time: 0, y: 700, phase: .began))
        transition.handle(TouchSample(time: 0.1, y: 100, phase: .changed))   // 600 pt: 0.75
        let shown = transition.advance(to: 0.1).progress
        transition.updateLayout(travel: 400, at: 0.1)   // 600 pt is 1.5 of the new travel
        #expect(abs(transition.advance(to: 0.1).progress * 400 - shown * 800) < 1e-9)
        transition.handle(TouchSample(time: 0.2, y: 50, phase: .changed))   // further out: clamped
        #expect(abs(transition.advance(to: 0.2).progress - 1.5) < 1e-12)
        transition.handle(TouchSample(time: 0.3, y: 300, phase: .changed))   // 200 pt back in
        #expect(abs(transition.advance(to: 0.3).progress - 1.0) < 1e-12)
    }

    /// A keyboard that shrinks the detents while a completion plays: the position and velocity
    /// in points are kept at the change, the completion goes to the nearest remaining detent,
    /// and its one-pixel end is that of the new curve.
    @Test func aKeyboardShrinksTheDetentsMidFlight() {
        var transition = Self.sheet()
        transition.retarget(to: 0.5, at: 0)
        let before = transition.advance(to: 0.08)
        transition.updateLayout(detents: [0, 0.4, 0.8], at: 0.08)
        let after = transition.advance(to: 0.08)
        #expect(after.progress == before.progress && after.velocity == before.velocity)
        #expect(after.target == 0.4)
        // The 0.5 it was going to is gone: one event names it, then the layout.
        #expect(after.events == [.detentInactive(0.5), .layoutChanged(travel: 800, detents: [0, 0.4, 0.8])])
        guard case .completing(let animation) = transition.phase else { Issue.record("not completing"); return }
        #expect(animation.endTime == 0.08 + animation.curve.restTime(tolerance: transition.pixelTolerance))
        let end = transition.advance(to: animation.endTime)
        #expect(end.progress == 0.4 && end.events == [.completed(progress: 0.4)])
    }

    /// A detent removed mid-flight: the completion goes to the nearest one left.
    @Test func aDetentRemovedMidFlight() {
        var transition = Self.sheet()
        transition.finish(at: 0)
        _ = transition.advance(to: 0.05)
        transition.detents = [0, 0.5]   // the setter: a layout change at the latest frame
        let update = transition.advance(to: 0.05)
        #expect(update.target == 0.5 && update.events.map(\.name) == ["detentInactive", "layoutChanged"])
    }

    /// A rotation at rest at the middle detent: the view stays where it was in points at the
    /// change, then settles at the same detent of the new travel and reports it.
    @Test func aRotationAtRest() {
        var transition = Self.sheet()
        transition.retarget(to: 0.5, at: 0)
        #expect(transition.advance(to: 2).isAtRest)
        transition.mapping.travel = 600   // the setter: at the latest frame, 2
        let after = transition.advance(to: 2)
        #expect(abs(after.progress * 600 - 400) < 1e-9 && after.velocity == 0)
        #expect(after.target == 0.5 && !after.isAtRest)
        var frame = 2.0, last = after
        while !last.isAtRest && frame < 5 { frame += 1.0 / 120; last = transition.advance(to: frame) }
        #expect(last.progress == 0.5 && last.events.contains(.completed(progress: 0.5)))
        // A change that moves nothing starts nothing.
        transition.updateLayout(travel: 600, detents: [0, 0.5, 1], at: frame)
        #expect(transition.advance(to: frame).isAtRest)
    }

    /// A new pixel density recomputes a running completion's end (one physical pixel).
    @Test func aNewPixelDensityRecomputesTheEnd() {
        var transition = Self.sheet()
        transition.retarget(to: 1, at: 0)
        guard case .completing(let threeX) = transition.phase else { Issue.record("not completing"); return }
        transition.pixelsPerPoint = 1
        guard case .completing(let oneX) = transition.phase else { Issue.record("not completing"); return }
        #expect(oneX.endTime < threeX.endTime)
        #expect(oneX.endTime == oneX.curve.restTime(tolerance: 1 / 800.0))
    }
}
