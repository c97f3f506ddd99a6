/*
 * src/cipher/idea.c - IDEA (X. Lai and J. Massey, "A Proposal for a New
 * Block Encryption Standard", EUROCRYPT '90; the ISO/IEC 9979 register
 * entry): a 16-byte key, 8.5 rounds over 16-bit words.
 *
 * Multiplication modulo 2^16 + 1 (where 0 stands for 2^16) is computed
 * with one 32-bit product and masks, never a branch, and the rest is
 * additions and xors: no secret-dependent branch or address anywhere, so
 * this implementation is constant-time (given a constant-time multiplier,
 * as on x86-64 and ARMv8).  Decryption subkeys are the inverses computed
 * by a fixed exponentiation, also without branches.
 */
#include "internal.h"

#define IDEA_SUBKEYS 52

/* Subkeys for both directions.  Additive ones are 0..0xffff; each
 * multiplicative one is stored as kf in 1..2^16 (0 meaning 2^16) with
 * kc = (1 - kf) mod 2^16, the product's encoding when the other operand is
 * 0 (see mul). */
typedef struct idea_key {
    uint32_t ek[IDEA_SUBKEYS], ek_c[IDEA_SUBKEYS];
    uint32_t dk[IDEA_SUBKEYS], dk_c[IDEA_SUBKEYS];
} idea_key;
_Static_assert(sizeof(idea_key) <= BRISK_KS_SIZE, "IDEA schedule fits ks");

/* unzero maps a 16-bit x to 1..2^16: 0 becomes 2^16. */
static inline uint32_t unzero(uint32_t x)
{
    return x | ((x - 1) >> 15 & 0x10000);
}

/* mul multiplies x (0..0xffff, 0 meaning 2^16) by kf (1..2^16) modulo
 * 2^16 + 1, returning 0..0xffff in x's encoding.  With x non-zero, q =
 * x * kf < 2^32, and with q = hi * 2^16 + lo, q = lo - hi modulo 2^16 + 1,
 * a borrow adding one.  x = 0 stands for 2^16 = -1, whose product -kf is
 * kc = 1 - kf in the encoding; then q = 0 and kc is added instead, chosen
 * by a mask, not a branch.  The correction joins the borrow's add (sub,
 * adc), so the chain from x is imul, shift, sub, adc and a mask. */
static inline uint32_t mul(uint32_t x, uint32_t kf, uint32_t kc)
{
    uint32_t corr = (0 - ((x - 1) >> 31)) & kc;
    uint32_t q = x * kf, r;
    uint32_t borrow = __builtin_sub_overflow(q & 0xffff, q >> 16, &r);
    return (r + borrow + corr) & 0xffff;
}

/* idea_words runs the 8 rounds and the output transform on the four
 * 16-bit words of each of n blocks (n a constant: 1, or 2 for ECB and CBC
 * decryption, whose blocks are independent, so that one block's
 * multiplications fill the other's latency), with subkeys k (their zero
 * corrections kc). */
static inline void idea_words(const uint32_t *k, const uint32_t *kc, uint32_t x[][4], int n)
{
    uint32_t x1[2], x2[2], x3[2], x4[2];
    for (int b = 0; b < n; b++)
        x1[b] = x[b][0], x2[b] = x[b][1], x3[b] = x[b][2], x4[b] = x[b][3];
#pragma GCC unroll 8
    for (int r = 0; r < 8; r++, k += 6, kc += 6) {
        for (int b = 0; b < n; b++) {
            x1[b] = mul(x1[b], k[0], kc[0]);
            x2[b] = (x2[b] + k[1]) & 0xffff;
            x3[b] = (x3[b] + k[2]) & 0xffff;
            x4[b] = mul(x4[b], k[3], kc[3]);
            uint32_t t0 = mul(x1[b] ^ x3[b], k[4], kc[4]);
            uint32_t t1 = mul((t0 + (x2[b] ^ x4[b])) & 0xffff, k[5], kc[5]);
            t0 = (t0 + t1) & 0xffff;
            x1[b] ^= t1;
            x4[b] ^= t0;
            uint32_t t = x2[b] ^ t0;
            x2[b] = x3[b] ^ t1;
            x3[b] = t;
        }
    }
    /* The output transform undoes the last round's swap of x2 and x3. */
    for (int b = 0; b < n; b++) {
        x[b][0] = mul(x1[b], k[0], kc[0]);
        x[b][1] = (x3[b] + k[1]) & 0xffff;
        x[b][2] = (x2[b] + k[2]) & 0xffff;
        x[b][3] = mul(x4[b], k[3], kc[3]);
    }
}

static inline void load_words(uint32_t x[4], const uint8_t *in)
{
    for (int i = 0; i < 4; i++)
        x[i] = (uint32_t)in[2 * i] << 8 | in[2 * i + 1];
}

