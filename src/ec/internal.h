/*
 * src/ec/internal.h - what the elliptic-curve area shares: X25519's
 * Montgomery ladder (RFC 7748 section 5) as a dispatched primitive
 * ("x25519": portable radix 2^51 with unsigned __int128, portable radix
 * 2^25.5 for 32-bit targets, and mulx/adx in four 64-bit limbs on x86-64);
 * Ed25519's (RFC 8032) group kernels as the "ed25519" primitive over the
 * same two portable fields, its scalars modulo L and its base table;
 * X448's ("x448", over the field of f448.h, with its multiplication in
 * mulx assembly on x86-64); and the arithmetic of the
 * NIST curves P-256, P-384 and P-521 that ECDH (src/ec/ec_key.c) and
 * ECDSA (src/pk/ecdsa.c) run on (src/ec/nist.c).
 */
#ifndef BRISK_EC_INTERNAL_H
#define BRISK_EC_INTERNAL_H

#include <brisk/ec.h>
#include <brisk/ed25519.h>
#include <brisk/x25519.h>
#include <brisk/x448.h>
#include <brisk/ed448.h>

#include "../internal.h"

/* brisk_x25519_ladder_fn sets out to the u-coordinate of k times the point
 * of u-coordinate u (RFC 7748 section 5): k is the already clamped scalar,
 * read as 255 bits little-endian; u's top bit is ignored.  Kernels take
 * the same time and touch the same addresses for every k and u. */
