import Testing
import TransitionLab
@testable import TransitionPhysics

/// The core half of the UIKit adapter (TransitionPhysicsUIKit cannot be compiled on Linux):
/// which end a rest means for the platform transition (`HostTransitionEnd`), when the display
/// link runs and stops and the platform transition ends, once, on every path
/// (`HostTransitionLifecycle`), and the axis-aware travel (`ProgressMapping.travel(width:height:)`).
@Suite("Host transition: the UIKit adapter's end mapping and lifecycle")
struct HostTransitionTests {
    static let travel = 400.0

    static func transition(detents: [Double] = [0, 1], edgeZone: ProgressMapping.EdgeZone? = nil) -> InteractiveTransition {
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: travel, direction: .fixed(positive: true), edgeZone: edgeZone),
            model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        transition.detents = detents.map { .fraction($0) }
        return transition
    }

    /// A steady drag at 60 Hz from `x0` at `speed` points per second; `lift` adds the lift-off
    /// (4 ms after the last move, repeating its position).
    static func drag(speed: Double, frames: Int, t0: Double = 0, x0: Double = 0, lift: Bool = true) -> [TouchSample] {
        var samples = [TouchSample(time: t0, x: x0, phase: .began)]
        for i in 1...frames {
            samples.append(TouchSample(time: t0 + Double(i) / 60, x: x0 + speed * Double(i) / 60, phase: .changed))
        }
        if lift { samples.append(TouchSample(time: samples.last!.time + 0.004, x: samples.last!.x, phase: .ended)) }
        return samples
    }

    /// The adapter's display link: frames at 60 Hz from `start` while the lifecycle says
    /// `.runFrames`; the actions and events of every frame.
    static func runFrames(
        _ transition: inout InteractiveTransition, _ lifecycle: inout HostTransitionLifecycle, from start: Double
    ) -> (actions: [HostTransitionLifecycle.Action], events: [TransitionEvent], end: Double) {
        var actions: [HostTransitionLifecycle.Action] = [], events: [TransitionEvent] = []
        var time = start
        for _ in 0..<600 {
            time += 1.0 / 60
            let frame = transition.advance(to: time)
            events += frame.events
            let action = lifecycle.action(for: transition)
            actions.append(action)
            if action != .runFrames { break }
        }
        return (actions, events, time)
    }

    // MARK: The end mapping

    /// Fraction detents at `fractions`, resolved as the driver resolves them (each named by its
    /// fraction).
    private func resolved(_ fractions: [Double]) -> [ResolvedDetent] {
        ResolvedDetent.resolve(fractions.map { Detent.fraction($0) }, in: DetentLayout(travel: 1))
    }

    @Test("last detent finishes, first cancels, a middle one is that detent, anything else is between")
    func endMapping() {
        #expect(HostTransitionEnd(restingAt: 1, detents: resolved([0, 1])) == .finish)
        #expect(HostTransitionEnd(restingAt: 0, detents: resolved([0, 1])) == .cancel)
        #expect(HostTransitionEnd(restingAt: 0.3, detents: resolved([0, 1])) == .between(progress: 0.3))
        let sheet = resolved([0, 0.5, 1.0])
        #expect(HostTransitionEnd(restingAt: 0.5, detents: sheet) == .detent(0.5, progress: 0.5))
        #expect(HostTransitionEnd(restingAt: 1, detents: sheet) == .finish)
        #expect(HostTransitionEnd(restingAt: 0, detents: sheet) == .cancel)
        let four = resolved([0.2, 0.4, 0.6, 0.8])
        #expect(HostTransitionEnd(restingAt: 0.6, detents: four) == .detent(0.6, progress: 0.6))
        #expect(HostTransitionEnd(restingAt: 0.2, detents: four) == .cancel)
        #expect(HostTransitionEnd(restingAt: 0.8, detents: four) == .finish)
        // A middle detent is named by its identity, not its place: a points detent's id.
        let named = ResolvedDetent.resolve([0, .points(200, id: "peek"), 1], in: DetentLayout(travel: 800))
        #expect(HostTransitionEnd(restingAt: 0.25, detents: named) == .detent("peek", progress: 0.25))
        // One detent: first and last; a rest there finishes, as the driver's decision does.
        #expect(HostTransitionEnd(restingAt: 0.4, detents: resolved([0.4])) == .finish)
        // A middle detent never ends the platform transition.
        #expect(HostTransitionEnd.finish.endsHostTransition && HostTransitionEnd.cancel.endsHostTransition)
        #expect(!HostTransitionEnd.detent(0.5, progress: 0.5).endsHostTransition)
        #expect(!HostTransitionEnd.between(progress: 0.3).endsHostTransition)
        #expect(HostTransitionEnd.finish.progress(detents: four) == 0.8)
        #expect(HostTransitionEnd.cancel.progress(detents: four) == 0.2)
        #expect(HostTransitionEnd.detent(0.4, progress: 0.4).progress(detents: four) == 0.4)
    }

    @Test("only a completed event maps to an end")
    func fromEvents() {
        #expect(HostTransitionEnd(TransitionEvent.completed(progress: 1), detents: resolved([0, 1])) == .finish)
        #expect(HostTransitionEnd(TransitionEvent.completed(progress: 0.5), detents: resolved([0, 0.5, 1])) == .detent(0.5, progress: 0.5))
        for event in [TransitionEvent.began, .interrupted, .retargeted] {
            #expect(HostTransitionEnd(event, detents: resolved([0, 1])) == nil)
        }
    }

    // MARK: The lifecycle

    @Test("a flick: frames run until the completed frame, which finishes once; then the link stays stopped")
    func flickFinishesOnce() {
        var transition = Self.transition()
        var lifecycle = HostTransitionLifecycle()
        let samples = Self.drag(speed: 900, frames: 8)
        #expect(lifecycle.feed(Array(samples.prefix(3)), recognizerEnded: nil, to: &transition) == .runFrames)
        #expect(lifecycle.feed(Array(samples.dropFirst(3)), recognizerEnded: .ended, to: &transition) == .runFrames)
        let run = Self.runFrames(&transition, &lifecycle, from: samples.last!.time)
        #expect(run.actions.dropLast().allSatisfy { $0 == .runFrames })
        #expect(run.actions.last == .rest(.finish))
        // The rest comes on the frame that reports `.completed`, and maps the same way.
        guard case .completed? = run.events.last else { Issue.record("no completion: \(run.events)"); return }
        #expect(HostTransitionEnd(run.events.last!, detents: transition.resolvedDetents) == .finish)
        #expect(lifecycle.isOver)
        // Over: later frames, samples and code all answer stopFrames, and feed nothing.
        #expect(lifecycle.action(for: transition) == .stopFrames)
        let releases = transition.releases.count
        #expect(lifecycle.feed(Self.drag(speed: -900, frames: 4, t0: run.end + 1, x0: 300), recognizerEnded: .ended, to: &transition) == .stopFrames)
        #expect(transition.releases.count == releases)
    }

    @Test("a middle detent pauses (reported once, not a cancel); a later drag continues and finishes")
    func middleDetentPauses() {
        var transition = Self.transition(detents: [0, 0.5, 1])
        var lifecycle = HostTransitionLifecycle()
        // 0.3 of the travel at 0.6/s: projected 0.6, nearest detent 0.5.
        let first = Self.drag(speed: 240, frames: 30)
        #expect(lifecycle.feed(first, recognizerEnded: .ended, to: &transition) == .runFrames)
        let run = Self.runFrames(&transition, &lifecycle, from: first.last!.time)
        #expect(run.actions.last == .rest(.detent(0.5, progress: 0.5)))
        #expect(!lifecycle.isOver)
        #expect(transition.advance(to: run.end + 0.1).progress == 0.5)
        // Reported once: the next frames or calls say only that nothing moves.
        #expect(lifecycle.action(for: transition) == .stopFrames)
        #expect(lifecycle.action(for: transition) == .stopFrames)
        // A new drag from the paused detent starts frames again and finishes the transition.
        let second = Self.drag(speed: 1200, frames: 8, t0: run.end + 0.5, x0: 200)
        #expect(lifecycle.feed(Array(second.prefix(1)), recognizerEnded: nil, to: &transition) == .runFrames)
        #expect(lifecycle.feed(Array(second.dropFirst()), recognizerEnded: .ended, to: &transition) == .runFrames)
        let again = Self.runFrames(&transition, &lifecycle, from: second.last!.time)
        #expect(again.actions.last == .rest(.finish))
        #expect(lifecycle.isOver)
    }

    @Test("a touch during the completion catches the running transition: no second one, no jump, one end")
    func touchDuringTheCompletionCatchesIt() {
        var transition = Self.transition()
        var lifecycle = HostTransitionLifecycle()
        #expect(lifecycle.touchDown == .beginHostTransition)   // nothing runs yet: begin one
        var begun = 1   // the platform transitions the adapter's documented usage begins
        // A slow drag to 0.25 that lifts moving forward: the completion heads somewhere, playing.
        let first = Self.drag(speed: 300, frames: 20)
        #expect(lifecycle.feed(first, recognizerEnded: .ended, to: &transition) == .runFrames)
        var ends: [HostTransitionEnd] = []
        var time = first.last!.time, shown = transition.advance(to: time)
        for _ in 0..<5 {   // five frames of the completion, then a finger lands
            time += 1.0 / 60
            shown = transition.advance(to: time)
            if case .rest(let end) = lifecycle.action(for: transition) { ends.append(end) }
        }
        #expect(ends.isEmpty)
        #expect(lifecycle.isHostTransitionRunning)
        #expect(lifecycle.touchDown == .catchRunningTransition)
        if lifecycle.touchDown == .beginHostTransition { begun += 1 }

        // The finger lands 4 ms after the last frame: the view is caught where it is shown.
        let landing = time + 0.004
        let expected = transition.progress(at: landing)
        let velocityBefore = shown.velocity
        let catchSamples = [TouchSample(time: landing, x: 77, phase: .began)]
        #expect(lifecycle.feed(catchSamples, recognizerEnded: nil, to: &transition) == .runFrames)
        let caught = transition.advance(to: landing)
        #expect(caught.progress == expected)
        #expect(caught.events.map(\.name) == ["interrupted"])
        // No jump: the caught progress is where the completion's own motion took it in 4 ms.
        #expect(abs(caught.progress - (shown.progress + velocityBefore * 0.004)) < 0.01)
        #expect(!lifecycle.isOver)

        // The finger scrubs on from there and flicks forward: the same transition finishes, once.
        var scrub: [TouchSample] = []
        var x = 77.0, t = landing
        for _ in 0..<6 {
            t += 1.0 / 60; x += 1500.0 / 60
            scrub.append(TouchSample(time: t, x: x, phase: .changed))
        }
        scrub.append(TouchSample(time: t + 0.004, x: x, phase: .ended))
        let frameAfter = transition.advance(to: landing + 1.0 / 120)
        #expect(abs(frameAfter.progress - caught.progress) < 0.01)
        #expect(lifecycle.feed(scrub, recognizerEnded: .ended, to: &transition) == .runFrames)
        #expect(transition.releases.count == 2)
        // The second completion starts at the finger's velocity: no jump at the second release.
        let second = transition.releases[1]
        #expect(abs(second.completion.curve.velocity(at: 0) - second.state.velocity) < 1e-12)
        let run = Self.runFrames(&transition, &lifecycle, from: t + 0.004)
        for action in run.actions { if case .rest(let end) = action { ends.append(end) } }
        #expect(ends == [.finish])
        #expect(begun == 1)
        #expect(lifecycle.isOver)
        // Over: the next touch-down begins a new platform transition.
        #expect(lifecycle.touchDown == .beginHostTransition)
    }

    @Test("a touch at a paused middle detent catches the running transition too")
    func touchAtAPausedDetentCatchesIt() {
        var transition = Self.transition(detents: [0, 0.5, 1])
        var lifecycle = HostTransitionLifecycle()
        let first = Self.drag(speed: 240, frames: 30)
        _ = lifecycle.feed(first, recognizerEnded: .ended, to: &transition)
        let run = Self.runFrames(&transition, &lifecycle, from: first.last!.time)
        #expect(run.actions.last == .rest(.detent(0.5, progress: 0.5)))
        #expect(lifecycle.touchDown == .catchRunningTransition)
    }

    @Test("the end the lifecycle adds carries the recognizer's end time, so a rested finger releases at 0")
    func synthesizedEndCarriesTheRecognizersTime() {
        // A drag that stops moving, then the recognizer ends 0.2 s later without the touch's end.
        var transition = Self.transition()
        var lifecycle = HostTransitionLifecycle()
        let moves = Self.drag(speed: 900, frames: 8, lift: false)
        _ = lifecycle.feed(moves, recognizerEnded: nil, to: &transition)
        let endTime = moves.last!.time + 0.2
        _ = lifecycle.feed([], recognizerEnded: .ended, endTime: endTime, to: &transition)
        #expect(lifecycle.lastSample?.time == endTime)
        #expect(transition.releases.count == 1)
        #expect(transition.releases[0].time == endTime)
        #expect(transition.releases[0].state.velocity == 0)   // pointer stopped (ReleaseSamples.liftOff)
        // An end time before the newest sample, or not a number, takes the newest sample's time.
        for bad in [moves.last!.time - 1, .nan, .infinity] {
            var other = Self.transition()
            var otherLifecycle = HostTransitionLifecycle()
            _ = otherLifecycle.feed(moves, recognizerEnded: nil, to: &other)
            _ = otherLifecycle.feed([], recognizerEnded: .ended, endTime: bad, to: &other)
            #expect(otherLifecycle.lastSample?.time == moves.last!.time)
            #expect(other.releases.first?.state.velocity ?? 0 > 0)
        }
    }

    @Test("a touch-down outside the edge zone cancels the platform transition at once, once")
    func edgeZoneRefusal() {
        var transition = Self.transition(edgeZone: .init(edgePosition: 0, width: 50))
        var lifecycle = HostTransitionLifecycle()
        let refused = Self.drag(speed: 900, frames: 8, x0: 200)
        #expect(lifecycle.feed(Array(refused.prefix(2)), recognizerEnded: nil, to: &transition) == .rest(.cancel))
        #expect(lifecycle.isOver)
        #expect(lifecycle.feed(Array(refused.dropFirst(2)), recognizerEnded: .ended, to: &transition) == .stopFrames)
        #expect(transition.releases.isEmpty)
        // Inside the zone the same drag starts.
        var inside = Self.transition(edgeZone: .init(edgePosition: 0, width: 50))
        var started = HostTransitionLifecycle()
        #expect(started.feed(Self.drag(speed: 900, frames: 8, x0: 20), recognizerEnded: .ended, to: &inside) == .runFrames)
    }

    @Test("a gesture that never began (moves and a lift with no touch-down, or nothing) cancels")
    func neverBegan() {
        var transition = Self.transition()
        var lifecycle = HostTransitionLifecycle()
        let moves = Self.drag(speed: 900, frames: 8).dropFirst()
        #expect(lifecycle.feed(Array(moves), recognizerEnded: .ended, to: &transition) == .rest(.cancel))
        var empty = Self.transition()
        var nothing = HostTransitionLifecycle()
        #expect(nothing.feed([], recognizerEnded: .cancelled, to: &empty) == .rest(.cancel))
    }

    @Test("a recognizer that ends or is cancelled without the touch's own end still releases")
    func recognizerEndWithoutTouchEnd() {
        for (recognizerEnd, cancelled) in [(TouchPhase.ended, false), (.cancelled, true)] {
            var transition = Self.transition()
            var lifecycle = HostTransitionLifecycle()
            let moves = Self.drag(speed: 900, frames: 8, lift: false)
            #expect(lifecycle.feed(moves, recognizerEnded: nil, to: &transition) == .runFrames)
            // The end callback brings no sample: one is added at the newest sample.
            #expect(lifecycle.feed([], recognizerEnded: recognizerEnd, to: &transition) == .runFrames)
            #expect(transition.releases.count == 1)
            let release = transition.releases[0]
            #expect(release.time == moves.last!.time)
            #expect(release.state.recognizerCancelled == cancelled)
            #expect(lifecycle.lastSample?.phase == (cancelled ? .cancelled : .ended))
            let run = Self.runFrames(&transition, &lifecycle, from: moves.last!.time)
            guard case .rest(let end)? = run.actions.last else { Issue.record("no rest: \(run.actions)"); continue }
            #expect(end.endsHostTransition)
            #expect(lifecycle.isOver)
        }
    }

    @Test("a cancelled recognizer on a sheet returns to the first detent: cancel")
    func cancelledRecognizerCancels() {
        var transition = Self.transition(detents: [0, 0.5, 1])
        var lifecycle = HostTransitionLifecycle()
        let moves = Self.drag(speed: 900, frames: 20, lift: false)
        _ = lifecycle.feed(moves, recognizerEnded: nil, to: &transition)
        #expect(lifecycle.feed([], recognizerEnded: .cancelled, to: &transition) == .runFrames)
        let run = Self.runFrames(&transition, &lifecycle, from: moves.last!.time)
        #expect(run.actions.last == .rest(.cancel))
    }

    @Test("code: a retarget between detents pauses there; finish from a pause finishes")
    func fromCode() {
        var transition = Self.transition()
        var lifecycle = HostTransitionLifecycle()
        transition.retarget(to: 0.3, at: 0)
        #expect(lifecycle.action(for: transition) == .runFrames)
        let run = Self.runFrames(&transition, &lifecycle, from: 0)
        #expect(run.actions.last == .rest(.between(progress: 0.3)))
        #expect(!lifecycle.isOver)
        transition.finish(at: run.end)
        #expect(lifecycle.action(for: transition) == .runFrames)
        let end = Self.runFrames(&transition, &lifecycle, from: run.end)
        #expect(end.actions.last == .rest(.finish))
    }

    @Test("the platform transition ended by the app: frames stop, nothing more is fed")
    func endedOutside() {
        var transition = Self.transition()
        var lifecycle = HostTransitionLifecycle()
        let samples = Self.drag(speed: 900, frames: 8)
        #expect(lifecycle.feed(Array(samples.prefix(4)), recognizerEnded: nil, to: &transition) == .runFrames)
        lifecycle.hostTransitionEnded()
        #expect(lifecycle.isOver)
        #expect(lifecycle.action(for: transition) == .stopFrames)
        #expect(lifecycle.feed(Array(samples.dropFirst(4)), recognizerEnded: .ended, to: &transition) == .stopFrames)
        #expect(transition.releases.isEmpty)
    }

    // MARK: Travel along the axis

    @Test("travel is the width along x and the height along y, at least 1 point")
    func travelAlongTheAxis() {
        let horizontal = ProgressMapping(travel: 1, axis: .x)
        let vertical = ProgressMapping(travel: 1, axis: .y)
        #expect(horizontal.travel(width: 390, height: 844) == 390)
        #expect(vertical.travel(width: 390, height: 844) == 844)
        for bad in [0, -5, 0.5, .nan, .infinity] as [Double] {
            #expect(horizontal.travel(width: bad, height: 844) == 1)
            #expect(vertical.travel(width: 390, height: bad) == 1)
        }
        // The travel it gives is one the driver accepts.
        #expect(TransitionSettingRules.travelProblem(vertical.travel(width: 390, height: .nan)) == nil)
    }
}
