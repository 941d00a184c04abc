import Foundation
import Testing
import ToolTestSupport
import TransitionSweep
@testable import TransitionBench
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// The runner's counting on the hand-made file, against answers worked out from the rules:
/// classic finishes iff p > 0.5 (time (1 - p) 0.3 s or p 0.3 s, easeInOut starts at velocity 0,
/// so the jump is |v|); classic-004 uses p and v over 200 px and the last changed flag;
/// cupertino flings on |v| >= 1 (finish floor(800 (1 - p)) ms, cancel min(floor(800 p), 300) ms);
/// physics projects p + 0.499 v (discrete, 0.998) against 0.5 and springs on with the finger's
/// velocity (jump 0).
@Suite struct BehaviorCountingTests {
    static let tolerance = 1e-9

    func summaries() throws -> [String: [String: String]] {
        let url = try HandMadeTraces.write(HandMadeTraces.csv)
        let command = try BehaviorCommand.parse(["--traces", url.path, "--format", "csv"])
        let output = try command.report(currentDirectory: url.deletingLastPathComponent()) { _ in }
        let (_, rows) = parseCSV(output)
        #expect(rows.count == BehaviorCommand.builtInChoices.count)
        #expect(rows.allSatisfy { $0["source"] == "hand.csv" && $0["traces"] == "4" && $0["started"] == "4" })
        #expect(rows.allSatisfy { $0["intended_finish"] == "2" && $0["intended_cancel"] == "2" })
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["model"]!, $0) })
    }

    func expect(_ row: [String: String]?, _ column: String, _ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = row?[column].flatMap(Double.init)
        #expect(actual != nil && abs(actual! - value) <= Self.tolerance * max(1, abs(value)),
                "\(column): \(row?[column] ?? "missing") != \(value)", sourceLocation: sourceLocation)
    }

    @Test func classic() throws {
        let row = try summaries()["classic"]
        // A finishes (0.625), B cancels (0.3), C and D cancel.
        expect(row, "finished_of_intended_finish", 0.5)
        expect(row, "cancelled_of_intended_cancel", 1)
        expect(row, "intent_match_rate", 0.75)
        // Jumps |v|: A 0, B 5, C 2.5, D 0 -> sorted 0, 0, 2.5, 5.
        expect(row, "median_velocity_jump_per_s", 1.25)
        expect(row, "p90_velocity_jump_per_s", 2.5 + 0.7 * 2.5)
        // Times: A 0.375*0.3, B 0.3*0.3, C 0.15*0.3, D 0.4*0.3 -> 0.045, 0.09, 0.1125, 0.12.
        expect(row, "median_completion_time_s", (0.09 + 0.1125) / 2)
        expect(row, "p90_completion_time_s", 0.1125 + 0.7 * (0.12 - 0.1125))
        expect(row, "median_overshoot", 0)
    }

    @Test func classic004() throws {
        let row = try summaries()["classic-004"]
        // Over 200 px: A 1 (clamped) finish, B 0.6 finish, C 0.3 cancel, D 0.8 finish.
        expect(row, "finished_of_intended_finish", 1)
        expect(row, "cancelled_of_intended_cancel", 0.5)
        expect(row, "intent_match_rate", 0.75)
        // Jumps |v| over 200 px: 0, 10, 5, 0.
        expect(row, "median_velocity_jump_per_s", 2.5)
        expect(row, "p90_velocity_jump_per_s", 5 + 0.7 * 5)
        // Times: A 0, B 0.4*0.3, C 0.3*0.3, D 0.2*0.3 -> 0, 0.06, 0.09, 0.12.
        expect(row, "median_completion_time_s", 0.075)
        expect(row, "p90_completion_time_s", 0.09 + 0.7 * 0.03)
    }

    @Test func cupertino() throws {
        let row = try summaries()["cupertino"]
        // A at rest past 0.5 finishes, B flings forward, C flings back, D at rest below 0.5 cancels.
        expect(row, "finished_of_intended_finish", 1)
        expect(row, "cancelled_of_intended_cancel", 1)
        expect(row, "intent_match_rate", 1)
        // Times: A 300 ms, B 560 ms, C min(120, 300) ms, D min(320, 300) ms.
        expect(row, "median_completion_time_s", 0.3)
        expect(row, "p90_completion_time_s", 0.3 + 0.7 * 0.26)
    }

    @Test func physics() throws {
        let row = try summaries()["physics"]
        expect(row, "finished_of_intended_finish", 1)
        expect(row, "cancelled_of_intended_cancel", 1)
        expect(row, "intent_match_rate", 1)
        expect(row, "median_velocity_jump_per_s", 0)
        expect(row, "p90_velocity_jump_per_s", 0)
        expect(row, "median_overshoot", 0)
        let settle = { HandMadeTraces.criticallyDampedSettleTime(x0: $0, v0: $1) }
        let times = [settle(-0.375, 0), settle(-0.7, 5), settle(0.15, -2.5), settle(0.4, 0)].sorted()
        expect(row, "median_completion_time_s", (times[1] + times[2]) / 2)
        expect(row, "p90_completion_time_s", times[2] + 0.7 * (times[3] - times[2]))
    }

    /// The minimum-jerk preset decides as physics and completes in the quintic's duration: from
    /// rest the closed form sqrt(10 / sqrt(3) D / A), moving the shortest within A = 120 widths/s².
    @Test func physicsMinimumJerk() throws {
        let rows = try summaries()
        let row = rows["physics-minimum-jerk"]
        for column in ["finished_of_intended_finish", "cancelled_of_intended_cancel", "intent_match_rate"] {
            #expect(row?[column] == rows["physics"]?[column])
        }
        expect(row, "median_velocity_jump_per_s", 0)
        expect(row, "p90_velocity_jump_per_s", 0)
        expect(row, "median_overshoot", 0)
        let limit = ProjectedSpringModel.defaultCompletionPeakAcceleration
        let fromRest = { (d: Double) in (10 / 3.0.squareRoot() * d / limit).squareRoot() }
        let moving = { (x0: Double, v0: Double) -> Double in
            let curve = PhysicsCompletionShape.minimumJerk(.peakAcceleration(limit)).curve(
                start: x0, startVelocity: v0, target: 0, spring: ProjectedSpringModel.defaultSpring, overshoot: .allow)
            return curve.fixedDuration ?? .nan
        }
        let times = [fromRest(0.375), moving(-0.7, 5), moving(0.15, -2.5), fromRest(0.4)].sorted()
        expect(row, "median_completion_time_s", (times[1] + times[2]) / 2)
        let visual = try #require(Double(row?["median_visual_completion_s"] ?? ""))
        #expect(visual > 0 && visual < (times[1] + times[2]) / 2)
    }

    /// The platforms' sheet and pager rules on the hand-made traces (400 px read as points, 1
    /// pixel per point): every one honours the four intents, two detents being expanded (0) and
    /// hidden (1), or this page and the next.
    /// Android: A at rest released low hides, B at 2,000 px/s (over 500) hides, C moving up and D
    /// at rest not low expand. Compose: A and D at rest go to the nearer end, B and C are over
    /// 125 dp/s (0.3125 travels/s). FloatingPanel: A at rest past 0.5 forward from 0, B and C
    /// project past an end, D at rest short of 0.5. Android's pager: A at rest is past 0.6 of the
    /// page, B (120 px, 2,000 px/s) and C (60 px, 1,000 px/s) are flings past 25 dp and 400 dp/s,
    /// D at rest is short of 0.6.
    @Test(arguments: PlatformSheetRule.allCases)
    func platformRulesHonourTheIntents(rule: PlatformSheetRule) throws {
        let row = try summaries()[rule.rawValue]
        expect(row, "finished_of_intended_finish", 1)
        expect(row, "cancelled_of_intended_cancel", 1)
        expect(row, "intent_match_rate", 1)
    }

    /// Compose's tween is 300 ms whatever the distance; Android's settle, worked out:
    /// A 150 px at rest (150/400 + 1) × 256 = 352 ms; B 280 px at 2,000 px/s
    /// 4 × round(1000 × (200 + 200 sin(0.2 × 0.15π)) / 2000) = 436 ms; C 60 px at 1,000 px/s
    /// 4 × 167 = 668, capped at 600 ms; D 160 px at rest (0.4 + 1) × 256 = 358 ms. Android's
    /// pager, the same distance influence but 100 ms a page at rest: A (150/400 + 1) × 100 =
    /// 137 ms, B 436 ms, C 600 ms, D (160/400 + 1) × 100 = 140 ms.
    @Test func platformCompletionTimes() throws {
        let rows = try summaries()
        expect(rows["compose-anchored"], "median_completion_time_s", 0.3)
        expect(rows["compose-anchored"], "p90_completion_time_s", 0.3)
        expect(rows["android-sheet"], "median_completion_time_s", (0.358 + 0.436) / 2)
        expect(rows["android-sheet"], "p90_completion_time_s", 0.436 + 0.7 * (0.6 - 0.436))
        expect(rows["android-pager"], "median_completion_time_s", (0.14 + 0.436) / 2)
        expect(rows["android-pager"], "p90_completion_time_s", 0.436 + 0.7 * (0.6 - 0.436))
    }

    /// A trace that never starts (outside an edge zone) counts as a cancel and leaves the medians.
    @Test func notStartedCountsAsCancel() throws {
        let url = try HandMadeTraces.write(HandMadeTraces.csv)
        let sets = try TraceSources.recorded([url])
        let runner = GestureRunner(
            model: ProjectedSpringModel(), estimator: LeastSquaresVelocityEstimator(),
            settings: ReplaySettings(edgeZone: .init(edgePosition: 0, width: 50)))
        let results = BehaviorBenchmark(models: [BenchModel(name: "edge", runner: runner)]).run(sets)
        let row = try #require(results.summaries().first)
        #expect(row.started == 0)
        #expect(row.finishedOfIntendedFinish == 0)
        #expect(row.cancelledOfIntendedCancel == 1)
        #expect(row.intentMatchRate == 0.5)
        #expect(row.medianVelocityJump == nil && row.medianCompletionTime == nil)
    }

    /// Chunked parallel replay equals replaying each trace alone, whatever the chunking.
    @Test func parallelRunEqualsSerial() throws {
        let set = TraceSources.synthetic(count: 300, seed: 7)
        let models = ReleaseModelPreset.allCases.map { $0.benchModel() }
        let results = BehaviorBenchmark(models: models).run([set])
        for (t, trace) in set.traces.enumerated() {
            for (m, model) in models.enumerated() {
                #expect(results.outcome(set: 0, trace: t, model: m) == model.runner.run(trace).outcome, "trace \(trace.id), model \(model.name)")
            }
        }
    }

    /// A synthetic set's rows, read in one pass for the set and its families, equal each
    /// population summarized alone from its own traces and outcomes.
    @Test func setAndFamilyRowsEqualEachPopulationAlone() throws {
        let set = TraceSources.synthetic(count: 240, seed: 5)
        let models = ReleaseModelPreset.allCases.map { $0.benchModel() }
        let results = BehaviorBenchmark(models: models).run([set])
        let table = results.summaries()
        let families = Set(set.traces.compactMap(\.family)).sorted()
        for (m, model) in models.enumerated() {
            for (source, members) in [("synthetic", set.traces.indices.map { $0 })]
                + families.map({ family in ("synthetic/\(family)", set.traces.indices.filter { set.traces[$0].family == family }) }) {
                let expected = BehaviorSummary(
                    model: model.name, source: source, traces: members.map { set.traces[$0] },
                    outcomes: members.map { results.outcome(set: 0, trace: $0, model: m) })
                #expect(table.filter { $0.model == model.name && $0.source == source } == [expected], "\(model.name), \(source)")
            }
        }
    }

    /// Every family has a row per model, families alphabetically after the overall row.
    @Test func syntheticRows() throws {
        let command = try BehaviorCommand.parse(["--no-recorded", "--synthetic", "60", "--seed", "3", "--builtin", "physics", "--format", "csv"])
        let output = try command.report(currentDirectory: URL(fileURLWithPath: "/")) { _ in }
        let sources = parseCSV(output).rows.map { $0["source"]! }
        let families = Set(TraceSources.synthetic(count: 60, seed: 3).traces.compactMap(\.family)).sorted()
        #expect(families.count == 6, "every synthetic family in 60 gestures")
        #expect(sources == ["synthetic"] + families.map { "synthetic/\($0)" })
        #expect(try command.report(currentDirectory: URL(fileURLWithPath: "/")) { _ in } == output, "seeded: same output twice")
    }
}

