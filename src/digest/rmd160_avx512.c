/*
 * src/digest/rmd160_avx512.c - RIPEMD-160 (Dobbertin, Bosselaers, Preneel
 * 1996; ISO/IEC 10118-3) compression kernel for x86-64 with AVX-512F and
 * AVX-512VL: the left line in lane 0 of XMM registers, the right line in
 * lane 1.
 *
 * The two lines do the same operations on different words with different
 * round functions and rotations, so they share one chain of instructions:
 * VPROLVD rotates each lane by its own count, and the round function of the
 * newest word b is a choice (VPTERNLOGD) between P = f(1, c, d) and
 * Q = f(0, c, d), which hold the line's own function in each lane and are
 * formed from c and d before b is known (one VPTERNLOGD each, the mask m
 * choosing the right line's function in lane 1).  Each step is then four
 * one-cycle operations after b (choice, add, rotate, add e): 320 cycles a
 * block for both lines together, in about half the instructions of the
 * interleaved BMI2 kernel, which leaves it less exposed to a busy sibling
 * hyperthread.  The message words plus constants of both lines are formed
 * first with VPERMT2D and VPADDD on 256-bit registers; no 512-bit
 * instruction is used, so the core keeps its clock.
 * Constant-time: yes (no secret-dependent branch or memory address).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define RMDV_TARGET __attribute__((target("avx512f,avx512vl"), always_inline))
#define LANE32_TARGET RMDV_TARGET

#include "lane32_avx512.h"

/* Step j takes word rmdv_index[j / 4][2 * (j % 4)] of the block on the left
 * line and the next entry on the right line; rmdv_k holds the constants in
 * the same layout. */
static const uint32_t rmdv_index[20][8] __attribute__((aligned(32))) = {
    {0, 5, 1, 14, 2, 7, 3, 0},
    {4, 9, 5, 2, 6, 11, 7, 4},
    {8, 13, 9, 6, 10, 15, 11, 8},
    {12, 1, 13, 10, 14, 3, 15, 12},
    {7, 6, 4, 11, 13, 3, 1, 7},
    {10, 0, 6, 13, 15, 5, 3, 10},
    {12, 14, 0, 15, 9, 8, 5, 12},
    {2, 4, 14, 9, 11, 1, 8, 2},
    {3, 15, 10, 5, 14, 1, 4, 3},
    {9, 7, 15, 14, 8, 6, 1, 9},
    {2, 11, 7, 8, 0, 12, 6, 2},
    {13, 10, 11, 0, 5, 4, 12, 13},
    {1, 8, 9, 6, 11, 4, 10, 1},
    {0, 3, 8, 11, 12, 15, 4, 0},
    {13, 5, 3, 12, 7, 2, 15, 13},
    {14, 9, 5, 7, 6, 10, 2, 14},
    {4, 12, 0, 15, 5, 10, 9, 4},
    {7, 1, 12, 5, 2, 8, 10, 7},
    {14, 6, 1, 2, 3, 13, 8, 14},
    {11, 0, 6, 3, 15, 9, 13, 11},
};

static const uint32_t rmdv_k[20][8] __attribute__((aligned(32))) = {
    {0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6},
    {0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6},
    {0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6},
    {0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6, 0x00000000, 0x50a28be6},
    {0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124},
    {0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124},
    {0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124},
    {0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124, 0x5a827999, 0x5c4dd124},
    {0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3},
    {0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3},
    {0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3},
    {0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3, 0x6ed9eba1, 0x6d703ef3},
    {0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9},
    {0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9},
    {0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9},
    {0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9, 0x8f1bbcdc, 0x7a6d76e9},
    {0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000},
    {0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000},
    {0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000},
    {0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000, 0xa953fd4e, 0x00000000},
};

/* rmdv_step replaces *a and rotates *c by 10, given P and Q of the round
 * function (see the top), the words plus constants at wk and the left and
 * right rotations; the caller renames the variables. */
