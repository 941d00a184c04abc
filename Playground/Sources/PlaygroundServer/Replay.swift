import TransitionLab
import TransitionPhysics

/// The replay of one request under one model, as the benchmark replays a trace: the samples go
/// one by one through `InteractiveTransition.handle(_:)` (as `GestureRunner.run` feeds them),
/// the release's decision, projection and metrics are those `GestureRunner.run` reports, and the
/// completion is what `advance(to:)` shows frame by frame from the release until `isComplete`.
///
/// Units: times in seconds since the release (the drag is at negative times), progress a
/// fraction of the travel, velocity travel widths (progress) per second.
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

    /// `finish` or `cancel`.
    public var decision: String
    /// Where the release would coast, fraction of the travel; nil (JSON null) for models that do
    /// not project.
    public var projectedProgress: Double?
    /// Completion velocity just after release minus the finger's, travel widths per second
    /// (`CompletionMetrics.velocityJump`).
    public var velocityJump: Double
    /// Time to settle, seconds (`CompletionMetrics.completionTime`); nil (JSON null) when the
    /// completion does not settle within `CompletionCurve.maximumSeconds`.
    public var completionTime: Double?
    /// Progress at release, fraction of the travel.
    public var releaseProgress: Double
    /// The finger's velocity at release (the estimator's), travel widths per second.
    public var releaseVelocity: Double
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
    /// The completion at the frame rate: `t` = 0, 1/frameRate, ... until `isComplete`.
    public var frames: [Frame]

    enum CodingKeys: String, CodingKey {
        case decision, projectedProgress, velocityJump, completionTime, releaseProgress, releaseVelocity, releaseTime,
            direction, target, framesTruncated, tracking, frames
    }

    /// Encodes every key, `projectedProgress` as null when absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(decision, forKey: .decision)
        try c.encode(projectedProgress, forKey: .projectedProgress)
        try c.encode(velocityJump, forKey: .velocityJump)
        try c.encode(completionTime, forKey: .completionTime)
        try c.encode(releaseProgress, forKey: .releaseProgress)
        try c.encode(releaseVelocity, forKey: .releaseVelocity)
        try c.encode(releaseTime, forKey: .releaseTime)
        try c.encode(direction, forKey: .direction)
        try c.encode(target, forKey: .target)
        try c.encode(framesTruncated, forKey: .framesTruncated)
        try c.encode(tracking, forKey: .tracking)
        try c.encode(frames, forKey: .frames)
    }
}

/// How the playground replays a gesture: the benchmark's replay, `ReplaySettings()` (the
/// drop-tolerant least-squares estimator, a reversible direction decided past a 10-unit touch
/// slop, progress clamped, the library's settle tolerance).
public enum Replay {
    /// The replay settings, the benchmark's defaults.
    public static let settings = ReplaySettings()

    /// The runner `transition-bench` would use for `model`: the reference the API tests compare with.
    public static func runner(for model: BuiltInReleaseModel, frameRateHz: Double) -> GestureRunner {
        settings.runner(model: model.model, frameRate: frameRateHz)
    }

    /// Replays `request` under `model`. Throws (400 naming `samples`) when the touch never
    /// released or a value came out non-finite.
    public static func run(_ request: ReleaseRequest, model: BuiltInReleaseModel, limits: PlaygroundLimits) throws(PlaygroundError)
        -> ReplayResult
    {
        let runner = runner(for: model, frameRateHz: request.frameRateHz)
        var transition = InteractiveTransition(
            mapping: ProgressMapping(travel: request.travelPixels, axis: runner.axis, direction: runner.direction, range: runner.range),
            model: runner.model, estimator: runner.estimator)
        transition.detents = request.detents
        transition.reduceMotion = request.reduceMotion
        transition.pixelsPerPoint = request.pixelsPerPoint

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
        let metrics = release.completion.curve.metrics(
            releaseVelocity: release.state.velocity, frameRate: runner.frameRate, settleTolerance: runner.settleTolerance)

        var frames: [ReplayResult.Frame] = []
        var complete = false
        for k in 0..<limits.maximumFrames(frameRateHz: request.frameRateHz) {
            let t = Double(k) / request.frameRateHz
            let shown = transition.advance(to: release.time + t)
            frames.append(.init(t: t, progress: shown.progress, velocity: shown.velocity))
            if shown.isComplete {
                complete = true
                break
            }
        }
        let result = ReplayResult(
            decision: release.completion.decision.rawValue, projectedProgress: release.completion.projectedProgress,
            velocityJump: metrics.velocityJump, completionTime: metrics.completionTime.isFinite ? metrics.completionTime : nil,
            releaseProgress: release.state.progress, releaseVelocity: release.state.velocity, releaseTime: release.time,
            direction: release.sign, target: release.completion.curve.target, framesTruncated: !complete,
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
