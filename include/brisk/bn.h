/*
 * brisk/bn.h - non-negative integers of up to BRISK_BN_MAX_BITS bits for
 * public-key cryptography: byte conversion, arithmetic, Montgomery
 * multiplication, modular exponentiation and inversion, and primes.
 *
 * A brisk_bn is a plain caller-allocated struct (no heap, no interior
 * pointers) holding little-endian 64-bit limbs.  Its `n` is the number of
 * limbs the value is held in, its width, which may exceed what the value
 * needs: a secret keeps the width of its modulus, so that the time taken by
 * the constant-time functions depends on widths only, never on values.
 * Limbs from d[n] up are always zero.
 *
 * Functions marked constant-time take time and touch memory independently
 * of the values of their inputs (widths and moduli are public); the others
 * ("variable-time") are for public values only.
 */
#ifndef BRISK_BN_H
#define BRISK_BN_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_BN_MAX_BITS  8192
#define BRISK_BN_MAX_LIMBS (BRISK_BN_MAX_BITS / 64)

/* brisk_bn is a non-negative integer: d[0..n-1], least significant first. */
typedef struct brisk_bn {
    uint64_t d[BRISK_BN_MAX_LIMBS];
    size_t n;
} brisk_bn;

/* brisk_bn_mont is an odd modulus prepared for Montgomery arithmetic with
 * R = 2^(64 n). */
typedef struct brisk_bn_mont {
    uint64_t m[BRISK_BN_MAX_LIMBS];   /* the modulus, n limbs, top limb non-zero */
    uint64_t rr[BRISK_BN_MAX_LIMBS];  /* R^2 mod m */
    uint64_t m0inv;                   /* -m^-1 mod 2^64 */
    size_t n;                         /* limbs */
    size_t bits;                      /* bits of m */
    /* Private: what brisk_bn_mont_init precomputes for the library's
     * Montgomery kernels.  Its size is part of the ABI, its content is not. */
    uint64_t opaque[BRISK_BN_MAX_LIMBS + 1];
} brisk_bn_mont;

/* ---- Conversion ---- */

/* brisk_bn_zero sets r to 0 held in n limbs (n <= BRISK_BN_MAX_LIMBS). */
BRISK_API void brisk_bn_zero(brisk_bn *r, size_t n);

/* brisk_bn_from_u64 sets r to v (one limb). */
BRISK_API void brisk_bn_from_u64(brisk_bn *r, uint64_t v);

/* brisk_bn_from_bytes sets r to the big-endian in[0..in_len-1], in
 * ceil(in_len / 8) limbs; leading zero bytes are accepted.  BRISK_EINVAL
 * when the value needs more than BRISK_BN_MAX_BITS bits. */
BRISK_API int brisk_bn_from_bytes(brisk_bn *r, const uint8_t *in, size_t in_len);

/* brisk_bn_to_bytes writes a big-endian in exactly out_len bytes, zeros on
 * the left; BRISK_EINVAL when the value does not fit.  Constant-time. */
BRISK_API int brisk_bn_to_bytes(uint8_t *out, size_t out_len, const brisk_bn *a);

/* brisk_bn_copy sets r to a with a's width. */
BRISK_API void brisk_bn_copy(brisk_bn *r, const brisk_bn *a);

/* brisk_bn_resize sets the width of r to n limbs (n <= BRISK_BN_MAX_LIMBS);
 * BRISK_EINVAL, r unchanged, when the value does not fit in n limbs. */
BRISK_API int brisk_bn_resize(brisk_bn *r, size_t n);

/* brisk_bn_normalize shrinks the width of r to what its value needs (0 has
 * width 0).  Variable-time. */
BRISK_API void brisk_bn_normalize(brisk_bn *r);

/* ---- Comparison and size ---- */

/* brisk_bn_bits returns the number of significant bits of a (0 for 0).
 * Constant-time in a's value (its width is public). */
BRISK_API size_t brisk_bn_bits(const brisk_bn *a);

/* brisk_bn_cmp returns -1, 0 or 1 as a <, =, > b.  Constant-time. */
BRISK_API int brisk_bn_cmp(const brisk_bn *a, const brisk_bn *b);

/* brisk_bn_is_zero returns 1 when a is 0.  Constant-time. */
BRISK_API int brisk_bn_is_zero(const brisk_bn *a);

/* brisk_bn_is_odd returns a's lowest bit. */
BRISK_API int brisk_bn_is_odd(const brisk_bn *a);

/* ---- Arithmetic (constant-time unless noted) ----
 * Results may alias inputs.  BRISK_EINVAL when a result needs more than
 * BRISK_BN_MAX_BITS bits or an operand is out of range; the result's value
 * is then unspecified (the verdict on secret operands is reached without a
 * branch, so the result is written either way). */

