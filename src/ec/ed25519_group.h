/*
 * src/ec/ed25519_group.h - the group arithmetic of edwards25519 (RFC 8032
 * section 5.1) over whichever GF(2^255 - 19) the including file brought in
 * first (fe25519_c64.h or fe25519_c32.h: both define the type fe and the
 * same fe_* operations).  ed25519_c64.c and ed25519_c32.c each include the
 * field and then this header and export the two kernels of the "ed25519"
 * primitive, so the curve is written once and compiled for each radix.
 *
 * Technique: extended twisted Edwards coordinates (Hisil, Wong, Carter and
 * Dawson 2008) with ref10's point types and formulas; fixed-base
 * multiplication by signed radix-16 digits over brisk_ed25519_base (64
 * mixed additions, 4 doublings); verification's [s]B - [k]A by sliding
 * windows (odd multiples up to 15 A, up to 7 B from the table's first row).
 *
 * Constant-time: ed25519_base_mul is (digits picked from all eight entries
 * of a row with masks; no branch on the scalar); decoding and the double
 * multiplication handle public data only and are variable-time.
 */
#ifndef BRISK_EC_ED25519_GROUP_H
#define BRISK_EC_ED25519_GROUP_H

#include "internal.h"

/* ge_p2 is (X : Y : Z), x = X / Z, y = Y / Z; ge_p3 adds T = X Y / Z;
 * ge_p1p1 is ((X : Z), (Y : T)), a sum or double not yet multiplied out;
 * ge_precomp is the affine Niels (y + x, y - x, 2 d x y), ge_cached the
 * projective (Y + X, Y - X, Z, 2 d T). */
typedef struct ge_p2 {
    fe X, Y, Z;
} ge_p2;

typedef struct ge_p3 {
    fe X, Y, Z, T;
} ge_p3;

typedef struct ge_p1p1 {
    fe X, Y, Z, T;
} ge_p1p1;

typedef struct ge_precomp {
    fe yplusx, yminusx, xy2d;
} ge_precomp;

typedef struct ge_cached {
    fe YplusX, YminusX, Z, T2d;
} ge_cached;

/* d = -121665 / 121666, 2 d and sqrt(-1), little-endian. */
static const uint8_t ed25519_d[32] = {
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
    0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52};
static const uint8_t ed25519_d2[32] = {
    0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
    0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24};
static const uint8_t ed25519_sqrtm1[32] = {
    0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
    0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b};

/* fe_pow22523 sets r = z^(2^252 - 3) = z^((p - 5) / 8), ref10's chain. */
static inline void fe_pow22523(fe r, const fe z)
{
    fe t0, t1, t2;

    fe_sqr(t0, z);             /* 2 */
    fe_sqr_n(t1, t0, 2);       /* 8 */
    fe_mul(t1, z, t1);         /* 9 */
    fe_mul(t0, t0, t1);        /* 11 */
    fe_sqr(t0, t0);            /* 22 */
    fe_mul(t0, t1, t0);        /* 2^5 - 1 */
    fe_sqr_n(t1, t0, 5);
    fe_mul(t0, t1, t0);        /* 2^10 - 1 */
    fe_sqr_n(t1, t0, 10);
    fe_mul(t1, t1, t0);        /* 2^20 - 1 */
    fe_sqr_n(t2, t1, 20);
    fe_mul(t1, t2, t1);        /* 2^40 - 1 */
    fe_sqr_n(t1, t1, 10);
    fe_mul(t0, t1, t0);        /* 2^50 - 1 */
    fe_sqr_n(t1, t0, 50);
    fe_mul(t1, t1, t0);        /* 2^100 - 1 */
    fe_sqr_n(t2, t1, 100);
    fe_mul(t1, t2, t1);        /* 2^200 - 1 */
    fe_sqr_n(t1, t1, 50);
    fe_mul(t0, t1, t0);        /* 2^250 - 1 */
    fe_sqr_n(t0, t0, 2);       /* 2^252 - 4 */
    fe_mul(r, t0, z);          /* 2^252 - 3 */
}

