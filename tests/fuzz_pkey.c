/*
 * tests/fuzz_pkey.c - libFuzzer target for the key decoders: DER (every
 * form brisk_pkey_from_der tells apart), PEM, and DSA parameters.  Built by
 * clang with -DBRISK_FUZZ=ON; run through scripts/fuzz.
 *
 * Beyond "no crash, no sanitizer report" it checks what the decoders
 * promise.  Decoding is strict DER, so an accepted RSA or DSA key must be
 * exactly what brisk_pkey_to_der writes for that key in one of the forms
 * (and an X25519, X448, Ed25519 or Ed448 key that, or its PKCS#8 as RFC
 * 5958's v2: version 1, [0] attributes, the [1] public key, which must be
 * the key's).  An EC key is read in documented forms brisk writes
 * otherwise (pkey_curve.c, brisk/pkey.h): an accepted one must be strict
 * DER throughout (der_strict.h) and become brisk's own encoding when
 * those alternatives, and nothing else, are undone (ec_canonical).  A
 * decoded key re-encodes and re-decodes to the same bytes and the same key
 * in every form it can take, as DER and as PEM.  And a decoded private key
 * is usable: a signature it makes verifies with it (found: a DSA key whose
 * p had been altered loaded and signed, see brisk_dsa_key_prepare), a
 * junk signature does not verify with a public key, and a key agreement
 * key derives the same secret as a fresh peer.  Encrypted keys (password
 * "fuzz") go through the _pass decoders, and a key decrypted encrypts and
 * decrypts back to itself in both forms.  The unchecked decoders take
 * whatever the checked ones take, the validators (pkey -check) run on any
 * numbers they give, and a key they call valid is one the checked decoder
 * accepts; for the curve types, whose unchecked decoding only skips
 * brisk_curve_prepare, valid and accepted are the same, and the key the
 * same too.  DH keys are always decoded checked: both decoders agree, a
 * key derives with its own public value and a fresh key's, and its DER is
 * brisk's own (a privateValueLength included: the key keeps it).
 */
#include <brisk/brisk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "der_strict.h"

static const brisk_pkey_form forms[] = {BRISK_PKEY_FORM_PKCS8, BRISK_PKEY_FORM_TRADITIONAL,
                                        BRISK_PKEY_FORM_SPKI, BRISK_PKEY_FORM_PKCS1_PUBLIC};
enum { N_FORMS = sizeof(forms) / sizeof(forms[0]), MAX_DER = 1 << 16 };

static void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz_pkey: %s\n", what);
    abort();
}

/* der_tlv reads one tag and its strict length (der_strict.h) at der[*at];
 * the content's length, or -1 past the end. */
static long der_tlv(const uint8_t *der, size_t len, size_t *at, uint8_t *tag)
{
    size_t n;

    if (*at >= len)
        return -1;
    *tag = der[(*at)++];
    return der_strict_len(der, len, at, &n) ? (long)n : -1;
}

/* is_v2_of tells whether der is RFC 5958's OneAsymmetricKey of an RFC 8410
 * key (which the decoder takes and brisk writes as version 0): brisk's
 * PKCS#8 with version 0 or 1, then [0] attributes, then (version 1 only)
 * [1] publicKey holding the key's public key. */
static int is_v2_of(const brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    static uint8_t v1[MAX_DER];
    size_t n = sizeof(v1), at = 0, end;
    long len;
    uint8_t tag;
    int version;

    if (key->type != BRISK_PKEY_X25519 && key->type != BRISK_PKEY_X448 &&
        key->type != BRISK_PKEY_ED25519 && key->type != BRISK_PKEY_ED448)
        return 0;
    /* brisk's: 30 L 02 01 00 || algorithm || privateKey, L below 128 */
    if (brisk_pkey_to_der(v1, &n, key, BRISK_PKEY_FORM_PKCS8) != BRISK_EOK || n < 5 ||
        v1[1] >= 0x80)
        return 0;
    if ((len = der_tlv(der, der_len, &at, &tag)) < 0 || tag != 0x30 || at + (size_t)len != der_len)
        return 0;
    if (at + 3 > der_len || der[at] != 0x02 || der[at + 1] != 1 || der[at + 2] > 1)
        return 0;
    version = der[at + 2];
    at += 3;
    if (at + (n - 5) > der_len || memcmp(der + at, v1 + 5, n - 5) != 0)
        return 0;
    at += n - 5;
    end = der_len;
    if (at < end && der[at] == 0xa0) {
        if ((len = der_tlv(der, end, &at, &tag)) < 0)
            return 0;
        at += (size_t)len;
    }
    if (at < end && der[at] == 0x81 && version == 1) {
        if ((len = der_tlv(der, end, &at, &tag)) < 1 || der[at] != 0 ||
            (size_t)len - 1 != key->u.curve.pub_len ||
            memcmp(der + at + 1, key->u.curve.pub, key->u.curve.pub_len) != 0)
            return 0;
        at += (size_t)len;
    }
    return at == end;
}

