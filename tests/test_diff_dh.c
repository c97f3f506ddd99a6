/*
 * tests/test_diff_dh.c - finite-field Diffie-Hellman against OpenSSL 3's
 * libcrypto (EVP_PKEY "DH" with the named groups "ffdhe2048" ...
 * "ffdhe8192"), for every bignum implementation this CPU can run:
 *  - OpenSSL's p for each group is brisk's;
 *  - a key pair OpenSSL generated gives brisk the same public value from
 *    its private exponent, and brisk's key pairs pass OpenSSL's checks
 *    (EVP_PKEY_public_check, EVP_PKEY_pairwise_check);
 *  - the shared secret, derived with padding (EVP_PKEY_CTX_set_dh_pad), is
 *    the same both ways: brisk's key with OpenSSL's public value and
 *    OpenSSL's key with brisk's, on random keys of both;
 *  - fixed exponents (those of tests/test_dh.c's known answers for
 *    ffdhe2048) derive in OpenSSL the secret brisk derives.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/dh.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* ossl_key builds an OpenSSL DH key in group from big-endian pub and
 * (optionally) priv. */
static EVP_PKEY *ossl_key(const char *group, const uint8_t *pub, size_t pub_len,
                          const uint8_t *priv, size_t priv_len)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *y = BN_bin2bn(pub, (int)pub_len, NULL);
    BIGNUM *x = priv != NULL ? BN_bin2bn(priv, (int)priv_len, NULL) : NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    EVP_PKEY *pkey = NULL;

    if (bld == NULL || y == NULL || (priv != NULL && x == NULL) ||
        !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0) ||
        !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PUB_KEY, y) ||
        (x != NULL && !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, x)) ||
        (params = OSSL_PARAM_BLD_to_param(bld)) == NULL ||
        (ctx = EVP_PKEY_CTX_new_from_name(NULL, "DH", NULL)) == NULL ||
        EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, x != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                          params) <= 0)
        pkey = NULL;
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(y);
    BN_clear_free(x);
    return pkey;
}

static EVP_PKEY *ossl_generate(const char *group)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "DH", NULL);
    OSSL_PARAM params[2];
    EVP_PKEY *pkey = NULL;
    char name[32];

    snprintf(name, sizeof(name), "%s", group);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, name, 0);
    params[1] = OSSL_PARAM_construct_end();
    if (ctx == NULL || EVP_PKEY_keygen_init(ctx) <= 0 ||
        EVP_PKEY_CTX_set_params(ctx, params) <= 0 || EVP_PKEY_generate(ctx, &pkey) <= 0)
        pkey = NULL;
    EVP_PKEY_CTX_free(ctx);
    return pkey;
}

/* ossl_bn_param writes the BIGNUM parameter name of pkey big-endian in
 * exactly len bytes; 0 on failure. */
static int ossl_bn_param(uint8_t *out, size_t len, EVP_PKEY *pkey, const char *name)
{
    BIGNUM *b = NULL;
    int ok = EVP_PKEY_get_bn_param(pkey, name, &b) > 0 &&
             BN_bn2binpad(b, out, (int)len) == (int)len;
    BN_clear_free(b);
    return ok;
}

/* ossl_derive derives with padding: 0 on failure, else the length. */
static size_t ossl_derive(uint8_t *out, size_t cap, EVP_PKEY *mine, EVP_PKEY *peer)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(mine, NULL);
    size_t len = cap;

    if (ctx == NULL || EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_CTX_set_dh_pad(ctx, 1) <= 0 ||
        EVP_PKEY_derive_set_peer(ctx, peer) <= 0 || EVP_PKEY_derive(ctx, out, &len) <= 0)
        len = 0;
    EVP_PKEY_CTX_free(ctx);
    return len;
}

