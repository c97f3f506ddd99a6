/*
 * apps/ecparam.c - `brisk ecparam -name CURVE | -in FILE [-genkey]
 * [-noout] [-text] [-check] [-param_enc named_curve|explicit] [-outform
 * PEM|DER] [-out FILE]`, and `-list_curves`:
 * OpenSSL 3.0's `openssl ecparam` for the named curves brisk has (P-256,
 * P-384, P-521).  Writes "EC PARAMETERS" (the curve's OID), then with
 * -genkey a fresh key as openssl writes it there: SEC 1's "EC PRIVATE KEY"
 * with the curve and the public key (in DER, the same ECPrivateKey after
 * the parameters).  -noout leaves the parameters out; -text prints them
 * first as openssl does ("EC-Parameters: (256 bit)", "ASN1 OID:", "NIST
 * CURVE:").  -check validates the curve's parameters (SEC 1 3.1.1.2.1,
 * and that the library's base point and its order are the table's) and
 * says "checking elliptic curve parameters: ok" on stderr, as openssl
 * does; -param_enc explicit writes the parameters themselves (p, a, b,
 * seed, G, n, h) as OpenSSL 3.0 does, byte for byte, for -text, -genkey's
 * key and the parameters alike.  -in reads either form (explicit ones only
 * when they are one of the three curves') and, without -param_enc, writes
 * the parameters back as it found them, as openssl does.  A file holding a
 * key is written with mode 0600.  Not constant-time: every value here is
 * public (the key generation is the library's).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/bn.h>
#include <brisk/ec.h>
#include <brisk/pkey.h>

#include "apps.h"

enum { OPT_NAME = 2, OPT_LIST, OPT_IN, OPT_INFORM, OPT_OUT, OPT_OUTFORM, OPT_NOOUT, OPT_GENKEY,
       OPT_TEXT, OPT_CHECK, OPT_PARAM_ENC };

const app_option ecparam_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"name", OPT_NAME, ARG_STRING, 0, 0, "CURVE",
     "The curve: prime256v1 (P-256), secp384r1 (P-384), secp521r1 (P-521)"},
    {"list_curves", OPT_LIST, ARG_NONE, 0, 0, NULL, "List the curves and stop"},
    {"in", OPT_IN, ARG_STRING, 0, 0, "FILE", "Read the parameters from FILE (default stdin)"},
    {"inform", OPT_INFORM, ARG_STRING, 0, 0, "PEM|DER", "Input format (default: either)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output file (default stdout)"},
    {"outform", OPT_OUTFORM, ARG_STRING, 0, 0, "PEM|DER", "Output format (default PEM)"},
    {"noout", OPT_NOOUT, ARG_NONE, 0, 0, NULL, "Do not write the parameters"},
    {"genkey", OPT_GENKEY, ARG_NONE, 0, 0, NULL, "Also make a key on the curve and write it"},
    {"text", OPT_TEXT, ARG_NONE, 0, 0, NULL, "Print the parameters as text"},
    {"check", OPT_CHECK, ARG_NONE, 0, 0, NULL, "Validate the curve's parameters"},
    {"param_enc", OPT_PARAM_ENC, ARG_STRING, 0, 0, "ENC",
     "named_curve (default: the curve's OID) or explicit (p, a, b, G, n, h)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* The curves as openssl ecparam -list_curves prints them, and their
 * OpenSSL names. */
static const struct {
    brisk_ec_curve curve;
    const char *sn, *comment;
} curves[] = {
    {BRISK_EC_P384, "secp384r1", "NIST/SECG curve over a 384 bit prime field"},
    {BRISK_EC_P521, "secp521r1", "NIST/SECG curve over a 521 bit prime field"},
    {BRISK_EC_P256, "prime256v1", "X9.62/SECG curve over a 256 bit prime field"},
};
#define N_CURVES (sizeof(curves) / sizeof(curves[0]))

typedef struct ecparam_args {
    const char *name, *in, *out;
    int inform, outform, noout, genkey, text, list, check;
    int param_enc;   /* ENC_AS_READ, ENC_NAMED or ENC_EXPLICIT */
} ecparam_args;

enum { ENC_AS_READ, ENC_NAMED, ENC_EXPLICIT };

const char *ec_curve_sn(int curve)
{
    for (size_t i = 0; i < N_CURVES; i++)
        if ((int)curves[i].curve == curve)
            return curves[i].sn;
    return "?";
}

