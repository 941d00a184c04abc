import RealModule
import Testing
import TransitionLab
import TransitionPhysics

// Settling: SwiftUI's estimate `settlingDuration` (reproduced for parity, see Spring+Settling.swift)
// and the exact last exit from a tolerance band, `settlingTime`, checked against a brute-force
// scan of an independent RK4 integration.

/// The last time on a grid of step `h` in [0, horizon] where |x| >= tolerance (nil if none), by
/// classic RK4 at step h from (x0, v0): independent of the code under test.
private func lastGridExit(
    spring: Spring, x0: Double, v0: Double, tolerance: Double, horizon: Double, h: Double = 1e-5
) -> Double? {
    let m = spring.mass, k = spring.stiffness, c = spring.damping
    func accel(_ x: Double, _ v: Double) -> Double { -(k * x + c * v) / m }
    var x = x0, v = v0
    var last: Double? = abs(x0) >= tolerance ? 0 : nil
    let steps = Int((horizon / h).rounded(.up))
    for i in 1...steps {
        rk4Step(x: &x, v: &v, h: h, acceleration: accel)
        if abs(x) >= tolerance { last = Double(i) * h }
    }
    return last
}

/// A random spring and initial state for the settling comparison, reproducible from its seed.
private struct SettlingCase: CustomStringConvertible {
    var spring: Spring, x0: Double, v0: Double, tolerance: Double, seed: UInt64
    var description: String { "seed \(seed): \(spring), x0 \(x0), v0 \(v0), tolerance \(tolerance)" }

    init(seed: UInt64) {
        self.seed = seed
        var rng = SplitMix64(seed: seed)
        let ratio: Double
        switch seed % 5 {
        case 0: ratio = .random(in: 0.15...0.95, using: &rng)
        case 1: ratio = 1
        case 2: ratio = .random(in: 1.05...3, using: &rng)
        case 3: ratio = 1 + .random(in: -1e-7...1e-7, using: &rng) * (Bool.random(using: &rng) ? 1 : 1e-6)
        default: ratio = .random(in: 0.15...3, using: &rng)
        }
        let response = Double.random(in: 0.1...0.6, using: &rng)
        let mass = Double.logUniform(in: 0.2...5, using: &rng)
        let omega0 = 2 * Double.pi / response
        spring = Spring(mass: mass, stiffness: mass * omega0 * omega0, damping: 2 * ratio * mass * omega0, allowOverDamping: true)
        // Initial states: from rest, toward the target (overshooting), away from it, pure fling.
        let size = Double.logUniform(in: 0.1...300, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        switch (seed / 5) % 4 {
        case 0: (x0, v0) = (size, 0)
        case 1: (x0, v0) = (size, -size * omega0 * .random(in: 0.5...6, using: &rng))
        case 2: (x0, v0) = (size, size * omega0 * .random(in: 0.2...4, using: &rng))
        default: (x0, v0) = (0, size * omega0)
        }
        scale = max(abs(x0), abs(v0) / omega0)
        tolerance = scale * Double.logUniform(in: 1e-7...0.9, using: &rng)
    }

    /// The size of the motion: the largest of |x0| and |v0| / omega0.
    var scale: Double
}

@Suite("Spring settling")
struct SpringSettlingTests {
    @Test("settlingDuration of an undamped spring is infinity")
    func undampedNeverSettles() {
        #expect(Spring(response: 0.5, dampingRatio: 0).settlingDuration == .infinity)
        #expect(Spring(mass: 2, stiffness: 100, damping: 0).settlingDuration(target: 3, initialVelocity: 1, epsilon: 0.01) == .infinity)
        #expect(Spring(duration: 0.4, bounce: 1).settlingDuration == .infinity)
    }

    @Test("underdamped settlingDuration is SwiftUI's envelope -ln(eps / (|lambda target - v0| + |target|)) / lambda")
    func underdampedEnvelope() {
        for spring in [Spring.bouncy, .snappy, Spring(response: 0.3, dampingRatio: 0.2), Spring(mass: 2, stiffness: 300, damping: 10)] {
            let lambda = spring.damping / (2 * spring.mass)
            #expect(spring.settlingDuration.isApproximatelyEqual(to: -Double.log(0.001 / (lambda + 1)) / lambda, relativeTolerance: 1e-14))
            for (target, v0, eps) in [(5.0, -3.0, 0.01), (-200, 1500, 0.5), (1, 40, 1e-6)] {
                let expected = -Double.log(eps / (abs(lambda * target - v0) + abs(target))) / lambda
                #expect(spring.settlingDuration(target: target, initialVelocity: v0, epsilon: eps).isApproximatelyEqual(to: expected, relativeTolerance: 1e-14))
            }
            // An epsilon above the envelope's start is settled at once (clamped at 0, not negative).
            #expect(spring.settlingDuration(target: 1, initialVelocity: 0, epsilon: 1e3) == 0)
            // For springs that settle within ~1 s (lambda well above 1/s) the envelope is a true bound.
            #expect(spring.settlingDuration >= spring.settlingTime(initialDisplacement: -1, initialVelocity: 0, tolerance: 0.001))
        }
        // It is no bound in general (a rate is added to a displacement): a slow spring near
        // critical damping is declared settled 2.3 s before it is. Pinned, as SwiftUI parity.
        let slow = Spring(response: 10, dampingRatio: 0.99)
        #expect(abs(slow.settlingDuration - 11.88) <= 0.01)
        #expect(abs(slow.settlingTime(initialDisplacement: -1, initialVelocity: 0, tolerance: 0.001) - 14.23) <= 0.01)
    }

