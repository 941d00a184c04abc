@_spi(Lanes) import TransitionPhysics

/// The largest excursion and the largest acceleration of a spring's free motion, from its closed
/// form: the continuous extrema of the motion, not of frames sampled from it, so no frame rate,
/// sampling phase or settle tolerance changes them. The one definition of overshoot and peak
/// acceleration of a spring completion (`CompletionCurve.metrics`, the batch's lanes and its SIMD
/// blocks call it); docs/references.md, "The motion's extrema", has the derivation.
///
/// In sided coordinates y (displacement past the target positive) and w = y', the motion solves
/// y'' + 2 lambda y' + omega0² y = 0 (lambda = c / 2m, omega0² = k / m), and so does every linear
/// combination of y and its derivatives, the force per mass f = omega0² y + 2 lambda w (minus the
/// acceleration) among them. For such a coordinate p with rate r:
/// - Q = r² + 2 lambda p r + omega0² p² decays exactly as e^(-2 lambda t) (dQ/dt = -2 lambda Q), so
///   where r = 0, |p| = sqrt(Q(0) / omega0²) e^(-lambda t): one square root and one exponential;
/// - its first maximum after release is at t = theta / omega_d with theta the angle of
///   (D, r0 omega_d) in [0, 2 pi), D = omega0² p0 + lambda r0, omega_d² = omega0² - lambda² > 0
///   (underdamped); at t = atanh(r0 mu / D) / mu, mu² = lambda² - omega0² (overdamped), when
///   r0 > 0 and r0 mu < D; at r0 / D (critical), when r0 > 0 and D > 0: all three are
///   (r0 / D) F(sigma), sigma = -(r0 / D)² omega_d², with F(s) = sum s^n / (2n + 1) (atan(z) / z
///   and atanh(z) / z), which the series computes near critical damping, so the regimes meet
///   continuously;
/// - later maxima are smaller by e^(-2 pi lambda / omega_d) each, and p is monotone between its
///   critical points, so the supremum of p over t >= 0 is max(p0, that first maximum, 0).
/// The overshoot is the supremum of y (>= 0); the peak acceleration the supremum of |f|, the
/// larger of |f0| and the value at f's first critical point (the first maximum of f where f
/// rises at release, of -f where it falls).
public enum MotionExtrema {
    /// |sigma| up to which the series F gives a first maximum's time (and the bound of every
    /// argument the series gets: tan²(pi / 8) = 0.1716 after `fullAngle`'s halving).
    @_spi(Lanes) public static var seriesLimit: Double { 0.172 }

    /// Overshoot (the largest y over t >= 0, fraction of the travel, >= 0) and peak acceleration
    /// (the largest |y''|, travel per s²) of the motion from sided displacement `y0` and velocity
    /// `w0` (travel per second) of a spring with `stiffness`, `damping` and `mass` (positive
    /// stiffness and mass, damping >= 0: `Spring.invalidity`).
    @inlinable @inline(__always)
    @_spi(Lanes) public static func extrema<T: MotionArithmetic>(
        displacement y0: T, velocity w0: T, stiffness: T, damping: T, mass: T
    ) -> (overshoot: T, peakAcceleration: T) {
        extrema(displacement: y0, velocity: w0, spring: Constants(stiffness: stiffness, damping: damping, mass: mass))
    }

    /// Overshoot (fraction of the travel, >= 0) and peak acceleration (travel per s²) of the
    /// motion from sided displacement `y0` and velocity `w0` (travel per second) of a spring with
    /// `stiffness`, `damping` and `mass`: the generic extrema for `Double`, which the batch runs
    /// on 16 lanes with the same operations.
    public static func extrema(
        displacement y0: Double, velocity w0: Double, stiffness: Double, damping: Double, mass: Double
    ) -> (overshoot: Double, peakAcceleration: Double) {
        extrema(displacement: y0, velocity: w0, spring: Constants(stiffness: stiffness, damping: damping, mass: mass))
    }

