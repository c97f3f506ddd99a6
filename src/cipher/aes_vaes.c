/*
 * src/cipher/aes_vaes.c - AES (FIPS 197) with VAES on 512-bit registers: the
 * "vaes" implementation of the "aes" primitive.
 *
 * Technique: each zmm register holds four blocks; ECB, CBC decryption and
 * CTR run eight registers (32 blocks) in flight, enough to cover vaesenc's
 * latency at one instruction per cycle.  The round keys are broadcast to all
 * four lanes once per call and stay in registers: every kernel is compiled
 * once per round count (10, 12, 14) so that the compiler can allocate them
 * (the disassembly shows no round key spilled to the stack).  What is left
 * after the 32-block loop goes through one register (up to 4 blocks) or
 * 16-block passes (4 registers) with masked loads and stores; a lone block
 * goes through the 128-bit AES-NI instructions, so that a 16-byte message
 * costs no 512-bit setup.
 * CTR counters are byte reversed (little-endian) and advanced with vector
 * adds, in 64-bit lanes for ctr128 (runs split where the low 64 bits wrap)
 * and 32-bit lanes for ctr32.  CBC decryption forms each register's
 * previous-ciphertext vector with valignq from registers, never rereading
 * input that an in-place call may have overwritten.  XTS holds the tweaks
 * of the 32 blocks in flight in eight registers and moves each 128-bit lane
 * on by alpha^32 per pass: a 4-byte shift, the 32 bits shifted out reduced
 * with vpclmulqdq (shifts and xors instead put three times the work on the
 * port that runs vaesenc, and cost a fifth of the speed); the first tweaks
 * come from the caller's with per-lane variable shifts, so that setting up a
 * short call is not a serial chain of doublings; data units of up to four
 * blocks stay on 128-bit registers (the "vaes" implementation requires
 * VPCLMULQDQ, so BRISK_CPU=-vpclmulqdq selects "aesni").  The key schedule and CBC encryption (serial
 * by nature) are AES-NI's; keys use its layout.
 *
 * Constant-time: yes; the AES instructions take fixed time and nothing
 * branches on or is addressed by key or data.
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

#define VAES_TARGET \
    __attribute__((target("vaes,vpclmulqdq,aes,avx512f,avx512vl,avx512bw,sse4.1,ssse3")))
#define VAES_INLINE VAES_TARGET static inline __attribute__((always_inline))
/* The one-block paths use only AES-NI, so that short messages pay for no
 * 512-bit state. */
#define ONE_TARGET __attribute__((target("aes,sse4.1,ssse3")))
#define ONE_INLINE ONE_TARGET static inline __attribute__((always_inline))

/* The round keys in AES-NI's layout: 15 for encryption, then 15 for
 * decryption. */
static inline const __m128i *round_keys(const brisk_aes_key *k, int decrypt)
{
    return (const __m128i *)k->w + (decrypt ? 15 : 0);
}

static void vaes_setkey(brisk_aes_key *k, const uint8_t *key, size_t key_len)
{
    brisk_aes_impl_aesni.setkey(k, key, key_len);
    k->impl = &brisk_aes_impl_vaes;
}

static void vaes_cbc_enc(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                         size_t n_blocks)
{
    brisk_aes_impl_aesni.cbc_enc(k, iv, out, in, n_blocks);
}

/* ---- Rounds on n registers (n and rounds constants once inlined) ---- */

VAES_INLINE void broadcast_keys(__m512i *rk, const __m128i *keys, int rounds)
{
    for (int r = 0; r <= rounds; r++)
        rk[r] = _mm512_broadcast_i32x4(_mm_load_si128(keys + r));
}

VAES_INLINE void enc_regs(const __m512i *rk, int rounds, __m512i *b, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = _mm512_xor_si512(b[i], rk[0]);
#pragma GCC unroll 14
    for (int r = 1; r < rounds; r++)
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            b[i] = _mm512_aesenc_epi128(b[i], rk[r]);
    for (int i = 0; i < n; i++)
        b[i] = _mm512_aesenclast_epi128(b[i], rk[rounds]);
}

VAES_INLINE void dec_regs(const __m512i *rk, int rounds, __m512i *b, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = _mm512_xor_si512(b[i], rk[0]);
#pragma GCC unroll 14
    for (int r = 1; r < rounds; r++)
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            b[i] = _mm512_aesdec_epi128(b[i], rk[r]);
    for (int i = 0; i < n; i++)
        b[i] = _mm512_aesdeclast_epi128(b[i], rk[rounds]);
}

/* block_mask selects the 64-bit lanes of the blocks of register i (four
 * blocks each) that lie among the first n. */
