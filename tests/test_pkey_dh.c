/*
 * tests/test_pkey_dh.c - DH keys in brisk/pkey.h: a key made by the
 * openssl command (inlined below) decodes to its numbers and re-encodes to
 * the same bytes; keys made by brisk in every group go through PKCS#8 and
 * SubjectPublicKeyInfo, DER and PEM, and derive the secret brisk_dh_derive
 * gives; encodings built here and broken one way at a time are refused
 * with the right code (another p or g, x out of range, y outside the
 * subgroup, a malformed or trailing value), by the unchecked decoders
 * too; forms a DH key cannot take and derivations it cannot do; DH
 * parameters (openssl's, every group's, broken ones).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* openssl genpkey -algorithm DH -pkeyopt group:ffdhe2048, and its
 * -pubout. */
static const char ossl_priv_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIIBPwIBADCCARcGCSqGSIb3DQEDATCCAQgCggEBAP//////////rfhUWKK7Spqv\n"
    "3FYgJz088di5xYPOLTaVqeE2QRRkM/vMk53OJJs++X0v42NjDHXY9oGyAq7EYXrT\n"
    "3x7V1f1lYSQz9R9fBm7QhWNlVT3tGvO1VxNef1fJNZhPDHDg5ot34qaJ2vPv6HId\n"
    "8VihNq3nNTCsyk9IOnl6vAqxgrMk+2HRCKlLssjj+7lq2rdg1/RoHU9Co945TfSu\n"
    "Vu3nY3K7GQsHp8juCm1wngL84c334uzANATNKDQvYZFy/pzphYP/jk8SMu7ygYPD\n"
    "/jsbTG+tczu1/LwuwiAFxY7xg30Wg7LG80omwbLv+ohrQjhhKFyX//////////8C\n"
    "AQIEHwIdAJPNO+w0hO5MObLLzcJGMKdOtOMt1IhKKa5mBAA=\n"
    "-----END PRIVATE KEY-----\n";
static const char ossl_x_hex[] = "93cd3bec3484ee4c39b2cbcdc24630a74eb4e32dd4884a29ae660400";

/* openssl genpkey -genparam -algorithm DH -pkeyopt group:ffdhe2048 */
static const char ossl_params_pem[] =
    "-----BEGIN DH PARAMETERS-----\n"
    "MIIBCAKCAQEA//////////+t+FRYortKmq/cViAnPTzx2LnFg84tNpWp4TZBFGQz\n"
    "+8yTnc4kmz75fS/jY2MMddj2gbICrsRhetPfHtXV/WVhJDP1H18GbtCFY2VVPe0a\n"
    "87VXE15/V8k1mE8McODmi3fipona8+/och3xWKE2rec1MKzKT0g6eXq8CrGCsyT7\n"
    "YdEIqUuyyOP7uWrat2DX9GgdT0Kj3jlN9K5W7edjcrsZCwenyO4KbXCeAvzhzffi\n"
    "7MA0BM0oNC9hkXL+nOmFg/+OTxIy7vKBg8P+OxtMb61zO7X8vC7CIAXFjvGDfRaD\n"
    "ssbzSibBsu/6iGtCOGEoXJf//////////wIBAg==\n"
    "-----END DH PARAMETERS-----\n";

/* ---- DER built piece by piece ---- */

typedef struct der {
    uint8_t p[4096];
    size_t len;
} der;

static der tlv(uint8_t tag, const der *content)
{
    der d;
    size_t n = content->len, i = 0;

    d.p[i++] = tag;
    if (n < 128) {
        d.p[i++] = (uint8_t)n;
    } else if (n < 256) {
        d.p[i++] = 0x81;
        d.p[i++] = (uint8_t)n;
    } else {
        d.p[i++] = 0x82;
        d.p[i++] = (uint8_t)(n >> 8);
        d.p[i++] = (uint8_t)n;
    }
    memcpy(d.p + i, content->p, n);
    d.len = i + n;
    return d;
}

static der raw(const uint8_t *p, size_t n)
{
    der d;

    memcpy(d.p, p, n);
    d.len = n;
    return d;
}

static der cat(const der *a, const der *b)
{
    der d = *a;

    memcpy(d.p + d.len, b->p, b->len);
    d.len += b->len;
    return d;
}

/* integer encodes the big-endian magnitude p[0..n-1] (no leading zeros)
 * as a minimal non-negative INTEGER. */
