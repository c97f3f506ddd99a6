/*
 * tests/test_diff_serpent.c - Serpent against two independent libraries on
 * random keys, lengths and data, for every implementation of the "serpent"
 * primitive: libgcrypt in ECB, CBC and XTS (its GCRY_CIPHER_MODE_XTS, data
 * units of 16 bytes up to 200 blocks, ciphertext stealing included) with
 * 128-, 192- and 256-bit keys, and Nettle in ECB (any key of 1 to 32 bytes:
 * the specification's padding of short keys) and CBC (its cbc_encrypt and
 * cbc_decrypt over serpent_encrypt/decrypt).  Both libraries use the byte
 * order of the NESSIE vectors that test_serpent checks (blocks and keys as
 * little-endian words), so their outputs are compared as they are.
 */
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <nettle/cbc.h>
#include <nettle/serpent.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

#define MAX_BLOCKS 200

static tv_rng rng;

/* gcrypt_run does the same with libgcrypt. */
static int gcrypt_run(int algo, int mode, int enc, const uint8_t *key, size_t key_len,
                      const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    gcry_cipher_hd_t h;
    gcry_error_t e = gcry_cipher_open(&h, algo, mode, 0);
    if (e)
        return -1;
    e = gcry_cipher_setkey(h, key, key_len);
    if (!e && iv != NULL)
        e = gcry_cipher_setiv(h, iv, 16);
    if (!e)
        e = enc ? gcry_cipher_encrypt(h, out, len, in, len)
                : gcry_cipher_decrypt(h, out, len, in, len);
    gcry_cipher_close(h);
    return e ? -1 : 0;
}

static const int gcry_algo[3] = {GCRY_CIPHER_SERPENT128, GCRY_CIPHER_SERPENT192,
                                 GCRY_CIPHER_SERPENT256};

/* vs_gcrypt compares one random message in ECB, CBC and XTS both ways. */
static void vs_gcrypt(const char *impl)
{
    static uint8_t pt[MAX_BLOCKS * 16], ct[MAX_BLOCKS * 16], got[MAX_BLOCKS * 16],
        want[MAX_BLOCKS * 16];
    static const char *const modes[3] = {"ecb", "cbc", "xts"};
    static const int gmodes[3] = {GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_CBC,
                                  GCRY_CIPHER_MODE_XTS};
    uint8_t key[64], iv[16];
    size_t size = tv_rng_below(&rng, 3), bits = 128 + 64 * size;
    size_t mode = tv_rng_below(&rng, 3);
    size_t len = mode == 2 ? 16 + tv_rng_below(&rng, MAX_BLOCKS * 16 - 15)
                           : 16 * (1 + tv_rng_below(&rng, MAX_BLOCKS));
    size_t key_len = bits / 8 * (mode == 2 ? 2 : 1);
    char name[32];

    snprintf(name, sizeof(name), "serpent-%zu-%s", bits, modes[mode]);
    tv_rng_fill(&rng, key, sizeof(key));
    tv_rng_fill(&rng, iv, sizeof(iv));
    tv_rng_fill(&rng, pt, len);
    if (!tv_check_int(gcrypt_run(gcry_algo[size], gmodes[mode], 1, key, key_len,
                                 mode ? iv : NULL, want, pt, len),
                      0, "libgcrypt %s", name) ||
        !tv_check_int(tv_cipher_run(name, 1, key, iv, got, pt, len), 0, "%s %zu bytes", name, len))
        return;
    tv_check_mem(got, want, len, "%s %s encrypt %zu bytes vs libgcrypt", impl, name, len);
    memcpy(ct, want, len);
    if (tv_check_int(tv_cipher_run(name, 0, key, iv, got, ct, len), 0, "%s decrypt", name))
        tv_check_mem(got, pt, len, "%s %s decrypt %zu bytes", impl, name, len);
}

/* vs_nettle compares serpent-N-ecb or -cbc through the API (16-, 24- and
 * 32-byte keys), then the ECB kernels on a key of 1 to 32 bytes. */
static void vs_nettle(const char *impl)
{
    static uint8_t pt[MAX_BLOCKS * 16], got[MAX_BLOCKS * 16], want[MAX_BLOCKS * 16];
    struct serpent_ctx nctx;
    uint8_t key[32], iv[16], chain[16];
    size_t n = 1 + tv_rng_below(&rng, MAX_BLOCKS), len = 16 * n;
    size_t key_len = 16 + 8 * tv_rng_below(&rng, 3);
    char name[32];

    tv_rng_fill(&rng, key, sizeof(key));
    tv_rng_fill(&rng, iv, sizeof(iv));
    tv_rng_fill(&rng, pt, len);
    serpent_set_key(&nctx, key_len, key);
    int cbc = tv_rng_below(&rng, 2) != 0;
    snprintf(name, sizeof(name), "serpent-%zu-%s", key_len * 8, cbc ? "cbc" : "ecb");
    if (cbc) {
        memcpy(chain, iv, 16);
        cbc_encrypt(&nctx, (nettle_cipher_func *)serpent_encrypt, 16, chain, len, want, pt);
    } else {
        serpent_encrypt(&nctx, len, want, pt);
    }
    if (!tv_check_int(tv_cipher_run(name, 1, key, iv, got, pt, len), 0, "%s", name))
        return;
    tv_check_mem(got, want, len, "%s %s encrypt %zu blocks vs Nettle", impl, name, n);
    if (cbc) {
        memcpy(chain, iv, 16);
        cbc_decrypt(&nctx, (nettle_cipher_func *)serpent_decrypt, 16, chain, len, got, want);
    } else {
        serpent_decrypt(&nctx, len, got, want);
    }
    tv_check_mem(got, pt, len, "Nettle %s round trip", name);
    if (tv_check_int(tv_cipher_run(name, 0, key, iv, got, want, len), 0, "%s decrypt", name))
        tv_check_mem(got, pt, len, "%s %s decrypt %zu blocks vs Nettle", impl, name, n);

    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
    key_len = 1 + tv_rng_below(&rng, 32);
    serpent_set_key(&nctx, key_len, key);
    serpent_encrypt(&nctx, len, want, pt);
    if (!tv_check_int(brisk_serpent_cipher.setkey(ks, key, key_len, 0), 0, "%zu-byte key",
                      key_len))
        return;
    brisk_serpent_cipher.encrypt(ks, got, pt, n);
    tv_check_mem(got, want, len, "%s %zu-byte key, %zu blocks vs Nettle", impl, key_len, n);
    brisk_serpent_cipher.decrypt(ks, got, got, n);
    tv_check_mem(got, pt, len, "%s %zu-byte key decrypt in place", impl, key_len);
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;
    int rounds = tv_quick() ? 30 : 200;

    tv_begin("test_diff_serpent");
    tv_rng_init(&rng, tv_seed());
    if (!gcry_check_version(GCRYPT_VERSION)) {
        tv_fail("libgcrypt version mismatch");
        return tv_end();
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    for (i = 0; (impl = tv_impl_next("serpent", &i)) != NULL;)
        for (int r = 0; r < rounds; r++) {
            vs_gcrypt(impl);
            vs_nettle(impl);
        }
    tv_note("serpent tested: %s", tv_impl_list("serpent", list, sizeof(list)));
    return tv_end();
}
