/*
 * tests/test_xts.c - XTS-AES through the generic cipher API, under every AES
 * implementation this CPU can run: NIST CAVP XTSGenAES128/256 (both
 * directions; records whose data unit is not a whole number of bytes are
 * skipped), Wycheproof aes_xts (the non-standard 384-bit-key groups
 * skipped), round trips of every length from 16 to 200 bytes against the
 * portable implementation, in place and misaligned, long data units (every
 * whole-block count the wide kernels split differently) against the
 * portable implementation, each implementation's XTS kernel called directly
 * (split anywhere, it must leave the tweak at the next block's), and the
 * refusals: data units under 16 bytes and keys with equal halves.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

static const brisk_cipher *xts_cipher(size_t key_len)
{
    return key_len == 32 ? brisk_cipher_by_name("aes-128-xts")
           : key_len == 64 ? brisk_cipher_by_name("aes-256-xts")
                           : NULL;
}

/* xts runs one data unit of len bytes; iv is the 16-byte tweak. */
static int xts(int encrypt, const uint8_t *key, size_t key_len, const uint8_t iv[16], uint8_t *out,
               const uint8_t *in, size_t len)
{
    brisk_cipher_ctx ctx;
    size_t n = 0;
    int err = brisk_cipher_init(&ctx, xts_cipher(key_len), encrypt, key, key_len, iv, 16);
    if (err == 0)
        err = brisk_cipher_update(&ctx, out, &n, in, len);
    if (err == 0 && n != len)
        err = BRISK_EINVAL;
    if (err == 0)
        err = brisk_cipher_final(&ctx, NULL, &n);
    brisk_cipher_cleanup(&ctx);
    return err;
}

static void test_nist(const char *rel, const char *impl)
{
    tv_file *f = tv_open(rel);
    unsigned long n = 0, skipped = 0;
    while (f != NULL && tv_next(f)) {
        unsigned long bits;
        size_t key_len, iv_len, pt_len, ct_len;
        const uint8_t *key = tv_get_hex(f, "Key", &key_len);
        const uint8_t *iv = tv_get_hex(f, "i", &iv_len);
        const uint8_t *pt = tv_get_hex(f, "PT", &pt_len);
        const uint8_t *ct = tv_get_hex(f, "CT", &ct_len);
        if (tv_get_ulong(f, "DataUnitLen", &bits) != 0 || key == NULL || iv == NULL ||
            pt == NULL || ct == NULL || iv_len != 16 || pt_len != ct_len) {
            tv_fail("%s: incomplete record", tv_where(f));
            continue;
        }
        if (bits % 8 != 0) {
            skipped++;
            continue;
        }
        if (!tv_check_int((long long)pt_len, (long long)(bits / 8), "%s: length", tv_where(f)))
            continue;
        uint8_t *out = malloc(pt_len);
        int encrypt = strcmp(tv_section(f), "DECRYPT") != 0;
        const uint8_t *in = encrypt ? pt : ct, *want = encrypt ? ct : pt;
        if (tv_check_int(xts(encrypt, key, key_len, iv, out, in, pt_len), 0, "%s [aes=%s]",
                         tv_where(f), impl))
            tv_check_mem(out, want, pt_len, "%s [aes=%s]", tv_where(f), impl);
        /* And the other direction. */
        if (tv_check_int(xts(!encrypt, key, key_len, iv, out, want, pt_len), 0, "%s [aes=%s] back",
                         tv_where(f), impl))
            tv_check_mem(out, in, pt_len, "%s [aes=%s] back", tv_where(f), impl);
        free(out);
        n++;
    }
    tv_close(f);
    tv_check(n >= 500, "%s: %lu records, %lu skipped", rel, n, skipped);
}

