/*
 * tests/test_chacha.c - ChaCha20, HChaCha20, XChaCha20 and the
 * ChaCha20-Poly1305 and XChaCha20-Poly1305 AEADs, under every
 * implementation of the "chacha20" primitive this CPU can run.
 *
 * Known answers: RFC 8439's examples inline (2.3.2 block function, 2.4.2
 * encryption, 2.6.2 Poly1305 key generation, 2.8.2 AEAD, A.1 test vector
 * #1), draft-irtf-cfrg-xchacha's HChaCha20 example (2.2.1), Botan's
 * chacha.vec (ChaCha(20) section: 64-bit, 96-bit and 192-bit nonces, with
 * byte offsets), chacha20poly1305.vec (96- and 192-bit nonces), and
 * Wycheproof's chacha20_poly1305 and xchacha20_poly1305 files (invalid
 * tags and nonce sizes must be refused).  Properties: each kernel against
 * the portable one on 1 to 21 blocks, misaligned and in place, up to the
 * point where word 12 reaches 2^32; the 64-bit counter's carry from word
 * 12 into 13 (from 0xffffffff) against blocks computed one by one; the
 * IETF counter's limit; the generic API's chacha20 and chacha20-poly1305
 * at every split point and one byte at a time, in place, against the
 * one-shot functions; tag, AAD and ciphertext tampering; zero lengths.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

static tv_rng rng;

static const uint8_t *hex(const char *h, size_t *len)
{
    static uint8_t bufs[4][512];
    static int which;
    uint8_t *b = bufs[which++ & 3];
    size_t n = 0;
    if (tv_hex_decode(b, sizeof(bufs[0]), h, &n) != 0)
        tv_fail("bad hex in the test: %.20s", h);
    if (len != NULL)
        *len = n;
    return b;
}

static const char sunscreen[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
    "future, sunscreen would be it.";

/* ---- RFC 8439 and draft-irtf-cfrg-xchacha, inline ---- */

static void test_rfc(const char *impl)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_for(0); /* forced: every length */
    uint8_t key[32], out[128], tag[16];
    uint32_t st[16];

    /* 2.3.2: key 00..1f, nonce 000000090000004a00000000, block counter 1. */
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    brisk_chacha20_setup(st, key);
    st[12] = 1;
    st[13] = 0x09000000;
    st[14] = 0x4a000000;
    st[15] = 0;
    memset(out, 0, 64);
    ops->xor_blocks(out, out, 1, st);
    tv_check_mem(out,
                 hex("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                     "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
                     NULL),
                 64, "[%s] RFC 8439 2.3.2 block", impl);

    /* 2.4.2: the same key, nonce 000000000000004a00000000, counter 1. */
    size_t n = strlen(sunscreen);
    tv_check_int(brisk_chacha20_ietf(out, (const uint8_t *)sunscreen, n, key,
                                     hex("000000000000004a00000000", NULL), 1),
                 0, "[%s] 2.4.2", impl);
    tv_check_mem(out,
                 hex("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
                     "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
                     "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
                     "5af90bbf74a35be6b40b8eedf2785e42874d",
                     NULL),
                 n, "[%s] RFC 8439 2.4.2 encryption", impl);

    /* A.1 test vector #1: zero key and nonce, counter 0. */
    memset(key, 0, 32);
    memset(out, 0, 64);
    brisk_chacha20_ietf(out, out, 64, key, key, 0);
    tv_check_mem(out,
                 hex("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                     "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
                     NULL),
                 64, "[%s] RFC 8439 A.1 #1", impl);

    /* 2.6.2: the Poly1305 key is block 0's first 32 bytes. */
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    memset(out, 0, 64);
    brisk_chacha20_ietf(out, out, 64, key, hex("000000000001020304050607", NULL), 0);
    tv_check_mem(out, hex("8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646", NULL),
                 32, "[%s] RFC 8439 2.6.2 Poly1305 key", impl);

    /* 2.8.2: the AEAD, key 80..9f. */
    uint8_t nonce[12], aad[12], back[128];
    memcpy(nonce, hex("070000004041424344454647", NULL), 12);
    memcpy(aad, hex("50515253c0c1c2c3c4c5c6c7", NULL), 12);
    const uint8_t *want = hex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
                              "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
                              "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                              "3ff4def08e4b7a9de576d26586cec64b6116",
                              NULL);
    tv_check_int(brisk_chacha20_poly1305_encrypt(out, tag, (const uint8_t *)sunscreen, n, aad, 12,
                                                 key, nonce),
                 0, "[%s] 2.8.2 encrypt", impl);
    tv_check_mem(out, want, n, "[%s] RFC 8439 2.8.2 ciphertext", impl);
    tv_check_mem(tag, hex("1ae10b594f09e26a7e902ecbd0600691", NULL), 16,
                 "[%s] RFC 8439 2.8.2 tag", impl);
    tv_check_int(brisk_chacha20_poly1305_decrypt(back, out, n, tag, aad, 12, key, nonce), 0,
                 "[%s] 2.8.2 decrypt", impl);
    tv_check_mem(back, sunscreen, n, "[%s] 2.8.2 round trip", impl);

    /* draft-irtf-cfrg-xchacha 2.2.1: HChaCha20, key 00..1f. */
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    brisk_hchacha20(out, key, hex("000000090000004a0000000031415927", NULL));
    tv_check_mem(out, hex("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", NULL),
                 32, "[%s] HChaCha20 (draft-irtf-cfrg-xchacha 2.2.1)", impl);
}

