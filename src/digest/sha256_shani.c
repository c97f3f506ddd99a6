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
 * brisk_sha256_hmac_shani is HMAC-SHA-256 (or -224) of a message of up to 55
 * bytes in one call, from the keyed states: the inner digest goes into the
 * outer block in registers, with its padding as constants, and no context is
 * copied, which on the generic path is much of a short HMAC's time.
 * brisk_sha256_short_shani is the same for a plain digest of up to 119
 * bytes (one or two padded blocks), built in registers: no buffering,
 * padding or wipe of a context, and independent one-shots can overlap.
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#include "pad_sse.h"

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

/* state_in converts a..h (natural order) to the ABEF/CDGH pair; lanes are
 * listed from the highest: ABEF means a in lane 3, f in lane 0. */
SHA256_TARGET
static inline void state_in(const uint32_t h[8], __m128i *abef, __m128i *cdgh)
{
    __m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xb1);
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1b);
    *abef = _mm_alignr_epi8(cdab, efgh, 8);
    *cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);
}

/* state_out converts back: *dcba gets a..d (a in lane 0), *hgfe e..h. */
SHA256_TARGET
static inline void state_out(__m128i abef, __m128i cdgh, __m128i *dcba, __m128i *hgfe)
{
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    *dcba = _mm_blend_epi16(feba, dchg, 0xf0);
    *hgfe = _mm_alignr_epi8(dchg, feba, 8);
}

/* block compresses the block whose words (natural lane order) are w0..w3
 * into the state. */
SHA256_TARGET
static inline void block(__m128i *abef, __m128i *cdgh, __m128i w0, __m128i w1, __m128i w2,
                         __m128i w3)
{
    __m128i abef_in = *abef, cdgh_in = *cdgh;

    rounds4(abef, cdgh, w0, 0);
    rounds4(abef, cdgh, w1, 4);
    rounds4(abef, cdgh, w2, 8);
    rounds4(abef, cdgh, w3, 12);
    for (size_t i = 16; i < 64; i += 16) {
        w0 = schedule(w0, w1, w2, w3);
        rounds4(abef, cdgh, w0, i);
        w1 = schedule(w1, w2, w3, w0);
        rounds4(abef, cdgh, w1, i + 4);
        w2 = schedule(w2, w3, w0, w1);
        rounds4(abef, cdgh, w2, i + 8);
        w3 = schedule(w3, w0, w1, w2);
        rounds4(abef, cdgh, w3, i + 12);
    }
    *abef = _mm_add_epi32(*abef, abef_in);
    *cdgh = _mm_add_epi32(*cdgh, cdgh_in);
}

/* load_words reads four big-endian words. */
SHA256_TARGET
static inline __m128i load_words(const uint8_t *p)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
}

SHA256_TARGET
void brisk_sha256_compress_shani(uint32_t h[8], const uint8_t *blocks, size_t n_blocks)
{
    __m128i abef, cdgh, dcba, hgfe;

    state_in(h, &abef, &cdgh);
    for (; n_blocks > 0; n_blocks--, blocks += 64)
        block(&abef, &cdgh, load_words(blocks), load_words(blocks + 16),
              load_words(blocks + 32), load_words(blocks + 48));
    state_out(abef, cdgh, &dcba, &hgfe);
    _mm_storeu_si128((__m128i *)&h[0], dcba);
    _mm_storeu_si128((__m128i *)&h[4], hgfe);
}

/* pad_words returns words 4k..4k+3 (natural lane order) of the padded
 * blocks of a message (one block for in_len <= 55, k = 0..3; two for in_len
 * <= 119, k = 0..7) that follows `prefix` bytes already hashed (64, the
 * ipad block, for an HMAC inner message; 0 for a plain one). */
SHA256_TARGET
static inline __m128i pad_words(const uint8_t *in, size_t in_len, size_t k, size_t prefix)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i c = _mm_shuffle_epi8(pad_chunk(in, in_len, k), bswap);

    if (k == (in_len <= 55 ? 3u : 7u)) /* the bit length, big-endian, ends the last block */
        c = _mm_or_si128(c, _mm_set_epi32((int)(8 * (prefix + in_len)), 0, 0, 0));
    return c;
}

/* store_digest writes the first out_len bytes (32 or 28) of the digest in
 * the state abef, cdgh. */
SHA256_TARGET
static inline void store_digest(__m128i abef, __m128i cdgh, uint8_t *out, size_t out_len)
{
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i dcba, hgfe;

    state_out(abef, cdgh, &dcba, &hgfe);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_shuffle_epi8(dcba, bswap));
    hgfe = _mm_shuffle_epi8(hgfe, bswap);
    if (out_len == 32)
        _mm_storeu_si128((__m128i *)(void *)(out + 16), hgfe);
    else
        memcpy(out + 16, &hgfe, out_len - 16);
}

SHA256_TARGET
void brisk_sha256_hmac_shani(const uint32_t ikey[8], const uint32_t okey[8], uint8_t *out,
                             size_t out_len, const uint8_t *in, size_t in_len)
{
    __m128i abef, cdgh, dcba, hgfe;

    /* Inner block: in, 0x80, zeros, the bit length of ipad block + in,
     * built in registers. */
    state_in(ikey, &abef, &cdgh);
    block(&abef, &cdgh, pad_words(in, in_len, 0, 64), pad_words(in, in_len, 1, 64),
          pad_words(in, in_len, 2, 64), pad_words(in, in_len, 3, 64));

    /* Outer block: the inner digest (out_len bytes: its words as they are),
     * 0x80, zeros, the bit length 8 * (64 + out_len). */
    state_out(abef, cdgh, &dcba, &hgfe);
    if (out_len == 28)
        hgfe = _mm_insert_epi32(hgfe, (int)0x80000000u, 3);
    __m128i w2 = _mm_cvtsi32_si128(out_len == 28 ? 0 : (int)0x80000000u);
    __m128i w3 = _mm_insert_epi32(_mm_setzero_si128(), (int)(8 * (64 + out_len)), 3);
    state_in(okey, &abef, &cdgh);
    block(&abef, &cdgh, dcba, hgfe, w2, w3);
    store_digest(abef, cdgh, out, out_len);
}

SHA256_TARGET
void brisk_sha256_short_shani(const uint32_t iv[8], uint8_t *out, size_t out_len,
                              const uint8_t *in, size_t in_len)
{
    __m128i abef, cdgh;

    state_in(iv, &abef, &cdgh);
    block(&abef, &cdgh, pad_words(in, in_len, 0, 0), pad_words(in, in_len, 1, 0),
          pad_words(in, in_len, 2, 0), pad_words(in, in_len, 3, 0));
    if (in_len > 55)
        block(&abef, &cdgh, pad_words(in, in_len, 4, 0), pad_words(in, in_len, 5, 0),
              pad_words(in, in_len, 6, 0), pad_words(in, in_len, 7, 0));
    store_digest(abef, cdgh, out, out_len);
}
#endif
