import Testing
import TransitionLab
@testable import TransitionPhysics

/// Android's predictive back as the driver's input, compared with what Android's own
/// `BackProgressAnimator` does with the same gesture (`AndroidBackProgress`, from AOSP), at 60
/// and 120 Hz.
@Suite struct PredictiveBackTests {
    /// A back transition across a 390 pt screen, toward the right.
    static func transition() -> InteractiveTransition {
        var transition = InteractiveTransition(mapping: ProgressMapping(travel: 390, toward: .right))
        transition.pixelsPerPoint = 3
        return transition
    }

    /// A steady raw swipe from 0 at 1.5 progress per second for 0.4 s, the progress the app
    /// receives (Android's spring) at each frame of `rate` Hz.
    static func events(rate: Double) -> [BackGestureEvent] {
        let times = (0...Int(0.4 * rate)).map { Double($0) / rate }
        let raw = times.map { (time: $0, progress: 1.5 * $0) }
        return zip(times, AndroidBackProgress.smoothed(raw: raw, at: times)).map {
            BackGestureEvent(time: $0, progress: $1.progress, touchX: 20 + 300 * $1.progress, touchY: 400, swipeEdge: .left)
        }
    }

    @Test("Android's spring settles 2 / sqrt(1500) = 51.6 ms behind a steady swipe (the reference against its closed form)")
    func androidsLag() {
        let times = stride(from: 0.0, through: 1, by: 0.001).map { $0 }
        let smoothed = AndroidBackProgress.smoothed(raw: times.map { (time: $0, progress: 0.5 * $0) }, at: times)
        // Raw events 1 ms apart hold each target for 1 ms: half a millisecond more.
        let lag = (0.5 * 1 - smoothed[smoothed.count - 1].progress) / 0.5
        #expect(abs(lag - (2 / 1500.0.squareRoot() + 0.0005)) < 1e-6)
        #expect(abs(smoothed[smoothed.count - 1].velocity - 0.5) < 1e-4)
    }

    @Test("while dragging the view shows the system's progress, frame by frame, with no lag of its own", arguments: [60.0, 120.0])
    func followsTheSystem(rate: Double) {
        var transition = Self.transition()
        let events = Self.events(rate: rate)
        transition.backStarted(events[0])
        var names: [String] = []
        for event in events {
            transition.backProgressed(event)
            let frame = transition.advance(to: event.time)
            names += frame.events.map(\.name)
            #expect(abs(frame.progress - event.progress) < 1e-12)
        }
        #expect(names.first == "began")
    }

    @Test("a commit completes at 1 from the last progress at the velocity the system's progress had; Android's own fling stops short", arguments: [60.0, 120.0])
    func commit(rate: Double) throws {
        var transition = Self.transition()
        let events = Self.events(rate: rate)
        transition.backStarted(events[0])
        for event in events {
            transition.backProgressed(event)
            _ = transition.advance(to: event.time)
        }
        let last = try #require(events.last)
        let invoked = transition.backInvoked(at: last.time + 0.004)
        let release = try #require(invoked)
        #expect(release.decision == .finish && release.completion.curve.target == 1)
        #expect(release.completion.curve.progress(at: 0) == last.progress)
        // The events' own velocity (Android's spring's) at the end, within the estimator's error.
        let times = events.map(\.time)
        let springVelocity = AndroidBackProgress.smoothed(raw: times.map { (time: $0, progress: 1.5 * $0) }, at: times).last!.velocity
        #expect(abs(release.state.velocity / springVelocity - 1) < 0.05, "\(release.state.velocity) \(springVelocity)")
        #expect(release.completion.curve.velocity(at: 0) == release.state.velocity)
        var t = last.time, frame = transition.advance(to: t)
        while !frame.isAtRest && t < 5 {
            t += 1 / rate
            frame = transition.advance(to: t)
        }
        #expect(frame.progress == 1)
        // Android's system fling from the same state coasts v / 33.6 and stops there, short of 1:
        // the app's exit animation is a second motion.
        let fling = AndroidBackProgress.commitFling(progress: last.progress, velocity: springVelocity, time: 5)
        #expect(abs(fling.progress - (last.progress + springVelocity / 33.6)) < 1e-12 && fling.progress < 0.6)
    }

