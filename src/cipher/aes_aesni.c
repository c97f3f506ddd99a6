/*
 * src/cipher/aes_ni.c - AES (FIPS 197) with the AES-NI instructions on
 * 128-bit registers: the "aesni" implementation of the "aes" primitive.
 *
 * Technique: the 128- and 256-bit key schedules stay in vector registers
 * (aeskeygenassist, shifted xors), the 192-bit one follows FIPS 197 5.2
 * word by word; decryption round keys are the encryption ones in reverse
 * order passed through aesimc (the "equivalent inverse cipher", FIPS 197
 * 5.3.5).  ECB, CBC decryption and XTS keep 8 independent blocks in
 * flight to cover aesenc's latency; CTR keeps 12, because with two AES
 * units (Zen 2) 8 blocks exactly cover the four-cycle latency and any
 * stall shows (12 took aes-128-ctr there from 7.7 to 8.4 GB/s, and
 * passing the input in the last round's key to 8.7).  All finish with
 * smaller steps.  CBC encryption is serial by nature, so it is compiled
 * per round count with nothing but AES rounds on its chain.  Counters are kept byte
 * reversed, so that one vector add makes the next counter: 64-bit lanes for
 * ctr128 (runs are split where the low 64 bits wrap, to carry by hand),
 * 32-bit lanes for ctr32, whose wrap is exactly GCM's inc32.  XTS keeps
 * 8 blocks in flight too, each tweak made from the last in registers (a
 * 64-bit lane shift, and the bits shifted out of each lane moved with
 * pshufd and masked into the carry and the 0x87 feedback); the first tweak
 * of the next 8 is made from the first of these by alpha^8, so that the
 * loop does not wait on a chain of 8 doublings.  From 64 blocks on, each
 * step makes the next step's tweaks first, in general registers (which
 * XTS otherwise leaves idle), and they reach the rounds through the
 * stack: in vector registers their arithmetic held up the next step's
 * rounds (perf on Zen 2: half the time outside the AES rounds), and the
 * change took aes-128-xts at 16 KiB there from 6.0 to 7.0 GB/s.
 *
 * Key layout in brisk_aes_key.w: 15 encryption round keys, then 15
 * decryption round keys (as 16-byte vectors).
 *
 * Constant-time: yes; the AES instructions take fixed time and nothing
 * branches on or is addressed by key or data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define NI_TARGET __attribute__((target("aes,sse4.1,ssse3")))
#define NI_INLINE NI_TARGET static inline __attribute__((always_inline))

static inline const __m128i *enc_keys(const brisk_aes_key *k)
{
    return (const __m128i *)k->w;
}

static inline const __m128i *dec_keys(const brisk_aes_key *k)
{
    return (const __m128i *)k->w + 15;
}

/* ---- Key schedule ---- */

/* sub_word returns SubWord(t), or RotWord(SubWord(t)) when rot is set. */
NI_TARGET
static uint32_t sub_word(uint32_t t, int rot)
{
    __m128i x = _mm_aeskeygenassist_si128(_mm_set_epi32(0, 0, (int)t, 0), 0);
    return (uint32_t)(rot ? _mm_extract_epi32(x, 1) : _mm_cvtsi128_si32(x));
}

/* expand_words is FIPS 197 5.2 word by word for nk-word keys; always
 * inlined with a constant nk, so that i % nk costs no division. */
NI_INLINE void expand_words(uint32_t *w, const uint8_t *key, size_t nk)
{
    static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};
    size_t n_words = 4 * (nk + 7);

    for (size_t i = 0; i < nk; i++)
        w[i] = load32_le(key + 4 * i);
    for (size_t i = nk; i < n_words; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0)
            t = sub_word(t, 1) ^ rcon[i / nk - 1];
        else if (nk > 6 && i % nk == 4)
            t = sub_word(t, 0);
        w[i] = w[i - nk] ^ t;
    }
}

/* next_key128 is one step of the 128-bit schedule in registers: prev with
 * each word xored into the next ones, and the word from aeskeygenassist
 * (RotWord(SubWord) ^ rcon, broadcast) xored in. */
NI_INLINE __m128i next_key128(__m128i prev, __m128i assist)
{
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 8));
    return _mm_xor_si128(prev, _mm_shuffle_epi32(assist, 0xff));
}

