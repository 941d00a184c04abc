import Testing
import TransitionPhysics

@Suite("WeightedVelocityEstimator")
struct WeightedVelocityEstimatorTests {
    typealias F = VelocityFixtures
    let weighted = WeightedVelocityEstimator()

    // Flutter packages/flutter/test/gestures/velocity_tracker_test.dart, "Makes consistent
    // velocity estimates with consistent velocity": samples 1 s apart moving by (0, -1); from the
    // fourth sample on, IOSScrollViewFlingVelocityTracker reports exactly -1 per second.
    @Test func flutterConsistentVelocity() {
        var samples: [AxisSample] = []
        for i in 1...10 {
            samples.append(AxisSample(time: Double(i), position: -Double(i)))
            if i >= 4 { #expect(weighted.velocity(of: samples) == -1, "after \(i) samples") }
        }
    }

    @Test("0.6 / 0.35 / 0.05 from the oldest to the newest of the last three pairs")
    func weights() {
        // pair velocities 1000, 2000, 4000, 8000 units/s; the first pair is beyond the three.
        let samples = F.axis([(0, 0), (10, 10), (20, 30), (30, 70), (40, 150)])
        let expected = 0.6 * 2000 + 0.35 * 4000 + 0.05 * 8000
        #expect(F.isClose(weighted.velocity(of: samples), expected, relative: 1e-12))
    }

    @Test("missing pairs and zero durations count as 0, without renormalizing (Flutter)")
    func fewSamples() {
        #expect(weighted.velocity(of: []) == 0)
        #expect(weighted.velocity(of: F.axis([(0, 5)])) == 0)
        #expect(F.isClose(weighted.velocity(of: F.axis([(0, 0), (10, 10)])), 0.05 * 1000, relative: 1e-12))
        let three = F.axis([(0, 0), (10, 10), (20, 30)])
        #expect(F.isClose(weighted.velocity(of: three), 0.35 * 1000 + 0.05 * 2000, relative: 1e-12))
        let repeatedTime = F.axis([(0, 0), (10, 10), (20, 30), (20, 35)])
        #expect(F.isClose(weighted.velocity(of: repeatedTime), 0.6 * 1000 + 0.35 * 2000, relative: 1e-12))
    }

    @Test("recovers a linear motion exactly (weights sum to 1)")
    func linear() {
        let samples = F.axis(atMs: [0, 17, 33, 50, 67, 83], { 100 + 640 * $0 })
        #expect(F.isClose(weighted.velocity(of: samples), 640, relative: 1e-12))
    }
}
