/*
 * tests/test_cipher.c - the generic cipher layer (brisk/cipher.h) over every
 * cipher in the registry: known answers through the generic API for the
 * chaining modes (SP 800-38A ECB/CBC/CTR, Wycheproof aes_cbc_pkcs5 under
 * every AES implementation, NIST TDES CBC MMT, Blowfish's
 * CBC/CFB64/OFB64 chain, IDEA's CFB64), and properties for every cipher and
 * every implementation of its primitive: decrypt(encrypt(x)) == x at every
 * length, streaming in random pieces, in place (also with data buffered),
 * misaligned buffers, padding on and off, and the bad inputs a caller can
 * give (wrong key or IV length, bad padding, truncated input, tags).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_MSG 600

/* ---- One run through the generic API ---- */

/* A run: cipher, direction, key and IV, optional piece sizes (ending at
 * the total), padding, AEAD AAD and tag. */
typedef struct run_args {
    const brisk_cipher *c;
    int encrypt, padding;
    const uint8_t *key, *iv;
    size_t key_len, iv_len;
    tv_rng *split_rng;  /* NULL: one update call */
    const uint8_t *aad;
    size_t aad_len;
    uint8_t tag[16];    /* AEAD: produced (encrypt) or expected (decrypt) */
    size_t tag_len;
} run_args;

/* run processes len bytes from in to out (room for len + 16) and returns
 * the BRISK_E* result; *out_len receives the bytes produced. */
static int run(run_args *a, uint8_t *out, size_t *out_len, const uint8_t *in, size_t len)
{
    brisk_cipher_ctx ctx;
    size_t n = 0, got;
    int err = brisk_cipher_init(&ctx, a->c, a->encrypt, a->key, a->key_len, a->iv, a->iv_len);
    if (err != 0)
        return err;
    if (!a->padding)
        brisk_cipher_set_padding(&ctx, 0);
    if (a->aad != NULL && (err = brisk_cipher_aad(&ctx, a->aad, a->aad_len)) != 0)
        return err;
    if ((a->c->flags & BRISK_CIPHER_AEAD) && !a->encrypt &&
        (err = brisk_cipher_set_tag(&ctx, a->tag, a->tag_len)) != 0)
        return err;
    size_t done = 0;
    do {
        size_t piece = len - done;
        if (a->split_rng != NULL && a->c->mode != BRISK_MODE_XTS && piece > 0)
            piece = tv_rng_below(a->split_rng, piece + 1);
        /* In place runs on in == out: the caller passes the same buffer. */
        if ((err = brisk_cipher_update(&ctx, out + n, &got, in + done, piece)) != 0)
            return err;
        n += got;
        done += piece;
    } while (done < len);
    if ((err = brisk_cipher_final(&ctx, out + n, &got)) != 0)
        return err;
    n += got;
    if ((a->c->flags & BRISK_CIPHER_AEAD) && a->encrypt)
        err = brisk_cipher_get_tag(&ctx, a->tag, a->tag_len);
    brisk_cipher_cleanup(&ctx);
    *out_len = n;
    return err;
}

/* ---- Known answers through the generic API ---- */

static void kat(const char *cipher, int encrypt, int padding, const uint8_t *key,
                size_t key_len, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                size_t len, const uint8_t *want, size_t want_len, const char *where)
{
    const brisk_cipher *c = brisk_cipher_by_name(cipher);
    uint8_t out[MAX_MSG + 32];
    size_t out_len = 0;

    if (c == NULL || len > MAX_MSG) {
        tv_fail("%s: cipher %s missing or record too long", where, cipher);
        return;
    }
    run_args a = {c, encrypt, padding, key, iv, key_len, iv_len, NULL, NULL, 0, {0}, 16};
    int err = run(&a, out, &out_len, in, len);
    if (tv_check_int(err, 0, "%s: %s %s", where, cipher, encrypt ? "encrypt" : "decrypt") &&
        tv_check_int((long long)out_len, (long long)want_len, "%s: %s length", where, cipher))
        tv_check_mem(out, want, want_len, "%s: %s", where, cipher);
}

