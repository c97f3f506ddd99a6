/*
 * tests/test_pkey_curve.c - the elliptic-curve keys of brisk/pkey.h: for
 * each type, the RFCs' example keys in PKCS#8 and SubjectPublicKeyInfo
 * (RFC 8410) decode to the right bytes and encode back to the same DER and
 * PEM; encodings broken one way at a time (parameters where RFC 8410 says
 * none, another OID, inner lengths one short and one long, the wrong inner
 * tag, version 1, a trailing byte, unused bits, truncation at every
 * length) are refused; forms a curve key cannot take; and the bad inputs of
 * brisk_pkey_set_curve_key, brisk_pkey_generate and brisk_pkey_derive.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* curve_case is one type with a known key pair. */
typedef struct curve_case {
    const char *name;
    brisk_pkey_type type;
    const char *oid;   /* hex of the OID's contents */
    const char *priv;  /* hex */
    const char *pub;   /* hex */
} curve_case;

static const curve_case cases[] = {
    /* RFC 7748 section 6.1, Alice */
    {"X25519", BRISK_PKEY_X25519, "2b656e",
     "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
     "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"},
};

/* ---- hex DER built as strings ---- */

static char pool[64][1024];
static int pool_next;

/* tlv returns hex of tag, minimal length and the hex contents. */
static const char *tlv(const char *tag, const char *hex)
{
    char tmp[sizeof(pool[0])], *out = pool[pool_next++ % 64];
    size_t n = strlen(hex) / 2;

    if (n < 0x80)
        snprintf(tmp, sizeof(tmp), "%s%02zx%s", tag, n, hex);
    else
        snprintf(tmp, sizeof(tmp), "%s81%02zx%s", tag, n, hex);
    memcpy(out, tmp, sizeof(tmp));
    return out;
}

static const char *cat(const char *a, const char *b)
{
    char tmp[sizeof(pool[0])], *out = pool[pool_next++ % 64];

    snprintf(tmp, sizeof(tmp), "%s%s", a, b);
    memcpy(out, tmp, sizeof(tmp));
    return out;
}

/* pkcs8 is PrivateKeyInfo { version, algid, OCTET STRING { inner } }. */
static const char *pkcs8(const char *version, const char *algid, const char *inner)
{
    return tlv("30", cat(cat(tlv("02", version), algid), tlv("04", inner)));
}

static const char *algid(const char *oid)
{
    return tlv("30", tlv("06", oid));
}

static const char *spki(const char *alg, const char *bits)
{
    return tlv("30", cat(alg, tlv("03", bits)));
}

/* decode_hex decodes hex into a malloc'd buffer. */
static uint8_t *decode_hex(const char *hex, size_t *len)
{
    uint8_t *b = malloc(strlen(hex) / 2 + 1);

    if (b == NULL || tv_hex_decode(b, strlen(hex) / 2 + 1, hex, len) != 0)
        tv_fail("bad hex %s", hex);
    return b;
}

static void expect_hex(const char *hex, int want, const char *what, const char *name)
{
    brisk_pkey key;
    size_t len = 0;
    uint8_t *der = decode_hex(hex, &len);
    int err = brisk_pkey_from_der(&key, der, len);

    tv_check_int(err, want, "%s: %s", name, what);
    if (err == BRISK_EOK)
        brisk_pkey_cleanup(&key);
    else
        tv_check(key.type == 0, "%s: %s: key wiped on failure", name, what);
    free(der);
}

/* ---- the tests ---- */

