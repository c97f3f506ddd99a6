/*
 * brisk/ec.h - ECDH (SEC 1 section 3.3.1) and ECDSA (FIPS 186-5 section 6)
 * on the NIST curves P-256, P-384 and P-521 (SP 800-186 section 3.2.1),
 * over a digest the caller has computed.
 *
 * Keys are byte strings: a private key is the big-endian scalar d of
 * exactly brisk_ec_bytes(curve) bytes, 1 <= d < n; a public key is the
 * SEC 1 (section 2.3.3) uncompressed point 04 || X || Y of 1 + 2 *
 * brisk_ec_bytes(curve) bytes.  Functions that take a public key also take
 * the compressed form 02/03 || X.  Every public key is validated: on the
 * curve, not the identity (the curves have cofactor 1, so that is also
 * membership of the group of order n).
 *
 * Signing uses RFC 6979 nonces hedged with 32 fresh random bytes (section
 * 3.6), as brisk_dsa_sign does, and verifies each signature before
 * releasing it.  Signatures are DER (SEQUENCE { r INTEGER, s INTEGER }) as
 * OpenSSL writes them, or the raw r || s of IEEE P1363, each exactly
 * brisk_ec_bytes(curve) long.  Everything that touches a private key or a
 * nonce (public-key derivation, ECDH, signing) is constant-time.
 */
#ifndef BRISK_EC_H
#define BRISK_EC_H

#include <brisk/common.h>
#include <brisk/digest.h>

