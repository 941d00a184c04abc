@_spi(Lanes) import TransitionLab
@_spi(Lanes) import TransitionPhysics
import _NonTemporal

// Finishing a lane: its metrics from the block's reductions, and the settling frame found by
// binary search with matrix powers once its maxima are final.

/// The per-lane metrics from a finished lane's reductions: with the exact scheme, the motion's
/// closed-form extrema `motion` (`MotionExtrema`, computed for the block's 16 lanes) as the policy
/// shows them, the frames' peak for clamped and rubber-banded lanes (`SpringCompletionExtrema`);
/// with Euler and RK4 (`motion` nil), the largest over the frames of their own stepped motion.
@inline(__always)
func finishValues(
    maxY: Double, maxF: Double, minF: Double, maxBand: Double, mass: Double, side: Double, target: Double,
    policy: OvershootPolicy, motion: (overshoot: Double, peakAcceleration: Double)?
) -> (overshoot: Double, peak: Double) {
    let largestForce = max(maxF, -minF)
    let framePeak = max(largestForce / mass, maxBand)
    if let motion {
        let shown = SpringCompletionExtrema.shown(policy: policy, motion: motion, framePeakAcceleration: framePeak)
        return (shown.overshoot, shown.peakAcceleration)
    }
    // The farthest frame shows through the policy as every frame does (OvershootPolicy.apply).
    var extremes = CompletionExtremes(target: target, pastSide: side)
    if maxY > -.infinity {
        let x = side * maxY
        let shown = policy.apply(progress: target + x, displacement: x, velocity: 0, acceleration: 0, target: target, pastSide: side)
        extremes.record(progress: shown.progress, acceleration: 0)
    }
    return (extremes.overshoot, framePeak)
}

/// The motion's closed-form extrema of a block's 16 lanes from their sided start (y0, w0)
/// (`MotionExtrema`, the scalar reference's bits lane by lane); lanes without a spring get values
/// nobody reads.
@inline(__always)
func blockMotionExtrema(y0: Lane, w0: Lane, _ k: BlockCoefficients) -> (overshoot: Lane, peakAcceleration: Lane) {
    MotionExtrema.extrema(displacement: y0, velocity: w0, stiffness: k.stiffness, damping: k.damping, mass: k.mass)
}

/// `count` frames from frame `n` of a metrics-only block without clamped or rubber-banded lanes,
/// redone after `fastChunk` found that an active lane settles in them: `preciseFrame`'s records and
/// settling test, frame by frame, then the step. Commits and returns true, else leaves `s`
/// untouched for `preciseFrame` (a force whose acceleration might not be finite, a settling test
/// too close to call without the division, or a block outside the range where that is proven).
///
/// The same bits as `preciseFrame` then the step, `count` times: with neither policy in the block,
/// `preciseFrame` records max y and the force extremes of the active lanes whose acceleration
/// f / m is finite, then marks the active lanes whose energy fl(fl(y²) + fl(fl(w²) / omega0²)) is
/// within the tolerance as done at this frame. Here:
/// - every active lane records its force, the same while every active |f| < m 2^1000 (then
///   |f / m| is finite); a frame beyond that bound, or a NaN force, returns false;
/// - the energy multiplies by 1 / omega0² instead of dividing: with both omega0² and its inverse
///   in [2^-400, 2^400], the two second terms are within 3 ulps of w² / omega0² each (no
///   underflow that matters: terms below 2^-1000 are far below a tolerance² of at least 2^-900),
///   so the two energies differ by under 1e-15 relative; a lane whose energy lies within 1e-12
///   (relative) of the tolerance² at any frame returns false, so every decision taken here is
///   the division's. NaN energies settle in neither;
/// - the redo loop stops stepping once no lane is active; these frames step on, which changes
///   only the state of a block whose metrics are done (the caller stops it; nothing reads it).
/// Without `preciseFrame`'s per-frame branches and its two divisions per frame (a vector division
/// costs as much as the rest of the frame), this is the cheap way through the chunk in which lanes
/// settle. `SettleSearchTests` compares it with `preciseFrame` lane by lane.
func settlingChunk(_ s: inout BlockState, _ k: BlockCoefficients, from n: Int, count: Int, toleranceSquared: Double) -> Bool {
    let inRange = (k.omega0Squared .>= Lane(repeating: 0x1p-400)) .& (k.omega0Squared .<= Lane(repeating: 0x1p400))
        .& (k.inverseOmega0Squared .>= Lane(repeating: 0x1p-400)) .& (k.inverseOmega0Squared .<= Lane(repeating: 0x1p400))
    if !(toleranceSquared >= 0x1p-900 && toleranceSquared <= 0x1p900) || anyLane(s.active .& .!inRange) { return false }
    var y = s.y, w = s.w, active = s.active
    var maxY = s.maxY, maxF = s.maxF, minF = s.minF, completion = s.completion
    var unsure = LaneMask()
    let tolerance = Lane(repeating: toleranceSquared)
    let low = Lane(repeating: toleranceSquared * (1 - 1e-12)), high = Lane(repeating: toleranceSquared * (1 + 1e-12))
    for j in 0..<count {
        maxY = maxY.replacing(with: laneMax(maxY, y), where: active)
        let f = k.stiffness * y + k.damping * w
        maxF = maxF.replacing(with: laneMax(maxF, f), where: active)
        minF = minF.replacing(with: laneMin(minF, f), where: active)
        let energy = y * y + w * w * k.inverseOmega0Squared
        unsure = unsure .| (active .& (.!((f .< k.forceLimit) .& (f .> -k.forceLimit)) .| ((energy .> low) .& (energy .<= high))))
        let settled = active .& (energy .<= tolerance)
        completion.replace(with: Double(n + j), where: settled)
        active = active .& .!settled
        (y, w) = step(y, w, k)
    }
    if anyLane(unsure) { return false }
    s.y = y
    s.w = w
    s.active = active
    s.maxY = maxY
    s.maxF = maxF
    s.minF = minF
    s.completion = completion
    return true
}

