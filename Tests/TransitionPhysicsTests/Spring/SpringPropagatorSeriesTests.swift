import Testing
import TransitionPhysics

// The propagator's Taylor series (used where rho t <= 0.5, rho = lambda + sqrt|omega0² - lambda²|)
// against the Float80 reference solution at the edge of its range, where truncation is largest:
// the doc comment of `Spring.seriesPropagator` claims every omitted term is below a hundredth of
// an ulp there, so all four entries must be within a few ulps. (A 13-term series misses by
// ~1e-14, so this pins the term count as well as the recurrence.)

#if arch(x86_64) || arch(i386)
@Suite("Spring propagator series")
struct SpringPropagatorSeriesTests {
    @Test(
        "every entry within 2e-15 relative of the Float80 reference, up to rho t = 0.5",
        arguments: [0.0, 0.3, 0.999, 1.0, 1.5, 4.0], [0.5 * (1 - 1e-12), 0.4, 0.25])
    func seriesMatchesReference(dampingRatio: Double, rhoTime: Double) {
        let spring = Spring(mass: 2, stiffness: 300, damping: dampingRatio * 2 * (2.0 * 300).squareRoot(), allowOverDamping: true)
        let lambda = spring.decayRate
        let q = spring.stiffness / spring.mass - lambda * lambda
        let rho = lambda + abs(q).squareRoot()
        let time = rhoTime / rho
        let p = spring.propagator(time: time)
        func reference(_ x0: Double, _ v0: Double) -> (displacement: Float80, velocity: Float80) {
            referenceState80(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, x0: x0, v0: v0, time: time)
        }
        let fromPosition = reference(1, 0), fromVelocity = reference(0, 1)
        func relativeError(_ value: Double, _ exact: Float80) -> Double { Double(abs((Float80(value) - exact) / exact)) }
        let errors = [
            relativeError(p.positionFromPosition, fromPosition.displacement),
            relativeError(p.positionIncrementFromPosition, fromPosition.displacement - 1),
            relativeError(p.velocityFromPosition, fromPosition.velocity),
            relativeError(p.positionFromVelocity, fromVelocity.displacement),
            relativeError(p.velocityFromVelocity, fromVelocity.velocity),
        ]
        #expect(errors.max()! <= 2e-15, "relative errors (x from x0, increment, v from x0, x from v0, v from v0): \(errors)")
    }
}
#endif
