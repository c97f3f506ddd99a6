/*
 * src/cipher/aes_ct.c - AES-128/192/256 (FIPS 197) in portable C: the
 * constant-time implementation "ct" of the "aes" primitive, and the
 * software default.
 *
 * Technique: 64-bit bitslicing of four blocks at once, as in Thomas Pornin's
 * BearSSL aes_ct64.  Each of the eight 64-bit words holds one bit position
 * of all 64 bytes of four blocks; SubBytes is the 113-gate boolean circuit of
 * Boyar and Peralta ("A depth-16 circuit for the AES S-box", 2011), the
 * inverse S-box is that circuit between two inverse affine maps, and
 * ShiftRows and MixColumns are shifts and rotations of the words.  Round keys
 * are stored already bitsliced (each replicated in the four block slots), so
 * AddRoundKey is eight xors.
 *
 * Constant-time: yes.  No table is indexed and no branch is taken on key or
 * data; loops depend only on the key length and the number of blocks.
 */
#include "internal.h"

/* ---- Bitsliced representation ---- */

/* swap_bits exchanges the bits of *x at positions (mask << s) with those of
 * *y at positions mask: one step of an 8x8 bit-matrix transpose. */
static inline void swap_bits(uint64_t *x, uint64_t *y, uint64_t mask, unsigned s)
{
    uint64_t a = *x, b = *y;
    *x = (a & mask) | ((b & mask) << s);
    *y = ((a >> s) & mask) | (b & (mask << s));
}

/* ortho transposes the 8 words as 8x8 bit matrices: it converts between
 * "word i holds bytes" and "word i holds bit i of every byte"; it is its own
 * inverse. */
static void ortho(uint64_t q[8])
{
    static const uint64_t m1 = 0x5555555555555555, m2 = 0x3333333333333333,
                          m4 = 0x0F0F0F0F0F0F0F0F;
    for (int i = 0; i < 8; i += 2)
        swap_bits(&q[i], &q[i + 1], m1, 1);
    for (int i = 0; i < 8; i += 4) {
        swap_bits(&q[i], &q[i + 2], m2, 2);
        swap_bits(&q[i + 1], &q[i + 3], m2, 2);
    }
    for (int i = 0; i < 4; i++)
        swap_bits(&q[i], &q[i + 4], m4, 4);
}

/* interleave_in spreads the four little-endian words w of one block over two
 * words so that, after ortho, its bytes sit in the block's slot. */
static inline void interleave_in(uint64_t *q0, uint64_t *q1, const uint32_t w[4])
{
    uint64_t x[4];
    for (int i = 0; i < 4; i++) {
        x[i] = w[i];
        x[i] = (x[i] | x[i] << 16) & 0x0000FFFF0000FFFF;
        x[i] = (x[i] | x[i] << 8) & 0x00FF00FF00FF00FF;
    }
    *q0 = x[0] | x[2] << 8;
    *q1 = x[1] | x[3] << 8;
}

/* interleave_out is the inverse of interleave_in. */
static inline void interleave_out(uint32_t w[4], uint64_t q0, uint64_t q1)
{
    uint64_t x[4] = {q0 & 0x00FF00FF00FF00FF, q1 & 0x00FF00FF00FF00FF,
                     (q0 >> 8) & 0x00FF00FF00FF00FF, (q1 >> 8) & 0x00FF00FF00FF00FF};
    for (int i = 0; i < 4; i++) {
        x[i] = (x[i] | x[i] >> 8) & 0x0000FFFF0000FFFF;
        w[i] = (uint32_t)x[i] | (uint32_t)(x[i] >> 16);
    }
}

/* load_blocks bitslices n (0 to 4) blocks from in into q; missing blocks are
 * zero. */
static void load_blocks(uint64_t q[8], const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < 4; i++) {
        uint32_t w[4] = {0, 0, 0, 0};
        if (i < n)
            for (size_t j = 0; j < 4; j++)
                w[j] = load32_le(in + 16 * i + 4 * j);
        interleave_in(&q[i], &q[i + 4], w);
    }
    ortho(q);
}

