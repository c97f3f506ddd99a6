/*
 * src/digest/rmd160.c - RIPEMD-160 (Dobbertin, Bosselaers, Preneel 1996;
 * ISO/IEC 10118-3): the portable kernel, buffering, padding and the
 * descriptor.  The kernel runs the left and right lines interleaved step by
 * step, straight-line, so that a superscalar CPU works on both independent
 * dependency chains at once; the variables' roles rotate instead of moving.
 * f4 is (b & d) + (c & ~d) (its terms share no bit), leaving one AND and one
 * ADD between b, the word made by the previous step, and the rotation.
 * There are no secret-dependent branches or table lookups: constant-time.
 */
#include "internal.h"

static const brisk_impl rmd160_impls[] = {
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL, BRISK_CPU_VECLAT1, BRISK_IMPL_LONG,
     &(const brisk_rmd160_ops){brisk_rmd160_compress_avx512}},
    {"bmi2", BRISK_CPU_BMI1 | BRISK_CPU_BMI2, 0, BRISK_IMPL_AUTO,
     &(const brisk_rmd160_ops){brisk_rmd160_compress_bmi2}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_rmd160_ops){brisk_rmd160_compress_c}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_rmd160_prim = {.name = "rmd160", .impls = rmd160_impls, .sized = 1,
                                .long_min = BRISK_VECTOR_HASH_MIN};

/* Each step replaces a and rotates c by 10; the caller renames the variables.
 * xk is the message word plus the round constant. */
static inline void step_f1(uint32_t *a, uint32_t b, uint32_t *c, uint32_t d,
                           uint32_t e, uint32_t xk, unsigned s)
{
    *a = rotl32(*a + xk + (b ^ (*c ^ d)), s) + e;
    *c = rotl32(*c, 10);
}

static inline void step_f2(uint32_t *a, uint32_t b, uint32_t *c, uint32_t d,
                           uint32_t e, uint32_t xk, unsigned s)
{
    *a = rotl32(*a + (d ^ (b & (*c ^ d))) + xk, s) + e;
    *c = rotl32(*c, 10);
}

static inline void step_f3(uint32_t *a, uint32_t b, uint32_t *c, uint32_t d,
                           uint32_t e, uint32_t xk, unsigned s)
{
    *a = rotl32(*a + ((b | ~*c) ^ d) + xk, s) + e;
    *c = rotl32(*c, 10);
}

static inline void step_f4(uint32_t *a, uint32_t b, uint32_t *c, uint32_t d,
                           uint32_t e, uint32_t xk, unsigned s)
{
    *a = rotl32(*a + xk + (*c & ~d) + (b & d), s) + e;
    *c = rotl32(*c, 10);
}

static inline void step_f5(uint32_t *a, uint32_t b, uint32_t *c, uint32_t d,
                           uint32_t e, uint32_t xk, unsigned s)
{
    *a = rotl32(*a + (b ^ (*c | ~d)) + xk, s) + e;
    *c = rotl32(*c, 10);
}

