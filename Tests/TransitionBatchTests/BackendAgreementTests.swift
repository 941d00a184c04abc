import Testing
import TransitionBatch
import TransitionLab
import TransitionPhysics

/// Every backend reduces, lane by lane, what the scalar path computes
/// (`model.release(state)`, `curve.metrics(releaseVelocity:frameRate:settleTolerance:)`).
struct BackendAgreementTests {
    static let frameRates: [Double] = [240, 120, 60]

    func expectMatchesScalarPath(_ outcome: BatchOutcome, _ batch: BatchReleases, frameRate: Double, label: String) {
        var mismatches = 0
        for i in 0..<batch.count {
            let state = batch.state(at: i)
            let completion = batch.model(at: i).model.release(state)
            let metrics = completion.curve.metrics(releaseVelocity: state.velocity, frameRate: frameRate)
            let got = outcome.metrics(at: i)
            let ok =
                outcome.decision[i] == completion.decision
                && got.completionTime == metrics.completionTime
                && close(got.velocityJump, metrics.velocityJump)
                && close(got.overshoot, metrics.overshoot)
                && close(got.peakAcceleration, metrics.peakAcceleration)
                && close(outcome.projectedProgress[i], completion.projectedProgress ?? .nan)
            if !ok {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(label) lane \(i) \(batch.model(at: i)) \(state): got \(outcome.decision[i]) \(got), want \(completion.decision) \(metrics)")
                }
            }
            if completion.curve.fixedDuration == nil, metrics.completionTime.isFinite {
                #expect(outcome.completionFrame[i] == Int32((metrics.completionTime * frameRate).rounded()))
            }
        }
        #expect(mismatches == 0, "\(label): \(mismatches) of \(batch.count) lanes differ")
    }

    @Test(arguments: BatchBackend.allCases)
    func backendMatchesScalarPath(backend: BatchBackend) {
        for (k, frameRate) in Self.frameRates.enumerated() {
            let batch = randomBatch(count: k == 0 ? 2000 : 800, seed: 42 + UInt64(k))
            let outcome = BatchIntegrator(frameRate: frameRate, backend: backend).run(batch)
            expectMatchesScalarPath(outcome, batch, frameRate: frameRate, label: "\(backend) at \(frameRate) Hz")
        }
    }

    /// The backends agree with each other: decisions, projections, velocity jumps and completion
    /// frames bit for bit, overshoot and peak acceleration within 1e-12 relative (the BLAS
    /// backend's reductions; the SIMD backend is held to every bit below).
    @Test func backendsAgree() {
        let batch = randomBatch(count: 2000, seed: 7)
        let outcomes = BatchBackend.allCases.map { BatchIntegrator(maximumFrames: 600, backend: $0).run(batch) }
        for outcome in outcomes.dropFirst() {
            expectAgree(outcome, outcomes[0])
        }
    }

    /// Lanes sharing one spring (the BLAS backend's case), every policy.
    @Test func sharedSpringBatch() {
        var g = SplitMix64(seed: 99)
        var batch = BatchReleases()
        for policy in OvershootPolicy.allCases {
            let model = ProjectedSpringModel(spring: Spring(response: 0.4, dampingRatio: 0.6), overshoot: policy)
            for _ in 0..<400 { batch.append(.physics(model), randomState(&g)) }
        }
        let reference = BatchIntegrator(backend: .scalar).run(batch)
        expectMatchesScalarPath(reference, batch, frameRate: 240, label: "scalar, shared spring")
        for backend in [BatchBackend.simd, .blas] {
            expectAgree(BatchIntegrator(backend: backend).run(batch), reference)
        }
    }

    /// A frame limit: lanes not settled by then report infinity and frame -1, the same way in
    /// every backend.
    @Test func frameLimit() {
        let batch = randomBatch(count: 1000, seed: 5)
        let outcomes = BatchBackend.allCases.map { BatchIntegrator(maximumFrames: 30, backend: $0).run(batch) }
        #expect(outcomes[0].completionFrame.contains(-1))
        for outcome in outcomes.dropFirst() { expectAgree(outcome, outcomes[0]) }
    }

    @Test(arguments: BatchScheme.allCases)
    func schemesAgreeAcrossBackends(scheme: BatchScheme) {
        let batch = randomBatch(count: 1000, seed: 11)
        let outcomes = BatchBackend.allCases.map {
            BatchIntegrator(frameRate: 120, maximumFrames: 600, scheme: scheme, backend: $0).run(batch)
        }
        for outcome in outcomes.dropFirst() { expectAgree(outcome, outcomes[0]) }
    }

    /// Results do not depend on the thread count, to the bit.
    @Test func threadCountDeterminism() {
        let batch = randomBatch(count: 3000, seed: 3)
        for backend in BatchBackend.allCases {
            let one = BatchIntegrator(maximumFrames: 480, backend: backend, threads: 1).run(batch)
            for threads in [2, 3, 0] {
                expectBitwiseEqual(BatchIntegrator(maximumFrames: 480, backend: backend, threads: threads).run(batch), one)
            }
        }
    }

    /// Blocks of the throughput runner's kind (plain policy, series-range steps, loaded as
    /// vectors), some with infinite or NaN velocities and a fling threshold: the SIMD backend
    /// gives the scalar reference's every bit, maxima included, at short and long frame limits.
    @Test(arguments: [30, 240, 2000])
    func plainBlocksMatchTheScalarReferenceBitForBit(limit: Int) {
        var g = SplitMix64(seed: UInt64(limit))
        var batch = BatchReleases()
        for n in 0..<2000 {
            let spring = Spring(response: .random(in: 0.2...0.8, using: &g), dampingRatio: .random(in: 0.02...0.9, using: &g))
            var state = randomState(&g)
            if n % 97 == 0 { state.velocity = [.infinity, -.infinity, .nan].randomElement(using: &g)! }
            batch.append(.physics(ProjectedSpringModel(spring: spring, minFlingVelocity: n % 3 == 0 ? 0.5 : 0)), state)
        }
        let scalar = BatchIntegrator(maximumFrames: limit, backend: .scalar).run(batch)
        expectBitwiseEqual(BatchIntegrator(maximumFrames: limit, backend: .simd).run(batch), scalar)
    }

    @Test func emptyAndTinyBatches() {
        for count in [0, 1, 15, 16, 17] {
            let batch = randomBatch(count: count, seed: UInt64(count))
            for backend in BatchBackend.allCases {
                let outcome = BatchIntegrator(backend: backend).run(batch)
                #expect(outcome.count == count)
                if count > 0 { expectMatchesScalarPath(outcome, batch, frameRate: 240, label: "\(backend) n=\(count)") }
            }
        }
    }
}

