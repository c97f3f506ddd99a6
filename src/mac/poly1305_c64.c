/*
 * src/mac/poly1305_c64.c - Poly1305's block function (RFC 8439 section 2.5)
 * in 64-bit scalar arithmetic, and the powers of r the vector kernels use.
 *
 * h is kept in the ctx's own radix 2^64 (h0, h1, and two or three bits in
 * h2) and r in two words; r's clamping makes r1 a multiple of 4, so the
 * product's bits above 2^130 fold back with s1 = r1 + r1 / 4 = 5 r1 / 4
 * (OpenSSL's poly1305.c 64-bit path, Andy Polyakov's technique).  Three
 * 64x64->128 multiplications and a partial reduction per block.  Needs the
 * compiler's unsigned __int128; the vector kernels use it for short inputs
 * and tails.
 *
 * Constant-time: yes; the carries are computed arithmetically, never
 * branched on.
 */
#include "internal.h"

#ifdef BRISK_POLY1305_C64

typedef unsigned __int128 u128;

/* mulmod sets (h0, h1, h2) = (h0 + h1 2^64 + h2 2^128) r, partially reduced
 * (h2 at most 4), for r = r0 + r1 2^64 clamped; h2 at most 7 on entry. */
static inline void mulmod(uint64_t *h0, uint64_t *h1, uint64_t *h2, uint64_t r0, uint64_t r1,
                          uint64_t s1)
{
    u128 d0 = (u128)*h0 * r0 + (u128)*h1 * s1;
    u128 d1 = (u128)*h0 * r1 + (u128)*h1 * r0 + *h2 * s1;
    uint64_t t2 = *h2 * r0;

    uint64_t t0 = (uint64_t)d0;
    d1 += (uint64_t)(d0 >> 64);
    uint64_t t1 = (uint64_t)d1;
    t2 += (uint64_t)(d1 >> 64);
    /* Fold the bits from 2^130 up as 5 times their value. */
    uint64_t c = (t2 >> 2) + (t2 & ~(uint64_t)3);
    t2 &= 3;
    t0 += c;
    c = t0 < c;
    t1 += c;
    t2 += t1 < c;
    *h0 = t0;
    *h1 = t1;
    *h2 = t2;
}

void brisk_poly1305_blocks_c64(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n_blocks,
                               uint32_t padbit)
{
    uint64_t r0 = ctx->r[0], r1 = ctx->r[1], s1 = r1 + (r1 >> 2);
    uint64_t h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2];

    for (; n_blocks > 0; n_blocks--, in += 16) {
        u128 d = (u128)h0 + load64_le(in);
        h0 = (uint64_t)d;
        d = (u128)h1 + (uint64_t)(d >> 64) + load64_le(in + 8);
        h1 = (uint64_t)d;
        h2 += (uint64_t)(d >> 64) + padbit;
        mulmod(&h0, &h1, &h2, r0, r1, s1);
    }
    ctx->h[0] = h0;
    ctx->h[1] = h1;
    ctx->h[2] = h2;
}

/* reduce returns h fully reduced modulo p = 2^130 - 5, for h < 2 p. */
static inline void reduce(uint64_t out[3], uint64_t h0, uint64_t h1, uint64_t h2)
{
    u128 g = (u128)h0 + 5;
    uint64_t g0 = (uint64_t)g;
    g = (u128)h1 + (uint64_t)(g >> 64);
    uint64_t g1 = (uint64_t)g;
    uint64_t g2 = h2 + (uint64_t)(g >> 64) - 4; /* - 2^130 */
    uint64_t keep = ct_mask64(g2 >> 63);        /* g went negative: h < p */
    out[0] = (h0 & keep) | (g0 & ~keep);
    out[1] = (h1 & keep) | (g1 & ~keep);
    out[2] = (h2 & keep) | (g2 & ~keep);
}

void brisk_poly1305_powers(brisk_poly1305_ctx *ctx, unsigned n)
{
    uint64_t r0 = ctx->r[0], r1 = ctx->r[1], s1 = r1 + (r1 >> 2);

    if (ctx->npw == 0) {
        ctx->pw[0][0] = r0;
        ctx->pw[0][1] = r1;
        ctx->pw[0][2] = 0;
        ctx->npw = 1;
    }
    /* The chain runs on the partially reduced products, the stores and
     * the full reductions off it. */
    uint64_t *prev = ctx->pw[ctx->npw - 1];
    uint64_t h0 = prev[0], h1 = prev[1], h2 = prev[2];
    while (ctx->npw < n) {
        mulmod(&h0, &h1, &h2, r0, r1, s1);
        reduce(ctx->pw[ctx->npw], h0, h1, h2);
        ctx->npw++;
    }
}

#endif
