/*
 * tests/test_diff_ed448.c - Ed448 against OpenSSL's libcrypto (EVP_PKEY
 * ED448 with EVP_DigestSign and EVP_DigestVerify, pure Ed448, contexts
 * through OSSL_SIGNATURE_PARAM_CONTEXT_STRING) on random seeds, messages
 * and contexts (where libcrypto takes them: 3.2 and later): the same public key from the same seed, byte-identical
 * signatures (Ed448 is deterministic), each library verifying the other's,
 * and a changed signature refused by both; and SHAKE256, Ed448's hash,
 * against EVP_shake256 on random lengths.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <brisk/brisk.h>

#include "../src/digest/keccak.h"
#include "vectors.h"

static tv_rng rng;

static EVP_PKEY *ossl_key(const uint8_t priv[57])
{
    return EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, priv, 57);
}

/* OpenSSL 3.0 and 3.1 take no Ed448 context through EVP; 3.2 added the
 * context-string parameter.  Without it only the empty context is
 * compared (the RFC 8032 vector with a context covers the rest). */
#ifdef OSSL_SIGNATURE_PARAM_CONTEXT_STRING
#define HAVE_OSSL_CTX 1
#else
#define HAVE_OSSL_CTX 0
#endif

/* ossl_ctx_params sets the Ed448 context string on a signing context. */
static int ossl_ctx_params(EVP_PKEY_CTX *pctx, const uint8_t *ctx, size_t ctx_len)
{
    if (ctx_len == 0)
        return 1;
#if HAVE_OSSL_CTX
    uint8_t copy[255];
    OSSL_PARAM p[2];
    memcpy(copy, ctx, ctx_len);
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_CONTEXT_STRING, copy, ctx_len);
    p[1] = OSSL_PARAM_construct_end();
    return EVP_PKEY_CTX_set_params(pctx, p) == 1;
#else
    (void)pctx;
    (void)ctx;
    return 0;
#endif
}

static int ossl_sign(uint8_t sig[114], const uint8_t priv[57], const uint8_t *msg,
                     size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
    EVP_PKEY *k = ossl_key(priv);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    size_t n = 114;
    int ok = k != NULL && md != NULL && EVP_DigestSignInit(md, &pctx, NULL, NULL, k) == 1 &&
             ossl_ctx_params(pctx, ctx, ctx_len) &&
             EVP_DigestSign(md, sig, &n, msg, msg_len) == 1 && n == 114;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

/* ossl_verify: 1 valid, 0 not, -1 error before verifying. */
static int ossl_verify(const uint8_t sig[114], const uint8_t pub[57], const uint8_t *msg,
                       size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pub, 57);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    int r = -1;
    if (k != NULL && md != NULL && EVP_DigestVerifyInit(md, &pctx, NULL, NULL, k) == 1 &&
        ossl_ctx_params(pctx, ctx, ctx_len))
        r = EVP_DigestVerify(md, sig, 114, msg, msg_len) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(k);
    return r;
}

static void compare(int rounds)
{
    uint8_t priv[57], pub[57], want_pub[57], sig[114], want[114], msg[600], ctx[255];

    for (int t = 0; t < rounds; t++) {
        size_t msg_len = (uint32_t)tv_rng_u64(&rng) % sizeof(msg);
        size_t ctx_len = t % 3 == 0 || !HAVE_OSSL_CTX ? 0 : (uint32_t)tv_rng_u64(&rng) % 256;
        if (t % 16 == 1)
            msg_len = 0;
        tv_rng_fill(&rng, priv, 57);
        tv_rng_fill(&rng, msg, msg_len);
        tv_rng_fill(&rng, ctx, ctx_len);
        EVP_PKEY *k = ossl_key(priv);
        size_t n = 57;
        int ok = k != NULL && EVP_PKEY_get_raw_public_key(k, want_pub, &n) == 1 && n == 57;
        EVP_PKEY_free(k);
        if (!tv_check(ok, "libcrypto Ed448 public key"))
            return;
        brisk_ed448_public(pub, priv);
        if (!tv_check_mem(pub, want_pub, 57, "public key, round %d", t))
            return;
        if (!tv_check_int(ossl_sign(want, priv, msg, msg_len, ctx, ctx_len), 0,
                          "libcrypto Ed448 sign, round %d", t))
            return;
        tv_check_int(brisk_ed448_sign(sig, msg, msg_len, ctx, ctx_len, priv, t % 2 ? pub : NULL),
                     0, "sign rc");
        tv_check_mem(sig, want, 114, "signature (%zu-byte message, %zu-byte context), round %d",
                     msg_len, ctx_len, t);
        tv_check_int(brisk_ed448_verify(want, msg, msg_len, ctx, ctx_len, pub), BRISK_EOK,
                     "brisk verifies libcrypto's signature, round %d", t);
        tv_check_int(ossl_verify(sig, pub, msg, msg_len, ctx, ctx_len), 1,
                     "libcrypto verifies brisk's signature, round %d", t);
        sig[(uint32_t)tv_rng_u64(&rng) % 114] ^= (uint8_t)(1u << ((uint32_t)tv_rng_u64(&rng) % 8));
        tv_check_int(brisk_ed448_verify(sig, msg, msg_len, ctx, ctx_len, pub), BRISK_EVERIFY,
                     "brisk refuses a changed signature, round %d", t);
        tv_check_int(ossl_verify(sig, pub, msg, msg_len, ctx, ctx_len), 0,
                     "libcrypto refuses the changed signature, round %d", t);
    }
}

static void shake(int rounds)
{
    uint8_t in[700], want[400], got[400];

    for (int t = 0; t < rounds; t++) {
        size_t in_len = (uint32_t)tv_rng_u64(&rng) % sizeof(in), out_len = 1 + (uint32_t)tv_rng_u64(&rng) % 400;
        tv_rng_fill(&rng, in, in_len);
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        int ok = md != NULL && EVP_DigestInit_ex(md, EVP_shake256(), NULL) == 1 &&
                 EVP_DigestUpdate(md, in, in_len) == 1 &&
                 EVP_DigestFinalXOF(md, want, out_len) == 1;
        EVP_MD_CTX_free(md);
        if (!tv_check(ok, "libcrypto SHAKE256"))
            return;
        brisk_shake256(got, out_len, in, in_len);
        tv_check_mem(got, want, out_len, "SHAKE256 of %zu bytes, %zu out", in_len, out_len);
    }
}

int main(void)
{
    tv_begin("test_diff_ed448");
    tv_rng_init(&rng, tv_seed());
    compare(tv_quick() ? 40 : 200);
    shake(tv_quick() ? 100 : 500);
    return tv_end();
}
