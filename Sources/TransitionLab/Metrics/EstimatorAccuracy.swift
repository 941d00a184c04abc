import TransitionPhysics

/// How close a velocity estimator comes to the finger's true velocity at lift-off, and what it
/// makes of recorded page turns: the measurement behind `transition-bench estimators` and the
/// estimator tests (docs/velocity.md).
///
/// Every figure goes through the driver an app uses (`GestureRunner`, so `InteractiveTransition`'s
/// lift-off rules apply): a flick replayed with the direction fixed along it, the release
/// velocity read from its `ReleaseState` in travel widths per second.
public enum EstimatorAccuracy {
    /// The release velocity `estimator` gives `flick` through the driver, travel widths per
    /// second, positive along the flick.
    public static func releaseVelocity(of flick: SyntheticFlick, estimator: any VelocityEstimator) -> Double {
        let settings = ReplaySettings(directionRule: flick.direction == .leftToRight ? .fixedPositive : .fixedNegative)
        let runner = GestureRunner(model: ProjectedSpringModel(), estimator: estimator, settings: settings)
        return runner.run(flick.trace).releaseVelocity
    }

    /// |estimate - truth| / |truth| for `flick` (its true velocity is never 0).
    public static func relativeError(of flick: SyntheticFlick, estimator: any VelocityEstimator) -> Double {
        (releaseVelocity(of: flick, estimator: estimator) - flick.releaseVelocity).magnitude / flick.releaseVelocity.magnitude
    }

    /// An estimator's errors over a set of flicks, as fractions of the true velocity.
    public struct Summary: Hashable, Sendable {
        /// Flicks measured.
        public var count: Int
        /// Median of |estimate - truth| / |truth|.
        public var medianRelativeError: Double
        /// 90th percentile of |estimate - truth| / |truth|.
        public var p90RelativeError: Double
        /// Median of (estimate - truth) / |truth|: negative reads slow, positive fast.
        public var medianSignedError: Double
    }

    /// The errors of `estimator` on `flicks` (at least one), by `QuantileRule`.
    public static func summary(of estimator: any VelocityEstimator, on flicks: [SyntheticFlick]) -> Summary {
        summary(of: flicks.map { releaseVelocity(of: $0, estimator: estimator) }, on: flicks)
    }

    /// The errors of the release velocities `estimates` (widths per second, one per flick, in
    /// order) on `flicks` (at least one), by `QuantileRule`.
    public static func summary(of estimates: [Double], on flicks: [SyntheticFlick]) -> Summary {
        precondition(!flicks.isEmpty && estimates.count == flicks.count, "EstimatorAccuracy.summary needs one estimate per flick, at least one")
        let signed = zip(estimates, flicks).map { ($0 - $1.releaseVelocity) / $1.releaseVelocity.magnitude }
        let absolute = signed.map(\.magnitude).sorted()
        return Summary(
            count: flicks.count,
            medianRelativeError: QuantileRule.quantile(sorted: absolute, 0.5)!,
            p90RelativeError: QuantileRule.quantile(sorted: absolute, 0.9)!,
            medianSignedError: QuantileRule.quantile(sorted: signed.sorted(), 0.5)!)
    }

    /// How one flick reads at two sampling rates: the median over flicks of the estimate at one
    /// rate over the estimate of the same flick (the same finger motion,
    /// `SyntheticFlickGenerator`) at the other, from `estimates` and `reference` (widths per
    /// second, one per flick, the same flicks in the same order, at least one). 1 when the
    /// sampling rate does not change the reading; a flick read as 0 at the reference rate counts
    /// as infinitely far off.
    public static func medianRatio(of estimates: [Double], to reference: [Double]) -> Double {
        precondition(!estimates.isEmpty && estimates.count == reference.count, "EstimatorAccuracy.medianRatio needs one estimate per reference, at least one")
        let ratios = zip(estimates, reference).map { $1 == 0 ? Double.infinity : $0 / $1 }
        return QuantileRule.quantile(sorted: ratios.sorted(), 0.5)!
    }

    /// The fraction of `traces` meant to finish (`Intent.finish`) that `model` finishes when
    /// their releases are estimated by `estimator` and replayed with `settings` (the behaviour
    /// benchmark's "recorded page turns finished"); nil when none is meant to finish.
    public static func finishedRate(
        of estimator: any VelocityEstimator, on traces: [GestureTrace],
        model: any ReleaseModel = ProjectedSpringModel(), settings: ReplaySettings = ReplaySettings()
    ) -> Double? {
        let runner = GestureRunner(model: model, estimator: estimator, settings: settings)
        var meant = 0, finished = 0
        for trace in traces where trace.intent == .finish {
            meant += 1
            if runner.run(trace).decision == .finish { finished += 1 }
        }
        return meant == 0 ? nil : Double(finished) / Double(meant)
    }
}
