/*
 * apps/pkey.c - `brisk pkey [-in FILE] [-inform PEM|DER] [-passin SRC]
 * [-pubout] [-traditional] [-aes128|-aes192|-aes256|-des3|-des]
 * [-passout SRC] [-outform PEM|DER] [-out FILE] [-text|-text_pub]
 * [-check|-pubcheck] [-noout]`: reads an RSA or DSA key in any encoding
 * brisk/pkey.h decodes (an encrypted one with the password of -passin, or
 * asked for) and writes it again as OpenSSL 3.0's `openssl pkey` does: a
 * private key as PKCS#8 ("PRIVATE KEY", or the traditional form with
 * -traditional; in DER, the traditional form always, as openssl 3.0 writes
 * it), a public key, or the public half with -pubout, as
 * SubjectPublicKeyInfo ("PUBLIC KEY").  With a cipher option the private
 * key is encrypted: "ENCRYPTED PRIVATE KEY", or with -traditional the
 * Proc-Type PEM; in DER, encrypted PKCS#8 (openssl refuses a cipher with
 * DER output).  Unlike openssl, a public key is read without -pubin (which
 * is accepted).
 * -text and -text_pub print the key's numbers after it as openssl does
 * (apps/keytext.c); -check and -pubcheck print "Key is valid" before it,
 * or one line with the reason (brisk_rsa_key_validate,
 * brisk_dsa_key_validate).  Those four read the key unchecked, to show
 * what is wrong with it; anything else refuses an inconsistent key.  (DH
 * keys are always read checked: an invalid one is not read at all.)
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/pkey.h>

#include "apps.h"

enum { OPT_IN = 2, OPT_INFORM, OPT_OUT, OPT_OUTFORM, OPT_PUBOUT, OPT_PUBIN, OPT_TRADITIONAL,
       OPT_NOOUT, OPT_PASSIN, OPT_PASSOUT, OPT_CIPHER, OPT_TEXT, OPT_TEXT_PUB, OPT_CHECK,
       OPT_PUBCHECK };

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
    {"noout", OPT_NOOUT, ARG_NONE, 0, 0, NULL, "Do not write the key (print only -text, -check)"},
    {"passin", OPT_PASSIN, ARG_STRING, 0, 0, "SRC",
     "Input password source: pass:X, env:VAR, file:PATH, fd:N, stdin"},
    {"passout", OPT_PASSOUT, ARG_STRING, 0, 0, "SRC",
     "Output password source (with a cipher option)"},
    KEY_CIPHER_OPTIONS(OPT_CIPHER),
    {"text", OPT_TEXT, ARG_NONE, 0, 0, NULL, "Print the key's numbers as text, after the key"},
    {"text_pub", OPT_TEXT_PUB, ARG_NONE, 0, 0, NULL, "Print only the public numbers as text"},
    {"check", OPT_CHECK, ARG_NONE, 0, 0, NULL, "Check the whole key; print Key is valid or why not"},
    {"pubcheck", OPT_PUBCHECK, ARG_NONE, 0, 0, NULL, "Check only the public half of the key"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

typedef struct pkey_args {
    const char *in, *out;
    int inform, outform, pubout, pubin, traditional, noout;
    const char *passin, *passout, *cipher;
    int text, text_pub, check, pubcheck;
} pkey_args;

/* key_has_traditional returns 1 for the types that have a traditional
 * form; the others (X25519, Ed25519, ...) are written as PKCS#8 when one
 * is asked for, as openssl does. */
static int key_has_traditional(const brisk_pkey *key)
{
    return key->type == BRISK_PKEY_RSA || key->type == BRISK_PKEY_DSA ||
           key->type == BRISK_PKEY_EC;
}

/* curve_key_validate checks an elliptic-curve key read unchecked: setting
 * it again from its bytes redoes every check decoding does (the private
 * key in range, its public key the one stored, an EC point on the curve). */
static int curve_key_validate(const brisk_pkey *key, int full, int *valid, const char **why)
{
    const brisk_curve_key *c = &key->u.curve;
    brisk_pkey *again = calloc(1, sizeof(*again));
    int err;

    if (again == NULL)
        return BRISK_ENOMEM;
    if (full && c->has_private)
        err = brisk_pkey_set_curve_key(again, key->type, c->curve, c->priv, c->priv_len,
                                       c->pub_len > 0 ? c->pub : NULL, c->pub_len);
    else
        err = brisk_pkey_set_curve_key(again, key->type, c->curve, NULL, 0, c->pub, c->pub_len);
    brisk_pkey_cleanup(again);
    free(again);
    *valid = err == BRISK_EOK;
    *why = err == BRISK_EPUBKEY  ? "the public key is not on the curve or does not match"
           : err == BRISK_EINVAL ? "the private key is out of range"
                                 : brisk_strerror(err);
    return err == BRISK_ENOMEM ? err : BRISK_EOK;
}

