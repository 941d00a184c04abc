/// The release velocity from the work the finger did on the screen, modelled as a unit mass:
/// Android's `impulse` strategy (`ImpulseVelocityTrackerStrategy::getVelocity` in AOSP
/// `libs/input/VelocityTracker.cpp`; docs/references.md#release-velocity).
///
/// Over the window (`VelocityWindow`, the same 100 ms / 20 samples / 40 ms gap as Android's
/// accumulating strategies), oldest to newest, with `vcurr` the two-point velocity of each
/// segment and `vprev = kineticEnergyToVelocity(work)` the velocity the work so far stands for:
///
///     work += (vcurr - vprev) * |vcurr|;  after the first segment only: work *= 0.5
///     velocity = kineticEnergyToVelocity(work) = sign(work) * sqrt(2 |work|)
///
/// The halving is AOSP's initial condition "case 2": the screen is taken to be moving already at
/// the first segment's velocity, so that segment contributes its kinetic energy `v1^2 / 2`
/// rather than `v1^2`. Consequences: 2 samples give exactly the two-point slope; equally spaced
/// samples give the constant velocity; 1 or 0 samples give 0.
///
/// On synthetic flicks, all shorter than 120 ms, it reads what
/// `LeastSquaresVelocityEstimator.recommended` reads (median error 8.6% to 9.0% at 60 to
/// 120 Hz: that estimator uses this rule for short windows), but on its own over 100 ms it
/// finishes only 92.4% of the recorded 60 Hz page turns (`transition-bench estimators`,
/// docs/velocity.md).
///
/// Samples at the same time as the one before replace it (AOSP
/// `AccumulatingVelocityTrackerStrategy::addMovement` pops the previous movement when
/// `eventTime` is equal), so no segment has a zero duration.
public struct ImpulseVelocityEstimator: VelocityEstimator, Hashable {
    /// Which samples take part: horizon (seconds), sample count, longest gap (seconds).
    public var window: VelocityWindow

    /// An impulse estimator over `window` (default 100 ms, 20 samples, 40 ms gap).
    public init(window: VelocityWindow = VelocityWindow()) {
        self.window = window
    }

    /// `sign(work) * sqrt(2 |work|)`: the speed, in units per second, of a unit mass carrying
    /// kinetic energy `|work|` (units^2 / s^2).
    @inlinable
    package static func kineticEnergyToVelocity(_ work: Double) -> Double {
        (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
    }

    /// The impulse velocity at the newest sample, in position units per second.
    ///
    /// - Parameter samples: Oldest first, times (seconds) non-decreasing.
    public func velocity(of samples: [AxisSample]) -> Double {
        let recent = Self.replacingEqualTimes(samples.measured)
        return Self.velocity(ofWindow: self.window.recentSamples(recent))
    }

    /// The impulse velocity at the newest of `window`'s samples (oldest first, times
    /// non-decreasing), in position units per second: the work rule above over every segment,
    /// a sample at most `mergedWithin` seconds (>= 0) before the next one replaced by it (with 0,
    /// AOSP's rule for equal times: no segment has a zero duration); fewer than 2 distinct times
    /// give 0, and so does work that is not finite (positions so far apart that the squared speed
    /// overflows). Also `LeastSquaresVelocityEstimator.WindowFallback.impulse`'s estimate.
    package static func velocity(ofWindow window: ArraySlice<AxisSample>, mergedWithin: Double = 0) -> Double {
        var work = 0.0
        var previous: AxisSample?
        var segment = 0
        for index in window.indices {
            let sample = window[index]
            if index + 1 < window.endIndex && window[index + 1].time - sample.time <= mergedWithin { continue }
            defer { previous = sample }
            guard let previous else { continue }
            let vprev = kineticEnergyToVelocity(work)
            let vcurr = (sample.position - previous.position) / (sample.time - previous.time)
            work += (vcurr - vprev) * abs(vcurr)
            if segment == 0 { work *= 0.5 }
            segment += 1
        }
        guard work.isFinite else { return 0 }
        return kineticEnergyToVelocity(work)
    }

    /// `samples` with every run of equal times reduced to its last sample.
    static func replacingEqualTimes(_ samples: [AxisSample]) -> [AxisSample] {
        var result: [AxisSample] = []
        result.reserveCapacity(samples.count)
        for sample in samples {
            if let last = result.last, last.time == sample.time {
                result[result.count - 1] = sample
            } else {
                result.append(sample)
            }
        }
        return result
    }
}