/* expand128 computes the 11 round keys of a 128-bit key without leaving the
 * vector registers (aeskeygenassist takes rcon as an immediate, hence the
 * unrolled calls). */
NI_INLINE void expand128(__m128i *ek, const uint8_t *key)
{
    __m128i k = _mm_loadu_si128((const __m128i *)key);
    ek[0] = k;
    ek[1] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x01));
    ek[2] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x02));
    ek[3] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x04));
    ek[4] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x08));
    ek[5] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x10));
    ek[6] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x20));
    ek[7] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x40));
    ek[8] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x80));
    ek[9] = k = next_key128(k, _mm_aeskeygenassist_si128(k, 0x1b));
    ek[10] = next_key128(k, _mm_aeskeygenassist_si128(k, 0x36));
}

/* next_key256b is the 256-bit schedule's other half-step: SubWord without
 * RotWord or rcon (word 2 of aeskeygenassist's result, broadcast). */
NI_INLINE __m128i next_key256b(__m128i prev, __m128i assist)
{
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 8));
    return _mm_xor_si128(prev, _mm_shuffle_epi32(assist, 0xaa));
}

/* expand256 computes the 15 round keys of a 256-bit key in registers. */
NI_INLINE void expand256(__m128i *ek, const uint8_t *key)
{
    __m128i a = _mm_loadu_si128((const __m128i *)key);
    __m128i b = _mm_loadu_si128((const __m128i *)(key + 16));
    ek[0] = a;
    ek[1] = b;
    ek[2] = a = next_key128(a, _mm_aeskeygenassist_si128(b, 0x01));
    ek[3] = b = next_key256b(b, _mm_aeskeygenassist_si128(a, 0));
    ek[4] = a = next_key128(a, _mm_aeskeygenassist_si128(b, 0x02));
    ek[5] = b = next_key256b(b, _mm_aeskeygenassist_si128(a, 0));
    ek[6] = a = next_key128(a, _mm_aeskeygenassist_si128(b, 0x04));
    ek[7] = b = next_key256b(b, _mm_aeskeygenassist_si128(a, 0));
    ek[8] = a = next_key128(a, _mm_aeskeygenassist_si128(b, 0x08));
    ek[9] = b = next_key256b(b, _mm_aeskeygenassist_si128(a, 0));
    ek[10] = a = next_key128(a, _mm_aeskeygenassist_si128(b, 0x10));
    ek[11] = b = next_key256b(b, _mm_aeskeygenassist_si128(a, 0));
    ek[12] = a = next_key128(a, _mm_aeskeygenassist_si128(b, 0x20));
    ek[13] = b = next_key256b(b, _mm_aeskeygenassist_si128(a, 0));
    ek[14] = next_key128(a, _mm_aeskeygenassist_si128(b, 0x40));
}

NI_TARGET
static void ni_setkey(brisk_aes_key *k, const uint8_t *key, size_t key_len)
{
    size_t rounds = key_len / 4 + 6;
    __m128i *ek = (__m128i *)k->w, *dk = ek + 15;

    if (key_len == 16) {
        expand128(ek, key);
    } else if (key_len == 32) {
        expand256(ek, key);
    } else {
        uint32_t w[52];
        expand_words(w, key, 6);
        for (size_t r = 0; r <= rounds; r++)
            ek[r] = _mm_loadu_si128((const __m128i *)(w + 4 * r));
        wipe(w, sizeof(w));
    }
    dk[0] = ek[rounds];
    for (size_t r = 1; r < rounds; r++)
        dk[r] = _mm_aesimc_si128(ek[rounds - r]);
    dk[rounds] = ek[0];
    k->rounds = (unsigned)rounds;
    k->impl = &brisk_aes_impl_aesni;
}

/* ---- Block functions: n blocks in parallel (n a constant once inlined) ---- */

/* enc_rounds runs every round but the last, which callers finish with
 * aesenclast: its key may carry a value to xor into the output. */
NI_INLINE void enc_rounds(const __m128i *rk, unsigned rounds, __m128i *b, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = _mm_xor_si128(b[i], rk[0]);
    for (unsigned r = 1; r < rounds; r++) {
        __m128i key = rk[r];
#pragma GCC unroll 16
        for (int i = 0; i < n; i++)
            b[i] = _mm_aesenc_si128(b[i], key);
    }
}

