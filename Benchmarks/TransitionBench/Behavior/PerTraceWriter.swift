import Foundation
import TransitionPhysics

/// `--per-trace FILE`: one CSV row (RFC 4180) per trace and model, for the notebooks.
public enum PerTraceWriter {
    /// Columns: model, source (the recorded file's name or `synthetic`), family (the synthetic
    /// family, empty for recorded traces), trace_id, user_id, device_id (empty when unknown),
    /// intent (empty when unknown), started (true/false), decision, release_progress,
    /// release_velocity_per_s (progress per second), projected_progress (empty for models
    /// without projection), completion_time_s, velocity_jump_per_s, overshoot (fraction of the
    /// travel), peak_acceleration_per_s2 (progress per second squared).
    public static let columns = [
        "model", "source", "family", "trace_id", "user_id", "device_id", "intent", "started", "decision",
        "release_progress", "release_velocity_per_s", "projected_progress", "completion_time_s",
        "velocity_jump_per_s", "overshoot", "peak_acceleration_per_s2",
    ]

    /// The CSV text: traces in input order, models in model order within each trace.
    public static func csv(_ results: BehaviorResults) -> String {
        var rows: [[String]] = []
        for (s, set) in results.sets.enumerated() {
            for (t, trace) in set.traces.enumerated() {
                for (m, model) in results.models.enumerated() {
                    let o = results.outcomes[s][t][m]
                    let n = BehaviorReport.number
                    rows.append([
                        model, set.source, set.isSynthetic ? (trace.family ?? "") : "", trace.id,
                        trace.userID ?? "", trace.deviceID ?? "", trace.intent?.rawValue ?? "",
                        o.started ? "true" : "false", o.decision.rawValue, n(o.releaseProgress), n(o.releaseVelocity),
                        o.projectedProgress.map(n) ?? "", n(o.completionTime), n(o.velocityJump), n(o.overshoot),
                        n(o.peakAcceleration),
                    ])
                }
            }
        }
        return BehaviorReport.csv(header: columns, rows: rows)
    }

    /// Writes atomically: a temporary file beside `url`, then rename(2) over it, so a reader
    /// never sees half a file and a failed run leaves any previous file intact.
    public static func write(_ results: BehaviorResults, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(csv(results).utf8).write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw BehaviorError.cannotWrite(path: url.path, reason: "\(error)")
        }
    }
}
