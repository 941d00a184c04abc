/// The recent stretch of continuous motion that the least-squares and impulse estimators look
/// at: walking back from the newest sample, keep samples no older than `horizon` seconds, at most
/// `maxSamples` of them, and stop at the first gap longer than `maxGap` seconds between two
/// consecutive samples (shared/reference/physics-and-platforms.md section 5).
///
/// Flutter's `VelocityTracker.getVelocityEstimate` walks back with exactly these three rules
/// (`_horizonMilliseconds = 100`, `_historySize = 20`, `_assumePointerMoveStoppedMilliseconds = 40`,
/// all comparisons strict: a sample aged exactly 100 ms or behind a gap of exactly 40 ms is kept).
/// Android's `AccumulatingVelocityTrackerStrategy` reaches the same set from the other end: it
/// drops movements older than `HORIZON` (100 ms), keeps a ring of `HISTORY_SIZE` (20), and
/// `VelocityTracker::addMovement` clears the history after more than 40 ms without a movement.
public struct VelocityWindow: Hashable, Sendable {
    /// The oldest age kept, in seconds before the newest sample; >= 0. Default 0.100 s.
    public var horizon: Double
    /// The most samples kept, counting the newest; >= 1. Default 20.
    public var maxSamples: Int
    /// The longest interval between consecutive samples that still counts as continuous motion,
    /// in seconds; > 0. A longer gap ends the window (the pointer is assumed to have stopped).
    /// Default 0.040 s.
    public var maxGap: Double

    /// 100 ms, in seconds (Flutter's `_horizonMilliseconds`, Android's `HORIZON`).
    public static let defaultHorizon = 0.100
    /// 20 samples (Flutter's `_historySize`, Android's `HISTORY_SIZE`).
    public static let defaultMaxSamples = 20
    /// 40 ms, in seconds (Flutter's `_assumePointerMoveStoppedMilliseconds`).
    public static let defaultMaxGap = 0.040

    /// Ages and gaps within this many seconds (1 ns, the resolution of Android event times) of
    /// the limits count as at the limit: milliseconds stored as seconds (`0.396 - 0.296` is
    /// `0.10000000000000003`) must not fall out of a window that integer milliseconds keep.
    public static let timeResolution = 1e-9

    /// A window of `horizon` seconds (>= 0), at most `maxSamples` samples (>= 1), ended by a gap longer than `maxGap` seconds (> 0).
    public init(
        horizon: Double = VelocityWindow.defaultHorizon,
        maxSamples: Int = VelocityWindow.defaultMaxSamples,
        maxGap: Double = VelocityWindow.defaultMaxGap
    ) {
        precondition(horizon >= 0 && horizon.isFinite, "VelocityWindow.horizon must be a finite number of seconds >= 0; got \(horizon).")
        precondition(maxSamples >= 1, "VelocityWindow.maxSamples must be >= 1; got \(maxSamples).")
        precondition(maxGap > 0 && maxGap.isFinite, "VelocityWindow.maxGap must be a finite number of seconds > 0; got \(maxGap).")
        self.horizon = horizon
        self.maxSamples = maxSamples
        self.maxGap = maxGap
    }

    /// The window's samples, oldest first, ending with the newest of `samples`.
    ///
    /// - Parameter samples: Samples oldest first, times (seconds) non-decreasing.
    /// - Returns: A suffix of `samples`; empty only when `samples` is empty.
    public func recentSamples(_ samples: [AxisSample]) -> ArraySlice<AxisSample> {
        guard let newest = samples.last else { return samples[...] }
        var start = samples.count - 1
        while start > 0 && samples.count - start < maxSamples {
            let candidate = samples[start - 1]
            let gap = samples[start].time - candidate.time
            precondition(gap >= 0, "Velocity samples must be in non-decreasing time order; sample \(start) at \(samples[start].time) s follows \(candidate.time) s.")
            let age = newest.time - candidate.time
            if age > horizon + Self.timeResolution || gap > maxGap + Self.timeResolution { break }
            start -= 1
        }
        return samples[start...]
    }
}
