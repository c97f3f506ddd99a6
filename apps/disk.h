/*
 * apps/disk.h - what the two files of `brisk disk` share: the options of
 * -benchmark (apps/disk_bench.c), which apps/disk.c parses.
 */
#ifndef BRISK_APPS_DISK_H
#define BRISK_APPS_DISK_H

#include <stdint.h>

#include "run_json.h"
#include "speed_clock.h"

/* cryptsetup's defaults (cryptsetup_arg_list.h, its configure defaults):
 * a 256-bit key, Argon2 calibrated to 2000 ms, at most 1 GiB and 4
 * lanes. */
#define DISK_DEFAULT_KEY_BITS 256
#define DISK_DEFAULT_ITER_MS 2000
#define DISK_DEFAULT_PBKDF_KB (1024 * 1024)
#define DISK_DEFAULT_PARALLEL 4

/* What -benchmark was asked, as `cryptsetup benchmark` takes it. */
typedef struct disk_bench_opts {
    const char *cipher;      /* -cipher SPEC: that row alone; NULL: all */
    unsigned key_bits;       /* -key-size; 0: DISK_DEFAULT_KEY_BITS */
    const char *pbkdf;       /* -pbkdf NAME: that KDF alone, or NULL */
    const char *hash;        /* -hash NAME: PBKDF2 with it, or NULL */
    uint32_t iter_ms;        /* -iter-time; 0: DISK_DEFAULT_ITER_MS */
    uint32_t memory_kb;      /* -pbkdf-memory; 0: DISK_DEFAULT_PBKDF_KB */
    uint32_t parallel;       /* -pbkdf-parallel; 0: DISK_DEFAULT_PARALLEL */
    int repeat;              /* -repeat: passes over every figure (0: 1) */
    int stats;               /* -stats: the spread table */
    speed_cycle_clock clk;   /* -cycles / -mhz: clk.source set when wanted */
    int want_cycles;
    run_doc *doc;            /* -json, -save, -baseline, -fail-below */
} disk_bench_opts;

/* disk_benchmark prints what `cryptsetup benchmark` prints for o, and
 * writes or compares the run document o->doc asks for; returns the exit
 * status (0, or 1 after one error line). */
int disk_benchmark(const char *prog, const disk_bench_opts *o);

#endif