/* is_own_encoding tells whether der is what brisk writes for key in some form. */
static int is_own_encoding(const brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    static uint8_t buf[MAX_DER];
    for (size_t f = 0; f < N_FORMS; f++) {
        size_t n = sizeof(buf);
        if (brisk_pkey_to_der(buf, &n, key, forms[f]) == BRISK_EOK && n == der_len &&
            memcmp(buf, der, n) == 0)
            return 1;
    }
    return 0;
}

/* ---- EC keys: undoing the documented alternatives ----
 *
 * The decoders read, beside what brisk writes (PKCS#8 with ECPrivateKey
 * without [0] but with [1]; SEC 1 with [0] and [1]; SPKI; the point
 * uncompressed; explicit parameters as put_explicit_curve writes them):
 * - a point compressed, in SPKI and in ECPrivateKey's [1];
 * - ECPrivateKey without [1] (the public key made from d);
 * - ECPrivateKey's d shorter than the curve's length;
 * - in PKCS#8, ECPrivateKey with a [0] curve, which must be the
 *   algorithm's (named or explicit);
 * - explicit parameters of version 1 to 3, without the seed, without the
 *   cofactor (else 1), with the base point compressed.
 * ec_canonical rewrites an accepted input with those undone, the rest
 * copied as it is, so that anything else makes it differ from brisk's own
 * encoding.  Its reader takes strict lengths only. */

typedef struct span {
    const uint8_t *p;
    size_t len;
} span;

static const uint8_t no_unused_bits[1] = {0};

typedef struct sink {
    uint8_t *p;
    size_t len, cap;
    int ok;
} sink;

/* next takes one TLV off *s: its tag, its contents *c and (whole not
 * NULL) the whole TLV. */
static int next(span *s, uint8_t *tag, span *c, span *whole)
{
    size_t at = 1, n;

    if (s->len < 2 || !der_strict_len(s->p, s->len, &at, &n))
        return 0;
    *tag = s->p[0];
    c->p = s->p + at;
    c->len = n;
    if (whole != NULL) {
        whole->p = s->p;
        whole->len = at + n;
    }
    s->p += at + n;
    s->len -= at + n;
    return 1;
}

static int same_span(span a, const uint8_t *b, size_t b_len)
{
    return a.len == b_len && memcmp(a.p, b, b_len) == 0;
}

static void put(sink *w, const uint8_t *b, size_t n)
{
    if (!w->ok || w->cap - w->len < n) {
        w->ok = 0;
        return;
    }
    memcpy(w->p + w->len, b, n);
    w->len += n;
}

/* put_tlv appends tag, the minimal length and c[0..n-1]. */
static void put_tlv(sink *w, uint8_t tag, const uint8_t *c, size_t n)
{
    uint8_t h[4] = {tag};
    size_t k = 1;

    if (n < 0x80) {
        h[k++] = (uint8_t)n;
    } else if (n < 0x100) {
        h[k++] = 0x81;
        h[k++] = (uint8_t)n;
    } else {
        h[k++] = 0x82;
        h[k++] = (uint8_t)(n >> 8);
        h[k++] = (uint8_t)n;
    }
    if (n > 0xffff)
        w->ok = 0;
    put(w, h, k);
    put(w, c, n);
}

/* point_is says whether the BIT STRING contents bits hold key's public key,
 * uncompressed or compressed. */
static int point_is(const brisk_curve_key *c, span bits)
{
    size_t n = (c->pub_len - 1) / 2;

    if (bits.len < 2 || bits.p[0] != 0 || c->pub_len < 3)
        return 0;
    bits.p++;
    bits.len--;
    if (same_span(bits, c->pub, c->pub_len))
        return 1;
    return bits.len == 1 + n && bits.p[0] == (0x02 | (c->pub[2 * n] & 1)) &&
           memcmp(bits.p + 1, c->pub + 1, n) == 0;
}

