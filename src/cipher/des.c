/*
 * src/cipher/des.c - DES (FIPS 46-3) and triple DES (NIST SP 800-67 EDE,
 * with two keys, K3 = K1, or three): the key schedule, the initial and
 * final permutations, ECB over whole blocks and CBC encryption, and the
 * "des" primitive's table of round variants (des_rounds.c).
 *
 * Technique: Eric Young's SSLeay tables (des_tables.c).  Each S-box is
 * merged with the P permutation into a table of 64 words, so a round is
 * eight lookups xored together; the initial and final permutations are the
 * classic swap-move sequences; triple DES does them once around its three
 * passes.  Unlike SSLeay, whose 32-bit round rotates one copy of R by four
 * bits, each half of the block is kept here as a 64-bit word holding two
 * rotated copies of itself, rotl(R, 7) << 32 | rotl(R, 3), with bits 0 and
 * 1 of each byte cleared: then R xor the round key has the eight 6-bit
 * S-box inputs in bits 2..7 of its eight bytes and zeros below them, and
 * the tables hold their outputs in the same form, so the round has neither
 * rotation nor mask, and its byte-offset form (DES_PTR) only extracts
 * bytes.  All variants use the same key schedule, so a key stays usable
 * whichever is active.
 *
 * Not constant-time: the tables are indexed by key-dependent data (the
 * descriptors carry BRISK_CIPHER_NOCT).
 */
#include "des_internal.h"

/* The left rotations of C and D before each round. */
static const uint8_t des_shifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};

/* One DES key: the 16 round keys in brisk_des_sp's layout, in encryption
 * order and reversed for decryption, so that the rounds only ever walk forward. */
typedef struct des_key {
    uint64_t enc[17]; /* the 17th is zero: see rounds_16 (des_rounds.c) */
    uint64_t dec[17];
} des_key;

/* The schedule in brisk_cipher_ctx.ks: single DES uses k[0]; triple DES
 * encrypts with k[0], decrypts with k[1], encrypts with k[2]. */
typedef struct des_ks {
    des_key k[3];
} des_ks;

_Static_assert(sizeof(des_ks) <= BRISK_KS_SIZE, "DES key schedule too large");

/* ---- Key schedule ---- */

static void des_expand(des_key *dk, const uint8_t key[8])
{
    uint64_t kbits = load64_be(key), cd = 0;

    for (int n = 0; n < 16; n++)
        cd ^= brisk_des_pc1_nib[n][(kbits >> (60 - 4 * n)) & 15];
    uint32_t c = (uint32_t)(cd >> 28), d = (uint32_t)cd & 0x0fffffff;
#pragma GCC unroll 16
    for (int round = 0; round < 16; round++) {
        unsigned s = des_shifts[round];
        c = (c << s | c >> (28 - s)) & 0x0fffffff;
        d = (d << s | d >> (28 - s)) & 0x0fffffff;
        uint64_t x = (uint64_t)c << 28 | d, k = 0;
        for (int j = 0; j < 7; j++)
            k ^= brisk_des_pc2_byte[j][(x >> (48 - 8 * j)) & 0xff];
        dk->enc[round] = k;
        dk->dec[15 - round] = k;
    }
    dk->enc[16] = 0;
    dk->dec[16] = 0;
}

static int des_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    if (key_len != 8 || param != 0)
        return BRISK_EINVAL;
    des_expand(&((des_ks *)ks)->k[0], key);
    return 0;
}

static int des_ede_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    des_ks *k = ks;

    if (key_len != 16 || param != 0)
        return BRISK_EINVAL;
    des_expand(&k->k[0], key);
    des_expand(&k->k[1], key + 8);
    k->k[2] = k->k[0];
    return 0;
}

static int des_ede3_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    des_ks *k = ks;

    if (key_len != 24 || param != 0)
        return BRISK_EINVAL;
    des_expand(&k->k[0], key);
    des_expand(&k->k[1], key + 8);
    des_expand(&k->k[2], key + 16);
    return 0;
}

/* ---- Initial and final permutations ---- */

/* swap_move exchanges the bits of a selected by mask << n with the bits of
 * b selected by mask: the step of which IP and FP are made. */