static inline void fe_neg(fe r, const fe a)
{
    fe zero = {0};
    fe_sub(r, zero, a);
}

/* fe_neg_reduced sets r = -a fully reduced, for a up to twice fe_add's
 * bound, so that r is again a valid subtrahend (fe_neg's result, up to
 * 2p + a, is not in radix 2^51). */
static inline void fe_neg_reduced(fe r, const fe a)
{
    uint8_t s[32];
    fe zero = {0};
    fe_sub_loose(r, zero, a);
    fe_tobytes(s, r);
    fe_frombytes(r, s);
}

/* fe_isodd returns the low bit of a's canonical encoding. */
static inline unsigned fe_isodd(const fe a)
{
    uint8_t s[32];
    fe_tobytes(s, a);
    return s[0] & 1;
}

/* fe_equal (variable-time) tells whether a = b in the field. */
static inline int fe_equal_vartime(const fe a, const fe b)
{
    uint8_t sa[32], sb[32];
    fe_tobytes(sa, a);
    fe_tobytes(sb, b);
    return memcmp(sa, sb, 32) == 0;
}

static inline void ge_p3_0(ge_p3 *h)
{
    fe zero = {0}, one = {1};
    fe_copy(h->X, zero);
    fe_copy(h->Y, one);
    fe_copy(h->Z, one);
    fe_copy(h->T, zero);
}

static inline void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p)
{
    fe_mul(r->X, p->X, p->T);
    fe_mul(r->Y, p->Y, p->Z);
    fe_mul(r->Z, p->Z, p->T);
}

static inline void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p)
{
    fe_mul(r->X, p->X, p->T);
    fe_mul(r->Y, p->Y, p->Z);
    fe_mul(r->Z, p->Z, p->T);
    fe_mul(r->T, p->X, p->Y);
}

static inline void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p)
{
    fe_copy(r->X, p->X);
    fe_copy(r->Y, p->Y);
    fe_copy(r->Z, p->Z);
}

static inline void ge_p3_to_cached(ge_cached *r, const ge_p3 *p, const fe d2)
{
    fe_add(r->YplusX, p->Y, p->X);
    fe_sub(r->YminusX, p->Y, p->X);
    fe_copy(r->Z, p->Z);
    fe_mul(r->T2d, p->T, d2);
}

/* ge_p2_dbl sets r = 2 p (dbl-2008-hwcd); the 4p subtractions keep the
 * radix-2^51 limbs positive where the subtrahend is a sum. */
static inline void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p)
{
    fe t0;

    fe_sqr(r->X, p->X);
    fe_sqr(r->Z, p->Y);
    fe_sqr(r->T, p->Z);
    fe_add(r->T, r->T, r->T);
    fe_add(r->Y, p->X, p->Y);
    fe_sqr(t0, r->Y);
    fe_add(r->Y, r->Z, r->X);
    fe_sub(r->Z, r->Z, r->X);
    fe_sub_loose(r->X, t0, r->Y);
    fe_sub_loose(r->T, r->T, r->Z);
}

static inline void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p)
{
    ge_p2 q;
    ge_p3_to_p2(&q, p);
    ge_p2_dbl(r, &q);
}

/* ge_madd sets r = p + q for an affine q (madd-2008-hwcd-3). */
static inline void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q)
{
    fe t0;

    fe_add(r->X, p->Y, p->X);
    fe_sub(r->Y, p->Y, p->X);
    fe_mul(r->Z, r->X, q->yplusx);
    fe_mul(r->Y, r->Y, q->yminusx);
    fe_mul(r->T, q->xy2d, p->T);
    fe_add(t0, p->Z, p->Z);
    fe_sub(r->X, r->Z, r->Y);
    fe_add(r->Y, r->Z, r->Y);
    fe_add(r->Z, t0, r->T);
    fe_sub(r->T, t0, r->T);
}

