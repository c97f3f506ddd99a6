/*
 * src/cipher/ghash_vpclmul.c - GHASH (NIST SP 800-38D) with VPCLMULQDQ on
 * 512-bit registers (AVX-512).
 *
 * Technique: as ghash_pclmul.c (byte-swapped blocks, K_j = H^j * x^-1 so
 * that products need no shift, one reduction by two carry-less
 * multiplications by 0xc2 << 56), but four blocks per register and sixteen
 * per step: the table holds K_16, K_15, ..., K_1 in that order, so the
 * blocks of a step line up with their powers, and a tail of n < 16 blocks
 * uses the table from K_n on with masked loads.  Products are Karatsuba
 * (three multiplications per block, the powers' half-sums formed on the
 * fly as the table has no room for them), summed over all lanes and
 * reduced once per step; the state's own product is added last, on 128
 * bits, so that the chain from one step to the next is short.
 *
 * The file also holds GCM's stitched kernel for the "vaes" AES
 * implementation, which shares these helpers: AES-CTR on sixteen blocks (four
 * registers) with the GHASH of sixteen ciphertext blocks interleaved between
 * the AES rounds - the previous group's, kept in registers, when encrypting
 * (software pipelining: a group's own ciphertext comes only after its last
 * round), the current one's when decrypting - so that VAES and VPCLMULQDQ
 * work overlaps (the "stitched" structure of OpenSSL's aesni-gcm-x86_64.pl,
 * on 512-bit registers).
 *
 * Constant-time: yes; no branch or address depends on the key, H or the
 * data (the tail's masks depend only on the length).
 */
#include "internal.h"

#ifdef BRISK_X86_64
#include <immintrin.h>

/* The kernel interface of gcm.c. */
typedef void ghash_blocks_fn(uint8_t y[16], const uint8_t *table, const uint8_t *in,
                             size_t n_blocks);
ghash_blocks_fn *brisk_ghash_init_vpclmul(uint8_t *table, const uint8_t h[16]);
ghash_blocks_fn *brisk_ghash_head_vpclmul(uint8_t *table, const uint8_t h[16]);
void brisk_ghash_complete_vpclmul(uint8_t *table);
void brisk_gcm_vaes_vpclmul(const brisk_aes_key *k, uint8_t ctr[16], uint8_t y[16],
                            const uint8_t *table, uint8_t *out, const uint8_t *in,
                            size_t n_blocks, int encrypt);

#define VPCLMUL_TARGET \
    __attribute__((target("vpclmulqdq,pclmul,avx512f,avx512bw,avx512vl,avx2,avx,ssse3")))
/* One target attribute with every feature: clang keeps only the last of
 * several target attributes on a function, where gcc merges them. */
#define STITCH_TARGET \
    __attribute__((target("vaes,aes,vpclmulqdq,pclmul,avx512f,avx512bw,avx512vl,avx2,avx,ssse3")))

enum { N_POWERS = 16 };

VPCLMUL_TARGET
static inline __m128i bswap128(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

VPCLMUL_TARGET
static inline __m512i bswap512(__m512i x)
{
    const __m512i rev = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, rev);
}

VPCLMUL_TARGET
static inline __m512i xor3(__m512i a, __m512i b, __m512i c)
{
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* fold_lanes xors the four 128-bit lanes of x together. */
VPCLMUL_TARGET
static inline __m128i fold_lanes(__m512i x)
{
    __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

/* reduce folds the 256-bit product hi * x^128 + mid * x^64 + lo, as in
 * ghash_pclmul.c. */
VPCLMUL_TARGET
static inline __m128i reduce(__m128i lo, __m128i mid, __m128i hi)
{
    const __m128i poly = _mm_set_epi64x(0, (long long)0xc200000000000000ULL);
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    __m128i m = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), m);
    m = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), m);
    return _mm_xor_si128(hi, lo);
}

/* mul_acc adds the Karatsuba products of each lane of x and k: the low
 * and high halves' products, and that of the xors of the halves, which
 * finish turns into the middle term. */
