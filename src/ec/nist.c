/*
 * src/ec/nist.c - arithmetic of the NIST curves P-256, P-384 and P-521
 * (SP 800-186 section 3.2.1): fields GF(p) and scalars mod n in 4, 6 or 9
 * 64-bit limbs, with Montgomery multiplication (CIOS, every loop
 * specialised for its curve's limb count; for GF(p) of P-256 and P-384 with
 * p itself a compile-time constant) but for GF(2^521 - 1), which reduces
 * by a shift and an addition (on x86-64, P-256's multiplication,
 * addition and subtraction are assembly, and with BMI2, ADX and AVX2 the
 * "nist" primitive's "adx" multiplies the fields' and the scalars' by
 * nist_adx.h and p521_adx.h), and scalar multiplication in Jacobian
 * coordinates for a = -3 (the Explicit-Formulas Database's dbl-2001-b,
 * madd-2004-hmv and add-2007-bl).  The complete projective formulas of
 * Renes, Costello and Batina (eprint 2015/1060, algorithms 4, 5 and 6)
 * build the fixed-base table.
 *
 * Constant-time by construction for secret scalars: no branch or address
 * depends on them.  Scalars are recoded into signed digits (Booth:
 * -2^(w-1) < d <= 2^(w-1)), and a negative digit's entry is read as the
 * positive one and negated by mask.  k P takes five doublings and one
 * addition per 5-bit digit, of an entry of a table of 0..16 P read by a
 * masked scan of all of it (the additions take the identity by mask and
 * meet equal points only at the last digit, which also doubles: see
 * brisk_ec_mul).  k G adds, for each window i, the entry d_i 2^(w i) G of
 * a precomputed table of affine points (7-bit windows for P-256, 5-bit
 * for P-384, 6-bit for P-521; made once per process on first use:
 * additions, then one inversion per window by Montgomery's trick), again
 * by masked scans (AVX2 in "adx"); a zero digit keeps the sum by mask.
 * Inversions are by division steps (safegcd.c), or where the compiler
 * has no 128-bit integer Fermat's: over an addition chain for P-256's
 * p - 2, else sliding windows over the public exponent p - 2 or n - 2.
 * Verification's u1 G + u2 Q is variable-time (u2 by its width-5 NAF, u1
 * by the fixed-base table): it handles public values only, and doubles
 * where an addition meets equal points.
 * Products are 64x64->128 through unsigned __int128 or, on targets
 * without it (i686), over 32-bit digits (bn/internal.h's helpers);
 * bytes are loaded big-endian explicitly (s390x).  The constants
 * are also given out as bytes (brisk_ec_domain_of) for the explicit
 * ECParameters of src/pk/pkey_curve.c and `brisk ecparam`.
 */
#include "internal.h"

#include "../bn/internal.h"

#ifdef BRISK_X86_64
#include <x86intrin.h>
#endif

#define INLINE static inline __attribute__((always_inline))

/* Two limbs in a vector register (GCC's vector extension: SSE2 on x86-64,
 * the target's own vectors or pairs of words elsewhere), for the table
 * scans. */
typedef uint64_t u64x2 __attribute__((vector_size(16)));

/* The curves' constants, big-endian as SEC 2 and SP 800-186 print them
 * (a = p - 3), and the seed X9.62's generation made b from, which only
 * explicit ECParameters carry (brisk_ec_domain_of). */
typedef struct nist_params {
    size_t bytes;
    uint8_t p[66], n[66], b[66], gx[66], gy[66];
    uint8_t seed[20];
} nist_params;

static const nist_params p256_params = {
    32,
    {
        0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    },
    {
        0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
        0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
    },
    {
        0x5a, 0xc6, 0x35, 0xd8, 0xaa, 0x3a, 0x93, 0xe7, 0xb3, 0xeb, 0xbd, 0x55,
        0x76, 0x98, 0x86, 0xbc, 0x65, 0x1d, 0x06, 0xb0, 0xcc, 0x53, 0xb0, 0xf6,
        0x3b, 0xce, 0x3c, 0x3e, 0x27, 0xd2, 0x60, 0x4b,
    },
    {
        0x6b, 0x17, 0xd1, 0xf2, 0xe1, 0x2c, 0x42, 0x47, 0xf8, 0xbc, 0xe6, 0xe5,
        0x63, 0xa4, 0x40, 0xf2, 0x77, 0x03, 0x7d, 0x81, 0x2d, 0xeb, 0x33, 0xa0,
        0xf4, 0xa1, 0x39, 0x45, 0xd8, 0x98, 0xc2, 0x96,
    },
    {
        0x4f, 0xe3, 0x42, 0xe2, 0xfe, 0x1a, 0x7f, 0x9b, 0x8e, 0xe7, 0xeb, 0x4a,
        0x7c, 0x0f, 0x9e, 0x16, 0x2b, 0xce, 0x33, 0x57, 0x6b, 0x31, 0x5e, 0xce,
        0xcb, 0xb6, 0x40, 0x68, 0x37, 0xbf, 0x51, 0xf5,
    },
    {
        0xc4, 0x9d, 0x36, 0x08, 0x86, 0xe7, 0x04, 0x93, 0x6a, 0x66, 0x78, 0xe1,
        0x13, 0x9d, 0x26, 0xb7, 0x81, 0x9f, 0x7e, 0x90,
    },
};

static const nist_params p384_params = {
    48,
    {
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
    },
    {
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf, 0x58, 0x1a, 0x0d, 0xb2,
        0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73,
    },
    {
        0xb3, 0x31, 0x2f, 0xa7, 0xe2, 0x3e, 0xe7, 0xe4, 0x98, 0x8e, 0x05, 0x6b,
        0xe3, 0xf8, 0x2d, 0x19, 0x18, 0x1d, 0x9c, 0x6e, 0xfe, 0x81, 0x41, 0x12,
        0x03, 0x14, 0x08, 0x8f, 0x50, 0x13, 0x87, 0x5a, 0xc6, 0x56, 0x39, 0x8d,
        0x8a, 0x2e, 0xd1, 0x9d, 0x2a, 0x85, 0xc8, 0xed, 0xd3, 0xec, 0x2a, 0xef,
    },
    {
        0xaa, 0x87, 0xca, 0x22, 0xbe, 0x8b, 0x05, 0x37, 0x8e, 0xb1, 0xc7, 0x1e,
        0xf3, 0x20, 0xad, 0x74, 0x6e, 0x1d, 0x3b, 0x62, 0x8b, 0xa7, 0x9b, 0x98,
        0x59, 0xf7, 0x41, 0xe0, 0x82, 0x54, 0x2a, 0x38, 0x55, 0x02, 0xf2, 0x5d,
        0xbf, 0x55, 0x29, 0x6c, 0x3a, 0x54, 0x5e, 0x38, 0x72, 0x76, 0x0a, 0xb7,
    },
    {
        0x36, 0x17, 0xde, 0x4a, 0x96, 0x26, 0x2c, 0x6f, 0x5d, 0x9e, 0x98, 0xbf,
        0x92, 0x92, 0xdc, 0x29, 0xf8, 0xf4, 0x1d, 0xbd, 0x28, 0x9a, 0x14, 0x7c,
        0xe9, 0xda, 0x31, 0x13, 0xb5, 0xf0, 0xb8, 0xc0, 0x0a, 0x60, 0xb1, 0xce,
        0x1d, 0x7e, 0x81, 0x9d, 0x7a, 0x43, 0x1d, 0x7c, 0x90, 0xea, 0x0e, 0x5f,
    },
    {
        0xa3, 0x35, 0x92, 0x6a, 0xa3, 0x19, 0xa2, 0x7a, 0x1d, 0x00, 0x89, 0x6a,
        0x67, 0x73, 0xa4, 0x82, 0x7a, 0xcd, 0xac, 0x73,
    },
};

static const nist_params p521_params = {
    66,
    {
        0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    },
    {
        0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfa, 0x51, 0x86,
        0x87, 0x83, 0xbf, 0x2f, 0x96, 0x6b, 0x7f, 0xcc, 0x01, 0x48, 0xf7, 0x09,
        0xa5, 0xd0, 0x3b, 0xb5, 0xc9, 0xb8, 0x89, 0x9c, 0x47, 0xae, 0xbb, 0x6f,
        0xb7, 0x1e, 0x91, 0x38, 0x64, 0x09,
    },
    {
        0x00, 0x51, 0x95, 0x3e, 0xb9, 0x61, 0x8e, 0x1c, 0x9a, 0x1f, 0x92, 0x9a,
        0x21, 0xa0, 0xb6, 0x85, 0x40, 0xee, 0xa2, 0xda, 0x72, 0x5b, 0x99, 0xb3,
        0x15, 0xf3, 0xb8, 0xb4, 0x89, 0x91, 0x8e, 0xf1, 0x09, 0xe1, 0x56, 0x19,
        0x39, 0x51, 0xec, 0x7e, 0x93, 0x7b, 0x16, 0x52, 0xc0, 0xbd, 0x3b, 0xb1,
        0xbf, 0x07, 0x35, 0x73, 0xdf, 0x88, 0x3d, 0x2c, 0x34, 0xf1, 0xef, 0x45,
        0x1f, 0xd4, 0x6b, 0x50, 0x3f, 0x00,
    },
    {
        0x00, 0xc6, 0x85, 0x8e, 0x06, 0xb7, 0x04, 0x04, 0xe9, 0xcd, 0x9e, 0x3e,
        0xcb, 0x66, 0x23, 0x95, 0xb4, 0x42, 0x9c, 0x64, 0x81, 0x39, 0x05, 0x3f,
        0xb5, 0x21, 0xf8, 0x28, 0xaf, 0x60, 0x6b, 0x4d, 0x3d, 0xba, 0xa1, 0x4b,
        0x5e, 0x77, 0xef, 0xe7, 0x59, 0x28, 0xfe, 0x1d, 0xc1, 0x27, 0xa2, 0xff,
        0xa8, 0xde, 0x33, 0x48, 0xb3, 0xc1, 0x85, 0x6a, 0x42, 0x9b, 0xf9, 0x7e,
        0x7e, 0x31, 0xc2, 0xe5, 0xbd, 0x66,
    },
    {
        0x01, 0x18, 0x39, 0x29, 0x6a, 0x78, 0x9a, 0x3b, 0xc0, 0x04, 0x5c, 0x8a,
        0x5f, 0xb4, 0x2c, 0x7d, 0x1b, 0xd9, 0x98, 0xf5, 0x44, 0x49, 0x57, 0x9b,
        0x44, 0x68, 0x17, 0xaf, 0xbd, 0x17, 0x27, 0x3e, 0x66, 0x2c, 0x97, 0xee,
        0x72, 0x99, 0x5e, 0xf4, 0x26, 0x40, 0xc5, 0x50, 0xb9, 0x01, 0x3f, 0xad,
        0x07, 0x61, 0x35, 0x3c, 0x70, 0x86, 0xa2, 0x72, 0xc2, 0x40, 0x88, 0xbe,
        0x94, 0x76, 0x9f, 0xd1, 0x66, 0x50,
    },
    {
        0xd0, 0x9e, 0x88, 0x00, 0x29, 0x1c, 0xb8, 0x53, 0x96, 0xcc, 0x67, 0x17,
        0x39, 0x32, 0x84, 0xaa, 0xa0, 0xda, 0x64, 0xba,
    },
};

/* ---- Limbs and Montgomery arithmetic, for a constant n ---- */

/* add_n and sub_n return the carry (borrow) out; on x86-64 through the
 * _addcarry_u64 and _subborrow_u64 intrinsics (baseline x86-64, no
 * target attribute needed), which compile to adc and sbb chains; the
 * portable forms below gave compilers comparisons to untangle. */
INLINE uint64_t add_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
#ifdef BRISK_X86_64
    unsigned char c = 0;
    for (size_t j = 0; j < n; j++) {
        unsigned long long t;
        c = _addcarry_u64(c, a[j], b[j], &t);
        r[j] = t;
    }
    return c;
#else
    uint64_t carry = 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t s = a[j] + carry, c1 = s < carry;
        r[j] = s + b[j];
        carry = c1 | (r[j] < s);
    }
    return carry;
#endif
}

INLINE uint64_t sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
#ifdef BRISK_X86_64
    unsigned char c = 0;
    for (size_t j = 0; j < n; j++) {
        unsigned long long t;
        c = _subborrow_u64(c, a[j], b[j], &t);
        r[j] = t;
    }
    return c;
#else
    uint64_t borrow = 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t d = a[j] - b[j], b1 = a[j] < b[j], b2 = d < borrow;
        r[j] = d - borrow;
        borrow = b1 | b2;
    }
    return borrow;
#endif
}

/* sel_n sets r = a when mask is all ones and b when it is zero.  The
 * empty asm keeps each limb in a register: vectorised, the loop read
 * limbs just stored one by one with 16-byte loads, which miss store
 * forwarding. */
