import RealModule

/// The snap duration Android's `ViewDragHelper` (`computeAxisDuration`, the sheet's settle) and
/// `ViewPager` (`smoothScrollTo`, a page's settle) share, written once: both moderate the
/// distance with the same `distanceInfluenceForSnapDuration`, take four times the time the
/// influenced distance lasts at the release speed, and cap the result at their
/// `MAX_SETTLE_DURATION`, 600 ms. They differ only without a velocity, which each model passes in.
enum AndroidSnapDuration {
    /// `MAX_SETTLE_DURATION` of both `ViewDragHelper` and `ViewPager`, 600 ms, as seconds.
    static let maximumSeconds = 0.6

    /// The settle duration in seconds (whole milliseconds, at most 600) over `deltaPixels` in a
    /// view `widthPixels` wide, at `pixelsPerSecond` (truncated to whole pixels per second, as the
    /// sources hold it in an `int`; its sign is ignored). With a speed:
    /// 4 × round(1000 × d / |v|) ms, d = w/2 + w/2 × sin((min(1, |Δ| / w) − 0.5) × 0.3π/2);
    /// without, `restingMilliseconds` truncated. 0 when there is no distance.
    static func seconds(deltaPixels: Double, widthPixels: Double, pixelsPerSecond: Double, restingMilliseconds: Double) -> Double {
        let delta = abs(deltaPixels)
        guard delta > 0 else { return 0 }
        let ratio = min(1, delta / widthPixels)
        let influenced = widthPixels / 2 + widthPixels / 2 * Double.sin((ratio - 0.5) * 0.3 * Double.pi / 2)
        let speed = abs(pixelsPerSecond.rounded(.towardZero))
        let milliseconds = speed > 0 ? 4 * (1000 * influenced / speed).rounded(.toNearestOrAwayFromZero) : restingMilliseconds.rounded(.towardZero)
        return min(milliseconds / 1000, maximumSeconds)
    }
}
