/*
 * src/cipher/serpent.c - Serpent (R. Anderson, E. Biham, L. Knudsen,
 * "Serpent: A Proposal for the Advanced Encryption Standard", 1998): the
 * key schedule, the portable ECB and CBC-decryption kernels, the "serpent"
 * primitive and the descriptor.
 *
 * Byte order is the one of the NESSIE vectors, Botan, libgcrypt, Nettle and
 * the Linux kernel: a block is four little-endian 32-bit words, word 0
 * first; a key is read as little-endian words and a key shorter than 256
 * bits is padded with a single 1 bit after its last byte (the
 * specification's rule).  Keys of 1 to 32 bytes are accepted; the registry
 * offers 16, 24 and 32.
 *
 * Technique: the bitslice mode of the specification on 32-bit words (the
 * S-boxes as boolean circuits, serpent_sbox.h), one block at a time; the
 * AVX2 and AVX-512 implementations run the same circuits on 8 and 16 blocks
 * at once.
 *
 * Constant-time: yes, every implementation; no table lookups or branches on
 * keys or data.
 */
#include "internal.h"

typedef uint32_t serpent_word;
#include "serpent_sbox.h"

_Static_assert(sizeof(brisk_serpent_key) <= 4352, "a Serpent schedule fits half of an XTS ks");
_Static_assert(sizeof(brisk_serpent_key) <= BRISK_KS_SIZE, "Serpent schedule fits ks");

#define SERPENT_PHI 0x9e3779b9u

/* ---- Portable kernels ---- */

static inline void load_block(uint32_t x[4], const uint8_t *in)
{
    for (int i = 0; i < 4; i++)
        x[i] = load32_le(in + 4 * i);
}

static inline void store_block(uint8_t *out, const uint32_t x[4])
{
    for (int i = 0; i < 4; i++)
        store32_le(out + 4 * i, x[i]);
}

static void serpent_enc_c(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n > 0; n--, in += 16, out += 16) {
        uint32_t x[4];
        load_block(x, in);
        serpent_encrypt_words(x, k->rk);
        store_block(out, x);
    }
}

static void serpent_dec_c(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n > 0; n--, in += 16, out += 16) {
        uint32_t x[4];
        load_block(x, in);
        serpent_decrypt_words(x, k->rk);
        store_block(out, x);
    }
}

/* The chaining value stays in words: each ciphertext block is read before
 * its plaintext is written, so out == in works. */
static void serpent_cbc_dec_c(const brisk_serpent_key *k, uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t n)
{
    uint32_t v[4];
    load_block(v, iv);
    for (; n > 0; n--, in += 16, out += 16) {
        uint32_t x[4], c[4];
        load_block(c, in);
        for (int i = 0; i < 4; i++)
            x[i] = c[i];
        serpent_decrypt_words(x, k->rk);
        for (int i = 0; i < 4; i++) {
            x[i] ^= v[i];
            v[i] = c[i];
        }
        store_block(out, x);
    }
    store_block(iv, v);
}

/* CBC encryption is serial, so every implementation runs this one: the
 * chaining value stays in words and no call is made per block. */
static void serpent_cbc_enc(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                            size_t n_blocks)
{
    const brisk_serpent_key *k = ks;
    uint32_t v[4];
    load_block(v, iv);
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16) {
        for (int i = 0; i < 4; i++)
            v[i] ^= load32_le(in + 4 * i);
        serpent_encrypt_words(v, k->rk);
        store_block(out, v);
    }
    store_block(iv, v);
}

const brisk_serpent_ops brisk_serpent_ops_c = {serpent_enc_c, serpent_dec_c, serpent_cbc_dec_c};

/* ---- The vector implementations' drivers ---- */

/* The stack buffer of a tail: the widest group is 32 blocks (AVX-512). */
enum { GROUP_MAX = 32 };

/* A tail of 3 or more blocks costs the vector kernel about as much as
 * three blocks of portable code, so it goes through the buffer; one or two
 * blocks (CBC encryption's single blocks among them) do not. */
