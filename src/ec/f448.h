/*
 * src/ec/f448.h - arithmetic in GF(p), p = 2^448 - 2^224 - 1 (the
 * "Goldilocks" prime of X448 and Ed448, RFC 7748 and RFC 8032), shared by
 * src/ec/x448.c and src/ec/ed448.c.  A second private header beside
 * internal.h because both files inline every operation: the calls would
 * cost a tenth of a multiplication each.
 *
 * Radix 2^56 in eight 64-bit limbs with unsigned __int128 products where
 * the compiler has them, else radix 2^28 in sixteen 32-bit limbs with
 * 64-bit products (i686), chosen when compiling (BRISK_F448_RADIX28 forces
 * the second, for testing it on a 64-bit host).  The multiplication is
 * one level of Karatsuba on the halves at phi = 2^224, which the prime
 * makes free: phi^2 = phi + 1 mod p (Hamburg's Ed448-Goldilocks).  Bytes
 * are read and written one at a time, so the code is endian-neutral.
 *
 * Bounds: every function leaves limbs below 2^radix plus a few bits
 * ("weakly reduced"); every function accepts weakly reduced inputs.  The
 * _mulin sums and differences are the exception, left uncarried (limbs
 * below 2^58) for f448_mul, f448_sqr and f448_mul_small alone to read.
 * Column sums stay below 2^120 (radix 2^56) and 2^63 (radix 2^28).
 * The loops over limbs are unrolled (GCC's unroll pragma, which clang
 * also takes): left to itself gcc 12 keeps the multiplication's inner
 * loops, a quarter slower.  src/ec/x448_bmi2.c repeats f448_mul and
 * f448_sqr in mulx assembly with the same sums and the same limbs out
 * (scripts/gen-x448-bmi2.py): a change to their formula or bounds goes
 * there too.
 *
 * Constant-time: yes.  No branch or index depends on a value; the one
 * canonical reduction (f448_tobytes) is arithmetic, and the inversion runs
 * safegcd.c's constant-time division steps or a fixed chain.
 */
#ifndef BRISK_EC_F448_H
#define BRISK_EC_F448_H

#include "internal.h"

#if defined(__SIZEOF_INT128__) && !defined(BRISK_F448_RADIX28)
#define F448_NL 8
#define F448_RADIX 56
#define F448_IMPL "c64"
typedef uint64_t f448_limb;
typedef unsigned __int128 f448_wide;
typedef __int128 f448_swide;
#else
#define F448_NL 16
#define F448_RADIX 28
#define F448_IMPL "c32"
typedef uint32_t f448_limb;
typedef uint64_t f448_wide;
typedef int64_t f448_swide;
#endif
#define F448_HALF (F448_NL / 2)
#define F448_MASK ((((f448_limb)1) << F448_RADIX) - 1)

/* A field element; a struct so that it can be assigned. */
typedef struct f448 {
    f448_limb v[F448_NL];
} f448;

/* p's limbs: all ones in every limb but the one at 2^224, which is one less. */
static inline f448_limb f448_p_limb(int i)
{
    return F448_MASK - (i == F448_HALF);
}

static inline void f448_set_small(f448 *r, f448_limb w)
{
    for (int i = 0; i < F448_NL; i++)
        r->v[i] = 0;
    r->v[0] = w;
}

/* f448_weak carries every limb into the next, the top one to 2^0 and
 * 2^224 (2^448 = 2^224 + 1 mod p). */
static inline void f448_weak(f448 *a)
{
    f448_limb top = a->v[F448_NL - 1] >> F448_RADIX;
    a->v[F448_HALF] += top;
    for (int i = F448_NL - 1; i > 0; i--)
        a->v[i] = (a->v[i] & F448_MASK) + (a->v[i - 1] >> F448_RADIX);
    a->v[0] = (a->v[0] & F448_MASK) + top;
}

static inline void f448_add(f448 *r, const f448 *a, const f448 *b)
{
    for (int i = 0; i < F448_NL; i++)
        r->v[i] = a->v[i] + b->v[i];
    f448_weak(r);
}

/* f448_add_mulin sets r = a + b for a sum that only f448_mul or
 * f448_sqr will read: in radix 2^56 left unreduced (limbs below 2^58,
 * column sums still below 2^122), in radix 2^28 reduced as f448_add
 * (there the columns have no room). */
static inline void f448_add_mulin(f448 *r, const f448 *a, const f448 *b)
{
#if F448_RADIX == 56
    for (int i = 0; i < F448_NL; i++)
        r->v[i] = a->v[i] + b->v[i];
#else
    f448_add(r, a, b);
#endif
}

