/// The project's one number format for output files (the sweep's CSV and trajectory files, the
/// benchmark's CSV, per-trace and JSON output, trace files); other doc comments point here.
///
/// - Integers (row numbers, counts) are plain decimal digits: `0`, `42`.
/// - A Double is written exactly as Swift's `Double.description`: the shortest digits that read
///   back to the same Double (the closest of them to the value, an exact tie to an even last
///   digit), `.` as decimal point (no locale), always with a fraction or an exponent, so integral
///   values keep `.0`: `0.0`, `-0.0`, `1.0`, `-1.5`, `0.30000000000000004`,
///   `9007199254740992.0`. Exponent form (one digit before the point, none after when the
///   digits are one, `e`, a sign, at least two exponent digits) for magnitudes below 1e-4
///   (`1e-05`, `9.999999999999999e-05`, `5e-324`) and above 2^53 (`9.007199254740994e+15`,
///   `1e+16`, `2.5e+16`, `1.7976931348623157e+308`); `inf`, `-inf`, and `nan` for every NaN.
///
/// Every such text reads back to the same Double in Swift (`Double(_:)`), Python (`float`) and
/// pandas (`read_csv`, which also takes `inf` and `nan`).
///
/// How: integral magnitudes up to 2^53 are written as integers; every other finite value goes
/// through `ShortestDecimal` (Giulietti's Schubfach algorithm, 64-bit integer arithmetic and a
/// 617-entry table of 126-bit powers of ten) and the digits are laid out here, straight into the
/// output bytes, without a String (`description` builds one per value, several times slower).
/// NumberFormattingTests compare the bytes with `description` over tricky values, millions of
/// random bit patterns and the sweep's grids.
public enum NumberFormatting {
    /// The most bytes one formatted value takes (`write(_:to:)` needs this much room; the
    /// longest text is 24 bytes; the writer stores whole 8-byte words within the first 32).
    @inlinable public static var maximumByteCount: Int { 48 }

    /// Writes the decimal digits of `value` at `out` (which must have 20 bytes free); returns
    /// the number written.
    @inlinable @inline(__always)
    public static func writeInteger(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var v = value
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &tmp) { raw -> Int in
            let t = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var i = 24
            repeat {
                i -= 1
                t[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
                v /= 10
            } while v != 0
            let n = 24 - i
            out.update(from: t + i, count: n)
            return n
        }
    }

    /// Appends `value` to `buffer` in the number format.
    @inlinable @inline(__always)
    public static func append(_ value: Double, to buffer: ByteBuffer) {
        buffer.reserve(maximumByteCount)
        buffer.count += write(value, to: buffer.base + buffer.count)
    }

