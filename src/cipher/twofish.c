/*
 * src/cipher/twofish.c - Twofish (B. Schneier, J. Kelsey, D. Whiting, D.
 * Wagner, C. Hall, N. Ferguson, "Twofish: A 128-Bit Block Cipher", 1998):
 * the key schedule for 128, 192 and 256-bit keys, the portable ECB and CBC
 * decryption kernels, the "twofish" primitive's table and the descriptor.
 *
 * Technique: full keying (the paper's section 7.3 "Full Keying" option):
 * setkey folds the key-dependent q-permutation chains of h and the MDS
 * matrix into four tables of 256 32-bit words, so that g is four lookups
 * and three xors; with the 40 subkeys the schedule takes 4256 bytes, which
 * fits in half of the XTS key area (two schedules, data and tweak key).
 * The q permutations are the paper's tables, written out below (q0[0] =
 * 0xa9, q1[0] = 0x75); the MDS (GF(2^8) modulo x^8+x^6+x^5+x^3+1) and RS
 * (modulo x^8+x^6+x^3+x^2+1) products are computed in setkey.
 *
 * Constant-time: NO.  The rounds index the key-dependent tables by secret
 * data (like Blowfish), so cache timing can reveal key and data bits; the
 * registry flags every Twofish entry BRISK_CIPHER_NOCT.  The same holds for
 * the AVX2 kernels (twofish_avx2.c), which gather from the same tables.
 *
 * Implementations ("twofish" primitive): "x4", four blocks interleaved
 * (the kernel's scalar lookups of independent blocks overlap, as in the
 * Linux kernel's and libgcrypt's three-way x86-64 assembly), the automatic
 * choice; "c", one block at a time; "avx2" (twofish_avx2.c, sixteen blocks
 * with vpgatherdd), forced only: slower than "x4" where measured (see the
 * table below).  CBC encryption is serial and has one kernel, with the
 * chaining value in registers.
 */
#include "twofish_internal.h"

