/*
 * src/digest/sha512.c - SHA-512, SHA-384, SHA-512/224 and SHA-512/256
 * (FIPS 180-4, 6.4 to 6.7): the portable kernel, buffering, padding (a
 * 16-byte big-endian length) and the four descriptors, which share the
 * "sha512" primitive and differ only in IV and output length.  The kernel
 * runs the 80 rounds unrolled in 16-round groups, rotating the roles of the
 * eight working variables instead of moving them, over a rolling 16-word
 * message schedule.  Maj(a,b,c) is ((a ^ b) & (b ^ c)) ^ b, so that the
 * compiler reuses one round's a ^ b as the next round's b ^ c.  There are no
 * secret-dependent branches or table lookups (the round constants are read
 * in a fixed order): constant-time.
 */
#include "internal.h"

static const brisk_impl sha512_impls[] = {
#ifdef BRISK_X86_64
    {"avx512-alu6", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL | BRISK_CPU_AVX2 | BRISK_CPU_BMI2,
     BRISK_CPU_ALU6, BRISK_IMPL_AUTO, &(const brisk_sha512_ops){brisk_sha512_compress_avx512_alu6}},
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL | BRISK_CPU_AVX2 | BRISK_CPU_BMI2, 0,
     BRISK_IMPL_AUTO, &(const brisk_sha512_ops){brisk_sha512_compress_avx512}},
    {"avx2", BRISK_CPU_AVX2 | BRISK_CPU_BMI1 | BRISK_CPU_BMI2, 0, BRISK_IMPL_AUTO,
     &(const brisk_sha512_ops){brisk_sha512_compress_avx2}},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &(const brisk_sha512_ops){brisk_sha512_compress_c}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_sha512_prim = {.name = "sha512", .impls = sha512_impls, .sized = 1};

/* The first 64 bits of the fractional parts of the cube roots of the first
 * 80 primes (FIPS 180-4, 4.2.3). */
_Alignas(32) const uint64_t brisk_sha512_k[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f,
    0xe9b5dba58189dbbc, 0x3956c25bf348b538, 0x59f111f1b605d019,
    0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242,
    0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3,
    0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65, 0x2de92c6f592b0275,
    0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f,
    0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc,
    0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6,
    0x92722c851482353b, 0xa2bfe8a14cf10364, 0xa81a664bbc423001,
    0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99,
    0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb,
    0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc,
    0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915,
    0xc67178f2e372532b, 0xca273eceea26619c, 0xd186b8c721c0c207,
    0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba,
    0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a,
    0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

/* FIPS 180-4, 5.3.5. */
static const uint64_t sha512_iv[8] = {
    0x6a09e667f3bcc908, 0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
    0x510e527fade682d1, 0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};

/* FIPS 180-4, 5.3.4: from the square roots of the 9th to 16th primes. */
static const uint64_t sha384_iv[8] = {
    0xcbbb9d5dc1059ed8, 0x629a292a367cd507,
    0x9159015a3070dd17, 0x152fecd8f70e5939,
    0x67332667ffc00b31, 0x8eb44a8768581511,
    0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
};

/* FIPS 180-4, 5.3.6.1: the SHA-512/t IV generation function for t = 224. */
static const uint64_t sha512_224_iv[8] = {
    0x8c3d37c819544da2, 0x73e1996689dcd4d6,
    0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
    0x0f6d2b697bd44da8, 0x77e36f7304c48942,
    0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1,
};

/* FIPS 180-4, 5.3.6.2: the SHA-512/t IV generation function for t = 256. */
static const uint64_t sha512_256_iv[8] = {
    0x22312194fc2bf72c, 0x9f555fa3c84c64c2,
    0x2393b86b6f53b151, 0x963877195940eabd,
    0x96283ee2a88effe3, 0xbe5e1e2553863992,
    0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
};

/* sched replaces word i of the rolling schedule by the word 16 later. */
static inline uint64_t sched(uint64_t w[16], unsigned i)
{
    uint64_t w2 = w[(i + 14) & 15], w15 = w[(i + 1) & 15];
    uint64_t s1 = rotr64(w2, 19) ^ rotr64(w2, 61) ^ (w2 >> 6);
    uint64_t s0 = rotr64(w15, 1) ^ rotr64(w15, 8) ^ (w15 >> 7);
    w[i] += s1 + w[(i + 9) & 15] + s0;
    return w[i];
}

/* One round: adds T1 into d and sets h to T1 + T2; the caller renames the
 * variables.  kw is the round constant plus the schedule word. */
static inline void step(uint64_t a, uint64_t b, uint64_t c, uint64_t *d,
                        uint64_t e, uint64_t f, uint64_t g, uint64_t *h, uint64_t kw)
{
    uint64_t t1 = *h + (rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41)) +
                  (g ^ (e & (f ^ g))) + kw;
    uint64_t t2 = (rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39)) +
                  (((a ^ b) & (b ^ c)) ^ b);
    *d += t1;
    *h = t1 + t2;
}