    @Test("a cancel returns to where the gesture began, from the progress shown, velocity kept")
    func cancel() throws {
        var transition = Self.transition()
        transition.detents = [0, 0.5, 1]
        transition.jump(to: 0.5, at: 0)
        let events = Self.events(rate: 120).map { BackGestureEvent(time: 1 + $0.time, progress: $0.progress * 0.5, swipeEdge: .right) }
        for event in events {
            transition.backProgressed(event)   // no backStarted: the first progress starts it
            _ = transition.advance(to: event.time)
        }
        let shown = transition.progress(at: events.last!.time)
        #expect(abs(shown - (0.5 + events.last!.progress - events[0].progress)) < 1e-12)
        let cancelled = transition.backCancelled(at: events.last!.time + 0.004)
        let release = try #require(cancelled)
        #expect(release.completion.curve.target == 0.5 && release.detent == 0.5)
        #expect(release.state.velocity > 0 && release.completion.curve.startVelocity == release.state.velocity)
    }

    @Test("any order: an end with no gesture, a start while a finger drives, a finger during the gesture, a start mid-completion, bad values")
    func anyOrder() throws {
        var transition = Self.transition()
        let noneInvoked = transition.backInvoked(at: 0), noneCancelled = transition.backCancelled(at: 0)
        #expect(noneInvoked == nil && noneCancelled == nil)
        // A finger drives: the system's start is ignored, and the finger keeps the transition.
        transition.handle(TouchSample(time: 0, x: 10, phase: .began))
        transition.handle(TouchSample(time: 0.016, x: 60, phase: .changed))
        transition.backStarted(BackGestureEvent(time: 0.02, progress: 0, swipeEdge: .left))
        #expect(!transition.isSystemBack)
        transition.handle(TouchSample(time: 0.03, x: 60, phase: .ended))
        // Mid-completion: the gesture catches it where it is shown, no jump.
        let shown = transition.advance(to: 0.1).progress
        transition.backStarted(BackGestureEvent(time: 0.1, progress: 0.02, swipeEdge: .left))
        #expect(transition.advance(to: 0.1).progress == shown)
        // A finger during the gesture moves nothing.
        transition.handle(TouchSample(time: 0.11, x: 300, phase: .began))
        transition.handle(TouchSample(time: 0.12, x: 380, phase: .changed))
        #expect(transition.advance(to: 0.12).progress == shown)
        // Not a number, or a time that is not finite: left out; beyond 0...1: the nearest end.
        transition.backProgressed(BackGestureEvent(time: 0.13, progress: .nan, swipeEdge: .left))
        transition.backProgressed(BackGestureEvent(time: .infinity, progress: 0.5, swipeEdge: .left))
        #expect(transition.advance(to: 0.13).progress == shown)
        transition.backProgressed(BackGestureEvent(time: 0.14, progress: 7, swipeEdge: .left))
        let beyond = transition.advance(to: 0.14).progress
        #expect(beyond.isFinite && abs(beyond - (shown + 0.98)) < 1e-12 || beyond == 1)
        let notANumber = transition.backInvoked(at: .nan)
        #expect(notANumber == nil)
        let invoked = transition.backInvoked(at: 0.15)
        let release = try #require(invoked)
        #expect(release.completion.curve.target == 1)
        var t = 0.15, frame = transition.advance(to: t)
        while !frame.isAtRest && t < 5 {
            t += 1.0 / 60
            frame = transition.advance(to: t)
            #expect(frame.progress.isFinite)
        }
        #expect(frame.progress == 1)
    }
}