/* brisk_bn_add sets r = a + b, width max(a, b) + 1 limb (the carry limb is
 * kept even when zero, so that the width does not depend on the values; at
 * BRISK_BN_MAX_LIMBS the width stays and a carry is BRISK_EINVAL). */
BRISK_API int brisk_bn_add(brisk_bn *r, const brisk_bn *a, const brisk_bn *b);

/* brisk_bn_sub sets r = a - b; BRISK_EINVAL when a < b. */
BRISK_API int brisk_bn_sub(brisk_bn *r, const brisk_bn *a, const brisk_bn *b);

/* brisk_bn_mul sets r = a * b, width a.n + b.n. */
BRISK_API int brisk_bn_mul(brisk_bn *r, const brisk_bn *a, const brisk_bn *b);

/* brisk_bn_mod sets r = a mod m (m > 0) in m's width.  Constant-time in a
 * and m's value for m's public width. */
BRISK_API int brisk_bn_mod(brisk_bn *r, const brisk_bn *a, const brisk_bn *m);

/* brisk_bn_div sets q = a / d and r = a mod d (d > 0; q or r may be NULL).
 * Variable-time. */
BRISK_API int brisk_bn_div(brisk_bn *q, brisk_bn *r, const brisk_bn *a, const brisk_bn *d);

/* brisk_bn_mod_add, brisk_bn_mod_sub and brisk_bn_mod_mul work modulo m for
 * a, b < m; the result has m's width. */
BRISK_API int brisk_bn_mod_add(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m);
BRISK_API int brisk_bn_mod_sub(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m);
BRISK_API int brisk_bn_mod_mul(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m);

/* brisk_bn_gcd sets r = gcd(a, b).  Variable-time. */
BRISK_API int brisk_bn_gcd(brisk_bn *r, const brisk_bn *a, const brisk_bn *b);

/* ---- Montgomery arithmetic and exponentiation ---- */

/* brisk_bn_mont_init prepares the odd modulus m > 1; BRISK_EINVAL for an
 * even or too small m. */
BRISK_API int brisk_bn_mont_init(brisk_bn_mont *mont, const brisk_bn *m);

/* brisk_bn_mod_exp sets r = a^e mod the prepared modulus, for a < m, with
 * a fixed window: constant-time in a and e (e's width is public, its value
 * secret).  r has the modulus's width. */
BRISK_API int brisk_bn_mod_exp(brisk_bn *r, const brisk_bn *a, const brisk_bn *e,
                               const brisk_bn_mont *mont);

/* brisk_bn_mod_exp_public is brisk_bn_mod_exp for a public exponent, with a
 * sliding window.  Variable-time in e (constant-time in a). */
BRISK_API int brisk_bn_mod_exp_public(brisk_bn *r, const brisk_bn *a, const brisk_bn *e,
                                      const brisk_bn_mont *mont);

/* brisk_bn_mod_exp2_public sets r = a1^e1 * a2^e2 mod m (DSA verification),
 * interleaving the two exponentiations.  Variable-time. */
BRISK_API int brisk_bn_mod_exp2_public(brisk_bn *r, const brisk_bn *a1, const brisk_bn *e1,
                                       const brisk_bn *a2, const brisk_bn *e2,
                                       const brisk_bn_mont *mont);

/* brisk_bn_mod_inverse sets r = a^-1 mod m for an odd m > 1 and
 * 0 < a < m; BRISK_EINVAL when gcd(a, m) != 1.  Constant-time in a
 * (m's value may be secret too; its width is public). */
BRISK_API int brisk_bn_mod_inverse(brisk_bn *r, const brisk_bn *a, const brisk_bn *m);

/* ---- Primes ---- */

/* brisk_bn_is_probable_prime sets *is_prime to 1 when a passes trial
 * division and `rounds` Miller-Rabin rounds with random bases (0 picks the
 * count of FIPS 186-5 Table B.1 for a's size) and to 0 when a is composite.
 * Returns 0, or a BRISK_E* code (then *is_prime is 0): BRISK_EINVAL for
 * negative rounds, BRISK_ERANDOM without random bytes for the bases. */
BRISK_API int brisk_bn_is_probable_prime(const brisk_bn *a, int rounds, int *is_prime);

/* brisk_bn_random_range sets r to a uniformly random value in [1, m - 1]
 * (m > 1) in m's width; 0 or a BRISK_E* code. */
BRISK_API int brisk_bn_random_range(brisk_bn *r, const brisk_bn *m);

#ifdef __cplusplus
}
#endif

#endif
