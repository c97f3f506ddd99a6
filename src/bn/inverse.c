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

/* step_ab does one step on a and b (n limbs): when a is odd, a - b, and if
 * that goes below zero, b takes a and a takes b - a; then a is halved.
 * Returns the masks of "a was odd" and "swapped" for step_uv. */
static void step_ab(uint64_t *a, uint64_t *b, size_t n, uint64_t *odd_mask, uint64_t *swap_mask)
{
    uint64_t t[MAXL];
    uint64_t odd = a[0] & 1;
    uint64_t swap = odd & brisk_limbs_sub(t, a, b, n);
    uint64_t mo = ct_mask64(odd), ms = ct_mask64(swap);
    /* one pass: b = swap ? a : b; x = odd ? a - b : a, negated (two's
     * complement, carry c) when swapped; a = x >> 1 a limb behind */
    uint64_t c = swap, prev = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t ai = a[i];
        b[i] ^= ms & (ai ^ b[i]);
        uint64_t d = ai ^ (mo & (t[i] ^ ai));
        uint64_t x = (d ^ ms) + c;
        c = x < c;
        if (i > 0)
            a[i - 1] = (prev >> 1) | (x << 63);
        prev = x;
    }
    a[n - 1] = prev >> 1;
    *odd_mask = mo;
    *swap_mask = ms;
    wipe(t, n * sizeof(uint64_t));
}

/* step_uv keeps a = u x, b = v x (mod m) through step_ab: swap u and v
 * when a and b were, u = u - v mod m when a was odd, then u = u / 2 mod m
 * ((u >> 1) + (m + 1) / 2 when u is odd). */
static void step_uv(uint64_t *u, uint64_t *v, const uint64_t *m, const uint64_t *mp1h, size_t n,
                    uint64_t mo, uint64_t ms)
{
    uint64_t t[MAXL], br = 0, c = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = u[i], y = v[i], d = ms & (x ^ y);
        x ^= d;
        y ^= d;
        u[i] = x;
        v[i] = y;
        uint64_t s = x - y, b1 = x < y;
        t[i] = s - br;
        br = b1 | (s < br);
    }
    /* u - v + m when that borrowed; u takes it when a was odd */
    uint64_t mb = ct_mask64(br);
    for (size_t i = 0; i < n; i++) {
        uint64_t s = t[i] + (m[i] & mb), c1 = s < t[i];
        uint64_t s2 = s + c;
        c = c1 | (s2 < s);
        u[i] ^= mo & (s2 ^ u[i]);
    }
    uint64_t mh = ct_mask64(u[0] & 1);
    c = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = (u[i] >> 1) | (i + 1 < n ? u[i + 1] << 63 : 0);
        uint64_t s = x + (mp1h[i] & mh), c1 = s < x;
        uint64_t s2 = s + c;
        c = c1 | (s2 < s);
        u[i] = s2;
    }
    wipe(t, n * sizeof(uint64_t));
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

    for (size_t i = 0; i < 2 * 64 * n; i++) {
        uint64_t mo, ms;
        step_ab(x, y, n, &mo, &ms);
        step_uv(u, v, m->d, mp1h, n, mo, ms);
    }

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
