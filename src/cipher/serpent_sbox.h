/*
 * src/cipher/serpent_sbox.h - Serpent's round function on words that hold
 * one bit position of many blocks: the eight S-boxes and their inverses as
 * boolean circuits, the linear transformation and its inverse, and the 32
 * rounds each way (R. Anderson, E. Biham, L. Knudsen, "Serpent: A Proposal
 * for the Advanced Encryption Standard", 1998, the bitslice mode).
 *
 * The S-box circuits are D. A. Osvik's ("Speeding up Serpent", Third AES
 * Candidate Conference, 2000): 15 to 19 and/or/xor/not operations each,
 * here written in single-assignment form (every intermediate value named
 * once, so that a compiler allocates the registers) and checked against the
 * S-box tables exhaustively by tests/test_serpent.c.
 *
 * The includer defines serpent_word first: uint32_t for the portable code
 * (one block per word), or a GCC vector of 8 or 16 uint32_t (one block per
 * element) in the AVX2 and AVX-512 files.  The functions use only the
 * operators that both kinds of type have (& | ^ ~ << >> and ^ with a
 * uint32_t, which a vector broadcasts), so one verified copy of the circuits
 * serves every implementation; that is why this is a header parameterised
 * by a type rather than three copies.  A vector includer also defines
 * SERPENT_TARGET (a target attribute) so that the circuits are compiled
 * for its instruction set and pass vectors by value in one ABI.
 *
 * Constant-time: yes; no table lookups and no branches on data.
 */
#ifndef BRISK_CIPHER_SERPENT_SBOX_H
#define BRISK_CIPHER_SERPENT_SBOX_H

#include <stdint.h>

#ifndef SERPENT_TARGET
#define SERPENT_TARGET
#endif
#define SERPENT_INLINE static inline __attribute__((always_inline)) SERPENT_TARGET

/* The state: x[0] holds bit 0 of every nibble (the block's first
 * little-endian word), x[3] bit 3. */

SERPENT_INLINE void serpent_s0(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word d1 = d ^ a, b1 = b & d1, t1 = b ^ c, b2 = b1 ^ a, a1 = a | d1;
    serpent_word a2 = a1 ^ t1, t2 = t1 ^ d1, d2 = d1 ^ c, c1 = c | b2, c2 = c1 ^ t2;
    serpent_word t4 = ~t2 | b2, b4 = b2 ^ d2 ^ t4, d3 = d2 | a2;
    x[0] = b4 ^ d3;
    x[1] = t4 ^ d3;
    x[2] = c2;
    x[3] = a2;
}

SERPENT_INLINE void serpent_s1(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word a1 = ~a, a2 = a1 & b, c2 = ~c ^ a2, a3 = a2 | d, d1 = d ^ c2;
    serpent_word b1 = b ^ a3, a4 = a3 ^ a1, t1 = a1 | b1, b2 = b1 ^ d1;
    serpent_word c4 = (c2 | a4) & t1, a5 = a4 ^ b2, b4 = (b2 & c4) ^ a5;
    x[0] = c4;
    x[1] = t1 ^ (a5 & c4);
    x[2] = d1;
    x[3] = b4;
}

SERPENT_INLINE void serpent_s2(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word a2 = (a & c) ^ d, c2 = c ^ b ^ a2, d2 = (d | a) ^ b, t1 = a ^ c2;
    serpent_word d4 = (d2 | t1) ^ a2, t2 = t1 ^ (a2 & d2);
    x[0] = c2;
    x[1] = d4;
    x[2] = d2 ^ d4 ^ t2;
    x[3] = ~t2;
}

SERPENT_INLINE void serpent_s3(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word a1 = a | d, d1 = d ^ b, b1 = b & a, t1 = a ^ c, c1 = c ^ d1;
    serpent_word t2 = t1 | b1, d3 = (d1 & a1) ^ t2, a2 = a1 ^ b1;
    serpent_word t4 = (t2 & a2) ^ c1, b4 = ((b1 ^ d3) | a2) ^ c1;
    x[0] = a2 ^ d3 ^ (b4 | d3);
    x[1] = b4;
    x[2] = d3;
    x[3] = t4;
}