NI_INLINE void enc_blocks(const __m128i *rk, unsigned rounds, __m128i *b, int n)
{
    enc_rounds(rk, rounds, b, n);
    for (int i = 0; i < n; i++)
        b[i] = _mm_aesenclast_si128(b[i], rk[rounds]);
}

NI_INLINE void dec_blocks(const __m128i *rk, unsigned rounds, __m128i *b, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = _mm_xor_si128(b[i], rk[0]);
    for (unsigned r = 1; r < rounds; r++) {
        __m128i key = rk[r];
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            b[i] = _mm_aesdec_si128(b[i], key);
    }
    for (int i = 0; i < n; i++)
        b[i] = _mm_aesdeclast_si128(b[i], rk[rounds]);
}

static inline __m128i loadu(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

static inline void storeu(uint8_t *p, __m128i v)
{
    _mm_storeu_si128((__m128i *)p, v);
}

/* ---- ECB ---- */

/* ecb_step runs n blocks (a constant once inlined) through enc or dec. */
NI_INLINE void ecb_step(const __m128i *rk, unsigned rounds, uint8_t *out, const uint8_t *in, int n,
                        int decrypt)
{
    __m128i b[8];
    for (int i = 0; i < n; i++)
        b[i] = loadu(in + 16 * i);
    if (decrypt)
        dec_blocks(rk, rounds, b, n);
    else
        enc_blocks(rk, rounds, b, n);
    for (int i = 0; i < n; i++)
        storeu(out + 16 * i, b[i]);
}

NI_INLINE void ecb(const __m128i *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                   size_t n_blocks, int decrypt)
{
    for (; n_blocks >= 8; n_blocks -= 8, in += 128, out += 128)
        ecb_step(rk, rounds, out, in, 8, decrypt);
    if (n_blocks >= 4) {
        ecb_step(rk, rounds, out, in, 4, decrypt);
        n_blocks -= 4, in += 64, out += 64;
    }
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16)
        ecb_step(rk, rounds, out, in, 1, decrypt);
}

NI_TARGET
static void ni_ecb_enc(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    ecb(enc_keys(k), k->rounds, out, in, n_blocks, 0);
}

NI_TARGET
static void ni_ecb_dec(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    ecb(dec_keys(k), k->rounds, out, in, n_blocks, 1);
}

/* ---- CBC ---- */

/* cbc_enc_rounds is CBC encryption unrolled for its round count (rounds a
 * constant once inlined).  Its speed is the latency of the chain, so the
 * next block's plaintext and first round key are folded into the last round
 * (aesenclast xors its key last): the chain is then rounds instructions per
 * block, with no xor between them. */
NI_INLINE void cbc_enc_rounds(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t n_blocks, int rounds)
{
    /* Read the keys from the schedule: a copy of 15 would not fit in the 16
     * registers with the chain's values and be spilled to the stack.  The
     * loads are off the chain. */
    const __m128i *rk = enc_keys(k);
    __m128i last_first = _mm_xor_si128(rk[rounds], rk[0]);
    __m128i c = loadu(iv);
    __m128i x = _mm_xor_si128(c, _mm_xor_si128(loadu(in), rk[0]));

    for (;;) {
        for (int r = 1; r < rounds; r++)
            x = _mm_aesenc_si128(x, rk[r]);
        c = _mm_aesenclast_si128(x, rk[rounds]);
        storeu(out, c);
        if (--n_blocks == 0)
            break;
        in += 16, out += 16;
        x = _mm_aesenclast_si128(x, _mm_xor_si128(last_first, loadu(in)));
    }
    storeu(iv, c);
}

NI_TARGET
static void ni_cbc_enc(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    if (n_blocks == 0)
        return;
    switch (k->rounds) {
    case 10: cbc_enc_rounds(k, iv, out, in, n_blocks, 10); break;
    case 12: cbc_enc_rounds(k, iv, out, in, n_blocks, 12); break;
    default: cbc_enc_rounds(k, iv, out, in, n_blocks, 14); break;
    }
}

/* cbc_dec_step decrypts n blocks; *prev is the ciphertext before them and
 * becomes their last.  All input is read before any output is written. */