/// Relative margin of `provenUnsettled`'s decision: the stepped energies differ from the exact
/// motion's by the rounding of at most a few ulps a frame (a few hundred ulps over the longest
/// limits), e^x by 2 ulps; 1e-7 leaves a wide margin, as `settleAmbiguity` does.
let unsettledBoundMargin = 1e-7

/// The lanes whose energy stays above the tolerance at every frame up to `lastTime` seconds,
/// proven without stepping: Q = w² + 2 lambda y w + omega0² y² decays exactly as e^(-2 lambda t)
/// (docs/references.md, "The motion's extrema"), and |2 lambda y w| <= (lambda / omega0)
/// (omega0² y² + w²), so omega0² (y² + w² / omega0²) >= Q / (1 + lambda / omega0) at every
/// instant, in every regime: where Q(0) e^(-2 lambda lastTime) exceeds (omega0² + lambda omega0)
/// tol², with `unsettledBoundMargin` and Q(0)'s own rounding, no frame settles (the scalar test
/// agrees, its energies being the exact ones to far within the margin). A lane whose state is not
/// finite but whose Q is infinite is proven too (it never settles: `settlingFrames`). `omega0`
/// is omega0²'s square root, which the caller's extrema share.
@inline(__always)
func provenUnsettled(
    y0: Lane, w0: Lane, lambda: Lane, omega0Squared: Lane, omega0: Lane, lastTime: Double, toleranceSquared: Double
) -> LaneMask {
    let cross = Lane(repeating: 2) * lambda * y0 * w0
    let square = omega0Squared * y0 * y0
    let q0 = w0 * w0 + cross + square
    // Q(0)'s rounding: a few ulps of its terms' magnitudes.
    let q0Low = q0 - Lane(repeating: 1e-14) * (w0 * w0 + laneAbs(cross) + square)
    let decay = laneExp(Lane(repeating: -2 * lastTime) * lambda)
    let threshold = (omega0Squared + lambda * omega0) * Lane(repeating: toleranceSquared * (1 + unsettledBoundMargin))
    return q0Low * decay .> threshold
}

/// Relative half-width of the band around the settling tolerance in which `resolveSettling`
/// declines to decide (and the block steps frame by frame instead). Matrix powers and stepping
/// differ by a few hundred ulps at most; 1e-7 leaves a wide margin.
let settleAmbiguity = 1e-7

