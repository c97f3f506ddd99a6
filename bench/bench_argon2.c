/*
 * bench/bench_argon2.c - brisk_argon2 beside libargon2 (the reference
 * implementation, as Debian ships it) at the same parameters, through the
 * same loop: the two run in turns (brisk, reference, brisk, ...), each
 * pair giving one ratio reference time / brisk time, and the median ratio
 * is printed (above 1: brisk is faster), with the median times.  Turns and
 * the median keep the figure fair on a machine shared with other work.
 * Both run `lanes` threads (libargon2's argon2_hash uses one per lane).
 * The CPU-time ratio (every thread's, in turns too) is printed beside the
 * wall-clock one: on a loaded machine it is the steadier figure.
 * The implementation is brisk's automatic choice; BRISK_IMPL=argon2=NAME
 * forces another.  Not a test; built with -DBRISK_BENCH=ON when pkg-config
 * finds libargon2:
 *
 *   build/bench/bench_argon2 [seconds per row, default 3]
 *
 * Below 0.1 seconds per row, every row's memory is divided by 256 (a
 * smoke run, as CI's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <argon2.h>

#include <brisk/brisk.h>
#include "bench.h"

/* cpu returns the CPU time of the process, every thread's. */
static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct row {
    brisk_argon2_type type;
    uint32_t t_cost, m_kib, lanes;
} row;

static const row rows[] = {
    {BRISK_ARGON2ID, 4, 64 * 1024, 4},  {BRISK_ARGON2ID, 4, 256 * 1024, 4},
    {BRISK_ARGON2ID, 4, 64 * 1024, 1},  {BRISK_ARGON2ID, 4, 256 * 1024, 1},
    {BRISK_ARGON2ID, 16, 1024, 1},      {BRISK_ARGON2I, 4, 64 * 1024, 4},
    {BRISK_ARGON2D, 4, 64 * 1024, 4},
};

enum { MAX_TURNS = 256 };

int main(int argc, char **argv)
{
    static const char *const names[] = {"argon2d", "argon2i", "argon2id"};
    static const argon2_type ref_types[] = {Argon2_d, Argon2_i, Argon2_id};
    double secs = argc > 1 ? atof(argv[1]) : 3.0;
    uint32_t shrink = secs < 0.1 ? 256 : 1;
    uint8_t pass[32], salt[16], out_b[32], out_r[32];
    static double ratio[MAX_TURNS], tb[MAX_TURNS], tr[MAX_TURNS], cratio[MAX_TURNS];

    memset(pass, 0x5a, sizeof(pass));
    memset(salt, 0xa5, sizeof(salt));
    printf("brisk argon2 implementation: %s; reference: libargon2\n",
           brisk_impl_active("argon2"));
    printf("%-9s %3s %9s %3s  %10s %10s  %s\n", "type", "t", "m (KiB)", "p", "brisk (s)",
           "ref (s)", "ref/brisk: wall, CPU time (medians of turns)");
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const row *r = &rows[i];
        uint32_t m = r->m_kib / shrink < 8 * r->lanes ? 8 * r->lanes : r->m_kib / shrink;
        brisk_argon2_params p = {r->type, r->t_cost, m, r->lanes, r->lanes, NULL, 0, NULL, 0};
        size_t n = 0;
        double t0 = now();
        do {
            double ca = cpu(), a = now();
            if (brisk_argon2(&p, out_b, sizeof(out_b), pass, sizeof(pass), salt,
                             sizeof(salt)) != 0) {
                fprintf(stderr, "bench_argon2: brisk_argon2 failed\n");
                return 1;
            }
            double cb = cpu(), b = now();
            int rc = argon2_hash(r->t_cost, m, r->lanes, pass, sizeof(pass), salt, sizeof(salt),
                                 out_r, sizeof(out_r), NULL, 0, ref_types[r->type],
                                 ARGON2_VERSION_13);
            double cc = cpu(), c = now();
            if (rc != ARGON2_OK || memcmp(out_b, out_r, sizeof(out_b)) != 0) {
                fprintf(stderr, "bench_argon2: outputs differ (%s)\n", argon2_error_message(rc));
                return 1;
            }
            tb[n] = b - a;
            tr[n] = c - b;
            ratio[n] = tr[n] / tb[n];
            cratio[n] = (cc - cb) / (cb - ca);
            n++;
        } while (n < MAX_TURNS && now() - t0 < secs);
        printf("%-9s %3u %9u %3u  %10.4f %10.4f  %.2fx  %.2fx  (%zu turns)\n", names[r->type],
               r->t_cost, m, r->lanes, median(tb, n), median(tr, n), median(ratio, n),
               median(cratio, n), n);
        fflush(stdout);
    }
    return 0;
}
