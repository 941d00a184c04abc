/// How touch translation becomes transition progress.
///
/// progress = sign * (position - touchDownPosition) / travel along `axis`, then clamped to
/// [0, 1] or rubber-banded beyond it (`overdrag`). `sign` is fixed, or decided by the first movement past
/// `touchSlop` (as a page view decides which page to turn to), optionally again each time the
/// finger crosses back over touch-down (`.reversible`); until then progress is 0.
public struct ProgressMapping: Hashable, Sendable {
    /// Which way along the axis counts as progress.
    public enum Direction: Hashable, Sendable {
        /// Progress grows with the coordinate (`positive`) or against it. Said as a way across the
        /// screen: `ProgressMapping(travel:toward:)` (`.fixed(positive: false)` along y is `.up`).
        case fixed(positive: Bool)
        /// Decided by the sign of the first movement whose magnitude reaches `touchSlop` (in the
        /// samples' unit) from touch-down.
        case decidedByFirstMovement(touchSlop: Double)
        /// Decided like `decidedByFirstMovement`, and decided again whenever the finger crosses
        /// back over its touch-down point: a paging scroll view (`UIPageViewController`'s scroll
        /// style) turns toward whichever neighbour the finger is dragging to, so a stroke that
        /// starts with a small hook the other way still turns the page it ends up pulling.
        /// Progress passes through 0 at the crossing, so it stays continuous; the velocity
        /// samples so far are mirrored with it. A touch that interrupts a completion keeps that
        /// completion's direction. With `.rubberBand`, the crossing flips the direction instead of
        /// stretching below 0.
        case reversible(touchSlop: Double)

        /// The sign of movement along the axis that means progress when the direction is fixed
        /// (+1 or -1); nil when it is decided by movement.
        package var fixedSign: Double? {
            if case .fixed(let positive) = self { return positive ? 1 : -1 }
            return nil
        }

        /// The touch slop, in the samples' unit, when the direction is decided by movement.
        public var touchSlop: Double? {
            switch self {
            case .fixed: return nil
            case .decidedByFirstMovement(let slop), .reversible(let slop): return slop
            }
        }
    }

    /// What a drag does to progress beyond the ends (0 and 1, or the first and last detent).
    public enum Overdrag: String, Hashable, Sendable, CaseIterable {
        /// Clamp to [0, 1] (UIKit's percent-driven transition, as a pop clamps its translation).
        case clamp
        /// Rubber-band beyond either end with `RubberBand` (dimension: the travel).
        case rubberBand
    }

    /// An edge zone: a gesture that begins farther than `width` from `edgePosition` does not
    /// start the transition (the edge-pan variant, `classic-004`, refuses pans that begin more than 50 pt from the edge).
    public struct EdgeZone: Hashable, Sendable {
        /// The coordinate of the edge along the axis, in the samples' unit.
        public var edgePosition: Double
        /// The zone's width, in the samples' unit (50 pt in the edge-pan variant).
        public var width: Double
        /// A zone `width` wide (the samples' unit) on both sides of `edgePosition`.
        public init(edgePosition: Double = 0, width: Double = 50) {
            self.edgePosition = edgePosition
            self.width = width
        }
        /// Whether a touch-down at `position` (the samples' unit) is within `width` of the edge.
        package func contains(_ position: Double) -> Bool { abs(position - edgePosition) <= width }
    }

    /// The distance along the axis that means progress 1, positive, in the samples' unit.
    public var travel: Double { didSet { Self.check(travel: travel) } }
    /// The screen axis the transition follows (`.x` for a horizontal pan).
    public var axis: TouchAxis
    /// Which way along the axis is progress: fixed, or decided past the touch slop.
    public var direction: Direction
    /// What a drag does past the ends: clamped, or rubber-banded.
    public var overdrag: Overdrag
    /// Where a gesture must begin to start the transition; nil: anywhere.
    public var edgeZone: EdgeZone?
    /// Refuses strokes from rest that move mostly across `axis` (`AxisLock`); nil (the default):
    /// every stroke drives the transition.
    public var axisLock: AxisLock?

    /// Traps (a programming error) unless `travel` is valid: checked in `init` and on every set.
    static func check(travel value: Double) {
        precondition(value > 0 && value.isFinite, "Progress travel must be positive and finite; got \(value).")
    }

