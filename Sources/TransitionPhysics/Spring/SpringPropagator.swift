import RealModule

/// The exact solution operator of a spring over a time span: the 2x2 matrix that maps the state
/// (displacement from the target, velocity) at time 0 to the state at time `t`.
///
///     x(t) = positionFromPosition * x0 + positionFromVelocity * v0
///     v(t) = velocityFromPosition * x0 + velocityFromVelocity * v0
///
/// Because the spring is linear and time-invariant, one propagator for a frame step `dt`
/// advances every state by exactly `dt`: the batch integrator's exact scheme is this matrix.
///
/// `positionIncrementFromPosition` is `positionFromPosition - 1`, computed without cancellation,
/// so that a spring that starts at 0 (SwiftUI's `value(target:...)`) keeps full relative accuracy
/// at small times.
package struct SpringPropagator: Hashable, Sendable {
    /// d x(t) / d x0, dimensionless.
    package var positionFromPosition: Double
    /// d x(t) / d v0, in seconds.
    package var positionFromVelocity: Double
    /// d v(t) / d x0, in 1/s.
    package var velocityFromPosition: Double
    /// d v(t) / d v0, dimensionless.
    package var velocityFromVelocity: Double
    /// `positionFromPosition - 1`, accurate to a few ulps even when tiny.
    package var positionIncrementFromPosition: Double

    /// A propagator from its four entries and `positionFromPosition - 1`.
    package init(
        positionFromPosition: Double, positionFromVelocity: Double,
        velocityFromPosition: Double, velocityFromVelocity: Double,
        positionIncrementFromPosition: Double
    ) {
        self.positionFromPosition = positionFromPosition
        self.positionFromVelocity = positionFromVelocity
        self.velocityFromPosition = velocityFromPosition
        self.velocityFromVelocity = velocityFromVelocity
        self.positionIncrementFromPosition = positionIncrementFromPosition
    }

    /// Applies the propagator to a displacement `x0` (from the target) and velocity `v0`.
    @inlinable
    package func apply(displacement x0: Double, velocity v0: Double) -> (displacement: Double, velocity: Double) {
        (positionFromPosition * x0 + positionFromVelocity * v0,
         velocityFromPosition * x0 + velocityFromVelocity * v0)
    }
}

