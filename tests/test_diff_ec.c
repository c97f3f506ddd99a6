/*
 * tests/test_diff_ec.c - ECDH and ECDSA on P-256, P-384 and P-521 against
 * OpenSSL's libcrypto (EVP_PKEY "EC") on random keys and digests: the
 * public key brisk computes from libcrypto's private key, ECDH agreement
 * both ways (brisk's private key with libcrypto's public one and the
 * reverse), and signatures of each side verified by the other, DER and
 * raw, with digests shorter and longer than the order; and the same
 * checks for private keys at the edges of the scalar multiplications'
 * signed windows (small, near n, every window at the sign boundary, and
 * P-521's n - 18, whose last 5-bit digit meets equal points); under every
 * implementation of the "nist" primitive this CPU can run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
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

/* ossl_keypair makes a libcrypto key pair from brisk's private key d and
 * the public key brisk computed for it (libcrypto does not check that
 * they match: the ECDH checks below do). */
static EVP_PKEY *ossl_keypair(const char *curve, const BIGNUM *d, const uint8_t *pub, size_t len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *p = NULL;
    EVP_PKEY *k = NULL;

    if (ctx == NULL || bld == NULL ||
        OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, curve, 0) != 1 ||
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d) != 1 ||
        OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub, len) != 1 ||
        (p = OSSL_PARAM_BLD_to_param(bld)) == NULL || EVP_PKEY_fromdata_init(ctx) != 1 ||
        EVP_PKEY_fromdata(ctx, &k, EVP_PKEY_KEYPAIR, p) != 1)
        k = NULL;
    OSSL_PARAM_free(p);
    OSSL_PARAM_BLD_free(bld);
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

/* edge_key checks the private key d against libcrypto: its public key
 * (through an ECDH agreement both ways with a libcrypto key: x(e d G)),
 * ECDH with d on libcrypto's point, and signatures both ways. */
static void edge_key(brisk_ec_curve cv, const BIGNUM *d, const char *what)
{
    const char *name = brisk_ec_curve_name(cv);
    const size_t len = brisk_ec_bytes(cv), plen = 1 + 2 * len;
    const brisk_digest *md = brisk_digest_by_name("sha256");
    uint8_t priv[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT], opriv[BRISK_EC_MAX_BYTES],
        opub[BRISK_EC_MAX_POINT], s1[BRISK_EC_MAX_BYTES], s2[BRISK_EC_MAX_BYTES],
        s3[BRISK_EC_MAX_BYTES], dg[32], sig[BRISK_EC_MAX_SIG_LEN];
    size_t sl = sizeof(sig);
    EVP_PKEY *ok = ossl_keygen(name, len, opriv, opub), *bk = NULL;

    if (!tv_check(ok != NULL, "libcrypto %s keygen", name) ||
        !tv_check(BN_bn2binpad(d, priv, (int)len) == (int)len, "%s d = %s fits", name, what))
        goto done;
    tv_check_int(brisk_ec_public(cv, pub, priv), 0, "%s public of d = %s", name, what);
    bk = ossl_keypair(name, d, pub, plen);
    if (!tv_check(bk != NULL, "%s libcrypto takes d = %s", name, what))
        goto done;
    tv_check_int(ossl_derive(bk, ok, s1, len), 0, "libcrypto %s derive", name);
    tv_check_int(ossl_derive(ok, bk, s2, len), 0, "libcrypto %s derive", name);
    tv_check_mem(s2, s1, len, "%s public key of d = %s agrees with libcrypto", name, what);
    tv_check_int(brisk_ecdh(cv, s3, priv, opub, plen), 0, "%s ecdh rc", name);
    tv_check_mem(s3, s1, len, "%s ECDH with d = %s agrees with libcrypto", name, what);
    tv_rng_fill(&rng, dg, sizeof(dg));
    tv_check_int(brisk_ecdsa_sign(cv, priv, sig, &sl, md, dg, sizeof(dg)), 0, "%s sign", name);
    tv_check_int(ossl_verify(bk, sig, sl, dg, sizeof(dg)), 0,
                 "%s libcrypto verifies brisk's signature with d = %s", name, what);
    sl = sizeof(sig);
    tv_check_int(ossl_sign(bk, sig, &sl, dg, sizeof(dg)), 0, "libcrypto %s sign", name);
    tv_check_int(brisk_ecdsa_verify(cv, pub, plen, sig, sl, dg, sizeof(dg)), 0,
                 "%s brisk verifies libcrypto's signature with d = %s", name, what);
done:
    EVP_PKEY_free(ok);
    EVP_PKEY_free(bk);
}

/* edges runs edge_key over small keys, n - j, keys whose every w-bit
 * window is 2^(w-1) or 2^(w-1) + 1 (the recoding's boundary: a carry
 * into each next window or none) for windows of 5, 6 and 7 bits, the k
 * = 2 d 2^(w i) mod n of the top window i (where k G's last addition would
 * meet equal points if k's top digit were d: mul_base_jac in nist.c), and
 * 2^(bits-1). */
static void edges(brisk_ec_curve cv)
{
    static const unsigned small[] = {1,  2,  3,  15, 16, 17,  18,  31,
                                     32, 33, 63, 64, 65, 127, 128, 129};
    brisk_ec_domain dom;
    BIGNUM *n = NULL, *d = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    char what[64];

    if (!tv_check(brisk_ec_domain_of(cv, &dom) == 0 && d != NULL && ctx != NULL, "%s domain",
                  brisk_ec_curve_name(cv)))
        goto done;
    n = BN_bin2bn(dom.n, (int)dom.len, NULL);
    for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
        BN_set_word(d, small[i]);
        snprintf(what, sizeof(what), "%u", small[i]);
        edge_key(cv, d, what);
        BN_sub(d, n, d);
        snprintf(what, sizeof(what), "n - %u", small[i]);
        edge_key(cv, d, what);
    }
    for (unsigned w = 5; w <= 7; w++) {
        int top = ((BN_num_bits(n) + 1 + (int)w - 1) / (int)w - 1) * (int)w;
        for (unsigned dig = 1; dig <= 1u << (w - 1); dig++) {
            BN_set_word(d, 2 * dig);
            BN_lshift(d, d, top);
            BN_mod(d, d, n, ctx);
            snprintf(what, sizeof(what), "2 * %u * 2^%d mod n", dig, top);
            if (!BN_is_zero(d))
                edge_key(cv, d, what);
        }
        for (unsigned v = 0; v < 2; v++) {
            BN_zero(d);
            for (int pos = 0; pos + (int)w < BN_num_bits(n); pos += (int)w) {
                BN_set_bit(d, pos + (int)w - 1);
                if (v)
                    BN_set_bit(d, pos);
            }
            snprintf(what, sizeof(what), "every %u-bit window %u", w, (1u << (w - 1)) + v);
            edge_key(cv, d, what);
        }
    }
    BN_zero(d);
    BN_set_bit(d, BN_num_bits(n) - 1);
    edge_key(cv, d, "2^(bits-1)");
done:
    BN_CTX_free(ctx);
    BN_free(n);
    BN_free(d);
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
        edges(BRISK_EC_P256);
        edges(BRISK_EC_P384);
        edges(BRISK_EC_P521);
    }
    return tv_end();
}
