/*
 * tests/test_diff_cipher.c - every registered cipher that OpenSSL's libcrypto
 * also has (the legacy provider loaded for DES, RC2, RC4, Blowfish and
 * CAST5; IDEA and RC5 when this build of OpenSSL has them), on random keys
 * of every accepted length, IVs, AAD and message lengths: brisk's output
 * must equal OpenSSL's byte for byte (padding and AEAD tags included), and
 * brisk must decrypt OpenSSL's output.  Run under every implementation of
 * the cipher's primitive that this CPU can execute.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_MSG 1100

/* ossl_crypt runs OpenSSL's EVP on the same inputs; returns the length or
 * -1.  For an AEAD, tag is produced (16 bytes). */
static long ossl_crypt(EVP_CIPHER *evp, const brisk_cipher *c, int enc, const uint8_t *key,
                       size_t key_len, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                       size_t aad_len, uint8_t *tag, uint8_t *out, const uint8_t *in, size_t len)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, m = 0;
    long r = -1;

    if (ctx == NULL || EVP_CipherInit_ex2(ctx, evp, NULL, NULL, enc, NULL) != 1)
        goto done;
    if ((c->flags & BRISK_CIPHER_VARKEY) && EVP_CIPHER_CTX_set_key_length(ctx, (int)key_len) != 1)
        goto done;
    if (c->mode == BRISK_MODE_GCM) {
        OSSL_PARAM p[2] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &iv_len),
                           OSSL_PARAM_END};
        if (EVP_CIPHER_CTX_set_params(ctx, p) != 1)
            goto done;
    }
    if (EVP_CipherInit_ex2(ctx, NULL, key, iv, enc, NULL) != 1)
        goto done;
    if (aad_len > 0 && EVP_CipherUpdate(ctx, NULL, &n, aad, (int)aad_len) != 1)
        goto done;
    if (EVP_CipherUpdate(ctx, out, &n, in, (int)len) != 1)
        goto done;
    if (EVP_CipherFinal_ex(ctx, out + n, &m) != 1)
        goto done;
    if ((c->flags & BRISK_CIPHER_AEAD) &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag) != 1)
        goto done;
    r = n + m;
done:
    EVP_CIPHER_CTX_free(ctx);
    return r;
}

/* brisk_crypt is the same through brisk, in random pieces. */
static long brisk_crypt(const brisk_cipher *c, int enc, const uint8_t *key, size_t key_len,
                        const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                        uint8_t *tag, uint8_t *out, const uint8_t *in, size_t len, tv_rng *rng)
{
    brisk_cipher_ctx ctx;
    size_t n = 0, got, done = 0;

    if (brisk_cipher_init(&ctx, c, enc, key, key_len, iv, iv_len) != 0)
        return -1;
    if (aad_len > 0 && brisk_cipher_aad(&ctx, aad, aad_len) != 0)
        return -1;
    if ((c->flags & BRISK_CIPHER_AEAD) && !enc && brisk_cipher_set_tag(&ctx, tag, 16) != 0)
        return -1;
    do {
        size_t piece = len - done;
        if (c->mode != BRISK_MODE_XTS && piece > 0)
            piece = tv_rng_below(rng, piece + 1);
        if (brisk_cipher_update(&ctx, out + n, &got, in + done, piece) != 0)
            return -1;
        n += got;
        done += piece;
    } while (done < len);
    if (brisk_cipher_final(&ctx, out + n, &got) != 0)
        return -1;
    if ((c->flags & BRISK_CIPHER_AEAD) && enc && brisk_cipher_get_tag(&ctx, tag, 16) != 0)
        return -1;
    brisk_cipher_cleanup(&ctx);
    return (long)(n + got);
}

static size_t pick_len(const brisk_cipher *c, tv_rng *rng, int round)
{
    size_t len = round < 40 ? (size_t)round : tv_rng_below(rng, MAX_MSG + 1);
    if (c->mode == BRISK_MODE_XTS && len < 16)
        len += 16;
    return len;
}

static size_t pick_key_len(const brisk_cipher *c, tv_rng *rng)
{
    if (!(c->flags & BRISK_CIPHER_VARKEY) || tv_rng_below(rng, 2) == 0)
        return c->key_len;
    size_t lo = c->key_min > 0 ? c->key_min : 1;
    return lo + tv_rng_below(rng, c->key_max - lo + 1);
}

