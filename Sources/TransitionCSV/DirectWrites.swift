#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that bypass the page cache (Linux's `O_DIRECT`): the bytes go from aligned staging
/// buffers straight to the disk, so a multi-gigabyte output costs no kernel copy into the page
/// cache (on the machines this project measures on, that copy took as much CPU as computing the
/// rows, and varied threefold between runs).
///
/// The disk writes run on a writer thread of their own, behind a ring of staging buffers: the
/// caller copies its bytes into the buffer being filled and goes back to its work, while the
/// writer sends the full buffers to the disk in order. An `O_DIRECT` write returns only when the
/// disk has the bytes; written from the caller's thread it stopped the caller (and so the rows
/// waiting for it) for as long, and the disk stood idle while the caller formatted. With the
/// ring the disk always has the next buffer ready, so a sweep goes at the disk's pace whenever
/// the rows are computed faster than it writes (docs/sweeps.md, `Benchmarks/Scripts/sweep-vs-disk.sh`).
///
/// `AtomicFile` creates its temporary file with the flag (`mkostemp`); a file system that refuses
/// it there gets a plain file and no `DirectWrites`. Whole aligned blocks go out directly; the
/// unaligned tail, and everything after a direct write the file system refuses (`EINVAL`: it
/// accepted the flag but not the write), goes through the page cache, continuing at the byte
/// where the direct writes stopped, so nothing is written twice or left out. The cache is reached
/// by clearing the flag (`fcntl`), or where that is refused, through a second descriptor opened
/// without it. The file's bytes are the same either way. A failed write is reported by the next
/// `write` or by `finish`, and the buffers after it are not written.
final class DirectWrites: @unchecked Sendable {
    /// `O_DIRECT`'s value: Glibc's module does not export it (it sits behind _GNU_SOURCE).
    #if os(Linux) && arch(x86_64)
    static let flag: Int32 = 0o40000
    #elseif os(Linux) && arch(arm64)
    static let flag: Int32 = 0o200000
    #else
    static let flag: Int32 = 0
    #endif
    /// Buffer and block alignment, bytes (a page: a multiple of every logical block size in use).
    static let alignment = 4096
    /// Bytes per staging buffer, written per call: 1 MiB (about a millisecond of disk; `dd
    /// oflag=direct` writes as fast with 1 MiB blocks as with 2 or 8 MiB on the machines measured).
    static let capacity = 1 << 20
    /// Staging buffers in the ring: one being filled, the others queued for or under the writer
    /// (4 MiB in all; memory stays small).
    static let bufferCount = 4