/* ---- Botan's chacha.vec ---- */

/* keystream_at writes len bytes of keystream for a Botan record: nonce of
 * 8 (64/64 layout), 12 (RFC 8439) or 24 bytes (XChaCha20), from byte
 * offset seek. */
static int keystream_at(uint8_t *out, size_t len, const uint8_t *key, const uint8_t *nonce,
                        size_t nonce_len, uint64_t seek)
{
    size_t skip = (size_t)(seek % 64), total = skip + len;
    uint8_t *buf = calloc(total ? total : 1, 1);
    int err = BRISK_EINVAL;
    if (buf == NULL)
        return err;
    if (nonce_len == 8)
        err = brisk_chacha20_djb(buf, buf, total, key, nonce, seek / 64);
    else if (nonce_len == 12)
        err = brisk_chacha20_ietf(buf, buf, total, key, nonce, (uint32_t)(seek / 64));
    else if (nonce_len == 24)
        err = brisk_xchacha20(buf, buf, total, key, nonce, seek / 64);
    memcpy(out, buf + skip, len);
    free(buf);
    return err;
}

/* seek_field reads the record's optional Seek (a byte offset) into *seek;
 * 0, or -1 if it is not a decimal number that fits 64 bits. */
static int seek_field(const tv_file *f, uint64_t *seek)
{
    const char *s = tv_get(f, "Seek");
    char *end;
    if (s == NULL)
        return 0;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno != 0)
        return -1;
    *seek = v;
    return 0;
}

static void test_botan_chacha(const char *impl)
{
    tv_file *f = tv_open("botan/chacha.vec");
    int records = 0, by_nonce[25] = {0};
    while (f != NULL && tv_next(f)) {
        if (strcmp(tv_section(f), "ChaCha(20)") != 0)
            continue;
        size_t key_len, nonce_len = 8, out_len;
        const uint8_t *key = tv_get_hex(f, "Key", &key_len);
        const uint8_t *nonce = tv_get_hex(f, "Nonce", &nonce_len);
        const uint8_t *want = tv_get_hex(f, "Out", &out_len);
        uint64_t seek = 0;
        if (key_len != 32)
            continue; /* 128-bit keys: not offered */
        /* Seeks reach 2^38: parsed as 64 bits, so that 32-bit targets
         * (where unsigned long has 32) read every record too. */
        if (!tv_check(seek_field(f, &seek) == 0, "%s: Seek", tv_where(f)))
            continue;
        if (!tv_check(key != NULL && nonce != NULL && want != NULL, "%s: fields", tv_where(f)))
            continue;
        uint8_t *out = malloc(out_len + 1);
        if (out == NULL)
            break;
        tv_check_int(keystream_at(out, out_len, key, nonce, nonce_len, seek), 0, "%s: call",
                     tv_where(f));
        tv_check_mem(out, want, out_len, "[%s] %s (nonce %zu bytes, seek %llu)", impl, tv_where(f),
                     nonce_len, (unsigned long long)seek);
        free(out);
        records++;
        by_nonce[nonce_len < 25 ? nonce_len : 0]++;
    }
    tv_close(f);
    tv_check(records >= 80 && by_nonce[8] > 0 && by_nonce[12] > 0 && by_nonce[24] > 0,
             "chacha.vec: %d ChaCha20 records (%d, %d, %d with 8-, 12-, 24-byte nonces)",
             records, by_nonce[8], by_nonce[12], by_nonce[24]);
}

