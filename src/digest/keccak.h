/*
 * src/digest/keccak.h - SHAKE256 (FIPS 202 section 6.2): internal to
 * libbrisk (Ed448's hash, RFC 8032 section 5.2), not a registered digest.
 */
#ifndef BRISK_DIGEST_KECCAK_H
#define BRISK_DIGEST_KECCAK_H

#include <stddef.h>
#include <stdint.h>

/* A SHAKE256 state: Keccak-f[1600]'s 25 lanes, the bytes absorbed into the
 * current 136-byte block, and whether squeezing has begun. */
typedef struct brisk_shake256_ctx {
    uint64_t a[25];
    size_t pos;
    int squeezing;
} brisk_shake256_ctx;

void brisk_shake256_init(brisk_shake256_ctx *c);
/* brisk_shake256_absorb adds len bytes of input; only before squeezing. */
void brisk_shake256_absorb(brisk_shake256_ctx *c, const uint8_t *in, size_t len);
/* brisk_shake256_squeeze reads the next len bytes of output (padding the
 * input first, on the first call); calls may continue the stream. */
void brisk_shake256_squeeze(brisk_shake256_ctx *c, uint8_t *out, size_t len);
/* brisk_shake256 is the one-shot form. */
void brisk_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len);

#endif
