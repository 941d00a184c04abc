import RealModule
import Testing
import TransitionPhysics

// Projection (where a released gesture coasts to), the rubber band, and UIKit's relative spring
// velocity: oracles P1-P3 and the three named projection forms against the sums and integrals
// they stand for.

private let rates: [DecelerationRate] = [.normal, .fast, DecelerationRate(rawValue: 0.9), DecelerationRate(rawValue: 0.5)]

@Suite("Projection and rubber band")
struct ProjectionTests {
    @Test("P1: Motion decay, rate 0.998, velocity 2000: continuous 998.999, discrete 998.0")
    func p1() {
        let continuous = DecelerationRate.normal.projectedDistance(initialVelocity: 2000, form: .continuous)
        #expect(abs(continuous - 998.999) <= 0.001)
        #expect(abs(continuous - 998.99967) <= 1e-5)
        let discrete = DecelerationRate.normal.projectedDistance(initialVelocity: 2000, form: .discrete)
        #expect(discrete.isApproximatelyEqual(to: 998.0, relativeTolerance: 1e-12))
        #expect(DecelerationRate.normal.projectedDistance(initialVelocity: 2000) == discrete, "discrete is the default")
    }

    @Test("P2: Motion rubber band, c 0.55, bounds 100: -10 / 110 / 50 show at -5.213 / 105.213 / 50")
    func p2() {
        #expect(abs(RubberBand.clamp(-10, to: 0...100, dimension: 100) - -5.213) <= 0.001)
        #expect(abs(RubberBand.clamp(110, to: 0...100, dimension: 100) - 105.213) <= 0.001)
        #expect(RubberBand.clamp(50, to: 0...100, dimension: 100) == 50)
        #expect(abs(RubberBand.offset(-10, dimension: 100) - -5.213) <= 0.001)
        #expect(RubberBand.constant == 0.55)
    }

    @Test("P3: UIKit spring initialVelocity, 200 pt at 100 pt/s is 0.5")
    func p3() {
        #expect(Spring.uiKitInitialVelocity(absoluteVelocity: 100, distance: 200) == 0.5)
        #expect(Spring.uiKitInitialVelocity(absoluteVelocity: -100, distance: 200) == -0.5)
        #expect(Spring.uiKitInitialVelocity(absoluteVelocity: 100, distance: 0) == 0, "no relative velocity over no distance")
        #expect(Spring.absoluteVelocity(uiKitInitialVelocity: 0.5, distance: 200) == 100)
    }

    @Test("DecelerationRate raw values: normal 0.998, fast 0.99 per ms")
    func rawValues() {
        #expect(DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
        #expect(ProjectionForm.allCases == [.discrete, .continuous, .perMillisecondSum])
    }

    @Test("the three forms are the formulas of physics-and-platforms.md section 4", arguments: rates)
    func formulas(rate: DecelerationRate) {
        let r = rate.rawValue
        for v in [-3000.0, 1, 2000] {
            #expect(rate.projectedDistance(initialVelocity: v, form: .discrete).isApproximatelyEqual(to: (v / 1000) * r / (1 - r), relativeTolerance: 1e-15))
            #expect(rate.projectedDistance(initialVelocity: v, form: .continuous).isApproximatelyEqual(to: -v / (1000 * Double.log(r)), relativeTolerance: 1e-15))
            #expect(rate.projectedDistance(initialVelocity: v, form: .perMillisecondSum).isApproximatelyEqual(to: (v / 1000) / (1 - r), relativeTolerance: 1e-15))
        }
    }