/* ---- AEAD known answers ---- */

typedef struct aead_case {
    const uint8_t *key, *nonce, *aad, *pt, *ct, *tag;
    size_t nonce_len, aad_len, len;
} aead_case;

/* aead_check runs one valid case both ways, in place too; nonce_len
 * chooses the AEAD (12 or 24). */
static void aead_check(const aead_case *c, const char *impl, const char *where)
{
    uint8_t *out = malloc(c->len + 1), *back = malloc(c->len + 1), tag[16];
    int x = c->nonce_len == 24;
    if (out == NULL || back == NULL) {
        tv_fail("malloc");
        free(out);
        free(back);
        return;
    }
    int err = x ? brisk_xchacha20_poly1305_encrypt(out, tag, c->pt, c->len, c->aad, c->aad_len,
                                                   c->key, c->nonce)
                : brisk_chacha20_poly1305_encrypt(out, tag, c->pt, c->len, c->aad, c->aad_len,
                                                  c->key, c->nonce);
    if (tv_check_int(err, 0, "[%s] %s encrypt", impl, where)) {
        tv_check_mem(out, c->ct, c->len, "[%s] %s ciphertext", impl, where);
        tv_check_mem(tag, c->tag, 16, "[%s] %s tag", impl, where);
    }
    memcpy(back, c->ct, c->len);
    err = x ? brisk_xchacha20_poly1305_decrypt(back, back, c->len, c->tag, c->aad, c->aad_len,
                                               c->key, c->nonce)
            : brisk_chacha20_poly1305_decrypt(back, back, c->len, c->tag, c->aad, c->aad_len,
                                              c->key, c->nonce);
    if (tv_check_int(err, 0, "[%s] %s decrypt in place", impl, where))
        tv_check_mem(back, c->pt, c->len, "[%s] %s plaintext", impl, where);
    /* The generic API, for the IETF form. */
    if (!x) {
        brisk_cipher_ctx ctx;
        const brisk_cipher *ci = brisk_cipher_by_name("chacha20-poly1305");
        size_t n, m;
        if (brisk_cipher_init(&ctx, ci, 1, c->key, 32, c->nonce, 12) == 0 &&
            brisk_cipher_aad(&ctx, c->aad, c->aad_len) == 0 &&
            brisk_cipher_update(&ctx, out, &n, c->pt, c->len) == 0 &&
            brisk_cipher_final(&ctx, out + n, &m) == 0 &&
            brisk_cipher_get_tag(&ctx, tag, 16) == 0) {
            tv_check_mem(out, c->ct, c->len, "[%s] %s generic API ciphertext", impl, where);
            tv_check_mem(tag, c->tag, 16, "[%s] %s generic API tag", impl, where);
        } else {
            tv_fail("[%s] %s generic API", impl, where);
        }
        brisk_cipher_cleanup(&ctx);
    }
    free(out);
    free(back);
}

/* aead_reject checks that a case with a bad tag (or nonce size) is refused
 * and leaves zeros. */
