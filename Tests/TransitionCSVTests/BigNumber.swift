/// Just enough unsigned big-integer arithmetic to check the formatter's table: little-endian
/// 32-bit limbs.
struct BigNumber {
    var limbs: [UInt32]
    init(_ value: UInt32) { limbs = [value] }

    /// 10^n, n = 0...400.
    static func powerOf10(_ n: Int) -> BigNumber { powersOf10[n] }
    static let powersOf10: [BigNumber] = {
        var all = [BigNumber(1)]
        for _ in 0..<400 {
            var next = all.last!
            next.multiply(by: 10)
            all.append(next)
        }
        return all
    }()

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func add(_ value: UInt32) {
        var carry = UInt64(value)
        for i in limbs.indices where carry != 0 {
            let sum = UInt64(limbs[i]) + carry
            limbs[i] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    /// self = floor(self / divisor).
    mutating func divide(by divisor: UInt32) {
        var remainder: UInt64 = 0
        for i in limbs.indices.reversed() {
            let current = remainder << 32 | UInt64(limbs[i])
            limbs[i] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
    }

    mutating func shiftLeft(_ bits: Int) {
        limbs = [UInt32](repeating: 0, count: bits / 32) + limbs + [0]
        let b = UInt32(bits % 32)
        if b > 0 {
            for i in limbs.indices.reversed() {
                limbs[i] = limbs[i] << b | (i > 0 ? limbs[i - 1] >> (32 - b) : 0)
            }
        }
    }

    /// self = floor(self / 2^bits).
    mutating func shiftRight(_ bits: Int) {
        limbs = Array(limbs.dropFirst(bits / 32)) + [0]
        let b = UInt32(bits % 32)
        if b > 0 {
            for i in limbs.indices {
                limbs[i] = limbs[i] >> b | (i + 1 < limbs.count ? limbs[i + 1] << (32 - b) : 0)
            }
        }
    }

    /// -1, 0, 1 as self <, ==, > other.
    func compare(_ other: BigNumber) -> Int {
        let a = trimmed, b = other.trimmed
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for i in a.indices.reversed() where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return 0
    }

    var trimmed: [UInt32] {
        var l = limbs
        while l.count > 1 && l.last == 0 { l.removeLast() }
        return l
    }

    /// The value as two 64-bit words; it must be below 2^128.
    var words128: (high: UInt64, low: UInt64) {
        let l = trimmed + [0, 0, 0, 0]
        precondition(trimmed.count <= 4, "above 2^128")
        return (UInt64(l[3]) << 32 | UInt64(l[2]), UInt64(l[1]) << 32 | UInt64(l[0]))
    }
}
