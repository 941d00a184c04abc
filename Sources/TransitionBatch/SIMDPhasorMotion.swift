import TransitionPhysics

// The motion of an underdamped, overdamped or critically damped lane as a phasor (`Phasor`, `PhasorMotion`, `PhasorRotation`): how
// the visual-completion twin (SIMDVisualCompletion.swift) answers the rule's questions at the
// instants it walks, a multiplication each, with the error bound that says where it may.

/// 16 pairs, one per lane: for an underdamped lane the phasor carries, the complex number
/// e^((-lambda + i wd) t); for an overdamped one, its two modes (e^(r1 t), e^(r2 t)); for a
/// critically damped one, e^(-lambda t) (1, lambda t). Either way its parts weigh the displacement's two components (x(t) = c p1 + s q1, `PhasorMotion`).
struct Phasor {
    var c = Lane(), s = Lane()

    @inline(__always)
    func times(_ o: Phasor) -> Phasor { Phasor(c: c * o.c - s * o.s, s: c * o.s + s * o.c) }

    /// The product where neither `partwise` nor `dual` is set, part by part where `partwise` is
    /// (an overdamped lane's two modes), and as dual numbers c + s eps, eps² = 0, where `dual` is
    /// (a critically damped lane's (c, lambda t c): (c c', c s' + s c'), the complex product
    /// without its s s' term); `anyPartwise`, `anyDual`: whether the masks have a lane.
    @_transparent
    func times(_ o: Phasor, partwise: LaneMask, anyPartwise: Bool, dual: LaneMask = LaneMask(repeating: false), anyDual: Bool = false) -> Phasor {
        var product = times(o)
        if anyPartwise { product = product.replacing(with: Phasor(c: c * o.c, s: s * o.s), where: partwise) }
        if anyDual { product.c = product.c.replacing(with: c * o.c, where: dual) }
        return product
    }

    @inline(__always)
    func replacing(with o: Phasor, where mask: LaneMask) -> Phasor {
        Phasor(c: c.replacing(with: o.c, where: mask), s: s.replacing(with: o.s, where: mask))
    }
}

