import Foundation
import Testing
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// Mangles the small valid file in many seeded ways. Every variant must be either refused with
/// a `TraceFileError` or, if accepted, genuinely valid: no silent acceptance of a broken trace.
@Suite("TraceReader fuzz")
struct TraceReaderFuzzTests {
    static let variantCount = 3000

    @Test("3000 seeded mangled variants: refused, or accepted and valid")
    func fuzz() {
        var accepted = 0, refused = 0, failures = 0
        var problems = Set<TraceFileError.Problem>()
        for seed in 0..<UInt64(Self.variantCount) {
            var generator = SplitMix64(seed: seed)
            let (bytes, mutations) = Self.mangle(Array(TraceFixtures.validText.utf8), using: &generator)
            let lineCount = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            do {
                let traces = try TraceReader.parse(bytes: bytes, fileName: "fuzz.csv")
                accepted += 1
                if let violation = traceInvariantViolation(traces) {
                    Issue.record("seed \(seed) (\(mutations)): accepted an invalid result: \(violation)")
                    failures += 1
                } else if let again = try? TraceReader.parse(TraceWriter.csvText(for: traces), fileName: "again.csv"),
                          again == traces {
                    // consistent: what was accepted writes and reads back the same
                } else {
                    Issue.record("seed \(seed) (\(mutations)): accepted traces do not round-trip")
                    failures += 1
                }
            } catch {
                refused += 1
                problems.insert(error.problem)
                // The line after the last is where a missing row was expected ("found the end of the file").
                let lastLine = error.found == "the end of the file" ? lineCount + 1 : lineCount
                if !(0...lastLine).contains(error.line) || !error.description.hasPrefix("fuzz.csv:") {
                    Issue.record("seed \(seed) (\(mutations)): bad location in \(error) (file has \(lineCount) lines)")
                    failures += 1
                }
            }
            if failures >= 10 { break }
        }
        // The mutations must exercise both outcomes and many kinds of refusal.
        #expect(refused > Self.variantCount / 2, "refused \(refused), accepted \(accepted)")
        #expect(accepted > 50, "refused \(refused), accepted \(accepted)")
        #expect(problems.count >= 12, "refusal kinds seen: \(problems.map(\.rawValue).sorted())")
    }

    static let tokens = [
        "NaN", "nan", "inf", "-inf", "Infinity", "1e400", "-1e400", "abc", "", "1e8", "-5", "0", "-0", "0x10",
        " 3", "3 ", "\"", "\"\"", "\"7\"", "down", "up", "move", "cancel", "finish", "maybe", "1.2.3", "1e",
        "9999999", "10000001", "\u{0}", "é", "+4", ".5", "5.", "-", "1,5",
    ]

    /// Applies one to three random mutations; returns the bytes and their names for the message.
    static func mangle(_ original: [UInt8], using g: inout SplitMix64) -> ([UInt8], String) {
        var lines = String(decoding: original, as: UTF8.self).components(separatedBy: "\r\n")
        if lines.last == "" { lines.removeLast() }
        var names: [String] = []
        var rawBytes: [UInt8]? = nil
        for _ in 0..<Int.random(in: 1...3, using: &g) {
            let row = Int.random(in: 1..<lines.count, using: &g)
            var fields = lines[row].components(separatedBy: ",")
            let column = Int.random(in: 0..<fields.count, using: &g)
            switch Int.random(in: 0..<13, using: &g) {
            case 0:
                names.append("token in \(row + 1):\(column + 1)")
                fields[column] = tokens.randomElement(using: &g)!
                lines[row] = fields.joined(separator: ",")
            case 1:
                names.append("drop row \(row + 1)")
                lines.remove(at: row)
            case 2:
                names.append("duplicate row \(row + 1)")
                lines.insert(lines[row], at: row)
            case 3:
                let other = Int.random(in: 1..<lines.count, using: &g)
                names.append("swap rows \(row + 1) and \(other + 1)")
                lines.swapAt(row, other)
            case 4:
                names.append("shuffle times")
                let times = lines.dropFirst().map { $0.components(separatedBy: ",")[safe: 3] ?? "0" }.shuffled(using: &g)
                for (i, t) in times.enumerated() {
                    var f = lines[i + 1].components(separatedBy: ",")
                    if f.count > 3 { f[3] = t; lines[i + 1] = f.joined(separator: ",") }
                }
            case 5:
                names.append("huge value in \(row + 1):\(column + 1)")
                fields[column] = String(Double.random(in: 1e6...1e9, using: &g) * (Bool.random(using: &g) ? 1 : -1))
                lines[row] = fields.joined(separator: ",")
            case 6:
                names.append("drop column \(column + 1) in \(row == 0 ? "header" : "every row")")
                for i in (row == 0 ? 0..<1 : 1..<lines.count) {
                    var f = lines[i].components(separatedBy: ",")
                    if column < f.count { f.remove(at: column) }
                    lines[i] = f.joined(separator: ",")
                }
            case 7:
                names.append("duplicate column \(column + 1)")
                for i in lines.indices {
                    var f = lines[i].components(separatedBy: ",")
                    if column < f.count { f.append(f[column]) }
                    lines[i] = f.joined(separator: ",")
                }
            case 8:
                names.append("move row \(row + 1) into another trace's id")
                let donor = lines[Int.random(in: 1..<lines.count, using: &g)].components(separatedBy: ",")[0]
                fields[0] = donor
                lines[row] = fields.joined(separator: ",")
            case 9:
                names.append("truncate")
                var bytes = Array(lines.joined(separator: "\r\n").utf8)
                bytes.removeLast(Int.random(in: 0..<bytes.count, using: &g))
                rawBytes = bytes
            case 10:
                names.append("random bytes")
                var bytes = Array(lines.joined(separator: "\r\n").utf8)
                let at = Int.random(in: 0...bytes.count, using: &g)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }, at: at)
                rawBytes = bytes
            case 11:
                names.append("offset time in \(row + 1)")
                if fields.count > 3, let t = Double(fields[3]) {
                    fields[3] = String(t + Double(Int.random(in: -80...80, using: &g)))
                    lines[row] = fields.joined(separator: ",")
                }
            default:
                names.append("blank line at \(row + 1)")
                lines.insert("", at: row)
            }
            if rawBytes != nil || lines.count < 2 { break }
        }
        let bytes = rawBytes ?? Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        return (bytes, names.joined(separator: ", "))
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
