/*
 * src/cipher/gcm.c - AES-GCM (NIST SP 800-38D): the mode itself, streaming
 * over any split of AAD and data, and the portable GHASH.
 *
 * Technique: CTR with GCM's inc32 counter through the AES implementation's
 * ctr32 kernel, and GHASH over whole blocks through the dispatched "ghash"
 * primitive ("vpclmul", "pclmul", "ct"), in chunks that stay in the L1
 * cache between the two passes; with the "vaes" AES and the "vpclmul" GHASH,
 * runs of 16 blocks go through one stitched kernel instead
 * (ghash_vpclmul.c).  Partial blocks of AAD or ciphertext wait in the
 * context until a block is complete or final pads it.
 *
 * The portable GHASH ("ct") multiplies in GF(2^128) with integer
 * multiplications whose operands have their bits spread four apart, so that
 * carries fall into the holes and are masked away (the idea of BearSSL's
 * ghash_ctmul64; written anew here): a 64x64 carry-less product costs 16
 * multiplications, the upper half of a product comes from the same routine
 * on bit-reversed operands, and Karatsuba makes a block three such products
 * each way.  It needs no table and works with any word size and byte order.
 *
 * Constant-time: yes.  No branch or address depends on the key, H, the data
 * or the tag; tags are compared without early exit.  (Integer
 * multiplication is assumed constant-time, as on current x86 and s390x.)
 */
#include "internal.h"

/* ---- The GHASH kernel interface ----
 *
 * An implementation's ops are a brisk_ghash_ops (internal.h): its init,
 * which writes the implementation's own table of H and returns the kernel
 * that reads it, and the stitched GCM kernel it may have.  ghash_pclmul.c
 * and ghash_vpclmul.c define their entry points. */
typedef brisk_ghash_blocks_fn ghash_blocks_fn;
typedef brisk_gcm_stitched_fn gcm_stitched_fn;

ghash_blocks_fn *brisk_ghash_init_ct(uint8_t *table, const uint8_t h[16]);
#ifdef BRISK_X86_64
ghash_blocks_fn *brisk_ghash_init_pclmul(uint8_t *table, const uint8_t h[16]);
ghash_blocks_fn *brisk_ghash_init_vpclmul(uint8_t *table, const uint8_t h[16]);
#endif

/* The stitched kernel of the "vaes" AES and the "vpclmul" GHASH
 * (ghash_vpclmul.c). */
#ifdef BRISK_X86_64
gcm_stitched_fn brisk_gcm_vaes_vpclmul;
#endif

