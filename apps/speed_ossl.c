/*
 * apps/speed_ossl.c - `brisk speed -compare openssl`: the same cells timed
 * through OpenSSL's libcrypto, loaded at run time with dlopen (no build-time
 * dependency on OpenSSL: the few types and functions used are declared
 * here), in the same process, on the same buffer and with the same keys,
 * right after each of brisk's samples.
 *
 * What is timed is what OpenSSL 3.0's apps/speed.c times, call for call:
 * digests as one EVP_Digest per block with an EVP_MD fetched by name; HMAC
 * as its EVP_MAC "HMAC" keyed once, then EVP_MAC_init without a key,
 * EVP_MAC_update and EVP_MAC_final per block; ciphers as one
 * EVP_EncryptUpdate (EVP_DecryptUpdate with -decrypt) per block on a
 * context keyed once, padding off (its EVP_Update_loop); GCM with -evp as
 * whole messages (IV length, key and IV, 13 bytes of AAD with -aead, the
 * payload, final, and the tag when decrypting: its
 * EVP_Update_loop_aead_enc/_dec); ghash as EVP_MAC "GMAC" over
 * aes-128-gcm initialised once and then only updated; rand as RAND_bytes;
 * ECDH as EVP_PKEY_derive with brisk's two keys (X25519, X448 given raw;
 * P-256, P-384, P-521 as PKCS#8 and SubjectPublicKeyInfo DER), which must
 * give brisk's secret; RSA, DSA and ECDSA as EVP_PKEY_sign and
 * EVP_PKEY_verify of 36 (RSA) or 20 (DSA, ECDSA) bytes, PKCS#1 v1.5
 * padding without a digest for RSA, and libcrypto must verify brisk's
 * ECDSA signature; EdDSA as EVP_DigestSign and EVP_DigestVerify of 20
 * bytes on EVP_MD_CTXs initialised once, and libcrypto's signature must be
 * brisk's (EdDSA is deterministic).  Where OpenSSL generates keys or uses
 * its own test keys, this uses brisk's key of the row, passed as DER to
 * d2i_PrivateKey (RSA, DSA) or d2i_AutoPrivateKey (PKCS#8: EC, Ed25519,
 * Ed448), so that both sides do the same arithmetic.
 *
 * The legacy provider is loaded beside the default one (md4, mdc2, rmd160,
 * des, rc2, rc4, rc5, idea, bf, cast, seed live there); what libcrypto
 * cannot do (an algorithm it lacks, a key it refuses) is `n/a`, said once
 * per row on stderr.  Before a cell is timed, libcrypto must compute what
 * brisk computes on the same buffer (a digest, an HMAC tag, a cipher's
 * output; when decrypting GCM messages, open brisk's): else the keys or
 * the algorithms differ, and the cell is n/a too.  BRISK_LIBCRYPTO names another libcrypto to load.
 *
 * Not constant-time code; nothing secret is handled but benchmark keys.
 */
#include <dlfcn.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <brisk/cipher.h>
#include <brisk/dh.h>
#include <brisk/digest.h>
#include <brisk/mac.h>

#include "speed.h"

#define OSSL_DEFAULT_LIB "libcrypto.so.3"
#define AEAD_AAD_LEN 13

/* The types and constants of OpenSSL 3.0's ABI that are used (from its
 * openssl/core.h, evp.h and obj_mac.h). */
typedef struct ossl_param {
    const char *key;
    unsigned int data_type;
    void *data;
    size_t data_size;
    size_t return_size;
} ossl_param;
#define OSSL_PARAM_UTF8_STRING 4
#define OSSL_PARAM_OCTET_STRING 5
#define OSSL_PARAM_UNMODIFIED ((size_t)-1)
#define EVP_CIPH_GCM_MODE 0x6
#define EVP_CIPH_CCM_MODE 0x7
#define EVP_CTRL_AEAD_SET_IVLEN 0x9
#define EVP_CTRL_AEAD_GET_TAG 0x10
#define EVP_CTRL_AEAD_SET_TAG 0x11
#define EVP_PKEY_RSA 6   /* NID_rsaEncryption */
#define EVP_PKEY_DSA 116 /* NID_dsa */
#define EVP_PKEY_X25519 1034 /* NID_X25519 */
#define EVP_PKEY_X448 1035 /* NID_X448 */
#define EVP_MAX_MD_SIZE 64

