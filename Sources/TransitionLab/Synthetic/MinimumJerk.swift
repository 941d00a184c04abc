import TransitionPhysics

// Minimum-jerk point-to-point movements (Flash and Hogan, "The coordination of arm movements:
// an experimentally confirmed mathematical model", J. Neurosci. 5(7), 1985).
//
// Among all motions from rest at x0 to rest at x1 in time T, the one that minimises the
// integrated squared jerk is the quintic x(t) = x0 + (x1 - x0) (10 s^3 - 15 s^4 + 6 s^5),
// s = t / T. Velocity and acceleration vanish at both ends, the velocity profile is the
// bell 30 s^2 (1 - s)^2 with its peak 1.875 (x1 - x0) / T at s = 1/2. Planar reaching and
// finger swipes follow it closely, which is why the synthetic gestures are built from it.

/// One minimum-jerk movement from rest at `start` to rest at `end` in `duration` seconds.
///
/// Positions are in the caller's unit (the synthetic families use progress fractions).
public struct MinimumJerkSegment: Hashable, Sendable {
    /// Position at time 0.
    public var start: Double
    /// Position at time `duration` and after.
    public var end: Double
    /// Seconds; > 0.
    public var duration: Double

    /// A movement from rest at `start` to rest at `end` in `duration` seconds (positive, finite).
    public init(start: Double, end: Double, duration: Double) {
        precondition(duration > 0 && duration.isFinite, "a minimum-jerk segment needs a positive finite duration, got \(duration)")
        self.start = start
        self.end = end
        self.duration = duration
    }

    /// The normalised path 10 s^3 - 15 s^4 + 6 s^5 for s in [0, 1]: 0 at 0, 1/2 at 1/2, 1 at 1.
    @inlinable
    public static func shape(_ s: Double) -> Double {
        s * s * s * (10 + s * (-15 + 6 * s))
    }

    /// d shape / ds = 30 s^2 (1 - s)^2: 0 at both ends, 1.875 at s = 1/2.
    @inlinable
    public static func shapeSlope(_ s: Double) -> Double {
        let u = s * (1 - s)
        return 30 * u * u
    }

    /// d^2 shape / ds^2 = 60 s (1 - s) (1 - 2 s): 0 at both ends and at s = 1/2.
    @inlinable
    public static func shapeCurvature(_ s: Double) -> Double {
        60 * s * (1 - s) * (1 - 2 * s)
    }

    /// The position after `time` seconds; `start` before 0 and `end` after `duration`.
    public func position(at time: Double) -> Double {
        start + (end - start) * Self.shape(phase(at: time))
    }

    /// The velocity after `time` seconds, in position units per second; 0 outside the segment.
    public func velocity(at time: Double) -> Double {
        (end - start) / duration * Self.shapeSlope(phase(at: time))
    }

    /// The acceleration after `time` seconds, in position units per second squared.
    public func acceleration(at time: Double) -> Double {
        (end - start) / (duration * duration) * Self.shapeCurvature(phase(at: time))
    }

    /// The peak speed (at mid-movement), in position units per second.
    public var peakVelocity: Double { 1.875 * (end - start) / duration }

    /// `time / duration` clamped to [0, 1].
    @inlinable
    public func phase(at time: Double) -> Double {
        min(max(time / duration, 0), 1)
    }
}

/// A movement made of consecutive minimum-jerk segments, each starting where the previous
/// one ended (a segment whose end equals its start is a hold at rest).
///
/// Time 0 is the start of the first segment; before it the position is `start`, after the
/// last segment it is `end`, and the velocity is 0 at every joint between segments.
public struct MinimumJerkPath: Hashable, Sendable {
    /// Position at time 0.
    public let start: Double
    /// The segments, in time order.
    public private(set) var segments: [MinimumJerkSegment] = []
    /// When each segment starts, in seconds (same count as `segments`).
    public private(set) var startTimes: [Double] = []
    /// The total duration, in seconds.
    public private(set) var duration: Double = 0

    /// An empty path at rest at `start`.
    public init(start: Double) {
        self.start = start
    }

    /// The position at the end of the last segment.
    public var end: Double { segments.last?.end ?? start }

    /// Appends a minimum-jerk movement from the current end to `position` in `duration` seconds.
    public mutating func move(to position: Double, duration: Double) {
        segments.append(MinimumJerkSegment(start: end, end: position, duration: duration))
        startTimes.append(self.duration)
        self.duration += duration
    }

    /// Appends a rest at the current end for `duration` seconds (> 0); zero durations are ignored.
    public mutating func hold(duration: Double) {
        if duration > 0 { move(to: end, duration: duration) }
    }

    /// The segment in progress at `time` and the time since it started (nil before time 0 and
    /// after the end, where the path is at rest).
    func segment(at time: Double) -> (segment: MinimumJerkSegment, localTime: Double)? {
        guard time > 0, time < duration else { return nil }
        var i = segments.count - 1
        while i > 0 && startTimes[i] > time { i -= 1 }
        return (segments[i], time - startTimes[i])
    }

    /// The position after `time` seconds.
    public func position(at time: Double) -> Double {
        if let (segment, local) = segment(at: time) { return segment.position(at: local) }
        return time <= 0 ? start : end
    }

    /// The velocity after `time` seconds, in position units per second.
    public func velocity(at time: Double) -> Double {
        segment(at: time).map { $0.segment.velocity(at: $0.localTime) } ?? 0
    }

    /// The acceleration after `time` seconds, in position units per second squared.
    public func acceleration(at time: Double) -> Double {
        segment(at: time).map { $0.segment.acceleration(at: $0.localTime) } ?? 0
    }
}
