import Testing
import TransitionPhysics

@Suite("LeastSquaresVelocityEstimator")
struct LeastSquaresVelocityEstimatorTests {
    typealias F = VelocityFixtures
    let lsq2 = LeastSquaresVelocityEstimator()

    // docs/references.md#published-values-the-tests-pin, "Release velocity", V1-V4: AOSP
    // libs/input/tests/VelocityTracker_test.cpp, LeastSquaresVelocityTrackerStrategy_Linear,
    // _Parabolic2, _Parabolic3, _Constant; tolerance 0.001% (QUADRATIC_VELOCITY_TOLERANCE), zero
    // targets within 1e-9 units/s (that file relaxes them to 1e-6 for its float solver).
    static let oracleCases: [(name: String, points: [(ms: Double, x: Double)], expected: Double)] = [
        ("V1", [(0, -2), (1, -1), (2, 0)], 1000),
        ("V2", [(0, 1), (1, 4), (2, 9)], 6000),
        ("V3", [(0, 4), (1, 1), (2, 0)], 0),
        ("V4", [(0, 1), (1, 1), (2, 1)], 0),
    ]

    @Test("oracles V1-V4 (Android VelocityTracker_test.cpp), with the up sample at 2 ms")
    func oracles() {
        for (name, points, expected) in Self.oracleCases {
            let touches = F.touches(points, upAtMs: 2)
            let v = F.releaseVelocity(lsq2, of: touches, along: .x)
            #expect(F.isClose(v, expected, relative: 1e-5, absolute: 1e-9), "\(name): \(v) units/s, expected \(expected)")
        }
    }

    // AOSP VelocityTracker_test.cpp, LeastSquaresVelocityTrackerStrategy_Parabolic:
    // (0 ms, 1), (1 ms, 4), (2 ms, 8) -> 4.5e3, tolerance 0.001%.
    @Test func androidParabolic() {
        let v = lsq2.velocity(of: F.axis([(0, 1), (1, 4), (2, 8)]))
        #expect(F.isClose(v, 4500, relative: 1e-5))
    }

    // AOSP VelocityTracker_test.cpp, SailfishFlingUpSlow1 (recorded on a phone; nanosecond
    // timestamps, ACTION_UP repeating the last sample): LSQ2 x 951.698181, y -3044.966064.
    // Android computes in single precision and checks within 20%; we agree to 0.01%.
    @Test func androidSailfishFlingUpSlow1() {
        let recorded = AndroidRecordings.sailfishFlingUpSlow1
        #expect(F.isClose(F.releaseVelocity(lsq2, of: recorded, along: .x), 951.698181, relative: 1e-4))
        #expect(F.isClose(F.releaseVelocity(lsq2, of: recorded, along: .y), -3044.966064, relative: 1e-4))
    }

    @Test("recovers a quadratic motion exactly, at irregular sampling and a large time origin")
    func exactQuadratic() {
        for origin in [0.0, 235_089.067_457] {
            let x = { (t: Double) in 300 - 1200 * (t - origin) + 5000 * (t - origin) * (t - origin) }
            let times = [0, 7, 23, 31, 48, 52, 66, 80].map { origin * 1000 + $0 }
            let samples = F.axis(atMs: times, x)
            let tNewest = 0.080
            let expected = -1200 + 2 * 5000 * tNewest
            let v = lsq2.velocity(of: samples)
            #expect(F.isClose(v, expected, relative: 1e-9), "origin \(origin): \(v) vs \(expected)")
        }
    }

    @Test("degree 1 recovers a linear motion exactly")
    func exactLinearDegree1() {
        let samples = F.axis(atMs: [0, 16, 33, 50, 66], { 12 + 850 * $0 })
        let v = LeastSquaresVelocityEstimator(degree: 1).velocity(of: samples)
        #expect(F.isClose(v, 850, relative: 1e-12))
    }

    @Test("a sample older than the 100 ms horizon has no influence; one inside it does")
    func horizon() {
        let linear = { (t: Double) in 3000 * t }
        let recent = F.axis(atMs: [110, 130, 150, 170, 190], linear)
        let outlierOutside = F.axis([(89, 999)]) + recent      // aged 101 ms
        let outlierInside = F.axis([(91, 999)]) + recent       // aged 99 ms
        #expect(F.isClose(lsq2.velocity(of: outlierOutside), 3000, relative: 1e-12))
        #expect(!F.isClose(lsq2.velocity(of: outlierInside), 3000, relative: 1e-3))
        // Exactly 100 ms is kept (Flutter compares `age > 100`), despite 0.19 - 0.09 rounding.
        let outlierAtHorizon = F.axis([(90, 999)]) + recent
        #expect(!F.isClose(lsq2.velocity(of: outlierAtHorizon), 3000, relative: 1e-3))
    }

    @Test("only the newest maxSamples samples take part")
    func maxSamples() {
        let line = F.axis(atMs: (0..<20).map { 40 + Double($0) * 2 }, { -700 * $0 })
        let withOld = F.axis([(30, 55)]) + line          // 21st sample, within 100 ms
        #expect(F.isClose(lsq2.velocity(of: withOld), -700, relative: 1e-12))
        let wider = LeastSquaresVelocityEstimator(horizon: 0.1, maxSamples: 21)
        #expect(!F.isClose(wider.velocity(of: withOld), -700, relative: 1e-3))
    }

    @Test("a gap over 40 ms ends the window; a gap under it does not")
    func gap() {
        let recent = F.axis(atMs: [60, 75, 90], { 2000 * $0 })
        let behindLongGap = F.axis([(0, 500), (19, 77)]) + recent     // 41 ms gap before 60
        let behindShortGap = F.axis([(0, 500), (21, 77)]) + recent    // 39 ms gap
        #expect(F.isClose(lsq2.velocity(of: behindLongGap), 2000, relative: 1e-12))
        #expect(!F.isClose(lsq2.velocity(of: behindShortGap), 2000, relative: 1e-3))
    }

    @Test("short windows: Flutter reports 0 below 3 samples, Android lowers the degree")
    func shortWindow() {
        let two = F.axis([(0, 10), (10, 15)])
        #expect(lsq2.velocity(of: two) == 0)
        let android = LeastSquaresVelocityEstimator(shortWindowRule: .lowerDegree)
        #expect(F.isClose(android.velocity(of: two), 500, relative: 1e-12))
        #expect(android.velocity(of: F.axis([(0, 10)])) == 0)
        #expect(lsq2.velocity(of: []) == 0)
        // A gap cuts the window to 2 samples: the same rule applies.
        let cut = F.axis([(0, 0), (10, 1), (60, 50), (70, 60)])
        #expect(lsq2.velocity(of: cut) == 0)
        #expect(F.isClose(android.velocity(of: cut), 1000, relative: 1e-12))
    }

    @Test("an undetermined fit (three samples at two times) reports 0")
    func undetermined() {
        #expect(lsq2.velocity(of: F.axis([(0, 1), (0, 2), (10, 5)])) == 0)
        #expect(lsq2.velocity(of: F.axis([(5, 1), (5, 2), (5, 5)])) == 0)
    }
}