/* ---- -check ---- */

/* bn_of sets r from the big-endian bytes; 0 or -1. */
static int bn_of(brisk_bn *r, const uint8_t *v, size_t len)
{
    if (brisk_bn_from_bytes(r, v, len) != 0)
        return -1;
    brisk_bn_normalize(r);
    return 0;
}

/* check_curve checks the curve's parameters as SEC 1 version 2.0 section
 * 3.1.1.2.1 validates elliptic curve domain parameters over F_p, on the
 * library's table (brisk_ec_domain_of: a key or file with explicit
 * parameters is read only when they are the table's), and that the
 * library's arithmetic agrees with it: p and n
 * prime, a, b, x_G, y_G below p, 4a^3 + 27b^2 != 0 mod p, G on the curve,
 * n != p, |p + 1 - n| <= 2 sqrt(p) (Hasse, cofactor 1), p^k != 1 mod n
 * for k = 1..100 (MOV); then 1 G from brisk_ec_public is the table's G and
 * (n - 1) G is -G, so that n G is the point at infinity.  NULL when all
 * hold, else what failed.  Variable-time: the values are public. */
static const char *check_curve(int curve)
{
    brisk_bn *v = calloc(10, sizeof(*v));
    brisk_bn *p = &v[0], *a = &v[1], *b = &v[2], *x = &v[3], *y = &v[4], *n = &v[5];
    brisk_bn *t = &v[6], *u = &v[7], *w = &v[8], *z = &v[9];
    uint8_t scalar[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT];
    const char *why = NULL;
    brisk_ec_domain e;
    int prime = 0;

    if (v == NULL)
        return "out of memory";
    if (brisk_ec_domain_of((brisk_ec_curve)curve, &e) != 0 || bn_of(p, e.p, e.len) || bn_of(a, e.a, e.len) ||
        bn_of(b, e.b, e.len) || bn_of(x, e.g + 1, e.len) || bn_of(y, e.g + 1 + e.len, e.len) ||
        bn_of(n, e.n, e.len)) {
        why = "no parameters for the curve";
        goto done;
    }
    if (brisk_bn_is_probable_prime(p, 0, &prime) != 0 || !prime) {
        why = "p is not prime";
        goto done;
    }
    if (brisk_bn_cmp(a, p) >= 0 || brisk_bn_cmp(b, p) >= 0 || brisk_bn_cmp(x, p) >= 0 ||
        brisk_bn_cmp(y, p) >= 0) {
        why = "a, b or the base point is not below p";
        goto done;
    }
    /* 4 a^3 + 27 b^2 mod p */
    brisk_bn_from_u64(z, 4);
    brisk_bn_from_u64(w, 27);
    if (brisk_bn_resize(z, p->n) || brisk_bn_resize(w, p->n) || brisk_bn_mod_mul(t, a, a, p) ||
        brisk_bn_mod_mul(t, t, a, p) || brisk_bn_mod_mul(t, t, z, p) ||
        brisk_bn_mod_mul(u, b, b, p) || brisk_bn_mod_mul(u, u, w, p) ||
        brisk_bn_mod_add(t, t, u, p)) {
        why = "arithmetic failed";
        goto done;
    }
    if (brisk_bn_is_zero(t)) {
        why = "the curve is singular (4a^3 + 27b^2 = 0 mod p)";
        goto done;
    }
    /* y^2 = x^3 + a x + b */
    if (brisk_bn_mod_mul(t, y, y, p) || brisk_bn_mod_mul(u, x, x, p) ||
        brisk_bn_mod_mul(u, u, x, p) || brisk_bn_mod_mul(w, a, x, p) ||
        brisk_bn_mod_add(u, u, w, p) || brisk_bn_mod_add(u, u, b, p)) {
        why = "arithmetic failed";
        goto done;
    }
    if (brisk_bn_cmp(t, u) != 0) {
        why = "the base point is not on the curve";
        goto done;
    }
    if (brisk_bn_is_probable_prime(n, 0, &prime) != 0 || !prime) {
        why = "the order n is not prime";
        goto done;
    }
    if (brisk_bn_cmp(n, p) == 0) {
        why = "n = p: the curve is anomalous";
        goto done;
    }
    /* Hasse: (p + 1 - n)^2 <= 4 p, with h = 1 */
    brisk_bn_from_u64(z, 1);
    if (brisk_bn_add(t, p, z))
        goto arith;
    brisk_bn_normalize(t);
    if (brisk_bn_cmp(t, n) >= 0 ? brisk_bn_sub(u, t, n) : brisk_bn_sub(u, n, t))
        goto arith;
    brisk_bn_from_u64(z, 4);
    if (brisk_bn_mul(w, u, u) || brisk_bn_mul(t, p, z))
        goto arith;
    brisk_bn_normalize(w);
    brisk_bn_normalize(t);
    if (brisk_bn_cmp(w, t) > 0) {
        why = "n is not the order of a cofactor-1 curve over F_p (Hasse's bound)";
        goto done;
    }
    /* MOV: p^k mod n != 1 for k = 1..100 */
    if (brisk_bn_mod(u, p, n))
        goto arith;
    brisk_bn_copy(t, u);
    for (int k = 1; k <= 100; k++) {
        brisk_bn_normalize(t);
        if (t->n == 1 && t->d[0] == 1) {
            why = "the curve fails the MOV condition (p^k = 1 mod n, k <= 100)";
            goto done;
        }
        if (brisk_bn_resize(t, n->n) || brisk_bn_resize(u, n->n) ||
            brisk_bn_mod_mul(t, t, u, n))
            goto arith;
    }
    /* The library's scalar multiplication: 1 G = G and (n - 1) G = -G. */
    memset(scalar, 0, e.len);
    scalar[e.len - 1] = 1;
    if (brisk_ec_public((brisk_ec_curve)curve, pub, scalar) != 0 ||
        memcmp(pub, e.g, 1 + 2 * e.len) != 0) {
        why = "the library's base point is not the curve's";
        goto done;
    }
    brisk_bn_from_u64(z, 1);
    if (brisk_bn_sub(t, n, z) || brisk_bn_to_bytes(scalar, e.len, t) ||
        brisk_bn_sub(u, p, y) || brisk_bn_to_bytes(e.g + 1 + e.len, e.len, u))
        goto arith;
    if (brisk_ec_public((brisk_ec_curve)curve, pub, scalar) != 0 ||
        memcmp(pub, e.g, 1 + 2 * e.len) != 0) {
        why = "(n - 1) G is not -G: n is not the base point's order";
        goto done;
    }
    goto done;
arith:
    why = "arithmetic failed";
done:
    free(v);
    return why;
}

