/*
 * src/cipher/chacha20_avx512.c - the ChaCha20 block function (RFC 8439,
 * section 2.3) XORed into a buffer, sixteen blocks at a time in AVX-512.
 *
 * The vertical layout of chacha20_avx2.c on 512-bit registers: zmm
 * register i holds word i of sixteen consecutive blocks, every rotation is
 * one vprold, and a 16x16 transposition (dword and qword unpacks, then two
 * rounds of 128-bit lane shuffles) puts the keystream back in block order
 * (OpenSSL's ChaCha20_16x works the same way).  A quarter round is a chain
 * of dependent operations, and where vector additions take two cycles
 * (Zen 5) one group of sixteen blocks leaves most of the vector units
 * idle; long inputs therefore run two groups of sixteen interleaved, which
 * fit in the 32 zmm registers because every step updates its register in
 * place.  Shorter inputs take eight blocks on ymm (the AVX-512VL rotates),
 * and two to four blocks run "horizontally" (a register per row of the
 * state, blocks in 128-bit lanes, vpshufd between the column and diagonal
 * rounds): two blocks in ymm, four in zmm, so that short messages need no
 * transposition.  A single block (the AEAD's Poly1305 key, a 16-byte
 * message) goes to the portable kernel, which the integer units run in
 * half the time of the vector chain, as in chacha20_avx2.c.
 *
 * Constant-time: yes; no table lookups or branches on keys or data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define CHACHA_AVX512 __attribute__((target("avx2,avx512f,avx512vl")))
/* The helpers must inline: the kernels index their register arrays with
 * constants only once the helpers' loops are unrolled into them. */
#define CHACHA_AVX512_INLINE \
    __attribute__((target("avx2,avx512f,avx512vl"), always_inline)) static inline

/* ---- Sixteen or 32 blocks, word-sliced, in zmm ---- */

/* One quarter round on `groups` groups of sixteen blocks, step by step
 * across the groups (groups is a constant after inlining). */
CHACHA_AVX512_INLINE void qr16(__m512i x[][16], int groups, int a, int b, int c, int d)
{
    for (int g = 0; g < groups; g++)
        x[g][a] = _mm512_add_epi32(x[g][a], x[g][b]);
    for (int g = 0; g < groups; g++)
        x[g][d] = _mm512_rol_epi32(_mm512_xor_si512(x[g][d], x[g][a]), 16);
    for (int g = 0; g < groups; g++)
        x[g][c] = _mm512_add_epi32(x[g][c], x[g][d]);
    for (int g = 0; g < groups; g++)
        x[g][b] = _mm512_rol_epi32(_mm512_xor_si512(x[g][b], x[g][c]), 12);
    for (int g = 0; g < groups; g++)
        x[g][a] = _mm512_add_epi32(x[g][a], x[g][b]);
    for (int g = 0; g < groups; g++)
        x[g][d] = _mm512_rol_epi32(_mm512_xor_si512(x[g][d], x[g][a]), 8);
    for (int g = 0; g < groups; g++)
        x[g][c] = _mm512_add_epi32(x[g][c], x[g][d]);
    for (int g = 0; g < groups; g++)
        x[g][b] = _mm512_rol_epi32(_mm512_xor_si512(x[g][b], x[g][c]), 7);
}

CHACHA_AVX512_INLINE void rounds16(__m512i x[][16], int groups)
{
    for (int r = 0; r < 10; r++) {
        qr16(x, groups, 0, 4, 8, 12);
        qr16(x, groups, 1, 5, 9, 13);
        qr16(x, groups, 2, 6, 10, 14);
        qr16(x, groups, 3, 7, 11, 15);
        qr16(x, groups, 0, 5, 10, 15);
        qr16(x, groups, 1, 6, 11, 12);
        qr16(x, groups, 2, 7, 8, 13);
        qr16(x, groups, 3, 4, 9, 14);
    }
}

/* xor16 stores in ^ the keystream x (word w of block j in lane j of x[w])
 * at out + 64 j, for j < 16. */
