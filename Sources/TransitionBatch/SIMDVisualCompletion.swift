import TransitionLab
import TransitionPhysics

// The visual completion of 16 spring lanes at once: the lane-parallel twin of the one rule,
// `CompletionCurve.restTime(tolerance:)`. The rule is a sequence of yes/no questions (is the
// spring's energy amplitude above the tolerance at t? is the shown progress a tolerance or more
// from the target at t?) at instants computed from earlier answers only. Here the 16 lanes walk
// the rule's steps in lockstep (the energy bound's doubling and halving, the scan back over the
// grid, the halvings of the last grid step). Each step answers a lane's question (underdamped,
// overdamped or critically damped) from its motion's phasor, carried from instant to instant by
// a multiplication (`PhasorMotion`), where that error bound settles it; else, and for the lanes
// it does not carry, from one vector closed form (SIMDVisualCompletionClosedForm.swift) with an
// error bound that covers both its own rounding and the scalar rule's.
// An answer neither bound can settle (the value within ~1e-11 of the tolerance) is asked of the
// scalar rule itself (`Spring.isEnergyAmplitudeAbove`, `CompletionCurve.isVisuallyAway`), so each
// lane receives exactly the scalar rule's answers, asks at the same instants (the same IEEE
// operations on the same values) and ends on its bits. Tested lane by lane against the rule
// (VisualCompletionTwinTests; the phasor's answers in VisualCompletionBoundsTests). Lanes the
// twin does not take (timed shapes, `.rubberBand`, an undamped spring) run the scalar rule.

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
    /// by how long they take (`BehaviorLanes`) instead of by tolerance. A spring lane enters its
    /// block from the batch's columns (`startPhysicsLane` for its target), without building its
    /// curve.
    @discardableResult
    @inline(__always)
    func visualCompletionTimesOnLanes(
        lanes: Range<Int>, into result: UnsafeMutableBufferPointer<Double>, tolerance: (Int) -> Double
    ) -> VisualCompletionWork {
        var block = VisualCompletionBlock()
        var work = VisualCompletionWork()
        let halfSteps = UnsafeMutableBufferPointer<Phasor>.allocate(capacity: VisualCompletionBlock.halfStepRounds)
        defer { halfSteps.deallocate() }
        withPointers { r in
            for i in lanes {
                let laneTolerance = tolerance(i)
                precondition(laneTolerance > 0 && laneTolerance.isFinite, "Rest tolerance must be positive and finite; got \(laneTolerance).")
                // Timed shapes, `.rubberBand` and undamped springs (which `Spring.restTime` answers
                // at once: infinity unless already within the tolerance) go through the rule itself.
                let policy = r.overshoot[i]
                guard r.isSpringLane[i], policy != .rubberBand, r.damping[i] > 0 else {
                    result[i] = completionCurve(at: i).restTime(tolerance: laneTolerance)
                    continue
                }
                let lane = startPhysicsLane(r, i)
                block.add(
                    lane: i, start: r.progress[i], velocity: r.velocity[i], target: lane.target, pastSide: lane.side,
                    mass: r.mass[i], stiffness: r.stiffness[i], damping: r.damping[i], clamp: policy == .clamp,
                    tolerance: laneTolerance)
                work.lanes += 1
                if block.filled == laneWidth { work += block.solve(into: result, halfSteps: halfSteps) }
            }
        }
        if block.filled > 0 { work += block.solve(into: result, halfSteps: halfSteps) }
        return work
    }
}

/// How the twin answered: its lanes, the vector closed forms it evaluated (16 lanes each, one
/// per block and question the bounds left open) and the questions the scalar rule answered.
struct VisualCompletionWork: Equatable {
    var lanes = 0
    var closedForms = 0
    var scalarAnswers = 0
    /// Lanes the scalar rule answered whole: more grid steps than the twin's scan covers
    /// (`VisualCompletionBlock.mostScanSteps`), the lightest damped springs.
    var ruleLanes = 0

    static func += (a: inout VisualCompletionWork, b: VisualCompletionWork) {
        a.lanes += b.lanes
        a.closedForms += b.closedForms
        a.scalarAnswers += b.scalarAnswers
        a.ruleLanes += b.ruleLanes
    }
}

