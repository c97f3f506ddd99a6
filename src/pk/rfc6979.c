/*
 * src/pk/rfc6979.c - the HMAC-DRBG of RFC 6979 section 3.2 (steps b to h)
 * that DSA (src/pk/dsa.c) and ECDSA (src/pk/ecdsa.c) draw their nonces
 * from, with section 3.6's additional data k' for hedged signatures.
 *
 * Constant-time: HMAC over secrets of fixed lengths; the callers decide
 * what to do with each candidate.
 */
#include "internal.h"

void brisk_rfc6979_rekey(brisk_rfc6979 *d, uint8_t sep, const uint8_t *x, const uint8_t *h,
                         size_t len, const uint8_t *extra)
{
    brisk_hmac_init(&d->hmac, d->md, d->k, d->h_len);
    brisk_hmac_update(&d->hmac, d->v, d->h_len);
    brisk_hmac_update(&d->hmac, &sep, 1);
    if (len != 0) {
        brisk_hmac_update(&d->hmac, x, len);
        brisk_hmac_update(&d->hmac, h, len);
    }
    if (extra != NULL)
        brisk_hmac_update(&d->hmac, extra, BRISK_RFC6979_EXTRA_LEN);
    brisk_hmac_final(&d->hmac, d->k);
    brisk_hmac_init(&d->hmac, d->md, d->k, d->h_len);
    brisk_hmac_update(&d->hmac, d->v, d->h_len);
    brisk_hmac_final(&d->hmac, d->v);
}

void brisk_rfc6979_init(brisk_rfc6979 *d, const brisk_digest *md, const uint8_t *x,
                        const uint8_t *h, size_t len, const uint8_t *extra)
{
    d->md = md;
    d->h_len = md->digest_len;
    memset(d->v, 0x01, d->h_len);
    memset(d->k, 0x00, d->h_len);
    brisk_rfc6979_rekey(d, 0x00, x, h, len, extra);
    brisk_rfc6979_rekey(d, 0x01, x, h, len, extra);
}

void brisk_rfc6979_generate(brisk_rfc6979 *d, uint8_t *t, size_t len)
{
    brisk_hmac_init(&d->hmac, d->md, d->k, d->h_len);
    for (size_t done = 0; done < len;) {
        size_t n = len - done < d->h_len ? len - done : d->h_len;
        brisk_hmac_update(&d->hmac, d->v, d->h_len);
        brisk_hmac_final(&d->hmac, d->v);
        memcpy(t + done, d->v, n);
        done += n;
    }
}