VPCLMUL_TARGET
static inline void mul_acc(__m512i x, __m512i k, __m512i *lo, __m512i *mid, __m512i *hi)
{
    __m512i xs = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, _MM_PERM_BADC));
    __m512i ks = _mm512_xor_si512(k, _mm512_shuffle_epi32(k, _MM_PERM_BADC));
    *lo = _mm512_xor_si512(*lo, _mm512_clmulepi64_epi128(x, k, 0x00));
    *hi = _mm512_xor_si512(*hi, _mm512_clmulepi64_epi128(x, k, 0x11));
    *mid = _mm512_xor_si512(*mid, _mm512_clmulepi64_epi128(xs, ks, 0x00));
}

/* gf_mul4 multiplies the four lanes of a by those of k. */
VPCLMUL_TARGET
static inline __m512i gf_mul4(__m512i a, __m512i k)
{
    const __m512i poly = _mm512_broadcast_i32x4(_mm_set_epi64x(0, (long long)0xc200000000000000ULL));
    __m512i lo = _mm512_clmulepi64_epi128(a, k, 0x00), hi = _mm512_clmulepi64_epi128(a, k, 0x11);
    __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x01),
                                   _mm512_clmulepi64_epi128(a, k, 0x10));
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i m = _mm512_clmulepi64_epi128(lo, poly, 0x00);
    lo = _mm512_xor_si512(_mm512_shuffle_epi32(lo, _MM_PERM_BADC), m);
    m = _mm512_clmulepi64_epi128(lo, poly, 0x00);
    lo = _mm512_xor_si512(_mm512_shuffle_epi32(lo, _MM_PERM_BADC), m);
    return _mm512_xor_si512(hi, lo);
}

VPCLMUL_TARGET
static inline __m128i gf_mul(__m128i a, __m128i k)
{
    __m128i lo = _mm_clmulepi64_si128(a, k, 0x00), hi = _mm_clmulepi64_si128(a, k, 0x11);
    __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, k, 0x01), _mm_clmulepi64_si128(a, k, 0x10));
    return reduce(lo, mid, hi);
}

/* finish sums the lanes, completes the Karatsuba middle term, adds the
 * products of the state acc and k (schoolbook, on 128 bits) and reduces.
 * Only this part waits for the previous step: the data's products and their
 * lane sums are computed ahead by the out-of-order core. */
VPCLMUL_TARGET
static inline __m128i finish(__m128i acc, const uint8_t *k, __m512i lo, __m512i mid, __m512i hi)
{
    __m128i kv = _mm_loadu_si128((const __m128i *)(const void *)k);
    __m128i dl = fold_lanes(lo), dh = fold_lanes(hi);
    __m128i dm = _mm_ternarylogic_epi64(fold_lanes(mid), dl, dh, 0x96);
    __m128i l = _mm_xor_si128(dl, _mm_clmulepi64_si128(acc, kv, 0x00));
    __m128i h = _mm_xor_si128(dh, _mm_clmulepi64_si128(acc, kv, 0x11));
    __m128i m = _mm_ternarylogic_epi64(dm, _mm_clmulepi64_si128(acc, kv, 0x01),
                                       _mm_clmulepi64_si128(acc, kv, 0x10), 0x96);
    return reduce(l, m, h);
}

VPCLMUL_TARGET
static void ghash_vpclmul(uint8_t y[16], const uint8_t *table, const uint8_t *in, size_t n_blocks)
{
    __m128i acc = bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));

    for (; n_blocks >= 16; n_blocks -= 16, in += 256) {
        __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
        for (size_t q = 0; q < 4; q++) {
            __m512i x = bswap512(_mm512_loadu_si512((const void *)(in + 64 * q)));
            mul_acc(x, _mm512_loadu_si512((const void *)(table + 64 * q)), &lo, &mid, &hi);
        }
        acc = finish(acc, table, lo, mid, hi);
    }
    if (n_blocks > 0 && n_blocks < 4) {
        /* A few blocks (GCM's length block, speed's 16-byte GHASH): on
         * 128 bits, without the lane sums, which cost more than they
         * share here.  Block i is multiplied by K_{n-i}, at row 16 - n + i. */
        const uint8_t *k = table + 16 * (N_POWERS - n_blocks);
        __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
        for (size_t i = 0; i < n_blocks; i++) {
            __m128i x = bswap128(_mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i)));
            __m128i kv = _mm_load_si128((const __m128i *)(const void *)(k + 16 * i));
            if (i == 0)
                x = _mm_xor_si128(x, acc);
            lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(x, kv, 0x00));
            hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(x, kv, 0x11));
            mid = _mm_ternarylogic_epi64(mid, _mm_clmulepi64_si128(x, kv, 0x01),
                                         _mm_clmulepi64_si128(x, kv, 0x10), 0x96);
        }
        acc = reduce(lo, mid, hi);
    } else if (n_blocks > 0) {
        /* Block i of the n left is multiplied by K_{n-i}, at table row 16 - n + i. */
        const uint8_t *k = table + 16 * (N_POWERS - n_blocks);
        __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
        for (size_t q = 0; 4 * q < n_blocks; q++) {
            size_t lanes = n_blocks - 4 * q < 4 ? n_blocks - 4 * q : 4;
            __mmask8 m = (__mmask8)((1u << (2 * lanes)) - 1);
            __m512i x = bswap512(_mm512_maskz_loadu_epi64(m, in + 64 * q));
            mul_acc(x, _mm512_maskz_loadu_epi64(m, k + 64 * q), &lo, &mid, &hi);
        }
        acc = finish(acc, k, lo, mid, hi);
    }
    _mm_storeu_si128((__m128i *)(void *)y, bswap128(acc));
}

