import TransitionLab
import TransitionPhysics

// Metrics-only blocks of underdamped springs with the plain overshoot policy: the running maxima
// from the closed form's extremum times instead of stepping every frame.
//
// Every quantity the metrics reduce is a solution z of the spring's equation
// z'' + 2 lambda z' + omega0² z = 0: the displacement y, and the force f = k y + c w (so the
// acceleration is -f / m). For an underdamped spring (wd² = omega0² - lambda² > 0),
//
//     z'(t) = e^(-lambda t) (A cos(wd t) - B sin(wd t)),  A = z'(0),  B = (lambda z'(0) + omega0² z(0)) / wd,
//
// so its extrema are at wd t = pi/2 - atan2(B, A) + k pi, and three facts bound every frame:
// - before its first extremum z is monotone (rising first when A > 0), and between two extrema too;
// - the energy E_z = z² + z'²/omega0² never increases (dE_z/dt = -4 lambda z'²/omega0²), and at an
//   extremum z² = E_z;
// - half a damped period later the state is exactly -e^(-lambda pi / wd) times what it was, so the
//   energy is e^(-2 lambda pi / wd) times what it was.
// Hence, over frames 0...L (L the completion frame, or the frame limit):
// - max y is at frame 0, frame L, or the frame just before or after y's first maximum t1; frames
//   after t1 + pi/wd are below e^(-lambda pi / wd) sqrt(E_y(t1)) <= e^(-lambda pi / wd) sqrt(E_y(m))
//   for any frame m <= t1;
// - max |f| is at frame 0, frame L, or the frame just before or after f's first extremum, with the
//   same bound for the frames after the next one.
// The block evaluates those frames (the first of each window from the closed form below, with
// e^x, sin and cos evaluated lane-parallel; the next three by the step matrix) and checks the
// bound with a margin; when a check fails, or a lane is outside the regime where the phase is well
// conditioned, it declines and the block is stepped frame by frame. A window starts at or before
// L, so when it reaches past L, frame L is one of its frames; otherwise L is beyond it and bounded.
//
// The values are the stepped path's up to rounding: a state from the closed form differs from
// the frame-by-frame state by a few ulps of the amplitude, so overshoot and peak acceleration
// agree with the scalar reference to about 1e-14 relative (the backend tests allow 1e-12);
// decisions, velocity jumps and completion frames are the same bits (whether a lane settles is
// decided outside the settling search's ambiguity band, and the search declines inside it).

/// Damping ratios above this (lambda² > 0.98 omega0²) take the stepped path: as wd -> 0 the phase
/// atan2(B, A) loses its conditioning.
let closedFormMaximumDampingRatioSquared = 0.98

/// Phase advance per frame (wd dt, radians) the closed form accepts: at most pi/4, so that half a
/// damped period spans at least four frames and the two frames around an extremum, found from a
/// phase accurate to ~1e-9 rad, are among the four evaluated; at least 1e-6, so that error stays
/// below a thousandth of a frame.
let closedFormPhaseStepRange = 1e-6...(Double.pi / 4)