static void test_known(const curve_case *c)
{
    uint8_t priv[64], pub[160], out[512];
    size_t priv_len, pub_len, len, der_len;
    const char *p8 = pkcs8("00", algid(c->oid), tlv("04", c->priv));
    const char *pk = spki(algid(c->oid), cat("00", c->pub));
    uint8_t *der = decode_hex(p8, &der_len);
    brisk_pkey key, again;
    char pem[1024];

    tv_hex_decode(priv, sizeof(priv), c->priv, &priv_len);
    tv_hex_decode(pub, sizeof(pub), c->pub, &pub_len);
    if (!tv_check_int(brisk_pkey_from_der(&key, der, der_len), BRISK_EOK, "%s: PKCS#8", c->name))
        return;
    tv_check(key.type == c->type && brisk_pkey_has_private(&key), "%s: PKCS#8 type", c->name);
    tv_check_str(brisk_pkey_type_name(&key), c->name, "%s: type name", c->name);
    tv_check(key.u.curve.priv_len == priv_len && key.u.curve.pub_len == pub_len,
             "%s: lengths", c->name);
    tv_check_mem(key.u.curve.priv, priv, priv_len, "%s: private key", c->name);
    tv_check_mem(key.u.curve.pub, pub, pub_len, "%s: public key made from it", c->name);
    len = sizeof(out);
    tv_check(brisk_pkey_to_der(out, &len, &key, BRISK_PKEY_FORM_PKCS8) == BRISK_EOK &&
                 len == der_len && memcmp(out, der, len) == 0,
             "%s: PKCS#8 again, byte for byte", c->name);
    len = sizeof(pem);
    tv_check(brisk_pkey_to_pem(pem, &len, &key, BRISK_PKEY_FORM_PKCS8) == BRISK_EOK &&
                 brisk_pkey_from_pem(&again, pem, len) == BRISK_EOK &&
                 memcmp(again.u.curve.priv, priv, priv_len) == 0,
             "%s: PEM round trip", c->name);
    brisk_pkey_cleanup(&again);
    len = sizeof(out);
    tv_check_int(brisk_pkey_to_der(out, &len, &key, BRISK_PKEY_FORM_TRADITIONAL), BRISK_EINVAL,
                 "%s: no traditional form", c->name);
    len = sizeof(out);
    tv_check_int(brisk_pkey_to_der(out, &len, &key, BRISK_PKEY_FORM_PKCS1_PUBLIC), BRISK_EINVAL,
                 "%s: no PKCS#1 form", c->name);
    free(der);

    /* the public half */
    der = decode_hex(pk, &der_len);
    len = sizeof(out);
    tv_check(brisk_pkey_to_der(out, &len, &key, BRISK_PKEY_FORM_SPKI) == BRISK_EOK &&
                 len == der_len && memcmp(out, der, len) == 0,
             "%s: SubjectPublicKeyInfo of the private key", c->name);
    brisk_pkey_cleanup(&key);
    if (tv_check_int(brisk_pkey_from_der(&key, der, der_len), BRISK_EOK, "%s: SPKI", c->name)) {
        tv_check(key.type == c->type && !brisk_pkey_has_private(&key), "%s: SPKI type", c->name);
        tv_check_mem(key.u.curve.pub, pub, pub_len, "%s: SPKI bytes", c->name);
        len = sizeof(out);
        tv_check_int(brisk_pkey_to_der(out, &len, &key, BRISK_PKEY_FORM_PKCS8), BRISK_EINVAL,
                     "%s: a public key has no PKCS#8", c->name);
        brisk_pkey_cleanup(&key);
    }
    /* truncated at every length */
    for (size_t n = 0; n < der_len; n++)
        tv_check(brisk_pkey_from_der(&key, der, n) == BRISK_EDECODE, "%s: SPKI cut to %zu",
                 c->name, n);
    free(der);
}

