/*
 * src/ec/ed448.c - Ed448 (RFC 8032 section 5.2, pure with a context, and
 * Ed448ph: dom4(1, ctx) and the message's 64-byte SHAKE256, computed here
 * or by the caller of the _digest functions, in place of the message):
 * key generation, signing and verification on the untwisted
 * Edwards curve
 * x^2 + y^2 = 1 + d x^2 y^2, d = -39081, over GF(2^448 - 2^224 - 1)
 * (src/ec/f448.h), hashed with SHAKE256 (src/digest/keccak.c).
 *
 * Points are in extended coordinates (X : Y : Z : T), T = X Y / Z, with
 * Hisil-Wong-Carter-Dawson's unified addition and doubling for a = 1,
 * which are complete here since d is not a square.  Fixed-base scalar
 * multiplication (keygen, signing) reads a table of m 16^(4i) B, m = 1..8,
 * i = 0..27, in affine form, computed once on first use: the scalar is
 * recoded into 112 signed base-16 digits and s B = sum over r = 3..0 of
 * 16^r sum_i digit(4i + r) 16^(4i) B, 112 additions and 12 doublings.
 * Scalars are taken modulo L in 32-bit words by folding 2^446 = c mod L
 * (c = 2^446 - L, 224 bits) a fixed number of times.
 *
 * Constant-time: keygen and signing, yes: table entries are chosen by
 * scanning all eight with masks, signs applied with masks, the scalar
 * reduction is straight-line.  Verification is not (public inputs): point
 * decoding and the multi-scalar multiplications branch on their data.
 *
 * Verification halves the chain of doublings with Pornin's lattice trick
 * ("Optimized Lattice Basis Reduction In Dimension 2, and Fast Schnorr
 * and EdDSA Signature Verification", 2020): k = r / t mod 4L with r and t
 * near 2^224 (a half-run extended Euclid), and |t| S B - sgn(t) r A -
 * |t| R = 0 is checked by Straus over four scalars of 224 bits (wNAFs of
 * width 5 over 1, 3, .., 15 A and R, width 7 over tables of odd multiples
 * of B and 2^224 B for the two halves of |t| S mod L): 224 doublings
 * instead of 448.  4L and an odd t keep it exactly the cofactorless check
 * S B = R + k A; the rare k whose t comes out too long takes the long way,
 * S B - k A over 448 doublings, encoded and compared with R.
 */
#include <stdlib.h>

#include <brisk/rand.h>

#include "../digest/keccak.h"
#include "f448.h"

#define ED448_D 39081 /* d = -39081 */

/* ---- Scalars modulo L = 2^446 - c ---- */

#define SC_WORDS 14  /* 448 bits */
#define SC_WIDE 30   /* room for a 114-byte hash and a product plus a sum */

static const uint32_t sc_l[SC_WORDS] = {
    0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff};
static const uint32_t sc_c[7] = {0x54a7bb0d, 0xdc873d6d, 0x723a70aa, 0xde933d8d,
                                 0x5129c96f, 0x3bb124b6, 0x8335dc16};

/* sc_fold sets x = (x mod 2^446) + (x >> 446) c, the same value mod L;
 * x must be below 2^959. */
static void sc_fold(uint32_t x[SC_WIDE])
{
    uint32_t hi[17], y[SC_WIDE] = {0};
    uint64_t t;

    for (int i = 0; i < 17; i++)
        hi[i] = (x[13 + i] >> 30) | (i + 14 < SC_WIDE ? x[14 + i] << 2 : 0);
    x[13] &= 0x3fffffff;
    for (int i = 0; i < 17; i++) {
        uint32_t carry = 0;
        for (int j = 0; j < 7; j++) {
            t = (uint64_t)hi[i] * sc_c[j] + y[i + j] + carry;
            y[i + j] = (uint32_t)t;
            carry = (uint32_t)(t >> 32);
        }
        y[i + 7] = carry;
    }
    t = 0;
    for (int i = 0; i < SC_WIDE; i++) {
        t += (uint64_t)y[i] + (i < SC_WORDS ? x[i] : 0);
        x[i] = (uint32_t)t;
        t >>= 32;
    }
}

/* sc_reduce sets out = x mod L for x below 2^912 (x is destroyed). */
static void sc_reduce(uint32_t out[SC_WORDS], uint32_t x[SC_WIDE])
{
    uint32_t d[SC_WORDS], borrow = 0;

    /* Below 2^912, 2^691, 2^470, 2^446 + 2^248, then 2^446 + 2^224 < 2L. */
    for (int i = 0; i < 4; i++)
        sc_fold(x);
    for (int i = 0; i < SC_WORDS; i++) {
        uint64_t t = (uint64_t)x[i] - sc_l[i] - borrow;
        d[i] = (uint32_t)t;
        borrow = (uint32_t)(t >> 32) & 1;
    }
    uint32_t keep = ct_mask32(borrow); /* x < L */
    for (int i = 0; i < SC_WORDS; i++)
        out[i] = (x[i] & keep) | (d[i] & ~keep);
    brisk_wipe(d, sizeof(d));
}

/* sc_from_bytes sets out = the len little-endian bytes at in mod L
 * (len <= 114). */
