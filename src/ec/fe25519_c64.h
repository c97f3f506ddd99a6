/*
 * src/ec/fe25519_c64.h - arithmetic in GF(2^255 - 19) in radix 2^51: five
 * 64-bit limbs, products in the compiler's unsigned __int128, the bits
 * above 2^255 folded back times 19 (Bernstein's curve25519-donna-c64
 * technique).  Shared by X25519's ladder (x25519_c64.c) and Ed25519's
 * group arithmetic (ed25519_c64.c); only where the compiler has __int128.
 *
 * Bounds: fe_mul and fe_sqr accept limbs below 2^54 and leave them below
 * 2^51 + 2^15; fe_add of two such values stays below 2^53; fe_sub (a + 2p
 * - b) wants b below 2^52, fe_sub_loose (a + 4p - b) b below 2^53.
 *
 * Constant-time: yes; no branch or address depends on a limb's value.
 */
#ifndef BRISK_EC_FE25519_C64_H
#define BRISK_EC_FE25519_C64_H

#include "internal.h"

#ifdef BRISK_X25519_C64

typedef unsigned __int128 u128;
typedef uint64_t fe[5];

#define MASK51 (((uint64_t)1 << 51) - 1)

static inline void fe_copy(fe r, const fe a)
{
    for (int i = 0; i < 5; i++)
        r[i] = a[i];
}

static inline void fe_add(fe r, const fe a, const fe b)
{
    for (int i = 0; i < 5; i++)
        r[i] = a[i] + b[i];
}

/* fe_sub sets r = a - b + 2p, which stays positive for b below 2^52. */
static inline void fe_sub(fe r, const fe a, const fe b)
{
    r[0] = a[0] + 0xfffffffffffdaULL - b[0];
    for (int i = 1; i < 5; i++)
        r[i] = a[i] + 0xffffffffffffeULL - b[i];
}

/* fe_sub_loose sets r = a - b + 4p, for b up to twice fe_add's bound. */
static inline void fe_sub_loose(fe r, const fe a, const fe b)
{
    r[0] = a[0] + 0x1fffffffffffb4ULL - b[0];
    for (int i = 1; i < 5; i++)
        r[i] = a[i] + 0x1ffffffffffffcULL - b[i];
}

/* fe_carry reduces the 128-bit column sums t into r, limbs below 2^51 + 2^15. */
static inline void fe_carry(fe r, u128 t[5])
{
    t[1] += (uint64_t)(t[0] >> 51);
    t[2] += (uint64_t)(t[1] >> 51);
    t[3] += (uint64_t)(t[2] >> 51);
    t[4] += (uint64_t)(t[3] >> 51);
    uint64_t r0 = ((uint64_t)t[0] & MASK51) + 19 * (uint64_t)(t[4] >> 51);
    r[1] = ((uint64_t)t[1] & MASK51) + (r0 >> 51);
    r[0] = r0 & MASK51;
    r[2] = (uint64_t)t[2] & MASK51;
    r[3] = (uint64_t)t[3] & MASK51;
    r[4] = (uint64_t)t[4] & MASK51;
}

static inline void fe_mul(fe r, const fe a, const fe b)
{
    uint64_t b1 = 19 * b[1], b2 = 19 * b[2], b3 = 19 * b[3], b4 = 19 * b[4];
    u128 t[5];

    t[0] = (u128)a[0] * b[0] + (u128)a[1] * b4 + (u128)a[2] * b3 + (u128)a[3] * b2 +
           (u128)a[4] * b1;
    t[1] = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * b4 + (u128)a[3] * b3 +
           (u128)a[4] * b2;
    t[2] = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0] + (u128)a[3] * b4 +
           (u128)a[4] * b3;
    t[3] = (u128)a[0] * b[3] + (u128)a[1] * b[2] + (u128)a[2] * b[1] + (u128)a[3] * b[0] +
           (u128)a[4] * b4;
    t[4] = (u128)a[0] * b[4] + (u128)a[1] * b[3] + (u128)a[2] * b[2] + (u128)a[3] * b[1] +
           (u128)a[4] * b[0];
    fe_carry(r, t);
}