typedef void brisk_x25519_ladder_fn(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

/* One implementation of the "x25519" primitive. */
typedef struct brisk_x25519_ops {
    brisk_x25519_ladder_fn *ladder;
} brisk_x25519_ops;

extern brisk_prim brisk_x25519_prim;

/* brisk_x25519_active returns the X25519 implementation in use. */
static inline const brisk_x25519_ops *brisk_x25519_active(void)
{
    return brisk_prim_ops(&brisk_x25519_prim);
}

brisk_x25519_ladder_fn brisk_x25519_ladder_c32;
#if defined(__SIZEOF_INT128__)
#define BRISK_X25519_C64 1
brisk_x25519_ladder_fn brisk_x25519_ladder_c64;
#endif
#ifdef BRISK_X86_64
brisk_x25519_ladder_fn brisk_x25519_ladder_adx;
#endif

/* ---- NIST curves (src/ec/nist.c) ----
 * Numbers are little-endian arrays of 64-bit limbs, EC_MAX_LIMBS long of
 * which the curve's n_limbs (4, 6 or 9) are used.  Field elements of a
 * point are in Montgomery form; scalars in normal form unless said. */

#define EC_MAX_LIMBS 9

/* One implementation of the "nist" primitive: each curve's point and
 * scalar operations over its products. */
struct nist_ops;
typedef struct brisk_nist_ops {
    const struct nist_ops *p256, *p384, *p521;
} brisk_nist_ops;

extern brisk_prim brisk_nist_prim;

/* ---- Modular inversion by division steps (src/ec/safegcd.c) ----
 * Where the compiler has a 128-bit integer; elsewhere nist.c,
 * fe25519_invert.h and f448.h invert by Fermat's little theorem. */
#if defined(__SIZEOF_INT128__)
#define BRISK_EC_SAFEGCD 1
#endif
#define EC_INV_LIMBS 9 /* 62-bit limbs for 521 bits, a sign and d's range */

/* ec_modinv is an odd modulus prepared for brisk_ec_modinv. */
typedef struct ec_modinv {
    int64_t m[EC_INV_LIMBS];    /* m in 62-bit limbs */
    uint64_t minv;              /* m^-1 mod 2^62 */
    uint64_t mod[EC_MAX_LIMBS]; /* m in n 64-bit limbs */
    size_t n, limbs;            /* 64-bit and 62-bit limb counts */
    unsigned batches;           /* of 62 division steps */
    uint64_t step;              /* 2: delta counted in halves (from 1/2) */
} ec_modinv;

/* brisk_ec_modinv_init prepares the odd m of n limbs and at most bits bits
 * (bits <= 521); brisk_ec_modinv sets r = a^-1 mod m (0 for a = 0) for a <
 * m, both n limbs, in constant time (m's values are public). */
void brisk_ec_modinv_init(ec_modinv *mi, const uint64_t *m, size_t n, size_t bits);
void brisk_ec_modinv(const ec_modinv *mi, uint64_t *r, const uint64_t *a);

/* brisk_ec_modinv_le replaces s, n limbs' worth of little-endian bytes of a
 * value below the odd m (n limbs, bits bits), by its inverse mod m (0 for
 * 0), in constant time: for the fields whose own form goes to and from
 * bytes (fe25519_invert.h, f448.h). */
void brisk_ec_modinv_le(uint8_t *s, const uint64_t *m, size_t n, size_t bits);

/* ec_mod is a prime modulus (p or n) with its Montgomery constants. */
typedef struct ec_mod {
    uint64_t m[EC_MAX_LIMBS];
    uint64_t m0inv;              /* -m^-1 mod 2^64 */
    uint64_t rr[EC_MAX_LIMBS];   /* R^2 mod m, R = 2^(64 n_limbs) */
    uint64_t rrr[EC_MAX_LIMBS];  /* R^3 mod m: turns a^-1 R^-1 into a^-1 R */
    uint64_t one[EC_MAX_LIMBS];  /* R mod m: 1 in Montgomery form */
    uint64_t mm2[EC_MAX_LIMBS];  /* m - 2, Fermat's exponent */
    ec_modinv inv;               /* for brisk_ec_modinv */
} ec_mod;

/* ec_affine is an affine point (x, y) in Montgomery form; never the
 * identity. */
typedef struct ec_affine {
    uint64_t x[EC_MAX_LIMBS], y[EC_MAX_LIMBS];
} ec_affine;

/* ec_curve is a curve y^2 = x^3 - 3x + b over GF(p) of prime order n. */
typedef struct ec_curve {
    brisk_ec_curve id;
    size_t n_limbs, bytes, bits;
    ec_mod p, n;
    uint64_t b[EC_MAX_LIMBS];    /* Montgomery form */
    ec_affine g;
    const uint64_t *base_table;  /* j 2^(w i) G, filled on first use (nist.c) */
} ec_curve;

/* brisk_ec_get returns curve's parameters, ready (its base-point table
 * made on first use), or NULL for an unknown curve. */
const ec_curve *brisk_ec_get(brisk_ec_curve curve);

/* brisk_ec_load_be sets r to the big-endian in[0..c->bytes-1], the same way
 * whatever its value; brisk_ec_store_be writes r back the same way. */
void brisk_ec_load_be(const ec_curve *c, uint64_t r[EC_MAX_LIMBS], const uint8_t *in);
void brisk_ec_store_be(const ec_curve *c, uint8_t *out, const uint64_t r[EC_MAX_LIMBS]);

/* brisk_ec_scalar_ok returns 1 when 1 <= k < n, 0 otherwise; constant-time. */
uint64_t brisk_ec_scalar_ok(const ec_curve *c, const uint64_t k[EC_MAX_LIMBS]);

/* brisk_ec_point_decode sets pt to the public key in[0..len-1], compressed or
 * uncompressed, and checks it: BRISK_EPUBKEY when it is no point of the
 * curve or the identity.  Variable-time (public data). */
int brisk_ec_point_decode(const ec_curve *c, ec_affine *pt, const uint8_t *in, size_t len);

/* brisk_ec_point_encode writes pt uncompressed (1 + 2 bytes bytes). */
void brisk_ec_point_encode(const ec_curve *c, uint8_t *out, const ec_affine *pt);

/* brisk_ec_mul sets r = k pt for the secret 1 <= k < n, in constant time;
 * brisk_ec_mul_base sets r = k G the same way, faster, from the base-point
 * table.  With k in range and pt a valid point the result is never the
 * identity. */
void brisk_ec_mul(const ec_curve *c, ec_affine *r, const uint64_t k[EC_MAX_LIMBS],
                  const ec_affine *pt);
void brisk_ec_mul_base(const ec_curve *c, ec_affine *r, const uint64_t k[EC_MAX_LIMBS]);

/* brisk_ec_mul_base_check returns 1 when x(k G) mod n == r for the secret
 * k and the public r < n (k G not the identity), else 0, without a branch
 * on k: signing's check before release, with no inversion. */
uint64_t brisk_ec_mul_base_check(const ec_curve *c, const uint64_t r[EC_MAX_LIMBS],
                                 const uint64_t k[EC_MAX_LIMBS]);

/* brisk_ec_mul2_check_public returns 0 when R = u1 G + u2 pt is not the
 * identity and x(R) mod n == r (r < n, normal form), else -1: ECDSA's
 * verification equation, in variable time (everything is public), with
 * no inversion (r Z == X, or (r + n) Z == X when r + n < p). */
int brisk_ec_mul2_check_public(const ec_curve *c, const uint64_t r[EC_MAX_LIMBS],
                               const uint64_t u1[EC_MAX_LIMBS], const uint64_t u2[EC_MAX_LIMBS],
                               const ec_affine *pt);

/* brisk_ec_fe_mul sets r = a b R^-1 mod p, the field product in the active
 * "nist" implementation (R = 2^(64 n_limbs), but 1 for P-521), for a, b <
 * p; a == b squares.  r may alias a or b. */
void brisk_ec_fe_mul(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b);

/* brisk_ec_fe_from_mont sets r to the normal form of the field element a. */
void brisk_ec_fe_from_mont(const ec_curve *c, uint64_t r[EC_MAX_LIMBS],
                           const uint64_t a[EC_MAX_LIMBS]);

/* Scalars mod n, constant-time, for a, b < n: brisk_ec_sc_mul sets r =
 * a b R^-1 mod n (Montgomery's product), brisk_ec_sc_add r = a + b, and
 * brisk_ec_sc_inv r = a^(n-2) in Montgomery form (a R -> a^-1 R). */
void brisk_ec_sc_mul(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b);
void brisk_ec_sc_add(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b);
void brisk_ec_sc_inv(const ec_curve *c, uint64_t *r, const uint64_t *a);

/* brisk_ec_reduce_once sets a = a mod m for a < 2 m; constant-time. */
void brisk_ec_reduce_once(const ec_curve *c, const ec_mod *m, uint64_t a[EC_MAX_LIMBS]);

/* brisk_ed25519_base_mul_fn writes the encoding (RFC 8032 section 5.1.2)
 * of a B, B the base point, for a < 2^255 little-endian.  Constant-time in
 * a. */
typedef void brisk_ed25519_base_mul_fn(uint8_t out[32], const uint8_t a[32]);

/* brisk_ed25519_verify_mul_fn writes the encoding of s B - k A, A the
 * point a_enc encodes (RFC 8032 section 5.1.3, y below p); returns 0, or
 * -1 when a_enc encodes no point.  Variable-time: public data only. */
typedef int brisk_ed25519_verify_mul_fn(uint8_t out[32], const uint8_t k[32],
                                        const uint8_t a_enc[32], const uint8_t s[32]);

/* One implementation of the "ed25519" primitive. */
typedef struct brisk_ed25519_ops {
    brisk_ed25519_base_mul_fn *base_mul;
    brisk_ed25519_verify_mul_fn *verify_mul;
} brisk_ed25519_ops;

extern brisk_prim brisk_ed25519_prim;

/* brisk_ed25519_active returns the Ed25519 implementation in use. */
static inline const brisk_ed25519_ops *brisk_ed25519_active(void)
{
    return brisk_prim_ops(&brisk_ed25519_prim);
}

brisk_ed25519_base_mul_fn brisk_ed25519_base_mul_c32;
brisk_ed25519_verify_mul_fn brisk_ed25519_verify_mul_c32;
#ifdef BRISK_X25519_C64
brisk_ed25519_base_mul_fn brisk_ed25519_base_mul_c64;
brisk_ed25519_verify_mul_fn brisk_ed25519_verify_mul_c64;
#endif

/* brisk_ed25519_base[i][j] is (j + 1) 256^i B as (y + x, y - x, 2 d x y),
 * 32 bytes little-endian each (ed25519_table.c, generated). */
extern const uint8_t brisk_ed25519_base[32][8][96];

/* brisk_ed25519_sc_reduce sets out = in mod L, in 64 bytes little-endian
 * (a SHA-512 output).  Constant-time. */
void brisk_ed25519_sc_reduce(uint8_t out[32], const uint8_t in[64]);

/* brisk_ed25519_sc_muladd sets out = (a b + c) mod L, all little-endian
 * below 2^256.  Constant-time. */
void brisk_ed25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                             const uint8_t c[32]);

/* brisk_ed25519_sc_is_canonical returns 1 when s < L, else 0.
 * Variable-time. */
int brisk_ed25519_sc_is_canonical(const uint8_t s[32]);

/* brisk_x448_ladder_fn is brisk_x25519_ladder_fn for X448: k is the
 * clamped scalar, 448 bits little-endian; u is read modulo p. */
typedef void brisk_x448_ladder_fn(uint8_t out[56], const uint8_t k[56], const uint8_t u[56]);

/* One implementation of the "x448" primitive. */
typedef struct brisk_x448_ops {
    brisk_x448_ladder_fn *ladder;
} brisk_x448_ops;

extern brisk_prim brisk_x448_prim;

/* brisk_x448_active returns the X448 implementation in use. */
static inline const brisk_x448_ops *brisk_x448_active(void)
{
    return brisk_prim_ops(&brisk_x448_prim);
}

/* The bmi2 ladder (src/ec/x448_bmi2.c, mulx) works on f448.h's radix 2^56. */
#if defined(BRISK_X86_64) && defined(__SIZEOF_INT128__) && !defined(BRISK_F448_RADIX28)
#define BRISK_X448_BMI2 1
brisk_x448_ladder_fn brisk_x448_ladder_bmi2;
#endif

#endif
