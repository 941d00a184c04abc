import Dispatch
import TransitionLab
import TransitionPhysics
import _NonTemporal
import _SIMDKernels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Evaluates batches of releases: per lane the decision and the completion metrics of the scalar
/// path (`model.release(state)`, `curve.metrics(releaseVelocity:frameRate:settleTolerance:)`),
/// and optionally the trajectories.
///
///     let batch = BatchReleases(model: .physics(ProjectedSpringModel()), states: states)
///     let outcome = BatchIntegrator().run(batch)
///     outcome.decision[i], outcome.metrics(at: i)
public struct BatchIntegrator: Sendable {
    /// Frames per second (metrics are defined on frames n / frameRate).
    public var frameRate: Double
    /// Settling tolerance as a fraction of the travel.
    public var settleTolerance: Double
    /// Springs not settled at frame `maximumFrames` report completion time infinity (frame -1).
    /// Default: `CompletionCurve.maximumSeconds * frameRate`, the scalar path's limit.
    public var maximumFrames: Int
    /// How a frame step is computed; `.exact` (the default) is the scalar path bit for bit.
    public var scheme: BatchScheme
    /// Which implementation runs the lanes (same answers, different speed); `.simd` by default.
    public var backend: BatchBackend
    /// Worker threads; 0 means one per core.
    public var threads: Int

    /// An integrator; by default 240 Hz frames, settle tolerance 0.001 of the travel, 60 s of frames at most, the exact scheme, the SIMD backend and one thread per core.
    public init(
        frameRate: Double = TransitionSettings.defaultFrameRate,
        settleTolerance: Double = CompletionMetrics.defaultSettleTolerance,
        maximumFrames: Int? = nil, scheme: BatchScheme = .exact, backend: BatchBackend = .default, threads: Int = 0
    ) {
        precondition(frameRate > 0 && frameRate.isFinite, "Frame rate must be positive and finite (Hz); got \(frameRate).")
        precondition(settleTolerance > 0, "Settle tolerance must be positive; got \(settleTolerance).")
        precondition(threads >= 0, "Threads must be >= 0 (0: one per core); got \(threads).")
        self.frameRate = frameRate
        self.settleTolerance = settleTolerance
        // Completion frames are Int32 (`BatchOutcome.completionFrame`): a larger limit would wrap.
        let defaultFrames = CompletionCurve.maximumSeconds * frameRate
        precondition(
            maximumFrames != nil || defaultFrames <= Double(Int32.max),
            "Frame rate \(frameRate) Hz gives \(defaultFrames) frames in \(CompletionCurve.maximumSeconds) s, more than a completion frame holds (\(Int32.max)); pass maximumFrames.")
        self.maximumFrames = maximumFrames ?? Int(defaultFrames)
        precondition(
            self.maximumFrames >= 0 && self.maximumFrames <= Int(Int32.max),
            "maximumFrames must be in 0...\(Int32.max) (a completion frame is an Int32); got \(self.maximumFrames).")
        self.scheme = scheme
        self.backend = backend
        self.threads = threads
    }

    /// The number of cores the process may use.
    public static var coreCount: Int {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }

    /// Worker threads this integrator uses.
    public var effectiveThreads: Int { threads == 0 ? Self.coreCount : threads }

    /// Metrics only.
    public func run(_ releases: BatchReleases) -> BatchOutcome {
        var outcome = BatchOutcome()
        execute(releases, trajectory: .none, into: &outcome)
        return outcome
    }

    /// Metrics only, into `outcome`'s arrays (replaced when their count is not the batch's):
    /// a caller evaluating many batches of one size allocates the seven outcome arrays once
    /// instead of allocating and first touching them (page faults) on every call.
    public func run(_ releases: BatchReleases, into outcome: inout BatchOutcome) {
        execute(releases, trajectory: .none, into: &outcome)
    }

    /// Trajectories larger than this many bytes (both arrays) are written with non-temporal
    /// stores unless the caller says otherwise: 16 MiB, twice the 8 MiB L3 of the machine it was
    /// measured on, so the output could not stay in cache for the caller anyway (the timings, with
    /// that machine and the command: docs/throughput.md#machine-limits). Public for the
    /// benchmark, which reports it; callers ask `streamsTrajectory(of:)`.
    public static let streamingThresholdBytes = 16 << 20