void brisk_rmd160_compress_c(uint32_t h[5], const uint8_t *p, size_t n_blocks)
{
    for (; n_blocks > 0; n_blocks--, p += 64) {
        uint32_t x[16];
        for (int i = 0; i < 16; i++)
            x[i] = load32_le(p + 4 * i);
        uint32_t al = h[0], bl = h[1], cl = h[2], dl = h[3], el = h[4];
        uint32_t ar = al, br = bl, cr = cl, dr = dl, er = el;

        step_f1(&al, bl, &cl, dl, el, x[0], 11);
        step_f5(&ar, br, &cr, dr, er, x[5] + 0x50a28be6, 8);
        step_f1(&el, al, &bl, cl, dl, x[1], 14);
        step_f5(&er, ar, &br, cr, dr, x[14] + 0x50a28be6, 9);
        step_f1(&dl, el, &al, bl, cl, x[2], 15);
        step_f5(&dr, er, &ar, br, cr, x[7] + 0x50a28be6, 9);
        step_f1(&cl, dl, &el, al, bl, x[3], 12);
        step_f5(&cr, dr, &er, ar, br, x[0] + 0x50a28be6, 11);
        step_f1(&bl, cl, &dl, el, al, x[4], 5);
        step_f5(&br, cr, &dr, er, ar, x[9] + 0x50a28be6, 13);
        step_f1(&al, bl, &cl, dl, el, x[5], 8);
        step_f5(&ar, br, &cr, dr, er, x[2] + 0x50a28be6, 15);
        step_f1(&el, al, &bl, cl, dl, x[6], 7);
        step_f5(&er, ar, &br, cr, dr, x[11] + 0x50a28be6, 15);
        step_f1(&dl, el, &al, bl, cl, x[7], 9);
        step_f5(&dr, er, &ar, br, cr, x[4] + 0x50a28be6, 5);
        step_f1(&cl, dl, &el, al, bl, x[8], 11);
        step_f5(&cr, dr, &er, ar, br, x[13] + 0x50a28be6, 7);
        step_f1(&bl, cl, &dl, el, al, x[9], 13);
        step_f5(&br, cr, &dr, er, ar, x[6] + 0x50a28be6, 7);
        step_f1(&al, bl, &cl, dl, el, x[10], 14);
        step_f5(&ar, br, &cr, dr, er, x[15] + 0x50a28be6, 8);
        step_f1(&el, al, &bl, cl, dl, x[11], 15);
        step_f5(&er, ar, &br, cr, dr, x[8] + 0x50a28be6, 11);
        step_f1(&dl, el, &al, bl, cl, x[12], 6);
        step_f5(&dr, er, &ar, br, cr, x[1] + 0x50a28be6, 14);
        step_f1(&cl, dl, &el, al, bl, x[13], 7);
        step_f5(&cr, dr, &er, ar, br, x[10] + 0x50a28be6, 14);
        step_f1(&bl, cl, &dl, el, al, x[14], 9);
        step_f5(&br, cr, &dr, er, ar, x[3] + 0x50a28be6, 12);
        step_f1(&al, bl, &cl, dl, el, x[15], 8);
        step_f5(&ar, br, &cr, dr, er, x[12] + 0x50a28be6, 6);

        step_f2(&el, al, &bl, cl, dl, x[7] + 0x5a827999, 7);
        step_f4(&er, ar, &br, cr, dr, x[6] + 0x5c4dd124, 9);
        step_f2(&dl, el, &al, bl, cl, x[4] + 0x5a827999, 6);
        step_f4(&dr, er, &ar, br, cr, x[11] + 0x5c4dd124, 13);
        step_f2(&cl, dl, &el, al, bl, x[13] + 0x5a827999, 8);
        step_f4(&cr, dr, &er, ar, br, x[3] + 0x5c4dd124, 15);
        step_f2(&bl, cl, &dl, el, al, x[1] + 0x5a827999, 13);
        step_f4(&br, cr, &dr, er, ar, x[7] + 0x5c4dd124, 7);
        step_f2(&al, bl, &cl, dl, el, x[10] + 0x5a827999, 11);
        step_f4(&ar, br, &cr, dr, er, x[0] + 0x5c4dd124, 12);
        step_f2(&el, al, &bl, cl, dl, x[6] + 0x5a827999, 9);
        step_f4(&er, ar, &br, cr, dr, x[13] + 0x5c4dd124, 8);
        step_f2(&dl, el, &al, bl, cl, x[15] + 0x5a827999, 7);
        step_f4(&dr, er, &ar, br, cr, x[5] + 0x5c4dd124, 9);
        step_f2(&cl, dl, &el, al, bl, x[3] + 0x5a827999, 15);
        step_f4(&cr, dr, &er, ar, br, x[10] + 0x5c4dd124, 11);
        step_f2(&bl, cl, &dl, el, al, x[12] + 0x5a827999, 7);
        step_f4(&br, cr, &dr, er, ar, x[14] + 0x5c4dd124, 7);
        step_f2(&al, bl, &cl, dl, el, x[0] + 0x5a827999, 12);
        step_f4(&ar, br, &cr, dr, er, x[15] + 0x5c4dd124, 7);
        step_f2(&el, al, &bl, cl, dl, x[9] + 0x5a827999, 15);
        step_f4(&er, ar, &br, cr, dr, x[8] + 0x5c4dd124, 12);
        step_f2(&dl, el, &al, bl, cl, x[5] + 0x5a827999, 9);
        step_f4(&dr, er, &ar, br, cr, x[12] + 0x5c4dd124, 7);
        step_f2(&cl, dl, &el, al, bl, x[2] + 0x5a827999, 11);
        step_f4(&cr, dr, &er, ar, br, x[4] + 0x5c4dd124, 6);
        step_f2(&bl, cl, &dl, el, al, x[14] + 0x5a827999, 7);
        step_f4(&br, cr, &dr, er, ar, x[9] + 0x5c4dd124, 15);
        step_f2(&al, bl, &cl, dl, el, x[11] + 0x5a827999, 13);
        step_f4(&ar, br, &cr, dr, er, x[1] + 0x5c4dd124, 13);
        step_f2(&el, al, &bl, cl, dl, x[8] + 0x5a827999, 12);
        step_f4(&er, ar, &br, cr, dr, x[2] + 0x5c4dd124, 11);

        step_f3(&dl, el, &al, bl, cl, x[3] + 0x6ed9eba1, 11);
        step_f3(&dr, er, &ar, br, cr, x[15] + 0x6d703ef3, 9);
        step_f3(&cl, dl, &el, al, bl, x[10] + 0x6ed9eba1, 13);
        step_f3(&cr, dr, &er, ar, br, x[5] + 0x6d703ef3, 7);
        step_f3(&bl, cl, &dl, el, al, x[14] + 0x6ed9eba1, 6);
        step_f3(&br, cr, &dr, er, ar, x[1] + 0x6d703ef3, 15);
        step_f3(&al, bl, &cl, dl, el, x[4] + 0x6ed9eba1, 7);
        step_f3(&ar, br, &cr, dr, er, x[3] + 0x6d703ef3, 11);
        step_f3(&el, al, &bl, cl, dl, x[9] + 0x6ed9eba1, 14);
        step_f3(&er, ar, &br, cr, dr, x[7] + 0x6d703ef3, 8);
        step_f3(&dl, el, &al, bl, cl, x[15] + 0x6ed9eba1, 9);
        step_f3(&dr, er, &ar, br, cr, x[14] + 0x6d703ef3, 6);
        step_f3(&cl, dl, &el, al, bl, x[8] + 0x6ed9eba1, 13);
        step_f3(&cr, dr, &er, ar, br, x[6] + 0x6d703ef3, 6);
        step_f3(&bl, cl, &dl, el, al, x[1] + 0x6ed9eba1, 15);
        step_f3(&br, cr, &dr, er, ar, x[9] + 0x6d703ef3, 14);
        step_f3(&al, bl, &cl, dl, el, x[2] + 0x6ed9eba1, 14);
        step_f3(&ar, br, &cr, dr, er, x[11] + 0x6d703ef3, 12);
        step_f3(&el, al, &bl, cl, dl, x[7] + 0x6ed9eba1, 8);
        step_f3(&er, ar, &br, cr, dr, x[8] + 0x6d703ef3, 13);
        step_f3(&dl, el, &al, bl, cl, x[0] + 0x6ed9eba1, 13);
        step_f3(&dr, er, &ar, br, cr, x[12] + 0x6d703ef3, 5);
        step_f3(&cl, dl, &el, al, bl, x[6] + 0x6ed9eba1, 6);
        step_f3(&cr, dr, &er, ar, br, x[2] + 0x6d703ef3, 14);
        step_f3(&bl, cl, &dl, el, al, x[13] + 0x6ed9eba1, 5);
        step_f3(&br, cr, &dr, er, ar, x[10] + 0x6d703ef3, 13);
        step_f3(&al, bl, &cl, dl, el, x[11] + 0x6ed9eba1, 12);
        step_f3(&ar, br, &cr, dr, er, x[0] + 0x6d703ef3, 13);
        step_f3(&el, al, &bl, cl, dl, x[5] + 0x6ed9eba1, 7);
        step_f3(&er, ar, &br, cr, dr, x[4] + 0x6d703ef3, 7);
        step_f3(&dl, el, &al, bl, cl, x[12] + 0x6ed9eba1, 5);
        step_f3(&dr, er, &ar, br, cr, x[13] + 0x6d703ef3, 5);

        step_f4(&cl, dl, &el, al, bl, x[1] + 0x8f1bbcdc, 11);
        step_f2(&cr, dr, &er, ar, br, x[8] + 0x7a6d76e9, 15);
        step_f4(&bl, cl, &dl, el, al, x[9] + 0x8f1bbcdc, 12);
        step_f2(&br, cr, &dr, er, ar, x[6] + 0x7a6d76e9, 5);
        step_f4(&al, bl, &cl, dl, el, x[11] + 0x8f1bbcdc, 14);
        step_f2(&ar, br, &cr, dr, er, x[4] + 0x7a6d76e9, 8);
        step_f4(&el, al, &bl, cl, dl, x[10] + 0x8f1bbcdc, 15);
        step_f2(&er, ar, &br, cr, dr, x[1] + 0x7a6d76e9, 11);
        step_f4(&dl, el, &al, bl, cl, x[0] + 0x8f1bbcdc, 14);
        step_f2(&dr, er, &ar, br, cr, x[3] + 0x7a6d76e9, 14);
        step_f4(&cl, dl, &el, al, bl, x[8] + 0x8f1bbcdc, 15);
        step_f2(&cr, dr, &er, ar, br, x[11] + 0x7a6d76e9, 14);
        step_f4(&bl, cl, &dl, el, al, x[12] + 0x8f1bbcdc, 9);
        step_f2(&br, cr, &dr, er, ar, x[15] + 0x7a6d76e9, 6);
        step_f4(&al, bl, &cl, dl, el, x[4] + 0x8f1bbcdc, 8);
        step_f2(&ar, br, &cr, dr, er, x[0] + 0x7a6d76e9, 14);
        step_f4(&el, al, &bl, cl, dl, x[13] + 0x8f1bbcdc, 9);
        step_f2(&er, ar, &br, cr, dr, x[5] + 0x7a6d76e9, 6);
        step_f4(&dl, el, &al, bl, cl, x[3] + 0x8f1bbcdc, 14);
        step_f2(&dr, er, &ar, br, cr, x[12] + 0x7a6d76e9, 9);
        step_f4(&cl, dl, &el, al, bl, x[7] + 0x8f1bbcdc, 5);
        step_f2(&cr, dr, &er, ar, br, x[2] + 0x7a6d76e9, 12);
        step_f4(&bl, cl, &dl, el, al, x[15] + 0x8f1bbcdc, 6);
        step_f2(&br, cr, &dr, er, ar, x[13] + 0x7a6d76e9, 9);
        step_f4(&al, bl, &cl, dl, el, x[14] + 0x8f1bbcdc, 8);
        step_f2(&ar, br, &cr, dr, er, x[9] + 0x7a6d76e9, 12);
        step_f4(&el, al, &bl, cl, dl, x[5] + 0x8f1bbcdc, 6);
        step_f2(&er, ar, &br, cr, dr, x[7] + 0x7a6d76e9, 5);
        step_f4(&dl, el, &al, bl, cl, x[6] + 0x8f1bbcdc, 5);
        step_f2(&dr, er, &ar, br, cr, x[10] + 0x7a6d76e9, 15);
        step_f4(&cl, dl, &el, al, bl, x[2] + 0x8f1bbcdc, 12);
        step_f2(&cr, dr, &er, ar, br, x[14] + 0x7a6d76e9, 8);

        step_f5(&bl, cl, &dl, el, al, x[4] + 0xa953fd4e, 9);
        step_f1(&br, cr, &dr, er, ar, x[12], 8);
        step_f5(&al, bl, &cl, dl, el, x[0] + 0xa953fd4e, 15);
        step_f1(&ar, br, &cr, dr, er, x[15], 5);
        step_f5(&el, al, &bl, cl, dl, x[5] + 0xa953fd4e, 5);
        step_f1(&er, ar, &br, cr, dr, x[10], 12);
        step_f5(&dl, el, &al, bl, cl, x[9] + 0xa953fd4e, 11);
        step_f1(&dr, er, &ar, br, cr, x[4], 9);
        step_f5(&cl, dl, &el, al, bl, x[7] + 0xa953fd4e, 6);
        step_f1(&cr, dr, &er, ar, br, x[1], 12);
        step_f5(&bl, cl, &dl, el, al, x[12] + 0xa953fd4e, 8);
        step_f1(&br, cr, &dr, er, ar, x[5], 5);
        step_f5(&al, bl, &cl, dl, el, x[2] + 0xa953fd4e, 13);
        step_f1(&ar, br, &cr, dr, er, x[8], 14);
        step_f5(&el, al, &bl, cl, dl, x[10] + 0xa953fd4e, 12);
        step_f1(&er, ar, &br, cr, dr, x[7], 6);
        step_f5(&dl, el, &al, bl, cl, x[14] + 0xa953fd4e, 5);
        step_f1(&dr, er, &ar, br, cr, x[6], 8);
        step_f5(&cl, dl, &el, al, bl, x[1] + 0xa953fd4e, 12);
        step_f1(&cr, dr, &er, ar, br, x[2], 13);
        step_f5(&bl, cl, &dl, el, al, x[3] + 0xa953fd4e, 13);
        step_f1(&br, cr, &dr, er, ar, x[13], 6);
        step_f5(&al, bl, &cl, dl, el, x[8] + 0xa953fd4e, 14);
        step_f1(&ar, br, &cr, dr, er, x[14], 5);
        step_f5(&el, al, &bl, cl, dl, x[11] + 0xa953fd4e, 11);
        step_f1(&er, ar, &br, cr, dr, x[0], 15);
        step_f5(&dl, el, &al, bl, cl, x[6] + 0xa953fd4e, 8);
        step_f1(&dr, er, &ar, br, cr, x[3], 13);
        step_f5(&cl, dl, &el, al, bl, x[15] + 0xa953fd4e, 5);
        step_f1(&cr, dr, &er, ar, br, x[9], 11);
        step_f5(&bl, cl, &dl, el, al, x[13] + 0xa953fd4e, 6);
        step_f1(&br, cr, &dr, er, ar, x[11], 11);

        uint32_t t = h[1] + cl + dr;
        h[1] = h[2] + dl + er;
        h[2] = h[3] + el + ar;
        h[3] = h[4] + al + br;
        h[4] = h[0] + bl + cr;
        h[0] = t;
    }
}

