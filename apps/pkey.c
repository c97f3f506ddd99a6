/*
 * apps/pkey.c - `brisk pkey [-in FILE] [-inform PEM|DER] [-passin SRC]
 * [-pubout] [-traditional] [-aes128|-aes192|-aes256|-des3|-des]
 * [-passout SRC] [-outform PEM|DER] [-out FILE]`: reads an RSA or DSA key
 * in any encoding brisk/pkey.h decodes (an encrypted one with the password
 * of -passin, or asked for) and writes it again as OpenSSL 3.0's `openssl
 * pkey` does: a private key as PKCS#8 ("PRIVATE KEY", or the traditional
 * form with -traditional; in DER, the traditional form always, as openssl
 * 3.0 writes it), a public key, or the public half with -pubout, as
 * SubjectPublicKeyInfo ("PUBLIC KEY").  With a cipher option the private
 * key is encrypted: "ENCRYPTED PRIVATE KEY", or with -traditional the
 * Proc-Type PEM; in DER, encrypted PKCS#8 (openssl refuses a cipher with
 * DER output).  Unlike openssl, a public key is read without -pubin (which
 * is accepted).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/pkey.h>

#include "apps.h"

enum { OPT_IN = 2, OPT_INFORM, OPT_OUT, OPT_OUTFORM, OPT_PUBOUT, OPT_PUBIN, OPT_TRADITIONAL,
       OPT_NOOUT, OPT_PASSIN, OPT_PASSOUT, OPT_CIPHER };

const app_option pkey_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"in", OPT_IN, ARG_STRING, 0, 0, "FILE", "Read the key from FILE (default stdin)"},
    {"inform", OPT_INFORM, ARG_STRING, 0, 0, "PEM|DER", "Input format (default: either)"},
    {"pubin", OPT_PUBIN, ARG_NONE, 0, 0, NULL, "Expect a public key (read anyway)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output file (default stdout)"},
    {"outform", OPT_OUTFORM, ARG_STRING, 0, 0, "PEM|DER", "Output format (default PEM)"},
    {"pubout", OPT_PUBOUT, ARG_NONE, 0, 0, NULL, "Write the public key only"},
    {"traditional", OPT_TRADITIONAL, ARG_NONE, 0, 0, NULL,
     "Write a private key in the traditional form (PKCS#1 for RSA)"},
    {"noout", OPT_NOOUT, ARG_NONE, 0, 0, NULL, "Only check that the key reads"},
    {"passin", OPT_PASSIN, ARG_STRING, 0, 0, "SRC",
     "Input password source: pass:X, env:VAR, file:PATH, fd:N, stdin"},
    {"passout", OPT_PASSOUT, ARG_STRING, 0, 0, "SRC",
     "Output password source (with a cipher option)"},
    KEY_CIPHER_OPTIONS(OPT_CIPHER),
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

typedef struct pkey_args {
    const char *in, *out;
    int inform, outform, pubout, pubin, traditional, noout;
    const char *passin, *passout, *cipher;
} pkey_args;

static int run(const pkey_args *a, brisk_pkey *key)
{
    uint8_t *buf = NULL;
    size_t len = 0;
    int private, ret = 1;

    if (load_key_pass("pkey", a->in, a->inform, a->passin, key) != 0)
        return 1;
    if (a->pubin && brisk_pkey_has_private(key)) {
        app_error("pkey", "-pubin given but '%s' holds a private key", a->in ? a->in : "stdin");
        return 1;
    }
    if (a->noout)
        return 0;
    private = brisk_pkey_has_private(key) && !a->pubout;
    if (encode_key_pass("pkey", &buf, &len, key,
                        !private ? BRISK_PKEY_FORM_SPKI
                        : a->traditional || (a->outform == FORM_DER && a->cipher == NULL)
                            ? BRISK_PKEY_FORM_TRADITIONAL
                            : BRISK_PKEY_FORM_PKCS8,
                        a->outform, private ? a->cipher : NULL, a->passout) == 0 &&
        write_file("pkey", a->out, buf, len, private) == 0)
        ret = 0;
    free_secret(buf, len);
    return ret;
}

/* parse_args fills a; returns 0, 1 after -help, or -1 on error. */
static int parse_args(pkey_args *a, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, "pkey", pkey_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: opts_usage(stdout, "pkey", "[options]", pkey_options); return 1;
        case OPT_IN: a->in = o.value; break;
        case OPT_OUT: a->out = o.value; break;
        case OPT_PUBOUT: a->pubout = 1; break;
        case OPT_PUBIN: a->pubin = 1; break;
        case OPT_TRADITIONAL: a->traditional = 1; break;
        case OPT_NOOUT: a->noout = 1; break;
        case OPT_PASSIN: a->passin = o.value; break;
        case OPT_PASSOUT: a->passout = o.value; break;
        case OPT_CIPHER: a->cipher = key_cipher(o.name); break;
        case OPT_INFORM:
            if (parse_form("pkey", o.name, o.value, &a->inform) != 0)
                return -1;
            break;
        case OPT_OUTFORM:
            if (parse_form("pkey", o.name, o.value, &a->outform) != 0)
                return -1;
            break;
        case OPT_UNKNOWN: app_error("pkey", "unknown option '%s'", o.name); return -1;
        default: return -1;
        }
    }
    if (o.ind < argc) {
        app_error("pkey", "unexpected operand '%s': name the key with -in", argv[o.ind]);
        return -1;
    }
    if (a->cipher != NULL && a->traditional && a->outform == FORM_DER) {
        app_error("pkey", "an encrypted traditional key is PEM only: drop -traditional for "
                          "encrypted PKCS#8 DER");
        return -1;
    }
    if (a->passout != NULL && a->cipher == NULL)
        app_error("pkey", "warning: -passout is ignored without a cipher option (-aes256...)");
    return 0;
}

int pkey_main(int argc, char **argv)
{
    pkey_args a = {NULL, NULL, FORM_ANY, FORM_PEM, 0, 0, 0, 0, NULL, NULL, NULL};
    brisk_pkey *key;
    int ret = parse_args(&a, argc, argv);

    if (ret != 0)
        return ret > 0 ? 0 : 1;
    key = calloc(1, sizeof(*key));
    if (key == NULL) {
        app_error("pkey", "out of memory");
        return 1;
    }
    ret = run(&a, key);
    brisk_pkey_cleanup(key);
    free(key);
    return ret;
}
