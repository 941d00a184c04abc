import Testing
import TransitionLab
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped, so `make test` shows
/// only its verdict (this file-private function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// Every ```swift listing of the TransitionPhysics.docc articles is the body of one function
// below, compiled and run by the tests; `ArticleListingTests` checks that each listing appears
// here verbatim, so an edited article without an edited test fails.

// GettingStarted.md, listing 1: one release, from state to decision and curve.
func gettingStartedRelease() -> Completion {
    // The finger lifts at 174 pt of a 390 pt travel, moving at 2.3 travels per second.
    let model = ProjectedSpringModel()
    let completion = model.release(ReleaseState(progress: 174.0 / 390, velocity: 2.3))
    print(completion.decision)                 // .finish: the projection passes 0.5
    print(completion.projectedProgress ?? 0)   // where the release would coast
    print(completion.curve.velocity(at: 0))    // 2.3: the spring starts at the finger's velocity
    return completion
}

// GettingStarted.md, listing 2: the same samples through the frame driver.
func gettingStartedFrames() -> [String] {
    let xs: [Double] = [320, 310, 290, 262, 226, 186, 146]
    var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390))
    var names: [String] = []
    for (i, x) in xs.enumerated() {
        let time = Double(i) / 60
        _ = transition.handle(TouchSample(time: time, x: x, phase: i == 0 ? .began : .changed))
        names += transition.advance(to: time).events.map(\.name)
    }
    _ = transition.handle(TouchSample(time: 0.105, x: 146, phase: .ended))
    var time = 0.105
    while true {
        let frame = transition.advance(to: time)   // progress, velocity, target, events
        names += frame.events.map(\.name)
        if frame.isAtRest { break }
        time += 1.0 / 120                           // a 120 Hz display
    }
    print(names)   // ["began", "releaseDetentChanged", "released", "completed"]
    return names
}

// ReplacingPercentDrivenTransition.md, listing 3: the classic rule and the driver on one stroke.
func replacingSideBySide() -> (classic: Bool, physics: Double) {
    // A short quick flick to the right, the way back: 0.27 of the width at lift-off, moving fast.
    let xs: [Double] = [90, 94, 106, 128, 158, 195]
    var transition = InteractiveTransition(
        mapping: ProgressMapping(travel: 390, toward: .right))  // a pop: rightward only
    var progress = 0.0
    for (i, x) in xs.enumerated() {
        let time = Double(i) / 60
        _ = transition.handle(TouchSample(time: time, x: x, phase: i == 0 ? .began : .changed))
        progress = transition.advance(to: time).progress   // what update(_:) would receive
    }
    let classicFinishes = progress > 0.5                      // the classic rule: cancels

    _ = transition.handle(TouchSample(time: 0.087, x: 195, phase: .ended))
    var frame = transition.advance(to: 0.087)
    var time = 0.087
    while !frame.isAtRest {
        time += 1.0 / 60
        frame = transition.advance(to: time)
    }
    print(classicFinishes, frame.progress)   // false 1.0: the driver finishes the flick
    return (classicFinishes, frame.progress)
}

// ChoosingASpring.md, listing 4: the four parameters of one spring.
func choosingSpringParameters() -> [Spring] {
    let snappy = Spring(response: 0.2, dampingRatio: 1)       // seconds; 1 = critically damped
    let bouncy = Spring(duration: 0.5, bounce: 0.3)           // SwiftUI's duration and bounce
    let physical = Spring(mass: 1, stiffness: 400, damping: 40)
    for spring in [snappy, bouncy, physical] {
        print(spring.response, spring.dampingRatio, spring.duration, spring.bounce)
    }
    return [snappy, bouncy, physical]
}

// ChoosingASpring.md, listing 5: one release under three responses.
func choosingSpringRelease() -> [CompletionMetrics] {
    let state = ReleaseState(progress: 0.4, velocity: 1.5)   // progress, travels per second
    return [0.15, 0.3, 0.45].map { response in
        let model = ProjectedSpringModel(spring: Spring(response: response, dampingRatio: 1))
        let completion = model.release(state)
        let metrics = completion.curve.metrics(releaseVelocity: state.velocity)
        print(response, completion.decision, metrics.completionTime, metrics.peakAcceleration)
        return metrics
    }
}

// DetentsAndRetargeting.md, listing 6: a sheet with a middle detent.
func detentsRelease() -> Double {
    var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800))
    sheet.detents = [0, 0.5, 1]   // closed, half open, open
    let xs = Array(stride(from: 0.0, through: 200, by: 8))   // points; a steady 480 pt/s drag
    for (i, x) in xs.enumerated() {
        _ = sheet.handle(TouchSample(time: Double(i) / 60, x: x, phase: i == 0 ? .began : .changed))
    }
    let release = sheet.handle(TouchSample(time: 26.0 / 60, x: 200, phase: .ended))!
    print(release.state.progress, release.completion.projectedProgress!, release.completion.curve.target)
    return release.completion.curve.target
}

