/*
 * src/pk/pkey.c - RSA and DSA keys in DER and PEM (and the frame of the
 * elliptic-curve keys, whose own parts are pkey_curve.c's): PKCS#8 PrivateKeyInfo
 * (RFC 5208 section 5; read also as RFC 5958's OneAsymmetricKey v2 with
 * the public key, for the RFC 8410 types), SubjectPublicKeyInfo (RFC 5280 section 4.1, with the
 * RSA and DSA algorithms of RFC 3279 section 2.3), PKCS#1 RSAPrivateKey and
 * RSAPublicKey (RFC 8017 appendix A.1), OpenSSL's traditional DSA private
 * key SEQUENCE { 0, p, q, g, y, x } and Dss-Parms (RFC 3279 2.3.2); DH
 * keys' own parts are pkey_dh.c's.
 *
 * The encoders write exactly what OpenSSL 3 writes (`openssl pkey`,
 * `openssl rsa -traditional`, `openssl dsaparam`), so a key goes through
 * brisk and back byte for byte.  Decoding is strict DER (asn1.c) and ends
 * with the key checked and prepared.  Not constant-time beyond what the
 * bignum calls are: an encoding reveals its numbers' lengths in any case.
 */
#include <brisk/pkey.h>

#include "internal.h"

/* rsaEncryption (1.2.840.113549.1.1.1) and id-dsa (1.2.840.10040.4.1). */
static const uint8_t oid_rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
static const uint8_t oid_dsa[] = {0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01};

/* ---- Decoding: each get_* takes one whole value off r ---- */

/* get_rsa_public takes an RSAPublicKey SEQUENCE { n, e }. */
static int get_rsa_public(der_reader *r, brisk_rsa_key *k)
{
    der_reader s;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK ||
        brisk_der_get_bn(&s, &k->n) != BRISK_EOK || brisk_der_get_bn(&s, &k->e) != BRISK_EOK ||
        !der_done(&s))
        return BRISK_EDECODE;
    k->has_private = 0;
    return BRISK_EOK;
}

/* get_rsa_private takes an RSAPrivateKey of version 0 (two primes). */
static int get_rsa_private(der_reader *r, brisk_rsa_key *k)
{
    brisk_bn *const nums[] = {&k->n, &k->e, &k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv};
    der_reader s;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK || brisk_der_get_zero(&s) != BRISK_EOK)
        return BRISK_EDECODE;
    for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
        if (brisk_der_get_bn(&s, nums[i]) != BRISK_EOK)
            return BRISK_EDECODE;
    if (!der_done(&s))
        return BRISK_EDECODE;
    k->has_private = 1;
    return BRISK_EOK;
}

/* get_dss_parms takes Dss-Parms SEQUENCE { p, q, g }. */
static int get_dss_parms(der_reader *r, brisk_dsa_params *params)
{
    der_reader s;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK ||
        brisk_der_get_bn(&s, &params->p) != BRISK_EOK ||
        brisk_der_get_bn(&s, &params->q) != BRISK_EOK ||
        brisk_der_get_bn(&s, &params->g) != BRISK_EOK || !der_done(&s))
        return BRISK_EDECODE;
    return BRISK_EOK;
}

/* get_dsa_traditional takes OpenSSL's SEQUENCE { 0, p, q, g, y, x }. */
static int get_dsa_traditional(der_reader *r, brisk_dsa_key *k)
{
    der_reader s;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK || brisk_der_get_zero(&s) != BRISK_EOK ||
        brisk_der_get_bn(&s, &k->params.p) != BRISK_EOK ||
        brisk_der_get_bn(&s, &k->params.q) != BRISK_EOK ||
        brisk_der_get_bn(&s, &k->params.g) != BRISK_EOK ||
        brisk_der_get_bn(&s, &k->y) != BRISK_EOK || brisk_der_get_bn(&s, &k->x) != BRISK_EOK ||
        !der_done(&s))
        return BRISK_EDECODE;
    k->has_private = 1;
    return BRISK_EOK;
}

/* get_algorithm takes an AlgorithmIdentifier: rsaEncryption with NULL
 * parameters, id-dsa with Dss-Parms (into key's parameters), a DH key's
 * (pkey_dh.c) or a curve key's (pkey_curve.c); it sets key->type. */
