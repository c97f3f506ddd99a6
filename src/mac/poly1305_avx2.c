/*
 * src/mac/poly1305_avx2.c - Poly1305's block function (RFC 8439 section
 * 2.5), four blocks at a time with AVX2, in two schedules: "avx2", one
 * accumulator, and "avx2x2", two.
 *
 * h and r in five 26-bit limbs, one 64-bit lane per block, multiplied with
 * vpmuludq (32x32->64) and reduced lazily with two interleaved carry chains
 * (OpenSSL's poly1305-x86_64 AVX2 code; Goll and Gueron, "Vectorization of
 * Poly1305 message authentication code").  Each lane runs Horner's rule
 * with r^4 over every fourth block; at the end lane i is multiplied by the
 * power of r that brings its last block to the message's end and the lanes
 * are added.  "avx2x2" keeps (from 16 blocks on) two such sets of lanes
 * with r^8 over alternate groups of four, two products in flight, for
 * cores whose vector additions take two cycles (Zen 5: 0.38 to 0.27 TSC
 * cycles a byte at 16 KiB).  Where they take one ("veclat1": Zen 2 to 4,
 * Intel), one chain keeps up with its 25 vpmuludq a group, and "avx2"
 * runs one accumulator: no r^8 to make nor sets to merge per call.  Its
 * loop body is inline asm (group()): gcc's schedule of the intrinsics
 * made the 25 products first and spilled some onto the chain (Zen 2,
 * bench_poly1305, TSC cycles a byte at 1 KiB, 4 KiB and 16 KiB: gcc's
 * two chains 0.675 0.479 0.429, gcc's one chain 0.672 0.490 0.444, the
 * asm 0.651 0.458 0.409, OpenSSL 3.0 0.640 0.472 0.431).
 * Inputs below POLY_MIN_BLOCKS, and the last n mod 4 blocks, go to the
 * 64-bit scalar kernel, which also computes r^1..r^4 (kept in the ctx).
 *
 * Constant-time: yes; no branch or address depends on the key or message.
 */
#include "internal.h"

#if defined(BRISK_X86_64) && defined(BRISK_POLY1305_C64)
#include <immintrin.h>

#define POLY_AVX2 __attribute__((target("avx2")))

/* Below this many blocks the powers and the final lane products cost more
 * than the vector loop saves (measured on Zen 5). */
#define POLY_MIN_BLOCKS 24

static const uint64_t M26 = 0x3ffffff;

/* limbs26 splits a value below 2^131 in radix 2^64 into 26-bit limbs (the
 * top one a little wider). */
static inline void limbs26(uint64_t l[5], const uint64_t w[3])
{
    l[0] = w[0] & M26;
    l[1] = (w[0] >> 26) & M26;
    l[2] = (w[0] >> 52 | w[1] << 12) & M26;
    l[3] = (w[1] >> 14) & M26;
    l[4] = w[1] >> 40 | w[2] << 24;
}

