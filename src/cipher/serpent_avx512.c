/*
 * src/cipher/serpent_avx512.c - Serpent ECB and CBC decryption, 32 blocks at
 * a time in AVX-512.
 *
 * The layout of serpent_avx2.c on 512-bit registers: two groups of 16
 * blocks, each loaded into four zmm registers (four blocks each) and
 * transposed 4x4 within the 128-bit lanes, so that register i holds word i
 * of 16 blocks.  The circuits of serpent_sbox.h compile to fewer
 * instructions here: vprold rotates in one (three in AVX2) and the compiler
 * merges and/or/xor chains into vpternlogd.  serpent.c's drivers
 * (brisk_serpent_groups_*) run the 32- and 16-block kernels over buffers,
 * tails and CBC decryption.
 *
 * Constant-time: yes; no table lookups or branches on keys or data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SERPENT_AVX512 __attribute__((target("avx2,avx512f,avx512vl")))

typedef uint32_t serpent_word __attribute__((vector_size(64)));
/* The circuits are compiled for this file's instruction set, so that
 * passing vectors by value keeps to one ABI. */
#define SERPENT_TARGET __attribute__((target("avx2,avx512f,avx512vl")))
#include "serpent_sbox.h"

/* load16 transposes blocks in[0..15] into x[0..3] (x[i] = word i of each
 * block, lane j of every register holding blocks j, j + 4, j + 8, j + 12
 * in some order the inverse in store16 undoes). */
SERPENT_AVX512 static inline void load16(serpent_word x[4], const uint8_t *in)
{
    __m512i r0 = _mm512_loadu_si512((const void *)(in + 0));
    __m512i r1 = _mm512_loadu_si512((const void *)(in + 64));
    __m512i r2 = _mm512_loadu_si512((const void *)(in + 128));
    __m512i r3 = _mm512_loadu_si512((const void *)(in + 192));
    __m512i t0 = _mm512_unpacklo_epi32(r0, r1), t1 = _mm512_unpackhi_epi32(r0, r1);
    __m512i t2 = _mm512_unpacklo_epi32(r2, r3), t3 = _mm512_unpackhi_epi32(r2, r3);
    x[0] = (serpent_word)_mm512_unpacklo_epi64(t0, t2);
    x[1] = (serpent_word)_mm512_unpackhi_epi64(t0, t2);
    x[2] = (serpent_word)_mm512_unpacklo_epi64(t1, t3);
    x[3] = (serpent_word)_mm512_unpackhi_epi64(t1, t3);
}

SERPENT_AVX512 static inline void store16(uint8_t *out, const serpent_word x[4])
{
    __m512i t0 = _mm512_unpacklo_epi32((__m512i)x[0], (__m512i)x[1]);
    __m512i t1 = _mm512_unpackhi_epi32((__m512i)x[0], (__m512i)x[1]);
    __m512i t2 = _mm512_unpacklo_epi32((__m512i)x[2], (__m512i)x[3]);
    __m512i t3 = _mm512_unpackhi_epi32((__m512i)x[2], (__m512i)x[3]);
    _mm512_storeu_si512((void *)(out + 0), _mm512_unpacklo_epi64(t0, t2));
    _mm512_storeu_si512((void *)(out + 64), _mm512_unpackhi_epi64(t0, t2));
    _mm512_storeu_si512((void *)(out + 128), _mm512_unpacklo_epi64(t1, t3));
    _mm512_storeu_si512((void *)(out + 192), _mm512_unpackhi_epi64(t1, t3));
}

SERPENT_AVX512 static void crypt16(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                   int decrypt)
{
    serpent_word x[4];
    load16(x, in);
    if (decrypt)
        serpent_decrypt_words(x, k->rk);
    else
        serpent_encrypt_words(x, k->rk);
    store16(out, x);
}

/* Two groups per round, independent chains the core overlaps. */
SERPENT_AVX512 static void crypt32(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                   int decrypt)
{
    serpent_word x[4], y[4];
    load16(x, in);
    load16(y, in + 256);
    if (decrypt)
        serpent_decrypt_words2(x, y, k->rk);
    else
        serpent_encrypt_words2(x, y, k->rk);
    store16(out, x);
    store16(out + 256, y);
}

static const brisk_serpent_groups groups = {32, crypt32, crypt16};

static void serpent_enc_avx512(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                size_t n)
{
    brisk_serpent_groups_ecb(&groups, k, out, in, n, 0);
}

static void serpent_dec_avx512(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                size_t n)
{
    brisk_serpent_groups_ecb(&groups, k, out, in, n, 1);
}

static void serpent_cbc_dec_avx512(const brisk_serpent_key *k, uint8_t iv[16], uint8_t *out,
                                    const uint8_t *in, size_t n)
{
    brisk_serpent_groups_cbc_dec(&groups, k, iv, out, in, n);
}

const brisk_serpent_ops brisk_serpent_ops_avx512 = {serpent_enc_avx512, serpent_dec_avx512,
                                                    serpent_cbc_dec_avx512};

#endif
