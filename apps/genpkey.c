/*
 * apps/genpkey.c - `brisk genpkey -algorithm ALG | -paramfile FILE
 * [-pkeyopt OPT:VALUE]... [-out FILE] [-outform PEM|DER]
 * [-aes128|-aes192|-aes256|-des3|-des [-pass SRC]] [-text]`: makes a
 * private key as OpenSSL 3.0's `openssl genpkey` does and writes it the
 * same way: PKCS#8 PEM ("PRIVATE KEY"); in DER the traditional form for
 * the types that have one (RSA, EC, DSA) and PKCS#8 for the others; with
 * a cipher, encrypted PKCS#8.  -text adds the key as `openssl pkey -text`
 * prints it.  The file is created with mode 0600.
 *
 * Algorithms: RSA (-pkeyopt rsa_keygen_bits:N, default 2048;
 * rsa_keygen_pubexp:65537, the only exponent), EC (-pkeyopt
 * ec_paramgen_curve:NAME or group:NAME, required: P-256, P-384, P-521 or
 * their SECG names; ec_param_enc:named_curve, the default, or explicit:
 * the curve's numbers instead of its OID, as openssl writes them), X25519,
 * X448, ED25519, ED448 and DH (-pkeyopt group:NAME or dh_param:NAME,
 * required: RFC 7919's ffdhe2048, ffdhe3072, ffdhe4096, ffdhe6144 or
 * ffdhe8192; the key is written with p and g, as openssl writes it).  Or,
 * instead of -algorithm, -paramfile FILE: a key from the parameters of
 * `ecparam` or `dsaparam` (or openssl's, and openssl genpkey -genparam's
 * for DH), "EC PARAMETERS", "DH PARAMETERS" or "DSA PARAMETERS", PEM or
 * DER, as openssl genpkey -paramfile makes one; DSA keys come only that
 * way.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <brisk/dh.h>
#include <brisk/dsa.h>
#include <brisk/ec.h>
#include <brisk/pkey.h>
#include <brisk/rsa.h>

#include "apps.h"

/* ALG_NAMES lists the algorithms (the algs table below) for messages. */
#define ALG_NAMES "RSA, EC, X25519, X448, ED25519, ED448, DH"

enum { OPT_ALGORITHM = 2, OPT_PARAMFILE, OPT_PKEYOPT, OPT_OUT, OPT_OUTFORM, OPT_PASS,
       OPT_CIPHER, OPT_TEXT, OPT_QUIET };

