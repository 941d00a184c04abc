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

INLINE vec K(floor)(vec x) {
    vec nearest = K(round)(x);
    return K(choose)(nearest > x, nearest - 1.0, nearest);
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

INLINE void K(sincos_reduced)(vec r, vec *sine, vec *cosine) {
    vec r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    vec sin0 = r2 * (1.0 / 120) + (-1.0 / 6), sin1 = r2 * (1.0 / 362880) + (-1.0 / 5040);
    vec sin2 = r2 * (1.0 / 6227020800) + (-1.0 / 39916800), sin3 = K(splat)(-1.0 / 1307674368000);
    vec sinPolynomial = r8 * (r4 * sin3 + sin2) + (r4 * sin1 + sin0);
    vec cos0 = r2 * (1.0 / 24) + (-1.0 / 2), cos1 = r2 * (1.0 / 40320) + (-1.0 / 720);
    vec cos2 = r2 * (1.0 / 479001600) + (-1.0 / 3628800), cos3 = r2 * (1.0 / 20922789888000) + (-1.0 / 87178291200);
    vec cosPolynomial = r8 * (r4 * cos3 + cos2) + (r4 * cos1 + cos0);
    vec r3 = r * r2;
    *sine = r3 * sinPolynomial + r;
    *cosine = r2 * cosPolynomial + 1.0;
}

INLINE void K(sincos)(vec theta, vec *sine, vec *cosine) {
    vec q = K(round)(theta * 0.6366197723675814);
    // pi/2 in fdlibm's three parts: separate statements, never contracted.
    vec a = q * 1.5707963267341256;
    vec r = theta - a;
    vec b = q * 6.077100506303966e-11;
    r = r - b;
    vec c = q * 2.0222662487959506e-21;
    r = r - c;
    vec sinR, cosR;
    K(sincos_reduced)(r, &sinR, &cosR);
    // Quadrant q mod 4: sin theta = (s, c, -s, -c), cos theta = (c, -s, -c, s).
    vec quarters = K(floor)(q * 0.25);
    vec quadrant = q - 4.0 * quarters;
    mask odd = (quadrant == 1.0) | (quadrant == 3.0);
    vec s = K(choose)(odd, cosR, sinR), co = K(choose)(odd, sinR, cosR);
    *sine = K(choose)(quadrant >= 2.0, -s, s);
    *cosine = K(choose)((quadrant == 1.0) | (quadrant == 2.0), -co, co);
}

/// sqrt lane by lane: IEEE's correctly rounded square root, so the scalar `squareRoot()`'s bits.
INLINE vec K(sqrt)(vec x) { return __builtin_elementwise_sqrt(x); }

// The entry points: 16 lanes, TP_KERNEL_LANES at a time.
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(exp16)(const double *x, double *result) {
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i += TP_KERNEL_LANES) K(store)(result + i, K(exp)(K(load)(x + i)));
}
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(floor16)(const double *x, double *result) {
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i += TP_KERNEL_LANES) K(store)(result + i, K(floor)(K(load)(x + i)));
}
/// sin and cos of 16 lanes, of the full range or (`reduced`) of |r| <= pi/4.
INLINE void K(sincos_lanes)(const double *theta, double *sine, double *cosine, int reduced) {
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i += TP_KERNEL_LANES) {
        vec s, c;
        if (reduced) K(sincos_reduced)(K(load)(theta + i), &s, &c); else K(sincos)(K(load)(theta + i), &s, &c);
        K(store)(sine + i, s);
        K(store)(cosine + i, c);
    }
}
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(sincos16)(const double *theta, double *sine, double *cosine) {
    K(sincos_lanes)(theta, sine, cosine, 0);
}
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(sincos_reduced16)(const double *r, double *sine, double *cosine) {
    K(sincos_lanes)(r, sine, cosine, 1);
}
TP_KERNEL_ENTRY TP_KERNEL_ATTRIBUTES void K(sqrt16)(const double *x, double *result) {
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i += TP_KERNEL_LANES) K(store)(result + i, K(sqrt)(K(load)(x + i)));
}

#undef INLINE
#undef vec
#undef mask
#undef bits
