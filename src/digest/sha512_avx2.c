/*
 * src/digest/sha512_avx2.c - SHA-512 compression function (FIPS 180-4) with
 * the message schedule in AVX2 and the rounds in BMI1/BMI2 scalar code.
 *
 * Technique: blocks go in pairs, one per 128-bit lane of the ymm registers,
 * two schedule words per lane: with two words at a time no word depends on
 * another word of the same vector, so the schedule needs only in-lane shifts
 * and vpalignr (as in OpenSSL's sha512-x86_64 AVX2 path and the Linux
 * kernel's sha512_transform_rorx).  W[t] + K[t] for both blocks goes to the
 * stack while the first block's rounds run, interleaved in the source so that
 * vector and scalar work overlap; the second block's rounds then only read
 * it.  The rounds are sha512_rounds.h's ordered form: OpenSSL's instruction
 * order (rorx, which writes no flags and needs no copy; a ^ b carried into
 * the next round's Maj; Sigma0 added a round late), kept by asm, and so is
 * the schedule step: written in C, gcc's order of the same work (and part
 * of the schedule through the stack) was clearly slower than OpenSSL's on
 * AMD cores.  An odd last block is loaded into both lanes.  The 16-round
 * loops are left rolled: fully unrolled, the kernel is four times larger
 * and slower.  Storing the words interleaved, so that the unaligned pairs
 * are loads rather than vpalignr, was slower too.  The measurements are in
 * docs/architecture.md (design notes, SHA-512).
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SHA512_TARGET __attribute__((target("avx2,bmi2")))

#include "sha512_rounds.h"

/* ---- Message schedule: two words of each of two blocks per ymm ---- */

/* The schedule of a pair of blocks lives in two arrays: x[j % 8] holds words
 * 2j, 2j + 1 of the first block in its low lane and of the second block in
 * its high lane, for the eight most recent j; wk[b][t] receives W[t] + K[t]
 * of block b.  They are separate locals so that x[] can stay in registers:
 * inside one struct with wk, x[] went through the stack between steps, which
 * made the schedule's chain longer than the first block's rounds. */

SHA512_TARGET
static inline void store_wk(uint64_t wk_out[2][80], size_t j, __m256i w)
{
    __m256i wk = _mm256_add_epi64(w, _mm256_broadcastsi128_si256(
                                         _mm_load_si128((const __m128i *)&brisk_sha512_k[2 * j])));
    _mm_store_si128((__m128i *)&wk_out[0][2 * j], _mm256_castsi256_si128(wk));
    _mm_store_si128((__m128i *)&wk_out[1][2 * j], _mm256_extracti128_si256(wk, 1));
}

/* load_pair reads words 0-15 of blocks p0 and p1. */
SHA512_TARGET
static inline void load_pair(__m256i x[8], uint64_t wk[2][80], const uint8_t *p0,
                             const uint8_t *p1)
{
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
#pragma GCC unroll 8
    for (size_t j = 0; j < 8; j++) {
        __m256i w = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p0 + 16 * j))),
            _mm_loadu_si128((const __m128i *)(p1 + 16 * j)), 1);
        x[j] = _mm256_shuffle_epi8(w, bswap);
        store_wk(wk, j, x[j]);
    }
}

/* schedule computes words 2j, 2j + 1 (16 <= 2j < 80) of both blocks; i is
 * j % 8, passed as a constant so that x[] stays in registers.  It is one asm
 * statement, so that gcc gives x[] registers rather than, as it did for the
 * same work in intrinsics, moving some of it through the stack. */
