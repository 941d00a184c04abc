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

    /// `settlingFrames` with a trial level (the levels a previous block needed) gives the frames
    /// of the full search, whether the trial is too low, exact or generous.
    @Test func trialLevelsChangeNoFrame() {
        var g = SplitMix64(seed: 99)
        var shortened = 0
        for _ in 0..<200 {
            var m = identityLanes, omega0Squared = Lane(), y = Lane(), w = Lane()
            let dt = 1 / 240.0
            let spring = randomSpring(&g)
            let p = spring.propagator(time: dt)
            for i in 0..<laneWidth {
                (m.p00[i], m.p01[i], m.p10[i], m.p11[i]) =
                    (p.positionFromPosition, p.positionFromVelocity, p.velocityFromPosition, p.velocityFromVelocity)
                omega0Squared[i] = spring.stiffness / spring.mass
                y[i] = .random(in: -1...1, using: &g)
                w[i] = .random(in: -8...8, using: &g)
            }
            let lastFrame = [300, 2000, 14400].randomElement(using: &g)!
            let levels = stepPowerLevels(covering: lastFrame)
            withUnsafeTemporaryAllocation(of: Lane.self, capacity: 4 * levels) { powers in
                fillStepPowers(powers.baseAddress!, levels: levels, m)
                var needed = -1
                func search(_ trial: Int) -> Lane? {
                    settlingFrames(
                        y: y, w: w, lanes: LaneMask(repeating: true), from: 0, lastFrame: lastFrame, toleranceSquared: 1e-6,
                        inverseOmega0Squared: 1 / omega0Squared, powers: powers.baseAddress!, levels: levels, trialLevels: trial,
                        neededLevels: &needed)
                }
                guard let full = search(0) else { return }
                let fullNeeded = needed
                let farthest = Int(full.max())
                // The levels it reports suffice: every lane settled by frame 2^needed.
                if full.min() >= 0 { #expect(fullNeeded > 0 && farthest <= 1 << fullNeeded) } else { #expect(fullNeeded == 0) }
                for trial in 1..<levels {
                    let got = search(trial)
                    #expect(got == full, "trial \(trial) of \(levels) levels, farthest frame \(farthest)")
                    if trial < levels - 1 && 1 << trial >= farthest && full.min() >= 0 { shortened += 1 }
                }
            }
        }
        #expect(shortened > 100, "trials that could shorten the search: \(shortened)")
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

    /// `settlingChunk` against `preciseFrame` then the step, frame by frame: blocks of every regime
    /// whose lanes come near, across and exactly onto the tolerance within a chunk, with huge and
    /// tiny velocities. Every bit of the records, the completion frames, the active lanes and the
    /// state when it commits; `s` untouched when it declines; and it must commit most blocks.
    @Test(arguments: [1e-6, 1e-4, 1e-10] as [Double])
    func settlingChunkIsPreciseFrame(tolerance: Double) {
        var g = SplitMix64(seed: UInt64(tolerance.exponent.magnitude))
        let tol2 = tolerance * tolerance
        var committed = 0, blocks = 0
        func bits(_ v: Lane) -> SIMD16<UInt64> { unsafeBitCast(v, to: SIMD16<UInt64>.self) }
        for round in 0..<400 {
            let dt = 1 / [240.0, 120, 60].randomElement(using: &g)!
            var step = identityLanes, stiffness = Lane(), damping = Lane(), mass = Lane(), omega0Squared = Lane()
            var s = BlockState()
            for i in 0..<laneWidth {
                let spring = randomSpring(&g)
                let m = spring.propagator(time: dt)
                step.p00[i] = m.positionFromPosition; step.p01[i] = m.positionFromVelocity
                step.p10[i] = m.velocityFromPosition; step.p11[i] = m.velocityFromVelocity
                stiffness[i] = spring.stiffness; damping[i] = spring.damping; mass[i] = spring.mass
                omega0Squared[i] = spring.stiffness / spring.mass
                // Amplitudes from well inside to a few times the tolerance, a few exactly on it.
                let amplitude = tolerance * .random(in: 0.3...4, using: &g)
                let c = Double.random(in: -1...1, using: &g), sine = (1 - c * c).squareRoot() * (Bool.random(using: &g) ? 1 : -1)
                s.y[i] = amplitude * c
                s.w[i] = amplitude * sine * omega0Squared[i].squareRoot()
                switch Int.random(in: 0..<20, using: &g) {
                case 0: (s.y[i], s.w[i]) = (tolerance, 0)
                case 1: s.w[i] = 1e300
                case 2: (s.y[i], s.w[i]) = (1e-300, -1e-300)
                default: break
                }
                s.maxY[i] = Bool.random(using: &g) ? -.infinity : .random(in: -1...1, using: &g) * tolerance
                s.maxF[i] = .random(in: 0...1, using: &g) * tolerance * stiffness[i]
                s.minF[i] = -.random(in: 0...1, using: &g) * tolerance * stiffness[i]
            }
            let k = BlockCoefficients(
                step: step, stiffness: stiffness, damping: damping, mass: mass, omega0Squared: omega0Squared, target: Lane(),
                side: Lane(repeating: 1), clamp: LaneMask(), rubber: LaneMask(), springLanes: LaneMask(repeating: true))
            s.active = LaneMask(repeating: true)
            s.active[round % laneWidth] = false
            let n = Int.random(in: 1..<100, using: &g), count = Int.random(in: 1...chunkFrames, using: &g)
            var want = s
            for j in 0..<count {
                preciseFrame(n + j, &want, k, toleranceSquared: tol2, output: nil)
                (want.y, want.w) = (k.p00 * want.y + k.p01 * want.w, k.p10 * want.y + k.p11 * want.w)
            }
            var got = s
            blocks += 1
            if settlingChunk(&got, k, from: n, count: count, toleranceSquared: tol2) {
                committed += 1
                #expect(got.active == want.active)
                #expect(bits(got.completion) == bits(want.completion))
                #expect(bits(got.maxY) == bits(want.maxY))
                #expect(bits(got.maxF) == bits(want.maxF))
                #expect(bits(got.minF) == bits(want.minF))
                #expect(bits(got.y) == bits(want.y) && bits(got.w) == bits(want.w))
            } else {
                #expect(bits(got.y) == bits(s.y) && bits(got.w) == bits(s.w) && got.active == s.active)
                #expect(bits(got.completion) == bits(s.completion) && bits(got.maxY) == bits(s.maxY))
                #expect(bits(got.maxF) == bits(s.maxF) && bits(got.minF) == bits(s.minF))
            }
        }
        // A lane exactly on the tolerance or with a huge velocity (one in ten) declines its block.
        #expect(committed * 10 >= blocks * 1, "settlingChunk committed only \(committed) of \(blocks) blocks")
    }

    /// A lane whose energy is the tolerance² to the last bits declines the chunk (the multiplied
    /// energy could decide it otherwise than the division).
    @Test func settlingChunkDeclinesOnTheTolerance() {
        let spring = Spring(response: 0.4, dampingRatio: 0.7)
        let m = spring.propagator(time: 1 / 240.0)
        let k = BlockCoefficients(
            step: (Lane(repeating: m.positionFromPosition), Lane(repeating: m.positionFromVelocity),
                   Lane(repeating: m.velocityFromPosition), Lane(repeating: m.velocityFromVelocity)),
            stiffness: Lane(repeating: spring.stiffness), damping: Lane(repeating: spring.damping), mass: Lane(repeating: spring.mass),
            omega0Squared: Lane(repeating: spring.stiffness / spring.mass), target: Lane(), side: Lane(repeating: 1),
            clamp: LaneMask(), rubber: LaneMask(), springLanes: LaneMask(repeating: true))
        var s = BlockState()
        s.active = LaneMask(repeating: true)
        s.y = Lane(repeating: 1e-3)
        let before = s
        #expect(!settlingChunk(&s, k, from: 5, count: 4, toleranceSquared: 1e-3 * 1e-3))
        #expect(s.y == before.y && s.completion == before.completion && s.active == before.active)
    }
}
