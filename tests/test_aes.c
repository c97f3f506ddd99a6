/*
 * tests/test_aes.c - the AES kernels (src/cipher/internal.h), under every
 * implementation of the "aes" primitive this CPU can run:
 *   - NIST CAVP ECB and CBC known answers (GFSbox, KeySbox, VarKey, VarTxt,
 *     MMT; MCT when its files are present) for 128/192/256-bit keys, in both
 *     directions;
 *   - FIPS 197 appendix C and SP 800-38A F.1, F.2, F.5 (ECB, CBC, CTR);
 *   - RFC 3686 AES-CTR (nist/AES/CTR), with ctr32 and ctr128;
 *   - ctr32 wrapping only its last 32 bits, ctr128 carrying into the rest;
 *   - every kernel against the portable "ct" one on random keys and data,
 *     0..70 blocks and a few long runs, in place and at odd addresses (the
 *     XTS kernels, and xts_iv with its tweak key, against XTS made here
 *     from ct's ECB);
 *   - brisk_aes_setkey's argument checks, the brisk_aes_cipher descriptor
 *     and the dispatcher's order of implementations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

static const char *impl_name; /* the implementation under test */

static int set_key(brisk_aes_key *k, const uint8_t *key, size_t key_len, const char *where)
{
    if (!tv_check(brisk_aes_setkey(k, key, key_len) == 0, "%s [%s]: setkey(%zu bytes)", where,
                  impl_name, key_len))
        return 0;
    return tv_check_str(k->impl->name, impl_name, "%s: the key records its implementation",
                        where);
}

/* ---- Known-answer files ---- */

/* kat_record checks one CAVP or SP 800-38A record in mode "ECB", "CBC" or
 * "CTR" (the CTR IV being the first counter block) in both directions. */
static void kat_record(tv_file *f, const char *mode)
{
    size_t key_len, iv_len = 0, pt_len, ct_len;
    const uint8_t *key = tv_get_hex(f, "KEY", &key_len);
    const uint8_t *iv = tv_get_hex(f, "IV", &iv_len);
    const uint8_t *pt = tv_get_hex(f, "PLAINTEXT", &pt_len);
    const uint8_t *ct = tv_get_hex(f, "CIPHERTEXT", &ct_len);
    brisk_aes_key k;
    uint8_t out[1024], v[16];

    if (!tv_check(key != NULL && pt != NULL && ct != NULL && pt_len == ct_len &&
                      pt_len % 16 == 0 && pt_len <= sizeof(out) &&
                      (strcmp(mode, "ECB") == 0 || (iv != NULL && iv_len == 16)),
                  "%s: a complete %s record", tv_where(f), mode) ||
        !set_key(&k, key, key_len, tv_where(f)))
        return;
    size_t n = pt_len / 16;
    if (strcmp(mode, "ECB") == 0) {
        k.impl->ecb_enc(&k, out, pt, n);
        tv_check_mem(out, ct, ct_len, "%s [%s] ECB encrypt", tv_where(f), impl_name);
        k.impl->ecb_dec(&k, out, ct, n);
        tv_check_mem(out, pt, pt_len, "%s [%s] ECB decrypt", tv_where(f), impl_name);
    } else if (strcmp(mode, "CBC") == 0) {
        memcpy(v, iv, 16);
        k.impl->cbc_enc(&k, v, out, pt, n);
        tv_check_mem(out, ct, ct_len, "%s [%s] CBC encrypt", tv_where(f), impl_name);
        tv_check_mem(v, ct + ct_len - 16, 16, "%s [%s] CBC encrypt IV out", tv_where(f), impl_name);
        memcpy(v, iv, 16);
        k.impl->cbc_dec(&k, v, out, ct, n);
        tv_check_mem(out, pt, pt_len, "%s [%s] CBC decrypt", tv_where(f), impl_name);
        tv_check_mem(v, ct + ct_len - 16, 16, "%s [%s] CBC decrypt IV out", tv_where(f), impl_name);
    } else {
        memcpy(v, iv, 16);
        k.impl->ctr128(&k, v, out, pt, n);
        tv_check_mem(out, ct, ct_len, "%s [%s] CTR", tv_where(f), impl_name);
    }
}

