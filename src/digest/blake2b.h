/*
 * src/digest/blake2b.h - BLAKE2b (RFC 7693), unkeyed, with any output length
 * from 1 to 64 bytes: internal to libbrisk (Argon2's H and H' are built on
 * it), not a registered digest.
 */
#ifndef BRISK_DIGEST_BLAKE2B_H
#define BRISK_DIGEST_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>

#define BRISK_BLAKE2B_BLOCK 128
#define BRISK_BLAKE2B_MAX_OUT 64

typedef struct brisk_blake2b_ctx {
    uint64_t h[8];
    uint64_t t[2];                     /* bytes compressed so far, 128 bits */
    uint8_t buf[BRISK_BLAKE2B_BLOCK];  /* pending input, up to one block */
    size_t buf_len;
    size_t out_len;
} brisk_blake2b_ctx;

/* brisk_blake2b_init starts an unkeyed hash of out_len (1..64) bytes. */
void brisk_blake2b_init(brisk_blake2b_ctx *ctx, size_t out_len);

/* brisk_blake2b_update hashes len more bytes at in. */
void brisk_blake2b_update(brisk_blake2b_ctx *ctx, const void *in, size_t len);

/* brisk_blake2b_final writes the out_len-byte digest to out and wipes ctx. */
void brisk_blake2b_final(brisk_blake2b_ctx *ctx, uint8_t *out);

/* brisk_blake2b hashes len bytes at in into out_len (1..64) bytes at out. */
void brisk_blake2b(uint8_t *out, size_t out_len, const void *in, size_t len);

#endif