static inline __mmask8 block_mask(size_t n, int i)
{
    size_t first = 4 * (size_t)i;
    if (n <= first)
        return 0;
    return n - first >= 4 ? (__mmask8)0xff : (__mmask8)((1u << (2 * (n - first))) - 1);
}

VAES_INLINE __m512i load_masked(const uint8_t *p, __mmask8 m)
{
    return _mm512_maskz_loadu_epi64(m, p);
}

VAES_INLINE void store_masked(uint8_t *p, __mmask8 m, __m512i v)
{
    _mm512_mask_storeu_epi64(p, m, v);
}

/* one_block runs a single block through the 128-bit instructions, unrolled
 * for the 10 rounds every key size has, then 2 or 4 more. */
ONE_INLINE __m128i one_round(__m128i x, __m128i key, int decrypt)
{
    return decrypt ? _mm_aesdec_si128(x, key) : _mm_aesenc_si128(x, key);
}

ONE_INLINE __m128i one_block(const __m128i *keys, int rounds, __m128i x, int decrypt)
{
    x = _mm_xor_si128(x, keys[0]);
    for (int r = 1; r < 10; r++)
        x = one_round(x, keys[r], decrypt);
    if (rounds > 10) {
        x = one_round(one_round(x, keys[10], decrypt), keys[11], decrypt);
        if (rounds > 12)
            x = one_round(one_round(x, keys[12], decrypt), keys[13], decrypt);
    }
    return decrypt ? _mm_aesdeclast_si128(x, keys[rounds]) : _mm_aesenclast_si128(x, keys[rounds]);
}

/* ---- ECB ---- */

/* ecb_pass handles min(n, 4 * nreg) blocks with nreg registers. */
VAES_INLINE void ecb_pass(const __m512i *rk, int rounds, uint8_t *out, const uint8_t *in,
                          size_t n, int nreg, int decrypt)
{
    __m512i b[8];
    for (int i = 0; i < nreg; i++)
        b[i] = load_masked(in + 64 * i, block_mask(n, i));
    if (decrypt)
        dec_regs(rk, rounds, b, nreg);
    else
        enc_regs(rk, rounds, b, nreg);
    for (int i = 0; i < nreg; i++)
        store_masked(out + 64 * i, block_mask(n, i), b[i]);
}

VAES_INLINE void ecb_rounds(const brisk_aes_key *k, uint8_t *out, const uint8_t *in,
                            size_t n_blocks, int rounds, int decrypt)
{
    __m512i rk[15];
    broadcast_keys(rk, round_keys(k, decrypt), rounds);
    for (; n_blocks >= 32; n_blocks -= 32, in += 512, out += 512) {
        __m512i b[8];
        for (int i = 0; i < 8; i++)
            b[i] = _mm512_loadu_si512(in + 64 * i);
        if (decrypt)
            dec_regs(rk, rounds, b, 8);
        else
            enc_regs(rk, rounds, b, 8);
        for (int i = 0; i < 8; i++)
            _mm512_storeu_si512(out + 64 * i, b[i]);
    }
    /* Broadcast the keys again rather than keep the loop's: holding
     * them across the loop made the compiler spill them to the stack. */
    broadcast_keys(rk, round_keys(k, decrypt), rounds);
    if (n_blocks <= 4) {
        if (n_blocks > 0)
            ecb_pass(rk, rounds, out, in, n_blocks, 1, decrypt);
        return;
    }
    for (; n_blocks > 0; n_blocks -= n_blocks < 16 ? n_blocks : 16, in += 256, out += 256)
        ecb_pass(rk, rounds, out, in, n_blocks, 4, decrypt);
}

VAES_TARGET
static void ecb_wide(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks,
                     int decrypt)
{
    switch (k->rounds * 2 + !!decrypt) {
    case 20: ecb_rounds(k, out, in, n_blocks, 10, 0); break;
    case 21: ecb_rounds(k, out, in, n_blocks, 10, 1); break;
    case 24: ecb_rounds(k, out, in, n_blocks, 12, 0); break;
    case 25: ecb_rounds(k, out, in, n_blocks, 12, 1); break;
    case 28: ecb_rounds(k, out, in, n_blocks, 14, 0); break;
    default: ecb_rounds(k, out, in, n_blocks, 14, 1); break;
    }
}

ONE_TARGET
static void ecb_one(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, int decrypt)
{
    __m128i x = _mm_loadu_si128((const __m128i *)in);
    _mm_storeu_si128((__m128i *)out, one_block(round_keys(k, decrypt), (int)k->rounds, x, decrypt));
}

static void vaes_ecb_enc(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    if (n_blocks == 1)
        ecb_one(k, out, in, 0);
    else if (n_blocks > 1)
        ecb_wide(k, out, in, n_blocks, 0);
}

