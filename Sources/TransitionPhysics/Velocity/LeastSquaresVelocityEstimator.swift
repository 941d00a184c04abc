/// The release velocity as the slope, at the newest sample, of a least-squares polynomial fitted
/// to the recent samples: Flutter's `VelocityTracker` and Android's default `lsq2` strategy
/// (docs/references.md#release-velocity). Its `recommended` configuration is the
/// estimator an app should use, and the package's default.
///
/// The window is `VelocityWindow` (100 ms, 20 samples, a gap over 40 ms ends it). The fit is an
/// unweighted polynomial of `degree` 2 (or 1) in time; the result is its derivative at the
/// newest sample's time, in position units per second.
///
/// Short windows, where Flutter and Android differ (see `ShortWindowRule`):
/// - Flutter requires 3 samples (`_minSampleSize = 3`) and reports 0 below that, whatever the
///   degree. This is the default (`.zero`): a window cut to 2 samples by a dropped frame says
///   little about the release, and 0 is what the shared reference table documents.
/// - Android lowers the degree to `count - 1` (`degree = min(mDegree, size - 1)`), so 2 samples
///   give the two-point slope; 1 sample gives no velocity. Available as `.lowerDegree`.
///
/// A fit the samples do not determine (all at one time, or three samples at two times for
/// degree 2) reports 0, as both Flutter (`solve` returns null) and Android (`nullopt`) do.
///
/// The "pointer stopped" rule for the lift-off (no velocity when the finger rests more than
/// `pointerStoppedAfter`, 40 ms on both platforms, before lifting) needs the lift-off time, which
/// `[AxisSample]` does not carry: `InteractiveTransition` applies it (`ReleaseSamples`).
///
/// `LeastSquaresVelocityEstimator()` is Flutter's tracker exactly (oracles V1-V4 and Android's
/// recordings are pinned in the tests), and `LeastSquaresVelocityEstimator(shortWindowRule:
/// .lowerDegree)` Android's `lsq2`. `.dropTolerant` is the same fit configured for 60 Hz touch
/// hardware that drops frames, and `.recommended` that configuration with its windows and
/// thresholds in seconds; see their documentation for what changes and the measurements.
public struct LeastSquaresVelocityEstimator: WindowedVelocityEstimator, VelocityEstimator, Hashable {
    /// What a window with fewer samples than the polynomial needs (degree + 1) reports.
    public enum ShortWindowRule: String, Hashable, Sendable, CaseIterable {
        /// Report 0 (Flutter `VelocityTracker`: fewer than 3 samples give zero velocity).
        case zero
        /// Fit the highest degree the samples allow, `count - 1`; 1 sample reports 0
        /// (Android `LeastSquaresVelocityTrackerStrategy::getVelocity`).
        case lowerDegree
    }

    /// What a window of 3 or more samples gets when no parabola fits it: fewer samples than
    /// `quadraticMinimumSamples`, or a span shorter than `quadraticMinimumDuration`, and no turning
    /// point applies.
    public enum WindowFallback: String, Hashable, Sendable, CaseIterable {
        /// The least-squares straight line through the window (`.dropTolerant`). Through a stroke
        /// that started from rest a moment ago it reads the stroke's mean speed: about half the
        /// finger's at the lift-off of a short flick.
        case line
        /// Android's impulse estimate over the window's samples (`ImpulseVelocityEstimator`'s
        /// rule, without its own 100 ms window): the kinetic energy the finger gave the screen,
        /// dominated by the newest segments, so the finger's speed at the end of a short flick.
        /// A sample within 2 ms before the next one is replaced by it
        /// (`impulseMergedWithin`): a segment that short (fingers reported apart, a web page's
        /// pointer events) carries a step's worth of position in a sliver of time, and its
        /// energy would outweigh the stroke's.
        case impulse

        /// 2 ms, in seconds: samples closer than this read as one for `.impulse` (half the frame
        /// of a 240 Hz screen, so no screen's own samples are merged).
        static let impulseMergedWithin = 0.002
    }

