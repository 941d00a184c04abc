import Foundation
import Testing
import ToolTestSupport
import TransitionSweep

/// Every output of both commands under real write faults: the built binaries run with the fault
/// library of Tests/faults/faults.c loaded by LD_PRELOAD (compiled here with cc), which makes the C
/// library's write(2), fcntl(2) and mkostemp(3) behave as file systems do: short writes, EINTR,
/// O_DIRECT refused at creation or at fcntl, O_DIRECT writes refused part way (EINVAL), a full
/// disk (ENOSPC). Under the first five the files must be byte for byte those of a clean run; under
/// ENOSPC the command exits 74 (`ExitStatus.ioError`) and leaves no file (neither the output nor
/// a temporary or record file). Each run's fault report must show the fault happened, so a run
/// the library did not reach fails.
@Suite("Write faults: the same bytes, or exit 74 and nothing left", .serialized)
struct FaultInjectionTests {
    /// The fault library, compiled once per test process into a temporary folder.
    static let library: String = {
        let root = Binary.repositoryRoot
        let source = root.appendingPathComponent("Tests/faults/faults.c").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transition-faults-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("libfaults.so").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-shared", "-fPIC", "-O2", "-o", output, source, "-ldl"]
        try? Binary.launch(process)
        process.waitUntilExit()
        return output
    }()

    /// A fault: its environment, and the report field that must be above 0 after a run.
    struct Fault: CustomStringConvertible, Sendable {
        var name: String
        var environment: [String: String]
        var field: String
        var description: String { name }
    }

    /// The faults a file must survive unchanged.
    static let survivable: [Fault] = [
        Fault(name: "short writes", environment: ["FAULT_SHORT_WRITES": "1"], field: "short"),
        Fault(name: "EINTR", environment: ["FAULT_EINTR": "1"], field: "eintr"),
        Fault(name: "O_DIRECT refused at creation", environment: ["FAULT_REFUSE_DIRECT_OPEN": "1"], field: "open"),
        Fault(name: "O_DIRECT flag change refused at fcntl", environment: ["FAULT_REFUSE_DIRECT_FCNTL": "1"], field: "fcntl"),
        // The case: direct writes that move part of a block, then a refusal (EINVAL).
        Fault(
            name: "short O_DIRECT writes, then EINVAL part way",
            environment: ["FAULT_SHORT_WRITES": "1", "FAULT_DIRECT_EINVAL_AFTER": "\(3 << 20)"], field: "einval"),
    ]

    /// A grid of about 8 MB of CSV: several 2 MiB staging buffers of direct writes, and a tail.
    static let grid = [
        "--model", "classic,physics", "--release-progress", "0:1:0.01", "--release-velocity", "-5:5:0.05", "--quiet",
    ]

