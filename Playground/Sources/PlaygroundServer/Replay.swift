import TransitionLab
import TransitionPhysics

/// The replay of one request under one model, as the benchmark replays a trace: the samples go
/// one by one through `InteractiveTransition.handle(_:)` (as `GestureRunner.run` feeds them),
/// the release's outcome is the `ReleaseOutcome` `GestureRunner.run` reports, and the completion
/// is what `advance(to:)` shows frame by frame from the release until `isAtRest`.
///
/// Units: times in seconds since the release (the drag is at negative times), progress a
/// fraction of the travel, velocity travel widths (progress) per second. The JSON is flat: the
/// outcome's fields (`decision` as `finish` or `cancel`, `completionTime` null when the
/// completion does not settle within `CompletionCurve.maximumSeconds`, `projectedProgress` null
/// for models that do not project) beside the keys below.
public struct ReplayResult: Sendable, Codable, Equatable {
    /// One displayed state.
    public struct Frame: Sendable, Codable, Equatable {
        /// Seconds since the release.
        public var t: Double
        /// Progress, fraction of the travel.
        public var progress: Double
        /// Progress velocity, travel widths per second (during the drag, the estimator's).
        public var velocity: Double
    }

    /// The release in numbers, as `GestureRunner.run` reports it.
    public var outcome: ReleaseOutcome
    /// When the finger lifted, seconds on the samples' clock.
    public var releaseTime: Double
    /// +1 when progress grows with x, -1 when it grows against x (decided by the gesture).
    public var direction: Double
    /// The progress the completion ends at (a detent).
    public var target: Double
    /// True when the completion was still moving after `PlaygroundLimits.maximumCompletionSeconds`
    /// and `frames` stops there.
    public var framesTruncated: Bool
    /// The drag of the touch that released, thinned to `PlaygroundLimits.maximumTrackingPoints`.
    public var tracking: [Frame]
    /// The completion at the frame rate: `t` = 0, 1/frameRate, ... until `isAtRest`.
    public var frames: [Frame]

    /// `finish` or `cancel`.
    public var decision: String { outcome.decision.rawValue }
    /// Where the release would coast, fraction of the travel; nil for models that do not project.
    public var projectedProgress: Double? { outcome.projectedProgress }
    /// Completion velocity just after release minus the finger's, travel widths per second.
    public var velocityJump: Double { outcome.velocityJump }
    /// Time to settle, seconds; nil when the completion does not settle.
    public var completionTime: Double? { outcome.completionTime.isFinite ? outcome.completionTime : nil }
    /// Progress at release, fraction of the travel.
    public var releaseProgress: Double { outcome.releaseProgress }
    /// The finger's velocity at release (the estimator's), travel widths per second.
    public var releaseVelocity: Double { outcome.releaseVelocity }

    /// A result from its parts.
    public init(
        outcome: ReleaseOutcome, releaseTime: Double, direction: Double, target: Double, framesTruncated: Bool,
        tracking: [Frame], frames: [Frame]
    ) {
        self.outcome = outcome
        self.releaseTime = releaseTime
        self.direction = direction
        self.target = target
        self.framesTruncated = framesTruncated
        self.tracking = tracking
        self.frames = frames
    }

    enum CodingKeys: String, CodingKey {
        case decision, projectedProgress, velocityJump, completionTime, releaseProgress, releaseVelocity, releaseTime,
            direction, target, framesTruncated, tracking, frames, visualCompletionTime, overshoot, peakAcceleration
    }

    /// Encodes every key, `projectedProgress` as null when absent and the times and extremes as
    /// null when not finite.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(decision, forKey: .decision)
        try c.encode(projectedProgress, forKey: .projectedProgress)
        try c.encode(velocityJump, forKey: .velocityJump)
        try c.encode(completionTime, forKey: .completionTime)
        try c.encode(releaseProgress, forKey: .releaseProgress)
        try c.encode(releaseVelocity, forKey: .releaseVelocity)
        // Null where not finite (a completion that never comes to rest), as completionTime.
        func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
        try c.encode(finite(outcome.visualCompletionTime), forKey: .visualCompletionTime)
        try c.encode(finite(outcome.overshoot), forKey: .overshoot)
        try c.encode(finite(outcome.peakAcceleration), forKey: .peakAcceleration)
        try c.encode(releaseTime, forKey: .releaseTime)
        try c.encode(direction, forKey: .direction)
        try c.encode(target, forKey: .target)
        try c.encode(framesTruncated, forKey: .framesTruncated)
        try c.encode(tracking, forKey: .tracking)
        try c.encode(frames, forKey: .frames)
    }

    /// Reads what `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let decisionName = try c.decode(String.self, forKey: .decision)
        guard let decision = Decision(rawValue: decisionName) else {
            throw DecodingError.dataCorruptedError(forKey: .decision, in: c, debugDescription: "not a decision: \(decisionName)")
        }
        let metrics = CompletionMetrics(
            completionTime: try c.decodeIfPresent(Double.self, forKey: .completionTime) ?? .infinity,
            velocityJump: try c.decode(Double.self, forKey: .velocityJump),
            overshoot: try c.decodeIfPresent(Double.self, forKey: .overshoot) ?? .infinity,
            peakAcceleration: try c.decodeIfPresent(Double.self, forKey: .peakAcceleration) ?? .infinity)
        outcome = ReleaseOutcome(
            started: true, decision: decision,
            release: ReleaseState(
                progress: try c.decode(Double.self, forKey: .releaseProgress),
                velocity: try c.decode(Double.self, forKey: .releaseVelocity)),
            projectedProgress: try c.decodeIfPresent(Double.self, forKey: .projectedProgress), metrics: metrics,
            visualCompletionTime: try c.decodeIfPresent(Double.self, forKey: .visualCompletionTime) ?? .infinity)
        releaseTime = try c.decode(Double.self, forKey: .releaseTime)
        direction = try c.decode(Double.self, forKey: .direction)
        target = try c.decode(Double.self, forKey: .target)
        framesTruncated = try c.decode(Bool.self, forKey: .framesTruncated)
        tracking = try c.decode([Frame].self, forKey: .tracking)
        frames = try c.decode([Frame].self, forKey: .frames)
    }
}