/* mul sets h = h r in every lane, lazily reduced; s[i] = 5 r[i]. */
POLY_AVX2 static inline void mul(__m256i h[5], const __m256i r[5], const __m256i s[5])
{
#define M(a, b) _mm256_mul_epu32(a, b)
#define A(a, b) _mm256_add_epi64(a, b)
    __m256i d0 = A(A(A(M(h[0], r[0]), M(h[1], s[4])), A(M(h[2], s[3]), M(h[3], s[2]))),
                   M(h[4], s[1]));
    __m256i d1 = A(A(A(M(h[0], r[1]), M(h[1], r[0])), A(M(h[2], s[4]), M(h[3], s[3]))),
                   M(h[4], s[2]));
    __m256i d2 = A(A(A(M(h[0], r[2]), M(h[1], r[1])), A(M(h[2], r[0]), M(h[3], s[4]))),
                   M(h[4], s[3]));
    __m256i d3 = A(A(A(M(h[0], r[3]), M(h[1], r[2])), A(M(h[2], r[1]), M(h[3], r[0]))),
                   M(h[4], s[4]));
    __m256i d4 = A(A(A(M(h[0], r[4]), M(h[1], r[3])), A(M(h[2], r[2]), M(h[3], r[1]))),
                   M(h[4], r[0]));
    const __m256i m = _mm256_set1_epi64x((long long)M26);
    __m256i c;
    /* d3 -> d4 and d0 -> d1, d4 -> d0 (times 5) and d1 -> d2, d2 -> d3 and
     * d0 -> d1, d3 -> d4: every limb ends within a bit of 26. */
    c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, m); d4 = A(d4, c);
    c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, m); d1 = A(d1, c);
    c = _mm256_srli_epi64(d4, 26); d4 = _mm256_and_si256(d4, m);
    d0 = A(d0, A(c, _mm256_slli_epi64(c, 2)));
    c = _mm256_srli_epi64(d1, 26); d1 = _mm256_and_si256(d1, m); d2 = A(d2, c);
    c = _mm256_srli_epi64(d2, 26); d2 = _mm256_and_si256(d2, m); d3 = A(d3, c);
    c = _mm256_srli_epi64(d0, 26); d0 = _mm256_and_si256(d0, m); d1 = A(d1, c);
    c = _mm256_srli_epi64(d3, 26); d3 = _mm256_and_si256(d3, m); d4 = A(d4, c);
    h[0] = d0;
    h[1] = d1;
    h[2] = d2;
    h[3] = d3;
    h[4] = d4;
#undef M
#undef A
}

/* add_blocks adds the four blocks at in (lane order 0 2 1 3) to h. */
POLY_AVX2 static inline void add_blocks(__m256i h[5], const uint8_t *in, __m256i pad)
{
    const __m256i m = _mm256_set1_epi64x((long long)M26);
    __m256i a = _mm256_loadu_si256((const __m256i *)in);
    __m256i b = _mm256_loadu_si256((const __m256i *)(in + 32));
    __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
    __m256i mid = _mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12));
    h[0] = _mm256_add_epi64(h[0], _mm256_and_si256(lo, m));
    h[1] = _mm256_add_epi64(h[1], _mm256_and_si256(_mm256_srli_epi64(lo, 26), m));
    h[2] = _mm256_add_epi64(h[2], _mm256_and_si256(mid, m));
    h[3] = _mm256_add_epi64(h[3], _mm256_and_si256(_mm256_srli_epi64(hi, 14), m));
    h[4] = _mm256_add_epi64(h[4], _mm256_or_si256(_mm256_srli_epi64(hi, 40), pad));
}

POLY_AVX2 static inline uint64_t hsum(__m256i x)
{
    __m128i t = _mm_add_epi64(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    return (uint64_t)_mm_cvtsi128_si64(t) + (uint64_t)_mm_extract_epi64(t, 1);
}

/* start loads h into lane 0 of v and the powers r^1..r^4 as 26-bit limbs
 * into p. */
POLY_AVX2 static inline void start(__m256i v[5], uint64_t p[4][5], const brisk_poly1305_ctx *ctx)
{
    uint64_t hl[5];
    limbs26(hl, ctx->h);
    for (int i = 0; i < 4; i++)
        limbs26(p[i], ctx->pw[i]);
    for (int k = 0; k < 5; k++)
        v[k] = _mm256_set_epi64x(0, 0, 0, (long long)hl[k]);
}

/* splat sets v[k] to limb k of the power q in every lane, w[k] to 5 v[k]. */
POLY_AVX2 static inline void splat(__m256i v[5], __m256i w[5], const uint64_t q[5])
{
    for (int k = 0; k < 5; k++) {
        v[k] = _mm256_set1_epi64x((long long)q[k]);
        w[k] = _mm256_add_epi64(v[k], _mm256_slli_epi64(v[k], 2));
    }
}

/* finish multiplies lane i by the power that brings its last block to the
 * end (lanes 0 1 2 3 hold blocks 0 2 1 3: r^4 r^2 r^3 r^1), adds the lanes
 * and stores h in the ctx's radix 2^64. */
POLY_AVX2 static inline void finish(brisk_poly1305_ctx *ctx, __m256i h[5], const uint64_t p[4][5])
{
    __m256i r[5], s[5];
    for (int k = 0; k < 5; k++) {
        r[k] = _mm256_set_epi64x((long long)p[0][k], (long long)p[2][k], (long long)p[1][k],
                                 (long long)p[3][k]);
        s[k] = _mm256_add_epi64(r[k], _mm256_slli_epi64(r[k], 2));
    }
    mul(h, r, s);

    uint64_t t[5];
    for (int k = 0; k < 5; k++)
        t[k] = hsum(h[k]);
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < 4; k++) {
            t[k + 1] += t[k] >> 26;
            t[k] &= M26;
        }
        if (pass == 0) {
            t[0] += (t[4] >> 26) * 5;
            t[4] &= M26;
        }
    }
    ctx->h[0] = t[0] | t[1] << 26 | t[2] << 52;
    ctx->h[1] = t[2] >> 12 | t[3] << 14 | t[4] << 40;
    ctx->h[2] = t[4] >> 24;
}