/* The functions, resolved by name into the fields of one struct. */
static struct ossl_api {
    const char *(*OpenSSL_version)(int);
    void *(*OSSL_PROVIDER_load)(void *, const char *);
    int (*OSSL_PROVIDER_unload)(void *);
    void (*ERR_clear_error)(void);
    void *(*EVP_MD_fetch)(void *, const char *, const char *);
    void (*EVP_MD_free)(void *);
    int (*EVP_Digest)(const void *, size_t, unsigned char *, unsigned int *, const void *,
                      void *);
    void *(*EVP_MAC_fetch)(void *, const char *, const char *);
    void (*EVP_MAC_free)(void *);
    void *(*EVP_MAC_CTX_new)(void *);
    void (*EVP_MAC_CTX_free)(void *);
    int (*EVP_MAC_init)(void *, const unsigned char *, size_t, const ossl_param *);
    int (*EVP_MAC_update)(void *, const unsigned char *, size_t);
    int (*EVP_MAC_final)(void *, unsigned char *, size_t *, size_t);
    void *(*EVP_CIPHER_fetch)(void *, const char *, const char *);
    void (*EVP_CIPHER_free)(void *);
    int (*EVP_CIPHER_get_mode)(const void *);
    void *(*EVP_CIPHER_CTX_new)(void);
    void (*EVP_CIPHER_CTX_free)(void *);
    int (*EVP_CipherInit_ex)(void *, const void *, void *, const unsigned char *,
                             const unsigned char *, int);
    int (*EVP_CIPHER_CTX_set_key_length)(void *, int);
    int (*EVP_CIPHER_CTX_set_padding)(void *, int);
    int (*EVP_CIPHER_CTX_ctrl)(void *, int, int, void *);
    int (*EVP_EncryptUpdate)(void *, unsigned char *, int *, const unsigned char *, int);
    int (*EVP_DecryptUpdate)(void *, unsigned char *, int *, const unsigned char *, int);
    int (*EVP_EncryptFinal_ex)(void *, unsigned char *, int *);
    int (*EVP_DecryptFinal_ex)(void *, unsigned char *, int *);
    int (*RAND_bytes)(unsigned char *, int);
    void *(*d2i_PrivateKey)(int, void **, const unsigned char **, long);
    void (*EVP_PKEY_free)(void *);
    void *(*EVP_PKEY_CTX_new)(void *, void *);
    void (*EVP_PKEY_CTX_free)(void *);
    int (*EVP_PKEY_sign_init)(void *);
    int (*EVP_PKEY_sign)(void *, unsigned char *, size_t *, const unsigned char *, size_t);
    int (*EVP_PKEY_verify_init)(void *);
    int (*EVP_PKEY_verify)(void *, const unsigned char *, size_t, const unsigned char *,
                           size_t);
    void *(*EVP_PKEY_CTX_new_from_name)(void *, const char *, const char *);
    int (*EVP_PKEY_keygen_init)(void *);
    int (*EVP_PKEY_CTX_set_params)(void *, const ossl_param *);
    int (*EVP_PKEY_generate)(void *, void **);
    void *(*EVP_PKEY_new_raw_private_key)(int, void *, const unsigned char *, size_t);
    void *(*EVP_PKEY_new_raw_public_key)(int, void *, const unsigned char *, size_t);
    int (*EVP_PKEY_derive_init)(void *);
    int (*EVP_PKEY_derive_set_peer)(void *, void *);
    int (*EVP_PKEY_derive)(void *, unsigned char *, size_t *);
    void *(*d2i_AutoPrivateKey)(void **, const unsigned char **, long);
    void *(*d2i_PUBKEY)(void **, const unsigned char **, long);
    void *(*EVP_MD_CTX_new)(void);
    void (*EVP_MD_CTX_free)(void *);
    int (*EVP_DigestSignInit)(void *, void **, const void *, void *, void *);
    int (*EVP_DigestSign)(void *, unsigned char *, size_t *, const unsigned char *, size_t);
    int (*EVP_DigestVerifyInit)(void *, void **, const void *, void *, void *);
    int (*EVP_DigestVerify)(void *, const unsigned char *, size_t, const unsigned char *,
                            size_t);
} api;

static const struct {
    const char *name;
    size_t offset;
} api_names[] = {
#define API(f) {#f, offsetof(struct ossl_api, f)}
    API(OpenSSL_version), API(OSSL_PROVIDER_load), API(OSSL_PROVIDER_unload),
    API(ERR_clear_error), API(EVP_MD_fetch),
    API(EVP_MD_free), API(EVP_Digest), API(EVP_MAC_fetch), API(EVP_MAC_free),
    API(EVP_MAC_CTX_new), API(EVP_MAC_CTX_free), API(EVP_MAC_init), API(EVP_MAC_update),
    API(EVP_MAC_final), API(EVP_CIPHER_fetch), API(EVP_CIPHER_free), API(EVP_CIPHER_get_mode),
    API(EVP_CIPHER_CTX_new), API(EVP_CIPHER_CTX_free), API(EVP_CipherInit_ex),
    API(EVP_CIPHER_CTX_set_key_length), API(EVP_CIPHER_CTX_set_padding),
    API(EVP_CIPHER_CTX_ctrl), API(EVP_EncryptUpdate), API(EVP_DecryptUpdate),
    API(EVP_EncryptFinal_ex), API(EVP_DecryptFinal_ex), API(RAND_bytes), API(d2i_PrivateKey),
    API(EVP_PKEY_free), API(EVP_PKEY_CTX_new), API(EVP_PKEY_CTX_free), API(EVP_PKEY_sign_init),
    API(EVP_PKEY_sign), API(EVP_PKEY_verify_init), API(EVP_PKEY_verify),
    API(EVP_PKEY_CTX_new_from_name), API(EVP_PKEY_keygen_init), API(EVP_PKEY_CTX_set_params),
    API(EVP_PKEY_generate), API(EVP_PKEY_new_raw_private_key), API(EVP_PKEY_new_raw_public_key),
    API(EVP_PKEY_derive_init), API(EVP_PKEY_derive_set_peer), API(EVP_PKEY_derive),
    API(d2i_AutoPrivateKey), API(d2i_PUBKEY), API(EVP_MD_CTX_new), API(EVP_MD_CTX_free),
    API(EVP_DigestSignInit), API(EVP_DigestSign), API(EVP_DigestVerifyInit),
    API(EVP_DigestVerify),
#undef API
};