/* explicit_canonical checks explicit ECParameters (the SEQUENCE's
 * contents in) against brisk's for the key's curve, ref[0..ref_len-1],
 * allowing only the alternatives above. */
static int explicit_canonical(span in, const uint8_t *ref, size_t ref_len)
{
    span r = {ref, ref_len}, rc, rf, rcv, ra, rb, rs, rg, rn, x, v, f, cv, a, b, g, n, t;
    uint8_t tag, rtag;
    size_t len;

    if (!next(&r, &rtag, &rc, NULL) || !next(&rc, &rtag, &t, NULL) ||
        !next(&rc, &rtag, &t, &rf) || !next(&rc, &rtag, &rcv, NULL) ||
        !next(&rc, &rtag, &rg, NULL) || !next(&rc, &rtag, &t, &rn) ||
        !next(&rcv, &rtag, &t, &ra) || !next(&rcv, &rtag, &t, &rb) ||
        !next(&rcv, &rtag, &t, &rs))
        fuzz_fail("brisk's explicit parameters do not parse");
    len = (rg.len - 1) / 2;
    if (!next(&in, &tag, &v, NULL) || tag != 0x02 || v.len != 1 || v.p[0] < 1 || v.p[0] > 3 ||
        !next(&in, &tag, &t, &f) || !same_span(f, rf.p, rf.len) ||
        !next(&in, &tag, &cv, NULL) || tag != 0x30 ||
        !next(&cv, &tag, &t, &a) || !same_span(a, ra.p, ra.len) ||
        !next(&cv, &tag, &t, &b) || !same_span(b, rb.p, rb.len) ||
        (cv.len > 0 && (!next(&cv, &tag, &t, &x) || !same_span(x, rs.p, rs.len))) ||
        cv.len > 0 || !next(&in, &tag, &g, NULL) || tag != 0x04)
        return 0;
    if (!same_span(g, rg.p, rg.len) &&
        !(g.len == 1 + len && g.p[0] == (0x02 | (rg.p[2 * len] & 1)) &&
          memcmp(g.p + 1, rg.p + 1, len) == 0))
        return 0;
    if (!next(&in, &tag, &t, &n) || !same_span(n, rn.p, rn.len))
        return 0;
    if (in.len > 0 && (!next(&in, &tag, &t, &x) || !same_span(x, (const uint8_t *)"\x02\x01\x01", 3)))
        return 0;
    return in.len == 0;
}

/* params_canonical appends ECParameters (the TLV whole) as brisk writes
 * the key's curve: a named curve's OID as it is (the final comparison
 * checks it), explicit parameters checked and replaced by brisk's. */
static int params_canonical(sink *w, const brisk_curve_key *c, span whole)
{
    static uint8_t ref[1024];
    size_t ref_len = sizeof(ref);
    span in = whole, body;
    uint8_t tag;

    if (!next(&in, &tag, &body, NULL) || in.len != 0)
        return 0;
    if (tag == 0x06) {
        put(w, whole.p, whole.len);
        return 1;
    }
    if (tag != 0x30 || brisk_ec_params_to_der(ref, &ref_len, c->curve, 1) != BRISK_EOK ||
        !explicit_canonical(body, ref, ref_len))
        return 0;
    put(w, ref, ref_len);
    return 1;
}

/* ecpriv_canonical appends ECPrivateKey (contents in) as brisk writes it:
 * standalone with its [0] curve, in PKCS#8 without. */
