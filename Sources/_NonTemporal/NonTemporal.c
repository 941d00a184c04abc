#include "NonTemporal.h"
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

void tp_stream_copy_doubles(double *destination, const double *source, size_t count) {
    size_t i = 0;
    // Streaming stores need 16-byte alignment: copy a leading odd element ordinarily.
    if (((uintptr_t)destination & 15u) != 0 && count > 0) {
        destination[0] = source[0];
        i = 1;
    }
    for (; i + 2 <= count; i += 2) {
        __m128d v = _mm_loadu_pd(source + i);
        _mm_stream_pd(destination + i, v);
    }
    for (; i < count; i++) destination[i] = source[i];
}

void tp_store_fence(void) { _mm_sfence(); }
int tp_has_non_temporal_stores(void) { return 1; }

#else

void tp_stream_copy_doubles(double *destination, const double *source, size_t count) {
    memcpy(destination, source, count * sizeof(double));
}

void tp_store_fence(void) {}
int tp_has_non_temporal_stores(void) { return 0; }

#endif
