import Foundation
import Testing
import TransitionCSV
import TransitionLab  // SplitMix64, the one seeded generator

#if os(Linux)
/// The runtime's private entry point that NumberFormatting called before it had its own
/// formatter: here only to compare speeds, in a test, never in a product.
@_silgen_name("swift_float64ToString")
private func runtimeFloat64ToString(
    _ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Double, _ debug: Bool) -> UInt64
#endif

/// Speed of the number format against `description` and the former runtime call, on the sweep's
/// values. Opt-in, printed, never a timing assertion:
///
///     transition-sweep --release-progress 0:1:0.002 --release-velocity -5:5:0.01 --output /tmp/mix.csv
///     NUMBER_FORMAT_SPEED=/tmp/mix.csv swift test -c release -Xswiftc -enable-testing --filter NumberFormattingSpeed
///
/// (`NUMBER_FORMAT_SPEED=1` uses a synthetic mix instead of a CSV's numbers.) It does check that
/// the three give the same bytes.
@Suite struct NumberFormattingSpeed {
    static let setting = ProcessInfo.processInfo.environment["NUMBER_FORMAT_SPEED"]

    /// Every number of the CSV at `path` (header and text fields skipped), or a synthetic mix.
    static func values(_ setting: String) throws -> [Double] {
        if FileManager.default.fileExists(atPath: setting) {
            let text = try String(contentsOfFile: setting, encoding: .utf8)
            var values: [Double] = []
            for line in text.split(separator: "\n").dropFirst() {
                for field in line.split(separator: ",", omittingEmptySubsequences: false) {
                    if let v = Double(field), field.contains(".") || field.contains("e") || field.contains("n") { values.append(v) }
                }
            }
            return values
        }
        var random = SplitMix64(seed: 1)
        func unit() -> Double { Double.random(in: 0..<1, using: &random) }
        return (0..<1_000_000).map { i in
            switch i % 5 {
            case 0: unit() * 60
            case 1: unit() * 10 - 5
            case 2: Double(Int(unit() * 5000)) * 0.0002
            case 3: unit()
            default: (unit() - 0.5) * 2e4
            }
        }
    }

    @Test(.enabled(if: setting != nil)) func compareWithDescriptionAndTheRuntime() throws {
        let values = try Self.values(Self.setting!)
        var variants: [(String, (Double, UnsafeMutablePointer<UInt8>) -> Int)] = [
            ("NumberFormatting (Schubfach)", { NumberFormatting.write($0, to: $1) }),
            ("description", { value, out in
                var text = value.description
                return text.withUTF8 { utf8 in
                    out.update(from: utf8.baseAddress!, count: utf8.count)
                    return utf8.count
                }
            }),
        ]
        #if os(Linux)
        variants.append(("former runtime call", { value, out in
            let magnitude = value.magnitude
            if magnitude < 1e15, magnitude == magnitude.rounded(.towardZero) { return NumberFormatting.write(value, to: out) }
            if !value.isFinite { return NumberFormatting.write(value, to: out) }
            out.update(repeating: UInt8(ascii: "0"), count: 40)
            return Int(runtimeFloat64ToString(out, 40, value, false))
        }))
        #endif
        var best = [Double](repeating: .infinity, count: variants.count)
        var outputs = [ByteBuffer](repeating: ByteBuffer(), count: variants.count)
        for round in 0..<7 {
            for (i, (_, write)) in variants.enumerated() {
                let buffer = ByteBuffer(capacity: values.count * 26)
                let start = ContinuousClock.now
                for value in values {
                    buffer.reserve(NumberFormatting.maximumByteCount)
                    buffer.count += write(value, buffer.base + buffer.count)
                }
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best[i] = min(best[i], seconds / Double(values.count) * 1e9)
                if round == 0 { outputs[i] = buffer }
            }
        }
        print("number format speed over \(values.count) values (best of 7 alternated rounds):")
        for (i, (name, _)) in variants.enumerated() {
            print("  \(name): \(String(format: "%.1f", best[i])) ns/value")
            #expect(Array(outputs[i].bytes) == Array(outputs[0].bytes), "\(name) differs")
        }
    }
}
