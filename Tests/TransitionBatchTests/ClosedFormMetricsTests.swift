import Foundation
import Testing
@testable import TransitionBatch
import TransitionLab
import TransitionPhysics

/// Metrics-only blocks of underdamped plain-policy springs take their maxima from the closed
/// form's extremum times (`resolveClosedForm`). These tests fail if it picks a wrong frame, misses
/// a larger later frame, or declines so often that nothing is proven.
struct ClosedFormMetricsTests {
    /// Frame-by-frame reference for one lane: completion frame and the maxima of y and |k y + c w|
    /// over frames 0...L (L the completion frame, or the limit), stepping the block's own matrix.
    func stepped(_ k: BlockCoefficients, _ s: BlockState, lane i: Int, limit: Int, tol2: Double)
        -> (frame: Double, maxY: Double, maxForce: Double)
    {
        var y = s.y[i], w = s.w[i]
        var maxY = -Double.infinity, maxForce = 0.0, frame = -1.0
        for n in 0...limit {
            maxY = max(maxY, y)
            maxForce = max(maxForce, abs(k.stiffness[i] * y + k.damping[i] * w))
            if y * y + w * w / k.omega0Squared[i] <= tol2 { frame = Double(n); break }
            (y, w) = (k.p00[i] * y + k.p01[i] * w, k.p10[i] * y + k.p11[i] * w)
        }
        return (frame, maxY, maxForce)
    }

    /// A block of underdamped springs (damping ratio up to `maximumRatio`) from random releases.
    func block(_ g: inout SplitMix64, dt: Double, maximumRatio: Double) -> (BlockCoefficients, BlockState) {
        var k = BlockCoefficients()
        var s = BlockState()
        for i in 0..<laneWidth {
            let spring = Spring(
                mass: .random(in: 0.3...3, using: &g) , stiffness: 1, damping: 0, allowOverDamping: true)
            // Periods of at least 8 frames at 30 Hz (the closed form's phase-step limit).
            let response = Double.random(in: 0.3...3, using: &g)
            let ratio = [0.001, 0.02, .random(in: 0...maximumRatio, using: &g)].randomElement(using: &g)!
            let stiffness = spring.mass * (2 * .pi / response) * (2 * .pi / response)
            let damping = 4 * .pi * ratio * spring.mass / response
            let m = Spring(mass: spring.mass, stiffness: stiffness, damping: damping, allowOverDamping: true).propagator(time: dt)
            k.p00[i] = m.positionFromPosition; k.p01[i] = m.positionFromVelocity
            k.p10[i] = m.velocityFromPosition; k.p11[i] = m.velocityFromVelocity
            k.mass[i] = spring.mass; k.stiffness[i] = stiffness; k.damping[i] = damping
            k.omega0Squared[i] = stiffness / spring.mass
            k.forceLimit[i] = spring.mass * 0x1p1000
            s.y[i] = -.random(in: 0...1.2, using: &g)
            s.w[i] = .random(in: -8...8, using: &g)
        }
        k.inverseOmega0Squared = 1 / k.omega0Squared
        k.springLanes = LaneMask(repeating: true)
        s.active = k.springLanes
        return (k, s)
    }

