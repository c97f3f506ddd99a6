/*
 * src/cipher/modes.c - the generic cipher layer behind brisk/cipher.h: key
 * and IV checks, buffering, and the modes of NIST SP 800-38A (ECB, CBC,
 * full-block CFB, OFB, CTR) over any block cipher, with PKCS#7 padding for
 * ECB and CBC as OpenSSL's EVP does it.  GCM, XTS, ChaCha20 and
 * ChaCha20-Poly1305 live in gcm.c, xts.c, chacha20.c and
 * chacha20_poly1305.c; RC4 is a stream cipher.
 *
 * Technique: whole blocks go to the cipher's multi-block kernels in one call
 * (its CBC and CTR kernels where the descriptor has them: AES's run many
 * blocks in flight); only partial blocks are buffered.  Decryption with
 * padding holds back the last whole block until final, as EVP does.  In-place
 * operation (out == in) works at any buffering state.
 *
 * Constant-time: the padding check and tag comparison are; the modes add no
 * secret-dependent branches or addresses to those of the cipher.
 */
#include "internal.h"


enum { STATE_OPEN = 0, STATE_DONE = 1 };

static int key_len_ok(const brisk_cipher *c, size_t key_len)
{
    if (c->flags & BRISK_CIPHER_VARKEY)
        return key_len >= c->key_min && key_len <= c->key_max;
    return key_len == c->key_len;
}

/* block_len is the cipher's block length; the clamp never changes it, but
 * tells the compiler that buffers of BRISK_CIPHER_MAX_BLOCK bytes suffice.
 * Block lengths are 8 or 16, powers of two: divisions by them are written
 * as shifts and masks (a 64-bit div was a quarter of a 16-byte CTR call). */
static size_t block_len(const brisk_block_cipher *bc)
{
    return bc->block_len < BRISK_CIPHER_MAX_BLOCK ? bc->block_len : BRISK_CIPHER_MAX_BLOCK;
}

static int set_key(brisk_cipher_ctx *ctx, const brisk_cipher *c, const uint8_t *key,
                   size_t key_len, unsigned param)
{
    if (c->mode == BRISK_MODE_XTS)
        return param != 0 ? BRISK_EINVAL : brisk_xts_setkey(ctx, c->bc, key, key_len);
    if (c->sc != NULL)
        return c->sc->setkey(ctx->ks, key, key_len, param);
    /* OpenSSL's RC2 descriptors fix the effective key bits at their default
     * key length (128 for rc2-cbc, 40 for rc2-40-cbc), whatever the key. */
    if (c->bc == &brisk_rc2_cipher && param == 0)
        param = (unsigned)(c->key_len * 8);
    return c->bc->setkey(ctx->ks, key, key_len, param);
}

int brisk_cipher_init_ex(brisk_cipher_ctx *ctx, const brisk_cipher *c, int encrypt,
                         const uint8_t *key, size_t key_len,
                         const uint8_t *iv, size_t iv_len, unsigned param)
{
    if (ctx == NULL || c == NULL || (c->bc == NULL) == (c->sc == NULL))
        return BRISK_EINVAL;
    int reuse_key = key == NULL && key_len == 0 && ctx->cipher == c;
    if (!reuse_key && (key == NULL || !key_len_ok(c, key_len)))
        return BRISK_EINVAL;
    if (c->iv_len > 0) {
        if (iv == NULL)
            return BRISK_EINVAL;
        if (c->mode == BRISK_MODE_GCM ? iv_len == 0 : iv_len != c->iv_len)
            return BRISK_EINVAL;
    }
    if (!reuse_key) {
        int err = set_key(ctx, c, key, key_len, param);
        if (err != 0) {
            wipe(ctx->ks, sizeof(ctx->ks));
            ctx->cipher = NULL;
            return err;
        }
        ctx->param = param;
    }
    ctx->cipher = c;
    ctx->encrypt = encrypt != 0;
    ctx->padding = 1;
    ctx->state = STATE_OPEN;
    ctx->buf_len = 0;
    ctx->aad_len = ctx->msg_len = 0;
    ctx->tag_len = encrypt ? BRISK_GCM_TAG_LEN : 0;
    memset(ctx->iv, 0, sizeof(ctx->iv));
    if (c->mode == BRISK_MODE_GCM)
        return brisk_gcm_init(ctx, iv, iv_len, !reuse_key);
    if (c->mode == BRISK_MODE_CHACHA20) {
        brisk_chacha20_init(ctx, iv);
        return 0;
    }
    if (c->mode == BRISK_MODE_CHACHA20_POLY1305)
        return brisk_chapoly_init(ctx, iv);
    if (c->iv_len > 0)
        memcpy(ctx->iv, iv, c->iv_len);
    return 0;
}

