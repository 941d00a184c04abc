import TransitionCSV
import TransitionLab
import TransitionPhysics

/// Groups rows into traces and enforces the rules that span rows: contiguous traces, `down`
/// first and only first, nothing after `up`/`cancel`, an end on every trace, non-decreasing
/// t_ms, no `move` repeating the sample before it, per-trace fields that do not change, and
/// motion mostly along the trace's axis (`TraceFormat.movesAlongOtherAxis`).
///
/// Every defect of a stroke (a trace's contiguous rows) goes through `refuseIfStrict`, the one
/// place the reading mode acts: strict reading throws it, lenient reading notes it as the
/// stroke's reason (the first defect by line) and drops the whole stroke when it ends. Which
/// rows form a stroke:
/// - rows with the same trace_id in a row (a reappearing id after other traces is a new
///   stroke, itself malformed: `.traceNotContiguous`);
/// - a row whose trace_id cannot be read (an invalid identifier, or a wrong number of fields,
///   so that no column can be trusted) belongs to the stroke around it: the open stroke if it
///   has not ended, else the next stroke; after the last stroke it is a stroke of its own,
///   without an id.
struct TraceAssembler {
    private let columns: TraceColumns
    private let mode: TraceReader.MalformedStrokes
    private(set) var traces: [GestureTrace] = []
    private(set) var skipped: [SkippedStroke] = []
    /// First and last line of every finished stroke, by id, to explain a reappearing id.
    private var finishedLines: [String: (first: Int, last: Int)] = [:]
    private var current: OpenStroke?
    /// The open stroke's samples, kept apart from `current` so that they have one owner and
    /// grow in place (appending through the optional copied them at every row: reading was
    /// quadratic in a trace's length). Empty once the stroke is malformed.
    private var samples: [TouchSample] = []
    /// Rows whose stroke could not be read, after a stroke that ended: they join the next stroke.
    private var orphans: (first: Int, last: Int, defect: TraceFileError)?

    /// The stroke being read: valid so far (its first and last rows and the trace), or malformed.
    private struct OpenStroke {
        var id: String
        var firstLine: Int
        var lastLine: Int
        /// Whether a row with phase `up` or `cancel` was read.
        var ended = false
        /// Valid so far: the first and last rows, and the trace without its samples.
        var valid: (first: TraceRow, last: TraceRow, trace: GestureTrace)?
        /// Malformed: the first defect.
        var defect: TraceFileError?
    }

    init(columns: TraceColumns, mode: TraceReader.MalformedStrokes) {
        self.columns = columns
        self.mode = mode
    }

    /// The strictness rule, in one place: a defect confined to a stroke stops a strict read;
    /// a lenient read goes on, and the caller notes the defect on its stroke.
    private func refuseIfStrict(_ defect: TraceFileError) throws(TraceFileError) {
        precondition(defect.problem.isConfinedToStroke, "\(defect.problem) is a defect of the file, not of a stroke")
        if mode == .refuse { throw defect }
    }

    /// Adds one record (a data row): converted, or noted as a defect of its stroke.
    mutating func add(_ record: CSVRecord) throws(TraceFileError) {
        let row: TraceRow
        do {
            row = try columns.row(record)
        } catch {
            try refuseIfStrict(error)
            if let id = columns.readableTraceID(record) {
                try addMalformed(id: id, line: record.line, defect: error)
            } else {
                try addOrphan(line: record.line, defect: error)
            }
            return
        }
        if let open = current, open.id == row.traceID {
            adoptOrphans()
            try extend(with: row)
        } else {
            try startStroke(id: row.traceID, line: row.line, row: row, defect: nil)
        }
    }

    /// Closes the last stroke; call once after the last row. Returns the valid traces.
    mutating func finish() throws(TraceFileError) -> [GestureTrace] {
        try finishCurrent()
        if let fragment = orphans {
            skipped.append(SkippedStroke(traceID: nil, lines: fragment.first...fragment.last, defect: fragment.defect))
            orphans = nil
        }
        return traces
    }

    // MARK: Strokes

    /// A row of stroke `id` that could not be converted.
    private mutating func addMalformed(id: String, line: Int, defect: TraceFileError) throws(TraceFileError) {
        if current?.id == id {
            adoptOrphans()
            markCurrent(defect, line: line)
        } else {
            try startStroke(id: id, line: line, row: nil, defect: defect)
        }
    }

