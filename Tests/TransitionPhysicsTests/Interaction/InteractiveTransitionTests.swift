import Testing
import TransitionLab
@testable import TransitionPhysics

/// A two-point estimator, so these tests exercise the transition's plumbing independently of
/// the real estimators (which have their own tests). The frame driver's tests use it too.
struct LastTwoPointsEstimator: VelocityEstimator {
    func velocity(of samples: [AxisSample]) -> Double {
        guard samples.count >= 2 else { return 0 }
        let a = samples[samples.count - 2], b = samples[samples.count - 1]
        return b.time > a.time ? (b.position - a.position) / (b.time - a.time) : 0
    }
}

@Suite struct InteractiveTransitionTests {
    let mapping = ProgressMapping(travel: 400, direction: .decidedByFirstMovement(touchSlop: 10))

    /// A steady drag: 60 Hz samples moving `speed` points per second from x = 100.
    func drag(from start: Double, speed: Double, frames: Int, t0: Double = 0) -> [TouchSample] {
        var samples = [TouchSample(time: t0, x: start, phase: .began)]
        for i in 1...frames {
            samples.append(TouchSample(time: t0 + Double(i) / 60, x: start + speed * Double(i) / 60, phase: .changed))
        }
        let last = samples.last!
        samples.append(TouchSample(time: last.time + 0.004, x: last.x, phase: .ended))
        return samples
    }