/* group sets h = h r^4 + the four blocks at in (mul, then add_blocks),
 * in registers that gcc does not choose: h, the five sums, two
 * temporaries, the mask and pad are fourteen ymm registers, r^4 and 5 r^4
 * are read from tab (r0..r4, then s1..s4).  gcc's own schedule of the same
 * intrinsics computes the 25 products first and spills some of them onto
 * the chain from one group to the next.  The message's limbs are split
 * into h's registers once h's products are made, off that chain. */
POLY_AVX2 static inline void group(__m256i h[5], const __m256i tab[9], const uint8_t *in,
                                   __m256i m, __m256i pad)
{
    __m256i d0, d1, d2, d3, d4, t0, t1;
    __asm__(
        "vpmuludq 0(%[tab]), %[h0], %[d0]\n\t"
        "vpmuludq 32(%[tab]), %[h0], %[d1]\n\t"
        "vpmuludq 64(%[tab]), %[h0], %[d2]\n\t"
        "vpmuludq 96(%[tab]), %[h0], %[d3]\n\t"
        "vpmuludq 128(%[tab]), %[h0], %[d4]\n\t"
        "vpmuludq 256(%[tab]), %[h1], %[t0]\n\t"
        "vpaddq %[t0], %[d0], %[d0]\n\t"
        "vpmuludq 0(%[tab]), %[h1], %[t0]\n\t"
        "vpaddq %[t0], %[d1], %[d1]\n\t"
        "vpmuludq 32(%[tab]), %[h1], %[t0]\n\t"
        "vpaddq %[t0], %[d2], %[d2]\n\t"
        "vpmuludq 64(%[tab]), %[h1], %[t0]\n\t"
        "vpaddq %[t0], %[d3], %[d3]\n\t"
        "vpmuludq 96(%[tab]), %[h1], %[t0]\n\t"
        "vpaddq %[t0], %[d4], %[d4]\n\t"
        "vpmuludq 224(%[tab]), %[h2], %[t0]\n\t"
        "vpaddq %[t0], %[d0], %[d0]\n\t"
        "vpmuludq 256(%[tab]), %[h2], %[t0]\n\t"
        "vpaddq %[t0], %[d1], %[d1]\n\t"
        "vpmuludq 0(%[tab]), %[h2], %[t0]\n\t"
        "vpaddq %[t0], %[d2], %[d2]\n\t"
        "vpmuludq 32(%[tab]), %[h2], %[t0]\n\t"
        "vpaddq %[t0], %[d3], %[d3]\n\t"
        "vpmuludq 64(%[tab]), %[h2], %[t0]\n\t"
        "vpaddq %[t0], %[d4], %[d4]\n\t"
        "vpmuludq 192(%[tab]), %[h3], %[t0]\n\t"
        "vpaddq %[t0], %[d0], %[d0]\n\t"
        "vpmuludq 224(%[tab]), %[h3], %[t0]\n\t"
        "vpaddq %[t0], %[d1], %[d1]\n\t"
        "vpmuludq 256(%[tab]), %[h3], %[t0]\n\t"
        "vpaddq %[t0], %[d2], %[d2]\n\t"
        "vpmuludq 0(%[tab]), %[h3], %[t0]\n\t"
        "vpaddq %[t0], %[d3], %[d3]\n\t"
        "vpmuludq 32(%[tab]), %[h3], %[t0]\n\t"
        "vpaddq %[t0], %[d4], %[d4]\n\t"
        "vpmuludq 160(%[tab]), %[h4], %[t0]\n\t"
        "vpaddq %[t0], %[d0], %[d0]\n\t"
        "vpmuludq 192(%[tab]), %[h4], %[t0]\n\t"
        "vpaddq %[t0], %[d1], %[d1]\n\t"
        "vpmuludq 224(%[tab]), %[h4], %[t0]\n\t"
        "vpaddq %[t0], %[d2], %[d2]\n\t"
        "vpmuludq 256(%[tab]), %[h4], %[t0]\n\t"
        "vpaddq %[t0], %[d3], %[d3]\n\t"
        "vpmuludq 0(%[tab]), %[h4], %[t0]\n\t"
        "vpaddq %[t0], %[d4], %[d4]\n\t"
        "vmovdqu (%[in]), %[h3]\n\t"
        "vmovdqu 32(%[in]), %[h4]\n\t"
        "vpunpcklqdq %[h4], %[h3], %[h0]\n\t"
        "vpunpckhqdq %[h4], %[h3], %[h3]\n\t"
        "vpsrlq $26, %[h0], %[h1]\n\t"
        "vpand %[m], %[h1], %[h1]\n\t"
        "vpsrlq $52, %[h0], %[h2]\n\t"
        "vpsllq $12, %[h3], %[t0]\n\t"
        "vpor %[t0], %[h2], %[h2]\n\t"
        "vpand %[m], %[h2], %[h2]\n\t"
        "vpand %[m], %[h0], %[h0]\n\t"
        "vpsrlq $40, %[h3], %[h4]\n\t"
        "vpor %[pad], %[h4], %[h4]\n\t"
        "vpsrlq $14, %[h3], %[h3]\n\t"
        "vpand %[m], %[h3], %[h3]\n\t"
        "vpsrlq $26, %[d3], %[t1]\n\t"
        "vpand %[m], %[d3], %[d3]\n\t"
        "vpaddq %[t1], %[d4], %[d4]\n\t"
        "vpsrlq $26, %[d0], %[t1]\n\t"
        "vpand %[m], %[d0], %[d0]\n\t"
        "vpaddq %[t1], %[d1], %[d1]\n\t"
        "vpsrlq $26, %[d4], %[t1]\n\t"
        "vpand %[m], %[d4], %[d4]\n\t"
        "vpsllq $2, %[t1], %[t0]\n\t"
        "vpaddq %[t0], %[t1], %[t1]\n\t"
        "vpaddq %[t1], %[d0], %[d0]\n\t"
        "vpsrlq $26, %[d1], %[t1]\n\t"
        "vpand %[m], %[d1], %[d1]\n\t"
        "vpaddq %[t1], %[d2], %[d2]\n\t"
        "vpsrlq $26, %[d2], %[t1]\n\t"
        "vpand %[m], %[d2], %[d2]\n\t"
        "vpaddq %[t1], %[d3], %[d3]\n\t"
        "vpsrlq $26, %[d0], %[t1]\n\t"
        "vpand %[m], %[d0], %[d0]\n\t"
        "vpaddq %[t1], %[d1], %[d1]\n\t"
        "vpsrlq $26, %[d3], %[t1]\n\t"
        "vpand %[m], %[d3], %[d3]\n\t"
        "vpaddq %[t1], %[d4], %[d4]\n\t"
        "vpaddq %[d0], %[h0], %[h0]\n\t"
        "vpaddq %[d1], %[h1], %[h1]\n\t"
        "vpaddq %[d2], %[h2], %[h2]\n\t"
        "vpaddq %[d3], %[h3], %[h3]\n\t"
        "vpaddq %[d4], %[h4], %[h4]\n\t"
        : [h0] "+x"(h[0]), [h1] "+x"(h[1]), [h2] "+x"(h[2]), [h3] "+x"(h[3]), [h4] "+x"(h[4]),
          [d0] "=&x"(d0), [d1] "=&x"(d1), [d2] "=&x"(d2), [d3] "=&x"(d3), [d4] "=&x"(d4),
          [t0] "=&x"(t0), [t1] "=&x"(t1)
        : [tab] "r"(tab), [in] "r"(in), [m] "x"(m), [pad] "x"(pad)
        : "memory");
}