CHACHA_AVX512_INLINE void xor16(uint8_t *out, const uint8_t *in, const __m512i x[16])
{
    __m512i u[4][4];
    /* u[q][j]: words 4q..4q+3 of blocks j, j + 4, j + 8, j + 12 in lanes 0..3. */
    for (int q = 0; q < 4; q++) {
        const __m512i *y = x + 4 * q;
        __m512i t0 = _mm512_unpacklo_epi32(y[0], y[1]), t1 = _mm512_unpackhi_epi32(y[0], y[1]);
        __m512i t2 = _mm512_unpacklo_epi32(y[2], y[3]), t3 = _mm512_unpackhi_epi32(y[2], y[3]);
        u[q][0] = _mm512_unpacklo_epi64(t0, t2);
        u[q][1] = _mm512_unpackhi_epi64(t0, t2);
        u[q][2] = _mm512_unpacklo_epi64(t1, t3);
        u[q][3] = _mm512_unpackhi_epi64(t1, t3);
    }
    for (int j = 0; j < 4; j++) {
        __m512i p0 = _mm512_shuffle_i32x4(u[0][j], u[1][j], 0x88);
        __m512i p1 = _mm512_shuffle_i32x4(u[0][j], u[1][j], 0xdd);
        __m512i q0 = _mm512_shuffle_i32x4(u[2][j], u[3][j], 0x88);
        __m512i q1 = _mm512_shuffle_i32x4(u[2][j], u[3][j], 0xdd);
        __m512i k[4] = {_mm512_shuffle_i32x4(p0, q0, 0x88), _mm512_shuffle_i32x4(p1, q1, 0x88),
                        _mm512_shuffle_i32x4(p0, q0, 0xdd), _mm512_shuffle_i32x4(p1, q1, 0xdd)};
        for (int i = 0; i < 4; i++) {
            size_t off = 64 * (size_t)(j + 4 * i);
            __m512i m = _mm512_loadu_si512((const void *)(in + off));
            _mm512_storeu_si512((void *)(out + off), _mm512_xor_si512(m, k[i]));
        }
    }
}

CHACHA_AVX512_INLINE void start16(__m512i x[16], const uint32_t state[16], uint32_t add)
{
    for (int i = 0; i < 16; i++)
        x[i] = _mm512_set1_epi32((int)state[i]);
    x[12] = _mm512_add_epi32(x[12], _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                      13, 14, 15));
    x[12] = _mm512_add_epi32(x[12], _mm512_set1_epi32((int)add));
}

/* finish16 adds the input state back (read again from memory: in the
 * 32-block kernel every register holds a state word). */
CHACHA_AVX512_INLINE void finish16(__m512i x[16], const uint32_t state[16], uint32_t add)
{
    __m512i s[16];
    start16(s, state, add);
    for (int i = 0; i < 16; i++)
        x[i] = _mm512_add_epi32(x[i], s[i]);
}

CHACHA_AVX512 static void blocks32(uint8_t *out, const uint8_t *in, const uint32_t state[16])
{
    __m512i x[2][16];
    start16(x[0], state, 0);
    start16(x[1], state, 16);
    rounds16(x, 2);
    finish16(x[0], state, 0);
    xor16(out, in, x[0]);
    finish16(x[1], state, 16);
    xor16(out + 1024, in + 1024, x[1]);
}

/* blocks16 runs n blocks, 1 <= n <= 16; a partial group goes through a
 * buffer. */
CHACHA_AVX512 static void blocks16(uint8_t *out, const uint8_t *in, size_t n,
                                   const uint32_t state[16])
{
    __m512i x[1][16];
    start16(x[0], state, 0);
    rounds16(x, 1);
    finish16(x[0], state, 0);
    if (n == 16) {
        xor16(out, in, x[0]);
        return;
    }
    uint8_t buf[1024] = {0};
    memcpy(buf, in, 64 * n);
    xor16(buf, buf, x[0]);
    memcpy(out, buf, 64 * n);
    wipe(buf, sizeof(buf));
}

/* ---- Eight blocks, word-sliced, in ymm ---- */

CHACHA_AVX512_INLINE void qr8(__m256i x[16], int a, int b, int c, int d)
{
    x[a] = _mm256_add_epi32(x[a], x[b]);
    x[d] = _mm256_rol_epi32(_mm256_xor_si256(x[d], x[a]), 16);
    x[c] = _mm256_add_epi32(x[c], x[d]);
    x[b] = _mm256_rol_epi32(_mm256_xor_si256(x[b], x[c]), 12);
    x[a] = _mm256_add_epi32(x[a], x[b]);
    x[d] = _mm256_rol_epi32(_mm256_xor_si256(x[d], x[a]), 8);
    x[c] = _mm256_add_epi32(x[c], x[d]);
    x[b] = _mm256_rol_epi32(_mm256_xor_si256(x[b], x[c]), 7);
}

/* xor8 stores in ^ the keystream of x (words 0..7 or 8..15 of eight
 * blocks, word w of block j in lane j of x[w]) at out + 64 j. */
