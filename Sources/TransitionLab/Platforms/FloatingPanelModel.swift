import RealModule
import TransitionPhysics

/// FloatingPanel's default behaviour (`FloatingPanelDefaultBehavior`), the anchors being the
/// detents (progress 0 and 1 without detents), progress increasing along the panel's
/// coordinate. From scenee/FloatingPanel at commit 7efcc769e0ffe62f530e9276ab26309f758b7cc3:
/// `Sources/Core.swift` (`targetState(from:with:)`, `project(initialVelocity:decelerationRate:)`,
/// `NumericSpringAnimator`), `Sources/Behavior.swift` (the defaults) and `Sources/Layout.swift`
/// (`segment(at:forward:)`); docs/references.md#platform-sheet-rules.
///
/// - Projection: `momentumProjectionRate`, UIScrollView's normal rate (`DecelerationRate.normal`,
///   0.998), in the discrete form of Apple's "Designing Fluid Interfaces"
///   (`ProjectionForm.discrete`, no minimum fling velocity): progress + velocity × 0.499 s. The
///   velocity is divided by the distance between the first and last anchors and the projection
///   multiplied back, so it is the same in progress.
/// - Decision: the direction is the velocity's sign (at velocity 0, the side of the release from
///   `dragStartProgress`, the state the drag began at). `shouldProjectMomentum` is false by
///   default, so the projection is kept within the segment after the one the release is in; the
///   release goes to the anchor ahead of that segment when the projection has passed more than
///   `redirectionalProgress` (0.5) of it, strictly, and back otherwise.
/// - Completion (`NumericSpringAnimator`): a spring of response 0.4 s (`springResponseTime`)
///   with damping ratio ln(r) / (−2π × 0.001 / 0.4), r = `springDecelerationRate` =
///   `UIScrollView.DecelerationRate.fast` + 0.001 = 0.991 (0.576), when the release is faster
///   than 300 points per second (this model converts with `travelPoints`), critically damped
///   otherwise, from the release velocity. FloatingPanel integrates it per frame with an
///   implicit Euler step, which damps a little more; this is the spring's exact motion.
///
/// FloatingPanel's removal interaction (dismissal past a velocity of 5.5 travels per second) runs
/// only for a panel whose delegate enables it, and is not modelled.
public struct FloatingPanelModel: ReleaseModel, Hashable {
    /// `floatingpanel`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = PlatformSheetRule.floatingPanel.rawValue
    /// `floatingpanel`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }

    /// `FloatingPanelDefaultBehavior.redirectionalProgress`, 0.5.
    public static let defaultRedirectionalProgress = 0.5
    /// `springResponseTime`, 0.4 seconds.
    public static let springResponseSeconds = 0.4
    /// `springDecelerationRate`: `UIScrollView.DecelerationRate.fast` + 0.001, velocity kept per millisecond.
    public static let springDecelerationRate = DecelerationRate(rawValue: DecelerationRate.fast.rawValue + 0.001)
    /// The release speed above which `NumericSpringAnimator` takes the damping from the
    /// deceleration rate, 300 points per second.
    public static let underdampedAbovePointsPerSecond = 300.0

    /// The travel from progress 0 to 1, points, > 0.
    public var travelPoints: Double
    /// `momentumProjectionRate` (default UIScrollView's normal rate).
    public var projectionRate: DecelerationRate
    /// `shouldProjectMomentum`: true lets a projection skip anchors (false by default).
    public var projectsMomentum: Bool
    /// `redirectionalProgress`, in 0...1.
    public var redirectionalProgress: Double
    /// The progress of the state the drag began at, which decides the direction of a release at
    /// velocity 0 (the bench's sheets begin at 0).
    public var dragStartProgress: Double