static void vaes_ecb_dec(const brisk_aes_key *k, uint8_t *out, const uint8_t *in, size_t n_blocks)
{
    if (n_blocks == 1)
        ecb_one(k, out, in, 1);
    else if (n_blocks > 1)
        ecb_wide(k, out, in, n_blocks, 1);
}

/* ---- CBC decryption ---- */

/* cbc_dec_regs decrypts the nreg registers c (already loaded) into b; *last
 * holds in its top lane the ciphertext before them and becomes c[nreg - 1]. */
VAES_INLINE void cbc_dec_regs(const __m512i *rk, int rounds, __m512i *last, const __m512i *c,
                              __m512i *b, int nreg)
{
    for (int i = 0; i < nreg; i++)
        b[i] = c[i];
    dec_regs(rk, rounds, b, nreg);
    /* Register i's previous ciphertexts: the block before its first, then
     * its first three. */
    b[0] = _mm512_xor_si512(b[0], _mm512_alignr_epi64(c[0], *last, 6));
    for (int i = 1; i < nreg; i++)
        b[i] = _mm512_xor_si512(b[i], _mm512_alignr_epi64(c[i], c[i - 1], 6));
    *last = c[nreg - 1];
}

VAES_INLINE void cbc_dec_pass(const __m512i *rk, int rounds, __m512i *last, uint8_t *out,
                              const uint8_t *in, size_t n, int nreg)
{
    __m512i c[8], b[8];
    for (int i = 0; i < nreg; i++)
        c[i] = load_masked(in + 64 * i, block_mask(n, i));
    cbc_dec_regs(rk, rounds, last, c, b, nreg);
    for (int i = 0; i < nreg; i++)
        store_masked(out + 64 * i, block_mask(n, i), b[i]);
}

VAES_INLINE void cbc_dec_rounds(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out,
                                const uint8_t *in, size_t n_blocks, int rounds)
{
    __m512i rk[15], last = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)iv));
    /* The next IV is read before an in-place call overwrites it. */
    __m128i next_iv = _mm_loadu_si128((const __m128i *)(in + 16 * (n_blocks - 1)));

    broadcast_keys(rk, round_keys(k, 1), rounds);
    for (; n_blocks >= 32; n_blocks -= 32, in += 512, out += 512) {
        __m512i c[8], b[8];
        for (int i = 0; i < 8; i++)
            c[i] = _mm512_loadu_si512(in + 64 * i);
        cbc_dec_regs(rk, rounds, &last, c, b, 8);
        for (int i = 0; i < 8; i++)
            _mm512_storeu_si512(out + 64 * i, b[i]);
    }
    /* Broadcast the keys again rather than keep the loop's: holding
     * them across the loop made the compiler spill them to the stack. */
    broadcast_keys(rk, round_keys(k, 1), rounds);
    if (n_blocks > 0 && n_blocks <= 4)
        cbc_dec_pass(rk, rounds, &last, out, in, n_blocks, 1);
    else
        for (; n_blocks > 0; n_blocks -= n_blocks < 16 ? n_blocks : 16, in += 256, out += 256)
            cbc_dec_pass(rk, rounds, &last, out, in, n_blocks, 4);
    _mm_storeu_si128((__m128i *)iv, next_iv);
}

VAES_TARGET
static void cbc_dec_wide(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                         size_t n_blocks)
{
    switch (k->rounds) {
    case 10: cbc_dec_rounds(k, iv, out, in, n_blocks, 10); break;
    case 12: cbc_dec_rounds(k, iv, out, in, n_blocks, 12); break;
    default: cbc_dec_rounds(k, iv, out, in, n_blocks, 14); break;
    }
}

/* cbc_dec_units_rounds is the kernel of cbc_dec_units for one round count:
 * the 32-block loop of cbc_dec_rounds running on across units, each
 * unit's first block chained from its own IV, so that a unit's rounds
 * overlap the last one's as they do within a unit. */
VAES_INLINE void cbc_dec_units_rounds(const brisk_aes_key *k, const uint8_t *ivs, uint8_t *out,
                                      const uint8_t *in, size_t n_units, size_t bpu, int rounds)
{
    __m512i rk[15];

    broadcast_keys(rk, round_keys(k, 1), rounds);
    for (size_t u = 0; u < n_units; u++) {
        __m512i last = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(ivs + 16 * u)));
        for (size_t p = bpu / 32; p > 0; p--, in += 512, out += 512) {
            __m512i c[8], b[8];
            for (int i = 0; i < 8; i++)
                c[i] = _mm512_loadu_si512(in + 64 * i);
            cbc_dec_regs(rk, rounds, &last, c, b, 8);
            for (int i = 0; i < 8; i++)
                _mm512_storeu_si512(out + 64 * i, b[i]);
        }
    }
}

