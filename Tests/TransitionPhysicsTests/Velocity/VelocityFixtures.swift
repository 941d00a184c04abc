import RealModule
import TransitionLab
import TransitionPhysics

/// Sample builders and comparisons shared by the velocity tests.
enum VelocityFixtures {
    /// Touch samples from (milliseconds, x) pairs; the first is `began`, the rest `changed`,
    /// and `upAtMs` appends an `ended` sample repeating the last position (Android's ACTION_UP).
    static func touches(_ points: [(ms: Double, x: Double)], y: [Double]? = nil, upAtMs: Double? = nil) -> [TouchSample] {
        var result = points.enumerated().map { i, p in
            TouchSample(time: p.ms / 1000, x: p.x, y: y?[i] ?? 0, phase: i == 0 ? .began : .changed)
        }
        if let upAtMs, let last = result.last {
            result.append(TouchSample(time: upAtMs / 1000, x: last.x, y: last.y, phase: .ended))
        }
        return result
    }

    /// Axis samples from (milliseconds, position) pairs.
    static func axis(_ points: [(ms: Double, position: Double)]) -> [AxisSample] {
        points.map { AxisSample(time: $0.ms / 1000, position: $0.position) }
    }

    /// Axis samples of `position(t)` (t in seconds) at the given times in milliseconds.
    static func axis(atMs times: [Double], _ position: (Double) -> Double) -> [AxisSample] {
        times.map { AxisSample(time: $0 / 1000, position: position($0 / 1000)) }
    }

    /// True when `actual` is within `relative` of `expected`, or within `absolute` of it when
    /// `expected` is 0 (Android's EXPECT_NEAR_BY_FRACTION relaxes zero targets the same way).
    static func isClose(_ actual: Double, _ expected: Double, relative: Double, absolute: Double = 1e-9) -> Bool {
        if expected == 0 { return abs(actual) <= absolute }
        return actual.isApproximatelyEqual(to: expected, relativeTolerance: relative)
    }

    /// The release velocity the app and the bench get for `touches` along `axis`, in position
    /// units per second: the gesture run by `GestureRunner` (`InteractiveTransition` drops a
    /// lift-off repeating the last position, and reports 0 when it came after the estimator's
    /// `pointerStoppedAfter`). A travel of 1 and a fixed positive direction make progress per
    /// second the samples' units per second.
    static func releaseVelocity(_ estimator: any VelocityEstimator, of touches: [TouchSample], along axis: TouchAxis = .x) -> Double {
        let runner = GestureRunner(
            model: ProjectedSpringModel(), estimator: estimator, settings: ReplaySettings(directionRule: .fixedPositive, axis: axis))
        let outcome = runner.run(GestureTrace(id: "velocity-fixture", samples: touches, travel: 1))
        precondition(outcome.started, "The fixture's gesture must start and end a transition.")
        return outcome.releaseVelocity
    }

    /// `base` with another pointer-stopped threshold, in seconds.
    struct StoppedAfter: VelocityEstimator {
        var base: any VelocityEstimator
        var pointerStoppedAfter: Double
        func velocity(of samples: [AxisSample]) -> Double { base.velocity(of: samples) }
    }

    static let allEstimators: [(name: String, estimator: any VelocityEstimator)] =
        VelocityEstimatorKind.allCases.map { ($0.rawValue, $0.estimator) }
}
