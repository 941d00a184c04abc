import Testing
import TransitionLab
@testable import TransitionPhysics

/// The UIKit adapter's frame rules, in the core (TransitionPhysicsUIKit cannot be compiled on
/// Linux): what UIKit's 0...1 percent shows and what the presented views are moved by beyond it
/// (`HostFrameProgress`), the display rate the link asks for (`HostFrameRate`), whether an
/// animator's timing curve shows the percent it is scrubbed to (`HostTimingCurve`), and several
/// fingers through the lifecycle (`HostTransitionLifecycle.feed`).
@Suite("Host frame: overshoot beyond UIKit's percent, frame rate, animator curve, several fingers")
struct HostFrameTests {
    // MARK: Progress beyond 0...1

    @Test("percent plus the translation beyond it is the progress, both signs, both axes")
    func splitAddsUp() {
        for sign in [1.0, -1.0] {
            for progress in [-0.31, -0.001, 0, 0.42, 1, 1.0001, 1.2] {
                let frame = HostFrameProgress(progress: progress, travel: 390, sign: sign)
                #expect((0...1).contains(frame.percent))
                #expect(abs(frame.percent + frame.beyondPoints * sign / 390 - progress) < 1e-12)
                #expect((frame.beyondPoints == 0) == (0...1).contains(progress))
            }
        }
        // A pop (toward .right) past 1 by 0.02 of 390 pt: 7.8 pt to the right; a bottom sheet
        // (toward .up, sign -1) 0.1 below 0 on 600 pt: 60 pt down.
        #expect(abs(HostFrameProgress(progress: 1.02, travel: 390, sign: 1).beyondPoints - 7.8) < 1e-9)
        #expect(abs(HostFrameProgress(progress: -0.1, travel: 600, sign: -1).beyondPoints - 60) < 1e-9)
        // Nothing a number is not: percent 0 and nothing beyond.
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(HostFrameProgress(progress: bad, travel: 390, sign: 1) == HostFrameProgress(progress: 0, travel: 390, sign: 1))
        }
    }

    @Test("a spring's overshoot reaches the screen: percent 1 and the rest as points beyond")
    func overshootIsDrawn() {
        var pop = InteractiveTransition(
            mapping: ProgressMapping(travel: 390, toward: .right), model: ProjectedSpringModel(spring: Spring(response: 0.4, dampingRatio: 0.5)),
            estimator: LastTwoPointsEstimator())
        var samples: [TouchSample] = []
        for i in 0...8 { samples.append(TouchSample(time: Double(i) / 120, x: 20 + Double(i * i) * 3, phase: i == 0 ? .began : .changed)) }
        samples.append(TouchSample(time: 8.5 / 120, x: samples.last!.x, phase: .ended))
        var time = 0.0
        for sample in samples {
            pop.handle(sample)
            time = sample.time
            _ = pop.advance(to: time)
        }
        var peakBeyond = 0.0
        var frame = pop.advance(to: time)
        while !frame.isAtRest {
            time += 1.0 / 120
            frame = pop.advance(to: time)
            let shown = pop.hostProgress(of: frame)
            #expect(abs(shown.percent + shown.beyondPoints / 390 - frame.progress) < 1e-12)
            if frame.progress > 1 { #expect(shown.percent == 1 && shown.beyondPoints > 0) }
            peakBeyond = max(peakBeyond, shown.beyondPoints)
        }
        #expect(frame.progress == 1, "the flick finishes")
        #expect(peakBeyond > 1, "an underdamped spring after a flick overshoots by more than a point: \(peakBeyond)")
    }

    @Test("a direction decided by the finger moves the views that way beyond the ends")
    func decidedDirectionSign() {
        var pager = InteractiveTransition(mapping: ProgressMapping(travel: 300, axis: .x, direction: .decidedByFirstMovement(touchSlop: 10), overdrag: .rubberBand))
        #expect(pager.screenSign == 1)
        pager.handle(TouchSample(time: 0, x: 200, phase: .began))
        pager.handle(TouchSample(time: 0.1, x: -200, phase: .changed))   // leftward, past the travel
        let frame = pager.advance(to: 0.1)
        #expect(pager.screenSign == -1)
        #expect(frame.progress > 1)
        #expect(pager.hostProgress(of: frame).beyondPoints < 0)   // further left
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 600, toward: .up))
        #expect(sheet.screenSign == -1)
        sheet.handle(TouchSample(time: 0, y: 300, phase: .began))
        #expect(sheet.screenSign == -1)
    }

    // MARK: Frame rate

    @Test("the rate asked while moving is ProMotion's top rate, within a range that excludes 60 Hz")
    func frameRate() {
        let moving = HostFrameRate.moving
        #expect(moving.minimum <= moving.preferred && moving.preferred <= moving.maximum)
        #expect(moving.preferred == 120 && moving.maximum == 120)
        #expect(moving.minimum > 60)   // a 60 Hz link on a 120 Hz display is what this asks away from
    }

    // MARK: Animator curve

    @Test("only a curve with both control points on the diagonal shows the percent it is scrubbed to")
    func timingCurves() {
        #expect(HostTimingCurve(x1: 0, y1: 0, x2: 1, y2: 1).isLinear())                 // kCAMediaTimingFunctionLinear
        #expect(HostTimingCurve(x1: 0.3, y1: 0.3, x2: 0.8, y2: 0.8).isLinear())
        #expect(!HostTimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1).isLinear())          // easeInEaseOut
        #expect(!HostTimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).isLinear())        // default
        #expect(!HostTimingCurve(x1: .nan, y1: 0, x2: 1, y2: 1).isLinear())
        // The claim itself: a curve off the diagonal draws another value at some percent.
        let ease = (x1: 0.42, y1: 0.0, x2: 0.58, y2: 1.0)
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t }
        let t = 0.2
        #expect(abs(bezier(t, ease.x1, ease.x2) - bezier(t, ease.y1, ease.y2)) > 0.05)
    }

    // MARK: Several fingers through the lifecycle

    static func pop(_ policy: MultitouchPolicy) -> InteractiveTransition {
        var pop = InteractiveTransition(
            mapping: ProgressMapping(travel: 400, direction: .fixed(positive: true)), model: ProjectedSpringModel(),
            estimator: LastTwoPointsEstimator())
        pop.multitouch = policy
        return pop
    }

    @Test("the first finger lifting while a second drags keeps the transition, the second drives on", arguments: MultitouchPolicy.allCases)
    func secondFingerKeepsThePan(policy: MultitouchPolicy) {
        var pop = Self.pop(policy)
        var lifecycle = HostTransitionLifecycle()
        func s(_ t: Double, _ x: Double, _ phase: TouchPhase, _ id: Int) -> TouchSample { TouchSample(time: t, x: x, phase: phase, pointer: id) }
        _ = lifecycle.feed([s(0, 10, .began, 1)], recognizerEnded: nil, to: &pop)
        _ = lifecycle.feed([s(0.05, 60, .changed, 1), s(0.05, 200, .began, 2)], recognizerEnded: nil, to: &pop)
        let before = pop.advance(to: 0.05).progress
        #expect(lifecycle.feed([s(0.1, 80, .ended, 1)], recognizerEnded: nil, to: &pop) == .runFrames)
        #expect(pop.isTracking)
        #expect(pop.advance(to: 0.1).progress == before)   // no jump as the first finger lifts
        _ = lifecycle.feed([s(0.15, 280, .changed, 2)], recognizerEnded: nil, to: &pop)
        #expect(abs(pop.advance(to: 0.15).progress - (before + 80.0 / 400)) < 1e-9)
        // The recognizer ends with the second finger's end lost: it still releases.
        _ = lifecycle.feed([], recognizerEnded: .ended, endTime: 0.16, to: &pop)
        #expect(!pop.isTracking)
        #expect(pop.releases.count == 1)
    }

    @Test("a recognizer ending with one finger's end among its samples ends the others too")
    func recognizerEndEndsEveryFinger() {
        var pop = Self.pop(.centroid)
        var lifecycle = HostTransitionLifecycle()
        func s(_ t: Double, _ x: Double, _ phase: TouchPhase, _ id: Int) -> TouchSample { TouchSample(time: t, x: x, phase: phase, pointer: id) }
        _ = lifecycle.feed([s(0, 10, .began, 1), s(0, 50, .began, 2)], recognizerEnded: nil, to: &pop)
        _ = lifecycle.feed([s(0.05, 90, .changed, 1), s(0.05, 130, .changed, 2)], recognizerEnded: nil, to: &pop)
        let action = lifecycle.feed([s(0.1, 90, .ended, 1)], recognizerEnded: .cancelled, endTime: 0.1, to: &pop)
        #expect(!pop.isTracking)
        #expect(action == .runFrames)   // the completion back plays
        var time = 0.1
        var end: HostTransitionLifecycle.Action = .runFrames
        while end == .runFrames, time < 5 {
            time += 1.0 / 60
            _ = pop.advance(to: time)
            end = lifecycle.action(for: pop)
        }
        #expect(end == .rest(.cancel))   // a cancelled recognizer cancels the stroke
    }
}
