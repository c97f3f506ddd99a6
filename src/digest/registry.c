/*
 * src/digest/registry.c - the one table of digests, lookup by OpenSSL's names
 * and aliases, and the generic init/update/final that go through a
 * descriptor with one indirect call.
 */
#include "internal.h"

static const brisk_digest *const digests[] = {
    &brisk_digest_md2,        &brisk_digest_mdc2,
    &brisk_digest_md4,        &brisk_digest_md5,
    &brisk_digest_sha1,       &brisk_digest_rmd160,     &brisk_digest_sha224,
    &brisk_digest_sha256,     &brisk_digest_sha384,     &brisk_digest_sha512,
    &brisk_digest_sha512_224, &brisk_digest_sha512_256,
};

const brisk_digest *brisk_digest_at(size_t i)
{
    return i < sizeof(digests) / sizeof(digests[0]) ? digests[i] : NULL;
}

const brisk_digest *brisk_digest_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof(digests) / sizeof(digests[0]); i++)
        if (brisk_name_matches(name, digests[i]->name, digests[i]->long_name, digests[i]->aliases))
            return digests[i];
    return NULL;
}

void brisk_digest_init(brisk_digest_ctx *ctx, const brisk_digest *md)
{
    ctx->md = md;
    md->init(&ctx->u);
}

void brisk_digest_update(brisk_digest_ctx *ctx, const uint8_t *in, size_t in_len)
{
    ctx->md->update(&ctx->u, in, in_len);
}

void brisk_digest_final(brisk_digest_ctx *ctx, uint8_t *out)
{
    ctx->md->final(&ctx->u, out);
}

void brisk_digest_oneshot(const brisk_digest *md, uint8_t *out, const uint8_t *in, size_t in_len)
{
    md->oneshot(out, in, in_len);
}
