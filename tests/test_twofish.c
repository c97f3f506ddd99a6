/*
 * tests/test_twofish.c - Twofish under every implementation of the
 * "twofish" primitive this CPU can run (each forced with brisk_impl_set):
 * Botan's twofish.vec (128, 192 and 256-bit keys, records of one and
 * several blocks) through the generic API in ECB both ways, in place and
 * misaligned; the Twofish section of Botan's xts.vec (256-bit keys, data
 * units of 17..256 bytes: ciphertext stealing and the 8- and 16-block
 * paths) both ways, also in place at an odd address; the descriptor's
 * kernels (ECB both ways, CBC decryption)
 * called directly on 1..40 blocks and a few long runs, so that every tail
 * of the wide kernels is taken, in place and at odd addresses, against the
 * portable implementation and against CBC built here from its ECB; and
 * the key lengths the cipher refuses.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

#define MAX_BLOCKS 300

static const brisk_cipher *ecb_cipher(size_t key_len)
{
    return key_len == 16   ? brisk_cipher_by_name("twofish-128-ecb")
           : key_len == 24 ? brisk_cipher_by_name("twofish-192-ecb")
           : key_len == 32 ? brisk_cipher_by_name("twofish-256-ecb")
                           : NULL;
}

/* ecb runs len bytes through the generic API without padding. */
static int ecb(int encrypt, const uint8_t *key, size_t key_len, uint8_t *out, const uint8_t *in,
               size_t len)
{
    const brisk_cipher *c = ecb_cipher(key_len);
    return tv_cipher_run(c == NULL ? "" : c->name, encrypt, key, NULL, out, in, len);
}

static void test_vectors(const char *impl)
{
    static uint8_t buf[4096 + 16];
    tv_file *f = tv_open("botan/twofish.vec");
    unsigned long n = 0;
    size_t sizes[3] = {0};
    while (f != NULL && tv_next(f)) {
        size_t key_len, in_len, out_len;
        const uint8_t *key = tv_get_hex(f, "Key", &key_len);
        const uint8_t *in = tv_get_hex(f, "In", &in_len);
        const uint8_t *out = tv_get_hex(f, "Out", &out_len);
        if (key == NULL || in == NULL || out == NULL || in_len != out_len || in_len % 16 != 0 ||
            in_len > 4096 || ecb_cipher(key_len) == NULL) {
            tv_fail("%s: unusable record", tv_where(f));
            continue;
        }
        sizes[key_len / 8 - 2]++;
        tv_check_int(ecb(1, key, key_len, buf, in, in_len), 0, "%s [%s] encrypt", tv_where(f),
                     impl);
        tv_check_mem(buf, out, out_len, "%s [%s] encrypt", tv_where(f), impl);
        tv_check_int(ecb(0, key, key_len, buf, out, in_len), 0, "%s [%s] decrypt", tv_where(f),
                     impl);
        tv_check_mem(buf, in, in_len, "%s [%s] decrypt", tv_where(f), impl);
        /* In place at an odd address. */
        memcpy(buf + 3, in, in_len);
        ecb(1, key, key_len, buf + 3, buf + 3, in_len);
        tv_check_mem(buf + 3, out, out_len, "%s [%s] encrypt in place", tv_where(f), impl);
        ecb(0, key, key_len, buf + 3, buf + 3, in_len);
        tv_check_mem(buf + 3, in, in_len, "%s [%s] decrypt in place", tv_where(f), impl);
        n++;
    }
    tv_close(f);
    tv_check(n > 0 && sizes[0] > 0 && sizes[1] > 0 && sizes[2] > 0,
             "twofish.vec [%s]: %lu records (%zu/%zu/%zu of 128/192/256-bit keys)", impl, n,
             sizes[0], sizes[1], sizes[2]);
}

/* xts runs one data unit through twofish-N-xts for a key of key_len. */
static int xts(int encrypt, const uint8_t *key, size_t key_len, const uint8_t iv[16], uint8_t *out,
               const uint8_t *in, size_t len)
{
    const char *name = key_len == 32   ? "twofish-128-xts"
                       : key_len == 48 ? "twofish-192-xts"
                                       : "twofish-256-xts";
    return tv_cipher_run(name, encrypt, key, iv, out, in, len);
}