/// The motion of an underdamped, overdamped or critically damped lane as a phasor, by which the
/// twin answers the rule's questions without a closed form per instant.
///
/// In y = (x, v sqrt(m / k)), whose length is the energy amplitude, the motion is
/// y(t) = c p + s q. Underdamped, (c, s) = e^((-lambda + i wd) t), p = y(0) and
/// q = ((lambda x0 + v0) / wd, -(omega0² x0 + lambda v0) sqrt(m / k) / wd). Overdamped (mu > 0),
/// (c, s) = (e^(r1 t), e^(r2 t)), the two modes, multiplied part by part, and p, q their weights:
/// p1 = x0 / 2 + (lambda x0 + v0) / (2 mu), q1 = x0 / 2 - (lambda x0 + v0) / (2 mu) (the scalar
/// rule's (e1 + e2) / 2 and (e1 - e2) / (2 mu) regrouped), p2 = r1 p1 sqrt(m / k),
/// q2 = r2 q1 sqrt(m / k). Critical (mu == 0: no second root), (c, s) = e^(-lambda t) (1, lambda t),
/// a dual number c + s eps (eps² = 0: the product (c c', c s' + s c'), no subtraction), p = y(0)
/// and q = (K / lambda, -K sqrt(m / k)), K = lambda x0 + v0 (x(t) = (x0 + K t) e^(-lambda t)); the
/// scan back, whose dual product would subtract, carries c alone and takes s = lambda t c from the
/// rule's instant (`polynomial(_:at:)`). The displacement is c p1 + s q1 and the squared energy amplitude
/// c² |p|² + 2 c s p.q + s² |q|². The rule's instants come in patterns the phasor follows with a
/// multiplication each (`times`): the energy bound's doubling (t to 2t: the phasor squared) and
/// halving (low + width / 2^(r+1): times the phasor of width / 2^(r+1), from the low end), the
/// scan back over the grid (one step h back: times the phasor of -h, `PhasorRotation`) and the
/// bisection of one grid step (halves of h). The doubling starts from the springs' phasor at
/// 1 / lambda (`VisualCompletionSprings.anchor`), the scan from the halving's upper end carried
/// along (else a closed form), the bisection from the scan's instant.
///
/// Error bound: the phasor's relative error (its anchor's few ulps, times up to 2^10 along the
/// doubling's squarings, then the halving's and the bisection's half steps, each within 2^-38
/// and together within 2^-37, and up to 4,096 scan steps of a few ulps: under 2^-35 in all; an
/// overdamped lane's two parts each on their own, with no cancellation; a critical lane's s as
/// its c, the dual products adding positive terms only) and the rule's instants' rounding against the
/// nominal ones (a few ulps of t, times rate t <= 2^12 per ulp of the phase or exponent: under
/// 2^-36) stay under 2^-32 of |phasor| (|p| + |q|), the margin's relative part; its absolute part,
/// 2^-40 of the sum of the propagator's terms at decay 1, covers the scalar rule's own rounding
/// (`1 + a` near 0 and the like) and p's and q's. An overdamped lane's weights lose to
/// cancellation up to a few ulps of P = (|lambda x0| + |v0|) / mu (large near critical damping),
/// which its relative part adds (2 P, and 2 P (1 + sqrt(m / k) |r2|) for the energy); a critical
/// lane's K likewise, up to a few ulps of lambda P with P = (|lambda x0| + |v0|) / lambda (r2 =
/// -lambda there), and its absolute part is the overdamped one's with |F| = t e^(-lambda t) <=
/// 1 / lambda. Each bound is 2^3 to 2^12 times what it covers. A lane is carried at t only where
/// those hold: underdamped with omega0 t <= 2^12, or overdamped with |r2| t <= 600, or critical,
/// and lambda t <= 600 (the phasor stays normal); every other lane and question left open goes
/// to the closed form, then to the scalar rule. `PhasorErrorBudget` holds these constants and
/// checks the arithmetic of this paragraph once per process.
struct PhasorMotion {
    /// Lanes with finite constants, underdamped, overdamped or critical (`VisualCompletionSprings.modal`).
    var lanes = LaneMask(repeating: false)
    /// The overdamped ones among them, and whether there is one; the critically damped ones, and
    /// whether there is one.
    var overdamped = LaneMask(repeating: false)
    var anyOverdamped = false
    var critical = LaneMask(repeating: false)
    var anyCritical = false
    /// p1 and q1; |p|², 2 p.q and |q|² (the squared energy amplitude's weights).
    var p1 = Lane(), q1 = Lane(), alpha = Lane(), twoBeta = Lane(), gamma = Lane()
    var displacementRelative = Lane(), displacementAbsolute = Lane()
    var amplitudeRelative = Lane(), amplitudeAbsolute = Lane()
    /// lambda, wd and the roots r1, r2 (1/s); the fastest rate squared (1/s²) and its carried
    /// limit (`VisualCompletionSprings.rateSquared`).
    var lambda = Lane(), wd = Lane(), r1 = Lane(), r2 = Lane(), rateSquared = Lane(), rateLimitSquared = Lane()

    /// Halvings of the energy bound's bracket carried by the phasor (then the closed form).
    static let energyRounds = 12