    /// Metrics and trajectories of `layout.frames` frames into caller-provided storage in the
    /// layout of `TrajectoryLayout` (each array at least `layout.count` doubles; with
    /// non-temporal stores, 64-byte aligned storage makes every store a streaming one).
    ///
    /// - Parameters:
    ///   - releases: The lanes to run.
    ///   - layout: Lanes (equal to `releases.count`) and frames per lane of the trajectory.
    ///   - progress: Progress per lane and frame (fraction of the travel), `layout.count` doubles
    ///     at least, written at `layout.index(lane:frame:)`.
    ///   - velocity: Velocity in the same layout, progress per second.
    ///   - nonTemporal: Write with non-temporal (streaming) stores through the
    ///     `_NonTemporal` C helper, which skips the read-for-ownership of ordinary stores and
    ///     leaves the caches to the computation. nil (the default) streams when the trajectory
    ///     is larger than 16 MiB (both arrays; `streamsTrajectory(of:)`); false or true forces
    ///     ordinary or streaming stores.
    public func run(
        _ releases: BatchReleases, trajectory layout: TrajectoryLayout, progress: UnsafeMutableBufferPointer<Double>,
        velocity: UnsafeMutableBufferPointer<Double>, nonTemporal: Bool? = nil
    ) -> BatchOutcome {
        precondition(layout.lanes == releases.count, "Trajectory layout has \(layout.lanes) lanes; the batch has \(releases.count).")
        precondition(
            progress.count >= layout.count && velocity.count >= layout.count,
            "Trajectory storage needs \(layout.count) doubles per array; got \(progress.count) and \(velocity.count).")
        precondition(backend != .blas, "The BLAS backend computes metrics only; use .simd or .scalar for trajectories.")
        var outcome = BatchOutcome()
        guard layout.count > 0, let p = progress.baseAddress, let v = velocity.baseAddress else {
            execute(releases, trajectory: .none, into: &outcome)
            return outcome
        }
        let streaming = nonTemporal ?? Self.streamsTrajectory(of: layout)
        execute(releases, trajectory: .storage(SendablePointers(progress: p, velocity: v), layout.frames, streaming), into: &outcome)
        return outcome
    }

    /// Whether `run(_:trajectory:progress:velocity:)` streams a trajectory of this layout by default.
    public static func streamsTrajectory(of layout: TrajectoryLayout) -> Bool {
        2 * layout.count * MemoryLayout<Double>.size > streamingThresholdBytes
    }

    /// Metrics and trajectories of `trajectoryFrames` frames handed to `sink` one block of 16
    /// lanes at a time (on the worker threads, in no particular order) from a small per-worker
    /// buffer: memory stays flat whatever the number of lanes.
    public func run(
        _ releases: BatchReleases, trajectoryFrames: Int, sink: @escaping @Sendable (TrajectoryBlock) -> Void
    ) -> BatchOutcome {
        precondition(trajectoryFrames >= 0, "trajectoryFrames must be >= 0; got \(trajectoryFrames).")
        precondition(backend != .blas, "The BLAS backend computes metrics only; use .simd or .scalar for trajectories.")
        var outcome = BatchOutcome()
        execute(releases, trajectory: .sink(trajectoryFrames, sink), into: &outcome)
        return outcome
    }

    // MARK: - Execution

    enum TrajectoryRequest {
        case none
        case storage(SendablePointers, Int, Bool)
        case sink(Int, @Sendable (TrajectoryBlock) -> Void)
    }

    struct SendablePointers: @unchecked Sendable {
        let progress: UnsafeMutablePointer<Double>
        let velocity: UnsafeMutablePointer<Double>
    }

    /// Blocks per work item: work is divided into fixed items of this many blocks whatever the
    /// thread count, and each lane's result depends only on its own block, so every thread count
    /// gives the same bits.
    static let blocksPerItem = 8

    func execute(_ releases: BatchReleases, trajectory: TrajectoryRequest, into outcome: inout BatchOutcome) {
        let count = releases.count
        if backend == .blas {
            BLASBackend.run(releases, integrator: self, into: &outcome)
            return
        }
        let blocks = (count + laneWidth - 1) / laneWidth
        let items = (blocks + Self.blocksPerItem - 1) / Self.blocksPerItem
        let frames: Int
        switch trajectory {
        case .none: frames = 0
        case .storage(_, let f, _): frames = f
        case .sink(let f, _): frames = f
        }
        outcome.withWriter(count: count) { writer in
            releases.withPointers { r in
                let work: @Sendable (Int) -> Void = { item in
                    runItem(item, blocks: blocks, releases: releases, pointers: r, writer: writer, trajectory: trajectory, frames: frames)
                }
                parallelFor(items, threads: effectiveThreads, work)
            }
        }
    }

