/*
 * src/pk/dsa_der.c - DSA signatures in DER, Dss-Sig-Value SEQUENCE { r
 * INTEGER, s INTEGER } (RFC 3279 section 2.2.2), as OpenSSL writes them:
 * wrappers over the raw r || s of brisk_dsa_sign_raw and
 * brisk_dsa_verify_raw.
 *
 * Verification takes strict DER only (minimal lengths and INTEGERs, r and
 * s positive, nothing after the SEQUENCE), so that a signature has one
 * encoding.  Signatures are public: nothing here is constant-time.
 */
#include <brisk/dsa.h>

#include "internal.h"

/* q_bytes returns the length of q in bytes. */
static size_t q_bytes(const brisk_dsa_key *key)
{
    return (brisk_bn_bits(&key->params.q) + 7) / 8;
}

/* sign_der signs with brisk_dsa_sign_raw or its deterministic form and
 * wraps r and s in DER. */
static int sign_der(const brisk_dsa_key *key, uint8_t *sig, size_t *sig_len,
                    const brisk_digest *md, const uint8_t *dgst, size_t dgst_len, int hedged)
{
    uint8_t raw[2 * BRISK_DSA_MAX_Q_BYTES];
    size_t qlen, mark;
    der_writer w;
    int err;

    if (key == NULL || sig == NULL || sig_len == NULL)
        return BRISK_EINVAL;
    qlen = q_bytes(key);
    if (qlen == 0 || qlen > BRISK_DSA_MAX_Q_BYTES)
        return BRISK_EINVAL;
    err = hedged ? brisk_dsa_sign_raw(key, raw, 2 * qlen, md, dgst, dgst_len)
                 : brisk_dsa_sign_raw_deterministic(key, raw, 2 * qlen, md, dgst, dgst_len);
    if (err != BRISK_EOK)
        return err;
    w = der_writer_init(sig, *sig_len);
    mark = w.len;
    brisk_der_put_uint(&w, raw + qlen, qlen);
    brisk_der_put_uint(&w, raw, qlen);
    brisk_der_wrap(&w, DER_SEQUENCE, mark);
    return brisk_der_finish(&w, sig_len);
}

int brisk_dsa_sign(const brisk_dsa_key *key, uint8_t *sig, size_t *sig_len,
                   const brisk_digest *md, const uint8_t *dgst, size_t dgst_len)
{
    return sign_der(key, sig, sig_len, md, dgst, dgst_len, 1);
}

int brisk_dsa_sign_deterministic(const brisk_dsa_key *key, uint8_t *sig, size_t *sig_len,
                                 const brisk_digest *md, const uint8_t *dgst, size_t dgst_len)
{
    return sign_der(key, sig, sig_len, md, dgst, dgst_len, 0);
}

/* get_scalar takes a positive INTEGER of at most qlen bytes into out,
 * left-padded to qlen bytes. */
static int get_scalar(der_reader *r, uint8_t *out, size_t qlen)
{
    const uint8_t *mag;
    size_t len;

    if (brisk_der_get_uint(r, &mag, &len) != BRISK_EOK || len == 0 || len > qlen)
        return BRISK_EVERIFY;
    memset(out, 0, qlen - len);
    memcpy(out + qlen - len, mag, len);
    return BRISK_EOK;
}

int brisk_dsa_verify(const brisk_dsa_key *key, const uint8_t *sig, size_t sig_len,
                     const uint8_t *dgst, size_t dgst_len)
{
    uint8_t raw[2 * BRISK_DSA_MAX_Q_BYTES];
    der_reader r, s;
    size_t qlen;

    if (key == NULL || (sig == NULL && sig_len > 0))
        return BRISK_EVERIFY;
    qlen = q_bytes(key);
    if (qlen == 0 || qlen > BRISK_DSA_MAX_Q_BYTES)
        return BRISK_EVERIFY;
    r = der_reader_init(sig, sig_len);
    if (brisk_der_get(&r, DER_SEQUENCE, &s) != BRISK_EOK || !der_done(&r) ||
        get_scalar(&s, raw, qlen) != BRISK_EOK || get_scalar(&s, raw + qlen, qlen) != BRISK_EOK ||
        !der_done(&s))
        return BRISK_EVERIFY;
    return brisk_dsa_verify_raw(key, raw, 2 * qlen, dgst, dgst_len) == BRISK_EOK
               ? BRISK_EOK
               : BRISK_EVERIFY;
}
