/*
 * src/bn/mont.c - Montgomery arithmetic (P. Montgomery, "Modular
 * multiplication without trial division", Math. Comp. 44, 1985): preparing
 * a modulus (m0inv = -m^-1 mod 2^64, R^2 mod m for R = 2^(64 n)), the
 * portable C multiplication and squaring, and the "bn" primitive's table.
 *
 * Multiplication is coarsely integrated operand scanning (CIOS; Koc, Acar,
 * Kaliski, "Analyzing and comparing Montgomery multiplication algorithms",
 * IEEE Micro 1996) with its two inner loops fused; squaring computes the
 * off-diagonal products once and doubles them, then reduces word by word
 * (separated operand scanning).  Both end with a constant-time final
 * subtraction.  Without unsigned __int128 (32-bit targets) the same CIOS
 * runs on 32-bit digits.  Everything here is constant-time: loops depend on the
 * public limb count only.
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

/* final_sub sets r = t - m when t (n limbs plus the top bit hi) >= m, else
 * t, without branching; t < 2m. */
static inline void final_sub(uint64_t *r, const uint64_t *t, uint64_t hi, const uint64_t *m,
                             size_t n)
{
    uint64_t u[MAXL];
    uint64_t borrow = brisk_limbs_sub(u, t, m, n);
    /* keep t only when the subtraction borrowed and there is no top bit */
    brisk_limbs_select(r, borrow & (hi ^ 1), t, u, n);
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* mul_rounds sets t (n + 1 limbs) = a b R^-1 mod m, plus m or not (< 2m).
 * One pass per limb of a adds a[i] b and q m and shifts down a limb: the
 * two inner loops of CIOS fused, with each carry chain in a 128-bit
 * accumulator, so that t is read and written once per round. */
static void mul_rounds(uint64_t *t, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                       uint64_t m0inv, size_t n)
{
    memset(t, 0, (n + 1) * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) {
        uint64_t ai = a[i];
        u128 p1 = (u128)ai * b[0] + t[0];
        uint64_t q = (uint64_t)p1 * m0inv;
        u128 p2 = (u128)q * m[0] + (uint64_t)p1; /* low limb 0 by the choice of q */
        p1 >>= 64;
        p2 >>= 64;
        for (size_t j = 1; j < n; j++) {
            p1 += (u128)ai * b[j] + t[j];
            p2 += (u128)q * m[j] + (uint64_t)p1;
            t[j - 1] = (uint64_t)p2;
            p1 >>= 64;
            p2 >>= 64;
        }
        p1 += t[n];
        p2 += (uint64_t)p1;
        t[n - 1] = (uint64_t)p2;
        t[n] = (uint64_t)(p1 >> 64) + (uint64_t)(p2 >> 64);
    }
}

/* redc sets t[n..2n-1] plus the returned top bit = t R^-1 mod m, plus m or
 * not, for t (2 n limbs, destroyed) < m R. */
static uint64_t redc(uint64_t *t, const uint64_t *m, uint64_t m0inv, size_t n)
{
    uint64_t extra = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t q = t[i] * m0inv;
        u128 c = 0;
        for (size_t j = 0; j < n; j++) {
            c += (u128)q * m[j] + t[i + j];
            t[i + j] = (uint64_t)c;
            c >>= 64;
        }
        c += (u128)t[i + n] + extra;
        t[i + n] = (uint64_t)c;
        extra = (uint64_t)(c >> 64);
    }
    return extra;
}

/* sqr_limbs sets t (2 n limbs) = a^2: the products a[i] a[j], i < j, once,
 * then doubled with the squares of the diagonal added in the same pass. */
static void sqr_limbs(uint64_t *t, const uint64_t *a, size_t n)
{
    memset(t, 0, 2 * n * sizeof(uint64_t));
    for (size_t i = 0; i + 1 < n; i++) {
        uint64_t ai = a[i];
        u128 c = 0;
        for (size_t j = i + 1; j < n; j++) {
            c += (u128)ai * a[j] + t[i + j];
            t[i + j] = (uint64_t)c;
            c >>= 64;
        }
        t[i + n] = (uint64_t)c;
    }
    u128 c = 0;
    uint64_t top = 0;
    for (size_t i = 0; i < n; i++) {
        u128 p = (u128)a[i] * a[i];
        uint64_t lo = (t[2 * i] << 1) | top;
        uint64_t hi = (t[2 * i + 1] << 1) | (t[2 * i] >> 63);
        top = t[2 * i + 1] >> 63;
        c += (u128)lo + (uint64_t)p;
        t[2 * i] = (uint64_t)c;
        c >>= 64;
        c += (u128)hi + (uint64_t)(p >> 64);
        t[2 * i + 1] = (uint64_t)c;
        c >>= 64;
    }
}

static void mont_mul_c(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       const brisk_bn_mont *mont)
{
    uint64_t t[MAXL + 1];
    const size_t n = mont->n;
    mul_rounds(t, a, b, mont->m, mont->m0inv, n);
    final_sub(r, t, t[n], mont->m, n);
    wipe(t, (n + 1) * sizeof(uint64_t));
}

static void mont_sqr_c(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    uint64_t t[2 * MAXL];
    const size_t n = mont->n;
    sqr_limbs(t, a, n);
    uint64_t hi = redc(t, mont->m, mont->m0inv, n);
    final_sub(r, t + n, hi, mont->m, n);
    wipe(t, 2 * n * sizeof(uint64_t));
}

#else /* no 128-bit integers: 32-bit digits */