/* store_blocks writes the first n blocks held in q to out (q is clobbered). */
static void store_blocks(uint8_t *out, uint64_t q[8], size_t n)
{
    ortho(q);
    for (size_t i = 0; i < n; i++) {
        uint32_t w[4];
        interleave_out(w, q[i], q[i + 4]);
        for (size_t j = 0; j < 4; j++)
            store32_le(out + 16 * i + 4 * j, w[j]);
    }
}

/* ---- Rounds ---- */

/* sbox applies SubBytes to every byte: the Boyar-Peralta circuit, whose input
 * x0 is the most significant bit (q[7]). */
static void sbox(uint64_t q[8])
{
    uint64_t x0 = q[7], x1 = q[6], x2 = q[5], x3 = q[4];
    uint64_t x4 = q[3], x5 = q[2], x6 = q[1], x7 = q[0];

    /* Top linear transformation. */
    uint64_t y14 = x3 ^ x5, y13 = x0 ^ x6, y9 = x0 ^ x3, y8 = x0 ^ x5;
    uint64_t t0 = x1 ^ x2;
    uint64_t y1 = t0 ^ x7, y4 = y1 ^ x3, y12 = y13 ^ y14, y2 = y1 ^ x0;
    uint64_t y5 = y1 ^ x6, y3 = y5 ^ y8;
    uint64_t t1 = x4 ^ y12;
    uint64_t y15 = t1 ^ x5, y20 = t1 ^ x1, y6 = y15 ^ x7, y10 = y15 ^ t0;
    uint64_t y11 = y20 ^ y9, y7 = x7 ^ y11, y17 = y10 ^ y11, y19 = y10 ^ y8;
    uint64_t y16 = t0 ^ y11, y21 = y13 ^ y16, y18 = x0 ^ y16;

    /* Non-linear section: inversion in GF(2^4)^2. */
    uint64_t t2 = y12 & y15, t3 = y3 & y6, t4 = t3 ^ t2, t5 = y4 & x7;
    uint64_t t6 = t5 ^ t2, t7 = y13 & y16, t8 = y5 & y1, t9 = t8 ^ t7;
    uint64_t t10 = y2 & y7, t11 = t10 ^ t7, t12 = y9 & y11, t13 = y14 & y17;
    uint64_t t14 = t13 ^ t12, t15 = y8 & y10, t16 = t15 ^ t12, t17 = t4 ^ t14;
    uint64_t t18 = t6 ^ t16, t19 = t9 ^ t14, t20 = t11 ^ t16, t21 = t17 ^ y20;
    uint64_t t22 = t18 ^ y19, t23 = t19 ^ y21, t24 = t20 ^ y18;

    uint64_t t25 = t21 ^ t22, t26 = t21 & t23, t27 = t24 ^ t26, t28 = t25 & t27;
    uint64_t t29 = t28 ^ t22, t30 = t23 ^ t24, t31 = t22 ^ t26, t32 = t31 & t30;
    uint64_t t33 = t32 ^ t24, t34 = t23 ^ t33, t35 = t27 ^ t33, t36 = t24 & t35;
    uint64_t t37 = t36 ^ t34, t38 = t27 ^ t36, t39 = t29 & t38, t40 = t25 ^ t39;

    uint64_t t41 = t40 ^ t37, t42 = t29 ^ t33, t43 = t29 ^ t40, t44 = t33 ^ t37;
    uint64_t t45 = t42 ^ t41;
    uint64_t z0 = t44 & y15, z1 = t37 & y6, z2 = t33 & x7, z3 = t43 & y16;
    uint64_t z4 = t40 & y1, z5 = t29 & y7, z6 = t42 & y11, z7 = t45 & y17;
    uint64_t z8 = t41 & y10, z9 = t44 & y12, z10 = t37 & y3, z11 = t33 & y4;
    uint64_t z12 = t43 & y13, z13 = t40 & y5, z14 = t29 & y2, z15 = t42 & y9;
    uint64_t z16 = t45 & y14, z17 = t41 & y8;

    /* Bottom linear transformation, with the affine constant 0x63. */
    uint64_t t46 = z15 ^ z16, t47 = z10 ^ z11, t48 = z5 ^ z13, t49 = z9 ^ z10;
    uint64_t t50 = z2 ^ z12, t51 = z2 ^ z5, t52 = z7 ^ z8, t53 = z0 ^ z3;
    uint64_t t54 = z6 ^ z7, t55 = z16 ^ z17, t56 = z12 ^ t48, t57 = t50 ^ t53;
    uint64_t t58 = z4 ^ t46, t59 = z3 ^ t54, t60 = t46 ^ t57, t61 = z14 ^ t57;
    uint64_t t62 = t52 ^ t58, t63 = t49 ^ t58, t64 = z4 ^ t59, t65 = t61 ^ t62;
    uint64_t t66 = z1 ^ t63;
    uint64_t s0 = t59 ^ t63, s6 = t56 ^ ~t62, s7 = t48 ^ ~t60;
    uint64_t t67 = t64 ^ t65;
    uint64_t s3 = t53 ^ t66, s4 = t51 ^ t66, s5 = t47 ^ t65;
    uint64_t s1 = t64 ^ ~s3, s2 = t55 ^ ~t67;

    q[7] = s0;
    q[6] = s1;
    q[5] = s2;
    q[4] = s3;
    q[3] = s4;
    q[2] = s5;
    q[1] = s6;
    q[0] = s7;
}

