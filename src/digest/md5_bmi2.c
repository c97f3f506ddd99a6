/*
 * src/digest/md5_bmi2.c - MD5 (RFC 1321) compression kernel for x86-64 with
 * BMI1 and BMI2.
 *
 * MD5 is one long dependency chain: every step needs the word made by the
 * step before it, so speed is the latency from that word (b) to the next
 * one.  Each step function below computes, before b is known, everything
 * that does not depend on b: the old word plus message plus constant, and
 * whatever part of the round function uses only c and d.  What remains after
 * b is ready is:
 *   F  d ^ (b & (c ^ d))                    and, xor, add, rotate, add: 5
 *   G  (b & d) + (c & ~d), the terms have   and, add, rotate, add:      4
 *      no bit in common so OR becomes ADD
 *      and c & ~d (ANDN) is added early
 *   H  b ^ (c ^ d)                          xor, add, rotate, add:      4
 *   I  c ^ (b | ~d) = ~(c ^ (~b & d)), and  andn, xor, sub, rotate, add: 5
 *      a + ~y = (a - 1) - y, the -1 folded
 *      into the constant
 * so 288 cycles a block, 4.5 cycles a byte, is the floor for integer code:
 * no two-input instruction does the choice F or I makes by b in one step.
 * Rotations are RORX (BMI2), which leaves the flags and its source alone.
 * Constant-time: yes (no secret-dependent branch or memory address).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include "md_bmi2.h"

#define MD5_TARGET __attribute__((target("bmi,bmi2"), always_inline))

/* Each step takes mk = message word + round constant, already summed. */

static inline MD5_TARGET uint32_t md5_f(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk, unsigned s)
{
    a += mk;
    a += d ^ (b & (c ^ d));
    return b + rotl32(a, s);
}

static inline MD5_TARGET uint32_t md5_g(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk, unsigned s)
{
    a += mk + (~d & c);
    a += b & d;
    return b + rotl32(a, s);
}

static inline MD5_TARGET uint32_t md5_h(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk, unsigned s)
{
    a += mk;
    a += b ^ (c ^ d);
    return b + rotl32(a, s);
}

/* mk1 is message word + round constant - 1 (see the comment at the top). */
static inline MD5_TARGET uint32_t md5_i(uint32_t a, uint32_t b, uint32_t c,
                                         uint32_t d, uint32_t mk1, unsigned s)
{
    a += mk1;
    a -= c ^ (~b & d);
    return b + rotl32(a, s);
}