VAES_TARGET
static void vaes_cbc_dec_units(const brisk_aes_key *k, const uint8_t *ivs, uint8_t *out,
                               const uint8_t *in, size_t n_units, size_t bpu)
{
    switch (k->rounds) {
    case 10: cbc_dec_units_rounds(k, ivs, out, in, n_units, bpu, 10); break;
    case 12: cbc_dec_units_rounds(k, ivs, out, in, n_units, bpu, 12); break;
    default: cbc_dec_units_rounds(k, ivs, out, in, n_units, bpu, 14); break;
    }
}

ONE_TARGET
static void cbc_dec_one(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in)
{
    __m128i c = _mm_loadu_si128((const __m128i *)in);
    __m128i p = one_block(round_keys(k, 1), (int)k->rounds, c, 1);
    _mm_storeu_si128((__m128i *)out, _mm_xor_si128(p, _mm_loadu_si128((const __m128i *)iv)));
    _mm_storeu_si128((__m128i *)iv, c);
}

static void vaes_cbc_dec(const brisk_aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                         size_t n_blocks)
{
    if (n_blocks == 1)
        cbc_dec_one(k, iv, out, in);
    else if (n_blocks > 1)
        cbc_dec_wide(k, iv, out, in, n_blocks);
}

/* ---- CTR ---- */

VAES_INLINE __m512i reverse512(__m512i x)
{
    const __m512i rev = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, rev);
}

/* counter_add adds the low-lane values of `add` to c: 32-bit lanes for
 * ctr32, 64-bit ones for ctr128 (whose callers keep the low 64 bits of every
 * counter from wrapping). */
VAES_INLINE __m512i counter_add(__m512i c, __m512i add, int lanes32)
{
    return lanes32 ? _mm512_add_epi32(c, add) : _mm512_add_epi64(c, add);
}

/* ctr_pass xors min(n, 4 * nreg) keystream blocks from the four reversed
 * counters in *c (counter j in lane j) and advances them by 4 * nreg. */
VAES_INLINE void ctr_pass(const __m512i *rk, int rounds, __m512i *c, uint8_t *out,
                          const uint8_t *in, size_t n, int nreg, int lanes32)
{
    const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    __m512i b[8];
    for (int i = 0; i < nreg; i++) {
        b[i] = reverse512(*c);
        *c = counter_add(*c, four, lanes32);
    }
    enc_regs(rk, rounds, b, nreg);
    for (int i = 0; i < nreg; i++) {
        __mmask8 m = block_mask(n, i);
        store_masked(out + 64 * i, m, _mm512_xor_si512(b[i], load_masked(in + 64 * i, m)));
    }
}

VAES_INLINE void ctr_rounds(const brisk_aes_key *k, __m128i ctr, uint8_t *out, const uint8_t *in,
                            size_t n_blocks, int rounds, int lanes32)
{
    const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    __m512i rk[15];
    __m512i c = counter_add(_mm512_broadcast_i32x4(ctr), _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0),
                            lanes32);

    broadcast_keys(rk, round_keys(k, 0), rounds);
    for (; n_blocks >= 32; n_blocks -= 32, in += 512, out += 512) {
        __m512i b[8];
        for (int i = 0; i < 8; i++) {
            b[i] = reverse512(c);
            c = counter_add(c, four, lanes32);
        }
        enc_regs(rk, rounds, b, 8);
        for (int i = 0; i < 8; i++)
            _mm512_storeu_si512(out + 64 * i,
                                _mm512_xor_si512(b[i], _mm512_loadu_si512(in + 64 * i)));
    }
    /* Broadcast the keys again rather than keep the loop's: holding
     * them across the loop made the compiler spill them to the stack. */
    broadcast_keys(rk, round_keys(k, 0), rounds);
    if (n_blocks > 0 && n_blocks <= 4)
        ctr_pass(rk, rounds, &c, out, in, n_blocks, 1, lanes32);
    else
        for (; n_blocks > 0; n_blocks -= n_blocks < 16 ? n_blocks : 16, in += 256, out += 256)
            ctr_pass(rk, rounds, &c, out, in, n_blocks, 4, lanes32);
}

/* ctr_run encrypts n_blocks (at least 2) counter blocks from the reversed
 * counter ctr (for ctr128 the low 64 bits must not wrap before the last). */
