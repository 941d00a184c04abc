import TransitionLab
import TransitionPhysics
import _NonTemporal

// The lane-parallel spring kernel.
//
// A block of 16 lanes is advanced with its whole time loop inside, state in registers
// (SIMD16 of Double: four 256-bit registers per quantity; docs/references.md#machine-limits).
// Everything is in "sided" coordinates y = side * x, w = side * v (side = +1 finishing, -1
// cancelling), so "past the target" is y > 0 for every lane; multiplying by ±1 is exact, so the
// sided state is bit for bit the scalar path's state times side.
//
// Exactness against the scalar path (CompletionCurve.metrics):
// - the step is p00*y + p01*w, p10*y + p11*w with separate multiplies and adds (no FMA), the
//   scalar path's `SpringPropagator.apply`, so states agree bit for bit;
// - overshoot: the scalar path raises a running 0.0 to ((target + x) - target) * side when strictly
//   larger (so never -0.0); that is a
//   nondecreasing function of y, so it is that function of max y (and the rubber band's
//   displayed offset likewise);
// - peak acceleration: |-(k x + c v) / m| = |k y + c w| / m exactly, and division by m > 0 is
//   monotone, so it is max |k y + c w| / m;
// - settling: the scalar test x² + v²/omega0² <= tol², evaluated the same way.
//
// Frames are processed in chunks of `chunkFrames`. A fast chunk only records max y, max and
// min of k y + c w, and steps. It is valid when no active lane settles in it (the energy
// x² + v²/omega0² never increases, so testing the chunk's last frame suffices, with
// `chunkSettleMargin` for its rounding), no clamped lane
// reaches the target, and no rubber-banded lane goes past it. Otherwise the chunk is redone from
// its saved state frame by frame with every rule of the scalar path (`preciseFrame`).

typealias Lane = SIMD16<Double>
typealias LaneMask = SIMDMask<SIMD16<Int64>>
typealias LaneInt = SIMD16<Int64>
let laneWidth = 16

/// Frames per fast chunk.
let chunkFrames = 16

/// Relative margin above the settle tolerance² within which a chunk's last frame does not prove
/// that no inner frame settled. The energy never increases in exact arithmetic, so testing the
/// last frame suffices there; computed, it moves by a few ulps a frame (an undamped lane's only
/// change), so a lane whose energy hovers within rounding of the tolerance can dip under it at an
/// inner frame: such a chunk is redone frame by frame. 16 frames of a few ulps each are far
/// below 1e-12 (`KernelEdgeTests`).
let chunkSettleMargin = 1e-12

@inline(__always) func laneMax(_ a: Lane, _ b: Lane) -> Lane { a.replacing(with: b, where: b .> a) }
@inline(__always) func laneMin(_ a: Lane, _ b: Lane) -> Lane { a.replacing(with: b, where: b .< a) }

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
        if anyLane(stop) {
            s.completion.replace(with: Double(n), where: s.active .& stop)
            s.active = s.active .& .!stop
            s.clampStopped = s.clampStopped .| stop
        }
    }
    let beyond = y .> 0
    let bandLanes = k.rubber .& beyond
    if let output {
        let hold = n == 0 ? (s.clampStopped .| (k.clamp .& beyond)) : s.clampStopped
        var (p, v) = plainOutput(y, w, k, hold: hold)
        if anyLane(bandLanes) {
            for i in 0..<laneWidth where bandLanes[i] {
                let x = k.side[i] * y[i], vv = k.side[i] * w[i]
                let shown = OvershootPolicy.rubberBand.apply(
                    progress: k.target[i] + x, displacement: x, velocity: vv, acceleration: 0, target: k.target[i], pastSide: k.side[i])
                p[i] = shown.progress
                v[i] = shown.velocity
            }
        }
        storeLane(p, output.p)
        storeLane(v, output.v)
    }
    let active = s.active
    if !anyLane(active) { return }
    s.maxY = s.maxY.replacing(with: laneMax(s.maxY, y), where: active)
    let f = k.stiffness * y + k.damping * w
    // The scalar path skips accelerations that are not finite (a diverging Euler or RK4 lane).
    let a = f / k.mass
    let finite = (a .< Lane(repeating: .infinity)) .& (a .> Lane(repeating: -.infinity))
    let plain = active .& .!(beyond .& (k.clamp .| k.rubber)) .& finite
    s.maxF = s.maxF.replacing(with: laneMax(s.maxF, f), where: plain)
    s.minF = s.minF.replacing(with: laneMin(s.minF, f), where: plain)
    let bandRecord = active .& bandLanes
    if anyLane(bandRecord) {
        let acceleration = rubberBandAcceleration(y, w, k)
        let record = bandRecord .& (laneAbs(acceleration) .< Lane(repeating: .infinity))
        s.maxBand = s.maxBand.replacing(with: laneMax(s.maxBand, laneAbs(acceleration)), where: record)
    }
    let energy = y * y + w * w / k.omega0Squared
    let settled = active .& (energy .<= Lane(repeating: toleranceSquared))
    if anyLane(settled) {
        s.completion.replace(with: Double(n), where: settled)
        s.active = active .& .!settled
    }
}

