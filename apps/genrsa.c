/*
 * apps/genrsa.c - `brisk genrsa [-out FILE] [-traditional] [-aes128|-aes192|
 * -aes256|-des3|-des [-passout SRC]] [BITS]`: makes an RSA private key
 * (e = 65537, FIPS 186-5 A.1.3 through brisk_rsa_generate) and writes it as
 * OpenSSL 3.0's `openssl genrsa` does: PKCS#8 PEM ("PRIVATE KEY"), or
 * PKCS#1 ("RSA PRIVATE KEY") with -traditional; with a cipher, encrypted:
 * "ENCRYPTED PRIVATE KEY" (PBES2, as openssl 3.0), or with -traditional
 * the Proc-Type PEM.  2048 bits by default.  The file is created with
 * mode 0600.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/pkey.h>
#include <brisk/rsa.h>

#include "apps.h"

enum { OPT_OUT = 2, OPT_TRADITIONAL, OPT_F4, OPT_PASSOUT, OPT_CIPHER };

const app_option genrsa_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Write the key to FILE (default stdout)"},
    {"traditional", OPT_TRADITIONAL, ARG_NONE, 0, 0, NULL,
     "Write PKCS#1 \"RSA PRIVATE KEY\" instead of PKCS#8"},
    {"f4", OPT_F4, ARG_NONE, 0, 0, NULL, "Public exponent 65537 (the only one; accepted)"},
    {"passout", OPT_PASSOUT, ARG_STRING, 0, 0, "SRC",
     "Key password source: pass:X, env:VAR, file:PATH, fd:N, stdin"},
    KEY_CIPHER_OPTIONS(OPT_CIPHER),
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

static void usage(void)
{
    opts_usage(stdout, "genrsa", "[options] [BITS]", genrsa_options);
    printf("\nBITS is the modulus size, an even number from %d to %d (default 2048).\n",
           BRISK_RSA_MIN_BITS, BRISK_RSA_GEN_MAX_BITS);
}

/* parse_bits reads the operand; returns 0 or -1 after reporting. */
static int parse_bits(const char *s, long *bits)
{
    int err = parse_long(s, bits);

    if (err == -1) {
        app_error("genrsa", "key size must be a number of bits, not '%s'", s);
        return -1;
    }
    if (err != 0 || *bits < BRISK_RSA_MIN_BITS || *bits > BRISK_RSA_GEN_MAX_BITS ||
        *bits % 2 != 0) {
        app_error("genrsa", "key size %s not supported: an even number of bits from %d to %d",
                  s, BRISK_RSA_MIN_BITS, BRISK_RSA_GEN_MAX_BITS);
        return -1;
    }
    return 0;
}

/* genrsa_args is what the options asked for. */
typedef struct genrsa_args {
    const char *out, *cipher, *passout;
    int encoding;
    long bits;
} genrsa_args;

static int generate(const genrsa_args *a)
{
    brisk_pkey *key = calloc(1, sizeof(*key));
    uint8_t *buf = NULL;
    size_t len = 0;
    int ret = 1, err;

    if (key == NULL) {
        app_error("genrsa", "out of memory");
        return 1;
    }
    key->type = BRISK_PKEY_RSA;
    err = brisk_rsa_generate(&key->u.rsa, (size_t)a->bits, 0);
    if (err != 0)
        app_error("genrsa", "cannot generate a %ld-bit key: %s", a->bits, brisk_strerror(err));
    else if (encode_key_pass("genrsa", &buf, &len, key, a->encoding, FORM_PEM, a->cipher,
                             a->passout) == 0 &&
             write_file("genrsa", a->out, buf, len, 1) == 0)
        ret = 0;
    free_secret(buf, len);
    brisk_pkey_cleanup(key);
    free(key);
    return ret;
}

int genrsa_main(int argc, char **argv)
{
    genrsa_args a = {NULL, NULL, NULL, BRISK_PKEY_FORM_PKCS8, 2048};
    app_opts o;
    int id;

    opts_init(&o, "genrsa", genrsa_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_OUT: a.out = o.value; break;
        case OPT_TRADITIONAL: a.encoding = BRISK_PKEY_FORM_TRADITIONAL; break;
        case OPT_F4: break;
        case OPT_PASSOUT: a.passout = o.value; break;
        case OPT_CIPHER: a.cipher = key_cipher(o.name); break;
        case OPT_UNKNOWN:
            app_error("genrsa", "unknown option '%s'", o.name);
            return 1;
        default:
            return 1;
        }
    }
    if (argc - o.ind > 1) {
        app_error("genrsa", "too many operands: only BITS");
        return 1;
    }
    if (o.ind < argc && parse_bits(argv[o.ind], &a.bits) != 0)
        return 1;
    if (a.passout != NULL && a.cipher == NULL)
        app_error("genrsa", "warning: -passout is ignored without a cipher option (-aes256...)");
    return generate(&a);
}
