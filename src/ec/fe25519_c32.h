/*
 * src/ec/fe25519_c32.h - arithmetic in GF(2^255 - 19) in radix 2^25.5: ten
 * limbs of alternately 26 and 25 bits in 32-bit words, 32x32->64-bit
 * products (the representation of Bernstein's and ref10's curve25519
 * code, written over unsigned limbs).  Shared by X25519's ladder
 * (x25519_c32.c) and Ed25519's group arithmetic (ed25519_c32.c); portable
 * C for compilers without unsigned __int128 (i686), built everywhere.
 *
 * Bounds: every operation carries its result, leaving limbs below 2^26 (the
 * 25-bit ones below 2^25 + 2^19); subtraction adds 2p first.  A product's
 * column then sums ten terms below 2^26 x 38 2^26 < 2^58, well inside 64
 * bits.
 *
 * Constant-time: yes; the loops' branches depend on limb indices only.
 */
#ifndef BRISK_EC_FE25519_C32_H
#define BRISK_EC_FE25519_C32_H

#include "internal.h"

typedef uint32_t fe[10];

/* bits(i) is the width of limb i: 26 for even i, 25 for odd. */
static inline unsigned bits(int i)
{
    return (i & 1) ? 25 : 26;
}

/* fe_carry carries the column sums t into r, limbs below their width but
 * r[1], below 2^25 + 2^19. */
static inline void fe_carry(fe r, uint64_t t[10])
{
    for (int i = 0; i < 9; i++) {
        t[i + 1] += t[i] >> bits(i);
        t[i] &= ((uint64_t)1 << bits(i)) - 1;
    }
    t[0] += 19 * (t[9] >> 25);
    t[9] &= ((uint64_t)1 << 25) - 1;
    t[1] += t[0] >> 26;
    t[0] &= ((uint64_t)1 << 26) - 1;
    for (int i = 0; i < 10; i++)
        r[i] = (uint32_t)t[i];
}

static inline void fe_copy(fe r, const fe a)
{
    for (int i = 0; i < 10; i++)
        r[i] = a[i];
}

static inline void fe_add(fe r, const fe a, const fe b)
{
    uint64_t t[10];
    for (int i = 0; i < 10; i++)
        t[i] = (uint64_t)a[i] + b[i];
    fe_carry(r, t);
}

/* fe_sub sets r = a + 2p - b; 2p's limbs exceed any carried b's. */
static inline void fe_sub(fe r, const fe a, const fe b)
{
    uint64_t t[10];
    t[0] = (uint64_t)a[0] + 0x7ffffda - b[0];
    for (int i = 1; i < 10; i++)
        t[i] = (uint64_t)a[i] + ((i & 1) ? 0x3fffffe : 0x7fffffe) - b[i];
    fe_carry(r, t);
}

/* fe_sub_loose is fe_sub: here every result is carried, so any b is in
 * range (the radix-2^51 field needs a wider 4p for some of Ed25519's). */
static inline void fe_sub_loose(fe r, const fe a, const fe b)
{
    fe_sub(r, a, b);
}

/* fe_mul: a_i b_j lands in column i + j, times 19 when that passes 2^255,
 * and twice when i and j are both odd (both limbs' weights round up half a
 * bit). */
static inline void fe_mul(fe r, const fe a, const fe b)
{
    uint64_t t[10] = {0};
    uint32_t b19[10];

    for (int j = 0; j < 10; j++)
        b19[j] = 19 * b[j];
    for (int i = 0; i < 10; i++) {
        for (int j = 0; j < 10; j++) {
            uint64_t p = (uint64_t)a[i] * (i + j >= 10 ? b19[j] : b[j]);
            p <<= (i & j & 1);
            t[(i + j) % 10] += p;
        }
    }
    fe_carry(r, t);
}

static inline void fe_sqr(fe r, const fe a)
{
    fe_mul(r, a, a);
}

static inline void fe_mul121665(fe r, const fe a)
{
    uint64_t t[10];
    for (int i = 0; i < 10; i++)
        t[i] = (uint64_t)a[i] * 121665;
    fe_carry(r, t);
}

static inline void fe_cswap(fe a, fe b, uint32_t bit)
{
    uint32_t m = ct_mask32(bit);
    for (int i = 0; i < 10; i++) {
        uint32_t x = m & (a[i] ^ b[i]);
        a[i] ^= x;
        b[i] ^= x;
    }
}

/* fe_cmov sets r = a when bit is 1 and leaves it when 0, with a mask. */
static inline void fe_cmov(fe r, const fe a, uint32_t bit)
{
    uint32_t m = ct_mask32(bit);
    for (int i = 0; i < 10; i++)
        r[i] ^= m & (r[i] ^ a[i]);
}

/* fe_frombytes reads 255 bits little-endian (bit 255 dropped, as RFC 7748
 * asks): limb i starts at bit ceil(25.5 i). */
static inline void fe_frombytes(fe r, const uint8_t s[32])
{
    unsigned pos = 0;
    for (int i = 0; i < 10; i++) {
        uint64_t w = 0;
        for (unsigned k = 0; k < 5 && pos / 8 + k < 32; k++)
            w |= (uint64_t)s[pos / 8 + k] << (8 * k);
        r[i] = (uint32_t)(w >> (pos % 8)) & (((uint32_t)1 << bits(i)) - 1);
        pos += bits(i);
    }
}

/* fe_tobytes writes a fully reduced, below p. */
static inline void fe_tobytes(uint8_t s[32], const fe a)
{
    uint64_t h[10];
    uint32_t c;

    for (int i = 0; i < 10; i++)
        h[i] = a[i];
    fe carried;
    fe_carry(carried, h);
    for (int i = 0; i < 10; i++)
        h[i] = carried[i];
    fe_carry(carried, h); /* now every limb is below its width: h < 2^255 */
    /* c = 1 exactly when h >= p, that is when h + 19 reaches 2^255. */
    c = (carried[0] + 19) >> 26;
    for (int i = 1; i < 10; i++)
        c = (carried[i] + c) >> bits(i);
    for (int i = 0; i < 10; i++)
        h[i] = carried[i];
    h[0] += 19 * c;
    for (int i = 0; i < 9; i++) {
        h[i + 1] += h[i] >> bits(i);
        h[i] &= ((uint64_t)1 << bits(i)) - 1;
    }
    h[9] &= ((uint64_t)1 << 25) - 1;
    memset(s, 0, 32);
    unsigned pos = 0;
    for (int i = 0; i < 10; i++) {
        uint64_t w = h[i] << (pos % 8);
        for (unsigned k = 0; k < 5 && pos / 8 + k < 32; k++)
            s[pos / 8 + k] |= (uint8_t)(w >> (8 * k));
        pos += bits(i);
    }
}

#include "fe25519_invert.h"

#endif