static der integer(const uint8_t *p, size_t n)
{
    uint8_t buf[1100];
    size_t i = 0;

    if (n == 0 || (p[0] & 0x80))
        buf[i++] = 0;
    memcpy(buf + i, p, n);
    der c = raw(buf, i + n);
    return tlv(0x02, &c);
}

static der small(uint8_t v)
{
    return integer(&v, v != 0);
}

static const uint8_t oid_dh[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x03, 0x01};

/* algid is dhKeyAgreement with p, g and, when extra is not NULL, one more
 * member after them. */
static der algid(const uint8_t *p, size_t p_len, uint8_t g, const der *extra)
{
    der o = raw(oid_dh, sizeof(oid_dh)), ip = integer(p, p_len), ig = small(g), params, alg;

    o = tlv(0x06, &o);
    params = cat(&ip, &ig);
    if (extra != NULL)
        params = cat(&params, extra);
    params = tlv(0x30, &params);
    alg = cat(&o, &params);
    return tlv(0x30, &alg);
}

static der pkcs8(const der *alg, const der *inner)
{
    der v = small(0), oct = tlv(0x04, inner), s = cat(&v, alg);

    s = cat(&s, &oct);
    return tlv(0x30, &s);
}

static der spki(const der *alg, const der *inner)
{
    uint8_t zero = 0;
    der bits = raw(&zero, 1), s;

    bits = cat(&bits, inner);
    bits = tlv(0x03, &bits);
    s = cat(alg, &bits);
    return tlv(0x30, &s);
}

/* ---- Checks ---- */

static brisk_pkey key, key2;

/* decodes_as checks both decoders' answer to d. */
static void decodes_as(const der *d, int want, const char *what)
{
    tv_check_int(brisk_pkey_from_der(&key, d->p, d->len), want, "%s", what);
    brisk_pkey_cleanup(&key);
    tv_check_int(brisk_pkey_from_der_unchecked(&key, d->p, d->len), want, "%s (unchecked)",
                 what);
    brisk_pkey_cleanup(&key);
}

static void test_openssl_key(void)
{
    static char pem[4096];
    size_t len = sizeof(pem), x_len;
    uint8_t *x = tv_hex_alloc(ossl_x_hex, &x_len), got[64];

    if (!tv_check_int(brisk_pkey_from_pem(&key, ossl_priv_pem, strlen(ossl_priv_pem)), 0,
                      "openssl's key"))
        return;
    tv_check_int(key.type, BRISK_PKEY_DH, "type");
    tv_check_str(brisk_pkey_type_name(&key), "DH", "type name");
    tv_check_str(key.u.dh.group->name, "ffdhe2048", "group");
    tv_check(brisk_pkey_has_private(&key), "private");
    if (tv_check_int(brisk_bn_to_bytes(got, x_len, &key.u.dh.x), 0, "x fits"))
        tv_check_mem(got, x, x_len, "x");
    if (tv_check_int(brisk_pkey_to_pem(pem, &len, &key, BRISK_PKEY_FORM_PKCS8), 0, "to_pem") &&
        tv_check_int((long long)len, (long long)strlen(ossl_priv_pem), "pem length"))
        tv_check_mem(pem, ossl_priv_pem, len, "pem bytes");
    brisk_pkey_cleanup(&key);
    free(x);
}

