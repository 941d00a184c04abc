import Testing
@testable import TransitionBatch
@_spi(Lanes) import TransitionLab
@_spi(Lanes) import TransitionPhysics

/// The closed-form extrema on 16 lanes (`blockMotionExtrema`, `MotionExtrema` over
/// `SIMD16<Double>`) give every lane the bits of the scalar reference's `Double` call, for every
/// regime and for inputs at the edges of the numbers, none of which gives NaN.
@Suite struct MotionExtremaTwinTests {
    static func lanes(_ values: [Double]) -> Lane {
        var lane = Lane()
        for i in 0..<laneWidth { lane[i] = values[i % values.count] }
        return lane
    }

    /// 16 lanes of random springs and starts, then the same lanes through `Double`.
    static func check(y0: [Double], w0: [Double], springs: [Spring]) {
        let k = BlockCoefficients(
            step: identityLanes, stiffness: lanes(springs.map(\.stiffness)), damping: lanes(springs.map(\.damping)),
            mass: lanes(springs.map(\.mass)), omega0Squared: lanes(springs.map { $0.stiffness / $0.mass }), target: Lane(),
            side: Lane(repeating: 1), clamp: LaneMask(), rubber: LaneMask(), springLanes: LaneMask(repeating: true))
        let y = lanes(y0), w = lanes(w0)
        let vector = blockMotionExtrema(y0: y, w0: w, k)
        for i in 0..<laneWidth {
            let scalar = MotionExtrema.extrema(
                displacement: y[i], velocity: w[i], stiffness: k.stiffness[i], damping: k.damping[i], mass: k.mass[i])
            let label = "lane \(i): y0 \(y[i]), w0 \(w[i]), k \(k.stiffness[i]), c \(k.damping[i]), m \(k.mass[i])"
            #expect(vector.overshoot[i].bitPattern == scalar.overshoot.bitPattern, "overshoot \(vector.overshoot[i]) vs \(scalar.overshoot): \(label)")
            #expect(
                vector.peakAcceleration[i].bitPattern == scalar.peakAcceleration.bitPattern,
                "peak \(vector.peakAcceleration[i]) vs \(scalar.peakAcceleration): \(label)")
            #expect(!scalar.overshoot.isNaN && !scalar.peakAcceleration.isNaN, "NaN: \(label)")
            #expect(scalar.overshoot >= 0 && scalar.peakAcceleration >= 0, "negative: \(label)")
        }
    }

    @Test("every lane is the scalar reference's bits, every regime")
    func lanesAreScalarBits() {
        var g = SplitMix64(seed: 4816)
        for _ in 0..<400 {
            let springs = (0..<laneWidth).map { _ in randomSpring(&g) }
            let y0 = (0..<laneWidth).map { _ in Double.random(in: -2...2, using: &g) }
            let w0 = (0..<laneWidth).map { _ in Double.random(in: -40...40, using: &g) }
            Self.check(y0: y0, w0: w0, springs: springs)
        }
    }

    @Test("BatchIntegrator.motionExtrema: every lane, the tail after the last 16 included, the scalar reference's bits")
    func columnsAreScalarBits() {
        var g = SplitMix64(seed: 916)
        let count = 16 * 5 + 7
        let springs = (0..<count).map { _ in randomSpring(&g) }
        let y = (0..<count).map { _ in Double.random(in: -2...2, using: &g) }, w = (0..<count).map { _ in Double.random(in: -40...40, using: &g) }
        let k = springs.map(\.stiffness), c = springs.map(\.damping), m = springs.map(\.mass)
        var overshoot = [Double](repeating: .nan, count: count), peak = [Double](repeating: .nan, count: count)
        overshoot.withUnsafeMutableBufferPointer { o in
            peak.withUnsafeMutableBufferPointer { p in
                BatchIntegrator.motionExtrema(
                    displacement: y, velocity: w, stiffness: k, damping: c, mass: m, count: count, overshoot: o.baseAddress!,
                    peakAcceleration: p.baseAddress!)
            }
        }
        for i in 0..<count {
            let e = MotionExtrema.extrema(displacement: y[i], velocity: w[i], stiffness: k[i], damping: c[i], mass: m[i])
            #expect(overshoot[i].bitPattern == e.overshoot.bitPattern && peak[i].bitPattern == e.peakAcceleration.bitPattern, "lane \(i)")
        }
    }

    @Test("edges: zero and non-finite starts, extreme springs, damping ratios at 1 within an ulp; never NaN")
    func edges() {
        let springs = [
            Spring(response: 0.3, dampingRatio: 1), Spring(response: 0.3, dampingRatio: 1.nextDown), Spring(response: 0.3, dampingRatio: 1.nextUp),
            Spring(response: 0.3, dampingRatio: 0), Spring(mass: 1e-150, stiffness: 1e-150, damping: 0, allowOverDamping: true),
            Spring(mass: 1, stiffness: 1e300, damping: 1e150, allowOverDamping: true),
            Spring(mass: 1, stiffness: 1e-200, damping: 1e100, allowOverDamping: true), Spring(response: 1e-6, dampingRatio: 0.5),
        ]
        let values: [Double] = [0, -0.0, 1e-300, -1e-300, 1, -1, 1e300, -1e300, .infinity, -.infinity, .nan, 0x1p-1074]
        for a in values {
            for b in values { Self.check(y0: [a, b, -a, -b], w0: [b, a, b, -a], springs: springs) }
        }
    }
}