    /// A panel over `travelPoints` points with FloatingPanel's defaults.
    public init(
        travelPoints: Double, projectionRate: DecelerationRate = .normal, projectsMomentum: Bool = false,
        redirectionalProgress: Double = Self.defaultRedirectionalProgress, dragStartProgress: Double = 0
    ) {
        precondition(travelPoints > 0 && travelPoints.isFinite, "FloatingPanelModel travelPoints must be positive and finite; got \(travelPoints).")
        precondition(redirectionalProgress >= 0 && redirectionalProgress <= 1, "FloatingPanelModel redirectionalProgress must be in 0...1; got \(redirectionalProgress).")
        precondition(dragStartProgress.isFinite, "FloatingPanelModel dragStartProgress must be finite; got \(dragStartProgress).")
        self.travelPoints = travelPoints
        self.projectionRate = projectionRate
        self.projectsMomentum = projectsMomentum
        self.redirectionalProgress = redirectionalProgress
        self.dragStartProgress = dragStartProgress
    }

    /// Where the release coasts to, progress: the projection rule with FloatingPanel's rate and form.
    public func projectedProgress(progress: Double, velocity: Double) -> Double {
        ProjectionRule.projectedProgress(
            progress: progress, velocity: velocity, minFlingVelocity: 0,
            distancePerVelocity: ProjectionForm.discrete.distancePerVelocity(rate: projectionRate))
    }

    /// `segment(at:forward:)`: the anchors below and above `position` (nil past an end); moving
    /// forward an anchor at `position` is below it, moving back above it.
    static func segment(at position: Double, forward: Bool, in stops: [Double]) -> (lower: Int?, upper: Int?) {
        let upper = forward ? stops.firstIndex { position < $0 } : stops.firstIndex { position <= $0 }
        switch upper {
        case 0?: return (nil, 0)
        case let upper?: return (upper - 1, upper)
        case nil: return (stops.count - 1, nil)
        }
    }

    /// `targetState(from:with:)`: the index into `stops` (ascending progress) a release at
    /// `progress` moving at `velocity` (progress per second) settles at.
    public func settlingIndex(progress: Double, velocity: Double, stops: [Double]) -> Int {
        let last = stops.count - 1
        guard last > 0 else { return 0 }
        var projected = projectedProgress(progress: progress, velocity: velocity)
        let forward = velocity == 0 ? progress > dragStartProgress : velocity > 0
        let segment = Self.segment(at: projected, forward: forward, in: stops)
        var (lower, upper) = (segment.lower ?? 0, segment.upper ?? last)
        if !projectsMomentum {
            let current = Self.segment(at: progress, forward: forward, in: stops)
            (lower, upper) = (current.lower ?? 0, current.upper ?? last)
            if lower == upper {
                if forward { upper = min(lower + 1, last) } else { lower = max(upper - 1, 0) }
            }
            // Block a projection past the segment after this one.
            if forward {
                projected = max(min(projected, stops[min(upper + 1, last)]), stops[lower])
            } else {
                projected = max(min(projected, stops[upper]), stops[max(lower - 1, 0)])
            }
        }
        let (from, to) = forward ? (lower, upper) : (upper, lower)
        let passed = abs(projected - stops[from]) / abs(stops[from] - stops[to])
        return passed > redirectionalProgress ? to : from
    }

    /// `NumericSpringAnimator`'s spring for a release at `velocity` (progress per second).
    public func spring(velocity: Double) -> Spring {
        let dampingRatio = abs(velocity) * travelPoints > Self.underdampedAbovePointsPerSecond
            ? Double.log(Self.springDecelerationRate.rawValue) / (-2 * Double.pi * 0.001 / Self.springResponseSeconds)
            : 1
        return Spring(response: Self.springResponseSeconds, dampingRatio: dampingRatio)
    }

    /// The anchor `targetState(from:with:)` picks and the spring toward it.
    public func release(_ state: ReleaseState) -> Completion {
        let stops = state.platformStops
        let index = settlingIndex(progress: state.progress, velocity: state.velocity, stops: stops)
        return .platform(
            state, settlingAt: index, of: stops, shape: .spring(spring(velocity: state.velocity), overshoot: .allow),
            projectedProgress: projectedProgress(progress: state.progress, velocity: state.velocity))
    }
}