    init(_ block: borrowing VisualCompletionBlock) {
        _ = PhasorErrorBudget.check
        let modal = block.springs.modal .& block.live
        guard anyLane(modal) else { return }
        let r = block.springs.rootMassPerStiffness, x0 = block.x0, v0 = block.v0
        lambda = block.springs.lambda
        wd = block.springs.wd
        r1 = block.springs.r1
        r2 = block.springs.r2
        rateSquared = block.springs.rateSquared
        rateLimitSquared = block.springs.rateLimitSquared
        let inverseWd = block.springs.inverseWd, w2 = block.springs.omega0Squared
        p1 = x0
        q1 = (lambda * x0 + v0) * inverseWd
        var p2 = r * v0
        var q2 = -(w2 * x0 + lambda * v0) * r * inverseWd
        let lw = lambda * inverseWd
        let two = Lane(repeating: 2) + lw
        var positionTerms: Lane = laneAbs(x0) * two + laneAbs(v0) * inverseWd
        var velocityTerms: Lane = w2 * laneAbs(x0) * inverseWd + laneAbs(v0) * two
        // Overdamped: the modes' weights, the propagator's terms at decay 1 (|F| <= min(1 / (2 mu),
        // 1 / |r1|), |E| <= 1) and the weights' cancellation, P.
        overdamped = modal .& block.springs.overdampedModes
        var cancellation = Lane()
        if anyLane(overdamped) {
            let inverseTwoMu = block.springs.inverseTwoMu
            let half = 0.5 * x0, k = (lambda * x0 + v0) * inverseTwoMu
            p1 = p1.replacing(with: half + k, where: overdamped)
            q1 = q1.replacing(with: half - k, where: overdamped)
            p2 = p2.replacing(with: r * r1 * p1, where: overdamped)
            q2 = q2.replacing(with: r * r2 * q1, where: overdamped)
            let f = laneMin(inverseTwoMu, 1 / laneAbs(r1))
            let lf = lambda * f + 1
            positionTerms = positionTerms.replacing(with: laneAbs(x0) * (lf + 1) + laneAbs(v0) * f, where: overdamped)
            velocityTerms = velocityTerms.replacing(with: w2 * f * laneAbs(x0) + laneAbs(v0) * lf, where: overdamped)
            cancellation = ((laneAbs(lambda * x0) + laneAbs(v0)) * (2 * inverseTwoMu)).replacing(with: Lane(), where: .!overdamped)
        }
        // Critical: y(t) = e^(-lambda t) (p + lambda t q), q = (K / lambda, -K sqrt(m / k)),
        // K = lambda x0 + v0 (which cancels near v0 = -lambda x0: up to a few ulps of
        // P = (|lambda x0| + |v0|) / lambda, added as the overdamped lanes' P); the propagator's
        // terms at decay 1 as overdamped with f = 1 / lambda (|F| = t e^(-lambda t) <= 1 / lambda).
        critical = modal .& block.springs.critical
        if anyLane(critical) {
            let inverseLambda = 1 / lambda, k = lambda * x0 + v0
            q1 = q1.replacing(with: k * inverseLambda, where: critical)
            q2 = q2.replacing(with: -(r * k), where: critical)
            positionTerms = positionTerms.replacing(with: laneAbs(x0) * 3 + laneAbs(v0) * inverseLambda, where: critical)
            velocityTerms = velocityTerms.replacing(with: w2 * inverseLambda * laneAbs(x0) + laneAbs(v0) * 2, where: critical)
            cancellation = cancellation.replacing(with: (laneAbs(lambda * x0) + laneAbs(v0)) * inverseLambda, where: critical)
        }
        alpha = p1 * p1 + p2 * p2
        gamma = q1 * q1 + q2 * q2
        twoBeta = 2 * (p1 * q1 + p2 * q2)
        amplitudeAbsolute = 4 * (positionTerms + r * velocityTerms) * PhasorErrorBudget.absoluteMargin
        let pq: Lane = laneAbs(p1) + laneAbs(p2) + laneAbs(q1) + laneAbs(q2)
        amplitudeRelative = (pq + 2 * cancellation * (1 + r * laneAbs(r2))) * PhasorErrorBudget.relativeMargin
        displacementRelative = (laneAbs(p1) + laneAbs(q1) + 2 * cancellation) * PhasorErrorBudget.relativeMargin
        let shown: Lane = laneAbs(block.start) + laneAbs(block.target)
        displacementAbsolute = (positionTerms + laneAbs(x0) + shown) * PhasorErrorBudget.absoluteMargin
        let finite = (alpha + gamma + amplitudeAbsolute + displacementAbsolute + amplitudeRelative .< .infinity) .& (pq + cancellation .< 0x1p500)
        lanes = modal .& finite
        overdamped = overdamped .& lanes
        anyOverdamped = anyLane(overdamped)
        critical = critical .& lanes
        anyCritical = anyLane(critical)
    }

    /// The lanes carried at `t`: rate t within its limit (omega0 t <= 2^12, or |r2| t <= 600),
    /// lambda t <= 600.
    @inline(__always)
    func carries(_ t: Lane) -> LaneMask {
        let phase: Lane = rateSquared * t * t
        return lanes .& (phase .<= rateLimitSquared) .& (lambda * t .<= PhasorErrorBudget.maximumExponent)
    }

