/*
 * src/bn/bn.c - non-negative big integers: byte conversion, comparison,
 * addition, subtraction, schoolbook multiplication, reduction, division,
 * modular add/sub/mul and gcd, over little-endian 64-bit limbs.
 *
 * Constant-time unless noted: loops run over the public widths (brisk_bn.n)
 * and secrets only feed arithmetic and masks, never branches or indexes.
 * Reduction is bit-serial shift-and-subtract so that it works for any
 * m > 0 of a public width, whatever its value (even or with zero top limbs).
 * brisk_bn_div, brisk_bn_gcd and brisk_bn_normalize are variable-time.
 */
#include <string.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

/* ---- Limb arrays ---- */

uint64_t brisk_limbs_add(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = a[i], s = x + b[i];
        uint64_t c1 = s < x;
        uint64_t t = s + c;
        c = c1 | (t < s);
        r[i] = t;
    }
    return c;
}

uint64_t brisk_limbs_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t br = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = a[i], y = b[i], d = x - y;
        uint64_t b1 = x < y;
        uint64_t t = d - br;
        br = b1 | (d < br);
        r[i] = t;
    }
    return br;
}

void brisk_limbs_select(uint64_t *r, uint64_t bit, const uint64_t *a, const uint64_t *b,
                        size_t n)
{
    uint64_t m = ct_mask64(bit);
    for (size_t i = 0; i < n; i++)
        r[i] = b[i] ^ (m & (a[i] ^ b[i]));
}

int brisk_limbs_cmp(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t gt = 0, lt = 0;
    for (size_t i = n; i-- > 0;) {
        uint64_t open = 1 ^ (gt | lt);
        gt |= open & ct_lt64(b[i], a[i]);
        lt |= open & ct_lt64(a[i], b[i]);
    }
    return (int)gt - (int)lt;
}

void brisk_limbs_mul(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *b, size_t bn)
{
    memset(r, 0, (an + bn) * sizeof(uint64_t));
    for (size_t i = 0; i < an; i++) {
        uint64_t c = 0, ai = a[i];
        for (size_t j = 0; j < bn; j++)
            r[i + j] = mac64(ai, b[j], r[i + j], c, &c);
        r[i + bn] = c;
    }
}

/* shl1 shifts t (n limbs) left by one bit, bringing in bit, and returns the
 * bit shifted out. */
static uint64_t shl1(uint64_t *t, size_t n, uint64_t bit)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t top = t[i] >> 63;
        t[i] = (t[i] << 1) | bit;
        bit = top;
    }
    return bit;
}

void brisk_limbs_dbl_mod(uint64_t *r, const uint64_t *a, const uint64_t *m, size_t n)
{
    uint64_t t[MAXL], u[MAXL];
    memcpy(t, a, n * sizeof(uint64_t));
    uint64_t carry = shl1(t, n, 0);
    uint64_t borrow = brisk_limbs_sub(u, t, m, n);
    brisk_limbs_select(r, carry | (borrow ^ 1), u, t, n);
}

void brisk_limbs_mod(uint64_t *r, const uint64_t *a, size_t an, const uint64_t *m, size_t mn)
{
    /* t < m holds between steps, so 2t + 1 < 2m fits in mn + 1 limbs. */
    uint64_t t[MAXL + 1], u[MAXL + 1];
    memset(t, 0, sizeof(t));
    for (size_t i = an * 64; i-- > 0;) {
        /* t = 2 t + bit and u = t - m in one pass, then keep u unless it
         * went below zero */
        uint64_t in = (a[i / 64] >> (i % 64)) & 1, borrow = 0;
        for (size_t k = 0; k < mn; k++) {
            uint64_t x = (t[k] << 1) | in, y = m[k];
            in = t[k] >> 63;
            t[k] = x;
            uint64_t d = x - y;
            uint64_t b1 = x < y;
            u[k] = d - borrow;
            borrow = b1 | (d < borrow);
        }
        t[mn] = (t[mn] << 1) | in;
        u[mn] = t[mn] - borrow;
        borrow = t[mn] < borrow;
        brisk_limbs_select(t, borrow ^ 1, u, t, mn + 1);
    }
    memcpy(r, t, mn * sizeof(uint64_t));
    wipe(t, sizeof(t));
    wipe(u, sizeof(u));
}

size_t brisk_limbs_len(const uint64_t *a, size_t n)
{
    while (n > 0 && a[n - 1] == 0)
        n--;
    return n;
}

/* ---- Conversion ---- */

void brisk_bn_set_limbs(brisk_bn *r, const uint64_t *a, size_t n)
{
    if (r->d != a)
        memmove(r->d, a, n * sizeof(uint64_t));
    memset(r->d + n, 0, (MAXL - n) * sizeof(uint64_t));
    r->n = n;
}

