import TransitionPhysics

// The spring step matrices of a block of lanes by the Taylor series of the matrix exponential:
// `Spring.seriesPropagator` evaluated lane-parallel (the backend tests check bit-for-bit agreement).

/// `Spring.seriesPropagator` (internal to TransitionPhysics) for 16 lanes at once: the same
/// operations in the same order, lane by lane, so the same bits. Valid where rho * t <= 0.5
/// (the condition under which `Spring.propagator(time:)` uses it).
///
/// Runs as two passes of 8 lanes (`SeriesVector`): the single recurrence keeps seven vectors
/// live, 14 AVX registers as SIMD8 (as SIMD16 they would spill on every iteration).
func seriesPropagators(time t: Double, lambda: Lane, omega0Squared: Lane)
    -> (p00: Lane, p01: Lane, p10: Lane, p11: Lane)
{
    // t^n / n!, the same for every lane: computed once, with the scalar series' operations.
    var terms = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    precondition(MemoryLayout.size(ofValue: terms) / 8 >= seriesTermCount + 2, "term table too small")
    var r00 = Lane(), r01 = Lane(), r10 = Lane(), r11 = Lane()
    withUnsafeMutableBytes(of: &terms) { raw in
        let termTable = raw.baseAddress!.assumingMemoryBound(to: Double.self)
        var term = t
        termTable[1] = term
        for n in 1...seriesTermCount {
            term = term * (t / Double(n + 1))
            termTable[n + 1] = term
        }
        withUnsafeMutableBytes(of: &r00) { o00 in
            withUnsafeMutableBytes(of: &r01) { o01 in
                withUnsafeMutableBytes(of: &r10) { o10 in
                    withUnsafeMutableBytes(of: &r11) { o11 in
                        withUnsafeBytes(of: lambda) { l in
                            withUnsafeBytes(of: omega0Squared) { w in
                                for q in 0..<(laneWidth / SeriesVector.scalarCount) {
                                    let offset = q * SeriesVector.scalarCount * 8
                                    let result = seriesPropagatorsPass(
                                        terms: termTable,
                                        lambda: l.loadUnaligned(fromByteOffset: offset, as: SeriesVector.self),
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

/// The scalar series' term count.
let seriesTermCount = Spring.seriesTermCount

typealias SeriesVector = SIMD8<Double>

/// One pass of `seriesPropagators`: `terms[n]` is t^n / n! for n in 1...seriesTermCount + 1.
@inline(__always)
func seriesPropagatorsPass(terms: UnsafePointer<Double>, lambda: SeriesVector, omega0Squared: SeriesVector)
    -> (SeriesVector, SeriesVector, SeriesVector, SeriesVector)
{
    typealias V = SeriesVector
    var uPrev = V(repeating: 0), uCur = V(repeating: 1)
    var f = V(repeating: 0), g = V(repeating: 0), d = V(repeating: 1)
    let minusTwoLambda = -2 * lambda
    for n in 1...seriesTermCount {
        let uNext = minusTwoLambda * uCur - omega0Squared * uPrev
        let term = terms[n], nextTerm = terms[n + 1]
        f += uCur * term
        g += uCur * nextTerm
        d += uNext * term
        uPrev = uCur; uCur = uNext
    }
    let increment = -omega0Squared * g
    return (1 + increment, f, -omega0Squared * f, d)
}
