/*
 * src/cipher/rc5.c - RC5-32 (R. Rivest, "The RC5 Encryption Algorithm",
 * FSE 1994; RFC 2040): 32-bit words, 64-bit blocks, keys of 0 to 255 bytes
 * and 0 to 255 rounds.
 *
 * The parameter is the number of rounds, 1 to 255, where 0 means 12
 * (RC5-32/12, OpenSSL's rc5-cbc default with a 16-byte key); zero rounds
 * cannot be asked for through this interface.  Each half-round is a
 * data-dependent rotation, which x86-64 and ARMv8 execute in constant time,
 * and there are no tables: constant-time on such machines.
 */
#include "internal.h"

#define RC5_MAX_ROUNDS 255
#define RC5_P32 0xb7e15163u
#define RC5_Q32 0x9e3779b9u

typedef struct rc5_key {
    uint32_t s[2 * RC5_MAX_ROUNDS + 2];
    unsigned rounds;
} rc5_key;
_Static_assert(sizeof(rc5_key) <= BRISK_KS_SIZE, "RC5 schedule fits ks");

/* One round forwards with subkeys s[0], s[1] of that round. */
static inline void round_enc(uint32_t *a, uint32_t *b, const uint32_t *s)
{
    *a = rotl32(*a ^ *b, *b) + s[0];
    *b = rotl32(*b ^ *a, *a) + s[1];
}

static inline void round_dec(uint32_t *a, uint32_t *b, const uint32_t *s)
{
    *b = rotr32(*b - s[1], *a) ^ *a;
    *a = rotr32(*a - s[0], *b) ^ *b;
}

/* rc5_encrypt_words encrypts the block (a, b) with rounds rounds. */
static inline void rc5_encrypt_words(const uint32_t *s, unsigned rounds, uint32_t *a,
                                     uint32_t *b)
{
    unsigned i = 1;
    *a += s[0];
    *b += s[1];
    /* Two rounds per pass; an odd count ends with one more. */
    for (; i < rounds; i += 2) {
        round_enc(a, b, s + 2 * i);
        round_enc(a, b, s + 2 * i + 2);
    }
    if (i == rounds)
        round_enc(a, b, s + 2 * i);
}

/* ECB (both ways) and CBC decryption take two blocks at a time: they are
 * independent, so one block's chain of xor, rotation and addition fills
 * the other's latency. */
static void rc5_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const rc5_key *k = ks;
    const uint32_t *s = k->s;
    unsigned rounds = k->rounds;
    for (; n_blocks >= 2; n_blocks -= 2, in += 16, out += 16) {
        uint32_t a0 = load32_le(in) + s[0], b0 = load32_le(in + 4) + s[1];
        uint32_t a1 = load32_le(in + 8) + s[0], b1 = load32_le(in + 12) + s[1];
        for (unsigned i = 1; i <= rounds; i++) {
            round_enc(&a0, &b0, s + 2 * i);
            round_enc(&a1, &b1, s + 2 * i);
        }
        store32_le(out, a0);
        store32_le(out + 4, b0);
        store32_le(out + 8, a1);
        store32_le(out + 12, b1);
    }
    if (n_blocks > 0) {
        uint32_t a = load32_le(in), b = load32_le(in + 4);
        rc5_encrypt_words(s, rounds, &a, &b);
        store32_le(out, a);
        store32_le(out + 4, b);
    }
}

static void rc5_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const rc5_key *k = ks;
    const uint32_t *s = k->s;
    unsigned rounds = k->rounds;
    for (; n_blocks >= 2; n_blocks -= 2, in += 16, out += 16) {
        uint32_t a0 = load32_le(in), b0 = load32_le(in + 4);
        uint32_t a1 = load32_le(in + 8), b1 = load32_le(in + 12);
        for (unsigned i = rounds; i > 0; i--) {
            round_dec(&a0, &b0, s + 2 * i);
            round_dec(&a1, &b1, s + 2 * i);
        }
        store32_le(out, a0 - s[0]);
        store32_le(out + 4, b0 - s[1]);
        store32_le(out + 8, a1 - s[0]);
        store32_le(out + 12, b1 - s[1]);
    }
    if (n_blocks > 0) {
        uint32_t a = load32_le(in), b = load32_le(in + 4);
        unsigned i = rounds;
        for (; i > 1; i -= 2) {
            round_dec(&a, &b, s + 2 * i);
            round_dec(&a, &b, s + 2 * i - 2);
        }
        if (i == 1)
            round_dec(&a, &b, s + 2);
        store32_le(out, a - s[0]);
        store32_le(out + 4, b - s[1]);
    }
}

/* ---- CBC encryption: the chaining value stays in registers (see cbc_enc
 * in internal.h) ---- */

void brisk_rc5_cbc_encrypt(const void *ks, uint8_t iv[8], uint8_t *out, const uint8_t *in,
                           size_t n_blocks)
{
    const rc5_key *k = ks;
    const uint32_t *s = k->s;
    unsigned rounds = k->rounds;
    uint32_t a = load32_le(iv), b = load32_le(iv + 4);
    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        a ^= load32_le(in);
        b ^= load32_le(in + 4);
        rc5_encrypt_words(s, rounds, &a, &b);
        store32_le(out, a);
        store32_le(out + 4, b);
    }
    store32_le(iv, a);
    store32_le(iv + 4, b);
}

static int rc5_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    rc5_key *k = ks;
    uint32_t l[64] = {0};
    unsigned rounds = param != 0 ? param : 12;
    if ((key == NULL && key_len != 0) || key_len > 255 || rounds > RC5_MAX_ROUNDS)
        return BRISK_EINVAL;

    /* The key as little-endian words; an empty key is one zero word. */
    for (size_t i = 0; i < key_len; i++)
        l[i / 4] |= (uint32_t)key[i] << (8 * (i % 4));
    size_t c = key_len == 0 ? 1 : (key_len + 3) / 4, t = 2 * (size_t)rounds + 2;

    k->s[0] = RC5_P32;
    for (size_t i = 1; i < t; i++)
        k->s[i] = k->s[i - 1] + RC5_Q32;
    uint32_t a = 0, b = 0;
    for (size_t n = 3 * (t > c ? t : c), i = 0, j = 0; n > 0; n--) {
        a = k->s[i] = rotl32(k->s[i] + a + b, 3);
        b = l[j] = rotl32(l[j] + a + b, a + b);
        i = i + 1 == t ? 0 : i + 1;
        j = j + 1 == c ? 0 : j + 1;
    }
    k->rounds = rounds;
    wipe(l, sizeof(l));
    return 0;
}

const brisk_block_cipher brisk_rc5_cipher = {"rc5", 8, rc5_setkey, rc5_encrypt, rc5_decrypt,
                                             brisk_rc5_cbc_encrypt, NULL, NULL};
