/*
 * apps/pkeyutl.c - `brisk pkeyutl -derive|-sign|-verify -inkey FILE
 * [-keyform PEM|DER] [-passin SRC] [-pubin] [-peerkey FILE] [-peerform
 * PEM|DER] [-in FILE] [-out FILE] [-sigfile FILE] [-rawin]`: the public-key
 * operations of OpenSSL 3.0's `openssl pkeyutl`, on the elliptic-curve key
 * types.
 * - -derive: the shared secret of the private key -inkey and the peer's
 *   key -peerkey (public, or private: its public half is used), raw bytes:
 *   X25519, X448, EC (ECDH's x-coordinate).
 * - -sign and -verify: the signature of the input; -verify reads it from
 *   -sigfile and prints "Signature Verified Successfully" (exit 0) or
 *   "Signature Verification Failure" (exit 1), as openssl does.  ECDSA
 *   (DER signatures) signs the input as a digest, as openssl does: 20, 28,
 *   32, 48 or 64 bytes, whose length names the hash for RFC 6979's nonce;
 *   with -rawin the input is the message, hashed with -digest (default
 *   sha256).  Ed25519 and Ed448 (pure, empty context) sign the message
 *   itself and, as in openssl 3.0, need -rawin to say so.
 * The input is read whole from -in (default stdin), at most 256 MiB.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/digest.h>
#include <brisk/ec.h>
#include <brisk/ed25519.h>
#include <brisk/ed448.h>
#include <brisk/pkey.h>

#include "apps.h"

enum { OPT_IN = 2, OPT_OUT, OPT_INKEY, OPT_KEYFORM, OPT_PASSIN, OPT_PUBIN, OPT_PEERKEY,
       OPT_PEERFORM, OPT_SIGFILE, OPT_DERIVE, OPT_SIGN, OPT_VERIFY, OPT_RAWIN, OPT_DIGEST };

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
    {"rawin", OPT_RAWIN, ARG_NONE, 0, 0, NULL,
     "The input is the message itself, not its digest"},
    {"digest", OPT_DIGEST, ARG_STRING, 0, 0, "ALG",
     "With -rawin and ECDSA: the message's hash (default sha256)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

#define MAX_INPUT ((size_t)256 << 20)

typedef struct pkeyutl_args {
    const char *in, *out, *inkey, *passin, *peerkey, *sigfile, *digest;
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
        app_error("pkeyutl", "the peer's public key gives no shared secret (a low-order or invalid point)");
    else if (err != BRISK_EOK)
        app_error("pkeyutl", "cannot derive: %s", brisk_strerror(err));
    else if (write_file("pkeyutl", a->out, secret, len, 1) == 0)
        ret = 0;
    brisk_wipe(secret, sizeof(secret));
    return ret;
}

/* ecdsa_digest sets *dgst to what ECDSA signs: the input itself (a
 * digest, its hash told by its length) or, with -rawin, its hash with
 * -digest's algorithm.  0, or -1 after reporting. */
static int ecdsa_digest(const pkeyutl_args *a, const uint8_t *in, size_t in_len,
                        uint8_t dgst[64], size_t *dgst_len, const brisk_digest **md)
{
    static const brisk_digest *const by_len[] = {&brisk_digest_sha1, &brisk_digest_sha224,
                                                 &brisk_digest_sha256, &brisk_digest_sha384,
                                                 &brisk_digest_sha512};

    if (a->rawin) {
        *md = brisk_digest_by_name(a->digest != NULL ? a->digest : "sha256");
        if (*md == NULL || (*md)->digest_len > 64) {
            app_error("pkeyutl", "unknown digest '%s'", a->digest);
            return -1;
        }
        brisk_digest_oneshot(*md, dgst, in, in_len);
        *dgst_len = (*md)->digest_len;
        return 0;
    }
    for (size_t i = 0; i < sizeof(by_len) / sizeof(by_len[0]); i++)
        if (by_len[i]->digest_len == in_len) {
            *md = by_len[i];
            memcpy(dgst, in, in_len);
            *dgst_len = in_len;
            return 0;
        }
    app_error("pkeyutl", "the input is %zu bytes, not a digest (20, 28, 32, 48 or 64 bytes): "
                         "sign a message with -rawin, or with brisk dgst -sign",
              in_len);
    return -1;
}

/* eddsa signs the message in[0..in_len-1] into out (*out_len set), or
 * verifies sig against it: 0, BRISK_EVERIFY, or another error. */
