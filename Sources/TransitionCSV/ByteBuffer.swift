/// A growable byte buffer that owns its memory: the formatted bytes of one chunk of rows, or of
/// a whole small file. Appends are unchecked pointer writes after one capacity check (`reserve`),
/// so a hot loop can reserve once per row and write through `base + count`.
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
    @inlinable @inline(__always)
    public func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @usableFromInline @inline(never)
    func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    @inlinable @inline(__always)
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

    /// The bytes as UTF-8 text.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public func removeAll() { count = 0 }
}

/// Copies `count` bytes from `source` to `destination` (not overlapping), inline: eight bytes at a
/// time, the last eight overlapping, never reading or writing outside the two ranges. For the
/// few to some tens of bytes of a CSV field, where a call of the C library's memmove per field
/// cost a sweep a tenth of its CPU time.
@inlinable @inline(__always)
public func copyShortBytes(from source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
    guard count >= 8 else {
        for i in 0..<count { destination[i] = source[i] }
        return
    }
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
    var i = 0
    while i + 8 < count {
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
        i += 8
    }
    to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
}
