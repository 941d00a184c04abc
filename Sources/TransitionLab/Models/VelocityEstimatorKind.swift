import TransitionPhysics

/// The velocity estimators by name, for command-line tools and result files.
///
/// Raw values are the names written in CSV columns and accepted on command lines
/// (`leastSquares`, `impulse`, `weighted`); `init?(parsing:)` also accepts common aliases.
public enum VelocityEstimatorKind: String, CaseIterable, Sendable {
    /// `LeastSquaresVelocityEstimator()` (Flutter / Android `lsq2`), the default.
    case leastSquares
    /// `ImpulseVelocityEstimator()` (Android `impulse`).
    case impulse
    /// `WeightedVelocityEstimator()` (Flutter's iOS-like tracker).
    case weighted
    /// `LeastSquaresVelocityEstimator.dropTolerant`: least squares for hardware that drops
    /// frames (200 ms window not cut by stalls but started at a direction reversal, parabola
    /// from 8 samples, rest after 100 ms).
    case dropTolerant

    /// The estimator with its default parameters.
    public var estimator: any VelocityEstimator {
        switch self {
        case .leastSquares: return LeastSquaresVelocityEstimator()
        case .impulse: return ImpulseVelocityEstimator()
        case .weighted: return WeightedVelocityEstimator()
        case .dropTolerant: return LeastSquaresVelocityEstimator.dropTolerant
        }
    }

    /// Parses a raw value or an alias, ignoring case, `-` and `_`: `least-squares`, `lsq`, `lsq2`,
    /// `ios`, `drop-tolerant`. Returns nil for anything else.
    public init?(parsing text: String) {
        let key = String(text.lowercased().filter { $0 != "-" && $0 != "_" })
        switch key {
        case "leastsquares", "lsq", "lsq2": self = .leastSquares
        case "impulse": self = .impulse
        case "weighted", "ios": self = .weighted
        case "droptolerant": self = .dropTolerant
        default: return nil
        }
    }
}
