import TransitionPhysics

/// What one replayed release came to, in numbers: the one outcome every replay reports
/// (`GestureRunner.run` inside its `GestureOutcome`, the behaviour benchmark's scalar and batch
/// evaluators for each trace and model, the playground's answer). Progress is a fraction of the
/// travel, velocities progress (travel widths) per second, times seconds.
public struct ReleaseOutcome: Sendable, Hashable {
    // Stored in this order (the doubles, the optional, the two one-byte cases in its padding):
    // 72 bytes rather than 80, and the behaviour benchmark moves a chunk of 128 MiB of them
    // through memory per 100 models or so.
    /// Progress at release, fraction of the travel.
    public var releaseProgress: Double
    /// Finger velocity at release, progress (travel widths) per second.
    public var releaseVelocity: Double
    /// Seconds from release to done (settled within the settle tolerance, on frames); infinity
    /// when it does not settle within `CompletionCurve.maximumSeconds`.
    public var completionTime: Double
    /// Seconds from release until nothing moves by one physical pixel
    /// (`CompletionCurve.restTime(tolerance:)`): when the frame driver reports `.completed`.
    public var visualCompletionTime: Double
    /// |completion velocity just after release - finger velocity|, progress per second.
    public var velocityJump: Double
    /// Farthest progress past the target, fraction of the travel.
    public var overshoot: Double
    /// Largest |progress acceleration| after release, progress per second squared.
    public var peakAcceleration: Double
    /// Where the release would coast, fraction of the travel; nil for models without projection.
    public var projectedProgress: Double?
    /// False when the gesture never started a transition (outside an edge zone) or never ended;
    /// such a trace counts as a cancel and is left out of medians.
    public var started: Bool
    /// Finish or cancel (cancel when not started).
    public var decision: Decision

    /// An outcome from its parts.
    public init(
        started: Bool, decision: Decision, release: ReleaseState, projectedProgress: Double?, metrics: CompletionMetrics,
        visualCompletionTime: Double
    ) {
        self.init(
            started: started, decision: decision, releaseProgress: release.progress, releaseVelocity: release.velocity,
            projectedProgress: projectedProgress, metrics: metrics, visualCompletionTime: visualCompletionTime)
    }

    /// An outcome from its parts, the release as its progress (fraction of the travel) and
    /// velocity (progress per second): what the batch evaluator reads from its lanes' columns,
    /// with no `ReleaseState` made per lane (inlinable: the behaviour benchmark writes one per
    /// trace and model).
    @inlinable
    public init(
        started: Bool, decision: Decision, releaseProgress: Double, releaseVelocity: Double, projectedProgress: Double?,
        metrics: CompletionMetrics, visualCompletionTime: Double
    ) {
        self.started = started
        self.decision = decision
        self.releaseProgress = releaseProgress
        self.releaseVelocity = releaseVelocity
        self.projectedProgress = projectedProgress
        completionTime = metrics.completionTime
        self.visualCompletionTime = visualCompletionTime
        velocityJump = metrics.velocityJump
        overshoot = metrics.overshoot
        peakAcceleration = metrics.peakAcceleration
    }

    /// The outcome of `release`, measured as `settings` say (metrics on `settings.frameRate`
    /// frames within `settings.settleTolerance`), its visual completion at `pixelTolerance`
    /// (progress per physical pixel, `InteractiveTransition.pixelTolerance`).
    public init(_ release: InteractiveTransition.Release, pixelTolerance: Double, settings: ReplaySettings) {
        let curve = release.completion.curve
        self.init(
            started: true, decision: release.completion.decision, release: release.state,
            projectedProgress: release.completion.projectedProgress,
            metrics: curve.metrics(
                releaseVelocity: release.state.velocity, frameRate: settings.frameRate, settleTolerance: settings.settleTolerance),
            visualCompletionTime: curve.restTime(tolerance: pixelTolerance))
    }

    /// A gesture that never started a transition or never released: a cancel at progress 0 with
    /// velocity 0 and nothing to complete. The one definition of "not started".
    public static let notStarted = ReleaseOutcome(
        started: false, decision: .cancel, release: ReleaseState(progress: 0, velocity: 0), projectedProgress: nil,
        metrics: CompletionMetrics(completionTime: 0, velocityJump: 0, overshoot: 0, peakAcceleration: 0),
        visualCompletionTime: 0)

    /// The completion's measures as `CompletionMetrics`.
    public var metrics: CompletionMetrics {
        CompletionMetrics(
            completionTime: completionTime, velocityJump: velocityJump, overshoot: overshoot, peakAcceleration: peakAcceleration)
    }
}
