/*
 * src/ec/safegcd.c - modular inversion for the NIST curves' odd moduli
 * (p and n) and for the fields of Curve25519 and Curve448
 * (fe25519_invert.h, f448.h) by the division steps of Bernstein and Yang
 * ("Fast constant-time gcd computation and modular inversion", 2019,
 * section 11), 62 at a time, in constant time.
 *
 * A divstep maps (delta, f, g), f odd, to (1 - delta, g, (g - f) / 2) when
 * delta > 0 and g is odd, else to (1 + delta, f, (g + (g odd) f) / 2).
 * From f = m, g = a, delta = 1 (or 1/2: see the step count), after enough
 * steps g = 0 and f = +-gcd(m, a) = +-1.  The first 62 steps depend only
 * on the low 62 bits of f and g: divsteps62 runs them on one word each and
 * returns the matrix t with 2^62 (f', g') = t (f, g), which update_fg
 * then applies to the whole numbers.  Alongside, d and e keep f = d a and
 * g = e a (mod m): update_de applies t to them and divides by 2^62 modulo
 * m, adding the multiple of m that makes the low 62 bits zero.  At the end
 * a^-1 = +-d.
 *
 * Numbers are "signed62": limbs of 62 bits, the top one signed.  d and e
 * stay in (-2 m, m): before the update a negative one counts as itself
 * plus m (folded into the multiple of m), so both are in (-m, m); the
 * matrix's rows have |u| + |v| <= 2^62, and the multiple of m subtracted
 * is in [0, 2^62 m), so the quotient is in (-2 m, m).
 *
 * Step count, rounded up to whole batches of 62: for 256-bit moduli the
 * variant that starts from delta = 1/2, which needs at most 590 steps
 * (Wuille's convex-hull analysis of it, "safegcd-bounds"; libsecp256k1
 * runs the same count), else delta = 1 and the paper's theorem 11.2
 * bound, (49 b + 57) / 17 steps for b >= 46 bits (1110 for 384 bits, 1505
 * for 521).
 *
 * Constant-time: the steps are masks and arithmetic, the batch count and
 * every loop bound depend on m only.  Needs a 128-bit integer type; the
 * targets without one (i686) invert by Fermat's little theorem in nist.c,
 * fe25519_invert.h and f448.h.
 */
#include <string.h>

#include "../bn/internal.h"
#include "internal.h"

#ifdef BRISK_EC_SAFEGCD

#define M62 ((uint64_t)-1 >> 2)

typedef __int128 i128;

/* t: 2^62 (f', g') = (u f + v g, q f + r g). */
typedef struct trans {
    int64_t u, v, q, r;
} trans;

/* divsteps62 runs 62 divsteps on the low words f and g (f odd) from
 * *zeta, updating it, and sets t to their matrix.  zeta is -delta counted
 * in steps of step (2 for the variant that starts at 1/2: zeta is then
 * -2 delta), so that delta > 0 is zeta's sign bit.  The negations of f's
 * row hang on that sign alone, not on g's low bit too, which keeps them
 * off the chain from one step's g to the next (libsecp256k1's form of the
 * loop; it took a 256-bit inversion from 3.9k to 3.5k TSC cycles on a Zen
 * 5, family 26 model 2). */
static void divsteps62(int64_t *zeta, uint64_t step, uint64_t f, uint64_t g, trans *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, z = (uint64_t)*zeta;

    for (int i = 0; i < 62; i++) {
        uint64_t c1 = (uint64_t)((int64_t)z >> 63); /* delta > 0 */
        uint64_t c2 = ct_mask64(g & 1);             /* g odd */
        uint64_t x = (f ^ c1) - c1, y = (u ^ c1) - c1, w = (v ^ c1) - c1;
        /* g odd: g -= f when delta > 0, else g += f; f's row likewise */
        g += x & c2;
        q += y & c2;
        r += w & c2;
        c1 &= c2; /* swapping: delta > 0 and g odd */
        z = (z ^ c1) + ((uint64_t)0 - step - c1); /* negated when swapping, less step */
        /* swapping: f takes the old g (the new g plus the old f) */
        f += g & c1;
        u += q & c1;
        v += r & c1;
        g >>= 1; /* g halves; f's row doubles instead, so t is 2^62 scaled */
        u <<= 1;
        v <<= 1;
    }
    *zeta = (int64_t)z;
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
}