static const uint8_t q0[256] = {
    0xa9, 0x67, 0xb3, 0xe8, 0x04, 0xfd, 0xa3, 0x76, 0x9a, 0x92, 0x80, 0x78,
    0xe4, 0xdd, 0xd1, 0x38, 0x0d, 0xc6, 0x35, 0x98, 0x18, 0xf7, 0xec, 0x6c,
    0x43, 0x75, 0x37, 0x26, 0xfa, 0x13, 0x94, 0x48, 0xf2, 0xd0, 0x8b, 0x30,
    0x84, 0x54, 0xdf, 0x23, 0x19, 0x5b, 0x3d, 0x59, 0xf3, 0xae, 0xa2, 0x82,
    0x63, 0x01, 0x83, 0x2e, 0xd9, 0x51, 0x9b, 0x7c, 0xa6, 0xeb, 0xa5, 0xbe,
    0x16, 0x0c, 0xe3, 0x61, 0xc0, 0x8c, 0x3a, 0xf5, 0x73, 0x2c, 0x25, 0x0b,
    0xbb, 0x4e, 0x89, 0x6b, 0x53, 0x6a, 0xb4, 0xf1, 0xe1, 0xe6, 0xbd, 0x45,
    0xe2, 0xf4, 0xb6, 0x66, 0xcc, 0x95, 0x03, 0x56, 0xd4, 0x1c, 0x1e, 0xd7,
    0xfb, 0xc3, 0x8e, 0xb5, 0xe9, 0xcf, 0xbf, 0xba, 0xea, 0x77, 0x39, 0xaf,
    0x33, 0xc9, 0x62, 0x71, 0x81, 0x79, 0x09, 0xad, 0x24, 0xcd, 0xf9, 0xd8,
    0xe5, 0xc5, 0xb9, 0x4d, 0x44, 0x08, 0x86, 0xe7, 0xa1, 0x1d, 0xaa, 0xed,
    0x06, 0x70, 0xb2, 0xd2, 0x41, 0x7b, 0xa0, 0x11, 0x31, 0xc2, 0x27, 0x90,
    0x20, 0xf6, 0x60, 0xff, 0x96, 0x5c, 0xb1, 0xab, 0x9e, 0x9c, 0x52, 0x1b,
    0x5f, 0x93, 0x0a, 0xef, 0x91, 0x85, 0x49, 0xee, 0x2d, 0x4f, 0x8f, 0x3b,
    0x47, 0x87, 0x6d, 0x46, 0xd6, 0x3e, 0x69, 0x64, 0x2a, 0xce, 0xcb, 0x2f,
    0xfc, 0x97, 0x05, 0x7a, 0xac, 0x7f, 0xd5, 0x1a, 0x4b, 0x0e, 0xa7, 0x5a,
    0x28, 0x14, 0x3f, 0x29, 0x88, 0x3c, 0x4c, 0x02, 0xb8, 0xda, 0xb0, 0x17,
    0x55, 0x1f, 0x8a, 0x7d, 0x57, 0xc7, 0x8d, 0x74, 0xb7, 0xc4, 0x9f, 0x72,
    0x7e, 0x15, 0x22, 0x12, 0x58, 0x07, 0x99, 0x34, 0x6e, 0x50, 0xde, 0x68,
    0x65, 0xbc, 0xdb, 0xf8, 0xc8, 0xa8, 0x2b, 0x40, 0xdc, 0xfe, 0x32, 0xa4,
    0xca, 0x10, 0x21, 0xf0, 0xd3, 0x5d, 0x0f, 0x00, 0x6f, 0x9d, 0x36, 0x42,
    0x4a, 0x5e, 0xc1, 0xe0,
};
static const uint8_t q1[256] = {
    0x75, 0xf3, 0xc6, 0xf4, 0xdb, 0x7b, 0xfb, 0xc8, 0x4a, 0xd3, 0xe6, 0x6b,
    0x45, 0x7d, 0xe8, 0x4b, 0xd6, 0x32, 0xd8, 0xfd, 0x37, 0x71, 0xf1, 0xe1,
    0x30, 0x0f, 0xf8, 0x1b, 0x87, 0xfa, 0x06, 0x3f, 0x5e, 0xba, 0xae, 0x5b,
    0x8a, 0x00, 0xbc, 0x9d, 0x6d, 0xc1, 0xb1, 0x0e, 0x80, 0x5d, 0xd2, 0xd5,
    0xa0, 0x84, 0x07, 0x14, 0xb5, 0x90, 0x2c, 0xa3, 0xb2, 0x73, 0x4c, 0x54,
    0x92, 0x74, 0x36, 0x51, 0x38, 0xb0, 0xbd, 0x5a, 0xfc, 0x60, 0x62, 0x96,
    0x6c, 0x42, 0xf7, 0x10, 0x7c, 0x28, 0x27, 0x8c, 0x13, 0x95, 0x9c, 0xc7,
    0x24, 0x46, 0x3b, 0x70, 0xca, 0xe3, 0x85, 0xcb, 0x11, 0xd0, 0x93, 0xb8,
    0xa6, 0x83, 0x20, 0xff, 0x9f, 0x77, 0xc3, 0xcc, 0x03, 0x6f, 0x08, 0xbf,
    0x40, 0xe7, 0x2b, 0xe2, 0x79, 0x0c, 0xaa, 0x82, 0x41, 0x3a, 0xea, 0xb9,
    0xe4, 0x9a, 0xa4, 0x97, 0x7e, 0xda, 0x7a, 0x17, 0x66, 0x94, 0xa1, 0x1d,
    0x3d, 0xf0, 0xde, 0xb3, 0x0b, 0x72, 0xa7, 0x1c, 0xef, 0xd1, 0x53, 0x3e,
    0x8f, 0x33, 0x26, 0x5f, 0xec, 0x76, 0x2a, 0x49, 0x81, 0x88, 0xee, 0x21,
    0xc4, 0x1a, 0xeb, 0xd9, 0xc5, 0x39, 0x99, 0xcd, 0xad, 0x31, 0x8b, 0x01,
    0x18, 0x23, 0xdd, 0x1f, 0x4e, 0x2d, 0xf9, 0x48, 0x4f, 0xf2, 0x65, 0x8e,
    0x78, 0x5c, 0x58, 0x19, 0x8d, 0xe5, 0x98, 0x57, 0x67, 0x7f, 0x05, 0x64,
    0xaf, 0x63, 0xb6, 0xfe, 0xf5, 0xb7, 0x3c, 0xa5, 0xce, 0xe9, 0x68, 0x44,
    0xe0, 0x4d, 0x43, 0x69, 0x29, 0x2e, 0xac, 0x15, 0x59, 0xa8, 0x0a, 0x9e,
    0x6e, 0x47, 0xdf, 0x34, 0x35, 0x6a, 0xcf, 0xdc, 0x22, 0xc9, 0xc0, 0x9b,
    0x89, 0xd4, 0xed, 0xab, 0x12, 0xa2, 0x0d, 0x52, 0xbb, 0x02, 0x2f, 0xa9,
    0xd7, 0x61, 0x1e, 0xb4, 0x50, 0x04, 0xf6, 0xc2, 0x16, 0x25, 0x86, 0x56,
    0x55, 0x09, 0xbe, 0x91,
};

