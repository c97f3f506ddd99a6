/*
 * src/cipher/serpent_avx2.c - Serpent ECB and CBC decryption, 16 blocks at
 * a time in AVX2 (the technique of the Linux kernel's serpent-avx2 and
 * libgcrypt's serpent-avx2-amd64.S, written here in C with GCC vectors).
 *
 * Two groups of eight blocks: each group loaded into four ymm registers
 * (two blocks each) and transposed 4x4 within the 128-bit lanes, so that
 * register i holds word i of the eight blocks; the 32 rounds of
 * serpent_sbox.h then run on the two groups (independent chains the core
 * overlaps), and the inverse transposition stores them back.  serpent.c's
 * drivers (brisk_serpent_groups_*) run the 16- and 8-block kernels over
 * buffers, tails and CBC decryption.
 *
 * Constant-time: yes; no table lookups or branches on keys or data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SERPENT_AVX2 __attribute__((target("avx2")))

typedef uint32_t serpent_word __attribute__((vector_size(32)));
/* The circuits are compiled for this file's instruction set, so that
 * passing vectors by value keeps to one ABI. */
#define SERPENT_TARGET __attribute__((target("avx2")))
#include "serpent_sbox.h"

/* load8 transposes blocks in[0..7] into x[0..3] (x[i] = word i of each
 * block, in the order 0 2 4 6 1 3 5 7 across the lanes). */
SERPENT_AVX2 static inline void load8(serpent_word x[4], const uint8_t *in)
{
    __m256i r0 = _mm256_loadu_si256((const __m256i *)(in + 0));
    __m256i r1 = _mm256_loadu_si256((const __m256i *)(in + 32));
    __m256i r2 = _mm256_loadu_si256((const __m256i *)(in + 64));
    __m256i r3 = _mm256_loadu_si256((const __m256i *)(in + 96));
    /* Lane 0 of r0..r3 holds blocks 0, 2, 4, 6; lane 1 blocks 1, 3, 5, 7. */
    __m256i t0 = _mm256_unpacklo_epi32(r0, r1), t1 = _mm256_unpackhi_epi32(r0, r1);
    __m256i t2 = _mm256_unpacklo_epi32(r2, r3), t3 = _mm256_unpackhi_epi32(r2, r3);
    x[0] = (serpent_word)_mm256_unpacklo_epi64(t0, t2);
    x[1] = (serpent_word)_mm256_unpackhi_epi64(t0, t2);
    x[2] = (serpent_word)_mm256_unpacklo_epi64(t1, t3);
    x[3] = (serpent_word)_mm256_unpackhi_epi64(t1, t3);
}

SERPENT_AVX2 static inline void store8(uint8_t *out, const serpent_word x[4])
{
    __m256i t0 = _mm256_unpacklo_epi32((__m256i)x[0], (__m256i)x[1]);
    __m256i t1 = _mm256_unpackhi_epi32((__m256i)x[0], (__m256i)x[1]);
    __m256i t2 = _mm256_unpacklo_epi32((__m256i)x[2], (__m256i)x[3]);
    __m256i t3 = _mm256_unpackhi_epi32((__m256i)x[2], (__m256i)x[3]);
    _mm256_storeu_si256((__m256i *)(out + 0), _mm256_unpacklo_epi64(t0, t2));
    _mm256_storeu_si256((__m256i *)(out + 32), _mm256_unpackhi_epi64(t0, t2));
    _mm256_storeu_si256((__m256i *)(out + 64), _mm256_unpacklo_epi64(t1, t3));
    _mm256_storeu_si256((__m256i *)(out + 96), _mm256_unpackhi_epi64(t1, t3));
}

SERPENT_AVX2 static void crypt16(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                 int decrypt)
{
    serpent_word x[4], y[4];
    load8(x, in);
    load8(y, in + 128);
    if (decrypt)
        serpent_decrypt_words2(x, y, k->rk);
    else
        serpent_encrypt_words2(x, y, k->rk);
    store8(out, x);
    store8(out + 128, y);
}

SERPENT_AVX2 static void crypt8(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                int decrypt)
{
    serpent_word x[4];
    load8(x, in);
    if (decrypt)
        serpent_decrypt_words(x, k->rk);
    else
        serpent_encrypt_words(x, k->rk);
    store8(out, x);
}

static const brisk_serpent_groups groups = {16, crypt16, crypt8};

static void serpent_enc_avx2(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                size_t n)
{
    brisk_serpent_groups_ecb(&groups, k, out, in, n, 0);
}

static void serpent_dec_avx2(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                size_t n)
{
    brisk_serpent_groups_ecb(&groups, k, out, in, n, 1);
}

static void serpent_cbc_dec_avx2(const brisk_serpent_key *k, uint8_t iv[16], uint8_t *out,
                                    const uint8_t *in, size_t n)
{
    brisk_serpent_groups_cbc_dec(&groups, k, iv, out, in, n);
}

const brisk_serpent_ops brisk_serpent_ops_avx2 = {serpent_enc_avx2, serpent_dec_avx2,
                                                  serpent_cbc_dec_avx2};

#endif
