#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error writing or reading a file: what went wrong (`kind`, which a command maps to its exit
/// status) and a message naming the file.
public struct FileIOError: Error, CustomStringConvertible {
    /// What went wrong, in the terms a caller acts on.
    public enum Kind: Sendable, Equatable {
        /// An input cannot be opened or read as a file (missing, a folder, a device, no permission).
        case cannotOpenInput
        /// An output cannot be created or put in place (no such folder, no permission, the rename
        /// refused).
        case cannotCreateOutput
        /// Reading or writing failed part way (a full disk, a file-size limit, an I/O error).
        case inputOutput
        /// An input's contents are malformed or do not fit together.
        case malformedInput
        /// An input is larger than the reader's limit.
        case inputTooLarge
    }

    /// The message: what failed, the file, and the reason.
    public var description: String
    /// What went wrong.
    public var kind: Kind

    /// An error with its message and kind.
    public init(description: String, kind: Kind) {
        self.description = description
        self.kind = kind
    }

    /// "`what` `path`: the C library's text for `errno`".
    public static func system(_ what: String, path: String, kind: Kind = .inputOutput, errno e: Int32 = errno) -> FileIOError {
        FileIOError(description: "\(what) \(path): \(String(cString: strerror(e)))", kind: kind)
    }
}

/// A write(2) loop that stopped: the C library's error and how many bytes went out before it.
struct WriteFailure: Error {
    var errno: Int32
    var written: Int
}

/// write(2) all of `bytes` to `fd`: a short write continues where it stopped and EINTR retries
/// the same bytes, so nothing is written twice or left out. Returns nil when every byte is
/// written, else the error and how many bytes were written before it (a write that moves no
/// byte is EIO: it would otherwise loop for ever).
func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> WriteFailure? {
    guard let base = bytes.baseAddress else { return nil }
    var done = 0
    while done < bytes.count {
        let n = write(fd, base + done, bytes.count - done)
        if n < 0 {
            if errno == EINTR { continue }
            return WriteFailure(errno: errno, written: done)
        }
        if n == 0 { return WriteFailure(errno: EIO, written: done) }
        done += n
    }
    return nil
}

/// Where bytes go: a file written atomically, or standard output.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
}

/// A file that appears only when complete: bytes go to a temporary file in the target's folder
/// (so the final rename stays on one file system), which is flushed to disk (`fsync`) and renamed
/// over the target by `commit()`. `abort()` or a thrown error removes the temporary file; a file
/// that was at the target before stays untouched. The library installs no signal handler: a
/// program stopped by a signal removes the files in flight by calling
/// `removeTemporaryFilesInFlight()` from its own handler (the commands do, then exit 128 + N).
///
/// A target that exists and is not a regular file or a folder (a device such as `/dev/null`, a
/// named pipe, a socket) is written in place: there is nothing there to replace whole, and a
/// rename would replace the device itself (run as root, `--output /dev/null` turned /dev/null
/// into a regular file). `temporaryPath` is then the target, and `abort()` only closes it.
public final class AtomicFile: ByteSink {
    public let path: String
    public let temporaryPath: String
    /// The target's folder ("/" for a file in the root, "." for a bare name).
    private let directory: String
    private var fd: Int32
    private let slot: Int
    /// Set once the file is renamed into place (`commit()`) or removed (`abort()`): later calls
    /// of `abort()` do nothing.
    private var finished = false
    /// Written in place: the target is a device, a named pipe or a socket (no temporary file).
    private let inPlace: Bool

    /// The file the temporary one replaces: `path`, or the file a link at `path` names.
    private let target: String

