/*
 * tests/test_pkey_curve.c - the elliptic-curve keys of brisk/pkey.h: for
 * each type, the RFCs' example keys in PKCS#8 and SubjectPublicKeyInfo
 * (RFC 8410) decode to the right bytes and encode back to the same DER and
 * PEM; encodings broken one way at a time (parameters where RFC 8410 says
 * none, another OID, inner lengths one short and one long, the wrong inner
 * tag, a trailing byte, unused bits, truncation at every length) are
 * refused; RFC 5958's v2 (version 1 with the public key; RFC 8410 section
 * 10.3's example, and v2 forms of the RFCs' keys) reads when its public
 * key is the private key's and is refused otherwise; forms a curve key cannot take; and the bad inputs of
 * brisk_pkey_set_curve_key, brisk_pkey_generate and brisk_pkey_derive.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "der_strict.h"
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
    /* RFC 7748 section 6.2, Alice */
    {"X448", BRISK_PKEY_X448, "2b656f",
     "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391"
     "006382a6f127ab1d9ac2d8c0a598726b",
     "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d4"
     "0c5b12da88120d53177f80e532c41fa0"},
    /* RFC 8032 section 7.1, TEST 1 */
    {"ED25519", BRISK_PKEY_ED25519, "2b6570",
     "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"},
    /* RFC 8032 section 7.4, Blank */
    {"ED448", BRISK_PKEY_ED448, "2b6571",
     "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39"
     "a3fc5b94492f8f032e7549a20098f95b",
     "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061b"
     "d6783df1e50f6cd1fa1abeafe8256180"},
};

/* ---- hex DER built as strings ---- */

static char pool[64][2048];
static int pool_next;

/* join returns a + b in the next slot of the pool (a and b may be
 * earlier slots). */
static const char *join(const char *a, const char *b)
{
    char tmp[sizeof(pool[0])], *out = pool[pool_next++ % 64];
    size_t la = strlen(a), lb = strlen(b);

    if (la + lb >= sizeof(tmp)) {
        tv_fail("builder: %zu hex digits are too many", la + lb);
        return "";
    }
    memcpy(tmp, a, la);
    memcpy(tmp + la, b, lb + 1);
    memcpy(out, tmp, la + lb + 1);
    return out;
}

/* tlv returns hex of tag, minimal length and the hex contents. */
static const char *tlv(const char *tag, const char *hex)
{
    static const char digits[] = "0123456789abcdef";
    size_t n = strlen(hex) / 2;
    char head[7] = "82", *p = head;

    if (n > 0xffff) {
        tv_fail("builder: %zu bytes are too many for two length bytes", n);
        return "";
    }
    if (n > 0xff) {
        p += 2;
        *p++ = digits[n >> 12];
        *p++ = digits[(n >> 8) & 15];
    } else if (n >= 0x80) {
        head[1] = '1';
        p += 2;
    }
    p[0] = digits[(n >> 4) & 15];
    p[1] = digits[n & 15];
    p[2] = '\0';
    return join(join(tag, head), hex);
}

