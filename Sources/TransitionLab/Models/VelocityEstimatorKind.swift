import TransitionPhysics

/// The velocity estimators by name, for command-line tools and result files.
///
/// Raw values are the names written in CSV columns and accepted on command lines
/// (`recommended`, `leastSquares`, ...); `init?(parsing:)` also accepts common aliases.
public enum VelocityEstimatorKind: String, CaseIterable, Sendable {
    /// `LeastSquaresVelocityEstimator.recommended`: the package's recommended estimator, the
    /// default of the replay, the tools and the UIKit adapter.
    case recommended
    /// `LeastSquaresVelocityEstimator()`: Flutter's `VelocityTracker`, exactly.
    case leastSquares
    /// `LeastSquaresVelocityEstimator(shortWindowRule: .lowerDegree)`: Android's `lsq2`
    /// strategy (Flutter's fit, with a lower degree instead of 0 for windows of 2 samples).
    case androidLeastSquares
    /// `ImpulseVelocityEstimator()` (Android `impulse`).
    case impulse
    /// `WeightedVelocityEstimator()` (Flutter's iOS-like tracker).
    case weighted
    /// `LeastSquaresVelocityEstimator.dropTolerant`: least squares for hardware that drops
    /// frames (200 ms window of at most 20 samples, not cut by stalls but started at a direction
    /// reversal, parabola from 8 samples, rest after 100 ms).
    case dropTolerant

    /// The estimator with its default parameters.
    public var estimator: any VelocityEstimator {
        switch self {
        case .recommended: return LeastSquaresVelocityEstimator.recommended
        case .leastSquares: return LeastSquaresVelocityEstimator()
        case .androidLeastSquares: return LeastSquaresVelocityEstimator(shortWindowRule: .lowerDegree)
        case .impulse: return ImpulseVelocityEstimator()
        case .weighted: return WeightedVelocityEstimator()
        case .dropTolerant: return LeastSquaresVelocityEstimator.dropTolerant
        }
    }

    /// Parses a raw value or an alias, ignoring case, `-` and `_`: `least-squares`, `lsq`, `lsq2`,
    /// `flutter`, `android-lsq2`, `ios`, `drop-tolerant`. Returns nil for anything else.
    public init?(parsing text: String) {
        let key = String(text.lowercased().filter { $0 != "-" && $0 != "_" })
        switch key {
        case "recommended": self = .recommended
        case "leastsquares", "lsq", "lsq2", "flutter": self = .leastSquares
        case "androidleastsquares", "androidlsq2": self = .androidLeastSquares
        case "impulse", "androidimpulse": self = .impulse
        case "weighted", "ios": self = .weighted
        case "droptolerant": self = .dropTolerant
        default: return nil
        }
    }
}
