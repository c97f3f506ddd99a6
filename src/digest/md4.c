/*
 * src/digest/md4.c - MD4 (RFC 1320): the portable kernel, buffering, padding
 * and the descriptor.  The kernel is the RFC's three rounds written out
 * straight-line, with F as z ^ (x & (y ^ z)) and the majority G as
 * (y & z) + (x & (y ^ z)): the two terms share no bit, so OR can be ADD, and
 * only the second waits for x, the word made by the previous step.  There
 * are no secret-dependent branches or table lookups: constant-time.
 */
#include "internal.h"

static const brisk_impl md4_impls[] = {
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL, BRISK_CPU_VECLAT1, BRISK_IMPL_LONG,
     &(const brisk_md4_ops){brisk_md4_compress_avx512}},
    {"bmi2", BRISK_CPU_BMI1 | BRISK_CPU_BMI2, 0, BRISK_IMPL_AUTO,
     &(const brisk_md4_ops){brisk_md4_compress_bmi2}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_md4_ops){brisk_md4_compress_c}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_md4_prim = {.name = "md4", .impls = md4_impls, .sized = 1,
                             .long_min = BRISK_VECTOR_HASH_MIN};

static inline uint32_t step_f(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    return rotl32(a + m + (d ^ (b & (c ^ d))), s);
}

static inline uint32_t step_g(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    return rotl32(a + m + (c & d) + (b & (c ^ d)), s);
}

static inline uint32_t step_h(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    return rotl32(a + m + (b ^ (c ^ d)), s);
}

void brisk_md4_compress_c(uint32_t h[4], const uint8_t *p, size_t n_blocks)
{
    for (; n_blocks > 0; n_blocks--, p += 64) {
        uint32_t x[16];
        for (int i = 0; i < 16; i++)
            x[i] = load32_le(p + 4 * i);
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3];

        a = step_f(a, b, c, d, x[0], 3);
        d = step_f(d, a, b, c, x[1], 7);
        c = step_f(c, d, a, b, x[2], 11);
        b = step_f(b, c, d, a, x[3], 19);
        a = step_f(a, b, c, d, x[4], 3);
        d = step_f(d, a, b, c, x[5], 7);
        c = step_f(c, d, a, b, x[6], 11);
        b = step_f(b, c, d, a, x[7], 19);
        a = step_f(a, b, c, d, x[8], 3);
        d = step_f(d, a, b, c, x[9], 7);
        c = step_f(c, d, a, b, x[10], 11);
        b = step_f(b, c, d, a, x[11], 19);
        a = step_f(a, b, c, d, x[12], 3);
        d = step_f(d, a, b, c, x[13], 7);
        c = step_f(c, d, a, b, x[14], 11);
        b = step_f(b, c, d, a, x[15], 19);

        a = step_g(a, b, c, d, x[0] + 0x5a827999, 3);
        d = step_g(d, a, b, c, x[4] + 0x5a827999, 5);
        c = step_g(c, d, a, b, x[8] + 0x5a827999, 9);
        b = step_g(b, c, d, a, x[12] + 0x5a827999, 13);
        a = step_g(a, b, c, d, x[1] + 0x5a827999, 3);
        d = step_g(d, a, b, c, x[5] + 0x5a827999, 5);
        c = step_g(c, d, a, b, x[9] + 0x5a827999, 9);
        b = step_g(b, c, d, a, x[13] + 0x5a827999, 13);
        a = step_g(a, b, c, d, x[2] + 0x5a827999, 3);
        d = step_g(d, a, b, c, x[6] + 0x5a827999, 5);
        c = step_g(c, d, a, b, x[10] + 0x5a827999, 9);
        b = step_g(b, c, d, a, x[14] + 0x5a827999, 13);
        a = step_g(a, b, c, d, x[3] + 0x5a827999, 3);
        d = step_g(d, a, b, c, x[7] + 0x5a827999, 5);
        c = step_g(c, d, a, b, x[11] + 0x5a827999, 9);
        b = step_g(b, c, d, a, x[15] + 0x5a827999, 13);

        a = step_h(a, b, c, d, x[0] + 0x6ed9eba1, 3);
        d = step_h(d, a, b, c, x[8] + 0x6ed9eba1, 9);
        c = step_h(c, d, a, b, x[4] + 0x6ed9eba1, 11);
        b = step_h(b, c, d, a, x[12] + 0x6ed9eba1, 15);
        a = step_h(a, b, c, d, x[2] + 0x6ed9eba1, 3);
        d = step_h(d, a, b, c, x[10] + 0x6ed9eba1, 9);
        c = step_h(c, d, a, b, x[6] + 0x6ed9eba1, 11);
        b = step_h(b, c, d, a, x[14] + 0x6ed9eba1, 15);
        a = step_h(a, b, c, d, x[1] + 0x6ed9eba1, 3);
        d = step_h(d, a, b, c, x[9] + 0x6ed9eba1, 9);
        c = step_h(c, d, a, b, x[5] + 0x6ed9eba1, 11);
        b = step_h(b, c, d, a, x[13] + 0x6ed9eba1, 15);
        a = step_h(a, b, c, d, x[3] + 0x6ed9eba1, 3);
        d = step_h(d, a, b, c, x[11] + 0x6ed9eba1, 9);
        c = step_h(c, d, a, b, x[7] + 0x6ed9eba1, 11);
        b = step_h(b, c, d, a, x[15] + 0x6ed9eba1, 15);

        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
    }
}

static void md4_blocks(void *c, const uint8_t *blocks, size_t n_blocks)
{
    brisk_md4_ctx *ctx = c;
    brisk_md4_for(n_blocks * 64)->compress(ctx->h, blocks, n_blocks);
}

void brisk_md4_init(brisk_md4_ctx *ctx)
{
    static const uint32_t iv[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    memcpy(ctx->h, iv, sizeof(iv));
    ctx->count = 0;
    ctx->buf_len = 0;
}

void brisk_md4_update(brisk_md4_ctx *ctx, const uint8_t *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 64, in, in_len, md4_blocks);
}

void brisk_md4_final(brisk_md4_ctx *ctx, uint8_t out[BRISK_MD4_LEN])
{
    md_pad(ctx, ctx->buf, ctx->buf_len, ctx->count, 64, 8, 0, md4_blocks);
    for (int i = 0; i < 4; i++)
        store32_le(out + 4 * i, ctx->h[i]);
    wipe(ctx, sizeof(*ctx));
}

void brisk_md4(uint8_t out[BRISK_MD4_LEN], const uint8_t *in, size_t in_len)
{
    brisk_md4_ctx ctx;
    brisk_md4_init(&ctx);
    brisk_md4_update(&ctx, in, in_len);
    brisk_md4_final(&ctx, out);
}

static void md4_init_any(void *ctx) { brisk_md4_init(ctx); }
static void md4_update_any(void *ctx, const uint8_t *in, size_t in_len) { brisk_md4_update(ctx, in, in_len); }
static void md4_final_any(void *ctx, uint8_t *out) { brisk_md4_final(ctx, out); }

static const char *const md4_aliases[] = {NULL};
const brisk_digest brisk_digest_md4 = {
    "md4", "MD4", md4_aliases, "md4", BRISK_MD4_LEN, 64, sizeof(brisk_md4_ctx),
    md4_init_any, md4_update_any, md4_final_any, brisk_md4, NULL,
};
