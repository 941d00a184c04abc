import TransitionPhysics

/// How a recorded or synthetic gesture is replayed through a model, defined once for every tool
/// that replays gestures (`transition-bench behavior`, the playground): the release-velocity
/// estimator, how the transition's direction is decided, and the settle tolerance of the
/// metrics. The defaults are the benchmark's: the drop-tolerant least-squares estimator, a
/// reversible direction decided past a 10-unit touch slop (a paging scroll view), progress
/// clamped, a settle tolerance of 0.001 of the travel, releases capped at 8,000 units per second
/// (`ReleaseSpeedLimit`).
public struct ReplaySettings: Hashable, Sendable {
    /// How a replayed gesture's direction is decided (`ProgressMapping.Direction`).
    public enum DirectionRule: String, Hashable, Sendable, CaseIterable {
        /// `.reversible(touchSlop:)`: decided past the touch slop, again whenever the finger
        /// crosses back over touch-down (a paging scroll view).
        case reversible
        /// `.decidedByFirstMovement(touchSlop:)`: fixed by the first movement past the slop.
        case firstMovement = "first-movement"
    }

    /// The release-velocity estimator (default `.dropTolerant`).
    public var estimator: VelocityEstimatorKind
    /// Movement from touch-down that decides the direction, in the trace's unit (pixels for the
    /// recorded swipes; default 10).
    public var touchSlop: Double
    /// How the direction is decided (default `.reversible`).
    public var directionRule: DirectionRule
    /// A spring completion is settled within this fraction of the travel (default 0.001).
    public var settleTolerance: Double
    /// The fling cap, in the trace's unit per second (default `ReleaseSpeedLimit.platformMaximum`,
    /// 8,000: the recorded swipes' device pixels taken as points, as their `pixelsPerUnit` 1 says).
    public var maximumReleaseSpeed: Double

    /// Replay settings; the defaults are the benchmark's (see the type's documentation).
    public init(
        estimator: VelocityEstimatorKind = .dropTolerant, touchSlop: Double = 10,
        directionRule: DirectionRule = .reversible,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance,
        maximumReleaseSpeed: Double = ReleaseSpeedLimit.platformMaximum
    ) {
        self.estimator = estimator
        self.touchSlop = touchSlop
        self.directionRule = directionRule
        self.settleTolerance = settleTolerance
        self.maximumReleaseSpeed = maximumReleaseSpeed
    }

    /// The progress mapping's direction for these settings.
    public var direction: ProgressMapping.Direction {
        switch directionRule {
        case .reversible: return .reversible(touchSlop: touchSlop)
        case .firstMovement: return .decidedByFirstMovement(touchSlop: touchSlop)
        }
    }

    /// A runner for `model` with these settings, metrics at `frameRate` Hz, and the travel of
    /// each trace unless `fixedTravel` (in the trace's unit) replaces it.
    public func runner(
        model: any ReleaseModel, frameRate: Double = TransitionSettings.defaultFrameRate, fixedTravel: Double? = nil
    ) -> GestureRunner {
        GestureRunner(
            model: model, estimator: estimator.estimator,
            direction: direction, fixedTravel: fixedTravel,
            frameRate: frameRate, settleTolerance: settleTolerance, maximumReleaseSpeed: maximumReleaseSpeed)
    }
}
