/*
 * src/digest/md4_avx512.c - MD4 (RFC 1320) compression kernel for x86-64
 * with AVX-512F and AVX-512VL, computing one message in lane 0 of an XMM
 * register.
 *
 * MD4 is one dependency chain through the word b made by each step, so this
 * is not SIMD across messages: the vector unit is used because VPTERNLOGD
 * forms each round function (F the choice, G the majority, H the parity) in
 * one instruction, so every step is three one-cycle operations after b is
 * known (round function, add, rotate): 144 cycles a block, against 160 for
 * the BMI2 kernel whose F needs two.  The 48 message words plus round
 * constants are formed first with VPERMT2D and VPADDD on 256-bit registers;
 * no 512-bit instruction is used, so the core keeps its clock.
 * Constant-time: yes (no secret-dependent branch or memory address).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define MD4V_TARGET __attribute__((target("avx512f,avx512vl"), always_inline))
#define LANE32_TARGET MD4V_TARGET

#include "lane32_avx512.h"

/* Word i of the block for step j is md4v_index[j / 8][j % 8]; md4v_k holds
 * the round constants in the same layout. */
static const uint32_t md4v_index[6][8] __attribute__((aligned(32))) = {
    {0, 1, 2, 3, 4, 5, 6, 7},
    {8, 9, 10, 11, 12, 13, 14, 15},
    {0, 4, 8, 12, 1, 5, 9, 13},
    {2, 6, 10, 14, 3, 7, 11, 15},
    {0, 8, 4, 12, 2, 10, 6, 14},
    {1, 9, 5, 13, 3, 11, 7, 15},
};

static const uint32_t md4v_k[6][8] __attribute__((aligned(32))) = {
    {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000},
    {0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999},
    {0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999},
    {0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1},
    {0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1},
};

/* md4v_end finishes a step from a, the round function f, the message word
 * plus constant wk and the rotation s. */
static inline MD4V_TARGET __m128i md4v_end(__m128i a, __m128i f, uint32_t wk, int s)
{
    __m128i t = lane32_early(_mm_add_epi32(a, _mm_cvtsi32_si128((int)wk)));
    t = _mm_add_epi32(t, f);
    return _mm_rolv_epi32(t, _mm_set1_epi32(s));
}

/* The round functions as VPTERNLOGD truth tables over (d, b, c) =
 * (0xf0, 0xcc, 0xaa): F = (b & c) | (~b & d), G = majority, H = b ^ c ^ d. */

static inline MD4V_TARGET __m128i md4v_f(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md4v_end(a, _mm_ternarylogic_epi32(d, b, c, 0xb8), wk, s);
}

static inline MD4V_TARGET __m128i md4v_g(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md4v_end(a, _mm_ternarylogic_epi32(d, b, c, 0xe8), wk, s);
}

static inline MD4V_TARGET __m128i md4v_h(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md4v_end(a, _mm_ternarylogic_epi32(d, b, c, 0x96), wk, s);
}

__attribute__((target("avx512f,avx512vl")))
void brisk_md4_compress_avx512(uint32_t h[4], const uint8_t *p, size_t n_blocks)
{
    uint32_t w[48] __attribute__((aligned(32)));
    __m128i a = _mm_cvtsi32_si128((int)h[0]), b = _mm_cvtsi32_si128((int)h[1]);
    __m128i c = _mm_cvtsi32_si128((int)h[2]), d = _mm_cvtsi32_si128((int)h[3]);

    for (; n_blocks > 0; n_blocks--, p += 64) {
        const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)p);
        const __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
        lane32_words(w, lo, hi, md4v_index, md4v_k, 6);
        const __m128i a0 = a, b0 = b, c0 = c, d0 = d;

        a = md4v_f(a, b, c, d, w[0], 3);
        d = md4v_f(d, a, b, c, w[1], 7);
        c = md4v_f(c, d, a, b, w[2], 11);
        b = md4v_f(b, c, d, a, w[3], 19);
        a = md4v_f(a, b, c, d, w[4], 3);
        d = md4v_f(d, a, b, c, w[5], 7);
        c = md4v_f(c, d, a, b, w[6], 11);
        b = md4v_f(b, c, d, a, w[7], 19);
        a = md4v_f(a, b, c, d, w[8], 3);
        d = md4v_f(d, a, b, c, w[9], 7);
        c = md4v_f(c, d, a, b, w[10], 11);
        b = md4v_f(b, c, d, a, w[11], 19);
        a = md4v_f(a, b, c, d, w[12], 3);
        d = md4v_f(d, a, b, c, w[13], 7);
        c = md4v_f(c, d, a, b, w[14], 11);
        b = md4v_f(b, c, d, a, w[15], 19);

        a = md4v_g(a, b, c, d, w[16], 3);
        d = md4v_g(d, a, b, c, w[17], 5);
        c = md4v_g(c, d, a, b, w[18], 9);
        b = md4v_g(b, c, d, a, w[19], 13);
        a = md4v_g(a, b, c, d, w[20], 3);
        d = md4v_g(d, a, b, c, w[21], 5);
        c = md4v_g(c, d, a, b, w[22], 9);
        b = md4v_g(b, c, d, a, w[23], 13);
        a = md4v_g(a, b, c, d, w[24], 3);
        d = md4v_g(d, a, b, c, w[25], 5);
        c = md4v_g(c, d, a, b, w[26], 9);
        b = md4v_g(b, c, d, a, w[27], 13);
        a = md4v_g(a, b, c, d, w[28], 3);
        d = md4v_g(d, a, b, c, w[29], 5);
        c = md4v_g(c, d, a, b, w[30], 9);
        b = md4v_g(b, c, d, a, w[31], 13);

        a = md4v_h(a, b, c, d, w[32], 3);
        d = md4v_h(d, a, b, c, w[33], 9);
        c = md4v_h(c, d, a, b, w[34], 11);
        b = md4v_h(b, c, d, a, w[35], 15);
        a = md4v_h(a, b, c, d, w[36], 3);
        d = md4v_h(d, a, b, c, w[37], 9);
        c = md4v_h(c, d, a, b, w[38], 11);
        b = md4v_h(b, c, d, a, w[39], 15);
        a = md4v_h(a, b, c, d, w[40], 3);
        d = md4v_h(d, a, b, c, w[41], 9);
        c = md4v_h(c, d, a, b, w[42], 11);
        b = md4v_h(b, c, d, a, w[43], 15);
        a = md4v_h(a, b, c, d, w[44], 3);
        d = md4v_h(d, a, b, c, w[45], 9);
        c = md4v_h(c, d, a, b, w[46], 11);
        b = md4v_h(b, c, d, a, w[47], 15);

        a = _mm_add_epi32(a, a0);
        b = _mm_add_epi32(b, b0);
        c = _mm_add_epi32(c, c0);
        d = _mm_add_epi32(d, d0);
    }
    h[0] = (uint32_t)_mm_cvtsi128_si32(a);
    h[1] = (uint32_t)_mm_cvtsi128_si32(b);
    h[2] = (uint32_t)_mm_cvtsi128_si32(c);
    h[3] = (uint32_t)_mm_cvtsi128_si32(d);
    wipe(w, sizeof(w));
}

#endif