int brisk_cipher_init(brisk_cipher_ctx *ctx, const brisk_cipher *c, int encrypt,
                      const uint8_t *key, size_t key_len,
                      const uint8_t *iv, size_t iv_len)
{
    return brisk_cipher_init_ex(ctx, c, encrypt, key, key_len, iv, iv_len, 0);
}

int brisk_cipher_set_padding(brisk_cipher_ctx *ctx, int padding)
{
    if (ctx == NULL || ctx->cipher == NULL)
        return BRISK_EINVAL;
    ctx->padding = padding != 0;
    return 0;
}

/* ---- ECB and CBC: whole blocks, with buffering and padding ---- */

/* xor_words xors len bytes (a multiple of 8) of x into out, and copy_words
 * copies them, eight at a time: blocks are 8 or 16 bytes, and a libc call
 * for each would cost more than the work. */
static inline void xor_words(uint8_t *out, const uint8_t *x, size_t len)
{
    for (size_t i = 0; i < len; i += 8) {
        uint64_t a, c;
        memcpy(&a, out + i, 8);
        memcpy(&c, x + i, 8);
        a ^= c;
        memcpy(out + i, &a, 8);
    }
}

static inline void copy_words(uint8_t *out, const uint8_t *x, size_t len)
{
    for (size_t i = 0; i < len; i += 8)
        memcpy(out + i, x + i, 8);
}

/* crypt_blocks runs n whole blocks through ECB or CBC in ctx's direction. */
static void crypt_blocks(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const brisk_cipher *c = ctx->cipher;
    const brisk_block_cipher *bc = c->bc;
    size_t b = block_len(bc);

    if (n == 0)
        return;
    if (c->mode == BRISK_MODE_ECB) {
        (ctx->encrypt ? bc->encrypt : bc->decrypt)(ctx->ks, out, in, n);
        return;
    }
    if (ctx->encrypt && bc->cbc_enc != NULL) {
        bc->cbc_enc(ctx->ks, ctx->iv, out, in, n);
        return;
    }
    if (!ctx->encrypt && bc->cbc_dec != NULL) {
        bc->cbc_dec(ctx->ks, ctx->iv, out, in, n);
        return;
    }
    if (ctx->encrypt) {
        for (; n > 0; n--, in += b, out += b) {
            for (size_t i = 0; i < b; i++)
                ctx->iv[i] ^= in[i];
            bc->encrypt(ctx->ks, ctx->iv, ctx->iv, 1);
            memcpy(out, ctx->iv, b);
        }
        return;
    }
    /* Decryption runs the kernel over all the blocks and xors each with
     * the ciphertext block before it.  With out apart from in, that is read
     * from in; in place (or overlapping), up to 32 blocks go at a time with
     * their ciphertext saved first. */
    size_t total = n * b;
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
    if (o + total <= i || i + total <= o) {
        bc->decrypt(ctx->ks, out, in, n);
        xor_words(out, ctx->iv, b);
        xor_words(out + b, in, total - b);
        copy_words(ctx->iv, in + total - b, b);
        return;
    }
    uint8_t save[32 * 16];
    while (n > 0) {
        size_t m = n < 32 ? n : 32, len = m * b;
        copy_words(save, in, len);
        bc->decrypt(ctx->ks, out, in, m);
        xor_words(out, ctx->iv, b);
        xor_words(out + b, save, len - b);
        copy_words(ctx->iv, save + len - b, b);
        in += len;
        out += len;
        n -= m;
    }
}

/* block_update is update for ECB and CBC.  With padding, decryption keeps
 * the last whole block back for final. */
static size_t block_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t b = block_len(ctx->cipher->bc), total = ctx->buf_len + len;
    size_t keep = total & (b - 1);
    if (keep == 0 && !ctx->encrypt && ctx->padding && total > 0)
        keep = b;
    size_t todo = total - keep, done = 0;

    if (todo == 0) {
        if (len > 0)   /* in may be NULL then */
            memcpy(ctx->buf + ctx->buf_len, in, len);
        ctx->buf_len = total;
        return 0;
    }
    if (ctx->buf_len > 0) {
        /* Block by block through buf.  The output then runs buf_len bytes
         * ahead of the input; before a block is written over input not yet
         * read (out == in), those bytes are moved into buf. */
        size_t carry = ctx->buf_len;
        uint8_t blk[BRISK_CIPHER_MAX_BLOCK];
        while (done < todo) {
            memcpy(ctx->buf + carry, in, b - carry);
            in += b - carry;
            len -= b - carry;
            crypt_blocks(ctx, blk, ctx->buf, 1);
            size_t next = len < carry ? len : carry;
            memcpy(ctx->buf, in, next);
            in += next;
            len -= next;
            memcpy(out + done, blk, b);
            done += b;
            if (next < carry) {
                /* Input ran out: what is in buf is all that is left. */
                ctx->buf_len = next;
                wipe(blk, sizeof(blk));
                return done;
            }
        }
        wipe(blk, sizeof(blk));
        /* buf holds carry bytes of input already consumed: the rest of the
         * kept tail follows in. */
        memcpy(ctx->buf + carry, in, len);
        ctx->buf_len = carry + len;
        return done;
    }
    crypt_blocks(ctx, out, in, todo >> (b == 16 ? 4 : 3));
    memcpy(ctx->buf, in + todo, keep);
    ctx->buf_len = keep;
    return todo;
}

