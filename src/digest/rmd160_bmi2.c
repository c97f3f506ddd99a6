/*
 * src/digest/rmd160_bmi2.c - RIPEMD-160 (Dobbertin, Bosselaers, Preneel
 * 1996; ISO/IEC 10118-3) compression kernel for x86-64 with BMI1 and BMI2.
 *
 * RIPEMD-160 runs two independent lines of 80 steps; each line is one
 * dependency chain through the word b made by the step before.  The two
 * lines are interleaved step by step so that the core always has work from
 * one while the other waits.  Each step adds message and constant to the old
 * word a, and forms whatever part of f uses only c and d, before b is known;
 * what remains after b, before the add, rotate and add of e:
 *   f1  b ^ (c ^ d)                                      xor
 *   f2  d ^ (b & (c ^ d))                                and, xor
 *   f3  (b | ~c) ^ d = ~(d ^ (~b & c)) (ANDN), and       andn, xor, sub
 *       a + ~y = (a - 1) - y, the -1 folded into the
 *       constant
 *   f4  (b & d) + (c & ~d): the terms have no bit in     and
 *       common so OR becomes ADD, c & ~d (ANDN) goes
 *       in early
 *   f5  b ^ (c | ~d) = ~(b ^ (~c & d)), the same way     xor, sub
 * Each line alone then needs 352 cycles a block (5.5 cycles a byte); run
 * together they take somewhat more, as the two chains' ready micro-ops
 * collide on the ALU ports (about 1,200 ALU micro-ops a block, near what
 * four ALUs retire in that time).  Message words are read from the block
 * at each use rather than held, leaving the registers to the ten chaining
 * words.  Rotations are RORX (BMI2), which leaves the flags and its source
 * alone.
 * Constant-time: yes (no secret-dependent branch or memory address).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include "md_bmi2.h"

#define RMD_TARGET __attribute__((target("bmi,bmi2"), always_inline))

/* Each step replaces *a, rotates *c by 10 and takes xk = message word +
 * constant (- 1 for f3 and f5); the caller renames the variables. */

static inline RMD_TARGET void rmd_f1(uint32_t *a, uint32_t b, uint32_t *c,
                                     uint32_t d, uint32_t e, uint32_t xk, unsigned s)
{
    uint32_t t = *a + xk;
    t += b ^ (*c ^ d);
    *a = rotl32(t, s) + e;
    *c = rotl32(*c, 10);
}

static inline RMD_TARGET void rmd_f2(uint32_t *a, uint32_t b, uint32_t *c,
                                     uint32_t d, uint32_t e, uint32_t xk, unsigned s)
{
    uint32_t t = *a + xk;
    t += d ^ (b & (*c ^ d));
    *a = rotl32(t, s) + e;
    *c = rotl32(*c, 10);
}

static inline RMD_TARGET void rmd_f3(uint32_t *a, uint32_t b, uint32_t *c,
                                     uint32_t d, uint32_t e, uint32_t xk1, unsigned s)
{
    uint32_t t = *a + xk1;
    t -= d ^ (~b & *c);
    *a = rotl32(t, s) + e;
    *c = rotl32(*c, 10);
}

static inline RMD_TARGET void rmd_f4(uint32_t *a, uint32_t b, uint32_t *c,
                                     uint32_t d, uint32_t e, uint32_t xk, unsigned s)
{
    uint32_t t = *a + xk + (*c & ~d);
    t += b & d;
    *a = rotl32(t, s) + e;
    *c = rotl32(*c, 10);
}

static inline RMD_TARGET void rmd_f5(uint32_t *a, uint32_t b, uint32_t *c,
                                     uint32_t d, uint32_t e, uint32_t xk1, unsigned s)
{
    uint32_t t = *a + xk1;
    t -= b ^ (~*c & d);
    *a = rotl32(t, s) + e;
    *c = rotl32(*c, 10);
}

