import Testing
@testable import TransitionPhysics

/// Events while a finger drags: a detent crossed, and the detent a release would settle at
/// changed, each once per change, none during a completion (its spring-back included), at 60 and
/// 120 Hz.
@Suite struct DetentCrossingTests {
    /// An 800 pt bottom sheet on a 3x display with detents [0, 0.5, 1].
    static func sheet() -> InteractiveTransition {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up))
        sheet.pixelsPerPoint = 3
        sheet.detents = [0, 0.5, 1]
        return sheet
    }

    /// Drives `sheet` through finger heights `ys` (points, screen y) sampled and shown at `rate`
    /// Hz from `start`, then lifts at the last and runs frames for 2 s; returns every frame's
    /// events with whether a finger was down.
    static func drag(_ sheet: inout InteractiveTransition, ys: [Double], rate: Double, start: Double = 0)
        -> [(tracking: Bool, events: [TransitionEvent])]
    {
        var frames: [(Bool, [TransitionEvent])] = []
        for (i, y) in ys.enumerated() {
            let t = start + Double(i) / rate
            sheet.handle(TouchSample(time: t, y: y, phase: i == 0 ? .began : .changed))
            frames.append((true, sheet.advance(to: t).events))
        }
        let lift = start + Double(ys.count) / rate
        sheet.handle(TouchSample(time: lift, y: ys[ys.count - 1], phase: .ended))
        var t = lift
        while t < lift + 2 {
            frames.append((false, sheet.advance(to: t).events))
            t += 1 / rate
        }
        return frames
    }

    static func crossings(_ frames: [(tracking: Bool, events: [TransitionEvent])]) -> [TransitionEvent] {
        frames.flatMap { $0.events.filter { $0.name == "detentCrossed" } }
    }

    @Test("a slow drag from closed to full and back crosses the middle detent once each way", arguments: [60.0, 120.0])
    func upAndBack(rate: Double) {
        var sheet = Self.sheet()
        let n = Int(rate)
        let up = (0...n).map { 790 - 700 * Double($0) / Double(n) }
        let ys = up + up.reversed().dropFirst()
        let frames = Self.drag(&sheet, ys: ys, rate: rate)
        #expect(Self.crossings(frames) == [.detentCrossed(0.5, moving: .next), .detentCrossed(0.5, moving: .previous)])
        // None after the lift-off, whatever the completion does.
        #expect(frames.filter { !$0.tracking }.allSatisfy { $0.events.allSatisfy { $0.name != "detentCrossed" && $0.name != "releaseDetentChanged" } })
    }

    @Test("touch noise of a third of a point (under a 3x pixel) around a detent reports nothing; a pixel past does")
    func noiseAroundADetent() {
        var sheet = Self.sheet()
        sheet.jump(to: 0.5, at: 0)
        _ = sheet.advance(to: 0)
        // The finger lands on the detent and wobbles +-0.3 pt (progress +-0.000375, a 3x pixel is
        // 0.000417): nothing; then it moves 1 pt up: the detent was never a pixel below, so no crossing.
        let wobble = (0..<60).map { 400 + ($0 % 2 == 0 ? 0.3 : -0.3) }
        var frames = Self.drag(&sheet, ys: [400] + wobble + [399], rate: 120, start: 1)
        #expect(Self.crossings(frames).isEmpty)
        // From 2 pt below to 2 pt above: one crossing.
        sheet.jump(to: 0.5, at: 5)
        frames = Self.drag(&sheet, ys: [400, 401, 402, 401, 400, 399, 398], rate: 120, start: 6)
        #expect(Self.crossings(frames) == [.detentCrossed(0.5, moving: .next)])
    }

    @Test("one frame that passes two detents reports both in the order passed")
    func twoInOneFrame() {
        var sheet = Self.sheet()
        sheet.detents = [0, 0.25, 0.5, 1]
        // 60 Hz samples 300 pt apart, but frames only at the ends: 0 to 0.75 in one frame.
        sheet.handle(TouchSample(time: 0, y: 790, phase: .began))
        _ = sheet.advance(to: 0)
        sheet.handle(TouchSample(time: 0.016, y: 780, phase: .changed))
        _ = sheet.advance(to: 0.016)
        sheet.handle(TouchSample(time: 0.032, y: 180, phase: .changed))
        let up = sheet.advance(to: 0.032).events.filter { $0.name == "detentCrossed" }
        #expect(up == [.detentCrossed(0.25, moving: .next), .detentCrossed(0.5, moving: .next)])
        sheet.handle(TouchSample(time: 0.048, y: 780, phase: .changed))
        let down = sheet.advance(to: 0.048).events.filter { $0.name == "detentCrossed" }
        #expect(down == [.detentCrossed(0.5, moving: .previous), .detentCrossed(0.25, moving: .previous)])
    }

    @Test("the release detent: reported when what a release now would do flips, once per flip, from the touch-down detent", arguments: [60.0, 120.0])
    func releaseDetentFlips(rate: Double) {
        var sheet = Self.sheet()
        // A slow drag from closed up past the middle detent and slowly back down near closed.
        let n = Int(rate)
        let up = (0...n).map { 790 - 500 * Double($0) / Double(n) }
        let frames = Self.drag(&sheet, ys: up + up.reversed().dropFirst(), rate: rate)
        let flips = frames.filter(\.tracking).flatMap { $0.events.filter { $0.name == "releaseDetentChanged" } }
        // Up toward 0.5 (it passes 0.25, nearer 0.5 than 0), and back to 0.
        #expect(flips.first == .releaseDetentChanged(0.5))
        #expect(flips.last == .releaseDetentChanged(0))
        // Each reported change is a change: no two equal in a row.
        #expect(zip(flips, flips.dropFirst()).allSatisfy { $0 != $1 })
        // The frames' targets agree with the events.
        var target: Detent.ID = 0
        for frame in frames where frame.tracking {
            for case .releaseDetentChanged(let id) in frame.events { target = id }
        }
        #expect(target == 0)
    }

    @Test("a catch during a completion starts from the detent the completion was going to")
    func catchStartsFromTheCompletionsDetent() {
        var sheet = Self.sheet()
        sheet.jump(to: 0, at: 0)
        sheet.retarget(to: 1, at: 0.1)
        _ = sheet.advance(to: 0.2)
        let shown = sheet.progress(at: 0.2)
        // Caught and held still: the view stops; a release now would go to the nearest detent.
        let y = 800 - shown * 800
        sheet.handle(TouchSample(time: 0.2, y: y, phase: .began))
        var events: [TransitionEvent] = []
        for i in 1...10 {
            let t = 0.2 + Double(i) / 120
            sheet.handle(TouchSample(time: t, y: y, phase: .changed))
            events += sheet.advance(to: t).events
        }
        let nearest = [0.0, 0.5, 1][ProjectionRule.nearestDetent(to: shown, in: [0, 0.5, 1])]
        let flips = events.filter { $0.name == "releaseDetentChanged" }
        #expect(flips == (nearest == 1 ? [] : [.releaseDetentChanged(Detent.ID(floatLiteral: nearest))]))
    }

    @Test("a layout change while dragging starts the sides afresh: no crossing from the detents moving")
    func layoutChangeWhileDragging() {
        var sheet = Self.sheet()
        sheet.detents = [0, .points(300, id: "peek"), 1]
        sheet.handle(TouchSample(time: 0, y: 790, phase: .began))
        for i in 1...20 {
            sheet.handle(TouchSample(time: Double(i) / 120, y: 790 - Double(i) * 10, phase: .changed))
            _ = sheet.advance(to: Double(i) / 120)
        }
        // The view is at 200 pt, below peek (300 of 800). Rotate: travel 390, peek is 300/390 =
        // 0.77 while the view keeps 200 pt: still below: nothing crossed.
        sheet.updateLayout(travel: 390, at: 20.0 / 120)
        let after = sheet.advance(to: 21.0 / 120).events
        #expect(!after.contains { $0.name == "detentCrossed" })
        // Then up past peek's 300 pt: one crossing.
        var events: [TransitionEvent] = []
        for i in 21...40 {
            let t = Double(i) / 120
            sheet.handle(TouchSample(time: t, y: 590 - Double(i - 20) * 10, phase: .changed))
            events += sheet.advance(to: t).events
        }
        #expect(events.filter { $0.name == "detentCrossed" } == [.detentCrossed("peek", moving: .next)])
    }

    @Test("a stroke the axis lock has not accepted reports nothing; the events name their detent in descriptions")
    func pendingAndDescriptions() {
        var sheet = Self.sheet()
        sheet.mapping.axisLock = AxisLock()
        sheet.handle(TouchSample(time: 0, x: 100, y: 790, phase: .began))
        sheet.handle(TouchSample(time: 0.008, x: 100, y: 789, phase: .changed))
        #expect(sheet.advance(to: 0.008).events.isEmpty)
        #expect(TransitionEvent.detentCrossed("peek", moving: .next).description == "detentCrossed(detent peek, moving next)")
        #expect(TransitionEvent.releaseDetentChanged(0.5).description == "releaseDetentChanged(detent 0.5)")
    }
}
