import ArgumentParser
import Foundation
import TransitionCSV

/// `transition-sweep merge`: joins shard files into the file the unsharded run writes.
public struct MergeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join shard CSV files (from --shard K/N runs) into one, byte-identical to the unsharded run.",
        discussion: """
            The files may be given in any order: they are ordered by their first row number. Every \
            header must equal the first file's, the first data row must be row 0, each file must \
            continue exactly where the one before ends (no gap, no overlap), every line must carry \
            the next row number, and the set must be complete and from one run: a sharded run \
            writes beside each file X its shard record X.shard (the run's identity: tool version \
            and every grid and model value after defaults; which K of N; which rows of how many; \
            its size and the CRC-32 of its bytes), and the merge requires every shard 1...N once, \
            all records of one identity, each file matching its record. Files without a record (a \
            shard written to standard output) need --grid-rows T, the grid's row count. Otherwise \
            the merge stops with exit status 65 naming the file (and line), both files and the \
            first field of two different runs, or the missing shards, and writes nothing: to \
            standard output, every shard is read and checked completely before the first byte is \
            written; an unreadable file (missing, a folder, a FIFO, a device) exits 66. The output \
            file is written atomically.
            """
    )

    public init() {}

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Merged CSV file, written atomically. (default: standard output)", valueName: "file"))
    public var output: String?

    @Argument(help: ArgumentHelp("Shard CSV files.", valueName: "shard-file"))
    public var files: [String] = []

    @Option(help: ArgumentHelp(
        "The grid's row count (what --dry-run prints as rows:), to check shard files that have no shard record (written to standard output, or by an older transition-sweep). (default: every file must have its record)",
        valueName: "rows"))
    public var gridRows: Int?

    public func validate() throws {
        if files.isEmpty { throw ValidationError("merge: give at least one shard file.") }
        if output == "" { throw ValidationError("--output: invalid value '': empty file name.") }
        if let gridRows, gridRows < 0 { throw ValidationError("--grid-rows: invalid value '\(gridRows)': must be >= 0.") }
    }

    struct ShardFile {
        var path: String
        var header: [UInt8]
        var bodyOffset: Int
        var size: Int
        var firstRow: Int?
        var lastRow: Int?
        var record: ShardRecord?
        /// Row numbers repeat in a trajectory file (one line per frame of a row).
        var rowsRepeat: Bool { header.starts(with: Array("row,t_s,".utf8)) }
    }

    /// The longest header line read (the sweep's is a few hundred bytes).
    static let maximumHeaderBytes = 1 << 16

    static func inspect(_ path: String) throws -> ShardFile {
        let (fd, size) = try openRegularFile(path, what: "the shard")
        defer { close(fd) }
        let head = try readAt(fd, path: path, offset: 0, count: min(size, maximumHeaderBytes))
        guard let end = head.firstIndex(of: UInt8(ascii: "\n")) else {
            throw FileIOError(
                description: size == 0
                    ? "\(path):1: empty file, expected a header line"
                    : "\(path):1: no header line (no line end in the first \(head.count) bytes)",
                kind: .malformedInput)
        }
        let header = Array(head[...end])
        guard header.starts(with: Array("row,".utf8)) else {
            throw FileIOError(description: "\(path):1: expected a header starting with 'row,', found '\(String(decoding: header.prefix(40), as: UTF8.self))'", kind: .malformedInput)
        }
        var file = ShardFile(path: path, header: header, bodyOffset: end + 1, size: size)
        if size > end + 1 {
            file.firstRow = try leadingInteger(head[(end + 1)...], path: path, line: "line 2")
            let tailStart = max(end + 1, size - 4096)
            var tail = try readAt(fd, path: path, offset: tailStart, count: size - tailStart)
            guard tail.last == UInt8(ascii: "\n") else {
                throw FileIOError(description: "\(path): the last line is incomplete (no line end: a truncated file?)", kind: .malformedInput)
            }
            tail.removeLast()
            let lineStart = tail.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            file.lastRow = try leadingInteger(tail[lineStart...], path: path, line: "the last line")
            guard file.firstRow != nil else {
                throw FileIOError(description: "\(path):2: the row does not start with a row number", kind: .malformedInput)
            }
            guard let first = file.firstRow, let last = file.lastRow else {
                throw FileIOError(description: "\(path): the last line does not start with a row number", kind: .malformedInput)
            }
            guard last >= first else {
                throw FileIOError(
                    description: "\(path): its last line's row \(last) comes before line 2's row \(first) (rows out of order)",
                    kind: .malformedInput)
            }
        }
        return file
    }

    /// `count` bytes of `fd` from `offset` (fewer only at the end of the file).
    static func readAt(_ fd: Int32, path: String, offset: Int, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileIOError.system("cannot read", path: path, kind: .inputOutput)
            }
            if n == 0 { break }
            done += n
        }
        return Array(bytes[..<done])
    }

    /// The row number that starts `bytes` (decimal digits up to the first comma); nil when the
    /// line does not start with one. A number past `Int.max` is no row number of any grid: it
    /// throws (exit 65) naming `path` and `line` ("line 2" or "the last line").
    static func leadingInteger(_ bytes: ArraySlice<UInt8>, path: String, line: String) throws -> Int? {
        var value = 0
        var digits = 0
        for b in bytes {
            guard b >= 48 && b <= 57 else { break }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(b - 48))
            // Int.max itself is no row either: a grid's rows are 0..<count, count <= Int.max.
            if o1 || o2 || sum == Int.max {
                let shown = String(decoding: bytes.prefix(40).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                throw FileIOError(
                    description: "\(path): \(line): the row number in '\(shown)' is not below \(Int.max): not a row of any grid",
                    kind: .malformedInput)
            }
            value = sum
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    public func run() throws {
        do {
            try merge()
        } catch let error as FileIOError {
            FileHandle.standardError.write(Data("transition-sweep merge: error: \(error.description)\n".utf8))
            throw ExitStatus(error.kind).exitCode
        }
    }

    /// Refuses a set that is not complete: by the shard records (every K of N once, one run),
    /// or by `--grid-rows` for files without one.
    static func checkComplete(_ shards: [ShardFile], gridRows: Int?) throws {
        for s in shards {
            guard let record = s.record else {
                if gridRows == nil {
                    throw FileIOError(
                        description: "\(s.path): no shard record \(ShardRecord.recordPath(for: s.path)) beside it (a sharded run writes one when the file is complete; a shard written to standard output or by an older transition-sweep has none): cannot tell whether the set is complete. Rerun that shard, or pass --grid-rows T (the unsharded --dry-run's rows) to check the rows instead",
                        kind: .malformedInput)
                }
                continue
            }
            guard record.bytes == s.size else {
                throw FileIOError(
                    description: "\(s.path): \(s.size) bytes, but its shard record \(ShardRecord.recordPath(for: s.path)) says \(record.bytes) (changed or truncated after it was written?)",
                    kind: .malformedInput)
            }
            let held = s.firstRow.map { $0..<(s.lastRow! + 1) } ?? record.rows.lowerBound..<record.rows.lowerBound
            guard held == record.rows else {
                throw FileIOError(
                    description: "\(s.path): holds rows \(held) but its shard record says \(record.rows) (shard \(record.shard))",
                    kind: .malformedInput)
            }
            if let gridRows, gridRows != record.gridRows {
                throw FileIOError(
                    description: "\(s.path): its shard record says a grid of \(record.gridRows) rows, not --grid-rows \(gridRows)",
                    kind: .malformedInput)
            }
        }
        let recorded = shards.filter { $0.record != nil }
        // With a record beside every file, every K of N must be there. (Files without one,
        // allowed by --grid-rows, are checked by their rows reaching the grid's end.)
        try ShardRecord.checkSet(recorded.map { ($0.path, $0.record!) }, complete: recorded.count == shards.count)
    }

    func merge() throws {
        var shards = try files.map(Self.inspect)
        let header = shards[0].header
        for s in shards where s.header != header {
            throw FileIOError(
                description: "\(s.path): its header differs from \(shards[0].path)'s; shards of different grids or versions cannot be merged",
                kind: .malformedInput)
        }
        for i in shards.indices { shards[i].record = try ShardRecord.read(for: shards[i].path) }
        try Self.checkComplete(shards, gridRows: gridRows)
        let nonEmpty = shards.filter { $0.firstRow != nil }.sorted { $0.firstRow! < $1.firstRow! }
        var expected = 0
        for s in nonEmpty {
            guard s.firstRow == expected else {
                throw FileIOError(
                    description: "\(s.path) starts at row \(s.firstRow!) but row \(expected) was expected (a shard is missing or overlaps)",
                    kind: .malformedInput)
            }
            expected = s.lastRow! + 1
        }
        let total = gridRows ?? shards.compactMap(\.record).first?.gridRows
        if let total, expected != total {
            throw FileIOError(
                description: "incomplete set: the files end at row \(expected) but the grid has \(total) rows; rows \(expected)..<\(total) are missing (a shard is missing)",
                kind: .malformedInput)
        }
        // A shard with no rows is its header: its checksum is checked before anything is written.
        for s in shards where s.firstRow == nil {
            var digest = FileDigest()
            s.header.withUnsafeBufferPointer { digest.update($0) }
            try Self.checkDigest(digest, of: s)
        }
        if let output {
            let file = try AtomicFile(path: output)
            defer { file.abort() }  // nothing left to do after a commit
            try Self.stream(nonEmpty, header: header, into: file)
            try file.commit()
        } else {
            // A pipe cannot be taken back: every shard is read and checked (rows, checksum)
            // before the first byte goes out, then read again as it is written.
            try Self.stream(nonEmpty, header: header, into: nil)
            try Self.stream(nonEmpty, header: header, into: StandardOutputSink())
        }
    }

    /// Reads every shard's rows in order, checking each line's row number and each file's
    /// checksum against its record, and writes the header and the rows to `sink` (nil: checks only).
    static func stream(_ shards: [ShardFile], header: [UInt8], into sink: ByteSink?) throws {
        try header.withUnsafeBufferPointer { try sink?.write($0) }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        defer { buffer.deallocate() }
        for s in shards {
            // The same checked open as every input: a file swapped for a FIFO or a folder since
            // it was inspected is refused, not blocked on.
            let (fd, _) = try openRegularFile(s.path, what: "the shard")
            defer { close(fd) }
            var rows = RowNumberCheck(path: s.path, firstRow: s.firstRow!, rowsRepeat: s.rowsRepeat)
            // The file's bytes are hashed as they stream by (its header as inspected, equal to
            // the first file's), and checked against its record before the output is kept.
            var digest = FileDigest()
            s.header.withUnsafeBufferPointer { digest.update($0) }
            var offset = s.bodyOffset
            while offset < s.size {
                let n = pread(fd, buffer, min(1 << 20, s.size - offset), off_t(offset))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileIOError.system("cannot read", path: s.path)
                }
                if n == 0 {
                    throw FileIOError(description: "\(s.path): shorter than when the merge began (changed during the merge)", kind: .inputOutput)
                }
                let chunk = UnsafeBufferPointer(start: buffer, count: n)
                try rows.check(chunk)
                digest.update(chunk)
                try sink?.write(chunk)
                offset += n
            }
            try rows.finish(lastRow: s.lastRow!)
            try checkDigest(digest, of: s)
        }
    }

    /// Refuses (exit 65, naming the file) a shard whose bytes do not have the CRC-32 its record
    /// says: changed in place after it was written (same length, rows intact). No record, no check.
    static func checkDigest(_ digest: FileDigest, of s: ShardFile) throws {
        guard let record = s.record else { return }
        let actual = digest.hex
        guard actual == record.crc32 else {
            throw FileIOError(
                description: "\(s.path): its bytes have CRC-32 \(actual), but its shard record \(ShardRecord.recordPath(for: s.path)) says \(record.crc32) (changed after it was written?)",
                kind: .malformedInput)
        }
    }
}

