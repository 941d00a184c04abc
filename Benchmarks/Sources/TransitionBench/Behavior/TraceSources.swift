import Foundation
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// Where the behaviour benchmark finds its traces.
public enum TraceSources {
    /// The shared recorded swipes, relative to the directory that holds the package.
    public static let defaultRecordedRelativePath = "../shared/data/bioident-gallery-swipes.csv"

    /// The repository root, from this source file's location (Benchmarks/Sources/TransitionBench/Behavior/).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Candidate locations of the default recorded file, in the order tried: relative to the
    /// current directory, then to the package root (once, when both are the same place).
    public static func defaultRecordedCandidates(currentDirectory: URL, packageRoot: URL = TraceSources.packageRoot) -> [URL] {
        var candidates: [URL] = []
        for base in [currentDirectory, packageRoot] {
            let url = base.appendingPathComponent(defaultRecordedRelativePath).standardizedFileURL
            if !candidates.contains(where: { $0.path == url.path }) { candidates.append(url) }
        }
        return candidates
    }

    /// Reads every file, all before any is used: one broken file refuses the whole run. With
    /// `.skip`, a malformed stroke is left out and listed in the set's `skipped` instead; a
    /// malformed file is still refused.
    /// Sources are the files' names; a name given twice from different folders keeps its path.
    public static func recorded(_ urls: [URL], malformedStrokes: TraceReader.MalformedStrokes = .refuse) throws -> [TraceSet] {
        let names = urls.map(\.lastPathComponent)
        return try urls.enumerated().map { i, url in
            let contents: TraceFileContents
            do { contents = try TraceReader.read(contentsOf: url, malformedStrokes: malformedStrokes) } catch let error as TraceFileError {
                if error.problem == .unreadable { throw BehaviorError.unreadableTraceFile(path: url.path, reason: "\(error)") }
                throw BehaviorError.brokenTraceFile(path: url.path, reason: "\(error)")
            }
            let unique = names.filter { $0 == names[i] }.count == 1
            return TraceSet(
                source: unique ? names[i] : url.relativePath, traces: contents.traces, isSynthetic: false,
                skipped: contents.skipped)
        }
    }

    /// The labelled synthetic corpus as the `synthetic` set.
    public static func synthetic(count: Int, seed: UInt64) -> TraceSet {
        TraceSet(source: "synthetic", traces: SyntheticGestureGenerator(seed: seed).corpus(count: count), isSynthetic: true)
    }
}
