/*
 * src/pk/pkey_curve.c - elliptic-curve keys in DER:
 * - X25519, X448, Ed25519 and Ed448 as RFC 8410 puts them in PKCS#8 (the
 *   private key an OCTET STRING inside the privateKey OCTET STRING) and
 *   SubjectPublicKeyInfo (the raw public key in the BIT STRING), each
 *   algorithm identifier an OID without parameters;
 * - EC keys on the curves P-256, P-384 and P-521 (RFC 5480):
 *   id-ecPublicKey with the curve's OID, or with explicit parameters equal
 *   to one of those curves' (SEC 1 C.2, which OpenSSL reads and writes
 *   with -param_enc explicit; the key remembers which), the point in the
 *   BIT STRING, and SEC 1's ECPrivateKey (section C.4) in PKCS#8 or alone,
 *   with its [0] curve and [1] public key: the traditional "EC PRIVATE
 *   KEY".  Any other curve is BRISK_ECURVE.
 * pkey.c calls these from its coders; the kinds table below says, per
 * type, its OID, its lengths and the functions that make its keys.
 *
 * Writes what OpenSSL 3.0 writes (`openssl genpkey`, `openssl pkey`,
 * `openssl ecparam -genkey`): version 0 PKCS#8 without the optional public
 * key for RFC 8410; ECPrivateKey with the public key and, in PKCS#8,
 * without the curve (named once, in the algorithm).  Reads also
 * ECPrivateKey's scalar shorter than the curve's length (as old encoders
 * wrote it) and compressed points.  Not constant-time beyond the curve
 * functions it calls: encodings reveal only lengths.
 */
#include <brisk/ec.h>
#include <brisk/ed25519.h>
#include <brisk/ed448.h>
#include <brisk/rand.h>
#include <brisk/x25519.h>
#include <brisk/x448.h>

#include "internal.h"

/* curve_kind is one key type of the RFC 8410 family. */
typedef struct curve_kind {
    brisk_pkey_type type;
    const char *name;        /* OpenSSL's name of the type */
    uint8_t oid[3];          /* 1.3.101.x (EC: unused, see ec_curves) */
    size_t priv_len, pub_len;
    int (*public_of)(uint8_t *pub, const uint8_t *priv);
    int (*keygen)(uint8_t *priv, uint8_t *pub);
} curve_kind;

/* The curve functions take arrays of their lengths; these take pointers. */
#define CURVE_FNS(name)                                                  \
    static int name##_public_of(uint8_t *pub, const uint8_t *priv)       \
    {                                                                    \
        return brisk_##name##_public(pub, priv);                         \
    }                                                                    \
    static int name##_keygen(uint8_t *priv, uint8_t *pub)                \
    {                                                                    \
        return brisk_##name##_keygen(priv, pub);                         \
    }
CURVE_FNS(x25519)
CURVE_FNS(x448)
CURVE_FNS(ed25519)
CURVE_FNS(ed448)

static const curve_kind kinds[] = {
    {BRISK_PKEY_EC, "EC", {0}, 0, 0, NULL, NULL},
    {BRISK_PKEY_X25519, "X25519", {0x2b, 0x65, 0x6e}, 32, 32, x25519_public_of, x25519_keygen},
    {BRISK_PKEY_X448, "X448", {0x2b, 0x65, 0x6f}, 56, 56, x448_public_of, x448_keygen},
    {BRISK_PKEY_ED25519, "ED25519", {0x2b, 0x65, 0x70}, 32, 32, ed25519_public_of,
     ed25519_keygen},
    {BRISK_PKEY_ED448, "ED448", {0x2b, 0x65, 0x71}, 57, 57, ed448_public_of, ed448_keygen},
};

/* id-ecPublicKey (1.2.840.10045.2.1) and the named curves (RFC 5480
 * section 2.1.1.1): prime256v1 (1.2.840.10045.3.1.7), secp384r1
 * (1.3.132.0.34), secp521r1 (1.3.132.0.35). */
static const uint8_t oid_ec[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};

typedef struct ec_named {
    brisk_ec_curve curve;
    uint8_t oid[8];
    size_t oid_len;
} ec_named;

