/*
 * src/digest/sha1_shani.c - SHA-1 compression function (FIPS 180-4) with the
 * Intel SHA extensions.
 *
 * Technique: sha1rnds4 does four rounds on a, b, c, d held in one register
 * (a in the highest lane) given e plus four message words; sha1nexte derives
 * the e of the next four rounds (the rotated a of the register before them)
 * and adds it to their message words; sha1msg1/sha1msg2 compute the message
 * schedule four words at a time (Intel, "New Instructions Supporting the
 * Secure Hash Algorithm on Intel Architecture Processors", 2013).
 *
 * The rounds are latency-bound: each group of four waits for the last
 * group's sha1rnds4, and for the sha1nexte that follows the group before
 * that.  Each group therefore copies the a, b, c, d it starts from, runs
 * its sha1rnds4, and then sha1nexte on the copy, giving the e of the next
 * group, with e alternating between two variables: the copy is off the
 * chain, and sha1rnds4, older than the sha1nexte that became ready with it,
 * is picked first (OpenSSL's sha1_block_data_order_shaext has the same
 * order).  gcc does not keep that order by itself, so each group is one
 * asm statement.  With sha1nexte before sha1rnds4 (the order this file had,
 * chosen on Zen 5 where gcc had put a register move on the chain), Zen 2
 * took 85.7 TSC ticks a block at 16 KiB against OpenSSL's 79.9; in this
 * order it takes 79.7.  The bound is the chain: a dependent sha1rnds4 takes
 * 3.94 ticks there (rdtsc over 1000 in a row; two independent chains, 5.26
 * a pair), 78.8 for a block's twenty.
 *
 * brisk_sha1_hmac_shani is HMAC-SHA-1 of a message of up to 55 bytes in
 * one call, from the keyed states, as brisk_sha256_hmac_shani is for
 * SHA-256: both blocks in registers and no context copied.
 *
 * brisk_sha1_short_shani is the one-shot of a message of up to 119 bytes:
 * its one or two padded blocks are built in registers (pad_sse.h), not
 * stored and loaded back, so that independent one-shots overlap in the
 * core.
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#include "pad_sse.h"

#define SHA1_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* schedule returns w[i..i+3] from w0 = w[i-16..], w1 = w[i-12..],
 * w2 = w[i-8..] and w3 = w[i-4..]. */
SHA1_TARGET
static inline __m128i schedule(__m128i w0, __m128i w1, __m128i w2, __m128i w3)
{
    return _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w0, w1), w2), w3);
}

/* group does four rounds on *abcd with e (e plus the message words) and
 * returns the e of the next four rounds plus their message words w; f is
 * the round function (0 for rounds 0-19, 1 for 20-39, 2 for 40-59, 3 for
 * 60-79).  One asm statement each, so that the order stays: the copy of
 * a, b, c, d first, then sha1rnds4, then sha1nexte on the copy (see the top
 * of the file). */
SHA1_TARGET
static inline __m128i group(__m128i *abcd, __m128i e, __m128i w, int f)
{
    __m128i e_next;

    switch (f) {
    case 0:
        __asm__("movdqa %[abcd], %[en]\n\t"
                "sha1rnds4 $0, %[e], %[abcd]\n\t"
                "sha1nexte %[w], %[en]"
                : [abcd] "+x"(*abcd), [en] "=&x"(e_next)
                : [e] "x"(e), [w] "x"(w));
        break;
    case 1:
        __asm__("movdqa %[abcd], %[en]\n\t"
                "sha1rnds4 $1, %[e], %[abcd]\n\t"
                "sha1nexte %[w], %[en]"
                : [abcd] "+x"(*abcd), [en] "=&x"(e_next)
                : [e] "x"(e), [w] "x"(w));
        break;
    case 2:
        __asm__("movdqa %[abcd], %[en]\n\t"
                "sha1rnds4 $2, %[e], %[abcd]\n\t"
                "sha1nexte %[w], %[en]"
                : [abcd] "+x"(*abcd), [en] "=&x"(e_next)
                : [e] "x"(e), [w] "x"(w));
        break;
    default:
        __asm__("movdqa %[abcd], %[en]\n\t"
                "sha1rnds4 $3, %[e], %[abcd]\n\t"
                "sha1nexte %[w], %[en]"
                : [abcd] "+x"(*abcd), [en] "=&x"(e_next)
                : [e] "x"(e), [w] "x"(w));
        break;
    }
    return e_next;
}

/* block compresses the block whose words are w0..w3 (each with its first
 * word in the highest lane) into the state *abcd_io (a in the highest
 * lane) and *e_io (e in the highest lane). */
