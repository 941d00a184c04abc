import RealModule

// Elementary functions of 16 lanes at once, for the closed-form metrics: written out as vector
// arithmetic (the standard library's math on SIMD types calls the scalar function lane by
// lane). Each states its range and accuracy; ElementaryFunctionTests pins them against the
// platform's libm.

/// a b + c lane by lane, fused where the build's target has FMA, else a multiply and an add
/// (swift-numerics' `Relaxed.multiplyAdd`). `addingProduct` always fuses, so without an FMA
/// target (a plain `swift build`) it calls libm's fma lane by lane, four times slower overall.
/// The closed form's accuracy does not depend on the fusing: the tests hold either way.
@inline(__always)
func laneMultiplyAdd(_ a: Lane, _ b: Lane, _ c: Lane) -> Lane {
    var result = Lane()
    for i in 0..<laneWidth { result[i] = Relaxed.multiplyAdd(a[i], b[i], c[i]) }
    return result
}

/// x rounded to the nearest whole number, ties to even, lane by lane, for |x| < 2^51 (and
/// infinities and NaN, which pass through): adding and subtracting 1.5 * 2^52 leaves the whole
/// part under the default rounding mode. `rounded(.toNearestOrEven)` is one instruction where the
/// target has SSE4.1 or AVX, but in a plain x86-64 build (SSE2) a libm `rint` call per lane, which
/// made the closed form three times slower there. (A zero result may lose its sign: -0.3 gives
/// 0.0; every caller uses the result as a whole number, where the sign of zero does not matter.)
@inline(__always)
func laneRoundedToNearestEven(_ x: Lane) -> Lane {
    let shift = Lane(repeating: 0x1.8p52)
    return (x + shift) - shift
}

/// floor(x) lane by lane, for |x| < 2^51 (and infinities and NaN): `laneRoundedToNearestEven`,
/// less one where that rounded up. `rounded(.down)` calls libm's floor lane by lane without SSE4.1.
@inline(__always)
func laneFloor(_ x: Lane) -> Lane {
    let nearest = laneRoundedToNearestEven(x)
    return nearest.replacing(with: nearest - 1, where: nearest .> x)
}

/// atan2(y, x) lane by lane to about 1e-10 rad (the extremum search needs far less than a
/// frame's phase step), by octant reduction and the Taylor series of atan on |r| <= tan(pi/8).
@inline(__always)
func laneAtan2(_ y: Lane, _ x: Lane) -> Lane {
    let ax = laneAbs(x), ay = laneAbs(y)
    let swap = ay .> ax
    let numerator = ax.replacing(with: ay, where: .!swap), denominator = ay.replacing(with: ax, where: .!swap)
    // t = numerator / denominator in [0, 1]; above tan(pi/8), atan t = pi/4 + atan((t - 1) / (t + 1)),
    // and (t - 1) / (t + 1) = (numerator - denominator) / (numerator + denominator): one division.
    let reduce = numerator .> 0.41421356237309503 * denominator
    let top = numerator.replacing(with: numerator - denominator, where: reduce)
    let bottom = denominator.replacing(with: numerator + denominator, where: reduce)
    let r = (top / bottom).replacing(with: 0, where: denominator .== 0)
    let r2 = r * r
    // atan r = r (1 - r²/3 + r⁴/5 - ...), to r^23: error below 0.4142^25 / 25 ~ 1e-11.
    var p = Lane(repeating: -1.0 / 23)
    p = laneMultiplyAdd(r2, p, Lane(repeating: 1.0 / 21))
    p = laneMultiplyAdd(r2, p, Lane(repeating: -1.0 / 19))
    p = laneMultiplyAdd(r2, p, Lane(repeating: 1.0 / 17))
    p = laneMultiplyAdd(r2, p, Lane(repeating: -1.0 / 15))
    p = laneMultiplyAdd(r2, p, Lane(repeating: 1.0 / 13))
    p = laneMultiplyAdd(r2, p, Lane(repeating: -1.0 / 11))
    p = laneMultiplyAdd(r2, p, Lane(repeating: 1.0 / 9))
    p = laneMultiplyAdd(r2, p, Lane(repeating: -1.0 / 7))
    p = laneMultiplyAdd(r2, p, Lane(repeating: 1.0 / 5))
    p = laneMultiplyAdd(r2, p, Lane(repeating: -1.0 / 3))
    p = laneMultiplyAdd(r2, p, Lane(repeating: 1))
    var a = r * p
    a = a.replacing(with: a + .pi / 4, where: reduce)
    a = a.replacing(with: .pi / 2 - a, where: swap)
    a = a.replacing(with: .pi - a, where: x .< 0)
    return a.replacing(with: -a, where: y .< 0)
}

/// |x| lane by lane, as Swift's `abs` on a Double: the sign bit cleared (so -0.0 becomes 0.0,
/// and a NaN loses its sign). One bitwise and; a compare, a negation and a blend cost three.
@inline(__always)
func laneAbs(_ x: Lane) -> Lane {
    unsafeBitCast(unsafeBitCast(x, to: SIMD16<UInt64>.self) & SIMD16(repeating: 0x7FFF_FFFF_FFFF_FFFF), to: Lane.self)
}

