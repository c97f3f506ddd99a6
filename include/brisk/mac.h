/*
 * brisk/mac.h - HMAC (RFC 2104, FIPS 198-1) over any brisk digest, and the
 * one-time authenticator Poly1305 (RFC 8439 section 2.5).
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

/* brisk_poly1305_ctx holds a Poly1305 computation: the accumulator h, the
 * key halves r (clamped) and s, the powers r^1..r^8 the vector kernels
 * compute once per key (npw of them so far), and a partial block.  It is
 * caller-allocated, fixed-size and holds no pointers; brisk_poly1305_final
 * wipes it.  The fields are private: their layout may change, not the size. */
typedef struct brisk_poly1305_ctx {
    uint64_t h[3];       /* h0 + h1 2^64 + h2 2^128, partially reduced */
    uint64_t r[2];       /* r, clamped, little-endian words */
    uint64_t s[2];       /* s */
    uint64_t pw[8][3];   /* r^(i+1) mod 2^130 - 5 for i < npw */
    uint32_t npw;
    uint32_t buf_len;    /* bytes in buf, below 16 */
    uint8_t buf[16];
} brisk_poly1305_ctx;

/* brisk_poly1305_init starts a message under the one-time key key (r then
 * s, RFC 8439 section 2.5).  A key must never authenticate two messages.
 * Returns BRISK_EINVAL if ctx or key is NULL. */
BRISK_API int brisk_poly1305_init(brisk_poly1305_ctx *ctx, const uint8_t key[32]);

/* brisk_poly1305_update adds in_len bytes of message; BRISK_EINVAL if ctx
 * is NULL, or in is NULL with in_len > 0. */
BRISK_API int brisk_poly1305_update(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t in_len);

/* brisk_poly1305_final writes the 16-byte tag and wipes ctx; BRISK_EINVAL
 * if ctx or tag is NULL. */
BRISK_API int brisk_poly1305_final(brisk_poly1305_ctx *ctx, uint8_t tag[16]);

/* brisk_poly1305 computes the tag of in_len bytes at in under key in one
 * call, wiping what it derived from the key.  Returns as init and update. */
BRISK_API int brisk_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *in,
                             size_t in_len);

/* brisk_poly1305_verify compares two tags in constant time: 0 when they are
 * equal, BRISK_EVERIFY when not, BRISK_EINVAL if either is NULL. */
BRISK_API int brisk_poly1305_verify(const uint8_t tag[16], const uint8_t expect[16]);

#ifdef __cplusplus
}
#endif
#endif
