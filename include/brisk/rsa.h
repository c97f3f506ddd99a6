/*
 * brisk/rsa.h - RSA (RFC 8017): key generation (FIPS 186-5 A.1.3), the raw
 * public and private operations, RSASSA-PKCS1-v1_5 and RSASSA-PSS
 * signatures over a digest the caller has computed, and RSAES-OAEP and
 * RSAES-PKCS1-v1_5 encryption.
 *
 * A key is a caller-allocated struct.  Fill in its numbers (or let
 * brisk_rsa_generate or the decoders of brisk/pkey.h do it), then call
 * brisk_rsa_key_prepare, which checks them and precomputes what the
 * operations need.  Private operations use the CRT with base blinding and
 * check their result with the public exponent before releasing it; they
 * are constant-time.  brisk_rsa_key_cleanup erases every secret.
 */
#ifndef BRISK_RSA_H
#define BRISK_RSA_H

#include <brisk/bn.h>
#include <brisk/digest.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_RSA_MIN_BITS      512   /* smallest modulus accepted */
#define BRISK_RSA_GEN_MAX_BITS  4096  /* largest modulus brisk_rsa_generate makes */
#define BRISK_RSA_MAX_BITS      BRISK_BN_MAX_BITS /* largest modulus accepted */
#define BRISK_RSA_MAX_BYTES     (BRISK_RSA_MAX_BITS / 8)
/* Above this many bits of n, e may have at most BRISK_RSA_MAX_PUBEXP_BITS
 * (OpenSSL's RSA_SMALL_MODULUS_BITS and RSA_MAX_PUBEXP_BITS). */
#define BRISK_RSA_SMALL_MODULUS_BITS 3072
#define BRISK_RSA_MAX_PUBEXP_BITS    64

/* brisk_rsa_key is an RSA public key (has_private 0: only n and e are set)
 * or private key (also d, p, q, dp = d mod (p-1), dq = d mod (q-1) and
 * qinv = q^-1 mod p).  The rest is filled by brisk_rsa_key_prepare. */
typedef struct brisk_rsa_key {
    brisk_bn n, e;
    brisk_bn d, p, q, dp, dq, qinv;
    int has_private;
    /* set by brisk_rsa_key_prepare */
    size_t bits;                       /* of n */
    brisk_bn_mont mont_n, mont_p, mont_q;
    /* r^e R and r^-1 R mod n, R = 2^(64 n.n) (Montgomery form), renewed
     * per signature */
    brisk_bn blind, unblind;
} brisk_rsa_key;

/* brisk_rsa_generate makes a private key of `bits` bits (BRISK_RSA_MIN_BITS
 * to BRISK_RSA_GEN_MAX_BITS, a multiple of 2) with public exponent e (odd,
 * at least 3; 65537 when e is 0), prepared.  BRISK_EINVAL for bad sizes. */
BRISK_API int brisk_rsa_generate(brisk_rsa_key *key, size_t bits, uint64_t e);

/* brisk_rsa_key_prepare checks a key whose numbers are set (n odd and of
 * BRISK_RSA_MIN_BITS to BRISK_RSA_MAX_BITS bits; e odd, 3 <= e < n, and of
 * at most 64 bits when n has more than 3072, as OpenSSL bounds it; for a
 * private key p and q probable primes (40, 56 or 64 Miller-Rabin rounds
 * for n of up to 1024, 2048 or more bits), p * q = n and the CRT values
 * consistent) and precomputes the Montgomery moduli and blinding values.
 * BRISK_EINVAL when a check fails (BRISK_ERANDOM without random bytes);
 * a private key must have p and q (one given only as n, e and d is
 * refused).  Widths of the private numbers are set to those of p and n. */
BRISK_API int brisk_rsa_key_prepare(brisk_rsa_key *key);

/* brisk_rsa_key_validate checks the numbers of key (prepared or not, as
 * the unchecked decoders of brisk/pkey.h leave them) and says whether they
 * make a consistent key: *valid is 1, or 0 with *reason (if reason is not
 * NULL) set to a short English sentence naming the first check that
 * failed, e.g. "n is not p * q".  Public checks: n odd, of
 * BRISK_RSA_MIN_BITS to BRISK_RSA_MAX_BITS bits, without a prime factor
 * below 1024 and not prime; e odd, 3 <= e < n, of at most 64 bits when n
 * has more than 3072.  With `full` and a private key, also: p and q
 * probable primes (as brisk_rsa_key_prepare tests them) and distinct,
 * p * q = n, 0 < d < n, d e = 1 mod lcm(p - 1, q - 1), dp = d mod (p - 1),
 * dq = d mod (q - 1), qinv q = 1 mod p with qinv < p.  Returns 0 (whatever
 * the verdict), or BRISK_EINVAL (NULL arguments, a bad width),
 * BRISK_ENOMEM or BRISK_ERANDOM.  Variable-time, in the private numbers
 * too: for inspecting a key (`brisk pkey -check`), not for a path whose
 * timing an attacker can observe. */