/// Up to 16 spring lanes (`.allow` or `.clamp`, damping > 0) and their constants.
struct VisualCompletionBlock {
    var filled = 0
    /// The batch's lane in each slot.
    var lanes = SIMD16<Int>()
    // Per lane, written by `add`: the tolerance (one pixel, progress), the curve's start,
    // start velocity (progress per second), target and past side (`CompletionCurve.pastSide`),
    // the spring's mass, stiffness and damping coefficient, 1 on `.clamp` lanes (else 0) and a
    // `.clamp` lane's arrival, seconds (infinity when there is none, and on `.allow` lanes).
    var tolerance = Lane(repeating: 1)
    var start = Lane(), v0 = Lane(), target = Lane(), pastSide = Lane()
    var mass = Lane(repeating: 1), stiffness = Lane(repeating: 1), damping = Lane(repeating: 1)
    var clampFlag = Lane()
    var arrival = Lane(repeating: .infinity)
    /// x0 = start - target, by `prepare`.
    var x0 = Lane()
    /// The filled slots and the `.clamp` lanes: masks set by `prepare`.
    var live = LaneMask(repeating: false)
    var clamped = LaneMask(repeating: false)
    /// Whether `clamped` has a lane.
    var anyClamped = false
    /// The constants of the springs, derived by `prepare` when they differ from the last block's
    /// (the scalar rule's operations, so the same bits; `VisualCompletionSprings`).
    var springs = VisualCompletionSprings()
    var lambda: Lane { get { springs.lambda } set { springs.lambda = newValue } }
    var omega0Squared: Lane { springs.omega0Squared }
    var massPerStiffness: Lane { springs.massPerStiffness }
    var rootMassPerStiffness: Lane { springs.rootMassPerStiffness }
    var wd: Lane { springs.wd }
    var inverseWd: Lane { springs.inverseWd }
    var mu: Lane { springs.mu }
    var r1: Lane { springs.r1 }
    var r2: Lane { springs.r2 }
    var inverseTwoMu: Lane { springs.inverseTwoMu }
    var underdamped: LaneMask { springs.underdamped }

    /// Adds a lane: the batch's lane `lane`, its completion curve's start, start velocity and
    /// target (progress, progress per second), its past side (`OvershootPolicy.pastSide`), its
    /// spring's constants (`Spring.init(mass:stiffness:damping:allowOverDamping:)`, damping > 0),
    /// whether its policy is `.clamp` (else `.allow`) and its tolerance (progress).
    mutating func add(
        lane: Int, start laneStart: Double, velocity: Double, target laneTarget: Double, pastSide side: Double,
        mass m: Double, stiffness k: Double, damping c: Double, clamp: Bool, tolerance laneTolerance: Double
    ) {
        let j = filled
        filled += 1
        // Stored through memory: writing one lane of a vector the compiler holds in registers
        // spills, rewrites and reloads the whole vector.
        Self.store(lane, in: &lanes, at: j)
        Self.store(laneTolerance, in: &tolerance, at: j)
        Self.store(laneStart, in: &start, at: j)
        Self.store(velocity, in: &v0, at: j)
        Self.store(laneTarget, in: &target, at: j)
        Self.store(side, in: &pastSide, at: j)
        Self.store(m, in: &mass, at: j)
        Self.store(k, in: &stiffness, at: j)
        Self.store(c, in: &damping, at: j)
        var laneArrival = Double.infinity
        if clamp {
            let spring = Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            laneArrival = spring.firstZeroCrossing(initialDisplacement: laneStart - laneTarget, initialVelocity: velocity) ?? .infinity
        }
        Self.store(clamp ? 1 : 0, in: &clampFlag, at: j)
        Self.store(laneArrival, in: &arrival, at: j)
    }

    /// Slot `j`'s spring, as its lane's completion curve holds it.
    func spring(_ j: Int) -> Spring { Spring(mass: mass[j], stiffness: stiffness[j], damping: damping[j], allowOverDamping: true) }

    /// Slot `j`'s completion curve (`BatchReleases.completionCurve(at:)` of its lane): for the
    /// scalar rule's own answers.
    func curve(_ j: Int) -> CompletionCurve {
        CompletionCurve(
            shape: .spring(spring(j), overshoot: clampFlag[j] > 0 ? .clamp : .allow), start: start[j], startVelocity: v0[j],
            target: target[j])
    }