SERPENT_INLINE void serpent_s4(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word b1 = b ^ d, d1 = ~d, c1 = c ^ d1, d2 = d1 ^ a, b3 = (b1 & d2) ^ c1;
    serpent_word t1 = b1 ^ d2, a1 = a ^ t1, c3 = (c1 & t1) ^ a1, a2 = a1 & b3;
    serpent_word d3 = d2 ^ a2, t3 = (t1 | b3) ^ a2, a4 = (a2 | d3) ^ c3;
    x[0] = b3;
    x[1] = t3 ^ (c3 & d3);
    x[2] = ~a4;
    x[3] = d3;
}

SERPENT_INLINE void serpent_s5(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word a1 = a ^ b, b1 = b ^ d, d1 = ~d, c1 = c ^ d1, b3 = (b1 & a1) ^ c1;
    serpent_word c2 = c1 | b1, t1 = b1 ^ d1, d3 = (d1 & b3) ^ a1, t3 = t1 ^ b3 ^ c2;
    serpent_word c4 = ~(c2 ^ a1);
    x[0] = b3;
    x[1] = d3;
    x[2] = (a1 & d3) ^ t3;
    x[3] = (t3 | d3) ^ c4;
}

SERPENT_INLINE void serpent_s6(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word c1 = ~c, a1 = a ^ d, d2 = (d & a) ^ c1, c2 = c1 | d, b1 = b ^ d2;
    serpent_word c3 = c2 ^ a1, a2 = a1 | b1, c4 = c3 ^ b1, t1 = d ^ a2;
    serpent_word a4 = (a2 | d2) ^ c4, t3 = t1 ^ d2 ^ a4;
    x[0] = a4;
    x[1] = b1;
    x[2] = t3;
    x[3] = ~d2 ^ (c4 & t3);
}

SERPENT_INLINE void serpent_s7(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word b2 = (b | c) ^ d, t1 = b ^ c, c1 = c ^ b2, d2 = (d | t1) & a;
    serpent_word t2 = t1 ^ c1, d3 = d2 ^ b2, b4 = (b2 | t2) ^ a, a2 = (a | t2) ^ c1;
    serpent_word b5 = b4 ^ t2, c2 = c1 ^ b5, b7 = (b5 & a2) ^ t2;
    x[0] = t2 ^ (~c2 | a2);
    x[1] = d3;
    x[2] = b7;
    x[3] = a2;
}

SERPENT_INLINE void serpent_si0(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word c1 = ~c, t1 = ~b, b3 = (b | a) ^ c1 ^ d, c2 = c1 | t1, a1 = a ^ t1;
    serpent_word c3 = c2 ^ a1, a2 = a1 & d, t2 = t1 ^ a2, a4 = (a2 | b3) ^ c3;
    serpent_word d3 = d ^ t2 ^ a4 ^ b3, c4 = c3 ^ b3;
    x[0] = a4;
    x[1] = t2 ^ (c4 & d3);
    x[2] = b3;
    x[3] = d3;
}

SERPENT_INLINE void serpent_si1(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word b1 = b ^ d, t1 = b ^ c, d2 = (d & b1) ^ a, a1 = a | b1, c1 = c ^ d2;
    serpent_word a3 = (a1 ^ t1) | c1, b2 = b1 ^ d2, a4 = a3 ^ b2, b4 = (b2 | d2) ^ a4;
    serpent_word t3 = ~t1 ^ b4, b7 = ((b4 | a4) ^ a4) | t3;
    x[0] = t3;
    x[1] = a4;
    x[2] = d2 ^ b7;
    x[3] = c1;
}

