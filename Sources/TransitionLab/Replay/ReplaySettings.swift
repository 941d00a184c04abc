import TransitionPhysics

/// How a recorded or synthetic gesture is replayed through a model, the one definition for every
/// tool that replays gestures (`GestureRunner`, `transition-bench behavior` on either evaluator,
/// the playground): the release-velocity estimator, how the progress mapping is built (direction,
/// range, axis, edge zone, travel), the fling cap, and how the completion is measured (frame rate,
/// settle tolerance). The defaults are the benchmark's: the recommended least-squares
/// estimator, a reversible direction decided past a 10-unit touch slop (a paging scroll view),
/// progress clamped, no edge zone, each trace's own travel, releases capped at 8,000 points per
/// second (`ReleaseSpeedLimit`), metrics on 240 Hz frames settled within 0.001 of the travel.
public struct ReplaySettings: Hashable, Sendable {
    /// How a replayed gesture's direction is decided (`ProgressMapping.Direction`).
    public enum DirectionRule: String, Hashable, Sendable, CaseIterable {
        /// `.reversible(touchSlop:)`: decided past the touch slop, again whenever the finger
        /// crosses back over touch-down (a paging scroll view).
        case reversible
        /// `.decidedByFirstMovement(touchSlop:)`: fixed by the first movement past the slop.
        case firstMovement = "first-movement"
        /// `.fixed(positive: true)`: progress grows along the axis only (a back swipe to the
        /// right, `PhysicsPercentDrivenTransition`'s default); the touch slop is unused.
        case fixedPositive = "fixed-positive"
        /// `.fixed(positive: false)`: progress grows against the axis only (a swipe to the left).
        case fixedNegative = "fixed-negative"
    }

    /// The release-velocity estimator (default `.recommended`).
    public var estimator: VelocityEstimatorKind
    /// Movement from touch-down that decides the direction, in the trace's unit (pixels for the
    /// recorded swipes; default 10).
    public var touchSlop: Double
    /// How the direction is decided (default `.reversible`).
    public var directionRule: DirectionRule
    /// Clamped or rubber-banded past 0 and 1 (default `.clamp`).
    public var overdrag: ProgressMapping.Overdrag
    /// The screen axis the gestures follow, unless a trace declares its own
    /// (`GestureTrace.axis`; default `.x`).
    public var axis: TouchAxis
    /// Where a gesture must begin to start; nil (the default): anywhere.
    public var edgeZone: ProgressMapping.EdgeZone?
    /// The travel that maps to progress 1, in the trace's unit, replacing each trace's own (the
    /// edge-pan variant, `classic-004`, maps a fixed 200); nil (the default): each trace's.
    public var fixedTravel: Double?
    /// The fling cap, points per second (`InteractiveTransition.maximumReleaseSpeedPointsPerSecond`; default
    /// `ReleaseSpeedLimit.platformMaximum`, 8,000): the one place a replay keeps it.
    public var maximumReleaseSpeed: Double
    /// Frames per second the completion's metrics are measured on, Hz (default 240).
    public var frameRate: Double
    /// A spring completion is settled within this fraction of the travel (default 0.001).
    public var settleTolerance: Double

    /// Replay settings; the defaults are the benchmark's (see the type's documentation).
    public init(
        estimator: VelocityEstimatorKind = .recommended, touchSlop: Double = 10,
        directionRule: DirectionRule = .reversible, overdrag: ProgressMapping.Overdrag = .clamp, axis: TouchAxis = .x,
        edgeZone: ProgressMapping.EdgeZone? = nil, fixedTravel: Double? = nil,
        maximumReleaseSpeed: Double = ReleaseSpeedLimit.platformMaximum,
        frameRate: Double = TransitionSettings.defaultFrameRate,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance
    ) {
        self.estimator = estimator
        self.touchSlop = touchSlop
        self.directionRule = directionRule
        self.overdrag = overdrag
        self.axis = axis
        self.edgeZone = edgeZone
        self.fixedTravel = fixedTravel
        self.maximumReleaseSpeed = maximumReleaseSpeed
        self.frameRate = frameRate
        self.settleTolerance = settleTolerance
    }

    /// The progress mapping's direction for these settings.
    public var direction: ProgressMapping.Direction {
        switch directionRule {
        case .reversible: return .reversible(touchSlop: touchSlop)
        case .firstMovement: return .decidedByFirstMovement(touchSlop: touchSlop)
        case .fixedPositive: return .fixed(positive: true)
        case .fixedNegative: return .fixed(positive: false)
        }
    }

    /// A runner for `model` replaying with these settings and their estimator.
    public func runner(model: any ReleaseModel) -> GestureRunner {
        GestureRunner(model: model, settings: self)
    }
}
