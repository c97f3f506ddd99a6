/*
 * src/mac/internal.h - what the MAC area shares: Poly1305's block function
 * as a dispatched primitive ("poly1305": portable 26-bit C, 64-bit scalar,
 * AVX2 with one or two accumulators, AVX-512 IFMA).
 */
#ifndef BRISK_MAC_INTERNAL_H
#define BRISK_MAC_INTERNAL_H

#include <brisk/mac.h>

#include "../internal.h"

/* brisk_poly1305_blocks_fn absorbs n_blocks 16-byte blocks at in into
 * ctx->h: h = (h + block + padbit 2^128) r mod 2^130 - 5 for each, padbit
 * being 1 for whole message blocks and 0 for the final one, which update
 * has padded with a 1 byte and zeros.  Kernels read h, r and the powers
 * cache in ctx (filling pw as they need it) and leave h partially reduced
 * in the common radix-2^64 form: h2 at most 4, so h < 2 p.  Each converts
 * to and from its own limbs inside the call, so every implementation can
 * continue a computation another began. */
typedef void brisk_poly1305_blocks_fn(brisk_poly1305_ctx *ctx, const uint8_t *in,
                                      size_t n_blocks, uint32_t padbit);

/* One implementation of the "poly1305" primitive. */
typedef struct brisk_poly1305_ops {
    brisk_poly1305_blocks_fn *blocks;
} brisk_poly1305_ops;

extern brisk_prim brisk_poly1305_prim;

/* brisk_poly1305_active returns the Poly1305 implementation in use. */
static inline const brisk_poly1305_ops *brisk_poly1305_active(void)
{
    return brisk_prim_ops(&brisk_poly1305_prim);
}

brisk_poly1305_blocks_fn brisk_poly1305_blocks_c;
#if defined(__SIZEOF_INT128__)
#define BRISK_POLY1305_C64 1
brisk_poly1305_blocks_fn brisk_poly1305_blocks_c64;
/* brisk_poly1305_powers fills ctx->pw up to r^n (n <= 8), fully reduced,
 * for the vector kernels. */
void brisk_poly1305_powers(brisk_poly1305_ctx *ctx, unsigned n);
#endif
#ifdef BRISK_X86_64
brisk_poly1305_blocks_fn brisk_poly1305_blocks_avx2;
brisk_poly1305_blocks_fn brisk_poly1305_blocks_avx2x2;
brisk_poly1305_blocks_fn brisk_poly1305_blocks_avx512;
#endif

#endif