static inline RMDV_TARGET void rmdv_step(__m128i *a, __m128i b, __m128i *c, __m128i e,
                                         __m128i p1, __m128i p0,
                                         const uint32_t *wk, int sl, int sr)
{
    __m128i t = lane32_early(_mm_add_epi32(*a, _mm_loadl_epi64((const __m128i *)(const void *)wk)));
    t = _mm_add_epi32(t, _mm_ternarylogic_epi32(p1, p0, b, 0xe4));
    t = _mm_rolv_epi32(t, _mm_setr_epi32(sl, sr, 0, 0));
    *a = _mm_add_epi32(t, e);
    *c = _mm_rol_epi32(*c, 10);
}

/* The P and Q truth tables are over (c, m, d) = (0xf0, 0xcc, 0xaa), with
 * f1 = x ^ y ^ z, f2 = (x & y) | (~x & z), f3 = (x | ~y) ^ z,
 * f4 = (x & z) | (y & ~z), f5 = x ^ (y | ~z) and x = 1 for P, 0 for Q. */

/* Round 1: f1 left, f5 right. */
static inline RMDV_TARGET void rmdv_round1(__m128i *a, __m128i b, __m128i *c, __m128i d,
                                           __m128i e, __m128i m, const uint32_t *wk,
                                           int sl, int sr)
{
    rmdv_step(a, b, c, e, _mm_ternarylogic_epi32(*c, m, d, 0x29),
              _mm_ternarylogic_epi32(*c, m, d, 0xd6), wk, sl, sr);
}

/* Round 2: f2 left, f4 right. */
static inline RMDV_TARGET void rmdv_round2(__m128i *a, __m128i b, __m128i *c, __m128i d,
                                           __m128i e, __m128i m, const uint32_t *wk,
                                           int sl, int sr)
{
    rmdv_step(a, b, c, e, _mm_ternarylogic_epi32(*c, m, d, 0xf8),
              _mm_ternarylogic_epi32(*c, m, d, 0x62), wk, sl, sr);
}

/* Round 3: f3 on both lines. */
static inline RMDV_TARGET void rmdv_round3(__m128i *a, __m128i b, __m128i *c, __m128i d,
                                           __m128i e, __m128i m, const uint32_t *wk,
                                           int sl, int sr)
{
    rmdv_step(a, b, c, e, _mm_ternarylogic_epi32(*c, m, d, 0x55),
              _mm_ternarylogic_epi32(*c, m, d, 0xa5), wk, sl, sr);
}

/* Round 4: f4 left, f2 right. */
static inline RMDV_TARGET void rmdv_round4(__m128i *a, __m128i b, __m128i *c, __m128i d,
                                           __m128i e, __m128i m, const uint32_t *wk,
                                           int sl, int sr)
{
    rmdv_step(a, b, c, e, _mm_ternarylogic_epi32(*c, m, d, 0xf2),
              _mm_ternarylogic_epi32(*c, m, d, 0x98), wk, sl, sr);
}

/* Round 5: f5 left, f1 right. */
static inline RMDV_TARGET void rmdv_round5(__m128i *a, __m128i b, __m128i *c, __m128i d,
                                           __m128i e, __m128i m, const uint32_t *wk,
                                           int sl, int sr)
{
    rmdv_step(a, b, c, e, _mm_ternarylogic_epi32(*c, m, d, 0x86),
              _mm_ternarylogic_epi32(*c, m, d, 0x79), wk, sl, sr);
}

