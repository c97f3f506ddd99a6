/*
 * src/digest/sha512_avx2.c - SHA-512 compression function (FIPS 180-4) with
 * the message schedule in AVX2 and the rounds in BMI1/BMI2 scalar code.
 *
 * Technique: blocks go in pairs, one per 128-bit lane of the ymm registers,
 * two schedule words per lane: with two words at a time no word depends on
 * another word of the same vector, so the schedule needs only in-lane shifts
 * and vpalignr (as in OpenSSL's sha512-x86_64 AVX2 path and the Linux
 * kernel's sha512_transform_rorx).  W[t] + K[t] for both blocks goes to the
 * stack while the first block's rounds run, one 32-byte store a step with
 * the two blocks' pairs of words side by side, as OpenSSL stores them; the
 * second block's rounds then only read it.  An odd last block is loaded
 * into both lanes.
 *
 * The first block's rounds are sha512_rounds.h's ordered form: OpenSSL's
 * instruction order (rorx, which writes no flags and needs no copy; a ^ b
 * carried into the next round's Maj; Sigma0 added a round late), kept by
 * asm.  They carry the schedule in their asm, as OpenSSL's do: each pair of
 * rounds computes one schedule step, its sigma0 half spread between the
 * first round's instructions and its sigma1 half between the second's,
 * about one vector instruction to two scalar ones (round_sigma0,
 * round_sigma1).  The second block's rounds, with no schedule beside them,
 * run in the wide form (a four-operation e-chain for three more operations
 * a round), in C.
 *
 * Measured on AMD Zen 2 (TSC ticks a block at 16 KiB; OpenSSL 3.0: 393):
 * the schedule step as one asm statement between two rounds, 440; spread
 * through the rounds, 418; W+K as two 16-byte stores, one into each
 * block's array, against one 32-byte store, 418 -> 412; the second block
 * in the wide form, 395 (rounds alone, without the schedule: 361 wide, 387
 * ordered; Zen 2's four ALUs run about three operations a cycle here, so
 * the chains bound the rounds, not the ALUs).  Slower there: the first
 * block in the wide form too, in C with the schedule's halves as asm
 * between the rounds (438); lea for add in the rounds (2%); OpenSSL's exact
 * scalar order (a fifth temporary, Sigma0's rotations first) made the
 * rounds alone 2% faster but the kernel no faster.  Not measured since on
 * Zen 5, where the interleaved W+K had read 15-20% slower with the code of
 * the time, nor on Intel cores, where the wide form was 10-20% slower in
 * the avx512 kernel (Ice Lake).  Written in C, gcc's order of the same work
 * (and part of the schedule through the stack) was clearly slower than
 * OpenSSL's on AMD cores.  The 16-round loops are left rolled: fully
 * unrolled, the kernel is four times larger and slower.  Storing the words
 * interleaved, so that the unaligned pairs are loads rather than vpalignr,
 * was slower too.  The older measurements are in docs/architecture.md
 * (design notes, SHA-512).
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
 * its high lane, for the eight most recent j; wk[4 (t / 2) + 2 b + t % 2]
 * receives W[t] + K[t] of block b.  They are separate locals so that x[] can stay in registers:
 * inside one struct with wk, x[] went through the stack between steps, which
 * made the schedule's chain longer than the first block's rounds. */

SHA512_TARGET
static inline void store_wk(uint64_t wk_out[160], size_t j, __m256i w)
{
    __m256i wk = _mm256_add_epi64(w, _mm256_broadcastsi128_si256(
                                         _mm_load_si128((const __m128i *)&brisk_sha512_k[2 * j])));
    _mm256_store_si256((__m256i *)&wk_out[4 * j], wk);
}

