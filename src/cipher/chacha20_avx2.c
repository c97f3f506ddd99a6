/*
 * src/cipher/chacha20_avx2.c - the ChaCha20 block function (RFC 8439,
 * section 2.3) XORed into a buffer, eight blocks at a time in AVX2.
 *
 * Eight blocks run "vertically": ymm register i holds word i of the state
 * of eight consecutive blocks (the counter word differing by lane), so a
 * quarter round is plain lane-wise arithmetic and no shuffles are needed
 * until the keystream is transposed back into block order on the way out
 * (the technique of Goll and Gueron, "Vectorization of ChaCha Stream
 * Cipher", 2014, and of OpenSSL's ChaCha20_8x).  Rotations by 16 and 8 are
 * byte shuffles, by 12 and 7 shift pairs.  Inputs of fewer than eight
 * blocks (and the last one to seven) run "horizontally": each ymm register
 * holds one row of the 4x4 state of two blocks, one per 128-bit lane, and
 * the diagonal rounds rotate the rows with vpshufd; two such pairs
 * interleave for three or four blocks.  A single block goes to the
 * portable kernel: a quarter round is a chain of dependent operations, and
 * on Zen 5 (two-cycle vector additions, six integer ALUs) the general
 * registers finish one block in half the time of any vector layout.
 * chacha20.c's drivers call xor_blocks with whole blocks only.
 *
 * Constant-time: yes; no table lookups or branches on keys or data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define CHACHA_AVX2 __attribute__((target("avx2")))
/* The helpers must inline: the kernels index their register arrays with
 * constants only once the helpers' loops are unrolled into them. */
#define CHACHA_AVX2_INLINE __attribute__((target("avx2"), always_inline)) static inline

CHACHA_AVX2_INLINE __m256i rotl16(__m256i x)
{
    const __m256i r = _mm256_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2, 13,
                                      12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2);
    return _mm256_shuffle_epi8(x, r);
}

CHACHA_AVX2_INLINE __m256i rotl8(__m256i x)
{
    const __m256i r = _mm256_set_epi8(14, 13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3, 14,
                                      13, 12, 15, 10, 9, 8, 11, 6, 5, 4, 7, 2, 1, 0, 3);
    return _mm256_shuffle_epi8(x, r);
}

CHACHA_AVX2_INLINE __m256i rotl12(__m256i x)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, 12), _mm256_srli_epi32(x, 20));
}

CHACHA_AVX2_INLINE __m256i rotl7(__m256i x)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, 7), _mm256_srli_epi32(x, 25));
}

/* ---- Eight blocks, word-sliced ---- */

/* qr8x4 runs the four quarter rounds of one round (columns or diagonals,
 * q[k] naming their four words) step by step in lockstep: four independent
 * dependency chains side by side.  Written one quarter round after the
 * other, GCC's schedule left the chains waiting on each other: 0.85x
 * OpenSSL's AVX2 code on Zen 2 at 16 KiB, against 0.99x now. */
CHACHA_AVX2_INLINE void qr8x4(__m256i x[16], const int q[4][4])
{
    for (int k = 0; k < 4; k++)
        x[q[k][0]] = _mm256_add_epi32(x[q[k][0]], x[q[k][1]]);
    for (int k = 0; k < 4; k++)
        x[q[k][3]] = rotl16(_mm256_xor_si256(x[q[k][3]], x[q[k][0]]));
    for (int k = 0; k < 4; k++)
        x[q[k][2]] = _mm256_add_epi32(x[q[k][2]], x[q[k][3]]);
    for (int k = 0; k < 4; k++)
        x[q[k][1]] = rotl12(_mm256_xor_si256(x[q[k][1]], x[q[k][2]]));
    for (int k = 0; k < 4; k++)
        x[q[k][0]] = _mm256_add_epi32(x[q[k][0]], x[q[k][1]]);
    for (int k = 0; k < 4; k++)
        x[q[k][3]] = rotl8(_mm256_xor_si256(x[q[k][3]], x[q[k][0]]));
    for (int k = 0; k < 4; k++)
        x[q[k][2]] = _mm256_add_epi32(x[q[k][2]], x[q[k][3]]);
    for (int k = 0; k < 4; k++)
        x[q[k][1]] = rotl7(_mm256_xor_si256(x[q[k][1]], x[q[k][2]]));
}