static int get_algorithm(der_reader *r, brisk_pkey *key)
{
    der_reader s, t, u;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    t = s;
    u = s;
    if (brisk_der_get_oid(&s, oid_rsa, sizeof(oid_rsa)) == 1) {
        if (brisk_der_get_null(&s) != BRISK_EOK)
            return BRISK_EDECODE;
        key->type = BRISK_PKEY_RSA;
    } else if (brisk_der_get_oid(&t, oid_dsa, sizeof(oid_dsa)) == 1) {
        s = t;
        if (get_dss_parms(&s, &key->u.dsa.params) != BRISK_EOK)
            return BRISK_EDECODE;
        key->type = BRISK_PKEY_DSA;
    } else {
        int got;
        s = u;
        got = brisk_dh_get_algorithm(&s, key);
        if (got == 0)
            got = brisk_curve_get_algorithm(&s, key);
        if (got != 1)   /* malformed, another algorithm, another curve */
            return got < 0 ? got : BRISK_EDECODE;
    }
    return der_done(&s) ? BRISK_EOK : BRISK_EDECODE;
}

/* dsa_public_from_x sets y = g^x mod p for a PKCS#8 DSA key, which holds
 * no y.  x, secret, is held in q's width for the exponentiation. */
static int dsa_public_from_x(brisk_dsa_key *k)
{
    brisk_bn_mont mont;
    int err;

    if (brisk_bn_cmp(&k->params.g, &k->params.p) >= 0 ||
        brisk_bn_resize(&k->x, k->params.q.n) != BRISK_EOK)
        return BRISK_EINVAL;
    err = brisk_bn_mont_init(&mont, &k->params.p);
    if (err == BRISK_EOK)
        err = brisk_bn_mod_exp(&k->y, &k->params.g, &k->x, &mont);
    return err;
}

/* get_pkcs8 takes a PrivateKeyInfo of version 0 without attributes; for
 * the RFC 8410 key types also RFC 5958's OneAsymmetricKey: version 0 or 1
 * (v2), [0] attributes (skipped, as openssl drops them when it rewrites a
 * key) and, in version 1, the [1] publicKey (IMPLICIT BIT STRING).  That
 * public key is kept in the key, so that brisk_curve_prepare refuses one
 * that is not the private key's (BRISK_EPUBKEY).  RSA, DSA and EC keys
 * stay strict: version 0, no attributes. */
static int get_pkcs8(der_reader *r, brisk_pkey *key)
{
    der_reader s, oct, pub;
    const uint8_t *version;
    size_t version_len;
    int rfc8410, has_pub = 0, err;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK ||
        brisk_der_get_uint(&s, &version, &version_len) != BRISK_EOK || version_len > 1 ||
        (version_len == 1 && version[0] != 1))
        return BRISK_EDECODE;
    err = get_algorithm(&s, key);
    if (err != BRISK_EOK)
        return err;
    if (brisk_der_get(&s, DER_OCTET_STRING, &oct) != BRISK_EOK)
        return BRISK_EDECODE;
    rfc8410 = key->type != BRISK_PKEY_RSA && key->type != BRISK_PKEY_DSA &&
              key->type != BRISK_PKEY_EC && key->type != BRISK_PKEY_DH;
    if (version_len == 1 && !rfc8410)
        return BRISK_EDECODE;
    if (rfc8410 && der_peek(&s) == 0xa0 && brisk_der_get(&s, 0xa0, &pub) != BRISK_EOK)
        return BRISK_EDECODE;
    if (version_len == 1 && der_peek(&s) == 0x81) {
        if (brisk_der_get(&s, 0x81, &pub) != BRISK_EOK || pub.len < 1 || pub.p[0] != 0)
            return BRISK_EDECODE;
        pub.p++;   /* no unused bits: the raw public key */
        pub.len--;
        has_pub = 1;
    }
    if (!der_done(&s))
        return BRISK_EDECODE;
    if (has_pub) {
        err = brisk_curve_get_pkcs8(&oct, key);
        if (err != BRISK_EOK)
            return err;
        if (pub.len != key->u.curve.pub_len)
            return BRISK_EDECODE;
        memcpy(key->u.curve.pub, pub.p, pub.len);
        return BRISK_EOK;
    }
    if (key->type == BRISK_PKEY_RSA) {
        if (get_rsa_private(&oct, &key->u.rsa) != BRISK_EOK || !der_done(&oct))
            return BRISK_EDECODE;
        return BRISK_EOK;
    }
    if (key->type == BRISK_PKEY_DH)
        return brisk_dh_get_key(&oct, key, 1);
    if (key->type != BRISK_PKEY_DSA)
        return brisk_curve_get_pkcs8(&oct, key);
    if (brisk_der_get_bn(&oct, &key->u.dsa.x) != BRISK_EOK || !der_done(&oct))
        return BRISK_EDECODE;
    key->u.dsa.has_private = 1;
    /* y stays 0 when p or g cannot give one: the checks then refuse the
     * key, and the unchecked decoders leave it for inspection. */
    if (dsa_public_from_x(&key->u.dsa) != BRISK_EOK)
        brisk_bn_zero(&key->u.dsa.y, 0);
    return BRISK_EOK;
}

