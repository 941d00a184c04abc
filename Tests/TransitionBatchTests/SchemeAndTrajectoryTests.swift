import Foundation
import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

struct SchemeTests {
    static let springs: [(name: String, spring: Spring)] = [
        ("response 0.3 ratio 1", Spring(response: 0.3, dampingRatio: 1)),
        ("response 0.5 ratio 0.3", Spring(response: 0.5, dampingRatio: 0.3)),
        ("response 0.2 ratio 0.7", Spring(response: 0.2, dampingRatio: 0.7)),
        ("k 1000 ratio 3", Spring(mass: 1, stiffness: 1000, damping: 6 * 1000.0.squareRoot(), allowOverDamping: true)),
    ]

    /// The exact scheme through the batch's trajectory output agrees with the closed form
    /// (`CompletionCurve.state(at:)`) to 1e-12 of the motion's amplitude, at several frame steps.
    @Test(arguments: [240.0, 120, 60, 30, 10])
    func exactSchemeMatchesClosedForm(frameRate: Double) {
        var batch = BatchReleases()
        var g = SplitMix64(seed: 17)
        for (_, spring) in Self.springs + [("default", ProjectedSpringModel.defaultSpring)] {
            for _ in 0..<8 {
                let state = ReleaseState(progress: .random(in: 0...1, using: &g), velocity: .random(in: -6...6, using: &g))
                batch.append(.physics(ProjectedSpringModel(spring: spring)), state)
            }
        }
        let frames = Int(frameRate * 3)
        let layout = TrajectoryLayout(lanes: batch.count, frames: frames)
        var progress = [Double](repeating: .nan, count: layout.count)
        var velocity = [Double](repeating: .nan, count: layout.count)
        _ = progress.withUnsafeMutableBufferPointer { p in
            velocity.withUnsafeMutableBufferPointer { v in
                BatchIntegrator(frameRate: frameRate).run(batch, trajectory: layout, progress: p, velocity: v)
            }
        }
        var worst = 0.0
        for lane in 0..<batch.count {
            let state = batch.state(at: lane)
            let curve = batch.model(at: lane).model.release(state).curve
            let spring = batch.spring(at: lane)
            let amplitude = abs(curve.start - curve.target) + abs(state.velocity) / spring.naturalAngularFrequency
            for n in 0..<frames {
                let exact = curve.state(at: Double(n) / frameRate)
                let i = layout.index(lane: lane, frame: n)
                worst = max(worst, abs(progress[i] - exact.progress) / amplitude)
                worst = max(worst, abs(velocity[i] - exact.velocity) / (amplitude * spring.naturalAngularFrequency))
            }
        }
        #expect(worst <= 1e-12, "worst relative error \(worst) at \(frameRate) Hz")
    }

    /// The documented accuracy of each scheme (BatchScheme's doc comment), measured.
    @Test func schemeErrorsAreTheDocumentedOnes() {
        var table: [String] = []
        for (name, spring) in Self.springs {
            for frameRate in [120.0, 60] {
                let exact = BatchScheme.exact.maximumError(spring: spring, frameRate: frameRate)
                let euler = BatchScheme.semiImplicitEuler.maximumError(spring: spring, frameRate: frameRate)
                let rk4 = BatchScheme.rungeKutta4.maximumError(spring: spring, frameRate: frameRate)
                table.append("\(name) @\(Int(frameRate)) Hz: exact \(exact), euler \(euler), rk4 \(rk4)")
                #expect(exact <= 1e-14)
                let stiff = name.hasPrefix("k 1000")
                if stiff && frameRate == 60 {
                    #expect(euler > 1e10 && rk4 > 1e10, "the stiff overdamped spring diverges at 60 Hz")
                } else {
                    #expect(euler >= 1e-3 && euler <= 0.2)
                    #expect(rk4 >= 1e-7 && rk4 <= 5e-3)
                    #expect(rk4 < euler && exact < rk4)
                }
            }
        }
        // The table is for a reader who asks: PRINT_SCHEME_TABLE=1 swift test --filter SchemeAndTrajectory.
        if ProcessInfo.processInfo.environment["PRINT_SCHEME_TABLE"] == "1" { print(table.joined(separator: "\n")) }
    }
}

