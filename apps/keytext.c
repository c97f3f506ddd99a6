/*
 * apps/keytext.c - keys and DSA parameters as text, as OpenSSL 3.0 prints
 * them (`openssl pkey -text`, `-text_pub`, `openssl dsaparam -text`: its
 * providers' key-to-text encoder): a title line, then each number under
 * its label, in decimal with its hex when it fits in 64 bits, else as
 * colon-separated hex bytes, 15 a line indented by 4 spaces, with a
 * leading 00 when the top bit is set.  The text of a private key is
 * secret: it is built in a buffer that is wiped when freed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <brisk/ec.h>
#include <brisk/pkey.h>

#include "apps.h"

/* text_buf is the growing output: buf, len bytes used of cap. */
typedef struct text_buf {
    uint8_t *buf;
    size_t len, cap;
    int failed;
} text_buf;

static void put(text_buf *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = (t->len + n + 1) * 2;
        uint8_t *p = malloc(cap);
        if (p == NULL) {
            t->failed = 1;
            return;
        }
        if (t->buf != NULL)
            memcpy(p, t->buf, t->len);
        free_secret(t->buf, t->cap);
        t->buf = p;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static void putf(text_buf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(text_buf *t, const char *fmt, ...)
{
    char line[160];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof(line))
        t->failed = 1;
    else
        put(t, line, (size_t)n);
    brisk_wipe(line, sizeof(line));
}

/* put_number writes "LABEL VALUE (0xHEX)" for a value below 2^64, else
 * LABEL on its own line and the bytes below it (OpenSSL's
 * print_labeled_bignum). */
static void put_number(text_buf *t, const char *label, const brisk_bn *a)
{
    uint8_t bytes[BRISK_BN_MAX_BITS / 8 + 1];
    size_t bits = brisk_bn_bits(a), n = (bits + 7) / 8, count = 0;

    if (bits == 0) {
        putf(t, "%s 0\n", label);
        return;
    }
    if (bits <= 64) {
        unsigned long long v = a->d[0];
        putf(t, "%s %llu (0x%llx)\n", label, v, v);
        return;
    }
    bytes[0] = 0;
    if (brisk_bn_to_bytes(bytes + 1, n, a) != 0) {
        t->failed = 1;
        return;
    }
    putf(t, "%s\n    ", label);
    for (size_t i = (bytes[1] & 0x80) ? 0 : 1; i <= n; i++, count++) {
        if (count > 0)
            put(t, count % 15 == 0 ? ":\n    " : ":", count % 15 == 0 ? 6 : 1);
        putf(t, "%02x", bytes[i]);
    }
    put(t, "\n", 1);
    brisk_wipe(bytes, sizeof(bytes));
}

static void put_dss_parms(text_buf *t, const brisk_dsa_params *pr)
{
    put_number(t, "P:   ", &pr->p);
    put_number(t, "Q:   ", &pr->q);
    put_number(t, "G:   ", &pr->g);
}

static void put_rsa(text_buf *t, const brisk_rsa_key *k, int private)
{
    if (!private) {
        putf(t, "Public-Key: (%zu bit)\n", brisk_bn_bits(&k->n));
        put_number(t, "Modulus:", &k->n);
        put_number(t, "Exponent:", &k->e);
        return;
    }
    putf(t, "Private-Key: (%zu bit, 2 primes)\n", brisk_bn_bits(&k->n));
    put_number(t, "modulus:", &k->n);
    put_number(t, "publicExponent:", &k->e);
    put_number(t, "privateExponent:", &k->d);
    put_number(t, "prime1:", &k->p);
    put_number(t, "prime2:", &k->q);
    put_number(t, "exponent1:", &k->dp);
    put_number(t, "exponent2:", &k->dq);
    put_number(t, "coefficient:", &k->qinv);
}

/* put_dh writes a DH key as OpenSSL 3.0 does for a named group: the
 * numbers, then the group's name instead of p and g. */
static void put_dh(text_buf *t, const brisk_dh_key *k, int private)
{
    putf(t, "DH %s-Key: (%zu bit)\n", private ? "Private" : "Public", k->group->bits);
    if (private)
        put_number(t, "private-key:", &k->x);
    put_number(t, "public-key:", &k->y);
    putf(t, "GROUP: %s\n", k->group->name);
    if (k->length != 0)
        putf(t, "recommended-private-length: %zu bits\n", k->length);
}

static void put_dsa(text_buf *t, const brisk_dsa_key *k, int private)
{
    putf(t, "%s: (%zu bit)\n", private ? "Private-Key" : "Public-Key",
         brisk_bn_bits(&k->params.p));
    if (private)
        put_number(t, "priv:", &k->x);
    put_number(t, "pub: ", &k->y);
    put_dss_parms(t, &k->params);
}

/* put_bytes writes LABEL on its own line and the bytes below it, 15 a
 * line (OpenSSL's print_labeled_buf). */
static void put_bytes(text_buf *t, const char *label, const uint8_t *p, size_t n)
{
    putf(t, "%s\n", label);
    for (size_t i = 0; i < n; i++) {
        if (i % 15 == 0)
            put(t, "    ", 4);
        putf(t, "%02x%s", p[i], i + 1 == n ? "\n" : i % 15 == 14 ? ":\n" : ":");
    }
}

/* put_magnitude writes the big-endian number v[0..len-1] as put_number. */
static void put_magnitude(text_buf *t, const char *label, const uint8_t *v, size_t len)
{
    brisk_bn a;

    if (brisk_bn_from_bytes(&a, v, len) != 0) {
        t->failed = 1;
        return;
    }
    put_number(t, label, &a);
}

/* put_ec_curve writes an EC curve as OpenSSL's ECPKParameters_print does:
 * its names ("ASN1 OID:", "NIST CURVE:"), or with explicit_params the
 * numbers themselves, under openssl's labels. */
static void put_ec_curve(text_buf *t, int curve, int explicit_params)
{
    brisk_ec_domain d;

    if (!explicit_params) {
        if (brisk_ec_curve_name((brisk_ec_curve)curve) != NULL)
            putf(t, "ASN1 OID: %s\nNIST CURVE: %s\n", ec_curve_sn(curve),
                 brisk_ec_curve_name((brisk_ec_curve)curve));
        return;
    }
    if (brisk_ec_domain_of((brisk_ec_curve)curve, &d) != 0) {
        t->failed = 1;
        return;
    }
    putf(t, "Field Type: prime-field\n");
    put_magnitude(t, "Prime:", d.p, d.len);
    put_magnitude(t, "A:   ", d.a, d.len);
    put_magnitude(t, "B:   ", d.b, d.len);
    put_bytes(t, "Generator (uncompressed):", d.g, 1 + 2 * d.len);
    put_magnitude(t, "Order: ", d.n, d.len);
    putf(t, "Cofactor:  1 (0x1)\n");
    put_bytes(t, "Seed:", d.seed, sizeof(d.seed));
}

/* put_curve writes X25519, X448, Ed25519 and Ed448 keys as OpenSSL's
 * ecx_to_text does: "X25519 Private-Key:" then priv: and pub:; EC keys
 * as its ec_to_text does: "Private-Key: (256 bit)", priv: in the curve's
 * length, pub: the uncompressed point, then the curve. */
static void put_curve(text_buf *t, const brisk_pkey *key, int private)
{
    const brisk_curve_key *c = &key->u.curve;

    if (key->type == BRISK_PKEY_EC) {
        brisk_ec_curve curve = (brisk_ec_curve)c->curve;
        putf(t, "%s: (%zu bit)\n", private ? "Private-Key" : "Public-Key", brisk_ec_bits(curve));
        if (private)
            put_bytes(t, "priv:", c->priv, c->priv_len);
        if (c->pub_len > 0)
            put_bytes(t, "pub:", c->pub, c->pub_len);
        put_ec_curve(t, c->curve, c->explicit_params);
        return;
    }
    putf(t, "%s %s-Key:\n", brisk_pkey_type_name(key), private ? "Private" : "Public");
    if (private)
        put_bytes(t, "priv:", c->priv, c->priv_len);
    put_bytes(t, "pub:", c->pub, c->pub_len);
}

/* finish appends t to *buf as the callers' contract says. */
static int finish(const char *prog, text_buf *t, uint8_t **buf, size_t *len)
{
    uint8_t *p;

    if (t->failed) {
        free_secret(t->buf, t->cap);
        app_error(prog, "out of memory");
        return -1;
    }
    p = malloc(*len + t->len + 1);
    if (p == NULL) {
        free_secret(t->buf, t->cap);
        app_error(prog, "out of memory");
        return -1;
    }
    if (*buf != NULL)
        memcpy(p, *buf, *len);
    if (t->len > 0)
        memcpy(p + *len, t->buf, t->len);
    free_secret(*buf, *len);
    free_secret(t->buf, t->cap);
    *buf = p;
    *len += t->len;
    return 0;
}

int key_text(const char *prog, uint8_t **buf, size_t *len, const brisk_pkey *key, int pub_only)
{
    text_buf t = {NULL, 0, 0, 0};
    int private = brisk_pkey_has_private(key) && !pub_only;

    if (key->type == BRISK_PKEY_RSA)
        put_rsa(&t, &key->u.rsa, private);
    else if (key->type == BRISK_PKEY_DSA)
        put_dsa(&t, &key->u.dsa, private);
    else if (key->type == BRISK_PKEY_DH)
        put_dh(&t, &key->u.dh, private);
    else
        put_curve(&t, key, private);
    return finish(prog, &t, buf, len);
}

int dsa_params_text(const char *prog, uint8_t **buf, size_t *len, const brisk_dsa_params *params)
{
    text_buf t = {NULL, 0, 0, 0};

    putf(&t, "DSA-Parameters: (%zu bit)\n", brisk_bn_bits(&params->p));
    put_dss_parms(&t, params);
    return finish(prog, &t, buf, len);
}

int ec_params_text(const char *prog, uint8_t **buf, size_t *len, int curve, int explicit_params)
{
    text_buf t = {NULL, 0, 0, 0};

    putf(&t, "EC-Parameters: (%zu bit)\n", brisk_ec_bits((brisk_ec_curve)curve));
    put_ec_curve(&t, curve, explicit_params);
    return finish(prog, &t, buf, len);
}
