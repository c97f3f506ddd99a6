/*
 * tests/test_diff_twofish.c - Twofish against two independent libraries,
 * libgcrypt and Nettle, on random keys, lengths and data, under every
 * implementation of brisk's "twofish" primitive: ECB and CBC both ways
 * through the generic API (128, 192 and 256-bit keys; libgcrypt takes
 * only 128 and 256, so 192-bit keys are compared with Nettle alone), and
 * XTS data units of 16 bytes up to several runs of the wide kernels, whole
 * blocks and ciphertext stealing, against libgcrypt's XTS mode (256 and
 * 512-bit keys) and Nettle's generic xts_*_message over its Twofish (all
 * three).  Lengths cluster on 1..40 blocks, where the kernels' tails are.
 */
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <nettle/cbc.h>
#include <nettle/twofish.h>
#include <nettle/xts.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_LEN (300 * 16 + 15)

static tv_rng rng;

/* run_gcrypt runs libgcrypt's Twofish (key_len 16 or 32, doubled for XTS)
 * in mode over len bytes. */
static int run_gcrypt(int mode, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                      uint8_t *out, const uint8_t *in, size_t len)
{
    size_t half = mode == GCRY_CIPHER_MODE_XTS ? key_len / 2 : key_len;
    int algo = half == 16 ? GCRY_CIPHER_TWOFISH128 : GCRY_CIPHER_TWOFISH;
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, algo, mode, 0) != 0)
        return -1;
    gcry_error_t e = gcry_cipher_setkey(h, key, key_len);
    if (e == 0 && iv != NULL)
        e = gcry_cipher_setiv(h, iv, 16);
    if (e == 0)
        e = encrypt ? gcry_cipher_encrypt(h, out, len, in, len)
                    : gcry_cipher_decrypt(h, out, len, in, len);
    gcry_cipher_close(h);
    return e == 0 ? 0 : -1;
}

static void nettle_enc(const void *ctx, size_t len, uint8_t *dst, const uint8_t *src)
{
    twofish_encrypt(ctx, len, dst, src);
}

static void nettle_dec(const void *ctx, size_t len, uint8_t *dst, const uint8_t *src)
{
    twofish_decrypt(ctx, len, dst, src);
}

/* run_nettle runs Nettle's Twofish: mode 'e' ECB, 'c' CBC, 'x' XTS. */
static void run_nettle(int mode, int encrypt, const uint8_t *key, size_t key_len,
                       const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    struct twofish_ctx k, t;
    uint8_t chain[16];
    if (mode == 'x') {
        twofish_set_key(&k, key_len / 2, key);
        twofish_set_key(&t, key_len / 2, key + key_len / 2);
        if (encrypt)
            xts_encrypt_message(&k, &t, nettle_enc, iv, len, out, in);
        else
            xts_decrypt_message(&k, &t, nettle_dec, nettle_enc, iv, len, out, in);
        return;
    }
    twofish_set_key(&k, key_len, key);
    if (mode == 'e') {
        (encrypt ? nettle_enc : nettle_dec)(&k, len, out, in);
        return;
    }
    memcpy(chain, iv, 16);
    if (encrypt)
        cbc_encrypt(&k, nettle_enc, 16, chain, len, out, in);
    else
        cbc_decrypt(&k, nettle_dec, 16, chain, len, out, in);
}

/* random_blocks picks a block count: mostly 1..40, sometimes up to 300. */
static size_t random_blocks(void)
{
    return tv_rng_below(&rng, 4) == 0 ? 1 + tv_rng_below(&rng, 300) : 1 + tv_rng_below(&rng, 40);
}

