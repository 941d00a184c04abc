import Foundation
import TransitionCSV
import _CZlib

/// What a shard file is: the run it comes from (`RunIdentity`: the tool's version and the grid's
/// canonical specification), which K of N it is, which rows of how many it holds, its size, and
/// the CRC-32 of its bytes.
///
/// A sharded run (`--shard K/N`, a Slurm array task or a Kubernetes Indexed Job) that writes to
/// a file `X` also writes this record to `X.shard` (`recordPath(for:)`), atomically, right after
/// `X` is complete; so is its `--trajectories` file. The CSV itself is not touched: its bytes,
/// columns and rows are what the unsharded run writes for those rows, so pandas, the notebooks
/// and `cat` read a shard as before, and `merge` of a complete set is byte-identical to the
/// unsharded file. An unsharded run (no `--shard`, no launcher variables) writes no record.
///
/// `merge` reads the record beside each file it is given and refuses (exit 65) a set whose runs
/// differ (tool version, any value of the specification, N or the grid's size: the message names
/// both files and the first field that differs), that lacks a shard of 1...N or holds one twice,
/// or whose file no longer matches its record (size, rows, or a byte changed in place: the
/// CRC-32). A shard written to standard output has no record; `merge --grid-rows T` checks such
/// files against the grid's row count instead.
///
/// The format (docs/sweeps.md) is JSON, written and read through `Codable` (`Stored`: a
/// `JSONEncoder` with sorted keys, so one record has one text):
///
///     {
///       "bytes" : 1234,
///       "crc32" : "1a2b3c4d",
///       "format" : "transition-sweep shard record 4",
///       "grid-rows" : 40,
///       "rows" : [10, 20],
///       "shard" : [2, 4],
///       "spec" : [
///         ["release-progress", "0.0,0.5,1.0"],
///         ["release-velocity", "-1.0,0.0,1.0"],
///         ...                     (one pair per parameter of ReleaseParameter.table)
///       ],
///       "tool" : "transition-sweep 3.0.0"
///     }
///
/// `spec` is `RunIdentity.spec`, (key, value) pairs: every value the grid was built from, given
/// or default, as parsed (numbers in Swift's shortest round-trip text), in one order. `shard` is
/// K and N, `rows` the grid's row numbers the file holds (`Shard.rows(of:)`: first, end), `grid-rows` the grid's row count, `bytes` the
/// size of the file it describes and `crc32` the CRC-32 of its bytes (header line included), 8
/// lowercase hexadecimal digits: the system zlib's `crc32_z`, computed as the bytes are written
/// (`RecordingSink`) and again as `merge` reads them. A CRC-32 catches accidental damage (a
/// truncated copy, a flipped block, a file edited by mistake), not a deliberate edit: anyone can
/// recompute it, so it is no defence against tampering (that would need a keyed MAC). Records of
/// versions 1 to 3 (text lines; 1 and 2 without the run's identity) are refused: rerun those
/// shards. There is no hand-written path: measured against the hand-written text parser (release
/// builds, alternated, `transition-bench merge` of 200 one-model shards of 7 rows each, the case
/// where records weigh most), the merge took 0.05-0.06 s of CPU against 0.05 s (median wall
/// 0.20 s against 0.17 s; the record's parse was 27% of the samples against 17%), a
/// hundredth of a second per 200 records; on shards of real grids (10,000 models, 52 MB each)
/// the record is far below a thousandth of the merge.
///
/// `transition-bench behavior --shard K/N` writes the same record (its format
/// `transition-bench shard record 4`, its tool `transition-bench`, its `spec` the bench's
/// run: traces and their CRC-32, replay, models), whose `rows` and `grid-rows` count models
/// (the variants split among the shards), and `transition-bench merge` checks a set with the
/// same rules (`checkSet`).
public struct ShardRecord: Equatable, Sendable {
    public var identity: RunIdentity
    public var shard: Shard
    public var rows: Range<Int>
    public var gridRows: Int
    public var bytes: Int
    /// The CRC-32 of the file's bytes, 8 lowercase hexadecimal digits.
    public var crc32: String

