/*
 * bench/bench_aes.c - a quick cycles-per-byte comparison of brisk's AES
 * kernels with OpenSSL's EVP interface, for aes-128-ctr, aes-128-cbc
 * (decryption and encryption) and aes-128-xts (both directions) at 16, 64
 * and 16384 bytes, under every implementation this CPU can run.  It times the
 * kernels directly (not brisk's generic cipher layer; XTS through
 * brisk_xts_crypt, one data unit per call as `speed` runs it, with its tweak
 * encryption) with the TSC, so the figures are reference cycles: compare
 * ratios, not absolute values.  Not a test; built with -DBRISK_BENCH=ON:
 *
 *   cmake -S . -B build -DBRISK_BENCH=ON && cmake --build build -j2
 *   build/bench/bench_aes [seconds per cell, default 0.2]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/evp.h>

#include "../src/cipher/internal.h"
#include "bench.h"

enum { BIG = 16384 };

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

static void brisk_xts(void *arg, size_t len)
{
    brisk_xts_crypt(arg, out, in, len);
}

static void evp_update(void *arg, size_t len)
{
    int out_len;
    EVP_CipherUpdate(arg, out, &out_len, in, (int)len);
}

/* One cell's mode: brisk's function, OpenSSL's cipher and direction. */
typedef struct {
    const char *name;
    run_fn *run;
    const char *evp_name;
    int encrypt;
} bench_mode;

static const bench_mode modes[] = {
    {"ctr", brisk_ctr, "aes-128-ctr", 1},
    {"cbc-dec", brisk_cbc_dec, "aes-128-cbc", 0},
    {"cbc-enc", brisk_cbc_enc, "aes-128-cbc", 1},
    {"xts-enc", brisk_xts, "aes-128-xts", 1},
    {"xts-dec", brisk_xts, "aes-128-xts", 0},
};

int main(int argc, char **argv)
{
    static const size_t lens[] = {16, 64, BIG};
    static const uint8_t key[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                    12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                    23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
    double secs = argc > 1 ? atof(argv[1]) : 0.2;
    const char *impl;

    printf("%-22s %8s %12s %12s %8s\n", "cell", "bytes", "brisk c/B", "openssl c/B", "ratio");
    for (size_t i = 0; (impl = brisk_impl_name("aes", i, NULL)) != NULL; i++) {
        if (brisk_impl_set("aes", impl) != 0)
            continue;
        brisk_arg a;
        memset(a.iv, 0, 16);
        brisk_aes_setkey(&a.key, key, 16);
        for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
            const bench_mode *mode = &modes[m];
            int xts = mode->run == brisk_xts;
            brisk_cipher_ctx xts_ctx;
            if (xts)
                brisk_cipher_init(&xts_ctx, brisk_cipher_by_name("aes-128-xts"), mode->encrypt,
                                  key, 32, a.iv, 16);
            EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
            EVP_CipherInit_ex(ctx, EVP_get_cipherbyname(mode->evp_name), NULL, key, a.iv,
                              mode->encrypt);
            EVP_CIPHER_CTX_set_padding(ctx, 0);
            for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
                double b = cycles_per_byte(mode->run, xts ? (void *)&xts_ctx : &a, lens[l], secs);
                double o = cycles_per_byte(evp_update, ctx, lens[l], secs);
                char cell[64];
                snprintf(cell, sizeof(cell), "%s %s", impl, mode->name);
                printf("%-22s %8zu %12.3f %12.3f %7.2fx\n", cell, lens[l], b, o, o / b);
            }
            EVP_CIPHER_CTX_free(ctx);
            if (xts)
                brisk_cipher_cleanup(&xts_ctx);
        }
    }
    return 0;
}