NI_INLINE void cbc_dec_step(const __m128i *rk, unsigned rounds, __m128i *prev, uint8_t *out,
                            const uint8_t *in, int n)
{
    __m128i c[8], b[8];
    for (int i = 0; i < n; i++)
        b[i] = c[i] = loadu(in + 16 * i);
    dec_blocks(rk, rounds, b, n);
    storeu(out, _mm_xor_si128(b[0], *prev));
    for (int i = 1; i < n; i++)
        storeu(out + 16 * i, _mm_xor_si128(b[i], c[i - 1]));
    *prev = c[n - 1];
}

NI_TARGET
static void ni_cbc_dec(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    const __m128i *rk = dec_keys(k);
    unsigned rounds = k->rounds;
    __m128i prev = loadu(iv);

    for (; n_blocks >= 8; n_blocks -= 8, in += 128, out += 128)
        cbc_dec_step(rk, rounds, &prev, out, in, 8);
    if (n_blocks >= 4) {
        cbc_dec_step(rk, rounds, &prev, out, in, 4);
        n_blocks -= 4, in += 64, out += 64;
    }
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16)
        cbc_dec_step(rk, rounds, &prev, out, in, 1);
    storeu(iv, prev);
}

/* ---- CTR ---- */

/* The counter block byte reversed: a little-endian 128-bit number. */
NI_INLINE __m128i reverse(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* counter_add adds v to the low lane: 32-bit lanes for ctr32, 64-bit ones
 * for ctr128 (whose callers keep the low 64 bits from wrapping). */
NI_INLINE __m128i counter_add(__m128i c, int v, int lanes32)
{
    __m128i add = _mm_cvtsi32_si128(v);
    return lanes32 ? _mm_add_epi32(c, add) : _mm_add_epi64(c, add);
}

NI_INLINE void ctr_step(const __m128i *rk, unsigned rounds, __m128i *c, uint8_t *out,
                        const uint8_t *in, int n, int lanes32)
{
    __m128i b[16];
    for (int i = 0; i < n; i++)
        b[i] = reverse(counter_add(*c, i, lanes32));
    *c = counter_add(*c, n, lanes32);
    enc_rounds(rk, rounds, b, n);
    /* The input goes into the last round's key, off the blocks' chains. */
    for (int i = 0; i < n; i++)
        storeu(out + 16 * i,
               _mm_aesenclast_si128(b[i], _mm_xor_si128(rk[rounds], loadu(in + 16 * i))));
}

/* ctr_run encrypts n_blocks counter blocks from the reversed counter c,
 * returning the next one. */
NI_INLINE __m128i ctr_run(const brisk_aes_key *k, __m128i c, uint8_t *out, const uint8_t *in,
                          size_t n_blocks, int lanes32)
{
    const __m128i *rk = enc_keys(k);
    unsigned rounds = k->rounds;

    for (; n_blocks >= 12; n_blocks -= 12, in += 192, out += 192)
        ctr_step(rk, rounds, &c, out, in, 12, lanes32);
    if (n_blocks >= 8) {
        ctr_step(rk, rounds, &c, out, in, 8, lanes32);
        n_blocks -= 8, in += 128, out += 128;
    }
    if (n_blocks >= 4) {
        ctr_step(rk, rounds, &c, out, in, 4, lanes32);
        n_blocks -= 4, in += 64, out += 64;
    }
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16)
        ctr_step(rk, rounds, &c, out, in, 1, lanes32);
    return c;
}

NI_TARGET
static void ni_ctr32(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                     size_t n_blocks)
{
    storeu(ctr, reverse(ctr_run(k, reverse(loadu(ctr)), out, in, n_blocks, 1)));
}

NI_TARGET
static void ni_ctr128(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                      size_t n_blocks)
{
    __m128i c = reverse(loadu(ctr));
    uint64_t hi = (uint64_t)_mm_extract_epi64(c, 1), lo = (uint64_t)_mm_cvtsi128_si64(c);
    while (n_blocks > 0) {
        /* Blocks before the low half wraps: 2^64 - lo, 0 meaning 2^64. */
        uint64_t room = (uint64_t)0 - lo;
        size_t m = room != 0 && room < n_blocks ? (size_t)room : n_blocks;
        ctr_run(k, _mm_set_epi64x((long long)hi, (long long)lo), out, in, m, 0);
        lo += m;
        hi += lo < m;
        n_blocks -= m, in += 16 * m, out += 16 * m;
    }
    /* One 16-byte store, so that the next call's 16-byte load of the
     * counter is forwarded from it. */
    storeu(ctr, reverse(_mm_set_epi64x((long long)hi, (long long)lo)));
}