static void test_wycheproof(const char *impl)
{
    tv_wycheproof w = {tv_json_load("wycheproof/testvectors_v1/aes_xts_test.json"), NULL, NULL, 0, 0};
    unsigned long n = 0;
    while (w.root != NULL && tv_wycheproof_next(&w)) {
        long id = 0, key_size = 0;
        size_t key_len, iv_len, msg_len, ct_len;
        uint8_t iv[16] = {0};
        tv_json_long(w.test, "tcId", &id);
        tv_json_long(w.group, "keySize", &key_size);
        if (key_size == 384)
            continue; /* a non-standard AES-192-XTS */
        const uint8_t *key = tv_json_hex(w.test, "key", &key_len);
        const uint8_t *tweak = tv_json_hex(w.test, "iv", &iv_len);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *ct = tv_json_hex(w.test, "ct", &ct_len);
        int result = tv_wycheproof_result(&w);
        if (key == NULL || tweak == NULL || msg == NULL || ct == NULL || iv_len > 16 ||
            xts_cipher(key_len) == NULL) {
            tv_fail("aes_xts tcId %ld: unusable test", id);
            continue;
        }
        memcpy(iv, tweak, iv_len); /* zero-padded on the right */
        uint8_t *out = malloc(msg_len + ct_len + 1);
        int err = xts(1, key, key_len, iv, out, msg, msg_len);
        int ok = err == 0 && msg_len == ct_len && memcmp(out, ct, ct_len) == 0;
        if (result == TV_RESULT_VALID) {
            tv_check(ok, "aes_xts tcId %ld [aes=%s] encrypt", id, impl);
            err = xts(0, key, key_len, iv, out, ct, ct_len);
            if (tv_check_int(err, 0, "aes_xts tcId %ld [aes=%s] decrypt", id, impl))
                tv_check_mem(out, msg, msg_len, "aes_xts tcId %ld [aes=%s] decrypt", id, impl);
        } else if (result == TV_RESULT_INVALID) {
            tv_check(!ok, "aes_xts tcId %ld [aes=%s]: invalid test accepted", id, impl);
        }
        free(out);
        n++;
    }
    tv_json_free(w.root);
    tv_check(n > 50, "aes_xts: %lu tests", n);
}

/* ---- Round trips against the portable AES ---- */

enum { MAX_LEN = 200, N_KEYS = 4 };

typedef struct xts_case {
    uint8_t key[64], iv[16], msg[MAX_LEN];
    size_t key_len;
    uint8_t ct[MAX_LEN + 1][MAX_LEN]; /* ct[len]: msg's first len bytes encrypted */
} xts_case;

static xts_case *cases;

static void make_cases(tv_rng *r)
{
    cases = calloc(N_KEYS, sizeof(*cases));
    if (cases == NULL)
        exit(2);
    tv_check_int(brisk_impl_set("aes", "ct"), 0, "force aes=ct");
    for (size_t i = 0; i < N_KEYS; i++) {
        xts_case *c = &cases[i];
        c->key_len = i % 2 ? 64 : 32;
        tv_rng_fill(r, c->key, sizeof(c->key));
        tv_rng_fill(r, c->iv, sizeof(c->iv));
        tv_rng_fill(r, c->msg, sizeof(c->msg));
        for (size_t len = 16; len <= MAX_LEN; len++)
            tv_check_int(xts(1, c->key, c->key_len, c->iv, c->ct[len], c->msg, len), 0,
                         "reference %zu/%zu", i, len);
    }
    brisk_impl_set("aes", NULL);
}

static void test_round_trips(tv_rng *r, const char *impl)
{
    uint8_t *a = malloc(MAX_LEN + 16), *b = malloc(MAX_LEN + 16);
    for (size_t i = 0; i < N_KEYS; i++) {
        const xts_case *c = &cases[i];
        for (size_t len = 16; len <= MAX_LEN; len++) {
            int in_place = (int)tv_rng_below(r, 2);
            uint8_t *in = a + tv_rng_below(r, 16);
            uint8_t *out = in_place ? in : b + tv_rng_below(r, 16);
            memcpy(in, c->msg, len);
            int err = xts(1, c->key, c->key_len, c->iv, out, in, len);
            if (!tv_check_int(err, 0, "key %zu len %zu [aes=%s] encrypt", i, len, impl) ||
                !tv_check_mem(out, c->ct[len], len, "key %zu len %zu [aes=%s] ciphertext", i,
                              len, impl))
                continue;
            /* Decrypt in place or not, independently of the encryption. */
            in = out;
            if (tv_rng_below(r, 2))
                out = (in_place ? b : a) + tv_rng_below(r, 16);
            err = xts(0, c->key, c->key_len, c->iv, out, in, len);
            if (tv_check_int(err, 0, "key %zu len %zu [aes=%s] decrypt", i, len, impl))
                tv_check_mem(out, c->msg, len, "key %zu len %zu [aes=%s] round trip", i, len,
                             impl);
        }
    }
    free(a);
    free(b);
}

/* Several data units through one context: each update starts again from
 * the IV, as OpenSSL does. */