static inline void store_words(uint8_t *out, const uint32_t x[4])
{
    for (int i = 0; i < 4; i++) {
        out[2 * i] = (uint8_t)(x[i] >> 8);
        out[2 * i + 1] = (uint8_t)x[i];
    }
}

/* idea_blocks encrypts or decrypts (by the subkeys given) n_blocks blocks,
 * two at a time. */
static inline void idea_blocks(const uint32_t *k, const uint32_t *kc, uint8_t *out,
                               const uint8_t *in, size_t n_blocks)
{
    uint32_t x[2][4];
    for (; n_blocks >= 2; n_blocks -= 2, in += 16, out += 16) {
        load_words(x[0], in);
        load_words(x[1], in + 8);
        idea_words(k, kc, x, 2);
        store_words(out, x[0]);
        store_words(out + 8, x[1]);
    }
    if (n_blocks > 0) {
        load_words(x[0], in);
        idea_words(k, kc, x, 1);
        store_words(out, x[0]);
    }
}

static void idea_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const idea_key *k = ks;
    idea_blocks(k->ek, k->ek_c, out, in, n_blocks);
}

static void idea_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const idea_key *k = ks;
    idea_blocks(k->dk, k->dk_c, out, in, n_blocks);
}

/* ---- CBC encryption: the chaining value stays in registers (see cbc_enc
 * in internal.h) ---- */

void brisk_idea_cbc_encrypt(const void *ks, uint8_t iv[8], uint8_t *out, const uint8_t *in,
                            size_t n_blocks)
{
    const idea_key *k = ks;
    uint32_t c[1][4], x[4];
    load_words(c[0], iv);
    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        load_words(x, in);
        for (int i = 0; i < 4; i++)
            c[0][i] ^= x[i];
        idea_words(k->ek, k->ek_c, c, 1);
        store_words(out, c[0]);
    }
    store_words(iv, c[0]);
}

/* inv returns the multiplicative inverse of x (0..0xffff, 0 meaning 2^16)
 * modulo 2^16 + 1 as x^(2^16 - 1), in the same encoding. */
static uint32_t inv(uint32_t x)
{
    uint32_t r = x; /* x^(2^i - 1) after each step */
    for (int i = 1; i < 16; i++)
        r = mul(mul(r, unzero(r), (1 - r) & 0xffff), unzero(x), (1 - x) & 0xffff);
    return r;
}

/* neg returns the additive inverse modulo 2^16. */
static inline uint32_t neg(uint32_t x)
{
    return (0x10000 - x) & 0xffff;
}

static int idea_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    idea_key *k = ks;
    uint32_t ek[IDEA_SUBKEYS], dk[IDEA_SUBKEYS];
    if (key == NULL || key_len != 16 || param != 0)
        return BRISK_EINVAL;

    /* Eight 16-bit words of the key, then the key rotated left 25 bits. */
    uint64_t hi = load64_be(key), lo = load64_be(key + 8);
    for (int i = 0; i < IDEA_SUBKEYS; i++) {
        if (i > 0 && i % 8 == 0) {
            uint64_t h = hi << 25 | lo >> 39;
            lo = lo << 25 | hi >> 39;
            hi = h;
        }
        int j = i % 8;
        ek[i] = (uint32_t)((j < 4 ? hi >> (48 - 16 * j) : lo >> (48 - 16 * (j - 4))) & 0xffff);
    }
    /* Decryption runs the rounds backwards with inverted subkeys; the
     * additive pair is swapped except in the first and last rounds. */
    for (int r = 0; r <= 8; r++) {
        const uint32_t *e = ek + 6 * (8 - r);
        uint32_t *d = dk + 6 * r;
        int swap = r != 0 && r != 8;
        d[0] = inv(e[0]);
        d[1] = neg(e[swap ? 2 : 1]);
        d[2] = neg(e[swap ? 1 : 2]);
        d[3] = inv(e[3]);
        if (r < 8) {
            d[4] = e[-2];
            d[5] = e[-1];
        }
    }
    for (int i = 0; i < IDEA_SUBKEYS; i++) {
        int j = i % 6, is_mul = j == 0 || j == 3 || j == 4 || j == 5;
        k->ek[i] = is_mul ? unzero(ek[i]) : ek[i];
        k->dk[i] = is_mul ? unzero(dk[i]) : dk[i];
        k->ek_c[i] = (1 - k->ek[i]) & 0xffff;
        k->dk_c[i] = (1 - k->dk[i]) & 0xffff;
    }
    wipe(ek, sizeof(ek));
    wipe(dk, sizeof(dk));
    wipe(&hi, sizeof(hi));
    wipe(&lo, sizeof(lo));
    return 0;
}

const brisk_block_cipher brisk_idea_cipher = {"idea", 8, idea_setkey, idea_encrypt,
                                              idea_decrypt, brisk_idea_cbc_encrypt, NULL, NULL};
