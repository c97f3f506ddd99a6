/*
 * src/digest/sha512_avx512.c - SHA-512 compression function (FIPS 180-4) with
 * the message schedule in AVX-512VL on 256-bit registers and the rounds in
 * BMI2 scalar code.
 *
 * Technique: the layout of sha512_avx2.c (blocks in pairs, one per 128-bit
 * lane, two schedule words per lane, so that the schedule needs only in-lane
 * shifts and vpalignr; W[t] + K[t] of both blocks stored while the first
 * block's rounds run, the second block's rounds only reading them), with the
 * two small sigmas rewritten for AVX-512VL: vprorq rotates in one instruction
 * and vpternlogq xors three values in one, so sigma0 and sigma1 take four
 * instructions each instead of seven and eight.  The kernel is bound by the
 * four integer ports, which the schedule shares with the scalar rounds (about
 * 24 operations a round, two of them register copies that the destructive
 * x86 forms need), so every vector instruction saved speeds the rounds up.
 * The schedule lives in its own array, apart from the W + K buffer, so that
 * gcc keeps it in the 32 ymm registers of AVX-512VL rather than on the
 * stack.  Rounds use rorx (no flags, no copy) and carry a ^ b into the next
 * round's Maj.  An odd last block, the only block of a short message, has
 * its own path: the same schedule with the high lane unused and not stored,
 * and W + K in a 32-word ring, so that little but the rounds is left.
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SHA512_TARGET __attribute__((target("avx2,avx512f,avx512vl,bmi2")))

static const uint64_t k512[80] __attribute__((aligned(32))) = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

/* ---- Message schedule: two words of each of two blocks per ymm ---- */

/* xor3 is x ^ y ^ z in one vpternlogq (0x96 is the truth table of xor3). */
SHA512_TARGET
static inline __m256i xor3(__m256i x, __m256i y, __m256i z)
{
    return _mm256_ternarylogic_epi64(x, y, z, 0x96);
}

/* sigma0 of FIPS 180-4 (4.12) on four words. */
SHA512_TARGET
static inline __m256i small_sigma0(__m256i x)
{
    return xor3(_mm256_ror_epi64(x, 1), _mm256_ror_epi64(x, 8), _mm256_srli_epi64(x, 7));
}

/* sigma1 of FIPS 180-4 (4.13) on four words. */
SHA512_TARGET
static inline __m256i small_sigma1(__m256i x)
{
    return xor3(_mm256_ror_epi64(x, 19), _mm256_ror_epi64(x, 61), _mm256_srli_epi64(x, 6));
}

/* The schedule of a pair of blocks is x[8] and wk[160]: x[j % 8] holds
 * words 2j, 2j + 1 of the first block in its low lane and of the second
 * block in its high lane, for the eight most recent j; W[t] + K[t] goes to
 * wk[t] for the first block and to wk[80 + t] for the second.  x is an array
 * of its own, not a member of a struct holding wk, so that the compiler
 * keeps it in registers.  A lone block has the same x, its high lane unused,
 * and only the low lane's words are stored. */

/* store_wk adds K to the words w and stores the low lane's at wk and, for a
 * pair, the high lane's at wk + 80; k points to their round constants. */
SHA512_TARGET
static inline void store_wk(uint64_t *wk, const uint64_t *k, __m256i w, int pair)
{
    __m256i sum = _mm256_add_epi64(w, _mm256_broadcastsi128_si256(
                                          _mm_load_si128((const __m128i *)k)));
    _mm_store_si128((__m128i *)wk, _mm256_castsi256_si128(sum));
    if (pair)
        _mm_store_si128((__m128i *)(wk + 80), _mm256_extracti128_si256(sum, 1));
}

/* load_pair reads words 0-15 of blocks p0 and p1. */
SHA512_TARGET
static inline void load_pair(__m256i x[8], uint64_t wk[160], const uint8_t *p0,
                             const uint8_t *p1)
{
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    for (size_t j = 0; j < 8; j++) {
        __m256i w = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p0 + 16 * j))),
            _mm_loadu_si128((const __m128i *)(p1 + 16 * j)), 1);
        x[j] = _mm256_shuffle_epi8(w, bswap);
        store_wk(wk + 2 * j, k512 + 2 * j, x[j], 1);
    }
}