    @inline(__always)
    private static func store<V: SIMD>(_ value: V.Scalar, in vector: inout V, at j: Int) {
        withUnsafeMutableBytes(of: &vector) { $0.storeBytes(of: value, toByteOffset: j * MemoryLayout<V.Scalar>.stride, as: V.Scalar.self) }
    }

    /// The energy question at `t` where `ask` is set: settled from the phasor `z` at t on the
    /// lanes in `carried` (`PhasorMotion`) where its error bound (`bounds` if given, which hold
    /// for z; else z's own) allows; the rest by the closed form (`energyAbove(_:ask:counts:)`).
    @inline(__always)
    func energyAbove(
        _ t: Lane, ask: LaneMask, motion: PhasorMotion, z: Phasor, carried: LaneMask, bounds: EnergyBounds? = nil,
        counts: inout VisualCompletionWork
    ) -> LaneMask {
        let (above, below) = bounds.map { motion.energyAnswers(z, bounds: $0) } ?? motion.energyAnswers(z, tolerance: tolerance)
        let open = ask .& .!(carried .& (above .| below))
        guard anyLane(open) else { return above }
        return above.replacing(with: energyAbove(t, ask: open, counts: &counts), where: open)
    }

    /// The visual question at `t` where `ask` is set: settled from the phasor `z` at t on the
    /// lanes in `carried` (`PhasorMotion`) where its error bound (`bounds`, which hold for z)
    /// allows; the rest, and lanes it does not carry, by the closed form
    /// (`visuallyAway(_:ask:counts:)`).
    @inline(__always)
    func visuallyAway(
        _ t: Lane, ask: LaneMask, motion: PhasorMotion, carried: LaneMask, z: Phasor, bounds: DisplacementBounds,
        counts: inout VisualCompletionWork
    ) -> LaneMask {
        let (away, notAway) = motion.visualAnswers(
            z, at: t, bounds: bounds, clamped: clamped, anyClamped: anyClamped, arrival: arrival, pastSide: pastSide)
        let open = ask .& .!(carried .& (away .| notAway))
        guard anyLane(open) else { return away }
        return away.replacing(with: visuallyAway(t, ask: open, counts: &counts), where: open)
    }

    /// Runs the rule's steps on the filled lanes, writes their answers and empties the block;
    /// returns how much of the work each evaluator did.
    /// `halfSteps`: scratch of at least `halfStepRounds` phasors, the caller's (a temporary
    /// allocation here would capture, so copy, the whole block: 4.6 KB per block).
    mutating func solve(into result: UnsafeMutableBufferPointer<Double>, halfSteps: UnsafeMutableBufferPointer<Phasor>) -> VisualCompletionWork {
        var counts = VisualCompletionWork()
        prepare()
        precondition(halfSteps.count >= Self.halfStepRounds, "VisualCompletionBlock.solve: \(halfSteps.count) half steps")
        let (answer, byRule) = answers(halfSteps: halfSteps, counts: &counts)
        for j in 0..<filled {
            // A grid longer than the twin's scan covers: the rule itself answers the lane.
            result[lanes[j]] = byRule[j] ? curve(j).restTime(tolerance: tolerance[j]) : answer[j]
            if byRule[j] { counts.ruleLanes += 1 }
        }
        filled = 0
        return counts
    }

    /// The most grid steps the twin scans, 4,096: the phasor carried back one grid step at a
    /// time keeps within its error bound (SIMDPhasorMotion.swift) for up to this many steps.
    /// A lane whose grid (`CompletionCurve.visualGridSteps(bound:)`, a lightly damped spring
    /// with more than 128 periods before rest) has more is answered by the rule itself.
    static let mostScanSteps = 4096

    /// The half steps the phasor takes at most in one search (`solve`'s scratch).
    static let halfStepRounds = max(PhasorMotion.energyRounds, CompletionCurve.visualBisectionRounds)

