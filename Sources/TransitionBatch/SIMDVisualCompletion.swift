import TransitionLab
import TransitionPhysics

// The visual completion of 16 spring lanes at once: the lane-parallel twin of the one rule,
// `CompletionCurve.restTime(tolerance:)`. The rule is a sequence of yes/no questions (is the
// spring's energy amplitude above the tolerance at t? is the shown progress a tolerance or more
// from the target at t?) at instants computed from earlier answers only. Here the 16 lanes walk
// the rule's steps in lockstep (the energy bound's doubling and halving, the scan back over the
// grid, the halvings of the last grid step), and each step answers every lane's question with
// one vector closed form and an error bound that covers both its own rounding and the scalar
// rule's. An answer the bound cannot settle (the value within ~1e-11 of the tolerance) is asked
// of the scalar rule itself (`Spring.isEnergyAmplitudeAbove`, `CompletionCurve.isVisuallyAway`),
// so each lane receives exactly the scalar rule's answers, asks at the same instants (the same
// IEEE operations on the same values) and ends on its bits. Tested lane by lane against the rule
// (VisualCompletionTwinTests). Lanes the twin does not take (timed shapes, `.rubberBand`, an
// undamped spring) run the scalar rule.

/// The relative size of the error bound on a closed-form value against the magnitudes of the
/// terms it sums (2^-44, about 5.7e-14: 256 ulps, where either evaluator rounds by a few).
private let closedFormMargin = 0x1p-44

/// Largest phase wd t (radians) the vector sine and cosine take; beyond it the scalar answers.
private let largestPhase = 0x1p20

extension BatchReleases {
    /// `visualCompletionTimes(tolerance:into:)` on the vector twin; returns how the work was
    /// answered (the tests check the scalar rule's answers stay rare, and what the bounds save).
    @discardableResult
    func visualCompletionTimesOnLanes(
        tolerance: Double, lanes: Range<Int>? = nil, into result: UnsafeMutableBufferPointer<Double>
    ) -> VisualCompletionWork {
        visualCompletionTimesOnLanes(lanes: lanes ?? 0..<count, into: result) { _ in tolerance }
    }

    /// The same with a tolerance per lane, `tolerance(i)` for lane `i` (progress; positive and
    /// finite): lanes of any tolerances share the twin's blocks, so a caller can order its lanes
    /// by how long they take (`BehaviorLanes`) instead of by tolerance.
    @discardableResult
    @inline(__always)
    func visualCompletionTimesOnLanes(
        lanes: Range<Int>, into result: UnsafeMutableBufferPointer<Double>, tolerance: (Int) -> Double
    ) -> VisualCompletionWork {
        var block = VisualCompletionBlock()
        var work = VisualCompletionWork()
        for i in lanes {
            let curve = completionCurve(at: i)
            let laneTolerance = tolerance(i)
            precondition(laneTolerance > 0 && laneTolerance.isFinite, "Rest tolerance must be positive and finite; got \(laneTolerance).")
            // Timed shapes, `.rubberBand` and undamped springs (which `Spring.restTime` answers
            // at once: infinity unless already within the tolerance) go through the rule itself.
            guard case .spring(let spring, let policy) = curve.shape, policy != .rubberBand, spring.damping > 0 else {
                result[i] = curve.restTime(tolerance: laneTolerance)
                continue
            }
            block.add(curve, spring: spring, tolerance: laneTolerance, lane: i)
            work.lanes += 1
            if block.filled == laneWidth { work += block.solve(into: result) }
        }
        if block.filled > 0 { work += block.solve(into: result) }
        return work
    }
}

/// How the twin answered: its lanes, the vector closed forms it evaluated (16 lanes each, one
/// per block and question the bounds left open) and the questions the scalar rule answered.
struct VisualCompletionWork: Equatable {
    var lanes = 0
    var closedForms = 0
    var scalarAnswers = 0

    static func += (a: inout VisualCompletionWork, b: VisualCompletionWork) {
        a.lanes += b.lanes
        a.closedForms += b.closedForms
        a.scalarAnswers += b.scalarAnswers
    }
}

