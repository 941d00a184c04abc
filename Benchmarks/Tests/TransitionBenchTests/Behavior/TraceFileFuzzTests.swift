import Foundation
import Testing
import ToolTestSupport
import TransitionLab
import TransitionPhysics
import TransitionSweep

/// A seeded fuzz of the trace files `transition-bench behavior --traces` reads: valid files of
/// random traces, then broken by random edits (rows cut, fields junked, phases and times
/// scrambled, huge values). Each run must end in its documented status (0, 65 malformed data
/// naming file and line, 66 unreadable input), or with `--skip-invalid-traces` count what it
/// skipped; never a trap, a hang (each run is killed after 60 s), `nan` in an output, or a
/// partial file. The seeds are fixed, so a failure replays.
@Suite("Seeded fuzz: trace files", .serialized)
struct TraceFileFuzzTests {
    typealias Random = FuzzRandom

    static func assertNoPartialFiles(_ folder: URL, _ what: String) {
        let left = Binary.partialFiles(in: folder)
        #expect(left.isEmpty, "\(what) left \(left)")
    }

    /// A valid trace file: `count` traces of random lengths and motions.
    static func traceFile(_ random: inout Random, traces count: Int, samples: ClosedRange<Int>) -> [String] {
        var rows = ["trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent"]
        for t in 0..<count {
            let n = samples.lowerBound + random.below(samples.count)
            var x = 400.0, time = 0.0
            let step = Double(random.below(41)) - 20
            let intent = random.pick(["finish", "cancel", ""])
            for i in 0..<n {
                let phase = i == 0 ? "down" : i == n - 1 ? random.pick(["up", "up", "cancel"]) : "move"
                rows.append("t\(t),u,d,\(time),\(x),300,\(phase),800,\(intent)")
                time += Double(1 + random.below(50))
                x += random.chance(0.3) ? -step * Double(random.below(3)) : step
            }
        }
        return rows
    }

