import Foundation
import TransitionLab
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
    /// Seconds until nothing moves by one physical pixel (`ReleaseOutcome.visualCompletionTime`).
    public var medianVisualCompletionTime: Double?
    public var p90VisualCompletionTime: Double?
    /// Fraction of the travel.
    public var medianOvershoot: Double?
    /// Progress per second squared: the completion's peak |acceleration|, what a stiffer spring pays.
    public var medianPeakAcceleration: Double?
    /// With `--pareto`: whether no other model of the source beats this one on intent match,
    /// median visual completion and median peak acceleration (`ParetoFront`); nil without it
    /// (no column).
    public var pareto: Bool?
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

    /// The column `--pareto` appends (`pareto`: true or false).
    public static let paretoColumn = "pareto"

    /// The columns the command appends last in the CSV and JSON (not the text table): the row's
    /// model, one column per `ReleaseParameter.table` row (its `column`, unit in the name; empty
    /// where the parameter does not apply to the model), then `swift_expression`, the Swift
    /// expression that builds the model with the library's public API
    /// (`BuiltInReleaseModel.swiftExpression`).
    public static let modelColumns = ReleaseParameter.table.map(\.column) + ["swift_expression"]

    /// The row's model under `modelColumns`; nil (no such columns) unless the command set them.
    public var modelCells: [Cell]?

    /// The cells of `model` under `modelColumns` (all empty for a model the batch cannot
    /// describe, a user-written one).
    public static func modelCells(of model: BenchModel) -> [Cell] {
        guard let lanes = model.lanes else { return modelColumns.map { _ in .measure(nil) } }
        let parameters = ReleaseParameter.table.map { row -> Cell in
            let value = row.id == .frameRate ? .number(lanes.replay.frameRate) : lanes.model.parameterValue(row.id)
            switch value {
            case .number(let x)?: return .measure(x)
            case .name(let name)?: return .text(name)
            case nil: return .measure(nil)
            }
        }
        return parameters + [.text(lanes.model.swiftExpression)]
    }

    /// The columns of `rows`: `columns`, `pareto` when the rows carry it, and `modelColumns`
    /// when they carry those (`model: false` leaves them out: the text table).
    public static func columns(of rows: [BehaviorSummary], model: Bool = true) -> [String] {
        var names = rows.first?.pareto != nil ? columns + [paretoColumn] : columns
        if model && rows.first?.modelCells != nil { names += modelColumns }
        return names
    }

    /// A cell of the row, by column order.
    public enum Cell: Hashable, Sendable {
        case text(String)
        case count(Int)
        /// A fraction in [0, 1].
        case rate(Double?)
        case measure(Double?)
        /// True or false.
        case flag(Bool)
    }

    public var cells: [Cell] {
        [
            .text(model), .text(source), .count(traces), .count(intendedFinish), .count(intendedCancel),
            .rate(finishedOfIntendedFinish), .rate(cancelledOfIntendedCancel), .rate(intentMatchRate),
            .measure(medianVelocityJump), .measure(p90VelocityJump), .measure(medianCompletionTime),
            .measure(p90CompletionTime), .measure(medianOvershoot), .count(started),
            .measure(medianPeakAcceleration), .measure(medianVisualCompletionTime), .measure(p90VisualCompletionTime),
            .count(skipped),
        ] + (pareto.map { [.flag($0)] } ?? []) + (modelCells ?? [])
    }

    /// Summarizes `outcomes` of `traces` (same order) under one model; `skipped` malformed
    /// strokes of the source were left out.
    public init(model: String, source: String, traces: [GestureTrace], outcomes: [ReleaseOutcome], skipped: Int = 0) {
        precondition(traces.count == outcomes.count, "One outcome per trace.")
        var scratch = Scratch()
        self.init(
            model: model, source: source, intents: traces.map(\.intent), skipped: skipped, scratch: &scratch
        ) { outcomes[$0] }
    }

    /// The started traces' values of each measure, in trace order, reused from row to row.
    struct Scratch {
        var velocityJump: [Double] = [], completionTime: [Double] = [], visualCompletionTime: [Double] = []
        var overshoot: [Double] = [], peakAcceleration: [Double] = []

        /// Gives `body` room for `count` values of each measure (`velocityJump`,
        /// `completionTime`, `visualCompletionTime`, `overshoot`, `peakAcceleration`, in that
        /// order), written from the start; `body` returns how many it wrote, which each measure
        /// keeps.
        mutating func fill(
            count: Int,
            _ body: (
                UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>
            ) -> Int
        ) {
            for measure in [\Scratch.velocityJump, \.completionTime, \.visualCompletionTime, \.overshoot, \.peakAcceleration] {
                // One more than `count`: room that is never empty has an address.
                let missing = count + 1 - self[keyPath: measure].count
                if missing > 0 { self[keyPath: measure].append(contentsOf: repeatElement(0, count: missing)) }
            }
            // Written through pointers: an append per value and measure checked each array's
            // uniqueness and capacity again.
            let written = velocityJump.withUnsafeMutableBufferPointer { a in
                completionTime.withUnsafeMutableBufferPointer { b in
                    visualCompletionTime.withUnsafeMutableBufferPointer { c in
                        overshoot.withUnsafeMutableBufferPointer { d in
                            peakAcceleration.withUnsafeMutableBufferPointer { e in
                                body(a.baseAddress!, b.baseAddress!, c.baseAddress!, d.baseAddress!, e.baseAddress!)
                            }
                        }
                    }
                }
            }
            for measure in [\Scratch.velocityJump, \.completionTime, \.visualCompletionTime, \.overshoot, \.peakAcceleration] {
                self[keyPath: measure].removeLast(self[keyPath: measure].count - written)
            }
        }
    }

    /// Summarizes the outcomes `outcome(i)` of traces with `intents` (same order), reading each
    /// outcome once: the counts, and every measure of the started traces into `scratch` (no copy
    /// of the outcomes), then the medians and p90s by selection.
    init(
        model: String, source: String, intents: [Intent?], skipped: Int, scratch values: inout Scratch,
        outcome: (Int) -> ReleaseOutcome
    ) {
        self.model = model
        self.source = source
        self.traces = intents.count
        self.skipped = skipped
        var finish = 0, cancel = 0, finished = 0, cancelled = 0
        values.fill(count: intents.count) { velocityJump, completionTime, visualCompletionTime, overshoot, peakAcceleration in
            var started = 0
            for (i, intent) in intents.enumerated() {
                let o = outcome(i)
                // Written whether or not the trace started, kept only if it did: no branch.
                velocityJump[started] = o.velocityJump
                completionTime[started] = o.completionTime
                visualCompletionTime[started] = o.visualCompletionTime
                overshoot[started] = o.overshoot
                peakAcceleration[started] = o.peakAcceleration
                started &+= Int(unsafeBitCast(o.started, to: UInt8.self))
                switch intent {
                case .finish?:
                    finish += 1
                    if o.decision == .finish { finished += 1 }
                case .cancel?:
                    cancel += 1
                    if o.decision == .cancel { cancelled += 1 }
                case nil: break
                }
            }
            return started
        }
        func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }
        intendedFinish = finish
        intendedCancel = cancel
        finishedOfIntendedFinish = ratio(finished, finish)
        cancelledOfIntendedCancel = ratio(cancelled, cancel)
        intentMatchRate = ratio(finished + cancelled, finish + cancel)
        started = values.velocityJump.count
        /// The median of one measure, then its p90 searched among the values above the median.
        func medianAndP90(_ measure: inout [Double]) -> (median: Double?, p90: Double?) {
            var above = 0
            let median = selectedQuantile(&measure, 0.5, above: &above)
            return (median, selectedQuantile(&measure, 0.9, above: &above))
        }
        (medianVelocityJump, p90VelocityJump) = medianAndP90(&values.velocityJump)
        (medianCompletionTime, p90CompletionTime) = medianAndP90(&values.completionTime)
        (medianVisualCompletionTime, p90VisualCompletionTime) = medianAndP90(&values.visualCompletionTime)
        medianOvershoot = selectedQuantile(&values.overshoot, 0.5)
        medianPeakAcceleration = selectedQuantile(&values.peakAcceleration, 0.5)
    }
}