static void compare_ecb_cbc(const char *impl, int rounds)
{
    static uint8_t msg[MAX_LEN], got[MAX_LEN], want[MAX_LEN];
    static const char *const sizes[] = {"128", "192", "256"};
    uint8_t key[32], iv[16];
    for (int r = 0; r < rounds; r++) {
        int ki = (int)tv_rng_below(&rng, 3);
        size_t key_len = 16 + 8 * (size_t)ki, len = 16 * random_blocks();
        tv_rng_fill(&rng, key, key_len);
        tv_rng_fill(&rng, iv, 16);
        tv_rng_fill(&rng, msg, len);
        for (int cbc = 0; cbc < 2; cbc++) {
            char name[32];
            snprintf(name, sizeof(name), "twofish-%s-%s", sizes[ki], cbc ? "cbc" : "ecb");
            for (int enc = 0; enc < 2; enc++) {
                if (!tv_check_int(tv_cipher_run(name, enc, key, cbc ? iv : NULL, got, msg, len), 0,
                                  "%s [%s] %s %zu bytes", name, impl, enc ? "enc" : "dec", len))
                    continue;
                run_nettle(cbc ? 'c' : 'e', enc, key, key_len, iv, want, msg, len);
                tv_check_mem(got, want, len, "%s [%s] %s %zu bytes against Nettle", name, impl,
                             enc ? "encrypt" : "decrypt", len);
                if (key_len == 24)
                    continue;
                if (!tv_check_int(run_gcrypt(cbc ? GCRY_CIPHER_MODE_CBC : GCRY_CIPHER_MODE_ECB,
                                             enc, key, key_len, cbc ? iv : NULL, want, msg, len),
                                  0, "libgcrypt %s", name))
                    continue;
                tv_check_mem(got, want, len, "%s [%s] %s %zu bytes against libgcrypt", name,
                             impl, enc ? "encrypt" : "decrypt", len);
            }
        }
    }
}

static void compare_xts(const char *impl, int rounds)
{
    static uint8_t msg[MAX_LEN], got[MAX_LEN], want[MAX_LEN];
    static const char *const names[] = {"twofish-128-xts", "twofish-192-xts", "twofish-256-xts"};
    uint8_t key[64], iv[16];
    for (int r = 0; r < rounds; r++) {
        int ki = (int)tv_rng_below(&rng, 3);
        size_t key_len = 32 + 16 * (size_t)ki;
        /* Whole blocks or a stolen tail of 1..15 bytes. */
        size_t len = 16 * random_blocks() + (tv_rng_below(&rng, 2) ? tv_rng_below(&rng, 16) : 0);
        tv_rng_fill(&rng, key, key_len);
        tv_rng_fill(&rng, iv, 16);
        tv_rng_fill(&rng, msg, len);
        for (int enc = 0; enc < 2; enc++) {
            if (!tv_check_int(tv_cipher_run(names[ki], enc, key, iv, got, msg, len), 0,
                              "%s [%s] %zu bytes", names[ki], impl, len))
                continue;
            run_nettle('x', enc, key, key_len, iv, want, msg, len);
            tv_check_mem(got, want, len, "%s [%s] %s %zu bytes against Nettle", names[ki], impl,
                         enc ? "encrypt" : "decrypt", len);
            if (key_len == 48)
                continue;
            if (!tv_check_int(run_gcrypt(GCRY_CIPHER_MODE_XTS, enc, key, key_len, iv, want, msg,
                                         len),
                              0, "libgcrypt %s %zu bytes", names[ki], len))
                continue;
            tv_check_mem(got, want, len, "%s [%s] %s %zu bytes against libgcrypt", names[ki],
                         impl, enc ? "encrypt" : "decrypt", len);
        }
    }
}

int main(void)
{
    tv_begin("test_diff_twofish");
    if (!gcry_check_version(GCRYPT_VERSION)) {
        tv_fail("libgcrypt version mismatch");
        return tv_end();
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    tv_rng_init(&rng, tv_seed());
    int rounds = tv_quick() ? 20 : 100;
    size_t i = 0;
    const char *impl;
    while ((impl = tv_impl_next("twofish", &i)) != NULL) {
        compare_ecb_cbc(impl, rounds);
        compare_xts(impl, rounds);
    }
    return tv_end();
}
