/// An axis of the screen along which a gesture's position is measured.
public enum TouchAxis: String, Hashable, Sendable, CaseIterable {
    /// Horizontal: `TouchSample.x`.
    case x
    /// Vertical: `TouchSample.y`.
    case y
}

extension TouchSample {
    /// This sample's position along `axis` at its time: the input of a velocity estimator.
    @inlinable
    public func axisSample(along axis: TouchAxis) -> AxisSample {
        AxisSample(time: time, position: axis == .x ? x : y)
    }
}

extension Sequence where Element == TouchSample {
    /// The samples projected onto `axis`, in the same order.
    @inlinable
    public func axisSamples(along axis: TouchAxis) -> [AxisSample] {
        map { $0.axisSample(along: axis) }
    }
}

/// The samples a velocity estimator sees when the finger lifts, prepared as Android's
/// `VelocityTracker::addMovement(const MotionEvent&)` and Flutter's trackers prepare them.
///
/// - A lift-off sample (phase `ended` or `cancelled`) that repeats the previous sample's position
///   is dropped: Android ignores `ACTION_UP` because it "always reports the last known
///   position", and Flutter only feeds down and move events to its trackers. A lift-off sample
///   at a new position is kept as an ordinary movement (iOS reports `.ended` touches where the
///   finger was; in the BioIdent data 2999 of 7361 up samples carry a new position).
/// - Pointer stopped: when a dropped lift-off comes more than `stoppedAfter` seconds (default
///   0.040 s) after the previous sample, the finger rested before lifting and the release
///   velocity is 0 (Android clears the planar strategies on such an `ACTION_UP`; Flutter's
///   trackers return zero when more than 40 ms passed since the last sample).
public struct ReleaseSamples: Hashable, Sendable {
    /// The movement samples, oldest first, without a repeated lift-off sample.
    public var samples: [TouchSample]
    /// The time of the dropped lift-off sample, in seconds; nil when none was dropped.
    public var liftOffTime: Double?
    /// True when the finger rested longer than the threshold before lifting: velocity 0.
    public var pointerStopped: Bool

    /// Android's and Flutter's `ASSUME_POINTER_STOPPED_TIME`, 0.040 s.
    public static let defaultStoppedAfter = 0.040

    /// Prepares a gesture's samples for a release-velocity estimate.
    ///
    /// - Parameters:
    ///   - touches: The gesture's samples, oldest first, times (seconds) non-decreasing.
    ///   - stoppedAfter: Seconds between the last movement and a repeated lift-off beyond which
    ///     the pointer counts as stopped; > 0.
    public init(_ touches: [TouchSample], stoppedAfter: Double = ReleaseSamples.defaultStoppedAfter) {
        precondition(stoppedAfter > 0, "ReleaseSamples.stoppedAfter must be > 0 seconds; got \(stoppedAfter).")
        var samples = touches
        var liftOffTime: Double? = nil
        var pointerStopped = false
        if samples.count >= 2, let last = samples.last, last.phase == .ended || last.phase == .cancelled {
            let rule = Self.liftOff(last, after: samples[samples.count - 2], stoppedAfter: stoppedAfter)
            if rule.repeatsPosition {
                samples.removeLast()
                liftOffTime = last.time
                pointerStopped = rule.pointerStopped
            }
        }
        self.samples = samples
        self.liftOffTime = liftOffTime
        self.pointerStopped = pointerStopped
    }

    /// The lift-off rule for one sample: whether `lift` repeats `previous`'s position (it is then
    /// no movement and is dropped) and, if so, whether it came more than `stoppedAfter` seconds
    /// later (the pointer had stopped: velocity 0). `InteractiveTransition` applies the same rule.
    public static func liftOff(
        _ lift: TouchSample, after previous: TouchSample, stoppedAfter: Double = ReleaseSamples.defaultStoppedAfter
    ) -> (repeatsPosition: Bool, pointerStopped: Bool) {
        let repeats = lift.x == previous.x && lift.y == previous.y
        return (repeats, repeats && lift.time - previous.time > stoppedAfter + VelocityWindow.timeResolution)
    }

    /// The movement samples projected onto `axis`.
    public func axisSamples(along axis: TouchAxis) -> [AxisSample] {
        samples.axisSamples(along: axis)
    }
}

extension VelocityEstimator {
    /// The velocity as known at `time` (seconds): only samples with `sample.time <= time` are
    /// used, so the result cannot depend on later samples. For scrubbing a gesture in progress.
    public func velocity(of samples: [AxisSample], atTime time: Double) -> Double {
        var end = samples.endIndex
        while end > samples.startIndex && samples[end - 1].time > time { end -= 1 }
        return velocity(of: Array(samples[..<end]))
    }
}
