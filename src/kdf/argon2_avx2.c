/*
 * src/kdf/argon2_avx2.c - Argon2's compression function G (RFC 9106
 * section 3.5) in AVX2: the 1 KiB block as 32 ymm values (the compiler
 * keeps what fits of them in the 16 registers).
 *
 * Technique (the reference implementation's opt.c approach): a BLAKE2b
 * state row of four words per ymm.  The row pass takes each 16-word row of
 * the block as a, b, c, d directly (words 16r + 4k .. + 3); BlaMka's
 * 2 * lo32(x) * lo32(y) is vpmuludq, the rotations by 32, 24 and 16 are
 * byte shuffles and by 63 a shift, add and xor; the diagonal step rotates
 * b, c, d across the register (vpermq).  The column pass gathers each
 * column group's a, b, c, d (two words from each of two rows) with one
 * vperm2i128 per register, two groups at a time, and scatters them back
 * the same way.  Rows and column pairs are processed two at a time for
 * instruction-level parallelism.
 *
 * Constant-time: yes; no branches or addresses depend on the data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define A2_AVX2 __attribute__((target("avx2")))

A2_AVX2
static inline __m256i blamka(__m256i x, __m256i y)
{
    __m256i m = _mm256_mul_epu32(x, y);
    return _mm256_add_epi64(_mm256_add_epi64(x, y), _mm256_add_epi64(m, m));
}

A2_AVX2
static inline __m256i rotr24(__m256i x)
{
    const __m256i r24 = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
                                         3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
    return _mm256_shuffle_epi8(x, r24);
}

A2_AVX2
static inline __m256i rotr16(__m256i x)
{
    const __m256i r16 = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
                                         2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
    return _mm256_shuffle_epi8(x, r16);
}

A2_AVX2
static inline __m256i rotr63(__m256i x)
{
    return _mm256_xor_si256(_mm256_srli_epi64(x, 63), _mm256_add_epi64(x, x));
}

/* g_half applies BlaMka's G to the four columns (a[i], b[i], c[i], d[i])
 * of two states at once (v[0..3] and v[4..7]). */
A2_AVX2
static inline void g2(__m256i v[8])
{
#pragma GCC unroll 2
    for (int h = 0; h < 8; h += 4) {
        v[h + 0] = blamka(v[h + 0], v[h + 1]);
        v[h + 3] = _mm256_shuffle_epi32(_mm256_xor_si256(v[h + 3], v[h + 0]),
                                        _MM_SHUFFLE(2, 3, 0, 1));
        v[h + 2] = blamka(v[h + 2], v[h + 3]);
        v[h + 1] = rotr24(_mm256_xor_si256(v[h + 1], v[h + 2]));
        v[h + 0] = blamka(v[h + 0], v[h + 1]);
        v[h + 3] = rotr16(_mm256_xor_si256(v[h + 3], v[h + 0]));
        v[h + 2] = blamka(v[h + 2], v[h + 3]);
        v[h + 1] = rotr63(_mm256_xor_si256(v[h + 1], v[h + 2]));
    }
}

/* round2 is BLAKE2b's round on two states v[0..3], v[4..7] (a, b, c, d). */
A2_AVX2
static inline void round2(__m256i v[8])
{
    g2(v);
#pragma GCC unroll 2
    for (int h = 0; h < 8; h += 4) {
        v[h + 1] = _mm256_permute4x64_epi64(v[h + 1], _MM_SHUFFLE(0, 3, 2, 1));
        v[h + 2] = _mm256_permute4x64_epi64(v[h + 2], _MM_SHUFFLE(1, 0, 3, 2));
        v[h + 3] = _mm256_permute4x64_epi64(v[h + 3], _MM_SHUFFLE(2, 1, 0, 3));
    }
    g2(v);
#pragma GCC unroll 2
    for (int h = 0; h < 8; h += 4) {
        v[h + 1] = _mm256_permute4x64_epi64(v[h + 1], _MM_SHUFFLE(2, 1, 0, 3));
        v[h + 2] = _mm256_permute4x64_epi64(v[h + 2], _MM_SHUFFLE(1, 0, 3, 2));
        v[h + 3] = _mm256_permute4x64_epi64(v[h + 3], _MM_SHUFFLE(0, 3, 2, 1));
    }
}

A2_AVX2 BRISK_NO_CANARY
void brisk_argon2_fill_avx2(uint64_t *next, const uint64_t *prev, const uint64_t *ref,
                            int xor_into)
{
    __m256i y[32], r[32];

    for (int k = 0; k < 32; k++)
        y[k] = r[k] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(prev + 4 * k)),
                                       _mm256_loadu_si256((const __m256i *)(ref + 4 * k)));
    /* Rows: row i is y[4i .. 4i + 3]; two rows at a time. */
    for (int i = 0; i < 8; i += 2)
        round2(&y[4 * i]);
    /* Columns: groups 2q and 2q + 1 take words 4q .. 4q + 3 of every row;
     * their a is (row 0, row 1), b (rows 2, 3), c (4, 5), d (6, 7). */
    for (int q = 0; q < 4; q++) {
        __m256i v[8];
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            __m256i lo = y[8 * k + q], hi = y[8 * k + 4 + q];
            v[k] = _mm256_permute2x128_si256(lo, hi, 0x20);
            v[4 + k] = _mm256_permute2x128_si256(lo, hi, 0x31);
        }
        round2(v);
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            y[8 * k + q] = _mm256_permute2x128_si256(v[k], v[4 + k], 0x20);
            y[8 * k + 4 + q] = _mm256_permute2x128_si256(v[k], v[4 + k], 0x31);
        }
    }
    for (int k = 0; k < 32; k++) {
        __m256i *o = (__m256i *)(next + 4 * k);
        __m256i v = _mm256_xor_si256(y[k], r[k]);
        if (xor_into)
            v = _mm256_xor_si256(v, _mm256_loadu_si256(o));
        _mm256_storeu_si256(o, v);
    }
}
#endif
