/*
 * src/cipher/chacha20_poly1305.c - the ChaCha20-Poly1305 AEAD (RFC 8439
 * section 2.8) and XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha section 2.3,
 * the same AEAD under the HChaCha20 subkey and nonce 0^32 || nonce[16..23]),
 * as one-shot functions and as "chacha20-poly1305" in the generic API.
 *
 * Technique: block 0 of the keystream is the Poly1305 key; the message is
 * encrypted from block 1 in large kernel calls and MACed after each chunk
 * (one pass over a cache-sized chunk).  Messages of up to three blocks take
 * their keystream, Poly1305 key included, from a single kernel call: the
 * vector kernels make four blocks as fast as one.  Decryption checks the
 * tag before it writes any plaintext.
 *
 * Constant-time: yes; the tag comparison reads every byte and its verdict,
 * which is returned and so public, decides only whether the output is
 * decrypted or zeroed (declassify() tells the valgrind check so).
 */
#include <brisk/chacha.h>

#include "internal.h"

enum { CHAPOLY_AAD = 0, CHAPOLY_DATA = 1, CHAPOLY_DONE = 2 };

/* RFC 8439's limit: the 32-bit counter starts at 1 for the message. */
#define CHAPOLY_MAX_MSG ((((uint64_t)1 << 32) - 1) * 64)

/* brisk_ct_declassify is the constant-time tests' hook (as in
 * src/pk/dsa.c): never defined by the library, weak, NULL outside
 * tests/ct_cipher.c, which defines it to mark a verdict public. */
void brisk_ct_declassify(const void *p, size_t len) __attribute__((weak));

static inline void declassify(const void *p, size_t len)
{
    if (brisk_ct_declassify != NULL)
        brisk_ct_declassify(p, len);
}

/* The chunk encrypted before it is MACed: well inside L1. */
enum { CHUNK = 4096 };

static const uint8_t zeros[16];

/* pad16 feeds the zeros that bring a field of len bytes to a multiple of
 * 16 (RFC 8439's padding1 and padding2). */
static inline void pad16(brisk_poly1305_ctx *p, uint64_t len)
{
    if (len % 16 != 0)
        brisk_poly1305_update(p, zeros, 16 - (size_t)(len % 16));
}

/* mac_lengths feeds the two little-endian 64-bit lengths and writes the
 * tag (wiping p). */
static void mac_lengths(brisk_poly1305_ctx *p, uint64_t aad_len, uint64_t msg_len,
                        uint8_t tag[16])
{
    uint8_t lens[16];
    store64_le(lens, aad_len);
    store64_le(lens + 8, msg_len);
    brisk_poly1305_update(p, lens, 16);
    brisk_poly1305_final(p, tag);
}

/* ---- One-shot ---- */

/* short_keystream fills ks with blocks 0..n of st (n = the message's blocks,
 * at most 3) in one kernel call. */
static void short_keystream(const brisk_chacha20_ops *ops, const uint32_t st[16], uint8_t ks[256],
                            size_t len)
{
    size_t nb = 1 + (len + 63) / 64;
    memset(ks, 0, opaque_size(64 * nb));
    ops->xor_blocks(ks, ks, nb, st);
}

static inline void xor_bytes(uint8_t *out, const uint8_t *in, const uint8_t *k, size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(in[i] ^ k[i]);
}

/* seal encrypts and tags with st holding key and nonce (counter 0). */
static void seal(uint32_t st[16], uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t len,
                 const uint8_t *aad, size_t aad_len)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_active();
    brisk_poly1305_ctx p;
    uint8_t ks[256];

    if (len <= 192) {
        short_keystream(ops, st, ks, len);
        brisk_poly1305_init(&p, ks);
        xor_bytes(out, in, ks + 64, len);
        brisk_poly1305_update(&p, aad, aad_len);
        pad16(&p, aad_len);
        brisk_poly1305_update(&p, out, len);
    } else {
        memset(ks, 0, 64);
        ops->xor_blocks(ks, ks, 1, st);
        brisk_poly1305_init(&p, ks);
        brisk_poly1305_update(&p, aad, aad_len);
        pad16(&p, aad_len);
        st[12] = 1;
        for (size_t done = 0; done < len;) {
            size_t n = len - done < CHUNK ? len - done : CHUNK;
            brisk_chacha20_xor32(ops, st, out + done, in + done, n);
            brisk_poly1305_update(&p, out + done, n);
            done += n;
        }
    }
    pad16(&p, len);
    mac_lengths(&p, aad_len, len, tag);
    wipe(ks, sizeof(ks));
    wipe(st, 16 * sizeof(uint32_t));
}

