import TransitionPhysics

/// Android's `BottomSheetBehavior` as a modal sheet is dragged down to dismiss it, in our
/// progress convention: 0 the sheet expanded, 1 hidden (dismissed), velocity positive downward
/// (toward hiding). From material-components-android
/// `lib/java/com/google/android/material/bottomsheet/BottomSheetBehavior.java` at commit
/// ac7e18efeefb331850c561faf9ab8bf81d27ba68 (`onViewReleased`, `shouldHide`, `releasedLow`,
/// `startSettling`) and AndroidX `customview/.../widget/ViewDragHelper.java`
/// (`releaseViewForPointerUp`, `computeSettleDuration`, `computeAxisDuration`, the quintic
/// interpolator); docs/references.md#platform-sheet-rules.
///
/// The sheet is `fitToContents` and hideable. With detents [0, 1] (or none) it has no collapsed
/// state (`skipCollapsed`: expanded and hidden only); with three or more the second to last is
/// the collapsed state (its distance to the last is the peek height) and the first the expanded
/// one, and the detents between them are never chosen (a `fitToContents` sheet has no other).
///
/// - Velocity: `ViewDragHelper` reports the lift-off velocity in pixels per second with a
///   magnitude under `ViewConfiguration`'s minimum fling velocity (50 dp/s) read as 0 and capped
///   at its maximum (8,000 dp/s, `ReleaseSpeedLimit.platformMaximum`); this model converts the
///   release velocity with `travelPixels` and `pixelsPerDip`. The other axis's velocity is taken
///   as 0 (the gestures are one-axis).
/// - Decision (`onViewReleased`): moving up (velocity < 0) expands. Otherwise, when `shouldHide`
///   (always without a collapsed state; else not above the collapsed state and
///   |position + velocity × `hideFriction` − collapsed| / peek > 0.5, `HIDE_THRESHOLD`), the sheet
///   hides if the velocity exceeds `significantVelocityThreshold` (500 pixels per second, read
///   with `getInt`, so physical pixels) or it was released past halfway between expanded and
///   hidden (`releasedLow`, strictly), and expands otherwise. Not hiding: at velocity 0 the
///   nearer of expanded and collapsed (collapsed at a tie), moving down collapses.
/// - Completion (`settleCapturedViewAt`): `computeAxisDuration` in whole milliseconds, at most 600
///   (`MAX_SETTLE_DURATION`): with a velocity, 4 × round(1000 × d / |v|) where
///   d = w/2 + w/2 × sin((min(1, |Δ| / w) − 0.5) × 0.3π/2), w the parent's width, taken as the
///   travel (pixels); without, (|Δ| / range + 1) × 256 ms (`BASE_SETTLE_DURATION`), range the
///   travel (the rule `ViewPager` shares bar the resting duration, `AndroidViewPagerModel`);
///   along the quintic ease-out 1 − (1 − t)⁵ (`androidQuinticEaseOut`, a cubic Bezier within
///   0.007 of it). The finger's velocity sets the duration only: the curve starts at the
///   interpolator's own slope.
public struct AndroidBottomSheetModel: ReleaseModel, Hashable {
    /// `android-sheet`, the model's name in tables and CSV columns (every instance's `name`).
    public static let modelName = PlatformSheetRule.androidBottomSheet.rawValue
    /// `android-sheet`, the model's name in tables and CSV columns.
    public var name: String { Self.modelName }