static void aead_reject(const aead_case *c, const char *impl, const char *where)
{
    uint8_t *out = malloc(c->len + 1);
    if (out == NULL)
        return;
    memset(out, 0xa5, c->len + 1);
    int err;
    if (c->nonce_len == 12)
        err = brisk_chacha20_poly1305_decrypt(out, c->ct, c->len, c->tag, c->aad, c->aad_len,
                                              c->key, c->nonce);
    else if (c->nonce_len == 24)
        err = brisk_xchacha20_poly1305_decrypt(out, c->ct, c->len, c->tag, c->aad, c->aad_len,
                                               c->key, c->nonce);
    else
        err = BRISK_EINVAL; /* no function takes this nonce size */
    tv_check(err != 0, "[%s] %s: invalid case accepted", impl, where);
    size_t nz = 0;
    for (size_t i = 0; i < c->len; i++)
        nz += out[i] != 0;
    if (c->nonce_len == 12 || c->nonce_len == 24)
        tv_check(nz == 0 && out[c->len] == 0xa5, "[%s] %s: output wiped, nothing past it", impl,
                 where);
    free(out);
}

static void test_botan_aead(const char *impl)
{
    tv_file *f = tv_open("botan/chacha20poly1305.vec");
    int records = 0, x = 0;
    while (f != NULL && tv_next(f)) {
        aead_case c;
        size_t key_len, out_len;
        c.key = tv_get_hex(f, "Key", &key_len);
        c.nonce = tv_get_hex(f, "Nonce", &c.nonce_len);
        c.pt = tv_get_hex(f, "In", &c.len);
        c.ct = tv_get_hex(f, "Out", &out_len);
        c.aad = tv_get_hex(f, "AD", &c.aad_len);
        if (c.aad == NULL)
            c.aad_len = 0;
        if (!tv_check(c.key != NULL && c.nonce != NULL && c.pt != NULL && c.ct != NULL &&
                          key_len == 32 && out_len == c.len + 16,
                      "%s: fields", tv_where(f)))
            continue;
        /* An 8-byte nonce is draft-agl-tls-chacha20poly1305's older AEAD
         * (lengths not padded), which brisk does not offer. */
        if (c.nonce_len != 12 && c.nonce_len != 24)
            continue;
        c.tag = c.ct + c.len;
        aead_check(&c, impl, tv_where(f));
        records++;
        x += c.nonce_len == 24;
    }
    tv_close(f);
    tv_check(records > 1500 && x > 1000, "chacha20poly1305.vec: %d records, %d XChaCha", records,
             x);
}

static void test_wycheproof(const char *file, size_t nonce_len, const char *impl)
{
    tv_wycheproof w = {0};
    int valid = 0, invalid = 0;
    w.root = tv_json_load(file);
    while (w.root != NULL && tv_wycheproof_next(&w)) {
        aead_case c;
        size_t key_len, ct_len, tag_len;
        long id = 0;
        char where[96];
        tv_json_long(w.test, "tcId", &id);
        snprintf(where, sizeof(where), "%s tcId %ld", file, id);
        c.key = tv_json_hex(w.test, "key", &key_len);
        c.nonce = tv_json_hex(w.test, "iv", &c.nonce_len);
        c.aad = tv_json_hex(w.test, "aad", &c.aad_len);
        c.pt = tv_json_hex(w.test, "msg", &c.len);
        c.ct = tv_json_hex(w.test, "ct", &ct_len);
        c.tag = tv_json_hex(w.test, "tag", &tag_len);
        int result = tv_wycheproof_result(&w);
        if (c.nonce != NULL && c.nonce_len != nonce_len && result == TV_RESULT_INVALID) {
            /* A nonce size the AEAD does not have: no one-shot function
             * takes it, and the generic API refuses it (IETF). */
            if (nonce_len == 12 && c.key != NULL) {
                brisk_cipher_ctx ctx;
                tv_check_int(brisk_cipher_init(&ctx, brisk_cipher_by_name("chacha20-poly1305"), 0,
                                               c.key, 32, c.nonce, c.nonce_len),
                             BRISK_EINVAL, "%s: %zu-byte nonce refused", where, c.nonce_len);
            }
            invalid++;
            continue;
        }
        if (!tv_check(c.key && c.nonce && c.aad && c.pt && c.ct && c.tag && key_len == 32 &&
                          ct_len == c.len && tag_len == 16,
                      "%s: fields", where))
            continue;
        if (result == TV_RESULT_VALID && c.nonce_len == nonce_len) {
            aead_check(&c, impl, where);
            valid++;
        } else if (result == TV_RESULT_INVALID) {
            aead_reject(&c, impl, where);
            invalid++;
        } else {
            tv_fail("%s: unexpected result or nonce size", where);
        }
    }
    tv_json_free(w.root);
    tv_check(valid > 200 && invalid > 50, "%s: %d valid, %d invalid", file, valid, invalid);
}