extension Spring {
    /// The exact propagator over `time` seconds (>= 0, finite).
    ///
    /// Derivation. With lambda = c / 2m, omega0² = k / m and q = omega0² - lambda², every regime
    /// solves x'' + 2 lambda x' + omega0² x = 0 as
    ///
    ///     x(t) = e^(-lambda t) [x0 C(t) + (v0 + lambda x0) S(t)],   C' = -q S,  S' = C,
    ///
    /// with C = cos(wd t), S = sin(wd t) / wd for q = wd² > 0 (underdamped),
    /// C = cosh(mu t), S = sinh(mu t) / mu for q = -mu² < 0 (overdamped), C = 1, S = t at q = 0.
    /// Writing E = e^(-lambda t) C and F = e^(-lambda t) S, differentiation gives
    ///
    ///     x(t) = (E + lambda F) x0 + F v0,     v(t) = -omega0² F x0 + (E - lambda F) v0.
    ///
    /// S(t) -> t continuously as wd or mu -> 0, so the three forms meet at damping ratio 1 with no
    /// cliff as long as S is evaluated as sin(wd t) / wd (or its hyperbolic twin) and never as a
    /// difference of two exponentials divided by their tiny rate difference (the textbook
    /// c1 e^(r1 t) + c2 e^(r2 t) form loses every digit there).
    ///
    /// Numerics, in order of priority (after swift-numerics: accuracy, then no overflow, then speed):
    /// - small rho t (rho = lambda + sqrt|q|, the fastest rate): a Taylor series of the matrix
    ///   exponential from the recurrence a(n+2) = -2 lambda a(n+1) - omega0² a(n), so that
    ///   1 - (E + lambda F) ~ omega0² t² / 2 keeps full relative precision;
    /// - overdamped: exponentials of the two real roots r1 = -omega0² / (lambda + mu) (computed
    ///   without cancellation) and r2 = -(lambda + mu), F = e^(r1 t) (1 - e^(-2 mu t)) / 2 mu via
    ///   expm1, so nothing overflows for large t (cosh would) and nothing cancels for small mu;
    /// - underdamped: direct, with 1 - cos written as 2 sin²(wd t / 2);
    /// - once the slowest envelope (e^(-lambda t), or e^(r1 t) when overdamped) underflows to 0,
    ///   the propagator is exactly (E, F, E' , F') = 0 and the increment -1: returned as such, so
    ///   that no 0 * infinity (lambda t, or a phase wd t, overflowing at huge t) turns it into NaN.
    package func propagator(time t: Double) -> SpringPropagator {
        precondition(t >= 0 && t.isFinite, "Spring time must be >= 0 and finite (seconds); got \(t).")
        let lambda = decayRate
        let omega0Squared = stiffness / mass
        let q = omega0Squared - lambda * lambda
        let rho = lambda + abs(q).squareRoot()
        if rho * t <= 0.5 {
            return Self.seriesPropagator(time: t, rho: rho, lambda: lambda, omega0Squared: omega0Squared)
        }
        let e: Double, f: Double, d: Double, a: Double
        if q > 0 {
            let wd = q.squareRoot()
            let decay = Double.exp(-lambda * t)
            if decay == 0 { return .settled }
            // Only an (almost) undamped spring gets here with wd t overflowing: its phase is
            // meaningless already (ulp(wd t) >> 2 pi), so reduce t by whole periods to keep
            // sin and cos finite instead of NaN.
            let phaseTime = (wd * t).isFinite ? t : t.truncatingRemainder(dividingBy: 2 * Double.pi / wd)
            let s = Double.sin(wd * phaseTime), c = Double.cos(wd * phaseTime)
            let halfSine = Double.sin(wd * phaseTime / 2)
            f = decay * s / wd
            e = decay * c
            d = e - lambda * f
            // E + lambda F - 1 = (e^(-lambda t) - 1) cos + (cos - 1) + lambda F
            a = Double.expMinusOne(-lambda * t) * c - 2 * halfSine * halfSine + lambda * f
        } else if q < 0 {
            let mu = (-q).squareRoot()
            let r1 = -omega0Squared / (lambda + mu)  // slow root, no cancellation
            let r2 = -(lambda + mu)                   // fast root
            let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
            if e1 == 0 { return .settled }  // and so is e2 <= e1
            let em1 = Double.expMinusOne(r1 * t), em2 = Double.expMinusOne(r2 * t)
            f = e1 * -Double.expMinusOne(-2 * mu * t) / (2 * mu)
            if mu < 0.5 * lambda {
                // Near critical: E - 1 and E from the sum, lambda F added without 1/mu cancellation.
                e = (e1 + e2) / 2
                d = e - lambda * f
                a = (em1 + em2) / 2 + lambda * f
            } else {
                // Strongly overdamped: the root form, which has no cancellation here.
                d = (r1 * e1 - r2 * e2) / (2 * mu)
                a = (-r2 * em1 + r1 * em2) / (2 * mu)
                e = (e1 + e2) / 2
            }
        } else {
            let decay = Double.exp(-lambda * t)
            if decay == 0 { return .settled }  // else 0 * (1 - lambda t) is NaN once lambda t overflows
            f = t * decay
            e = decay
            d = decay * (1 - lambda * t)
            a = Double.expMinusOne(-lambda * t) + lambda * f
        }
        _ = e
        return SpringPropagator(
            positionFromPosition: 1 + a, positionFromVelocity: f,
            velocityFromPosition: -omega0Squared * f, velocityFromVelocity: d,
            positionIncrementFromPosition: a)
    }

