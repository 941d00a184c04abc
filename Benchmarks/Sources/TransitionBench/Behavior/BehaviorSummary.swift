import Foundation
import _NonTemporal
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
    /// Fraction of the travel: how far past the target (an end, or a middle detent) the
    /// completion carries the view (`ReleaseOutcome.overshoot`).
    public var medianOvershoot: Double?
    /// Fraction of the travel: the overshoot nine releases in ten stay within, the figure
    /// `--pareto` weighs and `--max-overshoot` bounds.
    public var p90Overshoot: Double?
    /// Progress per second squared: the completion's peak |acceleration|, what a stiffer spring pays.
    public var medianPeakAcceleration: Double?
    /// With `--pareto`: whether no other model of the source beats this one on intent match,
    /// median visual completion, median peak acceleration and p90 overshoot (`ParetoFront`);
    /// nil without it (no column).
    public var pareto: Bool?
    /// With `--pareto`: whether this row is the one the pick rule chooses on its source
    /// (`ParetoFront.picks`).
    public var pick: Bool?
    /// With `--pareto`: whether the model is the shipped default (`BenchModel.isDefaultPreset`).
    public var defaultModel: Bool?
    /// With `--pareto`: how many rows of the source's front beat this one (0 on the front): the
    /// default model's place is its row's count.
    public var beatenBy: Int?
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
        "p90_overshoot",
    ]

    /// The column `--pareto` appends (`pareto`: true or false).
    public static let paretoColumn = "pareto"
    /// The columns `--pareto` appends, in order: `pareto` (on the source's front), `pick` (the
    /// row the pick rule chooses on the source), `default_model` (the shipped default) and
    /// `beaten_by` (how many front rows beat the row; 0 on the front).
    public static let paretoColumns = [paretoColumn, "pick", "default_model", "beaten_by"]

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
        // A spring's response and damping ratio in the decimals it was typed with (as the Swift
        // expression writes them), not the constants' `0.8999999999999999`.
        var decimalForm: (response: Double, dampingRatio: Double)?
        if case .physics(let m) = lanes.model, m.completionShape == .spring { decimalForm = m.spring.decimalForm }
        let parameters = ReleaseParameter.table.map { row -> Cell in
            var value = row.id == .frameRate ? .number(lanes.replay.frameRate) : lanes.model.parameterValue(row.id)
            if let decimalForm, value != nil {
                if row.id == .response { value = .number(decimalForm.response) }
                if row.id == .dampingRatio { value = .number(decimalForm.dampingRatio) }
            }
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
        var names = rows.first?.pareto != nil ? columns + paretoColumns : columns
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
            .count(skipped), .measure(p90Overshoot),
        ] + (pareto.map { [.flag($0), .flag(pick ?? false), .flag(defaultModel ?? false), .count(beatenBy ?? 0)] } ?? [])
            + (modelCells ?? [])
    }

    /// Summarizes `outcomes` of `traces` (same order) under one model; `skipped` malformed
    /// strokes of the source were left out.
    public init(model: String, source: String, traces: [GestureTrace], outcomes: [ReleaseOutcome], skipped: Int = 0) {
        precondition(traces.count == outcomes.count, "One outcome per trace.")
        var scratch = Scratch()
        let tally = outcomes.withUnsafeBufferPointer { outcomes in
            scratch.gather(
                intents: traces.map(\.intent), segments: [0..<traces.count], outcomes: outcomes.baseAddress,
                at: Array(outcomes.indices))[0].tally
        }
        self.init(model: model, source: source, traces: traces.count, skipped: skipped, tally: tally, values: &scratch)
    }

    /// The intents of a population against the decisions.
    struct IntentTally {
        var finish = 0, cancel = 0, finished = 0, cancelled = 0

        static func + (a: IntentTally, b: IntentTally) -> IntentTally {
            IntentTally(
                finish: a.finish + b.finish, cancel: a.cancel + b.cancel, finished: a.finished + b.finished,
                cancelled: a.cancelled + b.cancelled)
        }
    }

    /// The started traces' values of each measure, reused from row to row.
    struct Scratch {
        var velocityJump: [Double] = [], completionTime: [Double] = [], visualCompletionTime: [Double] = []
        var overshoot: [Double] = [], peakAcceleration: [Double] = []

        static let measures = [\Scratch.velocityJump, \.completionTime, \.visualCompletionTime, \.overshoot, \.peakAcceleration]

        /// Reads the outcomes `outcomes[indices[i]]` of traces with `intents` (same order) once each: the
        /// started traces' measures, in order, replace the scratch's values, and each of
        /// `segments` (consecutive ranges of `intents`' indices, together all of them) gets its
        /// tally and the range of the values its started traces wrote.
        mutating func gather(
            intents: [Intent?], segments: [Range<Int>], outcomes: UnsafePointer<ReleaseOutcome>?, at indices: [Int]
        ) -> [(tally: IntentTally, values: Range<Int>)] {
            var result: [(tally: IntentTally, values: Range<Int>)] = []
            result.reserveCapacity(segments.count)
            precondition(indices.count == intents.count, "An outcome per intent")
            // Ahead of each read, the outcome a few traces on is fetched: the chunk is far larger
            // than the caches and a set's indices run family by family, not in address order.
            let ahead = 8
            fill(count: intents.count) { velocityJump, completionTime, visualCompletionTime, overshoot, peakAcceleration in
                var started = 0
                for segment in segments {
                    var tally = IntentTally()
                    let first = started
                    for i in segment {
                        if i + ahead < indices.count { tp_prefetch_for_read(outcomes! + indices[i + ahead]) }
                        let o = outcomes![indices[i]]
                        // Written whether or not the trace started, kept only if it did: no branch.
                        velocityJump[started] = o.velocityJump
                        completionTime[started] = o.completionTime
                        visualCompletionTime[started] = o.visualCompletionTime
                        overshoot[started] = o.overshoot
                        peakAcceleration[started] = o.peakAcceleration
                        started &+= Int(unsafeBitCast(o.started, to: UInt8.self))
                        switch intents[i] {
                        case .finish?:
                            tally.finish += 1
                            if o.decision == .finish { tally.finished += 1 }
                        case .cancel?:
                            tally.cancel += 1
                            if o.decision == .cancel { tally.cancelled += 1 }
                        case nil: break
                        }
                    }
                    result.append((tally, first..<started))
                }
                return started
            }
            return result
        }

        /// `source`'s values in `range`, in place of this scratch's.
        mutating func copy(_ range: Range<Int>, of source: Scratch) {
            for measure in Self.measures {
                self[keyPath: measure].removeAll(keepingCapacity: true)
                self[keyPath: measure].append(contentsOf: source[keyPath: measure][range])
            }
        }

        /// Gives `body` room for `count` values of each measure (`velocityJump`,
        /// `completionTime`, `visualCompletionTime`, `overshoot`, `peakAcceleration`, in that
        /// order), written from the start; `body` returns how many it wrote, which each measure
        /// keeps.
        private mutating func fill(
            count: Int,
            _ body: (
                UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>
            ) -> Int
        ) {
            for measure in Self.measures {
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
            for measure in Self.measures {
                self[keyPath: measure].removeLast(self[keyPath: measure].count - written)
            }
        }
    }

    /// The row of a population of `traces` traces with `tally`, whose started traces' measures
    /// are `values` (reordered: the medians and p90s by selection).
    init(model: String, source: String, traces: Int, skipped: Int, tally: IntentTally, values: inout Scratch) {
        self.model = model
        self.source = source
        self.traces = traces
        self.skipped = skipped
        func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }
        intendedFinish = tally.finish
        intendedCancel = tally.cancel
        finishedOfIntendedFinish = ratio(tally.finished, tally.finish)
        cancelledOfIntendedCancel = ratio(tally.cancelled, tally.cancel)
        intentMatchRate = ratio(tally.finished + tally.cancelled, tally.finish + tally.cancel)
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
        (medianOvershoot, p90Overshoot) = medianAndP90(&values.overshoot)
        medianPeakAcceleration = selectedQuantile(&values.peakAcceleration, 0.5)
    }
}