/// Up to 16 spring lanes (`.allow` or `.clamp`, damping > 0) and their constants.
struct VisualCompletionBlock {
    /// Per lane: one pixel, progress.
    var tolerance = Lane(repeating: 1)
    var filled = 0
    var lanes = [Int](repeating: 0, count: laneWidth)
    var curves: [CompletionCurve] = []
    var springs: [Spring] = []
    var x0 = Lane(), v0 = Lane(), start = Lane(), target = Lane(), pastSide = Lane()
    var lambda = Lane(), omega0Squared = Lane(), massPerStiffness = Lane(), rootMassPerStiffness = Lane()
    /// Underdamped: wd and 1 / wd (0 elsewhere). Overdamped or critical: mu, the roots r1, r2 and 1 / (2 mu).
    var wd = Lane(), inverseWd = Lane(), mu = Lane(), r1 = Lane(), r2 = Lane(), inverseTwoMu = Lane()
    var underdamped = LaneMask(repeating: false)
    /// `.clamp` lanes, and their arrival (infinity when there is none, and on `.allow` lanes).
    var clamped = LaneMask(repeating: false)
    var arrival = Lane(repeating: .infinity)
    /// The bisection's half steps of the grid step (`PhasorRotation.halves`), reused.
    var halfSteps: [Phasor] = []

    init() {
        halfSteps.reserveCapacity(CompletionCurve.visualBisectionRounds)
        curves.reserveCapacity(laneWidth)
        springs.reserveCapacity(laneWidth)
    }

    mutating func add(_ curve: CompletionCurve, spring: Spring, tolerance laneTolerance: Double, lane: Int) {
        let j = filled
        filled += 1
        lanes[j] = lane
        tolerance[j] = laneTolerance
        curves.append(curve)
        springs.append(spring)
        x0[j] = curve.start - curve.target
        v0[j] = curve.startVelocity
        start[j] = curve.start
        target[j] = curve.target
        pastSide[j] = curve.pastSide
        let l = spring.decayRate, w2 = spring.stiffness / spring.mass
        lambda[j] = l
        omega0Squared[j] = w2
        massPerStiffness[j] = spring.mass / spring.stiffness
        rootMassPerStiffness[j] = massPerStiffness[j].squareRoot()
        let q = w2 - l * l
        if q > 0 {
            underdamped[j] = true
            wd[j] = q.squareRoot()
            inverseWd[j] = 1 / wd[j]
            (mu[j], r1[j], r2[j], inverseTwoMu[j]) = (0, 0, 0, 0)
        } else {
            underdamped[j] = false
            (wd[j], inverseWd[j]) = (0, 0)
            let m = (-q).squareRoot()
            mu[j] = m
            r1[j] = -w2 / (l + m)
            r2[j] = -(l + m)
            inverseTwoMu[j] = m > 0 ? 1 / (2 * m) : 0
        }
        if case .spring(_, .clamp) = curve.shape {
            clamped[j] = true
            arrival[j] = spring.firstZeroCrossing(initialDisplacement: x0[j], initialVelocity: v0[j]) ?? .infinity
        } else {
            clamped[j] = false
            arrival[j] = .infinity
        }
    }

    /// The closed form's E = e^(-lambda t) C(t) and F = e^(-lambda t) S(t) (see
    /// `Spring.propagator(time:)`) at per-lane times `t` (>= 0), and where they can be trusted
    /// (a phase within the vector sine's range).
    @inline(__always)
    func closedForm(_ t: Lane) -> (e: Lane, f: Lane, valid: LaneMask) {
        let decay = laneExp(-lambda * t)
        var e = Lane(), f = Lane()
        var valid = LaneMask(repeating: true)
        if any(underdamped) {
            let theta = wd * t
            let inRange = theta .<= largestPhase
            let (s, c) = laneSinCos(Lane(repeating: 0).replacing(with: theta, where: inRange))
            e = decay * c
            f = decay * s * inverseWd
            valid = inRange .| .!underdamped
        }
        if any(.!underdamped) {
            // cosh(z) and sinh(z) / z by their series below z = 1/2 (no cancellation as mu -> 0);
            // above it from the two roots' exponentials, whose difference loses under a bit.
            let z = mu * t, z2 = z * z
            var ch = z2 * (1 / 87_178_291_200.0) + 1 / 479_001_600.0
            ch = ch * z2 + 1 / 3_628_800.0
            ch = ch * z2 + 1 / 40320.0
            ch = ch * z2 + 1 / 720.0
            ch = ch * z2 + 1 / 24.0
            ch = ch * z2 + 0.5
            ch = ch * z2 + 1
            var sh = z2 * (1 / 1_307_674_368_000.0) + 1 / 6_227_020_800.0
            sh = sh * z2 + 1 / 39_916_800.0
            sh = sh * z2 + 1 / 362_880.0
            sh = sh * z2 + 1 / 5040.0
            sh = sh * z2 + 1 / 120.0
            sh = sh * z2 + 1 / 6.0
            sh = sh * z2 + 1
            var eo = decay * ch, fo = decay * t * sh
            let large = (z .>= 0.5) .& .!underdamped
            if any(large) {
                let e1 = laneExp(r1 * t), e2 = laneExp(r2 * t)
                eo = eo.replacing(with: (e1 + e2) * 0.5, where: large)
                fo = fo.replacing(with: (e1 - e2) * inverseTwoMu, where: large)
            }
            e = e.replacing(with: eo, where: .!underdamped)
            f = f.replacing(with: fo, where: .!underdamped)
        }
        return (e, f, valid)
    }

