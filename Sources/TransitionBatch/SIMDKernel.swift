import TransitionPhysics
import _NonTemporal

// The lane-parallel spring kernel.
//
// A block of 16 lanes is advanced with its whole time loop inside, state in registers
// (SIMD16 of Double: four 256-bit registers per quantity; shared/reference/performance-notes.md).
// Everything is in "sided" coordinates y = side * x, w = side * v (side = +1 finishing, -1
// cancelling), so "past the target" is y > 0 for every lane; multiplying by ±1 is exact, so the
// sided state is bit for bit the scalar path's state times side.
//
// Exactness against the scalar path (CompletionCurve.metrics):
// - the step is p00*y + p01*w, p10*y + p11*w with separate multiplies and adds (no FMA), the
//   scalar path's `SpringPropagator.apply`, so states agree bit for bit;
// - overshoot: the scalar path takes max over frames of ((target + x) - target) * side, a
//   nondecreasing function of y, so it is that function of max y (and the rubber band's
//   displayed offset likewise);
// - peak acceleration: |-(k x + c v) / m| = |k y + c w| / m exactly, and division by m > 0 is
//   monotone, so it is max |k y + c w| / m;
// - settling: the scalar test x² + v²/omega0² <= tol², evaluated the same way.
//
// Frames are processed in chunks of `chunkFrames`. A fast chunk only records max y, max and
// min of k y + c w, and steps. It is valid when no active lane settles in it (the energy
// x² + v²/omega0² never increases, so testing the chunk's last frame suffices), no clamped lane
// reaches the target, and no rubber-banded lane goes past it. Otherwise the chunk is redone from
// its saved state frame by frame with every rule of the scalar path (`preciseFrame`).

typealias Lane = SIMD16<Double>
typealias LaneMask = SIMDMask<SIMD16<Int64>>
typealias LaneInt = SIMD16<Int64>
let laneWidth = 16

/// Frames per fast chunk.
let chunkFrames = 8

@inline(__always) func laneMax(_ a: Lane, _ b: Lane) -> Lane { a.replacing(with: b, where: b .> a) }
@inline(__always) func laneMin(_ a: Lane, _ b: Lane) -> Lane { a.replacing(with: b, where: b .< a) }

/// Per-block constants.
struct BlockCoefficients {
    var p00 = Lane(repeating: 1), p01 = Lane(), p10 = Lane(), p11 = Lane(repeating: 1)
    var stiffness = Lane(), damping = Lane()
    var mass = Lane(repeating: 1)
    /// stiffness / mass, as the scalar path computes omega0².
    var omega0Squared = Lane(repeating: 1)
    /// |k y + c w| below this has a finite acceleration for sure (mass * 2^1000).
    var forceLimit = Lane(repeating: 0x1p1000)
    var target = Lane(), side = Lane(repeating: 1)
    var clamp = LaneMask(), rubber = LaneMask()
    var springLanes = LaneMask()
}

/// Per-block state and reductions.
struct BlockState {
    var y = Lane(), w = Lane()
    /// Lanes whose metrics are still being reduced.
    var active = LaneMask()
    /// Clamped lanes that have arrived (frame n > 0 with y >= 0): they show the target from then on.
    var clampStopped = LaneMask()
    var maxY = Lane(repeating: -.infinity)
    var maxF = Lane(), minF = Lane()
    /// Largest |acceleration| over rubber-banded frames past the target (computed lane by lane).
    var maxBand = Lane()
    var completion = LaneInt(repeating: -1)
}

/// Where a block writes its trajectory: `frames * 16` doubles per array, frame-major.
struct BlockOutput {
    var progress: UnsafeMutablePointer<Double>
    var velocity: UnsafeMutablePointer<Double>
    var frames: Int
    /// Stage each chunk in `staging` and copy it out with non-temporal stores.
    var staging: UnsafeMutablePointer<Double>?
}

@inline(__always)
func storeLane(_ value: Lane, _ pointer: UnsafeMutablePointer<Double>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Lane.self)
}

@inline(__always)
func step(_ y: Lane, _ w: Lane, _ k: BlockCoefficients) -> (Lane, Lane) {
    let ny = k.p00 * y + k.p01 * w
    let nw = k.p10 * y + k.p11 * w
    return (ny, nw)
}