static int ossl_checks(EVP_PKEY *pkey)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    int ok = ctx != NULL && EVP_PKEY_public_check(ctx) == 1 && EVP_PKEY_pairwise_check(ctx) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static void test_group(const brisk_dh_group *g, const char *impl, int rounds)
{
    const size_t len = g->bits / 8;
    uint8_t p[BRISK_DH_MAX_BYTES], y_o[BRISK_DH_MAX_BYTES], y_b[BRISK_DH_MAX_BYTES];
    uint8_t x_o[BRISK_DH_MAX_BYTES], x_b[BRISK_DH_MAX_BYTES];
    uint8_t z_o[BRISK_DH_MAX_BYTES], z_b[BRISK_DH_MAX_BYTES];

    for (int r = 0; r < rounds; r++) {
        EVP_PKEY *o = ossl_generate(g->name), *b_full = NULL, *o_pub = NULL;
        brisk_dh_key ko, kb;
        size_t xl;

        if (!tv_check(o != NULL, "%s: OpenSSL generates", g->name))
            return;
        tv_check(ossl_bn_param(p, len, o, OSSL_PKEY_PARAM_FFC_P) && memcmp(p, g->p, len) == 0,
                 "%s: OpenSSL's p is brisk's", g->name);
        ossl_bn_param(y_o, len, o, OSSL_PKEY_PARAM_PUB_KEY);
        ossl_bn_param(x_o, len, o, OSSL_PKEY_PARAM_PRIV_KEY);
        /* OpenSSL's private exponent in brisk gives OpenSSL's public value */
        for (xl = len; xl > 1 && x_o[len - xl] == 0; xl--)
            ;
        tv_check_int(brisk_dh_key_set(&ko, g, y_o, len, x_o + len - xl, xl), BRISK_EOK,
                     "%s %s: OpenSSL's key pair in brisk", g->name, impl);
        /* brisk's key pair in OpenSSL */
        tv_check_int(brisk_dh_generate_key(&kb, g), BRISK_EOK, "%s: generate", g->name);
        brisk_dh_public(y_b, len, &kb);
        brisk_bn_to_bytes(x_b, 64, &kb.x);
        b_full = ossl_key(g->name, y_b, len, x_b, 64);
        o_pub = ossl_key(g->name, y_o, len, NULL, 0);
        if (!tv_check(b_full != NULL && o_pub != NULL, "%s: keys into OpenSSL", g->name))
            goto next;
        tv_check(ossl_checks(b_full), "%s %s: OpenSSL checks brisk's key pair", g->name, impl);
        /* both ways */
        tv_check_int((long long)ossl_derive(z_o, sizeof(z_o), b_full, o_pub), (long long)len,
                     "%s: OpenSSL derives", g->name);
        tv_check_int(brisk_dh_derive(z_b, len, &kb, y_o, len), BRISK_EOK, "%s: brisk derives",
                     g->name);
        tv_check_mem(z_b, z_o, len, "%s %s: brisk's x, OpenSSL's y", g->name, impl);
        EVP_PKEY_free(o_pub);
        o_pub = ossl_key(g->name, y_b, len, NULL, 0);
        tv_check_int((long long)ossl_derive(z_o, sizeof(z_o), o, o_pub), (long long)len,
                     "%s: OpenSSL derives", g->name);
        tv_check_int(brisk_dh_derive(z_b, len, &ko, y_b, len), BRISK_EOK, "%s: brisk derives",
                     g->name);
        tv_check_mem(z_b, z_o, len, "%s %s: OpenSSL's x, brisk's y", g->name, impl);
    next:
        EVP_PKEY_free(o);
        EVP_PKEY_free(b_full);
        EVP_PKEY_free(o_pub);
        brisk_dh_key_cleanup(&ko);
        brisk_dh_key_cleanup(&kb);
    }
}

/* test_fixed derives with tests/test_dh.c's fixed ffdhe2048 exponents in
 * both libraries. */
static void test_fixed(const char *impl)
{
    static const char xb_hex[] = "01758f2003b0ad95ebaab6b51058a262b3e6742e2c0f6591bf214dfe8d";
    static const char xa_hex[] = "f633c251e25a1463aaa49b7ea1f0e5d0c5dd1ab6056b1e63eba737c6";
    const brisk_dh_group *g = brisk_dh_group_by_name("ffdhe2048");
    uint8_t xa[32], xb[32], ya[256], yb[256], z_b[256], z_o[256];
    size_t la, lb;
    brisk_dh_key a, b;
    EVP_PKEY *oa, *ob;

    tv_hex_decode(xa, sizeof(xa), xa_hex, &la);
    tv_hex_decode(xb, sizeof(xb), xb_hex, &lb);
    if (!tv_check_int(brisk_dh_key_set(&a, g, NULL, 0, xa, la), BRISK_EOK, "fixed a") ||
        !tv_check_int(brisk_dh_key_set(&b, g, NULL, 0, xb, lb), BRISK_EOK, "fixed b"))
        return;
    brisk_dh_public(ya, 256, &a);
    brisk_dh_public(yb, 256, &b);
    oa = ossl_key("ffdhe2048", ya, 256, xa, la);
    ob = ossl_key("ffdhe2048", yb, 256, NULL, 0);
    if (tv_check(oa != NULL && ob != NULL, "fixed keys into OpenSSL")) {
        tv_check(ossl_checks(oa), "fixed: OpenSSL checks the key pair");
        tv_check_int((long long)ossl_derive(z_o, sizeof(z_o), oa, ob), 256,
                     "fixed: OpenSSL derives");
        tv_check_int(brisk_dh_derive(z_b, 256, &a, yb, 256), BRISK_EOK, "fixed: brisk derives");
        tv_check_mem(z_b, z_o, 256, "fixed exponents %s: the same secret", impl);
    }
    EVP_PKEY_free(oa);
    EVP_PKEY_free(ob);
    brisk_dh_key_cleanup(&a);
    brisk_dh_key_cleanup(&b);
}

int main(void)
{
    const char *impl;
    char list[128];

    tv_begin("test_diff_dh");
    for (size_t it = 0; (impl = tv_impl_next("bn", &it)) != NULL;) {
        test_fixed(impl);
        for (size_t i = 0; brisk_dh_group_at(i) != NULL; i++) {
            const brisk_dh_group *g = brisk_dh_group_at(i);
            int rounds = g->bits <= 3072 ? (tv_quick() ? 2 : 4) : 1;
            if (tv_quick() && g->bits > 4096)
                continue;
            test_group(g, impl, rounds);
        }
    }
    tv_note("against libcrypto with bn: %s", tv_impl_list("bn", list, sizeof(list)));
    ERR_clear_error();
    return tv_end();
}
