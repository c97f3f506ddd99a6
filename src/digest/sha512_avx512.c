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
 * Two kernels: brisk_sha512_compress_avx512 as above, with the compact
 * rounds, and brisk_sha512_compress_avx512_alu6 for cores with six integer
 * ALUs (AMD Zen 5), with the wide rounds of sha512_rounds.h and every block
 * through the lone-block path.
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SHA512_TARGET __attribute__((target("avx2,avx512f,avx512vl,bmi2")))

#include "sha512_rounds.h"

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
        store_wk(wk + 2 * j, brisk_sha512_k + 2 * j, x[j], 1);
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
        store_wk(wk + 2 * j, brisk_sha512_k + 2 * j, x[j], 0);
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

/* rounds16_sched does rounds t..t+15 (t a multiple of 16) of the first block
 * of the pair from wk[0..15] = W[t..t+15] + K, and computes words t + 16 to
 * t + 31 between them, stored plus K at next as store_wk does; k points to
 * K[t].  `wide` picks the form of the rounds (sha512_rounds.h). */
SHA512_TARGET
static inline void rounds16_sched(sha512_vars *v, __m256i x[8], const uint64_t *wk,
                                  uint64_t *next, const uint64_t *k, int pair, int wide)
{
    rounds2(v, wk + 0, 0, wide);
    schedule(x, 0, next + 0, k + 16, pair);
    rounds2(v, wk + 2, 2, wide);
    schedule(x, 1, next + 2, k + 18, pair);
    rounds2(v, wk + 4, 4, wide);
    schedule(x, 2, next + 4, k + 20, pair);
    rounds2(v, wk + 6, 6, wide);
    schedule(x, 3, next + 6, k + 22, pair);
    rounds2(v, wk + 8, 0, wide);
    schedule(x, 4, next + 8, k + 24, pair);
    rounds2(v, wk + 10, 2, wide);
    schedule(x, 5, next + 10, k + 26, pair);
    rounds2(v, wk + 12, 4, wide);
    schedule(x, 6, next + 12, k + 28, pair);
    rounds2(v, wk + 14, 6, wide);
    schedule(x, 7, next + 14, k + 30, pair);
}

/* compress_pairs compresses n_pairs pairs of blocks with the compact
 * rounds.  It stays a function of its own (noinline): a block took 20% more
 * time when it shared one function's registers and stack frame with
 * compress_one. */
SHA512_TARGET __attribute__((noinline))
static void compress_pairs(uint64_t h[8], const uint8_t *blocks, size_t n_pairs)
{
    __m256i x[8];
    uint64_t wk[160] __attribute__((aligned(16)));
    sha512_vars v;

    for (; n_pairs > 0; n_pairs--, blocks += 256) {
        load_pair(x, wk, blocks, blocks + 128);

        vars_load(&v, h);
        for (size_t t = 0; t < 64; t += 16)
            rounds16_sched(&v, x, wk + t, wk + t + 16, brisk_sha512_k + t, 1, 0);
        rounds16(&v, wk + 64, 0);
        vars_add(h, &v);

        vars_load(&v, h);
        for (size_t t = 80; t < 160; t += 16)
            rounds16(&v, wk + t, 0);
        vars_add(h, &v);
    }
    wipe(wk, sizeof(wk));
}

/* compress_one compresses blocks one at a time: a lone block, the whole
 * work of a short message, and on six-ALU cores every block.  W + K lives in
 * a ring of 32 words (rounds t..t+15 read one half while words t+16..t+31
 * are written to the other), and the schedule's unused high lane is not
 * stored, so that it writes and wipes 256 bytes, not the 1280 of a pair.
 * It is inlined into one function for each form of the rounds, where
 * `wide` is a constant, and that function does one block: with a loop over
 * blocks in it, gcc spills more and a block takes 4% more time. */
SHA512_TARGET __attribute__((always_inline))
static inline void compress_one(uint64_t h[8], const uint8_t *block, int wide)
{
    __m256i x[8];
    uint64_t wk[32] __attribute__((aligned(32)));
    sha512_vars v;

    load_one(x, wk, block);
    vars_load(&v, h);
    for (size_t t = 0; t < 64; t += 16)
        rounds16_sched(&v, x, wk + t % 32, wk + (t + 16) % 32, brisk_sha512_k + t, 0, wide);
    rounds16(&v, wk + 64 % 32, wide);
    vars_add(h, &v);
    wipe(wk, sizeof(wk));
}

SHA512_TARGET __attribute__((noinline))
static void one_compact(uint64_t h[8], const uint8_t *block)
{
    compress_one(h, block, 0);
}

SHA512_TARGET __attribute__((noinline))
static void one_wide(uint64_t h[8], const uint8_t *block)
{
    compress_one(h, block, 1);
}

SHA512_TARGET
void brisk_sha512_compress_avx512(uint64_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    if (n_blocks >= 2)
        compress_pairs(h, blocks, n_blocks / 2);
    if (n_blocks % 2 != 0)
        one_compact(h, blocks + 128 * (n_blocks - 1));
}

/* The kernel for cores with six integer ALUs: the wide rounds, and every
 * block on its own, as there the lone-block path takes about 12% less time
 * a block than the pairs (the schedule's vector work fits beside the rounds
 * anyway, so sharing it between two blocks saves nothing). */
SHA512_TARGET
void brisk_sha512_compress_avx512_alu6(uint64_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    for (size_t i = 0; i < n_blocks; i++)
        one_wide(h, blocks + 128 * i);
}
#endif