/// Displayed progress and velocity of the plain (not past-the-target) motion, with clamped
/// lanes that have arrived held at the target.
@inline(__always)
func plainOutput(_ y: Lane, _ w: Lane, _ k: BlockCoefficients, hold: LaneMask) -> (Lane, Lane) {
    let p = (k.target + k.side * y).replacing(with: k.target, where: hold)
    let v = (k.side * w).replacing(with: 0, where: hold)
    return (p, v)
}

/// One frame with every rule of the scalar path (CompletionCurve.metrics), for frame `n`.
@inline(__always)
func preciseFrame(
    _ n: Int, _ s: inout BlockState, _ k: BlockCoefficients, toleranceSquared: Double,
    output: (p: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Double>)?
) {
    let y = s.y, w = s.w
    if n > 0 {
        let stop = k.clamp .& .!s.clampStopped .& (y .>= 0)
        if any(stop) {
            s.completion.replace(with: Int64(n), where: s.active .& stop)
            s.active = s.active .& .!stop
            s.clampStopped = s.clampStopped .| stop
        }
    }
    let beyond = y .> 0
    let bandLanes = k.rubber .& beyond
    if let output {
        let hold = n == 0 ? (s.clampStopped .| (k.clamp .& beyond)) : s.clampStopped
        var (p, v) = plainOutput(y, w, k, hold: hold)
        if any(bandLanes) {
            for i in 0..<laneWidth where bandLanes[i] {
                let x = k.side[i] * y[i], vv = k.side[i] * w[i]
                let shown = applyPolicy(.rubberBand, displacement: x, velocity: vv, acceleration: 0, target: k.target[i])
                p[i] = shown.progress
                v[i] = shown.velocity
            }
        }
        storeLane(p, output.p)
        storeLane(v, output.v)
    }
    let active = s.active
    if !any(active) { return }
    s.maxY = s.maxY.replacing(with: laneMax(s.maxY, y), where: active)
    let f = k.stiffness * y + k.damping * w
    // The scalar path skips accelerations that are not finite (a diverging Euler or RK4 lane).
    let a = f / k.mass
    let finite = (a .< Lane(repeating: .infinity)) .& (a .> Lane(repeating: -.infinity))
    let plain = active .& .!(beyond .& (k.clamp .| k.rubber)) .& finite
    s.maxF = s.maxF.replacing(with: laneMax(s.maxF, f), where: plain)
    s.minF = s.minF.replacing(with: laneMin(s.minF, f), where: plain)
    let bandRecord = active .& bandLanes
    if any(bandRecord) {
        for i in 0..<laneWidth where bandRecord[i] {
            let x = k.side[i] * y[i], vv = k.side[i] * w[i]
            let a = -(k.stiffness[i] * x + k.damping[i] * vv) / k.mass[i]
            let shown = applyPolicy(.rubberBand, displacement: x, velocity: vv, acceleration: a, target: k.target[i])
            if shown.acceleration.isFinite { s.maxBand[i] = max(s.maxBand[i], abs(shown.acceleration)) }
        }
    }
    let energy = y * y + w * w / k.omega0Squared
    let settled = active .& (energy .<= Lane(repeating: toleranceSquared))
    if any(settled) {
        s.completion.replace(with: Int64(n), where: settled)
        s.active = active .& .!settled
    }
}