VAES_TARGET
static void ctr_run(const brisk_aes_key *k, __m128i ctr, uint8_t *out, const uint8_t *in,
                    size_t n_blocks, int lanes32)
{
    switch (k->rounds * 2 + !!lanes32) {
    case 20: ctr_rounds(k, ctr, out, in, n_blocks, 10, 0); break;
    case 21: ctr_rounds(k, ctr, out, in, n_blocks, 10, 1); break;
    case 24: ctr_rounds(k, ctr, out, in, n_blocks, 12, 0); break;
    case 25: ctr_rounds(k, ctr, out, in, n_blocks, 12, 1); break;
    case 28: ctr_rounds(k, ctr, out, in, n_blocks, 14, 0); break;
    default: ctr_rounds(k, ctr, out, in, n_blocks, 14, 1); break;
    }
}

/* Counters are read and written as whole vectors: a 16-byte load of bytes
 * just written by narrower stores would miss store forwarding, which costs
 * more than the rest of a one-block call. */
ONE_INLINE __m128i reverse128(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

ONE_INLINE __m128i load_counter(const uint8_t ctr[16])
{
    return reverse128(_mm_loadu_si128((const __m128i *)ctr));
}

ONE_INLINE void store_counter(uint8_t ctr[16], __m128i c)
{
    _mm_storeu_si128((__m128i *)ctr, reverse128(c));
}

/* ctr_one xors one keystream block from the reversed counter c: the short
 * message path, kept free of 512-bit code and its setup. */
ONE_INLINE void ctr_one(const brisk_aes_key *k, __m128i c, uint8_t *out, const uint8_t *in)
{
    __m128i x = one_block(round_keys(k, 0), (int)k->rounds, reverse128(c), 0);
    _mm_storeu_si128((__m128i *)out, _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)in)));
}

ONE_TARGET
static void vaes_ctr32(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                       size_t n_blocks)
{
    __m128i c = load_counter(ctr);
    if (n_blocks == 1)
        ctr_one(k, c, out, in);
    else if (n_blocks > 1)
        ctr_run(k, c, out, in, n_blocks, 1);
    /* The last 32 bits advance by n_blocks modulo 2^32. */
    store_counter(ctr, _mm_add_epi32(c, _mm_cvtsi32_si128((int)(uint32_t)n_blocks)));
}

/* ctr128_runs does ctr128 for two or more blocks: runs that stop where the
 * low 64 bits of the counter wrap, the carry added by hand between them. */
ONE_TARGET __attribute__((noinline))
static void ctr128_runs(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                        size_t n_blocks)
{
    __m128i c = load_counter(ctr);
    uint64_t hi = (uint64_t)_mm_extract_epi64(c, 1), lo = (uint64_t)_mm_cvtsi128_si64(c);
    while (n_blocks > 0) {
        /* Blocks before the low half wraps: 2^64 - lo, 0 meaning 2^64. */
        uint64_t room = (uint64_t)0 - lo;
        size_t m = room != 0 && room < n_blocks ? (size_t)room : n_blocks;
        c = _mm_set_epi64x((long long)hi, (long long)lo);
        if (m == 1)
            ctr_one(k, c, out, in);
        else
            ctr_run(k, c, out, in, m, 0);
        lo += m;
        hi += lo < m;
        n_blocks -= m, in += 16 * m, out += 16 * m;
    }
    store_counter(ctr, _mm_set_epi64x((long long)hi, (long long)lo));
}

/* vaes_ctr128 keeps the one-block case a leaf function: no registers to
 * save, nothing but the block and the counter update. */
ONE_TARGET
static void vaes_ctr128(const brisk_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                        size_t n_blocks)
{
    if (n_blocks != 1) {
        if (n_blocks > 1)
            ctr128_runs(k, ctr, out, in, n_blocks);
        return;
    }
    /* Add one to the low half, and one to the high half if the low half
     * wrapped to zero, without leaving the vector unit. */
    __m128i c = load_counter(ctr);
    ctr_one(k, c, out, in);
    __m128i next = _mm_add_epi64(c, _mm_set_epi64x(0, 1));
    __m128i wrapped = _mm_cmpeq_epi64(next, _mm_setzero_si128());
    store_counter(ctr, _mm_sub_epi64(next, _mm_slli_si128(wrapped, 8)));
}

/* ---- XTS ---- */

/* A tweak is a little-endian 128-bit number (IEEE 1619-2018, 5.2), one per
 * 128-bit lane.  Multiplying it by alpha^j = x^j is a left shift by j bits,
 * the j bits c shifted out folded back in as the carry-less product c * 0x87,
 * since x^128 = x^7 + x^2 + x + 1; for j < 64 that product is one
 * vpclmulqdq and fits in the lane. */