/* ge_msub sets r = p - q for an affine q. */
static inline void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q)
{
    fe t0;

    fe_add(r->X, p->Y, p->X);
    fe_sub(r->Y, p->Y, p->X);
    fe_mul(r->Z, r->X, q->yminusx);
    fe_mul(r->Y, r->Y, q->yplusx);
    fe_mul(r->T, q->xy2d, p->T);
    fe_add(t0, p->Z, p->Z);
    fe_sub(r->X, r->Z, r->Y);
    fe_add(r->Y, r->Z, r->Y);
    fe_sub(r->Z, t0, r->T);
    fe_add(r->T, t0, r->T);
}

/* ge_add sets r = p + q (add-2008-hwcd-3). */
static inline void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q)
{
    fe t0;

    fe_add(r->X, p->Y, p->X);
    fe_sub(r->Y, p->Y, p->X);
    fe_mul(r->Z, r->X, q->YplusX);
    fe_mul(r->Y, r->Y, q->YminusX);
    fe_mul(r->T, q->T2d, p->T);
    fe_mul(r->X, p->Z, q->Z);
    fe_add(t0, r->X, r->X);
    fe_sub(r->X, r->Z, r->Y);
    fe_add(r->Y, r->Z, r->Y);
    fe_add(r->Z, t0, r->T);
    fe_sub(r->T, t0, r->T);
}

/* ge_sub sets r = p - q. */
static inline void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q)
{
    fe t0;

    fe_add(r->X, p->Y, p->X);
    fe_sub(r->Y, p->Y, p->X);
    fe_mul(r->Z, r->X, q->YminusX);
    fe_mul(r->Y, r->Y, q->YplusX);
    fe_mul(r->T, q->T2d, p->T);
    fe_mul(r->X, p->Z, q->Z);
    fe_add(t0, r->X, r->X);
    fe_sub(r->X, r->Z, r->Y);
    fe_add(r->Y, r->Z, r->Y);
    fe_sub(r->Z, t0, r->T);
    fe_add(r->T, t0, r->T);
}

/* ge_tobytes encodes p (RFC 8032 section 5.1.2): y, and x's low bit on top. */
static inline void ge_tobytes(uint8_t s[32], const fe X, const fe Y, const fe Z)
{
    fe recip, x, y;

    fe_invert(recip, Z);
    fe_mul(x, X, recip);
    fe_mul(y, Y, recip);
    fe_tobytes(s, y);
    s[31] ^= (uint8_t)(fe_isodd(x) << 7);
}

/* ge_frombytes_vartime decodes s (RFC 8032 section 5.1.3) into h; returns
 * 0, or -1 when y is not below p, x^2 has no root, or x = 0 with its sign
 * bit set.  Variable-time: for public keys. */
static inline int ge_frombytes_vartime(ge_p3 *h, const uint8_t s[32])
{
    fe u, v, v3, vxx, check, d;
    uint8_t y_bytes[32];
    unsigned sign = s[31] >> 7;

    fe_frombytes(h->Y, s);
    fe_tobytes(y_bytes, h->Y);
    y_bytes[31] |= (uint8_t)(sign << 7);
    if (memcmp(y_bytes, s, 32) != 0)
        return -1; /* y was p or more */
    fe_frombytes(d, ed25519_d);
    fe one = {1};
    fe_copy(h->Z, one);
    fe_sqr(u, h->Y);
    fe_mul(v, u, d);
    fe_sub(u, u, h->Z); /* u = y^2 - 1 */
    fe_add(v, v, h->Z); /* v = d y^2 + 1 */

    /* x = u v^3 (u v^7)^((p - 5) / 8) */
    fe_sqr(v3, v);
    fe_mul(v3, v3, v);
    fe_sqr(h->X, v3);
    fe_mul(h->X, h->X, v);
    fe_mul(h->X, h->X, u);
    fe_pow22523(h->X, h->X);
    fe_mul(h->X, h->X, v3);
    fe_mul(h->X, h->X, u);

    fe_sqr(vxx, h->X);
    fe_mul(vxx, vxx, v);
    if (!fe_equal_vartime(vxx, u)) {
        fe_neg_reduced(check, u); /* u is a difference: fe_neg's bound is too tight */
        if (!fe_equal_vartime(vxx, check))
            return -1;
        fe sqrtm1;
        fe_frombytes(sqrtm1, ed25519_sqrtm1);
        fe_mul(h->X, h->X, sqrtm1);
    }
    fe zero = {0};
    if (fe_equal_vartime(h->X, zero) && sign)
        return -1;
    if (fe_isodd(h->X) != sign)
        fe_neg_reduced(h->X, h->X);
    fe_mul(h->T, h->X, h->Y);
    return 0;
}