/* open checks the tag, then decrypts; on a mismatch it writes zeros. */
static int open_(uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len,
                 const uint8_t tag[16], const uint8_t *aad, size_t aad_len)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_active();
    brisk_poly1305_ctx p;
    uint8_t ks[256], want[16];

    if (len <= 192)
        short_keystream(ops, st, ks, len);
    else {
        memset(ks, 0, 64);
        ops->xor_blocks(ks, ks, 1, st);
    }
    brisk_poly1305_init(&p, ks);
    brisk_poly1305_update(&p, aad, aad_len);
    pad16(&p, aad_len);
    brisk_poly1305_update(&p, in, len);
    pad16(&p, len);
    mac_lengths(&p, aad_len, len, want);
    int err = brisk_poly1305_verify(want, tag);
    declassify(&err, sizeof(err));
    if (err != 0) {
        memset(out, 0, opaque_size(len));
    } else if (len <= 192) {
        xor_bytes(out, in, ks + 64, len);
    } else {
        st[12] = 1;
        brisk_chacha20_xor32(ops, st, out, in, len);
    }
    wipe(ks, sizeof(ks));
    wipe(want, sizeof(want));
    wipe(st, 16 * sizeof(uint32_t));
    return err;
}

/* ietf_state sets up st for key and a 12-byte nonce, counter 0. */
static inline void ietf_state(uint32_t st[16], const uint8_t key[32], const uint8_t nonce[12])
{
    brisk_chacha20_setup(st, key);
    for (int i = 0; i < 3; i++)
        st[13 + i] = load32_le(nonce + 4 * i);
}

/* xchacha_state sets up st for XChaCha20: the HChaCha20 subkey of key and
 * nonce[0..15], nonce 0^32 || nonce[16..23]. */
static inline void xchacha_state(uint32_t st[16], const uint8_t key[32], const uint8_t nonce[24])
{
    uint32_t sub[8];
    brisk_hchacha20_words(sub, key, nonce);
    brisk_chacha20_setup(st, key);
    for (int i = 0; i < 8; i++)
        st[4 + i] = sub[i];
    st[14] = load32_le(nonce + 16);
    st[15] = load32_le(nonce + 20);
    wipe(sub, sizeof(sub));
}

static int args_ok(const uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                   const uint8_t *aad, size_t aad_len, const uint8_t *key, const uint8_t *nonce)
{
    return tag != NULL && key != NULL && nonce != NULL &&
           (len == 0 || (out != NULL && in != NULL)) && (aad_len == 0 || aad != NULL) &&
           (uint64_t)len <= CHAPOLY_MAX_MSG;
}

int brisk_chacha20_poly1305_encrypt(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                    size_t in_len, const uint8_t *aad, size_t aad_len,
                                    const uint8_t key[32], const uint8_t nonce[12])
{
    if (!args_ok(out, in, in_len, tag, aad, aad_len, key, nonce))
        return BRISK_EINVAL;
    uint32_t st[16];
    ietf_state(st, key, nonce);
    seal(st, out, tag, in, in_len, aad, aad_len);
    return 0;
}

int brisk_chacha20_poly1305_decrypt(uint8_t *out, const uint8_t *in, size_t in_len,
                                    const uint8_t tag[16], const uint8_t *aad, size_t aad_len,
                                    const uint8_t key[32], const uint8_t nonce[12])
{
    if (!args_ok(out, in, in_len, tag, aad, aad_len, key, nonce))
        return BRISK_EINVAL;
    uint32_t st[16];
    ietf_state(st, key, nonce);
    return open_(st, out, in, in_len, tag, aad, aad_len);
}

int brisk_xchacha20_poly1305_encrypt(uint8_t *out, uint8_t tag[16], const uint8_t *in,
                                     size_t in_len, const uint8_t *aad, size_t aad_len,
                                     const uint8_t key[32], const uint8_t nonce[24])
{
    if (!args_ok(out, in, in_len, tag, aad, aad_len, key, nonce))
        return BRISK_EINVAL;
    uint32_t st[16];
    xchacha_state(st, key, nonce);
    seal(st, out, tag, in, in_len, aad, aad_len);
    return 0;
}

int brisk_xchacha20_poly1305_decrypt(uint8_t *out, const uint8_t *in, size_t in_len,
                                     const uint8_t tag[16], const uint8_t *aad, size_t aad_len,
                                     const uint8_t key[32], const uint8_t nonce[24])
{
    if (!args_ok(out, in, in_len, tag, aad, aad_len, key, nonce))
        return BRISK_EINVAL;
    uint32_t st[16];
    xchacha_state(st, key, nonce);
    return open_(st, out, in, in_len, tag, aad, aad_len);
}

/* ---- The generic API's "chacha20-poly1305" ---- */

