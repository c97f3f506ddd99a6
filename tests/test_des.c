/*
 * tests/test_des.c - DES and triple DES: for every implementation of the
 * "des" primitive (SSLeay's inner-loop variants), the NIST CAVP TDES ECB and
 * CBC files (KAT with single-DES keys, MMT with one, two and three keys)
 * through the kernels, CBC also through the public API; agreement with a
 * bit-by-bit FIPS 46-3 reference on random keys and blocks, in place and
 * misaligned; wrong key lengths and parameters rejected; and the
 * dispatcher's default.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

/* ---- Reference DES: FIPS 46-3's tables applied one bit at a time ---- */

static const uint8_t ref_ip[64] = {
    58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
    62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
    57, 49, 41, 33, 25, 17, 9,  1, 59, 51, 43, 35, 27, 19, 11, 3,
    61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
};
static const uint8_t ref_e[48] = {
    32, 1,  2,  3,  4,  5,  4,  5,  6,  7,  8,  9,  8,  9,  10, 11,
    12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18, 19, 20, 21, 20, 21,
    22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
};
static const uint8_t ref_p[32] = {
    16, 7, 20, 21, 29, 12, 28, 17, 1,  15, 23, 26, 5,  18, 31, 10,
    2,  8, 24, 14, 32, 27, 3,  9,  19, 13, 30, 6,  22, 11, 4,  25,
};
static const uint8_t ref_pc1[56] = {
    57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18,
    10, 2,  59, 51, 43, 35, 27, 19, 11, 3,  60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15, 7,  62, 54, 46, 38, 30, 22,
    14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4,
};
static const uint8_t ref_pc2[48] = {
    14, 17, 11, 24, 1,  5,  3,  28, 15, 6,  21, 10, 23, 19, 12, 4,
    26, 8,  16, 7,  27, 20, 13, 2,  41, 52, 31, 37, 47, 55, 30, 40,
    51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};
static const uint8_t ref_shifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};
static const uint8_t ref_s[8][64] = {
    {14, 4,  13, 1, 2,  15, 11, 8,  3,  10, 6,  12, 5,  9,  0, 7,
     0,  15, 7,  4, 14, 2,  13, 1,  10, 6,  12, 11, 9,  5,  3, 8,
     4,  1,  14, 8, 13, 6,  2,  11, 15, 12, 9,  7,  3,  10, 5, 0,
     15, 12, 8,  2, 4,  9,  1,  7,  5,  11, 3,  14, 10, 0,  6, 13},
    {15, 1,  8,  14, 6,  11, 3,  4,  9,  7, 2,  13, 12, 0, 5,  10,
     3,  13, 4,  7,  15, 2,  8,  14, 12, 0, 1,  10, 6,  9, 11, 5,
     0,  14, 7,  11, 10, 4,  13, 1,  5,  8, 12, 6,  9,  3, 2,  15,
     13, 8,  10, 1,  3,  15, 4,  2,  11, 6, 7,  12, 0,  5, 14, 9},
    {10, 0,  9,  14, 6, 3,  15, 5,  1,  13, 12, 7,  11, 4,  2,  8,
     13, 7,  0,  9,  3, 4,  6,  10, 2,  8,  5,  14, 12, 11, 15, 1,
     13, 6,  4,  9,  8, 15, 3,  0,  11, 1,  2,  12, 5,  10, 14, 7,
     1,  10, 13, 0,  6, 9,  8,  7,  4,  15, 14, 3,  11, 5,  2,  12},
    {7,  13, 14, 3, 0,  6,  9,  10, 1,  2, 8, 5,  11, 12, 4,  15,
     13, 8,  11, 5, 6,  15, 0,  3,  4,  7, 2, 12, 1,  10, 14, 9,
     10, 6,  9,  0, 12, 11, 7,  13, 15, 1, 3, 14, 5,  2,  8,  4,
     3,  15, 0,  6, 10, 1,  13, 8,  9,  4, 5, 11, 12, 7,  2,  14},
    {2,  12, 4,  1,  7,  10, 11, 6,  8,  5,  3,  15, 13, 0, 14, 9,
     14, 11, 2,  12, 4,  7,  13, 1,  5,  0,  15, 10, 3,  9, 8,  6,
     4,  2,  1,  11, 10, 13, 7,  8,  15, 9,  12, 5,  6,  3, 0,  14,
     11, 8,  12, 7,  1,  14, 2,  13, 6,  15, 0,  9,  10, 4, 5,  3},
    {12, 1,  10, 15, 9, 2,  6,  8,  0,  13, 3,  4,  14, 7,  5,  11,
     10, 15, 4,  2,  7, 12, 9,  5,  6,  1,  13, 14, 0,  11, 3,  8,
     9,  14, 15, 5,  2, 8,  12, 3,  7,  0,  4,  10, 1,  13, 11, 6,
     4,  3,  2,  12, 9, 5,  15, 10, 11, 14, 1,  7,  6,  0,  8,  13},
    {4,  11, 2,  14, 15, 0, 8,  13, 3,  12, 9, 7,  5,  10, 6, 1,
     13, 0,  11, 7,  4,  9, 1,  10, 14, 3,  5, 12, 2,  15, 8, 6,
     1,  4,  11, 13, 12, 3, 7,  14, 10, 15, 6, 8,  0,  5,  9, 2,
     6,  11, 13, 8,  1,  4, 10, 7,  9,  5,  0, 15, 14, 2,  3, 12},
    {13, 2,  8,  4, 6,  15, 11, 1,  10, 9,  3,  14, 5,  0,  12, 7,
     1,  15, 13, 8, 10, 3,  7,  4,  12, 5,  6,  11, 0,  14, 9,  2,
     7,  11, 4,  1, 9,  12, 14, 2,  0,  6,  10, 13, 15, 3,  5,  8,
     2,  1,  14, 7, 4,  10, 8,  13, 15, 12, 9,  0,  3,  5,  6,  11},
};