INLINE void sel_n(uint64_t *r, uint64_t mask, const uint64_t *a, const uint64_t *b, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        uint64_t x = b[j] ^ (mask & (a[j] ^ b[j]));
        __asm__("" : "+r"(x));
        r[j] = x;
    }
}

/* fadd_masked sets r = a + (m & mask), the carry out dropped. */
INLINE void fadd_masked(uint64_t *r, const uint64_t *a, const ec_mod *m, uint64_t mask, size_t n)
{
    uint64_t t[EC_MAX_LIMBS];
    for (size_t j = 0; j < n; j++)
        t[j] = m->m[j] & mask;
    add_n(r, a, t, n);
}

/* fadd sets r = a + b mod m, for a, b < m: a + b - m, with m added back
 * when that borrowed without a + b having carried.  Arithmetic only, no
 * selection between two arrays: compilers vectorised that selection
 * with loads that missed store forwarding, and it cost more than the
 * multiplications. */
INLINE void fadd(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m, size_t n)
{
    uint64_t carry = add_n(r, a, b, n);
    uint64_t borrow = sub_n(r, r, m->m, n);
    fadd_masked(r, r, m, ct_mask64(borrow & (carry ^ 1)), n);
}

/* fsub sets r = a - b mod m, for a, b < m. */
INLINE void fsub(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m, size_t n)
{
    uint64_t borrow = sub_n(r, a, b, n);
    fadd_masked(r, r, m, ct_mask64(borrow), n);
}

/* fmul sets r = a b R^-1 mod m (CIOS), for a, b < m; r may alias either. */
INLINE void fmul(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m, size_t n)
{
    uint64_t t[EC_MAX_LIMBS + 2], u[EC_MAX_LIMBS];

#ifndef __SIZEOF_INT128__
    /* i686: the same CIOS over 32-bit digits (bn/internal.h); a square
     * (the same pointer twice, which is public) takes each cross product
     * once and reduces apart, as mont.c's mont_sqr_c */
    uint32_t a32[2 * EC_MAX_LIMBS], b32[2 * EC_MAX_LIMBS], m32[2 * EC_MAX_LIMBS];
    uint32_t t32[4 * EC_MAX_LIMBS];
    split32(a32, a, n);
    split32(m32, m->m, n);
    if (a == b) {
        sqr_digits32(t32, a32, 2 * n);
        t[n] = redc32(t32, m32, (uint32_t)m->m0inv, 2 * n);
        join32(t, t32 + 2 * n, n);
    } else {
        split32(b32, b, n);
        mont_rounds32(t32, a32, b32, m32, (uint32_t)m->m0inv, 2 * n);
        join32(t, t32, n);
        t[n] = t32[2 * n];
    }
#else
    for (size_t j = 0; j < n + 2; j++)
        t[j] = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t c = 0, hi, s, q;
        for (size_t j = 0; j < n; j++) {
            t[j] = mac64(a[j], b[i], t[j], c, &hi);
            c = hi;
        }
        s = t[n] + c;
        t[n + 1] = s < c;
        t[n] = s;
        q = t[0] * m->m0inv;
        mac64(q, m->m[0], t[0], 0, &c);
        for (size_t j = 1; j < n; j++) {
            t[j - 1] = mac64(q, m->m[j], t[j], c, &hi);
            c = hi;
        }
        s = t[n] + c;
        t[n - 1] = s;
        t[n] = t[n + 1] + (s < c);
    }
#endif
    /* t < 2 m: subtract m when t[n] is set or t >= m */
    uint64_t borrow = sub_n(u, t, m->m, n);
    sel_n(r, ct_mask64(t[n] | (borrow ^ 1)), u, t, n);
}

INLINE void fcopy(uint64_t *r, const uint64_t *a, size_t n)
{
    for (size_t j = 0; j < n; j++)
        r[j] = a[j];
}

INLINE uint64_t is_zero_n(const uint64_t *a, size_t n)
{
    uint64_t acc = 0;
    for (size_t j = 0; j < n; j++)
        acc |= a[j];
    return ((acc | (0 - acc)) >> 63) ^ 1;
}

/* ---- GF(p) with the modulus known at compile time ----
 * The point formulas below take the curve as a constant id (1 P-256,
 * 2 P-384, 3 P-521; 4-6 the same over the mulx/adx products, see pmod)
 * so that the compiler sees p: multiplications by its zero limbs and by
 * m0inv = 1 disappear.  P-521 uses no Montgomery form at all:
 * p = 2^521 - 1 reduces by a shift and an addition, so its products are
 * plain (R = 1: its `one` and `rr` are 1, and the conversions in and out
 * are multiplications by 1). */

static const ec_mod p256_p = {.m = {0xffffffffffffffffu, 0x00000000ffffffffu, 0,
                                    0xffffffff00000001u},
                              .m0inv = 1};
static const ec_mod p384_p = {.m = {0x00000000ffffffffu, 0xffffffff00000000u, 0xfffffffffffffffeu,
                                    0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu},
                              .m0inv = 0x100000001u};
static const ec_mod p521_p = {.m = {0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu,
                                    0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu,
                                    0xffffffffffffffffu, 0xffffffffffffffffu, 0x1ffu},
                              .m0inv = 1};

/* Curve ids 1, 2 and 3 are P-256, P-384 and P-521; 4, 5 and 6 are the
 * same curves again over the mulx/adx products of nist_adx.h and
 * p521_adx.h (the "nist" primitive's "adx"). */
INLINE const ec_mod *pmod(int id)
{
    return id == 1 || id == 4 ? &p256_p : id == 2 || id == 5 ? &p384_p : &p521_p;
}

INLINE size_t plimbs(int id)
{
    return id == 1 || id == 4 ? 4 : id == 2 || id == 5 ? 6 : 9;
}

/* p521_fold sets r = t mod 2^521 - 1 for the 1042-bit t: the high part
 * folded onto the low part twice, then one conditional subtraction.
 * Constant-time. */
INLINE void p521_fold(uint64_t *r, const uint64_t t[18])
{
    uint64_t lo[9], hi[9], u[9];

    for (size_t j = 0; j < 9; j++) {
        lo[j] = t[j];
        hi[j] = (t[8 + j] >> 9) | (t[9 + j] << 55);
    }
    lo[8] &= 0x1ff;
    add_n(lo, lo, hi, 9);             /* < 2^522 */
    uint64_t top = lo[8] >> 9;        /* fold the bit above 521 */
    lo[8] &= 0x1ff;
    uint64_t one[9] = {top};
    add_n(lo, lo, one, 9);            /* <= 2^521 - 1 + 1 */
    uint64_t borrow = sub_n(u, lo, p521_p.m, 9);
    sel_n(r, ct_mask64(borrow), lo, u, 9);
}

#ifndef BRISK_X86_64 /* x86-64 has p521_mul_x86 and p521_sqr_x86 below */
/* p521_mul sets r = a b mod 2^521 - 1 (a, b < p); constant-time. */
INLINE void p521_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[18];

#ifdef __SIZEOF_INT128__
    /* product scanning: column k's products summed into a 192-bit
     * accumulator (acc, c2) */
    typedef unsigned __int128 u128;
    u128 acc = 0;
    uint64_t c2 = 0;
    for (size_t k = 0; k < 17; k++) {
        size_t i0 = k < 9 ? 0 : k - 8, i1 = k < 9 ? k : 8;
        for (size_t i = i0; i <= i1; i++) {
            u128 p = (u128)a[i] * b[k - i];
            acc += p;
            c2 += acc < p;
        }
        t[k] = (uint64_t)acc;
        acc = (acc >> 64) | ((u128)c2 << 64);
        c2 = 0;
    }
    t[17] = (uint64_t)acc;
#else
    /* i686: schoolbook over 32-bit digits (bn/internal.h) */
    uint32_t a32[18], b32[18], t32[36];
    split32(a32, a, 9);
    split32(b32, b, 9);
    mul_digits32(t32, a32, b32, 18);
    join32(t, t32, 18);
#endif
    p521_fold(r, t);
}

/* p521_sqr is p521_mul(r, a, a) with each cross product computed once and
 * doubled: 45 products instead of 81 (i686: 171 of 32-bit digits instead
 * of 324). */
INLINE void p521_sqr(uint64_t *r, const uint64_t *a)
{
#ifndef __SIZEOF_INT128__
    uint32_t a32[18], t32[36];
    uint64_t t[18];
    split32(a32, a, 9);
    sqr_digits32(t32, a32, 18);
    join32(t, t32, 18);
    p521_fold(r, t);
#else
    typedef unsigned __int128 u128;
    uint64_t t[18];
    u128 acc = 0;
    uint64_t c2 = 0;

    for (size_t k = 0; k < 17; k++) {
        size_t i0 = k < 9 ? 0 : k - 8;
        u128 col = 0;
        uint64_t cc = 0;
        for (size_t i = i0; 2 * i < k; i++) {
            u128 p = (u128)a[i] * a[k - i];
            col += p;
            cc += col < p;
        }
        /* double the cross products: (cc, col) << 1 */
        cc = (cc << 1) | (uint64_t)(col >> 127);
        col <<= 1;
        if (k % 2 == 0) { /* k is public: the square term */
            u128 p = (u128)a[k / 2] * a[k / 2];
            col += p;
            cc += col < p;
        }
        acc += col;
        c2 += cc + (acc < col);
        t[k] = (uint64_t)acc;
        acc = (acc >> 64) | ((u128)c2 << 64);
        c2 = 0;
    }
    t[17] = (uint64_t)acc;
    p521_fold(r, t);
#endif
}
#endif /* !BRISK_X86_64 */

#ifdef BRISK_X86_64
/* p521_mul_x86 and p521_sqr_x86 are p521_mul's and p521_sqr's 1042-bit
 * products in x86-64 assembly (baseline instructions), by columns into
 * a three-word accumulator (r8, r9, r10): the C forms spend a compare
 * per product on the carry into the third word.  The squaring sums each
 * column's cross products apart (r11, r12, r13) to double them once.
 * Constant-time: no branch. */
#define P521_MAC(i, j)                                                                        \
    "movq " #i "*8(%[a]), %%rax\n\t"                                                          \
    "mulq " #j "*8(%[b])\n\t"                                                                 \
    "addq %%rax, %%r8\n\t"                                                                    \
    "adcq %%rdx, %%r9\n\t"                                                                    \
    "adcq $0, %%r10\n\t"
#define P521_XMAC(i, j)                                                                       \
    "movq " #i "*8(%[a]), %%rax\n\t"                                                          \
    "mulq " #j "*8(%[a])\n\t"                                                                 \
    "addq %%rax, %%r11\n\t"                                                                   \
    "adcq %%rdx, %%r12\n\t"                                                                   \
    "adcq $0, %%r13\n\t"
#define P521_X0                                                                               \
    "xorl %%r11d, %%r11d\n\t"                                                                 \
    "xorl %%r12d, %%r12d\n\t"                                                                 \
    "xorl %%r13d, %%r13d\n\t"
#define P521_XDBL                                                                             \
    "addq %%r11, %%r11\n\t"                                                                   \
    "adcq %%r12, %%r12\n\t"                                                                   \
    "adcq %%r13, %%r13\n\t"
#define P521_XADD                                                                             \
    "addq %%r11, %%r8\n\t"                                                                    \
    "adcq %%r12, %%r9\n\t"                                                                    \
    "adcq %%r13, %%r10\n\t"
/* P521_NEXT(k): column k is done: t[k] = r8, the accumulator shifts. */
#define P521_NEXT(k)                                                                          \
    "movq %%r8, " #k "*8(%[t])\n\t"                                                           \
    "movq %%r9, %%r8\n\t"                                                                     \
    "movq %%r10, %%r9\n\t"                                                                    \
    "xorl %%r10d, %%r10d\n\t"

