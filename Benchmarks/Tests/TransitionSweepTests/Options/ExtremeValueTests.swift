import Foundation
import Testing
import ToolTestSupport
import TransitionSweep
import TransitionLab
import TransitionPhysics

/// Every numeric flag, fed the values a careless user types (0, subnormals, the smallest normal,
/// 1e-300, 1e300, the largest Double, both signs, and seeded random magnitudes across the whole
/// exponent range): each run exits 0 with a result free of NaN, or 64 with a message naming a
/// flag and no output file. Never a trap, a hang or another status.
@Suite("Extreme flag values exit 0 or 64", .serialized)
struct ExtremeValueTests {
    static let fixed: [String] = [
        "0", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e-300", "-1e-300", "1e300", "-1e300",
        "1.7976931348623157e308", "-1.7976931348623157e308", "1", "-1",
    ]

    /// `count` seeded values: random sign, mantissa and decimal exponent in -324...308.
    static func seeded(_ count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        func next() -> UInt64 { generator.next() }
        return (0..<count).map { _ in
            let sign = next() & 1 == 0 ? "" : "-"
            let mantissa = 1 + Double(next() % 9000) / 1000
            let exponent = Int(next() % 633) - 324
            return "\(sign)\(mantissa)e\(exponent)"
        }
    }

    static let values = fixed + seeded(6, seed: 14)

    /// Each numeric flag of `transition-sweep` with the arguments that make it matter.
    static var sweepFlags: [(flag: String, context: [String])] {
        var flags: [(String, [String])] = ReleaseParameter.table.compactMap { row in
            guard case .number = row.domain else { return nil }
            let models = row.models.count == ReleaseModelKind.allCases.count
                ? "classic,physics,cupertino" : row.models.map(\.rawValue).joined(separator: ",")
            var context = ["--model", models]
            if row.springForm == .constants {
                for other in ["stiffness", "damping"] where other != row.flag { context += ["--\(other)", "100"] }
            }
            if row.id == .completionPeakAcceleration { context += ["--completion-shape", "minimum-jerk,ease-in-out"] }
            return (row.flag, context)
        }
        // The duration of a timed physics completion, and the visual completion's pixels.
        flags += [
            ("duration", ["--model", "physics", "--completion-shape", "minimum-jerk,ease-in-out", "--completion-duration-rule", "duration"]),
            ("travel-pixels", ["--model", "classic,physics"]),
        ]
        flags += [("release-progress", []), ("release-velocity", []), ("threads", []), ("shard-count", [])]
        return flags
    }

    @Test("transition-sweep: every numeric flag, every extreme value, with and without --dry-run")
    func sweep() throws {
        let directory = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (flag, context) in Self.sweepFlags {
            for (i, value) in Self.values.enumerated() {
                let output = directory.appendingPathComponent("\(flag)-\(i).csv")
                var arguments = ["--release-progress", "0,0.5", "--release-velocity", "-2,3"] + context
                if let at = arguments.firstIndex(of: "--\(flag)") { arguments.removeSubrange(at...(at + 1)) }
                arguments += ["--\(flag)=\(value)", "--output", output.path, "--quiet"]
                let dryRun = i % 3 == 0
                if dryRun { arguments.append("--dry-run") }
                let result = try Binary.run(arguments, timeoutSeconds: 60)
                let call = "transition-sweep \(arguments.joined(separator: " "))"
                #expect(result.status == 0 || result.status == ExitStatus.usage.rawValue, "\(call): status \(result.status): \(result.stderr)")
                if result.status == ExitStatus.usage.rawValue {
                    #expect(result.stderr.contains("--"), "\(call): the message names no flag: \(result.stderr)")
                    #expect(!FileManager.default.fileExists(atPath: output.path), "\(call) wrote a file")
                } else if result.status == 0 && !dryRun {
                    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                    #expect(text.hasPrefix("row,model,"), "\(call): no CSV")
                    #expect(!text.contains("nan"), "\(call) wrote nan:\n\(text)")
                }
            }
        }
        #expect(Binary.contents(directory).allSatisfy { !$0.contains("partial") })
    }

    @Test("transition-bench behavior: its numeric flags and the model flags it shares")
    func bench() throws {
        let flags: [(flag: String, context: [String])] = [
            ("touch-slop", []), ("settle-tolerance", []), ("synthetic", []), ("seed", []),
            ("response", ["--model", "physics"]), ("duration", ["--model", "classic"]), ("frame-rate", ["--model", "physics"]),
            ("completion-peak-acceleration", ["--model", "physics", "--completion-shape", "minimum-jerk"]),
        ]
        for (flag, context) in flags {
            for value in Self.values {
                var arguments = ["behavior", "--no-recorded"] + context + ["--\(flag)=\(value)"]
                if flag != "synthetic" { arguments += ["--synthetic", "12"] }
                let result = try Binary.run(arguments, executable: Binary.benchURL, timeoutSeconds: 60)
                let call = "transition-bench \(arguments.joined(separator: " "))"
                // 65: a valid run whose corpus ended up empty (--synthetic 0 without recordings).
                let allowed: [Int32] = flag == "synthetic" ? [0, ExitStatus.usage.rawValue, ExitStatus.dataError.rawValue] : [0, ExitStatus.usage.rawValue]
                #expect(allowed.contains(result.status), "\(call): status \(result.status): \(result.stderr)")
                if result.status == ExitStatus.usage.rawValue { #expect(result.stderr.contains("--"), "\(call): the message names no flag") }
                if result.status == 0 { #expect(!result.text.contains("nan"), "\(call) printed nan:\n\(result.text)") }
            }
        }
    }
}