/* ref_perm picks bits table[0..n-1] (1 = the top bit) of the in_bits-bit x. */
static uint64_t ref_perm(uint64_t x, const uint8_t *table, int n, int in_bits)
{
    uint64_t r = 0;
    for (int i = 0; i < n; i++)
        r = r << 1 | ((x >> (in_bits - table[i])) & 1);
    return r;
}

static uint32_t ref_f(uint32_t r, uint64_t k)
{
    uint64_t x = ref_perm(r, ref_e, 48, 32) ^ k;
    uint32_t o = 0;
    for (int j = 0; j < 8; j++) {
        unsigned v = (unsigned)(x >> (42 - 6 * j)) & 63;
        o = o << 4 | ref_s[j][(v & 0x20) | (v & 1) << 4 | (v >> 1 & 15)];
    }
    return (uint32_t)ref_perm(o, ref_p, 32, 32);
}

static void ref_des(const uint8_t key[8], uint8_t out[8], const uint8_t in[8], int decrypt)
{
    uint64_t kb = 0, blk = 0, sub[16];
    for (int i = 0; i < 8; i++) {
        kb = kb << 8 | key[i];
        blk = blk << 8 | in[i];
    }
    uint64_t cd = ref_perm(kb, ref_pc1, 56, 64);
    uint32_t c = (uint32_t)(cd >> 28), d = (uint32_t)cd & 0x0fffffff;
    for (int i = 0; i < 16; i++) {
        unsigned s = ref_shifts[i];
        c = (c << s | c >> (28 - s)) & 0x0fffffff;
        d = (d << s | d >> (28 - s)) & 0x0fffffff;
        sub[decrypt ? 15 - i : i] = ref_perm((uint64_t)c << 28 | d, ref_pc2, 48, 56);
    }
    uint64_t x = ref_perm(blk, ref_ip, 64, 64);
    uint32_t l = (uint32_t)(x >> 32), r = (uint32_t)x;
    for (int i = 0; i < 16; i++) {
        uint32_t t = l ^ ref_f(r, sub[i]);
        l = r;
        r = t;
    }
    /* FP is IP's inverse: scatter instead of gather. */
    uint64_t pre = (uint64_t)r << 32 | l, y = 0;
    for (int i = 0; i < 64; i++)
        y |= ((pre >> (63 - i)) & 1) << (64 - ref_ip[i]);
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(y >> (56 - 8 * i));
}

