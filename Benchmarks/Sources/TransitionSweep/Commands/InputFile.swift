import Foundation
import TransitionCSV

/// Opens an input file for reading: a descriptor and the size in bytes. Only a regular file is
/// accepted; a missing file, a folder or a device (/dev/zero, which never ends) throws
/// `FileIOError` `.cannotOpenInput` (exit 66) naming `what` and the path, before anything is read.
/// The caller closes the descriptor.
func openRegularFile(_ path: String, what: String) throws -> (fd: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    guard fd >= 0 else { throw FileIOError.system("cannot open \(what)", path: path, kind: .cannotOpenInput) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
        let e = errno
        close(fd)
        throw FileIOError.system("cannot read \(what)", path: path, kind: .cannotOpenInput, errno: e)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
        close(fd)
        throw FileIOError(description: "cannot read \(what) \(path): not a regular file", kind: .cannotOpenInput)
    }
    return (fd, Int(status.st_size))
}

/// The bytes of a small regular file, at most `limit` (a device such as /dev/zero, a folder or a
/// missing file is refused without reading: `.cannotOpenInput`, exit 66; a file over the limit
/// throws `.inputTooLarge`, exit 65 unless the caller says otherwise). `what` names the file's
/// role in messages.
public func readSmallFile(_ path: String, limit: Int, what: String) throws -> [UInt8] {
    let (fd, size) = try openRegularFile(path, what: what)
    defer { close(fd) }
    guard size <= limit else {
        throw FileIOError(description: "\(what) \(path) is \(size) bytes; the limit is \(limit) bytes", kind: .inputTooLarge)
    }
    // Room for the size the file had when opened and one byte more (which tells a file that
    // grew), grown only if it did: a buffer of the limit, zero-filled, would hold 256 MiB while
    // a 3.8 MB trace file is read.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while count <= limit {
        if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count)) }
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw FileIOError.system("cannot read \(what)", path: path, kind: .cannotOpenInput)
        }
        if n == 0 { break }
        count += n
    }
    guard count <= limit else {
        throw FileIOError(description: "\(what) \(path) is over the limit of \(limit) bytes", kind: .inputTooLarge)
    }
    bytes.removeSubrange(count...)
    return bytes
}

/// The bytes `range` of the regular file at `path`, whose size must still be `expectedSize`
/// (a file read before, checked then: a different size now means it changed, exit 65). Errors
/// as `readSmallFile`'s.
public func readFileRange(_ path: String, range: Range<Int>, expectedSize: Int, what: String) throws -> [UInt8] {
    let (fd, size) = try openRegularFile(path, what: what)
    defer { close(fd) }
    guard size == expectedSize, range.upperBound <= size else {
        throw FileIOError(description: "\(what) \(path) is \(size) bytes, was \(expectedSize): changed while being read", kind: .malformedInput)
    }
    var bytes = [UInt8](repeating: 0, count: range.count)
    var count = 0
    while count < range.count {
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, range.count - count, off_t(range.lowerBound + count)) }
        if n < 0 {
            if errno == EINTR { continue }
            throw FileIOError.system("cannot read \(what)", path: path, kind: .cannotOpenInput)
        }
        if n == 0 {
            throw FileIOError(description: "\(what) \(path) ended before byte \(range.upperBound): changed while being read", kind: .malformedInput)
        }
        count += n
    }
    return bytes
}