SERPENT_INLINE void serpent_si2(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word c1 = c ^ d, d1 = d ^ a, d3 = (d1 & c1) ^ b, b2 = (b | c1) ^ d1;
    serpent_word c2 = c1 ^ d3, t3 = (d1 & d3 & a) ^ c2, d4 = ~d3;
    x[0] = b2;
    x[1] = t3;
    x[2] = ((c2 & b2) | a) ^ d4;
    x[3] = d4 ^ t3 ^ ((a ^ d4) & b2);
}

SERPENT_INLINE void serpent_si3(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word c1 = c ^ b, a1 = a ^ c1, t2 = (c & c1) ^ a1, a2 = a1 & b, b1 = b ^ d;
    serpent_word d1 = d | t2, c2 = c1 ^ d1, a3 = a2 ^ d1, b2 = b1 ^ t2;
    serpent_word d3 = (d1 & c2) ^ b2, b5 = ((b2 ^ a3) | c2) ^ t2;
    x[0] = c2;
    x[1] = b5;
    x[2] = d3;
    x[3] = a3 ^ d3 ^ b5;
}

SERPENT_INLINE void serpent_si4(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word c2 = (c & d) ^ b, b2 = (b | d) & a, t2 = c ^ c2 ^ b2, b3 = b2 & c2;
    serpent_word a1 = ~a, d1 = d ^ t2, b4 = b3 ^ d1, d3 = (d1 & a1) ^ c2, a2 = a1 ^ b4;
    serpent_word d4 = d3 ^ a2, c5 = ((c2 & a2) ^ t2) | d4;
    x[0] = a2;
    x[1] = d4 ^ a2;
    x[2] = c5 ^ b4;
    x[3] = t2;
}

SERPENT_INLINE void serpent_si5(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word b1 = ~b, c1 = c ^ b1, d2 = (d | a) ^ c1, c3 = (c1 | b1) & a;
    serpent_word t1 = d ^ d2, c4 = c3 ^ t1, t3 = (t1 | a) ^ b1, b3 = (b1 & c4) ^ d2;
    serpent_word t4 = t3 ^ c4, t5 = t4 ^ b3, d4 = (d2 & t4) ^ t5;
    x[0] = b3;
    x[1] = ~t5;
    x[2] = d4 ^ a;
    x[3] = c4;
}

SERPENT_INLINE void serpent_si6(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word a1 = a ^ c, t1 = c ^ d, d1 = d ^ b, c3 = ~(c & a1) ^ d1;
    serpent_word t2 = t1 | a1, a2 = a1 ^ c3, d2 = d1 ^ t2, b2 = (b & d2) ^ a2;
    serpent_word a4 = (a2 ^ d2) | c3;
    x[0] = b2;
    x[1] = c3;
    x[2] = t2 ^ b ^ a4;
    x[3] = d2 ^ b2;
}

SERPENT_INLINE void serpent_si7(serpent_word x[4])
{
    serpent_word a = x[0], b = x[1], c = x[2], d = x[3];
    serpent_word c1 = c ^ a, a1 = a & d, t1 = c | d, c2 = ~c1, d1 = d ^ b;
    serpent_word b1 = b | a1, a2 = a1 ^ c2, c3 = c2 & t1, d2 = d1 & t1, b2 = b1 ^ c3;
    serpent_word c4 = c3 ^ a2, a4 = (a2 | c4) ^ d2, t2 = t1 ^ b2, d3 = d2 ^ t2;
    serpent_word t3 = t2 | a4;
    x[0] = d3 ^ c4;
    x[1] = a4;
    x[2] = b2;
    x[3] = t3 ^ c4;
}

/* serpent_sbox applies S-box i (0..7) of the encryption direction; i is a
 * constant after inlining, so the switch vanishes. */
