import ArgumentParser
import Foundation
import Testing
import TransitionSweep
import TransitionLab
import TransitionPhysics
import TransitionCSV
@testable import TransitionBench

/// Output shapes, exact column names, the per-trace file and refusal of broken trace files.
@Suite struct BehaviorOutputTests {
    static let issueColumns = [
        "model", "source", "traces", "intended_finish", "intended_cancel", "finished_of_intended_finish",
        "cancelled_of_intended_cancel", "intent_match_rate", "median_velocity_jump_per_s", "p90_velocity_jump_per_s",
        "median_completion_time_s", "p90_completion_time_s", "median_overshoot",
    ]

    func report(_ format: String, extra: [String] = []) throws -> String {
        let url = try HandMadeTraces.write(HandMadeTraces.csv)
        let command = try BehaviorCommand.parse(["--traces", url.path, "--format", format] + extra)
        return try command.report(currentDirectory: url.deletingLastPathComponent()) { _ in }
    }

    @Test func columnsAreTheIssuesNamedExactly() {
        #expect(Array(BehaviorSummary.columns.prefix(Self.issueColumns.count)) == Self.issueColumns)
        #expect(BehaviorSummary.columns == Self.issueColumns + [
            "started", "median_peak_acceleration_per_s2", "median_visual_completion_s", "p90_visual_completion_s", "skipped",
            "p90_overshoot",
        ])
    }

    @Test func csvIsRFC4180() throws {
        let output = try report("csv")
        let columns = BehaviorSummary.columns + BehaviorSummary.modelColumns
        #expect(output.hasPrefix(columns.joined(separator: ",") + "\n"))
        let rows = parseCSV(output).rows
        #expect(rows.count == BehaviorCommand.builtInChoices.count && output.hasSuffix("\n"), "header, a row per built-in, LF after each")
        #expect(rows.allSatisfy { $0.count == columns.count })
        // One column per parameter, and the Swift expression that builds the row's model.
        // A platform's rule has no parameters of the table and no expression of ours: empty cells.
        #expect(rows.map { $0["swift_expression"] } == ReleaseModelPreset.allCases.map { $0.model.swiftExpression } + PlatformSheetRule.allCases.map { _ in "" })
        #expect(rows.first { $0["model"] == "physics" }?["response_s"] == "0.3")
        #expect(rows.first { $0["model"] == "classic" }?["response_s"] == "")
    }

    /// The summary CSV and the per-trace CSV are in the sweep's dialect: LF line ends, no CR
    /// anywhere, every number in `NumberFormatting`'s text (`Double.description`, so `1.0`, not `1`).
    @Test func csvOutputsUseTheSweepsLineEndAndNumberFormat() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let file = directory.appendingPathComponent("per-trace.csv")
        let summary = try report("csv", extra: ["--per-trace", file.path])
        let perTrace = try String(contentsOf: file, encoding: .utf8)
        let numberColumns: [(text: String, columns: [String])] = [
            (summary, Array(BehaviorSummary.columns.dropFirst(3))),
            (perTrace, Array(PerTraceWriter.columns.dropFirst(9))),
        ]
        var integralSeen = 0
        for (text, columns) in numberColumns {
            #expect(!text.utf8.contains(UInt8(ascii: "\r")))
            #expect(text.hasSuffix("\n"))
            for row in parseCSV(text).rows {
                for column in columns {
                    let field = try #require(row[column])
                    if field.isEmpty { continue }
                    let value = try #require(Double(field), "\(column): \(field)")
                    if text == summary && ["traces", "intended_finish", "intended_cancel", "started", "skipped"].contains(column) {
                        #expect(field == String(Int(value)), "counts are integers: \(column) \(field)")
                        continue
                    }
                    #expect(field == NumberFormatting.string(value), "\(column): \(field)")
                    #expect(field == value.description, "\(column): \(field)")
                    if value == value.rounded() && value.isFinite { integralSeen += 1 }
                }
            }
        }
        #expect(integralSeen > 0, "the hand-made traces give integral rates and jumps (1.0, 0.0)")
    }

    @Test func jsonIsAnArrayOfRowsKeyedByColumn() throws {
        let output = try report("json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(rows.count == BehaviorCommand.builtInChoices.count)
        #expect(rows.allSatisfy { Set($0.keys) == Set(BehaviorSummary.columns + BehaviorSummary.modelColumns) })
        #expect(rows.map { $0["model"] as? String } == [
            "classic", "classic-004", "cupertino", "physics", "physics-minimum-jerk", "android-sheet", "compose-anchored", "floatingpanel", "android-pager",
        ])
        // No intended-cancel traces would make the cancel rate null, not 0.
        #expect((rows[3]["intent_match_rate"] as? Double) == 1)
        #expect(rows[0]["cancelled_of_intended_cancel"] as? Double == 1)
    }

    /// A JSON string holds any text (a file name is the `source`): quotes, backslashes and
    /// control characters escaped, the rest as is, read back equal by a JSON parser.
    @Test func jsonStringsReadBackEqual() throws {
        let texts = ["plain", "", "say \"hi\"", "back\\slash", "tab\tnew\nline\r", "\u{1}\u{1f}", "naïve ✓ 🚀", "physics(response 0.3 s, damping ratio 1.0)"]
        for text in texts {
            let json = BehaviorReport.jsonString(text)
            let read = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
            #expect(read == [text], "\(text.debugDescription) as \(json)")
        }
        #expect(BehaviorReport.jsonString("a\u{1}") == "\"a\\u0001\"")
    }

    /// The text table: the source's heading with the counts its rows share, two header lines,
    /// one row per model, numbers right-aligned (every row ends where the header ends), within a
    /// terminal's width.
    @Test func tableIsAligned() throws {
        let output = try report("table")
        // The table, then a blank line and the line saying where the other columns are.
        #expect(output.hasSuffix("\n\n" + BehaviorReport.restOfTheColumns + "\n"))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init)
        #expect(lines.count == 3 + BehaviorCommand.builtInChoices.count)
        #expect(lines[0] == "hand.csv: 4 traces, 2 meant to finish, 2 meant to cancel, 4 started")
        #expect(lines[1].hasSuffix("visual") && lines[2].hasPrefix("model ") && lines[2].hasSuffix("s p90"))
        #expect(Set(lines.dropFirst().map(\.count)).count == 1)
        #expect(lines[3].hasPrefix("classic ") && !lines[3].contains("hand.csv"))
        #expect(lines.allSatisfy { $0.count <= BehaviorReport.terminalWidth })
        // One field per column shown: the model, then a number (or "-") under each header.
        let shown = BehaviorReport.textColumns.filter { $0.plain && !["model", "pareto"].contains($0.column) }.count
        #expect(lines.dropFirst(3).allSatisfy { $0.split(separator: " ").count == 1 + shown })
    }

    @Test func emptyRateIsADashInTheTable() {
        #expect(BehaviorReport.tableField(.rate(nil)) == "-")
        var csv = CSVWriter()
        BehaviorReport.csvField(.rate(nil), into: &csv)
        BehaviorReport.csvField(.rate(1), into: &csv)
        BehaviorReport.csvField(.count(3), into: &csv)
        #expect(csv.text == ",1.0,3")
        #expect(BehaviorReport.fixed(0.98765, decimals: 4) == "0.9877")
        #expect(BehaviorReport.fixed(-0.00001, decimals: 3) == "0.000")
        #expect(BehaviorReport.fixed(12.5, decimals: 3) == "12.500")
    }

    @Test func perTraceFileIsWrittenAtomically() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        let file = directory.appendingPathComponent("per-trace.csv")
        _ = try report("csv", extra: ["--per-trace", file.path])
        let text = try String(contentsOf: file, encoding: .utf8)
        let (header, rows) = parseCSV(text)
        #expect(header == PerTraceWriter.columns)
        #expect(rows.count == 4 * BehaviorCommand.builtInChoices.count, "4 traces x the built-ins")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["per-trace.csv"], "no temporary left")
        let b = try #require(rows.first { $0["trace_id"] == "B" && $0["model"] == "physics" })
        #expect(b["decision"] == "finish" && b["intent"] == "finish" && b["user_id"] == "u1" && b["device_id"] == "d1")
        #expect(Double(b["release_progress"]!)! == 0.3)
        #expect(abs(Double(b["release_velocity_per_s"]!)! - 5) < 1e-9)
        #expect(b["velocity_jump_per_s"] == "0.0")
        let c = try #require(rows.first { $0["trace_id"] == "C" && $0["model"] == "classic" })
        #expect(c["decision"] == "cancel" && c["projected_progress"] == "")
        #expect(abs(Double(c["completion_time_s"]!)! - 0.045) < 1e-12)
    }

    /// A failed --per-trace write leaves the previous file as it was and no temporary file.
    @Test func failedPerTraceWriteLeavesThePreviousFile() throws {
        let directory = try HandMadeTraces.temporaryDirectory()
        // The target's folder does not exist.
        let missing = directory.appendingPathComponent("absent/per-trace.csv")
        #expect(throws: BehaviorError.self) { _ = try report("csv", extra: ["--per-trace", missing.path]) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        // The target is a non-empty directory: the data is written, the rename fails.
        let target = directory.appendingPathComponent("per-trace.csv")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try "previous\n".write(to: target.appendingPathComponent("kept"), atomically: false, encoding: .utf8)
        do {
            _ = try report("csv", extra: ["--per-trace", target.path])
            Issue.record("writing over a directory succeeded")
        } catch let error as BehaviorError {
            #expect("\(error)".contains("cannot write \(target.path)"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["per-trace.csv"], "no temporary left")
        #expect(try String(contentsOf: target.appendingPathComponent("kept"), encoding: .utf8) == "previous\n")
    }

    /// Broken files: each is refused with the file, the line and the reason; nothing is counted.
    @Test(arguments: [
        (5, "A,u1,d1,abc,100,500,move,400,finish", "t_ms"),
        (5, "A,u1,d1,40,100,500,hover,400,finish", "phase"),
        (5, "A,u1,d1,40,100,500,move,400", "fields"),
        (5, "A,u1,d1,40,nan,500,move,400,finish", "x_px"),
        (5, "A,u1,d1,5,100,500,move,400,finish", "backwards"),
    ])
    func brokenFileIsRefused(line: Int, replacement: String, reasonMentions: String) throws {
        var lines = HandMadeTraces.csv.split(separator: "\n").map(String.init)
        lines[line - 1] = replacement
        let broken = try HandMadeTraces.write(lines.joined(separator: "\n") + "\n", name: "broken.csv")
        let good = try HandMadeTraces.write(HandMadeTraces.csv)
        let command = try BehaviorCommand.parse(["--traces", good.path, "--traces", broken.path])
        do {
            _ = try command.report(currentDirectory: broken.deletingLastPathComponent()) { _ in }
            Issue.record("a broken file was accepted")
        } catch let error as BehaviorError {
            // The stand-in reader writes `file:line:column: reason`; the real reader's wording may
            // differ, so accept `file:line:` or `line N` and ask for the reason only loosely.
            let text = "\(error)"
            #expect(text.contains(broken.path), "\(text)")
            #expect(text.contains("\(broken.path):\(line):") || text.contains("line \(line)"), "\(text)")
            #expect(text.lowercased().contains(reasonMentions) || text.count > "\(broken.path):\(line):".count + 60, "\(text)")
            #expect(text.contains("nothing was counted"))
        }
    }

    /// (`report` rather than `run`, which would print the refusal into the test log; the
    /// binary's own exit status is checked as a user sees it in `TraceUnitWarningTests` and the
    /// fuzz tests.)
    @Test func brokenFileExitsWithDataError() throws {
        let broken = try HandMadeTraces.write(HandMadeTraces.header + "\nA,u1,d1,0,1,2,move,400,finish\n", name: "broken.csv")
        let command = try BehaviorCommand.parse(["--traces", broken.path])
        let error = try #require(throws: BehaviorError.self) {
            try command.report(currentDirectory: broken.deletingLastPathComponent()) { _ in }
        }
        #expect(error.exitStatus == .dataError)
    }

    @Test func absentDefaultFileIsReported() throws {
        let empty = try HandMadeTraces.temporaryDirectory()
        let command = try BehaviorCommand.parse(["--synthetic", "12", "--builtin", "classic"])
        var notes: [String] = []
        let output = try command.report(currentDirectory: empty, packageRoot: empty) { notes.append($0) }
        #expect(notes.first?.contains("no recorded traces") == true)
        #expect(notes.first?.contains("bioident-gallery-swipes.csv") == true)
        // The current directory is the package root here: the one place is named once.
        let named = notes.first.map { $0.components(separatedBy: "bioident-gallery-swipes.csv").count - 1 }
        #expect(named == 2, "the notice names a path twice (or not at all): \(notes.first ?? "")")
        #expect(output.contains("synthetic"))
        #expect(throws: BehaviorError.noTraces) {
            try BehaviorCommand.parse([]).report(currentDirectory: empty, packageRoot: empty) { _ in }
        }
    }

    @Test func usageErrors() {
        #expect(throws: (any Error).self) { try BehaviorCommand.parse(["--builtin", "linear"]) }
        #expect(throws: (any Error).self) { try BehaviorCommand.parse(["--format", "xml"]) }
        #expect(throws: (any Error).self) { try BehaviorCommand.parse(["--response", "-1"]) }
        #expect(throws: (any Error).self) { try BehaviorCommand.parse(["--estimator", "psychic"]) }
    }

    @Test func modelSelection() throws {
        #expect(try BehaviorCommand.parse([]).models().map(\.name) == [
            "classic", "classic-004", "cupertino", "physics", "physics-minimum-jerk", "android-sheet", "compose-anchored", "floatingpanel", "android-pager",
        ])
        // A platform's rule runs on the scalar path, its model built for each trace.
        let rule = try #require(try BehaviorCommand.parse(["--builtin", "compose-anchored"]).models().first)
        #expect(rule.name == "compose-anchored" && rule.lanes == nil && rule.modelForTrace != nil)
        #expect(try BehaviorCommand.parse(["--builtin", "physics", "--builtin", "classic"]).models().map(\.name) == ["physics", "classic"])
        // The sweep's flags configure variants: lists are axes, each combination a row.
        let variants = try BehaviorCommand.parse(["--model", "physics", "--response", "0.2,0.3"]).models().map(\.name)
        #expect(variants.count == 2)
        #expect(variants[0].hasPrefix("physics(response 0.2 s, damping ratio 1.0"))
        #expect(variants[1].hasPrefix("physics(response 0.3 s"))
        // Built-ins and variants together.
        #expect(try BehaviorCommand.parse(["--builtin", "classic", "--model", "cupertino"]).models().map(\.name) == ["classic", "cupertino"])
    }

    @Test func rootCommandHasBehavior() {
        #expect(TransitionBenchCommand.configuration.subcommands.contains { $0.configuration.commandName == "behavior" })
    }
}
