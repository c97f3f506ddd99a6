/*
 * src/cipher/internal.h - what the cipher files share: the kernel interface
 * of a block cipher (key setup and whole-block ECB), of a stream cipher, the
 * AES implementation table (AES has mode-specific kernels so that CTR, CBC
 * decryption, GCM and XTS can run many blocks in parallel), and the entry
 * points of the modes that live in their own files (GCM, XTS).
 *
 * Every kernel accepts unaligned buffers and out == in; none accepts other
 * overlap.  Key schedules live in brisk_cipher_ctx.ks, BRISK_KS_SIZE bytes
 * aligned to 64, and each cipher's schedule type is checked to fit.
 */
#ifndef BRISK_CIPHER_INTERNAL_H
#define BRISK_CIPHER_INTERNAL_H

#include <brisk/cipher.h>
#include <brisk/mac.h>

#include "../internal.h"

#define BRISK_KS_SIZE (sizeof(((brisk_cipher_ctx *)0)->ks))
#define BRISK_GCM_SIZE (sizeof(((brisk_cipher_ctx *)0)->gcm))

/* ---- Block ciphers ---- */

/* A block cipher's kernels.  setkey expands key (key_len bytes) for both
 * directions into ks; param is RC2's effective key bits or RC5's rounds (0:
 * the default), 0 for the others.  It returns 0, or BRISK_EINVAL for a key
 * length or param the cipher does not take.  encrypt and decrypt run ECB
 * over n_blocks whole blocks.  cbc_enc, when not NULL, runs CBC encryption
 * over n_blocks with the chaining value iv kept in registers (CBC
 * encryption is serial, so a round trip through memory per block shows);
 * without it the generic layer chains the ECB kernel.  cbc_dec and ctr,
 * when not NULL, are multi-block kernels the generic layer prefers to its
 * own CBC decryption and CTR (ctr as brisk_aes_impl's ctr128: the whole
 * block a big-endian counter, left at the next unused value). */
typedef struct brisk_block_cipher {
    const char *name;    /* "aes", "des", "des-ede3", "bf", "cast5", ... */
    size_t block_len;    /* 8 or 16 */
    int (*setkey)(void *ks, const uint8_t *key, size_t key_len, unsigned param);
    void (*encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks);
    void (*decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n_blocks);
    void (*cbc_enc)(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                    size_t n_blocks);
    void (*cbc_dec)(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                    size_t n_blocks);
    void (*ctr)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n_blocks);
} brisk_block_cipher;

/* The CBC encryption kernels of the 64-bit block ciphers (their
 * descriptors' cbc_enc), exported for the kernel-level tests. */
typedef void brisk_cbc_enc_fn(const void *ks, uint8_t *iv, uint8_t *out, const uint8_t *in,
                              size_t n_blocks);
brisk_cbc_enc_fn brisk_bf_cbc_encrypt, brisk_cast5_cbc_encrypt, brisk_idea_cbc_encrypt,
    brisk_rc2_cbc_encrypt, brisk_rc5_cbc_encrypt;

extern const brisk_block_cipher brisk_aes_cipher, brisk_des_cipher,
    brisk_des_ede_cipher, brisk_des_ede3_cipher, brisk_bf_cipher,
    brisk_cast5_cipher, brisk_idea_cipher, brisk_rc2_cipher, brisk_rc5_cipher,
    brisk_serpent_cipher, brisk_twofish_cipher;

/* ---- Serpent ---- */

/* A Serpent key schedule: the 33 round keys, four words each, as every
 * implementation reads them (serpent.c expands them). */
typedef struct brisk_serpent_key {
    _Alignas(64) uint32_t rk[132];
} brisk_serpent_key;

/* One implementation of the "serpent" primitive: ECB over n whole blocks
 * each way, and CBC decryption (iv read and left at the last ciphertext
 * block). */
typedef struct brisk_serpent_ops {
    void (*enc)(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in, size_t n);
    void (*dec)(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in, size_t n);
    void (*cbc_dec)(const brisk_serpent_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                    size_t n);
} brisk_serpent_ops;

extern const brisk_serpent_ops brisk_serpent_ops_c;
#ifdef BRISK_X86_64
extern const brisk_serpent_ops brisk_serpent_ops_avx2, brisk_serpent_ops_avx512;
#endif

/* A vector implementation's bitsliced kernels: `full` runs `width` blocks
 * (one group per register set, two sets interleaved), `half` width / 2,
 * each way (decrypt 0 or 1), out == in allowed. */
