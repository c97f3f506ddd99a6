/*
 * src/digest/internal.h - what the digest files share: the dispatched
 * primitives, the kernel types and every kernel's prototype, and the
 * Merkle-Damgard buffering and padding used by all digests but MD2.
 */
#ifndef BRISK_DIGEST_INTERNAL_H
#define BRISK_DIGEST_INTERNAL_H

#include <brisk/digest.h>

#include "../internal.h"

/* Kernels compress n_blocks whole blocks into the state. */
typedef void brisk_md2_compress_fn(uint8_t x[48], uint8_t cksum[16],
                                   const uint8_t *blocks, size_t n_blocks);
typedef void brisk_md4_compress_fn(uint32_t h[4], const uint8_t *blocks, size_t n_blocks);
typedef void brisk_md5_compress_fn(uint32_t h[4], const uint8_t *blocks, size_t n_blocks);
typedef void brisk_sha1_compress_fn(uint32_t h[5], const uint8_t *blocks, size_t n_blocks);
typedef void brisk_rmd160_compress_fn(uint32_t h[5], const uint8_t *blocks, size_t n_blocks);
typedef void brisk_sha256_compress_fn(uint32_t h[8], const uint8_t *blocks, size_t n_blocks);
typedef void brisk_sha512_compress_fn(uint64_t h[8], const uint8_t *blocks, size_t n_blocks);

/* The private part of a digest's descriptor (brisk_digest.internal), for
 * the digests with a fast path.  hmac (required) is a faster HMAC of a
 * whole message from the contexts after the ipad and opad blocks, for
 * brisk_hmac_tag: it writes out_len (digest_len) bytes and returns 1, or
 * returns 0 to leave the message to the generic code.  Digests sharing a
 * compression (SHA-224 and SHA-256, the SHA-512 family) share one. */
struct brisk_digest_internal {
    int (*hmac)(const void *ikey, const void *okey, uint8_t *out, size_t out_len,
                const void *in, size_t in_len);
};

/* The operations of one implementation of each primitive: the kernel, and
 * optional fast paths built on it (NULL: the generic code does the work).
 * oneshot writes the digest of a whole short message; hmac writes the HMAC
 * tag of a whole message of up to 55 bytes (one padded block) from the
 * states after the ipad and opad blocks. */
typedef struct brisk_md2_ops {
    brisk_md2_compress_fn *compress;
} brisk_md2_ops;

typedef struct brisk_md4_ops {
    brisk_md4_compress_fn *compress;
} brisk_md4_ops;

typedef struct brisk_md5_ops {
    brisk_md5_compress_fn *compress;
    void (*hmac)(const uint32_t ikey[4], const uint32_t okey[4], uint8_t out[16],
                 const uint8_t *in, size_t in_len);
} brisk_md5_ops;

typedef struct brisk_sha1_ops {
    brisk_sha1_compress_fn *compress;
    void (*oneshot)(uint8_t out[20], const uint8_t *in, size_t in_len); /* in_len <= 119 */
    void (*hmac)(const uint32_t ikey[5], const uint32_t okey[5], uint8_t out[20],
                 const uint8_t *in, size_t in_len);
} brisk_sha1_ops;

typedef struct brisk_rmd160_ops {
    brisk_rmd160_compress_fn *compress;
} brisk_rmd160_ops;

/* SHA-256's fast paths serve SHA-224 too: they start from the state iv
 * (oneshot) and write out_len bytes, 32 or 28. */
typedef struct brisk_sha256_ops {
    brisk_sha256_compress_fn *compress;
    void (*oneshot)(const uint32_t iv[8], uint8_t *out, size_t out_len, const uint8_t *in,
                    size_t in_len); /* in_len <= 119 */
    void (*hmac)(const uint32_t ikey[8], const uint32_t okey[8], uint8_t *out, size_t out_len,
                 const uint8_t *in, size_t in_len);
} brisk_sha256_ops;

typedef struct brisk_sha512_ops {
    brisk_sha512_compress_fn *compress;
} brisk_sha512_ops;

