/*
 * tests/test_diff_dsa.c - DSA against OpenSSL 3's libcrypto (EVP): for
 * (1024, 160), (2048, 224), (2048, 256) and (3072, 256), over the
 * parameters of the Wycheproof groups, with keys made by brisk and by
 * OpenSSL, on random digests of SHA-1, SHA-224 and SHA-256 lengths:
 *  - brisk signs (raw r || s and DER), OpenSSL verifies;
 *  - OpenSSL signs (random nonces), brisk verifies, raw and DER;
 *  - either rejects the other's signature over another digest;
 *  - OpenSSL's public-key check accepts brisk's keys, brisk's
 *    brisk_dsa_key_prepare accepts OpenSSL's;
 *  - OpenSSL validates, from their seed and counter (FIPS 186-4 A.1.1.3 and
 *    A.2.4), parameters brisk generated: (1024, 160) with SHA-1 and, unless
 *    BRISK_TEST_QUICK, (2048, 224) with SHA-256.
 * DER goes through OpenSSL's own DSA_SIG for the raw calls, and brisk's
 * DER (brisk_dsa_sign/verify) must agree with it byte for byte.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/dsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <brisk/brisk.h>

#include "../src/pk/dsa_internal.h"
#include "vectors.h"

static BIGNUM *to_ossl(const brisk_bn *a)
{
    uint8_t buf[BRISK_BN_MAX_BITS / 8];
    size_t len = (brisk_bn_bits(a) + 7) / 8;
    if (brisk_bn_to_bytes(buf, len, a) != BRISK_EOK)
        return NULL;
    return BN_bin2bn(buf, (int)len, NULL);
}

static int from_ossl(brisk_bn *r, const BIGNUM *a)
{
    uint8_t buf[BRISK_BN_MAX_BITS / 8];
    int len = BN_num_bytes(a);
    if (len > (int)sizeof(buf) || BN_bn2bin(a, buf) != len)
        return BRISK_EINVAL;
    return brisk_bn_from_bytes(r, buf, (size_t)len);
}

/* ossl_key builds OpenSSL's DSA key from a brisk key (with x if it has it,
 * or only the parameters when `params_only`). */
static EVP_PKEY *ossl_key(const brisk_dsa_key *k, int params_only)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *n[5] = {to_ossl(&k->params.p), to_ossl(&k->params.q), to_ossl(&k->params.g),
                    params_only ? NULL : to_ossl(&k->y),
                    params_only || !k->has_private ? NULL : to_ossl(&k->x)};
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL);
    OSSL_PARAM *params = NULL;
    EVP_PKEY *pkey = NULL;
    int sel = params_only ? EVP_PKEY_KEY_PARAMETERS
                          : k->has_private ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;

    if (bld != NULL && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_P, n[0]) &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_Q, n[1]) &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_G, n[2]) &&
        (n[3] == NULL || OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PUB_KEY, n[3])) &&
        (n[4] == NULL || OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, n[4])))
        params = OSSL_PARAM_BLD_to_param(bld);
    if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, sel, params) <= 0)
        pkey = NULL;
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EVP_PKEY_CTX_free(ctx);
    for (int i = 0; i < 5; i++)
        BN_clear_free(n[i]);
    return pkey;
}

/* ossl_keygen has OpenSSL make a key over params, returned as a brisk key
 * (prepared by the caller). */
static int ossl_keygen(brisk_dsa_key *out, const brisk_dsa_key *params)
{
    EVP_PKEY *pk = ossl_key(params, 1), *key = NULL;
    EVP_PKEY_CTX *ctx = pk != NULL ? EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL) : NULL;
    BIGNUM *x = NULL, *y = NULL;
    int ok = ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0 && EVP_PKEY_keygen(ctx, &key) > 0 &&
             EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &x) &&
             EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PUB_KEY, &y);

    memset(out, 0, sizeof(*out));
    out->params = params->params;
    out->has_private = 1;
    ok = ok && from_ossl(&out->x, x) == BRISK_EOK && from_ossl(&out->y, y) == BRISK_EOK;
    BN_clear_free(x);
    BN_free(y);
    EVP_PKEY_free(key);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pk);
    return ok;
}

/* raw_to_der and der_to_raw convert with OpenSSL's DSA_SIG. */
static int raw_to_der(const uint8_t *raw, size_t ql, uint8_t *der, size_t *der_len)
{
    DSA_SIG *s = DSA_SIG_new();
    BIGNUM *r = BN_bin2bn(raw, (int)ql, NULL), *ss = BN_bin2bn(raw + ql, (int)ql, NULL);
    unsigned char *p = NULL;
    int len = -1;

    if (s != NULL && r != NULL && ss != NULL && DSA_SIG_set0(s, r, ss)) {
        r = ss = NULL;
        len = i2d_DSA_SIG(s, &p);
    }
    if (len > 0 && (size_t)len <= *der_len) {
        memcpy(der, p, (size_t)len);
        *der_len = (size_t)len;
    } else {
        len = -1;
    }
    OPENSSL_free(p);
    BN_free(r);
    BN_free(ss);
    DSA_SIG_free(s);
    return len > 0;
}