static int ecpriv_canonical(sink *w, const brisk_curve_key *c, span in, int standalone)
{
    uint8_t inner[2048], params[1024], pub[256], tag;
    sink body = {inner, 0, sizeof(inner), 1}, p = {params, 0, sizeof(params), 1};
    sink q = {pub, 0, sizeof(pub), 1};
    span v, d, t, whole;
    size_t zeros;

    if (!next(&in, &tag, &v, &whole) || !same_span(whole, (const uint8_t *)"\x02\x01\x01", 3) ||
        !next(&in, &tag, &d, NULL) || tag != 0x04 || d.len == 0 || d.len > c->priv_len)
        return 0;
    zeros = c->priv_len - d.len;
    for (size_t i = 0; i < zeros; i++)
        if (c->priv[i] != 0)
            return 0;
    if (memcmp(c->priv + zeros, d.p, d.len) != 0)
        return 0;
    put(&body, whole.p, whole.len);
    put_tlv(&body, 0x04, c->priv, c->priv_len);
    if (in.len > 0 && in.p[0] == 0xa0) {
        if (!next(&in, &tag, &t, NULL) || !params_canonical(&p, c, t) || !p.ok)
            return 0;
        if (standalone) {
            put_tlv(&body, 0xa0, params, p.len);
        } else {
            /* the algorithm's curve, named or explicit */
            static uint8_t named[64], expl[1024];
            size_t nl = sizeof(named), el = sizeof(expl);
            if (brisk_ec_params_to_der(named, &nl, c->curve, 0) != BRISK_EOK ||
                brisk_ec_params_to_der(expl, &el, c->curve, 1) != BRISK_EOK)
                fuzz_fail("brisk's EC parameters do not encode");
            if (!(p.len == nl && memcmp(params, named, nl) == 0) &&
                !(p.len == el && memcmp(params, expl, el) == 0))
                return 0;
        }
    } else if (standalone) {
        return 0;
    }
    if (in.len > 0 && in.p[0] == 0xa1) {
        span tagged, bits;
        if (!next(&in, &tag, &tagged, NULL) || !next(&tagged, &tag, &bits, NULL) ||
            tag != 0x03 || tagged.len != 0 || !point_is(c, bits))
            return 0;
    }
    if (in.len != 0)
        return 0;
    put(&q, no_unused_bits, 1);
    put(&q, c->pub, c->pub_len);
    {
        uint8_t bs[260];
        sink b = {bs, 0, sizeof(bs), 1};
        put_tlv(&b, 0x03, pub, q.len);
        put_tlv(&body, 0xa1, bs, b.len);
        if (!b.ok || !q.ok)
            return 0;
    }
    put_tlv(w, 0x30, inner, body.len);
    return body.ok;
}

/* algorithm_canonical appends the AlgorithmIdentifier (contents in) of an
 * EC key with its parameters as brisk writes them. */
static int algorithm_canonical(sink *w, const brisk_curve_key *c, span in)
{
    uint8_t buf[1100], tag;
    sink a = {buf, 0, sizeof(buf), 1};
    span oid, t, params;

    if (!next(&in, &tag, &t, &oid) || tag != 0x06)
        return 0;
    put(&a, oid.p, oid.len);
    params = in;
    if (!params_canonical(&a, c, params))
        return 0;
    put_tlv(w, 0x30, buf, a.len);
    return a.ok;
}

/* ec_canonical writes into out what der becomes with the alternatives
 * undone: 0 when it holds anything else. */
static int ec_canonical(const brisk_pkey *key, const uint8_t *der, size_t der_len, sink *out)
{
    const brisk_curve_key *c = &key->u.curve;
    uint8_t buf[2048], tag;
    sink body = {buf, 0, sizeof(buf), 1};
    span in = {der, der_len}, outer, first, t, whole, alg, oct;

    if (!next(&in, &tag, &outer, NULL) || tag != 0x30 || in.len != 0)
        return 0;
    first = outer;
    if (!next(&first, &tag, &t, &whole))
        return 0;
    if (tag == 0x30) {   /* SubjectPublicKeyInfo */
        uint8_t bs[260];
        sink b = {bs, 0, sizeof(bs), 1};
        if (!algorithm_canonical(&body, c, t) || !next(&first, &tag, &t, NULL) || tag != 0x03 ||
            first.len != 0 || !point_is(c, t))
            return 0;
        put(&b, no_unused_bits, 1);
        put(&b, c->pub, c->pub_len);
        put_tlv(&body, 0x03, bs, b.len);
    } else if (same_span(whole, (const uint8_t *)"\x02\x01\x00", 3)) {   /* PKCS#8 */
        uint8_t ec[2048];
        sink e = {ec, 0, sizeof(ec), 1};
        span ecpriv;
        put(&body, whole.p, whole.len);
        if (!next(&first, &tag, &alg, NULL) || tag != 0x30 ||
            !algorithm_canonical(&body, c, alg) || !next(&first, &tag, &oct, NULL) ||
            tag != 0x04 || first.len != 0 || !der_strict(oct.p, oct.len) ||
            !next(&oct, &tag, &ecpriv, NULL) || tag != 0x30 ||
            !ecpriv_canonical(&e, c, ecpriv, 0) || !e.ok)
            return 0;
        put_tlv(&body, 0x04, ec, e.len);
    } else {   /* SEC 1's ECPrivateKey */
        return ecpriv_canonical(out, c, outer, 1) && out->ok;
    }
    put_tlv(out, 0x30, buf, body.len);
    return body.ok && out->ok;
}