    @Test func closedFormMatchesSteppingEveryFrame() {
        var g = SplitMix64(seed: 2026)
        var decided = 0, blocks = 0, settledLanes = 0, limitedLanes = 0
        for _ in 0..<400 {
            let dt = 1 / [240.0, 120, 60, 30].randomElement(using: &g)!
            let limit = [0, 1, 3, 17, 240, 1000, 3000].randomElement(using: &g)!
            let tol2 = [1e-6, 1e-4].randomElement(using: &g)!
            let (k, s) = block(&g, dt: dt, maximumRatio: 0.98)
            var got = s
            blocks += 1
            guard resolveClosedForm(&got, k, frameStep: dt, maximumFrames: limit, toleranceSquared: tol2) else {
                // Declined: the state must be untouched (the caller steps frame by frame).
                #expect(got.y == s.y && got.w == s.w && got.active == s.active && got.completion == s.completion)
                continue
            }
            decided += 1
            #expect(!anyLane(got.active))
            for i in 0..<laneWidth {
                let want = stepped(k, s, lane: i, limit: limit, tol2: tol2)
                if want.frame >= 0 { settledLanes += 1 } else { limitedLanes += 1 }
                let scale = (s.y[i] * s.y[i] + s.w[i] * s.w[i] / k.omega0Squared[i]).squareRoot()
                let context = "lane \(i), dt \(dt), limit \(limit), y0 \(s.y[i]), w0 \(s.w[i]), k \(k.stiffness[i]), c \(k.damping[i]), m \(k.mass[i])"
                #expect(got.completion[i] == want.frame, "\(context)")
                #expect(abs(got.maxY[i] - want.maxY) <= 1e-12 * abs(want.maxY) + 1e-14 * scale, "maxY \(got.maxY[i]) vs \(want.maxY); \(context)")
                let largest = max(got.maxF[i], -got.minF[i])
                let forceScale = scale * (k.stiffness[i] + k.damping[i] * k.omega0Squared[i].squareRoot())
                #expect(abs(largest - want.maxForce) <= 1e-12 * want.maxForce + 1e-14 * forceScale, "max |f| \(largest) vs \(want.maxForce); \(context)")
            }
        }
        #expect(decided * 10 >= blocks * 8, "the closed form decided only \(decided) of \(blocks) blocks")
        #expect(settledLanes > 300 && limitedLanes > 300, "settled \(settledLanes), limited \(limitedLanes)")
    }

    /// Outside its regime the closed form declines and leaves the block to the stepped path.
    @Test func declinesOutsideItsRegime() {
        var g = SplitMix64(seed: 7)
        let dt = 1 / 240.0
        var (k, s) = block(&g, dt: dt, maximumRatio: 0.5)
        var nearCritical = k
        nearCritical.damping[3] = 0.995 * 2 * (k.stiffness[3] * k.mass[3]).squareRoot()
        var copy = s
        #expect(!resolveClosedForm(&copy, nearCritical, frameStep: dt, maximumFrames: 240, toleranceSquared: 1e-6))
        var clamped = k
        clamped.clamp[5] = true
        #expect(!resolveClosedForm(&copy, clamped, frameStep: dt, maximumFrames: 240, toleranceSquared: 1e-6))
        // Too few frames per half period (phase step above pi/4 rad).
        #expect(!resolveClosedForm(&copy, k, frameStep: 0.5, maximumFrames: 240, toleranceSquared: 1e-6))
        #expect(copy.y == s.y && copy.active == s.active)
        s.w[0] = .infinity
        #expect(!resolveClosedForm(&s, k, frameStep: dt, maximumFrames: 240, toleranceSquared: 1e-6))
    }

    /// The energy bound that spares the limit state: below the closed form's energy (evaluated with
    /// libm) at every time, and within its documented factor of it.
    @Test func energyLowerBoundHolds() {
        var g = SplitMix64(seed: 21)
        var tightest = Double.infinity
        for _ in 0..<500 {
            var lambda = Lane(), wd = Lane(), y0 = Lane(), w0 = Lane()
            let omega0 = Double.random(in: 1...100, using: &g)
            for i in 0..<laneWidth {
                let ratio = [0, 0.05, .random(in: 0...0.99, using: &g)].randomElement(using: &g)!
                lambda[i] = ratio * omega0
                wd[i] = omega0 * (1 - ratio * ratio).squareRoot()
                y0[i] = .random(in: -1...1, using: &g)
                w0[i] = .random(in: -1...1, using: &g) * omega0
            }
            let t = Double.random(in: 0...(10 / omega0), using: &g)
            let bound = energyLowerBound(
                decayOverTime: laneExp(-2 * lambda * t), y0: y0, w0: w0, lambda: lambda, wd: wd, wdSquared: wd * wd,
                omega0Squared: Lane(repeating: omega0 * omega0))
            for i in 0..<laneWidth {
                let l = lambda[i], d = wd[i], decay = exp(-l * t)
                let y = decay * (y0[i] * cos(d * t) + (w0[i] + l * y0[i]) / d * sin(d * t))
                let w = decay * (w0[i] * cos(d * t) - (l * w0[i] + omega0 * omega0 * y0[i]) / d * sin(d * t))
                let energy = y * y + w * w / (omega0 * omega0)
                let zeta = l / omega0
                #expect(bound[i] <= energy * (1 + 1e-12), "bound \(bound[i]) above the energy \(energy)")
                #expect(bound[i] >= energy * (1 - zeta) / (1 + 1.5 * zeta) * (1 - 1e-12), "bound \(bound[i]) vs energy \(energy), zeta \(zeta)")
                if zeta == 0.05 { tightest = min(tightest, bound[i] / energy) }
            }
        }
        // Light damping (zeta = 0.05): within 10% of the energy.
        #expect(tightest >= 0.9)
    }

