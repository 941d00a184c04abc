import Testing
@testable import TransitionPhysics

/// Detents as values: an identity and a size (a fraction, points, or the app's resolver), resolved
/// at every layout change.
@Suite struct DetentValueTests {
    /// A bottom sheet of `travel` pt opening upward, on a 3x display.
    static func sheet(travel: Double = 800, detents: [Detent]) -> InteractiveTransition {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: travel, toward: .up))
        sheet.pixelsPerPoint = 3
        sheet.detents = detents
        return sheet
    }

    static let peek = Detent.points(200, id: "peek")

    @Test("detents in any order, or several at one position, are resolved ascending and merged into the first given")
    func anyOrderAndEqualSizes() {
        var sheet = Self.sheet(detents: [1, Self.peek, 0, 0.25, .fraction(0.5, id: "half"), 0.5])
        // 200 pt of 800 is 0.25: the peek detent, given first, keeps that position.
        #expect(sheet.resolvedDetents == [0, ResolvedDetent(id: "peek", progress: 0.25), ResolvedDetent(id: "half", progress: 0.5), 1])
        sheet.jump(to: 0.25, at: 0)
        #expect(sheet.currentDetent(at: 0) == "peek")
        // The same at a new travel: 200 pt of 400 is 0.5, where "half" and 0.5 are: merged into peek.
        sheet.updateLayout(travel: 400, at: 1)
        #expect(sheet.resolvedDetents.map(\.id) == [0, 0.25, "peek", 1])
    }

    @Test("a 200 pt detent is 200 pt before and after a rotation, at rest and mid-completion", arguments: [false, true])
    func aPointsDetentKeepsItsSize(midCompletion: Bool) {
        var sheet = Self.sheet(detents: [0, Self.peek, 1])
        if midCompletion {
            sheet.jump(to: 1, at: 0)
            sheet.retarget(toDetent: "peek", at: 0.1)
            _ = sheet.advance(to: 0.15)
            sheet.updateLayout(travel: 390, at: 0.15)
        } else {
            sheet.jump(toDetent: "peek", at: 0)
            #expect(sheet.advance(to: 0.1).progress * 800 == 200)
            sheet.updateLayout(travel: 390, at: 0.1)
            // At rest: nothing moves, in points, through the rotation.
            let after = sheet.advance(to: 0.1)
            #expect(abs(after.progress * 390 - 200) < 1e-9 && after.isAtRest)
        }
        var t = 0.15, frame = sheet.advance(to: t)
        while !frame.isAtRest && t < 5 {
            t += 1.0 / 120
            frame = sheet.advance(to: t)
        }
        #expect(abs(frame.progress * 390 - 200) < 1e-9)
        #expect(sheet.currentDetent(at: t) == "peek")
        // And back to portrait: 200 pt again.
        sheet.updateLayout(travel: 800, at: t)
        #expect(abs(sheet.advance(to: t).progress * 800 - 200) < 1e-9)
    }

    @Test("resting exactly on a detent recomputed for the new travel, the sheet stays on it (not dismissed)")
    func restingOnTheRecomputedDetent() {
        var sheet = Self.sheet(detents: [0, .fraction(200.0 / 800, id: "peek"), 1])
        sheet.jump(toDetent: "peek", at: 0)
        sheet.updateLayout(travel: 390, detents: [0, .fraction(200.0 / 390, id: "peek"), 1], at: 0.1)
        var t = 0.1, frame = sheet.advance(to: t)
        while !frame.isAtRest && t < 5 {
            t += 1.0 / 120
            frame = sheet.advance(to: t)
        }
        #expect(abs(frame.progress * 390 - 200) < 1e-9 && sheet.currentDetent(at: t) == "peek")
    }

    @Test("a content-sized detent follows the content length the app reports")
    func contentSizedDetent() {
        let fits = Detent.custom(id: "content") { layout in layout.contentLength.map { $0 + 34 } }
        var sheet = Self.sheet(detents: [0, fits, 1])
        // Not reported yet: inactive.
        #expect(sheet.resolvedDetents.map(\.id) == [0, 1])
        sheet.updateLayout(contentLength: 266, at: 0)
        #expect(sheet.resolvedDetents == [0, ResolvedDetent(id: "content", progress: 300.0 / 800), 1])
        sheet.jump(toDetent: "content", at: 0)
        // The content grows to 366 pt: the sheet goes with it, to 400 pt.
        sheet.updateLayout(contentLength: 366, at: 1)
        var t = 1.0, frame = sheet.advance(to: t)
        while !frame.isAtRest && t < 5 {
            t += 1.0 / 120
            frame = sheet.advance(to: t)
        }
        #expect(abs(frame.progress * 800 - 400) < 1e-9)
    }

    @Test("an inactive detent is skipped by releases, stepping and the veto; a view resting on it moves to the nearest active one with one event")
    func inactiveDetents() {
        // Active only while the travel is at least 600 pt (a landscape phone has no room for it).
        let tall = Detent.custom(id: "tall") { layout in layout.travel >= 600 ? 500 : nil }
        var sheet = Self.sheet(detents: [0, Self.peek, tall, 1])
        sheet.jump(toDetent: "tall", at: 0)
        _ = sheet.advance(to: 0.01)
        sheet.updateLayout(travel: 390, at: 0.1)
        let change = sheet.advance(to: 0.1)
        #expect(change.events.filter { $0 == .detentInactive("tall") }.count == 1)
        #expect(change.events.map(\.name) == ["detentInactive", "layoutChanged"])
        #expect(sheet.resolvedDetents.map(\.id) == [0, "peek", 1])
        // 500 pt of 800 kept in points is past the 390 pt travel: the nearest active detent is the top.
        #expect(change.target == 1)
        // Stepping down from the top skips the inactive detent: peek.
        var t = 0.1, frame = change
        while !frame.isAtRest && t < 5 {
            t += 1.0 / 120
            frame = sheet.advance(to: t)
        }
        let stepped = sheet.step(.previous, at: t)
        #expect(stepped)
        #expect(sheet.currentDetent(at: t) == "peek")
        // A veto naming the inactive detent changes nothing; releases land only on active ones.
        sheet.refusesDetent = { $0 == "tall" }
        var release: InteractiveTransition.Release?
        sheet.handle(TouchSample(time: 6, y: 500, phase: .began))
        for i in 1...8 { sheet.handle(TouchSample(time: 6 + Double(i) * 0.008, y: 500 - 4 * Double(i), phase: .changed)) }
        release = sheet.handle(TouchSample(time: 6.08, y: 468, phase: .ended))
        let active: [Detent.ID] = [0, "peek", 1]
        #expect(release != nil && active.contains(release!.detent))
    }

    @Test("a release that settles at a middle detent names it, and is neither finish nor cancel")
    func aMiddleDetentIsReportedAsItself() {
        var sheet = Self.sheet(detents: [0, .fraction(0.5, id: "half"), 1])
        var release: InteractiveTransition.Release?
        sheet.handle(TouchSample(time: 0, y: 700, phase: .began))
        for i in 1...10 { sheet.handle(TouchSample(time: Double(i) / 60, y: 700 - 40 * Double(i), phase: .changed)) }
        // Held still at 400 pt (half) for 0.2 s, then lifted: no velocity.
        sheet.handle(TouchSample(time: 10.0 / 60 + 0.2, y: 300, phase: .changed))
        release = sheet.handle(TouchSample(time: 10.0 / 60 + 0.3, y: 300, phase: .ended))
        #expect(release?.detent == "half")
        #expect(release?.completion.curve.target == 0.5)
        #expect(release?.decision == nil)
        #expect(TransitionEvent.released(release!).description.contains("to detent half at 0.5"))
    }
}