/* f448_sub sets r = a - b + 2p, positive for weakly reduced b. */
static inline void f448_sub(f448 *r, const f448 *a, const f448 *b)
{
    for (int i = 0; i < F448_NL; i++)
        r->v[i] = a->v[i] + 2 * f448_p_limb(i) - b->v[i];
    f448_weak(r);
}

/* f448_sub_mulin sets r = a - b + 2p for a difference that only f448_mul
 * or f448_sqr will read: in radix 2^56 left uncarried (limbs below 2^58,
 * as f448_add_mulin's), in radix 2^28 carried as f448_sub. */
static inline void f448_sub_mulin(f448 *r, const f448 *a, const f448 *b)
{
#if F448_RADIX == 56
    for (int i = 0; i < F448_NL; i++)
        r->v[i] = a->v[i] + 2 * f448_p_limb(i) - b->v[i];
#else
    f448_sub(r, a, b);
#endif
}

static inline void f448_neg(f448 *r, const f448 *a)
{
    f448 z;
    f448_set_small(&z, 0);
    f448_sub(r, &z, a);
}

/* f448_fold finishes a product: lo carries into 2^224, hi is the
 * coefficient of 2^448 = 2^224 + 1. */
static inline void f448_fold(f448 *r, f448 *c, f448_wide lo, f448_wide hi)
{
    f448_wide t = (f448_wide)c->v[F448_HALF] + lo + hi;
    c->v[F448_HALF] = (f448_limb)t & F448_MASK;
    c->v[F448_HALF + 1] += (f448_limb)(t >> F448_RADIX);
    t = (f448_wide)c->v[0] + hi;
    c->v[0] = (f448_limb)t & F448_MASK;
    c->v[1] += (f448_limb)(t >> F448_RADIX);
    *r = *c;
}

/* f448_mul sets r = a b.  With a = a0 + a1 phi, b = b0 + b1 phi and
 * k = (a0 + a1)(b0 + b1): a b = (a0 b0 + a1 b1) + (k - a0 b0) phi mod p,
 * and each half-product's upper columns fold once more the same way. */
static inline void f448_mul(f448 *r, const f448 *a, const f448 *b)
{
    enum { H = F448_HALF };
    f448_limb aa[H], bb[H];
    f448_wide lo = 0, hi = 0;
    f448 c;

    for (int i = 0; i < H; i++) {
        aa[i] = a->v[i] + a->v[i + H];
        bb[i] = b->v[i] + b->v[i + H];
    }
#pragma GCC unroll 8
    for (int i = 0; i < H; i++) {
        /* z: column i of a0 b0, a1 b1, k; y: their column i + H. */
        f448_wide z0 = 0, z1 = 0, z2 = 0, y0 = 0, y1 = 0, y2 = 0;
#pragma GCC unroll 8
        for (int j = 0; j <= i; j++) {
            z0 += (f448_wide)a->v[j] * b->v[i - j];
            z1 += (f448_wide)a->v[j + H] * b->v[i - j + H];
            z2 += (f448_wide)aa[j] * bb[i - j];
        }
#pragma GCC unroll 8
        for (int j = i + 1; j < H; j++) {
            y0 += (f448_wide)a->v[j] * b->v[i + H - j];
            y1 += (f448_wide)a->v[j + H] * b->v[i + 2 * H - j];
            y2 += (f448_wide)aa[j] * bb[i + H - j];
        }
        /* k's columns dominate a0 b0's, so the differences are positive. */
        lo += z0 + z1 + y2 - y0;
        hi += z2 - z0 + y2 + y1;
        c.v[i] = (f448_limb)lo & F448_MASK;
        c.v[i + H] = (f448_limb)hi & F448_MASK;
        lo >>= F448_RADIX;
        hi >>= F448_RADIX;
    }
    f448_fold(r, &c, lo, hi);
}

/* f448_sqr_col returns column c of the square of the half x, given
 * x2 = 2 x: each product of two different limbs once, on a doubled limb,
 * then the square. */
static inline f448_wide f448_sqr_col(const f448_limb *x, const f448_limb *x2, int c)
{
    f448_wide s = 0;
#pragma GCC unroll 8
    for (int j = c < F448_HALF ? 0 : c - F448_HALF + 1; j < c - j; j++)
        s += (f448_wide)x2[j] * x[c - j];
    if ((c & 1) == 0)
        s += (f448_wide)x[c / 2] * x[c / 2];
    return s;
}

/* f448_sqr sets r = a^2: f448_mul's formula with b = a, each half-square
 * taking its off-diagonal products once. */