/* inv_affine maps x to A^-1(x ^ 0x63), A being SubBytes' affine map: bit i
 * becomes x[i+2] ^ x[i+5] ^ x[i+7] (indices mod 8). */
static void inv_affine(uint64_t q[8])
{
    uint64_t x[8];
    for (int i = 0; i < 8; i++)
        x[i] = (0x63 >> i & 1) ? ~q[i] : q[i];
    for (int i = 0; i < 8; i++)
        q[i] = x[(i + 2) & 7] ^ x[(i + 5) & 7] ^ x[(i + 7) & 7];
}

/* inv_sbox applies InvSubBytes: S(x) = A(x^-1) ^ 0x63 and inversion is an
 * involution, so S^-1(x) = A^-1(S(A^-1(x ^ 0x63)) ^ 0x63). */
static void inv_sbox(uint64_t q[8])
{
    inv_affine(q);
    sbox(q);
    inv_affine(q);
}

/* Within a word, the 16 bits of a row are contiguous: bits 16r..16r+15 hold
 * row r, as four columns of four block slots. */
static void shift_rows(uint64_t q[8])
{
    for (int i = 0; i < 8; i++) {
        uint64_t x = q[i];
        q[i] = (x & 0x000000000000FFFF) | ((x & 0x00000000FFF00000) >> 4) |
               ((x & 0x00000000000F0000) << 12) | ((x & 0x0000FF0000000000) >> 8) |
               ((x & 0x000000FF00000000) << 8) | ((x & 0xF000000000000000) >> 12) |
               ((x & 0x0FFF000000000000) << 4);
    }
}

static void inv_shift_rows(uint64_t q[8])
{
    for (int i = 0; i < 8; i++) {
        uint64_t x = q[i];
        q[i] = (x & 0x000000000000FFFF) | ((x & 0x000000000FFF0000) << 4) |
               ((x & 0x00000000F0000000) >> 12) | ((x & 0x000000FF00000000) << 8) |
               ((x & 0x0000FF0000000000) >> 8) | ((x & 0x000F000000000000) << 12) |
               ((x & 0xFFF0000000000000) >> 4);
    }
}

/* rot_rows moves every row r to row r - k (k rows of 16 bits), so that
 * word ^ rot_rows(word, 1) adds each byte to the one below it in its column. */
