/*
 * src/cipher/xts.c - XTS (IEEE 1619-2018, NIST SP 800-38E) over any block
 * cipher with 16-byte blocks (AES, Serpent, Twofish, as dm-crypt uses it
 * with each): one data unit per call, with ciphertext stealing for a
 * partial last block.
 *
 * Technique: for AES the whole blocks go to the implementation's XTS
 * kernel where it has one (AES-NI, VAES: tweaks made in registers, many
 * blocks in flight); a unit of whole blocks goes to its xts_iv kernel
 * where it has one (AES-NI), which encrypts the tweak in the same call.  Otherwise the tweaks of a run of blocks are computed
 * into a buffer first (multiplication by alpha in GF(2^128), little-endian
 * as IEEE 1619 says), so that xor, the cipher's multi-block ECB kernel and
 * xor again run over many blocks at once.  Ciphertext stealing always goes
 * through the ECB kernel: two blocks, once per data unit.
 *
 * The data key's schedule sits at the start of ctx->ks and the tweak key's
 * at its middle, so that two schedules of any cipher that fits half of ks
 * fit (two Twofish schedules with their key-dependent tables do).
 *
 * Constant-time: yes, given a constant-time block cipher; the tweak
 * doubling uses a mask, not a branch.
 */
#include "internal.h"

/* Blocks per run: the tweak buffer's size. */
enum { XTS_RUN = 32 };

/* Where the tweak key's schedule starts in ctx->ks. */
#define TWEAK_KEY_AT (BRISK_KS_SIZE / 2)

_Static_assert(sizeof(brisk_aes_key) <= TWEAK_KEY_AT, "an AES key fits half of ctx->ks");
_Static_assert(TWEAK_KEY_AT % 64 == 0, "the tweak key is as aligned as ctx->ks");

static inline const void *data_key(const brisk_cipher_ctx *ctx)
{
    return ctx->ks;
}

static inline const void *tweak_key(const brisk_cipher_ctx *ctx)
{
    return ctx->ks + TWEAK_KEY_AT;
}

int brisk_xts_setkey(brisk_cipher_ctx *ctx, const brisk_block_cipher *bc, const uint8_t *key,
                     size_t key_len)
{
    if (ctx == NULL || bc == NULL || key == NULL || bc->block_len != 16 || key_len % 2 != 0)
        return BRISK_EINVAL;
    size_t half = key_len / 2;
    /* Equal halves make XTS weak (Rogaway's XEX analysis).  SP 800-38E
     * forbids them; OpenSSL 3 refuses them for encryption but still
     * decrypts with them.  brisk refuses both. */
    if (ct_eq_bytes(key, key + half, half))
        return BRISK_EINVAL;
    int ret = bc->setkey(ctx->ks, key, half, 0);
    if (ret == 0)
        ret = bc->setkey(ctx->ks + TWEAK_KEY_AT, key + half, half, 0);
    return ret;
}

/* le64_load and le64_store are load64_le and store64_le, spelled as plain
 * copies where the host is little-endian: gcc 12 assembles store64_le byte
 * by byte in crypt_run's loops, and 16-byte loads of a tweak just stored as
 * two words stall on store forwarding, so the data is xored a word at a
 * time. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline uint64_t le64_load(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline void le64_store(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}
#else
static inline uint64_t le64_load(const uint8_t *p)
{
    return load64_le(p);
}

static inline void le64_store(uint8_t *p, uint64_t v)
{
    store64_le(p, v);
}
#endif

/* A tweak is two little-endian 64-bit words: t[0] holds bytes 0..7.
 * next_tweak multiplies it by alpha: a left shift of the 128-bit number,
 * reducing by x^128 + x^7 + x^2 + x + 1. */
static inline void next_tweak(uint64_t t[2])
{
    uint64_t carry = ct_mask64(t[1] >> 63);
    t[1] = (t[1] << 1) | (t[0] >> 63);
    t[0] = (t[0] << 1) ^ (carry & 0x87);
}

/* xor_tweak xors the tweak t into one block. */
static inline void xor_tweak(uint8_t *out, const uint8_t *in, const uint64_t t[2])
{
    uint64_t a = le64_load(in) ^ t[0], b = le64_load(in + 8) ^ t[1];
    le64_store(out, a);
    le64_store(out + 8, b);
}

/* crypt_run processes n_blocks (at most XTS_RUN) whole blocks, advancing the
 * tweak t past them. */