    /// Taylor series of the propagator, valid and fully accurate for rho t <= 0.5.
    ///
    /// One recurrence carries the whole matrix. The unit-velocity solution's derivatives at 0,
    /// u = (0, 1, -2 lambda, ...), obey u(n+2) = -2 lambda u(n+1) - omega0² u(n), and the
    /// unit-displacement solution p satisfies p' = -omega0² F (the matrix's lower-left entry), so
    /// p(n+1) = -omega0² u(n). The matrix is a I + F A (Cayley-Hamilton, A the system matrix
    /// [[0, 1], [-omega0², -2 lambda]]), so with F = sum over n >= 1 of u(n) t^n / n!,
    ///
    ///     position increment = -omega0² G,   G = sum over n >= 1 of u(n) t^(n+1) / (n+1)!,
    ///     velocity from position = -omega0² F,
    ///     velocity from velocity = (1 + increment) - 2 lambda F,
    ///
    /// and G's leading term t² / 2 keeps the increment's full relative precision at small t.
    /// Products and sums are rounded separately, in a fixed order, so the batch integrator's
    /// lane-parallel twin gets the same bits on every target (fused multiply-adds would need
    /// FMA hardware, or a libm call each, for the same bits).
    ///
    /// Terms. The roots of s² + 2 lambda s + omega0² have modulus at most rho, so
    /// |u(n)| <= n rho^(n-1): after 16 terms the first omitted term of F is at most
    /// t (rho t)^16 / 16! <= 7.3e-19 t, that of G smaller still (F >= e^(-1/2) t there): below a
    /// hundredth of an ulp.
    ///
    /// The series runs in scaled time tau = sigma t, with sigma the power of two just above rho
    /// (so every scaling is exact): lambda / sigma < 1 and omega0² / sigma² < 1, hence
    /// u'(n) = u(n) / sigma^(n-1) stays below ~n. Unscaled, u(n) ~ rho^n overflows for rho above
    /// ~1e18 and t^n / n! overflows for t above ~1e19 s (tiny stiffness), and 0 * infinity made
    /// NaN even at t = 0. Back in seconds: F = F' / sigma, v from x0 = sigma (v from x0)', and the
    /// dimensionless sums are unchanged.
    static func seriesPropagator(time t: Double, rho: Double, lambda: Double, omega0Squared: Double) -> SpringPropagator {
        let sigma = rho > 0 && rho.isFinite ? Double(sign: .plus, exponent: rho.exponent + 1, significand: 1) : 1
        let scaled = seriesPropagator(time: t * sigma, lambda: lambda / sigma, omega0Squared: omega0Squared / sigma / sigma)
        return SpringPropagator(
            positionFromPosition: scaled.positionFromPosition, positionFromVelocity: scaled.positionFromVelocity / sigma,
            velocityFromPosition: scaled.velocityFromPosition * sigma, velocityFromVelocity: scaled.velocityFromVelocity,
            positionIncrementFromPosition: scaled.positionIncrementFromPosition)
    }

    /// Terms of the propagator's Taylor series (see above); the batch integrator uses the same count.
    package static let seriesTermCount = 16

    /// The series itself, in whatever time unit its arguments use (see above). The batch
    /// integrator's `seriesPropagators` repeats these operations in this order, lane-parallel.
    static func seriesPropagator(time t: Double, lambda: Double, omega0Squared: Double) -> SpringPropagator {
        let dampingRate = -2 * lambda
        var uPrev = 0.0, uCur = 1.0   // u(n-1), u(n) for n = 1
        var term = t                  // t^n / n!
        var f = 0.0                   // sum of u(n) t^n / n!            (= F)
        var g = 0.0                   // sum of u(n) t^(n+1) / (n+1)!    (= G)
        for n in 1...seriesTermCount {
            let uNext = dampingRate * uCur + -omega0Squared * uPrev
            let nextTerm = term * (t / Double(n + 1))
            f += uCur * term
            g += uCur * nextTerm
            uPrev = uCur; uCur = uNext
            term = nextTerm
        }
        let increment = -omega0Squared * g
        let positionFromPosition = 1 + increment
        return SpringPropagator(
            positionFromPosition: positionFromPosition, positionFromVelocity: f,
            velocityFromPosition: -omega0Squared * f, velocityFromVelocity: positionFromPosition + dampingRate * f,
            positionIncrementFromPosition: increment)
    }
}

extension SpringPropagator {
    /// The propagator once every exponential has underflowed: the state has reached the target.
    static let settled = SpringPropagator(
        positionFromPosition: 0, positionFromVelocity: 0, velocityFromPosition: 0, velocityFromVelocity: 0,
        positionIncrementFromPosition: -1)
}
