#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_silgen_name("swift_float64ToString")
private func _swiftFloat64ToString(
    _ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Double, _ debug: Bool) -> UInt64

/// Writes numbers as CSV text: integers in decimal, Doubles exactly as Swift's `description`
/// (the shortest digits that read back to the same Double; `.` decimal point, no locale;
/// `0.0`, `-1.5`, `0.30000000000000004`, exponent form below 1e-4 and from 1e16 on:
/// `1e-05`, `2.5e+16`; `inf`, `-inf`, `nan`).
///
/// Speed: `description` builds a String per value (about 250 ns here). The standard library
/// formats through its runtime entry point `swift_float64ToString`; we call that entry point
/// directly into the output buffer, after checking once per process, on a set of tricky
/// values, that it gives exactly `description`'s text (otherwise every value goes through
/// `description`). Integral values below 2^53 take an integer fast path.
enum NumberFormatting {
    /// Whether the runtime entry point reproduces `description` on this standard library.
    static let runtimeMatchesDescription: Bool = {
        var probes: [Double] = [
            0.1, 0.2, 0.3, -0.15797956326700646, 0.5958336447420942, 1.0 / 3, 2.0 / 3, 1e-5, 1.5e-5, 0.0001,
            9.999999999999999e-5, 1e16, 1e15, 123456789012345.6, 1.7976931348623157e308, 5e-324,
            2.2250738585072014e-308, -7.25, 100, 1e22, 0.30000000000000004, 4.35, 1e-7, 12345.678,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state
            let value = Double(bitPattern: bits)
            if value.isFinite { probes.append(value) }
            probes.append(Double(bits >> 11) / Double(1 << 53) * 10 - 5)
        }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { buffer.deallocate() }
        for value in probes {
            let n = runtimeFormat(value, into: buffer)
            let text = String(decoding: UnsafeBufferPointer(start: buffer, count: n), as: UTF8.self)
            if text != value.description { return false }
        }
        return true
    }()

    /// The runtime formatter into `buffer` (>= 40 bytes); returns the length. The buffer is
    /// filled with "0" first: this runtime version leaves a leading zero digit unwritten.
    @inline(__always)
    static func runtimeFormat(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        buffer.update(repeating: UInt8(ascii: "0"), count: 40)
        return Int(_swiftFloat64ToString(buffer, 40, value, false))
    }

    /// Appends the decimal digits of `value` to `out` (which must have 20 bytes free); returns
    /// the number written.
    @inline(__always)
    static func writeInteger(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
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

    /// Appends `value` to `buffer` as `description` would.
    @inline(__always)
    static func append(_ value: Double, to buffer: ByteBuffer) {
        buffer.reserve(48)
        buffer.count += write(value, to: buffer.base + buffer.count)
    }

    /// Writes `value` at `out` (48 bytes free); returns the number of bytes.
    @inline(__always)
    static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) {
            // Integral (0 included): "123.0", "-0.0".
            var n = 0
            if value.sign == .minus { out[0] = UInt8(ascii: "-"); n = 1 }
            n += writeInteger(UInt64(magnitude), to: out + n)
            out[n] = UInt8(ascii: "."); out[n + 1] = UInt8(ascii: "0")
            return n + 2
        }
        if runtimeMatchesDescription && value.isFinite {
            return runtimeFormat(value, into: out)
        }
        return slowWrite(value, to: out)
    }

    @inline(never)
    static func slowWrite(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var text = value.description
        return text.withUTF8 { utf8 in
            out.update(from: utf8.baseAddress!, count: utf8.count)
            return utf8.count
        }
    }

    /// `value` as CSV text.
    static func text(_ value: Double) -> [UInt8] {
        let buffer = ByteBuffer(capacity: 64)
        append(value, to: buffer)
        return Array(buffer.bytes)
    }
}
