/*
 * tests/test_diff_poly1305.c - Poly1305 against OpenSSL's libcrypto
 * (EVP_MAC "POLY1305", OpenSSL 3) on random keys, messages and lengths
 * from 0 to 6 KiB (half of them below 48 blocks, where the kernels'
 * thresholds and tails are), one-shot and streamed in random pieces,
 * under every implementation of brisk's "poly1305" primitive.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_LEN 6144

static tv_rng rng;

/* openssl_tag computes the tag with libcrypto: 0 or -1. */
static int openssl_tag(EVP_MAC_CTX *ctx, uint8_t tag[16], const uint8_t key[32],
                       const uint8_t *msg, size_t len)
{
    size_t n = 0;
    if (EVP_MAC_init(ctx, key, 32, NULL) != 1 || EVP_MAC_update(ctx, msg, len) != 1 ||
        EVP_MAC_final(ctx, tag, &n, 16) != 1)
        return -1;
    return n == 16 ? 0 : -1;
}

/* streamed computes the tag with brisk in random pieces. */
static void streamed(uint8_t tag[16], const uint8_t key[32], const uint8_t *msg, size_t len)
{
    brisk_poly1305_ctx ctx;
    brisk_poly1305_init(&ctx, key);
    for (size_t at = 0; at < len;) {
        size_t n = tv_rng_below(&rng, tv_rng_below(&rng, 2) ? 40 : 1200);
        if (n > len - at)
            n = len - at;
        brisk_poly1305_update(&ctx, msg + at, n);
        at += n;
    }
    brisk_poly1305_final(&ctx, tag);
}

static void compare(EVP_MAC_CTX *ctx, const char *impl, int rounds)
{
    static uint8_t msg[MAX_LEN + 1];
    uint8_t key[32], want[16], tag[16];

    for (int t = 0; t < rounds; t++) {
        size_t len = tv_rng_below(&rng, 2) ? tv_rng_below(&rng, 48 * 16)
                                           : tv_rng_below(&rng, MAX_LEN + 1);
        tv_rng_fill(&rng, key, sizeof(key));
        tv_rng_fill(&rng, msg, len + 1);
        if (t % 8 == 0)
            memset(msg, 0xff, len); /* the largest limbs */
        if (t % 16 == 1)
            memset(key, 0xff, 16); /* every bit clamping leaves in r */
        if (!tv_check_int(openssl_tag(ctx, want, key, msg, len), 0, "libcrypto POLY1305"))
            return;
        /* odd offsets: misaligned input */
        const uint8_t *in = msg;
        if (t % 2 == 1) {
            memmove(msg + 1, msg, len);
            in = msg + 1;
        }
        brisk_poly1305(tag, key, in, len);
        if (!tv_check_mem(tag, want, 16, "%s one-shot, %zu bytes", impl, len))
            return;
        streamed(tag, key, in, len);
        if (!tv_check_mem(tag, want, 16, "%s streamed, %zu bytes", impl, len))
            return;
    }
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_diff_poly1305");
    tv_rng_init(&rng, tv_seed());
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    if (!tv_check(ctx != NULL, "libcrypto has EVP_MAC POLY1305")) {
        EVP_MAC_free(mac);
        return tv_end();
    }
    int rounds = tv_quick() ? 200 : 2000;
    for (i = 0; (impl = tv_impl_next("poly1305", &i)) != NULL;)
        compare(ctx, impl, rounds);
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    tv_note("poly1305 tested: %s", tv_impl_list("poly1305", list, sizeof(list)));
    return tv_end();
}