/// Resolves a metrics-only block from frame 0 without stepping every frame; returns false without
/// changing `s` when the block does not qualify (see the file comment) and must be stepped.
func resolveClosedForm(
    _ s: inout BlockState, _ k: BlockCoefficients, frameStep dt: Double, maximumFrames: Int, toleranceSquared: Double
) -> Bool {
    let lanes = s.active
    if !anyLane(lanes) || anyLane(lanes .& (k.clamp .| k.rubber)) { return false }
    let lambda = k.damping / (2 * k.mass)
    let omega0Squared = k.omega0Squared
    let wdSquared = omega0Squared - lambda * lambda
    let wd = laneSquareRoot(wdSquared)
    let inverseWd = 1 / wd
    let phaseStep = wd * dt
    let y0 = s.y, w0 = s.w
    let qualifies =
        (lambda .>= 0) .& (lambda * lambda .<= closedFormMaximumDampingRatioSquared * omega0Squared)
        .& (phaseStep .>= Lane(repeating: closedFormPhaseStepRange.lowerBound))
        .& (phaseStep .<= Lane(repeating: closedFormPhaseStepRange.upperBound))
        .& (laneAbs(y0) .< Lane(repeating: .infinity)) .& (laneAbs(w0) .< Lane(repeating: .infinity))
    if anyLane(lanes .& .!qualifies) { return false }

    // The step matrix from the closed form (the block's own may not have been computed: see
    // `closedFormStep`), for the frames after each window's first and for the settling search.
    let (m, stepDecay) = closedFormStep(frameStep: dt, lambda: lambda, wd: wd, inverseWd: inverseWd, omega0Squared: omega0Squared)
    @inline(__always) func step(_ y: Lane, _ w: Lane) -> (Lane, Lane) { (m.p00 * y + m.p01 * w, m.p10 * y + m.p11 * w) }
    // The closed form's sine coefficients of y and w (see `closedFormState`).
    let ySine = (w0 + lambda * y0) * inverseWd
    let wSine = (lambda * w0 + omega0Squared * y0) * inverseWd
    @inline(__always) func state(atFrames frames: Lane) -> (Lane, Lane) {
        closedFormState(
            time: frames * dt, y0: y0, w0: w0, lambda: lambda, wd: wd, yFromSine: ySine, wFromSine: wSine)
    }

    // The energy at the frame limit: when every lane is still clearly unsettled there (the energy
    // never increases), no lane settles in range. It is compared with the tolerance only outside
    // the ambiguity band, so rounding (far inside it) cannot change the answer. First a lower
    // bound that needs no sine, then, for the lanes it leaves open, the closed-form state.
    let limitTime = Double(maximumFrames) * dt
    if anyLane(lanes .& .!(wd * limitTime .<= Lane(repeating: closedFormMaximumPhase))) { return false }
    let settleThreshold = Lane(repeating: toleranceSquared * (1 + settleAmbiguity))
    // e^(-2 lambda T) as the step's decay to the power 2 N (T = N dt): N squarings at most, where
    // an exponential of 16 lanes costs more; within 4 N ulps, far inside the ambiguity band while
    // N <= `closedFormPoweredFrames` (beyond it, the exponential).
    let decayToLimit = maximumFrames <= closedFormPoweredFrames
        ? lanePower(stepDecay, 2 * maximumFrames) : laneExp(-2 * lambda * limitTime)
    let energyBound = energyLowerBound(
        decayOverTime: decayToLimit, y0: y0, w0: w0, lambda: lambda, wd: wd, wdSquared: wdSquared, omega0Squared: omega0Squared)
    var unsettledAtLimit = energyBound .> settleThreshold
    if anyLane(lanes .& .!unsettledAtLimit) {
        let (yLimit, wLimit) = state(atFrames: Lane(repeating: Double(maximumFrames)))
        unsettledAtLimit = unsettledAtLimit .| (yLimit * yLimit + wLimit * wLimit * k.inverseOmega0Squared .> settleThreshold)
    }
    let completion: Lane
    if !anyLane(lanes .& .!unsettledAtLimit) {
        completion = Lane(repeating: -1)
    } else {
        // Some lane may settle: the binary search with matrix powers finds the frame, or declines.
        let levels = stepPowerLevels(covering: maximumFrames)
        let found = withUnsafeTemporaryAllocation(of: Lane.self, capacity: 4 * levels) { buffer -> Lane? in
            fillStepPowers(buffer.baseAddress!, levels: levels, m)
            return settlingFrames(
                y: y0, w: w0, lanes: lanes, from: 0, lastFrame: maximumFrames, toleranceSquared: toleranceSquared,
                inverseOmega0Squared: k.inverseOmega0Squared, powers: buffer.baseAddress!, levels: levels)
        }
        guard let found else { return false }
        completion = found
    }
    // The last metrics frame of each lane.
    let lastFrame = completion.replacing(with: Double(maximumFrames), where: completion .< 0)
    let stiffness = k.stiffness, damping = k.damping
    // c / m = 2 lambda exactly (lambda = c / 2m; halving is exact).
    let dampingPerMass = 2 * lambda
    @inline(__always) func force(_ y: Lane, _ w: Lane) -> Lane { stiffness * y + damping * w }
    @inline(__always) func forceRate(_ w: Lane, _ f: Lane) -> Lane { stiffness * w - dampingPerMass * f }

    // Frames just before the first maximum of y and the first extremum of f.
    let yPhase = firstExtremumPhase(z: y0, rate: w0, lambda: lambda, omega0Squared: omega0Squared, inverseWd: inverseWd)
    let yMaximumPhase = yPhase.phase + Lane(repeating: .pi).replacing(with: 0, where: yPhase.rises)
    // 1 / (wd dt) to an ulp or two: the window is a frame wider than the estimate's error.
    let framesPerRadian = inverseWd * (1 / dt)
    let yFirst = windowStart(phase: yMaximumPhase, framesPerRadian: framesPerRadian, lastFrame: lastFrame)
    let f0 = force(y0, w0)
    let fPhase = firstExtremumPhase(z: f0, rate: forceRate(w0, f0), lambda: lambda, omega0Squared: omega0Squared, inverseWd: inverseWd)
    let fFirst = windowStart(phase: fPhase.phase, framesPerRadian: framesPerRadian, lastFrame: lastFrame)

    // Frame 0.
    var maxY = y0
    var maxForce = laneMax(Lane(), laneAbs(f0))
    // The four frames from yFirst, and E_y at yFirst. A window starts at or before the lane's
    // last frame, so when it reaches past that frame, the last frame is one of its four.
    var (y, w) = state(atFrames: yFirst)
    let energyY = y * y + w * w * k.inverseOmega0Squared
    for j in 0..<closedFormWindowFrames {
        let inRange = yFirst + Double(j) .<= lastFrame
        maxY = maxY.replacing(with: laneMax(maxY, y), where: inRange)
        if j + 1 < closedFormWindowFrames { (y, w) = step(y, w) }
    }
    // The four frames from fFirst, and E_f at fFirst.
    (y, w) = state(atFrames: fFirst)
    let fAtFirst = force(y, w), fRateAtFirst = forceRate(w, fAtFirst)
    let energyF = fAtFirst * fAtFirst + fRateAtFirst * fRateAtFirst * k.inverseOmega0Squared
    for j in 0..<closedFormWindowFrames {
        let inRange = fFirst + Double(j) .<= lastFrame
        maxForce = maxForce.replacing(with: laneMax(maxForce, laneAbs(force(y, w))), where: inRange)
        if j + 1 < closedFormWindowFrames { (y, w) = step(y, w) }
    }
    // Frames beyond a window (the last frame among them when the window ends before it): below
    // e^(-lambda pi / wd) times the root energy at the window's first frame.
    let lastWindowFrame = Double(closedFormWindowFrames - 1)
    let yBeyondWindow = yFirst + lastWindowFrame .< lastFrame
    let fBeyondWindow = fFirst + lastWindowFrame .< lastFrame
    let decaySquared = halfPeriodEnergyDecayBound(lambda: lambda, inverseWd: inverseWd)
    let yBounded = (maxY .> 0) .& (decaySquared * energyY .<= maxY * maxY)
    let fBounded = decaySquared * energyF .<= maxForce * maxForce
    if anyLane(lanes .& ((yBeyondWindow .& .!yBounded) .| (fBeyondWindow .& .!fBounded))) { return false }
    let finite = (laneAbs(maxY) .< Lane(repeating: .infinity)) .& (maxForce .< k.forceLimit)
    if anyLane(lanes .& .!finite) { return false }

    s.maxY = maxY
    s.maxF = maxForce
    s.minF = Lane()
    s.completion = completion
    s.active = LaneMask()
    return true
}