/* get_spki takes a SubjectPublicKeyInfo. */
static int get_spki(der_reader *r, brisk_pkey *key)
{
    der_reader s, bits;
    int err;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    err = get_algorithm(&s, key);
    if (err != BRISK_EOK)
        return err;
    if (brisk_der_get_bits(&s, &bits) != BRISK_EOK || !der_done(&s))
        return BRISK_EDECODE;
    if (key->type == BRISK_PKEY_RSA) {
        if (get_rsa_public(&bits, &key->u.rsa) != BRISK_EOK)
            return BRISK_EDECODE;
    } else if (key->type == BRISK_PKEY_DH) {
        return brisk_dh_get_key(&bits, key, 0);
    } else if (key->type != BRISK_PKEY_DSA) {
        if (brisk_curve_get_spki(&bits, key) != BRISK_EOK)
            return BRISK_EDECODE;
    } else {
        if (brisk_der_get_bn(&bits, &key->u.dsa.y) != BRISK_EOK)
            return BRISK_EDECODE;
        key->u.dsa.has_private = 0;
    }
    return der_done(&bits) ? BRISK_EOK : BRISK_EDECODE;
}

/* get_form takes a key in the given form (BRISK_PKEY_*) and, for the
 * traditional form, of the given type. */
static int get_form(der_reader *r, brisk_pkey *key, int form, int type)
{
    switch (form) {
    case BRISK_PKEY_FORM_PKCS8:
        return get_pkcs8(r, key);
    case BRISK_PKEY_FORM_SPKI:
        return get_spki(r, key);
    case BRISK_PKEY_FORM_PKCS1_PUBLIC:
        key->type = BRISK_PKEY_RSA;
        return get_rsa_public(r, &key->u.rsa);
    case BRISK_PKEY_FORM_TRADITIONAL:
        key->type = type;
        if (type == BRISK_PKEY_RSA)
            return get_rsa_private(r, &key->u.rsa);
        if (type == BRISK_PKEY_EC)
            return brisk_curve_get_sec1(r, key, 1);
        return get_dsa_traditional(r, &key->u.dsa);
    default:
        return BRISK_EDECODE;
    }
}

/* brisk_pkey_decode_as (src/pk/internal.h) decodes the whole of der as
 * `form`, then (with `check`) checks and prepares the key; on failure the
 * key is wiped. */
int brisk_pkey_decode_as(brisk_pkey *key, const uint8_t *der, size_t der_len, int form,
                         int type, int check)
{
    der_reader r = der_reader_init(der, der_len);
    int err;

    wipe(key, sizeof(*key));
    err = get_form(&r, key, form, type);
    if (err == BRISK_EOK && !der_done(&r))
        err = BRISK_EDECODE;
    if (err == BRISK_EOK && check)
        err = key->type == BRISK_PKEY_RSA   ? brisk_rsa_key_prepare(&key->u.rsa)
              : key->type == BRISK_PKEY_DSA ? brisk_dsa_key_prepare(&key->u.dsa)
              : key->type == BRISK_PKEY_DH  ? BRISK_EOK /* set through brisk_dh_key_set */
                                            : brisk_curve_prepare(key);
    if (err != BRISK_EOK)
        wipe(key, sizeof(*key));
    return err;
}

