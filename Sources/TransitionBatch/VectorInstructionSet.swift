import _SIMDKernels

/// An x86-64 vector instruction set the batch's code can run (elsewhere, `baseline`): what a build
/// was compiled for, reported by the throughput benchmark so that a figure says which code made it.
public enum VectorInstructionSet: Int, Comparable, Sendable, CustomStringConvertible {
    /// x86-64's SSE2 baseline (two doubles per instruction, no FMA), or another architecture's default.
    case baseline
    /// AVX2 with fused multiply-adds (four doubles per instruction): `-target-cpu haswell` and later.
    case avx2FMA
    /// AVX-512 (eight doubles per instruction).
    case avx512

    /// Orders by width: baseline < AVX2+FMA < AVX-512.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The set's usual name.
    public var description: String {
        switch self {
        case .baseline: "x86-64 baseline (SSE2)"
        case .avx2FMA: "AVX2+FMA"
        case .avx512: "AVX-512"
        }
    }

    init(isa: Int32) { self = Self(rawValue: Int(isa)) ?? .baseline }
}

extension BatchIntegrator {
    /// The widest vector instruction set the library's Swift code was compiled for (the build's
    /// `-Xswiftc -target-cpu`, as the clang importer saw it; `make release TARGET_CPU=...`).
    public static var swiftInstructionSet: VectorInstructionSet { VectorInstructionSet(isa: tp_simd_including_code_isa()) }

    /// The widest vector instruction set the elementary functions run: inline, the
    /// Swift code's; otherwise the kernel chosen at run time: the AVX2+FMA kernel (with whatever
    /// wider set the C target's own `-Xcc -march` adds), or the baseline kernel, compiled for the
    /// C target's flags.
    public static var kernelInstructionSet: VectorInstructionSet {
        if ElementaryKernel.inlined { return swiftInstructionSet }
        let target = VectorInstructionSet(isa: tp_simd_kernels_target_isa())
        return ElementaryKernel.chosen == .avx2FMA ? max(target, .avx2FMA) : target
    }
}
