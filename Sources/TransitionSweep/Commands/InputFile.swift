import Foundation
import TransitionCSV

/// Opens an input file for reading: a descriptor and the size in bytes. Only a regular file is
/// accepted; a missing file, a folder or a device (/dev/zero, which never ends) throws
/// `FileIOError` 66 (cannot open input) naming `what` and the path, before anything is read.
/// The caller closes the descriptor.
func openRegularFile(_ path: String, what: String) throws -> (fd: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    guard fd >= 0 else { throw FileIOError.system("cannot open \(what)", path: path, code: 66) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
        let e = errno
        close(fd)
        throw FileIOError.system("cannot read \(what)", path: path, code: 66, errno: e)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
        close(fd)
        throw FileIOError(description: "cannot read \(what) \(path): not a regular file", exitCode: 66)
    }
    return (fd, Int(status.st_size))
}

/// The bytes of a small regular file, at most `limit` (a device such as /dev/zero, a folder or a
/// missing file is refused without reading: exit 66, cannot open input; a file over the limit
/// exits `tooLarge`, 65 by default). `what` names the file's role in messages.
func readSmallFile(_ path: String, limit: Int, what: String, tooLarge: Int32 = 65) throws -> [UInt8] {
    let (fd, size) = try openRegularFile(path, what: what)
    defer { close(fd) }
    guard size <= limit else {
        throw FileIOError(description: "\(what) \(path) is \(size) bytes; the limit is \(limit) bytes", exitCode: tooLarge)
    }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count <= limit {
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, limit + 1 - count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw FileIOError.system("cannot read \(what)", path: path, code: 66)
        }
        if n == 0 { break }
        count += n
    }
    guard count <= limit else {
        throw FileIOError(description: "\(what) \(path) is over the limit of \(limit) bytes", exitCode: tooLarge)
    }
    return Array(bytes[..<count])
}