    /// Whether the energy amplitude exceeds the tolerance at `t`, where `ask` is set, from the
    /// closed form; lanes whose answer the error bound cannot settle are asked of the scalar rule.
    /// Compared squared (a vector square root is sixteen scalar ones): the amplitude is at most
    /// the sum of its terms, so twice that sum bounds the old margin's `size`.
    @inline(__always)
    func energyAbove(_ t: Lane, ask: LaneMask, counts: inout VisualCompletionWork) -> LaneMask {
        counts.closedForms += 1
        let (e, f, valid) = closedForm(t)
        let lf = lambda * f
        let a = (e - 1) + lf
        let pxx = 1 + a, pxv = f, pvx = -omega0Squared * f, pvv = e - lf
        let x = pxx * x0 + pxv * v0
        let v = pvx * x0 + pvv * v0
        let amplitudeSquared = x * x + massPerStiffness * v * v
        let terms = laneAbs(pxx * x0) + laneAbs(pxv * v0) + rootMassPerStiffness * (laneAbs(pvx * x0) + laneAbs(pvv * v0))
        let margin = 2 * terms * closedFormMargin
        let over = tolerance + margin, under = tolerance - margin
        var above = amplitudeSquared .> over * over
        let settled = above .| ((under .> 0) .& (amplitudeSquared .< under * under))
        let unsure = ask .& .!(settled .& valid)
        if any(unsure) {
            for j in 0..<filled where unsure[j] {
                counts.scalarAnswers += 1
                above[j] = springs[j].isEnergyAmplitudeAbove(
                    tolerance[j], initialDisplacement: x0[j], initialVelocity: v0[j], time: t[j])
            }
        }
        return above
    }

    /// The energy question at `t` where `ask` is set: first by the envelope bracket
    /// (`EnergyBracket`, one exponential), then the closed form for the lanes it leaves open.
    @inline(__always)
    func energyAbove(_ t: Lane, ask: LaneMask, bracket: EnergyBracket, counts: inout VisualCompletionWork) -> LaneMask {
        let (above, below) = bracket.answers(at: t, lambda: lambda)
        let open = ask .& .!(above .| below)
        guard any(open) else { return above }
        return above.replacing(with: energyAbove(t, ask: open, counts: &counts), where: open)
    }

