import Testing
import TransitionLab
import TransitionPhysics
@testable import TransitionBatch

/// The bound by which the visual completion's twin answers the rule's questions without a
/// closed form per instant (SIMDVisualCompletion.swift): the motion's phasor (`PhasorMotion`)
/// squared along the energy bound's doubling, carried by its halving's and the bisection's half
/// widths, and stepped back along the scan's grid (`PhasorRotation`). Each answer it gives is
/// checked against the scalar rule's own question at the same instant, across regimes (very
/// light damping to strongly overdamped, critical damping exactly), starts (at the target, at
/// rest, fast), tolerances (1e-10 to 3) and both policies; and it must settle nearly every
/// question (else it costs without saving).
@Suite("Visual completion: the twin's phasor gives the rule's answers")
struct VisualCompletionBoundsTests {
    static let ratios: [Double] = [0.05, 0.2, 0.5, 0.9, 0.999999, 1, 1.000001, 1.04, 3]
    static let starts: [(progress: Double, velocity: Double)] = [
        (0, 0), (1, 0), (0.5, 0), (0.2, 0.3), (0.8, -0.7), (-0.1, 2.5), (1.1, -4), (0.4999999, 12), (1 - 1e-13, 0),
        (1e-300, 1e-12), (0.3, -25), (0.7, 200), (0.5, 1e-9),
    ]
    static let tolerances: [Double] = [1 / 1170, 1 / 390.0, 0.05, 1e-6, 1e-10, 3]

    /// Blocks of up to 16 lanes: every start under one spring and policy at one tolerance.
    static func blocks(
        response: Double, ratio: Double, policy: OvershootPolicy, tolerance: Double
    ) -> [VisualCompletionBlock] {
        let spring = Spring(response: response, dampingRatio: ratio)
        let model = ProjectedSpringModel(spring: spring, threshold: 0.5, overshoot: policy)
        var block = VisualCompletionBlock(), blocks: [VisualCompletionBlock] = []
        for (lane, start) in starts.enumerated() {
            let curve = model.release(ReleaseState(progress: start.progress, velocity: start.velocity)).curve
            block.add(curve, tolerance: tolerance, lane: lane)
        }
        block.prepare()
        blocks.append(block)
        return blocks
    }