static inline void swap_move(uint32_t *a, uint32_t *b, unsigned n, uint32_t mask)
{
    uint32_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* undoubled merges the two copies: every bit of the half survives in at
 * least one of them, since E reads every bit. */
static inline uint32_t undoubled(uint64_t x)
{
    return rotr32((uint32_t)x, 3) | rotr32((uint32_t)(x >> 32), 7);
}

/* load_block reads a block and applies IP. */
static inline des_halves load_block(const uint8_t in[8])
{
    uint32_t l = load32_be(in), r = load32_be(in + 4);

    swap_move(&l, &r, 4, 0x0f0f0f0f);
    swap_move(&l, &r, 16, 0x0000ffff);
    swap_move(&r, &l, 2, 0x33333333);
    swap_move(&r, &l, 8, 0x00ff00ff);
    swap_move(&l, &r, 1, 0x55555555);
    return (des_halves){doubled(l), doubled(r)};
}

/* store_block applies FP (IP's steps undone in reverse order) and writes
 * the block. */
static inline void store_block(uint8_t out[8], des_halves s)
{
    uint32_t l = undoubled(s.l), r = undoubled(s.r);

    swap_move(&l, &r, 1, 0x55555555);
    swap_move(&r, &l, 8, 0x00ff00ff);
    swap_move(&r, &l, 2, 0x33333333);
    swap_move(&l, &r, 16, 0x0000ffff);
    swap_move(&l, &r, 4, 0x0f0f0f0f);
    store32_be(out, l);
    store32_be(out + 4, r);
}


/* A variant's operations: its 16 rounds. */
typedef struct des_ops {
    des_rounds_fn *rounds;
} des_ops;

/* The order is `brisk des-opts`'s ranking on the Ice Lake-SP Xeon this was
 * written on, best first (two runs of 2 s per variant, on a loaded 2-core
 * machine; the byte-offset plain form led both, the first six within 5% of
 * each other).  The rorx forms, which need BMI2, came later and lead it;
 * of SSLeay's twelve, which need no CPU feature, the first is the default
 * everywhere else.  The others are there to be timed and forced: run
 * `brisk des-opts` to rank them elsewhere and BRISK_IMPL=des=NAME to force
 * one. */
static const brisk_impl des_impls[] = {
#ifdef BRISK_X86_64
    {"ptr-rorx-4", BRISK_CPU_BMI2, 0, BRISK_IMPL_AUTO, &(const des_ops){brisk_des_ptr_rorx_4}},
    {"ptr-rorx-16", BRISK_CPU_BMI2, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_ptr_rorx_16}},
#endif
    {"ptr-cisc-4", 0, 0, BRISK_IMPL_AUTO, &(const des_ops){brisk_des_ptr_cisc_4}},
    {"ptr-cisc-16", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_ptr_cisc_16}},
    {"ptr-risc1-16", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_ptr_risc1_16}},
    {"ptr-risc1-4", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_ptr_risc1_4}},
    {"idx-risc2-16", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_idx_risc2_16}},
    {"idx-risc2-4", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_idx_risc2_4}},
    {"idx-risc1-4", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_idx_risc1_4}},
    {"idx-cisc-16", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_idx_cisc_16}},
    {"idx-risc1-16", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_idx_risc1_16}},
    {"ptr-risc2-4", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_ptr_risc2_4}},
    {"idx-cisc-4", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_idx_cisc_4}},
    {"ptr-risc2-16", 0, 0, BRISK_IMPL_FORCE_ONLY, &(const des_ops){brisk_des_ptr_risc2_16}},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_des_prim = {.name = "des", .impls = des_impls};

static inline des_rounds_fn *active_rounds(void)
{
    const des_ops *ops = brisk_prim_ops(&brisk_des_prim);
    return ops->rounds;
}

/* ---- ECB kernels ---- */

static void des_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const des_key *k = &((const des_ks *)ks)->k[0];
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8)
        store_block(out, rounds(load_block(in), k->enc));
}

static void des_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    const des_key *k = &((const des_ks *)ks)->k[0];
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8)
        store_block(out, rounds(load_block(in), k->dec));
}

