import TransitionCSV

/// `--pareto`: which models of a source no other model of that source beats on the four
/// figures a tuner trades against each other: intent match (higher is better), median visual
/// completion (lower: the view is still sooner), median peak acceleration (lower: gentler) and
/// p90 overshoot (lower: nine releases in ten carry the view at most this far past an end or a
/// middle detent, fraction of the travel).
///
/// Model a beats model b when a is at least as good as b on all four and better on at least
/// one (Pareto dominance); the front is every model no other model beats. A missing figure
/// counts as the worst (an intent match with no labelled trace, a median with no started trace),
/// so two models both without it tie on it.
public enum ParetoFront {
    /// The four figures of a row, oriented so that larger is better on each, and the p90
    /// velocity jump the pick is limited by (`PickLimits`; not a figure of the front).
    struct Figures {
        var intentMatch: Double
        var visual: Double
        var peakAcceleration: Double
        var overshoot: Double
        var velocityJump: Double

        init(_ row: BehaviorSummary) {
            intentMatch = row.intentMatchRate ?? -.infinity
            visual = -(row.medianVisualCompletionTime ?? .infinity)
            peakAcceleration = -(row.medianPeakAcceleration ?? .infinity)
            overshoot = -(row.p90Overshoot ?? .infinity)
            velocityJump = -(row.p90VelocityJump ?? .infinity)
        }

        func beats(_ other: Figures) -> Bool {
            intentMatch >= other.intentMatch && visual >= other.visual && peakAcceleration >= other.peakAcceleration
                && overshoot >= other.overshoot
                && (intentMatch > other.intentMatch || visual > other.visual || peakAcceleration > other.peakAcceleration
                    || overshoot > other.overshoot)
        }

