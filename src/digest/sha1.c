/*
 * src/digest/sha1.c - SHA-1 (FIPS 180-4, 6.1): the portable kernel,
 * buffering, padding and the descriptor.  The kernel runs the 80 rounds
 * straight-line, rotating the roles of the five working variables instead of
 * moving them, over a rolling 16-word message schedule; the majority is
 * (c & d) + (b & (c ^ d)), since its two terms share no bit.  There are no
 * secret-dependent branches or table lookups: constant-time.
 */
#include "internal.h"

static const brisk_impl sha1_impls[] = {
#ifdef BRISK_X86_64
    {"shani", BRISK_CPU_SHANI | BRISK_CPU_SSE41 | BRISK_CPU_SSSE3, 0, BRISK_IMPL_AUTO,
     &(const brisk_sha1_ops){brisk_sha1_compress_shani, brisk_sha1_short_shani,
                             brisk_sha1_hmac_shani}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_sha1_ops){brisk_sha1_compress_c, NULL, NULL}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_sha1_prim = {.name = "sha1", .impls = sha1_impls, .sized = 1};

/* sched computes schedule word i (16 <= i < 80) in place of word i - 16. */
static inline uint32_t sched(uint32_t w[16], unsigned i)
{
    uint32_t v = w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15];
    w[i & 15] = rotl32(v, 1);
    return w[i & 15];
}

/* Each step adds into e and rotates b; the caller renames the variables. */
static inline void step_ch(uint32_t a, uint32_t *b, uint32_t c, uint32_t d,
                           uint32_t *e, uint32_t w)
{
    *e += rotl32(a, 5) + (d ^ (*b & (c ^ d))) + 0x5a827999 + w;
    *b = rotl32(*b, 30);
}

static inline void step_parity(uint32_t a, uint32_t *b, uint32_t c, uint32_t d,
                               uint32_t *e, uint32_t wk)
{
    *e += rotl32(a, 5) + (*b ^ c ^ d) + wk;
    *b = rotl32(*b, 30);
}

static inline void step_maj(uint32_t a, uint32_t *b, uint32_t c, uint32_t d,
                            uint32_t *e, uint32_t w)
{
    *e += rotl32(a, 5) + (c & d) + (*b & (c ^ d)) + 0x8f1bbcdc + w;
    *b = rotl32(*b, 30);
}