__attribute__((target("bmi,bmi2")))
void brisk_md5_compress_bmi2(uint32_t h[4], const uint8_t *p, size_t n_blocks)
{
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];

    for (; n_blocks > 0; n_blocks--, p += 64) {
        const uint32_t a0 = a, b0 = b, c0 = c, d0 = d;
        a = md5_f(a, b, c, d, msg(p, 0) + 0xd76aa478, 7);
        d = md5_f(d, a, b, c, msg(p, 1) + 0xe8c7b756, 12);
        c = md5_f(c, d, a, b, msg(p, 2) + 0x242070db, 17);
        b = md5_f(b, c, d, a, msg(p, 3) + 0xc1bdceee, 22);
        a = md5_f(a, b, c, d, msg(p, 4) + 0xf57c0faf, 7);
        d = md5_f(d, a, b, c, msg(p, 5) + 0x4787c62a, 12);
        c = md5_f(c, d, a, b, msg(p, 6) + 0xa8304613, 17);
        b = md5_f(b, c, d, a, msg(p, 7) + 0xfd469501, 22);
        a = md5_f(a, b, c, d, msg(p, 8) + 0x698098d8, 7);
        d = md5_f(d, a, b, c, msg(p, 9) + 0x8b44f7af, 12);
        c = md5_f(c, d, a, b, msg(p, 10) + 0xffff5bb1, 17);
        b = md5_f(b, c, d, a, msg(p, 11) + 0x895cd7be, 22);
        a = md5_f(a, b, c, d, msg(p, 12) + 0x6b901122, 7);
        d = md5_f(d, a, b, c, msg(p, 13) + 0xfd987193, 12);
        c = md5_f(c, d, a, b, msg(p, 14) + 0xa679438e, 17);
        b = md5_f(b, c, d, a, msg(p, 15) + 0x49b40821, 22);

        a = md5_g(a, b, c, d, msg(p, 1) + 0xf61e2562, 5);
        d = md5_g(d, a, b, c, msg(p, 6) + 0xc040b340, 9);
        c = md5_g(c, d, a, b, msg(p, 11) + 0x265e5a51, 14);
        b = md5_g(b, c, d, a, msg(p, 0) + 0xe9b6c7aa, 20);
        a = md5_g(a, b, c, d, msg(p, 5) + 0xd62f105d, 5);
        d = md5_g(d, a, b, c, msg(p, 10) + 0x02441453, 9);
        c = md5_g(c, d, a, b, msg(p, 15) + 0xd8a1e681, 14);
        b = md5_g(b, c, d, a, msg(p, 4) + 0xe7d3fbc8, 20);
        a = md5_g(a, b, c, d, msg(p, 9) + 0x21e1cde6, 5);
        d = md5_g(d, a, b, c, msg(p, 14) + 0xc33707d6, 9);
        c = md5_g(c, d, a, b, msg(p, 3) + 0xf4d50d87, 14);
        b = md5_g(b, c, d, a, msg(p, 8) + 0x455a14ed, 20);
        a = md5_g(a, b, c, d, msg(p, 13) + 0xa9e3e905, 5);
        d = md5_g(d, a, b, c, msg(p, 2) + 0xfcefa3f8, 9);
        c = md5_g(c, d, a, b, msg(p, 7) + 0x676f02d9, 14);
        b = md5_g(b, c, d, a, msg(p, 12) + 0x8d2a4c8a, 20);

        a = md5_h(a, b, c, d, msg(p, 5) + 0xfffa3942, 4);
        d = md5_h(d, a, b, c, msg(p, 8) + 0x8771f681, 11);
        c = md5_h(c, d, a, b, msg(p, 11) + 0x6d9d6122, 16);
        b = md5_h(b, c, d, a, msg(p, 14) + 0xfde5380c, 23);
        a = md5_h(a, b, c, d, msg(p, 1) + 0xa4beea44, 4);
        d = md5_h(d, a, b, c, msg(p, 4) + 0x4bdecfa9, 11);
        c = md5_h(c, d, a, b, msg(p, 7) + 0xf6bb4b60, 16);
        b = md5_h(b, c, d, a, msg(p, 10) + 0xbebfbc70, 23);
        a = md5_h(a, b, c, d, msg(p, 13) + 0x289b7ec6, 4);
        d = md5_h(d, a, b, c, msg(p, 0) + 0xeaa127fa, 11);
        c = md5_h(c, d, a, b, msg(p, 3) + 0xd4ef3085, 16);
        b = md5_h(b, c, d, a, msg(p, 6) + 0x04881d05, 23);
        a = md5_h(a, b, c, d, msg(p, 9) + 0xd9d4d039, 4);
        d = md5_h(d, a, b, c, msg(p, 12) + 0xe6db99e5, 11);
        c = md5_h(c, d, a, b, msg(p, 15) + 0x1fa27cf8, 16);
        b = md5_h(b, c, d, a, msg(p, 2) + 0xc4ac5665, 23);

        a = md5_i(a, b, c, d, msg(p, 0) + 0xf4292244 - 1, 6);
        d = md5_i(d, a, b, c, msg(p, 7) + 0x432aff97 - 1, 10);
        c = md5_i(c, d, a, b, msg(p, 14) + 0xab9423a7 - 1, 15);
        b = md5_i(b, c, d, a, msg(p, 5) + 0xfc93a039 - 1, 21);
        a = md5_i(a, b, c, d, msg(p, 12) + 0x655b59c3 - 1, 6);
        d = md5_i(d, a, b, c, msg(p, 3) + 0x8f0ccc92 - 1, 10);
        c = md5_i(c, d, a, b, msg(p, 10) + 0xffeff47d - 1, 15);
        b = md5_i(b, c, d, a, msg(p, 1) + 0x85845dd1 - 1, 21);
        a = md5_i(a, b, c, d, msg(p, 8) + 0x6fa87e4f - 1, 6);
        d = md5_i(d, a, b, c, msg(p, 15) + 0xfe2ce6e0 - 1, 10);
        c = md5_i(c, d, a, b, msg(p, 6) + 0xa3014314 - 1, 15);
        b = md5_i(b, c, d, a, msg(p, 13) + 0x4e0811a1 - 1, 21);
        a = md5_i(a, b, c, d, msg(p, 4) + 0xf7537e82 - 1, 6);
        d = md5_i(d, a, b, c, msg(p, 11) + 0xbd3af235 - 1, 10);
        c = md5_i(c, d, a, b, msg(p, 2) + 0x2ad7d2bb - 1, 15);
        b = md5_i(b, c, d, a, msg(p, 9) + 0xeb86d391 - 1, 21);
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