SHA1_TARGET
static inline void block(__m128i *abcd_io, __m128i *e_io, __m128i w0, __m128i w1, __m128i w2,
                         __m128i w3)
{
    __m128i abcd = *abcd_io, abcd_in = abcd, e_in = *e_io, e0, e1;

    e0 = _mm_add_epi32(e_in, w0);
    e1 = group(&abcd, e0, w1, 0);
    e0 = group(&abcd, e1, w2, 0);
    e1 = group(&abcd, e0, w3, 0);
    w0 = schedule(w0, w1, w2, w3);
    e0 = group(&abcd, e1, w0, 0);
    w1 = schedule(w1, w2, w3, w0);
    e1 = group(&abcd, e0, w1, 0);

    w2 = schedule(w2, w3, w0, w1);
    e0 = group(&abcd, e1, w2, 1);
    w3 = schedule(w3, w0, w1, w2);
    e1 = group(&abcd, e0, w3, 1);
    w0 = schedule(w0, w1, w2, w3);
    e0 = group(&abcd, e1, w0, 1);
    w1 = schedule(w1, w2, w3, w0);
    e1 = group(&abcd, e0, w1, 1);
    w2 = schedule(w2, w3, w0, w1);
    e0 = group(&abcd, e1, w2, 1);

    w3 = schedule(w3, w0, w1, w2);
    e1 = group(&abcd, e0, w3, 2);
    w0 = schedule(w0, w1, w2, w3);
    e0 = group(&abcd, e1, w0, 2);
    w1 = schedule(w1, w2, w3, w0);
    e1 = group(&abcd, e0, w1, 2);
    w2 = schedule(w2, w3, w0, w1);
    e0 = group(&abcd, e1, w2, 2);
    w3 = schedule(w3, w0, w1, w2);
    e1 = group(&abcd, e0, w3, 2);

    w0 = schedule(w0, w1, w2, w3);
    e0 = group(&abcd, e1, w0, 3);
    w1 = schedule(w1, w2, w3, w0);
    e1 = group(&abcd, e0, w1, 3);
    w2 = schedule(w2, w3, w0, w1);
    e0 = group(&abcd, e1, w2, 3);
    w3 = schedule(w3, w0, w1, w2);
    e1 = group(&abcd, e0, w3, 3);
    /* The last group's "next e" is e after round 79 plus the e fed in. */
    *e_io = group(&abcd, e1, e_in, 3);
    *abcd_io = _mm_add_epi32(abcd, abcd_in);
}

/* state_in loads the state h[0..4]: a..d with a in the highest lane, and e
 * in the highest lane of *e. */
SHA1_TARGET
static inline __m128i state_in(const uint32_t h[5], __m128i *e)
{
    *e = _mm_set_epi32((int)h[4], 0, 0, 0);
    return _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)h), 0x1b);
}

SHA1_TARGET
void brisk_sha1_compress_shani(uint32_t h[5], const uint8_t *blocks, size_t n_blocks)
{
    /* Reverses all 16 bytes: big-endian words, w[i] in the highest lane. */
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i e, abcd = state_in(h, &e);

    for (; n_blocks > 0; n_blocks--, blocks += 64)
        block(&abcd, &e, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 0)), bswap),
              _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap),
              _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap),
              _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap));

    _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
    h[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

/* chunk_words returns words 4k..4k+3 (the first in the highest lane) of a
 * short message followed by 0x80 and zeros (pad_sse.h's pad_chunk). */
SHA1_TARGET
static inline __m128i chunk_words(const uint8_t *in, size_t in_len, size_t k)
{
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

    return _mm_shuffle_epi8(pad_chunk(in, in_len, k), bswap);
}

/* message_blocks compresses into the state the one or two padded blocks
 * (in_len <= 119) of in, which follows `prefix` bytes already hashed (64,
 * the ipad block, for an HMAC inner message; 0 for a plain one), built in
 * registers: the bit length of all ends the last block, word 15, the
 * lowest lane. */
SHA1_TARGET
static inline void message_blocks(__m128i *abcd, __m128i *e, const uint8_t *in, size_t in_len,
                                  size_t prefix)
{
    const __m128i bits = _mm_cvtsi32_si128((int)(8 * (prefix + in_len)));
    size_t last = in_len <= 55 ? 3 : 7;   /* the chunk the length ends */

    for (size_t k = 0; k <= last; k += 4) {
        __m128i w3 = chunk_words(in, in_len, k + 3);
        if (k + 3 == last)
            w3 = _mm_or_si128(w3, bits);
        block(abcd, e, chunk_words(in, in_len, k), chunk_words(in, in_len, k + 1),
              chunk_words(in, in_len, k + 2), w3);
    }
}

/* store_digest writes the 20-byte digest of the state abcd, e to out. */
SHA1_TARGET
static inline void store_digest(uint8_t out[20], __m128i abcd, __m128i e)
{
    const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

    _mm_storeu_si128((__m128i *)(void *)out, _mm_shuffle_epi8(abcd, bswap));
    store32_be(out + 16, (uint32_t)_mm_extract_epi32(e, 3));
}

/* brisk_sha1_hmac_shani: the inner block is built in registers from the
 * ipad state; the inner digest is the outer block's words 0-4 as it
 * stands, a..d and e each in the highest lane, followed by the padding of
 * a 20-byte message after the opad block as constants. */
SHA1_TARGET
void brisk_sha1_hmac_shani(const uint32_t ikey[5], const uint32_t okey[5], uint8_t out[20],
                           const uint8_t *in, size_t in_len)
{
    __m128i e, abcd = state_in(ikey, &e);

    message_blocks(&abcd, &e, in, in_len, 64);
    /* e's lower lanes are zero: word 5 of the outer block is 0x80 0 0 0 */
    __m128i w1 = _mm_insert_epi32(e, (int)0x80000000u, 2);
    __m128i w0 = abcd;
    abcd = state_in(okey, &e);
    block(&abcd, &e, w0, w1, _mm_setzero_si128(), _mm_cvtsi32_si128(8 * (64 + 20)));
    store_digest(out, abcd, e);
}

/* brisk_sha1_short_shani: the state starts from the IV, and the digest
 * goes straight to out. */
SHA1_TARGET
void brisk_sha1_short_shani(uint8_t out[20], const uint8_t *in, size_t in_len)
{
    /* a..d of the IV with a in the highest lane, e in the highest lane */
    __m128i abcd = _mm_set_epi32(0x67452301, (int)0xefcdab89, (int)0x98badcfe, 0x10325476);
    __m128i e = _mm_set_epi32((int)0xc3d2e1f0, 0, 0, 0);

    message_blocks(&abcd, &e, in, in_len, 0);
    store_digest(out, abcd, e);
}
#endif