    /// Polynomial degree, 1 (straight line) or 2 (Android `lsq2`, Flutter). Default 2.
    public var degree: Int { didSet { Self.check(degree: degree) } }
    /// Which samples take part: horizon (seconds), sample count, longest gap (seconds).
    public var window: VelocityWindow
    /// Windows shorter than `degree + 1` samples. Default `.zero` (Flutter).
    public var shortWindowRule: ShortWindowRule
    /// With `degree` 2, a window of at least 3 but fewer than this many samples is fitted with a
    /// straight line (degree 1) instead of a parabola; shorter windows follow `shortWindowRule`.
    /// Default 3: Flutter and Android fit a parabola from 3 samples. A parabola through a
    /// handful of samples turns a deceleration into a reversal at the newest sample
    /// (`.dropTolerant` uses 8).
    public var quadraticMinimumSamples: Int { didSet { Self.check(quadraticMinimumSamples: quadraticMinimumSamples) } }
    /// With `degree` 2, a window whose samples span less than this many seconds (newest minus
    /// oldest sample time) is fitted with a straight line instead of a parabola, whatever its
    /// sample count: the sampling rate then does not decide the degree. Default 0 (Flutter and
    /// Android: no such rule).
    public var quadraticMinimumDuration: Double { didSet { Self.check(quadraticMinimumDuration: quadraticMinimumDuration) } }
    /// With `degree` 2, what a window of 3 or more samples that no parabola fits is fitted with
    /// (`WindowFallback`). Default `.line`: Flutter and Android fit a parabola from 3 samples, so
    /// only `quadraticMinimumSamples` and `quadraticMinimumDuration` ever reach it.
    public var fallback: WindowFallback
    /// Seconds without a movement before a lift-off that mean the finger rested: velocity 0.
    /// Default 0.040 s (Android and Flutter).
    public var pointerStoppedAfter: Double { didSet { Self.check(pointerStoppedAfter: pointerStoppedAfter) } }

    /// Traps (a programming error) unless `degree` is valid: checked in `init` and on every set.
    static func check(degree value: Int) {
        precondition(value == 1 || value == 2, "LeastSquaresVelocityEstimator.degree must be 1 or 2; got \(value).")
    }

    /// Traps (a programming error) unless `quadraticMinimumSamples` is valid: checked in `init` and on every set.
    static func check(quadraticMinimumSamples value: Int) {
        precondition(value >= 3, "LeastSquaresVelocityEstimator.quadraticMinimumSamples must be >= 3 (a parabola needs 3 samples); got \(value).")
    }

    /// Traps (a programming error) unless `quadraticMinimumDuration` is valid: checked in `init` and on every set.
    static func check(quadraticMinimumDuration value: Double) {
        precondition(value >= 0 && value.isFinite, "LeastSquaresVelocityEstimator.quadraticMinimumDuration must be a finite number of seconds >= 0; got \(value).")
    }

    /// Traps (a programming error) unless `pointerStoppedAfter` is valid: checked in `init` and on every set.
    static func check(pointerStoppedAfter value: Double) {
        precondition(value > 0 && value.isFinite, "LeastSquaresVelocityEstimator.pointerStoppedAfter must be a finite number of seconds > 0; got \(value).")
    }

    /// Flutter's and Android's LSQ2 by default: a parabola over `window` (100 ms, 20 samples, 40 ms gap), 0 for short windows, and 0 after 40 ms without movement before lift-off; `fallback` for a window no parabola fits (default the straight line).
    public init(
        degree: Int = 2, window: VelocityWindow = VelocityWindow(), shortWindowRule: ShortWindowRule = .zero,
        quadraticMinimumSamples: Int = 3, quadraticMinimumDuration: Double = 0,
        fallback: WindowFallback = .line, pointerStoppedAfter: Double = ReleaseSamples.defaultStoppedAfter
    ) {
        Self.check(degree: degree)
        Self.check(quadraticMinimumSamples: quadraticMinimumSamples)
        Self.check(quadraticMinimumDuration: quadraticMinimumDuration)
        Self.check(pointerStoppedAfter: pointerStoppedAfter)
        self.degree = degree
        self.window = window
        self.shortWindowRule = shortWindowRule
        self.quadraticMinimumSamples = quadraticMinimumSamples
        self.quadraticMinimumDuration = quadraticMinimumDuration
        self.fallback = fallback
        self.pointerStoppedAfter = pointerStoppedAfter
    }