void brisk_bn_zero(brisk_bn *r, size_t n)
{
    memset(r->d, 0, sizeof(r->d));
    r->n = n <= MAXL ? n : MAXL;
}

void brisk_bn_from_u64(brisk_bn *r, uint64_t v)
{
    brisk_bn_zero(r, 1);
    r->d[0] = v;
}

int brisk_bn_from_bytes(brisk_bn *r, const uint8_t *in, size_t in_len)
{
    const size_t max_bytes = BRISK_BN_MAX_BITS / 8;
    uint64_t extra = 0;
    if (in == NULL && in_len > 0)
        return BRISK_EINVAL;
    /* bytes beyond the maximum must be leading zeros; the verdict on a
     * secret value is returned without a branch (r then holds the rest) */
    if (in_len > max_bytes) {
        for (size_t i = 0; i < in_len - max_bytes; i++)
            extra |= in[i];
        in += in_len - max_bytes;
        in_len = max_bytes;
    }
    /* whole limbs from the end, then the top limb's leading bytes */
    size_t whole = in_len / 8;
    brisk_bn_zero(r, (in_len + 7) / 8);
    for (size_t k = 0; k < whole; k++)
        r->d[k] = load64_be(in + in_len - 8 * (k + 1));
    for (size_t i = 8 * whole; i < in_len; i++)
        r->d[whole] |= (uint64_t)in[in_len - 1 - i] << (8 * (i % 8));
    return ct_err(1 ^ ct_nz64(extra));
}

int brisk_bn_to_bytes(uint8_t *out, size_t out_len, const brisk_bn *a)
{
    uint64_t over = 0;
    if (out == NULL && out_len > 0)
        return BRISK_EINVAL;
    /* Bits of a at or above 8 out_len must all be zero. */
    for (size_t k = out_len / 8; k < a->n; k++) {
        uint64_t v = a->d[k];
        if (k == out_len / 8)
            v = (out_len % 8 == 0) ? v : v >> (8 * (out_len % 8));
        over |= v;
    }
    /* zeros instead of a truncated value when it does not fit */
    uint64_t ok = 1 ^ ct_nz64(over), keep = ct_mask64(ok);
    size_t whole = out_len / 8;
    for (size_t k = 0; k < whole; k++)
        store64_be(out + out_len - 8 * (k + 1), k < a->n ? a->d[k] & keep : 0);
    for (size_t i = 8 * whole; i < out_len; i++) {
        uint64_t limb = whole < a->n ? a->d[whole] & keep : 0;
        out[out_len - 1 - i] = (uint8_t)(limb >> (8 * (i % 8)));
    }
    return ct_err(ok);
}

void brisk_bn_copy(brisk_bn *r, const brisk_bn *a)
{
    if (r != a)
        brisk_bn_set_limbs(r, a->d, a->n);
}

int brisk_bn_resize(brisk_bn *r, size_t n)
{
    uint64_t over = 0;
    if (n > MAXL)
        return BRISK_EINVAL;
    for (size_t k = n; k < r->n; k++)
        over |= r->d[k];
    uint64_t ok = 1 ^ ct_nz64(over);
    r->n = (size_t)ct_sel64(ok, n, r->n);
    return ct_err(ok);
}

void brisk_bn_normalize(brisk_bn *r)
{
    r->n = brisk_limbs_len(r->d, r->n);
}

/* ---- Comparison and size ---- */

size_t brisk_bn_bits(const brisk_bn *a)
{
    uint64_t r = 0;
    for (size_t i = 0; i < a->n; i++)
        r = ct_sel64(ct_nz64(a->d[i]), 64 * i + ct_bitlen64(a->d[i]), r);
    return (size_t)r;
}

int brisk_bn_cmp(const brisk_bn *a, const brisk_bn *b)
{
    return brisk_limbs_cmp(a->d, b->d, a->n > b->n ? a->n : b->n);
}

int brisk_bn_is_zero(const brisk_bn *a)
{
    uint64_t acc = 0;
    for (size_t i = 0; i < a->n; i++)
        acc |= a->d[i];
    return (int)(1 ^ ct_nz64(acc));
}

int brisk_bn_is_odd(const brisk_bn *a)
{
    return (int)(a->d[0] & 1);
}

/* ---- Arithmetic ---- */

static size_t max_n(const brisk_bn *a, const brisk_bn *b)
{
    return a->n > b->n ? a->n : b->n;
}

int brisk_bn_add(brisk_bn *r, const brisk_bn *a, const brisk_bn *b)
{
    size_t n = max_n(a, b);
    uint64_t t[MAXL + 1];
    t[n] = brisk_limbs_add(t, a->d, b->d, n);
    uint64_t ok = n < MAXL ? 1 : 1 ^ t[n];
    brisk_bn_set_limbs(r, t, n < MAXL ? n + 1 : n);
    wipe(t, sizeof(t));
    return ct_err(ok);
}