/* is_pbe returns 1 when the first member of der's outer SEQUENCE is an
 * AlgorithmIdentifier of PKCS#5 (1.2.840.113549.1.5.x: PBES1, PBES2) or
 * PKCS#12 (1.2.840.113549.1.12.1.x), as an EncryptedPrivateKeyInfo's is. */
static int is_pbe(const uint8_t *der, size_t der_len)
{
    static const uint8_t pkcs5[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05};
    static const uint8_t pkcs12[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x01};
    der_reader r = der_reader_init(der, der_len), s, alg, oid;

    if (brisk_der_get(&r, DER_SEQUENCE, &s) != BRISK_EOK ||
        brisk_der_get(&s, DER_SEQUENCE, &alg) != BRISK_EOK ||
        brisk_der_get(&alg, DER_OID, &oid) != BRISK_EOK)
        return 0;
    return (oid.len > sizeof(pkcs5) && memcmp(oid.p, pkcs5, sizeof(pkcs5)) == 0) ||
           (oid.len > sizeof(pkcs12) && memcmp(oid.p, pkcs12, sizeof(pkcs12)) == 0);
}

/* classify tells the encodings apart by the outer SEQUENCE's members: a
 * SEQUENCE of a password-based scheme then an OCTET STRING is an
 * EncryptedPrivateKeyInfo (PK_FORM_ENCRYPTED), a SEQUENCE first otherwise a SubjectPublicKeyInfo;
 * an INTEGER then a SEQUENCE is PKCS#8, an INTEGER then an OCTET STRING
 * SEC 1's ECPrivateKey; INTEGERs only are RSAPublicKey (2),
 * OpenSSL's DSA key (6) or RSAPrivateKey (9).  The decoder of the form
 * found does the real checks. */
static int classify(const uint8_t *der, size_t der_len, int *form, int *type)
{
    der_reader r = der_reader_init(der, der_len), s, v;
    int tags[3] = {-1, -1, -1};
    size_t n = 0, ints = 0;

    if (brisk_der_get(&r, DER_SEQUENCE, &s) != BRISK_EOK)
        return BRISK_EDECODE;
    for (; !der_done(&s); n++) {
        int tag = der_peek(&s);
        if (brisk_der_get(&s, (unsigned)tag, &v) != BRISK_EOK)
            return BRISK_EDECODE;
        if (n < 3)
            tags[n] = tag;
        ints += tag == DER_INTEGER;
    }
    *type = 0;
    if (n == 2 && tags[0] == DER_SEQUENCE && tags[1] == DER_OCTET_STRING && is_pbe(der, der_len))
        *form = PK_FORM_ENCRYPTED;
    else if (tags[0] == DER_SEQUENCE)
        *form = BRISK_PKEY_FORM_SPKI;
    else if (tags[0] == DER_INTEGER && tags[1] == DER_SEQUENCE)
        *form = BRISK_PKEY_FORM_PKCS8;
    else if (tags[0] == DER_INTEGER && tags[1] == DER_OCTET_STRING) {
        *form = BRISK_PKEY_FORM_TRADITIONAL;   /* SEC 1's ECPrivateKey */
        *type = BRISK_PKEY_EC;
    }
    else if (ints == n && n == 2)
        *form = BRISK_PKEY_FORM_PKCS1_PUBLIC;
    else if (ints == n && (n == 6 || n == 9)) {
        *form = BRISK_PKEY_FORM_TRADITIONAL;
        *type = n == 6 ? BRISK_PKEY_DSA : BRISK_PKEY_RSA;
    } else
        return BRISK_EDECODE;
    return BRISK_EOK;
}

int brisk_pkey_classify(const uint8_t *der, size_t der_len, int *form, int *type)
{
    return classify(der, der_len, form, type);
}

static int from_der(brisk_pkey *key, const uint8_t *der, size_t der_len, int check)
{
    int form = 0, type = 0;

    if (key == NULL || (der == NULL && der_len > 0))
        return BRISK_EINVAL;
    if (classify(der, der_len, &form, &type) != BRISK_EOK || form == PK_FORM_ENCRYPTED) {
        wipe(key, sizeof(*key));
        return form == PK_FORM_ENCRYPTED ? BRISK_EENCRYPTED : BRISK_EDECODE;
    }
    return brisk_pkey_decode_as(key, der, der_len, form, type, check);
}

