/*
 * src/digest/pad_sse.h - the padded blocks of a short message, built in SSE
 * registers for the SHA-NI kernels' one-shots (sha1_shani.c,
 * sha256_shani.c): no byte of it is stored, since a vector load of bytes
 * just stored in pieces would wait for them to reach the cache, and
 * independent one-shots can then overlap in the core.
 * Constant-time: yes in the message bytes; the code depends on in_len only.
 */
#ifndef BRISK_PAD_SSE_H
#define BRISK_PAD_SSE_H

#include <immintrin.h>

#include "internal.h"

#define PAD_SSE_TARGET __attribute__((target("sse4.1,ssse3")))

/* tail_bytes returns in[off..in_len), fewer than 16 bytes, followed by
 * zeros, reading nothing outside in[0..in_len).  With 16 bytes or more in
 * the message, its last 16 are loaded and moved down by a byte shuffle; a
 * shorter message is gathered byte by byte. */
PAD_SSE_TARGET
static inline __m128i tail_bytes(const uint8_t *in, size_t in_len, size_t off)
{
    static const uint8_t slide[32] = {0,    1,    2,    3,    4,    5,    6,    7,
                                      8,    9,    10,   11,   12,   13,   14,   15,
                                      0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                                      0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};
    size_t r = in_len - off;

    if (in_len >= 16) {
        __m128i last = _mm_loadu_si128((const __m128i *)(const void *)(in + in_len - 16));
        return _mm_shuffle_epi8(
            last, _mm_loadu_si128((const __m128i *)(const void *)(slide + 16 - r)));
    }
    uint64_t lo = 0, hi = 0;
    for (size_t i = 0; i < r; i++) {
        if (i < 8)
            lo |= (uint64_t)in[off + i] << (8 * i);
        else
            hi |= (uint64_t)in[off + i] << (8 * (i - 8));
    }
    return _mm_set_epi64x((long long)hi, (long long)lo);
}

/* pad_chunk returns bytes 16k..16k+15 of a message followed by 0x80 and
 * zeros, in memory order, for the chunks of its padded blocks (k = 0..3 for
 * one 64-byte block, in_len <= 55; k = 0..7 for two, in_len <= 119); the
 * length that ends the last block is the caller's, as its place in the
 * lanes depends on the kernel's word order. */
PAD_SSE_TARGET
static inline __m128i pad_chunk(const uint8_t *in, size_t in_len, size_t k)
{
    const __m128i iota = _mm_set_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

    if (in_len >= 16 * k + 16)
        return _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * k));
    if (in_len >= 16 * k)
        return _mm_or_si128(tail_bytes(in, in_len, 16 * k),
                            _mm_and_si128(_mm_cmpeq_epi8(iota, _mm_set1_epi8((char)(in_len - 16 * k))),
                                          _mm_set1_epi8((char)0x80)));
    return _mm_setzero_si128();
}

#endif
