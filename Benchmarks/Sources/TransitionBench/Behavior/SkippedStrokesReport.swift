import TransitionTraces

/// How the behaviour benchmark tells what `--skip-invalid-traces` left out: one wording for
/// standard error and for the table's footer. (The CSV and JSON carry the count in the
/// `skipped` column.)
enum SkippedStrokesReport {
    /// Strokes listed one by one on standard error, per file; the rest are counted.
    static let listedPerFile = 5

    /// `skipped 3 malformed strokes (no lift-off 2, non-numeric field 1)`.
    static func summary(_ skipped: [SkippedStroke]) -> String {
        let reasons = skipped.countsByReason.map { "\($0.reason.phrase) \($0.count)" }.joined(separator: ", ")
        return "skipped \(skipped.count) malformed stroke\(skipped.count == 1 ? "" : "s") (\(reasons))"
    }

    /// One stroke: `file:line: skipped stroke "A" (lines 5-9), no lift-off: column phase (field 7): expected ..., found ...`.
    static func line(_ stroke: SkippedStroke) -> String {
        let defect = stroke.defect
        let location = "\(defect.fileName):\(defect.line):"
        var detail = "\(defect)"
        if detail.hasPrefix(location) { detail.removeFirst(location.count) }
        let id = stroke.traceID.map { "stroke \"\($0)\"" } ?? "rows without a readable trace_id"
        return "\(location) skipped \(id) (lines \(stroke.lines.lowerBound)-\(stroke.lines.upperBound)), \(defect.problem.phrase):\(detail)"
    }

    /// Standard-error lines for one recorded set: the summary with the file, then the first
    /// `listedPerFile` strokes with file, line and reason, then how many more; none when nothing was skipped.
    static func notes(for set: TraceSet) -> [String] {
        guard !set.skipped.isEmpty else { return [] }
        var lines = ["\(set.source): \(summary(set.skipped)); counted \(set.traces.count)"]
        lines += set.skipped.prefix(listedPerFile).map(line)
        if set.skipped.count > listedPerFile {
            lines.append("\(set.source): ... and \(set.skipped.count - listedPerFile) more skipped strokes")
        }
        return lines
    }

    /// The table's footer: a line per recorded set with skipped strokes, after a blank line; empty otherwise.
    static func footer(_ sets: [TraceSet]) -> String {
        let lines = sets.filter { !$0.skipped.isEmpty }.map { "\($0.source): \(summary($0.skipped)), not counted above" }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n") + "\n"
    }
}
