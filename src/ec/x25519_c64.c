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
 * The ladder is x25519_ladder.h's, over this file's field.
 *
 * Constant-time: yes (see x25519_ladder.h).
 */
#include "fe25519_c64.h"

#ifdef BRISK_X25519_C64

#include "x25519_ladder.h"

void brisk_x25519_ladder_c64(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    x25519_ladder(out, k, u);
}

#endif
