/*
 * apps/ecparam.c - `brisk ecparam -name CURVE | -in FILE [-genkey]
 * [-noout] [-text] [-outform PEM|DER] [-out FILE]`, and `-list_curves`:
 * OpenSSL 3.0's `openssl ecparam` for the named curves brisk has (P-256,
 * P-384, P-521).  Writes "EC PARAMETERS" (the curve's OID), then with
 * -genkey a fresh key as openssl writes it there: SEC 1's "EC PRIVATE KEY"
 * with the curve and the public key (in DER, the same ECPrivateKey after
 * the parameters).  -noout leaves the parameters out; -text prints them
 * first as openssl does ("EC-Parameters: (256 bit)", "ASN1 OID:", "NIST
 * CURVE:").  A file holding a key is written with mode 0600.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/ec.h>
#include <brisk/pkey.h>

#include "apps.h"

enum { OPT_NAME = 2, OPT_LIST, OPT_IN, OPT_INFORM, OPT_OUT, OPT_OUTFORM, OPT_NOOUT, OPT_GENKEY,
       OPT_TEXT };

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
    int inform, outform, noout, genkey, text, list;
} ecparam_args;

const char *ec_curve_sn(int curve)
{
    for (size_t i = 0; i < N_CURVES; i++)
        if ((int)curves[i].curve == curve)
            return curves[i].sn;
    return "?";
}

/* read_params reads the curve from -in (or stdin); 0 or -1 reported. */
static int read_params(const ecparam_args *a, int *curve)
{
    const char *shown = a->in != NULL && strcmp(a->in, "-") != 0 ? a->in : "stdin";
    uint8_t *buf = NULL;
    size_t len = 0;
    int err, pem;

    if (read_file("ecparam", a->in, 1 << 20, &buf, &len) != 0)
        return -1;
    /* DER parameters are an OID: anything else is read as PEM */
    pem = a->inform == FORM_PEM || (a->inform == FORM_ANY && (len == 0 || buf[0] != 0x06));
    err = pem ? brisk_ec_params_from_pem(curve, (const char *)buf, len)
              : brisk_ec_params_from_der(curve, buf, len);
    free(buf);
    if (err != 0) {
        app_error("ecparam", "cannot read EC parameters from '%s': %s%s", shown,
                  len == 0 ? "empty input" : brisk_strerror(err),
                  len == 0 ? "" : " (only the named curves P-256, P-384 and P-521)");
        return -1;
    }
    return 0;
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

static int run(const ecparam_args *a, int curve)
{
    uint8_t *buf = NULL, params[256];
    size_t len = 0, n = sizeof(params);
    brisk_pkey *key = NULL;
    int ret = 1, err;

    if (a->text) {
        char text[160];
        int k = snprintf(text, sizeof(text), "EC-Parameters: (%zu bit)\nASN1 OID: %s\n"
                                             "NIST CURVE: %s\n",
                         brisk_ec_bits((brisk_ec_curve)curve), ec_curve_sn(curve),
                         brisk_ec_curve_name((brisk_ec_curve)curve));
        if (append(&buf, &len, text, (size_t)k) != 0)
            goto done;
    }
    if (!a->noout) {
        err = a->outform == FORM_DER ? brisk_ec_params_to_der(params, &n, curve)
                                     : brisk_ec_params_to_pem((char *)params, &n, curve);
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
    int ret, curve = 0;

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
    } else if (read_params(&a, &curve) != 0) {
        return 1;
    }
    return run(&a, curve);
}
