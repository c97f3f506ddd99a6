/*
 * src/pk/pkey_curve.c - elliptic-curve keys in DER: X25519, X448, Ed25519
 * and Ed448 as RFC 8410 puts them in PKCS#8 (the private key an OCTET
 * STRING inside the privateKey OCTET STRING) and SubjectPublicKeyInfo (the
 * raw public key in the BIT STRING), each algorithm identifier an OID
 * without parameters.  pkey.c calls these from its PKCS#8 and
 * SubjectPublicKeyInfo coders, and the kinds table below says, per type,
 * its OID, its lengths and the functions that make its public key.
 *
 * Writes what OpenSSL 3.0 writes (`openssl genpkey`, `openssl pkey`):
 * version 0 PKCS#8 without the optional public key.  Not constant-time
 * beyond the curve functions it calls: encodings reveal only lengths.
 */
#include <brisk/rand.h>
#include <brisk/x25519.h>

#include "internal.h"

/* curve_kind is one key type of the RFC 8410 family. */
typedef struct curve_kind {
    brisk_pkey_type type;
    const char *name;        /* OpenSSL's name of the type */
    uint8_t oid[3];          /* 1.3.101.x */
    size_t priv_len, pub_len;
    int (*public_of)(uint8_t *pub, const uint8_t *priv);
    int (*keygen)(uint8_t *priv, uint8_t *pub);
} curve_kind;

static int x25519_public_of(uint8_t *pub, const uint8_t *priv)
{
    return brisk_x25519_public(pub, priv);
}

static int x25519_keygen(uint8_t *priv, uint8_t *pub)
{
    return brisk_x25519_keygen(priv, pub);
}

static const curve_kind kinds[] = {
    {BRISK_PKEY_X25519, "X25519", {0x2b, 0x65, 0x6e}, 32, 32, x25519_public_of, x25519_keygen},
};

static const curve_kind *kind_of(int type)
{
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        if ((int)kinds[i].type == type)
            return &kinds[i];
    return NULL;
}

int brisk_pkey_is_curve(int type)
{
    return kind_of(type) != NULL;
}

const char *brisk_curve_type_name(int type)
{
    const curve_kind *k = kind_of(type);

    return k != NULL ? k->name : NULL;
}

/* ---- Decoding ---- */

int brisk_curve_get_algorithm(der_reader *alg, brisk_pkey *key)
{
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        der_reader t = *alg;
        int got = brisk_der_get_oid(&t, kinds[i].oid, sizeof(kinds[i].oid));
        if (got < 0)
            return BRISK_EDECODE;
        if (got == 1) {
            /* RFC 8410 section 3: the parameters MUST be absent */
            if (!der_done(&t))
                return BRISK_EDECODE;
            *alg = t;
            key->type = kinds[i].type;
            key->u.curve.curve = 0;
            return 1;
        }
    }
    return 0;
}

/* brisk_curve_get_pkcs8 takes the contents of PKCS#8's privateKey: a
 * CurvePrivateKey OCTET STRING of the type's length (RFC 8410 section 7).
 * The public key is made here, so that even an unchecked key has one. */
int brisk_curve_get_pkcs8(der_reader *oct, brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    brisk_curve_key *c = &key->u.curve;
    der_reader s;

    if (k == NULL || brisk_der_get(oct, DER_OCTET_STRING, &s) != BRISK_EOK ||
        !der_done(oct) || s.len != k->priv_len)
        return BRISK_EDECODE;
    memcpy(c->priv, s.p, s.len);
    c->priv_len = s.len;
    c->has_private = 1;
    if (k->public_of(c->pub, c->priv) == BRISK_EOK)
        c->pub_len = k->pub_len;
    return BRISK_EOK;
}

int brisk_curve_get_spki(der_reader *bits, brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    brisk_curve_key *c = &key->u.curve;

    if (k == NULL || bits->len != k->pub_len)
        return BRISK_EDECODE;
    memcpy(c->pub, bits->p, bits->len);
    c->pub_len = bits->len;
    c->has_private = 0;
    bits->len = 0;
    return BRISK_EOK;
}