    /// Whether the shown progress at `t` is the tolerance or more from the target, where `ask`
    /// is set (`CompletionCurve.isVisuallyAway`); unsettled lanes asked of the scalar rule.
    @inline(__always)
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
        if any(unsure) {
            for j in 0..<filled where unsure[j] {
                counts.scalarAnswers += 1
                away[j] = curves[j].isVisuallyAway(at: t[j], tolerance: tolerance[j])
            }
        }
        return away
    }

    /// The visual question at `t` where `ask` is set, for lanes whose motion `rotation` carries
    /// (`z` its phasor at t): settled from the phasor where its error bound allows; the rest,
    /// and lanes it does not carry, by the closed form (`visuallyAway(_:ask:counts:)`).
    @inline(__always)
    func visuallyAway(
        _ t: Lane, ask: LaneMask, rotation: PhasorRotation, z: Phasor, counts: inout VisualCompletionWork
    ) -> LaneMask {
        let (away, notAway) = rotation.answers(z, at: t, tolerance: tolerance, clamped: clamped, arrival: arrival, pastSide: pastSide)
        let open = ask .& .!(rotation.lanes .& (away .| notAway))
        guard any(open) else { return away }
        return away.replacing(with: visuallyAway(t, ask: open, counts: &counts), where: open)
    }

    /// Runs the rule's steps on the filled lanes, writes their answers and empties the block;
    /// returns how much of the work each evaluator did.
    mutating func solve(into result: UnsafeMutableBufferPointer<Double>) -> VisualCompletionWork {
        var counts = VisualCompletionWork()
        var live = LaneMask(repeating: false)
        for j in 0..<filled { live[j] = true }
        // Unused slots repeat slot 0's constants, so their arithmetic stays finite.
        for j in filled..<laneWidth { copySlot(0, to: j) }
        let zero = Lane(repeating: 0)
        var answer = zero
        let bracket = EnergyBracket(self)

        // 1. The upper end: `Spring.restTime(..., relativePrecision:)`, doubling from 1 / lambda,
        //    then halving to the relative precision; `.clamp`'s arrival if earlier. The envelope
        //    bracket answers the questions away from the crossing; the closed form the others.
        let aboveAtZero = energyAbove(zero, ask: live, bracket: bracket, counts: &counts)
        var low = zero, high = 1 / lambda
        var doubling = live .& aboveAtZero .& (high .< .infinity)
        var bound = zero.replacing(with: .infinity, where: live .& aboveAtZero .& .!(high .< .infinity))
        while any(doubling) {
            let above = energyAbove(high, ask: doubling, bracket: bracket, counts: &counts)
            let grow = doubling .& above
            low = low.replacing(with: high, where: grow)
            high = high.replacing(with: high * 2, where: grow)
            let overflow = grow .& .!(high .< .infinity)
            bound = bound.replacing(with: .infinity, where: overflow)
            doubling = grow .& .!overflow
        }
        // Lanes whose doubling ended below infinity halve [low, high].
        var halving = live .& aboveAtZero .& (bound .== 0)
        let relativePrecision = CompletionCurve.visualBoundRelativePrecision
        for _ in 0..<200 {
            let mid = (low + high) / 2
            halving = halving .& (mid .> low) .& (mid .< high) .& .!(high - low .<= relativePrecision * high)
            if !any(halving) { break }
            let above = energyAbove(mid, ask: halving, bracket: bracket, counts: &counts)
            low = low.replacing(with: mid, where: halving .& above)
            high = high.replacing(with: mid, where: halving .& .!above)
        }
        bound = bound.replacing(with: high, where: live .& aboveAtZero .& (bound .== 0))
        bound = bound.replacing(with: arrival, where: clamped .& (arrival .< bound))

        // 2. The scan back over the grid from the bound: the phasor stepped back one grid step
        //    at a time where it can be (`PhasorRotation`), else the closed form at each instant.
        var steps = Lane(repeating: 1)
        var scanning = live .& (bound .> 0) .& (bound .< .infinity)
        for j in 0..<filled where scanning[j] { steps[j] = Double(curves[j].visualGridSteps(bound: bound[j])) }
        answer = answer.replacing(with: bound, where: live .& .!(bound .< .infinity))
        var index = steps - 1
        let gridStep = bound / steps
        let rotation = PhasorRotation(self, bracket: bracket, scanning: scanning, bound: bound, gridStep: gridStep, counts: &counts)
        var z = rotation.phasor(at: gridStep * index, lambda: lambda, wd: wd, counts: &counts)
        var zLow = z
        var scanHigh = bound
        var scanLow = Lane(repeating: -1)
        while any(scanning) {
            let t = gridStep * index
            let away = visuallyAway(t, ask: scanning, rotation: rotation, z: z, counts: &counts)
            let found = scanning .& away
            scanLow = scanLow.replacing(with: t, where: found)
            zLow = zLow.replacing(with: z, where: found)
            scanHigh = scanHigh.replacing(with: t, where: scanning .& .!away)
            index = index - 1
            scanning = scanning .& .!away .& (index .>= 0)
            z = z.times(rotation.back)
        }

        // 3. The crossing in its grid step, by halving: the phasor carried by the step's halves.
        var searching = live .& (scanLow .>= 0)
        if any(searching .& rotation.lanes) { rotation.halves(into: &halfSteps) }
        for round in 0..<CompletionCurve.visualBisectionRounds {
            let mid = scanLow + 0.5 * (scanHigh - scanLow)
            searching = searching .& (mid .> scanLow) .& (mid .< scanHigh)
            if !any(searching) { break }
            let zMid = any(searching .& rotation.lanes) ? zLow.times(halfSteps[round]) : zLow
            let away = visuallyAway(mid, ask: searching, rotation: rotation, z: zMid, counts: &counts)
            scanLow = scanLow.replacing(with: mid, where: searching .& away)
            zLow = zLow.replacing(with: zMid, where: searching .& away)
            scanHigh = scanHigh.replacing(with: mid, where: searching .& .!away)
        }
        answer = answer.replacing(with: scanHigh, where: live .& (scanLow .>= 0))
        for j in 0..<filled { result[lanes[j]] = answer[j] }
        filled = 0
        curves.removeAll(keepingCapacity: true)
        springs.removeAll(keepingCapacity: true)
        return counts
    }

    private mutating func copySlot(_ from: Int, to j: Int) {
        tolerance[j] = tolerance[from]
        x0[j] = x0[from]; v0[j] = v0[from]; start[j] = start[from]; target[j] = target[from]; pastSide[j] = pastSide[from]
        lambda[j] = lambda[from]; omega0Squared[j] = omega0Squared[from]
        massPerStiffness[j] = massPerStiffness[from]; rootMassPerStiffness[j] = rootMassPerStiffness[from]
        wd[j] = wd[from]; inverseWd[j] = inverseWd[from]; mu[j] = mu[from]; r1[j] = r1[from]; r2[j] = r2[from]
        inverseTwoMu[j] = inverseTwoMu[from]; underdamped[j] = underdamped[from]; clamped[j] = clamped[from]
        arrival[j] = arrival[from]
    }
}

