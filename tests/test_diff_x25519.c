/*
 * tests/test_diff_x25519.c - X25519 against OpenSSL's libcrypto
 * (EVP_PKEY X25519: the public key of EVP_PKEY_new_raw_private_key and
 * EVP_PKEY_derive) on random private keys and random peer u's (any 32
 * bytes: top bit set, u >= p, points on the twist), under every
 * implementation of brisk's "x25519" primitive.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include <brisk/brisk.h>

#include "vectors.h"

static tv_rng rng;

/* openssl_public computes priv's public key with libcrypto: 0 or -1. */
static int openssl_public(uint8_t pub[32], const uint8_t priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
    size_t n = 32;
    int ok = k != NULL && EVP_PKEY_get_raw_public_key(k, pub, &n) == 1 && n == 32;
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

/* openssl_derive computes X25519(priv, u) with libcrypto: 0, or -1 when it
 * refuses (the all-zero secret of a low-order u). */
static int openssl_derive(uint8_t out[32], const uint8_t priv[32], const uint8_t u[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    EVP_PKEY_CTX *ctx = k != NULL ? EVP_PKEY_CTX_new(k, NULL) : NULL;
    size_t n = 32;
    int ok = ctx != NULL && peer != NULL && EVP_PKEY_derive_init(ctx) == 1 &&
             EVP_PKEY_derive_set_peer(ctx, peer) == 1 && EVP_PKEY_derive(ctx, out, &n) == 1 &&
             n == 32;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

static void compare(const char *impl, int rounds)
{
    uint8_t priv[32], u[32], want[32], got[32];

    for (int t = 0; t < rounds; t++) {
        tv_rng_fill(&rng, priv, 32);
        tv_rng_fill(&rng, u, 32);
        if (t % 8 == 1)
            memset(u + 1, 0xff, 31); /* u near 2^256: at or above p */
        if (t % 8 == 2)
            memset(priv, 0xff, 32);
        if (!tv_check_int(openssl_public(want, priv), 0, "libcrypto X25519 public key"))
            return;
        tv_check_int(brisk_x25519_public(got, priv), 0, "%s public rc", impl);
        if (!tv_check_mem(got, want, 32, "%s public key, round %d", impl, t))
            return;
        int ref = openssl_derive(want, priv, u);
        int rc = brisk_x25519(got, priv, u);
        tv_check_int(rc, ref == 0 ? 0 : BRISK_EINVAL, "%s derive rc agrees, round %d", impl, t);
        if (ref == 0 && !tv_check_mem(got, want, 32, "%s derive, round %d", impl, t))
            return;
    }
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_diff_x25519");
    tv_rng_init(&rng, tv_seed());
    int rounds = tv_quick() ? 100 : 1000;
    for (i = 0; (impl = tv_impl_next("x25519", &i)) != NULL;)
        compare(impl, rounds);
    tv_note("x25519 tested: %s", tv_impl_list("x25519", list, sizeof(list)));
    return tv_end();
}