    /// A row whose stroke cannot be read: the open stroke's if it has not ended, else the next one's.
    private mutating func addOrphan(line: Int, defect: TraceFileError) throws(TraceFileError) {
        if let open = current, !open.ended {
            markCurrent(defect, line: line)
        } else if var fragment = orphans {
            fragment.last = line
            orphans = fragment
        } else {
            orphans = (line, line, defect)
        }
    }

    /// Rows after the open stroke ended, followed by more of its rows: they are the open stroke's.
    private mutating func adoptOrphans() {
        guard let fragment = orphans else { return }
        markCurrent(fragment.defect, line: fragment.last)
        orphans = nil
    }

    /// Notes `defect` on the open stroke (kept only if it is the first) and extends it to `line`.
    private mutating func markCurrent(_ defect: TraceFileError, line: Int) {
        guard var open = current else { return }
        if open.defect == nil {
            open.defect = defect
            open.valid = nil
            samples = []
        }
        open.lastLine = line
        current = open
    }

    private mutating func startStroke(id: String, line: Int, row: TraceRow?, defect: TraceFileError?) throws(TraceFileError) {
        try finishCurrent()
        var firstLine = line
        var defect = defect
        if let fragment = orphans {
            firstLine = fragment.first
            defect = fragment.defect
            orphans = nil
        }
        if let lines = finishedLines[id] {
            let reappears = TraceFileError(
                fileName: columns.fileName, line: line, column: "trace_id", fieldNumber: columns.fieldNumber("trace_id"),
                problem: .traceNotContiguous,
                expected: "the rows of trace \(TraceFileError.quoted(id)) together (lines \(lines.first)-\(lines.last))",
                found: "the id again after other traces")
            try refuseIfStrict(reappears)
            defect = defect ?? reappears
        }
        if let row, row.phase != .began {
            let notDown = error(row, "phase", .misplacedDown, "down on the first row of a trace", found: TraceFormat.token(for: row.phase))
            try refuseIfStrict(notDown)
            defect = defect ?? notDown
        }
        var open = OpenStroke(id: id, firstLine: firstLine, lastLine: line, defect: defect)
        if let row {
            open.ended = row.phase == .ended || row.phase == .cancelled
            if defect == nil {
                samples = [TouchSample(time: row.time, x: row.x, y: row.y, phase: row.phase)]
                let trace = GestureTrace(
                    id: row.traceID, samples: [], travel: row.travel, intent: row.intent,
                    family: row.family, userID: row.userID, deviceID: row.deviceID, axis: row.axis,
                    pixelsPerPoint: row.pixelsPerPoint)
                open.valid = (row, row, trace)
            }
        }
        current = open
    }

    private mutating func extend(with row: TraceRow) throws(TraceFileError) {
        let ends = row.phase == .ended || row.phase == .cancelled
        guard let valid = current?.valid else {
            current!.lastLine = row.line
            current!.ended = current!.ended || ends
            return
        }
        if let defect = defect(extending: valid.first, valid.last, with: row) {
            try refuseIfStrict(defect)
            markCurrent(defect, line: row.line)
            current!.ended = current!.ended || ends
            return
        }
        samples.append(TouchSample(time: row.time, x: row.x, y: row.y, phase: row.phase))
        current!.valid!.last = row
        current!.lastLine = row.line
        current!.ended = ends
    }