/* block_final pads (encrypting) or checks and strips the padding. */
static int block_final(brisk_cipher_ctx *ctx, uint8_t *out, size_t *out_len)
{
    size_t b = block_len(ctx->cipher->bc);

    if (!ctx->padding) {
        if (ctx->buf_len != 0)
            return BRISK_EINVAL;
        *out_len = 0;
        return 0;
    }
    if (ctx->encrypt) {
        memset(ctx->buf + ctx->buf_len, (int)(b - ctx->buf_len), b - ctx->buf_len);
        crypt_blocks(ctx, out, ctx->buf, 1);
        *out_len = b;
        return 0;
    }
    if (ctx->buf_len != b)
        return BRISK_EINVAL;
    uint8_t blk[BRISK_CIPHER_MAX_BLOCK];
    crypt_blocks(ctx, blk, ctx->buf, 1);
    /* PKCS#7, checked without branching on the padding bytes: bad is 1
     * when pad is 0 or above b, or a byte of the padding differs from it. */
    uint32_t pad = blk[b - 1];
    uint32_t bad = ((pad - 1) >> 31) | (((uint32_t)b - pad) >> 31);
    for (size_t i = 0; i < b; i++) {
        uint32_t in_pad = ((uint32_t)(b - 1 - i) - pad) >> 31;
        uint32_t differs = (0u - (uint32_t)(blk[i] ^ pad)) >> 31;
        bad |= in_pad & differs;
    }
    int err = bad != 0 ? BRISK_EVERIFY : 0;
    if (err == 0) {
        memcpy(out, blk, b - pad);
        *out_len = b - pad;
    }
    wipe(blk, sizeof(blk));
    return err;
}

/* ---- CFB, OFB, CTR: keystream modes, any length ---- */

/* next_keystream refills buf with one block of keystream (CTR, OFB) or
 * encrypts the feedback register in place (CFB). */
static void next_keystream(brisk_cipher_ctx *ctx)
{
    const brisk_block_cipher *bc = ctx->cipher->bc;
    size_t b = block_len(bc);

    switch (ctx->cipher->mode) {
    case BRISK_MODE_CTR:
        bc->encrypt(ctx->ks, ctx->buf, ctx->iv, 1);
        for (size_t i = b; i-- > 0;)
            if (++ctx->iv[i] != 0)
                break;
        break;
    default: /* CFB and OFB: the register itself becomes the keystream */
        bc->encrypt(ctx->ks, ctx->iv, ctx->iv, 1);
        break;
    }
}

static void stream_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    const brisk_cipher *c = ctx->cipher;
    size_t b = block_len(c->bc), n = ctx->buf_len;
    int cfb = c->mode == BRISK_MODE_CFB;
    uint8_t *ks = c->mode == BRISK_MODE_CTR ? ctx->buf : ctx->iv;

    /* Whole blocks from a block boundary: the cipher's CTR kernel, when it
     * has one, in one call. */
    if (n == 0 && len >= b && c->mode == BRISK_MODE_CTR && c->bc->ctr != NULL) {
        size_t bytes = len & ~(b - 1);
        c->bc->ctr(ctx->ks, ctx->iv, out, in, bytes >> (b == 16 ? 4 : 3));
        in += bytes;
        out += bytes;
        len -= bytes;
    }
    /* Other whole blocks: one keystream block, then a loop the compiler
     * can vectorise. */
    for (; n == 0 && len >= b; in += b, out += b, len -= b) {
        next_keystream(ctx);
        if (cfb && !ctx->encrypt) {
            for (size_t i = 0; i < b; i++) {
                uint8_t x = in[i];
                out[i] = (uint8_t)(x ^ ks[i]);
                ks[i] = x;
            }
        } else {
            for (size_t i = 0; i < b; i++)
                out[i] = (uint8_t)(in[i] ^ ks[i]);
            if (cfb)
                memcpy(ks, out, b);
        }
    }
    for (; len > 0; len--, in++, out++) {
        if (n == 0)
            next_keystream(ctx);
        uint8_t x = *in;
        *out = (uint8_t)(x ^ ks[n]);
        if (cfb)
            ks[n] = ctx->encrypt ? *out : x;
        n = (n + 1) & (b - 1);
    }
    ctx->buf_len = n;
}

/* ---- The generic entry points ---- */

