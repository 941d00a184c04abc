/// The rubber-band resistance past an edge, attributed by the community to UIScrollView
/// (not documented by Apple): `b(x) = (1 - 1 / (x * c / d + 1)) * d`.
public enum RubberBand {
    /// UIScrollView's constant, 0.55.
    public static let constant = 0.55

    /// The displayed offset for a raw offset `offset` past the edge (same units as `dimension`).
    /// Odd in `offset`; slope `constant` at 0; approaches `dimension` as `offset` grows.
    ///
    /// - Parameters:
    ///   - offset: Distance past the edge, any sign.
    ///   - dimension: The size of the view along the axis, positive.
    ///   - constant: Resistance, default 0.55.
    @inlinable
    public static func offset(_ offset: Double, dimension: Double, constant: Double = RubberBand.constant) -> Double {
        precondition(dimension > 0, "RubberBand dimension must be positive; got \(dimension).")
        let magnitude = (1 - 1 / (abs(offset) * constant / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }

    /// The raw offset past the edge that `offset(_:dimension:constant:)` shows as `shown` (same
    /// units as `dimension`): `d / c * y / (1 - y)` with `y = |shown| / d`, sign kept; nil when
    /// `|shown|` is `dimension` or more, which the rubber band never shows. A touch that catches
    /// a view past an edge starts from this raw offset, so it does not jump.
    package static func offset(showing shown: Double, dimension: Double, constant: Double = RubberBand.constant) -> Double? {
        precondition(dimension > 0, "RubberBand dimension must be positive; got \(dimension).")
        let y = abs(shown) / dimension
        guard y < 1, y.isFinite else { return nil }
        let magnitude = dimension / constant * y / (1 - y)
        return shown < 0 ? -magnitude : magnitude
    }

    /// `value` itself inside `range`, rubber-banded beyond either end (b3ll/Motion's
    /// `rubberband(value:range:interval:c:)`). With range 0...100 and dimension 100,
    /// -10 shows at -5.213 and 110 at 105.213.
    @inlinable
    public static func clamp(
        _ value: Double, to range: ClosedRange<Double>, dimension: Double, constant: Double = RubberBand.constant
    ) -> Double {
        if value < range.lowerBound {
            return range.lowerBound + offset(value - range.lowerBound, dimension: dimension, constant: constant)
        }
        if value > range.upperBound {
            return range.upperBound + offset(value - range.upperBound, dimension: dimension, constant: constant)
        }
        return value
    }
}
