import Testing
@testable import TransitionBatch
import TransitionLab
import TransitionPhysics

/// The SIMD kernel at its edges, each against the scalar reference in every bit: lanes whose
/// energy starts within rounding of the settle tolerance, lanes that never cross their target,
/// non-finite lanes beside finite ones.
@Suite struct KernelEdgeTests {
    static func batch(_ lanes: [(Spring, ReleaseState)]) -> BatchReleases {
        var batch = BatchReleases()
        for (spring, state) in lanes { batch.append(.physics(ProjectedSpringModel(spring: spring)), state) }
        return batch
    }

    static func expectScalarBits(_ batch: BatchReleases, frameRate: Double = 240, _ label: String) {
        let scalar = BatchIntegrator(frameRate: frameRate, backend: .scalar).run(batch)
        for threads in [1, 2] {
            let simd = BatchIntegrator(frameRate: frameRate, backend: .simd, threads: threads).run(batch)
            #expect(simd.completionFrame == scalar.completionFrame, "\(label), \(threads) threads: completion frames")
            expectBitwiseEqual(simd, scalar)
        }
    }

    @Test("an undamped lane whose energy starts within rounding of the tolerance settles where the scalar reference does")
    func undampedAtTheTolerance() {
        // Progress 0.999 toward 1 at rest: x² = 1.0000000000000018e-6 against 0.001² = 1e-6; the
        // undamped energy only moves by rounding, so it dips under the tolerance at some inner frame.
        var lanes: [(Spring, ReleaseState)] = []
        for i in 0..<64 {
            let response = 0.2 + 0.01 * Double(i % 16)
            var progress = 0.999
            for _ in 0..<(i / 16) { progress = progress.nextUp }
            lanes.append((Spring(response: response, dampingRatio: 0), ReleaseState(progress: progress, velocity: 0)))
        }
        let batch = Self.batch(lanes)
        Self.expectScalarBits(batch, "undamped at 0.999")
        let scalar = BatchIntegrator(backend: .scalar).run(batch)
        #expect(scalar.completionFrame.contains { $0 > 0 }, "some lane settles at an inner frame (the case this test is for)")
    }

    @Test("non-finite lanes beside finite ones: every lane as the scalar reference has it")
    func nonFiniteLanes() {
        var lanes: [(Spring, ReleaseState)] = []
        for i in 0..<32 {
            let spring = Spring(response: 0.3 + 0.01 * Double(i), dampingRatio: i % 3 == 0 ? 1.5 : 0.4)
            let velocity: Double = i % 4 == 1 ? .infinity : (i % 4 == 2 ? -.infinity : 0.5)
            lanes.append((spring, ReleaseState(progress: 0.4, velocity: velocity)))
        }
        Self.expectScalarBits(Self.batch(lanes), "non-finite velocities")
    }

    @Test("lanes that never cross their target (damping ratio >= 1): the scalar reference's bits")
    func neverCrossing() {
        var lanes: [(Spring, ReleaseState)] = []
        for i in 0..<48 {
            let ratio = [1.0, 1.5, 4, 20][i % 4]
            lanes.append((Spring(response: 0.2 + 0.02 * Double(i % 12), dampingRatio: ratio), ReleaseState(progress: 0.1 + 0.015 * Double(i), velocity: 0.2)))
        }
        for rate in [60.0, 240] { Self.expectScalarBits(Self.batch(lanes), frameRate: rate, "damping ratio >= 1 at \(rate) Hz") }
    }
}

