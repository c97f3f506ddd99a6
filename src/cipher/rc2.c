/*
 * src/cipher/rc2.c - RC2 (RFC 2268): key expansion with effective key bits
 * and the ECB kernels.
 *
 * Keys are 1 to 128 bytes; the parameter is the effective key length in
 * bits, 1 to 1024, where 0 means key_len * 8 (what OpenSSL's rc2-cbc uses:
 * 128 bits for its 16-byte default key).  The 16 mixing rounds are
 * unrolled over 16-bit words held in registers.  Each "mix" computes the
 * select (R1 & R2) + (~R1 & R3) as R3 ^ (R1 & (R2 ^ R3)): R2 ^ R3 is ready
 * early, leaving and, xor, add and rotate on the critical path (the
 * and-not form costs one more).  The mashing rounds index
 * the key by data, so RC2 is not constant-time (BRISK_CIPHER_NOCT).
 */
#include "internal.h"

typedef struct rc2_key {
    uint16_t k[64];
} rc2_key;
_Static_assert(sizeof(rc2_key) <= BRISK_KS_SIZE, "RC2 schedule fits ks");

/* PITABLE of RFC 2268 section 2: a permutation of 0..255 derived from
 * the digits of pi. */
static const uint8_t rc2_pitable[256] = {
    0xd9, 0x78, 0xf9, 0xc4, 0x19, 0xdd, 0xb5, 0xed, 0x28, 0xe9, 0xfd, 0x79,
    0x4a, 0xa0, 0xd8, 0x9d, 0xc6, 0x7e, 0x37, 0x83, 0x2b, 0x76, 0x53, 0x8e,
    0x62, 0x4c, 0x64, 0x88, 0x44, 0x8b, 0xfb, 0xa2, 0x17, 0x9a, 0x59, 0xf5,
    0x87, 0xb3, 0x4f, 0x13, 0x61, 0x45, 0x6d, 0x8d, 0x09, 0x81, 0x7d, 0x32,
    0xbd, 0x8f, 0x40, 0xeb, 0x86, 0xb7, 0x7b, 0x0b, 0xf0, 0x95, 0x21, 0x22,
    0x5c, 0x6b, 0x4e, 0x82, 0x54, 0xd6, 0x65, 0x93, 0xce, 0x60, 0xb2, 0x1c,
    0x73, 0x56, 0xc0, 0x14, 0xa7, 0x8c, 0xf1, 0xdc, 0x12, 0x75, 0xca, 0x1f,
    0x3b, 0xbe, 0xe4, 0xd1, 0x42, 0x3d, 0xd4, 0x30, 0xa3, 0x3c, 0xb6, 0x26,
    0x6f, 0xbf, 0x0e, 0xda, 0x46, 0x69, 0x07, 0x57, 0x27, 0xf2, 0x1d, 0x9b,
    0xbc, 0x94, 0x43, 0x03, 0xf8, 0x11, 0xc7, 0xf6, 0x90, 0xef, 0x3e, 0xe7,
    0x06, 0xc3, 0xd5, 0x2f, 0xc8, 0x66, 0x1e, 0xd7, 0x08, 0xe8, 0xea, 0xde,
    0x80, 0x52, 0xee, 0xf7, 0x84, 0xaa, 0x72, 0xac, 0x35, 0x4d, 0x6a, 0x2a,
    0x96, 0x1a, 0xd2, 0x71, 0x5a, 0x15, 0x49, 0x74, 0x4b, 0x9f, 0xd0, 0x5e,
    0x04, 0x18, 0xa4, 0xec, 0xc2, 0xe0, 0x41, 0x6e, 0x0f, 0x51, 0xcb, 0xcc,
    0x24, 0x91, 0xaf, 0x50, 0xa1, 0xf4, 0x70, 0x39, 0x99, 0x7c, 0x3a, 0x85,
    0x23, 0xb8, 0xb4, 0x7a, 0xfc, 0x02, 0x36, 0x5b, 0x25, 0x55, 0x97, 0x31,
    0x2d, 0x5d, 0xfa, 0x98, 0xe3, 0x8a, 0x92, 0xae, 0x05, 0xdf, 0x29, 0x10,
    0x67, 0x6c, 0xba, 0xc9, 0xd3, 0x00, 0xe6, 0xcf, 0xe1, 0x9e, 0xa8, 0x2c,
    0x63, 0x16, 0x01, 0x3f, 0x58, 0xe2, 0x89, 0xa9, 0x0d, 0x38, 0x34, 0x1b,
    0xab, 0x33, 0xff, 0xb0, 0xbb, 0x48, 0x0c, 0x5f, 0xb9, 0xb1, 0xcd, 0x2e,
    0xc5, 0xf3, 0xdb, 0x47, 0xe5, 0xa5, 0x9c, 0x77, 0x0a, 0xa6, 0x20, 0x68,
    0xfe, 0x7f, 0xc1, 0xad,
};

