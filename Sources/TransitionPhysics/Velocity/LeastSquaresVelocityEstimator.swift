/// The release velocity as the slope, at the newest sample, of a least-squares polynomial fitted
/// to the recent samples: Flutter's `VelocityTracker` and Android's default `lsq2` strategy
/// (shared/reference/physics-and-platforms.md section 5). The project's default estimator.
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
/// 40 ms before lifting) needs the lift-off time, which `[AxisSample]` does not carry: it lives
/// in `ReleaseSamples` and `VelocityEstimator.releaseVelocity(of:along:)`.
public struct LeastSquaresVelocityEstimator: VelocityEstimator, Hashable {
    /// What a window with fewer samples than the polynomial needs (degree + 1) reports.
    public enum ShortWindowRule: String, Hashable, Sendable, CaseIterable {
        /// Report 0 (Flutter `VelocityTracker`: fewer than 3 samples give zero velocity).
        case zero
        /// Fit the highest degree the samples allow, `count - 1`; 1 sample reports 0
        /// (Android `LeastSquaresVelocityTrackerStrategy::getVelocity`).
        case lowerDegree
    }

    /// Polynomial degree, 1 (straight line) or 2 (Android `lsq2`, Flutter). Default 2.
    public var degree: Int
    /// Which samples take part: horizon (seconds), sample count, longest gap (seconds).
    public var window: VelocityWindow
    /// Windows shorter than `degree + 1` samples. Default `.zero` (Flutter).
    public var shortWindowRule: ShortWindowRule

    public init(degree: Int = 2, window: VelocityWindow = VelocityWindow(), shortWindowRule: ShortWindowRule = .zero) {
        precondition(degree == 1 || degree == 2, "LeastSquaresVelocityEstimator.degree must be 1 or 2; got \(degree).")
        self.degree = degree
        self.window = window
        self.shortWindowRule = shortWindowRule
    }

    /// Convenience for the window's three parameters.
    ///
    /// - Parameters:
    ///   - horizon: Oldest sample age kept, seconds before the newest (default 0.100 s).
    ///   - maxSamples: Most samples kept (default 20).
    ///   - maxGap: Longest interval between consecutive samples, seconds (default 0.040 s).
    public init(
        degree: Int = 2, horizon: Double, maxSamples: Int = VelocityWindow.defaultMaxSamples,
        maxGap: Double = VelocityWindow.defaultMaxGap, shortWindowRule: ShortWindowRule = .zero
    ) {
        self.init(
            degree: degree, window: VelocityWindow(horizon: horizon, maxSamples: maxSamples, maxGap: maxGap),
            shortWindowRule: shortWindowRule)
    }

    /// The slope of the fitted polynomial at the newest sample, in position units per second;
    /// 0 when the window does not determine it.
    ///
    /// - Parameter samples: Oldest first, times (seconds) non-decreasing within the window.
    public func velocity(of samples: [AxisSample]) -> Double {
        let recent = window.recentSamples(samples)
        var fitDegree = degree
        if recent.count < degree + 1 {
            switch shortWindowRule {
            case .zero: return 0
            case .lowerDegree: fitDegree = recent.count - 1
            }
        }
        guard fitDegree >= 1, let newest = recent.last else { return 0 }
        let times = recent.map { $0.time - newest.time }
        let positions = recent.map(\.position)
        return PolynomialFit.slopeAtZero(times: times, positions: positions, degree: fitDegree) ?? 0
    }
}
