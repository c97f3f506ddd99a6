/*
 * src/digest/sha256.c - SHA-256 and SHA-224 (FIPS 180-4, 6.2 and 6.3): the
 * portable kernel, buffering, padding and both descriptors, which share the
 * "sha256" primitive and differ only in IV and output length.  The kernel
 * runs the 64 rounds unrolled in 16-round groups, rotating the roles of the
 * eight working variables instead of moving them, over a rolling 16-word
 * message schedule.  Maj(a,b,c) is ((a ^ b) & (b ^ c)) ^ b, so that the
 * compiler reuses one round's a ^ b as the next round's b ^ c.  There are no
 * secret-dependent branches or table lookups (the round constants are read
 * in a fixed order): constant-time.
 */
#include "internal.h"

static const brisk_impl sha256_impls[] = {
#ifdef BRISK_X86_64
    {"shani", BRISK_CPU_SHANI | BRISK_CPU_SSE41 | BRISK_CPU_SSSE3, 0, BRISK_IMPL_AUTO,
     &(const brisk_sha256_ops){brisk_sha256_compress_shani, brisk_sha256_short_shani,
                               brisk_sha256_hmac_shani}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_sha256_ops){brisk_sha256_compress_c, NULL, NULL}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_sha256_prim = {.name = "sha256", .impls = sha256_impls, .sized = 1};

/* The first 32 bits of the fractional parts of the cube roots of the first
 * 64 primes (FIPS 180-4, 4.2.2). */
_Alignas(16) const uint32_t brisk_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* sched replaces word i of the rolling schedule by the word 16 later. */
static inline uint32_t sched(uint32_t w[16], unsigned i)
{
    uint32_t w2 = w[(i + 14) & 15], w15 = w[(i + 1) & 15];
    uint32_t s1 = rotr32(w2, 17) ^ rotr32(w2, 19) ^ (w2 >> 10);
    uint32_t s0 = rotr32(w15, 7) ^ rotr32(w15, 18) ^ (w15 >> 3);
    w[i] += s1 + w[(i + 9) & 15] + s0;
    return w[i];
}

/* One round: adds T1 into d and sets h to T1 + T2; the caller renames the
 * variables.  kw is the round constant plus the schedule word. */
static inline void step(uint32_t a, uint32_t b, uint32_t c, uint32_t *d,
                        uint32_t e, uint32_t f, uint32_t g, uint32_t *h, uint32_t kw)
{
    uint32_t t1 = *h + (rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25)) +
                  (g ^ (e & (f ^ g))) + kw;
    uint32_t t2 = (rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22)) +
                  (((a ^ b) & (b ^ c)) ^ b);
    *d += t1;
    *h = t1 + t2;
}

