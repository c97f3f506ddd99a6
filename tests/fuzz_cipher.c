/*
 * tests/fuzz_cipher.c - libFuzzer target: every cipher of the registry
 * against OpenSSL's EVP (default and legacy providers) on inputs the
 * fuzzer shapes: key lengths, updates of any sizes including empty ones,
 * in place or misaligned, PKCS#7 padding on or off, AEAD (GCM,
 * ChaCha20-Poly1305) AAD and tags of 4 to 16 bytes, and ciphertexts with
 * bad padding or tags.  Both libraries must
 * agree on every output byte and on every verdict.  Built by clang with
 * -DBRISK_FUZZ=ON; run through scripts/fuzz.
 *
 * Input: a cipher byte; a flags byte (bit 0 encrypt, bit 1 no padding,
 * bit 2 in place, bits 3-5 misalignment); a key-length byte for ciphers
 * with variable keys; the key, the IV and 16 tag bytes; then updates, each a
 * length byte (bit 7 set: (length & 127) * 37 bytes) and its data.  For an
 * AEAD the first update is AAD when tag byte 1 is odd.  XTS takes one update.
 */
#include <brisk/brisk.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MSG = 1 << 16, SLACK = 64 };

static const brisk_cipher *cipher;

static void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz_cipher: %s: %s\n", cipher->name, what);
    abort();
}

/* evp_start makes OpenSSL's context; NULL when OpenSSL lacks the cipher or
 * refuses the key (XTS with equal halves, say). */
static EVP_CIPHER_CTX *evp_start(int encrypt, int padding, const uint8_t *key, size_t key_len,
                                 const uint8_t *iv)
{
    EVP_CIPHER *ec = EVP_CIPHER_fetch(NULL, cipher->name, NULL);
    EVP_CIPHER_CTX *e = ec != NULL ? EVP_CIPHER_CTX_new() : NULL;
    int ok = e != NULL && EVP_CipherInit_ex2(e, ec, NULL, NULL, encrypt, NULL);

    if (ok && key_len != (size_t)EVP_CIPHER_get_key_length(ec))
        ok = EVP_CIPHER_CTX_set_key_length(e, (int)key_len);
    ok = ok && EVP_CipherInit_ex2(e, NULL, key, cipher->iv_len ? iv : NULL, encrypt, NULL);
    if (ok)
        EVP_CIPHER_CTX_set_padding(e, padding);
    EVP_CIPHER_free(ec);
    if (!ok) {
        EVP_CIPHER_CTX_free(e);
        return NULL;
    }
    return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static size_t n_ciphers;
    static uint8_t in[MAX_MSG + SLACK], got[MAX_MSG + SLACK], want[MAX_MSG + SLACK];
    static brisk_cipher_ctx b;

    if (n_ciphers == 0) {
        OSSL_PROVIDER_load(NULL, "default");
        OSSL_PROVIDER_load(NULL, "legacy");
        while (brisk_cipher_at(n_ciphers) != NULL)
            n_ciphers++;
    }
    if (size < 3)
        return 0;
    cipher = brisk_cipher_at(data[0] % n_ciphers);
    int encrypt = data[1] & 1, padding = !(data[1] & 2), in_place = (data[1] >> 2) & 1;
    size_t mis = (data[1] >> 3) & 7, key_len = cipher->key_len, iv_len = cipher->iv_len;
    const uint8_t *p = data + 2;
    size_t n = size - 2;
    if (cipher->key_min != cipher->key_max) {
        key_len = cipher->key_min + p[0] % (cipher->key_max - cipher->key_min + 1);
        p++, n--;
    }
    if (n < key_len + iv_len + 16)
        return 0;
    const uint8_t *key = p, *iv = p + key_len, *tag = iv + iv_len;
    size_t tag_len = 4 + tag[0] % 13;
    int aead = (cipher->flags & BRISK_CIPHER_AEAD) != 0, xts = cipher->mode == BRISK_MODE_XTS;
    p += key_len + iv_len + 16, n -= key_len + iv_len + 16;

    /* brisk refuses an XTS key with equal halves both ways, OpenSSL only
     * for encryption (see brisk_cipher_init). */
    if (xts && memcmp(key, key + key_len / 2, key_len / 2) == 0) {
        if (brisk_cipher_init(&b, cipher, encrypt, key, key_len, iv, iv_len) != BRISK_EINVAL)
            fuzz_fail("an XTS key with equal halves accepted");
        return 0;
    }
    EVP_CIPHER_CTX *e = evp_start(encrypt, padding, key, key_len, iv);
    if (e == NULL)
        return 0;
    if (brisk_cipher_init(&b, cipher, encrypt, key, key_len, iv, iv_len) != BRISK_EOK)
        fuzz_fail("init refused what OpenSSL takes");
    if (!padding && brisk_cipher_set_padding(&b, 0) != BRISK_EOK &&
        (cipher->mode == BRISK_MODE_ECB || cipher->mode == BRISK_MODE_CBC))
        fuzz_fail("set_padding");

    size_t got_len = 0, want_len = 0, updates = 0;
    for (; n > 0 && got_len < MAX_MSG - 256 * 37; updates++) {
        size_t len = p[0] & 0x80 ? (size_t)(p[0] & 0x7f) * 37 : p[0];
        p++, n--;
        len = len < n ? len : n;
        int out_len = 0;
        if (aead && updates == 0 && (tag[1] & 1)) {
            if (brisk_cipher_aad(&b, p, len) != BRISK_EOK ||
                !EVP_CipherUpdate(e, NULL, &out_len, p, (int)len))
                fuzz_fail("AAD");
        } else {
            if (xts && (updates > 0 || len < 16))
                break;
            uint8_t *src = in + mis, *dst = in_place ? src : got + got_len + mis;
            size_t done = 0;
            memcpy(src, p, len);
            if (brisk_cipher_update(&b, dst, &done, src, len) != BRISK_EOK)
                fuzz_fail("update");
            memmove(got + got_len, dst, done);
            got_len += done;
            if (!EVP_CipherUpdate(e, want + want_len, &out_len, p, (int)len))
                fuzz_fail("OpenSSL's update");
            want_len += (size_t)out_len;
        }
        p += len, n -= len;
    }
    if (xts && got_len == 0)
        goto out; /* no data unit: nothing to compare */
    if (aead && !encrypt) {
        uint8_t expect[16];
        memcpy(expect, tag, tag_len);
        brisk_cipher_set_tag(&b, tag, tag_len);
        EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, expect);
    }
    size_t done = 0;
    int out_len = 0;
    int err = brisk_cipher_final(&b, got + got_len, &done);
    int ok = EVP_CipherFinal_ex(e, want + want_len, &out_len) == 1;
    if ((err == BRISK_EOK) != ok)
        fuzz_fail(ok ? "final refused what OpenSSL accepts" : "final accepted what OpenSSL refuses");
    if (ok) {
        got_len += done, want_len += (size_t)out_len;
        if (got_len != want_len || memcmp(got, want, got_len) != 0)
            fuzz_fail("output differs");
        if (aead && encrypt) {
            uint8_t t1[16], t2[16];
            if (brisk_cipher_get_tag(&b, t1, tag_len) != BRISK_EOK ||
                EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, t2) != 1 ||
                memcmp(t1, t2, tag_len) != 0)
                fuzz_fail("tag differs");
        }
    }
out:
    brisk_cipher_cleanup(&b);
    EVP_CIPHER_CTX_free(e);
    return 0;
}