/* read_params reads the curve from -in (or stdin), and whether the file
 * gave it explicitly; 0 or -1 reported. */
static int read_params(const ecparam_args *a, int *curve, int *explicit_params)
{
    uint8_t *buf = NULL;
    size_t len = 0;
    int ret;

    if (read_file("ecparam", a->in, 1 << 20, &buf, &len) != 0)
        return -1;
    ret = decode_ec_params("ecparam", a->in, a->inform, buf, len, curve, explicit_params);
    free(buf);
    return ret;
}

/* append adds n bytes to the growing buffer; 0 or -1 reported. */
static int append(uint8_t **buf, size_t *len, const void *p, size_t n)
{
    uint8_t *q = realloc(*buf, *len + n + 1);

    if (q == NULL) {
        app_error("ecparam", "out of memory");
        return -1;
    }
    memcpy(q + *len, p, n);
    *buf = q;
    *len += n;
    return 0;
}

/* run does the work on the curve; explicit_params says how to write it
 * (-param_enc, else as the input gave it). */
static int run(const ecparam_args *a, int curve, int explicit_params)
{
    uint8_t *buf = NULL, params[1024];   /* P-521 explicit in PEM: 664 bytes */
    size_t len = 0, n = sizeof(params);
    brisk_pkey *key = NULL;
    int ret = 1, err;

    if (a->check) {   /* openssl's line, on stderr, before any output */
        const char *why = check_curve(curve);
        fputs("checking elliptic curve parameters: ", stderr);
        if (why != NULL) {
            fputs("failed\n", stderr);
            app_error("ecparam", "%s's parameters: %s", ec_curve_sn(curve), why);
            return 1;
        }
        fputs("ok\n", stderr);
    }

    if (a->text && ec_params_text("ecparam", &buf, &len, curve, explicit_params) != 0)
        goto done;
    if (!a->noout) {
        err = a->outform == FORM_DER
                  ? brisk_ec_params_to_der(params, &n, curve, explicit_params)
                  : brisk_ec_params_to_pem((char *)params, &n, curve, explicit_params);
        if (err != 0) {
            app_error("ecparam", "cannot encode the parameters: %s", brisk_strerror(err));
            goto done;
        }
        if (append(&buf, &len, params, n) != 0)
            goto done;
    }
    if (a->genkey) {
        key = calloc(1, sizeof(*key));
        if (key == NULL) {
            app_error("ecparam", "out of memory");
            goto done;
        }
        err = brisk_pkey_generate(key, BRISK_PKEY_EC, curve);
        if (err != 0) {
            app_error("ecparam", "cannot generate a key: %s", brisk_strerror(err));
            goto done;
        }
        key->u.curve.explicit_params = explicit_params;
        if (encode_key("ecparam", &buf, &len, key, BRISK_PKEY_FORM_TRADITIONAL, a->outform) != 0)
            goto done;
    }
    if (len == 0 || write_file("ecparam", a->out, buf, len, a->genkey) == 0)
        ret = 0;
done:
    free_secret(buf, len);
    if (key != NULL)
        brisk_pkey_cleanup(key);
    free(key);
    return ret;
}

