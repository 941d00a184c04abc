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
    /// How close to the front's best intent match a pick must be: 0.001 (0.1 percentage point),
    /// about one synthetic family's seed-to-seed noise over ten (docs/behaviour.md).
    public static let pickIntentTolerance = 0.001

    /// The row to pick on each source's front, by one rule: keep the front rows whose intent
    /// match is within `pickIntentTolerance` of the front's best (deciding as people meant comes
    /// first); among them, the fastest median visual completion whose median peak acceleration
    /// stays within the budget, the default preset's on that source (no gentler motion is given
    /// up for speed; without the default preset in the run, no budget); when none is within it,
    /// the gentlest. Returns the picked rows' (model, source) pairs.
    public static func picks(_ rows: [BehaviorSummary], defaultModels: Set<String>) -> Set<[String]> {
        var picked: Set<[String]> = []
        for indices in indicesBySource(rows) {
            let front = indices.map { rows[$0] }.filter { $0.pareto == true }
            guard let best = front.map({ Figures($0).intentMatch }).max() else { continue }
            let close = front.filter { Figures($0).intentMatch >= best - pickIntentTolerance }
            let budget = indices.map { rows[$0] }.first { defaultModels.contains($0.model) }
                .map { -Figures($0).peakAcceleration } ?? .infinity
            let within = close.filter { -Figures($0).peakAcceleration <= budget }
            let choice = within.isEmpty
                ? close.max { Figures($0).peakAcceleration < Figures($1).peakAcceleration }
                : within.max { a, b in
                    let fa = Figures(a), fb = Figures(b)
                    return fa.visual != fb.visual ? fa.visual < fb.visual : fa.intentMatch < fb.intentMatch
                }
            if let choice { picked.insert([choice.model, choice.source]) }
        }
        return picked
    }

    /// The text table's footer: per source, how many models are on the front, where the default
    /// preset stands (on the front, or which front models beat it, by name), the rule the
    /// `pick` note follows and the row it marks.
    static func footer(_ rows: [BehaviorSummary], defaultModels: Set<String>, names: [String: String] = [:]) -> String {
        func name(_ model: String) -> String { names[model] ?? model }
        var lines = ["", "pareto front (intent match up, median visual completion and median peak acceleration down):"]
        let picked = picks(rows, defaultModels: defaultModels)
        for indices in indicesBySource(rows) {
            let group = indices.map { rows[$0] }
            let front = group.filter { $0.pareto == true }
            var line = "  \(group[0].source): \(front.count) of \(group.count) models"
            // The default preset's figures are the same under each of its names: say it once.
            if let row = group.first(where: { defaultModels.contains($0.model) }) {
                if row.pareto == true {
                    line += "; default preset \(name(row.model)) on the front"
                } else {
                    let beaters = front.filter { Figures($0).beats(Figures(row)) }.map { name($0.model) }
                    let shown = beaters.prefix(3).joined(separator: "; ")
                    line += "; default preset \(name(row.model)) beaten by \(beaters.count) of them: \(shown)"
                        + (beaters.count > 3 ? " and \(beaters.count - 3) more" : "")
                }
            }
            if let pick = front.first(where: { picked.contains([$0.model, $0.source]) }) {
                line += "; pick: \(name(pick.model))"
            }
            lines += BehaviorReport.wrapped(line, indent: 4)
        }
        lines += BehaviorReport.wrapped(
            "how to pick (the row whose note says \(BehaviorReport.pickMark)): the front's best intent match, give or take "
                + "\(BehaviorReport.fixed(pickIntentTolerance * 100, decimals: 1)) percentage point; among those, the fastest median "
                + "visual completion whose median peak acceleration stays within the default preset's (when it ran); "
                + "paste the Swift expression under it into the app")
        return lines.joined(separator: "\n") + "\n"
    }
}
