#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_silgen_name("swift_float64ToString")
private func _swiftFloat64ToString(
    _ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Double, _ debug: Bool) -> UInt64

/// The project's one number format for output files (the sweep's CSV and trajectory files, the
/// benchmark's CSV, per-trace and JSON output, trace files); other doc comments point here.
///
/// - Integers (row numbers, counts) are plain decimal digits: `0`, `42`.
/// - A Double is written exactly as Swift's `Double.description`: the shortest digits that read
///   back to the same Double, `.` as decimal point (no locale), always with a fraction or an
///   exponent, so integral values keep `.0`: `0.0`, `-0.0`, `1.0`, `-1.5`,
///   `0.30000000000000004`; exponent form below 1e-4 and from 1e16 on: `1e-05`, `2.5e+16`;
///   `inf`, `-inf`, `nan` for the non-finite.
///
/// Every such text reads back to the same Double in Swift (`Double(_:)`), Python (`float`) and
/// pandas (`read_csv`, which also takes `inf` and `nan`).
///
/// Speed: `description` builds a String per value (about 250 ns here). The standard library
/// formats through its runtime entry point `swift_float64ToString`; we call that entry point
/// directly into the output buffer, after checking once per process, on a set of tricky
/// values, that it gives exactly `description`'s text (otherwise every value goes through
/// `description`). Integral values below 1e15 take an integer fast path.
public enum NumberFormatting {
    /// The most bytes one formatted value takes (`write(_:to:)` needs this much room).
    @inlinable public static var maximumByteCount: Int { 48 }

    /// Whether the runtime entry point reproduces `description` on this standard library.
    static let runtimeMatchesDescription: Bool = {
        var probes: [Double] = [
            0.1, 0.2, 0.3, -0.15797956326700646, 0.5958336447420942, 1.0 / 3, 2.0 / 3, 1e-5, 1.5e-5, 0.0001,
            9.999999999999999e-5, 1e16, 1e15, 123456789012345.6, 1.7976931348623157e308, .leastNonzeroMagnitude,
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
        return writeNonIntegral(value, to: out)
    }

    /// The values off the integer fast path: the runtime formatter, or `description`.
    @usableFromInline
    static func writeNonIntegral(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
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
            let n = Int(lengths[slot])
            out.update(from: cached, count: n)
            return n
        }
        let n = NumberFormatting.write(value, to: out)
        if n <= Self.width {
            keys[slot] = bits
            lengths[slot] = UInt8(n)
            cached.update(from: out, count: n)
        }
        return n
    }
}