/// Finds, without stepping every frame, the first frame in n...lastFrame at which each active
/// lane settles, once its running maxima are final (`trackingNeeded` returned (false, false)):
/// then settling is the only event left for the block.
///
/// The energy E = y² + w²/omega0² of the exact motion never increases, so "settled at frame m"
/// (E_m <= tol²) is monotone in m. Binary lifting with M^(2^j) (per lane, by squaring) finds the
/// last unsettled frame: from frame `cur`, jump 2^j frames when the state there is still
/// unsettled, for j from high to low. Each comparison is made on a state computed through matrix
/// powers instead of frame by frame, which differs from the stepped state by rounding only; when
/// a compared energy lies within `settleAmbiguity` (relative) of tol² the answer could differ
/// from the scalar path's, so the function returns false without changing `s`, and the caller
/// steps the block frame by frame as before. Otherwise every comparison agrees with exact
/// arithmetic, hence with the stepped path, and the completion frames are the scalar path's.
/// Returns true when every active lane is resolved (their `completion` set, `active` cleared).
/// `cache`, when given, holds `k`'s step and its powers (`PlainBlockCache`).
func resolveSettling(
    _ s: inout BlockState, _ k: BlockCoefficients, from n: Int, lastFrame: Int, toleranceSquared: Double,
    cache: UnsafeMutablePointer<PlainBlockCache>? = nil
) -> Bool {
    let active = s.active
    if !anyLane(active) { return true }
    let levels = stepPowerLevels(covering: lastFrame - n)
    if let cache {
        // The next block of these springs tries one level more than this one needed (none when a
        // lane did not settle in range).
        var needed = 0
        guard
            let completion = settlingFrames(
                y: s.y, w: s.w, lanes: active, from: n, lastFrame: lastFrame, toleranceSquared: toleranceSquared,
                inverseOmega0Squared: k.inverseOmega0Squared, powers: cache.pointee.stepPowers(levels: levels), levels: levels,
                trialLevels: cache.pointee.settleLevels, neededLevels: &needed)
        else { return false }
        cache.pointee.settleLevels = needed > 0 ? needed + 1 : 0
        s.completion.replace(with: completion, where: active)
        s.active = LaneMask()
        return true
    }
    let completion = withUnsafeTemporaryAllocation(of: Lane.self, capacity: 4 * levels) { powers -> Lane? in
        fillStepPowers(powers.baseAddress!, levels: levels, (k.p00, k.p01, k.p10, k.p11))
        return settlingFrames(
            y: s.y, w: s.w, lanes: active, from: n, lastFrame: lastFrame, toleranceSquared: toleranceSquared,
            inverseOmega0Squared: k.inverseOmega0Squared, powers: powers.baseAddress!, levels: levels)
    }
    guard let completion else { return false }
    s.completion.replace(with: completion, where: active)
    s.active = LaneMask()
    return true
}

/// The number of levels of step powers M^(2^j), j in 0..<levels, that reach `frames` frames ahead:
/// the smallest with 2^levels > frames (at least 1).
@inline(__always)
func stepPowerLevels(covering frames: Int) -> Int {
    var levels = 1
    while (1 << levels) <= frames { levels += 1 }
    return levels
}

/// The block's step matrix entries, lane-parallel: p00, p01, p10, p11.
typealias StepMatrix = (p00: Lane, p01: Lane, p10: Lane, p11: Lane)

/// M^(2^j) for j in 0..<levels by repeated squaring, four lanes per level: p00, p01, p10, p11.
@inline(__always)
func fillStepPowers(_ powers: UnsafeMutablePointer<Lane>, levels: Int, _ m: StepMatrix) {
    var a = m.p00, b = m.p01, c = m.p10, d = m.p11
    for j in 0..<levels {
        powers[4 * j] = a; powers[4 * j + 1] = b; powers[4 * j + 2] = c; powers[4 * j + 3] = d
        if j + 1 < levels {
            // Fused where the target allows: the powers differ from repeated stepping by rounding
            // either way (see `settleAmbiguity`).
            (a, b, c, d) = (
                laneMultiplyAdd(a, a, b * c), laneMultiplyAdd(a, b, b * d), laneMultiplyAdd(c, a, d * c), laneMultiplyAdd(c, b, d * d)
            )
        }
    }
}