/* load_pair reads words 0-15 of blocks p0 and p1. */
SHA512_TARGET
static inline void load_pair(__m256i x[8], uint64_t wk[160], const uint8_t *p0,
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

/* ---- Rounds with the schedule interleaved ---- */

/* round_sigma0 is round1_ordered (sha512_rounds.h) with the first half of a
 * schedule step in between its instructions: *x0 (words 2j - 16, 2j - 15)
 * gets w7 + sigma0(w15) added. */
SHA512_TARGET
static inline void round_sigma0(uint64_t *a, uint64_t b, uint64_t *d, uint64_t e, uint64_t f,
                                uint64_t g, uint64_t *h, const uint64_t *wk, uint64_t *s0,
                                uint64_t *bc, uint64_t *ab, __m256i *x0, __m256i x1,
                                __m256i x4, __m256i x5, __m256i ror8)
{
    uint64_t t0;
    __m256i v0, v1, v2;
    __asm__("add %[wk], %[h]\n\t"
            "vpalignr $8, %[x0], %[x1], %[v0]\n\t" /* w15 */
            "mov %[f], %[ab]\n\t"
            "and %[e], %[ab]\n\t"
            "vpalignr $8, %[x4], %[x5], %[v1]\n\t" /* w7 */
            "rorx $41, %[e], %[t0]\n\t"
            "add %[s0], %[a]\n\t"
            "vpaddq %[v1], %[x0], %[x0]\n\t"
            "rorx $18, %[e], %[s0]\n\t"
            "add %[ab], %[h]\n\t"
            "vpsrlq $1, %[v0], %[v1]\n\t"
            "andn %[g], %[e], %[ab]\n\t"
            "xor %[s0], %[t0]\n\t"
            "vpsllq $63, %[v0], %[v2]\n\t"
            "rorx $14, %[e], %[s0]\n\t"
            "add %[ab], %[h]\n\t"
            "vpxor %[v2], %[v1], %[v1]\n\t"
            "xor %[s0], %[t0]\n\t"
            "mov %[a], %[ab]\n\t"
            "vpsrlq $7, %[v0], %[v2]\n\t"
            "rorx $39, %[a], %[s0]\n\t"
            "add %[t0], %[h]\n\t"
            "vpxor %[v2], %[v1], %[v1]\n\t"
            "xor %[b], %[ab]\n\t"
            "rorx $34, %[a], %[t0]\n\t"
            "vpshufb %[ror8], %[v0], %[v2]\n\t"
            "xor %[t0], %[s0]\n\t"
            "rorx $28, %[a], %[t0]\n\t"
            "vpxor %[v2], %[v1], %[v1]\n\t" /* sigma0(w15) */
            "add %[h], %[d]\n\t"
            "and %[ab], %[bc]\n\t"
            "vpaddq %[v1], %[x0], %[x0]\n\t"
            "xor %[t0], %[s0]\n\t"
            "xor %[b], %[bc]\n\t"
            "add %[bc], %[h]"
            : [a] "+r"(*a), [d] "+r"(*d), [h] "+r"(*h), [s0] "+r"(*s0), [bc] "+r"(*bc),
              [ab] "=&r"(*ab), [t0] "=&r"(t0), [x0] "+x"(*x0), [v0] "=&x"(v0), [v1] "=&x"(v1),
              [v2] "=&x"(v2)
            : [b] "r"(b), [e] "r"(e), [f] "r"(f), [g] "r"(g), [wk] "m"(*wk), [x1] "x"(x1),
              [x4] "x"(x4), [x5] "x"(x5), [ror8] "x"(ror8)
            : "cc");
}

/* round_sigma1 is round1_ordered with the second half of the schedule step
 * in between: *x0 gets sigma1(w2) added, w2 being words 2j - 2, 2j - 1 (x7),
 * and then holds words 2j, 2j + 1. */
SHA512_TARGET
static inline void round_sigma1(uint64_t *a, uint64_t b, uint64_t *d, uint64_t e, uint64_t f,
                                uint64_t g, uint64_t *h, const uint64_t *wk, uint64_t *s0,
                                uint64_t *bc, uint64_t *ab, __m256i *x0, __m256i x7)
{
    uint64_t t0;
    __m256i v0, v1, v2;
    __asm__("add %[wk], %[h]\n\t"
            "vpsrlq $19, %[x7], %[v0]\n\t"
            "mov %[f], %[ab]\n\t"
            "and %[e], %[ab]\n\t"
            "vpsllq $45, %[x7], %[v2]\n\t"
            "rorx $41, %[e], %[t0]\n\t"
            "add %[s0], %[a]\n\t"
            "vpsrlq $61, %[x7], %[v1]\n\t"
            "rorx $18, %[e], %[s0]\n\t"
            "add %[ab], %[h]\n\t"
            "vpxor %[v2], %[v0], %[v0]\n\t"
            "andn %[g], %[e], %[ab]\n\t"
            "xor %[s0], %[t0]\n\t"
            "vpsllq $3, %[x7], %[v2]\n\t"
            "rorx $14, %[e], %[s0]\n\t"
            "add %[ab], %[h]\n\t"
            "vpxor %[v1], %[v0], %[v0]\n\t"
            "xor %[s0], %[t0]\n\t"
            "mov %[a], %[ab]\n\t"
            "vpsrlq $6, %[x7], %[v1]\n\t"
            "rorx $39, %[a], %[s0]\n\t"
            "add %[t0], %[h]\n\t"
            "vpxor %[v2], %[v0], %[v0]\n\t"
            "xor %[b], %[ab]\n\t"
            "rorx $34, %[a], %[t0]\n\t"
            "xor %[t0], %[s0]\n\t"
            "vpxor %[v1], %[v0], %[v0]\n\t" /* sigma1(w2) */
            "rorx $28, %[a], %[t0]\n\t"
            "add %[h], %[d]\n\t"
            "and %[ab], %[bc]\n\t"
            "vpaddq %[v0], %[x0], %[x0]\n\t"
            "xor %[t0], %[s0]\n\t"
            "xor %[b], %[bc]\n\t"
            "add %[bc], %[h]"
            : [a] "+r"(*a), [d] "+r"(*d), [h] "+r"(*h), [s0] "+r"(*s0), [bc] "+r"(*bc),
              [ab] "=&r"(*ab), [t0] "=&r"(t0), [x0] "+x"(*x0), [v0] "=&x"(v0), [v1] "=&x"(v1),
              [v2] "=&x"(v2)
            : [b] "r"(b), [e] "r"(e), [f] "r"(f), [g] "r"(g), [wk] "m"(*wk), [x7] "x"(x7)
            : "cc");
}

/* rounds2_sched does rounds t and t + 1 of the first block (`r`, 0, 2, 4 or
 * 6, is t mod 8, as for rounds2) and computes words 2j, 2j + 1 of both
 * blocks in x[i] (i = j % 8, a constant) between their instructions. */
SHA512_TARGET
static inline void rounds2_sched(sha512_vars *v, const uint64_t *wk, size_t r, __m256i x[8],
                                 uint64_t wk_all[160], size_t j, size_t i)
{
    const __m256i ror8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                          1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    __m256i *x0 = &x[i], x1 = x[(i + 1) & 7], x4 = x[(i + 4) & 7], x5 = x[(i + 5) & 7];
    __m256i x7 = x[(i + 7) & 7];
    uint64_t ab;

    switch (r) {
    case 0:
        round_sigma0(&v->a, v->b, &v->d, v->e, v->f, v->g, &v->h, wk, &v->bn, &v->bc, &ab, x0,
                     x1, x4, x5, ror8);
        round_sigma1(&v->h, v->a, &v->c, v->d, v->e, v->f, &v->g, wk + 1, &v->bn, &ab, &v->bc,
                     x0, x7);
        break;
    case 2:
        round_sigma0(&v->g, v->h, &v->b, v->c, v->d, v->e, &v->f, wk, &v->bn, &v->bc, &ab, x0,
                     x1, x4, x5, ror8);
        round_sigma1(&v->f, v->g, &v->a, v->b, v->c, v->d, &v->e, wk + 1, &v->bn, &ab, &v->bc,
                     x0, x7);
        break;
    case 4:
        round_sigma0(&v->e, v->f, &v->h, v->a, v->b, v->c, &v->d, wk, &v->bn, &v->bc, &ab, x0,
                     x1, x4, x5, ror8);
        round_sigma1(&v->d, v->e, &v->g, v->h, v->a, v->b, &v->c, wk + 1, &v->bn, &ab, &v->bc,
                     x0, x7);
        break;
    default:
        round_sigma0(&v->c, v->d, &v->f, v->g, v->h, v->a, &v->b, wk, &v->bn, &v->bc, &ab, x0,
                     x1, x4, x5, ror8);
        round_sigma1(&v->b, v->c, &v->e, v->f, v->g, v->h, &v->a, wk + 1, &v->bn, &ab, &v->bc,
                     x0, x7);
        break;
    }
    store_wk(wk_all, j, *x0);
}

/* rounds16_sched does rounds t..t+15 (t a multiple of 16) of the first block
 * of the pair and computes words t + 16..t + 31 of both blocks between them. */
SHA512_TARGET
static inline void rounds16_sched(sha512_vars *v, __m256i x[8], uint64_t wk_all[160], size_t t)
{
    const uint64_t *wk = &wk_all[2 * t];
    size_t j = t / 2 + 8;

    rounds2_sched(v, wk + 0, 0, x, wk_all, j + 0, 0);
    rounds2_sched(v, wk + 4, 2, x, wk_all, j + 1, 1);
    rounds2_sched(v, wk + 8, 4, x, wk_all, j + 2, 2);
    rounds2_sched(v, wk + 12, 6, x, wk_all, j + 3, 3);
    rounds2_sched(v, wk + 16, 0, x, wk_all, j + 4, 4);
    rounds2_sched(v, wk + 20, 2, x, wk_all, j + 5, 5);
    rounds2_sched(v, wk + 24, 4, x, wk_all, j + 6, 6);
    rounds2_sched(v, wk + 28, 6, x, wk_all, j + 7, 7);
}

/* rounds16_pair does rounds t..t+15 of one block of the pair from wk,
 * which points at W[t] + K[t] of that block in the interleaved array.
 * Always inlined: left to itself, gcc made it a function of its own, and
 * the working variables went through memory (twice the time a block). */
SHA512_TARGET __attribute__((always_inline))
static inline void rounds16_pair(sha512_vars *v, const uint64_t *wk, int form)
{
    for (size_t i = 0; i < 32; i += 16) {
        rounds2(v, wk + i + 0, 0, form);
        rounds2(v, wk + i + 4, 2, form);
        rounds2(v, wk + i + 8, 4, form);
        rounds2(v, wk + i + 12, 6, form);
    }
}

SHA512_TARGET
void brisk_sha512_compress_avx2(uint64_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    __m256i x[8];
    uint64_t wk[160] __attribute__((aligned(32)));
    sha512_vars v;

    while (n_blocks > 0) {
        size_t pair = n_blocks >= 2;
        load_pair(x, wk, blocks, blocks + 128 * pair);

        vars_load_ordered(&v, h);
        for (size_t t = 0; t < 64; t += 16)
            rounds16_sched(&v, x, wk, t);
        rounds16_pair(&v, &wk[128], SHA512_ORDERED);
        vars_add_ordered(h, &v);

        if (pair) {
            vars_load(&v, h);
            for (size_t t = 0; t < 80; t += 16)
                rounds16_pair(&v, &wk[2 * t + 2], SHA512_WIDE);
            vars_add(h, &v);
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