/* test_sp800_38a runs the AES ECB, CBC and CTR examples both ways. */
static void test_sp800_38a(void)
{
    tv_file *f = tv_open("rfc/aes_fips197_sp800_38a.txt");
    char name[32];

    while (f != NULL && tv_next(f)) {
        size_t kl, ivl = 0, pl, cl;
        const char *mode = tv_get(f, "MODE");
        const uint8_t *k = tv_get_hex(f, "KEY", &kl), *iv = tv_get_hex(f, "IV", &ivl);
        const uint8_t *p = tv_get_hex(f, "PLAINTEXT", &pl), *ct = tv_get_hex(f, "CIPHERTEXT", &cl);
        if (mode == NULL || k == NULL || p == NULL || ct == NULL)
            continue;
        snprintf(name, sizeof(name), "aes-%zu-%s", kl * 8, mode);
        for (char *s = name; *s; s++)
            *s = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
        kat(name, 1, 0, k, kl, iv, ivl, p, pl, ct, cl, tv_where(f));
        kat(name, 0, 0, k, kl, iv, ivl, ct, cl, p, pl, tv_where(f));
    }
    tv_close(f);
}

/* test_tdes_cbc runs the NIST TDES CBC MMT files (three keys, 1 to 10
 * blocks) through des-ede3-cbc. */
static void test_tdes_cbc(void)
{
    static const char *const files[] = {"nist/3DES/CBC/TCBCMMT1.rsp", "nist/3DES/CBC/TCBCMMT2.rsp",
                                        "nist/3DES/CBC/TCBCMMT3.rsp"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        tv_file *f = tv_open(files[i]);
        while (f != NULL && tv_next(f)) {
            size_t l1, l2, l3, ivl, pl, cl;
            const uint8_t *k1 = tv_get_hex(f, "KEY1", &l1), *k2 = tv_get_hex(f, "KEY2", &l2);
            const uint8_t *k3 = tv_get_hex(f, "KEY3", &l3), *iv = tv_get_hex(f, "IV", &ivl);
            const uint8_t *p = tv_get_hex(f, "PLAINTEXT", &pl), *ct = tv_get_hex(f, "CIPHERTEXT", &cl);
            if (k1 == NULL || k2 == NULL || k3 == NULL || iv == NULL || p == NULL || ct == NULL ||
                l1 != 8 || l2 != 8 || l3 != 8)
                continue;
            uint8_t key[24];
            memcpy(key, k1, 8);
            memcpy(key + 8, k2, 8);
            memcpy(key + 16, k3, 8);
            int enc = strcmp(tv_section(f), "DECRYPT") != 0;
            kat("des-ede3-cbc", enc, 0, key, 24, iv, ivl, enc ? p : ct, enc ? pl : cl,
                enc ? ct : p, enc ? cl : pl, tv_where(f));
        }
        tv_close(f);
    }
}

/* test_chaining runs the Blowfish [CHAINING] records (CBC, CFB64, OFB64)
 * and IDEA's SSLeay CFB64 record. */
static void test_chaining(void)
{
    tv_file *f = tv_open("rfc/blowfish.txt");
    while (f != NULL && tv_next(f)) {
        if (strcmp(tv_section(f), "CHAINING") != 0)
            continue;
        size_t kl, ivl, pl, cl;
        const char *mode = tv_get(f, "MODE");
        const uint8_t *k = tv_get_hex(f, "KEY", &kl), *iv = tv_get_hex(f, "IV", &ivl);
        const uint8_t *p = tv_get_hex(f, "PLAINTEXT", &pl), *ct = tv_get_hex(f, "CIPHERTEXT", &cl);
        if (mode == NULL || k == NULL || iv == NULL || p == NULL || ct == NULL)
            continue;
        const char *name = strncmp(mode, "CBC", 3) == 0   ? "bf-cbc"
                           : strncmp(mode, "CFB", 3) == 0 ? "bf-cfb"
                                                          : "bf-ofb";
        kat(name, 1, 0, k, kl, iv, ivl, p, pl, ct, cl, tv_where(f));
        kat(name, 0, 0, k, kl, iv, ivl, ct, cl, p, pl, tv_where(f));
    }
    tv_close(f);
    f = tv_open("rfc/idea.txt");
    while (f != NULL && tv_next(f)) {
        if (strcmp(tv_section(f), "SSLEAY-CFB64") != 0)
            continue;
        size_t kl, ivl, pl, cl;
        const uint8_t *k = tv_get_hex(f, "KEY", &kl), *iv = tv_get_hex(f, "IV", &ivl);
        const uint8_t *p = tv_get_hex(f, "PLAINTEXT", &pl), *ct = tv_get_hex(f, "CIPHERTEXT", &cl);
        if (k != NULL && iv != NULL && p != NULL && ct != NULL) {
            kat("idea-cfb", 1, 0, k, kl, iv, ivl, p, pl, ct, cl, tv_where(f));
            kat("idea-cfb", 0, 0, k, kl, iv, ivl, ct, cl, p, pl, tv_where(f));
        }
    }
    tv_close(f);
}

