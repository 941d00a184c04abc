import TransitionLab

/// The seeded generator of the tools' fuzz tests: the lab's `SplitMix64`, with the picks a fuzz
/// needs. A fixed seed replays a failure.
public struct FuzzRandom {
    public var generator: SplitMix64
    public init(state: UInt64) { generator = SplitMix64(seed: state) }
    public mutating func next() -> UInt64 { generator.next() }
    /// A whole number in 0..<n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) < p * 1_000_000 }
}
