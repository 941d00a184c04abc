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