static inline void f448_sqr(f448 *r, const f448 *a)
{
    enum { H = F448_HALF };
    f448_limb aa[H], d0[H], d1[H], d2[H];
    f448_wide lo = 0, hi = 0;
    f448 c;

    for (int i = 0; i < H; i++) {
        aa[i] = a->v[i] + a->v[i + H];
        d0[i] = 2 * a->v[i];
        d1[i] = 2 * a->v[i + H];
        d2[i] = 2 * aa[i];
    }
#pragma GCC unroll 8
    for (int i = 0; i < H; i++) {
        f448_wide z0 = f448_sqr_col(a->v, d0, i), z1 = f448_sqr_col(a->v + H, d1, i),
                  z2 = f448_sqr_col(aa, d2, i);
        f448_wide y0 = 0, y1 = 0, y2 = 0;
        if (i < H - 1) {
            y0 = f448_sqr_col(a->v, d0, i + H);
            y1 = f448_sqr_col(a->v + H, d1, i + H);
            y2 = f448_sqr_col(aa, d2, i + H);
        }
        lo += z0 + z1 + y2 - y0;
        hi += z2 - z0 + y2 + y1;
        c.v[i] = (f448_limb)lo & F448_MASK;
        c.v[i + H] = (f448_limb)hi & F448_MASK;
        lo >>= F448_RADIX;
        hi >>= F448_RADIX;
    }
    f448_fold(r, &c, lo, hi);
}

/* f448_mul_small sets r = a w for w below 2^17; a may be a _mulin result.
 * The eight products are split and added to their neighbours, not carried
 * one into the next: no chain of dependent additions (radix 2^56: the
 * ladder a percent faster). */
static inline void f448_mul_small(f448 *r, const f448 *a, f448_limb w)
{
    f448_limb lo[F448_NL], hi[F448_NL];
    for (int i = 0; i < F448_NL; i++) {
        f448_wide p = (f448_wide)a->v[i] * w;
        lo[i] = (f448_limb)p & F448_MASK;
        hi[i] = (f448_limb)(p >> F448_RADIX);
    }
    for (int i = 1; i < F448_NL; i++)
        r->v[i] = lo[i] + hi[i - 1];
    r->v[0] = lo[0] + hi[F448_NL - 1];
    r->v[F448_HALF] += hi[F448_NL - 1];
}

/* f448_cswap swaps a and b when bit is 1, with a mask. */
static inline void f448_cswap(f448 *a, f448 *b, f448_limb bit)
{
    f448_limb m = (f448_limb)ct_mask64(bit);
    for (int i = 0; i < F448_NL; i++) {
        f448_limb x = m & (a->v[i] ^ b->v[i]);
        a->v[i] ^= x;
        b->v[i] ^= x;
    }
}

/* f448_cmov sets r = a when bit is 1, with a mask. */
static inline void f448_cmov(f448 *r, const f448 *a, f448_limb bit)
{
    f448_limb m = (f448_limb)ct_mask64(bit);
    for (int i = 0; i < F448_NL; i++)
        r->v[i] ^= m & (r->v[i] ^ a->v[i]);
}

/* f448_frombytes reads 56 little-endian bytes: any value below 2^448,
 * p and above included (they are equivalent to their residues). */
static inline void f448_frombytes(f448 *r, const uint8_t s[56])
{
    uint64_t acc = 0;
    int bits = 0, j = 0;
    for (int i = 0; i < 56; i++) {
        acc |= (uint64_t)s[i] << bits;
        bits += 8;
        if (bits >= F448_RADIX) {
            r->v[j++] = (f448_limb)acc & F448_MASK;
            acc >>= F448_RADIX;
            bits -= F448_RADIX;
        }
    }
}

