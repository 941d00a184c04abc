import TransitionPhysics

/// How a touch screen and a gesture recognizer turn a finger's true motion into samples:
/// a display-synchronised frame clock with jitter and stalls, position noise, and the
/// recognizer's touch slop.
///
/// Defaults are calibrated on the recorded BioIdent swipes (docs/references.md#the-recorded-swipes; 60 Hz
/// Android, positions rescaled to a 390-point width):
/// - intervals: median 17 ms; intervals after the first exceed 40 ms 2.5% of the time (stalls
///   of median 53 ms, p90 116 ms). The first interval (touch-down to first move) is longer,
///   median 43 ms, more than 40 ms in 55% of strokes: together about 8% of all intervals;
/// - position noise: a 5-point local cubic fit leaves residuals with a robust standard deviation
///   of 1.0 pt, which is 0.72 of the per-sample noise, so about 1.4 pt per sample on 2013
///   Android hardware (an upper bound for current phones; the default is 1 pt).
///
/// With these defaults the two families the recording contains (shortFastFlick,
/// dragThroughMiddle) reproduce it: first interval median 40-41 ms (recorded 43 ms), intervals
/// over 40 ms 10.5% and 6.8% (recorded 8.7%), the 5-point residual 0.72 times the noise.
public struct TouchSamplingModel: Hashable, Sendable {
    /// Frames per second of the touch clock (60 or 120 on phones); intervals are 1 / rate.
    public var samplingRate: Double
    /// Standard deviation of each reported timestamp around its frame, in seconds.
    public var timingJitter: Double
    /// Probability that the interval after a reported `changed` sample is a stall (dropped
    /// frames): the next report comes after a whole number of frames totalling at least 45 ms
    /// (log-normal, median 55 ms, at most 200 ms), so such intervals exceed 40 ms.
    public var droppedFrameProbability: Double
    /// Standard deviation of the Gaussian noise added to x and y of every reported position,
    /// in points.
    public var positionNoise: Double
    /// Distance the finger must move from touch-down, in points, before the first `changed`
    /// sample is reported (a recognizer's hysteresis; Android's touch slop is 8 dp). It keeps
    /// the first reported movement in the gesture's true direction despite the noise.
    public var touchSlop: Double

    /// - Parameters:
    ///   - samplingRate: frames per second, > 25 so that an undisturbed interval stays under 40 ms.
    ///   - timingJitter: seconds, >= 0; nil means min(1 ms, 10% of a frame).
    ///   - droppedFrameProbability: in [0, 1].
    ///   - positionNoise: points, >= 0.
    ///   - touchSlop: points, >= 0.
    public init(
        samplingRate: Double = 60, timingJitter: Double? = nil, droppedFrameProbability: Double = 0.025,
        positionNoise: Double = 1, touchSlop: Double = 5
    ) {
        precondition(samplingRate > 25 && samplingRate.isFinite, "samplingRate must be a finite rate above 25 Hz, got \(samplingRate)")
        precondition((0...1).contains(droppedFrameProbability), "droppedFrameProbability must be in [0, 1], got \(droppedFrameProbability)")
        precondition(positionNoise >= 0 && touchSlop >= 0, "positionNoise and touchSlop must be >= 0")
        self.samplingRate = samplingRate
        self.timingJitter = timingJitter ?? min(0.001, 0.1 / samplingRate)
        precondition(self.timingJitter >= 0, "timingJitter must be >= 0")
        self.droppedFrameProbability = droppedFrameProbability
        self.positionNoise = positionNoise
        self.touchSlop = touchSlop
    }

    /// Seconds between undisturbed frames.
    public var framePeriod: Double { 1 / samplingRate }

    /// Shortest stall, in seconds: long enough that jitter never brings it under 40 ms.
    static let minimumStall = 0.045

    /// Of the lift-offs after a movement, the share whose up event carries the new position; the
    /// others get a final move there `finalMoveLead` before an up that repeats it. BioIdent: 2,999
    /// up samples at a new position (a median 10 ms after the last move), 3,404 repeating a move
    /// at most 25 ms earlier (a median 1 ms), 958 repeating one more than 25 ms earlier (a finger
    /// that rested): 2,999 / (2,999 + 3,404) = 0.47.
    public static let liftOffNewPositionProbability = 0.47
    /// How long before the lift-off a final move is delivered when the up repeats it, in seconds:
    /// 0.001 s, the recorded median (`transition-bench traces`).
    public static let finalMoveLead = 0.001

