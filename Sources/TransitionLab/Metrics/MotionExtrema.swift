import TransitionPhysics

/// The arithmetic the motion's closed-form extrema (`MotionExtrema`) are written in, once: `Double`
/// for the scalar reference, and the batch's 16-lane vector (`SIMD16<Double>`, whose conformance
/// is in TransitionBatch). Every requirement is exact or correctly rounded lane by lane (IEEE
/// addition, multiplication, division and square root, selections, exact powers of two), and the
/// generic code fixes the order of every operation (Swift never fuses a multiply and an add
/// unless asked), so a lane computes the bits a `Double` does, on every machine.
public protocol MotionArithmetic {
    /// A lane-wise truth value: `Bool` for `Double`.
    associatedtype Mask
    /// `value` in every lane.
    static func splat(_ value: Double) -> Self
    /// a + b, correctly rounded, lane by lane.
    static func + (a: Self, b: Self) -> Self
    /// a - b, correctly rounded, lane by lane.
    static func - (a: Self, b: Self) -> Self
    /// a b, correctly rounded, lane by lane.
    static func * (a: Self, b: Self) -> Self
    /// a / b, correctly rounded, lane by lane.
    static func / (a: Self, b: Self) -> Self
    /// -a, lane by lane (the sign flipped).
    static prefix func - (a: Self) -> Self
    /// a < b, lane by lane (false where either is NaN).
    static func less(_ a: Self, _ b: Self) -> Mask
    /// a <= b, lane by lane (false where either is NaN).
    static func lessOrEqual(_ a: Self, _ b: Self) -> Mask
    /// a and b, lane by lane.
    static func both(_ a: Mask, _ b: Mask) -> Mask
    /// a or b, lane by lane.
    static func either(_ a: Mask, _ b: Mask) -> Mask
    /// Not a, lane by lane.
    static func not(_ a: Mask) -> Mask
    /// Whether any lane of `mask` is set (a branch every lane can skip).
    static func any(_ mask: Mask) -> Bool
    /// `a` where `mask`, else `b`.
    static func select(_ mask: Mask, _ a: Self, _ b: Self) -> Self
    /// The correctly rounded square root (IEEE), lane by lane.
    static func squareRoot(_ x: Self) -> Self
    /// |x|, the sign bit cleared.
    static func magnitude(_ x: Self) -> Self
    /// 2^n for whole-number n in -1022...1023, exactly.
    static func powerOfTwo(_ n: Self) -> Self
    /// For a positive normal x: (e, m) with x = 2^e m exactly, e a whole number, m in [1, 2).
    static func binaryExponent(_ x: Self) -> (exponent: Self, significand: Self)
}