/* brisk_curve_prepare checks a decoded key: a private key gave its public
 * key.  (An X25519 or X448 public key is any string of its length, RFC
 * 7748 section 5.) */
int brisk_curve_prepare(brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    const brisk_curve_key *c = &key->u.curve;

    if (k == NULL || c->pub_len != k->pub_len)
        return BRISK_EINVAL;
    return BRISK_EOK;
}

/* ---- Encoding: backwards, as pkey.c's writer goes ---- */

void brisk_curve_put_algorithm(der_writer *w, const brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    size_t mark = w->len, oid = w->len;

    brisk_der_put_bytes(w, k->oid, sizeof(k->oid));
    brisk_der_wrap(w, DER_OID, oid);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

void brisk_curve_put_pkcs8(der_writer *w, const brisk_pkey *key)
{
    size_t mark = w->len;

    brisk_der_put_bytes(w, key->u.curve.priv, key->u.curve.priv_len);
    brisk_der_wrap(w, DER_OCTET_STRING, mark);
}

void brisk_curve_put_public(der_writer *w, const brisk_pkey *key)
{
    brisk_der_put_bytes(w, key->u.curve.pub, key->u.curve.pub_len);
}

/* ---- Making keys ---- */

int brisk_pkey_generate(brisk_pkey *key, brisk_pkey_type type, int curve)
{
    const curve_kind *k = kind_of((int)type);
    int err;

    if (key == NULL || k == NULL || curve != 0)
        return BRISK_EINVAL;
    wipe(key, sizeof(*key));
    key->type = type;
    err = k->keygen(key->u.curve.priv, key->u.curve.pub);
    if (err != BRISK_EOK) {
        wipe(key, sizeof(*key));
        return err;
    }
    key->u.curve.has_private = 1;
    key->u.curve.priv_len = k->priv_len;
    key->u.curve.pub_len = k->pub_len;
    return BRISK_EOK;
}

int brisk_pkey_set_curve_key(brisk_pkey *key, brisk_pkey_type type, int curve,
                             const uint8_t *priv, size_t priv_len, const uint8_t *pub,
                             size_t pub_len)
{
    const curve_kind *k = kind_of((int)type);
    brisk_curve_key *c;
    int err = BRISK_EOK;

    if (key == NULL || k == NULL || curve != 0 || (priv == NULL && pub == NULL) ||
        (priv != NULL && priv_len != k->priv_len) || (pub != NULL && pub_len != k->pub_len))
        return BRISK_EINVAL;
    wipe(key, sizeof(*key));
    key->type = type;
    c = &key->u.curve;
    if (priv != NULL) {
        memcpy(c->priv, priv, priv_len);
        c->priv_len = priv_len;
        c->has_private = 1;
        err = k->public_of(c->pub, c->priv);
        if (err == BRISK_EOK && pub != NULL && memcmp(c->pub, pub, pub_len) != 0)
            err = BRISK_EPUBKEY;
    } else {
        memcpy(c->pub, pub, pub_len);
    }
    c->pub_len = k->pub_len;
    if (err != BRISK_EOK)
        wipe(key, sizeof(*key));
    return err;
}

int brisk_pkey_derive(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                      const brisk_pkey *peer)
{
    size_t len;
    int err;

    if (out_len == NULL || key == NULL || peer == NULL || key->type != peer->type ||
        !brisk_pkey_has_private(key) || peer->u.curve.pub_len == 0)
        return BRISK_EINVAL;
    switch (key->type) {
    case BRISK_PKEY_X25519: len = 32; break;
    default: return BRISK_EINVAL;
    }
    if (out == NULL || *out_len < len) {
        *out_len = len;
        return out == NULL ? BRISK_EOK : BRISK_ENOSPACE;
    }
    err = brisk_x25519(out, key->u.curve.priv, peer->u.curve.pub);
    if (err != BRISK_EOK) {
        wipe(out, len);
        return BRISK_EPUBKEY;
    }
    *out_len = len;
    return BRISK_EOK;
}
