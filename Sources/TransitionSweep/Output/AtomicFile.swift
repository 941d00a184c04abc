#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error writing or reading files; the command exits with `exitCode`.
public struct SweepIOError: Error, CustomStringConvertible {
    public var description: String
    public var exitCode: Int32

    /// sysexits: 66 cannot open input, 73 cannot create output, 74 input/output error, 65 data error.
    static func system(_ what: String, path: String, code: Int32 = 74, errno e: Int32 = errno) -> SweepIOError {
        SweepIOError(description: "\(what) \(path): \(String(cString: strerror(e)))", exitCode: code)
    }
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
    private var fd: Int32
    private let slot: Int

    public init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).partial-XXXXXX".utf8CString)
        SignalCleanup.install()
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SweepIOError.system("cannot create a temporary file next to", path: path, code: 73) }
        fd = descriptor
        temporaryPath = String(cString: template)
        slot = SignalCleanup.register(temporaryPath)
        // mkstemp makes 0600; give the file the mode a plain create would (0666 less umask).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw SweepIOError.system("cannot write", path: temporaryPath)
            }
            p += n
            left -= n
        }
    }

    /// Flushes, closes and renames into place.
    public func commit() throws {
        if fsync(fd) != 0 && errno != EINVAL { throw SweepIOError.system("cannot flush", path: temporaryPath) }
        if close(fd) != 0 { fd = -1; throw SweepIOError.system("cannot close", path: temporaryPath) }
        fd = -1
        if rename(temporaryPath, path) != 0 { throw SweepIOError.system("cannot rename \(temporaryPath) to", path: path, code: 73) }
        SignalCleanup.unregister(slot)
        // Make the rename itself durable.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let dfd = open(directory.isEmpty ? "/" : directory, O_RDONLY)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Removes the temporary file (idempotent).
    public func abort() {
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
        SignalCleanup.unregister(slot)
    }

    deinit { if fd >= 0 { abort() } }
}

/// Standard output (not atomic: a pipe cannot be).
public final class StandardOutputSink: ByteSink {
    public init() {}
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(1, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw SweepIOError.system("cannot write to", path: "standard output")
            }
            p += n
            left -= n
        }
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
