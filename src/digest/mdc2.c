/*
 * src/digest/mdc2.c - MDC-2 (ISO/IEC 10118-2, the double-length hash built
 * on DES), exactly as OpenSSL's mdc2 computes it: 8-byte blocks, initial
 * values h = 52..52 and hh = 25..25, a partial last block zero-padded and
 * none added after a whole one (OpenSSL's pad type 1), and h || hh as the
 * 16-byte digest.
 *
 * Technique: each block m is encrypted under h and under hh, with the top
 * bits of their first bytes forced to 10 and 01 (ISO's u and u~), giving
 * V = m ^ E_h(m) and W = m ^ E_hh(m); the halves of V and W then swap:
 * h = V_left || W_right, hh = W_left || V_right.  DES comes from
 * src/cipher/des.c through its block cipher descriptor, a fresh key
 * schedule per block.
 *
 * Not constant-time: DES's tables are indexed by the keys, here the chaining
 * values, hence by the message.
 */
#include "internal.h"

#include "../cipher/internal.h"

/* mdc2_blocks runs n_blocks whole blocks through the compression function. */
static void mdc2_blocks(brisk_mdc2_ctx *ctx, const uint8_t *in, size_t n_blocks)
{
    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
    uint8_t a[8], b[8];

    for (; n_blocks > 0; n_blocks--, in += 8) {
        ctx->h[0] = (uint8_t)((ctx->h[0] & 0x9f) | 0x40);
        ctx->hh[0] = (uint8_t)((ctx->hh[0] & 0x9f) | 0x20);
        brisk_des_cipher.setkey(ks, ctx->h, 8, 0);
        brisk_des_cipher.encrypt(ks, a, in, 1);
        brisk_des_cipher.setkey(ks, ctx->hh, 8, 0);
        brisk_des_cipher.encrypt(ks, b, in, 1);
        for (int i = 0; i < 4; i++) {
            ctx->h[i] = in[i] ^ a[i];
            ctx->hh[i] = in[i] ^ b[i];
            ctx->h[i + 4] = in[i + 4] ^ b[i + 4];
            ctx->hh[i + 4] = in[i + 4] ^ a[i + 4];
        }
    }
    wipe(ks, sizeof(ks));
    wipe(a, sizeof(a));
    wipe(b, sizeof(b));
}

void brisk_mdc2_init(brisk_mdc2_ctx *ctx)
{
    memset(ctx->h, 0x52, sizeof(ctx->h));
    memset(ctx->hh, 0x25, sizeof(ctx->hh));
    ctx->buf_len = 0;
}

void brisk_mdc2_update(brisk_mdc2_ctx *ctx, const uint8_t *in, size_t in_len)
{
    const uint8_t *p = in;

    if (ctx->buf_len > 0) {
        size_t take = 8 - ctx->buf_len;
        if (take > in_len)
            take = in_len;
        memcpy(ctx->buf + ctx->buf_len, p, take);
        ctx->buf_len += take;
        p += take;
        in_len -= take;
        if (ctx->buf_len < 8)
            return;
        mdc2_blocks(ctx, ctx->buf, 1);
        ctx->buf_len = 0;
    }
    if (in_len >= 8) {
        mdc2_blocks(ctx, p, in_len / 8);
        p += in_len / 8 * 8;
        in_len %= 8;
    }
    if (in_len > 0) {
        memcpy(ctx->buf, p, in_len);
        ctx->buf_len = in_len;
    }
}

void brisk_mdc2_final(brisk_mdc2_ctx *ctx, uint8_t out[BRISK_MDC2_LEN])
{
    if (ctx->buf_len > 0) {
        memset(ctx->buf + ctx->buf_len, 0, 8 - ctx->buf_len);
        mdc2_blocks(ctx, ctx->buf, 1);
    }
    memcpy(out, ctx->h, 8);
    memcpy(out + 8, ctx->hh, 8);
    wipe(ctx, sizeof(*ctx));
}

void brisk_mdc2(uint8_t out[BRISK_MDC2_LEN], const uint8_t *in, size_t in_len)
{
    brisk_mdc2_ctx ctx;
    brisk_mdc2_init(&ctx);
    brisk_mdc2_update(&ctx, in, in_len);
    brisk_mdc2_final(&ctx, out);
}

static void mdc2_init_any(void *ctx) { brisk_mdc2_init(ctx); }
static void mdc2_update_any(void *ctx, const uint8_t *in, size_t in_len) { brisk_mdc2_update(ctx, in, in_len); }
static void mdc2_final_any(void *ctx, uint8_t *out) { brisk_mdc2_final(ctx, out); }

const brisk_digest brisk_digest_mdc2 = {
    "mdc2", "MDC2", NULL, "des", BRISK_MDC2_LEN, 8, sizeof(brisk_mdc2_ctx),
    mdc2_init_any, mdc2_update_any, mdc2_final_any, brisk_mdc2, NULL,
};