/* xor8 stores in ^ the keystream of x (words 0..7 or 8..15 of eight
 * blocks, word w of block j in lane j of x[w]) at out + 64 j. */
CHACHA_AVX2_INLINE void xor8(uint8_t *out, const uint8_t *in, const __m256i x[8])
{
    __m256i u[4], v[4];
    for (int h = 0; h < 2; h++) {
        const __m256i *y = x + 4 * h;
        __m256i t0 = _mm256_unpacklo_epi32(y[0], y[1]), t1 = _mm256_unpackhi_epi32(y[0], y[1]);
        __m256i t2 = _mm256_unpacklo_epi32(y[2], y[3]), t3 = _mm256_unpackhi_epi32(y[2], y[3]);
        __m256i *z = h ? v : u;
        /* z[j] = words 4h..4h+3 of block j in lane 0, of block j + 4 in lane 1. */
        z[0] = _mm256_unpacklo_epi64(t0, t2);
        z[1] = _mm256_unpackhi_epi64(t0, t2);
        z[2] = _mm256_unpacklo_epi64(t1, t3);
        z[3] = _mm256_unpackhi_epi64(t1, t3);
    }
    for (int j = 0; j < 4; j++) {
        __m256i lo = _mm256_permute2x128_si256(u[j], v[j], 0x20);
        __m256i hi = _mm256_permute2x128_si256(u[j], v[j], 0x31);
        uint8_t *o0 = out + 64 * j, *o1 = out + 64 * (j + 4);
        const uint8_t *i0 = in + 64 * j, *i1 = in + 64 * (j + 4);
        _mm256_storeu_si256((__m256i *)o0,
                            _mm256_xor_si256(lo, _mm256_loadu_si256((const __m256i *)i0)));
        _mm256_storeu_si256((__m256i *)o1,
                            _mm256_xor_si256(hi, _mm256_loadu_si256((const __m256i *)i1)));
    }
}

