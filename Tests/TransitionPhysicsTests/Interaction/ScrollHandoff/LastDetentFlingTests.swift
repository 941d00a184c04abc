import RealModule
import Testing
@testable import TransitionPhysics

/// `ScrollingSheet.LastDetentFling.continuesIntoContent`: a fling of the sheet that reaches its
/// last detent with velocity left rests the sheet there and the content coasts on with that
/// velocity (the mirror of the edge hand-off): no point and no speed lost, per frame.
@Suite struct LastDetentFlingTests {
    typealias Rig = ScrollingSheetTests

    /// A fling up from the middle detent that opens the sheet fully with speed to spare.
    /// (1,800 pt/s for 80 ms: the coast goes about 650 pt past the detent, within the list's 1,000.)
    static func fling(_ rig: inout ScrollingSheet, hz: Double, speed: Double = 1800) -> [ScrollingSheetTests.Shown] {
        Rig.drive(&rig, ys: Rig.stroke(speed: speed, duration: 0.08, hz: hz), hz: hz, until: 4)
    }

    @Test("the sheet rests at its last detent from the instant its fling arrives; the content coasts on with that speed", arguments: [60.0, 120.0])
    func theListTakesTheFling(hz: Double) throws {
        var rig = Rig.rig(at: 0.5)
        rig.lastDetentFling = .continuesIntoContent
        let frames = Self.fling(&rig, hz: hz)
        let release = try #require(rig.sheet.releases.last)
        #expect(release.detent == 1)
        // The sheet and its list coast as one scroll view: the release's completion is that
        // coast, to where it stops past the last detent.
        let curve = release.completion.curve
        #expect(curve.shape == .decay(.normal) && curve.start == release.state.progress && curve.target > 1)
        let tau = -1 / (1000 * Double.log(0.998))
        #expect(abs(curve.target - (release.state.progress + release.state.velocity * tau)) < 1e-12)
        let arrivalVelocity = (curve.target - 1) / tau * Rig.travel
        #expect(arrivalVelocity > 300)
        // The sheet never passes its last detent, and ends there; the content ends where the
        // coast's part past the detent takes it (no point lost).
        #expect(frames.allSatisfy { $0.sheet <= Rig.travel })
        let last = try #require(frames.last)
        #expect(last.sheet == Rig.travel)
        #expect(abs(last.content - (curve.target - 1) * Rig.travel) < 1e-9)
        // Per frame: sheet plus content moves on at the speed it had (no jump, no stop): the
        // step of the frame that contains the hand-off lies between its neighbours' steps.
        let index = try #require(frames.indices.first { frames[$0].content > 0 })
        let before = frames[index - 1].total - frames[index - 2].total
        let across = frames[index].total - frames[index - 1].total
        let after = frames[index + 1].total - frames[index].total
        #expect(across <= before * 1.0001 && across >= after * 0.9999, "\(before) \(across) \(after)")
        // The velocities: the sheet's just before, the content's just after, within a frame of
        // either's deceleration.
        #expect(abs(frames[index].contentVelocity - arrivalVelocity) < arrivalVelocity * 3 / hz)
        // One completion of the sheet, at the last detent.
        #expect(frames.flatMap(\.events).filter { $0.name == "completed" } == [.completed(progress: 1)])
    }

    @Test("by default the sheet keeps its fling: it may pass the last detent and comes back; the content stays")
    func byDefaultTheSheetKeepsIt() throws {
        var rig = Rig.rig(at: 0.5)
        rig.sheet.model = ProjectedSpringModel(spring: Spring(response: 0.35, dampingRatio: 0.6))
        let frames = Self.fling(&rig, hz: 120, speed: 2500)
        #expect(frames.contains { $0.sheet > Rig.travel })
        #expect(frames.allSatisfy { $0.content == 0 })
        #expect(try #require(frames.last).sheet == Rig.travel)
    }

    @Test("content already at its bottom edge takes nothing; a fling to the middle detent hands nothing over")
    func nothingToTake() throws {
        var full = Rig.rig(at: 0.5, content: 1000)
        full.lastDetentFling = .continuesIntoContent
        let frames = Self.fling(&full, hz: 120)
        #expect(frames.allSatisfy { $0.content == 1000 })
        #expect(try #require(frames.last).sheet == Rig.travel)
        // A slow push from 0.25 that settles at 0.5: no hand-over, whatever it arrives with.
        var middle = Rig.rig(at: 0.25)
        middle.lastDetentFling = .continuesIntoContent
        let slow = Rig.drive(&middle, ys: Rig.stroke(speed: 600, duration: 0.1, hz: 120), hz: 120, until: 3)
        #expect(slow.allSatisfy { $0.content == 0 })
    }

    @Test("a completion from code toward the last detent is not handed over; a touch during the fling catches the sheet")
    func codeAndCatch() throws {
        var rig = Rig.rig(at: 0.5)
        rig.lastDetentFling = .continuesIntoContent
        rig.sheet.retarget(to: 1, at: 0.5)
        var time = 0.5
        while time < 3 {
            time += 1.0 / 120
            #expect(rig.advance(to: time).contentOffset == 0)
        }
        // A fling, caught 40 ms after the lift-off: the sheet stops where it is shown.
        var caught = Rig.rig(at: 0.5)
        caught.lastDetentFling = .continuesIntoContent
        let ys = Rig.stroke(speed: 2500, duration: 0.08, hz: 120)
        let frames = Rig.drive(&caught, ys: ys, hz: 120, until: 0.04)
        let shown = try #require(frames.last)
        caught.handle(TouchSample(time: shown.time, y: 300, phase: .began))
        let still = Rig.shown(caught.advance(to: shown.time), at: shown.time)
        #expect(still.sheet == shown.sheet && still.content == 0)
        var t = shown.time
        for _ in 0..<60 {
            t += 1.0 / 120
            caught.handle(TouchSample(time: t, y: 300, phase: .changed))
            #expect(caught.advance(to: t).contentOffset == 0)
        }
    }

    @Test("a list too short for the rest of the fling: its coast meets the bottom edge and hands what is left back to the sheet, which comes to rest at its last detent")
    func aShortListHandsBack() throws {
        var rig = Rig.rig(at: 0.5, maximum: 300)
        rig.lastDetentFling = .continuesIntoContent
        let frames = Self.fling(&rig, hz: 120)
        let last = try #require(frames.last)
        #expect(last.content == 300 && last.sheet == Rig.travel)
        #expect(frames.allSatisfy { $0.content <= 300 && $0.total.isFinite })
        #expect(frames.flatMap(\.events).map(\.name).contains("retargeted"))
    }
}