    /// The phasor at 0: 1 where underdamped or critical, both modes 1 where overdamped.
    var atZero: Phasor { Phasor(c: Lane(repeating: 1), s: Lane().replacing(with: 1, where: overdamped)) }

    /// `z` carried by `o` (both phasors of the lane's motion): a complex product where
    /// underdamped, part by part where overdamped, of dual numbers where critical.
    @_transparent
    func times(_ z: Phasor, _ o: Phasor) -> Phasor {
        z.times(o, partwise: overdamped, anyPartwise: anyOverdamped, dual: critical, anyDual: anyCritical)
    }

    /// `z` (carried to `t` on a critical lane by its first part alone) with its second part
    /// lambda t c from the rule's own instant `t`: the scan back, whose dual product would
    /// subtract (c (-lambda h) + s), is carried so, without cancellation.
    @inline(__always)
    func polynomial(_ z: Phasor, at t: Lane) -> Phasor {
        guard anyCritical else { return z }
        return Phasor(c: z.c, s: z.s.replacing(with: lambda * t * z.c, where: critical))
    }

    /// The phasor at `t` on the lanes in `mask` (0 elsewhere): one closed form, the anchor
    /// (`VisualCompletionSprings.phasor(at:where:)`).
    func phasor(at t: Lane, where mask: LaneMask, springs: borrowing VisualCompletionSprings, counts: inout VisualCompletionWork) -> Phasor {
        guard anyLane(mask) else { return Phasor() }
        counts.closedForms += 1
        return springs.phasor(at: t, where: mask)
    }

    /// `steps[r]` = the phasor of width / 2^(r+1) for r < `rounds`, on the lanes of `mask`
    /// where rate width <= 2^rounds and its carried limit (returned): e^u = e^a (cos b + i sin b)
    /// at u = a + i b = (-lambda + i wd) width / 2^(rounds+2) (overdamped: e^a at a = r1 and at
    /// r2 times that width, a part each; critical: e^a and -a e^a at a = -lambda times it), by the Taylor polynomials of e^a (degree 12), cos b and
    /// sin b (degrees 12 and 11) (|a|, |b| <= rate width / 2^(rounds+2) <= 1/4: their first omitted
    /// terms under 2^-58), then squared `rounds + 1` times.
    func steps(of width: Lane, for mask: LaneMask, rounds: Int, into steps: UnsafeMutableBufferPointer<Phasor>) -> LaneMask {
        let limit = Lane(repeating: Double(1 << rounds) * Double(1 << rounds))
        let phase: Lane = rateSquared * width * width
        let valid = mask .& lanes .& (phase .<= laneMin(limit, rateLimitSquared)) .& (width .>= 0)
        guard anyLane(valid) else { return valid }
        let zero = Lane()
        let scale = 1 / Double(1 << (rounds + 2))
        let over = valid .& overdamped, anyOver = anyLane(over)
        // wd is 0 on overdamped lanes, so b is.
        let rate = anyOver ? (-lambda).replacing(with: r2, where: over) : -lambda
        let a = zero.replacing(with: rate * width * scale, where: valid), b = zero.replacing(with: wd * width * scale, where: valid)
        let ea = exponentialTaylor(a)
        let b2 = b * b
        let cb = laneTaylorInSquare(b2, through: 6, odd: false, alternating: true)
        let sb = laneTaylorInSquare(b2, through: 5, odd: true, alternating: true) * b
        var z = Phasor(c: ea * cb, s: ea * sb)
        // Critical (b = 0): e^a (1, -a), lambda w e^(-lambda w) at w = width / 2^(rounds+2).
        let crit = valid .& critical, anyCrit = anyLane(crit)
        if anyCrit { z.s = z.s.replacing(with: -a * ea, where: crit) }
        precondition(steps.count >= rounds, "PhasorMotion.steps: \(steps.count) slots for \(rounds) rounds")
        // Counted down with a range: `stride` stays a call per iteration here. Blocks without an
        // overdamped or critical lane keep a loop of complex squarings only.
        if anyOver || anyCrit {
            if anyOver {
                let slow = exponentialTaylor(zero.replacing(with: r1 * width * scale, where: over))
                z = z.replacing(with: Phasor(c: slow, s: ea), where: over)
            }
            z = z.times(z, partwise: over, anyPartwise: anyOver, dual: crit, anyDual: anyCrit)
            for r in (0..<rounds).reversed() {
                z = z.times(z, partwise: over, anyPartwise: anyOver, dual: crit, anyDual: anyCrit)
                (steps.baseAddress! + r).initialize(to: z)
            }
        } else {
            z = z.times(z)
            for r in (0..<rounds).reversed() {
                z = z.times(z)
                (steps.baseAddress! + r).initialize(to: z)
            }
        }
        return valid
    }

