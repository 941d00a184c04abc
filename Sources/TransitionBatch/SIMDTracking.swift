import TransitionLab
import TransitionPhysics

// Which running maxima a stepped chunk must still record, and the chunk variants that record them.

/// Which running maxima a chunk must still record.
///
/// The energy E = y² + w²/omega0² of the exact motion never increases, and y <= sqrt(E),
/// |k y + c w| <= sqrt((k² + c² omega0²) E) (Cauchy-Schwarz). The force f = k y + c w solves the
/// spring's equation too, so its own energy E_f = f² + f'²/omega0² never increases either
/// (dE_f/dt = -4 lambda f'²/omega0² with lambda = c / 2m >= 0), and |f| <= sqrt(E_f): a bound that is
/// tight at each extremum of f, where the Cauchy-Schwarz one is tight only in one direction of the
/// state (on the 625-variant grid it ends the force's recording in 28% of the chunks that the
/// other bound left recording it). So once E at the chunk's first frame (with a 1e-9 margin for
/// rounding) is within max y², or within max |k y + c w|² over that factor, or E_f's upper bound
/// (`forceEnergyBound`, with the same margin) is within max |k y + c w|², for every active lane,
/// no later frame can change that maximum: the block stops recording it. Clamped and
/// rubber-banded lanes always record y (their arrival and band tests).
///
/// The force's answer, once false, stays false for the block (`forceFinal` then skips it): the
/// energies only decrease, the recorded extremes only grow (every chunk variant that records the
/// force records it into them; one that does not leaves them), and the active lanes only shrink.
/// (Its second bound is computed only where the first fails: skipping it after it held saves
/// recomputing it at every later chunk.)
@inline(__always)
func trackingNeeded(_ s: BlockState, _ k: BlockCoefficients, trajectory: Bool, forceFinal: Bool = false) -> (y: Bool, f: Bool) {
    // Only clamped and rubber-banded lanes read the frames' maxima: a plain (`allow`) lane's
    // extrema are the motion's closed form (`blockMotionExtrema`), in every block this serves
    // (the exact scheme's). Nothing of theirs active and nothing watched: nothing to record.
    let framed = k.clamp .| k.rubber
    if !anyLane(framed) { return (false, false) }
    let recorded = s.active .& framed
    let energy = (s.y * s.y + s.w * s.w * k.inverseOmega0Squared) * (1 + 1e-9)
    let yDone = (s.maxY .>= 0) .& (energy .<= s.maxY * s.maxY)
    let watched = (k.clamp .& .!s.clampStopped) .| (k.rubber .& (trajectory ? LaneMask(repeating: true) : s.active))
    let yNeeded = anyLane((recorded .& .!yDone) .| watched)
    if forceFinal { return (yNeeded, false) }
    let largestForce = laneMax(s.maxF, -s.minF)
    let largestSquared = largestForce * largestForce
    var fDone = k.forceBoundSquared * energy .<= largestSquared
    if !anyLane(recorded .& .!fDone) { return (yNeeded, false) }
    fDone = fDone .| ((forceEnergyBound(y: s.y, w: s.w, k) * (1 + 1e-9) .<= largestSquared) .& (k.damping .>= 0))
    return (yNeeded, anyLane(recorded .& .!fDone))
}

/// An upper bound on the force energy E_f = f² + f'²/omega0² at the state (y, w), up to the
/// rounding of its last few operations (relative, a few ulps: the caller's 1e-9 margin covers
/// them): f = k y + c w and f' = k w + c w' = k w - (c/m) f. The computed f and f' are widened
/// by their rounding errors, at most 1e-15 (about 9 ulps) of the magnitudes they are computed
/// from, plus, for f', c/m times f's error; so the exact E_f lies below the result.
/// `TrackingBoundsTests` steps springs of every regime and checks no later frame's f² exceeds it.
@inline(__always)
func forceEnergyBound(y: Lane, w: Lane, _ k: BlockCoefficients) -> Lane {
    let ky = k.stiffness * y, cw = k.damping * w
    let f = ky + cw
    let kw = k.stiffness * w, df = k.dampingPerMass * f
    let rate = kw - df
    let fError = 1e-15 * (laneAbs(ky) + laneAbs(cw))
    let rateError = 1e-15 * (laneAbs(kw) + laneAbs(df)) + 1.01 * laneAbs(k.dampingPerMass) * fError
    let fUpper = laneAbs(f) + fError, rateUpper = laneAbs(rate) + rateError
    return fUpper * fUpper + rateUpper * rateUpper * k.inverseOmega0Squared
}

protocol ChunkTracking { static var y: Bool { get }; static var f: Bool { get } }
enum TrackBoth: ChunkTracking { static var y: Bool { true }; static var f: Bool { true } }
enum TrackY: ChunkTracking { static var y: Bool { true }; static var f: Bool { false } }
enum TrackF: ChunkTracking { static var y: Bool { false }; static var f: Bool { true } }
enum TrackNone: ChunkTracking { static var y: Bool { false }; static var f: Bool { false } }
