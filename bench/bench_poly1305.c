/*
 * bench/bench_poly1305.c - a quick cycles-per-byte comparison of brisk's
 * Poly1305 (the whole one-shot brisk_poly1305: key setup, buffering, final
 * reduction) under every implementation this CPU can run, with OpenSSL's
 * EVP_MAC "POLY1305" (init with the key, update, final per message), at
 * 16, 64, 256, 1024 and 16384 bytes.  `openssl speed` cannot time
 * Poly1305 in OpenSSL 3.0, hence this helper.  TSC reference cycles: compare
 * ratios, not absolute values.  Not a test; built with -DBRISK_BENCH=ON:
 *
 *   build/bench/bench_poly1305 [seconds per cell, default 0.2] [lengths...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <brisk/brisk.h>
#include "bench.h"

enum { BIG = 16384 };

static uint8_t msg[BIG], key[32], tag[16];

static void run_brisk(void *arg, size_t len)
{
    (void)arg;
    brisk_poly1305(tag, key, msg, len);
}

static void run_openssl(void *arg, size_t len)
{
    EVP_MAC_CTX *ctx = arg;
    size_t n;
    EVP_MAC_init(ctx, key, sizeof(key), NULL);
    EVP_MAC_update(ctx, msg, len);
    EVP_MAC_final(ctx, tag, &n, sizeof(tag));
}

int main(int argc, char **argv)
{
    size_t lens[16] = {16, 64, 256, 1024, BIG}, n_lens = 5;
    double secs = argc > 1 ? atof(argv[1]) : 0.2;
    const char *impl;

    if (argc > 2) {
        for (n_lens = 0; n_lens < 16 && (int)n_lens + 2 < argc; n_lens++) {
            lens[n_lens] = strtoul(argv[n_lens + 2], NULL, 10);
            if (lens[n_lens] == 0 || lens[n_lens] > BIG)
                lens[n_lens] = BIG;
        }
    }
    memset(msg, 0x5a, sizeof(msg));
    memset(key, 0xa5, sizeof(key));
    printf("%-10s", "cyc/byte");
    for (size_t j = 0; j < n_lens; j++)
        printf(" %8zu", lens[j]);
    printf("\n");
    for (size_t i = 0; (impl = brisk_impl_name("poly1305", i, NULL)) != NULL; i++) {
        if (brisk_impl_set("poly1305", impl) != 0)
            continue;
        printf("%-10s", impl);
        for (size_t j = 0; j < n_lens; j++)
            printf(" %8.3f", cycles_per_byte(run_brisk, NULL, lens[j], secs));
        printf("\n");
    }
    brisk_impl_set("poly1305", NULL);

    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    if (ctx == NULL) {
        printf("openssl: no POLY1305 MAC\n");
        return 1;
    }
    printf("%-10s", "openssl");
    for (size_t j = 0; j < n_lens; j++)
        printf(" %8.3f", cycles_per_byte(run_openssl, ctx, lens[j], secs));
    printf("\n");
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    return 0;
}
