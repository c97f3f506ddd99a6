/*
 * src/kdf/internal.h - what the KDF area shares: Argon2's compression
 * function as a dispatched primitive ("argon2": portable C, AVX2, AVX-512).
 */
#ifndef BRISK_KDF_INTERNAL_H
#define BRISK_KDF_INTERNAL_H

#include "../internal.h"

/* An Argon2 block: 1 KiB as 128 64-bit words (RFC 9106 section 3.2). */
#define BRISK_ARGON2_WORDS 128

/* brisk_argon2_fill_fn computes next = G(prev, ref) (RFC 9106 section 3.5:
 * R = prev ^ ref, P over R's rows then columns, next = R ^ P(R)), or, when
 * xor_into is 1 (passes after the first, version 0x13), next ^= G(prev,
 * ref).  next may be prev or ref.  Blocks are 64-byte aligned. */
typedef void brisk_argon2_fill_fn(uint64_t *next, const uint64_t *prev, const uint64_t *ref,
                                  int xor_into);

typedef struct brisk_argon2_ops {
    brisk_argon2_fill_fn *fill;
} brisk_argon2_ops;

extern brisk_prim brisk_argon2_prim;

static inline const brisk_argon2_ops *brisk_argon2_active(void)
{
    return brisk_prim_ops(&brisk_argon2_prim);
}

brisk_argon2_fill_fn brisk_argon2_fill_c;
brisk_argon2_fill_fn brisk_argon2_fill_avx2;
brisk_argon2_fill_fn brisk_argon2_fill_avx512;

#endif