/* gf_mul multiplies a and b in GF(2^8) modulo poly (with its x^8 bit). */
static uint8_t gf_mul(uint8_t a, uint8_t b, unsigned poly)
{
    unsigned x = a, r = 0;
    for (; b != 0; b >>= 1) {
        if (b & 1)
            r ^= x;
        x <<= 1;
        if (x & 0x100)
            x ^= poly;
    }
    return (uint8_t)r;
}

#define MDS_POLY 0x169u /* x^8 + x^6 + x^5 + x^3 + 1 */
#define RS_POLY 0x14du  /* x^8 + x^6 + x^3 + x^2 + 1 */

/* The MDS matrix, by column: column j's entries for output bytes 0..3. */
static const uint8_t mds_col[4][4] = {
    {0x01, 0x5b, 0xef, 0xef},
    {0xef, 0xef, 0x5b, 0x01},
    {0x5b, 0xef, 0x01, 0xef},
    {0x5b, 0x01, 0xef, 0x5b},
};

/* The RS matrix, by row. */
static const uint8_t rs[4][8] = {
    {0x01, 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e},
    {0xa4, 0x56, 0x82, 0xf3, 0x1e, 0xc6, 0x68, 0xe5},
    {0x02, 0xa1, 0xfc, 0xc1, 0x47, 0xae, 0x3d, 0x19},
    {0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e, 0x03},
};

/* mds_mul returns column j of MDS times y: byte j's contribution to h. */
static uint32_t mds_mul(int j, uint8_t y)
{
    uint32_t z = 0;
    for (int i = 0; i < 4; i++)
        z |= (uint32_t)gf_mul(mds_col[j][i], y, MDS_POLY) << (8 * i);
    return z;
}

/* q_of picks q0 (0) or q1 (1). */
static inline uint8_t q_of(int which, uint8_t x)
{
    return which ? q1[x] : q0[x];
}

/* The q permutation each byte j passes through at each stage of h: stage 4
 * (256-bit keys only), stage 3 (192 and 256), stages 2 and 1 (every key,
 * followed by the xor of L1 and L0), and the last one before the MDS. */
static const uint8_t q_stage4[4] = {1, 0, 0, 1};
static const uint8_t q_stage3[4] = {1, 1, 0, 0};
static const uint8_t q_stage2[4] = {0, 1, 0, 1};
static const uint8_t q_stage1[4] = {0, 0, 1, 1};
static const uint8_t q_final[4] = {1, 0, 1, 0};

/* h_byte runs byte j (value x) of h's input through the q chain keyed by
 * the k words l[0..k-1] (l[i] is L_i), up to the MDS. */
static uint8_t h_byte(int j, uint8_t x, const uint32_t *l, int k)
{
    unsigned sh = 8u * (unsigned)j;
    if (k == 4)
        x = q_of(q_stage4[j], x) ^ (uint8_t)(l[3] >> sh);
    if (k >= 3)
        x = q_of(q_stage3[j], x) ^ (uint8_t)(l[2] >> sh);
    x = q_of(q_stage2[j], x) ^ (uint8_t)(l[1] >> sh);
    x = q_of(q_stage1[j], x) ^ (uint8_t)(l[0] >> sh);
    return q_of(q_final[j], x);
}

/* h is the paper's function h(X, L) with X = x * 0x01010101 (the subkeys'
 * inputs 2i * rho and (2i + 1) * rho). */
static uint32_t h_rho(uint8_t x, const uint32_t *l, int k)
{
    uint32_t z = 0;
    for (int j = 0; j < 4; j++)
        z ^= mds_mul(j, h_byte(j, x, l, k));
    return z;
}

