/*
 * src/ec/ed25519_c32.c - Ed25519's group kernels (ed25519_group.h) over
 * GF(2^255 - 19) in radix 2^25.5 (fe25519_c32.h): the "c32" implementation
 * of the "ed25519" primitive, for compilers without __int128 (i686),
 * built and tested everywhere.
 *
 * Constant-time: base_mul yes, verify_mul no (public data), as in
 * ed25519_group.h.
 */
#include "fe25519_c32.h"

#include "ed25519_group.h"

void brisk_ed25519_base_mul_c32(uint8_t out[32], const uint8_t a[32])
{
    ed25519_base_mul_generic(out, a);
}

int brisk_ed25519_verify_mul_c32(uint8_t out[32], const uint8_t k[32], const uint8_t a_enc[32],
                                 const uint8_t s[32])
{
    return ed25519_verify_mul_generic(out, k, a_enc, s);
}
