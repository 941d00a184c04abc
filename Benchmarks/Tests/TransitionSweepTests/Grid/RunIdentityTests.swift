import Foundation
import Testing
import ToolTestSupport
@testable import TransitionSweep

/// One run per merge: the shard record carries the run's identity, `merge` refuses
/// shards of two runs naming both records and the first field that differs, verifies every shard
/// before writing to standard output, and opens shards through the checked path.
@Suite("Shard records: one run per merge", .serialized)
struct RunIdentityTests {
    /// The issue's grid: 55 rows, shards of 27 and 28.
    static let grid = ["--model", "physics", "--release-progress", "0:1:0.1", "--release-velocity", "-1:1:0.5", "--quiet"]

    static func shards(_ folder: URL, responses: [String], name: String = "s") throws -> [String] {
        try (1...2).map { k in
            let path = folder.appendingPathComponent("\(name)-\(k).csv").path
            let r = try Binary.run(Self.grid + ["--response", responses[k - 1], "--shard", "\(k)/2", "--output", path])
            #expect(r.status == 0, "\(r.stderr)")
            return path
        }
    }

    @Test("the issue's mixed run (--response 0.3 and 0.45) exits 65 naming both records and the field, and writes nothing")
    func mixedRunsRefused() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.shards(folder, responses: ["0.3", "0.45"])
        let output = folder.appendingPathComponent("all.csv").path
        let toFile = try Binary.run(["merge", "--output", output] + files)
        #expect(toFile.status == ExitStatus.dataError.rawValue, "\(toFile.stderr)")
        for name in ["s-1.csv.shard", "s-2.csv.shard", "spec response", "0.3", "0.45", "different runs"] {
            #expect(toFile.stderr.contains(name), "the message does not name \(name): \(toFile.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        let toPipe = try Binary.run(["merge"] + files)
        #expect(toPipe.status == ExitStatus.dataError.rawValue)
        #expect(toPipe.stdout.isEmpty, "wrote \(toPipe.stdout.count) bytes to standard output")
        // The same flags spelled otherwise are the same run: 0.3 as 0.30, the ranges as lists.
        let same = try (1...2).map { k throws -> String in
            let path = folder.appendingPathComponent("t-\(k).csv").path
            let flags = k == 1 ? Self.grid + ["--response", "0.3"]
                : ["--model", "physics", "--release-progress", "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1", "--release-velocity",
                   "-1,-0.5,0,0.5,1", "--response", "0.30", "--quiet"]
            let r = try Binary.run(flags + ["--shard", "\(k)/2", "--output", path])
            #expect(r.status == 0, "\(r.stderr)")
            return path
        }
        let merged = try Binary.run(["merge"] + same)
        #expect(merged.status == 0, "\(merged.stderr)")
        let whole = try Binary.run(Self.grid + ["--response", "0.3"])
        #expect(merged.stdout == whole.stdout)
    }

