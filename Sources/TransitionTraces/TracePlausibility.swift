import TransitionLab
import TransitionPhysics

/// Checks for the unit mistakes a valid trace file can still hold (docs/traces.md, "Units"):
/// t_ms written in seconds, or positions and travel_px in different units. The reader cannot
/// refuse them (every number is in range), but the replay would run them without a word: t_ms in
/// seconds made a 3,257 widths/s release. Tools report them as warnings with the trace ids
/// (`transition-bench behavior` on standard error).
public enum TracePlausibility {
    /// The shortest plausible median interval between a trace's samples, seconds: 0.5 ms (2 kHz).
    /// Touch panels report at 60 to 240 Hz (the recorded swipes: median 17 ms, docs/references.md#the-recorded-swipes;
    /// no recorded trace has a median under 1 ms) and the fastest phones' panels at up to 1 kHz
    /// (1 ms). A median under 0.5 ms is faster than touch hardware reports, and is what t_ms
    /// written in seconds gives (17 ms written as 0.017).
    public static let minimumMedianSampleInterval = 0.0005

    /// The fastest plausible release, travel widths per second: 25. Android's and Flutter's
    /// largest fling velocity is 8,000 logical pixels (points) per second
    /// (docs/references.md#release-velocity: estimates above it are not a
    /// finger's and are capped); on the narrowest phone (320 pt wide) that is 25 widths per
    /// second, and on any wider screen fewer. The recorded swipes release at a median of
    /// 3.2 widths/s; a release past 25 widths/s is a unit mix-up (t_ms in seconds, positions in a
    /// smaller unit than travel_px) or a sensor glitch (76 of the 7,361 recorded swipes, such as
    /// 632 px in 1 ms).
    public static let maximumReleaseSpeed = ReleaseSpeedLimit.platformMaximum / narrowestPhoneWidthPoints

    /// The narrowest phone screen, points (iPhone SE, first generation): `maximumReleaseSpeed`'s
    /// travel.
    public static let narrowestPhoneWidthPoints = 320.0

    /// The median of the trace's positive intervals between consecutive samples, seconds; nil when
    /// no two samples have different times.
    public static func medianSampleInterval(of trace: GestureTrace) -> Double? {
        var intervals: [Double] = []
        for (earlier, later) in zip(trace.samples, trace.samples.dropFirst()) where later.time > earlier.time {
            intervals.append(later.time - earlier.time)
        }
        guard !intervals.isEmpty else { return nil }
        intervals.sort()
        let middle = intervals.count / 2
        return intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
    }

    /// The finger's speed at lift-off, travel widths per second: `estimator`'s velocity of the
    /// samples along the trace's axis (`axis` when it declares none), the lift-off dropped when it
    /// repeats the last position (`ReleaseSamples.liftOff`), divided by the travel. Raw: no
    /// direction rule, no touch slop, no cap, no pointer-stopped rule, so that a unit mistake
    /// shows whatever the replay then makes of it.
    public static func releaseSpeed(of trace: GestureTrace, estimator: any VelocityEstimator, axis: TouchAxis = .x) -> Double {
        var samples = trace.samples
        if samples.count >= 2, samples[samples.count - 1].phase == .ended || samples[samples.count - 1].phase == .cancelled,
            ReleaseSamples.liftOff(samples[samples.count - 1], after: samples[samples.count - 2]).repeatsPosition {
            samples.removeLast()
        }
        let velocity = estimator.velocity(of: samples.axisSamples(along: trace.axis ?? axis))
        return abs(velocity) / trace.travel
    }

    /// What is implausible about one trace: its median interval (seconds) when under
    /// `minimumMedianSampleInterval`, its release speed (widths/s) when over `maximumReleaseSpeed`.
    public struct Finding: Hashable, Sendable {
        /// The trace's id.
        public var traceID: String
        /// The median sample interval, seconds, when implausibly short; else nil.
        public var medianSampleInterval: Double?
        /// The release speed, travel widths per second, when implausibly fast; else nil.
        public var releaseSpeed: Double?
    }

    /// The traces with an implausible median interval or release speed, in order.
    public static func findings(
        in traces: [GestureTrace], estimator: any VelocityEstimator, axis: TouchAxis = .x
    ) -> [Finding] {
        traces.compactMap { trace in
            let interval = medianSampleInterval(of: trace).flatMap { $0 < minimumMedianSampleInterval ? $0 : nil }
            let speed = releaseSpeed(of: trace, estimator: estimator, axis: axis)
            let fast = speed > maximumReleaseSpeed || !speed.isFinite ? speed : nil
            guard interval != nil || fast != nil else { return nil }
            return Finding(traceID: trace.id, medianSampleInterval: interval, releaseSpeed: fast)
        }
    }
}
