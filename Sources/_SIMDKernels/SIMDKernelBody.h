// The body of one kernel: included by SIMDKernels.c once per target, with K(name) naming the
// kernel's copy of each function and TP_KERNEL_ATTRIBUTES its target. Written once; see
// SIMDKernels.c for the rounding rules.

#define INLINE static inline __attribute__((always_inline)) TP_KERNEL_ATTRIBUTES

INLINE v4 K(load4)(const double *p) { v4 v; memcpy(&v, p, sizeof v); return v; }
INLINE void K(store4)(double *p, v4 v) { memcpy(p, &v, sizeof v); }
INLINE v4 K(splat)(double x) { return (v4){x, x, x, x}; }
/// where m: a, else b (m's lanes are all ones or all zeros, as vector comparisons give).
INLINE v4 K(choose)(m4 m, v4 a, v4 b) { return (v4)(((m4)a & m) | ((m4)b & ~m)); }
INLINE v4 K(absolute)(v4 x) { return (v4)((u4)x & 0x7FFFFFFFFFFFFFFFull); }

/// x rounded to the nearest whole number, ties to even, for |x| < 2^51 (infinities and NaN pass
/// through): adding and subtracting 1.5 * 2^52 leaves the whole part under the default rounding
/// mode. SSE2 has no rounding instruction (SSE4.1's roundpd), and libm's rint is a call per lane.
INLINE v4 K(round4)(v4 x) {
    const v4 shift = K(splat)(0x1.8p52);
    v4 shifted = x + shift;
    return shifted - shift;
}

INLINE v4 K(floor4)(v4 x) {
    v4 nearest = K(round4)(x);
    return K(choose)(nearest > x, nearest - 1.0, nearest);
}

INLINE v4 K(exp4)(v4 x) {
    v4 n = K(round4)(x * 1.4426950408889634);
    // n times the first part of ln 2 is exact (n has at most 11 bits, the part 32), and so is the
    // difference (Sterbenz): separate statements, never contracted.
    v4 high = n * 0.6931471803691238;
    v4 reduced = x - high;
    v4 low = n * 1.9082149292705877e-10;
    v4 r = reduced - low;
    // Estrin's scheme, degree 13.
    v4 r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    v4 q0 = r * 1.0 + 1.0, q1 = r * (1.0 / 6) + (1.0 / 2);
    v4 q2 = r * (1.0 / 120) + (1.0 / 24), q3 = r * (1.0 / 5040) + (1.0 / 720);
    v4 q4 = r * (1.0 / 362880) + (1.0 / 40320), q5 = r * (1.0 / 39916800) + (1.0 / 3628800);
    v4 q6 = r * (1.0 / 6227020800) + (1.0 / 479001600);
    v4 s0 = r2 * q1 + q0, s1 = r2 * q3 + q2, s2 = r2 * q5 + q4;
    v4 p = r8 * (r4 * q6 + s2) + (r4 * s1 + s0);
    // 2^n for n in -1021...0: n + 1023 + 2^52 holds n + 1023 in its low mantissa bits; shifted
    // into the exponent field (the rest shifts out) it is the bit pattern of 2^n.
    v4 biased = n + (1023 + 0x1p52);
    v4 scale = (v4)((u4)biased << 52);
    return K(choose)(x >= -708.0, p * scale, K(splat)(0));
}

INLINE void K(sincos_reduced4)(v4 r, v4 *sine, v4 *cosine) {
    v4 r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    v4 sin0 = r2 * (1.0 / 120) + (-1.0 / 6), sin1 = r2 * (1.0 / 362880) + (-1.0 / 5040);
    v4 sin2 = r2 * (1.0 / 6227020800) + (-1.0 / 39916800), sin3 = K(splat)(-1.0 / 1307674368000);
    v4 sinPolynomial = r8 * (r4 * sin3 + sin2) + (r4 * sin1 + sin0);
    v4 cos0 = r2 * (1.0 / 24) + (-1.0 / 2), cos1 = r2 * (1.0 / 40320) + (-1.0 / 720);
    v4 cos2 = r2 * (1.0 / 479001600) + (-1.0 / 3628800), cos3 = r2 * (1.0 / 20922789888000) + (-1.0 / 87178291200);
    v4 cosPolynomial = r8 * (r4 * cos3 + cos2) + (r4 * cos1 + cos0);
    v4 r3 = r * r2;
    *sine = r3 * sinPolynomial + r;
    *cosine = r2 * cosPolynomial + 1.0;
}

