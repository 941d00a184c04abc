import Testing
@testable import TransitionBatch
import TransitionLab
import TransitionPhysics

/// The SIMD backend finds the settling frame of lanes whose maxima are final by binary lifting
/// with matrix powers instead of stepping every frame (`resolveSettling`). These tests fail if
/// that search skips to a wrong frame.
struct SettleSearchTests {
    /// `resolveSettling` against stepping frame by frame, block by block, for springs of every
    /// regime and frame limits short and long: the same first settled frame (or -1), and the
    /// search must actually decide most blocks (else the test would prove nothing).
    @Test func searchMatchesSteppingFrameByFrame() {
        var g = SplitMix64(seed: 1234)
        var decided = 0, blocks = 0
        for _ in 0..<300 {
            var k = BlockCoefficients()
            var s = BlockState()
            let dt = 1 / [240.0, 120, 60].randomElement(using: &g)!
            for i in 0..<laneWidth {
                let spring = randomSpring(&g)
                let m = spring.propagator(time: dt)
                k.p00[i] = m.positionFromPosition; k.p01[i] = m.positionFromVelocity
                k.p10[i] = m.velocityFromPosition; k.p11[i] = m.velocityFromVelocity
                k.omega0Squared[i] = spring.stiffness / spring.mass
                s.y[i] = .random(in: -1...1, using: &g)
                s.w[i] = .random(in: -8...8, using: &g)
            }
            k.inverseOmega0Squared = 1 / k.omega0Squared
            s.active = LaneMask(repeating: true)
            s.active[Int.random(in: 0..<laneWidth, using: &g)] = false
            let start = Int.random(in: 0..<50, using: &g)
            let lastFrame = start + [0, 1, 7, 240, 1000, 5000].randomElement(using: &g)!
            let tol2 = 1e-6
            // Reference: the scalar path's test, frame by frame.
            var want = LaneInt(repeating: -1)
            for i in 0..<laneWidth where s.active[i] {
                var y = s.y[i], w = s.w[i]
                for frame in start...lastFrame {
                    if y * y + w * w / k.omega0Squared[i] <= tol2 { want[i] = Int64(frame); break }
                    (y, w) = (k.p00[i] * y + k.p01[i] * w, k.p10[i] * y + k.p11[i] * w)
                }
            }
            var got = s
            blocks += 1
            if resolveSettling(&got, k, from: start, lastFrame: lastFrame, toleranceSquared: tol2) {
                decided += 1
                #expect(!anyLane(got.active))
                for i in 0..<laneWidth where s.active[i] {
                    #expect(got.completion[i] == Double(want[i]), "lane \(i): search \(got.completion[i]), stepping \(want[i]), frames \(start)...\(lastFrame)")
                }
                for i in 0..<laneWidth where !s.active[i] { #expect(got.completion[i] == -1) }
            } else {
                // Declined: the state must be untouched (the caller steps frame by frame).
                #expect(got.y == s.y && got.w == s.w && got.active == s.active && got.completion == s.completion)
            }
        }
        #expect(decided * 10 >= blocks * 9, "the search decided only \(decided) of \(blocks) blocks")
    }

    /// Through the integrator: frame limits around the settling frames of lightly damped lanes,
    /// SIMD against the scalar reference.
    @Test(arguments: [12, 200, 241, 900, 3000])
    func frameLimitsAgreeWithScalar(limit: Int) {
        var g = SplitMix64(seed: UInt64(limit))
        var batch = BatchReleases()
        for _ in 0..<400 {
            let spring = Spring(response: .random(in: 0.1...1, using: &g), dampingRatio: .random(in: 0.01...1.5, using: &g))
            batch.append(.physics(ProjectedSpringModel(spring: spring)), randomState(&g))
        }
        let scalar = BatchIntegrator(maximumFrames: limit, backend: .scalar).run(batch)
        let simd = BatchIntegrator(maximumFrames: limit, backend: .simd).run(batch)
        #expect(simd.completionFrame == scalar.completionFrame)
        expectAgree(simd, scalar)
    }
}
