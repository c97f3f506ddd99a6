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
 * The ladder is x25519_ladder.h's, over this file's field.
 *
 * Constant-time: yes (see x25519_ladder.h); the field's loops branch on
 * limb indices only.
 */
#include "fe25519_c32.h"
#include "x25519_ladder.h"

void brisk_x25519_ladder_c32(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    x25519_ladder(out, k, u);
}
