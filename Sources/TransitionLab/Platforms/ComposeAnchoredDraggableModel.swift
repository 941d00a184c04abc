import TransitionPhysics

/// Compose's `Modifier.anchoredDraggable` with its default fling behaviour
/// (`AnchoredDraggableDefaults.flingBehavior`), the anchors being the detents (progress 0 and 1
/// without detents). From AndroidX
/// `compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/foundation/gestures/AnchoredDraggable.kt`
/// at commit 00670133aa8b667e4f48b35ba17aeb3b80f15e66 (`computeTarget`,
/// `AnchoredDraggableDefaults`, `AnchoredDraggableMinFlingVelocity`);
/// docs/references.md#platform-sheet-rules.
///
/// - Decision (`computeTarget`): at velocity 0 the nearest anchor (the later of two as near). At
///   a speed of at least 125 dp/s (`AnchoredDraggableMinFlingVelocity`; this model converts the
///   release velocity with `travelDips`, a dp taken as a point) the nearest anchor at or beyond
///   the release in the velocity's direction. Slower, the anchors either side of the release:
///   the one ahead when the release is at least half the gap (`PositionalThreshold`,
///   distance / 2) from the one behind, the one behind otherwise.
/// - Completion: `SnapAnimationSpec`, `tween()`: 300 ms on `FastOutSlowInEasing`, the cubic
///   Bezier (0.4, 0), (0.2, 1), whatever the distance; a tween does not read the velocity.
public struct ComposeAnchoredDraggableModel: ReleaseModel, Hashable {
    /// `compose-anchored`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = PlatformSheetRule.composeAnchoredDraggable.rawValue
    /// `compose-anchored`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }

    /// `AnchoredDraggableMinFlingVelocity`, 125 dp per second.
    public static let defaultVelocityThresholdDipsPerSecond = 125.0
    /// `AnchoredDraggableDefaults.PositionalThreshold`: half the gap between two anchors.
    public static let defaultPositionalThreshold = 0.5
    /// `tween()`'s `DefaultDurationMillis`, 300 ms, as seconds.
    public static let snapDurationSeconds = 0.3
    /// Compose's `FastOutSlowInEasing`, `CubicBezierEasing(0.4f, 0.0f, 0.2f, 1.0f)`.
    public static let fastOutSlowInEasing = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.4, y: 0), endControlPoint: UnitPoint(x: 0.2, y: 1))

    /// The travel from progress 0 to 1, dp, > 0.
    public var travelDips: Double
    /// The velocity threshold, dp per second, >= 0.
    public var velocityThresholdDipsPerSecond: Double
    /// The fraction of a gap between two anchors a slow release must pass to go ahead, in 0...1.
    public var positionalThreshold: Double

    /// An anchored draggable over `travelDips` dp with Compose's defaults.
    public init(
        travelDips: Double, velocityThresholdDipsPerSecond: Double = Self.defaultVelocityThresholdDipsPerSecond,
        positionalThreshold: Double = Self.defaultPositionalThreshold
    ) {
        precondition(travelDips > 0 && travelDips.isFinite, "ComposeAnchoredDraggableModel travelDips must be positive and finite; got \(travelDips).")
        precondition(
            velocityThresholdDipsPerSecond >= 0 && velocityThresholdDipsPerSecond.isFinite,
            "ComposeAnchoredDraggableModel velocityThresholdDipsPerSecond must be >= 0 and finite; got \(velocityThresholdDipsPerSecond).")
        precondition(positionalThreshold >= 0 && positionalThreshold <= 1, "ComposeAnchoredDraggableModel positionalThreshold must be in 0...1; got \(positionalThreshold).")
        self.travelDips = travelDips
        self.velocityThresholdDipsPerSecond = velocityThresholdDipsPerSecond
        self.positionalThreshold = positionalThreshold
    }

    /// `DefaultDraggableAnchors.closestAnchor(position, searchUpwards)`: the nearest of `stops`
    /// at or beyond `position` in the direction (the later of two as near), or nil.
    static func closest(to position: Double, upwards: Bool, in stops: [Double]) -> Int? {
        var best: Int?, bestDistance = Double.infinity
        for (index, stop) in stops.enumerated() {
            let delta = upwards ? stop - position : position - stop
            let distance = delta < 0 ? Double.infinity : delta
            if distance <= bestDistance { best = index; bestDistance = distance }
        }
        return best
    }

    /// `computeTarget`: the index into `stops` (ascending progress) a release at `progress`
    /// moving at `velocity` (progress per second) settles at.
    public func settlingIndex(progress: Double, velocity: Double, stops: [Double]) -> Int {
        if velocity == 0 {
            var best = 0
            for index in stops.indices where abs(progress - stops[index]) <= abs(progress - stops[best]) { best = index }
            return best
        }
        let forward = velocity > 0
        if abs(velocity) * travelDips >= velocityThresholdDipsPerSecond {
            return Self.closest(to: progress, upwards: forward, in: stops) ?? (forward ? stops.count - 1 : 0)
        }
        // Outside the anchors (a rubber-banded release) the side with none is the nearest end.
        let left = Self.closest(to: progress, upwards: false, in: stops) ?? 0
        let right = Self.closest(to: progress, upwards: true, in: stops) ?? stops.count - 1
        let threshold = abs(stops[right] - stops[left]) * positionalThreshold
        let fromStart = abs((forward ? stops[left] : stops[right]) - progress)
        return fromStart >= threshold ? (forward ? right : left) : (forward ? left : right)
    }

    /// The anchor `computeTarget` picks and the snap animation toward it.
    public func release(_ state: ReleaseState) -> Completion {
        let stops = state.platformStops
        let index = settlingIndex(progress: state.progress, velocity: state.velocity, stops: stops)
        let duration = stops[index] == state.progress ? 0 : Self.snapDurationSeconds
        return .platform(state, settlingAt: index, of: stops, shape: .timingCurve(Self.fastOutSlowInEasing, duration: duration))
    }
}
