/*
 * src/bn/exp.c - modular exponentiation over Montgomery multiplication.
 *
 * brisk_bn_mod_exp: fixed windows of up to 5 bits (HAC 14.82, left to
 * right) whose table entry is read by a constant-time select that touches
 * every entry, so that neither the branches nor the addresses depend on the
 * exponent (the countermeasure to cache attacks such as Percival's 2005 and
 * CacheBleed); constant-time in the base and the exponent.  An
 * implementation's whole-exponentiation kernel is tried first.
 *
 * brisk_bn_mod_exp_public: sliding windows over odd powers (HAC 14.85),
 * variable-time in the exponent.  brisk_bn_mod_exp2_public: Shamir's trick
 * (HAC 14.88, simultaneous multiple exponentiation) over 2-bit windows of
 * both exponents, variable-time.
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

/* in_range returns 1 when a < m (a's limbs beyond m's width being zero). */
static uint64_t in_range(const brisk_bn *a, const brisk_bn_mont *mont)
{
    uint64_t over = 0;
    for (size_t k = mont->n; k < a->n; k++)
        over |= a->d[k];
    return (1 ^ ct_nz64(over)) & (uint64_t)(brisk_limbs_cmp(a->d, mont->m, mont->n) < 0);
}

/* window returns bits [pos, pos + w) of e (en limbs); pos is public. */
static inline uint64_t window(const uint64_t *e, size_t en, size_t pos, unsigned w)
{
    size_t k = pos / 64, off = pos % 64;
    uint64_t v = k < en ? e[k] >> off : 0;
    if (off + w > 64 && k + 1 < en)
        v |= e[k + 1] << (64 - off);
    return v & (((uint64_t)1 << w) - 1);
}

/* ct_lookup sets r (n limbs) = tab[idx] reading all `count` entries (at
 * most 32).  Four limbs at a time are gathered in registers over all the
 * entries: or-ing each entry into r in memory chains every limb's load,
 * and and or through a store, and cost more than a Montgomery
 * multiplication per window at 16 limbs. */
static void ct_lookup(uint64_t *r, const uint64_t (*tab)[MAXL], size_t count, uint64_t idx,
                      size_t n)
{
    uint64_t mask[32];
    size_t i = 0;

    for (size_t k = 0; k < count; k++)
        mask[k] = ct_mask64(1 ^ ct_nz64(k ^ idx));
    for (; i + 4 <= n; i += 4) {
        uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
        for (size_t k = 0; k < count; k++) {
            r0 |= tab[k][i] & mask[k];
            r1 |= tab[k][i + 1] & mask[k];
            r2 |= tab[k][i + 2] & mask[k];
            r3 |= tab[k][i + 3] & mask[k];
        }
        r[i] = r0, r[i + 1] = r1, r[i + 2] = r2, r[i + 3] = r3;
    }
    for (; i < n; i++) {
        uint64_t v = 0;
        for (size_t k = 0; k < count; k++)
            v |= tab[k][i] & mask[k];
        r[i] = v;
    }
    wipe(mask, sizeof mask); /* they spell the window's bits */
}

/* finish leaves Montgomery form: r = x R^-1, then writes r in n limbs. */
static void finish(brisk_bn *r, uint64_t *x, const brisk_bn_impl *im, const brisk_bn_mont *mont)
{
    uint64_t one[MAXL];
    memset(one, 0, mont->n * sizeof(uint64_t));
    one[0] = 1;
    im->mont_mul(x, x, one, mont);
    brisk_bn_set_limbs(r, x, mont->n);
}

/* mont_one_rr sets r (n limbs) = R mod m with one multiplication of R^2 by
 * 1, where brisk_bn_mont_one's 64 doublings (needed before R^2 is known)
 * cost several multiplications. */
static void mont_one_rr(uint64_t *r, const brisk_bn_impl *im, const brisk_bn_mont *mont)
{
    uint64_t one[MAXL];
    memset(one, 0, mont->n * sizeof(uint64_t));
    one[0] = 1;
    im->mont_mul(r, one, mont->rr, mont);
}

/* exp_window_bits picks the window for an exponent of `bits` (its width). */
static unsigned exp_window_bits(size_t bits)
{
    return bits > 512 ? 5 : bits > 128 ? 4 : bits > 32 ? 3 : 1;
}

