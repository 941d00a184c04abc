import Foundation
import TransitionCSV
import TransitionPhysics

/// `--per-trace FILE`: one CSV record per trace and model, for the notebooks, in the dialect of
/// every CSV the project writes (`CSVWriter`).
public enum PerTraceWriter {
    /// Columns: model, source (the recorded file's name or `synthetic`), family (the synthetic
    /// family, empty for recorded traces), trace_id, user_id, device_id (empty when unknown),
    /// intent (empty when unknown), started (true/false), decision, release_progress,
    /// release_velocity_per_s (progress per second), projected_progress (empty for models
    /// without projection), completion_time_s, velocity_jump_per_s, overshoot (fraction of the
    /// travel), peak_acceleration_per_s2 (progress per second squared), visual_completion_s
    /// (seconds until nothing moves by one physical pixel).
    public static let columns = [
        "model", "source", "family", "trace_id", "user_id", "device_id", "intent", "started", "decision",
        "release_progress", "release_velocity_per_s", "projected_progress", "completion_time_s",
        "velocity_jump_per_s", "overshoot", "peak_acceleration_per_s2", "visual_completion_s",
    ]

    /// The records: traces in input order, models in model order within each trace.
    static func records(_ results: BehaviorResults) -> CSVWriter {
        var csv = CSVWriter()
        csv.record(columns)
        for (s, set) in results.sets.enumerated() {
            for (t, trace) in set.traces.enumerated() {
                for (m, model) in results.models.enumerated() {
                    let o = results.outcomes[s][t][m]
                    for text in [
                        model, set.source, set.isSynthetic ? (trace.family ?? "") : "", trace.id,
                        trace.userID ?? "", trace.deviceID ?? "", trace.intent?.rawValue ?? "",
                        o.started ? "true" : "false", o.decision.rawValue,
                    ] {
                        csv.field(text)
                    }
                    for number in [
                        o.releaseProgress, o.releaseVelocity, o.projectedProgress, o.completionTime, o.velocityJump,
                        o.overshoot, o.peakAcceleration, o.visualCompletionTime,
                    ] {
                        csv.field(number)
                    }
                    csv.endRecord()
                }
            }
        }
        return csv
    }

    /// The CSV text.
    public static func csv(_ results: BehaviorResults) -> String { records(results).text }

    /// Writes through `AtomicFile`: a reader never sees half a file, and a failed run leaves any
    /// previous file intact and no temporary file behind.
    public static func write(_ results: BehaviorResults, to url: URL) throws {
        do {
            try AtomicFile.write(records(results).buffer, to: url.path)
        } catch {
            throw BehaviorError.cannotWrite(path: url.path, reason: "\(error)")
        }
    }
}
