/*
 * src/digest/sha256_shani.c - SHA-256 compression function (FIPS 180-4) with
 * the Intel SHA extensions.
 *
 * Technique: sha256rnds2 does two rounds on a state split across two registers
 * as ABEF and CDGH (Intel, "New Instructions Supporting the Secure Hash
 * Algorithm on Intel Architecture Processors", 2013); sha256msg1/sha256msg2
 * compute the message schedule four words at a time.  The state is converted
 * from the natural a..h order kept by sha256.c to ABEF/CDGH once per call, not
 * per block.
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define SHA256_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* rounds4 runs four rounds with message words w[i..i+3] (natural lane order)
 * plus their constants brisk_sha256_k[i..i+3]. */
SHA256_TARGET
static inline void rounds4(__m128i *abef, __m128i *cdgh, __m128i w, size_t i)
{
    __m128i wk = _mm_add_epi32(w, _mm_load_si128((const __m128i *)&brisk_sha256_k[i]));
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(wk, 0x0e));
}

/* schedule returns w[i..i+3] from w0 = w[i-16..], w1 = w[i-12..],
 * w2 = w[i-8..] and w3 = w[i-4..]. */
SHA256_TARGET
static inline __m128i schedule(__m128i w0, __m128i w1, __m128i w2, __m128i w3)
{
    __m128i t = _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4));
    return _mm_sha256msg2_epu32(t, w3);
}

SHA256_TARGET
void brisk_sha256_compress_shani(uint32_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&h[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&h[4]);

    /* Lanes are listed from the highest: ABEF means a in lane 3, f in lane 0. */
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

    for (; n_blocks > 0; n_blocks--, blocks += 64) {
        __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 0)), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap);

        rounds4(&abef, &cdgh, w0, 0);
        rounds4(&abef, &cdgh, w1, 4);
        rounds4(&abef, &cdgh, w2, 8);
        rounds4(&abef, &cdgh, w3, 12);
        for (size_t i = 16; i < 64; i += 16) {
            w0 = schedule(w0, w1, w2, w3);
            rounds4(&abef, &cdgh, w0, i);
            w1 = schedule(w1, w2, w3, w0);
            rounds4(&abef, &cdgh, w1, i + 4);
            w2 = schedule(w2, w3, w0, w1);
            rounds4(&abef, &cdgh, w2, i + 8);
            w3 = schedule(w3, w0, w1, w2);
            rounds4(&abef, &cdgh, w3, i + 12);
        }

        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    /* Back from ABEF/CDGH to a..h. */
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(feba, dchg, 0xf0));
    _mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(dchg, feba, 8));
}
#endif
