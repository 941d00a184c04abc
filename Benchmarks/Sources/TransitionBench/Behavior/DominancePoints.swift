/// One source's rows for `ParetoFront.front`: rows with the same four figures as one point,
/// each figure replaced by its rank among the rows' values (larger is better, equal values one
/// rank), the points numbered in lexicographic order of their ranks, best first, the figure with
/// the fewest distinct values first.
///
/// A point beats another exactly when each of its ranks is at least the other's (they are
/// distinct points): `Figures.beats`. One that beats another comes before it in that order.
struct DominancePoints {
    /// The point of each row.
    var pointOfRow: [Int32]
    /// How many rows each point stands for.
    var rows: [Int]
    /// Each point's ranks on the figures in the points' order (`ranks[0]` the first).
    var ranks: [[Int32]]
    /// How many ranks the last figure has.
    var lastRanks: Int
    /// Where each run of points with the same first rank starts, and `rows.count`.
    var groupStarts: [Int]

    init(_ figures: [ParetoFront.Figures]) {
        let n = figures.count
        precondition(n < 1 << 28, "a source of \(n) rows")
        /// Each row's dense rank on one figure: 0 for the worst value, equal values one rank.
        func denseRanks(_ value: (ParetoFront.Figures) -> Double) -> (ranks: [Int32], count: Int) {
            let values = figures.map(value)
            let order = values.indices.sorted { values[$0] < values[$1] }
            var ranks = [Int32](repeating: 0, count: n), rank: Int32 = -1
            for (k, i) in order.enumerated() {
                if k == 0 || values[order[k - 1]] < values[i] { rank += 1 }
                ranks[i] = rank
            }
            return (ranks, Int(rank) + 1)
        }
        let byFigure = [denseRanks(\.intentMatch), denseRanks(\.visual), denseRanks(\.peakAcceleration), denseRanks(\.overshoot)]
        let figureOrder = byFigure.indices.sorted { byFigure[$0].count < byFigure[$1].count }
        let rowRanks = figureOrder.map { byFigure[$0].ranks }
        let (r0, r1, r2, r3) = (rowRanks[0], rowRanks[1], rowRanks[2], rowRanks[3])
        let order = (0..<n).sorted { a, b in
            if r0[a] != r0[b] { return r0[a] > r0[b] }
            if r1[a] != r1[b] { return r1[a] > r1[b] }
            if r2[a] != r2[b] { return r2[a] > r2[b] }
            return r3[a] > r3[b]
        }
        pointOfRow = [Int32](repeating: 0, count: n)
        rows = []
        ranks = [[], [], [], []]
        lastRanks = byFigure[figureOrder[3]].count
        groupStarts = []
        for (k, i) in order.enumerated() {
            let previous = k > 0 ? order[k - 1] : -1
            if previous < 0 || r0[previous] != r0[i] || r1[previous] != r1[i] || r2[previous] != r2[i] || r3[previous] != r3[i] {
                if previous < 0 || r0[previous] != r0[i] { groupStarts.append(rows.count) }
                rows.append(0)
                for d in 0..<4 { ranks[d].append(rowRanks[d][i]) }
            }
            rows[rows.count - 1] += 1
            pointOfRow[i] = Int32(rows.count - 1)
        }
        groupStarts.append(rows.count)
    }

    /// For each point, the sum of `weight` over the points that beat it (with each point's
    /// number of rows as weight: how many rows beat it).
    ///
    /// A divide and conquer over the points in their order (CDQ), split between runs of equal
    /// first rank: the pairs within each half are counted by the halves, the pairs from the
    /// first half (which may beat) to the second (which may be beaten) at once, both halves
    /// merged by the second figure, then the same division over that sequence for the third,
    /// merged by the third with a Fenwick tree over the last figure's ranks. Within one run of
    /// equal first rank the points are already in order of the other three, so that sequence
    /// alone. Ties go to the earlier half at each merge, so a point at least as good on a figure
    /// is taken first.
    func beatingRows(_ weight: [Int]) -> [Int] {
        let m = rows.count
        var sums = [Int](repeating: 0, count: m)
        guard m > 1 else { return sums }
        let order = UnsafeMutablePointer<Int32>.allocate(capacity: m), merged = UnsafeMutablePointer<Int32>.allocate(capacity: m)
        let items = UnsafeMutablePointer<Int32>.allocate(capacity: m), itemsMerged = UnsafeMutablePointer<Int32>.allocate(capacity: m)
        let tree = UnsafeMutablePointer<Int>.allocate(capacity: lastRanks + 1)
        defer { for p in [order, merged, items, itemsMerged] { p.deallocate() }; tree.deallocate() }
        for k in 0..<m { order[k] = Int32(k) }
        tree.initialize(repeating: 0, count: lastRanks + 1)
        ranks[1].withUnsafeBufferPointer { second in
            ranks[2].withUnsafeBufferPointer { third in
                ranks[3].withUnsafeBufferPointer { last in
                    weight.withUnsafeBufferPointer { weight in
                        sums.withUnsafeMutableBufferPointer { sums in
                            let sweep = DominanceSweep(
                                second: second.baseAddress!, third: third.baseAddress!, last: last.baseAddress!,
                                weight: weight.baseAddress!, sums: sums.baseAddress!, groupStarts: groupStarts, order: order,
                                merged: merged, items: items, itemsMerged: itemsMerged, tree: tree, lastRanks: lastRanks)
                            sweep.points(0, groupStarts.count - 1)
                        }
                    }
                }
            }
        }
        return sums
    }
}