static void test_rejections(const curve_case *c)
{
    char oid_other[16], priv_short[160], priv_long[160];
    size_t n = strlen(c->oid);

    snprintf(oid_other, sizeof(oid_other), "%.*s%02x", (int)(n - 2), c->oid,
             (unsigned)(strtoul(c->oid + n - 2, NULL, 16) ^ 0x20));
    snprintf(priv_short, sizeof(priv_short), "%.*s", (int)strlen(c->priv) - 2, c->priv);
    snprintf(priv_long, sizeof(priv_long), "%s00", c->priv);

    expect_hex(pkcs8("00", tlv("30", cat(tlv("06", c->oid), "0500")), tlv("04", c->priv)),
               BRISK_EDECODE, "PKCS#8 with NULL parameters", c->name);
    expect_hex(pkcs8("00", algid(oid_other), tlv("04", c->priv)), BRISK_EDECODE,
               "PKCS#8 of another OID", c->name);
    expect_hex(pkcs8("00", algid(c->oid), tlv("04", priv_short)), BRISK_EDECODE,
               "PKCS#8 private key one byte short", c->name);
    expect_hex(pkcs8("00", algid(c->oid), tlv("04", priv_long)), BRISK_EDECODE,
               "PKCS#8 private key one byte long", c->name);
    expect_hex(pkcs8("00", algid(c->oid), tlv("03", cat("00", c->priv))), BRISK_EDECODE,
               "PKCS#8 private key in a BIT STRING", c->name);
    expect_hex(pkcs8("00", algid(c->oid), c->priv), BRISK_EDECODE,
               "PKCS#8 private key without its OCTET STRING", c->name);
    expect_hex(cat(pkcs8("00", algid(c->oid), tlv("04", c->priv)), "00"), BRISK_EDECODE,
               "PKCS#8 with a trailing byte", c->name);
    expect_hex(pkcs8("00", algid(c->oid), cat(tlv("04", c->priv), "00")), BRISK_EDECODE,
               "PKCS#8 with a byte after the inner OCTET STRING", c->name);
    expect_hex(spki(tlv("30", cat(tlv("06", c->oid), "0500")), cat("00", c->pub)),
               BRISK_EDECODE, "SPKI with NULL parameters", c->name);
    expect_hex(spki(algid(c->oid), cat("01", c->pub)), BRISK_EDECODE,
               "SPKI with an unused bit", c->name);
    expect_hex(spki(algid(c->oid), cat("00", cat(c->pub, "00"))), BRISK_EDECODE,
               "SPKI public key one byte long", c->name);
    {
        char pub_short[300];
        snprintf(pub_short, sizeof(pub_short), "%.*s", (int)strlen(c->pub) - 2, c->pub);
        expect_hex(spki(algid(c->oid), cat("00", pub_short)), BRISK_EDECODE,
                   "SPKI public key one byte short", c->name);
    }
}

