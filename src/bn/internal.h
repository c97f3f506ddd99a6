/*
 * src/bn/internal.h - what the bignum files share: limb-array helpers and
 * the table of one Montgomery implementation (portable C, mulx/adx, AVX-512
 * IFMA), dispatched as the primitive "bn" like the digests' kernels.
 */
#ifndef BRISK_BN_INTERNAL_H
#define BRISK_BN_INTERNAL_H

#include <brisk/bn.h>

#include "../internal.h"

/* One Montgomery implementation.  Limb arrays are n = mont->n limbs, least
 * significant first; inputs are below the modulus and so is the result
 * (fully reduced, with a constant-time final subtraction).  The result may
 * alias an input.  All three are constant-time. */
typedef struct brisk_bn_impl {
    /* r = a b R^-1 mod m */
    void (*mont_mul)(uint64_t *r, const uint64_t *a, const uint64_t *b,
                     const brisk_bn_mont *mont);
    /* r = a^2 R^-1 mod m */
    void (*mont_sqr)(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont);
    /* Optional (NULL when absent): r = a^e mod m, a and r in normal form,
     * e of e_limbs limbs (secret value, public width), for the moduli this
     * implementation has a whole-exponentiation kernel for.  Returns 1 when
     * it did the work and 0 when it declined (another size), in which case
     * the generic fixed-window code runs over mont_mul and mont_sqr. */
    int (*mod_exp)(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs,
                   const brisk_bn_mont *mont);
    /* Optional (NULL when absent): r = a1^e1 a2^e2 mod m for public e1, e2
     * (brisk_bn_mod_exp2_public; variable-time in them), a1, a2 < m; returns
     * 1 when done and 0 when declined, like mod_exp. */
    int (*mod_exp2)(uint64_t *r, const uint64_t *a1, const uint64_t *e1, size_t e1_limbs,
                    const uint64_t *a2, const uint64_t *e2, size_t e2_limbs,
                    const brisk_bn_mont *mont);
    /* Optional (NULL when absent): r = a^e mod m for a public e of e_limbs
     * limbs (brisk_bn_mod_exp_public; variable-time in e), a < m; returns
     * 1 when done and 0 when declined, like mod_exp. */
    int (*mod_exp_public)(uint64_t *r, const uint64_t *a, const uint64_t *e, size_t e_limbs,
                          const brisk_bn_mont *mont);
    /* Optional (NULL when absent): mod_exp twice at once, r1 = a1^e1 mod m1
     * and r2 = a2^e2 mod m2, for moduli of one width and secret exponents
     * of e_limbs limbs each (the two CRT halves of an RSA private
     * operation); returns 1 when done and 0 when declined. */
    int (*mod_exp_pair)(uint64_t *r1, const uint64_t *a1, const uint64_t *e1,
                        const brisk_bn_mont *m1, uint64_t *r2, const uint64_t *a2,
                        const uint64_t *e2, const brisk_bn_mont *m2, size_t e_limbs);
} brisk_bn_impl;

/* The "bn" primitive: each implementation's ops are its brisk_bn_impl. */
extern brisk_prim brisk_bn_prim;

extern const brisk_bn_impl brisk_bn_impl_c;
#ifdef BRISK_X86_64
extern const brisk_bn_impl brisk_bn_impl_adx;   /* mulx, adcx, adox */
extern const brisk_bn_impl brisk_bn_impl_ifma;  /* AVX-512 IFMA, 52-bit digits */
#endif

/* brisk_bn_active returns the implementation in use. */
static inline const brisk_bn_impl *brisk_bn_active(void)
{
    return brisk_prim_ops(&brisk_bn_prim);
}

/* ---- Limb arithmetic ----
 * 64x64->128 products through unsigned __int128 where the compiler has it
 * (64-bit targets), else from 32-bit halves (i686).  The helpers below are
 * branch-free; compilers emit adc/sbb or setc for the comparisons. */

/* mul64 returns the low half of a b and stores the high half in *hi. */
static inline uint64_t mul64(uint64_t a, uint64_t b, uint64_t *hi)
{
#ifdef __SIZEOF_INT128__
    unsigned __int128 p = (unsigned __int128)a * b;
    *hi = (uint64_t)(p >> 64);
    return (uint64_t)p;
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return (mid << 32) | (uint32_t)p00;
#endif
}

/* mac64 returns the low half of a b + c + d and stores the high half in
 * *hi; the sum cannot overflow 128 bits. */