static int twofish_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    brisk_twofish_key *tk = ks;
    if (key == NULL || param != 0 || (key_len != 16 && key_len != 24 && key_len != 32))
        return BRISK_EINVAL;
    int k = (int)(key_len / 8);
    uint32_t me[4], mo[4], sv[4];

    for (int i = 0; i < k; i++) {
        me[i] = load32_le(key + 8 * i);
        mo[i] = load32_le(key + 8 * i + 4);
        /* S_i = RS * key bytes 8i..8i+7; h takes them reversed. */
        uint32_t s = 0;
        for (int r = 0; r < 4; r++) {
            uint8_t v = 0;
            for (int c = 0; c < 8; c++)
                v ^= gf_mul(rs[r][c], key[8 * i + c], RS_POLY);
            s |= (uint32_t)v << (8 * r);
        }
        sv[k - 1 - i] = s;
    }
    for (int i = 0; i < 20; i++) {
        uint32_t a = h_rho((uint8_t)(2 * i), me, k);
        uint32_t b = rotl32(h_rho((uint8_t)(2 * i + 1), mo, k), 8);
        tk->k[2 * i] = a + b;
        tk->k[2 * i + 1] = rotl32(a + 2 * b, 9);
    }
    for (int j = 0; j < 4; j++)
        for (int x = 0; x < 256; x++)
            tk->s[j][x] = mds_mul(j, h_byte(j, (uint8_t)x, sv, k));
    wipe(me, sizeof(me));
    wipe(mo, sizeof(mo));
    wipe(sv, sizeof(sv));
    return 0;
}

/* ---- The rounds ---- */

#define TF_INLINE static inline __attribute__((always_inline))

/* g0 is g(x); g1 is g(rotl(x, 8)), read off x's bytes directly. */
TF_INLINE uint32_t g0(const brisk_twofish_key *k, uint32_t x)
{
    return k->s[0][x & 0xff] ^ k->s[1][x >> 8 & 0xff] ^ k->s[2][x >> 16 & 0xff] ^
           k->s[3][x >> 24];
}

TF_INLINE uint32_t g1(const brisk_twofish_key *k, uint32_t x)
{
    return k->s[0][x >> 24] ^ k->s[1][x & 0xff] ^ k->s[2][x >> 8 & 0xff] ^
           k->s[3][x >> 16 & 0xff];
}

/* The state of one block: x0..x3 as the paper's R0..R3 after input
 * whitening. */
typedef struct tf_state {
    uint32_t x0, x1, x2, x3;
} tf_state;

/* enc_half is half a round pair: F of (a, b) with subkeys k[i], k[i + 1]
 * into (c, d); dec_half undoes it. */
TF_INLINE void enc_half(const brisk_twofish_key *k, int i, uint32_t a, uint32_t b, uint32_t *c,
                        uint32_t *d)
{
    uint32_t t0 = g0(k, a), t1 = g1(k, b);
    *c = rotr32(*c ^ (t0 + t1 + k->k[i]), 1);
    *d = rotl32(*d, 1) ^ (t0 + 2 * t1 + k->k[i + 1]);
}

TF_INLINE void dec_half(const brisk_twofish_key *k, int i, uint32_t a, uint32_t b, uint32_t *c,
                        uint32_t *d)
{
    uint32_t t0 = g0(k, a), t1 = g1(k, b);
    *c = rotl32(*c, 1) ^ (t0 + t1 + k->k[i]);
    *d = rotr32(*d ^ (t0 + 2 * t1 + k->k[i + 1]), 1);
}

/* load_state reads a block whitened with k[w..w+3] (w = 0 to encrypt; 4
 * to decrypt, where the words land as x2, x3, x0, x1). */
TF_INLINE tf_state load_state(const brisk_twofish_key *k, const uint8_t *in, int decrypt)
{
    tf_state s;
    if (!decrypt) {
        s.x0 = load32_le(in) ^ k->k[0], s.x1 = load32_le(in + 4) ^ k->k[1];
        s.x2 = load32_le(in + 8) ^ k->k[2], s.x3 = load32_le(in + 12) ^ k->k[3];
    } else {
        s.x2 = load32_le(in) ^ k->k[4], s.x3 = load32_le(in + 4) ^ k->k[5];
        s.x0 = load32_le(in + 8) ^ k->k[6], s.x1 = load32_le(in + 12) ^ k->k[7];
    }
    return s;
}

