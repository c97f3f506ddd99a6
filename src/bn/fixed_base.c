/*
 * src/bn/fixed_base.c - fixed-base exponentiation by Lim and Lee's comb
 * ("More flexible exponentiation with precomputation", CRYPTO '94; HAC
 * 14.117) for bases that stay fixed over many exponentiations: DSA's g and
 * a public key's y.
 *
 * Geometry, for an exponent of `bits` bits, t teeth and v sub-combs:
 * blocks of a = ceil(bits / t) bits (tooth j reads bit j a + .), each cut
 * into v pieces of b = ceil(a / v) columns.  Sub-table s holds, for every
 * t-bit index i, prod over the set bits j of i of base^(2^(j a + s b)),
 * in Montgomery form (R = 2^(64 n), the same for every "bn"
 * implementation); entry i of sub-table s is tab[(s << t) + i].  Column k
 * of piece s (bits j a + s b + k, those within their block) is an index
 * into sub-table s, and base^e takes b - 1 squarings and v b - 1
 * multiplications instead of a window method's `bits` squarings.
 *
 * brisk_bn_comb_exp is constant-time in the exponent (its width is
 * public): each column's entry is read by a masked scan of the whole
 * sub-table and no branch depends on it.  brisk_bn_comb_exp2_public (two
 * bases, two public exponents, sharing the squarings) and the table
 * construction are variable-time.
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

/* The block length a and the column count b of a comb. */
static size_t block_bits(size_t bits, unsigned teeth)
{
    return (bits + teeth - 1) / teeth;
}

static size_t comb_cols(size_t bits, unsigned teeth, unsigned subs)
{
    return (block_bits(bits, teeth) + subs - 1) / subs;
}

/* fill_composites sets entries 3, 5, 6, 7, ... of one sub-table from its
 * powers of two: tab[i] = tab[i - low] tab[low], low the lowest bit of i. */
static void fill_composites(uint64_t *tab, size_t stride, unsigned teeth,
                            const brisk_bn_impl *im, const brisk_bn_mont *mont)
{
    for (size_t i = 3; i < ((size_t)1 << teeth); i++) {
        size_t low = i & (0 - i);
        if (low != i)
            im->mont_mul(tab + i * stride, tab + (i - low) * stride, tab + low * stride, mont);
    }
}

void brisk_bn_comb_init(uint64_t *tab, size_t stride, const uint64_t *a, size_t bits,
                        unsigned teeth, unsigned subs, const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n, blk = block_bits(bits, teeth);
    const size_t cols = comb_cols(bits, teeth, subs), per = (size_t)1 << teeth;

    /* sub-table 0: tab[2^j] = a^(2^(j blk)) */
    brisk_bn_mont_one(tab, mont);
    im->mont_mul(tab + stride, a, mont->rr, mont);
    for (unsigned j = 0; j + 1 < teeth; j++) {
        uint64_t *next = tab + (((size_t)2 << j) * stride);
        memcpy(next, tab + (((size_t)1 << j) * stride), n * sizeof(uint64_t));
        for (size_t c = 0; c < blk; c++)
            im->mont_sqr(next, next, mont);
    }
    fill_composites(tab, stride, teeth, im, mont);
    /* sub-table s: the powers of two of sub-table s - 1, squared cols times */
    for (unsigned s = 1; s < subs; s++) {
        uint64_t *sub = tab + s * per * stride, *prev = sub - per * stride;
        memcpy(sub, tab, n * sizeof(uint64_t)); /* entry 0 is one */
        for (unsigned j = 0; j < teeth; j++) {
            uint64_t *e = sub + ((size_t)1 << j) * stride;
            memcpy(e, prev + ((size_t)1 << j) * stride, n * sizeof(uint64_t));
            for (size_t c = 0; c < cols; c++)
                im->mont_sqr(e, e, mont);
        }
        fill_composites(sub, stride, teeth, im, mont);
    }
}

/* column gathers, for piece s and column k, the bits j blk + s cols + k of
 * e (e_limbs limbs) that lie within their block into an index; positions
 * are public, the values may be secret (no branch on them). */
static inline uint64_t column(const uint64_t *e, size_t e_limbs, size_t blk, size_t off,
                              unsigned teeth)
{
    uint64_t idx = 0;
    if (off >= blk)
        return 0;
    for (unsigned j = 0; j < teeth; j++) {
        size_t pos = j * blk + off;
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
                       size_t e_limbs, size_t bits, unsigned teeth, unsigned subs,
                       const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n, blk = block_bits(bits, teeth);
    const size_t cols = comb_cols(bits, teeth, subs), per = (size_t)1 << teeth;
    uint64_t acc[MAXL], t[MAXL];

    for (size_t k = cols; k-- > 0;) {
        if (k + 1 != cols)
            im->mont_sqr(acc, acc, mont);
        for (size_t s = subs; s-- > 0;) {
            uint64_t idx = column(e, e_limbs, blk, s * cols + k, teeth);
            int first = k + 1 == cols && s + 1 == subs;
            ct_entry(first ? acc : t, tab + s * per * stride, stride, per, idx, n);
            if (!first)
                im->mont_mul(acc, acc, t, mont);
        }
    }
    leave(r, acc, im, mont);
    wipe(acc, sizeof(acc));
    wipe(t, sizeof(t));
}

/* mul_public multiplies acc by tab[idx] (idx public), or copies it when
 * acc is not yet started; entry 0 (one) is skipped. */
static void mul_public(uint64_t *acc, int *started, const uint64_t *tab, size_t stride,
                       uint64_t idx, const brisk_bn_impl *im, const brisk_bn_mont *mont)
{
    if (idx == 0)
        return;
    if (*started)
        im->mont_mul(acc, acc, tab + idx * stride, mont);
    else
        memcpy(acc, tab + idx * stride, mont->n * sizeof(uint64_t));
    *started = 1;
}

void brisk_bn_comb_exp2_public(uint64_t *r, const uint64_t *tab1, const uint64_t *e1,
                               size_t e1_limbs, const uint64_t *tab2, const uint64_t *e2,
                               size_t e2_limbs, size_t stride, size_t bits, unsigned teeth,
                               unsigned subs, const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n, blk = block_bits(bits, teeth);
    const size_t cols = comb_cols(bits, teeth, subs), per = (size_t)1 << teeth;
    uint64_t acc[MAXL];
    int started = 0;

    for (size_t k = cols; k-- > 0;) {
        if (started)
            im->mont_sqr(acc, acc, mont);
        for (size_t s = subs; s-- > 0;) {
            size_t off = s * cols + k;
            mul_public(acc, &started, tab1 + s * per * stride, stride,
                       column(e1, e1_limbs, blk, off, teeth), im, mont);
            mul_public(acc, &started, tab2 + s * per * stride, stride,
                       column(e2, e2_limbs, blk, off, teeth), im, mont);
        }
    }
    if (!started) { /* both exponents zero */
        memset(r, 0, n * sizeof(uint64_t));
        r[0] = 1;
        return;
    }
    leave(r, acc, im, mont);
}
