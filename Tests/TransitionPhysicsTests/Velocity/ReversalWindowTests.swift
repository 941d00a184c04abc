import Testing
import TransitionPhysics

/// `VelocityWindow.reversalDistance` and what the least-squares estimator does after a turning
/// point, against closed forms: the window starts at the turning point, and with fewer samples
/// than a free parabola needs, the parabola has its vertex there (`x_k + a (t - t_k)^2`, least
/// squares in `a`: `a = sum(y tau^2) / sum(tau^4)`, slope `2 a tau_n`).
@Suite("VelocityWindow.reversalDistance: a velocity fit does not straddle a reversal")
struct ReversalWindowTests {
    typealias F = VelocityFixtures
    let tolerant = LeastSquaresVelocityEstimator.dropTolerant
    /// The same estimator without the reversal rule.
    var straddling: LeastSquaresVelocityEstimator {
        var estimator = tolerant
        estimator.window.reversalDistance = nil
        return estimator
    }

    /// Forward at 4 per second (progress: widths) for 150 ms at 60 Hz, up to 0.6 at 150 ms,
    /// then back from rest with acceleration -120 per second squared (x = 0.6 - 60 tau^2,
    /// v = -120 tau), sampled at `returnMs` (milliseconds after the turn).
    static func flickBack(returnMs: [Double]) -> [AxisSample] {
        let forward = F.axis(atMs: (0...9).map { Double($0) * 50 / 3 }, { 4 * $0 })
        let back = returnMs.map { AxisSample(time: 0.150 + $0 / 1000, position: 0.6 - 60 * ($0 / 1000) * ($0 / 1000)) }
        return forward + back
    }

    @Test("the window starts at the turning point, which is where the velocity was zero")
    func windowStartsAtTheTurn() {
        let samples = Self.flickBack(returnMs: [17, 33, 50])
        let turn = samples.firstIndex { $0.time == 0.150 }!
        let movement = tolerant.window.recentMovement(samples)
        #expect(movement.startsAtTurningPoint)
        #expect(movement.samples.startIndex == turn)
        #expect(tolerant.window.recentSamples(samples).startIndex == turn)
        let plain = straddling.window.recentMovement(samples)
        #expect(!plain.startsAtTurningPoint && plain.samples.count == 13, "without the rule: the whole 200 ms")
    }

    @Test("1 to 6 samples after the turn: the slope of the parabola with its vertex at the turn, exactly")
    func fromRestClosedForm() {
        // Irregular intervals (jitter, a dropped frame): the fit is exact on an exact parabola.
        let returnMs: [Double] = [20, 34, 49, 66, 83, 100]
        for count in 1...6 {
            let samples = Self.flickBack(returnMs: Array(returnMs.prefix(count)))
            let newest = returnMs[count - 1] / 1000
            #expect(F.isClose(tolerant.velocity(of: samples), -120 * newest, relative: 1e-12), "\(count) after the turn")
        }
    }

    @Test("one sample after the turn: twice its mean velocity since the turn (by hand)")
    func oneSampleByHand() {
        // Turn at (150 ms, 0.6), one sample at (170 ms, 0.55): a = -0.05 / 0.02^2, v = 2 a 0.02.
        let samples = Self.flickBack(returnMs: []) + [AxisSample(time: 0.170, position: 0.55)]
        #expect(F.isClose(tolerant.velocity(of: samples), 2 * -0.05 / 0.020, relative: 1e-12))
        // The parabola through the whole window still says the finger moves forwards.
        #expect(straddling.velocity(of: samples) > 0)
    }

    @Test("with a least-squares and noise: the from-rest fit is sum(y tau^2) / sum(tau^4) (by hand)")
    func fromRestLeastSquaresByHand() {
        // After the turn (150 ms, 0.6): y = -0.01, -0.05, -0.09 at tau = 10, 20, 30 ms.
        let samples = Self.flickBack(returnMs: []) + [(160.0, 0.59), (170, 0.55), (180, 0.51)].map {
            AxisSample(time: $0.0 / 1000, position: $0.1)
        }
        let tau: [Double] = [0.010, 0.020, 0.030], y: [Double] = [-0.01, -0.05, -0.09]
        var numerator = 0.0, denominator = 0.0
        for i in 0..<3 {
            numerator += y[i] * tau[i] * tau[i]
            denominator += tau[i] * tau[i] * tau[i] * tau[i]
        }
        let a = numerator / denominator
        #expect(F.isClose(tolerant.velocity(of: samples), 2 * a * 0.030, relative: 1e-12))
    }

