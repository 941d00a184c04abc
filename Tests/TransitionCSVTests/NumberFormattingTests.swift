import Testing
import TransitionCSV
import TransitionLab  // SplitMix64, the one seeded generator

/// The one number format (`NumberFormatting`) is `Double.description` to the byte, written by
/// the package's own shortest-round-trip formatter (`ShortestDecimal`, Schubfach).
@Suite struct NumberFormattingTests {
    /// Values whose text differs from `description` (at most a few, formatted for the message).
    static func mismatches(_ values: some Sequence<Double>) -> [String] {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: NumberFormatting.maximumByteCount)
        defer { scratch.deallocate() }
        var found: [String] = []
        for value in values {
            let n = NumberFormatting.write(value, to: scratch)
            let expected = value.description
            var same = n == expected.utf8.count
            if same {
                var i = 0
                for byte in expected.utf8 {
                    if scratch[i] != byte { same = false; break }
                    i += 1
                }
            }
            if !same {
                let text = String(decoding: UnsafeBufferPointer(start: scratch, count: n), as: UTF8.self)
                found.append("bits 0x\(String(value.bitPattern, radix: 16)): \(text) != \(expected)")
                if found.count == 5 { break }
            }
        }
        return found
    }

    /// Powers of ten and two, the exponent-form thresholds (1e-4, 2^53, 1e16) and the integer
    /// fast path's end (1e15), subnormals, the extremes, halfway cases, each with neighbours.
    @Test func trickyValues() {
        // As text, so that the compiler keeps quiet about subnormal and inexact literals.
        let texts = [
            "0", "1", "0.1", "0.2", "0.3", "0.30000000000000004", "4.35", "12345.678", "123.456", "-7.25", "100",
            "1e-4", "1e-5", "1.5e-5", "9.999999999999999e-5", "0.00010000000000000002", "1e15", "1000000000000000.5",
            "123456789012345.6", "9007199254740992", "9007199254740994", "18014398509481984", "1e16", "2.5e16",
            "1e22", "1e23", "1e100", "1e-100", "5e-324", "1e-323", "1.5e-323", "2e-323", "2.5e-323", "4e-320",
            "2.2250738585072014e-308", "2.225073858507201e-308", "1.7976931348623157e308", "1.7976931348623155e308",
            // Ties at the 17th digit (rounded to even when read) and values just past the positional range.
            "9007199254740993", "18014398509481985", "4503599627370497.5", "4503599627370496.5",
            "0.5", "0.25", "0.125", "0.0625", "0.03125", "0.015625", "0.0078125",
            "-0.15797956326700646", "0.5958336447420942", "3002399751580330.5", "1234567890000000",
        ]
        var values = texts.map { Double($0)! } + [
            1.0 / 3, 2.0 / 3, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .ulpOfOne, .pi,
        ]
        var e = 1e-300
        while e < 1e308 { values.append(e); e *= 10 }
        for p in -324...308 { values.append(Double("1e\(p)")!) }
        for p in -1074...1023 { values.append(Double(sign: .plus, exponent: p, significand: 1)) }
        for p in -10...60 {
            // n * 2^p for small n: exact halfway points between short decimals.
            for n in 1...20 { values.append(Double(n) * Double(sign: .plus, exponent: p, significand: 1)) }
        }
        for c in 1...1000 as ClosedRange<UInt64> { values.append(Double(bitPattern: c)) }
        for c in (1 << 52) - 1000 ... (1 << 52) + 1000 as ClosedRange<UInt64> { values.append(Double(bitPattern: c)) }
        var around: [Double] = []
        for v in values {
            var up = v, down = v
            for _ in 0..<3 {
                up = up.nextUp; down = down.nextDown
                around += [up, down]
            }
        }
        values += around
        values += values.map { -$0 }
        values += [.infinity, -.infinity, .nan, -.nan, .signalingNaN, -.signalingNaN, Double(bitPattern: 0x7FF0_0000_0000_0001)]
        #expect(Self.mismatches(values) == [])
    }

    /// The documented examples, through every entry point.
    @Test func examplesOfTheDocumentedFormat() {
        let cases: [(Double, String)] = [
            (0, "0.0"), (-0.0, "-0.0"), (1, "1.0"), (-1.5, "-1.5"), (0.1 + 0.2, "0.30000000000000004"),
            (1e-5, "1e-05"), (9.999999999999999e-5, "9.999999999999999e-05"), (0.0001, "0.0001"),
            (9007199254740992, "9007199254740992.0"), (9007199254740994, "9.007199254740994e+15"),
            (1e16, "1e+16"), (2.5e16, "2.5e+16"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"), (-.nan, "nan"),
        ]
        for (value, text) in cases {
            #expect(NumberFormatting.string(value) == text)
            #expect(NumberFormatting.text(value) == Array(text.utf8))
            let buffer = ByteBuffer()
            NumberFormatting.append(value, to: buffer)
            #expect(buffer.string == text)
        }
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: 20)
        defer { out.deallocate() }
        #expect(String(decoding: UnsafeBufferPointer(start: out, count: NumberFormatting.writeInteger(907, to: out)), as: UTF8.self) == "907")
    }

    /// Seeded random bit patterns (every kind of Double, NaNs included).
    @Test func randomBitPatterns() {
        var random = SplitMix64(seed: 12345)
        #expect(Self.mismatches((0..<1_500_000).lazy.map { _ in Double(bitPattern: random.next()) }) == [])
    }

    /// The sweep's values: grid progress 0...1 by 0.0002 and velocity -5...5 by 0.01 (as the
    /// nearest decimals and as start + i * step), completion times 0...60 s, and computed
    /// results of every size around them.
    @Test func theSweepsRanges() {
        var values: [Double] = []
        for i in 0...5000 { values += [Double(i) * 0.0002, Double("\(i)e-4")!, Double(i) / 5000] }
        for i in 0...1000 { values += [-5 + Double(i) * 0.01, Double("\(i - 500)e-2")!] }
        var random = SplitMix64(seed: 2026)
        for _ in 0..<400_000 {
            values.append(Double.random(in: 0..<1, using: &random) * 60)  // time_s
            values.append(Double.random(in: 0..<1, using: &random) * 10 - 5)  // velocity
            values.append(Double.random(in: 0..<1, using: &random))  // progress, overshoot
            values.append((Double.random(in: 0..<1, using: &random) - 0.5) * 2e4)  // accelerations
            values.append(Double.random(in: 0..<1, using: &random) * 1e-3)  // small residuals, across the 1e-4 threshold
        }
        #expect(Self.mismatches(values) == [])
    }

    /// Every binary exponent (subnormal to the largest), each with random significands, both signs.
    @Test func everyExponent() {
        var random = SplitMix64(seed: 99)
        var values: [Double] = []
        values.reserveCapacity(2047 * 200)
        for exponent in 0..<2047 as Range<UInt64> {
            for i in 0..<100 {
                let edges: [UInt64] = [0, 1, (1 << 52) - 1, 1 << 51]
                let fraction = i < 4 ? edges[i] : random.next() & ((1 << 52) - 1)
                let bits = exponent << 52 | fraction
                values += [Double(bitPattern: bits), Double(bitPattern: bits | 1 << 63)]
            }
        }
        #expect(Self.mismatches(values) == [])
    }

    /// The digit writers and the exponent rules the formatter relies on, against exact arithmetic.
    @Test func helpersAreExact() {
        for n: UInt32 in [0, 1, 9, 10, 12_345_678, 99_999_999, 10_000_000, 40_302_010] {
            let word = ShortestDecimal.eightDigits(n)
            var text = ""
            for i in 0..<8 { text += String((word >> (8 * UInt64(i))) & 0xFF) }
            let expected = String(n)
            #expect(text == String(repeating: "0", count: 8 - expected.count) + expected)
        }
        var n: UInt64 = 1
        for length in 1...17 {
            #expect(ShortestDecimal.decimalLength(n) == length)
            #expect(ShortestDecimal.decimalLength(n * 10 - 1) == length)
            n *= 10
        }
    }

    /// `ShortestDecimal.powerTable` and the log approximations, recomputed with exact integers.
    @Test func tableIsExact() {
        // Sign of 10^x - times * 2^y, negative exponents moved to the other side.
        func compare(tenTo x: Int, twoTo y: Int, times: UInt32 = 1) -> Int {
            var left = BigNumber.powerOf10(max(x, 0))
            var right = BigNumber.powerOf10(max(-x, 0))
            right.multiply(by: times)
            left.shiftLeft(max(-y, 0))
            right.shiftLeft(max(y, 0))
            return left.compare(right)
        }
        // floor(log10(2^e)), floor(log10(3/4 2^e)), floor(log2(10^e)) over every exponent used.
        for e in -1100...1100 {
            let k = ShortestDecimal.floorLog10Pow2(e)
            #expect(compare(tenTo: k, twoTo: e) <= 0 && compare(tenTo: k + 1, twoTo: e) > 0, "log10(2^\(e))")
            let k3 = ShortestDecimal.floorLog10ThreeQuartersPow2(e)  // 10^k3 <= 3 * 2^(e-2) < 10^(k3+1)
            #expect(compare(tenTo: k3, twoTo: e - 2, times: 3) <= 0 && compare(tenTo: k3 + 1, twoTo: e - 2, times: 3) > 0, "log10(3/4 2^\(e))")
        }
        for e in -400...400 {
            let r = ShortestDecimal.floorLog2Pow10(e)
            #expect(compare(tenTo: e, twoTo: r) >= 0 && compare(tenTo: e, twoTo: r + 1) < 0, "log2(10^\(e))")
        }
        #expect(ShortestDecimal.powerTable.count == 2 * 617)
        for k in -324...292 {
            // g = floor(10^-k / 2^r) + 1, r = floor(log2(10^-k)) - 125, in (2^125, 2^126].
            let r = ShortestDecimal.floorLog2Pow10(-k) - 125
            var g: BigNumber
            if k <= 0 {
                g = BigNumber.powerOf10(-k)
                if r >= 0 { g.shiftRight(r) } else { g.shiftLeft(-r) }
            } else {
                g = BigNumber(1)
                g.shiftLeft(-r)
                for _ in 0..<(k / 9) { g.divide(by: 1_000_000_000) }
                for _ in 0..<(k % 9) { g.divide(by: 10) }
            }
            g.add(1)
            let index = 2 * (k + 324)
            let (high, low) = g.words128
            #expect(ShortestDecimal.powerTable[index] == high << 1 | low >> 63, "k = \(k)")
            #expect(ShortestDecimal.powerTable[index + 1] == low & (1 << 63 - 1), "k = \(k)")
            #expect(high >> 62 == 0 && high >> 61 != 0 || high == 1 << 62 && low == 0, "k = \(k)")
        }
    }

    /// The sweep's per-thread cache gives the formatter's bytes, on repeats and collisions.
    @Test func cacheGivesTheSameBytes() {
        var random = SplitMix64(seed: 7)
        let cache = DoubleTextCache()
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: NumberFormatting.maximumByteCount)
        defer { scratch.deallocate() }
        var wrong: [String] = []
        let pool = (0..<20_000).map { _ in Double(bitPattern: random.next()) } + [0, -0.0, 1, 0.25, .nan, .infinity]
        for _ in 0..<100_000 {
            let value = pool[Int(random.next() % UInt64(pool.count))]
            let text = String(decoding: UnsafeBufferPointer(start: scratch, count: cache.write(value, to: scratch)), as: UTF8.self)
            if text != value.description && wrong.count < 5 { wrong.append("\(text) != \(value.description)") }
        }
        #expect(wrong == [])
    }
}