/* load_one reads words 0-15 of block p into both lanes (vbroadcasti128 is a
 * plain load) and stores them plus K at wk. */
SHA512_TARGET
static inline void load_one(__m256i x[8], uint64_t wk[16], const uint8_t *p)
{
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    for (size_t j = 0; j < 8; j++) {
        __m256i w = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(p + 16 * j)));
        x[j] = _mm256_shuffle_epi8(w, bswap);
        store_wk(wk + 2 * j, k512 + 2 * j, x[j], 0);
    }
}

/* schedule computes the two words 16 after those in x[i] (i is the index
 * of the oldest pair, a constant so that x[] stays in registers), stores
 * them plus K at wk as store_wk does, and puts them in x[i]. */
SHA512_TARGET
static inline void schedule(__m256i x[8], size_t i, uint64_t *wk, const uint64_t *k,
                            int pair)
{
    __m256i w16 = x[i], w15 = _mm256_alignr_epi8(x[(i + 1) & 7], w16, 8);
    __m256i w7 = _mm256_alignr_epi8(x[(i + 5) & 7], x[(i + 4) & 7], 8);
    __m256i w2 = x[(i + 7) & 7];
    __m256i w = _mm256_add_epi64(_mm256_add_epi64(w16, small_sigma0(w15)),
                                 _mm256_add_epi64(w7, small_sigma1(w2)));
    x[i] = w;
    store_wk(wk, k, w, pair);
}

/* ---- Rounds ---- */

/* The working variables; bc holds b ^ c, which is a ^ b of the round before,
 * so that Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)) costs three operations. */
typedef struct sha512_vars {
    uint64_t a, b, c, d, e, f, g, h, bc;
} sha512_vars;

static inline uint64_t big_sigma0(uint64_t x)
{
    return rotr64(x, 28) ^ rotr64(x, 34) ^ rotr64(x, 39);
}

static inline uint64_t big_sigma1(uint64_t x)
{
    return rotr64(x, 14) ^ rotr64(x, 18) ^ rotr64(x, 41);
}

/* round1 does one round; callers rotate the roles of a..h instead of moving
 * the values, so only d and h are written. */
static inline void round1(uint64_t a, uint64_t b, uint64_t *d, uint64_t e, uint64_t f,
                          uint64_t g, uint64_t *h, uint64_t wk, uint64_t *bc)
{
    uint64_t t1 = *h + wk + (g ^ (e & (f ^ g))) + big_sigma1(e);
    uint64_t ab = a ^ b;
    uint64_t maj = b ^ (ab & *bc);
    *bc = ab;
    *d += t1;
    *h = t1 + big_sigma0(a) + maj;
}

/* rounds2 does rounds t and t + 1; `r` (0, 2, 4 or 6) is t mod 8 and picks
 * the roles. */
static inline void rounds2(sha512_vars *v, const uint64_t *wk, size_t r)
{
    switch (r) {
    case 0:
        round1(v->a, v->b, &v->d, v->e, v->f, v->g, &v->h, wk[0], &v->bc);
        round1(v->h, v->a, &v->c, v->d, v->e, v->f, &v->g, wk[1], &v->bc);
        break;
    case 2:
        round1(v->g, v->h, &v->b, v->c, v->d, v->e, &v->f, wk[0], &v->bc);
        round1(v->f, v->g, &v->a, v->b, v->c, v->d, &v->e, wk[1], &v->bc);
        break;
    case 4:
        round1(v->e, v->f, &v->h, v->a, v->b, v->c, &v->d, wk[0], &v->bc);
        round1(v->d, v->e, &v->g, v->h, v->a, v->b, &v->c, wk[1], &v->bc);
        break;
    default:
        round1(v->c, v->d, &v->f, v->g, v->h, v->a, &v->b, wk[0], &v->bc);
        round1(v->b, v->c, &v->e, v->f, v->g, v->h, &v->a, wk[1], &v->bc);
        break;
    }
}

/* rounds16 does rounds t..t+15 (t a multiple of 8) from wk[t..t+15]. */
SHA512_TARGET
static inline void rounds16(sha512_vars *v, const uint64_t *wk)
{
    rounds2(v, wk + 0, 0);
    rounds2(v, wk + 2, 2);
    rounds2(v, wk + 4, 4);
    rounds2(v, wk + 6, 6);
    rounds2(v, wk + 8, 0);
    rounds2(v, wk + 10, 2);
    rounds2(v, wk + 12, 4);
    rounds2(v, wk + 14, 6);
}