    @Test("8 or more samples after the turn: the free parabola through them (the velocity at the turn need not be 0)")
    func longReturnIsAFreeParabola() {
        // x = 0.6 - 1 tau - 20 tau^2 after the turn: a parabola, so least squares is exact.
        let back = (1...9).map { i -> AxisSample in
            let tau = Double(i) * 0.016
            return AxisSample(time: 0.150 + tau, position: 0.6 - tau - 20 * tau * tau)
        }
        let samples = Self.flickBack(returnMs: []) + back
        let newest = 9 * 0.016
        #expect(tolerant.window.recentMovement(samples).startsAtTurningPoint)
        #expect(F.isClose(tolerant.velocity(of: samples), -1 - 40 * newest, relative: 1e-9))
    }

    @Test("noise and hesitation below the distance are no reversal")
    func smallWigglesKeepTheWindow() {
        // Forward, then a hold wiggling by 0.015 (< 0.02) around 0.6, lifted while still.
        var samples = Self.flickBack(returnMs: [])
        for (i, wiggle) in [-0.015, 0.0, -0.012, 0.004, -0.015, 0.0].enumerated() {
            samples.append(AxisSample(time: 0.150 + Double(i + 1) * 0.016, position: 0.6 + wiggle))
        }
        #expect(!tolerant.window.recentMovement(samples).startsAtTurningPoint)
        #expect(tolerant.velocity(of: samples) == straddling.velocity(of: samples))
    }

    @Test("the start of a movement from rest is no reversal")
    func movementFromRestIsNoReversal() {
        // At rest for 100 ms, then away: the window's minimum is a start, not a turn.
        let samples = F.axis(atMs: stride(from: 0.0, through: 200, by: 50.0 / 3).map { $0 }, { t in t < 0.1 ? 0 : 30 * (t - 0.1) * (t - 0.1) })
        #expect(!tolerant.window.recentMovement(samples).startsAtTurningPoint)
        #expect(tolerant.velocity(of: samples) == straddling.velocity(of: samples))
    }

    @Test("a second reversal: the window starts at the latest turning point")
    func latestTurningPoint() {
        // Forward to 0.6, back to 0.45 at 200 ms (a minimum, reached from above), forward again.
        var samples = Self.flickBack(returnMs: [17, 33, 50])
        samples.append(AxisSample(time: 0.217, position: 0.53))
        samples.append(AxisSample(time: 0.233, position: 0.56))
        let movement = tolerant.window.recentMovement(samples)
        #expect(movement.startsAtTurningPoint)
        #expect(movement.samples.first?.time == 0.200, "the minimum at 200 ms, not the maximum at 150 ms")
        #expect(tolerant.velocity(of: samples) > 0)
    }

    @Test("Flutter's and Android's trackers have no reversal rule: their fit straddles")
    func platformDefaultsUnchanged() {
        #expect(LeastSquaresVelocityEstimator().window.reversalDistance == nil)
        #expect(ImpulseVelocityEstimator().window.reversalDistance == nil)
        #expect(VelocityWindow().reversalDistance == nil)
        #expect(tolerant.window.reversalDistance == 0.02)
        let samples = Self.flickBack(returnMs: [17, 33])
        let flutter = LeastSquaresVelocityEstimator()
        var flutterWithRule = flutter
        flutterWithRule.window.reversalDistance = 0.02
        #expect(flutter.velocity(of: samples) != flutterWithRule.velocity(of: samples))
        // Flutter's parabola from 3 samples: the turn and 2 after it is a free parabola; with
        // only 1 after it, the vertex is the turn.
        #expect(F.isClose(flutterWithRule.velocity(of: Self.flickBack(returnMs: [20])), -120 * 0.020, relative: 1e-12))
    }

    @Test("the impulse estimator with the rule integrates from the turning point on")
    func impulseFromTheTurn() {
        let samples = Self.flickBack(returnMs: [17, 33, 50])
        let turn = samples.firstIndex { $0.time == 0.150 }!
        let impulse = ImpulseVelocityEstimator(window: VelocityWindow(reversalDistance: 0.02))
        #expect(impulse.velocity(of: samples) == ImpulseVelocityEstimator().velocity(of: Array(samples[turn...])))
        #expect(impulse.velocity(of: samples) < 0)
    }
}