/// e^x lane by lane for x <= 0, within 2 ulps where e^x is normal; exactly 0 below -708 (where
/// e^x < 2^-1021). Range reduction x = n ln 2 + r with |r| <= ln 2 / 2 (ln 2 in two parts, the
/// first with trailing zeros so that n times it is exact), then the Taylor polynomial of degree 13
/// (first omitted term below 2e-17 relative) and 2^n built in the exponent bits.
@inline(__always)
func laneExp(_ x: Lane) -> Lane {
    let n = laneRoundedToNearestEven(x * 1.4426950408889634)
    // n times the first part is exact (n has at most 11 bits, the part 32), and so is the
    // difference (Sterbenz): strict operations, which the optimizer may not reassociate.
    let r = (x - n * 0.6931471803691238) - n * 1.9082149292705877e-10
    // Estrin's scheme (pairs, then pairs of pairs): a chain of 13 fused multiply-adds on SIMD16
    // was more than the compiler re-vectorizes, and left part of it scalar.
    @inline(__always) func c(_ x: Double) -> Lane { Lane(repeating: x) }
    let r2 = r * r, r4 = r2 * r2, r8 = r4 * r4
    let q0 = laneMultiplyAdd(r, c(1), c(1)), q1 = laneMultiplyAdd(r, c(1.0 / 6), c(1.0 / 2))
    let q2 = laneMultiplyAdd(r, c(1.0 / 120), c(1.0 / 24)), q3 = laneMultiplyAdd(r, c(1.0 / 5040), c(1.0 / 720))
    let q4 = laneMultiplyAdd(r, c(1.0 / 362880), c(1.0 / 40320)), q5 = laneMultiplyAdd(r, c(1.0 / 39916800), c(1.0 / 3628800))
    let q6 = laneMultiplyAdd(r, c(1.0 / 6227020800), c(1.0 / 479001600))
    let s0 = laneMultiplyAdd(r2, q1, q0), s1 = laneMultiplyAdd(r2, q3, q2), s2 = laneMultiplyAdd(r2, q5, q4)
    let p = laneMultiplyAdd(r8, laneMultiplyAdd(r4, q6, s2), laneMultiplyAdd(r4, s1, s0))
    // 2^n for n in -1021...0: n + 1023 + 2^52 holds n + 1023 in its low mantissa bits; shifted
    // into the exponent field (the rest shifts out) it is the bit pattern of 2^n.
    let biased = unsafeBitCast(n + (1023 + 0x1p52), to: SIMD16<UInt64>.self)
    let scale = unsafeBitCast(biased &<< 52, to: Lane.self)
    return (p * scale).replacing(with: 0, where: .!(x .>= -708))
}

/// (sin theta, cos theta) lane by lane for 0 <= theta <= 2^20 rad, within about 2e-16 absolute
/// plus the rounding of theta itself. Reduction theta = q pi/2 + r with |r| <= pi/4, pi/2 in
/// fdlibm's three parts (the first two of 31 bits, so that q times them is exact for q < 2^20,
/// and the first difference too, by Sterbenz), then `laneSinCosReduced` and the quadrant's swap
/// and signs.
@inline(__always)
func laneSinCos(_ theta: Lane) -> (sin: Lane, cos: Lane) {
    let q = laneRoundedToNearestEven(theta * 0.6366197723675814)
    // Strict operations, which the optimizer may not reassociate.
    let r = ((theta - q * 1.5707963267341256) - q * 6.077100506303966e-11) - q * 2.0222662487959506e-21
    let (sinR, cosR) = laneSinCosReduced(r)
    // Quadrant q mod 4: sin theta = (s, c, -s, -c), cos theta = (c, -s, -c, s).
    let quadrant = q - 4 * laneFloor(q * 0.25)
    let odd = (quadrant .== 1) .| (quadrant .== 3)
    var sine = sinR.replacing(with: cosR, where: odd)
    var cosine = cosR.replacing(with: sinR, where: odd)
    sine = sine.replacing(with: -sine, where: quadrant .>= 2)
    cosine = cosine.replacing(with: -cosine, where: (quadrant .== 1) .| (quadrant .== 2))
    return (sine, cosine)
}

/// (sin r, cos r) lane by lane for |r| <= pi/4, within about 1e-16 absolute: the Taylor
/// polynomials of degrees 15 and 16 (first omitted terms below 5e-17) in u = r², by Estrin's
/// scheme (see `laneExp`).
@inline(__always)
func laneSinCosReduced(_ r: Lane) -> (sin: Lane, cos: Lane) {
    @inline(__always) func c(_ x: Double) -> Lane { Lane(repeating: x) }
    let r2 = r * r, r4 = r2 * r2, r8 = r4 * r4
    let sinPairs = (
        laneMultiplyAdd(r2, c(1.0 / 120), c(-1.0 / 6)), laneMultiplyAdd(r2, c(1.0 / 362880), c(-1.0 / 5040)),
        laneMultiplyAdd(r2, c(1.0 / 6227020800), c(-1.0 / 39916800)), c(-1.0 / 1307674368000))
    let sinPolynomial = laneMultiplyAdd(r8, laneMultiplyAdd(r4, sinPairs.3, sinPairs.2), laneMultiplyAdd(r4, sinPairs.1, sinPairs.0))
    let cosPairs = (
        laneMultiplyAdd(r2, c(1.0 / 24), c(-1.0 / 2)), laneMultiplyAdd(r2, c(1.0 / 40320), c(-1.0 / 720)),
        laneMultiplyAdd(r2, c(1.0 / 479001600), c(-1.0 / 3628800)),
        laneMultiplyAdd(r2, c(1.0 / 20922789888000), c(-1.0 / 87178291200)))
    let cosPolynomial = laneMultiplyAdd(r8, laneMultiplyAdd(r4, cosPairs.3, cosPairs.2), laneMultiplyAdd(r4, cosPairs.1, cosPairs.0))
    return (laneMultiplyAdd(r * r2, sinPolynomial, r), laneMultiplyAdd(r2, cosPolynomial, c(1)))
}