    /// `extrema(displacement:velocity:stiffness:damping:mass:)` of a spring whose constants the
    /// caller already has (the batch's plain blocks divide once for their decision and their
    /// extrema): the same operations, so the same bits.
    @inlinable @inline(__always)
    @_spi(Lanes) public static func extrema<T: MotionArithmetic>(
        displacement y0: T, velocity w0: T, spring: Constants<T>
    ) -> (overshoot: T, peakAcceleration: T) {
        let zero = T.splat(0)
        // Force per mass f = omega0² y + (c/m) w (the acceleration is -f) and its rate
        // f' = omega0² w - (c/m) f. Its first critical point after release is a maximum of f
        // where f rises at release, else of -f (a minimum of f): one first maximum, of the
        // coordinate signed to rise.
        let f0 = spring.omega0Squared * y0 + spring.dampingPerMass * w0
        let rate0 = spring.omega0Squared * w0 - spring.dampingPerMass * f0
        let falling = T.less(rate0, zero)
        let yPeak = firstMaximum(y0, w0, spring)
        let fPeak = firstMaximum(T.select(falling, -f0, f0), T.select(falling, -rate0, rate0), spring)
        let overshoot = LaneMath.largest(LaneMath.largest(y0, yPeak), zero)
        let peak = LaneMath.largest(T.magnitude(f0), fPeak)
        return (overshoot, peak)
    }

    /// A spring's constants as the first maxima use them, computed once per spring.
    @_spi(Lanes) public struct Constants<T: MotionArithmetic> {
        /// k / m, c / m, lambda = c / 2m (1/s², 1/s, 1/s).
        public let omega0Squared: T, dampingPerMass: T, lambda: T
        /// q = omega0² - lambda², 1 / omega0, sqrt|q| (omega_d underdamped, mu overdamped) and
        /// lambda / sqrt|q|, the decay per radian of the turn's angle.
        public let q: T, inverseOmega0: T, root: T, decayPerAngle: T
        public let underdamped: T.Mask

        /// The constants of the spring (`stiffness`, `damping`, `mass`): lambda as
        /// `Spring.decayRate` divides, c / m as 2 lambda (exact, as is c / 2m = (c / m) / 2,
        /// wherever neither overflows nor falls below Double's normal range).
        @inlinable @inline(__always)
        public init(stiffness: T, damping: T, mass: T) {
            let omega0Squared = stiffness / mass
            self.init(
                lambda: damping / (T.splat(2) * mass), omega0Squared: omega0Squared, omega0: T.squareRoot(omega0Squared))
        }

        /// The constants from lambda = c / 2m (1/s), omega0² = k / m (1/s²) and omega0, its
        /// square root (1/s), as `init(stiffness:damping:mass:)` computes them.
        @inlinable @inline(__always)
        public init(lambda: T, omega0Squared: T, omega0: T) {
            self.omega0Squared = omega0Squared
            self.lambda = lambda
            dampingPerMass = T.splat(2) * lambda
            q = omega0Squared - lambda * lambda
            inverseOmega0 = T.splat(1) / omega0
            root = T.squareRoot(T.magnitude(q))
            decayPerAngle = lambda * (T.splat(1) / root)
            underdamped = T.less(T.splat(0), q)
        }
    }

