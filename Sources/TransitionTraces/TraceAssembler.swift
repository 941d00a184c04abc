import TransitionCSV
import TransitionPhysics

/// Groups validated rows into traces and enforces the rules that span rows: contiguous traces,
/// `down` first and only first, nothing after `up`/`cancel`, an end on every trace,
/// non-decreasing t_ms, and per-trace fields that do not change.
struct TraceAssembler {
    private let columns: TraceColumns
    private(set) var traces: [GestureTrace] = []
    /// First and last line of every finished trace, by id, to explain a reappearing id.
    private var finishedLines: [String: (first: Int, last: Int)] = [:]
    private var current: (first: TraceRow, last: TraceRow, trace: GestureTrace)?
    /// The open trace's samples, kept apart from `current` so that they have one owner and
    /// grow in place (appending through the optional tuple copied them at every row: reading
    /// was quadratic in a trace's length).
    private var samples: [TouchSample] = []

    init(columns: TraceColumns) {
        self.columns = columns
    }

    mutating func add(_ row: TraceRow) throws(TraceFileError) {
        if let open = current, open.first.traceID == row.traceID {
            try extend(with: row)
            return
        }
        try finishCurrent()
        if let lines = finishedLines[row.traceID] {
            throw error(
                row, "trace_id", .traceNotContiguous,
                "the rows of trace \(TraceFileError.quoted(row.traceID)) together (lines \(lines.first)-\(lines.last))",
                found: "the id again after other traces")
        }
        guard row.phase == .began else {
            throw error(row, "phase", .misplacedDown, "down on the first row of a trace", found: TraceFormat.token(for: row.phase))
        }
        let sample = TouchSample(time: row.time, x: row.x, y: row.y, phase: row.phase)
        samples = [sample]
        let trace = GestureTrace(
            id: row.traceID, samples: [], travel: row.travel, intent: row.intent,
            family: row.family, userID: row.userID, deviceID: row.deviceID)
        current = (row, row, trace)
    }

    /// Closes the last trace; call once after the last row.
    mutating func finish() throws(TraceFileError) -> [GestureTrace] {
        try finishCurrent()
        return traces
    }

    private mutating func extend(with row: TraceRow) throws(TraceFileError) {
        let (first, last) = (current!.first, current!.last)
        if last.phase == .ended || last.phase == .cancelled {
            throw error(
                row, "phase", .rowAfterEnd,
                "no rows after the trace's \(TraceFormat.token(for: last.phase)) on line \(last.line)",
                found: TraceFormat.token(for: row.phase))
        }
        if row.phase == .began {
            throw error(row, "phase", .misplacedDown, "move, up or cancel after the first row of a trace", found: "down")
        }
        guard row.timeMs >= last.timeMs else {
            throw error(
                row, "t_ms", .timeDecreasing,
                "t_ms >= \(TraceFormat.millisecondsText(fromSeconds: last.time)) (line \(last.line)): time may not go back",
                found: TraceFormat.millisecondsText(fromSeconds: row.time))
        }
        try same(
            "travel_px", row, first, row.travel == first.travel, NumberFormatting.string(first.travel),
            NumberFormatting.string(row.travel))
        try same("intent", row, first, row.intent == first.intent, first.intent?.rawValue ?? "", row.intent?.rawValue ?? "")
        try same("user_id", row, first, row.userID == first.userID, first.userID ?? "", row.userID ?? "")
        try same("device_id", row, first, row.deviceID == first.deviceID, first.deviceID ?? "", row.deviceID ?? "")
        try same(TraceFormat.familyColumn, row, first, row.family == first.family, first.family ?? "", row.family ?? "")
        guard samples.count < TraceFormat.maximumSamplesPerTrace else {
            throw error(
                row, "trace_id", .tooManySamples,
                "at most \(TraceFormat.maximumSamplesPerTrace) samples in trace \(TraceFileError.quoted(row.traceID)) (from line \(first.line))",
                found: "sample \(samples.count + 1)")
        }
        samples.append(TouchSample(time: row.time, x: row.x, y: row.y, phase: row.phase))
        current!.last = row
    }

    private mutating func finishCurrent() throws(TraceFileError) {
        guard let open = current else { return }
        guard open.last.phase == .ended || open.last.phase == .cancelled else {
            throw error(
                open.last, "phase", .traceNotEnded,
                "up or cancel on the last row of trace \(TraceFileError.quoted(open.first.traceID)) (truncated trace?)",
                found: TraceFormat.token(for: open.last.phase))
        }
        var trace = open.trace
        trace.samples = samples
        samples = []
        traces.append(trace)
        finishedLines[open.first.traceID] = (open.first.line, open.last.line)
        current = nil
    }

    private func same(
        _ column: String, _ row: TraceRow, _ first: TraceRow, _ equal: Bool,
        _ expected: @autoclosure () -> String, _ found: @autoclosure () -> String
    ) throws(TraceFileError) {
        guard equal else {
            throw error(
                row, column, .inconsistentTraceField,
                "the same \(column) on every row of a trace: \(TraceFileError.quoted(expected())) as on line \(first.line)",
                found: TraceFileError.quoted(found()))
        }
    }

    private func error(
        _ row: TraceRow, _ column: String, _ problem: TraceFileError.Problem, _ expected: String, found: String
    ) -> TraceFileError {
        TraceFileError(
            fileName: columns.fileName, line: row.line, column: column, fieldNumber: columns.fieldNumber(column),
            problem: problem, expected: expected, found: found)
    }
}
