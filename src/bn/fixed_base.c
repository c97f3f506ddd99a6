/*
 * src/bn/fixed_base.c - fixed-base exponentiation by the comb method (Lim
 * and Lee, "More flexible exponentiation with precomputation", CRYPTO '94,
 * with one comb; HAC 14.117) for bases that stay fixed over many
 * exponentiations: DSA's g and a public key's y.
 *
 * For an exponent of `bits` bits and t teeth, cols = ceil(bits / t) and
 * tab[i] = prod over the set bits j of i of a^(2^(j cols)), in Montgomery
 * form (R = 2^(64 n), the same for every "bn" implementation).  Column c of
 * the exponent (bits c, c + cols, c + 2 cols, ...) is an index into tab,
 * and a^e takes cols - 1 squarings and cols multiplications instead of the
 * `bits` squarings of a window method.
 *
 * brisk_bn_comb_exp is constant-time in the exponent (its width is
 * public): each column's entry is read by a masked scan of the whole table
 * and no branch depends on it.  brisk_bn_comb_exp2_public (two bases, two
 * public exponents, sharing the squarings) and the table construction are
 * variable-time.
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

size_t brisk_bn_comb_cols(size_t bits, unsigned teeth)
{
    return (bits + teeth - 1) / teeth;
}

void brisk_bn_comb_init(uint64_t *tab, size_t stride, const uint64_t *a, size_t bits,
                        unsigned teeth, const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n, cols = brisk_bn_comb_cols(bits, teeth);
    const size_t count = (size_t)1 << teeth;

    brisk_bn_mont_one(tab, mont);
    im->mont_mul(tab + stride, a, mont->rr, mont);
    /* tab[2^(j+1)] = tab[2^j]^(2^cols) */
    for (unsigned j = 0; j + 1 < teeth; j++) {
        uint64_t *next = tab + (((size_t)2 << j) * stride);
        memcpy(next, tab + (((size_t)1 << j) * stride), n * sizeof(uint64_t));
        for (size_t c = 0; c < cols; c++)
            im->mont_sqr(next, next, mont);
    }
    for (size_t i = 3; i < count; i++) {
        size_t low = i & (0 - i);
        if (low != i)
            im->mont_mul(tab + i * stride, tab + (i - low) * stride, tab + low * stride, mont);
    }
}

/* column gathers bits c, c + cols, ... of e (e_limbs limbs) into an index;
 * positions are public, the values may be secret (no branch on them). */
static inline uint64_t column(const uint64_t *e, size_t e_limbs, size_t c, size_t cols,
                              unsigned teeth)
{
    uint64_t idx = 0;
    for (unsigned j = 0; j < teeth; j++) {
        size_t pos = c + j * cols;
        uint64_t bit = pos / 64 < e_limbs ? (e[pos / 64] >> (pos % 64)) & 1 : 0;
        idx |= bit << j;
    }
    return idx;
}

/* ct_entry sets r (n limbs) = tab[idx], reading every one of the count
 * (at most 64) entries.  The masks are made once; then eight limbs at a
 * time are gathered in registers over all the entries, so that r is
 * stored once rather than loaded and stored per entry. */
static void ct_entry(uint64_t *restrict r, const uint64_t *restrict tab, size_t stride,
                     size_t count, uint64_t idx, size_t n)
{
    uint64_t mask[64];
    size_t i = 0;

    for (size_t k = 0; k < count; k++)
        mask[k] = ct_mask64(1 ^ ct_nz64((uint64_t)k ^ idx));
    for (; i + 8 <= n; i += 8) {
        uint64_t a[8] = {0};
        for (size_t k = 0; k < count; k++) {
            const uint64_t *t = tab + k * stride + i;
            for (size_t j = 0; j < 8; j++)
                a[j] |= t[j] & mask[k];
        }
        memcpy(r + i, a, sizeof(a));
    }
    for (; i < n; i++) {
        uint64_t a = 0;
        for (size_t k = 0; k < count; k++)
            a |= tab[k * stride + i] & mask[k];
        r[i] = a;
    }
}

/* leave sets r = x R^-1 (normal form) over n limbs. */
static void leave(uint64_t *r, const uint64_t *x, const brisk_bn_impl *im,
                  const brisk_bn_mont *mont)
{
    uint64_t one[MAXL];
    memset(one, 0, mont->n * sizeof(uint64_t));
    one[0] = 1;
    im->mont_mul(r, x, one, mont);
}

void brisk_bn_comb_exp(uint64_t *r, const uint64_t *tab, size_t stride, const uint64_t *e,
                       size_t e_limbs, size_t bits, unsigned teeth, const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n, cols = brisk_bn_comb_cols(bits, teeth);
    const size_t count = (size_t)1 << teeth;
    uint64_t acc[MAXL], t[MAXL];

    ct_entry(acc, tab, stride, count, column(e, e_limbs, cols - 1, cols, teeth), n);
    for (size_t c = cols - 1; c-- > 0;) {
        im->mont_sqr(acc, acc, mont);
        ct_entry(t, tab, stride, count, column(e, e_limbs, c, cols, teeth), n);
        im->mont_mul(acc, acc, t, mont);
    }
    leave(r, acc, im, mont);
    wipe(acc, sizeof(acc));
    wipe(t, sizeof(t));
}

void brisk_bn_comb_exp2_public(uint64_t *r, const uint64_t *tab1, const uint64_t *e1,
                               size_t e1_limbs, const uint64_t *tab2, const uint64_t *e2,
                               size_t e2_limbs, size_t stride, size_t bits, unsigned teeth,
                               const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n, cols = brisk_bn_comb_cols(bits, teeth);
    uint64_t acc[MAXL];
    int started = 0;

    for (size_t c = cols; c-- > 0;) {
        uint64_t i1 = column(e1, e1_limbs, c, cols, teeth);
        uint64_t i2 = column(e2, e2_limbs, c, cols, teeth);
        if (started)
            im->mont_sqr(acc, acc, mont);
        if (i1 != 0) {
            if (started)
                im->mont_mul(acc, acc, tab1 + i1 * stride, mont);
            else
                memcpy(acc, tab1 + i1 * stride, n * sizeof(uint64_t));
            started = 1;
        }
        if (i2 != 0) {
            if (started)
                im->mont_mul(acc, acc, tab2 + i2 * stride, mont);
            else
                memcpy(acc, tab2 + i2 * stride, n * sizeof(uint64_t));
            started = 1;
        }
    }
    if (!started) { /* both exponents zero */
        memset(r, 0, n * sizeof(uint64_t));
        r[0] = 1;
        return;
    }
    leave(r, acc, im, mont);
}