/* ed25519_select sets t to b 256^pos B for a digit -8 <= b <= 8, reading
 * all eight entries of the table's row pos and keeping one with masks. */
static inline void ed25519_select(ge_precomp *t, int pos, int8_t b)
{
    uint64_t w[12] = {1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}; /* the identity */
    uint8_t bytes[96];
    uint32_t neg = (uint32_t)(uint8_t)b >> 7;
    /* |b| with a mask: b < 0 ? -b : b would leave a branch to the compiler. */
    uint32_t babs = ((uint32_t)(int32_t)b ^ ct_mask32(neg)) + neg;
    fe minus;

    for (uint32_t j = 0; j < 8; j++) {
        uint32_t x = babs ^ (j + 1);
        uint64_t m = ct_mask64((uint64_t)((x - 1) >> 31));
        const uint8_t *e = brisk_ed25519_base[pos][j];
        for (int k = 0; k < 12; k++)
            w[k] ^= m & (w[k] ^ load64_le(e + 8 * k));
    }
    for (int k = 0; k < 12; k++)
        store64_le(bytes + 8 * k, w[k]);
    fe_frombytes(t->yplusx, bytes);
    fe_frombytes(t->yminusx, bytes + 32);
    fe_frombytes(t->xy2d, bytes + 64);
    /* -(x, y) is (-x, y): swap y + x and y - x, negate 2 d x y. */
    fe_cswap(t->yplusx, t->yminusx, neg);
    fe_neg(minus, t->xy2d);
    fe_cmov(t->xy2d, minus, neg);
    brisk_wipe(w, sizeof(w));
    brisk_wipe(bytes, sizeof(bytes));
}

/* ed25519_base_mul_generic writes the encoding of a B, for a[31] <= 127:
 * a = sum e_i 16^i with -8 <= e_i <= 8, the odd i summed first, then
 * multiplied by 16, then the even ones (ref10's ge_scalarmult_base). */
static inline void ed25519_base_mul_generic(uint8_t out[32], const uint8_t a[32])
{
    int8_t e[64], carry = 0;
    ge_p1p1 r;
    ge_p2 s;
    ge_p3 h;
    ge_precomp t;

    for (int i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(a[i] & 15);
        e[2 * i + 1] = (int8_t)(a[i] >> 4);
    }
    for (int i = 0; i < 63; i++) {
        e[i] = (int8_t)(e[i] + carry);
        carry = (int8_t)((e[i] + 8) >> 4);
        e[i] = (int8_t)(e[i] - carry * 16);
    }
    e[63] = (int8_t)(e[63] + carry);

    ge_p3_0(&h);
    for (int i = 1; i < 64; i += 2) {
        ed25519_select(&t, i / 2, e[i]);
        ge_madd(&r, &h, &t);
        ge_p1p1_to_p3(&h, &r);
    }
    ge_p3_dbl(&r, &h);
    ge_p1p1_to_p2(&s, &r);
    ge_p2_dbl(&r, &s);
    ge_p1p1_to_p2(&s, &r);
    ge_p2_dbl(&r, &s);
    ge_p1p1_to_p2(&s, &r);
    ge_p2_dbl(&r, &s);
    ge_p1p1_to_p3(&h, &r);
    for (int i = 0; i < 64; i += 2) {
        ed25519_select(&t, i / 2, e[i]);
        ge_madd(&r, &h, &t);
        ge_p1p1_to_p3(&h, &r);
    }
    ge_tobytes(out, h.X, h.Y, h.Z);
    brisk_wipe(e, sizeof(e));
    brisk_wipe(&h, sizeof(h));
    brisk_wipe(&r, sizeof(r));
    brisk_wipe(&s, sizeof(s));
    brisk_wipe(&t, sizeof(t));
}

