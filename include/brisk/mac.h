/*
 * brisk/mac.h - HMAC (RFC 2104, FIPS 198-1) over any brisk digest.
 */
#ifndef BRISK_MAC_H
#define BRISK_MAC_H

#include <brisk/digest.h>

#ifdef __cplusplus
extern "C" {
#endif

/* brisk_hmac_ctx holds an HMAC computation: the digest states after absorbing
 * the inner and outer padded keys (so the key can be reused cheaply with
 * brisk_hmac_reset) and the running inner state.  Wipe it with
 * brisk_hmac_cleanup when done with the key. */
typedef struct brisk_hmac_ctx {
    brisk_digest_ctx ikey;   /* state after (key ^ ipad) */
    brisk_digest_ctx okey;   /* state after (key ^ opad) */
    brisk_digest_ctx inner;  /* running state of the current message */
} brisk_hmac_ctx;

/* brisk_hmac_init keys ctx with key_len bytes of key (any length; keys longer
 * than the digest's block are hashed first) and starts a message.  Returns
 * BRISK_EINVAL if md is NULL or key is NULL with key_len > 0. */
BRISK_API int brisk_hmac_init(brisk_hmac_ctx *ctx, const brisk_digest *md,
                              const uint8_t *key, size_t key_len);

/* brisk_hmac_update adds in_len bytes of message. */
BRISK_API void brisk_hmac_update(brisk_hmac_ctx *ctx, const uint8_t *in, size_t in_len);

/* brisk_hmac_final writes the digest-length tag to out and starts a new
 * message under the same key, as brisk_hmac_reset does. */
BRISK_API void brisk_hmac_final(brisk_hmac_ctx *ctx, uint8_t *out);

/* brisk_hmac_tag writes the tag of one whole message, in_len bytes at in,
 * to out (digest_len bytes) under the key in ctx, as init's key followed by
 * update and final would, but leaves ctx unchanged: one keyed ctx may serve
 * several threads at once, and a message that fits in one block can be
 * hashed without buffering (HMAC-MD5 on AVX-512 and HMAC-SHA-256/224 on
 * SHA-NI have one-call kernels for it). */
BRISK_API void brisk_hmac_tag(const brisk_hmac_ctx *ctx, uint8_t *out, const uint8_t *in, size_t in_len);

/* brisk_hmac_reset starts a new message under the key already in ctx. */
BRISK_API void brisk_hmac_reset(brisk_hmac_ctx *ctx);

/* brisk_hmac_cleanup wipes the key material in ctx. */
BRISK_API void brisk_hmac_cleanup(brisk_hmac_ctx *ctx);

/* brisk_hmac computes HMAC-md(key, in) in one call into out (digest_len
 * bytes), wiping everything derived from the key.  Returns as brisk_hmac_init. */
BRISK_API int brisk_hmac(const brisk_digest *md, uint8_t *out, const uint8_t *key,
                         size_t key_len, const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif
#endif
