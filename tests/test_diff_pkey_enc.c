/*
 * tests/test_diff_pkey_enc.c - password-encrypted private keys against
 * OpenSSL's libcrypto, both ways.  For an RSA and a DSA key OpenSSL
 * generates: OpenSSL encrypts them as PKCS#8 with every PBES2 cipher and
 * PRF brisk reads (random iteration counts, salt lengths and passwords,
 * the empty one and up to 1000 bytes among them), DER and PEM, and as
 * traditional PEM with every cipher; brisk decrypts each to the same key
 * and refuses it with another password (BRISK_EDECRYPT).  brisk encrypts
 * the keys with every cipher in every form and OpenSSL reads them with
 * the password (PEM_read_bio_PrivateKey, d2i_PKCS8PrivateKey_bio with a
 * password callback) and not without it; and brisk writes byte for byte
 * the structure OpenSSL 3.0 writes by default (only the salt, IV and
 * ciphertext differ).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

#include <brisk/brisk.h>

#include "vectors.h"

#define BUF 16384
#define PASS_MAX 1000

/* A password: OpenSSL's callbacks are given one through this. */
typedef struct pw {
    uint8_t p[PASS_MAX];
    size_t len;
} pw;

static int pw_cb(char *buf, int size, int rwflag, void *u)
{
    const pw *w = u;

    (void)rwflag;
    if (w->len > (size_t)size)
        return -1;
    memcpy(buf, w->p, w->len);
    return (int)w->len;
}

static void pw_random(pw *w, tv_rng *rng)
{
    size_t kind = tv_rng_below(rng, 4);

    w->len = kind == 0 ? 0 : kind == 1 ? PASS_MAX : 1 + tv_rng_below(rng, 64);
    tv_rng_fill(rng, w->p, w->len);
}

static const struct {
    const char *brisk, *ossl;
} ciphers[] = {
    {"aes-128-cbc", "AES-128-CBC"},   {"aes-192-cbc", "AES-192-CBC"},
    {"aes-256-cbc", "AES-256-CBC"},   {"des-ede3-cbc", "DES-EDE3-CBC"},
    {"des-cbc", "DES-CBC"},
};
#define N_CIPHERS (sizeof(ciphers) / sizeof(ciphers[0]))

static const struct {
    int nid;
    const char *name;
} prfs[] = {
    {NID_hmacWithSHA1, "hmacWithSHA1"},       {NID_hmacWithSHA224, "hmacWithSHA224"},
    {NID_hmacWithSHA256, "hmacWithSHA256"},   {NID_hmacWithSHA384, "hmacWithSHA384"},
    {NID_hmacWithSHA512, "hmacWithSHA512"},   {NID_hmacWithSHA512_224, "hmacWithSHA512-224"},
    {NID_hmacWithSHA512_256, "hmacWithSHA512-256"},
};
#define N_PRFS (sizeof(prfs) / sizeof(prfs[0]))

/* The test key: OpenSSL's, and its PKCS#8 DER (what both sides compare). */
typedef struct tkey {
    EVP_PKEY *pk;
    uint8_t p8[BUF];
    size_t p8_len;
    const char *name;
} tkey;

static int ossl_p8(EVP_PKEY *pk, uint8_t *out, size_t *out_len)
{
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
    unsigned char *der = NULL;
    int n = p8 != NULL ? i2d_PKCS8_PRIV_KEY_INFO(p8, &der) : -1;

    PKCS8_PRIV_KEY_INFO_free(p8);
    if (n <= 0 || (size_t)n > BUF) {
        OPENSSL_free(der);
        return 0;
    }
    memcpy(out, der, (size_t)n);
    *out_len = (size_t)n;
    OPENSSL_clear_free(der, (size_t)n);
    return 1;
}

/* brisk_is_key checks that brisk's key is the test key. */
static void brisk_is_key(const brisk_pkey *key, const tkey *t, const char *what)
{
    static uint8_t der[BUF];
    size_t len = sizeof(der);

    if (tv_check_int(brisk_pkey_to_der(der, &len, key, BRISK_PKEY_FORM_PKCS8), 0, "%s: der",
                     what) &&
        tv_check_int((long long)len, (long long)t->p8_len, "%s: length", what))
        tv_check_mem(der, t->p8, len, "%s: same key", what);
}

