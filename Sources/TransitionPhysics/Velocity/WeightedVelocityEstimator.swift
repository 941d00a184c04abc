/// The release velocity as a weighted mean of the last three two-point velocities: Flutter's
/// `IOSScrollViewFlingVelocityTracker`, "a close approximation of iOS scroll view's velocity
/// estimation strategy" (`gestures/velocity_tracker.dart`; docs/references.md#release-velocity).
///
/// With samples `s[n-4] ... s[n-1]` (newest last) and `v(a, b)` the two-point velocity:
///
///     velocity = 0.6 * v(s[n-4], s[n-3]) + 0.35 * v(s[n-3], s[n-2]) + 0.05 * v(s[n-2], s[n-1])
///
/// so the oldest of the three pairs weighs most: iOS reports roughly the speed the content had
/// a few frames before lift-off, not the finger's last jitter.
///
/// Weighting the older pairs, it reads a flick that is still speeding up at lift-off slow:
/// median error 17.0% at 120 Hz and 43.8% at 60 Hz on synthetic flicks (`transition-bench
/// estimators`, docs/velocity.md; `LeastSquaresVelocityEstimator.recommended` is the estimator
/// to use).
///
/// Details kept from Flutter's `_previousVelocityAt`:
/// - a pair with a missing sample (fewer than 4 samples) or a zero duration contributes 0, and
///   the weights are not renormalized: 2 samples give `0.05 * v`, 3 give `0.35 v1 + 0.05 v2`;
/// - there is no horizon and no gap rule between samples, only the lift-off "pointer stopped"
///   rule (`ReleaseSamples`), which Flutter applies to this tracker too.
public struct WeightedVelocityEstimator: VelocityEstimator, Hashable {
    /// Weights of the three most recent pairs, oldest pair first; Flutter's iOS values
    /// (0.6, 0.35, 0.05) by default. Flutter's macOS tracker uses (0.15, 0.65, 0.2).
    public var weights: (oldest: Double, middle: Double, newest: Double)

    /// Flutter `IOSScrollViewFlingVelocityTracker`: 0.6 / 0.35 / 0.05.
    public static let iOSWeights = (oldest: 0.6, middle: 0.35, newest: 0.05)
    /// Flutter `MacOSScrollViewFlingVelocityTracker`: 0.15 / 0.65 / 0.2.
    package static let macOSWeights = (oldest: 0.15, middle: 0.65, newest: 0.2)

    /// An estimator with the three pair weights, oldest first (iOS's by default).
    public init(weights: (oldest: Double, middle: Double, newest: Double) = WeightedVelocityEstimator.iOSWeights) {
        self.weights = weights
    }

    /// The weighted velocity at the newest sample, in position units per second.
    ///
    /// - Parameter samples: Oldest first, times (seconds) non-decreasing.
    public func velocity(of samples: [AxisSample]) -> Double {
        let samples = samples.measured
        let n = samples.count
        // pairVelocity(k): the pair ending k samples before the newest (k = 0 is the newest pair).
        func pairVelocity(_ k: Int) -> Double {
            let end = n - 1 - k
            guard end - 1 >= 0 else { return 0 }
            let dt = samples[end].time - samples[end - 1].time
            precondition(dt >= 0, "Velocity samples must be in non-decreasing time order; sample \(end) at \(samples[end].time) s follows \(samples[end - 1].time) s.")
            return dt > 0 ? (samples[end].position - samples[end - 1].position) / dt : 0
        }
        return weights.oldest * pairVelocity(2) + weights.middle * pairVelocity(1) + weights.newest * pairVelocity(0)
    }

    /// Equal when the three weights are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.weights == rhs.weights
    }

    /// Hashes the three weights.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(weights.oldest)
        hasher.combine(weights.middle)
        hasher.combine(weights.newest)
    }
}