    /// The record format's version, in `format` (`<program> shard record 4`).
    public static let formatVersion = 4
    public static let magic = "transition-sweep shard record \(formatVersion)"
    /// The programs that write records, each its own format name (`<program> shard record 4`).
    public static let programs = ["transition-sweep", "transition-bench"]
    /// This record's format name: the program of its tool's (`transition-sweep` unless another
    /// of `programs`).
    var magicLine: String {
        let program = String(identity.tool.prefix { $0 != " " })
        return Self.programs.contains(program) && program != Self.programs[0] ? "\(program) shard record \(Self.formatVersion)" : Self.magic
    }
    /// The file name suffix of a record: `sweep-01.csv.shard` describes `sweep-01.csv`.
    public static let suffix = ".shard"
    /// A record is a few dozen lines; anything longer is not one.
    public static let maximumBytes = 64 << 10

    public init(identity: RunIdentity, shard: Shard, rows: Range<Int>, gridRows: Int, bytes: Int, crc32: String) {
        self.identity = identity
        self.shard = shard
        self.rows = rows
        self.gridRows = gridRows
        self.bytes = bytes
        self.crc32 = crc32
    }

    public static func recordPath(for path: String) -> String { path + suffix }

    /// The record as stored: `Codable`, keys as the file spells them.
    struct Stored: Codable {
        var format: String
        var tool: String
        var spec: [[String]]
        var shard: [Int]
        var rows: [Int]
        var gridRows: Int
        var bytes: Int
        var crc32: String

        enum CodingKeys: String, CodingKey {
            case format, tool, spec, shard, rows, bytes, crc32
            case gridRows = "grid-rows"
        }
    }

    /// The record's text (JSON, sorted keys, a line end after the closing brace).
    public var text: String {
        let stored = Stored(
            format: magicLine, tool: identity.tool, spec: identity.spec.map { [$0.key, $0.value] }, shard: [shard.index, shard.count],
            rows: [rows.lowerBound, rows.upperBound], gridRows: gridRows, bytes: bytes, crc32: crc32)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        return String(decoding: try! encoder.encode(stored), as: UTF8.self) + "\n"
    }

    /// What must be equal in every record of one run, in the order `merge` compares them: the
    /// tool, each `spec` value, N, the grid's row count. Each field is (name, value).
    var runFields: [(name: String, value: String)] {
        [("tool", identity.tool)] + identity.spec.map { ("spec \($0.key)", $0.value) }
            + [("shard count N", "\(shard.count)"), ("grid-rows", "\(gridRows)")]
    }

    /// The first field of the run that differs between two records (name, this record's value,
    /// the other's), or nil when both come from one run.
    func firstRunDifference(from other: ShardRecord) -> (name: String, mine: String, theirs: String)? {
        let mine = runFields, theirs = other.runFields
        for i in 0..<max(mine.count, theirs.count) {
            let a = i < mine.count ? mine[i] : nil, b = i < theirs.count ? theirs[i] : nil
            if a?.name != b?.name {
                let name = a?.name ?? b!.name
                return (name, a?.name == name ? a!.value : "(none)", b?.name == name ? b!.value : "(none)")
            }
            if a!.value != b!.value { return (a!.name, a!.value, b!.value) }
        }
        return nil
    }