INLINE void p521_mul_x86(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[18];

    __asm__("xorl %%r8d, %%r8d\n\t"
            "xorl %%r9d, %%r9d\n\t"
            "xorl %%r10d, %%r10d\n\t"
            P521_MAC(0, 0) P521_NEXT(0)
            P521_MAC(0, 1) P521_MAC(1, 0) P521_NEXT(1)
            P521_MAC(0, 2) P521_MAC(1, 1) P521_MAC(2, 0) P521_NEXT(2)
            P521_MAC(0, 3) P521_MAC(1, 2) P521_MAC(2, 1) P521_MAC(3, 0) P521_NEXT(3)
            P521_MAC(0, 4) P521_MAC(1, 3) P521_MAC(2, 2) P521_MAC(3, 1) P521_MAC(4, 0) P521_NEXT(4)
            P521_MAC(0, 5) P521_MAC(1, 4) P521_MAC(2, 3) P521_MAC(3, 2) P521_MAC(4, 1) P521_MAC(5, 0) P521_NEXT(5)
            P521_MAC(0, 6) P521_MAC(1, 5) P521_MAC(2, 4) P521_MAC(3, 3) P521_MAC(4, 2) P521_MAC(5, 1) P521_MAC(6, 0) P521_NEXT(6)
            P521_MAC(0, 7) P521_MAC(1, 6) P521_MAC(2, 5) P521_MAC(3, 4) P521_MAC(4, 3) P521_MAC(5, 2) P521_MAC(6, 1) P521_MAC(7, 0) P521_NEXT(7)
            P521_MAC(0, 8) P521_MAC(1, 7) P521_MAC(2, 6) P521_MAC(3, 5) P521_MAC(4, 4) P521_MAC(5, 3) P521_MAC(6, 2) P521_MAC(7, 1) P521_MAC(8, 0) P521_NEXT(8)
            P521_MAC(1, 8) P521_MAC(2, 7) P521_MAC(3, 6) P521_MAC(4, 5) P521_MAC(5, 4) P521_MAC(6, 3) P521_MAC(7, 2) P521_MAC(8, 1) P521_NEXT(9)
            P521_MAC(2, 8) P521_MAC(3, 7) P521_MAC(4, 6) P521_MAC(5, 5) P521_MAC(6, 4) P521_MAC(7, 3) P521_MAC(8, 2) P521_NEXT(10)
            P521_MAC(3, 8) P521_MAC(4, 7) P521_MAC(5, 6) P521_MAC(6, 5) P521_MAC(7, 4) P521_MAC(8, 3) P521_NEXT(11)
            P521_MAC(4, 8) P521_MAC(5, 7) P521_MAC(6, 6) P521_MAC(7, 5) P521_MAC(8, 4) P521_NEXT(12)
            P521_MAC(5, 8) P521_MAC(6, 7) P521_MAC(7, 6) P521_MAC(8, 5) P521_NEXT(13)
            P521_MAC(6, 8) P521_MAC(7, 7) P521_MAC(8, 6) P521_NEXT(14)
            P521_MAC(7, 8) P521_MAC(8, 7) P521_NEXT(15)
            P521_MAC(8, 8) P521_NEXT(16)
            "movq %%r8, 17*8(%[t])"
            :
            : [t] "r"(t), [a] "r"(a), [b] "r"(b)
            : "rax", "rdx", "r8", "r9", "r10", "cc", "memory");
    p521_fold(r, t);
}

INLINE void p521_sqr_x86(uint64_t *r, const uint64_t *a)
{
    uint64_t t[18];

    __asm__("xorl %%r8d, %%r8d\n\t"
            "xorl %%r9d, %%r9d\n\t"
            "xorl %%r10d, %%r10d\n\t"
            P521_X0 P521_XMAC(0, 0) P521_XADD P521_NEXT(0)
            P521_X0 P521_XMAC(0, 1) P521_XDBL P521_XADD P521_NEXT(1)
            P521_X0 P521_XMAC(0, 2) P521_XDBL P521_XMAC(1, 1) P521_XADD P521_NEXT(2)
            P521_X0 P521_XMAC(0, 3) P521_XMAC(1, 2) P521_XDBL P521_XADD P521_NEXT(3)
            P521_X0 P521_XMAC(0, 4) P521_XMAC(1, 3) P521_XDBL P521_XMAC(2, 2) P521_XADD P521_NEXT(4)
            P521_X0 P521_XMAC(0, 5) P521_XMAC(1, 4) P521_XMAC(2, 3) P521_XDBL P521_XADD P521_NEXT(5)
            P521_X0 P521_XMAC(0, 6) P521_XMAC(1, 5) P521_XMAC(2, 4) P521_XDBL P521_XMAC(3, 3) P521_XADD P521_NEXT(6)
            P521_X0 P521_XMAC(0, 7) P521_XMAC(1, 6) P521_XMAC(2, 5) P521_XMAC(3, 4) P521_XDBL P521_XADD P521_NEXT(7)
            P521_X0 P521_XMAC(0, 8) P521_XMAC(1, 7) P521_XMAC(2, 6) P521_XMAC(3, 5) P521_XDBL P521_XMAC(4, 4) P521_XADD P521_NEXT(8)
            P521_X0 P521_XMAC(1, 8) P521_XMAC(2, 7) P521_XMAC(3, 6) P521_XMAC(4, 5) P521_XDBL P521_XADD P521_NEXT(9)
            P521_X0 P521_XMAC(2, 8) P521_XMAC(3, 7) P521_XMAC(4, 6) P521_XDBL P521_XMAC(5, 5) P521_XADD P521_NEXT(10)
            P521_X0 P521_XMAC(3, 8) P521_XMAC(4, 7) P521_XMAC(5, 6) P521_XDBL P521_XADD P521_NEXT(11)
            P521_X0 P521_XMAC(4, 8) P521_XMAC(5, 7) P521_XDBL P521_XMAC(6, 6) P521_XADD P521_NEXT(12)
            P521_X0 P521_XMAC(5, 8) P521_XMAC(6, 7) P521_XDBL P521_XADD P521_NEXT(13)
            P521_X0 P521_XMAC(6, 8) P521_XDBL P521_XMAC(7, 7) P521_XADD P521_NEXT(14)
            P521_X0 P521_XMAC(7, 8) P521_XDBL P521_XADD P521_NEXT(15)
            P521_X0 P521_XMAC(8, 8) P521_XADD P521_NEXT(16)
            "movq %%r8, 17*8(%[t])"
            :
            : [t] "r"(t), [a] "r"(a)
            : "rax", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "cc", "memory");
    p521_fold(r, t);
}
#endif

#if defined(__SIZEOF_INT128__) && !defined(BRISK_X86_64) /* x86-64: p256_mul_x86 */
/* p256_mul is fmul for P-256's p = 2^256 - 2^224 + 2^192 + 2^96 - 1, whose
 * m0inv is 1 and whose limbs make q p a few shifts: adding q p to t
 * clears limb 0 with a carry of q, so limb 1 gains q 2^32 and limb 3
 * q (2^64 - 2^32 + 1).  Constant-time. */
INLINE void p256_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    typedef unsigned __int128 u128;
    uint64_t t[6] = {0}, u[4];

    for (size_t i = 0; i < 4; i++) {
        uint64_t c = 0, h, s, q;
        u128 x;
        for (size_t j = 0; j < 4; j++) {
            t[j] = mac64(a[j], b[i], t[j], c, &h);
            c = h;
        }
        s = t[4] + c;
        t[5] = s < c;
        t[4] = s;
        q = t[0];
        x = (u128)t[1] + ((u128)q << 32);
        t[0] = (uint64_t)x;
        x = (x >> 64) + t[2];
        t[1] = (uint64_t)x;
        x = (x >> 64) + ((((u128)q << 64) - ((u128)q << 32)) + q) + t[3];
        t[2] = (uint64_t)x;
        x = (x >> 64) + t[4];
        t[3] = (uint64_t)x;
        t[4] = t[5] + (uint64_t)(x >> 64);
    }
    uint64_t borrow = sub_n(u, t, p256_p.m, 4);
    sel_n(r, ct_mask64(t[4] | (borrow ^ 1)), u, t, 4);
}
#endif

#ifdef BRISK_X86_64
/* p256_mul_x86 is p256_mul in x86-64 assembly, baseline instructions
 * only (mul, adc, cmov: no dispatch needed), with the six accumulator
 * limbs in r8..r13, renamed from round to round rather than moved.
 * Compilers turn p256_mul's 128-bit sums into long chains of moves and
 * zero-extensions (about 250 instructions); this is 160, and it made the
 * point doubling twice as fast.  Constant-time: no branch, cmov for the
 * final subtraction. */
static const uint64_t p256_p1 = 0x00000000ffffffffu, p256_p3 = 0xffffffff00000001u;

/* P256_MAC(j, bi, Aj): Aj += a[j] bi + rcx; rcx = the carry out (in rdx). */
#define P256_MAC(j, bi, Aj)                                                                   \
    "movq " #j "*8(%[a]), %%rax\n\t"                                                          \
    "mulq " #bi "*8(%[b])\n\t"                                                                \
    "addq %%rcx, %%" Aj "\n\t"                                                                \
    "adcq $0, %%rdx\n\t"                                                                      \
    "addq %%rax, %%" Aj "\n\t"                                                                \
    "adcq $0, %%rdx\n\t"                                                                      \
    "movq %%rdx, %%rcx\n\t"
/* P256_ROUND(bi, A0..A5): (A0..A5) += a b[bi], A5 zeroed first. */
#define P256_ROUND(bi, A0, A1, A2, A3, A4, A5)                                                \
    "xorq %%" A5 ", %%" A5 "\n\t"                                                             \
    "xorq %%rcx, %%rcx\n\t"                                                                   \
    P256_MAC(0, bi, A0) P256_MAC(1, bi, A1) P256_MAC(2, bi, A2) P256_MAC(3, bi, A3)           \
    "addq %%rcx, %%" A4 "\n\t"                                                                \
    "adcq $0, %%" A5 "\n\t"
/* P256_REDUCE(A0..A5): with q = A0, (A0..A5) += q p, which clears A0:
 * q p0 + A0 carries exactly q, so limbs 1 and 2 gain q (p1 + 1) = q 2^32
 * and limbs 3 and 4 gain q p3 (p2 is zero). */
#define P256_REDUCE(A0, A1, A2, A3, A4, A5)                                                   \
    "movq %%" A0 ", %%rax\n\t"                                                                \
    "mulq %[p3]\n\t"                                                                          \
    "movq %%" A0 ", %%rcx\n\t"                                                                \
    "shlq $32, %%rcx\n\t"                                                                     \
    "shrq $32, %%" A0 "\n\t"                                                                  \
    "addq %%rcx, %%" A1 "\n\t"                                                                \
    "adcq %%" A0 ", %%" A2 "\n\t"                                                             \
    "adcq %%rax, %%" A3 "\n\t"                                                                \
    "adcq %%rdx, %%" A4 "\n\t"                                                                \
    "adcq $0, %%" A5 "\n\t"

/* P256_STORE_REDUCED(V0..V3, C, T0..T3): stores (C:V3..V0) - p to r
 * unless that borrows (then V3..V0 itself), for a value below 2 p with
 * its carry word in C; T0..T3 are scratch. */
#define P256_STORE_REDUCED(V0, V1, V2, V3, C, T0, T1, T2, T3)                                 \
    "movq %%" V0 ", %%" T0 "\n\t"                                                             \
    "movq %%" V1 ", %%" T1 "\n\t"                                                             \
    "movq %%" V2 ", %%" T2 "\n\t"                                                             \
    "movq %%" V3 ", %%" T3 "\n\t"                                                             \
    "subq $-1, %%" T0 "\n\t"                                                                  \
    "sbbq %[p1], %%" T1 "\n\t"                                                                \
    "sbbq $0, %%" T2 "\n\t"                                                                   \
    "sbbq %[p3], %%" T3 "\n\t"                                                                \
    "sbbq $0, %%" C "\n\t"                                                                    \
    "cmovcq %%" V0 ", %%" T0 "\n\t"                                                           \
    "cmovcq %%" V1 ", %%" T1 "\n\t"                                                           \
    "cmovcq %%" V2 ", %%" T2 "\n\t"                                                           \
    "cmovcq %%" V3 ", %%" T3 "\n\t"                                                           \
    "movq %%" T0 ", 0(%[r])\n\t"                                                              \
    "movq %%" T1 ", 8(%[r])\n\t"                                                              \
    "movq %%" T2 ", 16(%[r])\n\t"                                                             \
    "movq %%" T3 ", 24(%[r])"

INLINE void p256_mul_x86(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    __asm__("xorl %%r8d, %%r8d\n\t"
            "xorl %%r9d, %%r9d\n\t"
            "xorl %%r10d, %%r10d\n\t"
            "xorl %%r11d, %%r11d\n\t"
            "xorl %%r12d, %%r12d\n\t"
            P256_ROUND(0, "r8", "r9", "r10", "r11", "r12", "r13")
            P256_REDUCE("r8", "r9", "r10", "r11", "r12", "r13")
            P256_ROUND(1, "r9", "r10", "r11", "r12", "r13", "r8")
            P256_REDUCE("r9", "r10", "r11", "r12", "r13", "r8")
            P256_ROUND(2, "r10", "r11", "r12", "r13", "r8", "r9")
            P256_REDUCE("r10", "r11", "r12", "r13", "r8", "r9")
            P256_ROUND(3, "r11", "r12", "r13", "r8", "r9", "r10")
            P256_REDUCE("r11", "r12", "r13", "r8", "r9", "r10")
            P256_STORE_REDUCED("r12", "r13", "r8", "r9", "r10", "rax", "rdx", "rcx", "r11")
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
            : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "cc", "memory");
}

/* p256_add_x86 and p256_sub_x86 are fadd and fsub for P-256 in assembly:
 * the C forms went through arrays on the stack, which the compiler then
 * read back with vector loads that missed store forwarding. */
