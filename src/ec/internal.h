/*
 * src/ec/internal.h - what the elliptic-curve area shares: X25519's
 * Montgomery ladder (RFC 7748 section 5) as a dispatched primitive
 * ("x25519": portable radix 2^51 with unsigned __int128, portable radix
 * 2^25.5 for 32-bit targets, and mulx/adx in four 64-bit limbs on x86-64),
 * and Ed25519's (RFC 8032) group kernels as the "ed25519" primitive over
 * the same two portable fields, its scalars modulo L and its base table.
 */
#ifndef BRISK_EC_INTERNAL_H
#define BRISK_EC_INTERNAL_H

#include <brisk/ed25519.h>
#include <brisk/x25519.h>

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

/* brisk_ed25519_base_mul_fn writes the encoding (RFC 8032 section 5.1.2)
 * of a B, B the base point, for a < 2^255 little-endian.  Constant-time in
 * a. */
typedef void brisk_ed25519_base_mul_fn(uint8_t out[32], const uint8_t a[32]);

/* brisk_ed25519_verify_mul_fn writes the encoding of s B - k A, A the
 * point a_enc encodes (RFC 8032 section 5.1.3, y below p); returns 0, or
 * -1 when a_enc encodes no point.  Variable-time: public data only. */
typedef int brisk_ed25519_verify_mul_fn(uint8_t out[32], const uint8_t k[32],
                                        const uint8_t a_enc[32], const uint8_t s[32]);

/* One implementation of the "ed25519" primitive. */
typedef struct brisk_ed25519_ops {
    brisk_ed25519_base_mul_fn *base_mul;
    brisk_ed25519_verify_mul_fn *verify_mul;
} brisk_ed25519_ops;

extern brisk_prim brisk_ed25519_prim;

/* brisk_ed25519_active returns the Ed25519 implementation in use. */
static inline const brisk_ed25519_ops *brisk_ed25519_active(void)
{
    return brisk_prim_ops(&brisk_ed25519_prim);
}

brisk_ed25519_base_mul_fn brisk_ed25519_base_mul_c32;
brisk_ed25519_verify_mul_fn brisk_ed25519_verify_mul_c32;
#ifdef BRISK_X25519_C64
brisk_ed25519_base_mul_fn brisk_ed25519_base_mul_c64;
brisk_ed25519_verify_mul_fn brisk_ed25519_verify_mul_c64;
#endif

/* brisk_ed25519_base[i][j] is (j + 1) 256^i B as (y + x, y - x, 2 d x y),
 * 32 bytes little-endian each (ed25519_table.c, generated). */
extern const uint8_t brisk_ed25519_base[32][8][96];

/* brisk_ed25519_sc_reduce sets out = in mod L, in 64 bytes little-endian
 * (a SHA-512 output).  Constant-time. */
void brisk_ed25519_sc_reduce(uint8_t out[32], const uint8_t in[64]);

/* brisk_ed25519_sc_muladd sets out = (a b + c) mod L, all little-endian
 * below 2^256.  Constant-time. */
void brisk_ed25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                             const uint8_t c[32]);

/* brisk_ed25519_sc_is_canonical returns 1 when s < L, else 0.
 * Variable-time. */
int brisk_ed25519_sc_is_canonical(const uint8_t s[32]);

#endif
