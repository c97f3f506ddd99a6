/*
 * bench/bench.h - the clock and the TSC loop the benchmark helpers share.
 *
 * Each helper times brisk beside another library in turns; these are the
 * measuring parts they have in common, so that every figure in the docs
 * is taken the same way.
 */
#ifndef BRISK_BENCH_H
#define BRISK_BENCH_H

#include <stddef.h>
#include <time.h>
#include <x86intrin.h>

/* now returns a monotonic time in seconds. */
static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef void run_fn(void *arg, size_t len);

/* cycles_per_byte runs fn on len bytes in batches of 64 calls for about
 * `secs` seconds and returns the TSC cycles per byte of the fastest batch:
 * the machine this runs on is shared, and the minimum is the figure least
 * disturbed by the others. */
static inline double cycles_per_byte(run_fn *fn, void *arg, size_t len, double secs)
{
    double best = 1e300, t0 = now();
    while (now() - t0 < secs) {
        unsigned long long c0 = __rdtsc();
        for (int i = 0; i < 64; i++)
            fn(arg, len);
        double c = (double)(__rdtsc() - c0) / (double)(64 * len);
        best = c < best ? c : best;
    }
    return best;
}

#endif
