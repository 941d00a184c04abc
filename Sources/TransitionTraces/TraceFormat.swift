import TransitionCSV
import TransitionLab
import TransitionPhysics

/// The trace CSV format (docs/traces.md, with a sample in docs/examples/two-strokes.csv): one
/// row per touch sample,
///
///     trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent
///
/// columns found by header name in any order, extra columns ignored, optional `family` and
/// `axis` columns. Rows of one trace are contiguous; each trace starts with `down` and ends with
/// `up` (or `cancel`); t_ms never decreases within a trace; travel_px, intent, user_id,
/// device_id, family and axis are the same on every row of a trace; a trace moves mostly along
/// its axis (`movesAlongOtherAxis`).
public enum TraceFormat {
    /// The required columns, in the order `TraceWriter` writes them.
    public static let requiredColumns = [
        "trace_id", "user_id", "device_id", "t_ms", "x_px", "y_px", "phase", "travel_px", "intent",
    ]
    /// The optional column that fills `GestureTrace.family`.
    public static let familyColumn = "family"
    /// The optional column that fills `GestureTrace.axis`: `x` or `y`, the screen axis the
    /// trace's progress follows (`x_px` or `y_px`); an empty field or no column: not declared,
    /// which the format reads as `x` (a horizontal swipe) and a replay as its runner's axis.
    public static let axisColumn = "axis"

    /// The optional column that fills `GestureTrace.pixelsPerPoint`: the recording device's
    /// physical pixels per point (its display scale, a browser's `devicePixelRatio`), > 0, the
    /// same on every row of a trace. With it a replay caps releases at 8,000 points per second in
    /// the trace's pixels (24,000 px/s at 3); without it (or an empty field) one pixel of the
    /// trace is read as one point, as before the column existed.
    public static let pixelsPerPointColumn = "pixels_per_point"

    /// The axis a trace's progress follows when it declares none: `x`.
    public static let defaultAxis = TouchAxis.x

    /// The share of travel_px a trace must move along the other axis before `movesAlongOtherAxis`
    /// can refuse it: 0.1. Smaller motions are a tap's or a hold's wobble, whichever way.
    public static let otherAxisMinimumFraction = 0.1

    /// Whether `samples` move mostly along the axis other than `axis`: farther along the other
    /// axis both from the first sample to the last (net) and from end to end of their range
    /// (extent), and by at least `otherAxisMinimumFraction` of `travel` there. Such a trace would
    /// be replayed as next to no motion along its axis and cancelled without a word (a vertical
    /// stroke in a file without an `axis` column), so the reader refuses it as a defect of the
    /// stroke (`TraceFileError.Problem.motionAlongOtherAxis`).
    ///
    /// Net displacement is the recorded swipes' own selection rule (|dx| > |dy|, docs/references.md#the-recorded-swipes),
    /// so none of them is refused; the extent keeps a stroke that turns back along its axis
    /// (a peek that returns, net 0) with some drift across it.
    public static func movesAlongOtherAxis(_ samples: [TouchSample], axis: TouchAxis, travel: Double) -> Bool {
        guard let first = samples.first, let last = samples.last else { return false }
        func along(_ sample: TouchSample, _ a: TouchAxis) -> Double { a == .x ? sample.x : sample.y }
        let other: TouchAxis = axis == .x ? .y : .x
        func extent(_ a: TouchAxis) -> Double {
            var low = along(first, a), high = low
            for sample in samples {
                low = min(low, along(sample, a))
                high = max(high, along(sample, a))
            }
            return high - low
        }
        let otherExtent = extent(other)
        return otherExtent >= otherAxisMinimumFraction * travel
            && otherExtent > extent(axis)
            && abs(along(last, other) - along(first, other)) > abs(along(last, axis) - along(first, axis))
    }

    /// The largest magnitude accepted for t_ms (milliseconds: about 2.8 hours), x_px, y_px and
    /// travel_px (pixels). Larger values are not touch data; they are unit mix-ups (nanoseconds,
    /// epoch times) or corruption, and they would swamp a velocity fit.
    public static let maxMagnitude = 1e7

    /// The largest trace file read, in bytes (256 MiB, about 4 million rows; the recorded
    /// swipes are 3.8 MB). A file is read whole into memory before it is parsed, so a larger
    /// file, or a device that never ends such as /dev/zero, is refused before reading.
    public static let maximumFileBytes = 256 << 20

