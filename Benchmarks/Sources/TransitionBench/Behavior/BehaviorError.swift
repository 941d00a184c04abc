import TransitionCSV
import TransitionSweep

/// Why `transition-bench behavior` refused to produce a table.
public enum BehaviorError: Error, CustomStringConvertible, Equatable {
    /// The exit status: `noInput` for an unreadable trace file, the file error's own status for
    /// an output (`ioError` for a full disk, as in `transition-sweep`), `dataError` otherwise.
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadableTraceFile: return .noInput
        case .cannotWrite(_, _, let kind): return ExitStatus(kind)
        case .brokenTraceFile, .noTraces, .everyStrokeSkipped: return .dataError
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
    /// An output (--per-trace, --write-synthetic, the table on standard output) could not be
    /// created or written; `kind` says which (`ExitStatus(kind)`).
    case cannotWrite(path: String, reason: String, kind: FileIOError.Kind)

    /// The error for a failure writing `path`: a `FileIOError`'s own kind, else "cannot create".
    static func writing(_ path: String, _ error: any Error) -> BehaviorError {
        let kind = (error as? FileIOError)?.kind ?? .cannotCreateOutput
        return .cannotWrite(path: path, reason: "\(error)", kind: kind)
    }

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
        case .cannotWrite(let path, let reason, _):
            return "cannot write \(path): \(reason)"
        }
    }
}