static inline void fe_sqr(fe r, const fe a)
{
    uint64_t d0 = 2 * a[0], d1 = 2 * a[1], d3_19 = 38 * a[3], a4_19 = 19 * a[4],
             d4_19 = 38 * a[4];
    u128 t[5];

    t[0] = (u128)a[0] * a[0] + (u128)d1 * a4_19 + (u128)a[2] * d3_19;
    t[1] = (u128)d0 * a[1] + (u128)a[2] * d4_19 + (u128)a[3] * (19 * a[3]);
    t[2] = (u128)d0 * a[2] + (u128)a[1] * a[1] + (u128)a[3] * d4_19;
    t[3] = (u128)d0 * a[3] + (u128)d1 * a[2] + (u128)a[4] * a4_19;
    t[4] = (u128)d0 * a[4] + (u128)d1 * a[3] + (u128)a[2] * a[2];
    fe_carry(r, t);
}

/* fe_mul121665 sets r = a (A + 2) / 4 = 121665 a. */
static inline void fe_mul121665(fe r, const fe a)
{
    u128 t[5];
    for (int i = 0; i < 5; i++)
        t[i] = (u128)a[i] * 121665;
    fe_carry(r, t);
}

/* fe_cswap swaps a and b when bit is 1, with a mask. */
static inline void fe_cswap(fe a, fe b, uint64_t bit)
{
    uint64_t m = ct_mask64(bit);
    for (int i = 0; i < 5; i++) {
        uint64_t x = m & (a[i] ^ b[i]);
        a[i] ^= x;
        b[i] ^= x;
    }
}

/* fe_cmov sets r = a when bit is 1 and leaves it when 0, with a mask. */
static inline void fe_cmov(fe r, const fe a, uint64_t bit)
{
    uint64_t m = ct_mask64(bit);
    for (int i = 0; i < 5; i++)
        r[i] ^= m & (r[i] ^ a[i]);
}

static inline void fe_frombytes(fe r, const uint8_t s[32])
{
    uint64_t w0 = load64_le(s), w1 = load64_le(s + 8), w2 = load64_le(s + 16),
             w3 = load64_le(s + 24);
    r[0] = w0 & MASK51;
    r[1] = (w0 >> 51 | w1 << 13) & MASK51;
    r[2] = (w1 >> 38 | w2 << 26) & MASK51;
    r[3] = (w2 >> 25 | w3 << 39) & MASK51;
    r[4] = (w3 >> 12) & MASK51; /* drops bit 255, as RFC 7748 asks */
}

/* fe_tobytes writes a fully reduced, below p. */
static inline void fe_tobytes(uint8_t s[32], const fe a)
{
    uint64_t h[5], c;

    fe_copy(h, a);
    /* Two carry passes leave every limb below 2^51: h < 2^255 = p + 19. */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 4; i++) {
            h[i + 1] += h[i] >> 51;
            h[i] &= MASK51;
        }
        h[0] += 19 * (h[4] >> 51);
        h[4] &= MASK51;
    }
    /* q = 1 exactly when h >= p, that is when h + 19 reaches 2^255. */
    c = (h[0] + 19) >> 51;
    for (int i = 1; i < 5; i++)
        c = (h[i] + c) >> 51;
    h[0] += 19 * c;
    for (int i = 0; i < 4; i++) {
        h[i + 1] += h[i] >> 51;
        h[i] &= MASK51;
    }
    h[4] &= MASK51;
    store64_le(s, h[0] | h[1] << 51);
    store64_le(s + 8, h[1] >> 13 | h[2] << 38);
    store64_le(s + 16, h[2] >> 26 | h[3] << 25);
    store64_le(s + 24, h[3] >> 39 | h[4] << 12);
}

#include "fe25519_invert.h"

#endif

#endif
