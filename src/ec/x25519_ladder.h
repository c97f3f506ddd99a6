/*
 * src/ec/x25519_ladder.h - X25519's Montgomery ladder (RFC 7748 section 5)
 * written once over whichever field header was included before it:
 * fe25519_c64.h (src/ec/x25519_c64.c) or fe25519_c32.h
 * (src/ec/x25519_c32.c), which name their type `fe` and their operations
 * fe_add, fe_mul, ... alike.  The "adx" implementation has its own ladder
 * (src/ec/x25519_adx.c), which swaps the step's sums instead of the points.
 *
 * Constant-time: yes.  The ladder swaps with masks, never branches on or
 * indexes by the scalar; the final reduction is arithmetic.
 */
#ifndef BRISK_EC_X25519_LADDER_H
#define BRISK_EC_X25519_LADDER_H

/* x25519_ladder sets out = k u (k clamped by the caller), u's top bit
 * ignored by fe_frombytes. */
static inline void x25519_ladder(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe x1, x2 = {1}, z2 = {0}, x3, z3 = {1}, a, aa, b, bb, e, c, d, da, cb;
    uint32_t swap = 0;

    fe_frombytes(x1, u);
    fe_copy(x3, x1);
    for (int t = 254; t >= 0; t--) {
        uint32_t bit = (uint32_t)(k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        fe_cswap(x2, x3, swap);
        fe_cswap(z2, z3, swap);
        swap = bit;
        fe_add(a, x2, z2);
        fe_sqr(aa, a);
        fe_sub(b, x2, z2);
        fe_sqr(bb, b);
        fe_sub(e, aa, bb);
        fe_add(c, x3, z3);
        fe_sub(d, x3, z3);
        fe_mul(da, d, a);
        fe_mul(cb, c, b);
        fe_add(x3, da, cb);
        fe_sqr(x3, x3);
        fe_sub(z3, da, cb);
        fe_sqr(z3, z3);
        fe_mul(z3, z3, x1);
        fe_mul(x2, aa, bb);
        fe_mul121665(z2, e);
        fe_add(z2, z2, aa);
        fe_mul(z2, z2, e);
    }
    fe_cswap(x2, x3, swap);
    fe_cswap(z2, z3, swap);
    fe_invert(z2, z2);
    fe_mul(x2, x2, z2);
    fe_tobytes(out, x2);
    brisk_wipe(x2, sizeof(x2));
    brisk_wipe(z2, sizeof(z2));
    brisk_wipe(x3, sizeof(x3));
    brisk_wipe(z3, sizeof(z3));
}

#endif