    /// The strokes of a trace file as `TraceReader` groups them: runs of rows with one trace_id,
    /// a row whose trace_id cannot be read (a wrong number of fields, an empty id) joining the
    /// run around it.
    static func strokeCount(_ lines: [String]) -> Int {
        let fieldCount = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
        var count = 0
        var previous: Substring?
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == fieldCount, !fields[0].isEmpty else { continue }
            if fields[0] != previous { count += 1 }
            previous = fields[0]
        }
        return count
    }

    /// The same file with `--skip-invalid-traces`: a valid file gives the same table; a broken
    /// one either counts its valid strokes and says how many it skipped (counted + skipped =
    /// its strokes, the per-trace file has the counted ones, standard error the count), or is
    /// refused as a malformed file, exit 65 naming file and line. Never a trap, nan, or a
    /// silent drop.
    static func skippingInvalidTraces(file: URL, lines: [String], valid: Bool, strictOutput: String, in folder: URL) throws {
        let perTrace = folder.appendingPathComponent("\(file.deletingPathExtension().lastPathComponent)-skipping-per-trace.csv")
        let arguments = ["behavior", "--no-recorded", "--traces", file.path, "--format", "csv", "--per-trace", perTrace.path, "--skip-invalid-traces"]
        let result = try Binary.run(arguments, executable: Binary.benchURL, timeoutSeconds: 60)
        let call = "transition-bench \(arguments)"
        #expect([0, ExitStatus.dataError.rawValue].contains(result.status), "\(call): status \(result.status): \(result.stderr)")
        guard result.status == 0 else {
            #expect(!valid, "\(call): a valid file refused: \(result.stderr)")
            #expect(result.stderr.range(of: #"\.csv:\d+:"#, options: .regularExpression) != nil || result.stderr.contains("no traces to run"),
                    "\(call): the message names no line: \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: perTrace.path), "\(call) wrote \(perTrace.lastPathComponent)")
            return
        }
        #expect(!result.text.contains("nan"), "\(call) printed nan")
        let header = result.text.split(separator: "\n").first.map { $0.split(separator: ",").map(String.init) } ?? []
        let rows = result.text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let column = { (name: String, row: [String]) -> Int in Int(row[header.firstIndex(of: name)!])! }
        let first = try #require(rows.first, "\(call): no rows")
        let (counted, skipped) = (column("traces", first), column("skipped", first))
        #expect(rows.allSatisfy { column("traces", $0) == counted && column("skipped", $0) == skipped })
        #expect(counted + skipped == strokeCount(lines), "\(call): \(counted) counted + \(skipped) skipped of \(strokeCount(lines)) strokes")
        let written = (try? String(contentsOf: perTrace, encoding: .utf8)) ?? ""
        #expect(!written.contains("nan"), "\(call): per-trace file with nan")
        #expect(written.split(separator: "\n").count == 1 + counted * rows.count, "\(call): per-trace rows")
        if valid {
            #expect(skipped == 0 && !result.stderr.contains("skipped"), "\(call): \(result.stderr)")
            let strictRows = strictOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init).dropLast() }
            #expect(rows.map { $0.dropLast() } == strictRows, "\(call): the flag changed a valid file's table")
        } else {
            #expect(skipped > 0, "\(call): a broken file read whole")
            #expect(result.stderr.contains("skipped \(skipped) malformed stroke"), "\(call): no count on standard error: \(result.stderr)")
            #expect(result.stderr.range(of: #"\.csv:\d+: skipped "#, options: .regularExpression) != nil, "\(call): no file and line: \(result.stderr)")
        }
    }

    @Test("transition-bench behavior --traces: malformed rows exit 65 naming file and line, or are skipped and counted with --skip-invalid-traces; long traces within the bound replay; no nan")
    func traceFiles() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = Random(state: 404)
        let base = Self.traceFile(&random, traces: 6, samples: 2...40)
        var cases: [(name: String, lines: [String], valid: Bool)] = [("valid", base, true)]
        let breakers: [(inout [String], inout Random) -> Void] = [
            { lines, r in lines[1 + r.below(lines.count - 1)] += ",extra" },
            { lines, r in lines[1 + r.below(lines.count - 1)] = "t0,u,d,NaN,1,1,move,800," },
            { lines, r in lines[1 + r.below(lines.count - 1)] = "t0,u,d,1e400,1,1,move,800," },
            { lines, r in lines[1 + r.below(lines.count - 1)] = "t0,u,d,1,1e300,1,move,800," },
            { lines, r in lines[1 + r.below(lines.count - 1)] = "t0,u,d,1,1,1,wiggle,800," },
            { lines, r in lines[1 + r.below(lines.count - 1)] = "t0,u,d,1,1,1,move,-800," },
            { lines, r in lines[1 + r.below(lines.count - 1)] = "\"unterminated,u,d,1,1,1,move,800," },
            { lines, r in lines[lines.count - 1] = String(lines[lines.count - 1].prefix(1 + r.below(12))) },
            { lines, r in let i = 2 + r.below(lines.count - 2); lines.swapAt(i, i - 1) },
            { lines, r in lines.insert("", at: 1 + r.below(lines.count - 1)) },
            { lines, _ in lines[0] = "trace_id,t_ms,x_px" },
            { lines, r in lines[1 + r.below(lines.count - 1)] = String(repeating: ",", count: 5000) },
        ]
        for (i, breaker) in breakers.enumerated() {
            var lines = base
            breaker(&lines, &random)
            cases.append(("broken-\(i)", lines, false))
        }
        // Long traces within the bound (a zig-zag across touch-down flips a reversible direction
        // at every sample), and one past it.
        var long = ["trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent"]
        let n = 3000
        for i in 0..<n {
            let phase = i == 0 ? "down" : i == n - 1 ? "up" : "move"
            long.append("z,u,d,\(Double(i) * 0.5),\(i == 0 ? 400 : 400 + (i % 2 == 0 ? 15 : -15)),300,\(phase),800,finish")
        }
        cases.append(("zigzag", long, true))
        var tooLong = ["trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent"]
        tooLong.reserveCapacity(100_003)
        for i in 0...100_001 {
            tooLong.append("l,u,d,\(i / 10),\(400 + i % 300),300,\(i == 0 ? "down" : i == 100_001 ? "up" : "move"),800,finish")
        }
        cases.append(("too-long", tooLong, false))

        for (name, lines, valid) in cases {
            let file = folder.appendingPathComponent("\(name).csv")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
            let perTrace = folder.appendingPathComponent("\(name)-per-trace.csv")
            let arguments = ["behavior", "--no-recorded", "--traces", file.path, "--format", "csv", "--per-trace", perTrace.path]
            let result = try Binary.run(arguments, executable: Binary.benchURL, timeoutSeconds: 60)
            let call = "transition-bench \(arguments)"
            if valid {
                #expect(result.status == 0, "\(call): status \(result.status): \(result.stderr)")
                #expect(!result.text.contains("nan"), "\(call) printed nan")
                let written = (try? String(contentsOf: perTrace, encoding: .utf8)) ?? ""
                #expect(!written.isEmpty && !written.contains("nan"), "\(call): per-trace file missing or with nan")
            } else {
                #expect(result.status == ExitStatus.dataError.rawValue, "\(call): status \(result.status): \(result.stderr)")
                #expect(result.stderr.contains("\(name).csv"), "\(call): the message names no file: \(result.stderr)")
                #expect(result.stderr.range(of: #"\.csv:\d+:"#, options: .regularExpression) != nil,
                        "\(call): the message names no line: \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: perTrace.path), "\(call) wrote \(perTrace.lastPathComponent)")
            }
            try Self.skippingInvalidTraces(file: file, lines: lines, valid: valid, strictOutput: result.text, in: folder)
        }
        // A symbolic link to a trace file is that file.
        let link = folder.appendingPathComponent("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.appendingPathComponent("valid.csv").path)
        let linked = try Binary.run(["behavior", "--no-recorded", "--traces", link.path], executable: Binary.benchURL, timeoutSeconds: 60)
        #expect(linked.status == 0, "--traces through a link: status \(linked.status): \(linked.stderr)")
        for path in [folder.path, folder.appendingPathComponent("absent.csv").path, "/dev/zero"] {
            let result = try Binary.run(["behavior", "--no-recorded", "--traces", path], executable: Binary.benchURL, timeoutSeconds: 60)
            #expect(result.status == ExitStatus.noInput.rawValue, "--traces \(path): status \(result.status): \(result.stderr)")
            #expect(result.stderr.contains(path), "--traces \(path): the message names no file: \(result.stderr)")
        }
        Self.assertNoPartialFiles(folder, "trace files")
    }
}