    /// The first rule `row` breaks as the next row of the stroke from `first` to `last`, if any.
    private func defect(extending first: TraceRow, _ last: TraceRow, with row: TraceRow) -> TraceFileError? {
        if last.phase == .ended || last.phase == .cancelled {
            return error(
                row, "phase", .rowAfterEnd,
                "no rows after the trace's \(TraceFormat.token(for: last.phase)) on line \(last.line)",
                found: TraceFormat.token(for: row.phase))
        }
        if row.phase == .began {
            return error(row, "phase", .misplacedDown, "move, up or cancel after the first row of a trace", found: "down")
        }
        guard row.timeMs >= last.timeMs else {
            return error(
                row, "t_ms", .timeDecreasing,
                "t_ms >= \(TraceFormat.millisecondsText(fromSeconds: last.time)) (line \(last.line)): time may not go back",
                found: TraceFormat.millisecondsText(fromSeconds: row.time))
        }
        if row.phase == .changed && row.timeMs == last.timeMs && row.x == last.x && row.y == last.y {
            return error(
                row, "t_ms", .repeatedSample,
                "a new time or position after line \(last.line) (the same sample reported twice)",
                found: "t_ms \(TraceFormat.millisecondsText(fromSeconds: row.time)) at the same x_px and y_px again")
        }
        func changed(_ column: String, _ expected: String, _ found: String) -> TraceFileError {
            error(
                row, column, .inconsistentTraceField,
                "the same \(column) on every row of a trace: \(TraceFileError.quoted(expected)) as on line \(first.line)",
                found: TraceFileError.quoted(found))
        }
        if row.travel != first.travel {
            return changed("travel_px", NumberFormatting.string(first.travel), NumberFormatting.string(row.travel))
        }
        if row.intent != first.intent { return changed("intent", first.intent?.rawValue ?? "", row.intent?.rawValue ?? "") }
        if row.userID != first.userID { return changed("user_id", first.userID ?? "", row.userID ?? "") }
        if row.deviceID != first.deviceID { return changed("device_id", first.deviceID ?? "", row.deviceID ?? "") }
        if row.family != first.family { return changed(TraceFormat.familyColumn, first.family ?? "", row.family ?? "") }
        if row.axis != first.axis {
            return changed(TraceFormat.axisColumn, first.axis?.rawValue ?? "", row.axis?.rawValue ?? "")
        }
        if row.pixelsPerPoint != first.pixelsPerPoint {
            return changed(
                TraceFormat.pixelsPerPointColumn, first.pixelsPerPoint.map(NumberFormatting.string) ?? "",
                row.pixelsPerPoint.map(NumberFormatting.string) ?? "")
        }
        guard samples.count < TraceFormat.maximumSamplesPerTrace else {
            return error(
                row, "trace_id", .tooManySamples,
                "at most \(TraceFormat.maximumSamplesPerTrace) samples in trace \(TraceFileError.quoted(row.traceID)) (from line \(first.line))",
                found: "sample \(samples.count + 1)")
        }
        return nil
    }

    private mutating func finishCurrent() throws(TraceFileError) {
        guard var open = current else { return }
        if let valid = open.valid, !open.ended {
            let notEnded = error(
                valid.last, "phase", .traceNotEnded,
                "up or cancel on the last row of trace \(TraceFileError.quoted(open.id)) (truncated trace?)",
                found: TraceFormat.token(for: valid.last.phase))
            try refuseIfStrict(notEnded)
            open.defect = notEnded
            open.valid = nil
        }
        if let valid = open.valid,
            TraceFormat.movesAlongOtherAxis(samples, axis: valid.trace.axis ?? TraceFormat.defaultAxis, travel: valid.trace.travel) {
            let defect = otherAxisDefect(valid.first, valid.trace)
            try refuseIfStrict(defect)
            open.defect = defect
            open.valid = nil
        }
        if let valid = open.valid {
            var trace = valid.trace
            trace.samples = samples
            traces.append(trace)
        } else if let defect = open.defect {
            skipped.append(SkippedStroke(traceID: open.id, lines: open.firstLine...open.lastLine, defect: defect))
        }
        samples = []
        finishedLines[open.id] = (open.firstLine, open.lastLine)
        current = nil
    }

    /// The defect of a trace that moves mostly along the other axis, at its first row: how far it
    /// moves along each, and the fix.
    private func otherAxisDefect(_ first: TraceRow, _ trace: GestureTrace) -> TraceFileError {
        let axis = trace.axis ?? TraceFormat.defaultAxis
        let other: TouchAxis = axis == .x ? .y : .x
        func extent(_ a: TouchAxis) -> String {
            let values = samples.map { a == .x ? $0.x : $0.y }
            return NumberFormatting.string(values.max()! - values.min()!)
        }
        let declared = trace.axis == nil ? "no axis declared, so x" : "axis \(axis.rawValue)"
        return error(
            first, "\(axis.rawValue)_px", .motionAlongOtherAxis,
            "motion along \(axis.rawValue)_px, the axis trace \(TraceFileError.quoted(trace.id)) is replayed along "
                + "(\(declared); an \(TraceFormat.axisColumn) column with \(other.rawValue) replays it along \(other.rawValue)_px)",
            found: "\(extent(axis)) px along \(axis.rawValue)_px and \(extent(other)) px along \(other.rawValue)_px")
    }

    private func error(
        _ row: TraceRow, _ column: String, _ problem: TraceFileError.Problem, _ expected: String, found: String
    ) -> TraceFileError {
        TraceFileError(
            fileName: columns.fileName, line: row.line, column: column, fieldNumber: columns.fieldNumber(column),
            problem: problem, expected: expected, found: found)
    }
}