/* test_wycheproof_cbc runs Wycheproof's aes_cbc_pkcs5 file under every AES
 * implementation: a valid case encrypts to its ciphertext and decrypts
 * back; an invalid one (bad padding, a partial block) must not decrypt. */
static void test_wycheproof_cbc(void)
{
    tv_json *root = tv_json_load("wycheproof/testvectors_v1/aes_cbc_pkcs5_test.json");
    size_t it = 0, n = 0;
    const char *impl;

    while (root != NULL && (impl = tv_impl_next("aes", &it)) != NULL) {
        tv_wycheproof w = {root, NULL, NULL, 0, 0};
        while (tv_wycheproof_next(&w)) {
            size_t kl, ivl, ml, cl, out_len;
            const uint8_t *key = tv_json_hex(w.test, "key", &kl);
            const uint8_t *iv = tv_json_hex(w.test, "iv", &ivl);
            const uint8_t *msg = tv_json_hex(w.test, "msg", &ml);
            const uint8_t *ct = tv_json_hex(w.test, "ct", &cl);
            long id = 0;
            tv_json_long(w.test, "tcId", &id);
            char name[16];
            snprintf(name, sizeof(name), "aes-%zu-cbc", kl * 8);
            const brisk_cipher *c = brisk_cipher_by_name(name);
            if (!tv_check(c != NULL && key != NULL && iv != NULL && msg != NULL && ct != NULL &&
                              ml <= MAX_MSG && cl <= MAX_MSG,
                          "aes_cbc_pkcs5 tcId %ld: readable", id))
                continue;
            uint8_t out[MAX_MSG + 32];
            int result = tv_wycheproof_result(&w);
            run_args a = {c, 0, 1, key, iv, kl, ivl, NULL, NULL, 0, {0}, 16};
            int err = run(&a, out, &out_len, ct, cl);
            if (result == TV_RESULT_VALID) {
                if (tv_check_int(err, 0, "aes_cbc_pkcs5 tcId %ld [%s] decrypts", id, impl) &&
                    tv_check_int((long long)out_len, (long long)ml, "tcId %ld length", id))
                    tv_check_mem(out, msg, ml, "aes_cbc_pkcs5 tcId %ld [%s]", id, impl);
                a.encrypt = 1;
                err = run(&a, out, &out_len, msg, ml);
                if (tv_check_int(err, 0, "aes_cbc_pkcs5 tcId %ld [%s] encrypts", id, impl))
                    tv_check_mem(out, ct, cl, "aes_cbc_pkcs5 tcId %ld [%s] ciphertext", id, impl);
            } else if (result == TV_RESULT_INVALID) {
                tv_check(err != 0, "aes_cbc_pkcs5 tcId %ld [%s]: invalid case refused", id, impl);
            }
            n++;
        }
    }
    tv_check(n > 0, "aes_cbc_pkcs5: cases run");
    tv_json_free(root);
}

/* ---- Properties, per cipher ---- */

static size_t min_len(const brisk_cipher *c)
{
    return c->mode == BRISK_MODE_XTS ? 16 : 0;
}

/* check_props checks one cipher under the active implementations against
 * reference ciphertexts ref (made under the default choice), or fills ref
 * when fill is set. */
