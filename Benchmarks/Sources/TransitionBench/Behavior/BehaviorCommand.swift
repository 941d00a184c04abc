import ArgumentParser
import Foundation
import TransitionCSV
import TransitionLab
import TransitionPhysics
import TransitionSweep
import TransitionTraces

/// `transition-bench behavior`: classic versus physics on recorded and synthetic gestures.
public struct BehaviorCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "behavior",
        abstract: "Replay recorded and synthetic gestures under each release model and tabulate the decisions and completions.",
        discussion: """
            Each trace is replayed sample by sample as an app would see it: the decision uses only \
            what was known at release. One row per model and source (the recorded file's name, \
            `synthetic`, and `synthetic/<family>`). Rates are fractions in [0, 1] (`-` when the \
            denominator is 0); a trace that never started counts as a cancel; medians and p90s are \
            over started traces, by linear interpolation (numpy's default). Velocity jumps are in \
            progress per second, times in seconds, overshoot in fractions of the travel.

            Without --traces, the runner looks for \(TraceSources.defaultRecordedRelativePath) \
            relative to the current directory, then to the package root, and says on standard \
            error when it is absent. A broken trace file stops the run with file, line and reason \
            (exit code 65; 66 when it cannot be read; bounds: TraceFormat.maximumFileBytes, 256 MiB, and maximumSamplesPerTrace, 100,000). \
            With --skip-invalid-traces a malformed stroke (samples after lift-off, no lift-off, \
            time going back, a move repeating the sample before it, a non-numeric or invalid \
            field, ...) is left out instead: standard error says how many per reason and lists \
            the first \(SkippedStrokesReport.listedPerFile) of each file with file, line and reason, \
            the `skipped` column counts them, and the table's footer repeats the count. A malformed \
            file (header, quoting, a blank line, no rows, encoding, size) is still refused with 65, \
            and so is a run left with no stroke at all. A stroke that moves mostly along the \
            other axis than its file declares (the axis column; x without one) is malformed. \
            Traces released faster than a finger moves (over \(Int(TracePlausibility.maximumReleaseSpeed)) \
            travel widths/s) or sampled faster than touch hardware reports (a median interval \
            under \(TracePlausibility.minimumMedianSampleInterval * 1000) ms: t_ms in seconds?) are \
            counted, and named in a warning on standard error. The elapsed time goes to standard error.

            Every output is whole or absent: --per-trace and --write-synthetic are written \
            atomically, the table goes to standard output with every byte or a failure, and a run \
            that fails (a full disk while writing any of them: exit 74) leaves none of its files.

            Exit status: \(ExitStatus.helpText())
            """)

    @OptionGroup
    public var recorded: RecordedTraceOptions

    @Flag(help: "Leave malformed strokes of the trace files out, count them and say why on standard error, instead of refusing the file (a malformed file is still refused).")
    public var skipInvalidTraces = false

    @Option(help: ArgumentHelp("Number of synthetic labelled gestures (0: none).", valueName: "count"))
    public var synthetic = 0

    @Option(help: "Seed of the synthetic corpus.")
    public var seed: UInt64 = 1

    @Option(
        name: .customLong("builtin"),
        help: ArgumentHelp(
            "A built-in model with its shipped defaults, \(ReleaseModelPreset.allCases.map(\.rawValue).joined(separator: ", ")), or a platform's sheet or pager rule, \(PlatformSheetRule.allCases.map(\.rawValue).joined(separator: ", ")) (on the scalar path whatever --evaluator says); repeatable (default: all of them, unless variants are configured).",
            valueName: "name"))
    public var builtInNames: [String] = []

    /// Variants configured with the same flags as `transition-sweep` (`--model`, the classic
    /// and physics parameter flags, lists and ranges); each combination becomes a row.
    @OptionGroup(title: "Model variants (the flags of transition-sweep)")
    public var variantOptions: ModelOptions

    @OptionGroup(title: "Replay")
    public var replay: ReplayOptions

    @Option(help: ArgumentHelp(
        "Which evaluator computes the outcomes: batch (each trace replayed once up to its release, every built-in model's completion as lanes of the batch integrator; the default) or scalar (every trace replayed under every model). Both write the same table and per-trace bytes.",
        valueName: "name"))
    public var evaluator: BehaviorEvaluator = .default

    @Flag(help: """
        Add the columns pareto (true for the models no other model of the same source beats on intent match (higher), \
        median visual completion, median peak acceleration and p90 overshoot (lower), at least as good on all four and \
        better on one), pick (the row the pick rule chooses on its source), default_model (the shipped default) and \
        beaten_by (how many front rows beat the row). The pick rule: of the front rows whose p90 overshoot is at most \
        --max-overshoot and whose p90 velocity jump at release is at most --max-velocity-jump, the best intent match give or take 0.1 percentage point; among those, the fastest median visual \
        completion whose median peak acceleration is within the default model's (when it ran), else the gentlest. Each \
        source has its own pick; a set's (a recorded file, or synthetic over all its families) is the one to paste, a \
        family's says which kind of gesture pulls elsewhere. The text table lists each source's front first and marks \
        the pick and the default.
        """)
    public var pareto = false

    @Option(help: ArgumentHelp(
        "With --pareto: the largest p90 overshoot a pick may have, as a fraction of the travel (progress past the end or a middle detent that nine releases in ten stay within; 0.01 of a 390-point travel is 3.9 points). (default: \(ParetoFront.defaultMaxOvershoot))",
        valueName: "fraction"))
    public var maxOvershoot: Double = ParetoFront.defaultMaxOvershoot

    @Option(help: ArgumentHelp(
        "With --pareto: the largest p90 velocity jump at release a pick may have, in travel widths per second (|the view's velocity just after release - the finger's|, which nine releases in ten stay within; a curve that starts from rest stops a flick dead). (default: \(ParetoFront.defaultMaxVelocityJump))",
        valueName: "travel/s"))
    public var maxVelocityJump: Double = ParetoFront.defaultMaxVelocityJump

    /// The pick's limits (`--max-overshoot`, `--max-velocity-jump`).
    var pickLimits: PickLimits { PickLimits(overshoot: maxOvershoot, velocityJump: maxVelocityJump) }

    @Flag(help: """
        Also compare the detent policies (DetentPolicy: nearest, one-per-fling, thresholds 0.25 and 0.75): each gesture \
        replayed as a sheet with detents 0, 0.5, 1 from 0 under the projected spring, and where it settles per intent, \
        in a second table after the first (table format only; not with --shard).
        """)
    public var detentPolicies = false

    @Option(help: "Output format: table, csv or json.")
    public var format: BehaviorFormat = .table

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the table to this file (atomically) instead of standard output. {shard} is replaced by the shard index, zero-padded. (default: standard output)",
        valueName: "file"))
    public var output: String?

    @Option(help: ArgumentHelp(
        "Evaluate only the K-th of N contiguous slices of the models (built-ins, then variants; every gesture each), K in 1...N, N at most the models' count; needs --format csv and --output, and writes the file's shard record beside it (FILE.shard: tool version, the run's traces with their CRC-32, replay, models, K of N) for `transition-bench merge`. (default: from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shard-count, else the whole run)",
        valueName: "K/N"))
    public var shard: String?

    @Option(help: ArgumentHelp(
        "Number of shards N for a Kubernetes Indexed Job (JOB_COMPLETION_INDEX is 0-based). (default: none)", valueName: "N"))
    public var shardCount: Int?

    @Option(help: ArgumentHelp("Also write one CSV row per trace and model to this file (atomically).", valueName: "file"))
    public var perTrace: String?

    @Option(help: ArgumentHelp(
        "Also write the synthetic gestures of this run (--synthetic, --seed) as a trace CSV (docs/traces.md) to this file (atomically), for the notebooks or --traces. (default: none)",
        valueName: "file"))
    public var writeSynthetic: String?

    public init() {}

    /// The most synthetic gestures one run holds in memory (about 2.5 GB of resident memory at
    /// this count: 100,000 measured 0.25 GB).
    public static let maximumSynthetic = 1_000_000

    public func validate() throws {
        guard synthetic >= 0 && synthetic <= Self.maximumSynthetic else {
            throw ValidationError("--synthetic must be in 0...\(Self.maximumSynthetic) (gestures, held in memory); got \(synthetic).")
        }
        if let writeSynthetic {
            guard !writeSynthetic.isEmpty else { throw ValidationError("--write-synthetic: invalid value '': empty file name.") }
            guard synthetic > 0 else {
                throw ValidationError("--write-synthetic '\(writeSynthetic)' needs synthetic gestures to write: give --synthetic N with N > 0.")
            }
        }
        guard maxOvershoot >= 0 && maxOvershoot.isFinite else {
            throw ValidationError("--max-overshoot: invalid value '\(maxOvershoot)': must be a finite fraction of the travel >= 0.")
        }
        guard maxVelocityJump >= 0 && maxVelocityJump.isFinite else {
            throw ValidationError(
                "--max-velocity-jump: invalid value '\(maxVelocityJump)': must be a finite velocity >= 0, in travel widths per second.")
        }
        if output == "" { throw ValidationError("--output: invalid value '': empty file name.") }
        if detentPolicies && format != .table {
            throw ValidationError("--detent-policies prints a second text table: it needs --format table; got --format \(format.rawValue).")
        }
        if detentPolicies && (shard != nil || shardCount != nil) {
            throw ValidationError("--detent-policies compares every gesture in one run: it cannot be combined with --shard or --shard-count.")
        }
        for name in builtInNames where ReleaseModelPreset(rawValue: name) == nil && PlatformSheetRule(rawValue: name) == nil {
            throw ValidationError("--builtin '\(name)' is not one of \(Self.builtInChoices.joined(separator: ", ")).")
        }
    }

    /// True when any of the sweep's model flags was given.
    var hasVariants: Bool { variantOptions.isConfigured }

    /// What `--builtin` takes: the presets, then the platforms' sheet and pager rules.
    static var builtInChoices: [String] {
        ReleaseModelPreset.allCases.map(\.rawValue) + PlatformSheetRule.allCases.map(\.rawValue)
    }

    /// The models to run, in table order: the built-ins asked for (every preset and platform rule
    /// by default, unless only variants were configured), then the variants.
    public func models() throws -> [BenchModel] {
        models(variants: hasVariants ? try variantOptions.variants() : [])
    }

    /// `models()` with the variants of `--model` and its flags made already (`builtIns` false:
    /// the variants' models alone).
    func models(builtIns withBuiltIns: Bool = true, variants: [ModelVariant]) -> [BenchModel] {
        let names: [String] =
            !withBuiltIns ? [] : builtInNames.isEmpty ? (hasVariants ? [] : Self.builtInChoices) : builtInNames
        let settings = replay.settings
        let builtIns = names.compactMap { name in
            ReleaseModelPreset(rawValue: name)?.benchModel(replay: settings)
                ?? PlatformSheetRule(rawValue: name).map { BenchModel(rule: $0, replay: settings) }
        }
        return builtIns
            + variants.map { variant in
                var replay = settings
                replay.frameRate = variant.frameRate
                return BenchModel(name: variant.benchName, model: variant.builtIn, replay: replay)
            }
    }

    /// Loads the trace sets; `note` receives what goes to standard error.
    public func traceSets(
        currentDirectory: URL, packageRoot: URL = TraceSources.packageRoot, note: (String) -> Void
    ) throws -> [TraceSet] {
        let urls = recorded.urls(currentDirectory: currentDirectory, packageRoot: packageRoot, note: note)
        var sets = try TraceSources.recorded(urls, malformedStrokes: skipInvalidTraces ? .skip : .refuse)
        for set in sets { SkippedStrokesReport.notes(for: set).forEach(note) }
        // Said once: a recorded trace without pixels_per_point has its pixels read as points.
        let undeclared = sets.reduce(0) { $0 + $1.traces.filter { $0.pixelsPerPoint == nil }.count }
        if undeclared > 0 {
            note("\(undeclared) recorded traces declare no \(TraceFormat.pixelsPerPointColumn): their pixels are read as points "
                + "(the fling cap of \(Int(ReleaseSpeedLimit.platformMaximum)) points/s is applied as \(Int(ReleaseSpeedLimit.platformMaximum)) pixels/s; docs/traces.md)")
        }
        let estimator = replay.settings.estimator.estimator
        for set in sets { ImplausibleTracesReport.notes(for: set, estimator: estimator).forEach(note) }
        if synthetic > 0 { sets.append(TraceSources.synthetic(count: synthetic, seed: seed)) }
        guard sets.contains(where: { !$0.traces.isEmpty }) else {
            let skipped = sets.reduce(0) { $0 + $1.skipped.count }
            throw skipped > 0 ? BehaviorError.everyStrokeSkipped(skipped: skipped) : BehaviorError.noTraces
        }
        return sets
    }

    /// Runs the benchmark; returns the rendered table and writes --per-trace. Everything the
    /// table needs happens here, so tests call it without capturing standard output.
    public func report(
        currentDirectory: URL, packageRoot: URL = TraceSources.packageRoot, note: (String) -> Void
    ) throws -> String {
        try run(currentDirectory: currentDirectory, packageRoot: packageRoot, environment: [:], note: note).table
    }

    /// What one run produced: its table, and for a shard its place (`ShardPlan`).
    public struct Outcome {
        /// The text table, rendered whole; CSV and JSON rows, rendered as they are written.
        enum Body {
            case text(String)
            case rows([BehaviorSummary], BehaviorFormat)
        }
        var body: Body
        public var shard: ShardPlan?

        /// The table's whole text (what `write(to:)` hands out in pieces).
        public var table: String { BehaviorReport.collected { try write(to: $0) } }

        /// The table's bytes handed to `out` in pieces: a CSV or JSON table of tens of
        /// thousands of rows (a shard's) is never one string in memory.
        func write(to out: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
            switch body {
            case .text(let text):
                var text = text
                try text.withUTF8 { try out($0) }
            case .rows(let rows, let format):
                try BehaviorReport.write(rows, format: format, to: out)
            }
        }
    }

    /// Runs the benchmark (the shard of the models `environment` or `--shard` asks for); returns
    /// the rendered table and writes --per-trace.
    public func run(
        currentDirectory: URL, packageRoot: URL = TraceSources.packageRoot, environment: [String: String],
        note: (String) -> Void
    ) throws -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        // A shard's flags are checked before the gestures are read and the grid counted (seconds
        // for a million variants).
        let requestedShard = try requestedShard(environment: environment)
        let sets = try traceSets(currentDirectory: currentDirectory, packageRoot: packageRoot, note: note)
        // A shard counts the models, then builds only its own slice of them (a 1/100 shard of a
        // million variants holds 10,000).
        let builtIns = models(variants: [])
        let modelCount = builtIns.count + (hasVariants ? try variantOptions.variantCount() : 0)
        let shardPlan = try shardPlan(requestedShard, models: modelCount, currentDirectory: currentDirectory, packageRoot: packageRoot)
        let slice = shardPlan?.models ?? 0..<modelCount
        let variantPlaces = max(0, slice.lowerBound - builtIns.count)..<max(0, slice.upperBound - builtIns.count)
        let variants = hasVariants ? try variantOptions.variants(in: shardPlan == nil ? nil : variantPlaces) : []
        let models = Array(builtIns[min(slice.lowerBound, builtIns.count)..<min(slice.upperBound, builtIns.count)]) + models(builtIns: false, variants: variants)
        let names = models.map(\.name)
        // Chunks of models stream through the summaries and the per-trace file: a grid of
        // thousands of variants never holds every outcome at once.
        var summaries = BehaviorSummaries(models: names, sets: sets)
        let stream = try perTrace.map {
            try PerTraceWriter.Stream(to: URL(fileURLWithPath: $0, relativeTo: currentDirectory), models: names, sets: sets)
        }
        defer { stream?.abort() }
        try BehaviorBenchmark(models: models, evaluator: evaluator).run(sets) { chunk in
            summaries.add(chunk)
            try stream?.append(chunk)
        }
        try stream?.commit()
        if let writeSynthetic {
            let url = URL(fileURLWithPath: writeSynthetic, relativeTo: currentDirectory)
            let traces = sets.filter(\.isSynthetic).flatMap(\.traces)
            do {
                try TraceWriter.write(traces, to: url)
            } catch {
                // A failed run leaves none of its outputs.
                if let stream { unlink(stream.path) }
                throw BehaviorError.writing(url.path, error)
            }
        }
        var rows = summaries.table
        let defaults = Set(models.filter(\.isDefaultPreset).map(\.name))
        if pareto { ParetoFront.mark(&rows, defaultModels: defaults, limits: pickLimits) }
        // Each row's model: one column per parameter and its Swift expression. The table holds
        // the models in order within each source, so row i is model i % models.count (found by
        // position: by name, a 10,000-variant table hashed its long names 80,000 times).
        let modelCells = models.map(BehaviorSummary.modelCells(of:))
        for i in rows.indices { rows[i].modelCells = modelCells[i % models.count] }
        // Short names are the text table's (the CSV and JSON keep every parameter in the name).
        let variantNames = format == .table ? VariantNames(variants, alone: variants.count == models.count) : VariantNames([])
        var body = Outcome.Body.rows(rows, format)
        if format == .table {
            var table = BehaviorReport.render(rows, format: format, names: variantNames.shortName, fixed: variantNames.fixed)
            table += SkippedStrokesReport.footer(sets)
            if pareto { table += ParetoFront.footer(rows, limits: pickLimits, names: variantNames.shortName) }
            table += "\n" + BehaviorReport.wrapped(BehaviorReport.restOfTheColumns).joined(separator: "\n") + "\n"
            if detentPolicies {
                table += "\n" + DetentPolicyComparison.table(DetentPolicyComparison.rows(sets, settings: replay.settings))
            }
            body = .text(table)
        }
        let elapsed = clock.now - start
        let traceCount = sets.reduce(0) { $0 + $1.traces.count }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let shardWords = shardPlan.map { " (shard \($0.shard): models \($0.models.lowerBound)..<\($0.models.upperBound) of \(modelCount))" } ?? ""
        note("behavior: \(traceCount) traces x \(models.count) models\(shardWords) in \(BehaviorReport.fixed(seconds, decimals: 2)) s (\(evaluator.rawValue) evaluator) on \(ProcessInfo.processInfo.activeProcessorCount) cores (\(Self.buildConfiguration) build; estimator \(replay.estimator), touch slop \(replay.touchSlop), direction \(replay.direction), settle tolerance \(replay.settleTolerance))")
        return Outcome(body: body, shard: shardPlan)
    }

    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    public func run() throws {
        let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        do {
            let outcome = try run(
                currentDirectory: currentDirectory, environment: ProcessInfo.processInfo.environment) { Self.printError($0) }
            // Every byte or a failure (a full disk behind a redirection exits 74), not print's
            // silently dropped error.
            let target = output.map { URL(fileURLWithPath: (outcome.shard?.shard ?? .whole).substitute(into: $0), relativeTo: currentDirectory).path }
            do {
                try Self.write(outcome, to: target, shard: outcome.shard)
            } catch {
                // A failed run leaves none of its outputs: the files written before the table go.
                for path in [perTrace, writeSynthetic].compactMap({ $0 }) {
                    unlink(URL(fileURLWithPath: path, relativeTo: currentDirectory).path)
                }
                throw BehaviorError.writing(target ?? "standard output", error)
            }
        } catch let error as BehaviorError {
            Self.printError("error: \(error)")
            throw error.exitStatus.exitCode
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("transition-bench: \(message)\n".utf8))
    }
}

extension BehaviorEvaluator: ExpressibleByArgument {}