__attribute__((target("bmi,bmi2")))
void brisk_rmd160_compress_bmi2(uint32_t h[5], const uint8_t *p, size_t n_blocks)
{
    for (; n_blocks > 0; n_blocks--, p += 64) {
        uint32_t al = h[0], bl = h[1], cl = h[2], dl = h[3], el = h[4];
        uint32_t ar = al, br = bl, cr = cl, dr = dl, er = el;

        rmd_f1(&al, bl, &cl, dl, el, msg(p, 0), 11);
        rmd_f5(&ar, br, &cr, dr, er, msg(p, 5) + 0x50a28be6 - 1, 8);
        rmd_f1(&el, al, &bl, cl, dl, msg(p, 1), 14);
        rmd_f5(&er, ar, &br, cr, dr, msg(p, 14) + 0x50a28be6 - 1, 9);
        rmd_f1(&dl, el, &al, bl, cl, msg(p, 2), 15);
        rmd_f5(&dr, er, &ar, br, cr, msg(p, 7) + 0x50a28be6 - 1, 9);
        rmd_f1(&cl, dl, &el, al, bl, msg(p, 3), 12);
        rmd_f5(&cr, dr, &er, ar, br, msg(p, 0) + 0x50a28be6 - 1, 11);
        rmd_f1(&bl, cl, &dl, el, al, msg(p, 4), 5);
        rmd_f5(&br, cr, &dr, er, ar, msg(p, 9) + 0x50a28be6 - 1, 13);
        rmd_f1(&al, bl, &cl, dl, el, msg(p, 5), 8);
        rmd_f5(&ar, br, &cr, dr, er, msg(p, 2) + 0x50a28be6 - 1, 15);
        rmd_f1(&el, al, &bl, cl, dl, msg(p, 6), 7);
        rmd_f5(&er, ar, &br, cr, dr, msg(p, 11) + 0x50a28be6 - 1, 15);
        rmd_f1(&dl, el, &al, bl, cl, msg(p, 7), 9);
        rmd_f5(&dr, er, &ar, br, cr, msg(p, 4) + 0x50a28be6 - 1, 5);
        rmd_f1(&cl, dl, &el, al, bl, msg(p, 8), 11);
        rmd_f5(&cr, dr, &er, ar, br, msg(p, 13) + 0x50a28be6 - 1, 7);
        rmd_f1(&bl, cl, &dl, el, al, msg(p, 9), 13);
        rmd_f5(&br, cr, &dr, er, ar, msg(p, 6) + 0x50a28be6 - 1, 7);
        rmd_f1(&al, bl, &cl, dl, el, msg(p, 10), 14);
        rmd_f5(&ar, br, &cr, dr, er, msg(p, 15) + 0x50a28be6 - 1, 8);
        rmd_f1(&el, al, &bl, cl, dl, msg(p, 11), 15);
        rmd_f5(&er, ar, &br, cr, dr, msg(p, 8) + 0x50a28be6 - 1, 11);
        rmd_f1(&dl, el, &al, bl, cl, msg(p, 12), 6);
        rmd_f5(&dr, er, &ar, br, cr, msg(p, 1) + 0x50a28be6 - 1, 14);
        rmd_f1(&cl, dl, &el, al, bl, msg(p, 13), 7);
        rmd_f5(&cr, dr, &er, ar, br, msg(p, 10) + 0x50a28be6 - 1, 14);
        rmd_f1(&bl, cl, &dl, el, al, msg(p, 14), 9);
        rmd_f5(&br, cr, &dr, er, ar, msg(p, 3) + 0x50a28be6 - 1, 12);
        rmd_f1(&al, bl, &cl, dl, el, msg(p, 15), 8);
        rmd_f5(&ar, br, &cr, dr, er, msg(p, 12) + 0x50a28be6 - 1, 6);

        rmd_f2(&el, al, &bl, cl, dl, msg(p, 7) + 0x5a827999, 7);
        rmd_f4(&er, ar, &br, cr, dr, msg(p, 6) + 0x5c4dd124, 9);
        rmd_f2(&dl, el, &al, bl, cl, msg(p, 4) + 0x5a827999, 6);
        rmd_f4(&dr, er, &ar, br, cr, msg(p, 11) + 0x5c4dd124, 13);
        rmd_f2(&cl, dl, &el, al, bl, msg(p, 13) + 0x5a827999, 8);
        rmd_f4(&cr, dr, &er, ar, br, msg(p, 3) + 0x5c4dd124, 15);
        rmd_f2(&bl, cl, &dl, el, al, msg(p, 1) + 0x5a827999, 13);
        rmd_f4(&br, cr, &dr, er, ar, msg(p, 7) + 0x5c4dd124, 7);
        rmd_f2(&al, bl, &cl, dl, el, msg(p, 10) + 0x5a827999, 11);
        rmd_f4(&ar, br, &cr, dr, er, msg(p, 0) + 0x5c4dd124, 12);
        rmd_f2(&el, al, &bl, cl, dl, msg(p, 6) + 0x5a827999, 9);
        rmd_f4(&er, ar, &br, cr, dr, msg(p, 13) + 0x5c4dd124, 8);
        rmd_f2(&dl, el, &al, bl, cl, msg(p, 15) + 0x5a827999, 7);
        rmd_f4(&dr, er, &ar, br, cr, msg(p, 5) + 0x5c4dd124, 9);
        rmd_f2(&cl, dl, &el, al, bl, msg(p, 3) + 0x5a827999, 15);
        rmd_f4(&cr, dr, &er, ar, br, msg(p, 10) + 0x5c4dd124, 11);
        rmd_f2(&bl, cl, &dl, el, al, msg(p, 12) + 0x5a827999, 7);
        rmd_f4(&br, cr, &dr, er, ar, msg(p, 14) + 0x5c4dd124, 7);
        rmd_f2(&al, bl, &cl, dl, el, msg(p, 0) + 0x5a827999, 12);
        rmd_f4(&ar, br, &cr, dr, er, msg(p, 15) + 0x5c4dd124, 7);
        rmd_f2(&el, al, &bl, cl, dl, msg(p, 9) + 0x5a827999, 15);
        rmd_f4(&er, ar, &br, cr, dr, msg(p, 8) + 0x5c4dd124, 12);
        rmd_f2(&dl, el, &al, bl, cl, msg(p, 5) + 0x5a827999, 9);
        rmd_f4(&dr, er, &ar, br, cr, msg(p, 12) + 0x5c4dd124, 7);
        rmd_f2(&cl, dl, &el, al, bl, msg(p, 2) + 0x5a827999, 11);
        rmd_f4(&cr, dr, &er, ar, br, msg(p, 4) + 0x5c4dd124, 6);
        rmd_f2(&bl, cl, &dl, el, al, msg(p, 14) + 0x5a827999, 7);
        rmd_f4(&br, cr, &dr, er, ar, msg(p, 9) + 0x5c4dd124, 15);
        rmd_f2(&al, bl, &cl, dl, el, msg(p, 11) + 0x5a827999, 13);
        rmd_f4(&ar, br, &cr, dr, er, msg(p, 1) + 0x5c4dd124, 13);
        rmd_f2(&el, al, &bl, cl, dl, msg(p, 8) + 0x5a827999, 12);
        rmd_f4(&er, ar, &br, cr, dr, msg(p, 2) + 0x5c4dd124, 11);

        rmd_f3(&dl, el, &al, bl, cl, msg(p, 3) + 0x6ed9eba1 - 1, 11);
        rmd_f3(&dr, er, &ar, br, cr, msg(p, 15) + 0x6d703ef3 - 1, 9);
        rmd_f3(&cl, dl, &el, al, bl, msg(p, 10) + 0x6ed9eba1 - 1, 13);
        rmd_f3(&cr, dr, &er, ar, br, msg(p, 5) + 0x6d703ef3 - 1, 7);
        rmd_f3(&bl, cl, &dl, el, al, msg(p, 14) + 0x6ed9eba1 - 1, 6);
        rmd_f3(&br, cr, &dr, er, ar, msg(p, 1) + 0x6d703ef3 - 1, 15);
        rmd_f3(&al, bl, &cl, dl, el, msg(p, 4) + 0x6ed9eba1 - 1, 7);
        rmd_f3(&ar, br, &cr, dr, er, msg(p, 3) + 0x6d703ef3 - 1, 11);
        rmd_f3(&el, al, &bl, cl, dl, msg(p, 9) + 0x6ed9eba1 - 1, 14);
        rmd_f3(&er, ar, &br, cr, dr, msg(p, 7) + 0x6d703ef3 - 1, 8);
        rmd_f3(&dl, el, &al, bl, cl, msg(p, 15) + 0x6ed9eba1 - 1, 9);
        rmd_f3(&dr, er, &ar, br, cr, msg(p, 14) + 0x6d703ef3 - 1, 6);
        rmd_f3(&cl, dl, &el, al, bl, msg(p, 8) + 0x6ed9eba1 - 1, 13);
        rmd_f3(&cr, dr, &er, ar, br, msg(p, 6) + 0x6d703ef3 - 1, 6);
        rmd_f3(&bl, cl, &dl, el, al, msg(p, 1) + 0x6ed9eba1 - 1, 15);
        rmd_f3(&br, cr, &dr, er, ar, msg(p, 9) + 0x6d703ef3 - 1, 14);
        rmd_f3(&al, bl, &cl, dl, el, msg(p, 2) + 0x6ed9eba1 - 1, 14);
        rmd_f3(&ar, br, &cr, dr, er, msg(p, 11) + 0x6d703ef3 - 1, 12);
        rmd_f3(&el, al, &bl, cl, dl, msg(p, 7) + 0x6ed9eba1 - 1, 8);
        rmd_f3(&er, ar, &br, cr, dr, msg(p, 8) + 0x6d703ef3 - 1, 13);
        rmd_f3(&dl, el, &al, bl, cl, msg(p, 0) + 0x6ed9eba1 - 1, 13);
        rmd_f3(&dr, er, &ar, br, cr, msg(p, 12) + 0x6d703ef3 - 1, 5);
        rmd_f3(&cl, dl, &el, al, bl, msg(p, 6) + 0x6ed9eba1 - 1, 6);
        rmd_f3(&cr, dr, &er, ar, br, msg(p, 2) + 0x6d703ef3 - 1, 14);
        rmd_f3(&bl, cl, &dl, el, al, msg(p, 13) + 0x6ed9eba1 - 1, 5);
        rmd_f3(&br, cr, &dr, er, ar, msg(p, 10) + 0x6d703ef3 - 1, 13);
        rmd_f3(&al, bl, &cl, dl, el, msg(p, 11) + 0x6ed9eba1 - 1, 12);
        rmd_f3(&ar, br, &cr, dr, er, msg(p, 0) + 0x6d703ef3 - 1, 13);
        rmd_f3(&el, al, &bl, cl, dl, msg(p, 5) + 0x6ed9eba1 - 1, 7);
        rmd_f3(&er, ar, &br, cr, dr, msg(p, 4) + 0x6d703ef3 - 1, 7);
        rmd_f3(&dl, el, &al, bl, cl, msg(p, 12) + 0x6ed9eba1 - 1, 5);
        rmd_f3(&dr, er, &ar, br, cr, msg(p, 13) + 0x6d703ef3 - 1, 5);

        rmd_f4(&cl, dl, &el, al, bl, msg(p, 1) + 0x8f1bbcdc, 11);
        rmd_f2(&cr, dr, &er, ar, br, msg(p, 8) + 0x7a6d76e9, 15);
        rmd_f4(&bl, cl, &dl, el, al, msg(p, 9) + 0x8f1bbcdc, 12);
        rmd_f2(&br, cr, &dr, er, ar, msg(p, 6) + 0x7a6d76e9, 5);
        rmd_f4(&al, bl, &cl, dl, el, msg(p, 11) + 0x8f1bbcdc, 14);
        rmd_f2(&ar, br, &cr, dr, er, msg(p, 4) + 0x7a6d76e9, 8);
        rmd_f4(&el, al, &bl, cl, dl, msg(p, 10) + 0x8f1bbcdc, 15);
        rmd_f2(&er, ar, &br, cr, dr, msg(p, 1) + 0x7a6d76e9, 11);
        rmd_f4(&dl, el, &al, bl, cl, msg(p, 0) + 0x8f1bbcdc, 14);
        rmd_f2(&dr, er, &ar, br, cr, msg(p, 3) + 0x7a6d76e9, 14);
        rmd_f4(&cl, dl, &el, al, bl, msg(p, 8) + 0x8f1bbcdc, 15);
        rmd_f2(&cr, dr, &er, ar, br, msg(p, 11) + 0x7a6d76e9, 14);
        rmd_f4(&bl, cl, &dl, el, al, msg(p, 12) + 0x8f1bbcdc, 9);
        rmd_f2(&br, cr, &dr, er, ar, msg(p, 15) + 0x7a6d76e9, 6);
        rmd_f4(&al, bl, &cl, dl, el, msg(p, 4) + 0x8f1bbcdc, 8);
        rmd_f2(&ar, br, &cr, dr, er, msg(p, 0) + 0x7a6d76e9, 14);
        rmd_f4(&el, al, &bl, cl, dl, msg(p, 13) + 0x8f1bbcdc, 9);
        rmd_f2(&er, ar, &br, cr, dr, msg(p, 5) + 0x7a6d76e9, 6);
        rmd_f4(&dl, el, &al, bl, cl, msg(p, 3) + 0x8f1bbcdc, 14);
        rmd_f2(&dr, er, &ar, br, cr, msg(p, 12) + 0x7a6d76e9, 9);
        rmd_f4(&cl, dl, &el, al, bl, msg(p, 7) + 0x8f1bbcdc, 5);
        rmd_f2(&cr, dr, &er, ar, br, msg(p, 2) + 0x7a6d76e9, 12);
        rmd_f4(&bl, cl, &dl, el, al, msg(p, 15) + 0x8f1bbcdc, 6);
        rmd_f2(&br, cr, &dr, er, ar, msg(p, 13) + 0x7a6d76e9, 9);
        rmd_f4(&al, bl, &cl, dl, el, msg(p, 14) + 0x8f1bbcdc, 8);
        rmd_f2(&ar, br, &cr, dr, er, msg(p, 9) + 0x7a6d76e9, 12);
        rmd_f4(&el, al, &bl, cl, dl, msg(p, 5) + 0x8f1bbcdc, 6);
        rmd_f2(&er, ar, &br, cr, dr, msg(p, 7) + 0x7a6d76e9, 5);
        rmd_f4(&dl, el, &al, bl, cl, msg(p, 6) + 0x8f1bbcdc, 5);
        rmd_f2(&dr, er, &ar, br, cr, msg(p, 10) + 0x7a6d76e9, 15);
        rmd_f4(&cl, dl, &el, al, bl, msg(p, 2) + 0x8f1bbcdc, 12);
        rmd_f2(&cr, dr, &er, ar, br, msg(p, 14) + 0x7a6d76e9, 8);

        rmd_f5(&bl, cl, &dl, el, al, msg(p, 4) + 0xa953fd4e - 1, 9);
        rmd_f1(&br, cr, &dr, er, ar, msg(p, 12), 8);
        rmd_f5(&al, bl, &cl, dl, el, msg(p, 0) + 0xa953fd4e - 1, 15);
        rmd_f1(&ar, br, &cr, dr, er, msg(p, 15), 5);
        rmd_f5(&el, al, &bl, cl, dl, msg(p, 5) + 0xa953fd4e - 1, 5);
        rmd_f1(&er, ar, &br, cr, dr, msg(p, 10), 12);
        rmd_f5(&dl, el, &al, bl, cl, msg(p, 9) + 0xa953fd4e - 1, 11);
        rmd_f1(&dr, er, &ar, br, cr, msg(p, 4), 9);
        rmd_f5(&cl, dl, &el, al, bl, msg(p, 7) + 0xa953fd4e - 1, 6);
        rmd_f1(&cr, dr, &er, ar, br, msg(p, 1), 12);
        rmd_f5(&bl, cl, &dl, el, al, msg(p, 12) + 0xa953fd4e - 1, 8);
        rmd_f1(&br, cr, &dr, er, ar, msg(p, 5), 5);
        rmd_f5(&al, bl, &cl, dl, el, msg(p, 2) + 0xa953fd4e - 1, 13);
        rmd_f1(&ar, br, &cr, dr, er, msg(p, 8), 14);
        rmd_f5(&el, al, &bl, cl, dl, msg(p, 10) + 0xa953fd4e - 1, 12);
        rmd_f1(&er, ar, &br, cr, dr, msg(p, 7), 6);
        rmd_f5(&dl, el, &al, bl, cl, msg(p, 14) + 0xa953fd4e - 1, 5);
        rmd_f1(&dr, er, &ar, br, cr, msg(p, 6), 8);
        rmd_f5(&cl, dl, &el, al, bl, msg(p, 1) + 0xa953fd4e - 1, 12);
        rmd_f1(&cr, dr, &er, ar, br, msg(p, 2), 13);
        rmd_f5(&bl, cl, &dl, el, al, msg(p, 3) + 0xa953fd4e - 1, 13);
        rmd_f1(&br, cr, &dr, er, ar, msg(p, 13), 6);
        rmd_f5(&al, bl, &cl, dl, el, msg(p, 8) + 0xa953fd4e - 1, 14);
        rmd_f1(&ar, br, &cr, dr, er, msg(p, 14), 5);
        rmd_f5(&el, al, &bl, cl, dl, msg(p, 11) + 0xa953fd4e - 1, 11);
        rmd_f1(&er, ar, &br, cr, dr, msg(p, 0), 15);
        rmd_f5(&dl, el, &al, bl, cl, msg(p, 6) + 0xa953fd4e - 1, 8);
        rmd_f1(&dr, er, &ar, br, cr, msg(p, 3), 13);
        rmd_f5(&cl, dl, &el, al, bl, msg(p, 15) + 0xa953fd4e - 1, 5);
        rmd_f1(&cr, dr, &er, ar, br, msg(p, 9), 11);
        rmd_f5(&bl, cl, &dl, el, al, msg(p, 13) + 0xa953fd4e - 1, 6);
        rmd_f1(&br, cr, &dr, er, ar, msg(p, 11), 11);

        uint32_t t = h[1] + cl + dr;
        h[1] = h[2] + dl + er;
        h[2] = h[3] + el + ar;
        h[3] = h[4] + al + br;
        h[4] = h[0] + bl + cr;
        h[0] = t;
    }
}

#endif