CHACHA_AVX512_INLINE void xor8(uint8_t *out, const uint8_t *in, const __m256i x[8])
{
    __m256i u[2][4];
    for (int h = 0; h < 2; h++) {
        const __m256i *y = x + 4 * h;
        __m256i t0 = _mm256_unpacklo_epi32(y[0], y[1]), t1 = _mm256_unpackhi_epi32(y[0], y[1]);
        __m256i t2 = _mm256_unpacklo_epi32(y[2], y[3]), t3 = _mm256_unpackhi_epi32(y[2], y[3]);
        u[h][0] = _mm256_unpacklo_epi64(t0, t2);
        u[h][1] = _mm256_unpackhi_epi64(t0, t2);
        u[h][2] = _mm256_unpacklo_epi64(t1, t3);
        u[h][3] = _mm256_unpackhi_epi64(t1, t3);
    }
    for (int j = 0; j < 4; j++) {
        __m256i lo = _mm256_permute2x128_si256(u[0][j], u[1][j], 0x20);
        __m256i hi = _mm256_permute2x128_si256(u[0][j], u[1][j], 0x31);
        uint8_t *o0 = out + 64 * j, *o1 = out + 64 * (j + 4);
        const uint8_t *i0 = in + 64 * j, *i1 = in + 64 * (j + 4);
        _mm256_storeu_si256((__m256i *)o0,
                            _mm256_xor_si256(lo, _mm256_loadu_si256((const __m256i *)i0)));
        _mm256_storeu_si256((__m256i *)o1,
                            _mm256_xor_si256(hi, _mm256_loadu_si256((const __m256i *)i1)));
    }
}

/* blocks8 runs n blocks, 1 <= n <= 8; a partial group goes through a
 * buffer. */
CHACHA_AVX512 static void blocks8(uint8_t *out, const uint8_t *in, size_t n,
                                  const uint32_t state[16])
{
    __m256i s[16], x[16];
    for (int i = 0; i < 16; i++)
        s[i] = _mm256_set1_epi32((int)state[i]);
    s[12] = _mm256_add_epi32(s[12], _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    for (int i = 0; i < 16; i++)
        x[i] = s[i];
    for (int r = 0; r < 10; r++) {
        qr8(x, 0, 4, 8, 12);
        qr8(x, 1, 5, 9, 13);
        qr8(x, 2, 6, 10, 14);
        qr8(x, 3, 7, 11, 15);
        qr8(x, 0, 5, 10, 15);
        qr8(x, 1, 6, 11, 12);
        qr8(x, 2, 7, 8, 13);
        qr8(x, 3, 4, 9, 14);
    }
    for (int i = 0; i < 16; i++)
        x[i] = _mm256_add_epi32(x[i], s[i]);
    if (n == 8) {
        xor8(out, in, x);
        xor8(out + 32, in + 32, x + 8);
        return;
    }
    uint8_t buf[512] = {0};
    memcpy(buf, in, 64 * n);
    xor8(buf, buf, x);
    xor8(buf + 32, buf + 32, x + 8);
    memcpy(out, buf, 64 * n);
    wipe(buf, sizeof(buf));
}

/* ---- Two to four blocks, a row per register ---- */

CHACHA_AVX512_INLINE void hqr4(__m512i *a, __m512i *b, __m512i *c, __m512i *d)
{
    *a = _mm512_add_epi32(*a, *b);
    *d = _mm512_rol_epi32(_mm512_xor_si512(*d, *a), 16);
    *c = _mm512_add_epi32(*c, *d);
    *b = _mm512_rol_epi32(_mm512_xor_si512(*b, *c), 12);
    *a = _mm512_add_epi32(*a, *b);
    *d = _mm512_rol_epi32(_mm512_xor_si512(*d, *a), 8);
    *c = _mm512_add_epi32(*c, *d);
    *b = _mm512_rol_epi32(_mm512_xor_si512(*b, *c), 7);
}

/* blocks4 runs n blocks, 3 <= n <= 4, one per 128-bit lane of zmm. */
CHACHA_AVX512 static void blocks4(uint8_t *out, const uint8_t *in, size_t n,
                                  const uint32_t state[16])
{
    __m512i a0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)state));
    __m512i b0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(state + 4)));
    __m512i c0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(state + 8)));
    __m512i d0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(state + 12)));
    d0 = _mm512_add_epi32(d0, _mm512_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0));
    __m512i a = a0, b = b0, c = c0, d = d0;
    for (int r = 0; r < 10; r++) {
        hqr4(&a, &b, &c, &d);
        b = _mm512_shuffle_epi32(b, 0x39);
        c = _mm512_shuffle_epi32(c, 0x4e);
        d = _mm512_shuffle_epi32(d, 0x93);
        hqr4(&a, &b, &c, &d);
        b = _mm512_shuffle_epi32(b, 0x93);
        c = _mm512_shuffle_epi32(c, 0x4e);
        d = _mm512_shuffle_epi32(d, 0x39);
    }
    a = _mm512_add_epi32(a, a0);
    b = _mm512_add_epi32(b, b0);
    c = _mm512_add_epi32(c, c0);
    d = _mm512_add_epi32(d, d0);
    /* Block j is lane j of a, b, c, d: a 4x4 transposition of lanes. */
    __m512i p0 = _mm512_shuffle_i32x4(a, b, 0x88), p1 = _mm512_shuffle_i32x4(a, b, 0xdd);
    __m512i q0 = _mm512_shuffle_i32x4(c, d, 0x88), q1 = _mm512_shuffle_i32x4(c, d, 0xdd);
    __m512i k[4] = {_mm512_shuffle_i32x4(p0, q0, 0x88), _mm512_shuffle_i32x4(p1, q1, 0x88),
                    _mm512_shuffle_i32x4(p0, q0, 0xdd), _mm512_shuffle_i32x4(p1, q1, 0xdd)};
    for (size_t j = 0; j < n; j++) {
        __m512i m = _mm512_loadu_si512((const void *)(in + 64 * j));
        _mm512_storeu_si512((void *)(out + 64 * j), _mm512_xor_si512(m, k[j]));
    }
}

