import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import ToolTestSupport
import TransitionSweep

/// A seeded fuzz of what the commands read besides numbers (`ExtremeValueTests` has those): every
/// flag of both CLIs given junk text, `--spec` files and shard sets for `merge` (the bench's trace
/// files: `TraceFileFuzzTests`). Each run must end in its documented status (0, or 64 bad flag or
/// spec, 65 bad data, 66 unreadable input) with a message naming the flag, file, line or value;
/// never a trap, a hang (each run is killed after 60 s), `nan` in an output, or a partial or
/// half-written file. The seeds are fixed, so a failure replays; about a minute in a debug build.
@Suite("Seeded fuzz: flags, spec files, shard files", .serialized)
struct FuzzTests {
    typealias Random = FuzzRandom

    /// Text a careless user or a broken file gives a flag or a key.
    static let junk = [
        "", " ", ",", ":", "::", "1:2", "0:1:0:1", "a,b", "NaN", "-inf", "1e999", "0x10", "1_000", "1,,2", "½",
        "\u{0}", "0/0", "-0", "+5", "1e-400", String(repeating: "9", count: 400), "classic,", "physics,physics",
        "rubberBand,", "easeInOut, linear", "\"", "[1]", "{}", "true", "—", "0:1:1e-300", "-1:1:0.5:", "1/1",
    ]

    static func assertNoPartialFiles(_ folder: URL, _ what: String) {
        let left = Binary.partialFiles(in: folder)
        #expect(left.isEmpty, "\(what) left \(left)")
    }

    // MARK: Flags