static int der_to_raw(const uint8_t *der, size_t der_len, uint8_t *raw, size_t ql)
{
    const unsigned char *p = der;
    DSA_SIG *s = d2i_DSA_SIG(NULL, &p, (long)der_len);
    const BIGNUM *r, *ss;
    int ok = s != NULL;

    if (ok) {
        DSA_SIG_get0(s, &r, &ss);
        ok = BN_bn2binpad(r, raw, (int)ql) == (int)ql && BN_bn2binpad(ss, raw + ql, (int)ql) == (int)ql;
    }
    DSA_SIG_free(s);
    return ok;
}

static int ossl_sign(EVP_PKEY *pkey, uint8_t *der, size_t *der_len, const uint8_t *dgst,
                     size_t dgst_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    int ok = ctx != NULL && EVP_PKEY_sign_init(ctx) > 0 &&
             EVP_PKEY_sign(ctx, der, der_len, dgst, dgst_len) > 0;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static int ossl_verify(EVP_PKEY *pkey, const uint8_t *der, size_t der_len, const uint8_t *dgst,
                       size_t dgst_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    int ok = ctx != NULL && EVP_PKEY_verify_init(ctx) > 0 &&
             EVP_PKEY_verify(ctx, der, der_len, dgst, dgst_len) == 1;
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return ok;
}

static int ossl_public_check(EVP_PKEY *pkey)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    int ok = ctx != NULL && EVP_PKEY_public_check(ctx) == 1;
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return ok;
}

/* both_ways signs random digests with brisk and OpenSSL under one key pair
 * and checks each verifies the other's, in raw and DER form. */
static void both_ways(tv_rng *rng, const brisk_dsa_key *key, const char *what, int rounds)
{
    static const char *const mds[] = {"sha1", "sha224", "sha256"};
    EVP_PKEY *pkey = ossl_key(key, 0);
    size_t ql = (brisk_bn_bits(&key->params.q) + 7) / 8;

    if (!tv_check(pkey != NULL, "%s: OpenSSL takes the key", what))
        return;
    tv_check(ossl_public_check(pkey), "%s: OpenSSL's public key check", what);
    for (int i = 0; i < rounds; i++) {
        const brisk_digest *md = brisk_digest_by_name(mds[i % 3]);
        uint8_t dgst[BRISK_DIGEST_MAX_LEN], raw[2 * BRISK_DSA_MAX_Q_BYTES];
        uint8_t der[BRISK_DSA_MAX_SIG_LEN], der2[BRISK_DSA_MAX_SIG_LEN];
        size_t dl = md->digest_len, der_len = sizeof(der), der2_len = sizeof(der2);

        tv_rng_fill(rng, dgst, dl);
        /* brisk signs, OpenSSL verifies */
        if (tv_check_int(brisk_dsa_sign_raw_deterministic(key, raw, 2 * ql, md, dgst, dl),
                         BRISK_EOK,
                         "%s %s: brisk signs", what, md->name) &&
            tv_check(raw_to_der(raw, ql, der, &der_len), "%s: DSA_SIG encodes", what)) {
            tv_check(ossl_verify(pkey, der, der_len, dgst, dl), "%s %s: OpenSSL verifies brisk's",
                     what, md->name);
            if (tv_check_int(brisk_dsa_sign_deterministic(key, der2, &der2_len, md, dgst, dl),
                             BRISK_EOK,
                             "%s %s: brisk DER sign", what, md->name))
                tv_check(der2_len == der_len && memcmp(der, der2, der_len) == 0,
                         "%s %s: brisk's DER is DSA_SIG's", what, md->name);
            dgst[0] ^= 1;
            tv_check(!ossl_verify(pkey, der, der_len, dgst, dl),
                     "%s %s: OpenSSL rejects brisk's over another digest", what, md->name);
            dgst[0] ^= 1;
        }
        /* OpenSSL signs, brisk verifies */
        der_len = sizeof(der);
        if (tv_check(ossl_sign(pkey, der, &der_len, dgst, dl), "%s %s: OpenSSL signs", what,
                     md->name) &&
            tv_check(der_to_raw(der, der_len, raw, ql), "%s: DSA_SIG decodes", what)) {
            tv_check_int(brisk_dsa_verify_raw(key, raw, 2 * ql, dgst, dl), BRISK_EOK,
                         "%s %s: brisk verifies OpenSSL's (raw)", what, md->name);
            tv_check_int(brisk_dsa_verify(key, der, der_len, dgst, dl), BRISK_EOK,
                         "%s %s: brisk verifies OpenSSL's (DER)", what, md->name);
            dgst[dl - 1] ^= 0x40;
            /* a digest longer than q counts only by its first q bytes */
            tv_check_int(brisk_dsa_verify_raw(key, raw, 2 * ql, dgst, dl),
                         dl > ql ? BRISK_EOK : BRISK_EVERIFY,
                         "%s %s: brisk on a changed last digest byte", what, md->name);
            tv_check(ossl_verify(pkey, der, der_len, dgst, dl) == (dl > ql),
                     "%s %s: OpenSSL on a changed last digest byte", what, md->name);
        }
    }
    EVP_PKEY_free(pkey);
}