BRISK_API int brisk_rsa_key_validate(const brisk_rsa_key *key, int full, int *valid,
                                     const char **reason);

/* brisk_rsa_pkcs1_min_size returns the smallest modulus, in bytes, that
 * can hold an RSASSA-PKCS1-v1_5 signature with md (its DigestInfo, the
 * digest and 11 bytes of padding), or 0 when brisk has no DigestInfo for
 * md (MD2, MD4, MDC2: brisk_rsa_sign_pkcs1 refuses them). */
BRISK_API size_t brisk_rsa_pkcs1_min_size(const brisk_digest *md);

/* brisk_rsa_size returns the modulus length in bytes: the length of every
 * signature and of the raw operations' input and output. */
BRISK_API size_t brisk_rsa_size(const brisk_rsa_key *key);

/* brisk_rsa_key_cleanup erases the whole key. */
BRISK_API void brisk_rsa_key_cleanup(brisk_rsa_key *key);

/* brisk_rsa_public_op sets out = in^e mod n (in_len = brisk_rsa_size; in
 * < n, else BRISK_EINVAL; so is an e that brisk_rsa_key_prepare would
 * refuse).  out may alias in. */
BRISK_API int brisk_rsa_public_op(const brisk_rsa_key *key, uint8_t *out, const uint8_t *in,
                                  size_t in_len);

/* brisk_rsa_private_op sets out = in^d mod n (in_len = brisk_rsa_size; in <
 * n), with the CRT, blinding and a check of the result (BRISK_EVERIFY when
 * the check fails: nothing is written then).  Updates the key's blinding
 * values: one key must not sign in two threads at once. */
BRISK_API int brisk_rsa_private_op(brisk_rsa_key *key, uint8_t *out, const uint8_t *in,
                                   size_t in_len);

/* brisk_rsa_sign_pkcs1 writes the RSASSA-PKCS1-v1_5 signature of the digest
 * dgst (made with md) to sig[0..brisk_rsa_size-1]; sig_len is sig's size
 * (BRISK_ENOSPACE when too small).  BRISK_EINVAL when dgst_len is not md's
 * length or the key is too small for the encoding. */
BRISK_API int brisk_rsa_sign_pkcs1(brisk_rsa_key *key, uint8_t *sig, size_t sig_len,
                                   const brisk_digest *md, const uint8_t *dgst, size_t dgst_len);

/* brisk_rsa_verify_pkcs1 returns 0 when sig is a valid RSASSA-PKCS1-v1_5
 * signature of dgst with md, compared as a whole re-encoded block (no
 * parsing leniency), and BRISK_EVERIFY otherwise (also for a sig_len other
 * than brisk_rsa_size). */
BRISK_API int brisk_rsa_verify_pkcs1(const brisk_rsa_key *key, const uint8_t *sig, size_t sig_len,
                                     const brisk_digest *md, const uint8_t *dgst, size_t dgst_len);

/* brisk_rsa_recover_pkcs1 opens the RSASSA-PKCS1-v1_5 signature sig with
 * the public key (`openssl pkeyutl -verifyrecover`) and writes what it
 * holds to out, whose size is *out_len on entry and the length written on
 * return (BRISK_ENOSPACE, with the length needed, when too small): with md
 * NULL the whole payload after the padding (a DigestInfo, or what
 * OpenSSL's RSA_PKCS1_PADDING signed without a digest); with md the digest
 * alone, its DigestInfo checked.  BRISK_EVERIFY when sig is not such a
 * signature (of md, when given); BRISK_EINVAL for bad arguments or md
 * without a DigestInfo. */
BRISK_API int brisk_rsa_recover_pkcs1(const brisk_rsa_key *key, uint8_t *out, size_t *out_len,
                                      const brisk_digest *md, const uint8_t *sig,
                                      size_t sig_len);