static void *lib;
static void *providers[2];   /* legacy, default: unloaded by speed_ossl_unload */

int speed_ossl_load(speed_run *r)
{
    const char *path = getenv("BRISK_LIBCRYPTO");

    if (path == NULL || path[0] == '\0')
        path = OSSL_DEFAULT_LIB;
    lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        const char *why = dlerror();
        app_error("speed", "cannot load %s: %s; install libssl3", path,
                  why != NULL ? why : "unknown error");
        return -1;
    }
    for (size_t i = 0; i < sizeof(api_names) / sizeof(api_names[0]); i++) {
        void *sym = dlsym(lib, api_names[i].name);
        if (sym == NULL) {
            app_error("speed", "%s has no %s: not OpenSSL 3's libcrypto", path,
                      api_names[i].name);
            dlclose(lib);
            lib = NULL;
            return -1;
        }
        memcpy((char *)&api + api_names[i].offset, &sym, sizeof(sym));
    }
    /* Loading one provider turns off the implicit default one: load both;
     * without the legacy one its algorithms are n/a. */
    providers[0] = api.OSSL_PROVIDER_load(NULL, "legacy");
    providers[1] = api.OSSL_PROVIDER_load(NULL, "default");
    if (providers[1] == NULL) {
        app_error("speed", "%s: cannot load OpenSSL's default provider", path);
        return -1;
    }
    api.ERR_clear_error();
    r->compare_version = api.OpenSSL_version(0);
    return 0;
}

void speed_ossl_unload(void)
{
    for (int i = 0; i < 2; i++)
        if (lib != NULL && providers[i] != NULL)
            api.OSSL_PROVIDER_unload(providers[i]);
    providers[0] = providers[1] = NULL;
}

/* ---- One cell's state ---- */

typedef struct ossl_cell {
    const speed_row *row;
    uint8_t *buf, *out;
    size_t len;
    void *md, *mac, *mctx, *cipher, *ctx;
    int mode;                /* the cipher's EVP mode */
    int aead;                /* whole messages (GCM with -evp) */
} ossl_cell;

static ossl_param param_string(const char *key, const char *value)
{
    ossl_param p = {key, OSSL_PARAM_UTF8_STRING, NULL, strlen(value), OSSL_PARAM_UNMODIFIED};
    memcpy(&p.data, &value, sizeof(p.data));   /* OpenSSL reads it only */
    return p;
}

static ossl_param param_octets(const char *key, const uint8_t *value, size_t len)
{
    ossl_param p = {key, OSSL_PARAM_OCTET_STRING, NULL, len, OSSL_PARAM_UNMODIFIED};
    memcpy(&p.data, &value, sizeof(p.data));
    return p;
}

static void cell_free(ossl_cell *c)
{
    if (c->ctx != NULL)
        api.EVP_CIPHER_CTX_free(c->ctx);
    if (c->cipher != NULL)
        api.EVP_CIPHER_free(c->cipher);
    if (c->mctx != NULL)
        api.EVP_MAC_CTX_free(c->mctx);
    if (c->mac != NULL)
        api.EVP_MAC_free(c->mac);
    if (c->md != NULL)
        api.EVP_MD_free(c->md);
    api.ERR_clear_error();
}

/* fetch_by_names fetches with `fetch` the name or one of the aliases. */
static void *fetch_by_names(void *(*fetch)(void *, const char *, const char *),
                            const char *name, const char *const *aliases)
{
    void *p = fetch(NULL, name, NULL);

    for (size_t i = 0; p == NULL && aliases != NULL && aliases[i] != NULL; i++)
        p = fetch(NULL, aliases[i], NULL);
    return p;
}

/* mac_setup fetches the MAC `name` and makes its context with params. */
static const char *mac_setup(ossl_cell *c, const char *name, const ossl_param *params)
{
    c->mac = api.EVP_MAC_fetch(NULL, name, NULL);
    if (c->mac == NULL)
        return "no such MAC in libcrypto";
    c->mctx = api.EVP_MAC_CTX_new(c->mac);
    if (c->mctx == NULL || api.EVP_MAC_init(c->mctx, NULL, 0, params) != 1)
        return "libcrypto refused the MAC's parameters";
    return NULL;
}

static const char *hmac_setup(ossl_cell *c)
{
    const brisk_digest *md = c->row->md;
    const char *mdname = md->name;
    ossl_param params[3];
    void *probe = api.EVP_MD_fetch(NULL, mdname, NULL);

    /* HMAC takes the digest by name: the first one libcrypto knows. */
    for (size_t i = 0; probe == NULL && md->aliases != NULL && md->aliases[i] != NULL; i++)
        probe = api.EVP_MD_fetch(NULL, mdname = md->aliases[i], NULL);
    if (probe == NULL)
        return "the digest is not in libcrypto";
    api.EVP_MD_free(probe);
    params[0] = param_string("digest", mdname);
    params[1] = param_octets("key", (const uint8_t *)selfcheck_hmac_key,
                             strlen(selfcheck_hmac_key));
    params[2] = (ossl_param){NULL, 0, NULL, 0, 0};
    return mac_setup(c, "HMAC", params);
}

static const char *ghash_setup(ossl_cell *c)
{
    static const char gmac_iv[] = "0123456789ab";
    ossl_param params[4];

    params[0] = param_string("cipher", "aes-128-gcm");
    params[1] = param_octets("iv", (const uint8_t *)gmac_iv, sizeof(gmac_iv) - 1);
    params[2] = param_octets("key", c->row->key, 16);
    params[3] = (ossl_param){NULL, 0, NULL, 0, 0};
    return mac_setup(c, "GMAC", params);
}

