import ArgumentParser
import Foundation
import Testing
import ToolTestSupport
@testable import TransitionSweep

/// Every environment variable the sweep reads (Slurm's array task, a Kubernetes Indexed Job's
/// index: `Shard.launcherVariables`), fed extreme and malformed values: the run either picks a
/// shard K of N with 1 <= K <= N, or is refused with exit 64 and the variable named, writing
/// nothing. Never a trap (an overflow in `Shard.resolve` trapped on Int.max and Int.min).
@Suite("Launcher variables: extreme and malformed values exit 0 or 64 naming the variable", .serialized)
struct EnvironmentFuzzTests {
    static let values = [
        "0", "1", "3", "4", "5", "-1", "+1", " 1", "1 ", "1.5", "1e3", "0x10", "abc", "", "\u{0663}", "\u{FF11}",
        "9223372036854775806", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999999999999", String(repeating: "9", count: 5000),
    ]

    /// For each variable, the rest of a launcher's environment (and flags) that makes the sweep
    /// read it.
    static let contexts: [(variable: String, environment: [String: String], flags: [String])] = [
        ("SLURM_ARRAY_TASK_ID", ["SLURM_ARRAY_TASK_COUNT": "4"], []),
        ("SLURM_ARRAY_TASK_ID", ["SLURM_ARRAY_TASK_COUNT": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "0"], []),
        ("SLURM_ARRAY_TASK_MIN", ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4"], []),
        ("SLURM_ARRAY_TASK_MIN", ["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_COUNT": "1"], []),
        ("SLURM_ARRAY_TASK_COUNT", ["SLURM_ARRAY_TASK_ID": "0"], []),
        ("SLURM_ARRAY_TASK_COUNT", ["SLURM_ARRAY_TASK_ID": "9223372036854775807"], []),
        ("JOB_COMPLETION_INDEX", [:], ["--shard-count", "4"]),
        ("JOB_COMPLETION_INDEX", [:], ["--shard-count", "9223372036854775807"]),
    ]

    @Test("the library: every combination of values resolves to a shard in range or throws naming a variable")
    func resolveNeverTraps() {
        let some: [String?] = [nil, "0", "1", "4", "-1", "9223372036854775807", "-9223372036854775808", "x", "1.0", "99999999999999999999"]
        for id in some {
            for minimum in some {
                for count in some {
                    for index in some {
                        for shardCount in [nil, 1, 4, Int.max] as [Int?] {
                            var environment: [String: String] = [:]
                            for (name, value) in zip(Shard.launcherVariables, [id, minimum, count, index]) {
                                if let value { environment[name] = value }
                            }
                            do {
                                let shard = try Shard.resolve(flag: nil, shardCount: shardCount, environment: environment)
                                #expect(shard.count >= 1 && (1...shard.count).contains(shard.index), "\(environment): \(shard)")
                            } catch let error as ValidationError {
                                let named = Shard.launcherVariables.contains { error.message.hasPrefix($0 + ":") }
                                    || error.message.hasPrefix("--shard-count:")
                                #expect(named, "\(environment) --shard-count \(shardCount.map(String.init) ?? "none"): \(error.message)")
                            } catch {
                                Issue.record("\(environment): \(error)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("the command line: each variable at each value")
    func commandLine() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (variable, context, flags) in Self.contexts {
            for value in Self.values {
                var environment = context
                environment[variable] = value
                let output = folder.appendingPathComponent("out-{shard}.csv").path
                let arguments = ["--release-progress", "0.5", "--release-velocity", "1", "--quiet", "--output", output] + flags
                let result = try Binary.run(arguments, environment: environment, timeoutSeconds: 60)
                let call = "\(environment.map { "\($0.key)='\($0.value.prefix(30))'" }.sorted().joined(separator: " ")) transition-sweep \(flags.joined(separator: " "))"
                #expect(result.status == 0 || result.status == ExitStatus.usage.rawValue, "\(call): status \(result.status): \(result.stderr.prefix(300))")
                if result.status == ExitStatus.usage.rawValue {
                    #expect(result.stderr.contains(variable), "\(call): the message does not name \(variable): \(result.stderr.prefix(300))")
                    #expect(result.stderr.count < 1000, "\(call): the message echoes the whole value (\(result.stderr.count) characters)")
                    #expect(Binary.contents(folder).isEmpty, "\(call) wrote \(Binary.contents(folder))")
                }
                for name in Binary.contents(folder) { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
            }
        }
    }

    /// The issue's command lines, exactly.
    @Test("the reported environments are refused naming the variable", arguments: [
        (["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_COUNT": "0"], "SLURM_ARRAY_TASK_COUNT"),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808"], "SLURM_ARRAY_TASK_MIN"),
    ])
    func reported(environment: [String: String], variable: String) throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.csv").path
        let result = try Binary.run(
            ["run", "--release-progress", "0.5", "--release-velocity", "1", "--output", output], environment: environment)
        #expect(result.status == ExitStatus.usage.rawValue, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains(variable), "\(result.stderr)")
        #expect(Binary.contents(folder).isEmpty)
    }
}