    /// Runs `arguments` of `executable` under `fault` (nil: clean); returns the result and the
    /// fault report's counts.
    static func run(
        _ arguments: [String], fault: [String: String]?, executable: URL = Binary.url, in folder: URL
    ) throws -> (Binary.Result, [String: Int]) {
        guard let fault else { return (try Binary.run(arguments, executable: executable), [:]) }
        let report = folder.appendingPathComponent("fault-report-\(UUID().uuidString)").path
        var environment = fault
        environment["LD_PRELOAD"] = library
        environment["FAULT_REPORT"] = report
        let result = try Binary.run(arguments, environment: environment, executable: executable)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: report)
        var counts: [String: Int] = [:]
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var i = 0
        while i + 1 < words.count {
            counts[String(words[i]), default: 0] += Int(words[i + 1]) ?? 0
            i += 2
        }
        return (result, counts)
    }

    static func bytes(_ path: URL) -> Data? { try? Data(contentsOf: path) }

    @Test("the fault library compiles (cc); every run below also checks its report that the fault was injected")
    func libraryLoads() throws {
        #expect(FileManager.default.fileExists(atPath: Self.library), "cc did not build \(Self.library)")
    }

    @Test("transition-sweep run, sharded run and merge (file and standard output): same bytes", arguments: survivable)
    func sweepSurvives(fault: Fault) throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
        // Clean runs: the whole grid, two shards and their records.
        #expect(try Self.run(Self.grid + ["--output", file("clean.csv").path], fault: nil, in: folder).0.status == 0)
        for k in 1...2 {
            let r = try Self.run(Self.grid + ["--shard", "\(k)/2", "--output", file("clean-\(k).csv").path], fault: nil, in: folder).0
            #expect(r.status == 0, "\(r.stderr)")
        }
        let clean = try #require(Self.bytes(file("clean.csv")))
        var injected = 0
        // The same under the fault.
        let (whole, counts) = try Self.run(Self.grid + ["--output", file("faulty.csv").path], fault: fault.environment, in: folder)
        injected += counts[fault.field] ?? 0
        #expect(whole.status == 0, "\(fault): \(whole.stderr)")
        #expect(Self.bytes(file("faulty.csv")) == clean, "\(fault): run --output differs from the clean run")
        for k in 1...2 {
            let (r, c) = try Self.run(
                Self.grid + ["--shard", "\(k)/2", "--output", file("faulty-\(k).csv").path], fault: fault.environment, in: folder)
            injected += c[fault.field] ?? 0
            #expect(r.status == 0, "\(fault): shard \(k): \(r.stderr)")
            #expect(Self.bytes(file("faulty-\(k).csv")) == Self.bytes(file("clean-\(k).csv")), "\(fault): shard \(k) differs")
            #expect(Self.bytes(file("faulty-\(k).csv.shard")) == Self.bytes(file("clean-\(k).csv.shard")), "\(fault): record \(k) differs")
        }
        let shards = (1...2).map { file("faulty-\($0).csv").path }
        let (merged, c1) = try Self.run(["merge", "--output", file("merged.csv").path] + shards, fault: fault.environment, in: folder)
        #expect(merged.status == 0, "\(fault): merge: \(merged.stderr)")
        #expect(Self.bytes(file("merged.csv")) == clean, "\(fault): merge --output differs from the unsharded run")
        let (piped, c2) = try Self.run(["merge"] + shards, fault: fault.environment, in: folder)
        #expect(piped.status == 0, "\(fault): merge to standard output: \(piped.stderr)")
        #expect(piped.stdout == clean, "\(fault): merge to standard output differs from the unsharded run")
        injected += (c1[fault.field] ?? 0) + (c2[fault.field] ?? 0)
        #expect(injected > 0, "\(fault): no fault was injected (LD_PRELOAD not in effect?)")
        #expect(Binary.contents(folder).allSatisfy { !$0.contains(".partial-") }, "\(fault): temporary files left: \(Binary.contents(folder))")
    }

    /// A full disk part way through each output.
    static let fullDisk = ["FAULT_ENOSPC_AFTER": "\(5 << 20)"]

    @Test("transition-sweep under a full disk: exit 74 and no file left (run, shard with its record, merge)")
    func sweepFullDisk() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let ioError = ExitStatus.ioError.rawValue
        for arguments in [Self.grid + ["--output", file("out.csv")], Self.grid + ["--shard", "1/1", "--output", file("s-{shard}.csv")]] {
            let (r, counts) = try Self.run(arguments, fault: Self.fullDisk, in: folder)
            #expect(r.status == ioError, "\(arguments): status \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
            #expect((counts["enospc"] ?? 0) > 0)
            #expect(Binary.contents(folder).isEmpty, "\(arguments): left \(Binary.contents(folder))")
        }
        // The record itself hits the full disk: its shard is taken back too.
        let clean = try Self.run(Self.grid + ["--shard", "1/1", "--output", file("s.csv")], fault: nil, in: folder).0
        #expect(clean.status == 0)
        let size = try #require(Self.bytes(URL(fileURLWithPath: file("s.csv")))).count
        try FileManager.default.removeItem(atPath: file("s.csv"))
        try FileManager.default.removeItem(atPath: file("s.csv.shard"))
        let (r, _) = try Self.run(
            Self.grid + ["--shard", "1/1", "--output", file("s.csv")], fault: ["FAULT_ENOSPC_AFTER": "\(size + 10)"], in: folder)
        #expect(r.status == ioError, "record on a full disk: status \(r.status): \(r.stderr)")
        #expect(Binary.contents(folder).isEmpty, "record on a full disk: left \(Binary.contents(folder))")
        // merge, to a file and to standard output.
        for k in 1...2 {
            #expect(try Self.run(Self.grid + ["--shard", "\(k)/2", "--output", file("m-\(k).csv")], fault: nil, in: folder).0.status == 0)
        }
        let before = Binary.contents(folder)
        let shards = [file("m-1.csv"), file("m-2.csv")]
        let (toFile, _) = try Self.run(["merge", "--output", file("merged.csv")] + shards, fault: Self.fullDisk, in: folder)
        #expect(toFile.status == ioError, "merge --output: \(toFile.status): \(toFile.stderr)")
        let (toPipe, _) = try Self.run(["merge"] + shards, fault: Self.fullDisk, in: folder)
        #expect(toPipe.status == ioError, "merge to standard output: \(toPipe.status): \(toPipe.stderr)")
        #expect(Binary.contents(folder) == before, "merge left \(Binary.contents(folder)), had \(before)")
    }

    /// transition-bench behavior with every output it writes: the table (standard output),
    /// --per-trace, and the synthetic traces (TraceWriter, --write-synthetic).
    static func bench(_ folder: URL, _ tag: String, format: String = "csv") -> [String] {
        [
            "behavior", "--no-recorded", "--synthetic", "3000", "--seed", "7", "--format", format,
            "--per-trace", folder.appendingPathComponent("per-trace-\(tag).csv").path,
            "--write-synthetic", folder.appendingPathComponent("traces-\(tag).csv").path,
        ]
    }

    @Test("transition-bench behavior: the table, --per-trace and --write-synthetic, same bytes", arguments: survivable)
    func benchSurvives(fault: Fault) throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Self.run(Self.bench(folder, "clean"), fault: nil, executable: Binary.benchURL, in: folder).0
        #expect(clean.status == 0, "\(clean.stderr)")
        let (faulty, counts) = try Self.run(Self.bench(folder, "faulty"), fault: fault.environment, executable: Binary.benchURL, in: folder)
        #expect(faulty.status == 0, "\(fault): \(faulty.stderr)")
        #expect(faulty.stdout == clean.stdout, "\(fault): the table differs")
        for name in ["per-trace", "traces"] {
            let a = Self.bytes(folder.appendingPathComponent("\(name)-clean.csv"))
            #expect(a != nil && a == Self.bytes(folder.appendingPathComponent("\(name)-faulty.csv")), "\(fault): \(name) differs")
        }
        // These outputs are small and go through the page cache: only the write faults reach them.
        if ["short", "eintr"].contains(fault.field) { #expect((counts[fault.field] ?? 0) > 0, "\(fault): no fault injected") }
    }

    @Test("transition-bench behavior under a full disk: exit 74 (as transition-sweep) and no file left")
    func benchFullDisk() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Self.run(Self.bench(folder, "clean"), fault: nil, executable: Binary.benchURL, in: folder).0
        #expect(clean.status == 0)
        let sizes = ["per-trace", "traces"].map { Self.bytes(folder.appendingPathComponent("\($0)-clean.csv"))?.count ?? 0 }
        #expect(sizes.allSatisfy { $0 > 0 })
        for name in Binary.contents(folder) { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        // The disk fills in the per-trace file, in the trace file (the per-trace file, complete,
        // is taken back), then in the table (both files taken back): a failed run leaves none.
        for limit in [sizes[0] / 2, sizes[0] + sizes[1] / 2, sizes[0] + sizes[1] + clean.stdout.count / 2] {
            let (r, counts) = try Self.run(
                Self.bench(folder, "full"), fault: ["FAULT_ENOSPC_AFTER": "\(limit)"], executable: Binary.benchURL, in: folder)
            #expect(r.status == ExitStatus.ioError.rawValue, "full after \(limit) bytes: status \(r.status): \(r.stderr)")
            #expect((counts["enospc"] ?? 0) > 0)
            #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
            #expect(Binary.contents(folder).isEmpty, "full after \(limit) bytes: left \(Binary.contents(folder))")
        }
    }
}