/* is_ec_alternative tells whether der is strict DER and, with the
 * documented alternatives undone, what brisk writes for the EC key. */
static int is_ec_alternative(const brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    static uint8_t canon[4096];
    sink out = {canon, 0, sizeof(canon), 1};

    return key->type == BRISK_PKEY_EC && der_strict(der, der_len) &&
           ec_canonical(key, der, der_len, &out) && is_own_encoding(key, canon, out.len);
}

/* same_curve_key says whether two curve keys are the same key: type,
 * curve and its form, public key, and the private key when both have one. */
static int same_curve_key(const brisk_pkey *a, const brisk_pkey *b)
{
    const brisk_curve_key *x = &a->u.curve, *y = &b->u.curve;

    return a->type == b->type && x->curve == y->curve &&
           x->explicit_params == y->explicit_params && x->pub_len == y->pub_len &&
           memcmp(x->pub, y->pub, x->pub_len) == 0 &&
           (!x->has_private || !y->has_private ||
            (x->priv_len == y->priv_len && memcmp(x->priv, y->priv, x->priv_len) == 0));
}

static int is_curve(const brisk_pkey *key)
{
    return key->type != BRISK_PKEY_RSA && key->type != BRISK_PKEY_DSA &&
           key->type != BRISK_PKEY_DH;
}

/* same_dh_key says whether two DH keys are the same key. */
static int same_dh_key(const brisk_pkey *a, const brisk_pkey *b)
{
    return a->type == b->type && a->u.dh.group == b->u.dh.group &&
           a->u.dh.length == b->u.dh.length && brisk_bn_cmp(&a->u.dh.y, &b->u.dh.y) == 0 &&
           (!a->u.dh.has_private || !b->u.dh.has_private ||
            brisk_bn_cmp(&a->u.dh.x, &b->u.dh.x) == 0);
}

/* check_roundtrip encodes key in every form it takes and decodes it again. */
static void check_roundtrip(const brisk_pkey *key)
{
    static uint8_t der[MAX_DER], der2[MAX_DER];
    static char pem[2 * MAX_DER];
    static brisk_pkey back;

    for (size_t f = 0; f < N_FORMS; f++) {
        size_t n = sizeof(der), n2 = sizeof(der2), pn = sizeof(pem);
        if (brisk_pkey_to_der(der, &n, key, forms[f]) != BRISK_EOK)
            continue; /* a form this key cannot take */
        if (brisk_pkey_from_der(&back, der, n) != BRISK_EOK)
            fuzz_fail("a key's own DER does not decode");
        if (brisk_pkey_to_der(der2, &n2, &back, forms[f]) != BRISK_EOK || n2 != n ||
            memcmp(der2, der, n) != 0)
            fuzz_fail("a decoded key re-encodes differently");
        if (key->type == BRISK_PKEY_DH && !same_dh_key(&back, key))
            fuzz_fail("a DH key's own DER decodes to another key");
        if (is_curve(key) &&
            (!same_curve_key(&back, key) ||
             brisk_pkey_has_private(&back) != (forms[f] == BRISK_PKEY_FORM_PKCS8 ||
                                               forms[f] == BRISK_PKEY_FORM_TRADITIONAL)))
            fuzz_fail("a curve key's own DER decodes to another key");
        brisk_pkey_cleanup(&back);
        if (brisk_pkey_to_pem(pem, &pn, key, forms[f]) != BRISK_EOK ||
            brisk_pkey_from_pem(&back, pem, pn) != BRISK_EOK)
            fuzz_fail("a key's own PEM does not decode");
        brisk_pkey_cleanup(&back);
    }
}

/* check_derive: a private key derives with its own public key, and the
 * same secret as a fresh key of its type does with it; a public key is a
 * fresh key's peer (where it may give no secret, as a low-order X25519
 * point does). */
