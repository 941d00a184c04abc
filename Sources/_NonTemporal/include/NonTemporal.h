// Non-temporal (streaming) stores for trajectory output. Not API: used by TransitionBatch, and
// by transition-bench for its write-bandwidth probe (`tp_stream_fill_doubles`, the build facts).
//
// Swift has no non-temporal store; ordinary stores pay a read-for-ownership of every cache line
// they write (write-allocate), which leaves ordinary stores under half the bandwidth of
// streaming ones on one core (measured, with the machine: docs/throughput.md#machine-limits).
#ifndef TRANSITION_PHYSICS_NON_TEMPORAL_H
#define TRANSITION_PHYSICS_NON_TEMPORAL_H

#include <stddef.h>

/// Copies `count` doubles from `source` to `destination` with non-temporal stores where the
/// CPU has them (x86-64: 32-byte `vmovntpd` when compiled with AVX, else 16-byte `movntpd`),
/// else with ordinary stores. Regions must not overlap. Call `tp_store_fence` before another
/// thread reads what was written.
void tp_stream_copy_doubles(double *destination, const double *source, size_t count);

/// Fills `count` doubles with `value` using non-temporal stores (the write-bandwidth probe).
void tp_stream_fill_doubles(double *destination, double value, size_t count);

/// Orders earlier non-temporal stores before later stores (`sfence` on x86-64; no-op elsewhere).
void tp_store_fence(void);

/// 1 when `tp_stream_copy_doubles` uses real non-temporal stores on this build, else 0.
int tp_has_non_temporal_stores(void);

/// The code-generation flags this C target was compiled with, as seen by the preprocessor
/// ("optimized avx2 fma march=znver1" for `-Xcc -march=native` on the reference machine).
const char *tp_c_build_flags(void);

/// Hints that the cache line holding `address` will be written soon (a prefetch for ownership).
static inline void tp_prefetch_for_write(const void *address) { __builtin_prefetch(address, 1, 3); }

/// Hints that the cache line holding `address` will be read soon.
static inline void tp_prefetch_for_read(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
