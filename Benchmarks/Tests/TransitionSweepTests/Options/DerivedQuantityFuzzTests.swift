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

    /// Runs the sweep's path on `arguments` (one release): nil when refused with a message naming
    /// a flag, else the CSV row. Records an issue for anything else.
    static func row(_ arguments: [String], evaluate: Bool = true) -> String? {
        let flags = ["--release-progress", "0.5", "--release-velocity", "1", "--quiet"] + arguments
        let call = "transition-sweep \(arguments.joined(separator: " "))"
        let plan: RunCommand.Plan
        do {
            let command = try #require(try TransitionSweepCommand.parseAsRoot(flags) as? RunCommand)
            plan = try command.plan(environment: [:])
        } catch let error as ValidationError {
            #expect(error.message.hasPrefix("--"), "\(call): the message names no flag: \(error.message)")
            return nil
        } catch {
            // ArgumentParser refuses a value it cannot parse as a number (also exit 64).
            let message = TransitionSweepCommand.message(for: error)
            #expect(message.contains("--"), "\(call): \(message)")
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
    func springParameters(size: Int) {
        var accepted = 0, refused = 0, index = 0
        for flags in Self.combinations(Self.springFlags, size) {
            for arguments in Self.assignments(flags, size == 2 ? Self.values : Self.tripleValues) {
                index += 1
                // Frames at 30 Hz: an undamped spring's 60 s of frames stay cheap in a debug build.
                let full = ["--model", "physics", "--frame-rate", "30"] + arguments
                if let text = Self.row(full, evaluate: size == 2 || index % 16 == 0) {
                    Self.check(text, full)
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
    func classicDurations() {
        for (i, curve) in ClassicPercentDrivenModel.CurveChoice.names.enumerated() {
            for (j, arguments) in Self.assignments(["duration", "completion-speed"], Self.values).enumerated() {
                // Every curve's parameter cells; the metrics of each curve on a third of the pairs.
                let full = ["--model", "classic", "--completion-curve", curve, "--frame-rate", "30",
                            "--release-progress", "0,1e-320,0.5,0.9999999999999999,1"] + arguments
                if let text = Self.row(full, evaluate: (i + j) % 3 == 0) { Self.check(text, full) }
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
