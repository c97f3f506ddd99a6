/*
 * src/cipher/xts.c - XTS-AES (IEEE 1619-2018, NIST SP 800-38E): one data
 * unit per call, with ciphertext stealing for a partial last block.
 *
 * Technique: the tweaks of a run of blocks are computed into a buffer first
 * (multiplication by alpha in GF(2^128), little-endian as IEEE 1619 says),
 * so that xor, the AES implementation's multi-block ECB kernel and xor again
 * run over many blocks at once and the AES-NI/VAES kernels run wide.
 *
 * Constant-time: yes, given a constant-time AES implementation; the tweak
 * doubling uses a mask, not a branch.
 */
#include "internal.h"

/* Blocks per run: the tweak buffer's size. */
enum { XTS_RUN = 32 };

_Static_assert(2 * sizeof(brisk_aes_key) <= BRISK_KS_SIZE, "two AES keys fit ctx->ks");
_Static_assert(sizeof(brisk_aes_key) % _Alignof(brisk_aes_key) == 0,
               "the tweak key after the data key stays aligned");

static inline brisk_aes_key *data_key(brisk_cipher_ctx *ctx)
{
    return (brisk_aes_key *)(void *)ctx->ks;
}

static inline brisk_aes_key *tweak_key(brisk_cipher_ctx *ctx)
{
    return (brisk_aes_key *)(void *)(ctx->ks + sizeof(brisk_aes_key));
}

int brisk_xts_setkey(brisk_cipher_ctx *ctx, const uint8_t *key, size_t key_len)
{
    if (ctx == NULL || key == NULL || (key_len != 32 && key_len != 64))
        return BRISK_EINVAL;
    size_t half = key_len / 2;
    /* Equal halves make XTS weak (Rogaway's XEX analysis); OpenSSL 3 and
     * SP 800-38E refuse them. */
    if (ct_eq_bytes(key, key + half, half))
        return BRISK_EINVAL;
    int ret = brisk_aes_setkey(data_key(ctx), key, half);
    if (ret == 0)
        ret = brisk_aes_setkey(tweak_key(ctx), key + half, half);
    return ret;
}

/* next_tweak multiplies t by alpha: a left shift of the little-endian
 * 128-bit number, reducing by x^128 + x^7 + x^2 + x + 1. */
static inline void next_tweak(uint8_t t[16])
{
    uint64_t lo = load64_le(t), hi = load64_le(t + 8);
    uint64_t carry = (uint64_t)0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (carry & 0x87);
    store64_le(t, lo);
    store64_le(t + 8, hi);
}

static inline void xor_block(uint8_t *out, const uint8_t *a, const uint8_t *b)
{
    for (size_t i = 0; i < 16; i++)
        out[i] = (uint8_t)(a[i] ^ b[i]);
}

/* crypt_run processes n_blocks (at most XTS_RUN) whole blocks, advancing the
 * tweak t past them. */
static void crypt_run(const brisk_aes_key *k, int encrypt, uint8_t t[16], uint8_t *out,
                      const uint8_t *in, size_t n_blocks)
{
    uint8_t tw[XTS_RUN * 16];
    for (size_t i = 0; i < n_blocks; i++) {
        memcpy(tw + 16 * i, t, 16);
        next_tweak(t);
    }
    for (size_t i = 0; i < 16 * n_blocks; i++)
        out[i] = (uint8_t)(in[i] ^ tw[i]);
    if (encrypt)
        k->impl->ecb_enc(k, out, out, n_blocks);
    else
        k->impl->ecb_dec(k, out, out, n_blocks);
    for (size_t i = 0; i < 16 * n_blocks; i++)
        out[i] ^= tw[i];
    wipe(tw, 16 * n_blocks);
}

/* crypt_one processes one block with tweak t. */
static void crypt_one(const brisk_aes_key *k, int encrypt, const uint8_t t[16], uint8_t out[16],
                      const uint8_t in[16])
{
    xor_block(out, in, t);
    if (encrypt)
        k->impl->ecb_enc(k, out, out, 1);
    else
        k->impl->ecb_dec(k, out, out, 1);
    xor_block(out, out, t);
}

/* steal finishes with the last whole block (at in, 16 bytes) and the partial
 * one after it (rest bytes, 1..15), whose tweaks are t and t * alpha
 * (IEEE 1619-2018, 5.3.2 and 5.4.2).  Decryption uses the two tweaks in the
 * other order. */
static void steal(const brisk_aes_key *k, int encrypt, uint8_t t[16], uint8_t *out,
                  const uint8_t *in, size_t rest)
{
    uint8_t t2[16], cc[16], last[16];
    memcpy(t2, t, 16);
    next_tweak(t2);
    memcpy(last, in + 16, rest); /* read before out, which may be in */

    crypt_one(k, encrypt, encrypt ? t : t2, cc, in);
    /* cc's first rest bytes become the partial output block; its tail pads
     * the partial input into a whole block. */
    uint8_t pp[16];
    memcpy(pp, last, rest);
    memcpy(pp + rest, cc + rest, 16 - rest);
    memcpy(out + 16, cc, rest);
    crypt_one(k, encrypt, encrypt ? t2 : t, out, pp);

    wipe(t2, sizeof(t2));
    wipe(cc, sizeof(cc));
    wipe(last, sizeof(last));
    wipe(pp, sizeof(pp));
}

int brisk_xts_crypt(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    if (ctx == NULL || in == NULL || out == NULL || len < 16)
        return BRISK_EINVAL;
    const brisk_aes_key *k = data_key(ctx);
    const brisk_aes_key *kt = tweak_key(ctx);
    uint8_t t[16];
    size_t rest = len % 16;
    /* With stealing, the last whole block is handled with the partial one. */
    size_t n_blocks = len / 16 - (rest != 0);

    kt->impl->ecb_enc(kt, t, ctx->iv, 1);
    while (n_blocks > 0) {
        size_t n = n_blocks < XTS_RUN ? n_blocks : XTS_RUN;
        crypt_run(k, ctx->encrypt, t, out, in, n);
        in += 16 * n;
        out += 16 * n;
        n_blocks -= n;
    }
    if (rest != 0)
        steal(k, ctx->encrypt, t, out, in, rest);
    wipe(t, sizeof(t));
    return 0;
}