static void kat_file(const char *rel, const char *mode)
{
    tv_file *f = tv_open(rel);
    while (f != NULL && tv_next(f))
        kat_record(f, mode);
    tv_close(f);
}

static void cavp_files(void)
{
    static const char *const kinds[] = {"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"};
    static const char *const modes[] = {"ECB", "CBC"};
    static const int bits[] = {128, 192, 256};
    char rel[64];

    for (size_t m = 0; m < 2; m++)
        for (size_t t = 0; t < sizeof(kinds) / sizeof(kinds[0]); t++)
            for (size_t b = 0; b < 3; b++) {
                snprintf(rel, sizeof(rel), "nist/AES/%s/%s%s%d.rsp", modes[m], modes[m], kinds[t],
                         bits[b]);
                kat_file(rel, modes[m]);
            }
}

/* sp800_38a checks FIPS 197 C and SP 800-38A F.1, F.2 and F.5, whose records
 * name their MODE. */
static void sp800_38a(void)
{
    tv_file *f = tv_open("rfc/aes_fips197_sp800_38a.txt");
    while (f != NULL && tv_next(f)) {
        const char *mode = tv_get(f, "MODE");
        if (tv_check(mode != NULL, "%s: MODE", tv_where(f)))
            kat_record(f, mode);
    }
    tv_close(f);
}

/* rfc3686 checks the RFC 3686 examples, whose counter block is nonce, IV and
 * a 32-bit block counter; messages need not fill their last block. */
static void rfc3686(void)
{
    static const char *const files[] = {"nist/AES/CTR/aes-128-ctr.txt",
                                        "nist/AES/CTR/aes-192-ctr.txt",
                                        "nist/AES/CTR/aes-256-ctr.txt"};
    for (size_t i = 0; i < 3; i++) {
        tv_file *f = tv_open(files[i]);
        while (f != NULL && tv_next(f)) {
            size_t key_len, iv_len, pt_len, ct_len;
            const uint8_t *key = tv_get_hex(f, "KEY", &key_len);
            const uint8_t *iv = tv_get_hex(f, "IV", &iv_len);
            const uint8_t *pt = tv_get_hex(f, "PLAINTEXT", &pt_len);
            const uint8_t *ct = tv_get_hex(f, "CIPHERTEXT", &ct_len);
            uint8_t in[256] = {0}, out[256], v[16];
            brisk_aes_key k;

            if (!tv_check(key != NULL && iv != NULL && iv_len == 16 && pt != NULL &&
                              ct != NULL && pt_len == ct_len && pt_len <= sizeof(in),
                          "%s: a complete record", tv_where(f)) ||
                !set_key(&k, key, key_len, tv_where(f)))
                continue;
            memcpy(in, pt, pt_len);
            size_t n = (pt_len + 15) / 16;
            memcpy(v, iv, 16);
            k.impl->ctr32(&k, v, out, in, n);
            tv_check_mem(out, ct, ct_len, "%s [%s] ctr32", tv_where(f), impl_name);
            memcpy(v, iv, 16);
            k.impl->ctr128(&k, v, out, in, n);
            tv_check_mem(out, ct, ct_len, "%s [%s] ctr128", tv_where(f), impl_name);
        }
        tv_close(f);
    }
}

/* mct_record runs one outer iteration of the AESAVS Monte Carlo test (6.4.1
 * ECB, 6.4.2 CBC): 1000 chained encryptions or decryptions from the record's
 * KEY, IV and input, whose last output is the record's answer. */
