import Dispatch
import Foundation
import TransitionBatch
import TransitionLab
import TransitionPhysics

#if canImport(Glibc)
import Glibc
#endif

/// The releases the throughput runner times.
enum Workload {
    /// The workloads' seeded generator: the lab's one SplitMix64.
    typealias Generator = SplitMix64

    static func release(_ g: inout Generator) -> ReleaseState {
        ReleaseState(progress: .random(in: 0.1...0.9, using: &g), velocity: .random(in: -3...3, using: &g))
    }

    /// Every lane its own underdamped spring (response 0.3 to 0.6 s, damping ratio 0.05 to 0.2):
    /// they ring for more than a second, so at 240 Hz and 240 frames no lane settles early and
    /// every lane-step is real work. Policy allow (the default).
    static func perLaneSprings(count: Int, seed: UInt64 = 1) -> BatchReleases {
        var g = Generator(seed: seed)
        var batch = BatchReleases()
        batch.reserveCapacity(count)
        for _ in 0..<count {
            let spring = Spring(response: .random(in: 0.3...0.6, using: &g), dampingRatio: .random(in: 0.05...0.2, using: &g))
            batch.append(.physics(ProjectedSpringModel(spring: spring)), release(&g))
        }
        return batch
    }

    /// All lanes share one spring (the BLAS backend's case).
    static func sharedSpring(count: Int, seed: UInt64 = 2) -> BatchReleases {
        var g = Generator(seed: seed)
        let model = BuiltInReleaseModel.physics(ProjectedSpringModel(spring: Spring(response: 0.45, dampingRatio: 0.12)))
        var batch = BatchReleases()
        batch.reserveCapacity(count)
        for _ in 0..<count { batch.append(model, release(&g)) }
        return batch
    }

    /// The classic percent-driven model (UIKit defaults: 0.3 s, easeInOut).
    static func classic(count: Int, seed: UInt64 = 3) -> BatchReleases {
        var g = Generator(seed: seed)
        let model = BuiltInReleaseModel.classic(ClassicPercentDrivenModel())
        var batch = BatchReleases()
        batch.reserveCapacity(count)
        for _ in 0..<count { batch.append(model, release(&g)) }
        return batch
    }

    /// Lane-steps that were needed: a lane settled at frame n needed n steps; one that did not
    /// settle by the frame limit, `frames`. (Blocks run until their last lane is done, so the
    /// work done is at least this.)
    static func usefulSteps(_ outcome: BatchOutcome, frames: Int) -> Int {
        outcome.completionFrame.reduce(0) { $0 + ($1 < 0 ? frames : min(Int($1), frames)) }
    }
}

/// How closely two outcomes of the same batch agree: the discrete results exactly, overshoot and
/// peak acceleration within the backends' documented 1e-12 relative (plus 1e-15 absolute).
struct OutcomeAgreement: CustomStringConvertible {
    var discreteIdentical: Bool
    /// Lanes whose overshoot or peak acceleration differ by more than the tolerance.
    var outside: Int
    /// The largest |a - b| / max(|a|, |b|) over lanes where max(|a|, |b|) >= 1e-6.
    var largestRelative: Double

    init(_ a: BatchOutcome, _ b: BatchOutcome) {
        discreteIdentical =
            a.decision == b.decision && a.completionFrame == b.completionFrame
            && a.velocityJump.map(\.bitPattern) == b.velocityJump.map(\.bitPattern)
        outside = 0
        largestRelative = 0
        for (x, y) in Array(zip(a.overshoot, b.overshoot)) + Array(zip(a.peakAcceleration, b.peakAcceleration)) {
            let difference = abs(x - y), size = max(abs(x), abs(y))
            if !(difference <= 1e-12 * size + 1e-15) { outside += 1 }
            if size >= 1e-6 { largestRelative = max(largestRelative, difference / size) }
        }
    }

