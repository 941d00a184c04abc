import Testing
@testable import TransitionPhysics

/// A bottom sheet of 800 pt (detents 0.25, 0.5, 1) whose content scrolls 0...1000 pt, driven by
/// synthetic strokes: positions on screen (y grows downward, so a finger moving up opens the
/// sheet and scrolls toward larger offsets), a sample and a frame at each display frame.
@Suite struct ScrollingSheetTests {
    static let travel = 800.0

    static func rig(
        at progress: Double, content: Double = 0, maximum: Double = 1000, detents: [Double] = [0.25, 0.5, 1],
        policy: ScrollHandoffPolicy = .sheetFirst
    ) -> ScrollingSheet {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: travel, toward: .up))
        sheet.detents = detents.map { .fraction($0) }
        sheet.pixelsPerPoint = 3
        sheet.jump(to: progress, at: 0)
        var rig = ScrollingSheet(sheet: sheet, maximumContentOffset: maximum, policy: policy)
        rig.contentOffset = content
        _ = rig.advance(to: 0)
        return rig
    }

    /// What is on screen in one frame: the sheet's open points, the content's offset, and both
    /// velocities (points per second).
    struct Shown {
        var time: Double, sheet: Double, content: Double, sheetVelocity: Double, contentVelocity: Double
        var events: [TransitionEvent]
        /// Everything the finger moves: the sheet's points and the content's.
        var total: Double { sheet + content }
    }

    static func shown(_ update: ScrollingSheet.Update, at time: Double) -> Shown {
        Shown(
            time: time, sheet: update.sheet.progress * travel, content: update.contentOffset,
            sheetVelocity: update.sheet.velocity * travel, contentVelocity: update.contentVelocity, events: update.sheet.events)
    }

    /// Drives a finger through `ys` (screen points, one per frame at `hz` from time 1), lifted at
    /// the last position half a frame later (or not lifted), then frames until `until` seconds
    /// after the lift-off. Returns every frame.
    static func drive(_ rig: inout ScrollingSheet, ys: [Double], hz: Double, lift: Bool = true, until: Double = 2) -> [Shown] {
        var frames: [Shown] = []
        var time = 1.0
        for (i, y) in ys.enumerated() {
            time = 1 + Double(i) / hz
            rig.handle(TouchSample(time: time, y: y, phase: i == 0 ? .began : .changed))
            frames.append(shown(rig.advance(to: time), at: time))
        }
        guard lift else { return frames }
        rig.handle(TouchSample(time: time + 0.5 / hz, y: ys[ys.count - 1], phase: .ended))
        let end = time + until
        while time < end {
            time += 1 / hz
            frames.append(shown(rig.advance(to: time), at: time))
        }
        return frames
    }

    /// A finger at constant `speed` (points per second, positive up) for `duration` seconds from
    /// y = 600, one sample per frame at `hz`.
    static func stroke(speed: Double, duration: Double, hz: Double, from y0: Double = 600) -> [Double] {
        (0...Int((duration * hz).rounded())).map { y0 - speed * Double($0) / hz }
    }

    // MARK: No lost points, no jump while the finger is down

    /// Up 600 pt, then down 500 pt, within every limit (no overdrag): at every frame the sheet's
    /// step plus the content's is the finger's step.
    @Test(arguments: ScrollHandoffPolicy.allCases)
    func everyFrameMovesSheetAndContentByTheFingersStep(policy: ScrollHandoffPolicy) {
        var rig = Self.rig(at: 0.5, policy: policy)
        let ys = Self.stroke(speed: 1200, duration: 0.5, hz: 120) + Self.stroke(speed: -1000, duration: 0.5, hz: 120, from: 0).dropFirst()
        let frames = Self.drive(&rig, ys: ys, hz: 120, lift: false)
        var moved = 0.0
        for i in 1..<frames.count {
            let finger = ys[i - 1] - ys[i]
            moved += abs(frames[i].content - frames[i - 1].content)
            #expect(abs(frames[i].total - frames[i - 1].total - finger) < 1e-9, "frame \(i)")
        }
        #expect(moved > 150)   // the content took part of it under every policy
    }

    /// The sheet opens at 1000 pt/s to its last detent, then the content scrolls (and the reverse,
    /// the content back to its top, then the sheet closes): the frame of the hand-off steps as far
    /// as the finger, before it the one and after it the other moves by the finger's step, and
    /// the velocity the frames report passes from one to the other at the finger's speed.
    @Test(arguments: [60.0, 120.0])
    func theHandOffWhileDraggingNeitherJumpsNorStalls(hz: Double) {
        for opening in [true, false] {
            var rig = opening ? Self.rig(at: 0.5) : Self.rig(at: 1, content: 400)
            let speed = opening ? 1000.0 : -1000.0
            let frames = Self.drive(&rig, ys: Self.stroke(speed: speed, duration: 0.8, hz: hz), hz: hz, lift: false)
            let step = speed / hz
            let handOff = frames.indices.dropFirst().first { i in
                opening ? frames[i].content > 0 : frames[i].sheet < Self.travel
            }!
            #expect(handOff > 10 && handOff < frames.count - 10)
            for i in 1..<frames.count {
                let sheetStep = frames[i].sheet - frames[i - 1].sheet, contentStep = frames[i].content - frames[i - 1].content
                #expect(abs(sheetStep + contentStep - step) < 1e-9)
                let first = opening ? sheetStep : contentStep, second = opening ? contentStep : sheetStep
                if i < handOff { #expect(abs(first - step) < 1e-9 && second == 0) }
                if i > handOff { #expect(abs(second - step) < 1e-9 && first == 0) }
            }
            // One estimate over the finger's samples: the side that just took over reports the
            // finger's speed at once (an estimate over its own samples would start from 0).
            let after = frames[handOff + 1]
            let taken = opening ? after.contentVelocity : after.sheetVelocity
            let left = opening ? after.sheetVelocity : after.contentVelocity
            #expect(abs(taken - speed) < 0.01 * abs(speed) && left == 0, "\(after)")
        }
    }

    /// Each policy through the composite: a finger moving up 100 pt over a half-open sheet.
    @Test func eachPolicyDecidesWhoOpensThroughTheComposite() {
        let cases: [(ScrollHandoffPolicy, content: Double, sheet: Double, offset: Double)] = [
            (.sheetFirst, 300, 0.5 + 100 / Self.travel, 300),       // the sheet, over scrolled content too
            (.contentFirst, 0, 0.5, 100),                           // the content, from its top edge
            (.sheetAtContentTop, 0, 0.5 + 100 / Self.travel, 0),    // the sheet: the content is at its top
            (.sheetAtContentTop, 300, 0.5, 400),                    // the content: it is scrolled
        ]
        for (policy, content, sheet, offset) in cases {
            var rig = Self.rig(at: 0.5, content: content, policy: policy)
            rig.handle(TouchSample(time: 1, y: 600, phase: .began))
            rig.handle(TouchSample(time: 1.1, y: 500, phase: .changed))
            let frame = rig.advance(to: 1.1)
            #expect(abs(frame.sheet.progress - sheet) < 1e-12 && abs(frame.contentOffset - offset) < 1e-9, "\(policy) over \(content)")
        }
    }

    // MARK: The owner of the lift-off

    /// A finger that opened the sheet 400 pt and scrolled 40 pt in its last frames, at 1500 pt/s:
    /// the content owns the lift-off and coasts at the finger's speed, not at the speed of its
    /// own few samples; the coast ends where the closed form says.
    @Test func theContentCoastsWithTheFingersVelocityToTheProjectedDistance() throws {
        var rig = Self.rig(at: 0.5)
        let ys = Self.stroke(speed: 1500, duration: 0.29, hz: 120)
        let frames = Self.drive(&rig, ys: ys, hz: 120, until: 0)
        let coast = try #require(rig.coast)
        #expect(frames.last!.content > 0 && frames.last!.content < 60)
        #expect(abs(coast.startVelocity - 1500) < 15)
        #expect(rig.sheet.releases.count == 1 && rig.sheet.releases[0].state.velocity == 0)
        let start = coast.startOffset
        var time = frames.last!.time, update = rig.advance(to: time)
        while !update.isAtRest {
            time += 1.0 / 120
            update = rig.advance(to: time)
        }
        let projected = DecelerationRate.normal.projectedDistance(initialVelocity: coast.startVelocity, form: .continuous)
        #expect(abs(update.contentOffset - (start + projected)) < 1e-9)
        #expect(abs(update.sheet.progress - 1) < 1e-12)
        // It stopped within a pixel (1/3 pt) of the closed form's end; 1.5 s after the lift-off
        // it was not yet.
        #expect(time - coast.startTime > 1.5)
    }

    /// The finger scrolled the content back to its top and moved the sheet 60 pt down in its last
    /// frames, at 1500 pt/s: the sheet owns the lift-off and its model gets the finger's velocity.
    @Test func theSheetIsReleasedWithTheFingersVelocity() throws {
        var rig = Self.rig(at: 1, content: 400)
        let frames = Self.drive(&rig, ys: Self.stroke(speed: -1500, duration: 0.31, hz: 120), hz: 120, until: 1.5)
        let release = try #require(rig.sheet.releases.last)
        #expect(abs(release.state.velocity * Self.travel + 1500) < 15)
        #expect(release.state.progress < 1 && release.state.progress > 0.9)
        #expect(rig.coast == nil && frames.last!.content == 0)
        // 1.9 travels/s down projects about 1.9 travels further (rate 0.998): past the lowest detent.
        #expect(release.detent == 0.25)
    }

    /// A flick down in the middle of a scroll (content 300 of 1000, sheet fully open): the content
    /// coasts, reaches its top edge with velocity left, and the sheet takes it at the instant it
    /// arrives, with the content's velocity there (closed form), then comes back to its detent:
    /// the sheet does not collapse (iOS). At 60 and 120 Hz the frame of the hand-over steps on
    /// (at least 60% of the frame before it: the spring starts at the content's velocity and
    /// decelerates; without the hand-over it would stop dead at the edge).
    @Test(arguments: [60.0, 120.0])
    func aFlickDownMidScrollCoastsToTheTopAndBouncesTheSheet(hz: Double) throws {
        var rig = Self.rig(at: 1, content: 300)
        let frames = Self.drive(&rig, ys: Self.stroke(speed: -1500, duration: 0.1, hz: hz), hz: hz, until: 0)
        let coast = try #require(rig.coast)
        let edge = try #require(coast.edgeHit(maximumOffset: 1000))
        #expect(edge.offset == 0 && edge.velocity < -800)
        let fraction = coast.startOffset / (-coast.startVelocity * coast.timeConstant)
        #expect(abs(edge.velocity - coast.startVelocity * (1 - fraction)) < 1e-9)

        var after = frames
        var time = frames.last!.time
        while time < edge.time + 2 {
            time += 1 / hz
            after.append(Self.shown(rig.advance(to: time), at: time))
        }
        guard case .atRest(let animation) = rig.sheet.phase else { Issue.record("not at rest"); return }
        #expect(abs(animation.startTime - edge.time) < 1e-12)
        #expect(abs(animation.curve.velocity(at: 0) * Self.travel - edge.velocity) < 1e-9)
        #expect(animation.curve.target == 1)
        let crossing = try #require(after.indices.first { after[$0].time >= edge.time })
        let before = after[crossing - 1].total - after[crossing - 2].total
        let handOver = after[crossing].total - after[crossing - 1].total
        #expect(handOver / before > 0.6 && handOver / before <= 1, "\(before) \(handOver)")
        #expect(after[crossing].events.map(\.name).contains("retargeted"))
        // The bounce shows (velocity carried), and the sheet comes back to its last detent.
        #expect(after.map(\.sheet).min()! < Self.travel - 20)
        #expect(after.last!.sheet == Self.travel && after.last!.content == 0)
        #expect(rig.sheet.releases.allSatisfy { $0.detent == 1 })
    }

    /// The same flick with `.continuesIntoSheet` (Android's nested fling): the velocity left at
    /// the edge is a release of the sheet, which goes down to a lower detent.
    @Test func withContinuesIntoSheetTheFlingCarriesOnAndLowersTheSheet() {
        var rig = Self.rig(at: 1, content: 300)
        rig.edgeFling = .continuesIntoSheet
        let frames = Self.drive(&rig, ys: Self.stroke(speed: -2500, duration: 0.1, hz: 120), hz: 120, until: 2.5)
        #expect(frames.last!.content == 0)
        #expect(frames.last!.sheet < Self.travel * 0.5 + 1e-9)
        #expect(frames.flatMap(\.events).map(\.name).contains("retargeted"))
    }

    /// A finger landing during a coast stops the content where it is shown, with no jump.
    @Test func aTouchCatchesTheCoast() {
        var rig = Self.rig(at: 1, content: 100)
        let frames = Self.drive(&rig, ys: Self.stroke(speed: 2000, duration: 0.1, hz: 120), hz: 120, until: 0.2)
        let shown = frames.last!
        rig.handle(TouchSample(time: shown.time + 0.001, y: 300, phase: .began))   // stamped after the frame
        let caught = rig.advance(to: shown.time + 1.0 / 120)
        #expect(rig.coast == nil && caught.contentVelocity == 0)
        #expect(caught.contentOffset > shown.content && caught.contentOffset - shown.content < 2000.0 / 120)
        rig.handle(TouchSample(time: shown.time + 0.05, y: 290, phase: .changed))
        #expect(abs(rig.advance(to: shown.time + 0.05).contentOffset - caught.contentOffset - 10) < 1e-9)
    }

    /// The content's lift-off continues the finger: the coast starts at the frame that shows the
    /// finger's last position, so the first frame after a lift-off 4 ms after the last move steps
    /// as far as the finger did per frame (the coast's decay in one frame aside), at 60 and 120 Hz,
    /// whether a frame showed the last move before the lift-off or the next one shows it.
    @Test(arguments: [60.0, 120.0], [true, false])
    func theCoastsFirstFrameStepsAsTheFingerDid(hz: Double, lastMoveShown: Bool) {
        var rig = Self.rig(at: 1, content: 200)
        let ys = Self.stroke(speed: 1200, duration: 0.1, hz: hz)
        var frames: [Shown] = []
        for (i, y) in ys.enumerated() {
            let time = 1 + Double(i) / hz
            rig.handle(TouchSample(time: time, y: y, phase: i == 0 ? .began : .changed))
            if lastMoveShown || i < ys.count - 1 { frames.append(Self.shown(rig.advance(to: time), at: time)) }
        }
        let last = 1 + Double(ys.count - 1) / hz
        rig.handle(TouchSample(time: last + 0.004, y: ys.last!, phase: .ended))
        let next = Self.shown(rig.advance(to: last + (lastMoveShown ? 1 / hz : 0.006)), at: 0)
        // Either way the frame steps one finger step from the frame before (unshown: it shows the
        // last position, where the coast starts).
        let finger = 1200 / hz, drawn = next.content - frames.last!.content
        #expect(drawn / finger > 0.95 && drawn / finger <= 1.0 + 1e-9, "\(drawn) of \(finger)")
    }

    /// With a rubber band, a finger that keeps opening a fully open sheet over content at its
    /// bottom edge stretches the sheet; moving back, the sheet returns to its detent before the
    /// content scrolls.
    @Test func aStretchedSheetReturnsBeforeTheContentScrolls() {
        var sheet = InteractiveTransition(
            mapping: ProgressMapping(travel: Self.travel, toward: .up, overdrag: .rubberBand))
        sheet.detents = [0.25, 0.5, 1]
        sheet.jump(to: 1, at: 0)
        var rig = ScrollingSheet(sheet: sheet, maximumContentOffset: 1000)
        rig.contentOffset = 1000
        rig.handle(TouchSample(time: 1, y: 500, phase: .began))
        rig.handle(TouchSample(time: 1.1, y: 400, phase: .changed))
        let stretched = rig.advance(to: 1.1)
        #expect(stretched.sheet.progress > 1 && stretched.sheet.progress < 1 + 100 / Self.travel)
        #expect(stretched.contentOffset == 1000)
        rig.handle(TouchSample(time: 1.2, y: 450, phase: .changed))
        let halfBack = rig.advance(to: 1.2)
        #expect(halfBack.sheet.progress > 1 && halfBack.contentOffset == 1000)
        rig.handle(TouchSample(time: 1.3, y: 550, phase: .changed))
        let back = rig.advance(to: 1.3)
        #expect(abs(back.sheet.progress - 1) < 1e-12 && abs(back.contentOffset - 950) < 1e-9)
    }

    /// A taller layout mid-stroke (800 to 1000 pt, the sheet kept in points): the split goes on
    /// from where the sheet is shown, so it opens to its new last detent and the rest scrolls.
    @Test func aLayoutChangeMidStrokeSplitsFromWhereTheSheetIsShown() {
        var rig = Self.rig(at: 0.5)
        rig.handle(TouchSample(time: 1, y: 700, phase: .began))
        rig.handle(TouchSample(time: 1.1, y: 600, phase: .changed))
        #expect(abs(rig.advance(to: 1.1).sheet.progress * 800 - 500) < 1e-9)
        rig.sheet.updateLayout(travel: 1000, at: 1.1)
        rig.handle(TouchSample(time: 1.2, y: 0, phase: .changed))
        let frame = rig.advance(to: 1.2)
        #expect(abs(frame.sheet.progress - 1) < 1e-12)
        #expect(abs(frame.contentOffset - 100) < 1e-9)
    }

    /// Code that moves the sheet while the finger is down lets the finger go: its further samples
    /// move neither the sheet nor the content.
    @Test func aFingerLetGoByCodeMovesNothingMore() {
        var rig = Self.rig(at: 1, content: 200)
        rig.handle(TouchSample(time: 1, y: 500, phase: .began))
        rig.handle(TouchSample(time: 1.05, y: 450, phase: .changed))
        #expect(rig.advance(to: 1.05).contentOffset == 250)
        rig.sheet.retarget(to: 0.5, at: 1.06)
        rig.handle(TouchSample(time: 1.1, y: 300, phase: .changed))
        rig.handle(TouchSample(time: 1.12, y: 300, phase: .ended))
        let frame = rig.advance(to: 1.12)
        #expect(frame.contentOffset == 250 && frame.contentVelocity == 0 && rig.coast == nil)
        #expect(frame.sheet.target == 0.5)
        // A new touch drives both again.
        rig.handle(TouchSample(time: 2, y: 500, phase: .began))
        rig.handle(TouchSample(time: 2.05, y: 520, phase: .changed))
        #expect(rig.advance(to: 2.05).contentOffset == 230)
    }

    // MARK: Extremes stay finite

    @Test func extremesStayFinite() {
        let cases: [(String, ScrollingSheet)] = [
            ("zero-length content", Self.rig(at: 0.5, maximum: 0)),
            ("content shorter than its viewport", Self.rig(at: 1, maximum: -300)),
            ("a single detent", Self.rig(at: 1, content: 50, detents: [1])),
            ("content first, single detent", Self.rig(at: 1, content: 50, detents: [1], policy: .contentFirst)),
        ]
        for (name, start) in cases {
            for speed in [3000.0, -3000.0, 1e9, -1e9] {
                for uncapped in [false, true] {
                    var rig = start
                    if uncapped { rig.sheet.maximumReleaseSpeedPointsPerSecond = .infinity }
                    var ys = Self.stroke(speed: speed, duration: 0.05, hz: 120)
                    ys += [ys.last!, ys.last! - speed / 1e6]   // repeated timestamps below
                    var frames: [Shown] = []
                    for (i, y) in ys.enumerated() {
                        let time = 1 + Double(min(i, ys.count - 3)) / 120
                        rig.handle(TouchSample(time: time, y: y, phase: i == 0 ? .began : .changed))
                        frames.append(Self.shown(rig.advance(to: time), at: time))
                    }
                    rig.handle(TouchSample(time: 1.05, y: ys.last!, phase: .ended))
                    var time = 1.05
                    for _ in 0..<600 {
                        time += 1.0 / 120
                        frames.append(Self.shown(rig.advance(to: time), at: time))
                    }
                    for frame in frames {
                        #expect(
                            frame.sheet.isFinite && frame.content.isFinite && frame.sheetVelocity.isFinite && frame.contentVelocity.isFinite,
                            "\(name), \(speed) pt/s: \(frame)")
                        #expect(frame.content >= 0 && frame.content <= max(0, rig.maximumContentOffset))
                    }
                }
            }
        }
    }

    @Test func theCoastsClosedFormStaysFiniteAtExtremeVelocities() {
        for velocity in [1e300, -1e300, 1e-300, 0] {
            let coast = ContentCoast(startTime: 0, startOffset: 10, startVelocity: velocity, rate: .fast)
            let states = [0.0, 0.01, 1, 1e9].map { coast.state(at: $0) }
            #expect(states.allSatisfy { $0.offset.isFinite && $0.velocity.isFinite })
            #expect(coast.restTime(pixel: 1.0 / 3).isFinite)
            if let edge = coast.edgeHit(maximumOffset: 100) { #expect(edge.time.isFinite && edge.velocity.isFinite) }
        }
    }
}
