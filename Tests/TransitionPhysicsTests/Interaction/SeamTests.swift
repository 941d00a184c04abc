import Testing
import TransitionLab
@testable import TransitionPhysics

/// Where one capability meets another: a system cancel with detents, ids with a lost lift-off, a
/// catch or a call between a lift-off and its first frame, the axis lock's first event, and a
/// vetoed detent reached through the scroll hand-off.
@Suite struct SeamTests {
    /// A bottom sheet of 800 pt opening upward, detents 0, 0.5, 1, resting at 0.5.
    static func sheetAtHalf() -> InteractiveTransition {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up))
        sheet.detents = [0, 0.5, 1]
        sheet.jump(to: 0.5, at: 0)
        _ = sheet.advance(to: 0.01)
        return sheet
    }

    /// A finger at `x` moving `dx` per 8 ms for `moves` moves from `start`, lifted (`lift`)
    /// 8 ms after the last move at its last position.
    static func stroke(start: Double, x: Double = 200, y: Double = 400, dx: Double = 0, dy: Double = 0, moves: Int, lift: TouchPhase = .ended, pointer: Int? = nil) -> [TouchSample] {
        var samples = [TouchSample(time: start, x: x, y: y, phase: .began, pointer: pointer)]
        for i in 1...moves {
            samples.append(TouchSample(time: start + Double(i) * 0.008, x: x + Double(i) * dx, y: y + Double(i) * dy, phase: .changed, pointer: pointer))
        }
        let last = samples[samples.count - 1]
        samples.append(TouchSample(time: last.time + 0.008, x: last.x, y: last.y, phase: lift, pointer: pointer))
        return samples
    }

    @Test("a drag the system cancels returns the sheet to the detent it began at, not to the first", arguments: [-6.0, 6.0])
    func systemCancelReturnsToTheTouchDownDetent(dy: Double) {
        var sheet = Self.sheetAtHalf()
        var release: InteractiveTransition.Release?
        for sample in Self.stroke(start: 0.1, dy: dy, moves: 12, lift: .cancelled) {
            if let r = sheet.handle(sample) { release = r }
        }
        #expect(release?.detent == 0.5)
        #expect(release?.state.velocity == 0)
        #expect(sheet.advance(to: 3).progress == 0.5)
    }

    @Test("a drag that catches a completion and is cancelled by the system goes on to that completion's detent")
    func systemCancelOfACatchGoesToTheCaughtDetent() {
        var sheet = Self.sheetAtHalf()
        sheet.retarget(to: 1, at: 0.1)
        _ = sheet.advance(to: 0.15)
        var release: InteractiveTransition.Release?
        for sample in Self.stroke(start: 0.16, dy: 4, moves: 5, lift: .cancelled) {
            if let r = sheet.handle(sample) { release = r }
        }
        #expect(release?.detent == 1)
    }

    /// A finger's lift-off lost while its stroke goes on, then the same finger (the same id, or
    /// no id) landing elsewhere: a landing like any other, so the view does not jump and follows
    /// the new touch from there.
    @Test("the same finger landing again mid-stroke (its lift-off lost) re-anchors: no jump", arguments: [nil, 7] as [Int?])
    func sameFingerLandingAgainMidStroke(pointer: Int?) {
        var sheet = Self.sheetAtHalf()
        for sample in Self.stroke(start: 0.1, dy: -4, moves: 10, pointer: pointer).dropLast() { sheet.handle(sample) }
        let before = sheet.advance(to: 0.19).progress
        #expect(abs(before - (0.5 + 40.0 / 800)) < 1e-12)
        // The lift-off never came; the finger lands again 300 pt away and moves 80 pt up.
        let again = Self.stroke(start: 0.3, y: 700, dy: -8, moves: 10, pointer: pointer).dropLast()
        sheet.handle(again[again.startIndex])
        #expect(sheet.progress(at: 0.3) == before)
        for sample in again.dropFirst() { sheet.handle(sample) }
        #expect(abs(sheet.advance(to: 0.39).progress - (before + 80.0 / 800)) < 1e-12)
        guard case .tracking = sheet.phase else {
            Issue.record("the stroke goes on")
            return
        }
    }

    /// A stroke from rest on the middle detent, a rotation before the axis lock judges it (the
    /// view keeps its place in points, off the detent's new fraction), then refused: the view
    /// settles on the detent rather than staying off it.
    @Test("a stroke refused after a rotation settles the view on its detent")
    func refusedAfterARotationSettles() {
        var sheet = Self.sheetAtHalf()
        sheet.mapping.axisLock = AxisLock()
        sheet.handle(TouchSample(time: 0.1, x: 200, y: 400, phase: .began))
        sheet.updateLayout(travel: 1_000, at: 0.11)
        for i in 1...4 { sheet.handle(TouchSample(time: 0.11 + Double(i) * 0.008, x: 200 + Double(i) * 6, y: 400, phase: .changed)) }
        let frame = sheet.advance(to: 0.15)
        #expect(frame.events.map(\.name).contains("refused"))
        #expect(frame.target == 0.5)
        #expect(sheet.advance(to: 3).progress == 0.5)
    }

    @Test("after a lost lift-off, a touch with a new id starts a new stroke", arguments: [false, true])
    func aLostLiftOffDoesNotLockLaterStrokes(letGoByCode: Bool) {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        // Finger 1 drags and its lift-off never arrives.
        for sample in Self.stroke(start: 0, dx: 4, moves: 10, pointer: 1).dropLast() { transition.handle(sample) }
        if letGoByCode {
            transition.cancel(at: 0.1)
            _ = transition.advance(to: 2)
        }
        // Finger 2 (a browser's next pointerId) flicks and lifts: a release, then a completion.
        var releases: [InteractiveTransition.Release] = []
        for sample in Self.stroke(start: 3, x: 100, dx: 12, moves: 8, pointer: 2) {
            if let release = transition.handle(sample) { releases.append(release) }
        }
        #expect(releases.count == 1)
        #expect(releases.first?.detent == 1)
        // Finger 3 after that: a stroke of its own again.
        _ = transition.advance(to: 5)
        var began = false
        for sample in Self.stroke(start: 6, x: 300, dx: -12, moves: 8, pointer: 3) {
            transition.handle(sample)
            began = began || transition.advance(to: sample.time).events.contains(.began)
        }
        #expect(began)
        #expect(transition.releases.count == 2)   // fingers 2 and 3; finger 1 never released
    }

    @Test("two fingers really down: the first lifting while the second reports stays one stroke")
    func aRealSecondFingerStillJoinsTheStroke() {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        transition.handle(TouchSample(time: 0, x: 100, phase: .began, pointer: 1))
        transition.handle(TouchSample(time: 0.008, x: 104, phase: .changed, pointer: 1))
        transition.handle(TouchSample(time: 0.010, x: 300, phase: .began, pointer: 2))
        transition.handle(TouchSample(time: 0.016, x: 108, phase: .changed, pointer: 1))
        transition.handle(TouchSample(time: 0.017, x: 304, phase: .changed, pointer: 2))
        // Finger 1 lifts while finger 2 has reported since it landed: the stroke goes on.
        #expect(transition.handle(TouchSample(time: 0.020, x: 108, phase: .ended, pointer: 1)) == nil)
        #expect(transition.phase.isTracking)
        #expect(transition.handle(TouchSample(time: 0.030, x: 310, phase: .ended, pointer: 2)) != nil)
    }

    @Test("a catch or a call between a lift-off and its first frame starts from what a frame then shows", arguments: [0.004, 0.010, 0.020, 0.040])
    func betweenLiftOffAndItsFirstFrame(after: Double) {
        func released() -> (InteractiveTransition, Double) {
            var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
            transition.pixelsPerPoint = 3
            var t = 0.0
            transition.handle(TouchSample(time: t, x: 100, phase: .began))
            _ = transition.advance(to: t)
            for i in 1...12 {
                t = Double(i) / 120
                transition.handle(TouchSample(time: t - 0.002, x: 100 + Double(i) * 10, phase: .changed))
                _ = transition.advance(to: t)
            }
            // The lift-off moves once more: its position is shown by the next frame.
            transition.handle(TouchSample(time: t + 0.004, x: 100 + 13 * 10, phase: .ended))
            return (transition, t + 0.004)
        }
        let (reference, lift) = released()
        var framed = reference
        let shown = framed.advance(to: lift + after)
        // A retarget at that time starts from what the frame shows, progress and velocity.
        var retargeted = reference
        retargeted.retarget(to: 1, at: lift + after)
        let start = retargeted.advance(to: lift + after)
        #expect(abs(start.progress - shown.progress) < 1e-12)
        #expect(abs(start.velocity - shown.velocity) < 1e-9)
        // A touch-down at that time catches the view where the frame shows it.
        var caught = reference
        caught.handle(TouchSample(time: lift + after, x: 400, phase: .began))
        #expect(abs(caught.advance(to: lift + after).progress - shown.progress) < 1e-12)
        // And progress(at:) says so before any frame.
        #expect(abs(reference.progress(at: lift + after) - shown.progress) < 1e-12)
    }

    @Test("a lift-off that moves, delivered after the frame that covers its time, starts from the position a frame shows next")
    func aLateLiftOffStartsFromAShownPosition() {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        var t = 0.0
        transition.handle(TouchSample(time: t, x: 100, phase: .began))
        var previous = transition.advance(to: t).progress
        for i in 1...10 {
            t = Double(i) / 60
            transition.handle(TouchSample(time: t - 0.004, x: 100 + Double(i) * 12, phase: .changed))
            previous = transition.advance(to: t).progress
        }
        // The frame at t + 1/60 is drawn before the lift-off stamped inside it is delivered.
        let frame = t + 1.0 / 60
        previous = transition.advance(to: frame).progress
        transition.handle(TouchSample(time: frame - 0.006, x: 100 + 11 * 12, phase: .ended))
        let next = transition.advance(to: frame + 1.0 / 60)
        // The next frame shows the lift-off's position: the step is the finger's 12 pt.
        #expect(abs((next.progress - previous) * 390 - 12) < 0.5)
    }

    @Test("a refused stroke reports .refused alone; an accepted one reports .began when the lock accepts it")
    func theAxisLockDecidesBeforeBegan() {
        var mapping = ProgressMapping(travel: 390, toward: .right)
        mapping.axisLock = AxisLock()
        var transition = InteractiveTransition(mapping: mapping)
        var events: [String] = []
        for sample in Self.stroke(start: 0, dx: 0, dy: 4, moves: 6) {
            transition.handle(sample)
            events += transition.advance(to: sample.time).events.map(\.name)
        }
        #expect(events == ["refused"])
        events = []
        for sample in Self.stroke(start: 1, dx: 4, moves: 6) {
            transition.handle(sample)
            events += transition.advance(to: sample.time).events.map(\.name)
        }
        #expect(events.first == "began")
        #expect(events.filter { $0 == "began" }.count == 1)
        // A tap too short to judge still began before it released.
        events = []
        _ = transition.advance(to: 5)
        for sample in [TouchSample(time: 6, x: 100, phase: .began), TouchSample(time: 6.05, x: 101, phase: .ended)] {
            transition.handle(sample)
            events += transition.advance(to: sample.time).events.map(\.name)
        }
        #expect(Array(events.prefix(2)) == ["began", "released"])
    }

    @Test("a list's edge fling carried into the sheet toward a vetoed detent reports .detentRefused")
    func theHandoffReportsARefusedDetent() {
        var sheet = Self.sheetAtHalf()
        sheet.refusesDetent = { $0 == 0 }
        var scrolling = ScrollingSheet(sheet: sheet, maximumContentOffset: 2_000)
        scrolling.edgeFling = .continuesIntoSheet
        scrolling.contentOffset = 300
        var events: [TransitionEvent] = []
        // A fast flick down scrolls the list back; its coast reaches the top and flings the sheet down.
        for sample in Self.stroke(start: 0.1, dy: 30, moves: 6) {
            scrolling.handle(sample)
            events += scrolling.advance(to: sample.time).sheet.events
        }
        var t = 0.2
        while t < 3 {
            events += scrolling.advance(to: t).sheet.events
            t += 1.0 / 60
        }
        #expect(events.contains(.detentRefused(0)))
        #expect(scrolling.advance(to: 4).sheet.progress == 0.5)
    }
}

