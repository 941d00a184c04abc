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
    /// first (`ParetoFront.tableOrder`) and marks the pick and the default model's rows
    /// (`ParetoFront.mark`), so a tuner sees where the shipped defaults stand.
    /// `names` gives the text table's name for a model (`VariantNames`: the parameters that vary
    /// in the run), `fixed` a line said once above the table.
    public static func render(
        _ rows: [BehaviorSummary], format: BehaviorFormat, names: [String: String] = [:], fixed: String? = nil
    ) -> String {
        switch format {
        case .table: return table(rows, names: names, fixed: fixed)
        case .csv: return csv(rows)
        case .json: return json(rows)
        }
    }

    /// What marks the default preset's row in the text table's `note` column with `--pareto`.
    public static let defaultPresetMark = "default"

    // MARK: Table

    /// The text table's width goal, characters: a one- or two-parameter grid's table fits a
    /// terminal of this width (prose lines above and below it are wrapped to it).
    public static let terminalWidth = 100

    /// A column of the text table: the CSV column it shows, its header in two lines (what, then
    /// unit and statistic), whether `--pareto` shows it and whether the plain table does, and
    /// its numbers' decimals (`tableField`'s for the cell's kind when nil).
    struct TextColumn {
        var column: String
        var top: String
        var bottom: String
        var tuning: Bool
        var plain = true
        var decimals: Int? = nil
    }

    /// The text table's columns, in order: the figures a person reads a run by (the p90s of the
    /// velocity jump and the completion time, and the settle-based completion time, are in the
    /// CSV and JSON). With `--pareto`, the ones marked `tuning`: what the front is made of (its
    /// four figures, the rows' order and notes saying the front, the pick and the default).
    /// The counts every row of a source shares (traces, meant to finish or cancel, started,
    /// skipped) are said once, in the source's heading.
    static let textColumns = [
        TextColumn(column: "model", top: "", bottom: "model", tuning: true),
        TextColumn(column: "intent_match_rate", top: "intent", bottom: "match", tuning: true),
        TextColumn(column: "finished_of_intended_finish", top: "finish", bottom: "rate", tuning: false),
        TextColumn(column: "cancelled_of_intended_cancel", top: "cancel", bottom: "rate", tuning: false),
        TextColumn(column: "median_velocity_jump_per_s", top: "jump", bottom: "/s med", tuning: false),
        TextColumn(column: "median_overshoot", top: "over-", bottom: "shoot", tuning: false),
        TextColumn(column: "median_peak_acceleration_per_s2", top: "peak", bottom: "/s2 med", tuning: true),
        TextColumn(column: "median_visual_completion_s", top: "visual", bottom: "s med", tuning: true),
        TextColumn(column: "p90_visual_completion_s", top: "visual", bottom: "s p90", tuning: false),
        TextColumn(column: "p90_overshoot", top: "over-", bottom: "sh p90", tuning: true, plain: false, decimals: 4),
        TextColumn(column: "pareto", top: "pareto", bottom: "front", tuning: true),
    ]

    /// The line under the text table that says where the rest is.
    public static let restOfTheColumns =
        "more columns (p90s, each parameter, Swift expressions) and full names: --format csv or json"

    /// Per-source counts said in the source's heading when every row of the source shares them
    /// (else they stay columns): column, and how the heading words it.
    static let sourceCounts: [(column: String, words: String)] = [
        ("traces", "traces"), ("intended_finish", "meant to finish"), ("intended_cancel", "meant to cancel"),
        ("started", "started"), ("skipped", "malformed strokes skipped"),
    ]

    /// What marks the row the footer's rule picks on each source's front with `--pareto` (in the
    /// `note` column).
    public static let pickMark = "pick"

    static func table(
        _ rows: [BehaviorSummary], names: [String: String] = [:], fixed: String? = nil
    ) -> String {
        let pareto = rows.first?.pareto != nil
        let rows = pareto ? ParetoFront.tableOrder(rows) : rows
        let all = BehaviorSummary.columns(of: rows, model: false)
        let index = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
        let groups = ParetoFront.indicesBySource(rows)
        // A source count every row of its source shares goes into the heading.
        let shared = sourceCounts.filter { count in
            guard let c = index[count.column] else { return false }
            return groups.allSatisfy { g in Set(g.map { rows[$0].cells[c] }).count == 1 }
        }
        var columns = textColumns.filter { (pareto ? $0.tuning : $0.plain) && index[$0.column] != nil }
        // A count that differs between a source's rows stays a column, after the model.
        let unshared = sourceCounts.filter { count in index[count.column] != nil && !shared.contains { $0.column == count.column } }
        columns.insert(contentsOf: unshared.map { TextColumn(column: $0.column, top: "", bottom: $0.column, tuning: true) }, at: 1)
        var header = [columns.map(\.top), columns.map(\.bottom)]
        var body = rows.map { row in
            let cells = row.cells
            var fields = columns.map { tableField(cells[index[$0.column]!], decimals: $0.decimals) }
            fields[0] = names[row.model] ?? row.model
            return fields
        }
        if pareto {
            header[0].append("")
            header[1].append("note")
            for (i, row) in rows.enumerated() {
                var notes: [String] = []
                if row.pick == true { notes.append(pickMark) }
                if row.defaultModel == true { notes.append(defaultPresetMark) }
                body[i].append(notes.joined(separator: ", "))
            }
        }
        var widths = header[1].indices.map { max(header[0][$0].count, header[1][$0].count) }
        for row in body { for (i, field) in row.enumerated() { widths[i] = max(widths[i], field.count) } }
        // The model and the note read left to right; numbers line up on the right.
        let noteColumn = pareto ? widths.count - 1 : nil
        func line(_ fields: [String]) -> String {
            fields.enumerated().map { i, field in
                let pad = String(repeating: " ", count: widths[i] - field.count)
                return i == 0 || i == noteColumn ? field + pad : pad + field
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = fixed.map { $0.split(separator: "\n").flatMap { wrapped(String($0)) } } ?? []
        for (n, g) in groups.enumerated() {
            if n > 0 || !lines.isEmpty { lines.append("") }
            let first = rows[g[0]]
            let counts = shared.compactMap { count -> String? in
                let value = tableField(first.cells[index[count.column]!])
                return count.column == "skipped" && value == "0" ? nil : "\(value) \(count.words)"
            }
            lines += wrapped(first.source + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")))
            lines.append(line(header[0]))
            lines.append(line(header[1]))
            for i in g {
                lines.append(line(body[i]))
                // Under each front row, the Swift expression that builds its model.
                if pareto && rows[i].pareto == true, case .text(let expression)? = rows[i].modelCells?.last {
                    lines.append("    " + expression)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stays
    /// whole); lines after the first indented by `indent` spaces.
    public static func wrapped(_ text: String, width: Int = terminalWidth, indent: Int = 2) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = current.isEmpty ? (lines.isEmpty ? "" : String(repeating: " ", count: indent)) : current + " "
            if !current.isEmpty && prefix.count + word.count > width {
                lines.append(current)
                current = String(repeating: " ", count: indent) + word
            } else {
                current = prefix + word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    static func tableField(_ cell: BehaviorSummary.Cell, decimals: Int? = nil) -> String {
        switch cell {
        case .text(let s): return s
        case .count(let n): return String(n)
        case .rate(let r): return r.map { fixed($0, decimals: decimals ?? 4) } ?? "-"
        case .measure(let m): return m.map { fixed($0, decimals: decimals ?? 3) } ?? "-"
        case .flag(let b): return b ? "yes" : "no"
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

    static func csv(_ rows: [BehaviorSummary]) -> String { collected { try write(rows, format: .csv, to: $0) } }

    /// The bytes of `render(rows, format:)` for `.csv` and `.json`, handed to `out` a piece of
    /// about `pieceBytes` at a time as the rows are rendered: a shard's or a merge's table of
    /// tens of thousands of rows is never one string (`render` collects these pieces).
    static func write(
        _ rows: [BehaviorSummary], format: BehaviorFormat, to out: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        precondition(format != .table, "BehaviorReport.write: the text table is rendered whole")
        let columns = BehaviorSummary.columns(of: rows)
        try withoutActuallyEscaping(out) { out in
            var stream = TableStream(format: format, columns: columns, out: out)
            for row in rows { try stream.append(row) }
            try stream.finish()
        }
    }

    /// The rows of one table in `.csv` or `.json`, appended one at a time and handed to `out`
    /// in pieces (`write`; the merge appends the rows it reads back).
    struct TableStream {
        let format: BehaviorFormat
        /// The JSON keys, quoted once, not once per row.
        private let keys: [String]
        private let out: (UnsafeBufferPointer<UInt8>) throws -> Void
        private var csv = CSVWriter()
        private var rowsWritten = 0

        /// How many bytes are gathered before they go to `out`.
        static let pieceBytes = 1 << 20

        init(format: BehaviorFormat, columns: [String], out: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
            self.format = format
            self.out = out
            keys = format == .json ? columns.map(BehaviorReport.jsonString) : []
            if format == .csv { csv.record(columns) } else { csv.buffer.append("[\n") }
        }

        mutating func append(_ row: BehaviorSummary) throws {
            if format == .csv {
                for cell in row.cells { csvField(cell, into: &csv) }
                csv.endRecord()
            } else {
                csv.buffer.append((rowsWritten > 0 ? ",\n" : "") + jsonObject(row, keys: keys))
            }
            rowsWritten += 1
            if csv.buffer.count >= Self.pieceBytes { try flush() }
        }

        mutating func finish() throws {
            if format == .json { csv.buffer.append("\n]\n") }
            try flush()
        }

        private mutating func flush() throws {
            try out(csv.buffer.bytes)
            csv.buffer.removeAll()
        }
    }

    /// The text of the pieces `body` hands its closure.
    static func collected(_ body: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) -> String {
        var bytes: [UInt8] = []
        // Rendering into memory cannot fail.
        try! body { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
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

    /// Written by hand, not through `Codable`: measured side by side (release build, 5 runs each,
    /// alternated, `transition-bench behavior --no-recorded --synthetic 1000 --seed 1 --model physics
    /// --response 0.1:0.595:0.005 --damping-ratio 0.05:1.04:0.11 --format json`, 7,000 rows, 9.7 MB),
    /// the same rows through `JSONEncoder` took the whole command 0.57-0.76 s (median 0.67) against
    /// 0.47-0.50 s (median 0.48) here, 40% slower, and its objects' keys came out in hash order,
    /// not column order (the values parsed back equal).
    static func json(_ rows: [BehaviorSummary]) -> String { collected { try write(rows, format: .json, to: $0) } }

    /// One row as a JSON object, `keys` (quoted) in column order.
    static func jsonObject(_ row: BehaviorSummary, keys: [String]) -> String {
        "  {" + zip(keys, row.cells).map { key, cell in
            let value: String
            switch cell {
            case .text(let s): value = jsonString(s)
            case .count(let n): value = String(n)
            case .rate(let r), .measure(let r):
                value = r.flatMap { $0.isFinite ? NumberFormatting.string($0) : nil } ?? "null"
            case .flag(let b): value = b ? "true" : "false"
            }
            return key + ": " + value
        }.joined(separator: ", ") + "}"
    }

    static func jsonString(_ s: String) -> String {
        // Most strings (names, Swift expressions) need no escape: quoted whole.
        if !s.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) { return "\"" + s + "\"" }
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
