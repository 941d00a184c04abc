import TransitionPhysics

/// A flick whose finger velocity at lift-off is known exactly: the input of the estimators'
/// accuracy measurement (`EstimatorAccuracy`, `transition-bench estimators`).
///
/// The finger follows a minimum-jerk movement (Flash and Hogan 1985, `MinimumJerkSegment`) from
/// rest and lifts part way through it, so the true velocity at lift-off is the closed form
/// `SyntheticMotion.releaseVelocity`. A touch screen samples it at a fixed rate with timing
/// jitter (`TouchSamplingModel`'s) and position noise, no dropped frames and no touch
/// slop, and the lift-off comes 0 to 10 ms after the last move, repeating its position, as
/// UIKit's and Android's up events do.
public struct SyntheticFlick: Hashable, Sendable {
    /// The samples: `began` at touch-down (time 0), `changed` at each frame, `ended` repeating
    /// the last position; positions in points, travel 390 pt by default.
    public var trace: GestureTrace
    /// The swipe's screen direction; progress grows along it.
    public var direction: SwipeDirection
    /// The finger's true motion, progress along `direction` against seconds since touch-down;
    /// its `liftTime` is the `ended` sample's time.
    public var motion: SyntheticMotion
    /// Touch frames per second the flick was sampled at, Hz.
    public var samplingRate: Double

    /// The finger's true velocity at lift-off, travel widths per second, positive along `direction`.
    public var releaseVelocity: Double { motion.releaseVelocity }
}

/// A seeded source of `SyntheticFlick`s: flick `i` has the same finger motion at every sampling
/// rate (only the sampling's jitter and noise are drawn per rate), so one gesture can be
/// compared across rates.
///
/// Motion: the finger lifts after `durations` (40 to 120 ms) at a phase in `phases` of its
/// minimum-jerk movement (0.35: still accelerating; 0.5: at its peak speed; 0.65: slowing down)
/// moving at a velocity drawn log-uniformly from `velocities` (1 to 6 widths per second).
/// Flicks alternate directions: even indices left to right, odd right to left.
public struct SyntheticFlickGenerator: Hashable, Sendable {
    /// The seed: flick i draws its motion from `Xoshiro256StarStar(seed:stream:index:)`.
    public var seed: UInt64
    /// Points that map to progress 1 (a phone's width, 390 pt).
    public var travel: Double
    /// Standard deviation of the Gaussian noise on each reported x and y, points (default
    /// `defaultPositionNoise`).
    public var positionNoise: Double

    /// 0.5 pt: half the 1 pt that `TouchSamplingModel` takes as the bound of 2013 Android
    /// hardware, for current phones (docs/velocity.md gives the table at 1 pt too).
    public static let defaultPositionNoise = 0.5

    /// Seconds from touch-down to lift-off: 0.040 to 0.120 s.
    public static let durations = 0.040...0.120
    /// Phases of the minimum-jerk movement at lift-off: 0.35 to 0.65, around its peak speed (0.5).
    public static let phases = 0.35...0.65
    /// Velocities at lift-off, travel widths per second (log-uniform): 1 to 6.
    public static let velocities = 1.0...6.0
    /// Seconds from the last move to the lift-off: 0 to 0.010 s.
    public static let liftOffDelays = 0.0...0.010

    /// A generator; `travel` in points (> 0), `positionNoise` in points (>= 0).
    public init(seed: UInt64, travel: Double = 390, positionNoise: Double = SyntheticFlickGenerator.defaultPositionNoise) {
        precondition(travel > 0 && travel.isFinite, "travel must be a positive number of points, got \(travel)")
        precondition(positionNoise >= 0 && positionNoise.isFinite, "positionNoise must be a finite number of points >= 0, got \(positionNoise)")
        self.seed = seed
        self.travel = travel
        self.positionNoise = positionNoise
    }

    /// The true motion of flick `index` (>= 0), the same at every sampling rate.
    public func motion(index: Int) -> SyntheticMotion {
        precondition(index >= 0, "a flick index must be >= 0, got \(index)")
        var rng = Xoshiro256StarStar(seed: seed, stream: 0x666c_6963_6b, index: UInt64(index))
        let liftTime = rng.uniform(in: Self.durations)
        let phase = rng.uniform(in: Self.phases)
        let logVelocity = rng.uniform(
            in: PortableMath.log(Self.velocities.lowerBound)...PortableMath.log(Self.velocities.upperBound))
        let velocity = PortableMath.exp(logVelocity)
        // Lifted at phase s of a segment of amplitude A and duration T = liftTime / s:
        // v = A shape'(s) / T.
        let duration = liftTime / phase
        let amplitude = velocity * duration / MinimumJerkSegment.shapeSlope(phase)
        var path = MinimumJerkPath(start: 0)
        path.move(to: amplitude, duration: duration)
        return SyntheticMotion(path: path, liftTime: liftTime)
    }

    /// Flick `index` (>= 0) sampled at `samplingRate` Hz (> 25).
    public func flick(index: Int, samplingRate: Double) -> SyntheticFlick {
        let motion = motion(index: index)
        let sampling = TouchSamplingModel(samplingRate: samplingRate, droppedFrameProbability: 0, positionNoise: positionNoise, touchSlop: 0)
        var rng = Xoshiro256StarStar(seed: seed, stream: 0x7261_7465 &+ UInt64(samplingRate * 1000), index: UInt64(index))
        let direction: SwipeDirection = index % 2 == 0 ? .leftToRight : .rightToLeft
        let startX = direction == .leftToRight ? 0.3 * travel : 0.7 * travel
        let startY = travel
        let delay = rng.uniform(in: Self.liftOffDelays)
        let lift = motion.liftTime
        let lastMove = lift - delay
        var times: [Double] = []
        var frame = lastMove
        while frame > 0.25 * sampling.framePeriod {
            times.append(frame)
            frame -= sampling.framePeriod
        }
        times.reverse()
        var samples: [TouchSample] = []
        samples.reserveCapacity(times.count + 2)
        func report(_ time: Double, _ phase: TouchPhase, using rng: inout Xoshiro256StarStar) {
            let along = motion.path.position(at: time) * travel
            let x = startX + direction.sign * along + positionNoise * rng.normal()
            let y = startY + positionNoise * rng.normal()
            samples.append(TouchSample(time: time, x: x, y: y, phase: phase))
        }
        report(0, .began, using: &rng)
        var previous = 0.0
        for time in times {
            let jittered = time + sampling.timingJitter * rng.normal()
            // Time order kept (a tenth of a frame apart), never after the lift-off.
            let reported = min(max(jittered, previous + 0.1 * sampling.framePeriod), lift)
            report(reported, .changed, using: &rng)
            previous = reported
        }
        let last = samples[samples.count - 1]
        samples.append(TouchSample(time: lift, x: last.x, y: last.y, phase: .ended))
        let trace = GestureTrace(
            id: "flick-\(index)-\(samplingRate)hz", samples: samples, travel: travel, intent: .finish, family: "flick")
        return SyntheticFlick(trace: trace, direction: direction, motion: motion, samplingRate: samplingRate)
    }

    /// Flicks `0..<count` at `samplingRate` Hz.
    public func flicks(count: Int, samplingRate: Double) -> [SyntheticFlick] {
        precondition(count >= 0, "count must be >= 0, got \(count)")
        return (0..<count).map { flick(index: $0, samplingRate: samplingRate) }
    }
}