static inline uint64_t rot_rows(uint64_t x, unsigned k)
{
    return rotr64(x, 16 * k);
}

/* xtime multiplies every byte by 2 in GF(2^8) mod x^8 + x^4 + x^3 + x + 1. */
static inline void xtime(uint64_t out[8], const uint64_t x[8])
{
    out[0] = x[7];
    out[1] = x[0] ^ x[7];
    out[2] = x[1];
    out[3] = x[2] ^ x[7];
    out[4] = x[3] ^ x[7];
    out[5] = x[4];
    out[6] = x[5];
    out[7] = x[6];
}

/* mix_columns: b[r] = 2 a[r] + 3 a[r+1] + a[r+2] + a[r+3]. */
static void mix_columns(uint64_t q[8])
{
    uint64_t r[8], s[8], d[8];
    for (int i = 0; i < 8; i++) {
        r[i] = rot_rows(q[i], 1);
        s[i] = q[i] ^ r[i]; /* a[r] + a[r+1] */
    }
    xtime(d, s);            /* 2 a[r] + 2 a[r+1] */
    for (int i = 0; i < 8; i++)
        q[i] = d[i] ^ r[i] ^ rot_rows(s[i], 2);
}

/* inv_mix_columns: b[r] = 14 a[r] + 11 a[r+1] + 13 a[r+2] + 9 a[r+3]. */
static void inv_mix_columns(uint64_t q[8])
{
    uint64_t x2[8], x4[8], x8[8];
    xtime(x2, q);
    xtime(x4, x2);
    xtime(x8, x4);
    for (int i = 0; i < 8; i++) {
        uint64_t m9 = x8[i] ^ q[i];
        uint64_t m11 = m9 ^ x2[i];
        uint64_t m13 = m9 ^ x4[i];
        uint64_t m14 = x8[i] ^ x4[i] ^ x2[i];
        q[i] = m14 ^ rot_rows(m11, 1) ^ rot_rows(m13, 2) ^ rot_rows(m9, 3);
    }
}

static inline void add_round_key(uint64_t q[8], const uint64_t *rk)
{
    for (int i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

static void encrypt_slices(const brisk_aes_key *k, uint64_t q[8])
{
    add_round_key(q, k->w);
    for (unsigned r = 1; r < k->rounds; r++) {
        sbox(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, k->w + 8 * r);
    }
    sbox(q);
    shift_rows(q);
    add_round_key(q, k->w + 8 * k->rounds);
}

static void decrypt_slices(const brisk_aes_key *k, uint64_t q[8])
{
    add_round_key(q, k->w + 8 * k->rounds);
    for (unsigned r = k->rounds - 1; r > 0; r--) {
        inv_shift_rows(q);
        inv_sbox(q);
        add_round_key(q, k->w + 8 * r);
        inv_mix_columns(q);
    }
    inv_shift_rows(q);
    inv_sbox(q);
    add_round_key(q, k->w);
}

/* ---- Key schedule ---- */

/* sub_word applies the S-box to the four bytes of w. */
static uint32_t sub_word(uint32_t w)
{
    uint64_t q[8] = {w, 0, 0, 0, 0, 0, 0, 0};
    ortho(q);
    sbox(q);
    ortho(q);
    uint32_t r = (uint32_t)q[0];
    wipe(q, sizeof(q));
    return r;
}

static void ct_setkey(brisk_aes_key *k, const uint8_t *key, size_t key_len)
{
    static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};
    size_t nk = key_len / 4, rounds = nk + 6, n_words = 4 * (rounds + 1);
    uint32_t w[60];

    for (size_t i = 0; i < nk; i++)
        w[i] = load32_le(key + 4 * i);
    for (size_t i = nk; i < n_words; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0)
            t = sub_word(rotr32(t, 8)) ^ rcon[i / nk - 1];
        else if (nk > 6 && i % nk == 4)
            t = sub_word(t);
        w[i] = w[i - nk] ^ t;
    }
    /* Bitslice each round key with a copy in every block slot. */
    for (size_t r = 0; r <= rounds; r++) {
        uint64_t *q = k->w + 8 * r;
        interleave_in(&q[0], &q[4], w + 4 * r);
        q[1] = q[2] = q[3] = q[0];
        q[5] = q[6] = q[7] = q[4];
        ortho(q);
    }
    k->rounds = (unsigned)rounds;
    k->impl = &brisk_aes_impl_ct;
    wipe(w, sizeof(w));
}