void brisk_sha256_compress_c(uint32_t s[8], const uint8_t *p, size_t n_blocks)
{
    const uint32_t *k = brisk_sha256_k;

    for (; n_blocks > 0; n_blocks--, p += 64) {
        uint32_t w[16];
        for (int i = 0; i < 16; i++)
            w[i] = load32_be(p + 4 * i);
        uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
        uint32_t e = s[4], f = s[5], g = s[6], h = s[7];

        step(a, b, c, &d, e, f, g, &h, k[0] + w[0]);
        step(h, a, b, &c, d, e, f, &g, k[1] + w[1]);
        step(g, h, a, &b, c, d, e, &f, k[2] + w[2]);
        step(f, g, h, &a, b, c, d, &e, k[3] + w[3]);
        step(e, f, g, &h, a, b, c, &d, k[4] + w[4]);
        step(d, e, f, &g, h, a, b, &c, k[5] + w[5]);
        step(c, d, e, &f, g, h, a, &b, k[6] + w[6]);
        step(b, c, d, &e, f, g, h, &a, k[7] + w[7]);
        step(a, b, c, &d, e, f, g, &h, k[8] + w[8]);
        step(h, a, b, &c, d, e, f, &g, k[9] + w[9]);
        step(g, h, a, &b, c, d, e, &f, k[10] + w[10]);
        step(f, g, h, &a, b, c, d, &e, k[11] + w[11]);
        step(e, f, g, &h, a, b, c, &d, k[12] + w[12]);
        step(d, e, f, &g, h, a, b, &c, k[13] + w[13]);
        step(c, d, e, &f, g, h, a, &b, k[14] + w[14]);
        step(b, c, d, &e, f, g, h, &a, k[15] + w[15]);

        for (unsigned r = 16; r < 64; r += 16) {
            step(a, b, c, &d, e, f, g, &h, k[r + 0] + sched(w, 0));
            step(h, a, b, &c, d, e, f, &g, k[r + 1] + sched(w, 1));
            step(g, h, a, &b, c, d, e, &f, k[r + 2] + sched(w, 2));
            step(f, g, h, &a, b, c, d, &e, k[r + 3] + sched(w, 3));
            step(e, f, g, &h, a, b, c, &d, k[r + 4] + sched(w, 4));
            step(d, e, f, &g, h, a, b, &c, k[r + 5] + sched(w, 5));
            step(c, d, e, &f, g, h, a, &b, k[r + 6] + sched(w, 6));
            step(b, c, d, &e, f, g, h, &a, k[r + 7] + sched(w, 7));
            step(a, b, c, &d, e, f, g, &h, k[r + 8] + sched(w, 8));
            step(h, a, b, &c, d, e, f, &g, k[r + 9] + sched(w, 9));
            step(g, h, a, &b, c, d, e, &f, k[r + 10] + sched(w, 10));
            step(f, g, h, &a, b, c, d, &e, k[r + 11] + sched(w, 11));
            step(e, f, g, &h, a, b, c, &d, k[r + 12] + sched(w, 12));
            step(d, e, f, &g, h, a, b, &c, k[r + 13] + sched(w, 13));
            step(c, d, e, &f, g, h, a, &b, k[r + 14] + sched(w, 14));
            step(b, c, d, &e, f, g, h, &a, k[r + 15] + sched(w, 15));
        }
        s[0] += a;
        s[1] += b;
        s[2] += c;
        s[3] += d;
        s[4] += e;
        s[5] += f;
        s[6] += g;
        s[7] += h;
    }
}

static void sha256_blocks(void *c, const uint8_t *blocks, size_t n_blocks)
{
    brisk_sha256_ctx *ctx = c;
    brisk_sha256_for(n_blocks * 64)->compress(ctx->h, blocks, n_blocks);
}

static void sha256_start(brisk_sha256_ctx *ctx, const uint32_t iv[8])
{
    memcpy(ctx->h, iv, sizeof(ctx->h));
    ctx->count = 0;
    ctx->buf_len = 0;
}

/* sha256_finish pads and writes the first out_words words of the state. */
static void sha256_finish(brisk_sha256_ctx *ctx, uint8_t *out, int out_words)
{
    md_pad(ctx, ctx->buf, ctx->buf_len, ctx->count, 64, 8, 1, sha256_blocks);
    for (int i = 0; i < out_words; i++)
        store32_be(out + 4 * i, ctx->h[i]);
    wipe(ctx, sizeof(*ctx));
}

/* FIPS 180-4, 5.3.3. */
static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
/* FIPS 180-4, 5.3.2: the second 32 bits of the fractional parts of the
 * square roots of the 9th to 16th primes. */
static const uint32_t sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

/* sha256_oneshot writes the first out_words words of the digest of a whole
 * message from iv: a message that fits in two padded blocks (up to 119
 * bytes) in one call of the active implementation's one-shot path when it
 * has one (shani), else through a context. */