static void test_units(const char *impl)
{
    const xts_case *c = &cases[0];
    brisk_cipher_ctx ctx;
    uint8_t out[MAX_LEN];
    size_t n;
    tv_check_int(brisk_cipher_init(&ctx, xts_cipher(c->key_len), 1, c->key, c->key_len, c->iv, 16),
                 0, "init");
    for (size_t len = 16; len <= 48; len += 11) {
        tv_check_int(brisk_cipher_update(&ctx, out, &n, c->msg, len), 0, "unit of %zu", len);
        tv_check_mem(out, c->ct[len], len, "unit of %zu [aes=%s] uses the IV again", len, impl);
    }
    brisk_cipher_cleanup(&ctx);
}

/* ---- Long data units against the portable AES ---- */

/* 127 whole blocks: three passes of the 32-block loop and every rest after
 * them, plus a partial block to steal. */
enum { LONG_BLOCKS = 127, LONG_LEN = 16 * LONG_BLOCKS + 15 };

/* test_long runs every whole-block count up to LONG_BLOCKS, with no partial
 * block and with one of random length, under impl and under "ct". */
static void test_long(tv_rng *r, const char *impl)
{
    uint8_t key[64], iv[16], *msg = malloc(LONG_LEN), *ref = malloc(LONG_LEN);
    uint8_t *a = malloc(LONG_LEN + 16), *b = malloc(LONG_LEN + 16);
    for (size_t key_len = 32; key_len <= 64; key_len += 32) {
        tv_rng_fill(r, key, sizeof(key));
        tv_rng_fill(r, iv, sizeof(iv));
        tv_rng_fill(r, msg, LONG_LEN);
        for (size_t blocks = 1; blocks <= LONG_BLOCKS; blocks++) {
            size_t n = 16 * blocks + (tv_rng_below(r, 2) ? 1 + tv_rng_below(r, 15) : 0);
            brisk_impl_set("aes", "ct");
            tv_check_int(xts(1, key, key_len, iv, ref, msg, n), 0, "ct reference, %zu bytes", n);
            brisk_impl_set("aes", impl);
            /* In place or not, misaligned, each direction on its own. */
            int in_place = (int)tv_rng_below(r, 2);
            uint8_t *in = a + tv_rng_below(r, 16);
            uint8_t *out = in_place ? in : b + tv_rng_below(r, 16);
            memcpy(in, msg, n);
            if (!tv_check_int(xts(1, key, key_len, iv, out, in, n), 0,
                              "long %zu [aes=%s] encrypt", n, impl) ||
                !tv_check_mem(out, ref, n, "long %zu-byte key, %zu bytes [aes=%s] ciphertext",
                              key_len, n, impl))
                continue;
            in = out;
            if (tv_rng_below(r, 2))
                out = (in_place ? b : a) + tv_rng_below(r, 16);
            if (tv_check_int(xts(0, key, key_len, iv, out, in, n), 0,
                             "long %zu [aes=%s] decrypt", n, impl))
                tv_check_mem(out, msg, n, "long %zu-byte key, %zu bytes [aes=%s] round trip",
                             key_len, n, impl);
        }
    }
    free(msg);
    free(ref);
    free(a);
    free(b);
}

/* ---- The kernels themselves ---- */

/* times_alpha multiplies the tweak t by alpha, written out byte by byte as
 * IEEE 1619-2018 5.2 does, apart from xts.c's word-wide doubling. */
static void times_alpha(uint8_t t[16])
{
    unsigned carry = 0;
    for (size_t i = 0; i < 16; i++) {
        unsigned next = t[i] >> 7;
        t[i] = (uint8_t)(t[i] << 1 | carry);
        carry = next;
    }
    if (carry)
        t[0] ^= 0x87;
}

/* test_kernel checks impl's XTS kernels, if it has them, called directly:
 * one call over n blocks against two calls split at a random point (which
 * must leave the tweak at the next block's), the final tweak against
 * n doublings, and decryption undoing encryption. */