/* test_group: a key of brisk's through every form, and its secrets. */
static void test_group(const brisk_dh_group *g)
{
    static uint8_t buf[8192], again[8192], pub[1100];
    static uint8_t s1[BRISK_DH_MAX_BYTES], s2[BRISK_DH_MAX_BYTES];
    static char pem[12288];
    static brisk_pkey a, b, pa;
    size_t len, len2, n = g->bits / 8;

    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    a.type = b.type = BRISK_PKEY_DH;
    if (!tv_check_int(brisk_dh_generate_key(&a.u.dh, g), 0, "%s: generate", g->name) ||
        !tv_check_int(brisk_dh_generate_key(&b.u.dh, g), 0, "%s: generate", g->name))
        return;
    for (int form = BRISK_PKEY_FORM_PKCS8; form <= BRISK_PKEY_FORM_PKCS1_PUBLIC; form++) {
        int ok = form == BRISK_PKEY_FORM_PKCS8 || form == BRISK_PKEY_FORM_SPKI;
        len = sizeof(buf);
        if (!tv_check_int(brisk_pkey_to_der(buf, &len, &a, form), ok ? 0 : BRISK_EINVAL,
                          "%s: to_der form %d", g->name, form) || !ok)
            continue;
        if (!tv_check_int(brisk_pkey_from_der(&key, buf, len), 0, "%s: from_der form %d",
                          g->name, form))
            continue;
        tv_check(key.type == BRISK_PKEY_DH && key.u.dh.group == g, "%s: group", g->name);
        tv_check_int(brisk_pkey_has_private(&key), form == BRISK_PKEY_FORM_PKCS8,
                     "%s: private", g->name);
        tv_check(brisk_bn_cmp(&key.u.dh.y, &a.u.dh.y) == 0, "%s: y", g->name);
        if (form == BRISK_PKEY_FORM_PKCS8)
            tv_check(brisk_bn_cmp(&key.u.dh.x, &a.u.dh.x) == 0, "%s: x", g->name);
        len2 = sizeof(pem);
        if (tv_check_int(brisk_pkey_to_pem(pem, &len2, &key, form), 0, "%s: to_pem", g->name)) {
            brisk_pkey_cleanup(&key2);
            tv_check_int(brisk_pkey_from_pem(&key2, pem, len2), 0, "%s: from_pem", g->name);
            len2 = sizeof(again);
            tv_check(brisk_pkey_to_der(again, &len2, &key2, form) == 0 && len2 == len &&
                         memcmp(again, buf, len) == 0,
                     "%s: PEM gives the same DER", g->name);
            brisk_pkey_cleanup(&key2);
        }
        if (form == BRISK_PKEY_FORM_SPKI)
            pa = key;
        brisk_pkey_cleanup(&key);
    }
    /* a's public key (decoded) with b's private key, and the other way */
    len = sizeof(s1);
    len2 = 0;
    tv_check_int(brisk_pkey_derive(NULL, &len2, &b, &pa), 0, "%s: length query", g->name);
    tv_check_int((long long)len2, (long long)n, "%s: secret length", g->name);
    len2 = n - 1;
    tv_check_int(brisk_pkey_derive(s1, &len2, &b, &pa), BRISK_ENOSPACE, "%s: too small",
                 g->name);
    len2 = sizeof(s2);
    if (tv_check_int(brisk_pkey_derive(s1, &len, &b, &pa), 0, "%s: derive", g->name) &&
        tv_check_int(brisk_dh_public(pub, n, &b.u.dh), 0, "%s: b's public", g->name) &&
        tv_check_int(brisk_dh_derive(s2, len2, &a.u.dh, pub, n), 0, "%s: dh_derive", g->name))
        tv_check_mem(s1, s2, n, "%s: both sides' secret", g->name);
    len = sizeof(s1);
    tv_check_int(brisk_pkey_derive(s1, &len, &pa, &b), BRISK_EINVAL,
                 "%s: derive from a public key", g->name);
    brisk_pkey_cleanup(&pa);
    brisk_pkey_cleanup(&a);
    brisk_pkey_cleanup(&b);
}

static void test_mismatch(void)
{
    static brisk_pkey a, b, x;
    uint8_t out[BRISK_DH_MAX_BYTES];
    size_t len = sizeof(out);

    a.type = b.type = BRISK_PKEY_DH;
    brisk_dh_generate_key(&a.u.dh, brisk_dh_group_at(0));
    brisk_dh_generate_key(&b.u.dh, brisk_dh_group_at(1));
    tv_check_int(brisk_pkey_derive(out, &len, &a, &b), BRISK_EINVAL, "groups differ");
    tv_check_int(brisk_pkey_generate(&x, BRISK_PKEY_X25519, 0), 0, "x25519 key");
    len = sizeof(out);
    tv_check_int(brisk_pkey_derive(out, &len, &a, &x), BRISK_EINVAL, "DH with X25519");
    len = sizeof(out);
    tv_check_int(brisk_pkey_derive(out, &len, &x, &a), BRISK_EINVAL, "X25519 with DH");
    brisk_pkey_cleanup(&a);
    brisk_pkey_cleanup(&b);
    brisk_pkey_cleanup(&x);
}