/// The first frame in n...lastFrame at which each lane of `lanes` is settled (-1 when none is),
/// from the state (y, w) at frame n, by binary lifting (see `resolveSettling`); nil when a
/// compared energy lies inside the ambiguity band (the caller steps instead). Lanes outside
/// `lanes` get -1.
///
/// `trialLevels` (0: none), when below `levels`: first the energy at frame n + 2^trialLevels (a
/// frame in range: 2^(levels - 1) <= lastFrame - n); when every searching lane is settled there,
/// outside the ambiguity band, the last unsettled frame of each lies before it (energy never
/// increases), within reach of the jumps 2^j, j < trialLevels, so the search starts there and
/// skips the levels above; else it uses them all. The answer is the same either way.
/// `neededLevels`, when given, receives the trial that would have sufficed here: one more than the
/// highest level at which a lane jumped (its last unsettled frame is then below n + 2^(that + 1)),
/// 1 when none jumped, 0 when a lane does not settle in range.
func settlingFrames(
    y y0: Lane, w w0: Lane, lanes: LaneMask, from n: Int, lastFrame: Int, toleranceSquared: Double, inverseOmega0Squared: Lane,
    powers: UnsafePointer<Lane>, levels: Int, trialLevels: Int = 0, neededLevels: UnsafeMutablePointer<Int>? = nil
) -> Lane? {
    let tol = Lane(repeating: toleranceSquared)
    let low = tol * (1 - settleAmbiguity), high = tol * (1 + settleAmbiguity)
    @inline(__always) func undecidable(_ e: Lane, _ considered: LaneMask) -> LaneMask {
        // Inside the band, or not finite (NaN, infinity): leave it to the stepped path.
        considered .& .!((e .<= low) .| ((e .> high) .& (e .< Lane(repeating: .infinity))))
    }
    var y = y0, w = w0
    // A lane whose state is not finite never settles: every step multiplies and adds, which keep
    // an infinity or a NaN, and so does its energy (the scalar test's answer is false at every
    // frame). It is decided here (-1), so one such lane no longer sends its block to step every frame.
    let finite = (laneAbs(y0) .< Lane(repeating: .infinity)) .& (laneAbs(w0) .< Lane(repeating: .infinity))
    let lanes = lanes .& finite
    // Energies with 1 / omega0² (the scalar test divides): a difference of an ulp or two, far
    // inside the ambiguity band.
    let e0 = y * y + w * w * inverseOmega0Squared
    if anyLane(undecidable(e0, lanes)) { return nil }
    let settledNow = lanes .& (e0 .<= tol)
    let searching = lanes .& .!settledNow
    // Frames as whole-number doubles (exact far beyond any frame limit): vector compares and
    // blends of Int64 lanes compile to lane-by-lane code here.
    var cur = Lane(repeating: Double(n))
    let remaining = lastFrame - n
    var highestJump = -1
    if remaining > 0 && anyLane(searching) {
        precondition((1 << levels) > remaining, "settlingFrames: \(levels) power levels cannot reach \(remaining) frames")
        let last = Lane(repeating: Double(lastFrame))
        var j = levels
        if trialLevels > 0 && trialLevels < levels {
            let t = trialLevels
            let a = powers[4 * t], b = powers[4 * t + 1], c = powers[4 * t + 2], d = powers[4 * t + 3]
            let ny = laneMultiplyAdd(a, y, b * w), nw = laneMultiplyAdd(c, y, d * w)
            let e = ny * ny + nw * nw * inverseOmega0Squared
            if !anyLane(searching .& .!(e .<= low)) { j = t }
        }
        // Undecidable comparisons are gathered and answered once after the loop (the answer is
        // then nil whatever the loop did): no lane reduction per level.
        var unsure = LaneMask()
        while j > 0 {
            j -= 1
            let candidate = cur + Double(1 << j)
            let consider = searching .& (candidate .<= last)
            let a = powers[4 * j], b = powers[4 * j + 1], c = powers[4 * j + 2], d = powers[4 * j + 3]
            let ny = laneMultiplyAdd(a, y, b * w), nw = laneMultiplyAdd(c, y, d * w)
            let e = ny * ny + nw * nw * inverseOmega0Squared
            unsure = unsure .| undecidable(e, consider)
            let accept = consider .& (e .> tol)
            if highestJump < 0 && neededLevels != nil && anyLane(accept) { highestJump = j }
            y.replace(with: ny, where: accept)
            w.replace(with: nw, where: accept)
            cur.replace(with: candidate, where: accept)
        }
        if anyLane(unsure) { return nil }
    }
    // Searching lanes: `cur` is the last unsettled frame; the next one settles, if within range.
    let next = cur + 1
    var completion = Lane(repeating: -1)
    completion.replace(with: Double(n), where: settledNow)
    let inRange = next .<= Lane(repeating: Double(lastFrame))
    completion.replace(with: next, where: searching .& inRange)
    neededLevels?.pointee = anyLane(searching .& .!inRange) ? 0 : max(highestJump + 1, 1)
    return completion
}
