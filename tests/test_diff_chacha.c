/*
 * tests/test_diff_chacha.c - ChaCha20 and ChaCha20-Poly1305 against
 * OpenSSL's libcrypto (EVP_chacha20, EVP_chacha20_poly1305) on random
 * keys, nonces, counters, AAD and lengths from 0 to 40000 bytes (past two
 * of chacha20_poly1305.c's 16 KiB chunks), under every
 * implementation of the "chacha20" and "poly1305" primitives this CPU can
 * run: the one-shot functions in all three layouts, the generic API in
 * random pieces, and decryption of OpenSSL's output.
 *
 * EVP_chacha20's 16-byte IV is words 12..15 of the state, and it carries
 * word 12 into word 13: the 64/64 layout (brisk_chacha20_djb), which is
 * therefore compared with counters just below 2^32.  XChaCha20 has no
 * libcrypto counterpart; it is checked through its definition: the
 * HChaCha20 subkey (brisk_hchacha20, checked first against the draft's
 * example) under OpenSSL's ChaCha20 and ChaCha20-Poly1305.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_LEN 40000

static tv_rng rng;
static EVP_CIPHER *evp_chacha, *evp_aead;

/* ossl runs EVP cipher e over len bytes (in up to two pieces at split),
 * with aad (AEAD) and tag (produced when encrypting, checked when not);
 * returns 0, or -1 on any failure. */
static int ossl(EVP_CIPHER *e, int enc, const uint8_t *key, const uint8_t *iv,
                const uint8_t *aad, size_t aad_len, uint8_t tag[16], uint8_t *out,
                const uint8_t *in, size_t len, size_t split)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n, ok = c != NULL && EVP_CipherInit_ex2(c, e, key, iv, enc, NULL) == 1;
    if (ok && e == evp_aead && !enc)
        ok = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, 16, tag) == 1;
    if (ok && aad_len > 0)
        ok = EVP_CipherUpdate(c, NULL, &n, aad, (int)aad_len) == 1;
    if (ok)
        ok = EVP_CipherUpdate(c, out, &n, in, (int)split) == 1 &&
             EVP_CipherUpdate(c, out + split, &n, in + split, (int)(len - split)) == 1 &&
             EVP_CipherFinal_ex(c, out + len, &n) == 1;
    if (ok && e == evp_aead && enc)
        ok = EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(c);
    return ok ? 0 : -1;
}

/* generic runs brisk's registry cipher name the same way, in random
 * pieces. */
