import Foundation
import Testing
import TransitionCSV

/// The one atomic writer: the target changes only by a complete rename; a failure leaves what
/// was there and no temporary (`.partial-`) file.
@Suite struct AtomicFileTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transition-csv-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ text: String, to path: String) throws {
        let buffer = ByteBuffer()
        buffer.append(text)
        try AtomicFile.write(buffer, to: path)
    }

    func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func writesAndReplaces() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        try write("first\n", to: path)
        try write("second\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try contents(folder) == ["out.csv"])
        // The mode a plain create gives (0666 less the umask), not mkstemp's 0600.
        let mask = umask(0)
        umask(mask)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == Int(0o666 & ~mask))
    }

    @Test func missingDirectoryFailsWithoutCreatingAnything() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("absent/out.csv").path
        #expect(throws: FileIOError.self) { try write("x\n", to: path) }
        #expect(try contents(folder).isEmpty)
        do {
            try write("x\n", to: path)
        } catch let error as FileIOError {
            #expect(error.kind == .cannotCreateOutput)
            #expect(error.description.contains(path))
        }
    }

    @Test func failedRenameLeavesTheOldTargetAndNoPartialFile() throws {
        // A non-empty directory at the target: rename(2) fails after the data is written.
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.csv")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try "kept\n".write(to: target.appendingPathComponent("inside"), atomically: false, encoding: .utf8)
        #expect(throws: FileIOError.self) { try write("new\n", to: target.path) }
        #expect(try contents(folder) == ["out.csv"])
        #expect(try String(contentsOf: target.appendingPathComponent("inside"), encoding: .utf8) == "kept\n")
    }

    @Test func abortLeavesAnExistingFileIntact() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        try write("old\n", to: path)
        let file = try AtomicFile(path: path)
        #expect(file.temporaryPath.contains(".out.csv.partial-"))
        try Array("half a fi".utf8).withUnsafeBufferPointer { try file.write($0) }
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        file.abort()
        file.abort()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try contents(folder) == ["out.csv"])
    }

    @Test func abortAfterCommitKeepsTheFile() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.csv").path
        let file = try AtomicFile(path: path)
        try Array("done\n".utf8).withUnsafeBufferPointer { try file.write($0) }
        try file.commit()
        file.abort()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "done\n")
        #expect(try contents(folder) == ["out.csv"])
    }

    /// A named pipe (as a device such as /dev/null) is written in place: its reader gets the
    /// bytes, and it is still a pipe afterwards, with nothing beside it; a rename over it would
    /// have replaced it with a regular file. Aborting only closes it.
    @Test func specialFileIsWrittenInPlace() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let text = String(repeating: "row,1.5,finish\n", count: 20_000)
        for commits in [true, false] {
            let received = Received()
            let reader = Thread {
                // Read to the end of the stream (FileManager reads a pipe's stat size: nothing).
                var data = Data()
                let fd = open(pipe, O_RDONLY)
                var chunk = [UInt8](repeating: 0, count: 65536)
                while fd >= 0 {
                    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n <= 0 { break }
                    data.append(contentsOf: chunk[..<n])
                }
                if fd >= 0 { close(fd) }
                received.data = data
                received.done.signal()
            }
            reader.start()
            let file = try AtomicFile(path: pipe, bypassingPageCache: true)
            #expect(file.temporaryPath == pipe)
            try Array(text.utf8).withUnsafeBufferPointer { try file.write($0) }
            if commits { try file.commit() } else { file.abort() }
            // (A rename over the pipe would leave the reader waiting for a writer forever.)
            #expect(received.done.wait(timeout: .now() + 20) == .success, "the pipe's reader got no end of stream")
            #expect(received.data == Data(text.utf8))
            var info = stat()
            #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
            #expect(try contents(folder) == ["pipe"])
        }
    }

    /// A link is written through: the file it names gets the bytes, the link stays a link, and
    /// nothing is left beside either.
    @Test func linkIsWrittenThrough() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let file = inner.appendingPathComponent("out.csv").path
        try write("old\n", to: file)
        let link = folder.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "data/out.csv")
        try write("new\n", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "data/out.csv")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new\n")
        #expect(try contents(folder) == ["data", "link.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: inner.path) == ["out.csv"])
    }

    final class Received: @unchecked Sendable {
        var data: Data?
        let done = DispatchSemaphore(value: 0)
    }
}