static void mct_record(tv_file *f, int cbc, int encrypt)
{
    size_t key_len, iv_len = 0, in_len, out_len;
    const uint8_t *key = tv_get_hex(f, "KEY", &key_len);
    const uint8_t *iv = tv_get_hex(f, "IV", &iv_len);
    const uint8_t *in = tv_get_hex(f, encrypt ? "PLAINTEXT" : "CIPHERTEXT", &in_len);
    const uint8_t *want = tv_get_hex(f, encrypt ? "CIPHERTEXT" : "PLAINTEXT", &out_len);
    uint8_t x[16], y[16], prev[16], chain[16];
    brisk_aes_key k;

    if (!tv_check(key != NULL && in != NULL && want != NULL && in_len == 16 && out_len == 16 &&
                      (!cbc || (iv != NULL && iv_len == 16)),
                  "%s: a complete MCT record", tv_where(f)) ||
        !set_key(&k, key, key_len, tv_where(f)))
        return;
    memcpy(x, in, 16);
    if (cbc) {
        memcpy(chain, iv, 16);
        memcpy(prev, iv, 16);
    }
    for (int j = 0; j < 1000; j++) {
        if (!cbc) {
            (encrypt ? k.impl->ecb_enc : k.impl->ecb_dec)(&k, y, x, 1);
            memcpy(x, y, 16);
            continue;
        }
        /* Input j + 1 is the IV for j = 0, else output j - 1; the
         * kernels carry the chaining value in `chain`. */
        if (encrypt)
            k.impl->cbc_enc(&k, chain, y, x, 1);
        else
            k.impl->cbc_dec(&k, chain, y, x, 1);
        memcpy(x, prev, 16);
        memcpy(prev, y, 16);
    }
    tv_check_mem(cbc ? prev : x, want, 16, "%s [%s] MCT", tv_where(f), impl_name);
}

/* mct_files runs the Monte Carlo files when the vector folder has them. */
static void mct_files(void)
{
    static const char *const modes[] = {"ECB", "CBC"};
    static const int bits[] = {128, 192, 256};
    char rel[64];
    int found = 0;

    for (int m = 0; m < 2; m++)
        for (int b = 0; b < 3; b++) {
            snprintf(rel, sizeof(rel), "nist/AES/%s/%sMCT%d.rsp", modes[m], modes[m], bits[b]);
            char *path = tv_vector_path(rel);
            FILE *fp = fopen(path, "rb");
            free(path);
            if (fp == NULL)
                continue;
            fclose(fp);
            found++;
            tv_file *f = tv_open(rel);
            while (f != NULL && tv_next(f))
                mct_record(f, m == 1, strcmp(tv_section(f), "ENCRYPT") == 0);
            tv_close(f);
        }
    if (found == 0)
        tv_note("no MCT files in %s/nist/AES: Monte Carlo tests skipped", tv_vector_dir());
}

/* ---- Counter wrap ---- */

/* counter_wrap checks that ctr32 wraps only the last 32 bits and ctr128
 * carries through the whole block, against ECB of the expected counters. */
static void counter_wrap(void)
{
    static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                    0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
    /* Counters ending in ff..ff: the low 32 bits, 64 bits, whole block. */
    static const int spans[] = {4, 8, 16};
    enum { N = 37 };
    uint8_t zero[16 * N] = {0}, got[16 * N], want[16 * N], blocks[16 * N], ctr[16], next[16];
    brisk_aes_key k;

    if (!set_key(&k, key, 16, "counter wrap"))
        return;
    for (int s = 0; s < 3; s++)
        for (int width = 4; width <= 16; width += 12) {
            for (int start = 0; start < 3; start++) {
                uint8_t base[16];
                for (int i = 0; i < 16; i++)
                    base[i] = (uint8_t)(i < 16 - spans[s] ? 0x10 + i : 0xff);
                base[15] = (uint8_t)(0xff - start * 11);
                /* The expected counters: big-endian increments of the last
                 * `width` bytes, modulo 2^(8 width). */
                memcpy(ctr, base, 16);
                for (int b = 0; b < N; b++) {
                    memcpy(blocks + 16 * b, ctr, 16);
                    unsigned carry = 1;
                    for (int i = 15; i >= 16 - width; i--) {
                        carry += ctr[i];
                        ctr[i] = (uint8_t)carry;
                        carry >>= 8;
                    }
                }
                memcpy(next, ctr, 16);
                k.impl->ecb_enc(&k, want, blocks, N);
                /* In calls of 1, 2, 3 and N blocks: short calls take
                 * their own paths through the wrap. */
                for (size_t step = 1; step <= N; step = step == 3 ? N : step + 1) {
                    memcpy(ctr, base, 16);
                    for (size_t b = 0; b < N; b += step) {
                        size_t n = N - b < step ? N - b : step;
                        (width == 4 ? k.impl->ctr32 : k.impl->ctr128)(&k, ctr, got + 16 * b,
                                                                      zero + 16 * b, n);
                    }
                    tv_check_mem(got, want, sizeof(got),
                                 "[%s] ctr%d across ff..ff (%d bytes), start %d, %zu per call",
                                 impl_name, width * 8, spans[s], start, step);
                    tv_check_mem(ctr, next, 16, "[%s] ctr%d next counter", impl_name, width * 8);
                }
            }
        }
}

