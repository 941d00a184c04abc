import RealModule
import Testing
import TransitionLab
@testable import TransitionPhysics

/// The minimum-jerk completion against its definition (Flash and Hogan 1985: the motion meeting
/// position, velocity and acceleration at both ends that minimises the integrated squared jerk),
/// not against the coefficients it is computed from.
@Suite("Release: the minimum-jerk completion")
struct MinimumJerkCompletionTests {
    typealias J = MinimumJerkCompletion

    /// Releases across regimes: toward the target, away from it, at rest, cancelling, beyond [0, 1].
    static let releases: [(start: Double, velocity: Double, target: Double, duration: Double)] = [
        (0.3, 2.0, 1, 0.25), (0.3, -1.5, 1, 0.4), (0.8, 0, 1, 0.1), (0.6, 3.0, 0, 0.3), (0.2, -0.4, 0, 0.2),
        (1.04, 0.5, 1, 0.15), (0.0, 0.0, 1, 2.0), (0.5, 1e-9, 1, 0.3),
    ]

    @Test("Boundary conditions: start progress and velocity exactly, acceleration 0; target at rest at the duration")
    func boundaryConditions() {
        for r in Self.releases {
            let s0 = J.state(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration, time: 0)
            #expect(s0.progress == r.start && s0.velocity == r.velocity && s0.acceleration == 0)
            // Just before the end the polynomial itself (not the hold) must be at the target, at rest.
            let tEnd = r.duration * (1 - 1e-9)
            let s1 = J.state(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration, time: tEnd)
            #expect(abs(s1.progress - r.target) < 1e-9)
            #expect(abs(s1.velocity) < 1e-6 * (1 + abs(r.velocity)))
            #expect(abs(s1.acceleration) < 1e-5 * (1 + abs(r.velocity)) / r.duration)
            let after = J.state(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration, time: r.duration)
            #expect(after.progress == r.target && after.velocity == 0 && after.acceleration == 0)
        }
    }

    @Test("Velocity and acceleration are the derivatives of progress (central differences)")
    func derivatives() {
        for r in Self.releases {
            let h = 1e-6 * r.duration
            for i in 1..<40 {
                let t = r.duration * Double(i) / 40
                func at(_ t: Double) -> (progress: Double, velocity: Double, acceleration: Double) {
                    J.state(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration, time: t)
                }
                let scale = abs(r.target - r.start) / r.duration + abs(r.velocity)
                #expect(abs((at(t + h).progress - at(t - h).progress) / (2 * h) - at(t).velocity) < 1e-6 * scale)
                #expect(abs((at(t + h).velocity - at(t - h).velocity) / (2 * h) - at(t).acceleration) < 1e-5 * scale / r.duration)
            }
        }
    }

    /// ∫ jerk² dt by the midpoint rule, for progress given as a function of time.
    static func integratedSquaredJerk(duration: Double, _ p: (Double) -> Double) -> Double {
        let n = 4000, dt = duration / Double(n), h = dt / 4
        var sum = 0.0
        for i in 0..<n {
            let t = (Double(i) + 0.5) * dt
            // Third derivative by a five-point stencil.
            let jerk = (p(t + 2 * h) - 2 * p(t + h) + 2 * p(t - h) - p(t - 2 * h)) / (2 * h * h * h)
            sum += jerk * jerk * dt
        }
        return sum
    }

    @Test("It minimises the integrated squared jerk: any admissible perturbation s³(1 - s)³ costs more")
    func minimisesJerk() {
        for r in Self.releases where r.duration < 1 {
            let quintic = { (t: Double) in
                J.state(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration, time: t).progress
            }
            let base = Self.integratedSquaredJerk(duration: r.duration, quintic)
            // s³(1 - s)³ vanishes with its first two derivatives at both ends: the same boundary
            // conditions hold for every epsilon.
            for epsilon in [-0.05, -0.01, 0.01, 0.05] {
                let perturbed = { (t: Double) -> Double in
                    let s = t / r.duration
                    return quintic(t) + epsilon * s * s * s * (1 - s) * (1 - s) * (1 - s)
                }
                #expect(Self.integratedSquaredJerk(duration: r.duration, perturbed) > base)
            }
        }
    }

