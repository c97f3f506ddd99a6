/*
 * src/cipher/ghash_ct.c - GHASH (NIST SP 800-38D) in portable C: the
 * constant-time implementation "ct" of the "ghash" primitive, and the
 * software default.
 *
 * Technique: multiplication in GF(2^128) with integer multiplications whose
 * operands have their bits spread four apart, so that carries fall into the
 * holes and are masked away (the idea of BearSSL's ghash_ctmul64; written
 * anew here): a 64x64 carry-less product costs 16 multiplications, the
 * upper half of a product comes from the same routine on bit-reversed
 * operands, and Karatsuba makes a block three such products each way.  It
 * needs no table and works with any word size and byte order.
 *
 * Constant-time: yes; no branch or address depends on H or the data
 * (integer multiplication is assumed constant-time, as on current x86 and
 * s390x).
 */
#include "internal.h"

/* The kernel interface of gcm.c. */
typedef void ghash_blocks_fn(uint8_t y[16], const uint8_t *table, const uint8_t *in,
                             size_t n_blocks);
ghash_blocks_fn *brisk_ghash_init_ct(uint8_t *table, const uint8_t h[16]);

/* bmul64 returns the low 64 bits of the carry-less product of x and y.
 * Each integer product below pairs bits whose positions sum to one residue
 * mod 4; at most 16 terms meet in a position, and the 16th only at the top,
 * where its carry leaves the word, so the masked bits are exact. */
static inline uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline uint64_t rev64(uint64_t x)
{
    x = ((x & 0x5555555555555555) << 1) | ((x >> 1) & 0x5555555555555555);
    x = ((x & 0x3333333333333333) << 2) | ((x >> 2) & 0x3333333333333333);
    x = ((x & 0x0f0f0f0f0f0f0f0f) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0f);
    x = ((x & 0x00ff00ff00ff00ff) << 8) | ((x >> 8) & 0x00ff00ff00ff00ff);
    x = ((x & 0x0000ffff0000ffff) << 16) | ((x >> 16) & 0x0000ffff0000ffff);
    return (x << 32) | (x >> 32);
}

/* ghash_ct folds blocks into y.  A block read big-endian as (hi, lo) holds
 * the coefficient of x^i in bit 127 - i, so the integer carry-less product
 * of two such values, shifted left once, holds the 255-bit product the same
 * way across four words; the low two words are then folded into the high
 * two with x^128 = x^7 + x^2 + x + 1. */
static void ghash_ct(uint8_t y[16], const uint8_t *table, const uint8_t *in, size_t n_blocks)
{
    uint64_t y1 = load64_be(y), y0 = load64_be(y + 8);
    uint64_t h1 = load64_be(table), h0 = load64_be(table + 8), h2 = h0 ^ h1;
    uint64_t h1r = rev64(h1), h0r = rev64(h0), h2r = h0r ^ h1r;

    for (; n_blocks > 0; n_blocks--, in += 16) {
        y1 ^= load64_be(in);
        y0 ^= load64_be(in + 8);
        uint64_t y1r = rev64(y1), y0r = rev64(y0), y2 = y0 ^ y1, y2r = y0r ^ y1r;

        /* Karatsuba: low halves of the three products, then the high halves
         * from the bit-reversed operands. */
        uint64_t z0 = bmul64(y0, h0), z1 = bmul64(y1, h1), z2 = bmul64(y2, h2);
        uint64_t z0h = bmul64(y0r, h0r), z1h = bmul64(y1r, h1r), z2h = bmul64(y2r, h2r);
        z2 ^= z0 ^ z1;
        z2h ^= z0h ^ z1h;
        z0h = rev64(z0h) >> 1;
        z1h = rev64(z1h) >> 1;
        z2h = rev64(z2h) >> 1;

        uint64_t v0 = z0, v1 = z0h ^ z2, v2 = z1 ^ z2h, v3 = z1h;
        v3 = (v3 << 1) | (v2 >> 63);
        v2 = (v2 << 1) | (v1 >> 63);
        v1 = (v1 << 1) | (v0 >> 63);
        v0 <<= 1;

        v2 ^= v0 ^ (v0 >> 1) ^ (v0 >> 2) ^ (v0 >> 7);
        v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
        v3 ^= v1 ^ (v1 >> 1) ^ (v1 >> 2) ^ (v1 >> 7);
        v2 ^= (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
        y1 = v3;
        y0 = v2;
    }
    store64_be(y, y1);
    store64_be(y + 8, y0);
}

ghash_blocks_fn *brisk_ghash_init_ct(uint8_t *table, const uint8_t h[16])
{
    memcpy(table, h, 16);
    return ghash_ct;
}
