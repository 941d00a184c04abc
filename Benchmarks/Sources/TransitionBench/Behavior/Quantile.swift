import Foundation
import TransitionLab
import _Partition

/// The q-quantile of ascending `sorted` values by linear interpolation between order
/// statistics (Hyndman and Fan type 7, the default of numpy and pandas): with h = (n - 1) q,
/// x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]), 0-based. The median of an even
/// count is the mean of the middle two. nil for no values; infinite values (a spring that never
/// settles) propagate.
public func quantile(_ sorted: [Double], _ q: Double) -> Double? {
    quantile(count: sorted.count, q) { sorted[$0] }
}

/// `quantile(_:_:)` of `values` in any order, by selection (expected linear time, no sort):
/// the same two order statistics, so the same value. `values` is reordered so that later calls
/// with larger `q` search only above this one's order statistics (`above`). No NaN.
public func selectedQuantile(_ values: inout [Double], _ q: Double) -> Double? {
    var above = 0
    return selectedQuantile(&values, q, above: &above)
}

/// `selectedQuantile(_:_:)` where `values[above...]` holds every order statistic from `above`
/// up (all earlier values are no larger): pass the same `above` to quantiles in increasing `q`.
func selectedQuantile(_ values: inout [Double], _ q: Double, above: inout Int) -> Double? {
    var selected = -1
    return quantile(count: values.count, q) { k in
        if k == selected + 1 && selected >= 0 {
            // The next order statistic: the smallest of those after the one just selected.
            selected = k
            return OrderStatistic.moveSmallest(&values, from: k)
        }
        selected = k
        let x = OrderStatistic.select(&values, k, from: min(above, k))
        above = k
        return x
    }
}

/// The quantile formula of `quantile(_:_:)` over `count` values whose k-th smallest (0-based)
/// `orderStatistic` gives (asked in increasing k): the lab's `QuantileRule`, the one definition.
func quantile(count: Int, _ q: Double, orderStatistic: (Int) -> Double) -> Double? {
    QuantileRule.quantile(count: count, q, orderStatistic: orderStatistic)
}

/// Selection of order statistics: Floyd and Rivest's SELECT (1975), which first selects within
/// a sample-sized window around k (so the partition's pivot is nearly the answer: about 1.5 n
/// comparisons for a median, against 2 to 3 n for quickselect with a median-of-three pivot), with
/// a partition that does not branch on the values (below the pivot, then, when nothing is below
/// it, equal to it: linear on many equal values, a model's zero velocity jumps). Any selection
/// gives the same values here: the measures hold no NaN and no -0.0, the one value equal to
/// another with other bits.
enum OrderStatistic {
    /// The k-th smallest of `values` (0-based), given that `values[..<first]` are the `first`
    /// smallest already; `values` is reordered so that `values[k]` is it, everything before no
    /// larger and everything after no smaller.
    static func select(_ values: inout [Double], _ k: Int, from first: Int = 0) -> Double {
        precondition(k >= first && first >= 0 && k < values.count, "Order statistic \(k) of \(values.count) values")
        return values.withUnsafeMutableBufferPointer { a in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: a.count - first + 8) { spare in
                floydRivest(a, left: first, right: a.count - 1, k: k, spare: spare.baseAddress!)
            }
            return a[k]
        }
    }

    /// Rearranges `a[left...right]` so that `a[k]` is its (k - left)-th smallest, everything
    /// before it no larger and everything after no smaller.
    private static func floydRivest(
        _ a: UnsafeMutableBufferPointer<Double>, left: Int, right: Int, k: Int, spare: UnsafeMutablePointer<Double>
    ) {
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                // A window expected to hold the answer: select in it first, so a[k] is a pivot
                // close to the answer.
                let n = Double(right - left + 1), i = Double(k - left + 1)
                let z = Foundation.log(n)
                let s = 0.5 * Foundation.exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (i - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - i * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - i) * s / n + sd).rounded(.down)))
                floydRivest(a, left: newLeft, right: newRight, k: k, spare: spare)
            }
            let t = a[k]
            // The values below t to the front, with no branch on the data (`tp_partition_doubles`:
            // vector compresses where the CPU has them; Hoare's scans mispredicted about once per
            // two values): a[left..<j] < t <= a[j...right].
            let j = moveToFront(a, left: left, right: right, below: t, orEqual: false, spare: spare)
            if k < j {
                right = j - 1
            } else if j > left {
                left = j
            } else {
                // Nothing below t: the values equal to t (t among them) next, so that many equal
                // values (a model's zero velocity jumps) stay linear: a[left..<e] == t < a[e...].
                let e = moveToFront(a, left: left, right: right, below: t, orEqual: true, spare: spare)
                if k < e { return }
                left = e
            }
        }
    }

    /// Moves the values of `a[left...right]` below `t` (`orEqual`: not above it) before the
    /// others (not stably) and returns the index of the first other one; `spare` has room for
    /// `right - left + 9` values.
    @inline(__always)
    private static func moveToFront(
        _ a: UnsafeMutableBufferPointer<Double>, left: Int, right: Int, below t: Double, orEqual: Bool,
        spare: UnsafeMutablePointer<Double>
    ) -> Int {
        left + tp_partition_doubles(a.baseAddress! + left, right - left + 1, t, orEqual ? 1 : 0, spare)
    }

    /// Moves the smallest of `values[k...]` to `k` and returns it.
    static func moveSmallest(_ values: inout [Double], from k: Int) -> Double {
        values.withUnsafeMutableBufferPointer { a in
            var best = k
            for i in k + 1..<a.count where a[i] < a[best] { best = i }
            a.swapAt(k, best)
            return a[k]
        }
    }
}
