import RealModule
import Testing
@testable import TransitionPhysics

/// `DetentPolicy.restsWhereReleased`: a release that is no fling coasts with a scroll view's
/// deceleration and stops where it stops, within the first and last allowed detent.
@Suite struct RestWhereReleasedTests {
    /// An 800 pt bottom sheet on a 3x display, detents [0, 0.5, 1], resting where released.
    static func sheet(_ policy: DetentPolicy = .restsWhereReleased()) -> InteractiveTransition {
        var sheet = InteractiveTransition(mapping: ProgressMapping(travel: 800, toward: .up))
        sheet.pixelsPerPoint = 3
        sheet.detents = [0, 0.5, 1]
        sheet.detentPolicy = policy
        return sheet
    }

    /// A drag up from y = 700 at `speed` points per second for 0.2 s, samples and frames at
    /// `rate` Hz, lifted one sample later at the last position; then frames until rest.
    static func release(_ sheet: inout InteractiveTransition, speed: Double, rate: Double)
        -> (release: InteractiveTransition.Release, frames: [TransitionUpdate])
    {
        let n = Int(0.2 * rate)
        var frames: [TransitionUpdate] = []
        for i in 0...n {
            let t = Double(i) / rate
            sheet.handle(TouchSample(time: t, y: 700 - speed * t, phase: i == 0 ? .began : .changed))
            frames.append(sheet.advance(to: t))
        }
        let lift = Double(n) / rate + 0.002
        let release = sheet.handle(TouchSample(time: lift, y: 700 - speed * Double(n) / rate, phase: .ended))!
        var t = Double(n + 1) / rate
        repeat {
            frames.append(sheet.advance(to: t))
            t += 1 / rate
        } while !frames[frames.count - 1].isAtRest && t < 30
        return (release, frames)
    }

    @Test("a slow release rests where a scroll view's coast stops: between detents, no jump, the same at 60 and 120 Hz", arguments: [60.0, 120.0])
    func restsWhereTheCoastStops(rate: Double) throws {
        var sheet = Self.sheet()
        let (release, frames) = Self.release(&sheet, speed: 400, rate: rate)
        let tau = -1 / (1000 * Double.log(0.998))
        let expected = release.state.progress + release.state.velocity * tau
        // 400 pt/s for 0.2 s: 80 pt, coasting about 200 pt more (tau is 0.5 s): 0.35 of the travel.
        #expect(expected > 0.3 && expected < 0.4)
        let curve = release.completion.curve
        #expect(curve.shape == .decay(.normal) && curve.target == expected)
        #expect(abs(curve.velocity(at: 0) - release.state.velocity) <= 1e-12 * abs(release.state.velocity))
        #expect(curve.progress(at: 0) == release.state.progress)
        let last = try #require(frames.last)
        #expect(last.isAtRest && last.progress == expected && last.velocity == 0)
        #expect(frames.flatMap(\.events).contains(.completed(progress: expected)))
        // Monotone: a coast never turns back or passes where it stops.
        let after = frames.drop { $0.events.allSatisfy { $0.name != "released" } }
        #expect(zip(after, after.dropFirst()).allSatisfy { $1.progress >= $0.progress && $1.progress <= expected })
        // Named by the detent nearest where it rests, and neither finish nor cancel.
        #expect(release.detent == 0.5 && release.decision == nil)
    }

    @Test("the coast's end against UIScrollView's own per-millisecond decay (velocity times 0.998 each millisecond)")
    func againstThePerMillisecondDecay() {
        // An independent reference: step the velocity each millisecond as UIScrollView documents
        // its rate, summing the distance. The closed form is the continuous limit, within 0.1%.
        let start = 0.2, velocity = 0.6   // travels per second
        var v = velocity, distance = 0.0
        for _ in 0..<20_000 {
            distance += v / 1000
            v *= 0.998
        }
        var decision = ReleaseDecision(
            detents: [0, 0.5, 1], stops: [0, 0.5, 1], policy: .restsWhereReleased(), refuses: nil, reduceMotion: false, travel: 800)
        let settled = decision.settle(ReleaseState(progress: start, velocity: velocity), model: ProjectedSpringModel())
        #expect(abs((settled.completion.curve.target - start) / distance - 1) < 0.0011)
        // The rest time: the distance left falls under one 3x pixel of 800 pt.
        let rest = settled.completion.curve.restTime(tolerance: 1.0 / 2400)
        let left = settled.completion.curve.target - settled.completion.curve.progress(at: rest)
        #expect(left < 1.0 / 2400 && left > 0.99 / 2400)
        decision.policy = .restsWhereReleased(deceleration: .fast)
        let fast = decision.settle(ReleaseState(progress: start, velocity: velocity), model: ProjectedSpringModel())
        #expect(abs(fast.completion.curve.target - (start + velocity * -1 / (1000 * Double.log(0.99)))) < 1e-15)
    }

    @Test("a coast that would pass the last detent goes to it with the completion spring from the release velocity", arguments: [60.0, 120.0])
    func aCoastPastTheEndGoesToTheLastDetent(rate: Double) throws {
        var sheet = Self.sheet()
        let (release, frames) = Self.release(&sheet, speed: 2500, rate: rate)
        #expect(release.detent == 1 && release.decision == .finish)
        guard case .spring = release.completion.curve.shape else { Issue.record("not a spring: \(release.completion.curve.shape)"); return }
        #expect(release.completion.curve.startVelocity == release.state.velocity)
        #expect(try #require(frames.last).progress == 1)
    }