    /// e^a by its Taylor polynomial of degree 12 (|a| <= 1/4: the first omitted term under
    /// 2^-58), by Horner.
    @inline(__always)
    private func exponentialTaylor(_ a: Lane) -> Lane {
        var ea = a * (1 / 479_001_600.0) + 1 / 39_916_800.0
        ea = ea * a + 1 / 3_628_800.0
        ea = ea * a + 1 / 362_880.0
        ea = ea * a + 1 / 40320.0
        ea = ea * a + 1 / 5040.0
        ea = ea * a + 1 / 720.0
        ea = ea * a + 1 / 120.0
        ea = ea * a + 1 / 24.0
        ea = ea * a + 1 / 6.0
        ea = ea * a + 0.5
        ea = ea * a + 1
        ea = ea * a + 1
        return ea
    }

    /// With the phasor `z` at t: the lanes surely above the tolerance in energy amplitude and
    /// those surely not (`Spring.isEnergyAmplitudeAbove`); only meaningful on carried lanes.
    @inline(__always)
    func energyAnswers(_ z: Phasor, tolerance: Lane) -> (above: LaneMask, below: LaneMask) {
        energyAnswers(z, bounds: energyBounds(z, lengthFactor: 1, tolerance: tolerance))
    }

    /// The same with `bounds` that hold for `z` (`energyBounds`).
    @inline(__always)
    func energyAnswers(_ z: Phasor, bounds: EnergyBounds) -> (above: LaneMask, below: LaneMask) {
        let squared: Lane = z.c * z.c * alpha + z.c * z.s * twoBeta + z.s * z.s * gamma
        return (squared .> bounds.overSquared, bounds.underPositive .& (squared .< bounds.underSquared))
    }

    /// Bounds on the squared energy amplitude the phasor gives, for `z` (`lengthFactor` 1) or,
    /// taken once (`lengthFactor` 1.5, as `displacementBounds(from:tolerance:)`), for every
    /// phasor of the motion from `z`'s instant on (the energy bound's halving, from its low end).
    @inline(__always)
    func energyBounds(_ z: Phasor, lengthFactor: Double, tolerance: Lane) -> EnergyBounds {
        let margin: Lane = (laneAbs(z.c) + laneAbs(z.s)) * lengthFactor * amplitudeRelative + amplitudeAbsolute
        let over = tolerance + margin, under = tolerance - margin
        return EnergyBounds(overSquared: over * over, underSquared: under * under, underPositive: under .> 0)
    }

    /// The bounds by which the phasor `z` settles the visual question (`visualAnswers`): the
    /// margin on its displacement, (|c| + |s|) 2^-32 (|p1| + |q1|) plus the absolute part.
    @inline(__always)
    func displacementBounds(_ z: Phasor, tolerance: Lane) -> DisplacementBounds {
        DisplacementBounds(margin: (laneAbs(z.c) + laneAbs(z.s)) * displacementRelative + displacementAbsolute, tolerance: tolerance)
    }

    /// Bounds that hold for every phasor of the motion from `z`'s instant on (a bisection's mids
    /// after its low end), so they are taken once: such a phasor is no longer than z
    /// (e^(-lambda t) decreases; overdamped, each part does), so its |c| + |s| is at most
    /// sqrt(2) |z| <= sqrt(2) (|c| + |s|) of z's, here 1.5 times (leaving room for both phasors'
    /// relative errors, under 2^-35).
    @inline(__always)
    func displacementBounds(from z: Phasor, tolerance: Lane) -> DisplacementBounds {
        DisplacementBounds(
            margin: (laneAbs(z.c) + laneAbs(z.s)) * 1.5 * displacementRelative + displacementAbsolute, tolerance: tolerance)
    }

