import Testing
@testable import TransitionPhysics

/// The spring's visual completion in closed form (`SpringVisualRest`, through
/// `CompletionCurve.restTime(tolerance:)`) against the exact motion sampled densely
/// (`CompletionCurve.state(at:)`, the propagator), over the three damping regimes, near critical
/// damping from both sides, `.allow` and `.clamp`, and tolerances from a pixel of a phone to 1e-6.
@Suite("Spring visual completion in closed form")
struct SpringVisualRestTests {
    /// The last instant the shown progress is `tolerance` or more from the target, from samples
    /// `samplesPerPeriod` to a damped period (at least 20,000 over the horizon) and halvings of
    /// the last sample step: the reference, which can only miss a bump narrower than a sample.
    static func sampled(_ curve: CompletionCurve, spring: Spring, tolerance: Double, horizon: Double) -> Double {
        func away(_ t: Double) -> Bool { abs(curve.progress(at: t) - curve.target) >= tolerance }
        let lambda = spring.decayRate, w0 = spring.naturalAngularFrequency
        let q = w0 * w0 - lambda * lambda
        let period = q > 0 ? 2 * Double.pi / q.squareRoot() : horizon
        let n = max(20_000, min(2_000_000, Int(horizon / period * 256)))
        var last = -1
        for i in stride(from: n, through: 0, by: -1) where away(horizon * Double(i) / Double(n)) {
            last = i
            break
        }
        guard last >= 0 else { return 0 }
        var low = horizon * Double(last) / Double(n), high = horizon * Double(last + 1) / Double(n)
        for _ in 0..<200 {
            let mid = low + 0.5 * (high - low)
            if !(mid > low && mid < high) { break }
            if away(mid) { low = mid } else { high = mid }
        }
        return high
    }

    struct Case: CustomStringConvertible {
        var spring: Spring, start: Double, velocity: Double, target: Double, tolerance: Double, policy: OvershootPolicy
        var description: String {
            "\(spring) start \(start) velocity \(velocity) target \(target) tolerance \(tolerance) \(policy)"
        }
        var curve: CompletionCurve {
            CompletionCurve(shape: .spring(spring, overshoot: policy), start: start, startVelocity: velocity, target: target)
        }
    }

    static func cases(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix(seed: seed)
        var cases: [Case] = []
        for i in 0..<count {
            let ratios = [
                random.uniform(0.02, 0.98), 1, random.uniform(1.0001, 3), 1 - random.uniform(1e-9, 1e-4),
                1 + random.uniform(1e-9, 1e-4), random.uniform(0.5, 1.5),
            ]
            let ratio = ratios[i % ratios.count]
            let spring = Spring(response: random.uniform(0.05, 1), dampingRatio: ratio)
            let target = random.uniform(0, 1) < 0.5 ? 0.0 : 1.0
            // Starts at the target and on either side; velocities toward, away and none.
            let start = [target, random.uniform(-0.2, 1.2), random.uniform(0, 1)][Int(random.uniform(0, 3))]
            let velocity = [0, random.uniform(-12, 12), random.uniform(-1, 1)][Int(random.uniform(0, 3))]
            let tolerance = [1 / 1170.0, 1 / 390.0, 1e-4, 1e-6][Int(random.uniform(0, 4))]
            let policy: OvershootPolicy = random.uniform(0, 1) < 0.5 ? .allow : .clamp
            cases.append(Case(spring: spring, start: start, velocity: velocity, target: target, tolerance: tolerance, policy: policy))
        }
        return cases
    }