/// The table's rows built chunk by chunk (`BehaviorBenchmark.run(_:consume:)`): for each
/// source in input order (a synthetic set followed by its families, alphabetically), one row per
/// model in model order.
public struct BehaviorSummaries: Sendable {
    /// A set's rows: the set's own and, for a synthetic set, one per family, all from one read
    /// of the set's outcomes (each outcome read once: a family's traces are a range of the set's,
    /// taken family after family).
    struct SetRows: Sendable {
        var source: String
        /// Indices into all sets' traces, family after family (each family in trace order).
        var traceIndices: [Int]
        var intents: [Intent?]
        var skipped: Int
        /// The families in row order: their sources and ranges of `traceIndices`.
        var families: [(source: String, traces: Range<Int>)]

        /// `families`' ranges, or the whole set as one.
        var segments: [Range<Int>] { families.isEmpty ? [0..<traceIndices.count] : families.map(\.traces) }
    }

    let models: [String]
    let sets: [SetRows]
    /// `rows[m]`: model m's rows, set after set (each set's row, then its families'), filled as
    /// chunks arrive.
    var rows: [[BehaviorSummary]]

    public init(models: [String], sets: [TraceSet]) {
        self.models = models
        var rowsOfSets: [SetRows] = []
        var offset = 0
        for set in sets {
            var rows = SetRows(
                source: set.source, traceIndices: Array(offset..<offset + set.traces.count), intents: set.traces.map(\.intent),
                skipped: set.skipped.count, families: [])
            if set.isSynthetic {
                let byFamily = Dictionary(grouping: set.traces.indices) { set.traces[$0].family ?? "unlabelled" }
                rows.traceIndices = []
                rows.intents = []
                for family in byFamily.keys.sorted() {
                    let indices = byFamily[family]!
                    rows.families.append(("\(set.source)/\(family)", rows.traceIndices.count..<rows.traceIndices.count + indices.count))
                    rows.traceIndices += indices.map { offset + $0 }
                    rows.intents += indices.map { set.traces[$0].intent }
                }
            }
            rowsOfSets.append(rows)
            offset += set.traces.count
        }
        self.sets = rowsOfSets
        rows = Array(repeating: [], count: models.count)
    }

