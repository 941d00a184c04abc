#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that bypass the page cache (Linux's `O_DIRECT`): the bytes go from an aligned staging
/// buffer straight to the disk, so a multi-gigabyte output costs no kernel copy into the page
/// cache (on the machines this project measures on, that copy took as much CPU as computing the
/// rows, and varied threefold between runs) and the disk writes overlap the computation.
///
/// `AtomicFile` creates its temporary file with the flag (`mkostemp`); a file system that refuses
/// it there gets a plain file and no `DirectWrites`. Whole aligned blocks go out directly; the
/// unaligned tail, and everything after a direct write the file system refuses (`EINVAL`: it
/// accepted the flag but not the write), goes through the page cache, continuing at the byte
/// where the direct writes stopped, so nothing is written twice or left out. The cache is reached
/// by clearing the flag (`fcntl`), or where that is refused, through a second descriptor opened
/// without it. The file's bytes are the same either way.
final class DirectWrites {
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
    /// Staged bytes written per call: 2 MiB (a few milliseconds of disk; memory stays small).
    static let capacity = 2 << 20

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
    /// Where writes go: `fd`, then once direct writes stop, a descriptor without the flag (`fd`
    /// itself with the flag cleared, or `plainFD`).
    private var target: Int32
    /// The descriptor opened without the flag when clearing it is refused (closed at `finish`).
    private var plainFD: Int32 = -1
    private let staging: UnsafeMutableRawPointer
    private var count = 0
    /// True once writes go through the page cache.
    private var throughCache = false

    /// Direct writes on `fd`, a file opened with `O_DIRECT` at `path`.
    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        target = fd
        staging = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: Self.alignment)
    }

    deinit {
        staging.deallocate()
        if plainFD >= 0 { close(plainFD) }
    }

    /// Stages `bytes`, writing every full staging buffer; returns errno on failure.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard var p = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = min(left, Self.capacity - count)
            (staging + count).copyMemory(from: p, byteCount: n)
            count += n
            p += n
            left -= n
            if count == Self.capacity, let e = flush(Self.capacity) { return e }
        }
        return nil
    }

    /// Writes what is staged: the aligned part directly, then the tail through the page cache,
    /// and closes the second descriptor if one was opened. Returns errno on failure.
    func finish() -> Int32? {
        let aligned = count / Self.alignment * Self.alignment
        if aligned > 0, !throughCache, let e = flush(aligned) { return e }
        if count > 0 {
            if let e = useCache() { return e }
            if let e = flush(count) { return e }
        }
        if plainFD >= 0 {
            let closing = plainFD
            plainFD = -1
            if fsync(closing) != 0 || close(closing) != 0 { return errno }
        }
        return nil
    }

    /// Writes the first `n` staged bytes and keeps the rest at the start of the buffer.
    private func flush(_ n: Int) -> Int32? {
        let bytes = UnsafeBufferPointer(start: staging.assumingMemoryBound(to: UInt8.self), count: n)
        if let failure = writeAll(target, bytes) {
            // A file system that accepted the flag but not this write: the rest, from the byte
            // where the direct writes stopped, through the page cache.
            guard failure.errno == EINVAL, !throughCache else { return failure.errno }
            if let e = useCache() { return e }
            if let again = writeAll(target, UnsafeBufferPointer(rebasing: bytes[failure.written...])) { return again.errno }
        }
        count -= n
        if count > 0 { staging.copyMemory(from: staging + n, byteCount: count) }
        return nil
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