    /// The rule's answers of the filled lanes (a non-mutating pass: the questions read the block
    /// in place); `halfSteps` is scratch for the phasor's half steps.
    private func answers(halfSteps: UnsafeMutableBufferPointer<Phasor>, counts: inout VisualCompletionWork) -> (Lane, byRule: LaneMask) {
        let zero = Lane(repeating: 0)
        var answer = zero
        let motion = PhasorMotion(self)

        // 1. The upper end: `Spring.restTime(..., relativePrecision:)`, doubling from 1 / lambda,
        //    then halving to the relative precision; `.clamp`'s arrival if earlier. The phasor
        //    is squared along the doubling and carried by the halving's half widths.
        let one = motion.atZero
        let aboveAtZero = energyAbove(zero, ask: live, motion: motion, z: one, carried: motion.lanes, counts: &counts)
        var low = zero, high = 1 / lambda
        var doubling = live .& aboveAtZero .& (high .< .infinity)
        var bound = zero.replacing(with: .infinity, where: live .& aboveAtZero .& .!(high .< .infinity))
        var zLow = one
        // The phasor at 1 / lambda: its springs' (`VisualCompletionSprings.anchor`).
        var zHigh = springs.anchor
        while anyLane(doubling) {
            let above = energyAbove(high, ask: doubling, motion: motion, z: zHigh, carried: motion.carries(high), counts: &counts)
            let grow = doubling .& above
            low = low.replacing(with: high, where: grow)
            zLow = zLow.replacing(with: zHigh, where: grow)
            high = high.replacing(with: high * 2, where: grow)
            zHigh = zHigh.replacing(with: motion.times(zHigh, zHigh), where: grow)
            let overflow = grow .& .!(high .< .infinity)
            bound = bound.replacing(with: .infinity, where: overflow)
            doubling = grow .& .!overflow
        }
        // Lanes whose doubling ended below infinity halve [low, high].
        var halving = live .& aboveAtZero .& (bound .== 0)
        let relativePrecision = CompletionCurve.visualBoundRelativePrecision
        // Carried where carried at the bracket's upper end, which every mid stays below
        // (`carries` holds from an instant down to 0).
        let halved = motion.steps(of: high - low, for: halving, rounds: PhasorMotion.energyRounds, into: halfSteps) .& motion.carries(high)
        let anyHalved = anyLane(halved)
        // The phasor at the bracket's upper end too, where every move of it was carried: the
        // scan below starts one grid step back from it.
        var highTracked = halved
        // Its energy bounds taken once, from the bracket's low end.
        let halvingBounds = motion.energyBounds(zLow, lengthFactor: 1.5, tolerance: tolerance)
        for round in 0..<Spring.restTimeBisectionRounds {
            let mid = (low + high) / 2
            halving = halving .& (mid .> low) .& (mid .< high) .& .!(high - low .<= relativePrecision * high)
            if !anyLane(halving) { break }
            let carried = anyHalved && round < PhasorMotion.energyRounds
            let stepped = carried ? halved : LaneMask(repeating: false)
            let zMid = carried ? motion.times(zLow, halfSteps[round]) : zLow
            let above = energyAbove(mid, ask: halving, motion: motion, z: zMid, carried: stepped, bounds: halvingBounds, counts: &counts)
            low = low.replacing(with: mid, where: halving .& above)
            zLow = zLow.replacing(with: zMid, where: halving .& above)
            high = high.replacing(with: mid, where: halving .& .!above)
            zHigh = zHigh.replacing(with: zMid, where: halving .& .!above)
            highTracked = highTracked .& (stepped .| .!(halving .& .!above))
        }
        bound = bound.replacing(with: high, where: live .& aboveAtZero .& (bound .== 0))
        let arrives = clamped .& (arrival .< bound)
        bound = bound.replacing(with: arrival, where: arrives)
        highTracked = highTracked .& .!arrives

        // 2. The scan back over the grid from the bound: the phasor stepped back one grid step
        //    at a time where it can be (`PhasorRotation`), else the closed form at each instant.
        var scanning = live .& (bound .> 0) .& (bound .< .infinity)
        let gridSteps = visualGridSteps(bound: bound)
        let byRule = scanning .& (gridSteps .> Lane(repeating: Double(Self.mostScanSteps)))
        scanning = scanning .& .!byRule
        let steps = Lane(repeating: 1).replacing(with: gridSteps, where: scanning)
        answer = answer.replacing(with: bound, where: live .& .!(bound .< .infinity))
        var index = steps - 1
        let gridStep = bound / steps
        let rotation = PhasorRotation(self, motion: motion, scanning: scanning, bound: bound, gridStep: gridStep, counts: &counts)
        // From the phasor at the bound one step back (the grid's last instant, bound / steps *
        // (steps - 1), is bound - h to a few ulps), else its closed form.
        var z = motion.times(zHigh, rotation.back)
        let unanchored = rotation.lanes .& .!highTracked
        if anyLane(unanchored) {
            z = z.replacing(with: motion.phasor(at: gridStep * index, where: unanchored, springs: springs, counts: &counts), where: unanchored)
        }
        zLow = z
        var scanHigh = bound
        var scanLow = Lane(repeating: -1)
        while anyLane(scanning) {
            let t = gridStep * index
            // A critical lane's second part from t itself (`PhasorMotion.polynomial`).
            z = motion.polynomial(z, at: t)
            let away = visuallyAway(
                t, ask: scanning, motion: motion, carried: rotation.lanes, z: z, bounds: motion.displacementBounds(z, tolerance: tolerance),
                counts: &counts)
            let found = scanning .& away
            scanLow = scanLow.replacing(with: t, where: found)
            zLow = zLow.replacing(with: z, where: found)
            scanHigh = scanHigh.replacing(with: t, where: scanning .& .!away)
            index = index - 1
            scanning = scanning .& .!away .& (index .>= 0)
            z = motion.times(z, rotation.back)
        }

        // 3. The crossing in its grid step, by halving: the phasor carried by the step's halves,
        //    its bounds taken once, from the step's low end.
        var searching = live .& (scanLow .>= 0)
        let bisectionBounds = motion.displacementBounds(from: zLow, tolerance: tolerance)
        let bisected = motion.steps(
            of: gridStep, for: searching .& rotation.lanes, rounds: CompletionCurve.visualBisectionRounds, into: halfSteps)
        let anyBisected = anyLane(bisected)
        for round in 0..<CompletionCurve.visualBisectionRounds {
            let mid = scanLow + 0.5 * (scanHigh - scanLow)
            searching = searching .& (mid .> scanLow) .& (mid .< scanHigh)
            if !anyLane(searching) { break }
            let stepped = searching .& bisected
            let zMid = anyBisected ? motion.times(zLow, halfSteps[round]) : zLow
            let away = visuallyAway(mid, ask: searching, motion: motion, carried: stepped, z: zMid, bounds: bisectionBounds, counts: &counts)
            scanLow = scanLow.replacing(with: mid, where: searching .& away)
            zLow = zLow.replacing(with: zMid, where: searching .& away)
            scanHigh = scanHigh.replacing(with: mid, where: searching .& .!away)
        }
        return (answer.replacing(with: scanHigh, where: live .& (scanLow .>= 0)), byRule)
    }

