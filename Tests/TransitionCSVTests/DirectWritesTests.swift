import Foundation
import Testing
import TransitionCSV

/// Writes that bypass the page cache (`AtomicFile(path:bypassingPageCache: true)`): the file's
/// bytes are exactly what was written, whatever the sizes of the writes against the staging
/// buffer and the alignment, on a disk file system and on one without `O_DIRECT` (tmpfs).
@Suite struct DirectWritesTests {
    /// Deterministic bytes (a counter's digits), so that a misplaced block shows.
    static func bytes(_ count: Int, seed: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var k = seed
        while out.count < count {
            out += Array("\(k),".utf8)
            k += 1
        }
        return Array(out.prefix(count))
    }

    /// Folders to write in: the system's temporary folder, and /dev/shm where it exists (tmpfs
    /// refuses O_DIRECT, so the writer falls back to ordinary writes).
    static var folders: [String] {
        var folders = [FileManager.default.temporaryDirectory.path]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder), isFolder.boolValue { folders.append("/dev/shm") }
        return folders
    }

    @Test("same bytes for every write size against the staging buffers and 4 KiB blocks", arguments: folders)
    func sameBytes(folder: String) throws {
        let page = 4096, staging = 1 << 20
        let plans: [[Int]] = [
            [], [1], [page], [page - 1, 1], [staging], [staging, staging], [staging - 1, 2, staging],
            [staging + page + 17], [5 * staging + 3], Array(repeating: 1_433_001, count: 9), [0, 7, 0, page * 3],
        ]
        let path = folder + "/transition-direct-\(UUID().uuidString).csv"
        defer { unlink(path) }
        for (n, plan) in plans.enumerated() {
            let file = try AtomicFile(path: path, bypassingPageCache: true)
            var expected: [UInt8] = []
            for (k, size) in plan.enumerated() {
                let chunk = Self.bytes(size, seed: n * 1000 + k)
                expected += chunk
                try chunk.withUnsafeBufferPointer { try file.write($0) }
            }
            try file.commit()
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written == expected, "plan \(plan) in \(folder)")
        }
        // This test's own temporary files only: the other test of the suite may be writing beside it.
        let name = String(path.split(separator: "/").last!)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".\(name).partial-") }.isEmpty)
    }

    @Test("an abort leaves no file and the earlier one intact")
    func abortKeepsTheEarlierFile() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let path = folder + "/transition-direct-\(UUID().uuidString).csv"
        defer { unlink(path) }
        let first = try AtomicFile(path: path, bypassingPageCache: true)
        try Self.bytes(3 << 20, seed: 1).withUnsafeBufferPointer { try first.write($0) }
        try first.commit()
        let second = try AtomicFile(path: path, bypassingPageCache: true)
        try Self.bytes(5 << 20, seed: 2).withUnsafeBufferPointer { try second.write($0) }
        second.abort()
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == Self.bytes(3 << 20, seed: 1))
        #expect(!FileManager.default.fileExists(atPath: second.temporaryPath))
    }
}