static void sc_from_bytes(uint32_t out[SC_WORDS], const uint8_t *in, size_t len)
{
    uint32_t x[SC_WIDE] = {0};
    for (size_t i = 0; i < len; i++)
        x[i >> 2] |= (uint32_t)in[i] << (8 * (i & 3));
    sc_reduce(out, x);
    brisk_wipe(x, sizeof(x));
}

static void sc_to_bytes(uint8_t out[57], const uint32_t a[SC_WORDS])
{
    for (int i = 0; i < SC_WORDS; i++)
        store32_le(out + 4 * i, a[i]);
    out[56] = 0;
}

/* sc_muladd sets out = (r + k a) mod L. */
static void sc_muladd(uint32_t out[SC_WORDS], const uint32_t r[SC_WORDS],
                      const uint32_t k[SC_WORDS], const uint32_t a[SC_WORDS])
{
    uint32_t x[SC_WIDE] = {0};
    uint64_t t;

    for (int i = 0; i < SC_WORDS; i++) {
        uint32_t carry = 0;
        for (int j = 0; j < SC_WORDS; j++) {
            t = (uint64_t)k[i] * a[j] + x[i + j] + carry;
            x[i + j] = (uint32_t)t;
            carry = (uint32_t)(t >> 32);
        }
        x[i + SC_WORDS] = carry;
    }
    t = 0;
    for (int i = 0; i < SC_WIDE; i++) {
        t += (uint64_t)x[i] + (i < SC_WORDS ? r[i] : 0);
        x[i] = (uint32_t)t;
        t >>= 32;
    }
    sc_reduce(out, x);
    brisk_wipe(x, sizeof(x));
}

/* ---- Points ---- */

typedef struct ed_pt {
    f448 x, y, z, t;
} ed_pt;

/* A table entry: affine x and y, and k = 39081 x y, so that d x y = -k. */
typedef struct ed_aff {
    f448 x, y, k;
} ed_aff;

static void pt_identity(ed_pt *p)
{
    f448_set_small(&p->x, 0);
    f448_set_small(&p->y, 1);
    f448_set_small(&p->z, 1);
    f448_set_small(&p->t, 0);
}

/* pt_dbl sets r = 2 p (p's t unused); r's t only when with_t. */
static void pt_dbl(ed_pt *r, const ed_pt *p, int with_t)
{
    f448 a, b, c, e, f, g, h;

    f448_sqr(&a, &p->x);
    f448_sqr(&b, &p->y);
    f448_sqr(&c, &p->z);
    f448_add(&c, &c, &c);
    f448_add_mulin(&e, &p->x, &p->y);
    f448_sqr(&e, &e);
    f448_add(&g, &a, &b);
    f448_sub_mulin(&e, &e, &g); /* e, f and h: read only by f448_mul */
    f448_sub_mulin(&f, &g, &c);
    f448_sub_mulin(&h, &a, &b);
    f448_mul(&r->x, &e, &f);
    f448_mul(&r->y, &g, &h);
    if (with_t)
        f448_mul(&r->t, &e, &h);
    f448_mul(&r->z, &f, &g);
}

/* pt_finish sets r from the formulas' e, f, g, h. */
static void pt_finish(ed_pt *r, const f448 *e, const f448 *f, const f448 *g, const f448 *h)
{
    f448_mul(&r->x, e, f);
    f448_mul(&r->y, g, h);
    f448_mul(&r->t, e, h);
    f448_mul(&r->z, f, g);
}

/* pt_add sets r = p + q. */
static void pt_add(ed_pt *r, const ed_pt *p, const ed_pt *q)
{
    f448 a, b, c, d, e, f, g, h;

    f448_mul(&a, &p->x, &q->x);
    f448_mul(&b, &p->y, &q->y);
    f448_mul(&c, &p->t, &q->t);
    f448_mul_small(&c, &c, ED448_D); /* -d t1 t2 */
    f448_mul(&d, &p->z, &q->z);
    f448_add_mulin(&e, &p->x, &p->y); /* the _mulin results: read by f448_mul only */
    f448_add_mulin(&f, &q->x, &q->y);
    f448_mul(&e, &e, &f);
    f448_add(&g, &a, &b);
    f448_sub_mulin(&e, &e, &g);
    f448_add_mulin(&f, &d, &c);
    f448_sub_mulin(&g, &d, &c);
    f448_sub_mulin(&h, &b, &a);
    pt_finish(r, &e, &f, &g, &h);
}

/* pt_add_aff sets r = p + q for an affine table entry q. */
static void pt_add_aff(ed_pt *r, const ed_pt *p, const ed_aff *q)
{
    f448 a, b, c, e, f, g, h;

    f448_mul(&a, &p->x, &q->x);
    f448_mul(&b, &p->y, &q->y);
    f448_mul(&c, &p->t, &q->k); /* -d t1 t2 */
    f448_add_mulin(&e, &p->x, &p->y); /* the _mulin results: read by f448_mul only */
    f448_add_mulin(&f, &q->x, &q->y);
    f448_mul(&e, &e, &f);
    f448_add(&g, &a, &b);
    f448_sub_mulin(&e, &e, &g);
    f448_add_mulin(&f, &p->z, &c);
    f448_sub_mulin(&g, &p->z, &c);
    f448_sub_mulin(&h, &b, &a);
    pt_finish(r, &e, &f, &g, &h);
}

