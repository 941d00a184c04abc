// Fault injection for the output tests: loaded with LD_PRELOAD into the real transition-sweep and
// transition-bench, it makes the C library's write(2), fcntl(2), open(2) and mkostemp(3) fail the
// way file systems do, as the environment says (each variable off when unset):
//
//   FAULT_SHORT_WRITES=1          every write moves about a third of what it is asked (at least
//                                 one byte; on an O_DIRECT descriptor whole 4 KiB blocks when it can)
//   FAULT_EINTR=1                 every other write fails with EINTR before moving a byte
//   FAULT_REFUSE_DIRECT_OPEN=1    open/openat/mkostemp with O_DIRECT fail with EINVAL
//   FAULT_REFUSE_DIRECT_FCNTL=1   fcntl(F_SETFL) that sets or clears O_DIRECT fails with EINVAL
//   FAULT_DIRECT_EINVAL_AFTER=N   once N bytes went out through O_DIRECT descriptors, writes on
//                                 them fail with EINVAL (a file system that takes the flag but
//                                 not the write)
//   FAULT_ENOSPC_AFTER=N          once N bytes were written (all descriptors but standard error),
//                                 writes fail with ENOSPC; the write that crosses N moves only up
//                                 to N
//   FAULT_REPORT=path             at exit, append "short S eintr E open O fcntl F einval V enospc N\n"
//                                 (how many faults were injected) to path, so a test can tell that
//                                 the faults happened
//
// Standard error is never touched (the commands' messages must arrive). Built by the tests with
// `cc -shared -fPIC -O2 -o libfaults.so faults.c -ldl` (FaultInjectionTests).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long number(const char *name, long otherwise) {
    const char *text = getenv(name);
    return text && *text ? atol(text) : otherwise;
}

static long counts[6];  // short, eintr, open, fcntl, einval, enospc
enum { SHORT, EINTRS, OPENS, FCNTLS, EINVALS, ENOSPCS };
static void count(int which) { __atomic_add_fetch(&counts[which], 1, __ATOMIC_RELAXED); }

static long written_total, written_direct, write_calls;

static ssize_t (*real_write)(int, const void *, size_t);
static int (*real_fcntl)(int, int, ...);
static int (*real_open)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_mkostemp)(char *, int);

__attribute__((constructor)) static void setup(void) {
    real_write = dlsym(RTLD_NEXT, "write");
    real_fcntl = dlsym(RTLD_NEXT, "fcntl");
    real_open = dlsym(RTLD_NEXT, "open");
    real_openat = dlsym(RTLD_NEXT, "openat");
    real_mkostemp = dlsym(RTLD_NEXT, "mkostemp");
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("FAULT_REPORT");
    if (!path || !*path) return;
    FILE *file = fopen(path, "a");
    if (!file) return;
    fprintf(file, "short %ld eintr %ld open %ld fcntl %ld einval %ld enospc %ld\n", counts[SHORT], counts[EINTRS],
            counts[OPENS], counts[FCNTLS], counts[EINVALS], counts[ENOSPCS]);
    fclose(file);
}

static int is_direct(int fd) {
    int flags = real_fcntl(fd, F_GETFL);
    return flags >= 0 && (flags & O_DIRECT);
}

ssize_t write(int fd, const void *buffer, size_t size) {
    if (!real_write) setup();
    if (fd == 2 || size == 0) return real_write(fd, buffer, size);
    long call = __atomic_add_fetch(&write_calls, 1, __ATOMIC_RELAXED);
    if (number("FAULT_EINTR", 0) && call % 2 == 1) {
        count(EINTRS);
        errno = EINTR;
        return -1;
    }
    int direct = is_direct(fd);
    long einval_after = number("FAULT_DIRECT_EINVAL_AFTER", -1);
    if (direct && einval_after >= 0 && __atomic_load_n(&written_direct, __ATOMIC_RELAXED) >= einval_after) {
        count(EINVALS);
        errno = EINVAL;
        return -1;
    }
    size_t n = size;
    long enospc_after = number("FAULT_ENOSPC_AFTER", -1);
    if (enospc_after >= 0) {
        long room = enospc_after - __atomic_load_n(&written_total, __ATOMIC_RELAXED);
        if (room <= 0) {
            count(ENOSPCS);
            errno = ENOSPC;
            return -1;
        }
        if ((long)n > room) n = (size_t)room;
    }
    if (number("FAULT_SHORT_WRITES", 0) && n > 1) {
        size_t part = n / 3 + 1;
        if (direct) part = part >= 4096 ? part / 4096 * 4096 : n;  // O_DIRECT moves whole blocks
        if (part < n) {
            count(SHORT);
            n = part;
        }
    }
    ssize_t done = real_write(fd, buffer, n);
    if (done > 0) {
        __atomic_add_fetch(&written_total, done, __ATOMIC_RELAXED);
        if (direct) __atomic_add_fetch(&written_direct, done, __ATOMIC_RELAXED);
    }
    return done;
}

static int fcntl_faulted(int fd, int command, long argument) {
    if (command == F_SETFL && number("FAULT_REFUSE_DIRECT_FCNTL", 0)) {
        int flags = real_fcntl(fd, F_GETFL);
        if (flags >= 0 && ((flags ^ (int)argument) & O_DIRECT)) {
            count(FCNTLS);
            errno = EINVAL;
            return -1;
        }
    }
    return real_fcntl(fd, command, argument);
}

int fcntl(int fd, int command, ...) {
    if (!real_fcntl) setup();
    va_list list;
    va_start(list, command);
    long argument = va_arg(list, long);
    va_end(list);
    return fcntl_faulted(fd, command, argument);
}

// The 64-bit names of the same calls, which a C library may bind instead.
int fcntl64(int fd, int command, ...) __attribute__((alias("fcntl")));

static int refuse_direct(int flags) {
    if ((flags & O_DIRECT) && number("FAULT_REFUSE_DIRECT_OPEN", 0)) {
        count(OPENS);
        errno = EINVAL;
        return 1;
    }
    return 0;
}

int open(const char *path, int flags, ...) {
    if (!real_open) setup();
    va_list list;
    va_start(list, flags);
    int mode = va_arg(list, int);
    va_end(list);
    if (refuse_direct(flags)) return -1;
    return real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) __attribute__((alias("open")));

int openat(int folder, const char *path, int flags, ...) {
    if (!real_openat) setup();
    va_list list;
    va_start(list, flags);
    int mode = va_arg(list, int);
    va_end(list);
    if (refuse_direct(flags)) return -1;
    return real_openat(folder, path, flags, mode);
}

int mkostemp(char *template, int flags) {
    if (!real_mkostemp) setup();
    if (refuse_direct(flags)) return -1;
    return real_mkostemp(template, flags);
}

int mkostemp64(char *template, int flags) __attribute__((alias("mkostemp")));
