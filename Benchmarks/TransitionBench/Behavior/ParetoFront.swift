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

    /// Sets `pareto` on every row: true for the rows no other row of the same source beats.
    public static func mark(_ rows: inout [BehaviorSummary]) {
        for indices in Dictionary(grouping: rows.indices, by: { rows[$0].source }).values {
            let figures = indices.map { Figures(rows[$0]) }
            // In best-first order a row can only be beaten by an earlier one, and if any earlier
            // row beats it, one on the front does (beating is transitive): compare with the front.
            let order = figures.indices.sorted { figures[$0].precedes(figures[$1]) || (!figures[$1].precedes(figures[$0]) && $0 < $1) }
            var front: [Int] = []
            for k in order {
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
        var sources: [String] = []
        var bySource: [String: [BehaviorSummary]] = [:]
        for row in rows {
            if bySource[row.source] == nil { sources.append(row.source) }
            bySource[row.source, default: []].append(row)
        }
        return sources.flatMap { source in
            let group = bySource[source]!
            let figures = group.map(Figures.init)
            return group.indices.sorted { a, b in
                let frontA = group[a].pareto == true, frontB = group[b].pareto == true
                if frontA != frontB { return frontA }
                if figures[a].precedes(figures[b]) { return true }
                if figures[b].precedes(figures[a]) { return false }
                return a < b
            }.map { group[$0] }
        }
    }
}

extension ParetoFront {
    /// The text table's footer: per source, how many models are on the front, and where the
    /// default preset stands (on the front, or how many front models beat it).
    static func footer(_ rows: [BehaviorSummary], defaultModels: Set<String>) -> String {
        var sources: [String] = []
        var bySource: [String: [BehaviorSummary]] = [:]
        for row in rows {
            if bySource[row.source] == nil { sources.append(row.source) }
            bySource[row.source, default: []].append(row)
        }
        var lines = ["", "pareto front (intent match up, median visual completion and median peak acceleration down):"]
        for source in sources {
            let group = bySource[source]!
            let front = group.filter { $0.pareto == true }
            var line = "  \(source): \(front.count) of \(group.count) models"
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
