/*
 * src/mac/poly1305.c - Poly1305 (RFC 8439 section 2.5): key setup,
 * buffering, the final reduction, the "poly1305" primitive, and its portable
 * block function.
 *
 * The portable kernel ("c") is poly1305-donna-32's: h and r in five 26-bit
 * limbs, products of 32-bit words into 64-bit sums, the reduction folding
 * 2^130 back as 5.  Between calls h is kept in radix 2^64 (brisk/mac.h's
 * ctx), which every implementation converts to its own limbs, so the final
 * reduction here is shared.
 *
 * Constant-time: yes; no branch or address depends on the key or the
 * message, only on lengths.
 */
#include "internal.h"

/* ---- The portable kernel: 26-bit limbs ---- */

static inline uint64_t mul32(uint32_t a, uint32_t b)
{
    return (uint64_t)a * b;
}

void brisk_poly1305_blocks_c(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n_blocks,
                             uint32_t padbit)
{
    const uint32_t m = 0x3ffffff;
    uint64_t a0 = ctx->r[0], a1 = ctx->r[1];
    uint32_t r0 = (uint32_t)a0 & m, r1 = (uint32_t)(a0 >> 26) & m;
    uint32_t r2 = (uint32_t)(a0 >> 52 | a1 << 12) & m, r3 = (uint32_t)(a1 >> 14) & m;
    uint32_t r4 = (uint32_t)(a1 >> 40);
    uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint64_t w0 = ctx->h[0], w1 = ctx->h[1], w2 = ctx->h[2];
    uint32_t h0 = (uint32_t)w0 & m, h1 = (uint32_t)(w0 >> 26) & m;
    uint32_t h2 = (uint32_t)(w0 >> 52 | w1 << 12) & m, h3 = (uint32_t)(w1 >> 14) & m;
    uint32_t h4 = (uint32_t)(w1 >> 40 | w2 << 24);
    uint32_t hibit = padbit << 24;

    for (; n_blocks > 0; n_blocks--, in += 16) {
        h0 += load32_le(in) & m;
        h1 += (load32_le(in + 3) >> 2) & m;
        h2 += (load32_le(in + 6) >> 4) & m;
        h3 += load32_le(in + 9) >> 6;
        h4 += (load32_le(in + 12) >> 8) | hibit;

        uint64_t d0 = mul32(h0, r0) + mul32(h1, s4) + mul32(h2, s3) + mul32(h3, s2) + mul32(h4, s1);
        uint64_t d1 = mul32(h0, r1) + mul32(h1, r0) + mul32(h2, s4) + mul32(h3, s3) + mul32(h4, s2);
        uint64_t d2 = mul32(h0, r2) + mul32(h1, r1) + mul32(h2, r0) + mul32(h3, s4) + mul32(h4, s3);
        uint64_t d3 = mul32(h0, r3) + mul32(h1, r2) + mul32(h2, r1) + mul32(h3, r0) + mul32(h4, s4);
        uint64_t d4 = mul32(h0, r4) + mul32(h1, r3) + mul32(h2, r2) + mul32(h3, r1) + mul32(h4, r0);

        uint32_t c = (uint32_t)(d0 >> 26);
        h0 = (uint32_t)d0 & m;
        d1 += c; c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & m;
        d2 += c; c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & m;
        d3 += c; c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & m;
        d4 += c; c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & m;
        h0 += c * 5; c = h0 >> 26; h0 &= m;
        h1 += c;
    }
    /* h1 may have a 27th bit: carry it so that the limbs pack. */
    h2 += h1 >> 26; h1 &= m;
    h3 += h2 >> 26; h2 &= m;
    h4 += h3 >> 26; h3 &= m;
    ctx->h[0] = (uint64_t)h0 | (uint64_t)h1 << 26 | (uint64_t)h2 << 52;
    ctx->h[1] = (uint64_t)h2 >> 12 | (uint64_t)h3 << 14 | (uint64_t)h4 << 40;
    ctx->h[2] = (uint64_t)h4 >> 24;
}

/* ---- The "poly1305" primitive ---- */

/* Widest first; the vector kernels run short inputs through "c64". */
static const brisk_poly1305_ops poly1305_ops_c = {brisk_poly1305_blocks_c};
#ifdef BRISK_POLY1305_C64
static const brisk_poly1305_ops poly1305_ops_c64 = {brisk_poly1305_blocks_c64};
#ifdef BRISK_X86_64
static const brisk_poly1305_ops poly1305_ops_avx512 = {brisk_poly1305_blocks_avx512};
static const brisk_poly1305_ops poly1305_ops_avx2 = {brisk_poly1305_blocks_avx2};
static const brisk_poly1305_ops poly1305_ops_avx2x2 = {brisk_poly1305_blocks_avx2x2};
#endif
#endif

