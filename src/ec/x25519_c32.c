/*
 * src/ec/x25519_c32.c - X25519's Montgomery ladder (RFC 7748 section 5)
 * over GF(2^255 - 19) in radix 2^25.5: ten limbs of alternately 26 and 25
 * bits in 32-bit words, 32x32->64-bit products (the representation of
 * Bernstein's and ref10's curve25519 code, written over unsigned limbs;
 * the field operations are in fe25519_c32.h, shared with Ed25519).
 * The "c32" implementation of the "x25519" primitive, for compilers
 * without unsigned __int128 (i686), built and tested everywhere.
 *
 * Bounds: every operation carries its result, leaving limbs below 2^26 (the
 * 25-bit ones below 2^25 + 2^19); subtraction adds 2p first.  A product's
 * column then sums ten terms below 2^26 x 38 2^26 < 2^58, well inside 64
 * bits.
 *
 * Constant-time: yes.  The ladder swaps with masks, never branches on or
 * indexes by the scalar; the loops' branches depend on limb indices only.
 */
#include "fe25519_c32.h"

void brisk_x25519_ladder_c32(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe x1, x2 = {1}, z2 = {0}, x3, z3 = {1}, a, aa, b, bb, e, c, d, da, cb;
    uint32_t swap = 0;

    fe_frombytes(x1, u);
    memcpy(x3, x1, sizeof(fe));
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
