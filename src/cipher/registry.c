/*
 * src/cipher/registry.c - the one table of ciphers, under OpenSSL's names
 * and aliases (`openssl enc -list`, `openssl list -cipher-algorithms`), and
 * lookup by name.  Each block cipher comes in ECB, CBC, CFB and OFB; AES
 * also in CTR, GCM and XTS.  Serpent, which OpenSSL lacks, is named as AES
 * is (serpent-256-cbc, alias serpent256), and also comes in XTS.
 * ChaCha20 and ChaCha20-Poly1305 are OpenSSL's chacha20 and
 * chacha20-poly1305.
 */
#include "internal.h"

/* Descriptor builders: every value comes from the arguments. */
#define BLOCK(nm, al, md, fl, key, kmin, kmax, iv, blk, bcp) \
    {nm, al, md, fl, key, kmin, kmax, iv, blk, bcp, NULL}
/* FOUR_MODES: ECB, CBC, CFB and OFB of one block cipher, OpenSSL-named
 * P-ecb, P-cbc, P-cfb, P-ofb; the CBC one takes the aliases cbc_al. */
#define FOUR_MODES(P, cbc_al, fl, key, kmin, kmax, b, bcp)                      \
    BLOCK(P "-ecb", NULL, BRISK_MODE_ECB, fl, key, kmin, kmax, 0, b, bcp),        \
    BLOCK(P "-cbc", cbc_al, BRISK_MODE_CBC, fl, key, kmin, kmax, b, b, bcp),      \
    BLOCK(P "-cfb", NULL, BRISK_MODE_CFB, fl, key, kmin, kmax, b, 1, bcp),        \
    BLOCK(P "-ofb", NULL, BRISK_MODE_OFB, fl, key, kmin, kmax, b, 1, bcp)
/* AES_SIZE: the five SP 800-38A modes of one AES key size. */
#define AES_SIZE(P, cbc_al, key)                                                 \
    FOUR_MODES(P, cbc_al, 0, key, key, key, 16, &brisk_aes_cipher),              \
    BLOCK(P "-ctr", NULL, BRISK_MODE_CTR, 0, key, key, key, 16, 1, &brisk_aes_cipher)

static const char *const aes128_al[] = {"aes128", NULL};
static const char *const aes192_al[] = {"aes192", NULL};
static const char *const aes256_al[] = {"aes256", NULL};
static const char *const gcm128_al[] = {"id-aes128-GCM", NULL};
static const char *const gcm192_al[] = {"id-aes192-GCM", NULL};
static const char *const gcm256_al[] = {"id-aes256-GCM", NULL};
static const char *const des_al[] = {"des", NULL};
static const char *const des_ede_al[] = {"des-ede-ecb", NULL};
static const char *const des_ede3_al[] = {"des-ede3-ecb", NULL};
static const char *const des3_al[] = {"des3", NULL};
static const char *const bf_al[] = {"bf", "blowfish", NULL};
static const char *const cast_al[] = {"cast", "cast-cbc", NULL};
static const char *const idea_al[] = {"idea", NULL};
static const char *const rc2_al[] = {"rc2", NULL};
static const char *const rc5_al[] = {"rc5", NULL};
static const char *const serpent128_al[] = {"serpent128", NULL};
static const char *const serpent192_al[] = {"serpent192", NULL};
static const char *const serpent256_al[] = {"serpent256", NULL};
static const char *const twofish128_al[] = {"twofish128", NULL};
static const char *const twofish192_al[] = {"twofish192", NULL};
static const char *const twofish256_al[] = {"twofish256", NULL};

enum { CT = 0, NOCT = BRISK_CIPHER_NOCT, VAR = BRISK_CIPHER_VARKEY };