/* ref_ede3 is EDE with the 24-byte key k1 || k2 || k3, one block. */
static void ref_ede3(const uint8_t key[24], uint8_t out[8], const uint8_t in[8], int decrypt)
{
    uint8_t t[8];
    if (!decrypt) {
        ref_des(key, t, in, 0);
        ref_des(key + 8, t, t, 1);
        ref_des(key + 16, out, t, 0);
    } else {
        ref_des(key + 16, t, in, 1);
        ref_des(key + 8, t, t, 0);
        ref_des(key, out, t, 1);
    }
}

/* ---- Helpers ---- */

static _Alignas(64) uint8_t ks[BRISK_KS_SIZE];

/* ecb runs bc's kernel in place on a copy of in (len bytes) into out. */
static void ecb(const brisk_block_cipher *bc, int decrypt, uint8_t *out,
                const uint8_t *in, size_t len)
{
    memmove(out, in, len);
    (decrypt ? bc->decrypt : bc->encrypt)(ks, out, out, len / 8);
}

/* cbc chains bc's one-block kernel as SP 800-38A's CBC does. */
static void cbc(const brisk_block_cipher *bc, int decrypt, const uint8_t iv[8],
                uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t chain[8], next[8];
    memcpy(chain, iv, 8);
    for (size_t off = 0; off + 8 <= len; off += 8) {
        if (decrypt) {
            memcpy(next, in + off, 8);
            bc->decrypt(ks, out + off, in + off, 1);
            for (int i = 0; i < 8; i++)
                out[off + i] ^= chain[i];
            memcpy(chain, next, 8);
        } else {
            for (int i = 0; i < 8; i++)
                chain[i] ^= in[off + i];
            bc->encrypt(ks, chain, chain, 1);
            memcpy(out + off, chain, 8);
        }
    }
}

/* api_cbc runs name's CBC through the public API without padding; returns
 * 0 or -1. */
static int api_cbc(const char *name, int decrypt, const uint8_t *key, size_t key_len,
                   const uint8_t iv[8], uint8_t *out, const uint8_t *in, size_t len)
{
    const brisk_cipher *c = brisk_cipher_by_name(name);
    brisk_cipher_ctx ctx;
    size_t n1 = 0, n2 = 0;

    if (c == NULL || brisk_cipher_init(&ctx, c, !decrypt, key, key_len, iv, 8) != 0)
        return -1;
    brisk_cipher_set_padding(&ctx, 0);
    if (brisk_cipher_update(&ctx, out, &n1, in, len) != 0 ||
        brisk_cipher_final(&ctx, out + n1, &n2) != 0 || n1 + n2 != len) {
        brisk_cipher_cleanup(&ctx);
        return -1;
    }
    brisk_cipher_cleanup(&ctx);
    return 0;
}

/* ---- CAVP files ---- */

static const char *const ecb_files[] = {
    "nist/3DES/ECB/TECBinvperm.rsp", "nist/3DES/ECB/TECBpermop.rsp",
    "nist/3DES/ECB/TECBsubtab.rsp",  "nist/3DES/ECB/TECBvarkey.rsp",
    "nist/3DES/ECB/TECBvartext.rsp", "nist/3DES/ECB/TECBMMT1.rsp",
    "nist/3DES/ECB/TECBMMT2.rsp",    "nist/3DES/ECB/TECBMMT3.rsp",
};
static const char *const cbc_files[] = {
    "nist/3DES/CBC/TCBCinvperm.rsp", "nist/3DES/CBC/TCBCpermop.rsp",
    "nist/3DES/CBC/TCBCsubtab.rsp",  "nist/3DES/CBC/TCBCvarkey.rsp",
    "nist/3DES/CBC/TCBCvartext.rsp", "nist/3DES/CBC/TCBCMMT1.rsp",
    "nist/3DES/CBC/TCBCMMT2.rsp",    "nist/3DES/CBC/TCBCMMT3.rsp",
};

/* record_key reads KEYs (a single DES key, used as K1 = K2 = K3) or KEY1..3
 * into key24; returns 0 or -1. */