static const ec_named ec_curves[] = {
    {BRISK_EC_P256, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}, 8},
    {BRISK_EC_P384, {0x2b, 0x81, 0x04, 0x00, 0x22}, 5},
    {BRISK_EC_P521, {0x2b, 0x81, 0x04, 0x00, 0x23}, 5},
};

static const ec_named *ec_named_of(int curve)
{
    for (size_t i = 0; i < sizeof(ec_curves) / sizeof(ec_curves[0]); i++)
        if ((int)ec_curves[i].curve == curve)
            return &ec_curves[i];
    return NULL;
}

/* get_named_curve takes a namedCurve OID of ec_curves into *curve;
 * BRISK_ECURVE for another curve's OID. */
static int get_named_curve(der_reader *r, int *curve)
{
    for (size_t i = 0; i < sizeof(ec_curves) / sizeof(ec_curves[0]); i++) {
        der_reader t = *r;
        int got = brisk_der_get_oid(&t, ec_curves[i].oid, ec_curves[i].oid_len);
        if (got < 0)
            return BRISK_EDECODE;   /* not an OID */
        if (got == 1) {
            *r = t;
            *curve = (int)ec_curves[i].curve;
            return BRISK_EOK;
        }
    }
    return BRISK_ECURVE;
}

/* prime-field (1.2.840.10045.1.1), FieldID's type for GF(p). */
static const uint8_t oid_prime_field[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x01, 0x01};

/* same_number says whether the big-endian v[0..v_len-1] and w[0..w_len-1]
 * are the same number, leading zeros aside. */
static int same_number(const uint8_t *v, size_t v_len, const uint8_t *w, size_t w_len)
{
    for (; v_len > 0 && v[0] == 0; v_len--)
        v++;
    for (; w_len > 0 && w[0] == 0; w_len--)
        w++;
    return v_len == w_len && (v_len == 0 || memcmp(v, w, v_len) == 0);
}

/* same_base says whether the SEC 1 point p[0..len-1], compressed or not,
 * is d's base point. */
static int same_base(const brisk_ec_domain *d, const uint8_t *p, size_t len)
{
    size_t n = d->len;

    if (len == 1 + 2 * n && p[0] == 0x04)
        return memcmp(p, d->g, len) == 0;
    if (len == 1 + n && (p[0] == 0x02 || p[0] == 0x03))
        return p[0] == (0x02 | (d->g[2 * n] & 1)) && memcmp(p + 1, d->g + 1, n) == 0;
    return 0;
}

/* get_explicit_curve takes SEC 1's SpecifiedECDomain (version 2.0 C.2):
 * SEQUENCE { version 1..3, fieldID SEQUENCE { prime-field, p }, curve
 * SEQUENCE { a, b, seed BIT STRING OPTIONAL }, base, order, cofactor
 * OPTIONAL }, and sets *curve to the curve of ec_curves whose parameters
 * these are, as OpenSSL 3.0 matches them (ec_curve_nid_from_params): p, a,
 * b, G, n and a cofactor of 1, and the seed when it is given; a and b as
 * SEC 1 2.3.5 writes field elements, in the field's length.
 * BRISK_ECURVE for any other curve (another field type too). */