/// The shown acceleration of lanes past the target under `.rubberBand`, progress per s²: the
/// vector twin of `OvershootPolicy.apply`'s rubber band at displacement x = side y and velocity
/// v = side w (acceleration `-(k x + c v) / m`), the same IEEE operations in the same order, so
/// each lane gets the scalar rule's bits (a lightly damped or undamped rubber-banded lane is past
/// the target for thousands of frames; lane by lane this loop was most of such a grid's time).
/// Tested against the rule in `RuleTwinTests`.
@inline(__always)
func rubberBandAcceleration(_ y: Lane, _ w: Lane, _ k: BlockCoefficients) -> Lane {
    let x = k.side * y, v = k.side * w
    let a = -(k.stiffness * x + k.damping * v) / k.mass
    let c = Lane(repeating: RubberBand.constant)
    let denominator = c * laneAbs(x) + 1
    let slope = c / (denominator * denominator)
    let sign = Lane(repeating: 1).replacing(with: -1, where: x .< 0)
    let curvature = Lane(repeating: -2) * c * c * sign / (denominator * denominator * denominator)
    return slope * a + curvature * v * v
}

/// Runs one block: frames 0...maximumFrames for the metrics (stopping when every lane is done),
/// and frames 0..<output.frames for the trajectory. `fast` allows fast chunks and the settling
/// search (the exact scheme only: they rely on the energy never increasing, which Euler and RK4
/// do not guarantee); `dt` is the frame step in seconds. `cache`, when given, holds `k`'s step
/// (from `PlainBlockCache.series`) and serves the settling search its powers.
func runBlock(
    _ s: inout BlockState, _ k: BlockCoefficients, frameStep dt: Double, maximumFrames: Int, toleranceSquared: Double,
    output: BlockOutput?, fast: Bool, cache: UnsafeMutablePointer<PlainBlockCache>? = nil
) {
    let trajectoryFrames = output?.frames ?? 0
    let metricsEnd = maximumFrames + 1
    // Once `trackingNeeded` finds the force's maxima final, they stay final (see there).
    var forceFinal = false
    // No clamped or rubber-banded lane: a metrics-only chunk redone frame by frame can take
    // `settlingChunk`.
    let plainLanes = !anyLane(k.clamp .| k.rubber)
    var n = 0
    while true {
        let metricsLive = n < metricsEnd && anyLane(s.active)
        let trajectoryLive = n < trajectoryFrames
        if !metricsLive {
            s.active = LaneMask()
            if !trajectoryLive { break }
        }
        if output == nil {
            // Metrics only: a lane whose metrics are final (inactive) is never read again, so its
            // state is set to 0, which steps to 0. Stepped on beside the block's other lanes, a
            // settled, damped lane decays into subnormal numbers, each operation on which costs
            // x86 a microcode assist (about a hundred cycles). A trajectory steps every lane on,
            // as the scalar path does.
            let final = .!s.active
            s.y.replace(with: 0, where: final)
            s.w.replace(with: 0, where: final)
        }
        var boundary = Int.max
        if metricsLive { boundary = metricsEnd }
        if trajectoryLive { boundary = min(boundary, trajectoryFrames) }
        if n == 0 || !fast {
            let out = trajectoryLive ? (p: output!.progress + n * laneWidth, v: output!.velocity + n * laneWidth) : nil
            preciseFrame(n, &s, k, toleranceSquared: toleranceSquared, output: out)
            (s.y, s.w) = step(s.y, s.w, k)
            n += 1
            continue
        }
        let count = min(chunkFrames, boundary - n)
        let tracking = trackingNeeded(s, k, trajectory: trajectoryLive, forceFinal: forceFinal)
        forceFinal = forceFinal || !tracking.f
        if trajectoryLive {
            let o = output!
            let stage = o.staging
            let pBase = stage ?? o.progress + n * laneWidth
            let vBase = stage.map { $0 + chunkFrames * laneWidth } ?? o.velocity + n * laneWidth
            let out = (p: pBase, v: vBase)
            let valid: Bool
            switch tracking {
            case (true, true): valid = fastChunk(TrackBoth.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: out)
            case (true, false): valid = fastChunk(TrackY.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: out)
            case (false, true): valid = fastChunk(TrackF.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: out)
            case (false, false): valid = fastChunk(TrackNone.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: out)
            }
            if !valid {
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
            if !tracking.y && !tracking.f
                && resolveSettling(&s, k, from: n, lastFrame: metricsEnd - 1, toleranceSquared: toleranceSquared, cache: cache)
            {
                // Every active lane's completion frame is known: the metrics are done.
                n = metricsEnd
                continue
            }
            let valid: Bool
            switch tracking {
            case _ where anyLane(k.rubber .& s.active):
                valid = fastBandChunk(&s, k, count: count, toleranceSquared: toleranceSquared)
            case (true, true): valid = fastChunk(TrackBoth.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: nil)
            case (true, false): valid = fastChunk(TrackY.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: nil)
            case (false, true): valid = fastChunk(TrackF.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: nil)
            case (false, false): valid = fastChunk(TrackNone.self, &s, k, count: count, toleranceSquared: toleranceSquared, output: nil)
            }
            if !valid && !(plainLanes && settlingChunk(&s, k, from: n, count: count, toleranceSquared: toleranceSquared)) {
                for j in 0..<count {
                    preciseFrame(n + j, &s, k, toleranceSquared: toleranceSquared, output: nil)
                    if !anyLane(s.active) { break }
                    (s.y, s.w) = step(s.y, s.w, k)
                }
            }
        }
        n += count
    }
}

/// `count` frames recording only the running maxima `T` asks for; commits and returns true when
/// valid (see the file comment), else leaves `s` untouched (the caller redoes the chunk precisely).
func fastChunk<T: ChunkTracking>(
    _: T.Type, _ s: inout BlockState, _ k: BlockCoefficients, count: Int, toleranceSquared: Double,
    output: (p: UnsafeMutablePointer<Double>, v: UnsafeMutablePointer<Double>)?
) -> Bool {
    // Everything in locals: the loop below is plain vector arithmetic on registers.
    let p00 = k.p00, p01 = k.p01, p10 = k.p10, p11 = k.p11
    let stiffness = k.stiffness, damping = k.damping
    var y = s.y, w = s.w
    var cMaxY = Lane(repeating: -.infinity)
    var cMaxF = Lane(repeating: -.infinity), cMinF = Lane(repeating: .infinity)
    if let output, !T.y, !T.f, !anyLane(s.clampStopped) {
        // Nothing to track and nothing held: step unsided x = side y, u = side w. Negation is
        // exact and the step's products and sums are odd functions, so side * (step of x) is
        // the sided step bit for bit, and the shown progress target + x saves the multiplies
        // by side (and the two registers per quantity they keep live).
        let target = k.target, side = k.side
        var x = side * y, u = side * w
        for j in 0..<count - 1 {
            storeLane(target + x, output.p + j * laneWidth)
            storeLane(u, output.v + j * laneWidth)
            let nx = p00 * x + p01 * u
            let nu = p10 * x + p11 * u
            x = nx
            u = nu
        }
        storeLane(target + x, output.p + (count - 1) * laneWidth)
        storeLane(u, output.v + (count - 1) * laneWidth)
        y = side * x
        w = side * u
    } else if let output {
        let hold = s.clampStopped
        for j in 0..<count - 1 {
            let (p, v) = plainOutput(y, w, k, hold: hold)
            storeLane(p, output.p + j * laneWidth)
            storeLane(v, output.v + j * laneWidth)
            if T.y { cMaxY = laneMax(cMaxY, y) }
            if T.f {
                let f = stiffness * y + damping * w
                cMaxF = laneMax(cMaxF, f)
                cMinF = laneMin(cMinF, f)
            }
            let ny = p00 * y + p01 * w
            let nw = p10 * y + p11 * w
            y = ny
            w = nw
        }
        let (p, v) = plainOutput(y, w, k, hold: hold)
        storeLane(p, output.p + (count - 1) * laneWidth)
        storeLane(v, output.v + (count - 1) * laneWidth)
    } else {
        for _ in 0..<count - 1 {
            if T.y { cMaxY = laneMax(cMaxY, y) }
            if T.f {
                let f = stiffness * y + damping * w
                cMaxF = laneMax(cMaxF, f)
                cMinF = laneMin(cMinF, f)
            }
            let ny = p00 * y + p01 * w
            let nw = p10 * y + p11 * w
            y = ny
            w = nw
        }
    }
    // The chunk's last frame, then the validity tests on it.
    if T.y { cMaxY = laneMax(cMaxY, y) }
    if T.f {
        let f = stiffness * y + damping * w
        cMaxF = laneMax(cMaxF, f)
        cMinF = laneMin(cMinF, f)
    }
    let active = s.active
    let energy = y * y + w * w / k.omega0Squared
    let settles = active .& (energy .<= Lane(repeating: toleranceSquared * (1 + chunkSettleMargin)))
    var invalid = settles
    if T.y {
        let clampArrives = k.clamp .& .!s.clampStopped .& (cMaxY .>= 0)
        let bandWatch = output == nil ? active : LaneMask(repeating: true)
        let bandBeyond = k.rubber .& bandWatch .& (cMaxY .> 0)
        invalid = invalid .| clampArrives .| bandBeyond
    }
    if T.f {
        // Forces whose acceleration might not be finite: let the precise path decide lane by lane.
        invalid = invalid .| (active .& .!((cMaxF .< k.forceLimit) .& (cMinF .> -k.forceLimit)))
    }
    if anyLane(invalid) { return false }
    if T.y { s.maxY = s.maxY.replacing(with: laneMax(s.maxY, cMaxY), where: active) }
    if T.f {
        s.maxF = s.maxF.replacing(with: laneMax(s.maxF, cMaxF), where: active)
        s.minF = s.minF.replacing(with: laneMin(s.minF, cMinF), where: active)
    }
    s.y = p00 * y + p01 * w
    s.w = p10 * y + p11 * w
    return true
}

/// `count` frames of a metrics-only block with rubber-banded lanes still active: `preciseFrame`'s
/// records without its per-frame tests, as `fastChunk(TrackBoth...)` for the other lanes, and a
/// rubber-banded lane past the target records its shown acceleration
/// (`rubberBandAcceleration`) instead of its force, as `preciseFrame` does. Such a lane is past
/// the target for half of every swing, so `fastChunk` (which leaves those frames to the precise
/// path) redid nearly every chunk of a lightly damped one frame by frame. Commits and returns
/// true when valid (no active lane settles, no clamped lane arrives, every force finite), else
/// leaves `s` untouched.
private let bandConstant = Lane(repeating: RubberBand.constant)
private let bandCurvatureFactor = Lane(repeating: 2 * RubberBand.constant * RubberBand.constant)

func fastBandChunk(_ s: inout BlockState, _ k: BlockCoefficients, count: Int, toleranceSquared: Double) -> Bool {
    let p00 = k.p00, p01 = k.p01, p10 = k.p10, p11 = k.p11
    let stiffness = k.stiffness, damping = k.damping
    let active = s.active
    let band = k.rubber .& active
    var y = s.y, w = s.w
    var cMaxY = Lane(repeating: -.infinity)
    var cMaxF = Lane(repeating: -.infinity), cMinF = Lane(repeating: .infinity)
    var cMaxBand = Lane()
    for j in 0..<count {
        cMaxY = laneMax(cMaxY, y)
        let f = stiffness * y + damping * w
        let past = band .& (y .> 0)
        cMaxF = cMaxF.replacing(with: laneMax(cMaxF, f), where: .!past)
        cMinF = cMinF.replacing(with: laneMin(cMinF, f), where: .!past)
        if anyLane(past) {
            // |shown acceleration| <= (c |f| d + 2 c² w² m) / (m d³), d = c y + 1 (the triangle
            // inequality on `rubberBandAcceleration`'s two terms): multiplies only, with a
            // margin far above their rounding. A frame whose bound cannot reach the running
            // maximum cannot change it; the exact value (three divisions) only where one can,
            // which for a swinging lane is a few frames near its peaks.
            let d = bandConstant * y + 1
            let bound = (bandConstant * laneAbs(f) * d + bandCurvatureFactor * w * w * k.mass) * (1 + 1e-9)
            let running = laneMax(s.maxBand, cMaxBand)
            let candidate = past .& .!(bound .<= running * k.mass * (d * d * d))
            if anyLane(candidate) {
                let acceleration = laneAbs(rubberBandAcceleration(y, w, k))
                cMaxBand = cMaxBand.replacing(
                    with: laneMax(cMaxBand, acceleration), where: candidate .& (acceleration .< Lane(repeating: .infinity)))
            }
        }
        if j + 1 < count {
            let ny = p00 * y + p01 * w
            let nw = p10 * y + p11 * w
            y = ny
            w = nw
        }
    }
    let energy = y * y + w * w / k.omega0Squared
    var invalid = active .& (energy .<= Lane(repeating: toleranceSquared * (1 + chunkSettleMargin)))
    invalid = invalid .| (k.clamp .& .!s.clampStopped .& (cMaxY .>= 0))
    invalid = invalid .| (active .& .!((cMaxF .< k.forceLimit) .& (cMinF .> -k.forceLimit)))
    if anyLane(invalid) { return false }
    s.maxY = s.maxY.replacing(with: laneMax(s.maxY, cMaxY), where: active)
    s.maxF = s.maxF.replacing(with: laneMax(s.maxF, cMaxF), where: active)
    s.minF = s.minF.replacing(with: laneMin(s.minF, cMinF), where: active)
    s.maxBand = s.maxBand.replacing(with: laneMax(s.maxBand, cMaxBand), where: active)
    s.y = p00 * y + p01 * w
    s.w = p10 * y + p11 * w
    return true
}

/// True when any lane of `mask` is set (the standard library's `any` reduces lane by lane).
@inline(__always)
func anyLane(_ mask: LaneMask) -> Bool {
    let bits = LaneInt(repeating: 0).replacing(with: -1, where: mask)
    let a = bits.lowHalf | bits.highHalf
    let b = a.lowHalf | a.highHalf
    let c = b.lowHalf | b.highHalf
    return (c[0] | c[1]) != 0
}