/* ---- Against the portable implementation ---- */

enum { MAX_BLOCKS = 1100 };

/* ref_xts is XTS (IEEE 1619) from k's single-block ECB kernels: each block
 * whitened by the tweak t on both sides, t then multiplied by alpha. */
static void ref_xts(const brisk_aes_key *k, int decrypt, uint8_t t[16], uint8_t *out,
                    const uint8_t *in, size_t n)
{
    for (size_t b = 0; b < n; b++) {
        uint8_t x[16];
        for (int i = 0; i < 16; i++)
            x[i] = in[16 * b + i] ^ t[i];
        (decrypt ? k->impl->ecb_dec : k->impl->ecb_enc)(k, x, x, 1);
        for (int i = 0; i < 16; i++)
            out[16 * b + i] = x[i] ^ t[i];
        unsigned carry = t[15] >> 7;
        for (int i = 15; i > 0; i--)
            t[i] = (uint8_t)(t[i] << 1 | t[i - 1] >> 7);
        t[0] = (uint8_t)(t[0] << 1 ^ (carry ? 0x87 : 0));
    }
}

/* The tweak keys of xts_iv: one expanded by the implementation under
 * test, one by ct (cross_check sets them from the same bytes). */
static brisk_aes_key tweak_k, tweak_ref;

/* run_kernel runs kernel `which` (an index into kernel_names); ivc is the IV
 * or counter (the tweak for XTS, the IV of a data unit for xts_iv, which
 * leaves it as it is), ignored by ECB. */
static void run_kernel(const brisk_aes_key *k, int which, uint8_t ivc[16], uint8_t *out,
                       const uint8_t *in, size_t n)
{
    if (which >= 8) {
        int decrypt = which == 9;
        const brisk_aes_key *tk = k->impl == tweak_k.impl ? &tweak_k : &tweak_ref;
        uint8_t t[16];
        if (k->impl->xts_iv != NULL) {
            k->impl->xts_iv(k, tk, decrypt, ivc, out, in, n);
        } else {
            tk->impl->ecb_enc(tk, t, ivc, 1);
            ref_xts(k, decrypt, t, out, in, n);
        }
        return;
    }
    if (which >= 6) {
        int decrypt = which == 7;
        if (k->impl->xts_enc == NULL)
            ref_xts(k, decrypt, ivc, out, in, n);
        else
            (decrypt ? k->impl->xts_dec : k->impl->xts_enc)(k, ivc, out, in, n);
        return;
    }
    switch (which) {
    case 0: k->impl->ecb_enc(k, out, in, n); break;
    case 1: k->impl->ecb_dec(k, out, in, n); break;
    case 2: k->impl->cbc_enc(k, ivc, out, in, n); break;
    case 3: k->impl->cbc_dec(k, ivc, out, in, n); break;
    case 4: k->impl->ctr128(k, ivc, out, in, n); break;
    default: k->impl->ctr32(k, ivc, out, in, n); break;
    }
}