static void test_kernel(tv_rng *r, const char *impl)
{
    brisk_aes_key k;
    uint8_t key[32], t0[16], t1[16], t2[16], want[16];
    uint8_t *msg = malloc(16 * LONG_BLOCKS), *one = malloc(16 * LONG_BLOCKS);
    uint8_t *two = malloc(16 * LONG_BLOCKS + 16);
    for (size_t key_len = 16; key_len <= 32; key_len += 8) {
        tv_rng_fill(r, key, sizeof(key));
        tv_check_int(brisk_aes_setkey(&k, key, key_len), 0, "setkey");
        if (k.impl->xts_enc == NULL || k.impl->xts_dec == NULL) {
            tv_check(k.impl->xts_enc == NULL && k.impl->xts_dec == NULL,
                     "[aes=%s] both XTS kernels or neither", impl);
            break;
        }
        for (size_t n = 0; n <= LONG_BLOCKS; n++) {
            size_t split = tv_rng_below(r, n + 1);
            uint8_t *two_at = two + tv_rng_below(r, 16);
            tv_rng_fill(r, t0, 16);
            tv_rng_fill(r, msg, 16 * n);
            memcpy(want, t0, 16);
            for (size_t i = 0; i < n; i++)
                times_alpha(want);
            memcpy(t1, t0, 16);
            k.impl->xts_enc(&k, t1, one, msg, n);
            tv_check_mem(t1, want, 16, "[aes=%s] %zu-byte key, %zu blocks: next tweak", impl,
                         key_len, n);
            memcpy(t2, t0, 16);
            memcpy(two_at, msg, 16 * n);
            k.impl->xts_enc(&k, t2, two_at, two_at, split);
            k.impl->xts_enc(&k, t2, two_at + 16 * split, two_at + 16 * split, n - split);
            tv_check_mem(two_at, one, 16 * n, "[aes=%s] %zu blocks split at %zu, in place",
                         impl, n, split);
            tv_check_mem(t2, want, 16, "[aes=%s] %zu blocks split at %zu: next tweak", impl, n,
                         split);
            memcpy(t2, t0, 16);
            k.impl->xts_dec(&k, t2, two_at, one, n);
            tv_check_mem(two_at, msg, 16 * n, "[aes=%s] %zu-byte key, %zu blocks decrypted",
                         impl, key_len, n);
            tv_check_mem(t2, want, 16, "[aes=%s] %zu blocks decrypted: next tweak", impl, n);
        }
    }
    free(msg);
    free(one);
    free(two);
}

static void test_refusals(void)
{
    uint8_t key[64], iv[16] = {0}, buf[32] = {0};
    brisk_cipher_ctx ctx;
    size_t n;

    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)i;
    tv_check_int(brisk_cipher_init(&ctx, xts_cipher(32), 1, key, 32, iv, 16), 0, "init");
    for (size_t len = 0; len < 16; len++)
        tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, len), BRISK_EINVAL,
                     "data unit of %zu bytes", len);
    tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, 16), 0, "data unit of 16 bytes");
    /* The kernel refuses them itself, whatever the generic layer checks. */
    tv_check_int(brisk_xts_crypt(&ctx, buf, buf, 15), BRISK_EINVAL, "brisk_xts_crypt of 15 bytes");
    tv_check_int(brisk_xts_crypt(&ctx, buf, NULL, 16), BRISK_EINVAL, "brisk_xts_crypt of NULL");
    brisk_cipher_cleanup(&ctx);

    /* Equal key halves: OpenSSL 3.0 refuses them when encrypting ("xts
     * duplicated keys"); IEEE 1619-2018 and SP 800-38E forbid them, and we
     * refuse them both ways. */
    for (size_t key_len = 32; key_len <= 64; key_len += 32) {
        memcpy(key + key_len / 2, key, key_len / 2);
        for (int enc = 0; enc <= 1; enc++)
            tv_check_int(brisk_cipher_init(&ctx, xts_cipher(key_len), enc, key, key_len, iv, 16),
                         BRISK_EINVAL, "equal halves of a %zu-byte key, encrypt=%d", key_len, enc);
        key[key_len - 1] ^= 1;
        tv_check_int(brisk_cipher_init(&ctx, xts_cipher(key_len), 1, key, key_len, iv, 16), 0,
                     "halves differing in one bit, %zu-byte key", key_len);
    }
    tv_check(brisk_cipher_init(&ctx, xts_cipher(32), 1, key, 48, iv, 16) != 0, "48-byte key");
    brisk_cipher_cleanup(&ctx);
}

int main(void)
{
    tv_rng r;
    char list[128];
    const char *impl;
    size_t i = 0;

    tv_begin("test_xts");
    tv_rng_init(&r, tv_seed());
    tv_note("aes: %s", tv_impl_list("aes", list, sizeof(list)));
    if (!tv_check(xts_cipher(32) != NULL && xts_cipher(64) != NULL,
                  "aes-128-xts and aes-256-xts registered"))
        return tv_end();
    make_cases(&r);
    while ((impl = tv_impl_next("aes", &i)) != NULL) {
        test_nist("nist/AES/XTS/tweak-128hexstr/XTSGenAES128.rsp", impl);
        test_nist("nist/AES/XTS/tweak-128hexstr/XTSGenAES256.rsp", impl);
        test_wycheproof(impl);
        test_round_trips(&r, impl);
        test_units(impl);
        test_long(&r, impl);
        test_kernel(&r, impl);
    }
    test_refusals();
    free(cases);
    return tv_end();
}
