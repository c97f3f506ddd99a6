/*
 * src/kdf/evp_bytes_to_key.c - OpenSSL's EVP_BytesToKey: the legacy
 * password-to-key derivation of `openssl enc` (an extension of PBKDF1,
 * RFC 8018 section 5.1, to outputs longer than one digest).
 *
 * D_i = md^count(D_{i-1} || password || salt) with D_0 empty; the key takes
 * the first bytes of D_1 || D_2 || ..., the IV the bytes after it.  Every
 * D_i is wiped.  No branch or address depends on the password.
 */
#include <brisk/kdf.h>

#include "../internal.h"

/* take copies up to *want bytes of d[*pos..d_len) to *dst, advancing all. */
static void take(uint8_t **dst, size_t *want, const uint8_t *d, size_t d_len,
                 size_t *pos)
{
    size_t n = d_len - *pos;

    if (n > *want)
        n = *want;
    if (n == 0)
        return;
    memcpy(*dst, d + *pos, n);
    *dst += n;
    *want -= n;
    *pos += n;
}

int brisk_evp_bytes_to_key(const brisk_digest *md, uint8_t *key, size_t key_len,
                           uint8_t *iv, size_t iv_len,
                           const uint8_t *pass, size_t pass_len,
                           const uint8_t *salt, unsigned count)
{
    uint8_t d[BRISK_DIGEST_MAX_LEN];
    brisk_digest_ctx ctx;
    size_t hlen, d_len = 0;

    if (md == NULL || count == 0 || (key == NULL && key_len > 0) ||
        (iv == NULL && iv_len > 0) || (pass == NULL && pass_len > 0))
        return BRISK_EINVAL;
    hlen = md->digest_len;
    while (key_len > 0 || iv_len > 0) {
        size_t pos = 0;
        brisk_digest_init(&ctx, md);
        brisk_digest_update(&ctx, d, d_len);
        if (pass_len > 0)
            brisk_digest_update(&ctx, pass, pass_len);
        if (salt != NULL)
            brisk_digest_update(&ctx, salt, 8);
        brisk_digest_final(&ctx, d);
        for (unsigned j = 1; j < count; j++)
            brisk_digest_oneshot(md, d, d, hlen);
        d_len = hlen;
        take(&key, &key_len, d, d_len, &pos);
        take(&iv, &iv_len, d, d_len, &pos);
    }
    wipe(d, sizeof(d));
    return BRISK_EOK;
}