static int record_key(tv_file *f, uint8_t key24[24])
{
    size_t n;
    const uint8_t *k = tv_get_hex(f, "KEYs", &n);
    if (k != NULL && n == 8) {
        for (int i = 0; i < 3; i++)
            memcpy(key24 + 8 * i, k, 8);
        return 0;
    }
    static const char *const names[3] = {"KEY1", "KEY2", "KEY3"};
    for (int i = 0; i < 3; i++) {
        k = tv_get_hex(f, names[i], &n);
        if (k == NULL || n != 8)
            return -1;
        memcpy(key24 + 8 * i, k, 8);
    }
    return 0;
}

/* check_one runs one record with one keying of the cipher: the kernels
 * (ECB, or CBC chained here) and, for CBC, the public API. */
static void check_one(tv_file *f, const brisk_block_cipher *bc, const char *cbc_name,
                      const uint8_t *key, size_t key_len, const uint8_t *iv, int decrypt,
                      const uint8_t *in, const uint8_t *want, size_t len, const char *impl)
{
    uint8_t *got = malloc(len + 1);
    if (got == NULL) {
        tv_fail("out of memory");
        return;
    }
    if (!tv_check_int(bc->setkey(ks, key, key_len, 0), 0, "%s %s setkey", tv_where(f), bc->name)) {
        free(got);
        return;
    }
    if (iv == NULL)
        ecb(bc, decrypt, got, in, len);
    else
        cbc(bc, decrypt, iv, got, in, len);
    tv_check_mem(got, want, len, "%s %s %s %s", tv_where(f), bc->name, impl,
                 decrypt ? "decrypt" : "encrypt");
    if (iv != NULL && cbc_name != NULL) {
        memset(got, 0, len);
        if (tv_check_int(api_cbc(cbc_name, decrypt, key, key_len, iv, got, in, len), 0,
                         "%s %s api", tv_where(f), cbc_name))
            tv_check_mem(got, want, len, "%s %s api %s", tv_where(f), cbc_name,
                         decrypt ? "decrypt" : "encrypt");
    }
    free(got);
}

static void run_file(const char *rel, int is_cbc, const char *impl, int use_api)
{
    tv_file *f = tv_open(rel);
    if (f == NULL)
        return;
    while (tv_next(f)) {
        uint8_t key[24];
        size_t pt_len, ct_len, iv_len = 0;
        const uint8_t *pt = tv_get_hex(f, "PLAINTEXT", &pt_len);
        const uint8_t *ct = tv_get_hex(f, "CIPHERTEXT", &ct_len);
        const uint8_t *iv = is_cbc ? tv_get_hex(f, "IV", &iv_len) : NULL;
        if (pt == NULL || ct == NULL)
            continue; /* not a test record */
        if (!tv_check(record_key(f, key) == 0 && pt_len == ct_len && pt_len % 8 == 0 &&
                          (!is_cbc || (iv != NULL && iv_len == 8)),
                      "%s: malformed record", tv_where(f)))
            continue;
        int decrypt = strcmp(tv_section(f), "DECRYPT") == 0;
        const uint8_t *in = decrypt ? ct : pt, *want = decrypt ? pt : ct;
        int single = memcmp(key, key + 8, 8) == 0 && memcmp(key, key + 16, 8) == 0;
        int two = memcmp(key, key + 16, 8) == 0;

        check_one(f, &brisk_des_ede3_cipher, use_api ? "des-ede3-cbc" : NULL, key, 24, iv,
                  decrypt, in, want, pt_len, impl);
        if (two)
            check_one(f, &brisk_des_ede_cipher, use_api ? "des-ede-cbc" : NULL, key, 16, iv,
                      decrypt, in, want, pt_len, impl);
        if (single)
            check_one(f, &brisk_des_cipher, use_api ? "des-cbc" : NULL, key, 8, iv, decrypt,
                      in, want, pt_len, impl);
    }
    tv_close(f);
}

/* ---- CBC encryption kernels ---- */

/* check_cbc_kernels compares the descriptors' CBC encryption kernels, in
 * place and misaligned, and in two calls, with CBC chained here over the
 * ECB kernel. */