static void test_xts_vectors(const char *impl)
{
    static uint8_t buf[4096 + 16];
    tv_file *f = tv_open("botan/xts.vec");
    unsigned long n = 0;
    while (f != NULL && tv_next(f)) {
        if (strcmp(tv_section(f), "Twofish/XTS") != 0)
            continue;
        size_t key_len, iv_len, in_len, out_len;
        const uint8_t *key = tv_get_hex(f, "Key", &key_len);
        const uint8_t *iv = tv_get_hex(f, "Nonce", &iv_len);
        const uint8_t *in = tv_get_hex(f, "In", &in_len);
        const uint8_t *out = tv_get_hex(f, "Out", &out_len);
        if (key == NULL || iv == NULL || in == NULL || out == NULL || iv_len != 16 ||
            in_len != out_len || in_len < 16 || in_len > 4096 ||
            (key_len != 32 && key_len != 48 && key_len != 64)) {
            tv_fail("%s: unusable record", tv_where(f));
            continue;
        }
        tv_check_int(xts(1, key, key_len, iv, buf, in, in_len), 0, "%s [%s] XTS encrypt",
                     tv_where(f), impl);
        tv_check_mem(buf, out, out_len, "%s [%s] XTS encrypt", tv_where(f), impl);
        tv_check_int(xts(0, key, key_len, iv, buf, out, out_len), 0, "%s [%s] XTS decrypt",
                     tv_where(f), impl);
        tv_check_mem(buf, in, in_len, "%s [%s] XTS decrypt", tv_where(f), impl);
        memcpy(buf + 5, in, in_len);
        xts(1, key, key_len, iv, buf + 5, buf + 5, in_len);
        tv_check_mem(buf + 5, out, out_len, "%s [%s] XTS encrypt in place", tv_where(f), impl);
        xts(0, key, key_len, iv, buf + 5, buf + 5, in_len);
        tv_check_mem(buf + 5, in, in_len, "%s [%s] XTS decrypt in place", tv_where(f), impl);
        n++;
    }
    tv_close(f);
    tv_check(n > 0, "xts.vec Twofish/XTS [%s]: %lu records", impl, n);
}

typedef struct sched {
    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
} sched;

/* cbc_ref decrypts n blocks in CBC from the ECB kernel of the portable
 * implementation (ks keyed), block by block. */
static void cbc_ref(const sched *s, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const brisk_block_cipher *bc = &brisk_twofish_cipher;
    uint8_t c[16];
    for (size_t i = 0; i < n; i++) {
        memcpy(c, in + 16 * i, 16);
        bc->decrypt(s->ks, out + 16 * i, c, 1);
        for (int b = 0; b < 16; b++)
            out[16 * i + b] ^= iv[b];
        memcpy(iv, c, 16);
    }
}

/* The reference outputs of one key and length, made with the "c" kernels. */
typedef struct refs {
    uint8_t enc[MAX_BLOCKS * 16], dec[MAX_BLOCKS * 16], cbc[MAX_BLOCKS * 16];
    uint8_t cbc_iv[16];
} refs;

static void make_refs(const sched *s, refs *r, const uint8_t *msg, const uint8_t iv[16], size_t n)
{
    const brisk_block_cipher *bc = &brisk_twofish_cipher;
    uint8_t tmp[16];
    brisk_impl_set("twofish", "c");
    /* One block at a time, so that only the block function is trusted. */
    for (size_t i = 0; i < n; i++) {
        bc->encrypt(s->ks, r->enc + 16 * i, msg + 16 * i, 1);
        bc->decrypt(s->ks, r->dec + 16 * i, msg + 16 * i, 1);
        bc->decrypt(s->ks, tmp, r->enc + 16 * i, 1);
        if (memcmp(tmp, msg + 16 * i, 16) != 0) {
            tv_fail("twofish [c] block round trip");
            break;
        }
    }
    memcpy(r->cbc_iv, iv, 16);
    cbc_ref(s, r->cbc_iv, r->cbc, msg, n);
}

/* check_kernels runs the active implementation's kernels on n blocks. */
static void check_kernels(const sched *s, const refs *r, const uint8_t *msg,
                          const uint8_t iv0[16], size_t n, size_t key_len, const char *impl)
{
    const brisk_block_cipher *bc = &brisk_twofish_cipher;
    static uint8_t buf[MAX_BLOCKS * 16 + 64];
    uint8_t iv[16];
    size_t off = 1 + (n * 7) % 31;

    bc->encrypt(s->ks, buf, msg, n);
    tv_check_mem(buf, r->enc, 16 * n, "[%s] %zu-byte key ECB encrypt %zu blocks", impl, key_len,
                 n);
    bc->decrypt(s->ks, buf, msg, n);
    tv_check_mem(buf, r->dec, 16 * n, "[%s] %zu-byte key ECB decrypt %zu blocks", impl, key_len,
                 n);
    memcpy(buf + off, msg, 16 * n);
    bc->encrypt(s->ks, buf + off, buf + off, n);
    tv_check_mem(buf + off, r->enc, 16 * n, "[%s] ECB encrypt %zu blocks in place at +%zu", impl,
                 n, off);
    memcpy(buf + off, msg, 16 * n);
    bc->decrypt(s->ks, buf + off, buf + off, n);
    tv_check_mem(buf + off, r->dec, 16 * n, "[%s] ECB decrypt %zu blocks in place at +%zu", impl,
                 n, off);

    memcpy(iv, iv0, 16);
    bc->cbc_dec(s->ks, iv, buf, msg, n);
    tv_check_mem(buf, r->cbc, 16 * n, "[%s] %zu-byte key CBC decrypt %zu blocks", impl, key_len,
                 n);
    tv_check_mem(iv, r->cbc_iv, 16, "[%s] CBC decrypt %zu blocks: next IV", impl, n);
    memcpy(iv, iv0, 16);
    memcpy(buf + off, msg, 16 * n);
    bc->cbc_dec(s->ks, iv, buf + off, buf + off, n);
    tv_check_mem(buf + off, r->cbc, 16 * n, "[%s] CBC decrypt %zu blocks in place at +%zu", impl,
                 n, off);
    /* Split at a random block: the chaining value must carry over. */
    if (n > 1) {
        size_t cut = 1 + (n * 13) % (n - 1);
        memcpy(iv, iv0, 16);
        bc->cbc_dec(s->ks, iv, buf, msg, cut);
        bc->cbc_dec(s->ks, iv, buf + 16 * cut, msg + 16 * cut, n - cut);
        tv_check_mem(buf, r->cbc, 16 * n, "[%s] CBC decrypt %zu blocks split at %zu", impl, n,
                     cut);
    }
}