INLINE void p256_add_x86(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    __asm__("movq 0(%[a]), %%r8\n\t"
            "movq 8(%[a]), %%r9\n\t"
            "movq 16(%[a]), %%r10\n\t"
            "movq 24(%[a]), %%r11\n\t"
            "xorl %%ecx, %%ecx\n\t"
            "addq 0(%[b]), %%r8\n\t"
            "adcq 8(%[b]), %%r9\n\t"
            "adcq 16(%[b]), %%r10\n\t"
            "adcq 24(%[b]), %%r11\n\t"
            "adcq $0, %%rcx\n\t"
            P256_STORE_REDUCED("r8", "r9", "r10", "r11", "rcx", "rax", "rdx", "r12", "r13")
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
            : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "cc", "memory");
}

INLINE void p256_sub_x86(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    __asm__("movq 0(%[a]), %%r8\n\t"
            "movq 8(%[a]), %%r9\n\t"
            "movq 16(%[a]), %%r10\n\t"
            "movq 24(%[a]), %%r11\n\t"
            "subq 0(%[b]), %%r8\n\t"
            "sbbq 8(%[b]), %%r9\n\t"
            "sbbq 16(%[b]), %%r10\n\t"
            "sbbq 24(%[b]), %%r11\n\t"
            "sbbq %%rcx, %%rcx\n\t" /* all ones on a borrow: add p back */
            "movq %[p1], %%rdx\n\t"
            "movq %[p3], %%rax\n\t"
            "andq %%rcx, %%rdx\n\t"
            "andq %%rcx, %%rax\n\t"
            "addq %%rcx, %%r8\n\t"
            "adcq %%rdx, %%r9\n\t"
            "adcq $0, %%r10\n\t"
            "adcq %%rax, %%r11\n\t"
            "movq %%r8, 0(%[r])\n\t"
            "movq %%r9, 8(%[r])\n\t"
            "movq %%r10, 16(%[r])\n\t"
            "movq %%r11, 24(%[r])"
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b), [p1] "m"(p256_p1), [p3] "m"(p256_p3)
            : "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "cc", "memory");
}

#include "nist_adx.h"
#include "p521_adx.h"
#endif

/* The C products, and P-521's fold, are functions of their own, called
 * from the point formulas instead of inlined into each of them: the
 * formulas' ~50 inlined copies of their loops took LLVM's loop passes
 * minutes in sanitizer builds (the asan and fuzz stages), and a call
 * costs a few percent of a 6- or 9-limb product.  P-256's and the
 * nist_adx.h kernels are inline assembly, inlined as before. */
#define FIELD_FN static __attribute__((noinline))

FIELD_FN void p384_mul_c(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fmul(r, a, b, &p384_p, 6);
}

FIELD_FN void p521_mul_c(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
#ifdef BRISK_X86_64
    p521_mul_x86(r, a, b);
#else
    p521_mul(r, a, b);
#endif
}

FIELD_FN void p521_sqr_c(uint64_t *r, const uint64_t *a)
{
#ifdef BRISK_X86_64
    p521_sqr_x86(r, a);
#else
    p521_sqr(r, a);
#endif
}

#ifndef BRISK_X86_64
FIELD_FN void p256_mul_c(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
#ifdef __SIZEOF_INT128__
    p256_mul(r, a, b);
#else
    fmul(r, a, b, &p256_p, 4);
#endif
}
#endif

/* pmul sets r = a b in curve id's field; a == b squares (the pointers are
 * public, and inlined calls with one argument twice fold the test). */
INLINE void pmul(uint64_t *r, const uint64_t *a, const uint64_t *b, int id)
{
#ifdef BRISK_X86_64
    if (id == 4) {
        if (a == b)
            p256_sqr_adx(r, a);
        else
            p256_mul_adx(r, a, b);
        return;
    }
    if (id == 5) {
        if (a == b)
            p384_sqr_adx(r, a);
        else
            p384_mul_adx(r, a, b);
        return;
    }
    if (id == 6) {
        if (a == b)
            p521_sqr_adx(r, a);
        else
            p521_mul_adx(r, a, b);
        return;
    }
    if (id == 1) {
        p256_mul_x86(r, a, b);
        return;
    }
#else
    if (id == 1) {
        p256_mul_c(r, a, b);
        return;
    }
#endif
    if (id == 3) {
        if (a == b)
            p521_sqr_c(r, a);
        else
            p521_mul_c(r, a, b);
        return;
    }
    p384_mul_c(r, a, b); /* id 2, the only one left */
}

INLINE void padd(uint64_t *r, const uint64_t *a, const uint64_t *b, int id)
{
#ifdef BRISK_X86_64
    if (id == 1 || id == 4) {
        p256_add_x86(r, a, b);
        return;
    }
#endif
    fadd(r, a, b, pmod(id), plimbs(id));
}

INLINE void psub(uint64_t *r, const uint64_t *a, const uint64_t *b, int id)
{
#ifdef BRISK_X86_64
    if (id == 1 || id == 4) {
        p256_sub_x86(r, a, b);
        return;
    }
#endif
    fsub(r, a, b, pmod(id), plimbs(id));
}

/* smul sets r = a b R^-1 mod m, the scalars mod n of curve id (m is the
 * curve's n): nist_adx.h's products for ids 4 and 5, else fmul. */
INLINE void smul(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m, int id)
{
#ifdef BRISK_X86_64
    if (id == 4) {
        mont4_mul_adx(r, a, b, m);
        return;
    }
    if (id == 5) {
        mont6_mul_adx(r, a, b, m);
        return;
    }
#endif
    fmul(r, a, b, m, plimbs(id));
}

/* wpow sets r = a^e for the public exponent e (n limbs) by sliding
 * windows of up to 5 bits over the odd powers a, a^3, .. a^31: about
 * 64 n squarings and 64 n / 6 multiplications, against 4-bit windows'
 * 64 n / 4.  The sequence of products depends on e only: constant-time in
 * a.  field picks pmul (GF(p), one = 1 in its form) or smul (mod m). */
INLINE void wpow(uint64_t *r, const uint64_t *a, const uint64_t *e, const uint64_t *one,
                 const ec_mod *m, int id, int field)
{
    const size_t n = plimbs(id);
    uint64_t tab[16][EC_MAX_LIMBS], acc[EC_MAX_LIMBS], a2[EC_MAX_LIMBS];
    size_t i = 64 * n;
    int started = 0;

#define WPOW_MUL(r, x, y) (field ? pmul(r, x, y, id) : smul(r, x, y, m, id))
    fcopy(tab[0], a, n);
    WPOW_MUL(a2, a, a);
    for (int k = 1; k < 16; k++)
        WPOW_MUL(tab[k], tab[k - 1], a2);
    fcopy(acc, one, n);
    while (i-- > 0) {
        if (((e[i / 64] >> (i % 64)) & 1) == 0) {
            if (started)
                WPOW_MUL(acc, acc, acc);
            continue;
        }
        size_t j = i >= 4 ? i - 4 : 0; /* the window e[i..j], j its lowest set bit */
        while (((e[j / 64] >> (j % 64)) & 1) == 0)
            j++;
        unsigned v = 0;
        for (size_t b = i + 1; b-- > j;)
            v = 2 * v + (unsigned)((e[b / 64] >> (b % 64)) & 1);
        if (started) {
            for (size_t b = j; b <= i; b++)
                WPOW_MUL(acc, acc, acc);
            WPOW_MUL(acc, acc, tab[v / 2]);
        } else {
            fcopy(acc, tab[v / 2], n);
            started = 1;
        }
        i = j;
    }
#undef WPOW_MUL
    fcopy(r, acc, n);
    wipe(tab, sizeof(tab));
    wipe(a2, sizeof(a2));
    wipe(acc, sizeof(acc));
}

/* ppow sets r = a^e in GF(p) for the public e; one is 1 in the field's
 * form (c->p.one). */
INLINE void ppow(uint64_t *r, const uint64_t *a, const uint64_t *e, const uint64_t *one, int id)
{
    wpow(r, a, e, one, NULL, id, 1);
}

/* spow sets r = a^e (Montgomery form) mod m for the public exponent e;
 * constant-time in a. */
INLINE void spow(uint64_t *r, const uint64_t *a, const uint64_t *e, const ec_mod *m, int id)
{
    wpow(r, a, e, m->one, m, id, 0);
}

#ifndef BRISK_EC_SAFEGCD
/* psqrn sets r = a^(2^k), k squarings (for pinv's addition chain). */
INLINE void psqrn(uint64_t *r, const uint64_t *a, int k, int id)
{
    fcopy(r, a, plimbs(id));
    for (int i = 0; i < k; i++)
        pmul(r, r, r, id);
}
#endif

/* pinv sets r = a^-1 (zero for zero) in the field's form; m is the
 * curve's p.  By division steps (brisk_ec_modinv) where the compiler has a
 * 128-bit integer, else as a^(p - 2): P-256's p - 2 = 2^256 - 2^224 +
 * 2^192 + 2^96 - 3 by an addition chain of 255 squarings and 12
 * multiplications (x_k is a^(2^k - 1)); ppow's 4-bit windows take 64 more
 * multiplications.  Constant-time. */
INLINE void pinv(uint64_t *r, const uint64_t *a, const ec_mod *m, int id)
{
#ifdef BRISK_EC_SAFEGCD
    brisk_ec_modinv(&m->inv, r, a); /* (a R)^-1 = a^-1 R^-1 */
    if (id != 3 && id != 6)         /* P-521 has no Montgomery form */
        pmul(r, r, m->rrr, id);
#else
    if (id == 1 || id == 4) {
        uint64_t x2[4], x3[4], x6[4], x12[4], x15[4], x30[4], x32[4], t[4];
        psqrn(t, a, 1, id);
        pmul(x2, t, a, id);
        psqrn(t, x2, 1, id);
        pmul(x3, t, a, id);
        psqrn(t, x3, 3, id);
        pmul(x6, t, x3, id);
        psqrn(t, x6, 6, id);
        pmul(x12, t, x6, id);
        psqrn(t, x12, 3, id);
        pmul(x15, t, x3, id);
        psqrn(t, x15, 15, id);
        pmul(x30, t, x15, id);
        psqrn(t, x30, 2, id);
        pmul(x32, t, x2, id);
        psqrn(t, x32, 32, id); /* ffffffff 00000000 */
        pmul(t, t, a, id);     /* ffffffff 00000001 */
        psqrn(t, t, 128, id);
        pmul(t, t, x32, id);   /* .. 00000000 ffffffff */
        psqrn(t, t, 32, id);
        pmul(t, t, x32, id);   /* .. ffffffff ffffffff */
        psqrn(t, t, 30, id);
        pmul(t, t, x30, id);
        psqrn(t, t, 2, id);
        pmul(r, t, a, id);     /* .. fffffffd */
        wipe(x2, sizeof(x2));
        wipe(x3, sizeof(x3));
        wipe(x6, sizeof(x6));
        wipe(x12, sizeof(x12));
        wipe(x15, sizeof(x15));
        wipe(x30, sizeof(x30));
        wipe(x32, sizeof(x32));
        wipe(t, sizeof(t));
        return;
    }
    ppow(r, a, m->mm2, m->one, id);
#endif
}

/* ---- Points ---- */

/* ec_proj is a projective point (X : Y : Z), x = X / Z, y = Y / Z; the
 * identity is (0 : 1 : 0). */
typedef struct ec_proj {
    uint64_t x[EC_MAX_LIMBS], y[EC_MAX_LIMBS], z[EC_MAX_LIMBS];
} ec_proj;

/* point_add sets r = a + b: RCB algorithm 4, complete (a = -3); r may
 * alias a or b. */