int brisk_bn_mod_exp(brisk_bn *r, const brisk_bn *a, const brisk_bn *e, const brisk_bn_mont *mont)
{
    static const uint64_t zero_limb[1];
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n;
    const uint64_t *ed = e->n > 0 ? e->d : zero_limb;
    const size_t en = e->n > 0 ? e->n : 1;
    uint64_t tab[32][MAXL], acc[MAXL], t[MAXL];

    /* an out-of-range base is replaced by 0, without a branch */
    uint64_t ok = in_range(a, mont), keep = ct_mask64(ok);
    for (size_t i = 0; i < n; i++)
        t[i] = a->d[i] & keep;
    if (im->mod_exp != NULL && im->mod_exp(acc, t, ed, en, mont) == 1) {
        brisk_bn_set_limbs(r, acc, n);
        wipe(acc, n * sizeof(uint64_t));
        wipe(t, n * sizeof(uint64_t));
        return ct_err(ok);
    }
    const unsigned w = exp_window_bits(64 * en);
    const size_t count = (size_t)1 << w;
    mont_one_rr(tab[0], im, mont);
    im->mont_mul(tab[1], t, mont->rr, mont);
    for (size_t k = 2; k < count; k++) {
        if (k % 2 == 0)
            im->mont_sqr(tab[k], tab[k / 2], mont);
        else
            im->mont_mul(tab[k], tab[k - 1], tab[1], mont);
    }
    size_t bits = 64 * en, pos = bits - (bits % w == 0 ? w : bits % w);
    ct_lookup(acc, (const uint64_t(*)[MAXL])tab, count, window(ed, en, pos, w), n);
    while (pos > 0) {
        pos -= w;
        for (unsigned i = 0; i < w; i++)
            im->mont_sqr(acc, acc, mont);
        ct_lookup(t, (const uint64_t(*)[MAXL])tab, count, window(ed, en, pos, w), n);
        im->mont_mul(acc, acc, t, mont);
    }
    finish(r, acc, im, mont);
    /* only the n limbs of each entry in use held anything */
    for (size_t k = 0; k < count; k++)
        wipe(tab[k], n * sizeof(uint64_t));
    wipe(acc, n * sizeof(uint64_t));
    wipe(t, n * sizeof(uint64_t));
    return ct_err(ok);
}

int brisk_bn_mod_exp_pair(brisk_bn *r1, const brisk_bn *a1, const brisk_bn *e1,
                          const brisk_bn_mont *m1, brisk_bn *r2, const brisk_bn *a2,
                          const brisk_bn *e2, const brisk_bn_mont *m2)
{
    const brisk_bn_impl *im = brisk_bn_active();
    uint64_t t1[MAXL], t2[MAXL], x1[MAXL], x2[MAXL];

    if (im->mod_exp_pair == NULL || m1->n != m2->n || e1->n != e2->n || e1->n == 0) {
        int err1 = brisk_bn_mod_exp(r1, a1, e1, m1);
        int err2 = brisk_bn_mod_exp(r2, a2, e2, m2);
        return err1 | err2;
    }
    /* out-of-range bases are replaced by 0, without a branch */
    uint64_t ok1 = in_range(a1, m1), ok2 = in_range(a2, m2);
    uint64_t keep1 = ct_mask64(ok1), keep2 = ct_mask64(ok2);
    for (size_t i = 0; i < m1->n; i++) {
        t1[i] = a1->d[i] & keep1;
        t2[i] = a2->d[i] & keep2;
    }
    int done = im->mod_exp_pair(x1, t1, e1->d, m1, x2, t2, e2->d, m2, e1->n);
    wipe(t1, m1->n * sizeof(uint64_t));
    wipe(t2, m1->n * sizeof(uint64_t));
    if (!done)
        return brisk_bn_mod_exp(r1, a1, e1, m1) | brisk_bn_mod_exp(r2, a2, e2, m2);
    brisk_bn_set_limbs(r1, x1, m1->n);
    brisk_bn_set_limbs(r2, x2, m1->n);
    wipe(x1, m1->n * sizeof(uint64_t));
    wipe(x2, m1->n * sizeof(uint64_t));
    return ct_err(ok1 & ok2);
}

/* exp_binary sets acc = am^e (Montgomery form) for e of `bits` > 0 bits,
 * left to right, one bit at a time: for the short public exponents of RSA
 * (65537: 16 squarings and one multiplication) a table of odd powers would
 * cost more than it saves. */
static void exp_binary(uint64_t *acc, const uint64_t *am, const brisk_bn *e, size_t bits,
                       const brisk_bn_impl *im, const brisk_bn_mont *mont)
{
    memcpy(acc, am, mont->n * sizeof(uint64_t));
    for (size_t i = bits - 1; i-- > 0;) {
        im->mont_sqr(acc, acc, mont);
        if ((e->d[i / 64] >> (i % 64)) & 1)
            im->mont_mul(acc, acc, am, mont);
    }
}