    /// Readies the filled lanes for the questions: the constants of their springs
    /// (`VisualCompletionSprings`, derived again only when the springs differ from the last
    /// block's), x0, and the masks. Unused slots keep the initial values or an earlier block's
    /// lane, so their arithmetic stays finite; no mask lets them through.
    mutating func prepare() {
        live = SIMD16<Int64>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) .< SIMD16<Int64>(repeating: Int64(filled))
        x0 = start - target
        springs.update(mass: mass, stiffness: stiffness, damping: damping)
        clamped = clampFlag .> 0
        anyClamped = anyLane(clamped)
    }

    /// `CompletionCurve.visualGridSteps(bound:)` of every lane at its `bound` (seconds, positive
    /// and finite), as a count per lane: the rule's operations on its constants, so the same
    /// bits (VisualCompletionTwinTests checks lane by lane), up to `mostScanSteps`; a lane whose
    /// rule wants more gets more than `mostScanSteps` (not the rule's count: the rule answers it).
    func visualGridSteps(bound: Lane) -> Lane {
        let most = Lane(repeating: Double(Self.mostScanSteps))
        // Rounded up as -floor(-x) (`laneFloor`, exact below 2^51): past twice the most held at
        // twice the most (the rule answers those lanes).
        let ratio = 32 * bound / springs.dampedPeriod
        let wanted = -laneFloor(-ratio.replacing(with: 2 * most, where: ratio .> 2 * most))
        let fewest = Lane(repeating: Double(CompletionCurve.visualGridSteps))
        let finer = springs.hasDampedPeriod .& (wanted .> fewest)
        return fewest.replacing(with: wanted, where: finer)
    }
}