    #if os(Linux)
    /// The C library's mkostemp(3), looked up at run time (Glibc's module map hides it behind
    /// _GNU_SOURCE, as it does O_DIRECT); nil where the C library lacks it.
    typealias CreateTemporary = @convention(c) (UnsafeMutablePointer<CChar>, Int32) -> Int32
    static let mkostemp: CreateTemporary? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mkostemp") else { return nil }
        return unsafeBitCast(symbol, to: CreateTemporary.self)
    }()
    #else
    static let mkostemp: ((UnsafeMutablePointer<CChar>, Int32) -> Int32)? = nil
    #endif

    /// The file's descriptor, opened with `O_DIRECT`.
    private let fd: Int32
    /// The file's path, for a second descriptor without the flag.
    private let path: String
    /// The ring's buffers, each `capacity` bytes aligned to `alignment`.
    private let buffers: [UnsafeMutableRawPointer]
    /// The buffer the caller fills, and how many bytes it holds.
    private var filling: Int
    private var count = 0

    // The writer's side. Until the writer thread starts and after `finish` has stopped it, the
    // caller's thread owns these; in between the writer's does, except `queue`, `idle`, `failure`
    // and the flags, which `condition` guards.
    /// Where writes go: `fd`, then once direct writes stop, a descriptor without the flag (`fd`
    /// itself with the flag cleared, or `plainFD`).
    private var target: Int32
    /// The descriptor opened without the flag when clearing it is refused (closed at `finish`).
    private var plainFD: Int32 = -1
    /// True once writes go through the page cache.
    private var throughCache = false
    private let condition = Condition()
    /// Full buffers waiting for the writer, oldest first.
    private var queue: [Int] = []
    /// Buffers free to fill.
    private var idle: [Int]
    /// The first failed write's errno; nothing is written after it.
    private var failure: Int32?
    private var writerRunning = false
    private var stopping = false

    /// Direct writes on `fd`, a file opened with `O_DIRECT` at `path`.
    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        target = fd
        buffers = (0..<Self.bufferCount).map { _ in
            UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: Self.alignment)
        }
        filling = 0
        idle = Array(1..<Self.bufferCount)
    }

    deinit {
        stop()
        for buffer in buffers { buffer.deallocate() }
        if plainFD >= 0 { close(plainFD) }
    }

    /// Stages `bytes`, handing every full buffer to the writer; returns errno when an earlier
    /// write failed.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard var p = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = min(left, Self.capacity - count)
            (buffers[filling] + count).copyMemory(from: p, byteCount: n)
            count += n
            p += n
            left -= n
            if count == Self.capacity, let e = handOver() { return e }
        }
        return nil
    }

    /// Writes what is staged, waits for the writer and stops it: the aligned part directly, then
    /// the tail through the page cache, and closes the second descriptor if one was opened.
    /// Returns errno on failure (the first write that failed, queued or now).
    func finish() -> Int32? {
        if let e = stop() { return e }
        let staged = buffers[filling]
        let aligned = count / Self.alignment * Self.alignment
        if aligned > 0, !throughCache {
            if let e = send(UnsafeBufferPointer(start: staged.assumingMemoryBound(to: UInt8.self), count: aligned)) { return e }
            count -= aligned
            if count > 0 { staged.copyMemory(from: staged + aligned, byteCount: count) }
        }
        if count > 0 {
            if let e = useCache() { return e }
            if let e = send(UnsafeBufferPointer(start: staged.assumingMemoryBound(to: UInt8.self), count: count)) { return e }
            count = 0
        }
        if plainFD >= 0 {
            let closing = plainFD
            plainFD = -1
            if fsync(closing) != 0 || close(closing) != 0 { return errno }
        }
        return nil
    }

    /// Stops the writer thread (before the descriptor is closed): once it has written every
    /// queued buffer, or with `discardingQueued` once the buffer under way is written (for a file
    /// about to be removed). Returns the errno of a failed write. Does nothing more once stopped.
    @discardableResult
    func stop(discardingQueued: Bool = false) -> Int32? {
        condition.lock()
        if discardingQueued { idle += queue; queue.removeAll() }
        stopping = true
        condition.wakeAll()
        while writerRunning { condition.wait() }
        let e = failure
        condition.unlock()
        return e
    }

    /// Queues the full buffer for the writer (starting it the first time) and takes a free one,
    /// waiting while all are queued or being written. Returns errno of a failed write.
    private func handOver() -> Int32? {
        condition.lock()
        defer { condition.unlock() }
        if let failure { return failure }
        if !writerRunning && !stopping {
            writerRunning = startDetachedThread { self.writerLoop() }
            if !writerRunning {
                // No thread to be had: write the buffer here, as a plain call.
                condition.unlock()
                let e = send(UnsafeBufferPointer(start: buffers[filling].assumingMemoryBound(to: UInt8.self), count: count))
                condition.lock()
                if let e { failure = e; return e }
                count = 0
                return nil
            }
        }
        queue.append(filling)
        condition.wakeAll()
        while idle.isEmpty && failure == nil { condition.wait() }
        if let failure { return failure }
        filling = idle.removeLast()
        count = 0
        return nil
    }

    /// The writer thread: writes queued buffers in order until stopped; after a failure it
    /// writes nothing more.
    private func writerLoop() {
        condition.lock()
        while true {
            while !stopping && (queue.isEmpty || failure != nil) { condition.wait() }
            if queue.isEmpty || failure != nil { break }
            let index = queue.removeFirst()
            condition.unlock()
            let e = send(UnsafeBufferPointer(start: buffers[index].assumingMemoryBound(to: UInt8.self), count: Self.capacity))
            condition.lock()
            if let e { failure = e }
            idle.append(index)
            condition.wakeAll()
        }
        writerRunning = false
        condition.wakeAll()
        condition.unlock()
    }

    /// Writes `bytes` to the target: directly while the file system takes them, else through the
    /// page cache from the byte where direct writes stopped. Returns errno on failure.
    private func send(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let failure = writeAll(target, bytes) else { return nil }
        // A file system that accepted the flag but not this write: the rest, from the byte
        // where the direct writes stopped, through the page cache.
        guard failure.errno == EINVAL, !throughCache else { return failure.errno }
        if let e = useCache() { return e }
        return writeAll(target, UnsafeBufferPointer(rebasing: bytes[failure.written...]))?.errno
    }

    /// From now on writes go through the page cache: the flag cleared on `fd`, or where the
    /// file system refuses that, a second descriptor without it at the same offset. Returns
    /// errno when neither works.
    private func useCache() -> Int32? {
        if throughCache { return nil }
        throughCache = true
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0, fcntl(fd, F_SETFL, flags & ~Self.flag) == 0 { return nil }
        let offset = lseek(fd, 0, SEEK_CUR)
        guard offset >= 0 else { return errno }
        let plain = open(path, O_WRONLY | O_CLOEXEC)
        guard plain >= 0 else { return errno }
        guard lseek(plain, offset, SEEK_SET) == offset else {
            let e = errno
            close(plain)
            return e
        }
        plainFD = plain
        target = plain
        return nil
    }
}