/* ---- Modes ---- */

static void ct_ecb_enc(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    uint64_t q[8];
    for (; n_blocks > 0; ) {
        size_t n = n_blocks < 4 ? n_blocks : 4;
        load_blocks(q, in, n);
        encrypt_slices(k, q);
        store_blocks(out, q, n);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    wipe(q, sizeof(q));
}

static void ct_ecb_dec(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    uint64_t q[8];
    for (; n_blocks > 0; ) {
        size_t n = n_blocks < 4 ? n_blocks : 4;
        load_blocks(q, in, n);
        decrypt_slices(k, q);
        store_blocks(out, q, n);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    wipe(q, sizeof(q));
}

static inline void xor16(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    for (int i = 0; i < 16; i++)
        out[i] = a[i] ^ b[i];
}

/* CBC encryption is serial: one block per pass through the circuit. */
static void ct_cbc_enc(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    uint64_t q[8];
    uint8_t x[16];
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16) {
        xor16(x, in, iv);
        load_blocks(q, x, 1);
        encrypt_slices(k, q);
        store_blocks(iv, q, 1);
        memcpy(out, iv, 16);
    }
    wipe(q, sizeof(q));
    wipe(x, sizeof(x));
}

static void ct_cbc_dec(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    uint64_t q[8];
    uint8_t c[64], p[64];
    for (; n_blocks > 0; ) {
        size_t n = n_blocks < 4 ? n_blocks : 4;
        memcpy(c, in, 16 * n); /* out may be in */
        load_blocks(q, c, n);
        decrypt_slices(k, q);
        store_blocks(p, q, n);
        xor16(out, p, iv);
        for (size_t i = 1; i < n; i++)
            xor16(out + 16 * i, p + 16 * i, c + 16 * (i - 1));
        memcpy(iv, c + 16 * (n - 1), 16);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    wipe(q, sizeof(q));
    wipe(p, sizeof(p));
}

/* ctr_inc adds one to the big-endian number in the last `width` bytes of
 * ctr, modulo 2^(8 width), without branching on its value. */
static inline void ctr_inc(uint8_t ctr[16], int width)
{
    unsigned carry = 1;
    for (int i = 15; i >= 16 - width; i--) {
        carry += ctr[i];
        ctr[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

static void ctr_blocks(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks, int width)
{
    uint64_t q[8];
    uint8_t ks[64];
    for (; n_blocks > 0; ) {
        size_t n = n_blocks < 4 ? n_blocks : 4;
        for (size_t i = 0; i < n; i++) {
            memcpy(ks + 16 * i, ctr, 16);
            ctr_inc(ctr, width);
        }
        load_blocks(q, ks, n);
        encrypt_slices(k, q);
        store_blocks(ks, q, n);
        for (size_t i = 0; i < n; i++)
            xor16(out + 16 * i, in + 16 * i, ks + 16 * i);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    wipe(q, sizeof(q));
    wipe(ks, sizeof(ks));
}

static void ct_ctr128(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                      size_t n_blocks)
{
    ctr_blocks(k, ctr, out, in, n_blocks, 16);
}

static void ct_ctr32(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                     size_t n_blocks)
{
    ctr_blocks(k, ctr, out, in, n_blocks, 4);
}

const brisk_aes_impl brisk_aes_impl_ct = {
    "ct", ct_setkey, ct_ecb_enc, ct_ecb_dec, ct_cbc_enc, ct_cbc_dec, ct_ctr128, ct_ctr32,
    NULL, NULL, NULL, NULL, NULL,
};
