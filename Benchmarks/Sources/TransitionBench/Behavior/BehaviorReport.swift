import ArgumentParser
import TransitionCSV

/// How the summary is printed.
public enum BehaviorFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Aligned columns for people: rates to 4 decimals, measures to 3 significant decimals.
    case table
    /// Header row, then one record per row, in the dialect every CSV of the project uses
    /// (`CSVWriter`: RFC 4180, LF line ends, `NumberFormatting`'s numbers, empty field for no value).
    case csv
    /// An array of objects, keys in column order, numbers in `NumberFormatting`'s text, null for
    /// no value or a non-finite one.
    case json
}

public enum BehaviorReport {
    /// The rows in `format`. With a `pareto` column the text table puts each source's front
    /// first (`ParetoFront.tableOrder`) and marks the rows of `defaultModels` (the default
    /// preset), so a tuner sees where the shipped defaults stand.
    /// `names` gives the text table's name for a model (`VariantNames`: the parameters that vary
    /// in the run), `fixed` a line said once above the table.
    public static func render(
        _ rows: [BehaviorSummary], format: BehaviorFormat, defaultModels: Set<String> = [], names: [String: String] = [:],
        fixed: String? = nil
    ) -> String {
        switch format {
        case .table: return table(rows, defaultModels: defaultModels, names: names, fixed: fixed)
        case .csv: return csv(rows)
        case .json: return json(rows)
        }
    }

    /// What marks the default preset's rows in the text table with `--pareto`.
    public static let defaultPresetMark = "<- default preset"

    // MARK: Table

    /// The text table's columns with `--pareto`: what the front is made of and what a tuner
    /// weighs it against.
    public static let paretoTableColumns = [
        "model", "source", "traces", "intent_match_rate", "median_velocity_jump_per_s", "median_peak_acceleration_per_s2",
        "median_visual_completion_s", "p90_visual_completion_s", "pareto",
    ]

    /// What marks the row the footer's rule picks on each source's front with `--pareto`.
    public static let pickMark = "<- pick"

    static func table(
        _ rows: [BehaviorSummary], defaultModels: Set<String> = [], names: [String: String] = [:], fixed: String? = nil
    ) -> String {
        let pareto = rows.first?.pareto != nil
        let rows = pareto ? ParetoFront.tableOrder(rows) : rows
        let picks = pareto ? ParetoFront.picks(rows, defaultModels: defaultModels) : []
        // With --pareto, the figures a tuner chooses by (so a one- or two-parameter grid fits a
        // terminal; every column is in the CSV and JSON).
        let all = BehaviorSummary.columns(of: rows, model: false)
        let shown = pareto ? all.indices.filter { paretoTableColumns.contains(all[$0]) } : Array(all.indices)
        let header = shown.map { all[$0] }
        let body = rows.map { row in
            let cells = row.cells
            var fields = shown.map { tableField(cells[$0]) }
            fields[0] = names[row.model] ?? row.model
            return fields
        }
        var widths = header.map(\.count)
        for row in body { for (i, field) in row.enumerated() { widths[i] = max(widths[i], field.count) } }
        func line(_ fields: [String], leftAligned: Int) -> String {
            fields.enumerated().map { i, field in
                let pad = String(repeating: " ", count: widths[i] - field.count)
                return i < leftAligned ? field + pad : pad + field
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = fixed.map { [$0] } ?? []
        lines.append(line(header, leftAligned: 2))
        var previousSource: String?
        for (row, fields) in zip(rows, body) {
            if let previous = previousSource, previous != row.source { lines.append("") }
            previousSource = row.source
            var mark = pareto && defaultModels.contains(row.model) ? "  " + defaultPresetMark : ""
            if picks.contains([row.model, row.source]) { mark += "  " + pickMark }
            lines.append(line(fields, leftAligned: 2) + mark)
            // Under each front row, the Swift expression that builds its model.
            if pareto && row.pareto == true, case .text(let expression)? = row.modelCells?.last {
                lines.append("    " + expression)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func tableField(_ cell: BehaviorSummary.Cell) -> String {
        switch cell {
        case .text(let s): return s
        case .count(let n): return String(n)
        case .rate(let r): return r.map { fixed($0, decimals: 4) } ?? "-"
        case .measure(let m): return m.map { fixed($0, decimals: 3) } ?? "-"
        case .flag(let b): return b ? "true" : "false"
        }
    }

    /// `value` with exactly `decimals` decimals (no Foundation formatting), `inf` for infinity; a
    /// value too large for its decimals (`|value| * 10^decimals >= 2^53`) in the number format.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond 2^53 an integer has no fraction to show (and may not fit an Int): the number format.
        if scaled >= 9_007_199_254_740_992 { return NumberFormatting.string(value) }
        let negative = value < 0 && scaled != 0
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled - Double(whole) * scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        return (negative ? "-" : "") + String(whole) + (decimals > 0 ? "." + fraction : "")
    }

    // MARK: CSV

    static func csv(_ rows: [BehaviorSummary]) -> String {
        var csv = CSVWriter()
        csv.record(BehaviorSummary.columns(of: rows))
        for row in rows {
            for cell in row.cells { csvField(cell, into: &csv) }
            csv.endRecord()
        }
        return csv.text
    }

    static func csvField(_ cell: BehaviorSummary.Cell, into csv: inout CSVWriter) {
        switch cell {
        case .text(let s): csv.field(s)
        case .count(let n): csv.field(n)
        case .rate(let r), .measure(let r): csv.field(r)
        case .flag(let b): csv.field(b ? "true" : "false")
        }
    }

    // MARK: JSON

    static func json(_ rows: [BehaviorSummary]) -> String {
        let objects = rows.map { row in
            "  {" + zip(BehaviorSummary.columns(of: rows), row.cells).map { key, cell in
                let value: String
                switch cell {
                case .text(let s): value = jsonString(s)
                case .count(let n): value = String(n)
                case .rate(let r), .measure(let r):
                    value = r.flatMap { $0.isFinite ? NumberFormatting.string($0) : nil } ?? "null"
                case .flag(let b): value = b ? "true" : "false"
                }
                return jsonString(key) + ": " + value
            }.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