SERPENT_INLINE void serpent_sbox(serpent_word x[4], unsigned i)
{
    switch (i & 7) {
    case 0: serpent_s0(x); break;
    case 1: serpent_s1(x); break;
    case 2: serpent_s2(x); break;
    case 3: serpent_s3(x); break;
    case 4: serpent_s4(x); break;
    case 5: serpent_s5(x); break;
    case 6: serpent_s6(x); break;
    default: serpent_s7(x); break;
    }
}

SERPENT_INLINE void serpent_sbox_inv(serpent_word x[4], unsigned i)
{
    switch (i & 7) {
    case 0: serpent_si0(x); break;
    case 1: serpent_si1(x); break;
    case 2: serpent_si2(x); break;
    case 3: serpent_si3(x); break;
    case 4: serpent_si4(x); break;
    case 5: serpent_si5(x); break;
    case 6: serpent_si6(x); break;
    default: serpent_si7(x); break;
    }
}

SERPENT_INLINE serpent_word serpent_rol(serpent_word v, unsigned n)
{
    return (v << n) | (v >> (32 - n));
}

/* serpent_rol1 rotates left by one with an add for the shift: vector
 * shifts have fewer ports than adds (two of four on x86 cores), and LT is
 * shift-heavy. */
SERPENT_INLINE serpent_word serpent_rol1(serpent_word v)
{
    return (v + v) | (v >> 31);
}

/* The linear transformation LT of the specification, and its inverse. */
SERPENT_INLINE void serpent_lt(serpent_word x[4])
{
    serpent_word x0 = serpent_rol(x[0], 13), x2 = serpent_rol(x[2], 3);
    serpent_word x1 = serpent_rol1(x[1] ^ x0 ^ x2);
    serpent_word x3 = serpent_rol(x[3] ^ x2 ^ (x0 << 3), 7);
    x[0] = serpent_rol(x0 ^ x1 ^ x3, 5);
    x[1] = x1;
    x[2] = serpent_rol(x2 ^ x3 ^ (x1 << 7), 22);
    x[3] = x3;
}

SERPENT_INLINE void serpent_lt_inv(serpent_word x[4])
{
    serpent_word x2 = serpent_rol(x[2], 10), x0 = serpent_rol(x[0], 27);
    serpent_word x1 = x[1], x3 = x[3];
    x2 ^= x3 ^ (x1 << 7);
    x0 ^= x1 ^ x3;
    x3 = serpent_rol(x3, 25);
    x1 = serpent_rol(x1, 31);
    x3 ^= x2 ^ (x0 << 3);
    x1 ^= x0 ^ x2;
    x[0] = serpent_rol(x0, 19);
    x[1] = x1;
    x[2] = serpent_rol(x2, 29);
    x[3] = x3;
}

/* serpent_xor_key mixes round key k (four words) into every block. */
SERPENT_INLINE void serpent_xor_key(serpent_word x[4], const uint32_t k[4])
{
    x[0] ^= k[0];
    x[1] ^= k[1];
    x[2] ^= k[2];
    x[3] ^= k[3];
}

/* serpent_encrypt_words runs the 32 rounds over the state with the 33
 * round keys rk (132 words): four passes of the eight S-boxes, written out
 * so that each S-box is a straight line of code, not a switch per round. */
SERPENT_INLINE void serpent_encrypt_words(serpent_word x[4], const uint32_t rk[132])
{
    for (unsigned r = 0; r < 32; r += 8) {
        const uint32_t *k = rk + 4 * r;
        serpent_xor_key(x, k + 0);
        serpent_s0(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 4);
        serpent_s1(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 8);
        serpent_s2(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 12);
        serpent_s3(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 16);
        serpent_s4(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 20);
        serpent_s5(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 24);
        serpent_s6(x);
        serpent_lt(x);
        serpent_xor_key(x, k + 28);
        serpent_s7(x);
        if (r < 24)
            serpent_lt(x);
    }
    serpent_xor_key(x, rk + 128);
}