/// `--skip-invalid-traces` on the hand-made file with a malformed stroke of each kind among the
/// four valid traces (`HandMadeTraces.malformed`): exactly the four are counted, as if the file
/// held only them, and each malformed stroke is skipped for its own reason at its own line.
@Suite struct SkippedStrokeCountingTests {
    /// Rows keyed by model, without the skipped column.
    func rowsWithoutSkipped(_ csv: String) -> [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: parseCSV(csv).rows.map { row in
            var row = row
            row["skipped"] = nil
            return (row["model"]!, row)
        })
    }

    @Test func exactlyTheValidStrokesAreCounted() throws {
        let (text, expected) = HandMadeTraces.malformed
        let url = try HandMadeTraces.write(text, name: "hand.csv")
        let clean = try HandMadeTraces.write(HandMadeTraces.csv, name: "hand.csv")
        let arguments = ["--format", "csv", "--skip-invalid-traces"]
        let skipping = try BehaviorCommand.parse(["--traces", url.path] + arguments)
        let output = try skipping.report(currentDirectory: url.deletingLastPathComponent()) { _ in }
        let reference = try BehaviorCommand.parse(["--traces", clean.path] + arguments)
            .report(currentDirectory: clean.deletingLastPathComponent()) { _ in }
        #expect(parseCSV(output).rows.allSatisfy { $0["skipped"] == "\(expected.count)" && $0["traces"] == "4" })
        #expect(parseCSV(reference).rows.allSatisfy { $0["skipped"] == "0" })
        #expect(rowsWithoutSkipped(output) == rowsWithoutSkipped(reference), "the valid strokes count as on their own")

        let set = try #require(try TraceSources.recorded([url], malformedStrokes: .skip).first)
        #expect(set.traces.map(\.id) == ["A", "B", "C", "D"])
        let skipped = set.skipped.map {
            HandMadeTraces.Malformed(id: $0.traceID ?? "", problem: $0.defect.problem, line: $0.defect.line, lines: $0.lines)
        }
        #expect(skipped == expected)
        #expect(expected.map(\.problem) == [.rowAfterEnd, .traceNotEnded, .repeatedSample, .timeDecreasing, .notANumber, .invalidIdentifier])
    }

    /// Standard error: the count per reason, then the first five with file, line and reason.
    @Test func notesNameFileLineAndReason() throws {
        let (text, expected) = HandMadeTraces.malformed
        let url = try HandMadeTraces.write(text, name: "hand.csv")
        var notes: [String] = []
        _ = try BehaviorCommand.parse(["--traces", url.path, "--skip-invalid-traces", "--builtin", "physics"])
            .report(currentDirectory: url.deletingLastPathComponent()) { notes.append($0) }
        #expect(notes.first == "hand.csv: skipped 6 malformed strokes (non-numeric field 1, invalid identifier 1, decreasing timestamp 1, repeated timestamp and position 1, samples after lift-off 1, no lift-off 1); counted 4")
        for (note, stroke) in zip(notes.dropFirst(), expected.prefix(SkippedStrokesReport.listedPerFile)) {
            #expect(note.hasPrefix("\(url.path):\(stroke.line): skipped stroke \"\(stroke.id)\" (lines \(stroke.lines.lowerBound)-\(stroke.lines.upperBound)), \(stroke.problem.phrase):"), "\(note)")
        }
        #expect(notes[6] == "hand.csv: ... and 1 more skipped strokes")
        #expect(notes[7] == "4 recorded traces declare no pixels_per_point: their pixels are read as points (the fling cap of 8000 points/s is applied as 8000 pixels/s; docs/traces.md)")
        #expect(notes[8].hasPrefix("behavior: 4 traces x 1 models"))
    }

    /// Without the flag the file is refused at its first defect, as before.
    @Test func withoutTheFlagTheFileIsRefused() throws {
        let (text, expected) = HandMadeTraces.malformed
        let url = try HandMadeTraces.write(text, name: "hand.csv")
        do {
            _ = try BehaviorCommand.parse(["--traces", url.path]).report(currentDirectory: url.deletingLastPathComponent()) { _ in }
            Issue.record("a file with malformed strokes was accepted without --skip-invalid-traces")
        } catch let error as BehaviorError {
            #expect(error.exitStatus == .dataError)
            #expect("\(error)".contains("\(url.path):\(expected[0].line): column phase"), "\(error)")
        }
    }

    /// The table says it below the rows.
    @Test func tableFooterSaysHowManyWereSkipped() throws {
        let url = try HandMadeTraces.write(HandMadeTraces.malformed.text, name: "hand.csv")
        let table = try BehaviorCommand.parse(["--traces", url.path, "--skip-invalid-traces"])
            .report(currentDirectory: url.deletingLastPathComponent()) { _ in }
        #expect(table.contains("\nhand.csv: skipped 6 malformed strokes (non-numeric field 1, invalid identifier 1, decreasing timestamp 1, repeated timestamp and position 1, samples after lift-off 1, no lift-off 1), not counted above\n"))
        let clean = try HandMadeTraces.write(HandMadeTraces.csv, name: "hand.csv")
        let cleanTable = try BehaviorCommand.parse(["--traces", clean.path, "--skip-invalid-traces"])
            .report(currentDirectory: clean.deletingLastPathComponent()) { _ in }
        #expect(!cleanTable.contains("skipped "), "no footer when nothing was skipped")
    }

    /// The real binary, as a user runs it: exit codes and standard error.
    @Test func commandLine() throws {
        let (text, expected) = HandMadeTraces.malformed
        let url = try HandMadeTraces.write(text, name: "hand.csv")
        let refused = try Binary.run(["behavior", "--no-recorded", "--traces", url.path], executable: Binary.benchURL, timeoutSeconds: 120)
        #expect(refused.status == ExitStatus.dataError.rawValue, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(url.path):\(expected[0].line):"), "\(refused.stderr)")
        #expect(refused.text.isEmpty)

        let skipped = try Binary.run(
            ["behavior", "--no-recorded", "--traces", url.path, "--skip-invalid-traces", "--format", "csv"],
            executable: Binary.benchURL, timeoutSeconds: 120)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(!parseCSV(skipped.text).rows.isEmpty, "one row per built-in model")
        #expect(parseCSV(skipped.text).rows.allSatisfy { $0["skipped"] == "6" && $0["traces"] == "4" })
        let errorLines = skipped.stderr.split(separator: "\n").map(String.init)
        #expect(errorLines.first?.hasPrefix("transition-bench: hand.csv: skipped 6 malformed strokes (") == true, "\(skipped.stderr)")
        for stroke in expected.prefix(SkippedStrokesReport.listedPerFile) {
            #expect(errorLines.contains { $0.hasPrefix("transition-bench: \(url.path):\(stroke.line): skipped stroke \"\(stroke.id)\"") },
                    "\(stroke.id) at line \(stroke.line) not listed: \(skipped.stderr)")
        }

        // Only malformed strokes: nothing to run, a data error.
        let onlyMalformed = try HandMadeTraces.write(HandMadeTraces.header + "\nz,u1,d1,0,1,2,move,400,finish\n", name: "bad.csv")
        let nothing = try Binary.run(
            ["behavior", "--no-recorded", "--traces", onlyMalformed.path, "--skip-invalid-traces"],
            executable: Binary.benchURL, timeoutSeconds: 120)
        #expect(nothing.status == ExitStatus.dataError.rawValue && nothing.stderr.contains("all 1 strokes of the trace files were malformed"), "\(nothing.stderr)")
        // A malformed file (here its header) is refused even with the flag.
        let badHeader = try HandMadeTraces.write("trace_id,t_ms\n" + text.split(separator: "\n").dropFirst().joined(separator: "\n"), name: "header.csv")
        let header = try Binary.run(
            ["behavior", "--no-recorded", "--traces", badHeader.path, "--skip-invalid-traces"],
            executable: Binary.benchURL, timeoutSeconds: 120)
        #expect(header.status == ExitStatus.dataError.rawValue && header.stderr.contains("\(badHeader.path):1:"), "\(header.stderr)")
    }
}

