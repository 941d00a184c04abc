import Foundation
import TransitionCSV
import TransitionLab
import TransitionPhysics

/// Writes gesture traces in the trace CSV format (`TraceFormat`), so synthetic traces can be
/// exported and read back by `TraceReader` (and by the notebooks).
///
/// Columns: the nine required ones in `TraceFormat.requiredColumns` order, then `family` when any
/// trace has one, then `axis` when any trace declares one, then `pixels_per_point` when any trace declares it. The dialect is every project CSV's (`CSVWriter`: RFC 4180 quoting, LF line
/// ends, numbers in `NumberFormatting`'s text), except t_ms, whose text is part of the trace
/// format: the time in seconds with the decimal point moved three places (0.397 s -> `397`,
/// `TraceFormat.millisecondsText(fromSeconds:)`), which the reader turns back into exactly the
/// same `Double`.
///
/// The output is readable by `TraceReader` when the traces satisfy the format: non-empty ids,
/// `began` first and `ended`/`cancelled` last, non-decreasing times >= 0, finite values within
/// `TraceFormat.maxMagnitude`, travel > 0, distinct ids, at least one trace. The writer does not
/// check this; round-trip through the reader to validate.
public enum TraceWriter {
    /// The CSV text for `traces`, header first.
    public static func csvText(for traces: [GestureTrace]) -> String {
        records(for: traces).text
    }

    /// Writes `csvText(for: traces)` to `url` as UTF-8 through `AtomicFile`, replacing any file
    /// there only once the whole file is written (a failure leaves it as it was).
    public static func write(_ traces: [GestureTrace], to url: URL) throws {
        try AtomicFile.write(records(for: traces).buffer, to: url.path)
    }

    static func records(for traces: [GestureTrace]) -> CSVWriter {
        let withFamily = traces.contains { $0.family != nil }
        var columns = TraceFormat.requiredColumns
        if withFamily { columns.append(TraceFormat.familyColumn) }
        let withAxis = traces.contains { $0.axis != nil }
        if withAxis { columns.append(TraceFormat.axisColumn) }
        let withPixelsPerPoint = traces.contains { $0.pixelsPerPoint != nil }
        if withPixelsPerPoint { columns.append(TraceFormat.pixelsPerPointColumn) }
        var csv = CSVWriter()
        csv.record(columns)
        for trace in traces {
            let intent = trace.intent?.rawValue ?? ""
            for sample in trace.samples {
                csv.field(trace.id)
                csv.field(trace.userID ?? "")
                csv.field(trace.deviceID ?? "")
                csv.field(TraceFormat.millisecondsText(fromSeconds: sample.time))
                csv.field(sample.x)
                csv.field(sample.y)
                csv.field(TraceFormat.token(for: sample.phase))
                csv.field(trace.travel)
                csv.field(intent)
                if withFamily { csv.field(trace.family ?? "") }
                if withAxis { csv.field(trace.axis?.rawValue ?? "") }
                if withPixelsPerPoint { csv.field(trace.pixelsPerPoint.map(NumberFormatting.string) ?? "") }
                csv.endRecord()
            }
        }
        return csv
    }
}