static inline uint64_t mac64(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *hi)
{
#ifdef __SIZEOF_INT128__
    unsigned __int128 p = (unsigned __int128)a * b + c + d;
    *hi = (uint64_t)(p >> 64);
    return (uint64_t)p;
#else
    uint64_t h, lo = mul64(a, b, &h);
    lo += c;
    h += lo < c;
    lo += d;
    h += lo < d;
    *hi = h;
    return lo;
#endif
}

#ifndef __SIZEOF_INT128__
/* ---- 32-bit digits ----
 * Without a 64x64->128 multiply (i686) the products of mont.c and of the
 * NIST curves' C fields run over 64-bit limbs split into pairs of 32-bit
 * digits (little-endian order: limb i is digits 2 i and 2 i + 1), whose
 * products fit a uint64_t; mac64's four half products and their carries
 * cost half as much again.  Constant-time, as mac64. */

/* mac32 returns the low digit of a b + c + d and sets *carry to the high
 * one (the sum fits 64 bits).  Carries between steps are 32-bit variables,
 * not a 64-bit accumulator shifted down: gcc then keeps each in one
 * register on i686, where a uint64_t carry went through the stack at every
 * step. */
static inline uint32_t mac32(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t *carry)
{
    uint64_t p = (uint64_t)a * b + c + d;
    *carry = (uint32_t)(p >> 32);
    return (uint32_t)p;
}

/* split32 sets d (2 n digits) from n limbs; join32 the reverse. */
static inline void split32(uint32_t *d, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        d[2 * i] = (uint32_t)a[i];
        d[2 * i + 1] = (uint32_t)(a[i] >> 32);
    }
}

static inline void join32(uint64_t *r, const uint32_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        r[i] = (uint64_t)d[2 * i + 1] << 32 | d[2 * i];
}

/* mont_rounds32 sets t (k + 1 digits, k + 2 of room) = a b 2^(-32 k) mod
 * m, plus m or not (below 2 m), for a, b < m of k digits and m0inv =
 * -m^-1 mod 2^32.  Each round makes two passes, t += a[i] b and then
 * t += q m shifted down a digit (CIOS with its two inner loops apart), so
 * that a pass keeps one carry, a digit and its pointers in i686's seven
 * registers.  t[k + 1] is at most 1 (t < 2 m between rounds). */
static inline void mont_rounds32(uint32_t *t, const uint32_t *a, const uint32_t *b,
                                 const uint32_t *m, uint32_t m0inv, size_t k)
{
    for (size_t j = 0; j < k + 2; j++)
        t[j] = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t ai = a[i], c = 0;
        for (size_t j = 0; j < k; j++)
            t[j] = mac32(ai, b[j], t[j], c, &c);
        t[k] = mac32(1, t[k], c, 0, &t[k + 1]);
        uint32_t q = t[0] * m0inv;
        mac32(q, m[0], t[0], 0, &c); /* low digit 0 by the choice of q */
        for (size_t j = 1; j < k; j++)
            t[j - 1] = mac32(q, m[j], t[j], c, &c);
        t[k - 1] = mac32(1, t[k], c, 0, &c);
        t[k] = t[k + 1] + c;
    }
}

/* mul_digits32 sets t (2 k digits) = a b, for a and b of k digits. */
static inline void mul_digits32(uint32_t *t, const uint32_t *a, const uint32_t *b, size_t k)
{
    for (size_t j = 0; j < k; j++)
        t[j] = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t bi = b[i], c = 0;
        for (size_t j = 0; j < k; j++)
            t[i + j] = mac32(a[j], bi, t[i + j], c, &c);
        t[i + k] = c;
    }
}

/* sqr_digits32 sets t (2 k digits) = a^2: the products a[i] a[j], i < j,
 * once, then doubled with the squares of the diagonal added in the same
 * pass. */
static inline void sqr_digits32(uint32_t *t, const uint32_t *a, size_t k)
{
    for (size_t j = 0; j < 2 * k; j++)
        t[j] = 0;
    for (size_t i = 0; i + 1 < k; i++) {
        uint32_t ai = a[i], c = 0;
        for (size_t j = i + 1; j < k; j++)
            t[i + j] = mac32(ai, a[j], t[i + j], c, &c);
        t[i + k] = c;
    }
    uint32_t c = 0, top = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t sh, lo = (t[2 * i] << 1) | top;
        uint32_t hi = (t[2 * i + 1] << 1) | (t[2 * i] >> 31);
        top = t[2 * i + 1] >> 31;
        t[2 * i] = mac32(a[i], a[i], lo, c, &sh);
        t[2 * i + 1] = mac32(1, hi, sh, 0, &c);
    }
}