    var description: String {
        let discrete = discreteIdentical ? "decisions, completion frames and velocity jumps identical" : "WARNING: decisions, completion frames or velocity jumps differ"
        let continuous = outside == 0
            ? "overshoot and peak acceleration within 1e-12 relative (largest \(largestRelative == 0 ? "0, identical" : String(format: "%.1e", largestRelative)))"
            : "WARNING: overshoot or peak acceleration outside 1e-12 relative in \(outside) values"
        return discrete + "; " + continuous
    }
}

enum Timing {
    /// Median wall times in seconds of `samples` rounds, each round running every body in turn:
    /// figures that are compared (a backend and the scalar reference, a trajectory and the
    /// bandwidth probe) see the machine's slow and fast periods alike, instead of one of them
    /// catching a slow period whole. Each timed run follows an untimed run of the same body, so
    /// that every figure is the steady state (caches, and cores that were idle while another
    /// body ran single-threaded, warmed up).
    static func interleavedMedians(samples: Int, _ bodies: [() -> Void]) -> [Double] {
        interleaved(samples: samples, bodies).map(median)
    }

    /// Every sample of `interleavedMedians`, seconds, per body in order of measurement.
    static func interleaved(samples: Int, _ bodies: [() -> Void]) -> [[Double]] {
        var times = Array(repeating: [Double](), count: bodies.count)
        let clock = ContinuousClock()
        for _ in 0..<samples {
            for (i, body) in bodies.enumerated() {
                body()
                let elapsed = clock.measure { body() }
                times[i].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
        }
        return times
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Median wall time in seconds of `samples` runs after one warm-up run.
    static func median(samples: Int, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<samples {
            let elapsed = clock.measure { body() }
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return median(times)
    }
}

/// An outcome a timed closure writes into (closures cannot capture an in-out value).
final class OutcomeBox {
    var outcome = BatchOutcome()
}

enum Buffers {
    /// A 64-byte aligned buffer of doubles, touched once (so page faults are not timed).
    static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Double> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * 8, alignment: 64)
        let p = raw.bindMemory(to: Double.self, capacity: count)
        p.initialize(repeating: 0, count: count)
        return UnsafeMutableBufferPointer(start: p, count: count)
    }

    struct Shared: @unchecked Sendable { let buffers: [UnsafeMutableBufferPointer<Double>] }

    /// Writes every element of `buffers` on `threads` threads, each an equal contiguous share.
    static func fill(_ buffers: [UnsafeMutableBufferPointer<Double>], threads: Int, nonTemporal: Bool) {
        let shared = Shared(buffers: buffers)
        let work: @Sendable (Int) -> Void = { t in
            for buffer in shared.buffers {
                let share = (buffer.count + threads - 1) / threads
                let lower = min(buffer.count, t * share), upper = min(buffer.count, lower + share)
                let slice = UnsafeMutableBufferPointer(rebasing: buffer[lower..<upper])
                if nonTemporal { MemoryProbe.fillNonTemporal(slice, with: 1.5) } else { MemoryProbe.fill(slice, with: 1.5) }
            }
        }
        if threads <= 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: work) }
    }

    /// The process's peak resident set size, bytes.
    static func peakResidentBytes() -> Int {
        #if canImport(Glibc)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
        #else
        return 0
        #endif
    }
}

