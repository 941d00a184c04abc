import TransitionPhysics

// Natural logarithm and exponential from +, -, *, / and exact scaling by powers of two only.
//
// Why not `Double.log` / `Double.exp` from RealModule: they call the platform's libm, and
// glibc and Apple's libm are not correctly rounded, so they may differ in the last bit on a
// few inputs. One such bit in a Box-Muller or log-normal draw changes a synthetic sample, and
// the corpus must be bit-identical for a seed on every platform. IEEE 754 makes the basic
// operations correctly rounded (Swift does not contract a * b + c into a fused multiply-add),
// so these functions give the same bits everywhere. They are accurate to a few ulps, which is
// all a random draw needs; tests compare them against RealModule.

enum PortableMath {
    // ln 2 split so that k * ln2Hi is exact for |k| < 2^11 (fdlibm's constants).
    static let ln2Hi = 6.93147180369123816490e-01
    static let ln2Lo = 1.90821492927058770002e-10
    static let log2e = 1.44269504088896338700e+00

    /// The natural logarithm of `x`.
    ///
    /// - Parameter x: a positive, finite, normal number (a precondition).
    /// - Returns: ln x, within a few ulps.
    ///
    /// Method: x = m 2^k with m in [sqrt(1/2), sqrt(2)], ln m = 2 atanh(f), f = (m - 1) / (m + 1),
    /// |f| <= 0.1716, so the odd series to f^23 leaves a relative error below 1e-20.
    static func log(_ x: Double) -> Double {
        precondition(x > 0 && x.isFinite && x.isNormal, "PortableMath.log needs a positive, finite, normal number, got \(x)")
        // x = m 2^k with m in [1, 2), read from the bits (exact; a normal x is required).
        let bits = x.bitPattern
        var k = Double(Int((bits &>> 52) & 0x7FF) - 1023)
        var m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        if m > 1.4142135623730951 {
            m *= 0.5  // exact
            k += 1
        }
        let f = (m - 1) / (m + 1)
        let f2 = f * f
        // f^2 (1/3 + f^2 (1/5 + ... + f^2 / 23)), written out (no loop, no division); each
        // coefficient is the shortest literal that parses to the correctly rounded 1 / n.
        var p = f2 * 0.043478260869565216  // 1 / 23
        p = f2 * (0.047619047619047616 + p)  // 1 / 21
        p = f2 * (0.05263157894736842 + p)  // 1 / 19
        p = f2 * (0.058823529411764705 + p)  // 1 / 17
        p = f2 * (0.06666666666666667 + p)  // 1 / 15
        p = f2 * (0.07692307692307693 + p)  // 1 / 13
        p = f2 * (0.09090909090909091 + p)  // 1 / 11
        p = f2 * (0.1111111111111111 + p)  // 1 / 9
        p = f2 * (0.14285714285714285 + p)  // 1 / 7
        p = f2 * (0.2 + p)  // 1 / 5
        p = f2 * (0.3333333333333333 + p)  // 1 / 3
        let lnM = 2 * f + 2 * f * p
        return k * ln2Hi + (lnM + k * ln2Lo)
    }

    /// e raised to `x`.
    ///
    /// - Parameter x: in [-708, 709] (a precondition), so the result is a normal finite number.
    /// - Returns: e^x, within a few ulps.
    ///
    /// Method: x = k ln 2 + r with |r| <= ln(2) / 2; e^r by its Taylor series to r^16 (the
    /// remainder is below 1e-22), then an exact scaling by 2^k.
    static func exp(_ x: Double) -> Double {
        precondition(x >= -708 && x <= 709, "PortableMath.exp needs x in [-708, 709], got \(x)")
        let k = (x * log2e).rounded(.toNearestOrEven)
        let r = (x - k * ln2Hi) - k * ln2Lo
        var p = 1.0
        var n = 16.0
        while n >= 1 {
            p = 1 + r * p / n
            n -= 1
        }
        return Double(sign: .plus, exponent: Int(k), significand: p)
    }
}