/// Runs one block: frames 0...maximumFrames for the metrics (stopping when every lane is done),
/// and frames 0..<output.frames for the trajectory.
func runBlock(
    _ s: inout BlockState, _ k: BlockCoefficients, maximumFrames: Int, toleranceSquared: Double, output: BlockOutput?
) {
    let trajectoryFrames = output?.frames ?? 0
    let metricsEnd = maximumFrames + 1
    var n = 0
    while true {
        let metricsLive = n < metricsEnd && any(s.active)
        let trajectoryLive = n < trajectoryFrames
        if !metricsLive {
            s.active = LaneMask()
            if !trajectoryLive { break }
        }
        var boundary = Int.max
        if metricsLive { boundary = metricsEnd }
        if trajectoryLive { boundary = min(boundary, trajectoryFrames) }
        if n == 0 {
            let out = trajectoryLive ? (p: output!.progress, v: output!.velocity) : nil
            preciseFrame(0, &s, k, toleranceSquared: toleranceSquared, output: out)
            (s.y, s.w) = step(s.y, s.w, k)
            n = 1
            continue
        }
        let count = min(chunkFrames, boundary - n)
        if trajectoryLive {
            let o = output!
            let stage = o.staging
            let pBase = stage ?? o.progress + n * laneWidth
            let vBase = stage.map { $0 + chunkFrames * laneWidth } ?? o.velocity + n * laneWidth
            if !fastChunk(&s, k, count: count, toleranceSquared: toleranceSquared, output: (pBase, vBase)) {
                for j in 0..<count {
                    preciseFrame(
                        n + j, &s, k, toleranceSquared: toleranceSquared,
                        output: (pBase + j * laneWidth, vBase + j * laneWidth))
                    (s.y, s.w) = step(s.y, s.w, k)
                }
            }
            if stage != nil {
                tp_stream_copy_doubles(o.progress + n * laneWidth, pBase, count * laneWidth)
                tp_stream_copy_doubles(o.velocity + n * laneWidth, vBase, count * laneWidth)
            }
        } else {
            if !fastChunk(&s, k, count: count, toleranceSquared: toleranceSquared, output: nil) {
                for j in 0..<count {
                    preciseFrame(n + j, &s, k, toleranceSquared: toleranceSquared, output: nil)
                    if !any(s.active) { break }
                    (s.y, s.w) = step(s.y, s.w, k)
                }
            }
        }
        n += count
    }
}

/// `count` frames recording only the running maxima; commits and returns true when valid (see
/// the file comment), else leaves `s` untouched (the caller redoes the chunk precisely).
@inline(__always)
func fastChunk(
    _ s: inout BlockState, _ k: BlockCoefficients, count: Int, toleranceSquared: Double,
    output: (p: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Double>)?
) -> Bool {
    var y = s.y, w = s.w
    var cMaxY = Lane(repeating: -.infinity)
    var cMaxF = Lane(repeating: -.infinity), cMinF = Lane(repeating: .infinity)
    var lastY = y, lastW = w
    let hold = s.clampStopped
    for j in 0..<count {
        if let output {
            let (p, v) = plainOutput(y, w, k, hold: hold)
            storeLane(p, output.p + j * laneWidth)
            storeLane(v, output.v + j * laneWidth)
        }
        cMaxY = laneMax(cMaxY, y)
        let f = k.stiffness * y + k.damping * w
        cMaxF = laneMax(cMaxF, f)
        cMinF = laneMin(cMinF, f)
        if j == count - 1 { lastY = y; lastW = w }
        (y, w) = step(y, w, k)
    }
    let active = s.active
    let energy = lastY * lastY + lastW * lastW / k.omega0Squared
    let settles = active .& (energy .<= Lane(repeating: toleranceSquared))
    let clampArrives = k.clamp .& .!s.clampStopped .& (cMaxY .>= 0)
    let bandWatch = output == nil ? active : LaneMask(repeating: true)
    let bandBeyond = k.rubber .& bandWatch .& (cMaxY .> 0)
    // Forces whose acceleration might not be finite: let the precise path decide lane by lane.
    let huge = active .& .!((cMaxF .< k.forceLimit) .& (cMinF .> -k.forceLimit))
    if any(settles .| clampArrives .| bandBeyond .| huge) { return false }
    s.maxY = s.maxY.replacing(with: laneMax(s.maxY, cMaxY), where: active)
    s.maxF = s.maxF.replacing(with: laneMax(s.maxF, cMaxF), where: active)
    s.minF = s.minF.replacing(with: laneMin(s.minF, cMinF), where: active)
    s.y = y
    s.w = w
    return true
}

/// The per-lane metrics from a finished block's reductions (the scalar path's final values).
@inline(__always)
func finishLane(_ s: BlockState, _ k: BlockCoefficients, _ i: Int, policy: OvershootPolicy) -> (overshoot: Double, peak: Double) {
    let target = k.target[i], side = k.side[i]
    var overshoot = 0.0
    let maxY = s.maxY[i]
    if maxY > -.infinity {
        switch policy {
        case .allow:
            overshoot = max(overshoot, ((target + side * maxY) - target) * side)
        case .clamp:
            break
        case .rubberBand:
            if maxY > 0 {
                let shown = target + RubberBand.offset(side * maxY, dimension: 1)
                overshoot = max(overshoot, (shown - target) * side)
            }
        }
    }
    let largestForce = max(s.maxF[i], -s.minF[i])
    let peak = max(largestForce / k.mass[i], s.maxBand[i])
    return (overshoot, peak)
}