/* ---- Kernels against the portable one ---- */

static void test_kernel(const char *impl)
{
    const brisk_chacha20_ops *ops = brisk_chacha20_for(0); /* forced: every length */
    enum { MAXB = 21 };
    uint8_t in[MAXB * 64 + 1], got[MAXB * 64 + 1], want[MAXB * 64];
    uint32_t st[16];

    for (size_t nb = 1; nb <= MAXB; nb++) {
        uint8_t key[32];
        tv_rng_fill(&rng, key, 32);
        brisk_chacha20_setup(st, key);
        for (int i = 13; i < 16; i++)
            st[i] = (uint32_t)tv_rng_u64(&rng);
        /* Counters: random, and ending exactly at 2^32. */
        st[12] = nb % 2 ? (uint32_t)tv_rng_u64(&rng) >> 1 : (uint32_t)(0 - (uint32_t)nb);
        tv_rng_fill(&rng, in, sizeof(in));
        brisk_chacha20_ops_c.xor_blocks(want, in + 1, nb, st);
        size_t off = nb % 2;
        ops->xor_blocks(got + off, in + 1, nb, st);
        tv_check_mem(got + off, want, nb * 64, "[%s] %zu blocks, counter %08x, out offset %zu",
                     impl, nb, (unsigned)st[12], off);
        memcpy(got + 1, in + 1, nb * 64);
        ops->xor_blocks(got + 1, got + 1, nb, st);
        tv_check_mem(got + 1, want, nb * 64, "[%s] %zu blocks in place, misaligned", impl, nb);
    }
}

/* ---- Counters ---- */

