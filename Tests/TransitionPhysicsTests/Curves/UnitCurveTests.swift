import RealModule
import Testing
import TransitionLab
import TransitionPhysics

// UnitCurve: oracles C1-C4 (OpenSwiftUI's compatibility tests, run against real SwiftUI), the
// inverse of x(t) to 1e-12, and value/velocity against an independent Bernstein evaluation.

/// The cubic Bezier coordinate through 0 and 1 with control values p1, p2 (Bernstein form,
/// written independently of UnitCurve's power basis).
private func bezier(_ p1: Double, _ p2: Double, at t: Double) -> Double {
    let s = 1 - t
    return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
}

/// The curve's x(t), with the control x coordinates clamped to [0, 1] as documented.
private func curveX(_ curve: UnitCurve, _ t: Double) -> Double {
    bezier(min(max(curve.startControlPoint.x, 0), 1), min(max(curve.endControlPoint.x, 0), 1), at: t)
}

private func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> UnitCurve {
    .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
}

/// Named curves, steep and degenerate ones, and control points outside [0, 1].
private let testCurves: [UnitCurve] = UnitCurve.named.map(\.curve) + [
    curve(0, 1, 0, 1), curve(1, 0, 1, 0), curve(0, 0, 0, 0), curve(1, 1, 1, 1), curve(0, 0, 1, 1),
    curve(1, 0, 0, 1), curve(0, 1, 1, 0), curve(0.5, -1, 0.5, 2), curve(-0.5, 0, 1.5, 1), curve(1e-9, 0, 1 - 1e-9, 1),
]

/// A dense grid of x in [0, 1], with points crowded at both ends.
private let denseX: [Double] = (0...10_000).map { Double($0) / 10_000 }
    + [1e-300, 1e-16, 1e-12, 1e-8, 1e-5, 1 - 1e-5, 1 - 1e-8, 1 - 1e-12, 1.0.nextDown]

@Suite("UnitCurve")
struct UnitCurveTests {
    @Test("C1-C4: values and velocities at 0.25 / 0.5 / 0.75 as in SwiftUI")
    func oracles() {
        let rows: [(UnitCurve, [Double], [Double])] = [
            (.easeIn, [0.09, 0.32, 0.62], [0.67, 1.07, 1.37]),
            (.easeOut, [0.38, 0.68, 0.91], [1.37, 1.07, 0.67]),
            (.easeInOut, [0.13, 0.5, 0.87], [1.06, 1.72, 1.06]),
        ]
        for (curve, values, velocities) in rows {
            for (i, x) in [0.25, 0.5, 0.75].enumerated() {
                #expect(abs(curve.value(at: x) - values[i]) <= 0.01, "\(curve) value at \(x)")
                #expect(abs(curve.velocity(at: x) - velocities[i]) <= 0.01, "\(curve) velocity at \(x)")
            }
        }
        // C3's exact values, to their four decimals.
        #expect(abs(UnitCurve.easeInOut.value(at: 0.25) - 0.1292) <= 5e-5)
        #expect(UnitCurve.easeInOut.value(at: 0.5).isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-15))
        #expect(abs(UnitCurve.easeInOut.value(at: 0.75) - 0.8708) <= 5e-5)
        // C1, C2: the end velocities SwiftUI reports.
        #expect(UnitCurve.easeIn.velocity(at: 0) == 0)
        #expect(UnitCurve.easeIn.velocity(at: 1) == 0)
        #expect(UnitCurve.easeOut.velocity(at: 0) == 1.0)
        // C4
        let c4 = curve(0.25, 0.1, 0.75, 0.9)
        #expect(abs(c4.value(at: 0.5) - 0.5) <= 0.01)
        #expect(abs(c4.velocity(at: 0.5) - 1.20) <= 0.01)
    }

    @Test("x(parameter(forX: x)) == x within 1e-12, parameter in [0, 1] and monotone", arguments: testCurves)
    func inverseIsAccurate(curve: UnitCurve) {
        var previous = 0.0
        for x in denseX.sorted() {
            let t = curve.parameter(forX: x)
            #expect(t >= 0 && t <= 1 && t >= previous, "\(curve): t \(t) at x \(x)")
            #expect(abs(curveX(curve, t) - x) <= 1e-12, "\(curve): x(t) \(curveX(curve, t)) for x \(x)")
            previous = t
        }
    }

