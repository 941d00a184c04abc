/// Which implementation advances the lanes. All give the same answers lane by lane (tests
/// compare them); they differ in speed only.
public enum BatchBackend: String, Hashable, Sendable, CaseIterable {
    /// The reference: one lane at a time, the scalar path's loop.
    case scalar
    /// Blocks of 16 lanes in SIMD registers, the time loop inside the block, blocks spread over
    /// the cores. Deterministic: the result does not depend on the thread count. Lanes step until
    /// their maxima are provably final, and the settling frames are found by binary search with
    /// matrix powers (the same completion frames; see `resolveSettling`): the scalar reference's
    /// bits.
    case simd
    /// CBLAS (`libblas.so.3` on Linux, Accelerate on Apple platforms): lanes that share a spring
    /// are stepped together by one `cblas_drotm` per frame applying the exact 2x2 step; the
    /// per-frame reductions run in Swift. Metrics only (no trajectory output).
    case blas

    /// The fastest backend as measured by `transition-bench throughput` on the reference
    /// machine (2-core Zen 1, Swift 6.3.1; `make throughput`, i.e. a release build with
    /// `-Xswiftc -target-cpu -Xswiftc native -Xcc -march=native`; 100,000 lanes x 240 frames,
    /// metrics only, medians of 5 sampled in turn): SIMD. Per-lane springs: scalar
    /// 0.103, SIMD 2.21 (1 thread, 21.4x) and 3.63 (2 threads, 35.1x) G lane-steps/s. Lanes
    /// sharing one spring: scalar 0.110, SIMD 3.59 (2 threads), BLAS `cblas_drotm` (reference
    /// libblas 3.11.0) 0.082 (1 thread) and 0.155 (2 threads). Trajectory output (SIMD, ordinary
    /// stores): 7.0 GB/s (1 thread) and 11.3 GB/s (2 threads) against an ordinary-store probe of
    /// 8.7 and 14.2.
    public static let `default`: BatchBackend = .simd
}
