import Testing
import TransitionLab
import TransitionPhysics
@testable import TransitionBatch

/// The visual completion on 16 lanes (SIMDVisualCompletion.swift: `SpringVisualRest` on
/// `SIMD16<Double>`) against the one rule, `CompletionCurve.restTime(tolerance:)`, lane by lane
/// and bit for bit, across the regimes (each lane's steps end where its own do, whatever
/// its neighbours take), policies, tolerances and lanes the rule answers itself.
@Suite("Visual completion: the vector twin is the rule, lane by lane")
struct VisualCompletionTwinTests {
    /// Springs from every regime, with damping ratios on both sides of 1 by a hair.
    static let springs: [Spring] = {
        var springs: [Spring] = []
        for response in [0.05, 0.3, 1.0, 4.0] {
            for ratio in [0.02, 0.15, 0.5, 0.9, 0.999999, 1, 1.000001, 1.01, 1.5, 3, 12] {
                springs.append(Spring(response: response, dampingRatio: ratio))
            }
        }
        springs.append(Spring(mass: 1, stiffness: 1000, damping: 3 * 2 * 1000.0.squareRoot(), allowOverDamping: true))
        springs.append(Spring(mass: 3.5, stiffness: 40, damping: 0.4, allowOverDamping: true))
        springs.append(Spring(mass: 0.01, stiffness: 1e6, damping: 150, allowOverDamping: true))
        return springs
    }()

    static let progresses: [Double] = [0, 1, 0.5, 0.2, 0.8, -0.1, 1.1, 0.4999999, 1 - 1e-13, 1e-300]
    static let velocities: [Double] = [0, 1e-12, -1e-9, 0.3, -0.7, 2.5, -4, 12, -25, 200]
    static let tolerances: [Double] = [1 / 1170, 1 / 390.0, 0.05, 1e-6, 1e-10]

    /// The physics lanes of every spring x overshoot policy x release, three detent layouts.
    static func releases(policy: OvershootPolicy, detentThreshold threshold: Double) -> BatchReleases {
        var batch = BatchReleases()
        for spring in springs {
            let model = ProjectedSpringModel(spring: spring, threshold: threshold, overshoot: policy)
            for p in progresses {
                for v in velocities { batch.append(.physics(model), ReleaseState(progress: p, velocity: v)) }
            }
        }
        return batch
    }

    static func expectSameBits(_ batch: BatchReleases, tolerance: Double, _ note: String) {
        var vector = [Double](repeating: .nan, count: batch.count)
        vector.withUnsafeMutableBufferPointer { batch.visualCompletionTimesOnLanes(tolerance: tolerance, into: $0) }
        var mismatches = 0
        for i in 0..<batch.count {
            let curve = batch.completionCurve(at: i)
            let rule = curve.restTime(tolerance: tolerance)
            if vector[i].bitPattern != rule.bitPattern {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(note) lane \(i): twin \(vector[i]), rule \(rule), curve \(curve)")
                }
            }
        }
        #expect(mismatches == 0, "\(note): \(mismatches) of \(batch.count) lanes differ")
    }

    @Test("every regime x policy x tolerance", arguments: OvershootPolicy.allCases)
    func regimes(policy: OvershootPolicy) {
        for threshold in [0.5, 0.2] {
            let batch = Self.releases(policy: policy, detentThreshold: threshold)
            for tolerance in Self.tolerances {
                Self.expectSameBits(batch, tolerance: tolerance, "\(policy) threshold \(threshold) tolerance \(tolerance)")
            }
        }
    }

    @Test("random models, timed and spring, mixed in one batch", arguments: [UInt64(7), 8, 9])
    func mixedBatches(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        var batch = BatchReleases()
        for _ in 0..<3000 { batch.append(randomModel(&g), randomState(&g)) }
        for tolerance in [1 / 1170.0, 1e-7] { Self.expectSameBits(batch, tolerance: tolerance, "seed \(seed)") }
    }

    @Test("the public entry point and a lane's curve are the model's release")
    func entryPointIsTheRule() {
        var g = SplitMix64(seed: 11)
        var batch = BatchReleases()
        for _ in 0..<500 { batch.append(randomModel(&g), randomState(&g)) }
        let times = batch.visualCompletionTimes(tolerance: 1 / 1170)
        for i in 0..<batch.count {
            let curve = batch.model(at: i).model.release(batch.state(at: i)).curve
            #expect(batch.completionCurve(at: i) == curve)
            #expect(times[i].bitPattern == curve.restTime(tolerance: 1 / 1170).bitPattern)
        }
    }

    @Test("a partial block and an empty batch")
    func partialBlocks() {
        for n in [0, 1, 15, 17] {
            var batch = BatchReleases()
            for k in 0..<n {
                batch.append(.physics(ProjectedSpringModel()), ReleaseState(progress: Double(k) / 20, velocity: Double(k) - 8))
            }
            Self.expectSameBits(batch, tolerance: 1 / 1170, "\(n) lanes")
        }
    }

    @Test("lightly damped springs, the lightest answered by the rule itself, are the rule's, bit for bit")
    func lightlyDampedLanes() {
        var batch = BatchReleases()
        for ratio in [1e-7, 5e-7, 2e-6, 0.001, 0.002, 0.005, 0.01, 0.02] {
            let model = ProjectedSpringModel(spring: Spring(response: 0.3, dampingRatio: ratio))
            for p in [0.2, 0.6] {
                for v in [-3.0, 0, 2.5] { batch.append(.physics(model), ReleaseState(progress: p, velocity: v)) }
            }
        }
        Self.expectSameBits(batch, tolerance: 1 / 1170, "lightly damped")
    }
}
