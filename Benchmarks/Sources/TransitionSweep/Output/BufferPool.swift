import Foundation
import TransitionCSV

/// The chunk buffers of a run, reused: a buffer goes back once its bytes are written, and the
/// next chunk formats into it. Without reuse each chunk's fresh megabytes were faulted in and
/// cleared by the kernel, then unmapped (about a tenth of a 10 M-row sweep's CPU time). The pool
/// holds at most what the pipeline's window has in flight.
final class BufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [ByteBuffer] = []

    /// An empty buffer of at least `capacity` bytes.
    func take(capacity: Int) -> ByteBuffer {
        lock.lock()
        let reused = free.popLast()
        lock.unlock()
        guard let buffer = reused else { return ByteBuffer(capacity: capacity) }
        buffer.removeAll()
        buffer.reserve(capacity)
        return buffer
    }

    /// Gives `buffer` back for a later chunk.
    func give(_ buffer: ByteBuffer) {
        lock.lock()
        free.append(buffer)
        lock.unlock()
    }
}