/* f448_tobytes writes a's residue below p as 56 little-endian bytes. */
static inline void f448_tobytes(uint8_t s[56], const f448 *a)
{
    f448 h = *a;
    f448_swide borrow = 0;
    f448_wide carry = 0;

    f448_weak(&h);
    f448_weak(&h);
    /* h < 2p: subtract p; add it back when that went negative. */
    for (int i = 0; i < F448_NL; i++) {
        borrow += (f448_swide)h.v[i] - (f448_swide)f448_p_limb(i);
        h.v[i] = (f448_limb)borrow & F448_MASK;
        borrow >>= F448_RADIX; /* arithmetic: 0 or -1 at the end */
    }
    f448_limb m = (f448_limb)ct_barrier64((uint64_t)(f448_limb)borrow);
    for (int i = 0; i < F448_NL; i++) {
        carry += (f448_wide)h.v[i] + (m & f448_p_limb(i));
        h.v[i] = (f448_limb)carry & F448_MASK;
        carry >>= F448_RADIX;
    }
    uint64_t acc = 0;
    int bits = 0, j = 0;
    for (int i = 0; i < F448_NL; i++) {
        acc |= (uint64_t)h.v[i] << bits;
        bits += F448_RADIX;
        while (bits >= 8) {
            s[j++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
}

/* f448_iszero returns 1 when a = 0 mod p, else 0. */
static inline uint32_t f448_iszero(const f448 *a)
{
    uint8_t s[56];
    uint32_t acc = 0;
    f448_tobytes(s, a);
    for (int i = 0; i < 56; i++)
        acc |= s[i];
    return (acc - 1) >> 31;
}

/* f448_parity returns the low bit of a's residue ("negative" in RFC 8032). */
static inline uint32_t f448_parity(const f448 *a)
{
    uint8_t s[56];
    f448_tobytes(s, a);
    return s[0] & 1;
}

static inline void f448_sqr_n(f448 *r, const f448 *a, int n)
{
    f448_sqr(r, a);
    while (--n > 0)
        f448_sqr(r, r);
}

/* f448_pow_p34 sets r = a^((p - 3) / 4) = a^(2^446 - 2^222 - 1): 223 ones,
 * a zero, 222 ones.  448 squarings and 11 multiplications. */
static inline void f448_pow_p34(f448 *r, const f448 *a)
{
    f448 e2, e3, e6, e12, e15, e24, e48, e96, e111, e222, t;

    f448_sqr(&t, a);
    f448_mul(&e2, &t, a);          /* 2^2 - 1 */
    f448_sqr(&t, &e2);
    f448_mul(&e3, &t, a);          /* 2^3 - 1 */
    f448_sqr_n(&t, &e3, 3);
    f448_mul(&e6, &t, &e3);        /* 2^6 - 1 */
    f448_sqr_n(&t, &e6, 6);
    f448_mul(&e12, &t, &e6);       /* 2^12 - 1 */
    f448_sqr_n(&t, &e12, 3);
    f448_mul(&e15, &t, &e3);       /* 2^15 - 1 */
    f448_sqr_n(&t, &e12, 12);
    f448_mul(&e24, &t, &e12);      /* 2^24 - 1 */
    f448_sqr_n(&t, &e24, 24);
    f448_mul(&e48, &t, &e24);      /* 2^48 - 1 */
    f448_sqr_n(&t, &e48, 48);
    f448_mul(&e96, &t, &e48);      /* 2^96 - 1 */
    f448_sqr_n(&t, &e96, 15);
    f448_mul(&e111, &t, &e15);     /* 2^111 - 1 */
    f448_sqr_n(&t, &e111, 111);
    f448_mul(&e222, &t, &e111);    /* 2^222 - 1 */
    f448_sqr(&t, &e222);
    f448_mul(&t, &t, a);           /* 2^223 - 1 */
    f448_sqr_n(&t, &t, 223);       /* 2^446 - 2^223 */
    f448_mul(r, &t, &e222);        /* 2^446 - 2^222 - 1 */
}

#ifdef BRISK_EC_SAFEGCD

/* f448_invert sets r = 1 / a (0 for a = 0) by src/ec/safegcd.c's division
 * steps on a's residue in seven 64-bit words.  Against Fermat's 450
 * squarings and 12 multiplications (the branch below, for i686) they took
 * an Ed448 signature from 106k to 82.5k TSC cycles and the bmi2 X448 from
 * 230k to 221k on the Zen 5 of docs/performance.md (family 26 model 2). */
static inline void f448_invert(f448 *r, const f448 *a)
{
    static const uint64_t p448[7] = {
        0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu, 0xfffffffeffffffffu,
        0xffffffffffffffffu, 0xffffffffffffffffu, 0xffffffffffffffffu};
    uint8_t s[56];

    f448_tobytes(s, a); /* below p, as brisk_ec_modinv_le asks */
    brisk_ec_modinv_le(s, p448, 7, 448);
    f448_frombytes(r, s);
    brisk_wipe(s, sizeof(s));
}

#else

/* f448_invert sets r = a^(p - 2) = 1 / a (0 for a = 0):
 * p - 2 = 4 (p - 3) / 4 + 1. */
static inline void f448_invert(f448 *r, const f448 *a)
{
    f448 t;
    f448_pow_p34(&t, a);
    f448_sqr_n(&t, &t, 2);
    f448_mul(r, &t, a);
}

#endif

#endif
