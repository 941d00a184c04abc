import Testing
import TransitionLab
import TransitionPhysics

/// The two rules of Android's VelocityTracker the project follows: a touch that ends in
/// cancel has no velocity (`ACTION_CANCEL` clears the tracker's history), and a resampled or
/// predicted sample is skipped by every estimator (`addMovement` skips `isResampled` samples).
/// Every expected value is worked out by hand below.
@Suite("Tracker rules: a cancelled touch has no velocity; resampled samples are skipped")
struct TrackerRulesTests {
    typealias F = VelocityFixtures

    /// Measured samples every 10 ms at 0, 1, 3, 6 units: pair velocities 100, 200, 300 units/s,
    /// and exactly the parabola x = (k^2 + k) / 2 in k = t / 10 ms.
    static let measured = [(0.0, 0.0), (0.010, 1.0), (0.020, 3.0), (0.030, 6.0)].map { AxisSample(time: $0.0, position: $0.1) }

    /// The same with a resampled sample far off the path in the middle, at 25 ms and 50 units.
    static func withOutlier(resampled: Bool) -> [AxisSample] {
        var samples = measured
        samples.insert(AxisSample(time: 0.025, position: 50, isResampled: resampled), at: 3)
        return samples
    }

    /// Each estimator's velocity for `measured`, by hand:
    /// - weighted (iOS weights 0.6, 0.35, 0.05 on the oldest, middle and newest of the last
    ///   three pairs): 0.6 * 100 + 0.35 * 200 + 0.05 * 300 = 145;
    /// - impulse: work 0.5 * (100 - 0) * 100 = 5,000 after the first pair, + (200 - 100) * 200 =
    ///   25,000 after the second (sqrt(2 * 5,000) = 100), + (300 - sqrt(50,000)) * 300 after the
    ///   third; velocity sqrt(2 * work);
    /// - least squares (Flutter's lsq2): the parabola is exact, x' = (k + 1/2) per 10 ms at k = 3:
    ///   350;
    /// - Android's lsq2: the same parabola (4 samples need no lower degree): 350;
    /// - drop tolerant (a straight line below 8 samples): slope of (0,0), (1,1), (2,3), (3,6) is
    ///   Sxy / Sxx = 10 / 5 = 2 per 10 ms: 200;
    /// - recommended (30 ms span, under its whole-window parabola's 167 ms: Android's impulse
    ///   rule over the window): the impulse value above.
    static let expected: [String: Double] = [
        "weighted": 0.6 * 100 + 0.35 * 200 + 0.05 * 300,
        "impulse": (2 * (25_000 + (300 - (50_000.0).squareRoot()) * 300)).squareRoot(),
        "leastSquares": 350,
        "androidLeastSquares": 350,
        "dropTolerant": 200,
        "recommended": (2 * (25_000 + (300 - (50_000.0).squareRoot()) * 300)).squareRoot(),
    ]

    @Test("every estimator skips a resampled sample in the middle (hand-computed closed forms)")
    func resampledSkipped() {
        #expect(Set(F.allEstimators.map(\.name)) == Set(Self.expected.keys), "an estimator without a hand-computed value")
        for (name, estimator) in F.allEstimators {
            let want = Self.expected[name]!
            #expect(F.isClose(estimator.velocity(of: Self.measured), want, relative: 1e-12), "\(name): measured samples")
            #expect(F.isClose(estimator.velocity(of: Self.withOutlier(resampled: true)), want, relative: 1e-12), "\(name): resampled")
            // Measured, the same sample changes the answer: the skip is what keeps it.
            #expect(!F.isClose(estimator.velocity(of: Self.withOutlier(resampled: false)), want, relative: 1e-3), "\(name): measured outlier")
        }
        // The weighted estimator with the outlier measured, by hand: its last three pairs are
        // 10 -> 20 ms (200), 20 -> 25 ms ((50 - 3) / 0.005 = 9,400), 25 -> 30 ms ((6 - 50) / 0.005
        // = -8,800): 0.6 * 200 + 0.35 * 9,400 + 0.05 * -8,800 = 2,970.
        #expect(F.isClose(WeightedVelocityEstimator().velocity(of: Self.withOutlier(resampled: false)), 2970, relative: 1e-12))
    }

