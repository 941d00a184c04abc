import Foundation

/// Runs the built `transition-sweep` and `transition-bench` as a user would (both test targets
/// call the commands through it).
public enum Binary {
    /// Serializes `Process.run()` across the parallel tests: every launch of the tests goes
    /// through `launch(_:)` (swift-corelibs-foundation's `Process.run` crashed inside its launch,
    /// a bad pointer in memmove, while another test launched a process).
    private static let launchLock = NSLock()

    /// Starts `process` (`Process.run()`) while no other test's launch is under way.
    public static func launch(_ process: Process) throws {
        launchLock.lock()
        defer { launchLock.unlock() }
        try process.run()
    }

    /// The executable: `TRANSITION_SWEEP_BIN` if set, else next to the test bundle (the build
    /// products folder), else `swift build --show-bin-path`.
    public static let url: URL = {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["TRANSITION_SWEEP_BIN"], fm.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(exe.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for argument in CommandLine.arguments.prefix(1) {
            candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        for directory in candidates {
            var d = directory
            for _ in 0..<4 {
                let file = d.appendingPathComponent("transition-sweep")
                if fm.isExecutableFile(atPath: file.path) && !file.hasDirectoryPath { return file }
                d = d.deletingLastPathComponent()
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--show-bin-path"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? launch(process)
        process.waitUntilExit()
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path).appendingPathComponent("transition-sweep")
    }()

    public struct Result {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The repository's root (the checkout that holds Benchmarks/), for the files the tests read
    /// there (docs/, Tests/faults), wherever the test file itself sits.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Environment variables that would shard a run by accident.
    public static let shardVariables = ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "JOB_COMPLETION_INDEX"]

    /// `transition-bench`, built beside `transition-sweep`.
    public static var benchURL: URL { url.deletingLastPathComponent().appendingPathComponent("transition-bench") }

    public static func run(
        _ arguments: [String], environment extra: [String: String] = [:], shell: String? = nil, executable: URL = url,
        timeoutSeconds: Double = 600
    ) throws -> Result {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell + " \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        for name in shardVariables { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // One launch at a time (`launch(_:)`).
        try launch(process)
        // A run that outlives the timeout is killed (a hang shows up as status 9, never as a
        // stuck test run).
        let deadline = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: deadline)
        defer { deadline.cancel() }
        // Drain both pipes while the process runs (large outputs would block it otherwise).
        let box = DataBox()
        let errHandle = err.fileHandleForReading
        let errThread = Thread { box.data = errHandle.readDataToEndOfFile() }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errThread.isFinished { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: box.data, as: UTF8.self))
    }

    /// A fresh empty folder.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transition-sweep-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in a folder, sorted.
    public static func contents(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// The temporary files a run left in `folder` (an output written part way: `AtomicFile`'s
    /// `.NAME.partial-XXXXXX`).
    public static func partialFiles(in folder: URL) -> [String] {
        contents(folder).filter { $0.contains(".partial") }
    }
}

/// The standard error a reader thread collects while the process runs.
final class DataBox: @unchecked Sendable { var data = Data() }
