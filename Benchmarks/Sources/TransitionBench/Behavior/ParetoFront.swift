/// `--pareto`: which models of a source no other model of that source beats on the three
/// figures a tuner trades against each other: intent match (higher is better), median visual
/// completion (lower: the view is still sooner) and median peak acceleration (lower: gentler).
///
/// Model a beats model b when a is at least as good as b on all three and better on at least
/// one (Pareto dominance); the front is every model no other model beats. A missing figure
/// counts as the worst (an intent match with no labelled trace, a median with no started trace),
/// so two models both without it tie on it.
public enum ParetoFront {
    /// The three figures of a row, oriented so that larger is better on each.
    struct Figures {
        var intentMatch: Double
        var visual: Double
        var peakAcceleration: Double

        init(_ row: BehaviorSummary) {
            intentMatch = row.intentMatchRate ?? -.infinity
            visual = -(row.medianVisualCompletionTime ?? .infinity)
            peakAcceleration = -(row.medianPeakAcceleration ?? .infinity)
        }

        func beats(_ other: Figures) -> Bool {
            intentMatch >= other.intentMatch && visual >= other.visual && peakAcceleration >= other.peakAcceleration
                && (intentMatch > other.intentMatch || visual > other.visual || peakAcceleration > other.peakAcceleration)
        }

        /// Best first: intent match, then visual completion, then peak acceleration. A model that
        /// beats another always comes before it in this order.
        func precedes(_ other: Figures) -> Bool {
            if intentMatch != other.intentMatch { return intentMatch > other.intentMatch }
            if visual != other.visual { return visual > other.visual }
            return peakAcceleration > other.peakAcceleration
        }
    }

    /// The rows' indices grouped by source, sources in the order they first appear, rows in
    /// their order within each.
    static func indicesBySource(_ rows: [BehaviorSummary]) -> [[Int]] {
        var groups: [[Int]] = []
        var groupOf: [String: Int] = [:]
        for (i, row) in rows.enumerated() {
            if let g = groupOf[row.source] {
                groups[g].append(i)
            } else {
                groupOf[row.source] = groups.count
                groups.append([i])
            }
        }
        return groups
    }

    /// Whether row `a` of `figures` comes before row `b`: best first, ties in their order.
    static func bestFirst(_ figures: [Figures], _ a: Int, _ b: Int) -> Bool {
        if figures[a].precedes(figures[b]) { return true }
        if figures[b].precedes(figures[a]) { return false }
        return a < b
    }

    /// Sets `pareto` on every row: true for the rows no other row of the same source beats.
    public static func mark(_ rows: inout [BehaviorSummary]) {
        for indices in indicesBySource(rows) {
            let figures = indices.map { Figures(rows[$0]) }
            // In best-first order a row can only be beaten by an earlier one, and if any earlier
            // row beats it, one on the front does (beating is transitive): compare with the front.
            var front: [Int] = []
            for k in figures.indices.sorted(by: { bestFirst(figures, $0, $1) }) {
                let onFront = !front.contains { figures[$0].beats(figures[k]) }
                if onFront { front.append(k) }
                rows[indices[k]].pareto = onFront
            }
        }
    }

    /// The text table's order with `--pareto`: within each source (sources in their order), the
    /// front first, best first by intent match (then visual completion, then peak acceleration),
    /// then the other rows in the same order.
    public static func tableOrder(_ rows: [BehaviorSummary]) -> [BehaviorSummary] {
        indicesBySource(rows).flatMap { indices in
            let figures = indices.map { Figures(rows[$0]) }
            return indices.indices.sorted { a, b in
                let frontA = rows[indices[a]].pareto == true, frontB = rows[indices[b]].pareto == true
                return frontA != frontB ? frontA : bestFirst(figures, a, b)
            }.map { rows[indices[$0]] }
        }
    }
}

extension ParetoFront {
    /// The text table's footer: per source, how many models are on the front, and where the
    /// default preset stands (on the front, or how many front models beat it).
    static func footer(_ rows: [BehaviorSummary], defaultModels: Set<String>) -> String {
        var lines = ["", "pareto front (intent match up, median visual completion and median peak acceleration down):"]
        for indices in indicesBySource(rows) {
            let group = indices.map { rows[$0] }
            let front = group.filter { $0.pareto == true }
            var line = "  \(group[0].source): \(front.count) of \(group.count) models"
            // The default preset's figures are the same under each of its names: say it once.
            if let row = group.first(where: { defaultModels.contains($0.model) }) {
                if row.pareto == true {
                    line += "; default preset \(row.model) on the front"
                } else {
                    let beaters = front.filter { Figures($0).beats(Figures(row)) }.count
                    line += "; default preset \(row.model) beaten by \(beaters) of them"
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
