import Foundation
import Testing
@testable import TransitionPhysics

/// The axis lock: a stroke from rest that moves mostly across the axis does not begin the
/// transition, one along it drives it exactly as without a lock, and a catch is never refused.
@Suite struct AxisLockTests {
    /// A horizontal pop of 390 pt with `lock`, decided direction, detents [0, 1].
    static func pop(lock: AxisLock? = AxisLock(), direction: ProgressMapping.Direction = .decidedByFirstMovement(touchSlop: 10)) -> InteractiveTransition {
        var mapping = ProgressMapping(travel: 390, axis: .x, direction: direction)
        mapping.axisLock = lock
        return InteractiveTransition(mapping: mapping)
    }

    /// A straight stroke from (200, 400) at `angle` degrees from the x axis, 2 pt per 8 ms step
    /// at first then 12 pt per step, `steps` moves, then lifted at its last position 8 ms later.
    static func stroke(angle: Double, steps: Int = 20, start: Double = 0) -> [TouchSample] {
        let (cosine, sine) = (cos(angle * .pi / 180), sin(angle * .pi / 180))
        var samples = [TouchSample(time: start, x: 200, y: 400, phase: .began)]
        var distance = 0.0
        for i in 1...steps {
            distance += i <= 3 ? 2 : 12
            samples.append(TouchSample(time: start + Double(i) * 0.008, x: 200 + distance * cosine, y: 400 + distance * sine, phase: .changed))
        }
        let last = samples[samples.count - 1]
        samples.append(TouchSample(time: last.time + 0.008, x: last.x, y: last.y, phase: .ended))
        return samples
    }

    @Test("a vertical stroke is refused: an event says so, the view stays at 0, nothing is released")
    func verticalStrokeIsRefused() {
        var transition = Self.pop()
        var releases: [InteractiveTransition.Release] = []
        var events: [TransitionEvent] = []
        for sample in Self.stroke(angle: 80) {
            if let release = transition.handle(sample) { releases.append(release) }
            let frame = transition.advance(to: sample.time)
            events += frame.events
            #expect(frame.progress == 0)
        }
        #expect(releases.isEmpty)
        // A refused stroke never began: `.refused` is its one event.
        #expect(events.map(\.name) == ["refused"])
        guard case .refused(let along, let across) = events.last else { Issue.record("no refusal"); return }
        // Judged at the first sample 10 pt from touch-down along either axis: 2+2+2+12 = 18 pt.
        #expect(abs(along - 18 * cos(80 * Double.pi / 180)) < 1e-9 && abs(across - 18 * sin(80 * Double.pi / 180)) < 1e-9)
        if case .idle = transition.phase {} else { Issue.record("not idle after a refusal: \(transition.phase)") }
        // The next horizontal stroke drives it as usual.
        for sample in Self.stroke(angle: 0, start: 1) { transition.handle(sample) }
        #expect(transition.releases.count == 1 && transition.releases[0].state.progress > 0.5)
    }

    /// The judgement at the angle that separates the two: along = ratio * across.
    @Test(arguments: [(1.0, 40.0, true), (1.0, 44.0, true), (1.0, 46.0, false), (1.0, 60.0, false),
                      (2.0, 20.0, true), (2.0, 26.0, true), (2.0, 27.0, false), (2.0, 30.0, false), (1.0, 180.0, true), (1.0, 225.0, true)])
    func diagonalStrokes(ratio: Double, angle: Double, begins: Bool) {
        // tan(45) = 1 and tan(26.57) = 1/2: the edges for ratios 1 and 2.
        var transition = Self.pop(lock: AxisLock(ratio: ratio))
        var names: [String] = []
        for sample in Self.stroke(angle: angle) {
            transition.handle(sample)
            names += transition.advance(to: sample.time).events.map(\.name)
        }
        #expect(names.contains("refused") == !begins, "ratio \(ratio), \(angle) degrees: \(names)")
        #expect(transition.releases.count == (begins ? 1 : 0))
    }

    @Test("a stroke along the axis releases exactly as without a lock (direction decided or fixed)")
    func acceptedStrokeIsUnchanged() {
        for direction: ProgressMapping.Direction in [.decidedByFirstMovement(touchSlop: 10), .reversible(touchSlop: 10), .fixed(positive: true)] {
            for angle in [0.0, 10, 30] {
                var locked = Self.pop(direction: direction), free = Self.pop(lock: nil, direction: direction)
                var shownLocked: [Double] = [], shownFree: [Double] = []
                for sample in Self.stroke(angle: angle) {
                    locked.handle(sample)
                    free.handle(sample)
                    shownLocked.append(locked.advance(to: sample.time).progress)
                    shownFree.append(free.advance(to: sample.time).progress)
                }
                if direction.fixedSign == nil {
                    // The slop hides the same samples either way: the same frames, the same release, bit for bit.
                    #expect(shownLocked == shownFree, "\(direction) \(angle)")
                } else {
                    // A fixed direction shows the first 6 pt without a lock; with one, from the judgement (18 pt) on.
                    #expect(shownLocked.suffix(17) == shownFree.suffix(17), "\(direction) \(angle)")
                    #expect(shownLocked[1...3].allSatisfy { $0 == 0 })
                }
                #expect(locked.releases == free.releases, "\(direction) \(angle)")
            }
        }
    }