    /// The most samples one trace may have (100,000: 100 s of touch at 1 kHz, 28 minutes at
    /// 60 Hz; the recorded swipes have at most a few dozen). The replay is linear in a trace's
    /// samples (0.3 s for a trace at this bound in a release build, zig-zags across touch-down
    /// included), so the bound is on memory and on what a gesture can be, not on time.
    public static let maximumSamplesPerTrace = 100_000

    /// The phase token of each `TouchPhase`, as written: down, move, up, cancel.
    public static func token(for phase: TouchPhase) -> String {
        switch phase {
        case .began: return "down"
        case .changed: return "move"
        case .ended: return "up"
        case .cancelled: return "cancel"
        }
    }

    /// The `TouchPhase` of a phase token; `cancelled` is accepted as well as `cancel`.
    public static func phase(forToken token: String) -> TouchPhase? {
        switch token {
        case "down": return .began
        case "move": return .changed
        case "up": return .ended
        case "cancel", "cancelled": return .cancelled
        default: return nil
        }
    }

    /// A strict decimal number: optional sign, digits with an optional fraction, optional
    /// exponent (`-12`, `3.5`, `.5`, `1e-3`). Not accepted: spaces, hex (`0x1p3`, which `Double`
    /// would take), `nan`, `inf`, an empty field.
    static func isDecimalNumber(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            var i = 0
            func isDigit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
            func isSign(_ k: Int) -> Bool { k < bytes.count && (bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: "+")) }
            if isSign(i) { i += 1 }
            var mantissaDigits = 0
            while isDigit(i) { i += 1; mantissaDigits += 1 }
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                while isDigit(i) { i += 1; mantissaDigits += 1 }
            }
            guard mantissaDigits > 0 else { return false }
            if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if isSign(i) { i += 1 }
                guard isDigit(i) else { return false }
                while isDigit(i) { i += 1 }
            }
            return i == bytes.count
        }
    }

    /// Seconds from a t_ms field already checked by `isDecimalNumber`, rounded once: the decimal
    /// point moves three places (`"397"` reads as `397e-3`), so t_ms / 1000 is the double nearest
    /// to the decimal value and `millisecondsText(fromSeconds:)` round-trips every time exactly.
    static func seconds(fromMillisecondsText text: String, value: Double) -> Double {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return Double(text + "e-3") ?? value / 1000
        }
        guard let exponent = Int(text[text.index(after: e)...]), abs(exponent) < 100_000 else { return value / 1000 }
        return Double(text[..<e] + "e\(exponent - 3)") ?? value / 1000
    }

    /// Plain decimal text of `seconds * 1000` (no exponent) that `seconds(fromMillisecondsText:)`
    /// reads back as exactly `seconds`: `NumberFormatting`'s text of `seconds` with its decimal
    /// point moved three places right, trailing zeros dropped (`0.397` -> `397`).
    static func millisecondsText(fromSeconds seconds: Double) -> String {
        precondition(seconds.isFinite, "a time in seconds must be finite; got \(seconds)")
        var text = NumberFormatting.string(seconds)
        var sign = ""
        if text.hasPrefix("-") { sign = "-"; text.removeFirst() }
        var exponent = 3
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent += Int(text[text.index(after: e)...])!
            text = String(text[..<e])
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        let digits = integer + fraction
        let point = integer.count + exponent
        var whole: String, decimals: String
        if point <= 0 {
            (whole, decimals) = ("0", String(repeating: "0", count: -point) + digits)
        } else if point >= digits.count {
            (whole, decimals) = (digits + String(repeating: "0", count: point - digits.count), "")
        } else {
            (whole, decimals) = (String(digits.prefix(point)), String(digits.dropFirst(point)))
        }
        while whole.count > 1 && whole.hasPrefix("0") { whole.removeFirst() }
        while decimals.hasSuffix("0") { decimals.removeLast() }
        let body = decimals.isEmpty ? whole : whole + "." + decimals
        return body == "0" ? "0" : sign + body
    }

    /// Whether `text` names a non-finite value (`nan`, `inf`, `infinity`, signed, any case).
    static func namesNonFinite(_ text: String) -> Bool {
        var lowered = text.lowercased()
        if lowered.hasPrefix("-") || lowered.hasPrefix("+") { lowered.removeFirst() }
        return lowered == "nan" || lowered == "inf" || lowered == "infinity"
    }
}
