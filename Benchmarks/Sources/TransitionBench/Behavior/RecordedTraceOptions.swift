import ArgumentParser
import Foundation

/// The recorded trace files of a run (`--traces`, `--no-recorded`), one definition for the
/// commands that read them (`behavior`, `estimators`).
public struct RecordedTraceOptions: ParsableArguments {
    @Option(name: .customLong("traces"), help: ArgumentHelp("A recorded trace CSV (the format: docs/traces.md; a sample: docs/examples/two-strokes.csv); repeatable.", valueName: "file"))
    public var traceFiles: [String] = []

    @Flag(help: "Do not look for the default recorded file.")
    public var noRecorded = false

    public init() {}

    /// The files to read: --traces, else the default recorded file when it is there (`note` says
    /// when it is not).
    func urls(currentDirectory: URL, packageRoot: URL, note: (String) -> Void) -> [URL] {
        var urls = traceFiles.map { URL(fileURLWithPath: $0, relativeTo: currentDirectory) }
        if urls.isEmpty && !noRecorded {
            let candidates = TraceSources.defaultRecordedCandidates(currentDirectory: currentDirectory, packageRoot: packageRoot)
            if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) {
                urls = [found]
            } else {
                note("no recorded traces: \(TraceSources.defaultRecordedRelativePath) is absent (looked at \(candidates.map(\.path).joined(separator: ", "))); pass --traces FILE")
            }
        }
        return urls
    }
}