    @Test("each form is the sum or integral it names", arguments: rates)
    func formsAreTheirSums(rate: DecelerationRate) {
        let r = rate.rawValue, v = 1500.0
        // Per-millisecond steps: the velocity after n ms is v r^n; each ms moves (v / 1000) r^n
        // (discrete: counted after the first decay, n >= 1; per-ms sum: from n = 0).
        var discrete = 0.0, perMillisecond = 0.0, factor = 1.0
        for _ in 0..<40_000 {
            perMillisecond += v / 1000 * factor
            factor *= r
            discrete += v / 1000 * factor
        }
        #expect(rate.projectedDistance(initialVelocity: v, form: .discrete).isApproximatelyEqual(to: discrete, relativeTolerance: 1e-9))
        #expect(rate.projectedDistance(initialVelocity: v, form: .perMillisecondSum).isApproximatelyEqual(to: perMillisecond, relativeTolerance: 1e-9))
        // Continuous: the integral of v r^(1000 t) = v e^(-k t) dt over t >= 0, by Simpson's rule
        // on steps of 1e-3 / k (error ~(h k)^4 / 180, 1e-14) up to e^-40.
        let k = -1000 * Double.log(r), h = 1e-3 / k
        let end = 40 / k
        let n = Int(end / h) / 2 * 2
        var integral = v + v * Double.exp(-k * Double(n) * h)
        for i in 1..<n { integral += (i % 2 == 1 ? 4 : 2) * v * Double.exp(-k * Double(i) * h) }
        integral *= h / 3
        #expect(rate.projectedDistance(initialVelocity: v, form: .continuous).isApproximatelyEqual(to: integral, relativeTolerance: 1e-9))
        // So, for any rate: discrete < continuous < per-ms sum, and the last two differ by 1 ms of v.
        let d = ProjectionForm.discrete.distancePerVelocity(rate: rate)
        let c = ProjectionForm.continuous.distancePerVelocity(rate: rate)
        let p = ProjectionForm.perMillisecondSum.distancePerVelocity(rate: rate)
        #expect(d < c && c < p)
        #expect((p - d).isApproximatelyEqual(to: 0.001, relativeTolerance: 1e-9))
    }

    @Test("initialVelocity(forProjectedDistance:) inverts projectedDistance", arguments: rates)
    func inverseRoundTrip(rate: DecelerationRate) {
        for form in ProjectionForm.allCases {
            for v in [-2500.0, -1, 0.5, 800, 1e5] {
                let distance = rate.projectedDistance(initialVelocity: v, form: form)
                #expect(rate.initialVelocity(forProjectedDistance: distance, form: form).isApproximatelyEqual(to: v, relativeTolerance: 1e-14), "\(form)")
            }
        }
    }

    @Test("rubber band: odd, slope c at the edge, monotone, approaching the dimension")
    func rubberBandShape() {
        for dimension in [100.0, 375, 1] {
            for c in [0.55, 0.2, 1] {
                var previous = 0.0
                for x in stride(from: 0.0, through: 20 * dimension, by: dimension / 50) {
                    let b = RubberBand.offset(x, dimension: dimension, constant: c)
                    // The formula itself, b = (1 - 1 / (x c / d + 1)) d.
                    #expect(b.isApproximatelyEqual(to: (1 - 1 / (x * c / dimension + 1)) * dimension, absoluteTolerance: 1e-300, relativeTolerance: 1e-14))
                    #expect(RubberBand.offset(-x, dimension: dimension, constant: c) == -b)
                    #expect(b >= previous && b < dimension)
                    previous = b
                }
                let h = 1e-7 * dimension
                #expect((RubberBand.offset(h, dimension: dimension, constant: c) / h).isApproximatelyEqual(to: c, relativeTolerance: 1e-6))
            }
        }
        // Inside the range nothing changes; beyond it the band starts at the nearer end.
        for value in [0.0, 0.1, 42, 100] { #expect(RubberBand.clamp(value, to: 0...100, dimension: 300) == value) }
        #expect(RubberBand.clamp(-30, to: 20...100, dimension: 300) == 20 + RubberBand.offset(-50, dimension: 300))
        #expect(RubberBand.clamp(130, to: 20...100, dimension: 300) == 100 + RubberBand.offset(30, dimension: 300))
    }
}
