import Foundation
import TransitionCSV
import TransitionLab
import TransitionPhysics

/// Runs a checked plan: evaluates chunks of rows on worker threads, formats them there, and
/// writes them in row order through a bounded window (memory stays flat).
struct SweepRunner {
    let plan: RunCommand.Plan
    let showProgress: Bool
    /// The evaluator (`--evaluator`): batch or scalar, the same output either way.
    var evaluator: any SweepEvaluator

    init(plan: RunCommand.Plan, showProgress: Bool) {
        self.plan = plan
        self.showProgress = showProgress
        evaluator = plan.evaluator.make(grid: plan.grid)
    }

    /// Rows per chunk: the unit of work and of output. Any value gives the same bytes.
    var chunkRows: Int { plan.trajectories == nil ? 8192 : 256 }

    struct ChunkBytes: @unchecked Sendable {
        var csv: ByteBuffer
        var trajectories: ByteBuffer?
    }

    func run() throws {
        var atomic: [AtomicFile] = []
        defer { for file in atomic { file.abort() } }  // no-op after commit
        // A shard's files count and hash their bytes as they are written, for their records.
        var outputRecording: RecordingSink?, trajectoryRecording: RecordingSink?
        let output: ByteSink
        if let path = plan.output {
            let file = try AtomicFile(path: path, bypassingPageCache: true)
            atomic.append(file)
            outputRecording = plan.recordsShard ? RecordingSink(file) : nil
            output = (outputRecording as ByteSink?) ?? file
        } else {
            output = StandardOutputSink()
        }
        let trajectorySink: ByteSink?
        if let path = plan.trajectories {
            let file = try AtomicFile(path: path, bypassingPageCache: true)
            atomic.append(file)
            trajectoryRecording = plan.recordsShard ? RecordingSink(file) : nil
            let sink: ByteSink = (trajectoryRecording as ByteSink?) ?? file
            try Array("row,t_s,progress,velocity_per_s\n".utf8).withUnsafeBufferPointer { try sink.write($0) }
            trajectorySink = sink
        } else {
            trajectorySink = nil
        }
        try Array(SweepGrid.headerLine.utf8).withUnsafeBufferPointer { try output.write($0) }

        let rows = plan.rows
        let per = chunkRows
        let chunks = (rows.count + per - 1) / per
        let evaluator = self.evaluator
        let formatter = CSVRowFormatter(grid: plan.grid)
        let grid = plan.grid
        let wantsTrajectories = plan.trajectories != nil
        let pipeline = OrderedPipeline<ChunkBytes>(count: chunks, threads: plan.threads, window: 2 * plan.threads + 2)
        let progress = ProgressLine(total: rows.count, enabled: showProgress)
        let buffers = BufferPool()
        try pipeline.run(
            produce: { index in
                let lower = rows.lowerBound + index * per
                let range = lower..<min(lower + per, rows.upperBound)
                let chunk = evaluator.evaluate(rows: range)
                let buffer = buffers.take(capacity: range.count * formatter.maximumRowBytes)
                let cache = DoubleTextCache()
                formatter.format(chunk, into: buffer, cache: cache)
                var extra: ByteBuffer?
                if wantsTrajectories {
                    let t = ByteBuffer(capacity: range.count * 4096)
                    TrajectoryFormatter.format(chunk, grid: grid, into: t, cache: cache)
                    extra = t
                }
                return ChunkBytes(csv: buffer, trajectories: extra)
            },
            consume: { index, bytes in
                try output.write(bytes.csv.bytes)
                buffers.give(bytes.csv)
                if let t = bytes.trajectories {
                    try trajectorySink?.write(t.bytes)
                }
                progress.update(done: min((index + 1) * per, rows.count))
            })
        progress.finish()
        for file in atomic { try file.commit() }
        // Each file of a shard, once complete, gets its record (what `merge` checks a set by).
        // A record that cannot be written (a full disk) takes back the shard's files and the
        // records written before it: a shard without its record is no result.
        if plan.recordsShard {
            let gridRows = plan.grid.rowCount
            var written: [String] = []
            do {
                for (path, recording) in [(plan.output, outputRecording), (plan.trajectories, trajectoryRecording)] {
                    guard let path, let recording else { continue }
                    try ShardRecord(
                        identity: plan.identity, shard: plan.shard, rows: rows, gridRows: gridRows, bytes: recording.bytes,
                        crc32: recording.digest.hex
                    ).write(for: path)
                    written.append(ShardRecord.recordPath(for: path))
                }
            } catch {
                for path in [plan.output, plan.trajectories].compactMap({ $0 }) + written { unlink(path) }
                throw error
            }
        }
    }
}

/// The long-format trajectory file: each completion sampled at its frame rate from release
/// until it is done (its completion time; 60 s for a spring that never settles).
enum TrajectoryFormatter {
    static func format(_ chunk: EvaluatedChunk, grid: SweepGrid, into buffer: ByteBuffer, cache: DoubleTextCache) {
        for (i, row) in chunk.rows.enumerated() {
            let point = grid.point(row)
            let variant = grid.variants[point.variant]
            let state = ReleaseState(progress: grid.progress[point.progress], velocity: grid.velocity[point.velocity])
            let completion = variant.model.release(state)
            let time = chunk.completionTime[i]
            let duration = time.isFinite ? time : CompletionCurve.maximumSeconds
            for sample in completion.curve.sampled(frameRate: variant.frameRate, duration: duration) {
                buffer.reserve(24 + 3 * 48 + 4)
                var out = buffer.base + buffer.count
                out += NumberFormatting.writeInteger(UInt64(row), to: out)
                out.pointee = UInt8(ascii: ","); out += 1
                out += cache.write(sample.time, to: out)
                out.pointee = UInt8(ascii: ","); out += 1
                out += cache.write(sample.progress, to: out)
                out.pointee = UInt8(ascii: ","); out += 1
                out += cache.write(sample.velocity, to: out)
                out.pointee = UInt8(ascii: "\n"); out += 1
                buffer.count = out - buffer.base
            }
        }
    }
}

/// "rows done / total, rows per second, time left" on standard error, redrawn in place at most
/// five times a second.
final class ProgressLine {
    let total: Int
    let enabled: Bool
    let start = Date()
    var last = Date.distantPast
    var drawn = false

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(done: Int) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(last) >= 0.2 || done == total else { return }
        last = now
        let elapsed = max(now.timeIntervalSince(start), 1e-9)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = String(
            format: "\r%@ / %@ rows  %.2f M rows/s  %@ left ", grouped(done), grouped(total), rate / 1e6, duration(left))
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s >= 60 ? "\(s / 60) min \(s % 60) s" : "\(s) s"
    }
}

func grouped(_ n: Int) -> String {
    let digits = String(n)
    var result = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { result += "," }
        result.append(c)
    }
    return result
}