/// Backends agree: the discrete results and the release-time values bit for bit, overshoot and
/// peak acceleration within 1e-12 relative plus 1e-15 absolute.
func expectAgree(_ a: BatchOutcome, _ b: BatchOutcome, sourceLocation: SourceLocation = #_sourceLocation) {
    expectOutcomes(a, b, maxima: { close($0, $1) }, "beyond 1e-12", sourceLocation: sourceLocation)
}

/// The same backend on different thread counts, or the SIMD backend against the scalar reference: every bit.
func expectBitwiseEqual(_ a: BatchOutcome, _ b: BatchOutcome, sourceLocation: SourceLocation = #_sourceLocation) {
    expectOutcomes(a, b, maxima: { $0.bitPattern == $1.bitPattern }, "in its bits", sourceLocation: sourceLocation)
}

/// Discrete results and release-time values bit for bit; overshoot and peak acceleration by `maxima`.
func expectOutcomes(
    _ a: BatchOutcome, _ b: BatchOutcome, maxima same: (Double, Double) -> Bool, _ how: String, sourceLocation: SourceLocation
) {
    #expect(a.decision == b.decision, sourceLocation: sourceLocation)
    #expect(a.completionFrame == b.completionFrame, sourceLocation: sourceLocation)
    func bits(_ x: [Double]) -> [UInt64] { x.map(\.bitPattern) }
    #expect(bits(a.projectedProgress) == bits(b.projectedProgress), sourceLocation: sourceLocation)
    #expect(bits(a.completionTime) == bits(b.completionTime), sourceLocation: sourceLocation)
    #expect(bits(a.velocityJump) == bits(b.velocityJump), sourceLocation: sourceLocation)
    for (name, x, y) in [("overshoot", a.overshoot, b.overshoot), ("peak acceleration", a.peakAcceleration, b.peakAcceleration)] {
        let far = zip(x, y).enumerated().filter { !same($0.element.0, $0.element.1) }
        #expect(far.isEmpty, "\(name) differs \(how) in \(far.count) lanes, first \(far.first.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    }
}
