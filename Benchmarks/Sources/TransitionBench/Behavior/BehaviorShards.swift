import ArgumentParser
import Foundation
import TransitionCSV
import TransitionLab
import TransitionSweep
import TransitionTraces

/// One shard of a behaviour run (`transition-bench behavior --shard K/N`, a Slurm array task or a
/// Kubernetes Indexed Job, as `transition-sweep run` reads them: `Shard.resolve`): the K-th of N
/// contiguous slices of the run's models (built-ins, then variants), each replayed over every
/// gesture, and the identity its record carries.
public struct ShardPlan: Sendable {
    public var shard: Shard
    /// The models this shard evaluates: indices into the run's models.
    public var models: Range<Int>
    /// The run's models, every shard together: the record's `grid-rows`.
    public var modelCount: Int
    public var identity: RunIdentity
}

extension BehaviorCommand {
    /// The tool and version a bench shard record carries (`RunIdentity.tool`): raise the
    /// version with any change to what a row of the table holds, so shards of two versions are
    /// never merged.
    public static let tool = "transition-bench 1.4.0"

    /// The shard this run is asked to be (`--shard` or the launcher's variables), or nil for the
    /// whole run, checked before anything is read or counted. Throws `ValidationError` (exit 64)
    /// for a shard that cannot be merged: not CSV, no --output, or with --per-trace or
    /// --write-synthetic (a shard writes its table only).
    func requestedShard(environment: [String: String]) throws -> Shard? {
        guard Shard.isRequested(flag: shard, environment: environment) else { return nil }
        let resolved = try Shard.resolve(flag: shard, shardCount: shardCount, environment: environment)
        guard format == .csv else {
            throw ValidationError("--shard \(resolved): a shard's table is CSV, which transition-bench merge reads: give --format csv.")
        }
        guard output != nil else {
            throw ValidationError("--shard \(resolved): give --output FILE (with {shard} for the index): a shard writes its rows and its record FILE.shard.")
        }
        guard perTrace == nil && writeSynthetic == nil else {
            throw ValidationError("--shard \(resolved): --per-trace and --write-synthetic are whole-run outputs; run them without --shard.")
        }
        return resolved
    }

    /// The slice of `models` models that the `requested` shard evaluates, or nil for the whole
    /// run. Throws `ValidationError` (exit 64) for more shards than models.
    func shardPlan(_ requested: Shard?, models: Int, currentDirectory: URL, packageRoot: URL) throws -> ShardPlan? {
        guard let resolved = requested else { return nil }
        guard resolved.count <= models else {
            throw ValidationError("--shard \(resolved): the run has \(models) models, fewer than \(resolved.count) shards; use at most \(models).")
        }
        return ShardPlan(
            shard: resolved, models: resolved.rows(of: models), modelCount: models,
            identity: try identity(currentDirectory: currentDirectory, packageRoot: packageRoot))
    }

    /// The run's identity: every value the table depends on, after defaults, in one order: the
    /// traces (each recorded file's name, size and CRC-32; the synthetic count and seed; whether
    /// malformed strokes were skipped), the built-ins, the variants' canonical specification
    /// (`ModelOptions.canonicalSpec`), the replay, and the front's settings. The evaluator is left
    /// out: both write the same bytes.
    func identity(currentDirectory: URL, packageRoot: URL) throws -> RunIdentity {
        var entries: [RunIdentity.Entry] = []
        let recorded = self.recorded.urls(currentDirectory: currentDirectory, packageRoot: packageRoot, note: { _ in })
        let files = try recorded.map { url -> String in
            let bytes: [UInt8]
            do {
                bytes = try readSmallFile(url.path, limit: TraceFormat.maximumFileBytes, what: "the trace file")
            } catch {
                throw BehaviorError.unreadableTraceFile(path: url.path, reason: "\(error)")
            }
            var digest = FileDigest()
            bytes.withUnsafeBufferPointer { digest.update($0) }
            return "\(url.lastPathComponent) \(bytes.count) bytes crc32 \(digest.hex)"
        }
        entries.append(RunIdentity.Entry(key: "traces", value: files.isEmpty ? "none" : RunIdentity.valueText(files)))
        entries.append(RunIdentity.Entry(key: "skip-invalid-traces", value: "\(skipInvalidTraces)"))
        entries.append(RunIdentity.Entry(key: "synthetic", value: "\(synthetic)"))
        entries.append(RunIdentity.Entry(key: "seed", value: "\(seed)"))
        let builtIns = builtInNames.isEmpty ? (hasVariants ? [] : Self.builtInChoices) : builtInNames
        entries.append(RunIdentity.Entry(key: "builtin", value: builtIns.isEmpty ? "none" : builtIns.joined(separator: ",")))
        entries += hasVariants ? try variantOptions.canonicalSpec() : [RunIdentity.Entry(key: "model", value: "none")]
        let replay = replay.settings
        entries += [
            RunIdentity.Entry(key: "estimator", value: replay.estimator.rawValue),
            RunIdentity.Entry(key: "touch-slop", value: "\(replay.touchSlop)"),
            RunIdentity.Entry(key: "direction", value: replay.directionRule.rawValue),
            RunIdentity.Entry(key: "settle-tolerance", value: "\(replay.settleTolerance)"),
            RunIdentity.Entry(key: "pareto", value: "\(pareto)"),
            RunIdentity.Entry(key: "max-overshoot", value: "\(maxOvershoot)"),
            RunIdentity.Entry(key: "max-velocity-jump", value: "\(maxVelocityJump)"),
        ]
        return RunIdentity(tool: Self.tool, spec: entries)
    }

    /// Writes the outcome's table to the file at `path` (atomically; standard output when nil),
    /// piece by piece as it is rendered, and for a shard its record beside it once the file is
    /// complete (its size and CRC-32 counted from the pieces). A record that cannot be written
    /// takes the file back: a shard without its record is no result.
    static func write(_ outcome: Outcome, to path: String?, shard: ShardPlan?) throws {
        guard let path else {
            let sink = StandardOutputSink()
            try outcome.write { try sink.write($0) }
            return
        }
        let file = try AtomicFile(path: path)
        defer { file.abort() }
        var digest = FileDigest()
        var count = 0
        try outcome.write { piece in
            try file.write(piece)
            digest.update(piece)
            count += piece.count
        }
        try file.commit()
        guard let shard else { return }
        do {
            try ShardRecord(
                identity: shard.identity, shard: shard.shard, rows: shard.models, gridRows: shard.modelCount, bytes: count,
                crc32: digest.hex
            ).write(for: path)
        } catch {
            unlink(path)
            throw error
        }
    }
}