#ifdef __cplusplus
extern "C" {
#endif

/* brisk_ec_curve names a curve. */
typedef enum brisk_ec_curve {
    BRISK_EC_P256 = 1,
    BRISK_EC_P384 = 2,
    BRISK_EC_P521 = 3
} brisk_ec_curve;

#define BRISK_EC_MAX_BYTES 66 /* P-521's field and scalar length */
#define BRISK_EC_MAX_POINT (1 + 2 * BRISK_EC_MAX_BYTES)
/* the longest DER signature (P-521: two INTEGERs of up to 67 bytes in a
 * SEQUENCE with a two-byte length), with room to spare */
#define BRISK_EC_MAX_SIG_LEN (3 + 2 * (3 + 1 + BRISK_EC_MAX_BYTES))

/* brisk_ec_bytes returns the length in bytes of curve's field elements and
 * scalars: 32, 48 or 66; 0 for an unknown curve. */
BRISK_API size_t brisk_ec_bytes(brisk_ec_curve curve);

/* brisk_ec_bits returns the size in bits of curve's field and order: 256,
 * 384 or 521; 0 for an unknown curve. */
BRISK_API size_t brisk_ec_bits(brisk_ec_curve curve);

/* brisk_ec_curve_by_name returns the curve named name, ignoring case:
 * "P-256", "prime256v1", "secp256r1", "P-384", "secp384r1", "P-521",
 * "secp521r1"; 0 for any other name or NULL. */
BRISK_API brisk_ec_curve brisk_ec_curve_by_name(const char *name);

/* brisk_ec_curve_name returns curve's NIST name, "P-256", "P-384" or
 * "P-521"; NULL for an unknown curve. */
BRISK_API const char *brisk_ec_curve_name(brisk_ec_curve curve);

/* brisk_ec_domain is a curve's domain parameters (SEC 2 version 2.0; the
 * P-256, P-384 and P-521 of SP 800-186) as big-endian bytes, each of p, a,
 * b and n in the field's length len: the prime p, the coefficients a (= p
 * - 3) and b of y^2 = x^3 + a x + b, the base point G uncompressed (04 ||
 * x || y), its order n, and the seed that X9.62's generation made b from.
 * The cofactor is 1. */
typedef struct brisk_ec_domain {
    size_t len;
    uint8_t p[BRISK_EC_MAX_BYTES], a[BRISK_EC_MAX_BYTES], b[BRISK_EC_MAX_BYTES];
    uint8_t g[BRISK_EC_MAX_POINT], n[BRISK_EC_MAX_BYTES];
    uint8_t seed[20];
} brisk_ec_domain;

/* brisk_ec_domain_of fills *d with curve's parameters; BRISK_EINVAL for
 * an unknown curve or d NULL. */
BRISK_API int brisk_ec_domain_of(brisk_ec_curve curve, brisk_ec_domain *d);

/* brisk_ec_keygen draws a private key uniformly from [1, n - 1] into priv
 * (brisk_ec_bytes bytes) and writes its uncompressed public key to pub
 * (1 + 2 * brisk_ec_bytes bytes).  Returns 0, BRISK_EINVAL (unknown curve,
 * NULL) or BRISK_ERANDOM (priv and pub are then zeroed). */
BRISK_API int brisk_ec_keygen(brisk_ec_curve curve, uint8_t *priv, uint8_t *pub);

/* brisk_ec_public writes the uncompressed public key d G of the private key
 * priv to pub.  Returns 0, or BRISK_EINVAL when d is 0 or >= n (or for an
 * unknown curve or NULL).  Constant-time in d. */
BRISK_API int brisk_ec_public(brisk_ec_curve curve, uint8_t *pub, const uint8_t *priv);

/* brisk_ec_check_private returns 0 when priv (brisk_ec_bytes bytes) is a
 * valid private key, 1 <= d < n, and BRISK_EINVAL otherwise.  Constant-time
 * but for the verdict. */
BRISK_API int brisk_ec_check_private(brisk_ec_curve curve, const uint8_t *priv);

/* brisk_ec_check_public returns 0 when pub (pub_len bytes, uncompressed or
 * compressed) encodes a point of the curve other than the identity with
 * coordinates below p, BRISK_EPUBKEY when it does not (a bad length or
 * first byte, a coordinate >= p, not on the curve, no square root for a
 * compressed X), and BRISK_EINVAL for an unknown curve or NULL. */
BRISK_API int brisk_ec_check_public(brisk_ec_curve curve, const uint8_t *pub, size_t pub_len);

/* brisk_ec_point_decompress writes the uncompressed form of the public key
 * pub (compressed or uncompressed, validated as brisk_ec_check_public
 * does) to out (1 + 2 * brisk_ec_bytes bytes).  Returns as
 * brisk_ec_check_public. */
BRISK_API int brisk_ec_point_decompress(brisk_ec_curve curve, uint8_t *out, const uint8_t *pub,
                                        size_t pub_len);

/* brisk_ecdh sets out (brisk_ec_bytes bytes) to the x-coordinate of d times
 * the peer's public key (SEC 1 section 3.3.1), d being priv.  Returns 0,
 * BRISK_EPUBKEY for a peer key brisk_ec_check_public rejects, or
 * BRISK_EINVAL (d = 0 or >= n, unknown curve, NULL).  Constant-time in d;
 * out may alias priv or peer. */
BRISK_API int brisk_ecdh(brisk_ec_curve curve, uint8_t *out, const uint8_t *priv,
                         const uint8_t *peer, size_t peer_len);

/* brisk_ecdsa_sign writes the DER signature of dgst (the digest, made with
 * md, truncated to n's bit length as FIPS 186-5 says) under the private key
 * priv to sig, and its length to *sig_len, which holds sig's size on entry
 * (BRISK_EC_MAX_SIG_LEN always suffices; BRISK_ENOSPACE when too small).
 * The nonce is RFC 6979's, with HMAC over md and 32 fresh random bytes as
 * section 3.6's additional data k' (so two signatures of one digest
 * differ).  The signature is verified before it is released: BRISK_EVERIFY
 * when that fails (a fault), and nothing is written; BRISK_ERANDOM without
 * random bytes; BRISK_EINVAL for a bad key, curve or argument. */
BRISK_API int brisk_ecdsa_sign(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig,
                               size_t *sig_len, const brisk_digest *md, const uint8_t *dgst,
                               size_t dgst_len);

/* brisk_ecdsa_sign_deterministic is brisk_ecdsa_sign with RFC 6979's plain
 * deterministic nonce (no k'), for known-answer tests: one signature per
 * key and digest. */
BRISK_API int brisk_ecdsa_sign_deterministic(brisk_ec_curve curve, const uint8_t *priv,
                                             uint8_t *sig, size_t *sig_len,
                                             const brisk_digest *md, const uint8_t *dgst,
                                             size_t dgst_len);

/* brisk_ecdsa_verify returns 0 when the DER signature sig (strict DER:
 * minimal lengths and integers, nothing after the SEQUENCE) is valid for
 * dgst under the public key pub (uncompressed or compressed), with r and s
 * in [1, n - 1]; BRISK_EVERIFY when it is not; BRISK_EPUBKEY when pub is
 * not a valid public key; BRISK_EINVAL for an unknown curve or NULL. */
BRISK_API int brisk_ecdsa_verify(brisk_ec_curve curve, const uint8_t *pub, size_t pub_len,
                                 const uint8_t *sig, size_t sig_len, const uint8_t *dgst,
                                 size_t dgst_len);

/* brisk_ecdsa_sign_raw, brisk_ecdsa_sign_raw_deterministic and
 * brisk_ecdsa_verify_raw are the same with the signature as r || s, each in
 * exactly brisk_ec_bytes bytes (sig_len is twice that; the signers take no
 * other length). */
BRISK_API int brisk_ecdsa_sign_raw(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig,
                                   size_t sig_len, const brisk_digest *md, const uint8_t *dgst,
                                   size_t dgst_len);
BRISK_API int brisk_ecdsa_sign_raw_deterministic(brisk_ec_curve curve, const uint8_t *priv,
                                                 uint8_t *sig, size_t sig_len,
                                                 const brisk_digest *md, const uint8_t *dgst,
                                                 size_t dgst_len);
BRISK_API int brisk_ecdsa_verify_raw(brisk_ec_curve curve, const uint8_t *pub, size_t pub_len,
                                     const uint8_t *sig, size_t sig_len, const uint8_t *dgst,
                                     size_t dgst_len);

#ifdef __cplusplus
}
#endif

#endif