/* Salt lengths for PSS besides a byte count. */
#define BRISK_RSA_PSS_SALT_DIGEST (-1) /* the digest's length (signing and verifying) */
#define BRISK_RSA_PSS_SALT_MAX    (-2) /* the largest that fits (signing) */
#define BRISK_RSA_PSS_SALT_AUTO   (-3) /* whatever the signature holds (verifying) */

/* brisk_rsa_sign_pss writes the RSASSA-PSS signature of dgst (made with md)
 * with MGF1 over mgf1_md (NULL: md) and a random salt of salt_len bytes or
 * a BRISK_RSA_PSS_SALT_* choice, as brisk_rsa_sign_pkcs1 does. */
BRISK_API int brisk_rsa_sign_pss(brisk_rsa_key *key, uint8_t *sig, size_t sig_len,
                                 const brisk_digest *md, const brisk_digest *mgf1_md, int salt_len,
                                 const uint8_t *dgst, size_t dgst_len);

/* brisk_rsa_verify_pss returns 0 when sig is a valid RSASSA-PSS signature
 * of dgst with md, MGF1 over mgf1_md (NULL: md) and the salt length
 * salt_len (a count, BRISK_RSA_PSS_SALT_DIGEST or BRISK_RSA_PSS_SALT_AUTO),
 * and BRISK_EVERIFY otherwise. */
BRISK_API int brisk_rsa_verify_pss(const brisk_rsa_key *key, const uint8_t *sig, size_t sig_len,
                                   const brisk_digest *md, const brisk_digest *mgf1_md, int salt_len,
                                   const uint8_t *dgst, size_t dgst_len);

/* brisk_rsa_encrypt_oaep writes the RSAES-OAEP encryption (RFC 8017
 * 7.1.1) of the msg_len bytes at msg, at most brisk_rsa_size - 2 hLen - 2
 * (BRISK_EINVAL otherwise), to out[0..brisk_rsa_size-1]; out_len is out's
 * size (BRISK_ENOSPACE when too small).  md is the label's hash (NULL:
 * SHA-1, OpenSSL's default, hLen its length), mgf1_md MGF1's (NULL: md),
 * label the label_len bytes of the label (NULL when 0).  A fresh random
 * seed each call (BRISK_ERANDOM without one). */
BRISK_API int brisk_rsa_encrypt_oaep(const brisk_rsa_key *key, uint8_t *out, size_t out_len,
                                     const brisk_digest *md, const brisk_digest *mgf1_md,
                                     const uint8_t *label, size_t label_len, const uint8_t *msg,
                                     size_t msg_len);

/* brisk_rsa_decrypt_oaep decrypts the brisk_rsa_size bytes at in (RFC 8017
 * 7.1.2) with the same md, mgf1_md and label as the encryption, and writes
 * the message to out, whose size is *out_len on entry and the message's
 * length on return (BRISK_ENOSPACE, with *out_len the length needed, when
 * it does not fit).  BRISK_EDECRYPT for any ciphertext that does not
 * decrypt (one code for every failure, reached in constant time: no
 * padding oracle); BRISK_EINVAL for in_len other than brisk_rsa_size, in
 * not below n, or a public key.  Constant-time in the key and the message
 * until the verdict; updates the key's blinding as brisk_rsa_private_op. */
BRISK_API int brisk_rsa_decrypt_oaep(brisk_rsa_key *key, uint8_t *out, size_t *out_len,
                                     const brisk_digest *md, const brisk_digest *mgf1_md,
                                     const uint8_t *label, size_t label_len, const uint8_t *in,
                                     size_t in_len);

/* brisk_rsa_encrypt_pkcs1 writes the RSAES-PKCS1-v1_5 encryption (RFC 8017
 * 7.2.1) of msg (at most brisk_rsa_size - 11 bytes) as
 * brisk_rsa_encrypt_oaep does.  Only for peers that need it: its
 * decryption is open to Bleichenbacher's attack wherever the verdict can
 * be observed. */
BRISK_API int brisk_rsa_encrypt_pkcs1(const brisk_rsa_key *key, uint8_t *out, size_t out_len,
                                      const uint8_t *msg, size_t msg_len);

/* brisk_rsa_decrypt_pkcs1 decrypts an RSAES-PKCS1-v1_5 ciphertext (RFC
 * 8017 7.2.2: 00 02, at least eight non-zero bytes, 00, the message) as
 * brisk_rsa_decrypt_oaep does, with the same codes. */
BRISK_API int brisk_rsa_decrypt_pkcs1(brisk_rsa_key *key, uint8_t *out, size_t *out_len,
                                      const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif

#endif
