import ArgumentParser
import Foundation
import Testing
import ToolTestSupport
import TransitionCSV
import TransitionLab
import TransitionPhysics
@testable import TransitionSweep

/// The spring's derived quantities at the edges of double precision: every pair and every
/// triple of spring parameters (stiffness, damping, mass, response, damping ratio), and the
/// classic model's duration and completion speed under each completion curve, each at values
/// from 0 and the smallest subnormal to the largest double. Each combination goes through the
/// sweep's own path (flags parsed, `RunCommand.plan`, the scalar evaluator, the CSV formatter):
/// either the plan is refused with a `ValidationError` naming a flag (exit 64), or every cell
/// of the row is a number the tools can use: no `nan` anywhere, every parameter column finite
/// (the spring's derived forms included), and every metric finite except the completion times
/// of a spring that never settles (`inf`, documented).
@Suite("Derived quantities at the edges of double precision")
struct DerivedQuantityFuzzTests {
    static let values = [
        "0", "5e-324", "1e-320", "2.2250738585072014e-308", "1e-300", "1e-160", "1e-9", "0.5", "1", "1e9", "1e160",
        "1e300", "1.7976931348623157e308",
    ]
    /// The triples' values: the extremes and one ordinary value per decade band.
    static let tripleValues = ["0", "5e-324", "2.2250738585072014e-308", "1e-9", "1", "1e300", "1.7976931348623157e308"]
    static let springFlags = ["stiffness", "damping", "mass", "response", "damping-ratio"]

    /// Every combination of `size` flags out of `flags`, in order.
    static func combinations(_ flags: [String], _ size: Int) -> [[String]] {
        guard size > 0 else { return [[]] }
        guard flags.count >= size else { return [] }
        let first = flags[0], rest = Array(flags.dropFirst())
        return combinations(rest, size - 1).map { [first] + $0 } + combinations(rest, size)
    }

    /// Every assignment of `values` to `flags`, as command-line arguments.
    static func assignments(_ flags: [String], _ values: [String]) -> [[String]] {
        var result: [[String]] = [[]]
        for flag in flags { result = result.flatMap { prefix in values.map { prefix + ["--\(flag)", $0] } } }
        return result
    }

    /// The command `fixed` parses to (the flags every combination of a test shares), parsed once:
    /// ArgumentParser's parse of a whole command line takes some 50 ms in a debug build, most of
    /// the test's time when every combination went through it.
    static func command(_ fixed: [String]) throws -> RunCommand {
        let flags = ["--release-progress", "0.5", "--release-velocity", "1", "--quiet"] + fixed
        return try #require(try TransitionSweepCommand.parseAsRoot(flags) as? RunCommand)
    }

    /// Runs the sweep's path on `fixed` and `varied` (one release): nil when refused with a
    /// message naming a flag, else the CSV row. Records an issue for anything else. The varied
    /// flags go into the parsed `base` as ArgumentParser stores them (`ModelOptions.fill`: the
    /// text as typed); with `parsed` the whole command line is parsed again as well, and both
    /// paths must give the same row or refusal.
    static func row(
        _ base: RunCommand, _ fixed: [String], _ varied: [String], evaluate: Bool = true, parsed: Bool = false
    ) -> String? {
        var command = base
        for i in stride(from: 0, to: varied.count, by: 2) {
            let known = command.models.fill(flag: String(varied[i].dropFirst(2)), with: varied[i + 1])
            #expect(known, "\(varied[i]) is no flag of ModelOptions")
        }
        let viaFill = row(command, fixed + varied, evaluate: evaluate)
        if parsed {
            let call = "transition-sweep \((fixed + varied).joined(separator: " "))"
            do {
                let viaParse = row(try Self.command(fixed + varied), fixed + varied, evaluate: evaluate)
                #expect(viaParse == viaFill, "\(call): parsed \(viaParse ?? "refused"), filled \(viaFill ?? "refused")")
            } catch {
                // ArgumentParser refuses a value it cannot parse as a number (also exit 64).
                let message = TransitionSweepCommand.message(for: error)
                #expect(message.contains("--"), "\(call): \(message)")
                #expect(viaFill == nil, "\(call): ArgumentParser refused it, the plan did not: \(message)")
            }
        }
        return viaFill
    }

