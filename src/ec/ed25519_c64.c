/*
 * src/ec/ed25519_c64.c - Ed25519's group kernels (ed25519_group.h) over
 * GF(2^255 - 19) in radix 2^51 (fe25519_c64.h): the "c64" implementation
 * of the "ed25519" primitive, chosen where the compiler has __int128.
 *
 * Constant-time: base_mul yes, verify_mul no (public data), as in
 * ed25519_group.h.
 */
#include "fe25519_c64.h"

#ifdef BRISK_X25519_C64

#include "ed25519_group.h"

void brisk_ed25519_base_mul_c64(uint8_t out[32], const uint8_t a[32])
{
    ed25519_base_mul_generic(out, a);
}

int brisk_ed25519_verify_mul_c64(uint8_t out[32], const uint8_t k[32], const uint8_t a_enc[32],
                                 const uint8_t s[32])
{
    return ed25519_verify_mul_generic(out, k, a_enc, s);
}

#endif