/* ossl_is_key checks that OpenSSL's key pk is the test key. */
static void ossl_is_key(EVP_PKEY *pk, const tkey *t, const char *what)
{
    static uint8_t der[BUF];
    size_t len = 0;

    if (tv_check(pk != NULL && ossl_p8(pk, der, &len), "%s: OpenSSL reads it", what) &&
        tv_check_int((long long)len, (long long)t->p8_len, "%s: length", what))
        tv_check_mem(der, t->p8, len, "%s: same key", what);
}

/* brisk_reads decrypts text (PEM or DER) with w, then with another password. */
static void brisk_reads(const uint8_t *text, size_t len, int pem, const pw *w, const tkey *t,
                        const char *what)
{
    brisk_pkey key;
    uint8_t other[PASS_MAX + 1];
    size_t other_len = w->len == 0 ? 1 : w->len;
    int err = pem ? brisk_pkey_from_pem_pass(&key, (const char *)text, len, w->p, w->len)
                  : brisk_pkey_from_der_pass(&key, text, len, w->p, w->len);

    if (tv_check_int(err, 0, "%s: brisk decrypts", what))
        brisk_is_key(&key, t, what);
    brisk_pkey_cleanup(&key);
    /* not "" + NUL bytes for "": HMAC pads its key with zeros, so PBKDF2
     * takes "" and "\0" for the same password */
    memcpy(other, w->p, w->len);
    if (w->len == 0)
        other[0] = 'x';
    else
        other[other_len - 1] ^= 1;
    err = pem ? brisk_pkey_from_pem_pass(&key, (const char *)text, len, other, other_len)
              : brisk_pkey_from_der_pass(&key, text, len, other, other_len);
    tv_check_int(err, BRISK_EDECRYPT, "%s: another password", what);
    brisk_pkey_cleanup(&key);
}

/* ---- OpenSSL encrypts, brisk decrypts ---- */

static void ossl_pkcs8(const tkey *t, const EVP_CIPHER *c, int prf, const pw *w, int iter,
                       int salt_len, const char *what)
{
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(t->pk);
    X509_ALGOR *alg = PKCS5_pbe2_set_iv_ex(c, iter, NULL, salt_len, NULL, prf, NULL);
    X509_SIG *sig = p8 != NULL && alg != NULL
                        ? PKCS8_set0_pbe_ex((const char *)w->p, (int)w->len, p8, alg, NULL, NULL)
                        : NULL;
    unsigned char *der = NULL;
    BIO *b = BIO_new(BIO_s_mem());
    char *pem;
    int n;
    long pem_len;

    if (!tv_check(sig != NULL, "%s: OpenSSL encrypts", what)) {
        X509_ALGOR_free(alg);
        goto done;
    }
    n = i2d_X509_SIG(sig, &der);
    if (tv_check(n > 0, "%s: OpenSSL's DER", what))
        brisk_reads(der, (size_t)n, 0, w, t, what);
    if (tv_check(PEM_write_bio_PKCS8(b, sig) == 1, "%s: OpenSSL's PEM", what)) {
        pem_len = BIO_get_mem_data(b, &pem);
        brisk_reads((const uint8_t *)pem, (size_t)pem_len, 1, w, t, what);
    }
    OPENSSL_free(der);
    X509_SIG_free(sig);
done:
    BIO_free(b);
    PKCS8_PRIV_KEY_INFO_free(p8);
}

static void ossl_traditional(const tkey *t, const EVP_CIPHER *c, const pw *w, const char *what)
{
    BIO *b = BIO_new(BIO_s_mem());
    char *pem;
    long len;

    if (tv_check(PEM_write_bio_PrivateKey_traditional(b, t->pk, c, (const unsigned char *)w->p,
                                                      (int)w->len, NULL, NULL) == 1,
                 "%s: OpenSSL encrypts", what)) {
        len = BIO_get_mem_data(b, &pem);
        brisk_reads((const uint8_t *)pem, (size_t)len, 1, w, t, what);
    }
    BIO_free(b);
}

