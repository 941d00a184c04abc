import Testing
@testable import TransitionPhysics

/// What the frame driver does with calls that break its contract (InteractiveTransition+Frames.swift):
/// times before the latest frame are read as that frame's time (shown progress never goes back);
/// a non-finite time or a target outside the detents stops the program with a sentence.
@Suite struct DriverMisuseTests {
    typealias D = TransitionDriverTests

    /// A released flick, its completion shown up to `shownUntil` seconds.
    static func releasedFlick(shownUntil: Double) -> (transition: InteractiveTransition, shown: TransitionUpdate) {
        var transition = D.transition()
        for sample in D.drag(speed: 600, frames: 10) { transition.handle(sample) }
        var shown = transition.advance(to: 0)
        var time = 0.0
        while time < shownUntil {
            time = min(shownUntil, time + 1.0 / 120)
            shown = transition.advance(to: time)
        }
        return (transition, shown)
    }

    @Test func retargetBeforeTheLastFrameStartsFromWhatIsShown() {
        let release = 10.0 / 60 + 0.004
        var (transition, shown) = Self.releasedFlick(shownUntil: release + 0.15)
        #expect(shown.progress > transition.releases[0].state.progress && shown.progress < 1, "on its way: \(shown.progress)")
        // Earlier than the frame on screen, as a button's CACurrentMediaTime() is earlier than
        // the display link's targetTimestamp: it starts from the shown state, not from 0.05 s ago.
        transition.retarget(to: 0, at: release + 0.1)
        #expect(transition.frameClock == release + 0.15)
        let after = transition.advance(to: release + 0.15)
        #expect(after.progress == shown.progress, "the picture went back: \(shown.progress) -> \(after.progress)")
        #expect(after.velocity == shown.velocity)
        #expect(after.target == 0 && after.events == [.retargeted])
        // Against the rewind it replaced: the completion's own state at the earlier time.
        var rewound = Self.releasedFlick(shownUntil: release + 0.1).transition
        rewound.retarget(to: 0, at: release + 0.1)
        #expect(rewound.advance(to: release + 0.1).progress < shown.progress)
    }

    @Test func finishAndCancelBeforeTheLastFrameStartFromWhatIsShown() {
        let release = 10.0 / 60 + 0.004
        for call in ["finish", "cancel"] {
            var (transition, shown) = Self.releasedFlick(shownUntil: release + 0.05)
            if call == "finish" { transition.finish(at: 0) } else { transition.cancel(at: 0) }
            let after = transition.advance(to: release + 0.05)
            #expect(after.progress == shown.progress && after.velocity == shown.velocity, "\(call)")
        }
    }

    @Test func advanceToAnEarlierTimeShowsTheLatestFrameAgain() {
        let release = 10.0 / 60 + 0.004
        var (transition, shown) = Self.releasedFlick(shownUntil: release + 0.1)
        let again = transition.advance(to: release + 0.02)
        #expect(again.progress == shown.progress && again.velocity == shown.velocity && again.target == shown.target)
        #expect(again.events.isEmpty)
        #expect(transition.frameClock == release + 0.1)
        // And the completion still ends, reported once, when time moves on.
        var completed: [TransitionEvent] = []
        var time = release + 0.1
        while time < release + 3 {
            time += 1.0 / 60
            completed += transition.advance(to: time).events
        }
        #expect(completed == [.completed(progress: 1)])
    }

    @Test func retargetOutsideTheDetentsTraps() async {
        let past = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var transition = D.transition()
            transition.retarget(to: 1.5, at: 0)
        }
        let message = String(decoding: past?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Retarget progress must be within the detents, 0.0...1.0; got 1.5."), "stderr: \(message)")

        let beyondSheet = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var sheet = D.transition()
            sheet.detents = [0, 0.5]
            sheet.finish(at: 0)
            sheet.retarget(to: 0.75, at: 0.1)
        }
        let sheetMessage = String(decoding: beyondSheet?.standardErrorContent ?? [], as: UTF8.self)
        #expect(sheetMessage.contains("within the detents, 0.0...0.5; got 0.75."), "stderr: \(sheetMessage)")
    }

    @Test func nonFiniteTimesTrap() async {
        let frame = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var transition = D.transition()
            _ = transition.advance(to: .nan)
        }
        let frameMessage = String(decoding: frame?.standardErrorContent ?? [], as: UTF8.self)
        #expect(frameMessage.contains("InteractiveTransition.advance(to:) time must be finite seconds; got nan."), "stderr: \(frameMessage)")

        let control = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var transition = D.transition()
            transition.finish(at: .infinity)
        }
        let controlMessage = String(decoding: control?.standardErrorContent ?? [], as: UTF8.self)
        #expect(controlMessage.contains("InteractiveTransition.retarget(to:at:) time must be finite seconds; got inf."), "stderr: \(controlMessage)")
    }

    @Test func eventsCompareByValueAndPrintShort() throws {
        let release = 10.0 / 60 + 0.004
        var first = D.transition(), second = D.transition()
        for sample in D.drag(speed: 600, frames: 10) {
            first.handle(sample)
            second.handle(sample)
        }
        let a = first.advance(to: release).events, b = second.advance(to: release).events
        #expect(a == [.began, .released(first.releases[0])])
        #expect(a == b)
        #expect(TransitionEvent.completed(progress: 1) != .completed(progress: 0))
        #expect(TransitionEvent.interrupted != .retargeted)

        let released = try #require(a.last)
        let release0 = first.releases[0]
        let text = "\(released)"
        #expect(text.count < 80, "\(text.count) characters: \(text)")
        #expect(text.hasPrefix("released(finish to 1.0 from progress "), "\(text)")
        #expect(text.hasSuffix("/s)"), "\(text)")
        // The numbers it prints are the release's, to 3 decimals.
        let progress = (release0.state.progress * 1000).rounded() / 1000
        #expect(text.contains("from progress \(progress) at "), "\(text)")
        #expect("\(TransitionEvent.completed(progress: 0.5))" == "completed(progress 0.5)")
        #expect("\(TransitionEvent.began)" == "began" && "\(TransitionEvent.retargeted)" == "retargeted")
    }
}