    /// A mapping of `travel` (positive, the samples' unit) to progress 1 along `axis`; by default the direction is decided past a 10 pt touch slop, progress is clamped to [0, 1], a gesture may begin anywhere, and no stroke is refused for its angle (set `axisLock` for that).
    public init(
        travel: Double, axis: TouchAxis = .x, direction: Direction = .decidedByFirstMovement(touchSlop: 10),
        overdrag: Overdrag = .clamp, edgeZone: EdgeZone? = nil
    ) {
        Self.check(travel: travel)
        self.travel = travel
        self.axis = axis
        self.direction = direction
        self.overdrag = overdrag
        self.edgeZone = edgeZone
        self.axisLock = nil
    }

    /// A way across the screen, in screen coordinates (y grows downward, as in UIKit, Android
    /// and the web): the way a finger moves to make progress.
    public enum ScreenDirection: String, Hashable, Sendable, CaseIterable {
        /// Toward the top of the screen (y falls): a bottom sheet opening.
        case up
        /// Toward the bottom of the screen (y grows): a top sheet or a shade opening.
        case down
        /// Toward the left edge (x falls): a drawer from the right edge opening.
        case left
        /// Toward the right edge (x grows): a back swipe from the left edge.
        case right

        /// The axis this way runs along.
        public var axis: TouchAxis { self == .up || self == .down ? .y : .x }
        /// The fixed direction along `axis` this way is.
        public var direction: Direction { .fixed(positive: self == .down || self == .right) }
    }

    /// A mapping of `travel` (positive, points) to progress 1 as the finger moves `toward` one
    /// way across the screen: the axis and a fixed direction said as what they are (a bottom
    /// sheet opens `.up`, a back swipe moves `.right`). Progress is clamped to the ends unless
    /// `overdrag` says otherwise; a gesture may begin anywhere unless `edgeZone` is given.
    public init(travel: Double, toward: ScreenDirection, overdrag: Overdrag = .clamp, edgeZone: EdgeZone? = nil) {
        self.init(travel: travel, axis: toward.axis, direction: toward.direction, overdrag: overdrag, edgeZone: edgeZone)
    }

    /// Where a touch that finds the view showing `progress` starts, and where the overdrag rule
    /// applies from there (`limits`, the first...last detent): inside the limits, at `progress`
    /// itself; past them, the rule applies to further movement only, so the view does not jump:
    /// `.clamp` widens the limits to hold `progress`, `.rubberBand` starts from the raw progress
    /// the rubber band shows at `progress` (`RubberBand.offset(showing:dimension:constant:)`;
    /// past its reach, widened limits as for `.clamp`).
    package func takeOver(showing progress: Double, within limits: ClosedRange<Double>) -> (raw: Double, limits: ClosedRange<Double>) {
        if limits.contains(progress) { return (progress, limits) }
        let edge = progress > limits.upperBound ? limits.upperBound : limits.lowerBound
        if overdrag == .rubberBand, let offset = RubberBand.offset(showing: progress - edge, dimension: 1) {
            return (edge + offset, limits)
        }
        return (progress, min(limits.lowerBound, progress)...max(limits.upperBound, progress))
    }

    /// The sample's coordinate along the axis.
    package func coordinate(of sample: TouchSample) -> Double { axis == .x ? sample.x : sample.y }

    /// The sample's coordinate across the axis (`AxisLock`).
    package func crossCoordinate(of sample: TouchSample) -> Double { axis == .x ? sample.y : sample.x }

    /// Progress for a raw (linear, unbounded) progress value, after clamping or rubber-banding
    /// beyond [0, 1].
    package func bounded(_ raw: Double) -> Double { bounded(raw, in: 0...1) }

    /// Progress for a raw progress value, clamped to `limits` or rubber-banded beyond them
    /// (dimension 1, the travel): an interactive transition's first and last detents.
    package func bounded(_ raw: Double, in limits: ClosedRange<Double>) -> Double {
        switch overdrag {
        case .clamp: return min(max(raw, limits.lowerBound), limits.upperBound)
        case .rubberBand: return RubberBand.clamp(raw, to: limits, dimension: 1)
        }
    }
}