    /// Convenience for the window's three parameters.
    ///
    /// - Parameters:
    ///   - degree: Polynomial degree of the fit, 1 or 2 (default 2).
    ///   - horizon: Oldest sample age kept, seconds before the newest (default 0.100 s).
    ///   - maxSamples: Most samples kept (default 20).
    ///   - maxGap: Longest interval between consecutive samples, seconds (default 0.040 s).
    ///   - shortWindowRule: What windows shorter than `degree + 1` samples give (default `.zero`).
    public init(
        degree: Int = 2, horizon: Double, maxSamples: Int = VelocityWindow.defaultMaxSamples,
        maxGap: Double = VelocityWindow.defaultMaxGap, shortWindowRule: ShortWindowRule = .zero
    ) {
        self.init(
            degree: degree, window: VelocityWindow(horizon: horizon, maxSamples: maxSamples, maxGap: maxGap),
            shortWindowRule: shortWindowRule)
    }

    /// Least squares for 60 Hz touch hardware that drops frames. `.recommended` keeps what
    /// these changes buy with windows in seconds and is the default; this configuration counts
    /// samples (a 20-sample window is 158 ms at 120 Hz, a parabola from 8 samples starts at
    /// 58 ms there), so it reads short 120 Hz flicks slow (docs/velocity.md). Changes to
    /// Flutter's tracker, each for a failure seen in the recorded BioIdent swipes (60 Hz
    /// Android; 9% of intervals over 40 ms):
    ///
    /// 1. The window is the last 200 ms (at most 20 samples) and a dropped frame does not end it
    ///    (`maxGap` = horizon): Flutter's 40 ms gap rule cuts 15% of the recorded strokes to
    ///    fewer than 3 samples, and they report 0.
    /// 2. A short window lowers the degree (Android's rule) instead of reporting 0.
    /// 3. A parabola only from 8 samples, a straight line below: fitted through 4 to 6 samples
    ///    of a decelerating page turn, the parabola's slope at the newest sample points
    ///    backwards (the commonest remaining miss), while a real reversal, such as a flick back
    ///    after a drag, is sampled densely enough to keep the parabola.
    /// 4. The finger counts as rested only 100 ms without a movement before lift-off: stalls
    ///    of 45 to 200 ms are dropped frames on such hardware, not rests.
    /// 5. The window starts at the last direction reversal of more than 0.02 of the travel
    ///    (`VelocityWindow.reversalDistance`; about a touch slop, 8 pt of a 390 pt phone, 16 px
    ///    of the recorded 800 px tablet, several times the touch noise), and with fewer than 8
    ///    samples since the turn the parabola has its vertex there (zero velocity at the turn).
    ///    Without it a 200 ms window straddles the turn of a flick back after a drag past the
    ///    middle and reports the drag's motion. Flutter and Android have no such rule.
    ///
    /// Changes 1 to 4 come from a small grid of these settings, printed for both halves of the
    /// recorded users and two synthetic seeds side by side; change 5 from the misses of the
    /// weakest synthetic family (docs/behaviour.md, "The flick back", with the finish and
    /// intent figures under each estimator).
    public static let dropTolerant = LeastSquaresVelocityEstimator(
        degree: 2, window: VelocityWindow(horizon: 0.200, maxSamples: 20, maxGap: 0.200, reversalDistance: 0.02),
        shortWindowRule: .lowerDegree, quadraticMinimumSamples: 8, pointerStoppedAfter: 0.100)

