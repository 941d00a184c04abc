import Testing
import TransitionLab
import TransitionPhysics
@testable import TransitionBatch

/// The visual completion's lane-parallel twin (SIMDVisualCompletion.swift) against the one rule,
/// `CompletionCurve.restTime(tolerance:)`, lane by lane and bit for bit, across the regimes where
/// its vector closed form and error bound could part from the scalar rule.
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

    static func expectSameBits(_ batch: BatchReleases, tolerance: Double, _ note: String) -> (lanes: Int, scalarAnswers: Int) {
        var vector = [Double](repeating: .nan, count: batch.count)
        let scalarAnswers = vector.withUnsafeMutableBufferPointer {
            batch.visualCompletionTimesOnLanes(tolerance: tolerance, into: $0).scalarAnswers
        }
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
        return (batch.count, scalarAnswers)
    }

    @Test("every regime x policy x tolerance", arguments: OvershootPolicy.allCases)
    func regimes(policy: OvershootPolicy) {
        var lanes = 0, scalarAnswers = 0
        for threshold in [0.5, 0.2] {
            let batch = Self.releases(policy: policy, detentThreshold: threshold)
            for tolerance in Self.tolerances {
                let counts = Self.expectSameBits(batch, tolerance: tolerance, "\(policy) threshold \(threshold) tolerance \(tolerance)")
                // 1e-10 of the travel is below the rounding of progress near 1 by only ~1e6:
                // there the scalar rule answers often, and the bits must still agree.
                if tolerance >= 1e-6 {
                    lanes += counts.lanes
                    scalarAnswers += counts.scalarAnswers
                }
            }
        }
        // The vector answers nearly every question (each lane asks some 20 to 60): the scalar
        // rule is asked only where rounding could decide, or beyond the vector sine's range.
        if policy != .rubberBand { #expect(Double(scalarAnswers) < 0.001 * Double(lanes), "\(scalarAnswers) scalar answers for \(lanes) lanes") }
    }

    @Test("random models, timed and spring, mixed in one batch", arguments: [UInt64(7), 8, 9])
    func mixedBatches(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        var batch = BatchReleases()
        for _ in 0..<3000 { batch.append(randomModel(&g), randomState(&g)) }
        for tolerance in [1 / 1170.0, 1e-7] { _ = Self.expectSameBits(batch, tolerance: tolerance, "seed \(seed)") }
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
            _ = Self.expectSameBits(batch, tolerance: 1 / 1170, "\(n) lanes")
        }
    }

    @Test("lightly damped springs, whose grids pass the twin's scan, are the rule's, bit for bit")
    func lightlyDampedLanes() {
        var batch = BatchReleases()
        for ratio in [0.001, 0.002, 0.005, 0.008, 0.01, 0.02] {
            let model = ProjectedSpringModel(spring: Spring(response: 0.3, dampingRatio: ratio))
            for p in [0.2, 0.6] {
                for v in [-3.0, 0, 2.5] { batch.append(.physics(model), ReleaseState(progress: p, velocity: v)) }
            }
        }
        var vector = [Double](repeating: .nan, count: batch.count)
        let work = vector.withUnsafeMutableBufferPointer { batch.visualCompletionTimesOnLanes(tolerance: 1 / 1170, into: $0) }
        #expect(work.ruleLanes > 0 && work.ruleLanes < batch.count)
        for i in 0..<batch.count {
            #expect(vector[i].bitPattern == batch.completionCurve(at: i).restTime(tolerance: 1 / 1170).bitPattern, "lane \(i)")
        }
    }

    @Test("a block's slots are its lanes' curves, and its grid steps the rule's, lane by lane")
    func gridSteps() {
        let curves = Self.springs.flatMap { spring in
            [OvershootPolicy.allow, .clamp].map { policy in
                CompletionCurve(shape: .spring(spring, overshoot: policy), start: 0.3, startVelocity: -2, target: 1)
            }
        }
        var checked = 0
        for first in stride(from: 0, to: curves.count, by: laneWidth) {
            var block = VisualCompletionBlock()
            let slots = curves[first..<min(first + laneWidth, curves.count)]
            for (j, curve) in slots.enumerated() { block.add(curve, tolerance: 1 / 1170, lane: first + j) }
            block.prepare()
            for (j, curve) in slots.enumerated() { #expect(block.curve(j) == curve) }
            // Bounds across the range, and at whole numbers of 1/32 damped periods around the
            // rule's fewest and most steps, where rounding up decides.
            var bounds: [Lane] = [1e-9, 1e-3, 0.1, 1, 7.5, 60, 1e4, 1e9].map { Lane(repeating: $0) }
            let period = 2 * Double.pi / (block.omega0Squared - block.lambda * block.lambda).squareRoot()
            for n in [63.0, 64, 65, 4095, 4096, 4097, 8191, 8192, 8193, 1e6] {
                bounds.append(period * n / 32)
                bounds.append(period * n.nextDown / 32)
                bounds.append(period * n.nextUp / 32)
            }
            for bound in bounds {
                let steps = block.visualGridSteps(bound: bound)
                for (j, curve) in slots.enumerated() where bound[j] > 0 && bound[j].isFinite {
                    // Up to the twin's scan limit the rule's count; beyond it more than the limit
                    // (the rule answers those lanes itself).
                    let rule = curve.visualGridSteps(bound: bound[j])
                    if rule <= VisualCompletionBlock.mostScanSteps {
                        #expect(steps[j] == Double(rule), "\(curve) bound \(bound[j])")
                    } else {
                        #expect(steps[j] > Double(VisualCompletionBlock.mostScanSteps), "\(curve) bound \(bound[j])")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test("a block's spring constants, kept, spread from its last slot or derived anew, are its springs' own")
    func springConstantsAcrossBlocks() {
        // Runs of one spring that begin and end inside blocks, as a batch orders its lanes.
        let runs: [(Spring, Int)] = [(Self.springs[0], 40), (Self.springs[7], 9), (Self.springs[20], 16), (Self.springs[33], 37),
                                     (Self.springs[15], 3), (Self.springs[46], 50)]
        var lanes: [Spring] = []
        for (spring, n) in runs { lanes += Array(repeating: spring, count: n) }
        var block = VisualCompletionBlock()
        for first in stride(from: 0, to: lanes.count, by: laneWidth) {
            let slots = lanes[first..<min(first + laneWidth, lanes.count)]
            for (j, spring) in slots.enumerated() {
                block.add(
                    CompletionCurve(shape: .spring(spring, overshoot: .allow), start: 0.2, startVelocity: 1, target: 1),
                    tolerance: 1 / 1170, lane: first + j)
            }
            block.prepare()
            let fresh = VisualCompletionSprings(mass: block.mass, stiffness: block.stiffness, damping: block.damping)
            let kept = block.springs
            for (a, b) in [(kept.lambda, fresh.lambda), (kept.omega0Squared, fresh.omega0Squared), (kept.massPerStiffness, fresh.massPerStiffness),
                           (kept.rootMassPerStiffness, fresh.rootMassPerStiffness), (kept.wd, fresh.wd), (kept.inverseWd, fresh.inverseWd),
                           (kept.mu, fresh.mu), (kept.r1, fresh.r1), (kept.r2, fresh.r2), (kept.inverseTwoMu, fresh.inverseTwoMu),
                           (kept.anchor.c, fresh.anchor.c), (kept.anchor.s, fresh.anchor.s)] {
                for j in 0..<slots.count { #expect(a[j].bitPattern == b[j].bitPattern, "block at \(first), slot \(j)") }
            }
            for j in 0..<slots.count {
                #expect(kept.underdamped[j] == fresh.underdamped[j])
                #expect(kept.hasDampedPeriod[j] == fresh.hasDampedPeriod[j])
                if fresh.hasDampedPeriod[j] { #expect(kept.dampedPeriod[j].bitPattern == fresh.dampedPeriod[j].bitPattern) }
            }
            // The anchor is the phasor at 1 / lambda wherever the phasor carries the lane there.
            let motion = PhasorMotion(block)
            let t = 1 / block.lambda
            var counts = VisualCompletionWork()
            let carried = motion.carries(t) .& block.live
            let z = motion.phasor(at: t, where: carried, springs: block.springs, counts: &counts)
            for j in 0..<slots.count where carried[j] {
                #expect(kept.anchor.c[j] == z.c[j] && kept.anchor.s[j] == z.s[j], "block at \(first), slot \(j)")
            }
            block.filled = 0
        }
    }
}

extension VisualCompletionTwinTests {
    /// Once decayed, the rule's 1 + a (a near -1) rounds to ulps of 1, not of what is left: the
    /// closed form's energy margin must count |x0| (this lane's answer differed by 2.4e-5 s).
    @Test("the closed form's energy margin covers 1 + a's rounding once the motion has decayed")
    func decayedEnergyMargin() {
        var batch = BatchReleases()
        for ratio in [1.04, 1.5, 0.9] {
            let model = ProjectedSpringModel(spring: Spring(response: 0.6, dampingRatio: ratio), threshold: 0.5)
            for v in [200.0, -200, 50, 1e3] { batch.append(.physics(model), ReleaseState(progress: 0.8, velocity: v)) }
        }
        _ = Self.expectSameBits(batch, tolerance: 1e-10, "decayed, tolerance 1e-10")
    }
}

/// Critically damped lanes (mu == 0: `Spring(response:dampingRatio: 1)` is one exactly, and so
/// is any spring with (c / 2m)² == k / m in floating point), which the phasor carries as
/// e^(-lambda t) (1, lambda t) (`PhasorMotion`).
extension VisualCompletionTwinTests {
    static let criticalSprings: [Spring] = [
        Spring(response: 0.05, dampingRatio: 1), Spring(response: 0.35, dampingRatio: 1), Spring(response: 0.6, dampingRatio: 1),
        Spring(response: 4, dampingRatio: 1), Spring(mass: 2, stiffness: 200, damping: 40, allowOverDamping: true),
        Spring(mass: 0.01, stiffness: 1e4, damping: 2, allowOverDamping: true),
    ]

    /// Releases of `model` over x0's and v0's signs and sizes, and on the polynomial's zero
    /// (v0 = -lambda x0: x(t) = x0 e^(-lambda t), no t term).
    static func criticalReleases(_ model: ProjectedSpringModel, into batch: inout BatchReleases) {
        let lambda = model.spring.damping / (2 * model.spring.mass)
        for p: Double in [0, 1, 0.5, 0.2, 0.8, -0.4, 1.7, 0.4999999, 1 - 1e-13, 1e-300, -30, 25] {
            for v: Double in [0, 1e-12, -1e-9, 0.3, -0.7, 2.5, -4, 12, -25, 200, -3000, 5e4] {
                batch.append(.physics(model), ReleaseState(progress: p, velocity: v))
            }
            // The polynomial's zero: v0 = -lambda (p - target), with the target this velocity leads to.
            for target in [0.0, 1.0] {
                let v = -lambda * (p - target)
                if model.release(ReleaseState(progress: p, velocity: v)).curve.target == target {
                    batch.append(.physics(model), ReleaseState(progress: p, velocity: v))
                    batch.append(.physics(model), ReleaseState(progress: p, velocity: v.nextUp))
                }
            }
        }
    }

    @Test("critically damped lanes: x0 and v0 of every sign and size, the polynomial's zero, tolerances 1e-10 to 3, alone and mixed")
    func criticalLanes() {
        var lanes = 0, scalarAnswers = 0
        for policy in [OvershootPolicy.allow, .clamp] {
            for spring in Self.criticalSprings {
                let model = ProjectedSpringModel(spring: spring, threshold: 0.5, overshoot: policy)
                var alone = BatchReleases()
                Self.criticalReleases(model, into: &alone)
                // Mixed: each critical lane beside an underdamped and an overdamped one of the same response.
                let response = spring.response
                let under = ProjectedSpringModel(spring: Spring(response: response, dampingRatio: 0.5), threshold: 0.5, overshoot: policy)
                let over = ProjectedSpringModel(spring: Spring(response: response, dampingRatio: 1.04), threshold: 0.5, overshoot: policy)
                var mixed = BatchReleases()
                for i in 0..<alone.count {
                    let state = ReleaseState(progress: alone.progress[i], velocity: alone.velocity[i])
                    mixed.append(.physics(model), state)
                    mixed.append(.physics(i % 2 == 0 ? under : over), state)
                    if i % 3 == 0 { mixed.append(.physics(i % 2 == 0 ? over : under), state) }
                }
                for tolerance: Double in [1 / 1170, 1 / 390, 0.05, 1e-6, 1e-10, 3] {
                    let counts = Self.expectSameBits(alone, tolerance: tolerance, "\(policy) \(spring) tolerance \(tolerance), alone")
                    _ = Self.expectSameBits(mixed, tolerance: tolerance, "\(policy) \(spring) tolerance \(tolerance), mixed")
                    if tolerance >= 1e-6 {
                        lanes += counts.lanes
                        scalarAnswers += counts.scalarAnswers
                    }
                }
            }
        }
        #expect(lanes > 10_000)
        // One scalar answer in 700 lanes (some 30,000 questions): the starts 25 travels away or at
        // 5e4 per second, at 1e-6, where the absolute margin nears the tolerance.
        #expect(Double(scalarAnswers) < 0.002 * Double(lanes), "\(scalarAnswers) scalar answers for \(lanes) lanes")
    }
}
