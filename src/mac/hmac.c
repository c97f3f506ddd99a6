/*
 * src/mac/hmac.c - HMAC (RFC 2104, FIPS 198-1) over any registered digest.
 *
 * The states after absorbing key^ipad and key^opad are kept so that a new
 * message under the same key costs no key processing.  The key, the padded
 * blocks and those states are secret and are wiped; nothing here branches on
 * or indexes by secret data.
 */
#include <brisk/mac.h>

#include "../internal.h"
#include "../digest/internal.h"

int brisk_hmac_init(brisk_hmac_ctx *ctx, const brisk_digest *md,
                    const uint8_t *key, size_t key_len)
{
    uint8_t pad[BRISK_DIGEST_MAX_BLOCK];
    size_t block = md != NULL ? md->block_len : 0;

    if (md == NULL || (key == NULL && key_len > 0))
        return BRISK_EINVAL;
    memset(pad, 0, block);
    if (key_len > block)
        brisk_digest_oneshot(md, pad, key, key_len);
    else if (key_len > 0)
        memcpy(pad, key, key_len);

    for (size_t i = 0; i < block; i++)
        pad[i] ^= 0x36;
    brisk_digest_init(&ctx->ikey, md);
    brisk_digest_update(&ctx->ikey, pad, block);
    for (size_t i = 0; i < block; i++)
        pad[i] ^= 0x36 ^ 0x5c;
    brisk_digest_init(&ctx->okey, md);
    brisk_digest_update(&ctx->okey, pad, block);
    wipe(pad, sizeof(pad));
    ctx->inner = ctx->ikey;
    return BRISK_EOK;
}

void brisk_hmac_update(brisk_hmac_ctx *ctx, const uint8_t *in, size_t in_len)
{
    brisk_digest_update(&ctx->inner, in, in_len);
}

void brisk_hmac_final(brisk_hmac_ctx *ctx, uint8_t *out)
{
    uint8_t ihash[BRISK_DIGEST_MAX_LEN];
    size_t len = ctx->ikey.md->digest_len;

    brisk_digest_final(&ctx->inner, ihash);
    ctx->inner = ctx->okey;
    brisk_digest_update(&ctx->inner, ihash, len);
    brisk_digest_final(&ctx->inner, out);
    wipe(ihash, sizeof(ihash));
    ctx->inner = ctx->ikey;
}

void brisk_hmac_tag(const brisk_hmac_ctx *ctx, uint8_t *out, const uint8_t *in, size_t in_len)
{
    const brisk_digest *md = ctx->ikey.md;
    uint8_t ihash[BRISK_DIGEST_MAX_LEN];
    brisk_digest_ctx c;

    const struct brisk_digest_internal *fast = md->internal;
    if (fast != NULL && fast->hmac(&ctx->ikey.u, &ctx->okey.u, out, md->digest_len, in, in_len))
        return;
    c = ctx->ikey;
    brisk_digest_update(&c, in, in_len);
    brisk_digest_final(&c, ihash);
    c = ctx->okey;
    brisk_digest_update(&c, ihash, md->digest_len);
    brisk_digest_final(&c, out);
    wipe(ihash, sizeof(ihash));
}

void brisk_hmac_reset(brisk_hmac_ctx *ctx)
{
    ctx->inner = ctx->ikey;
}

void brisk_hmac_cleanup(brisk_hmac_ctx *ctx)
{
    wipe(ctx, sizeof(*ctx));
}

int brisk_hmac(const brisk_digest *md, uint8_t *out, const uint8_t *key,
               size_t key_len, const uint8_t *in, size_t in_len)
{
    brisk_hmac_ctx ctx;
    int err = brisk_hmac_init(&ctx, md, key, key_len);
    if (err != BRISK_EOK)
        return err;
    brisk_hmac_update(&ctx, in, in_len);
    brisk_hmac_final(&ctx, out);
    brisk_hmac_cleanup(&ctx);
    return BRISK_EOK;
}