static void check_props(const brisk_cipher *c, tv_rng *rng, const char *impl, int fill,
                        uint8_t ref[][MAX_MSG + 32], size_t *ref_len, uint8_t ref_tag[][16])
{
    static const size_t lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 100, 127,
                                  128, 129, 255, 256, 257, 511, 512, 513, 600};
    uint8_t key[64], iv[16], aad[40], msg[MAX_MSG], buf[MAX_MSG + 64], dec[MAX_MSG + 32];
    tv_rng fixed;

    tv_rng_init(&fixed, 0x5eed);
    tv_rng_fill(&fixed, key, sizeof(key));
    tv_rng_fill(&fixed, iv, sizeof(iv));
    tv_rng_fill(&fixed, aad, sizeof(aad));
    tv_rng_fill(&fixed, msg, sizeof(msg));
    int aead = (c->flags & BRISK_CIPHER_AEAD) != 0;

    for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
        size_t len = lens[li], n, m;
        if (len < min_len(c))
            continue;
        run_args a = {c, 1, 1, key, iv, c->key_len, c->iv_len, NULL,
                      aead ? aad : NULL, aead ? 13 : 0, {0}, 16};
        int err = run(&a, buf, &n, msg, len);
        if (!tv_check_int(err, 0, "%s [%s] encrypt %zu", c->name, impl, len))
            continue;
        if (fill) {
            memcpy(ref[li], buf, n);
            ref_len[li] = n;
            memcpy(ref_tag[li], a.tag, 16);
        } else {
            tv_check_int((long long)n, (long long)ref_len[li], "%s [%s] length %zu", c->name, impl,
                         len);
            tv_check_mem(buf, ref[li], n < ref_len[li] ? n : ref_len[li],
                         "%s [%s] ciphertext %zu against the default", c->name, impl, len);
            if (aead)
                tv_check_mem(a.tag, ref_tag[li], 16, "%s [%s] tag %zu", c->name, impl, len);
        }
        /* Round trip, in random pieces. */
        a.encrypt = 0;
        a.split_rng = rng;
        err = run(&a, dec, &m, buf, n);
        if (tv_check_int(err, 0, "%s [%s] decrypt %zu", c->name, impl, len) &&
            tv_check_int((long long)m, (long long)len, "%s [%s] decrypt length", c->name, impl))
            tv_check_mem(dec, msg, len, "%s [%s] round trip %zu", c->name, impl, len);
        /* Encryption in pieces, in place, at an odd address. */
        size_t off = 1 + tv_rng_below(rng, 15);
        memcpy(buf + off, msg, len);
        a.encrypt = 1;
        err = run(&a, buf + off, &n, buf + off, len);
        if (tv_check_int(err, 0, "%s [%s] in place %zu", c->name, impl, len) && !fill)
            tv_check_mem(buf + off, ref[li], n, "%s [%s] in place, pieces, offset %zu, len %zu",
                         c->name, impl, off, len);
        /* Decryption in place, in pieces. */
        a.encrypt = 0;
        err = run(&a, buf + off, &m, buf + off, n);
        if (tv_check_int(err, 0, "%s [%s] decrypt in place %zu", c->name, impl, len))
            tv_check_mem(buf + off, msg, len, "%s [%s] in-place round trip %zu", c->name, impl,
                         len);
    }
}