    @Test("the phasor squared along the doubling and carried by the halving answers as the rule", arguments: [OvershootPolicy.allow, .clamp])
    func energyAlongTheRule(policy: OvershootPolicy) {
        var asked = 0, answered = 0, trackedEnds = 0
        for response in [0.1, 0.35, 2.0] {
            for ratio in Self.ratios {
                for tolerance in Self.tolerances {
                    for block in Self.blocks(response: response, ratio: ratio, policy: policy, tolerance: tolerance) {
                        let motion = PhasorMotion(block)
                        if ratio < 0.999 { #expect(motion.lanes == (block.underdamped .& block.live)) }
                        if ratio == 1 { #expect(motion.critical == block.live && motion.lanes == block.live, "ratio 1 is critical") }
                        var counts = VisualCompletionWork()
                        // Every lane's own path through `Spring.restTime`, moved by the rule's answers.
                        var low = Lane(), high = 1 / block.lambda
                        var zLow = motion.atZero
                        var zHigh = motion.phasor(at: high, where: motion.carries(high), springs: block.springs, counts: &counts)
                        var carried = motion.carries(high)
                        func check(_ t: Lane, _ z: Phasor, _ carried: LaneMask, bounds: EnergyBounds? = nil) -> LaneMask {
                            let (above, below) = bounds.map { motion.energyAnswers(z, bounds: $0) }
                                ?? motion.energyAnswers(z, tolerance: block.tolerance)
                            var rule = LaneMask(repeating: false)
                            for j in 0..<block.filled {
                                rule[j] = block.spring(j).isEnergyAmplitudeAbove(
                                    block.tolerance[j], initialDisplacement: block.x0[j], initialVelocity: block.v0[j], time: t[j])
                                guard carried[j] else { continue }
                                #expect(!(above[j] && below[j]))
                                if above[j] { #expect(rule[j], "ratio \(ratio) tolerance \(tolerance) lane \(j) t \(t[j]): above") }
                                if below[j] { #expect(!rule[j], "ratio \(ratio) tolerance \(tolerance) lane \(j) t \(t[j]): below") }
                                // 1e-10 of the travel is within ~100 times the rule's own
                                // rounding of a unit motion: the absolute margin leaves many open.
                                guard tolerance >= 1e-6 else { continue }
                                asked += 1
                                if above[j] || below[j] { answered += 1 }
                            }
                            return rule
                        }
                        var doubling = LaneMask(repeating: true)
                        for _ in 0..<40 where any(doubling) {
                            let rule = check(high, zHigh, carried .& doubling)
                            doubling = doubling .& rule
                            low = low.replacing(with: high, where: doubling)
                            zLow = zLow.replacing(with: zHigh, where: doubling)
                            high = high.replacing(with: high * 2, where: doubling)
                            zHigh = zHigh.replacing(with: motion.times(zHigh, zHigh), where: doubling)
                            carried = carried .& motion.carries(high)
                        }
                        var halves = [Phasor](repeating: Phasor(), count: PhasorMotion.energyRounds)
                        let halved = halves.withUnsafeMutableBufferPointer {
                            motion.steps(of: high - low, for: LaneMask(repeating: true), rounds: PhasorMotion.energyRounds, into: $0)
                        }
                        // As the twin: the halving's bounds taken once, from its low end.
                        let halvingBounds = motion.energyBounds(zLow, lengthFactor: 1.5, tolerance: block.tolerance)
                        for round in 0..<(any(halved) ? PhasorMotion.energyRounds : 0) {
                            let mid = (low + high) / 2
                            let zMid = motion.times(zLow, halves[round])
                            let rule = check(mid, zMid, halved .& motion.carries(mid) .& .!doubling, bounds: halvingBounds)
                            low = low.replacing(with: mid, where: rule)
                            zLow = zLow.replacing(with: zMid, where: rule)
                            high = high.replacing(with: mid, where: .!rule)
                            zHigh = zHigh.replacing(with: zMid, where: .!rule)
                        }
                        // The phasor at the bracket's upper end, carried along (where the scan
                        // starts from it): its closed form's to 2^-36 of its length.
                        let tracked = halved .& motion.carries(high) .& .!doubling .& block.live
                        let z = motion.phasor(at: high, where: tracked, springs: block.springs, counts: &counts)
                        for j in 0..<block.filled where tracked[j] {
                            let error = abs(zHigh.c[j] - z.c[j]) + abs(zHigh.s[j] - z.s[j])
                            #expect(error <= 0x1p-36 * (abs(z.c[j]) + abs(z.s[j])), "ratio \(ratio) lane \(j): off by \(error)")
                            trackedEnds += 1
                        }
                    }
                }
            }
        }
        #expect(asked > 10_000)
        #expect(trackedEnds > 1000)
        // The margin is 2^-32 of the envelope: only instants that close to the tolerance, and
        // near-critical lanes (whose q is large against the motion), are left open (0.6% here).
        #expect(Double(answered) > 0.99 * Double(asked), "\(answered) of \(asked)")
    }

    @Test("the phasor carried back over the grid and into the halves answers as the rule", arguments: [OvershootPolicy.allow, .clamp])
    func phasorRotation(policy: OvershootPolicy) {
        var answered = 0, asked = 0
        for response in [0.1, 0.35, 2.0] {
            for ratio in [0.05, 0.2, 0.5, 0.9, 0.999999, 1, 1.000001, 1.04, 3] {
                for tolerance in Self.tolerances {
                    for var block in Self.blocks(response: response, ratio: ratio, policy: policy, tolerance: tolerance) {
                        for j in block.filled..<laneWidth { block.x0[j] = 0; block.v0[j] = 0; block.lambda[j] = block.lambda[0] }
                        let motion = PhasorMotion(block)
                        let live = block.live
                        // A bound as the rule's upper end would be: 12 decay times, the grid as the rule's.
                        let bound = Lane(repeating: 12 / block.lambda[0])
                        var steps = Lane(repeating: 1)
                        for j in 0..<block.filled { steps[j] = Double(block.curve(j).visualGridSteps(bound: bound[j])) }
                        let h = bound / steps
                        var counts = VisualCompletionWork()
                        let rotation = PhasorRotation(block, motion: motion, scanning: live, bound: bound, gridStep: h, counts: &counts)
                        if ratio <= 0.5 { #expect(rotation.lanes == live, "ratio \(ratio): every lane carried") }
                        var index = steps - 1
                        var z = motion.phasor(at: h * index, where: rotation.lanes, springs: block.springs, counts: &counts)
                        var halves = [Phasor](repeating: Phasor(), count: CompletionCurve.visualBisectionRounds)
                        let bisected = halves.withUnsafeMutableBufferPointer {
                            motion.steps(of: h, for: rotation.lanes, rounds: CompletionCurve.visualBisectionRounds, into: $0)
                        }
                        #expect(bisected == rotation.lanes)
                        while any(index .>= 0) {
                            // The grid instant, then the bisection's mids of its step as the rule
                            // computes them, each time moving the low end up (the phasor with it).
                            let t = h * index
                            // As the twin: a critical lane's second part from t itself.
                            z = motion.polynomial(z, at: t)
                            var low = t, zLow = z
                            let high = h * (index + 1)
                            for round in -1..<CompletionCurve.visualBisectionRounds {
                                let instant = round < 0 ? t : low + 0.5 * (high - low)
                                let zAt = round < 0 ? z : motion.times(zLow, halves[round])
                                // As the twin: the grid instant's own bounds; the mids' once, from it.
                                let bounds = round < 0
                                    ? motion.displacementBounds(zAt, tolerance: block.tolerance)
                                    : motion.displacementBounds(from: z, tolerance: block.tolerance)
                                let (away, notAway) = motion.visualAnswers(
                                    zAt, at: instant, bounds: bounds, clamped: block.clamped, anyClamped: block.anyClamped,
                                    arrival: block.arrival, pastSide: block.pastSide)
                                for j in 0..<block.filled where rotation.lanes[j] && index[j] >= 0 {
                                    #expect(!(away[j] && notAway[j]))
                                    let rule = block.curve(j).isVisuallyAway(at: instant[j], tolerance: block.tolerance[j])
                                    if away[j] { #expect(rule, "ratio \(ratio) tolerance \(tolerance) lane \(j) t \(instant[j]): away") }
                                    if notAway[j] { #expect(!rule, "ratio \(ratio) tolerance \(tolerance) lane \(j) t \(instant[j]): not away") }
                                    asked += 1
                                    if away[j] || notAway[j] { answered += 1 }
                                }
                                (low, zLow) = (instant, zAt)
                            }
                            index = index - 1
                            z = motion.times(z, rotation.back)
                        }
                    }
                }
            }
        }
        #expect(asked > 10_000)
        // The margin is 2^-32 of the envelope: only instants that close to the tolerance are left open.
        #expect(Double(answered) > 0.999 * Double(asked), "\(answered) of \(asked)")
    }

    /// Their error grows with the squarings (about 2^-39.4 at most here, under the 2^-35 the
    /// phasor's bound allows in all); an overdamped lane's two modes each to that of its own size.
    @Test("the half steps are the phasor of width / 2^(r+1), lane by lane, to 2^-38 of their length")
    func halfSteps() {
        var checked = 0, overdamped = 0, critical = 0
        for response in [0.05, 0.35, 2.0] {
            for ratio in [0.02, 0.2, 0.7, 0.999, 1, 1.000001, 1.04, 3] {
                let blocks = Self.blocks(response: response, ratio: ratio, policy: .allow, tolerance: 1 / 1170)
                let motion = PhasorMotion(blocks[0])
                let rate = motion.rateSquared[0].squareRoot(), limit = motion.rateLimitSquared[0].squareRoot()
                // Widths up to the carried limit, rate width = 2^rounds, and one beyond it.
                for rounds in [CompletionCurve.visualBisectionRounds, PhasorMotion.energyRounds] {
                    for phase in [1e-6, 0.3, 5, 100, 599, Double(1 << rounds), Double(1 << rounds) * 1.01] {
                        let width = Lane(repeating: phase / rate)
                        var halves = [Phasor](repeating: Phasor(), count: rounds)
                        let valid = halves.withUnsafeMutableBufferPointer {
                            motion.steps(of: width, for: LaneMask(repeating: true), rounds: rounds, into: $0)
                        }
                        let expected = phase <= Double(1 << rounds) && phase <= limit
                        #expect(anyLane(valid .& blocks[0].live) == expected, "ratio \(ratio) phase \(phase), \(rounds) rounds")
                        for r in 0..<(anyLane(valid) ? rounds : 0) {
                            for j in 0..<blocks[0].filled where valid[j] {
                                let t = width[j] / Double(1 << (r + 1))
                                if motion.overdamped[j] {
                                    let e1 = Double.exp(motion.r1[j] * t), e2 = Double.exp(motion.r2[j] * t)
                                    #expect(abs(halves[r].c[j] - e1) <= 0x1p-38 * e1, "ratio \(ratio) phase \(phase) round \(r) lane \(j): slow mode")
                                    #expect(abs(halves[r].s[j] - e2) <= 0x1p-38 * e2, "ratio \(ratio) phase \(phase) round \(r) lane \(j): fast mode")
                                    overdamped += 1
                                } else if motion.critical[j] {
                                    // e^(-lambda t) and lambda t e^(-lambda t), each to 2^-38 of its size.
                                    let decay = Double.exp(-motion.lambda[j] * t), polynomial = motion.lambda[j] * t * decay
                                    #expect(abs(halves[r].c[j] - decay) <= 0x1p-38 * decay, "phase \(phase) round \(r) lane \(j): decay")
                                    #expect(abs(halves[r].s[j] - polynomial) <= 0x1p-38 * polynomial, "phase \(phase) round \(r) lane \(j): lambda t decay")
                                    critical += 1
                                } else {
                                    let decay = Double.exp(-motion.lambda[j] * t)
                                    let c = decay * Double.cos(motion.wd[j] * t), s = decay * Double.sin(motion.wd[j] * t)
                                    let error = abs(halves[r].c[j] - c) + abs(halves[r].s[j] - s)
                                    #expect(error <= 0x1p-38 * decay, "phase \(phase) round \(r) lane \(j): off by \(error / decay)")
                                }
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
        #expect(overdamped > 300)
        #expect(critical > 100)
    }

    @Test("the twin's closed forms per block: the bounds answer most questions of light damping")
    func closedFormsPerBlock() {
        var batch = BatchReleases()
        for response in [0.1, 0.35, 0.6] {
            for ratio in stride(from: 0.05, through: 0.85, by: 0.1) {
                let model = ProjectedSpringModel(spring: Spring(response: response, dampingRatio: ratio), threshold: 0.5)
                for start in Self.starts { batch.append(.physics(model), ReleaseState(progress: start.progress, velocity: start.velocity)) }
                for k in 0..<19 { batch.append(.physics(model), ReleaseState(progress: Double(k) / 20, velocity: Double(k) - 9)) }
            }
        }
        var vector = [Double](repeating: .nan, count: batch.count)
        let work = vector.withUnsafeMutableBufferPointer { batch.visualCompletionTimesOnLanes(tolerance: 1 / 1170, into: $0) }
        for i in 0..<batch.count {
            #expect(vector[i].bitPattern == batch.completionCurve(at: i).restTime(tolerance: 1 / 1170).bitPattern)
        }
        let blocks = (work.lanes + laneWidth - 1) / laneWidth
        // Each lane's rule asks 20 to 60 questions; the closed form answered all of them before.
        #expect(Double(work.closedForms) < 14 * Double(blocks), "\(work.closedForms) closed forms for \(blocks) blocks")
    }

    @Test("overdamped blocks: the two modes answer most questions, past critical damping by a hair")
    func closedFormsPerOverdampedBlock() {
        var batches: [(String, BatchReleases)] = []
        for response in [0.1, 0.35, 0.6] {
            for ratio in [1.0001, 1.01, 1.04, 1.5, 3] {
                let model = ProjectedSpringModel(spring: Spring(response: response, dampingRatio: ratio), threshold: 0.5)
                var batch = BatchReleases()
                for start in Self.starts { batch.append(.physics(model), ReleaseState(progress: start.progress, velocity: start.velocity)) }
                for k in 0..<19 { batch.append(.physics(model), ReleaseState(progress: Double(k) / 20, velocity: Double(k) - 9)) }
                batches.append(("ratio \(ratio)", batch))
            }
        }
        Self.expectRuleBitsAndFewClosedForms(batches)
    }

    @Test("critically damped blocks: e^(-lambda t) (1, lambda t) answers most questions")
    func closedFormsPerCriticalBlock() {
        Self.expectRuleBitsAndFewClosedForms(VisualCompletionTwinTests.criticalSprings.map { spring in
            var batch = BatchReleases()
            VisualCompletionTwinTests.criticalReleases(ProjectedSpringModel(spring: spring, threshold: 0.5), into: &batch)
            return ("\(spring)", batch)
        })
    }

    /// Each batch's twin answers are the rule's bits (tolerance 1 / 1170), and their blocks took
    /// under 14 closed forms each: each lane asks 20 to 60 questions, every one a closed form
    /// before the phasor carried them.
    static func expectRuleBitsAndFewClosedForms(_ batches: [(note: String, batch: BatchReleases)]) {
        var lanes = 0, closedForms = 0
        for (note, batch) in batches {
            var vector = [Double](repeating: .nan, count: batch.count)
            let work = vector.withUnsafeMutableBufferPointer { batch.visualCompletionTimesOnLanes(tolerance: 1 / 1170, into: $0) }
            for i in 0..<batch.count {
                #expect(vector[i].bitPattern == batch.completionCurve(at: i).restTime(tolerance: 1 / 1170).bitPattern, "\(note) lane \(i)")
            }
            lanes += work.lanes
            closedForms += work.closedForms
        }
        let blocks = lanes / laneWidth
        #expect(Double(closedForms) < 14 * Double(blocks), "\(closedForms) closed forms for \(blocks) blocks")
    }
}

extension VisualCompletionBlock {
    /// Adds a spring curve's lane (`.allow` or `.clamp`) as `visualCompletionTimesOnLanes` adds a
    /// batch's: its start, velocity, target, past side and spring.
    mutating func add(_ curve: CompletionCurve, tolerance: Double, lane: Int) {
        guard case .spring(let spring, let policy) = curve.shape else { preconditionFailure("a spring curve") }
        add(
            lane: lane, start: curve.start, velocity: curve.startVelocity, target: curve.target, pastSide: curve.pastSide,
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, clamp: policy == .clamp, tolerance: tolerance)
    }
}
