/// What an adapter shows for one frame of an `InteractiveTransition` through a platform
/// transition whose percent is limited to 0...1 (UIKit's `UIPercentDrivenInteractiveTransition`,
/// whose `update(_:)` clamps): the percent the platform scrubs its animator to, and the rest of
/// the progress, beyond 0 or 1 (a spring's overshoot, a rubber-banded drag), as a translation of
/// the presented views in screen points. The two together show the driver's progress exactly:
/// `percent + beyondPoints * sign / travel == progress` along the mapping's axis.
///
/// The sign: the finger moves the view (direct manipulation), so progress grows the way the
/// finger moves to make progress: the mapping's fixed direction, or the one the stroke or the
/// completion in motion decided. `beyondPoints` is signed in screen coordinates along the axis
/// (x grows rightward, y downward): a pop (`toward: .right`) that overshoots 1 by 0.02 of a
/// 390 pt width is +7.8 pt; a bottom sheet (`toward: .up`) rubber-banded 0.1 below 0 on a 600 pt
/// travel is +60 pt (down).
package struct HostFrameProgress: Hashable, Sendable {
    /// The percent the platform transition shows, 0...1 (progress clamped; 0 for a progress
    /// that is not a number).
    package var percent: Double
    /// The progress beyond 0...1 as a translation along the mapping's axis, screen points;
    /// 0 within 0...1.
    package var beyondPoints: Double

    /// Splits `progress` (a fraction of `travel` points) for a view that moves `sign` (+1 or -1)
    /// along the screen axis as progress grows.
    package init(progress: Double, travel: Double, sign: Double) {
        guard progress.isFinite else {
            self.init(percent: 0, beyondPoints: 0)
            return
        }
        let percent = min(max(progress, 0), 1)
        let beyond = (progress - percent) * travel * (sign < 0 ? -1 : 1)
        self.init(percent: percent, beyondPoints: beyond.isFinite ? beyond : 0)
    }

    private init(percent: Double, beyondPoints: Double) {
        self.percent = percent
        self.beyondPoints = beyondPoints
    }
}

extension InteractiveTransition {
    /// The frame's progress as the platform transition shows it (`HostFrameProgress`): the
    /// percent for `update(_:)` and the translation beyond 0...1, for `frame` (this driver's
    /// latest `advance(to:)`).
    package func hostProgress(of frame: TransitionUpdate) -> HostFrameProgress {
        HostFrameProgress(progress: frame.progress, travel: mapping.travel, sign: screenSign)
    }

    /// The way (+1 or -1 along the mapping's axis) the view moves as progress grows: the
    /// mapping's fixed direction, else the one the stroke or the completion decided; +1 before
    /// anything decided it.
    package var screenSign: Double {
        if let fixed = mapping.direction.fixedSign { return fixed }
        switch state {
        case .idle: return 1
        case .tracking(let tracking): return tracking.stroke.sign ?? 1
        case .completing(let animation): return animation.sign ?? 1
        }
    }
}

/// The display rate an adapter's frame loop asks for while it runs (a `CADisplayLink`'s
/// `preferredFrameRateRange`), in frames per second. The loop runs only while something moves (a
/// finger drags, a completion plays: `HostTransitionLifecycle`'s `.runFrames`) and stops at rest,
/// so it asks for `moving` whenever it runs. A ProMotion display runs a display link at 60 Hz
/// unless the link asks for more, and on iPhone only if the app's Info.plist sets
/// `CADisableMinimumFrameDurationOnPhone` to true (Apple, "Optimizing ProMotion refresh rates for
/// iPhone 13 Pro and iPad Pro").
package struct HostFrameRate: Hashable, Sendable {
    /// The lowest rate the motion may drop to, frames per second.
    package var minimum: Double
    /// The highest rate, frames per second.
    package var maximum: Double
    /// The rate asked for, frames per second.
    package var preferred: Double

    /// What a moving view asks for: 80 to 120 frames per second, 120 preferred (Apple's range
    /// for fast, interactive motion on ProMotion displays; a 60 Hz display runs at 60 whatever
    /// it is asked).
    package static let moving = HostFrameRate(minimum: 80, maximum: 120, preferred: 120)
}

/// Whether a platform animation scrubbed by percent shows that percent: a cubic Bezier timing
/// curve from (0, 0) to (1, 1) (Core Animation's `CAMediaTimingFunction`, UIKit's
/// `UICubicTimingParameters`) is the identity exactly when both control points lie on the
/// diagonal (x = y), since the curve is then x(t) = y(t) for every t. Any other curve shows
/// curve(percent) where the driver asked for percent: an ease-in-out draws a drag's start and end
/// slower than the finger and breaks the velocity match at release.
package struct HostTimingCurve: Hashable, Sendable {
    /// The first control point, unit square.
    package var x1, y1: Double
    /// The second control point, unit square.
    package var x2, y2: Double

    /// A curve through (0, 0), (x1, y1), (x2, y2), (1, 1).
    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// Whether the curve is the identity, to `tolerance` in each control point (1e-6: the
    /// Float precision Core Animation stores them in is 6e-8 near 1). A non-finite point is
    /// not linear.
    package func isLinear(tolerance: Double = 1e-6) -> Bool {
        abs(x1 - y1) <= tolerance && abs(x2 - y2) <= tolerance
    }
}
