import ArgumentParser
import TransitionCSV

/// The exit statuses of both commands, `transition-sweep` and `transition-bench`, defined once
/// (sysexits.h's values; docs/exit-status.md lists them). The same failure has the same status
/// in both: a full disk while writing any output is `ioError`, 74.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// 0: the run finished and every output is complete.
    case success = 0
    /// 64 EX_USAGE: a bad flag, value or spec file; the flag and value are named, no file created.
    case usage = 64
    /// 65 EX_DATAERR: an input's contents are malformed or do not fit together (a trace file's
    /// line, shards of different runs, an incomplete set), or an input is over its size limit.
    case dataError = 65
    /// 66 EX_NOINPUT: an input file cannot be opened or read, or is not a regular file.
    case noInput = 66
    /// 73 EX_CANTCREAT: an output file cannot be created or put in place (no such folder, no
    /// permission).
    case cannotCreate = 73
    /// 74 EX_IOERR: reading or writing failed part way (a full disk, a file-size limit, an I/O
    /// error); the output is not left behind.
    case ioError = 74

    /// The status of a command stopped by signal `number`: 128 + N.
    public static func stoppedBySignal(_ number: Int32) -> Int32 { 128 + number }

    /// The status for a kind of file error.
    public init(_ kind: FileIOError.Kind) {
        switch kind {
        case .cannotOpenInput: self = .noInput
        case .cannotCreateOutput: self = .cannotCreate
        case .inputOutput: self = .ioError
        case .malformedInput, .inputTooLarge: self = .dataError
        }
    }

    /// ArgumentParser's form, to throw from `run()`.
    public var exitCode: ExitCode { ExitCode(rawValue) }

    /// The list of statuses for a command's help, one line: "0 success; 64 ...".
    public static func helpText(stoppedBySignal: Bool = true) -> String {
        let words: [ExitStatus: String] = [
            .success: "success",
            .usage: "bad flag or value (named; no file created)",
            .dataError: "bad data (the file and line named) or inputs that do not fit together",
            .noInput: "an input file cannot be opened or read, or is not a regular file",
            .cannotCreate: "an output file cannot be created",
            .ioError: "a read or write failed (a full disk)",
        ]
        let listed = allCases.map { "\($0.rawValue) \(words[$0]!)" }.joined(separator: "; ")
        return listed + (stoppedBySignal ? "; 128 + N stopped by signal N" : "")
            + ". After any failure no partial output file is left and an earlier file at the target is untouched."
    }
}
