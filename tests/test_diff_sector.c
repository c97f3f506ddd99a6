/*
 * tests/test_diff_sector.c - the sector API (brisk/sector.h) against
 * independent libraries: sectors written by brisk are decrypted by OpenSSL's
 * libcrypto EVP (aes-128/192/256-cbc, aes-128/256-xts, aes-*-ecb for ESSIV)
 * and libgcrypt (aes-192-xts, which OpenSSL lacks, and Serpent and Twofish
 * in CBC and XTS once brisk's registry has them),
 * one sector at a time with the IV computed here from the sector number as
 * dm-crypt does (ESSIV: the salt hashed and the IV encrypted with EVP too);
 * and the other way round (the libraries encrypt, brisk decrypts).  Every IV
 * generator, sector sizes 512, 1024 and 4096, with and without
 * BRISK_SECTOR_LARGE_IV, start sectors near 0 and near 2^64 - 1, under every
 * AES implementation this CPU can run.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#ifdef BRISK_HAVE_GCRYPT
#include <gcrypt.h>
#endif

#include <brisk/brisk.h>

#include "vectors.h"

#define MAX_SECTORS 9

/* The IV generators, as dm-crypt's crypt_iv_*_gen. */
enum { G_NULL, G_PLAIN, G_PLAIN64, G_PLAIN64BE, G_ESSIV256 };
static const char *const gen_names[] = {"null", "plain", "plain64", "plain64be", "essiv:sha256"};

static void put_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_be64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[7 - i] = (uint8_t)(v >> (8 * i));
}

/* evp_raw runs EVP cipher name on len bytes without padding; 0 on success. */
static int evp_raw(const char *name, int enc, const uint8_t *key, const uint8_t *iv,
                   uint8_t *out, const uint8_t *in, size_t len)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, m = 0, ok = c != NULL && ctx != NULL &&
                           EVP_CipherInit_ex2(ctx, c, key, iv, enc, NULL) == 1 &&
                           EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 &&
                           EVP_CipherUpdate(ctx, out, &n, in, (int)len) == 1 &&
                           EVP_CipherFinal_ex(ctx, out + n, &m) == 1 && (size_t)(n + m) == len;
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
    return ok ? 0 : -1;
}

#ifdef BRISK_HAVE_GCRYPT
/* gcry_raw runs libgcrypt's algo in mode on len bytes; 0 on success. */
static int gcry_raw(int algo, int mode, int enc, const uint8_t *key, size_t key_len,
                    const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, algo, mode, 0) != 0)
        return -1;
    int ok = gcry_cipher_setkey(h, key, key_len) == 0 &&
             (mode == GCRY_CIPHER_MODE_ECB || gcry_cipher_setiv(h, iv, 16) == 0) &&
             (enc ? gcry_cipher_encrypt(h, out, len, in, len)
                  : gcry_cipher_decrypt(h, out, len, in, len)) == 0;
    gcry_cipher_close(h);
    return ok ? 0 : -1;
}

static int gcry_algo(const char *cipher, size_t key_len)
{
    if (strcmp(cipher, "serpent") == 0)
        return key_len == 16 ? GCRY_CIPHER_SERPENT128
               : key_len == 24 ? GCRY_CIPHER_SERPENT192
                               : GCRY_CIPHER_SERPENT256;
    return key_len == 16 ? GCRY_CIPHER_TWOFISH128 : GCRY_CIPHER_TWOFISH;
}
#endif

/* ref_sector encrypts or decrypts one sector of cipher/mode/key with the
 * raw IV iv through the independent library; 0 on success. */
static int ref_sector(const char *cipher, const char *mode, int enc, const uint8_t *key,
                      size_t key_len, const uint8_t *iv, uint8_t *out, const uint8_t *in,
                      size_t len)
{
    char name[64];
    size_t ck = strcmp(mode, "xts") == 0 ? key_len / 2 : key_len;
#ifdef BRISK_HAVE_GCRYPT
    /* OpenSSL has no aes-192-xts; libgcrypt has. */
    if (strcmp(cipher, "aes") == 0 && strcmp(mode, "xts") == 0 && ck == 24)
        return gcry_raw(GCRY_CIPHER_AES192, GCRY_CIPHER_MODE_XTS, enc, key, key_len, iv, out, in,
                        len);
#endif
    if (strcmp(cipher, "aes") == 0) {
        snprintf(name, sizeof(name), "aes-%zu-%s", 8 * ck, mode);
        return evp_raw(name, enc, key, iv, out, in, len);
    }
#ifdef BRISK_HAVE_GCRYPT
    int m = strcmp(mode, "xts") == 0   ? GCRY_CIPHER_MODE_XTS
            : strcmp(mode, "cbc") == 0 ? GCRY_CIPHER_MODE_CBC
                                       : GCRY_CIPHER_MODE_ECB;
    return gcry_raw(gcry_algo(cipher, ck), m, enc, key, key_len, iv, out, in, len);
#else
    return -1;
#endif
}

/* ref_iv computes the IV of IV sector number v as dm-crypt does; essiv
 * encrypts it with cipher keyed by the hash of the whole volume key. */
static int ref_iv(int gen, const char *cipher, const uint8_t *key, size_t key_len, uint64_t v,
                  uint8_t iv[16])
{
    memset(iv, 0, 16);
    switch (gen) {
    case G_NULL:
        return 0;
    case G_PLAIN:
        put_le64(iv, v & 0xffffffffu);
        return 0;
    case G_PLAIN64:
        put_le64(iv, v);
        return 0;
    case G_PLAIN64BE:
        put_be64(iv + 8, v);
        return 0;
    default: {
        uint8_t salt[64], tmp[16];
        unsigned salt_len = 0;
        if (EVP_Digest(key, key_len, salt, &salt_len, EVP_sha256(), NULL) != 1)
            return -1;
        put_le64(tmp, v);
        memset(tmp + 8, 0, 8);
        return ref_sector(cipher, "ecb", 1, salt, salt_len, NULL, iv, tmp, 16);
    }
    }
}

