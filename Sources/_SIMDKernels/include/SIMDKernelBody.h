// The body of one kernel: included by SIMDKernels.c once per target (and by SIMDKernels.h when
// the including code is itself built for AVX2+FMA), with K(name) naming the
// kernel's copy of each function, TP_KERNEL_ATTRIBUTES its target and TP_KERNEL_LANES the lanes
// each step handles (4, 8 or 16). Written once; see SIMDKernels.c for the rounding rules.

#define INLINE static inline __attribute__((always_inline)) TP_KERNEL_ATTRIBUTES
#ifndef TP_KERNEL_ENTRY
#define TP_KERNEL_ENTRY static
#endif

// The kernel's vector of TP_KERNEL_LANES doubles, its comparison masks and its bit patterns.
typedef double K(vec) __attribute__((vector_size(8 * TP_KERNEL_LANES)));
typedef long long K(mask) __attribute__((vector_size(8 * TP_KERNEL_LANES)));
typedef unsigned long long K(bits) __attribute__((vector_size(8 * TP_KERNEL_LANES)));
#define vec K(vec)
#define mask K(mask)
#define bits K(bits)

INLINE vec K(load)(const double *p) { vec v; memcpy(&v, p, sizeof v); return v; }
INLINE void K(store)(double *p, vec v) { memcpy(p, &v, sizeof v); }
INLINE vec K(splat)(double x) {
#if TP_KERNEL_LANES == 16
    return (vec){x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x};
#elif TP_KERNEL_LANES == 8
    return (vec){x, x, x, x, x, x, x, x};
#else
    return (vec){x, x, x, x};
#endif
}
/// where m: a, else b (m's lanes are all ones or all zeros, as vector comparisons give).
INLINE vec K(choose)(mask m, vec a, vec b) { return (vec)(((mask)a & m) | ((mask)b & ~m)); }
INLINE vec K(absolute)(vec x) { return (vec)((bits)x & 0x7FFFFFFFFFFFFFFFull); }

/// x rounded to the nearest whole number, ties to even, for |x| < 2^51 (infinities and NaN pass
/// through): adding and subtracting 1.5 * 2^52 leaves the whole part under the default rounding
/// mode. SSE2 has no rounding instruction (SSE4.1's roundpd), and libm's rint is a call per lane.
INLINE vec K(round)(vec x) {
    const vec shift = K(splat)(0x1.8p52);
    vec shifted = x + shift;
    return shifted - shift;
}

INLINE vec K(exp)(vec x) {
    vec n = K(round)(x * 1.4426950408889634);
    // n times the first part of ln 2 is exact (n has at most 11 bits, the part 32), and so is the
    // difference (Sterbenz): separate statements, never contracted.
    vec high = n * 0.6931471803691238;
    vec reduced = x - high;
    vec low = n * 1.9082149292705877e-10;
    vec r = reduced - low;
    // Estrin's scheme, degree 13.
    vec r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    vec q0 = r * 1.0 + 1.0, q1 = r * (1.0 / 6) + (1.0 / 2);
    vec q2 = r * (1.0 / 120) + (1.0 / 24), q3 = r * (1.0 / 5040) + (1.0 / 720);
    vec q4 = r * (1.0 / 362880) + (1.0 / 40320), q5 = r * (1.0 / 39916800) + (1.0 / 3628800);
    vec q6 = r * (1.0 / 6227020800) + (1.0 / 479001600);
    vec s0 = r2 * q1 + q0, s1 = r2 * q3 + q2, s2 = r2 * q5 + q4;
    vec p = r8 * (r4 * q6 + s2) + (r4 * s1 + s0);
    // 2^n for n in -1021...0: n + 1023 + 2^52 holds n + 1023 in its low mantissa bits; shifted
    // into the exponent field (the rest shifts out) it is the bit pattern of 2^n.
    vec biased = n + (1023 + 0x1p52);
    vec scale = (vec)((bits)biased << 52);
    return K(choose)(x >= -708.0, p * scale, K(splat)(0));
}

/// sqrt lane by lane: IEEE's correctly rounded square root, so the scalar `squareRoot()`'s bits.
INLINE vec K(sqrt)(vec x) { return __builtin_elementwise_sqrt(x); }

// The entry points: 16 lanes, TP_KERNEL_LANES at a time.
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(exp16)(const double *x, double *result) {
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i += TP_KERNEL_LANES) K(store)(result + i, K(exp)(K(load)(x + i)));
}
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(sqrt16)(const double *x, double *result) {
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i += TP_KERNEL_LANES) K(store)(result + i, K(sqrt)(K(load)(x + i)));
}

#undef INLINE
#undef vec
#undef mask
#undef bits