    /// `DEFAULT_SIGNIFICANT_VEL_THRESHOLD`, 500 physical pixels per second.
    public static let defaultSignificantVelocityPixelsPerSecond = 500.0
    /// `HIDE_FRICTION`, 0.1 seconds: how far ahead the velocity projects the position for `shouldHide`.
    public static let defaultHideFrictionSeconds = 0.1
    /// `HIDE_THRESHOLD`, 0.5 of the peek height.
    public static let hideThreshold = 0.5
    /// `ViewConfiguration`'s `MINIMUM_FLING_VELOCITY`, 50 dp per second: slower is read as 0.
    public static let minimumFlingVelocityDipsPerSecond = 50.0
    /// `ViewDragHelper`'s `BASE_SETTLE_DURATION`, 256 ms, as seconds.
    public static let baseSettleDurationSeconds = 0.256
    /// `ViewDragHelper`'s `MAX_SETTLE_DURATION`, 600 ms, as seconds (`ViewPager`'s too).
    public static let maximumSettleDurationSeconds = AndroidSnapDuration.maximumSeconds
    /// `ViewDragHelper`'s interpolator, 1 − (1 − t)⁵, as the cubic Bezier (0.2148, 1), (0.3591, 1),
    /// which stays within 0.007 of it (fitted by least maximum error; `AndroidBottomSheetModelTests`).
    public static let androidQuinticEaseOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.2148, y: 1), endControlPoint: UnitPoint(x: 0.3591, y: 1))

    /// The sheet's travel from expanded to hidden, physical pixels, > 0.
    public var travelPixels: Double
    /// Physical pixels per dp (Android's density), > 0.
    public var pixelsPerDip: Double
    /// `significantVelocityThreshold`, physical pixels per second.
    public var significantVelocityPixelsPerSecond: Double
    /// `hideFriction`, seconds.
    public var hideFrictionSeconds: Double

    /// The sheet for a travel of `travelPixels` pixels at `pixelsPerDip`, with Android's defaults.
    public init(
        travelPixels: Double, pixelsPerDip: Double,
        significantVelocityPixelsPerSecond: Double = Self.defaultSignificantVelocityPixelsPerSecond,
        hideFrictionSeconds: Double = Self.defaultHideFrictionSeconds
    ) {
        precondition(travelPixels > 0 && travelPixels.isFinite, "AndroidBottomSheetModel travelPixels must be positive and finite; got \(travelPixels).")
        precondition(pixelsPerDip > 0 && pixelsPerDip.isFinite, "AndroidBottomSheetModel pixelsPerDip must be positive and finite; got \(pixelsPerDip).")
        precondition(
            significantVelocityPixelsPerSecond >= 0 && significantVelocityPixelsPerSecond.isFinite,
            "AndroidBottomSheetModel significantVelocityPixelsPerSecond must be >= 0 and finite; got \(significantVelocityPixelsPerSecond).")
        precondition(hideFrictionSeconds >= 0 && hideFrictionSeconds.isFinite, "AndroidBottomSheetModel hideFrictionSeconds must be >= 0 and finite; got \(hideFrictionSeconds).")
        self.travelPixels = travelPixels
        self.pixelsPerDip = pixelsPerDip
        self.significantVelocityPixelsPerSecond = significantVelocityPixelsPerSecond
        self.hideFrictionSeconds = hideFrictionSeconds
    }

    /// `ViewDragHelper`'s `clampMag` of a velocity in pixels per second: 0 under the minimum
    /// fling velocity, the maximum's sign and size above it.
    func clampedPixelsPerSecond(_ pixelsPerSecond: Double) -> Double {
        let minimum = Self.minimumFlingVelocityDipsPerSecond * pixelsPerDip
        let maximum = ReleaseSpeedLimit.platformMaximum * pixelsPerDip
        if abs(pixelsPerSecond) < minimum { return 0 }
        return abs(pixelsPerSecond) > maximum ? (pixelsPerSecond > 0 ? maximum : -maximum) : pixelsPerSecond
    }

    /// The index into `stops` (ascending progress: expanded first, hidden last) that
    /// `onViewReleased` settles at for a release at `progress` moving at `velocity` (progress per
    /// second, positive toward hiding).
    public func settlingIndex(progress: Double, velocity: Double, stops: [Double]) -> Int {
        let last = stops.count - 1
        guard last > 0 else { return 0 }
        let expanded = 0, hidden = last
        let yvel = clampedPixelsPerSecond(velocity * travelPixels)
        if yvel < 0 { return expanded }
        // skipCollapsed: no collapsed state between expanded and hidden.
        let collapsed: Int? = last >= 2 ? last - 1 : nil
        let shouldHide: Bool
        if let collapsed {
            let peek = stops[hidden] - stops[collapsed]
            let projected = progress + velocity * hideFrictionSeconds
            shouldHide = progress >= stops[collapsed] && abs(projected - stops[collapsed]) / peek > Self.hideThreshold
        } else {
            shouldHide = true
        }
        if shouldHide {
            let releasedLow = progress > (stops[expanded] + stops[hidden]) / 2
            return yvel > significantVelocityPixelsPerSecond || releasedLow ? hidden : expanded
        }
        guard let collapsed else { return expanded }
        if yvel == 0 {
            return abs(progress - stops[expanded]) < abs(progress - stops[collapsed]) ? expanded : collapsed
        }
        return collapsed
    }

    /// `computeAxisDuration` for a settle over `distance` progress at `velocity` (progress per
    /// second), in seconds: whole milliseconds, at most 600.
    public func settleDuration(distance: Double, velocity: Double) -> Double {
        let delta = abs(distance) * travelPixels
        return AndroidSnapDuration.seconds(
            deltaPixels: delta, widthPixels: travelPixels, pixelsPerSecond: clampedPixelsPerSecond(velocity * travelPixels),
            restingMilliseconds: (delta / travelPixels + 1) * Self.baseSettleDurationSeconds * 1000)
    }

    /// The detent `onViewReleased` chooses and `ViewDragHelper`'s settle toward it.
    public func release(_ state: ReleaseState) -> Completion {
        let stops = state.platformStops
        let index = settlingIndex(progress: state.progress, velocity: state.velocity, stops: stops)
        let duration = settleDuration(distance: stops[index] - state.progress, velocity: state.velocity)
        return .platform(state, settlingAt: index, of: stops, shape: .timingCurve(Self.androidQuinticEaseOut, duration: duration))
    }
}
