/*
 * src/cipher/twofish_avx2.c - Twofish ECB and CBC-decryption kernels in
 * AVX2, sixteen blocks at a time (the "avx2" implementation of the
 * "twofish" primitive).
 *
 * Technique: that of libgcrypt's twofish-avx2-amd64.S.  Sixteen blocks are
 * loaded as two sets of eight and transposed within 128-bit lanes so that
 * each ymm register holds one of the four state words of eight blocks; the
 * rounds then run as in twofish.c with g's four table lookups done by
 * vpgatherdd on the key-dependent tables of the schedule (vpshufb picks
 * each byte out of the words, zero-extended, in one instruction; g of the
 * word rotated by 8 is the same with other shuffle controls).  The two sets
 * are interleaved so that sixteen gathers are in flight at once.  Runs of
 * eight use one set; fewer than eight blocks go to the portable kernel.
 *
 * Forced only (BRISK_IMPL=twofish=avx2): on the Zen 5 it was measured on,
 * a gather costs about one load per element, and the four-block scalar
 * kernel "x4" of twofish.c is about 1.3 times as fast (AVX-512's 16-lane
 * gathers take twice as long as these, so an AVX-512 version would not
 * pay either).  It is kept for CPUs whose gathers are fast (libgcrypt
 * enables its AVX2 Twofish only on Intel cores it knows have them).
 *
 * Constant-time: NO.  The gathers read the key-dependent tables at
 * addresses given by secret data, like the portable code (the registry
 * flags Twofish BRISK_CIPHER_NOCT).
 */
#include "twofish_internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define TF_TARGET __attribute__((target("avx2")))
#define TF_INLINE TF_TARGET static inline __attribute__((always_inline))

/* The vpshufb controls that pick byte j of every word, zero-extended. */
TF_INLINE __m256i byte_sel(int j)
{
    const char z = (char)0x80;
    const char b = (char)j;
    return _mm256_setr_epi8(b, z, z, z, (char)(b + 4), z, z, z, (char)(b + 8), z, z, z,
                            (char)(b + 12), z, z, z, b, z, z, z, (char)(b + 4), z, z, z,
                            (char)(b + 8), z, z, z, (char)(b + 12), z, z, z);
}

/* The shuffle controls: sel[j] picks byte j. */
typedef struct tf_sel {
    __m256i b0, b1, b2, b3;
} tf_sel;

TF_INLINE __m256i gather(const uint32_t *t, __m256i idx)
{
    return _mm256_i32gather_epi32((const int *)t, idx, 4);
}

/* g0v is g on eight words: s0[byte 0] ^ s1[byte 1] ^ s2[byte 2] ^ s3[byte 3]. */
TF_INLINE __m256i g0v(const brisk_twofish_key *k, const tf_sel *sel, __m256i x)
{
    __m256i a = gather(k->s[0], _mm256_shuffle_epi8(x, sel->b0));
    __m256i b = gather(k->s[1], _mm256_shuffle_epi8(x, sel->b1));
    __m256i c = gather(k->s[2], _mm256_shuffle_epi8(x, sel->b2));
    __m256i d = gather(k->s[3], _mm256_shuffle_epi8(x, sel->b3));
    return _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
}

/* g1v is g of the words rotated left by 8: s0[byte 3] ^ s1[byte 0] ^
 * s2[byte 1] ^ s3[byte 2]. */
TF_INLINE __m256i g1v(const brisk_twofish_key *k, const tf_sel *sel, __m256i x)
{
    __m256i a = gather(k->s[0], _mm256_shuffle_epi8(x, sel->b3));
    __m256i b = gather(k->s[1], _mm256_shuffle_epi8(x, sel->b0));
    __m256i c = gather(k->s[2], _mm256_shuffle_epi8(x, sel->b1));
    __m256i d = gather(k->s[3], _mm256_shuffle_epi8(x, sel->b2));
    return _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
}

TF_INLINE __m256i rol1(__m256i x)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, 1), _mm256_srli_epi32(x, 31));
}

TF_INLINE __m256i ror1(__m256i x)
{
    return _mm256_or_si256(_mm256_srli_epi32(x, 1), _mm256_slli_epi32(x, 31));
}

TF_INLINE __m256i kw(const brisk_twofish_key *k, int i)
{
    return _mm256_set1_epi32((int)k->k[i]);
}

/* transpose4 turns four registers of two blocks each (block i in the low
 * lane, block i + 1 in the high lane, four words a block) into four
 * registers of one word of all eight blocks, and back: it is its own
 * inverse. */