    /// The samples a recognizer reports for `motion`: `began` at time 0 at the touch-down point,
    /// `changed` at each frame after the touch slop until lift-off, and `ended` at the lift-off
    /// time. A finger that moved since the last report by more than the position noise (0.5 pt
    /// at least) is seen where it lifts: the `ended` sample carries that position, or a final
    /// `changed` there `finalMoveLead` earlier precedes an `ended` that repeats it (see
    /// `liftOffNewPositionProbability`); a finger that rested gets an `ended` repeating the last
    /// report (velocity trackers ignore such a lift-off).
    ///
    /// - Parameters:
    ///   - motion: the true motion, in progress units along the initial direction.
    ///   - direction: maps progress to screen x: x = startX + sign * progress * travel.
    ///   - travel: points that map to progress 1.
    ///   - startX: the touch-down x, in points.
    ///   - startY: the touch-down y, in points.
    ///   - verticalSlope: y drifts by this many points per point of movement along x.
    ///   - rng: the gesture's own random stream (timing jitter, dropped frames, position noise).
    public func samples(
        of motion: SyntheticMotion, direction: SwipeDirection, travel: Double,
        startX: Double, startY: Double, verticalSlope: Double,
        using rng: inout Xoshiro256StarStar
    ) -> [TouchSample] {
        let path = motion.path
        let lift = motion.liftTime
        let period = framePeriod
        let sign = direction.sign
        var samples: [TouchSample] = []
        samples.reserveCapacity(Int(lift * samplingRate) + 4)

        func report(_ time: Double, _ phase: TouchPhase, using rng: inout Xoshiro256StarStar) {
            let along = path.position(at: time) * travel
            let x = startX + sign * along + positionNoise * rng.normal()
            let y = startY + verticalSlope * along + positionNoise * rng.normal()
            samples.append(TouchSample(time: time, x: x, y: y, phase: phase))
        }

        report(0, .began, using: &rng)
        // Touch-down falls anywhere between two frames of the display clock.
        var frame = period * rng.uniform()
        while frame <= lift && abs(path.position(at: frame)) * travel < touchSlop {
            frame += period
        }
        var lastTime = 0.0
        while frame <= lift {
            let jittered = frame + timingJitter * rng.normal()
            // Keep time order (a tenth of a frame apart) and never report after lift-off.
            let time = min(max(jittered, lastTime + 0.1 * period), lift)
            report(time, .changed, using: &rng)
            lastTime = time
            if rng.bernoulli(droppedFrameProbability) {
                let stall = rng.logNormal(median: 0.055, logStandardDeviation: 0.4, clippedTo: Self.minimumStall...0.2)
                frame += (stall / period).rounded(.up) * period
            } else {
                frame += period
            }
        }
        if samples.count == 1 {
            // Lifted before the slop or the first frame: recognizers deliver the final move with the lift.
            report(lift, .changed, using: &rng)
        }
        // A finger that moved since the last report (by more than the position noise) is seen
        // where it lifts: the up event carries the new position (probability
        // `liftOffNewPositionProbability`), or the recognizer delivers a final move there just
        // before an up that repeats it. A finger that rested repeats the last report (Android's
        // ACTION_UP "always reports the last known position"). Drawn last, so every earlier
        // sample is unchanged.
        let last = samples[samples.count - 1]
        let moved = abs(path.position(at: lift) - path.position(at: last.time)) * travel
        if samples.count > 1 && moved > max(positionNoise, 0.5) {
            if rng.bernoulli(Self.liftOffNewPositionProbability) {
                report(lift, .ended, using: &rng)
                return samples
            }
            report(max(lift - Self.finalMoveLead, min(lift, last.time + 0.1 * period)), .changed, using: &rng)
        }
        let final = samples[samples.count - 1]
        samples.append(TouchSample(time: lift, x: final.x, y: final.y, phase: .ended))
        return samples
    }
}
