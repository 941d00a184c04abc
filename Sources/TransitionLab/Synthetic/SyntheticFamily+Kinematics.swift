import TransitionPhysics

// Drawing the true motion of one gesture of a family (the ranges are documented on each case
// of `SyntheticFamily`). Everything here is in progress units along the initial direction.

/// The true, noise-free motion of one synthetic gesture: a minimum-jerk path in progress units
/// (0 at touch-down, 1 at the full travel, along the gesture's initial direction) and the
/// moment the finger lifts.
public struct SyntheticMotion: Hashable, Sendable {
    /// Progress (travel fractions) against seconds since touch-down.
    public var path: MinimumJerkPath
    /// Seconds from touch-down to lift-off; within the path's duration.
    public var liftTime: Double

    /// A motion along `path`, lifted at `liftTime` seconds (in (0, path duration]).
    public init(path: MinimumJerkPath, liftTime: Double) {
        precondition(liftTime > 0 && liftTime <= path.duration, "lift-off must fall inside the path (0, \(path.duration)], got \(liftTime)")
        self.path = path
        self.liftTime = liftTime
    }

    /// The true progress at lift-off (travel fractions).
    public var releaseProgress: Double { path.position(at: liftTime) }
    /// The true progress velocity at lift-off, in travel widths per second (positive toward
    /// finishing); exactly 0 when the finger lifts during a hold or at the path's end.
    public var releaseVelocity: Double { path.velocity(at: liftTime) }
}

extension SyntheticFamily {
    /// Redraws allowed before a family's constraints are declared inconsistent; the rejection
    /// rate of the strictest family (shortFastFlick) is about 40%.
    static let maximumAttempts = 1000

    /// Draws the true motion of one gesture of this family.
    public func drawMotion(using rng: inout Xoshiro256StarStar) -> SyntheticMotion {
        for _ in 0..<Self.maximumAttempts {
            if let motion = tryDrawMotion(using: &rng) { return motion }
        }
        preconditionFailure("\(rawValue): no draw met the family's constraints in \(Self.maximumAttempts) attempts; its ranges are inconsistent")
    }

    /// Largest planned amplitude: the hand may aim a little past the far edge, not further.
    static let maximumAmplitude = 1.25

    /// One attempt: the motion, or nil when the drawn parameters break the family's conditions.
    func tryDrawMotion(using rng: inout Xoshiro256StarStar) -> SyntheticMotion? {
        typealias Jerk = MinimumJerkSegment
        switch self {
        case .shortFastFlick:
            let liftTime = rng.logNormal(median: 0.14, logStandardDeviation: 0.35, clippedTo: 0.08...0.25)
            let velocity = rng.logNormal(median: 3.5, logStandardDeviation: 0.35, clippedTo: 1.5...6)
            let phase = rng.uniform(in: 0.5...0.85)
            // A flick lifted at phase s of a segment of amplitude A and duration T = D / s has
            // p = A shape(s) and v = A shape'(s) / T, so p = v D shape(s) / (s shape'(s)).
            let progress = velocity * liftTime * Jerk.shape(phase) / (phase * Jerk.shapeSlope(phase))
            guard (0.08...0.48).contains(progress) else { return nil }
            return forwardMotion(progress: progress, liftTime: liftTime, phase: phase)

        case .dragThroughMiddle:
            let progress = rng.uniform(in: 0.52...0.95)
            let liftTime = rng.logNormal(median: 0.18, logStandardDeviation: 0.4, clippedTo: 0.09...0.6)
            let phase = rng.uniform(in: 0.45...0.95)
            let velocity = progress * phase * Jerk.shapeSlope(phase) / (liftTime * Jerk.shape(phase))
            guard (0.4...8).contains(velocity) else { return nil }
            return forwardMotion(progress: progress, liftTime: liftTime, phase: phase)

        case .slowDragPastMiddle:
            return restingMotion(
                amplitude: rng.uniform(in: 0.6...0.95), movementTime: rng.uniform(in: 0.4...1.2),
                hold: rng.uniform(in: 0.08...0.4))

        case .hesitateBelowMiddle:
            return restingMotion(
                amplitude: rng.uniform(in: 0.1...0.4), movementTime: rng.uniform(in: 0.3...0.9),
                hold: rng.uniform(in: 0.1...0.5))

        case .peekAndReturn:
            let amplitude = rng.uniform(in: 0.12...0.45)
            let forwardTime = rng.uniform(in: 0.15...0.5)
            let hold = rng.uniform(in: 0...0.2)
            let back = amplitude * rng.uniform(in: 0...0.4)
            let returnTime = rng.uniform(in: 0.15...0.45)
            let phase = rng.uniform(in: 0.35...0.85)
            let motion = returningMotion(
                amplitude: amplitude, forwardTime: forwardTime, hold: hold,
                back: back, returnTime: returnTime, phase: phase)
            return motion.releaseVelocity <= -0.3 ? motion : nil

        case .pastMiddleThenFlickBack:
            let amplitude = rng.uniform(in: 0.55...0.9)
            let forwardTime = rng.uniform(in: 0.25...0.7)
            let hold = rng.uniform(in: 0...0.2)
            let back = rng.uniform(in: 0...0.3)
            let returnTime = rng.uniform(in: 0.1...0.25)
            let phase = rng.uniform(in: 0.35...0.7)
            let motion = returningMotion(
                amplitude: amplitude, forwardTime: forwardTime, hold: hold,
                back: back, returnTime: returnTime, phase: phase)
            return motion.releaseVelocity <= -1 ? motion : nil
        }
    }

    /// One forward segment lifted at `phase` after `liftTime` seconds with progress `progress`;
    /// nil when its amplitude would exceed `maximumAmplitude`.
    private func forwardMotion(progress: Double, liftTime: Double, phase: Double) -> SyntheticMotion? {
        let amplitude = progress / MinimumJerkSegment.shape(phase)
        guard amplitude <= Self.maximumAmplitude else { return nil }
        var path = MinimumJerkPath(start: 0)
        path.move(to: amplitude, duration: liftTime / phase)
        return SyntheticMotion(path: path, liftTime: min(liftTime, path.duration))
    }

    /// A movement to `amplitude`, a hold, and lift-off at the end of the hold (at rest).
    private func restingMotion(amplitude: Double, movementTime: Double, hold: Double) -> SyntheticMotion {
        var path = MinimumJerkPath(start: 0)
        path.move(to: amplitude, duration: movementTime)
        path.hold(duration: hold)
        return SyntheticMotion(path: path, liftTime: path.duration)
    }

    /// Forward to `amplitude`, an optional hold, back toward `back`, lifted at `phase` of the return.
    private func returningMotion(
        amplitude: Double, forwardTime: Double, hold: Double,
        back: Double, returnTime: Double, phase: Double
    ) -> SyntheticMotion {
        var path = MinimumJerkPath(start: 0)
        path.move(to: amplitude, duration: forwardTime)
        path.hold(duration: hold)
        let returnStart = path.duration
        path.move(to: back, duration: returnTime)
        return SyntheticMotion(path: path, liftTime: returnStart + phase * returnTime)
    }
}