    /// With the phasor `z` at `t` and `bounds` that hold for it: the lanes surely visually away
    /// and those surely not (`CompletionCurve.isVisuallyAway`, `.clamp` held from its arrival or
    /// past the target); only meaningful on carried lanes.
    @inline(__always)
    func visualAnswers(
        _ z: Phasor, at t: Lane, bounds: DisplacementBounds, clamped: LaneMask, anyClamped: Bool, arrival: Lane, pastSide: Lane
    ) -> (away: LaneMask, notAway: LaneMask) {
        let x: Lane = z.c * p1 + z.s * q1
        let distance = laneAbs(x)
        // Beyond the margin, the sign of the rule's displacement is x's (`anyClamped`: whether
        // `clamped` has a lane, so that blocks without one skip this).
        let held = anyClamped ? clamped .& ((t .>= arrival) .| (x * pastSide .> bounds.margin)) : LaneMask(repeating: false)
        let away = (distance .> bounds.over) .& .!held
        let notAway = held .| (distance .< bounds.under)
        return (away, notAway)
    }
}

/// The tolerance plus and minus a margin on the energy amplitude the phasor gives, squared, and
/// where the minus is positive: beyond them the rule's answer is the phasor's.
struct EnergyBounds {
    var overSquared: Lane, underSquared: Lane, underPositive: LaneMask
}

/// A margin on the displacement the phasor gives (progress), any margin at least its error,
/// and the tolerance plus and minus it: beyond them the rule's answer is the phasor's.
struct DisplacementBounds {
    var margin: Lane, over: Lane, under: Lane

    @inline(__always)
    init(margin: Lane, tolerance: Lane) {
        self.margin = margin
        over = tolerance + margin
        under = tolerance - margin
    }
}

/// The scan back over the grid by the phasor (`PhasorMotion`): the lanes carried over the whole
/// scan (rate bound within the carried range, lambda bound <= 600, rate h <= 1/2 for the
/// bisection's halves) and one grid step back, the phasor of -h: e^((lambda - i wd) h), or
/// overdamped (e^(-r1 h), e^(-r2 h)).
struct PhasorRotation {
    var lanes = LaneMask(repeating: false)
    var back = Phasor()

    init(
        _ block: borrowing VisualCompletionBlock, motion: borrowing PhasorMotion, scanning: LaneMask, bound: Lane, gridStep h: Lane,
        counts: inout VisualCompletionWork
    ) {
        let stepSquared: Lane = motion.rateSquared * h * h
        lanes = scanning .& motion.carries(bound) .& (stepSquared .<= 0.25)
        guard anyLane(lanes) else { return }
        counts.closedForms += 1
        let zero = Lane()
        let over = lanes .& motion.overdamped
        let decay = laneExp(zero.replacing(with: (-motion.lambda * h).replacing(with: motion.r2 * h, where: over), where: lanes))
        let (s, c) = laneSinCos(zero.replacing(with: motion.wd * h, where: lanes .& .!over))
        back = Phasor(c: c / decay, s: -s / decay)
        if anyLane(over) {
            let slow = laneExp(zero.replacing(with: motion.r1 * h, where: over))
            back = back.replacing(with: Phasor(c: 1 / slow, s: 1 / decay), where: over)
        }
    }
}

/// The Taylor series of cosh x (or, `odd`, sinh x / x; `alternating`, cos x or sin x / x) in
/// w = x², to the term in w^n: the sum over j <= n of (+-1)^j w^j / (2j + k)!, k = 1 if `odd`
/// else 0, by Horner from the highest term. Each coefficient is 1 / (2j + k)! rounded once (the
/// factorials are exact below 19!, so n <= 8). The half steps' cosine and sine
/// (`PhasorMotion.steps`) and the closed form's cosh and sinh (`VisualCompletionBlock.closedForm`).
@inline(__always)
func laneTaylorInSquare(_ w: Lane, through n: Int, odd: Bool, alternating: Bool) -> Lane {
    let k = odd ? 1 : 0
    var factorial = 1.0
    for m in 1...(2 * n + k) { factorial *= Double(m) }
    let sign = alternating ? -1.0 : 1.0
    var termSign = n % 2 == 0 ? 1 : sign
    var sum = Lane(repeating: termSign / factorial)
    for j in (0..<n).reversed() {
        factorial /= Double((2 * j + k + 1) * (2 * j + k + 2))
        termSign *= sign
        sum = sum * w + termSign / factorial
    }
    return sum
}

