/*
 * src/cipher/chacha20_poly1305.c - the ChaCha20-Poly1305 AEAD (RFC 8439
 * section 2.8) and XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha section 2.3,
 * the same AEAD under the HChaCha20 subkey and nonce 0^32 || nonce[16..23]),
 * as one-shot functions and as "chacha20-poly1305" in the generic API.
 *
 * Technique: block 0 of the keystream is the Poly1305 key.  A short kernel
 * call costs the kernel's latency, whatever the blocks (the vector kernels
 * make 32 blocks in little more time than one), so block 0 and the first
 * 31 blocks of the message go through one call on a stack buffer; the
 * rest is encrypted in 16 KiB chunks, each MACed after it is encrypted.
 * The generic API holds the AAD back (up to 256 bytes) until the first
 * data so that it can do the same.  The one-shot decryption checks the
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

/* The chunk encrypted before it is MACed.  Its input and output fill a
 * 32 KiB L1 at most, and each Poly1305 call pays the vector kernel's
 * set-up and final lane products once: 4 KiB chunks had paid them four
 * times in a 16 KiB message (Zen 2, speed-ratio --evp, 16 KiB: 0.96 with
 * 4 KiB, 0.99 with 16 KiB). */
enum { CHUNK = 16384 };

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

/* A batch: block 0 and up to BATCH_DATA bytes of message in one kernel
 * call through a stack buffer (32 blocks: the widest kernels' group),
 * since a short call costs the kernel's latency, not its throughput. */
enum { BATCH = 32 * 64, BATCH_DATA = BATCH - 64 };

/* batch copies n = min(len, BATCH_DATA) bytes of in to buf + 64, zero-pads
 * them to whole blocks and runs the kernel from st (counter 0) over block
 * 0 and them: buf then holds the Poly1305 key, in ^ keystream, and the
 * unused keystream of the last block.  It advances st[12] past the blocks
 * used and returns n. */
static size_t batch(const brisk_chacha20_ops *ops, uint32_t st[16], uint8_t buf[BATCH],
                    const uint8_t *in, size_t len)
{
    size_t n = len < BATCH_DATA ? len : BATCH_DATA, nb = 1 + (n + 63) / 64;
    memset(buf, 0, 64);
    if (n > 0) /* in may be NULL then */
        memcpy(buf + 64, in, opaque_size(n));
    memset(buf + 64 + n, 0, opaque_size(64 * nb - 64 - n));
    ops->xor_blocks(buf, buf, nb, st);
    st[12] += (uint32_t)nb;
    return n;
}

/* seal encrypts and tags with st holding key and nonce (counter 0): the
 * first batch through the stack, the rest in chunks, each MACed after it
 * is encrypted. */
static void seal(uint32_t st[16], uint8_t *out, uint8_t tag[16], const uint8_t *in, size_t len,
                 const uint8_t *aad, size_t aad_len)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_for(len);
    brisk_poly1305_ctx p;
    uint8_t buf[BATCH];

    size_t n = batch(ops, st, buf, in, len);
    brisk_poly1305_init(&p, buf);
    brisk_poly1305_update(&p, aad, aad_len);
    pad16(&p, aad_len);
    if (n > 0)
        memcpy(out, buf + 64, opaque_size(n));
    brisk_poly1305_update(&p, buf + 64, n);
    wipe(buf, 64 + ((n + 63) & ~(size_t)63));
    for (size_t done = n; done < len;) {
        size_t m = len - done < CHUNK ? len - done : CHUNK;
        brisk_chacha20_xor32(ops, st, out + done, in + done, m);
        brisk_poly1305_update(&p, out + done, m);
        done += m;
    }
    pad16(&p, len);
    mac_lengths(&p, aad_len, len, tag);
    wipe(st, 16 * sizeof(uint32_t));
}

/* open_ checks the tag, then decrypts; on a mismatch it writes zeros. */
static int open_(uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len,
                 const uint8_t tag[16], const uint8_t *aad, size_t aad_len)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_for(len);
    brisk_poly1305_ctx p;
    uint8_t buf[BATCH], want[16];

    size_t n = batch(ops, st, buf, in, len);
    brisk_poly1305_init(&p, buf);
    brisk_poly1305_update(&p, aad, aad_len);
    pad16(&p, aad_len);
    brisk_poly1305_update(&p, in, len);
    pad16(&p, len);
    mac_lengths(&p, aad_len, len, want);
    int err = brisk_poly1305_verify(want, tag);
    declassify(&err, sizeof(err));
    if (len == 0) {
        /* out may be NULL */
    } else if (err != 0) {
        memset(out, 0, opaque_size(len));
    } else {
        memcpy(out, buf + 64, opaque_size(n));
        brisk_chacha20_xor32(ops, st, out + n, in + n, len - n);
    }
    wipe(buf, 64 + ((n + 63) & ~(size_t)63));
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

