/*
 * brisk/ed448.h - Ed448 signatures (RFC 8032 section 5.2, pure Ed448 with
 * an optional context, and Ed448ph): public keys from private ones, key
 * pairs from the operating system's random numbers, signing and
 * verification.  Private
 * keys are the RFC's 57-byte seeds, public keys 57-byte encoded points,
 * signatures 114 bytes (R then S).
 */
#ifndef BRISK_ED448_H
#define BRISK_ED448_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_ED448_KEY_LEN 57 /* bytes in a private or public key */
#define BRISK_ED448_SIG_LEN 114 /* bytes in a signature */

/* brisk_ed448_public sets pub to the public key of the private key priv
 * (RFC 8032 section 5.2.5).  Returns 0, or BRISK_EINVAL when a pointer is
 * NULL.  Constant-time in priv. */
BRISK_API int brisk_ed448_public(uint8_t pub[57], const uint8_t priv[57]);

/* brisk_ed448_keygen fills priv with 57 random bytes and pub with its
 * public key.  Returns 0, BRISK_EINVAL when a pointer is NULL, or
 * BRISK_ERANDOM when the system gave no random bytes (priv and pub are
 * then zeroed). */
BRISK_API int brisk_ed448_keygen(uint8_t priv[57], uint8_t pub[57]);

/* brisk_ed448_sign sets sig to the pure Ed448 signature (RFC 8032 section
 * 5.2.6) of the msg_len bytes at msg under the private key priv, with the
 * context ctx of ctx_len bytes (at most 255; NULL and 0 for the empty
 * context of plain Ed448).  pub is priv's public key, or NULL to have it
 * computed (a public key that is not priv's gives a signature that does
 * not verify).  Deterministic; constant-time in priv.  Returns 0, or
 * BRISK_EINVAL when sig, priv or a non-empty msg or ctx is NULL or ctx_len
 * exceeds 255.  sig may not overlap the inputs. */
BRISK_API int brisk_ed448_sign(uint8_t sig[114], const uint8_t *msg, size_t msg_len,
                               const uint8_t *ctx, size_t ctx_len, const uint8_t priv[57],
                               const uint8_t pub[57]);

/* brisk_ed448_verify checks the Ed448 signature sig of msg under the
 * public key pub with the context ctx (RFC 8032 section 5.2.7, with every
 * check of section 5.2.3 on R and pub and S below L).  Returns BRISK_EOK
 * when it is valid, BRISK_EVERIFY when it is not (a malformed key or
 * signature included), BRISK_EINVAL when sig, pub or a non-empty msg or
 * ctx is NULL or ctx_len exceeds 255.  Not constant-time: its inputs are
 * public. */
BRISK_API int brisk_ed448_verify(const uint8_t sig[114], const uint8_t *msg, size_t msg_len,
                                 const uint8_t *ctx, size_t ctx_len, const uint8_t pub[57]);

/* brisk_ed448ph_sign sets sig to the Ed448ph signature (RFC 8032 section
 * 5.2, dom4(1, ctx), over the 64-byte SHAKE256 of the message) of the
 * msg_len bytes at msg, the message itself (hashed here, then signed by
 * brisk_ed448ph_sign_digest), under the
 * private key priv with the context ctx of ctx_len bytes (at most 255;
 * NULL and 0 for the empty context).  pub is as for brisk_ed448_sign.
 * Deterministic; constant-time in priv.  Returns 0, or BRISK_EINVAL when
 * sig, priv or a non-empty msg or ctx is NULL or ctx_len exceeds 255. */
BRISK_API int brisk_ed448ph_sign(uint8_t sig[114], const uint8_t *msg, size_t msg_len,
                                 const uint8_t *ctx, size_t ctx_len, const uint8_t priv[57],
                                 const uint8_t pub[57]);

/* brisk_ed448ph_verify checks the Ed448ph signature sig of the message msg
 * (hashed here with SHAKE256 to 64 bytes) under the public key pub with
 * the context ctx, with brisk_ed448_verify's checks.  Returns BRISK_EOK
 * when it is valid, BRISK_EVERIFY when it is not, BRISK_EINVAL on the
 * arguments brisk_ed448ph_sign refuses.  Not constant-time: its inputs
 * are public. */
BRISK_API int brisk_ed448ph_verify(const uint8_t sig[114], const uint8_t *msg, size_t msg_len,
                                   const uint8_t *ctx, size_t ctx_len, const uint8_t pub[57]);

/* brisk_ed448ph_sign_digest sets sig to the Ed448ph signature of a
 * message whose SHAKE256 the caller computed: digest is PH(M) of RFC 8032
 * section 5.2, SHAKE256(M, 64), digest_len bytes, which must be 64 (a
 * message hashed elsewhere, in a stream or on another machine).  ctx,
 * priv and pub are as for brisk_ed448ph_sign, whose signature of a
 * message this is when digest is that message's hash.  Deterministic;
 * constant-time in priv.  Returns 0, or BRISK_EINVAL when sig, digest or
 * priv is NULL, digest_len is not 64, ctx is NULL with ctx_len above 0, or
 * ctx_len exceeds 255. */
BRISK_API int brisk_ed448ph_sign_digest(uint8_t sig[114], const uint8_t *digest,
                                        size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                        const uint8_t priv[57], const uint8_t pub[57]);

/* brisk_ed448ph_verify_digest checks the Ed448ph signature sig of the
 * message whose 64-byte SHAKE256 is the digest_len bytes at digest, under
 * the public key pub with the context ctx, with brisk_ed448_verify's
 * checks.  Returns BRISK_EOK when it is valid, BRISK_EVERIFY when it is
 * not, BRISK_EINVAL when sig, digest or pub is NULL, digest_len is not 64,
 * or ctx is as brisk_ed448ph_sign_digest refuses.  Not constant-time: its
 * inputs are public. */
BRISK_API int brisk_ed448ph_verify_digest(const uint8_t sig[114], const uint8_t *digest,
                                          size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                          const uint8_t pub[57]);

#ifdef __cplusplus
}
#endif

#endif