// DetentsAndRetargeting.md, listing 7: control from code, keeping the velocity.
func retargetFromCode() -> [String] {
    var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800))
    sheet.detents = [0, 0.5, 1]
    sheet.finish(at: 0)                     // open from code, from rest
    _ = sheet.advance(to: 0.1)
    sheet.retarget(to: 0.5, at: 0.1)        // on the way, a change of mind: stop at the middle
    let frame = sheet.advance(to: 0.1)
    print(frame.progress, frame.velocity, frame.target)   // the velocity carries over
    var names = frame.events.map(\.name)
    var time = 0.1
    while true {
        time += 1.0 / 60
        let next = sheet.advance(to: time)
        names += next.events.map(\.name)
        if next.isAtRest { break }
    }
    print(names)   // ["retargeted", "completed"]: the second retarget and the rest
    return names
}

// BottomSheetWithDetents.md, listing 1: presented at the middle detent, flicked up.
func bottomSheetFlick() -> (events: [TransitionEvent], release: InteractiveTransition.Release) {
    // An 800 pt sheet on a 3x phone: closed, half open, open.
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheet.detents = [0, 0.5, 1]
    sheet.pixelsPerPoint = 3
    sheet.jump(to: 0.5, at: 0)               // resting at the middle detent, no animation
    let presented = sheet.advance(to: 0).events
    print(presented)                         // [completed(progress 0.5)]

    // A quick flick up, sampled at 120 Hz: 90 pt in 50 ms, lifted 4 ms after the last move.
    let ys: [Double] = [600, 596, 585, 569, 549, 527, 510]
    for (i, y) in ys.enumerated() {
        sheet.handle(TouchSample(time: 1 + Double(i) / 120, y: y, phase: i == 0 ? .began : .changed))
    }
    let release = sheet.handle(TouchSample(time: 1.054, y: 510, phase: .ended))!
    print(release.detent)                    // 1.0: the flick's projection passes 0.75
    print(TransitionEvent.released(release)) // released(finish to 1.0 from progress 0.613 at ... travels/s)
    return (presented, release)
}

// BottomSheetWithDetents.md, listing 2: a catch mid-flight.
func bottomSheetCatch() -> (sameProgress: Bool, detent: Detent.ID) {
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheet.detents = [0, 0.5, 1]
    sheet.finish(at: 0)                      // opening from code
    let shown = sheet.advance(to: 0.1).progress
    sheet.handle(TouchSample(time: 0.1, y: 300, phase: .began))      // caught at `shown`
    sheet.handle(TouchSample(time: 0.2, y: 380, phase: .changed))    // 80 pt down
    sheet.handle(TouchSample(time: 0.5, y: 380, phase: .ended))      // held still, then lifted
    let settle = sheet.releases[0]
    print(shown - 80.0 / 800 == settle.state.progress, settle.detent)   // true 0.5
    return (shown - 80.0 / 800 == settle.state.progress, settle.detent)
}

// BottomSheetWithDetents.md, listing 3: a rotation at rest.
func bottomSheetRotation() -> (pointsAtChange: Double, target: Double, rest: Double) {
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheet.detents = [0, 0.5, 1]
    sheet.jump(to: 0.5, at: 0)               // 400 pt open
    sheet.updateLayout(travel: 390, at: 1)   // to landscape: 390 pt tall
    var frame = sheet.advance(to: 1)
    let pointsAtChange = frame.progress * 390
    print(pointsAtChange, frame.target)      // 400 pt at the change, going to 0.5 of 390
    var time = 1.0
    while !frame.isAtRest {
        time += 1.0 / 120
        frame = sheet.advance(to: time)
    }
    print(frame.progress)                    // 0.5
    return (pointsAtChange, frame.target, frame.progress)
}

// BottomSheetWithDetents.md, listing 4: detents in points and sized by content.
func bottomSheetSizedDetents() -> (points: Double, current: Detent.ID, ids: [Detent.ID]) {
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    let peek = Detent.points(200, id: "peek")                      // always 200 pt tall
    let fits = Detent.custom(id: "fits") { layout in               // the content and a 34 pt inset
        layout.contentLength.map { $0 + 34 }                       // inactive until it is reported
    }
    sheet.detents = [0, peek, fits, 1]
    sheet.updateLayout(contentLength: 366, at: 0)                  // fits: 400 pt, 0.5 of 800
    sheet.jump(toDetent: "peek", at: 0)
    sheet.updateLayout(travel: 390, at: 1)                         // to landscape
    let frame = sheet.advance(to: 1)
    print(frame.progress * 390, sheet.currentDetent(at: 1))        // 200.0 peek
    print(sheet.resolvedDetents.map(\.id))                          // [0.0, peek, 1.0]: 400 pt fits no more
    return (frame.progress * 390, sheet.currentDetent(at: 1), sheet.resolvedDetents.map(\.id))
}

