import RealModule
import _SIMDKernels

// Elementary functions of 16 lanes at once, for the settling search (the standard library's math
// on SIMD types calls the scalar function lane by lane): the exponential and the square root. Each
// states its range and accuracy; ElementaryFunctionTests pins them against the platform's libm,
// for every kernel this machine can run. They are computed in the C target `_SIMDKernels` (the one definition of each), compiled
// for x86-64's baseline and for AVX2+FMA and chosen at run time: in a plain `swift build`
// (no -target-cpu) Swift's SIMD16 arithmetic runs on SSE2 with unfused multiply-adds and spills
// its 16-lane vectors, which made the code calling them about 2.3 times slower than in a native build.
// `kernel` chooses a kernel explicitly (the tests); nil, the one chosen at run time, or, where
// this Swift code is itself built for AVX2+FMA, the same kernel's body inline (the same bits).

/// a b + c lane by lane, fused where the build's target has FMA, else a multiply and an add
/// (swift-numerics' `Relaxed.multiplyAdd`). `addingProduct` always fuses, so without an FMA
/// target (a plain `swift build`) it calls libm's fma lane by lane, four times slower overall.
/// The callers' accuracy does not depend on the fusing: the tests hold either way.
@inline(__always)
func laneMultiplyAdd(_ a: Lane, _ b: Lane, _ c: Lane) -> Lane {
    var result = Lane()
    for i in 0..<laneWidth { result[i] = Relaxed.multiplyAdd(a[i], b[i], c[i]) }
    return result
}

/// The elementary-function kernel this process runs (`_SIMDKernels`): the AVX2+FMA one when the
/// CPU has AVX2 and FMA, else the baseline. The functions below take it as `kernel`, so that the
/// tests can run every kernel the machine has.
struct ElementaryKernel: Equatable, Sendable, CustomStringConvertible {
    let id: Int32
    /// x86-64's SSE2 baseline (or the architecture's default target).
    static let baseline = ElementaryKernel(id: TP_SIMD_KERNEL_BASELINE)
    /// AVX2 with fused multiply-adds (x86-64 only).
    static let avx2FMA = ElementaryKernel(id: TP_SIMD_KERNEL_AVX2_FMA)
    /// The kernel chosen at run time, once.
    static var chosen: ElementaryKernel { ElementaryKernel(id: tp_simd_kernel_chosen()) }
    /// Whether this machine can run the kernel (the baseline always can).
    var isAvailable: Bool { tp_simd_kernel_available(id) != 0 }
    /// Every kernel this machine can run.
    static var available: [ElementaryKernel] { [baseline, avx2FMA].filter(\.isAvailable) }
    /// Whether the C target's own baseline already has AVX2 and FMA (`-Xcc -march`).
    static var baselineHasAVX2FMA: Bool { tp_simd_kernel_baseline_has_avx2_fma() != 0 }
    /// Whether this Swift code calls the kernel's body inline (built for AVX2+FMA: `-target-cpu`
    /// or `-Xcc -march`), where the functions below with `kernel` nil skip the dispatch.
    static var inlined: Bool { tp_simd_kernel_inlined() != 0 }
    var description: String { self == .avx2FMA ? "AVX2+FMA" : "baseline" }
}

/// sqrt(x) lane by lane, IEEE's correctly rounded square root (the scalar `squareRoot()`'s bits):
/// Swift's SIMD16 `squareRoot()` compiles to sixteen scalar square roots, each with a branch to
/// libm's sqrt for negative inputs.
@inline(__always)
func laneSquareRoot(_ x: Lane, kernel: ElementaryKernel? = nil) -> Lane {
    var input = x, result = Lane()
    if let kernel { tp_simd_sqrt16_kernel(kernel.id, &input, &result) } else { tp_simd_sqrt16(&input, &result) }
    return result
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
func laneExp(_ x: Lane, kernel: ElementaryKernel? = nil) -> Lane {
    var input = x, result = Lane()
    if let kernel { tp_simd_exp16_kernel(kernel.id, &input, &result) } else { tp_simd_exp16(&input, &result) }
    return result
}

extension BatchIntegrator {
    /// Which kernel of the elementary functions this process runs, and how it was
    /// chosen (inline where the build's target has AVX2+FMA, else at run time): the benchmark's
    /// build line.
    public static var elementaryKernelDescription: String {
        if ElementaryKernel.inlined { return "AVX2+FMA kernel inline (the build's target has AVX2+FMA)" }
        return ElementaryKernel.chosen == .avx2FMA
            ? "AVX2+FMA kernel chosen at run time" : "baseline kernel chosen at run time (no AVX2+FMA on this CPU)"
    }
}