    @Test("critical and overdamped settlingDuration scans a 0.1 s grid: .smooth gives 0.8")
    func smoothScan() {
        #expect(Spring.smooth.settlingDuration.isApproximatelyEqual(to: 0.8, relativeTolerance: 1e-12))
        // From rest the approach is monotone, so the scan answers the first grid time inside the
        // band: the exact settling time rounded up to the grid.
        for spring in [Spring.smooth, Spring(response: 0.5, dampingRatio: 1.5), .uiKitSystem, Spring(duration: 1.2, bounce: -0.4)] {
            let exact = spring.settlingTime(initialDisplacement: -1, initialVelocity: 0, tolerance: 0.001)
            let expected = (exact / 0.1).rounded(.up) * 0.1
            #expect(spring.settlingDuration.isApproximatelyEqual(to: expected, relativeTolerance: 1e-12), "\(spring): exact \(exact)")
        }
        // Nothing inside the band within the scan's 102.4 s: 0, as SwiftUI.
        #expect(Spring(response: 100, dampingRatio: 1).settlingDuration == 0)
    }

    @Test("settlingTime trivial cases: at rest, inside the band, undamped")
    func settlingTimeEdges() {
        let spring = Spring.bouncy
        #expect(spring.settlingTime(initialDisplacement: 0, initialVelocity: 0, tolerance: 1e-9) == 0)
        #expect(spring.settlingTime(initialDisplacement: 1e-4, initialVelocity: 0, tolerance: 1e-3) == 0)
        let undamped = Spring(response: 0.5, dampingRatio: 0)
        #expect(undamped.settlingTime(initialDisplacement: 1, initialVelocity: 0, tolerance: 0.5) == .infinity)
        // Amplitude sqrt(x0^2 + (v0 / omega0)^2) = 0.5: settled only for a larger tolerance.
        let omega0 = undamped.naturalAngularFrequency
        #expect(undamped.settlingTime(initialDisplacement: 0.3, initialVelocity: 0.4 * omega0, tolerance: 0.45) == .infinity)
        #expect(undamped.settlingTime(initialDisplacement: 0.3, initialVelocity: 0.4 * omega0, tolerance: 0.55) == 0)
    }

    @Test("settlingTime is the last exit from the band: brute-force RK4 scan at 1e-5 s", arguments: Array(UInt64(0)..<150))
    func settlingTimeMatchesBruteForce(seed: UInt64) {
        let c = SettlingCase(seed: seed)
        let s = c.spring
        let settle = s.settlingTime(initialDisplacement: c.x0, initialVelocity: c.v0, tolerance: c.tolerance)
        #expect(settle.isFinite && settle >= 0, "\(c)")
        guard settle.isFinite else { return }
        // Horizon: well past the answer, by five of the slowest time constants (lambda, or the
        // slow overdamped root), where every later excursion would have to have started > 100x
        // above the band; and at least 1 s.
        let lambda = s.damping / (2 * s.mass), q = s.stiffness / s.mass - lambda * lambda
        let slowRate = q >= 0 ? lambda : (s.stiffness / s.mass) / (lambda + (-q).squareRoot())
        let horizon = settle + max(1, (q == 0 || abs(q) < 1e-6 * lambda * lambda ? 10 : 5) / slowRate)
        let h = 1e-5
        // Both the closed form and RK4 are accurate to ~1e-14 of the scale, absolutely: within
        // `margin` of the band's edge neither can tell inside from outside, so the grid counts only
        // points clearly outside, and the answer need only be outside up to the margin.
        let margin = 1e-12 * c.scale
        let last = lastGridExit(spring: s, x0: c.x0, v0: c.v0, tolerance: c.tolerance + margin, horizon: horizon, h: h)
        if settle == 0 {
            #expect(last == nil, "settlingTime says 0 but |x| >= tolerance at \(last ?? 0) s; \(c)")
            return
        }
        // Not too early: no grid point after the answer leaves the band.
        #expect((last ?? 0) <= settle, "left the band again at \(last ?? -1) s after \(settle) s; \(c)")
        // Not too late: the answer is an exit, so the motion is outside the band just before it...
        let before = s.state(initialDisplacement: c.x0, initialVelocity: c.v0, time: max(0, settle - 1e-9))
        #expect(abs(before.displacement) >= c.tolerance - margin, "not outside the band just before \(settle) s; \(c)")
        // ...and the grid saw that exit: within one step, plus the time the motion takes to cross
        // the margin at the exit's speed (long only for a tangential exit, where |v| is tiny).
        if let last {
            let exitSpeed = abs(before.velocity)
            #expect(settle - last <= h + 2 * margin / exitSpeed + 1e-12, "grid exit \(last) s, answer \(settle) s; \(c)")
        }
    }
}