/* check_bad_inputs checks what a caller can get wrong with cipher c. */
static void check_bad_inputs(const brisk_cipher *c, tv_rng *rng)
{
    uint8_t key[300] = {0}, iv[16] = {0}, buf[64], out[96];
    brisk_cipher_ctx ctx;
    size_t n;

    tv_rng_fill(rng, key, sizeof(key));
    /* XTS refuses a key whose halves are equal; the random one is not. */
    tv_check_int(brisk_cipher_init(&ctx, c, 1, key, c->key_max + 1, iv, c->iv_len), BRISK_EINVAL,
                 "%s key one byte too long", c->name);
    if (c->key_min > 0)
        tv_check_int(brisk_cipher_init(&ctx, c, 1, key, c->key_min - 1, iv, c->iv_len),
                     BRISK_EINVAL, "%s key one byte too short", c->name);
    tv_check_int(brisk_cipher_init(&ctx, c, 1, NULL, c->key_len, iv, c->iv_len), BRISK_EINVAL,
                 "%s NULL key", c->name);
    tv_check_int(brisk_cipher_init(NULL, c, 1, key, c->key_len, iv, c->iv_len), BRISK_EINVAL,
                 "%s NULL context", c->name);
    if (c->iv_len > 0) {
        tv_check_int(brisk_cipher_init(&ctx, c, 1, key, c->key_len, NULL, c->iv_len), BRISK_EINVAL,
                     "%s NULL IV", c->name);
        if (c->mode != BRISK_MODE_GCM)
            tv_check_int(brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len - 1),
                         BRISK_EINVAL, "%s short IV", c->name);
        else
            tv_check_int(brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, 0), BRISK_EINVAL,
                         "%s empty GCM IV", c->name);
    }
    if (!tv_check_int(brisk_cipher_init(&ctx, c, 0, key, c->key_len, iv, c->iv_len), 0, "%s init",
                      c->name))
        return;
    tv_rng_fill(rng, buf, sizeof(buf));
    switch (c->mode) {
    case BRISK_MODE_ECB:
    case BRISK_MODE_CBC: {
        size_t b = c->block_len, tot;
        /* A truncated ciphertext is refused at final. */
        tv_check_int(brisk_cipher_update(&ctx, out, &n, buf, b + 3), 0, "%s update", c->name);
        tot = n;
        tv_check_int(brisk_cipher_final(&ctx, out + tot, &n), BRISK_EINVAL,
                     "%s truncated ciphertext", c->name);
        tv_check_int(brisk_cipher_update(&ctx, out, &n, buf, b), BRISK_EINVAL,
                     "%s update after final", c->name);
        /* Without padding a partial block is refused at final. */
        brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len);
        brisk_cipher_set_padding(&ctx, 0);
        brisk_cipher_update(&ctx, out, &n, buf, 5);
        tv_check_int(brisk_cipher_final(&ctx, out, &n), BRISK_EINVAL, "%s nopad partial",
                     c->name);
        /* Bad padding: a last block whose final byte is 0 never pads. */
        uint8_t blk[16];
        memset(blk, 0, sizeof(blk));
        memcpy(blk, buf, b - 1);
        brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len);
        brisk_cipher_set_padding(&ctx, 0);
        brisk_cipher_update(&ctx, out, &n, blk, b);
        brisk_cipher_init(&ctx, c, 0, key, c->key_len, iv, c->iv_len);
        brisk_cipher_update(&ctx, out + 32, &n, out, b);
        tv_check_int(brisk_cipher_final(&ctx, out + 64, &n), BRISK_EVERIFY, "%s bad padding",
                     c->name);
        break;
    }
    case BRISK_MODE_GCM:
    case BRISK_MODE_CHACHA20_POLY1305:
        tv_check_int(brisk_cipher_set_tag(&ctx, buf, 3), BRISK_EINVAL, "%s 3-byte tag", c->name);
        tv_check_int(brisk_cipher_set_tag(&ctx, buf, 17), BRISK_EINVAL, "%s 17-byte tag", c->name);
        tv_check_int(brisk_cipher_update(&ctx, out, &n, buf, 20), 0, "%s update", c->name);
        tv_check_int(brisk_cipher_aad(&ctx, buf, 4), BRISK_EINVAL, "%s AAD after data", c->name);
        tv_check_int(brisk_cipher_final(&ctx, out, &n), BRISK_EINVAL, "%s final without a tag",
                     c->name);
        brisk_cipher_init(&ctx, c, 0, key, c->key_len, iv, c->iv_len);
        brisk_cipher_set_tag(&ctx, buf, 16);
        brisk_cipher_update(&ctx, out, &n, buf, 20);
        tv_check_int(brisk_cipher_final(&ctx, out, &n), BRISK_EVERIFY, "%s wrong tag", c->name);
        break;
    case BRISK_MODE_XTS:
        tv_check_int(brisk_cipher_update(&ctx, out, &n, buf, 15), BRISK_EINVAL,
                     "%s 15-byte data unit", c->name);
        memcpy(key + c->key_len / 2, key, c->key_len / 2);
        tv_check_int(brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len), BRISK_EINVAL,
                     "%s equal key halves", c->name);
        break;
    default:
        tv_check_int(brisk_cipher_update(&ctx, out, &n, NULL, 5), BRISK_EINVAL, "%s NULL input",
                     c->name);
        break;
    }
    tv_check_int(brisk_cipher_update(NULL, out, &n, buf, 1), BRISK_EINVAL, "%s NULL context",
                 c->name);
    brisk_cipher_cleanup(&ctx);
}

