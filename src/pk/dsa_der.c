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
    size_t qlen;
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
    return brisk_der_sig_from_raw(sig, sig_len, raw, qlen);
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

int brisk_dsa_verify(const brisk_dsa_key *key, const uint8_t *sig, size_t sig_len,
                     const uint8_t *dgst, size_t dgst_len)
{
    uint8_t raw[2 * BRISK_DSA_MAX_Q_BYTES];
    size_t qlen;

    if (key == NULL || (sig == NULL && sig_len > 0))
        return BRISK_EVERIFY;
    qlen = q_bytes(key);
    if (qlen == 0 || qlen > BRISK_DSA_MAX_Q_BYTES)
        return BRISK_EVERIFY;
    if (brisk_der_sig_to_raw(raw, qlen, sig, sig_len) != BRISK_EOK)
        return BRISK_EVERIFY;
    return brisk_dsa_verify_raw(key, raw, 2 * qlen, dgst, dgst_len) == BRISK_EOK
               ? BRISK_EOK
               : BRISK_EVERIFY;
}