int brisk_bn_sub(brisk_bn *r, const brisk_bn *a, const brisk_bn *b)
{
    size_t n = max_n(a, b);
    uint64_t t[MAXL];
    uint64_t ok = 1 ^ brisk_limbs_sub(t, a->d, b->d, n);
    brisk_bn_set_limbs(r, t, n);
    wipe(t, sizeof(t));
    return ct_err(ok);
}

int brisk_bn_mul(brisk_bn *r, const brisk_bn *a, const brisk_bn *b)
{
    uint64_t t[2 * MAXL], over = 0;
    size_t n = a->n + b->n;
    brisk_limbs_mul(t, a->d, a->n, b->d, b->n);
    for (size_t k = MAXL; k < n; k++)
        over |= t[k];
    brisk_bn_set_limbs(r, t, n < MAXL ? n : MAXL);
    wipe(t, sizeof(t));
    return ct_err(1 ^ ct_nz64(over));
}

int brisk_bn_mod(brisk_bn *r, const brisk_bn *a, const brisk_bn *m)
{
    uint64_t t[MAXL];
    if (m->n == 0)
        return BRISK_EINVAL;
    /* m = 0 (a secret verdict) gives a meaningless r and BRISK_EINVAL */
    uint64_t ok = 1 ^ (uint64_t)brisk_bn_is_zero(m);
    brisk_limbs_mod(t, a->d, a->n, m->d, m->n);
    brisk_bn_set_limbs(r, t, m->n);
    wipe(t, sizeof(t));
    return ct_err(ok);
}

/* shr_bits sets r (n limbs) = a >> s for a public s < 64 n; r may be a. */
static void shr_bits(uint64_t *r, const uint64_t *a, size_t n, size_t s)
{
    size_t w = s / 64, b = s % 64;
    for (size_t i = 0; i < n; i++) {
        uint64_t lo = i + w < n ? a[i + w] : 0;
        uint64_t hi = i + w + 1 < n ? a[i + w + 1] : 0;
        r[i] = b == 0 ? lo : (lo >> b) | (hi << (64 - b));
    }
}

/* shl_bits sets r (n limbs) = a << s mod 2^(64 n); r may be a. */
static void shl_bits(uint64_t *r, const uint64_t *a, size_t n, size_t s)
{
    size_t w = s / 64, b = s % 64;
    for (size_t i = n; i-- > 0;) {
        uint64_t hi = i >= w ? a[i - w] : 0;
        uint64_t lo = i >= w + 1 ? a[i - w - 1] : 0;
        r[i] = b == 0 ? hi : (hi << b) | (lo >> (64 - b));
    }
}

/* div_limbs sets q (an limbs) = a / d and r (dn limbs) = a mod d, for d > 0
 * of dn limbs: shift-and-subtract from a's top set bit.  Variable-time. */
static void div_limbs(uint64_t *q, uint64_t *r, const uint64_t *a, size_t an, const uint64_t *d,
                      size_t dn)
{
    uint64_t t[MAXL + 1], u[MAXL + 1];
    memset(t, 0, sizeof(t));
    memset(q, 0, an * sizeof(uint64_t));
    size_t nbits = an * 64;
    while (nbits > 0 && ((a[(nbits - 1) / 64] >> ((nbits - 1) % 64)) & 1) == 0)
        nbits--;
    for (size_t i = nbits; i-- > 0;) {
        shl1(t, dn + 1, (a[i / 64] >> (i % 64)) & 1);
        uint64_t borrow = brisk_limbs_sub(u, t, d, dn);
        u[dn] = t[dn] - borrow;
        if (t[dn] >= borrow) {
            memcpy(t, u, (dn + 1) * sizeof(uint64_t));
            q[i / 64] |= (uint64_t)1 << (i % 64);
        }
    }
    memcpy(r, t, dn * sizeof(uint64_t));
}

int brisk_bn_div(brisk_bn *q, brisk_bn *r, const brisk_bn *a, const brisk_bn *d)
{
    uint64_t qt[MAXL], rt[MAXL];
    size_t dn = brisk_limbs_len(d->d, d->n), an = a->n;
    if (dn == 0)
        return BRISK_EINVAL;
    div_limbs(qt, rt, a->d, an, d->d, dn);
    if (q != NULL)
        brisk_bn_set_limbs(q, qt, an);
    if (r != NULL) {
        memset(rt + dn, 0, (d->n - dn) * sizeof(uint64_t));
        brisk_bn_set_limbs(r, rt, d->n);
    }
    return BRISK_EOK;
}