static void test_counters(const char *impl)
{
    uint8_t key[32], nonce[8], buf[5 * 64 + 7], one[64];
    tv_rng_fill(&rng, key, 32);
    tv_rng_fill(&rng, nonce, 8);

    /* 64-bit counter from 0xffffffff: block i must be the block at counter
     * 0xffffffff + i, which each one-block call computes with no carry
     * inside it. */
    for (size_t len = 64; len <= sizeof(buf); len += 57) {
        memset(buf, 0, sizeof(buf));
        tv_check_int(brisk_chacha20_djb(buf, buf, len, key, nonce, 0xffffffffu), 0, "djb call");
        for (size_t b = 0; b * 64 < len; b++) {
            memset(one, 0, 64);
            brisk_chacha20_djb(one, one, 64, key, nonce, 0xffffffffu + (uint64_t)b);
            size_t n = len - b * 64 < 64 ? len - b * 64 : 64;
            tv_check_mem(buf + b * 64, one, n, "[%s] djb counter 0xffffffff + %zu (len %zu)",
                         impl, b, len);
        }
    }
    /* The carry into word 13 is the 64-bit counter's high half. */
    memset(buf, 0, 128);
    brisk_chacha20_djb(buf, buf, 128, key, nonce, 0xffffffffu);
    uint8_t ietf_nonce[12];
    ietf_nonce[0] = 1, ietf_nonce[1] = ietf_nonce[2] = ietf_nonce[3] = 0;
    memcpy(ietf_nonce + 4, nonce, 8);
    memset(one, 0, 64);
    brisk_chacha20_ietf(one, one, 64, key, ietf_nonce, 0);
    tv_check_mem(buf + 64, one, 64, "[%s] djb block 2^32 is word 13 = 1, word 12 = 0", impl);

    /* The 64-bit counter wraps to 0 at 2^64. */
    memset(buf, 0, 128);
    brisk_chacha20_djb(buf, buf, 128, key, nonce, ~(uint64_t)0);
    memset(one, 0, 64);
    brisk_chacha20_djb(one, one, 64, key, nonce, 0);
    tv_check_mem(buf + 64, one, 64, "[%s] djb counter wraps at 2^64", impl);

    /* IETF: the last block may use counter 0xffffffff, none beyond. */
    tv_check_int(brisk_chacha20_ietf(buf, buf, 64, key, ietf_nonce, 0xffffffffu), 0,
                 "ietf last counter");
    tv_check_int(brisk_chacha20_ietf(buf, buf, 65, key, ietf_nonce, 0xffffffffu), BRISK_EINVAL,
                 "ietf counter overflow refused");
    tv_check_int(brisk_chacha20_ietf(buf, buf, 128, key, ietf_nonce, 0xfffffffeu), 0,
                 "ietf two last blocks");
    tv_check_int(brisk_chacha20_ietf(buf, buf, 0, key, ietf_nonce, 0xffffffffu), 0,
                 "ietf zero length at the last counter");
    tv_check_int(brisk_chacha20_ietf(NULL, NULL, 0, key, ietf_nonce, 0), 0, "ietf NULL, 0");
    tv_check_int(brisk_chacha20_ietf(buf, buf, 1, NULL, ietf_nonce, 0), BRISK_EINVAL,
                 "ietf NULL key");

    /* XChaCha20 is ChaCha20 (64/64) under the HChaCha20 subkey. */
    uint8_t xnonce[24], sub[32], a[200], b[200];
    tv_rng_fill(&rng, xnonce, 24);
    tv_rng_fill(&rng, a, sizeof(a));
    memcpy(b, a, sizeof(b));
    brisk_xchacha20(a, a, sizeof(a), key, xnonce, 7);
    brisk_hchacha20(sub, key, xnonce);
    brisk_chacha20_djb(b, b, sizeof(b), sub, xnonce + 16, 7);
    tv_check_mem(a, b, sizeof(a), "[%s] XChaCha20 = HChaCha20 subkey + ChaCha20", impl);
}

/* ---- Streaming through the generic API ---- */

/* stream runs cipher name over len bytes in pieces: every split point
 * (split < len: two updates), one byte at a time (split == len), in place
 * when inplace.  For the AEAD, aad goes in two calls and tag receives the
 * tag; out must hold len bytes. */
static int stream(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                  const uint8_t *aad, size_t aad_len, uint8_t tag[16], uint8_t *out,
                  const uint8_t *in, size_t len, size_t split)
{
    const brisk_cipher *c = brisk_cipher_by_name(name);
    brisk_cipher_ctx ctx;
    size_t n, done = 0;
    int aead = (c->flags & BRISK_CIPHER_AEAD) != 0;
    if (brisk_cipher_init(&ctx, c, enc, key, 32, iv, c->iv_len) != 0)
        return -1;
    if (aead) {
        size_t h = aad_len / 3;
        if (brisk_cipher_aad(&ctx, aad, h) != 0 ||
            brisk_cipher_aad(&ctx, aad + h, aad_len - h) != 0)
            return -1;
        if (!enc && brisk_cipher_set_tag(&ctx, tag, 16) != 0)
            return -1;
    }
    if (split == len) {
        for (; done < len; done++)
            if (brisk_cipher_update(&ctx, out + done, &n, in + done, 1) != 0 || n != 1)
                return -1;
    } else {
        if (brisk_cipher_update(&ctx, out, &n, in, split) != 0 ||
            brisk_cipher_update(&ctx, out + split, &n, in + split, len - split) != 0)
            return -1;
    }
    int err = brisk_cipher_final(&ctx, out + len, &n);
    if (err == 0 && aead && enc)
        err = brisk_cipher_get_tag(&ctx, tag, 16);
    brisk_cipher_cleanup(&ctx);
    return err;
}