void brisk_sha512_compress_c(uint64_t s[8], const uint8_t *p, size_t n_blocks)
{
    const uint64_t *k = brisk_sha512_k;

    for (; n_blocks > 0; n_blocks--, p += 128) {
        uint64_t w[16];
        for (int i = 0; i < 16; i++)
            w[i] = load64_be(p + 8 * i);
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
        uint64_t e = s[4], f = s[5], g = s[6], h = s[7];

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

        for (unsigned r = 16; r < 80; r += 16) {
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

/* sha512_kernel is the dispatched compression function for len bytes. */
static inline brisk_sha512_compress_fn *sha512_kernel(size_t len)
{
    return brisk_sha512_for(len)->compress;
}

static void sha512_blocks(void *c, const uint8_t *blocks, size_t n_blocks)
{
    brisk_sha512_ctx *ctx = c;
    sha512_kernel(n_blocks * 128)(ctx->h, blocks, n_blocks);
}

static void sha512_start(brisk_sha512_ctx *ctx, const uint64_t iv[8])
{
    memcpy(ctx->h, iv, sizeof(ctx->h));
    ctx->count = 0;
    ctx->buf_len = 0;
}

static void sha512_absorb(brisk_sha512_ctx *ctx, const void *in, size_t in_len)
{
    md_update(ctx, ctx->buf, &ctx->buf_len, &ctx->count, 128, in, in_len, sha512_blocks);
}

/* sha512_output writes the first out_len bytes of the state (28 for
 * SHA-512/224 ends inside a word).  The words go straight to out, with no
 * staging buffer whose variable-length copy and wipe would cost more than
 * the stores themselves. */
static void sha512_output(const uint64_t h[8], uint8_t *out, size_t out_len)
{
    for (size_t i = 0; i < out_len / 8; i++)
        store64_be(out + 8 * i, h[i]);
    if (out_len % 8 != 0)
        store32_be(out + out_len - 4, (uint32_t)(h[out_len / 8] >> 32));
}

static void sha512_finish(brisk_sha512_ctx *ctx, uint8_t *out, size_t out_len)
{
    md_pad(ctx, ctx->buf, ctx->buf_len, ctx->count, 128, 16, 1, sha512_blocks);
    sha512_output(ctx->h, out, out_len);
    wipe(ctx, sizeof(*ctx));
}

/* sha512_last_block pads the last in_len (< 112) bytes of a message after
 * `prefix` bytes of whole blocks into one block on the stack and compresses
 * it into h. */
static void sha512_last_block(uint64_t h[8], const void *in, size_t in_len, size_t prefix)
{
    uint8_t block[128];

    if (in_len > 0)   /* in may be NULL then */
        memcpy(block, in, opaque_size(in_len));
    block[in_len] = 0x80;
    md_pad_tail(block, in_len + 1, prefix + in_len, 128, 16, 1);
    sha512_kernel(128)(h, block, 1);
    wipe(block, sizeof(block));
}

/* sha512_oneshot hashes a whole message from iv.  One that fits in a single
 * padded block (up to 111 bytes) is padded on the stack and compressed
 * without a context: the context's buffering and its 208-byte wipe cost
 * some 6% of a 16-byte SHA-512, where one block is all the work. */
static void sha512_oneshot(const uint64_t iv[8], uint8_t *out, size_t out_len, const void *in,
                           size_t in_len)
{
    if (in_len < 128 - 16) {
        uint64_t h[8];
        memcpy(h, iv, sizeof(h));
        sha512_last_block(h, in, in_len, 0);
        sha512_output(h, out, out_len);
        wipe(h, sizeof(h));
        return;
    }
    brisk_sha512_ctx ctx;
    sha512_start(&ctx, iv);
    sha512_absorb(&ctx, in, in_len);
    sha512_finish(&ctx, out, out_len);
}

void brisk_sha512_init(brisk_sha512_ctx *ctx)
{
    sha512_start(ctx, sha512_iv);
}

void brisk_sha512_update(brisk_sha512_ctx *ctx, const uint8_t *in, size_t in_len)
{
    sha512_absorb(ctx, in, in_len);
}

void brisk_sha512_final(brisk_sha512_ctx *ctx, uint8_t out[BRISK_SHA512_LEN])
{
    sha512_finish(ctx, out, BRISK_SHA512_LEN);
}

void brisk_sha512(uint8_t out[BRISK_SHA512_LEN], const uint8_t *in, size_t in_len)
{
    sha512_oneshot(sha512_iv, out, BRISK_SHA512_LEN, in, in_len);
}

void brisk_sha384_init(brisk_sha384_ctx *ctx)
{
    sha512_start(ctx, sha384_iv);
}

void brisk_sha384_update(brisk_sha384_ctx *ctx, const uint8_t *in, size_t in_len)
{
    sha512_absorb(ctx, in, in_len);
}

void brisk_sha384_final(brisk_sha384_ctx *ctx, uint8_t out[BRISK_SHA384_LEN])
{
    sha512_finish(ctx, out, BRISK_SHA384_LEN);
}

void brisk_sha384(uint8_t out[BRISK_SHA384_LEN], const uint8_t *in, size_t in_len)
{
    sha512_oneshot(sha384_iv, out, BRISK_SHA384_LEN, in, in_len);
}

void brisk_sha512_224_init(brisk_sha512_ctx *ctx)
{
    sha512_start(ctx, sha512_224_iv);
}

void brisk_sha512_224_update(brisk_sha512_ctx *ctx, const uint8_t *in, size_t in_len)
{
    sha512_absorb(ctx, in, in_len);
}

void brisk_sha512_224_final(brisk_sha512_ctx *ctx, uint8_t out[BRISK_SHA512_224_LEN])
{
    sha512_finish(ctx, out, BRISK_SHA512_224_LEN);
}

void brisk_sha512_224(uint8_t out[BRISK_SHA512_224_LEN], const uint8_t *in, size_t in_len)
{
    sha512_oneshot(sha512_224_iv, out, BRISK_SHA512_224_LEN, in, in_len);
}

void brisk_sha512_256_init(brisk_sha512_ctx *ctx)
{
    sha512_start(ctx, sha512_256_iv);
}

void brisk_sha512_256_update(brisk_sha512_ctx *ctx, const uint8_t *in, size_t in_len)
{
    sha512_absorb(ctx, in, in_len);
}

void brisk_sha512_256_final(brisk_sha512_ctx *ctx, uint8_t out[BRISK_SHA512_256_LEN])
{
    sha512_finish(ctx, out, BRISK_SHA512_256_LEN);
}

void brisk_sha512_256(uint8_t out[BRISK_SHA512_256_LEN], const uint8_t *in, size_t in_len)
{
    sha512_oneshot(sha512_256_iv, out, BRISK_SHA512_256_LEN, in, in_len);
}

/* sha512_hmac_short is HMAC over SHA-512, -384, -512/224 or -512/256
 * (out_len: the digest's length) of a whole message of up to 111 bytes,
 * from ikey and okey, the contexts after the ipad and opad blocks: the
 * inner and outer blocks are padded on the stack and compressed from
 * copies of the two states, where brisk_hmac_tag's generic path copies,
 * buffers and wipes two 208-byte contexts.  Returns whether it wrote the
 * tag. */
static int sha512_hmac_short(const void *ikey, const void *okey, uint8_t *out, size_t out_len,
                             const void *in, size_t in_len)
{
    const brisk_sha512_ctx *ik = ikey, *ok = okey;
    uint64_t h[8];
    uint8_t inner[BRISK_SHA512_LEN];

    if (in_len >= 128 - 16)
        return 0;
    memcpy(h, ik->h, sizeof(h));
    sha512_last_block(h, in, in_len, 128);
    sha512_output(h, inner, out_len);
    memcpy(h, ok->h, sizeof(h));
    sha512_last_block(h, inner, out_len, 128);
    sha512_output(h, out, out_len);
    wipe(inner, sizeof(inner));
    wipe(h, sizeof(h));
    return 1;
}

/* One update serves all four: they share the context and the primitive. */
static void sha512_update_any(void *ctx, const uint8_t *in, size_t in_len) { sha512_absorb(ctx, in, in_len); }
static void sha512_init_any(void *ctx) { brisk_sha512_init(ctx); }
static void sha512_final_any(void *ctx, uint8_t *out) { brisk_sha512_final(ctx, out); }
static void sha384_init_any(void *ctx) { brisk_sha384_init(ctx); }
static void sha384_final_any(void *ctx, uint8_t *out) { brisk_sha384_final(ctx, out); }
static void sha512_224_init_any(void *ctx) { brisk_sha512_224_init(ctx); }
static void sha512_224_final_any(void *ctx, uint8_t *out) { brisk_sha512_224_final(ctx, out); }
static void sha512_256_init_any(void *ctx) { brisk_sha512_256_init(ctx); }
static void sha512_256_final_any(void *ctx, uint8_t *out) { brisk_sha512_256_final(ctx, out); }

/* The four share the private part. */
static const struct brisk_digest_internal sha512_internal = {sha512_hmac_short};

static const char *const sha512_aliases[] = {"SHA-512", "SHA512", NULL};
const brisk_digest brisk_digest_sha512 = {
    "sha512", "SHA2-512", sha512_aliases, "sha512", BRISK_SHA512_LEN, 128,
    sizeof(brisk_sha512_ctx), sha512_init_any, sha512_update_any, sha512_final_any, brisk_sha512,
    &sha512_internal,
};

static const char *const sha384_aliases[] = {"SHA-384", "SHA384", NULL};
const brisk_digest brisk_digest_sha384 = {
    "sha384", "SHA2-384", sha384_aliases, "sha512", BRISK_SHA384_LEN, 128,
    sizeof(brisk_sha384_ctx), sha384_init_any, sha512_update_any, sha384_final_any, brisk_sha384,
    &sha512_internal,
};

static const char *const sha512_224_aliases[] = {"SHA-512/224", "sha512_224", NULL};
const brisk_digest brisk_digest_sha512_224 = {
    "sha512-224", "SHA2-512/224", sha512_224_aliases, "sha512", BRISK_SHA512_224_LEN,
    128, sizeof(brisk_sha512_ctx), sha512_224_init_any, sha512_update_any,
    sha512_224_final_any, brisk_sha512_224, &sha512_internal,
};

static const char *const sha512_256_aliases[] = {"SHA-512/256", "sha512_256", NULL};
const brisk_digest brisk_digest_sha512_256 = {
    "sha512-256", "SHA2-512/256", sha512_256_aliases, "sha512", BRISK_SHA512_256_LEN,
    128, sizeof(brisk_sha512_ctx), sha512_256_init_any, sha512_update_any,
    sha512_256_final_any, brisk_sha512_256, &sha512_internal,
};