static inline uint16_t rol16(uint16_t x, unsigned n)
{
    return (uint16_t)(x << n | x >> (16 - n));
}

static inline uint16_t ror16(uint16_t x, unsigned n)
{
    return (uint16_t)(x >> n | x << (16 - n));
}

/* sel is (b & c) | (~b & d): c where b has ones, d where it has zeros. */
static inline uint16_t sel(uint16_t b, uint16_t c, uint16_t d)
{
    return (uint16_t)(d ^ (b & (c ^ d)));
}

/* mix is one MIX step: a += k + sel(b, c, d), rotated left by s, where
 * b is the word mixed just before (R[i-1]), c = R[i-2], d = R[i-3]. */
static inline uint16_t mix(uint16_t a, uint16_t b, uint16_t c, uint16_t d, uint16_t k,
                           unsigned s)
{
    return rol16((uint16_t)(a + k + sel(b, c, d)), s);
}

/* unmix undoes mix. */
static inline uint16_t unmix(uint16_t a, uint16_t b, uint16_t c, uint16_t d, uint16_t k,
                             unsigned s)
{
    return (uint16_t)(ror16(a, s) - k - sel(b, c, d));
}

/* mixing_round is the four MIX steps with keys k[j..j+3]. */
static inline void mixing_round(const uint16_t *k, int j, uint16_t r[4])
{
    r[0] = mix(r[0], r[3], r[2], r[1], k[j], 1);
    r[1] = mix(r[1], r[0], r[3], r[2], k[j + 1], 2);
    r[2] = mix(r[2], r[1], r[0], r[3], k[j + 2], 3);
    r[3] = mix(r[3], r[2], r[1], r[0], k[j + 3], 5);
}

static inline void r_mixing_round(const uint16_t *k, int j, uint16_t r[4])
{
    r[3] = unmix(r[3], r[2], r[1], r[0], k[j + 3], 5);
    r[2] = unmix(r[2], r[1], r[0], r[3], k[j + 2], 3);
    r[1] = unmix(r[1], r[0], r[3], r[2], k[j + 1], 2);
    r[0] = unmix(r[0], r[3], r[2], r[1], k[j], 1);
}

static inline void mashing_round(const uint16_t *k, uint16_t r[4])
{
    r[0] = (uint16_t)(r[0] + k[r[3] & 63]);
    r[1] = (uint16_t)(r[1] + k[r[0] & 63]);
    r[2] = (uint16_t)(r[2] + k[r[1] & 63]);
    r[3] = (uint16_t)(r[3] + k[r[2] & 63]);
}

static inline void r_mashing_round(const uint16_t *k, uint16_t r[4])
{
    r[3] = (uint16_t)(r[3] - k[r[2] & 63]);
    r[2] = (uint16_t)(r[2] - k[r[1] & 63]);
    r[1] = (uint16_t)(r[1] - k[r[0] & 63]);
    r[0] = (uint16_t)(r[0] - k[r[3] & 63]);
}

static inline void load_block(uint16_t r[4], const uint8_t *in)
{
    for (int i = 0; i < 4; i++)
        r[i] = (uint16_t)(in[2 * i] | in[2 * i + 1] << 8);
}

static inline void store_block(uint8_t *out, const uint16_t r[4])
{
    for (int i = 0; i < 4; i++) {
        out[2 * i] = (uint8_t)r[i];
        out[2 * i + 1] = (uint8_t)(r[i] >> 8);
    }
}

/* RFC 2268 section 3.3: 5 mixing rounds, a mashing round, 6 mixing, a
 * mashing, 5 mixing. */