static void pt_to_aff(ed_aff *r, const ed_pt *p)
{
    f448 zi;
    f448_invert(&zi, &p->z);
    f448_mul(&r->x, &p->x, &zi);
    f448_mul(&r->y, &p->y, &zi);
    f448_mul(&r->k, &r->x, &r->y);
    f448_mul_small(&r->k, &r->k, ED448_D);
}

/* pt_encode writes p as RFC 8032 section 5.2.2 says: y, and x's low bit
 * in the top bit of the 57th byte. */
static void pt_encode(uint8_t out[57], const ed_pt *p)
{
    f448 zi, x, y;
    f448_invert(&zi, &p->z);
    f448_mul(&x, &p->x, &zi);
    f448_mul(&y, &p->y, &zi);
    f448_tobytes(out, &y);
    out[56] = (uint8_t)(f448_parity(&x) << 7);
}

/* pt_decode reads a point as RFC 8032 section 5.2.3 says, with every
 * check; 0, or -1 when in is not an encoded point.  Variable-time. */
static int pt_decode(ed_pt *p, const uint8_t in[57])
{
    uint8_t canon[56];
    f448 u, v, w, x, t;

    if ((in[56] & 0x7f) != 0)
        return -1; /* y >= 2^448 > p */
    f448_frombytes(&p->y, in);
    f448_tobytes(canon, &p->y);
    if (memcmp(canon, in, 56) != 0)
        return -1; /* y >= p */
    /* u = y^2 - 1, v = d y^2 - 1, x = u^3 v (u^5 v^3)^((p - 3) / 4) */
    f448 one;
    f448_set_small(&one, 1);
    f448_sqr(&t, &p->y);
    f448_sub(&u, &t, &one);
    f448_mul_small(&v, &t, ED448_D);
    f448_neg(&v, &v);
    f448_sub(&v, &v, &one);
    f448_sqr(&w, &u);
    f448_mul(&w, &w, &u);       /* u^3 */
    f448_mul(&x, &w, &v);       /* u^3 v */
    f448_sqr(&t, &u);
    f448_mul(&w, &w, &t);       /* u^5 */
    f448_sqr(&t, &v);
    f448_mul(&t, &t, &v);       /* v^3 */
    f448_mul(&w, &w, &t);       /* u^5 v^3 */
    f448_pow_p34(&w, &w);
    f448_mul(&x, &x, &w);
    /* v x^2 = u, or no square root */
    f448_sqr(&t, &x);
    f448_mul(&t, &t, &v);
    f448_sub(&t, &t, &u);
    if (!f448_iszero(&t))
        return -1;
    uint32_t x0 = in[56] >> 7;
    if (f448_iszero(&x) && x0 == 1)
        return -1;
    if (f448_parity(&x) != x0)
        f448_neg(&x, &x);
    p->x = x;
    f448_set_small(&p->z, 1);
    f448_mul(&p->t, &p->x, &p->y);
    return 0;
}

/* ---- The fixed-base table ---- */

static const uint8_t ed448_base[57] = {
    0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e, 0x2c, 0x13, 0xbd,
    0xfd, 0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a, 0xd7, 0xc2, 0xa0, 0x05, 0x1e, 0x9c,
    0x78, 0x87, 0x40, 0x98, 0xa3, 0x6c, 0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7, 0xc9, 0x56, 0x37,
    0x20, 0x76, 0x88, 0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69, 0x00};

#define TAB_POS 28
static ed_aff ed448_table[TAB_POS][8];
#define BASE_ODD 32 /* B, 3B, ..., 63B for verification's width-7 wNAF */
static ed_aff ed448_base_odd[BASE_ODD];
static ed_aff ed448_base224_odd[BASE_ODD]; /* the same for 2^224 B */
static int ed448_table_state; /* 0 none, 1 being computed, 2 ready */

/* odd_multiples sets tab to p, 3 p, ..., 63 p in affine form, with one
 * inversion for all (Montgomery's trick). */
static void odd_multiples(ed_aff tab[BASE_ODD], const ed_pt *p)
{
    ed_pt odd[BASE_ODD], p2;
    f448 prod[BASE_ODD];
    f448 inv, zi;

    odd[0] = *p;
    pt_dbl(&p2, p, 1);
    for (int m = 1; m < BASE_ODD; m++)
        pt_add(&odd[m], &odd[m - 1], &p2);
    prod[0] = odd[0].z;
    for (int m = 1; m < BASE_ODD; m++)
        f448_mul(&prod[m], &prod[m - 1], &odd[m].z);
    f448_invert(&inv, &prod[BASE_ODD - 1]); /* 1 / (z0 .. zm) */
    for (int m = BASE_ODD - 1; m >= 0; m--) {
        if (m > 0) {
            f448_mul(&zi, &inv, &prod[m - 1]);
            f448_mul(&inv, &inv, &odd[m].z);
        } else {
            zi = inv;
        }
        f448_mul(&tab[m].x, &odd[m].x, &zi);
        f448_mul(&tab[m].y, &odd[m].y, &zi);
        f448_mul(&tab[m].k, &tab[m].x, &tab[m].y);
        f448_mul_small(&tab[m].k, &tab[m].k, ED448_D);
    }
}

