/// The arithmetic the motion's closed forms are written in, once (the visual completion,
/// `CompletionCurve.restTime(tolerance:)`, here; the extrema, TransitionLab's `MotionExtrema`):
/// `Double` for the scalar reference, and the batch's 16-lane vector (`SIMD16<Double>`, whose
/// conformance is in TransitionBatch). Every requirement is exact or correctly rounded lane by lane (IEEE
/// addition, multiplication, division and square root, selections, exact powers of two), and the
/// generic code fixes the order of every operation (Swift never fuses a multiply and an add
/// unless asked), so a lane computes the bits a `Double` does, on every machine.
@_spi(Lanes) public protocol MotionArithmetic {
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

@_spi(Lanes) extension Double: MotionArithmetic {
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
