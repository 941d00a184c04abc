import TransitionLab
import TransitionPhysics

/// A stroke a lenient read dropped (`TraceReader.MalformedStrokes.skip`): which rows, and the
/// first rule they broke.
public struct SkippedStroke: Hashable, Sendable {
    /// The stroke's trace_id; nil for rows after the last stroke whose trace_id could not be
    /// read (an invalid identifier or a wrong number of fields).
    public var traceID: String?
    /// The stroke's first and last line in the file (the header is line 1).
    public var lines: ClosedRange<Int>
    /// The first defect in the stroke, by line: file, line, column and reason, as a strict
    /// read would have refused the file with. `defect.problem` is the reason.
    public var defect: TraceFileError

    /// A dropped stroke: its id (nil if unreadable), its lines, and its first defect.
    public init(traceID: String?, lines: ClosedRange<Int>, defect: TraceFileError) {
        self.traceID = traceID
        self.lines = lines
        self.defect = defect
    }
}

/// What a read found in a trace file: the valid traces, and the malformed strokes it skipped
/// (always empty when malformed strokes are refused).
public struct TraceFileContents: Sendable {
    /// The valid traces, in file order.
    public var traces: [GestureTrace]
    /// The dropped strokes, in file order.
    public var skipped: [SkippedStroke]

    /// The traces read and the strokes skipped.
    public init(traces: [GestureTrace], skipped: [SkippedStroke]) {
        self.traces = traces
        self.skipped = skipped
    }
}

extension Sequence where Element == SkippedStroke {
    /// How many strokes were skipped for each reason, commonest first (ties in the order of
    /// `TraceFileError.Problem`).
    public var countsByReason: [(reason: TraceFileError.Problem, count: Int)] {
        let counts = Dictionary(grouping: self, by: \.defect.problem).mapValues(\.count)
        let order = TraceFileError.Problem.allCases
        return counts.map { (reason: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : order.firstIndex(of: $0.reason)! < order.firstIndex(of: $1.reason)!
        }
    }
}
