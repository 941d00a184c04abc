import Foundation
import TransitionPhysics

/// Writes gesture traces in the trace CSV format (`TraceFormat`), so synthetic traces can be
/// exported and read back by `TraceReader` (and by the notebooks).
///
/// Columns: the nine required ones in `TraceFormat.requiredColumns` order, then `family` when any
/// trace has one. t_ms is the shortest text of the time in seconds with the decimal point moved
/// three places (0.397 s -> `397`), which the reader turns back into exactly the same `Double`;
/// other numbers use the shortest text that reads back exactly, integers without ".0". Fields
/// holding a comma, a quote or a line break are quoted (RFC 4180). Lines end with LF.
///
/// The output is readable by `TraceReader` when the traces satisfy the format: non-empty ids,
/// `began` first and `ended`/`cancelled` last, non-decreasing times >= 0, finite values within
/// `TraceFormat.maxMagnitude`, travel > 0, distinct ids, at least one trace. The writer does not
/// check this; round-trip through the reader to validate.
public enum TraceWriter {
    /// The CSV text for `traces`, header first.
    public static func csvText(for traces: [GestureTrace]) -> String {
        let withFamily = traces.contains { $0.family != nil }
        var columns = TraceFormat.requiredColumns
        if withFamily { columns.append(TraceFormat.familyColumn) }
        var text = columns.joined(separator: ",") + "\n"
        for trace in traces {
            let fixed = [
                field(trace.id), field(trace.userID ?? ""), field(trace.deviceID ?? ""),
            ]
            let travel = number(trace.travel)
            let intent = trace.intent?.rawValue ?? ""
            let family = withFamily ? [field(trace.family ?? "")] : []
            for sample in trace.samples {
                let row = fixed + [
                    TraceFormat.millisecondsText(fromSeconds: sample.time), number(sample.x), number(sample.y),
                    TraceFormat.token(for: sample.phase), travel, intent,
                ] + family
                text += row.joined(separator: ",")
                text += "\n"
            }
        }
        return text
    }

    /// Writes `csvText(for: traces)` to `url` as UTF-8, replacing any file there.
    public static func write(_ traces: [GestureTrace], to url: URL) throws {
        try Data(csvText(for: traces).utf8).write(to: url, options: .atomic)
    }

    /// Shortest round-trip text, integers without ".0", no exponent for integers below 1e15.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// An RFC 4180 field: quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
