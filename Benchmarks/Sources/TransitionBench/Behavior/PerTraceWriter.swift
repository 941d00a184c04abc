import Foundation
import TransitionCSV
import TransitionLab
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

    /// The records of `chunk`'s models: model by model, traces in input order within each
    /// model (so a run of many models streams, a chunk of models at a time).
    static func append(_ chunk: BehaviorChunk, models: [String], sets: [TraceSet], to csv: inout CSVWriter) {
        for m in chunk.models {
            var t = 0
            for set in sets {
                for trace in set.traces {
                    let o = chunk.outcome(model: m, trace: t)
                    t += 1
                    for text in [
                        models[m], set.source, set.isSynthetic ? (trace.family ?? "") : "", trace.id,
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
    }

    /// The CSV text of every outcome at once.
    public static func csv(_ results: BehaviorResults) -> String {
        var csv = CSVWriter()
        csv.record(columns)
        append(results.chunk, models: results.models, sets: results.sets, to: &csv)
        return csv.text
    }

    /// The file as chunks arrive, through `AtomicFile`: a reader never sees half a file, and a
    /// failed run leaves any previous file intact and no temporary file behind.
    public final class Stream {
        let file: AtomicFile
        let path: String
        let models: [String]
        let sets: [TraceSet]

        /// Opens the temporary file beside `url` and writes the header.
        public init(to url: URL, models: [String], sets: [TraceSet]) throws {
            path = url.path
            self.models = models
            self.sets = sets
            do { file = try AtomicFile(path: url.path) } catch { throw BehaviorError.writing(url.path, error) }
            var csv = CSVWriter()
            csv.record(PerTraceWriter.columns)
            try write(csv)
        }

        /// Appends the records of `chunk`'s models.
        public func append(_ chunk: BehaviorChunk) throws {
            var csv = CSVWriter(buffer: ByteBuffer(capacity: 1 << 20))
            PerTraceWriter.append(chunk, models: models, sets: sets, to: &csv)
            try write(csv)
        }

        /// Renames the finished file into place.
        public func commit() throws {
            do { try file.commit() } catch { throw BehaviorError.writing(path, error) }
        }

        /// Removes the temporary file (nothing after `commit()`).
        public func abort() { file.abort() }

        private func write(_ csv: CSVWriter) throws {
            do {
                try withExtendedLifetime(csv.buffer) { try file.write(csv.buffer.bytes) }
            } catch {
                file.abort()
                throw BehaviorError.writing(path, error)
            }
        }
    }

    /// Writes every outcome at once (`Stream` for one chunk).
    public static func write(_ results: BehaviorResults, to url: URL) throws {
        let stream = try Stream(to: url, models: results.models, sets: results.sets)
        defer { stream.abort() }
        try stream.append(results.chunk)
        try stream.commit()
    }
}