/* ---- XTS ---- */

/* mul_alpha multiplies the tweak t (a little-endian 128-bit number) by alpha
 * (IEEE 1619-2018, 5.2): both 64-bit lanes doubled, the bit leaving the low
 * lane carried into the high one and the bit leaving the high lane reduced
 * as 0x87 into the low one, both from the lanes' sign bits.  The shuffle
 * comes first because it writes a new register, where psrad would overwrite
 * its source and need a copy (a whole ALU operation on Ice Lake, which does
 * not eliminate register moves). */
NI_INLINE __m128i mul_alpha(__m128i t)
{
    __m128i signs = _mm_srai_epi32(_mm_shuffle_epi32(t, _MM_SHUFFLE(0, 1, 0, 3)), 31);
    return _mm_xor_si128(_mm_add_epi64(t, t), _mm_and_si128(signs, _mm_set_epi32(0, 1, 0, 0x87)));
}

/* mul_alpha8 multiplies the tweak t by alpha^8: a byte shift, the byte
 * shifted out (c) folded back in as the carry-less c * 0x87. */
NI_INLINE __m128i mul_alpha8(__m128i t)
{
    __m128i c = _mm_srli_si128(t, 15);
    __m128i c3 = _mm_xor_si128(_mm_xor_si128(c, _mm_add_epi64(c, c)), _mm_slli_epi64(c, 2));
    return _mm_xor_si128(_mm_xor_si128(_mm_slli_si128(t, 1), c3), _mm_slli_epi64(c, 7));
}

/* xts_blocks runs n blocks (a constant once inlined) under the tweaks
 * tw[0..n-1].  All input is read before any output is written.  Each
 * tweak is folded into the first and the last round key (aesenclast xors
 * its key last), so that a block meets one xor on its way in and none on
 * its way out: short units encrypted in place, as `speed` does, are
 * latency bound. */
NI_INLINE void xts_blocks(const __m128i *rk, unsigned rounds, const __m128i *tw, uint8_t *out,
                          const uint8_t *in, int n, int decrypt)
{
    __m128i b[8];
    for (int i = 0; i < n; i++)
        b[i] = _mm_xor_si128(loadu(in + 16 * i), _mm_xor_si128(tw[i], rk[0]));
    for (unsigned r = 1; r < rounds; r++) {
        __m128i key = rk[r];
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            b[i] = decrypt ? _mm_aesdec_si128(b[i], key) : _mm_aesenc_si128(b[i], key);
    }
    for (int i = 0; i < n; i++) {
        __m128i last = _mm_xor_si128(tw[i], rk[rounds]);
        storeu(out + 16 * i, decrypt ? _mm_aesdeclast_si128(b[i], last)
                                     : _mm_aesenclast_si128(b[i], last));
    }
}

/* xts_step runs n blocks from the tweak *t, leaving it at the tweak of the
 * block after them.  With 8 blocks the next tweak is t * alpha^8, made
 * from t directly: the doublings chained through 8 blocks would make the
 * loop wait on their latency.  (Each of the 8 tweaks made from t directly,
 * twice the vector operations, made 64- and 256-byte units 12% slower on
 * Zen 2: they compete with the AES rounds for the vector pipes.) */
NI_INLINE void xts_step(const __m128i *rk, unsigned rounds, __m128i *t, uint8_t *out,
                        const uint8_t *in, int n, int decrypt)
{
    __m128i tw[8], x = *t;
    for (int i = 0; i < n; i++) {
        tw[i] = x;
        x = mul_alpha(x);
    }
    *t = n == 8 ? mul_alpha8(*t) : x;
    xts_blocks(rk, rounds, tw, out, in, n, decrypt);
}

/* tweaks8 writes the 8 tweaks from (*lo, *hi) to w (little-endian halves)
 * and leaves (*lo, *hi) at the next one: general-register arithmetic,
 * which XTS leaves idle, off the vector units the AES rounds use. */