static void test_kernels(tv_rng *rng)
{
    static const size_t long_lens[] = {63, 64, 65, 127, 128, 129, 255, 256, 257, MAX_BLOCKS};
    static uint8_t msg[MAX_BLOCKS * 16];
    static refs r;
    sched s;
    uint8_t key[32], iv[16];
    size_t lens[40 + sizeof(long_lens) / sizeof(long_lens[0])], n_lens = 0;

    for (size_t n = 1; n <= 40; n++)
        lens[n_lens++] = n;
    /* BRISK_TEST_QUICK keeps the runs up to 129 blocks. */
    for (size_t i = 0; i < sizeof(long_lens) / sizeof(long_lens[0]); i++)
        if (!tv_quick() || long_lens[i] <= 129)
            lens[n_lens++] = long_lens[i];

    for (size_t key_len = 16; key_len <= 32; key_len += 8) {
        tv_rng_fill(rng, key, key_len);
        if (!tv_check_int(brisk_twofish_cipher.setkey(s.ks, key, key_len, 0), 0, "setkey %zu",
                          key_len))
            continue;
        for (size_t li = 0; li < n_lens; li++) {
            size_t n = lens[li];
            tv_rng_fill(rng, msg, 16 * n);
            tv_rng_fill(rng, iv, 16);
            make_refs(&s, &r, msg, iv, n);
            size_t i = 0;
            const char *impl;
            while ((impl = tv_impl_next("twofish", &i)) != NULL)
                check_kernels(&s, &r, msg, iv, n, key_len, impl);
        }
    }
}

static void test_refusals(void)
{
    sched s;
    uint8_t key[33] = {0};
    for (size_t len = 0; len <= 33; len++) {
        int want = len == 16 || len == 24 || len == 32 ? 0 : BRISK_EINVAL;
        tv_check_int(brisk_twofish_cipher.setkey(s.ks, key, len, 0), want, "setkey length %zu",
                     len);
    }
    tv_check_int(brisk_twofish_cipher.setkey(s.ks, key, 16, 1), BRISK_EINVAL, "setkey param");
    tv_check_int(brisk_twofish_cipher.setkey(s.ks, NULL, 16, 0), BRISK_EINVAL, "setkey NULL");
    static const char *const xts_names[] = {"twofish-128-xts", "twofish-192-xts",
                                            "twofish-256-xts"};
    for (size_t i = 0; i < 3; i++) {
        const brisk_cipher *x = brisk_cipher_by_name(xts_names[i]);
        tv_check(x != NULL && x->key_len == 32 + 16 * i && x->mode == BRISK_MODE_XTS &&
                     (x->flags & BRISK_CIPHER_NOCT) != 0,
                 "%s: %zu-byte key, not constant-time", xts_names[i], 32 + 16 * i);
    }
    const brisk_cipher *c = brisk_cipher_by_name("twofish256");
    tv_check(c != NULL && strcmp(c->name, "twofish-256-cbc") == 0 &&
                 (c->flags & BRISK_CIPHER_NOCT) != 0,
             "twofish256 is twofish-256-cbc, flagged not constant-time");
}

int main(void)
{
    tv_rng rng;
    char list[128];

    tv_begin("test_twofish");
    tv_rng_init(&rng, tv_seed());
    tv_note("implementations: %s", tv_impl_list("twofish", list, sizeof(list)));
    size_t i = 0;
    const char *impl;
    while ((impl = tv_impl_next("twofish", &i)) != NULL) {
        test_vectors(impl);
        test_xts_vectors(impl);
    }
    test_kernels(&rng);
    test_refusals();
    return tv_end();
}