INLINE void point_add(const ec_curve *c, ec_proj *r, const ec_proj *a, const ec_proj *b, int id)
{
    const size_t n = plimbs(id);
    uint64_t t0[EC_MAX_LIMBS], t1[EC_MAX_LIMBS], t2[EC_MAX_LIMBS], t3[EC_MAX_LIMBS],
        t4[EC_MAX_LIMBS], x3[EC_MAX_LIMBS], y3[EC_MAX_LIMBS], z3[EC_MAX_LIMBS];

    pmul(t0, a->x, b->x, id);
    pmul(t1, a->y, b->y, id);
    pmul(t2, a->z, b->z, id);
    padd(t3, a->x, a->y, id);
    padd(t4, b->x, b->y, id);
    pmul(t3, t3, t4, id);
    padd(t4, t0, t1, id);
    psub(t3, t3, t4, id);
    padd(t4, a->y, a->z, id);
    padd(x3, b->y, b->z, id);
    pmul(t4, t4, x3, id);
    padd(x3, t1, t2, id);
    psub(t4, t4, x3, id);
    padd(x3, a->x, a->z, id);
    padd(y3, b->x, b->z, id);
    pmul(x3, x3, y3, id);
    padd(y3, t0, t2, id);
    psub(y3, x3, y3, id);
    pmul(z3, c->b, t2, id);
    psub(x3, y3, z3, id);
    padd(z3, x3, x3, id);
    padd(x3, x3, z3, id);
    psub(z3, t1, x3, id);
    padd(x3, t1, x3, id);
    pmul(y3, c->b, y3, id);
    padd(t1, t2, t2, id);
    padd(t2, t1, t2, id);
    psub(y3, y3, t2, id);
    psub(y3, y3, t0, id);
    padd(t1, y3, y3, id);
    padd(y3, t1, y3, id);
    padd(t1, t0, t0, id);
    padd(t0, t1, t0, id);
    psub(t0, t0, t2, id);
    pmul(t1, t4, y3, id);
    pmul(t2, t0, y3, id);
    pmul(y3, x3, z3, id);
    padd(y3, y3, t2, id);
    pmul(x3, t3, x3, id);
    psub(x3, x3, t1, id);
    pmul(z3, t4, z3, id);
    pmul(t1, t3, t0, id);
    padd(z3, z3, t1, id);
    fcopy(r->x, x3, n);
    fcopy(r->y, y3, n);
    fcopy(r->z, z3, n);
}

/* point_dbl sets r = 2 a: RCB algorithm 6, complete (a = -3); r may alias
 * a. */
INLINE void point_dbl(const ec_curve *c, ec_proj *r, const ec_proj *a, int id)
{
    const size_t n = plimbs(id);
    uint64_t t0[EC_MAX_LIMBS], t1[EC_MAX_LIMBS], t2[EC_MAX_LIMBS], t3[EC_MAX_LIMBS],
        x3[EC_MAX_LIMBS], y3[EC_MAX_LIMBS], z3[EC_MAX_LIMBS];

    pmul(t0, a->x, a->x, id);
    pmul(t1, a->y, a->y, id);
    pmul(t2, a->z, a->z, id);
    pmul(t3, a->x, a->y, id);
    padd(t3, t3, t3, id);
    pmul(z3, a->x, a->z, id);
    padd(z3, z3, z3, id);
    pmul(y3, c->b, t2, id);
    psub(y3, y3, z3, id);
    padd(x3, y3, y3, id);
    padd(y3, x3, y3, id);
    psub(x3, t1, y3, id);
    padd(y3, t1, y3, id);
    pmul(y3, x3, y3, id);
    pmul(x3, x3, t3, id);
    padd(t3, t2, t2, id);
    padd(t2, t2, t3, id);
    pmul(z3, c->b, z3, id);
    psub(z3, z3, t2, id);
    psub(z3, z3, t0, id);
    padd(t3, z3, z3, id);
    padd(z3, z3, t3, id);
    padd(t3, t0, t0, id);
    padd(t0, t3, t0, id);
    psub(t0, t0, t2, id);
    pmul(t0, t0, z3, id);
    padd(y3, y3, t0, id);
    pmul(t0, a->y, a->z, id);
    padd(t0, t0, t0, id);
    pmul(z3, t0, z3, id);
    psub(x3, x3, z3, id);
    pmul(z3, t0, t1, id);
    padd(z3, z3, z3, id);
    padd(z3, z3, z3, id);
    fcopy(r->x, x3, n);
    fcopy(r->y, y3, n);
    fcopy(r->z, z3, n);
}

INLINE void point_from_affine(const ec_curve *c, ec_proj *r, const ec_affine *a, size_t n)
{
    fcopy(r->x, a->x, n);
    fcopy(r->y, a->y, n);
    fcopy(r->z, c->p.one, n);
}

/* ec_jac is a point in Jacobian coordinates (X : Y : Z), x = X / Z^2,
 * y = Y / Z^3, the identity any point with Z = 0.  Scalar multiplication
 * runs on these: the doubling for a = -3 is 4M + 4S against the complete
 * projective one's 8M + 3S and two multiplications by b, and the
 * additions are 8M + 3S (an affine operand) and 11M + 5S.  The additions
 * are not complete: they handle the identity on either side by masks, but
 * a == b gives a wrong result, which they report: the constant-time
 * callers double where they could meet it (see brisk_ec_mul), and so does
 * verification. */
typedef struct ec_jac {
    uint64_t x[EC_MAX_LIMBS], y[EC_MAX_LIMBS], z[EC_MAX_LIMBS];
} ec_jac;

/* jac_dbl sets r = 2 a ("dbl-2001-b" of the Explicit-Formulas Database,
 * a = -3, with Z3 = 2 Y Z instead of (Y + Z)^2 - gamma - delta, and
 * gamma doubled before its uses: 4M + 4S and 12 additions instead of
 * 3M + 5S and 16, about 5% faster k P with P-256's mulx products);
 * exception-free (the identity doubles to Z = 0); r may alias a. */
INLINE void jac_dbl(ec_jac *r, const ec_jac *a, int id)
{
    const size_t n = plimbs(id);
    uint64_t delta[EC_MAX_LIMBS], gamma[EC_MAX_LIMBS], beta[EC_MAX_LIMBS],
        alpha[EC_MAX_LIMBS], t[EC_MAX_LIMBS], u[EC_MAX_LIMBS], x3[EC_MAX_LIMBS],
        y3[EC_MAX_LIMBS], z3[EC_MAX_LIMBS];

    pmul(delta, a->z, a->z, id);
    pmul(gamma, a->y, a->y, id);
    padd(gamma, gamma, gamma, id); /* 2 gamma */
    pmul(beta, a->x, gamma, id);   /* 2 beta */
    psub(t, a->x, delta, id);
    padd(u, a->x, delta, id);
    pmul(alpha, t, u, id);
    padd(t, alpha, alpha, id);
    padd(alpha, t, alpha, id); /* 3 (X - delta)(X + delta) */
    pmul(z3, a->y, a->z, id);
    padd(z3, z3, z3, id); /* 2 Y Z */
    pmul(x3, alpha, alpha, id);
    padd(beta, beta, beta, id); /* 4 beta */
    padd(t, beta, beta, id);
    psub(x3, x3, t, id); /* alpha^2 - 8 beta */
    psub(t, beta, x3, id);
    pmul(y3, alpha, t, id);
    pmul(gamma, gamma, gamma, id); /* 4 gamma^2 */
    padd(gamma, gamma, gamma, id);
    psub(y3, y3, gamma, id); /* alpha (4 beta - X3) - 8 gamma^2 */
    fcopy(r->x, x3, n);
    fcopy(r->y, y3, n);
    fcopy(r->z, z3, n);
}

/* jac_add_affine sets r = a + b for an affine b ("madd-2004-hmv": 8M + 3S
 * and 7 additions, against madd-2007-bl's 7M + 4S and 13), the identity
 * a by mask; returns all ones when a == b (r is then wrong: double
 * instead), else 0.  a == -b gives the identity (H = 0, Z3 = Z1 H = 0).
 * r may alias a. */
INLINE uint64_t jac_add_affine(const ec_curve *c, ec_jac *r, const ec_jac *a,
                               const ec_affine *b, int id)
{
    const size_t n = plimbs(id);
    uint64_t z1z1[EC_MAX_LIMBS], u2[EC_MAX_LIMBS], s2[EC_MAX_LIMBS], h[EC_MAX_LIMBS],
        hh[EC_MAX_LIMBS], hhh[EC_MAX_LIMBS], rr[EC_MAX_LIMBS], v[EC_MAX_LIMBS],
        t[EC_MAX_LIMBS], x3[EC_MAX_LIMBS], y3[EC_MAX_LIMBS], z3[EC_MAX_LIMBS];
    uint64_t a_inf = ct_mask64(is_zero_n(a->z, n)), same;

    pmul(z1z1, a->z, a->z, id);
    pmul(u2, b->x, z1z1, id);
    pmul(s2, b->y, a->z, id);
    pmul(s2, s2, z1z1, id);
    psub(h, u2, a->x, id);
    psub(rr, s2, a->y, id);
    same = ct_mask64(is_zero_n(h, n) & is_zero_n(rr, n)) & ~a_inf;
    pmul(hh, h, h, id);
    pmul(hhh, h, hh, id);
    pmul(v, a->x, hh, id);
    pmul(x3, rr, rr, id);
    psub(x3, x3, hhh, id);
    psub(x3, x3, v, id);
    psub(x3, x3, v, id); /* r^2 - H^3 - 2 V */
    psub(t, v, x3, id);
    pmul(y3, rr, t, id);
    pmul(t, a->y, hhh, id);
    psub(y3, y3, t, id); /* r (V - X3) - Y1 H^3 */
    pmul(z3, a->z, h, id);
    sel_n(r->x, a_inf, b->x, x3, n);
    sel_n(r->y, a_inf, b->y, y3, n);
    sel_n(r->z, a_inf, c->p.one, z3, n);
    return same;
}

/* jac_add sets r = a + b ("add-2007-bl"), the identity on either side by
 * mask; returns all ones when a == b (r is then wrong), else 0.  r may
 * alias a or b. */
INLINE uint64_t jac_add(ec_jac *r, const ec_jac *a, const ec_jac *b, int id)
{
    const size_t n = plimbs(id);
    uint64_t z1z1[EC_MAX_LIMBS], z2z2[EC_MAX_LIMBS], u1[EC_MAX_LIMBS], u2[EC_MAX_LIMBS],
        s1[EC_MAX_LIMBS], s2[EC_MAX_LIMBS], h[EC_MAX_LIMBS], i[EC_MAX_LIMBS], j[EC_MAX_LIMBS],
        rr[EC_MAX_LIMBS], v[EC_MAX_LIMBS], t[EC_MAX_LIMBS], x3[EC_MAX_LIMBS], y3[EC_MAX_LIMBS],
        z3[EC_MAX_LIMBS];
    uint64_t a_inf = ct_mask64(is_zero_n(a->z, n)), b_inf = ct_mask64(is_zero_n(b->z, n)), same;

    pmul(z1z1, a->z, a->z, id);
    pmul(z2z2, b->z, b->z, id);
    pmul(u1, a->x, z2z2, id);
    pmul(u2, b->x, z1z1, id);
    pmul(s1, a->y, b->z, id);
    pmul(s1, s1, z2z2, id);
    pmul(s2, b->y, a->z, id);
    pmul(s2, s2, z1z1, id);
    psub(h, u2, u1, id);
    padd(i, h, h, id);
    pmul(i, i, i, id);
    pmul(j, h, i, id);
    psub(rr, s2, s1, id);
    padd(rr, rr, rr, id);
    pmul(v, u1, i, id);
    same = ct_mask64(is_zero_n(h, n) & is_zero_n(rr, n)) & ~a_inf & ~b_inf;
    pmul(x3, rr, rr, id);
    psub(x3, x3, j, id);
    psub(x3, x3, v, id);
    psub(x3, x3, v, id);
    psub(t, v, x3, id);
    pmul(y3, rr, t, id);
    pmul(t, s1, j, id);
    padd(t, t, t, id);
    psub(y3, y3, t, id);
    padd(z3, a->z, b->z, id);
    pmul(z3, z3, z3, id);
    psub(z3, z3, z1z1, id);
    psub(z3, z3, z2z2, id);
    pmul(z3, z3, h, id);
    /* a is the identity: b; b is: a */
    sel_n(x3, a_inf, b->x, x3, n);
    sel_n(y3, a_inf, b->y, y3, n);
    sel_n(z3, a_inf, b->z, z3, n);
    sel_n(r->x, b_inf, a->x, x3, n);
    sel_n(r->y, b_inf, a->y, y3, n);
    sel_n(r->z, b_inf, a->z, z3, n);
    return same;
}

/* A curve's fixed-base table: for each window i of BASE_W(c) bits of a
 * scalar, the 2^(w-1) points j 2^(w i) G, j = 1..2^(w-1), affine (x then
 * y, n_limbs each) in Montgomery form; mul_base_jac adds one per window,
 * negated for a negative digit.  P-256 takes 7-bit windows (37 of them,
 * 148 KiB, as OpenSSL's ecp_nistz256), P-384 5-bit ones (77 windows, 116
 * KiB) and P-521 6-bit ones (87 windows, 392 KiB: k G took 48 us a call
 * on a Zen 4 against 55 us with 5 bits and 46 us with 7 bits, whose 691
 * KiB would not fit a Zen 2 or Zen 3 core's 512 KiB L2). */
#define BASE_W(n_limbs) ((n_limbs) == 4 ? 7u : (n_limbs) == 9 ? 6u : 5u)
#define BASE_WINDOWS(bits, w) (((bits) + 1 + (w) - 1) / (w))
#define BASE_TABLE_LIMBS(bits, n_limbs)                                                       \
    (BASE_WINDOWS(bits, BASE_W(n_limbs)) * ((size_t)1 << (BASE_W(n_limbs) - 1)) * 2 * (n_limbs))