    /// The value of p at its first local maximum after release, for p0 and its rate r0 (see the
    /// type's comment); 0 where it has none (overdamped or critical without one), and 0 where
    /// the arithmetic leaves the numbers (a time or amplitude beyond Double's range: a maximum
    /// at the release itself, which the caller counts as p0, is the only one this can drop).
    @inlinable @inline(__always)
    @_spi(Lanes) public static func firstMaximum<T: MotionArithmetic>(_ unscaledP0: T, _ unscaledR0: T, _ k: Constants<T>) -> T {
        let zero = T.splat(0)
        // The turn's time does not depend on the state's size, and its value scales with it: both
        // from the state divided by its size (the larger of |p0| and |r0| / omega0), so that no
        // square below overflows or underflows for springs and states at the edges of Double.
        let scale = LaneMath.largest(T.magnitude(unscaledP0), T.magnitude(unscaledR0) * k.inverseOmega0)
        let inverseScale = T.select(T.less(zero, scale), T.splat(1) / scale, zero)
        let p0 = unscaledP0 * inverseScale, r0 = unscaledR0 * inverseScale
        let d = k.omega0Squared * p0 + k.lambda * r0
        let a = r0 + k.lambda * p0
        let amplitudeSquared = a * a + k.q * (p0 * p0)
        // A rising start toward a turn at (r0 / D) F(sigma), sigma = -(r0 / D)² q: by the series
        // where |sigma| <= seriesLimit (tested without dividing).
        let rising = T.both(T.less(zero, r0), T.less(zero, d))
        let small = T.both(rising, T.lessOrEqual((r0 * r0) * T.magnitude(k.q), T.splat(seriesLimit) * (d * d)))
        let angled = T.both(k.underdamped, T.not(small))
        let overRising = T.both(T.both(rising, T.not(k.underdamped)), T.not(small))
        // Each lane takes at most one of three turns, each ending in the series F: the series near
        // critical damping (`small`), atanh's logarithm (`within`, overdamped) or the angle
        // (`angled`). Their arguments are gathered lane by lane and F is evaluated once: a lane
        // gets the operations it would get alone, and a block whose lanes take different turns
        // evaluates one series instead of two or three.
        let smallOrOver = T.any(T.either(small, overRising))
        let anyOver = T.any(overRising)
        let anyAngled = T.any(angled)
        let none = T.less(zero, zero)
        var argument = zero
        var s = zero, within = none, logarithm = (exponent: zero, u: zero)
        if smallOrOver {
            s = r0 / d
            let sigma = -(s * s) * k.q
            argument = T.select(small, sigma, argument)
            if anyOver {
                // sigma = (r0 mu / D)² in (seriesLimit, 1): a turn at atanh(r0 mu / D) / mu.
                within = T.both(overRising, T.less(sigma, T.splat(1)))
                let z = T.select(within, s * k.root, T.splat(0.5))
                logarithm = LaneMath.logarithmReduction(inverseHyperbolicTangentArgument(z))
                argument = T.select(within, logarithm.u * logarithm.u, argument)
            }
        }
        // Underdamped: the turn's angle omega_d t in [0, 2 pi).
        let angleY = r0 * k.root
        var angle = (z: zero, steep: none)
        if anyAngled {
            angle = LaneMath.angleReduction(y: angleY, x: d)
            argument = T.select(angled, -(angle.z * angle.z), argument)
        }
        var exponent = zero
        var found = small
        if smallOrOver || anyAngled {
            let f = LaneMath.series(argument)
            if smallOrOver {
                exponent = T.select(small, -(k.lambda * (s * f)), exponent)
                if anyOver {
                    let atanh = T.splat(0.5) * LaneMath.logarithmFromReduction(logarithm, series: f)
                    exponent = T.select(within, -(atanh * k.decayPerAngle), exponent)
                    found = T.either(found, within)
                }
            }
            if anyAngled {
                let theta = LaneMath.angleFromReduction(angle, series: f, y: angleY, x: d)
                exponent = T.select(angled, -(theta * k.decayPerAngle), exponent)
                found = T.either(found, angled)
            }
        }
        let amplitude = T.squareRoot(T.select(T.less(zero, amplitudeSquared), amplitudeSquared, zero)) * k.inverseOmega0
        // Not a number (0 times an infinite decay): no turn counted.
        let value = amplitude * LaneMath.exponential(T.select(T.lessOrEqual(exponent, zero), exponent, T.splat(-.infinity))) * scale
        // Still infinite only where the motion itself leaves Double's range: no turn counted, as
        // documented (the sweep never writes inf).
        let usable = T.both(found, T.both(T.lessOrEqual(zero, value), T.lessOrEqual(value, T.splat(.greatestFiniteMagnitude))))
        return T.select(usable, value, zero)
    }

    /// (1 + z) / (1 - z), whose logarithm is 2 atanh(z) (for sqrt(0.172) < z < 1 here).
    @inlinable @inline(__always)
    @_spi(Lanes) public static func inverseHyperbolicTangentArgument<T: MotionArithmetic>(_ z: T) -> T {
        let one = T.splat(1)
        return (one + z) / (one - z)
    }

}