/* parse_args fills a; returns 0, 1 after -help, or -1 on error. */
static int parse_args(ecparam_args *a, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, "ecparam", ecparam_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: opts_usage(stdout, "ecparam", "-name CURVE | -in FILE [options]",
                                  ecparam_options);
                       return 1;
        case OPT_NAME: a->name = o.value; break;
        case OPT_LIST: a->list = 1; break;
        case OPT_IN: a->in = o.value; break;
        case OPT_OUT: a->out = o.value; break;
        case OPT_NOOUT: a->noout = 1; break;
        case OPT_GENKEY: a->genkey = 1; break;
        case OPT_TEXT: a->text = 1; break;
        case OPT_CHECK: a->check = 1; break;
        case OPT_PARAM_ENC:
            if (strcmp(o.value, "explicit") == 0 || strcmp(o.value, "named_curve") == 0) {
                a->param_enc = strcmp(o.value, "explicit") == 0 ? ENC_EXPLICIT : ENC_NAMED;
            } else {
                app_error("ecparam", "unknown -param_enc '%s' (named_curve or explicit)",
                          o.value);
                return -1;
            }
            break;
        case OPT_INFORM:
            if (parse_form("ecparam", o.name, o.value, &a->inform) != 0)
                return -1;
            break;
        case OPT_OUTFORM:
            if (parse_form("ecparam", o.name, o.value, &a->outform) != 0)
                return -1;
            break;
        case OPT_UNKNOWN: app_error("ecparam", "unknown option '%s'", o.name); return -1;
        default: return -1;
        }
    }
    if (o.ind < argc) {
        app_error("ecparam", "unexpected operand '%s': name the curve with -name", argv[o.ind]);
        return -1;
    }
    if (a->name != NULL && a->in != NULL) {
        app_error("ecparam", "give -name or -in, not both");
        return -1;
    }
    if (a->text && a->outform == FORM_DER && (!a->noout || a->genkey)) {
        app_error("ecparam", "text output cannot be combined with DER output (add -noout)");
        return -1;
    }
    return 0;
}

int ecparam_main(int argc, char **argv)
{
    ecparam_args a;
    int ret, curve = 0, explicit_params = 0;

    memset(&a, 0, sizeof(a));
    a.outform = FORM_PEM;
    ret = parse_args(&a, argc, argv);
    if (ret != 0)
        return ret > 0 ? 0 : 1;
    if (a.list) {
        for (size_t i = 0; i < N_CURVES; i++)
            printf("  %-10s: %s\n", curves[i].sn, curves[i].comment);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (a.name != NULL) {
        curve = (int)brisk_ec_curve_by_name(a.name);
        if (curve == 0) {
            app_error("ecparam", "unknown curve '%s' (prime256v1, secp384r1, secp521r1, or "
                                 "P-256, P-384, P-521; -list_curves lists them)",
                      a.name);
            return 1;
        }
    } else if (read_params(&a, &curve, &explicit_params) != 0) {
        return 1;
    }
    if (a.param_enc != ENC_AS_READ)
        explicit_params = a.param_enc == ENC_EXPLICIT;
    return run(&a, curve, explicit_params);
}