/* The vector-lane kernels of MD4, MD5 and RIPEMD-160 (the avx512 ones, chosen
 * only on cores with one-cycle vector operations) win from about 1 KiB per
 * call and lose below: on an Intel Xeon with AVX-512, forcing bmi2 took MD5
 * at 16 bytes from 154-174 to 190 MB/s and MD4 from 231-244 to 269-278 MB/s,
 * while at 16 KiB avx512 was 6-19% faster (issue 32's measurements;
 * docs/tuning.md).  The dispatcher takes them from this many bytes. */
#define BRISK_VECTOR_HASH_MIN 1024

/* The dispatched primitives, defined in each algorithm's file. */
extern brisk_prim brisk_md2_prim, brisk_md4_prim, brisk_md5_prim,
    brisk_sha1_prim, brisk_rmd160_prim, brisk_sha256_prim, brisk_sha512_prim;

/* The typed accessors: the active implementation's operations; the sized
 * ones (all but MD2) take the bytes the call hands to the kernel. */
static inline const brisk_md2_ops *brisk_md2_active(void)
{
    return brisk_prim_ops(&brisk_md2_prim);
}

static inline const brisk_md4_ops *brisk_md4_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_md4_prim, len);
}

static inline const brisk_md5_ops *brisk_md5_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_md5_prim, len);
}

static inline const brisk_sha1_ops *brisk_sha1_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_sha1_prim, len);
}

static inline const brisk_rmd160_ops *brisk_rmd160_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_rmd160_prim, len);
}

static inline const brisk_sha256_ops *brisk_sha256_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_sha256_prim, len);
}

static inline const brisk_sha512_ops *brisk_sha512_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_sha512_prim, len);
}

/* Round constants of FIPS 180-4, shared by the portable and x86 kernels;
 * aligned for vector loads. */
extern const uint32_t brisk_sha256_k[64];
extern const uint64_t brisk_sha512_k[80];

/* Portable kernels: always built. */
brisk_md2_compress_fn brisk_md2_compress_c;
brisk_md4_compress_fn brisk_md4_compress_c;
brisk_md5_compress_fn brisk_md5_compress_c;
brisk_sha1_compress_fn brisk_sha1_compress_c;
brisk_rmd160_compress_fn brisk_rmd160_compress_c;
brisk_sha256_compress_fn brisk_sha256_compress_c;
brisk_sha512_compress_fn brisk_sha512_compress_c;

/* x86-64 kernels: each in its own file, built unless BRISK_PORTABLE. */
#ifdef BRISK_X86_64
brisk_md4_compress_fn brisk_md4_compress_bmi2;
brisk_md4_compress_fn brisk_md4_compress_avx512;
brisk_md5_compress_fn brisk_md5_compress_bmi2;
brisk_md5_compress_fn brisk_md5_compress_avx512;
/* brisk_md5_hmac_avx512 writes HMAC-MD5 of in (in_len <= 55) to out, from
 * the states after the ipad and opad blocks; it runs where the avx512 MD5
 * kernel does. */
void brisk_md5_hmac_avx512(const uint32_t ikey[4], const uint32_t okey[4], uint8_t out[16],
                           const uint8_t *in, size_t in_len);
brisk_rmd160_compress_fn brisk_rmd160_compress_bmi2;
brisk_rmd160_compress_fn brisk_rmd160_compress_avx512;
brisk_sha1_compress_fn brisk_sha1_compress_shani;
/* brisk_sha1_short_shani writes the SHA-1 digest of in (in_len <= 119) to
 * out; it runs where the shani SHA-1 kernel does. */
void brisk_sha1_short_shani(uint8_t out[20], const uint8_t *in, size_t in_len);
/* brisk_sha1_hmac_shani writes HMAC-SHA-1 of in (in_len <= 55) to out, from
 * the states after the ipad and opad blocks; it runs where the shani SHA-1
 * kernel does. */