    /// Summarizes the chunk's models (concurrently, one model per task).
    public mutating func add(_ chunk: BehaviorChunk) {
        let sets = self.sets, models = self.models
        let summaries = ConcurrentFill.fill(rows: chunk.models.count, columns: 1, blockSize: 2) { block, slot in
            var values = BehaviorSummary.Scratch(), familyValues = BehaviorSummary.Scratch()
            for i in block {
                let m = chunk.models.lowerBound + i
                var rows: [BehaviorSummary] = []
                for set in sets {
                    let segments = chunk.outcomes.withUnsafeBufferPointer { outcomes in
                        values.gather(
                            intents: set.intents, segments: set.segments,
                            outcomes: outcomes.baseAddress! + (m - chunk.models.lowerBound) * chunk.traceCount, at: set.traceIndices)
                    }
                    // The families first, each from a copy of its range: the set's own selection
                    // then reorders all of them.
                    var familyRows: [BehaviorSummary] = []
                    for (family, segment) in zip(set.families, segments) {
                        familyValues.copy(segment.values, of: values)
                        familyRows.append(BehaviorSummary(
                            model: models[m], source: family.source, traces: family.traces.count, skipped: 0,
                            tally: segment.tally, values: &familyValues))
                    }
                    let tally = segments.map(\.tally).reduce(BehaviorSummary.IntentTally(), +)
                    rows.append(BehaviorSummary(
                        model: models[m], source: set.source, traces: set.traceIndices.count, skipped: set.skipped, tally: tally,
                        values: &values))
                    rows += familyRows
                }
                slot(0, i, rows)
            }
        }
        for (i, m) in chunk.models.enumerated() { rows[m] = summaries[i] }
    }

    /// The rows, source by source, models in order within each.
    public var table: [BehaviorSummary] {
        let perModel = rows.first?.count ?? 0
        return (0..<perModel).flatMap { g in rows.map { $0[g] } }
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