        /// Best first: intent match, then visual completion, then peak acceleration, then
        /// overshoot. A model that beats another always comes before it in this order.
        func precedes(_ other: Figures) -> Bool {
            if intentMatch != other.intentMatch { return intentMatch > other.intentMatch }
            if visual != other.visual { return visual > other.visual }
            if peakAcceleration != other.peakAcceleration { return peakAcceleration > other.peakAcceleration }
            return overshoot > other.overshoot
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

    /// Sets the `--pareto` fields of every row: `pareto`, true for the rows no other row of the
    /// same source beats; `beatenBy`, how many front rows beat it; `defaultModel`, whether its
    /// model is in `defaultModels`; and `pick`, the row `picks` chooses on its source within
    /// `limits`.
    public static func mark(_ rows: inout [BehaviorSummary], defaultModels: Set<String> = [], limits: PickLimits = .default) {
        for indices in indicesBySource(rows) {
            let places = front(indices.map { Figures(rows[$0]) })
            for (k, i) in indices.enumerated() {
                rows[i].pareto = places.pareto[k]
                rows[i].beatenBy = places.beatenBy[k]
            }
        }
        for i in rows.indices { rows[i].defaultModel = defaultModels.contains(rows[i].model) }
        let picked = picks(rows, limits: limits)
        for i in rows.indices { rows[i].pick = picked.contains([rows[i].model, rows[i].source]) }
    }

    /// The front of one source's rows, by their `figures` in row order: whether each is on it,
    /// and how many front rows beat it (0 on the front). The one definition `mark` and the
    /// streaming merge use.
    ///
    /// Rows with the same four figures are one point (`DominancePoints`), which a row beats
    /// exactly when it is at least as good on each figure and not the same point. The rows
    /// beating each point are counted over all rows: a point none beats is on the front; then
    /// over the front's rows alone, its places. Each count is a divide and conquer over the
    /// points in lexicographic order of their ranks, best first (`DominancePoints.beatingRows`):
    /// O(n log³ n) for n points whatever the front's size, O(n log² n) when a figure takes few
    /// values.
    static func front(_ figures: [Figures]) -> (pareto: [Bool], beatenBy: [Int]) {
        let points = DominancePoints(figures)
        let onFront = points.beatingRows(points.rows).map { $0 == 0 }
        let frontRows = points.rows.indices.map { onFront[$0] ? points.rows[$0] : 0 }
        let places = points.beatingRows(frontRows)
        return (
            points.pointOfRow.map { onFront[Int($0)] },
            points.pointOfRow.map { places[Int($0)] }
        )
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

    /// The row to pick on each source's front, by one rule: keep the front rows within `limits`
    /// (p90 overshoot and p90 velocity jump; none: no pick on that source); of those, the rows
    /// whose intent match is within `pickIntentTolerance` of their best (deciding as people
    /// meant comes first); among them, the fastest median visual completion whose median peak
    /// acceleration stays within the budget, the default model's on that source
    /// (`defaultModel`; no gentler motion is given up for speed; without the default model in
    /// the run, no budget); when none is within it, the gentlest. Returns the picked rows'
    /// (model, source) pairs.
    public static func picks(_ rows: [BehaviorSummary], limits: PickLimits = .default) -> Set<[String]> {
        var picked: Set<[String]> = []
        for indices in indicesBySource(rows) {
            let k = pick(
                indices.map { Figures(rows[$0]) }, pareto: indices.map { rows[$0].pareto == true },
                defaultRow: indices.firstIndex { rows[$0].defaultModel == true }, limits: limits)
            if let k { picked.insert([rows[indices[k]].model, rows[indices[k]].source]) }
        }
        return picked
    }

    /// The pick of one source's rows (`picks`' rule) by their `figures` and `pareto` marks in row
    /// order, `defaultRow` the default model's row: its place, or nil for no pick. The one
    /// definition `picks` and the streaming merge use.
    static func pick(_ figures: [Figures], pareto: [Bool], defaultRow: Int?, limits: PickLimits) -> Int? {
        let front = figures.indices.filter { pareto[$0] && limits.admit(figures[$0]) }
        guard let best = front.map({ figures[$0].intentMatch }).max() else { return nil }
        let close = front.filter { figures[$0].intentMatch >= best - pickIntentTolerance }
        let budget = defaultRow.map { -figures[$0].peakAcceleration } ?? .infinity
        let within = close.filter { -figures[$0].peakAcceleration <= budget }
        return within.isEmpty
            ? close.max { figures[$0].peakAcceleration < figures[$1].peakAcceleration }
            : within.max { a, b in
                let fa = figures[a], fb = figures[b]
                return fa.visual != fb.visual ? fa.visual < fb.visual : fa.intentMatch < fb.intentMatch
            }
    }

    /// The text table's footer: per source, how many models are on the front, where the default
    /// preset stands (on the front, or which front models beat it, by name), the rule the
    /// `pick` note follows and the row it marks.
    static func footer(_ rows: [BehaviorSummary], limits: PickLimits, names: [String: String] = [:]) -> String {
        func name(_ model: String) -> String { names[model] ?? model }
        var lines = [""] + BehaviorReport.wrapped(
            "pareto front (intent match up; median visual completion, median peak acceleration and p90 overshoot down):")
        var pickOf: [String: String] = [:]
        for indices in indicesBySource(rows) {
            let group = indices.map { rows[$0] }
            let front = group.filter { $0.pareto == true }
            var line = "  \(group[0].source): \(front.count) of \(group.count) models"
            // The default preset's figures are the same under each of its names: say it once.
            if let row = group.first(where: { $0.defaultModel == true }) {
                if row.pareto == true {
                    line += "; default preset \(name(row.model)) on the front"
                } else {
                    let beaters = front.filter { Figures($0).beats(Figures(row)) }.map { name($0.model) }
                    let shown = beaters.prefix(3).joined(separator: "; ")
                    line += "; default preset \(name(row.model)) beaten by \(beaters.count) of them: \(shown)"
                        + (beaters.count > 3 ? " and \(beaters.count - 3) more" : "")
                }
            }
            if let pick = front.first(where: { $0.pick == true }) {
                line += "; pick: \(name(pick.model))"
                pickOf[pick.source] = pick.model
            } else {
                line += "; no pick: no front row is within \(limits.described)"
            }
            lines += BehaviorReport.wrapped(line, indent: 4)
        }
        lines += BehaviorReport.wrapped(
            "how to pick (the row whose note says \(BehaviorReport.pickMark)): of the front rows whose p90 overshoot is at most "
                + "\(NumberFormatting.string(limits.overshoot)) of the travel (--max-overshoot) and whose p90 velocity jump at "
                + "release is at most \(NumberFormatting.string(limits.velocityJump)) travel/s (--max-velocity-jump), the best "
                + "intent match, give or take "
                + "\(BehaviorReport.fixed(pickIntentTolerance * 100, decimals: 1)) percentage point; among those, the fastest median "
                + "visual completion whose median peak acceleration stays within the default model's (when it ran); "
                + "paste the Swift expression under it into the app")
        lines += familyAgreement(rows, pickOf: pickOf, name: name).flatMap { BehaviorReport.wrapped($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the picks mean when a set's families disagree: the pick to paste is the whole set's
    /// (a recorded file, or `synthetic`, every family together); a family's own pick says which
    /// kind of gesture pulls elsewhere. One sentence per synthetic set with families.
    static func familyAgreement(_ rows: [BehaviorSummary], pickOf: [String: String], name: (String) -> String) -> [String] {
        let sources = indicesBySource(rows).map { rows[$0[0]].source }
        return sources.compactMap { set -> String? in
            let families = sources.filter { $0.hasPrefix(set + "/") }
            guard !families.isEmpty else { return nil }
            let overall = pickOf[set].map(name) ?? "none"
            let differing = families.filter { pickOf[$0] != pickOf[set] }
            if differing.isEmpty { return "\(set)'s families all pick what \(set) picks (\(overall))." }
            let list = differing.map { "\($0.dropFirst(set.count + 1)): \(pickOf[$0].map(name) ?? "none")" }
            return "\(set)'s pick, \(overall), is over all its families together, the one to paste unless the app's "
                + "gestures are mostly of one kind; \(differing.count) of \(families.count) families pick otherwise ("
                + list.joined(separator: "; ") + ")."
        }
    }
}