static void check_cbc_kernels(tv_rng *rng, const char *impl)
{
    static const struct {
        const brisk_block_cipher *bc;
        size_t key_len;
    } kernels[] = {
        {&brisk_des_cipher, 8}, {&brisk_des_ede_cipher, 16}, {&brisk_des_ede3_cipher, 24}};

    for (size_t c = 0; c < 3; c++) {
        if (!tv_check(kernels[c].bc->cbc_enc != NULL, "%s has a cbc kernel",
                      kernels[c].bc->name))
            continue;
        for (int t = 0; t < 20; t++) {
            uint8_t key[24], iv[8], iv2[8], msg[8 * 12], want[8 * 12], buf[8 * 12 + 8];
            size_t n = tv_rng_below(rng, 13), split = tv_rng_below(rng, n + 1),
                   off = tv_rng_below(rng, 8);
            tv_rng_fill(rng, key, sizeof(key));
            tv_rng_fill(rng, iv, sizeof(iv));
            tv_rng_fill(rng, msg, sizeof(msg));
            kernels[c].bc->setkey(ks, key, kernels[c].key_len, 0);
            cbc(kernels[c].bc, 0, iv, want, msg, 8 * n);
            uint8_t *p = buf + off;
            memcpy(p, msg, 8 * n);
            memcpy(iv2, iv, 8);
            kernels[c].bc->cbc_enc(ks, iv2, p, p, split);
            kernels[c].bc->cbc_enc(ks, iv2, p + 8 * split, p + 8 * split, n - split);
            tv_check_mem(p, want, 8 * n, "%s %s cbc kernel, %zu blocks split at %zu",
                         kernels[c].bc->name, impl, n, split);
            tv_check_mem(iv2, n > 0 ? want + 8 * (n - 1) : iv, 8, "%s %s cbc kernel iv",
                         kernels[c].bc->name, impl);
        }
    }
}

/* ---- Properties ---- */

/* check_random compares the kernels with the reference on random keys and
 * messages, in place at a misaligned offset, and checks the round trip. */
static void check_random(tv_rng *rng, const char *impl)
{
    static const struct {
        const brisk_block_cipher *bc;
        size_t key_len;
    } ciphers[] = {
        {&brisk_des_cipher, 8}, {&brisk_des_ede_cipher, 16}, {&brisk_des_ede3_cipher, 24}};
    int trials = tv_quick() ? 10 : 60;

    for (size_t c = 0; c < 3; c++) {
        for (int t = 0; t < trials; t++) {
            uint8_t key[24], key24[24], msg[8 * 9], want[8 * 9], buf[8 * 9 + 8];
            size_t n = 1 + tv_rng_below(rng, 9), off = tv_rng_below(rng, 8);
            tv_rng_fill(rng, key, sizeof(key));
            tv_rng_fill(rng, msg, sizeof(msg));
            memcpy(key24, key, 24);
            if (ciphers[c].key_len == 8) {
                memcpy(key24 + 8, key, 8);
                memcpy(key24 + 16, key, 8);
            } else if (ciphers[c].key_len == 16) {
                memcpy(key24 + 16, key, 8);
            }
            for (size_t b = 0; b < n; b++)
                ref_ede3(key24, want + 8 * b, msg + 8 * b, 0);
            if (ciphers[c].key_len == 8) /* also the reference's own single DES */
                ref_des(key, want, msg, 0);

            const brisk_block_cipher *bc = ciphers[c].bc;
            bc->setkey(ks, key, ciphers[c].key_len, 0);
            uint8_t *p = buf + off;
            memcpy(p, msg, 8 * n);
            bc->encrypt(ks, p, p, n);
            tv_check_mem(p, want, 8 * n, "%s %s random encrypt, %zu blocks at +%zu",
                         bc->name, impl, n, off);
            bc->decrypt(ks, p, p, n);
            tv_check_mem(p, msg, 8 * n, "%s %s random round trip", bc->name, impl);
        }
    }
}