void brisk_sha1_compress_c(uint32_t h[5], const uint8_t *p, size_t n_blocks)
{
    for (; n_blocks > 0; n_blocks--, p += 64) {
        uint32_t w[16];
        for (int i = 0; i < 16; i++)
            w[i] = load32_be(p + 4 * i);
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];

        step_ch(a, &b, c, d, &e, w[0]);
        step_ch(e, &a, b, c, &d, w[1]);
        step_ch(d, &e, a, b, &c, w[2]);
        step_ch(c, &d, e, a, &b, w[3]);
        step_ch(b, &c, d, e, &a, w[4]);
        step_ch(a, &b, c, d, &e, w[5]);
        step_ch(e, &a, b, c, &d, w[6]);
        step_ch(d, &e, a, b, &c, w[7]);
        step_ch(c, &d, e, a, &b, w[8]);
        step_ch(b, &c, d, e, &a, w[9]);
        step_ch(a, &b, c, d, &e, w[10]);
        step_ch(e, &a, b, c, &d, w[11]);
        step_ch(d, &e, a, b, &c, w[12]);
        step_ch(c, &d, e, a, &b, w[13]);
        step_ch(b, &c, d, e, &a, w[14]);
        step_ch(a, &b, c, d, &e, w[15]);
        step_ch(e, &a, b, c, &d, sched(w, 16));
        step_ch(d, &e, a, b, &c, sched(w, 17));
        step_ch(c, &d, e, a, &b, sched(w, 18));
        step_ch(b, &c, d, e, &a, sched(w, 19));

        step_parity(a, &b, c, d, &e, sched(w, 20) + 0x6ed9eba1);
        step_parity(e, &a, b, c, &d, sched(w, 21) + 0x6ed9eba1);
        step_parity(d, &e, a, b, &c, sched(w, 22) + 0x6ed9eba1);
        step_parity(c, &d, e, a, &b, sched(w, 23) + 0x6ed9eba1);
        step_parity(b, &c, d, e, &a, sched(w, 24) + 0x6ed9eba1);
        step_parity(a, &b, c, d, &e, sched(w, 25) + 0x6ed9eba1);
        step_parity(e, &a, b, c, &d, sched(w, 26) + 0x6ed9eba1);
        step_parity(d, &e, a, b, &c, sched(w, 27) + 0x6ed9eba1);
        step_parity(c, &d, e, a, &b, sched(w, 28) + 0x6ed9eba1);
        step_parity(b, &c, d, e, &a, sched(w, 29) + 0x6ed9eba1);
        step_parity(a, &b, c, d, &e, sched(w, 30) + 0x6ed9eba1);
        step_parity(e, &a, b, c, &d, sched(w, 31) + 0x6ed9eba1);
        step_parity(d, &e, a, b, &c, sched(w, 32) + 0x6ed9eba1);
        step_parity(c, &d, e, a, &b, sched(w, 33) + 0x6ed9eba1);
        step_parity(b, &c, d, e, &a, sched(w, 34) + 0x6ed9eba1);
        step_parity(a, &b, c, d, &e, sched(w, 35) + 0x6ed9eba1);
        step_parity(e, &a, b, c, &d, sched(w, 36) + 0x6ed9eba1);
        step_parity(d, &e, a, b, &c, sched(w, 37) + 0x6ed9eba1);
        step_parity(c, &d, e, a, &b, sched(w, 38) + 0x6ed9eba1);
        step_parity(b, &c, d, e, &a, sched(w, 39) + 0x6ed9eba1);

        step_maj(a, &b, c, d, &e, sched(w, 40));
        step_maj(e, &a, b, c, &d, sched(w, 41));
        step_maj(d, &e, a, b, &c, sched(w, 42));
        step_maj(c, &d, e, a, &b, sched(w, 43));
        step_maj(b, &c, d, e, &a, sched(w, 44));
        step_maj(a, &b, c, d, &e, sched(w, 45));
        step_maj(e, &a, b, c, &d, sched(w, 46));
        step_maj(d, &e, a, b, &c, sched(w, 47));
        step_maj(c, &d, e, a, &b, sched(w, 48));
        step_maj(b, &c, d, e, &a, sched(w, 49));
        step_maj(a, &b, c, d, &e, sched(w, 50));
        step_maj(e, &a, b, c, &d, sched(w, 51));
        step_maj(d, &e, a, b, &c, sched(w, 52));
        step_maj(c, &d, e, a, &b, sched(w, 53));
        step_maj(b, &c, d, e, &a, sched(w, 54));
        step_maj(a, &b, c, d, &e, sched(w, 55));
        step_maj(e, &a, b, c, &d, sched(w, 56));
        step_maj(d, &e, a, b, &c, sched(w, 57));
        step_maj(c, &d, e, a, &b, sched(w, 58));
        step_maj(b, &c, d, e, &a, sched(w, 59));

        step_parity(a, &b, c, d, &e, sched(w, 60) + 0xca62c1d6);
        step_parity(e, &a, b, c, &d, sched(w, 61) + 0xca62c1d6);
        step_parity(d, &e, a, b, &c, sched(w, 62) + 0xca62c1d6);
        step_parity(c, &d, e, a, &b, sched(w, 63) + 0xca62c1d6);
        step_parity(b, &c, d, e, &a, sched(w, 64) + 0xca62c1d6);
        step_parity(a, &b, c, d, &e, sched(w, 65) + 0xca62c1d6);
        step_parity(e, &a, b, c, &d, sched(w, 66) + 0xca62c1d6);
        step_parity(d, &e, a, b, &c, sched(w, 67) + 0xca62c1d6);
        step_parity(c, &d, e, a, &b, sched(w, 68) + 0xca62c1d6);
        step_parity(b, &c, d, e, &a, sched(w, 69) + 0xca62c1d6);
        step_parity(a, &b, c, d, &e, sched(w, 70) + 0xca62c1d6);
        step_parity(e, &a, b, c, &d, sched(w, 71) + 0xca62c1d6);
        step_parity(d, &e, a, b, &c, sched(w, 72) + 0xca62c1d6);
        step_parity(c, &d, e, a, &b, sched(w, 73) + 0xca62c1d6);
        step_parity(b, &c, d, e, &a, sched(w, 74) + 0xca62c1d6);
        step_parity(a, &b, c, d, &e, sched(w, 75) + 0xca62c1d6);
        step_parity(e, &a, b, c, &d, sched(w, 76) + 0xca62c1d6);
        step_parity(d, &e, a, b, &c, sched(w, 77) + 0xca62c1d6);
        step_parity(c, &d, e, a, &b, sched(w, 78) + 0xca62c1d6);
        step_parity(b, &c, d, e, &a, sched(w, 79) + 0xca62c1d6);

        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
}

