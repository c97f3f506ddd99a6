/*
 * brisk/common.h - return codes, version and the export macro shared by every
 * area of libbrisk.
 *
 * For contributors, the conventions every public header follows:
 * - Each function declared in include/brisk/ is marked BRISK_API, and only
 *   those are exported: the library is built with -fvisibility=hidden, so
 *   kernels, dispatch and helpers in src/ stay internal however they are
 *   named (tests/test_exports.sh checks that libbrisk.so exports exactly
 *   what the headers declare).
 * - Bytes are uint8_t: `const uint8_t *in, size_t in_len` for input,
 *   `uint8_t *out` for output; brisk_wipe alone takes any object (void *).
 * - A function that can fail returns 0 or a negative BRISK_E* code, never
 *   also an answer: a yes/no that may fail comes back through an
 *   out-parameter (brisk_bn_is_probable_prime).  Functions that cannot fail
 *   may return their answer (brisk_bn_cmp, brisk_pkey_has_private).
 * - Choices among named values are enums (brisk_cipher_mode,
 *   brisk_pkey_type, brisk_pkey_form), each with its own prefix, not bare
 *   ints that one type's values could collide with another's.
 * - A context or key with secrets or resources in it is erased (and what
 *   it holds released) by <type>_cleanup: brisk_cipher_cleanup,
 *   brisk_hmac_cleanup, brisk_rsa_key_cleanup, brisk_dsa_key_cleanup,
 *   brisk_pkey_cleanup.  Digest contexts need none: final wipes them.
 */
#ifndef BRISK_COMMON_H
#define BRISK_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_VERSION_STRING "0.1.0"

/* BRISK_API marks what libbrisk.so exports. */
#if defined(__GNUC__) || defined(__clang__)
#define BRISK_API __attribute__((visibility("default")))
#else
#define BRISK_API
#endif

/* BRISK_ALIGNAS(n) aligns a struct member to n bytes the same way in C11,
 * C++11 and later, and C99 with GNU attributes: the headers compile as all
 * three (tests/test_headers.sh). */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define BRISK_ALIGNAS(n) alignas(n)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define BRISK_ALIGNAS(n) _Alignas(n)
#elif defined(__GNUC__) || defined(__clang__)
#define BRISK_ALIGNAS(n) __attribute__((aligned(n)))
#else
#error "brisk/common.h: no way to align a member (need C11, C++11 or GNU C)"
#endif

/* Every function that can fail returns 0 on success or one of these. */
#define BRISK_EOK          0
#define BRISK_EINVAL     (-1) /* a parameter is out of range or NULL */
#define BRISK_ENOTFOUND  (-2) /* no algorithm or implementation of that name */
#define BRISK_EUNSUPPORTED (-3) /* this CPU cannot run that implementation, or
                                   brisk lacks the feature (a key encryption
                                   scheme other than PBES2 or Proc-Type) */
#define BRISK_EVERIFY    (-4) /* a tag or signature did not verify */
#define BRISK_ERANDOM    (-5) /* the system gave no random bytes */
#define BRISK_EDECODE    (-6) /* malformed or unsupported encoding (DER, PEM) */
#define BRISK_ENOSPACE   (-7) /* the output buffer is too small */
#define BRISK_ENOMEM     (-8) /* memory could not be allocated */
#define BRISK_EDECRYPT   (-9) /* an encrypted key or an RSA ciphertext did
                                 not decrypt: a wrong password or key, or
                                 the data is corrupt */
#define BRISK_EENCRYPTED (-10) /* the key is encrypted: a password is needed */
#define BRISK_EPUBKEY    (-11) /* a peer's public value is out of range or
                                 outside the group (Diffie-Hellman) */
#define BRISK_ECURVE     (-12) /* a key or parameters on an elliptic curve
                                 brisk does not have (by name or explicit
                                 parameters) */
#define BRISK_EGROUP     (-13) /* a Diffie-Hellman key in a group brisk does
                                 not have (it has RFC 7919's) */

/* brisk_strerror returns a short English description of a BRISK_E* code. */
BRISK_API const char *brisk_strerror(int err);

/* brisk_version returns the library's version string, e.g. "0.1.0". */
BRISK_API const char *brisk_version(void);

/* brisk_wipe overwrites len bytes at p with zeros in a way the compiler cannot
 * remove; used for keys and secret intermediate state. */
BRISK_API void brisk_wipe(void *p, size_t len);

#ifdef __cplusplus
}
#endif
#endif
