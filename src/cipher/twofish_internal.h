/*
 * src/cipher/twofish_internal.h - what twofish.c (key schedule, portable
 * kernels, the "twofish" primitive's table) and twofish_avx2.c (the wide
 * kernels) share: the key schedule's layout and the type of an
 * implementation's kernels.
 */
#ifndef BRISK_CIPHER_TWOFISH_INTERNAL_H
#define BRISK_CIPHER_TWOFISH_INTERNAL_H

#include "internal.h"

/* A fully keyed Twofish schedule: s[j][b] is the key-dependent S-box of
 * byte j followed by its MDS column, so that g(X) is the xor of
 * s[j][byte j of X] over j = 0..3; k holds the 40 round subkeys (K0..K3
 * input whitening, K4..K7 output whitening, K8..K39 the rounds'). */
typedef struct brisk_twofish_key {
    _Alignas(64) uint32_t s[4][256];
    uint32_t k[40];
} brisk_twofish_key;
_Static_assert(sizeof(brisk_twofish_key) <= 4352, "a Twofish schedule takes at most 4352 bytes");
_Static_assert(sizeof(brisk_twofish_key) <= BRISK_KS_SIZE / 2, "two Twofish schedules fit ks (XTS)");

/* One implementation: ECB each way and CBC decryption over n whole
 * 16-byte blocks (unaligned buffers, out == in allowed). */
typedef struct brisk_twofish_ops {
    void (*enc)(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n);
    void (*dec)(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n);
    void (*cbc_dec)(const brisk_twofish_key *k, uint8_t iv[16], uint8_t *out,
                    const uint8_t *in, size_t n);
} brisk_twofish_ops;

/* The portable kernels, which the wide ones call for their tails. */
void brisk_twofish_enc_c(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n);
void brisk_twofish_dec_c(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n);

#ifdef BRISK_X86_64
extern const brisk_twofish_ops brisk_twofish_ops_avx2;
#endif

#endif