static void sha1_blocks(void *c, const uint8_t *blocks, size_t n_blocks)
{
    brisk_sha1_ctx *ctx = c;
    brisk_sha1_for(n_blocks * 64)->compress(ctx->h, blocks, n_blocks);
}

void brisk_sha1_init(brisk_sha1_ctx *ctx)
{
    static const uint32_t iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
                                   0xc3d2e1f0};
    memcpy(ctx->h, iv, sizeof(iv));
    ctx->count = 0;
    ctx->buf_len = 0;
}

void brisk_sha1_update(brisk_sha1_ctx *ctx, const uint8_t *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 64, in, in_len, sha1_blocks);
}

void brisk_sha1_final(brisk_sha1_ctx *ctx, uint8_t out[BRISK_SHA1_LEN])
{
    md_pad(ctx, ctx->buf, ctx->buf_len, ctx->count, 64, 8, 1, sha1_blocks);
    for (int i = 0; i < 5; i++)
        store32_be(out + 4 * i, ctx->h[i]);
    wipe(ctx, sizeof(*ctx));
}

void brisk_sha1(uint8_t out[BRISK_SHA1_LEN], const uint8_t *in, size_t in_len)
{
    const brisk_sha1_ops *ops;
    /* one or two padded blocks, built in registers by the shani kernel */
    if (in_len <= 128 - 9 && (ops = brisk_sha1_for(in_len))->oneshot != NULL) {
        ops->oneshot(out, in, in_len);
        return;
    }
    brisk_sha1_ctx ctx;
    brisk_sha1_init(&ctx);
    brisk_sha1_update(&ctx, in, in_len);
    brisk_sha1_final(&ctx, out);
}

/* sha1_hmac is HMAC-SHA-1 of a whole message from ikey and okey, the
 * contexts after the ipad and opad blocks, in one call of the active
 * implementation's HMAC path when it has one and the message fits in one
 * padded block; returns whether it wrote the tag. */
static int sha1_hmac(const void *ikey, const void *okey, uint8_t *out, size_t out_len,
                     const void *in, size_t in_len)
{
    const brisk_sha1_ops *ops;
    (void)out_len; /* always 20 */
    if (in_len <= 64 - 9 && (ops = brisk_sha1_for(in_len))->hmac != NULL) {
        const brisk_sha1_ctx *ik = ikey, *ok = okey;
        ops->hmac(ik->h, ok->h, out, in, in_len);
        return 1;
    }
    return 0;
}

static void sha1_init_any(void *ctx) { brisk_sha1_init(ctx); }
static void sha1_update_any(void *ctx, const uint8_t *in, size_t in_len) { brisk_sha1_update(ctx, in, in_len); }
static void sha1_final_any(void *ctx, uint8_t *out) { brisk_sha1_final(ctx, out); }

static const struct brisk_digest_internal sha1_internal = {sha1_hmac};

static const char *const sha1_aliases[] = {"SHA-1", "ssl3-sha1", NULL};
const brisk_digest brisk_digest_sha1 = {
    "sha1", "SHA1", sha1_aliases, "sha1", BRISK_SHA1_LEN, 64, sizeof(brisk_sha1_ctx),
    sha1_init_any, sha1_update_any, sha1_final_any, brisk_sha1, &sha1_internal,
};