static inline void tweaks8(uint64_t w[16], uint64_t *lo, uint64_t *hi)
{
    uint64_t l = *lo, h = *hi;
    for (int i = 0; i < 8; i++) {
        w[2 * i] = l;
        w[2 * i + 1] = h;
        uint64_t fb = (uint64_t)0 - (h >> 63);
        h = h << 1 | l >> 63;
        l = l << 1 ^ (fb & 0x87);
    }
    *lo = l;
    *hi = h;
}

/* xts_run8 runs 8 blocks a step while 8 are left, from the tweak *t,
 * leaving *t at the tweak of the next block; n_blocks >= 8.  Each step
 * makes the next step's tweaks first, in general registers. */
NI_INLINE size_t xts_run8(const __m128i *rk, unsigned rounds, __m128i *t, uint8_t **out,
                          const uint8_t **in, size_t n_blocks, int decrypt)
{
    _Alignas(16) uint64_t w[2][16];
    /* The first step's tweaks in vector registers, stored whole so that
     * its loads are forwarded from the stores at once. */
    __m128i x = *t;
    for (int i = 0; i < 8; i++) {
        _mm_store_si128((__m128i *)(w[0] + 2 * i), x);
        x = mul_alpha(x);
    }
    uint64_t lo = (uint64_t)_mm_cvtsi128_si64(x), hi = (uint64_t)_mm_extract_epi64(x, 1);
    int cur = 0;
    for (; n_blocks >= 8; n_blocks -= 8, *in += 128, *out += 128, cur ^= 1) {
        tweaks8(w[cur ^ 1], &lo, &hi);
        xts_blocks(rk, rounds, (const __m128i *)w[cur], *out, *in, 8, decrypt);
    }
    *t = _mm_load_si128((const __m128i *)w[cur]);
    wipe(w, sizeof(w));
    return n_blocks;
}

/* xts runs n_blocks from the tweak tw and returns the next block's. */
NI_INLINE __m128i xts(const __m128i *rk, unsigned rounds, __m128i tw, uint8_t *out,
                      const uint8_t *in, size_t n_blocks, int decrypt)
{
    /* Below 1 KiB the tweaks' trip through memory costs more than it
     * saves (on Zen 2, 256 bytes ran 17% slower, 1 KiB the same, 16 KiB
     * 16% faster). */
    if (n_blocks >= 64)
        n_blocks = xts_run8(rk, rounds, &tw, &out, &in, n_blocks, decrypt);
    for (; n_blocks >= 8; n_blocks -= 8, in += 128, out += 128)
        xts_step(rk, rounds, &tw, out, in, 8, decrypt);
    if (n_blocks >= 4) {
        xts_step(rk, rounds, &tw, out, in, 4, decrypt);
        n_blocks -= 4, in += 64, out += 64;
    }
    for (; n_blocks > 0; n_blocks--, in += 16, out += 16)
        xts_step(rk, rounds, &tw, out, in, 1, decrypt);
    return tw;
}

NI_TARGET
static void ni_xts_enc(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    storeu(t, xts(enc_keys(k), k->rounds, loadu(t), out, in, n_blocks, 0));
}

NI_TARGET
static void ni_xts_dec(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    storeu(t, xts(dec_keys(k), k->rounds, loadu(t), out, in, n_blocks, 1));
}

/* ni_xts_iv is a whole data unit from its IV: the tweak is encrypted here
 * and goes straight to the blocks in a register.  A short unit is two AES
 * latencies end to end; the call, store and reload between them cost a
 * fifth of a 16-byte unit's time on Zen 2. */
NI_TARGET
static void ni_xts_iv(const brisk_aes_key *k, const brisk_aes_key *tk, int decrypt,
                      const uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    __m128i tw = loadu(iv);
    enc_blocks(enc_keys(tk), tk->rounds, &tw, 1);
    if (decrypt)
        xts(dec_keys(k), k->rounds, tw, out, in, n_blocks, 1);
    else
        xts(enc_keys(k), k->rounds, tw, out, in, n_blocks, 0);
}

const brisk_aes_impl brisk_aes_impl_aesni = {
    "aesni", ni_setkey, ni_ecb_enc, ni_ecb_dec, ni_cbc_enc, ni_cbc_dec, ni_ctr128, ni_ctr32,
    ni_xts_enc, ni_xts_dec, NULL, NULL, ni_xts_iv,
};

#endif