SHA512_TARGET
static inline void schedule(__m256i x[8], uint64_t wk[2][80], size_t j, size_t i)
{
    const __m256i ror8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                          1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    __m256i t0, t1, t2;

    /* x0 (words 2j - 16, 2j - 15) becomes words 2j, 2j + 1:
     * x0 + sigma0(w15) + w7 + sigma1(w2), with sigma0 and sigma1 of FIPS
     * 180-4 (4.12, 4.13); sigma0's rotation by 8 is a byte shuffle, which
     * runs on another port than the shifts. */
    __asm__("vpalignr $8, %[x0], %[x1], %[t0]\n\t" /* w15 */
            "vpalignr $8, %[x4], %[x5], %[t1]\n\t" /* w7 */
            "vpaddq %[t1], %[x0], %[x0]\n\t"
            "vpsrlq $1, %[t0], %[t1]\n\t"
            "vpsllq $63, %[t0], %[t2]\n\t"
            "vpxor %[t2], %[t1], %[t1]\n\t"
            "vpsrlq $7, %[t0], %[t2]\n\t"
            "vpxor %[t2], %[t1], %[t1]\n\t"
            "vpshufb %[ror8], %[t0], %[t2]\n\t"
            "vpxor %[t2], %[t1], %[t1]\n\t" /* sigma0(w15) */
            "vpsrlq $19, %[x7], %[t0]\n\t"
            "vpsllq $45, %[x7], %[t2]\n\t"
            "vpaddq %[t1], %[x0], %[x0]\n\t"
            "vpxor %[t2], %[t0], %[t0]\n\t"
            "vpsrlq $61, %[x7], %[t1]\n\t"
            "vpsllq $3, %[x7], %[t2]\n\t"
            "vpxor %[t1], %[t0], %[t0]\n\t"
            "vpsrlq $6, %[x7], %[t1]\n\t"
            "vpxor %[t2], %[t0], %[t0]\n\t"
            "vpxor %[t1], %[t0], %[t0]\n\t" /* sigma1(w2) */
            "vpaddq %[t0], %[x0], %[x0]\n\t"
            "vbroadcasti128 %[k], %[t1]\n\t"
            "vpaddq %[x0], %[t1], %[t1]\n\t"
            "vmovdqa %x[t1], %[wk0]\n\t"
            "vextracti128 $1, %[t1], %[wk1]"
            : [x0] "+x"(x[i]), [t0] "=&x"(t0), [t1] "=&x"(t1), [t2] "=&x"(t2),
              [wk0] "=m"(*(__m128i *)&wk[0][2 * j]), [wk1] "=m"(*(__m128i *)&wk[1][2 * j])
            : [x1] "x"(x[(i + 1) & 7]), [x4] "x"(x[(i + 4) & 7]), [x5] "x"(x[(i + 5) & 7]),
              [x7] "x"(x[(i + 7) & 7]), [ror8] "x"(ror8),
              [k] "m"(*(const __m128i *)&brisk_sha512_k[2 * j]));
}

/* ---- Rounds ---- */

/* rounds16_sched does rounds t..t+15 (t a multiple of 16) of the first block
 * of the pair and computes words t + 16..t + 31 of both blocks between them. */
SHA512_TARGET
static inline void rounds16_sched(sha512_vars *v, __m256i x[8], uint64_t wk_all[2][80], size_t t)
{
    const uint64_t *wk = &wk_all[0][t];
    size_t j = t / 2 + 8;

    rounds2(v, wk + 0, 0, SHA512_ORDERED);
    schedule(x, wk_all, j + 0, 0);
    rounds2(v, wk + 2, 2, SHA512_ORDERED);
    schedule(x, wk_all, j + 1, 1);
    rounds2(v, wk + 4, 4, SHA512_ORDERED);
    schedule(x, wk_all, j + 2, 2);
    rounds2(v, wk + 6, 6, SHA512_ORDERED);
    schedule(x, wk_all, j + 3, 3);
    rounds2(v, wk + 8, 0, SHA512_ORDERED);
    schedule(x, wk_all, j + 4, 4);
    rounds2(v, wk + 10, 2, SHA512_ORDERED);
    schedule(x, wk_all, j + 5, 5);
    rounds2(v, wk + 12, 4, SHA512_ORDERED);
    schedule(x, wk_all, j + 6, 6);
    rounds2(v, wk + 14, 6, SHA512_ORDERED);
    schedule(x, wk_all, j + 7, 7);
}

SHA512_TARGET
void brisk_sha512_compress_avx2(uint64_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    __m256i x[8];
    uint64_t wk[2][80] __attribute__((aligned(16)));
    sha512_vars v;

    while (n_blocks > 0) {
        size_t pair = n_blocks >= 2;
        load_pair(x, wk, blocks, blocks + 128 * pair);

        vars_load_ordered(&v, h);
        for (size_t t = 0; t < 64; t += 16)
            rounds16_sched(&v, x, wk, t);
        rounds16_ordered(&v, &wk[0][64]);
        vars_add_ordered(h, &v);

        if (pair) {
            vars_load_ordered(&v, h);
            for (size_t t = 0; t < 80; t += 16)
                rounds16_ordered(&v, &wk[1][t]);
            vars_add_ordered(h, &v);
        }
        blocks += 128 * (1 + pair);
        n_blocks -= 1 + pair;
    }
    /* The schedule is derived from the message, which may be a key (HMAC).
     * x[] is not wiped, as the avx512 kernels' is not: it is meant to live
     * in registers, and taking its address for a wipe puts it on the stack. */
    wipe(wk, sizeof(wk));
}
#endif
