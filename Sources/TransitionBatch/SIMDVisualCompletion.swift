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
    /// `visualCompletionTimes(tolerance:into:)` on the vector twin; returns how many questions the
    /// scalar rule answered because the vector bound could not (the tests check they stay rare).
    @discardableResult
    func visualCompletionTimesOnLanes(
        tolerance: Double, lanes: Range<Int>? = nil, into result: UnsafeMutableBufferPointer<Double>
    ) -> Int {
        visualCompletionTimesOnLanes(lanes: lanes ?? 0..<count, into: result) { _ in tolerance }
    }

    /// The same with a tolerance per lane, `tolerance(i)` for lane `i` (progress; positive and
    /// finite): lanes of any tolerances share the twin's blocks, so a caller can order its lanes
    /// by how long they take (`BehaviorLanes`) instead of by tolerance.
    @discardableResult
    @inline(__always)
    func visualCompletionTimesOnLanes(
        lanes: Range<Int>, into result: UnsafeMutableBufferPointer<Double>, tolerance: (Int) -> Double
    ) -> Int {
        var block = VisualCompletionBlock()
        var scalarAnswers = 0
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
            if block.filled == laneWidth { scalarAnswers += block.solve(into: result) }
        }
        if block.filled > 0 { scalarAnswers += block.solve(into: result) }
        return scalarAnswers
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

    init() {
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

    /// Whether the energy amplitude exceeds the tolerance at `t`, where `ask` is set; lanes whose
    /// answer the error bound cannot settle are asked of the scalar rule.
    @inline(__always)
    func energyAbove(_ t: Lane, ask: LaneMask, scalarAnswers: inout Int) -> LaneMask {
        let (e, f, valid) = closedForm(t)
        let lf = lambda * f
        let a = (e - 1) + lf
        let pxx = 1 + a, pxv = f, pvx = -omega0Squared * f, pvv = e - lf
        let x = pxx * x0 + pxv * v0
        let v = pvx * x0 + pvv * v0
        let amplitude = (x * x + massPerStiffness * v * v).squareRoot()
        let size = laneAbs(pxx * x0) + laneAbs(pxv * v0)
            + rootMassPerStiffness * (laneAbs(pvx * x0) + laneAbs(pvv * v0)) + amplitude
        let margin = size * closedFormMargin
        let excess = amplitude - tolerance
        var above = excess .> margin
        let settled = (excess .> margin) .| (excess .< -margin)
        let unsure = ask .& .!(settled .& valid)
        if any(unsure) {
            for j in 0..<filled where unsure[j] {
                scalarAnswers += 1
                above[j] = springs[j].isEnergyAmplitudeAbove(
                    tolerance[j], initialDisplacement: x0[j], initialVelocity: v0[j], time: t[j])
            }
        }
        return above
    }

    /// Whether the shown progress at `t` is the tolerance or more from the target, where `ask`
    /// is set (`CompletionCurve.isVisuallyAway`); unsettled lanes asked of the scalar rule.
    @inline(__always)
    func visuallyAway(_ t: Lane, ask: LaneMask, scalarAnswers: inout Int) -> LaneMask {
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
                scalarAnswers += 1
                away[j] = curves[j].isVisuallyAway(at: t[j], tolerance: tolerance[j])
            }
        }
        return away
    }

    /// Runs the rule's steps on the filled lanes, writes their answers and empties the block;
    /// returns how many questions the scalar rule answered.
    mutating func solve(into result: UnsafeMutableBufferPointer<Double>) -> Int {
        var scalarAnswers = 0
        var live = LaneMask(repeating: false)
        for j in 0..<filled { live[j] = true }
        // Unused slots repeat slot 0's constants, so their arithmetic stays finite.
        for j in filled..<laneWidth { copySlot(0, to: j) }
        let zero = Lane(repeating: 0)
        var answer = zero

        // 1. The upper end: `Spring.restTime(..., relativePrecision:)`, doubling from 1 / lambda,
        //    then halving to the relative precision; `.clamp`'s arrival if earlier.
        let aboveAtZero = energyAbove(zero, ask: live, scalarAnswers: &scalarAnswers)
        var low = zero, high = 1 / lambda
        var doubling = live .& aboveAtZero .& (high .< .infinity)
        var bound = zero.replacing(with: .infinity, where: live .& aboveAtZero .& .!(high .< .infinity))
        while any(doubling) {
            let above = energyAbove(high, ask: doubling, scalarAnswers: &scalarAnswers)
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
            let above = energyAbove(mid, ask: halving, scalarAnswers: &scalarAnswers)
            low = low.replacing(with: mid, where: halving .& above)
            high = high.replacing(with: mid, where: halving .& .!above)
        }
        bound = bound.replacing(with: high, where: live .& aboveAtZero .& (bound .== 0))
        bound = bound.replacing(with: arrival, where: clamped .& (arrival .< bound))

        // 2. The scan back over the grid from the bound.
        var steps = Lane(repeating: 1)
        var scanning = live .& (bound .> 0) .& (bound .< .infinity)
        for j in 0..<filled where scanning[j] { steps[j] = Double(curves[j].visualGridSteps(bound: bound[j])) }
        answer = answer.replacing(with: bound, where: live .& .!(bound .< .infinity))
        var index = steps - 1
        var scanHigh = bound
        var scanLow = Lane(repeating: -1)
        while any(scanning) {
            let t = bound / steps * index
            let away = visuallyAway(t, ask: scanning, scalarAnswers: &scalarAnswers)
            let found = scanning .& away
            scanLow = scanLow.replacing(with: t, where: found)
            scanHigh = scanHigh.replacing(with: t, where: scanning .& .!away)
            index = index - 1
            scanning = scanning .& .!away .& (index .>= 0)
        }

        // 3. The crossing in its grid step, by halving.
        var searching = live .& (scanLow .>= 0)
        for _ in 0..<CompletionCurve.visualBisectionRounds {
            let mid = scanLow + 0.5 * (scanHigh - scanLow)
            searching = searching .& (mid .> scanLow) .& (mid .< scanHigh)
            if !any(searching) { break }
            let away = visuallyAway(mid, ask: searching, scalarAnswers: &scalarAnswers)
            scanLow = scanLow.replacing(with: mid, where: searching .& away)
            scanHigh = scanHigh.replacing(with: mid, where: searching .& .!away)
        }
        answer = answer.replacing(with: scanHigh, where: live .& (scanLow .>= 0))
        for j in 0..<filled { result[lanes[j]] = answer[j] }
        filled = 0
        curves.removeAll(keepingCapacity: true)
        springs.removeAll(keepingCapacity: true)
        return scalarAnswers
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