__attribute__((target("avx512f,avx512vl")))
void brisk_rmd160_compress_avx512(uint32_t h[5], const uint8_t *p, size_t n_blocks)
{
    uint32_t w[160] __attribute__((aligned(32)));
    const __m128i m = _mm_setr_epi32(0, -1, 0, -1);
    /* Each chaining word sits in both lanes: both lines start from it. */
    __m128i h0 = _mm_set1_epi32((int)h[0]), h1 = _mm_set1_epi32((int)h[1]);
    __m128i h2 = _mm_set1_epi32((int)h[2]), h3 = _mm_set1_epi32((int)h[3]);
    __m128i h4 = _mm_set1_epi32((int)h[4]);

    for (; n_blocks > 0; n_blocks--, p += 64) {
        const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)p);
        const __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
        lane32_words(w, lo, hi, rmdv_index, rmdv_k, 20);
        __m128i a = h0, b = h1, c = h2, d = h3, e = h4;

        rmdv_round1(&a, b, &c, d, e, m, w + 0, 11, 8);
        rmdv_round1(&e, a, &b, c, d, m, w + 2, 14, 9);
        rmdv_round1(&d, e, &a, b, c, m, w + 4, 15, 9);
        rmdv_round1(&c, d, &e, a, b, m, w + 6, 12, 11);
        rmdv_round1(&b, c, &d, e, a, m, w + 8, 5, 13);
        rmdv_round1(&a, b, &c, d, e, m, w + 10, 8, 15);
        rmdv_round1(&e, a, &b, c, d, m, w + 12, 7, 15);
        rmdv_round1(&d, e, &a, b, c, m, w + 14, 9, 5);
        rmdv_round1(&c, d, &e, a, b, m, w + 16, 11, 7);
        rmdv_round1(&b, c, &d, e, a, m, w + 18, 13, 7);
        rmdv_round1(&a, b, &c, d, e, m, w + 20, 14, 8);
        rmdv_round1(&e, a, &b, c, d, m, w + 22, 15, 11);
        rmdv_round1(&d, e, &a, b, c, m, w + 24, 6, 14);
        rmdv_round1(&c, d, &e, a, b, m, w + 26, 7, 14);
        rmdv_round1(&b, c, &d, e, a, m, w + 28, 9, 12);
        rmdv_round1(&a, b, &c, d, e, m, w + 30, 8, 6);

        rmdv_round2(&e, a, &b, c, d, m, w + 32, 7, 9);
        rmdv_round2(&d, e, &a, b, c, m, w + 34, 6, 13);
        rmdv_round2(&c, d, &e, a, b, m, w + 36, 8, 15);
        rmdv_round2(&b, c, &d, e, a, m, w + 38, 13, 7);
        rmdv_round2(&a, b, &c, d, e, m, w + 40, 11, 12);
        rmdv_round2(&e, a, &b, c, d, m, w + 42, 9, 8);
        rmdv_round2(&d, e, &a, b, c, m, w + 44, 7, 9);
        rmdv_round2(&c, d, &e, a, b, m, w + 46, 15, 11);
        rmdv_round2(&b, c, &d, e, a, m, w + 48, 7, 7);
        rmdv_round2(&a, b, &c, d, e, m, w + 50, 12, 7);
        rmdv_round2(&e, a, &b, c, d, m, w + 52, 15, 12);
        rmdv_round2(&d, e, &a, b, c, m, w + 54, 9, 7);
        rmdv_round2(&c, d, &e, a, b, m, w + 56, 11, 6);
        rmdv_round2(&b, c, &d, e, a, m, w + 58, 7, 15);
        rmdv_round2(&a, b, &c, d, e, m, w + 60, 13, 13);
        rmdv_round2(&e, a, &b, c, d, m, w + 62, 12, 11);

        rmdv_round3(&d, e, &a, b, c, m, w + 64, 11, 9);
        rmdv_round3(&c, d, &e, a, b, m, w + 66, 13, 7);
        rmdv_round3(&b, c, &d, e, a, m, w + 68, 6, 15);
        rmdv_round3(&a, b, &c, d, e, m, w + 70, 7, 11);
        rmdv_round3(&e, a, &b, c, d, m, w + 72, 14, 8);
        rmdv_round3(&d, e, &a, b, c, m, w + 74, 9, 6);
        rmdv_round3(&c, d, &e, a, b, m, w + 76, 13, 6);
        rmdv_round3(&b, c, &d, e, a, m, w + 78, 15, 14);
        rmdv_round3(&a, b, &c, d, e, m, w + 80, 14, 12);
        rmdv_round3(&e, a, &b, c, d, m, w + 82, 8, 13);
        rmdv_round3(&d, e, &a, b, c, m, w + 84, 13, 5);
        rmdv_round3(&c, d, &e, a, b, m, w + 86, 6, 14);
        rmdv_round3(&b, c, &d, e, a, m, w + 88, 5, 13);
        rmdv_round3(&a, b, &c, d, e, m, w + 90, 12, 13);
        rmdv_round3(&e, a, &b, c, d, m, w + 92, 7, 7);
        rmdv_round3(&d, e, &a, b, c, m, w + 94, 5, 5);

        rmdv_round4(&c, d, &e, a, b, m, w + 96, 11, 15);
        rmdv_round4(&b, c, &d, e, a, m, w + 98, 12, 5);
        rmdv_round4(&a, b, &c, d, e, m, w + 100, 14, 8);
        rmdv_round4(&e, a, &b, c, d, m, w + 102, 15, 11);
        rmdv_round4(&d, e, &a, b, c, m, w + 104, 14, 14);
        rmdv_round4(&c, d, &e, a, b, m, w + 106, 15, 14);
        rmdv_round4(&b, c, &d, e, a, m, w + 108, 9, 6);
        rmdv_round4(&a, b, &c, d, e, m, w + 110, 8, 14);
        rmdv_round4(&e, a, &b, c, d, m, w + 112, 9, 6);
        rmdv_round4(&d, e, &a, b, c, m, w + 114, 14, 9);
        rmdv_round4(&c, d, &e, a, b, m, w + 116, 5, 12);
        rmdv_round4(&b, c, &d, e, a, m, w + 118, 6, 9);
        rmdv_round4(&a, b, &c, d, e, m, w + 120, 8, 12);
        rmdv_round4(&e, a, &b, c, d, m, w + 122, 6, 5);
        rmdv_round4(&d, e, &a, b, c, m, w + 124, 5, 15);
        rmdv_round4(&c, d, &e, a, b, m, w + 126, 12, 8);

        rmdv_round5(&b, c, &d, e, a, m, w + 128, 9, 8);
        rmdv_round5(&a, b, &c, d, e, m, w + 130, 15, 5);
        rmdv_round5(&e, a, &b, c, d, m, w + 132, 5, 12);
        rmdv_round5(&d, e, &a, b, c, m, w + 134, 11, 9);
        rmdv_round5(&c, d, &e, a, b, m, w + 136, 6, 12);
        rmdv_round5(&b, c, &d, e, a, m, w + 138, 8, 5);
        rmdv_round5(&a, b, &c, d, e, m, w + 140, 13, 14);
        rmdv_round5(&e, a, &b, c, d, m, w + 142, 12, 6);
        rmdv_round5(&d, e, &a, b, c, m, w + 144, 5, 8);
        rmdv_round5(&c, d, &e, a, b, m, w + 146, 12, 13);
        rmdv_round5(&b, c, &d, e, a, m, w + 148, 13, 6);
        rmdv_round5(&a, b, &c, d, e, m, w + 150, 14, 5);
        rmdv_round5(&e, a, &b, c, d, m, w + 152, 11, 15);
        rmdv_round5(&d, e, &a, b, c, m, w + 154, 8, 13);
        rmdv_round5(&c, d, &e, a, b, m, w + 156, 5, 11);
        rmdv_round5(&b, c, &d, e, a, m, w + 158, 6, 11);

        /* h1 + c(left) + d(right) and so on, into both lanes. */
        __m128i t = _mm_add_epi32(_mm_add_epi32(h1, _mm_broadcastd_epi32(c)), _mm_shuffle_epi32(d, 0x55));
        h1 = _mm_add_epi32(_mm_add_epi32(h2, _mm_broadcastd_epi32(d)), _mm_shuffle_epi32(e, 0x55));
        h2 = _mm_add_epi32(_mm_add_epi32(h3, _mm_broadcastd_epi32(e)), _mm_shuffle_epi32(a, 0x55));
        h3 = _mm_add_epi32(_mm_add_epi32(h4, _mm_broadcastd_epi32(a)), _mm_shuffle_epi32(b, 0x55));
        h4 = _mm_add_epi32(_mm_add_epi32(h0, _mm_broadcastd_epi32(b)), _mm_shuffle_epi32(c, 0x55));
        h0 = t;
    }
    h[0] = (uint32_t)_mm_cvtsi128_si32(h0);
    h[1] = (uint32_t)_mm_cvtsi128_si32(h1);
    h[2] = (uint32_t)_mm_cvtsi128_si32(h2);
    h[3] = (uint32_t)_mm_cvtsi128_si32(h3);
    h[4] = (uint32_t)_mm_cvtsi128_si32(h4);
    wipe(w, sizeof(w));
}

#endif