static void check_derive(const brisk_pkey *key)
{
    static brisk_pkey fresh;
    static uint8_t s1[BRISK_DH_MAX_BYTES], s2[BRISK_DH_MAX_BYTES];
    size_t n1 = sizeof(s1), n2 = sizeof(s2);
    int err;

    if (key->type == BRISK_PKEY_DH) {
        fresh.type = BRISK_PKEY_DH;
        err = brisk_dh_generate_key(&fresh.u.dh, key->u.dh.group);
    } else {
        err = brisk_pkey_generate(&fresh, key->type, key->u.curve.curve);
    }
    if (err != BRISK_EOK)
        fuzz_fail("no fresh key of a decoded key's type");
    if (brisk_pkey_has_private(key)) {
        if (brisk_pkey_derive(s1, &n1, key, key) != BRISK_EOK)
            fuzz_fail("a private key does not derive with its own public key");
        n1 = sizeof(s1);
        if (brisk_pkey_derive(s1, &n1, key, &fresh) != BRISK_EOK ||
            brisk_pkey_derive(s2, &n2, &fresh, key) != BRISK_EOK || n1 != n2 ||
            memcmp(s1, s2, n1) != 0)
            fuzz_fail("a key and a fresh one derive different secrets");
    } else {
        (void)brisk_pkey_derive(s2, &n2, &fresh, key);
    }
    brisk_pkey_cleanup(&fresh);
}

/* check_use_curve is check_use for the curve types: ECDSA, Ed25519 and
 * Ed448 sign and verify (a junk signature: ECDSA's r = s = 1, EdDSA's S
 * above the group order, which must fail whatever the key), X25519, X448
 * and EC keys derive. */