static void test_streaming(const char *impl)
{
    enum { LEN = 300 };
    uint8_t key[32], iv[16], aad[40], msg[LEN], want[LEN], got[LEN + 32], tag[16], want_tag[16];
    tv_rng_fill(&rng, key, 32);
    tv_rng_fill(&rng, iv, 16);
    tv_rng_fill(&rng, aad, sizeof(aad));
    tv_rng_fill(&rng, msg, LEN);

    /* chacha20: OpenSSL's IV, counter (near the wrap, to carry) then
     * nonce; the one-shot equivalent is the 64/64 layout's counter. */
    iv[0] = 0xfd, iv[1] = iv[2] = iv[3] = 0xff;
    uint64_t ctr = (uint64_t)load32_le(iv) | (uint64_t)load32_le(iv + 4) << 32;
    brisk_chacha20_djb(want, msg, LEN, key, iv + 8, ctr);
    for (size_t split = 0; split <= LEN; split++) {
        memcpy(got, msg, LEN);
        if (tv_check_int(stream("chacha20", 1, key, iv, NULL, 0, NULL, got, got, LEN, split), 0,
                         "[%s] chacha20 split %zu", impl, split))
            tv_check_mem(got, want, LEN, "[%s] chacha20 in place, split %zu (%s)", impl, split,
                         split == LEN ? "bytewise" : "two pieces");
    }

    brisk_chacha20_poly1305_encrypt(want, want_tag, msg, LEN, aad, sizeof(aad), key, iv);
    for (size_t split = 0; split <= LEN; split++) {
        memcpy(got, msg, LEN);
        if (tv_check_int(stream("chacha20-poly1305", 1, key, iv, aad, sizeof(aad), tag, got, got,
                                LEN, split),
                         0, "[%s] chacha20-poly1305 split %zu", impl, split)) {
            tv_check_mem(got, want, LEN, "[%s] chacha20-poly1305 split %zu", impl, split);
            tv_check_mem(tag, want_tag, 16, "[%s] chacha20-poly1305 tag, split %zu", impl, split);
        }
        if (tv_check_int(stream("chacha20-poly1305", 0, key, iv, aad, sizeof(aad), want_tag, got,
                                got, LEN, split),
                         0, "[%s] chacha20-poly1305 decrypt split %zu", impl, split))
            tv_check_mem(got, msg, LEN, "[%s] chacha20-poly1305 decrypt split %zu", impl, split);
    }
}

/* ---- AEAD properties ---- */

