/*
 * brisk/dh.h - finite-field Diffie-Hellman (SP 800-56A rev. 3, the
 * dhEphem/dhStatic primitive of section 5.7.1.1) over the named groups of
 * RFC 7919 appendix A: ffdhe2048, ffdhe3072, ffdhe4096, ffdhe6144 and
 * ffdhe8192, safe primes p = 2q + 1 with generator 2.
 *
 * Private exponents are RFC 7919 section 5.2's short exponents: uniformly
 * random of the group's priv_bits bits or fewer (225, 275, 325, 375 and 400
 * bits: at least twice the security strength, as SP 800-56A rev. 3 section
 * 5.6.1.1.1 asks for N), never 0; OpenSSL 3 makes keys of the same length
 * for these groups.  A private exponent set from outside may be any x with
 * 1 <= x <= q - 1.
 *
 * A peer's public value y is accepted only when 2 <= y <= p - 2 and y lies
 * in the subgroup of order q (y^q = 1 mod p, RFC 7919 section 5.1 and SP
 * 800-56A's full public-key validation): brisk_dh_derive and
 * brisk_dh_key_set check both and answer BRISK_EPUBKEY otherwise.  For these
 * safe primes y^q mod p is the Legendre symbol (y / p), which is computed as
 * a Jacobi symbol (variable-time, y is public) at a small fraction of an
 * exponentiation's cost.
 *
 * The shared secret is y^x mod p as a big-endian string of exactly p's
 * length, zeros on the left (RFC 7919 section 4, OpenSSL's DH derive with
 * padding), and is never 1 (checked, as SP 800-56A section 5.7.1.1 asks).
 * Deriving and making the public value are constant-time in x (a fixed
 * window exponentiation over the dispatched Montgomery kernels, the "bn"
 * primitive); brisk_dh_key_cleanup erases the key.
 */
#ifndef BRISK_DH_H
#define BRISK_DH_H

#include <brisk/bn.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_DH_MAX_BITS 8192                      /* ffdhe8192 */
#define BRISK_DH_MAX_BYTES (BRISK_DH_MAX_BITS / 8)  /* its public values and secrets */

/* brisk_dh_group is one named group: its RFC 7919 name, the sizes of p (a
 * multiple of 64 bits) and of its private exponents, its maximum security
 * strength (SP 800-56A rev. 3 appendix D: 112, 128, 152, 176, 200) and p,
 * big-endian in bits / 8 bytes.  The generator is 2 and q = (p - 1) / 2. */
typedef struct brisk_dh_group {
    const char *name;
    size_t bits;
    size_t priv_bits;
    unsigned strength;
    const uint8_t *p;
} brisk_dh_group;

/* brisk_dh_key is a key pair (or a public key alone) in a group: y = 2^x
 * mod p, x in the width of priv_bits (or of the bytes it was set from),
 * and p prepared for Montgomery arithmetic.  Fill it with
 * brisk_dh_generate_key or brisk_dh_key_set only (which set length to 0).
 * length is the privateValueLength in bits that the key's encoding carried
 * (0: none), which brisk/pkey.h keeps and writes back; nothing here uses
 * it. */
typedef struct brisk_dh_key {
    const brisk_dh_group *group;
    brisk_bn x, y;
    int has_private;
    brisk_bn_mont mont;
    size_t length;
} brisk_dh_key;

/* brisk_dh_group_by_name returns the group called name ("ffdhe2048" ...
 * "ffdhe8192"), or NULL. */
BRISK_API const brisk_dh_group *brisk_dh_group_by_name(const char *name);

/* brisk_dh_group_at returns the i-th group, by size, or NULL past the last. */
BRISK_API const brisk_dh_group *brisk_dh_group_at(size_t i);

/* brisk_dh_generate_key makes a key pair in group: x uniformly random in
 * [1, 2^priv_bits - 1], y = 2^x mod p.  0, BRISK_EINVAL or BRISK_ERANDOM. */
BRISK_API int brisk_dh_generate_key(brisk_dh_key *key, const brisk_dh_group *group);

/* brisk_dh_key_set sets key from big-endian numbers: the public value pub
 * (NULL for none: then priv is needed and y is computed) and the private
 * exponent priv (NULL for a public key).  pub is checked as
 * brisk_dh_check_public does (BRISK_EPUBKEY), priv must be 1 <= x <= q - 1
 * and, with both, y = 2^x mod p (BRISK_EINVAL).  The check of x is
 * constant-time in x; its width is priv_len's. */
BRISK_API int brisk_dh_key_set(brisk_dh_key *key, const brisk_dh_group *group,
                               const uint8_t *pub, size_t pub_len, const uint8_t *priv,
                               size_t priv_len);

/* brisk_dh_public writes key's public value to out, big-endian in exactly
 * out_len bytes, zeros on the left: p's length or more, else
 * BRISK_ENOSPACE. */
BRISK_API int brisk_dh_public(uint8_t *out, size_t out_len, const brisk_dh_key *key);

/* brisk_dh_check_public checks a peer's public value (big-endian, pub_len
 * bytes of which leading ones may be zero): 0 when 2 <= y <= p - 2 and
 * y^q = 1 mod p, else BRISK_EPUBKEY (BRISK_EINVAL for NULL arguments).
 * Variable-time (y is public). */
BRISK_API int brisk_dh_check_public(const brisk_dh_group *group, const uint8_t *pub,
                                    size_t pub_len);

/* brisk_dh_derive computes the secret shared with the peer whose public
 * value is peer (checked as brisk_dh_check_public does: BRISK_EPUBKEY)
 * from key's private exponent: peer^x mod p, written to out big-endian in
 * exactly p's length (group->bits / 8 bytes), which out_len must hold
 * (BRISK_ENOSPACE).  BRISK_EINVAL for a key without x.  Constant-time in x
 * and in the result. */
BRISK_API int brisk_dh_derive(uint8_t *out, size_t out_len, const brisk_dh_key *key,
                              const uint8_t *peer, size_t peer_len);

/* brisk_dh_key_cleanup erases key. */
BRISK_API void brisk_dh_key_cleanup(brisk_dh_key *key);

#ifdef __cplusplus
}
#endif

#endif