typedef void brisk_serpent_group_fn(const brisk_serpent_key *k, uint8_t *out, const uint8_t *in,
                                    int decrypt);
typedef struct brisk_serpent_groups {
    size_t width;
    brisk_serpent_group_fn *full, *half;
} brisk_serpent_groups;

/* serpent.c's drivers of such kernels, shared by serpent_avx2.c and
 * serpent_avx512.c: n blocks of ECB (a tail of 3 or more blocks through a
 * zero-padded stack buffer, one or two to the portable code), and CBC
 * decryption in groups of width blocks. */
void brisk_serpent_groups_ecb(const brisk_serpent_groups *g, const brisk_serpent_key *k,
                              uint8_t *out, const uint8_t *in, size_t n, int decrypt);
void brisk_serpent_groups_cbc_dec(const brisk_serpent_groups *g, const brisk_serpent_key *k,
                                  uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n);

/* ---- Stream ciphers ---- */

/* A stream cipher: setkey as above; crypt xors len bytes of keystream into
 * in, writing out, and advances the state in ks. */
typedef struct brisk_stream_cipher {
    const char *name;
    int (*setkey)(void *ks, const uint8_t *key, size_t key_len, unsigned param);
    void (*crypt)(void *ks, uint8_t *out, const uint8_t *in, size_t len);
} brisk_stream_cipher;

extern const brisk_stream_cipher brisk_rc4_cipher;

/* The dispatched primitives of the ciphers with several implementations
 * (AES's and GHASH's are below). */
extern brisk_prim brisk_des_prim, brisk_bf_prim, brisk_rc4_prim, brisk_serpent_prim,
    brisk_twofish_prim;

/* ---- ChaCha20 ---- */

/* One implementation of the "chacha20" primitive (chacha20.c).  xor_blocks
 * XORs nblocks * 64 bytes of keystream, generated from state (the 16-word
 * ChaCha state, RFC 8439 layout, block counter in word 12), into in,
 * writing out (out == in allowed, any alignment).  Word 12 counts up by one
 * per block; the caller guarantees state[12] + nblocks does not pass 2^32. */
typedef struct brisk_chacha20_ops {
    void (*xor_blocks)(uint8_t *out, const uint8_t *in, size_t nblocks,
                       const uint32_t state[16]);
} brisk_chacha20_ops;

extern brisk_prim brisk_chacha20_prim;
extern const brisk_chacha20_ops brisk_chacha20_ops_c;
#ifdef BRISK_X86_64
/* chacha20_avx2.c (8 blocks word-sliced in ymm) and chacha20_avx512.c (16
 * and 32 in zmm); both take short inputs a row per register. */
extern const brisk_chacha20_ops brisk_chacha20_ops_avx2, brisk_chacha20_ops_avx512;
#endif

/* brisk_chacha20_for returns the ChaCha20 implementation that serves a
 * message of len bytes. */
static inline const brisk_chacha20_ops *brisk_chacha20_for(size_t len)
{
    return brisk_prim_ops_for(&brisk_chacha20_prim, len);
}

/* chacha20.c's drivers, shared by every kernel.  brisk_chacha20_setup
 * writes the constants and key into st, words 12..15 zero.
 * brisk_chacha20_xor32 xors len bytes of keystream from st into in with
 * ops' kernel, a partial last block included, and advances word 12 past
 * the blocks used (the caller keeps it from wrapping: the IETF layout);
 * brisk_chacha20_xor64 does the same counting in words 12..13 (the 64/64
 * layout, and OpenSSL's EVP_chacha20, which carries the same way).
 * brisk_hchacha20_words is HChaCha20 on words. */
void brisk_chacha20_setup(uint32_t st[16], const uint8_t key[32]);
void brisk_chacha20_xor32(const brisk_chacha20_ops *ops, uint32_t st[16], uint8_t *out,
                          const uint8_t *in, size_t len);
void brisk_chacha20_xor64(const brisk_chacha20_ops *ops, uint32_t st[16], uint8_t *out,
                          const uint8_t *in, size_t len);
void brisk_hchacha20_words(uint32_t sub[8], const uint8_t key[32], const uint8_t nonce[16]);

/* The state of a "chacha20" or "chacha20-poly1305" context, in ctx->ks:
 * the ChaCha state (key set by setkey, counter and nonce by init), the
 * keystream made ahead, whose last ctx->buf_len bytes are unused, and for the
 * AEAD the Poly1305 computation, its phase, and the AAD held back until
 * the first data: block 0 (the Poly1305 key) is made in one kernel call
 * with the message's first blocks. */