/* Without a 64x64->128 multiply (i686), 64-bit limbs are worked as pairs
 * of 32-bit digits (internal.h: split32, mont_rounds32, sqr_digits32 and
 * redc32): R = 2^(64 n) is 2^(32 (2 n)), and -m^-1 mod 2^32 is the low
 * half of m0inv, so the same CIOS over 2 n digits gives the same result.
 * Squaring computes each cross product once (sqr_digits32) and reduces
 * apart (redc32), as nist.c's fmul does on these targets. */

static void mont_mul_c(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       const brisk_bn_mont *mont)
{
    uint32_t a32[2 * MAXL], b32[2 * MAXL], m32[2 * MAXL], t32[2 * MAXL + 2];
    uint64_t t[MAXL];
    const size_t n = mont->n, k = 2 * n;
    split32(a32, a, n);
    split32(b32, b, n);
    split32(m32, mont->m, n);
    mont_rounds32(t32, a32, b32, m32, (uint32_t)mont->m0inv, k);
    join32(t, t32, n);
    final_sub(r, t, t32[k], mont->m, n);
    wipe(a32, k * sizeof(uint32_t));
    wipe(b32, k * sizeof(uint32_t));
    wipe(t32, (k + 2) * sizeof(uint32_t));
    wipe(t, n * sizeof(uint64_t));
}

static void mont_sqr_c(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    uint32_t a32[2 * MAXL], m32[2 * MAXL], t32[4 * MAXL];
    uint64_t t[MAXL];
    const size_t n = mont->n, k = 2 * n;
    split32(a32, a, n);
    split32(m32, mont->m, n);
    sqr_digits32(t32, a32, k);
    uint32_t hi = redc32(t32, m32, (uint32_t)mont->m0inv, k);
    join32(t, t32 + k, n);
    final_sub(r, t, hi, mont->m, n);
    wipe(a32, k * sizeof(uint32_t));
    wipe(t32, 2 * k * sizeof(uint32_t));
    wipe(t, n * sizeof(uint64_t));
}

#endif

const brisk_bn_impl brisk_bn_impl_c = {mont_mul_c, mont_sqr_c, NULL, NULL, NULL, NULL};

static const brisk_impl bn_impls[] = {
#ifdef BRISK_X86_64
    {"ifma",
     BRISK_CPU_AVX512IFMA | BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL | BRISK_CPU_BMI2 |
         BRISK_CPU_ADX,
     0, BRISK_IMPL_AUTO, &brisk_bn_impl_ifma},
    {"adx", BRISK_CPU_BMI2 | BRISK_CPU_ADX, 0, BRISK_IMPL_AUTO, &brisk_bn_impl_adx},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &brisk_bn_impl_c},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_bn_prim = {.name = "bn", .impls = bn_impls};

/* neg_inv64 returns -x^-1 mod 2^64 for odd x by Newton's iteration, each
 * step doubling the correct low bits (x x = 1 mod 8 gives three). */
static uint64_t neg_inv64(uint64_t x)
{
    uint64_t y = x;
    for (int i = 0; i < 5; i++)
        y *= 2 - x * y;
    return (uint64_t)0 - y;
}

void brisk_bn_mont_one(uint64_t *r, const brisk_bn_mont *mont)
{
    /* 2^(64 (n-1)) < m (m is odd with a non-zero top limb, and n = 1 gives
     * 1 < m), then 64 doublings reach R mod m. */
    size_t n = mont->n;
    memset(r, 0, n * sizeof(uint64_t));
    r[n - 1] = 1;
    for (int i = 0; i < 64; i++)
        brisk_limbs_dbl_mod(r, r, mont->m, n);
}

int brisk_bn_mont_init(brisk_bn_mont *mont, const brisk_bn *m)
{
    size_t n = brisk_limbs_len(m->d, m->n);
    if (n == 0 || (m->d[0] & 1) == 0 || (n == 1 && m->d[0] == 1))
        return BRISK_EINVAL;
    memset(mont, 0, sizeof(*mont));
    memcpy(mont->m, m->d, n * sizeof(uint64_t));
    mont->n = n;
    mont->m0inv = neg_inv64(m->d[0]);
    mont->bits = 64 * (n - 1) + ct_bitlen64(m->d[n - 1]);

    /* rr = 2^(64 n) R: square-and-double in Montgomery form from R (2^0 R),
     * over the bits of 64 n, which are public. */
    uint64_t u[MAXL];
    size_t e = 64 * n, k = 0;
    brisk_bn_mont_one(u, mont);
    while ((e >> k) > 1)
        k++;
    for (size_t i = k + 1; i-- > 0;) {
        mont_sqr_c(u, u, mont);
        if ((e >> i) & 1)
            brisk_limbs_dbl_mod(u, u, mont->m, n);
    }
    memcpy(mont->rr, u, n * sizeof(uint64_t));

    /* rr52 = 2^(104 len) mod m: rr doubled 104 len - 128 n times (8 to 96
     * for the sizes radix52_len takes).  Doubling is cheaper than the two
     * AMMs the IFMA kernels would otherwise spend on it per exponentiation
     * (an eighth of an RSA-512 verification). */
    size_t len = radix52_len(n);
    if (len > 0) {
        for (size_t i = 104 * len - 128 * n; i > 0; i--)
            brisk_limbs_dbl_mod(u, u, mont->m, n);
        mont_set_rr52(mont, u, len);
    }
    wipe(u, sizeof(u));
    return BRISK_EOK;
}
