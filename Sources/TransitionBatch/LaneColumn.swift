/// One per-lane column of a ``BatchReleases``: the lanes' values, contiguous, in a buffer the
/// column owns and frees with its last copy (copied on write, as an `Array`).
///
/// Unlike an `Array`, a column has a base address even when it is empty, so the kernels read every
/// column through a plain pointer (`BatchReleases.withPointers`), an empty batch included, with no
/// stand-in to allocate and free.
public struct LaneColumn<Element>: RandomAccessCollection {
    struct Header {
        var count: Int
        var capacity: Int
    }

    final class Buffer: ManagedBuffer<Header, Element> {
        deinit {
            _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
        }
    }

    private var buffer: Buffer

    /// The header, read through its address: `buffer.header` is a class's stored property, whose
    /// every read pays a dynamic exclusivity check (`swift_beginAccess`, about a quarter of the
    /// sweep's profile when appending lane by lane).
    @inline(__always)
    private var header: Header { buffer.withUnsafeMutablePointerToHeader { $0.pointee } }

    /// An empty column (a buffer of one element's room: the base address an empty batch hands on).
    init() {
        buffer = Self.makeBuffer(capacity: 1)
    }

    private static func makeBuffer(capacity: Int) -> Buffer {
        let made = Buffer.create(minimumCapacity: Swift.max(1, capacity)) { made in
            Header(count: 0, capacity: made.capacity)
        }
        return unsafeDowncast(made, to: Buffer.self)
    }

    // MARK: Reading

    /// The number of lanes.
    @inline(__always)
    public var count: Int { header.count }
    /// The first lane's index, 0.
    public var startIndex: Int { 0 }
    /// One past the last lane's index, `count`.
    public var endIndex: Int { count }

    /// The value of lane `i`.
    @inline(__always)
    public subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "lane index out of the column's range")
        return buffer.withUnsafeMutablePointerToElements { $0[i] }
    }

    /// Calls `body` with the column's elements.
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(buffer) {
            try body(UnsafeBufferPointer(start: baseAddress, count: count))
        }
    }

    /// Calls `body` with the column's elements (always available: the column is contiguous).
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }

    /// The first element's address, never nil: valid while this column (or a copy sharing its
    /// buffer) is alive and unchanged; `BatchReleases.withPointers` keeps the batch alive around it.
    var baseAddress: UnsafePointer<Element> {
        UnsafePointer(buffer.withUnsafeMutablePointerToElements { $0 })
    }

    // MARK: Writing

    /// Makes the buffer this column's own with room for `capacity` lanes, copying the lanes when
    /// it is shared or too small (growing at least twofold, so appending lane by lane is linear).
    @inline(__always)
    private mutating func makeUnique(capacity needed: Int) {
        if _fastPath(isKnownUniquelyReferenced(&buffer) && header.capacity >= needed) { return }
        reallocate(capacity: needed)
    }

    @inline(never)
    private mutating func reallocate(capacity needed: Int) {
        let old = header
        let capacity = old.capacity >= needed ? old.capacity : Swift.max(needed, 2 * old.capacity)
        let copy = Self.makeBuffer(capacity: capacity)
        copy.withUnsafeMutablePointers { header, elements in
            buffer.withUnsafeMutablePointerToElements { elements.initialize(from: $0, count: old.count) }
            header.pointee.count = old.count
        }
        buffer = copy
    }

    /// Room for `n` lanes without another allocation.
    mutating func reserveCapacity(_ n: Int) {
        makeUnique(capacity: n)
    }

    /// Appends one lane.
    @inline(__always)
    mutating func append(_ value: Element) {
        append(value, times: 1)
    }

    /// Appends `n` lanes of `value`.
    @inline(__always)
    mutating func append(_ value: Element, times n: Int) {
        let start = count
        makeUnique(capacity: start + n)
        buffer.withUnsafeMutablePointers { header, elements in
            (elements + start).initialize(repeating: value, count: n)
            header.pointee.count = start + n
        }
    }

    /// Appends one lane per source, `field(source)`, written in place.
    mutating func append<Source>(_ sources: [Source], _ field: (Source) -> Element) {
        let start = count
        makeUnique(capacity: start + sources.count)
        buffer.withUnsafeMutablePointers { header, elements in
            for (j, source) in sources.enumerated() { (elements + start + j).initialize(to: field(source)) }
            header.pointee.count = start + sources.count
        }
    }

    /// Removes every lane, keeping the buffer when `keepingCapacity` and the buffer is this
    /// column's own.
    mutating func removeAll(keepingCapacity: Bool) {
        if keepingCapacity && isKnownUniquelyReferenced(&buffer) {
            buffer.withUnsafeMutablePointers { header, elements in
                elements.deinitialize(count: header.pointee.count)
                header.pointee.count = 0
            }
        } else {
            buffer = Self.makeBuffer(capacity: keepingCapacity ? header.capacity : 1)
        }
    }
}

// @unchecked: the buffer is written only while one column holds the one reference to it
// (`makeUnique`), as an Array's.
extension LaneColumn: @unchecked Sendable where Element: Sendable {}

extension LaneColumn: Equatable where Element: Equatable {
    /// Whether both columns hold the same values, lane by lane.
    public static func == (lhs: LaneColumn, rhs: LaneColumn) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension LaneColumn: CustomStringConvertible {
    /// The values, as an array prints them.
    public var description: String { Array(self).description }
}
