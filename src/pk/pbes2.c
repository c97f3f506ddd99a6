/*
 * src/pk/pbes2.c - encrypted PKCS#8: EncryptedPrivateKeyInfo (RFC 5208
 * section 6) with PBES2 (RFC 8018 section 6.2, ASN.1 in appendix A.4 and
 * B.2): PBKDF2 over HMAC with SHA-1, SHA-224, SHA-256, SHA-384, SHA-512,
 * SHA-512/224 or SHA-512/256, and AES-128/192/256-CBC, DES-EDE3-CBC or
 * DES-CBC.  Written as OpenSSL 3.0's `openssl pkcs8 -topk8` and `genrsa
 * -aes256` write it: PBKDF2-HMAC-SHA256, 2048 iterations, an 8-byte salt,
 * no keyLength.
 *
 * The derived key is wiped; the plaintext is the caller's, who wipes it.
 * A wrong password shows as bad padding (BRISK_EDECRYPT), and the caller
 * gives a plaintext that is no key the same code: one answer for both, so
 * that the format's own padding oracle is all there is.  The structure
 * (salt, iterations, algorithms) is public and parsed with branches.
 */
#include <brisk/kdf.h>
#include <brisk/rand.h>

#include "internal.h"

/* The OIDs' contents: id-PBES2 and id-PBKDF2 (1.2.840.113549.1.5.13, .12),
 * hmacWithSHA* (1.2.840.113549.2.x), the ciphers (NIST aes*-CBC
 * 2.16.840.1.101.3.4.1.x, des-EDE3-CBC 1.2.840.113549.3.7, desCBC
 * 1.3.14.3.2.7). */
static const uint8_t oid_pbes2[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d};
static const uint8_t oid_pbkdf2[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0c};
#define OID_HMAC_PREFIX 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02

typedef struct pbes2_alg {
    uint8_t oid[9];
    size_t oid_len;
    const void *what;   /* the brisk_digest, or the cipher's name */
} pbes2_alg;

static const pbes2_alg prfs[] = {
    {{OID_HMAC_PREFIX, 0x07}, 8, &brisk_digest_sha1},
    {{OID_HMAC_PREFIX, 0x08}, 8, &brisk_digest_sha224},
    {{OID_HMAC_PREFIX, 0x09}, 8, &brisk_digest_sha256},
    {{OID_HMAC_PREFIX, 0x0a}, 8, &brisk_digest_sha384},
    {{OID_HMAC_PREFIX, 0x0b}, 8, &brisk_digest_sha512},
    {{OID_HMAC_PREFIX, 0x0c}, 8, &brisk_digest_sha512_224},
    {{OID_HMAC_PREFIX, 0x0d}, 8, &brisk_digest_sha512_256},
};