/// The phasor's error budget (the argument in `PhasorMotion`'s comment, in code): the limits on
/// how far a lane is carried, the margins its answers keep, and the derivation that the errors the
/// limits allow stay under the margins. `check` runs once per process, before the first block
/// (`PhasorMotion.init`), and traps if a constant changes beyond what the argument covers: then
/// widen the margin (the twin stays correct, asking the scalar rule more often), or lower the
/// limit, and restate the comment.
enum PhasorErrorBudget {
    /// Ulps of error per elementary operation of the anchor, a half step or a scan step ("a few").
    static let ulpsPerOperation = 4.0
    /// One ulp of 1.
    static let ulp = Double.ulpOfOne
    /// The largest phase (omega0 t) or decay exponent (|r2| t, lambda t) of a carried lane:
    /// 2^12 for an underdamped lane's phase, 600 for an exponent (e^-600 stays normal).
    static let maximumPhase = 0x1p12
    static let maximumExponent = 600.0
    /// The doubling's squarings multiply the anchor's relative error by at most this.
    static let doublingGrowth = 0x1p10
    /// The halving's and the bisection's half steps together (each within 2^-38 of its phasor,
    /// `VisualCompletionBoundsTests`).
    static let halfStepsError = 0x1p-37
    /// The scan's steps back at most: the twin's (`VisualCompletionBlock.mostScanSteps`; lanes whose grid has more are answered by the rule).
    static let maximumScanSteps = Double(VisualCompletionBlock.mostScanSteps)
    /// The margins: relative to |phasor| (|p| + |q|), and absolute, of the propagator's terms at
    /// decay 1 (the scalar rule's own rounding, `1 + a` near 0 and the like).
    static let relativeMargin = 0x1p-32
    static let absoluteMargin = 0x1p-40
    /// How many times its error each margin must be at least (the comment's "2^3 to 2^12").
    static let safetyFactor = 8.0

    /// The carried phasor's relative error: the anchor's ulps grown by the doubling, the half
    /// steps, and a few ulps per scan step (under 2^-35 with today's constants).
    static func carriedError(maximumScanSteps: Double = maximumScanSteps) -> Double {
        ulpsPerOperation * ulp * doublingGrowth + halfStepsError + ulpsPerOperation * ulp * maximumScanSteps
    }
    /// The rule's instants against the nominal ones: a few ulps of t, times the largest phase or
    /// exponent per ulp of it (under 2^-36 with today's constants).
    static func instantError(maximumPhase: Double = maximumPhase) -> Double {
        ulpsPerOperation * ulp * max(maximumPhase, maximumExponent)
    }
    /// Whether the errors these limits allow stay `safetyFactor` times under the relative margin.
    static func errorsFit(maximumScanSteps: Double = maximumScanSteps, maximumPhase: Double = maximumPhase) -> Bool {
        (carriedError(maximumScanSteps: maximumScanSteps) + instantError(maximumPhase: maximumPhase)) * safetyFactor
            <= relativeMargin
    }

    /// Traps unless the errors the limits allow stay `safetyFactor` times under the relative margin,
    /// the absolute margin lies above the rule's rounding and under the relative one, and a carried
    /// decay stays normal.
    static let check: Void = {
        precondition(
            errorsFit(),
            "PhasorErrorBudget: carried \(carriedError()) + instants \(instantError()) exceed 1/\(safetyFactor) of the margin \(relativeMargin)")
        precondition(absoluteMargin < relativeMargin && absoluteMargin >= 0x1p-52 * 0x1p10,
                     "PhasorErrorBudget: the absolute margin \(absoluteMargin) must lie between the rule's rounding and the relative margin")
        // e^-maximumExponent stays a normal double: the least normal is 2^-1022 = e^-708.4.
        precondition(maximumExponent < Double(-Double.leastNormalMagnitude.exponent) * 0.693_147_180_559_945_3,
                     "PhasorErrorBudget: e^-\(maximumExponent) is subnormal")
    }()
}