/* ed25519_slide writes a's sliding-window form: r[i] odd in [-w, w] or 0,
 * nonzero ones at least log2(w + 1) + 1 apart (ref10's slide, its bound w
 * a parameter: 15 for A, 7 for B).  Variable-time. */
static inline void ed25519_slide(int8_t r[256], const uint8_t a[32], int w)
{
    for (int i = 0; i < 256; i++)
        r[i] = (int8_t)(1 & (a[i >> 3] >> (i & 7)));
    for (int i = 0; i < 256; i++) {
        if (r[i] == 0)
            continue;
        for (int b = 1; b <= 6 && i + b < 256; b++) {
            if (r[i + b] == 0)
                continue;
            int add = r[i + b] * (1 << b);
            if (r[i] + add <= w) {
                r[i] = (int8_t)(r[i] + add);
                r[i + b] = 0;
            } else if (r[i] - add >= -w) {
                r[i] = (int8_t)(r[i] - add);
                for (int k = i + b; k < 256; k++) {
                    if (r[k] == 0) {
                        r[k] = 1;
                        break;
                    }
                    r[k] = 0;
                }
            } else {
                break;
            }
        }
    }
}

/* ed25519_verify_mul_generic writes the encoding of s B - k A, A decoded
 * from a_enc; returns 0, or -1 when a_enc does not decode.  Public inputs
 * only: variable-time. */
static inline int ed25519_verify_mul_generic(uint8_t out[32], const uint8_t k[32],
                                             const uint8_t a_enc[32], const uint8_t s[32])
{
    int8_t kslide[256], sslide[256];
    ge_cached ai[8]; /* A, 3 A, ..., 15 A */
    ge_precomp bi[4]; /* B, 3 B, 5 B, 7 B */
    ge_p3 a, a2, u;
    ge_p1p1 t;
    ge_p2 r;
    fe d2;
    int i;

    if (ge_frombytes_vartime(&a, a_enc) != 0)
        return -1;
    fe_neg_reduced(a.X, a.X); /* -A, so that the sum is s B - k A */
    fe_neg_reduced(a.T, a.T);
    fe_frombytes(d2, ed25519_d2);
    ed25519_slide(kslide, k, 15);
    ed25519_slide(sslide, s, 7);

    ge_p3_to_cached(&ai[0], &a, d2);
    ge_p3_dbl(&t, &a);
    ge_p1p1_to_p3(&a2, &t);
    for (i = 0; i < 7; i++) {
        ge_add(&t, &a2, &ai[i]);
        ge_p1p1_to_p3(&u, &t);
        ge_p3_to_cached(&ai[i + 1], &u, d2);
    }
    for (i = 0; i < 4; i++) {
        const uint8_t *e = brisk_ed25519_base[0][2 * i];
        fe_frombytes(bi[i].yplusx, e);
        fe_frombytes(bi[i].yminusx, e + 32);
        fe_frombytes(bi[i].xy2d, e + 64);
    }

    fe zero = {0}, one = {1};
    fe_copy(r.X, zero);
    fe_copy(r.Y, one);
    fe_copy(r.Z, one);
    for (i = 255; i >= 0; i--)
        if (kslide[i] || sslide[i])
            break;
    for (; i >= 0; i--) {
        ge_p2_dbl(&t, &r);
        if (kslide[i] > 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_add(&t, &u, &ai[kslide[i] / 2]);
        } else if (kslide[i] < 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_sub(&t, &u, &ai[(-kslide[i]) / 2]);
        }
        if (sslide[i] > 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_madd(&t, &u, &bi[sslide[i] / 2]);
        } else if (sslide[i] < 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_msub(&t, &u, &bi[(-sslide[i]) / 2]);
        }
        ge_p1p1_to_p2(&r, &t);
    }
    ge_tobytes(out, r.X, r.Y, r.Z);
    return 0;
}

#endif