void brisk_sha1_hmac_shani(const uint32_t ikey[5], const uint32_t okey[5], uint8_t out[20],
                           const uint8_t *in, size_t in_len);
brisk_sha256_compress_fn brisk_sha256_compress_shani;
/* brisk_sha256_hmac_shani writes HMAC-SHA-256 (out_len 32) or HMAC-SHA-224
 * (out_len 28) of in (in_len <= 55) to out, from the states after the ipad
 * and opad blocks; it runs where the shani SHA-256 kernel does. */
void brisk_sha256_hmac_shani(const uint32_t ikey[8], const uint32_t okey[8], uint8_t *out,
                             size_t out_len, const uint8_t *in, size_t in_len);
/* brisk_sha256_short_shani writes the first out_len bytes (32 or 28) of
 * the digest of in (in_len <= 119) from the state iv to out; it runs where
 * the shani SHA-256 kernel does. */
void brisk_sha256_short_shani(const uint32_t iv[8], uint8_t *out, size_t out_len,
                              const uint8_t *in, size_t in_len);
brisk_sha512_compress_fn brisk_sha512_compress_avx2;
brisk_sha512_compress_fn brisk_sha512_compress_avx512;
brisk_sha512_compress_fn brisk_sha512_compress_avx512_alu6;
#endif

/* md_blocks_fn feeds whole blocks to an algorithm's active kernel. */
typedef void md_blocks_fn(void *ctx, const uint8_t *blocks, size_t n_blocks);

/* md_update buffers input and hands whole blocks to `blocks`, compressing
 * straight from the caller's buffer when it can. */
static inline void md_update(void *ctx, uint8_t *buf, size_t *buf_len,
                             uint64_t *count, size_t block_len,
                             const uint8_t *in, size_t in_len, md_blocks_fn *blocks)
{
    *count += in_len;
    if (*buf_len > 0) {
        size_t take = block_len - *buf_len;
        if (take > in_len)
            take = in_len;
        memcpy(buf + *buf_len, in, opaque_size(take));
        *buf_len += take;
        in += take;
        in_len -= take;
        if (*buf_len < block_len)
            return;
        blocks(ctx, buf, 1);
        *buf_len = 0;
    }
    if (in_len >= block_len) {
        size_t n = in_len / block_len;
        blocks(ctx, in, n);
        in += n * block_len;
        in_len -= n * block_len;
    }
    if (in_len > 0) {
        memcpy(buf, in, opaque_size(in_len));
        *buf_len = in_len;
    }
}

/* md_pad_tail zeroes buf[buf_len..block_len) and ends the block with the
 * message length in bits, count * 8 (len_bytes wide: 8 or 16, big- or
 * little-endian); buf_len <= block_len - len_bytes. */
static inline void md_pad_tail(uint8_t *buf, size_t buf_len, uint64_t count, size_t block_len,
                               size_t len_bytes, int big_endian)
{
    uint64_t bits_lo = count << 3, bits_hi = count >> 61;
    uint8_t *end = buf + block_len;

    memset(buf + buf_len, 0, opaque_size(block_len - buf_len));
    if (big_endian) {
        store64_be(end - 8, bits_lo);
        if (len_bytes == 16)
            store64_be(end - 16, bits_hi);
    } else {
        store64_le(end - 8, bits_lo);
    }
}

/* md_pad appends 0x80, zeros and the message length and compresses the last
 * block(s). */
static inline void md_pad(void *ctx, uint8_t *buf, size_t buf_len, uint64_t count,
                          size_t block_len, size_t len_bytes, int big_endian,
                          md_blocks_fn *blocks)
{
    buf[buf_len++] = 0x80;
    if (buf_len > block_len - len_bytes) {
        memset(buf + buf_len, 0, opaque_size(block_len - buf_len));
        blocks(ctx, buf, 1);
        buf_len = 0;
    }
    md_pad_tail(buf, buf_len, count, block_len, len_bytes, big_endian);
    blocks(ctx, buf, 1);
}

#endif