int brisk_cipher_aad(brisk_cipher_ctx *ctx, const uint8_t *aad, size_t aad_len)
{
    if (ctx == NULL || ctx->cipher == NULL || (ctx->cipher->flags & BRISK_CIPHER_AEAD) == 0 ||
        ctx->state != STATE_OPEN || (aad == NULL && aad_len > 0))
        return BRISK_EINVAL;
    if (ctx->cipher->mode == BRISK_MODE_CHACHA20_POLY1305)
        return brisk_chapoly_aad(ctx, aad, aad_len);
    return brisk_gcm_aad(ctx, aad, aad_len);
}

int brisk_cipher_update(brisk_cipher_ctx *ctx, uint8_t *out, size_t *out_len,
                        const uint8_t *in, size_t in_len)
{
    if (out_len != NULL)
        *out_len = 0;
    if (ctx == NULL || ctx->cipher == NULL || out_len == NULL || ctx->state != STATE_OPEN ||
        (in_len > 0 && (in == NULL || out == NULL)))
        return BRISK_EINVAL;
    const brisk_cipher *c = ctx->cipher;
    int err = 0;

    switch (c->mode) {
    case BRISK_MODE_STREAM:
        c->sc->crypt(ctx->ks, out, in, in_len);
        *out_len = in_len;
        break;
    case BRISK_MODE_ECB:
    case BRISK_MODE_CBC:
        *out_len = block_update(ctx, out, in, in_len);
        break;
    case BRISK_MODE_CFB:
    case BRISK_MODE_OFB:
    case BRISK_MODE_CTR:
        stream_update(ctx, out, in, in_len);
        *out_len = in_len;
        break;
    case BRISK_MODE_GCM:
        err = brisk_gcm_update(ctx, out, in, in_len);
        *out_len = err == 0 ? in_len : 0;
        break;
    case BRISK_MODE_XTS:
        err = brisk_xts_crypt(ctx, out, in, in_len);
        *out_len = err == 0 ? in_len : 0;
        break;
    case BRISK_MODE_CHACHA20:
        brisk_chacha20_update(ctx, out, in, in_len);
        *out_len = in_len;
        break;
    case BRISK_MODE_CHACHA20_POLY1305:
        err = brisk_chapoly_update(ctx, out, in, in_len);
        *out_len = err == 0 ? in_len : 0;
        break;
    }
    return err;
}

int brisk_cipher_final(brisk_cipher_ctx *ctx, uint8_t *out, size_t *out_len)
{
    if (out_len != NULL)
        *out_len = 0;
    if (ctx == NULL || ctx->cipher == NULL || out_len == NULL || ctx->state != STATE_OPEN)
        return BRISK_EINVAL;
    const brisk_cipher *c = ctx->cipher;
    int err = 0;

    switch (c->mode) {
    case BRISK_MODE_ECB:
    case BRISK_MODE_CBC:
        if (out == NULL)
            return BRISK_EINVAL;
        err = block_final(ctx, out, out_len);
        break;
    case BRISK_MODE_GCM:
        if (!ctx->encrypt && ctx->tag_len == 0)
            return BRISK_EINVAL; /* no tag to check: nothing is final */
        err = brisk_gcm_final(ctx);
        break;
    case BRISK_MODE_CHACHA20_POLY1305:
        if (!ctx->encrypt && ctx->tag_len == 0)
            return BRISK_EINVAL;
        err = brisk_chapoly_final(ctx);
        break;
    default:
        break;
    }
    ctx->state = STATE_DONE;
    wipe(ctx->buf, sizeof(ctx->buf));
    ctx->buf_len = 0;
    return err;
}

int brisk_cipher_set_tag(brisk_cipher_ctx *ctx, const uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || ctx->cipher == NULL || (ctx->cipher->flags & BRISK_CIPHER_AEAD) == 0 ||
        ctx->encrypt || ctx->state != STATE_OPEN || tag == NULL || tag_len < 4 ||
        tag_len > BRISK_GCM_TAG_LEN)
        return BRISK_EINVAL;
    memcpy(ctx->tag, tag, tag_len);
    ctx->tag_len = tag_len;
    return 0;
}

int brisk_cipher_get_tag(const brisk_cipher_ctx *ctx, uint8_t *tag, size_t tag_len)
{
    if (ctx == NULL || ctx->cipher == NULL || (ctx->cipher->flags & BRISK_CIPHER_AEAD) == 0 ||
        !ctx->encrypt || ctx->state != STATE_DONE || tag == NULL || tag_len < 4 ||
        tag_len > BRISK_GCM_TAG_LEN)
        return BRISK_EINVAL;
    memcpy(tag, ctx->tag, tag_len);
    return 0;
}

void brisk_cipher_cleanup(brisk_cipher_ctx *ctx)
{
    if (ctx != NULL)
        wipe(ctx, sizeof(*ctx));
}
