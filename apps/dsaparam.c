/*
 * apps/dsaparam.c - `brisk dsaparam [-in FILE] [-genkey] [-noout] [-text]
 * [-check] [-out FILE] [BITS]`: makes DSA domain parameters (FIPS 186-4 A.1.1.2 and A.2.3
 * through brisk_dsa_generate_params) or reads them, and writes them as
 * OpenSSL 3.0's `openssl dsaparam` does: "DSA PARAMETERS" (Dss-Parms), then
 * with -genkey a private key made from them as PKCS#8 "PRIVATE KEY", the
 * label openssl 3.0 uses there (in DER, OpenSSL's traditional DSA private
 * key, as openssl writes it).  -noout leaves the parameters out.  Without
 * BITS or -in the parameters are read from stdin, as openssl does.  With
 * -genkey and a cipher option (-aes256 ...; openssl dsaparam has none) the
 * key is encrypted as genrsa encrypts it: "ENCRYPTED PRIVATE KEY" (in DER,
 * encrypted PKCS#8) under the password of -passout, or one asked for.
 * -text prints them before as openssl dsaparam -text does; -check prints
 * "Parameters are valid" (openssl pkeyparam -check's words: openssl 3.0's
 * dsaparam has no -check) or one line with the reason, reading them
 * unchecked to find it.
 *
 * Sizes: p of 1024 bits gets q of 160, 2048 gets 224 (as openssl dsaparam
 * 2048 makes), 3072 gets 256, and 512 gets 160 (the size `speed dsa512`
 * times; insecure, accepted as openssl accepts it).  openssl 3.0 gives
 * 1024- and 512-bit p a q of 224 bits, which FIPS 186-4 does not list.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/dsa.h>
#include <brisk/pkey.h>

#include "apps.h"

enum { OPT_IN = 2, OPT_INFORM, OPT_OUT, OPT_OUTFORM, OPT_NOOUT, OPT_GENKEY, OPT_PASSOUT,
       OPT_CIPHER, OPT_TEXT, OPT_CHECK };

const app_option dsaparam_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"in", OPT_IN, ARG_STRING, 0, 0, "FILE", "Read the parameters from FILE (default stdin)"},
    {"inform", OPT_INFORM, ARG_STRING, 0, 0, "PEM|DER", "Input format (default: either)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output file (default stdout)"},
    {"outform", OPT_OUTFORM, ARG_STRING, 0, 0, "PEM|DER", "Output format (default PEM)"},
    {"noout", OPT_NOOUT, ARG_NONE, 0, 0, NULL, "Do not write the parameters"},
    {"genkey", OPT_GENKEY, ARG_NONE, 0, 0, NULL, "Also make a key from them and write it"},
    {"passout", OPT_PASSOUT, ARG_STRING, 0, 0, "SRC",
     "Key password source (with -genkey and a cipher option)"},
    KEY_CIPHER_OPTIONS(OPT_CIPHER),
    {"text", OPT_TEXT, ARG_NONE, 0, 0, NULL, "Print the parameters as text"},
    {"check", OPT_CHECK, ARG_NONE, 0, 0, NULL,
     "Check the parameters; print Parameters are valid or why not"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* The sizes of p that dsaparam makes, with the size of q for each. */
static const struct { long l, n; } sizes[] = {{512, 160}, {1024, 160}, {2048, 224}, {3072, 256}};
#define N_SIZES (sizeof(sizes) / sizeof(sizes[0]))

typedef struct dsaparam_args {
    const char *in, *out;
    int inform, outform, noout, genkey, text, check;
    long bits;
    const char *cipher, *passout;
} dsaparam_args;

static void usage(void)
{
    opts_usage(stdout, "dsaparam", "[options] [BITS]", dsaparam_options);
    printf("\nBITS, the size of p, is 512, 1024, 2048 or 3072 (q: 160, 160, 224, 256 bits).\n"
           "Without BITS the parameters are read from -in FILE, or from stdin.\n"
           "The cipher options encrypt the key of -genkey (openssl dsaparam has none).\n");
}

/* q_bits returns the size of q for p of `bits` bits, or 0 if unsupported. */
static long q_bits(long bits)
{
    for (size_t i = 0; i < N_SIZES; i++)
        if (sizes[i].l == bits)
            return sizes[i].n;
    return 0;
}

static int parse_bits(const char *s, long *bits)
{
    int err = parse_long(s, bits);

    if (err == -1) {
        app_error("dsaparam", "the size must be a number of bits, not '%s'", s);
        return -1;
    }
    if (err != 0 || q_bits(*bits) == 0) {
        app_error("dsaparam", "size %s not supported: 512, 1024, 2048 or 3072 bits", s);
        return -1;
    }
    return 0;
}

/* check_params runs -check: "Parameters are valid" (the words of openssl
 * pkeyparam -check; openssl 3.0's dsaparam has no -check) into *buf, or
 * one error line with the reason; returns 0 or -1. */
