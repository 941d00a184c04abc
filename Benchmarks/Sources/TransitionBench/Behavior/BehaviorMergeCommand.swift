import ArgumentParser
import Foundation
import TransitionCSV
import TransitionLab
import TransitionSweep

/// `transition-bench merge`: joins the CSV tables of a sharded behaviour run into the table the
/// unsharded run writes, byte for byte: the rows of every source in model order, the front, the
/// picks and the places recomputed over all models.
public struct BehaviorMergeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the CSV tables of a sharded behaviour run (behavior --shard K/N) into the unsharded run's table, byte for byte.",
        discussion: """
            Each shard file X must have its shard record X.shard beside it (written by behavior --shard \
            once X is complete: the run's identity, which K of N, which models of how many, the file's \
            size and CRC-32). The files may be given in any order. The merge refuses, with exit status \
            65 and without writing anything, a file without its record or not matching it (size, \
            CRC-32, rows), shards of different runs (another tool version, trace file, replay, model \
            grid or front setting: the message names both records and the first field that differs), \
            a shard given twice, and an incomplete set (the missing shards named with their models); \
            an unreadable file exits 66. Then it writes, atomically, every source's rows in model \
            order and, when the run had --pareto, the pareto, pick, default_model and beaten_by \
            columns recomputed over all models with the run's --max-overshoot (from the records).

            Exit status: \(ExitStatus.helpText())
            """)

    public init() {}

    @Option(name: .shortAndLong, help: ArgumentHelp("Merged table, written atomically. (default: standard output)", valueName: "file"))
    public var output: String?

    @Option(help: "Output format: csv (what the unsharded run writes with --format csv) or json.")
    public var format: BehaviorFormat = .csv

    @Argument(help: ArgumentHelp("Shard CSV files (behavior --shard K/N --format csv --output ...).", valueName: "shard-file"))
    public var files: [String] = []

    public func validate() throws {
        if files.isEmpty { throw ValidationError("merge: give at least one shard file.") }
        if output == "" { throw ValidationError("--output: invalid value '': empty file name.") }
        if format == .table {
            throw ValidationError("--format: invalid value 'table': merge writes csv or json (the text table's short names need the run's flags).")
        }
    }

    public func run() throws {
        do {
            let text = try merged()
            let bytes = Array(text.utf8)
            if let output {
                let file = try AtomicFile(path: output)
                defer { file.abort() }
                try bytes.withUnsafeBufferPointer { try file.write($0) }
                try file.commit()
            } else {
                try bytes.withUnsafeBufferPointer { try StandardOutputSink().write($0) }
            }
        } catch let error as FileIOError {
            FileHandle.standardError.write(Data("transition-bench merge: error: \(error.description)\n".utf8))
            throw ExitStatus(error.kind).exitCode
        }
    }

    /// One shard file read and checked against its record.
    struct ShardTable {
        var path: String
        var record: ShardRecord
        var header: [String]
        /// The rows by source, sources in file order.
        var sources: [(source: String, rows: [BehaviorSummary])]
    }

    /// The merged table, after every check.
    func merged() throws -> String {
        var tables: [ShardTable] = []
        for path in files {
            guard let record = try ShardRecord.read(for: path) else {
                throw FileIOError(
                    description: "\(path): no shard record \(ShardRecord.recordPath(for: path)) beside it (behavior --shard writes one when the file is complete): cannot tell whether the set is complete; rerun that shard",
                    kind: .malformedInput)
            }
            guard record.identity.tool.hasPrefix("transition-bench ") else {
                throw FileIOError(
                    description: "\(ShardRecord.recordPath(for: path)): written by \(record.identity.tool), not transition-bench: merge it with that tool",
                    kind: .malformedInput)
            }
            tables.append(try Self.read(path, record: record))
        }
        try ShardRecord.checkSet(tables.map { ($0.path, $0.record) }, complete: true, unit: "models")
        tables.sort { $0.record.shard.index < $1.record.shard.index }
        let first = tables[0]
        for t in tables.dropFirst() {
            guard t.header == first.header else {
                throw FileIOError(description: "\(t.path): its header differs from \(first.path)'s", kind: .malformedInput)
            }
            guard t.sources.map(\.source) == first.sources.map(\.source) else {
                throw FileIOError(
                    description: "\(t.path): its sources (\(t.sources.map(\.source).joined(separator: ", "))) differ from \(first.path)'s (\(first.sources.map(\.source).joined(separator: ", ")))",
                    kind: .malformedInput)
            }
        }
        // Source by source, the shards' models in order: the unsharded run's row order.
        var rows = first.sources.indices.flatMap { s in tables.flatMap { $0.sources[s].rows } }
        if first.header.contains(BehaviorSummary.paretoColumn) {
            let defaults = Set(rows.filter { $0.defaultModel == true }.map(\.model))
            let setting = first.record.identity.spec.first { $0.key == "max-overshoot" }?.value
            guard let setting, let maxOvershoot = Double(setting) else {
                throw FileIOError(
                    description: "\(ShardRecord.recordPath(for: first.path)): no 'spec max-overshoot' value, which the pick needs",
                    kind: .malformedInput)
            }
            ParetoFront.mark(&rows, defaultModels: defaults, maxOvershoot: maxOvershoot)
        }
        return BehaviorReport.render(rows, format: format)
    }

    /// Reads the shard file at `path`, checked against `record`: its size and CRC-32, a header
    /// of the behaviour table, and for every source one row per model of the record's range.
    static func read(_ path: String, record: ShardRecord) throws -> ShardTable {
        // The record's size is the limit: a longer file is refused before it is read whole.
        let bytes: [UInt8]
        do {
            bytes = try readSmallFile(path, limit: record.bytes, what: "the shard")
        } catch let error as FileIOError where error.kind == .inputTooLarge {
            throw FileIOError(
                description: "\(path): longer than its shard record \(ShardRecord.recordPath(for: path)) says (\(record.bytes) bytes; changed after it was written?)",
                kind: .malformedInput)
        }
        guard bytes.count == record.bytes else {
            throw FileIOError(
                description: "\(path): \(bytes.count) bytes, but its shard record \(ShardRecord.recordPath(for: path)) says \(record.bytes) (changed or truncated after it was written?)",
                kind: .malformedInput)
        }
        var digest = FileDigest()
        bytes.withUnsafeBufferPointer { digest.update($0) }
        guard digest.hex == record.crc32 else {
            throw FileIOError(
                description: "\(path): its bytes have CRC-32 \(digest.hex), but its shard record \(ShardRecord.recordPath(for: path)) says \(record.crc32) (changed after it was written?)",
                kind: .malformedInput)
        }
        let records = try BehaviorTableReader.records(bytes, path: path)
        guard let header = records.first?.fields else {
            throw FileIOError(description: "\(path):1: empty file, expected a header line", kind: .malformedInput)
        }
        let layout = try BehaviorTableReader.Layout(header: header, path: path)
        var sources: [(source: String, rows: [BehaviorSummary])] = []
        for record in records.dropFirst() {
            let row = try layout.summary(record.fields, path: path, line: record.line)
            if sources.last?.source == row.source {
                sources[sources.count - 1].rows.append(row)
            } else {
                sources.append((row.source, [row]))
            }
        }
        for (source, rows) in sources where rows.count != record.rows.count {
            throw FileIOError(
                description: "\(path): \(rows.count) rows of source \(source), but its shard record says \(record.rows.count) models (\(record.rows.lowerBound)..<\(record.rows.upperBound))",
                kind: .malformedInput)
        }
        return ShardTable(path: path, record: record, header: header, sources: sources)
    }
}

