/*
 * brisk/kdf.h - password-based key derivation: PBKDF2 (RFC 8018 section 5.2)
 * over HMAC with any brisk digest, and OpenSSL's legacy EVP_BytesToKey, the
 * derivation `openssl enc` uses without -pbkdf2.
 *
 * Argon2d, Argon2i and Argon2id (RFC 9106, version 0x13), the memory-hard
 * password hash of LUKS2 and libargon2.
 *
 * All wipe every intermediate derived from the password before returning.
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

/* Argon2's three variants (RFC 9106 section 3.1, the y field): Argon2d's
 * memory accesses depend on the password, Argon2i's do not, Argon2id's do
 * not in the first half of the first pass and do afterwards. */
typedef enum brisk_argon2_type {
    BRISK_ARGON2D = 0,
    BRISK_ARGON2I = 1,
    BRISK_ARGON2ID = 2
} brisk_argon2_type;

/* Argon2's cost and optional inputs (RFC 9106 section 3.1). */
typedef struct brisk_argon2_params {
    brisk_argon2_type type;
    uint32_t t_cost;  /* passes over memory, >= 1 */
    uint32_t m_cost;  /* memory in KiB, >= 8 * lanes (rounded down to a
                         multiple of 4 * lanes, as the RFC does) */
    uint32_t lanes;   /* parallelism p, 1 .. 2^24 - 1 */
    uint32_t threads; /* threads the lanes run on, 1 .. lanes (more is taken
                         as lanes); 0 means min(lanes, CPUs online).  The
                         output does not depend on it. */
    const uint8_t *secret; /* K, optional (NULL when secret_len is 0) */
    size_t secret_len;
    const uint8_t *ad;     /* associated data X, optional */
    size_t ad_len;
} brisk_argon2_params;

/* brisk_argon2 derives out_len (4 .. 2^32 - 1) bytes into out from the
 * password pass (pass_len bytes, may be 0) and salt (salt_len >= 8 bytes)
 * with Argon2 version 0x13 as p describes.  The memory (m_cost KiB) is
 * allocated for the call, wiped and freed before it returns.  Returns 0,
 * BRISK_EINVAL (p or out NULL, a pointer NULL with a non-zero length, a
 * cost or length out of range, an unknown type) or BRISK_ENOMEM (the
 * memory could not be allocated; where a thread cannot be created, its
 * lanes run on the others). */
BRISK_API int brisk_argon2(const brisk_argon2_params *p, uint8_t *out, size_t out_len,
                           const uint8_t *pass, size_t pass_len,
                           const uint8_t *salt, size_t salt_len);

#ifdef __cplusplus
}
#endif
#endif