INLINE void K(sincos4)(v4 theta, v4 *sine, v4 *cosine) {
    v4 q = K(round4)(theta * 0.6366197723675814);
    // pi/2 in fdlibm's three parts: separate statements, never contracted.
    v4 a = q * 1.5707963267341256;
    v4 r = theta - a;
    v4 b = q * 6.077100506303966e-11;
    r = r - b;
    v4 c = q * 2.0222662487959506e-21;
    r = r - c;
    v4 sinR, cosR;
    K(sincos_reduced4)(r, &sinR, &cosR);
    // Quadrant q mod 4: sin theta = (s, c, -s, -c), cos theta = (c, -s, -c, s).
    v4 quarters = K(floor4)(q * 0.25);
    v4 quadrant = q - 4.0 * quarters;
    m4 odd = (quadrant == 1.0) | (quadrant == 3.0);
    v4 s = K(choose)(odd, cosR, sinR), co = K(choose)(odd, sinR, cosR);
    *sine = K(choose)(quadrant >= 2.0, -s, s);
    *cosine = K(choose)((quadrant == 1.0) | (quadrant == 2.0), -co, co);
}

INLINE v4 K(atan2_4)(v4 y, v4 x) {
    v4 ax = K(absolute)(x), ay = K(absolute)(y);
    m4 swap = ay > ax;
    v4 numerator = K(choose)(swap, ax, ay), denominator = K(choose)(swap, ay, ax);
    // t = numerator / denominator in [0, 1]; above tan(pi/8), atan t = pi/4 + atan((t - 1) / (t + 1)).
    v4 tanEighth = denominator * 0.41421356237309503;
    m4 reduce = numerator > tanEighth;
    v4 top = K(choose)(reduce, numerator - denominator, numerator);
    v4 bottom = K(choose)(reduce, numerator + denominator, denominator);
    v4 r = K(choose)(denominator == 0.0, K(splat)(0), top / bottom);
    v4 r2 = r * r;
    // atan r = r (1 - r²/3 + r⁴/5 - ...), to r^23.
    v4 p = K(splat)(-1.0 / 23);
    p = r2 * p + (1.0 / 21);
    p = r2 * p + (-1.0 / 19);
    p = r2 * p + (1.0 / 17);
    p = r2 * p + (-1.0 / 15);
    p = r2 * p + (1.0 / 13);
    p = r2 * p + (-1.0 / 11);
    p = r2 * p + (1.0 / 9);
    p = r2 * p + (-1.0 / 7);
    p = r2 * p + (1.0 / 5);
    p = r2 * p + (-1.0 / 3);
    p = r2 * p + 1.0;
    v4 angle = r * p;
    angle = K(choose)(reduce, angle + M_PI / 4, angle);
    angle = K(choose)(swap, M_PI / 2 - angle, angle);
    angle = K(choose)(x < 0.0, M_PI - angle, angle);
    return K(choose)(y < 0.0, -angle, angle);
}

// The entry points: 16 lanes, four at a time.
TP_KERNEL_ATTRIBUTES static void K(exp16)(const double *x, double *result) {
    for (int i = 0; i < 16; i += 4) K(store4)(result + i, K(exp4)(K(load4)(x + i)));
}
TP_KERNEL_ATTRIBUTES static void K(floor16)(const double *x, double *result) {
    for (int i = 0; i < 16; i += 4) K(store4)(result + i, K(floor4)(K(load4)(x + i)));
}
TP_KERNEL_ATTRIBUTES static void K(sincos16)(const double *theta, double *sine, double *cosine) {
    for (int i = 0; i < 16; i += 4) {
        v4 s, c;
        K(sincos4)(K(load4)(theta + i), &s, &c);
        K(store4)(sine + i, s);
        K(store4)(cosine + i, c);
    }
}
TP_KERNEL_ATTRIBUTES static void K(sincos_reduced16)(const double *r, double *sine, double *cosine) {
    for (int i = 0; i < 16; i += 4) {
        v4 s, c;
        K(sincos_reduced4)(K(load4)(r + i), &s, &c);
        K(store4)(sine + i, s);
        K(store4)(cosine + i, c);
    }
}
TP_KERNEL_ATTRIBUTES static void K(atan2_16)(const double *y, const double *x, double *result) {
    for (int i = 0; i < 16; i += 4) K(store4)(result + i, K(atan2_4)(K(load4)(y + i), K(load4)(x + i)));
}

#undef INLINE
