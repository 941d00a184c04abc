import Foundation
import TransitionBatch
import TransitionPhysics

/// The peer a Python user would pick: numpy evaluating the same releases' closed form
/// vectorized (all lanes of a chunk times all frames at once), with the same reductions
/// (settling frame, overshoot, peak acceleration up to settling), median of the samples.
enum NumpyPeer {
    enum Result {
        case skipped(String)
        /// Median seconds, and a sentence on how well numpy's numbers agree with the batch.
        case measured(Double, String)
    }

    static let script = #"""
    import sys, time
    import numpy as np

    path, n, frames, dt, tol2, samples, chunk = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
    x0, v0, m, k, c, target = np.fromfile(path, dtype=np.float64).reshape(6, n)
    frame = np.arange(frames + 1)[:, None]
    t = frame * dt

    def run():
        overshoot = np.empty(n); peak = np.empty(n); settled_at = np.empty(n, dtype=np.int64)
        for s in range(0, n, chunk):
            e = slice(s, s + chunk)
            lam = c[e] / (2 * m[e]); w2 = k[e] / m[e]; wd = np.sqrt(w2 - lam * lam)
            decay = np.exp(-lam * t); cos = np.cos(wd * t); sin = np.sin(wd * t) / wd
            x = decay * (x0[e] * cos + (v0[e] + lam * x0[e]) * sin)
            v = decay * (v0[e] * cos - (w2 * x0[e] + lam * v0[e]) * sin)
            a = -(k[e] * x + c[e] * v) / m[e]
            settled = x * x + v * v / w2 <= tol2
            first = np.where(settled.any(axis=0), settled.argmax(axis=0), -1)
            live = frame <= np.where(first >= 0, first, frames)
            side = np.where(target[e] >= 0.5, 1.0, -1.0)
            overshoot[e] = np.maximum(0.0, np.where(live, x * side, -np.inf).max(axis=0))
            peak[e] = np.where(live, np.abs(a), 0.0).max(axis=0)
            settled_at[e] = first
        return overshoot, peak, settled_at

    run()
    times = []
    for _ in range(samples):
        t0 = time.perf_counter(); out = run(); times.append(time.perf_counter() - t0)
    np.concatenate([out[0], out[1], out[2].astype(np.float64)]).tofile(path + ".out")
    print(float(np.median(times)), np.__version__)
    """#

    static func run(python: String, batch: BatchReleases, outcome: BatchOutcome, frames: Int, samples: Int) -> Result {
        guard launch(python, ["-c", "import numpy"]).status == 0 else {
            return .skipped("`\(python) -c 'import numpy'` failed: numpy is not importable")
        }
        let n = batch.count
        // Only underdamped physics lanes have this closed form; the runner's workload is all such.
        var data = [Double](repeating: 0, count: 6 * n)
        for i in 0..<n {
            let target = outcome.decision[i].targetProgress
            data[i] = batch.progress[i] - target
            data[n + i] = batch.velocity[i]
            data[2 * n + i] = batch.mass[i]
            data[3 * n + i] = batch.stiffness[i]
            data[4 * n + i] = batch.damping[i]
            data[5 * n + i] = target
            if batch.spring(at: i).dampingRatio >= 1 { return .skipped("the workload has a spring that is not underdamped") }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transition-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataURL = directory.appendingPathComponent("lanes.f64")
        let scriptURL = directory.appendingPathComponent("peer.py")
        do {
            try data.withUnsafeBytes { try Data($0).write(to: dataURL) }
            try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        } catch {
            return .skipped("could not write the temporary files: \(error)")
        }
        let dt = 1 / CompletionMetrics.defaultFrameRate
        let tolerance = CompletionMetrics.defaultSettleTolerance
        let result = launch(
            python,
            [scriptURL.path, dataURL.path, "\(n)", "\(frames)", "\(dt)", "\(tolerance * tolerance)", "\(samples)", "2048"])
        let fields = result.output.split(separator: " ").map(String.init)
        guard result.status == 0, let seconds = fields.first.flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            return .skipped("the numpy script failed (status \(result.status)): \(result.output.prefix(300))")
        }
        let version = fields.count > 1 ? fields[1].trimmingCharacters(in: .whitespacesAndNewlines) : "?"
        // Agreement with the batch.
        var agreement = "numpy \(version)"
        if let out = try? Data(contentsOf: URL(fileURLWithPath: dataURL.path + ".out")), out.count == 3 * n * 8 {
            let values = out.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
            var worstOvershoot = 0.0, worstPeak = 0.0, sameFrame = 0
            for i in 0..<n {
                worstOvershoot = max(worstOvershoot, abs(values[i] - outcome.overshoot[i]))
                worstPeak = max(worstPeak, abs(values[n + i] - outcome.peakAcceleration[i]) / max(1, outcome.peakAcceleration[i]))
                if Int32(values[2 * n + i]) == outcome.completionFrame[i] { sameFrame += 1 }
            }
            agreement += String(
                format: " agrees with the batch: overshoot within %.1e, peak acceleration within %.1e relative, settling frame equal in %d of %d lanes",
                worstOvershoot, worstPeak, sameFrame, n)
        }
        return .measured(seconds, agreement)
    }

    static func launch(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
