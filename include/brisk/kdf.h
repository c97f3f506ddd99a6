/*
 * brisk/kdf.h - password-based key derivation: PBKDF2 (RFC 8018 section 5.2)
 * over HMAC with any brisk digest, and OpenSSL's legacy EVP_BytesToKey, the
 * derivation `openssl enc` uses without -pbkdf2.
 *
 * Both wipe every intermediate derived from the password before returning.
 */
#ifndef BRISK_KDF_H
#define BRISK_KDF_H

#include <brisk/digest.h>

#ifdef __cplusplus
extern "C" {
#endif

/* brisk_pbkdf2_hmac derives out_len bytes into out from the password pass
 * (pass_len bytes) and salt (salt_len bytes) with `iterations` (>= 1) rounds
 * of HMAC-md, as RFC 8018's PBKDF2 and OpenSSL's PKCS5_PBKDF2_HMAC do.
 * out_len 0 writes nothing.  Returns 0, or BRISK_EINVAL when md is NULL,
 * iterations is 0, a pointer is NULL with a non-zero length, or out_len
 * exceeds (2^32 - 1) digest lengths. */
BRISK_API int brisk_pbkdf2_hmac(const brisk_digest *md, uint8_t *out, size_t out_len,
                                const uint8_t *pass, size_t pass_len,
                                const uint8_t *salt, size_t salt_len, uint32_t iterations);

/* brisk_evp_bytes_to_key derives key_len bytes of key and then iv_len bytes
 * of IV from the password pass (pass_len bytes) and an optional 8-byte salt
 * (NULL for none) as OpenSSL's EVP_BytesToKey does: D_1 = md^count(pass ||
 * salt), D_i = md^count(D_{i-1} || pass || salt), key || iv = D_1 || D_2 ...
 * where md^count hashes count (>= 1) times.  `openssl enc` without -pbkdf2
 * uses it with count 1 (and md sha256 since OpenSSL 1.1.0).  key or iv may
 * be NULL when its length is 0.  Returns 0, or BRISK_EINVAL when md is NULL,
 * count is 0, or a pointer is NULL with a non-zero length. */
BRISK_API int brisk_evp_bytes_to_key(const brisk_digest *md, uint8_t *key, size_t key_len,
                                     uint8_t *iv, size_t iv_len,
                                     const uint8_t *pass, size_t pass_len,
                                     const uint8_t *salt, unsigned count);

#ifdef __cplusplus
}
#endif
#endif
