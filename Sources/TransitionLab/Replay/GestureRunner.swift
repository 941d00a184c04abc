import TransitionPhysics

/// Runs whole gestures through a release model: the library's end-to-end entry point.
///
///     let runner = GestureRunner(model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator())
///     let outcome = runner.run(trace)
///     outcome.decision, outcome.releaseVelocity, outcome.metrics.completionTime
public struct GestureRunner: Sendable {
    /// The model that decides and completes each release.
    public var model: any ReleaseModel
    /// The release-velocity estimator, fed the samples up to lift-off.
    public var estimator: any VelocityEstimator
    /// Direction, range and edge zone of the mapping; the travel comes from each trace.
    public var direction: ProgressMapping.Direction
    /// Clamped or rubber-banded past 0 and 1.
    public var range: ProgressMapping.Range
    /// The screen axis the gestures follow, unless a trace declares its own (`GestureTrace.axis`).
    public var axis: TouchAxis
    /// Where a gesture must begin to start; nil: anywhere.
    public var edgeZone: ProgressMapping.EdgeZone?
    /// Overrides each trace's travel (the edge-pan variant, `classic-004`, maps a fixed 200 pt to progress 1); nil uses the trace's.
    public var fixedTravel: Double?
    /// Frame rate for the metrics, Hz.
    public var frameRate: Double
    /// Settling tolerance for spring completions, fraction of the travel.
    public var settleTolerance: Double
    /// The fling cap, in the trace's unit per second (points; `InteractiveTransition.maximumReleaseSpeed`).
    public var maximumReleaseSpeed: Double

    /// A runner; by default the direction is decided past a 10 pt slop, progress clamped, metrics on 240 Hz frames with a settle tolerance of 0.001 of the travel, releases capped at the platforms' 8,000 points per second.
    public init(
        model: any ReleaseModel, estimator: any VelocityEstimator,
        direction: ProgressMapping.Direction = .decidedByFirstMovement(touchSlop: 10),
        range: ProgressMapping.Range = .clamp, axis: TouchAxis = .x,
        edgeZone: ProgressMapping.EdgeZone? = nil, fixedTravel: Double? = nil,
        frameRate: Double = TransitionSettings.defaultFrameRate,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance,
        maximumReleaseSpeed: Double = ReleaseSpeedLimit.platformMaximum
    ) {
        self.model = model
        self.estimator = estimator
        self.direction = direction
        self.range = range
        self.axis = axis
        self.edgeZone = edgeZone
        self.fixedTravel = fixedTravel
        self.frameRate = frameRate
        self.settleTolerance = settleTolerance
        self.maximumReleaseSpeed = maximumReleaseSpeed
    }

    /// The transition after every sample of `trace`, as `run(_:)` replays it: its `releases`
    /// (what was known at each release and what the model made of it) and `pixelTolerance`.
    ///
    /// The first release's `state` depends on the samples and on this runner's replay settings
    /// (estimator, direction, range, axis, edge zone, travel, fling cap), never on `model`: the
    /// model is first asked at a release. A trace with one release therefore reaches the same
    /// release state under every model, which lets the behaviour benchmark replay it once and
    /// evaluate many models on that state.
    public func replay(_ trace: GestureTrace) -> InteractiveTransition {
        let mapping = ProgressMapping(
            travel: fixedTravel ?? trace.travel, axis: trace.axis ?? axis, direction: direction, range: range, edgeZone: edgeZone)
        var transition = InteractiveTransition(mapping: mapping, model: model, estimator: estimator)
        transition.pixelsPerPoint = trace.pixelsPerUnit
        transition.maximumReleaseSpeed = maximumReleaseSpeed
        for sample in trace.samples { transition.handle(sample) }
        return transition
    }

    /// Replays `trace` sample by sample (the decision uses only what was known at release) and
    /// reports the last release. A trace that never started (edge zone) or never released
    /// reports `started == false` and decision cancel.
    public func run(_ trace: GestureTrace) -> GestureOutcome {
        let transition = replay(trace)
        guard let release = transition.releases.last else { return GestureOutcome(notStarted: trace) }
        let metrics = release.completion.curve.metrics(
            releaseVelocity: release.state.velocity, frameRate: frameRate, settleTolerance: settleTolerance)
        return GestureOutcome(
            traceID: trace.id, started: true, release: release.state, completion: release.completion, metrics: metrics,
            visualCompletionTime: release.completion.curve.restTime(tolerance: transition.pixelTolerance))
    }
}

/// The result of one gesture under one model.
public struct GestureOutcome: Sendable {
    /// The trace's identifier.
    public var traceID: String
    /// False when the gesture never started a transition (outside the edge zone) or never ended.
    public var started: Bool
    /// What was known at release (progress, velocity in progress per second).
    public var release: ReleaseState
    /// The model's decision, projection and completion curve.
    public var completion: Completion
    /// The completion measured on frames: time (s), velocity jump (progress/s), overshoot, peak acceleration (progress/s²).
    public var metrics: CompletionMetrics

    /// Finish or cancel.
    public var decision: Decision { completion.decision }
    /// Progress at release, fraction of the travel.
    public var releaseProgress: Double { release.progress }
    /// Finger velocity at release, progress per second.
    public var releaseVelocity: Double { release.velocity }
    /// Where the release would coast, fraction of the travel; nil for models without projection.
    public var projectedProgress: Double? { completion.projectedProgress }

    /// Seconds from release until nothing moves by one physical pixel of the trace
    /// (`CompletionCurve.restTime(tolerance:)` at `GestureTrace.pixelsPerUnit`): when the frame
    /// driver reports `.completed`. 0 for a trace that never started.
    public var visualCompletionTime: Double

    /// An outcome from its parts (`visualCompletionTime` in seconds).
    public init(
        traceID: String, started: Bool, release: ReleaseState, completion: Completion, metrics: CompletionMetrics,
        visualCompletionTime: Double
    ) {
        self.traceID = traceID
        self.started = started
        self.release = release
        self.completion = completion
        self.metrics = metrics
        self.visualCompletionTime = visualCompletionTime
    }

    init(notStarted trace: GestureTrace) {
        let state = ReleaseState(progress: 0, velocity: 0)
        self.init(
            traceID: trace.id, started: false, release: state,
            completion: Completion(
                decision: .cancel, projectedProgress: nil,
                curve: CompletionCurve(shape: .timingCurve(.linear, duration: 0), start: 0, startVelocity: 0, target: 0)),
            metrics: CompletionMetrics(completionTime: 0, velocityJump: 0, overshoot: 0, peakAcceleration: 0),
            visualCompletionTime: 0)
    }

    /// The completion sampled at `frameRate` Hz until it is done (or `duration` seconds).
    public func sampledCompletion(frameRate: Double, duration: Double? = nil) -> [(time: Double, progress: Double, velocity: Double)] {
        let end = duration ?? (metrics.completionTime.isFinite ? metrics.completionTime : 2)
        return completion.curve.sampled(frameRate: frameRate, duration: end)
    }
}