    @Test func progressFollowsTranslationOverTravelAndDirectionIsDecidedByMovement() {
        var transition = InteractiveTransition(mapping: mapping, model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        transition.handle(TouchSample(time: 0, x: 300, phase: .began))
        transition.handle(TouchSample(time: 0.016, x: 295, phase: .changed))   // within slop: 0
        #expect(transition.progress(at: 0.016) == 0)
        transition.handle(TouchSample(time: 0.033, x: 280, phase: .changed))   // leftward decided
        #expect(abs(transition.progress(at: 0.033) - 20.0 / 400) < 1e-15)
        transition.handle(TouchSample(time: 0.05, x: 320, phase: .changed))    // back past origin: clamped
        #expect(transition.progress(at: 0.05) == 0)
    }

    @Test func edgeZoneRefusesPansThatStartFarFromTheEdge() {
        let runner = GestureRunner(
            model: ClassicPercentDrivenModel(), estimator: LastTwoPointsEstimator(),
            settings: ReplaySettings(directionRule: .fixedPositive, edgeZone: .init(edgePosition: 0, width: 50)))
        let far = GestureTrace(id: "far", samples: drag(from: 60, speed: 600, frames: 20), travel: 200)
        let near = GestureTrace(id: "near", samples: drag(from: 40, speed: 600, frames: 20), travel: 200)
        #expect(runner.run(far).started == false)
        #expect(runner.run(near).started == true)
        #expect(runner.run(near).decision == .finish)   // 200 pt over 200 pt travel: progress 1
    }

    @Test func releaseVelocityIsInProgressPerSecondAndTheUpRepeatIsIgnored() {
        let runner = GestureRunner(model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        let outcome = runner.run(GestureTrace(id: "t", samples: drag(from: 100, speed: 800, frames: 6), travel: 400))
        // 800 pt/s over 400 pt travel: 2 widths per second (the repeated up sample would give 0).
        #expect(abs(outcome.releaseVelocity - 2) < 1e-9)
        #expect(abs(outcome.releaseProgress - 0.2) < 1e-12)
        #expect(outcome.metrics.velocityJump < 1e-12)
    }

    @Test func interruptionTakesOverWithNoJumpAndTheNextReleaseDecidesAgain() {
        var transition = InteractiveTransition(mapping: mapping, model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        for sample in drag(from: 100, speed: 800, frames: 6) { transition.handle(sample) }
        let firstRelease = transition.releases[0]
        #expect(firstRelease.completion.decision == .finish)
        // A finger lands 60 ms into the completion: progress is continuous across the landing.
        let landing = firstRelease.time + 0.06
        let animated = transition.progress(at: landing - 1e-9)
        transition.handle(TouchSample(time: landing, x: 500, phase: .began))
        #expect(abs(transition.progress(at: landing) - animated) < 1e-6)
        // It drags back (toward cancelling) and releases moving back: the model decides again.
        var t = landing, x = 500.0
        for _ in 0..<8 {
            t += 1.0 / 60; x -= 1200.0 / 60
            transition.handle(TouchSample(time: t, x: x, phase: .changed))
        }
        let beforeRelease = transition.progress(at: t)
        let second = transition.handle(TouchSample(time: t, x: x, phase: .ended))!
        #expect(second.completion.decision == .cancel)
        // Continuous at the second release too: same progress, and the spring starts at the finger's velocity.
        #expect(abs(second.completion.curve.progress(at: 0) - beforeRelease) < 1e-12)
        #expect(abs(second.completion.curve.velocity(at: 0) - second.state.velocity) < 1e-12)
        #expect(abs(second.state.velocity - (-3)) < 1e-9)   // 1200 pt/s back over 400 pt
    }

    @Test func reversibleDirectionFollowsTheFingerBackOverTouchDown() {
        let reversible = ProgressMapping(travel: 400, direction: .reversible(touchSlop: 10))
        // A hook: 20 pt left (the slop decides leftward), then right across touch-down.
        let hook = [
            TouchSample(time: 0, x: 300, phase: .began),
            TouchSample(time: 0.016, x: 280, phase: .changed),
            TouchSample(time: 0.033, x: 300, phase: .changed),
            TouchSample(time: 0.050, x: 340, phase: .changed),
        ]
        var transition = InteractiveTransition(mapping: reversible, model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        transition.handle(hook[0])
        transition.handle(hook[1])
        #expect(abs(transition.progress(at: 0.016) - 0.05) < 1e-15)
        transition.handle(hook[2])
        #expect(transition.progress(at: 0.033) == 0)   // back at touch-down: still leftward, 0
        transition.handle(hook[3])
        #expect(abs(transition.progress(at: 0.050) - 0.1) < 1e-15)   // rightward now
        let release = transition.handle(TouchSample(time: 0.066, x: 380, phase: .ended))!
        #expect(release.sign == 1 && release.completion.decision == .finish)
        #expect(abs(release.state.progress - 0.2) < 1e-12)
        #expect(abs(release.state.velocity - 40.0 / 0.016 / 400) < 1e-9)

        // Decided once, the same stroke is stuck at 0 on the left side and cancels.
        var fixed = InteractiveTransition(mapping: mapping, model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        for sample in hook { fixed.handle(sample) }
        let fixedRelease = fixed.handle(TouchSample(time: 0.066, x: 380, phase: .ended))!
        #expect(fixedRelease.sign == -1 && fixedRelease.state.progress == 0 && fixedRelease.completion.decision == .cancel)
    }

    @Test func reversingMirrorsTheVelocitySamples() {
        // Released on the very sample that crosses touch-down: the estimator's last two samples
        // straddle the flip, and mirrored they give the finger's true rightward speed.
        let reversible = ProgressMapping(travel: 400, direction: .reversible(touchSlop: 10))
        var transition = InteractiveTransition(mapping: reversible, model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        transition.handle(TouchSample(time: 0, x: 300, phase: .began))
        transition.handle(TouchSample(time: 0.016, x: 280, phase: .changed))
        let release = transition.handle(TouchSample(time: 0.032, x: 320, phase: .ended))!
        #expect(release.sign == 1)
        #expect(abs(release.state.progress - 0.05) < 1e-15)
        #expect(abs(release.state.velocity - 40.0 / 0.016 / 400) < 1e-9)
    }

    @Test func anInterruptingTouchKeepsItsCompletionsDirection() {
        let reversible = ProgressMapping(travel: 400, direction: .reversible(touchSlop: 10))
        var transition = InteractiveTransition(mapping: reversible, model: ProjectedSpringModel(), estimator: LastTwoPointsEstimator())
        for sample in drag(from: 100, speed: 800, frames: 6) { transition.handle(sample) }
        let first = transition.releases[0]
        #expect(first.sign == 1 && first.completion.decision == .finish)
        // A finger lands during the completion and drags left, past its own touch-down point.
        let landing = first.time + 0.05
        let base = transition.progress(at: landing)
        transition.handle(TouchSample(time: landing, x: 500, phase: .began))
        transition.handle(TouchSample(time: landing + 0.016, x: 480, phase: .changed))
        #expect(abs(transition.progress(at: landing + 0.016) - (base - 0.05)) < 1e-12)
        let second = transition.handle(TouchSample(time: landing + 0.032, x: 460, phase: .ended))!
        #expect(second.sign == 1, "the interrupted transition's direction stays")
        #expect(abs(second.state.progress - (base - 0.1)) < 1e-12)
    }
}