static void check_use_curve(const brisk_pkey *key, const brisk_digest *md, const uint8_t *dgst,
                            uint8_t *sig)
{
    static const uint8_t junk_ecdsa[] = {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
    const brisk_curve_key *c = &key->u.curve;
    int priv = brisk_pkey_has_private(key);
    size_t n = BRISK_EC_MAX_SIG_LEN;

    switch (key->type) {
    case BRISK_PKEY_EC:
        if (priv && (brisk_ecdsa_sign((brisk_ec_curve)c->curve, c->priv, sig, &n, md, dgst, 32) !=
                         BRISK_EOK ||
                     brisk_ecdsa_verify((brisk_ec_curve)c->curve, c->pub, c->pub_len, sig, n,
                                        dgst, 32) != BRISK_EOK))
            fuzz_fail("an ECDSA signature does not verify with its own key");
        if (!priv && brisk_ecdsa_verify((brisk_ec_curve)c->curve, c->pub, c->pub_len, junk_ecdsa,
                                        sizeof(junk_ecdsa), dgst, 32) == BRISK_EOK)
            fuzz_fail("a junk ECDSA signature verifies");
        check_derive(key);
        break;
    case BRISK_PKEY_ED25519:
        if (priv && (brisk_ed25519_sign(sig, dgst, 32, c->priv, c->pub) != BRISK_EOK ||
                     brisk_ed25519_verify(sig, dgst, 32, c->pub) != BRISK_EOK))
            fuzz_fail("an Ed25519 signature does not verify with its own key");
        memset(sig, 0x5a, 64);
        if (!priv && brisk_ed25519_verify(sig, dgst, 32, c->pub) == BRISK_EOK)
            fuzz_fail("a junk Ed25519 signature verifies");
        break;
    case BRISK_PKEY_ED448:
        if (priv && (brisk_ed448_sign(sig, dgst, 32, NULL, 0, c->priv, c->pub) != BRISK_EOK ||
                     brisk_ed448_verify(sig, dgst, 32, NULL, 0, c->pub) != BRISK_EOK))
            fuzz_fail("an Ed448 signature does not verify with its own key");
        memset(sig, 0x5a, 114);
        if (!priv && brisk_ed448_verify(sig, dgst, 32, NULL, 0, c->pub) == BRISK_EOK)
            fuzz_fail("a junk Ed448 signature verifies");
        break;
    case BRISK_PKEY_X25519:
    case BRISK_PKEY_X448:
        check_derive(key);
        break;
    default:
        fuzz_fail("a decoded key of no known type");
    }
}

/* check_use signs with a private key and verifies, or verifies a junk
 * signature with a public one (which must simply fail). */
static void check_use(brisk_pkey *key)
{
    static const uint8_t dgst[32] = {1, 2, 3};
    static uint8_t sig[1100];
    const brisk_digest *md = brisk_digest_by_name("sha256");

    if (key->type == BRISK_PKEY_RSA) {
        size_t n = brisk_rsa_size(&key->u.rsa);
        if (n == 0 || n > sizeof(sig))
            return;
        if (brisk_pkey_has_private(key)) {
            if (brisk_rsa_sign_pkcs1(&key->u.rsa, sig, n, md, dgst, 32) == BRISK_EOK &&
                brisk_rsa_verify_pkcs1(&key->u.rsa, sig, n, md, dgst, 32) != BRISK_EOK)
                fuzz_fail("an RSA signature does not verify with its own key");
        } else {
            memset(sig, 0x5a, n);
            if (brisk_rsa_verify_pkcs1(&key->u.rsa, sig, n, md, dgst, 32) == BRISK_EOK)
                fuzz_fail("a junk RSA signature verifies");
        }
    } else if (key->type == BRISK_PKEY_DSA) {
        size_t n = sizeof(sig);
        if (brisk_pkey_has_private(key)) {
            if (brisk_dsa_sign(&key->u.dsa, sig, &n, md, dgst, 32) == BRISK_EOK &&
                brisk_dsa_verify(&key->u.dsa, sig, n, dgst, 32) != BRISK_EOK)
                fuzz_fail("a DSA signature does not verify with its own key");
        } else {
            memset(sig, 0, 8);
            if (brisk_dsa_verify(&key->u.dsa, sig, 8, dgst, 32) == BRISK_EOK)
                fuzz_fail("a junk DSA signature verifies");
        }
    } else if (key->type == BRISK_PKEY_DH) {
        check_derive(key);
    } else {
        check_use_curve(key, md, dgst, sig);
    }
}

/* check_encrypted encrypts a private key in both forms and decrypts it
 * back to the same key. */
static void check_encrypted(const brisk_pkey *key)
{
    static const uint8_t pass[4] = {'f', 'u', 'z', 'z'};
    static uint8_t der[MAX_DER], der2[MAX_DER];
    static char pem[2 * MAX_DER];
    static brisk_pkey back;
    size_t n = sizeof(der), n2;

    if (!brisk_pkey_has_private(key) ||
        brisk_pkey_to_der(der, &n, key, BRISK_PKEY_FORM_PKCS8) != BRISK_EOK)
        return;
    for (int form = BRISK_PKEY_FORM_PKCS8; form <= BRISK_PKEY_FORM_TRADITIONAL; form++) {
        size_t pn = sizeof(pem), tn = 0;
        n2 = sizeof(der2);
        /* X25519, X448, Ed25519 and Ed448 keys have no traditional form */
        if (form == BRISK_PKEY_FORM_TRADITIONAL &&
            brisk_pkey_to_der(NULL, &tn, key, BRISK_PKEY_FORM_TRADITIONAL) != BRISK_EOK)
            continue;
        if (brisk_pkey_to_pem_encrypted(pem, &pn, key, form, "aes-128-cbc", pass, 4) !=
                BRISK_EOK ||
            brisk_pkey_from_pem_pass(&back, pem, pn, pass, 4) != BRISK_EOK ||
            brisk_pkey_to_der(der2, &n2, &back, BRISK_PKEY_FORM_PKCS8) != BRISK_EOK ||
            n2 != n || memcmp(der2, der, n) != 0)
            fuzz_fail("an encrypted key does not decrypt to itself");
        brisk_pkey_cleanup(&back);
        if (brisk_pkey_from_pem(&back, pem, pn) != BRISK_EENCRYPTED)
            fuzz_fail("an encrypted key is not BRISK_EENCRYPTED without a password");
    }
}

/* curve_validate is `brisk pkey -check` for a curve key read unchecked
 * (apps/pkey.c): setting it again from its bytes redoes every check. */
static int curve_validate(const brisk_pkey *raw, int *valid, const char **why)
{
    static brisk_pkey again;
    const brisk_curve_key *c = &raw->u.curve;
    int err = c->has_private
                  ? brisk_pkey_set_curve_key(&again, raw->type, c->curve, c->priv, c->priv_len,
                                             c->pub_len > 0 ? c->pub : NULL, c->pub_len)
                  : brisk_pkey_set_curve_key(&again, raw->type, c->curve, NULL, 0, c->pub,
                                             c->pub_len);

    brisk_pkey_cleanup(&again);
    *valid = err == BRISK_EOK;
    *why = *valid ? NULL : brisk_strerror(err);
    return BRISK_EOK;
}

/* check_validate decodes unchecked, validates by the key's type, and
 * holds the validator to the checked decoder's verdict: `checked` is the
 * key it gave, NULL when it refused.  RSA and DSA: a key the validator
 * passes is one the checked decoder takes.  The curve types: the unchecked
 * decoder is the checked one without brisk_curve_prepare, whose checks the
 * validator redoes, so both verdicts agree and the keys are the same. */
static void check_validate(const uint8_t *data, size_t size, int is_pem, const brisk_pkey *checked)
{
    static brisk_pkey raw;
    int err = is_pem ? brisk_pkey_from_pem_unchecked(&raw, (const char *)data, size)
                     : brisk_pkey_from_der_unchecked(&raw, data, size);
    int valid = 0, verr;
    const char *why = NULL;

    if (err != BRISK_EOK) {
        if (checked != NULL)
            fuzz_fail("the unchecked decoder refuses a key the checked one takes");
        return;
    }
    if (raw.type == BRISK_PKEY_DH) {   /* decoded checked, as `pkey -check` says */
        if (checked == NULL || !same_dh_key(&raw, checked))
            fuzz_fail("the unchecked decoder gives another DH key than the checked one");
        brisk_pkey_cleanup(&raw);
        return;
    }
    verr = raw.type == BRISK_PKEY_RSA   ? brisk_rsa_key_validate(&raw.u.rsa, 1, &valid, &why)
           : raw.type == BRISK_PKEY_DSA ? brisk_dsa_key_validate(&raw.u.dsa, 1, &valid, &why)
                                        : curve_validate(&raw, &valid, &why);
    if (verr == BRISK_EOK && !valid && why == NULL)
        fuzz_fail("an invalid key without a reason");
    if (verr == BRISK_EOK && valid && checked == NULL)
        fuzz_fail("a key the validator passes is refused by the checked decoder");
    if (is_curve(&raw) && checked != NULL) {
        if (!valid)
            fuzz_fail("a curve key the checked decoder takes fails the validator");
        if (!same_curve_key(&raw, checked) ||
            brisk_pkey_has_private(&raw) != brisk_pkey_has_private(checked))
            fuzz_fail("the unchecked decoder gives another curve key than the checked one");
    }
    brisk_pkey_cleanup(&raw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static brisk_pkey key;
    static brisk_dsa_params params;
    static uint8_t buf[MAX_DER];
    int is_pem = size > 0 && data[0] == '-';
    int checked_ok = is_pem ? brisk_pkey_from_pem(&key, (const char *)data, size) == BRISK_EOK
                            : brisk_pkey_from_der(&key, data, size) == BRISK_EOK;

    check_validate(data, size, is_pem, checked_ok ? &key : NULL);
    if (checked_ok) {
        if (!is_pem && !is_own_encoding(&key, data, size) && !is_v2_of(&key, data, size) &&
            !is_ec_alternative(&key, data, size))
            fuzz_fail("accepted DER that is not the key's strict encoding");
        check_roundtrip(&key);
        check_use(&key);
    }
    if (is_pem ? brisk_dsa_params_from_pem(&params, (const char *)data, size) == BRISK_EOK
               : brisk_dsa_params_from_der(&params, data, size) == BRISK_EOK) {
        size_t n = sizeof(buf);
        if (brisk_dsa_params_to_der(buf, &n, &params) != BRISK_EOK)
            fuzz_fail("decoded DSA parameters do not encode");
        if (!is_pem && (n != size || memcmp(buf, data, n) != 0))
            fuzz_fail("accepted DSA parameters that are not their strict encoding");
    }
    brisk_pkey_cleanup(&key);
    /* encrypted keys (both forms), with the password "fuzz" */
    if (is_pem ? brisk_pkey_from_pem_pass(&key, (const char *)data, size,
                                          (const uint8_t *)"fuzz", 4) == BRISK_EOK
               : brisk_pkey_from_der_pass(&key, data, size, (const uint8_t *)"fuzz", 4) ==
                     BRISK_EOK) {
        check_roundtrip(&key);
        check_encrypted(&key);
    }
    brisk_pkey_cleanup(&key);
    return 0;
}
