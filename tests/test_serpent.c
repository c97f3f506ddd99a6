/*
 * tests/test_serpent.c - Serpent, every implementation of the "serpent"
 * primitive.  The S-box circuits against the specification's tables
 * (exhaustively) and the linear transformation against its inverse; the
 * known answers of tests/vectors/botan/serpent.vec (NESSIE's and Botan's,
 * 128-, 192- and 256-bit keys, many multi-block) through the ECB kernels
 * and the generic API, and the Serpent section of botan/xts.vec; each wide
 * implementation against the portable one on 1 to 40 blocks (every tail of
 * the 16- and 32-block kernels), in place and misaligned; CBC decryption
 * kernels against ECB plus chaining, and CBC, CFB and OFB through the API
 * with every split point against one shot.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

typedef uint32_t serpent_word;
#include "../src/cipher/serpent_sbox.h"

#define MAX_BLOCKS 48

static tv_rng rng;

typedef struct sched {
    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
} sched;

/* The specification's S-boxes (section 2 of the submission). */
static const uint8_t sbox[8][16] = {
    {3, 8, 15, 1, 10, 6, 5, 11, 14, 13, 4, 2, 7, 0, 9, 12},
    {15, 12, 2, 7, 9, 0, 5, 10, 1, 11, 14, 8, 6, 13, 3, 4},
    {8, 6, 7, 9, 3, 12, 10, 15, 13, 1, 14, 4, 0, 11, 5, 2},
    {0, 15, 11, 8, 12, 9, 6, 3, 13, 1, 2, 4, 10, 7, 5, 14},
    {1, 15, 8, 3, 12, 0, 11, 6, 2, 5, 4, 10, 9, 14, 7, 13},
    {15, 5, 2, 11, 4, 10, 9, 12, 0, 3, 14, 8, 13, 6, 7, 1},
    {7, 2, 12, 5, 8, 4, 6, 11, 14, 9, 1, 15, 13, 3, 10, 0},
    {1, 13, 15, 0, 14, 8, 2, 11, 7, 4, 12, 10, 9, 3, 5, 6},
};

/* check_circuits runs every circuit on the 16 nibbles at once (bit v of
 * word i is bit i of nibble v) and compares with the tables. */
static void check_circuits(void)
{
    for (unsigned s = 0; s < 8; s++) {
        uint32_t x[4] = {0, 0, 0, 0}, y[4];
        for (unsigned v = 0; v < 16; v++)
            for (unsigned i = 0; i < 4; i++)
                x[i] |= ((v >> i) & 1u) << v;
        memcpy(y, x, sizeof(x));
        serpent_sbox(y, s);
        for (unsigned v = 0; v < 16; v++) {
            unsigned got = 0;
            for (unsigned i = 0; i < 4; i++)
                got |= ((y[i] >> v) & 1u) << i;
            tv_check_int(got, sbox[s][v], "S%u(%u)", s, v);
        }
        serpent_sbox_inv(y, s);
        tv_check_mem(y, x, sizeof(x), "S%u inverse", s);
    }
    for (int t = 0; t < 100; t++) {
        uint32_t x[4], y[4];
        tv_rng_fill(&rng, x, sizeof(x));
        memcpy(y, x, sizeof(x));
        serpent_lt(y);
        serpent_lt_inv(y);
        tv_check_mem(y, x, sizeof(x), "LT inverse");
    }
}

static const uint8_t *get_hex(tv_file *f, const char *field, size_t *len)
{
    const uint8_t *p = tv_get_hex(f, field, len);
    if (p == NULL)
        tv_fail("%s: no %s", tv_where(f), field);
    return p;
}

/* kat checks serpent.vec with the active implementation: kernels out of
 * place and in place, and serpent-N-ecb through the API. */
