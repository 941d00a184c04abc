import ArgumentParser
import Foundation
import TransitionBatch
import TransitionLab
import TransitionPhysics

#if canImport(Glibc)
import Glibc
#endif

/// `transition-bench throughput`: how fast the batch integrator runs on this machine, each
/// figure the median of `--samples` timed runs, with the build flags. Figures that are compared
/// (the lane_steps of a workload; trajectories and probes) are sampled in turn, each timed run
/// after an untimed run of the same job.
///
/// Measurements (CSV column `measurement`):
/// - `lane_steps`: metrics-only lane-steps per second. Per-lane springs (every lane its own
///   underdamped spring): scalar reference (1 thread), SIMD on 1 thread and on all cores.
///   Lanes sharing one spring: scalar, SIMD and BLAS (`cblas_drotm` per frame). Ratios are to
///   the scalar reference of the same workload.
///   Not every lane is stepped every frame in the SIMD backend's metrics-only runs: once a lane's
///   running maxima are provably final, its settling frame is found by binary search with matrix powers M^(2^j)
///   (`resolveSettling`; the same completion frames as stepping). So the
///   SIMD `lane_steps` figures are lane-frames resolved per second: the same job (same lanes,
///   frames and outcome) as the scalar reference, which steps every frame, divided by its time.
/// - `trajectory_bandwidth`: GB/s of progress and velocity written while integrating (SIMD,
///   ordinary stores and non-temporal stores), against
/// - `bandwidth_probe`: the same number of bytes written by a plain fill in this process
///   (ordinary stores; non-temporal stores).
/// - `numpy`: the same per-lane-spring releases evaluated through the closed form with numpy
///   (1 thread, when numpy imports), lane-steps per second (every lane, every frame).
/// - `numba`: the same releases as a numba user writes them (`@njit(parallel=True)`, lanes over
///   `prange`, the exact 2x2 step per frame, each lane stopping when it settles) on the all-cores
///   threads, when numba imports; lane-steps per second counted as for the SIMD figures (the
///   scalar reference's frames up to settling). `PythonPeer` runs both.
/// - `classic_curve`: nanoseconds per lane-frame of the classic percent-driven model (its
///   timing curve evaluated each frame), to price the physics step against it.
public struct ThroughputCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "Batch integrator throughput: lane-steps/s per backend, trajectory GB/s, numpy and numba, classic curve cost.",
        discussion: """
            Build in release with the target CPU for meaningful figures:
              swift build -c release -Xswiftc -target-cpu -Xswiftc native -Xcc -march=native
              .build/release/transition-bench throughput
            An AVX2 host on an AVX-512 one: make TARGET_CPU=haswell throughput
            (the runner prints the instruction set of the Swift code, the C kernels
            and the Python peers).
            """)

    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case text, csv
    }

    @Option(help: "Lanes (releases) per batch.")
    public var lanes: Int = 100_000

    @Option(help: "Frames per lane (the metrics frame limit; trajectories of this many frames).")
    public var frames: Int = 240

    @Option(help: "Timed samples per figure (the median is reported; at least 5).")
    public var samples: Int = 5

    @Option(help: "Threads for the all-cores figures (0: one per core).")
    public var threads: Int = 0

    @Option(help: "Output format: text or csv.")
    public var format: Format = .text

    @Option(help: "Python interpreter for the numpy and numba peers. (default: notebooks/.venv/bin/python when present, else python3)")
    public var python: String?

    @Option(help: "Vector instruction set the numpy and numba peers may use: auto (the widest the batch's own code runs: AVX2 for a -target-cpu haswell build on an AVX-512 CPU), native (all the CPU has) or avx2.")
    public var peerInstructionSet: PeerInstructionSet = .auto

    @Flag(help: "Skip the numpy peer.")
    public var skipNumpy = false

    @Flag(help: "Skip the numba peer.")
    public var skipNumba = false

    @Flag(help: "Skip the flat-memory check (sink runs at 1/4, 1 and 4 times the lanes).")
    public var skipMemory = false

    @Option(help: ArgumentHelp("Profiling aid: run only one figure and print its median.", visibility: .hidden))
    public var only: ProfiledFigure?

    public init() {}

    public func validate() throws {
        guard samples >= 5 else { throw ValidationError("--samples must be at least 5 (medians of >= 5 samples).") }
        guard lanes >= 16 && frames >= 1 else { throw ValidationError("--lanes must be >= 16 and --frames >= 1.") }
        if python == "" { throw ValidationError("--python: invalid value '': empty interpreter name.") }
    }

    struct Row {
        var measurement: String
        var backend: String
        var threads: Int
        var lanes: Int
        var frames: Int
        var value: Double
        var unit: String
        var ratioToScalar: Double?
    }

    public func run() throws {
        let allThreads = threads == 0 ? BatchIntegrator.coreCount : threads
        let say = Say(text: format == .text)
        say("transition-bench throughput: \(lanes) lanes x \(frames) frames at 240 Hz, median of \(samples) samples")
        say("build: \(BuildFacts.describe())")
        let peers = peerInstructionSet.resolved(cpuHasAVX512: BuildFacts.cpuInstructionSet == .avx512)
        say("instruction sets: \(BuildFacts.instructionSets(peers: peers))")
        say("machine: \(BuildFacts.cpuModelName ?? "unknown CPU"), \(BatchIntegrator.coreCount) cores; all-cores figures use \(allThreads) threads")
        say("BLAS: \(BuildFacts.blasLibrary)")

        let perLane = Workload.perLaneSprings(count: lanes)
        if let only {
            say(profilingAid(only, perLane: perLane))
            return
        }
        // Flat memory first (ru_maxrss is a high-water mark).
        if !skipMemory {
            for line in memoryCheck() { say(line) }
        }
        let steps = laneStepFigures(perLane: perLane, shared: Workload.sharedSpring(count: lanes), allThreads: allThreads)
        let bandwidth = bandwidthFigures(perLane: perLane, allThreads: allThreads)
        let peerFigures = pythonPeerFigures(perLane: perLane, scalar: steps.scalar, allThreads: allThreads, instructionSet: peers)
        let classic = classicCurveFigure(scalar: steps.scalar)
        let rows = steps.rows + bandwidth.rows + peerFigures.rows + [classic.row]
        switch format {
        case .csv:
            printCSV(rows)
            for name in ["numpy", "numba"] { if let note = peerFigures.notes[name] { say(note) } }
            for note in steps.notes { say(note) }
        case .text:
            printText(rows: rows, steps: steps, bandwidth: bandwidth, peers: peerFigures, classic: classic, allThreads: allThreads)
        }
    }

    /// Sink runs at 1/4, 1 and 4 times `lanes`: the trajectory bytes produced grow 16-fold, the
    /// process's peak resident memory must not.
    func memoryCheck() -> [String] {
        var lines: [String] = ["flat memory (trajectories through the block sink, \(frames) frames):"]
        let sizes = [max(16, lanes / 4), lanes, lanes * 4]
        let before = Buffers.peakResidentBytes()
        for n in sizes {
            let batch = Workload.perLaneSprings(count: n)
            let checksum = Checksum()
            _ = BatchIntegrator(maximumFrames: frames).run(batch, trajectoryFrames: frames) { block in
                checksum.add(block.progress[block.progress.count - 1])
            }
            let produced = Double(2 * n * frames * 8) / 1e6
            let peak = Double(Buffers.peakResidentBytes()) / 1e6
            lines.append(
                "  \(n) lanes: \(Fmt.number(produced)) MB of trajectory produced; peak RSS \(Fmt.number(peak)) MB (+\(Fmt.number(peak - Double(before) / 1e6)) MB: the releases and outcome arrays)")
        }
        return lines
    }
}

final class Checksum: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0.0
    func add(_ x: Double) { lock.lock(); sum += x; lock.unlock() }
}

/// A figure `transition-bench throughput --only` runs alone (a profiling aid).
public enum ProfiledFigure: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The metrics-only batch on the SIMD backend.
    case simdMetrics = "simd-metrics"
    /// The metrics-only batch on the scalar reference.
    case scalarMetrics = "scalar-metrics"
    /// Trajectories on the SIMD backend, the library's choice of stores.
    case simdTrajectory = "simd-trajectory"
    /// Trajectories on the SIMD backend with ordinary stores.
    case simdTrajectoryOrdinary = "simd-trajectory-ordinary"
    /// The arithmetic floor alone (`ExtremaFloor`), on `--threads` threads.
    case extremaFloor = "extrema-floor"
}