/* check_iv_only checks that init with a NULL key keeps the key schedule:
 * a second message under a new IV (after the first one's final) equals
 * that message under a freshly keyed context. */
static void check_iv_only(const brisk_cipher *c, tv_rng *rng)
{
    uint8_t key[64], iv1[16], iv2[16], msg[100], a[140], b[140], tag_a[16], tag_b[16];
    brisk_cipher_ctx ctx;
    size_t n, m, na = 0, nb = 0;

    tv_rng_fill(rng, key, sizeof(key));
    tv_rng_fill(rng, iv1, sizeof(iv1));
    tv_rng_fill(rng, iv2, sizeof(iv2));
    tv_rng_fill(rng, msg, sizeof(msg));
    for (int fresh = 0; fresh < 2; fresh++) {
        uint8_t *out = fresh ? b : a, *tag = fresh ? tag_b : tag_a;
        size_t *total = fresh ? &nb : &na;
        if (fresh) {
            brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv2, c->iv_len);
        } else {
            brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv1, c->iv_len);
            brisk_cipher_update(&ctx, out, &n, msg, sizeof(msg));
            brisk_cipher_final(&ctx, out + n, &m);
            tv_check_int(brisk_cipher_init(&ctx, c, 1, NULL, 0, iv2, c->iv_len), 0,
                         "%s new IV, same key", c->name);
        }
        if (c->flags & BRISK_CIPHER_AEAD)
            brisk_cipher_aad(&ctx, key, 13);
        brisk_cipher_update(&ctx, out, &n, msg, sizeof(msg));
        brisk_cipher_final(&ctx, out + n, &m);
        *total = n + m;
        if (c->flags & BRISK_CIPHER_AEAD)
            brisk_cipher_get_tag(&ctx, tag, 16);
    }
    if (tv_check_int((long long)na, (long long)nb, "%s IV-only re-init length", c->name))
        tv_check_mem(a, b, na, "%s IV-only re-init equals a fresh key", c->name);
    if (c->flags & BRISK_CIPHER_AEAD)
        tv_check_mem(tag_a, tag_b, 16, "%s IV-only re-init tag", c->name);
    brisk_cipher_cleanup(&ctx);
}

/* check_empty_updates checks that updates of NULL with length 0 (and, for
 * GCM, AAD of NULL with length 0) change nothing, before, between and after
 * real data: a caller may pass an empty buffer as NULL.  XTS takes whole
 * data units, so there an empty update need only fail cleanly. */
static void check_empty_updates(const brisk_cipher *c, tv_rng *rng)
{
    uint8_t key[64], iv[16], msg[37], a[80], b[80], tag_a[16], tag_b[16];
    brisk_cipher_ctx ctx;
    size_t n, m, na, nb = 0;

    tv_rng_fill(rng, key, sizeof(key));
    tv_rng_fill(rng, iv, sizeof(iv));
    tv_rng_fill(rng, msg, sizeof(msg));
    if (c->mode == BRISK_MODE_XTS) {
        brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len);
        int err = brisk_cipher_update(&ctx, a, &n, NULL, 0);
        tv_check(err == 0 || err == BRISK_EINVAL, "%s update of NULL, length 0: %d", c->name,
                 err);
        tv_check_int((long long)n, 0, "%s update of NULL, length 0 writes nothing", c->name);
        brisk_cipher_cleanup(&ctx);
        return;
    }
    brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len);
    if (c->flags & BRISK_CIPHER_AEAD)
        brisk_cipher_aad(&ctx, key, 5);
    brisk_cipher_update(&ctx, a, &n, msg, sizeof(msg));
    brisk_cipher_final(&ctx, a + n, &m);
    na = n + m;
    if (c->flags & BRISK_CIPHER_AEAD)
        brisk_cipher_get_tag(&ctx, tag_a, 16);

    brisk_cipher_init(&ctx, c, 1, key, c->key_len, iv, c->iv_len);
    if (c->flags & BRISK_CIPHER_AEAD) {
        tv_check_int(brisk_cipher_aad(&ctx, NULL, 0), 0, "%s AAD of NULL, length 0", c->name);
        brisk_cipher_aad(&ctx, key, 5);
        tv_check_int(brisk_cipher_aad(&ctx, NULL, 0), 0, "%s AAD of NULL, length 0", c->name);
    }
    for (int part = 0; part < 2; part++) {
        tv_check_int(brisk_cipher_update(&ctx, b + nb, &n, NULL, 0), 0,
                     "%s update of NULL, length 0", c->name);
        tv_check_int((long long)n, 0, "%s update of NULL, length 0 writes nothing", c->name);
        brisk_cipher_update(&ctx, b + nb, &n, msg + 20 * part, part ? sizeof(msg) - 20 : 20);
        nb += n;
    }
    brisk_cipher_update(&ctx, b + nb, &n, NULL, 0);
    brisk_cipher_final(&ctx, b + nb, &m);
    nb += m;
    if (tv_check_int((long long)nb, (long long)na, "%s length with empty updates", c->name))
        tv_check_mem(b, a, na, "%s with empty updates", c->name);
    if (c->flags & BRISK_CIPHER_AEAD) {
        brisk_cipher_get_tag(&ctx, tag_b, 16);
        tv_check_mem(tag_b, tag_a, 16, "%s tag with empty updates", c->name);
    }
    brisk_cipher_cleanup(&ctx);
}