static int get_explicit_curve(der_reader *r, int *curve)
{
    der_reader s, field, cv, a, b, seed = {NULL, 0}, base;
    const uint8_t *v, *p, *n, *h = NULL;
    size_t v_len, p_len, n_len, h_len = 0;
    int got;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK ||
        brisk_der_get_uint(&s, &v, &v_len) != BRISK_EOK || v_len != 1 || v[0] < 1 || v[0] > 3 ||
        brisk_der_get(&s, DER_SEQUENCE, &field) != BRISK_EOK)
        return BRISK_EDECODE;
    got = brisk_der_get_oid(&field, oid_prime_field, sizeof(oid_prime_field));
    if (got != 1)
        return got < 0 ? BRISK_EDECODE : BRISK_ECURVE;   /* e.g. characteristic two */
    if (brisk_der_get_uint(&field, &p, &p_len) != BRISK_EOK || !der_done(&field) ||
        brisk_der_get(&s, DER_SEQUENCE, &cv) != BRISK_EOK ||
        brisk_der_get(&cv, DER_OCTET_STRING, &a) != BRISK_EOK ||
        brisk_der_get(&cv, DER_OCTET_STRING, &b) != BRISK_EOK ||
        (!der_done(&cv) && brisk_der_get_bits(&cv, &seed) != BRISK_EOK) || !der_done(&cv) ||
        brisk_der_get(&s, DER_OCTET_STRING, &base) != BRISK_EOK ||
        brisk_der_get_uint(&s, &n, &n_len) != BRISK_EOK ||
        (!der_done(&s) && brisk_der_get_uint(&s, &h, &h_len) != BRISK_EOK) || !der_done(&s))
        return BRISK_EDECODE;
    if (h != NULL && !(h_len == 1 && h[0] == 1))
        return BRISK_ECURVE;
    for (size_t i = 0; i < sizeof(ec_curves) / sizeof(ec_curves[0]); i++) {
        brisk_ec_domain d;
        if (brisk_ec_domain_of(ec_curves[i].curve, &d) != BRISK_EOK)
            return BRISK_ECURVE;
        if (same_number(p, p_len, d.p, d.len) && a.len == d.len && b.len == d.len &&
            memcmp(a.p, d.a, d.len) == 0 && memcmp(b.p, d.b, d.len) == 0 &&
            same_base(&d, base.p, base.len) &&
            same_number(n, n_len, d.n, d.len) &&
            (seed.p == NULL || (seed.len == sizeof(d.seed) &&
                                memcmp(seed.p, d.seed, sizeof(d.seed)) == 0))) {
            *curve = (int)ec_curves[i].curve;
            return BRISK_EOK;
        }
    }
    return BRISK_ECURVE;
}

/* get_curve_params takes ECParameters, a named curve or explicit ones (an
 * implicit curve, NULL, is BRISK_EDECODE): *curve, and *explicit_params
 * says which it was. */
static int get_curve_params(der_reader *r, int *curve, int *explicit_params)
{
    *explicit_params = der_peek(r) == DER_SEQUENCE;
    return *explicit_params ? get_explicit_curve(r, curve) : get_named_curve(r, curve);
}

/* put_named_curve prepends the curve's OID. */
static void put_named_curve(der_writer *w, int curve)
{
    const ec_named *e = ec_named_of(curve);
    size_t mark = w->len;

    brisk_der_put_bytes(w, e->oid, e->oid_len);
    brisk_der_wrap(w, DER_OID, mark);
}

/* put_explicit_curve prepends the curve's explicit ECParameters as OpenSSL
 * 3.0 writes them (`openssl ecparam -param_enc explicit`): version 1,
 * fieldID { prime-field, p }, curve { a, b, seed } with a and b in the
 * field's length, G uncompressed, n, cofactor 1. */
