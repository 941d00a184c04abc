import Foundation
import TransitionCSV

/// What a shard file is: which K of N it is, which rows of how many it holds, and its size.
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
/// longer matches its record (size or rows). A shard written to standard output has no record;
/// `merge --grid-rows T` checks such files against the grid's row count instead.
///
/// The format, one `key value` line each, in this order:
///
///     transition-sweep shard record 1
///     shard 2/4
///     rows 10..<20
///     grid-rows 40
///     bytes 1234
///
/// `rows` are the grid's row numbers the file holds (`Shard.rows(of:)`), `grid-rows` the grid's
/// row count, `bytes` the size of the file it describes.
public struct ShardRecord: Equatable, Sendable {
    public var shard: Shard
    public var rows: Range<Int>
    public var gridRows: Int
    public var bytes: Int

    public static let magic = "transition-sweep shard record 1"
    /// The file name suffix of a record: `sweep-01.csv.shard` describes `sweep-01.csv`.
    public static let suffix = ".shard"
    /// A record is a few lines; anything longer is not one.
    public static let maximumBytes = 4096

    public init(shard: Shard, rows: Range<Int>, gridRows: Int, bytes: Int) {
        self.shard = shard
        self.rows = rows
        self.gridRows = gridRows
        self.bytes = bytes
    }

    public static func recordPath(for path: String) -> String { path + suffix }

    public var text: String {
        "\(Self.magic)\nshard \(shard.index)/\(shard.count)\nrows \(rows.lowerBound)..<\(rows.upperBound)\ngrid-rows \(gridRows)\nbytes \(bytes)\n"
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
        guard lines.count == 6, lines[5].isEmpty else {
            throw FileIOError(
                description: "\(path): expected 5 lines (a shard record written by transition-sweep), found \(lines.count - (lines.last == "" ? 1 : 0))",
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
        return ShardRecord(shard: shard, rows: lower..<upper, gridRows: gridRows, bytes: bytes)
    }
}
