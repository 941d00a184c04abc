/// Estimates the velocity at the newest sample of a gesture from its recent samples
/// (docs/references.md#release-velocity).
///
/// Implementations receive samples oldest first, as they were known at release; they must use
/// only those samples (no look-ahead) and return units per second of the samples' position unit.
public protocol VelocityEstimator: Sendable {
    /// The velocity at the newest sample, in position units per second; 0 when the samples do
    /// not determine one (too few, or the pointer has stopped). Resampled or predicted samples
    /// (`AxisSample.isResampled`) take no part: an implementation estimates from
    /// `samples.measured`, as the package's estimators do.
    func velocity(of samples: [AxisSample]) -> Double

    /// Seconds between the last movement and a lift-off that repeats its position beyond which
    /// the finger counts as having rested before lifting: the release velocity is then 0
    /// (`ReleaseSamples`). Android's and Flutter's 0.040 s unless an estimator says otherwise.
    var pointerStoppedAfter: Double { get }
}

extension VelocityEstimator {
    /// Android's and Flutter's `ASSUME_POINTER_STOPPED_TIME`, 0.040 s.
    public var pointerStoppedAfter: Double { ReleaseSamples.defaultStoppedAfter }
}
