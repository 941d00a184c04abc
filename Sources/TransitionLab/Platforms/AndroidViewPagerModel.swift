import TransitionPhysics

/// Android's `ViewPager` as a page is swiped, in our progress convention: the detents are the
/// pages' left edges (progress 0 and 1 without detents: this page and the next), velocity
/// positive toward the later pages (the finger moving left). From AndroidX
/// `viewpager/viewpager/src/main/java/androidx/viewpager/widget/ViewPager.java` at commit
/// 2923f39afb2f019e043f3a8e1d409fa49d90808e (`onTouchEvent`'s `ACTION_UP`,
/// `infoForCurrentScrollPosition`, `determineTargetPage`, `smoothScrollTo`,
/// `distanceInfluenceForSnapDuration`, `sInterpolator`); docs/references.md#platform-sheet-rules.
///
/// - Release (`ACTION_UP`): the page under the scroll position is the last detent at or before
///   the release (the release held within the first and last detents, as `performDrag` holds the
///   scroll), and the page offset the release's fraction of the way to the next detent. The
///   drag's total delta is (progress − `dragStartProgress`) × `travelPixels`, truncated to whole
///   pixels, and the velocity the release velocity in pixels per second, truncated, at most
///   `ViewConfiguration`'s maximum fling (`ReleaseSpeedLimit.platformMaximum`, 8,000 dp/s; no
///   minimum: `computeCurrentVelocity` only caps). This model converts with `travelPixels` and
///   `pixelsPerDip`.
/// - Decision (`determineTargetPage`): a fling when |delta| > `MIN_DISTANCE_FOR_FLING` (25 dp)
///   and |velocity| > `MIN_FLING_VELOCITY` (400 dp/s), both thresholds truncated to whole pixels
///   and both strict: the page under the scroll position when moving back, the one after it when
///   moving forward. Otherwise the page under the scroll position plus `(int)(offset + t)`, where
///   t = 0.4 when that page is at or after the one the drag began on (`dragStartProgress`'s
///   nearest detent) and 0.6 when before: either way a slow release must cross 60% of a page
///   to turn it. The target is held within the first and last pages.
/// - Completion (`smoothScrollTo`): whole milliseconds, at most 600 (`MAX_SETTLE_DURATION`); with
///   a velocity 4 × round(1000 × d / |v|), d the distance influenced as `ViewDragHelper`'s (the
///   client width taken as the travel); without, (|Δ| / page width + 1) × 100 ms, the page width
///   the gap from the target's detent to the next (to the previous for the last); along
///   `sInterpolator`, the same 1 − (1 − t)⁵ as `ViewDragHelper`'s
///   (`AndroidBottomSheetModel.androidQuinticEaseOut`). The finger's velocity sets the duration
///   only: the curve starts at the interpolator's own slope.
public struct AndroidViewPagerModel: ReleaseModel, Hashable {
    /// `android-pager`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = PlatformSheetRule.androidViewPager.rawValue
    /// `android-pager`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }

    /// `MIN_DISTANCE_FOR_FLING`, 25 dp: a shorter drag is never a fling.
    public static let minimumFlingDistanceDips = 25.0
    /// `MIN_FLING_VELOCITY`, 400 dp per second: slower is never a fling.
    public static let minimumFlingVelocityDipsPerSecond = 400.0
    /// The truncator of a slow release forward (onto or past the page the drag began on), 0.4:
    /// the page turns at 0.6 of the way.
    public static let forwardTruncator = 0.4
    /// The truncator of a slow release back (before the page the drag began on), 0.6: the page
    /// turns back at 0.6 of the way back.
    public static let backwardTruncator = 0.6
    /// `smoothScrollTo`'s duration per page without a velocity, 100 ms (kept in milliseconds, as
    /// the source multiplies: (0.4 + 1) × 0.1 × 1000 would truncate to 139 ms where it has 140).
    public static let restingMillisecondsPerPage = 100.0

    /// The pager's width (a page's travel), physical pixels, > 0.
    public var travelPixels: Double
    /// Physical pixels per dp (Android's density), > 0.
    public var pixelsPerDip: Double
    /// The progress the drag began at: its nearest detent is the page `mCurItem` names.
    public var dragStartProgress: Double

