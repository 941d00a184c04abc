import TransitionLab
import TransitionPhysics

/// How one frame step of a spring lane is computed. For a linear spring every scheme is a fixed
/// 2x2 matrix per lane and frame step, so all backends run every scheme through the same kernel;
/// only the matrix differs.
///
/// Accuracy, measured by `BatchScheme.maximumError(spring:frameRate:)` (test
/// `schemeErrorsAreTheDocumentedOnes` prints the table): maximum |x_n - x(t_n)| over 5 s against
/// the closed form, x0 = 0.3 from the target, v0 = 2, for four springs: response 0.3 s ratio 1;
/// response 0.5 s ratio 0.3; response 0.2 s ratio 0.7; mass 1, stiffness 1000, damping ratio 3.
///
/// | scheme | 120 Hz | 60 Hz |
/// |---|---|---|
/// | exact | 7.6e-17 to 5.8e-16 | 5.6e-17 to 1.5e-16 |
/// | semiImplicitEuler | 2.0e-2 to 4.0e-2 | 4.1e-2 to 8.6e-2; the stiff overdamped spring diverges (2e+110) |
/// | rungeKutta4 | 4.9e-7 to 9.9e-6; 1.1e-3 for the stiff spring | 8.0e-6 to 1.7e-4; the stiff spring diverges (2e+53) |
///
/// The exact scheme is also the cheapest to run: every scheme costs the same per frame here.
public enum BatchScheme: String, Hashable, Sendable, CaseIterable {
    /// The exact propagator from the closed form (`Spring.propagator(time:)`): any frame step,
    /// the same numbers as the scalar path bit for bit. The default.
    case exact
    /// Semi-implicit (symplectic) Euler: v += dt a(x, v), then x += dt v. A baseline.
    case semiImplicitEuler
    /// Classic fourth-order Runge-Kutta; for the linear spring exactly the matrix
    /// I + hA + (hA)²/2 + (hA)³/6 + (hA)⁴/24. A baseline.
    case rungeKutta4

    /// The matrix that advances (displacement, velocity) by one step of `dt` seconds.
    package func stepMatrix(spring: Spring, dt: Double) -> SpringPropagator {
        switch self {
        case .exact:
            return spring.propagator(time: dt)
        case .semiImplicitEuler:
            let w2 = spring.stiffness / spring.mass
            let twoLambda = spring.damping / spring.mass
            let vx = -dt * w2, vv = 1 - dt * twoLambda
            let xx = 1 + dt * vx, xv = dt * vv
            return SpringPropagator(
                positionFromPosition: xx, positionFromVelocity: xv, velocityFromPosition: vx, velocityFromVelocity: vv,
                positionIncrementFromPosition: dt * vx)
        case .rungeKutta4:
            // A = [[0, 1], [-w2, -2 lambda]]; M = I + B + B²/2 + B³/6 + B⁴/24 with B = hA (Horner).
            let w2 = spring.stiffness / spring.mass
            let twoLambda = spring.damping / spring.mass
            let b = (0.0, dt, -dt * w2, -dt * twoLambda)
            func mul(_ p: (Double, Double, Double, Double), _ q: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
                (p.0 * q.0 + p.1 * q.2, p.0 * q.1 + p.1 * q.3, p.2 * q.0 + p.3 * q.2, p.2 * q.1 + p.3 * q.3)
            }
            func plusIdentity(_ p: (Double, Double, Double, Double), scale s: Double) -> (Double, Double, Double, Double) {
                (1 + p.0 * s, p.1 * s, p.2 * s, 1 + p.3 * s)
            }
            // I + B(I + B/2 (I + B/3 (I + B/4)))
            var m = plusIdentity(b, scale: 1.0 / 4)
            m = plusIdentity(mul(b, m), scale: 1.0 / 3)
            m = plusIdentity(mul(b, m), scale: 1.0 / 2)
            let bm = mul(b, m)
            return SpringPropagator(
                positionFromPosition: 1 + bm.0, positionFromVelocity: bm.1, velocityFromPosition: bm.2,
                velocityFromVelocity: 1 + bm.3, positionIncrementFromPosition: bm.0)
        }
    }

    /// The largest |displacement error| of this scheme over `seconds` against the closed form
    /// (`Spring.state(initialDisplacement:initialVelocity:time:)`), stepping at `frameRate`.
    public func maximumError(
        spring: Spring, frameRate: Double, initialDisplacement x0: Double = 0.3, initialVelocity v0: Double = 2,
        seconds: Double = 5
    ) -> Double {
        let dt = 1 / frameRate
        let step = stepMatrix(spring: spring, dt: dt)
        var x = x0, v = v0
        var worst = 0.0
        let frames = Int((seconds * frameRate).rounded())
        for n in 1...frames {
            (x, v) = step.apply(displacement: x, velocity: v)
            let exact = spring.state(initialDisplacement: x0, initialVelocity: v0, time: Double(n) * dt).displacement
            let error = abs(x - exact)
            worst = max(worst, error.isNaN ? .infinity : error)
        }
        return worst
    }
}
