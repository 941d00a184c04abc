/// Why `transition-bench behavior` refused to produce a table.
public enum BehaviorError: Error, CustomStringConvertible, Equatable {
    /// A trace file could not be used; `reason` carries the reader's file:line:column: reason.
    /// Nothing is counted when any file is refused.
    case brokenTraceFile(path: String, reason: String)
    /// Neither recorded nor synthetic traces to run.
    case noTraces
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .brokenTraceFile(let path, let reason):
            return "refusing trace file \(path) (nothing was counted): \(reason)"
        case .noTraces:
            return "no traces to run: the default recorded file was not found and no --traces or --synthetic was given"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
