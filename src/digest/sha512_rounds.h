/*
 * src/digest/sha512_rounds.h - the scalar half of the x86-64 SHA-512 kernels
 * (sha512_avx2.c, sha512_avx512.c): working variables and the rounds, of
 * which each kernel picks a form, while they differ mainly in how the message
 * schedule is computed.  The includer defines SHA512_TARGET (its instruction
 * sets, which must include BMI2 for rorx) first.
 *
 * The rounds come in three forms.  The compact one (round1) takes the fewest
 * operations, about 22 a round; its e-chain, e to the next e, is five
 * dependent operations (Sigma1's rotate and two xors, then adding T1 and d).
 * That suits cores with four integer ALUs, which the operations fill.  The
 * wide one (round1_wide) adds d, h and W + K to Ch before Sigma1 arrives, so
 * the e-chain is four operations, and it takes the new a from the new e
 * (a' = e' - d + Sigma0(a) + Maj) so that no second T1 is summed; Maj is
 * then (a & (b ^ c)) + (b & c), whose two terms have no bit in common, so
 * it is added rather than xored.  That is about three operations more a
 * round, which a core with six integer ALUs (AMD Zen 5) absorbs and a core
 * with four (Intel's) does not, so the compact form stays the default.
 * AMD Zen 2, with four, absorbs it too where no schedule shares the
 * rounds (sha512_avx2.c's second block): its rounds are bound by the
 * chains, not by the ALUs (about 3 ALU operations a cycle).
 * The third, ordered form (round1_ordered) is the compact one's work in the
 * order of OpenSSL's AVX2 rounds, written as asm so that the compiler keeps
 * that order (it also needs BMI1, for andn); the avx2 kernel runs it.  The
 * measurements behind the three are in docs/architecture.md (design notes,
 * SHA-512).
 *
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#ifndef BRISK_SHA512_ROUNDS_H
#define BRISK_SHA512_ROUNDS_H

#include "internal.h"

/* The working variables; bc holds b ^ c, which is a ^ b of the round before,
 * so that Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)) costs three operations;
 * bn holds b & c in the wide rounds, Sigma0 of the last a in the ordered
 * ones. */
typedef struct sha512_vars {
    uint64_t a, b, c, d, e, f, g, h, bc, bn;
} sha512_vars;

static inline uint64_t big_sigma0(uint64_t x)
{
    return rotr64(x, 28) ^ rotr64(x, 34) ^ rotr64(x, 39);
}

static inline uint64_t big_sigma1(uint64_t x)
{
    return rotr64(x, 14) ^ rotr64(x, 18) ^ rotr64(x, 41);
}

/* round1 does one round; callers rotate the roles of a..h instead of moving
 * the values, so only d and h are written. */
static inline void round1(uint64_t a, uint64_t b, uint64_t *d, uint64_t e, uint64_t f,
                          uint64_t g, uint64_t *h, uint64_t wk, uint64_t *bc)
{
    uint64_t t1 = *h + wk + (g ^ (e & (f ^ g))) + big_sigma1(e);
    uint64_t ab = a ^ b;
    uint64_t maj = b ^ (ab & *bc);
    *bc = ab;
    *d += t1;
    *h = t1 + big_sigma0(a) + maj;
}

/* keep stops the compiler from reassociating the sums below, whose order
 * is the point: it claims to change x, so x is computed where it stands. */
static inline void keep(uint64_t *x)
{
    __asm__("" : "+r"(*x));
}

/* round1_wide is round1 with a four-operation e-chain (see the top of the
 * file); it also writes bn. */
