/*
 * tests/test_diff_ec.c - ECDH and ECDSA on P-256, P-384 and P-521 against
 * OpenSSL's libcrypto (EVP_PKEY "EC") on random keys and digests: the
 * public key brisk computes from libcrypto's private key, ECDH agreement
 * both ways (brisk's private key with libcrypto's public one and the
 * reverse), and signatures of each side verified by the other, DER and
 * raw, with digests shorter and longer than the order; under every
 * implementation of the "nist" primitive this CPU can run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <brisk/brisk.h>

#include "vectors.h"

static tv_rng rng;

/* ossl_keygen makes a libcrypto key on curve and returns its private key
 * (bytes long) and uncompressed public key; NULL on failure. */
static EVP_PKEY *ossl_keygen(const char *curve, size_t bytes, uint8_t *priv, uint8_t *pub)
{
    EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "EC", curve);
    BIGNUM *d = NULL;
    size_t n = 0;

    if (k == NULL || EVP_PKEY_get_bn_param(k, OSSL_PKEY_PARAM_PRIV_KEY, &d) != 1 ||
        BN_bn2binpad(d, priv, (int)bytes) != (int)bytes ||
        EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_PUB_KEY, pub, BRISK_EC_MAX_POINT,
                                        &n) != 1 ||
        n != 1 + 2 * bytes) {
        EVP_PKEY_free(k);
        k = NULL;
    }
    BN_clear_free(d);
    return k;
}

/* ossl_public makes a libcrypto public key from a SEC 1 point. */
static EVP_PKEY *ossl_public(const char *curve, const uint8_t *pub, size_t len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *k = NULL;
    char group[16];
    uint8_t point[BRISK_EC_MAX_POINT];

    /* copies: OSSL_PARAM takes non-const pointers */
    snprintf(group, sizeof(group), "%s", curve);
    memcpy(point, pub, len);
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
                      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, point, len),
                      OSSL_PARAM_construct_end()};

    if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) != 1 ||
        EVP_PKEY_fromdata(ctx, &k, EVP_PKEY_PUBLIC_KEY, p) != 1)
        k = NULL;
    EVP_PKEY_CTX_free(ctx);
    return k;
}

static int ossl_derive(EVP_PKEY *k, EVP_PKEY *peer, uint8_t *out, size_t len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(k, NULL);
    size_t n = len;
    int ok = ctx != NULL && EVP_PKEY_derive_init(ctx) == 1 &&
             EVP_PKEY_derive_set_peer(ctx, peer) == 1 && EVP_PKEY_derive(ctx, out, &n) == 1 &&
             n == len;
    EVP_PKEY_CTX_free(ctx);
    return ok ? 0 : -1;
}

static int ossl_sign(EVP_PKEY *k, uint8_t *sig, size_t *sig_len, const uint8_t *dg, size_t dl)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(k, NULL);
    int ok = ctx != NULL && EVP_PKEY_sign_init(ctx) == 1 &&
             EVP_PKEY_sign(ctx, sig, sig_len, dg, dl) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok ? 0 : -1;
}

static int ossl_verify(EVP_PKEY *k, const uint8_t *sig, size_t sig_len, const uint8_t *dg,
                       size_t dl)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(k, NULL);
    int ok = ctx != NULL && EVP_PKEY_verify_init(ctx) == 1 &&
             EVP_PKEY_verify(ctx, sig, sig_len, dg, dl) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok ? 0 : -1;
}

static void compare(brisk_ec_curve cv, int rounds)
{
    const char *name = brisk_ec_curve_name(cv);
    const size_t len = brisk_ec_bytes(cv), plen = 1 + 2 * len;
    const brisk_digest *md = brisk_digest_by_name("sha512");

    for (int t = 0; t < rounds; t++) {
        uint8_t opriv[BRISK_EC_MAX_BYTES], opub[BRISK_EC_MAX_POINT], bpriv[BRISK_EC_MAX_BYTES],
            bpub[BRISK_EC_MAX_POINT], got[BRISK_EC_MAX_POINT], s1[BRISK_EC_MAX_BYTES],
            s2[BRISK_EC_MAX_BYTES], dg[64], sig[BRISK_EC_MAX_SIG_LEN + 16];
        size_t sl = sizeof(sig), dl = 1 + tv_rng_below(&rng, sizeof(dg));
        EVP_PKEY *ok = ossl_keygen(name, len, opriv, opub), *bk = NULL;

        if (!tv_check(ok != NULL, "libcrypto %s keygen", name))
            return;
        tv_check_int(brisk_ec_public(cv, got, opriv), 0, "%s public rc", name);
        if (!tv_check_mem(got, opub, plen, "%s public key of libcrypto's private key, round %d",
                          name, t))
            goto done;
        tv_check_int(brisk_ec_keygen(cv, bpriv, bpub), 0, "%s keygen", name);
        bk = ossl_public(name, bpub, plen);
        if (!tv_check(bk != NULL, "%s libcrypto takes brisk's public key", name))
            goto done;
        /* ECDH both ways */
        tv_check_int(ossl_derive(ok, bk, s1, len), 0, "libcrypto %s derive", name);
        tv_check_int(brisk_ecdh(cv, s2, bpriv, opub, plen), 0, "%s ecdh rc", name);
        tv_check_mem(s2, s1, len, "%s ECDH agrees with libcrypto, round %d", name, t);
        /* brisk signs, libcrypto verifies (DER) */
        tv_rng_fill(&rng, dg, sizeof(dg));
        tv_check_int(brisk_ecdsa_sign(cv, bpriv, sig, &sl, md, dg, dl), 0, "%s sign", name);
        tv_check_int(ossl_verify(bk, sig, sl, dg, dl), 0,
                     "%s libcrypto verifies brisk's signature of %zu bytes, round %d", name, dl,
                     t);
        /* libcrypto signs, brisk verifies */
        sl = sizeof(sig);
        tv_check_int(ossl_sign(ok, sig, &sl, dg, dl), 0, "libcrypto %s sign", name);
        tv_check_int(brisk_ecdsa_verify(cv, opub, plen, sig, sl, dg, dl), 0,
                     "%s brisk verifies libcrypto's signature of %zu bytes, round %d", name, dl,
                     t);
        sig[sl / 2] ^= 0x10;
        tv_check(brisk_ecdsa_verify(cv, opub, plen, sig, sl, dg, dl) != 0,
                 "%s a corrupted signature fails", name);
    done:
        EVP_PKEY_free(ok);
        EVP_PKEY_free(bk);
    }
}

int main(void)
{
    tv_begin("test_diff_ec");
    tv_rng_init(&rng, tv_seed());
    int rounds = tv_quick() ? 20 : 100;
    const char *impl;
    for (size_t it = 0; (impl = tv_impl_next("nist", &it)) != NULL;) {
        tv_note("nist=%s", impl);
        compare(BRISK_EC_P256, rounds);
        compare(BRISK_EC_P384, rounds);
        compare(BRISK_EC_P521, rounds);
    }
    return tv_end();
}
