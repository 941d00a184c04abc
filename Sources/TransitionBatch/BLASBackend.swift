import TransitionLab
import TransitionPhysics

#if canImport(Accelerate)
import Accelerate
#else
import _CBLAS
#endif

/// The BLAS backend: physics lanes are grouped by spring; each group is cut into tiles of at most
/// `tileLanes` lanes whose displacement and velocity live in two arrays, and each frame one
/// `cblas_drotm` with flag -1 (a full 2x2 matrix H) applies the step to every lane of the tile:
///
///     x' = H11 x + H12 v,   v' = H21 x + H22 v
///
/// (the reference BLAS evaluates exactly the scalar path's `p00 * x + p01 * v`). The per-frame
/// rules (overshoot, peak acceleration, settling, clamp, rubber band) run in Swift on the tile,
/// 16 lanes at a time, with the SIMD kernel's exact per-frame function.
enum BLASBackend {
    /// Lanes per tile: two arrays of 2048 doubles (32 KiB) stay in L1/L2 across the frame loop.
    static let tileLanes = 2048

    static func run(_ releases: BatchReleases, integrator: BatchIntegrator, into outcome: inout BatchOutcome) {
        let count = releases.count
        // Group physics lanes by spring (bit patterns), keeping lane order within a group.
        var physics: [Int32] = []
        var timed: [Int32] = []
        physics.reserveCapacity(count)
        for i in 0..<count {
            if releases.isSpringLane[i] { physics.append(Int32(i)) } else { timed.append(Int32(i)) }
        }
        releases.withPointers { r in
            physics.sort { a, b in
                let ka = (r.mass[Int(a)].bitPattern, r.stiffness[Int(a)].bitPattern, r.damping[Int(a)].bitPattern)
                let kb = (r.mass[Int(b)].bitPattern, r.stiffness[Int(b)].bitPattern, r.damping[Int(b)].bitPattern)
                return ka != kb ? ka < kb : a < b
            }
        }
        var tiles: [Range<Int>] = []
        var start = 0
        while start < physics.count {
            let first = Int(physics[start])
            var end = start + 1
            while end < physics.count && end - start < tileLanes {
                let j = Int(physics[end])
                if releases.mass[j] != releases.mass[first] || releases.stiffness[j] != releases.stiffness[first]
                    || releases.damping[j] != releases.damping[first]
                { break }
                end += 1
            }
            tiles.append(start..<end)
            start = end
        }
        let timedItems = (timed.count + 255) / 256
        let lanes = physics
        let timedLanes = timed
        let tileList = tiles
        outcome.withWriter(count: count) { writer in
            releases.withPointers { r in
                parallelFor(tileList.count + timedItems, threads: integrator.effectiveThreads) { item in
                    if item < tileList.count {
                        lanes.withUnsafeBufferPointer { l in
                            runTile(UnsafeBufferPointer(rebasing: l[tileList[item]]), r, writer: writer, integrator: integrator)
                        }
                    } else {
                        let t = item - tileList.count
                        for j in (t * 256)..<min(timedLanes.count, (t + 1) * 256) {
                            let g = Int(timedLanes[j])
                            let result = evaluateTimedLane(
                                releases, g, frameRate: integrator.frameRate, settleTolerance: integrator.settleTolerance)
                            writer.write(
                                lane: g, decision: result.decision, projected: result.projected, frame: result.completionFrame,
                                time: result.metrics.completionTime,
                                metrics: (result.metrics.velocityJump, result.metrics.overshoot, result.metrics.peakAcceleration))
                        }
                    }
                }
            }
        }
    }

