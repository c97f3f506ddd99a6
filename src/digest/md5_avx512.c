/*
 * src/digest/md5_avx512.c - MD5 (RFC 1321) compression kernel for x86-64
 * with AVX-512F, VL and BW, computing one message in lane 0 of an XMM
 * register, and the HMAC-MD5 of a short message in one call.
 *
 * MD5 is one dependency chain through the word b made by each step, so this
 * is not SIMD across messages: the vector unit is used for two operations
 * the integer unit lacks.  VPTERNLOGD forms each round function F, G, H, I of
 * b, c, d in one instruction, and the rotate is one instruction, so every
 * step is four one-cycle operations after b is known (round function, add,
 * rotate, add b) against five for F and I in the BMI2 kernel: 256 cycles a
 * block instead of 288.  The 64 message words plus round constants are
 * formed first with VPERMT2D and VPADDD on 256-bit registers; no 512-bit
 * instruction is used, so the core keeps its clock.
 *
 * brisk_md5_hmac_avx512 is HMAC-MD5 of a message of up to 55 bytes, one
 * block for the inner hash and one for the outer, from the keyed states.
 * Both padded blocks are built in registers (masked byte loads, then the
 * 0x80 byte and the length), and the inner digest goes into the outer block
 * without touching memory.  Through the generic path, a short HMAC spends
 * a good part of its time outside the two chains: copying contexts,
 * buffering, padding, and the store-to-load round trips between the two
 * compressions.
 * Constant-time: yes (no secret-dependent branch or memory address; the
 * message length is public).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define MD5V_TARGET __attribute__((target("avx512f,avx512vl,avx512bw"), always_inline))
#define LANE32_TARGET MD5V_TARGET

#include "lane32_avx512.h"

/* Word i of the block for step j is md5v_index[j / 8][j % 8]; md5v_k holds
 * the step constants in the same layout. */
static const uint32_t md5v_index[8][8] __attribute__((aligned(32))) = {
    {0, 1, 2, 3, 4, 5, 6, 7},
    {8, 9, 10, 11, 12, 13, 14, 15},
    {1, 6, 11, 0, 5, 10, 15, 4},
    {9, 14, 3, 8, 13, 2, 7, 12},
    {5, 8, 11, 14, 1, 4, 7, 10},
    {13, 0, 3, 6, 9, 12, 15, 2},
    {0, 7, 14, 5, 12, 3, 10, 1},
    {8, 15, 6, 13, 4, 11, 2, 9},
};

static const uint32_t md5v_k[8][8] __attribute__((aligned(32))) = {
    {0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501},
    {0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821},
    {0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8},
    {0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a},
    {0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70},
    {0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665},
    {0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1},
    {0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391},
};

/* md5v_end finishes a step from a, the round function f, the message word
 * plus constant wk and the rotation s. */
static inline MD5V_TARGET __m128i md5v_end(__m128i a, __m128i b, __m128i f,
                                           uint32_t wk, int s)
{
    __m128i t = lane32_early(_mm_add_epi32(a, _mm_cvtsi32_si128((int)wk)));
    t = _mm_add_epi32(t, f);
    return _mm_add_epi32(_mm_rolv_epi32(t, _mm_set1_epi32(s)), b);
}

/* The round functions as VPTERNLOGD truth tables over (d, b, c) =
 * (0xf0, 0xcc, 0xaa): F = (b & c) | (~b & d), G = (b & d) | (c & ~d),
 * H = b ^ c ^ d, I = c ^ (b | ~d). */

static inline MD5V_TARGET __m128i md5v_f(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md5v_end(a, b, _mm_ternarylogic_epi32(d, b, c, 0xb8), wk, s);
}

static inline MD5V_TARGET __m128i md5v_g(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md5v_end(a, b, _mm_ternarylogic_epi32(d, b, c, 0xca), wk, s);
}

static inline MD5V_TARGET __m128i md5v_h(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md5v_end(a, b, _mm_ternarylogic_epi32(d, b, c, 0x96), wk, s);
}

static inline MD5V_TARGET __m128i md5v_i(__m128i a, __m128i b, __m128i c, __m128i d,
                                         uint32_t wk, int s)
{
    return md5v_end(a, b, _mm_ternarylogic_epi32(d, b, c, 0x65), wk, s);
}

/* md5v_block compresses the block whose 16 words are lo (0-7) and hi (8-15)
 * into the state a, b, c, d (each in lane 0); w is scratch for the words
 * plus constants, left for the caller to wipe. */
