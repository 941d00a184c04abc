import ArgumentParser
import Foundation

/// The K-th of N contiguous slices of a grid (K from 1).
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 1, count: 1)

    public var description: String { "\(index)/\(count)" }

    /// Rows floor((K - 1) T / N) ..< floor(K T / N) of a grid of T rows: every row in exactly one
    /// shard, shard sizes differing by at most one.
    public func rows(of total: Int) -> Range<Int> {
        func bound(_ k: Int) -> Int {
            let product = total.multipliedFullWidth(by: k)
            return count.dividingFullWidth(product).quotient
        }
        return bound(index - 1)..<bound(index)
    }

    /// `K/N` from `--shard`.
    static func parse(_ text: String) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ValidationError("--shard: invalid value '\(text)': expected K/N, such as 2/8.")
        }
        guard n >= 1 else { throw ValidationError("--shard: invalid value '\(text)': the shard count N must be >= 1.") }
        guard k >= 1 && k <= n else {
            throw ValidationError("--shard: invalid value '\(text)': the shard index K must be in 1...\(n).")
        }
        return Shard(index: k, count: n)
    }

    /// The shard for this process: `--shard` if given, else a Slurm array task
    /// (`SLURM_ARRAY_TASK_ID` - `SLURM_ARRAY_TASK_MIN` (0 when unset) + 1 of
    /// `SLURM_ARRAY_TASK_COUNT`, or of `--shard-count` when given), else a Kubernetes Indexed Job
    /// (`JOB_COMPLETION_INDEX` + 1 of `--shard-count`), else the whole grid.
    public static func resolve(flag: String?, shardCount: Int?, environment: [String: String]) throws -> Shard {
        if let flag {
            let shard = try parse(flag)
            if let shardCount, shardCount != shard.count {
                throw ValidationError("--shard-count: invalid value '\(shardCount)': --shard \(flag) says \(shard.count) shards.")
            }
            return shard
        }
        if let shardCount, shardCount < 1 {
            throw ValidationError("--shard-count: invalid value '\(shardCount)': must be >= 1.")
        }
        if let id = try Self.launcherInteger("SLURM_ARRAY_TASK_ID", in: environment) {
            let minimum = try Self.launcherInteger("SLURM_ARRAY_TASK_MIN", in: environment) ?? 0
            let n: Int, countSource: String
            if let shardCount {
                (n, countSource) = (shardCount, "--shard-count")
            } else if let count = try Self.launcherInteger("SLURM_ARRAY_TASK_COUNT", in: environment) {
                guard count >= 1 else {
                    throw ValidationError("SLURM_ARRAY_TASK_COUNT: invalid value '\(count)': must be >= 1.")
                }
                (n, countSource) = (count, "SLURM_ARRAY_TASK_COUNT")
            } else {
                throw ValidationError("SLURM_ARRAY_TASK_ID: '\(id)' is set but SLURM_ARRAY_TASK_COUNT is not; pass --shard-count.")
            }
            // Both are >= 0, so the difference cannot overflow; K = offset + 1 <= N cannot either.
            let offset = id - minimum
            guard offset >= 0, offset < n else {
                throw ValidationError(
                    "SLURM_ARRAY_TASK_ID: invalid value '\(id)': with SLURM_ARRAY_TASK_MIN \(minimum) it is task \(offset) of the array, outside 0...\(n - 1) for \(countSource) \(n).")
            }
            return Shard(index: offset + 1, count: n)
        }
        if let index = try Self.launcherInteger("JOB_COMPLETION_INDEX", in: environment) {
            guard let n = shardCount else {
                throw ValidationError("JOB_COMPLETION_INDEX: '\(index)' is set; pass --shard-count N (the Job's completions).")
            }
            guard index < n else {
                throw ValidationError("JOB_COMPLETION_INDEX: invalid value '\(index)': must be in 0...\(n - 1) for --shard-count \(n).")
            }
            return Shard(index: index + 1, count: n)
        }
        if let shardCount {
            throw ValidationError(
                "--shard-count: '\(shardCount)' needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID in the environment (or use --shard K/N).")
        }
        return .whole
    }

    /// The launcher variables `resolve` reads, each a count or an index: Slurm's array task
    /// (`SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT`) and a Kubernetes
    /// Indexed Job's `JOB_COMPLETION_INDEX`. The sweep reads no other variable.
    public static let launcherVariables = [
        "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX",
    ]

    /// The value of the launcher variable `name`: nil when unset or empty, else a decimal integer
    /// in 0...Int.max (launchers number tasks from 0); anything else (a sign, a space, a
    /// fraction, a value past Int.max) throws `ValidationError` (exit 64) naming the variable.
    static func launcherInteger(_ name: String, in environment: [String: String]) throws -> Int? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw ValidationError("\(name): invalid value '\(shown)': must be a non-negative decimal integer.")
        }
        guard let value = Int(text) else {
            throw ValidationError("\(name): invalid value '\(shown)': must be at most \(Int.max).")
        }
        return value
    }

    /// True when `resolve` finds a shard in `flag` or the launcher's variables (rather than
    /// falling back to the whole grid).
    public static func isRequested(flag: String?, environment: [String: String]) -> Bool {
        flag != nil || ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// `path` with `{shard}` replaced by K, zero-padded to the width of N (so names sort).
    public func substitute(into path: String) -> String {
        guard path.contains("{shard}") else { return path }
        let width = String(count).count
        let k = String(index)
        return path.replacingOccurrencesOfShard(with: String(repeating: "0", count: max(0, width - k.count)) + k)
    }
}

extension String {
    func replacingOccurrencesOfShard(with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let r = rest.range(of: "{shard}") {
            result += rest[..<r.lowerBound]
            result += replacement
            rest = rest[r.upperBound...]
        }
        return result + rest
    }
}