static void kat(const char *impl)
{
    tv_file *f = tv_open("botan/serpent.vec");
    int records = 0;
    if (!tv_check(f != NULL, "open botan/serpent.vec"))
        return;
    while (tv_next(f)) {
        size_t key_len, pt_len, ct_len;
        const uint8_t *key = get_hex(f, "Key", &key_len);
        const uint8_t *pt = get_hex(f, "In", &pt_len);
        const uint8_t *ct = get_hex(f, "Out", &ct_len);
        if (key == NULL || pt == NULL || ct == NULL)
            continue;
        if (!tv_check(pt_len == ct_len && pt_len % 16 == 0 && pt_len > 0, "%s: lengths",
                      tv_where(f)))
            continue;
        sched s;
        uint8_t *buf = malloc(pt_len + 1);
        if (!tv_check(buf != NULL, "malloc"))
            break;
        size_t n = pt_len / 16;
        if (tv_check_int(brisk_serpent_cipher.setkey(s.ks, key, key_len, 0), 0, "%s setkey",
                         tv_where(f))) {
            brisk_serpent_cipher.encrypt(s.ks, buf + 1, pt, n);
            tv_check_mem(buf + 1, ct, pt_len, "%s %s encrypt", impl, tv_where(f));
            brisk_serpent_cipher.decrypt(s.ks, buf, ct, n);
            tv_check_mem(buf, pt, pt_len, "%s %s decrypt", impl, tv_where(f));
            brisk_serpent_cipher.encrypt(s.ks, buf, buf, n);
            tv_check_mem(buf, ct, pt_len, "%s %s encrypt in place", impl, tv_where(f));
            brisk_serpent_cipher.decrypt(s.ks, buf, buf, n);
            tv_check_mem(buf, pt, pt_len, "%s %s decrypt in place", impl, tv_where(f));
        }
        char name[32];
        snprintf(name, sizeof(name), "serpent-%zu-ecb", key_len * 8);
        if (tv_check_int(tv_cipher_run(name, 1, key, NULL, buf, pt, pt_len), 0, "%s %s", name,
                         tv_where(f)))
            tv_check_mem(buf, ct, pt_len, "%s %s %s", impl, name, tv_where(f));
        if (tv_check_int(tv_cipher_run(name, 0, key, NULL, buf, ct, pt_len), 0, "%s %s", name,
                         tv_where(f)))
            tv_check_mem(buf, pt, pt_len, "%s %s %s decrypt", impl, name, tv_where(f));
        free(buf);
        records++;
    }
    tv_close(f);
    tv_check(records > 1000, "serpent.vec: %d records", records);
}

/* kat_xts checks the Serpent section of xts.vec (32- and 64-byte keys,
 * data units of 17 to 1024 bytes: every ciphertext-stealing length and
 * runs longer than the XTS layer's 32 blocks) through serpent-N-xts. */
static void kat_xts(const char *impl)
{
    tv_file *f = tv_open("botan/xts.vec");
    int records = 0;
    if (!tv_check(f != NULL, "open botan/xts.vec"))
        return;
    while (tv_next(f)) {
        const char *sec = tv_section(f);
        if (sec == NULL || strcmp(sec, "Serpent/XTS") != 0)
            continue;
        size_t key_len, iv_len, pt_len, ct_len;
        const uint8_t *key = get_hex(f, "Key", &key_len);
        const uint8_t *iv = get_hex(f, "Nonce", &iv_len);
        const uint8_t *pt = get_hex(f, "In", &pt_len);
        const uint8_t *ct = get_hex(f, "Out", &ct_len);
        if (key == NULL || iv == NULL || pt == NULL || ct == NULL ||
            !tv_check(pt_len == ct_len && iv_len == 16, "%s: lengths", tv_where(f)))
            continue;
        char name[32];
        snprintf(name, sizeof(name), "serpent-%zu-xts", key_len * 4);
        uint8_t *buf = malloc(pt_len);
        if (!tv_check(buf != NULL, "malloc"))
            break;
        if (tv_check_int(tv_cipher_run(name, 1, key, iv, buf, pt, pt_len), 0, "%s %s", name,
                         tv_where(f)))
            tv_check_mem(buf, ct, pt_len, "%s %s %s", impl, name, tv_where(f));
        if (tv_check_int(tv_cipher_run(name, 0, key, iv, buf, ct, pt_len), 0, "%s %s", name,
                         tv_where(f)))
            tv_check_mem(buf, pt, pt_len, "%s %s %s decrypt", impl, name, tv_where(f));
        free(buf);
        records++;
    }
    tv_close(f);
    tv_check(records >= 240, "xts.vec: %d Serpent records", records);
}