    /// The recommended estimator, for an app on any phone: the default of the UIKit adapter,
    /// the replay and the tools. `.dropTolerant` with every window and threshold in seconds, so
    /// that a touch screen's sampling rate does not set the window:
    ///
    /// 1. The window is the last 200 ms, whatever the number of samples (`.dropTolerant` kept
    ///    at most 20: 158 ms at 120 Hz, 200 ms at 60 Hz, so one smooth drag released at
    ///    velocities more than 5% apart when sampled at 60 and at 120 Hz), not cut by dropped
    ///    frames, started at the last direction reversal of more than 0.02 of the travel.
    /// 2. A parabola through the whole window once it spans 167 ms (`quadraticMinimumDuration`;
    ///    `.dropTolerant`'s "from 8 samples" was 117 ms at 60 Hz and 58 ms at 120 Hz).
    /// 3. Shorter, Android's impulse rule over the window at any rate (`fallback: .impulse`),
    ///    or, when the window starts at a turning point, the parabola with its vertex there:
    ///    the end of a flick, where the finger is. A straight line through a flick that
    ///    started from rest reads its mean speed, about half the finger's at lift-off; a
    ///    parabola through a few sparse samples of a decelerating stroke points backwards.
    /// 4. Android's lower degree for 2 samples; the finger counts as rested only 100 ms without
    ///    a move before lift-off (`.dropTolerant`'s changes 2 to 5).
    ///
    /// Measured by `transition-bench estimators` (docs/velocity.md; 2,000 flicks per rate, 40 to
    /// 120 ms, lifted near peak speed, 0.5 pt noise, through the driver): median / p90 error at
    /// lift-off 8.6% / 20.2% at 60 Hz, 8.6% / 20.7% at 90 Hz and 9.0% / 23.8% at 120 Hz
    /// (`.dropTolerant` 47.9%, 32.3% and 19.1% median, Flutter's tracker 12.9% to 13.5%); one
    /// flick reads at 60 Hz 0.983 of its 120 Hz value (median). `ProjectedSpringModel()`
    /// finishes 98.8% of the recorded 60 Hz page turns with it (`.dropTolerant` 98.5%, Android's
    /// impulse tracker 92.4%, Flutter's tracker 79.4%).
    public static let recommended = LeastSquaresVelocityEstimator(
        degree: 2, window: VelocityWindow(horizon: 0.200, maxSamples: .max, maxGap: 0.200, reversalDistance: 0.02),
        shortWindowRule: .lowerDegree, quadraticMinimumSamples: 3, quadraticMinimumDuration: 0.167,
        fallback: .impulse, pointerStoppedAfter: 0.100)

    /// The slope of the fitted polynomial at the newest sample, in position units per second;
    /// 0 when the window does not determine it. When the window starts at a turning point
    /// (`VelocityWindow.reversalDistance`) with fewer samples than `quadraticMinimumSamples`,
    /// the parabola is the one with its vertex there (`x0 + a (t - t0)^2`: the finger turned,
    /// so its velocity was zero), least squares in its one coefficient.
    ///
    /// - Parameter samples: Oldest first, times (seconds) non-decreasing within the window.
    public func velocity(of samples: [AxisSample]) -> Double {
        let (recent, fromTurningPoint) = window.recentMovement(samples.measured)
        return velocity(recent: recent, fromTurningPoint: fromTurningPoint)
    }

    /// `velocity(of:)` from the window's measured samples `recent` (which start at a turning
    /// point when `fromTurningPoint`): what `VelocityFeed` calls with the newest samples only.
    package func velocity(recent: ArraySlice<AxisSample>, fromTurningPoint: Bool) -> Double {
        let velocity = fit(recent: recent, fromTurningPoint: fromTurningPoint)
        // Positions so far apart that a fit overflows (or non-finite ones) determine no velocity.
        return velocity.isFinite ? velocity : 0
    }

    /// The fit `velocity(recent:fromTurningPoint:)` reports when it is finite.
    private func fit(recent: ArraySlice<AxisSample>, fromTurningPoint: Bool) -> Double {
        let parabolaDetermined = recent.count >= quadraticMinimumSamples && spansQuadraticDuration(recent)
        if fromTurningPoint && degree == 2 && !parabolaDetermined, !recent.isEmpty {
            // Too few samples since a reversal for a free parabola, but its vertex is known: the
            // velocity is zero at the turning point (`VelocityWindow.reversalDistance`).
            return PolynomialFit.slopeFromRest(of: recent) ?? 0
        }
        var fitDegree = degree
        if degree == 2 && recent.count >= 3 && !parabolaDetermined {
            switch fallback {
            case .line: fitDegree = 1
            case .impulse: return ImpulseVelocityEstimator.velocity(ofWindow: recent, mergedWithin: WindowFallback.impulseMergedWithin)
            }
        }
        if recent.count < fitDegree + 1 {
            switch shortWindowRule {
            case .zero: return 0
            case .lowerDegree: fitDegree = recent.count - 1
            }
        }
        guard fitDegree >= 1, !recent.isEmpty else { return 0 }
        return PolynomialFit.slopeAtZero(of: recent, degree: fitDegree) ?? 0
    }

    /// Whether `window`'s samples span at least `quadraticMinimumDuration` seconds (within
    /// `VelocityWindow.timeResolution`, so milliseconds stored as seconds keep their span).
    private func spansQuadraticDuration(_ window: ArraySlice<AxisSample>) -> Bool {
        guard quadraticMinimumDuration > 0 else { return true }
        guard let first = window.first, let last = window.last else { return false }
        return last.time - first.time >= quadraticMinimumDuration - VelocityWindow.timeResolution
    }
}
