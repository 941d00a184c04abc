import TransitionPhysics

/// Runs whole gestures through a release model, as an app's frame driver sees them: every sample
/// through `InteractiveTransition`, replayed as `settings` say (`ReplaySettings`, the one replay
/// configuration of the tools).
///
///     let runner = GestureRunner(model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator())
///     let outcome = runner.run(trace)
///     outcome.decision, outcome.releaseVelocity, outcome.metrics.completionTime
public struct GestureRunner: Sendable {
    /// The model that decides and completes each release.
    public var model: any ReleaseModel
    /// The release-velocity estimator, fed the samples up to lift-off: the one
    /// `settings.estimator` names, or one of your own.
    public var estimator: any VelocityEstimator
    /// How gestures are replayed and completions measured.
    public var settings: ReplaySettings

    /// A runner for `model` with `settings` and their estimator (`settings.estimator`).
    public init(model: any ReleaseModel, settings: ReplaySettings = ReplaySettings()) {
        self.init(model: model, estimator: settings.estimator.estimator, settings: settings)
    }

    /// A runner for `model` with a velocity estimator of your own (`settings.estimator` unused).
    public init(model: any ReleaseModel, estimator: any VelocityEstimator, settings: ReplaySettings = ReplaySettings()) {
        self.model = model
        self.estimator = estimator
        self.settings = settings
    }

    /// A driver as this runner replays one gesture: the mapping of `travel` (the samples' unit;
    /// `settings.fixedTravel` replaces it) along `axis` (nil: `settings.axis`) with the settings'
    /// direction, range and edge zone, this runner's model and estimator, `pixelsPerPoint`
    /// physical pixels per unit of the samples (the one-pixel visual completion), and the
    /// settings' fling cap in points per second times `unitsPerPoint` (the samples' units per
    /// point: 3 for samples in pixels of a 3x display). The playground builds its replays here too.
    public func transition(
        travel: Double, axis: TouchAxis? = nil, pixelsPerPoint: Double = 1, unitsPerPoint: Double = 1
    ) -> InteractiveTransition {
        let mapping = ProgressMapping(
            travel: settings.fixedTravel ?? travel, axis: axis ?? settings.axis, direction: settings.direction,
            overdrag: settings.overdrag, edgeZone: settings.edgeZone)
        var transition = InteractiveTransition(mapping: mapping, model: model, estimator: estimator)
        transition.pixelsPerPoint = pixelsPerPoint
        transition.maximumReleaseSpeedPointsPerSecond = settings.maximumReleaseSpeed * unitsPerPoint
        return transition
    }

    /// The transition after every sample of `trace`, as `run(_:)` replays it: its `releases`
    /// (what was known at each release and what the model made of it) and `pixelTolerance`.
    ///
    /// The first release's `state` depends on the samples and on this runner's settings and
    /// estimator, never on `model`: the model is first asked at a release. A trace with one
    /// release therefore reaches the same release state under every model, which lets the
    /// behaviour benchmark replay it once and evaluate many models on that state.
    public func replay(_ trace: GestureTrace) -> InteractiveTransition {
        var transition = transition(
            travel: trace.travel, axis: trace.axis, pixelsPerPoint: trace.pixelsPerUnit, unitsPerPoint: trace.unitsPerPoint)
        for sample in trace.samples { transition.handle(sample) }
        return transition
    }

    /// Replays `trace` sample by sample (the decision uses only what was known at release) and
    /// reports the last release. A trace that never started (edge zone) or never released
    /// reports `GestureOutcome.notStarted`.
    public func run(_ trace: GestureTrace) -> GestureOutcome {
        let transition = replay(trace)
        guard let release = transition.releases.last else { return GestureOutcome.notStarted(traceID: trace.id) }
        return GestureOutcome(traceID: trace.id, release: release, pixelTolerance: transition.pixelTolerance, settings: settings)
    }
}