static const char *cat(const char *a, const char *b)
{
    return join(a, b);
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
    if (!tv_check_int(brisk_pkey_from_der(&key, der, der_len), BRISK_EOK, "%s: PKCS#8", c->name)) {
        free(der);
        return;
    }
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

/* v2 is OneAsymmetricKey { version, algid, OCTET STRING { CurvePrivateKey },
 * tail } of the case's key (tail: attributes and publicKey, hex). */
static const char *v2(const curve_case *c, const char *version, const char *tail)
{
    return tlv("30", cat(cat(cat(tlv("02", version), algid(c->oid)),
                             tlv("04", tlv("04", c->priv))),
                         tail));
}

/* test_v2 reads RFC 5958's OneAsymmetricKey v2 (version 1, [1]
 * publicKey) built from the case's key pair: with its public key, with
 * attributes before it, and refused with another public key (EPUBKEY),
 * one of the wrong length, unused bits, in version 0, or version 2. */
static void test_v2(const curve_case *c)
{
    char pub_bad[300];
    brisk_pkey key;
    size_t len = 0, n = strlen(c->pub);
    uint8_t *der;

    /* the builder's pool is reused: each value is built from the case */
    der = decode_hex(v2(c, "01", tlv("81", cat("00", c->pub))), &len);
    if (tv_check_int(brisk_pkey_from_der(&key, der, len), BRISK_EOK, "%s: PKCS#8 v2",
                     c->name)) {
        uint8_t pub[64];
        size_t pub_len;
        tv_hex_decode(pub, sizeof(pub), c->pub, &pub_len);
        tv_check(key.type == c->type && brisk_pkey_has_private(&key) &&
                     key.u.curve.pub_len == pub_len,
                 "%s: PKCS#8 v2: a private key", c->name);
        tv_check_mem(key.u.curve.pub, pub, pub_len, "%s: PKCS#8 v2: its public key", c->name);
        brisk_pkey_cleanup(&key);
    }
    free(der);
    expect_hex(v2(c, "01", cat(tlv("a0", tlv("30", cat(tlv("06", "2a864886f70d010914"),
                                                       tlv("31", tlv("0c", "6b6579"))))),
                               tlv("81", cat("00", c->pub)))),
               BRISK_EOK, "PKCS#8 v2 with attributes", c->name);
    snprintf(pub_bad, sizeof(pub_bad), "%.*s%02x", (int)(n - 2), c->pub,
             (unsigned)(strtoul(c->pub + n - 2, NULL, 16) ^ 0x01));
    expect_hex(v2(c, "01", tlv("81", cat("00", pub_bad))), BRISK_EPUBKEY,
               "PKCS#8 v2 with another public key", c->name);
    expect_hex(v2(c, "01", tlv("81", cat("00", cat(c->pub, "00")))), BRISK_EDECODE,
               "PKCS#8 v2 public key one byte long", c->name);
    expect_hex(v2(c, "01", tlv("81", cat("01", c->pub))), BRISK_EDECODE,
               "PKCS#8 v2 public key with an unused bit", c->name);
    expect_hex(v2(c, "00", tlv("81", cat("00", c->pub))), BRISK_EDECODE,
               "PKCS#8 v1 with a public key", c->name);
    expect_hex(v2(c, "02", tlv("81", cat("00", c->pub))), BRISK_EDECODE, "PKCS#8 version 2",
               c->name);
    expect_hex(v2(c, "01", ""), BRISK_EOK, "PKCS#8 v2 without the public key", c->name);
}

/* test_rfc8410_v2 reads RFC 8410 section 10.3's example, an Ed25519 key
 * in v2 with an attribute (friendlyName) and the public key of 10.1. */
static void test_rfc8410_v2(void)
{
    static const char rfc8410_v2[] =
        "-----BEGIN PRIVATE KEY-----\n"
        "MHICAQEwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
        "oB8wHQYKKoZIhvcNAQkJFDEPDA1DdXJkbGUgQ2hhaXJzgSEAGb9ECWmEzf6FQbrB\n"
        "Z9w7lshQhqowtrbLDFw4rXAxZuE=\n"
        "-----END PRIVATE KEY-----\n";
    uint8_t pub[32];
    size_t pub_len;
    brisk_pkey key;

    tv_hex_decode(pub, sizeof(pub),
                  "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1", &pub_len);
    if (!tv_check_int(brisk_pkey_from_pem(&key, rfc8410_v2, sizeof(rfc8410_v2) - 1), BRISK_EOK,
                      "RFC 8410 10.3's v2 key"))
        return;
    tv_check(key.type == BRISK_PKEY_ED25519 && key.u.curve.pub_len == 32,
             "RFC 8410 10.3: an Ed25519 key");
    tv_check_mem(key.u.curve.pub, pub, 32, "RFC 8410 10.3: 10.1's public key");
    brisk_pkey_cleanup(&key);
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

/* ---- EC keys (RFC 5480, SEC 1) ---- */

/* RFC 6979 A.2.5's P-256 key. */
static const char p256_d[] = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";
static const char p256_q[] = "04"
                             "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
                             "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299";
static const char oid_ec[] = "2a8648ce3d0201";
static const char oid_p256[] = "2a8648ce3d030107";
static const char oid_p384[] = "2b81040022";

/* ec_private_params is ECPrivateKey { version, d, [0] params (hex of
 * ECParameters, if given), [1] q (if given) }; ec_private names the curve
 * by the OID's contents. */
static const char *ec_private_params(const char *version, const char *d, const char *params,
                                     const char *q)
{
    const char *body = cat(tlv("02", version), tlv("04", d));
    if (params != NULL)
        body = cat(body, tlv("a0", params));
    if (q != NULL)
        body = cat(body, tlv("a1", tlv("03", cat("00", q))));
    return tlv("30", body);
}

static const char *ec_private(const char *version, const char *d, const char *curve,
                              const char *q)
{
    return ec_private_params(version, d, curve != NULL ? tlv("06", curve) : NULL, q);
}

static const char *ec_algid(const char *curve)
{
    return tlv("30", cat(tlv("06", oid_ec), tlv("06", curve)));
}

/* decode_ok decodes hex and checks the key's bytes. */
static void decode_ok(const char *hex, int private, const char *what)
{
    uint8_t d[32], q[65];
    size_t len;
    brisk_pkey key;
    uint8_t *der;

    tv_hex_decode(d, sizeof(d), p256_d, &len);
    tv_hex_decode(q, sizeof(q), p256_q, &len);
    der = decode_hex(hex, &len);
    if (tv_check_int(brisk_pkey_from_der(&key, der, len), BRISK_EOK, "EC: %s", what)) {
        tv_check(key.type == BRISK_PKEY_EC && key.u.curve.curve == BRISK_EC_P256 &&
                     brisk_pkey_has_private(&key) == private && key.u.curve.pub_len == 65,
                 "EC: %s: type, curve", what);
        tv_check_mem(key.u.curve.pub, q, 65, "EC: %s: public key", what);
        if (private)
            tv_check_mem(key.u.curve.priv, d, 32, "EC: %s: private key", what);
        brisk_pkey_cleanup(&key);
    }
    free(der);
}

/* encodes_as decodes `from` and checks that it encodes in form as `want`. */
static void encodes_as(const char *from, int form, const char *want, const char *what)
{
    size_t len, want_len;
    uint8_t *der = decode_hex(from, &len), *w = decode_hex(want, &want_len), out[512];
    brisk_pkey key;

    if (brisk_pkey_from_der(&key, der, len) == BRISK_EOK) {
        len = sizeof(out);
        tv_check(brisk_pkey_to_der(out, &len, &key, form) == BRISK_EOK && len == want_len &&
                     memcmp(out, w, len) == 0,
                 "EC: %s", what);
        brisk_pkey_cleanup(&key);
    } else {
        tv_fail("EC: %s: does not decode", what);
    }
    free(der);
    free(w);
}

static void test_ec(void)
{
    const char *sec1 = ec_private("01", p256_d, oid_p256, p256_q);
    const char *p8 = pkcs8("00", ec_algid(oid_p256), ec_private("01", p256_d, NULL, p256_q));
    const char *pk = tlv("30", cat(ec_algid(oid_p256), tlv("03", cat("00", p256_q))));
    char q_off[200], d_high[80], q_compressed[80];
    brisk_pkey key;
    uint8_t buf[256];
    size_t len;
    int curve, explicit_params;

    /* what OpenSSL 3.0 writes, back byte for byte in every form */
    decode_ok(sec1, 1, "SEC 1 ECPrivateKey");
    decode_ok(p8, 1, "PKCS#8");
    decode_ok(pk, 0, "SubjectPublicKeyInfo");
    encodes_as(sec1, BRISK_PKEY_FORM_PKCS8, p8, "SEC 1 to PKCS#8");
    encodes_as(p8, BRISK_PKEY_FORM_TRADITIONAL, sec1, "PKCS#8 to SEC 1");
    encodes_as(p8, BRISK_PKEY_FORM_SPKI, pk, "PKCS#8 to SPKI");
    encodes_as(pk, BRISK_PKEY_FORM_SPKI, pk, "SPKI again");
    /* what other encoders write: no public key, the curve twice, a short d,
     * a compressed point (y of RFC 6979's key is odd: 03) */
    decode_ok(pkcs8("00", ec_algid(oid_p256), ec_private("01", p256_d, NULL, NULL)), 1,
              "PKCS#8 without the public key");
    decode_ok(pkcs8("00", ec_algid(oid_p256), ec_private("01", p256_d, oid_p256, p256_q)), 1,
              "PKCS#8 naming the curve twice");
    snprintf(q_compressed, sizeof(q_compressed), "03%.64s", p256_q + 2);
    decode_ok(tlv("30", cat(ec_algid(oid_p256), tlv("03", cat("00", q_compressed)))), 0,
              "SPKI with a compressed point");
    {
        const char *short_d = "00000000000000000000000000000000000000000000000000000000000000"
                              "05";
        brisk_pkey k5;
        size_t n;
        uint8_t *der = decode_hex(ec_private("01", "05", oid_p256, NULL), &n);
        if (tv_check_int(brisk_pkey_from_der(&k5, der, n), BRISK_EOK, "EC: a one-byte d")) {
            uint8_t want[32];
            tv_hex_decode(want, sizeof(want), short_d, &n);
            tv_check_mem(k5.u.curve.priv, want, 32, "EC: a one-byte d, padded");
            brisk_pkey_cleanup(&k5);
        }
        free(der);
    }

    /* refused */
    snprintf(q_off, sizeof(q_off), "%.128s%02x", p256_q, 0x99 ^ 1);
    /* n = ffffffff 00000000 ffffffff ...: this d is above it */
    snprintf(d_high, sizeof(d_high), "ffffffff01%s", p256_d + 10);
    expect_hex(ec_private("00", p256_d, oid_p256, p256_q), BRISK_EDECODE, "version 0", "EC");
    expect_hex(ec_private("01", p256_d, NULL, p256_q), BRISK_EDECODE, "SEC 1 without a curve",
               "EC");
    expect_hex(ec_private("01", p256_d, oid_p384, p256_q), BRISK_EPUBKEY,
               "SEC 1 naming another curve than its point's", "EC");
    expect_hex(ec_private("01", cat("00", p256_d), oid_p256, p256_q), BRISK_EDECODE,
               "d longer than the curve's", "EC");
    expect_hex(ec_private("01", "", oid_p256, p256_q), BRISK_EDECODE, "empty d", "EC");
    expect_hex(ec_private("01", p256_d, oid_p256, q_off), BRISK_EPUBKEY,
               "a point off the curve", "EC");
    expect_hex(ec_private("01", "00", oid_p256, NULL), BRISK_EINVAL, "d = 0", "EC");
    expect_hex(ec_private("01", d_high, oid_p256, NULL), BRISK_EINVAL, "d >= n", "EC");
    expect_hex(ec_private("01", "01", oid_p256, p256_q), BRISK_EPUBKEY,
               "a public key that is not d's", "EC");
    expect_hex(cat(sec1, "00"), BRISK_EDECODE, "a trailing byte", "EC");
    expect_hex(pkcs8("00", ec_algid(oid_p384), ec_private("01", p256_d, oid_p256, p256_q)),
               BRISK_EDECODE, "PKCS#8 whose curves differ", "EC");
    expect_hex(pkcs8("00", ec_algid("2b8104000a"), ec_private("01", p256_d, NULL, NULL)),
               BRISK_ECURVE, "secp256k1 (not supported)", "EC");
    expect_hex(ec_private("01", p256_d, "2b8104000a", NULL), BRISK_ECURVE,
               "SEC 1 on secp256k1", "EC");
    expect_hex(tlv("30", cat(ec_algid("2b8104000a"), tlv("03", cat("00", p256_q)))),
               BRISK_ECURVE, "SPKI on secp256k1", "EC");
    expect_hex(pkcs8("00", tlv("30", cat(tlv("06", oid_ec), "0500")),
                     ec_private("01", p256_d, NULL, NULL)),
               BRISK_EDECODE, "implicit parameters", "EC");
    expect_hex(pkcs8("00", tlv("30", cat(tlv("06", oid_ec), tlv("30", "020101"))),
                     ec_private("01", p256_d, NULL, NULL)),
               BRISK_EDECODE, "explicit parameters", "EC");
    expect_hex(tlv("30", cat(ec_algid(oid_p256), tlv("03", cat("00", q_off)))), BRISK_EDECODE,
               "SPKI with a point off the curve", "EC");
    expect_hex(tlv("30", cat(ec_algid(oid_p256), tlv("03", "0000"))), BRISK_EDECODE,
               "SPKI with the point at infinity", "EC");

    /* the parameters alone */
    len = sizeof(buf);
    explicit_params = -1;
    tv_check(brisk_ec_params_to_der(buf, &len, BRISK_EC_P256, 0) == BRISK_EOK && len == 10 &&
                 brisk_ec_params_from_der(&curve, &explicit_params, buf, len) == BRISK_EOK &&
                 curve == BRISK_EC_P256 && explicit_params == 0,
             "EC parameters round trip");
    len = sizeof(buf);
    tv_check_int(brisk_ec_params_to_der(buf, &len, 9, 0), BRISK_EINVAL,
                 "EC parameters: no curve 9");
    len = sizeof(buf);
    tv_check_int(brisk_ec_params_to_der(buf, &len, 9, 1), BRISK_EINVAL,
                 "EC parameters: no curve 9, explicit");
    tv_check_int(brisk_ec_params_from_der(&curve, NULL, buf, 3), BRISK_EDECODE,
                 "EC parameters: truncated");

    /* making and setting keys */
    for (int c = BRISK_EC_P256; c <= BRISK_EC_P521; c++) {
        brisk_pkey gen, peer;
        uint8_t s1[66], s2[66];
        size_t l1 = sizeof(s1), l2 = sizeof(s2);
        if (!tv_check_int(brisk_pkey_generate(&key, BRISK_PKEY_EC, c), BRISK_EOK,
                          "EC: generate on curve %d", c))
            continue;
        tv_check(key.u.curve.priv_len == brisk_ec_bytes((brisk_ec_curve)c) &&
                     key.u.curve.pub_len == 1 + 2 * key.u.curve.priv_len,
                 "EC: generated lengths on curve %d", c);
        brisk_pkey_generate(&gen, BRISK_PKEY_EC, c);
        brisk_pkey_set_curve_key(&peer, BRISK_PKEY_EC, c, NULL, 0, gen.u.curve.pub,
                                 gen.u.curve.pub_len);
        tv_check(brisk_pkey_derive(s1, &l1, &key, &peer) == BRISK_EOK, "EC: derive on %d", c);
        brisk_pkey_cleanup(&peer);
        brisk_pkey_set_curve_key(&peer, BRISK_PKEY_EC, c, NULL, 0, key.u.curve.pub,
                                 key.u.curve.pub_len);
        tv_check(brisk_pkey_derive(s2, &l2, &gen, &peer) == BRISK_EOK && l1 == l2 &&
                     memcmp(s1, s2, l1) == 0,
                 "EC: both sides derive one secret on curve %d", c);
        brisk_pkey_cleanup(&peer);
        brisk_pkey_cleanup(&gen);
        brisk_pkey_cleanup(&key);
    }
    tv_check_int(brisk_pkey_generate(&key, BRISK_PKEY_EC, 0), BRISK_EINVAL, "EC: no curve");
    tv_check_int(brisk_pkey_generate(&key, BRISK_PKEY_X25519, BRISK_EC_P256), BRISK_EINVAL,
                 "X25519 with a curve");
    {
        uint8_t d[32], q[65];
        size_t n;
        tv_hex_decode(d, sizeof(d), p256_d, &n);
        tv_hex_decode(q, sizeof(q), p256_q, &n);
        tv_check_int(brisk_pkey_set_curve_key(&key, BRISK_PKEY_EC, BRISK_EC_P256, d, 32, q, 65),
                     BRISK_EOK, "EC: set d and its Q");
        brisk_pkey_cleanup(&key);
        q[64] ^= 1;
        tv_check_int(brisk_pkey_set_curve_key(&key, BRISK_PKEY_EC, BRISK_EC_P256, NULL, 0, q, 65),
                     BRISK_EPUBKEY, "EC: set a point off the curve");
        tv_check_int(brisk_pkey_set_curve_key(&key, BRISK_PKEY_EC, BRISK_EC_P384, d, 32, NULL, 0),
                     BRISK_EINVAL, "EC: set a P-256 d on P-384");
        memset(d, 0, sizeof(d));
        tv_check_int(brisk_pkey_set_curve_key(&key, BRISK_PKEY_EC, BRISK_EC_P256, d, 32, NULL, 0),
                     BRISK_EINVAL, "EC: set d = 0");
    }
}

/* strict_check checks der_strict's verdict on hex, and that the decoders
 * refuse what it refuses. */
static void strict_check(const char *what, const char *hex, int strict)
{
    size_t len;
    uint8_t *der = decode_hex(hex, &len);
    brisk_pkey key;
    int err = brisk_pkey_from_der(&key, der, len);

    tv_check_int(der_strict(der, len), strict, "der_strict: %s", what);
    if (strict) {
        tv_check_int(err, BRISK_EOK, "der_strict: %s: decodes", what);
    } else {
        tv_check(err != BRISK_EOK, "der_strict: %s: refused by the decoder", what);
        if (brisk_pkey_from_der_unchecked(&key, der, len) == BRISK_EOK) {
            tv_fail("der_strict: %s: taken by the unchecked decoder", what);
            brisk_pkey_cleanup(&key);
        }
    }
    if (err == BRISK_EOK)
        brisk_pkey_cleanup(&key);
    free(der);
}

/* test_der_strict shows that fuzz_pkey's check of the EC keys' documented
 * alternatives (der_strict.h) can fail: it refuses encodings that differ
 * from strict DER by one length or one INTEGER, and the decoders refuse
 * them too, so that the fuzzer would report one they took. */
static void test_der_strict(void)
{
    strict_check("SPKI as brisk writes it",
                 tlv("30", cat(ec_algid(oid_p256), tlv("03", cat("00", p256_q)))), 1);
    strict_check("SEC 1 as brisk writes it", ec_private("01", p256_d, oid_p256, p256_q), 1);
    strict_check("outer length in 0x81 form",
                 cat("308159", cat(ec_algid(oid_p256), tlv("03", cat("00", p256_q)))), 0);
    strict_check("outer length with a leading zero byte",
                 cat("30820059", cat(ec_algid(oid_p256), tlv("03", cat("00", p256_q)))), 0);
    strict_check("point's length in 0x81 form",
                 tlv("30", cat(ec_algid(oid_p256), cat("038142", cat("00", p256_q)))), 0);
    strict_check("indefinite outer length",
                 cat(cat("3080", cat(ec_algid(oid_p256), tlv("03", cat("00", p256_q)))), "0000"),
                 0);
    strict_check("SEC 1 version as 02 02 00 01",
                 tlv("30", cat(cat("02020001", tlv("04", p256_d)),
                               cat(tlv("a0", tlv("06", oid_p256)),
                                   tlv("a1", tlv("03", cat("00", p256_q)))))),
                 0);
    strict_check("a byte after the key",
                 cat(tlv("30", cat(ec_algid(oid_p256), tlv("03", cat("00", p256_q)))), "00"), 0);
    strict_check("unused bits in the point",
                 tlv("30", cat(ec_algid(oid_p256), tlv("03", cat("01", p256_q)))), 0);
    {
        /* the primitive checks, one at a time */
        static const struct {
            const char *hex;
            int strict;
        } prim[] = {
            {"0101ff", 1},   {"010101", 0},     {"0500", 1},     {"050100", 0},
            {"020100", 1},   {"02020080", 1},   {"0202007f", 0}, {"0202ff80", 0},
            {"0200", 0},     {"030100", 1},     {"030101", 0},   {"03020780", 1},
            {"03020781", 0}, {"06032a8648", 1}, {"0603802a01", 0}, {"06022a86", 0},
            {"1f0100", 0},
        };
        for (size_t i = 0; i < sizeof(prim) / sizeof(prim[0]); i++) {
            size_t len;
            uint8_t *der = decode_hex(prim[i].hex, &len);
            tv_check_int(der_strict(der, len), prim[i].strict, "der_strict: %s", prim[i].hex);
            free(der);
        }
    }
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

/* ---- explicit parameters ---- */

/* P-256's domain parameters (SEC 2 version 2.0 section 2.4.2) as hex. */
static const char x_p[] = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
static const char x_a[] = "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc";
static const char x_b[] = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b";
static const char x_seed[] = "c49d360886e704936a6678e1139d26b7819f7e90";
static const char x_gx[] = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
static const char x_gy[] = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
static const char x_n[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
static const char oid_prime_field[] = "2a8648ce3d0101";

/* explicit_curve is hex of SpecifiedECDomain { version, fieldID { field,
 * p }, curve { a, b, seed (the BIT STRING's contents, or NULL for none) },
 * base, n, h (or NULL for none) }; each number given as magnitude hex. */
typedef struct explicit_parts {
    const char *version, *field, *a, *b, *seed, *base, *n, *h;
} explicit_parts;

static const char *uint_hex(const char *mag)
{
    return tlv("02", mag[0] >= '8' ? cat("00", mag) : mag);
}

static const char *explicit_curve(const explicit_parts *x)
{
    const char *field = tlv("30", cat(tlv("06", x->field), uint_hex(x_p)));
    const char *curve = cat(tlv("04", x->a), tlv("04", x->b));
    const char *body;

    if (x->seed != NULL)
        curve = cat(curve, tlv("03", x->seed));
    body = cat(cat(tlv("02", x->version), field), tlv("30", curve));
    body = cat(body, cat(tlv("04", x->base), uint_hex(x->n)));
    if (x->h != NULL)
        body = cat(body, tlv("02", x->h));
    return tlv("30", body);
}

/* params_as decodes hex as ECParameters and checks the outcome. */
static void params_as(const char *hex, int want, const char *what)
{
    size_t len;
    uint8_t *der = decode_hex(hex, &len);
    int curve = -1, expl = -1, err = brisk_ec_params_from_der(&curve, &expl, der, len);

    if (tv_check_int(err, want, "explicit parameters: %s", what) && want == BRISK_EOK)
        tv_check(curve == BRISK_EC_P256 && expl == 1, "explicit parameters: %s: P-256", what);
    else if (err != BRISK_EOK)
        tv_check(curve == 0 && expl == 0, "explicit parameters: %s: cleared", what);
    free(der);
}

static void test_ec_explicit(void)
{
    static char seed[64], base[160], params[600];
    explicit_parts std = {"01", oid_prime_field, x_a, x_b, seed, base, x_n, "01"}, x;
    const char *sec1, *p8, *pk;
    char flipped[200], short_seed[60];
    uint8_t buf[1024], *der;
    size_t len;
    brisk_pkey key;

    /* (the pool's slots are reused: what lasts is copied out) */
    snprintf(seed, sizeof(seed), "00%s", x_seed);
    snprintf(base, sizeof(base), "04%s%s", x_gx, x_gy);
    snprintf(params, sizeof(params), "%s", explicit_curve(&std));

    /* OpenSSL 3.0's own encoding (`openssl ecparam -param_enc explicit`),
     * written back byte for byte; P-384 and P-521 round trip */
    params_as(params, BRISK_EOK, "as OpenSSL writes them");
    der = decode_hex(params, &len);
    {
        size_t out_len = sizeof(buf);
        tv_check(brisk_ec_params_to_der(buf, &out_len, BRISK_EC_P256, 1) == BRISK_EOK &&
                     out_len == len && memcmp(buf, der, len) == 0,
                 "explicit parameters: P-256 encodes as OpenSSL does");
    }
    free(der);
    for (int c = BRISK_EC_P384; c <= BRISK_EC_P521; c++) {
        int curve = 0, expl = 0;
        len = sizeof(buf);
        tv_check(brisk_ec_params_to_der(buf, &len, c, 1) == BRISK_EOK &&
                     brisk_ec_params_from_der(&curve, &expl, buf, len) == BRISK_EOK &&
                     curve == c && expl == 1,
                 "explicit parameters: curve %d round trip", c);
    }

    /* what other encoders may write */
    x = std, x.seed = NULL;
    params_as(explicit_curve(&x), BRISK_EOK, "without the seed");
    x = std, x.h = NULL;
    params_as(explicit_curve(&x), BRISK_EOK, "without the cofactor");
    x = std, x.version = "02";
    params_as(explicit_curve(&x), BRISK_EOK, "version 2");
    x = std, x.version = "03";
    params_as(explicit_curve(&x), BRISK_EOK, "version 3");
    x = std, x.base = cat("03", x_gx);   /* y_G is odd */
    params_as(explicit_curve(&x), BRISK_EOK, "a compressed base point");

    /* another curve */
    snprintf(flipped, sizeof(flipped), "%.62s%02x", x_b, 0x4b ^ 1);
    x = std, x.b = flipped;
    params_as(explicit_curve(&x), BRISK_ECURVE, "another b");
    snprintf(flipped, sizeof(flipped), "%.62s%02x", x_n, 0x51 ^ 2);
    x = std, x.n = flipped;
    params_as(explicit_curve(&x), BRISK_ECURVE, "another n");
    snprintf(flipped, sizeof(flipped), "04%s%.62s%02x", x_gx, x_gy, 0xf5 ^ 1);
    x = std, x.base = flipped;
    params_as(explicit_curve(&x), BRISK_ECURVE, "another base point");
    x = std, x.base = cat("02", x_gx);
    params_as(explicit_curve(&x), BRISK_ECURVE, "the base point's negative, compressed");
    snprintf(short_seed, sizeof(short_seed), "00%.38s%02x", x_seed, 0x90 ^ 1);
    x = std, x.seed = short_seed;
    params_as(explicit_curve(&x), BRISK_ECURVE, "another seed");
    x = std, x.h = "02";
    params_as(explicit_curve(&x), BRISK_ECURVE, "cofactor 2");
    x = std, x.field = "2a8648ce3d0102";   /* characteristic-two-field */
    params_as(explicit_curve(&x), BRISK_ECURVE, "a binary field");

    /* malformed */
    x = std, x.version = "00";
    params_as(explicit_curve(&x), BRISK_EDECODE, "version 0");
    x = std, x.version = "04";
    params_as(explicit_curve(&x), BRISK_EDECODE, "version 4");
    x = std, x.seed = cat("01", x_seed);
    params_as(explicit_curve(&x), BRISK_EDECODE, "a seed with an unused bit");
    x = std, x.a = cat("00", x_a);
    params_as(explicit_curve(&x), BRISK_ECURVE, "a longer than the field (SEC 1 2.3.5)");
    x = std, x.b = x_b + 2;
    params_as(explicit_curve(&x), BRISK_ECURVE, "b shorter than the field");
    x = std, x.h = "0001";
    params_as(explicit_curve(&x), BRISK_EDECODE, "a cofactor with a needless zero byte");
    params_as(tlv("30", cat(explicit_curve(&std) + 6, "020101")), BRISK_EDECODE,
              "a member after the cofactor");
    params_as(cat(params, "00"), BRISK_EDECODE, "a trailing byte");
    for (size_t cut = 2; cut < strlen(params); cut += 2) {
        char trunc[1024];
        snprintf(trunc, sizeof(trunc), "%.*s", (int)cut, params);
        der = decode_hex(trunc, &len);
        {
            int curve = -1;
            tv_check_int(brisk_ec_params_from_der(&curve, NULL, der, len), BRISK_EDECODE,
                         "explicit parameters cut to %zu bytes", cut / 2);
        }
        free(der);
    }
    params_as("0500", BRISK_EDECODE, "implicitlyCA (NULL)");

    /* keys with explicit parameters: read, marked, written back the same
     * in every form */
    sec1 = ec_private_params("01", p256_d, params, p256_q);
    p8 = pkcs8("00", tlv("30", cat(tlv("06", oid_ec), params)),
               ec_private("01", p256_d, NULL, p256_q));
    pk = tlv("30", cat(tlv("30", cat(tlv("06", oid_ec), params)), tlv("03", cat("00", p256_q))));
    decode_ok(sec1, 1, "SEC 1 with explicit parameters");
    decode_ok(p8, 1, "PKCS#8 with explicit parameters");
    decode_ok(pk, 0, "SPKI with explicit parameters");
    der = decode_hex(sec1, &len);
    if (tv_check_int(brisk_pkey_from_der(&key, der, len), BRISK_EOK, "EC: explicit SEC 1")) {
        tv_check(key.u.curve.explicit_params == 1, "EC: explicit SEC 1: marked explicit");
        brisk_pkey_cleanup(&key);
    }
    free(der);
    encodes_as(sec1, BRISK_PKEY_FORM_TRADITIONAL, sec1, "explicit SEC 1 again");
    encodes_as(sec1, BRISK_PKEY_FORM_PKCS8, p8, "explicit SEC 1 to PKCS#8");
    encodes_as(p8, BRISK_PKEY_FORM_SPKI, pk, "explicit PKCS#8 to SPKI");
    encodes_as(pk, BRISK_PKEY_FORM_SPKI, pk, "explicit SPKI again");
    x = std, x.h = "02";
    expect_hex(ec_private_params("01", p256_d, explicit_curve(&x), p256_q), BRISK_ECURVE,
               "SEC 1 on another explicit curve", "EC");
    expect_hex(tlv("30", cat(tlv("30", cat(tlv("06", oid_ec), explicit_curve(&x))),
                             tlv("03", cat("00", p256_q)))),
               BRISK_ECURVE, "SPKI on another explicit curve", "EC");
    x = std, x.version = "00";
    expect_hex(ec_private_params("01", p256_d, explicit_curve(&x), p256_q), BRISK_EDECODE,
               "SEC 1 with malformed explicit parameters", "EC");

    /* brisk_ec_domain_of agrees with the library's arithmetic: 1 G = G */
    for (int c = BRISK_EC_P256; c <= BRISK_EC_P521; c++) {
        brisk_ec_domain d;
        uint8_t one[BRISK_EC_MAX_BYTES] = {0}, g[BRISK_EC_MAX_POINT];
        if (!tv_check_int(brisk_ec_domain_of((brisk_ec_curve)c, &d), BRISK_EOK,
                          "domain of curve %d", c))
            continue;
        one[d.len - 1] = 1;
        tv_check(d.len == brisk_ec_bytes((brisk_ec_curve)c) &&
                     brisk_ec_public((brisk_ec_curve)c, g, one) == BRISK_EOK &&
                     memcmp(g, d.g, 1 + 2 * d.len) == 0,
                 "domain of curve %d: G is the library's", c);
    }
    {
        brisk_ec_domain d;
        tv_check_int(brisk_ec_domain_of((brisk_ec_curve)9, &d), BRISK_EINVAL, "domain of 9");
        tv_check_int(brisk_ec_domain_of(BRISK_EC_P256, NULL), BRISK_EINVAL, "domain into NULL");
    }
}

int main(void)
{
    tv_begin("test_pkey_curve");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        test_known(&cases[i]);
        test_rejections(&cases[i]);
        test_v2(&cases[i]);
        test_set_and_derive(&cases[i]);
    }
    test_rfc8410_v2();
    test_ec();
    test_ec_explicit();
    test_der_strict();
    test_generic();
    return tv_end();
}