/* aead_message is one message of EVP_Update_loop_aead_enc/_dec; 0 or -1. */
static int aead_message(ossl_cell *c, uint8_t tag[BRISK_GCM_TAG_LEN])
{
    static const uint8_t aad[AEAD_AAD_LEN] = {0xcc};
    const speed_row *row = c->row;
    void *ctx = c->ctx;
    int outl, ok;

    ok = api.EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)row->cipher->iv_len,
                                 NULL) == 1;
    ok = ok && api.EVP_CipherInit_ex(ctx, NULL, NULL, row->key, row->iv, -1) == 1;
    if (row->decrypt) {
        ok = ok && api.EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, BRISK_GCM_TAG_LEN,
                                           tag) == 1;
        ok = ok && (!row->aad || api.EVP_DecryptUpdate(ctx, NULL, &outl, aad,
                                                       AEAD_AAD_LEN) == 1);
        ok = ok && api.EVP_DecryptUpdate(ctx, c->out, &outl, c->buf, (int)c->len) == 1;
        return ok && api.EVP_DecryptFinal_ex(ctx, c->out + outl, &outl) == 1 ? 0 : -1;
    }
    ok = ok && (!row->aad || api.EVP_EncryptUpdate(ctx, NULL, &outl, aad, AEAD_AAD_LEN) == 1);
    ok = ok && api.EVP_EncryptUpdate(ctx, c->buf, &outl, c->buf, (int)c->len) == 1;
    ok = ok && api.EVP_EncryptFinal_ex(ctx, c->buf + outl, &outl) == 1;
    return ok ? 0 : -1;
}

static const char *cipher_setup(ossl_cell *c)
{
    const brisk_cipher *bc = c->row->cipher;
    int enc = !c->row->decrypt;

    c->cipher = fetch_by_names(api.EVP_CIPHER_fetch, bc->name, bc->aliases);
    if (c->cipher == NULL)
        return "the cipher is not in libcrypto";
    c->mode = api.EVP_CIPHER_get_mode(c->cipher);
    c->aead = c->row->kind == &speed_aead_kind;
    if (c->aead && c->mode != EVP_CIPH_GCM_MODE)
        return "only GCM is timed in whole messages";
    c->ctx = api.EVP_CIPHER_CTX_new();
    if (c->ctx == NULL || api.EVP_CipherInit_ex(c->ctx, c->cipher, NULL, NULL, NULL, enc) != 1 ||
        api.EVP_CIPHER_CTX_set_key_length(c->ctx, (int)bc->key_len) != 1)
        return "libcrypto refused the cipher or its key length";
    api.EVP_CIPHER_CTX_set_padding(c->ctx, 0);
    if (c->aead && c->row->decrypt) {
        /* brisk's setup left the payload encrypted under the row's key,
         * IV and AAD, and its tag in row->tag: libcrypto must open it. */
        uint8_t tag[BRISK_GCM_TAG_LEN];
        memcpy(tag, c->row->tag, sizeof(tag));
        if (aead_message(c, tag) != 0)
            return "libcrypto did not open brisk's message (key, IV, AAD or tag differ)";
    }
    if (c->aead)
        return NULL;
    if (api.EVP_CipherInit_ex(c->ctx, NULL, NULL, c->row->key,
                              bc->iv_len != 0 ? c->row->iv : NULL, -1) != 1)
        return "libcrypto refused the key";
    return NULL;
}

/* cipher_agrees runs up to 4096 bytes of the buffer (whole blocks)
 * through brisk, with the row's key and IV, and through libcrypto's
 * context, then keys that again; 0 when both wrote the same, else -1. */
static int cipher_agrees(ossl_cell *c)
{
    const speed_row *row = c->row;
    const brisk_cipher *bc = row->cipher;
    size_t n = c->len < 4096 ? c->len : 4096, m;
    brisk_cipher_ctx *ctx = NULL;
    uint8_t *mine = malloc(2 * n + SLACK), *theirs = mine != NULL ? mine + n + SLACK : NULL;
    int outl, ret = -1;

    n -= n % bc->block_len;
    if (mine != NULL && posix_memalign((void **)&ctx, 64, sizeof(*ctx)) == 0 &&
        brisk_cipher_init(ctx, bc, !row->decrypt, row->key, bc->key_len, row->iv,
                          bc->iv_len) == 0 &&
        brisk_cipher_set_padding(ctx, 0) == 0 &&
        brisk_cipher_update(ctx, mine, &m, c->buf, n) == 0 &&
        (row->decrypt ? api.EVP_DecryptUpdate : api.EVP_EncryptUpdate)(
            c->ctx, theirs, &outl, c->buf, (int)n) == 1 &&
        m == (size_t)outl && memcmp(mine, theirs, m) == 0 &&
        api.EVP_CipherInit_ex(c->ctx, NULL, NULL, row->key, bc->iv_len != 0 ? row->iv : NULL,
                              -1) == 1)
        ret = 0;
    if (ctx != NULL) {
        brisk_cipher_cleanup(ctx);
        free(ctx);
    }
    free(mine);
    return ret;
}

