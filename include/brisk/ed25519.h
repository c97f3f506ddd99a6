/*
 * brisk/ed25519.h - Ed25519 signatures (RFC 8032 section 5.1: pure
 * Ed25519, and its variants Ed25519ctx and Ed25519ph): public keys from
 * 32-byte private keys (seeds), key pairs from the operating system's
 * random numbers, deterministic signing and verification.  Keys and
 * signatures are the RFC's byte strings: 32-byte private and public keys,
 * 64-byte signatures R || S, the same keys for all three variants (a
 * signature made under one variant verifies under no other).
 */
#ifndef BRISK_ED25519_H
#define BRISK_ED25519_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_ED25519_KEY_LEN 32 /* bytes in a private or public key */
#define BRISK_ED25519_SIG_LEN 64 /* bytes in a signature */

/* brisk_ed25519_public sets pub to the public key of the 32-byte private
 * key (seed) priv (RFC 8032 section 5.1.5).  Returns 0, or BRISK_EINVAL
 * when a pointer is NULL.  Constant-time in priv. */
BRISK_API int brisk_ed25519_public(uint8_t pub[32], const uint8_t priv[32]);

/* brisk_ed25519_keygen fills priv with 32 random bytes and pub with its
 * public key.  Returns 0, BRISK_EINVAL when a pointer is NULL, or
 * BRISK_ERANDOM when the system gave no random bytes (priv and pub are
 * then zeroed). */
BRISK_API int brisk_ed25519_keygen(uint8_t priv[32], uint8_t pub[32]);

/* brisk_ed25519_sign writes the pure Ed25519 signature (RFC 8032 section
 * 5.1.6) of the msg_len bytes at msg under the private key priv.  pub is
 * priv's public key, or NULL to have it computed (passing it saves a
 * scalar multiplication; a wrong one gives a signature that does not
 * verify).  msg may be NULL when msg_len is 0.  Returns 0, or BRISK_EINVAL
 * when sig or priv is NULL, or msg is NULL with msg_len above 0.
 * Constant-time in priv. */
BRISK_API int brisk_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                 const uint8_t priv[32], const uint8_t pub[32]);

/* brisk_ed25519_verify checks sig on the msg_len bytes at msg under the
 * public key pub (RFC 8032 section 5.1.7, [S]B = R + [k]A without the
 * cofactor, R compared by its encoding).  Returns BRISK_EOK when the
 * signature is valid, BRISK_EVERIFY otherwise (pub or R not a canonical
 * point encoding, S not below the group order L included), and
 * BRISK_EINVAL when sig or pub is NULL, or msg is NULL with msg_len above
 * 0.  Variable-time: every input is public. */
BRISK_API int brisk_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                   const uint8_t pub[32]);

/* brisk_ed25519ctx_sign writes the Ed25519ctx signature (RFC 8032 section
 * 5.1, dom2(0, ctx) before each hash) of the msg_len bytes at msg under
 * the private key priv, with the context ctx of ctx_len bytes (1 to 255:
 * Ed25519ctx has no empty context, that is pure Ed25519).  pub is as for
 * brisk_ed25519_sign.  Returns 0, or BRISK_EINVAL when sig, priv or ctx is
 * NULL, msg is NULL with msg_len above 0, or ctx_len is 0 or above 255.
 * Constant-time in priv. */
BRISK_API int brisk_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                    const uint8_t *ctx, size_t ctx_len, const uint8_t priv[32],
                                    const uint8_t pub[32]);

/* brisk_ed25519ctx_verify checks the Ed25519ctx signature sig on the
 * msg_len bytes at msg under the public key pub with the context ctx of
 * ctx_len bytes, as brisk_ed25519_verify does pure Ed25519's.  Returns
 * BRISK_EOK when it is valid, BRISK_EVERIFY when it is not, BRISK_EINVAL
 * on the arguments brisk_ed25519ctx_sign refuses.  Variable-time: every
 * input is public. */
BRISK_API int brisk_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                      const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32]);

/* brisk_ed25519ph_sign writes the Ed25519ph signature (RFC 8032 section
 * 5.1, dom2(1, ctx), over the 64-byte SHA-512 of the message) of the
 * msg_len bytes at msg, the message itself (hashed here, then signed by
 * brisk_ed25519ph_sign_digest), under the private key priv, with the
 * context ctx of ctx_len bytes (0 to 255; NULL and 0 for the empty
 * context).  pub is as for brisk_ed25519_sign.  Returns 0, or BRISK_EINVAL
 * when sig or priv is NULL, msg or ctx is NULL with a length above 0, or
 * ctx_len is above 255.  Constant-time in priv. */
BRISK_API int brisk_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                   const uint8_t *ctx, size_t ctx_len, const uint8_t priv[32],
                                   const uint8_t pub[32]);

/* brisk_ed25519ph_verify checks the Ed25519ph signature sig on the message
 * of msg_len bytes at msg (hashed here with SHA-512) under the public key
 * pub with the context ctx of ctx_len bytes.  Returns BRISK_EOK when it is
 * valid, BRISK_EVERIFY when it is not, BRISK_EINVAL on the arguments
 * brisk_ed25519ph_sign refuses.  Variable-time: every input is public. */
BRISK_API int brisk_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                     const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32]);

/* brisk_ed25519ph_sign_digest writes the Ed25519ph signature of a message
 * whose SHA-512 the caller computed: digest is PH(M) of RFC 8032 section
 * 5.1, digest_len bytes, which must be 64 (a message hashed elsewhere, in
 * a stream or on another machine).  ctx, priv and pub are as for
 * brisk_ed25519ph_sign, whose signature of a message this is when digest
 * is that message's SHA-512.  Returns 0, or BRISK_EINVAL when sig, digest
 * or priv is NULL, digest_len is not 64, ctx is NULL with ctx_len above 0,
 * or ctx_len is above 255.  Constant-time in priv. */
BRISK_API int brisk_ed25519ph_sign_digest(uint8_t sig[64], const uint8_t *digest,
                                          size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                          const uint8_t priv[32], const uint8_t pub[32]);

/* brisk_ed25519ph_verify_digest checks the Ed25519ph signature sig of the
 * message whose 64-byte SHA-512 is the digest_len bytes at digest, under
 * the public key pub with the context ctx of ctx_len bytes.  Returns
 * BRISK_EOK when it is valid, BRISK_EVERIFY when it is not, BRISK_EINVAL
 * when sig, digest or pub is NULL, digest_len is not 64, or ctx is as
 * brisk_ed25519ph_sign_digest refuses.  Variable-time: every input is
 * public. */
BRISK_API int brisk_ed25519ph_verify_digest(const uint8_t sig[64], const uint8_t *digest,
                                            size_t digest_len, const uint8_t *ctx,
                                            size_t ctx_len, const uint8_t pub[32]);

#ifdef __cplusplus
}
#endif

#endif