static void from_openssl(const tkey *t, tv_rng *rng)
{
    char what[160];
    pw w;

    for (size_t i = 0; i < N_CIPHERS; i++) {
        EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, ciphers[i].ossl, NULL);
        if (!tv_check(c != NULL, "OpenSSL has %s", ciphers[i].ossl))
            continue;
        for (size_t j = 0; j < N_PRFS; j++) {
            int iter = 1 + (int)tv_rng_below(rng, 3000), salt = 1 + (int)tv_rng_below(rng, 32);
            pw_random(&w, rng);
            snprintf(what, sizeof(what), "%s: OpenSSL pkcs8 %s %s iter %d salt %d pass %zu",
                     t->name, ciphers[i].brisk, prfs[j].name, iter, salt, w.len);
            ossl_pkcs8(t, c, prfs[j].nid, &w, iter, salt, what);
        }
        pw_random(&w, rng);
        snprintf(what, sizeof(what), "%s: OpenSSL traditional %s pass %zu", t->name,
                 ciphers[i].brisk, w.len);
        ossl_traditional(t, c, &w, what);
        EVP_CIPHER_free(c);
    }
}

/* ---- brisk encrypts, OpenSSL decrypts ---- */

static EVP_PKEY *ossl_read(const uint8_t *p, size_t len, int pem, pw *w)
{
    BIO *b = BIO_new_mem_buf(p, (int)len);
    EVP_PKEY *k = pem ? PEM_read_bio_PrivateKey(b, NULL, pw_cb, w)
                      : d2i_PKCS8PrivateKey_bio(b, NULL, pw_cb, w);

    BIO_free(b);
    ERR_clear_error();
    return k;
}

static void ossl_reads(const uint8_t *p, size_t len, int pem, const pw *w, const tkey *t,
                       const char *what)
{
    pw other = *w;
    EVP_PKEY *k = ossl_read(p, len, pem, &other);

    ossl_is_key(k, t, what);
    EVP_PKEY_free(k);
    if (other.len == 0) {
        other.len = 1;
        other.p[0] = 'x';   /* not "\0": the same PBKDF2 password as "" */
    } else {
        other.p[other.len - 1] ^= 1;
    }
    k = ossl_read(p, len, pem, &other);
    tv_check(k == NULL, "%s: OpenSSL refuses another password", what);
    EVP_PKEY_free(k);
}

static void to_openssl(const tkey *t, const brisk_pkey *key, tv_rng *rng)
{
    static uint8_t out[BUF];
    char what[160];
    pw w;

    for (size_t i = 0; i < N_CIPHERS; i++) {
        for (int form = BRISK_PKEY_FORM_PKCS8; form <= BRISK_PKEY_FORM_TRADITIONAL; form++) {
            size_t len = sizeof(out);
            pw_random(&w, rng);
            snprintf(what, sizeof(what), "%s: brisk %s %s pass %zu", t->name,
                     form == BRISK_PKEY_FORM_PKCS8 ? "pkcs8" : "traditional", ciphers[i].brisk,
                     w.len);
            if (tv_check_int(brisk_pkey_to_pem_encrypted((char *)out, &len, key, form,
                                                         ciphers[i].brisk, w.p, w.len),
                             0, "%s: encrypt", what))
                ossl_reads(out, len, 1, &w, t, what);
            if (form != BRISK_PKEY_FORM_PKCS8)
                continue;
            len = sizeof(out);
            if (tv_check_int(brisk_pkey_to_der_encrypted(out, &len, key, ciphers[i].brisk, w.p,
                                                         w.len),
                             0, "%s: encrypt der", what))
                ossl_reads(out, len, 0, &w, t, what);
        }
    }
}

/* ---- The structure OpenSSL 3.0 writes by default ---- */