struct TrajectoryTests {
    /// The trajectory layout, every lane and frame: spring lanes equal the scalar reference's
    /// frames, timed lanes equal `CompletionCurve.state(at:)`; SIMD, scalar, sink and
    /// non-temporal outputs agree bit for bit.
    @Test func layoutAndAgreement() {
        let batch = randomBatch(count: 333, seed: 21)
        let frames = 100
        let layout = TrajectoryLayout(lanes: batch.count, frames: frames)
        #expect(layout.blocks == 21)
        #expect(layout.count == 21 * 16 * frames)
        #expect(layout.index(lane: 17, frame: 3) == (1 * frames + 3) * 16 + 1)
        #expect(layout.range(ofBlock: 2) == 2 * frames * 16..<3 * frames * 16)

        func run(_ backend: BatchBackend, nonTemporal: Bool = false) -> ([Double], [Double], BatchOutcome) {
            var p = [Double](repeating: .nan, count: layout.count)
            var v = [Double](repeating: .nan, count: layout.count)
            let outcome = p.withUnsafeMutableBufferPointer { pp in
                v.withUnsafeMutableBufferPointer { vv in
                    BatchIntegrator(maximumFrames: 1200, backend: backend).run(
                        batch, trajectory: layout, progress: pp, velocity: vv, nonTemporal: nonTemporal)
                }
            }
            return (p, v, outcome)
        }
        let simd = run(.simd)
        let scalar = run(.scalar)
        let streamed = run(.simd, nonTemporal: true)
        // This layout (21 blocks x 100 frames, 0.5 MB) is below the streaming threshold, so the
        // default stores ordinarily; 16 MiB of trajectory and more streams.
        #expect(!BatchIntegrator.streamsTrajectory(of: layout))
        #expect(BatchIntegrator.streamsTrajectory(of: TrajectoryLayout(lanes: 16 * 700, frames: 100)))
        #expect(!BatchIntegrator.streamsTrajectory(of: TrajectoryLayout(lanes: 16 * 655, frames: 100)))
        let metricsOnly = BatchIntegrator(maximumFrames: 1200).run(batch)
        expectAgree(simd.2, metricsOnly)
        expectAgree(scalar.2, metricsOnly)
        expectAgree(streamed.2, metricsOnly)
        for lane in 0..<batch.count {
            for n in 0..<frames {
                let i = layout.index(lane: lane, frame: n)
                #expect(simd.0[i].bitPattern == scalar.0[i].bitPattern && simd.1[i].bitPattern == scalar.1[i].bitPattern)
                #expect(simd.0[i].bitPattern == streamed.0[i].bitPattern && simd.1[i].bitPattern == streamed.1[i].bitPattern)
            }
        }
        // Timed lanes: the curve itself. Spring lanes with the allow policy: the closed form.
        for lane in 0..<batch.count {
            let state = batch.state(at: lane)
            let curve = batch.model(at: lane).model.release(state).curve
            for n in stride(from: 0, to: frames, by: 7) {
                let i = layout.index(lane: lane, frame: n)
                let exact = curve.state(at: Double(n) * (1 / 240.0))
                switch curve.shape {
                case .timingCurve, .uiKitSpringCurve, .minimumJerk:
                    #expect(simd.0[i] == exact.progress && simd.1[i] == exact.velocity)
                case .spring(let spring, let policy):
                    if policy == .allow {
                        let scale = abs(curve.start - curve.target) + abs(state.velocity) / spring.naturalAngularFrequency
                        #expect(abs(simd.0[i] - exact.progress) <= 1e-12 * scale)
                    }
                    if policy == .clamp && n > 0 {
                        // Held at the target from the frame it arrives.
                        let side = curve.pastSide
                        #expect((simd.0[i] - curve.target) * side <= 0)
                    }
                case .decay:
                    Issue.record("the built-in models never coast (a detent policy's shape)")
                }
            }
        }
        // The sink: the same blocks, handed over one by one.
        let collected = SinkCollector(count: layout.count)
        let sunk = BatchIntegrator(maximumFrames: 1200).run(batch, trajectoryFrames: frames) { block in
            collected.store(block, range: layout.range(ofBlock: block.block))
        }
        expectAgree(sunk, metricsOnly)
        #expect(collected.progress.map(\.bitPattern) == simd.0.map(\.bitPattern))
        #expect(collected.velocity.map(\.bitPattern) == simd.1.map(\.bitPattern))
    }
}

/// Collects sink blocks (each block range written by exactly one call).
final class SinkCollector: @unchecked Sendable {
    var progress: [Double]
    var velocity: [Double]
    init(count: Int) {
        progress = Array(repeating: .nan, count: count)
        velocity = Array(repeating: .nan, count: count)
    }
    func store(_ block: TrajectoryBlock, range: Range<Int>) {
        progress.withUnsafeMutableBufferPointer { p in
            for (j, i) in range.enumerated() { p[i] = block.progress[j] }
        }
        velocity.withUnsafeMutableBufferPointer { v in
            for (j, i) in range.enumerated() { v[i] = block.velocity[j] }
        }
    }
}
