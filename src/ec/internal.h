/*
 * src/ec/internal.h - what the elliptic-curve area shares: X25519's
 * Montgomery ladder (RFC 7748 section 5) as a dispatched primitive
 * ("x25519": portable radix 2^51 with unsigned __int128, portable radix
 * 2^25.5 for 32-bit targets, and mulx/adx in four 64-bit limbs on x86-64),
 * and X448's ("x448", over the field of f448.h).
 */
#ifndef BRISK_EC_INTERNAL_H
#define BRISK_EC_INTERNAL_H

#include <brisk/x25519.h>
#include <brisk/x448.h>
#include <brisk/ed448.h>

#include "../internal.h"

/* brisk_x25519_ladder_fn sets out to the u-coordinate of k times the point
 * of u-coordinate u (RFC 7748 section 5): k is the already clamped scalar,
 * read as 255 bits little-endian; u's top bit is ignored.  Kernels take
 * the same time and touch the same addresses for every k and u. */
typedef void brisk_x25519_ladder_fn(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

/* One implementation of the "x25519" primitive. */
typedef struct brisk_x25519_ops {
    brisk_x25519_ladder_fn *ladder;
} brisk_x25519_ops;

extern brisk_prim brisk_x25519_prim;

/* brisk_x25519_active returns the X25519 implementation in use. */
static inline const brisk_x25519_ops *brisk_x25519_active(void)
{
    return brisk_prim_ops(&brisk_x25519_prim);
}

brisk_x25519_ladder_fn brisk_x25519_ladder_c32;
#if defined(__SIZEOF_INT128__)
#define BRISK_X25519_C64 1
brisk_x25519_ladder_fn brisk_x25519_ladder_c64;
#endif
#ifdef BRISK_X86_64
brisk_x25519_ladder_fn brisk_x25519_ladder_adx;
#endif

/* brisk_x448_ladder_fn is brisk_x25519_ladder_fn for X448: k is the
 * clamped scalar, 448 bits little-endian; u is read modulo p. */
typedef void brisk_x448_ladder_fn(uint8_t out[56], const uint8_t k[56], const uint8_t u[56]);

/* One implementation of the "x448" primitive. */
typedef struct brisk_x448_ops {
    brisk_x448_ladder_fn *ladder;
} brisk_x448_ops;

extern brisk_prim brisk_x448_prim;

/* brisk_x448_active returns the X448 implementation in use. */
static inline const brisk_x448_ops *brisk_x448_active(void)
{
    return brisk_prim_ops(&brisk_x448_prim);
}

#endif