static void same_layout(const tkey *t, const brisk_pkey *key)
{
    static uint8_t mine[BUF], pem[BUF];
    unsigned char *theirs;
    size_t len = sizeof(mine), pem_len = sizeof(pem);
    BIO *b = BIO_new(BIO_s_mem());
    long n;
    int same = 1;

    /* what `openssl pkcs8 -topk8` and `genrsa -aes256` write */
    if (!tv_check(i2d_PKCS8PrivateKey_bio(b, t->pk, EVP_aes_256_cbc(), "pw", 2, NULL, NULL) == 1,
                  "%s: OpenSSL default", t->name) ||
        !tv_check_int(brisk_pkey_to_der_encrypted(mine, &len, key, NULL, (const uint8_t *)"pw",
                                                  2),
                      0, "%s: brisk default", t->name))
        goto done;
    n = BIO_get_mem_data(b, (char **)&theirs);
    if (!tv_check_int((long long)len, n, "%s: default length", t->name))
        goto done;
    /* with a 2-byte outer length: salt at 36..43, IV at 77..92, the
     * ciphertext from 97 */
    for (size_t i = 0; i < len; i++)
        if (!((i >= 36 && i < 44) || (i >= 77 && i < 93) || i >= 97))
            same &= mine[i] == theirs[i];
    tv_check(same, "%s: brisk's default structure is OpenSSL's", t->name);
    /* traditional: the same headers, the IV aside */
    (void)BIO_reset(b);
    if (PEM_write_bio_PrivateKey_traditional(b, t->pk, EVP_aes_256_cbc(),
                                             (const unsigned char *)"pw", 2, NULL, NULL) == 1 &&
        brisk_pkey_to_pem_encrypted((char *)pem, &pem_len, key, BRISK_PKEY_FORM_TRADITIONAL,
                                    NULL, (const uint8_t *)"pw", 2) == 0) {
        char *text;
        size_t head;
        n = BIO_get_mem_data(b, &text);
        head = (size_t)(strstr(text, "AES-256-CBC,") + 12 - text);
        tv_check((size_t)n == pem_len && memcmp(text, pem, head) == 0,
                 "%s: traditional headers as OpenSSL's", t->name);
    }
done:
    BIO_free(b);
}

static void test_key(EVP_PKEY *pk, const char *name, tv_rng *rng)
{
    static tkey t;
    brisk_pkey key;

    t.pk = pk;
    t.name = name;
    if (!tv_check(pk != NULL && ossl_p8(pk, t.p8, &t.p8_len), "%s: OpenSSL key", name))
        return;
    if (!tv_check_int(brisk_pkey_from_der(&key, t.p8, t.p8_len), 0, "%s: brisk reads it", name))
        return;
    from_openssl(&t, rng);
    to_openssl(&t, &key, rng);
    same_layout(&t, &key);
    brisk_pkey_cleanup(&key);
}

static EVP_PKEY *dsa_key(void)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL);
    EVP_PKEY *params = NULL, *pk = NULL;

    if (ctx != NULL && EVP_PKEY_paramgen_init(ctx) == 1 &&
        EVP_PKEY_CTX_set_dsa_paramgen_bits(ctx, 1024) == 1 &&
        EVP_PKEY_CTX_set_dsa_paramgen_q_bits(ctx, 160) == 1 &&
        EVP_PKEY_paramgen(ctx, &params) == 1) {
        EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_from_pkey(NULL, params, NULL);
        if (kctx != NULL && EVP_PKEY_keygen_init(kctx) == 1)
            EVP_PKEY_keygen(kctx, &pk);
        EVP_PKEY_CTX_free(kctx);
    }
    EVP_PKEY_free(params);
    EVP_PKEY_CTX_free(ctx);
    return pk;
}

int main(void)
{
    /* DES-CBC is in the legacy provider since OpenSSL 3.0 */
    OSSL_PROVIDER *def = OSSL_PROVIDER_load(NULL, "default");
    OSSL_PROVIDER *legacy = OSSL_PROVIDER_load(NULL, "legacy");
    EVP_PKEY *rsa, *dsa;
    tv_rng rng;

    tv_begin("test_diff_pkey_enc");
    tv_rng_init(&rng, tv_seed());
    if (legacy == NULL)
        tv_note("no legacy provider: OpenSSL cannot do DES-CBC");
    rsa = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)1024);
    test_key(rsa, "rsa 1024", &rng);
    dsa = dsa_key();
    test_key(dsa, "dsa 1024", &rng);
    EVP_PKEY_free(rsa);
    EVP_PKEY_free(dsa);
    if (ERR_peek_error() != 0)
        ERR_print_errors_fp(stderr);
    OSSL_PROVIDER_unload(legacy);
    OSSL_PROVIDER_unload(def);
    return tv_end();
}
