import ArgumentParser
import Foundation
import TransitionCSV
import TransitionLab
import TransitionPhysics

/// `transition-sweep run`: the sweep itself.
public struct RunCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Evaluate the grid and write CSV (the default subcommand).",
        discussion: """
            Every numeric flag takes a list a,b,c or an inclusive range start:stop:step (step > 0; \
            decimal ranges are exact: 0:1:0.1 is 11 values). Each flag is an axis of a Cartesian \
            product. Rows are numbered from 0 in this order: model (outermost, in --model order), \
            release progress, release velocity, then the model's own parameters (classic: duration, \
            completion speed, completion curve, threshold, frame rate; physics: duration, response, \
            damping ratio (or stiffness, damping, mass), deceleration rate, projection, threshold, \
            min fling velocity, overshoot, frame rate, completion shape, completion duration rule, \
            completion peak acceleration; cupertino: frame rate). A model varies only over its own \
            parameters; parameter columns that do not apply to a row's model, or to its completion \
            shape, are empty, and combinations differing only in such parameters are one row.

            Columns: \(SweepGrid.columns.joined(separator: ", ")).

            Numbers use the package's one CSV number format (TransitionCSV's NumberFormatting: \
            Swift's Double.description, e.g. 1.0, 0.3, 1e-05, 1e+16, inf for a spring that never \
            settles); line ends are LF.
            """
    )

    public init() {}

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Release progress, fraction of the travel, in [0, 1]. (default: 0:1:0.01)", valueName: "values"))
    public var releaseProgress: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Release velocity, progress per second (travel widths per second), signed toward finishing. (default: -5:5:0.05)",
        valueName: "values"))
    public var releaseVelocity: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Physical pixels across the travel, in [1, 1e9]: visual_completion_time_s is when nothing moves by one of them (1 / travel pixels of progress). (default: 1170, a 390 pt phone at 3x)",
        valueName: "pixels"))
    public var travelPixels: String?

    @OptionGroup(title: "Models and parameters")
    public var models: ModelOptions

    @Option(help: ArgumentHelp(
        "JSON grid spec: an object whose keys are flag names without dashes (\"release-progress\", \"model\", \"duration\", ...) and whose values are strings (\"0:1:0.01\"), numbers or arrays. Flags given on the command line win.",
        valueName: "file"))
    public var spec: String?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "CSV output file, written atomically (temporary file, then rename). {shard} is replaced by the shard index. (default: standard output)",
        valueName: "file"))
    public var output: String?

    @Option(help: ArgumentHelp(
        "Also write every completion sampled at the frame rate until it is done: columns row, t_s, progress, velocity_per_s. (default: none)",
        valueName: "file"))
    public var trajectories: String?

    @Option(help: ArgumentHelp("Worker threads, 1...1024. (default: all cores)", valueName: "n"))
    public var threads: Int?

    @Option(help: ArgumentHelp(
        "How rows are computed: batch (the batch integrator, springs lane-parallel per chunk) or scalar (the library, row by row). Both write the same bytes. (default: batch)",
        valueName: "name"))
    public var evaluator: EvaluatorChoice?

    @Option(help: ArgumentHelp(
        "Compute only the K-th of N contiguous slices of the rows (K in 1...N). (default: from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shard-count, else 1/1)",
        valueName: "K/N"))
    public var shard: String?

    @Option(help: ArgumentHelp(
        "Number of shards N for a Kubernetes Indexed Job (JOB_COMPLETION_INDEX is 0-based). (default: none)",
        valueName: "n"))
    public var shardCount: Int?

    @Flag(help: "Print the number of rows and the columns; write nothing.")
    public var dryRun = false

    @Flag(help: "No progress line on standard error (it only appears when standard error is a terminal).")
    public var quiet = false

    @Flag(help: "After writing, print rows, time, rows per second and where classic and physics disagree.")
    public var summary = false

    /// Everything a run needs, checked.
    public struct Plan: Sendable {
        public var grid: SweepGrid
        public var shard: Shard
        public var rows: Range<Int>
        public var threads: Int
        public var output: String?
        public var trajectories: String?
        public var evaluator: EvaluatorChoice = .default
        /// True when the run is one shard of a set (`--shard`, or a launcher's variables), even
        /// 1/1: each output file then gets its `ShardRecord` for `merge`.
        public var recordsShard = false
        /// The run's identity, which each shard record carries (`merge` refuses shards of
        /// different runs).
        public var identity = RunIdentity(spec: [])
    }

    /// Checks every input and builds the grid; throws `ValidationError` (exit 64) before any
    /// file is touched.
    public func plan(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Plan {
        var options = self
        if let spec { try options.apply(specFile: spec) }
        let progress = try AxisParser.numbers(
            options.releaseProgress ?? "0:1:0.01", flag: "--release-progress",
            constraint: { $0 >= 0 && $0 <= 1 ? nil : "must be in [0, 1]" })
        let velocity = try AxisParser.numbers(options.releaseVelocity ?? "-5:5:0.05", flag: "--release-velocity")
        let variants = try options.models.variants()
        let travelPixels = try Self.travelPixels(options.travelPixels)
        let grid = try SweepGrid(progress: progress, velocity: velocity, variants: variants, travelPixels: travelPixels)
        let identity = try RunIdentity(
            spec: [
                RunIdentity.Entry(key: "release-progress", value: RunIdentity.valueText(progress.map { "\($0)" })),
                RunIdentity.Entry(key: "release-velocity", value: RunIdentity.valueText(velocity.map { "\($0)" })),
                RunIdentity.Entry(key: "travel-pixels", value: "\(travelPixels)"),
            ] + options.models.canonicalSpec())
        let shard = try Shard.resolve(flag: shard, shardCount: shardCount, environment: environment)
        if let threads, !(1...1024).contains(threads) {
            throw ValidationError("--threads: invalid value '\(threads)': must be in 1...1024.")
        }
        if output == "" { throw ValidationError("--output: invalid value '': empty file name.") }
        if trajectories == "" { throw ValidationError("--trajectories: invalid value '': empty file name.") }
        let outputPath = output.map { shard.substitute(into: $0) }
        let trajectoryPath = trajectories.map { shard.substitute(into: $0) }
        if let outputPath, outputPath == trajectoryPath {
            throw ValidationError("--trajectories: invalid value '\(trajectories!)': same file as --output.")
        }
        return Plan(
            grid: grid, shard: shard, rows: shard.rows(of: grid.rowCount),
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
            output: outputPath, trajectories: trajectoryPath, evaluator: evaluator ?? .default,
            recordsShard: Shard.isRequested(flag: self.shard, environment: environment), identity: identity)
    }

    /// The travel in physical pixels from `--travel-pixels` text (default
    /// `SweepGrid.defaultTravelPixels`): one number in [1, 1e9].
    static func travelPixels(_ text: String?) throws -> Double {
        guard let text else { return SweepGrid.defaultTravelPixels }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value >= 1, value <= 1e9 else {
            throw ValidationError("--travel-pixels: invalid value '\(text)': must be one number of pixels in [1, 1e9].")
        }
        return value
    }

    /// The largest spec file read, in bytes (1 MiB: a spec is a few dozen keys; a larger file
    /// is a mistake, such as /dev/zero or a CSV given as the spec).
    public static let maximumSpecBytes = 1 << 20
    /// The deepest nesting of arrays and objects in a spec (a spec needs 2: an object of arrays).
    public static let maximumSpecDepth = 16

    /// Fills the flags not given on the command line from the JSON spec at `path`. A file that
    /// cannot be opened or read (missing, a folder, a device) throws `FileIOError` 66; one over
    /// `maximumSpecBytes` and every bad content throw `ValidationError` (64), naming --spec, the
    /// file and the key.
    mutating func apply(specFile path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try readSmallFile(path, limit: Self.maximumSpecBytes, what: "the spec")
        } catch let error as FileIOError {
            if error.kind == .inputTooLarge { throw ValidationError("--spec: invalid value '\(path)': \(error.description).") }
            throw FileIOError(description: "--spec: \(error.description)", kind: error.kind)
        }
        if let depth = Self.nestingDepth(bytes), depth > Self.maximumSpecDepth {
            throw ValidationError(
                "--spec: invalid value '\(path)': arrays or objects nested \(depth) deep; a spec is an object of strings, numbers or arrays.")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw ValidationError("--spec: invalid value '\(path)': not JSON (\(error.localizedDescription)).")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ValidationError("--spec: invalid value '\(path)': the top level must be an object of flag names.")
        }
        for key in dictionary.keys.sorted() {
            let raw = dictionary[key]!
            func text(_ value: Any) -> String? {
                if let s = value as? String { return s }
                if let n = value as? NSNumber, !Self.isBoolean(n) { return "\(n.doubleValue)" }
                return nil
            }
            let value: String
            if let array = raw as? [Any] {
                let parts = array.compactMap(text)
                guard parts.count == array.count, !parts.isEmpty else {
                    throw ValidationError("--spec: invalid value for '\(key)' in '\(path)': expected numbers or strings.")
                }
                value = parts.joined(separator: ",")
            } else if let single = text(raw) {
                value = single
            } else {
                throw ValidationError("--spec: invalid value for '\(key)' in '\(path)': expected a string, a number or an array.")
            }
            switch key {
            case "release-progress": if releaseProgress == nil { releaseProgress = value }
            case "release-velocity": if releaseVelocity == nil { releaseVelocity = value }
            case "travel-pixels": if travelPixels == nil { travelPixels = value }
            default:
                if !models.fill(flag: key, with: value) {
                    throw ValidationError(
                        "--spec: unknown key '\(key)' in '\(path)'; expected release-progress, release-velocity, travel-pixels, \(ModelOptions.flagNames.joined(separator: ", ")).")
                }
            }
        }
    }

    /// The deepest nesting of `[` and `{` outside strings (checked before parsing, so that a
    /// file of a million brackets is refused instead of exhausting the parser's stack); nil when
    /// there is none.
    static func nestingDepth(_ bytes: [UInt8]) -> Int? {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest > 0 ? deepest : nil
    }

    /// JSON `true` and `false` arrive as NSNumber; they are not numbers of a flag.
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    public func run() throws {
        let plan: Plan
        do {
            plan = try self.plan()
        } catch let error as FileIOError {
            FileHandle.standardError.write(Data("transition-sweep: error: \(error.description)\n".utf8))
            throw ExitStatus(error.kind).exitCode
        } catch let error as ValidationError {
            // Thrown after parsing (the spec file, the grid, the shard), so ArgumentParser would
            // print the root command's usage and point at `transition-sweep --help`, which does
            // not list these flags: say it as a parsing error of `run` does.
            FileHandle.standardError.write(Data(Self.validationMessage(error).utf8))
            throw ExitStatus.usage.exitCode
        }
        if dryRun {
            var text = "rows: \(plan.rows.count)\n"
            if plan.shard != .whole {
                text += "shard: \(plan.shard) (rows \(plan.rows.lowerBound)..<\(plan.rows.upperBound) of \(plan.grid.rowCount))\n"
            }
            text += "columns: \(SweepGrid.columns.joined(separator: ","))\n"
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let started = Date()
        do {
            try SweepRunner(plan: plan, showProgress: !quiet && isatty(2) != 0).run()
        } catch let error as FileIOError {
            FileHandle.standardError.write(Data("transition-sweep: error: \(error.description)\n".utf8))
            throw ExitStatus(error.kind).exitCode
        }
        if summary {
            let seconds = Date().timeIntervalSince(started)
            let text = SweepSummary.text(plan: plan, seconds: seconds)
            let handle = plan.output == nil ? FileHandle.standardError : FileHandle.standardOutput
            handle.write(Data(text.utf8))
        }
    }
}

extension RunCommand {
    /// A `ValidationError` found while planning, as ArgumentParser words one of `run`'s parsing
    /// errors: the message, `run`'s usage, and where its flags are listed (`run --help`).
    static func validationMessage(_ error: ValidationError) -> String {
        let usage = TransitionSweepCommand.usageString(for: RunCommand.self)
        return "Error: \(error.message)\nUsage: \(usage)\n  See 'transition-sweep run --help' for more information.\n"
    }
}

extension EvaluatorChoice: ExpressibleByArgument {}
