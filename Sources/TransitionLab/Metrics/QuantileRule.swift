/// The quantile rule of every table the tools print: linear interpolation between order
/// statistics (Hyndman and Fan type 7, the default of numpy and pandas): with h = (n - 1) q,
/// x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]), 0-based. The median of an even
/// count is the mean of the middle two. Infinite values (a spring that never settles) propagate.
public enum QuantileRule {
    /// The q-quantile (q in [0, 1]) of `count` values whose k-th smallest (0-based)
    /// `orderStatistic` gives, asked in increasing k; nil for no values.
    public static func quantile(count: Int, _ q: Double, orderStatistic: (Int) -> Double) -> Double? {
        precondition(q >= 0 && q <= 1, "Quantile must be in [0, 1]; got \(q).")
        guard count > 0 else { return nil }
        let h = Double(count - 1) * q
        let lower = Int(h.rounded(.down))
        let fraction = h - Double(lower)
        guard fraction > 0, lower + 1 < count else { return orderStatistic(lower) }
        let a = orderStatistic(lower), b = orderStatistic(lower + 1)
        if a == b { return a }
        if b.isInfinite { return b }
        return a + fraction * (b - a)
    }

    /// The q-quantile of ascending `sorted` values; nil for none.
    public static func quantile(sorted: [Double], _ q: Double) -> Double? {
        quantile(count: sorted.count, q) { sorted[$0] }
    }
}