/* agrees checks, before timing, that libcrypto computes what brisk does
 * on the cell's buffer with the row's keys (a digest, an HMAC tag, a
 * cipher's output; GHASH, rand and GCM messages aside, the last checked
 * by opening brisk's messages when decrypting): NULL, or why not. */
static const char *agrees(ossl_cell *c)
{
    const speed_row *row = c->row;
    uint8_t mine[EVP_MAX_MD_SIZE], theirs[EVP_MAX_MD_SIZE];
    size_t outl;
    int ok = 1;

    if (row->kind == &speed_digest_kind) {
        brisk_digest_oneshot(row->md, mine, c->buf, c->len);
        ok = api.EVP_Digest(c->buf, c->len, theirs, NULL, c->md, NULL) == 1 &&
             memcmp(mine, theirs, row->md->digest_len) == 0;
    } else if (row->kind == &speed_hmac_kind) {
        brisk_hmac_tag(&row->hmac, mine, c->buf, c->len);
        ok = api.EVP_MAC_init(c->mctx, NULL, 0, NULL) == 1 &&
             api.EVP_MAC_update(c->mctx, c->buf, c->len) == 1 &&
             api.EVP_MAC_final(c->mctx, theirs, &outl, sizeof(theirs)) == 1 &&
             outl == row->md->digest_len && memcmp(mine, theirs, outl) == 0;
    } else if (row->cipher != NULL && row->kind != &speed_ghash_kind && !c->aead) {
        ok = cipher_agrees(c) == 0;
    }
    return ok ? NULL : "libcrypto's output differs from brisk's";
}

/* cell_setup prepares c for the row at len bytes; NULL, or why not. */
static const char *cell_setup(ossl_cell *c)
{
    const speed_row *row = c->row;
    const char *why;

    if (row->kind == &speed_digest_kind) {
        c->md = fetch_by_names(api.EVP_MD_fetch, row->md->name, row->md->aliases);
        why = c->md == NULL ? "the digest is not in libcrypto" : NULL;
    } else if (row->kind == &speed_hmac_kind) {
        why = hmac_setup(c);
    } else if (row->kind == &speed_ghash_kind) {
        why = ghash_setup(c);
    } else if (row->kind == &speed_rand_kind) {
        why = NULL;
    } else {
        why = cipher_setup(c);
    }
    return why != NULL ? why : agrees(c);
}

/* ---- The loops, as OpenSSL 3.0's ---- */

static long long digest_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_cell *c = arg;
    unsigned char out[EVP_MAX_MD_SIZE];
    long long count = 0;

    while (*running) {
        if (api.EVP_Digest(c->buf, c->len, out, NULL, c->md, NULL) != 1)
            return -1;
        count++;
    }
    return count;
}

static long long mac_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_cell *c = arg;
    unsigned char out[EVP_MAX_MD_SIZE];
    long long count = 0;
    size_t outl;

    while (*running) {
        if (api.EVP_MAC_init(c->mctx, NULL, 0, NULL) != 1 ||
            api.EVP_MAC_update(c->mctx, c->buf, c->len) != 1 ||
            api.EVP_MAC_final(c->mctx, out, &outl, sizeof(out)) != 1)
            return -1;
        count++;
    }
    return count;
}

static long long ghash_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_cell *c = arg;
    long long count = 0;

    while (*running) {
        if (api.EVP_MAC_update(c->mctx, c->buf, c->len) != 1)
            return -1;
        count++;
    }
    return count;
}

static long long rand_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_cell *c = arg;
    long long count = 0;

    while (*running) {
        api.RAND_bytes(c->buf, (int)c->len);
        count++;
    }
    return count;
}

/* EVP_Update_loop: on an error (a counter's end) the IV is set again. */
static long long cipher_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_cell *c = arg;
    int (*update)(void *, unsigned char *, int *, const unsigned char *, int) =
        c->row->decrypt ? api.EVP_DecryptUpdate : api.EVP_EncryptUpdate;
    long long count = 0;
    int outl;

    while (*running) {
        if (update(c->ctx, c->buf, &outl, c->buf, (int)c->len) != 1)
            api.EVP_CipherInit_ex(c->ctx, NULL, NULL, NULL, c->row->iv, -1);
        count++;
    }
    return count;
}

/* Whole messages; as OpenSSL counts only those whose final succeeded,
 * a failure (a tag that does not verify) ends the cell in an error. */
static long long aead_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_cell *c = arg;
    uint8_t tag[BRISK_GCM_TAG_LEN];
    long long count = 0;

    memcpy(tag, c->row->tag, sizeof(tag));
    while (*running) {
        if (aead_message(c, tag) != 0)
            return -1;
        count++;
    }
    return count;
}

static speed_loop_fn *loop_of(const ossl_cell *c)
{
    const speed_kind *k = c->row->kind;

    if (k == &speed_digest_kind)
        return digest_loop;
    if (k == &speed_hmac_kind)
        return mac_loop;
    if (k == &speed_ghash_kind)
        return ghash_loop;
    if (k == &speed_rand_kind)
        return rand_loop;
    return c->aead ? aead_loop : cipher_loop;
}

/* not_available marks the row n/a and says why, once. */
static void not_available(speed_row *row, const char *why)
{
    if (!row->ossl_na)
        app_error("speed", "openssl: %s: %s; shown as n/a", row->label, why);
    row->ossl_na = 1;
}