/* brisk_ghash_head_vpclmul writes K_4..K_1 (rows 12 to 15), all that
 * inputs of up to four blocks read.  GCM keyed afresh for every short
 * message (as `openssl speed` times it) would otherwise spend more on the
 * twelve higher powers than on its data: at 16 bytes, aes-128-gcm ran 12%
 * behind the pclmul implementation until the rest was left to
 * brisk_ghash_complete_vpclmul, which gcm.c calls before the first longer
 * input. */
VPCLMUL_TARGET
ghash_blocks_fn *brisk_ghash_head_vpclmul(uint8_t *table, const uint8_t h[16])
{
    /* K_1 = H * x^-1, as in ghash_pclmul.c. */
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ULL, 1);
    __m128i hv = bswap128(_mm_loadu_si128((const __m128i *)(const void *)h));
    __m128i carry = _mm_srli_epi64(hv, 63);
    __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(hv, 31), 0xff);
    __m128i k1 = _mm_or_si128(_mm_slli_epi64(hv, 1), _mm_slli_si128(carry, 8));
    k1 = _mm_xor_si128(k1, _mm_and_si128(top, poly));

    /* K_j goes to row 16 - j, so a register of rows 4i..4i+3 holds four
     * consecutive powers, highest first. */
    __m128i k2 = gf_mul(k1, k1), k3 = gf_mul(k2, k1), k4 = gf_mul(k2, k2);
    __m512i p4 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set_m128i(k3, k4)),
                                    _mm256_set_m128i(k1, k2), 1);
    _mm512_storeu_si512((void *)(table + 192), p4);
    return ghash_vpclmul;
}

/* brisk_ghash_complete_vpclmul writes K_16..K_5 from K_4..K_1: whole
 * registers, K_8..K_5 = K_4 * K_4..K_1, then K_16..K_13, K_12..K_9 = K_8 *
 * (K_8..K_5, K_4..K_1), so that the set-up waits for two multiplications,
 * not twelve. */
VPCLMUL_TARGET
void brisk_ghash_complete_vpclmul(uint8_t *table)
{
    __m512i p4 = _mm512_loadu_si512((const void *)(table + 192));
    __m512i p8 = gf_mul4(p4, _mm512_broadcast_i32x4(_mm512_castsi512_si128(p4)));
    __m512i b8 = _mm512_broadcast_i32x4(_mm512_castsi512_si128(p8));
    _mm512_storeu_si512((void *)table, gf_mul4(p8, b8));
    _mm512_storeu_si512((void *)(table + 64), gf_mul4(p4, b8));
    _mm512_storeu_si512((void *)(table + 128), p8);
}

VPCLMUL_TARGET
ghash_blocks_fn *brisk_ghash_init_vpclmul(uint8_t *table, const uint8_t h[16])
{
    ghash_blocks_fn *kernel = brisk_ghash_head_vpclmul(table, h);
    brisk_ghash_complete_vpclmul(table);
    return kernel;
}

/* ---- GCM: stitched AES-CTR (VAES) and GHASH ---- */

#define STITCH_INLINE STITCH_TARGET \
    static inline __attribute__((always_inline))

