/*
 * bench/bench_sector.c - the sector API's overhead: brisk_sector_encrypt and
 * brisk_sector_decrypt over a buffer of 4 KiB sectors (and 512-byte ones)
 * against one brisk_cipher_update over the same bytes (for XTS one data
 * unit the size of the buffer), the in-memory figure a disk can at best
 * reach.  The two are timed in turns (alternating batches; the fastest batch
 * of each kept, as the machine is shared) and the ratio printed: 1.00 means
 * the sector path costs nothing over the bare cipher.  Not a test; built
 * with -DBRISK_BENCH=ON:
 *
 *   build/bench/bench_sector [seconds per row, default 0.3]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <brisk/brisk.h>
#include "bench.h"

enum { BUF = 65536 };

static uint8_t buf[BUF];

typedef struct row {
    const char *spec, *cipher; /* sector spec, registry name */
    size_t key_len;
} row;

static const row rows[] = {
    {"aes-xts-plain64", "aes-128-xts", 32},
    {"aes-xts-plain64", "aes-256-xts", 64},
    {"aes-cbc-essiv:sha256", "aes-128-cbc", 16},
    {"aes-cbc-plain64", "aes-256-cbc", 32},
};

/* bench_row times one row in one direction; returns the ratio sector /
 * cipher of the fastest batches and prints both in MB/s. */
static void bench_row(const row *rw, size_t sector_size, int encrypt, double secs)
{
    uint8_t key[64], iv[16] = {0};
    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(i * 13 + 1);
    brisk_sector_ctx sctx;
    brisk_cipher_ctx cctx;
    const brisk_cipher *c = brisk_cipher_by_name(rw->cipher);
    if (brisk_sector_init(&sctx, rw->spec, key, rw->key_len, sector_size, 0) != 0 || c == NULL ||
        brisk_cipher_init(&cctx, c, encrypt, key, rw->key_len, iv, 16) != 0) {
        fprintf(stderr, "bench_sector: cannot set up %s\n", rw->spec);
        exit(1);
    }
    brisk_cipher_set_padding(&cctx, 0);
    size_t n_sectors = BUF / sector_size;
    double best_s = 1e300, best_c = 1e300, t0 = now();
    uint64_t sector = 0;
    while (now() - t0 < secs) {
        unsigned long long c0 = __rdtsc();
        for (int i = 0; i < 16; i++) {
            if (encrypt)
                brisk_sector_encrypt(&sctx, buf, buf, sector, n_sectors);
            else
                brisk_sector_decrypt(&sctx, buf, buf, sector, n_sectors);
            sector += n_sectors;
        }
        double s = (double)(__rdtsc() - c0) / (16.0 * BUF);
        c0 = __rdtsc();
        for (int i = 0; i < 16; i++) {
            size_t n = 0;
            if (c->mode == BRISK_MODE_XTS)
                brisk_cipher_init_ex(&cctx, c, encrypt, NULL, 0, iv, 16, 0);
            brisk_cipher_update(&cctx, buf, &n, buf, BUF);
        }
        double cc = (double)(__rdtsc() - c0) / (16.0 * BUF);
        best_s = s < best_s ? s : best_s;
        best_c = cc < best_c ? cc : best_c;
    }
    printf("%-22s %-11s %4zu %s  sector %6.3f  cipher %6.3f cycles/B  ratio %.3f\n", rw->spec,
           rw->cipher, sector_size, encrypt ? "enc" : "dec", best_s, best_c, best_s / best_c);
    brisk_sector_cleanup(&sctx);
    brisk_cipher_cleanup(&cctx);
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 0.3;
    printf("bench_sector: %d-byte buffer, aes: %s; TSC cycles per byte (lower is better),\n"
           "ratio = sector API / one brisk_cipher_update\n",
           BUF, brisk_impl_active("aes"));
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        for (int enc = 1; enc >= 0; enc--) {
            bench_row(&rows[i], 4096, enc, secs);
            bench_row(&rows[i], 512, enc, secs);
        }
    return 0;
}