extension InteractiveTransition.Phase {
    /// Whether a finger is driving.
    var isTracking: Bool {
        if case .tracking = self { return true }
        return false
    }
}

/// The sheet's own rules inside a `ScrollingSheet`.
@Suite struct ScrollingSheetSeamTests {
    static func rig(lock: AxisLock? = AxisLock(), content: Double = 2_000) -> ScrollingSheet {
        var sheet = SeamTests.sheetAtHalf()
        sheet.mapping.axisLock = lock
        return ScrollingSheet(sheet: sheet, maximumContentOffset: content)
    }

    @Test("a stroke 120 pt across and 30 pt up is refused by the sheet's axis lock: neither the sheet nor its list moves")
    func theAxisLockAppliesInAScrollingSheet() {
        var rig = Self.rig()
        var events: [TransitionEvent] = []
        for sample in SeamTests.stroke(start: 0.1, dx: 12, dy: -3, moves: 10) {
            rig.handle(sample)
            let frame = rig.advance(to: sample.time)
            events += frame.sheet.events
            #expect(frame.sheet.progress == 0.5 && frame.contentOffset == 0)
        }
        #expect(events.map(\.name) == ["refused"])
        // A vertical stroke after it opens the sheet.
        for sample in SeamTests.stroke(start: 1, dy: -12, moves: 10) { rig.handle(sample) }
        #expect(rig.advance(to: 1.2).sheet.progress > 0.6)
    }