/* fold returns c * 0x87 in each lane, c in the lane's low 64 bits. */
VAES_INLINE __m512i fold(__m512i c)
{
    return _mm512_clmulepi64_epi128(c, _mm512_set1_epi64(0x87), 0x00);
}

/* mul_x32 multiplies each lane's tweak by alpha^32: the next tweak of a
 * register in the 32-block loop. */
VAES_INLINE __m512i mul_x32(__m512i t)
{
    return _mm512_xor_si512(_mm512_bslli_epi128(t, 4), fold(_mm512_bsrli_epi128(t, 12)));
}

/* mul_xv multiplies each lane's tweak by alpha^j, j the lane's value in the
 * vector of 64-bit shift counts `j` (the same in both halves, j < 64). */
VAES_INLINE __m512i mul_xv(__m512i t, __m512i j)
{
    __m512i out_bits = _mm512_srlv_epi64(t, _mm512_sub_epi64(_mm512_set1_epi64(64), j));
    __m512i x = _mm512_xor_si512(_mm512_sllv_epi64(t, j), _mm512_bslli_epi128(out_bits, 8));
    return _mm512_xor_si512(x, fold(_mm512_bsrli_epi128(out_bits, 8)));
}

/* first_tweaks sets tw[0 .. nreg) to the tweaks of blocks 0 .. 4 nreg - 1
 * from t, block 0's: block 4 i + l's in lane l of tw[i]. */
VAES_INLINE void first_tweaks(__m512i *tw, __m128i t, int nreg)
{
    __m512i tb = _mm512_broadcast_i32x4(t);
    for (int i = 0; i < nreg; i++) {
        long long j = 4 * i;
        tw[i] = mul_xv(tb, _mm512_set_epi64(j + 3, j + 3, j + 2, j + 2, j + 1, j + 1, j, j));
    }
}

/* mul_xi multiplies each lane's tweak by alpha^j, j a constant below 64
 * (immediate shifts: no vector of shift counts to keep in a register). */
#define mul_xi(t, j)                                                                      \
    _mm512_xor_si512(                                                                     \
        _mm512_xor_si512(_mm512_slli_epi64((t), (j)),                                     \
                         _mm512_bslli_epi128(_mm512_srli_epi64((t), 64 - (j)), 8)),       \
        fold(_mm512_bsrli_epi128(_mm512_srli_epi64((t), 64 - (j)), 8)))

/* mul_xbytes multiplies each lane's tweak by alpha^(8 b), b a constant
 * byte count below 8: whole-byte shifts of the lane, as mul_x32. */
#define mul_xbytes(t, b) \
    _mm512_xor_si512(_mm512_bslli_epi128((t), (b)), fold(_mm512_bsrli_epi128((t), 16 - (b))))

/* unit_tweaks is first_tweaks for eight registers, in fewer operations:
 * registers 0 and 1 by bit shifts, the others from them by whole bytes. */
VAES_INLINE void unit_tweaks(__m512i tw[8], __m128i t)
{
    tw[0] = mul_xv(_mm512_broadcast_i32x4(t), _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0));
    tw[1] = mul_xi(tw[0], 4);
    for (int i = 0; i < 2; i++) {
        tw[2 + i] = mul_xbytes(tw[i], 1);
        tw[4 + i] = mul_xbytes(tw[i], 2);
        tw[6 + i] = mul_xbytes(tw[i], 3);
    }
}

/* xts_pass runs min(n, 4 * nreg) blocks through nreg registers with the
 * tweaks tw.  All input is read before any output is written. */
VAES_INLINE void xts_pass(const __m512i *rk, int rounds, const __m512i *tw, uint8_t *out,
                          const uint8_t *in, size_t n, int nreg, int decrypt)
{
    __m512i b[8];
    for (int i = 0; i < nreg; i++)
        b[i] = _mm512_xor_si512(load_masked(in + 64 * i, block_mask(n, i)), tw[i]);
    if (decrypt)
        dec_regs(rk, rounds, b, nreg);
    else
        enc_regs(rk, rounds, b, nreg);
    for (int i = 0; i < nreg; i++)
        store_masked(out + 64 * i, block_mask(n, i), _mm512_xor_si512(b[i], tw[i]));
}

/* xts_rounds is the XTS kernel for one round count and direction (both
 * constants once inlined): 32-block passes, then the rest in one pass, the
 * tweak t left at the next block's. */