/* scan_base sets r to entry a (1..h) of a table of h entries of 2 n limbs,
 * or to zero for a = 0, reading all of them; n and h are constants of
 * each caller.  The sums are pairs of limbs in vector registers (u64x2):
 * as arrays, the compiler stored every limb back on each entry. */
INLINE void scan_base(uint64_t *r, const uint64_t *tab, uint64_t a, size_t n, size_t h)
{
    u64x2 acc[2 * EC_MAX_LIMBS], v;

    for (size_t l = 0; l < n; l++)
        acc[l] = (u64x2){0, 0};
    for (size_t j = 0; j < h; j++) {
        uint64_t m = ct_mask64(((((uint64_t)j + 1) ^ a) - 1) >> 63);
        u64x2 mask = {m, m};
        for (size_t l = 0; l < n; l++) {
            memcpy(&v, tab + j * 2 * n + 2 * l, sizeof(v));
            acc[l] |= v & mask;
        }
    }
    memcpy(r, acc, 2 * n * sizeof(uint64_t));
}

/* pscan is scan_base for a window tab of curve id's fixed-base table; in
 * AVX2 for "adx" (nist_adx.h). */
INLINE void pscan(uint64_t *r, const uint64_t *tab, uint64_t a, int id)
{
#ifdef BRISK_X86_64
    if (id >= 4) {
        (id == 4 ? p256_scan_avx2 : id == 5 ? p384_scan_avx2 : p521_scan_avx2)(r, tab, a);
        return;
    }
#endif
    scan_base(r, tab, a, plimbs(id), (size_t)1 << (BASE_W(plimbs(id)) - 1));
}

/* ---- The operations, compiled once per limb count ---- */

struct nist_ops {
    void (*add)(const ec_curve *c, ec_proj *r, const ec_proj *a, const ec_proj *b);
    void (*dbl)(const ec_curve *c, ec_proj *r, const ec_proj *a);
    void (*jdbl)(ec_jac *r, const ec_jac *a);
    uint64_t (*jadd)(ec_jac *r, const ec_jac *a, const ec_jac *b);
    uint64_t (*jadd_affine)(const ec_curve *c, ec_jac *r, const ec_jac *a, const ec_affine *b);
    void (*mul)(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m);
    void (*pow)(uint64_t *r, const uint64_t *a, const uint64_t *e, const ec_mod *m);
    /* GF(p) (m is the curve's p; pmul uses its constants, ppow m->one) */
    void (*pmul)(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m);
    void (*ppow)(uint64_t *r, const uint64_t *a, const uint64_t *e, const ec_mod *m);
    void (*pinv)(uint64_t *r, const uint64_t *a, const ec_mod *m);
    /* the fixed-base table's entry a (1..2^(w-1), 0 zero) of window tab */
    void (*scan)(uint64_t *r, const uint64_t *tab, uint64_t a);
};
typedef struct nist_ops nist_ops;

/* NIST_OPS(name, id) defines ops_<name>: the operations for curve id (see
 * pmod), each a call with the constants the compiler then propagates into
 * its own copy of the inlined code. */
#define NIST_OPS(name, id)                                                                    \
    static void add_##name(const ec_curve *c, ec_proj *r, const ec_proj *a, const ec_proj *b) \
    {                                                                                         \
        point_add(c, r, a, b, id);                                                            \
    }                                                                                         \
    static void dbl_##name(const ec_curve *c, ec_proj *r, const ec_proj *a)                   \
    {                                                                                         \
        point_dbl(c, r, a, id);                                                               \
    }                                                                                         \
    static void jdbl_##name(ec_jac *r, const ec_jac *a)                                       \
    {                                                                                         \
        jac_dbl(r, a, id);                                                                    \
    }                                                                                         \
    static uint64_t jadd_##name(ec_jac *r, const ec_jac *a, const ec_jac *b)                  \
    {                                                                                         \
        return jac_add(r, a, b, id);                                                          \
    }                                                                                         \
    static uint64_t jadd_affine_##name(const ec_curve *c, ec_jac *r, const ec_jac *a,         \
                                       const ec_affine *b)                                    \
    {                                                                                         \
        return jac_add_affine(c, r, a, b, id);                                                \
    }                                                                                         \
    static void mul_##name(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m) \
    {                                                                                         \
        smul(r, a, b, m, id);                                                                 \
    }                                                                                         \
    static void pow_##name(uint64_t *r, const uint64_t *a, const uint64_t *e, const ec_mod *m) \
    {                                                                                         \
        spow(r, a, e, m, id);                                                                 \
    }                                                                                         \
    static void pmul_##name(uint64_t *r, const uint64_t *a, const uint64_t *b, const ec_mod *m) \
    {                                                                                         \
        (void)m;                                                                              \
        pmul(r, a, b, id);                                                                    \
    }                                                                                         \
    static void ppow_##name(uint64_t *r, const uint64_t *a, const uint64_t *e, const ec_mod *m) \
    {                                                                                         \
        ppow(r, a, e, m->one, id);                                                            \
    }                                                                                         \
    static void pinv_##name(uint64_t *r, const uint64_t *a, const ec_mod *m)                  \
    {                                                                                         \
        pinv(r, a, m, id);                                                                    \
    }                                                                                         \
    static void scan_##name(uint64_t *r, const uint64_t *tab, uint64_t a)                     \
    {                                                                                         \
        pscan(r, tab, a, id);                                                                 \
    }                                                                                         \
    static const nist_ops ops_##name = {add_##name,  dbl_##name, jdbl_##name,                 \
                                        jadd_##name, jadd_affine_##name, mul_##name,          \
                                        pow_##name,  pmul_##name, ppow_##name, pinv_##name, \
                                        scan_##name}

NIST_OPS(p256, 1);
NIST_OPS(p384, 2);
NIST_OPS(p521, 3);
#ifdef BRISK_X86_64
NIST_OPS(p256_adx, 4);
NIST_OPS(p384_adx, 5);
NIST_OPS(p521_adx, 6);
#endif

/* The "nist" primitive: adx where the CPU has BMI2, ADX and AVX2 (the
 * three fields' products and P-256's and P-384's scalar products, and
 * P-256's fixed-base scans), else base (no
 * CPU feature: on x86-64 baseline assembly for P-256's and P-521's field
 * products, C elsewhere and for the rest). */
#ifdef BRISK_X86_64
static const brisk_nist_ops nist_ops_adx = {&ops_p256_adx, &ops_p384_adx, &ops_p521_adx};
#endif
static const brisk_nist_ops nist_ops_base = {&ops_p256, &ops_p384, &ops_p521};

static const brisk_impl nist_impls[] = {
#ifdef BRISK_X86_64
    {"adx", BRISK_CPU_BMI2 | BRISK_CPU_ADX | BRISK_CPU_AVX2, 0, BRISK_IMPL_AUTO, &nist_ops_adx},
#endif
    {"base", 0, 0, BRISK_IMPL_AUTO, &nist_ops_base},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_nist_prim = {.name = "nist", .impls = nist_impls};


/* ---- Curves ---- */

static uint64_t p256_table[BASE_TABLE_LIMBS(256, 4)];
static uint64_t p384_table[BASE_TABLE_LIMBS(384, 6)];
static uint64_t p521_table[BASE_TABLE_LIMBS(521, 9)];

static ec_curve curves[3];
static int curves_ready[3];
static char curves_lock;

static const nist_ops *ops_of(const ec_curve *c)
{
    const brisk_nist_ops *impl = brisk_prim_ops(&brisk_nist_prim);
    return c->n_limbs == 4 ? impl->p256 : c->n_limbs == 6 ? impl->p384 : impl->p521;
}

/* base_w is the width of c's fixed-base windows, base_windows their
 * number: enough for bits + 1, so that the top digit takes the last
 * carry of the signed recoding (recode_signed) and is never negative. */
static unsigned base_w(const ec_curve *c)
{
    return BASE_W(c->n_limbs);
}

static size_t base_windows(const ec_curve *c)
{
    return BASE_WINDOWS(c->bits, base_w(c));
}

void brisk_ec_load_be(const ec_curve *c, uint64_t r[EC_MAX_LIMBS], const uint8_t *in)
{
    const size_t len = c->bytes;
    for (size_t j = 0; j < EC_MAX_LIMBS; j++)
        r[j] = 0;
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i;
        r[pos / 8] |= (uint64_t)in[i] << (8 * (pos % 8));
    }
}

void brisk_ec_store_be(const ec_curve *c, uint8_t *out, const uint64_t r[EC_MAX_LIMBS])
{
    const size_t len = c->bytes;
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i;
        out[i] = (uint8_t)(r[pos / 8] >> (8 * (pos % 8)));
    }
}

/* mod_init fills m's constants from its big-endian value. */
static void mod_init(const ec_curve *c, ec_mod *m, const uint8_t *be)
{
    const size_t n = c->n_limbs;
    uint64_t x, two[EC_MAX_LIMBS] = {2}, t[EC_MAX_LIMBS] = {1};

    brisk_ec_load_be(c, m->m, be);
    /* Newton's iteration doubles the correct low bits: 1, 2, ..., 64
     * (odd m: x = m is right mod 8, so five steps do). */
    x = m->m[0];
    for (int i = 0; i < 5; i++)
        x *= 2 - m->m[0] * x;
    m->m0inv = 0 - x;
    for (size_t i = 0; i < 128 * n; i++) {
        fadd(t, t, t, m, n);
        if (i + 1 == 64 * n)
            fcopy(m->one, t, n);
    }
    fcopy(m->rr, t, n);
    fmul(m->rrr, m->rr, m->rr, m, n);
    sub_n(m->mm2, m->m, two, n);
#ifdef BRISK_EC_SAFEGCD
    brisk_ec_modinv_init(&m->inv, m->m, n, c->bits);
#endif
}

static void curve_init(ec_curve *c, brisk_ec_curve id, const nist_params *pp, size_t bits)
{
    const nist_ops *ops;

    memset(c, 0, sizeof(*c));
    c->id = id;
    c->bytes = pp->bytes;
    c->bits = bits;
    c->n_limbs = (pp->bytes + 7) / 8;
    mod_init(c, &c->p, pp->p);
    mod_init(c, &c->n, pp->n);
    if (id == BRISK_EC_P521) { /* no Montgomery form for GF(p): see pmul */
        const uint64_t one[EC_MAX_LIMBS] = {1};
        memcpy(c->p.one, one, sizeof(one));
        memcpy(c->p.rr, one, sizeof(one));
        memcpy(c->p.rrr, one, sizeof(one));
    }
    ops = ops_of(c);
    brisk_ec_load_be(c, c->b, pp->b);
    brisk_ec_load_be(c, c->g.x, pp->gx);
    brisk_ec_load_be(c, c->g.y, pp->gy);
    ops->pmul(c->b, c->b, c->p.rr, &c->p);
    ops->pmul(c->g.x, c->g.x, c->p.rr, &c->p);
    ops->pmul(c->g.y, c->g.y, c->p.rr, &c->p);
}

/* table_window fills one window's h = 2^(w-1) entries from pw = 2^(w i) G
 * and sets pw to 2^(w (i+1)) G, normalising the h with one inversion
 * (Montgomery's trick).  Public values: variable-time is fine, but
 * nothing here branches anyway. */
static void table_window(const ec_curve *c, uint64_t *tab, ec_proj *pw)
{
    enum { H_MAX = 64 };
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs, h = (size_t)1 << (base_w(c) - 1);
    ec_proj e[H_MAX];
    uint64_t pre[H_MAX][EC_MAX_LIMBS], inv[EC_MAX_LIMBS], zi[EC_MAX_LIMBS];

    e[0] = *pw;
    for (size_t j = 1; j < h; j++)
        ops->add(c, &e[j], &e[j - 1], pw);
    ops->dbl(c, pw, &e[h - 1]); /* 2^w = 2 * 2^(w-1) */
    fcopy(pre[0], e[0].z, n);
    for (size_t j = 1; j < h; j++)
        ops->pmul(pre[j], pre[j - 1], e[j].z, &c->p);
    ops->pinv(inv, pre[h - 1], &c->p);
    for (size_t j = h; j-- > 0;) {
        if (j > 0) {
            ops->pmul(zi, inv, pre[j - 1], &c->p);
            ops->pmul(inv, inv, e[j].z, &c->p);
        } else {
            fcopy(zi, inv, n);
        }
        ops->pmul(tab + j * 2 * n, e[j].x, zi, &c->p);
        ops->pmul(tab + j * 2 * n + n, e[j].y, zi, &c->p);
    }
}

static void table_init(ec_curve *c, uint64_t *tab)
{
    const size_t n = c->n_limbs, nw = base_windows(c), h = (size_t)1 << (base_w(c) - 1);
    ec_proj pw;

    point_from_affine(c, &pw, &c->g, n);
    for (size_t w = 0; w < nw; w++)
        table_window(c, tab + w * h * 2 * n, &pw);
    c->base_table = tab;
}