    /// The plan, evaluation and row of `command` (typed as `arguments`).
    static func row(_ command: RunCommand, _ arguments: [String], evaluate: Bool) -> String? {
        let call = "transition-sweep \(arguments.joined(separator: " "))"
        let plan: RunCommand.Plan
        do {
            plan = try command.plan(environment: [:])
        } catch let error as ValidationError {
            #expect(error.message.hasPrefix("--"), "\(call): the message names no flag: \(error.message)")
            return nil
        } catch {
            Issue.record("\(call): \(error)")
            return nil
        }
        var chunk = EvaluatedChunk(rows: plan.rows)
        chunk.projectedProgress = chunk.projectedProgress.map { _ in 0 }
        if evaluate { chunk = ScalarEvaluator(grid: plan.grid).evaluate(rows: plan.rows) }
        let buffer = ByteBuffer(capacity: 4096)
        CSVRowFormatter(grid: plan.grid).format(chunk, into: buffer, cache: DoubleTextCache())
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Checks one output row: no NaN, parameters finite, metrics finite except an unsettled
    /// spring's completion times.
    static func check(_ text: String, _ arguments: [String]) {
        let call = "transition-sweep \(arguments.joined(separator: " "))"
        let columns = SweepGrid.columns
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(cells.count == columns.count, "\(call): \(cells.count) cells: \(line)")
            for (column, cell) in zip(columns, cells) where !cell.isEmpty {
                guard let x = Double(cell) else { continue }  // a name (model, decision, choice)
                #expect(!x.isNaN, "\(call): \(column) is nan: \(line)")
                let mayBeInfinite = column == "completion_time_s" || column == "visual_completion_time_s"
                if !mayBeInfinite { #expect(x.isFinite, "\(call): \(column) is \(cell): \(line)") }
            }
        }
    }

    /// Every combination's parameter cells (the derived spring forms) are checked; its metrics
    /// are computed for every pair and every 16th triple (the plan and the metrics of an extreme
    /// spring take milliseconds each in a debug build).
    @Test("every pair of spring parameters at 13 edge values, every triple at 7", arguments: [2, 3])
    func springParameters(size: Int) throws {
        var accepted = 0, refused = 0, index = 0
        // Frames at 30 Hz: an undamped spring's 60 s of frames stay cheap in a debug build.
        let fixed = ["--model", "physics", "--frame-rate", "30"]
        let base = try Self.command(fixed)
        for flags in Self.combinations(Self.springFlags, size) {
            for arguments in Self.assignments(flags, size == 2 ? Self.values : Self.tripleValues) {
                index += 1
                // Every 8th combination is parsed whole as well.
                if let text = Self.row(base, fixed, arguments, evaluate: size == 2 || index % 16 == 0, parsed: index % 8 == 1) {
                    Self.check(text, fixed + arguments)
                    accepted += 1
                } else {
                    refused += 1
                }
            }
        }
        // Both outcomes occur (the test would prove nothing if every value were refused).
        #expect(accepted > 50 && refused > 50, "accepted \(accepted), refused \(refused)")
    }

    @Test("the classic model's duration and completion speed, under every completion curve")
    func classicDurations() throws {
        for (i, curve) in ClassicPercentDrivenModel.CurveChoice.names.enumerated() {
            let fixed = ["--model", "classic", "--completion-curve", curve, "--frame-rate", "30",
                         "--release-progress", "0,1e-320,0.5,0.9999999999999999,1"]
            let base = try Self.command(fixed)
            for (j, arguments) in Self.assignments(["duration", "completion-speed"], Self.values).enumerated() {
                // Every curve's parameter cells; the metrics of each curve on a third of the pairs;
                // every 8th pair parsed whole as well.
                if let text = Self.row(base, fixed, arguments, evaluate: (i + j) % 3 == 0, parsed: (i + j) % 8 == 0) {
                    Self.check(text, fixed + arguments)
                }
            }
        }
    }

    /// The issue's command lines: refused, naming the flag.
    @Test("the reported values are refused with the flag named", arguments: [
        ["--model", "physics", "--stiffness", "5e-324", "--damping", "0", "--mass", "5e-324"],
        ["--model", "physics", "--stiffness", "5e-324", "--damping", "0", "--mass", "1e-9"],
        ["--model", "classic", "--completion-curve", "uiKitSpring", "--duration", "1e-309"],
        ["--model", "classic", "--completion-curve", "uiKitSpring", "--duration", "2.2e-308"],
        ["--model", "classic", "--completion-curve", "uiKitSpring", "--duration", "1e-12", "--completion-speed", "1e300"],
    ])
    func reported(arguments: [String]) throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.csv").path
        let result = try Binary.run(arguments + ["--release-progress", "0.5", "--release-velocity", "1", "--output", output])
        #expect(result.status == ExitStatus.usage.rawValue, "\(arguments): \(result.status) \(result.stderr)")
        let blamed = arguments.contains("--stiffness") ? "--stiffness" : "--duration"
        #expect(result.stderr.contains(blamed), "\(result.stderr)")
        #expect(Binary.contents(folder).isEmpty)
        // The benchmark reads the same flags through the same table.
        let bench = try Binary.run(["behavior", "--no-recorded", "--synthetic", "4"] + arguments, executable: Binary.benchURL)
        #expect(bench.status == ExitStatus.usage.rawValue, "bench \(arguments): \(bench.status) \(bench.stderr)")
        #expect(bench.stderr.contains(blamed), "\(bench.stderr)")
    }
}
