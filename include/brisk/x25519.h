/*
 * brisk/x25519.h - X25519 Diffie-Hellman (RFC 7748): the Montgomery-ladder
 * function on Curve25519, public keys from private ones, and key pairs from
 * the operating system's random numbers.  Keys and shared secrets are the
 * RFC's 32-byte little-endian strings.
 */
#ifndef BRISK_X25519_H
#define BRISK_X25519_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_X25519_LEN 32 /* bytes in a private key, public key or secret */

/* brisk_x25519 sets out to X25519(scalar, u) (RFC 7748 section 5): scalar
 * is clamped first and u's top bit ignored, as the RFC says, so any 32
 * bytes are accepted.  Returns 0, BRISK_EINVAL when a pointer is NULL, or
 * BRISK_EINVAL with out set to 32 zero bytes when the result is all zero
 * (u is of low order: the check RFC 7748 section 6.1 lets callers make, and
 * TLS 1.3 and OpenSSL's derive make).  Constant-time in scalar and u; out
 * may alias either. */
BRISK_API int brisk_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);

/* brisk_x25519_public sets pub to the public key of the private key priv:
 * X25519(priv, 9), 9 being the base point's u.  Returns 0, or BRISK_EINVAL
 * when a pointer is NULL. */
BRISK_API int brisk_x25519_public(uint8_t pub[32], const uint8_t priv[32]);

/* brisk_x25519_keygen fills priv with 32 random bytes (clamped, as OpenSSL
 * stores them) and pub with its public key.  Returns 0, BRISK_EINVAL when
 * a pointer is NULL, or BRISK_ERANDOM when the system gave no random bytes
 * (priv and pub are then zeroed). */
BRISK_API int brisk_x25519_keygen(uint8_t priv[32], uint8_t pub[32]);

#ifdef __cplusplus
}
#endif

#endif