static void test_aead_props(const char *impl)
{
    enum { MAX = 20 * 64 + 1 };
    static uint8_t msg[MAX + 1], ct[MAX + 1], back[MAX + 1];
    uint8_t key[32], nonce[24], aad[33], tag[16], tag2[16];

    tv_rng_fill(&rng, key, 32);
    tv_rng_fill(&rng, nonce, 24);
    tv_rng_fill(&rng, aad, sizeof(aad));
    for (size_t b = 0; b <= 20; b++) {
        for (int d = -1; d <= 1; d++) {
            if (b == 0 && d < 0)
                continue;
            size_t len = (size_t)((long)(b * 64) + d);
            for (int x = 0; x < 2; x++) {
                size_t aad_len = len % sizeof(aad);
                tv_rng_fill(&rng, msg, len);
                int err = x ? brisk_xchacha20_poly1305_encrypt(ct + 1, tag, msg, len, aad,
                                                               aad_len, key, nonce)
                            : brisk_chacha20_poly1305_encrypt(ct + 1, tag, msg, len, aad,
                                                              aad_len, key, nonce);
                tv_check_int(err, 0, "[%s] %s encrypt %zu", impl, x ? "x" : "", len);
                /* The generic API agrees (IETF), in place. */
                if (!x) {
                    memcpy(back, msg, len);
                    stream("chacha20-poly1305", 1, key, nonce, aad, aad_len, tag2, back, back,
                           len, len / 2);
                    tv_check_mem(back, ct + 1, len, "[%s] one-shot = generic, len %zu", impl,
                                 len);
                    tv_check_mem(tag2, tag, 16, "[%s] one-shot tag = generic, len %zu", impl,
                                 len);
                }
                /* Decrypt in place at an odd address. */
                memcpy(back + 1, ct + 1, len);
                err = x ? brisk_xchacha20_poly1305_decrypt(back + 1, back + 1, len, tag, aad,
                                                           aad_len, key, nonce)
                        : brisk_chacha20_poly1305_decrypt(back + 1, back + 1, len, tag, aad,
                                                          aad_len, key, nonce);
                if (tv_check_int(err, 0, "[%s] decrypt %zu", impl, len))
                    tv_check_mem(back + 1, msg, len, "[%s] round trip %zu", impl, len);
                /* Any one bit flipped in ciphertext, tag or AAD is refused. */
                for (int what = 0; what < 3; what++) {
                    uint8_t t[16];
                    memcpy(t, tag, 16);
                    memcpy(back, ct + 1, len);
                    uint8_t a2[sizeof(aad)];
                    memcpy(a2, aad, sizeof(aad));
                    if (what == 0 && len > 0)
                        back[tv_rng_below(&rng, len)] ^= (uint8_t)(1u << tv_rng_below(&rng, 8));
                    else if (what == 1 || (what == 0 && len == 0))
                        t[tv_rng_below(&rng, 16)] ^= (uint8_t)(1u << tv_rng_below(&rng, 8));
                    else if (aad_len > 0)
                        a2[tv_rng_below(&rng, aad_len)] ^= 1;
                    else
                        continue;
                    err = x ? brisk_xchacha20_poly1305_decrypt(back, back, len, t, a2, aad_len,
                                                               key, nonce)
                            : brisk_chacha20_poly1305_decrypt(back, back, len, t, a2, aad_len,
                                                              key, nonce);
                    tv_check_int(err, BRISK_EVERIFY, "[%s] tampered (%d) len %zu refused", impl,
                                 what, len);
                    size_t nz = 0;
                    for (size_t i = 0; i < len; i++)
                        nz += back[i] != 0;
                    tv_check_int((long long)nz, 0, "[%s] refused output wiped, len %zu", impl,
                                 len);
                }
            }
        }
    }
    tv_check_int(brisk_chacha20_poly1305_encrypt(NULL, tag, NULL, 0, NULL, 0, key, nonce), 0,
                 "empty message, no AAD");
    tv_check_int(brisk_chacha20_poly1305_decrypt(NULL, NULL, 0, tag, NULL, 0, key, nonce), 0,
                 "empty message verifies");
    tv_check_int(brisk_chacha20_poly1305_encrypt(ct, NULL, msg, 1, NULL, 0, key, nonce),
                 BRISK_EINVAL, "NULL tag");
    tv_check_int(brisk_chacha20_poly1305_encrypt(ct, tag, msg, 1, NULL, 1, key, nonce),
                 BRISK_EINVAL, "NULL AAD with a length");
}

int main(void)
{
    tv_begin("test_chacha");
    tv_rng_init(&rng, tv_seed());
    char list[128];
    tv_note("tested: %s", tv_impl_list("chacha20", list, sizeof(list)));
    size_t i = 0;
    const char *impl;
    while ((impl = tv_impl_next("chacha20", &i)) != NULL) {
        test_rfc(impl);
        test_kernel(impl);
        test_counters(impl);
        test_botan_chacha(impl);
        test_botan_aead(impl);
        test_wycheproof("wycheproof/testvectors_v1/chacha20_poly1305_test.json", 12, impl);
        test_wycheproof("wycheproof/testvectors_v1/xchacha20_poly1305_test.json", 24, impl);
        test_streaming(impl);
        test_aead_props(impl);
    }
    return tv_end();
}