/// Short frame limits, where whole blocks are proven not to settle in range (`provenUnsettled`)
/// and others settle around the limit: the scalar reference's bits either way.
@Suite struct FrameLimitBoundTests {
    @Test("blocks proven unsettled within the limit, and lanes settling around it, as the scalar reference has them")
    func provenUnsettledAgrees() {
        var g = SplitMix64(seed: 2407)
        var batch = BatchReleases()
        for i in 0..<4096 {
            // Lightly damped blocks (ringing past every limit below) and blocks of every regime.
            let spring = (i / 16) % 2 == 0
                ? Spring(response: .random(in: 0.3...0.6, using: &g), dampingRatio: .random(in: 0.05...0.2, using: &g))
                : randomSpring(&g)
            batch.append(.physics(ProjectedSpringModel(spring: spring)), ReleaseState(progress: .random(in: 0.1...0.9, using: &g), velocity: .random(in: -3...3, using: &g)))
        }
        for frames in [0, 1, 60, 240, 1000] {
            let scalar = BatchIntegrator(maximumFrames: frames, backend: .scalar).run(batch)
            let simd = BatchIntegrator(maximumFrames: frames, backend: .simd, threads: 2).run(batch)
            #expect(simd.completionFrame == scalar.completionFrame, "\(frames) frames")
            expectBitwiseEqual(simd, scalar)
            if frames == 240 {
                #expect(scalar.completionFrame.contains(-1) && scalar.completionFrame.contains { $0 > 100 }, "both kinds of lane present")
            }
        }
    }
}

/// `provenUnsettled` never claims a lane that the scalar reference settles within the limit, at
/// limits right at each lane's settling frame, and proves most lightly damped lanes well before it.
@Suite struct ProvenUnsettledTests {
    @Test("never proven where the scalar reference settles by the limit; proven well before it")
    func boundIsSafeAndTight() {
        var g = SplitMix64(seed: 77)
        let dt = 1.0 / 240, tol = CompletionMetrics.defaultSettleTolerance
        var provenEarly = 0, lightlyDamped = 0
        for i in 0..<3000 {
            let spring = i % 2 == 0
                ? Spring(response: .random(in: 0.1...0.6, using: &g), dampingRatio: .random(in: 0.02...0.3, using: &g)) : randomSpring(&g)
            let y0 = Double.random(in: -1...1, using: &g), w0 = Double.random(in: -8...8, using: &g)
            let curve = CompletionCurve(shape: .spring(spring, overshoot: .allow), start: 1 - y0, startVelocity: -w0, target: 1)
            let settled = curve.metrics(releaseVelocity: 0, frameRate: 240).completionTime
            guard settled.isFinite else { continue }
            let frame = Int((settled / dt).rounded())
            let lambda = Lane(repeating: spring.damping / (2 * spring.mass)), omega0Squared = Lane(repeating: spring.stiffness / spring.mass)
            let x = Lane(repeating: curve.start - curve.target), v = Lane(repeating: curve.startVelocity)
            for limit in [frame, frame + 1, frame + 100] {
                let proven = provenUnsettled(y0: x, w0: v, lambda: lambda, omega0Squared: omega0Squared, omega0: laneSquareRoot(omega0Squared), lastTime: Double(limit) * dt, toleranceSquared: tol * tol)
                #expect(!proven[0], "\(spring) from \(curve.start) at \(curve.startVelocity)/s settles at frame \(frame), proven unsettled up to \(limit)")
            }
            if i % 2 == 0 && frame > 40 {
                lightlyDamped += 1
                let early = provenUnsettled(y0: x, w0: v, lambda: lambda, omega0Squared: omega0Squared, omega0: laneSquareRoot(omega0Squared), lastTime: Double(frame / 2) * dt, toleranceSquared: tol * tol)
                if early[0] { provenEarly += 1 }
            }
        }
        #expect(provenEarly * 10 >= lightlyDamped * 9, "proven at half their settling frame: \(provenEarly) of \(lightlyDamped)")
    }
}

/// A frame limit beyond what a completion frame (Int32) holds is refused at the integrator's
/// creation, naming the numbers, instead of wrapping (the SIMD path's frames) or trapping later
/// (the scalar path's conversion).
@Suite struct FrameLimitTests {
    static func text(_ result: ExitTest.Result?) -> String { String(decoding: result?.standardErrorContent ?? [], as: UTF8.self) }