static void des_ede3_encrypt(const void *ks, uint8_t *out, const uint8_t *in,
                             size_t n_blocks)
{
    const des_key *k = ((const des_ks *)ks)->k;
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        des_halves s = load_block(in);
        s = rounds(s, k[0].enc);
        s = rounds(s, k[1].dec);
        s = rounds(s, k[2].enc);
        store_block(out, s);
    }
}

static void des_ede3_decrypt(const void *ks, uint8_t *out, const uint8_t *in,
                             size_t n_blocks)
{
    const des_key *k = ((const des_ks *)ks)->k;
    des_rounds_fn *rounds = active_rounds();

    for (; n_blocks > 0; n_blocks--, in += 8, out += 8) {
        des_halves s = load_block(in);
        s = rounds(s, k[2].dec);
        s = rounds(s, k[1].enc);
        s = rounds(s, k[0].dec);
        store_block(out, s);
    }
}

/* ---- CBC encryption kernels ----
 *
 * CBC encryption is serial, so what counts is the path from one block's
 * ciphertext to the next block's input.  IP and FP are linear, so the
 * chaining value is kept as the rounds leave it (IP of the ciphertext):
 * each plaintext block goes through IP and each ciphertext through FP off
 * that path, and the path is the rounds and one xor.  Off the path is not
 * enough: the out-of-order core favours the oldest ready work, and FP of a
 * block, ready just as the next block's first round is, took the ports
 * from it (about 20 cycles a block).  So the loop is software-pipelined:
 * IP of the next plaintext block comes before the rounds in program order,
 * and FP of each ciphertext block after the next block's rounds.  iv is
 * read and left holding the last ciphertext block, as SP 800-38A chains.
 * The generic layer reaches them through the descriptors' cbc_enc. */

static inline des_halves xor_halves(des_halves a, des_halves b)
{
    return (des_halves){a.l ^ b.l, a.r ^ b.r};
}

/* cbc_pipelined runs CBC encryption with the rounds of passes keys (1 for
 * DES; 3 for triple DES, with keys[1] decrypting). */
static inline __attribute__((always_inline)) void
cbc_pipelined(const des_key *keys, int passes, uint8_t *iv, uint8_t *out, const uint8_t *in,
              size_t n_blocks)
{
    des_rounds_fn *rounds = active_rounds();
    des_halves c = load_block(iv), prev = c, p;

    if (n_blocks == 0)
        return;
    p = load_block(in);
    for (size_t i = 0; i < n_blocks; i++) {
        des_halves x = xor_halves(p, c);
        if (i + 1 < n_blocks)
            p = load_block(in + 8 * (i + 1));
        c = rounds(x, keys[0].enc);
        if (passes == 3) {
            c = rounds(c, keys[1].dec);
            c = rounds(c, keys[2].enc);
        }
        if (i > 0)
            store_block(out + 8 * (i - 1), prev);
        prev = c;
    }
    store_block(out + 8 * (n_blocks - 1), c);
    store_block(iv, c);
}

static void des_cbc_encrypt(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                            size_t n_blocks)
{
    cbc_pipelined(((const des_ks *)ks)->k, 1, iv, out, in, n_blocks);
}

static void des_ede3_cbc_encrypt(const void *ks, uint8_t *iv, uint8_t *out,
                                 const uint8_t *in, size_t n_blocks)
{
    cbc_pipelined(((const des_ks *)ks)->k, 3, iv, out, in, n_blocks);
}

const brisk_block_cipher brisk_des_cipher = {
    "des", 8, des_setkey, des_encrypt, des_decrypt, des_cbc_encrypt, NULL, NULL,
};

/* Two-key triple DES is three-key with K3 = K1, copied at setkey. */
const brisk_block_cipher brisk_des_ede_cipher = {
    "des-ede", 8, des_ede_setkey, des_ede3_encrypt, des_ede3_decrypt, des_ede3_cbc_encrypt, NULL, NULL,
};

const brisk_block_cipher brisk_des_ede3_cipher = {
    "des-ede3", 8, des_ede3_setkey, des_ede3_encrypt, des_ede3_decrypt,
    des_ede3_cbc_encrypt, NULL, NULL,
};