/* msg_len_ok takes a uint64_t so that the bound is one comparison on every
 * target: on 32-bit ones no size_t can pass it, and a comparison of a
 * size_t there would be always true (-Wtype-limits). */
static inline int msg_len_ok(uint64_t len)
{
    return len <= CHAPOLY_MAX_MSG;
}

static int args_ok(const uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                   const uint8_t *aad, size_t aad_len, const uint8_t *key, const uint8_t *nonce)
{
    return tag != NULL && key != NULL && nonce != NULL &&
           (len == 0 || (out != NULL && in != NULL)) && (aad_len == 0 || aad != NULL) &&
           msg_len_ok(len);
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

    /* Block 0 waits for the first data (or final), to share its kernel
     * call. */
    s->st[12] = 0;
    for (int i = 0; i < 3; i++)
        s->st[13 + i] = load32_le(iv + 4 * i);
    s->phase = CHAPOLY_AAD;
    s->keyed = 0;
    s->aad_held = 0;
    ctx->buf_len = 0;
    return 0;
}

/* start keys Poly1305 from key0 (block 0) and MACs the AAD held back. */
static void start(brisk_chacha_ks *s, const uint8_t key0[32])
{
    brisk_poly1305_init(&s->poly, key0);
    brisk_poly1305_update(&s->poly, s->aad, s->aad_held);
    wipe(s->aad, s->aad_held);
    s->aad_held = 0;
    s->keyed = 1;
}

/* key_alone makes block 0 by itself, when no data can share the call. */
static void key_alone(brisk_chacha_ks *s)
{
    uint8_t k0[64];
    memset(k0, 0, sizeof(k0));
    brisk_chacha20_for(64)->xor_blocks(k0, k0, 1, s->st);
    s->st[12] = 1;
    start(s, k0);
    wipe(k0, sizeof(k0));
}

int brisk_chapoly_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    brisk_chacha_ks *s = chacha_of(ctx);
    if (s->phase != CHAPOLY_AAD)
        return BRISK_EINVAL;
    if (!s->keyed && aad_len <= sizeof(s->aad) - s->aad_held) {
        if (aad_len > 0) /* aad may be NULL then */
            memcpy(s->aad + s->aad_held, aad, opaque_size(aad_len));
        s->aad_held += aad_len;
    } else {
        if (!s->keyed)
            key_alone(s);
        brisk_poly1305_update(&s->poly, aad, aad_len);
    }
    ctx->aad_len += aad_len;
    return 0;
}

/* close_aad pads the AAD once the message starts (keyed by then). */
static void close_aad(brisk_cipher_ctx *ctx, brisk_chacha_ks *s)
{
    if (s->phase == CHAPOLY_AAD) {
        pad16(&s->poly, ctx->aad_len);
        s->phase = CHAPOLY_DATA;
    }
}

/* first_data runs the message's first bytes with block 0 in one batch;
 * returns how many it took. */
static size_t first_data(brisk_cipher_ctx *ctx, brisk_chacha_ks *s, uint8_t *out,
                         const uint8_t *in, size_t len)
{
    uint8_t buf[BATCH];
    size_t n = batch(brisk_chacha20_for(len), s->st, buf, in, len), rem = n % 64;
    start(s, buf);
    close_aad(ctx, s);
    brisk_poly1305_update(&s->poly, ctx->encrypt ? buf + 64 : in, n);
    memcpy(out, buf + 64, opaque_size(n));
    if (rem != 0) /* the last block's unused keystream, at the buffer's end */
        memcpy(s->stream + BRISK_CHACHA_STREAM - (64 - rem), buf + 64 + n, 64 - rem);
    ctx->buf_len = rem != 0 ? 64 - rem : 0;
    wipe(buf, 64 + n + (rem != 0 ? 64 - rem : 0));
    return n;
}

/* crypt_stream xors len bytes of keystream, counting in word 12 only. */
static inline void crypt_stream(brisk_cipher_ctx *ctx, brisk_chacha_ks *s, uint8_t *out,
                                const uint8_t *in, size_t len)
{
    brisk_chacha20_stream(s, &ctx->buf_len, out, in, len, 0);
}

int brisk_chapoly_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    brisk_chacha_ks *s = chacha_of(ctx);
    if (s->phase == CHAPOLY_DONE || len > CHAPOLY_MAX_MSG - ctx->msg_len)
        return BRISK_EINVAL;
    ctx->msg_len += len;
    size_t done = 0;
    if (!s->keyed) {
        if (len > 0)
            done = first_data(ctx, s, out, in, len);
        else
            key_alone(s);
    }
    close_aad(ctx, s);
    while (done < len) {
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
    if (!s->keyed)
        key_alone(s);
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