TF_INLINE void transpose4(__m256i x[4])
{
    __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
    __m256i t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm256_unpacklo_epi64(t0, t2);
    x[1] = _mm256_unpackhi_epi64(t0, t2);
    x[2] = _mm256_unpacklo_epi64(t1, t3);
    x[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* load_set reads eight blocks at in into x, transposed, xoring the
 * whitening words k[w..w+3]. */
TF_INLINE void load_set(const brisk_twofish_key *k, __m256i x[4], const uint8_t *in, int w)
{
    for (int i = 0; i < 4; i++)
        x[i] = _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i));
    transpose4(x);
    for (int i = 0; i < 4; i++)
        x[i] = _mm256_xor_si256(x[i], kw(k, w + i));
}

/* store_set whitens the words a, b, c, d with k[w..w+3] and writes them as
 * eight blocks at out. */
TF_INLINE void store_set(const brisk_twofish_key *k, uint8_t *out, __m256i a, __m256i b,
                         __m256i c, __m256i d, int w)
{
    __m256i x[4] = {_mm256_xor_si256(a, kw(k, w)), _mm256_xor_si256(b, kw(k, w + 1)),
                    _mm256_xor_si256(c, kw(k, w + 2)), _mm256_xor_si256(d, kw(k, w + 3))};
    transpose4(x);
    for (int i = 0; i < 4; i++)
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
}

/* enc_sets encrypts ns (1 or 2) sets of eight transposed blocks in x. */
TF_INLINE void enc_sets(const brisk_twofish_key *k, __m256i x[][4], int ns)
{
    tf_sel sel = {byte_sel(0), byte_sel(1), byte_sel(2), byte_sel(3)};
    for (int r = 0; r < 8; r++) {
        __m256i k8 = kw(k, 8 + 4 * r), k9 = kw(k, 9 + 4 * r);
        __m256i k10 = kw(k, 10 + 4 * r), k11 = kw(k, 11 + 4 * r);
        for (int s = 0; s < ns; s++) {
            __m256i t0 = g0v(k, &sel, x[s][0]), t1 = g1v(k, &sel, x[s][1]);
            __m256i f0 = _mm256_add_epi32(_mm256_add_epi32(t0, t1), k8);
            __m256i f1 = _mm256_add_epi32(_mm256_add_epi32(t0, _mm256_add_epi32(t1, t1)), k9);
            x[s][2] = ror1(_mm256_xor_si256(x[s][2], f0));
            x[s][3] = _mm256_xor_si256(rol1(x[s][3]), f1);
        }
        for (int s = 0; s < ns; s++) {
            __m256i t0 = g0v(k, &sel, x[s][2]), t1 = g1v(k, &sel, x[s][3]);
            __m256i f0 = _mm256_add_epi32(_mm256_add_epi32(t0, t1), k10);
            __m256i f1 = _mm256_add_epi32(_mm256_add_epi32(t0, _mm256_add_epi32(t1, t1)), k11);
            x[s][0] = ror1(_mm256_xor_si256(x[s][0], f0));
            x[s][1] = _mm256_xor_si256(rol1(x[s][1]), f1);
        }
    }
}

/* dec_sets decrypts ns sets; x holds the words as loaded (x[0] = c0 ^ K4,
 * which the rounds call x2, and so on). */
TF_INLINE void dec_sets(const brisk_twofish_key *k, __m256i x[][4], int ns)
{
    tf_sel sel = {byte_sel(0), byte_sel(1), byte_sel(2), byte_sel(3)};
    /* x[s][0..3] are the rounds' x2, x3, x0, x1. */
    for (int r = 7; r >= 0; r--) {
        __m256i k8 = kw(k, 8 + 4 * r), k9 = kw(k, 9 + 4 * r);
        __m256i k10 = kw(k, 10 + 4 * r), k11 = kw(k, 11 + 4 * r);
        for (int s = 0; s < ns; s++) {
            __m256i t0 = g0v(k, &sel, x[s][0]), t1 = g1v(k, &sel, x[s][1]);
            __m256i f0 = _mm256_add_epi32(_mm256_add_epi32(t0, t1), k10);
            __m256i f1 = _mm256_add_epi32(_mm256_add_epi32(t0, _mm256_add_epi32(t1, t1)), k11);
            x[s][2] = _mm256_xor_si256(rol1(x[s][2]), f0);
            x[s][3] = ror1(_mm256_xor_si256(x[s][3], f1));
        }
        for (int s = 0; s < ns; s++) {
            __m256i t0 = g0v(k, &sel, x[s][2]), t1 = g1v(k, &sel, x[s][3]);
            __m256i f0 = _mm256_add_epi32(_mm256_add_epi32(t0, t1), k8);
            __m256i f1 = _mm256_add_epi32(_mm256_add_epi32(t0, _mm256_add_epi32(t1, t1)), k9);
            x[s][0] = _mm256_xor_si256(rol1(x[s][0]), f0);
            x[s][1] = ror1(_mm256_xor_si256(x[s][1], f1));
        }
    }
}

