/*
 * brisk/digest.h - message digests: typed per-algorithm API and a generic one
 * driven by descriptors looked up by name.
 *
 * Contexts are plain caller-allocated structs with no interior pointers: a
 * context may be copied with assignment or memcpy to fork a computation.
 * `final` wipes the context.
 */
#ifndef BRISK_DIGEST_H
#define BRISK_DIGEST_H

#include <brisk/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BRISK_MD2_LEN        16
#define BRISK_MDC2_LEN       16
#define BRISK_MD4_LEN        16
#define BRISK_MD5_LEN        16
#define BRISK_SHA1_LEN       20
#define BRISK_RMD160_LEN     20
#define BRISK_SHA224_LEN     28
#define BRISK_SHA256_LEN     32
#define BRISK_SHA384_LEN     48
#define BRISK_SHA512_LEN     64
#define BRISK_SHA512_224_LEN 28
#define BRISK_SHA512_256_LEN 32
#define BRISK_DIGEST_MAX_LEN   64
#define BRISK_DIGEST_MAX_BLOCK 128

/* brisk_md2_ctx is the state of an MD2 computation (RFC 1319). */
typedef struct brisk_md2_ctx {
    uint8_t x[48];
    uint8_t cksum[16];
    uint8_t buf[16];
    size_t buf_len;
} brisk_md2_ctx;

/* brisk_mdc2_ctx is the state of an MDC-2 computation (ISO/IEC 10118-2 over
 * DES, as OpenSSL's mdc2: final zero-pads a partial last block). */
typedef struct brisk_mdc2_ctx {
    uint8_t h[8], hh[8];
    uint8_t buf[8];
    size_t buf_len;
} brisk_mdc2_ctx;

/* brisk_md4_ctx is the state of an MD4 computation (RFC 1320). */
typedef struct brisk_md4_ctx {
    uint32_t h[4];
    uint64_t count;
    uint8_t buf[64];
    size_t buf_len;
} brisk_md4_ctx;

/* brisk_md5_ctx is the state of an MD5 computation (RFC 1321). */
typedef struct brisk_md5_ctx {
    uint32_t h[4];
    uint64_t count;
    uint8_t buf[64];
    size_t buf_len;
} brisk_md5_ctx;

/* brisk_sha1_ctx is the state of a SHA-1 computation (FIPS 180-4). */
typedef struct brisk_sha1_ctx {
    uint32_t h[5];
    uint64_t count;
    uint8_t buf[64];
    size_t buf_len;
} brisk_sha1_ctx;

/* brisk_rmd160_ctx is the state of a RIPEMD-160 computation. */
typedef struct brisk_rmd160_ctx {
    uint32_t h[5];
    uint64_t count;
    uint8_t buf[64];
    size_t buf_len;
} brisk_rmd160_ctx;

/* brisk_sha256_ctx is the state of a SHA-256 or SHA-224 computation. */
typedef struct brisk_sha256_ctx {
    uint32_t h[8];
    uint64_t count;
    uint8_t buf[64];
    size_t buf_len;
} brisk_sha256_ctx;

/* brisk_sha224_ctx is the state of a SHA-224 computation. */
typedef brisk_sha256_ctx brisk_sha224_ctx;

/* brisk_sha512_ctx is the state of a SHA-512, SHA-384, SHA-512/224 or
 * SHA-512/256 computation. */
typedef struct brisk_sha512_ctx {
    uint64_t h[8];
    uint64_t count;   /* bytes; messages are limited to 2^64 - 1 bytes */
    uint8_t buf[128];
    size_t buf_len;
} brisk_sha512_ctx;

/* brisk_sha384_ctx is the state of a SHA-384 computation. */
typedef brisk_sha512_ctx brisk_sha384_ctx;

/* brisk_md2_init starts an MD2 computation; update adds in_len bytes; final
 * writes the digest and wipes the context.  brisk_md2 is the one-shot form.
 * The same four functions exist for every digest below.  in may be NULL
 * when in_len is 0, here and in every function of this header. */
