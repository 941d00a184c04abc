import TransitionPhysics

// The visual-completion twin's closed form (SIMDVisualCompletion.swift): a lane's questions the
// phasor does not carry or cannot settle (beyond the phasor's range, the value near the
// tolerance), answered from one vector closed form per block and instant, with
// an error bound that covers both its own rounding and the scalar rule's; what that bound
// cannot settle either is asked of the scalar rule itself.

/// The relative size of the error bound on a closed-form value against the magnitudes of the
/// terms it sums (2^-44, about 5.7e-14: 256 ulps, where either evaluator rounds by a few).
private let closedFormMargin = 0x1p-44

/// Largest phase wd t (radians) the vector sine and cosine take; beyond it the scalar answers.
private let largestPhase = 0x1p20

extension VisualCompletionBlock {
    /// The closed form's E = e^(-lambda t) C(t) and F = e^(-lambda t) S(t) (see
    /// `Spring.propagator(time:)`) at per-lane times `t` (>= 0), and where they can be trusted
    /// (a phase within the vector sine's range).
    @inline(__always)
    func closedForm(_ t: Lane) -> (e: Lane, f: Lane, valid: LaneMask) {
        let overdamped = .!underdamped
        let z = mu * t
        // From z = 1/2 on, an overdamped lane's values are the roots' exponentials alone: a block
        // whose live lanes are all such lanes skips e^(-lambda t) and the series.
        let large = (z .>= 0.5) .& overdamped
        let decay = anyLane(live .& .!large) ? laneExp(-lambda * t) : Lane()
        var e = Lane(), f = Lane()
        var valid = LaneMask(repeating: true)
        if anyLane(underdamped) {
            let theta = wd * t
            let inRange = theta .<= largestPhase
            let (s, c) = laneSinCos(Lane(repeating: 0).replacing(with: theta, where: inRange))
            e = decay * c
            f = decay * s * inverseWd
            valid = inRange .| overdamped
        }
        if anyLane(overdamped) {
            // cosh(z) and sinh(z) / z by their series below z = 1/2 (no cancellation as mu -> 0);
            // above it from the two roots' exponentials, whose difference loses under a bit.
            var eo = Lane(), fo = Lane()
            if anyLane(live .& overdamped .& .!large) {
                let z2 = z * z
                let ch = laneTaylorInSquare(z2, through: 7, odd: false, alternating: false)
                let sh = laneTaylorInSquare(z2, through: 7, odd: true, alternating: false)
                eo = decay * ch
                fo = decay * t * sh
            }
            if anyLane(large) {
                let e1 = laneExp(r1 * t), e2 = laneExp(r2 * t)
                eo = eo.replacing(with: (e1 + e2) * 0.5, where: large)
                fo = fo.replacing(with: (e1 - e2) * inverseTwoMu, where: large)
            }
            e = e.replacing(with: eo, where: overdamped)
            f = f.replacing(with: fo, where: overdamped)
        }
        return (e, f, valid)
    }

    /// Whether the energy amplitude exceeds the tolerance at `t`, where `ask` is set, from the
    /// closed form; lanes whose answer the error bound cannot settle are asked of the scalar rule.
    /// Compared squared (a vector square root is sixteen scalar ones): the amplitude is at most
    /// the sum of its terms, so twice that sum bounds the old margin's `size`. Out of line: the
    /// phasor settles most questions, and the loops that ask stay small.
    @inline(never)
    func energyAbove(_ t: Lane, ask: LaneMask, counts: inout VisualCompletionWork) -> LaneMask {
        counts.closedForms += 1
        let (e, f, valid) = closedForm(t)
        let lf = lambda * f
        let a = (e - 1) + lf
        let pxx = 1 + a, pxv = f, pvx = -omega0Squared * f, pvv = e - lf
        let x = pxx * x0 + pxv * v0
        let v = pvx * x0 + pvv * v0
        let amplitudeSquared = x * x + massPerStiffness * v * v
        // The terms before their cancellations: 1 + a (a near -1 once decayed) and e - lambda f
        // round to ulps of 1 and of e, lambda f, not of what is left (as `visuallyAway`'s size).
        let eTerms = laneAbs(e) + laneAbs(lf)
        let terms = laneAbs(x0) * (3 + eTerms) + laneAbs(pxv * v0) + rootMassPerStiffness * (laneAbs(pvx * x0) + laneAbs(v0) * eTerms)
        let margin = 2 * terms * closedFormMargin
        let over = tolerance + margin, under = tolerance - margin
        var above = amplitudeSquared .> over * over
        let settled = above .| ((under .> 0) .& (amplitudeSquared .< under * under))
        let unsure = ask .& .!(settled .& valid)
        if anyLane(unsure) {
            for j in 0..<filled where unsure[j] {
                counts.scalarAnswers += 1
                above[j] = spring(j).isEnergyAmplitudeAbove(
                    tolerance[j], initialDisplacement: x0[j], initialVelocity: v0[j], time: t[j])
            }
        }
        return above
    }

    /// Whether the shown progress at `t` is the tolerance or more from the target, where `ask`
    /// is set (`CompletionCurve.isVisuallyAway`); unsettled lanes asked of the scalar rule. Out of
    /// line, as `energyAbove(_:ask:counts:)`.
    @inline(never)
    func visuallyAway(_ t: Lane, ask: LaneMask, counts: inout VisualCompletionWork) -> LaneMask {
        counts.closedForms += 1
        let (e, f, valid) = closedForm(t)
        let lf = lambda * f
        let increment = ((e - 1) + lf) * x0 + f * v0
        let shown = start + increment
        let distance = laneAbs(shown - target)
        let size = laneAbs(x0) * (3 + laneAbs(e) + laneAbs(lf)) + laneAbs(f * v0) + laneAbs(start) + laneAbs(target)
        let margin = size * closedFormMargin
        let excess = distance - tolerance
        // `.clamp`: at the target from its arrival on, and wherever the motion is past it.
        let held = clamped .& ((t .>= arrival) .| ((x0 + increment) * pastSide .> 0))
        var away = (excess .> margin) .& .!held
        let settled = held .| (excess .> margin) .| (excess .< -margin)
        let unsure = ask .& .!(settled .& valid)
        if anyLane(unsure) {
            for j in 0..<filled where unsure[j] {
                counts.scalarAnswers += 1
                away[j] = curve(j).isVisuallyAway(at: t[j], tolerance: tolerance[j])
            }
        }
        return away
    }
}