VAES_INLINE void xts_rounds(const brisk_aes_key *k, uint8_t t[16], uint8_t *out,
                            const uint8_t *in, size_t n_blocks, int rounds, int decrypt)
{
    __m512i rk[15], tw[8];
    __m128i t0 = _mm_loadu_si128((const __m128i *)t);

    broadcast_keys(rk, round_keys(k, decrypt), rounds);
    if (n_blocks >= 32) {
        first_tweaks(tw, t0, 8);
        for (; n_blocks >= 32; n_blocks -= 32, in += 512, out += 512) {
            xts_pass(rk, rounds, tw, out, in, 32, 8, decrypt);
            for (int i = 0; i < 8; i++)
                tw[i] = mul_x32(tw[i]);
        }
        t0 = _mm512_castsi512_si128(tw[0]);
        if (n_blocks == 0) { /* a whole number of passes (4 KiB sectors) */
            _mm_storeu_si128((__m128i *)t, t0);
            return;
        }
        /* Broadcast the keys again rather than keep the loop's: holding
         * them across the loop made the compiler spill them to the stack. */
        broadcast_keys(rk, round_keys(k, decrypt), rounds);
    }
    /* The rest, fewer than 32 blocks, in one pass of as few registers as
     * hold it. */
    if (n_blocks > 16) {
        first_tweaks(tw, t0, 8);
        xts_pass(rk, rounds, tw, out, in, n_blocks, 8, decrypt);
    } else if (n_blocks > 4) {
        first_tweaks(tw, t0, 4);
        xts_pass(rk, rounds, tw, out, in, n_blocks, 4, decrypt);
    } else if (n_blocks > 0) {
        first_tweaks(tw, t0, 1);
        xts_pass(rk, rounds, tw, out, in, n_blocks, 1, decrypt);
    }
    t0 = _mm512_castsi512_si128(
        mul_xv(_mm512_broadcast_i32x4(t0), _mm512_set1_epi64((long long)n_blocks)));
    _mm_storeu_si128((__m128i *)t, t0);
}

VAES_TARGET
static void xts_wide(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                     size_t n_blocks, int decrypt)
{
    switch (k->rounds * 2 + !!decrypt) {
    case 20: xts_rounds(k, t, out, in, n_blocks, 10, 0); break;
    case 21: xts_rounds(k, t, out, in, n_blocks, 10, 1); break;
    case 24: xts_rounds(k, t, out, in, n_blocks, 12, 0); break;
    case 25: xts_rounds(k, t, out, in, n_blocks, 12, 1); break;
    case 28: xts_rounds(k, t, out, in, n_blocks, 14, 0); break;
    default: xts_rounds(k, t, out, in, n_blocks, 14, 1); break;
    }
}

/* xts_units_rounds is the kernel of xts_units for one round count and
 * direction: each unit's tweaks start from its own encrypted tweak, and the
 * 32-block passes run on from one unit into the next, so that a unit's first
 * pass overlaps the last one's instead of waiting for a call to return and
 * the keys to be broadcast again (at 512-byte sectors that restart cost as
 * much as the sector's encryption). */
VAES_INLINE void xts_units_rounds(const brisk_aes_key *k, const uint8_t *tweaks, uint8_t *out,
                                  const uint8_t *in, size_t n_units, size_t bpu, int rounds,
                                  int decrypt)
{
    __m512i rk[15], tw[8], next[8];

    broadcast_keys(rk, round_keys(k, decrypt), rounds);
    unit_tweaks(next, _mm_loadu_si128((const __m128i *)tweaks));
    for (size_t u = 0; u < n_units; u++) {
        for (int i = 0; i < 8; i++)
            tw[i] = next[i];
        /* The next unit's tweaks go first, one unit ahead: their chain of
         * shifts and carry-less products then runs beside this unit's
         * rounds, where computed at the unit's start the rounds waiting on
         * it filled the scheduler (a third of the time at 512 bytes). */
        if (u + 1 < n_units)
            unit_tweaks(next, _mm_loadu_si128((const __m128i *)(tweaks + 16 * (u + 1))));
        for (size_t p = bpu / 32;; p--, in += 512, out += 512) {
            xts_pass(rk, rounds, tw, out, in, 32, 8, decrypt);
            if (p == 1) {   /* no multiplications past the unit's end */
                in += 512;
                out += 512;
                break;
            }
            for (int i = 0; i < 8; i++)
                tw[i] = mul_x32(tw[i]);
        }
    }
}

VAES_TARGET
static void vaes_xts_units(const brisk_aes_key *k, int decrypt, const uint8_t *tweaks,
                           uint8_t *out, const uint8_t *in, size_t n_units, size_t bpu)
{
    switch (k->rounds * 2 + !!decrypt) {
    case 20: xts_units_rounds(k, tweaks, out, in, n_units, bpu, 10, 0); break;
    case 21: xts_units_rounds(k, tweaks, out, in, n_units, bpu, 10, 1); break;
    case 24: xts_units_rounds(k, tweaks, out, in, n_units, bpu, 12, 0); break;
    case 25: xts_units_rounds(k, tweaks, out, in, n_units, bpu, 12, 1); break;
    case 28: xts_units_rounds(k, tweaks, out, in, n_units, bpu, 14, 0); break;
    default: xts_units_rounds(k, tweaks, out, in, n_units, bpu, 14, 1); break;
    }
}