/// 16 complex numbers, one per lane: for a lane the rotation carries, e^((-lambda + i wd) t),
/// whose real and imaginary parts weigh the displacement's two components
/// (x(t) = c p1 + s q1, `PhasorRotation`).
struct Phasor {
    var c = Lane(), s = Lane()

    @inline(__always)
    func times(_ o: Phasor) -> Phasor { Phasor(c: c * o.c - s * o.s, s: c * o.s + s * o.c) }

    @inline(__always)
    func replacing(with o: Phasor, where mask: LaneMask) -> Phasor {
        Phasor(c: c.replacing(with: o.c, where: mask), s: s.replacing(with: o.s, where: mask))
    }
}

/// Where an underdamped lane's energy question is settled without its closed form.
///
/// In y = (x, v sqrt(m / k)) the energy amplitude is |y|, and the motion is
/// y(t) = e^(-lambda t) (cos(wd t) p + sin(wd t) q) with p = y(0) and
/// q = ((lambda x0 + v0) / wd, -(omega0² x0 + lambda v0) sqrt(m / k) / wd). So
/// |y(t)|² = e^(-2 lambda t) Q(wd t), where Q(phi) = |cos(phi) p + sin(phi) q|² is a quadratic form
/// in (cos phi, sin phi), between its extremes Qmin = (p x q)² / Qmax and
/// Qmax = (|p|² + |q|²) / 2 + sqrt(((|p|² - |q|²) / 2)² + (p . q)²) whatever the phase: the
/// amplitude is above the tolerance while e^(-2 lambda t) Qmin exceeds its square, and below once
/// e^(-2 lambda t) Qmax falls under it. Those two envelopes are the bracket; only the questions
/// between them (a fraction of a period for light damping) need the closed form.
///
/// The bracket is of the scalar rule's own answers: its margins cover the rule's rounding (the
/// absolute `2^-40 K`, K a bound on the sum of the propagator's terms at e^(-lambda t) <= 1), the
/// rounding of Qmin and Qmax here (2^-34 of them) and of the exponentials (2^-30 of decay²), each
/// a thousand times what it covers. Lanes without it (not underdamped; an amplitude or tolerance
/// beyond 2^±400, 2^-240) are never settled by it.
struct EnergyBracket {
    /// decay² (decay = e^(-lambda t)) above this: surely above the tolerance (+infinity: never).
    var above = Lane(repeating: .infinity)
    /// decay² below this: surely not above (0: never).
    var below = Lane()
    /// The displacement's components, x(t) = e^(-lambda t) (cos(wd t) p1 + sin(wd t) q1).
    var p1 = Lane(), q1 = Lane()
    /// Lanes the bracket settles some questions of.
    var lanes = LaneMask(repeating: false)