/* prims_of names the dispatched primitives a cipher runs on. */
static void prims_of(const brisk_cipher *c, const char *out[2])
{
    const char *name = c->name;
    out[0] = out[1] = NULL;
    if (strncmp(name, "aes", 3) == 0) {
        out[0] = "aes";
        if (c->mode == BRISK_MODE_GCM)
            out[1] = "ghash";
    } else if (strncmp(name, "des", 3) == 0) {
        out[0] = "des";
    } else if (strncmp(name, "bf", 2) == 0) {
        out[0] = "bf";
    } else if (strncmp(name, "rc4", 3) == 0) {
        out[0] = "rc4";
    } else if (strncmp(name, "twofish", 7) == 0) {
        out[0] = "twofish";
    } else if (strncmp(name, "chacha20", 8) == 0) {
        out[0] = "chacha20";
        if (c->mode == BRISK_MODE_CHACHA20_POLY1305)
            out[1] = "poly1305";
    }
}

static int prim_exists(const char *name)
{
    for (size_t i = 0; brisk_prim_name(i) != NULL; i++)
        if (strcmp(brisk_prim_name(i), name) == 0)
            return 1;
    return 0;
}

static void test_cipher(const brisk_cipher *c, tv_rng *rng)
{
    static uint8_t ref[24][MAX_MSG + 32], ref_tag[24][16];
    static size_t ref_len[24];
    const char *prims[2];

    check_props(c, rng, "default", 1, ref, ref_len, ref_tag);
    prims_of(c, prims);
    for (int p = 0; p < 2; p++) {
        if (prims[p] == NULL || !prim_exists(prims[p]))
            continue;
        size_t i = 0;
        const char *impl;
        while ((impl = tv_impl_next(prims[p], &i)) != NULL)
            check_props(c, rng, impl, 0, ref, ref_len, ref_tag);
    }
    check_bad_inputs(c, rng);
    check_empty_updates(c, rng);
    /* RC4's key schedule is its running state: a re-init without a key
     * continues the stream, as EVP does. */
    if (c->mode != BRISK_MODE_STREAM)
        check_iv_only(c, rng);
}

int main(void)
{
    tv_rng rng;
    size_t count = 0;

    tv_begin("test_cipher");
    tv_rng_init(&rng, tv_seed());
    tv_check(brisk_cipher_by_name("nosuch-cipher") == NULL, "unknown name");
    tv_check(brisk_cipher_by_name(NULL) == NULL, "NULL name");
    for (size_t i = 0; brisk_cipher_at(i) != NULL; i++) {
        const brisk_cipher *c = brisk_cipher_at(i);
        tv_check(brisk_cipher_by_name(c->name) == c, "lookup of %s", c->name);
        test_cipher(c, &rng);
        count++;
    }
    tv_note("%zu ciphers checked", count);
    test_sp800_38a();
    test_wycheproof_cbc();
    test_tdes_cbc();
    test_chaining();
    return tv_end();
}