    /// Writes `value` at `out` (`maximumByteCount` bytes free); returns the number of bytes.
    @inlinable @inline(__always)
    public static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) {
            // Integral (0 included): "123.0", "-0.0".
            var n = 0
            if value.sign == .minus { out[0] = UInt8(ascii: "-"); n = 1 }
            n += writeInteger(UInt64(magnitude), to: out + n)
            out[n] = UInt8(ascii: "."); out[n + 1] = UInt8(ascii: "0")
            return n + 2
        }
        return writeShortest(value, to: out)
    }

    /// Every Double, in the format: non-finite values by name, zero, then the shortest digits
    /// from `ShortestDecimal` laid out in positional or exponent form.
    @usableFromInline
    static func writeShortest(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let fraction = bits & (1 << 52 - 1)
        var out = start
        if biasedExponent == 0x7FF {
            if fraction != 0 { return store(ascii: "nan", at: out) }
            if bits >> 63 != 0 { out[0] = UInt8(ascii: "-"); out += 1 }
            return out - start + store(ascii: "inf", at: out)
        }
        if bits >> 63 != 0 { out[0] = UInt8(ascii: "-"); out += 1 }
        if biasedExponent == 0 && fraction == 0 { return out - start + store(ascii: "0.0", at: out) }

        let (digits, exponent) = biasedExponent == 0
            ? ShortestDecimal.decimal(significand: fraction, exponent: -1074)
            : ShortestDecimal.decimal(significand: fraction | 1 << 52, exponent: biasedExponent &- 1075)
        // Seventeen digits d0 d1 ... d16 (zeros appended), value = d0.d1...d16 x 10^scientific.
        let length = ShortestDecimal.decimalLength(digits)
        let padded = digits &* ShortestDecimal.powersOf10[17 &- length]
        let scientific = exponent &+ length &- 1
        let first = padded / 10_000_000_000_000_000  // both divisions at once: a shorter chain
        let upper = padded / 100_000_000
        let middleDigits = ShortestDecimal.eightDigits(UInt32(truncatingIfNeeded: upper &- first &* 100_000_000))
        let lastDigits = ShortestDecimal.eightDigits(UInt32(truncatingIfNeeded: padded &- upper &* 100_000_000))
        // Significant digits: 17 less the trailing zeros (a zero digit is a zero byte, and the
        // last digits are the word's high bytes).
        let trailingZeros = lastDigits != 0
            ? lastDigits.leadingZeroBitCount >> 3
            : middleDigits != 0 ? 8 &+ middleDigits.leadingZeroBitCount >> 3 : 16
        let count = 17 &- trailingZeros
        let firstASCII = UInt8(truncatingIfNeeded: first) &+ 48
        let middleASCII = middleDigits &+ 0x3030_3030_3030_3030
        let lastASCII = lastDigits &+ 0x3030_3030_3030_3030

        if scientific < -4 || value.magnitude > 0x1p53 {
            // "d.ddde-05", "de+16"
            out[0] = firstASCII
            var n = 1
            if count > 1 {
                out[1] = UInt8(ascii: ".")
                storeWord(middleASCII, at: out + 2)
                storeWord(lastASCII, at: out + 10)
                n = count &+ 1
            }
            out[n] = UInt8(ascii: "e")
            var e = scientific
            if e < 0 {
                out[n &+ 1] = UInt8(ascii: "-")
                e = 0 &- e
            } else {
                out[n &+ 1] = UInt8(ascii: "+")
            }
            n &+= 2
            if e >= 100 {
                out[n] = UInt8(truncatingIfNeeded: e / 100) &+ 48
                e %= 100
                n &+= 1
            }
            out[n] = UInt8(truncatingIfNeeded: e / 10) &+ 48
            out[n &+ 1] = UInt8(truncatingIfNeeded: e % 10) &+ 48
            return out - start + n &+ 2
        }
        if scientific < 0 {
            // "0.000ddd": up to three zeros after the point, then the digits.
            storeWord(0x3030_3030_3030_2E30, at: out)  // "0.000000"
            let p = 1 &- scientific
            out[p] = firstASCII
            storeWord(middleASCII, at: out + p + 1)
            storeWord(lastASCII, at: out + p + 9)
            return out - start + p &+ count
        }
        // "ddd.ddd" or "ddd00.0" (scientific <= 15 here): the 17 digits with a point after the
        // first `point` of them and at least one digit after it (a padding zero for an integral
        // value). The digits after the point are stored again one byte further from the words in
        // registers (re-reading the bytes just stored would stall store forwarding).
        let point = scientific &+ 1  // 1...16
        out[0] = firstASCII
        storeWord(middleASCII, at: out + 1)
        if point <= 8 {
            storeWord(middleASCII >> (8 &* UInt64(point &- 1)), at: out + point + 1)
            storeWord(lastASCII, at: out + 10)
        } else {
            storeWord(lastASCII, at: out + 9)
            storeWord(lastASCII >> (8 &* UInt64(point &- 9)), at: out + point + 1)
        }
        out[point] = UInt8(ascii: ".")
        return out - start + point &+ 1 &+ max(count &- point, 1)
    }

    /// Stores the 8 bytes of `word` at `p` (unaligned), its lowest byte first.
    @inline(__always)
    static func storeWord(_ word: UInt64, at p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// Copies a short ASCII constant to `p`; returns its length.
    @inline(__always)
    static func store(ascii text: StaticString, at p: UnsafeMutablePointer<UInt8>) -> Int {
        p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// `value` as UTF-8 bytes.
    public static func text(_ value: Double) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumByteCount) { scratch in
            Array(scratch.prefix(write(value, to: scratch.baseAddress!)))
        }
    }

    /// `value` as a String.
    public static func string(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumByteCount) { scratch in
            String(decoding: scratch.prefix(write(value, to: scratch.baseAddress!)), as: UTF8.self)
        }
    }
}

/// A direct-mapped cache of formatted Doubles (completion times, jumps and zeros repeat a lot).
/// One per worker thread; the text is `NumberFormatting`'s.
public final class DoubleTextCache: @unchecked Sendable {
    @inlinable static var slots: Int { 4096 }
    @inlinable static var width: Int { 32 }
    @usableFromInline let keys: UnsafeMutablePointer<UInt64>
    @usableFromInline let lengths: UnsafeMutablePointer<UInt8>
    @usableFromInline let text: UnsafeMutablePointer<UInt8>

    public init() {
        keys = .allocate(capacity: Self.slots)
        // A NaN payload no computation produces marks an empty slot.
        keys.initialize(repeating: 0x7FF8_DEAD_BEEF_0001, count: Self.slots)
        lengths = .allocate(capacity: Self.slots)
        lengths.initialize(repeating: 0, count: Self.slots)
        text = .allocate(capacity: Self.slots * Self.width)
        text.initialize(repeating: 0, count: Self.slots * Self.width)
    }

    deinit {
        keys.deallocate(); lengths.deallocate(); text.deallocate()
    }

    /// Writes `value` at `out` (`NumberFormatting.maximumByteCount` bytes free) as
    /// `NumberFormatting.write` does; returns the length.
    @inlinable @inline(__always)
    public func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 52)
        let cached = text + slot * Self.width
        if keys[slot] == bits {
            // The whole slot in two 16-byte moves, inline (`out` has 48 bytes free; the bytes
            // past the text are overwritten by what follows): a call of the C library's memmove
            // per cached number was a twentieth of a sweep's CPU time.
            let from = UnsafeRawPointer(cached), to = UnsafeMutableRawPointer(out)
            to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16, as: SIMD16<UInt8>.self)
            return Int(lengths[slot])
        }
        let n = NumberFormatting.write(value, to: out)
        if n <= Self.width {
            keys[slot] = bits
            lengths[slot] = UInt8(n)
            copyShortBytes(from: out, count: n, to: cached)
        }
        return n
    }
}
