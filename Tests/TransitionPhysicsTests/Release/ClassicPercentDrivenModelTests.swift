import Testing
import TransitionLab
@testable import TransitionPhysics

/// UIKit's UIPercentDrivenInteractiveTransition semantics (docs/references.md#percent-driven-transitions):
/// finish time (1 - p) d / s, cancel time p d / s, p(t) = p0 + (target - p0) E(t / T).
@Suite struct ClassicPercentDrivenModelTests {
    @Test(arguments: [0.0, 0.1, 0.37, 0.5, 0.5000001, 0.8, 1.0])
    func timingAndPositionsEqualUIKitFormulas(p0: Double) {
        for (d, s) in [(0.3, 1.0), (2.0, 1.0), (0.3, 2.5), (0.5, 0.4)] {
            let model = ClassicPercentDrivenModel(duration: d, completionSpeed: s)
            let completion = model.release(ReleaseState(progress: p0, velocity: 3))
            let finishing = p0 > 0.5
            #expect(completion.decision == (finishing ? .finish : .cancel))
            let expectedT = finishing ? (1 - p0) * d / s : p0 * d / s
            #expect(completion.curve.fixedDuration == expectedT)
            let target = finishing ? 1.0 : 0.0
            for i in 0...20 {
                let t = expectedT * Double(i) / 20
                let expected = expectedT == 0 ? target : p0 + (target - p0) * UnitCurve.easeInOut.value(at: t / expectedT)
                let got = completion.curve.progress(at: t)
                #expect(abs(got - expected) <= 1e-15, "p0 \(p0) d \(d) s \(s) t \(t): \(got) vs \(expected)")
            }
            #expect(completion.curve.progress(at: expectedT + 1) == target)
        }
    }

    @Test func seed000DecidesOnProgressAloneIgnoringVelocity() {
        let model = ClassicPercentDrivenModel()
        #expect(model.release(ReleaseState(progress: 0.45, velocity: 8)).decision == .cancel)  // a quick flick is cancelled
        #expect(model.release(ReleaseState(progress: 0.55, velocity: -8)).decision == .finish)
        #expect(model.release(ReleaseState(progress: 0.5, velocity: 0)).decision == .cancel)   // strictly greater
        // Seed 000 handles .cancelled like .ended.
        #expect(model.release(ReleaseState(progress: 0.7, velocity: 0, recognizerCancelled: true)).decision == .finish)
    }

    @Test func seed004KeepsTheLastChangedFlagAndCancelledAlwaysCancels() {
        let model = ClassicPercentDrivenModel(decisionRule: .lastChangedFlag)
        // The up sample moved back below 0.5 but the flag was set at the last change.
        #expect(model.release(ReleaseState(progress: 0.45, velocity: 0, lastChangedProgress: 0.6)).decision == .finish)
        #expect(model.release(ReleaseState(progress: 0.55, velocity: 0, lastChangedProgress: 0.4)).decision == .cancel)
        #expect(model.release(ReleaseState(progress: 0.9, velocity: 0, lastChangedProgress: 0.9, recognizerCancelled: true)).decision == .cancel)
    }

    @Test(arguments: [-3.0, -0.5, 0.8, 3.2, 7.0])
    func easeInOutStopsDeadAtReleaseSoTheJumpIsTheFingerSpeed(fingerVelocity: Double) {
        for p0 in [0.2, 0.7] {
            let completion = ClassicPercentDrivenModel().release(ReleaseState(progress: p0, velocity: fingerVelocity))
            #expect(completion.curve.velocity(at: 0) == 0)
            let metrics = completion.curve.metrics(releaseVelocity: fingerVelocity)
            #expect(metrics.velocityJump == abs(fingerVelocity))
        }
    }

    @Test func otherCurvesStartAtTheirSlopeTimesSpeedOverDuration() {
        // Velocity just after release: (target - p0) * E'(0) / T = (s / d) * E'(0) for finish.
        let model = ClassicPercentDrivenModel(duration: 0.4, completionSpeed: 2, completionCurve: .timing(.default))
        let completion = model.release(ReleaseState(progress: 0.6, velocity: 1))
        let expected = (2 / 0.4) * UnitCurve.default.velocity(at: 0)
        #expect(abs(completion.curve.velocity(at: 0) - expected) <= 1e-12 * expected)
    }

    @Test func uiKitSpringCurveEndsExactlyAtTheTargetOnTime() {
        let model = ClassicPercentDrivenModel(duration: 0.3, completionCurve: .uiKitSpring)
        let completion = model.release(ReleaseState(progress: 0.6, velocity: 2))
        let T = 0.4 * 0.3
        #expect(completion.curve.fixedDuration == T)
        #expect(completion.curve.progress(at: 0) == 0.6)
        #expect(abs(completion.curve.progress(at: T * (1 - 1e-9)) - 1) < 1e-6)
        #expect(completion.curve.progress(at: T) == 1)
        // Monotone (the system spring is overdamped) and starting from rest.
        var last = 0.6
        for i in 1...100 {
            let p = completion.curve.progress(at: T * Double(i) / 100)
            #expect(p >= last - 1e-15)
            last = p
        }
        #expect(completion.curve.velocity(at: 0) == 0)
    }
}
