import Crypto
import Foundation
import TransitionCSV

/// What a shard file is: which K of N it is, which rows of how many it holds, its size, and the
/// SHA-256 of its bytes.
///
/// A sharded run (`--shard K/N`, a Slurm array task or a Kubernetes Indexed Job) that writes to
/// a file `X` also writes this record to `X.shard` (`recordPath(for:)`), atomically, right after
/// `X` is complete; so is its `--trajectories` file. The CSV itself is not touched: its bytes,
/// columns and rows are what the unsharded run writes for those rows, so pandas, the notebooks
/// and `cat` read a shard as before, and `merge` of a complete set is byte-identical to the
/// unsharded file. An unsharded run (no `--shard`, no launcher variables) writes no record.
///
/// `merge` reads the record beside each file it is given and refuses (exit 65) a set that lacks
/// a shard of 1...N, holds one twice, mixes runs (different N or grid size), or whose file no
/// longer matches its record (size, rows, or a byte changed in place: the SHA-256). A shard
/// written to standard output has no record;
/// `merge --grid-rows T` checks such files against the grid's row count instead.
///
/// The format, one `key value` line each, in this order:
///
///     transition-sweep shard record 2
///     shard 2/4
///     rows 10..<20
///     grid-rows 40
///     bytes 1234
///     sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
///
/// `rows` are the grid's row numbers the file holds (`Shard.rows(of:)`), `grid-rows` the grid's
/// row count, `bytes` the size of the file it describes and `sha256` the SHA-256 of its bytes
/// (header line included), 64 lowercase hexadecimal digits: swift-crypto's `SHA256`, computed as
/// the bytes are written (`RecordingSink`) and again as `merge` reads them. Version 1 records
/// (no checksum, written before it) are refused: rerun those shards.
public struct ShardRecord: Equatable, Sendable {
    public var shard: Shard
    public var rows: Range<Int>
    public var gridRows: Int
    public var bytes: Int
    /// The SHA-256 of the file's bytes, 64 lowercase hexadecimal digits.
    public var sha256: String

    public static let magic = "transition-sweep shard record 2"
    /// The file name suffix of a record: `sweep-01.csv.shard` describes `sweep-01.csv`.
    public static let suffix = ".shard"
    /// A record is a few lines; anything longer is not one.
    public static let maximumBytes = 4096

    public init(shard: Shard, rows: Range<Int>, gridRows: Int, bytes: Int, sha256: String) {
        self.shard = shard
        self.rows = rows
        self.gridRows = gridRows
        self.bytes = bytes
        self.sha256 = sha256
    }

    public static func recordPath(for path: String) -> String { path + suffix }

    public var text: String {
        "\(Self.magic)\nshard \(shard.index)/\(shard.count)\nrows \(rows.lowerBound)..<\(rows.upperBound)\ngrid-rows \(gridRows)\nbytes \(bytes)\nsha256 \(sha256)\n"
    }

    /// Writes the record of the file at `path` (atomically).
    func write(for path: String) throws {
        let buffer = ByteBuffer(capacity: 256)
        buffer.append(text)
        try AtomicFile.write(buffer, to: Self.recordPath(for: path))
    }

    /// The record beside `path`, or nil when there is none. A record that cannot be read or
    /// parsed throws a `FileIOError` (66 unreadable, 65 malformed) naming its file and line.
    static func read(for path: String) throws -> ShardRecord? {
        let recordPath = recordPath(for: path)
        var status = stat()
        guard stat(recordPath, &status) == 0 else { return nil }
        // readSmallFile refuses anything but a regular file (66).
        let bytes = try readSmallFile(recordPath, limit: maximumBytes, what: "the shard record of \(path)")
        return try parse(String(decoding: bytes, as: UTF8.self), path: recordPath)
    }

    static func parse(_ text: String, path: String) throws -> ShardRecord {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func fail(_ line: Int, _ expected: String) -> FileIOError {
            let found = line <= lines.count ? String(lines[line - 1].prefix(60)) : "the end of the file"
            return FileIOError(
                description: "\(path):\(line): expected \(expected), found '\(found)' (a shard record written by transition-sweep)",
                kind: .malformedInput)
        }
        if lines.first == "transition-sweep shard record 1" {
            throw FileIOError(
                description: "\(path):1: a version 1 shard record, without the SHA-256 of its file (written by an older transition-sweep): rerun that shard",
                kind: .malformedInput)
        }
        guard lines.count == 7, lines[6].isEmpty else {
            throw FileIOError(
                description: "\(path): expected 6 lines (a shard record written by transition-sweep), found \(lines.count - (lines.last == "" ? 1 : 0))",
                kind: .malformedInput)
        }
        guard lines[0] == magic else { throw fail(1, "'\(magic)'") }
        func value(_ line: Int, _ key: String) throws -> String {
            guard lines[line - 1].hasPrefix(key + " ") else { throw fail(line, "'\(key) ...'") }
            return String(lines[line - 1].dropFirst(key.count + 1))
        }
        func integer(_ text: Substring, _ line: Int, _ expected: String) throws -> Int {
            guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(text) else { throw fail(line, expected) }
            return n
        }
        let shardText = try value(2, "shard")
        let parts = shardText.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw fail(2, "'shard K/N'") }
        let k = try integer(parts[0], 2, "'shard K/N'"), n = try integer(parts[1], 2, "'shard K/N'")
        guard n >= 1, k >= 1, k <= n else { throw fail(2, "'shard K/N' with 1 <= K <= N") }
        let rowsText = try value(3, "rows")
        guard let dots = rowsText.range(of: "..<") else { throw fail(3, "'rows A..<B'") }
        let lower = try integer(rowsText[..<dots.lowerBound], 3, "'rows A..<B'")
        let upper = try integer(rowsText[dots.upperBound...], 3, "'rows A..<B'")
        guard lower <= upper else { throw fail(3, "'rows A..<B' with A <= B") }
        let gridRows = try integer(Substring(try value(4, "grid-rows")), 4, "'grid-rows T'")
        let shard = Shard(index: k, count: n)
        guard shard.rows(of: gridRows) == lower..<upper else {
            throw fail(3, "rows \(shard.rows(of: gridRows)) (shard \(shard) of a grid of \(gridRows) rows)")
        }
        let bytes = try integer(Substring(try value(5, "bytes")), 5, "'bytes N'")
        let digest = try value(6, "sha256")
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw fail(6, "'sha256' and 64 lowercase hexadecimal digits")
        }
        return ShardRecord(shard: shard, rows: lower..<upper, gridRows: gridRows, bytes: bytes, sha256: digest)
    }
}

/// The running SHA-256 of a file's bytes (swift-crypto's `SHA256`), fed as they stream by.
struct FileDigest {
    private var hasher = SHA256()

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) { hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes)) }

    /// The digest of the bytes so far, 64 lowercase hexadecimal digits.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in hasher.finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// A sink that passes bytes on and keeps what a shard record says of them: their count and
/// their SHA-256, computed as they are written (no second pass over the file).
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