    init(_ block: VisualCompletionBlock) {
        let r = block.rootMassPerStiffness, x0 = block.x0, v0 = block.v0
        let lambda = block.lambda, w2 = block.omega0Squared, inverseWd = block.inverseWd
        p1 = x0
        q1 = (lambda * x0 + v0) * inverseWd
        guard any(block.underdamped) else { return }
        let p2 = r * v0
        let q2 = -(w2 * x0 + lambda * v0) * r * inverseWd
        let alpha = p1 * p1 + p2 * p2, gamma = q1 * q1 + q2 * q2, beta = p1 * q1 + p2 * q2
        let half = (alpha - gamma) * 0.5
        var radiusSquared = half * half + beta * beta, radius = Lane()
        for j in 0..<laneWidth where block.underdamped[j] { radius[j] = radiusSquared[j].squareRoot() }
        radiusSquared = Lane()
        let qMax = (alpha + gamma) * 0.5 + radius
        // p x q loses to cancellation: its rounding taken off before squaring.
        let cross = laneAbs(p1 * q2 - p2 * q1) - (laneAbs(p1 * q2) + laneAbs(p2 * q1)) * 0x1p-48
        let qMin = Lane().replacing(with: cross * cross / qMax, where: cross .> 0)
        let lw = lambda * inverseWd
        let two = Lane(repeating: 2) + lw
        let positionTerms: Lane = laneAbs(x0) * two + laneAbs(v0) * inverseWd
        let velocityTerms: Lane = w2 * laneAbs(x0) * inverseWd + laneAbs(v0) * two
        let k: Lane = 4 * (positionTerms + r * velocityTerms)
        let rounding = k * 0x1p-40
        let tolerance = block.tolerance
        let over = tolerance + rounding, under = tolerance - rounding
        let usable = block.underdamped .& (qMax .<= 0x1p400) .& (tolerance .>= 0x1p-240) .& (k .< .infinity)
        let qLow: Lane = qMin * (1 - 0x1p-34), qHigh: Lane = qMax * (1 + 0x1p-34)
        let aboveAt: Lane = over * over / qLow * (1 + 0x1p-30)
        let belowAt: Lane = under * under / qHigh * (1 - 0x1p-30)
        above = above.replacing(with: aboveAt, where: usable .& (qMin .> 0) .& (aboveAt .< .infinity))
        below = below.replacing(with: belowAt, where: usable .& (under .>= 0x1p-250) .& (qMax .> 0) .& (belowAt .< .infinity))
        lanes = usable .& ((above .< .infinity) .| (below .> 0))
    }

    /// At `t` (>= 0): the lanes surely above the tolerance and those surely not.
    @inline(__always)
    func answers(at t: Lane, lambda: Lane) -> (above: LaneMask, below: LaneMask) {
        guard any(lanes) else { return (LaneMask(repeating: false), LaneMask(repeating: false)) }
        let decay = laneExp(-lambda * t)
        let d2 = decay * decay
        return (lanes .& (d2 .> above), lanes .& (d2 .< below))
    }
}

/// The scan's and the bisection's visual questions of underdamped lanes without a closed form
/// each: the displacement is x(t) = c p1 + s q1 with (c, s) the phasor e^((-lambda + i wd) t),
/// and the rule's instants are a grid (one step back: the phasor times e^((lambda - i wd) h), h
/// the grid step) and then halves of one grid step (times e^((-lambda + i wd) h / 2^(r+1)), from
/// the low end). One closed form anchors the phasor at the scan's first instant.
///
/// Error bound: the phasor's relative error (the anchor's, 4,096 steps back and ten halvings:
/// under 2^-35 in all) and the rule's instants' rounding against the nominal k h and halves (a
/// few ulps of t, times omega0 t <= 2^12 per ulp of the phase: under 2^-36) stay under 2^-32 of
/// e^(-lambda t) (|p1| + |q1|), the margin's relative part; its absolute part, 2^-40
/// (|x0| (3 + lambda / wd) + |v0| / wd + |start| + |target|), covers the rule's own rounding of
/// the shown progress. A lane is carried only where those hold: underdamped, omega0 bound <= 2^12,
/// lambda bound <= 600 (the phasor stays normal), omega0 h <= 1/2.
struct PhasorRotation {
    var lanes = LaneMask(repeating: false)
    /// e^((lambda - i wd) h): one grid step back.
    var back = Phasor()
    var p1 = Lane(), q1 = Lane()
    var relative = Lane(), absolute = Lane()
    /// (-lambda h, wd h), the grid step's exponent.
    var stepExponent = Phasor()

