import ArgumentParser

/// Parses the value syntax every grid flag shares: a list `a,b,c` or an inclusive range
/// `start:stop:step`.
///
/// Ranges: the step must be positive and `start <= stop`. When start and step are plain decimals
/// (such as `0`, `-5`, `0.05`, at most 17 significant digits) the values are computed exactly in
/// decimal, `start + i * step`, and each is the Double nearest that decimal, so `0:1:0.1` gives
/// 0, 0.1, 0.2, 0.3 (not 0.30000000000000004), ..., 1 (11 values). Otherwise (exponent notation,
/// more digits) values are `start + Double(i) * step`, and the count is
/// `floor((stop - start) / step) + 1`, with `stop` itself included (as the last value, exactly)
/// when `(stop - start) / step` is within a relative 1e-9 of an integer.
///
/// Every malformed or out-of-range value is a `ValidationError` naming the flag and the value
/// (exit status 64).
public enum AxisParser {
    /// The most values one axis may have (a guard against a mistyped step).
    public static let maximumAxisCount = 10_000_000

    /// A check on each value; returns the reason a value is refused, or nil.
    public typealias Constraint = @Sendable (Double) -> String?

    /// The values of a numeric axis given as `text` to `flag` (for messages, e.g. `--duration`).
    public static func numbers(_ text: String, flag: String, constraint: Constraint? = nil) throws -> [Double] {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw usage(flag, text, "expected a list a,b,c or a range start:stop:step") }
        let values: [Double]
        if trimmed.contains(":") {
            values = try range(trimmed, flag: flag)
        } else {
            values = try trimmed.split(separator: ",", omittingEmptySubsequences: false).map { part in
                try number(String(part), flag: flag, whole: text)
            }
        }
        if let constraint {
            for value in values {
                if let reason = constraint(value) {
                    throw usage(flag, text, "value \(value) \(reason)")
                }
            }
        }
        return values
    }

    /// The values of a name axis (`a,b,c`), each one of `allowed` (exact spelling).
    public static func names(_ text: String, flag: String, allowed: [String]) throws -> [String] {
        let parts = text.trimmingSpaces.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        for part in parts where !allowed.contains(part) {
            throw ValidationError(
                "\(flag): unknown value '\(part)' in '\(text)'; expected one of \(allowed.joined(separator: ", ")).")
        }
        return parts
    }

    static func usage(_ flag: String, _ text: String, _ reason: String) -> ValidationError {
        ValidationError("\(flag): invalid value '\(text)': \(reason).")
    }

    static func number(_ part: String, flag: String, whole: String) throws -> Double {
        let p = part.trimmingSpaces
        guard !p.isEmpty else { throw usage(flag, whole, "empty number") }
        guard let value = Double(p) else { throw usage(flag, whole, "'\(p)' is not a number") }
        guard value.isFinite else { throw usage(flag, whole, "'\(p)' is not finite") }
        return value
    }

    static func range(_ text: String, flag: String) throws -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard parts.count == 3 else {
            throw usage(flag, text, "a range is start:stop:step (three numbers)")
        }
        let start = try number(parts[0], flag: flag, whole: text)
        let stop = try number(parts[1], flag: flag, whole: text)
        let step = try number(parts[2], flag: flag, whole: text)
        guard step > 0 else { throw usage(flag, text, "the step must be positive") }
        guard start <= stop else { throw usage(flag, text, "the range is inverted (start > stop)") }

        if let s = Decimal64(parts[0]), let e = Decimal64(parts[1]), let d = Decimal64(parts[2]) {
            let scale = max(s.scale, e.scale, d.scale)
            if let s0 = s.scaled(to: scale), let e0 = e.scaled(to: scale), let d0 = d.scaled(to: scale), d0 > 0 {
                let (span, overflow) = e0.subtractingReportingOverflow(s0)
                if !overflow {
                    let steps = span / d0
                    guard steps < maximumAxisCount else {
                        throw usage(flag, text, "more than \(maximumAxisCount) values")
                    }
                    return (0...steps).map { i in Decimal64.double(mantissa: s0 + Int64(i) * d0, scale: scale) }
                }
            }
        }
        let ratio = (stop - start) / step
        guard ratio.isFinite, ratio < Double(maximumAxisCount) else {
            throw usage(flag, text, "more than \(maximumAxisCount) values")
        }
        let nearest = ratio.rounded()
        let snaps = abs(ratio - nearest) <= 1e-9 * max(1, nearest)
        let steps = Int(snaps ? nearest : ratio.rounded(.down))
        return (0...steps).map { i in (snaps && i == steps) ? stop : start + Double(i) * step }
    }
}

/// A plain decimal literal as an integer mantissa and a count of decimals.
struct Decimal64 {
    var mantissa: Int64
    var scale: Int

    init?(_ text: String) {
        var digits = 0
        var mantissa: Int64 = 0
        var scale = 0
        var seenPoint = false
        var negative = false
        var index = 0
        for byte in text.utf8 {
            defer { index += 1 }
            if index == 0 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) {
                negative = byte == UInt8(ascii: "-")
                continue
            }
            if byte == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            digits += 1
            if digits > 17 { return nil }
            mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
            if seenPoint { scale += 1 }
        }
        if digits == 0 { return nil }
        self.mantissa = negative ? -mantissa : mantissa
        self.scale = scale
    }

    func scaled(to target: Int) -> Int64? {
        var m = mantissa
        for _ in scale..<target {
            let (r, o) = m.multipliedReportingOverflow(by: 10)
            if o { return nil }
            m = r
        }
        return m
    }

    /// The Double nearest mantissa * 10^-scale (correctly rounded by the standard library's parser).
    static func double(mantissa: Int64, scale: Int) -> Double {
        if scale == 0 { return Double(mantissa) == 0 ? 0 : Double(String(mantissa))! }
        let negative = mantissa < 0
        var digits = String(mantissa.magnitude)
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let point = digits.index(digits.endIndex, offsetBy: -scale)
        let text = (negative ? "-" : "") + digits[..<point] + "." + digits[point...]
        let value = Double(text)!
        return value == 0 ? 0 : value  // no -0 from "-0.00"
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