    @Test("From rest it is Flash and Hogan's bell: D (10 s³ - 15 s⁴ + 6 s⁵), peak acceleration 10/√3 D/T²")
    func restToRest() {
        for i in 0...20 {
            let t = 0.3 * Double(i) / 20
            let s = t / 0.3
            let p = J.state(start: 0.2, startVelocity: 0, target: 1, duration: 0.3, time: t).progress
            #expect(p.isApproximatelyEqual(to: 0.2 + 0.8 * (10 * s * s * s - 15 * s * s * s * s + 6 * s * s * s * s * s), absoluteTolerance: 1e-14))
        }
        let peak = J.peakAcceleration(start: 0.2, startVelocity: 0, target: 1, duration: 0.3)
        #expect(peak.isApproximatelyEqual(to: 10 / 3.0.squareRoot() * 0.8 / 0.09, relativeTolerance: 1e-12))
    }

    @Test("The closed-form peak acceleration equals the largest of 200,001 samples")
    func peakAgainstSampling() {
        for r in Self.releases {
            var sampled = 0.0
            for i in 0...200_000 {
                let t = r.duration * Double(i) / 200_000
                sampled = max(sampled, abs(J.state(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration, time: min(t, r.duration * (1 - 1e-12))).acceleration))
            }
            let peak = J.peakAcceleration(start: r.start, startVelocity: r.velocity, target: r.target, duration: r.duration)
            #expect(peak >= sampled * (1 - 1e-12))
            #expect(peak.isApproximatelyEqual(to: sampled, relativeTolerance: 1e-6))
        }
    }

    @Test("Toward the target it never passes it up to v0 T = 2.5 D, and does beyond")
    func overshootThreshold() {
        func passes(ratio: Double) -> Bool {
            let d = 0.4, duration = 0.3
            let v = ratio * d / duration
            for i in 0...10_000 {
                let p = J.state(start: 0.6, startVelocity: v, target: 1, duration: duration, time: duration * Double(i) / 10_000).progress
                if p > 1 + 1e-12 { return true }
            }
            return false
        }
        #expect(!passes(ratio: 0.5) && !passes(ratio: 2.0) && !passes(ratio: 2.5))
        #expect(passes(ratio: 2.6) && passes(ratio: 4))
        #expect(J.maximumDuration(start: 0.6, startVelocity: 2, target: 1).isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-15))
        #expect(J.maximumDuration(start: 0.6, startVelocity: -2, target: 1) == .infinity)
        #expect(J.maximumDuration(start: 0.6, startVelocity: 0, target: 1) == .infinity)
    }

    @Test("The peak-acceleration rule: the shortest duration within the limit, unless that would pass the target")
    func durationRule() {
        for r in Self.releases {
            for limit in [20.0, 120.0, 600.0] {
                let t = J.duration(start: r.start, startVelocity: r.velocity, target: r.target, peakAcceleration: limit)
                let cap = J.maximumDuration(start: r.start, startVelocity: r.velocity, target: r.target)
                #expect(t.isFinite && t > 0)
                #expect(t <= cap)
                if t < cap {
                    #expect(J.peakAcceleration(start: r.start, startVelocity: r.velocity, target: r.target, duration: t) <= limit)
                    // Minimal: 0.1% shorter exceeds the limit.
                    #expect(J.peakAcceleration(start: r.start, startVelocity: r.velocity, target: r.target, duration: t * 0.999) > limit)
                }
            }
        }
        // At the target already and at rest: nothing to do.
        #expect(J.duration(start: 1, startVelocity: 0, target: 1, peakAcceleration: 100) == 0)
    }

    @Test("The physics model with a timed shape: same decision as the spring, velocity jump 0, at rest on arrival")
    func physicsModelShapes() {
        let states = [
            ReleaseState(progress: 0.27, velocity: 3.1), ReleaseState(progress: 0.7, velocity: -2.2),
            ReleaseState(progress: 0.4, velocity: 0), ReleaseState(progress: 0.95, velocity: 0.8),
        ]
        let spring = ProjectedSpringModel()
        for rule in [TimedCompletionDuration.peakAcceleration(120), .fullTravel(seconds: 0.3)] {
            let jerk = ProjectedSpringModel(completionShape: .minimumJerk(rule))
            for state in states {
                let a = spring.release(state), b = jerk.release(state)
                #expect(a.decision == b.decision && a.projectedProgress == b.projectedProgress)
                let m = b.curve.metrics(releaseVelocity: state.velocity)
                #expect(m.velocityJump == 0)
                #expect(m.overshoot == 0)
                let duration = b.curve.fixedDuration!
                #expect(m.completionTime == duration)
                #expect(b.curve.progress(at: duration) == b.curve.target && b.curve.velocity(at: duration) == 0)
                if case .fullTravel(let seconds) = rule {
                    let expected = min(seconds * abs(b.curve.target - state.progress), J.maximumDuration(
                        start: state.progress, startVelocity: state.velocity, target: b.curve.target))
                    #expect(duration.isApproximatelyEqual(to: expected, relativeTolerance: 1e-15))
                } else {
                    #expect(m.peakAcceleration <= 120 * (1 + 1e-9))
                }
            }
        }
    }