/* test_rejections breaks ffdhe2048 encodings one way at a time. */
static void test_rejections(void)
{
    const brisk_dh_group *g = brisk_dh_group_by_name("ffdhe2048");
    const size_t n = g->bits / 8;
    uint8_t p[256], q[256], v[256], one = 1, x[28];
    der alg = algid(g->p, n, 2, NULL), d, inner, extra;
    size_t x_len;
    uint8_t *xs = tv_hex_alloc(ossl_x_hex, &x_len);

    memcpy(x, xs, sizeof(x));
    free(xs);
    /* the openssl key rebuilt: the builder is right */
    inner = integer(x, sizeof(x));
    d = pkcs8(&alg, &inner);
    decodes_as(&d, 0, "rebuilt key");
    extra = small(224);
    der alg_len = algid(g->p, n, 2, &extra);
    d = pkcs8(&alg_len, &inner);
    decodes_as(&d, 0, "with privateValueLength");
    if (tv_check_int(brisk_pkey_from_der(&key, d.p, d.len), 0, "privateValueLength 224")) {
        uint8_t again[4096];
        size_t again_len = sizeof(again);
        tv_check_int((long long)key.u.dh.length, 224, "privateValueLength kept");
        tv_check(brisk_pkey_to_der(again, &again_len, &key, BRISK_PKEY_FORM_PKCS8) == 0 &&
                     again_len == d.len && memcmp(again, d.p, d.len) == 0,
                 "privateValueLength written back");
        again_len = sizeof(again);
        tv_check(brisk_pkey_to_der(again, &again_len, &key, BRISK_PKEY_FORM_SPKI) == 0 &&
                     brisk_pkey_from_der(&key2, again, again_len) == 0 &&
                     key2.u.dh.length == 224,
                 "privateValueLength in the public key too");
        brisk_pkey_cleanup(&key2);
    }
    brisk_pkey_cleanup(&key);
    {
        static const uint8_t big[] = {0x08, 0x00}, huge[] = {0x01, 0x00, 0x00};
        der bad[] = {small(0), integer(big, sizeof(big)), integer(huge, sizeof(huge))};
        const char *what[] = {"privateValueLength 0", "privateValueLength 2048",
                              "privateValueLength of 3 bytes"};
        for (size_t i = 0; i < 3; i++) {
            der alg_bad = algid(g->p, n, 2, &bad[i]);
            d = pkcs8(&alg_bad, &inner);
            decodes_as(&d, BRISK_EDECODE, what[i]);
        }
    }
    der alg_more = cat(&extra, &extra);
    alg_more = algid(g->p, n, 2, &alg_more);
    d = pkcs8(&alg_more, &inner);
    decodes_as(&d, BRISK_EDECODE, "two members after g");
    der alg_g5 = algid(g->p, n, 5, NULL);
    d = pkcs8(&alg_g5, &inner);
    decodes_as(&d, BRISK_EGROUP, "g = 5");
    memcpy(p, g->p, n);
    p[100] ^= 1;
    der alg_p = algid(p, n, 2, NULL);
    d = pkcs8(&alg_p, &inner);
    decodes_as(&d, BRISK_EGROUP, "another p");
    der alg_short = algid(g->p, n - 1, 2, NULL);
    d = pkcs8(&alg_short, &inner);
    decodes_as(&d, BRISK_EGROUP, "p one byte short");
    /* x = 0, x = q = (p - 1) / 2, x = q - 1 (the largest allowed) */
    inner = small(0);
    d = pkcs8(&alg, &inner);
    decodes_as(&d, BRISK_EINVAL, "x = 0");
    for (size_t i = 0, carry = 0; i < n; i++) {   /* q = p >> 1 */
        q[i] = (uint8_t)((g->p[i] >> 1) | (carry << 7));
        carry = g->p[i] & 1;
    }
    inner = integer(q, n);
    d = pkcs8(&alg, &inner);
    decodes_as(&d, BRISK_EINVAL, "x = q");
    q[n - 1]--;   /* q ends in ...ff: no borrow */
    inner = integer(q, n);
    d = pkcs8(&alg, &inner);
    decodes_as(&d, 0, "x = q - 1");
    inner = integer(x, sizeof(x));
    der trailing = cat(&inner, &inner);
    d = pkcs8(&alg, &trailing);
    decodes_as(&d, BRISK_EDECODE, "two INTEGERs in privateKey");
    d = pkcs8(&alg, &inner);
    d.p[d.len++] = 0;
    decodes_as(&d, BRISK_EDECODE, "a byte after the key");
    d = pkcs8(&alg, &inner);
    d.p[4 + 2] = 1;   /* version 1 (v2): only for RFC 8410 types */
    decodes_as(&d, BRISK_EDECODE, "PKCS#8 v2");
    for (size_t cut = 1; cut < d.len; cut += 37) {
        der t = pkcs8(&alg, &inner);
        t.len -= cut;
        decodes_as(&t, BRISK_EDECODE, "truncated");
    }
    /* public values: 1, p - 1, p - 2 (= -2, not a square mod p), p */
    inner = integer(&one, 1);
    d = spki(&alg, &inner);
    decodes_as(&d, BRISK_EPUBKEY, "y = 1");
    memcpy(v, g->p, n);
    v[n - 1]--;
    inner = integer(v, n);
    d = spki(&alg, &inner);
    decodes_as(&d, BRISK_EPUBKEY, "y = p - 1");
    v[n - 1]--;
    inner = integer(v, n);
    d = spki(&alg, &inner);
    decodes_as(&d, BRISK_EPUBKEY, "y = p - 2, outside the subgroup");
    inner = integer(g->p, n);
    d = spki(&alg, &inner);
    decodes_as(&d, BRISK_EPUBKEY, "y = p");
    v[0] = 4;   /* 4 = 2^2 is in the subgroup */
    inner = integer(v, 1);
    d = spki(&alg, &inner);
    decodes_as(&d, 0, "y = 4");
    d = spki(&alg_g5, &inner);
    decodes_as(&d, BRISK_EGROUP, "SPKI with g = 5");
    inner.len = 0;
    d = spki(&alg, &inner);
    decodes_as(&d, BRISK_EDECODE, "an empty BIT STRING");
}

