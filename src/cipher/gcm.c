/*
 * src/cipher/gcm.c - AES-GCM (NIST SP 800-38D): the mode itself, streaming
 * over any split of AAD and data, and the "ghash" primitive's table of
 * implementations (ghash_ct.c, ghash_pclmul.c, ghash_vpclmul.c).
 *
 * Technique: CTR with GCM's inc32 counter through the AES implementation's
 * ctr32 kernel, and GHASH over whole blocks through the dispatched "ghash"
 * primitive, in chunks that stay in the L1 cache between the two passes;
 * with the "vaes" AES and the "vpclmul" GHASH, runs of 16 blocks go through
 * one stitched kernel instead (ghash_vpclmul.c).  Partial blocks of AAD or
 * ciphertext wait in the context until a block is complete or final pads it.
 *
 * Constant-time: yes, given constant-time AES and GHASH kernels.  No branch
 * or address depends on the key, H, the data or the tag; tags are compared
 * without early exit.
 */
#include "internal.h"

/* ---- The GHASH kernel interface ----
 *
 * An implementation's ops are a brisk_ghash_ops (internal.h): its init,
 * which writes the implementation's own table of H and returns the kernel
 * that reads it, and the stitched GCM kernel it may have.  ghash_pclmul.c
 * and ghash_vpclmul.c define their entry points, ghash_ct.c the portable one. */
typedef brisk_ghash_blocks_fn ghash_blocks_fn;
typedef brisk_gcm_stitched_fn gcm_stitched_fn;

ghash_blocks_fn *brisk_ghash_init_ct(uint8_t *table, const uint8_t h[16]);
#ifdef BRISK_X86_64
ghash_blocks_fn *brisk_ghash_init_pclmul(uint8_t *table, const uint8_t h[16]);
ghash_blocks_fn *brisk_ghash_init_vpclmul(uint8_t *table, const uint8_t h[16]);
ghash_blocks_fn *brisk_ghash_head_vpclmul(uint8_t *table, const uint8_t h[16]);
void brisk_ghash_complete_vpclmul(uint8_t *table);
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
                              &brisk_aes_impl_vaes, brisk_ghash_head_vpclmul,
                              brisk_ghash_complete_vpclmul}},
    {"pclmul", BRISK_CPU_PCLMUL | BRISK_CPU_SSSE3, 0, BRISK_IMPL_AUTO,
     &(const brisk_ghash_ops){brisk_ghash_init_pclmul, NULL, NULL, NULL, NULL}},
#endif
    {"ct", 0, 0, BRISK_IMPL_AUTO,
     &(const brisk_ghash_ops){brisk_ghash_init_ct, NULL, NULL, NULL, NULL}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_ghash_prim = {.name = "ghash", .impls = ghash_impls};

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
    void (*complete)(uint8_t *);     /* NULL, or what the table still lacks */
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

/* ghash_n hashes n blocks, first completing the table when n is more than
 * its head serves (n is public: a length). */
static void ghash_n(gcm_state *g, uint8_t y[16], const uint8_t *in, size_t n)
{
    if (n > GHASH_HEAD_BLOCKS && g->complete != NULL) {
        g->complete(g->table);
        g->complete = NULL;
    }
    g->ghash(y, g->table, in, n);
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
        g->ghash = ghash->head != NULL ? ghash->head(g->table, h) : ghash->init(g->table, h);
        g->complete = ghash->head != NULL ? ghash->complete : NULL;
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
        ghash_n(g, ctx->iv, iv, full);
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
    ghash_n(g, g->y, aad, aad_len / 16);
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
        if (g->complete != NULL) {
            g->complete(g->table);
            g->complete = NULL;
        }
        g->stitched(k, ctx->iv, g->y, g->table, out, in, n, ctx->encrypt);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    while (n_blocks > 0) {
        size_t n = n_blocks < 512 ? n_blocks : 512;
        if (ctx->encrypt) {
            k->impl->ctr32(k, ctx->iv, out, in, n);
            ghash_n(g, g->y, out, n);
        } else {
            ghash_n(g, g->y, in, n);
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