    @Test("a touch that catches a completion in motion is never refused, whatever its angle")
    func catchIsNeverRefused() {
        var transition = Self.pop()
        transition.finish(at: 0)
        _ = transition.advance(to: 0.05)
        let caught = transition.progress(at: 0.05)
        #expect(caught > 0 && caught < 1)
        var names: [String] = []
        for sample in Self.stroke(angle: 90, start: 0.05) {
            transition.handle(sample)
            names += transition.advance(to: sample.time).events.map(\.name)
        }
        #expect(names.first == "interrupted" && !names.contains("refused"), "\(names)")
    }

    @Test("a refused stroke from rest at a detent leaves the view there, complete, with no second completed")
    func refusedFromRestStaysAtTheDetent() {
        var transition = Self.pop()
        transition.detents = [0, 0.5, 1]
        transition.jump(to: 0.5, at: 0)
        #expect(transition.advance(to: 0.01).events.map(\.name) == ["completed"])
        var names: [String] = []
        for sample in Self.stroke(angle: 90, start: 1) {
            transition.handle(sample)
            let frame = transition.advance(to: sample.time)
            names += frame.events.map(\.name)
            #expect(frame.progress == 0.5)
        }
        #expect(names == ["refused"])
        let rest = transition.advance(to: 2)
        #expect(rest.isAtRest && rest.progress == 0.5 && rest.velocity == 0 && rest.events.isEmpty)
    }

    @Test("the adapter's lifecycle cancels the platform transition a refused stroke began, once")
    func lifecycleCancelsARefusedStroke() {
        var transition = Self.pop()
        var lifecycle = HostTransitionLifecycle()
        #expect(lifecycle.touchDown == .beginHostTransition)
        var actions: [HostTransitionLifecycle.Action] = []
        for sample in Self.stroke(angle: 85) {
            actions.append(lifecycle.feed([sample], recognizerEnded: sample.phase == .ended ? .ended : nil, to: &transition))
        }
        #expect(actions.contains(.rest(.cancel)))
        #expect(actions.filter { $0 == .rest(.cancel) }.count == 1 && actions.last == .stopFrames)
        #expect(transition.releases.isEmpty)
    }

    @Test("a tap under a lock releases where it was, as a tap without one does")
    func tapReleasesInPlace() {
        var locked = Self.pop(), free = Self.pop(lock: nil)
        for sample in [TouchSample(time: 0, x: 10, y: 10, phase: .began), TouchSample(time: 0.05, x: 11, y: 12, phase: .ended)] {
            locked.handle(sample)
            free.handle(sample)
        }
        #expect(locked.releases == free.releases && locked.releases.count == 1)
        #expect(locked.releases[0].state.progress == 0 && locked.releases[0].state.velocity == 0)
    }

    @Test("the rule at its edges: nothing before the slop, along = ratio x across begins, NaN waits")
    func ruleAtItsEdges() {
        let lock = AxisLock(slop: 18, ratio: 2)
        #expect(lock.accepts(alongPoints: 17, acrossPoints: 0) == nil)
        #expect(lock.accepts(alongPoints: 18, acrossPoints: 9) == true)
        #expect(lock.accepts(alongPoints: 18, acrossPoints: 9.0001) == false)
        #expect(lock.accepts(alongPoints: 0, acrossPoints: 18) == false)
        #expect(lock.accepts(alongPoints: .nan, acrossPoints: .nan) == nil)
    }

    /// The text a trap wrote to standard error.
    static func text(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("a slop or ratio that is not positive and finite traps, at init and on set, naming it; so does a threshold outside 0...1")
    func invalidSettingsTrap() async {
        var message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = AxisLock(slop: 0) })
        #expect(message.contains("AxisLock slop must be positive and finite points; got 0.0."), "\(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = AxisLock(ratio: .nan) })
        #expect(message.contains("AxisLock ratio must be positive and finite; got nan."), "\(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var lock = AxisLock(); lock.slop = -1 })
        #expect(message.contains("AxisLock slop must be positive and finite points; got -1.0."), "\(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { var lock = AxisLock(); lock.ratio = .infinity })
        #expect(message.contains("AxisLock ratio must be positive and finite; got inf."), "\(message)")
        message = Self.text(await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var transition = InteractiveTransition(mapping: ProgressMapping(travel: 100))
            transition.detentPolicy = .thresholds([0.5, 1.5])
        })
        #expect(message.contains("detentPolicy: a threshold fraction must be within 0...1 of the gap between two detents; got 1.5."), "\(message)")
    }
}