static int eddsa(const pkeyutl_args *a, const brisk_curve_key *c, int ed448, const uint8_t *in,
                 size_t in_len, const uint8_t *sig, size_t sig_len, uint8_t *out,
                 size_t *out_len)
{
    size_t len = ed448 ? 114 : 64;

    if (a->op == OPT_SIGN) {
        *out_len = len;
        return ed448 ? brisk_ed448_sign(out, in, in_len, NULL, 0, c->priv, c->pub)
                     : brisk_ed25519_sign(out, in, in_len, c->priv, c->pub);
    }
    if (sig_len != len)
        return BRISK_EVERIFY;
    return ed448 ? brisk_ed448_verify(sig, in, in_len, NULL, 0, c->pub)
                 : brisk_ed25519_verify(sig, in, in_len, c->pub);
}

/* sign_or_verify signs the input, or verifies it against -sigfile. */
static int sign_or_verify(const pkeyutl_args *a, const brisk_pkey *key)
{
    const brisk_curve_key *c = &key->u.curve;
    brisk_ec_curve curve = (brisk_ec_curve)c->curve;
    uint8_t *in = NULL, *sig = NULL, dgst[64], out[BRISK_EC_MAX_SIG_LEN];
    size_t in_len = 0, sig_len = 0, dgst_len = 0, out_len = sizeof(out);
    const brisk_digest *md = NULL;
    int ed = key->type == BRISK_PKEY_ED25519 || key->type == BRISK_PKEY_ED448;
    int ret = 1, err;

    if (key->type != BRISK_PKEY_EC && !ed) {
        app_error("pkeyutl", "%s keys cannot -%s%s", brisk_pkey_type_name(key),
                  a->op == OPT_SIGN ? "sign" : "verify",
                  key->type == BRISK_PKEY_RSA || key->type == BRISK_PKEY_DSA
                      ? " here (use brisk dgst)" : "");
        return 1;
    }
    if (ed && !a->rawin) {
        app_error("pkeyutl", "%s signs the message itself: add -rawin",
                  brisk_pkey_type_name(key));
        return 1;
    }
    if (ed && a->digest != NULL) {
        app_error("pkeyutl", "%s hashes the message itself: drop -digest",
                  brisk_pkey_type_name(key));
        return 1;
    }
    if (read_file("pkeyutl", a->in, MAX_INPUT, &in, &in_len) != 0)
        return 1;
    if (a->op == OPT_VERIFY && read_file("pkeyutl", a->sigfile, 4096, &sig, &sig_len) != 0)
        goto done;
    if (ed)
        err = eddsa(a, c, key->type == BRISK_PKEY_ED448, in, in_len, sig, sig_len, out,
                    &out_len);
    else if (ecdsa_digest(a, in, in_len, dgst, &dgst_len, &md) != 0)
        goto done;
    else if (a->op == OPT_SIGN)
        err = brisk_ecdsa_sign(curve, c->priv, out, &out_len, md, dgst, dgst_len);
    else
        err = brisk_ecdsa_verify(curve, c->pub, c->pub_len, sig, sig_len, dgst, dgst_len);
    if (a->op == OPT_SIGN) {
        if (err != BRISK_EOK)
            app_error("pkeyutl", "cannot sign: %s", brisk_strerror(err));
        else if (write_file("pkeyutl", a->out, out, out_len, 0) == 0)
            ret = 0;
    } else if (err == BRISK_EOK) {
        static const char okay[] = "Signature Verified Successfully\n";
        ret = write_file("pkeyutl", a->out, okay, sizeof(okay) - 1, 0) == 0 ? 0 : 1;
    } else {
        static const char bad[] = "Signature Verification Failure\n";
        write_file("pkeyutl", a->out, bad, sizeof(bad) - 1, 0);
    }
done:
    free(in);
    free(sig);
    brisk_wipe(dgst, sizeof(dgst));
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
        if (key->type != BRISK_PKEY_X25519 && key->type != BRISK_PKEY_X448 &&
            key->type != BRISK_PKEY_EC) {
            app_error("pkeyutl", "%s keys cannot derive a shared secret (X25519, X448 and EC "
                                 "keys can)",
                      type);
            return 1;
        }
        return derive(a, key, peer);
    }
    return sign_or_verify(a, key);
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
        case OPT_DIGEST: a->digest = o.value; break;
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
    if (a->digest != NULL && !a->rawin) {
        app_error("pkeyutl", "-digest needs -rawin (without it the input is the digest)");
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
