/*
 * src/kdf/argon2_avx512.c - Argon2's compression function G (RFC 9106
 * section 3.5) in AVX-512F: the whole 1 KiB block in 16 zmm registers.
 *
 * Technique (the reference implementation's opt.c approach, widened): P runs
 * on two rows (or two columns) per register set, one in each 256-bit half of
 * four zmm registers a, b, c, d, each half holding the four words of one
 * BLAKE2b state row; BlaMka's 2 * lo32(x) * lo32(y) is vpmuludq, the
 * rotations are vprorq, and the diagonal step rotates b, c, d within the
 * 256-bit halves (vpermq).  From memory order to the row sets is one
 * vshufi64x2 per register; from the row sets to the column sets is a
 * transpose of the register roles plus one vpermq per register (the row
 * sets' halves already hold the two words of each column group, in pairs),
 * and back the same way.  prev ^ ref is reloaded at the end rather than kept
 * in 16 more registers.
 *
 * Constant-time: yes; no branches or addresses depend on the data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define A2_AVX512 __attribute__((target("avx512f")))

/* blamka is x + y + 2 * lo32(x) * lo32(y) in each 64-bit lane. */
A2_AVX512
static inline __m512i blamka(__m512i x, __m512i y)
{
    __m512i m = _mm512_mul_epu32(x, y);
    return _mm512_add_epi64(_mm512_add_epi64(x, y), _mm512_add_epi64(m, m));
}

/* round4 applies BLAKE2b's round (BlaMka's G) to four register sets s[j] =
 * {a, b, c, d}, each holding two independent 16-word states. */
A2_AVX512
static inline void round4(__m512i s[4][4])
{
#pragma GCC unroll 4
    for (int j = 0; j < 4; j++) {
        s[j][0] = blamka(s[j][0], s[j][1]);
        s[j][3] = _mm512_ror_epi64(_mm512_xor_si512(s[j][3], s[j][0]), 32);
        s[j][2] = blamka(s[j][2], s[j][3]);
        s[j][1] = _mm512_ror_epi64(_mm512_xor_si512(s[j][1], s[j][2]), 24);
        s[j][0] = blamka(s[j][0], s[j][1]);
        s[j][3] = _mm512_ror_epi64(_mm512_xor_si512(s[j][3], s[j][0]), 16);
        s[j][2] = blamka(s[j][2], s[j][3]);
        s[j][1] = _mm512_ror_epi64(_mm512_xor_si512(s[j][1], s[j][2]), 63);
        /* Diagonals: b, c, d rotated left by 1, 2, 3 words per half. */
        s[j][1] = _mm512_permutex_epi64(s[j][1], _MM_SHUFFLE(0, 3, 2, 1));
        s[j][2] = _mm512_permutex_epi64(s[j][2], _MM_SHUFFLE(1, 0, 3, 2));
        s[j][3] = _mm512_permutex_epi64(s[j][3], _MM_SHUFFLE(2, 1, 0, 3));
    }
#pragma GCC unroll 4
    for (int j = 0; j < 4; j++) {
        s[j][0] = blamka(s[j][0], s[j][1]);
        s[j][3] = _mm512_ror_epi64(_mm512_xor_si512(s[j][3], s[j][0]), 32);
        s[j][2] = blamka(s[j][2], s[j][3]);
        s[j][1] = _mm512_ror_epi64(_mm512_xor_si512(s[j][1], s[j][2]), 24);
        s[j][0] = blamka(s[j][0], s[j][1]);
        s[j][3] = _mm512_ror_epi64(_mm512_xor_si512(s[j][3], s[j][0]), 16);
        s[j][2] = blamka(s[j][2], s[j][3]);
        s[j][1] = _mm512_ror_epi64(_mm512_xor_si512(s[j][1], s[j][2]), 63);
        s[j][1] = _mm512_permutex_epi64(s[j][1], _MM_SHUFFLE(2, 1, 0, 3));
        s[j][2] = _mm512_permutex_epi64(s[j][2], _MM_SHUFFLE(1, 0, 3, 2));
        s[j][3] = _mm512_permutex_epi64(s[j][3], _MM_SHUFFLE(0, 3, 2, 1));
    }
}