int brisk_bn_mod_exp_public(brisk_bn *r, const brisk_bn *a, const brisk_bn *e,
                            const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    uint64_t tab[16][MAXL], acc[MAXL], a2[MAXL];
    size_t bits = brisk_bn_bits(e);

    /* an out-of-range base is replaced by 0, without a branch */
    uint64_t ok = in_range(a, mont), keep = ct_mask64(ok);
    for (size_t i = 0; i < mont->n; i++)
        a2[i] = a->d[i] & keep;
    if (bits == 0) {
        mont_one_rr(acc, im, mont);
        finish(r, acc, im, mont);
        return ct_err(ok);
    }
    if (im->mod_exp_public != NULL &&
        im->mod_exp_public(acc, a2, e->d, (bits + 63) / 64, mont) == 1) {
        brisk_bn_set_limbs(r, acc, mont->n);
        return ct_err(ok);
    }
    im->mont_mul(tab[0], a2, mont->rr, mont);
    if (bits <= 32) {
        exp_binary(acc, tab[0], e, bits, im, mont);
        finish(r, acc, im, mont);
        return ct_err(ok);
    }
    /* tab[k] = a^(2k+1) in Montgomery form */
    unsigned w = bits > 256 ? 5 : bits > 64 ? 4 : 3;
    size_t count = (size_t)1 << (w - 1);
    im->mont_sqr(a2, tab[0], mont);
    for (size_t k = 1; k < count; k++)
        im->mont_mul(tab[k], tab[k - 1], a2, mont);

    int started = 0;
    for (size_t i = bits; i > 0;) {
        if (((e->d[(i - 1) / 64] >> ((i - 1) % 64)) & 1) == 0) {
            if (started)
                im->mont_sqr(acc, acc, mont);
            i--;
            continue;
        }
        /* the longest window of at most w bits ending in a one */
        size_t l = i < w ? i : w;
        uint64_t v = window(e->d, e->n, i - l, (unsigned)l);
        while ((v & 1) == 0) {
            v >>= 1;
            l--;
        }
        for (size_t j = 0; j < l && started; j++)
            im->mont_sqr(acc, acc, mont);
        if (started)
            im->mont_mul(acc, acc, tab[v >> 1], mont);
        else
            memcpy(acc, tab[v >> 1], mont->n * sizeof(uint64_t));
        started = 1;
        i -= l;
    }
    finish(r, acc, im, mont);
    return ct_err(ok);
}

int brisk_bn_mod_exp2_public(brisk_bn *r, const brisk_bn *a1, const brisk_bn *e1,
                             const brisk_bn *a2, const brisk_bn *e2,
                             const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    uint64_t tab[16][MAXL], p1[4][MAXL], p2[4][MAXL], acc[MAXL];
    size_t b1 = brisk_bn_bits(e1), b2 = brisk_bn_bits(e2);
    size_t bits = b1 > b2 ? b1 : b2;

    if (!in_range(a1, mont) || !in_range(a2, mont))
        return BRISK_EINVAL;
    if (im->mod_exp2 != NULL && e1->n > 0 && e2->n > 0 &&
        im->mod_exp2(acc, a1->d, e1->d, e1->n, a2->d, e2->d, e2->n, mont) == 1) {
        brisk_bn_set_limbs(r, acc, mont->n);
        return BRISK_EOK;
    }
    /* p1[i] = a1^i, p2[j] = a2^j, tab[4 i + j] = a1^i a2^j (Montgomery form) */
    mont_one_rr(p1[0], im, mont);
    memcpy(p2[0], p1[0], mont->n * sizeof(uint64_t));
    im->mont_mul(p1[1], a1->d, mont->rr, mont);
    im->mont_mul(p2[1], a2->d, mont->rr, mont);
    for (int i = 2; i < 4; i++) {
        im->mont_mul(p1[i], p1[i - 1], p1[1], mont);
        im->mont_mul(p2[i], p2[i - 1], p2[1], mont);
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            im->mont_mul(tab[4 * i + j], p1[i], p2[j], mont);

    memcpy(acc, tab[0], mont->n * sizeof(uint64_t));
    size_t pos = bits + (bits & 1);
    while (pos > 0) {
        pos -= 2;
        im->mont_sqr(acc, acc, mont);
        im->mont_sqr(acc, acc, mont);
        uint64_t k = 4 * window(e1->d, e1->n, pos, 2) + window(e2->d, e2->n, pos, 2);
        if (k != 0)
            im->mont_mul(acc, acc, tab[k], mont);
    }
    finish(r, acc, im, mont);
    return BRISK_EOK;
}
