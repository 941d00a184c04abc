#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that owns its memory: the formatted bytes of one chunk of rows.
/// Appends are unchecked pointer writes after one capacity check per row.
public final class ByteBuffer: @unchecked Sendable {
    public private(set) var base: UnsafeMutablePointer<UInt8>
    public var count = 0
    public private(set) var capacity: Int

    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for at least `extra` more bytes.
    @inline(__always)
    public func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    public func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    public func append(_ string: String) {
        var s = string
        s.withUTF8 { append($0) }
    }

    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    public func removeAll() { count = 0 }
}

/// A table of short byte strings stored back to back (formatted axis values, parameter columns).
struct ByteTable: Sendable {
    private(set) var storage: [UInt8] = []
    private(set) var offsets: [Int] = [0]

    mutating func append(_ bytes: [UInt8]) {
        storage += bytes
        offsets.append(storage.count)
    }

    var count: Int { offsets.count - 1 }
    func range(_ i: Int) -> Range<Int> { offsets[i]..<offsets[i + 1] }
}