static void table_compute(void)
{
    ed_pt p, q;

    if (pt_decode(&p, ed448_base) != 0)
        abort();
    odd_multiples(ed448_base_odd, &p);
    q = p;
    for (int n = 0; n < 224; n++)
        pt_dbl(&q, &q, n == 223);
    odd_multiples(ed448_base224_odd, &q);
    for (int i = 0; i < TAB_POS; i++) {
        q = p;
        pt_to_aff(&ed448_table[i][0], &q);
        for (int m = 1; m < 8; m++) {
            pt_add(&q, &q, &p);
            pt_to_aff(&ed448_table[i][m], &q);
        }
        for (int n = 0; n < 16; n++)
            pt_dbl(&p, &p, n == 15);
    }
}

/* table_ready computes the table once; a thread that finds another one
 * computing it waits. */
static void table_ready(void)
{
    if (__atomic_load_n(&ed448_table_state, __ATOMIC_ACQUIRE) == 2)
        return;
    int none = 0;
    if (__atomic_compare_exchange_n(&ed448_table_state, &none, 1, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_ACQUIRE)) {
        table_compute();
        __atomic_store_n(&ed448_table_state, 2, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&ed448_table_state, __ATOMIC_ACQUIRE) != 2)
        ;
}

/* recode sets e to the 112 signed digits in [-8, 7] of a (below 2^446):
 * a = sum e[j] 16^j. */
static void recode(int8_t e[112], const uint32_t a[SC_WORDS])
{
    int carry = 0;
    for (int j = 0; j < 112; j++) {
        int n = (int)((a[j >> 3] >> (4 * (j & 7))) & 15) + carry;
        carry = (n + 8) >> 4;
        e[j] = (int8_t)(n - (carry << 4));
    }
}

/* select sets r = digit times the entries' point, scanning all of them. */
static void table_select(ed_aff *r, const ed_aff row[8], int digit)
{
    uint32_t neg = (uint32_t)digit >> 31;
    uint32_t mag = (uint32_t)((digit ^ -(int)neg) + (int)neg);
    f448 nx, nk;

    f448_set_small(&r->x, 0);
    f448_set_small(&r->y, 1);
    f448_set_small(&r->k, 0);
    for (uint32_t m = 1; m <= 8; m++) {
        uint32_t eq = ((mag ^ m) - 1) >> 31;
        f448_cmov(&r->x, &row[m - 1].x, eq);
        f448_cmov(&r->y, &row[m - 1].y, eq);
        f448_cmov(&r->k, &row[m - 1].k, eq);
    }
    f448_neg(&nx, &r->x);
    f448_neg(&nk, &r->k);
    f448_cmov(&r->x, &nx, neg);
    f448_cmov(&r->k, &nk, neg);
}

/* base_mul sets r = a B for a below L.  Constant-time in a. */
static void base_mul(ed_pt *r, const uint32_t a[SC_WORDS])
{
    int8_t e[112];
    ed_aff q;

    table_ready();
    recode(e, a);
    pt_identity(r);
    for (int k = 3; k >= 0; k--) {
        if (k < 3)
            for (int n = 0; n < 4; n++)
                pt_dbl(r, r, n == 3);
        for (int i = 0; i < TAB_POS; i++) {
            table_select(&q, ed448_table[i], e[4 * i + k]);
            pt_add_aff(r, r, &q);
        }
    }
    brisk_wipe(e, sizeof(e));
    brisk_wipe(&q, sizeof(q));
}

/* ---- Hashing ---- */

/* hash_start absorbs dom4(phflag, ctx) (RFC 8032 section 2). */
static void hash_start(brisk_shake256_ctx *h, int phflag, const uint8_t *ctx, size_t ctx_len)
{
    uint8_t dom[10] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8', (uint8_t)phflag,
                       (uint8_t)ctx_len};
    brisk_shake256_init(h);
    brisk_shake256_absorb(h, dom, sizeof(dom));
    if (ctx_len > 0)
        brisk_shake256_absorb(h, ctx, ctx_len);
}

/* expand hashes the private key into the clamped secret scalar's residue
 * a and the nonce prefix (RFC 8032 section 5.2.5). */
static void expand(uint32_t a[SC_WORDS], uint8_t prefix[57], const uint8_t priv[57])
{
    uint8_t h[114];
    brisk_shake256(h, sizeof(h), priv, 57);
    h[0] &= 252;
    h[55] |= 128;
    h[56] = 0;
    sc_from_bytes(a, h, 57);
    memcpy(prefix, h + 57, 57);
    brisk_wipe(h, sizeof(h));
}

/* ---- The functions ---- */

int brisk_ed448_public(uint8_t pub[57], const uint8_t priv[57])
{
    uint32_t a[SC_WORDS];
    uint8_t prefix[57];
    ed_pt p;

    if (pub == NULL || priv == NULL)
        return BRISK_EINVAL;
    expand(a, prefix, priv);
    base_mul(&p, a);
    pt_encode(pub, &p);
    brisk_wipe(a, sizeof(a));
    brisk_wipe(prefix, sizeof(prefix));
    brisk_wipe(&p, sizeof(p));
    return BRISK_EOK;
}