static void test_set_and_derive(const curve_case *c)
{
    uint8_t priv[64], pub[160], out[160];
    size_t priv_len, pub_len, len;
    brisk_pkey key, peer, gen;

    tv_hex_decode(priv, sizeof(priv), c->priv, &priv_len);
    tv_hex_decode(pub, sizeof(pub), c->pub, &pub_len);
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 0, priv, priv_len, pub, pub_len),
                 BRISK_EOK, "%s: set with the matching public key", c->name);
    brisk_pkey_cleanup(&key);
    pub[0] ^= 1;
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 0, priv, priv_len, pub, pub_len),
                 BRISK_EPUBKEY, "%s: set with another public key", c->name);
    pub[0] ^= 1;
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 0, priv, priv_len - 1, NULL, 0),
                 BRISK_EINVAL, "%s: set with a short private key", c->name);
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 0, NULL, 0, pub, pub_len + 1),
                 BRISK_EINVAL, "%s: set with a long public key", c->name);
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 0, NULL, 0, NULL, 0), BRISK_EINVAL,
                 "%s: set with nothing", c->name);
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 7, priv, priv_len, NULL, 0),
                 BRISK_EINVAL, "%s: set with a curve number", c->name);

    if (!tv_check_int(brisk_pkey_generate(&gen, c->type, 0), BRISK_EOK, "%s: generate", c->name))
        return;
    tv_check(brisk_pkey_has_private(&gen), "%s: generated key is private", c->name);
    /* the generated key's public key is the one its private key gives */
    tv_check_int(brisk_pkey_set_curve_key(&key, c->type, 0, gen.u.curve.priv,
                                          gen.u.curve.priv_len, gen.u.curve.pub,
                                          gen.u.curve.pub_len),
                 BRISK_EOK, "%s: generated pair consistent", c->name);
    brisk_pkey_cleanup(&key);
    if (c->type == BRISK_PKEY_X25519 || c->type == BRISK_PKEY_X448) {
        uint8_t s1[160], s2[160];
        size_t l1 = sizeof(s1), l2 = sizeof(s2);
        brisk_pkey_set_curve_key(&key, c->type, 0, priv, priv_len, NULL, 0);
        brisk_pkey_set_curve_key(&peer, c->type, 0, NULL, 0, gen.u.curve.pub,
                                 gen.u.curve.pub_len);
        tv_check(brisk_pkey_derive(s1, &l1, &key, &peer) == BRISK_EOK, "%s: derive", c->name);
        brisk_pkey_cleanup(&peer);
        brisk_pkey_set_curve_key(&peer, c->type, 0, NULL, 0, pub, pub_len);
        tv_check(brisk_pkey_derive(s2, &l2, &gen, &peer) == BRISK_EOK && l1 == l2 &&
                     memcmp(s1, s2, l1) == 0,
                 "%s: both sides derive one secret", c->name);
        len = 0;
        tv_check(brisk_pkey_derive(NULL, &len, &gen, &peer) == BRISK_EOK && len == l1,
                 "%s: derive's length query", c->name);
        len = l1 - 1;
        tv_check_int(brisk_pkey_derive(out, &len, &gen, &peer), BRISK_ENOSPACE,
                     "%s: derive into a short buffer", c->name);
        len = sizeof(out);
        tv_check_int(brisk_pkey_derive(out, &len, &peer, &gen), BRISK_EINVAL,
                     "%s: derive with a public key", c->name);
        memset(peer.u.curve.pub, 0, pub_len);
        len = sizeof(out);
        tv_check_int(brisk_pkey_derive(out, &len, &gen, &peer), BRISK_EPUBKEY,
                     "%s: derive with the zero point", c->name);
        brisk_pkey_cleanup(&peer);
        brisk_pkey_cleanup(&key);
    } else {
        len = sizeof(out);
        tv_check_int(brisk_pkey_derive(out, &len, &gen, &gen), BRISK_EINVAL,
                     "%s: a signature key does not derive", c->name);
    }
    brisk_pkey_cleanup(&gen);
}

static void test_generic(void)
{
    brisk_pkey key, other;
    uint8_t out[64];
    size_t len = sizeof(out);

    tv_check_int(brisk_pkey_generate(&key, BRISK_PKEY_RSA, 0), BRISK_EINVAL,
                 "generate: RSA is not a curve type");
    tv_check_int(brisk_pkey_generate(NULL, BRISK_PKEY_X25519, 0), BRISK_EINVAL,
                 "generate: NULL key");
    tv_check(brisk_pkey_type_name(NULL) == NULL, "type name of NULL");
    if (brisk_pkey_generate(&key, BRISK_PKEY_X25519, 0) == BRISK_EOK) {
        memset(&other, 0, sizeof(other));
        other.type = BRISK_PKEY_RSA;
        tv_check_int(brisk_pkey_derive(out, &len, &key, &other), BRISK_EINVAL,
                     "derive: keys of two types");
        tv_check_int(brisk_pkey_derive(out, NULL, &key, &key), BRISK_EINVAL,
                     "derive: NULL length");
        brisk_pkey_cleanup(&key);
    }
}

int main(void)
{
    tv_begin("test_pkey_curve");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        test_known(&cases[i]);
        test_rejections(&cases[i]);
        test_set_and_derive(&cases[i]);
    }
    test_generic();
    return tv_end();
}
