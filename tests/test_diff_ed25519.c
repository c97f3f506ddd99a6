/*
 * tests/test_diff_ed25519.c - Ed25519 against OpenSSL's libcrypto
 * (EVP_PKEY ED25519 with EVP_DigestSign/EVP_DigestVerify) on random seeds
 * and messages of random lengths from 0, under every implementation of
 * brisk's "ed25519" primitive: the same public key from the same seed,
 * byte-identical signatures (Ed25519 is deterministic), each library
 * verifying the other's, and both refusing a signature with a bit flipped.
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
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, priv, 32);
    size_t n = 32;
    int ok = k != NULL && EVP_PKEY_get_raw_public_key(k, pub, &n) == 1 && n == 32;
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

/* openssl_sign signs msg with libcrypto: 0 or -1. */
static int openssl_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, priv, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t n = 64;
    int ok = k != NULL && ctx != NULL && EVP_DigestSignInit(ctx, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestSign(ctx, sig, &n, msg, len) == 1 && n == 64;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

/* openssl_verify returns 1 when libcrypto accepts sig, else 0. */
static int openssl_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                          const uint8_t pub[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = k != NULL && ctx != NULL && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestVerify(ctx, sig, 64, msg, len) == 1;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(k);
    return ok;
}

static void compare(const char *impl, int rounds)
{
    uint8_t priv[32], pub[32], want_pub[32], sig[64], want_sig[64], msg[1100];

    for (int t = 0; t < rounds; t++) {
        size_t len = t < 4 ? (size_t)t : tv_rng_below(&rng, t % 16 == 5 ? sizeof(msg) + 1 : 200);
        tv_rng_fill(&rng, priv, 32);
        tv_rng_fill(&rng, msg, sizeof(msg));
        if (t % 8 == 4)
            memset(priv, 0xff, 32);
        if (!tv_check_int(openssl_public(want_pub, priv), 0, "libcrypto Ed25519 public key"))
            return;
        tv_check_int(brisk_ed25519_public(pub, priv), 0, "%s public rc", impl);
        if (!tv_check_mem(pub, want_pub, 32, "%s public key, round %d", impl, t))
            return;
        if (!tv_check_int(openssl_sign(want_sig, msg, len, priv), 0, "libcrypto Ed25519 sign"))
            return;
        tv_check_int(brisk_ed25519_sign(sig, len ? msg : NULL, len, priv, pub), 0, "%s sign rc",
                     impl);
        if (!tv_check_mem(sig, want_sig, 64, "%s signature, %zu bytes, round %d", impl, len, t))
            return;
        tv_check_int(brisk_ed25519_verify(want_sig, msg, len, pub), BRISK_EOK,
                     "%s verifies libcrypto's signature, round %d", impl, t);
        tv_check(openssl_verify(sig, msg, len, pub), "libcrypto verifies %s's signature, round %d",
                 impl, t);
        size_t bit = tv_rng_below(&rng, 512);
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        int theirs = openssl_verify(sig, msg, len, pub);
        int ours = brisk_ed25519_verify(sig, msg, len, pub);
        tv_check(!theirs && ours == BRISK_EVERIFY,
                 "%s: bit %zu flipped refused by both (libcrypto %d, brisk %d), round %d", impl,
                 bit, theirs, ours, t);
    }
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_diff_ed25519");
    tv_rng_init(&rng, tv_seed());
    int rounds = tv_quick() ? 100 : 500;
    for (i = 0; (impl = tv_impl_next("ed25519", &i)) != NULL;)
        compare(impl, rounds);
    tv_note("ed25519 tested: %s", tv_impl_list("ed25519", list, sizeof(list)));
    return tv_end();
}