/* update_fg sets (f, g) = t (f, g) / 2^62, exactly (the low 62 bits of
 * both sums are zero). */
static void update_fg(size_t l, int64_t *f, int64_t *g, const trans *t)
{
    i128 cf = (i128)t->u * f[0] + (i128)t->v * g[0];
    i128 cg = (i128)t->q * f[0] + (i128)t->r * g[0];

    cf >>= 62;
    cg >>= 62;
    for (size_t i = 1; i < l; i++) {
        cf += (i128)t->u * f[i] + (i128)t->v * g[i];
        cg += (i128)t->q * f[i] + (i128)t->r * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & M62);
        g[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[l - 1] = (int64_t)cf;
    g[l - 1] = (int64_t)cg;
}

/* update_de sets (d, e) = t (d, e) / 2^62 mod m, both in (-2 m, m) before
 * and after (see the file comment). */
static void update_de(const ec_modinv *mi, int64_t *d, int64_t *e, const trans *t)
{
    const size_t l = mi->limbs;
    const int64_t *m = mi->m;
    uint64_t sd = ct_mask64((uint64_t)d[l - 1] >> 63), se = ct_mask64((uint64_t)e[l - 1] >> 63);
    int64_t md = (int64_t)(((uint64_t)t->u & sd) + ((uint64_t)t->v & se));
    int64_t me = (int64_t)(((uint64_t)t->q & sd) + ((uint64_t)t->r & se));
    i128 cd = (i128)t->u * d[0] + (i128)t->v * e[0];
    i128 ce = (i128)t->q * d[0] + (i128)t->r * e[0];

    /* md, me: the multiples of m that clear the low 62 bits */
    md -= (int64_t)((mi->minv * (uint64_t)cd + (uint64_t)md) & M62);
    me -= (int64_t)((mi->minv * (uint64_t)ce + (uint64_t)me) & M62);
    cd += (i128)m[0] * md;
    ce += (i128)m[0] * me;
    cd >>= 62;
    ce >>= 62;
    for (size_t i = 1; i < l; i++) {
        cd += (i128)t->u * d[i] + (i128)t->v * e[i] + (i128)m[i] * md;
        ce += (i128)t->q * d[i] + (i128)t->r * e[i] + (i128)m[i] * me;
        d[i - 1] = (int64_t)((uint64_t)cd & M62);
        e[i - 1] = (int64_t)((uint64_t)ce & M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[l - 1] = (int64_t)cd;
    e[l - 1] = (int64_t)ce;
}

/* to_s62 sets s (l limbs) to the n-limb a >= 0. */
static void to_s62(int64_t *s, size_t l, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < l; i++) {
        size_t pos = 62 * i, w = pos / 64, sh = pos % 64;
        uint64_t v = w < n ? a[w] >> sh : 0;
        if (sh > 2 && w + 1 < n)
            v |= a[w + 1] << (64 - sh);
        s[i] = (int64_t)(v & M62);
    }
}

/* from_s62 sets r (w words, two's complement) to the signed62 s. */
static void from_s62(uint64_t *r, size_t w, const int64_t *s, size_t l)
{
    uint64_t x[EC_MAX_LIMBS + 1];

    memset(r, 0, w * sizeof(uint64_t));
    for (size_t i = 0; i < l; i++) { /* r += s[i] 2^(62 i), sign-extended */
        size_t pos = 62 * i, k = pos / 64, sh = pos % 64;
        uint64_t sext = ct_mask64((uint64_t)s[i] >> 63);
        for (size_t j = 0; j < w; j++)
            x[j] = j < k ? 0 : sext;
        x[k] = (uint64_t)s[i] << sh;
        if (k + 1 < w && sh != 0)
            x[k + 1] = (uint64_t)(s[i] >> (64 - sh));
        brisk_limbs_add(r, r, x, w);
    }
    wipe(x, sizeof(x));
}

void brisk_ec_modinv_init(ec_modinv *mi, const uint64_t *m, size_t n, size_t bits)
{
    uint64_t x = m[0];
    /* 256 bits: the variant from delta = 1/2, which needs at most 590
     * steps there (Wuille's convex-hull bound, as libsecp256k1 uses it);
     * else delta = 1 and the paper's bound */
    size_t steps = bits == 256 ? 590 : (49 * bits + 57) / 17 + 1;

    mi->n = n;
    mi->limbs = (bits + 2 + 61) / 62; /* room for the sign and d, e's range */
    mi->batches = (unsigned)((steps + 61) / 62);
    mi->step = bits == 256 ? 2 : 1;
    to_s62(mi->m, mi->limbs, m, n);
    for (int i = 0; i < 6; i++) /* Newton: 3, 6, .. 96 correct bits */
        x *= 2 - m[0] * x;
    mi->minv = x & M62;
    for (size_t j = 0; j < n; j++)
        mi->mod[j] = m[j];
}

void brisk_ec_modinv(const ec_modinv *mi, uint64_t *r, const uint64_t *a)
{
    const size_t l = mi->limbs, n = mi->n, w = n + 1;
    int64_t f[EC_INV_LIMBS], g[EC_INV_LIMBS], d[EC_INV_LIMBS] = {0}, e[EC_INV_LIMBS] = {1};
    int64_t zeta = -1; /* -delta: delta = 1, or 1/2 counted in halves */
    uint64_t t64[EC_MAX_LIMBS + 1], u[EC_MAX_LIMBS + 1], m[EC_MAX_LIMBS + 1] = {0},
        zero[EC_MAX_LIMBS + 1] = {0};
    trans t;

    memcpy(m, mi->mod, n * sizeof(uint64_t)); /* with a zero word on top */
    for (size_t i = 0; i < l; i++)
        f[i] = mi->m[i];
    to_s62(g, l, a, n);
    for (unsigned b = 0; b < mi->batches; b++) {
        divsteps62(&zeta, mi->step, (uint64_t)f[0], (uint64_t)g[0], &t);
        update_de(mi, d, e, &t);
        update_fg(l, f, g, &t);
    }
    /* f = +-1 (or +-m for a = 0, with d = 0): a^-1 = d f, in (-2 m, 2 m);
     * then m added while negative (twice at most), and subtracted unless
     * that borrows */
    from_s62(t64, w, d, l);
    brisk_limbs_sub(u, zero, t64, w);
    brisk_limbs_select(t64, (uint64_t)f[l - 1] >> 63, u, t64, w);
    for (int k = 0; k < 2; k++) {
        uint64_t neg = ct_mask64(t64[n] >> 63);
        for (size_t j = 0; j < w; j++)
            u[j] = m[j] & neg;
        brisk_limbs_add(t64, t64, u, w);
    }
    brisk_limbs_select(r, brisk_limbs_sub(u, t64, m, w), t64, u, n);
    wipe(f, sizeof(f));
    wipe(g, sizeof(g));
    wipe(d, sizeof(d));
    wipe(e, sizeof(e));
    wipe(t64, sizeof(t64));
    wipe(u, sizeof(u));
    wipe(&t, sizeof(t));
}

void brisk_ec_modinv_le(uint8_t *s, const uint64_t *m, size_t n, size_t bits)
{
    ec_modinv mi; /* prepared on each call: about 26 TSC cycles for 256 bits */
    uint64_t a[EC_MAX_LIMBS] = {0}, r[EC_MAX_LIMBS];

    brisk_ec_modinv_init(&mi, m, n, bits);
    for (size_t i = 0; i < n; i++)
        a[i] = load64_le(s + 8 * i);
    brisk_ec_modinv(&mi, r, a);
    for (size_t i = 0; i < n; i++)
        store64_le(s + 8 * i, r[i]);
    wipe(a, sizeof(a));
    wipe(r, sizeof(r));
}

#endif