static int has_cipher(const char *cipher)
{
    char name[64];
    snprintf(name, sizeof(name), "%s-128-cbc", cipher);
    return brisk_cipher_by_name(name) != NULL;
}

/* one_case writes n sectors from start with brisk and checks each against
 * the reference library, both directions. */
static void one_case(tv_rng *r, const char *cipher, const char *mode, int gen, size_t key_len,
                     size_t sector_size, unsigned flags, uint64_t start, size_t n)
{
    char spec[64];
    uint8_t key[64], iv[16];
    size_t len = n * sector_size;
    uint8_t *pt = malloc(len), *ct = malloc(len), *back = malloc(len), *ref = malloc(len);
    brisk_sector_ctx ctx;
    unsigned shift = 0;
    while ((512u << shift) < sector_size)
        shift++;
    if (flags & BRISK_SECTOR_LARGE_IV)
        shift = 0;
    snprintf(spec, sizeof(spec), "%s-%s-%s", cipher, mode, gen_names[gen]);
    tv_rng_fill(r, key, sizeof(key));
    tv_rng_fill(r, pt, len);
    if (!tv_check_int(brisk_sector_init(&ctx, spec, key, key_len, sector_size, flags), 0,
                      "init %s key %zu sector %zu", spec, key_len, sector_size))
        goto done;
    tv_check_int(brisk_sector_encrypt(&ctx, ct, pt, start, n), 0, "%s encrypt", spec);
    for (size_t i = 0; i < n; i++) {
        uint64_t v = (start + i) << shift;
        size_t off = i * sector_size;
        if (ref_iv(gen, cipher, key, key_len, v, iv) != 0 ||
            ref_sector(cipher, mode, 0, key, key_len, iv, ref + off, ct + off, sector_size) != 0 ||
            ref_sector(cipher, mode, 1, key, key_len, iv, back + off, pt + off,
                       sector_size) != 0) {
            tv_fail("%s: reference library failed", spec);
            goto done;
        }
    }
    tv_check_mem(ref, pt, len, "%s key %zu sector %zu flags %u start %llu n %zu: ref decrypts",
                 spec, key_len, sector_size, flags, (unsigned long long)start, n);
    tv_check_mem(back, ct, len, "%s key %zu sector %zu flags %u start %llu n %zu: same ct", spec,
                 key_len, sector_size, flags, (unsigned long long)start, n);
    /* brisk decrypts the reference's ciphertext (here equal: so in place). */
    tv_check_int(brisk_sector_decrypt(&ctx, back, back, start, n), 0, "%s decrypt", spec);
    tv_check_mem(back, pt, len, "%s key %zu sector %zu: brisk decrypts ref", spec, key_len,
                 sector_size);
done:
    brisk_sector_cleanup(&ctx);
    free(pt);
    free(ct);
    free(back);
    free(ref);
}

static void run_cipher(tv_rng *r, const char *cipher)
{
    static const size_t sizes[] = {512, 1024, 4096};
    static const char *const modes[] = {"cbc", "xts"};
    int quick = tv_quick();
    for (size_t m = 0; m < 2; m++)
        for (int gen = G_NULL; gen <= G_ESSIV256; gen++)
            for (size_t s = 0; s < 3; s++)
                for (unsigned flags = 0; flags <= BRISK_SECTOR_LARGE_IV; flags++) {
                    size_t klens[3] = {16, 32, 24};
                    size_t nk = strcmp(cipher, "twofish") == 0 ? 2 : 3;
                    for (size_t k = 0; k < nk; k++) {
                        size_t key_len = klens[k] * (m == 1 ? 2 : 1);
#ifndef BRISK_HAVE_GCRYPT
                        /* OpenSSL has no aes-192-xts (libgcrypt has). */
                        if (m == 1 && klens[k] == 24 && strcmp(cipher, "aes") == 0)
                            continue;
#endif
                        if (quick && k == 2)
                            continue;
                        size_t n = 1 + tv_rng_below(r, MAX_SECTORS);
                        uint64_t start = tv_rng_u64(r);
                        if (tv_rng_below(r, 2))
                            start = UINT64_MAX - tv_rng_below(r, 12);
                        else if (tv_rng_below(r, 2))
                            start = tv_rng_below(r, 1u << 20);
                        one_case(r, cipher, modes[m], gen, key_len, sizes[s], flags, start, n);
                    }
                }
}

int main(void)
{
    tv_rng r;
    char list[128];
    const char *impl;
    size_t i = 0;

    tv_begin("test_diff_sector");
    tv_rng_init(&r, tv_seed());
#ifdef BRISK_HAVE_GCRYPT
    if (!gcry_check_version(NULL))
        tv_fail("libgcrypt version check");
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
#endif
    tv_note("aes: %s", tv_impl_list("aes", list, sizeof(list)));
    while ((impl = tv_impl_next("aes", &i)) != NULL)
        run_cipher(&r, "aes");
    static const char *const others[] = {"serpent", "twofish"};
    for (size_t c = 0; c < 2; c++) {
#ifdef BRISK_HAVE_GCRYPT
        if (has_cipher(others[c])) {
            tv_note("%s: against libgcrypt", others[c]);
            run_cipher(&r, others[c]);
            continue;
        }
#endif
        tv_note("%s: not in this build's registry or no libgcrypt: skipped", others[c]);
    }
    return tv_end();
}