static int generic(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                   const uint8_t *aad, size_t aad_len, uint8_t tag[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    const brisk_cipher *c = brisk_cipher_by_name(name);
    brisk_cipher_ctx ctx;
    size_t n, done = 0;
    int aead = (c->flags & BRISK_CIPHER_AEAD) != 0;
    if (brisk_cipher_init(&ctx, c, enc, key, 32, iv, c->iv_len) != 0)
        return -1;
    if (aead && (brisk_cipher_aad(&ctx, aad, aad_len) != 0 ||
                 (!enc && brisk_cipher_set_tag(&ctx, tag, 16) != 0)))
        return -1;
    while (done < len) {
        size_t piece = 1 + tv_rng_below(&rng, len - done);
        if (tv_rng_below(&rng, 4) == 0)
            piece = len - done;
        if (brisk_cipher_update(&ctx, out + done, &n, in + done, piece) != 0 || n != piece)
            return -1;
        done += piece;
    }
    int err = brisk_cipher_final(&ctx, out + len, &n);
    if (err == 0 && aead && enc)
        err = brisk_cipher_get_tag(&ctx, tag, 16);
    brisk_cipher_cleanup(&ctx);
    return err;
}

static size_t pick_len(int round)
{
    if (round < 130)
        return (size_t)round; /* every length to two blocks */
    return tv_rng_below(&rng, MAX_LEN + 1);
}

static void diff_stream(const char *impl, int rounds)
{
    static uint8_t msg[MAX_LEN + 16], a[MAX_LEN + 16], b[MAX_LEN + 16];
    uint8_t key[32], iv[16];

    for (int r = 0; r < rounds; r++) {
        size_t len = pick_len(r);
        tv_rng_fill(&rng, key, sizeof(key));
        tv_rng_fill(&rng, iv, sizeof(iv));
        tv_rng_fill(&rng, msg, len);
        /* Counters near the top of word 12, half the time, to carry. */
        uint32_t ctr = r % 2 ? 0xffffffffu - (uint32_t)tv_rng_below(&rng, 100)
                             : (uint32_t)tv_rng_u64(&rng) >> 4;
        iv[0] = (uint8_t)ctr, iv[1] = (uint8_t)(ctr >> 8), iv[2] = (uint8_t)(ctr >> 16),
        iv[3] = (uint8_t)(ctr >> 24);
        if (ossl(evp_chacha, 1, key, iv, NULL, 0, NULL, b, msg, len, len / 3) != 0) {
            tv_fail("OpenSSL chacha20 failed");
            continue;
        }
        /* The generic API, in random pieces. */
        if (tv_check_int(generic("chacha20", 1, key, iv, NULL, 0, NULL, a, msg, len), 0,
                         "[%s] chacha20 generic", impl))
            tv_check_mem(a, b, len, "[%s] chacha20 generic, len %zu counter %08x", impl, len,
                         (unsigned)ctr);
        /* The 64/64 layout: words 12..13 the counter, 14..15 the nonce. */
        uint64_t c64 = (uint64_t)ctr | (uint64_t)(iv[4] | iv[5] << 8 | iv[6] << 16 |
                                                  (uint32_t)iv[7] << 24)
                                           << 32;
        if (c64 > ~(uint64_t)0 - 200)
            c64 -= 1000; /* keep clear of 2^64, where OpenSSL stops carrying */
        memcpy(a, msg, len);
        brisk_chacha20_djb(a, a, len, key, iv + 8, c64);
        uint8_t iv2[16];
        for (int i = 0; i < 8; i++)
            iv2[i] = (uint8_t)(c64 >> (8 * i));
        memcpy(iv2 + 8, iv + 8, 8);
        ossl(evp_chacha, 1, key, iv2, NULL, 0, NULL, b, msg, len, len);
        tv_check_mem(a, b, len, "[%s] chacha20_djb in place, len %zu counter %016llx", impl, len,
                     (unsigned long long)c64);
        /* The IETF layout, where the counter does not wrap. */
        uint64_t blocks = (len + 63) / 64;
        if ((uint64_t)ctr + blocks <= ((uint64_t)1 << 32)) {
            int err = brisk_chacha20_ietf(a + 1, msg, len, key, iv + 4, ctr);
            ossl(evp_chacha, 1, key, iv, NULL, 0, NULL, b, msg, len, len);
            if (tv_check_int(err, 0, "[%s] ietf", impl))
                tv_check_mem(a + 1, b, len, "[%s] chacha20_ietf misaligned, len %zu", impl, len);
        }
    }
}

static void diff_aead(const char *impl, int rounds)
{
    static uint8_t msg[MAX_LEN + 16], a[MAX_LEN + 16], b[MAX_LEN + 16], back[MAX_LEN + 16];
    uint8_t key[32], nonce[24], aad[300], tag_a[16], tag_b[16];

    for (int r = 0; r < rounds; r++) {
        size_t len = pick_len(r), aad_len = tv_rng_below(&rng, sizeof(aad) + 1);
        if (r % 7 == 0)
            aad_len = 0;
        tv_rng_fill(&rng, key, sizeof(key));
        tv_rng_fill(&rng, nonce, sizeof(nonce));
        tv_rng_fill(&rng, aad, sizeof(aad));
        tv_rng_fill(&rng, msg, len);
        if (ossl(evp_aead, 1, key, nonce, aad, aad_len, tag_b, b, msg, len,
                 tv_rng_below(&rng, len + 1)) != 0) {
            tv_fail("OpenSSL chacha20-poly1305 failed");
            continue;
        }
        /* One-shot. */
        if (tv_check_int(brisk_chacha20_poly1305_encrypt(a, tag_a, msg, len, aad, aad_len, key,
                                                         nonce),
                         0, "[%s] aead encrypt", impl)) {
            tv_check_mem(a, b, len, "[%s] aead ciphertext, len %zu aad %zu", impl, len, aad_len);
            tv_check_mem(tag_a, tag_b, 16, "[%s] aead tag, len %zu aad %zu", impl, len, aad_len);
        }
        /* The generic API in random pieces, both ways. */
        if (tv_check_int(generic("chacha20-poly1305", 1, key, nonce, aad, aad_len, tag_a, a, msg,
                                 len),
                         0, "[%s] generic aead", impl)) {
            tv_check_mem(a, b, len, "[%s] generic aead ciphertext, len %zu", impl, len);
            tv_check_mem(tag_a, tag_b, 16, "[%s] generic aead tag, len %zu", impl, len);
        }
        if (tv_check_int(generic("chacha20-poly1305", 0, key, nonce, aad, aad_len, tag_b, back,
                                 b, len),
                         0, "[%s] generic decrypt of OpenSSL's", impl))
            tv_check_mem(back, msg, len, "[%s] generic decrypt of OpenSSL's, len %zu", impl, len);
        if (tv_check_int(brisk_chacha20_poly1305_decrypt(back, b, len, tag_b, aad, aad_len, key,
                                                         nonce),
                         0, "[%s] decrypt OpenSSL's", impl))
            tv_check_mem(back, msg, len, "[%s] decrypt of OpenSSL's, len %zu", impl, len);

        /* XChaCha20-Poly1305 = the AEAD under HChaCha20's subkey with nonce
         * 0^32 || nonce[16..23]. */
        uint8_t sub[32], n12[12];
        brisk_hchacha20(sub, key, nonce);
        memset(n12, 0, 4);
        memcpy(n12 + 4, nonce + 16, 8);
        ossl(evp_aead, 1, sub, n12, aad, aad_len, tag_b, b, msg, len, len);
        if (tv_check_int(brisk_xchacha20_poly1305_encrypt(a, tag_a, msg, len, aad, aad_len, key,
                                                          nonce),
                         0, "[%s] xchacha aead", impl)) {
            tv_check_mem(a, b, len, "[%s] xchacha20-poly1305 ciphertext, len %zu", impl, len);
            tv_check_mem(tag_a, tag_b, 16, "[%s] xchacha20-poly1305 tag, len %zu", impl, len);
        }
        if (tv_check_int(brisk_xchacha20_poly1305_decrypt(back, b, len, tag_b, aad, aad_len, key,
                                                          nonce),
                         0, "[%s] xchacha decrypt of OpenSSL's", impl))
            tv_check_mem(back, msg, len, "[%s] xchacha decrypt, len %zu", impl, len);
        /* XChaCha20 alone: the subkey under EVP_chacha20, IV = 64-bit
         * counter || nonce[16..23]. */
        uint64_t ctr = tv_rng_u64(&rng) >> 8;
        uint8_t iv[16];
        for (int i = 0; i < 8; i++)
            iv[i] = (uint8_t)(ctr >> (8 * i));
        memcpy(iv + 8, nonce + 16, 8);
        ossl(evp_chacha, 1, sub, iv, NULL, 0, NULL, b, msg, len, len);
        brisk_xchacha20(a, msg, len, key, nonce, ctr);
        tv_check_mem(a, b, len, "[%s] xchacha20, len %zu", impl, len);
    }
}

int main(void)
{
    tv_begin("test_diff_chacha");
    tv_rng_init(&rng, tv_seed());
    evp_chacha = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
    evp_aead = EVP_CIPHER_fetch(NULL, "ChaCha20-Poly1305", NULL);
    if (!tv_check(evp_chacha != NULL && evp_aead != NULL, "OpenSSL has ChaCha20(-Poly1305)"))
        return tv_end();

    /* The subkey the XChaCha checks rely on (draft-irtf-cfrg-xchacha
     * 2.2.1). */
    uint8_t key[32], nonce[16], sub[32], want[32];
    size_t n;
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    tv_hex_decode(nonce, sizeof(nonce), "000000090000004a0000000031415927", &n);
    tv_hex_decode(want, sizeof(want),
                  "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", &n);
    brisk_hchacha20(sub, key, nonce);
    tv_check_mem(sub, want, 32, "HChaCha20 (draft-irtf-cfrg-xchacha 2.2.1)");

    int rounds = tv_quick() ? 200 : 400;
    static const char *const prims[] = {"chacha20", "poly1305"};
    for (size_t p = 0; p < 2; p++) {
        size_t i = 0;
        const char *impl;
        while ((impl = tv_impl_next(prims[p], &i)) != NULL) {
            char name[48];
            snprintf(name, sizeof(name), "%s=%s", prims[p], impl);
            if (p == 0)
                diff_stream(name, rounds);
            diff_aead(name, rounds);
        }
    }
    EVP_CIPHER_free(evp_chacha);
    EVP_CIPHER_free(evp_aead);
    return tv_end();
}