const app_option genpkey_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"algorithm", OPT_ALGORITHM, ARG_STRING, 0, 0, "ALG",
     "The key's algorithm: " ALG_NAMES},
    {"paramfile", OPT_PARAMFILE, ARG_STRING, 0, 0, "FILE",
     "Instead of -algorithm: a key from EC, DH or DSA parameters in FILE (PEM or DER)"},
    {"pkeyopt", OPT_PKEYOPT, ARG_STRING, 0, 0, "OPT:VALUE",
     "A key option: rsa_keygen_bits:N, rsa_keygen_pubexp:65537, ec_paramgen_curve:NAME, "
     "ec_param_enc:named_curve|explicit, group:NAME (DH: " APP_DH_GROUPS ")"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Write the key to FILE (default stdout)"},
    {"outform", OPT_OUTFORM, ARG_STRING, 0, 0, "PEM|DER", "Output format (default PEM)"},
    {"pass", OPT_PASS, ARG_STRING, 0, 0, "SRC",
     "Key password source (with a cipher option): pass:X, env:VAR, file:PATH, fd:N, stdin"},
    KEY_CIPHER_OPTIONS(OPT_CIPHER),
    {"text", OPT_TEXT, ARG_NONE, 0, 0, NULL, "Print the key as text too, after it"},
    {"quiet", OPT_QUIET, ARG_NONE, 0, 0, NULL, "Print no progress (there is none; accepted)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* genpkey_alg is one algorithm -algorithm names. */
typedef struct genpkey_alg {
    const char *name;
    brisk_pkey_type type;
} genpkey_alg;

static const genpkey_alg algs[] = {
    {"RSA", BRISK_PKEY_RSA},
    {"EC", BRISK_PKEY_EC},
    {"X25519", BRISK_PKEY_X25519},
    {"X448", BRISK_PKEY_X448},
    {"ED25519", BRISK_PKEY_ED25519},
    {"ED448", BRISK_PKEY_ED448},
    {"DH", BRISK_PKEY_DH},
};

/* DSA: from -paramfile only, as in openssl. */
static const genpkey_alg dsa_alg = {"DSA", BRISK_PKEY_DSA};

#define MAX_PKEYOPTS 8

/* genpkey_args is what the options asked for. */
typedef struct genpkey_args {
    const char *alg_name, *paramfile, *out, *cipher, *pass;
    const genpkey_alg *alg;
    brisk_dsa_params dsa;   /* -paramfile's, for DSA */
    const char *pkeyopt[MAX_PKEYOPTS];
    int n_pkeyopt, outform, text;
    long rsa_bits;
    int curve, explicit_params;
    const brisk_dh_group *dh_group;
} genpkey_args;

static const genpkey_alg *find_alg(const char *name)
{
    for (size_t i = 0; i < sizeof(algs) / sizeof(algs[0]); i++)
        if (strcasecmp(algs[i].name, name) == 0)
            return &algs[i];
    return NULL;
}

/* apply_pkeyopt checks one -pkeyopt against the algorithm; returns 0 or -1
 * after one error line. */
static int apply_pkeyopt(genpkey_args *a, const char *opt)
{
    const char *colon = strchr(opt, ':');
    size_t name_len = colon != NULL ? (size_t)(colon - opt) : 0;
    const char *value = colon != NULL ? colon + 1 : NULL;

    if (colon == NULL) {
        app_error("genpkey", "-pkeyopt takes OPT:VALUE, not '%s'", opt);
        return -1;
    }
    if (a->alg->type == BRISK_PKEY_RSA && name_len == 15 &&
        strncmp(opt, "rsa_keygen_bits", 15) == 0) {
        if (parse_long(value, &a->rsa_bits) != 0 || a->rsa_bits < BRISK_RSA_MIN_BITS ||
            a->rsa_bits > BRISK_RSA_GEN_MAX_BITS || a->rsa_bits % 2 != 0) {
            app_error("genpkey", "rsa_keygen_bits must be an even number of bits from %d to %d, "
                                 "not '%s'",
                      BRISK_RSA_MIN_BITS, BRISK_RSA_GEN_MAX_BITS, value);
            return -1;
        }
        return 0;
    }
    if (a->alg->type == BRISK_PKEY_RSA && name_len == 17 &&
        strncmp(opt, "rsa_keygen_pubexp", 17) == 0) {
        if (strcmp(value, "65537") != 0 && strcasecmp(value, "0x10001") != 0) {
            app_error("genpkey", "rsa_keygen_pubexp: only 65537 is supported, not '%s'", value);
            return -1;
        }
        return 0;
    }
    if (a->alg->type == BRISK_PKEY_EC &&
        ((name_len == 17 && strncmp(opt, "ec_paramgen_curve", 17) == 0) ||
         (name_len == 5 && strncmp(opt, "group", 5) == 0))) {
        if (a->paramfile != NULL) {
            app_error("genpkey", "-paramfile gives the curve; -pkeyopt %.*s goes with "
                      "-algorithm EC", (int)name_len, opt);
            return -1;
        }
        a->curve = (int)brisk_ec_curve_by_name(value);
        if (a->curve == 0) {
            app_error("genpkey", "unknown curve '%s' (P-256, P-384, P-521, prime256v1, "
                                 "secp384r1, secp521r1)", value);
            return -1;
        }
        return 0;
    }
    if (a->alg->type == BRISK_PKEY_DH &&
        ((name_len == 5 && strncmp(opt, "group", 5) == 0) ||
         (name_len == 8 && strncmp(opt, "dh_param", 8) == 0))) {
        if (a->paramfile != NULL) {
            app_error("genpkey", "-paramfile gives the group; -pkeyopt %.*s goes with "
                      "-algorithm DH", (int)name_len, opt);
            return -1;
        }
        for (size_t i = 0; (a->dh_group = brisk_dh_group_at(i)) != NULL; i++)
            if (strcasecmp(a->dh_group->name, value) == 0)
                return 0;
        app_error("genpkey", "unknown DH group '%s' (brisk has " APP_DH_GROUPS ")", value);
        return -1;
    }
    if (a->alg->type == BRISK_PKEY_EC && name_len == 12 &&
        strncmp(opt, "ec_param_enc", 12) == 0) {
        if (strcmp(value, "named_curve") != 0 && strcmp(value, "explicit") != 0) {
            app_error("genpkey", "ec_param_enc: named_curve or explicit, not '%s'", value);
            return -1;
        }
        a->explicit_params = strcmp(value, "explicit") == 0;
        return 0;
    }
    app_error("genpkey", "-pkeyopt '%.*s' is not an option of %s keys", (int)name_len, opt,
              a->alg->name);
    return -1;
}

static int generate(const genpkey_args *a)
{
    brisk_pkey *key = calloc(1, sizeof(*key));
    uint8_t *buf = NULL;
    size_t len = 0;
    int ret = 1, err, encoding = BRISK_PKEY_FORM_PKCS8;

    if (key == NULL) {
        app_error("genpkey", "out of memory");
        return 1;
    }
    if (a->alg->type == BRISK_PKEY_RSA) {
        key->type = BRISK_PKEY_RSA;
        err = brisk_rsa_generate(&key->u.rsa, (size_t)a->rsa_bits, 0);
    } else if (a->alg->type == BRISK_PKEY_DSA) {
        key->type = BRISK_PKEY_DSA;
        err = brisk_dsa_generate_key(&key->u.dsa, &a->dsa);
    } else if (a->alg->type == BRISK_PKEY_DH) {
        key->type = BRISK_PKEY_DH;
        err = brisk_dh_generate_key(&key->u.dh, a->dh_group);
    } else {
        err = brisk_pkey_generate(key, a->alg->type, a->curve);
        key->u.curve.explicit_params = a->explicit_params;
    }
    if (a->outform == FORM_DER && a->cipher == NULL &&
        (key->type == BRISK_PKEY_RSA || key->type == BRISK_PKEY_EC ||
         key->type == BRISK_PKEY_DSA))
        encoding = BRISK_PKEY_FORM_TRADITIONAL;
    if (err != 0)
        app_error("genpkey", "cannot generate a %s key: %s", a->alg->name, brisk_strerror(err));
    else if (encode_key_pass("genpkey", &buf, &len, key, encoding, a->outform, a->cipher,
                             a->pass) == 0 &&
             (!a->text || key_text("genpkey", &buf, &len, key, 0) == 0) &&
             write_file("genpkey", a->out, buf, len, 1) == 0)
        ret = 0;
    free_secret(buf, len);
    brisk_pkey_cleanup(key);
    free(key);
    return ret;
}

/* is_dh_params says whether -paramfile holds DH parameters: a "DH
 * PARAMETERS" block, or DER that decodes as a DHParameter (or would, but
 * for its group) and not as DSA parameters. */
static int is_dh_params(genpkey_args *a, const uint8_t *buf, size_t len, int pem)
{
    int err;

    if (pem)
        return strstr((const char *)buf, "-----BEGIN DH PARAMETERS-----") != NULL;
    err = brisk_dh_params_from_der(&a->dh_group, buf, len);
    return err == BRISK_EOK ||
           (err == BRISK_EGROUP && brisk_dsa_params_from_der(&a->dsa, buf, len) != BRISK_EOK);
}

/* load_paramfile sets the algorithm and its parameters from -paramfile:
 * EC parameters (a curve's OID, or its numbers), DH parameters (an RFC
 * 7919 group's p and g) or DSA parameters, PEM or DER; 0 or -1 after one
 * error line. */
static int load_paramfile(genpkey_args *a)
{
    static const char *const labels[] = {"EC PARAMETERS", "DH PARAMETERS", "DSA PARAMETERS",
                                         NULL};
    const char *shown = strcmp(a->paramfile, "-") != 0 ? a->paramfile : "stdin";
    uint8_t *buf = NULL;
    size_t len = 0;
    char label[64];
    int err, pem, ec;

    if (read_file("genpkey", a->paramfile, 1 << 20, &buf, &len) != 0)
        return -1;
    /* in DER, EC parameters are an OID or a SEQUENCE, DH's and DSA's a
     * SEQUENCE of INTEGERs: { p, g [, length] } and { p, q, g } */
    pem = len > 0 && buf[0] != 0x06 && buf[0] != 0x30;
    ec = (pem && strstr((const char *)buf, "-----BEGIN EC PARAMETERS-----") != NULL) ||
         (!pem && len > 0 && buf[0] == 0x06) ||
         decode_ec_params(NULL, NULL, FORM_ANY, buf, len, &a->curve, &a->explicit_params) == 0;
    if (ec) {
        err = decode_ec_params("genpkey", a->paramfile, FORM_ANY, buf, len, &a->curve,
                               &a->explicit_params);
        a->alg = find_alg("EC");
    } else if (len == 0 || (pem && strstr((const char *)buf, "-----BEGIN ") == NULL)) {
        app_error("genpkey", "cannot read parameters from '%s': %s", shown,
                  len == 0 ? "empty input"
                           : "neither PEM (EC, DH or DSA PARAMETERS) nor DER");
        err = -1;
    } else if (pem && pem_other_label(buf, len, labels, label, sizeof(label))) {
        app_error("genpkey", "cannot read parameters from '%s': found %s, expected EC "
                  "PARAMETERS, DH PARAMETERS or DSA PARAMETERS", shown, label);
        err = -1;
    } else if (is_dh_params(a, buf, len, pem)) {
        err = decode_dh_params("genpkey", a->paramfile, pem ? FORM_PEM : FORM_DER, buf, len,
                               &a->dh_group);
        a->alg = find_alg("DH");
    } else {
        err = decode_dsa_params("genpkey", a->paramfile, FORM_ANY, buf, len, &a->dsa);
        a->alg = &dsa_alg;
    }
    free(buf);
    return err != 0 ? -1 : 0;
}

/* parse_args fills a; returns 0, 1 after -help, or -1 on error. */
static int parse_args(genpkey_args *a, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, "genpkey", genpkey_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP:
            opts_usage(stdout, "genpkey", "-algorithm ALG | -paramfile FILE [options]",
                       genpkey_options);
            return 1;
        case OPT_ALGORITHM: a->alg_name = o.value; break;
        case OPT_PARAMFILE: a->paramfile = o.value; break;
        case OPT_PKEYOPT:
            if (a->n_pkeyopt == MAX_PKEYOPTS) {
                app_error("genpkey", "too many -pkeyopt options (at most %d)", MAX_PKEYOPTS);
                return -1;
            }
            a->pkeyopt[a->n_pkeyopt++] = o.value;
            break;
        case OPT_OUT: a->out = o.value; break;
        case OPT_PASS: a->pass = o.value; break;
        case OPT_CIPHER: a->cipher = key_cipher(o.name); break;
        case OPT_TEXT: a->text = 1; break;
        case OPT_QUIET: break;
        case OPT_OUTFORM:
            if (parse_form("genpkey", o.name, o.value, &a->outform) != 0)
                return -1;
            break;
        case OPT_UNKNOWN: app_error("genpkey", "unknown option '%s'", o.name); return -1;
        default: return -1;
        }
    }
    if (o.ind < argc) {
        app_error("genpkey", "unexpected operand '%s'", argv[o.ind]);
        return -1;
    }
    if (a->alg_name != NULL && a->paramfile != NULL) {
        app_error("genpkey", "give -algorithm or -paramfile, not both");
        return -1;
    }
    if (a->alg_name == NULL && a->paramfile == NULL) {
        app_error("genpkey", "no algorithm: give -algorithm (" ALG_NAMES ") or -paramfile");
        return -1;
    }
    if (a->paramfile != NULL) {
        if (load_paramfile(a) != 0)
            return -1;
    } else if ((a->alg = find_alg(a->alg_name)) == NULL) {
        if (strcasecmp(a->alg_name, "DSA") == 0)
            app_error("genpkey", "DSA keys need parameters: give -paramfile FILE (from 'brisk "
                      "dsaparam BITS'), or use 'brisk dsaparam -genkey BITS'");
        else
            app_error("genpkey", "unknown algorithm '%s' (" ALG_NAMES ")", a->alg_name);
        return -1;
    }
    for (int i = 0; i < a->n_pkeyopt; i++)
        if (apply_pkeyopt(a, a->pkeyopt[i]) != 0)
            return -1;
    if (a->alg->type == BRISK_PKEY_EC && a->curve == 0) {
        app_error("genpkey", "EC keys need a curve: -pkeyopt ec_paramgen_curve:P-256 (or P-384, "
                             "P-521)");
        return -1;
    }
    if (a->alg->type == BRISK_PKEY_DH && a->dh_group == NULL) {
        app_error("genpkey", "DH keys need a group: -pkeyopt group:ffdhe2048 (brisk has "
                             APP_DH_GROUPS ")");
        return -1;
    }
    if (a->text && a->outform == FORM_DER) {
        app_error("genpkey", "-text cannot be combined with DER output");
        return -1;
    }
    if (a->pass != NULL && a->cipher == NULL)
        app_error("genpkey", "warning: -pass is ignored without a cipher option (-aes256...)");
    return 0;
}

int genpkey_main(int argc, char **argv)
{
    genpkey_args a;
    int ret;

    memset(&a, 0, sizeof(a));
    a.outform = FORM_PEM;
    a.rsa_bits = 2048;
    ret = parse_args(&a, argc, argv);
    if (ret != 0)
        return ret > 0 ? 0 : 1;
    return generate(&a);
}
