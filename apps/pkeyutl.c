/*
 * apps/pkeyutl.c - `brisk pkeyutl -derive|-sign|-verify -inkey FILE
 * [-keyform PEM|DER] [-passin SRC] [-pubin] [-peerkey FILE] [-peerform
 * PEM|DER] [-in FILE] [-out FILE] [-sigfile FILE] [-rawin]`: the public-key
 * operations of OpenSSL 3.0's `openssl pkeyutl`, on the elliptic-curve key
 * types.
 * - -derive: the shared secret of the private key -inkey and the peer's
 *   key -peerkey (public, or private: its public half is used), raw bytes.
 * - -sign and -verify: the signature of the input; -verify reads it from
 *   -sigfile and prints "Signature Verified Successfully" (exit 0) or
 *   "Signature Verification Failure" (exit 1), as openssl does.
 * The input is read whole from -in (default stdin), at most 256 MiB.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/pkey.h>
#include <brisk/x25519.h>

#include "apps.h"

enum { OPT_IN = 2, OPT_OUT, OPT_INKEY, OPT_KEYFORM, OPT_PASSIN, OPT_PUBIN, OPT_PEERKEY,
       OPT_PEERFORM, OPT_SIGFILE, OPT_DERIVE, OPT_SIGN, OPT_VERIFY, OPT_RAWIN };

const app_option pkeyutl_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"derive", OPT_DERIVE, ARG_NONE, 0, 0, NULL, "Derive a shared secret with -peerkey"},
    {"sign", OPT_SIGN, ARG_NONE, 0, 0, NULL, "Sign the input with the private key"},
    {"verify", OPT_VERIFY, ARG_NONE, 0, 0, NULL, "Verify the input against -sigfile"},
    {"inkey", OPT_INKEY, ARG_STRING, 0, 0, "FILE", "The key"},
    {"keyform", OPT_KEYFORM, ARG_STRING, 0, 0, "PEM|DER", "The key's format (default: either)"},
    {"passin", OPT_PASSIN, ARG_STRING, 0, 0, "SRC",
     "The key's password source: pass:X, env:VAR, file:PATH, fd:N, stdin"},
    {"pubin", OPT_PUBIN, ARG_NONE, 0, 0, NULL, "-inkey is a public key"},
    {"peerkey", OPT_PEERKEY, ARG_STRING, 0, 0, "FILE", "The peer's key, for -derive"},
    {"peerform", OPT_PEERFORM, ARG_STRING, 0, 0, "PEM|DER",
     "The peer key's format (default: either)"},
    {"in", OPT_IN, ARG_STRING, 0, 0, "FILE", "Input to sign or verify (default stdin)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output file (default stdout)"},
    {"sigfile", OPT_SIGFILE, ARG_STRING, 0, 0, "FILE", "The signature, for -verify"},
    {"rawin", OPT_RAWIN, ARG_NONE, 0, 0, NULL, "The input is the message itself (EdDSA)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

#define MAX_INPUT ((size_t)256 << 20)

typedef struct pkeyutl_args {
    const char *in, *out, *inkey, *passin, *peerkey, *sigfile;
    int keyform, peerform, pubin, rawin;
    int op; /* OPT_DERIVE, OPT_SIGN or OPT_VERIFY */
} pkeyutl_args;

static int derive(const pkeyutl_args *a, const brisk_pkey *key, brisk_pkey *peer)
{
    uint8_t secret[BRISK_CURVE_KEY_MAX_PRIV];
    size_t len = sizeof(secret);
    int err, ret = 1;

    if (load_key("pkeyutl", a->peerkey, a->peerform, peer) != 0)
        return 1;
    if (peer->type != key->type || peer->u.curve.curve != key->u.curve.curve) {
        app_error("pkeyutl", "the peer key is a %s key, the key a %s key: they must match",
                  brisk_pkey_type_name(peer), brisk_pkey_type_name(key));
        return 1;
    }
    err = brisk_pkey_derive(secret, &len, key, peer);
    if (err == BRISK_EPUBKEY)
        app_error("pkeyutl", "the peer's public key gives no shared secret (a low-order point)");
    else if (err != BRISK_EOK)
        app_error("pkeyutl", "cannot derive: %s", brisk_strerror(err));
    else if (write_file("pkeyutl", a->out, secret, len, 1) == 0)
        ret = 0;
    brisk_wipe(secret, sizeof(secret));
    return ret;
}