static inline MD5V_TARGET void md5v_block(__m128i *pa, __m128i *pb, __m128i *pc, __m128i *pd,
                                          __m256i lo, __m256i hi, uint32_t w[64])
{
    lane32_words(w, lo, hi, md5v_index, md5v_k, 8);
    __m128i a = *pa, b = *pb, c = *pc, d = *pd;

    a = md5v_f(a, b, c, d, w[0], 7);
    d = md5v_f(d, a, b, c, w[1], 12);
    c = md5v_f(c, d, a, b, w[2], 17);
    b = md5v_f(b, c, d, a, w[3], 22);
    a = md5v_f(a, b, c, d, w[4], 7);
    d = md5v_f(d, a, b, c, w[5], 12);
    c = md5v_f(c, d, a, b, w[6], 17);
    b = md5v_f(b, c, d, a, w[7], 22);
    a = md5v_f(a, b, c, d, w[8], 7);
    d = md5v_f(d, a, b, c, w[9], 12);
    c = md5v_f(c, d, a, b, w[10], 17);
    b = md5v_f(b, c, d, a, w[11], 22);
    a = md5v_f(a, b, c, d, w[12], 7);
    d = md5v_f(d, a, b, c, w[13], 12);
    c = md5v_f(c, d, a, b, w[14], 17);
    b = md5v_f(b, c, d, a, w[15], 22);

    a = md5v_g(a, b, c, d, w[16], 5);
    d = md5v_g(d, a, b, c, w[17], 9);
    c = md5v_g(c, d, a, b, w[18], 14);
    b = md5v_g(b, c, d, a, w[19], 20);
    a = md5v_g(a, b, c, d, w[20], 5);
    d = md5v_g(d, a, b, c, w[21], 9);
    c = md5v_g(c, d, a, b, w[22], 14);
    b = md5v_g(b, c, d, a, w[23], 20);
    a = md5v_g(a, b, c, d, w[24], 5);
    d = md5v_g(d, a, b, c, w[25], 9);
    c = md5v_g(c, d, a, b, w[26], 14);
    b = md5v_g(b, c, d, a, w[27], 20);
    a = md5v_g(a, b, c, d, w[28], 5);
    d = md5v_g(d, a, b, c, w[29], 9);
    c = md5v_g(c, d, a, b, w[30], 14);
    b = md5v_g(b, c, d, a, w[31], 20);

    a = md5v_h(a, b, c, d, w[32], 4);
    d = md5v_h(d, a, b, c, w[33], 11);
    c = md5v_h(c, d, a, b, w[34], 16);
    b = md5v_h(b, c, d, a, w[35], 23);
    a = md5v_h(a, b, c, d, w[36], 4);
    d = md5v_h(d, a, b, c, w[37], 11);
    c = md5v_h(c, d, a, b, w[38], 16);
    b = md5v_h(b, c, d, a, w[39], 23);
    a = md5v_h(a, b, c, d, w[40], 4);
    d = md5v_h(d, a, b, c, w[41], 11);
    c = md5v_h(c, d, a, b, w[42], 16);
    b = md5v_h(b, c, d, a, w[43], 23);
    a = md5v_h(a, b, c, d, w[44], 4);
    d = md5v_h(d, a, b, c, w[45], 11);
    c = md5v_h(c, d, a, b, w[46], 16);
    b = md5v_h(b, c, d, a, w[47], 23);

    a = md5v_i(a, b, c, d, w[48], 6);
    d = md5v_i(d, a, b, c, w[49], 10);
    c = md5v_i(c, d, a, b, w[50], 15);
    b = md5v_i(b, c, d, a, w[51], 21);
    a = md5v_i(a, b, c, d, w[52], 6);
    d = md5v_i(d, a, b, c, w[53], 10);
    c = md5v_i(c, d, a, b, w[54], 15);
    b = md5v_i(b, c, d, a, w[55], 21);
    a = md5v_i(a, b, c, d, w[56], 6);
    d = md5v_i(d, a, b, c, w[57], 10);
    c = md5v_i(c, d, a, b, w[58], 15);
    b = md5v_i(b, c, d, a, w[59], 21);
    a = md5v_i(a, b, c, d, w[60], 6);
    d = md5v_i(d, a, b, c, w[61], 10);
    c = md5v_i(c, d, a, b, w[62], 15);
    b = md5v_i(b, c, d, a, w[63], 21);

    *pa = _mm_add_epi32(a, *pa);
    *pb = _mm_add_epi32(b, *pb);
    *pc = _mm_add_epi32(c, *pc);
    *pd = _mm_add_epi32(d, *pd);
}