static void put_explicit_curve(der_writer *w, int curve)
{
    static const uint8_t no_unused_bits = 0;
    brisk_ec_domain d;
    size_t mark = w->len, part, item;

    brisk_ec_domain_of((brisk_ec_curve)curve, &d);
    brisk_der_put_small(w, 1);                       /* cofactor */
    brisk_der_put_uint(w, d.n, d.len);
    part = w->len;
    brisk_der_put_bytes(w, d.g, 1 + 2 * d.len);
    brisk_der_wrap(w, DER_OCTET_STRING, part);
    part = w->len;                                   /* curve */
    brisk_der_put_bytes(w, d.seed, sizeof(d.seed));
    brisk_der_put_bytes(w, &no_unused_bits, 1);
    brisk_der_wrap(w, DER_BIT_STRING, part);
    item = w->len;
    brisk_der_put_bytes(w, d.b, d.len);
    brisk_der_wrap(w, DER_OCTET_STRING, item);
    item = w->len;
    brisk_der_put_bytes(w, d.a, d.len);
    brisk_der_wrap(w, DER_OCTET_STRING, item);
    brisk_der_wrap(w, DER_SEQUENCE, part);
    part = w->len;                                   /* fieldID */
    brisk_der_put_uint(w, d.p, d.len);
    item = w->len;
    brisk_der_put_bytes(w, oid_prime_field, sizeof(oid_prime_field));
    brisk_der_wrap(w, DER_OID, item);
    brisk_der_wrap(w, DER_SEQUENCE, part);
    brisk_der_put_small(w, 1);                       /* version */
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

/* put_curve_params prepends the curve's ECParameters, named or explicit. */
static void put_curve_params(der_writer *w, int curve, int explicit_params)
{
    if (explicit_params)
        put_explicit_curve(w, curve);
    else
        put_named_curve(w, curve);
}

/* curve_fits says whether curve goes with type: an EC key's is one of
 * ec_curves, the others' 0. */
static int curve_fits(brisk_pkey_type type, int curve)
{
    return type == BRISK_PKEY_EC ? ec_named_of(curve) != NULL : curve == 0;
}

/* priv_len_of and pub_len_of are a key's lengths by type and curve. */
static size_t priv_len_of(const curve_kind *k, int curve)
{
    return k->type == BRISK_PKEY_EC ? brisk_ec_bytes((brisk_ec_curve)curve) : k->priv_len;
}

static size_t pub_len_of(const curve_kind *k, int curve)
{
    size_t n = brisk_ec_bytes((brisk_ec_curve)curve);

    return k->type == BRISK_PKEY_EC ? (n > 0 ? 1 + 2 * n : 0) : k->pub_len;
}

/* public_of makes the public key of c's private key; 0 or an error. */
static int public_of(const curve_kind *k, brisk_curve_key *c)
{
    int err = k->type == BRISK_PKEY_EC
                  ? brisk_ec_public((brisk_ec_curve)c->curve, c->pub, c->priv)
                  : k->public_of(c->pub, c->priv);

    c->pub_len = err == BRISK_EOK ? pub_len_of(k, c->curve) : 0;
    return err;
}

/* set_point stores an EC public key, compressed or not, uncompressed:
 * BRISK_EPUBKEY when it is not a point of the curve. */
static int set_point(brisk_curve_key *c, const uint8_t *p, size_t len)
{
    size_t n = brisk_ec_bytes((brisk_ec_curve)c->curve);

    if (len == 0 || len > 1 + 2 * n ||
        brisk_ec_point_decompress((brisk_ec_curve)c->curve, c->pub, p, len) != BRISK_EOK)
        return BRISK_EPUBKEY;
    c->pub_len = 1 + 2 * n;
    return BRISK_EOK;
}

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
    der_reader e = *alg;
    int got = brisk_der_get_oid(&e, oid_ec, sizeof(oid_ec));

    if (got < 0)
        return BRISK_EDECODE;
    if (got == 1) {
        /* RFC 5480 section 2.1.1 allows named curves only; OpenSSL reads
         * explicit parameters too, and so does brisk for its curves */
        int err = get_curve_params(&e, &key->u.curve.curve, &key->u.curve.explicit_params);
        if (err != BRISK_EOK)
            return err;
        if (!der_done(&e))
            return BRISK_EDECODE;
        *alg = e;
        key->type = BRISK_PKEY_EC;
        return 1;
    }
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
        der_reader t = *alg;
        int hit;
        if (kinds[i].type == BRISK_PKEY_EC)
            continue;
        hit = brisk_der_get_oid(&t, kinds[i].oid, sizeof(kinds[i].oid));
        if (hit < 0)
            return BRISK_EDECODE;
        if (hit == 1) {
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

    if (key->type == BRISK_PKEY_EC)
        return brisk_curve_get_sec1(oct, key, 0) == BRISK_EOK && der_done(oct) ? BRISK_EOK
                                                                               : BRISK_EDECODE;
    if (k == NULL || brisk_der_get(oct, DER_OCTET_STRING, &s) != BRISK_EOK ||
        !der_done(oct) || s.len != k->priv_len)
        return BRISK_EDECODE;
    memcpy(c->priv, s.p, s.len);
    c->priv_len = s.len;
    c->has_private = 1;
    public_of(k, c);
    return BRISK_EOK;
}

/* brisk_curve_get_sec1 takes an ECPrivateKey SEQUENCE { 1, OCTET STRING d,
 * [0] curve OPTIONAL, [1] BIT STRING point OPTIONAL }: standalone (with
 * `standalone`; the [0] curve is then required and sets key's type and
 * curve) or inside PKCS#8 (where a [0] curve must be the algorithm's).
 * Without [1], the public key is made from d. */
int brisk_curve_get_sec1(der_reader *r, brisk_pkey *key, int standalone)
{
    brisk_curve_key *c = &key->u.curve;
    der_reader s, d, tagged;
    const uint8_t *v;
    size_t v_len, n;
    int curve = 0, explicit_params = 0, err;

    if (brisk_der_get(r, DER_SEQUENCE, &s) != BRISK_EOK ||
        brisk_der_get_uint(&s, &v, &v_len) != BRISK_EOK || v_len != 1 || v[0] != 1 ||
        brisk_der_get(&s, DER_OCTET_STRING, &d) != BRISK_EOK)
        return BRISK_EDECODE;
    if (der_peek(&s) == 0xa0) {
        if (brisk_der_get(&s, 0xa0, &tagged) != BRISK_EOK)
            return BRISK_EDECODE;
        err = get_curve_params(&tagged, &curve, &explicit_params);
        if (err != BRISK_EOK)
            return err;
        if (!der_done(&tagged) || (!standalone && curve != c->curve))
            return BRISK_EDECODE;
    }
    if (standalone) {
        if (curve == 0)
            return BRISK_EDECODE;
        key->type = BRISK_PKEY_EC;
        c->curve = curve;
        c->explicit_params = explicit_params;
    }
    n = brisk_ec_bytes((brisk_ec_curve)c->curve);
    if (d.len == 0 || d.len > n)
        return BRISK_EDECODE;
    memset(c->priv, 0, n - d.len);
    memcpy(c->priv + n - d.len, d.p, d.len);
    c->priv_len = n;
    c->has_private = 1;
    if (der_peek(&s) == 0xa1) {
        der_reader bits;
        if (brisk_der_get(&s, 0xa1, &tagged) != BRISK_EOK ||
            brisk_der_get_bits(&tagged, &bits) != BRISK_EOK || !der_done(&tagged))
            return BRISK_EDECODE;
        if (set_point(c, bits.p, bits.len) != BRISK_EOK)
            return BRISK_EPUBKEY;
    } else {
        public_of(kind_of(BRISK_PKEY_EC), c);
    }
    return der_done(&s) ? BRISK_EOK : BRISK_EDECODE;
}

int brisk_curve_get_spki(der_reader *bits, brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    brisk_curve_key *c = &key->u.curve;

    if (key->type == BRISK_PKEY_EC) {
        c->has_private = 0;
        if (set_point(c, bits->p, bits->len) != BRISK_EOK)
            return BRISK_EDECODE;
        bits->len = 0;
        return BRISK_EOK;
    }
    if (k == NULL || bits->len != k->pub_len)
        return BRISK_EDECODE;
    memcpy(c->pub, bits->p, bits->len);
    c->pub_len = bits->len;
    c->has_private = 0;
    bits->len = 0;
    return BRISK_EOK;
}

/* brisk_curve_prepare checks a decoded key: a private key in range whose
 * public key is the one stored (or made), an EC point on its curve (set_point
 * checked it).  An X25519 or X448 public key is any string of its length
 * (RFC 7748 section 5). */
int brisk_curve_prepare(brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    brisk_curve_key *c = &key->u.curve;
    uint8_t stored[BRISK_CURVE_KEY_MAX_PUB];
    size_t stored_len = c->pub_len;
    int err;

    if (k == NULL)
        return BRISK_EINVAL;
    if (!c->has_private)
        return c->pub_len == pub_len_of(k, c->curve) ? BRISK_EOK : BRISK_EPUBKEY;
    memcpy(stored, c->pub, stored_len);
    err = public_of(k, c);     /* BRISK_EINVAL for d out of range */
    if (err == BRISK_EOK && stored_len > 0 && memcmp(stored, c->pub, stored_len) != 0)
        err = BRISK_EPUBKEY;
    return err;
}

/* ---- Encoding: backwards, as pkey.c's writer goes ---- */

void brisk_curve_put_algorithm(der_writer *w, const brisk_pkey *key)
{
    const curve_kind *k = kind_of(key->type);
    size_t mark = w->len, oid;

    if (key->type == BRISK_PKEY_EC)
        put_curve_params(w, key->u.curve.curve, key->u.curve.explicit_params);
    oid = w->len;
    if (key->type == BRISK_PKEY_EC)
        brisk_der_put_bytes(w, oid_ec, sizeof(oid_ec));
    else
        brisk_der_put_bytes(w, k->oid, sizeof(k->oid));
    brisk_der_wrap(w, DER_OID, oid);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

void brisk_curve_put_sec1(der_writer *w, const brisk_pkey *key, int with_curve)
{
    static const uint8_t no_unused_bits = 0;
    const brisk_curve_key *c = &key->u.curve;
    size_t mark = w->len, part = w->len;

    brisk_der_put_bytes(w, c->pub, c->pub_len);
    brisk_der_put_bytes(w, &no_unused_bits, 1);
    brisk_der_wrap(w, DER_BIT_STRING, part);
    brisk_der_wrap(w, 0xa1, part);
    if (with_curve) {
        part = w->len;
        put_curve_params(w, c->curve, c->explicit_params);
        brisk_der_wrap(w, 0xa0, part);
    }
    part = w->len;
    brisk_der_put_bytes(w, c->priv, c->priv_len);
    brisk_der_wrap(w, DER_OCTET_STRING, part);
    brisk_der_put_small(w, 1);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

void brisk_curve_put_pkcs8(der_writer *w, const brisk_pkey *key)
{
    size_t mark = w->len;

    if (key->type == BRISK_PKEY_EC) {
        brisk_curve_put_sec1(w, key, 0);
        return;
    }
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

    if (key == NULL || k == NULL || !curve_fits(type, curve))
        return BRISK_EINVAL;
    wipe(key, sizeof(*key));
    key->type = type;
    key->u.curve.curve = curve;
    err = type == BRISK_PKEY_EC
              ? brisk_ec_keygen((brisk_ec_curve)curve, key->u.curve.priv, key->u.curve.pub)
              : k->keygen(key->u.curve.priv, key->u.curve.pub);
    if (err != BRISK_EOK) {
        wipe(key, sizeof(*key));
        return err;
    }
    key->u.curve.has_private = 1;
    key->u.curve.priv_len = priv_len_of(k, curve);
    key->u.curve.pub_len = pub_len_of(k, curve);
    return BRISK_EOK;
}

int brisk_pkey_set_curve_key(brisk_pkey *key, brisk_pkey_type type, int curve,
                             const uint8_t *priv, size_t priv_len, const uint8_t *pub,
                             size_t pub_len)
{
    const curve_kind *k = kind_of((int)type);
    brisk_curve_key *c;
    int err = BRISK_EOK;

    if (key == NULL || k == NULL || !curve_fits(type, curve) ||
        (priv == NULL && pub == NULL) || (priv != NULL && priv_len != priv_len_of(k, curve)) ||
        (pub != NULL && type != BRISK_PKEY_EC && pub_len != k->pub_len))
        return BRISK_EINVAL;
    wipe(key, sizeof(*key));
    key->type = type;
    c = &key->u.curve;
    c->curve = curve;
    if (pub != NULL && type == BRISK_PKEY_EC)
        err = set_point(c, pub, pub_len);
    else if (pub != NULL)
        memcpy(c->pub, pub, pub_len);
    c->pub_len = pub_len_of(k, curve);
    if (priv != NULL && err == BRISK_EOK) {
        uint8_t given[BRISK_CURVE_KEY_MAX_PUB];
        memcpy(given, c->pub, sizeof(given));
        memcpy(c->priv, priv, priv_len);
        c->priv_len = priv_len;
        c->has_private = 1;
        err = public_of(k, c);
        if (err == BRISK_EOK && pub != NULL && memcmp(c->pub, given, c->pub_len) != 0)
            err = BRISK_EPUBKEY;
    }
    if (err != BRISK_EOK)
        wipe(key, sizeof(*key));
    return err;
}

int brisk_pkey_derive(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                      const brisk_pkey *peer)
{
    size_t len;
    int err;

    if (out_len != NULL && key != NULL && peer != NULL && key->type == BRISK_PKEY_DH &&
        peer->type == BRISK_PKEY_DH)
        return brisk_dh_pkey_derive(out, out_len, key, peer);
    if (out_len == NULL || key == NULL || peer == NULL || key->type != peer->type ||
        key->u.curve.curve != peer->u.curve.curve || !brisk_pkey_has_private(key) ||
        peer->u.curve.pub_len == 0)
        return BRISK_EINVAL;
    switch (key->type) {
    case BRISK_PKEY_X25519: len = 32; break;
    case BRISK_PKEY_X448: len = 56; break;
    case BRISK_PKEY_EC: len = brisk_ec_bytes((brisk_ec_curve)key->u.curve.curve); break;
    default: return BRISK_EINVAL;
    }
    if (out == NULL || *out_len < len) {
        *out_len = len;
        return out == NULL ? BRISK_EOK : BRISK_ENOSPACE;
    }
    if (key->type == BRISK_PKEY_EC)
        err = brisk_ecdh((brisk_ec_curve)key->u.curve.curve, out, key->u.curve.priv,
                         peer->u.curve.pub, peer->u.curve.pub_len);
    else if (key->type == BRISK_PKEY_X448)
        err = brisk_x448(out, key->u.curve.priv, peer->u.curve.pub);
    else
        err = brisk_x25519(out, key->u.curve.priv, peer->u.curve.pub);
    if (err != BRISK_EOK) {
        wipe(out, len);
        /* X25519 and X448 fail only on the all-zero secret of a low-order
         * point */
        return key->type == BRISK_PKEY_EC ? err : BRISK_EPUBKEY;
    }
    *out_len = len;
    return BRISK_EOK;
}

/* ---- EC parameters: a named curve's OID, or explicit ---- */

int brisk_ec_params_from_der(int *curve, int *explicit_params, const uint8_t *der,
                             size_t der_len)
{
    der_reader r;
    int err, expl = 0;

    if (curve == NULL || (der == NULL && der_len > 0))
        return BRISK_EINVAL;
    r = der_reader_init(der, der_len);
    *curve = 0;
    err = get_curve_params(&r, curve, &expl);
    if (err == BRISK_EOK && !der_done(&r))
        err = BRISK_EDECODE;
    if (err != BRISK_EOK)
        *curve = 0;
    if (explicit_params != NULL)
        *explicit_params = err == BRISK_EOK ? expl : 0;
    return err;
}

int brisk_ec_params_from_pem(int *curve, int *explicit_params, const char *text,
                             size_t text_len)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = 0;
    int err;

    if (curve == NULL || (text == NULL && text_len > 0))
        return BRISK_EINVAL;
    err = brisk_pem_find(der, &der_len, "EC PARAMETERS", text, text_len);
    if (err == BRISK_EOK)
        err = brisk_ec_params_from_der(curve, explicit_params, der, der_len);
    return err;
}

int brisk_ec_params_to_der(uint8_t *out, size_t *out_len, int curve, int explicit_params)
{
    der_writer w;

    if (out_len == NULL || ec_named_of(curve) == NULL)
        return BRISK_EINVAL;
    w = der_writer_init(out, *out_len);
    put_curve_params(&w, curve, explicit_params);
    return brisk_der_finish(&w, out_len);
}

int brisk_ec_params_to_pem(char *out, size_t *out_len, int curve, int explicit_params)
{
    uint8_t der[512];   /* P-521's explicit parameters are 455 bytes */
    size_t der_len = sizeof(der);
    int err;

    if (out_len == NULL)
        return BRISK_EINVAL;
    err = brisk_ec_params_to_der(der, &der_len, curve, explicit_params);
    if (err == BRISK_EOK)
        err = brisk_pem_write(out, out_len, "EC PARAMETERS", NULL, der, der_len);
    return err;
}