/* redc32 reduces t (2 k digits, below m 2^(32 k)) in place for m of k
 * digits and m0inv = -m^-1 mod 2^32: afterwards t[k .. 2 k - 1] plus the
 * digit returned times 2^(32 k) is t 2^(-32 k) mod m, plus m or not
 * (below 2 m).  With sqr_digits32 it squares in Montgomery form. */
static inline uint32_t redc32(uint32_t *t, const uint32_t *m, uint32_t m0inv, size_t k)
{
    uint32_t extra = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t q = t[i] * m0inv, c = 0;
        for (size_t j = 0; j < k; j++)
            t[i + j] = mac32(q, m[j], t[i + j], c, &c);
        t[i + k] = mac32(1, t[i + k], c, extra, &extra);
    }
    return extra;
}
#endif

/* radix52_len returns the number of 52-bit digits the IFMA kernels
 * (mont_ifma.c: amm_size, pair_size, which take their len from here) give
 * an n-limb modulus, 0 for sizes they do not take or builds without them.  brisk_bn_mont_init keeps
 * 2^(104 len) mod m for that len, so that those kernels enter their domain
 * with one multiplication instead of three. */
static inline size_t radix52_len(size_t n)
{
#ifdef BRISK_X86_64
    switch (n) {
    case 4: return 5;
    case 8: return 10;
    case 16: return 20;
    case 24: return 30;
    case 32: return 40;
    case 48: return 60;
    case 64: return 79;
    case 96: return 119;
    case 128: return 158;
    }
#endif
    (void)n;
    return 0;
}

/* brisk_bn_mont's opaque words hold that constant, "rr52": its n limbs
 * first, its len in the last word (0: none kept, as in a brisk_bn_mont
 * filled in by other means than brisk_bn_mont_init). */
static inline const uint64_t *mont_rr52(const brisk_bn_mont *mont)
{
    return mont->opaque;
}

static inline size_t mont_rr52_len(const brisk_bn_mont *mont)
{
    return (size_t)mont->opaque[BRISK_BN_MAX_LIMBS];
}

static inline void mont_set_rr52(brisk_bn_mont *mont, const uint64_t *rr52, size_t len)
{
    memcpy(mont->opaque, rr52, mont->n * sizeof(uint64_t));
    mont->opaque[BRISK_BN_MAX_LIMBS] = len;
}

static inline void mont_clear_rr52(brisk_bn_mont *mont)
{
    mont->opaque[BRISK_BN_MAX_LIMBS] = 0;
}

/* ct_nz64 returns 1 when x is non-zero, 0 otherwise. */
static inline uint64_t ct_nz64(uint64_t x)
{
    return (x | ((uint64_t)0 - x)) >> 63;
}

/* ct_lt64 returns 1 when a < b (the borrow of a - b). */
static inline uint64_t ct_lt64(uint64_t a, uint64_t b)
{
    return ((~a & b) | ((~a ^ b) & (a - b))) >> 63;
}

/* ct_sel64 returns a when bit is 1 and b when it is 0. */
static inline uint64_t ct_sel64(uint64_t bit, uint64_t a, uint64_t b)
{
    return b ^ (ct_mask64(bit) & (a ^ b));
}

/* ct_bitlen64 returns the bit length of x (0 for 0) without branches. */
static inline size_t ct_bitlen64(uint64_t x)
{
    size_t r = 0;
    for (unsigned s = 32; s > 0; s /= 2) {
        uint64_t t = x >> s, nz = ct_nz64(t);
        r += s & (size_t)ct_mask64(nz);
        x = ct_sel64(nz, t, x);
    }
    return r + (size_t)x;
}

/* ct_err returns BRISK_EOK when ok is 1 and BRISK_EINVAL when it is 0,
 * without a branch, so that the verdict on secret operands (out of range,
 * not invertible) is examined only by the caller. */
static inline int ct_err(uint64_t ok)
{
    return BRISK_EINVAL * (int)(1 ^ (ok & 1));
}

/* Limb-array helpers (src/bn/bn.c), constant-time unless noted.  Arrays are
 * least significant limb first; r may alias a or b unless noted. */

/* brisk_limbs_add sets r = a + b over n limbs and returns the carry. */
uint64_t brisk_limbs_add(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
/* brisk_limbs_sub sets r = a - b over n limbs and returns the borrow. */
uint64_t brisk_limbs_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n);
/* brisk_limbs_select sets r = bit ? a : b over n limbs. */
void brisk_limbs_select(uint64_t *r, uint64_t bit, const uint64_t *a, const uint64_t *b,
                        size_t n);