    @Test("the inverse holds for 2,000 random control points, steep ones included")
    func inverseRandomCurves() {
        var rng = SplitMix64(seed: 42)
        for i in 0..<2_000 {
            // Half of them with control x at or near 0 or 1, where x(t) is flattest.
            func controlX() -> Double {
                i % 2 == 0 ? Double.random(in: 0...1, using: &rng) : [0, 1e-12, 1 - 1e-12, 1].randomElement(using: &rng)!
            }
            let c = curve(controlX(), .random(in: -1...2, using: &rng), controlX(), .random(in: -1...2, using: &rng))
            for _ in 0..<50 {
                let x = Double.random(in: 0...1, using: &rng)
                #expect(abs(curveX(c, c.parameter(forX: x)) - x) <= 1e-12, "curve #\(i) (seed 42) \(c), x \(x)")
            }
        }
    }

    @Test("value(at:) is y at the parameter, against an independent bisection", arguments: UnitCurve.named.map(\.curve) + [curve(0.25, 0.1, 0.75, 0.9), curve(0.5, -1, 0.5, 2)])
    func valueMatchesBisection(curve: UnitCurve) {
        for x in stride(from: 0.0, through: 1, by: 0.001) {
            var low = 0.0, high = 1.0
            for _ in 0..<200 {
                let mid = (low + high) / 2
                if curveX(curve, mid) < x { low = mid } else { high = mid }
            }
            let expected = bezier(curve.startControlPoint.y, curve.endControlPoint.y, at: (low + high) / 2)
            #expect(abs(curve.value(at: x) - expected) <= 1e-12, "\(curve) at \(x)")
        }
    }

    @Test("named curves carry Core Animation's and Flutter's control points")
    func namedControlPoints() {
        let expected: [(String, UnitPoint, UnitPoint)] = [
            ("linear", UnitPoint(x: 0, y: 0), UnitPoint(x: 1, y: 1)),
            ("easeIn", UnitPoint(x: 0.42, y: 0), UnitPoint(x: 1, y: 1)),
            ("easeOut", UnitPoint(x: 0, y: 0), UnitPoint(x: 0.58, y: 1)),
            ("easeInOut", UnitPoint(x: 0.42, y: 0), UnitPoint(x: 0.58, y: 1)),
            ("default", UnitPoint(x: 0.25, y: 0.1), UnitPoint(x: 0.25, y: 1)),
            ("fastLinearToSlowEaseIn", UnitPoint(x: 0.18, y: 1), UnitPoint(x: 0.04, y: 1)),
        ]
        #expect(UnitCurve.named.map(\.name) == expected.map(\.0))
        for (name, start, end) in expected {
            let curve = UnitCurve.named(name)
            #expect(curve?.startControlPoint == start && curve?.endControlPoint == end, "\(name)")
        }
        #expect(UnitCurve.default == UnitCurve.named("default"))
        #expect(UnitCurve.fastLinearToSlowEaseIn == UnitCurve.named("fastLinearToSlowEaseIn"))
        #expect(UnitCurve.named("bogus") == nil)
        // linear is the identity up to the rounding of the cubic's evaluation (a few ulps).
        for x in [0.1, 0.3, 0.77] { #expect(abs(UnitCurve.linear.value(at: x) - x) <= 4 * x.ulp) }
    }

    @Test("value and velocity clamp their input to [0, 1]", arguments: testCurves)
    func clamping(curve: UnitCurve) {
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        for below in [-1e-9, -0.5, -1e300] {
            #expect(curve.value(at: below) == curve.value(at: 0))
            #expect(curve.velocity(at: below) == curve.velocity(at: 0))
        }
        for above in [1 + 1e-9, 1.5, 1e300] {
            #expect(curve.value(at: above) == curve.value(at: 1))
            #expect(curve.velocity(at: above) == curve.velocity(at: 1))
        }
    }

    @Test("velocity is the derivative of value in the interior", arguments: UnitCurve.named.map(\.curve) + [curve(0.25, 0.1, 0.75, 0.9), curve(0.5, -1, 0.5, 2)])
    func velocityIsDerivative(curve: UnitCurve) {
        let h = 1e-6
        for x in stride(from: 0.02, through: 0.98, by: 0.005) {
            let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            let velocity = curve.velocity(at: x)
            // Central difference: truncation ~h^2 y''' / 6, round-off ~1e-16 / h: both ~1e-10.
            #expect(abs(difference - velocity) <= 1e-6 * max(1, abs(velocity)), "\(curve) at \(x): \(velocity) vs \(difference)")
        }
    }

    @Test("inverse swaps x and y: inverse.value(value(x)) == x for monotone curves")
    func inverseCurve() {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, .default, curve(0.25, 0.1, 0.75, 0.9)] {
            let inverse = curve.inverse
            #expect(inverse.startControlPoint == UnitPoint(x: curve.startControlPoint.y, y: curve.startControlPoint.x))
            for x in stride(from: 0.0, through: 1, by: 0.01) {
                #expect(abs(inverse.value(at: curve.value(at: x)) - x) <= 1e-9, "\(curve) at \(x)")
            }
        }
    }
}