    @Test("measured keeps the array when nothing is marked and drops only the marked samples")
    func measuredSamples() {
        #expect(Self.measured.measured == Self.measured)
        #expect(Self.withOutlier(resampled: true).measured == Self.measured)
        #expect(Self.withOutlier(resampled: false).measured.count == 5)
        // A touch sample's mark reaches its axis sample; the default is measured.
        #expect(!TouchSample(time: 0, x: 1, phase: .changed).isResampled)
        let predicted = TouchSample(time: 0, x: 1, y: 2, phase: .changed, isResampled: true)
        #expect(predicted.axisSample(along: .y) == AxisSample(time: 0, position: 2, isResampled: true))
        #expect(TouchSample(time: 0, x: 1, phase: .changed).axisSample(along: .x) == AxisSample(time: 0, position: 1))
    }

    @Test("through the driver: a resampled move moves the transition but not the release velocity")
    func resampledThroughTheDriver() {
        // 10, 20, 30, 40 units every 10 ms (1,000 units/s), a predicted sample at 25 ms and 90
        // units, and a lift-off at 40 ms repeating 40.
        var touches = F.touches([(0, 10), (10, 20), (20, 30), (30, 40)], upAtMs: 40)
        touches.insert(TouchSample(time: 0.025, x: 90, phase: .changed, isResampled: true), at: 3)
        for (name, estimator) in F.allEstimators where name != "weighted" {
            #expect(F.isClose(F.releaseVelocity(estimator, of: touches, along: .x), 1000, relative: 1e-12), "\(name)")
        }
    }

    @Test("a cancelled lift-off releases with velocity 0, wherever it is; an ended one does not")
    func cancelledHasNoVelocity() {
        // 10, 20, 30 units every 10 ms: 1,000 units/s, then the touch ends at 30 ms.
        for x in [30.0, 40.0] {
            for (name, estimator) in F.allEstimators where name != "weighted" {
                var touches = F.touches([(0, 10), (10, 20), (20, 30)])
                touches.append(TouchSample(time: 0.030, x: x, phase: .ended))
                #expect(F.releaseVelocity(estimator, of: touches, along: .x) > 0, "\(name) ended at \(x)")
                touches[3].phase = .cancelled
                #expect(F.releaseVelocity(estimator, of: touches, along: .x) == 0, "\(name) cancelled at \(x)")
            }
        }
        let previous = TouchSample(time: 0.020, x: 30, phase: .changed)
        #expect(ReleaseSamples.releasesWithoutVelocity(TouchSample(time: 0.021, x: 45, phase: .cancelled), after: previous))
        #expect(!ReleaseSamples.releasesWithoutVelocity(TouchSample(time: 0.021, x: 45, phase: .ended), after: previous))
        // The stopped pointer is the other rule: a repeated lift-off more than 40 ms later.
        #expect(ReleaseSamples.releasesWithoutVelocity(TouchSample(time: 0.070, x: 30, phase: .ended), after: previous))
        #expect(!ReleaseSamples.releasesWithoutVelocity(TouchSample(time: 0.050, x: 30, phase: .ended), after: previous))
    }

    @Test("the cancelled release keeps its position: released from where an ended touch would be")
    func cancelledKeepsPosition() {
        // Through the driver: 10, 20, 30 units every 10 ms over a travel of 100 units (fixed
        // direction: progress is the translation over the travel), lift-off at 40 units.
        func release(_ phase: TouchPhase) -> InteractiveTransition.Release? {
            let mapping = ProgressMapping(travel: 100, toward: .right)
            var transition = InteractiveTransition(mapping: mapping, model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator())
            var touches = F.touches([(0, 10), (10, 20), (20, 30)])
            touches.append(TouchSample(time: 0.030, x: 40, phase: phase))
            return touches.compactMap { transition.handle($0) }.last
        }
        let ended = release(.ended), cancelled = release(.cancelled)
        #expect(ended.map { $0.state.velocity > 0 } == true)
        #expect(cancelled?.state.velocity == 0)
        // (40 - 10) / 100 of the travel, for both.
        for release in [ended, cancelled] { #expect(F.isClose(release?.state.progress ?? -1, 0.3, relative: 1e-12)) }
    }
}