static void diff_one(const brisk_cipher *c, EVP_CIPHER *evp, tv_rng *rng, const char *impl)
{
    uint8_t key[256], iv[64], aad[64], msg[MAX_MSG], a[MAX_MSG + 32], b[MAX_MSG + 32];
    uint8_t tag_a[16], tag_b[16], back[MAX_MSG + 32];
    int rounds = tv_quick() ? 60 : 150;

    for (int r = 0; r < rounds; r++) {
        size_t len = pick_len(c, rng, r), key_len = pick_key_len(c, rng);
        size_t iv_len = c->iv_len, aad_len = 0;
        if (c->mode == BRISK_MODE_GCM)
            iv_len = r % 5 == 0 ? 1 + tv_rng_below(rng, 64) : 12;
        if (c->flags & BRISK_CIPHER_AEAD)
            aad_len = tv_rng_below(rng, sizeof(aad) + 1);
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, iv, sizeof(iv));
        tv_rng_fill(rng, aad, sizeof(aad));
        tv_rng_fill(rng, msg, len);
        long na = brisk_crypt(c, 1, key, key_len, iv, iv_len, aad, aad_len, tag_a, a, msg, len,
                              rng);
        long nb = ossl_crypt(evp, c, 1, key, key_len, iv, iv_len, aad, aad_len, tag_b, b, msg,
                             len);
        if (nb < 0) {
            /* OpenSSL refuses some keys (XTS with equal halves cannot
             * happen with random ones); brisk must then refuse too. */
            tv_check(na < 0, "%s [%s]: OpenSSL refused key length %zu, brisk did not", c->name,
                     impl, key_len);
            continue;
        }
        if (!tv_check(na == nb, "%s [%s] len %zu key %zu: brisk %ld bytes, OpenSSL %ld", c->name,
                      impl, len, key_len, na, nb))
            continue;
        tv_check_mem(a, b, (size_t)na, "%s [%s] len %zu key %zu iv %zu", c->name, impl, len,
                     key_len, iv_len);
        if (c->flags & BRISK_CIPHER_AEAD)
            tv_check_mem(tag_a, tag_b, 16, "%s [%s] tag, len %zu aad %zu iv %zu", c->name, impl,
                         len, aad_len, iv_len);
        long nback = brisk_crypt(c, 0, key, key_len, iv, iv_len, aad, aad_len, tag_b, back, b,
                                 (size_t)nb, rng);
        if (tv_check(nback == (long)len, "%s [%s] decrypt OpenSSL's ciphertext, len %zu",
                     c->name, impl, len))
            tv_check_mem(back, msg, len, "%s [%s] decrypted OpenSSL's ciphertext", c->name, impl);
    }
}

static const char *prim_of(const brisk_cipher *c, int which)
{
    if (strncmp(c->name, "aes", 3) == 0)
        return which == 0 ? "aes" : c->mode == BRISK_MODE_GCM ? "ghash" : NULL;
    if (c->mode == BRISK_MODE_CHACHA20_POLY1305 && which == 1)
        return "poly1305";
    if (which != 0)
        return NULL;
    if (strncmp(c->name, "des", 3) == 0)
        return "des";
    if (strncmp(c->name, "bf", 2) == 0)
        return "bf";
    if (strncmp(c->name, "rc4", 3) == 0)
        return "rc4";
    if (strncmp(c->name, "chacha20", 8) == 0)
        return "chacha20";
    return NULL;
}

static int prim_exists(const char *name)
{
    for (size_t i = 0; brisk_prim_name(i) != NULL; i++)
        if (strcmp(brisk_prim_name(i), name) == 0)
            return 1;
    return 0;
}

int main(void)
{
    tv_rng rng;
    size_t compared = 0, absent = 0;

    tv_begin("test_diff_cipher");
    tv_rng_init(&rng, tv_seed());
    OSSL_PROVIDER *def = OSSL_PROVIDER_load(NULL, "default");
    OSSL_PROVIDER *legacy = OSSL_PROVIDER_load(NULL, "legacy");
    tv_check(def != NULL && legacy != NULL, "OpenSSL default and legacy providers load");

    for (size_t i = 0; brisk_cipher_at(i) != NULL; i++) {
        const brisk_cipher *c = brisk_cipher_at(i);
        EVP_CIPHER *evp = EVP_CIPHER_fetch(NULL, c->name, NULL);
        if (evp == NULL) {
            tv_note("%s: not in this OpenSSL, not compared", c->name);
            absent++;
            continue;
        }
        diff_one(c, evp, &rng, "default");
        for (int p = 0; p < 2; p++) {
            const char *prim = prim_of(c, p), *impl;
            size_t j = 0;
            if (prim == NULL || !prim_exists(prim))
                continue;
            while ((impl = tv_impl_next(prim, &j)) != NULL)
                diff_one(c, evp, &rng, impl);
        }
        EVP_CIPHER_free(evp);
        compared++;
    }
    tv_note("%zu ciphers compared with OpenSSL, %zu absent from it", compared, absent);
    tv_check(compared > 0, "at least one cipher compared");
    OSSL_PROVIDER_unload(legacy);
    OSSL_PROVIDER_unload(def);
    return tv_end();
}
