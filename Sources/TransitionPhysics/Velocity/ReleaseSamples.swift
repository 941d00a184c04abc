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
    package func axisSample(along axis: TouchAxis) -> AxisSample {
        AxisSample(time: time, position: axis == .x ? x : y, isResampled: isResampled)
    }
}

extension Array where Element == AxisSample {
    /// The samples a velocity estimator uses: these without the resampled or predicted ones
    /// (`AxisSample.isResampled`), as Android's `VelocityTracker::addMovement` skips resampled
    /// samples (they are interpolated or extrapolated to the frame time, not measured); the
    /// array itself when none is marked. Every estimator of the package starts with it.
    @inlinable
    public var measured: [AxisSample] {
        contains(where: \.isResampled) ? filter { !$0.isResampled } : self
    }
}

extension Sequence where Element == TouchSample {
    /// The samples projected onto `axis`, in the same order.
    @inlinable
    package func axisSamples(along axis: TouchAxis) -> [AxisSample] {
        map { $0.axisSample(along: axis) }
    }
}

/// How the samples a velocity estimator sees are prepared when the finger lifts, as Android's
/// `VelocityTracker::addMovement(const MotionEvent&)` and Flutter's trackers prepare them.
/// `InteractiveTransition` applies this rule to every release (`GestureRunner` for whole gestures).
///
/// - A lift-off sample (phase `ended` or `cancelled`) that repeats the previous sample's position
///   is dropped: Android ignores `ACTION_UP` because it "always reports the last known
///   position", and Flutter only feeds down and move events to its trackers. A lift-off sample
///   at a new position is kept as an ordinary movement (iOS reports `.ended` touches where the
///   finger was; in the BioIdent data 2999 of 7361 up samples carry a new position).
/// - Cancelled: a lift-off in phase `cancelled` releases with velocity 0
///   (`releasesWithoutVelocity`): Android's `VelocityTracker` clears its history on
///   `ACTION_CANCEL`, so a cancelled touch has no velocity; the system took the touch away, and
///   no fling was meant. Its position still counts (where the transition is released from).
/// - Pointer stopped: when a dropped lift-off comes more than `stoppedAfter` seconds (default
///   0.040 s, the estimator's `pointerStoppedAfter`) after the last movement, the finger rested
///   before lifting and the release velocity is 0 (Android clears the planar strategies on such
///   an `ACTION_UP`; Flutter's trackers return zero when more than 40 ms passed since the last
///   sample).
/// - A movement is a measured sample: a resampled or predicted one (`TouchSample.isResampled`)
///   is where the platform placed the finger at a frame time, not a report of it, so it neither
///   restarts the pointer-stopped clock nor is the position a lift-off repeats
///   (`lastMovement(in:)`): Android's `VelocityTracker::addMovement` skips resampled samples, so
///   its clock (`mLastEventTime`) runs from the last measured one, and its `ACTION_UP` carries
///   the last measured position.
public enum ReleaseSamples {
    /// Android's and Flutter's `ASSUME_POINTER_STOPPED_TIME`, 0.040 s.
    public static let defaultStoppedAfter = 0.040

    /// The sample a lift-off is compared with: the newest measured sample of a touch's samples
    /// (`TouchSample.isResampled` false), nil when every one is resampled or predicted.
    package static func lastMovement(in touches: some BidirectionalCollection<TouchSample>) -> TouchSample? {
        touches.last { !$0.isResampled }
    }

    /// The lift-off rule for one sample: whether `lift` repeats `previous`'s position (it is then
    /// no movement and is dropped) and, if so, whether it came more than `stoppedAfter` seconds
    /// later (the pointer had stopped: velocity 0). `previous` is the touch's last movement, its
    /// newest measured sample (`lastMovement(in:)`): a resampled or predicted sample after it
    /// does not count.
    package static func liftOff(
        _ lift: TouchSample, after previous: TouchSample, stoppedAfter: Double = ReleaseSamples.defaultStoppedAfter
    ) -> (repeatsPosition: Bool, pointerStopped: Bool) {
        let repeats = lift.x == previous.x && lift.y == previous.y
        return (repeats, repeats && pointerStopped(since: previous.time, at: lift.time, stoppedAfter: stoppedAfter))
    }

    /// The pointer-stopped rule: a finger whose last sample came at `lastSample` (seconds) has
    /// stopped by `time` when more than `stoppedAfter` seconds (and the clock's resolution,
    /// `VelocityWindow.timeResolution`) passed with no sample. A lift-off then releases with
    /// velocity 0 (`liftOff(_:after:stoppedAfter:)`), and a frame of a finger still down reports
    /// velocity 0: a finger that rests sends no samples (UIKit reports no move of a still touch).
    package static func pointerStopped(since lastSample: Double, at time: Double, stoppedAfter: Double) -> Bool {
        time - lastSample > stoppedAfter + VelocityWindow.timeResolution
    }

    /// True when the lift-off `lift` releases with velocity 0, whatever the samples: a cancelled
    /// touch (Android clears its tracker on `ACTION_CANCEL`), or a lift-off repeating the
    /// position of `previous`, the touch's last movement (`lastMovement(in:)`), more than
    /// `stoppedAfter` seconds later (the pointer had stopped).
    package static func releasesWithoutVelocity(
        _ lift: TouchSample, after previous: TouchSample, stoppedAfter: Double = ReleaseSamples.defaultStoppedAfter
    ) -> Bool {
        lift.phase == .cancelled || liftOff(lift, after: previous, stoppedAfter: stoppedAfter).pointerStopped
    }
}

extension ReleaseSamples {
    /// `samples` with each mark applied: a mark `c` negates the positions of the samples before
    /// it (indices `0..<c`), as a reversible direction mirrors the samples so far when the finger
    /// crosses back over touch-down (`InteractiveTransition`). Marks are in the order they were
    /// made (non-decreasing). One pass from the newest sample, whatever the number of marks; the
    /// result is bit for bit what negating at every mark gives (negation is exact).
    package static func mirrored(_ samples: [AxisSample], at marks: [Int]) -> [AxisSample] {
        guard !marks.isEmpty else { return samples }
        var result = samples
        var next = marks.count - 1
        var negate = false
        for index in result.indices.reversed() {
            while next >= 0 && marks[next] > index {
                negate.toggle()
                next -= 1
            }
            if negate { result[index].position.negate() }
        }
        return result
    }
}

extension VelocityEstimator {
    /// The velocity as known at `time` (seconds): only samples with `sample.time <= time` are
    /// used, so the result cannot depend on later samples. For scrubbing a gesture in progress.
    package func velocity(of samples: [AxisSample], atTime time: Double) -> Double {
        var end = samples.endIndex
        while end > samples.startIndex && samples[end - 1].time > time { end -= 1 }
        return velocity(of: Array(samples[..<end]))
    }
}
