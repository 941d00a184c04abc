import Testing
import TransitionPhysics

/// The listings print, as examples do; run here their lines are dropped (this file-private
/// function shadows `Swift.print` for the listings below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// Every ```swift listing of SharingAGestureWithAScrollView.md is the body of a function below,
// compiled and run by the tests; `ArticleListingTests` checks that each appears here verbatim.

// SharingAGestureWithAScrollView.md, listings 1 and 2: open, scroll, then a flick down mid-scroll.
func scrollHandoffOpenScrollAndFlick() -> (opened: ScrollingSheet.Update, release: InteractiveTransition.Release, rest: ScrollingSheet.Update) {
    // An 800 pt bottom sheet (a quarter, half or fully open) whose list scrolls 1,200 pt.
    var sheet = InteractiveTransition(
        mapping: ProgressMapping(travel: 800, toward: .up))
    sheet.detents = [0.25, 0.5, 1]
    sheet.pixelsPerPoint = 3
    sheet.jump(to: 0.5, at: 0)
    var shared = ScrollingSheet(sheet: sheet, maximumContentOffset: 1200)   // .sheetFirst, as iOS

    // The finger moves up 500 pt: 400 open the sheet to its last detent, 100 scroll the list.
    shared.handle(TouchSample(time: 1, y: 700, phase: .began))
    shared.handle(TouchSample(time: 1.5, y: 200, phase: .changed))
    let frame = shared.advance(to: 1.5)
    print(frame.sheet.progress, frame.contentOffset)   // 1.0 100.0
    // Continuing: a quick flick down, 60 pt in 40 ms, lifted mid-scroll.
    shared.handle(TouchSample(time: 1.52, y: 230, phase: .changed))
    shared.handle(TouchSample(time: 1.54, y: 260, phase: .changed))
    let release = shared.handle(TouchSample(time: 1.545, y: 260, phase: .ended))
    print(release!.detent)   // 1.0: the list took the fling; the sheet stays open
    var time = 1.545
    var update = shared.advance(to: time)
    while !update.isAtRest {
        time += 1.0 / 120
        update = shared.advance(to: time)
    }
    print(update.contentOffset, update.sheet.progress)   // 0.0 1.0: coasted to the top, the sheet bounced
    return (frame, release!, update)
}

// SharingAGestureWithAScrollView.md, listing 3: the arbiter alone.
func scrollHandoffArbiter() -> ScrollHandoffSplit {
    let policy = ScrollHandoffPolicy.sheetAtContentTop
    let parts = policy.split(
        120, sheetPosition: 400, sheetRange: 200...800, contentOffset: 300, maximumContentOffset: 1200)
    print(parts.sheetPoints, parts.contentPoints)   // 0.0 120.0: scrolled content moves first
    return parts
}

@Suite struct ScrollHandoffArticleSnippetTests {
    @Test func theSheetOpensThenTheListScrollsAndAFlickMidScrollKeepsTheSheetOpen() {
        let (opened, release, rest) = scrollHandoffOpenScrollAndFlick()
        #expect(opened.sheet.progress == 1 && opened.contentOffset == 100)
        #expect(release.detent == 1 && release.state.velocity == 0)
        #expect(rest.contentOffset == 0 && rest.sheet.progress == 1 && rest.isAtRest)
        #expect(rest.sheet.events.isEmpty || rest.sheet.events.allSatisfy { $0.name == "completed" })
    }

    @Test func scrolledContentMovesFirstUnderSheetAtContentTop() {
        let parts = scrollHandoffArbiter()
        #expect(parts.sheetPoints == 0 && parts.contentPoints == 120)
    }
}
