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
            header must equal the first file's, the first data row must be row 0, and each file must \
            continue exactly where the one before ends (no gap, no overlap); otherwise the merge \
            stops with exit status 65 and writes nothing. The output is written atomically.
            """
    )

    public init() {}

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Merged CSV file, written atomically. (default: standard output)", valueName: "file"))
    public var output: String?

    @Argument(help: ArgumentHelp("Shard CSV files.", valueName: "shard-file"))
    public var files: [String] = []

    public func validate() throws {
        if files.isEmpty { throw ValidationError("merge: give at least one shard file.") }
        if output == "" { throw ValidationError("--output: invalid value '': empty file name.") }
    }

    struct ShardFile {
        var path: String
        var header: [UInt8]
        var bodyOffset: Int
        var size: Int
        var firstRow: Int?
        var lastRow: Int?
    }

    static func inspect(_ path: String) throws -> ShardFile {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileIOError.system("cannot open", path: path, code: 66, errno: ENOENT)
        }
        defer { try? handle.close() }
        let size = Int((try? handle.seekToEnd()) ?? 0)
        try? handle.seek(toOffset: 0)
        let head = Array((try? handle.read(upToCount: 1 << 16)) ?? Data())
        guard let end = head.firstIndex(of: UInt8(ascii: "\n")) else {
            throw FileIOError(description: "\(path): no header line", exitCode: 65)
        }
        let header = Array(head[...end])
        var file = ShardFile(path: path, header: header, bodyOffset: end + 1, size: size)
        if size > end + 1 {
            file.firstRow = leadingInteger(head[(end + 1)...])
            let tailStart = max(end + 1, size - 4096)
            try? handle.seek(toOffset: UInt64(tailStart))
            var tail = Array((try? handle.readToEnd()) ?? Data())
            guard tail.last == UInt8(ascii: "\n") else {
                throw FileIOError(description: "\(path): the last line is incomplete", exitCode: 65)
            }
            tail.removeLast()
            let lineStart = tail.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            file.lastRow = leadingInteger(tail[lineStart...])
            guard file.firstRow != nil, file.lastRow != nil else {
                throw FileIOError(description: "\(path): rows do not start with a row number", exitCode: 65)
            }
        }
        return file
    }

    static func leadingInteger(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for b in bytes {
            guard b >= 48 && b <= 57 else { break }
            value = value * 10 + Int(b - 48)
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    public func run() throws {
        do {
            try merge()
        } catch let error as FileIOError {
            FileHandle.standardError.write(Data("transition-sweep merge: error: \(error.description)\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }

    func merge() throws {
        let shards = try files.map(Self.inspect)
        let header = shards[0].header
        for s in shards where s.header != header {
            throw FileIOError(
                description: "\(s.path): its header differs from \(shards[0].path)'s; shards of different grids or versions cannot be merged",
                exitCode: 65)
        }
        let nonEmpty = shards.filter { $0.firstRow != nil }.sorted { $0.firstRow! < $1.firstRow! }
        var expected = 0
        for s in nonEmpty {
            guard s.firstRow == expected else {
                throw FileIOError(
                    description: "\(s.path) starts at row \(s.firstRow!) but row \(expected) was expected (a shard is missing or overlaps)",
                    exitCode: 65)
            }
            expected = s.lastRow! + 1
        }
        let sink: ByteSink
        var atomic: AtomicFile?
        defer { atomic?.abort() }
        if let output {
            let file = try AtomicFile(path: output)
            atomic = file
            sink = file
        } else {
            sink = StandardOutputSink()
        }
        try header.withUnsafeBufferPointer { try sink.write($0) }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        defer { buffer.deallocate() }
        for s in nonEmpty {
            let fd = open(s.path, O_RDONLY)
            guard fd >= 0 else { throw FileIOError.system("cannot open", path: s.path, code: 66) }
            defer { close(fd) }
            lseek(fd, off_t(s.bodyOffset), SEEK_SET)
            while true {
                let n = read(fd, buffer, 1 << 20)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileIOError.system("cannot read", path: s.path)
                }
                if n == 0 { break }
                try sink.write(UnsafeBufferPointer(start: buffer, count: n))
            }
        }
        try atomic?.commit()
    }
}