    @Test("maximumFrames over Int32.max and a frame rate whose 60 s exceed it trap, naming them")
    func refusesFramesBeyondInt32() async {
        var message = Self.text(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = BatchIntegrator(maximumFrames: 1 << 31) })
        #expect(message.contains("maximumFrames must be in 0...2147483647"), "\(message)")
        message = Self.text(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = BatchIntegrator(frameRate: 1e8) })
        #expect(message.contains("Frame rate 100000000.0 Hz gives"), "\(message)")
        _ = BatchIntegrator(maximumFrames: Int(Int32.max))
    }
}

/// A metrics-only block stops stepping the lanes whose metrics are final: a stiff, critically
/// damped lane that settles early would otherwise step on beside lanes that never settle, into
/// subnormal numbers (each operation on them a microcode assist on x86).
@Suite struct SettledLaneTests {
    @Test("a settled lane's state is 0 while its block steps on (no subnormal state), precise and fast paths")
    func settledLanesStopStepping() {
        let dt = 1 / 240.0, tol = CompletionMetrics.defaultSettleTolerance
        let settling = Spring(response: 0.05, dampingRatio: 1), ringing = Spring(response: 0.4, dampingRatio: 0)
        let ps = settling.propagator(time: dt), pr = ringing.propagator(time: dt)
        // The frames at which the settling lane, stepped on, is subnormal: the frame limit is put
        // in the middle of that window, so that without the reset its state ends subnormal.
        var (y, w) = (-0.6, 0.0)
        var firstSubnormal = -1, lastNonzero = -1
        for frame in 0..<20_000 {
            let small = Swift.max(abs(y), abs(w))
            if small != 0 && small < Double.leastNormalMagnitude && firstSubnormal < 0 { firstSubnormal = frame }
            if small != 0 { lastNonzero = frame }
            (y, w) = (ps.positionFromPosition * y + ps.positionFromVelocity * w, ps.velocityFromPosition * y + ps.velocityFromVelocity * w)
        }
        #expect(firstSubnormal > 0 && lastNonzero > firstSubnormal + 8, "a subnormal window: \(firstSubnormal)...\(lastNonzero)")
        let limit = (firstSubnormal + lastNonzero) / 2
        var step = identityLanes
        var stiffness = Lane(), damping = Lane(), mass = Lane(), omega0Squared = Lane()
        for i in 0..<laneWidth {
            let (spring, p) = i == 0 ? (settling, ps) : (ringing, pr)
            step.p00[i] = p.positionFromPosition; step.p01[i] = p.positionFromVelocity
            step.p10[i] = p.velocityFromPosition; step.p11[i] = p.velocityFromVelocity
            stiffness[i] = spring.stiffness; damping[i] = spring.damping; mass[i] = spring.mass
            omega0Squared[i] = spring.stiffness / spring.mass
        }
        // The precise path (the Euler and RK4 schemes' `fast: false`) with plain lanes, and the
        // fast path with rubber-banded ringing lanes, which keep it stepping chunk by chunk.
        for fast in [false, true] {
            var rubberLanes = LaneMask(repeating: fast)
            rubberLanes[0] = false
            let k = BlockCoefficients(
                step: step, stiffness: stiffness, damping: damping, mass: mass, omega0Squared: omega0Squared, target: Lane(),
                side: Lane(repeating: 1), clamp: LaneMask(), rubber: rubberLanes, springLanes: LaneMask(repeating: true))
            var s = BlockState()
            s.y = Lane(repeating: -0.6)
            s.active = LaneMask(repeating: true)
            runBlock(&s, k, frameStep: dt, maximumFrames: limit, toleranceSquared: tol * tol, output: nil, fast: fast)
            #expect(s.completion[0] > 0 && s.completion[0] < Double(firstSubnormal), "fast \(fast): the lane settles early")
            #expect((1..<laneWidth).allSatisfy { s.completion[$0] == -1 }, "fast \(fast): the ringing lanes never settle")
            #expect(s.y[0] == 0 && s.w[0] == 0, "fast \(fast): the settled lane's state \(s.y[0]), \(s.w[0])")
            for i in 0..<laneWidth {
                #expect(!s.y[i].isSubnormal && !s.w[i].isSubnormal, "fast \(fast), lane \(i): \(s.y[i]), \(s.w[i])")
            }
        }
    }
}
