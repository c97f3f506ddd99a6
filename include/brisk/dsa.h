/*
 * brisk/dsa.h - DSA (FIPS 186-4): domain parameters (A.1.1.2 and A.2.3),
 * keys, signing with RFC 6979 nonces hedged with fresh randomness (section
 * 3.6) and verification with full range checks, over a digest the caller
 * has computed.
 *
 * Parameters and keys are caller-allocated structs; call
 * brisk_dsa_key_prepare after filling in a key's numbers yourself.  A
 * prepared key (from brisk_dsa_key_prepare, brisk_dsa_generate_key or the
 * decoders of brisk/pkey.h) holds memory the library allocated, which
 * brisk_dsa_key_cleanup (or brisk_pkey_cleanup) frees.  A copy of a
 * prepared key shares that memory: clean up one of the two, once neither
 * is used any more.  Keys and parameters from outside are validated in
 * full (primes, sizes, group) by brisk_dsa_key_prepare,
 * brisk_dsa_generate_key and the decoders of brisk/pkey.h.  Sizes (L, N) of p and q: FIPS 186-4's (1024, 160),
 * (2048, 224), (2048, 256), (3072, 256); also, as legacy sizes that
 * OpenSSL uses, (512, 160) and (2048, 160) (`speed dsa512`, `speed
 * dsa2048`), (512, 224) and (1024, 224) (openssl 3.0's dsaparam).
 * Signing is constant-time and verifies each signature before releasing
 * it; brisk_dsa_key_cleanup erases the private key.
 * Signatures are DER (SEQUENCE { r INTEGER, s INTEGER }) as OpenSSL writes
 * them, or the raw r || s of IEEE P1363 (each the length of q).
 */
#ifndef BRISK_DSA_H
#define BRISK_DSA_H

#include <brisk/bn.h>
#include <brisk/digest.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_DSA_MIN_BITS 512   /* smallest p accepted (for `speed dsa512`) */
#define BRISK_DSA_MAX_BITS 4096  /* largest p the structs hold (3072 is accepted) */
#define BRISK_DSA_MAX_Q_BYTES 32 /* q of 160, 224 or 256 bits */
/* the longest DER signature: two INTEGERs of 33 bytes in a SEQUENCE */
#define BRISK_DSA_MAX_SIG_LEN (2 + 2 * (2 + BRISK_DSA_MAX_Q_BYTES + 1))

/* brisk_dsa_params are the domain parameters p, q, g. */
typedef struct brisk_dsa_params {
    brisk_bn p, q, g;
} brisk_dsa_params;

struct brisk_dsa_precomp; /* private: tables brisk_dsa_key_prepare makes */

/* brisk_dsa_key is a public key (y) or private key (also x) with its
 * parameters; the rest is filled by brisk_dsa_key_prepare. */
typedef struct brisk_dsa_key {
    brisk_dsa_params params;
    brisk_bn y, x;
    int has_private;
    /* set by brisk_dsa_key_prepare */
    brisk_bn_mont mont_p, mont_q;
    /* Also set by brisk_dsa_key_prepare: memory the library allocates for
     * precomputed powers of g and y (64 KiB), freed by
     * brisk_dsa_key_cleanup; NULL before. */
    struct brisk_dsa_precomp *precomp;
} brisk_dsa_key;

/* brisk_dsa_generate_params makes p of l_bits and q of n_bits bits by FIPS
 * 186-4 A.1.1.2 with SHA-256 (or SHA-1 for q of 160 bits) and g by A.2.3.
 * (l_bits, n_bits) is (1024, 160), (2048, 224), (2048, 256), (3072, 256),
 * or (512, 160) for `speed dsa512`; BRISK_EINVAL otherwise. */
BRISK_API int brisk_dsa_generate_params(brisk_dsa_params *params, size_t l_bits, size_t n_bits);

/* brisk_dsa_params_check checks 1 < g < p, g^q = 1 mod p, q | p - 1 and the
 * sizes (the pairs of the top of this file), and when `primes` is non-zero
 * that p and q are probable primes by FIPS 186-4 Table C.1's Miller-Rabin
 * rounds (40, 56 or 64 for p of 1024, 2048 or 3072 bits).  Parameters that
 * passed with `primes` are remembered for the process (a few, by SHA-256),
 * so that checking them again costs no primality test.  0 or BRISK_EINVAL;
 * with `primes`, also BRISK_ERANDOM when the system gives no random bytes
 * for the primality test's bases. */
BRISK_API int brisk_dsa_params_check(const brisk_dsa_params *params, int primes);

/* brisk_dsa_params_validate checks params as brisk_dsa_params_check(params,
 * 1) does and says why they fail: *valid is 1, or 0 with *reason (if
 * reason is not NULL) set to a short English sentence naming the first
 * check that failed, e.g. "q does not divide p - 1".  Returns 0 (whatever
 * the verdict), BRISK_EINVAL (NULL arguments, a bad width), BRISK_ENOMEM
 * or BRISK_ERANDOM.  Nothing secret is involved. */
