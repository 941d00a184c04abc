import TransitionPhysics

/// One row of the behaviour table: one model on one source.
///
/// Counts are over all traces of the source. Rates are fractions in [0, 1], nil (printed `-`,
/// empty in CSV, null in JSON) when their denominator is 0. A trace that never started counts
/// as a cancel. Medians and p90s are over the traces that started, by linear interpolation
/// between order statistics (`quantile(_:_:)`).
public struct BehaviorSummary: Sendable, Hashable {
    public var model: String
    /// The recorded file's name, `synthetic`, or `synthetic/<family>`.
    public var source: String
    public var traces: Int
    public var intendedFinish: Int
    public var intendedCancel: Int
    /// Finished / intended to finish.
    public var finishedOfIntendedFinish: Double?
    /// Cancelled / intended to cancel.
    public var cancelledOfIntendedCancel: Double?
    /// Decision equal to intent / traces with a known intent.
    public var intentMatchRate: Double?
    /// Progress per second.
    public var medianVelocityJump: Double?
    public var p90VelocityJump: Double?
    /// Seconds.
    public var medianCompletionTime: Double?
    public var p90CompletionTime: Double?
    /// Seconds until nothing moves by one physical pixel (`TraceOutcome.visualCompletionTime`).
    public var medianVisualCompletionTime: Double?
    public var p90VisualCompletionTime: Double?
    /// Fraction of the travel.
    public var medianOvershoot: Double?
    /// Progress per second squared: the completion's peak |acceleration|, what a stiffer spring pays.
    public var medianPeakAcceleration: Double?
    /// Traces that started a transition (the population of the medians).
    public var started: Int
    /// Malformed strokes of the source left out (`--skip-invalid-traces`): the recorded file's
    /// rows carry its count, synthetic rows 0.
    public var skipped: Int

    /// The columns, in order: the list, named exactly so, then `started`,
    /// `median_peak_acceleration_per_s2`, the visual completion (nothing moves by one physical
    /// pixel) and `skipped`, appended so that earlier columns keep their places.
    public static let columns = [
        "model", "source", "traces", "intended_finish", "intended_cancel", "finished_of_intended_finish",
        "cancelled_of_intended_cancel", "intent_match_rate", "median_velocity_jump_per_s", "p90_velocity_jump_per_s",
        "median_completion_time_s", "p90_completion_time_s", "median_overshoot", "started",
        "median_peak_acceleration_per_s2", "median_visual_completion_s", "p90_visual_completion_s", "skipped",
    ]

    /// A cell of the row, by column order.
    public enum Cell: Hashable, Sendable {
        case text(String)
        case count(Int)
        /// A fraction in [0, 1].
        case rate(Double?)
        case measure(Double?)
    }

    public var cells: [Cell] {
        [
            .text(model), .text(source), .count(traces), .count(intendedFinish), .count(intendedCancel),
            .rate(finishedOfIntendedFinish), .rate(cancelledOfIntendedCancel), .rate(intentMatchRate),
            .measure(medianVelocityJump), .measure(p90VelocityJump), .measure(medianCompletionTime),
            .measure(p90CompletionTime), .measure(medianOvershoot), .count(started),
            .measure(medianPeakAcceleration), .measure(medianVisualCompletionTime), .measure(p90VisualCompletionTime),
            .count(skipped),
        ]
    }

    /// Summarizes `outcomes` of `traces` (same order) under one model; `skipped` malformed
    /// strokes of the source were left out.
    public init(model: String, source: String, traces: [GestureTrace], outcomes: [TraceOutcome], skipped: Int = 0) {
        precondition(traces.count == outcomes.count, "One outcome per trace.")
        self.model = model
        self.source = source
        self.traces = traces.count
        self.skipped = skipped
        var finish = 0, cancel = 0, finished = 0, cancelled = 0
        for (trace, outcome) in zip(traces, outcomes) {
            switch trace.intent {
            case .finish?:
                finish += 1
                if outcome.decision == .finish { finished += 1 }
            case .cancel?:
                cancel += 1
                if outcome.decision == .cancel { cancelled += 1 }
            case nil: break
            }
        }
        func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }
        intendedFinish = finish
        intendedCancel = cancel
        finishedOfIntendedFinish = ratio(finished, finish)
        cancelledOfIntendedCancel = ratio(cancelled, cancel)
        intentMatchRate = ratio(finished + cancelled, finish + cancel)
        let startedOutcomes = outcomes.filter(\.started)
        started = startedOutcomes.count
        let jumps = startedOutcomes.map(\.velocityJump).sorted()
        let times = startedOutcomes.map(\.completionTime).sorted()
        let overshoots = startedOutcomes.map(\.overshoot).sorted()
        medianVelocityJump = quantile(jumps, 0.5)
        p90VelocityJump = quantile(jumps, 0.9)
        medianCompletionTime = quantile(times, 0.5)
        p90CompletionTime = quantile(times, 0.9)
        medianOvershoot = quantile(overshoots, 0.5)
        let visualTimes = startedOutcomes.map(\.visualCompletionTime).sorted()
        medianVisualCompletionTime = quantile(visualTimes, 0.5)
        p90VisualCompletionTime = quantile(visualTimes, 0.9)
        medianPeakAcceleration = quantile(startedOutcomes.map(\.peakAcceleration).sorted(), 0.5)
    }
}

/// The q-quantile of ascending `sorted` values by linear interpolation between order
/// statistics (Hyndman and Fan type 7, the default of numpy and pandas): with h = (n - 1) q,
/// x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]), 0-based. The median of an even
/// count is the mean of the middle two. nil for no values; infinite values (a spring that never
/// settles) propagate.
public func quantile(_ sorted: [Double], _ q: Double) -> Double? {
    precondition(q >= 0 && q <= 1, "Quantile must be in [0, 1]; got \(q).")
    guard !sorted.isEmpty else { return nil }
    let h = Double(sorted.count - 1) * q
    let lower = Int(h.rounded(.down))
    let fraction = h - Double(lower)
    guard fraction > 0, lower + 1 < sorted.count else { return sorted[lower] }
    let a = sorted[lower], b = sorted[lower + 1]
    if a == b { return a }
    if b.isInfinite { return b }
    return a + fraction * (b - a)
}

extension BehaviorResults {
    /// The table: for each source in input order (a synthetic set followed by its families,
    /// alphabetically), one row per model in model order.
    public func summaries() -> [BehaviorSummary] {
        var rows: [BehaviorSummary] = []
        for (s, set) in sets.enumerated() {
            var groups: [(source: String, indices: [Int], skipped: Int)] = [(set.source, Array(set.traces.indices), set.skipped.count)]
            if set.isSynthetic {
                let byFamily = Dictionary(grouping: set.traces.indices) { set.traces[$0].family ?? "unlabelled" }
                for family in byFamily.keys.sorted() { groups.append(("\(set.source)/\(family)", byFamily[family]!, 0)) }
            }
            for group in groups {
                let traces = group.indices.map { set.traces[$0] }
                for (m, model) in models.enumerated() {
                    rows.append(BehaviorSummary(
                        model: model, source: group.source, traces: traces,
                        outcomes: group.indices.map { outcomes[s][$0][m] }, skipped: group.skipped))
                }
            }
        }
        return rows
    }
}