void brisk_serpent_groups_ecb(const brisk_serpent_groups *g, const brisk_serpent_key *k,
                              uint8_t *out, const uint8_t *in, size_t n, int decrypt)
{
    for (; n >= g->width; n -= g->width, in += 16 * g->width, out += 16 * g->width)
        g->full(k, out, in, decrypt);
    if (n == 0)
        return;
    if (n <= 2) {
        (decrypt ? serpent_dec_c : serpent_enc_c)(k, out, in, n);
        return;
    }
    _Alignas(64) uint8_t buf[16 * GROUP_MAX];
    memcpy(buf, in, 16 * n);
    (n <= g->width / 2 ? g->half : g->full)(k, buf, buf, decrypt);
    memcpy(out, buf, 16 * n);
    wipe(buf, sizeof(buf));
}

/* The ciphertext of a group (the next chaining values) is copied aside
 * before its plaintext overwrites it in place. */
void brisk_serpent_groups_cbc_dec(const brisk_serpent_groups *g, const brisk_serpent_key *k,
                                  uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    _Alignas(64) uint8_t c[16 + 16 * GROUP_MAX];
    memcpy(c, iv, 16);
    while (n > 0) {
        size_t m = n < g->width ? n : g->width;
        memcpy(c + 16, in, 16 * m);
        brisk_serpent_groups_ecb(g, k, out, in, m, 1);
        for (size_t i = 0; i < 16 * m; i += 8) {
            uint64_t p, v;
            memcpy(&p, out + i, 8);
            memcpy(&v, c + i, 8);
            p ^= v;
            memcpy(out + i, &p, 8);
        }
        memcpy(c, c + 16 * m, 16);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    memcpy(iv, c, 16);
}

/* ---- The "serpent" primitive ---- */

/* Widest first; each runs the same circuits. */
static const brisk_impl serpent_impls[] = {
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL, 0, BRISK_IMPL_AUTO,
     &brisk_serpent_ops_avx512},
    {"avx2", BRISK_CPU_AVX2, 0, BRISK_IMPL_AUTO, &brisk_serpent_ops_avx2},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &brisk_serpent_ops_c},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_serpent_prim = {.name = "serpent", .impls = serpent_impls};

static inline const brisk_serpent_ops *serpent_active(void)
{
    return brisk_prim_ops(&brisk_serpent_prim);
}

/* ---- Key schedule and the descriptor's entry points ---- */

static int serpent_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    brisk_serpent_key *k = ks;
    uint32_t w[140];   /* w[0..7] the padded key, w[8 + i] the prekey w_i */
    uint8_t padded[32] = {0};

    if (key == NULL || key_len == 0 || key_len > 32 || param != 0)
        return BRISK_EINVAL;
    memcpy(padded, key, key_len);
    if (key_len < 32)
        padded[key_len] = 1;
    for (int i = 0; i < 8; i++)
        w[i] = load32_le(padded + 4 * i);
    for (uint32_t i = 0; i < 132; i++)
        w[i + 8] = rotl32(w[i] ^ w[i + 3] ^ w[i + 5] ^ w[i + 7] ^ SERPENT_PHI ^ i, 11);
    /* Round key j comes out of S-box (3 - j) mod 8 applied to w_4j..w_4j+3. */
    for (unsigned j = 0; j < 33; j++) {
        uint32_t x[4] = {w[8 + 4 * j], w[9 + 4 * j], w[10 + 4 * j], w[11 + 4 * j]};
        serpent_sbox(x, 3 - j);
        memcpy(k->rk + 4 * j, x, sizeof(x));
    }
    wipe(w, sizeof(w));
    wipe(padded, sizeof(padded));
    return 0;
}

static void serpent_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    serpent_active()->enc(ks, out, in, n_blocks);
}

static void serpent_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    serpent_active()->dec(ks, out, in, n_blocks);
}

static void serpent_cbc_dec(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                            size_t n_blocks)
{
    serpent_active()->cbc_dec(ks, iv, out, in, n_blocks);
}

const brisk_block_cipher brisk_serpent_cipher = {"serpent", 16, serpent_setkey, serpent_encrypt,
                                                 serpent_decrypt, serpent_cbc_enc, serpent_cbc_dec,
                                                 NULL};