/* hash_key holds the table's four registers and their Karatsuba half-sums.
 * They are the same for every group, so the half-sums are formed once per
 * call rather than once per group: four shuffles and xors fewer on the two
 * vector ports that the AES rounds also need. */
typedef struct hash_key {
    __m512i k[4], ks[4];
} hash_key;

STITCH_INLINE void hash_key_load(hash_key *hk, const uint8_t *table)
{
    for (int q = 0; q < 4; q++) {
        hk->k[q] = _mm512_loadu_si512((const void *)(table + 64 * q));
        hk->ks[q] = _mm512_xor_si512(hk->k[q], _mm512_shuffle_epi32(hk->k[q], _MM_PERM_BADC));
    }
}

/* hash_part adds to lo, mid and hi the Karatsuba products of register q of
 * a group's sixteen ciphertext blocks c (in memory byte order) and its
 * powers.  The state acc enters xored into the group's first block, which
 * K_16 multiplies: GHASH's (acc + c_0) H^16 + c_1 H^15 + ... + c_15 H, so
 * that a group costs one reduction and no separate product of the state. */
STITCH_INLINE void hash_part(const hash_key *hk, int q, __m512i c, __m128i acc, __m512i *lo,
                             __m512i *mid, __m512i *hi)
{
    __m512i x = bswap512(c);
    if (q == 0)
        x = _mm512_xor_si512(x, _mm512_zextsi128_si512(acc));
    __m512i xs = _mm512_xor_si512(x, _mm512_shuffle_epi32(x, _MM_PERM_BADC));
    *lo = _mm512_xor_si512(*lo, _mm512_clmulepi64_epi128(x, hk->k[q], 0x00));
    *hi = _mm512_xor_si512(*hi, _mm512_clmulepi64_epi128(x, hk->k[q], 0x11));
    *mid = _mm512_xor_si512(*mid, _mm512_clmulepi64_epi128(xs, hk->ks[q], 0x00));
}

/* hash_end completes the Karatsuba middle term, reduces each lane and sums
 * the lanes: the new state.  Reducing before summing (reduction is linear)
 * leaves one sum of lanes instead of three, fewer shuffles on the port that
 * the carry-less multiplications need. */
STITCH_INLINE __m128i hash_end(__m512i lo, __m512i mid, __m512i hi)
{
    const __m512i poly =
        _mm512_broadcast_i32x4(_mm_set_epi64x(0, (long long)0xc200000000000000ULL));
    mid = xor3(mid, lo, hi);
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i m = _mm512_clmulepi64_epi128(lo, poly, 0x00);
    lo = _mm512_xor_si512(_mm512_shuffle_epi32(lo, _MM_PERM_BADC), m);
    m = _mm512_clmulepi64_epi128(lo, poly, 0x00);
    lo = xor3(_mm512_shuffle_epi32(lo, _MM_PERM_BADC), m, hi);
    return fold_lanes(lo);
}

/* The order in which a group's registers are hashed: register 0, which
 * waits for the previous group's state, last, so that the other three
 * products are summed while that state is still being reduced. */
static const int hash_order[4] = {1, 2, 3, 0};

/* hash_group folds a whole group of ciphertext c into acc, with no AES to
 * overlap: the last group when encrypting. */
STITCH_INLINE __m128i hash_group(const hash_key *hk, const __m512i c[4], __m128i acc)
{
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    for (int i = 0; i < 4; i++)
        hash_part(hk, hash_order[i], c[hash_order[i]], acc, &lo, &mid, &hi);
    return hash_end(lo, mid, hi);
}

/* group runs one group: the keystream for the sixteen counter blocks from
 * *cv xored into the input d, stored at out and returned in c.  When
 * hashing, the sixteen ciphertext blocks h are folded into *acc between the
 * rounds, one register per round.  d and h are registers that the caller
 * loaded, so out may equal in. */
