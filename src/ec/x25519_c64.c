/*
 * src/ec/x25519_c64.c - X25519's Montgomery ladder (RFC 7748 section 5)
 * over GF(2^255 - 19) in radix 2^51: five 64-bit limbs, products in the
 * compiler's unsigned __int128, the bits above 2^255 folded back times 19
 * (Bernstein's curve25519-donna-c64 technique; the field operations are in
 * fe25519_c64.h, shared with Ed25519).  The "c64" implementation of the
 * "x25519" primitive, chosen where the compiler has __int128.
 *
 * Bounds: every multiplication and squaring leaves limbs below 2^51 + 2^15;
 * additions of two such values and subtractions done as a + 2p - b stay
 * below 2^53, so the sums of five 2^53 x 19 2^53 products fit 128 bits.
 *
 * Constant-time: yes.  The ladder swaps with masks, never branches on or
 * indexes by the scalar; the final reduction is arithmetic.
 */
#include "fe25519_c64.h"

#ifdef BRISK_X25519_C64

void brisk_x25519_ladder_c64(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe x1, x2 = {1}, z2 = {0}, x3, z3 = {1}, a, aa, b, bb, e, c, d, da, cb;
    uint64_t swap = 0;

    fe_frombytes(x1, u);
    fe_copy(x3, x1);
    for (int t = 254; t >= 0; t--) {
        uint64_t bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
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
