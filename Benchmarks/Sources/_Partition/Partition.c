#include "Partition.h"
#include <stdint.h>
#include <string.h>

// Each version writes the values that go in front to `a` from its start (never past what it has
// read: a vector is loaded before its front part is stored over it) and the others to `spare`,
// then copies `spare` back behind the front. A vector store writes whole vectors: the lanes past
// the kept count are overwritten by the next store, or lie past the end (`spare` has 8 doubles
// of room for that; in `a`, the front never passes the values already read).

static size_t partition_scalar(double *a, size_t begin, size_t n, size_t front, size_t back, double pivot, int or_equal,
                               double *spare) {
    for (size_t i = begin; i < n; i++) {
        double x = a[i];
        int in_front = or_equal ? !(x > pivot) : (x < pivot);
        // Both written, one kept: no branch on the data.
        a[front] = x;
        spare[back] = x;
        front += (size_t)in_front;
        back += (size_t)!in_front;
    }
    memcpy(a + front, spare, back * sizeof(double));
    return front;
}

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

/// Per 4-bit mask: a permutation of 8 32-bit lanes (4 doubles) that moves the doubles of the
/// mask to the front, in order (the rest of the vector is don't-care).
static const int32_t compress_table[16][8] = {
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 0, 0, 0, 0, 0, 0},
    {2, 3, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 0, 0, 0, 0},
    {4, 5, 0, 0, 0, 0, 0, 0},
    {0, 1, 4, 5, 0, 0, 0, 0},
    {2, 3, 4, 5, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 0, 0},
    {6, 7, 0, 0, 0, 0, 0, 0},
    {0, 1, 6, 7, 0, 0, 0, 0},
    {2, 3, 6, 7, 0, 0, 0, 0},
    {0, 1, 2, 3, 6, 7, 0, 0},
    {4, 5, 6, 7, 0, 0, 0, 0},
    {0, 1, 4, 5, 6, 7, 0, 0},
    {2, 3, 4, 5, 6, 7, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7},
};

__attribute__((target("avx2")))
static size_t partition_avx2(double *a, size_t n, double pivot, int or_equal, double *spare) {
    const __m256d p = _mm256_set1_pd(pivot);
    size_t front = 0, back = 0, i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d x = _mm256_loadu_pd(a + i);
        __m256d in = or_equal ? _mm256_cmp_pd(x, p, _CMP_LE_OQ) : _mm256_cmp_pd(x, p, _CMP_LT_OQ);
        int mask = _mm256_movemask_pd(in);
        __m256i to_front = _mm256_loadu_si256((const __m256i *)compress_table[mask]);
        __m256i to_back = _mm256_loadu_si256((const __m256i *)compress_table[mask ^ 15]);
        __m256 bits = _mm256_castpd_ps(x);
        _mm256_storeu_pd(a + front, _mm256_castps_pd(_mm256_permutevar8x32_ps(bits, to_front)));
        _mm256_storeu_pd(spare + back, _mm256_castps_pd(_mm256_permutevar8x32_ps(bits, to_back)));
        int kept = __builtin_popcount((unsigned)mask);
        front += (size_t)kept;
        back += (size_t)(4 - kept);
    }
    // The last values (fewer than 4) one at a time, after the vectors' fronts and backs.
    return partition_scalar(a, i, n, front, back, pivot, or_equal, spare);
}

// Compress into a register, then a plain store: a compress straight to memory is microcoded and
// slow on AMD's Zen 4.
__attribute__((target("avx512f")))
static size_t partition_avx512(double *a, size_t n, double pivot, int or_equal, double *spare) {
    const __m512d p = _mm512_set1_pd(pivot);
    size_t front = 0, back = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512d x = _mm512_loadu_pd(a + i);
        __mmask8 in = or_equal ? _mm512_cmp_pd_mask(x, p, _CMP_LE_OQ) : _mm512_cmp_pd_mask(x, p, _CMP_LT_OQ);
        _mm512_storeu_pd(a + front, _mm512_maskz_compress_pd(in, x));
        _mm512_storeu_pd(spare + back, _mm512_maskz_compress_pd((__mmask8)~in, x));
        int kept = __builtin_popcount((unsigned)in);
        front += (size_t)kept;
        back += (size_t)(8 - kept);
    }
    return partition_scalar(a, i, n, front, back, pivot, or_equal, spare);
}

/// CPUID and XGETBV: AVX2 (with the YMM state saved by the OS), AVX-512F (with the ZMM state).
static int detect_instruction_set(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return TP_PARTITION_SCALAR;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return TP_PARTITION_SCALAR;
    unsigned xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6u) != 6u) return TP_PARTITION_SCALAR;
    if (__get_cpuid_max(0, 0) < 7) return TP_PARTITION_SCALAR;
    __cpuid_count(7, 0, a, b, c, d);
    if (!(b & (1u << 5))) return TP_PARTITION_SCALAR;
    if ((b & (1u << 16)) && (xcr0_low & 0xe6u) == 0xe6u) return TP_PARTITION_AVX512;
    return TP_PARTITION_AVX2;
}
#else
static int detect_instruction_set(void) { return TP_PARTITION_SCALAR; }
#endif

static int instruction_set = -1;

int tp_partition_instruction_set(void) {
    // Racing threads store the same value.
    if (instruction_set < 0) {
        instruction_set = detect_instruction_set();
    }
    return instruction_set;
}

size_t tp_partition_doubles_with(int set, double *a, size_t n, double pivot, int or_equal, double *spare) {
    if (n == 0) return 0;  // `a` may then be null, which even a zero-length memcpy must not see
#if defined(__x86_64__)
    if (set > tp_partition_instruction_set()) set = tp_partition_instruction_set();
    if (set == TP_PARTITION_AVX512) return partition_avx512(a, n, pivot, or_equal, spare);
    if (set == TP_PARTITION_AVX2) return partition_avx2(a, n, pivot, or_equal, spare);
#else
    (void)set;
#endif
    return partition_scalar(a, 0, n, 0, 0, pivot, or_equal, spare);
}

size_t tp_partition_doubles(double *a, size_t n, double pivot, int or_equal, double *spare) {
    return tp_partition_doubles_with(tp_partition_instruction_set(), a, n, pivot, or_equal, spare);
}
