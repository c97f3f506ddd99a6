/*
 * src/digest/sha1_shani.c - SHA-1 compression function (FIPS 180-4) with the
 * Intel SHA extensions.
 *
 * Technique: sha1rnds4 does four rounds on a, b, c, d held in one register
 * (a in the highest lane) given e plus four message words; sha1nexte derives
 * the next e (the rotated a of four rounds back) and adds it to the next
 * message words; sha1msg1/sha1msg2 compute the message schedule four words at
 * a time (Intel, "New Instructions Supporting the Secure Hash Algorithm on
 * Intel Architecture Processors", 2013).
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SHA1_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* schedule returns w[i..i+3] from w0 = w[i-16..], w1 = w[i-12..],
 * w2 = w[i-8..] and w3 = w[i-4..]. */
SHA1_TARGET
static inline __m128i schedule(__m128i w0, __m128i w1, __m128i w2, __m128i w3)
{
    return _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w0, w1), w2), w3);
}

/* next_e returns e + w for the next four rounds and remembers abcd, from
 * which sha1nexte derives the e of the four rounds after. */
SHA1_TARGET
static inline __m128i next_e(__m128i *abcd_prev, __m128i abcd, __m128i w)
{
    __m128i e = _mm_sha1nexte_epu32(*abcd_prev, w);
    *abcd_prev = abcd;
    return e;
}

SHA1_TARGET
void brisk_sha1_compress_shani(uint32_t h[5], const uint8_t *blocks, size_t n_blocks)
{
    /* Reverses all 16 bytes: big-endian words, w[i] in the highest lane. */
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
    __m128i e0 = _mm_set_epi32((int)h[4], 0, 0, 0);

    for (; n_blocks > 0; n_blocks--, blocks += 64) {
        __m128i abcd_in = abcd, e_in = e0, prev = abcd;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 0)), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap);

        /* The last argument of sha1rnds4 picks the round function and constant
         * (rounds 0-19, 20-39, 40-59, 60-79) and must be a literal. */
        abcd = _mm_sha1rnds4_epu32(abcd, _mm_add_epi32(e0, w0), 0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w1), 0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w2), 0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w3), 0);
        w0 = schedule(w0, w1, w2, w3);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w0), 0);

        w1 = schedule(w1, w2, w3, w0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w1), 1);
        w2 = schedule(w2, w3, w0, w1);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w2), 1);
        w3 = schedule(w3, w0, w1, w2);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w3), 1);
        w0 = schedule(w0, w1, w2, w3);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w0), 1);
        w1 = schedule(w1, w2, w3, w0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w1), 1);

        w2 = schedule(w2, w3, w0, w1);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w2), 2);
        w3 = schedule(w3, w0, w1, w2);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w3), 2);
        w0 = schedule(w0, w1, w2, w3);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w0), 2);
        w1 = schedule(w1, w2, w3, w0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w1), 2);
        w2 = schedule(w2, w3, w0, w1);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w2), 2);

        w3 = schedule(w3, w0, w1, w2);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w3), 3);
        w0 = schedule(w0, w1, w2, w3);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w0), 3);
        w1 = schedule(w1, w2, w3, w0);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w1), 3);
        w2 = schedule(w2, w3, w0, w1);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w2), 3);
        w3 = schedule(w3, w0, w1, w2);
        abcd = _mm_sha1rnds4_epu32(abcd, next_e(&prev, abcd, w3), 3);

        /* e after round 79 is the rotated a of round 76, plus the e fed in. */
        e0 = _mm_sha1nexte_epu32(prev, e_in);
        abcd = _mm_add_epi32(abcd, abcd_in);
    }

    _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
    h[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}
#endif