    private func runItem(
        _ item: Int, blocks: Int, releases: BatchReleases, pointers r: BatchReleases.Pointers, writer: OutcomeWriter,
        trajectory: TrajectoryRequest, frames: Int
    ) {
        let firstBlock = item * Self.blocksPerItem
        let lastBlock = min(blocks, firstBlock + Self.blocksPerItem)
        let dt = 1 / frameRate
        var cache = StepMatrixCache(scheme: scheme, dt: dt)
        // Per-worker buffers: a block's trajectory for the sink, a chunk for streaming stores.
        var scratch: UnsafeMutablePointer<Double>? = nil
        var staging: UnsafeMutablePointer<Double>? = nil
        if case .sink = trajectory, frames > 0 {
            scratch = .allocate(capacity: 2 * frames * laneWidth)
        }
        if case .storage(_, _, true) = trajectory, frames > 0 {
            staging = UnsafeMutableRawPointer.allocate(byteCount: 2 * chunkFrames * laneWidth * 8, alignment: 64)
                .bindMemory(to: Double.self, capacity: 2 * chunkFrames * laneWidth)
        }
        // The lane-by-lane setup's scratch, made on the first block that needs it (plain blocks
        // do not).
        var blockScratch: BlockScratch? = nil
        var plainCache = PlainBlockCache()
        defer {
            plainCache.deallocate()
            blockScratch?.deallocate()
            scratch?.deallocate()
            staging.map { UnsafeMutableRawPointer($0).deallocate() }
        }
        for block in firstBlock..<lastBlock {
            let base = block * laneWidth
            if block + 1 < lastBlock {
                // The next block's lines are requested while this one computes (about 2 us a
                // block): with a dozen streams in and seven out, the hardware prefetcher left
                // loads and read-for-ownership misses stalling the block (6% of a metrics run).
                r.prefetch(lanes: base + laneWidth)
                writer.prefetch(lanes: base + laneWidth)
            }
            var output: BlockOutput? = nil
            switch trajectory {
            case .none: break
            case .storage(let pointers, _, _):
                if frames > 0 {
                    let offset = block * frames * laneWidth
                    output = BlockOutput(
                        progress: pointers.progress + offset, velocity: pointers.velocity + offset, frames: frames, staging: staging)
                }
            case .sink:
                if let scratch {
                    output = BlockOutput(progress: scratch, velocity: scratch + frames * laneWidth, frames: frames, staging: nil)
                }
            }
            switch backend {
            case .scalar:
                runScalarBlock(base: base, releases: r, cache: &cache, writer: writer, output: output)
            case .simd, .blas:
                runSIMDBlock(
                    base: base, releases: r, cache: &cache, writer: writer, output: output, scratch: &blockScratch,
                    plainCache: &plainCache)
            }
            // Timed lanes, lane by lane through their curve (none in a block of spring lanes).
            let timedLanes = allSpringLanes(r, base: base) ? 0 : laneWidth
            for i in 0..<timedLanes {
                let g = base + i
                guard g < r.count, !r.isSpringLane[g] else { continue }
                let result = evaluateTimedLane(releases, g, frameRate: frameRate, settleTolerance: settleTolerance)
                writer.write(
                    lane: g, decision: result.decision, projected: result.projected, frame: result.completionFrame,
                    time: result.metrics.completionTime,
                    metrics: (result.metrics.velocityJump, result.metrics.overshoot, result.metrics.peakAcceleration))
                if let output {
                    for n in 0..<frames {
                        let s = result.curve.state(at: Double(n) * dt)
                        output.progress[n * laneWidth + i] = s.progress
                        output.velocity[n * laneWidth + i] = s.velocity
                    }
                }
            }
            if output?.staging != nil { tp_store_fence() }
            if case .sink(_, let sink) = trajectory, let scratch {
                let lanes = base..<min(base + laneWidth, r.count)
                sink(
                    TrajectoryBlock(
                        block: block, lanes: lanes, frames: frames,
                        progress: UnsafeBufferPointer(start: scratch, count: frames * laneWidth),
                        velocity: UnsafeBufferPointer(start: scratch + frames * laneWidth, count: frames * laneWidth)))
            }
        }
    }

    private func runScalarBlock(
        base: Int, releases r: BatchReleases.Pointers, cache: inout StepMatrixCache, writer: OutcomeWriter, output: BlockOutput?
    ) {
        let dt = 1 / frameRate
        let toleranceSquared = settleTolerance * settleTolerance
        for i in 0..<laneWidth {
            let g = base + i
            guard g < r.count, r.isSpringLane[g] else { continue }
            let trajectory = output.map { (p: $0.progress + i, v: $0.velocity + i, frames: $0.frames, stride: laneWidth) }
            let lane = scalarSpringLane(
                r, g, cache: &cache, maximumFrames: maximumFrames, toleranceSquared: toleranceSquared, trajectory: trajectory)
            writer.write(
                lane: g, decision: lane.start.decision, projected: lane.start.projected, frame: lane.frame,
                time: lane.frame >= 0 ? Double(lane.frame) * dt : .infinity,
                metrics: (lane.start.jump, lane.overshoot, lane.peak))
        }
    }