static inline brisk_chacha_ks *chacha_of(brisk_cipher_ctx *ctx)
{
    return (brisk_chacha_ks *)ctx->ks;
}

int brisk_chapoly_init(brisk_cipher_ctx *ctx, const uint8_t iv[12])
{
    brisk_chacha_ks *s = chacha_of(ctx);
    uint8_t k01[128];

    /* Blocks 0 (the Poly1305 key) and 1 (the message's first 64 bytes)
     * in one kernel call: a short message then needs no other. */
    s->st[12] = 0;
    for (int i = 0; i < 3; i++)
        s->st[13 + i] = load32_le(iv + 4 * i);
    memset(k01, 0, sizeof(k01));
    brisk_chacha20_active()->xor_blocks(k01, k01, 2, s->st);
    brisk_poly1305_init(&s->poly, k01);
    memcpy(s->stream, k01 + 64, 64);
    wipe(k01, sizeof(k01));
    s->st[12] = 2;
    s->phase = CHAPOLY_AAD;
    ctx->buf_len = 64;
    return 0;
}

int brisk_chapoly_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    brisk_chacha_ks *s = chacha_of(ctx);
    if (s->phase != CHAPOLY_AAD)
        return BRISK_EINVAL;
    brisk_poly1305_update(&s->poly, aad, aad_len);
    ctx->aad_len += aad_len;
    return 0;
}

/* close_aad pads the AAD once the message starts. */
static void close_aad(brisk_cipher_ctx *ctx, brisk_chacha_ks *s)
{
    if (s->phase == CHAPOLY_AAD) {
        pad16(&s->poly, ctx->aad_len);
        s->phase = CHAPOLY_DATA;
    }
}

/* crypt_stream xors len bytes from the keystream left in s->stream and
 * new blocks (counting in word 12 only: the length limit keeps it from
 * wrapping). */
static void crypt_stream(brisk_cipher_ctx *ctx, brisk_chacha_ks *s, uint8_t *out,
                         const uint8_t *in, size_t len)
{
    size_t left = ctx->buf_len;
    if (left > 0) {
        size_t n = left < len ? left : len;
        xor_bytes(out, in, s->stream + 64 - left, n);
        left -= n;
        in += n;
        out += n;
        len -= n;
    }
    const brisk_chacha20_ops *ops = brisk_chacha20_active();
    if (len >= 64) {
        size_t whole = len & ~(size_t)63;
        brisk_chacha20_xor32(ops, s->st, out, in, whole);
        in += whole;
        out += whole;
        len -= whole;
    }
    if (len > 0) {
        memset(s->stream, 0, sizeof(s->stream));
        brisk_chacha20_xor32(ops, s->st, s->stream, s->stream, 64);
        xor_bytes(out, in, s->stream, len);
        left = 64 - len;
    }
    ctx->buf_len = left;
}

int brisk_chapoly_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    brisk_chacha_ks *s = chacha_of(ctx);
    if (s->phase == CHAPOLY_DONE || len > CHAPOLY_MAX_MSG - ctx->msg_len)
        return BRISK_EINVAL;
    close_aad(ctx, s);
    ctx->msg_len += len;
    for (size_t done = 0; done < len;) {
        size_t n = len - done < CHUNK ? len - done : CHUNK;
        if (ctx->encrypt) {
            crypt_stream(ctx, s, out + done, in + done, n);
            brisk_poly1305_update(&s->poly, out + done, n);
        } else {
            brisk_poly1305_update(&s->poly, in + done, n);
            crypt_stream(ctx, s, out + done, in + done, n);
        }
        done += n;
    }
    return 0;
}

int brisk_chapoly_final(brisk_cipher_ctx *ctx)
{
    brisk_chacha_ks *s = chacha_of(ctx);
    uint8_t t[16];

    if (s->phase == CHAPOLY_DONE)
        return BRISK_EINVAL;
    close_aad(ctx, s);
    pad16(&s->poly, ctx->msg_len);
    mac_lengths(&s->poly, ctx->aad_len, ctx->msg_len, t);
    s->phase = CHAPOLY_DONE;
    wipe(s->stream, sizeof(s->stream));
    ctx->buf_len = 0;

    int ret = 0;
    if (ctx->encrypt) {
        memcpy(ctx->tag, t, 16);
    } else {
        size_t n = ctx->tag_len;
        if (n < 4 || n > 16) {
            wipe(t, sizeof(t));
            return BRISK_EVERIFY;
        }
        uint32_t differ = 1u ^ ct_eq_bytes(t, ctx->tag, n);
        ret = (int)((0u - differ) & (uint32_t)BRISK_EVERIFY);
    }
    wipe(t, sizeof(t));
    return ret;
}
