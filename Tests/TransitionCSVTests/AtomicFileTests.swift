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
}