    @Test("a fling at or above snapsFasterThanPointsPerSecond snaps to the detent nearest its projection; slower rests", arguments: [
        (1200.0, true), (1000.0, true), (999.0, false), (300.0, false),
    ])
    func snapsOnAFling(speed: Double, snaps: Bool) {
        var decision = ReleaseDecision(
            detents: [0, 0.5, 1], stops: [0, 0.5, 1], policy: .restsWhereReleased(snapsFasterThanPointsPerSecond: 1000),
            refuses: nil, reduceMotion: false, travel: 800)
        let state = ReleaseState(progress: 0.1, velocity: speed / 800)
        let settled = decision.settle(state, model: ProjectedSpringModel())
        if snaps {
            // The nearest detent to the model's projection, with its spring.
            let nearest = decision.settle(state, model: ProjectedSpringModel()).completion.curve.target
            decision.policy = .nearestToProjection
            #expect(nearest == decision.settle(state, model: ProjectedSpringModel()).completion.curve.target)
            #expect([0, 0.5, 1].contains(settled.completion.curve.target))
        } else {
            #expect(settled.completion.curve.shape == .decay(.normal))
        }
    }

    @Test("the veto bounds the coast at the allowed detents; a system cancel returns to the touch-down detent")
    func vetoAndSystemCancel() {
        var sheet = Self.sheet()
        sheet.jump(to: 0.5, at: 0)
        sheet.refusesDetent = { $0 == 0 }
        // A slow drag down from the middle that would coast below 0: held at 0.5, the first allowed.
        sheet.handle(TouchSample(time: 1, y: 400, phase: .began))
        for i in 1...20 { sheet.handle(TouchSample(time: 1 + Double(i) / 120, y: 400 + 8 * Double(i), phase: .changed)) }
        let down = sheet.handle(TouchSample(time: 1 + 21.0 / 120, y: 560, phase: .ended))!
        #expect(down.completion.curve.target == 0.5 && down.detent == 0.5)
        // A cancelled drag returns where it began, whatever its coast.
        var cancelled = Self.sheet()
        cancelled.jump(to: 0.5, at: 0)
        cancelled.handle(TouchSample(time: 1, y: 400, phase: .began))
        for i in 1...10 { cancelled.handle(TouchSample(time: 1 + Double(i) / 120, y: 400 - 3 * Double(i), phase: .changed)) }
        let release = cancelled.handle(TouchSample(time: 1 + 11.0 / 120, y: 370, phase: .cancelled))!
        #expect(release.completion.curve.target == 0.5)
    }

    @Test("reduce motion: the same place, reached by the reduced-motion curve")
    func reduceMotion() {
        var plain = Self.sheet(), reduced = Self.sheet()
        reduced.reduceMotion = true
        let a = Self.release(&plain, speed: 300, rate: 120).release
        let b = Self.release(&reduced, speed: 300, rate: 120).release
        #expect(b.completion.curve == .reducedMotion(start: b.state.progress, target: a.completion.curve.target))
    }

    @Test("a rotation mid-coast and at rest keeps the place in points; a place past the new range goes to the last detent", arguments: [false, true])
    func rotation(atRest: Bool) throws {
        var sheet = Self.sheet()
        let (release, _) = Self.release(&sheet, speed: 400, rate: 120)
        let restPoints = release.completion.curve.target * 800
        var t = atRest ? 30.0 : 0.3
        let before = sheet.advance(to: t)
        sheet.updateLayout(travel: 1000, at: t)
        let after = sheet.advance(to: t)
        #expect(abs(after.progress * 1000 - before.progress * 800) < 1e-9)
        if !atRest { #expect(abs(after.velocity * 1000 - before.velocity * 800) < 1e-9) }
        var frame = after
        while !frame.isAtRest && t < 60 {
            t += 1.0 / 120
            frame = sheet.advance(to: t)
        }
        #expect(abs(frame.progress * 1000 - restPoints) < 1e-9)
        // A travel shorter than the rest place: at the last detent.
        #expect(restPoints > 250)
        sheet.updateLayout(travel: 200, at: t)
        repeat {
            t += 1.0 / 120
            frame = sheet.advance(to: t)
        } while !frame.isAtRest && t < 90
        #expect(frame.progress == 1)
    }

    @Test("a speed that is not positive is refused with a sentence naming the parameter", arguments: [0.0, -5, .nan])
    func badSpeed(speed: Double) throws {
        let problem = try #require(DetentPolicy.restsWhereReleased(snapsFasterThanPointsPerSecond: speed).problem)
        #expect(problem.contains("snapsFasterThanPointsPerSecond"))
        #expect(DetentPolicy.restsWhereReleased(snapsFasterThanPointsPerSecond: .infinity).problem == nil)
    }
}

/// A timed completion a detent rule sends elsewhere takes the time its distance needs.
@Suite struct RetargetedTimedCompletionTests {
    @Test("a classic finish sent to another detent: its duration scales with the distance; from no distance, the classic 0.3 s per travel", arguments: [
        // progress, velocity (travels/s), expected target, expected duration (s)
        (1.0, -3.0, 0.0, 0.3),   // classic finishes at 1 in no time; the coast ends below 0
        (0.8, -3.0, 0.0, 0.24),  // classic finishes in 0.06 s over 0.2; 0.8 takes four times that
    ])
    func durationScales(progress: Double, velocity: Double, target: Double, duration: Double) {
        let decision = ReleaseDecision(
            detents: [0, 0.5, 1], stops: [0, 0.5, 1], policy: .restsWhereReleased(), refuses: nil, reduceMotion: false, travel: 800)
        let curve = decision.settle(ReleaseState(progress: progress, velocity: velocity), model: ClassicPercentDrivenModel()).completion.curve
        #expect(curve.target == target)
        #expect(abs((curve.fixedDuration ?? -1) - duration) < 1e-12)
        // No jump at release: the curve starts where the finger left it.
        #expect(curve.progress(at: 0) == progress)
    }
}