TF_TARGET BRISK_NO_CANARY
static void tf_enc_avx2(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    __m256i x[2][4];
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        load_set(k, x[0], in, 0);
        load_set(k, x[1], in + 128, 0);
        enc_sets(k, x, 2);
        store_set(k, out, x[0][2], x[0][3], x[0][0], x[0][1], 4);
        store_set(k, out + 128, x[1][2], x[1][3], x[1][0], x[1][1], 4);
    }
    if (n >= 8) {
        load_set(k, x[0], in, 0);
        enc_sets(k, x, 1);
        store_set(k, out, x[0][2], x[0][3], x[0][0], x[0][1], 4);
        n -= 8, in += 128, out += 128;
    }
    brisk_twofish_enc_c(k, out, in, n);
}

TF_TARGET BRISK_NO_CANARY
static void tf_dec_avx2(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    __m256i x[2][4];
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        load_set(k, x[0], in, 4);
        load_set(k, x[1], in + 128, 4);
        dec_sets(k, x, 2);
        store_set(k, out, x[0][2], x[0][3], x[0][0], x[0][1], 0);
        store_set(k, out + 128, x[1][2], x[1][3], x[1][0], x[1][1], 0);
    }
    if (n >= 8) {
        load_set(k, x[0], in, 4);
        dec_sets(k, x, 1);
        store_set(k, out, x[0][2], x[0][3], x[0][0], x[0][1], 0);
        n -= 8, in += 128, out += 128;
    }
    brisk_twofish_dec_c(k, out, in, n);
}

/* cbc_set decrypts the blocks of ns sets at in (already transposed and
 * whitened into x) and writes out = D(c_i) ^ c_{i-1}, c_{-1} being iv; every
 * chaining value is read before anything is stored, so out == in works.
 * iv is left at the last ciphertext block. */
TF_INLINE void cbc_sets(const brisk_twofish_key *k, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, __m256i x[][4], int ns)
{
    __m256i prev[8];
    prev[0] = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)iv)),
        _mm_loadu_si128((const __m128i *)(const void *)in), 1);
    for (int i = 1; i < 4 * ns; i++)
        prev[i] = _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i - 16));
    __m128i last = _mm_loadu_si128((const __m128i *)(const void *)(in + 128 * ns - 16));
    dec_sets(k, x, ns);
    for (int s = 0; s < ns; s++) {
        __m256i y[4] = {_mm256_xor_si256(x[s][2], kw(k, 0)), _mm256_xor_si256(x[s][3], kw(k, 1)),
                        _mm256_xor_si256(x[s][0], kw(k, 2)), _mm256_xor_si256(x[s][1], kw(k, 3))};
        transpose4(y);
        for (int i = 0; i < 4; i++)
            _mm256_storeu_si256((__m256i *)(void *)(out + 128 * s + 32 * i),
                                _mm256_xor_si256(y[i], prev[4 * s + i]));
    }
    _mm_storeu_si128((__m128i *)(void *)iv, last);
}

TF_TARGET BRISK_NO_CANARY
static void tf_cbc_dec_avx2(const brisk_twofish_key *k, uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t n)
{
    __m256i x[2][4];
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        load_set(k, x[0], in, 4);
        load_set(k, x[1], in + 128, 4);
        cbc_sets(k, iv, out, in, x, 2);
    }
    if (n >= 8) {
        load_set(k, x[0], in, 4);
        cbc_sets(k, iv, out, in, x, 1);
        n -= 8, in += 128, out += 128;
    }
    /* The tail, one block at a time. */
    for (; n > 0; n--, in += 16, out += 16) {
        uint8_t c[16], p[16];
        memcpy(c, in, 16);
        brisk_twofish_dec_c(k, p, c, 1);
        for (int b = 0; b < 16; b++)
            out[b] = p[b] ^ iv[b];
        memcpy(iv, c, 16);
    }
}

const brisk_twofish_ops brisk_twofish_ops_avx2 = {tf_enc_avx2, tf_dec_avx2, tf_cbc_dec_avx2};

#endif
