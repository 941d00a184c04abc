import Testing
@testable import TransitionBatch
import TransitionLab
import TransitionPhysics

/// A block stops recording the force's extremes once `forceEnergyBound` (the force's own energy,
/// which never increases) is within the largest |force| recorded (`trackingNeeded`). These tests
/// fail if a later frame's force could exceed that bound, which would lose a peak acceleration.
struct TrackingBoundsTests {
    /// Springs of every regime (undamped, lightly damped, critical, overdamped), states with tiny
    /// and huge velocities: stepped frame by frame with the scalar path's propagator, no later
    /// frame's (k x + c v)² exceeds the bound at the first frame, with the 1e-9 margin
    /// `trackingNeeded` applies.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func laterForcesStayWithinTheBound(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let dt = 1 / [240.0, 120, 60][Int(seed) % 3]
        for round in 0..<200 {
            var spring = randomSpring(&g)
            switch round % 10 {
            case 0: spring = Spring(response: .random(in: 0.1...1, using: &g), dampingRatio: 0)
            case 1: spring = Spring(response: .random(in: 0.1...1, using: &g), dampingRatio: 1)
            case 2: spring = Spring(response: .random(in: 0.1...1, using: &g), dampingRatio: .random(in: 1...1.05, using: &g))
            default: break
            }
            var step = identityLanes, stiffness = Lane(), damping = Lane(), mass = Lane(), omega0Squared = Lane()
            var y = Lane(), w = Lane()
            let propagator = spring.propagator(time: dt)
            for i in 0..<laneWidth {
                step.p00[i] = propagator.positionFromPosition; step.p01[i] = propagator.positionFromVelocity
                step.p10[i] = propagator.velocityFromPosition; step.p11[i] = propagator.velocityFromVelocity
                stiffness[i] = spring.stiffness; damping[i] = spring.damping; mass[i] = spring.mass
                omega0Squared[i] = spring.stiffness / spring.mass
                y[i] = .random(in: -1...1, using: &g)
                w[i] = [Double.random(in: -8...8, using: &g), 1e-300, -1e-12, 4000, 0][i % 5]
            }
            let k = BlockCoefficients(
                step: step, stiffness: stiffness, damping: damping, mass: mass, omega0Squared: omega0Squared, target: Lane(),
                side: Lane(repeating: 1), clamp: LaneMask(), rubber: LaneMask(), springLanes: LaneMask(repeating: true))
            let bound = forceEnergyBound(y: y, w: w, k) * (1 + 1e-9)
            for i in 0..<laneWidth {
                var x = y[i], v = w[i]
                for frame in 0..<1500 {
                    let f = spring.stiffness * x + spring.damping * v
                    if !(f * f <= bound[i]) {
                        Issue.record("lane \(i) frame \(frame): f² \(f * f) beyond the bound \(bound[i]), spring \(spring)")
                        break
                    }
                    (x, v) = propagator.apply(displacement: x, velocity: v)
                }
            }
        }
    }
}