static const char *const kernel_names[] = {"ecb_enc", "ecb_dec", "cbc_enc",    "cbc_dec",
                                           "ctr128",  "ctr32",   "xts_enc",    "xts_dec",
                                           "xts_iv encrypt", "xts_iv decrypt"};

/* cross_one compares kernel `which` of key k with the same kernel of ref on n
 * blocks: out of place at offsets (oi, oo) and in place at offset oi. */
static void cross_one(tv_rng *rng, const brisk_aes_key *k, const brisk_aes_key *ref, int which,
                      size_t n, size_t oi, size_t oo)
{
    static uint8_t in[16 * MAX_BLOCKS + 32], out[16 * MAX_BLOCKS + 32],
        want[16 * MAX_BLOCKS + 32];
    uint8_t iv0[16], iv_want[16], iv_got[16];

    tv_rng_fill(rng, in, sizeof(in));
    tv_rng_fill(rng, iv0, 16);
    /* Counters near a 32-bit, 64-bit or 128-bit wrap now and then. */
    size_t wrap = tv_rng_below(rng, 4);
    if ((which == 4 || which == 5) && wrap > 0)
        memset(iv0 + (wrap == 1 ? 12 : wrap == 2 ? 8 : 0), 0xff, wrap == 1 ? 3 : wrap == 2 ? 7 : 15);

    memcpy(iv_want, iv0, 16);
    run_kernel(ref, which, iv_want, want, in + oi, n);

    memcpy(iv_got, iv0, 16);
    run_kernel(k, which, iv_got, out + oo, in + oi, n);
    tv_check_mem(out + oo, want, 16 * n, "[%s] %s %zu blocks, offsets %zu/%zu", impl_name,
                 kernel_names[which], n, oi, oo);
    if (which >= 2)
        tv_check_mem(iv_got, iv_want, 16, "[%s] %s %zu blocks: IV/counter out", impl_name,
                     kernel_names[which], n);

    memcpy(out + oi, in + oi, 16 * n);
    memcpy(iv_got, iv0, 16);
    run_kernel(k, which, iv_got, out + oi, out + oi, n);
    tv_check_mem(out + oi, want, 16 * n, "[%s] %s %zu blocks in place, offset %zu", impl_name,
                 kernel_names[which], n, oi);
    if (which >= 2)
        tv_check_mem(iv_got, iv_want, 16, "[%s] %s %zu blocks in place: IV/counter out",
                     impl_name, kernel_names[which], n);
}

static void cross_check(tv_rng *rng)
{
    static const size_t big[] = {127, 128, 129, 255, 256, 1000, MAX_BLOCKS};
    static const size_t key_lens[] = {16, 24, 32};
    const brisk_aes_impl *ct = &brisk_aes_impl_ct;
    brisk_aes_key k, ref;
    uint8_t key[32];
    unsigned long before = tv_failures();

    for (size_t kl = 0; kl < 3; kl++) {
        tv_rng_fill(rng, key, sizeof(key));
        if (!set_key(&k, key, key_lens[kl], "cross check"))
            return;
        ct->setkey(&ref, key, key_lens[kl]);
        tv_rng_fill(rng, key, sizeof(key));
        if (!set_key(&tweak_k, key, key_lens[kl], "cross check tweak key"))
            return;
        ct->setkey(&tweak_ref, key, key_lens[kl]);
        for (int which = 0; which < 10; which++) {
            for (size_t n = 0; n <= 70; n++)
                cross_one(rng, &k, &ref, which, n, tv_rng_below(rng, 16), tv_rng_below(rng, 16));
            for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++)
                cross_one(rng, &k, &ref, which, big[i], 1 + i % 15, 15 - i % 15);
            if (tv_failures() > before + 20)
                return; /* enough messages */
        }
    }
}

/* ---- Arguments ---- */

