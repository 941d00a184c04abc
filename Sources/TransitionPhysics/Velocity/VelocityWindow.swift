/// The recent stretch of continuous motion that the least-squares and impulse estimators look
/// at: walking back from the newest sample, keep samples no older than `horizon` seconds, at most
/// `maxSamples` of them, and stop at the first gap longer than `maxGap` seconds between two
/// consecutive samples (docs/references.md#release-velocity); optionally, start
/// at the last direction reversal (`reversalDistance`).
///
/// Flutter's `VelocityTracker.getVelocityEstimate` walks back with exactly these three rules
/// (`_horizonMilliseconds = 100`, `_historySize = 20`, `_assumePointerMoveStoppedMilliseconds = 40`,
/// all comparisons strict: a sample aged exactly 100 ms or behind a gap of exactly 40 ms is kept).
/// Android's `AccumulatingVelocityTrackerStrategy` reaches the same set from the other end: it
/// drops movements older than `HORIZON` (100 ms), keeps a ring of `HISTORY_SIZE` (20), and
/// `VelocityTracker::addMovement` clears the history after more than 40 ms without a movement.
public struct VelocityWindow: Hashable, Sendable {
    /// The oldest age kept, in seconds before the newest sample; >= 0. Default 0.100 s.
    public var horizon: Double { didSet { Self.check(horizon: horizon) } }
    /// The most samples kept, counting the newest; >= 1. Default 20.
    public var maxSamples: Int { didSet { Self.check(maxSamples: maxSamples) } }
    /// The longest interval between consecutive samples that still counts as continuous motion,
    /// in seconds; > 0. A longer gap ends the window (the pointer is assumed to have stopped).
    /// Default 0.040 s.
    public var maxGap: Double { didSet { Self.check(maxGap: maxGap) } }
    /// The return, in the samples' position unit, that makes a direction reversal; nil (the
    /// default, Flutter and Android): no reversal rule, a window may straddle a reversal.
    ///
    /// A turning point is the farthest point of a movement of more than this distance that the
    /// finger then came back from by more than this distance (a hysteresis: wiggles and noise
    /// below it are no reversal, nor is the start of a movement from rest). When the last
    /// turning point lies inside the window, the window starts there, because the samples
    /// before it belong to the movement the finger reversed; a fit through both says the finger
    /// still moves the old way, or barely moves.
    /// The least-squares estimator also knows the velocity there: zero
    /// (`LeastSquaresVelocityEstimator.velocity(of:)`).
    ///
    /// `InteractiveTransition` feeds the estimators progress, so there it is a fraction of the
    /// travel (`LeastSquaresVelocityEstimator.dropTolerant`: 0.02).
    public var reversalDistance: Double? { didSet { Self.check(reversalDistance: reversalDistance) } }

    /// 100 ms, in seconds (Flutter's `_horizonMilliseconds`, Android's `HORIZON`).
    public static let defaultHorizon = 0.100
    /// 20 samples (Flutter's `_historySize`, Android's `HISTORY_SIZE`).
    public static let defaultMaxSamples = 20
    /// 40 ms, in seconds (Flutter's `_assumePointerMoveStoppedMilliseconds`).
    public static let defaultMaxGap = 0.040

    /// Ages and gaps within this many seconds (1 ns, the resolution of Android event times) of
    /// the limits count as at the limit: milliseconds stored as seconds (`0.396 - 0.296` is
    /// `0.10000000000000003`) must not fall out of a window that integer milliseconds keep.
    package static let timeResolution = 1e-9

    /// Traps (a programming error) unless `horizon` is valid: checked in `init` and on every set.
    static func check(horizon value: Double) {
        precondition(value >= 0 && value.isFinite, "VelocityWindow.horizon must be a finite number of seconds >= 0; got \(value).")
    }

    /// Traps (a programming error) unless `maxSamples` is valid: checked in `init` and on every set.
    static func check(maxSamples value: Int) {
        precondition(value >= 1, "VelocityWindow.maxSamples must be >= 1; got \(value).")
    }

    /// Traps (a programming error) unless `maxGap` is valid: checked in `init` and on every set.
    static func check(maxGap value: Double) {
        precondition(value > 0 && value.isFinite, "VelocityWindow.maxGap must be a finite number of seconds > 0; got \(value).")
    }

    /// Traps (a programming error) unless `reversalDistance` is valid: checked in `init` and on every set.
    static func check(reversalDistance value: Double?) {
        guard let value else { return }
        precondition(value > 0 && value.isFinite, "VelocityWindow.reversalDistance must be a finite distance > 0; got \(value).")
    }

    /// A window of `horizon` seconds (>= 0), at most `maxSamples` samples (>= 1), ended by a gap
    /// longer than `maxGap` seconds (> 0) and, if given, by a reversal of more than
    /// `reversalDistance` (> 0, the samples' position unit).
    public init(
        horizon: Double = VelocityWindow.defaultHorizon,
        maxSamples: Int = VelocityWindow.defaultMaxSamples,
        maxGap: Double = VelocityWindow.defaultMaxGap,
        reversalDistance: Double? = nil
    ) {
        Self.check(horizon: horizon)
        Self.check(maxSamples: maxSamples)
        Self.check(maxGap: maxGap)
        Self.check(reversalDistance: reversalDistance)
        self.horizon = horizon
        self.maxSamples = maxSamples
        self.maxGap = maxGap
        self.reversalDistance = reversalDistance
    }

    /// The window's samples, oldest first, ending with the newest of `samples`.
    ///
    /// - Parameter samples: Samples oldest first, times (seconds) non-decreasing.
    /// - Returns: A suffix of `samples`; empty only when `samples` is empty.
    package func recentSamples(_ samples: [AxisSample]) -> ArraySlice<AxisSample> {
        recentMovement(samples).samples
    }

    /// The window's samples, as `recentSamples(_:)`, and whether they start at a turning point
    /// found by `reversalDistance` (where the finger's velocity was zero).
    package func recentMovement(_ samples: [AxisSample]) -> (samples: ArraySlice<AxisSample>, startsAtTurningPoint: Bool) {
        let window = continuousSamples(samples[...])
        guard let reversalDistance, let turn = Self.turningPoint(of: window, in: samples, distance: reversalDistance) else {
            return (window, false)
        }
        return (samples[turn...], true)
    }

    /// The index of the last turning point of `samples` if it lies inside `window` (a suffix
    /// of `samples`) after its first sample, else nil: the hysteresis of `TurningPoints` over
    /// all of `samples`, oldest first. The start of the gesture is no turning point, nor is any
    /// wiggle smaller than `distance`.
    static func turningPoint(of window: ArraySlice<AxisSample>, in samples: [AxisSample], distance: Double) -> Int? {
        guard window.count >= 3 else { return nil }
        var turns = TurningPoints(distance: distance)
        for sample in samples { turns.append(sample.position) }
        guard let turn = turns.last, turn > window.startIndex else { return nil }
        return turn
    }

    /// The horizon, sample-count and gap rules: the stretch of continuous motion, a suffix of
    /// `samples` of at most `maxSamples`.
    package func continuousSamples(_ samples: ArraySlice<AxisSample>) -> ArraySlice<AxisSample> {
        guard let newest = samples.last else { return samples }
        var start = samples.endIndex - 1
        while start > samples.startIndex && samples.endIndex - start < maxSamples {
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