/// `DominancePoints.beatingRows`' working memory and its two levels of division. An item is a
/// point's number times 4, plus 1 when it may beat (its weight is not 0) and 2 when it may be
/// beaten.
private struct DominanceSweep {
    let second: UnsafePointer<Int32>, third: UnsafePointer<Int32>, last: UnsafePointer<Int32>
    let weight: UnsafePointer<Int>, sums: UnsafeMutablePointer<Int>
    let groupStarts: [Int]
    /// The points in their order, each counted range reordered by the second figure, best first.
    let order: UnsafeMutablePointer<Int32>, merged: UnsafeMutablePointer<Int32>
    /// The items of one merge, reordered by the third figure as they are counted.
    let items: UnsafeMutablePointer<Int32>, itemsMerged: UnsafeMutablePointer<Int32>
    /// Fenwick tree over the last figure's ranks, best rank at 1: the weight of the points
    /// added at each rank or better.
    let tree: UnsafeMutablePointer<Int>
    let lastRanks: Int

    static let beats: Int32 = 1, beaten: Int32 = 2

    /// Counts the pairs among the points of runs `g0..<g1` of equal first rank, leaving them
    /// ordered by the second figure, best first.
    func points(_ g0: Int, _ g1: Int) {
        let lo = groupStarts[g0], hi = groupStarts[g1]
        guard hi - lo > 1 else { return }
        var count = 0
        if g1 - g0 == 1 {
            // One run: in order of the second figure already, each point both roles.
            for k in lo..<hi {
                let p = order[k]
                items[count] = p << 2 | (weight[Int(p)] != 0 ? Self.beats : 0) | Self.beaten
                count += 1
            }
            pairs(0, count)
            return
        }
        // The run boundary nearest the middle of the points.
        var a = g0 + 1, b = g1 - 1
        let middle = (lo + hi) / 2
        while a < b {
            let c = (a + b) / 2
            if groupStarts[c] < middle { a = c + 1 } else { b = c }
        }
        if a > g0 + 1 && middle - groupStarts[a - 1] < groupStarts[a] - middle { a -= 1 }
        let mid = groupStarts[a]
        points(g0, a)
        points(a, g1)
        var i = lo, j = mid, k = lo, beaters = false
        while i < mid || j < hi {
            if j == hi || (i < mid && second[Int(order[i])] >= second[Int(order[j])]) {
                let p = order[i]
                merged[k] = p
                if weight[Int(p)] != 0 {
                    items[count] = p << 2 | Self.beats
                    count += 1
                    beaters = true
                }
                i += 1
            } else {
                let p = order[j]
                merged[k] = p
                items[count] = p << 2 | Self.beaten
                count += 1
                j += 1
            }
            k += 1
        }
        (order + lo).update(from: merged + lo, count: hi - lo)
        if beaters { pairs(0, count) }
    }

    /// Counts the pairs of `items[lo..<hi]` (ordered by the second figure), an earlier one that
    /// may beat with a later one that may be beaten, leaving them ordered by the third figure.
    func pairs(_ lo: Int, _ hi: Int) {
        guard hi - lo > 1 else { return }
        let mid = (lo + hi) / 2
        pairs(lo, mid)
        pairs(mid, hi)
        var i = lo, j = mid, k = lo
        while i < mid || j < hi {
            if j == hi || (i < mid && third[Int(items[i] >> 2)] >= third[Int(items[j] >> 2)]) {
                let item = items[i]
                if item & Self.beats != 0 { add(Int(item >> 2), weight[Int(item >> 2)]) }
                itemsMerged[k] = item
                i += 1
            } else {
                let item = items[j]
                if item & Self.beaten != 0 { sums[Int(item >> 2)] += addedAtOrAbove(Int(item >> 2)) }
                itemsMerged[k] = item
                j += 1
            }
            k += 1
        }
        for t in lo..<mid where items[t] & Self.beats != 0 { add(Int(items[t] >> 2), -weight[Int(items[t] >> 2)]) }
        (items + lo).update(from: itemsMerged + lo, count: hi - lo)
    }

    /// Adds `w` at point `p`'s last rank.
    @inline(__always) func add(_ p: Int, _ w: Int) {
        var x = lastRanks - Int(last[p])
        while x <= lastRanks {
            tree[x] += w
            x += x & -x
        }
    }

    /// The weight added at point `p`'s last rank or better.
    @inline(__always) func addedAtOrAbove(_ p: Int) -> Int {
        var x = lastRanks - Int(last[p]), total = 0
        while x > 0 {
            total += tree[x]
            x -= x & -x
        }
        return total
    }
}
