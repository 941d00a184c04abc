/// Why a trace CSV file was refused: the file, the 1-based line (the header is line 1), the
/// column, what was expected there and what was found.
///
/// `description` reads like a compiler diagnostic, for command-line tools to print as is:
///
///     swipes.csv:12: column t_ms (field 4): expected a finite decimal number, found "NaN"
public struct TraceFileError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The kind of problem, for tests and for callers that react differently to each.
    public enum Problem: String, Hashable, Sendable, CaseIterable {
        /// The file could not be read at all (missing, a directory, no permission).
        case unreadable
        /// The file has no bytes, or only line breaks.
        case emptyFile
        /// The bytes are not UTF-8 text.
        case invalidUTF8
        /// A quote out of place (RFC 4180): unterminated, inside an unquoted field, or followed
        /// by something other than a comma or a line break; also a bare carriage return.
        case malformedQuoting
        /// An empty line between rows.
        case blankLine
        /// The header lacks a required column.
        case missingColumn
        /// The header names a column twice.
        case duplicateColumn
        /// A row has more or fewer fields than the header.
        case wrongFieldCount
        /// A number field is not a decimal number.
        case notANumber
        /// A number field is NaN or infinite (or overflows to infinity).
        case nonFinite
        /// A number is outside the documented sane range (`TraceFormat`).
        case outOfRange
        /// travel_px is zero or negative.
        case nonPositiveTravel
        /// trace_id is empty, padded with spaces or holds control characters (also user_id,
        /// device_id and family when present).
        case invalidIdentifier
        /// phase is not down, move, up, cancel or cancelled.
        case unknownPhase
        /// intent is not finish, cancel or empty.
        case unknownIntent
        /// t_ms decreases within a trace.
        case timeDecreasing
        /// A `move` repeats the sample before it exactly: the same t_ms, x_px and y_px (a report
        /// written twice). A new position at the same t_ms is not a repetition: touch hardware
        /// reports two samples within one millisecond (36 strokes of the recorded swipes), and
        /// Android's tracker keeps the later one. An `up` may repeat the last sample: that is
        /// how a lift-off is reported (docs/references.md#the-recorded-swipes).
        case repeatedSample
        /// A trace_id reappears after other traces: a trace's rows must be contiguous.
        case traceNotContiguous
        /// A trace's first row is not `down`, or `down` appears after the first row.
        case misplacedDown
        /// A row follows the trace's `up` or `cancel`.
        case rowAfterEnd
        /// A trace's last row is not `up` or `cancel` (truncated trace).
        case traceNotEnded
        /// travel_px, intent, user_id, device_id, family or axis changes within a trace.
        case inconsistentTraceField
        /// A header but no rows.
        case noTraces
        /// The file is larger than `TraceFormat.maximumFileBytes`.
        case fileTooLarge
        /// A trace has more samples than `TraceFormat.maximumSamplesPerTrace`.
        case tooManySamples
        /// axis is not x, y or empty.
        case unknownAxis
        /// A trace moves mostly along the axis it is not replayed along
        /// (`TraceFormat.movesAlongOtherAxis`): a vertical stroke without `axis` = y.
        case motionAlongOtherAxis

        /// Whether a problem of this kind is confined to one stroke (a trace's rows), so that a
        /// reader skipping malformed strokes (`TraceReader.MalformedStrokes.skip`) drops that
        /// stroke and reads on. The others break the file itself (unreadable, too large, not UTF-8,
        /// a broken header or quoting, a blank line between rows, no rows): no stroke can be trusted
        /// after them, and the file is refused whatever the mode.
        public var isConfinedToStroke: Bool {
            switch self {
            case .unreadable, .emptyFile, .invalidUTF8, .malformedQuoting, .blankLine, .missingColumn,
                .duplicateColumn, .noTraces, .fileTooLarge:
                return false
            case .wrongFieldCount, .notANumber, .nonFinite, .outOfRange, .nonPositiveTravel, .invalidIdentifier,
                .unknownPhase, .unknownIntent, .timeDecreasing, .repeatedSample, .traceNotContiguous, .misplacedDown,
                .rowAfterEnd, .traceNotEnded, .inconsistentTraceField, .tooManySamples, .unknownAxis,
                .motionAlongOtherAxis:
                return true
            }
        }

        /// A few words naming the problem, for counts by reason ("no lift-off: 2").
        public var phrase: String {
            switch self {
            case .unreadable: return "unreadable file"
            case .emptyFile: return "empty file"
            case .invalidUTF8: return "not UTF-8"
            case .malformedQuoting: return "malformed quoting"
            case .blankLine: return "blank line"
            case .missingColumn: return "missing column"
            case .duplicateColumn: return "duplicate column"
            case .wrongFieldCount: return "wrong field count"
            case .notANumber: return "non-numeric field"
            case .nonFinite: return "non-finite number"
            case .outOfRange: return "number out of range"
            case .nonPositiveTravel: return "travel not positive"
            case .invalidIdentifier: return "invalid identifier"
            case .unknownPhase: return "unknown phase"
            case .unknownIntent: return "unknown intent"
            case .timeDecreasing: return "decreasing timestamp"
            case .repeatedSample: return "repeated timestamp and position"
            case .traceNotContiguous: return "trace rows not contiguous"
            case .misplacedDown: return "misplaced down"
            case .rowAfterEnd: return "samples after lift-off"
            case .traceNotEnded: return "no lift-off"
            case .inconsistentTraceField: return "per-trace field changes"
            case .noTraces: return "no rows"
            case .fileTooLarge: return "file too large"
            case .tooManySamples: return "too many samples"
            case .unknownAxis: return "unknown axis"
            case .motionAlongOtherAxis: return "motion along the other axis"
            }
        }
    }

    /// The file name as given to the reader (the URL's last component, or `parse`'s argument).
    public var fileName: String
    /// 1-based line number; the header is line 1; 0 when the file could not be read. For a record spanning lines (a quoted field
    /// with a line break) the line where the problem starts.
    public var line: Int
    /// The column's header name, when the problem is in one column.
    public var column: String?
    /// The column's 1-based position in the row, when known.
    public var fieldNumber: Int?
    public var problem: Problem
    /// What the reader expected, as a phrase ("a finite decimal number").
    public var expected: String
    /// What it found, already quoted and shortened for display; nil when nothing to show.
    public var found: String?

    public init(
        fileName: String, line: Int, column: String? = nil, fieldNumber: Int? = nil,
        problem: Problem, expected: String, found: String? = nil
    ) {
        self.fileName = fileName
        self.line = line
        self.column = column
        self.fieldNumber = fieldNumber
        self.problem = problem
        self.expected = expected
        self.found = found
    }

    public var description: String {
        var text = line > 0 ? "\(fileName):\(line):" : "\(fileName):"
        if let column {
            text += " column \(column)"
            if let fieldNumber { text += " (field \(fieldNumber))" }
            text += ":"
        } else if let fieldNumber {
            text += " field \(fieldNumber):"
        }
        text += " expected \(expected)"
        if let found { text += ", found \(found)" }
        return text
    }

    /// `text` quoted for a message: at most 40 characters, control characters escaped, so a
    /// file of random bytes cannot garble the terminal.
    static func quoted(_ text: some StringProtocol) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 40 { shown += "..."; break }
            count += 1
            switch scalar {
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            case _ where scalar.properties.generalCategory == .control || scalar.value == 0xFFFD:
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return "\"\(shown)\""
    }
}