/* mul_alpha multiplies one tweak by alpha: both 64-bit lanes doubled, the
 * bit leaving the low lane carried into the high one and the bit leaving
 * the high lane reduced as 0x87 into the low one, both from the lanes' sign
 * bits (as in aes_ni.c). */
ONE_INLINE __m128i mul_alpha(__m128i t)
{
    __m128i signs = _mm_srai_epi32(_mm_shuffle_epi32(t, _MM_SHUFFLE(0, 1, 0, 3)), 31);
    return _mm_xor_si128(_mm_add_epi64(t, t), _mm_and_si128(signs, _mm_set_epi32(0, 1, 0, 0x87)));
}

/* few_rounds runs rounds first .. last - 1 over n blocks (a constant once
 * inlined). */
ONE_INLINE void few_rounds(const __m128i *keys, int first, int last, __m128i *b, int n,
                           int decrypt)
{
    for (int r = first; r < last; r++)
        for (int i = 0; i < n; i++)
            b[i] = one_round(b[i], keys[r], decrypt);
}

/* xts_few runs n blocks (a constant once inlined, at most 4) with the
 * 128-bit instructions: a short data unit's path, where the setup of the
 * 512-bit one (keys broadcast, tweaks of whole registers) would cost more
 * than its width saves.  Each tweak is folded into the first and the last
 * round key (aesenclast xors its key last), so that a block meets one xor
 * on its way in and none on its way out: `speed` encrypts in place, each
 * call's input the last one's output, and its short units are latency
 * bound. */
ONE_INLINE void xts_few(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                        int n, int decrypt)
{
    const __m128i *keys = round_keys(k, decrypt);
    int rounds = (int)k->rounds;
    __m128i last[4], b[4], x = _mm_loadu_si128((const __m128i *)t);
    for (int i = 0; i < n; i++) {
        __m128i first = _mm_xor_si128(x, keys[0]);
        b[i] = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16 * i)), first);
        last[i] = _mm_xor_si128(x, keys[rounds]);
        x = mul_alpha(x);
    }
    /* The 10 rounds every key size has unrolled, then 2 or 4 more. */
    few_rounds(keys, 1, 10, b, n, decrypt);
    few_rounds(keys, 10, rounds, b, n, decrypt);
    for (int i = 0; i < n; i++) {
        __m128i y = decrypt ? _mm_aesdeclast_si128(b[i], last[i])
                            : _mm_aesenclast_si128(b[i], last[i]);
        _mm_storeu_si128((__m128i *)(out + 16 * i), y);
    }
    _mm_storeu_si128((__m128i *)t, x);
}

ONE_TARGET
static void xts_one(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                    int decrypt)
{
    xts_few(k, t, out, in, 1, decrypt);
}

/* xts_short runs 2 to 4 blocks. */
ONE_TARGET __attribute__((noinline)) BRISK_NO_CANARY
static void xts_short(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                      size_t n_blocks, int decrypt)
{
    switch (n_blocks) {
    case 2: xts_few(k, t, out, in, 2, decrypt); break;
    case 3: xts_few(k, t, out, in, 3, decrypt); break;
    default: xts_few(k, t, out, in, 4, decrypt); break;
    }
}

static void vaes_xts_enc(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                         size_t n_blocks)
{
    if (n_blocks == 1)
        xts_one(k, t, out, in, 0);
    else if (n_blocks > 4)
        xts_wide(k, t, out, in, n_blocks, 0);
    else if (n_blocks > 1)
        xts_short(k, t, out, in, n_blocks, 0);
}

static void vaes_xts_dec(const brisk_aes_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in,
                         size_t n_blocks)
{
    if (n_blocks == 1)
        xts_one(k, t, out, in, 1);
    else if (n_blocks > 4)
        xts_wide(k, t, out, in, n_blocks, 1);
    else if (n_blocks > 1)
        xts_short(k, t, out, in, n_blocks, 1);
}

const brisk_aes_impl brisk_aes_impl_vaes = {
    "vaes", vaes_setkey, vaes_ecb_enc, vaes_ecb_dec, vaes_cbc_enc, vaes_cbc_dec, vaes_ctr128,
    vaes_ctr32, vaes_xts_enc, vaes_xts_dec, vaes_xts_units, vaes_cbc_dec_units, NULL,
};

#endif
