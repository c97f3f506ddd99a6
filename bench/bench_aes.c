/*
 * bench/bench_aes.c - a quick cycles-per-byte comparison of brisk's AES
 * kernels with OpenSSL's EVP interface, for aes-128-ctr and aes-128-cbc
 * (decryption and encryption) at 16 bytes and 16 KB, under every implementation this CPU can
 * run.  It times the kernels directly (not brisk's generic cipher layer) with
 * the TSC, so the figures are reference cycles: compare ratios, not absolute
 * values.  Not part of the build or the tests; built by hand:
 *
 *   cmake --build build -j2 && cc -O2 -Iinclude bench/bench_aes.c \
 *       build/libbrisk.a $(pkg-config --cflags --libs libcrypto) -o /tmp/bench_aes
 *   /tmp/bench_aes [seconds per cell, default 0.2]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/evp.h>

#include "../src/cipher/internal.h"

enum { BIG = 16384 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef void run_fn(void *arg, size_t len);

/* cycles_per_byte runs fn on len bytes repeatedly for about `secs` seconds
 * and returns TSC cycles per byte. */
static double cycles_per_byte(run_fn *fn, void *arg, size_t len, double secs)
{
    unsigned long long iters = 0;
    double t0 = now();
    unsigned long long c0 = __rdtsc();
    while (now() - t0 < secs) {
        for (int i = 0; i < 64; i++)
            fn(arg, len);
        iters += 64;
    }
    return (double)(__rdtsc() - c0) / (double)(iters * len);
}

static uint8_t in[BIG], out[BIG];

typedef struct {
    brisk_aes_key key;
    uint8_t iv[16];
} brisk_arg;

static void brisk_ctr(void *arg, size_t len)
{
    brisk_arg *a = arg;
    a->key.impl->ctr128(&a->key, a->iv, out, in, len / 16);
}

static void brisk_cbc_dec(void *arg, size_t len)
{
    brisk_arg *a = arg;
    a->key.impl->cbc_dec(&a->key, a->iv, out, in, len / 16);
}

static void brisk_cbc_enc(void *arg, size_t len)
{
    brisk_arg *a = arg;
    a->key.impl->cbc_enc(&a->key, a->iv, out, in, len / 16);
}

static void evp_update(void *arg, size_t len)
{
    int out_len;
    EVP_CipherUpdate(arg, out, &out_len, in, (int)len);
}

int main(int argc, char **argv)
{
    static const size_t lens[] = {16, BIG};
    static const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    double secs = argc > 1 ? atof(argv[1]) : 0.2;
    const char *impl;

    printf("%-22s %8s %12s %12s %8s\n", "cell", "bytes", "brisk c/B", "openssl c/B", "ratio");
    for (size_t i = 0; (impl = brisk_impl_name("aes", i, NULL)) != NULL; i++) {
        if (brisk_impl_set("aes", impl) != 0)
            continue;
        brisk_arg a;
        memset(a.iv, 0, 16);
        brisk_aes_setkey(&a.key, key, 16);
        static run_fn *const runs[] = {brisk_ctr, brisk_cbc_dec, brisk_cbc_enc};
        static const char *const names[] = {"ctr", "cbc-dec", "cbc-enc"};
        for (int mode = 0; mode < 3; mode++) {
            EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
            const EVP_CIPHER *c = EVP_get_cipherbyname(mode == 0 ? "aes-128-ctr" : "aes-128-cbc");
            EVP_CipherInit_ex(ctx, c, NULL, key, a.iv, mode != 1);
            EVP_CIPHER_CTX_set_padding(ctx, 0);
            for (size_t l = 0; l < 2; l++) {
                double b = cycles_per_byte(runs[mode], &a, lens[l], secs);
                double o = cycles_per_byte(evp_update, ctx, lens[l], secs);
                char cell[64];
                snprintf(cell, sizeof(cell), "%s %s", impl, names[mode]);
                printf("%-22s %8zu %12.3f %12.3f %7.2fx\n", cell, lens[l], b, o, o / b);
            }
            EVP_CIPHER_CTX_free(ctx);
        }
    }
    return 0;
}
