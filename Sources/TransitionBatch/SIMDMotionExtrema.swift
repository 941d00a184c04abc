@_spi(Lanes) import TransitionLab
@_spi(Lanes) import TransitionPhysics

// The batch's lanes as `MotionArithmetic`, so the closed-form extrema (`MotionExtrema`, written
// once in TransitionLab) run on 16 lanes with the scalar reference's operations: each
// requirement is the lane-by-lane IEEE operation `Double`'s conformance performs, so a lane gets
// a `Double`'s bits (`MotionExtremaTwinTests` checks it lane by lane).

@_spi(Lanes) extension SIMD16: MotionArithmetic where Scalar == Double {
    /// The lanes' truth values.
    public typealias Mask = SIMDMask<SIMD16<Int64>>
    /// `value` in every lane.
    @inline(__always) public static func splat(_ value: Double) -> Self { Self(repeating: value) }
    /// a < b, lane by lane.
    @inline(__always) public static func less(_ a: Self, _ b: Self) -> Mask { a .< b }
    /// a <= b, lane by lane.
    @inline(__always) public static func lessOrEqual(_ a: Self, _ b: Self) -> Mask { a .<= b }
    /// a and b, lane by lane.
    @inline(__always) public static func both(_ a: Mask, _ b: Mask) -> Mask { a .& b }
    /// a or b, lane by lane.
    @inline(__always) public static func either(_ a: Mask, _ b: Mask) -> Mask { a .| b }
    /// Not a, lane by lane.
    @inline(__always) public static func not(_ a: Mask) -> Mask { .!a }
    /// Whether any lane is set.
    @inline(__always) public static func any(_ mask: Mask) -> Bool { anyLane(mask) }
    /// a where mask, else b, lane by lane.
    @inline(__always) public static func select(_ mask: Mask, _ a: Self, _ b: Self) -> Self { b.replacing(with: a, where: mask) }
    /// IEEE's correctly rounded square root of every lane (`laneSquareRoot`).
    @inline(__always) public static func squareRoot(_ x: Self) -> Self { laneSquareRoot(x) }
    /// |x| lane by lane, the sign bits cleared.
    @inline(__always) public static func magnitude(_ x: Self) -> Self { laneAbs(x) }
    /// 2^n lane by lane for whole-number n in -1022...1023, from the bit patterns.
    @inline(__always) public static func powerOfTwo(_ n: Self) -> Self {
        // As Double's: n + 1023 + 2^52 holds n + 1023 in its low bits, shifted into the exponent.
        unsafeBitCast(unsafeBitCast(n + Self(repeating: 1023 + 0x1p52), to: SIMD16<UInt64>.self) &<< 52, to: Self.self)
    }
    /// (e, m) lane by lane with x = 2^e m, m in [1, 2), for positive normal lanes.
    @inline(__always) public static func binaryExponent(_ x: Self) -> (exponent: Self, significand: Self) {
        let bits = unsafeBitCast(x, to: SIMD16<UInt64>.self)
        let biased = unsafeBitCast((bits &>> 52) | SIMD16<UInt64>(repeating: 0x4330_0000_0000_0000), to: Self.self)
        let significand = (bits & SIMD16<UInt64>(repeating: 0x000F_FFFF_FFFF_FFFF)) | SIMD16<UInt64>(repeating: 0x3FF0_0000_0000_0000)
        return (biased - Self(repeating: 0x1p52 + 1023), unsafeBitCast(significand, to: Self.self))
    }
}

extension BatchIntegrator {
    /// The closed-form extrema (`MotionExtrema`) of `count` lanes given as struct-of-arrays columns:
    /// sided displacement and velocity (`displacement`, `velocity`), the springs' `stiffness`,
    /// `damping` and `mass`; writes `overshoot` (fraction of the travel) and `peakAcceleration`
    /// (travel per s²) lane by lane, 16 lanes at a time, the rest through `Double`: the same bits
    /// either way. The throughput runner's arithmetic floor (`ExtremaFloor`) times it.
    public static func motionExtrema(
        displacement: UnsafePointer<Double>, velocity: UnsafePointer<Double>, stiffness: UnsafePointer<Double>,
        damping: UnsafePointer<Double>, mass: UnsafePointer<Double>, count: Int, overshoot: UnsafeMutablePointer<Double>,
        peakAcceleration: UnsafeMutablePointer<Double>
    ) {
        var i = 0
        while i + laneWidth <= count {
            let e = MotionExtrema.extrema(
                displacement: loadLane(displacement, i), velocity: loadLane(velocity, i), stiffness: loadLane(stiffness, i),
                damping: loadLane(damping, i), mass: loadLane(mass, i))
            storeLane(e.overshoot, overshoot + i)
            storeLane(e.peakAcceleration, peakAcceleration + i)
            i += laneWidth
        }
        while i < count {
            let e = MotionExtrema.extrema(
                displacement: displacement[i], velocity: velocity[i], stiffness: stiffness[i], damping: damping[i], mass: mass[i])
            overshoot[i] = e.overshoot
            peakAcceleration[i] = e.peakAcceleration
            i += 1
        }
    }
}