/* store_state writes the block out, undoing the final swap and whitening. */
TF_INLINE void store_state(const brisk_twofish_key *k, uint8_t *out, const tf_state *s,
                           int decrypt)
{
    if (!decrypt) {
        store32_le(out, s->x2 ^ k->k[4]);
        store32_le(out + 4, s->x3 ^ k->k[5]);
        store32_le(out + 8, s->x0 ^ k->k[6]);
        store32_le(out + 12, s->x1 ^ k->k[7]);
    } else {
        store32_le(out, s->x0 ^ k->k[0]);
        store32_le(out + 4, s->x1 ^ k->k[1]);
        store32_le(out + 8, s->x2 ^ k->k[2]);
        store32_le(out + 12, s->x3 ^ k->k[3]);
    }
}

/* crypt_n runs the 16 rounds on nb blocks (a constant where inlined),
 * interleaved half round by half round, so that the table lookups of
 * independent blocks overlap: one block alone is bound by the latency of
 * its lookups, and four keep a wide out-of-order core busy without running
 * out of general-purpose registers on x86-64. */
TF_INLINE void crypt_n(const brisk_twofish_key *k, tf_state *s, int nb, int decrypt)
{
    if (!decrypt) {
#pragma GCC unroll 8
        for (int r = 0; r < 8; r++) {
            for (int b = 0; b < nb; b++)
                enc_half(k, 8 + 4 * r, s[b].x0, s[b].x1, &s[b].x2, &s[b].x3);
            for (int b = 0; b < nb; b++)
                enc_half(k, 10 + 4 * r, s[b].x2, s[b].x3, &s[b].x0, &s[b].x1);
        }
    } else {
#pragma GCC unroll 8
        for (int r = 7; r >= 0; r--) {
            for (int b = 0; b < nb; b++)
                dec_half(k, 10 + 4 * r, s[b].x2, s[b].x3, &s[b].x0, &s[b].x1);
            for (int b = 0; b < nb; b++)
                dec_half(k, 8 + 4 * r, s[b].x0, s[b].x1, &s[b].x2, &s[b].x3);
        }
    }
}

/* ecb_n encrypts or decrypts nb blocks. */
TF_INLINE void ecb_n(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, int nb,
                     int decrypt)
{
    tf_state s[4];
    for (int b = 0; b < nb; b++)
        s[b] = load_state(k, in + 16 * b, decrypt);
    crypt_n(k, s, nb, decrypt);
    for (int b = 0; b < nb; b++)
        store_state(k, out + 16 * b, &s[b], decrypt);
}

/* ---- "c": one block at a time ---- */

void brisk_twofish_enc_c(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n > 0; n--, in += 16, out += 16)
        ecb_n(k, out, in, 1, 0);
}

void brisk_twofish_dec_c(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n > 0; n--, in += 16, out += 16)
        ecb_n(k, out, in, 1, 1);
}

/* cbc_dec_n decrypts nb blocks in CBC, c_{-1} being iv, reading every
 * ciphertext block before writing (out == in works) and leaving iv at the
 * last one. */
TF_INLINE void cbc_dec_n(const brisk_twofish_key *k, uint8_t iv[16], uint8_t *out,
                         const uint8_t *in, int nb)
{
    uint8_t c[4][16];
    tf_state s[4];
    memcpy(c, in, 16 * (size_t)nb);
    for (int b = 0; b < nb; b++)
        s[b] = load_state(k, c[b], 1);
    crypt_n(k, s, nb, 1);
    for (int b = 0; b < nb; b++) {
        const uint8_t *prev = b == 0 ? iv : c[b - 1];
        store32_le(out + 16 * b, s[b].x0 ^ k->k[0] ^ load32_le(prev));
        store32_le(out + 16 * b + 4, s[b].x1 ^ k->k[1] ^ load32_le(prev + 4));
        store32_le(out + 16 * b + 8, s[b].x2 ^ k->k[2] ^ load32_le(prev + 8));
        store32_le(out + 16 * b + 12, s[b].x3 ^ k->k[3] ^ load32_le(prev + 12));
    }
    memcpy(iv, c[nb - 1], 16);
}

static void twofish_cbc_dec_c(const brisk_twofish_key *k, uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t n)
{
    for (; n > 0; n--, in += 16, out += 16)
        cbc_dec_n(k, iv, out, in, 1);
}