    /// The pager for a page travel of `travelPixels` pixels at `pixelsPerDip`, the drag begun at
    /// `dragStartProgress` (0: the bench's page turns start on the first page).
    public init(travelPixels: Double, pixelsPerDip: Double, dragStartProgress: Double = 0) {
        precondition(travelPixels > 0 && travelPixels.isFinite, "AndroidViewPagerModel travelPixels must be positive and finite; got \(travelPixels).")
        precondition(pixelsPerDip > 0 && pixelsPerDip.isFinite, "AndroidViewPagerModel pixelsPerDip must be positive and finite; got \(pixelsPerDip).")
        precondition(dragStartProgress.isFinite, "AndroidViewPagerModel dragStartProgress must be finite; got \(dragStartProgress).")
        self.travelPixels = travelPixels
        self.pixelsPerDip = pixelsPerDip
        self.dragStartProgress = dragStartProgress
    }

    /// The release velocity as `ACTION_UP` reads it: pixels per second, capped at the maximum
    /// fling, truncated to an `int`.
    func pixelsPerSecond(_ velocity: Double) -> Double {
        let maximum = ReleaseSpeedLimit.platformMaximum * pixelsPerDip
        return min(max(velocity * travelPixels, -maximum), maximum).rounded(.towardZero)
    }

    /// The index into `stops` (ascending: the pages' left edges) `determineTargetPage` turns to
    /// for a release at `progress` moving at `velocity` (progress per second, positive forward).
    public func settlingIndex(progress: Double, velocity: Double, stops: [Double]) -> Int {
        let last = stops.count - 1
        guard last > 0 else { return 0 }
        let scroll = min(max(progress, stops[0]), stops[last])
        let page = stops.lastIndex { $0 <= scroll } ?? 0
        let offset = page < last ? (scroll - stops[page]) / (stops[page + 1] - stops[page]) : 0
        let deltaX = ((progress - dragStartProgress) * travelPixels).rounded(.towardZero)
        let speed = pixelsPerSecond(velocity)
        let target: Int
        if abs(deltaX) > (Self.minimumFlingDistanceDips * pixelsPerDip).rounded(.towardZero),
            abs(speed) > (Self.minimumFlingVelocityDipsPerSecond * pixelsPerDip).rounded(.towardZero)
        {
            target = speed < 0 ? page : page + 1
        } else {
            let startPage = stops.indices.min { abs(stops[$0] - dragStartProgress) < abs(stops[$1] - dragStartProgress) } ?? 0
            let truncator = page >= startPage ? Self.forwardTruncator : Self.backwardTruncator
            target = page + Int((offset + truncator).rounded(.towardZero))
        }
        return min(max(target, 0), last)
    }

    /// `smoothScrollTo`'s duration, in seconds, for a settle from `progress` to page `index` of
    /// `stops` at `velocity` (progress per second).
    public func settleDuration(from progress: Double, to index: Int, of stops: [Double], velocity: Double) -> Double {
        let deltaPixels = abs(stops[index] - progress) * travelPixels
        let neighbour = index < stops.count - 1 ? index + 1 : max(index - 1, 0)
        let pagePixels = abs(stops[neighbour] - stops[index]) * travelPixels
        let pageDelta = pagePixels > 0 ? deltaPixels / pagePixels : 0
        return AndroidSnapDuration.seconds(
            deltaPixels: deltaPixels, widthPixels: travelPixels, pixelsPerSecond: pixelsPerSecond(velocity),
            restingMilliseconds: (pageDelta + 1) * Self.restingMillisecondsPerPage)
    }

    /// The page `determineTargetPage` turns to and `smoothScrollTo`'s settle toward it.
    public func release(_ state: ReleaseState) -> Completion {
        let stops = state.platformStops
        let index = settlingIndex(progress: state.progress, velocity: state.velocity, stops: stops)
        let duration = settleDuration(from: state.progress, to: index, of: stops, velocity: state.velocity)
        return .platform(state, settlingAt: index, of: stops, shape: .timingCurve(AndroidBottomSheetModel.androidQuinticEaseOut, duration: duration))
    }
}
