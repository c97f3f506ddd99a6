/*
 * src/cipher/chacha20.c - ChaCha20 (D. J. Bernstein, "ChaCha, a variant of
 * Salsa20", 2008; RFC 8439 section 2.3-2.4 for the IETF layout), HChaCha20
 * (draft-irtf-cfrg-xchacha section 2.2) and XChaCha20: the portable kernel,
 * the "chacha20" primitive, and the drivers every kernel shares.
 *
 * Layouts: the state is RFC 8439's, four constant words, eight key words,
 * then words 12..15.  The IETF layout has a 32-bit block counter (word 12)
 * and a 96-bit nonce (words 13..15); Bernstein's original layout, which
 * OpenSSH's chacha20-poly1305@openssh.com and OpenSSL's EVP_chacha20 use, a
 * 64-bit counter (words 12..13) and a 64-bit nonce.  Kernels only count in
 * word 12; the drivers split calls where it wraps and carry into word 13.
 *
 * Technique: the portable kernel computes one block at a time on 32-bit
 * words; the AVX2 and AVX-512 kernels (chacha20_avx2.c, chacha20_avx512.c)
 * run 8 and 16 blocks in vector lanes.  Whole blocks go to the kernel in one
 * call; only a partial last block passes through a stack buffer.
 *
 * Constant-time: yes; additions, xors and rotations only, no tables, no
 * branches on key or data.
 */
#include <brisk/chacha.h>

#include "internal.h"

/* ---- Portable kernel ---- */

/* quarter_round works on named locals through pointers; once inlined,
 * the state stays in registers (an array indexed through a function's
 * parameters stays in memory unless every call is inlined). */
static inline __attribute__((always_inline)) void quarter_round(uint32_t *a, uint32_t *b,
                                                                uint32_t *c, uint32_t *d)
{
    *a += *b;
    *d = rotl32(*d ^ *a, 16);
    *c += *d;
    *b = rotl32(*b ^ *c, 12);
    *a += *b;
    *d = rotl32(*d ^ *a, 8);
    *c += *d;
    *b = rotl32(*b ^ *c, 7);
}

/* chacha_rounds runs the 20 rounds (ten double rounds) on x in place. */
static inline __attribute__((always_inline)) void chacha_rounds(uint32_t x[16])
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6];
    uint32_t x7 = x[7], x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11], x12 = x[12];
    uint32_t x13 = x[13], x14 = x[14], x15 = x[15];

    for (int i = 0; i < 10; i++) {
        quarter_round(&x0, &x4, &x8, &x12);
        quarter_round(&x1, &x5, &x9, &x13);
        quarter_round(&x2, &x6, &x10, &x14);
        quarter_round(&x3, &x7, &x11, &x15);
        quarter_round(&x0, &x5, &x10, &x15);
        quarter_round(&x1, &x6, &x11, &x12);
        quarter_round(&x2, &x7, &x8, &x13);
        quarter_round(&x3, &x4, &x9, &x14);
    }
    x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3, x[4] = x4, x[5] = x5, x[6] = x6, x[7] = x7;
    x[8] = x8, x[9] = x9, x[10] = x10, x[11] = x11, x[12] = x12, x[13] = x13, x[14] = x14;
    x[15] = x15;
}

static void chacha20_xor_blocks_c(uint8_t *out, const uint8_t *in, size_t nblocks,
                                  const uint32_t state[16])
{
    uint32_t ctr = state[12];
    for (; nblocks > 0; nblocks--, in += 64, out += 64, ctr++) {
        uint32_t x[16];
        for (int i = 0; i < 16; i++)
            x[i] = state[i];
        x[12] = ctr;
        chacha_rounds(x);
        for (int i = 0; i < 16; i++) {
            uint32_t k = x[i] + (i == 12 ? ctr : state[i]);
            store32_le(out + 4 * i, load32_le(in + 4 * i) ^ k);
        }
    }
}

const brisk_chacha20_ops brisk_chacha20_ops_c = {chacha20_xor_blocks_c};

/* Widest first; every kernel is constant-time and exact, so the dispatcher
 * takes the widest the CPU runs. */