/* transpose_sets turns the row sets into the column sets and back (an
 * involution): set j's register q becomes set q's register j with words
 * 2, 3 and 4, 5 swapped, so that each 256-bit half holds the two words of
 * one column group from each of two rows. */
A2_AVX512
static inline void transpose_sets(__m512i s[4][4])
{
    const __m512i idx = _mm512_setr_epi64(0, 1, 4, 5, 2, 3, 6, 7);
    __m512i t[4][4];

#pragma GCC unroll 4
    for (int j = 0; j < 4; j++)
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++)
            t[q][j] = _mm512_permutexvar_epi64(idx, s[j][q]);
#pragma GCC unroll 4
    for (int j = 0; j < 4; j++)
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++)
            s[j][q] = t[j][q];
}

A2_AVX512 BRISK_NO_CANARY
void brisk_argon2_fill_avx512(uint64_t *next, const uint64_t *prev, const uint64_t *ref,
                              int xor_into)
{
    __m512i s[4][4];

    /* Set j holds rows 2j (low halves) and 2j + 1 (high halves); row r is
     * words 16r .. 16r + 15, as a, b, c, d of four words each. */
#pragma GCC unroll 4
    for (int j = 0; j < 4; j++) {
        __m512i r0 = _mm512_xor_si512(_mm512_loadu_si512(prev + 32 * j),
                                      _mm512_loadu_si512(ref + 32 * j));
        __m512i r1 = _mm512_xor_si512(_mm512_loadu_si512(prev + 32 * j + 8),
                                      _mm512_loadu_si512(ref + 32 * j + 8));
        __m512i r2 = _mm512_xor_si512(_mm512_loadu_si512(prev + 32 * j + 16),
                                      _mm512_loadu_si512(ref + 32 * j + 16));
        __m512i r3 = _mm512_xor_si512(_mm512_loadu_si512(prev + 32 * j + 24),
                                      _mm512_loadu_si512(ref + 32 * j + 24));
        s[j][0] = _mm512_shuffle_i64x2(r0, r2, _MM_SHUFFLE(1, 0, 1, 0));
        s[j][1] = _mm512_shuffle_i64x2(r0, r2, _MM_SHUFFLE(3, 2, 3, 2));
        s[j][2] = _mm512_shuffle_i64x2(r1, r3, _MM_SHUFFLE(1, 0, 1, 0));
        s[j][3] = _mm512_shuffle_i64x2(r1, r3, _MM_SHUFFLE(3, 2, 3, 2));
    }
    round4(s);
    transpose_sets(s);
    round4(s);
    transpose_sets(s);
#pragma GCC unroll 4
    for (int j = 0; j < 4; j++) {
        __m512i z[4];
        z[0] = _mm512_shuffle_i64x2(s[j][0], s[j][1], _MM_SHUFFLE(1, 0, 1, 0));
        z[2] = _mm512_shuffle_i64x2(s[j][0], s[j][1], _MM_SHUFFLE(3, 2, 3, 2));
        z[1] = _mm512_shuffle_i64x2(s[j][2], s[j][3], _MM_SHUFFLE(1, 0, 1, 0));
        z[3] = _mm512_shuffle_i64x2(s[j][2], s[j][3], _MM_SHUFFLE(3, 2, 3, 2));
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++) {
            size_t o = 32 * (size_t)j + 8 * (size_t)k;
            __m512i v = _mm512_xor_si512(z[k], _mm512_xor_si512(_mm512_loadu_si512(prev + o),
                                                                _mm512_loadu_si512(ref + o)));
            if (xor_into)
                v = _mm512_xor_si512(v, _mm512_loadu_si512(next + o));
            _mm512_storeu_si512(next + o, v);
        }
    }
}
#endif