static inline void rc2_encrypt_words(const uint16_t *k, uint16_t r[4])
{
#pragma GCC unroll 5
    for (int j = 0; j < 20; j += 4)
        mixing_round(k, j, r);
    mashing_round(k, r);
#pragma GCC unroll 6
    for (int j = 20; j < 44; j += 4)
        mixing_round(k, j, r);
    mashing_round(k, r);
#pragma GCC unroll 5
    for (int j = 44; j < 64; j += 4)
        mixing_round(k, j, r);
}

/* rc2_decrypt_words undoes rc2_encrypt_words on n blocks (n a constant, 1
 * or 2), interleaved so that one block's serial steps fill the other's
 * latency: ECB and CBC decryption have independent blocks. */
static inline void rc2_decrypt_words(const uint16_t *k, uint16_t r[][4], int n)
{
#pragma GCC unroll 5
    for (int j = 60; j >= 44; j -= 4)
        for (int b = 0; b < n; b++)
            r_mixing_round(k, j, r[b]);
    for (int b = 0; b < n; b++)
        r_mashing_round(k, r[b]);
#pragma GCC unroll 6
    for (int j = 40; j >= 20; j -= 4)
        for (int b = 0; b < n; b++)
            r_mixing_round(k, j, r[b]);
    for (int b = 0; b < n; b++)
        r_mashing_round(k, r[b]);
#pragma GCC unroll 5
    for (int j = 16; j >= 0; j -= 4)
        for (int b = 0; b < n; b++)
            r_mixing_round(k, j, r[b]);
}

static void rc2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const uint16_t *k = ((const rc2_key *)ks)->k;
    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        uint16_t r[4];
        load_block(r, in);
        rc2_encrypt_words(k, r);
        store_block(out, r);
    }
}

static void rc2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const uint16_t *k = ((const rc2_key *)ks)->k;
    uint16_t r[2][4];
    for (; n_blocks >= 2; n_blocks -= 2, in += 16, out += 16) {
        load_block(r[0], in);
        load_block(r[1], in + 8);
        rc2_decrypt_words(k, r, 2);
        store_block(out, r[0]);
        store_block(out + 8, r[1]);
    }
    if (n_blocks > 0) {
        load_block(r[0], in);
        rc2_decrypt_words(k, r, 1);
        store_block(out, r[0]);
    }
}

/* ---- CBC encryption: the chaining value stays in registers (see cbc_enc
 * in internal.h) ---- */

void brisk_rc2_cbc_encrypt(const void *ks, uint8_t iv[8], uint8_t *out, const uint8_t *in,
                           size_t n_blocks)
{
    const uint16_t *k = ((const rc2_key *)ks)->k;
    uint16_t r[4], x[4];
    load_block(r, iv);
    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        load_block(x, in);
        for (int i = 0; i < 4; i++)
            r[i] ^= x[i];
        rc2_encrypt_words(k, r);
        store_block(out, r);
    }
    store_block(iv, r);
}

/* RFC 2268 section 2: expand to 128 bytes, then reduce the effective key
 * to bits bits and expand back. */
static int rc2_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    rc2_key *k = ks;
    uint8_t l[128];
    unsigned bits = param != 0 ? param : (unsigned)key_len * 8;
    if (key == NULL || key_len < 1 || key_len > 128 || bits > 1024)
        return BRISK_EINVAL;

    memcpy(l, key, key_len);
    for (size_t i = key_len; i < 128; i++)
        l[i] = rc2_pitable[(uint8_t)(l[i - 1] + l[i - key_len])];
    unsigned t8 = (bits + 7) / 8;
    uint8_t tm = (uint8_t)(0xff >> (8 * t8 - bits));
    l[128 - t8] = rc2_pitable[l[128 - t8] & tm];
    for (int i = 127 - (int)t8; i >= 0; i--)
        l[i] = rc2_pitable[l[i + 1] ^ l[i + t8]];
    for (int i = 0; i < 64; i++)
        k->k[i] = (uint16_t)(l[2 * i] | l[2 * i + 1] << 8);
    wipe(l, sizeof(l));
    return 0;
}

const brisk_block_cipher brisk_rc2_cipher = {"rc2", 8, rc2_setkey, rc2_encrypt, rc2_decrypt,
                                             brisk_rc2_cbc_encrypt, NULL, NULL};
