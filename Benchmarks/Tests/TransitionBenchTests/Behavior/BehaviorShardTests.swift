import Foundation
import Testing
import ToolTestSupport
import TransitionSweep
@testable import TransitionBench

/// `transition-bench behavior --shard K/N` and `transition-bench merge`, as a user runs them (the
/// built command): the merged table is the unsharded run's, byte for byte, with the front and
/// the pick recomputed over every model; a set that is not one whole run is refused with 65 and
/// nothing written.
@Suite struct BehaviorShardTests {
    /// A built-in beside nine variants over synthetic gestures, with the front: the shards'
    /// own fronts and picks differ from the whole run's, so the merge must recompute them.
    static let run = [
        "behavior", "--no-recorded", "--synthetic", "300", "--seed", "5", "--builtin", "physics", "--model", "physics",
        "--response", "0.2:0.4:0.1", "--damping-ratio", "0.8:1:0.1", "--pareto", "--format", "csv",
    ]

    static func bench(_ arguments: [String]) throws -> Binary.Result {
        try Binary.run(arguments, executable: Binary.benchURL)
    }

    /// Runs the three shards of `run` (+ `extra`) into `bench-{shard}.csv` in `directory`.
    static func shards(_ extra: [String] = [], count: Int = 3, in directory: URL) throws -> [String] {
        try (1...count).map { k in
            let result = try bench(
                run + extra + ["--shard", "\(k)/\(count)", "--output", directory.appendingPathComponent("bench-{shard}.csv").path])
            #expect(result.status == 0, "shard \(k): \(result.stderr)")
            return directory.appendingPathComponent("bench-\(k).csv").path
        }
    }

    @Test func mergedShardsAreTheUnshardedTableByteForByte() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let whole = try Self.bench(Self.run)
        #expect(whole.status == 0, "\(whole.stderr)")
        let files = try Self.shards(in: directory)
        for file in files {
            let record = try #require(try ShardRecord.read(for: file))
            #expect(record.identity.tool == BehaviorCommand.tool && record.gridRows == 10)
            #expect(record.identity.spec.contains { $0.key == "damping-ratio" && $0.value == "0.8,0.9,1.0" })
        }
        // A shard's own front and pick are over its models only: not the whole run's.
        let shardText = try String(contentsOfFile: files[0], encoding: .utf8)
        #expect(shardText != whole.text)
        // In any order, to a file and to standard output.
        let merged = directory.appendingPathComponent("merged.csv").path
        let toFile = try Self.bench(["merge", "--output", merged, files[2], files[0], files[1]])
        #expect(toFile.status == 0, "\(toFile.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: merged)) == whole.stdout)
        let toStandardOutput = try Self.bench(["merge"] + files)
        #expect(toStandardOutput.stdout == whole.stdout)
        // JSON as well.
        let json = try Self.bench(Self.run.filter { $0 != "csv" && $0 != "--format" } + ["--format", "json"])
        let mergedJSON = try Self.bench(["merge", "--format", "json"] + files)
        #expect(json.status == 0 && mergedJSON.stdout == json.stdout)
        // The merged table carries the pick and the default model's place.
        #expect(whole.text.split(separator: "\n")[0].hasSuffix(",pareto,pick,default_model,beaten_by," + BehaviorSummary.modelColumns.joined(separator: ",")))
    }

    @Test func mergeRefusesMissingMixedOrChangedShardsAndWritesNothing() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let files = try Self.shards(in: directory)
        let other = directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let otherFiles = try Self.shards(["--seed", "6"], in: other)
        let output = directory.appendingPathComponent("merged.csv").path
        func refused(_ files: [String], _ words: String) throws {
            let result = try Self.bench(["merge", "--output", output] + files)
            #expect(result.status == 65, "\(words): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
        }
        try refused([files[0], files[2]], "incomplete set: 1 of 3 shards missing: 2/3 (models 3..<6)")
        try refused([files[0], otherFiles[1], files[2]], "says spec seed 5")
        try refused([files[0], files[1], files[1], files[2]], "given twice")
        // A shard changed after its record was written.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: files[1]))
        bytes[bytes.count / 2] ^= 1
        try bytes.write(to: URL(fileURLWithPath: files[1]))
        try refused(files, "CRC-32")
        try FileManager.default.removeItem(atPath: files[1] + ".shard")
        try refused(files, "no shard record")
    }

    @Test func aShardNeedsCSVAnOutputAndAtMostOneModelEach() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        for (flags, words) in [
            (["--shard", "1/2"], "give --output"),
            (["--shard", "1/11", "--output", directory.appendingPathComponent("b-{shard}.csv").path], "fewer than 11 shards"),
            (["--shard", "3/2", "--output", directory.appendingPathComponent("b.csv").path], "--shard"),
        ] {
            let result = try Self.bench(Self.run + flags)
            #expect(result.status == 64, "\(flags): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
        }
        // The shard's flags are checked before anything is read: a missing trace file is not
        // reached (reading and counting a million-variant grid took seconds before this error).
        let missing = directory.appendingPathComponent("no-such-traces.csv").path
        let early = try Self.bench(["behavior", "--traces", missing, "--model", "physics", "--format", "csv", "--shard", "1/2"])
        #expect(early.status == 64 && early.stderr.contains("give --output"), "\(early.status) \(early.stderr)")
        #expect(!early.stderr.contains("no-such-traces"), "\(early.stderr)")
        let table = try Self.bench(Self.run.dropLast(2) + ["--shard", "1/2", "--output", directory.appendingPathComponent("b.csv").path])
        #expect(table.status == 64 && table.stderr.contains("--format csv"), "\(table.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing written")
    }
}