const ec_curve *brisk_ec_get(brisk_ec_curve curve)
{
    int i = (int)curve - 1;

    if (i < 0 || i > 2)
        return NULL;
    if (!__atomic_load_n(&curves_ready[i], __ATOMIC_ACQUIRE)) {
        while (__atomic_test_and_set(&curves_lock, __ATOMIC_ACQUIRE))
            ;
        if (!__atomic_load_n(&curves_ready[i], __ATOMIC_RELAXED)) {
            ec_curve *c = &curves[i];
            if (curve == BRISK_EC_P256) {
                curve_init(c, curve, &p256_params, 256);
                table_init(c, p256_table);
            } else if (curve == BRISK_EC_P384) {
                curve_init(c, curve, &p384_params, 384);
                table_init(c, p384_table);
            } else {
                curve_init(c, curve, &p521_params, 521);
                table_init(c, p521_table);
            }
            __atomic_store_n(&curves_ready[i], 1, __ATOMIC_RELEASE);
        }
        __atomic_clear(&curves_lock, __ATOMIC_RELEASE);
    }
    return &curves[i];
}

/* ---- Scalars and field helpers ---- */

uint64_t brisk_ec_scalar_ok(const ec_curve *c, const uint64_t k[EC_MAX_LIMBS])
{
    uint64_t t[EC_MAX_LIMBS];
    uint64_t below = sub_n(t, k, c->n.m, c->n_limbs);
    return below & (is_zero_n(k, c->n_limbs) ^ 1);
}

void brisk_ec_reduce_once(const ec_curve *c, const ec_mod *m, uint64_t a[EC_MAX_LIMBS])
{
    uint64_t t[EC_MAX_LIMBS];
    uint64_t borrow = sub_n(t, a, m->m, c->n_limbs);
    sel_n(a, ct_mask64(borrow), a, t, c->n_limbs);
}

void brisk_ec_fe_mul(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    ops_of(c)->pmul(r, a, b, &c->p);
}

void brisk_ec_fe_from_mont(const ec_curve *c, uint64_t r[EC_MAX_LIMBS],
                           const uint64_t a[EC_MAX_LIMBS])
{
    const uint64_t one[EC_MAX_LIMBS] = {1};
    ops_of(c)->pmul(r, a, one, &c->p);
}

void brisk_ec_sc_mul(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    ops_of(c)->mul(r, a, b, &c->n);
}

void brisk_ec_sc_add(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fadd(r, a, b, &c->n, c->n_limbs);
}

void brisk_ec_sc_inv(const ec_curve *c, uint64_t *r, const uint64_t *a)
{
#ifdef BRISK_EC_SAFEGCD
    brisk_ec_modinv(&c->n.inv, r, a); /* (a R)^-1 = a^-1 R^-1 */
    ops_of(c)->mul(r, r, c->n.rrr, &c->n);
#else
    ops_of(c)->pow(r, a, c->n.mm2, &c->n);
#endif
}

/* ---- Points in and out ---- */

/* to_affine sets r to a's affine form (x = X / Z^2, y = Y / Z^3);
 * returns 1 when a is the identity (r is then zero). */
static uint64_t to_affine(const ec_curve *c, ec_affine *r, const ec_jac *a)
{
    const nist_ops *ops = ops_of(c);
    uint64_t zinv[EC_MAX_LIMBS], zi2[EC_MAX_LIMBS];

    ops->pinv(zinv, a->z, &c->p);
    ops->pmul(zi2, zinv, zinv, &c->p);
    ops->pmul(r->x, a->x, zi2, &c->p);
    ops->pmul(zi2, zi2, zinv, &c->p);
    ops->pmul(r->y, a->y, zi2, &c->p);
    wipe(zinv, sizeof(zinv));
    wipe(zi2, sizeof(zi2));
    return is_zero_n(a->z, c->n_limbs);
}

/* rhs sets r = x^3 - 3 x + b (Montgomery form). */
static void rhs(const ec_curve *c, uint64_t *r, const uint64_t *x)
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs;
    uint64_t t[EC_MAX_LIMBS], x3[EC_MAX_LIMBS];

    ops->pmul(t, x, x, &c->p);
    ops->pmul(t, t, x, &c->p);
    fadd(x3, x, x, &c->p, n);
    fadd(x3, x3, x, &c->p, n);
    fsub(t, t, x3, &c->p, n);
    fadd(r, t, c->b, &c->p, n);
}

/* below_p returns 1 when a < p. */
static int below_p(const ec_curve *c, const uint64_t *a)
{
    uint64_t t[EC_MAX_LIMBS];
    return (int)sub_n(t, a, c->p.m, c->n_limbs);
}

/* sqrt_p sets r to a square root of a (p = 3 mod 4 for the three curves:
 * a^((p+1)/4)); returns 1 when a is a square. */
static int sqrt_p(const ec_curve *c, uint64_t *r, const uint64_t *a)
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs;
    uint64_t e[EC_MAX_LIMBS], one[EC_MAX_LIMBS] = {1}, chk[EC_MAX_LIMBS];

    add_n(e, c->p.m, one, n); /* p + 1 < 2^(64 n): p's top limb is never full */
    for (size_t j = 0; j < n; j++)
        e[j] = (e[j] >> 2) | (j + 1 < n ? e[j + 1] << 62 : 0);
    ops->ppow(r, a, e, &c->p);
    ops->pmul(chk, r, r, &c->p);
    return memcmp(chk, a, n * sizeof(uint64_t)) == 0;
}

int brisk_ec_point_decode(const ec_curve *c, ec_affine *pt, const uint8_t *in, size_t len)
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs, bl = c->bytes;
    uint64_t y2[EC_MAX_LIMBS], r[EC_MAX_LIMBS], yn[EC_MAX_LIMBS];

    memset(pt, 0, sizeof(*pt));
    if (in == NULL || len == 0)
        return BRISK_EPUBKEY;
    if (in[0] == 0x04 && len == 1 + 2 * bl) {
        brisk_ec_load_be(c, pt->x, in + 1);
        brisk_ec_load_be(c, pt->y, in + 1 + bl);
        if (!below_p(c, pt->x) || !below_p(c, pt->y))
            return BRISK_EPUBKEY;
        ops->pmul(pt->x, pt->x, c->p.rr, &c->p);
        ops->pmul(pt->y, pt->y, c->p.rr, &c->p);
        rhs(c, r, pt->x);
        ops->pmul(y2, pt->y, pt->y, &c->p);
        return memcmp(y2, r, n * sizeof(uint64_t)) == 0 ? BRISK_EOK : BRISK_EPUBKEY;
    }
    if ((in[0] == 0x02 || in[0] == 0x03) && len == 1 + bl) {
        brisk_ec_load_be(c, pt->x, in + 1);
        if (!below_p(c, pt->x))
            return BRISK_EPUBKEY;
        ops->pmul(pt->x, pt->x, c->p.rr, &c->p);
        rhs(c, r, pt->x);
        if (!sqrt_p(c, pt->y, r))
            return BRISK_EPUBKEY;
        brisk_ec_fe_from_mont(c, yn, pt->y);
        if ((yn[0] & 1) != (uint64_t)(in[0] & 1))
            fsub(pt->y, (const uint64_t[EC_MAX_LIMBS]){0}, pt->y, &c->p, n);
        return BRISK_EOK;
    }
    return BRISK_EPUBKEY;
}

void brisk_ec_point_encode(const ec_curve *c, uint8_t *out, const ec_affine *pt)
{
    uint64_t t[EC_MAX_LIMBS];

    out[0] = 0x04;
    brisk_ec_fe_from_mont(c, t, pt->x);
    brisk_ec_store_be(c, out + 1, t);
    brisk_ec_fe_from_mont(c, t, pt->y);
    brisk_ec_store_be(c, out + 1 + c->bytes, t);
    wipe(t, sizeof(t));
}

/* ---- Scalar multiplication ---- */

/* eq_mask is all ones when a == b (values below 2^63), without a branch. */
static uint64_t eq_mask(uint64_t a, uint64_t b)
{
    return ct_mask64(((a ^ b) - 1) >> 63);
}

/* bits_at returns the w bits of k from bit pos up (zeros past its
 * n_limbs limbs); pos and w are public, k's bits are not branched on. */
static uint64_t bits_at(const ec_curve *c, const uint64_t *k, size_t pos, unsigned w)
{
    size_t l = pos / 64, sh = pos % 64;
    uint64_t v = l < c->n_limbs ? k[l] >> sh : 0;
    if (sh != 0 && sh + w > 64 && l + 1 < c->n_limbs)
        v |= k[l + 1] << (64 - sh);
    return v & (((uint64_t)1 << w) - 1);
}

/* recode_signed sets d[0..nw-1] to k's signed w-bit digits: k = sum d[i]
 * 2^(w i) with -2^(w-1) < d[i] <= 2^(w-1) (Booth's recoding: a window
 * above 2^(w-1) becomes its value minus 2^w and carries one into the
 * next).  With nw w >= bits + 1 the top digit takes the last carry and is
 * never negative.  Arithmetic only, no branch on k. */
static void recode_signed(const ec_curve *c, int32_t *d, const uint64_t *k, unsigned w, size_t nw)
{
    uint64_t carry = 0;

    for (size_t i = 0; i < nw; i++) {
        uint64_t t = bits_at(c, k, i * w, w) + carry;
        carry = (((uint64_t)1 << (w - 1)) - t) >> 63; /* t > 2^(w-1) */
        d[i] = (int32_t)(t - (carry << w));
    }
}

/* digit_abs returns |d| and sets *neg to all ones when d < 0, without a
 * branch. */
static uint64_t digit_abs(int32_t d, uint64_t *neg)
{
    *neg = ct_mask64((uint64_t)(uint32_t)d >> 31);
    return (uint64_t)(((uint32_t)d ^ (uint32_t)*neg) - (uint32_t)*neg);
}

/* The variable-base table: j pt for j = 0..16 (0 the identity), Jacobian,
 * each entry X, Y, Z packed in VAR_STRIDE limbs (3 n_limbs, even for
 * scan_base's pairs). */
#define VAR_W 5
#define VAR_ENTRIES 17
#define VAR_STRIDE(n) ((3 * (n) + 1) & ~(size_t)1)

/* select_var sets r = |d| pt from the packed table, read by a masked
 * scan of every entry, negated when d < 0. */
static void select_var(const ec_curve *c, ec_jac *r, const uint64_t *tab, int32_t d)
{
    const size_t n = c->n_limbs;
    const uint64_t zero[EC_MAX_LIMBS] = {0};
    uint64_t neg, a = digit_abs(d, &neg), t[3 * EC_MAX_LIMBS + 1], y[EC_MAX_LIMBS];

    /* scan_base's entry j, of 2 n' limbs, is the one for j + 1 */
    if (n == 4)
        scan_base(t, tab, a + 1, VAR_STRIDE(4) / 2, VAR_ENTRIES);
    else if (n == 6)
        scan_base(t, tab, a + 1, VAR_STRIDE(6) / 2, VAR_ENTRIES);
    else
        scan_base(t, tab, a + 1, VAR_STRIDE(9) / 2, VAR_ENTRIES);
    fcopy(r->x, t, n);
    fcopy(r->y, t + n, n);
    fcopy(r->z, t + 2 * n, n);
    fsub(y, zero, r->y, &c->p, n);
    sel_n(r->y, neg, y, r->y, n);
    wipe(t, sizeof(t));
}

/* var_table fills tab with j pt for j = 0..16, packed (see VAR_STRIDE).
 * No addition meets equal points: j - 1 >= 2 for the odd j. */
static void var_table(const ec_curve *c, uint64_t *tab, const ec_affine *pt)
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs, st = VAR_STRIDE(n);
    ec_jac e[VAR_ENTRIES];

    memset(e, 0, sizeof(e));
    fcopy(e[0].x, c->p.one, n);
    fcopy(e[0].y, c->p.one, n);
    fcopy(e[1].x, pt->x, n);
    fcopy(e[1].y, pt->y, n);
    fcopy(e[1].z, c->p.one, n);
    for (int j = 2; j < VAR_ENTRIES; j++) {
        if (j % 2 == 0)
            ops->jdbl(&e[j], &e[j / 2]);
        else
            ops->jadd_affine(c, &e[j], &e[j - 1], pt);
    }
    memset(tab, 0, VAR_ENTRIES * st * sizeof(uint64_t));
    for (int j = 0; j < VAR_ENTRIES; j++) {
        fcopy(tab + j * st, e[j].x, n);
        fcopy(tab + j * st + n, e[j].y, n);
        fcopy(tab + j * st + 2 * n, e[j].z, n);
    }
    wipe(e, sizeof(e));
}

