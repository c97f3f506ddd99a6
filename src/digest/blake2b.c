/*
 * src/digest/blake2b.c - BLAKE2b (RFC 7693): unkeyed, output of 1 to 64
 * bytes, portable C.  Internal to libbrisk: Argon2 (src/kdf/argon2.c) hashes
 * its inputs and expands its blocks with it; it is not in the digest
 * registry.  The twelve rounds are written over a 16-word working vector
 * with the message schedule read from RFC 7693's sigma table in a fixed
 * order.  Constant-time: no branch or memory address depends on the data
 * (only on lengths, which are public).
 */
#include "blake2b.h"

#include "../internal.h"

static const uint64_t blake2b_iv[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
    0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

/* RFC 7693 section 2.7: the message word permutations of the 12 rounds
 * (rounds 10 and 11 repeat 0 and 1). */
static const uint8_t blake2b_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

/* blake2b_g is RFC 7693's mixing function G on words a, b, c, d of v. */
static inline void blake2b_g(uint64_t v[16], int a, int b, int c, int d, uint64_t x, uint64_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = rotr64(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr64(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 63);
}

/* blake2b_compress is RFC 7693's F on one 128-byte block; last is 1 for
 * the final block. */
static void blake2b_compress(brisk_blake2b_ctx *ctx, const uint8_t block[128], int last)
{
    uint64_t v[16], m[16];

    for (int i = 0; i < 16; i++)
        m[i] = load64_le(block + 8 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = ctx->h[i];
        v[i + 8] = blake2b_iv[i];
    }
    v[12] ^= ctx->t[0];
    v[13] ^= ctx->t[1];
    if (last)
        v[14] = ~v[14];
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = blake2b_sigma[r];
        blake2b_g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        blake2b_g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        blake2b_g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        blake2b_g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        blake2b_g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        blake2b_g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        blake2b_g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        blake2b_g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++)
        ctx->h[i] ^= v[i] ^ v[i + 8];
    wipe(v, sizeof(v));
    wipe(m, sizeof(m));
}

static void blake2b_count(brisk_blake2b_ctx *ctx, uint64_t n)
{
    ctx->t[0] += n;
    ctx->t[1] += ctx->t[0] < n;
}

void brisk_blake2b_init(brisk_blake2b_ctx *ctx, size_t out_len)
{
    memset(ctx, 0, sizeof(*ctx));
    for (int i = 0; i < 8; i++)
        ctx->h[i] = blake2b_iv[i];
    /* Parameter block: digest length, key length 0, fanout 1, depth 1. */
    ctx->h[0] ^= 0x01010000ULL ^ (uint64_t)out_len;
    ctx->out_len = out_len;
}

void brisk_blake2b_update(brisk_blake2b_ctx *ctx, const void *in, size_t len)
{
    const uint8_t *p = in;

    if (len == 0)
        return;
    /* The last block is compressed only in final (with the final flag):
     * keep at least one byte buffered. */
    if (ctx->buf_len + len > BRISK_BLAKE2B_BLOCK) {
        size_t fill = BRISK_BLAKE2B_BLOCK - ctx->buf_len;
        memcpy(ctx->buf + ctx->buf_len, p, fill);
        blake2b_count(ctx, BRISK_BLAKE2B_BLOCK);
        blake2b_compress(ctx, ctx->buf, 0);
        ctx->buf_len = 0;
        p += fill;
        len -= fill;
        while (len > BRISK_BLAKE2B_BLOCK) {
            blake2b_count(ctx, BRISK_BLAKE2B_BLOCK);
            blake2b_compress(ctx, p, 0);
            p += BRISK_BLAKE2B_BLOCK;
            len -= BRISK_BLAKE2B_BLOCK;
        }
    }
    memcpy(ctx->buf + ctx->buf_len, p, len);
    ctx->buf_len += len;
}

void brisk_blake2b_final(brisk_blake2b_ctx *ctx, uint8_t *out)
{
    uint8_t full[BRISK_BLAKE2B_MAX_OUT];

    blake2b_count(ctx, ctx->buf_len);
    memset(ctx->buf + ctx->buf_len, 0, BRISK_BLAKE2B_BLOCK - ctx->buf_len);
    blake2b_compress(ctx, ctx->buf, 1);
    for (int i = 0; i < 8; i++)
        store64_le(full + 8 * i, ctx->h[i]);
    memcpy(out, full, ctx->out_len);
    wipe(full, sizeof(full));
    wipe(ctx, sizeof(*ctx));
}

void brisk_blake2b(uint8_t *out, size_t out_len, const void *in, size_t len)
{
    brisk_blake2b_ctx ctx;

    brisk_blake2b_init(&ctx, out_len);
    brisk_blake2b_update(&ctx, in, len);
    brisk_blake2b_final(&ctx, out);
}