static inline void round1_wide(uint64_t a, uint64_t b, uint64_t *d, uint64_t e, uint64_t f,
                               uint64_t g, uint64_t *h, uint64_t wk, uint64_t *bc,
                               uint64_t *bn)
{
    uint64_t dhw = *d + (*h + wk);
    keep(&dhw);
    uint64_t x = dhw + (g ^ (e & (f ^ g)));
    keep(&x);
    uint64_t e_new = x + big_sigma1(e);
    uint64_t u = (a & *bc) + (*bn - *d); /* Maj - d */
    keep(&u);
    uint64_t v = e_new + u;
    keep(&v);
    *bc = a ^ b;
    *bn = a & b;
    *d = e_new;
    *h = v + big_sigma0(a);
}

/* round1_ordered is round1 in hand-chosen order, as one asm statement so
 * that the compiler keeps the order: the order of OpenSSL's sha512-x86_64 AVX2
 * rounds (rorx, Ch as (e & f) + (~e & g)), with
 * add where OpenSSL has lea: the same work, but gcc may give a sum to r13, and
 * a lea based on r13 takes a displacement, which AMD cores run as a slower
 * three-part lea.  It needs BMI1 (andn) as well as BMI2.  Sigma0(a) is left
 * out of the new a (*h) and returned in *s0, to be added at the start of the
 * next round, where nothing waits for it; the caller adds the last round's.
 * *bc is b ^ c on entry and is consumed (it ends as Maj); *ab receives a ^ b,
 * the next round's b ^ c.  wk is the round's W[t] + K[t]. */
static inline void round1_ordered(uint64_t *a, uint64_t b, uint64_t *d, uint64_t e, uint64_t f,
                                  uint64_t g, uint64_t *h, const uint64_t *wk, uint64_t *s0,
                                  uint64_t *bc, uint64_t *ab)
{
    uint64_t t0;
    __asm__("add %[wk], %[h]\n\t"
            "mov %[f], %[ab]\n\t"
            "and %[e], %[ab]\n\t" /* e & f */
            "rorx $41, %[e], %[t0]\n\t"
            "add %[s0], %[a]\n\t" /* the previous round's Sigma0 */
            "rorx $18, %[e], %[s0]\n\t"
            "add %[ab], %[h]\n\t"
            "andn %[g], %[e], %[ab]\n\t" /* ~e & g */
            "xor %[s0], %[t0]\n\t"
            "rorx $14, %[e], %[s0]\n\t"
            "add %[ab], %[h]\n\t" /* + Ch(e, f, g) */
            "xor %[s0], %[t0]\n\t" /* Sigma1(e) */
            "mov %[a], %[ab]\n\t"
            "rorx $39, %[a], %[s0]\n\t"
            "add %[t0], %[h]\n\t" /* T1 */
            "xor %[b], %[ab]\n\t"
            "rorx $34, %[a], %[t0]\n\t"
            "xor %[t0], %[s0]\n\t"
            "rorx $28, %[a], %[t0]\n\t"
            "add %[h], %[d]\n\t" /* the new e */
            "and %[ab], %[bc]\n\t"
            "xor %[t0], %[s0]\n\t" /* Sigma0(a) */
            "xor %[b], %[bc]\n\t" /* Maj(a, b, c) */
            "add %[bc], %[h]"
            : [a] "+r"(*a), [d] "+r"(*d), [h] "+r"(*h), [s0] "+r"(*s0), [bc] "+r"(*bc),
              [ab] "=&r"(*ab), [t0] "=&r"(t0)
            : [b] "r"(b), [e] "r"(e), [f] "r"(f), [g] "r"(g), [wk] "m"(*wk)
            : "cc");
}

/* The forms of the rounds, for round1_of, rounds2 and rounds16. */
enum { SHA512_COMPACT, SHA512_WIDE, SHA512_ORDERED };

/* round1_of does one round in the form `form` picks (a constant); *bc and
 * *ab are the ordered form's (the others keep b ^ c in v->bc). */
