import Testing
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped (this file-private
/// function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// Every ```swift listing of AccessibleDetents.md is the body of a function below, compiled and
// run by the tests; `ArticleListingTests` checks that each appears here verbatim.

// AccessibleDetents.md, listing 1: stepping with VoiceOver.
func accessibleDetentsStepping() -> (opened: Bool, pastTheLast: Bool, sheet: InteractiveTransition) {
    // A bottom sheet of 800 pt: closed, half and fully open, presented at half.
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheet.detents = [0, 0.5, 1]
    sheet.jump(to: 0.5, at: 0)

    // accessibilityIncrement(): open fully, with the completion code starts.
    let opened = sheet.step(.next, at: 1)
    print(opened, sheet.currentDetent(at: 1))   // true 1.0
    // Once more: there is no detent past the last one; nothing moves (say so to VoiceOver).
    _ = sheet.advance(to: 3)
    let moved = sheet.step(.next, at: 3)
    print(moved)   // false
    // accessibilityDecrement(), twice: half, then closed.
    sheet.step(.previous, at: 3)
    sheet.step(.previous, at: 3)
    print(sheet.currentDetent(at: 3))   // 0.0
    return (opened, !moved, sheet)
}

// AccessibleDetents.md, listing 2: the policies on one flick.
func accessibleDetentsPolicies() -> [Detent.ID] {
    // A hard flick up from closed: 200 pt in 80 ms.
    func flickUp(_ policy: DetentPolicy) -> Detent.ID {
        var sheet = InteractiveTransition(
            mapping: ProgressMapping(travel: 800, toward: .up))
        sheet.detents = [0, 0.5, 1]
        sheet.detentPolicy = policy
        sheet.handle(TouchSample(time: 0, y: 700, phase: .began))
        for i in 1...10 { sheet.handle(TouchSample(time: Double(i) * 0.008, y: 700 - 20 * Double(i), phase: .changed)) }
        return sheet.handle(TouchSample(time: 0.088, y: 500, phase: .ended))!.detent
    }
    print(flickUp(.nearestToProjection))   // 1.0: the projection lands past the top
    print(flickUp(.oneDetentPerFling))     // 0.5: one detent at most
    print(flickUp(.thresholds([0.75])))    // 1.0: the projection passed 0.5 + 0.75 of the gap too
    return [flickUp(.nearestToProjection), flickUp(.oneDetentPerFling), flickUp(.thresholds([0.75]))]
}

// AccessibleDetents.md, listing 3: a refused dismissal.
func accessibleDetentsVeto() -> (release: InteractiveTransition.Release, events: [TransitionEvent]) {
    // A compose sheet with unsaved text: it must not be swiped away.
    var compose = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up, overdrag: .rubberBand))
    compose.detents = [0, 0.5, 1]
    compose.refusesDetent = { $0 == 0 }
    compose.jump(to: 0.5, at: 0)
    _ = compose.advance(to: 0)

    // A flick down, 300 pt: the sheet gives with the rubber band and comes back to half.
    compose.handle(TouchSample(time: 1, y: 100, phase: .began))
    for i in 1...10 { compose.handle(TouchSample(time: 1 + Double(i) * 0.008, y: 100 + 30 * Double(i), phase: .changed)) }
    let release = compose.handle(TouchSample(time: 1.088, y: 400, phase: .ended))!
    print(release.detent)   // 0.5
    let events = compose.advance(to: 1.1).events
    print(events.map(\.description))
    // ["began", "detentRefused(detent 0.0)", "released(to detent 0.5 ...)"]: ask whether to discard
    return (release, events)
}

@Suite struct AccessibleDetentsArticleSnippetTests {
    @Test func voiceOverStepsThroughEveryDetentAndStopsAtTheEnds() {
        let (opened, pastTheLast, sheet) = accessibleDetentsStepping()
        #expect(opened && pastTheLast)
        #expect(sheet.currentDetent(at: 3) == 0)
    }

    @Test func thePoliciesPickTheirDetents() {
        #expect(accessibleDetentsPolicies() == [1, 0.5, 1])
    }

    @Test func aRefusedDismissalComesBackToHalfAndSaysSo() {
        let (release, events) = accessibleDetentsVeto()
        #expect(release.detent == 0.5 && release.state.progress < 0.5)
        #expect(events.map(\.name) == ["began", "detentRefused", "released"])
        #expect(events[1].description == "detentRefused(detent 0.0)")
    }
}
