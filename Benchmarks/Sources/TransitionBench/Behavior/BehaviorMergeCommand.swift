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
            columns recomputed over all models with the run's --max-overshoot and --max-velocity-jump (from the records).

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
            // Every check first, then the rows shard by shard, in either format.
            let plan = try streamingPlan()
            let file = try output.map { try AtomicFile(path: $0) }
            defer { file?.abort() }
            let sink = StandardOutputSink()
            try plan.write(format: format) { bytes in
                if let file { try file.write(bytes) } else { try sink.write(bytes) }
            }
            try file?.commit()
        } catch let error as FileIOError {
            FileHandle.standardError.write(Data("transition-bench merge: error: \(error.description)\n".utf8))
            throw ExitStatus(error.kind).exitCode
        }
    }

    /// Each file's shard record, checked to be transition-bench's.
    func records() throws -> [(path: String, record: ShardRecord)] {
        try files.map { path in
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
            return (path, record)
        }
    }

    /// The shards (sorted by index) agree on their header and their sources, in order.
    static func checkAgree<T>(_ shards: [T], path: (T) -> String, header: (T) -> [String], sources: (T) -> [String]) throws {
        let first = shards[0]
        for t in shards.dropFirst() {
            guard header(t) == header(first) else {
                throw FileIOError(description: "\(path(t)): its header differs from \(path(first))'s", kind: .malformedInput)
            }
            guard sources(t) == sources(first) else {
                throw FileIOError(
                    description: "\(path(t)): its sources (\(sources(t).joined(separator: ", "))) differ from \(path(first))'s (\(sources(first).joined(separator: ", ")))",
                    kind: .malformedInput)
            }
        }
    }

    /// The run's pick limits (--max-overshoot, --max-velocity-jump), from the first shard's record.
    static func pickLimits(_ path: String, _ record: ShardRecord) throws -> PickLimits {
        func setting(_ key: String) throws -> Double {
            let value = record.identity.spec.first { $0.key == key }?.value
            guard let value, let number = Double(value) else {
                throw FileIOError(
                    description: "\(ShardRecord.recordPath(for: path)): no spec value for \(key), which the pick needs",
                    kind: .malformedInput)
            }
            return number
        }
        return PickLimits(overshoot: try setting("max-overshoot"), velocityJump: try setting("max-velocity-jump"))
    }

    /// One shard file scanned and checked against its record, keeping of its rows only where
    /// each source's rows lie in the file and the four figures the front needs.
    struct ShardScan {
        var path: String
        var record: ShardRecord
        var header: [String]
        var blocks: [(source: String, bytes: Range<Int>, figures: [ParetoFront.Figures], defaults: [Bool])]
    }

    /// What the merge writes, planned after every check (each file read once, whole, and let
    /// go): the rows are then read again source by source, shard by shard, with only the
    /// `--pareto` columns rewritten, and written as they come, so memory holds one shard's
    /// block of rows and four figures a row, not the table. CSV copies each row's fields; JSON
    /// reads each row back (`BehaviorTableReader.Layout`) and writes its object
    /// (`BehaviorReport.TableStream`, the unsharded run's writer).
    struct StreamingPlan {
        var scans: [ShardScan]
        /// Per source, over all shards' rows in order: the front, the places and the pick.
        var marks: [(pareto: [Bool], beatenBy: [Int], pick: Int?)]?

        func write(format: BehaviorFormat, _ out: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
            let header = scans[0].header
            var csv = CSVWriter()
            var stream = format == .json ? BehaviorReport.TableStream(format: .json, columns: header, out: out) : nil
            let layout = try BehaviorTableReader.Layout(header: header, path: scans[0].path)
            if stream == nil { csv.record(header) }
            let pareto = BehaviorSummary.columns.count
            for s in scans[0].blocks.indices {
                var k = 0
                for scan in scans {
                    let block = scan.blocks[s]
                    let bytes = try readFileRange(scan.path, range: block.bytes, expectedSize: scan.record.bytes, what: "the shard")
                    try BehaviorTableReader.forEachRecord(bytes, path: scan.path) { record in
                        var fields = record.fields
                        guard fields.count == scan.header.count, fields[1] == block.source else {
                            throw FileIOError(description: "\(scan.path): changed while being merged", kind: .malformedInput)
                        }
                        if let mark = marks?[s] {
                            fields[pareto] = mark.pareto[k] ? "true" : "false"
                            fields[pareto + 1] = mark.pick == k ? "true" : "false"
                            fields[pareto + 3] = String(mark.beatenBy[k])
                        }
                        if stream != nil {
                            try stream!.append(try layout.summary(fields, path: scan.path, line: record.line))
                        } else {
                            csv.record(fields)
                        }
                        k += 1
                    }
                    if stream == nil {
                        try out(csv.buffer.bytes)
                        csv.buffer.removeAll()
                    }
                }
            }
            if stream != nil { try stream!.finish() } else if scans[0].blocks.isEmpty { try out(csv.buffer.bytes) }
        }
    }

    /// Every check, reading each shard once, and the front and picks recomputed
    /// over all models from the rows' figures (`ParetoFront.front`, `ParetoFront.pick`).
    func streamingPlan() throws -> StreamingPlan {
        var scans = try records().map { try Self.scan($0.path, record: $0.record) }
        try ShardRecord.checkSet(scans.map { ($0.path, $0.record) }, complete: true, unit: "models")
        scans.sort { $0.record.shard.index < $1.record.shard.index }
        try Self.checkAgree(scans, path: \.path, header: \.header, sources: { $0.blocks.map(\.source) })
        let first = scans[0]
        guard first.header.contains(BehaviorSummary.paretoColumn) else { return StreamingPlan(scans: scans, marks: nil) }
        let limits = try Self.pickLimits(first.path, first.record)
        let marks = first.blocks.indices.map { s -> (pareto: [Bool], beatenBy: [Int], pick: Int?) in
            let figures = scans.flatMap { $0.blocks[s].figures }
            let front = ParetoFront.front(figures)
            let defaults = scans.flatMap { $0.blocks[s].defaults }
            let pick = ParetoFront.pick(figures, pareto: front.pareto, defaultRow: defaults.firstIndex(of: true), limits: limits)
            return (front.pareto, front.beatenBy, pick)
        }
        return StreamingPlan(scans: scans, marks: marks)
    }

    /// Reads the shard file at `path`, checked against `record` (`forEachRow`), keeping only
    /// where each source's rows lie and their figures.
    static func scan(_ path: String, record: ShardRecord) throws -> ShardScan {
        var blocks: [(source: String, bytes: Range<Int>, figures: [ParetoFront.Figures], defaults: [Bool])] = []
        let header = try forEachRow(path, record: record) { row, bytes in
            if blocks.last?.source == row.source {
                blocks[blocks.count - 1].bytes = blocks[blocks.count - 1].bytes.lowerBound..<bytes.upperBound
                blocks[blocks.count - 1].figures.append(ParetoFront.Figures(row))
                blocks[blocks.count - 1].defaults.append(row.defaultModel == true)
            } else {
                blocks.append((row.source, bytes, [ParetoFront.Figures(row)], [row.defaultModel == true]))
            }
        }
        return ShardScan(path: path, record: record, header: header, blocks: blocks)
    }

    /// Reads the shard file at `path`, checked against `record`: its size and CRC-32, a header
    /// of the behaviour table, and for every source one row per model of the record's range;
    /// calls `body` with each row and the bytes it spans in the file; returns the header.
    static func forEachRow(_ path: String, record: ShardRecord, _ body: (BehaviorSummary, Range<Int>) throws -> Void) throws -> [String] {
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
        var header: [String]?
        var layout: BehaviorTableReader.Layout?
        var counts: [(source: String, rows: Int)] = []
        try BehaviorTableReader.forEachRecord(bytes, path: path) { row in
            guard let layout else {
                header = row.fields
                layout = try BehaviorTableReader.Layout(header: row.fields, path: path)
                return
            }
            let summary = try layout.summary(row.fields, path: path, line: row.line)
            if counts.last?.source == summary.source { counts[counts.count - 1].rows += 1 } else { counts.append((summary.source, 1)) }
            try body(summary, row.bytes)
        }
        guard let header else {
            throw FileIOError(description: "\(path):1: empty file, expected a header line", kind: .malformedInput)
        }
        for (source, rows) in counts where rows != record.rows.count {
            throw FileIOError(
                description: "\(path): \(rows) rows of source \(source), but its shard record says \(record.rows.count) models (\(record.rows.lowerBound)..<\(record.rows.upperBound))",
                kind: .malformedInput)
        }
        return header
    }
}