static void check_bad_keys(void)
{
    static const uint8_t key[32] = {0};
    static const size_t bad_des[] = {0, 7, 9, 16, 24}, bad_ede[] = {0, 8, 15, 17, 24},
                        bad_ede3[] = {0, 8, 16, 23, 25, 32};

    for (size_t i = 0; i < sizeof(bad_des) / sizeof(bad_des[0]); i++)
        tv_check_int(brisk_des_cipher.setkey(ks, key, bad_des[i], 0), BRISK_EINVAL,
                     "des key of %zu bytes", bad_des[i]);
    for (size_t i = 0; i < sizeof(bad_ede) / sizeof(bad_ede[0]); i++)
        tv_check_int(brisk_des_ede_cipher.setkey(ks, key, bad_ede[i], 0), BRISK_EINVAL,
                     "des-ede key of %zu bytes", bad_ede[i]);
    for (size_t i = 0; i < sizeof(bad_ede3) / sizeof(bad_ede3[0]); i++)
        tv_check_int(brisk_des_ede3_cipher.setkey(ks, key, bad_ede3[i], 0), BRISK_EINVAL,
                     "des-ede3 key of %zu bytes", bad_ede3[i]);
    tv_check_int(brisk_des_cipher.setkey(ks, key, 8, 1), BRISK_EINVAL, "des param 1");
    tv_check_int(brisk_des_ede_cipher.setkey(ks, key, 16, 64), BRISK_EINVAL, "des-ede param");
    tv_check_int(brisk_des_ede3_cipher.setkey(ks, key, 24, 12), BRISK_EINVAL, "des-ede3 param");
    tv_check_int(brisk_des_cipher.setkey(ks, key, 8, 0), 0, "des key of 8 bytes");
}

/* check_key_survives_switch: a key set under one variant works under all. */
static void check_key_survives_switch(void)
{
    static const uint8_t key[8] = {0x13, 0x34, 0x57, 0x79, 0x9b, 0xbc, 0xdf, 0xf1};
    static const uint8_t pt[8] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
    static const uint8_t ct[8] = {0x85, 0xe8, 0x13, 0x54, 0x0f, 0x0a, 0xb4, 0x05};
    uint8_t out[8];
    size_t i = 0;
    const char *impl;

    brisk_des_cipher.setkey(ks, key, 8, 0);
    while ((impl = tv_impl_next("des", &i)) != NULL) {
        brisk_des_cipher.encrypt(ks, out, pt, 1);
        tv_check_mem(out, ct, 8, "key set before switching to %s", impl);
    }
}

int main(void)
{
    char list[512];
    const char *impl;
    size_t i = 0;
    tv_rng rng;

    tv_begin("test_des");
    tv_rng_init(&rng, tv_seed());
    tv_note("tested: %s", tv_impl_list("des", list, sizeof(list)));
    /* SSLeay's twelve run everywhere, and without CPU features the first
     * of them is the default; with BMI2 on x86-64 the rorx form is. */
    tv_check_str(brisk_impl_select("des", 0), "ptr-cisc-4", "des variant without CPU features");
#ifdef BRISK_X86_64
    tv_check_str(brisk_impl_select("des", BRISK_CPU_BMI2), "ptr-rorx-4", "des variant with BMI2");
#else
    tv_check_str(brisk_impl_select("des", ~(uint32_t)0), "ptr-cisc-4",
                 "des variant with every feature (no x86-64 forms)");
#endif
    tv_check_str(brisk_impl_active("des"), brisk_impl_select("des", brisk_cpu_features()),
                 "active des variant");
    int use_api = brisk_cipher_by_name("des-ede3-cbc") != NULL &&
                  brisk_cipher_by_name("des-ede-cbc") != NULL &&
                  brisk_cipher_by_name("des-cbc") != NULL;
    if (!use_api)
        tv_note("des CBC descriptors not registered: CBC through the kernels only");

    while ((impl = tv_impl_next("des", &i)) != NULL) {
        for (size_t f = 0; f < sizeof(ecb_files) / sizeof(ecb_files[0]); f++)
            run_file(ecb_files[f], 0, impl, 0);
        for (size_t f = 0; f < sizeof(cbc_files) / sizeof(cbc_files[0]); f++)
            run_file(cbc_files[f], 1, impl, use_api);
        check_random(&rng, impl);
        check_cbc_kernels(&rng, impl);
    }
    check_bad_keys();
    check_key_survives_switch();
    return tv_end();
}