/* blocks4_x1 runs one accumulator with r^4: one product per group of four,
 * the last one's included in finish's. */
POLY_AVX2 static void blocks4_x1(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n4,
                                uint32_t padbit)
{
    uint64_t p[4][5];
    __m256i r[5], s[5], h[5];
    start(h, p, ctx);
    splat(r, s, p[3]);
    const __m256i pad = _mm256_set1_epi64x((long long)((uint64_t)padbit << 24));

    add_blocks(h, in, pad);
    __m256i tab[9];
    for (int k = 0; k < 5; k++)
        tab[k] = r[k];
    for (int k = 1; k < 5; k++)
        tab[4 + k] = s[k];
    const __m256i m = _mm256_set1_epi64x((long long)M26);
    for (n4--, in += 64; n4 > 0; n4--, in += 64)
        group(h, tab, in, m, pad);
    finish(ctx, h, p);
}

/* blocks4_x2 runs two accumulators from four groups on. */
POLY_AVX2 static void blocks4_x2(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n4,
                                uint32_t padbit)
{
    uint64_t p[4][5];
    __m256i r[5], s[5], h[5];
    start(h, p, ctx);
    splat(r, s, p[3]);
    const __m256i pad = _mm256_set1_epi64x((long long)((uint64_t)padbit << 24));

    add_blocks(h, in, pad);
    n4--;
    in += 64;
    if (n4 >= 3) {
        /* Two accumulators of four lanes, each with r^8 over every other
         * group of four blocks, keep two multiplications in flight; then
         * h = h r^4 + g puts them back into one. */
        __m256i q[5], t[5], g[5];
        for (int k = 0; k < 5; k++) {
            q[k] = r[k];
            g[k] = _mm256_setzero_si256();
        }
        mul(q, r, s);
        for (int k = 0; k < 5; k++)
            t[k] = _mm256_add_epi64(q[k], _mm256_slli_epi64(q[k], 2));
        add_blocks(g, in, pad);
        n4--;
        in += 64;
        for (; n4 >= 2; n4 -= 2, in += 128) {
            mul(h, q, t);
            mul(g, q, t);
            add_blocks(h, in, pad);
            add_blocks(g, in + 64, pad);
        }
        mul(h, r, s);
        for (int k = 0; k < 5; k++)
            h[k] = _mm256_add_epi64(h[k], g[k]);
    }
    for (; n4 > 0; n4--, in += 64) {
        mul(h, r, s);
        add_blocks(h, in, pad);
    }
    finish(ctx, h, p);
}

/* run absorbs n_blocks with the four-block kernel k, the rest in c64. */
static inline void run(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n_blocks,
                       uint32_t padbit,
                       void (*k)(brisk_poly1305_ctx *, const uint8_t *, size_t, uint32_t))
{
    if (n_blocks >= POLY_MIN_BLOCKS) {
        size_t n4 = n_blocks / 4;
        if (ctx->npw < 4)
            brisk_poly1305_powers(ctx, 4);
        k(ctx, in, n4, padbit);
        in += 64 * n4;
        n_blocks -= 4 * n4;
    }
    brisk_poly1305_blocks_c64(ctx, in, n_blocks, padbit);
}

void brisk_poly1305_blocks_avx2(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n_blocks,
                                uint32_t padbit)
{
    run(ctx, in, n_blocks, padbit, blocks4_x1);
}

void brisk_poly1305_blocks_avx2x2(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n_blocks,
                                  uint32_t padbit)
{
    run(ctx, in, n_blocks, padbit, blocks4_x2);
}

#endif