/// Reads back the behaviour table's CSV (`BehaviorReport.render(_:format: .csv)`): the records
/// of RFC 4180 text with LF line ends, and each row as the `BehaviorSummary` it was written from
/// (numbers in the number format read back exactly: Swift's shortest round trip).
enum BehaviorTableReader {
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// The records of `bytes`; a quote out of place or a last line without its line end throws
    /// (exit 65) naming `path` and the line.
    static func records(_ bytes: [UInt8], path: String) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1
        var quoted = false, wasQuoted = false
        var i = 0
        func fail(_ what: String) -> FileIOError {
            FileIOError(description: "\(path):\(line): \(what) (a table written by transition-bench behavior --format csv)", kind: .malformedInput)
        }
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i < bytes.count && bytes[i] == UInt8(ascii: "\"") {
                        field.append(b)
                        i += 1
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    field.append(b)
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                guard field.isEmpty && !wasQuoted else { throw fail("a quote inside a field") }
                quoted = true
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field = []
                wasQuoted = false
            case UInt8(ascii: "\n"):
                fields.append(String(decoding: field, as: UTF8.self))
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = []
                wasQuoted = false
                line += 1
                recordLine = line
            default:
                guard !wasQuoted else { throw fail("text after a closing quote") }
                field.append(b)
            }
        }
        guard !quoted else { throw fail("a quoted field without its closing quote") }
        guard fields.isEmpty && field.isEmpty else { throw fail("the last line without its line end (a truncated file?)") }
        return records
    }

    /// Which columns a table has: `BehaviorSummary.columns`, then the `--pareto` columns when
    /// the run had them, then the model columns.
    struct Layout {
        var pareto: Bool
        var model: Bool
        /// The header's columns.
        var names: [String]
        /// Whether each model column is a numeric parameter's.
        var numeric: [Bool]

        init(header: [String], path: String) throws {
            let columns = BehaviorSummary.columns
            pareto = header.count > columns.count && header[columns.count] == BehaviorSummary.paretoColumn
            let modelStart = columns.count + (pareto ? BehaviorSummary.paretoColumns.count : 0)
            model = header.count > modelStart
            let expected = columns + (pareto ? BehaviorSummary.paretoColumns : []) + (model ? BehaviorSummary.modelColumns : [])
            names = expected
            numeric = ReleaseParameter.table.map { row -> Bool in
                if case .number = row.domain { return true }
                return false
            }
            guard header == expected else {
                throw FileIOError(
                    description: "\(path):1: not the header of transition-bench behavior --format csv of this version (expected \(expected.prefix(4).joined(separator: ",")),...; found \(header.prefix(4).joined(separator: ",")),...)",
                    kind: .malformedInput)
            }
        }

        /// The row of `fields` (line `line` of `path`).
        func summary(_ fields: [String], path: String, line: Int) throws -> BehaviorSummary {
            let expectedCount = names.count
            func fail(_ column: String, _ what: String) -> FileIOError {
                FileIOError(description: "\(path):\(line): column \(column): \(what)", kind: .malformedInput)
            }
            guard fields.count == expectedCount else {
                throw FileIOError(description: "\(path):\(line): \(fields.count) fields, expected \(expectedCount)", kind: .malformedInput)
            }
            var i = 0
            func next() -> (column: String, text: String) {
                defer { i += 1 }
                return (names[i], fields[i])
            }
            func count() throws -> Int {
                let (column, text) = next()
                guard let n = Int(text), n >= 0 else { throw fail(column, "'\(text)' is not a count") }
                return n
            }
            func number() throws -> Double? {
                let (column, text) = next()
                if text.isEmpty { return nil }
                guard let x = Double(text), !x.isNaN else { throw fail(column, "'\(text)' is not a number") }
                return x
            }
            func flag() throws -> Bool {
                let (column, text) = next()
                guard text == "true" || text == "false" else { throw fail(column, "'\(text)' is not true or false") }
                return text == "true"
            }
            let model = next().text, source = next().text
            var row = BehaviorSummary(model: model, source: source, traces: [], outcomes: [])
            row.traces = try count()
            row.intendedFinish = try count()
            row.intendedCancel = try count()
            row.finishedOfIntendedFinish = try number()
            row.cancelledOfIntendedCancel = try number()
            row.intentMatchRate = try number()
            row.medianVelocityJump = try number()
            row.p90VelocityJump = try number()
            row.medianCompletionTime = try number()
            row.p90CompletionTime = try number()
            row.medianOvershoot = try number()
            row.started = try count()
            row.medianPeakAcceleration = try number()
            row.medianVisualCompletionTime = try number()
            row.p90VisualCompletionTime = try number()
            row.skipped = try count()
            row.p90Overshoot = try number()
            precondition(i == BehaviorSummary.columns.count, "Every column of BehaviorSummary.columns is read back.")
            if pareto {
                // The front, the pick and the places are recomputed over every shard's rows;
                // whether the model is the default is the row's own.
                row.pareto = try flag()
                row.pick = try flag()
                row.defaultModel = try flag()
                row.beatenBy = try count()
            }
            if self.model {
                row.modelCells = try BehaviorSummary.modelColumns.indices.map { c -> BehaviorSummary.Cell in
                    let isParameter = c < numeric.count
                    if isParameter && numeric[c] { return .measure(try number()) }
                    let text = next().text
                    return isParameter && text.isEmpty ? .measure(nil) : .text(text)
                }
            }
            return row
        }
    }
}