/* below returns 1 when a < m, reading a's limbs beyond m's width too. */
static uint64_t below(const brisk_bn *a, const brisk_bn *m)
{
    uint64_t over = 0;
    for (size_t k = m->n; k < a->n; k++)
        over |= a->d[k];
    return (1 ^ ct_nz64(over)) & (uint64_t)(brisk_limbs_cmp(a->d, m->d, m->n) < 0);
}

int brisk_bn_mod_add(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m)
{
    uint64_t t[MAXL], u[MAXL];
    size_t n = m->n;
    uint64_t ok = below(a, m) & below(b, m);
    uint64_t carry = brisk_limbs_add(t, a->d, b->d, n);
    uint64_t borrow = brisk_limbs_sub(u, t, m->d, n);
    brisk_limbs_select(t, carry | (borrow ^ 1), u, t, n);
    brisk_bn_set_limbs(r, t, n);
    wipe(t, sizeof(t));
    wipe(u, sizeof(u));
    return ct_err(ok);
}

int brisk_bn_mod_sub(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m)
{
    uint64_t t[MAXL], u[MAXL];
    size_t n = m->n;
    uint64_t ok = below(a, m) & below(b, m);
    uint64_t borrow = brisk_limbs_sub(t, a->d, b->d, n);
    brisk_limbs_add(u, t, m->d, n);
    brisk_limbs_select(t, borrow, u, t, n);
    brisk_bn_set_limbs(r, t, n);
    wipe(t, sizeof(t));
    wipe(u, sizeof(u));
    return ct_err(ok);
}

/* mod_mul_mont multiplies by two Montgomery multiplications, a b R^-1 then
 * times R^2: cheaper than the bit-serial reduction of the product. */
static void mod_mul_mont(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m)
{
    brisk_bn_mont mont;
    uint64_t t[MAXL];
    brisk_bn_mont_init(&mont, m); /* cannot fail: m is odd and > 1 */
    const brisk_bn_impl *im = brisk_bn_active();
    im->mont_mul(t, a->d, b->d, &mont);
    im->mont_mul(t, t, mont.rr, &mont);
    memset(t + mont.n, 0, (m->n - mont.n) * sizeof(uint64_t));
    brisk_bn_set_limbs(r, t, m->n);
    wipe(t, sizeof(t));
    wipe(&mont, sizeof(mont));
}

int brisk_bn_mod_mul(brisk_bn *r, const brisk_bn *a, const brisk_bn *b, const brisk_bn *m)
{
    uint64_t t[2 * MAXL];
    size_t n = m->n;
    if (n == 0)
        return BRISK_EINVAL;
    uint64_t ok = below(a, m) & below(b, m);
    /* A modulus's parity and limb length are public (odd primes, RSA
     * moduli); its value need not be.  m = 1 takes the generic path. */
    size_t len = brisk_limbs_len(m->d, n);
    if ((m->d[0] & 1) && (len > 1 || (len == 1 && m->d[0] > 1))) {
        mod_mul_mont(r, a, b, m);
        return ct_err(ok);
    }
    brisk_limbs_mul(t, a->d, n, b->d, n);
    brisk_limbs_mod(t, t, 2 * n, m->d, n);
    brisk_bn_set_limbs(r, t, n);
    wipe(t, sizeof(t));
    return ct_err(ok);
}

int brisk_bn_gcd(brisk_bn *r, const brisk_bn *a, const brisk_bn *b)
{
    uint64_t u[MAXL], v[MAXL];
    size_t n = max_n(a, b), k = 0;
    memcpy(u, a->d, n * sizeof(uint64_t));
    memcpy(v, b->d, n * sizeof(uint64_t));
    if (brisk_limbs_len(u, n) == 0 || brisk_limbs_len(v, n) == 0) {
        brisk_limbs_add(u, u, v, n);
        brisk_bn_set_limbs(r, u, n);
        return BRISK_EOK;
    }
    while (((u[k / 64] | v[k / 64]) >> (k % 64) & 1) == 0)
        k++;
    shr_bits(u, u, n, k);
    shr_bits(v, v, n, k);
    size_t z = 0;
    while ((u[z / 64] >> (z % 64) & 1) == 0)
        z++;
    shr_bits(u, u, n, z);
    while (brisk_limbs_len(v, n) != 0) {
        z = 0;
        while ((v[z / 64] >> (z % 64) & 1) == 0)
            z++;
        shr_bits(v, v, n, z);
        if (brisk_limbs_cmp(u, v, n) > 0) {
            for (size_t i = 0; i < n; i++) {
                uint64_t s = u[i];
                u[i] = v[i];
                v[i] = s;
            }
        }
        brisk_limbs_sub(v, v, u, n);
    }
    shl_bits(u, u, n, k);
    brisk_bn_set_limbs(r, u, n);
    return BRISK_EOK;
}
