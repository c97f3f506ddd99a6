/*
 * src/digest/md5.c - MD5 (RFC 1321): the portable kernel, buffering, padding
 * and the descriptor.  The kernel is the RFC's straight-line rounds with
 * F(x,y,z) written as z ^ (x & (y ^ z)); MD5 has no secret-dependent branches
 * or table lookups, so every implementation is constant-time.
 */
#include "internal.h"

static const brisk_impl md5_impls[] = {
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL | BRISK_CPU_AVX512BW, BRISK_CPU_VECLAT1,
     BRISK_IMPL_LONG,
     &(const brisk_md5_ops){brisk_md5_compress_avx512, brisk_md5_hmac_avx512}},
    {"bmi2", BRISK_CPU_BMI1 | BRISK_CPU_BMI2, 0, BRISK_IMPL_AUTO,
     &(const brisk_md5_ops){brisk_md5_compress_bmi2, NULL}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_md5_ops){brisk_md5_compress_c, NULL}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_md5_prim = {.name = "md5", .impls = md5_impls, .sized = 1,
                             .long_min = BRISK_VECTOR_HASH_MIN};

static inline uint32_t step_f(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    return b + rotl32(a + m + (d ^ (b & (c ^ d))), s);
}

static inline uint32_t step_g(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    /* The two terms share no bits, so they add; (c & ~d) is ready before b. */
    return b + rotl32(a + m + (c & ~d) + (b & d), s);
}

static inline uint32_t step_h(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    return b + rotl32(a + m + (b ^ c ^ d), s);
}

static inline uint32_t step_i(uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                              uint32_t m, unsigned s)
{
    return b + rotl32(a + m + (c ^ (b | ~d)), s);
}

void brisk_md5_compress_c(uint32_t h[4], const uint8_t *p, size_t n_blocks)
{
    for (; n_blocks > 0; n_blocks--, p += 64) {
        uint32_t x[16];
        for (int i = 0; i < 16; i++)
            x[i] = load32_le(p + 4 * i);
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3];

        a = step_f(a, b, c, d, x[0] + 0xd76aa478, 7);
        d = step_f(d, a, b, c, x[1] + 0xe8c7b756, 12);
        c = step_f(c, d, a, b, x[2] + 0x242070db, 17);
        b = step_f(b, c, d, a, x[3] + 0xc1bdceee, 22);
        a = step_f(a, b, c, d, x[4] + 0xf57c0faf, 7);
        d = step_f(d, a, b, c, x[5] + 0x4787c62a, 12);
        c = step_f(c, d, a, b, x[6] + 0xa8304613, 17);
        b = step_f(b, c, d, a, x[7] + 0xfd469501, 22);
        a = step_f(a, b, c, d, x[8] + 0x698098d8, 7);
        d = step_f(d, a, b, c, x[9] + 0x8b44f7af, 12);
        c = step_f(c, d, a, b, x[10] + 0xffff5bb1, 17);
        b = step_f(b, c, d, a, x[11] + 0x895cd7be, 22);
        a = step_f(a, b, c, d, x[12] + 0x6b901122, 7);
        d = step_f(d, a, b, c, x[13] + 0xfd987193, 12);
        c = step_f(c, d, a, b, x[14] + 0xa679438e, 17);
        b = step_f(b, c, d, a, x[15] + 0x49b40821, 22);

        a = step_g(a, b, c, d, x[1] + 0xf61e2562, 5);
        d = step_g(d, a, b, c, x[6] + 0xc040b340, 9);
        c = step_g(c, d, a, b, x[11] + 0x265e5a51, 14);
        b = step_g(b, c, d, a, x[0] + 0xe9b6c7aa, 20);
        a = step_g(a, b, c, d, x[5] + 0xd62f105d, 5);
        d = step_g(d, a, b, c, x[10] + 0x02441453, 9);
        c = step_g(c, d, a, b, x[15] + 0xd8a1e681, 14);
        b = step_g(b, c, d, a, x[4] + 0xe7d3fbc8, 20);
        a = step_g(a, b, c, d, x[9] + 0x21e1cde6, 5);
        d = step_g(d, a, b, c, x[14] + 0xc33707d6, 9);
        c = step_g(c, d, a, b, x[3] + 0xf4d50d87, 14);
        b = step_g(b, c, d, a, x[8] + 0x455a14ed, 20);
        a = step_g(a, b, c, d, x[13] + 0xa9e3e905, 5);
        d = step_g(d, a, b, c, x[2] + 0xfcefa3f8, 9);
        c = step_g(c, d, a, b, x[7] + 0x676f02d9, 14);
        b = step_g(b, c, d, a, x[12] + 0x8d2a4c8a, 20);

        a = step_h(a, b, c, d, x[5] + 0xfffa3942, 4);
        d = step_h(d, a, b, c, x[8] + 0x8771f681, 11);
        c = step_h(c, d, a, b, x[11] + 0x6d9d6122, 16);
        b = step_h(b, c, d, a, x[14] + 0xfde5380c, 23);
        a = step_h(a, b, c, d, x[1] + 0xa4beea44, 4);
        d = step_h(d, a, b, c, x[4] + 0x4bdecfa9, 11);
        c = step_h(c, d, a, b, x[7] + 0xf6bb4b60, 16);
        b = step_h(b, c, d, a, x[10] + 0xbebfbc70, 23);
        a = step_h(a, b, c, d, x[13] + 0x289b7ec6, 4);
        d = step_h(d, a, b, c, x[0] + 0xeaa127fa, 11);
        c = step_h(c, d, a, b, x[3] + 0xd4ef3085, 16);
        b = step_h(b, c, d, a, x[6] + 0x04881d05, 23);
        a = step_h(a, b, c, d, x[9] + 0xd9d4d039, 4);
        d = step_h(d, a, b, c, x[12] + 0xe6db99e5, 11);
        c = step_h(c, d, a, b, x[15] + 0x1fa27cf8, 16);
        b = step_h(b, c, d, a, x[2] + 0xc4ac5665, 23);

        a = step_i(a, b, c, d, x[0] + 0xf4292244, 6);
        d = step_i(d, a, b, c, x[7] + 0x432aff97, 10);
        c = step_i(c, d, a, b, x[14] + 0xab9423a7, 15);
        b = step_i(b, c, d, a, x[5] + 0xfc93a039, 21);
        a = step_i(a, b, c, d, x[12] + 0x655b59c3, 6);
        d = step_i(d, a, b, c, x[3] + 0x8f0ccc92, 10);
        c = step_i(c, d, a, b, x[10] + 0xffeff47d, 15);
        b = step_i(b, c, d, a, x[1] + 0x85845dd1, 21);
        a = step_i(a, b, c, d, x[8] + 0x6fa87e4f, 6);
        d = step_i(d, a, b, c, x[15] + 0xfe2ce6e0, 10);
        c = step_i(c, d, a, b, x[6] + 0xa3014314, 15);
        b = step_i(b, c, d, a, x[13] + 0x4e0811a1, 21);
        a = step_i(a, b, c, d, x[4] + 0xf7537e82, 6);
        d = step_i(d, a, b, c, x[11] + 0xbd3af235, 10);
        c = step_i(c, d, a, b, x[2] + 0x2ad7d2bb, 15);
        b = step_i(b, c, d, a, x[9] + 0xeb86d391, 21);

        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
    }
}

