/// The shortest decimal that reads back as a given Double, by Raffaello Giulietti's Schubfach
/// algorithm: Raffaello Giulietti, "The Schubfach way to render doubles" (2020, revised 2022),
/// the algorithm behind Java's `Double.toString` since JDK 19 (OpenJDK's
/// `jdk.internal.math.DoubleToDecimal`, whose figure and section numbers the comments below
/// follow). `NumberFormatting` lays the digits out as Swift's `Double.description` does.
///
/// For `v = c * 2^q` (c the integer significand) the rounding interval `R` is the set of reals
/// that round to `v`: half-way to each neighbour, the ends included when `c` is even (ties to
/// even read back to `v`) and excluded when it is odd; below a power of two the lower neighbour is
/// half as far. Schubfach picks `k` with `10^k <= 2^q`, so that `R`, measured in units of `10^k`,
/// is between 1 and 10 units wide. Then:
///
/// - at most one multiple of 10 units lies in `R`; if one does, it is the shortest decimal in `R`
///   (a shorter one would also be a multiple of 10 units), and it is the answer;
/// - otherwise the shortest decimals in `R` are whole units, and the answer is the one of
///   `s = floor(v / 10^k)` and `s + 1` that lies in `R`, the closer to `v` when both do, the even
///   one on an exact tie.
///
/// This is what `Double.description` promises (shortest, then closest, ties to even), so the two
/// give the same digits. The scaled quantities `4 v / 10^k` and the interval ends are computed as
/// `cp * g / 2^127` rounded to odd, with `g` a 126-bit upper approximation of `10^-k` (the table in
/// ShortestDecimalTable.swift) and `cp` the significand in quarter units shifted by 1...4 bits;
/// the paper proves that the rounded-to-odd values compare with the multiples of 4 units exactly
/// as the real ones do, so every test above is exact with 64-bit integers.
///
/// Unlike Java, which asks for at least two digits (`4.9E-324`), every length is allowed
/// (`5e-324`, as Swift writes it).
package enum ShortestDecimal {
    /// The significand and exponent of the decimal nearest `c * 2^q` among the shortest in its
    /// rounding interval: the value is `digits * 10^exponent` (`digits` may end in zeros).
    /// `c` is the significand with its hidden bit (`1 ..< 2^53`); `q` is -1074 for subnormals.
    @inline(__always)
    package static func decimal(significand c: UInt64, exponent q: Int) -> (digits: UInt64, exponent: Int) {
        let out: UInt64 = c & 1  // 1: the interval's ends are excluded (odd significand)
        let cb = c << 2
        let cbr = cb &+ 2
        let cbl: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb &- 2  // regular spacing
            k = floorLog10Pow2(q)
        } else {
            cbl = cb &- 1  // at a power of two the lower neighbour is half as far
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q &+ floorLog2Pow10(-k) &+ 2  // 1...4
        let index = (k &+ 324) &* 2
        let g1 = powerTable[index]
        let g0 = powerTable[index &+ 1]
        let vb = roundToOdd(g1, g0, cb << h)
        let vbl = roundToOdd(g1, g0, cbl << h)
        let vbr = roundToOdd(g1, g0, cbr << h)

        let s = vb >> 2
        // A multiple of 10 units in the interval: the shortest.
        let sp10 = (s / 10) &* 10
        let tp10 = sp10 &+ 10
        let upin = vbl &+ out <= sp10 << 2
        let wpin = (tp10 << 2) &+ out <= vbr
        if upin != wpin { return (upin ? sp10 : tp10, k) }
        // Whole units: s or s + 1, whichever lies in the interval, else the closer, else the even.
        let t = s &+ 1
        let uin = vbl &+ out <= s << 2
        let win = (t << 2) &+ out <= vbr
        if uin != win { return (uin ? s : t, k) }
        let middle = (s &+ t) << 1  // 4 * (s + 1/2)
        return (vb < middle || (vb == middle && s & 1 == 0) ? s : t, k)
    }

    /// `cp * g / 2^127` rounded to odd, `g = g1 * 2^63 + g0` (the paper's `rop`, figure 8).
    @inline(__always)
    package static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let mask63: UInt64 = (1 << 63) - 1
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low >> 1) &+ x1
        let vbp = y.high &+ (z >> 63)
        return vbp | (((z & mask63) &+ mask63) >> 63)
    }

    /// floor(log10(2^e)) for |e| <= 5456721 (checked against exact arithmetic by the tests).
    @inline(__always)
    package static func floorLog10Pow2(_ e: Int) -> Int { (e &* 661_971_961_083) >> 41 }

    /// floor(log10(3/4 * 2^e)).
    @inline(__always)
    package static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int { (e &* 661_971_961_083 &- 274_743_187_321) >> 41 }

    /// floor(log2(10^e)).
    @inline(__always)
    package static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }

    /// The eight decimal digits of `n` (< 10^8), most significant first, one per byte in memory
    /// order (byte i of the little-endian word is digit i, as a number 0...9, not ASCII): a
    /// SWAR split into 4-digit, 2-digit and 1-digit lanes with multiply-shift divisions
    /// (Paul Khuong, "How to print integers really fast", pvk.ca, 2017).
    @inline(__always)
    package static func eightDigits(_ n: UInt32) -> UInt64 {
        let high = n / 10_000
        let fours = UInt64(high) | (UInt64(n &- high &* 10_000) << 32)
        let hundreds = ((fours &* 10_486) >> 20) & 0x0000_007F_0000_007F  // x / 100 for x < 10^4
        let pairs = hundreds | ((fours &- hundreds &* 100) << 16)
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F  // x / 10 for x < 100
        return tens | ((pairs &- tens &* 10) << 8)
    }

    /// 10^0 ... 10^17.
    package static let powersOf10: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
    ]

    /// The number of decimal digits of `n` (1 ..< 10^17).
    @inline(__always)
    package static func decimalLength(_ n: UInt64) -> Int {
        let estimate = ((64 &- n.leadingZeroBitCount) &* 1233) >> 12  // floor or floor + 1 of log10
        return n >= powersOf10[estimate] ? estimate &+ 1 : estimate
    }
}
