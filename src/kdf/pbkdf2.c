/*
 * src/kdf/pbkdf2.c - PBKDF2 (RFC 8018 section 5.2) with HMAC as the PRF.
 *
 * The password is keyed into one HMAC context once; every U_j of every
 * block then costs two compressions of the digest, with no re-keying
 * (brisk_hmac_final restarts under the same key).  U_j, T_i and the HMAC
 * states are wiped on return.  Not constant-time with respect to lengths
 * or the iteration count, which are public; no branch or address depends on
 * the password.
 */
#include <brisk/kdf.h>
#include <brisk/mac.h>

#include "../internal.h"

/* pbkdf2_block computes T_i = U_1 ^ ... ^ U_c for block index i into t. */
static void pbkdf2_block(brisk_hmac_ctx *hmac, uint8_t *t, const uint8_t *salt,
                         size_t salt_len, uint32_t i, uint32_t iterations)
{
    uint8_t u[BRISK_DIGEST_MAX_LEN], index[4];
    size_t hlen = hmac->ikey.md->digest_len;

    store32_be(index, i);
    if (salt_len > 0)
        brisk_hmac_update(hmac, salt, salt_len);
    brisk_hmac_update(hmac, index, sizeof(index));
    brisk_hmac_final(hmac, u);
    memcpy(t, u, hlen);
    for (uint32_t j = 1; j < iterations; j++) {
        brisk_hmac_update(hmac, u, hlen);
        brisk_hmac_final(hmac, u);
        for (size_t k = 0; k < hlen; k++)
            t[k] ^= u[k];
    }
    wipe(u, sizeof(u));
}

int brisk_pbkdf2_hmac(const brisk_digest *md, uint8_t *out, size_t out_len,
                      const uint8_t *pass, size_t pass_len,
                      const uint8_t *salt, size_t salt_len, uint32_t iterations)
{
    uint8_t t[BRISK_DIGEST_MAX_LEN];
    brisk_hmac_ctx hmac;
    size_t hlen;
    int err;

    if (md == NULL || iterations == 0 || (out == NULL && out_len > 0) ||
        (pass == NULL && pass_len > 0) || (salt == NULL && salt_len > 0))
        return BRISK_EINVAL;
    hlen = md->digest_len;
    /* RFC 8018: dkLen at most (2^32 - 1) * hLen, written to avoid overflow. */
    if (out_len > 0 && (out_len - 1) / hlen >= UINT32_MAX)
        return BRISK_EINVAL;
    err = brisk_hmac_init(&hmac, md, pass, pass_len);
    if (err != BRISK_EOK)
        return err;
    for (uint32_t i = 1; out_len > 0; i++) {
        size_t n = out_len < hlen ? out_len : hlen;
        pbkdf2_block(&hmac, t, salt, salt_len, i, iterations);
        memcpy(out, t, n);
        out += n;
        out_len -= n;
    }
    wipe(t, sizeof(t));
    brisk_hmac_cleanup(&hmac);
    return BRISK_EOK;
}