/* check_key runs -check or -pubcheck: "Key is valid" into *buf, or one
 * error line with the reason; returns 0 or -1. */
static int check_key(const pkey_args *a, const brisk_pkey *key, uint8_t **buf, size_t *len)
{
    static const char ok[] = "Key is valid\n";
    const char *why = NULL;
    int full = a->check, valid = 0, err;
    uint8_t *p;

    if (key->type == BRISK_PKEY_RSA) {
        err = brisk_rsa_key_validate(&key->u.rsa, full, &valid, &why);
    } else if (key->type == BRISK_PKEY_DSA) {
        err = brisk_dsa_key_validate(&key->u.dsa, full, &valid, &why);
    } else if (key->type == BRISK_PKEY_DH) {
        err = 0;   /* decoding checked it all (brisk/pkey.h) */
        valid = 1;
    } else {
        err = curve_key_validate(key, full, &valid, &why);
    }
    if (err != 0) {
        app_error("pkey", "cannot check the key: %s", brisk_strerror(err));
        return -1;
    }
    if (!valid) {
        app_error("pkey", "Key is invalid: %s", why);
        return -1;
    }
    p = realloc(*buf, *len + sizeof(ok));
    if (p == NULL) {
        app_error("pkey", "out of memory");
        return -1;
    }
    memcpy(p + *len, ok, sizeof(ok) - 1);
    *buf = p;
    *len += sizeof(ok) - 1;
    return 0;
}

static int run(const pkey_args *a, brisk_pkey *key)
{
    uint8_t *buf = NULL;
    size_t len = 0;
    int private, encoding, ret = 1;

    /* -check and -text look at the numbers as they are: -check says what
     * is wrong where loading would only refuse. */
    if ((a->check || a->pubcheck || a->text || a->text_pub
             ? load_key_pass_unchecked("pkey", a->in, a->inform, a->passin, key)
             : load_key_pass("pkey", a->in, a->inform, a->passin, key)) != 0)
        return 1;
    if (a->pubin && brisk_pkey_has_private(key)) {
        app_error("pkey", "-pubin given but '%s' holds a private key", a->in ? a->in : "stdin");
        return 1;
    }
    if ((a->check || a->pubcheck) && check_key(a, key, &buf, &len) != 0)
        goto done;
    private = brisk_pkey_has_private(key) && !a->pubout;
    if (!private)
        encoding = BRISK_PKEY_FORM_SPKI;
    else if ((a->traditional || (a->outform == FORM_DER && a->cipher == NULL)) &&
             key_has_traditional(key))
        encoding = BRISK_PKEY_FORM_TRADITIONAL;
    else
        encoding = BRISK_PKEY_FORM_PKCS8;
    if (!a->noout && encode_key_pass("pkey", &buf, &len, key, encoding, a->outform,
                                     private ? a->cipher : NULL, a->passout) != 0)
        goto done;
    /* as openssl: -pubout -text is -text_pub */
    if ((a->text || a->text_pub) &&
        key_text("pkey", &buf, &len, key, a->text_pub || a->pubout) != 0)
        goto done;
    if (len == 0 || write_file("pkey", a->out, buf, len,
                               private || (a->text && !a->text_pub && !a->pubout)) == 0)
        ret = 0;
done:
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
        case OPT_TEXT: a->text = 1; break;
        case OPT_TEXT_PUB: a->text_pub = 1; break;
        case OPT_CHECK: a->check = 1; break;
        case OPT_PUBCHECK: a->pubcheck = 1; break;
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
    if ((a->text || a->text_pub) && a->outform == FORM_DER && !a->noout) {
        app_error("pkey", "text output cannot be combined with DER output (add -noout)");
        return -1;
    }
    return 0;
}

int pkey_main(int argc, char **argv)
{
    pkey_args a = {NULL, NULL, FORM_ANY, FORM_PEM, 0, 0, 0, 0, NULL, NULL, NULL, 0, 0, 0, 0};
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