enum BuildFacts {
    /// Which library provides the CBLAS symbols the BLAS backend calls: on Linux the files
    /// whose names mention blas or mkl in /proc/self/maps (what `libblas.so.3` resolved to; the
    /// executable links it through TransitionBatch's `_CBLAS`, so the loader maps it at start),
    /// on Apple platforms Accelerate.
    static var blasLibrary: String {
        #if canImport(Accelerate)
        return "Accelerate"
        #else
        guard let file = fopen("/proc/self/maps", "r") else { return "libblas (unknown path)" }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        var found: [String] = []
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let slash = text.firstIndex(of: "/") else { continue }
            let path = String(text[slash...]).trimmingCharacters(in: CharacterSet(charactersIn: "\n "))
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if (name.contains("blas") || name.contains("mkl")) && !found.contains(path) { found.append(path) }
        }
        return found.isEmpty ? "libblas (not found in /proc/self/maps)" : found.joined(separator: ", ")
        #endif
    }

    /// Swift configuration, which build it is (`-target-cpu`: Swift's multiply-adds fuse inline;
    /// plain: the `swift build -c release` a package user gets), which kernel of the batch's
    /// elementary functions runs and how it was chosen, and the C target's preprocessor view of
    /// `-Xcc -march`.
    static func describe() -> String {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        let build = swiftFMAIsInline()
            ? "-target-cpu build (Swift code for \(BatchIntegrator.swiftInstructionSet): multiply-adds fused inline)"
            : "plain build (no -target-cpu: Swift SIMD on the x86-64 baseline, multiply-adds unfused; "
                + "-Xswiftc -target-cpu -Xswiftc native recovers the rest, docs/throughput.md)"
        return "swift \(configuration), \(build); elementary functions: \(BatchIntegrator.elementaryKernelDescription); "
            + "C: \(MemoryProbe.cBuildFlags); non-temporal stores \(MemoryProbe.hasNonTemporalStores ? "yes" : "no")"
    }

    /// The CPU's model name (/proc/cpuinfo's `model name`, as `lscpu` prints it), nil when it
    /// cannot be read.
    static var cpuModelName: String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        else { return nil }
        let name = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }

    /// The widest x86-64 vector instruction set this CPU offers (its /proc/cpuinfo flags), nil
    /// when they cannot be read.
    static var cpuInstructionSet: VectorInstructionSet? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
        else { return nil }
        let have = Set(line.split(separator: " ").map(String.init))
        return have.contains("avx512f") ? .avx512 : have.contains("avx2") && have.contains("fma") ? .avx2FMA : .baseline
    }

    /// Which vector instruction set each part ran with: the library's Swift code (what it was
    /// compiled for), the batch's C kernels (inline, or chosen at run time), the Python peers
    /// (what they were held to), and what this CPU offers: an AVX2 figure measured on an AVX-512
    /// host says so (`make TARGET_CPU=haswell throughput` builds the AVX2 code there).
    static func instructionSets(peers: PeerInstructionSet) -> String {
        let cpu = cpuInstructionSet
        let batch = max(BatchIntegrator.swiftInstructionSet, BatchIntegrator.kernelInstructionSet)
        var line = "Swift code \(BatchIntegrator.swiftInstructionSet), C kernels \(BatchIntegrator.kernelInstructionSet), "
            + "Python peers \(peers.description); CPU offers \(cpu.map { "\($0)" } ?? "unknown flags")"
        if let cpu, batch < cpu { line += " (unused here: the figures stand for a host with \(batch) only)" }
        if cpu == .avx512 {
            // libc's memcpy and memset pick their variant from the CPU, not from the build.
            let tunables = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] ?? ""
            line += tunables.contains("-AVX512F")
                ? "; libc's string functions kept off AVX-512 (GLIBC_TUNABLES)"
                : "; libc's string functions may use AVX-512 (GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX512F,... keeps them off it)"
        }
        return line
    }

    /// Times a chain of `addingProduct` against the same chain of multiply and add: inline FMA
    /// runs as fast, a libm call several times slower.
    static func swiftFMAIsInline() -> Bool {
        let n = 2_000_000
        var a = SIMD4<Double>(repeating: 1.0000001), b = a
        let m = SIMD4<Double>(repeating: 0.9999999), c = SIMD4<Double>(repeating: 1e-9)
        let clock = ContinuousClock()
        let fused = clock.measure {
            for _ in 0..<n { a = c.addingProduct(a, m) }
        }
        let separate = clock.measure {
            for _ in 0..<n { b = b * m + c }
        }
        blackHole(a + b)
        return fused < separate * 3
    }

    @inline(never) static func blackHole(_ x: SIMD4<Double>) {
        if x.sum() == 0.123456 { print("") }
    }
}

