// The lane-parallel elementary functions of TransitionBatch's closed-form metrics, compiled twice
// and chosen at run time. Not API: TransitionBatch's SIMDElementaryFunctions.swift wraps them.
//
// Why C: Swift has no per-function target attribute, so a package built with a plain
// `swift build -c release` (what a dependent project gets: x86-64's SSE2 baseline, no FMA) runs
// Swift's SIMD16 arithmetic two doubles at a time with every multiply-add split, and spills the
// 16-lane vectors (eight SSE registers each) to the stack. Here each function is written once,
// four lanes at a time, and compiled twice on x86-64: for the baseline, and with
// `target("avx2,fma")`, where the multiply-adds (`a * b + c` in one expression, which clang
// turns into llvm.fmuladd) fuse. The AVX2+FMA kernel is chosen at run time when CPUID says the
// CPU and the OS support both (`tp_simd_kernel_chosen`). Elsewhere there is one kernel.
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

/// The kernel the dispatching functions use: TP_SIMD_KERNEL_AVX2_FMA when this build has one and
/// the CPU and the OS support AVX2 and FMA (checked once), else TP_SIMD_KERNEL_BASELINE.
int tp_simd_kernel_chosen(void);

/// 1 when `kernel` can run on this machine (the baseline always can), else 0.
int tp_simd_kernel_available(int kernel);

/// 1 when this build's baseline itself has AVX2 and FMA (built with `-march` or `-target-cpu`
/// for such a CPU, so that both kernels compile to the same instructions), else 0.
int tp_simd_kernel_baseline_has_avx2_fma(void);

/// e^x for 16 lanes, x <= 0 (`laneExp`), with the chosen kernel.
void tp_simd_exp16(const void *x, void *result);
/// sin and cos for 16 lanes, 0 <= theta <= 2^20 (`laneSinCos`), with the chosen kernel.
void tp_simd_sincos16(const void *theta, void *sine, void *cosine);
/// sin and cos for 16 lanes, |r| <= pi/4 (`laneSinCosReduced`), with the chosen kernel.
void tp_simd_sincos_reduced16(const void *r, void *sine, void *cosine);
/// atan2(y, x) for 16 lanes (`laneAtan2`), with the chosen kernel.
void tp_simd_atan2_16(const void *y, const void *x, void *result);

/// floor(x) for 16 lanes, |x| < 2^51 (`laneFloor`), with the chosen kernel.
void tp_simd_floor16(const void *x, void *result);

/// The same functions with an explicit kernel (for the tests; the kernel must be available).
void tp_simd_exp16_kernel(int kernel, const void *x, void *result);
/// `tp_simd_sincos16` with an explicit kernel.
void tp_simd_sincos16_kernel(int kernel, const void *theta, void *sine, void *cosine);
/// `tp_simd_sincos_reduced16` with an explicit kernel.
void tp_simd_sincos_reduced16_kernel(int kernel, const void *r, void *sine, void *cosine);
/// `tp_simd_atan2_16` with an explicit kernel.
void tp_simd_atan2_16_kernel(int kernel, const void *y, const void *x, void *result);

/// `tp_simd_floor16` with an explicit kernel.
void tp_simd_floor16_kernel(int kernel, const void *x, void *result);

#endif
