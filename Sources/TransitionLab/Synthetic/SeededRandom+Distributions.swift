import TransitionPhysics

// Continuous distributions drawn from raw generator bits with fixed, documented algorithms,
// so a seed gives the same numbers on every platform (see SeededRandom.swift).

extension Xoshiro256StarStar {
    /// A uniform draw from [0, 1): the top 53 bits of one output times 2^-53.
    @inlinable
    public mutating func uniform() -> Double {
        Double(next() &>> 11) * 0x1.0p-53
    }

    /// A uniform draw from `range` (the upper bound is reached only through rounding).
    /// Consumes one output.
    @inlinable
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// `true` with probability `probability` (clamped to [0, 1]). Consumes one output.
    @inlinable
    public mutating func bernoulli(_ probability: Double) -> Bool {
        uniform() < probability
    }

    /// A standard normal draw (mean 0, standard deviation 1).
    ///
    /// Marsaglia's polar method (Marsaglia and Bray 1964): needs a logarithm and a square
    /// root but no trigonometry; both are portable here (`PortableMath.log`, IEEE `sqrt`).
    /// Consumes a variable number of outputs (4 / pi pairs on average); the second normal of
    /// each pair is discarded to keep the generator a plain value.
    public mutating func normal() -> Double {
        while true {
            let u = 2 * uniform() - 1
            let v = 2 * uniform() - 1
            let s = u * u + v * v
            if s < 1 && s > 0x1.0p-1000 {
                return u * (-2 * PortableMath.log(s) / s).squareRoot()
            }
        }
    }

    /// A normal draw with the given mean and standard deviation (>= 0), in the caller's units.
    public mutating func normal(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * normal()
    }

    /// A log-normal draw: `median * e^(logStandardDeviation * N(0, 1))`.
    ///
    /// - Parameters:
    ///   - median: the median, in the caller's units; must be > 0.
    ///   - logStandardDeviation: the standard deviation of the natural log (dimensionless);
    ///     0.35 puts the middle 50% within a factor 1.27 of the median.
    public mutating func logNormal(median: Double, logStandardDeviation: Double) -> Double {
        precondition(median > 0, "a log-normal median must be positive, got \(median)")
        let z = min(max(logStandardDeviation * normal(), -700), 700)
        return median * PortableMath.exp(z)
    }

    /// A log-normal draw clipped to `range`, for parameters that have physical limits.
    public mutating func logNormal(median: Double, logStandardDeviation: Double, clippedTo range: ClosedRange<Double>) -> Double {
        min(max(logNormal(median: median, logStandardDeviation: logStandardDeviation), range.lowerBound), range.upperBound)
    }
}