static void rmd160_blocks(void *c, const uint8_t *blocks, size_t n_blocks)
{
    brisk_rmd160_ctx *ctx = c;
    brisk_rmd160_for(n_blocks * 64)->compress(ctx->h, blocks, n_blocks);
}

void brisk_rmd160_init(brisk_rmd160_ctx *ctx)
{
    static const uint32_t iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
                                   0xc3d2e1f0};
    memcpy(ctx->h, iv, sizeof(iv));
    ctx->count = 0;
    ctx->buf_len = 0;
}

void brisk_rmd160_update(brisk_rmd160_ctx *ctx, const uint8_t *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 64, in, in_len, rmd160_blocks);
}

void brisk_rmd160_final(brisk_rmd160_ctx *ctx, uint8_t out[BRISK_RMD160_LEN])
{
    md_pad(ctx, ctx->buf, ctx->buf_len, ctx->count, 64, 8, 0, rmd160_blocks);
    for (int i = 0; i < 5; i++)
        store32_le(out + 4 * i, ctx->h[i]);
    wipe(ctx, sizeof(*ctx));
}

void brisk_rmd160(uint8_t out[BRISK_RMD160_LEN], const uint8_t *in, size_t in_len)
{
    brisk_rmd160_ctx ctx;
    brisk_rmd160_init(&ctx);
    brisk_rmd160_update(&ctx, in, in_len);
    brisk_rmd160_final(&ctx, out);
}

static void rmd160_init_any(void *ctx) { brisk_rmd160_init(ctx); }
static void rmd160_update_any(void *ctx, const uint8_t *in, size_t in_len) { brisk_rmd160_update(ctx, in, in_len); }
static void rmd160_final_any(void *ctx, uint8_t *out) { brisk_rmd160_final(ctx, out); }

static const char *const rmd160_aliases[] = {"ripemd160", "ripemd", NULL};
const brisk_digest brisk_digest_rmd160 = {
    "rmd160", "RIPEMD-160", rmd160_aliases, "rmd160", BRISK_RMD160_LEN, 64,
    sizeof(brisk_rmd160_ctx), rmd160_init_any, rmd160_update_any, rmd160_final_any, brisk_rmd160, NULL,
};