STITCH_INLINE void group(const __m512i *rk, int rounds, __m512i *cv, const hash_key *hk,
                         int hashing, const __m512i *h, __m128i *acc, uint8_t *out,
                         const __m512i d[4], __m512i c[4])
{
    const __m512i four = _mm512_set_epi32(0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4);
    __m512i b[4], lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    for (int i = 0; i < 4; i++) {
        b[i] = _mm512_xor_si512(bswap512(*cv), rk[0]);
        *cv = _mm512_add_epi32(*cv, four);
    }
#pragma GCC unroll 14
    for (int r = 1; r < rounds; r++) {
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++)
            b[i] = _mm512_aesenc_epi128(b[i], rk[r]);
        if (hashing && r <= 4) {
            int q = hash_order[r - 1];
            hash_part(hk, q, h[q], *acc, &lo, &mid, &hi);
        }
    }
    for (int i = 0; i < 4; i++)
        c[i] = _mm512_xor_si512(_mm512_aesenclast_epi128(b[i], rk[rounds]), d[i]);
    if (hashing)
        *acc = hash_end(lo, mid, hi);
    for (int i = 0; i < 4; i++)
        _mm512_storeu_si512((void *)(out + 64 * i), c[i]);
}

STITCH_INLINE void load_group(__m512i d[4], const uint8_t *in)
{
    for (int i = 0; i < 4; i++)
        d[i] = _mm512_loadu_si512((const void *)(in + 64 * i));
}

STITCH_INLINE void stitched(const brisk_aes_key *k, int rounds, uint8_t ctr[16], uint8_t y[16],
                            const uint8_t *table, uint8_t *out, const uint8_t *in,
                            size_t n_blocks, int encrypt)
{
    /* AES-NI's key layout (which "vaes" uses): the encryption round keys
     * first, one per 16 bytes. */
    const __m128i *keys = (const __m128i *)(const void *)k->w;
    __m512i rk[15];
    for (int r = 0; r <= rounds; r++)
        rk[r] = _mm512_broadcast_i32x4(_mm_load_si128(keys + r));
    hash_key hk;
    hash_key_load(&hk, table);

    /* Counters byte reversed, so that inc32 is an add in the low 32-bit
     * lane of each block. */
    __m128i c = bswap128(_mm_loadu_si128((const __m128i *)(const void *)ctr));
    __m512i cv = _mm512_add_epi32(_mm512_broadcast_i32x4(c),
                                  _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
    __m128i acc = bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    size_t groups = n_blocks / 16;
    __m512i d[4], ct[4];

    if (encrypt && groups > 0) {
        /* Software pipelining: a group's own ciphertext is known only after
         * its last round, so hashing it in the same pass would wait for the
         * rounds.  Each group instead hashes the previous group's
         * ciphertext, kept in registers (no reload of what was just
         * stored), and the last group is hashed after the loop. */
        load_group(d, in);
        group(rk, rounds, &cv, &hk, 0, NULL, &acc, out, d, ct);
        for (size_t g = 1; g < groups; g++) {
            __m512i prev[4] = {ct[0], ct[1], ct[2], ct[3]};
            in += 256;
            out += 256;
            load_group(d, in);
            group(rk, rounds, &cv, &hk, 1, prev, &acc, out, d, ct);
        }
        acc = hash_group(&hk, ct, acc);
    } else if (!encrypt) {
        /* Decrypting, the ciphertext to hash is the input, there from the
         * start: each group hashes its own. */
        for (size_t g = 0; g < groups; g++, in += 256, out += 256) {
            load_group(d, in);
            group(rk, rounds, &cv, &hk, 1, d, &acc, out, d, ct);
        }
    }
    c = _mm_add_epi32(c, _mm_cvtsi32_si128((int)(uint32_t)n_blocks));
    _mm_storeu_si128((__m128i *)(void *)ctr, bswap128(c));
    _mm_storeu_si128((__m128i *)(void *)y, bswap128(acc));
}

/* brisk_gcm_vaes_vpclmul encrypts or decrypts n_blocks (a multiple of 16)
 * with the counter ctr (advanced, inc32) and hashes the ciphertext into y;
 * k must have been expanded by "vaes" and table by brisk_ghash_init_vpclmul. */
STITCH_TARGET
void brisk_gcm_vaes_vpclmul(const brisk_aes_key *k, uint8_t ctr[16], uint8_t y[16],
                            const uint8_t *table, uint8_t *out, const uint8_t *in,
                            size_t n_blocks, int encrypt)
{
    switch (k->rounds) {
    case 10:
        stitched(k, 10, ctr, y, table, out, in, n_blocks, encrypt);
        break;
    case 12:
        stitched(k, 12, ctr, y, table, out, in, n_blocks, encrypt);
        break;
    default:
        stitched(k, 14, ctr, y, table, out, in, n_blocks, encrypt);
        break;
    }
}

#endif
