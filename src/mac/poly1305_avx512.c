/*
 * src/mac/poly1305_avx512.c - Poly1305's block function (RFC 8439 section
 * 2.5), eight blocks at a time with AVX-512 IFMA.
 *
 * h and r in three limbs of 44, 44 and 42 bits, one 64-bit lane per block:
 * vpmadd52luq and vpmadd52huq give each 88-bit limb product as its low 52
 * bits and the rest, which land 8 bits up in the next limb (the top one's
 * fold back at 2^140 as 5 * 2^10).  Each lane runs Horner's rule with r^8
 * over every eighth block (from 32 blocks on, two such sets of lanes with
 * r^16 over alternate groups of eight, so that two products are in
 * flight); at the end lane i is multiplied by the power of
 * r that brings its last block to the message's end, and the lanes are
 * added (the technique of Goll and Gueron's "Vectorization of Poly1305
 * message authentication code", on IFMA's wider limbs).  Inputs below
 * POLY_MIN_BLOCKS, and the last n mod 8 blocks, go to the 64-bit scalar
 * kernel, which also computes the powers r^1..r^8 (kept in the ctx).
 *
 * Constant-time: yes; no branch or address depends on the key or message.
 */
#include "internal.h"

#if defined(BRISK_X86_64) && defined(BRISK_POLY1305_C64)
#include <immintrin.h>

#define POLY_IFMA __attribute__((target("avx512f,avx512ifma")))

/* Below this many blocks computing the powers and the final lane products
 * costs more than the vector loop saves (measured on Zen 5). */
#define POLY_MIN_BLOCKS 16

static const uint64_t M44 = 0xfffffffffff, M42 = 0x3ffffffffff;

/* limbs44 splits a value below 2^131 in radix 2^64 into 44-bit limbs. */
static inline void limbs44(uint64_t l[3], const uint64_t w[3])
{
    l[0] = w[0] & M44;
    l[1] = (w[0] >> 44 | w[1] << 20) & M44;
    l[2] = w[1] >> 24 | w[2] << 40;
}

/* mul sets h = h r, lazily reduced (limbs a little above 44 bits), in
 * every lane; s1 = 20 r1 and s2 = 20 r2 fold the product's bits at 2^132. */
POLY_IFMA static inline void mul(__m512i h[3], __m512i r0, __m512i r1, __m512i r2, __m512i s1,
                                 __m512i s2)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i lo0 = _mm512_madd52lo_epu64(z, h[0], r0);
    __m512i hi0 = _mm512_madd52hi_epu64(z, h[0], r0);
    __m512i lo1 = _mm512_madd52lo_epu64(z, h[0], r1);
    __m512i hi1 = _mm512_madd52hi_epu64(z, h[0], r1);
    __m512i lo2 = _mm512_madd52lo_epu64(z, h[0], r2);
    __m512i hi2 = _mm512_madd52hi_epu64(z, h[0], r2);
    lo0 = _mm512_madd52lo_epu64(lo0, h[1], s2);
    hi0 = _mm512_madd52hi_epu64(hi0, h[1], s2);
    lo1 = _mm512_madd52lo_epu64(lo1, h[1], r0);
    hi1 = _mm512_madd52hi_epu64(hi1, h[1], r0);
    lo2 = _mm512_madd52lo_epu64(lo2, h[1], r1);
    hi2 = _mm512_madd52hi_epu64(hi2, h[1], r1);
    lo0 = _mm512_madd52lo_epu64(lo0, h[2], s1);
    hi0 = _mm512_madd52hi_epu64(hi0, h[2], s1);
    lo1 = _mm512_madd52lo_epu64(lo1, h[2], s2);
    hi1 = _mm512_madd52hi_epu64(hi1, h[2], s2);
    lo2 = _mm512_madd52lo_epu64(lo2, h[2], r0);
    hi2 = _mm512_madd52hi_epu64(hi2, h[2], r0);

    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i m42 = _mm512_set1_epi64((long long)M42);
    /* hi2 sits at 2^140 = 2^130 2^10 == 5 2^10. */
    __m512i f = _mm512_add_epi64(hi2, _mm512_slli_epi64(hi2, 2));
    __m512i t0 = _mm512_add_epi64(lo0, _mm512_slli_epi64(f, 10));
    __m512i t1 = _mm512_add_epi64(lo1, _mm512_slli_epi64(hi0, 8));
    __m512i t2 = _mm512_add_epi64(lo2, _mm512_slli_epi64(hi1, 8));
    t1 = _mm512_add_epi64(t1, _mm512_srli_epi64(t0, 44));
    t0 = _mm512_and_si512(t0, m44);
    t2 = _mm512_add_epi64(t2, _mm512_srli_epi64(t1, 44));
    t1 = _mm512_and_si512(t1, m44);
    __m512i c = _mm512_srli_epi64(t2, 42);
    t2 = _mm512_and_si512(t2, m42);
    t0 = _mm512_add_epi64(t0, _mm512_add_epi64(c, _mm512_slli_epi64(c, 2)));
    h[0] = t0;
    h[1] = t1;
    h[2] = t2;
}

