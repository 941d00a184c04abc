import Testing
import TransitionCSV

/// The one number format (`NumberFormatting`) is `Double.description` to the byte.
@Suite struct NumberFormattingTests {
    @Test func numbersAreWrittenExactlyAsDescription() {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.3, 1e-5, 1e15, 1e16, 9007199254740992, 123.456, .infinity, -.infinity, 5e-324]
        var state: UInt64 = 12345
        for _ in 0..<200_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let d = Double(bitPattern: state)
            if !d.isNaN { values.append(d) }
            values.append(Double(state >> 11) / Double(1 << 53) * 20 - 10)
            values.append((Double(state >> 40) / 1000).rounded())
        }
        let buffer = ByteBuffer()
        let cache = DoubleTextCache()
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: NumberFormatting.maximumByteCount)
        defer { scratch.deallocate() }
        var mismatches: [String] = []
        for value in values {
            buffer.removeAll()
            NumberFormatting.append(value, to: buffer)
            if buffer.string != value.description { mismatches.append("\(buffer.string) != \(value.description)") }
            let cached = String(decoding: UnsafeBufferPointer(start: scratch, count: cache.write(value, to: scratch)), as: UTF8.self)
            if cached != value.description { mismatches.append("cache: \(cached) != \(value.description)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(NumberFormatting.text(.nan) == Array("nan".utf8))
    }

    @Test func examplesOfTheDocumentedFormat() {
        let cases: [(Double, String)] = [
            (0, "0.0"), (-0.0, "-0.0"), (1, "1.0"), (-1.5, "-1.5"), (0.1 + 0.2, "0.30000000000000004"),
            (1e-5, "1e-05"), (2.5e16, "2.5e+16"), (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
        ]
        for (value, text) in cases {
            #expect(NumberFormatting.string(value) == text)
            #expect(NumberFormatting.text(value) == Array(text.utf8))
        }
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: 20)
        defer { out.deallocate() }
        #expect(String(decoding: UnsafeBufferPointer(start: out, count: NumberFormatting.writeInteger(907, to: out)), as: UTF8.self) == "907")
    }
}
