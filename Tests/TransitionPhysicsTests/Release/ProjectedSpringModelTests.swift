import Testing
import TransitionLab
@testable import TransitionPhysics

@Suite struct ProjectedSpringModelTests {
    @Test func projectionDecidesTheNearerEnd() {
        let model = ProjectedSpringModel(decelerationRate: .normal, projection: .discrete)
        // Discrete WWDC form at 0.998: distance = v * 0.998 / 2 (progress per (progress/s)).
        let flick = ReleaseState(progress: 0.2, velocity: 1.0)
        #expect(abs(model.projectedProgress(flick) - (0.2 + 0.499)) <= 1e-15)
        #expect(model.release(flick).decision == .finish)              // 0.699 >= 0.5
        #expect(model.release(ReleaseState(progress: 0.2, velocity: 0.5)).decision == .cancel) // 0.4495
        #expect(model.release(ReleaseState(progress: 0.8, velocity: -1.0)).decision == .cancel) // 0.301
        #expect(model.release(ReleaseState(progress: 0.6, velocity: 0)).decision == .finish)
        #expect(model.release(ReleaseState(progress: 0.9, velocity: 0, recognizerCancelled: true)).decision == .cancel)
    }

    @Test func minimumFlingVelocityIgnoresSlowReleases() {
        let model = ProjectedSpringModel(minFlingVelocity: 0.5)
        #expect(model.release(ReleaseState(progress: 0.3, velocity: 0.45)).decision == .cancel)  // would be 0.5246
        #expect(model.release(ReleaseState(progress: 0.3, velocity: 0.5)).decision == .finish)
    }

    @Test(arguments: [-4.0, -1.0, 0.0, 0.7, 3.2, 9.0])
    func velocityIsContinuousAtRelease(fingerVelocity: Double) {
        for p0 in [0.05, 0.3, 0.5, 0.8] {
            for policy in OvershootPolicy.allCases {
                let completion = ProjectedSpringModel(overshoot: policy).release(ReleaseState(progress: p0, velocity: fingerVelocity))
                let metrics = completion.curve.metrics(releaseVelocity: fingerVelocity)
                #expect(metrics.velocityJump <= 1e-12 * max(1, abs(fingerVelocity)))
                #expect(completion.curve.progress(at: 0) == p0)
            }
        }
    }

    @Test func completionFollowsTheSpringClosedForm() {
        let spring = Spring(response: 0.4, dampingRatio: 0.7)
        let completion = ProjectedSpringModel(spring: spring).release(ReleaseState(progress: 0.6, velocity: 2))
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
            // value(target:) starts at 0 and moves by the change 1 - 0.6.
            let expected = 0.6 + spring.value(target: 0.4, initialVelocity: 2, time: t)
            #expect(abs(completion.curve.progress(at: t) - expected) <= 1e-14)
        }
    }

    @Test func overshootPolicies() {
        // A bouncy spring released fast toward finishing overshoots when allowed.
        let spring = Spring(response: 0.5, dampingRatio: 0.5)
        let state = ReleaseState(progress: 0.7, velocity: 4)
        let free = ProjectedSpringModel(spring: spring, overshoot: .allow).release(state).curve.metrics(releaseVelocity: 4)
        let clamped = ProjectedSpringModel(spring: spring, overshoot: .clamp).release(state).curve.metrics(releaseVelocity: 4)
        let banded = ProjectedSpringModel(spring: spring, overshoot: .rubberBand).release(state).curve.metrics(releaseVelocity: 4)
        #expect(free.overshoot > 0.05)
        #expect(clamped.overshoot == 0)
        #expect(clamped.completionTime < free.completionTime)
        // Rubber band shows b(x) = 1 - 1 / (0.55 x + 1) of an excursion x.
        let expectedBand = 1 - 1 / (0.55 * free.overshoot + 1)
        #expect(abs(banded.overshoot - expectedBand) <= 1e-12)
    }

    @Test func completionTimeIsTheFirstFrameWithinToleranceAndStaysThere() {
        let model = ProjectedSpringModel()
        let completion = model.release(ReleaseState(progress: 0.47, velocity: 3.2))
        let metrics = completion.curve.metrics(releaseVelocity: 3.2, frameRate: 240, settleTolerance: 0.001)
        let frames = metrics.completionTime * 240
        #expect(abs(frames - frames.rounded()) < 1e-9)
        // At and after completion the progress stays within the tolerance of the target.
        for n in 0...480 {
            let t = metrics.completionTime + Double(n) / 240
            #expect(abs(completion.curve.progress(at: t) - 1) <= 0.001)
        }
        // One frame earlier, the energy-equivalent amplitude was still outside it.
        let before = completion.curve.state(at: metrics.completionTime - 1.0 / 240)
        let omega0 = model.spring.naturalAngularFrequency
        let amplitude = ((before.progress - 1) * (before.progress - 1) + before.velocity * before.velocity / (omega0 * omega0)).squareRoot()
        #expect(amplitude > 0.001)
    }
}