    @Test("a drag the system cancels returns the scrolling sheet to the detent it began at")
    func systemCancelInAScrollingSheet() {
        var rig = Self.rig(lock: nil)
        var release: InteractiveTransition.Release?
        for sample in SeamTests.stroke(start: 0.1, dy: 8, moves: 12, lift: .cancelled) {
            if let r = rig.handle(sample) { release = r }
        }
        #expect(release?.detent == 0.5)
        #expect(rig.advance(to: 3).sheet.progress == 0.5)
    }
}

extension ScrollingSheetSeamTests {
    /// The sheet rests fully open while the list scrolls; a flick back toward the list's top
    /// coasts there and hands its velocity to the sheet. `.completed` is reported once per rest:
    /// at the lift-off (the sheet rests while the list coasts) and after the hand-off's bounce,
    /// each after a motion of its own (`.released`, `.retargeted`), never twice for one rest.
    @Test("a list fling that reaches the top reports one .completed per rest of the sheet", arguments: ScrollingSheet.EdgeFling.allCases)
    func oneCompletedPerRest(edgeFling: ScrollingSheet.EdgeFling) {
        var rig = Self.rig(lock: nil)
        rig.edgeFling = edgeFling
        rig.sheet.jump(to: 1, at: 0.02)
        rig.contentOffset = 300
        var names: [String] = []
        for sample in SeamTests.stroke(start: 0.1, dy: 16, moves: 12) {
            rig.handle(sample)
            names += rig.advance(to: sample.time).sheet.events.map(\.name)
        }
        var time = 0.3
        while time < 4 {
            names += rig.advance(to: time).sheet.events.map(\.name)
            time += 1.0 / 120
        }
        #expect(names.contains("retargeted"), "the coast reached the top: \(names)")
        var moved = true
        for name in names {
            if name == "completed" {
                #expect(moved, "a second .completed with no motion since the last: \(names)")
                moved = false
            } else if ["released", "retargeted", "interrupted"].contains(name) {
                moved = true
            }
        }
        #expect(!moved && names.filter { $0 == "completed" }.count == 3, "\(names)")
    }

