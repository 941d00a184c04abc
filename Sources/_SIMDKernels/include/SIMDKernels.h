// The lane-parallel elementary functions of TransitionBatch's visual-completion twin, compiled twice
// and chosen at run time. Not API: TransitionBatch's SIMDElementaryFunctions.swift wraps them.
//
// Why C: Swift has no per-function target attribute, so a package built with a plain
// `swift build -c release` (what a dependent project gets: x86-64's SSE2 baseline, no FMA) runs
// Swift's SIMD16 arithmetic two doubles at a time with every multiply-add split, and spills the
// 16-lane vectors (eight SSE registers each) to the stack. Here each function is written once
// (SIMDKernelBody.h, a few lanes per step) and compiled twice on x86-64: for the baseline, and with
// `target("avx2,fma")`, where the multiply-adds (`a * b + c` in one expression, which clang
// turns into llvm.fmuladd) fuse. The AVX2+FMA kernel is chosen at run time when CPUID says the
// CPU and the OS support both (`tp_simd_kernel_chosen`). Elsewhere there is one kernel. Code
// that is itself built for AVX2+FMA (`-Xswiftc -target-cpu -Xswiftc native`, which the clang
// importer follows) gets the same body inline instead (`tp_simd_exp16` and the others below).
//
// Every function reads and writes 16 doubles per argument (one SIMD16<Double> lane vector, any
// alignment); ranges and accuracy are documented at the Swift wrappers and pinned by
// ElementaryFunctionTests for every kernel this machine can run.
#ifndef TRANSITION_PHYSICS_SIMD_KERNELS_H
#define TRANSITION_PHYSICS_SIMD_KERNELS_H

/// The baseline kernel (x86-64: SSE2 only; other architectures: their default target).
#define TP_SIMD_KERNEL_BASELINE 0
/// The AVX2+FMA kernel (x86-64 only).
#define TP_SIMD_KERNEL_AVX2_FMA 1

/// The x86-64 vector instruction sets code can be compiled for: the baseline (SSE2), AVX2 with FMA,
/// and AVX-512 (AVX512F); elsewhere the baseline.
#define TP_ISA_BASELINE 0
#define TP_ISA_AVX2_FMA 1
#define TP_ISA_AVX512 2

/// The widest of those the including code is compiled for, as its preprocessor sees it. Evaluated
/// where it is called: from Swift, the Swift build's target (`-Xswiftc -target-cpu`, which the
/// clang importer follows, or `-Xcc -march`).
static inline int tp_simd_including_code_isa(void) {
#if defined(__AVX512F__)
    return TP_ISA_AVX512;
#elif defined(__AVX2__) && defined(__FMA__)
    return TP_ISA_AVX2_FMA;
#else
    return TP_ISA_BASELINE;
#endif
}

/// The same for this C target itself (its `-Xcc -march`): what its baseline kernel is compiled
/// for; its AVX2+FMA kernel adds those two to it.
int tp_simd_kernels_target_isa(void);

/// The kernel the dispatching functions use: TP_SIMD_KERNEL_AVX2_FMA when this build has one and
/// the CPU and the OS support AVX2 and FMA (checked once), else TP_SIMD_KERNEL_BASELINE.
int tp_simd_kernel_chosen(void);

/// 1 when `kernel` can run on this machine (the baseline always can), else 0.
int tp_simd_kernel_available(int kernel);

/// 1 when this build's baseline itself has AVX2 and FMA (built with `-march` or `-target-cpu`
/// for such a CPU, so that both kernels compile to the same instructions), else 0.
int tp_simd_kernel_baseline_has_avx2_fma(void);

/// e^x for 16 lanes, x <= 0 (`laneExp`), with the chosen kernel.
void tp_simd_exp16_dispatched(const void *x, void *result);
/// sqrt for 16 lanes (IEEE, the scalar square root's bits), with the chosen kernel.
void tp_simd_sqrt16_dispatched(const void *x, void *result);

/// The same functions with an explicit kernel (for the tests; the kernel must be available).
void tp_simd_exp16_kernel(int kernel, const void *x, void *result);
/// `tp_simd_sqrt16` with an explicit kernel.
void tp_simd_sqrt16_kernel(int kernel, const void *x, void *result);

// What Swift calls (`tp_simd_exp16` and the others): where the including code is itself built for
// AVX2+FMA (`-Xswiftc -target-cpu` or `-Xcc -march`, as `make release` builds), the kernel's body
// inline (the same operations as the AVX2+FMA kernel, so the same bits), so that it
// overlaps with the caller's arithmetic as Swift's own code would; elsewhere (a plain build) the
// dispatching functions above.
#if defined(__AVX2__) && defined(__FMA__) && !defined(TP_SIMD_KERNELS_IMPLEMENTATION)
#include <string.h>
#define K(name) tp_simd_inline_##name
#define TP_KERNEL_ATTRIBUTES
#define TP_KERNEL_LANES 4
#define TP_KERNEL_ENTRY static inline __attribute__((always_inline))
// Four lanes per step: one AVX register per value (wider vectors passed between the helpers,
// always inlined as they are, draw clang's AVX-512 ABI warning in every Swift file that imports
// this header).
#include "SIMDKernelBody.h"
#undef K
#undef TP_KERNEL_ATTRIBUTES
#undef TP_KERNEL_LANES
#undef TP_KERNEL_ENTRY
#define TP_SIMD_FORWARD(name, inline_call, dispatched_call) inline_call
#define TP_SIMD_INLINED 1
#else
#define TP_SIMD_FORWARD(name, inline_call, dispatched_call) dispatched_call
#define TP_SIMD_INLINED 0
#endif

/// 1 when the including code calls the kernel inline (it is built for AVX2+FMA), 0 when it calls
/// the dispatching functions. Evaluated where it is called: from Swift, the Swift build's target.
static inline int tp_simd_kernel_inlined(void) { return TP_SIMD_INLINED; }

/// e^x for 16 lanes (see `tp_simd_exp16_dispatched`).
static inline void tp_simd_exp16(const void *x, void *result) {
    TP_SIMD_FORWARD(exp16, tp_simd_inline_exp16(x, result), tp_simd_exp16_dispatched(x, result));
}
/// sqrt for 16 lanes (see `tp_simd_sqrt16_dispatched`).
static inline void tp_simd_sqrt16(const void *x, void *result) {
    TP_SIMD_FORWARD(sqrt16, tp_simd_inline_sqrt16(x, result), tp_simd_sqrt16_dispatched(x, result));
}

#endif