static const brisk_impl poly1305_impls[] = {
#ifdef BRISK_POLY1305_C64
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512IFMA, 0, BRISK_IMPL_AUTO,
     &poly1305_ops_avx512},
    /* One accumulator where vector additions take a cycle, two where they
     * take two (poly1305_avx2.c). */
    {"avx2", BRISK_CPU_AVX2, BRISK_CPU_VECLAT1, BRISK_IMPL_AUTO, &poly1305_ops_avx2},
    {"avx2x2", BRISK_CPU_AVX2, 0, BRISK_IMPL_AUTO, &poly1305_ops_avx2x2},
#endif
    {"c64", 0, 0, BRISK_IMPL_AUTO, &poly1305_ops_c64},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &poly1305_ops_c},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_poly1305_prim = {.name = "poly1305", .impls = poly1305_impls};

/* ---- Buffering and finishing ---- */

int brisk_poly1305_init(brisk_poly1305_ctx *ctx, const uint8_t key[32])
{
    if (ctx == NULL || key == NULL)
        return BRISK_EINVAL;
    memset(ctx, 0, sizeof(*ctx));
    ctx->r[0] = load64_le(key) & 0x0ffffffc0fffffffu;
    ctx->r[1] = load64_le(key + 8) & 0x0ffffffc0ffffffcu;
    ctx->s[0] = load64_le(key + 16);
    ctx->s[1] = load64_le(key + 24);
    return BRISK_EOK;
}

int brisk_poly1305_update(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t in_len)
{

    if (ctx == NULL || (in == NULL && in_len > 0))
        return BRISK_EINVAL;
    if (ctx->buf_len > 0) {
        size_t take = 16 - ctx->buf_len;
        if (take > in_len)
            take = in_len;
        memcpy(ctx->buf + ctx->buf_len, in, take);
        ctx->buf_len += (uint32_t)take;
        in += take;
        in_len -= take;
        if (ctx->buf_len < 16)
            return BRISK_EOK;
        brisk_poly1305_active()->blocks(ctx, ctx->buf, 1, 1);
        ctx->buf_len = 0;
    }
    if (in_len >= 16) {
        size_t n = in_len / 16;
        brisk_poly1305_active()->blocks(ctx, in, n, 1);
        in += 16 * n;
        in_len -= 16 * n;
    }
    if (in_len > 0) {
        memcpy(ctx->buf, in, in_len);
        ctx->buf_len = (uint32_t)in_len;
    }
    return BRISK_EOK;
}

/* add64 returns a + b + *carry and leaves the carry out in *carry. */
static inline uint64_t add64(uint64_t a, uint64_t b, uint64_t *carry)
{
    uint64_t t = a + *carry;
    uint64_t c = t < a;
    t += b;
    *carry = c | (t < b);
    return t;
}

int brisk_poly1305_final(brisk_poly1305_ctx *ctx, uint8_t tag[16])
{
    if (ctx == NULL || tag == NULL)
        return BRISK_EINVAL;
    if (ctx->buf_len > 0) {
        ctx->buf[ctx->buf_len] = 1;
        memset(ctx->buf + ctx->buf_len + 1, 0, 15 - ctx->buf_len);
        brisk_poly1305_active()->blocks(ctx, ctx->buf, 1, 0);
    }
    /* Fold the bits above 2^130 (h < 2^130 + 5 afterwards), then
     * subtract p once if h >= p, which is when g = h + 5 reaches 2^130. */
    uint64_t c = 0, top = ctx->h[2] >> 2;
    uint64_t h0 = add64(ctx->h[0], top * 5, &c);
    uint64_t h1 = add64(ctx->h[1], 0, &c);
    uint64_t h2 = (ctx->h[2] & 3) + c;
    c = 0;
    uint64_t g0 = add64(h0, 5, &c);
    uint64_t g1 = add64(h1, 0, &c);
    uint64_t g2 = h2 + c;
    uint64_t mask = ct_mask64(g2 >> 2);
    h0 ^= mask & (h0 ^ g0);
    h1 ^= mask & (h1 ^ g1);
    c = 0;
    h0 = add64(h0, ctx->s[0], &c);
    h1 = add64(h1, ctx->s[1], &c);
    store64_le(tag, h0);
    store64_le(tag + 8, h1);
    wipe(ctx, sizeof(*ctx));
    return BRISK_EOK;
}

int brisk_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *in, size_t in_len)
{
    brisk_poly1305_ctx ctx;
    int err = brisk_poly1305_init(&ctx, key);
    if (err == BRISK_EOK)
        err = brisk_poly1305_update(&ctx, in, in_len);
    if (err == BRISK_EOK)
        return brisk_poly1305_final(&ctx, tag);
    wipe(&ctx, sizeof(ctx));
    return err;
}

int brisk_poly1305_verify(const uint8_t tag[16], const uint8_t expect[16])
{
    if (tag == NULL || expect == NULL)
        return BRISK_EINVAL;
    /* 0 when equal, BRISK_EVERIFY when not, without a branch on secrets */
    return (int)(ct_mask32(ct_eq_bytes(tag, expect, 16) ^ 1) & (uint32_t)BRISK_EVERIFY);
}