static const brisk_cipher ciphers[] = {
    AES_SIZE("aes-128", aes128_al, 16),
    AES_SIZE("aes-192", aes192_al, 24),
    AES_SIZE("aes-256", aes256_al, 32),
    BLOCK("aes-128-gcm", gcm128_al, BRISK_MODE_GCM, BRISK_CIPHER_AEAD, 16, 16, 16, 12, 1,
          &brisk_aes_cipher),
    BLOCK("aes-192-gcm", gcm192_al, BRISK_MODE_GCM, BRISK_CIPHER_AEAD, 24, 24, 24, 12, 1,
          &brisk_aes_cipher),
    BLOCK("aes-256-gcm", gcm256_al, BRISK_MODE_GCM, BRISK_CIPHER_AEAD, 32, 32, 32, 12, 1,
          &brisk_aes_cipher),
    BLOCK("aes-128-xts", NULL, BRISK_MODE_XTS, 0, 32, 32, 32, 16, 1, &brisk_aes_cipher),
    BLOCK("aes-256-xts", NULL, BRISK_MODE_XTS, 0, 64, 64, 64, 16, 1, &brisk_aes_cipher),

    FOUR_MODES("des", des_al, NOCT, 8, 8, 8, 8, &brisk_des_cipher),
    /* OpenSSL names two- and three-key 3DES in ECB without a suffix. */
    BLOCK("des-ede", des_ede_al, BRISK_MODE_ECB, NOCT, 16, 16, 16, 0, 8, &brisk_des_ede_cipher),
    BLOCK("des-ede-cbc", NULL, BRISK_MODE_CBC, NOCT, 16, 16, 16, 8, 8, &brisk_des_ede_cipher),
    BLOCK("des-ede-cfb", NULL, BRISK_MODE_CFB, NOCT, 16, 16, 16, 8, 1, &brisk_des_ede_cipher),
    BLOCK("des-ede-ofb", NULL, BRISK_MODE_OFB, NOCT, 16, 16, 16, 8, 1, &brisk_des_ede_cipher),
    BLOCK("des-ede3", des_ede3_al, BRISK_MODE_ECB, NOCT, 24, 24, 24, 0, 8, &brisk_des_ede3_cipher),
    BLOCK("des-ede3-cbc", des3_al, BRISK_MODE_CBC, NOCT, 24, 24, 24, 8, 8, &brisk_des_ede3_cipher),
    BLOCK("des-ede3-cfb", NULL, BRISK_MODE_CFB, NOCT, 24, 24, 24, 8, 1, &brisk_des_ede3_cipher),
    BLOCK("des-ede3-ofb", NULL, BRISK_MODE_OFB, NOCT, 24, 24, 24, 8, 1, &brisk_des_ede3_cipher),

    FOUR_MODES("bf", bf_al, NOCT | VAR, 16, 1, 72, 8, &brisk_bf_cipher),
    FOUR_MODES("cast5", cast_al, NOCT | VAR, 16, 5, 16, 8, &brisk_cast5_cipher),
    FOUR_MODES("idea", idea_al, CT, 16, 16, 16, 8, &brisk_idea_cipher),
    FOUR_MODES("rc2", rc2_al, NOCT | VAR, 16, 1, 128, 8, &brisk_rc2_cipher),
    /* Fixed key sizes whose effective key bits follow from the length. */
    BLOCK("rc2-40-cbc", NULL, BRISK_MODE_CBC, NOCT, 5, 5, 5, 8, 8, &brisk_rc2_cipher),
    BLOCK("rc2-64-cbc", NULL, BRISK_MODE_CBC, NOCT, 8, 8, 8, 8, 8, &brisk_rc2_cipher),
    FOUR_MODES("rc5", rc5_al, VAR, 16, 0, 255, 8, &brisk_rc5_cipher),
    FOUR_MODES("serpent-128", serpent128_al, CT, 16, 16, 16, 16, &brisk_serpent_cipher),
    FOUR_MODES("serpent-192", serpent192_al, CT, 24, 24, 24, 16, &brisk_serpent_cipher),
    FOUR_MODES("serpent-256", serpent256_al, CT, 32, 32, 32, 16, &brisk_serpent_cipher),
    BLOCK("serpent-128-xts", NULL, BRISK_MODE_XTS, CT, 32, 32, 32, 16, 1, &brisk_serpent_cipher),
    BLOCK("serpent-192-xts", NULL, BRISK_MODE_XTS, CT, 48, 48, 48, 16, 1, &brisk_serpent_cipher),
    BLOCK("serpent-256-xts", NULL, BRISK_MODE_XTS, CT, 64, 64, 64, 16, 1, &brisk_serpent_cipher),
    /* Twofish indexes key-dependent tables by data: not constant-time. */
    FOUR_MODES("twofish-128", twofish128_al, NOCT, 16, 16, 16, 16, &brisk_twofish_cipher),
    FOUR_MODES("twofish-192", twofish192_al, NOCT, 24, 24, 24, 16, &brisk_twofish_cipher),
    FOUR_MODES("twofish-256", twofish256_al, NOCT, 32, 32, 32, 16, &brisk_twofish_cipher),
    BLOCK("twofish-128-xts", NULL, BRISK_MODE_XTS, NOCT, 32, 32, 32, 16, 1, &brisk_twofish_cipher),
    BLOCK("twofish-192-xts", NULL, BRISK_MODE_XTS, NOCT, 48, 48, 48, 16, 1, &brisk_twofish_cipher),
    BLOCK("twofish-256-xts", NULL, BRISK_MODE_XTS, NOCT, 64, 64, 64, 16, 1, &brisk_twofish_cipher),

    {"rc4", NULL, BRISK_MODE_STREAM, NOCT | VAR, 16, 1, 256, 0, 1, NULL, &brisk_rc4_cipher},
    {"rc4-40", NULL, BRISK_MODE_STREAM, NOCT, 5, 5, 5, 0, 1, NULL, &brisk_rc4_cipher},
    {"chacha20", NULL, BRISK_MODE_CHACHA20, CT, 32, 32, 32, 16, 1, NULL, &brisk_chacha20_cipher},
    {"chacha20-poly1305", NULL, BRISK_MODE_CHACHA20_POLY1305, BRISK_CIPHER_AEAD, 32, 32, 32, 12, 1,
     NULL, &brisk_chacha20_cipher},
};
#define N_CIPHERS (sizeof(ciphers) / sizeof(ciphers[0]))

const brisk_cipher *brisk_cipher_at(size_t i)
{
    return i < N_CIPHERS ? &ciphers[i] : NULL;
}

const brisk_cipher *brisk_cipher_by_name(const char *name)
{
    for (size_t i = 0; i < N_CIPHERS; i++)
        if (brisk_name_matches(name, ciphers[i].name, NULL, ciphers[i].aliases))
            return &ciphers[i];
    return NULL;
}