static void sha256_oneshot(const uint32_t iv[8], uint8_t *out, int out_words, const void *in,
                           size_t in_len)
{
    const brisk_sha256_ops *ops;
    if (in_len <= 128 - 9 && (ops = brisk_sha256_for(in_len))->oneshot != NULL) {
        ops->oneshot(iv, out, 4 * (size_t)out_words, in, in_len);
        return;
    }
    brisk_sha256_ctx ctx;
    sha256_start(&ctx, iv);
    brisk_sha256_update(&ctx, in, in_len);
    sha256_finish(&ctx, out, out_words);
}

void brisk_sha256_init(brisk_sha256_ctx *ctx)
{
    sha256_start(ctx, sha256_iv);
}

void brisk_sha256_update(brisk_sha256_ctx *ctx, const uint8_t *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 64, in, in_len, sha256_blocks);
}

void brisk_sha256_final(brisk_sha256_ctx *ctx, uint8_t out[BRISK_SHA256_LEN])
{
    sha256_finish(ctx, out, 8);
}

void brisk_sha256(uint8_t out[BRISK_SHA256_LEN], const uint8_t *in, size_t in_len)
{
    sha256_oneshot(sha256_iv, out, 8, in, in_len);
}

void brisk_sha224_init(brisk_sha224_ctx *ctx)
{
    sha256_start(ctx, sha224_iv);
}

void brisk_sha224_update(brisk_sha224_ctx *ctx, const uint8_t *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 64, in, in_len, sha256_blocks);
}

void brisk_sha224_final(brisk_sha224_ctx *ctx, uint8_t out[BRISK_SHA224_LEN])
{
    sha256_finish(ctx, out, 7);
}

void brisk_sha224(uint8_t out[BRISK_SHA224_LEN], const uint8_t *in, size_t in_len)
{
    sha256_oneshot(sha224_iv, out, 7, in, in_len);
}

static void sha256_init_any(void *ctx) { brisk_sha256_init(ctx); }
static void sha256_update_any(void *ctx, const uint8_t *in, size_t in_len) { brisk_sha256_update(ctx, in, in_len); }
static void sha256_final_any(void *ctx, uint8_t *out) { brisk_sha256_final(ctx, out); }
static void sha224_init_any(void *ctx) { brisk_sha224_init(ctx); }
static void sha224_final_any(void *ctx, uint8_t *out) { brisk_sha224_final(ctx, out); }

/* sha256_hmac_short is HMAC-SHA-256 or -224 (out_len 32 or 28) of a whole
 * message from ikey and okey, the contexts after the ipad and opad blocks,
 * in one call of the active implementation's HMAC path when it has one
 * (shani) and the message fits in one padded block; returns whether it
 * wrote the tag. */
static int sha256_hmac_short(const void *ikey, const void *okey, uint8_t *out, size_t out_len,
                             const void *in, size_t in_len)
{
    const brisk_sha256_ops *ops;
    if (in_len <= 64 - 9 && (ops = brisk_sha256_for(in_len))->hmac != NULL) {
        const brisk_sha256_ctx *ik = ikey, *ok = okey;
        ops->hmac(ik->h, ok->h, out, out_len, in, in_len);
        return 1;
    }
    return 0;
}

/* SHA-224 and SHA-256 share the private part. */
static const struct brisk_digest_internal sha256_internal = {sha256_hmac_short};

static const char *const sha256_aliases[] = {"SHA-256", "SHA256", NULL};
const brisk_digest brisk_digest_sha256 = {
    "sha256", "SHA2-256", sha256_aliases, "sha256", BRISK_SHA256_LEN, 64,
    sizeof(brisk_sha256_ctx), sha256_init_any, sha256_update_any, sha256_final_any, brisk_sha256,
    &sha256_internal,
};

static const char *const sha224_aliases[] = {"SHA-224", NULL};
const brisk_digest brisk_digest_sha224 = {
    "sha224", "SHA2-224", sha224_aliases, "sha256", BRISK_SHA224_LEN, 64,
    sizeof(brisk_sha224_ctx), sha224_init_any, sha256_update_any, sha224_final_any, brisk_sha224,
    &sha256_internal,
};