    @Test("every flag of both CLIs, given junk text: 0 or 64 naming the flag, no file")
    func flags() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = Random(state: 17)
        let sweepFlags = ["release-progress", "release-velocity", "threads", "evaluator", "shard", "shard-count"]
            + ModelOptions.flagNames
        let small = ["--release-progress", "0,1", "--release-velocity", "-1,2"]
        for flag in sweepFlags {
            for _ in 0..<2 {
                let value = random.pick(Self.junk)
                let output = folder.appendingPathComponent("out.csv")
                var arguments = small.filter { _ in true }
                if let at = arguments.firstIndex(of: "--\(flag)") { arguments.removeSubrange(at...(at + 1)) }
                arguments += ["--\(flag)=\(value)", "--output", output.path, "--quiet"]
                let result = try Binary.run(arguments, timeoutSeconds: 60)
                let call = "transition-sweep \(arguments)"
                #expect([0, ExitStatus.usage.rawValue].contains(result.status), "\(call): status \(result.status): \(result.stderr)")
                if result.status == ExitStatus.usage.rawValue {
                    #expect(result.stderr.contains("--") || result.stderr.contains("SLURM") || result.stderr.contains("JOB_"),
                            "\(call): the message names no flag: \(result.stderr)")
                    #expect(!FileManager.default.fileExists(atPath: output.path), "\(call) wrote a file")
                } else {
                    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                    #expect(!text.contains("nan"), "\(call) wrote nan")
                }
                try? FileManager.default.removeItem(at: output)
                for name in Binary.contents(folder) where name.hasSuffix(".shard") {
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                }
            }
        }
        let benchFlags = ["estimator", "touch-slop", "direction", "settle-tolerance", "format", "builtin", "seed", "synthetic"]
            + ModelOptions.flagNames
        for flag in benchFlags {
            let value = random.pick(Self.junk)
            var arguments = ["behavior", "--no-recorded", "--format", "csv", "--\(flag)=\(value)"]
            if flag != "synthetic" { arguments += ["--synthetic", "8"] }
            let result = try Binary.run(arguments, executable: Binary.benchURL, timeoutSeconds: 60)
            let call = "transition-bench \(arguments)"
            #expect([0, ExitStatus.usage.rawValue, ExitStatus.dataError.rawValue].contains(result.status), "\(call): status \(result.status): \(result.stderr)")
            if result.status == ExitStatus.usage.rawValue { #expect(result.stderr.contains("--"), "\(call): the message names no flag: \(result.stderr)") }
            if result.status == 0 { #expect(!result.text.contains("nan"), "\(call) printed nan") }
        }
        Self.assertNoPartialFiles(folder, "flags")
    }

    // MARK: Spec files

    /// A random JSON value for a spec key: right and wrong types, extreme numbers, junk text.
    static func specValue(_ random: inout Random, depth: Int = 0) -> String {
        switch random.below(depth > 1 ? 6 : 9) {
        case 0: return random.pick(["0", "-1", "1e308", "-1e308", "5e-324", "1e-300", "0.5", "3", "1e400", "-0"])
        case 1: return "\"" + random.pick(Self.junk).replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\u{0}", with: "\\u0000") + "\""
        case 2: return random.pick(["true", "false", "null"])
        case 3: return "\"" + random.pick(["0.2,0.3", "0:1:0.5", "classic,physics", "easeInOut", "allow,rubberBand", "60,120", "0.998", "cupertino"]) + "\""
        case 4: return random.pick(["[]", "{}", "[0.2, 0.4]", "[\"classic\", \"physics\"]", "[1, true]", "[[1]]", "{\"a\": 1}"])
        case 5: return random.pick(["0.3", "1", "0.9", "120", "2"])
        default: return "[" + (0..<(1 + random.below(3))).map { _ in specValue(&random, depth: depth + 1) }.joined(separator: ", ") + "]"
        }
    }

    @Test("--spec files: random keys, values and types, broken JSON, huge, deep, unreadable")
    func specFiles() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = Random(state: 2026)
        let keys = ["release-progress", "release-velocity"] + ModelOptions.flagNames + ["speed", "", "Duration", "--duration", "threads", "output"]
        var cases: [(name: String, bytes: Data?)] = []
        for i in 0..<40 {
            let count = random.below(5)
            let members = (0..<count).map { _ in "\"\(random.pick(keys))\": \(Self.specValue(&random))" }
            var text = "{" + members.joined(separator: ", ") + "}"
            if random.chance(0.1) { text = String(text.dropLast(1 + random.below(max(1, text.count - 1)))) }  // truncated
            cases.append(("spec-\(i).json", Data(text.utf8)))
        }
        cases.append(("array.json", Data("[1, 2]".utf8)))
        cases.append(("empty.json", Data()))
        cases.append(("binary.json", Data((0..<300).map { _ in UInt8(random.below(256)) })))
        cases.append(("deep.json", Data((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8)))
        cases.append(("deep-object.json", Data((String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5000)).utf8)))
        cases.append(("huge.json", Data(("{\"duration\": \"" + String(repeating: "0.3,", count: 400_000) + "0.3\"}").utf8)))
        cases.append(("long-list.json", Data(("{\"duration\": [" + Array(repeating: "0.3", count: 20_000).joined(separator: ",") + "]}").utf8)))
        cases.append(("folder", nil))
        for (name, bytes) in cases {
            if let bytes { try bytes.write(to: folder.appendingPathComponent(name)) }
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        var paths = cases.map { folder.appendingPathComponent($0.name).path }
        paths += [folder.appendingPathComponent("missing.json").path, "/dev/zero", "/dev/null"]
        let unreadable: Set = [folder.appendingPathComponent("folder").path, folder.appendingPathComponent("missing.json").path, "/dev/zero", "/dev/null"]
        for (i, path) in paths.enumerated() {
            let output = folder.appendingPathComponent("out-\(i).csv")
            var arguments = ["--spec", path, "--output", output.path, "--quiet"]
            // Command-line flags win: keep real runs small whatever the spec says.
            let dryRun = i % 2 == 1
            if dryRun { arguments.append("--dry-run") } else { arguments += ["--release-progress", "0,1", "--release-velocity", "-1,2"] }
            let result = try Binary.run(arguments, timeoutSeconds: 60)
            let call = "transition-sweep \(arguments)"
            #expect([0, ExitStatus.usage.rawValue, ExitStatus.noInput.rawValue].contains(result.status), "\(call): status \(result.status): \(result.stderr)")
            if result.status != 0 {
                #expect(result.stderr.contains("--spec") || result.stderr.contains("--"), "\(call): no flag named: \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output.path), "\(call) wrote a file")
            } else if !dryRun {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                #expect(text.hasPrefix("row,model,"), "\(call): no CSV")
                #expect(!text.contains("nan"), "\(call) wrote nan")
            }
            if unreadable.contains(path) {
                #expect(result.status == ExitStatus.noInput.rawValue, "\(call): unreadable, but status \(result.status): \(result.stderr)")
            }
        }
        Self.assertNoPartialFiles(folder, "spec files")
    }

    // MARK: Shard files

    static let shardGrid = [
        "--model", "classic,physics", "--release-progress", "0:1:0.25", "--release-velocity", "-2,0,3", "--quiet",
    ]

    @Test("merge: complete sets in any order give the unsharded bytes; missing, duplicated, truncated, reordered, overflowing, tampered or in-place-damaged shards exit 65 naming them")
    func shardFiles() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try Binary.run(Self.shardGrid + ["--output", path("whole.csv")]).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("whole.csv")))
        let n = 4
        for k in 1...n {
            let r = try Binary.run(Self.shardGrid + ["--shard", "\(k)/\(n)", "--output", path("s-{shard}.csv")])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let shards = (1...n).map { path("s-\($0).csv") }
        for s in shards { #expect(FileManager.default.fileExists(atPath: s + ".shard"), "no record beside \(s)") }
        var random = Random(state: 65)

        func merge(_ files: [String], expect status: Int32, naming: [String] = [], _ what: String, extra: [String] = []) throws {
            let output = path("merged.csv")
            try? FileManager.default.removeItem(atPath: output)
            let result = try Binary.run(["merge", "--output", output] + extra + files, timeoutSeconds: 60)
            #expect(result.status == status, "\(what): merge \(files.map { URL(fileURLWithPath: $0).lastPathComponent }): status \(result.status): \(result.stderr)")
            if status == 0 {
                #expect((try? Data(contentsOf: URL(fileURLWithPath: output))) == whole, "\(what): not the unsharded bytes")
            } else {
                #expect(!FileManager.default.fileExists(atPath: output), "\(what): wrote \(output)")
                for name in naming { #expect(result.stderr.contains(name), "\(what): the message does not name \(name): \(result.stderr)") }
            }
        }

        // Complete sets, in random orders.
        for _ in 0..<3 {
            var order = shards
            for i in order.indices.reversed() { order.swapAt(i, random.below(i + 1)) }
            try merge(order, expect: 0, "a complete set")
        }
        // Every incomplete subset of one or more shards (the last one missing included).
        for missing in 1...n {
            try merge(shards.filter { $0 != shards[missing - 1] }, expect: ExitStatus.dataError.rawValue, naming: ["\(missing)/\(n)"], "shard \(missing) missing")
        }
        try merge([shards[0]], expect: ExitStatus.dataError.rawValue, naming: ["missing"], "shard 1 alone")
        // Duplicates.
        try merge(shards + [shards[random.below(n)]], expect: ExitStatus.dataError.rawValue, naming: ["twice"], "a duplicated shard")
        // A copy without its record: refused unless --grid-rows says how many rows to expect.
        try FileManager.default.copyItem(atPath: shards[n - 1], toPath: path("copy.csv"))
        try merge(Array(shards.dropLast()) + [path("copy.csv")], expect: ExitStatus.dataError.rawValue, naming: ["copy.csv"], "a shard without a record")
        let rows = String(decoding: whole, as: UTF8.self).split(separator: "\n").count - 1
        try merge(Array(shards.dropLast()) + [path("copy.csv")], expect: 0, "--grid-rows", extra: ["--grid-rows", "\(rows)"])
        try merge(Array(shards.dropLast()), expect: ExitStatus.dataError.rawValue, naming: ["missing"], "--grid-rows, last missing", extra: ["--grid-rows", "\(rows)"])

        // Mutated copies of one shard (with its record copied beside it).
        let victimIndex = 1 + random.below(n - 1)
        let victim = try Data(contentsOf: URL(fileURLWithPath: shards[victimIndex]))
        let record = try Data(contentsOf: URL(fileURLWithPath: shards[victimIndex] + ".shard"))
        let mutations = Self.damagedCopies(of: victim, record: record, shard: victimIndex + 1, of: n, random: &random)
        for (name, bytes, recordBytes) in mutations {
            let file = path("\(name).csv")
            try bytes.write(to: URL(fileURLWithPath: file))
            if let recordBytes { try recordBytes.write(to: URL(fileURLWithPath: file + ".shard")) }
            var set = shards
            set[victimIndex] = file
            try merge(set, expect: ExitStatus.dataError.rawValue, naming: [name], "mutation \(name)")
        }
        // Not files at all.
        let unreadable = try Binary.run(["merge", "--output", path("merged.csv"), shards[0], folder.path, path("absent.csv")])
        #expect(unreadable.status == ExitStatus.noInput.rawValue, "\(unreadable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("merged.csv")))
        Self.assertNoPartialFiles(folder, "merge")
    }

    /// Damaged copies of shard `k` of `n` (its bytes and its record), each named: truncated,
    /// reordered, overflowing row numbers, a row that is not one, header only, empty, random
    /// bytes, one byte replaced in place, or the record tampered with (then the bytes intact).
    static func damagedCopies(of victim: Data, record: Data, shard k: Int, of n: Int, random: inout Random) -> [(String, Data, Data?)] {
        var lines = String(decoding: victim, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // the empty string after the last line end
        var mutations: [(String, Data, Data?)] = []
        for i in 0..<4 {
            let cut = 1 + random.below(victim.count - 1)
            mutations.append(("truncated-\(i)", victim.prefix(cut), record))
        }
        if lines.count > 3 {
            var swapped = lines
            swapped.swapAt(1, lines.count - 2)
            mutations.append(("reordered", Data((swapped.joined(separator: "\n") + "\n").utf8), record))
            var reversed = lines
            reversed.swapAt(1, lines.count - 1)
            mutations.append(("first-last-swapped", Data((reversed.joined(separator: "\n") + "\n").utf8), record))
        }
        for (i, big) in ["9223372036854775807", "9223372036854775808", "99999999999999999999999999", "18446744073709551616"].enumerated() {
            var overflow = lines
            let at = 1 + random.below(lines.count - 1)
            overflow[at] = big + overflow[at].drop { $0 != "," }
            mutations.append(("overflow-\(i)", Data((overflow.joined(separator: "\n") + "\n").utf8), record))
        }
        var badRow = lines
        badRow[1 + random.below(lines.count - 1)] = "x" + badRow[1]
        mutations.append(("not-a-row", Data((badRow.joined(separator: "\n") + "\n").utf8), record))
        mutations.append(("header-only", Data((lines[0] + "\n").utf8), record))
        mutations.append(("empty", Data(), record))
        mutations.append(("random-bytes", Data((0..<2000).map { _ in UInt8(random.below(256)) }), record))
        // One byte replaced in place (same length, record kept): anywhere in the file, by any
        // other byte, a digit by another digit included (rows and field counts intact), so only
        // the record's CRC-32 can tell.
        for i in 0..<48 {
            var damaged = victim
            let at = i < 4 ? [0, victim.count - 1, victim.count / 2, lines[0].utf8.count + 1][i] : random.below(victim.count)
            let old = damaged[damaged.startIndex + at]
            var new = UInt8(random.below(256))
            if i % 2 == 0, (48...57).contains(old) { new = 48 + UInt8((Int(old) - 48 + 1 + random.below(9)) % 10) }
            if new == old { new = old ^ 1 }
            damaged[damaged.startIndex + at] = new
            mutations.append(("in-place-\(i)", damaged, record))
        }
        let recordText = String(decoding: record, as: UTF8.self)
        for (i, tampered) in [
            recordText.replacingOccurrences(
                of: #""shard" : \[\s*\#(k),\s*\#(n)\s*\]"#, with: "\"shard\" : [\(k), \(n + 1)]", options: .regularExpression),
            recordText.replacingOccurrences(of: "\"bytes\" : ", with: "\"bytes\" : 1"),
            // Another digest of the right form (its first digit changed), then one digit too many.
            Self.changingFirstDigestDigit(recordText),
            recordText.replacingOccurrences(of: "\"crc32\" : \"", with: "\"crc32\" : \"f"),
            recordText.replacingOccurrences(of: "record 4", with: "record 3"),
            recordText.replacingOccurrences(of: "\"classic,physics\"", with: "\"physics,classic\""),
            recordText.replacingOccurrences(of: "\"tool\" : \"transition-sweep ", with: "\"tool\" : \"transition-sweep 0"),
            recordText.replacingOccurrences(of: "\"rows\" : [", with: "\"rows\" : [99999999999999999999,"),
            String(recordText.prefix(random.below(recordText.count - 1))),
            "garbage\n", String(repeating: "x", count: 10_000),
        ].enumerated() {
            mutations.append(("record-\(i)", victim, Data(tampered.utf8)))
        }
        return mutations
    }

    /// A shard record's text with the first digit of its CRC-32 replaced by another.
    static func changingFirstDigestDigit(_ record: String) -> String {
        guard let r = record.range(of: "\"crc32\" : \"") else { return record }
        let first = record[r.upperBound]
        return record.replacingCharacters(in: r.upperBound...r.upperBound, with: first == "0" ? "1" : "0")
    }
}