static inline void round1_of(int form, uint64_t *a, uint64_t b, uint64_t *d, uint64_t e,
                             uint64_t f, uint64_t g, uint64_t *h, const uint64_t *wk,
                             sha512_vars *v, uint64_t *bc, uint64_t *ab)
{
    if (form == SHA512_ORDERED)
        round1_ordered(a, b, d, e, f, g, h, wk, &v->bn, bc, ab);
    else if (form == SHA512_WIDE)
        round1_wide(*a, b, d, e, f, g, h, *wk, &v->bc, &v->bn);
    else
        round1(*a, b, d, e, f, g, h, *wk, &v->bc);
}

/* rounds2 does rounds t and t + 1; `r` (0, 2, 4 or 6) is t mod 8 and picks
 * the roles, `form` (a constant) the form of the rounds.  In the ordered
 * form, v->bn holds the deferred Sigma0 (vars_load_ordered sets it to 0,
 * and vars_add_ordered adds it). */
static inline void rounds2(sha512_vars *v, const uint64_t *wk, size_t r, int form)
{
    uint64_t ab;

    switch (r) {
    case 0:
        round1_of(form, &v->a, v->b, &v->d, v->e, v->f, v->g, &v->h, wk, v, &v->bc, &ab);
        round1_of(form, &v->h, v->a, &v->c, v->d, v->e, v->f, &v->g, wk + 1, v, &ab, &v->bc);
        break;
    case 2:
        round1_of(form, &v->g, v->h, &v->b, v->c, v->d, v->e, &v->f, wk, v, &v->bc, &ab);
        round1_of(form, &v->f, v->g, &v->a, v->b, v->c, v->d, &v->e, wk + 1, v, &ab, &v->bc);
        break;
    case 4:
        round1_of(form, &v->e, v->f, &v->h, v->a, v->b, v->c, &v->d, wk, v, &v->bc, &ab);
        round1_of(form, &v->d, v->e, &v->g, v->h, v->a, v->b, &v->c, wk + 1, v, &ab, &v->bc);
        break;
    default:
        round1_of(form, &v->c, v->d, &v->f, v->g, v->h, v->a, &v->b, wk, v, &v->bc, &ab);
        round1_of(form, &v->b, v->c, &v->e, v->f, v->g, v->h, &v->a, wk + 1, v, &ab, &v->bc);
        break;
    }
}

/* rounds16 does rounds t..t+15 (t a multiple of 8) from wk[t..t+15]. */
SHA512_TARGET
static inline void rounds16(sha512_vars *v, const uint64_t *wk, int form)
{
    rounds2(v, wk + 0, 0, form);
    rounds2(v, wk + 2, 2, form);
    rounds2(v, wk + 4, 4, form);
    rounds2(v, wk + 6, 6, form);
    rounds2(v, wk + 8, 0, form);
    rounds2(v, wk + 10, 2, form);
    rounds2(v, wk + 12, 4, form);
    rounds2(v, wk + 14, 6, form);
}

SHA512_TARGET
static inline void vars_load(sha512_vars *v, const uint64_t h[8])
{
    v->a = h[0], v->b = h[1], v->c = h[2], v->d = h[3];
    v->e = h[4], v->f = h[5], v->g = h[6], v->h = h[7];
    v->bc = h[1] ^ h[2];
    v->bn = h[1] & h[2];
}

SHA512_TARGET
static inline void vars_add(uint64_t h[8], const sha512_vars *v)
{
    h[0] += v->a, h[1] += v->b, h[2] += v->c, h[3] += v->d;
    h[4] += v->e, h[5] += v->f, h[6] += v->g, h[7] += v->h;
}

/* vars_load_ordered and vars_add_ordered are vars_load and vars_add for the
 * ordered rounds, whose v->bn is the deferred Sigma0 of a. */
SHA512_TARGET
static inline void vars_load_ordered(sha512_vars *v, const uint64_t h[8])
{
    vars_load(v, h);
    v->bn = 0;
}

SHA512_TARGET
static inline void vars_add_ordered(uint64_t h[8], sha512_vars *v)
{
    v->a += v->bn;
    vars_add(h, v);
}

#endif