int brisk_pkey_from_der(brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    return from_der(key, der, der_len, 1);
}

int brisk_pkey_from_der_unchecked(brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    return from_der(key, der, der_len, 0);
}

/* ---- PEM labels ---- */

typedef struct pem_kind {
    const char *label;
    int form, type;
} pem_kind;

static const pem_kind pem_kinds[] = {
    {"PRIVATE KEY", BRISK_PKEY_FORM_PKCS8, 0},
    {"PUBLIC KEY", BRISK_PKEY_FORM_SPKI, 0},
    {"RSA PRIVATE KEY", BRISK_PKEY_FORM_TRADITIONAL, BRISK_PKEY_RSA},
    {"RSA PUBLIC KEY", BRISK_PKEY_FORM_PKCS1_PUBLIC, BRISK_PKEY_RSA},
    {"DSA PRIVATE KEY", BRISK_PKEY_FORM_TRADITIONAL, BRISK_PKEY_DSA},
    {"EC PRIVATE KEY", BRISK_PKEY_FORM_TRADITIONAL, BRISK_PKEY_EC},
};

int brisk_pkey_pem_kind(const pem_block *blk, int *form, int *type)
{
    for (size_t i = 0; i < sizeof(pem_kinds) / sizeof(pem_kinds[0]); i++)
        if (brisk_pem_label_is(blk, pem_kinds[i].label)) {
            *form = pem_kinds[i].form;
            *type = pem_kinds[i].type;
            return 1;
        }
    if (brisk_pem_label_is(blk, "ENCRYPTED PRIVATE KEY")) {
        *form = PK_FORM_ENCRYPTED;
        *type = 0;
        return 1;
    }
    return 0;
}

const char *brisk_pkey_pem_label(int form, int type)
{
    for (size_t i = 0; i < sizeof(pem_kinds) / sizeof(pem_kinds[0]); i++)
        if (pem_kinds[i].form == form && (pem_kinds[i].type == 0 || pem_kinds[i].type == type))
            return pem_kinds[i].label;
    return NULL;
}

/* brisk_pem_find finds the first block labelled `label` and decodes its
 * body into der (PK_DER_MAX bytes). */
int brisk_pem_find(uint8_t *der, size_t *der_len, const char *label, const char *text,
                    size_t text_len)
{
    size_t pos = 0;
    pem_block blk;
    int found;

    while ((found = brisk_pem_next(&blk, text, text_len, &pos)) == 1)
        if (brisk_pem_label_is(&blk, label))
            break;
    if (found != 1)
        return BRISK_EDECODE;   /* no such block, or a broken one before it */
    if (blk.encrypted)
        return BRISK_EUNSUPPORTED;
    *der_len = PK_DER_MAX;
    if (brisk_b64_decode(der, der_len, blk.body, blk.body_len) != BRISK_EOK)
        return BRISK_EDECODE;
    return BRISK_EOK;
}

static int from_pem(brisk_pkey *key, const char *text, size_t text_len, int check)
{
    if (key == NULL || (text == NULL && text_len > 0))
        return BRISK_EINVAL;
    return brisk_pkey_pem_decode(key, text, text_len, NULL, 0, 0, check);
}

int brisk_pkey_from_pem(brisk_pkey *key, const char *text, size_t text_len)
{
    return from_pem(key, text, text_len, 1);
}

int brisk_pkey_from_pem_unchecked(brisk_pkey *key, const char *text, size_t text_len)
{
    return from_pem(key, text, text_len, 0);
}

/* ---- Encoding: the writer goes backwards, so members go last first ---- */

static void put_oid(der_writer *w, const uint8_t *oid, size_t oid_len)
{
    size_t mark = w->len;

    brisk_der_put_bytes(w, oid, oid_len);
    brisk_der_wrap(w, DER_OID, mark);
}