    /// `path` with its links resolved when `path` is a link to something that exists; else
    /// `path` as given.
    private static func resolvingLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` names something other than a regular file or a folder (following links).
    private static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// A temporary file beside `path`, renamed over it by `commit()`. With
    /// `bypassingPageCache`, large writes go straight to the disk where the platform and the
    /// file system allow it (Linux's `O_DIRECT`; see `DirectWrites`): for outputs of gigabytes,
    /// which would otherwise cost a kernel copy into the page cache. The bytes are the same.
    public init(path: String, bypassingPageCache: Bool = false) throws {
        self.path = path
        // A link is written through: the file it names is replaced, the link stays (a rename
        // over `/dev/stdout` would replace the link in /dev).
        let target = Self.resolvingLink(path)
        self.target = target
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        directory = folder.isEmpty ? "/" : folder
        if Self.isSpecialFile(path) {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileIOError.system("cannot open", path: path, kind: .cannotCreateOutput) }
            fd = descriptor
            temporaryPath = path
            slot = -1
            inPlace = true
            direct = nil
            return
        }
        inPlace = false
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let pattern = "\(directory)/.\(name).partial-XXXXXX"
        var template = Array(pattern.utf8CString)
        TemporaryFiles.prepare()
        // Bypassing the page cache: O_DIRECT is asked for as the file is created; a file system
        // that refuses it there (EINVAL) gets a plain file, written through the page cache.
        var descriptor: Int32 = -1
        var directAtOpen = false
        if bypassingPageCache, DirectWrites.flag != 0, let create = DirectWrites.mkostemp {
            descriptor = template.withUnsafeMutableBufferPointer { create($0.baseAddress!, DirectWrites.flag) }
            directAtOpen = descriptor >= 0
            if descriptor < 0 {
                guard errno == EINVAL else {
                    throw FileIOError.system("cannot create a temporary file next to", path: path, kind: .cannotCreateOutput)
                }
                template = Array(pattern.utf8CString)  // mkostemp may have filled in the Xs
            }
        }
        if descriptor < 0 { descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) } }
        guard descriptor >= 0 else { throw FileIOError.system("cannot create a temporary file next to", path: path, kind: .cannotCreateOutput) }
        fd = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slot = TemporaryFiles.register(temporaryPath)
        // mkstemp makes 0600; give the file the mode a plain create would (0666 less umask).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        direct = directAtOpen ? DirectWrites(fd: fd, path: temporaryPath) : nil
    }

    /// The staging of writes that bypass the page cache, when asked for and available.
    private var direct: DirectWrites?

    /// Bytes written so far, and how far disk write-back has been started.
    private var written = 0
    private var flushStarted = 0
    /// Start write-back every this many bytes, so the final fsync has little left to wait for.
    static let writeBackStep = 32 << 20

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if let direct {
            if let e = direct.write(bytes) { throw FileIOError.system("cannot write", path: temporaryPath, errno: e) }
            return
        }
        if let failure = writeAll(fd, bytes) { throw FileIOError.system("cannot write", path: temporaryPath, errno: failure.errno) }
        written += bytes.count
        if !inPlace && written - flushStarted >= Self.writeBackStep {
            flushStarted = written
            writeBack.request(upTo: written)
        }
    }

    /// Starts disk write-back of what is written so far on a helper thread, so that the data
    /// goes to disk while later rows compute and the final fsync has little left to do (a 1.5 GB
    /// sweep otherwise waits seconds at the end). The writing thread never waits for the disk.
    private lazy var writeBack = WriteBack(fd: fd)

    /// Writes the bytes of `buffer` to `path` atomically: the whole file appears, or on any
    /// failure nothing changes (a file already at `path` stays as it was, no temporary file is left).
    public static func write(_ buffer: ByteBuffer, to path: String) throws {
        let file = try AtomicFile(path: path)
        defer { file.abort() }  // nothing left to do after a commit
        try withExtendedLifetime(buffer) { try file.write(buffer.bytes) }
        try file.commit()
    }

    /// Flushes, closes and renames into place.
    public func commit() throws {
        if inPlace {
            finished = true
            defer { fd = -1 }
            if close(fd) != 0 { throw FileIOError.system("cannot close", path: path) }
            return
        }
        if let e = direct?.finish() { throw FileIOError.system("cannot write", path: temporaryPath, errno: e) }
        direct = nil
        writeBack.stop()
        if fsync(fd) != 0 && errno != EINVAL { throw FileIOError.system("cannot flush", path: temporaryPath) }
        if close(fd) != 0 { fd = -1; throw FileIOError.system("cannot close", path: temporaryPath) }
        fd = -1
        if rename(temporaryPath, target) != 0 { throw FileIOError.system("cannot rename \(temporaryPath) to", path: target, kind: .cannotCreateOutput) }
        finished = true
        TemporaryFiles.unregister(slot)
        // Make the rename itself durable.
        let dfd = open(directory, O_RDONLY)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Removes the temporary file; does nothing after `commit()` or a first `abort()`.
    public func abort() {
        if finished { return }
        finished = true
        if inPlace {
            if fd >= 0 { close(fd); fd = -1 }
            return
        }
        direct?.stop(discardingQueued: true)
        direct = nil
        writeBack.stop()
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
        TemporaryFiles.unregister(slot)
    }

    deinit { if !finished { abort() } }
}

/// Standard output (not atomic: a pipe cannot be).
public final class StandardOutputSink: ByteSink {
    public init() {}
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if let failure = writeAll(1, bytes) {
            throw FileIOError.system("cannot write to", path: "standard output", errno: failure.errno)
        }
    }
}

extension AtomicFile {
    /// Removes the temporary file of every `AtomicFile` still being written (created, neither
    /// committed nor aborted), for a program stopped by a signal: call it from the signal
    /// handler, then exit. Async-signal-safe: it reads a fixed table of C strings and calls
    /// unlink(2), nothing else (no lock, no allocation). The table exists once the first
    /// `AtomicFile` was created or `prepareForSignalCleanup()` was called; call that before
    /// installing a handler, so that the handler never sets it up.
    public static func removeTemporaryFilesInFlight() {
        TemporaryFiles.removeAll()
    }

    /// Sets up the table `removeTemporaryFilesInFlight()` reads (it allocates, so not from a
    /// signal handler).
    public static func prepareForSignalCleanup() {
        TemporaryFiles.prepare()
    }
}

/// The temporary paths of the `AtomicFile`s in flight, in a fixed table of C strings that a
/// signal handler can read without locks (registration takes a mutex; removal reads only).
enum TemporaryFiles {
    static let capacity = 8
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// Creates the table and the lock.
    static func prepare() {
        _ = paths
        _ = lock
    }

    /// unlink(2) of every registered path (async-signal-safe).
    static func removeAll() {
        let table = paths
        for i in 0..<capacity {
            if let p = table[i] { unlink(p) }
        }
    }

    /// A slot for `path`, or -1 when the table is full (then a signal leaves that file behind).
    static func register(_ path: String) -> Int {
        pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }
        for i in 0..<capacity where paths[i] == nil {
            paths[i] = strdup(path)
            return i
        }
        return -1
    }

    /// Empties the slot before freeing its string, so a handler never reads freed memory on this thread.
    static func unregister(_ slot: Int) {
        guard slot >= 0 else { return }
        pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }
        let p = paths[slot]
        paths[slot] = nil
        free(p)
    }
}