int speed_ossl_time_cell(speed_run *r, speed_row *row, int s, int clock)
{
    ossl_cell c;
    const char *why;
    long long count;
    double t;
    int doing;

    if (speed_interrupted())
        return -1;
    if (row->ossl_na)
        goto done;
    memset(&c, 0, sizeof(c));
    c.row = row;
    c.buf = r->buf;
    c.out = row->out;
    c.len = (size_t)r->sizes[s];
    why = cell_setup(&c);
    if (why != NULL) {
        not_available(row, why);
        cell_free(&c);
        goto done;
    }
    doing = fprintf(stderr, "Doing openssl %s for %ds on %d size blocks: ", row->label,
                    r->seconds, r->sizes[s]);
    fflush(stderr);
    speed_progress_show(doing);
    count = speed_time_loop(r->seconds, clock, loop_of(&c), &c, &t);
    cell_free(&c);
    if (speed_interrupted()) {
        fputc('\n', stderr);
        return -1;
    }
    if (count < 0) {
        fputc('\n', stderr);
        not_available(row, "an operation failed while timed");
        goto done;
    }
    fprintf(stderr, "%lld openssl %s's in %.2fs\n", count, row->label, t);
    speed_add_sample(&row->ossl[s], (double)count / t * r->sizes[s], 0);
done:
    speed_progress_spent(r->seconds);
    return 0;
}

/* ---- Public key ---- */

/* One row's libcrypto state: RSA, DSA and ECDSA sign and verify with
 * EVP_PKEY_sign and EVP_PKEY_verify on the contexts sign and verify;
 * EdDSA with EVP_DigestSign and EVP_DigestVerify on mdsign and mdverify;
 * ECDH and FFDH derive with sign, whose peer is set. */
typedef struct ossl_pk {
    void *pkey, *sign, *verify;
    void *peer;              /* ECDH and FFDH: the peer's key */
    void *mdsign, *mdverify; /* EdDSA: EVP_MD_CTXs */
    uint8_t sig[BRISK_DH_MAX_BYTES];   /* a signature, or the shared secret */
    size_t sig_len;
    const uint8_t *msg;
    size_t msg_len;
} ossl_pk;

/* dh_loop is OpenSSL 3.0 speed's ECDH and FFDH loop: one EVP_PKEY_derive
 * per operation on a context set up once. */
static long long dh_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_pk *p = arg;
    long long count = 0;

    while (*running) {
        size_t len = sizeof(p->sig);
        if (api.EVP_PKEY_derive(p->sign, p->sig, &len) != 1)
            return -1;
        count++;
    }
    return count;
}

/* dh_keygen makes a libcrypto key pair in the RFC 7919 group of `bits`,
 * as openssl speed does (EVP_PKEY_keygen with the group's name). */
static void *dh_keygen(unsigned bits)
{
    char group[16];
    ossl_param params[2];
    void *ctx, *pkey = NULL;

    snprintf(group, sizeof(group), "ffdhe%u", bits);
    memset(params, 0, sizeof(params));
    params[0].key = "group";
    params[0].data_type = OSSL_PARAM_UTF8_STRING;
    params[0].data = group;
    params[0].data_size = strlen(group);
    params[0].return_size = OSSL_PARAM_UNMODIFIED;
    ctx = api.EVP_PKEY_CTX_new_from_name(NULL, "DH", NULL);
    if (ctx == NULL || api.EVP_PKEY_keygen_init(ctx) != 1 ||
        api.EVP_PKEY_CTX_set_params(ctx, params) != 1 || api.EVP_PKEY_generate(ctx, &pkey) != 1)
        pkey = NULL;
    if (ctx != NULL)
        api.EVP_PKEY_CTX_free(ctx);
    return pkey;
}

/* derive_setup makes the derive context of p->pkey with p->peer and
 * derives once into p->sig; NULL, or why not. */
static const char *derive_setup(ossl_pk *p)
{
    size_t len = sizeof(p->sig);

    if (p->pkey == NULL || p->peer == NULL)
        return "libcrypto refused brisk's keys";
    p->sign = api.EVP_PKEY_CTX_new(p->pkey, NULL);
    if (p->sign == NULL || api.EVP_PKEY_derive_init(p->sign) != 1 ||
        api.EVP_PKEY_derive_set_peer(p->sign, p->peer) != 1 ||
        api.EVP_PKEY_derive(p->sign, p->sig, &len) != 1)
        return "libcrypto cannot derive";
    p->sig_len = len;
    return NULL;
}

/* dh_setup makes two key pairs in the group and derives once; NULL, or
 * why not. */
static const char *dh_setup(ossl_pk *p, const pk_row *pk)
{
    p->pkey = dh_keygen(pk->bits);
    p->peer = dh_keygen(pk->bits);
    if (p->pkey == NULL || p->peer == NULL)
        return "libcrypto cannot make a key pair in the group";
    return derive_setup(p);
}

/* ecdh_setup gives libcrypto brisk's private key and peer key (X25519 and
 * X448 raw, the NIST curves' as PKCS#8 and SubjectPublicKeyInfo DER) and
 * derives once: the secret must be brisk's.  NULL, or why not. */
