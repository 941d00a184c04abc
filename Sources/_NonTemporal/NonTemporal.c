#include "NonTemporal.h"
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>

void tp_stream_copy_doubles(double *destination, const double *source, size_t count) {
    size_t i = 0;
#if defined(__AVX__)
    // 32-byte streaming stores: copy ordinarily up to a 32-byte boundary.
    while (i < count && ((uintptr_t)(destination + i) & 31u) != 0) { destination[i] = source[i]; i++; }
    for (; i + 4 <= count; i += 4) {
        __m256d v = _mm256_loadu_pd(source + i);
        _mm256_stream_pd(destination + i, v);
    }
#else
    // Streaming stores need 16-byte alignment: copy a leading odd element ordinarily.
    if (((uintptr_t)destination & 15u) != 0 && count > 0) {
        destination[0] = source[0];
        i = 1;
    }
    for (; i + 2 <= count; i += 2) {
        __m128d v = _mm_loadu_pd(source + i);
        _mm_stream_pd(destination + i, v);
    }
#endif
    for (; i < count; i++) destination[i] = source[i];
}

void tp_stream_fill_doubles(double *destination, double value, size_t count) {
    size_t i = 0;
#if defined(__AVX__)
    while (i < count && ((uintptr_t)(destination + i) & 31u) != 0) destination[i++] = value;
    __m256d v = _mm256_set1_pd(value);
    for (; i + 4 <= count; i += 4) _mm256_stream_pd(destination + i, v);
#else
    while (i < count && ((uintptr_t)(destination + i) & 15u) != 0) destination[i++] = value;
    __m128d v = _mm_set1_pd(value);
    for (; i + 2 <= count; i += 2) _mm_stream_pd(destination + i, v);
#endif
    for (; i < count; i++) destination[i] = value;
}

void tp_store_fence(void) { _mm_sfence(); }
int tp_has_non_temporal_stores(void) { return 1; }

#else

void tp_stream_copy_doubles(double *destination, const double *source, size_t count) {
    memcpy(destination, source, count * sizeof(double));
}

void tp_stream_fill_doubles(double *destination, double value, size_t count) {
    for (size_t i = 0; i < count; i++) destination[i] = value;
}

void tp_store_fence(void) {}
int tp_has_non_temporal_stores(void) { return 0; }

#endif

const char *tp_c_build_flags(void) {
    return ""
#if defined(__OPTIMIZE__)
        "optimized"
#else
        "not-optimized"
#endif
#if defined(__AVX2__)
        " avx2"
#endif
#if defined(__FMA__)
        " fma"
#endif
#if defined(__AVX512F__)
        " avx512f"
#endif
#if defined(__znver1__) || defined(__znver1)
        " march=znver1"
#endif
#if defined(__znver2__) || defined(__znver2)
        " march=znver2"
#endif
#if defined(__znver3__) || defined(__znver3)
        " march=znver3"
#endif
#if defined(__haswell__) || defined(__haswell)
        " march=haswell"
#endif
        ;
}
