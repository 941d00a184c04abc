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