static const char *ecdh_setup(ossl_pk *p, const pk_row *pk)
{
    const uint8_t *secret, *msg;
    size_t n, msg_len;
    const char *why;

    if (pk->bits == 253 || pk->bits == 448) {
        const uint8_t *priv, *peer;
        int type = pk->bits == 448 ? EVP_PKEY_X448 : EVP_PKEY_X25519;

        n = pk->bits == 448 ? 56 : 32;
        speed_pk_ecdh_keys(pk->key, &priv, &peer, &secret);
        p->pkey = api.EVP_PKEY_new_raw_private_key(type, NULL, priv, n);
        p->peer = api.EVP_PKEY_new_raw_public_key(type, NULL, peer, n);
    } else {
        uint8_t *der;
        size_t der_len;
        const unsigned char *q;

        if (speed_pk_export(pk->key, &der, &der_len, &msg, &msg_len) != 0)
            return "cannot encode brisk's key";
        q = der;
        p->pkey = api.d2i_AutoPrivateKey(NULL, &q, (long)der_len);
        free_secret(der, der_len);
        if (speed_pk_peer_export(pk->key, &der, &der_len, &secret, &n) != 0)
            return "cannot encode brisk's peer key";
        q = der;
        p->peer = api.d2i_PUBKEY(NULL, &q, (long)der_len);
        free(der);
    }
    why = derive_setup(p);
    if (why != NULL)
        return why;
    if (p->sig_len != n || memcmp(p->sig, secret, n) != 0)
        return "libcrypto's shared secret is not brisk's";
    return NULL;
}

static long long pk_sign_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_pk *p = arg;
    long long count = 0;

    while (*running) {
        size_t len = sizeof(p->sig);
        if (api.EVP_PKEY_sign(p->sign, p->sig, &len, p->msg, p->msg_len) != 1)
            return -1;
        p->sig_len = len;
        count++;
    }
    return count;
}

static long long pk_verify_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_pk *p = arg;
    long long count = 0;

    while (*running) {
        if (api.EVP_PKEY_verify(p->verify, p->sig, p->sig_len, p->msg, p->msg_len) != 1)
            return -1;
        count++;
    }
    return count;
}

/* import_key gives libcrypto brisk's private key of the row as DER
 * (traditional RSA and DSA, PKCS#8 for ECDSA and EdDSA) into p->pkey;
 * NULL, or why not. */
static const char *import_key(ossl_pk *p, const pk_row *pk)
{
    uint8_t *der = NULL;
    size_t der_len;
    const unsigned char *q;

    if (speed_pk_export(pk->key, &der, &der_len, &p->msg, &p->msg_len) != 0)
        return "cannot encode brisk's key";
    q = der;
    if (pk->type == SPEED_PK_RSA || pk->type == SPEED_PK_DSA)
        p->pkey = api.d2i_PrivateKey(pk->type == SPEED_PK_RSA ? EVP_PKEY_RSA : EVP_PKEY_DSA,
                                     NULL, &q, (long)der_len);
    else
        p->pkey = api.d2i_AutoPrivateKey(NULL, &q, (long)der_len);
    free_secret(der, der_len);
    return p->pkey == NULL ? "libcrypto refused brisk's key" : NULL;
}

/* pk_setup imports brisk's key and signs once, as OpenSSL's setup does;
 * an ECDSA signature of brisk's must verify too.  NULL, or why not. */
static const char *pk_setup(ossl_pk *p, const pk_row *pk)
{
    size_t len = sizeof(p->sig);
    const char *why = import_key(p, pk);

    if (why != NULL)
        return why;
    p->sign = api.EVP_PKEY_CTX_new(p->pkey, NULL);
    p->verify = api.EVP_PKEY_CTX_new(p->pkey, NULL);
    if (p->sign == NULL || p->verify == NULL || api.EVP_PKEY_sign_init(p->sign) != 1 ||
        api.EVP_PKEY_verify_init(p->verify) != 1 ||
        api.EVP_PKEY_sign(p->sign, p->sig, &len, p->msg, p->msg_len) != 1)
        return "libcrypto cannot sign with brisk's key";
    p->sig_len = len;
    if (api.EVP_PKEY_verify(p->verify, p->sig, p->sig_len, p->msg, p->msg_len) != 1)
        return "libcrypto cannot verify its signature";
    if (pk->type == SPEED_PK_ECDSA) {
        const uint8_t *sig;
        size_t sig_len;
        speed_pk_signature(pk->key, &sig, &sig_len);
        if (api.EVP_PKEY_verify(p->verify, sig, sig_len, p->msg, p->msg_len) != 1)
            return "libcrypto does not verify brisk's signature";
    }
    return NULL;
}

/* OpenSSL 3.0's EdDSA loops: EVP_DigestSign (EVP_DigestVerify) of the
 * message on an EVP_MD_CTX initialised once. */
static long long eddsa_sign_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_pk *p = arg;
    long long count = 0;

    while (*running) {
        size_t len = sizeof(p->sig);
        if (api.EVP_DigestSign(p->mdsign, p->sig, &len, p->msg, p->msg_len) != 1)
            return -1;
        p->sig_len = len;
        count++;
    }
    return count;
}

static long long eddsa_verify_loop(void *arg, const volatile sig_atomic_t *running)
{
    ossl_pk *p = arg;
    long long count = 0;

    while (*running) {
        if (api.EVP_DigestVerify(p->mdverify, p->sig, p->sig_len, p->msg, p->msg_len) != 1)
            return -1;
        count++;
    }
    return count;
}

/* eddsa_setup imports brisk's key as PKCS#8 and signs once: EdDSA being
 * deterministic, the signature must be brisk's.  NULL, or why not. */