#define BRISK_CHACHA_STREAM 1024 /* keystream made ahead for short updates */
typedef struct brisk_chacha_ks {
    uint32_t st[16];
    uint8_t stream[BRISK_CHACHA_STREAM];
    brisk_poly1305_ctx poly;
    int phase;          /* CHAPOLY_AAD, _DATA, _DONE (chacha20_poly1305.c) */
    int keyed;          /* poly holds block 0's key */
    size_t aad_held;    /* AAD bytes waiting in aad until keyed */
    uint8_t aad[256];
} brisk_chacha_ks;

/* The stream cipher behind both descriptors: setkey writes the constants
 * and key words; crypt is unused (the modes below run them). */
extern const brisk_stream_cipher brisk_chacha20_cipher;

/* brisk_chacha20_init sets ctx's counter and nonce from OpenSSL's 16-byte
 * EVP_chacha20 IV (32-bit little-endian counter, 96-bit nonce);
 * brisk_chacha20_update xors the keystream, carrying the counter from word
 * 12 into 13 as EVP_chacha20 does. */
void brisk_chacha20_init(brisk_cipher_ctx *ctx, const uint8_t iv[16]);
void brisk_chacha20_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);

/* brisk_chacha20_stream xors len bytes of keystream into in for both
 * generic-API ciphers: first the *left unused bytes at the end of
 * s->stream, then whole blocks straight from the kernel while at least a
 * buffer's worth remains, then a refill of s->stream (up to 16 blocks in
 * one kernel call, whose cost is its latency) for the rest.  carry64:
 * count in words 12..13; else in word 12 only, never making a block past
 * 2^32 (the AEAD's message limit keeps it from needing one). */
void brisk_chacha20_stream(brisk_chacha_ks *s, size_t *left, uint8_t *out, const uint8_t *in,
                           size_t len, int carry64);

/* ChaCha20-Poly1305 through the generic API (chacha20_poly1305.c): init
 * with the 12-byte nonce, then aad, update and final as brisk_cipher_aad/
 * update/final. */
int brisk_chapoly_init(brisk_cipher_ctx *ctx, const uint8_t iv[12]);
int brisk_chapoly_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len);
int brisk_chapoly_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
int brisk_chapoly_final(brisk_cipher_ctx *ctx);

/* ---- AES ---- */

struct brisk_aes_impl;

/* An expanded AES key, in the layout of the implementation that expanded it
 * (which it records, so that a key stays usable if the dispatcher's choice
 * changes afterwards). */
typedef struct brisk_aes_key {
    _Alignas(64) uint64_t w[120]; /* round keys, both directions */
    unsigned rounds;              /* 10, 12 or 14 */
    const struct brisk_aes_impl *impl;
} brisk_aes_key;

/* One AES implementation.  ctr128 encrypts the counter blocks ctr, ctr + 1,
 * ... (the whole block a big-endian 128-bit number) and xors them into in;
 * ctr32 does the same incrementing only the last 32 bits, modulo 2^32 (GCM's
 * inc32).  Both leave ctr at the next unused counter.  The cbc kernels read
 * and update the chaining value iv.  xts_enc and xts_dec run XTS over
 * n_blocks whole blocks with the data key k, from the encrypted tweak t
 * (left at the tweak of the next block); an implementation without them
 * sets NULL and xts.c builds XTS from its ECB kernels. */
typedef struct brisk_aes_impl {
    const char *name;
    void (*setkey)(brisk_aes_key *k, const uint8_t *key, size_t key_len);
    void (*ecb_enc)(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks);
    void (*ecb_dec)(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks);
    void (*cbc_enc)(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                    size_t n_blocks);
    void (*cbc_dec)(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                    size_t n_blocks);
    void (*ctr128)(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                   size_t n_blocks);
    void (*ctr32)(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                  size_t n_blocks);
    void (*xts_enc)(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                    size_t n_blocks);
    void (*xts_dec)(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                    size_t n_blocks);
    /* Optional (NULL where absent): XTS over n_units data units of bpu
     * blocks each, bpu a multiple of 32, unit u from the encrypted tweak
     * at tweaks + 16 u: a batch of disk sectors (sector.c) in one call,
     * the wide loop going on across the units' boundaries. */
    void (*xts_units)(const brisk_aes_key *k, int decrypt, const uint8_t *tweaks, uint8_t *out,
                      const uint8_t *in, size_t n_units, size_t bpu);
    /* Optional likewise: CBC decryption of n_units units of bpu blocks (a
     * multiple of 32), unit u chained from the IV at ivs + 16 u. */
    void (*cbc_dec_units)(const brisk_aes_key *k, const uint8_t *ivs, uint8_t *out,
                          const uint8_t *in, size_t n_units, size_t bpu);
    /* Optional likewise: XTS of one data unit of n_blocks whole blocks
     * from its IV, the tweak encrypted under tk in the same call. */
    void (*xts_iv)(const brisk_aes_key *k, const brisk_aes_key *tk, int decrypt,
                   const uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n_blocks);
} brisk_aes_impl;