    static func runTile(
        _ lanes: UnsafeBufferPointer<Int32>, _ r: BatchReleases.Pointers, writer: OutcomeWriter, integrator: BatchIntegrator
    ) {
        let laneCount = lanes.count
        let groups = (laneCount + laneWidth - 1) / laneWidth
        let padded = groups * laneWidth
        let dt = 1 / integrator.frameRate
        let toleranceSquared = integrator.settleTolerance * integrator.settleTolerance
        let x = UnsafeMutablePointer<Double>.allocate(capacity: padded)
        let v = UnsafeMutablePointer<Double>.allocate(capacity: padded)
        x.initialize(repeating: 0, count: padded)
        v.initialize(repeating: 0, count: padded)
        defer { x.deallocate(); v.deallocate() }
        var coefficients: [BlockCoefficients] = []
        var states: [BlockState] = []
        coefficients.reserveCapacity(groups)
        states.reserveCapacity(groups)
        var motions: [(overshoot: Lane, peakAcceleration: Lane)] = []
        var cache = StepMatrixCache(scheme: integrator.scheme, dt: dt)
        var step = cache.matrix(mass: r.mass[Int(lanes[0])], stiffness: r.stiffness[Int(lanes[0])], damping: r.damping[Int(lanes[0])])
        // Each group of 16 lanes through the SIMD backend's lane-by-lane setup (`BlockScratch`).
        let scratch = BlockScratch()
        defer { scratch.deallocate() }
        for b in 0..<groups {
            scratch.clear()
            for i in 0..<min(laneWidth, laneCount - b * laneWidth) {
                let j = b * laneWidth + i
                let g = Int(lanes[j])
                let start = startPhysicsLane(r, g)
                writer.write(
                    lane: g, decision: start.decision, projected: start.projected, frame: -1, time: .infinity,
                    metrics: (start.jump, 0, 0))
                step = cache.matrix(mass: r.mass[g], stiffness: r.stiffness[g], damping: r.damping[g])
                scratch.set(lane: i, step: step, mass: r.mass[g], stiffness: r.stiffness[g], damping: r.damping[g], start: start)
                x[j] = start.side * start.x0
                v[j] = start.side * start.v0
            }
            let (k, s) = scratch.block()
            coefficients.append(k)
            states.append(s)
            if integrator.scheme == .exact { motions.append(blockMotionExtrema(y0: s.y, w0: s.w, k)) }
        }
        // drotm's H: flag -1, then H11, H21, H12, H22 (column-major).
        var parameters: [Double] = [
            -1, step.positionFromPosition, step.velocityFromPosition, step.positionFromVelocity, step.velocityFromVelocity,
        ]
        let rawX = UnsafeMutableRawPointer(x), rawV = UnsafeMutableRawPointer(v)
        var n = 0
        while true {
            var anyActive = false
            for b in 0..<groups where anyLane(states[b].active) {
                states[b].y = rawX.loadUnaligned(fromByteOffset: b * laneWidth * 8, as: Lane.self)
                states[b].w = rawV.loadUnaligned(fromByteOffset: b * laneWidth * 8, as: Lane.self)
                preciseFrame(n, &states[b], coefficients[b], toleranceSquared: toleranceSquared, output: nil)
                if anyLane(states[b].active) { anyActive = true }
            }
            if !anyActive || n >= integrator.maximumFrames { break }
            cblas_drotm(Int32(padded), x, 1, v, 1, &parameters)
            n += 1
        }
        for j in 0..<laneCount {
            let g = Int(lanes[j])
            let b = j / laneWidth, i = j % laneWidth
            let k = coefficients[b]
            let policy: OvershootPolicy = k.clamp[i] ? .clamp : (k.rubber[i] ? .rubberBand : .allow)
            let st = states[b]
            let (overshoot, peak) = finishValues(
                maxY: st.maxY[i], maxF: st.maxF[i], minF: st.minF[i], maxBand: st.maxBand[i], mass: k.mass[i],
                side: k.side[i], target: k.target[i], policy: policy,
                motion: motions.isEmpty ? nil : (motions[b].overshoot[i], motions[b].peakAcceleration[i]))
            let frame = Int32(states[b].completion[i])
            writer.completionFrame[g] = frame
            writer.completionTime[g] = frame >= 0 ? Double(frame) * dt : .infinity
            writer.overshoot[g] = overshoot
            writer.peakAcceleration[g] = peak
        }
    }
}