@Suite struct ArticleSnippetTests {
    @Test func bottomSheetSizedDetentsKeepTheirPoints() {
        let result = bottomSheetSizedDetents()
        #expect(abs(result.points - 200) < 1e-9 && result.current == "peek")
        #expect(result.ids == [0, "peek", 1])
    }

    @Test func gettingStartedReleaseFinishesWithASpringFromTheFingersVelocity() {
        let completion = gettingStartedRelease()
        #expect(completion.decision == .finish)
        #expect((completion.projectedProgress ?? 0) > 0.5)
        guard case .spring = completion.curve.shape else {
            Issue.record("expected a spring completion")
            return
        }
        #expect(completion.curve.progress(at: 0) == 174.0 / 390)
        #expect(abs(completion.curve.velocity(at: 0) - 2.3) < 1e-12)
    }

    @Test func gettingStartedFramesReportTheEvents() {
        #expect(gettingStartedFrames() == ["began", "releaseDetentChanged", "released", "completed"])
    }

    @Test func theDriverFinishesTheFlickTheClassicRuleCancels() {
        let (classic, physics) = replacingSideBySide()
        #expect(classic == false)
        #expect(physics == 1)
        // What the article says of the direction: with `.fixed(positive: true)` the same flick
        // mirrored (leftward) never moves the pop off 0, as the classic clamp; the mapping's
        // default direction would have let it finish.
        for (direction, finishes) in [(ProgressMapping.Direction.fixed(positive: true), false), (.decidedByFirstMovement(touchSlop: 10), true)] {
            var transition = InteractiveTransition(
                mapping: ProgressMapping(travel: 390, direction: direction), model: ProjectedSpringModel(),
                estimator: LeastSquaresVelocityEstimator())
            var shown: [Double] = []
            for (i, x) in [300.0, 296, 284, 262, 232, 195].enumerated() {
                transition.handle(TouchSample(time: Double(i) / 60, x: x, phase: i == 0 ? .began : .changed))
                shown.append(transition.advance(to: Double(i) / 60).progress)
            }
            let release = transition.handle(TouchSample(time: 0.087, x: 195, phase: .ended))
            #expect((release?.completion.decision == .finish) == finishes, "\(direction)")
            if !finishes { #expect(shown.allSatisfy { $0 == 0 }, "\(shown)") }
        }
    }

    @Test func springParametersAreOneSpring() {
        let springs = choosingSpringParameters()
        #expect(abs(springs[0].response - 0.2) < 1e-12 && abs(springs[0].dampingRatio - 1) < 1e-12)
        #expect(abs(springs[1].duration - 0.5) < 1e-12 && abs(springs[1].bounce - 0.3) < 1e-12)
        #expect(abs(springs[2].response - 2 * Double.pi / 20) < 1e-12 && abs(springs[2].dampingRatio - 1) < 1e-12)
    }

    @Test func aLongerResponseIsSlowerAndGentler() {
        let metrics = choosingSpringRelease()
        #expect(metrics[0].completionTime < metrics[1].completionTime)
        #expect(metrics[1].completionTime < metrics[2].completionTime)
        #expect(metrics[0].peakAcceleration > metrics[1].peakAcceleration)
        #expect(metrics[1].peakAcceleration > metrics[2].peakAcceleration)
    }

    @Test func aMediumDragStopsAtTheMiddleDetent() {
        #expect(detentsRelease() == 0.5)
    }

    @Test func theBottomSheetArticleRuns() {
        let (presented, release) = bottomSheetFlick()
        #expect(presented == [.completed(progress: 0.5)])
        #expect(release.detent == 1 && release.state.velocity > 1)
        #expect(TransitionEvent.released(release).description.hasPrefix("released(finish to 1.0 from progress 0.6"))
        let caught = bottomSheetCatch()
        #expect(caught.sameProgress && caught.detent == 0.5)
        let rotation = bottomSheetRotation()
        #expect(abs(rotation.pointsAtChange - 400) < 1e-9 && rotation.target == 0.5 && rotation.rest == 0.5)
    }

    @Test func retargetingReportsEachChange() {
        #expect(retargetFromCode() == ["retargeted", "completed"])
    }
}
