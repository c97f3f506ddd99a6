/*
 * brisk/x448.h - X448 Diffie-Hellman (RFC 7748): the Montgomery-ladder
 * function on Curve448, public keys from private ones, and key pairs from
 * the operating system's random numbers.  Keys and shared secrets are the
 * RFC's 56-byte little-endian strings.
 */
#ifndef BRISK_X448_H
#define BRISK_X448_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_X448_LEN 56 /* bytes in a private key, public key or secret */

/* brisk_x448 sets out to X448(scalar, u) (RFC 7748 section 5): scalar is
 * clamped first (the two low bits cleared, bit 447 set) and u taken
 * modulo p, as the RFC says, so any 56 bytes are accepted.  Returns 0,
 * BRISK_EINVAL when a pointer is NULL, or BRISK_EINVAL with out set to 56
 * zero bytes when the result is all zero (u is of low order: the check
 * RFC 7748 section 6.2 lets callers make, and OpenSSL's derive makes).
 * Constant-time in scalar and u; out may alias either. */
BRISK_API int brisk_x448(uint8_t out[56], const uint8_t scalar[56], const uint8_t u[56]);

/* brisk_x448_public sets pub to the public key of the private key priv:
 * X448(priv, 5), 5 being the base point's u.  Returns 0, or BRISK_EINVAL
 * when a pointer is NULL. */
BRISK_API int brisk_x448_public(uint8_t pub[56], const uint8_t priv[56]);

/* brisk_x448_keygen fills priv with 56 random bytes (clamped) and pub
 * with its public key.  Returns 0, BRISK_EINVAL when a pointer is NULL, or
 * BRISK_ERANDOM when the system gave no random bytes (priv and pub are
 * then zeroed). */
BRISK_API int brisk_x448_keygen(uint8_t priv[56], uint8_t pub[56]);

#ifdef __cplusplus
}
#endif

#endif