/// A lower bound on the energy y² + w²/omega0² at a time t of the underdamped motion from (y0, w0),
/// given `decayOverTime` = e^(-2 lambda t), within rounding (and that factor's error): G =
/// (w + lambda y)² + wd² y² decays exactly as e^(-2 lambda t) (it is the squared amplitude of the
/// rotating solution), and G = omega0² E + 2 lambda y w <= (omega0² + lambda omega0) E
/// (2 |y w| <= omega0 y² + w² / omega0), with omega0 <= wd + lambda. At least (1 - zeta) /
/// (1 + 1.5 zeta) times the energy (zeta = lambda / omega0): no sine.
@inline(__always)
func energyLowerBound(decayOverTime: Lane, y0: Lane, w0: Lane, lambda: Lane, wd: Lane, wdSquared: Lane, omega0Squared: Lane) -> Lane {
    let sinePart = w0 + lambda * y0
    let invariant = sinePart * sinePart + wdSquared * (y0 * y0)
    return invariant * decayOverTime / (omega0Squared + lambda * (wd + lambda))
}

/// Frame limits up to which the decay to the limit is the step's decay powered (`lanePower`, within
/// 4 N ulps: 1e-9 relative at this N, against the settling band's 1e-7).
let closedFormPoweredFrames = 1 << 20

/// x^n lane by lane for n >= 0 by binary powering: log2 n squarings and as many multiplies at most,
/// within about (n + 2 log2 n) ulps relative of the exact power of x.
@inline(__always)
func lanePower(_ x: Lane, _ n: Int) -> Lane {
    var result = Lane(repeating: 1), square = x, e = n
    while e > 0 {
        if e & 1 != 0 { result = result * square }
        e >>= 1
        if e > 0 { square = square * square }
    }
    return result
}

/// The step matrix over `frameStep` seconds from the closed form (`closedFormState` from unit
/// displacement and from unit velocity): within a few ulps of the series the scalar path steps
/// with, which is all the window frames and the settling search (inside its ambiguity band) need;
/// it spares metrics-only blocks the series (`BatchIntegrator.runPlainBlock`).
/// Returns the decay over the step, e^(-lambda dt), too.
@inline(__always)
func closedFormStep(frameStep dt: Double, lambda: Lane, wd: Lane, inverseWd: Lane, omega0Squared: Lane) -> (StepMatrix, decay: Lane) {
    let decay = laneExp(-lambda * dt)
    // wd dt is within `closedFormPhaseStepRange` (at most pi/4) in every lane that qualifies.
    let (sine, cosine) = laneSinCosReduced(wd * dt)
    let decayedSine = decay * sine * inverseWd
    let decayedCosine = decay * cosine
    let step = (
        laneMultiplyAdd(lambda, decayedSine, decayedCosine), decayedSine,
        -omega0Squared * decayedSine, laneMultiplyAdd(-lambda, decayedSine, decayedCosine))
    return (step, decay)
}

