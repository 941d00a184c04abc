import RealModule
import Testing
import TransitionPhysics

// Whole trajectories of the closed form against an independent classic RK4 integration of
// m x'' + c x' + k x = 0 at h = 1e-5 s (FoundationTestSupport.swift). Checking only that a spring
// "reaches its target" let Advance's RK4 bug and Motion's overdamped bug ship; comparing value
// AND velocity at 300 instants over 3 s in every regime does not.

/// A named spring and initial state for the trajectory comparisons.
struct TrajectoryCase: CustomTestStringConvertible, Sendable {
    var name: String
    var spring: Spring
    var target: Double
    var initialVelocity: Double
    var testDescription: String { "\(name): target \(target), v0 \(initialVelocity)" }
}

private let trajectoryCases: [TrajectoryCase] = [
    TrajectoryCase(name: "underdamped z 0.3", spring: Spring(response: 0.5, dampingRatio: 0.3), target: 1, initialVelocity: 0),
    TrajectoryCase(name: "underdamped z 0.3, fling", spring: Spring(response: 0.5, dampingRatio: 0.3), target: 1, initialVelocity: 12),
    TrajectoryCase(name: "undamped z 0", spring: Spring(response: 0.7, dampingRatio: 0), target: 2, initialVelocity: -3),
    TrajectoryCase(name: "bouncy, points", spring: .bouncy, target: 320, initialVelocity: -1500),
    TrajectoryCase(name: "critical", spring: Spring(response: 0.4, dampingRatio: 1), target: 1, initialVelocity: 0),
    TrajectoryCase(name: "critical, overshooting fling", spring: .smooth, target: 1, initialVelocity: 30),
    TrajectoryCase(name: "critical, away from target", spring: .smooth, target: 1, initialVelocity: -8),
    TrajectoryCase(name: "overdamped z 2.5", spring: Spring(response: 0.6, dampingRatio: 2.5), target: 1, initialVelocity: 0),
    TrajectoryCase(name: "overdamped z 2.5, fling", spring: Spring(response: 0.6, dampingRatio: 2.5), target: -1, initialVelocity: 40),
    TrajectoryCase(
        name: "stiff overdamped k 1000 z 3",
        spring: Spring(mass: 1, stiffness: 1000, damping: 2 * 3 * 1000.0.squareRoot(), allowOverDamping: true),
        target: 1, initialVelocity: 50),
    TrajectoryCase(name: "mass 2.5 underdamped", spring: Spring(mass: 2.5, stiffness: 300, damping: 12), target: 100, initialVelocity: 0),
    TrajectoryCase(
        name: "mass 0.2 overdamped", spring: Spring(mass: 0.2, stiffness: 80, damping: 20, allowOverDamping: true),
        target: 1, initialVelocity: -5),
    TrajectoryCase(name: "UIKit system spring (m 3, k 1000, c 500)", spring: .uiKitSystem, target: 1, initialVelocity: 0),
    TrajectoryCase(name: "UIKit system spring, fling", spring: .uiKitSystem, target: 1, initialVelocity: 6),
    TrajectoryCase(
        name: "Android high stiffness, high bouncy",
        spring: .android(stiffness: Spring.AndroidStiffness.high, dampingRatio: Spring.AndroidDampingRatio.highBouncy),
        target: 1, initialVelocity: 0),
    TrajectoryCase(name: "near critical z 1 + 1e-7", spring: Spring(response: 0.5, dampingRatio: 1 + 1e-7), target: 1, initialVelocity: 3),
    TrajectoryCase(name: "near critical z 1 - 1e-7", spring: Spring(response: 0.5, dampingRatio: 1 - 1e-7), target: 1, initialVelocity: 3),
]

@Suite("Spring trajectories against RK4 at 1e-5 s")
struct SpringTrajectoryTests {
    /// Largest allowed error, relative to the largest displacement (for positions) or velocity
    /// (for velocities) of the whole trajectory. Measured: the closed form and RK4 agree to
    /// 4e-14 of the scale in every case below (RK4's truncation error is negligible at this step,
    /// round-off dominates), so 1e-11 leaves a 250x margin and none for a wrong formula: a 1e-9
    /// error in a frequency or a decay rate already shows as ~1e-9 of the scale over 3 s.
    static let tolerance = 1e-11

    @Test("closed form follows RK4 for 3 s, value and velocity", arguments: trajectoryCases)
    func matchesRungeKutta(_ c: TrajectoryCase) {
        let s = c.spring
        let x0 = -c.target
        let reference = rungeKutta4(
            mass: s.mass, stiffness: s.stiffness, damping: s.damping,
            x0: x0, v0: c.initialVelocity, steps: 300_000, sampleEvery: 1_000)
        let positionScale = reference.map { abs($0.displacement) }.max()!
        let velocityScale = reference.map { abs($0.velocity) }.max()!
        var worstPosition = 0.0, worstVelocity = 0.0, worstValue = 0.0, worstSwiftUIVelocity = 0.0
        for sample in reference {
            let state = s.state(initialDisplacement: x0, initialVelocity: c.initialVelocity, time: sample.time)
            worstPosition = max(worstPosition, scaledError(state.displacement, sample.displacement, scale: positionScale))
            worstVelocity = max(worstVelocity, scaledError(state.velocity, sample.velocity, scale: velocityScale))
            // SwiftUI's form: starts at 0, moves toward target; value = target + displacement.
            let value = s.value(target: c.target, initialVelocity: c.initialVelocity, time: sample.time)
            let velocity = s.velocity(target: c.target, initialVelocity: c.initialVelocity, time: sample.time)
            worstValue = max(worstValue, scaledError(value, c.target + sample.displacement, scale: positionScale))
            worstSwiftUIVelocity = max(worstSwiftUIVelocity, scaledError(velocity, sample.velocity, scale: velocityScale))
        }
        #expect(worstPosition <= Self.tolerance, "state displacement, worst scaled error")
        #expect(worstVelocity <= Self.tolerance, "state velocity, worst scaled error")
        #expect(worstValue <= Self.tolerance, "value(target:...), worst scaled error")
        #expect(worstSwiftUIVelocity <= Self.tolerance, "velocity(target:...), worst scaled error")
    }

    @Test("the RK4 reference itself converges: halving the step changes it by < 1e-11 of the scale")
    func referenceIsConverged() {
        // Guards the reference, so a failure above cannot be blamed on it: for the stiffest case,
        // h and h/2 agree far inside the tolerance used above.
        let s = Spring(mass: 1, stiffness: 1000, damping: 2 * 3 * 1000.0.squareRoot(), allowOverDamping: true)
        let coarse = rungeKutta4(mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: -1, v0: 50, step: 2e-5, steps: 25_000, sampleEvery: 500)
        let fine = rungeKutta4(mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: -1, v0: 50, step: 1e-5, steps: 50_000, sampleEvery: 1_000)
        let scale = fine.map { abs($0.displacement) }.max()!
        for (a, b) in zip(coarse, fine) {
            #expect(a.time.isApproximatelyEqual(to: b.time, relativeTolerance: 1e-12))
            #expect(scaledError(a.displacement, b.displacement, scale: scale) <= 1e-11)
        }
    }
}