/* ---- "x4": four blocks interleaved ---- */

static void twofish_enc_x4(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n >= 4; n -= 4, in += 64, out += 64)
        ecb_n(k, out, in, 4, 0);
    brisk_twofish_enc_c(k, out, in, n);
}

static void twofish_dec_x4(const brisk_twofish_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n >= 4; n -= 4, in += 64, out += 64)
        ecb_n(k, out, in, 4, 1);
    brisk_twofish_dec_c(k, out, in, n);
}

static void twofish_cbc_dec_x4(const brisk_twofish_key *k, uint8_t iv[16], uint8_t *out,
                               const uint8_t *in, size_t n)
{
    for (; n >= 4; n -= 4, in += 64, out += 64)
        cbc_dec_n(k, iv, out, in, 4);
    twofish_cbc_dec_c(k, iv, out, in, n);
}

/* ---- CBC encryption: serial, the chaining value kept in registers ---- */

static void twofish_cbc_encrypt(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                                size_t n_blocks)
{
    const brisk_twofish_key *k = ks;
    /* The chaining value as the next block's whitened input words. */
    tf_state s = load_state(k, iv, 0);
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16) {
        s.x0 ^= load32_le(in), s.x1 ^= load32_le(in + 4);
        s.x2 ^= load32_le(in + 8), s.x3 ^= load32_le(in + 12);
        crypt_n(k, &s, 1, 0);
        store_state(k, out, &s, 0);
        /* The ciphertext words whitened for the next block, in registers
         * (reading them back from out would wait on store forwarding). */
        tf_state t = {s.x2 ^ k->k[4] ^ k->k[0], s.x3 ^ k->k[5] ^ k->k[1],
                      s.x0 ^ k->k[6] ^ k->k[2], s.x1 ^ k->k[7] ^ k->k[3]};
        s = t;
    }
    /* s holds the last ciphertext whitened: write the plain value back. */
    store32_le(iv, s.x0 ^ k->k[0]);
    store32_le(iv + 4, s.x1 ^ k->k[1]);
    store32_le(iv + 8, s.x2 ^ k->k[2]);
    store32_le(iv + 12, s.x3 ^ k->k[3]);
}

/* ---- The "twofish" primitive ---- */

/* "x4" is the choice everywhere: on the Zen 5 this was written on (AVX2
 * and AVX-512 present) it ran ECB at about 1.3 times the speed of the
 * vpgatherdd kernel "avx2" (four blocks of scalar lookups: 590 MiB/s
 * against 460 on 64 KiB buffers; libgcrypt 1.10.1's three-way assembly
 * decrypts CBC at 470-490 there),
 * whose gathers cost about one load per element there; "avx2" stays to be
 * forced and timed on CPUs with fast gathers, and "c" as the plain
 * reference. */
static const brisk_impl twofish_impls[] = {
    {"x4", 0, 0, BRISK_IMPL_AUTO,
     &(const brisk_twofish_ops){twofish_enc_x4, twofish_dec_x4, twofish_cbc_dec_x4}},
#ifdef BRISK_X86_64
    {"avx2", BRISK_CPU_AVX2, 0, BRISK_IMPL_FORCE_ONLY, &brisk_twofish_ops_avx2},
#endif
    {"c", 0, 0, BRISK_IMPL_FORCE_ONLY,
     &(const brisk_twofish_ops){brisk_twofish_enc_c, brisk_twofish_dec_c, twofish_cbc_dec_c}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_twofish_prim = {.name = "twofish", .impls = twofish_impls};

static inline const brisk_twofish_ops *twofish_active(void)
{
    return brisk_prim_ops(&brisk_twofish_prim);
}

static void twofish_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    twofish_active()->enc(ks, out, in, n_blocks);
}

static void twofish_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    twofish_active()->dec(ks, out, in, n_blocks);
}

static void twofish_cbc_decrypt(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                                size_t n_blocks)
{
    twofish_active()->cbc_dec(ks, iv, out, in, n_blocks);
}

const brisk_block_cipher brisk_twofish_cipher = {"twofish", 16, twofish_setkey, twofish_encrypt,
                                                 twofish_decrypt, twofish_cbc_encrypt,
                                                 twofish_cbc_decrypt,
                                                 NULL};
