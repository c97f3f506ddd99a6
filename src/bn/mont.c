/*
 * src/bn/mont.c - Montgomery arithmetic (P. Montgomery, "Modular
 * multiplication without trial division", Math. Comp. 44, 1985): preparing
 * a modulus (m0inv = -m^-1 mod 2^64, R^2 mod m for R = 2^(64 n)), the
 * portable C multiplication and squaring, and the "bn" primitive's table.
 *
 * Multiplication is coarsely integrated operand scanning (CIOS; Koc, Acar,
 * Kaliski, "Analyzing and comparing Montgomery multiplication algorithms",
 * IEEE Micro 1996); squaring computes the off-diagonal products once and
 * doubles them, then reduces word by word.  Both end with a constant-time
 * final subtraction.  Everything here is constant-time: loops depend on the
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

static void mont_mul_c(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       const brisk_bn_mont *mont)
{
    const uint64_t *m = mont->m;
    const uint64_t m0inv = mont->m0inv;
    const size_t n = mont->n;
    uint64_t t[MAXL + 1];

    /* t < 2m after each round, held in n limbs plus t[n] (0 or 1). */
    memset(t, 0, (n + 1) * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) {
        uint64_t c = 0, ai = a[i];
        for (size_t j = 0; j < n; j++)
            t[j] = mac64(ai, b[j], t[j], c, &c);
        uint64_t top = t[n] + c;
        uint64_t hi = top < c;
        /* add q m, q making the lowest limb zero, and shift a limb down */
        uint64_t q = t[0] * m0inv;
        mac64(q, m[0], t[0], 0, &c);
        for (size_t j = 1; j < n; j++)
            t[j - 1] = mac64(q, m[j], t[j], c, &c);
        t[n - 1] = top + c;
        t[n] = hi + (t[n - 1] < c);
    }
    final_sub(r, t, t[n], m, n);
    wipe(t, sizeof(t));
}

static void mont_sqr_c(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mont)
{
    mont_mul_c(r, a, a, mont);
}

static const brisk_bn_impl impl_c = {mont_mul_c, mont_sqr_c, NULL};

const brisk_bn_impl *brisk_bn_impl_c(void)
{
    return &impl_c;
}

static const brisk_impl bn_impls[] = {
#ifdef BRISK_X86_64
    {"ifma",
     BRISK_CPU_AVX512IFMA | BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL | BRISK_CPU_BMI2 |
         BRISK_CPU_ADX,
     (brisk_fn)brisk_bn_impl_ifma},
    {"adx", BRISK_CPU_BMI2 | BRISK_CPU_ADX, (brisk_fn)brisk_bn_impl_adx},
#endif
    {"c", 0, (brisk_fn)brisk_bn_impl_c},
    {NULL, 0, NULL},
};
brisk_prim brisk_bn_prim = {"bn", bn_impls, NULL};

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
    mont->bits = 64 * (n - 1);
    for (uint64_t top = m->d[n - 1]; top != 0; top >>= 1)
        mont->bits++;

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
    wipe(u, sizeof(u));
    return BRISK_EOK;
}