    /// The decay to the frame limit as the step's decay powered: within 4 n ulps of libm's pow (the
    /// bound `closedFormPoweredFrames` relies on), and exact for powers of two of exact squares.
    @Test func lanePowerIsWithinItsBound() {
        var g = SplitMix64(seed: 33)
        for _ in 0..<300 {
            let n = [0, 1, 2, 3, 480, 2001, .random(in: 0...5000, using: &g), closedFormPoweredFrames].randomElement(using: &g)!
            var x = Lane()
            for i in 0..<laneWidth { x[i] = Double.random(in: 0.5...1, using: &g) }
            x[0] = 1; x[1] = 0.5
            let got = lanePower(x, n)
            for i in 0..<laneWidth {
                let exact = pow(x[i], Double(n))
                // Normal results (an energy bound that underflows just makes the closed form look
                // at the limit state instead).
                guard exact >= 0x1p-1000 else { continue }
                #expect(abs(got[i] - exact) <= 4 * Double(n + 1) * Double.ulpOfOne * exact,
                    "\(x[i])^\(n): \(got[i]) vs \(exact)")
            }
            #expect(got[0] == 1)
            #expect(got[1] == pow(0.5, Double(n)))
        }
    }

    @Test func halfPeriodDecayIsAnUpperBound() {
        for ratio in stride(from: 0.0, through: 0.99, by: 0.01) {
            let lambda = Lane(repeating: ratio * 10), wd = Lane(repeating: (1 - ratio * ratio).squareRoot() * 10)
            let bound = halfPeriodEnergyDecayBound(lambda: lambda, inverseWd: 1 / wd)[0]
            let exact = exp(-2 * Double.pi * lambda[0] / wd[0])
            #expect(bound >= exact && bound <= exact * (1 + 2e-6), "ratio \(ratio): \(bound) vs \(exact)")
        }
    }

    /// Through the integrator: blocks of the throughput runner's kind (plain policy, series-range
    /// steps, loaded as vectors) give the scalar reference's decisions, projections, velocity
    /// jumps and completion frames bit for bit, and its maxima within 1e-12.
    @Test(arguments: [30, 240, 2000])
    func plainBlocksAgreeWithTheScalarReference(limit: Int) {
        var g = SplitMix64(seed: UInt64(limit))
        var batch = BatchReleases()
        for n in 0..<2000 {
            let spring = Spring(response: .random(in: 0.2...0.8, using: &g), dampingRatio: .random(in: 0.02...0.9, using: &g))
            var state = randomState(&g)
            if n % 97 == 0 { state.velocity = [.infinity, -.infinity, .nan].randomElement(using: &g)! }
            batch.append(.physics(ProjectedSpringModel(spring: spring, minFlingVelocity: n % 3 == 0 ? 0.5 : 0)), state)
        }
        let scalar = BatchIntegrator(maximumFrames: limit, backend: .scalar).run(batch)
        let simd = BatchIntegrator(maximumFrames: limit, backend: .simd).run(batch)
        expectAgree(simd, scalar)
        // Stepped maxima: every bit of the scalar reference.
        var stepped = BatchIntegrator(maximumFrames: limit, backend: .simd)
        stepped.maxima = .stepped
        expectBitwiseEqual(stepped.run(batch), scalar)
    }
}
