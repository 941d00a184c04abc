#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
            running = startDetachedThread { self.loop() }
        }
        condition.wakeOne()
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
        condition.wakeAll()
        condition.unlock()
        #endif
    }

    /// Stops the thread and waits for it (before the descriptor is closed).
    func stop() {
        condition.lock()
        stopping = true
        condition.wakeAll()
        while running { condition.wait() }
        condition.unlock()
    }
}