static void crypt_run(const brisk_block_cipher *bc, const void *k, int encrypt, uint64_t t[2],
                      uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    uint64_t tw[2 * XTS_RUN];
    for (size_t i = 0; i < n_blocks; i++) {
        tw[2 * i] = t[0];
        tw[2 * i + 1] = t[1];
        xor_tweak(out + 16 * i, in + 16 * i, t);
        next_tweak(t);
    }
    if (encrypt)
        bc->encrypt(k, out, out, n_blocks);
    else
        bc->decrypt(k, out, out, n_blocks);
    for (size_t i = 0; i < n_blocks; i++)
        xor_tweak(out + 16 * i, out + 16 * i, tw + 2 * i);
    wipe(tw, 16 * n_blocks);
}

/* crypt_one processes one block with tweak t. */
static void crypt_one(const brisk_block_cipher *bc, const void *k, int encrypt,
                      const uint64_t t[2], uint8_t out[16], const uint8_t in[16])
{
    xor_tweak(out, in, t);
    if (encrypt)
        bc->encrypt(k, out, out, 1);
    else
        bc->decrypt(k, out, out, 1);
    xor_tweak(out, out, t);
}

/* steal finishes with the last whole block (at in, 16 bytes) and the partial
 * one after it (rest bytes, 1..15), whose tweaks are t and t * alpha
 * (IEEE 1619-2018, 5.3.2 and 5.4.2).  Decryption uses the two tweaks in the
 * other order. */
static void steal(const brisk_block_cipher *bc, const void *k, int encrypt, const uint64_t t[2],
                  uint8_t *out, const uint8_t *in, size_t rest)
{
    uint64_t t2[2] = {t[0], t[1]};
    uint8_t cc[16], pp[16];
    next_tweak(t2);
    /* The partial input, read before out (which may be in) is written. */
    memcpy(pp, in + 16, rest);

    crypt_one(bc, k, encrypt, encrypt ? t : t2, cc, in);
    /* cc's first rest bytes become the partial output block; its tail pads
     * the partial input into a whole block. */
    memcpy(pp + rest, cc + rest, 16 - rest);
    memcpy(out + 16, cc, rest);
    crypt_one(bc, k, encrypt, encrypt ? t2 : t, out, pp);

    wipe(t2, sizeof(t2));
    wipe(cc, sizeof(cc));
    wipe(pp, sizeof(pp));
}

/* An AES implementation's XTS kernel (brisk_aes_impl.xts_enc, xts_dec). */
typedef void xts_kernel(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                        size_t n_blocks);

/* aes_kernel returns the XTS kernel of the implementation that expanded the
 * AES data key k, or NULL when it has none. */
static xts_kernel *aes_kernel(const brisk_aes_key *k, int encrypt)
{
    return encrypt ? k->impl->xts_enc : k->impl->xts_dec;
}

BRISK_NO_CANARY
int brisk_xts_unit(const brisk_cipher_ctx *ctx, int encrypt, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    if (ctx == NULL || ctx->cipher == NULL || ctx->cipher->mode != BRISK_MODE_XTS ||
        iv == NULL || in == NULL || out == NULL || len < 16)
        return BRISK_EINVAL;
    const brisk_block_cipher *bc = ctx->cipher->bc;
    const void *k = data_key(ctx);
    uint8_t t0[16];
    uint64_t t[2];
    size_t rest = len % 16;
    /* With stealing, the last whole block is handled with the partial one. */
    size_t n_blocks = len / 16 - (rest != 0);

    if (bc == &brisk_aes_cipher && rest == 0) {
        const brisk_aes_key *ak = k, *tk = tweak_key(ctx);
        if (ak->impl->xts_iv != NULL && tk->impl == ak->impl) {
            ak->impl->xts_iv(ak, tk, !encrypt, iv, out, in, n_blocks);
            return 0;
        }
    }
    bc->encrypt(tweak_key(ctx), t0, iv, 1);
    xts_kernel *kernel = bc == &brisk_aes_cipher ? aes_kernel(k, encrypt) : NULL;
    if (kernel != NULL && n_blocks > 0) {
        kernel(k, t0, out, in, n_blocks);
        in += 16 * n_blocks;
        out += 16 * n_blocks;
        n_blocks = 0;
    }
    t[0] = load64_le(t0);
    t[1] = load64_le(t0 + 8);
    while (n_blocks > 0) {
        size_t n = n_blocks < XTS_RUN ? n_blocks : XTS_RUN;
        crypt_run(bc, k, encrypt, t, out, in, n);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    if (rest != 0)
        steal(bc, k, encrypt, t, out, in, rest);
    wipe(t0, sizeof(t0));
    wipe(t, sizeof(t));
    return 0;
}

int brisk_xts_crypt(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx == NULL)
        return BRISK_EINVAL;
    return brisk_xts_unit(ctx, ctx->encrypt, ctx->iv, out, in, len);
}