static void arguments(void)
{
    static const size_t bad[] = {0, 1, 15, 17, 23, 25, 31, 33, 64};
    static const uint8_t key[64];
    brisk_aes_key k;

    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        tv_check_int(brisk_aes_setkey(&k, key, bad[i]), BRISK_EINVAL,
                     "[%s] setkey with %zu bytes", impl_name, bad[i]);
    tv_check_int(brisk_aes_setkey(NULL, key, 16), BRISK_EINVAL, "setkey(NULL key schedule)");
    tv_check_int(brisk_aes_setkey(&k, NULL, 16), BRISK_EINVAL, "setkey(NULL key)");
    for (size_t len = 16; len <= 32; len += 8) {
        if (set_key(&k, key, len, "arguments"))
            tv_check_int(k.rounds, (long long)(len / 4 + 6), "[%s] rounds for %zu bytes",
                         impl_name, len);
    }
}

/* descriptor checks brisk_aes_cipher: its param check and that it uses the
 * key's implementation (FIPS 197 C.1). */
static void descriptor(void)
{
    static const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                   0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const uint8_t ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                   0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
    uint8_t out[16];
    const brisk_block_cipher *bc = &brisk_aes_cipher;

    tv_check_str(bc->name, "aes", "descriptor name");
    tv_check_int((long long)bc->block_len, 16, "descriptor block length");
    tv_check_int(bc->setkey(ks, key, 16, 1), BRISK_EINVAL, "descriptor setkey with param 1");
    tv_check_int(bc->setkey(ks, key, 20, 0), BRISK_EINVAL, "descriptor setkey with 20 bytes");
    if (!tv_check(bc->setkey(ks, key, 16, 0) == 0, "[%s] descriptor setkey", impl_name))
        return;
    bc->encrypt(ks, out, pt, 1);
    tv_check_mem(out, ct, 16, "[%s] descriptor encrypt", impl_name);
    bc->decrypt(ks, out, ct, 1);
    tv_check_mem(out, pt, 16, "[%s] descriptor decrypt", impl_name);
}

/* selection checks the dispatcher's order: vaes, then aesni, then ct. */
static void selection(void)
{
    const uint32_t ni = BRISK_CPU_AESNI | BRISK_CPU_SSE41 | BRISK_CPU_SSSE3;
    const uint32_t vaes = ni | BRISK_CPU_VAES | BRISK_CPU_VPCLMULQDQ | BRISK_CPU_AVX512F |
                          BRISK_CPU_AVX512VL | BRISK_CPU_AVX512BW;
    tv_check_str(brisk_impl_select("aes", 0), "ct", "no features: ct");
#ifdef BRISK_X86_64
    tv_check_str(brisk_impl_select("aes", ni), "aesni", "AES-NI: aesni");
    tv_check_str(brisk_impl_select("aes", vaes & ~BRISK_CPU_AVX512BW), "aesni",
                 "VAES without AVX512BW: aesni");
    tv_check_str(brisk_impl_select("aes", vaes & ~BRISK_CPU_VPCLMULQDQ), "aesni",
                 "VAES without VPCLMULQDQ (XTS needs it): aesni");
    tv_check_str(brisk_impl_select("aes", vaes), "vaes", "VAES and AVX-512: vaes");
    tv_check_str(brisk_impl_select("aes", ~(uint32_t)0), "vaes", "every feature: vaes");
#else
    tv_check_str(brisk_impl_select("aes", vaes), "ct", "portable build: ct");
#endif
}

int main(void)
{
    char list[200];
    tv_rng rng;
    size_t it = 0;

    tv_begin("test_aes");
    tv_rng_init(&rng, tv_seed());
    selection();
    while ((impl_name = tv_impl_next("aes", &it)) != NULL) {
        cavp_files();
        mct_files();
        sp800_38a();
        rfc3686();
        counter_wrap();
        cross_check(&rng);
        arguments();
        descriptor();
    }
    tv_note("tested: %s", tv_impl_list("aes", list, sizeof(list)));
    return tv_end();
}
