import Testing
import TransitionBatch
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