static int check_params(const brisk_dsa_params *params, uint8_t **buf, size_t *len)
{
    static const char ok[] = "Parameters are valid\n";
    const char *why = NULL;
    int valid = 0, err = brisk_dsa_params_validate(params, &valid, &why);
    uint8_t *p;

    if (err != 0) {
        app_error("dsaparam", "cannot check the parameters: %s", brisk_strerror(err));
        return -1;
    }
    if (!valid) {
        app_error("dsaparam", "Parameters are invalid: %s", why);
        return -1;
    }
    p = realloc(*buf, *len + sizeof(ok));
    if (p == NULL) {
        app_error("dsaparam", "out of memory");
        return -1;
    }
    memcpy(p + *len, ok, sizeof(ok) - 1);
    *buf = p;
    *len += sizeof(ok) - 1;
    return 0;
}

/* get_params generates or reads the parameters; returns 0 or -1 reported. */
static int get_params(const dsaparam_args *a, brisk_dsa_params *params)
{
    int err;

    if (a->bits == 0 && a->check) /* -check says what is wrong */
        return load_dsa_params_unchecked("dsaparam", a->in, a->inform, params);
    if (a->bits == 0) /* from -in FILE, or stdin */
        return load_dsa_params("dsaparam", a->in, a->inform, params);
    err = brisk_dsa_generate_params(params, (size_t)a->bits, (size_t)q_bits(a->bits));
    if (err != 0) {
        app_error("dsaparam", "cannot generate %ld-bit parameters: %s", a->bits,
                  brisk_strerror(err));
        return -1;
    }
    return 0;
}

static int run(const dsaparam_args *a, brisk_pkey *key)
{
    brisk_dsa_params params;
    uint8_t *buf = NULL;
    size_t len = 0;
    int ret = 1, err;

    if (get_params(a, &params) != 0)
        return 1;
    if (a->check && check_params(&params, &buf, &len) != 0)
        goto done;
    if (a->text && dsa_params_text("dsaparam", &buf, &len, &params) != 0)
        goto done;
    if (!a->noout && encode_dsa_params("dsaparam", &buf, &len, &params, a->outform) != 0)
        goto done;
    if (a->genkey) {
        key->type = BRISK_PKEY_DSA;
        err = brisk_dsa_generate_key(&key->u.dsa, &params);
        if (err != 0) {
            app_error("dsaparam", "cannot generate a key: %s", brisk_strerror(err));
            goto done;
        }
        if (encode_key_pass("dsaparam", &buf, &len, key,
                            a->outform == FORM_DER && a->cipher == NULL
                                ? BRISK_PKEY_FORM_TRADITIONAL
                                : BRISK_PKEY_FORM_PKCS8,
                            a->outform, a->cipher, a->passout) != 0)
            goto done;
    }
    if (len > 0 && write_file("dsaparam", a->out, buf, len, a->genkey) != 0)
        goto done;
    ret = 0;
done:
    free_secret(buf, len);
    return ret;
}

/* parse_args fills a; returns 0, 1 after -help, or -1 on error. */
static int parse_args(dsaparam_args *a, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, "dsaparam", dsaparam_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 1;
        case OPT_IN: a->in = o.value; break;
        case OPT_OUT: a->out = o.value; break;
        case OPT_NOOUT: a->noout = 1; break;
        case OPT_GENKEY: a->genkey = 1; break;
        case OPT_PASSOUT: a->passout = o.value; break;
        case OPT_CIPHER: a->cipher = key_cipher(o.name); break;
        case OPT_TEXT: a->text = 1; break;
        case OPT_CHECK: a->check = 1; break;
        case OPT_INFORM:
            if (parse_form("dsaparam", o.name, o.value, &a->inform) != 0)
                return -1;
            break;
        case OPT_OUTFORM:
            if (parse_form("dsaparam", o.name, o.value, &a->outform) != 0)
                return -1;
            break;
        case OPT_UNKNOWN: app_error("dsaparam", "unknown option '%s'", o.name); return -1;
        default: return -1;
        }
    }
    if (argc - o.ind > 1) {
        app_error("dsaparam", "too many operands: only BITS");
        return -1;
    }
    if (o.ind < argc && a->in != NULL) {
        app_error("dsaparam", "give either -in or BITS, not both");
        return -1;
    }
    if (a->cipher != NULL && !a->genkey) {
        app_error("dsaparam", "a cipher option encrypts the key of -genkey: give -genkey");
        return -1;
    }
    if (a->passout != NULL && a->cipher == NULL)
        app_error("dsaparam", "warning: -passout is ignored without a cipher option (-aes256...)");
    return o.ind < argc ? parse_bits(argv[o.ind], &a->bits) : 0;
}

int dsaparam_main(int argc, char **argv)
{
    dsaparam_args a = {NULL, NULL, FORM_ANY, FORM_PEM, 0, 0, 0, 0, 0, NULL, NULL};
    brisk_pkey *key;
    int ret = parse_args(&a, argc, argv);

    if (ret != 0)
        return ret > 0 ? 0 : 1;
    key = calloc(1, sizeof(*key));
    if (key == NULL) {
        app_error("dsaparam", "out of memory");
        return 1;
    }
    ret = run(&a, key);
    brisk_pkey_cleanup(key);
    free(key);
    return ret;
}
