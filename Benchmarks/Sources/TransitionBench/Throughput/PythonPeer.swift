import ArgumentParser
import Foundation
import TransitionBatch
import TransitionLab
import TransitionPhysics

/// The peers a Python user would write for the batch's per-lane-spring releases, each a script
/// run in its own process on the same lanes: numpy (the closed form vectorized over a chunk of
/// lanes times all frames) and numba (`@njit(parallel=True)`, lanes over `prange`, the exact 2x2
/// step per frame, each lane stopping when it settles). Both compute the batch's reductions
/// (settling frame; overshoot and peak acceleration, the motion's own extrema from the closed
/// form, docs/references.md "The motion's extrema", with the peer's atan2, exp and sqrt) and
/// report the median of the samples; one runner here hands them the lanes and checks their
/// results against the batch.
///
/// The script protocol: `script lanes.f64 n frames dt tol2 samples threads`, the file holding
/// six float64 arrays of n (displacement from the target, velocity, mass, stiffness, damping,
/// target); it prints "median_seconds module_version ran_with" (ran_with: the instruction set the
/// peer's compiled code ran, as the peer itself reports it, without spaces) and writes overshoot,
/// peak acceleration and settling frame (-1: not settled), three float64 arrays of n, to
/// `lanes.f64.out`. The peers run with the instruction set the batch itself runs
/// (`PeerInstructionSet`): on an AVX-512 CPU, a batch built for AVX2 is compared with peers held
/// to AVX2 through their own switches.
struct PythonPeer: Sendable {
    /// The measurement's name (and the module that must import).
    var name: String
    /// Threads it runs on: numpy 1, numba all the runner's threads.
    var parallel: Bool
    var script: String

    enum Result {
        case skipped(String)
        /// Median seconds, a sentence on how well the peer's numbers agree with the batch, and the
        /// instruction set the peer reports its code ran.
        case measured(Double, String, ranWith: String)
    }

    /// The common head of both scripts: arguments, the lanes and the timing loop around `run()`.
    private static func program(module: String, body: String) -> String {
        """
        import sys, time
        import numpy as np
        import \(module) as peer_module

        path, n, frames, dt, tol2, samples, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
        x0, v0, m, k, c, target = np.fromfile(path, dtype=np.float64).reshape(6, n)
        \(body)
        run()
        times = []
        for _ in range(samples):
            t0 = time.perf_counter(); out = run(); times.append(time.perf_counter() - t0)
        np.concatenate([out[0], out[1], out[2].astype(np.float64)]).tofile(path + ".out")
        print(float(np.median(times)), peer_module.__version__, ran_with())
        """
    }