__attribute__((target("avx512f,avx512vl,avx512bw")))
void brisk_md5_compress_avx512(uint32_t h[4], const uint8_t *p, size_t n_blocks)
{
    uint32_t w[64] __attribute__((aligned(32)));
    __m128i a = _mm_cvtsi32_si128((int)h[0]), b = _mm_cvtsi32_si128((int)h[1]);
    __m128i c = _mm_cvtsi32_si128((int)h[2]), d = _mm_cvtsi32_si128((int)h[3]);

    for (; n_blocks > 0; n_blocks--, p += 64)
        md5v_block(&a, &b, &c, &d, _mm256_loadu_si256((const __m256i *)(const void *)p),
                   _mm256_loadu_si256((const __m256i *)(const void *)(p + 32)), w);
    h[0] = (uint32_t)_mm_cvtsi128_si32(a);
    h[1] = (uint32_t)_mm_cvtsi128_si32(b);
    h[2] = (uint32_t)_mm_cvtsi128_si32(c);
    h[3] = (uint32_t)_mm_cvtsi128_si32(d);
    wipe(w, sizeof(w));
}

/* md5v_state loads a state into lane 0 of four registers. */
static inline MD5V_TARGET void md5v_state(__m128i *a, __m128i *b, __m128i *c, __m128i *d,
                                          const uint32_t h[4])
{
    *a = _mm_cvtsi32_si128((int)h[0]);
    *b = _mm_cvtsi32_si128((int)h[1]);
    *c = _mm_cvtsi32_si128((int)h[2]);
    *d = _mm_cvtsi32_si128((int)h[3]);
}

/* md5v_digest gathers lane 0 of a, b, c, d into the 16-byte digest. */
static inline MD5V_TARGET __m128i md5v_digest(__m128i a, __m128i b, __m128i c, __m128i d)
{
    return _mm_unpacklo_epi64(_mm_unpacklo_epi32(a, b), _mm_unpacklo_epi32(c, d));
}

__attribute__((target("avx512f,avx512vl,avx512bw")))
void brisk_md5_hmac_avx512(const uint32_t ikey[4], const uint32_t okey[4], uint8_t out[16],
                           const uint8_t *in, size_t in_len)
{
    const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                          16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                                          30, 31);
    const __m256i x80 = _mm256_set1_epi8((char)0x80);
    uint32_t w[64] __attribute__((aligned(32)));
    __m128i a, b, c, d;

    /* Inner block: in, 0x80, zeros, and the bit length of ipad block + in.
     * The masked loads read no byte past in + in_len (masked-off bytes do
     * not fault), and none at all past a short message's first 32. */
    __mmask32 k_lo = in_len >= 32 ? ~(__mmask32)0 : ((__mmask32)1 << in_len) - 1;
    __m256i lo = _mm256_maskz_loadu_epi8(k_lo, in);
    __m256i hi = _mm256_setzero_si256();
    if (in_len > 32)
        hi = _mm256_maskz_loadu_epi8(((__mmask32)1 << (in_len - 32)) - 1, in + 32);
    lo = _mm256_ternarylogic_epi32(lo, _mm256_cmpeq_epi8(iota, _mm256_set1_epi8((char)in_len)),
                                   x80, 0xf8); /* lo | (eq & x80) */
    hi = _mm256_ternarylogic_epi32(
        hi, _mm256_cmpeq_epi8(iota, _mm256_set1_epi8((char)(in_len - 32))), x80, 0xf8);
    hi = _mm256_or_si256(hi, _mm256_setr_epi64x(0, 0, 0, (long long)(8 * (64 + in_len))));
    md5v_state(&a, &b, &c, &d, ikey);
    md5v_block(&a, &b, &c, &d, lo, hi, w);

    /* Outer block: the inner digest, 0x80, zeros, the bit length 8 * 80. */
    lo = _mm256_inserti128_si256(_mm256_castsi128_si256(md5v_digest(a, b, c, d)),
                                 _mm_cvtsi32_si128(0x80), 1);
    hi = _mm256_setr_epi64x(0, 0, 0, 8 * (64 + 16));
    md5v_state(&a, &b, &c, &d, okey);
    md5v_block(&a, &b, &c, &d, lo, hi, w);
    _mm_storeu_si128((__m128i *)(void *)out, md5v_digest(a, b, c, d));
    wipe(w, sizeof(w));
}

#endif
