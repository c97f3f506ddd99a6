/*
 * tests/test_diff_x448.c - X448 against OpenSSL's libcrypto (EVP_PKEY
 * X448: the public key of EVP_PKEY_new_raw_private_key and
 * EVP_PKEY_derive) on random private keys and random peer u's (any 56
 * bytes: u >= p, points on the twist), under every implementation of
 * brisk's "x448" primitive.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include <brisk/brisk.h>

#include "vectors.h"

static tv_rng rng;

/* openssl_public computes priv's public key with libcrypto: 0 or -1. */
static int openssl_public(uint8_t pub[56], const uint8_t priv[56])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, priv, 56);
    size_t n = 56;
    int ok = k != NULL && EVP_PKEY_get_raw_public_key(k, pub, &n) == 1 && n == 56;
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

/* openssl_derive computes X448(priv, u) with libcrypto: 0, or -1 when it
 * refuses (the all-zero secret of a low-order u). */
static int openssl_derive(uint8_t out[56], const uint8_t priv[56], const uint8_t u[56])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, priv, 56);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, u, 56);
    EVP_PKEY_CTX *ctx = k != NULL ? EVP_PKEY_CTX_new(k, NULL) : NULL;
    size_t n = 56;
    int ok = ctx != NULL && peer != NULL && EVP_PKEY_derive_init(ctx) == 1 &&
             EVP_PKEY_derive_set_peer(ctx, peer) == 1 && EVP_PKEY_derive(ctx, out, &n) == 1 &&
             n == 56;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

static void compare(const char *impl, int rounds)
{
    uint8_t priv[56], u[56], want[56], got[56];

    for (int t = 0; t < rounds; t++) {
        tv_rng_fill(&rng, priv, 56);
        tv_rng_fill(&rng, u, 56);
        if (t % 8 == 1)
            memset(u + 1, 0xff, 55); /* u near 2^448: at or above p */
        if (t % 8 == 2)
            memset(priv, 0xff, 56);
        if (!tv_check_int(openssl_public(want, priv), 0, "libcrypto X448 public key"))
            return;
        tv_check_int(brisk_x448_public(got, priv), 0, "%s public rc", impl);
        if (!tv_check_mem(got, want, 56, "%s public key, round %d", impl, t))
            return;
        int ref = openssl_derive(want, priv, u);
        int rc = brisk_x448(got, priv, u);
        tv_check_int(rc, ref == 0 ? 0 : BRISK_EINVAL, "%s derive rc agrees, round %d", impl, t);
        if (ref == 0 && !tv_check_mem(got, want, 56, "%s derive, round %d", impl, t))
            return;
    }
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_diff_x448");
    tv_rng_init(&rng, tv_seed());
    int rounds = tv_quick() ? 50 : 300;
    for (i = 0; (impl = tv_impl_next("x448", &i)) != NULL;)
        compare(impl, rounds);
    tv_note("x448 tested: %s", tv_impl_list("x448", list, sizeof(list)));
    return tv_end();
}