    @Test("merge to standard output of a shard changed in place (same length) writes 0 bytes")
    func changedShardWritesNothing() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.shards(folder, responses: ["0.3", "0.3"])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: files[1]))
        // A digit of the last row's last cell, another digit: rows and length intact.
        let at = bytes.count - 2
        bytes[at] = bytes[at] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        try bytes.write(to: URL(fileURLWithPath: files[1]))
        let r = try Binary.run(["merge"] + files)
        #expect(r.status == ExitStatus.dataError.rawValue, "\(r.stderr)")
        #expect(r.stderr.contains("CRC-32") && r.stderr.contains("s-2.csv"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "wrote \(r.stdout.count) bytes before refusing")
    }

    @Test("a text record (versions 2 and 3, version 2 without the run's identity) is refused: rerun")
    func olderRecordRefused() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.shards(folder, responses: ["0.3", "0.3"])
        try "transition-sweep shard record 2\nshard 2/2\nrows 27..<55\ngrid-rows 55\nbytes 1\nsha256 \(String(repeating: "0", count: 64))\n"
            .write(toFile: files[1] + ".shard", atomically: true, encoding: .utf8)
        let r = try Binary.run(["merge"] + files)
        #expect(r.status == ExitStatus.dataError.rawValue)
        #expect(r.stderr.contains("s-2.csv.shard:1") && r.stderr.contains("identity") && r.stderr.contains("rerun"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        try "transition-sweep shard record 3\ntool transition-sweep 2.0.0\nspec model physics\nshard 2/2\nrows 27..<55\ngrid-rows 55\nbytes 1\ncrc32 00000000\n"
            .write(toFile: files[1] + ".shard", atomically: true, encoding: .utf8)
        let v3 = try Binary.run(["merge"] + files)
        #expect(v3.status == ExitStatus.dataError.rawValue)
        #expect(v3.stderr.contains("s-2.csv.shard:1") && v3.stderr.contains("version 3") && v3.stderr.contains("rerun"), "\(v3.stderr)")
        #expect(v3.stdout.isEmpty)
    }

    @Test("a shard or record that is a FIFO is refused (66), not blocked on")
    func fifoRefused() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.shards(folder, responses: ["0.3", "0.3"])
        let fifo = folder.appendingPathComponent("fifo.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let shard = try Binary.run(["merge", files[0], fifo], timeoutSeconds: 20)
        #expect(shard.status == ExitStatus.noInput.rawValue, "\(shard.status): \(shard.stderr)")
        #expect(shard.stderr.contains("fifo.csv") && shard.stderr.contains("not a regular file"), "\(shard.stderr)")
        try FileManager.default.removeItem(atPath: files[1] + ".shard")
        #expect(mkfifo(files[1] + ".shard", 0o600) == 0)
        let record = try Binary.run(["merge"] + files, timeoutSeconds: 20)
        #expect(record.status == ExitStatus.noInput.rawValue, "\(record.status): \(record.stderr)")
        #expect(record.stderr.contains("s-2.csv.shard"), "\(record.stderr)")
    }

    @Test("the record's first differing field: tool, a spec value, N, grid-rows; a missing spec line too")
    func firstDifference() throws {
        let identity = RunIdentity(tool: "transition-sweep 1.1.0", spec: [.init(key: "model", value: "physics"), .init(key: "response", value: "0.3")])
        let a = ShardRecord(identity: identity, shard: Shard(index: 1, count: 2), rows: 0..<27, gridRows: 55, bytes: 10, crc32: "00000000")
        var b = a
        b.shard = Shard(index: 2, count: 2)
        b.rows = 27..<55
        #expect(a.firstRunDifference(from: b) == nil)
        b.identity.spec[1].value = "0.45"
        #expect(a.firstRunDifference(from: b)! == ("spec response", "0.3", "0.45"))
        b.identity.tool = "transition-sweep 1.0.0"
        #expect(a.firstRunDifference(from: b)!.name == "tool")
        var c = a
        c.identity.spec.removeLast()
        #expect(a.firstRunDifference(from: c)! == ("spec response", "0.3", "(none)"))
        var d = a
        d.shard = Shard(index: 1, count: 3)
        d.rows = Shard(index: 1, count: 3).rows(of: 55)
        #expect(a.firstRunDifference(from: d)! == ("shard count N", "2", "3"))
        // The text round-trips through the parser.
        #expect(try ShardRecord.parse(a.text, path: "x.shard") == a)
    }

    @Test("a long list of values is recorded as its count, ends and CRC-32, and still differs when one value does")
    func longValues() {
        let values = (0..<1000).map { "\(Double($0) / 1000)" }
        let text = RunIdentity.valueText(values)
        #expect(text.hasPrefix("1000 values 0.0 ... 0.999, crc32 "))
        var changed = values
        changed[500] = "0.5001"
        #expect(RunIdentity.valueText(changed) != text)
        #expect(RunIdentity.valueText(["0.3"]) == "0.3")
    }

    @Test("FileDigest is zlib's CRC-32 (the check value of \"123456789\" is cbf43926)")
    func crc32CheckValue() {
        var digest = FileDigest()
        Array("123456789".utf8).withUnsafeBufferPointer { digest.update($0) }
        #expect(digest.hex == "cbf43926")
        #expect(FileDigest().hex == "00000000")
    }
}