int brisk_ed448_keygen(uint8_t priv[57], uint8_t pub[57])
{
    if (priv == NULL || pub == NULL)
        return BRISK_EINVAL;
    int err = brisk_random_bytes(priv, 57);
    if (err != BRISK_EOK) {
        brisk_wipe(priv, 57);
        memset(pub, 0, 57);
        return err;
    }
    return brisk_ed448_public(pub, priv);
}

/* bad_args is 1 when msg or ctx is NULL with a length or ctx_len is over
 * 255. */
static int bad_args(const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len)
{
    return (msg == NULL && msg_len > 0) || (ctx == NULL && ctx_len > 0) || ctx_len > 255;
}

/* sign_dom signs msg (the message, or Ed448ph's hash of it) under
 * dom4(phflag, ctx) (RFC 8032 section 5.2.6); its arguments are checked. */
static void sign_dom(uint8_t sig[114], int phflag, const uint8_t *msg, size_t msg_len,
                     const uint8_t *ctx, size_t ctx_len, const uint8_t priv[57],
                     const uint8_t pub[57])
{
    uint32_t a[SC_WORDS], r[SC_WORDS], k[SC_WORDS], s[SC_WORDS];
    uint8_t prefix[57], apub[57], h[114];
    brisk_shake256_ctx hc;
    ed_pt p;

    expand(a, prefix, priv);
    if (pub == NULL) {
        base_mul(&p, a);
        pt_encode(apub, &p);
    } else {
        memcpy(apub, pub, 57);
    }
    /* r = SHAKE256(dom4 || prefix || M, 114) mod L; R = r B */
    hash_start(&hc, phflag, ctx, ctx_len);
    brisk_shake256_absorb(&hc, prefix, 57);
    brisk_shake256_absorb(&hc, msg, msg_len);
    brisk_shake256_squeeze(&hc, h, sizeof(h));
    sc_from_bytes(r, h, sizeof(h));
    base_mul(&p, r);
    pt_encode(sig, &p);
    /* k = SHAKE256(dom4 || R || A || M, 114) mod L; S = r + k a mod L */
    hash_start(&hc, phflag, ctx, ctx_len);
    brisk_shake256_absorb(&hc, sig, 57);
    brisk_shake256_absorb(&hc, apub, 57);
    brisk_shake256_absorb(&hc, msg, msg_len);
    brisk_shake256_squeeze(&hc, h, sizeof(h));
    sc_from_bytes(k, h, sizeof(h));
    sc_muladd(s, r, k, a);
    sc_to_bytes(sig + 57, s);
    brisk_wipe(a, sizeof(a));
    brisk_wipe(r, sizeof(r));
    brisk_wipe(s, sizeof(s));
    brisk_wipe(prefix, sizeof(prefix));
    brisk_wipe(h, sizeof(h));
    brisk_wipe(&hc, sizeof(hc));
    brisk_wipe(&p, sizeof(p));
}

int brisk_ed448_sign(uint8_t sig[114], const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                     size_t ctx_len, const uint8_t priv[57], const uint8_t pub[57])
{
    if (sig == NULL || priv == NULL || bad_args(msg, msg_len, ctx, ctx_len))
        return BRISK_EINVAL;
    sign_dom(sig, 0, msg, msg_len, ctx, ctx_len, priv, pub);
    return BRISK_EOK;
}

/* The message functions hash, then sign or verify through the digest
 * ones: one Ed448ph path.  A NULL message with a length is refused before
 * it is hashed; the digest functions check the rest. */
int brisk_ed448ph_sign(uint8_t sig[114], const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                       size_t ctx_len, const uint8_t priv[57], const uint8_t pub[57])
{
    uint8_t ph[64];

    if (msg == NULL && msg_len > 0)
        return BRISK_EINVAL;
    brisk_shake256(ph, sizeof(ph), msg, msg_len);
    return brisk_ed448ph_sign_digest(sig, ph, sizeof(ph), ctx, ctx_len, priv, pub);
}

int brisk_ed448ph_sign_digest(uint8_t sig[114], const uint8_t *digest, size_t digest_len,
                              const uint8_t *ctx, size_t ctx_len, const uint8_t priv[57],
                              const uint8_t pub[57])
{
    if (sig == NULL || priv == NULL || digest == NULL || digest_len != 64 ||
        bad_args(digest, digest_len, ctx, ctx_len))
        return BRISK_EINVAL;
    sign_dom(sig, 1, digest, digest_len, ctx, ctx_len, priv, pub);
    return BRISK_EOK;
}

/* slide sets r to the width-w NAF of a (below 2^446, and 2^(n - w) when
 * only the first n digits are worked, the rest being zero): r[i] odd in
 * [-max, max] or 0, a = sum r[i] 2^i, digits at least w apart (ref10's
 * slide).  Variable-time: for public scalars only. */