extension Double: MotionArithmetic {
    /// A `Double`'s truth value.
    public typealias Mask = Bool
    /// The value itself.
    @inlinable @inline(__always) public static func splat(_ value: Double) -> Double { value }
    /// a < b.
    @inlinable @inline(__always) public static func less(_ a: Double, _ b: Double) -> Bool { a < b }
    /// a <= b.
    @inlinable @inline(__always) public static func lessOrEqual(_ a: Double, _ b: Double) -> Bool { a <= b }
    /// a && b.
    @inlinable @inline(__always) public static func both(_ a: Bool, _ b: Bool) -> Bool { a && b }
    /// a || b.
    @inlinable @inline(__always) public static func either(_ a: Bool, _ b: Bool) -> Bool { a || b }
    /// !a.
    @inlinable @inline(__always) public static func not(_ a: Bool) -> Bool { !a }
    /// The value itself.
    @inlinable @inline(__always) public static func any(_ mask: Bool) -> Bool { mask }
    /// a where mask, else b.
    @inlinable @inline(__always) public static func select(_ mask: Bool, _ a: Double, _ b: Double) -> Double { mask ? a : b }
    /// IEEE's correctly rounded square root.
    @inlinable @inline(__always) public static func squareRoot(_ x: Double) -> Double { x.squareRoot() }
    /// |x|, the sign bit cleared.
    @inlinable @inline(__always) public static func magnitude(_ x: Double) -> Double {
        Double(bitPattern: x.bitPattern & 0x7FFF_FFFF_FFFF_FFFF)
    }
    /// 2^n for whole-number n in -1022...1023, from its bit pattern.
    @inlinable @inline(__always) public static func powerOfTwo(_ n: Double) -> Double {
        // n + 1023 + 2^52 holds n + 1023 in its low bits; shifted into the exponent field it is 2^n.
        Double(bitPattern: (n + (1023 + 0x1p52)).bitPattern << 52)
    }
    /// (e, m) with x = 2^e m, m in [1, 2), for a positive normal x, from its bit pattern.
    @inlinable @inline(__always) public static func binaryExponent(_ x: Double) -> (exponent: Double, significand: Double) {
        let bits = x.bitPattern
        // The biased exponent as the low bits of 2^52's pattern: 2^52 + e + 1023, exactly.
        let exponent = Double(bitPattern: (bits >> 52) | 0x4330_0000_0000_0000) - (0x1p52 + 1023)
        return (exponent, Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000))
    }
}

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
    @usableFromInline static var seriesLimit: Double { 0.172 }

    /// Overshoot (the largest y over t >= 0, fraction of the travel, >= 0) and peak acceleration
    /// (the largest |y''|, travel per s²) of the motion from sided displacement `y0` and velocity
    /// `w0` (travel per second) of a spring with `stiffness`, `damping` and `mass` (positive
    /// stiffness and mass, damping >= 0: `Spring.invalidity`).
    @inlinable @inline(__always)
    public static func extrema<T: MotionArithmetic>(
        displacement y0: T, velocity w0: T, stiffness: T, damping: T, mass: T
    ) -> (overshoot: T, peakAcceleration: T) {
        extrema(displacement: y0, velocity: w0, spring: Constants(stiffness: stiffness, damping: damping, mass: mass))
    }

    /// `extrema(displacement:velocity:stiffness:damping:mass:)` of a spring whose constants the
    /// caller already has (the batch's plain blocks divide once for their decision and their
    /// extrema): the same operations, so the same bits.
    @inlinable @inline(__always)
    package static func extrema<T: MotionArithmetic>(
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
        let overshoot = largest(largest(y0, yPeak), zero)
        let peak = largest(T.magnitude(f0), fPeak)
        return (overshoot, peak)
    }

    /// A spring's constants as the first maxima use them, computed once per spring.
    @usableFromInline package struct Constants<T: MotionArithmetic> {
        /// k / m, c / m, lambda = c / 2m (1/s², 1/s, 1/s).
        @usableFromInline let omega0Squared: T, dampingPerMass: T, lambda: T
        /// q = omega0² - lambda², 1 / omega0, sqrt|q| (omega_d underdamped, mu overdamped) and
        /// lambda / sqrt|q|, the decay per radian of the turn's angle.
        @usableFromInline let q: T, inverseOmega0: T, root: T, decayPerAngle: T
        @usableFromInline let underdamped: T.Mask

        /// The constants of the spring (`stiffness`, `damping`, `mass`): lambda as
        /// `Spring.decayRate` divides, c / m as 2 lambda (exact, as is c / 2m = (c / m) / 2,
        /// wherever neither overflows nor falls below Double's normal range).
        @inlinable @inline(__always)
        package init(stiffness: T, damping: T, mass: T) {
            let omega0Squared = stiffness / mass
            self.init(
                lambda: damping / (T.splat(2) * mass), omega0Squared: omega0Squared, omega0: T.squareRoot(omega0Squared))
        }

        /// The constants from lambda = c / 2m (1/s), omega0² = k / m (1/s²) and omega0, its
        /// square root (1/s), as `init(stiffness:damping:mass:)` computes them.
        @inlinable @inline(__always)
        package init(lambda: T, omega0Squared: T, omega0: T) {
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

    /// The larger of a and b; the other where one is NaN (an extremum is never NaN unless both are).
    @inlinable @inline(__always)
    static func largest<T: MotionArithmetic>(_ a: T, _ b: T) -> T {
        T.select(T.either(T.less(a, b), T.not(T.lessOrEqual(a, a))), b, a)
    }

    /// The value of p at its first local maximum after release, for p0 and its rate r0 (see the
    /// type's comment); 0 where it has none (overdamped or critical without one), and 0 where
    /// the arithmetic leaves the numbers (a time or amplitude beyond Double's range: a maximum
    /// at the release itself, which the caller counts as p0, is the only one this can drop).
    @inlinable @inline(__always)
    static func firstMaximum<T: MotionArithmetic>(_ unscaledP0: T, _ unscaledR0: T, _ k: Constants<T>) -> T {
        let zero = T.splat(0)
        // The turn's time does not depend on the state's size, and its value scales with it: both
        // from the state divided by its size (the larger of |p0| and |r0| / omega0), so that no
        // square below overflows or underflows for springs and states at the edges of Double.
        let scale = largest(T.magnitude(unscaledP0), T.magnitude(unscaledR0) * k.inverseOmega0)
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
                logarithm = logarithmReduction(inverseHyperbolicTangentArgument(z))
                argument = T.select(within, logarithm.u * logarithm.u, argument)
            }
        }
        // Underdamped: the turn's angle omega_d t in [0, 2 pi).
        let angleY = r0 * k.root
        var angle = (z: zero, steep: none)
        if anyAngled {
            angle = angleReduction(y: angleY, x: d)
            argument = T.select(angled, -(angle.z * angle.z), argument)
        }
        var exponent = zero
        var found = small
        if smallOrOver || anyAngled {
            let f = series(argument)
            if smallOrOver {
                exponent = T.select(small, -(k.lambda * (s * f)), exponent)
                if anyOver {
                    let atanh = T.splat(0.5) * logarithmFromReduction(logarithm, series: f)
                    exponent = T.select(within, -(atanh * k.decayPerAngle), exponent)
                    found = T.either(found, within)
                }
            }
            if anyAngled {
                let theta = angleFromReduction(angle, series: f, y: angleY, x: d)
                exponent = T.select(angled, -(theta * k.decayPerAngle), exponent)
                found = T.either(found, angled)
            }
        }
        let amplitude = T.squareRoot(T.select(T.less(zero, amplitudeSquared), amplitudeSquared, zero)) * k.inverseOmega0
        // Not a number (0 times an infinite decay): no turn counted.
        let value = amplitude * exponential(T.select(T.lessOrEqual(exponent, zero), exponent, T.splat(-.infinity))) * scale
        // Still infinite only where the motion itself leaves Double's range: no turn counted, as
        // documented (the sweep never writes inf).
        let usable = T.both(found, T.both(T.lessOrEqual(zero, value), T.lessOrEqual(value, T.splat(.greatestFiniteMagnitude))))
        return T.select(usable, value, zero)
    }

    /// F(s) = sum_{n >= 0} s^n / (2n + 1) for |s| <= 0.172 (terms n <= 20, the first omitted one
    /// below 1e-17), by Horner's rule: atan(z) = z F(-z²), atanh(z) = z F(z²).
    @inlinable @inline(__always)
    static func series<T: MotionArithmetic>(_ s: T) -> T {
        var sum = T.splat(1.0 / 41)
        sum = sum * s + T.splat(1.0 / 39)
        sum = sum * s + T.splat(1.0 / 37)
        sum = sum * s + T.splat(1.0 / 35)
        sum = sum * s + T.splat(1.0 / 33)
        sum = sum * s + T.splat(1.0 / 31)
        sum = sum * s + T.splat(1.0 / 29)
        sum = sum * s + T.splat(1.0 / 27)
        sum = sum * s + T.splat(1.0 / 25)
        sum = sum * s + T.splat(1.0 / 23)
        sum = sum * s + T.splat(1.0 / 21)
        sum = sum * s + T.splat(1.0 / 19)
        sum = sum * s + T.splat(1.0 / 17)
        sum = sum * s + T.splat(1.0 / 15)
        sum = sum * s + T.splat(1.0 / 13)
        sum = sum * s + T.splat(1.0 / 11)
        sum = sum * s + T.splat(1.0 / 9)
        sum = sum * s + T.splat(1.0 / 7)
        sum = sum * s + T.splat(1.0 / 5)
        sum = sum * s + T.splat(1.0 / 3)
        return sum * s + T.splat(1)
    }

    /// The angle of the point (x, y) in [0, 2 pi) (atan2 taken into [0, 2 pi); 0 at the origin)
    /// is `angleFromReduction(angleReduction(y: y, x: x), series: F(-z²), y: y, x: x)`: from atan
    /// of |y| / |x| or |x| / |y| (whichever is at most 1), halved once by
    /// atan(z) = 2 atan(z / (1 + sqrt(1 + z²))) to z <= tan(pi / 8), then z F(-z²). This first
    /// part gives that z and whether |y| > |x|.
    @inlinable @inline(__always)
    static func angleReduction<T: MotionArithmetic>(y: T, x: T) -> (z: T, steep: T.Mask) {
        let ay = T.magnitude(y), ax = T.magnitude(x)
        let steep = T.less(ax, ay)
        let numerator = T.select(steep, ax, ay), denominator = T.select(steep, ay, ax)
        let one = T.splat(1)
        // 0 / 0 at the origin: angle 0.
        let z = T.select(T.less(T.splat(0), denominator), numerator / denominator, T.splat(0))
        return (z / (one + T.squareRoot(one + z * z)), steep)
    }

    /// The angle's second part (see `angleReduction`), from its reduction and F(-z²) (`series`).
    @inlinable @inline(__always)
    static func angleFromReduction<T: MotionArithmetic>(_ reduction: (z: T, steep: T.Mask), series f: T, y: T, x: T) -> T {
        let reduced = T.splat(2) * (reduction.z * f)
        let firstQuadrant = T.select(reduction.steep, T.splat(Double.pi / 2) - reduced, reduced)
        let leftHalf = T.less(x, T.splat(0))
        let upper = T.select(leftHalf, T.splat(Double.pi) - firstQuadrant, firstQuadrant)
        let lower = T.select(leftHalf, T.splat(Double.pi) + firstQuadrant, T.splat(2 * Double.pi) - firstQuadrant)
        let below = T.less(y, T.splat(0))
        // The positive x axis itself is angle 0, not 2 pi.
        return T.select(below, T.select(T.lessOrEqual(firstQuadrant, T.splat(0)), T.splat(0), lower), upper)
    }

    /// (1 + z) / (1 - z), whose logarithm is 2 atanh(z) (for sqrt(0.172) < z < 1 here).
    @inlinable @inline(__always)
    static func inverseHyperbolicTangentArgument<T: MotionArithmetic>(_ z: T) -> T {
        let one = T.splat(1)
        return (one + z) / (one - z)
    }

    /// ln x for finite x >= 1 is `logarithmFromReduction(logarithmReduction(x), series: F(u²))`:
    /// x = 2^e m with m in [sqrt(1/2), sqrt(2)), then e ln 2 + 2 u F(u²), u = (m - 1) / (m + 1),
    /// |u| <= 0.172. This first part gives e and u.
    @inlinable @inline(__always)
    static func logarithmReduction<T: MotionArithmetic>(_ x: T) -> (exponent: T, u: T) {
        let (e, m) = T.binaryExponent(x)
        let high = T.less(T.splat(1.4142135623730951), m)
        let significand = T.select(high, m * T.splat(0.5), m)
        let exponent = T.select(high, e + T.splat(1), e)
        let one = T.splat(1)
        return (exponent, (significand - one) / (significand + one))
    }

    /// The logarithm's second part (see `logarithmReduction`), from its reduction and F(u²) (`series`).
    @inlinable @inline(__always)
    static func logarithmFromReduction<T: MotionArithmetic>(_ reduction: (exponent: T, u: T), series f: T) -> T {
        reduction.exponent * T.splat(0.6931471805599453) + T.splat(2) * (reduction.u * f)
    }

    /// e^x for x <= 0 (exactly 0 below -708): x = n ln 2 + r, |r| <= ln 2 / 2 (ln 2 in two parts,
    /// the first with trailing zeros so n times it is exact), the Taylor polynomial of degree 13
    /// by Horner's rule, times 2^n.
    @inlinable @inline(__always)
    static func exponential<T: MotionArithmetic>(_ x: T) -> T {
        let shift = T.splat(0x1.8p52)
        let clamped = T.select(T.less(x, T.splat(-708)), T.splat(-708), x)
        let n = (clamped * T.splat(1.4426950408889634) + shift) - shift
        let high = n * T.splat(0.6931471803691238)
        let reduced = clamped - high
        let low = n * T.splat(1.9082149292705877e-10)
        let r = reduced - low
        var p = T.splat(1.0 / 6_227_020_800)
        p = p * r + T.splat(1.0 / 479_001_600)
        p = p * r + T.splat(1.0 / 39_916_800)
        p = p * r + T.splat(1.0 / 3_628_800)
        p = p * r + T.splat(1.0 / 362_880)
        p = p * r + T.splat(1.0 / 40320)
        p = p * r + T.splat(1.0 / 5040)
        p = p * r + T.splat(1.0 / 720)
        p = p * r + T.splat(1.0 / 120)
        p = p * r + T.splat(1.0 / 24)
        p = p * r + T.splat(1.0 / 6)
        p = p * r + T.splat(0.5)
        p = p * r + T.splat(1)
        p = p * r + T.splat(1)
        return T.select(T.less(x, T.splat(-708)), T.splat(0), p * T.powerOfTwo(n))
    }
}
