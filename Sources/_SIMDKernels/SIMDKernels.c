#define TP_SIMD_KERNELS_IMPLEMENTATION
#include "SIMDKernels.h"
#include <stdint.h>
#include <string.h>

// Clang's vector extensions, a few lanes at a time: four in the baseline (two SSE registers per
// value, few enough live values that little spills, where Swift's 16-lane vectors took eight
// registers each), eight in the AVX2+FMA kernel (two AVX registers, two independent chains).
//
// Rounding: operations are the Swift originals', in the same order. `a * b + c` written as one
// expression is a multiply-add that clang fuses where the function's target has FMA (C's default
// -ffp-contract=on emits llvm.fmuladd) and splits elsewhere, as Swift's Relaxed.multiplyAdd does;
// products that must stay unfused (the exact range reductions) are separate statements, which
// clang never contracts.

// The baseline kernel's always-inlined helpers take and return 32-byte vectors without AVX, an
// ABI clang warns about; they are only ever inlined, so no such call exists.
#pragma clang diagnostic ignored "-Wpsabi"

// Each kernel: the body compiled for its target.
#define K(name) name##_baseline
#define TP_KERNEL_ATTRIBUTES
#define TP_KERNEL_LANES 4
#include "SIMDKernelBody.h"
#undef K
#undef TP_KERNEL_ATTRIBUTES
#undef TP_KERNEL_LANES


#if defined(__x86_64__)
#define TP_HAS_AVX2_KERNEL 1
#define K(name) name##_avx2
#define TP_KERNEL_ATTRIBUTES __attribute__((target("avx2,fma")))
#define TP_KERNEL_LANES 8
#include "SIMDKernelBody.h"
#undef K
#undef TP_KERNEL_ATTRIBUTES
#undef TP_KERNEL_LANES

#include <cpuid.h>

/// CPUID and XGETBV: the CPU has AVX2 and FMA, and the OS saves the YMM registers.
static int cpu_has_avx2_fma(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (fma | osxsave | avx)) != (fma | osxsave | avx)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6u) != 6u) return 0;  // XMM and YMM state
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;  // AVX2
}
#else
#define TP_HAS_AVX2_KERNEL 0
#endif

int tp_simd_kernel_available(int kernel) {
    if (kernel == TP_SIMD_KERNEL_BASELINE) return 1;
#if TP_HAS_AVX2_KERNEL
    if (kernel == TP_SIMD_KERNEL_AVX2_FMA) return cpu_has_avx2_fma();
#endif
    return 0;
}

int tp_simd_kernel_chosen(void) {
    // Decided once (a race decides it twice, the same way).
    static volatile int chosen = -1;
    int kernel = chosen;
    if (kernel < 0) {
        kernel = tp_simd_kernel_available(TP_SIMD_KERNEL_AVX2_FMA) ? TP_SIMD_KERNEL_AVX2_FMA : TP_SIMD_KERNEL_BASELINE;
        chosen = kernel;
    }
    return kernel;
}

int tp_simd_kernels_target_isa(void) { return tp_simd_including_code_isa(); }

int tp_simd_kernel_baseline_has_avx2_fma(void) {
#if defined(__AVX2__) && defined(__FMA__)
    return 1;
#else
    return 0;
#endif
}

#if TP_HAS_AVX2_KERNEL
#define TP_DISPATCH(kernel, call_avx2, call_baseline)                                                  \
    do {                                                                                               \
        if ((kernel) == TP_SIMD_KERNEL_AVX2_FMA) call_avx2; else call_baseline;                        \
    } while (0)
#else
#define TP_DISPATCH(kernel, call_avx2, call_baseline) call_baseline
#endif

void tp_simd_exp16_kernel(int kernel, const void *x, void *result) {
    TP_DISPATCH(kernel, exp16_avx2(x, result), exp16_baseline(x, result));
}
void tp_simd_sqrt16_kernel(int kernel, const void *x, void *result) {
    TP_DISPATCH(kernel, sqrt16_avx2(x, result), sqrt16_baseline(x, result));
}

void tp_simd_exp16_dispatched(const void *x, void *result) { tp_simd_exp16_kernel(tp_simd_kernel_chosen(), x, result); }
void tp_simd_sqrt16_dispatched(const void *x, void *result) { tp_simd_sqrt16_kernel(tp_simd_kernel_chosen(), x, result); }