BRISK_API void brisk_md2_init(brisk_md2_ctx *ctx);
BRISK_API void brisk_md2_update(brisk_md2_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_md2_final(brisk_md2_ctx *ctx, uint8_t out[BRISK_MD2_LEN]);
BRISK_API void brisk_md2(uint8_t out[BRISK_MD2_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_mdc2_init(brisk_mdc2_ctx *ctx);
BRISK_API void brisk_mdc2_update(brisk_mdc2_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_mdc2_final(brisk_mdc2_ctx *ctx, uint8_t out[BRISK_MDC2_LEN]);
BRISK_API void brisk_mdc2(uint8_t out[BRISK_MDC2_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_md4_init(brisk_md4_ctx *ctx);
BRISK_API void brisk_md4_update(brisk_md4_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_md4_final(brisk_md4_ctx *ctx, uint8_t out[BRISK_MD4_LEN]);
BRISK_API void brisk_md4(uint8_t out[BRISK_MD4_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_md5_init(brisk_md5_ctx *ctx);
BRISK_API void brisk_md5_update(brisk_md5_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_md5_final(brisk_md5_ctx *ctx, uint8_t out[BRISK_MD5_LEN]);
BRISK_API void brisk_md5(uint8_t out[BRISK_MD5_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha1_init(brisk_sha1_ctx *ctx);
BRISK_API void brisk_sha1_update(brisk_sha1_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha1_final(brisk_sha1_ctx *ctx, uint8_t out[BRISK_SHA1_LEN]);
BRISK_API void brisk_sha1(uint8_t out[BRISK_SHA1_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_rmd160_init(brisk_rmd160_ctx *ctx);
BRISK_API void brisk_rmd160_update(brisk_rmd160_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_rmd160_final(brisk_rmd160_ctx *ctx, uint8_t out[BRISK_RMD160_LEN]);
BRISK_API void brisk_rmd160(uint8_t out[BRISK_RMD160_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha224_init(brisk_sha224_ctx *ctx);
BRISK_API void brisk_sha224_update(brisk_sha224_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha224_final(brisk_sha224_ctx *ctx, uint8_t out[BRISK_SHA224_LEN]);
BRISK_API void brisk_sha224(uint8_t out[BRISK_SHA224_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha256_init(brisk_sha256_ctx *ctx);
BRISK_API void brisk_sha256_update(brisk_sha256_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha256_final(brisk_sha256_ctx *ctx, uint8_t out[BRISK_SHA256_LEN]);
BRISK_API void brisk_sha256(uint8_t out[BRISK_SHA256_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha384_init(brisk_sha384_ctx *ctx);
BRISK_API void brisk_sha384_update(brisk_sha384_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha384_final(brisk_sha384_ctx *ctx, uint8_t out[BRISK_SHA384_LEN]);
BRISK_API void brisk_sha384(uint8_t out[BRISK_SHA384_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha512_init(brisk_sha512_ctx *ctx);
BRISK_API void brisk_sha512_update(brisk_sha512_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha512_final(brisk_sha512_ctx *ctx, uint8_t out[BRISK_SHA512_LEN]);
BRISK_API void brisk_sha512(uint8_t out[BRISK_SHA512_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha512_224_init(brisk_sha512_ctx *ctx);
BRISK_API void brisk_sha512_224_update(brisk_sha512_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha512_224_final(brisk_sha512_ctx *ctx, uint8_t out[BRISK_SHA512_224_LEN]);
BRISK_API void brisk_sha512_224(uint8_t out[BRISK_SHA512_224_LEN], const uint8_t *in, size_t in_len);

BRISK_API void brisk_sha512_256_init(brisk_sha512_ctx *ctx);
BRISK_API void brisk_sha512_256_update(brisk_sha512_ctx *ctx, const uint8_t *in, size_t in_len);
BRISK_API void brisk_sha512_256_final(brisk_sha512_ctx *ctx, uint8_t out[BRISK_SHA512_256_LEN]);
BRISK_API void brisk_sha512_256(uint8_t out[BRISK_SHA512_256_LEN], const uint8_t *in, size_t in_len);

/* ---- Generic interface ---- */

/* brisk_digest describes one digest algorithm.  The function pointers take the
 * algorithm's own context (the matching member of brisk_digest_ctx). */
typedef struct brisk_digest {
    const char *name;            /* OpenSSL's short name: "sha256" */
    const char *long_name;       /* OpenSSL 3's canonical name: "SHA2-256" */
    const char *const *aliases;  /* further accepted names, NULL-terminated */
    const char *prim;            /* dispatched primitive it runs on: "sha256" */
    size_t digest_len;
    size_t block_len;
    size_t ctx_size;
    void (*init)(void *ctx);
    void (*update)(void *ctx, const uint8_t *in, size_t in_len);
    void (*final)(void *ctx, uint8_t *out);
    void (*oneshot)(uint8_t *out, const uint8_t *in, size_t in_len); /* brisk_sha256, ... */
    /* The library's private part of its own descriptors (opaque; NULL in
     * a descriptor made elsewhere). */
    const struct brisk_digest_internal *internal;
} brisk_digest;

/* brisk_digest_ctx holds the state of any digest plus its descriptor. */
typedef struct brisk_digest_ctx {
    const brisk_digest *md;
    union {
        brisk_md2_ctx md2;
        brisk_mdc2_ctx mdc2;
        brisk_md4_ctx md4;
        brisk_md5_ctx md5;
        brisk_sha1_ctx sha1;
        brisk_rmd160_ctx rmd160;
        brisk_sha256_ctx sha256;
        brisk_sha512_ctx sha512;
    } u;
} brisk_digest_ctx;

/* Descriptors of the built-in digests. */
extern BRISK_API const brisk_digest brisk_digest_md2, brisk_digest_mdc2, brisk_digest_md4,
    brisk_digest_md5, brisk_digest_sha1, brisk_digest_rmd160, brisk_digest_sha224,
    brisk_digest_sha256, brisk_digest_sha384, brisk_digest_sha512,
    brisk_digest_sha512_224, brisk_digest_sha512_256;

/* brisk_digest_by_name finds a digest by OpenSSL's name or any alias, case
 * insensitively ("md5", "SHA2-256", "ripemd160", "rmd160", ...); NULL if none. */
BRISK_API const brisk_digest *brisk_digest_by_name(const char *name);

/* brisk_digest_at returns the i-th registered digest, or NULL past the last. */
BRISK_API const brisk_digest *brisk_digest_at(size_t i);

/* brisk_digest_init starts a computation of `md` in ctx. */
BRISK_API void brisk_digest_init(brisk_digest_ctx *ctx, const brisk_digest *md);

/* brisk_digest_update adds in_len bytes at in. */
BRISK_API void brisk_digest_update(brisk_digest_ctx *ctx, const uint8_t *in, size_t in_len);

/* brisk_digest_final writes ctx->md->digest_len bytes to out and wipes ctx. */
BRISK_API void brisk_digest_final(brisk_digest_ctx *ctx, uint8_t *out);

/* brisk_digest_oneshot computes the digest of in_len bytes at in in one call. */
BRISK_API void brisk_digest_oneshot(const brisk_digest *md, uint8_t *out, const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif
#endif