    /// Refuses (`FileIOError`, malformed input: exit 65) a set of shard files' records that do
    /// not make one run: two of different runs (naming both records and the first field that
    /// differs), a shard given twice, or, when `complete` (a record beside every file), a shard
    /// of 1...N missing (the first 20 listed with their rows, which the bench's records count in
    /// `models`: `unit` names them).
    public static func checkSet(_ records: [(path: String, record: ShardRecord)], complete: Bool, unit: String = "rows") throws {
        guard let (firstPath, a) = records.first else { return }
        for (path, record) in records.dropFirst() {
            if let (field, mine, theirs) = a.firstRunDifference(from: record) {
                throw FileIOError(
                    description: "shards of different runs: \(recordPath(for: firstPath)) says \(field) \(mine), but \(recordPath(for: path)) says \(field) \(theirs) (\(field) is the first field that differs; rerun the shards of one command)",
                    kind: .malformedInput)
            }
        }
        var byIndex: [Int: String] = [:]
        for (path, record) in records {
            let k = record.shard.index
            if let other = byIndex[k] {
                throw FileIOError(description: "shard \(k)/\(a.shard.count) given twice: \(other) and \(path)", kind: .malformedInput)
            }
            byIndex[k] = path
        }
        let missingCount = a.shard.count - byIndex.count
        if missingCount > 0 && complete {
            // The first 20 missing (N may be huge: at most |given| + 20 steps).
            var missing: [Int] = []
            var k = 1
            while missing.count < 20 && k <= a.shard.count {
                if byIndex[k] == nil { missing.append(k) }
                k += 1
            }
            let list = missing.map { k -> String in
                let rows = Shard(index: k, count: a.shard.count).rows(of: a.gridRows)
                return "\(k)/\(a.shard.count) (\(unit) \(rows.lowerBound)..<\(rows.upperBound))"
            }.joined(separator: ", ")
            throw FileIOError(
                description: "incomplete set: \(missingCount) of \(a.shard.count) shards missing: \(list)\(missingCount > missing.count ? ", ..." : ""); rerun them, then merge",
                kind: .malformedInput)
        }
    }

    /// Writes the record of the file at `path` (atomically).
    public func write(for path: String) throws {
        let buffer = ByteBuffer(capacity: 1024)
        buffer.append(text)
        try AtomicFile.write(buffer, to: Self.recordPath(for: path))
    }

    /// The record beside `path`, or nil when there is none. A record that cannot be read or
    /// parsed throws a `FileIOError` (66 unreadable, 65 malformed) naming its file and line.
    public static func read(for path: String) throws -> ShardRecord? {
        let recordPath = recordPath(for: path)
        var status = stat()
        guard lstat(recordPath, &status) == 0 else { return nil }
        // readSmallFile refuses anything but a regular file (66), a FIFO without blocking on it.
        let bytes = try readSmallFile(recordPath, limit: maximumBytes, what: "the shard record of \(path)")
        return try parse(String(decoding: bytes, as: UTF8.self), path: recordPath)
    }

    static func parse(_ text: String, path: String) throws -> ShardRecord {
        func fail(_ field: String, _ expected: String, found: String) -> FileIOError {
            FileIOError(
                description: "\(path): \(field): expected \(expected), found \(found.prefix(60)) (a shard record written by transition-sweep or transition-bench)",
                kind: .malformedInput)
        }
        let firstLine = text.prefix { $0 != "\n" }
        if let version = (1...3).first(where: { v in programs.contains { firstLine == "\($0) shard record \(v)" } }) {
            throw FileIOError(
                description: "\(path):1: a version \(version) shard record (text lines\(version < 3 ? ", without the identity of its run" : ""); written by an older tool, which merge no longer reads): rerun that shard",
                kind: .malformedInput)
        }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(text.utf8))
        } catch let DecodingError.keyNotFound(key, context) {
            let field = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            throw fail(field, "a value", found: "none")
        } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
            throw fail(context.codingPath.map(\.stringValue).joined(separator: "."), "\(type)", found: "another value")
        } catch {
            throw fail("the record", "a JSON object", found: "'\(firstLine)'")
        }
        guard programs.map({ "\($0) shard record \(formatVersion)" }).contains(stored.format) else {
            throw fail("format", "'\(magic)'", found: "'\(stored.format)'")
        }
        guard !stored.tool.isEmpty else { throw fail("tool", "the tool and its version", found: "''") }
        var spec: [RunIdentity.Entry] = []
        for pair in stored.spec {
            guard pair.count == 2, !pair[0].isEmpty, !pair[0].contains(" ") else {
                throw fail("spec", "[key, value] pairs", found: "\(pair)")
            }
            guard !spec.contains(where: { $0.key == pair[0] }) else { throw fail("spec", "each key once", found: "'\(pair[0])' again") }
            spec.append(RunIdentity.Entry(key: pair[0], value: pair[1]))
        }
        guard !spec.isEmpty else { throw fail("spec", "[key, value] pairs", found: "none") }
        guard stored.shard.count == 2, stored.shard[1] >= 1, stored.shard[0] >= 1, stored.shard[0] <= stored.shard[1] else {
            throw fail("shard", "[K, N] with 1 <= K <= N", found: "\(stored.shard)")
        }
        let shard = Shard(index: stored.shard[0], count: stored.shard[1])
        guard stored.gridRows >= 0 else { throw fail("grid-rows", "a count", found: "\(stored.gridRows)") }
        guard stored.rows.count == 2, stored.rows[0] >= 0, stored.rows[0] <= stored.rows[1] else {
            throw fail("rows", "[first, end] with first <= end", found: "\(stored.rows)")
        }
        let rows = stored.rows[0]..<stored.rows[1]
        guard shard.rows(of: stored.gridRows) == rows else {
            throw fail("rows", "\(shard.rows(of: stored.gridRows)) (shard \(shard) of a grid of \(stored.gridRows) rows)", found: "\(rows)")
        }
        guard stored.bytes >= 0 else { throw fail("bytes", "a size", found: "\(stored.bytes)") }
        let checksum = stored.crc32
        guard checksum.utf8.count == 8, checksum.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw fail("crc32", "8 lowercase hexadecimal digits", found: "'\(checksum)'")
        }
        return ShardRecord(
            identity: RunIdentity(tool: stored.tool, spec: spec), shard: shard, rows: rows, gridRows: stored.gridRows,
            bytes: stored.bytes, crc32: checksum)
    }
}

