/*
 * src/digest/md4_bmi2.c - MD4 (RFC 1320) compression kernel for x86-64 with
 * BMI1 and BMI2.
 *
 * MD4 is one dependency chain: every step needs the word made by the step
 * before it (b), so speed is the latency from b to the next word.  Each step
 * adds message and constant to the old word, and forms whatever part of the
 * round function uses only c and d, before b is known.  What remains after b:
 *   F  d ^ (b & (c ^ d))                     and, xor, add, rotate: 4
 *   G  majority = (c & d) + (b & (c ^ d)):   and, add, rotate:      3
 *      the terms have no bit in common, so
 *      OR becomes ADD and c & d goes in early
 *   H  b ^ (c ^ d)                           xor, add, rotate:      3
 * so 160 cycles a block, 2.5 cycles a byte, is the floor for integer code.  Rotations are
 * RORX (BMI2), which leaves the flags and its source alone.
 * Constant-time: yes (no secret-dependent branch or memory address).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include "md_bmi2.h"

#define MD4_TARGET __attribute__((target("bmi,bmi2"), always_inline))

/* Each step takes mk = message word + round constant, already summed. */

static inline MD4_TARGET uint32_t md4_f(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk, unsigned s)
{
    a += mk;
    a += d ^ (b & (c ^ d));
    return rotl32(a, s);
}

static inline MD4_TARGET uint32_t md4_g(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk, unsigned s)
{
    a += mk + (c & d);
    a += b & (c ^ d);
    return rotl32(a, s);
}

static inline MD4_TARGET uint32_t md4_h(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk, unsigned s)
{
    a += mk;
    a += b ^ (c ^ d);
    return rotl32(a, s);
}

__attribute__((target("bmi,bmi2")))
void brisk_md4_compress_bmi2(uint32_t h[4], const uint8_t *p, size_t n_blocks)
{
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];

    for (; n_blocks > 0; n_blocks--, p += 64) {
        const uint32_t a0 = a, b0 = b, c0 = c, d0 = d;

        a = md4_f(a, b, c, d, msg(p, 0), 3);
        d = md4_f(d, a, b, c, msg(p, 1), 7);
        c = md4_f(c, d, a, b, msg(p, 2), 11);
        b = md4_f(b, c, d, a, msg(p, 3), 19);
        a = md4_f(a, b, c, d, msg(p, 4), 3);
        d = md4_f(d, a, b, c, msg(p, 5), 7);
        c = md4_f(c, d, a, b, msg(p, 6), 11);
        b = md4_f(b, c, d, a, msg(p, 7), 19);
        a = md4_f(a, b, c, d, msg(p, 8), 3);
        d = md4_f(d, a, b, c, msg(p, 9), 7);
        c = md4_f(c, d, a, b, msg(p, 10), 11);
        b = md4_f(b, c, d, a, msg(p, 11), 19);
        a = md4_f(a, b, c, d, msg(p, 12), 3);
        d = md4_f(d, a, b, c, msg(p, 13), 7);
        c = md4_f(c, d, a, b, msg(p, 14), 11);
        b = md4_f(b, c, d, a, msg(p, 15), 19);

        a = md4_g(a, b, c, d, msg(p, 0) + 0x5a827999, 3);
        d = md4_g(d, a, b, c, msg(p, 4) + 0x5a827999, 5);
        c = md4_g(c, d, a, b, msg(p, 8) + 0x5a827999, 9);
        b = md4_g(b, c, d, a, msg(p, 12) + 0x5a827999, 13);
        a = md4_g(a, b, c, d, msg(p, 1) + 0x5a827999, 3);
        d = md4_g(d, a, b, c, msg(p, 5) + 0x5a827999, 5);
        c = md4_g(c, d, a, b, msg(p, 9) + 0x5a827999, 9);
        b = md4_g(b, c, d, a, msg(p, 13) + 0x5a827999, 13);
        a = md4_g(a, b, c, d, msg(p, 2) + 0x5a827999, 3);
        d = md4_g(d, a, b, c, msg(p, 6) + 0x5a827999, 5);
        c = md4_g(c, d, a, b, msg(p, 10) + 0x5a827999, 9);
        b = md4_g(b, c, d, a, msg(p, 14) + 0x5a827999, 13);
        a = md4_g(a, b, c, d, msg(p, 3) + 0x5a827999, 3);
        d = md4_g(d, a, b, c, msg(p, 7) + 0x5a827999, 5);
        c = md4_g(c, d, a, b, msg(p, 11) + 0x5a827999, 9);
        b = md4_g(b, c, d, a, msg(p, 15) + 0x5a827999, 13);

        a = md4_h(a, b, c, d, msg(p, 0) + 0x6ed9eba1, 3);
        d = md4_h(d, a, b, c, msg(p, 8) + 0x6ed9eba1, 9);
        c = md4_h(c, d, a, b, msg(p, 4) + 0x6ed9eba1, 11);
        b = md4_h(b, c, d, a, msg(p, 12) + 0x6ed9eba1, 15);
        a = md4_h(a, b, c, d, msg(p, 2) + 0x6ed9eba1, 3);
        d = md4_h(d, a, b, c, msg(p, 10) + 0x6ed9eba1, 9);
        c = md4_h(c, d, a, b, msg(p, 6) + 0x6ed9eba1, 11);
        b = md4_h(b, c, d, a, msg(p, 14) + 0x6ed9eba1, 15);
        a = md4_h(a, b, c, d, msg(p, 1) + 0x6ed9eba1, 3);
        d = md4_h(d, a, b, c, msg(p, 9) + 0x6ed9eba1, 9);
        c = md4_h(c, d, a, b, msg(p, 5) + 0x6ed9eba1, 11);
        b = md4_h(b, c, d, a, msg(p, 13) + 0x6ed9eba1, 15);
        a = md4_h(a, b, c, d, msg(p, 3) + 0x6ed9eba1, 3);
        d = md4_h(d, a, b, c, msg(p, 11) + 0x6ed9eba1, 9);
        c = md4_h(c, d, a, b, msg(p, 7) + 0x6ed9eba1, 11);
        b = md4_h(b, c, d, a, msg(p, 15) + 0x6ed9eba1, 15);

        a += a0;
        b += b0;
        c += c0;
        d += d0;
    }
    h[0] = a;
    h[1] = b;
    h[2] = c;
    h[3] = d;
}

#endif