/* reference_ecb encrypts or decrypts one block at a time with the portable
 * kernels, directly (whatever the dispatcher's choice). */
static void reference_ecb(const void *ks, int enc, uint8_t *out, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++)
        (enc ? brisk_serpent_ops_c.enc : brisk_serpent_ops_c.dec)(ks, out + 16 * i,
                                                                   in + 16 * i, 1);
}

/* wide checks the active implementation on 1..40 blocks against the
 * portable code one block at a time: ECB both ways out of place (both
 * buffers misaligned by off), in place, and the CBC decryption kernel. */
static void wide(const char *impl)
{
    static const size_t key_lens[] = {16, 24, 32, 5};
    uint8_t in[MAX_BLOCKS * 16 + 8], out[MAX_BLOCKS * 16 + 8], want[MAX_BLOCKS * 16];
    for (size_t n = 1; n <= 40; n++) {
        sched s;
        uint8_t key[32], iv[16], chain[16];
        size_t key_len = key_lens[n % 4], off = n % 5, len = 16 * n;
        tv_rng_fill(&rng, key, sizeof(key));
        tv_rng_fill(&rng, in + off, len);
        tv_rng_fill(&rng, iv, sizeof(iv));
        if (!tv_check_int(brisk_serpent_cipher.setkey(s.ks, key, key_len, 0), 0, "setkey"))
            continue;
        for (int enc = 0; enc < 2; enc++) {
            reference_ecb(s.ks, enc, want, in + off, n);
            (enc ? brisk_serpent_cipher.encrypt : brisk_serpent_cipher.decrypt)(
                s.ks, out + 3 - off % 3, in + off, n);
            tv_check_mem(out + 3 - off % 3, want, len, "%s %s %zu blocks", impl,
                         enc ? "encrypt" : "decrypt", n);
            memcpy(out + off, in + off, len);
            (enc ? brisk_serpent_cipher.encrypt : brisk_serpent_cipher.decrypt)(
                s.ks, out + off, out + off, n);
            tv_check_mem(out + off, want, len, "%s %s %zu blocks in place", impl,
                         enc ? "encrypt" : "decrypt", n);
        }
        /* CBC decryption: P_i = D(C_i) ^ C_{i-1}. */
        reference_ecb(s.ks, 0, want, in + off, n);
        for (size_t i = 0; i < len; i++)
            want[i] ^= i < 16 ? iv[i] : in[off + i - 16];
        memcpy(chain, iv, 16);
        brisk_serpent_cipher.cbc_dec(s.ks, chain, out + 1, in + off, n);
        tv_check_mem(out + 1, want, len, "%s cbc_dec %zu blocks", impl, n);
        tv_check_mem(chain, in + off + len - 16, 16, "%s cbc_dec %zu blocks: iv", impl, n);
        memcpy(out + off, in + off, len);
        memcpy(chain, iv, 16);
        brisk_serpent_cipher.cbc_dec(s.ks, chain, out + off, out + off, n);
        tv_check_mem(out + off, want, len, "%s cbc_dec %zu blocks in place", impl, n);
    }
}

/* splits checks serpent-256-cbc and -cfb/-ofb through the API: one update
 * against every split point of a 7-block message, both directions. */
