import TransitionPhysics

/// The result of one gesture under one model (`GestureRunner.run`): its `ReleaseOutcome` (the
/// numbers every replay reports) with the trace it came from and the completion itself.
public struct GestureOutcome: Sendable {
    /// The trace's identifier.
    public var traceID: String
    /// The release in numbers: decision, release state, projection, metrics, visual completion.
    public var outcome: ReleaseOutcome
    /// The model's decision, projection and completion curve (for a gesture that never started,
    /// a cancel that holds progress 0).
    public var completion: Completion

    /// An outcome from its parts.
    public init(traceID: String, outcome: ReleaseOutcome, completion: Completion) {
        self.traceID = traceID
        self.outcome = outcome
        self.completion = completion
    }

    /// The outcome of `release` on trace `traceID`, measured as `settings` say
    /// (`ReleaseOutcome.init(_:pixelTolerance:settings:)`).
    public init(traceID: String, release: InteractiveTransition.Release, pixelTolerance: Double, settings: ReplaySettings) {
        self.init(
            traceID: traceID, outcome: ReleaseOutcome(release, pixelTolerance: pixelTolerance, settings: settings),
            completion: release.completion)
    }

    /// Trace `traceID` never started a transition or never released (`ReleaseOutcome.notStarted`).
    public static func notStarted(traceID: String) -> GestureOutcome {
        GestureOutcome(
            traceID: traceID, outcome: .notStarted,
            completion: Completion(
                decision: .cancel, projectedProgress: nil,
                curve: CompletionCurve(shape: .timingCurve(.linear, duration: 0), start: 0, startVelocity: 0, target: 0)))
    }

    /// False when the gesture never started a transition (outside the edge zone) or never ended.
    public var started: Bool { outcome.started }
    /// Finish or cancel.
    public var decision: Decision { outcome.decision }
    /// Progress at release, fraction of the travel.
    public var releaseProgress: Double { outcome.releaseProgress }
    /// Finger velocity at release, progress per second.
    public var releaseVelocity: Double { outcome.releaseVelocity }
    /// Where the release would coast, fraction of the travel; nil for models without projection.
    public var projectedProgress: Double? { outcome.projectedProgress }
    /// The completion measured on frames: time (s), velocity jump (progress/s), overshoot, peak
    /// acceleration (progress/s²).
    public var metrics: CompletionMetrics { outcome.metrics }
    /// Seconds from release until nothing moves by one physical pixel of the trace: when the
    /// frame driver reports `.completed`. 0 for a trace that never started.
    public var visualCompletionTime: Double { outcome.visualCompletionTime }

    /// The completion sampled at `frameRate` Hz until it is done (or `duration` seconds).
    public func sampledCompletion(frameRate: Double, duration: Double? = nil) -> [(time: Double, progress: Double, velocity: Double)] {
        let end = duration ?? (metrics.completionTime.isFinite ? metrics.completionTime : 2)
        return completion.curve.sampled(frameRate: frameRate, duration: end)
    }
}
