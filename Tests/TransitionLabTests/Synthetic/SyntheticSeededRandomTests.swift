import RealModule
import Testing
@testable import TransitionLab
import TransitionPhysics

@Suite("Synthetic: seeded random numbers")
struct SyntheticSeededRandomTests {
    @Test("SplitMix64 matches Vigna's reference splitmix64.c for seed 0")
    func splitMixReference() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    // Pinned from a transcription of the reference xoshiro256starstar.c seeded by splitmix64.c
    // (python3, arbitrary-precision integers masked to 64 bits): if these change, every corpus
    // changes.
    @Test("xoshiro256** seeded through SplitMix64 gives the pinned outputs, and uniform() their top 53 bits")
    func xoshiroPinned() {
        var generator = Xoshiro256StarStar(seed: 42)
        #expect(generator.next() == 0x1578_0B2E_0C2E_C716)
        #expect(generator.next() == 0x6104_D986_6D11_3A7E)
        #expect(generator.next() == 0xAE17_5332_39E4_99A1)
        var uniforms = Xoshiro256StarStar(seed: 42)
        #expect(uniforms.uniform() == 0.08386297105988216)
        #expect(uniforms.uniform() == 0.3789802506626686)
    }

    @Test("Streams for neighbouring seeds, streams and indices start differently")
    func streamsDiffer() {
        var firsts = Set<UInt64>()
        for seed: UInt64 in 0..<4 {
            for stream: UInt64 in 0..<4 {
                for index: UInt64 in 0..<64 {
                    var generator = Xoshiro256StarStar(seed: seed, stream: stream, index: index)
                    firsts.insert(generator.next())
                }
            }
        }
        #expect(firsts.count == 4 * 4 * 64)
    }

    @Test("uniform() stays in [0, 1) with mean 1/2 and variance 1/12")
    func uniformMoments() {
        var generator = Xoshiro256StarStar(seed: 7)
        let n = 200_000
        var sum = 0.0, sumSquares = 0.0
        for _ in 0..<n {
            let u = generator.uniform()
            #expect(u >= 0 && u < 1)
            sum += u
            sumSquares += u * u
        }
        let mean = sum / Double(n)
        let variance = sumSquares / Double(n) - mean * mean
        // Standard error of the mean: sqrt(1/12 / n) = 0.00065; 5 standard errors.
        #expect(abs(mean - 0.5) < 0.0033)
        #expect(abs(variance - 1.0 / 12) < 0.002)
    }

    @Test("normal() has mean 0, standard deviation 1 and the normal's tail fractions")
    func normalMoments() {
        var generator = Xoshiro256StarStar(seed: 11)
        let n = 200_000
        var sum = 0.0, sumSquares = 0.0, beyondTwo = 0
        for _ in 0..<n {
            let z = generator.normal()
            sum += z
            sumSquares += z * z
            if abs(z) > 2 { beyondTwo += 1 }
        }
        let mean = sum / Double(n)
        let sd = (sumSquares / Double(n) - mean * mean).squareRoot()
        #expect(abs(mean) < 0.012)  // 5 standard errors of 1 / sqrt(n)
        #expect(abs(sd - 1) < 0.01)
        // P(|Z| > 2) = 0.0455; binomial standard error 0.00047.
        #expect(abs(Double(beyondTwo) / Double(n) - 0.0455) < 0.0025)
    }

    @Test("logNormal(median:) has the requested median and log spread; clipping respects the range")
    func logNormalMedian() {
        var generator = Xoshiro256StarStar(seed: 3)
        var draws = (0..<50_001).map { _ in generator.logNormal(median: 3.2, logStandardDeviation: 0.35) }
        draws.sort()
        #expect(draws[25_000].isApproximatelyEqual(to: 3.2, relativeTolerance: 0.01))
        // The 84th percentile of a log-normal is median * e^sigma.
        #expect(draws[42_000].isApproximatelyEqual(to: 3.2 * Double.exp(0.35), relativeTolerance: 0.02))
        for _ in 0..<10_000 {
            let x = generator.logNormal(median: 3.5, logStandardDeviation: 1, clippedTo: 1.5...6)
            #expect(x >= 1.5 && x <= 6)
        }
    }

    @Test("PortableMath.log and exp agree with RealModule to a few ulps over their domain")
    func portableMathAccuracy() {
        var generator = Xoshiro256StarStar(seed: 5)
        for _ in 0..<20_000 {
            let x = PortableMath.exp(generator.uniform(in: -700...700))
            let expected = Double.log(x)
            #expect(PortableMath.log(x).isApproximatelyEqual(to: expected, absoluteTolerance: 4 * expected.ulp.magnitude + 1e-300))
            let y = generator.uniform(in: -700...700)
            let e = Double.exp(y)
            #expect(PortableMath.exp(y).isApproximatelyEqual(to: e, relativeTolerance: 4 * Double.ulpOfOne))
        }
        for x in [0x1.0p-53, 0.5, 1 - 0x1.0p-53, 1, 1.4142135623730951, 2, 10] {
            #expect(PortableMath.log(x).isApproximatelyEqual(to: Double.log(x), absoluteTolerance: 4 * Double.log(x).ulp.magnitude + 1e-300))
        }
        #expect(PortableMath.log(1) == 0)
        #expect(PortableMath.exp(0) == 1)
    }
}