static const pbes2_alg ciphers[] = {
    {{0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x02}, 9, "aes-128-cbc"},
    {{0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x16}, 9, "aes-192-cbc"},
    {{0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2a}, 9, "aes-256-cbc"},
    {{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x03, 0x07}, 8, "des-ede3-cbc"},
    {{0x2b, 0x0e, 0x03, 0x02, 0x07}, 5, "des-cbc"},
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
#define SALT_LEN 8
#define ITERATIONS 2048
#define SALT_MAX 1024
/* More rounds than any tool writes (OpenSSL: 2048; `-iter` is rarely above
 * a million): a file cannot make brisk spend minutes on one key. */
#define ITERATIONS_MAX 10000000u

/* cipher_alg returns the entry of cipher c in `ciphers`, or NULL. */
static const pbes2_alg *cipher_alg(const brisk_cipher *c)
{
    for (size_t i = 0; c != NULL && i < N_OF(ciphers); i++)
        if (c == brisk_cipher_by_name(ciphers[i].what))
            return &ciphers[i];
    return NULL;
}

int brisk_pk_cipher_ok(const brisk_cipher *c)
{
    return cipher_alg(c) != NULL;
}

/* get_alg takes an OBJECT IDENTIFIER and finds it in table: its entry, or
 * NULL (*err BRISK_EUNSUPPORTED for another OID, BRISK_EDECODE for none). */
static const pbes2_alg *get_alg(der_reader *r, const pbes2_alg *table, size_t n, int *err)
{
    der_reader oid;

    *err = BRISK_EDECODE;
    if (brisk_der_get(r, DER_OID, &oid) != BRISK_EOK || oid.len == 0)
        return NULL;
    *err = BRISK_EUNSUPPORTED;
    for (size_t i = 0; i < n; i++)
        if (table[i].oid_len == oid.len && memcmp(table[i].oid, oid.p, oid.len) == 0)
            return &table[i];
    return NULL;
}

/* get_u32 takes an INTEGER of 1 to 2^32 - 1; BRISK_EUNSUPPORTED beyond. */
static int get_u32(der_reader *r, uint32_t *v)
{
    const uint8_t *mag;
    size_t len;

    if (brisk_der_get_uint(r, &mag, &len) != BRISK_EOK || len == 0)
        return BRISK_EDECODE;
    if (len > 4)
        return BRISK_EUNSUPPORTED;
    *v = 0;
    for (size_t i = 0; i < len; i++)
        *v = *v << 8 | mag[i];
    return BRISK_EOK;
}

/* kdf is what PBKDF2-params say. */
typedef struct pbkdf2_params {
    der_reader salt;
    uint32_t iterations;
    uint32_t key_len;   /* 0 when absent */
    const brisk_digest *prf;
} pbkdf2_params;

/* get_prf takes the optional prf AlgorithmIdentifier (parameters NULL or
 * absent) at the end of PBKDF2-params; hmacWithSHA1 when absent. */
static int get_prf(der_reader *r, pbkdf2_params *kp)
{
    const pbes2_alg *alg;
    der_reader s;
    int err;

    kp->prf = &brisk_digest_sha1;
    if (der_done(r))
        return BRISK_EOK;
    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    alg = get_alg(&s, prfs, N_OF(prfs), &err);
    if (alg == NULL)
        return err;
    if (!der_done(&s) && brisk_der_get_null(&s) != BRISK_EOK)
        return BRISK_EDECODE;
    kp->prf = alg->what;
    return der_done(&s) && der_done(r) ? BRISK_EOK : BRISK_EDECODE;
}

/* get_kdf takes keyDerivationFunc: AlgorithmIdentifier { id-PBKDF2,
 * PBKDF2-params { salt (specified), iterationCount, keyLength OPTIONAL,
 * prf DEFAULT hmacWithSHA1 } }. */
static int get_kdf(der_reader *r, pbkdf2_params *kp)
{
    der_reader s, p;
    int is, err;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    is = brisk_der_get_oid(&s, oid_pbkdf2, sizeof(oid_pbkdf2));
    if (is != 1)
        return is == 0 ? BRISK_EUNSUPPORTED : BRISK_EDECODE;
    if (brisk_der_get(&s, DER_SEQUENCE, &p) != BRISK_EOK || !der_done(&s))
        return BRISK_EDECODE;
    if (der_peek(&p) != DER_OCTET_STRING)   /* otherSource: reserved, none defined */
        return der_peek(&p) == DER_SEQUENCE ? BRISK_EUNSUPPORTED : BRISK_EDECODE;
    if (brisk_der_get(&p, DER_OCTET_STRING, &kp->salt) != BRISK_EOK ||
        kp->salt.len > SALT_MAX)
        return BRISK_EDECODE;
    err = get_u32(&p, &kp->iterations);
    if (err != BRISK_EOK)
        return err;
    if (kp->iterations > ITERATIONS_MAX)
        return BRISK_EUNSUPPORTED;
    kp->key_len = 0;
    if (der_peek(&p) == DER_INTEGER && (err = get_u32(&p, &kp->key_len)) != BRISK_EOK)
        return err;
    return get_prf(&p, kp);
}

/* get_scheme takes encryptionScheme: AlgorithmIdentifier { cipher OID, IV
 * OCTET STRING of the cipher's IV length }. */
static int get_scheme(der_reader *r, const brisk_cipher **c, der_reader *iv)
{
    const pbes2_alg *alg;
    der_reader s;
    int err;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    alg = get_alg(&s, ciphers, N_OF(ciphers), &err);
    if (alg == NULL)
        return err;
    *c = brisk_cipher_by_name(alg->what);
    if (*c == NULL)
        return BRISK_EUNSUPPORTED;
    if (brisk_der_get(&s, DER_OCTET_STRING, iv) != BRISK_EOK || iv->len != (*c)->iv_len ||
        !der_done(&s))
        return BRISK_EDECODE;
    return BRISK_EOK;
}

/* get_pbes2 takes encryptionAlgorithm: AlgorithmIdentifier { id-PBES2,
 * PBES2-params { keyDerivationFunc, encryptionScheme } }. */
static int get_pbes2(der_reader *r, pbkdf2_params *kp, const brisk_cipher **c, der_reader *iv)
{
    der_reader s, p;
    int is, err;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    is = brisk_der_get_oid(&s, oid_pbes2, sizeof(oid_pbes2));
    if (is != 1)   /* PBES1 and PKCS#12's schemes are not read */
        return is == 0 ? BRISK_EUNSUPPORTED : BRISK_EDECODE;
    if (brisk_der_get(&s, DER_SEQUENCE, &p) != BRISK_EOK || !der_done(&s))
        return BRISK_EDECODE;
    err = get_kdf(&p, kp);
    if (err == BRISK_EOK)
        err = get_scheme(&p, c, iv);
    if (err == BRISK_EOK && !der_done(&p))
        err = BRISK_EDECODE;
    if (err == BRISK_EOK && kp->key_len != 0 && kp->key_len != (*c)->key_len)
        err = BRISK_EUNSUPPORTED;   /* a key length the cipher does not take */
    return err;
}

int brisk_pbes2_decrypt(uint8_t *out, size_t *out_len, const uint8_t *der, size_t der_len,
                        const uint8_t *pass, size_t pass_len)
{
    der_reader r = der_reader_init(der, der_len), s, iv, ct;
    uint8_t key[BRISK_CIPHER_MAX_KEY];
    const brisk_cipher *c = NULL;
    pbkdf2_params kp;
    int err;

    if (brisk_der_get(&r, DER_SEQUENCE, &s) != BRISK_EOK || !der_done(&r))
        return BRISK_EDECODE;
    err = get_pbes2(&s, &kp, &c, &iv);
    if (err != BRISK_EOK)
        return err;
    if (brisk_der_get(&s, DER_OCTET_STRING, &ct) != BRISK_EOK || !der_done(&s) ||
        ct.len == 0 || ct.len % c->block_len != 0 || ct.len > PK_DER_MAX)
        return BRISK_EDECODE;
    err = brisk_pbkdf2_hmac(kp.prf, key, c->key_len, pass, pass_len, kp.salt.p, kp.salt.len,
                            kp.iterations);
    if (err == BRISK_EOK)
        err = brisk_pk_cbc(c, 0, key, iv.p, out, out_len, ct.p, ct.len);
    wipe(key, sizeof(key));
    return err;
}

/* put_wrapped prepends bytes as a value of tag `tag`. */
static void put_wrapped(der_writer *w, unsigned tag, const uint8_t *p, size_t n)
{
    size_t mark = w->len;

    brisk_der_put_bytes(w, p, n);
    brisk_der_wrap(w, tag, mark);
}

/* put_pbes2 prepends the AlgorithmIdentifier of PBES2 as OpenSSL 3.0
 * writes it (the PRF's parameters NULL, no keyLength). */
static void put_pbes2(der_writer *w, const pbes2_alg *cipher, const uint8_t *iv, size_t iv_len,
                      const uint8_t *salt)
{
    static const uint8_t iterations[2] = {ITERATIONS >> 8, ITERATIONS & 0xff};
    const pbes2_alg *prf = &prfs[2];   /* hmacWithSHA256 */
    size_t alg = w->len, params, scheme, kdf, kdf_params, prf_mark;

    params = w->len;
    scheme = w->len;
    put_wrapped(w, DER_OCTET_STRING, iv, iv_len);
    put_wrapped(w, DER_OID, cipher->oid, cipher->oid_len);
    brisk_der_wrap(w, DER_SEQUENCE, scheme);
    kdf = w->len;
    kdf_params = w->len;
    prf_mark = w->len;
    brisk_der_put_null(w);
    put_wrapped(w, DER_OID, prf->oid, prf->oid_len);
    brisk_der_wrap(w, DER_SEQUENCE, prf_mark);
    brisk_der_put_uint(w, iterations, sizeof(iterations));
    put_wrapped(w, DER_OCTET_STRING, salt, SALT_LEN);
    brisk_der_wrap(w, DER_SEQUENCE, kdf_params);
    put_wrapped(w, DER_OID, oid_pbkdf2, sizeof(oid_pbkdf2));
    brisk_der_wrap(w, DER_SEQUENCE, kdf);
    brisk_der_wrap(w, DER_SEQUENCE, params);
    put_wrapped(w, DER_OID, oid_pbes2, sizeof(oid_pbes2));
    brisk_der_wrap(w, DER_SEQUENCE, alg);
}

int brisk_pbes2_encrypt(uint8_t *out, size_t *out_len, const uint8_t *plain, size_t plain_len,
                        const brisk_cipher *c, const uint8_t *pass, size_t pass_len)
{
    uint8_t salt[SALT_LEN], iv[BRISK_CIPHER_MAX_IV], key[BRISK_CIPHER_MAX_KEY];
    uint8_t ct[PK_DER_MAX + BRISK_CIPHER_MAX_BLOCK];
    const pbes2_alg *alg = cipher_alg(c);
    size_t ct_len = 0, mark;
    der_writer w;
    int err;

    if (alg == NULL)
        return BRISK_EUNSUPPORTED;
    if (plain_len > PK_DER_MAX)
        return BRISK_EINVAL;
    err = brisk_random_bytes(salt, sizeof(salt));
    if (err == BRISK_EOK)
        err = brisk_random_bytes(iv, c->iv_len);
    if (err == BRISK_EOK)
        err = brisk_pbkdf2_hmac(&brisk_digest_sha256, key, c->key_len, pass, pass_len, salt,
                                sizeof(salt), ITERATIONS);
    if (err == BRISK_EOK)
        err = brisk_pk_cbc(c, 1, key, iv, ct, &ct_len, plain, plain_len);
    wipe(key, sizeof(key));
    if (err != BRISK_EOK)
        return err;
    w = der_writer_init(out, *out_len);
    mark = w.len;
    put_wrapped(&w, DER_OCTET_STRING, ct, ct_len);
    put_pbes2(&w, alg, iv, c->iv_len, salt);
    brisk_der_wrap(&w, DER_SEQUENCE, mark);
    return brisk_der_finish(&w, out_len);
}