/// The table's rows built chunk by chunk (`BehaviorBenchmark.run(_:consume:)`): for each
/// source in input order (a synthetic set followed by its families, alphabetically), one row per
/// model in model order.
public struct BehaviorSummaries: Sendable {
    /// A row's population: a set, or a synthetic family.
    struct Group: Sendable {
        var source: String
        /// Indices into all sets' traces, in order.
        var traceIndices: [Int]
        var intents: [Intent?]
        var skipped: Int
    }

    let models: [String]
    let groups: [Group]
    /// `rows[m][g]`, filled as chunks arrive.
    var rows: [[BehaviorSummary]]

    public init(models: [String], sets: [TraceSet]) {
        self.models = models
        var groups: [Group] = []
        var offset = 0
        for set in sets {
            groups.append(Group(
                source: set.source, traceIndices: Array(offset..<offset + set.traces.count), intents: set.traces.map(\.intent),
                skipped: set.skipped.count))
            if set.isSynthetic {
                let byFamily = Dictionary(grouping: set.traces.indices) { set.traces[$0].family ?? "unlabelled" }
                for family in byFamily.keys.sorted() {
                    let indices = byFamily[family]!
                    groups.append(Group(
                        source: "\(set.source)/\(family)", traceIndices: indices.map { offset + $0 },
                        intents: indices.map { set.traces[$0].intent }, skipped: 0))
                }
            }
            offset += set.traces.count
        }
        self.groups = groups
        rows = Array(repeating: [], count: models.count)
    }

    /// Summarizes the chunk's models (concurrently, one model per task).
    public mutating func add(_ chunk: BehaviorChunk) {
        let groups = self.groups, models = self.models
        let summaries = ConcurrentFill.fill(rows: chunk.models.count, columns: 1, blockSize: 2) { block, slot in
            var scratch = BehaviorSummary.Scratch()
            for i in block {
                let m = chunk.models.lowerBound + i
                slot(0, i, groups.map { group in
                    BehaviorSummary(
                        model: models[m], source: group.source, intents: group.intents, skipped: group.skipped,
                        scratch: &scratch
                    ) { chunk.outcome(model: m, trace: group.traceIndices[$0]) }
                })
            }
        }
        for (i, m) in chunk.models.enumerated() { rows[m] = summaries[i] }
    }

    /// The rows, source by source, models in order within each.
    public var table: [BehaviorSummary] {
        groups.indices.flatMap { g in rows.map { $0[g] } }
    }
}

extension BehaviorResults {
    /// The table: for each source in input order (a synthetic set followed by its families,
    /// alphabetically), one row per model in model order.
    public func summaries() -> [BehaviorSummary] {
        var summaries = BehaviorSummaries(models: models, sets: sets)
        summaries.add(chunk)
        return summaries.table
    }
}
