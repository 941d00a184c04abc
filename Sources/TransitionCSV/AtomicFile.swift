#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error writing or reading a file; a command exits with `exitCode`.
public struct FileIOError: Error, CustomStringConvertible {
    public var description: String
    /// sysexits: 66 cannot open input, 73 cannot create output, 74 input/output error, 65 data error.
    public var exitCode: Int32

    public init(description: String, exitCode: Int32) {
        self.description = description
        self.exitCode = exitCode
    }

    /// "`what` `path`: the C library's text for `errno`".
    public static func system(_ what: String, path: String, code: Int32 = 74, errno e: Int32 = errno) -> FileIOError {
        FileIOError(description: "\(what) \(path): \(String(cString: strerror(e)))", exitCode: code)
    }
}

/// write(2) all of `bytes` to `fd`, retrying after EINTR and short writes; returns errno on failure.
func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard var p = bytes.baseAddress else { return nil }
    var left = bytes.count
    while left > 0 {
        let n = write(fd, p, left)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        p += n
        left -= n
    }
    return nil
}

/// Where bytes go: a file written atomically, or standard output.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
}

/// A file that appears only when complete: bytes go to a temporary file in the target's folder
/// (so the final rename stays on one file system), which is flushed to disk (`fsync`) and renamed
/// over the target by `commit()`. `abort()`, a thrown error, or SIGINT, SIGTERM or SIGHUP
/// remove the temporary file; a file that was at the target before stays untouched.
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

    public init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        directory = folder.isEmpty ? "/" : folder
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory)/.\(name).partial-XXXXXX".utf8CString)
        SignalCleanup.install()
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileIOError.system("cannot create a temporary file next to", path: path, code: 73) }
        fd = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slot = SignalCleanup.register(temporaryPath)
        // mkstemp makes 0600; give the file the mode a plain create would (0666 less umask).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
    }

    /// Bytes written so far, and how far disk write-back has been started.
    private var written = 0
    private var flushStarted = 0
    /// Start write-back every this many bytes, so the final fsync has little left to wait for.
    static let writeBackStep = 32 << 20

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if let e = writeAll(fd, bytes) { throw FileIOError.system("cannot write", path: temporaryPath, errno: e) }
        written += bytes.count
        if written - flushStarted >= Self.writeBackStep {
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
        writeBack.stop()
        if fsync(fd) != 0 && errno != EINVAL { throw FileIOError.system("cannot flush", path: temporaryPath) }
        if close(fd) != 0 { fd = -1; throw FileIOError.system("cannot close", path: temporaryPath) }
        fd = -1
        if rename(temporaryPath, path) != 0 { throw FileIOError.system("cannot rename \(temporaryPath) to", path: path, code: 73) }
        finished = true
        SignalCleanup.unregister(slot)
        // Make the rename itself durable.
        let dfd = open(directory, O_RDONLY)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Removes the temporary file; does nothing after `commit()` or a first `abort()`.
    public func abort() {
        if finished { return }
        finished = true
        writeBack.stop()
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
        SignalCleanup.unregister(slot)
    }

    deinit { if !finished { abort() } }
}

/// A helper thread that asks the kernel to write a file's dirty pages to disk
/// (`sync_file_range(SYNC_FILE_RANGE_WRITE)` on Linux; nothing elsewhere).
final class WriteBack: @unchecked Sendable {
    private let fd: Int32
    private let condition = Condition()
    private var requested = 0
    private var done = 0
    private var stopping = false
    private var running = false

    #if os(Linux)
    /// Linux's sync_file_range(2), looked up at run time (Glibc's module map hides it behind
    /// _GNU_SOURCE); nil where the C library lacks it.
    typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    static let syncFileRange: SyncFileRange? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: SyncFileRange.self)
    }()
    #endif

    init(fd: Int32) { self.fd = fd }

    func request(upTo offset: Int) {
        #if os(Linux)
        guard Self.syncFileRange != nil else { return }
        condition.lock()
        requested = offset
        if !running && !stopping {
            running = true
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let created = pthread_create(&thread, nil, { context in
                Unmanaged<WriteBack>.fromOpaque(context!).takeRetainedValue().loop()
                return nil
            }, context)
            if created == 0 {
                pthread_detach(thread)
            } else {
                Unmanaged<WriteBack>.fromOpaque(context).release()
                running = false
            }
        }
        condition.signal()
        condition.unlock()
        #endif
    }

    private func loop() {
        #if os(Linux)
        condition.lock()
        while true {
            while !stopping && requested == done { condition.wait() }
            if stopping { break }
            let start = done, end = requested
            condition.unlock()
            _ = Self.syncFileRange!(fd, Int64(start), Int64(end - start), 2 /* SYNC_FILE_RANGE_WRITE */)
            condition.lock()
            done = end
        }
        running = false
        condition.broadcast()
        condition.unlock()
        #endif
    }

    /// Stops the thread and waits for it (before the descriptor is closed).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }
}

/// A mutex with its condition variable (pthreads, so that this module needs no Foundation).
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let variable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(variable, nil)
    }

    deinit {
        pthread_cond_destroy(variable)
        pthread_mutex_destroy(mutex)
        variable.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Unlocks, sleeps until signalled, locks again (callers re-check their condition in a loop).
    func wait() { pthread_cond_wait(variable, mutex) }
    func signal() { pthread_cond_signal(variable) }
    func broadcast() { pthread_cond_broadcast(variable) }
}

/// Standard output (not atomic: a pipe cannot be).
public final class StandardOutputSink: ByteSink {
    public init() {}
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if let e = writeAll(1, bytes) { throw FileIOError.system("cannot write to", path: "standard output", errno: e) }
    }
}

/// Removes registered temporary files when the process is stopped by a signal, then exits with
/// 128 + the signal number. Only async-signal-safe calls (unlink, _exit) run in the handler.
enum SignalCleanup {
    static let capacity = 8
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    nonisolated(unsafe) static var installed = false
    nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    static func install() {
        pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }
        if installed { return }
        installed = true
        _ = paths
        // A file-size limit (ulimit -f) then fails the write (EFBIG) instead of killing us.
        signal(SIGXFSZ, SIG_IGN)
        // A launcher may hand us these signals blocked (the mask survives exec); a stopped run
        // must still clean up, so unblock them (worker threads inherit this thread's mask).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { signal in
                for i in 0..<SignalCleanup.capacity {
                    if let p = SignalCleanup.paths[i] { unlink(p) }
                }
                _exit(128 + signal)
            }
            #else
            action.__sigaction_u.__sa_handler = { signal in
                for i in 0..<SignalCleanup.capacity {
                    if let p = SignalCleanup.paths[i] { unlink(p) }
                }
                _exit(128 + signal)
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    static func register(_ path: String) -> Int {
        pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }
        for i in 0..<capacity where paths[i] == nil {
            paths[i] = strdup(path)
            return i
        }
        return -1
    }

    static func unregister(_ slot: Int) {
        guard slot >= 0 else { return }
        pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }
        let p = paths[slot]
        paths[slot] = nil
        free(p)
    }
}
