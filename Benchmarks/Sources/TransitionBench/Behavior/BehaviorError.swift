/// Why `transition-bench behavior` refused to produce a table.
public enum BehaviorError: Error, CustomStringConvertible, Equatable {
    /// The exit status (sysexits): 66 cannot open input (an unreadable trace file), 73 cannot
    /// create output (--per-trace), 65 data error otherwise.
    public var exitCode: Int32 {
        switch self {
        case .unreadableTraceFile: return 66
        case .cannotWrite: return 73
        case .brokenTraceFile, .noTraces, .everyStrokeSkipped: return 65
        }
    }

    /// A trace file could not be used; `reason` carries the reader's file:line:column: reason.
    /// Nothing is counted when any file is refused.
    case brokenTraceFile(path: String, reason: String)
    /// A trace file that cannot be opened or read (missing, a folder, a device): exit 66.
    case unreadableTraceFile(path: String, reason: String)
    /// Neither recorded nor synthetic traces to run.
    case noTraces
    /// `--skip-invalid-traces` left no stroke to run: every stroke of the files was malformed.
    case everyStrokeSkipped(skipped: Int)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .brokenTraceFile(let path, let reason):
            return "refusing trace file \(path) (nothing was counted): \(reason)"
        case .unreadableTraceFile(let path, let reason):
            return "cannot read trace file \(path) (nothing was counted): \(reason)"
        case .noTraces:
            return "no traces to run: the default recorded file was not found and no --traces or --synthetic was given"
        case .everyStrokeSkipped(let skipped):
            return "no traces to run: all \(skipped) strokes of the trace files were malformed and skipped (--skip-invalid-traces), and no --synthetic was given"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