    static let numpy = PythonPeer(name: "numpy", parallel: false, script: program(module: "numpy", body: #"""
        chunk = 2048
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
                settled = x * x + v * v / w2 <= tol2
                first = np.where(settled.any(axis=0), settled.argmax(axis=0), -1)
                side = np.where(target[e] >= 0.5, 1.0, -1.0)
                y0 = x0[e] * side; u0 = v0[e] * side
                overshoot[e] = np.maximum(np.maximum(0.0, y0), first_max(y0, u0, lam, w2, wd))
                f0 = (k[e] * x0[e] + c[e] * v0[e]) / m[e]; r0 = (k[e] * v0[e] - c[e] * f0) / m[e]
                peak[e] = np.maximum(np.abs(f0), np.maximum(first_max(f0, r0, lam, w2, wd), first_max(-f0, -r0, lam, w2, wd)))
                settled_at[e] = first
            return overshoot, peak, settled_at

        def first_max(p, r, lam, w2, wd):
            # p's first maximum after release: at the angle of (D, r wd) in [0, 2 pi) over wd, where
            # p = sqrt(Q / w2) e^(-lam t), Q = (r + lam p)^2 + (w2 - lam^2) p^2.
            theta = np.arctan2(r * wd, w2 * p + lam * r)
            theta = np.where(theta < 0, theta + 2 * np.pi, theta)
            a = r + lam * p
            q = np.maximum(a * a + (w2 - lam * lam) * p * p, 0.0)
            return np.sqrt(q / w2) * np.exp(-lam * theta / wd)

        def ran_with():
            # The widest of numpy's dispatch targets this process enabled (NPY_DISABLE_CPU_FEATURES).
            from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
            enabled = [name for name in __cpu_dispatch__ if __cpu_features__.get(name)]
            return "dispatch=" + (enabled[-1] if enabled else "baseline")
        """#))

    static let numba = PythonPeer(name: "numba", parallel: true, script: program(module: "numba", body: #"""
        import math
        from numba import njit, prange
        peer_module.set_num_threads(threads)

        @njit(fastmath=True, cache=False)
        def first_max(p, r, lam, w2, wd):
            # p's first maximum after release: at the angle of (D, r wd) in [0, 2 pi) over wd, where
            # p = sqrt(Q / w2) e^(-lam t), Q = (r + lam p)^2 + (w2 - lam^2) p^2.
            theta = math.atan2(r * wd, w2 * p + lam * r)
            if theta < 0.0:
                theta += 2 * math.pi
            a = r + lam * p
            q = max(a * a + (w2 - lam * lam) * p * p, 0.0)
            return math.sqrt(q / w2) * math.exp(-lam * theta / wd)

        # As a numba user tunes it: fastmath and the invariants hoisted out of the frame loop
        # (measured here: 25% faster than the plain transcription).
        @njit(parallel=True, fastmath=True, cache=False)
        def lanes(x0, v0, m, k, c, target, frames, dt, tol2, overshoot, peak, settled_at):
            for i in prange(x0.shape[0]):
                lam = c[i] / (2 * m[i]); w2 = k[i] / m[i]; wd = math.sqrt(w2 - lam * lam)
                # The exact step over dt: (x, v) <- M (x, v), from the closed form.
                decay = math.exp(-lam * dt); cos = math.cos(wd * dt); sin = math.sin(wd * dt) / wd
                m11 = decay * (cos + lam * sin); m12 = decay * sin
                m21 = -decay * w2 * sin; m22 = decay * (cos - lam * sin)
                side = 1.0 if target[i] >= 0.5 else -1.0
                km = k[i] / m[i]; cm = c[i] / m[i]; inv_w2 = 1.0 / w2
                x = x0[i]; v = v0[i]
                y0 = x * side; u0 = v * side
                over = max(max(0.0, y0), first_max(y0, u0, lam, w2, wd))
                f0 = km * x + cm * v; r0 = km * v - cm * f0
                top = max(abs(f0), max(first_max(f0, r0, lam, w2, wd), first_max(-f0, -r0, lam, w2, wd)))
                first = -1
                for f in range(frames + 1):
                    if x * x + v * v * inv_w2 <= tol2:
                        first = f
                        break
                    x, v = m11 * x + m12 * v, m21 * x + m22 * v
                overshoot[i] = over; peak[i] = top; settled_at[i] = first

        def run():
            overshoot = np.empty(n); peak = np.empty(n); settled_at = np.empty(n, dtype=np.int64)
            lanes(x0, v0, m, k, c, target, frames, dt, tol2, overshoot, peak, settled_at)
            return overshoot, peak, settled_at

        def ran_with():
            # LLVM's CPU for the compiled code (NUMBA_CPU_NAME, else the host's), and how many
            # instructions of the compiled kernel (with its parallel loop body) use zmm registers.
            import llvmlite.binding as ll
            assembly = "\n".join(lanes.inspect_asm().values())
            zmm = sum(1 for line in assembly.splitlines() if "zmm" in line)
            return "cpu=%s,zmm_instructions=%d" % (peer_module.config.CPU_NAME or ll.get_host_cpu_name(), zmm)
        """#))

    /// The interpreter `--python` defaults to: the notebooks' virtual environment (where the
    /// Makefile installs numpy and numba) when present, else python3 on PATH.
    static var defaultPython: String {
        let venv = "notebooks/.venv/bin/python"
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }

    func run(
        python: String, threads: Int, batch: BatchReleases, outcome: BatchOutcome, frames: Int, samples: Int,
        instructionSet: PeerInstructionSet
    ) -> Result {
        let imports = name == "numpy" ? "import numpy" : "import numpy, \(name)"
        let environment = instructionSet.environment
        let check = Self.launch(python, ["-c", imports], environment: environment)
        guard check.status == 0 else {
            let why = check.output.split(separator: "\n").last.map(String.init) ?? ""
            return .skipped("`\(python) -c '\(imports)'` failed: \(name) is not importable (\(why)); make venv installs it into notebooks/.venv")
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transition-bench-\(getpid())-\(name)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataURL = directory.appendingPathComponent("lanes.f64")
        let scriptURL = directory.appendingPathComponent("peer_\(name).py")
        do {
            try data.withUnsafeBytes { try Data($0).write(to: dataURL) }
            try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        } catch {
            return .skipped("could not write the temporary files: \(error)")
        }
        let dt = 1 / TransitionSettings.defaultFrameRate
        let tolerance = CompletionMetrics.defaultSettleTolerance
        let result = Self.launch(
            python,
            [scriptURL.path, dataURL.path, "\(n)", "\(frames)", "\(dt)", "\(tolerance * tolerance)", "\(samples)", "\(parallel ? threads : 1)"],
            environment: environment)
        // The last line (warnings may come before it).
        let last = result.output.split(separator: "\n").last ?? ""
        let fields = last.split(whereSeparator: \.isWhitespace).map(String.init)
        guard result.status == 0, fields.count == 3, let seconds = Double(fields[0]) else {
            return .skipped("the \(name) script failed (status \(result.status)): \(result.output.suffix(300))")
        }
        // Agreement with the batch.
        var agreement = "\(name) \(fields[1])"
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
        } else {
            agreement += " wrote no results to compare with the batch"
        }
        return .measured(seconds, agreement, ranWith: fields[2])
    }

    /// Runs `executable` through /usr/bin/env with this process's environment plus `environment`.
    static func launch(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The vector instruction set the Python peers may use: all the CPU has, or AVX2+FMA, through the
/// peers' own switches (numba compiles for LLVM's `haswell` with AVX2 and FMA; numpy turns off
/// its AVX-512 dispatch targets). By default (`--peer-instruction-set auto`) the widest set the
/// batch's own code runs (`BatchIntegrator.swiftInstructionSet`, `.kernelInstructionSet`), so
/// that a batch built for AVX2 on an AVX-512 host is compared like for like.
public enum PeerInstructionSet: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The widest set the batch's own code runs, where the CPU has more (see the type).
    case auto
    /// Whatever the CPU offers (the peers' defaults).
    case native
    /// AVX2 and FMA, no AVX-512.
    case avx2

    /// `auto` made concrete: AVX2 when the CPU has AVX-512 and the batch's code does not use it.
    func resolved(cpuHasAVX512: Bool) -> PeerInstructionSet {
        guard self == .auto else { return self }
        let batch = max(BatchIntegrator.swiftInstructionSet, BatchIntegrator.kernelInstructionSet)
        return cpuHasAVX512 && batch < .avx512 ? .avx2 : .native
    }

    /// The numpy dispatch targets that use AVX-512 (those numpy 2 knows; names it does not build
    /// are ignored).
    static let numpyAVX512Targets = "AVX512F AVX512CD AVX512_KNL AVX512_KNM AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL AVX512_SPR"

    /// The peers' environment for this set.
    var environment: [String: String] {
        switch self {
        case .auto, .native: return [:]
        case .avx2:
            // NUMBA_CPU_FEATURES too: with only NUMBA_CPU_NAME, numba passes the host's features
            // (AVX-512 among them) to LLVM.
            return ["NUMBA_CPU_NAME": "haswell", "NUMBA_CPU_FEATURES": "+avx2,+fma", "NPY_DISABLE_CPU_FEATURES": Self.numpyAVX512Targets]
        }
    }

    var description: String {
        switch self {
        case .auto, .native: return "all the CPU offers (the peers' defaults)"
        case .avx2:
            return "AVX2+FMA (numba: NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES=+avx2,+fma; numpy: NPY_DISABLE_CPU_FEATURES with its AVX-512 targets)"
        }
    }
}