    @Test("Within 1 µs of the densely sampled exact motion's last instant a tolerance away (lowered by 2^-20), and never away after, in every regime")
    func againstTheExactMotion() {
        var worst = 0.0
        for c in Self.cases(count: 3000, seed: 48) {
            let curve = c.curve
            let rest = curve.restTime(tolerance: c.tolerance)
            #expect(rest.isFinite && rest >= 0, "\(c)")
            let horizon = c.spring.restTime(
                initialDisplacement: c.start - c.target, initialVelocity: c.velocity, tolerance: c.tolerance) * 1.01 + 1e-9
            let reference = Self.sampled(curve, spring: c.spring, tolerance: c.tolerance, horizon: horizon)
            // The closed form solves for the tolerance less 2^-20 of itself and 2^-50 of the
            // progress's size (its search's and the shown progress's rounding): later by that
            // distance over the speed there, plus 1e-6 s (the search's angles are good to about
            // 1e-8 radians: over omega_d near critical damping, up to about 2e-7 s).
            let size = abs(c.start) + abs(c.target) + abs(c.start - c.target) + abs(c.velocity) / c.spring.naturalAngularFrequency
            let lowered = (0x1p-20 * c.tolerance + 0x1p-50 * size) / max(abs(curve.velocity(at: reference)), 1e-300)
            let error = rest - reference
            worst = max(worst, abs(error) - lowered)
            #expect(error >= -1e-9 && error <= 1e-6 + lowered, "\(c): closed form \(rest), sampled \(reference)")
            // From the answer on, nothing is a tolerance away, up to the propagator's own rounding:
            // within a damping ratio of 1e-4 of critical it rounds by up to ~2e-13 (0.99998: shown
            // 8.5470085494e-4 where 40-digit arithmetic has 8.5470085473e-4).
            for k in 0...400 {
                let t = rest + horizon * Double(k) / 400
                #expect(abs(curve.progress(at: t) - c.target) < c.tolerance + 1e-12, "\(c): away at \(t) after \(rest)")
            }
        }
        print("SpringVisualRestTests: largest difference from the sampled motion beyond the lowered tolerance's \(worst) s")
    }

    @Test("A start at the target: nothing to show, or the whole first swing, by policy and side")
    func startAtTheTarget() {
        let spring = Spring(response: 0.4, dampingRatio: 0.6)
        // At rest at the target: done at once.
        #expect(CompletionCurve(shape: .spring(spring, overshoot: .allow), start: 1, startVelocity: 0, target: 1)
            .restTime(tolerance: 1e-4) == 0)
        // Pushed on past the end (target 1, moving up): `.clamp` holds it; `.allow` shows the swing.
        let clamped = CompletionCurve(shape: .spring(spring, overshoot: .clamp), start: 1, startVelocity: 2, target: 1)
        #expect(clamped.restTime(tolerance: 1e-4) == 0)
        let allowed = CompletionCurve(shape: .spring(spring, overshoot: .allow), start: 1, startVelocity: 2, target: 1)
        #expect(allowed.restTime(tolerance: 1e-4) > 0.2)
        // Moving inward from the end: the swing inward shows under either policy, and `.clamp`
        // ends at its return to the target.
        let inward = CompletionCurve(shape: .spring(spring, overshoot: .clamp), start: 1, startVelocity: -2, target: 1)
        let rest = inward.restTime(tolerance: 1e-4)
        let arrival = spring.firstZeroCrossing(initialDisplacement: 0, initialVelocity: -2)!
        #expect(rest > 0 && rest < arrival)
        #expect(abs(inward.progress(at: rest * (1 - 1e-9)) - 1) >= 1e-4 * (1 - 1e-6))
    }

    @Test("Large and tiny states and tolerances: finite, never NaN")
    func extremes() {
        for ratio in [0.05, 1, 2.5] {
            let spring = Spring(response: 0.3, dampingRatio: ratio)
            for (start, velocity, tolerance) in [
                (1e300, -1e300, 1.0), (1e-300, 0, 1e-300), (0, 1e-300, 0x1p-1030), (0.5, 1e308, 1e-3), (1, 0, 0x1p-1062),
                (0.5, -3, 1e300),
            ] {
                for policy in [OvershootPolicy.allow, .clamp] {
                    let curve = CompletionCurve(shape: .spring(spring, overshoot: policy), start: start, startVelocity: velocity, target: 0)
                    let rest = curve.restTime(tolerance: tolerance)
                    #expect(!rest.isNaN && rest >= 0, "\(ratio) \(start) \(velocity) \(tolerance) \(policy): \(rest)")
                }
            }
        }
    }
}

/// SplitMix64: a seeded generator for reproducible cases.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * Double(next() >> 11) * 0x1p-53 }
}