BRISK_API int brisk_dsa_params_validate(const brisk_dsa_params *params, int *valid,
                                        const char **reason);

/* brisk_dsa_key_validate checks key (prepared or not, as the unchecked
 * decoders of brisk/pkey.h leave it) as brisk_dsa_params_validate does its
 * parameters, then 1 < y < p and y^q = 1 mod p and, with `full` and a
 * private key, 0 < x < q and y = g^x mod p; answers as
 * brisk_dsa_params_validate.  Variable-time, in x too: for inspecting a
 * key (`brisk pkey -check`), not for a path whose timing an attacker can
 * observe. */
BRISK_API int brisk_dsa_key_validate(const brisk_dsa_key *key, int full, int *valid,
                                     const char **reason);

/* brisk_dsa_generate_key makes a prepared private key over params (copied,
 * and may be key's own), checked first as brisk_dsa_params_check(params,
 * 1) does: key is left as it was when they fail, else overwritten, the
 * pointer to an earlier prepare's memory included (free that first, or
 * through a copy of the key). */
BRISK_API int brisk_dsa_generate_key(brisk_dsa_key *key, const brisk_dsa_params *params);

/* brisk_dsa_key_prepare checks the parameters as brisk_dsa_params_check
 * (params, 1) does, 1 < y < p, y^q = 1 mod p and, for a private key,
 * 0 < x < q and y = g^x; then it precomputes, into memory it allocates
 * (overwriting key->precomp: free an earlier prepare's memory first, or
 * through a copy of the key).  0, BRISK_EINVAL, BRISK_ERANDOM or
 * BRISK_ENOMEM; on failure nothing stays allocated. */
BRISK_API int brisk_dsa_key_prepare(brisk_dsa_key *key);

/* brisk_dsa_key_cleanup frees what brisk_dsa_key_prepare allocated and
 * erases the whole key.  key must be prepared, or zeroed, or have failed to
 * prepare. */
BRISK_API void brisk_dsa_key_cleanup(brisk_dsa_key *key);

/* brisk_dsa_sign writes the DER signature of dgst (the digest, made with
 * md, truncated to q's length as FIPS 186-4 says) to sig, its length to
 * *sig_len, which holds sig's size on entry (BRISK_DSA_MAX_SIG_LEN always
 * suffices; BRISK_ENOSPACE when too small).  The nonce is RFC 6979's, with
 * HMAC over md and 32 fresh random bytes as section 3.6's additional data
 * k' (so two signatures of one digest differ).  The signature is verified
 * before it is released: BRISK_EVERIFY when that fails (a fault), and
 * nothing is written; BRISK_ERANDOM without random bytes. */
BRISK_API int brisk_dsa_sign(const brisk_dsa_key *key, uint8_t *sig, size_t *sig_len,
                             const brisk_digest *md, const uint8_t *dgst, size_t dgst_len);

/* brisk_dsa_sign_deterministic is brisk_dsa_sign with RFC 6979's plain
 * deterministic nonce (no k'), for known-answer tests: one signature per
 * key and digest. */
BRISK_API int brisk_dsa_sign_deterministic(const brisk_dsa_key *key, uint8_t *sig, size_t *sig_len,
                                           const brisk_digest *md, const uint8_t *dgst,
                                           size_t dgst_len);

/* brisk_dsa_verify returns 0 when the DER signature sig (strict DER: minimal
 * lengths and integers, nothing after the SEQUENCE) is valid for dgst, and
 * BRISK_EVERIFY otherwise. */
BRISK_API int brisk_dsa_verify(const brisk_dsa_key *key, const uint8_t *sig, size_t sig_len,
                               const uint8_t *dgst, size_t dgst_len);

/* brisk_dsa_sign_raw, brisk_dsa_sign_raw_deterministic and
 * brisk_dsa_verify_raw are the same with the signature as r || s, each in
 * exactly q's length in bytes (sig_len is twice that). */
BRISK_API int brisk_dsa_sign_raw(const brisk_dsa_key *key, uint8_t *sig, size_t sig_len,
                                 const brisk_digest *md, const uint8_t *dgst, size_t dgst_len);
BRISK_API int brisk_dsa_sign_raw_deterministic(const brisk_dsa_key *key, uint8_t *sig, size_t sig_len,
                                               const brisk_digest *md, const uint8_t *dgst,
                                               size_t dgst_len);
BRISK_API int brisk_dsa_verify_raw(const brisk_dsa_key *key, const uint8_t *sig, size_t sig_len,
                                   const uint8_t *dgst, size_t dgst_len);

#ifdef __cplusplus
}
#endif

#endif
