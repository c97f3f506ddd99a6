/*
 * src/digest/sha512_rounds.h - the scalar half of the x86-64 SHA-512 kernels
 * (sha512_avx2.c, sha512_avx512.c): round constants, working variables and
 * the rounds, which both kernels run identically while they differ only in
 * how the message schedule is computed.  The includer defines SHA512_TARGET
 * (its instruction sets, which must include BMI2 for rorx) first.
 * Constant-time: yes; no secret-dependent branches or memory addresses.
 */
#ifndef BRISK_SHA512_ROUNDS_H
#define BRISK_SHA512_ROUNDS_H

#include "internal.h"

static const uint64_t k512[80] __attribute__((aligned(32))) = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

/* The working variables; bc holds b ^ c, which is a ^ b of the round before,
 * so that Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)) costs three operations. */
typedef struct sha512_vars {
    uint64_t a, b, c, d, e, f, g, h, bc;
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

/* rounds2 does rounds t and t + 1; `r` (0, 2, 4 or 6) is t mod 8 and picks
 * the roles. */
static inline void rounds2(sha512_vars *v, const uint64_t *wk, size_t r)
{
    switch (r) {
    case 0:
        round1(v->a, v->b, &v->d, v->e, v->f, v->g, &v->h, wk[0], &v->bc);
        round1(v->h, v->a, &v->c, v->d, v->e, v->f, &v->g, wk[1], &v->bc);
        break;
    case 2:
        round1(v->g, v->h, &v->b, v->c, v->d, v->e, &v->f, wk[0], &v->bc);
        round1(v->f, v->g, &v->a, v->b, v->c, v->d, &v->e, wk[1], &v->bc);
        break;
    case 4:
        round1(v->e, v->f, &v->h, v->a, v->b, v->c, &v->d, wk[0], &v->bc);
        round1(v->d, v->e, &v->g, v->h, v->a, v->b, &v->c, wk[1], &v->bc);
        break;
    default:
        round1(v->c, v->d, &v->f, v->g, v->h, v->a, &v->b, wk[0], &v->bc);
        round1(v->b, v->c, &v->e, v->f, v->g, v->h, &v->a, wk[1], &v->bc);
        break;
    }
}

/* rounds16 does rounds t..t+15 (t a multiple of 8) from wk[t..t+15]. */
SHA512_TARGET
static inline void rounds16(sha512_vars *v, const uint64_t *wk)
{
    rounds2(v, wk + 0, 0);
    rounds2(v, wk + 2, 2);
    rounds2(v, wk + 4, 4);
    rounds2(v, wk + 6, 6);
    rounds2(v, wk + 8, 0);
    rounds2(v, wk + 10, 2);
    rounds2(v, wk + 12, 4);
    rounds2(v, wk + 14, 6);
}

SHA512_TARGET
static inline void vars_load(sha512_vars *v, const uint64_t h[8])
{
    v->a = h[0], v->b = h[1], v->c = h[2], v->d = h[3];
    v->e = h[4], v->f = h[5], v->g = h[6], v->h = h[7];
    v->bc = h[1] ^ h[2];
}

SHA512_TARGET
static inline void vars_add(uint64_t h[8], const sha512_vars *v)
{
    h[0] += v->a, h[1] += v->b, h[2] += v->c, h[3] += v->d;
    h[4] += v->e, h[5] += v->f, h[6] += v->g, h[7] += v->h;
}

#endif