static const brisk_impl chacha20_impls[] = {
#ifdef BRISK_X86_64
    {"avx512", BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL, 0, BRISK_IMPL_AUTO,
     &brisk_chacha20_ops_avx512},
    {"avx2", BRISK_CPU_AVX2, 0, BRISK_IMPL_AUTO, &brisk_chacha20_ops_avx2},
#endif
    {"c", 0, 0, BRISK_IMPL_AUTO, &brisk_chacha20_ops_c},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_chacha20_prim = {.name = "chacha20", .impls = chacha20_impls, .sized = 1};

/* ---- Drivers ---- */

void brisk_chacha20_setup(uint32_t st[16], const uint8_t key[32])
{
    st[0] = 0x61707865u; /* "expand 32-byte k" */
    st[1] = 0x3320646eu;
    st[2] = 0x79622d32u;
    st[3] = 0x6b206574u;
    for (int i = 0; i < 8; i++)
        st[4 + i] = load32_le(key + 4 * i);
    st[12] = st[13] = st[14] = st[15] = 0;
}

/* tail xors the len (< 64) bytes of the block at counter st[12] into in
 * through a stack buffer. */
static void tail(const brisk_chacha20_ops *ops, const uint32_t st[16], uint8_t *out,
                 const uint8_t *in, size_t len)
{
    uint8_t blk[64];
    memset(blk, 0, sizeof(blk));
    memcpy(blk, in, opaque_size(len));
    ops->xor_blocks(blk, blk, 1, st);
    memcpy(out, blk, opaque_size(len));
    wipe(blk, sizeof(blk));
}

void brisk_chacha20_xor32(const brisk_chacha20_ops *ops, uint32_t st[16], uint8_t *out,
                          const uint8_t *in, size_t len)
{
    size_t n = len / 64;
    if (n > 0) {
        ops->xor_blocks(out, in, n, st);
        st[12] += (uint32_t)n;
        out += 64 * n;
        in += 64 * n;
        len -= 64 * n;
    }
    if (len > 0) {
        tail(ops, st, out, in, len);
        st[12]++;
    }
}

void brisk_chacha20_xor64(const brisk_chacha20_ops *ops, uint32_t st[16], uint8_t *out,
                          const uint8_t *in, size_t len)
{
    size_t n = len / 64;
    while (n > 0) {
        /* Blocks left before word 12 wraps: 2^32 - st[12]. */
        uint64_t room = ((uint64_t)1 << 32) - st[12];
        size_t m = (uint64_t)n < room ? n : (size_t)room;
        ops->xor_blocks(out, in, m, st);
        st[12] += (uint32_t)m;
        if (st[12] == 0)
            st[13]++;
        out += 64 * m;
        in += 64 * m;
        len -= 64 * m;
        n -= m;
    }
    if (len > 0) {
        tail(ops, st, out, in, len);
        if (++st[12] == 0)
            st[13]++;
    }
}

void brisk_hchacha20_words(uint32_t sub[8], const uint8_t key[32], const uint8_t nonce[16])
{
    uint32_t x[16];
    brisk_chacha20_setup(x, key);
    for (int i = 0; i < 4; i++)
        x[12 + i] = load32_le(nonce + 4 * i);
    chacha_rounds(x);
    for (int i = 0; i < 4; i++) {
        sub[i] = x[i];
        sub[4 + i] = x[12 + i];
    }
    wipe(x, sizeof(x));
}

/* ---- Public one-shot functions ---- */

void brisk_hchacha20(uint8_t out[32], const uint8_t key[32], const uint8_t nonce[16])
{
    uint32_t sub[8];
    brisk_hchacha20_words(sub, key, nonce);
    for (int i = 0; i < 8; i++)
        store32_le(out + 4 * i, sub[i]);
    wipe(sub, sizeof(sub));
}

int brisk_chacha20_ietf(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                        const uint8_t nonce[12], uint32_t counter)
{
    if (key == NULL || nonce == NULL || (len > 0 && (out == NULL || in == NULL)))
        return BRISK_EINVAL;
    /* The counter may reach 2^32 only after the last block. */
    uint64_t blocks = len / 64 + (len % 64 != 0);
    if (blocks > ((uint64_t)1 << 32) - counter)
        return BRISK_EINVAL;
    uint32_t st[16];
    brisk_chacha20_setup(st, key);
    st[12] = counter;
    for (int i = 0; i < 3; i++)
        st[13 + i] = load32_le(nonce + 4 * i);
    brisk_chacha20_xor32(brisk_chacha20_for(len), st, out, in, len);
    wipe(st, sizeof(st));
    return 0;
}

/* djb_xor runs the 64/64 layout from a state whose key words are set. */
static void djb_xor(uint32_t st[16], uint8_t *out, const uint8_t *in, size_t len,
                    const uint8_t nonce[8], uint64_t counter)
{
    st[12] = (uint32_t)counter;
    st[13] = (uint32_t)(counter >> 32);
    st[14] = load32_le(nonce);
    st[15] = load32_le(nonce + 4);
    brisk_chacha20_xor64(brisk_chacha20_for(len), st, out, in, len);
    wipe(st, 16 * sizeof(uint32_t));
}

int brisk_chacha20_djb(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                       const uint8_t nonce[8], uint64_t counter)
{
    if (key == NULL || nonce == NULL || (len > 0 && (out == NULL || in == NULL)))
        return BRISK_EINVAL;
    uint32_t st[16];
    brisk_chacha20_setup(st, key);
    djb_xor(st, out, in, len, nonce, counter);
    return 0;
}

int brisk_xchacha20(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                    const uint8_t nonce[24], uint64_t counter)
{
    if (key == NULL || nonce == NULL || (len > 0 && (out == NULL || in == NULL)))
        return BRISK_EINVAL;
    uint32_t st[16], sub[8];
    brisk_chacha20_setup(st, key);
    brisk_hchacha20_words(sub, key, nonce);
    for (int i = 0; i < 8; i++)
        st[4 + i] = sub[i];
    wipe(sub, sizeof(sub));
    djb_xor(st, out, in, len, nonce + 16, counter);
    return 0;
}

/* ---- The generic API's "chacha20" (OpenSSL's EVP_chacha20) ---- */

_Static_assert(sizeof(brisk_chacha_ks) <= BRISK_KS_SIZE, "ChaCha state fits ks");

static int chacha20_setkey(void *ks, const uint8_t *key, size_t key_len, unsigned param)
{
    if (key == NULL || key_len != 32 || param != 0)
        return BRISK_EINVAL;
    brisk_chacha20_setup(((brisk_chacha_ks *)ks)->st, key);
    return 0;
}

static void chacha20_crypt(void *ks, uint8_t *out, const uint8_t *in, size_t len)
{
    (void)ks, (void)out, (void)in, (void)len;
}

const brisk_stream_cipher brisk_chacha20_cipher = {"chacha20", chacha20_setkey, chacha20_crypt};

void brisk_chacha20_init(brisk_cipher_ctx *ctx, const uint8_t iv[16])
{
    brisk_chacha_ks *s = (brisk_chacha_ks *)ctx->ks;
    for (int i = 0; i < 4; i++)
        s->st[12 + i] = load32_le(iv + 4 * i);
    ctx->buf_len = 0;
}

void brisk_chacha20_stream(brisk_chacha_ks *s, size_t *left, uint8_t *out, const uint8_t *in,
                           size_t len, int carry64)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_for(len);
    size_t n = *left;

    while (len > 0) {
        if (n > 0) {
            size_t m = n < len ? n : len;
            const uint8_t *k = s->stream + BRISK_CHACHA_STREAM - n;
            for (size_t i = 0; i < m; i++)
                out[i] = (uint8_t)(in[i] ^ k[i]);
            n -= m;
            in += m;
            out += m;
            len -= m;
            continue;
        }
        if (len >= BRISK_CHACHA_STREAM) {
            size_t whole = len & ~(size_t)63;
            (carry64 ? brisk_chacha20_xor64 : brisk_chacha20_xor32)(ops, s->st, out, in, whole);
            in += whole;
            out += whole;
            len -= whole;
            continue;
        }
        uint64_t room = ((uint64_t)1 << 32) - s->st[12];
        size_t nb = BRISK_CHACHA_STREAM / 64;
        if (!carry64 && room < nb)
            nb = (size_t)room;
        uint8_t *k = s->stream + BRISK_CHACHA_STREAM - 64 * nb;
        memset(k, 0, 64 * nb);
        (carry64 ? brisk_chacha20_xor64 : brisk_chacha20_xor32)(ops, s->st, k, k, 64 * nb);
        n = 64 * nb;
    }
    *left = n;
}

void brisk_chacha20_update(brisk_cipher_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    brisk_chacha20_stream((brisk_chacha_ks *)ctx->ks, &ctx->buf_len, out, in, len, 1);
}