/// The run a shard comes from: the tool that wrote it and the grid's canonical specification,
/// every value after defaults, as parsed, in one order (release progress, release velocity,
/// travel pixels, model, then each row of `ReleaseParameter.table`). Two runs with equal
/// identities evaluate the same grid with the same code, so their shards fit together; a flag
/// spelled differently (`0:1:0.5` or `0,0.5,1`) gives the same identity.
public struct RunIdentity: Equatable, Sendable {
    /// One value of the specification: a flag name without dashes and its values.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: String
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// `transition-sweep` and its version (`TransitionSweepCommand.version`).
    public var tool: String
    public var spec: [Entry]

    public init(tool: String = "transition-sweep \(TransitionSweepCommand.version)", spec: [Entry]) {
        self.tool = tool
        self.spec = spec
    }

    /// A list of values longer than this many characters is recorded as its count, its ends and
    /// the CRC-32 of its full text, so a record stays small whatever the grid.
    static let longestListedValue = 512

    /// The text of a list of values: comma-separated, or for a long list a summary that still
    /// differs whenever one value does.
    public static func valueText(_ values: [String]) -> String {
        let full = values.joined(separator: ",")
        guard full.utf8.count > longestListedValue else { return full }
        var digest = FileDigest()
        Array(full.utf8).withUnsafeBufferPointer { digest.update($0) }
        return "\(values.count) values \(values.first!) ... \(values.last!), crc32 \(digest.hex)"
    }
}

/// The running CRC-32 of a file's bytes (the system zlib's `crc32_z`), fed as they stream by.
public struct FileDigest: Sendable {
    private var crc: UInt = 0

    public init() {}

    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        crc = crc32_z(crc, base, bytes.count)
    }

    /// The checksum of the bytes so far, 8 lowercase hexadecimal digits.
    public var hex: String {
        let text = String(crc & 0xffff_ffff, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}

/// A sink that passes bytes on and keeps what a shard record says of them: their count and
/// their CRC-32, computed as they are written (no second pass over the file).
final class RecordingSink: ByteSink {
    let sink: ByteSink
    private(set) var bytes = 0
    private(set) var digest = FileDigest()

    init(_ sink: ByteSink) { self.sink = sink }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        try sink.write(bytes)
        self.bytes += bytes.count
        digest.update(bytes)
    }
}
