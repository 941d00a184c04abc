import Testing
import TransitionPhysics

/// `LeastSquaresVelocityEstimator.dropTolerant`: each of its four changes to Flutter's tracker,
/// on samples whose right answer is a closed form (a least-squares line or parabola).
@Suite("LeastSquaresVelocityEstimator.dropTolerant")
struct DropTolerantEstimatorTests {
    typealias F = VelocityFixtures
    let flutter = LeastSquaresVelocityEstimator()
    let tolerant = LeastSquaresVelocityEstimator.dropTolerant

    /// The least-squares slope of a straight line through (t, x), units per second.
    static func lineSlope(_ samples: [AxisSample]) -> Double {
        let n = Double(samples.count)
        let mt = samples.map(\.time).reduce(0, +) / n, mx = samples.map(\.position).reduce(0, +) / n
        let sxy = samples.map { ($0.time - mt) * ($0.position - mx) }.reduce(0, +)
        let sxx = samples.map { ($0.time - mt) * ($0.time - mt) }.reduce(0, +)
        return sxy / sxx
    }

    @Test("a dropped frame does not end the window: a 60 ms stall keeps the samples before it")
    func stallKeepsTheWindow() {
        // 1000 units/s at 60 Hz, one 60 ms stall, then two more samples: Flutter's window stops
        // at the stall (2 samples: 0); the tolerant window spans it and sees the steady motion.
        let samples = F.axis(atMs: [0, 17, 33, 50, 110, 127], { 1000 * $0 })
        #expect(flutter.velocity(of: samples) == 0)
        #expect(F.isClose(tolerant.velocity(of: samples), 1000, relative: 1e-12))
    }

    @Test("the window is the last 200 ms, at most 20 samples")
    func horizon() {
        // The newest sample at 400 ms: one aged 201 ms is left out (an outlier there would
        // bend the fit), one aged exactly 200 ms is kept.
        var samples = F.axis(atMs: [199] + stride(from: 200.0, through: 400, by: 20).map { $0 }, { 500 * $0 })
        samples[0].position = -1e6
        #expect(tolerant.window.recentSamples(samples).count == 11)
        #expect(F.isClose(tolerant.velocity(of: samples), 500, relative: 1e-9))
        let dense = F.axis(atMs: stride(from: 0.0, through: 150, by: 5).map { $0 }, { 700 * $0 + 3000 * $0 * $0 })
        #expect(tolerant.window.recentSamples(dense).count == 20)
    }

    @Test("2 samples give their two-point slope (Android's lower degree), 1 gives 0")
    func shortWindows() {
        let two = F.axis([(0, 0), (40, 120)])
        #expect(flutter.velocity(of: two) == 0)
        #expect(F.isClose(tolerant.velocity(of: two), 3000, relative: 1e-12))
        #expect(tolerant.velocity(of: F.axis([(0, 5)])) == 0)
    }

    @Test("3 to 7 samples fit a line, 8 or more a parabola")
    func degreeBySampleCount() {
        let motion = { (t: Double) in 1200 * t - 4000 * t * t }   // decelerating, v(t) = 1200 - 8000 t
        for count in 3...10 {
            let times = (0..<count).map { Double($0) * 16 }
            let samples = F.axis(atMs: times, motion)
            let newest = times.last! / 1000
            let expected = count < 8 ? Self.lineSlope(samples) : 1200 - 8000 * newest
            #expect(F.isClose(tolerant.velocity(of: samples), expected, relative: 1e-9), "\(count) samples")
        }
    }

    @Test("a decelerating page turn sampled sparsely: the parabola says backwards, the line forwards")
    func sparseDecelerationKeepsItsSign() {
        // The last three samples of a recorded BioIdent stroke (bi_04617, px on an 800 px
        // screen): 138 px in 27 ms, then 27 px in 54 ms before lifting. The finger never moved
        // backwards; a parabola through the three says it leaves at -2574 px/s.
        let samples = F.axis([(70, 100), (97, 238), (151, 265)])
        let parabola = LeastSquaresVelocityEstimator(degree: 2, window: tolerant.window, shortWindowRule: .lowerDegree)
        #expect(F.isClose(parabola.velocity(of: samples), -2574.074074074074, relative: 1e-9))
        #expect(F.isClose(tolerant.velocity(of: samples), Self.lineSlope(samples), relative: 1e-12))
        #expect(F.isClose(tolerant.velocity(of: samples), 1817.4603174603174, relative: 1e-9))
        #expect(flutter.velocity(of: samples) == 0, "Flutter's window stops at the 54 ms stall")
    }

    @Test("the finger counts as rested after 100 ms without a move, not 40")
    func restThreshold() {
        let moves: [(ms: Double, x: Double)] = [(0, 0), (17, 17), (33, 33), (50, 50)]
        #expect(F.releaseVelocity(flutter, of: F.touches(moves, upAtMs: 95)) == 0)
        #expect(F.isClose(F.releaseVelocity(tolerant, of: F.touches(moves, upAtMs: 95)), 1000, relative: 1e-12))
        #expect(F.releaseVelocity(tolerant, of: F.touches(moves, upAtMs: 151)) == 0)
    }

    @Test("the default configuration is still Flutter's: parabola from 3 samples")
    func defaultUnchanged() {
        let samples = F.axis([(0, 0), (16, 100), (32, 150)])
        #expect(LeastSquaresVelocityEstimator().quadraticMinimumSamples == 3)
        // Parabola through three points: slope at the newest = (3 x2 - 4 x1 + x0) / (2 h).
        let threePointSlope: Double = (3 * 150 - 4 * 100) / 0.032
        #expect(F.isClose(flutter.velocity(of: samples), threePointSlope, relative: 1e-12))
    }
}