/* add_blocks adds the eight blocks at in (lane order 0 4 1 5 2 6 3 7) to h. */
POLY_IFMA static inline void add_blocks(__m512i h[3], const uint8_t *in, __m512i pad)
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    __m512i a = _mm512_loadu_si512((const void *)in);
    __m512i b = _mm512_loadu_si512((const void *)(in + 64));
    __m512i lo = _mm512_unpacklo_epi64(a, b), hi = _mm512_unpackhi_epi64(a, b);
    h[0] = _mm512_add_epi64(h[0], _mm512_and_si512(lo, m44));
    __m512i mid = _mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20));
    h[1] = _mm512_add_epi64(h[1], _mm512_and_si512(mid, m44));
    h[2] = _mm512_add_epi64(h[2], _mm512_or_si512(_mm512_srli_epi64(hi, 24), pad));
}

/* lanes_power sets r0..r2 to the limbs of r^(8 - b) in the lane holding
 * block b (add_blocks' order), s1, s2 to 20 times r1, r2. */
POLY_IFMA static inline void lanes_power(const uint64_t p[8][3], __m512i *r0, __m512i *r1,
                                         __m512i *r2)
{
    uint64_t l[8][3];
    for (int i = 0; i < 8; i++)
        limbs44(l[i], p[i]);
    /* position: 0 1 2 3 4 5 6 7 holds block 0 4 1 5 2 6 3 7: r^8 r^4 r^7 r^3 r^6 r^2 r^5 r^1 */
#define LANES(k)                                                                         \
    _mm512_set_epi64((long long)l[0][k], (long long)l[4][k], (long long)l[1][k],          \
                     (long long)l[5][k], (long long)l[2][k], (long long)l[6][k],          \
                     (long long)l[3][k], (long long)l[7][k])
    *r0 = LANES(0);
    *r1 = LANES(1);
    *r2 = LANES(2);
#undef LANES
}

POLY_IFMA static inline __m512i times20(__m512i x)
{
    return _mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 2));
}

POLY_IFMA BRISK_NO_CANARY static void blocks8(brisk_poly1305_ctx *ctx, const uint8_t *in,
                                               size_t n8, uint32_t padbit)
{
    uint64_t hl[3], r8[3];
    limbs44(hl, ctx->h);
    limbs44(r8, ctx->pw[7]);
    const __m512i pad = _mm512_set1_epi64((long long)((uint64_t)padbit << 40));
    const __m512i r0 = _mm512_set1_epi64((long long)r8[0]);
    const __m512i r1 = _mm512_set1_epi64((long long)r8[1]);
    const __m512i r2 = _mm512_set1_epi64((long long)r8[2]);
    const __m512i s1 = times20(r1), s2 = times20(r2);
    __m512i h[3] = {_mm512_maskz_set1_epi64(1, (long long)hl[0]),
                    _mm512_maskz_set1_epi64(1, (long long)hl[1]),
                    _mm512_maskz_set1_epi64(1, (long long)hl[2])};

    add_blocks(h, in, pad);
    n8--;
    in += 128;
    if (n8 >= 3) {
        /* Two accumulators of eight lanes, each with r^16 over every
         * other group of eight blocks, keep two multiplications in flight;
         * then h = h r^8 + g puts them back into one. */
        __m512i q[3] = {r0, r1, r2};
        mul(q, r0, r1, r2, s1, s2);
        const __m512i t1 = times20(q[1]), t2 = times20(q[2]);
        __m512i g[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
        add_blocks(g, in, pad);
        n8--;
        in += 128;
        for (; n8 >= 2; n8 -= 2, in += 256) {
            mul(h, q[0], q[1], q[2], t1, t2);
            mul(g, q[0], q[1], q[2], t1, t2);
            add_blocks(h, in, pad);
            add_blocks(g, in + 128, pad);
        }
        mul(h, r0, r1, r2, s1, s2);
        for (int k = 0; k < 3; k++)
            h[k] = _mm512_add_epi64(h[k], g[k]);
    }
    for (; n8 > 0; n8--, in += 128) {
        mul(h, r0, r1, r2, s1, s2);
        add_blocks(h, in, pad);
    }
    __m512i q0, q1, q2;
    lanes_power((const uint64_t(*)[3])ctx->pw, &q0, &q1, &q2);
    mul(h, q0, q1, q2, times20(q1), times20(q2));

    uint64_t t0 = (uint64_t)_mm512_reduce_add_epi64(h[0]);
    uint64_t t1 = (uint64_t)_mm512_reduce_add_epi64(h[1]);
    uint64_t t2 = (uint64_t)_mm512_reduce_add_epi64(h[2]);
    t1 += t0 >> 44;
    t0 &= M44;
    t2 += t1 >> 44;
    t1 &= M44;
    t0 += (t2 >> 42) * 5;
    t2 &= M42;
    t1 += t0 >> 44;
    t0 &= M44;
    t2 += t1 >> 44;
    t1 &= M44;
    ctx->h[0] = t0 | t1 << 44;
    ctx->h[1] = t1 >> 20 | t2 << 24;
    ctx->h[2] = t2 >> 40;
}

void brisk_poly1305_blocks_avx512(brisk_poly1305_ctx *ctx, const uint8_t *in, size_t n_blocks,
                                  uint32_t padbit)
{
    if (n_blocks >= POLY_MIN_BLOCKS) {
        size_t n8 = n_blocks / 8;
        if (ctx->npw < 8)
            brisk_poly1305_powers(ctx, 8);
        blocks8(ctx, in, n8, padbit);
        in += 128 * n8;
        n_blocks -= 8 * n8;
    }
    brisk_poly1305_blocks_c64(ctx, in, n_blocks, padbit);
}

#endif