CHACHA_AVX512_INLINE void hqr2(__m256i *a, __m256i *b, __m256i *c, __m256i *d)
{
    *a = _mm256_add_epi32(*a, *b);
    *d = _mm256_rol_epi32(_mm256_xor_si256(*d, *a), 16);
    *c = _mm256_add_epi32(*c, *d);
    *b = _mm256_rol_epi32(_mm256_xor_si256(*b, *c), 12);
    *a = _mm256_add_epi32(*a, *b);
    *d = _mm256_rol_epi32(_mm256_xor_si256(*d, *a), 8);
    *c = _mm256_add_epi32(*c, *d);
    *b = _mm256_rol_epi32(_mm256_xor_si256(*b, *c), 7);
}

/* blocks2 runs n blocks, 1 <= n <= 2, one per 128-bit lane of ymm. */
CHACHA_AVX512 static void blocks2(uint8_t *out, const uint8_t *in, size_t n,
                                  const uint32_t state[16])
{
    __m256i a0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)state));
    __m256i b0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(state + 4)));
    __m256i c0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(state + 8)));
    __m256i d0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(state + 12)));
    d0 = _mm256_add_epi32(d0, _mm256_setr_epi32(0, 0, 0, 0, 1, 0, 0, 0));
    __m256i a = a0, b = b0, c = c0, d = d0;
    for (int r = 0; r < 10; r++) {
        hqr2(&a, &b, &c, &d);
        b = _mm256_shuffle_epi32(b, 0x39);
        c = _mm256_shuffle_epi32(c, 0x4e);
        d = _mm256_shuffle_epi32(d, 0x93);
        hqr2(&a, &b, &c, &d);
        b = _mm256_shuffle_epi32(b, 0x93);
        c = _mm256_shuffle_epi32(c, 0x4e);
        d = _mm256_shuffle_epi32(d, 0x39);
    }
    a = _mm256_add_epi32(a, a0);
    b = _mm256_add_epi32(b, b0);
    c = _mm256_add_epi32(c, c0);
    d = _mm256_add_epi32(d, d0);
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

/* ---- The kernel ---- */

CHACHA_AVX512 static void chacha20_xor_blocks_avx512(uint8_t *out, const uint8_t *in,
                                                     size_t nblocks, const uint32_t state[16])
{
    uint32_t st[16];
    for (int i = 0; i < 16; i++)
        st[i] = state[i];
    for (; nblocks >= 32; nblocks -= 32, in += 2048, out += 2048, st[12] += 32)
        blocks32(out, in, st);
    while (nblocks > 0) {
        size_t m = nblocks < 16 ? nblocks : 16;
        if (m > 8)
            blocks16(out, in, m, st);
        else if (m > 4)
            blocks8(out, in, m, st);
        else if (m > 2)
            blocks4(out, in, m, st);
        else if (m == 2)
            blocks2(out, in, m, st);
        else
            brisk_chacha20_ops_c.xor_blocks(out, in, 1, st);
        nblocks -= m;
        in += 64 * m;
        out += 64 * m;
        st[12] += (uint32_t)m;
    }
    wipe(st, sizeof(st));
}

const brisk_chacha20_ops brisk_chacha20_ops_avx512 = {chacha20_xor_blocks_avx512};

#endif