static void test_params(void)
{
    static char pem[4096];
    static uint8_t enc[2048];
    const brisk_dh_group *g = NULL, *got;
    size_t len = sizeof(pem), n;
    uint8_t v;
    der der_p, der_g, der_l, seq;

    if (tv_check_int(brisk_dh_params_from_pem(&g, ossl_params_pem, strlen(ossl_params_pem)), 0,
                     "openssl's parameters"))
        tv_check(g == brisk_dh_group_by_name("ffdhe2048"), "openssl's parameters: the group");
    if (tv_check_int(brisk_dh_params_to_pem(pem, &len, g), 0, "parameters to_pem") &&
        tv_check_int((long long)len, (long long)strlen(ossl_params_pem), "parameters length"))
        tv_check_mem(pem, ossl_params_pem, len, "parameters as openssl writes them");
    for (size_t i = 0; (g = brisk_dh_group_at(i)) != NULL; i++) {
        n = sizeof(enc);
        got = NULL;
        if (tv_check_int(brisk_dh_params_to_der(enc, &n, g), 0, "%s: to_der", g->name) &&
            tv_check_int(brisk_dh_params_from_der(&got, enc, n), 0, "%s: from_der", g->name))
            tv_check(got == g, "%s: the same group", g->name);
        tv_check_int(brisk_dh_params_from_der(&got, enc, n - 1), BRISK_EDECODE,
                     "%s: truncated", g->name);
        enc[n] = 0;
        tv_check_int(brisk_dh_params_from_der(&got, enc, n + 1), BRISK_EDECODE,
                     "%s: a byte after", g->name);
        n = 0;
        tv_check_int(brisk_dh_params_to_der(NULL, &n, g), 0, "%s: length query", g->name);
        tv_check(n > g->bits / 8, "%s: length", g->name);
    }
    g = brisk_dh_group_by_name("ffdhe3072");
    v = 1;
    der_p = integer(g->p, g->bits / 8);
    der_g = small(2);
    der_l = integer(&v, 1);
    seq = cat(&der_p, &der_g);
    seq = cat(&seq, &der_l);
    seq = tlv(0x30, &seq);
    tv_check_int(brisk_dh_params_from_der(&got, seq.p, seq.len), 0, "with privateValueLength");
    der_g = small(5);
    seq = cat(&der_p, &der_g);
    seq = tlv(0x30, &seq);
    tv_check_int(brisk_dh_params_from_der(&got, seq.p, seq.len), BRISK_EGROUP, "g = 5");
    seq = tlv(0x30, &der_p);
    tv_check_int(brisk_dh_params_from_der(&got, seq.p, seq.len), BRISK_EDECODE, "no g");
    tv_check_int(brisk_dh_params_from_pem(&got, "nothing", 7), BRISK_EDECODE, "no PEM block");
    n = sizeof(enc);
    tv_check_int(brisk_dh_params_to_der(enc, &n, NULL), BRISK_EINVAL, "no group");
}

int main(void)
{
    tv_begin("test_pkey_dh");
    test_openssl_key();
    for (size_t i = 0; brisk_dh_group_at(i) != NULL; i++)
        test_group(brisk_dh_group_at(i));
    test_mismatch();
    test_rejections();
    test_params();
    brisk_pkey_cleanup(&key2);
    return tv_end();
}