enum Fmt {
    static func number(_ x: Double) -> String {
        if !x.isFinite { return "\(x)" }
        let magnitude = abs(x)
        if magnitude >= 1e6 || (magnitude < 1e-3 && magnitude > 0) { return String(format: "%.4g", x) }
        if magnitude >= 100 { return String(format: "%.1f", x) }
        return String(format: "%.3g", x)
    }

    /// One decimal from 1 up; two significant digits below (0.013x, not 0.0x).
    static func ratio(_ x: Double) -> String { x >= 1 || x == 0 || !x.isFinite ? String(format: "%.1fx", x) : String(format: "%.2gx", x) }
    static func percent(_ x: Double) -> String { String(format: "%.0f%%", x * 100) }
    static func target(_ ok: Bool, _ text: String) -> String { (ok ? "[ok]   " : "[MISS] ") + text }

    static func table(_ rows: [ThroughputCommand.Row]) -> String {
        let header = ["measurement", "backend", "threads", "value", "unit", "ratio_to_scalar"]
        let body = rows.map { r in
            [r.measurement, r.backend, "\(r.threads)", number(r.value), r.unit, r.ratioToScalar.map { String(format: "%.2f", $0) } ?? ""]
        }
        let widths = header.indices.map { i in ([header] + body).map { $0[i].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in i == 3 || i == 5 ? String(repeating: " ", count: widths[i] - c.count) + c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return ([line(header)] + body.map(line)).joined(separator: "\n")
    }
}

/// The arithmetic floor of the metrics-only batch: the closed-form extrema alone
/// (`BatchIntegrator.motionExtrema`: `MotionExtrema` on 16 lanes, compiled in the batch's own
/// module, where its lane operations inline), read from and written to
/// struct-of-arrays columns on `threads` threads, with no decision, no settling search and no
/// outcome columns. Every method that reports the motion's extrema does at least this
/// arithmetic (or an equivalent with the same elementary functions); the batch does it plus the
/// rest, so the floor's time over the batch's is the fraction of the job that is this floor.
final class ExtremaFloor: @unchecked Sendable {
    let count: Int
    /// y0, w0, stiffness, damping, mass, then overshoot and peak out: seven columns of `padded`.
    let columns: UnsafeMutableBufferPointer<Double>
    let padded: Int

    /// The lanes of `batch` as displacement from their targets in `outcome` and velocity (the
    /// past side's sign, which the batch applies first, changes none of the arithmetic).
    init(batch: BatchReleases, outcome: BatchOutcome) {
        count = batch.count
        padded = (count + 15) / 16 * 16
        columns = Buffers.allocate(7 * padded)
        for i in 0..<count {
            columns[i] = batch.progress[i] - outcome.decision[i].targetProgress
            columns[padded + i] = batch.velocity[i]
            columns[2 * padded + i] = batch.stiffness[i]
            columns[3 * padded + i] = batch.damping[i]
            columns[4 * padded + i] = batch.mass[i]
        }
        for i in count..<padded {
            columns[2 * padded + i] = 1
            columns[4 * padded + i] = 1
        }
    }

    deinit { columns.deallocate() }

    /// One pass over every lane on `threads` threads, each an equal contiguous share of blocks.
    func run(threads: Int) {
        let blocks = padded / 16
        let work: @Sendable (Int) -> Void = { t in
            let share = (blocks + threads - 1) / threads
            self.lanes(16 * min(blocks, t * share)..<16 * min(blocks, (t + 1) * share))
        }
        if threads <= 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: work) }
    }

    /// The extrema of the lanes `range` (`BatchIntegrator.motionExtrema`, the batch's own kernel).
    func lanes(_ range: Range<Int>) {
        let base = columns.baseAddress!, padded = padded, first = range.lowerBound
        BatchIntegrator.motionExtrema(
            displacement: base + first, velocity: base + padded + first, stiffness: base + 2 * padded + first,
            damping: base + 3 * padded + first, mass: base + 4 * padded + first, count: range.count,
            overshoot: base + 5 * padded + first, peakAcceleration: base + 6 * padded + first)
    }
}