static const char *eddsa_setup(ossl_pk *p, const pk_row *pk)
{
    const char *why = import_key(p, pk);
    const uint8_t *sig;
    size_t sig_len, len = sizeof(p->sig);

    if (why != NULL)
        return why;
    p->mdsign = api.EVP_MD_CTX_new();
    p->mdverify = api.EVP_MD_CTX_new();
    if (p->mdsign == NULL || p->mdverify == NULL ||
        api.EVP_DigestSignInit(p->mdsign, NULL, NULL, NULL, p->pkey) != 1 ||
        api.EVP_DigestVerifyInit(p->mdverify, NULL, NULL, NULL, p->pkey) != 1 ||
        api.EVP_DigestSign(p->mdsign, p->sig, &len, p->msg, p->msg_len) != 1)
        return "libcrypto cannot sign with brisk's key";
    p->sig_len = len;
    speed_pk_signature(pk->key, &sig, &sig_len);
    if (len != sig_len || memcmp(p->sig, sig, len) != 0)
        return "libcrypto's signature is not brisk's";
    if (api.EVP_DigestVerify(p->mdverify, p->sig, p->sig_len, p->msg, p->msg_len) != 1)
        return "libcrypto cannot verify its signature";
    return NULL;
}

static void pk_free(ossl_pk *p)
{
    if (p->mdsign != NULL)
        api.EVP_MD_CTX_free(p->mdsign);
    if (p->mdverify != NULL)
        api.EVP_MD_CTX_free(p->mdverify);
    if (p->peer != NULL)
        api.EVP_PKEY_free(p->peer);
    if (p->sign != NULL)
        api.EVP_PKEY_CTX_free(p->sign);
    if (p->verify != NULL)
        api.EVP_PKEY_CTX_free(p->verify);
    if (p->pkey != NULL)
        api.EVP_PKEY_free(p->pkey);
    api.ERR_clear_error();
}

/* row_name is the row's name on brisk's command line ("ecdsap256",
 * "ecdhx25519", "ed448", "rsa2048"), for the n/a lines. */
static void row_name(char *out, size_t size, const pk_row *pk)
{
    if (pk->type == SPEED_PK_EDDSA)
        snprintf(out, size, "%s", pk->bits == 456 ? "ed448" : "ed25519");
    else if (pk->type == SPEED_PK_ECDH && (pk->bits == 253 || pk->bits == 448))
        snprintf(out, size, "ecdh%s", pk->bits == 448 ? "x448" : "x25519");
    else if (pk->type == SPEED_PK_ECDH || pk->type == SPEED_PK_ECDSA)
        snprintf(out, size, "%sp%u", speed_pk_name(pk->type), pk->bits);
    else
        snprintf(out, size, "%s%u", speed_pk_name(pk->type), pk->bits);
}

int speed_ossl_time_pk(speed_run *r, pk_row *pk, int op, int clock)
{
    static const char *const what[3][2] = {{"private", "public"}, {"sign", "verify"}, {"", ""}};
    int ffdh = pk->type == SPEED_PK_FFDH, ecdh = pk->type == SPEED_PK_ECDH;
    int eddsa = pk->type == SPEED_PK_EDDSA, derive = ffdh || ecdh;
    int kind = derive ? 2 : pk->type != SPEED_PK_RSA;
    /* as brisk's progress lines: EdDSA's name the curve */
    const char *name = eddsa ? speed_eddsa_curve(pk->bits) : speed_pk_name(pk->type);
    speed_loop_fn *loop;
    const char *why;
    char label[16];
    ossl_pk p;
    long long count;
    double t;
    int doing;

    if (speed_interrupted())
        return -1;
    if (pk->ossl_na)
        goto done;
    row_name(label, sizeof(label), pk);
    memset(&p, 0, sizeof(p));
    why = ffdh ? dh_setup(&p, pk) : ecdh ? ecdh_setup(&p, pk) : eddsa ? eddsa_setup(&p, pk)
                                                                     : pk_setup(&p, pk);
    if (why != NULL) {
        app_error("speed", "openssl: %s: %s; shown as n/a", label, why);
        pk->ossl_na = 1;
        pk_free(&p);
        goto done;
    }
    loop = derive ? dh_loop
           : eddsa ? (op == 0 ? eddsa_sign_loop : eddsa_verify_loop)
                   : (op == 0 ? pk_sign_loop : pk_verify_loop);
    doing = fprintf(stderr, "Doing openssl %u bits %s %s's for %ds: ", pk->bits, what[kind][op],
                    name, r->pk_seconds);
    fflush(stderr);
    speed_progress_show(doing);
    count = speed_time_loop(r->pk_seconds, clock, loop, &p, &t);
    pk_free(&p);
    if (speed_interrupted()) {
        fputc('\n', stderr);
        return -1;
    }
    if (count < 0) {
        fputc('\n', stderr);
        app_error("speed", "openssl: %s: %s failed while timed; shown as n/a", label,
                  derive ? "deriving" : op == 0 ? "signing" : "verification");
        pk->ossl_na = 1;
        goto done;
    }
    if (derive)
        fprintf(stderr, "%lld openssl %u-bits %s ops in %.2fs\n", count, pk->bits,
                ffdh ? "FFDH" : "ECDH", t);
    else
        fprintf(stderr, "%lld openssl %u bits %s %s's in %.2fs\n", count, pk->bits,
                what[kind][op], name, t);
    speed_add_sample(&pk->ossl[op], (double)count / t, 0);
done:
    speed_progress_spent(r->pk_seconds);
    return 0;
}
