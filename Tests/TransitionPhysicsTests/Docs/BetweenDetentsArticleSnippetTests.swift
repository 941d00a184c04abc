import Testing
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped (this file-private
/// function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// Every ```swift listing of BetweenDetents.md and AndroidPredictiveBack.md is the body of a function below, compiled and run
// by the tests; `ArticleListingTests` checks that each appears here verbatim.

// BetweenDetents.md, listing 1: dim and tick, frame by frame.
func betweenDetentsDimAndTick() -> (ticks: [String], impacts: [String], fraction: Double, opacity: Double) {
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheet.detents = [0, .points(200, id: "peek"), 1]
    sheet.pixelsPerPoint = 3
    let dimming = DetentDimming(undimmedThrough: "peek", maximumOpacity: 0.3)

    // A slow drag up from closed to 600 pt, a sample and a frame at 120 Hz.
    var opacities: [Double] = []
    var ticks: [String] = []
    var impacts: [String] = []
    for i in 0...120 {
        let time = Double(i) / 120
        sheet.handle(TouchSample(time: time, y: 790 - 5 * Double(i), phase: i == 0 ? .began : .changed))
        let frame = sheet.advance(to: time)
        opacities.append(dimming.opacity(at: frame.progress, among: sheet.resolvedDetents))
        for case .detentCrossed(let detent, _) in frame.events {
            ticks.append(detent.rawValue)   // UISelectionFeedbackGenerator().selectionChanged()
        }
        for case .releaseDetentChanged(let detent) in frame.events {
            impacts.append(detent.rawValue) // UIImpactFeedbackGenerator(style: .light).impactOccurred()
        }
    }
    print(ticks)                                  // ["peek"]
    print(impacts)                                // ["peek", "1.0"]: where a release now would go
    print(sheet.detentPosition(of: 0.5).fraction) // 0.333...: a third of the way from peek to 1
    print(opacities.last!)                        // 0.2: two thirds of 0.3 at 600 pt of 800
    return (ticks, impacts, sheet.detentPosition(of: 0.5).fraction, opacities.last!)
}

// BetweenDetents.md, listing 2: rest where released.
func betweenDetentsRestWhereReleased() -> InteractiveTransition.Release {
    var drawer = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    drawer.detents = [0, 1]
    drawer.detentPolicy = .restsWhereReleased(snapsFasterThanPointsPerSecond: 1500)

    // A gentle push up: 400 pt/s for 0.2 s, then let go.
    for i in 0...24 {
        let time = Double(i) / 120
        drawer.handle(TouchSample(time: time, y: 700 - 400 * time, phase: i == 0 ? .began : .changed))
    }
    let release = drawer.handle(TouchSample(time: 0.202, y: 620, phase: .ended))!
    print(release.completion.curve.target)   // 0.35: 80 pt dragged and about 200 pt coasted, of 800
    print(release.decision as Any)           // nil: neither end
    return release
}

// BetweenDetents.md, listing 3: a fling that goes on into the list.
func betweenDetentsFlingIntoTheList() -> ScrollingSheet.Update {
    var sheetDriver = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheetDriver.detents = [0, 0.5, 1]
    sheetDriver.jump(to: 0.5, at: 0)
    var scrolling = ScrollingSheet(sheet: sheetDriver, maximumContentOffset: 2000)
    scrolling.lastDetentFling = .continuesIntoContent

    // A flick up from the middle detent: 1,800 pt/s for 80 ms.
    for i in 0...10 {
        let time = 1 + Double(i) / 120
        scrolling.handle(TouchSample(time: time, y: 600 - 1800 * Double(i) / 120, phase: i == 0 ? .began : .changed))
    }
    scrolling.handle(TouchSample(time: 1.088, y: 450, phase: .ended))
    var frame = scrolling.advance(to: 1.088)
    var time = 1.088
    while !frame.isAtRest {
        time += 1.0 / 120
        frame = scrolling.advance(to: time)
    }
    print(frame.sheet.progress)      // 1.0: fully open
    print(frame.contentOffset)       // 649 pt: the rest of the fling, scrolled
    return frame
}

// AndroidPredictiveBack.md, listing 1: the system's back gesture drives the transition.
func androidPredictiveBack() -> InteractiveTransition.Release {
    var back = InteractiveTransition(
        mapping: ProgressMapping(travel: 390, toward: .right))

    // The system's events at 60 Hz: a swipe from the left edge to 0.4 in a quarter of a second.
    back.backStarted(BackGestureEvent(time: 0, progress: 0, touchX: 8, touchY: 420, swipeEdge: .left))
    for i in 1...15 {
        let time = Double(i) / 60
        back.backProgressed(BackGestureEvent(
            time: time, progress: 1.6 * time, touchX: 8 + 620 * time, touchY: 420, swipeEdge: .left))
        _ = back.advance(to: time)   // frame.progress is the system's progress
    }
    let commit = back.backInvoked(at: 0.254)!
    print(commit.state.progress, commit.state.velocity)   // 0.4 at about 1.6 per second
    print(commit.detent)                                  // 1.0: the back navigation completes
    return commit
}

// BottomSheetWithDetents.md, "Move with the keyboard": detents lifted above the keyboard.
func bottomSheetKeyboard() -> TransitionUpdate {
    var composer = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    composer.detents = [0, .points(200, id: "peek"), 1]
    composer.jump(toDetent: "peek", at: 0)

    // The keyboard comes up 300 pt in 0.25 s along UIKit's keyboard curve.
    composer.updateKeyboard(height: 300, duration: 0.25, curve: .system, at: 1)
    let lifted = composer.advance(to: 1.25)
    print(lifted.progress * 800)   // 500.0: still 200 pt above the keyboard
    return lifted
}

@Suite struct BetweenDetentsArticleSnippetTests {
    @Test func dimAndTick() {
        let (ticks, impacts, fraction, opacity) = betweenDetentsDimAndTick()
        #expect(ticks == ["peek"])
        #expect(impacts == ["peek", "1.0"])
        #expect(abs(fraction - 1.0 / 3) < 1e-15)
        #expect(abs(opacity - 0.2) < 1e-12)
    }

    @Test func restWhereReleased() {
        let release = betweenDetentsRestWhereReleased()
        #expect(abs(release.completion.curve.target - 0.35) < 0.0005)
        #expect(release.decision == nil)
    }

    @Test func predictiveBackCommits() {
        let commit = androidPredictiveBack()
        #expect(abs(commit.state.progress - 0.4) < 1e-12)
        #expect(abs(commit.state.velocity - 1.6) < 0.1)
        #expect(commit.detent == 1)
    }

    @Test func keyboardLiftsTheSheet() {
        let lifted = bottomSheetKeyboard()
        #expect(abs(lifted.progress * 800 - 500) < 1e-9 && lifted.isAtRest)
    }

    @Test func flingIntoTheList() {
        let frame = betweenDetentsFlingIntoTheList()
        #expect(frame.sheet.progress == 1)
        #expect(abs(frame.contentOffset - 649.1) < 0.05)
    }
}
