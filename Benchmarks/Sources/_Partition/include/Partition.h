// The partition step of the behaviour table's quantile selection (`OrderStatistic` in
// Sources/TransitionBench/Behavior/Quantile.swift), in C for the vector instructions Swift does
// not reach: AVX-512's compress where the CPU has it, AVX2 with a permutation table, else the
// scalar loop. Not API: the benchmark's own target.
#ifndef TRANSITION_PHYSICS_PARTITION_H
#define TRANSITION_PHYSICS_PARTITION_H

#include <stddef.h>

/// Moves the values of `a[0..<n]` that are below `pivot` (`or_equal`: not above it) to the
/// front, in no particular order, and returns how many there are; the others follow. `spare`
/// has room for `n + 8` doubles, which it uses. No value may be NaN.
size_t tp_partition_doubles(double *a, size_t n, double pivot, int or_equal, double *spare);

/// The instruction sets of `tp_partition_doubles`.
enum {
    TP_PARTITION_SCALAR = 0,
    TP_PARTITION_AVX2 = 1,
    TP_PARTITION_AVX512 = 2,
};

/// The instruction set `tp_partition_doubles` uses on this CPU.
int tp_partition_instruction_set(void);

/// `tp_partition_doubles` with the instruction set `set`, which must be at most
/// `tp_partition_instruction_set()` (the tests run every one the CPU has).
size_t tp_partition_doubles_with(int set, double *a, size_t n, double pivot, int or_equal, double *spare);

#endif