/* rounds16_sched does rounds t..t+15 (t a multiple of 16) of the first block
 * of the pair from wk[0..15] = W[t..t+15] + K, and computes words t + 16 to
 * t + 31 between them, stored plus K at next as store_wk does; k points to
 * K[t]. */
SHA512_TARGET
static inline void rounds16_sched(sha512_vars *v, __m256i x[8], const uint64_t *wk,
                                  uint64_t *next, const uint64_t *k, int pair)
{
    rounds2(v, wk + 0, 0);
    schedule(x, 0, next + 0, k + 16, pair);
    rounds2(v, wk + 2, 2);
    schedule(x, 1, next + 2, k + 18, pair);
    rounds2(v, wk + 4, 4);
    schedule(x, 2, next + 4, k + 20, pair);
    rounds2(v, wk + 6, 6);
    schedule(x, 3, next + 6, k + 22, pair);
    rounds2(v, wk + 8, 0);
    schedule(x, 4, next + 8, k + 24, pair);
    rounds2(v, wk + 10, 2);
    schedule(x, 5, next + 10, k + 26, pair);
    rounds2(v, wk + 12, 4);
    schedule(x, 6, next + 12, k + 28, pair);
    rounds2(v, wk + 14, 6);
    schedule(x, 7, next + 14, k + 30, pair);
}

SHA512_TARGET
static inline void vars_load(sha512_vars *v, const uint64_t h[8])
{
    v->a = h[0], v->b = h[1], v->c = h[2], v->d = h[3];
    v->e = h[4], v->f = h[5], v->g = h[6], v->h = h[7];
    v->bc = h[1] ^ h[2];
}

SHA512_TARGET
static inline void vars_add(uint64_t h[8], const sha512_vars *v)
{
    h[0] += v->a, h[1] += v->b, h[2] += v->c, h[3] += v->d;
    h[4] += v->e, h[5] += v->f, h[6] += v->g, h[7] += v->h;
}

/* compress_pairs compresses n_pairs pairs of blocks. */
SHA512_TARGET
static void compress_pairs(uint64_t h[8], const uint8_t *blocks, size_t n_pairs)
{
    __m256i x[8];
    uint64_t wk[160] __attribute__((aligned(16)));
    sha512_vars v;

    for (; n_pairs > 0; n_pairs--, blocks += 256) {
        load_pair(x, wk, blocks, blocks + 128);

        vars_load(&v, h);
        for (size_t t = 0; t < 64; t += 16)
            rounds16_sched(&v, x, wk + t, wk + t + 16, k512 + t, 1);
        rounds16(&v, wk + 64);
        vars_add(h, &v);

        vars_load(&v, h);
        for (size_t t = 80; t < 160; t += 16)
            rounds16(&v, wk + t);
        vars_add(h, &v);
    }
    wipe(wk, sizeof(wk));
}

/* compress_one compresses a lone block, the whole work of a short message.
 * Its W + K lives in a ring of 32 words (rounds t..t+15 read one half while
 * words t+16..t+31 are written to the other), and the schedule's unused
 * high lane is not stored, so that it writes and wipes 256 bytes, not the
 * 1280 of a pair. */
SHA512_TARGET
static void compress_one(uint64_t h[8], const uint8_t *block)
{
    __m256i x[8];
    uint64_t wk[32] __attribute__((aligned(32)));
    sha512_vars v;

    load_one(x, wk, block);
    vars_load(&v, h);
    for (size_t t = 0; t < 64; t += 16)
        rounds16_sched(&v, x, wk + t % 32, wk + (t + 16) % 32, k512 + t, 0);
    rounds16(&v, wk + 64 % 32);
    vars_add(h, &v);
    wipe(wk, sizeof(wk));
}

SHA512_TARGET
void brisk_sha512_compress_avx512(uint64_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    if (n_blocks >= 2)
        compress_pairs(h, blocks, n_blocks / 2);
    if (n_blocks % 2 != 0)
        compress_one(h, blocks + 128 * (n_blocks - 1));
}
#endif