/// Checks, as the bytes stream by, that every line of a shard starts with its row number: each
/// one more than the line before (or the same, in a trajectory file, whose rows have a line
/// per frame), from the file's first row. A line that breaks the order throws (exit 65) naming
/// the file and line.
struct RowNumberCheck {
    let path: String
    let rowsRepeat: Bool
    /// The line being read (the header is line 1).
    var line = 2
    var previous: Int
    var value = 0
    var digits = 0
    var atStart = true
    var inNumber = true

    init(path: String, firstRow: Int, rowsRepeat: Bool) {
        self.path = path
        self.rowsRepeat = rowsRepeat
        previous = firstRow - 1
    }

    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let base = bytes.baseAddress else { return }
        var i = 0
        while i < bytes.count {
            if !inNumber {
                // The rest of a row: skip to its line end (memchr, at memory speed).
                guard let newline = memchr(base + i, Int32(UInt8(ascii: "\n")), bytes.count - i) else { return }
                i = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            }
            let b = base[i]
            i += 1
            if inNumber {
                if b >= 48 && b <= 57 {
                    let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(Int(b - 48))
                    if o1 || o2 || sum == Int.max { throw fail("a row number not below \(Int.max)") }
                    value = sum
                    digits += 1
                    continue
                }
                guard digits > 0, b == UInt8(ascii: ",") else { throw fail("a line that does not start with a row number") }
                let ok = value == previous + 1 || (rowsRepeat && value == previous && line > 2)
                guard ok else {
                    throw fail("row \(value) where row \(previous + 1) was expected (rows out of order, repeated or missing)")
                }
                previous = value
                inNumber = false
            } else if b == UInt8(ascii: "\n") {
                line += 1
                value = 0
                digits = 0
                inNumber = true
            }
        }
    }

    mutating func finish(lastRow: Int) throws {
        guard inNumber && digits == 0 else { throw fail("a line end at the end of the file") }
        guard previous == lastRow else { throw fail("the last row \(lastRow)") }
    }

    func fail(_ found: String) -> FileIOError {
        FileIOError(description: "\(path):\(line): found \(found)", kind: .malformedInput)
    }
}