static int run(const pkeyutl_args *a, brisk_pkey *key, brisk_pkey *peer)
{
    const char *type;

    if (load_key_pass("pkeyutl", a->inkey, a->keyform, a->passin, key) != 0)
        return 1;
    type = brisk_pkey_type_name(key);
    if (a->pubin && brisk_pkey_has_private(key)) {
        app_error("pkeyutl", "-pubin given but '%s' holds a private key", a->inkey);
        return 1;
    }
    if ((a->op == OPT_DERIVE || a->op == OPT_SIGN) && !brisk_pkey_has_private(key)) {
        app_error("pkeyutl", "-%s needs a private key; '%s' holds a public one",
                  a->op == OPT_DERIVE ? "derive" : "sign", a->inkey);
        return 1;
    }
    if (a->op == OPT_DERIVE) {
        if (key->type != BRISK_PKEY_X25519) {
            app_error("pkeyutl", "%s keys cannot derive a shared secret (X25519 keys can)",
                      type);
            return 1;
        }
        return derive(a, key, peer);
    }
    app_error("pkeyutl", "%s keys cannot -%s here (use brisk dgst for RSA and DSA)", type,
              a->op == OPT_SIGN ? "sign" : "verify");
    return 1;
}

/* parse_args fills a; returns 0, 1 after -help, or -1 on error. */
static int parse_args(pkeyutl_args *a, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, "pkeyutl", pkeyutl_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: opts_usage(stdout, "pkeyutl", "-derive|-sign|-verify -inkey FILE [options]",
                                  pkeyutl_options);
                       return 1;
        case OPT_DERIVE: case OPT_SIGN: case OPT_VERIFY:
            if (a->op != 0 && a->op != id) {
                app_error("pkeyutl", "give only one of -derive, -sign and -verify");
                return -1;
            }
            a->op = id;
            break;
        case OPT_IN: a->in = o.value; break;
        case OPT_OUT: a->out = o.value; break;
        case OPT_INKEY: a->inkey = o.value; break;
        case OPT_PASSIN: a->passin = o.value; break;
        case OPT_PUBIN: a->pubin = 1; break;
        case OPT_PEERKEY: a->peerkey = o.value; break;
        case OPT_SIGFILE: a->sigfile = o.value; break;
        case OPT_RAWIN: a->rawin = 1; break;
        case OPT_KEYFORM:
            if (parse_form("pkeyutl", o.name, o.value, &a->keyform) != 0)
                return -1;
            break;
        case OPT_PEERFORM:
            if (parse_form("pkeyutl", o.name, o.value, &a->peerform) != 0)
                return -1;
            break;
        case OPT_UNKNOWN: app_error("pkeyutl", "unknown option '%s'", o.name); return -1;
        default: return -1;
        }
    }
    if (o.ind < argc) {
        app_error("pkeyutl", "unexpected operand '%s': name the input with -in", argv[o.ind]);
        return -1;
    }
    if (a->op == 0) {
        app_error("pkeyutl", "nothing to do: give -derive, -sign or -verify");
        return -1;
    }
    if (a->inkey == NULL) {
        app_error("pkeyutl", "no key: give -inkey FILE");
        return -1;
    }
    if (a->op == OPT_DERIVE && a->peerkey == NULL) {
        app_error("pkeyutl", "-derive needs the peer's key: give -peerkey FILE");
        return -1;
    }
    if (a->op != OPT_DERIVE && a->peerkey != NULL) {
        app_error("pkeyutl", "-peerkey is for -derive only");
        return -1;
    }
    if (a->op == OPT_VERIFY && a->sigfile == NULL) {
        app_error("pkeyutl", "-verify needs the signature: give -sigfile FILE");
        return -1;
    }
    if (a->op != OPT_VERIFY && a->sigfile != NULL) {
        app_error("pkeyutl", "-sigfile is for -verify only");
        return -1;
    }
    return 0;
}

int pkeyutl_main(int argc, char **argv)
{
    pkeyutl_args a;
    brisk_pkey *key, *peer;
    int ret;

    memset(&a, 0, sizeof(a));
    ret = parse_args(&a, argc, argv);
    if (ret != 0)
        return ret > 0 ? 0 : 1;
    key = calloc(1, sizeof(*key));
    peer = calloc(1, sizeof(*peer));
    if (key == NULL || peer == NULL) {
        app_error("pkeyutl", "out of memory");
        ret = 1;
    } else {
        ret = run(&a, key, peer);
    }
    brisk_pkey_cleanup(key);
    brisk_pkey_cleanup(peer);
    free(key);
    free(peer);
    return ret;
}
