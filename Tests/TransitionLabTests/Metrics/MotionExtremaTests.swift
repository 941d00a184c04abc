import Testing
@_spi(Lanes) import TransitionLab
@_spi(Lanes) import TransitionPhysics

/// The closed-form extrema (`MotionExtrema`) against the exact motion sampled densely: the core's
/// own propagator (`Spring.state`) on a fine grid, each sampled maximum then refined by a golden
/// section search on the same closed form.
@Suite struct MotionExtremaTests {
    /// The largest of `value(t)` over t >= 0 by dense sampling up to `horizon` seconds (`count`
    /// intervals) and a golden-section refinement around the best sample.
    static func sampledMaximum(horizon: Double, count: Int, _ value: (Double) -> Double) -> Double {
        var best = value(0), bestIndex = 0
        for i in 1...count {
            let v = value(horizon * Double(i) / Double(count))
            if v > best { best = v; bestIndex = i }
        }
        var low = horizon * Double(max(bestIndex - 1, 0)) / Double(count)
        var high = horizon * Double(min(bestIndex + 1, count)) / Double(count)
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<200 {
            let a = high - ratio * (high - low), b = low + ratio * (high - low)
            if value(a) < value(b) { low = a } else { high = b }
        }
        return max(best, value((low + high) / 2))
    }

    /// Releases over every regime: underdamped (undamped included), critical, overdamped, and
    /// damping ratios within 1e-9 of critical on both sides.
    static func cases(count: Int) -> [(spring: Spring, y0: Double, w0: Double)] {
        var random = SplitMix64(seed: 48)
        let ratios: [Double] = [0, 1, 1 - 1e-9, 1 + 1e-9, 1 - 1e-4, 1 + 1e-4, 0.05, 3]
        return (0..<count).map { i in
            let response = Double.random(in: 0.05..<1, using: &random)
            let ratio = i < ratios.count * 4 ? ratios[i % ratios.count] : Double.random(in: 0..<2.5, using: &random)
            let y0 = i % 7 == 0 ? 0 : Double.random(in: -1.5..<1.5, using: &random)
            let w0 = i % 11 == 0 ? 0 : Double.random(in: -30..<30, using: &random)
            return (Spring(response: response, dampingRatio: ratio), y0, w0)
        }
    }

    @Test("overshoot and peak acceleration are the exact motion's, within 1e-9 of the travel (relative for the acceleration)")
    func extremaMatchDenselySampledMotion() {
        for (spring, y0, w0) in Self.cases(count: 300) {
            let closed = MotionExtrema.extrema(
                displacement: y0, velocity: w0, stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass)
            // Long enough for the first turns of every regime: the slow overdamped mode decays at
            // omega0² / (2 lambda) at least.
            let omega0 = (spring.stiffness / spring.mass).squareRoot()
            let lambda = spring.damping / (2 * spring.mass)
            let slowest = lambda > omega0 ? omega0 * omega0 / (2 * lambda) : max(lambda, 0.05 * omega0)
            let horizon = min(40 / slowest, 4 * Double.pi / omega0 * 20)
            let state = { (t: Double) in spring.state(initialDisplacement: y0, initialVelocity: w0, time: t) }
            let excursion = Self.sampledMaximum(horizon: horizon, count: 40_000) { state($0).displacement }
            let peak = Self.sampledMaximum(horizon: horizon, count: 40_000) { t in
                let s = state(t)
                return abs(-(spring.stiffness * s.displacement + spring.damping * s.velocity) / spring.mass)
            }
            let label = "response \(spring.response) s, damping ratio \(spring.dampingRatio), y0 \(y0), w0 \(w0)/s"
            #expect(abs(closed.overshoot - max(excursion, 0)) <= 1e-9, "overshoot \(closed.overshoot) vs \(excursion): \(label)")
            #expect(
                abs(closed.peakAcceleration - peak) <= 1e-9 * max(peak, 1),
                "peak acceleration \(closed.peakAcceleration) vs \(peak): \(label)")
        }
    }

    @Test("a spring completion's overshoot and peak acceleration do not change with the frame rate")
    func frameRateIndependent() {
        for (spring, y0, w0) in Self.cases(count: 60) {
            for policy in [OvershootPolicy.allow, .rubberBand] {
                let curve = CompletionCurve(shape: .spring(spring, overshoot: policy), start: 1 - y0, startVelocity: -w0, target: 1)
                let reference = curve.metrics(releaseVelocity: 0, frameRate: 240)
                for rate in [60.0, 90, 120, 1000] {
                    let m = curve.metrics(releaseVelocity: 0, frameRate: rate)
                    #expect(m.overshoot == reference.overshoot, "\(policy) at \(rate) Hz")
                    if policy == .allow { #expect(m.peakAcceleration == reference.peakAcceleration, "at \(rate) Hz") }
                }
            }
        }
    }

    @Test("the frames never exceed the motion's extrema, and come within the sampling error of them")
    func framesBelowTheMotion() {
        for (spring, y0, w0) in Self.cases(count: 60) {
            let curve = CompletionCurve(shape: .spring(spring, overshoot: .allow), start: 1 - y0, startVelocity: -w0, target: 1)
            let m = curve.metrics(releaseVelocity: 0, frameRate: 240)
            var framesOvershoot = 0.0, framesPeak = 0.0
            let dt = 1.0 / 240
            for n in 0...2400 {
                let s = spring.state(
                    initialDisplacement: curve.start - curve.target, initialVelocity: curve.startVelocity, time: Double(n) * dt)
                framesOvershoot = max(framesOvershoot, s.displacement * curve.pastSide)
                framesPeak = max(framesPeak, abs(spring.stiffness * s.displacement + spring.damping * s.velocity) / spring.mass)
            }
            #expect(framesOvershoot <= m.overshoot + 1e-12)
            #expect(framesPeak <= m.peakAcceleration * (1 + 1e-12))
        }
    }
}
