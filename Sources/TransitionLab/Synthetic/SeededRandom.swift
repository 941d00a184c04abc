import TransitionPhysics

// Seeded, portable pseudo-random numbers for the synthetic gesture corpus.
//
// Goals, in order: (1) the same seed gives the same bits on every platform and every Swift
// release, (2) independent streams per gesture cheaply derived from (seed, index), (3) speed.
// Swift's `SystemRandomNumberGenerator` is not seedable, and the algorithm behind
// `Double.random(in:using:)` is not specified, so both raw bits and their conversion to
// doubles are implemented here.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014; the constants of Vigna's reference `splitmix64.c`).
///
/// Used to expand a 64-bit seed into the state of `Xoshiro256StarStar` and to hash
/// (seed, index) pairs into stream seeds; good enough as a generator on its own.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The generator's whole state; any value is valid.
    public var state: UInt64

    /// A generator whose state is `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 output function: a bijective avalanche of 64 bits.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }
}

/// xoshiro256** 1.0 (Blackman and Vigna, "Scrambled linear pseudorandom number generators",
/// ACM TOMS 2021; reference `xoshiro256starstar.c`): period 2^256 - 1, passes BigCrush.
///
/// The state is seeded through `SplitMix64`, as the authors recommend, so it is never all zero.
public struct Xoshiro256StarStar: RandomNumberGenerator, Hashable, Sendable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// A generator whose 256-bit state is four successive outputs of `SplitMix64(seed:)`.
    public init(seed: UInt64) {
        var expander = SplitMix64(seed: seed)
        s0 = expander.next()
        s1 = expander.next()
        s2 = expander.next()
        s3 = expander.next()
    }

    /// An independent stream for item `index` of the corpus seeded with `seed`.
    ///
    /// Two rounds of the SplitMix64 mix separate nearby seeds and nearby indices; the stream
    /// of index i depends on (seed, stream, index) only, never on how many items are drawn.
    public init(seed: UInt64, stream: UInt64, index: UInt64) {
        let key = SplitMix64.mix(SplitMix64.mix(seed ^ 0x5EED_5EED_5EED_5EED) &+ stream)
        self.init(seed: SplitMix64.mix(key &+ index &* 0x9E37_79B9_7F4A_7C15))
    }

    /// The next 64 random bits (xoshiro256** output, then the state update).
    @inlinable
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 &<< 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    @inlinable
    func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 {
        (x &<< k) | (x &>> (64 &- k))
    }
}