    @Test("with the top detent vetoed, a finger opening the sheet stops it at the last allowed detent and scrolls the list")
    func theSplitHonoursTheVeto() {
        var rig = Self.rig(lock: nil)
        rig.sheet.refusesDetent = { $0 == 1 }
        for sample in SeamTests.stroke(start: 0.1, dy: -10, moves: 60).dropLast() {
            rig.handle(sample)
            _ = rig.advance(to: sample.time)
        }
        let frame = rig.advance(to: 0.6)
        // 600 pt of finger: the sheet stays at 0.5 (400 pt), the list takes all of it.
        #expect(frame.sheet.progress == 0.5)
        #expect(abs(frame.contentOffset - 600) < 1e-9)
    }

    @Test("shrinking the content's range during a coast stops the coast")
    func aShrinkingRangeStopsTheCoast() {
        var rig = Self.rig(lock: nil)
        rig.sheet.jump(to: 1, at: 0.05)
        for sample in SeamTests.stroke(start: 0.1, dy: -20, moves: 10) {
            rig.handle(sample)
            _ = rig.advance(to: sample.time)
        }
        var t = 0.2
        let moving = rig.advance(to: t)
        #expect(moving.contentVelocity > 100)
        rig.maximumContentOffset = moving.contentOffset - 50
        for _ in 0..<30 {
            t += 1.0 / 60
            let frame = rig.advance(to: t)
            #expect(frame.contentVelocity == 0 && frame.contentOffset == rig.maximumContentOffset)
        }
    }