SERPENT_INLINE void serpent_decrypt_words(serpent_word x[4], const uint32_t rk[132])
{
    serpent_xor_key(x, rk + 128);
    for (unsigned r = 32; r > 0; r -= 8) {
        const uint32_t *k = rk + 4 * (r - 8);
        if (r < 32)
            serpent_lt_inv(x);
        serpent_si7(x);
        serpent_xor_key(x, k + 28);
        serpent_lt_inv(x);
        serpent_si6(x);
        serpent_xor_key(x, k + 24);
        serpent_lt_inv(x);
        serpent_si5(x);
        serpent_xor_key(x, k + 20);
        serpent_lt_inv(x);
        serpent_si4(x);
        serpent_xor_key(x, k + 16);
        serpent_lt_inv(x);
        serpent_si3(x);
        serpent_xor_key(x, k + 12);
        serpent_lt_inv(x);
        serpent_si2(x);
        serpent_xor_key(x, k + 8);
        serpent_lt_inv(x);
        serpent_si1(x);
        serpent_xor_key(x, k + 4);
        serpent_lt_inv(x);
        serpent_si0(x);
        serpent_xor_key(x, k + 0);
    }
}

/* The same rounds on two states at once (two groups of blocks in the wide
 * implementations): independent chains that the core runs side by side.
 * s is a constant at every call, so serpent_sbox's switch folds away. */
SERPENT_INLINE void serpent_enc_step2(serpent_word x[4], serpent_word y[4], const uint32_t k[4],
                                      unsigned s, int lt)
{
    serpent_xor_key(x, k);
    serpent_xor_key(y, k);
    serpent_sbox(x, s);
    serpent_sbox(y, s);
    if (lt) {
        serpent_lt(x);
        serpent_lt(y);
    }
}

SERPENT_INLINE void serpent_dec_step2(serpent_word x[4], serpent_word y[4], const uint32_t k[4],
                                      unsigned s, int lt)
{
    if (lt) {
        serpent_lt_inv(x);
        serpent_lt_inv(y);
    }
    serpent_sbox_inv(x, s);
    serpent_sbox_inv(y, s);
    serpent_xor_key(x, k);
    serpent_xor_key(y, k);
}

SERPENT_INLINE void serpent_encrypt_words2(serpent_word x[4], serpent_word y[4],
                                           const uint32_t rk[132])
{
    for (unsigned r = 0; r < 32; r += 8) {
        const uint32_t *k = rk + 4 * r;
        serpent_enc_step2(x, y, k + 0, 0, 1);
        serpent_enc_step2(x, y, k + 4, 1, 1);
        serpent_enc_step2(x, y, k + 8, 2, 1);
        serpent_enc_step2(x, y, k + 12, 3, 1);
        serpent_enc_step2(x, y, k + 16, 4, 1);
        serpent_enc_step2(x, y, k + 20, 5, 1);
        serpent_enc_step2(x, y, k + 24, 6, 1);
        serpent_enc_step2(x, y, k + 28, 7, r < 24);
    }
    serpent_xor_key(x, rk + 128);
    serpent_xor_key(y, rk + 128);
}

SERPENT_INLINE void serpent_decrypt_words2(serpent_word x[4], serpent_word y[4],
                                           const uint32_t rk[132])
{
    serpent_xor_key(x, rk + 128);
    serpent_xor_key(y, rk + 128);
    for (unsigned r = 32; r > 0; r -= 8) {
        const uint32_t *k = rk + 4 * (r - 8);
        serpent_dec_step2(x, y, k + 28, 7, r < 32);
        serpent_dec_step2(x, y, k + 24, 6, 1);
        serpent_dec_step2(x, y, k + 20, 5, 1);
        serpent_dec_step2(x, y, k + 16, 4, 1);
        serpent_dec_step2(x, y, k + 12, 3, 1);
        serpent_dec_step2(x, y, k + 8, 2, 1);
        serpent_dec_step2(x, y, k + 4, 1, 1);
        serpent_dec_step2(x, y, k + 0, 0, 1);
    }
}

#endif