/* brisk_ec_mul: k pt for k in [1, n - 1] and pt of order n, from the top:
 * five doublings and one addition of the table's entry d pt (negated for
 * a negative d) per signed 5-bit digit d of k.  Before the addition of
 * digit i the sum is 32 T pt, T the value of the digits above i, with
 * 0 <= 32 T < n / 32^i + 32; below the last digit 32 T is 0 (the identity,
 * which the addition takes by mask) or between 32 and n - 16, so it is
 * never d or -d (|d| <= 16) modulo n: the incomplete Jacobian addition
 * meets no equal or opposite points.  The last digit's sum is k pt, never
 * the identity, but its operands could be equal for some k: that
 * addition is also done as a doubling, chosen by the addition's mask. */
void brisk_ec_mul(const ec_curve *c, ec_affine *r, const uint64_t k[EC_MAX_LIMBS],
                  const ec_affine *pt)
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs, nw = (c->bits + VAR_W) / VAR_W;
    uint64_t tab[VAR_ENTRIES * VAR_STRIDE(EC_MAX_LIMBS)];
    int32_t d[EC_MAX_LIMBS * 64 / VAR_W + 2];
    ec_jac acc, sel, t, t2;

    var_table(c, tab, pt);
    recode_signed(c, d, k, VAR_W, nw);
    select_var(c, &acc, tab, d[nw - 1]);
    for (size_t i = nw - 1; i-- > 0;) {
        for (int j = 0; j < VAR_W; j++)
            ops->jdbl(&acc, &acc);
        select_var(c, &sel, tab, d[i]);
        uint64_t same = ops->jadd(&t, &acc, &sel);
        if (i == 0) { /* public: the last digit */
            ops->jdbl(&t2, &acc);
            sel_n(t.x, same, t2.x, t.x, n);
            sel_n(t.y, same, t2.y, t.y, n);
            sel_n(t.z, same, t2.z, t.z, n);
        }
        acc = t;
    }
    to_affine(c, r, &acc);
    wipe(tab, sizeof(tab));
    wipe(d, sizeof(d));
    wipe(&acc, sizeof(acc));
    wipe(&sel, sizeof(sel));
    wipe(&t, sizeof(t));
    wipe(&t2, sizeof(t2));
}

/* select_base sets r = |d| 2^(w i) G from window i's entries (tab), read
 * by a masked scan of all of them, negated when d < 0; r is zero when
 * d = 0.  Constant-time in d. */
static void select_base(const ec_curve *c, const nist_ops *ops, ec_affine *r, const uint64_t *tab,
                        int32_t d)
{
    const size_t n = c->n_limbs;
    const uint64_t zero[EC_MAX_LIMBS] = {0};
    uint64_t neg, a = digit_abs(d, &neg), t[2 * EC_MAX_LIMBS], y[EC_MAX_LIMBS];

    ops->scan(t, tab, a);
    fcopy(r->x, t, n);
    fcopy(r->y, t + n, n);
    fsub(y, zero, r->y, &c->p, n);
    sel_n(r->y, neg, y, r->y, n);
    wipe(t, sizeof(t));
}

/* mul_base_jac sets acc = k G for k in [1, n - 1], in constant time: one
 * affine addition per window of the entry d_i 2^(w i) G for k's signed
 * digit d_i, a zero digit keeping the sum by mask.  The sum before window
 * i is S G with S = sum_(j<i) d_j 2^(w j), |S| <= 2^(w-1) (2^(w i) - 1) /
 * (2^w - 1) < 2^(w i) <= |d_i| 2^(w i), so for every window but the last
 * S -+ d_i 2^(w i) is between 0 and 2^(w (i+1)) < n in magnitude: the
 * points are never equal or opposite, and the incomplete addition only
 * meets the identity (S = 0), which it takes by mask.  At the last window
 * the sum is k G, never the identity; the points would be equal only for
 * k = 2 d 2^(w i) - m n, and for the three curves none of those k in
 * [1, n - 1] has d as its top digit (d <= 16 for P-256 and P-384, 32 for
 * P-521; for P-256 and P-384 each such k is above n, or small with a top
 * digit of 0; for P-521, 2^(w i) = 2^516 and k is d 2^517 for d < 16,
 * with top digit 2 d, and (d - 16) 2^517 + (2^521 - n) or 2 (2^521 - n)
 * above, with top digit 2 d - 32 or 0).  test_diff_ec checks the public
 * key of each of those k, as a private key, against libcrypto. */
static void mul_base_jac(const ec_curve *c, ec_jac *acc_out, const uint64_t k[EC_MAX_LIMBS])
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs, nw = base_windows(c), h = (size_t)1 << (base_w(c) - 1);
    int32_t d[EC_MAX_LIMBS * 64 / 5 + 2]; /* base_w is 5 or more */
    ec_jac acc, t;
    ec_affine sel;

    recode_signed(c, d, k, base_w(c), nw);
    memset(&acc, 0, sizeof(acc));
    fcopy(acc.x, c->p.one, n);
    fcopy(acc.y, c->p.one, n);
    for (size_t w = 0; w < nw; w++) {
        select_base(c, ops, &sel, c->base_table + w * h * 2 * n, d[w]);
        ops->jadd_affine(c, &t, &acc, &sel);
        uint64_t keep = eq_mask((uint32_t)d[w], 0);
        sel_n(acc.x, keep, acc.x, t.x, n);
        sel_n(acc.y, keep, acc.y, t.y, n);
        sel_n(acc.z, keep, acc.z, t.z, n);
    }
    *acc_out = acc;
    wipe(d, sizeof(d));
    wipe(&acc, sizeof(acc));
    wipe(&t, sizeof(t));
    wipe(&sel, sizeof(sel));
}

void brisk_ec_mul_base(const ec_curve *c, ec_affine *r, const uint64_t k[EC_MAX_LIMBS])
{
    ec_jac acc;

    mul_base_jac(c, &acc, k);
    to_affine(c, r, &acc);
    wipe(&acc, sizeof(acc));
}

/* x_equal returns 1 when v Z^2 == X for v < p (normal form), that is when
 * x(a) = v, without a branch on X, Z or v. */
static uint64_t x_equal(const ec_curve *c, const ec_jac *a, const uint64_t *v)
{
    const nist_ops *ops = ops_of(c);
    uint64_t t[EC_MAX_LIMBS], zz[EC_MAX_LIMBS], diff = 0;

    ops->pmul(zz, a->z, a->z, &c->p);
    ops->pmul(t, v, c->p.rr, &c->p);
    ops->pmul(t, t, zz, &c->p);
    for (size_t j = 0; j < c->n_limbs; j++)
        diff |= t[j] ^ a->x[j];
    return is_zero_n(&diff, 1);
}

uint64_t brisk_ec_mul_base_check(const ec_curve *c, const uint64_t r[EC_MAX_LIMBS],
                                 const uint64_t k[EC_MAX_LIMBS])
{
    uint64_t rn[EC_MAX_LIMBS] = {0}, ok;
    ec_jac acc;

    mul_base_jac(c, &acc, k);
    ok = x_equal(c, &acc, r) & (is_zero_n(acc.z, c->n_limbs) ^ 1);
    /* r + n < p is a fact about the public r */
    if (add_n(rn, r, c->n.m, c->n_limbs) == 0 && below_p(c, rn))
        ok |= x_equal(c, &acc, rn) & (is_zero_n(acc.z, c->n_limbs) ^ 1);
    wipe(&acc, sizeof(acc));
    return ok;
}

/* wnaf5 sets naf[0..bits] to the width-5 NAF of the public k < 2^bits:
 * k = sum naf[i] 2^i with every non-zero digit odd, below 16 in
 * magnitude and followed by at least four zeros.  A carry replaces
 * subtracting the digit from k: a window above 16 is taken negative and
 * carries one into the bits above it.  Variable-time. */
static void wnaf5(const ec_curve *c, int8_t *naf, const uint64_t *k)
{
    const size_t len = c->bits + 1;
    unsigned carry = 0;

    memset(naf, 0, len);
    for (size_t i = 0; i < len;) {
        if (bits_at(c, k, i, 1) == carry) { /* an even position */
            i++;
            continue;
        }
        unsigned w = len - i < 5 ? (unsigned)(len - i) : 5;
        int dg = (int)(bits_at(c, k, i, w) + carry);
        carry = (unsigned)(dg >> 4) & 1;
        naf[i] = (int8_t)(dg - (int)(carry << 5));
        i += w;
    }
}

/* add_public sets acc += b, doubling where the two are equal (public
 * points: variable-time). */
static void add_public(const ec_curve *c, ec_jac *acc, const ec_jac *b)
{
    const nist_ops *ops = ops_of(c);
    ec_jac prev = *acc;

    if (ops->jadd(acc, &prev, b))
        ops->jdbl(acc, &prev);
}

/* brisk_ec_mul2_check_public: u2 Q by its width-5 NAF over the odd
 * multiples Q, 3 Q, .. 15 Q, then u1 G from the fixed-base table by u1's
 * signed digits, variable-time (public values), doubling where an
 * addition meets equal points (u1 G and u2 Q are anything an attacker
 * chose). */
int brisk_ec_mul2_check_public(const ec_curve *c, const uint64_t r[EC_MAX_LIMBS],
                               const uint64_t u1[EC_MAX_LIMBS], const uint64_t u2[EC_MAX_LIMBS],
                               const ec_affine *pt)
{
    const nist_ops *ops = ops_of(c);
    const size_t n = c->n_limbs, nw = base_windows(c), h = (size_t)1 << (base_w(c) - 1);
    const uint64_t zero[EC_MAX_LIMBS] = {0};
    int8_t naf[EC_MAX_LIMBS * 64 + 1];
    int32_t d[EC_MAX_LIMBS * 64 / 5 + 2]; /* base_w is 5 or more */
    ec_jac tab[8], q2, acc, e;
    ec_affine a;
    int started = 0;

    memset(&tab[0], 0, sizeof(tab[0]));
    fcopy(tab[0].x, pt->x, n);
    fcopy(tab[0].y, pt->y, n);
    fcopy(tab[0].z, c->p.one, n);
    ops->jdbl(&q2, &tab[0]);
    for (int j = 1; j < 8; j++) /* (2j + 1) Q: never equal to 2 Q */
        ops->jadd(&tab[j], &tab[j - 1], &q2);
    wnaf5(c, naf, u2);
    memset(&acc, 0, sizeof(acc));
    for (size_t i = c->bits + 1; i-- > 0;) {
        if (started)
            ops->jdbl(&acc, &acc);
        if (naf[i] != 0) {
            e = tab[(naf[i] < 0 ? -naf[i] : naf[i]) / 2];
            if (naf[i] < 0)
                fsub(e.y, zero, e.y, &c->p, n);
            add_public(c, &acc, &e);
            started = 1;
        }
    }
    recode_signed(c, d, u1, base_w(c), nw);
    for (size_t w = 0; w < nw; w++) {
        if (d[w] == 0)
            continue;
        const uint64_t *t = c->base_table + (w * h + (size_t)(d[w] < 0 ? -d[w] : d[w]) - 1) * 2 * n;
        fcopy(a.x, t, n);
        fcopy(a.y, t + n, n);
        if (d[w] < 0)
            fsub(a.y, zero, a.y, &c->p, n);
        ec_jac prev = acc;
        if (ops->jadd_affine(c, &acc, &prev, &a))
            ops->jdbl(&acc, &prev);
    }
    uint64_t rn[EC_MAX_LIMBS] = {0};
    if (is_zero_n(acc.z, n))
        return -1;
    if (x_equal(c, &acc, r))
        return 0;
    /* x in [n, p) reduces to x - n: r + n, when below p */
    if (add_n(rn, r, c->n.m, n) == 0 && below_p(c, rn) && x_equal(c, &acc, rn))
        return 0;
    return -1;
}

/* ---- The parameters as bytes ---- */

int brisk_ec_domain_of(brisk_ec_curve curve, brisk_ec_domain *d)
{
    const nist_params *pp = curve == BRISK_EC_P256   ? &p256_params
                            : curve == BRISK_EC_P384 ? &p384_params
                            : curve == BRISK_EC_P521 ? &p521_params
                                                     : NULL;
    unsigned borrow = 3;

    if (pp == NULL || d == NULL)
        return BRISK_EINVAL;
    memset(d, 0, sizeof(*d));
    d->len = pp->bytes;
    memcpy(d->p, pp->p, pp->bytes);
    for (size_t i = pp->bytes; i-- > 0;) {   /* a = p - 3 */
        unsigned v = pp->p[i] - borrow;
        d->a[i] = (uint8_t)v;
        borrow = v >> 31;
    }
    memcpy(d->b, pp->b, pp->bytes);
    d->g[0] = 0x04;
    memcpy(d->g + 1, pp->gx, pp->bytes);
    memcpy(d->g + 1 + pp->bytes, pp->gy, pp->bytes);
    memcpy(d->n, pp->n, pp->bytes);
    memcpy(d->seed, pp->seed, sizeof(d->seed));
    return BRISK_EOK;
}