    @Test("Ease-in-out under the physics decision: classic's curve from rest within the peak acceleration")
    func easeInOutShape() {
        let model = ProjectedSpringModel(completionShape: .easeInOut(.peakAcceleration(100)))
        let state = ReleaseState(progress: 0.3, velocity: 2)
        let completion = model.release(state)
        #expect(completion.decision == .finish)
        let m = completion.curve.metrics(releaseVelocity: state.velocity, frameRate: 10_000)
        #expect(m.velocityJump == 2)
        // The frames sample the peak: within 0.1% of the limit, never above it.
        #expect(m.peakAcceleration <= 100 * (1 + 1e-9) && m.peakAcceleration > 99.9)
        let classic = ProjectedSpringModel(completionShape: .easeInOut(.fullTravel(seconds: 0.3))).release(state)
        #expect(classic.curve.fixedDuration!.isApproximatelyEqual(to: 0.21, relativeTolerance: 1e-14))
    }

    /// The README's quick flick: 60 Hz samples of a 390 pt screen, lift-off at 0.087 s.
    static var flick: [TouchSample] {
        let xs: [Double] = [300, 296, 284, 262, 232, 195]
        var samples = xs.indices.map { TouchSample(time: Double($0) / 60, x: xs[$0], phase: $0 == 0 ? .began : .changed) }
        samples.append(TouchSample(time: 0.087, x: 195, phase: .ended))
        return samples
    }

    @Test("The driver re-plans the quintic from the progress and velocity shown: retarget and detents, no jump")
    func driverReplans() {
        let model = ProjectedSpringModel(completionShape: .minimumJerk(.peakAcceleration(120)))
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: 390), model: model, estimator: LeastSquaresVelocityEstimator())
        for sample in Self.flick { transition.handle(sample) }
        let now = 0.087 + 0.05
        let before = transition.advance(to: now)
        #expect(before.target == 1 && before.velocity > 0)
        transition.retarget(to: 0, at: now)
        guard case .completing(let animation) = transition.phase, case .minimumJerk(let duration) = animation.curve.shape else {
            Issue.record("not a minimum-jerk completion"); return
        }
        #expect(animation.curve.start == before.progress && animation.curve.startVelocity == before.velocity)
        let after = transition.advance(to: now)
        #expect(after.progress == before.progress && after.velocity == before.velocity && after.target == 0)
        #expect(MinimumJerkCompletion.peakAcceleration(
            start: before.progress, startVelocity: before.velocity, target: 0, duration: duration) <= 120 * (1 + 1e-9))
        let end = transition.advance(to: now + duration)
        #expect(end.progress == 0 && end.velocity == 0 && end.isAtRest)

        // Detents: the quintic is planned for the chosen detent, not stretched from [0, 1].
        var detented = InteractiveTransition(
            mapping: ProgressMapping(travel: 390), model: model, estimator: LeastSquaresVelocityEstimator())
        detented.detents = [0, 0.5, 1]
        var release: InteractiveTransition.Release?
        for sample in Self.flick { release = detented.handle(sample) ?? release }
        let curve = release!.completion.curve
        guard case .minimumJerk(let planned) = curve.shape else { Issue.record("not a minimum-jerk completion"); return }
        #expect(curve.startVelocity == release!.state.velocity)
        #expect(curve.target == 0.5 || curve.target == 1)
        let fresh = model.completionCurve(start: release!.state.progress, startVelocity: release!.state.velocity, target: curve.target)
        #expect(fresh == curve && planned == fresh.fixedDuration)
    }
}