static const brisk_impl ghash_impls[] = {
#ifdef BRISK_X86_64
    {"vpclmul",
     BRISK_CPU_VPCLMULQDQ | BRISK_CPU_PCLMUL | BRISK_CPU_AVX512F | BRISK_CPU_AVX512BW |
         BRISK_CPU_AVX512VL | BRISK_CPU_AVX2 | BRISK_CPU_AVX | BRISK_CPU_SSSE3,
     0, BRISK_IMPL_AUTO,
     &(const brisk_ghash_ops){brisk_ghash_init_vpclmul, brisk_gcm_vaes_vpclmul,
                              &brisk_aes_impl_vaes}},
    {"pclmul", BRISK_CPU_PCLMUL | BRISK_CPU_SSSE3, 0, BRISK_IMPL_AUTO,
     &(const brisk_ghash_ops){brisk_ghash_init_pclmul, NULL, NULL}},
#endif
    {"ct", 0, 0, BRISK_IMPL_AUTO, &(const brisk_ghash_ops){brisk_ghash_init_ct, NULL, NULL}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_ghash_prim = {"ghash", ghash_impls, NULL, NULL};

/* ---- Portable constant-time GHASH ---- */

/* bmul64 returns the low 64 bits of the carry-less product of x and y.
 * Each integer product below pairs bits whose positions sum to one residue
 * mod 4; at most 16 terms meet in a position, and the 16th only at the top,
 * where its carry leaves the word, so the masked bits are exact. */
static inline uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline uint64_t rev64(uint64_t x)
{
    x = ((x & 0x5555555555555555) << 1) | ((x >> 1) & 0x5555555555555555);
    x = ((x & 0x3333333333333333) << 2) | ((x >> 2) & 0x3333333333333333);
    x = ((x & 0x0f0f0f0f0f0f0f0f) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0f);
    x = ((x & 0x00ff00ff00ff00ff) << 8) | ((x >> 8) & 0x00ff00ff00ff00ff);
    x = ((x & 0x0000ffff0000ffff) << 16) | ((x >> 16) & 0x0000ffff0000ffff);
    return (x << 32) | (x >> 32);
}

/* ghash_ct folds blocks into y.  A block read big-endian as (hi, lo) holds
 * the coefficient of x^i in bit 127 - i, so the integer carry-less product
 * of two such values, shifted left once, holds the 255-bit product the same
 * way across four words; the low two words are then folded into the high
 * two with x^128 = x^7 + x^2 + x + 1. */
static void ghash_ct(uint8_t y[16], const uint8_t *table, const uint8_t *in, size_t n_blocks)
{
    uint64_t y1 = load64_be(y), y0 = load64_be(y + 8);
    uint64_t h1 = load64_be(table), h0 = load64_be(table + 8), h2 = h0 ^ h1;
    uint64_t h1r = rev64(h1), h0r = rev64(h0), h2r = h0r ^ h1r;

    for (; n_blocks > 0; n_blocks--, in += 16) {
        y1 ^= load64_be(in);
        y0 ^= load64_be(in + 8);
        uint64_t y1r = rev64(y1), y0r = rev64(y0), y2 = y0 ^ y1, y2r = y0r ^ y1r;

        /* Karatsuba: low halves of the three products, then the high halves
         * from the bit-reversed operands. */
        uint64_t z0 = bmul64(y0, h0), z1 = bmul64(y1, h1), z2 = bmul64(y2, h2);
        uint64_t z0h = bmul64(y0r, h0r), z1h = bmul64(y1r, h1r), z2h = bmul64(y2r, h2r);
        z2 ^= z0 ^ z1;
        z2h ^= z0h ^ z1h;
        z0h = rev64(z0h) >> 1;
        z1h = rev64(z1h) >> 1;
        z2h = rev64(z2h) >> 1;

        uint64_t v0 = z0, v1 = z0h ^ z2, v2 = z1 ^ z2h, v3 = z1h;
        v3 = (v3 << 1) | (v2 >> 63);
        v2 = (v2 << 1) | (v1 >> 63);
        v1 = (v1 << 1) | (v0 >> 63);
        v0 <<= 1;

        v2 ^= v0 ^ (v0 >> 1) ^ (v0 >> 2) ^ (v0 >> 7);
        v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
        v3 ^= v1 ^ (v1 >> 1) ^ (v1 >> 2) ^ (v1 >> 7);
        v2 ^= (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
        y1 = v3;
        y0 = v2;
    }
    store64_be(y, y1);
    store64_be(y + 8, y0);
}

ghash_blocks_fn *brisk_ghash_init_ct(uint8_t *table, const uint8_t h[16])
{
    memcpy(table, h, 16);
    return ghash_ct;
}

/* ---- GCM ---- */

/* What ctx->gcm holds.  ctx->iv is the next counter block.  ctx->buf_len
 * counts the bytes waiting in pending: AAD before the first update,
 * ciphertext after it, whose block's keystream is in ctx->buf. */
typedef struct gcm_state {
    _Alignas(64) uint8_t table[256]; /* the GHASH implementation's H table */
    uint8_t y[16];                   /* GHASH state */
    uint8_t ekj0[16];                /* E_K(J0), masks the tag */
    uint8_t pending[16];             /* a partial block of AAD or ciphertext */
    ghash_blocks_fn *ghash;          /* the kernel chosen at init */
    gcm_stitched_fn *stitched;       /* NULL, or a kernel for this AES and GHASH */
    int phase;                       /* GCM_AAD, GCM_DATA or GCM_DONE */
} gcm_state;

_Static_assert(sizeof(gcm_state) <= BRISK_GCM_SIZE, "GCM state fits ctx->gcm");

/* Progress (in gcm_state: ctx->state belongs to the generic layer). */
enum { GCM_AAD = 0, GCM_DATA = 1, GCM_DONE = 2 };

/* The longest plaintext: 2^32 - 2 blocks (SP 800-38D, 5.2.1.1). */
#define GCM_MAX_MSG (((uint64_t)1 << 36) - 32)
/* The longest AAD and IV: 2^64 - 1 bits, in whole bytes. */
#define GCM_MAX_AAD (((uint64_t)1 << 61) - 1)
#define GCM_MAX_IV GCM_MAX_AAD

/* exceeds says whether n > max, n widened first (a size_t comparison would
 * be always false, and warned about, where size_t has 32 bits). */
static inline int exceeds(uint64_t n, uint64_t max)
{
    return n > max;
}

static inline gcm_state *gcm_of(brisk_cipher_ctx *ctx)
{
    return (gcm_state *)(void *)ctx->gcm;
}

static inline const brisk_aes_key *gcm_key(const brisk_cipher_ctx *ctx)
{
    return (const brisk_aes_key *)(const void *)ctx->ks;
}

/* flush_pending pads the partial block waiting in pending with zeros and
 * hashes it. */
static void flush_pending(brisk_cipher_ctx *ctx, gcm_state *g)
{
    if (ctx->buf_len == 0)
        return;
    memset(g->pending + ctx->buf_len, 0, 16 - ctx->buf_len);
    g->ghash(g->y, g->table, g->pending, 1);
    ctx->buf_len = 0;
}

int brisk_gcm_init(brisk_cipher_ctx *ctx, const uint8_t *iv, size_t iv_len, int new_key)
{
    /* IVs of 1 to 2^64 - 1 bits (SP 800-38D, 5.2.1.1). */
    if (ctx == NULL || iv == NULL || iv_len == 0 || exceeds(iv_len, GCM_MAX_IV))
        return BRISK_EINVAL;
    gcm_state *g = gcm_of(ctx);
    const brisk_aes_key *k = gcm_key(ctx);
    if (new_key) {
        uint8_t h[16] = {0};
        k->impl->ecb_enc(k, h, h, 1);
        const brisk_ghash_ops *ghash = brisk_ghash_active();
        g->ghash = ghash->init(g->table, h);
        wipe(h, sizeof(h));
        /* The key's and the table's layouts are those the kernel reads. */
        g->stitched = k->impl == ghash->stitched_aes ? ghash->stitched : NULL;
    }
    memset(g->y, 0, 16);

    if (iv_len == 12) {
        memcpy(ctx->iv, iv, 12);
        store32_be(ctx->iv + 12, 1);
    } else {
        /* J0 = GHASH(IV || 0^s || 0^64 || [len(IV)]_64) */
        uint8_t last[16] = {0};
        size_t full = iv_len / 16, rest = iv_len % 16;
        memset(ctx->iv, 0, 16);
        g->ghash(ctx->iv, g->table, iv, full);
        if (rest != 0) {
            memcpy(last, iv + 16 * full, rest);
            g->ghash(ctx->iv, g->table, last, 1);
            memset(last, 0, 16);
        }
        store64_be(last + 8, (uint64_t)iv_len * 8);
        g->ghash(ctx->iv, g->table, last, 1);
    }
    /* E_K(J0), leaving ctx->iv at inc32(J0). */
    memset(g->ekj0, 0, 16);
    k->impl->ctr32(k, ctx->iv, g->ekj0, g->ekj0, 1);

    ctx->aad_len = 0;
    ctx->msg_len = 0;
    ctx->buf_len = 0;
    g->phase = GCM_AAD;
    return 0;
}

int brisk_gcm_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    if (ctx == NULL || gcm_of(ctx)->phase != GCM_AAD || (aad == NULL && aad_len != 0))
        return BRISK_EINVAL;
    if (aad_len > GCM_MAX_AAD - ctx->aad_len)
        return BRISK_EINVAL;
    if (aad_len == 0)   /* aad may be NULL then */
        return 0;
    gcm_state *g = gcm_of(ctx);
    ctx->aad_len += aad_len;

    if (ctx->buf_len != 0) {
        size_t n = 16 - ctx->buf_len < aad_len ? 16 - ctx->buf_len : aad_len;
        memcpy(g->pending + ctx->buf_len, aad, n);
        ctx->buf_len += n;
        aad += n;
        aad_len -= n;
        if (ctx->buf_len < 16)
            return 0;
        g->ghash(g->y, g->table, g->pending, 1);
        ctx->buf_len = 0;
    }
    g->ghash(g->y, g->table, aad, aad_len / 16);
    aad += aad_len & ~(size_t)15;
    aad_len &= 15;
    if (aad_len != 0) {
        memcpy(g->pending, aad, aad_len);
        ctx->buf_len = aad_len;
    }
    return 0;
}

/* crypt_blocks encrypts or decrypts n_blocks whole blocks and hashes the
 * ciphertext, in chunks that stay in the L1 cache between the two passes.
 * Decrypting hashes before decrypting, so that out == in works. */
static void crypt_blocks(brisk_cipher_ctx *ctx, gcm_state *g, uint8_t *out, const uint8_t *in,
                         size_t n_blocks)
{
    const brisk_aes_key *k = gcm_key(ctx);
    if (g->stitched != NULL && n_blocks >= 16) {
        size_t n = n_blocks & ~(size_t)15;
        g->stitched(k, ctx->iv, g->y, g->table, out, in, n, ctx->encrypt);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    while (n_blocks > 0) {
        size_t n = n_blocks < 512 ? n_blocks : 512;
        if (ctx->encrypt) {
            k->impl->ctr32(k, ctx->iv, out, in, n);
            g->ghash(g->y, g->table, out, n);
        } else {
            g->ghash(g->y, g->table, in, n);
            k->impl->ctr32(k, ctx->iv, out, in, n);
        }
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
}

/* crypt_partial uses n bytes of the keystream block in ctx->buf from
 * ctx->buf_len on, keeping the ciphertext in pending; it hashes pending once
 * the block is complete. */
static void crypt_partial(brisk_cipher_ctx *ctx, gcm_state *g, uint8_t *out, const uint8_t *in,
                          size_t n)
{
    size_t at = ctx->buf_len;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = in[i];
        out[i] = (uint8_t)(c ^ ctx->buf[at + i]);
        g->pending[at + i] = ctx->encrypt ? out[i] : c;
    }
    ctx->buf_len = at + n;
    if (ctx->buf_len == 16) {
        g->ghash(g->y, g->table, g->pending, 1);
        ctx->buf_len = 0;
    }
}

int brisk_gcm_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx == NULL || gcm_of(ctx)->phase == GCM_DONE ||
        ((in == NULL || out == NULL) && len != 0))
        return BRISK_EINVAL;
    if (len > GCM_MAX_MSG - ctx->msg_len)
        return BRISK_EINVAL;
    gcm_state *g = gcm_of(ctx);
    if (g->phase == GCM_AAD) {
        flush_pending(ctx, g);
        g->phase = GCM_DATA;
    }
    ctx->msg_len += len;

    if (ctx->buf_len != 0) {
        size_t n = 16 - ctx->buf_len < len ? 16 - ctx->buf_len : len;
        crypt_partial(ctx, g, out, in, n);
        in += n;
        out += n;
        len -= n;
    }
    if (len >= 16) {
        crypt_blocks(ctx, g, out, in, len / 16);
        in += len & ~(size_t)15;
        out += len & ~(size_t)15;
        len &= 15;
    }
    if (len != 0) {
        const brisk_aes_key *k = gcm_key(ctx);
        memset(ctx->buf, 0, 16);
        k->impl->ctr32(k, ctx->iv, ctx->buf, ctx->buf, 1);
        crypt_partial(ctx, g, out, in, len);
    }
    return 0;
}

int brisk_gcm_final(brisk_cipher_ctx *ctx)
{
    if (ctx == NULL || gcm_of(ctx)->phase == GCM_DONE)
        return BRISK_EINVAL;
    gcm_state *g = gcm_of(ctx);
    uint8_t s[16];

    flush_pending(ctx, g);
    store64_be(s, ctx->aad_len * 8);
    store64_be(s + 8, ctx->msg_len * 8);
    g->ghash(g->y, g->table, s, 1);
    for (size_t i = 0; i < 16; i++)
        s[i] = (uint8_t)(g->y[i] ^ g->ekj0[i]);
    g->phase = GCM_DONE;

    int ret = 0;
    if (ctx->encrypt) {
        memcpy(ctx->tag, s, 16);
    } else {
        size_t n = ctx->tag_len;
        if (n < 4 || n > 16)
            return BRISK_EVERIFY;
        /* The verdict is computed without a branch on the secret tag:
         * BRISK_EVERIFY under an all-ones mask when the bytes differ. */
        uint32_t differ = 1u ^ ct_eq_bytes(s, ctx->tag, n);
        ret = (int)((0u - differ) & (uint32_t)BRISK_EVERIFY);
    }
    /* H and its powers, the state and E_K(J0) are no longer needed: a new
     * message starts with init. */
    wipe(s, sizeof(s));
    wipe(ctx->buf, sizeof(ctx->buf));
    /* The hash key table stays, like the AES key beside it, so that the
     * next message under the same key (init with a NULL key) need not
     * rebuild it; brisk_cipher_cleanup wipes both. */
    wipe(g->y, sizeof(g->y));
    wipe(g->ekj0, sizeof(g->ekj0));
    wipe(g->pending, sizeof(g->pending));
    return ret;
}