@Suite struct QuantileTests {
    @Test func linearInterpolation() {
        #expect(quantile([], 0.5) == nil)
        #expect(quantile([3], 0.9) == 3)
        #expect(quantile([1, 2], 0.5) == 1.5)
        #expect(quantile([1, 2, 3, 4, 5], 0.5) == 3)
        #expect(quantile([0, 10], 0.9) == 9)
        #expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) == 9.1) // numpy: 9.1
        #expect(quantile([1, .infinity], 0.5) == .infinity)
        #expect(quantile([.infinity, .infinity], 0.5) == .infinity)
    }
}

/// `--direction fixed-positive` benches a back swipe (the README's mapping, the UIKit adapter's
/// default): progress grows along x only, so a leftward drag stays at 0 and cancels.
@Suite struct FixedDirectionTests {
    @Test func fixedDirectionsParseToTheMappingsFixedRule() throws {
        let positive = try BehaviorCommand.parse(["--direction", "fixed-positive"]).replay.settings
        #expect(positive.direction == .fixed(positive: true))
        let negative = try BehaviorCommand.parse(["--direction", "fixed-negative"]).replay.settings
        #expect(negative.direction == .fixed(positive: false))
        #expect(throws: (any Error).self) { try BehaviorCommand.parse(["--direction", "fixed"]) }
    }

    @Test func aLeftwardFlickCancelsABackSwipe() {
        var leftward = [TouchSample(time: 0, x: 300, phase: .began)]
        for i in 1...6 { leftward.append(TouchSample(time: Double(i) / 60, x: 300 - 20 * Double(i), phase: .changed)) }
        leftward.append(TouchSample(time: 0.104, x: 180, phase: .ended))
        let trace = GestureTrace(id: "left", samples: leftward, travel: 390)
        let back = GestureRunner(model: ProjectedSpringModel(), settings: ReplaySettings(directionRule: .fixedPositive)).run(trace)
        let pager = GestureRunner(model: ProjectedSpringModel(), settings: ReplaySettings()).run(trace)
        #expect(back.releaseProgress == 0 && back.decision == .cancel)
        #expect(pager.releaseProgress > 0.3 && pager.decision == .finish)
    }
}