static void splits(const char *impl)
{
    static const char *const names[] = {"serpent-256-cbc", "serpent-128-cfb",
                                        "serpent-192-ofb", "serpent128"};
    uint8_t key[32], iv[16], pt[112], ct[112], out[112];
    tv_rng_fill(&rng, key, sizeof(key));
    tv_rng_fill(&rng, iv, sizeof(iv));
    tv_rng_fill(&rng, pt, sizeof(pt));
    for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
        const brisk_cipher *c = brisk_cipher_by_name(names[k]);
        if (!tv_check(c != NULL, "%s registered", names[k]) ||
            !tv_check_int(tv_cipher_run(names[k], 1, key, iv, ct, pt, sizeof(pt)), 0, "%s", names[k]))
            continue;
        tv_check_int(tv_cipher_run(names[k], 0, key, iv, out, ct, sizeof(ct)), 0, "%s dec", names[k]);
        tv_check_mem(out, pt, sizeof(pt), "%s %s round trip", impl, names[k]);
        for (int enc = 0; enc < 2; enc++)
            for (size_t cut = 0; cut <= sizeof(pt); cut++) {
                brisk_cipher_ctx ctx;
                size_t n1 = 0, n2 = 0, n3 = 0;
                const uint8_t *src = enc ? pt : ct;
                int rc = brisk_cipher_init(&ctx, c, enc, key, c->key_len, iv, c->iv_len);
                rc = rc ? rc : brisk_cipher_set_padding(&ctx, 0);
                rc = rc ? rc : brisk_cipher_update(&ctx, out, &n1, src, cut);
                rc = rc ? rc
                        : brisk_cipher_update(&ctx, out + n1, &n2, src + cut, sizeof(pt) - cut);
                rc = rc ? rc : brisk_cipher_final(&ctx, out + n1 + n2, &n3);
                brisk_cipher_cleanup(&ctx);
                if (!tv_check_int(rc, 0, "%s split %zu", names[k], cut))
                    continue;
                tv_check_int((long long)(n1 + n2 + n3), sizeof(pt), "%s split %zu length",
                             names[k], cut);
                tv_check_mem(out, enc ? ct : pt, sizeof(pt), "%s %s %s split at %zu", impl,
                             names[k], enc ? "encrypt" : "decrypt", cut);
            }
    }
}

/* keys checks the lengths setkey takes (1 to 32 bytes) and refuses, and
 * that a short key equals the same key padded by the specification's rule. */
static void keys(void)
{
    sched a, b;
    uint8_t key[33] = {0x80, 0x01, 0x02}, padded[32] = {0x80, 0x01, 0x02, 0x01};
    uint8_t pt[16] = {1}, ca[16], cb[16];
    tv_check_int(brisk_serpent_cipher.setkey(a.ks, key, 0, 0), BRISK_EINVAL, "0-byte key");
    tv_check_int(brisk_serpent_cipher.setkey(a.ks, key, 33, 0), BRISK_EINVAL, "33-byte key");
    tv_check_int(brisk_serpent_cipher.setkey(a.ks, key, 16, 1), BRISK_EINVAL, "param");
    tv_check_int(brisk_serpent_cipher.setkey(a.ks, key, 3, 0), 0, "3-byte key");
    tv_check_int(brisk_serpent_cipher.setkey(b.ks, padded, 32, 0), 0, "padded key");
    brisk_serpent_cipher.encrypt(a.ks, ca, pt, 1);
    brisk_serpent_cipher.encrypt(b.ks, cb, pt, 1);
    tv_check_mem(ca, cb, 16, "3-byte key is the key with its 1 bit, padded to 256 bits");
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_serpent");
    tv_rng_init(&rng, tv_seed());
    check_circuits();
    keys();
    for (i = 0; (impl = tv_impl_next("serpent", &i)) != NULL;) {
        kat(impl);
        kat_xts(impl);
        wide(impl);
        splits(impl);
    }
    tv_note("serpent tested: %s", tv_impl_list("serpent", list, sizeof(list)));
    return tv_end();
}
