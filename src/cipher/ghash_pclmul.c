/*
 * src/cipher/ghash_pclmul.c - GHASH (NIST SP 800-38D) with PCLMULQDQ.
 *
 * Technique: blocks are byte-swapped so that a block is one 128-bit integer
 * holding the coefficient of x^i in bit 127 - i.  The table holds
 * K_j = H^j * x^-1 for j = 1..8 (the x^-1, "H << 1 mod P" in this bit order,
 * absorbs the one-bit shift a reflected product would need), each with the
 * xor of its halves for Karatsuba.  Eight blocks are multiplied by K_8..K_1,
 * summed unreduced and reduced once, with two carry-less multiplications by
 * 0xc2 << 56 (Gueron and Kounavis, "Intel Carry-Less Multiplication
 * Instruction and its Usage for Computing the GCM Mode", Intel white paper).
 *
 * Constant-time: yes; no branch or address depends on H or the data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

/* The kernel interface of gcm.c. */
typedef void ghash_blocks_fn(uint8_t y[16], const uint8_t *table, const uint8_t *in,
                             size_t n_blocks);
ghash_blocks_fn *brisk_ghash_init_pclmul(uint8_t *table, const uint8_t h[16]);

#define PCLMUL_TARGET __attribute__((target("pclmul,ssse3")))

/* Table layout: K_j at 16 * (j - 1), its Karatsuba half-sum at 128 + 16 * (j - 1). */
enum { N_POWERS = 8, KARATSUBA = 128 };

PCLMUL_TARGET
static inline __m128i bswap128(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

PCLMUL_TARGET
static inline __m128i load_block(const uint8_t *p)
{
    return bswap128(_mm_loadu_si128((const __m128i *)(const void *)p));
}

PCLMUL_TARGET
static inline __m128i halves_xor(__m128i a)
{
    return _mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e));
}

/* mul_acc adds the three Karatsuba products of a and k (kk: k's half-sum in
 * its low word) to lo, mid and hi. */
PCLMUL_TARGET
static inline void mul_acc(__m128i a, __m128i k, __m128i kk, __m128i *lo, __m128i *mid,
                           __m128i *hi)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, k, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, k, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(halves_xor(a), kk, 0x00));
}

/* reduce assembles the 256-bit product from its Karatsuba parts and folds
 * its low half into the high half: each fold of 64 bits w adds w and
 * w * (x^-1 + x^-2 + x^-7) one word up, which is w times 0xc2 << 56. */
PCLMUL_TARGET
static inline __m128i reduce(__m128i lo, __m128i mid, __m128i hi)
{
    const __m128i poly = _mm_set_epi64x(0, (long long)0xc200000000000000ULL);
    mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    __m128i m = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), m);
    m = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), m);
    return _mm_xor_si128(hi, lo);
}

PCLMUL_TARGET
static inline __m128i gf_mul(__m128i a, __m128i k)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    mul_acc(a, k, halves_xor(k), &lo, &mid, &hi);
    return reduce(lo, mid, hi);
}

/* hash_n folds n blocks (n <= 8, a constant after inlining) into y. */
PCLMUL_TARGET
static inline __m128i hash_n(__m128i y, const uint8_t *table, const uint8_t *in, size_t n)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    for (size_t i = 0; i < n; i++) {
        __m128i x = load_block(in + 16 * i);
        if (i == 0)
            x = _mm_xor_si128(x, y);
        size_t j = n - 1 - i; /* multiply by K_{n-i} */
        __m128i k = _mm_load_si128((const __m128i *)(const void *)(table + 16 * j));
        __m128i kk = _mm_load_si128((const __m128i *)(const void *)(table + KARATSUBA + 16 * j));
        mul_acc(x, k, kk, &lo, &mid, &hi);
    }
    return reduce(lo, mid, hi);
}

PCLMUL_TARGET
static void ghash_pclmul(uint8_t y[16], const uint8_t *table, const uint8_t *in, size_t n_blocks)
{
    __m128i acc = load_block(y);
    for (; n_blocks >= 8; n_blocks -= 8, in += 128)
        acc = hash_n(acc, table, in, 8);
    if (n_blocks >= 4) {
        acc = hash_n(acc, table, in, 4);
        n_blocks -= 4;
        in += 64;
    }
    for (; n_blocks > 0; n_blocks--, in += 16)
        acc = hash_n(acc, table, in, 1);
    _mm_storeu_si128((__m128i *)(void *)y, bswap128(acc));
}

PCLMUL_TARGET
ghash_blocks_fn *brisk_ghash_init_pclmul(uint8_t *table, const uint8_t h[16])
{
    /* K_1 = H * x^-1: shift the integer left once; the coefficient of x^0
     * (bit 127) leaves and comes back as x^-1 = x^127 + x^6 + x + 1. */
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ULL, 1);
    __m128i hv = load_block(h);
    __m128i carry = _mm_srli_epi64(hv, 63);
    __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(hv, 31), 0xff);
    __m128i k1 = _mm_or_si128(_mm_slli_epi64(hv, 1), _mm_slli_si128(carry, 8));
    k1 = _mm_xor_si128(k1, _mm_and_si128(top, poly));

    /* K_1..K_4, then K_5..K_8 = K_4 * K_1..K_4: independent products, so
     * that per-message setup waits for three multiplications, not seven. */
    __m128i k[N_POWERS];
    k[0] = k1;
    k[1] = gf_mul(k1, k1);
    k[2] = gf_mul(k[1], k1);
    k[3] = gf_mul(k[1], k[1]);
    for (size_t j = 4; j < N_POWERS; j++)
        k[j] = gf_mul(k[3], k[j - 4]);
    for (size_t j = 0; j < N_POWERS; j++) {
        _mm_store_si128((__m128i *)(void *)(table + 16 * j), k[j]);
        _mm_store_si128((__m128i *)(void *)(table + KARATSUBA + 16 * j), halves_xor(k[j]));
    }
    return ghash_pclmul;
}

#endif
