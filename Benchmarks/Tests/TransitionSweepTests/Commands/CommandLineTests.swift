import Foundation
import Testing
import ToolTestSupport
import TransitionLab
import TransitionPhysics
@testable import TransitionSweep

/// The built binary, run as a user would: help, exit codes, files.
@Suite(.serialized) struct CommandLineTests {
    @Test func runHelpGivesEveryFlagWithUnitsAndDefaults() throws {
        let result = try Binary.run(["run", "--help"])
        #expect(result.status == 0)
        // Collapse the line wrapping: every run of spaces and newlines becomes one space.
        let help = result.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        let pinned = [
            "--model <list>", "(default: classic,physics)",
            "--release-progress <values>", "fraction of the travel, in [0, 1]", "(default: 0:1:0.01)",
            "--release-velocity <values>", "progress per second (travel widths per second)", "(default: -5:5:0.05)",
            "--duration <values>", "seconds, > 0. (default: 0.3)",
            "--completion-speed <values>", "(default: 1)",
            "--completion-curve <list>", "uiKitSpring. (default: easeInOut)",
            "--threshold <values>", "(default: 0.5)",
            "--response <values>", "seconds, > 0. (default: 0.3)",
            "--damping-ratio <values>", "(default: 1)",
            "--stiffness <values>", "1/s² per unit mass",
            "--damping <values>", "1/s per unit mass",
            "--mass <values>",
            "--deceleration-rate <values>", "velocity kept per millisecond", "(default: 0.998)",
            "--projection <list>", "(default: discrete)",
            "--min-fling-velocity <values>", "(default: 0)",
            "--overshoot <list>", "(default: allow)",
            "--frame-rate <values>", "Hz", "(default: 240)",
            "--output <file>", "(default: standard output)",
            "--trajectories <file>", "row, t_s, progress, velocity_per_s",
            "--threads <n>", "(default: all cores)",
            "--evaluator <name>", "batch", "scalar", "Both write the same bytes. (default: batch)",
            "--shard <K/N>", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX",
            "--shard-count <n>", "--dry-run", "--quiet", "--summary", "--spec <file>",
            "Rows are numbered from 0",
            "Columns: row, model, release_progress, release_velocity_per_s, decision, projected_progress, completion_time_s, visual_completion_time_s, velocity_jump_per_s, overshoot, peak_acceleration_per_s2, duration_s",
            "--travel-pixels <pixels>", "(default: 1170, a 390 pt phone at 3x)",
            "--completion-shape <list>", "spring, minimum-jerk, ease-in-out. (default: spring)",
            "--completion-peak-acceleration <values>", "progress per s²", "(default: 120)",
        ]
        for text in pinned {
            #expect(help.contains(text), "run --help lacks \(text)")
        }
        let root = try Binary.run(["--help"])
        #expect(root.status == 0)
        for text in ["run (default)", "merge", "64 bad flag", "65 bad data", "74 a read or write", "128 + N"] {
            #expect(root.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ").contains(text), "--help lacks \(text)")
        }
    }

    static let badInputs: [([String], String)] = [
        (["--release-progress", "1:0:0.1"], "'1:0:0.1'"),
        (["--release-progress", "0:1:0"], "'0:1:0'"),
        (["--release-velocity", "-1:1:-0.5"], "'-1:1:-0.5'"),
        (["--release-progress", "1.5"], "'1.5'"),
        (["--release-velocity", "nan"], "'nan'"),
        (["--frame-rate", "NaN"], "'NaN'"),
        (["--frame-rate", "0"], "'0'"),
        (["--duration", "-0.3"], "'-0.3'"),
        (["--duration", "0.3,,0.5"], "'0.3,,0.5'"),
        (["--completion-speed", "0"], "'0'"),
        (["--completion-curve", "bouncy"], "'bouncy'"),
        (["--model", "classic,springy"], "'springy'"),
        (["--threshold", "1"], "'1'"),
        (["--response", "0"], "'0'"),
        (["--damping-ratio", "-0.1"], "'-0.1'"),
        (["--deceleration-rate", "1.2"], "'1.2'"),
        (["--projection", "psychic"], "'psychic'"),
        (["--overshoot", "bounce"], "'bounce'"),
        (["--min-fling-velocity", "-1"], "'-1'"),
        (["--stiffness", "100"], "--damping"),
        (["--shard", "0/4"], "'0/4'"),
        (["--shard", "5/4"], "'5/4'"),
        (["--shard", "two"], "'two'"),
        (["--threads", "0"], "'0'"),
        (["--evaluator", "gpu"], "'gpu'"),
    ]