static void test_size(tv_rng *rng, const char *rel, const char *what, int rounds)
{
    brisk_dsa_key params, mine, theirs;
    char name[80];

    memset(&params, 0, sizeof(params));
    if (!tv_wycheproof_dsa_params(&params.params, rel))
        return;
    if (tv_check_int(brisk_dsa_generate_key(&mine, &params.params), BRISK_EOK,
                     "%s: brisk generates a key", what)) {
        snprintf(name, sizeof(name), "%s brisk key", what);
        both_ways(rng, &mine, name, rounds);
    }
    if (tv_check(ossl_keygen(&theirs, &params), "%s: OpenSSL generates a key", what) &&
        tv_check_int(brisk_dsa_key_prepare(&theirs), BRISK_EOK, "%s: brisk takes OpenSSL's key",
                     what)) {
        snprintf(name, sizeof(name), "%s OpenSSL key", what);
        both_ways(rng, &theirs, name, rounds);
    }
    brisk_dsa_key_cleanup(&mine);
    brisk_dsa_key_cleanup(&theirs);
}

/* ossl_validates builds OpenSSL's DSA parameters with the seed, counter and
 * index of their generation and runs its full check, which validates them
 * by FIPS 186-4 A.1.1.3 and A.2.4.  (OpenSSL 3.0 keeps a pointer to the
 * digest name in params: they are freed after the key.) */
static int ossl_validates(const brisk_dsa_params *pr, const uint8_t *seed, size_t seed_len,
                          size_t counter, const char *md)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *n[3] = {to_ossl(&pr->p), to_ossl(&pr->q), to_ossl(&pr->g)};
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL), *check = NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY *pkey = NULL;
    int ok;

    if (bld != NULL && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_P, n[0]) &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_Q, n[1]) &&
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_FFC_G, n[2]) &&
        OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_FFC_SEED, seed, seed_len) &&
        OSSL_PARAM_BLD_push_int(bld, OSSL_PKEY_PARAM_FFC_PCOUNTER, (int)counter) &&
        OSSL_PARAM_BLD_push_int(bld, OSSL_PKEY_PARAM_FFC_GINDEX, 1) &&
        OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_FFC_DIGEST, md, 0))
        params = OSSL_PARAM_BLD_to_param(bld);
    if (params == NULL || ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEY_PARAMETERS, params) <= 0)
        pkey = NULL;
    check = pkey != NULL ? EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL) : NULL;
    ok = check != NULL && EVP_PKEY_param_check(check) == 1;
    ERR_clear_error();
    EVP_PKEY_CTX_free(check);
    EVP_PKEY_free(pkey);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EVP_PKEY_CTX_free(ctx);
    for (int i = 0; i < 3; i++)
        BN_free(n[i]);
    return ok;
}

/* test_params_ossl has OpenSSL validate, from its seed and counter, a
 * parameter set brisk generated: p and q by A.1.1.3, g by A.2.4 (index 1);
 * with a seed bit flipped, or another counter, it must not. */
static void test_params_ossl(size_t l_bits, size_t n_bits)
{
    brisk_dsa_params pr;
    uint8_t seed[BRISK_DSA_MAX_Q_BYTES];
    size_t counter, seed_len = n_bits / 8;
    const char *md = n_bits == 160 ? "SHA1" : "SHA256";

    if (!tv_check_int(brisk_dsa_generate_params_seeded(&pr, l_bits, n_bits, seed, &counter),
                      BRISK_EOK, "generate_params(%zu, %zu)", l_bits, n_bits))
        return;
    tv_check(ossl_validates(&pr, seed, seed_len, counter, md),
             "OpenSSL validates brisk's (%zu, %zu) from seed and counter %zu", l_bits, n_bits,
             counter);
    seed[seed_len - 1] ^= 1;
    tv_check(!ossl_validates(&pr, seed, seed_len, counter, md),
             "(%zu, %zu): OpenSSL refuses another seed", l_bits, n_bits);
    seed[seed_len - 1] ^= 1;
    tv_check(!ossl_validates(&pr, seed, seed_len, counter + 1, md),
             "(%zu, %zu): OpenSSL refuses another counter", l_bits, n_bits);
}

int main(void)
{
    tv_rng rng;
    int rounds = tv_quick() ? 3 : 9;

    tv_begin("test_diff_dsa");
    tv_rng_init(&rng, tv_seed());
    test_size(&rng, "wycheproof/testvectors_legacy_v0/dsa_test.json", "DSA (1024, 160)", rounds);
    test_size(&rng, "wycheproof/testvectors_v1/dsa_2048_224_sha224_p1363_test.json",
              "DSA (2048, 224)", rounds);
    test_size(&rng, "wycheproof/testvectors_v1/dsa_2048_256_sha256_p1363_test.json",
              "DSA (2048, 256)", rounds);
    test_size(&rng, "wycheproof/testvectors_v1/dsa_3072_256_sha256_p1363_test.json",
              "DSA (3072, 256)", rounds);
    test_params_ossl(1024, 160);
    if (!tv_quick())
        test_params_ossl(2048, 224);
    return tv_end();
}