/// Reads back the behaviour table's CSV (`BehaviorReport.render(_:format: .csv)`): the records
/// (through the package's one reader, `CSVReader`), and each row as the `BehaviorSummary` it was written from
/// (numbers in the number format read back exactly: Swift's shortest round trip).
enum BehaviorTableReader {
    /// Calls `body` with each record of `bytes` in turn, none kept (80,000 rows held as fields
    /// take several times their bytes), read by `CSVReader` with LF line ends only (what
    /// `CSVWriter` writes); a quote out of place, a carriage return or a last line without its
    /// line end throws (exit 65) naming `path` and the line.
    static func forEachRecord(_ bytes: [UInt8], path: String, _ body: (CSVRecord) throws -> Void) throws {
        var reader = CSVReader(bytes: bytes, lineEnds: .lf)
        do {
            while let record = try reader.nextRecord() {
                guard record.isTerminated else {
                    throw FileIOError(
                        description: "\(path):\(record.line): the last line without its line end (a truncated file?; a table written by transition-bench behavior --format csv)",
                        kind: .malformedInput)
                }
                try body(record)
            }
        } catch let error as CSVSyntaxError {
            throw FileIOError(
                description: "\(path):\(error.line): field \(error.fieldNumber): expected \(error.expected), found \(error.found) (a table written by transition-bench behavior --format csv)",
                kind: .malformedInput)
        }
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