    @Test(arguments: badInputs)
    func badInputExits64NamingFlagAndValueAndCreatesNoFile(arguments: [String], value: String) throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.csv").path
        let result = try Binary.run(arguments + ["--output", output, "--trajectories", folder.appendingPathComponent("t.csv").path])
        #expect(result.status == ExitStatus.usage.rawValue, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(arguments[0]), "\(arguments): message names no flag: \(result.stderr)")
        #expect(result.stderr.contains(value), "\(arguments): message names no value: \(result.stderr)")
        // The flags are listed by `run --help`, not the root's `--help`, whether the value is
        // refused while parsing or later, while planning the grid and the shard.
        #expect(result.stderr.contains("See 'transition-sweep run --help'"), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("See 'transition-sweep --help'"), "\(arguments): \(result.stderr)")
        #expect(Binary.contents(folder).isEmpty, "\(arguments) left \(Binary.contents(folder))")
    }

    @Test func badShardEnvironmentExits64() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.csv").path
        let slurm = try Binary.run(
            ["--output", output], environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "4"])
        #expect(slurm.status == ExitStatus.usage.rawValue)
        #expect(slurm.stderr.contains("SLURM_ARRAY_TASK_ID") && slurm.stderr.contains("'7'"))
        let k8s = try Binary.run(["--output", output, "--shard-count", "3"], environment: ["JOB_COMPLETION_INDEX": "3"])
        #expect(k8s.status == ExitStatus.usage.rawValue)
        #expect(k8s.stderr.contains("JOB_COMPLETION_INDEX") && k8s.stderr.contains("'3'"))
        let missing = try Binary.run(["--output", output], environment: ["JOB_COMPLETION_INDEX": "0"])
        #expect(missing.status == ExitStatus.usage.rawValue)
        #expect(missing.stderr.contains("--shard-count"))
        #expect(Binary.contents(folder).isEmpty)
    }

    @Test func dryRunPrintsRowsAndColumnsAndWritesNothing() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Binary.run(["--dry-run", "--output", folder.appendingPathComponent("out.csv").path])
        #expect(result.status == 0)
        #expect(result.text == "rows: 40602\ncolumns: \(SweepGrid.columns.joined(separator: ","))\n")
        #expect(Binary.contents(folder).isEmpty)
        // A model's rows vary only over its own parameters: 2 durations double classic only.
        let more = try Binary.run(["--dry-run", "--duration", "0.3,0.5", "--model", "classic,physics,cupertino"])
        #expect(more.text.hasPrefix("rows: \(101 * 201 * (2 + 1 + 1))\n"))
    }

    static let mediumGrid = [
        "--model", "classic,physics,cupertino", "--release-progress", "0:1:0.02", "--release-velocity", "-4:4:0.05",
        "--duration", "0.3,0.5", "--overshoot", "allow,rubberBand", "--quiet",
    ]

    @Test func bytesAreIdenticalForEveryThreadCount() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [Data] = []
        for threads in [1, 2, 4] {
            let path = folder.appendingPathComponent("t\(threads).csv").path
            let result = try Binary.run(Self.mediumGrid + ["--threads", "\(threads)", "--output", path])
            #expect(result.status == 0, "\(result.stderr)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let stdout = try Binary.run(Self.mediumGrid + ["--threads", "3"])
        #expect(files[0].count > 1_000_000)
        #expect(files[0] == files[1])
        #expect(files[0] == files[2])
        #expect(files[0] == stdout.stdout)
        let lines = String(decoding: files[0], as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 + 51 * 161 * (2 + 2 + 1))
        #expect(lines.last!.hasPrefix("\(51 * 161 * 5 - 1),cupertino,1.0,4.0,"))
        #expect(Binary.contents(folder) == ["t1.csv", "t2.csv", "t4.csv"])
    }

    static let smallGrid = [
        "--model", "classic,physics,cupertino", "--release-progress", "0:1:0.1", "--release-velocity", "-3:3:0.5",
        "--response", "0.25,0.4", "--completion-curve", "easeInOut,uiKitSpring", "--quiet",
    ]

    @Test func shardsMergeToTheUnshardedBytesWhateverTheLauncher() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try Binary.run(Self.smallGrid + ["--output", path("whole.csv")]).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("whole.csv")))
        for k in 1...4 {
            #expect(try Binary.run(Self.smallGrid + ["--shard", "\(k)/4", "--output", path("flag-{shard}.csv")]).status == 0)
            let slurm = try Binary.run(
                Self.smallGrid + ["--output", path("slurm-{shard}.csv")],
                environment: ["SLURM_ARRAY_TASK_ID": "\(k + 9)", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_COUNT": "4"])
            #expect(slurm.status == 0, "\(slurm.stderr)")
            let k8s = try Binary.run(
                Self.smallGrid + ["--shard-count", "4", "--output", path("k8s-{shard}.csv")],
                environment: ["JOB_COMPLETION_INDEX": "\(k - 1)"])
            #expect(k8s.status == 0, "\(k8s.stderr)")
            let flagShard = try Data(contentsOf: URL(fileURLWithPath: path("flag-\(k).csv")))
            #expect(flagShard == (try Data(contentsOf: URL(fileURLWithPath: path("slurm-\(k).csv")))))
            #expect(flagShard == (try Data(contentsOf: URL(fileURLWithPath: path("k8s-\(k).csv")))))
        }
        // Given out of order: merge orders the shards by their first row.
        let merged = try Binary.run(["merge", "--output", path("merged.csv"), path("flag-3.csv"), path("flag-1.csv"), path("flag-4.csv"), path("flag-2.csv")])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("merged.csv"))) == whole)
        let toStdout = try Binary.run(["merge", path("flag-1.csv"), path("flag-2.csv"), path("flag-3.csv"), path("flag-4.csv")])
        #expect(toStdout.stdout == whole)

        // A missing shard is refused.
        let gap = try Binary.run(["merge", "--output", path("gap.csv"), path("flag-1.csv"), path("flag-3.csv"), path("flag-4.csv")])
        #expect(gap.status == ExitStatus.dataError.rawValue)
        #expect(gap.stderr.contains("missing: 2/4"), "\(gap.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("gap.csv")))

        // Shards of another grid version (different header) are refused.
        var other = try String(contentsOfFile: path("flag-2.csv"), encoding: .utf8)
        other = other.replacingOccurrences(of: "frame_rate_hz,", with: "frame_rate,")
        try other.write(toFile: path("other-2.csv"), atomically: true, encoding: .utf8)
        let mismatch = try Binary.run(["merge", "--output", path("bad.csv"), path("flag-1.csv"), path("other-2.csv")])
        #expect(mismatch.status == ExitStatus.dataError.rawValue)
        #expect(mismatch.stderr.contains("header"))
        #expect(!FileManager.default.fileExists(atPath: path("bad.csv")))
        #expect(Binary.contents(folder).allSatisfy { !$0.contains(".partial-") })
    }

    @Test func specFileEqualsFlags() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("grid.json")
        try Data("""
            {"model": ["classic", "physics"], "release-progress": "0:1:0.25", "release-velocity": [-1, 0.5, 2],
             "duration": 0.4, "response": "0.2,0.3"}
            """.utf8).write(to: spec)
        let fromSpec = try Binary.run(["--spec", spec.path, "--quiet"])
        let fromFlags = try Binary.run([
            "--model", "classic,physics", "--release-progress", "0:1:0.25", "--release-velocity", "-1,0.5,2",
            "--duration", "0.4", "--response", "0.2,0.3", "--quiet",
        ])
        #expect(fromSpec.status == 0, "\(fromSpec.stderr)")
        #expect(fromSpec.stdout == fromFlags.stdout)
        // Command-line flags win over the spec.
        let override = try Binary.run(["--spec", spec.path, "--duration", "0.3", "--dry-run"])
        #expect(override.text.hasPrefix("rows: \(5 * 3 * (1 + 2))\n"))
        try Data(#"{"release-progress": "0:1:0.25", "speed": 3}"#.utf8).write(to: spec)
        let unknown = try Binary.run(["--spec", spec.path, "--output", folder.appendingPathComponent("o.csv").path])
        #expect(unknown.status == ExitStatus.usage.rawValue)
        #expect(unknown.stderr.contains("--spec") && unknown.stderr.contains("'speed'"))
        #expect(Binary.contents(folder) == ["grid.json"])
    }

    @Test func aFailedRunLeavesTheEarlierFileAndNoPartialFile() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.csv")
        try Data("earlier\n".utf8).write(to: output)
        // A write error (the file-size limit stands in for a full disk).
        let result = try Binary.run(Self.mediumGrid + ["--output", output.path], shell: "ulimit -f 64; exec")
        #expect(result.status == ExitStatus.ioError.rawValue, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write"))
        #expect(try Data(contentsOf: output) == Data("earlier\n".utf8))
        #expect(Binary.contents(folder) == ["out.csv"])
        // A bad value does not touch it either.
        #expect(try Binary.run(["--duration", "0", "--output", output.path]).status == ExitStatus.usage.rawValue)
        #expect(try Data(contentsOf: output) == Data("earlier\n".utf8))
        // A successful run replaces it.
        #expect(try Binary.run(["--release-progress", "0.5", "--release-velocity", "1", "--output", output.path]).status == 0)
        let lines = String(decoding: try Data(contentsOf: output), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(Binary.contents(folder) == ["out.csv"])
    }

    @Test func aSignalLeavesTheEarlierFileAndNoPartialFile() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.csv")
        try Data("earlier\n".utf8).write(to: output)
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = [
            "--release-progress", "0:1:0.001", "--release-velocity", "-5:5:0.01", "--threads", "1", "--quiet",
            "--output", output.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try Binary.launch(process)
        // Wait until the temporary file exists and has data, then stop the run.
        let deadline = Date().addingTimeInterval(60)
        var sawPartial = false
        while Date() < deadline && process.isRunning {
            if let partial = Binary.contents(folder).first(where: { $0.contains(".partial-") }),
                let size = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(partial).path)[.size] as? Int,
                size > 0
            {
                sawPartial = true
                break
            }
            usleep(5_000)
        }
        #expect(sawPartial)
        kill(process.processIdentifier, SIGTERM)
        let stopDeadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < stopDeadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(try Data(contentsOf: output) == Data("earlier\n".utf8))
        #expect(Binary.contents(folder) == ["out.csv"])
    }

    @Test func summaryReportsRowsTimeAndDisagreement() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Binary.run(["--output", folder.appendingPathComponent("sweep.csv").path, "--summary", "--quiet"])
        #expect(result.status == 0)
        #expect(result.text.contains("40,602 rows in"))
        #expect(result.text.contains("rows/s"))
        #expect(result.text.contains("classic vs physics over 20,301 release points (101 progress x 201 velocity)"))
        #expect(result.text.contains("physics finishes where classic cancels"))
        // Units by name, and typical releases (the middle of each region), not the grid's corners.
        let examples = result.text.split(separator: "\n").filter { $0.contains("typical: released at progress") }
        #expect(examples.count == 2, "\(result.text)")
        #expect(!result.text.contains("/s:"), "a velocity without its unit: \(result.text)")
        for line in examples {
            #expect(line.contains("travel widths per second") && line.contains("(fraction of the travel)"), "\(line)")
            for corner in ["progress 0.0 ", "progress 1.0 ", " 5.0 travel", "-5.0 travel"] {
                #expect(!line.contains(corner), "a corner of the grid as the example: \(line)")
            }
        }
    }

    @Test("the typical release is the one nearest the region's mean, each axis over the grid's span")
    func typicalRelease() {
        typealias R = SweepSummary.Release
        // Mean progress 0.2, mean velocity 2 (spans 1 and 10): (0.2, 2) is nearest; the corner
        // (0, 5) is not.
        let region = [R(progress: 0, velocity: 5), R(progress: 0.2, velocity: 2), R(progress: 0.4, velocity: 0), R(progress: 0.2, velocity: 1)]
        #expect(SweepSummary.typical(region, progressSpan: 1, velocitySpan: 10) == region[1])
        #expect(SweepSummary.typical([], progressSpan: 1, velocitySpan: 10) == nil)
        // A tie keeps the first in grid order.
        let tie = [R(progress: 0.25, velocity: 0), R(progress: 0.75, velocity: 0)]
        #expect(SweepSummary.typical(tie, progressSpan: 1, velocitySpan: 1) == tie[0])
    }

    @Test("one exit status for one failure in both commands: an output in a missing folder is 73, a bad flag 64")
    func sameStatusInBothCommands() throws {
        let folder = try Binary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no-such-folder/out.csv").path
        let sweep = try Binary.run(["--release-progress", "0.5", "--release-velocity", "1", "--output", missing, "--quiet"])
        let bench = try Binary.run(
            ["behavior", "--no-recorded", "--synthetic", "20", "--per-trace", missing], executable: Binary.benchURL)
        #expect(sweep.status == ExitStatus.cannotCreate.rawValue, "\(sweep.stderr)")
        #expect(bench.status == ExitStatus.cannotCreate.rawValue, "\(bench.stderr)")
        let badSweep = try Binary.run(["--threads", "0"])
        let badBench = try Binary.run(["behavior", "--synthetic", "-1"], executable: Binary.benchURL)
        #expect(badSweep.status == ExitStatus.usage.rawValue && badBench.status == ExitStatus.usage.rawValue)
        // The throughput runner's flags too, each named in its error (before any figure runs).
        for (arguments, flag) in [
            (["--only", "simd"], "--only"), (["--samples", "4"], "--samples"), (["--lanes", "15"], "--lanes"),
            (["--python", ""], "--python"),
        ] {
            let bad = try Binary.run(["throughput", "--skip-numpy", "--skip-numba"] + arguments, executable: Binary.benchURL)
            #expect(bad.status == ExitStatus.usage.rawValue && bad.stderr.contains(flag), "\(arguments): \(bad.stderr)")
        }
        // The mapping of file errors, once.
        #expect(ExitStatus(.inputOutput) == .ioError && ExitStatus(.cannotCreateOutput) == .cannotCreate)
        #expect(ExitStatus(.cannotOpenInput) == .noInput && ExitStatus(.malformedInput) == .dataError && ExitStatus(.inputTooLarge) == .dataError)
        #expect(ExitStatus.stoppedBySignal(SIGTERM) == 128 + SIGTERM)
    }
}
