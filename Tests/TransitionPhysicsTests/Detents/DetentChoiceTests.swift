import Testing
@testable import TransitionPhysics

/// Stepping between detents (VoiceOver's increment and decrement), the detent policies, and an
/// app's veto.
@Suite struct DetentChoiceTests {
    /// A bottom sheet: 800 pt along y, up is progress, detents [0, 0.5, 1], the default model.
    static func sheet(overdrag: ProgressMapping.Overdrag = .clamp) -> InteractiveTransition {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up, overdrag: overdrag))
        transition.detents = [0, 0.5, 1]
        return transition
    }

    /// A flick from y = `from` by `distance` points (negative: up) in 10 steps of 8 ms, lifted 8 ms later.
    static func flick(_ transition: inout InteractiveTransition, at start: Double, from: Double = 700, distance: Double) -> InteractiveTransition.Release? {
        transition.handle(TouchSample(time: start, y: from, phase: .began))
        for i in 1...10 { transition.handle(TouchSample(time: start + Double(i) * 0.008, y: from + distance * Double(i) / 10, phase: .changed)) }
        return transition.handle(TouchSample(time: start + 0.088, y: from + distance, phase: .ended))
    }

    @Test("step moves to the neighbouring detent with a completion from what is shown, and says when there is none")
    func stepping() {
        var sheet = Self.sheet()
        sheet.jump(to: 0.5, at: 0)
        let up = sheet.step(.next, at: 1)
        #expect(up)
        #expect(sheet.currentDetent(at: 1) == 1)
        #expect(sheet.advance(to: 1).events.map(\.name) == ["completed", "retargeted"])
        // In flight toward 1: a decrement goes to the detent before that one, from the velocity shown.
        let shown = sheet.advance(to: 1.05)
        #expect(shown.velocity > 0)
        let down = sheet.step(.previous, at: 1.05)
        #expect(down)
        guard case .completing(let animation) = sheet.phase else { Issue.record("not completing"); return }
        #expect(animation.curve.target == 0.5 && animation.curve.startVelocity == shown.velocity && animation.curve.start == shown.progress)
        // At the last detent, at rest: no next one; nothing happens.
        sheet.jump(to: 1, at: 3)
        _ = sheet.advance(to: 3)
        let pastTheLast = sheet.step(.next, at: 3.1)
        #expect(!pastTheLast)
        #expect(sheet.advance(to: 3.2).events.isEmpty)
        // Idle (progress 0): the first detent's neighbour.
        var idle = Self.sheet()
        let belowTheFirst = idle.step(.previous, at: 0)
        #expect(!belowTheFirst)
        let fromIdle = idle.step(.next, at: 0)
        #expect(fromIdle && idle.currentDetent(at: 0) == 0.5)
    }

    @Test("reduce motion: a step completes with the reduced-motion curve")
    func steppingUnderReduceMotion() {
        var sheet = Self.sheet()
        sheet.reduceMotion = true
        sheet.jump(to: 0.5, at: 0)
        sheet.step(.previous, at: 1)
        guard case .completing(let animation) = sheet.phase else { Issue.record("not completing"); return }
        #expect(animation.curve == .reducedMotion(start: 0.5, target: 0))
    }

    @Test("the policies' rule, by hand: nearest, one detent per fling, thresholds per pair")
    func policyRule() {
        let detents = [0, 0.5, 1.0]
        // A release at 0.1 whose projection lands at 1.3: the nearest is 1; one per fling stops at 0.5.
        #expect(DetentPolicy.nearestToProjection.detent(chosen: 1, projected: 1.3, progress: 0.1, in: detents) == 1)
        #expect(DetentPolicy.oneDetentPerFling.detent(chosen: 1, projected: 1.3, progress: 0.1, in: detents) == 0.5)
        #expect(DetentPolicy.oneDetentPerFling.detent(chosen: 0, projected: -0.4, progress: 0.9, in: detents) == 0.5)
        // Released on a detent: the next one past it.
        #expect(DetentPolicy.oneDetentPerFling.detent(chosen: 1, projected: 2, progress: 0.5, in: detents) == 1)
        #expect(DetentPolicy.oneDetentPerFling.detent(chosen: 0.5, projected: 0.4, progress: 0.3, in: detents) == 0.5)
        // Thresholds [0.2, 0.8]: 0 -> 0.5 once past 0.1; 0.5 -> 1 once past 0.9.
        let thresholds = DetentPolicy.thresholds([0.2, 0.8])
        for (projected, expected) in [(-1.0, 0.0), (0.09, 0), (0.1, 0.5), (0.3, 0.5), (0.89, 0.5), (0.9, 1), (7, 1), (.nan, 0)] {
            #expect(thresholds.detent(chosen: -99, projected: projected, progress: 0.5, in: detents) == expected, "\(projected)")
        }
        // Fewer fractions than pairs: the last applies to the rest; none: halfway.
        #expect(DetentPolicy.thresholds([0.9]).detent(chosen: 0, projected: 0.91, progress: 0, in: [0, 0.1, 0.2, 1]) == 0.2)
        #expect(DetentPolicy.thresholds([0.9]).detent(chosen: 0, projected: 0.93, progress: 0, in: [0, 0.1, 0.2, 1]) == 1)
        #expect(DetentPolicy.thresholds([]).detent(chosen: 0, projected: 0.25, progress: 0, in: detents) == 0.5)
        #expect(DetentPolicy.thresholds([1.5]).problem != nil && DetentPolicy.thresholds([.nan]).problem != nil)
        #expect(DetentPolicy.thresholds([0, 1]).problem == nil && DetentPolicy.oneDetentPerFling.problem == nil)
    }

    @Test("through the driver: a hard flick up from 0 goes to 1 by default and to 0.5 one detent per fling")
    func policiesThroughTheDriver() {
        var nearest = Self.sheet(), onePerFling = Self.sheet()
        onePerFling.detentPolicy = .oneDetentPerFling
        let a = Self.flick(&nearest, at: 0, distance: -200), b = Self.flick(&onePerFling, at: 0, distance: -200)
        #expect(a?.state == b?.state)
        #expect(a?.detent == 1 && b?.detent == 0.5)
        // With detents [0, 1] and the default policy, the model's own decision, bit for bit.
        var plain = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up))
        let release = Self.flick(&plain, at: 0, distance: -60)
        // (The driver's completion also names the detent it settles at.)
        var own = release.map { ProjectedSpringModel().release($0.state) }
        own?.detent = 1
        #expect(release?.completion == own)
    }

    /// A model of an app's own that always goes to the detent nearest the release progress
    /// (no projection), by naming it.
    struct NearestDetentModel: ReleaseModel {
        var name: String { "nearest" }
        func release(_ state: ReleaseState) -> Completion {
            let nearest = state.detents.min { abs($0.progress - state.progress) < abs($1.progress - state.progress) }
            var completion = ProjectedSpringModel().release(state)
            completion.detent = nearest?.id
            return completion
        }
    }

    @Test("a model of an app's own names the detent a release goes to; the veto still applies, and every path asks it")
    func aCustomModelPicksADetent() {
        var sheet = InteractiveTransition(
            mapping: ProgressMapping(travel: 800, toward: .up), model: NearestDetentModel())
        sheet.detents = [0, .fraction(0.5, id: "half"), 1]
        // A hard flick up from 0 that the projection would send to the top: the model says the
        // detent nearest the release, 0.
        let release = Self.flick(&sheet, at: 0, distance: -60)
        #expect(release?.detent == 0 && release?.decision == .cancel)
        // A slow drag to 0.45: "half".
        _ = sheet.advance(to: 5)
        var t = 6.0
        sheet.handle(TouchSample(time: t, y: 700, phase: .began))
        for _ in 0..<45 {
            t += 1.0 / 60
            sheet.handle(TouchSample(time: t, y: 700 - 8 * (t - 6) * 60, phase: .changed))
        }
        let middle = sheet.handle(TouchSample(time: t + 0.2, y: 700 - 8 * (t - 6) * 60, phase: .ended))
        #expect(middle?.detent == "half" && middle?.decision == nil)
        // Vetoed, it gives way to the allowed detent nearest to it, and says so.
        sheet.refusesDetent = { $0 == "half" }
        _ = sheet.advance(to: 20)
        sheet.jump(to: 0, at: 20)
        t = 21
        sheet.handle(TouchSample(time: t, y: 700, phase: .began))
        for _ in 0..<45 {
            t += 1.0 / 60
            sheet.handle(TouchSample(time: t, y: 700 - 8 * (t - 21) * 60, phase: .changed))
        }
        let vetoed = sheet.handle(TouchSample(time: t + 0.2, y: 700 - 8 * (t - 21) * 60, phase: .ended))
        #expect(vetoed != nil && vetoed?.detent != "half")
        #expect(sheet.advance(to: t + 0.3).events.contains(.detentRefused("half")))
    }

    @Test("a vetoed dismissal: the drag rubber-bands below the lowest allowed detent and the release stays, reporting it")
    func veto() {
        var sheet = Self.sheet(overdrag: .rubberBand)
        sheet.refusesDetent = { $0 == 0 }
        sheet.jump(to: 0.5, at: 0)
        _ = sheet.advance(to: 0)
        // Dragged down 300 pt (0.375 of the travel) and flung: the rubber band shows less than
        // the finger moved below 0.5, and the release settles at 0.5.
        let release = Self.flick(&sheet, at: 1, from: 100, distance: 300)
        #expect(release != nil)
        let shown = release!.state.progress
        #expect(shown < 0.5 && shown > 0.5 - 0.375)
        #expect(release!.detent == 0.5)
        let events = sheet.advance(to: 1.1).events
        #expect(events.contains(.detentRefused(0)))
        #expect(events.map(\.name) == ["began", "detentRefused", "released"])
        #expect(TransitionEvent.detentRefused(0).description == "detentRefused(detent 0.0)")
        // Stepping skips it; code may still cancel.
        sheet.jump(to: 0.5, at: 2)
        let pastTheVeto = sheet.step(.previous, at: 2)
        #expect(!pastTheVeto)
        sheet.cancel(at: 2)
        guard case .completing(let animation) = sheet.phase else { Issue.record("not completing"); return }
        #expect(animation.curve.target == 0)
    }

    @Test("every detent refused counts as none refused (the veto cannot leave nowhere to go)")
    func everythingRefused() {
        var sheet = Self.sheet()
        sheet.refusesDetent = { _ in true }
        let release = Self.flick(&sheet, at: 0, distance: -200)
        #expect(release.map { [0, 0.5, 1].contains($0.detent) } == true)
    }
}