static void slide(int8_t r[448], const uint32_t a[SC_WORDS], int w, int max, int n)
{
    for (int i = 0; i < 448; i++)
        r[i] = (int8_t)((a[i >> 5] >> (i & 31)) & 1);
    for (int i = 0; i < n; i++) {
        if (r[i] == 0)
            continue;
        for (int b = 1; b < w && i + b < n; b++) {
            if (r[i + b] == 0)
                continue;
            if (r[i] + (r[i + b] << b) <= max) {
                r[i] = (int8_t)(r[i] + (r[i + b] << b));
                r[i + b] = 0;
            } else if (r[i] - (r[i + b] << b) >= -max) {
                r[i] = (int8_t)(r[i] - (r[i + b] << b));
                for (int k = i + b; k < n; k++) {
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

/* double_mul sets r = a P + b B (Straus: one chain of doublings, a's
 * width-5 NAF over 1, 3, ..., 15 P, b's width-7 one over the table of
 * odd multiples of B).  Variable-time (public a, b and P). */
static void double_mul(ed_pt *r, const uint32_t a[SC_WORDS], const ed_pt *p,
                       const uint32_t b[SC_WORDS])
{
    ed_pt tab[8], p2, neg;
    ed_aff negb;
    int8_t ra[448], rb[448];
    int top = 447;

    table_ready();
    tab[0] = *p;
    pt_dbl(&p2, p, 1);
    for (int m = 1; m < 8; m++)
        pt_add(&tab[m], &tab[m - 1], &p2);
    slide(ra, a, 5, 15, 448);
    slide(rb, b, 7, 63, 448);
    while (top >= 0 && ra[top] == 0 && rb[top] == 0)
        top--;
    pt_identity(r);
    for (int i = top; i >= 0; i--) {
        pt_dbl(r, r, ra[i] != 0 || rb[i] != 0); /* t only for an addition */
        if (ra[i] > 0) {
            pt_add(r, r, &tab[ra[i] / 2]);
        } else if (ra[i] < 0) {
            neg = tab[-ra[i] / 2];
            f448_neg(&neg.x, &neg.x);
            f448_neg(&neg.t, &neg.t);
            pt_add(r, r, &neg);
        }
        if (rb[i] > 0) {
            pt_add_aff(r, r, &ed448_base_odd[rb[i] / 2]);
        } else if (rb[i] < 0) {
            negb = ed448_base_odd[-rb[i] / 2];
            f448_neg(&negb.x, &negb.x);
            f448_neg(&negb.k, &negb.k);
            pt_add_aff(r, r, &negb);
        }
    }
}

/* ---- Halving the doublings (Pornin, "Optimized Lattice Basis Reduction
 * In Dimension 2, and Fast Schnorr and EdDSA Signature Verification",
 * 2020) ---- */

#define LW 7 /* 448-bit integers in 64-bit limbs; t in two's complement */

static int lat_bits(const uint64_t a[LW])
{
    for (int i = LW - 1; i >= 0; i--)
        if (a[i] != 0)
            return 64 * i + 64 - __builtin_clzll(a[i]);
    return 0;
}

/* lat_shl_limb returns limb i of a << s. */
static uint64_t lat_shl_limb(const uint64_t a[LW], int i, int s)
{
    int q = s >> 6, b = s & 63;
    uint64_t lo = i - q >= 0 ? a[i - q] : 0, below = i - q - 1 >= 0 ? a[i - q - 1] : 0;
    return b == 0 ? lo : (lo << b) | (below >> (64 - b));
}

/* lat_cmp_shl returns the sign of a - (b << s), both below 2^448. */
static int lat_cmp_shl(const uint64_t a[LW], const uint64_t b[LW], int s)
{
    for (int i = LW - 1; i >= 0; i--) {
        uint64_t y = lat_shl_limb(b, i, s);
        if (a[i] != y)
            return a[i] < y ? -1 : 1;
    }
    return 0;
}

/* lat_sub_shl sets a -= b << s, modulo 2^448. */
static void lat_sub_shl(uint64_t a[LW], const uint64_t b[LW], int s)
{
    uint64_t borrow = 0;
    for (int i = 0; i < LW; i++) {
        uint64_t y = lat_shl_limb(b, i, s), d = a[i] - y - borrow;
        borrow = (a[i] < y) | ((a[i] == y) & borrow);
        a[i] = d;
    }
}

/* lat_divide sets r0 = r0 mod r1 (r1 nonzero) and t0 -= q t1 along, q
 * the quotient, a bit at a time. */
static void lat_divide(uint64_t r0[LW], uint64_t t0[LW], const uint64_t r1[LW],
                       const uint64_t t1[LW])
{
    int n0 = lat_bits(r0), n1 = lat_bits(r1);
    while (n0 >= n1) {
        int sh = n0 - n1;
        if (lat_cmp_shl(r0, r1, sh) < 0) {
            if (sh == 0)
                break;
            sh--;
        }
        lat_sub_shl(r0, r1, sh);
        lat_sub_shl(t0, t1, sh);
        n0 = lat_bits(r0);
    }
}

static void lat_swap(uint64_t a[LW], uint64_t b[LW])
{
    for (int i = 0; i < LW; i++) {
        uint64_t x = a[i];
        a[i] = b[i];
        b[i] = x;
    }
}

/* lattice finds r >= 0 and odd t with r = t k mod 4L, both near 2^224,
 * by the extended Euclidean algorithm on 4L and k stopped at the first
 * remainder below 2^224 (then |t| <= 4L / the previous remainder, below
 * 2^224), or one step further when that t is even.  It writes r and |t|
 * as scalars and returns t's sign (1 negative, 0 positive), or -1 when
 * the step further leaves t above 2^240 (rare; the caller takes the
 * long way).  4L rather than L so that r A = t k A for every point A,
 * small-order components included; t odd so that t P = 0 only for
 * P = 0.  Variable-time: k is public. */
static int lattice(uint32_t r[SC_WORDS], uint32_t t[SC_WORDS], const uint32_t k[SC_WORDS])
{
    uint64_t r0[LW], r1[LW], t0[LW] = {0}, t1[LW] = {1};
    uint32_t carry = 0;

    for (int i = 0; i < LW; i++) {
        /* 4L = 2^448 - 4c: its low words are 4 L's, without the top bits */
        uint64_t lo = ((uint64_t)sc_l[2 * i] << 2) | carry;
        carry = sc_l[2 * i] >> 30;
        uint64_t hi = ((uint64_t)sc_l[2 * i + 1] << 2) | carry;
        carry = sc_l[2 * i + 1] >> 30;
        r0[i] = (lo & 0xffffffff) | (hi << 32);
        r1[i] = k[2 * i] | ((uint64_t)k[2 * i + 1] << 32);
    }
    while (lat_bits(r1) > 224) {
        lat_divide(r0, t0, r1, t1);
        lat_swap(r0, r1);
        lat_swap(t0, t1);
    }
    if ((t1[0] & 1) == 0) {
        if (lat_bits(r1) == 0)
            return -1;
        lat_divide(r0, t0, r1, t1);
        lat_swap(r0, r1);
        lat_swap(t0, t1);
    }
    int neg = (int)(t1[LW - 1] >> 63);
    if (neg) {
        uint64_t z[LW] = {0};
        lat_sub_shl(z, t1, 0);
        memcpy(t1, z, sizeof(z));
    }
    if (lat_bits(t1) > 240)
        return -1;
    for (int i = 0; i < LW; i++) {
        r[2 * i] = (uint32_t)r1[i];
        r[2 * i + 1] = (uint32_t)(r1[i] >> 32);
        t[2 * i] = (uint32_t)t1[i];
        t[2 * i + 1] = (uint32_t)(t1[i] >> 32);
    }
    return neg;
}

/* odd_table sets tab to p, 3 p, ..., 15 p. */
static void odd_table(ed_pt tab[8], const ed_pt *p)
{
    ed_pt p2;
    tab[0] = *p;
    pt_dbl(&p2, p, 1);
    for (int m = 1; m < 8; m++)
        pt_add(&tab[m], &tab[m - 1], &p2);
}

static void add_digit(ed_pt *r, const ed_pt tab[8], int digit)
{
    if (digit > 0) {
        pt_add(r, r, &tab[digit / 2]);
    } else if (digit < 0) {
        ed_pt neg = tab[-digit / 2];
        f448_neg(&neg.x, &neg.x);
        f448_neg(&neg.t, &neg.t);
        pt_add(r, r, &neg);
    }
}

static void add_digit_aff(ed_pt *r, const ed_aff tab[BASE_ODD], int digit)
{
    if (digit > 0) {
        pt_add_aff(r, r, &tab[digit / 2]);
    } else if (digit < 0) {
        ed_aff neg = tab[-digit / 2];
        f448_neg(&neg.x, &neg.x);
        f448_neg(&neg.k, &neg.k);
        pt_add_aff(r, r, &neg);
    }
}

/* quad_mul sets r = a P + c Q + b B for a, c and b below 2^240 and 2^446:
 * b = b0 + 2^224 b1 over the tables of B and 2^224 B, so that the chain of
 * doublings is half as long as double_mul's.  Variable-time. */
static void quad_mul(ed_pt *r, const uint32_t a[SC_WORDS], const ed_pt *p,
                     const uint32_t c[SC_WORDS], const ed_pt *q, const uint32_t b[SC_WORDS])
{
    ed_pt tp[8], tq[8];
    uint32_t b0[SC_WORDS] = {0}, b1[SC_WORDS] = {0};
    int8_t ra[448], rc[448], rb0[448], rb1[448];
    int top = 447;

    table_ready();
    for (int i = 0; i < 7; i++) {
        b0[i] = b[i];
        b1[i] = b[i + 7];
    }
    odd_table(tp, p);
    odd_table(tq, q);
    slide(ra, a, 5, 15, 256); /* the scalars end below 2^241 */
    slide(rc, c, 5, 15, 256);
    slide(rb0, b0, 7, 63, 256);
    slide(rb1, b1, 7, 63, 256);
    while (top >= 0 && ra[top] == 0 && rc[top] == 0 && rb0[top] == 0 && rb1[top] == 0)
        top--;
    pt_identity(r);
    for (int i = top; i >= 0; i--) {
        pt_dbl(r, r, ra[i] != 0 || rc[i] != 0 || rb0[i] != 0 || rb1[i] != 0);
        add_digit(r, tp, ra[i]);
        add_digit(r, tq, rc[i]);
        add_digit_aff(r, ed448_base_odd, rb0[i]);
        add_digit_aff(r, ed448_base224_odd, rb1[i]);
    }
}

/* check_quad returns 0 when S B = R + k A, checked as |t| S B -
 * sgn(t) r A - |t| R = 0 for lattice's r and t; 1 when it does not hold,
 * -1 when lattice gives up.  R is decoded (a square root, as many as the
 * inversion it replaces: the identity needs none). */
static int check_quad(const uint32_t s[SC_WORDS], const uint32_t k[SC_WORDS], const ed_pt *a,
                      const uint8_t renc[57])
{
    uint32_t r[SC_WORDS], t[SC_WORDS], u[SC_WORDS], zero[SC_WORDS] = {0};
    ed_pt pa = *a, pr, q;
    int neg = lattice(r, t, k);

    if (neg < 0)
        return -1;
    if (pt_decode(&pr, renc) != 0)
        return 1;
    /* u = |t| S mod L; minus sgn(t) r A and minus |t| R */
    sc_muladd(u, zero, t, s);
    if (!neg) {
        f448_neg(&pa.x, &pa.x);
        f448_neg(&pa.t, &pa.t);
    }
    f448_neg(&pr.x, &pr.x);
    f448_neg(&pr.t, &pr.t);
    quad_mul(&q, r, &pa, t, &pr, u);
    f448 d;
    f448_sub(&d, &q.y, &q.z);
    return f448_iszero(&q.x) && f448_iszero(&d) ? 0 : 1;
}

/* verify_dom checks sig on msg (the message, or Ed448ph's hash of it)
 * under dom4(phflag, ctx) (RFC 8032 section 5.2.7); its arguments are
 * checked. */
static int verify_dom(const uint8_t sig[114], int phflag, const uint8_t *msg, size_t msg_len,
                      const uint8_t *ctx, size_t ctx_len, const uint8_t pub[57])
{
    uint32_t s[SC_WORDS], k[SC_WORDS];
    uint8_t h[114], enc[57];
    brisk_shake256_ctx hc;
    ed_pt a, r;

    /* S below L (its 57th byte zero first), A and R valid encodings */
    if (sig[113] != 0)
        return BRISK_EVERIFY;
    for (int i = 0; i < SC_WORDS; i++)
        s[i] = load32_le(sig + 57 + 4 * i);
    int below = 0;
    for (int i = SC_WORDS - 1; i >= 0; i--) {
        if (s[i] != sc_l[i]) {
            below = s[i] < sc_l[i];
            break;
        }
    }
    /* R is not decoded: S B - k A is encoded and compared with R's bytes,
     * and an encoding that is not canonical, or not of a point, equals
     * none that pt_encode writes: the RFC's checks on R, one square root
     * fewer. */
    if (!below || pt_decode(&a, pub) != 0)
        return BRISK_EVERIFY;
    hash_start(&hc, phflag, ctx, ctx_len);
    brisk_shake256_absorb(&hc, sig, 57);
    brisk_shake256_absorb(&hc, pub, 57);
    brisk_shake256_absorb(&hc, msg, msg_len);
    brisk_shake256_squeeze(&hc, h, sizeof(h));
    sc_from_bytes(k, h, sizeof(h));
    int quad = check_quad(s, k, &a, sig);
    if (quad >= 0)
        return quad == 0 ? BRISK_EOK : BRISK_EVERIFY;
    /* S B - k A, encoded, must be R's encoding: equal points. */
    f448_neg(&a.x, &a.x);
    f448_neg(&a.t, &a.t);
    double_mul(&r, k, &a, s);
    pt_encode(enc, &r);
    return memcmp(enc, sig, 57) == 0 ? BRISK_EOK : BRISK_EVERIFY;
}

int brisk_ed448_verify(const uint8_t sig[114], const uint8_t *msg, size_t msg_len,
                       const uint8_t *ctx, size_t ctx_len, const uint8_t pub[57])
{
    if (sig == NULL || pub == NULL || bad_args(msg, msg_len, ctx, ctx_len))
        return BRISK_EINVAL;
    return verify_dom(sig, 0, msg, msg_len, ctx, ctx_len, pub);
}

int brisk_ed448ph_verify(const uint8_t sig[114], const uint8_t *msg, size_t msg_len,
                         const uint8_t *ctx, size_t ctx_len, const uint8_t pub[57])
{
    uint8_t ph[64];

    if (msg == NULL && msg_len > 0)
        return BRISK_EINVAL;
    brisk_shake256(ph, sizeof(ph), msg, msg_len);
    return brisk_ed448ph_verify_digest(sig, ph, sizeof(ph), ctx, ctx_len, pub);
}

int brisk_ed448ph_verify_digest(const uint8_t sig[114], const uint8_t *digest, size_t digest_len,
                                const uint8_t *ctx, size_t ctx_len, const uint8_t pub[57])
{
    if (sig == NULL || pub == NULL || digest == NULL || digest_len != 64 ||
        bad_args(digest, digest_len, ctx, ctx_len))
        return BRISK_EINVAL;
    return verify_dom(sig, 1, digest, digest_len, ctx, ctx_len, pub);
}