/* The "aes" primitive: each implementation's ops are its brisk_aes_impl. */
extern brisk_prim brisk_aes_prim;
extern const brisk_aes_impl brisk_aes_impl_ct;
#ifdef BRISK_X86_64
extern const brisk_aes_impl brisk_aes_impl_aesni, brisk_aes_impl_vaes;
#endif

/* brisk_aes_active returns the AES implementation in use. */
static inline const brisk_aes_impl *brisk_aes_active(void)
{
    return brisk_prim_ops(&brisk_aes_prim);
}

/* ---- GHASH ---- */

/* A GHASH kernel folds n_blocks whole blocks into the state y (GCM's byte
 * order) with a table of the hash key written by its implementation's init. */
typedef void brisk_ghash_blocks_fn(uint8_t y[16], const uint8_t *table, const uint8_t *in,
                                   size_t n_blocks);

/* A stitched GCM kernel: CTR over n_blocks (a multiple of 16) and GHASH of
 * the ciphertext in one pass. */
typedef void brisk_gcm_stitched_fn(const brisk_aes_key *k, uint8_t ctr[16], uint8_t y[16],
                                   const uint8_t *table, uint8_t *out, const uint8_t *in,
                                   size_t n_blocks, int encrypt);

/* One implementation of the "ghash" primitive (gcm.c): GCM's hash, portable
 * or carry-less.  init writes the implementation's own table of H (256
 * bytes, 64-aligned) from the hash key h in GCM's byte order and returns the
 * kernel that reads it.  stitched, when not NULL, serves keys expanded by
 * the AES implementation stitched_aes, whose layout it reads.  An
 * implementation with a costly table may also split init in two: head
 * writes what inputs of up to GHASH_HEAD_BLOCKS blocks read, complete the
 * rest (both NULL: init only). */
typedef struct brisk_ghash_ops {
    brisk_ghash_blocks_fn *(*init)(uint8_t *table, const uint8_t h[16]);
    brisk_gcm_stitched_fn *stitched;
    const brisk_aes_impl *stitched_aes;
    brisk_ghash_blocks_fn *(*head)(uint8_t *table, const uint8_t h[16]);
    void (*complete)(uint8_t *table);
} brisk_ghash_ops;

enum { GHASH_HEAD_BLOCKS = 4 };

extern brisk_prim brisk_ghash_prim;

/* brisk_ghash_active returns the GHASH implementation in use. */
static inline const brisk_ghash_ops *brisk_ghash_active(void)
{
    return brisk_prim_ops(&brisk_ghash_prim);
}

/* brisk_aes_setkey expands key (16, 24 or 32 bytes) with the active
 * implementation: 0 or BRISK_EINVAL. */
int brisk_aes_setkey(brisk_aes_key *k, const uint8_t *key, size_t key_len);

/* ---- Modes in their own files ---- */

/* GCM (gcm.c): init derives J0 from the IV and, when new_key is set, H and
 * its table from the AES key already in ctx->ks (else it keeps those of the
 * previous message); aad, update and final follow brisk_cipher_aad/update/
 * final. */
int brisk_gcm_init(brisk_cipher_ctx *ctx, const uint8_t *iv, size_t iv_len, int new_key);
int brisk_gcm_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len);
int brisk_gcm_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
int brisk_gcm_final(brisk_cipher_ctx *ctx);

/* XTS (xts.c) over a block cipher bc with 16-byte blocks: setkey expands
 * the two halves of key (data key, tweak key) into ctx->ks, each in at most
 * half of it; crypt processes one data unit (len >= 16) with tweak
 * ctx->iv in ctx's direction.  brisk_xts_unit does the same with the
 * direction and unencrypted tweak given, reading only the key schedules in
 * ctx (set by brisk_cipher_init for an XTS descriptor), so that several
 * threads may use one context at once (the sector layer does). */
int brisk_xts_setkey(brisk_cipher_ctx *ctx, const brisk_block_cipher *bc, const uint8_t *key,
                     size_t key_len);
int brisk_xts_crypt(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len);
int brisk_xts_unit(const brisk_cipher_ctx *ctx, int encrypt, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t len);

#endif