    private func runSIMDBlock(
        base: Int, releases r: BatchReleases.Pointers, cache: inout StepMatrixCache, writer: OutcomeWriter, output: BlockOutput?,
        scratch madeScratch: inout BlockScratch?, plainCache: inout PlainBlockCache
    ) {
        let dt = 1 / frameRate
        if scheme == .exact && runPlainBlock(base: base, releases: r, writer: writer, output: output, cache: &plainCache) {
            return
        }
        if madeScratch == nil { madeScratch = BlockScratch() }
        let scratch = madeScratch!
        scratch.clear()
        var any = false
        var seriesLanes: UInt32 = 0
        var lastSeries = -1
        for i in 0..<laneWidth {
            let g = base + i
            guard g < r.count, r.isSpringLane[g] else { continue }
            any = true
            let start = startPhysicsLane(r, g)
            writer.write(
                lane: g, decision: start.decision, projected: start.projected, frame: -1, time: .infinity,
                metrics: (start.jump, 0, 0))
            let m = r.mass[g], stiffness = r.stiffness[g], damping = r.damping[g]
            if scheme == .exact && !cache.holds(mass: m, stiffness: stiffness, damping: damping) {
                // Spring.propagator's choice: the series when rho * dt <= 0.5, done below for
                // all such lanes at once.
                let lambda = damping / (2 * m)
                let omega0Squared = stiffness / m
                let q = omega0Squared - lambda * lambda
                let rho = lambda + abs(q).squareRoot()
                if rho * dt <= 0.5 {
                    seriesLanes |= 1 << UInt32(i)
                    lastSeries = i
                    scratch.setSeriesInputs(lane: i, lambda: lambda, omega0Squared: omega0Squared)
                    scratch.set(lane: i, step: identityStep, mass: m, stiffness: stiffness, damping: damping, start: start)
                    continue
                }
            }
            let step = cache.matrix(mass: m, stiffness: stiffness, damping: damping)
            scratch.set(lane: i, step: step, mass: m, stiffness: stiffness, damping: damping, start: start)
        }
        if !any && output == nil { return }
        if seriesLanes != 0 {
            let series = seriesPropagators(
                time: dt, lambda: scratch.column(BlockScratch.seriesLambdaColumn),
                omega0Squared: scratch.column(BlockScratch.seriesOmega0SquaredColumn))
            // Columns 0 to 3 take the series where it applies: one blend per column (inserting
            // into a SIMD16 lane by lane copies the vector each time; an array of them allocates).
            let raw = UnsafeMutableRawPointer(scratch.base)
            var useSeries = LaneMask()
            for i in 0..<laneWidth where seriesLanes & (1 << UInt32(i)) != 0 { useSeries[i] = true }
            raw.storeBytes(of: scratch.column(0).replacing(with: series.p00, where: useSeries), toByteOffset: 0, as: Lane.self)
            raw.storeBytes(of: scratch.column(1).replacing(with: series.p01, where: useSeries), toByteOffset: laneWidth * 8, as: Lane.self)
            raw.storeBytes(of: scratch.column(2).replacing(with: series.p10, where: useSeries), toByteOffset: 2 * laneWidth * 8, as: Lane.self)
            raw.storeBytes(of: scratch.column(3).replacing(with: series.p11, where: useSeries), toByteOffset: 3 * laneWidth * 8, as: Lane.self)
            let g = base + lastSeries
            cache.store(
                mass: r.mass[g], stiffness: r.stiffness[g], damping: r.damping[g],
                SpringPropagator(
                    positionFromPosition: scratch.base[lastSeries], positionFromVelocity: scratch.base[laneWidth + lastSeries],
                    velocityFromPosition: scratch.base[2 * laneWidth + lastSeries],
                    velocityFromVelocity: scratch.base[3 * laneWidth + lastSeries],
                    positionIncrementFromPosition: scratch.base[lastSeries] - 1))
        }
        var (k, s) = scratch.block()
        runBlock(
            &s, k, frameStep: dt, maximumFrames: maximumFrames, toleranceSquared: settleTolerance * settleTolerance, output: output,
            fast: scheme == .exact)
        scratch.finish(s, k, closedForm: scheme == .exact)
        for i in 0..<laneWidth {
            let g = base + i
            guard g < r.count, r.isSpringLane[g] else { continue }
            let frame = scratch.completionFrame(lane: i)
            writer.completionFrame[g] = frame
            writer.completionTime[g] = frame >= 0 ? Double(frame) * dt : .infinity
            writer.overshoot[g] = scratch.overshoot(lane: i)
            writer.peakAcceleration[g] = scratch.peak(lane: i)
        }
    }
}
