import Testing
import TransitionLab
@testable import TransitionPhysics

/// "Past the target" is the side away from where a completion starts (OvershootPolicy.pastSide):
/// toward a middle detent from above or below, under every policy, the release shows the
/// finger's progress and velocity, and overshoot lands on the far side (against the closed form).
@Suite("The past side of middle detents")
struct PastSideTests {
    static let springs = [ProjectedSpringModel.defaultSpring, Spring(response: 0.4, dampingRatio: 0.3)]

    /// (start, start velocity, target): from above and below each middle detent, moving toward
    /// it and away from it.
    static func releases(detents: [Double]) -> [(Double, Double, Double)] {
        var cases: [(Double, Double, Double)] = []
        for (i, d) in detents.enumerated() where i > 0 && i < detents.count - 1 {
            let below = (detents[i - 1] + d) / 2, above = (d + detents[i + 1]) / 2
            for v in [0.0, 0.8, -0.8, 3] {
                cases.append((above, -abs(v), d))
                cases.append((above, abs(v), d))
                cases.append((below, abs(v), d))
                cases.append((below, -abs(v), d))
            }
        }
        return cases
    }

    @Test("the release shows the finger's progress and velocity: no jump", arguments: [[0, 0.5, 1], [0, 0.3, 0.7, 1]] as [[Double]])
    func noJumpAtRelease(detents: [Double]) {
        for spring in Self.springs {
            for policy in OvershootPolicy.allCases {
                let model = ProjectedSpringModel(spring: spring, overshoot: policy)
                for (start, velocity, target) in Self.releases(detents: detents) {
                    let curve = model.completionCurve(start: start, startVelocity: velocity, target: target)
                    let shown = curve.state(at: 0)
                    #expect(shown.progress == start, "\(policy) from \(start) to \(target): shows \(shown.progress)")
                    #expect(shown.velocity == velocity, "\(policy) from \(start) at \(velocity)/s to \(target): \(shown.velocity)")
                    let metrics = curve.metrics(releaseVelocity: velocity)
                    #expect(metrics.velocityJump == 0, "\(policy) from \(start) to \(target)")
                }
            }
        }
    }

    @Test("overshoot is on the far side, as the closed form has it; clamp never passes; the band shows less")
    func overshootOnTheFarSide() {
        let spring = Spring(response: 0.4, dampingRatio: 0.3)
        for (start, velocity, target) in Self.releases(detents: [0, 0.3, 0.7, 1]) {
            let far = start < target ? 1.0 : -1.0
            // The closed form's largest excursion past the target, sampled at 48 kHz for 2 s (the
            // metrics give the motion's own: a sample lies below it by at most about
            // (omega0 dt / 2)² / 2 of the amplitude, 4e-9 here).
            var reference = 0.0
            for n in 0...96_000 {
                let (x, _) = spring.state(initialDisplacement: start - target, initialVelocity: velocity, time: Double(n) / 48_000)
                reference = max(reference, x * far)
            }
            let free = ProjectedSpringModel(spring: spring, overshoot: .allow).completionCurve(start: start, startVelocity: velocity, target: target)
            let overshoot = free.metrics(releaseVelocity: velocity).overshoot
            #expect(overshoot >= reference - 1e-12 && overshoot - reference <= 1e-8, "from \(start) at \(velocity)/s to \(target): \(overshoot) vs \(reference)")
            #expect(reference > 0.01, "the lightly damped spring overshoots")
            let clamp = ProjectedSpringModel(spring: spring, overshoot: .clamp).completionCurve(start: start, startVelocity: velocity, target: target)
            let band = ProjectedSpringModel(spring: spring, overshoot: .rubberBand).completionCurve(start: start, startVelocity: velocity, target: target)
            #expect(clamp.metrics(releaseVelocity: velocity).overshoot == 0)
            let banded = band.metrics(releaseVelocity: velocity).overshoot
            #expect(banded > 0 && banded < 0.55 * reference + 1e-12, "band \(banded) of \(reference)")
            for n in 0...600 {
                let t = Double(n) / 240
                #expect((clamp.progress(at: t) - target) * far <= 0, "clamp passed \(target) at \(t) s")
            }
            // Rest: from the visual completion on, the shown progress stays within the pixel.
            let tolerance = 1.0 / 1170
            let rest = free.restTime(tolerance: tolerance)
            #expect(rest > 0 && rest.isFinite)
            for k in 0...200 { #expect(abs(free.progress(at: rest + Double(k) * 0.01) - target) < tolerance) }
        }
    }

    @Test("retargeting toward a middle detent keeps what is shown, every policy, from either side")
    func retargetKeepsTheShownState() {
        for policy in OvershootPolicy.allCases {
            for (speed, newTarget) in [(900.0, 0.5), (-900.0, 0.5), (900.0, 0.3), (-900.0, 0.7)] {
                var transition = TransitionDriverTests.transition(model: ProjectedSpringModel(overshoot: policy))
                transition.detents = [0, 0.3, 0.5, 0.7, 1]
                let x0 = speed > 0 ? 0.0 : TransitionDriverTests.travel
                for sample in TransitionDriverTests.drag(speed: speed, frames: 10, x0: x0) { transition.handle(sample) }
                guard case .completing(let animation) = transition.phase else {
                    Issue.record("no completion for \(speed)")
                    continue
                }
                let t = animation.startTime + 0.05
                let before = transition.advance(to: t)
                transition.retarget(to: newTarget, at: t)
                let after = transition.advance(to: t)
                #expect(after.progress == before.progress, "\(policy) \(speed) -> \(newTarget): \(before.progress) then \(after.progress)")
                #expect(after.velocity == before.velocity, "\(policy) \(speed) -> \(newTarget): \(before.velocity) then \(after.velocity)")
            }
        }
    }

    @Test("the side: from below +1, from above -1, at the target outside [0, 1]")
    func theRule() {
        #expect(OvershootPolicy.pastSide(start: 0.2, startVelocity: -3, target: 0.5) == 1)
        #expect(OvershootPolicy.pastSide(start: 0.9, startVelocity: 3, target: 0.5) == -1)
        #expect(OvershootPolicy.pastSide(start: 1.1, startVelocity: 3, target: 1) == -1)
        #expect(OvershootPolicy.pastSide(start: -0.1, startVelocity: -3, target: 0) == 1)
        #expect(OvershootPolicy.pastSide(start: 1, startVelocity: -1, target: 1) == 1)
        #expect(OvershootPolicy.pastSide(start: 1, startVelocity: 1, target: 1) == 1)
        #expect(OvershootPolicy.pastSide(start: 0, startVelocity: 1, target: 0) == -1)
        #expect(OvershootPolicy.pastSide(start: 0.5, startVelocity: -1, target: 0.5) == 1)
        // The usual finish and cancel keep their sides.
        #expect(OvershootPolicy.pastSide(start: 0.6, startVelocity: -1, target: 1) == 1)
        #expect(OvershootPolicy.pastSide(start: 0.4, startVelocity: 1, target: 0) == -1)
    }
}
