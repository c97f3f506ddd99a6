/*
 * src/bn/inverse.c - modular inversion for an odd modulus by the
 * constant-time binary extended gcd of GMP's mpn_sec_invert and Nettle's
 * sec_modinv (N. Moller): 2 * (64 n) iterations, each of which makes a even
 * and halves it, with every step done by masks whatever the values.
 *
 * Invariants, for x the input and m odd:  a = u x,  b = v x (mod m), b odd.
 * A step subtracts b from an odd a (swapping the pair when that goes below
 * zero) and halves a and u; bits(a) + bits(b) drops by at least one each
 * time, so after 2 * 64 n steps a = 0 and b = gcd(x, m), with v x = b.
 * Constant-time in x and in m's value; the result (invertible or not) is
 * examined only at the end.
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

/* cnd_neg sets a = -a mod 2^(64 n) when bit is 1. */
static void cnd_neg(uint64_t *a, uint64_t bit, size_t n)
{
    uint64_t mask = ct_mask64(bit), c = bit;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = (a[i] ^ mask) + c;
        c = ct_lt64(x, c);
        a[i] = x;
    }
}

/* cnd_swap exchanges a and b when bit is 1. */
static void cnd_swap(uint64_t *a, uint64_t *b, uint64_t bit, size_t n)
{
    uint64_t mask = ct_mask64(bit);
    for (size_t i = 0; i < n; i++) {
        uint64_t d = mask & (a[i] ^ b[i]);
        a[i] ^= d;
        b[i] ^= d;
    }
}

/* cnd_sub_mod sets u = u - v mod m when bit is 1 (u, v < m). */
static void cnd_sub_mod(uint64_t *u, const uint64_t *v, const uint64_t *m, uint64_t bit,
                        size_t n)
{
    uint64_t t[MAXL], s[MAXL];
    uint64_t borrow = brisk_limbs_sub(t, u, v, n);
    brisk_limbs_add(s, t, m, n);
    brisk_limbs_select(t, borrow, s, t, n);
    brisk_limbs_select(u, bit, t, u, n);
}

/* half_mod sets u = u / 2 mod m: u >> 1, plus (m + 1) / 2 when u is odd. */
static void half_mod(uint64_t *u, const uint64_t *mp1h, size_t n)
{
    uint64_t odd = u[0] & 1, mask = ct_mask64(odd), t[MAXL];
    for (size_t i = 0; i + 1 < n; i++)
        u[i] = (u[i] >> 1) | (u[i + 1] << 63);
    u[n - 1] >>= 1;
    for (size_t i = 0; i < n; i++)
        t[i] = mp1h[i] & mask;
    brisk_limbs_add(u, u, t, n);
}

/* step is one iteration on a, b (n limbs) and u, v (mod m). */
static void step(uint64_t *a, uint64_t *b, uint64_t *u, uint64_t *v, const uint64_t *m,
                 const uint64_t *mp1h, size_t n)
{
    uint64_t t[MAXL];
    uint64_t odd = a[0] & 1;
    /* a - b when a is odd; below zero means swap: b takes a, a takes b - a */
    uint64_t borrow = brisk_limbs_sub(t, a, b, n);
    uint64_t swap = odd & borrow;
    brisk_limbs_select(a, odd, t, a, n);
    brisk_limbs_add(t, b, a, n);
    brisk_limbs_select(b, swap, t, b, n);
    cnd_neg(a, swap, n);
    cnd_swap(u, v, swap, n);
    cnd_sub_mod(u, v, m, odd, n);
    for (size_t i = 0; i + 1 < n; i++)
        a[i] = (a[i] >> 1) | (a[i + 1] << 63);
    a[n - 1] >>= 1;
    half_mod(u, mp1h, n);
}

int brisk_bn_mod_inverse(brisk_bn *r, const brisk_bn *a, const brisk_bn *m)
{
    const size_t n = m->n;
    uint64_t x[MAXL], y[MAXL], u[MAXL], v[MAXL], mp1h[MAXL], over = 0;

    if (n == 0)
        return BRISK_EINVAL;
    for (size_t k = n; k < a->n; k++)
        over |= a->d[k];
    memcpy(x, a->d, n * sizeof(uint64_t));
    memcpy(y, m->d, n * sizeof(uint64_t));
    memset(u, 0, n * sizeof(uint64_t));
    memset(v, 0, n * sizeof(uint64_t));
    u[0] = 1;
    /* (m + 1) / 2 = (m >> 1) + 1 for odd m */
    for (size_t i = 0; i + 1 < n; i++)
        mp1h[i] = (m->d[i] >> 1) | (m->d[i + 1] << 63);
    mp1h[n - 1] = m->d[n - 1] >> 1;
    memset(v, 0, n * sizeof(uint64_t));
    v[0] = 1;
    brisk_limbs_add(mp1h, mp1h, v, n);
    v[0] = 0;
    /* a < m and m > 1, checked with the final test: a = 0 gives gcd m. */
    uint64_t m_big = m->d[0] ^ 1;
    for (size_t i = 1; i < n; i++)
        m_big |= m->d[i];
    /* an even m runs the same steps to a meaningless end */
    uint64_t ok = (m->d[0] & 1) & (1 ^ ct_nz64(over)) & ct_nz64(m_big) &
                  (uint64_t)(brisk_limbs_cmp(x, y, n) < 0);

    for (size_t i = 0; i < 2 * 64 * n; i++)
        step(x, y, u, v, m->d, mp1h, n);

    /* y = gcd(a, m) must be 1 */
    uint64_t diff = y[0] ^ 1;
    for (size_t i = 1; i < n; i++)
        diff |= y[i];
    ok &= 1 ^ ct_nz64(diff);
    /* r = v, or 0 when there is no inverse */
    for (size_t i = 0; i < n; i++)
        v[i] &= ct_mask64(ok);
    brisk_bn_set_limbs(r, v, n);
    wipe(x, sizeof(x));
    wipe(y, sizeof(y));
    wipe(u, sizeof(u));
    wipe(v, sizeof(v));
    wipe(mp1h, sizeof(mp1h));
    return ct_err(ok);
}