/// How the playground replays a gesture: the benchmark's replay, `ReplaySettings()` (the
/// recommended least-squares estimator, a reversible direction decided past a 10-unit touch
/// slop, progress clamped, the library's settle tolerance), at the request's frame rate.
public enum Replay {
    /// The replay settings for a request at `frameRateHz`: the benchmark's defaults.
    public static func settings(frameRateHz: Double) -> ReplaySettings {
        ReplaySettings(frameRate: frameRateHz)
    }

    /// The runner `transition-bench` would use for `model`: the reference the API tests compare with.
    public static func runner(for model: BuiltInReleaseModel, frameRateHz: Double) -> GestureRunner {
        settings(frameRateHz: frameRateHz).runner(model: model.model)
    }

    /// Replays `request` under `model`. Throws (400 naming `samples`) when the touch never
    /// released or a value came out non-finite.
    public static func run(_ request: ReleaseRequest, model: BuiltInReleaseModel, limits: PlaygroundLimits) throws(PlaygroundError)
        -> ReplayResult
    {
        let runner = runner(for: model, frameRateHz: request.frameRateHz)
        var transition = runner.transition(
            travel: request.travelPixels, pixelsPerPoint: request.pixelsPerPoint, unitsPerPoint: request.unitsPerPoint)
        transition.detents = request.detents.map { .fraction($0) }
        transition.reduceMotion = request.reduceMotion

        // The drag: every k-th sample of the touch in progress (and its last one), shown as
        // `advance(to:)` shows it.
        let spaced = max(1, limits.maximumTrackingPoints - 1)  // and the touch's last sample
        let every = max(1, (request.samples.count + spaced - 1) / spaced)
        var drag: [ReplayResult.Frame] = []
        var finalRelease: InteractiveTransition.Release?
        for (i, sample) in request.samples.enumerated() {
            if let release = transition.handle(sample) {
                finalRelease = i == request.samples.count - 1 ? release : nil
                continue
            }
            guard case .tracking = transition.phase else { continue }
            if sample.phase == .began { drag.removeAll() }
            let isLastOfTouch = i + 1 < request.samples.count && request.samples[i + 1].phase != .changed
            if i % every == 0 || isLastOfTouch {
                let shown = transition.advance(to: sample.time)
                drag.append(.init(t: sample.time, progress: shown.progress, velocity: shown.velocity))
            }
        }
        guard let release = finalRelease else {
            throw PlaygroundError(
                field: "samples", "the last sample must lift off a touch that began (began, changed..., ended); nothing was released")
        }
        // Decision, projection and metrics exactly as GestureRunner.run reports them.
        let outcome = ReleaseOutcome(release, pixelTolerance: transition.pixelTolerance, settings: runner.settings)

        // Frames from the completion's start: the frame that shows the release position (the
        // drag's last frame when it showed the last move, else the first frame after the
        // lift-off; InteractiveTransition's rules), so frame k is the curve at k / rate.
        var start = release.time
        if case .completing(let animation) = transition.phase { start = animation.startTime }
        var frames: [ReplayResult.Frame] = []
        var complete = false
        for k in 0..<limits.maximumFrames(frameRateHz: request.frameRateHz) {
            let t = Double(k) / request.frameRateHz
            let shown = transition.advance(to: start + t)
            frames.append(.init(t: t, progress: shown.progress, velocity: shown.velocity))
            if shown.isAtRest {
                complete = true
                break
            }
        }
        let result = ReplayResult(
            outcome: outcome, releaseTime: release.time, direction: release.sign, target: release.completion.curve.target, framesTruncated: !complete,
            tracking: drag.map { .init(t: $0.t - release.time, progress: $0.progress, velocity: $0.velocity) }, frames: frames)
        let numbers =
            [result.projectedProgress ?? 0, result.velocityJump, result.completionTime ?? 0, result.releaseProgress, result.releaseVelocity]
            + (result.tracking + result.frames).flatMap { [$0.t, $0.progress, $0.velocity] }
        guard numbers.allSatisfy(\.isFinite) else {
            throw PlaygroundError(field: "samples", "the \(model.kind.rawValue) replay of these samples gave a non-finite value")
        }
        return result
    }
}