    init(
        _ block: VisualCompletionBlock, bracket: EnergyBracket, scanning: LaneMask, bound: Lane, gridStep h: Lane,
        counts: inout VisualCompletionWork
    ) {
        let lambda = block.lambda, w2 = block.omega0Squared
        p1 = bracket.p1
        q1 = bracket.q1
        relative = (laneAbs(p1) + laneAbs(q1)) * 0x1p-32
        let three: Lane = Lane(repeating: 3) + lambda * block.inverseWd
        let motion: Lane = laneAbs(block.x0) * three + laneAbs(block.v0) * block.inverseWd
        absolute = (motion + laneAbs(block.start) + laneAbs(block.target)) * 0x1p-40
        let boundSquared: Lane = w2 * bound * bound, stepSquared: Lane = w2 * h * h
        let short = (boundSquared .<= 0x1p24) .& (lambda * bound .<= 600) .& (stepSquared .<= 0.25)
        lanes = scanning .& block.underdamped .& short .& (relative .< .infinity) .& (absolute .< .infinity)
        guard any(lanes) else { return }
        counts.closedForms += 1
        let zero = Lane()
        let decay = laneExp(zero.replacing(with: -lambda * h, where: lanes))
        let (s, c) = laneSinCos(zero.replacing(with: block.wd * h, where: lanes))
        back = Phasor(c: c / decay, s: -s / decay)
        stepExponent = Phasor(c: -lambda * h, s: block.wd * h)
    }

    /// The phasor at `t` of the carried lanes (0 elsewhere): the scan's anchor.
    func phasor(at t: Lane, lambda: Lane, wd: Lane, counts: inout VisualCompletionWork) -> Phasor {
        guard any(lanes) else { return Phasor() }
        counts.closedForms += 1
        let zero = Lane()
        let decay = laneExp(zero.replacing(with: -lambda * t, where: lanes))
        let (s, c) = laneSinCos(zero.replacing(with: wd * t, where: lanes))
        return Phasor(c: decay * c, s: decay * s)
    }

    /// The bisection's steps: `halves[r]` is e^((-lambda + i wd) h / 2^(r+1)), the last by its
    /// Taylor polynomial (|u| <= 2^-11: degree 6 is exact to 2^-80), the others by squaring.
    func halves(into halves: inout [Phasor]) {
        let rounds = CompletionCurve.visualBisectionRounds
        let scale = 1 / Double(1 << rounds)
        let u = Phasor(c: stepExponent.c * scale, s: stepExponent.s * scale)
        let one = Phasor(c: Lane(repeating: 1), s: Lane())
        var z = one
        for k in stride(from: 6, through: 1, by: -1) {
            let term = Phasor(c: u.c * (1 / Double(k)), s: u.s * (1 / Double(k)))
            z = term.times(z)
            z.c += 1
        }
        halves.removeAll(keepingCapacity: true)
        for _ in 0..<rounds { halves.append(z); z = z.times(z) }
        halves.reverse()
    }

    /// At `t`, with the phasor `z` there: the carried lanes surely visually away and those surely
    /// not (`CompletionCurve.isVisuallyAway`, `.clamp` held from its arrival or past the target).
    @inline(__always)
    func answers(
        _ z: Phasor, at t: Lane, tolerance: Lane, clamped: LaneMask, arrival: Lane, pastSide: Lane
    ) -> (away: LaneMask, notAway: LaneMask) {
        let x = z.c * p1 + z.s * q1
        let margin = (laneAbs(z.c) + laneAbs(z.s)) * relative + absolute
        let distance = laneAbs(x)
        // Beyond the margin, the sign of the rule's displacement is x's.
        let held = clamped .& ((t .>= arrival) .| (x * pastSide .> margin))
        let away = lanes .& (distance .> tolerance + margin) .& .!held
        let notAway = lanes .& (held .| (distance .< tolerance - margin))
        return (away, notAway)
    }
}