static void put_rsa_public(der_writer *w, const brisk_rsa_key *k)
{
    size_t mark = w->len;

    brisk_der_put_bn(w, &k->e);
    brisk_der_put_bn(w, &k->n);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

static void put_rsa_private(der_writer *w, const brisk_rsa_key *k)
{
    const brisk_bn *const nums[] = {&k->n, &k->e, &k->d, &k->p, &k->q, &k->dp, &k->dq, &k->qinv};
    size_t mark = w->len;

    for (size_t i = sizeof(nums) / sizeof(nums[0]); i-- > 0;)
        brisk_der_put_bn(w, nums[i]);
    brisk_der_put_small(w, 0);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

static void put_dss_parms(der_writer *w, const brisk_dsa_params *params)
{
    size_t mark = w->len;

    brisk_der_put_bn(w, &params->g);
    brisk_der_put_bn(w, &params->q);
    brisk_der_put_bn(w, &params->p);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

static void put_dsa_traditional(der_writer *w, const brisk_dsa_key *k)
{
    size_t mark = w->len;

    brisk_der_put_bn(w, &k->x);
    brisk_der_put_bn(w, &k->y);
    brisk_der_put_bn(w, &k->params.g);
    brisk_der_put_bn(w, &k->params.q);
    brisk_der_put_bn(w, &k->params.p);
    brisk_der_put_small(w, 0);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

static void put_algorithm(der_writer *w, const brisk_pkey *key)
{
    size_t mark = w->len;

    if (key->type == BRISK_PKEY_RSA) {
        brisk_der_put_null(w);
        put_oid(w, oid_rsa, sizeof(oid_rsa));
    } else if (key->type == BRISK_PKEY_DH) {
        brisk_dh_put_algorithm(w, key);
        return;
    } else if (key->type != BRISK_PKEY_DSA) {
        brisk_curve_put_algorithm(w, key);
        return;
    } else {
        put_dss_parms(w, &key->u.dsa.params);
        put_oid(w, oid_dsa, sizeof(oid_dsa));
    }
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

static void put_pkcs8(der_writer *w, const brisk_pkey *key)
{
    size_t mark = w->len, oct;

    oct = w->len;
    if (key->type == BRISK_PKEY_RSA)
        put_rsa_private(w, &key->u.rsa);
    else if (key->type == BRISK_PKEY_DSA)
        brisk_der_put_bn(w, &key->u.dsa.x);
    else if (key->type == BRISK_PKEY_DH)
        brisk_dh_put_pkcs8(w, key);
    else
        brisk_curve_put_pkcs8(w, key);
    brisk_der_wrap(w, DER_OCTET_STRING, oct);
    put_algorithm(w, key);
    brisk_der_put_small(w, 0);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

static void put_spki(der_writer *w, const brisk_pkey *key)
{
    static const uint8_t no_unused_bits = 0;
    size_t mark = w->len, bits;

    bits = w->len;
    if (key->type == BRISK_PKEY_RSA)
        put_rsa_public(w, &key->u.rsa);
    else if (key->type == BRISK_PKEY_DSA)
        brisk_der_put_bn(w, &key->u.dsa.y);
    else if (key->type == BRISK_PKEY_DH)
        brisk_dh_put_public(w, key);
    else
        brisk_curve_put_public(w, key);
    brisk_der_put_bytes(w, &no_unused_bits, 1);
    brisk_der_wrap(w, DER_BIT_STRING, bits);
    put_algorithm(w, key);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

/* form_ok returns 1 when key can be written in form. */
static int form_ok(const brisk_pkey *key, int form)
{
    int classic = key->type == BRISK_PKEY_RSA || key->type == BRISK_PKEY_DSA;

    if (!classic && !brisk_pkey_is_curve(key->type) && key->type != BRISK_PKEY_DH)
        return 0;
    switch (form) {
    case BRISK_PKEY_FORM_PKCS8:
        return brisk_pkey_has_private(key);
    case BRISK_PKEY_FORM_TRADITIONAL:
        return (classic || key->type == BRISK_PKEY_EC) && brisk_pkey_has_private(key);
    case BRISK_PKEY_FORM_SPKI:
        return 1;
    case BRISK_PKEY_FORM_PKCS1_PUBLIC:
        return key->type == BRISK_PKEY_RSA;
    default:
        return 0;
    }
}

int brisk_pkey_to_der(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                      brisk_pkey_form form)
{
    der_writer w;

    if (out_len == NULL || key == NULL || !form_ok(key, form))
        return BRISK_EINVAL;
    w = der_writer_init(out, *out_len);
    if (form == BRISK_PKEY_FORM_PKCS8)
        put_pkcs8(&w, key);
    else if (form == BRISK_PKEY_FORM_SPKI)
        put_spki(&w, key);
    else if (form == BRISK_PKEY_FORM_PKCS1_PUBLIC)
        put_rsa_public(&w, &key->u.rsa);
    else if (key->type == BRISK_PKEY_RSA)
        put_rsa_private(&w, &key->u.rsa);
    else if (key->type == BRISK_PKEY_EC)
        brisk_curve_put_sec1(&w, key, 1);
    else
        put_dsa_traditional(&w, &key->u.dsa);
    return brisk_der_finish(&w, out_len);
}

int brisk_pkey_to_pem(char *out, size_t *out_len, const brisk_pkey *key,
                      brisk_pkey_form form)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = sizeof(der);
    int err;

    if (out_len == NULL || key == NULL || !form_ok(key, form))
        return BRISK_EINVAL;
    err = brisk_pkey_to_der(der, &der_len, key, form);
    if (err == BRISK_EOK)
        err = brisk_pem_write(out, out_len, brisk_pkey_pem_label(form, key->type), NULL, der,
                              der_len);
    wipe(der, sizeof(der));
    return err;
}

int brisk_pkey_has_private(const brisk_pkey *key)
{
    if (key == NULL)
        return 0;
    if (key->type == BRISK_PKEY_RSA)
        return key->u.rsa.has_private != 0;
    if (key->type == BRISK_PKEY_DSA)
        return key->u.dsa.has_private != 0;
    if (brisk_pkey_is_curve(key->type))
        return key->u.curve.has_private != 0;
    if (key->type == BRISK_PKEY_DH)
        return key->u.dh.has_private != 0;
    return 0;
}

const char *brisk_pkey_type_name(const brisk_pkey *key)
{
    if (key == NULL)
        return NULL;
    if (key->type == BRISK_PKEY_RSA)
        return "RSA";
    if (key->type == BRISK_PKEY_DSA)
        return "DSA";
    if (key->type == BRISK_PKEY_DH)
        return "DH";
    return brisk_curve_type_name(key->type);
}

void brisk_pkey_cleanup(brisk_pkey *key)
{
    if (key == NULL)
        return;
    if (key->type == BRISK_PKEY_DSA)
        brisk_dsa_key_cleanup(&key->u.dsa);
    wipe(key, sizeof(*key));
}

/* ---- DSA parameters ---- */

int brisk_dsa_params_from_der(brisk_dsa_params *params, const uint8_t *der, size_t der_len)
{
    der_reader r;

    if (params == NULL || (der == NULL && der_len > 0))
        return BRISK_EINVAL;
    r = der_reader_init(der, der_len);
    if (get_dss_parms(&r, params) != BRISK_EOK || !der_done(&r)) {
        memset(params, 0, sizeof(*params));
        return BRISK_EDECODE;
    }
    return BRISK_EOK;
}

int brisk_dsa_params_from_pem(brisk_dsa_params *params, const char *text, size_t text_len)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = 0;
    int err;

    if (params == NULL || (text == NULL && text_len > 0))
        return BRISK_EINVAL;
    err = brisk_pem_find(der, &der_len, "DSA PARAMETERS", text, text_len);
    if (err == BRISK_EOK)
        err = brisk_dsa_params_from_der(params, der, der_len);
    return err;
}

int brisk_dsa_params_to_der(uint8_t *out, size_t *out_len, const brisk_dsa_params *params)
{
    der_writer w;

    if (out_len == NULL || params == NULL)
        return BRISK_EINVAL;
    w = der_writer_init(out, *out_len);
    put_dss_parms(&w, params);
    return brisk_der_finish(&w, out_len);
}

int brisk_dsa_params_to_pem(char *out, size_t *out_len, const brisk_dsa_params *params)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = sizeof(der);
    int err;

    if (out_len == NULL || params == NULL)
        return BRISK_EINVAL;
    err = brisk_dsa_params_to_der(der, &der_len, params);
    if (err == BRISK_EOK)
        err = brisk_pem_write(out, out_len, "DSA PARAMETERS", NULL, der, der_len);
    return err;
}
