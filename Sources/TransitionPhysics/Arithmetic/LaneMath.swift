/// The elementary functions the closed forms use, written once over `MotionArithmetic` with a
/// fixed order of operations (no fused multiply-adds, no library calls), so a `Double` and each
/// lane of the batch's vectors compute the same bits on every machine.
@_spi(Lanes) public enum LaneMath {
    /// The larger of a and b; the other where one is NaN (an extremum is never NaN unless both are).
    @inlinable @inline(__always)
    public static func largest<T: MotionArithmetic>(_ a: T, _ b: T) -> T {
        T.select(T.either(T.less(a, b), T.not(T.lessOrEqual(a, a))), b, a)
    }
    /// F(s) = sum_{n >= 0} s^n / (2n + 1) for |s| <= 0.172 (terms n <= 20, the first omitted one
    /// below 1e-17), by Horner's rule: atan(z) = z F(-z²), atanh(z) = z F(z²).
    @inlinable @inline(__always)
    public static func series<T: MotionArithmetic>(_ s: T) -> T {
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
    public static func angleReduction<T: MotionArithmetic>(y: T, x: T) -> (z: T, steep: T.Mask) {
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
    public static func angleFromReduction<T: MotionArithmetic>(_ reduction: (z: T, steep: T.Mask), series f: T, y: T, x: T) -> T {
        let reduced = T.splat(2) * (reduction.z * f)
        let firstQuadrant = T.select(reduction.steep, T.splat(Double.pi / 2) - reduced, reduced)
        let leftHalf = T.less(x, T.splat(0))
        let upper = T.select(leftHalf, T.splat(Double.pi) - firstQuadrant, firstQuadrant)
        let lower = T.select(leftHalf, T.splat(Double.pi) + firstQuadrant, T.splat(2 * Double.pi) - firstQuadrant)
        let below = T.less(y, T.splat(0))
        // The positive x axis itself is angle 0, not 2 pi.
        return T.select(below, T.select(T.lessOrEqual(firstQuadrant, T.splat(0)), T.splat(0), lower), upper)
    }
    /// ln x for finite x >= 1 is `logarithmFromReduction(logarithmReduction(x), series: F(u²))`:
    /// x = 2^e m with m in [sqrt(1/2), sqrt(2)), then e ln 2 + 2 u F(u²), u = (m - 1) / (m + 1),
    /// |u| <= 0.172. This first part gives e and u.
    @inlinable @inline(__always)
    public static func logarithmReduction<T: MotionArithmetic>(_ x: T) -> (exponent: T, u: T) {
        let (e, m) = T.binaryExponent(x)
        let high = T.less(T.splat(1.4142135623730951), m)
        let significand = T.select(high, m * T.splat(0.5), m)
        let exponent = T.select(high, e + T.splat(1), e)
        let one = T.splat(1)
        return (exponent, (significand - one) / (significand + one))
    }
    /// The logarithm's second part (see `logarithmReduction`), from its reduction and F(u²) (`series`).
    @inlinable @inline(__always)
    public static func logarithmFromReduction<T: MotionArithmetic>(_ reduction: (exponent: T, u: T), series f: T) -> T {
        reduction.exponent * T.splat(0.6931471805599453) + T.splat(2) * (reduction.u * f)
    }
    /// e^x for x <= 0 (exactly 0 below -708) is `exponentialFromReduction` of this and a
    /// polynomial in r: x = n ln 2 + r, |r| <= ln 2 / 2 (ln 2 in two parts, the first with
    /// trailing zeros so n times it is exact).
    @inlinable @inline(__always)
    public static func exponentialReduction<T: MotionArithmetic>(_ x: T) -> (n: T, r: T) {
        let shift = T.splat(0x1.8p52)
        let clamped = T.select(T.less(x, T.splat(-708)), T.splat(-708), x)
        let n = (clamped * T.splat(1.4426950408889634) + shift) - shift
        let high = n * T.splat(0.6931471803691238)
        let reduced = clamped - high
        let low = n * T.splat(1.9082149292705877e-10)
        return (n, reduced - low)
    }

    /// e^x from x, its reduction and e^r: e^r 2^n, exactly 0 below -708.
    @inlinable @inline(__always)
    public static func exponentialFromReduction<T: MotionArithmetic>(_ x: T, n: T, power p: T) -> T {
        T.select(T.less(x, T.splat(-708)), T.splat(0), p * T.powerOfTwo(n))
    }

    /// e^x for x <= 0 (exactly 0 below -708): `exponentialReduction`, the Taylor polynomial of
    /// degree 13 by Horner's rule, times 2^n.
    @inlinable @inline(__always)
    public static func exponential<T: MotionArithmetic>(_ x: T) -> T {
        let (n, r) = exponentialReduction(x)
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
        return exponentialFromReduction(x, n: n, power: p)
    }

    /// ln x for a positive normal x: `logarithmReduction`, then F(u²) through u^20 (u² <= 0.0295
    /// after the reduction: the first omitted term under 2^-55) and `logarithmFromReduction`.
    @inlinable @inline(__always)
    public static func logarithm<T: MotionArithmetic>(_ x: T) -> T {
        let reduction = logarithmReduction(x)
        let u2 = reduction.u * reduction.u
        var sum = T.splat(1.0 / 21)
        sum = sum * u2 + T.splat(1.0 / 19)
        sum = sum * u2 + T.splat(1.0 / 17)
        sum = sum * u2 + T.splat(1.0 / 15)
        sum = sum * u2 + T.splat(1.0 / 13)
        sum = sum * u2 + T.splat(1.0 / 11)
        sum = sum * u2 + T.splat(1.0 / 9)
        sum = sum * u2 + T.splat(1.0 / 7)
        sum = sum * u2 + T.splat(1.0 / 5)
        sum = sum * u2 + T.splat(1.0 / 3)
        sum = sum * u2 + T.splat(1)
        return logarithmFromReduction(reduction, series: sum)
    }

    /// ln x to about 1e-8 (`logarithmReduction`, F(u²) through u^6).
    @inlinable @inline(__always)
    public static func roughLogarithm<T: MotionArithmetic>(_ x: T) -> T {
        let reduction = logarithmReduction(x)
        let u2 = reduction.u * reduction.u
        var sum = T.splat(1.0 / 7)
        sum = sum * u2 + T.splat(1.0 / 5)
        sum = sum * u2 + T.splat(1.0 / 3)
        sum = sum * u2 + T.splat(1)
        return logarithmFromReduction(reduction, series: sum)
    }

    /// (sin s, cos s) to about 2e-9 for |s| <= pi / 2 (on [0, pi / 4] by polynomials through
    /// r^9 and r^10; above it from r = pi / 2 - |s|, pi / 2 in two parts, sin and cos swapped, so
    /// cos s keeps its relative accuracy as it falls to 0 at pi / 2).
    @inlinable @inline(__always)
    public static func roughSineCosine<T: MotionArithmetic>(_ s: T) -> (sin: T, cos: T) {
        let a = T.magnitude(s)
        let far = T.less(T.splat(0.7853981633974483), a)
        let r = T.select(far, (T.splat(1.5707963267948966) - a) + T.splat(6.123233995736766e-17), a)
        let r2 = r * r
        var sinSum = T.splat(1.0 / 362_880)
        sinSum = sinSum * r2 - T.splat(1.0 / 5040)
        sinSum = sinSum * r2 + T.splat(1.0 / 120)
        sinSum = sinSum * r2 - T.splat(1.0 / 6)
        let sinR = r + r * (r2 * sinSum)
        var cosSum = T.splat(1.0 / 3_628_800)
        cosSum = cosSum * r2 - T.splat(1.0 / 40320)
        cosSum = cosSum * r2 + T.splat(1.0 / 720)
        cosSum = cosSum * r2 - T.splat(1.0 / 24)
        cosSum = cosSum * r2 + T.splat(0.5)
        let cosR = T.splat(1) - r2 * cosSum
        let sinA = T.select(far, cosR, sinR), cosA = T.select(far, sinR, cosR)
        return (T.select(T.less(s, T.splat(0)), -sinA, sinA), cosA)
    }

    /// e^x for x <= 0 to about 1e-8: `exponentialReduction`, Taylor through r^8.
    @inlinable @inline(__always)
    public static func roughExponential<T: MotionArithmetic>(_ x: T) -> T {
        let (n, r) = exponentialReduction(x)
        var p = T.splat(1.0 / 40320)
        p = p * r + T.splat(1.0 / 5040)
        p = p * r + T.splat(1.0 / 720)
        p = p * r + T.splat(1.0 / 120)
        p = p * r + T.splat(1.0 / 24)
        p = p * r + T.splat(1.0 / 6)
        p = p * r + T.splat(0.5)
        p = p * r + T.splat(1)
        p = p * r + T.splat(1)
        return exponentialFromReduction(x, n: n, power: p)
    }

    /// The angle of the point (x, y) in [0, 2 pi) (0 at the origin), given its distance from the
    /// origin `radius` (sqrt(x² + y²), which the caller has): atan of the smaller of |x|, |y| over
    /// the larger, halved once as min / (max + radius) (one division) to z <= tan(pi / 8), then
    /// z F(-z²) (`series`) and `angleFromReduction`.
    @inlinable @inline(__always)
    public static func angle<T: MotionArithmetic>(y: T, x: T, radius: T) -> T {
        let reduction = angleReduction(y: y, x: x, radius: radius)
        return angleFromReduction(reduction, series: series(-(reduction.z * reduction.z)), y: y, x: x)
    }

    /// The angle of the point (x, y) in [0, 2 pi) to about 1e-8, given its distance from the
    /// origin `radius` (sqrt(x² + y²), which the caller has): atan of the smaller of |x|, |y| over
    /// the larger, halved once as min / (max + radius) (one division), then F(-z²) through z^16.
    @inlinable @inline(__always)
    public static func roughAngle<T: MotionArithmetic>(y: T, x: T, radius: T) -> T {
        let reduction = angleReduction(y: y, x: x, radius: radius)
        let s = -(reduction.z * reduction.z)
        var f = T.splat(1.0 / 17)
        f = f * s + T.splat(1.0 / 15)
        f = f * s + T.splat(1.0 / 13)
        f = f * s + T.splat(1.0 / 11)
        f = f * s + T.splat(1.0 / 9)
        f = f * s + T.splat(1.0 / 7)
        f = f * s + T.splat(1.0 / 5)
        f = f * s + T.splat(1.0 / 3)
        f = f * s + T.splat(1)
        return angleFromReduction(reduction, series: f, y: y, x: x)
    }

    /// The first part of `angle` and `roughAngle`, given the point's distance from the origin
    /// `radius`: z = min(|x|, |y|) / (max(|x|, |y|) + radius), the tangent of half the angle
    /// whose tangent is min / max (at most tan(pi / 8); 0 at the origin), and whether |y| > |x|.
    @inlinable @inline(__always)
    public static func angleReduction<T: MotionArithmetic>(y: T, x: T, radius: T) -> (z: T, steep: T.Mask) {
        let ay = T.magnitude(y), ax = T.magnitude(x)
        let steep = T.less(ax, ay)
        let numerator = T.select(steep, ax, ay), denominator = T.select(steep, ay, ax)
        let sum = denominator + radius
        return (T.select(T.less(T.splat(0), sum), numerator / sum, T.splat(0)), steep)
    }

    /// The largest whole number not above x, for |x| < 2^51: x rounded to nearest by adding and
    /// subtracting 1.5 2^52, less 1 where that rounded up.
    @inlinable @inline(__always)
    public static func floor<T: MotionArithmetic>(_ x: T) -> T {
        let shift = T.splat(0x1.8p52)
        let nearest = (x + shift) - shift
        return T.select(T.less(x, nearest), nearest - T.splat(1), nearest)
    }

}