    @Test("the scrolling sheet's release velocity is a plain sheet's on the same noisy finger", arguments: [1, 2, 3, 4, 5])
    func oneVelocityWhicheverPartReadsIt(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var rig = Self.rig(lock: nil, content: 0)
        var plain = SeamTests.sheetAtHalf()
        var y = 600.0
        var samples = [TouchSample(time: 0.1, y: y, phase: .began)]
        for i in 1...20 {
            y -= 4 + Double(generator.next() % 1000) / 1000 - 0.5
            samples.append(TouchSample(time: 0.1 + Double(i) / 120, y: y, phase: .changed))
        }
        samples.append(TouchSample(time: samples.last!.time + 0.004, y: y, phase: .ended))
        var a: InteractiveTransition.Release?, b: InteractiveTransition.Release?
        for sample in samples {
            if let r = rig.handle(sample) { a = r }
            if let r = plain.handle(sample) { b = r }
        }
        let sheetVelocity = try! #require(a?.state.velocity), plainVelocity = try! #require(b?.state.velocity)
        #expect(abs(sheetVelocity - plainVelocity) <= 1e-9 * max(1, abs(plainVelocity)), "\(sheetVelocity) vs \(plainVelocity)")
    }
}

/// What the driver says of itself over a long life.
@Suite struct DriverStateTests {
    @Test("the phase says rest once .completed is reported, and says completing until then")
    func thePhaseSaysRest() {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        transition.finish(at: 0)
        var t = 0.0, completedAt: Double?
        while completedAt == nil && t < 5 {
            t += 1.0 / 120
            let frame = transition.advance(to: t)
            if frame.events.contains(.completed(progress: 1)) { completedAt = t }
            switch transition.phase {
            case .completing: #expect(completedAt == nil)
            case .atRest(let animation): #expect(completedAt != nil && animation.curve.target == 1)
            default: Issue.record("phase \(transition.phase) at \(t)")
            }
        }
        #expect(completedAt != nil)
        // A new touch starts from rest: tracking, then completing again.
        transition.handle(TouchSample(time: t + 0.1, x: 300, phase: .began))
        if case .tracking = transition.phase {} else { Issue.record("not tracking: \(transition.phase)") }
    }

    @Test("releases keeps the newest 16; every release is still reported by its event")
    func theReleaseHistoryIsBounded() {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        var reported = 0
        for stroke in 0..<40 {
            let start = Double(stroke) * 2
            for sample in SeamTests.stroke(start: start, x: 100, dx: stroke % 2 == 0 ? 10 : -10, moves: 5) {
                transition.handle(sample)
                reported += transition.advance(to: sample.time).events.filter { $0.name == "released" }.count
            }
            _ = transition.advance(to: start + 1.9)
        }
        #expect(reported == 40)
        #expect(transition.releases.count == 16)
        #expect(transition.releases.last?.time == 78 + 6 * 0.008)
    }
}
