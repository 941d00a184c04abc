import Testing
@testable import TransitionPhysics

/// A scroll view that keeps its own pan, bounce and deceleration inside a `ScrollingSheet`
/// (`ObservedScrollView`), against a stand-in for UIScrollView: its own pan moves its offset by
/// the finger's whole movement (half of it beyond an edge, its rubber band), and the adapter
/// writes back what the observer answers. A bottom sheet of 800 pt, detents 0.25, 0.5 and 1,
/// content scrolling 0...1000 pt.
@Suite struct ObservedScrollViewTests {
    /// UIScrollView as the sheet sees it: an offset from the content's top edge that its own pan
    /// moves.
    struct ScrollView {
        var offset: Double
        var maximum: Double
        /// Its own pan: `movement` points opening the sheet (the finger up) scrolls toward larger
        /// offsets; beyond an edge at half the rate.
        mutating func pan(_ movement: Double) {
            let beyond = offset < 0 || offset > maximum || offset + movement < 0 || offset + movement > maximum
            offset += beyond ? movement / 2 : movement
        }
    }

    struct Rig {
        var shared: ScrollingSheet
        var scrollView: ScrollView
        var observer = ObservedScrollView()
        var answers: [Double?] = []
        var time = 1.0

        init(at progress: Double, content: Double = 0, overdrag: ProgressMapping.Overdrag = .clamp) {
            var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up, overdrag: overdrag))
            sheet.detents = [0.25, 0.5, 1].map { .fraction($0) }
            sheet.pixelsPerPoint = 3
            sheet.jump(to: progress, at: 0)
            shared = ScrollingSheet(sheet: sheet, maximumContentOffset: 1000)
            shared.contentOffset = content
            _ = shared.advance(to: 0)
            scrollView = ScrollView(offset: content, maximum: 1000)
        }

        /// The adapter's answer to the shown offset, written back; asking again must settle.
        mutating func observe(decelerates: Bool = false) {
            let answer = observer.offset(showing: scrollView.offset, scrollViewDecelerates: decelerates, at: time, in: &shared)
            answers.append(answer)
            if let answer {
                scrollView.offset = answer
                #expect(observer.offset(showing: scrollView.offset, scrollViewDecelerates: decelerates, at: time, in: &shared) == nil)
            }
        }

        /// A finger on the list from screen y `ys[0]` through the rest, one sample per 120 Hz
        /// frame; the scroll view's own pan follows it, then the adapter observes, then a frame.
        /// `after`: the finger is already down, at that y.
        mutating func drag(_ ys: [Double], lift: Bool, after previous: Double? = nil) {
            for (i, y) in ys.enumerated() {
                time += 1.0 / 120
                let before = i > 0 ? ys[i - 1] : previous
                shared.handle(TouchSample(time: time, y: y, phase: before == nil ? .began : .changed))
                if let before { scrollView.pan(before - y) }
                observe()
                _ = shared.advance(to: time)
            }
            if lift {
                time += 0.004
                shared.handle(TouchSample(time: time, y: ys[ys.count - 1], phase: .ended))
            }
        }

        var sheetPoints: Double { shared.sheet.progress(at: time) * 800 }
    }

    static func steps(from y: Double, by step: Double, count: Int) -> [Double] { (0...count).map { y + step * Double($0) } }

    @Test("the sheet moving holds the list where it is: the finger's movement shows once")
    func sheetMovesListHeld() {
        var rig = Rig(at: 0.5)
        rig.drag(Self.steps(from: 600, by: -10, count: 20), lift: false)   // 200 pt up
        #expect(rig.scrollView.offset == 0)
        #expect(abs(rig.sheetPoints - 600) < 1e-9)
        #expect(rig.answers.contains { $0 == 0 })   // the list's own pan was put back
    }

    @Test("the list scrolling by its own pan stands when the split gives it the movement")
    func listScrollsByItself() {
        var rig = Rig(at: 1)
        rig.drag(Self.steps(from: 600, by: -10, count: 30), lift: false)   // 300 pt up
        #expect(rig.answers.allSatisfy { $0 == nil })
        #expect(rig.scrollView.offset == 300 && rig.shared.contentOffset == 300)
        #expect(rig.sheetPoints == 800)
    }

    @Test("sheet then list within one drag: every frame shows the finger's movement once")
    func splitAcrossBoth() {
        var rig = Rig(at: 0.9)
        let ys = Self.steps(from: 600, by: -10, count: 20)
        for (i, y) in ys.enumerated() {
            rig.drag([y], lift: false, after: i == 0 ? nil : ys[i - 1])
            if i == 0 { continue }
            let moved = ys[0] - y
            #expect(abs(rig.sheetPoints - 720 + rig.scrollView.offset - moved) < 1e-9)
            #expect(rig.scrollView.offset == rig.shared.contentOffset)
        }
        #expect(abs(rig.scrollView.offset - 120) < 1e-9)
    }

    @Test("at the first detent with a clamp the list's own bounce and pull to refresh stand, and its return")
    func bounceWhereSheetIsPinned() {
        var rig = Rig(at: 0.25)
        rig.drag(Self.steps(from: 300, by: 10, count: 10), lift: false)   // 100 pt down: a pull
        #expect(rig.scrollView.offset < -40)
        #expect(rig.answers.allSatisfy { $0 == nil })
        #expect(rig.shared.contentOffset == 0 && rig.sheetPoints == 200)
        let pulled = rig.scrollView.offset
        rig.drag([390, 380], lift: false, after: 400)   // back up 20 pt: still the scroll view's, no jump
        #expect(rig.answers.allSatisfy { $0 == nil })
        #expect(rig.scrollView.offset > pulled && rig.scrollView.offset < 0)
    }

    @Test("with a rubber band the sheet stretches instead and the list is held at its edge")
    func rubberBandSheetTakesThePull() {
        var rig = Rig(at: 0.25, overdrag: .rubberBand)
        rig.drag(Self.steps(from: 300, by: 10, count: 10), lift: false)
        #expect(rig.scrollView.offset == 0)
        #expect(rig.sheetPoints < 200)
    }

    @Test("a pull at the list's top while the sheet can close closes the sheet; the list stays at its top")
    func pullClosesSheet() {
        var rig = Rig(at: 0.5)
        rig.drag(Self.steps(from: 400, by: 10, count: 10), lift: false)
        #expect(rig.scrollView.offset == 0)
        #expect(abs(rig.sheetPoints - 300) < 1e-9)
    }

    @Test("a fling the list took is its own deceleration: no stop, the sheet follows what it shows")
    func listFlingIsTheScrollViews() {
        var rig = Rig(at: 1, content: 200)
        rig.drag(Self.steps(from: 600, by: -25, count: 8), lift: true)   // 3,000 pt/s up
        #expect(rig.observer.decelerationTarget(in: rig.shared) == nil)
        for _ in 0..<30 {
            rig.time += 1.0 / 120
            rig.scrollView.offset += 10   // UIScrollView decelerating by itself
            rig.observe(decelerates: true)
            _ = rig.shared.advance(to: rig.time)
        }
        #expect(rig.answers.suffix(30).allSatisfy { $0 == nil })
        #expect(rig.shared.contentOffset == rig.scrollView.offset)
        #expect(rig.shared.coast == nil)   // the core's coast is not drawn over it
    }

    @Test("a list fling from a drag the scroll view did not decelerate shows the core's coast")
    func coastShownWhenScrollViewStill() {
        var rig = Rig(at: 1, content: 200)
        rig.drag(Self.steps(from: 600, by: -25, count: 8), lift: true)
        var shown: [Double] = []
        for _ in 0..<10 {
            rig.time += 1.0 / 120
            let update = rig.shared.advance(to: rig.time)
            rig.observe(decelerates: false)
            #expect(rig.scrollView.offset == update.contentOffset)
            shown.append(rig.scrollView.offset)
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })   // moving on, never stopped dead
    }

    @Test("a fling the sheet took stops the list's own deceleration and holds it while the sheet moves")
    func sheetFlingHoldsList() {
        var rig = Rig(at: 0.5)
        rig.drag(Self.steps(from: 600, by: -25, count: 4), lift: true)
        #expect(rig.observer.decelerationTarget(in: rig.shared) == 0)
        rig.time += 1.0 / 120
        _ = rig.shared.advance(to: rig.time)
        #expect(rig.shared.sheet.isCompleting)
        rig.scrollView.offset = 30   // a deceleration that started anyway
        rig.observe(decelerates: true)
        #expect(rig.answers.last == 0)
    }

    @Test("at rest the scroll view leads: a scroll from code or a refresh inset becomes the sheet's offset")
    func atRestScrollViewLeads() {
        var rig = Rig(at: 1)
        rig.scrollView.offset = 120
        rig.observe()
        #expect(rig.answers.last == .some(nil) && rig.shared.contentOffset == 120)
        rig.scrollView.offset = -60   // a refresh control held open
        rig.observe()
        #expect(rig.answers.last == .some(nil) && rig.shared.contentOffset == 0)
        rig.scrollView.offset = 0.01   // under a quarter pixel from the sheet's: left alone
        rig.observe()
        #expect(rig.answers.last == .some(nil) && rig.shared.contentOffset == 0)
    }
}