CHACHA_AVX2 static void blocks8(uint8_t *out, const uint8_t *in, const uint32_t state[16])
{
    static const int col[4][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}};
    static const int dia[4][4] = {{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};
    __m256i s[16], x[16];
    for (int i = 0; i < 16; i++)
        s[i] = _mm256_set1_epi32((int)state[i]);
    s[12] = _mm256_add_epi32(s[12], _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    for (int i = 0; i < 16; i++)
        x[i] = s[i];
    /* Unrolled whole, the ten double rounds keep x in registers (and the
     * spills GCC needs are its choice); a loop, even unrolled twice, keeps
     * x in memory between iterations and ran 30% slower on Zen 2. */
#pragma GCC unroll 10
    for (int r = 0; r < 10; r++) {
        qr8x4(x, col);
        qr8x4(x, dia);
    }
    for (int i = 0; i < 16; i++)
        x[i] = _mm256_add_epi32(x[i], s[i]);
    xor8(out, in, x);
    xor8(out + 32, in + 32, x + 8);
}

/* ---- Two to seven blocks, a row per register, two blocks per register ---- */

/* The rows a, b, c, d of `sets` pairs of blocks, one round of each pair
 * interleaved with the others' (sets is a constant after inlining). */
CHACHA_AVX2_INLINE void hqr(__m256i a[], __m256i b[], __m256i c[], __m256i d[], int sets)
{
    for (int k = 0; k < sets; k++)
        a[k] = _mm256_add_epi32(a[k], b[k]);
    for (int k = 0; k < sets; k++)
        d[k] = rotl16(_mm256_xor_si256(d[k], a[k]));
    for (int k = 0; k < sets; k++)
        c[k] = _mm256_add_epi32(c[k], d[k]);
    for (int k = 0; k < sets; k++)
        b[k] = rotl12(_mm256_xor_si256(b[k], c[k]));
    for (int k = 0; k < sets; k++)
        a[k] = _mm256_add_epi32(a[k], b[k]);
    for (int k = 0; k < sets; k++)
        d[k] = rotl8(_mm256_xor_si256(d[k], a[k]));
    for (int k = 0; k < sets; k++)
        c[k] = _mm256_add_epi32(c[k], d[k]);
    for (int k = 0; k < sets; k++)
        b[k] = rotl7(_mm256_xor_si256(b[k], c[k]));
}

/* xor2 stores in ^ the keystream of one pair: n (1 or 2) blocks. */
CHACHA_AVX2_INLINE void xor2(uint8_t *out, const uint8_t *in, __m256i a, __m256i b,
                                    __m256i c, __m256i d, size_t n)
{
    __m256i k0 = _mm256_permute2x128_si256(a, b, 0x20), k1 = _mm256_permute2x128_si256(c, d, 0x20);
    _mm256_storeu_si256((__m256i *)out,
                        _mm256_xor_si256(k0, _mm256_loadu_si256((const __m256i *)in)));
    _mm256_storeu_si256((__m256i *)(out + 32),
                        _mm256_xor_si256(k1, _mm256_loadu_si256((const __m256i *)(in + 32))));
    if (n < 2)
        return;
    k0 = _mm256_permute2x128_si256(a, b, 0x31);
    k1 = _mm256_permute2x128_si256(c, d, 0x31);
    _mm256_storeu_si256((__m256i *)(out + 64),
                        _mm256_xor_si256(k0, _mm256_loadu_si256((const __m256i *)(in + 64))));
    _mm256_storeu_si256((__m256i *)(out + 96),
                        _mm256_xor_si256(k1, _mm256_loadu_si256((const __m256i *)(in + 96))));
}

/* blocks_h runs n blocks, 1 <= n <= 2 * sets, as `sets` pairs. */
CHACHA_AVX2_INLINE void blocks_h(uint8_t *out, const uint8_t *in, size_t n,
                                        const uint32_t state[16], int sets)
{
    __m256i a[2], b[2], c[2], d[2], d0[2];
    __m256i a0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)state));
    __m256i b0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(state + 4)));
    __m256i c0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(state + 8)));
    __m256i dd = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(state + 12)));
    for (int k = 0; k < sets; k++) {
        d0[k] = _mm256_add_epi32(dd, _mm256_setr_epi32(2 * k, 0, 0, 0, 2 * k + 1, 0, 0, 0));
        a[k] = a0;
        b[k] = b0;
        c[k] = c0;
        d[k] = d0[k];
    }
    for (int r = 0; r < 10; r++) {
        hqr(a, b, c, d, sets);
        for (int k = 0; k < sets; k++) {
            a[k] = _mm256_shuffle_epi32(a[k], 0x93);
            c[k] = _mm256_shuffle_epi32(c[k], 0x39);
            d[k] = _mm256_shuffle_epi32(d[k], 0x4e);
        }
        hqr(a, b, c, d, sets);
        for (int k = 0; k < sets; k++) {
            a[k] = _mm256_shuffle_epi32(a[k], 0x39);
            c[k] = _mm256_shuffle_epi32(c[k], 0x93);
            d[k] = _mm256_shuffle_epi32(d[k], 0x4e);
        }
    }
    for (int k = 0; k < sets && n > 0; k++) {
        size_t m = n < 2 ? n : 2;
        xor2(out, in, _mm256_add_epi32(a[k], a0), _mm256_add_epi32(b[k], b0),
             _mm256_add_epi32(c[k], c0), _mm256_add_epi32(d[k], d0[k]), m);
        out += 128;
        in += 128;
        n -= m;
    }
}

CHACHA_AVX2 static void blocks2(uint8_t *out, const uint8_t *in, size_t n,
                                const uint32_t state[16])
{
    blocks_h(out, in, n, state, 1);
}

CHACHA_AVX2 static void blocks4(uint8_t *out, const uint8_t *in, size_t n,
                                const uint32_t state[16])
{
    blocks_h(out, in, n, state, 2);
}

CHACHA_AVX2 static void chacha20_xor_blocks_avx2(uint8_t *out, const uint8_t *in, size_t nblocks,
                                                 const uint32_t state[16])
{
    uint32_t st[16];
    for (int i = 0; i < 16; i++)
        st[i] = state[i];
    for (; nblocks >= 8; nblocks -= 8, in += 512, out += 512, st[12] += 8)
        blocks8(out, in, st);
    while (nblocks > 0) {
        size_t m = nblocks < 4 ? nblocks : 4;
        if (m == 1)
            brisk_chacha20_ops_c.xor_blocks(out, in, 1, st);
        else if (m > 2)
            blocks4(out, in, m, st);
        else
            blocks2(out, in, m, st);
        nblocks -= m;
        in += 64 * m;
        out += 64 * m;
        st[12] += (uint32_t)m;
    }
    wipe(st, sizeof(st));
}

const brisk_chacha20_ops brisk_chacha20_ops_avx2 = {chacha20_xor_blocks_avx2};

#endif
