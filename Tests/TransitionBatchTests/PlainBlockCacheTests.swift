import Testing
@testable import TransitionBatch
import TransitionLab
import TransitionPhysics

/// A worker reuses the last plain block's series and its powers for the next block with the same
/// springs (`PlainBlockCache`). These tests fail if the cache answers for other springs, or if its
/// answers differ in any bit from computing afresh.
struct PlainBlockCacheTests {
    /// The cache's series and powers against `seriesPropagators` and `fillStepPowers` afresh, over a
    /// sequence that repeats, changes one lane, changes the sign of a zero, and grows and shrinks
    /// the levels asked for.
    @Test func answersAreTheFreshComputationsBits() {
        var g = SplitMix64(seed: 77)
        let dt = 1 / 240.0
        func springs() -> (Lane, Lane) {
            var lambda = Lane(), omega0Squared = Lane()
            for i in 0..<laneWidth {
                lambda[i] = .random(in: 0...40, using: &g)
                omega0Squared[i] = .random(in: 1...4000, using: &g)
            }
            return (lambda, omega0Squared)
        }
        let a = springs(), b = springs()
        var oneLane = a
        oneLane.0[5] = b.0[5]
        var zeroLambda = a
        zeroLambda.0[3] = 0
        var negativeZero = zeroLambda
        negativeZero.0[3] = -0.0
        var cache = PlainBlockCache()
        defer { cache.deallocate() }
        func bits(_ m: StepMatrix) -> [UInt64] {
            (0..<laneWidth).flatMap { [m.p00[$0], m.p01[$0], m.p10[$0], m.p11[$0]].map(\.bitPattern) }
        }
        for (inputs, levels) in [(a, 3), (a, 14), (b, 5), (a, 2), (oneLane, 14), (oneLane, 20), (a, 1), (zeroLambda, 6), (negativeZero, 6)] {
            let fresh = seriesPropagators(time: dt, lambda: inputs.0, omega0Squared: inputs.1)
            #expect(bits(cache.series(time: dt, lambda: inputs.0, omega0Squared: inputs.1)) == bits(fresh))
            let cached = cache.stepPowers(levels: levels)
            withUnsafeTemporaryAllocation(of: Lane.self, capacity: 4 * levels) { buffer in
                fillStepPowers(buffer.baseAddress!, levels: levels, fresh)
                for j in 0..<(4 * levels) {
                    #expect(
                        unsafeBitCast(cached[j], to: SIMD16<UInt64>.self) == unsafeBitCast(buffer[j], to: SIMD16<UInt64>.self),
                        "power \(j / 4) entry \(j % 4), \(levels) levels")
                }
            }
        }
    }

    /// Through the integrator on one thread: runs of blocks sharing springs, a
    /// block differing from its predecessor in one lane, springs returning after others, against
    /// the scalar reference, every bit.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func blocksSharingSpringsAgreeWithScalar(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let springs = (0..<3).map { _ in randomSpring(&g) }
        // Block by block: which spring each lane takes.
        let plan: [[Int]] = [
            Array(repeating: 0, count: laneWidth), Array(repeating: 0, count: laneWidth), Array(repeating: 1, count: laneWidth),
            Array(repeating: 0, count: laneWidth), (0..<laneWidth).map { $0 == 9 ? 2 : 0 }, Array(repeating: 0, count: laneWidth),
            (0..<laneWidth).map { $0 % 3 }, (0..<laneWidth).map { $0 % 3 }, Array(repeating: 2, count: laneWidth),
        ]
        var batch = BatchReleases()
        for block in plan {
            for s in block { batch.append(.physics(ProjectedSpringModel(spring: springs[s])), randomState(&g)) }
        }
        let simd = BatchIntegrator(threads: 1)
        let scalar = BatchIntegrator(backend: .scalar, threads: 1)
        expectBitwiseEqual(simd.run(batch), scalar.run(batch))
    }
}
