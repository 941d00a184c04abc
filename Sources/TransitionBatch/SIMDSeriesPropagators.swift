import TransitionPhysics
import _NonTemporal

// The spring step matrices of a block of lanes by the Taylor series of the matrix exponential:
// `Spring.seriesPropagator` evaluated lane-parallel (the backend tests check bit-for-bit agreement).

/// `Spring.seriesPropagator` (internal to TransitionPhysics) for 16 lanes at once: the same
/// operations in the same order, lane by lane, so the same bits. Valid where rho * t <= 0.5
/// (the condition under which `Spring.propagator(time:)` uses it).
///
/// Runs as two passes of 8 lanes (`SeriesVector`): the recurrence keeps ten vectors live. As
/// SIMD16 (40 AVX registers) they spill on every iteration; as SIMD4 they fit the 16 registers
/// but each pass is one latency-bound chain of 24 multiply-subtracts. SIMD8 interleaves two
/// chains per pass at the price of a few spills: measured 3 to 4% faster metrics-only than SIMD4
/// passes (1 thread, `--only simd-metrics`, 34.2 -> 32.9 ms); SIMD16 in one pass was no better.
func seriesPropagators(time t: Double, lambda: Lane, omega0Squared: Lane)
    -> (p00: Lane, p01: Lane, p10: Lane, p11: Lane)
{
    // t^n / n!, the same for every lane: computed once (the same operations as the scalar
    // series, so the same bits) instead of a serial divide chain in every pass.
    var terms = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    var r00 = Lane(), r01 = Lane(), r10 = Lane(), r11 = Lane()
    withUnsafeMutableBytes(of: &terms) { raw in
    let termTable = raw.baseAddress!.assumingMemoryBound(to: Double.self)
    var term = 1.0
    termTable[0] = term
    for n in 1...24 {
        term *= t / Double(n)
        termTable[n] = term
    }
    withUnsafeMutableBytes(of: &r00) { o00 in
        withUnsafeMutableBytes(of: &r01) { o01 in
            withUnsafeMutableBytes(of: &r10) { o10 in
                withUnsafeMutableBytes(of: &r11) { o11 in
                    withUnsafeBytes(of: lambda) { l in
                        withUnsafeBytes(of: omega0Squared) { w in
                            for q in 0..<(laneWidth / SeriesVector.scalarCount) {
                                let offset = q * SeriesVector.scalarCount * 8
                                let result = seriesPropagators4(
                                    terms: termTable, lambda: l.loadUnaligned(fromByteOffset: offset, as: SeriesVector.self),
                                    omega0Squared: w.loadUnaligned(fromByteOffset: offset, as: SeriesVector.self))
                                o00.storeBytes(of: result.0, toByteOffset: offset, as: SeriesVector.self)
                                o01.storeBytes(of: result.1, toByteOffset: offset, as: SeriesVector.self)
                                o10.storeBytes(of: result.2, toByteOffset: offset, as: SeriesVector.self)
                                o11.storeBytes(of: result.3, toByteOffset: offset, as: SeriesVector.self)
                            }
                        }
                    }
                }
            }
        }
    }
    }
    return (r00, r01, r10, r11)
}

typealias SeriesVector = SIMD8<Double>

@inline(__always)
func seriesPropagators4(terms: UnsafePointer<Double>, lambda: SeriesVector, omega0Squared: SeriesVector)
    -> (SeriesVector, SeriesVector, SeriesVector, SeriesVector)
{
    typealias V = SeriesVector
    var pPrev = V(repeating: 1), pCur = V(repeating: 0)
    var uPrev = V(repeating: 0), uCur = V(repeating: 1)
    var increment = V(repeating: 0), f = V(repeating: 0), d = V(repeating: 1), vp = V(repeating: 0)
    let minusTwoLambda = -2 * lambda
    for n in 1...24 {
        let pNext = minusTwoLambda * pCur - omega0Squared * pPrev
        let uNext = minusTwoLambda * uCur - omega0Squared * uPrev
        vp += pCur * terms[n - 1]
        if n > 1 { d += uCur * terms[n - 1] }
        let term = terms[n]
        increment += pCur * term
        f += uCur * term
        pPrev = pCur; pCur = pNext
        uPrev = uCur; uCur = uNext
    }
    return (1 + increment, f, vp, d)
}