static void md5_blocks(void *c, const uint8_t *blocks, size_t n_blocks)
{
    brisk_md5_ctx *ctx = c;
    brisk_md5_for(n_blocks * 64)->compress(ctx->h, blocks, n_blocks);
}

void brisk_md5_init(brisk_md5_ctx *ctx)
{
    static const uint32_t iv[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    memcpy(ctx->h, iv, sizeof(iv));
    ctx->count = 0;
    ctx->buf_len = 0;
}

void brisk_md5_update(brisk_md5_ctx *ctx, const uint8_t *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 64, in, in_len, md5_blocks);
}

void brisk_md5_final(brisk_md5_ctx *ctx, uint8_t out[BRISK_MD5_LEN])
{
    md_pad(ctx, ctx->buf, ctx->buf_len, ctx->count, 64, 8, 0, md5_blocks);
    for (int i = 0; i < 4; i++)
        store32_le(out + 4 * i, ctx->h[i]);
    wipe(ctx, sizeof(*ctx));
}

void brisk_md5(uint8_t out[BRISK_MD5_LEN], const uint8_t *in, size_t in_len)
{
    brisk_md5_ctx ctx;
    brisk_md5_init(&ctx);
    brisk_md5_update(&ctx, in, in_len);
    brisk_md5_final(&ctx, out);
}

static void md5_init_any(void *ctx) { brisk_md5_init(ctx); }
static void md5_update_any(void *ctx, const uint8_t *in, size_t in_len) { brisk_md5_update(ctx, in, in_len); }
static void md5_final_any(void *ctx, uint8_t *out) { brisk_md5_final(ctx, out); }

/* md5_hmac is HMAC-MD5 of a whole message from ikey and okey, the contexts
 * after the ipad and opad blocks, in one call of the active implementation's
 * HMAC path when it has one and the message fits in one padded block. */
static int md5_hmac(const void *ikey, const void *okey, uint8_t *out, size_t out_len,
                    const void *in, size_t in_len)
{
    const brisk_md5_ops *ops;
    (void)out_len; /* always 16 */
    if (in_len <= 64 - 9 && (ops = brisk_md5_for(in_len))->hmac != NULL) {
        const brisk_md5_ctx *ik = ikey, *ok = okey;
        ops->hmac(ik->h, ok->h, out, in, in_len);
        return 1;
    }
    return 0;
}

static const struct brisk_digest_internal md5_internal = {md5_hmac};

static const char *const md5_aliases[] = {"ssl3-md5", NULL};
const brisk_digest brisk_digest_md5 = {
    "md5", "MD5", md5_aliases, "md5", BRISK_MD5_LEN, 64, sizeof(brisk_md5_ctx),
    md5_init_any, md5_update_any, md5_final_any, brisk_md5, &md5_internal,
};