/* brisk_limbs_cmp returns -1, 0 or 1 as a <, =, > b over n limbs. */
int brisk_limbs_cmp(const uint64_t *a, const uint64_t *b, size_t n);
/* brisk_limbs_mul sets r[0..an+bn-1] = a b (schoolbook); r must not alias. */
void brisk_limbs_mul(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *b, size_t bn);
/* brisk_limbs_mod sets r[0..mn-1] = a mod m for m > 0 of mn limbs, bit by
 * bit; time depends on an and mn only. */
void brisk_limbs_mod(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *m, size_t mn);
/* brisk_limbs_dbl_mod sets r = 2 a mod m over n limbs for a < m. */
void brisk_limbs_dbl_mod(uint64_t *r, const uint64_t *a, const uint64_t *m, size_t n);
/* brisk_limbs_len returns the limbs a[0..n-1] needs.  Variable-time. */
size_t brisk_limbs_len(const uint64_t *a, size_t n);

/* brisk_limbs_jacobi returns the Jacobi symbol (a / n), -1, 0 or 1, for
 * an odd n > 0 over len limbs (0 for an even n).  Variable-time
 * (src/bn/jacobi.c). */
int brisk_limbs_jacobi(const uint64_t *a, const uint64_t *n, size_t len);
/* brisk_limbs_jacobi_binary is brisk_limbs_jacobi by the binary algorithm
 * alone, which brisk_limbs_jacobi falls back on; for the tests. */
int brisk_limbs_jacobi_binary(const uint64_t *a, const uint64_t *n, size_t len);

/* brisk_bn_set_limbs sets r to the n limbs a (r->d may alias a), zeroing
 * the limbs above. */
void brisk_bn_set_limbs(brisk_bn *r, const uint64_t *a, size_t n);

/* brisk_bn_mod_exp_pair sets r1 = a1^e1 mod m1 and r2 = a2^e2 mod m2 as
 * brisk_bn_mod_exp does (constant-time, BRISK_EINVAL when a base is out of
 * range), both at once when the implementation can (mod_exp_pair). */
int brisk_bn_mod_exp_pair(brisk_bn *r1, const brisk_bn *a1, const brisk_bn *e1,
                          const brisk_bn_mont *m1, brisk_bn *r2, const brisk_bn *a2,
                          const brisk_bn *e2, const brisk_bn_mont *m2);

/* brisk_bn_mont_one sets r (n limbs) to 1 in Montgomery form, R mod m. */
void brisk_bn_mont_one(uint64_t *r, const brisk_bn_mont *mont);

/* ---- Fixed-base exponentiation (src/bn/fixed_base.c, Lim-Lee comb) ----
 * A table of teeth t and sub-combs v holds v << t entries of mont->n limbs,
 * `stride` limbs apart, in Montgomery form, for exponents of at most
 * `bits` bits; exponents are e_limbs limbs (bits from `bits` up must be
 * zero).  t <= 6.  Results are in normal form, mont->n limbs. */

/* brisk_bn_comb_init fills tab for the base a < m (normal form, n limbs).
 * Variable-time (the base is public). */
void brisk_bn_comb_init(uint64_t *tab, size_t stride, const uint64_t *a, size_t bits,
                        unsigned teeth, unsigned subs, const brisk_bn_mont *mont);
/* brisk_bn_comb_exp sets r = a^e for tab made from a.  Constant-time in e
 * (e_limbs and bits are public). */
void brisk_bn_comb_exp(uint64_t *r, const uint64_t *tab, size_t stride, const uint64_t *e,
                       size_t e_limbs, size_t bits, unsigned teeth, unsigned subs,
                       const brisk_bn_mont *mont);
/* brisk_bn_comb_exp2_public sets r = a1^e1 a2^e2 for tables of a1 and a2
 * made with the same bits, teeth and subs, sharing the squarings.
 * Variable-time (public exponents). */
void brisk_bn_comb_exp2_public(uint64_t *r, const uint64_t *tab1, const uint64_t *e1,
                               size_t e1_limbs, const uint64_t *tab2, const uint64_t *e2,
                               size_t e2_limbs, size_t stride, size_t bits, unsigned teeth,
                               unsigned subs, const brisk_bn_mont *mont);

/* brisk_small_primes are the odd primes below 1024, for trial division
 * (prime.c's sieve, and the small-factor test of RSA key checks). */
#define BRISK_N_SMALL_PRIMES 171
extern const uint16_t brisk_small_primes[BRISK_N_SMALL_PRIMES];

#endif