/// The largest phase wd t (radians) at which the closed form evaluates a state: `laneSinCos`'s
/// range. Frame limits beyond it (about 1.3 million frames at pi/4 per frame) take the stepped path.
let closedFormMaximumPhase = 0x1p20

/// The state (y, w) at `time` (seconds, per lane) of the underdamped motion from (y0, w0) at 0:
///
///     y(t) = e^(-lambda t) (y0 cos(wd t) + (w0 + lambda y0) / wd sin(wd t))
///     w(t) = e^(-lambda t) (w0 cos(wd t) - (lambda w0 + omega0² y0) / wd sin(wd t))
///
/// with the two sine coefficients passed in. For 0 <= wd t <= `closedFormMaximumPhase`; within a
/// few ulps of the amplitude plus the rounding of wd t (the stepped state differs from the exact
/// one by about as much).
@inline(__always)
func closedFormState(time t: Lane, y0: Lane, w0: Lane, lambda: Lane, wd: Lane, yFromSine: Lane, wFromSine: Lane) -> (y: Lane, w: Lane) {
    let decay = laneExp(-lambda * t)
    let (sine, cosine) = laneSinCos(wd * t)
    let y = decay * laneMultiplyAdd(yFromSine, sine, y0 * cosine)
    let w = decay * laneMultiplyAdd(-wFromSine, sine, w0 * cosine)
    return (y, w)
}

/// Frames evaluated around each extremum: from one frame before the frame below the estimated
/// extremum time to two after it, so that the true floor and ceiling are among them whatever the
/// estimate's error (far below a frame).
let closedFormWindowFrames = 4

/// The first frame of an extremum's window: floor(phase / phase step) - 1, within 0...lastFrame.
@inline(__always)
func windowStart(phase: Lane, framesPerRadian: Lane, lastFrame: Lane) -> Lane {
    let frame = laneFloor(phase * framesPerRadian) - 1
    return laneMin(laneMax(frame, Lane()), lastFrame)
}

/// The phase wd t in (0, pi] of the first extremum after t = 0 of the solution with z(0) = z and
/// z'(0) = rate, and whether the solution rises first (then that extremum is a maximum).
@inline(__always)
func firstExtremumPhase(z: Lane, rate: Lane, lambda: Lane, omega0Squared: Lane, inverseWd: Lane) -> (phase: Lane, rises: LaneMask) {
    let a = rate
    let b = (lambda * rate + omega0Squared * z) * inverseWd
    var phase = Lane(repeating: .pi / 2) - laneAtan2(b, a)
    phase = phase.replacing(with: phase - .pi, where: phase .> .pi)
    phase = phase.replacing(with: phase + .pi, where: phase .<= 0)
    // z'(t) has the sign of A just after 0, or of -B when A = 0.
    let rises = (a .> 0) .| ((a .== 0) .& (b .< 0))
    return (phase, rises)
}

/// An upper bound on e^(-2 lambda pi / wd) (the energy ratio over half a damped period), to a
/// relative 1e-6 margin that covers this approximation and every rounding of the bound check.
@inline(__always)
func halfPeriodEnergyDecayBound(lambda: Lane, inverseWd: Lane) -> Lane {
    // -2 lambda pi / wd >= -2 pi 0.99 / sqrt(0.02) ~ -44 in the closed form's regime; clamping at
    // -48 only raises the bound. e^x = (e^(x/128))^128 with |x/128| <= 0.375: the Taylor
    // polynomial to degree 12 is within 1e-15 relative, and 7 squarings multiply that by 128.
    let x = laneMax(-2 * Double.pi * lambda * inverseWd, Lane(repeating: -48)) * (1.0 / 128)
    // Horner from degree 12 down: p = 1 + p (x / n). (Loops over `stride` compiled to calls.)
    var p = Lane(repeating: 1)
    @inline(__always) func horner(_ n: Double) { p = laneMultiplyAdd(p, x * (1 / n), Lane(repeating: 1)) }
    horner(12); horner(11); horner(10); horner(9); horner(8); horner(7)
    horner(6); horner(5); horner(4); horner(3); horner(2); horner(1)
    p = p * p; p = p * p; p = p * p; p = p * p; p = p * p; p = p * p; p = p * p
    return p * (1 + 1e-6)
}
