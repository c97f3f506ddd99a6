/*
 * apps/pkeyutl.c - `brisk pkeyutl -derive|-sign|-verify|-verifyrecover|
 * -encrypt|-decrypt -inkey FILE
 * [-keyform PEM|DER] [-passin SRC] [-pubin] [-peerkey FILE] [-peerform
 * PEM|DER] [-in FILE] [-out FILE] [-sigfile FILE] [-rawin] [-digest ALG]
 * [-pkeyopt OPT:VALUE]... [-hexdump]`: the public-key operations of
 * OpenSSL 3.0's `openssl pkeyutl`.
 * - -derive: the shared secret of the private key -inkey and the peer's
 *   key -peerkey (public, or private: its public half is used), raw bytes:
 *   X25519, X448, EC (ECDH's x-coordinate) and DH (RFC 7919 groups;
 *   without leading zero bytes, as openssl 3.0 writes it, or in p's length
 *   with -pkeyopt dh_pad:1).
 * - -sign and -verify: the signature of the input; -verify reads it from
 *   -sigfile and prints "Signature Verified Successfully" (exit 0) or
 *   "Signature Verification Failure" (exit 1), as openssl does.  ECDSA and
 *   DSA (DER signatures) sign the input as a digest, as openssl does: of
 *   -pkeyopt digest:ALG's length, or without it 20, 28, 32, 48 or 64
 *   bytes, whose length names the hash for RFC 6979's nonce.  RSA signs
 *   with PKCS#1 v1.5 (RFC 8017 8.2) the input as a digest of -pkeyopt
 *   digest:ALG, in its DigestInfo, or without a digest the input itself in
 *   the type 1 block, no DigestInfo (OpenSSL's RSA_PKCS1_PADDING with no
 *   digest); -pkeyopt rsa_padding_mode:pss signs with RSASSA-PSS (RFC 8017
 *   8.1; rsa_pss_saltlen and rsa_mgf1_md as dgst -sigopt takes them),
 *   which needs the digest.  With -rawin the input is the message, hashed
 *   with -digest (default sha256).  Ed25519 and Ed448 sign the message
 *   itself and, as in openssl 3.0, need -rawin to say so; OpenSSL 3.2's
 *   -pkeyopt instance:Ed25519|Ed25519ctx|Ed25519ph|Ed448|Ed448ph picks
 *   RFC 8032's variant (default pure Ed25519 or Ed448) and -pkeyopt
 *   context-string:STRING or hexcontext-string:HEX its context (1 to 255
 *   bytes for Ed25519ctx, up to 255 for the others, none for Ed25519).
 *   Ed25519ph and Ed448ph without -rawin take the input as the message's
 *   64-byte pre-hash (SHA-512, or SHAKE256 to 64 bytes), as OpenSSL 3.5's
 *   pkeyutl does: the digest, as for the other algorithms.
 * - -encrypt and -decrypt (RSA): RSAES-PKCS1-v1_5 by default, as openssl;
 *   -pkeyopt rsa_padding_mode:oaep for RSAES-OAEP (rsa_oaep_md:ALG, default
 *   sha1, rsa_mgf1_md:ALG, default the OAEP digest, rsa_oaep_label:HEX), or
 *   none (the input is the block itself, the key's length).  A ciphertext
 *   that does not decrypt is one error, whatever the reason.
 * - -verifyrecover (RSA): what a PKCS#1 v1.5 signature (-in) holds: the
 *   digest of -pkeyopt digest:ALG (its DigestInfo checked), else the whole
 *   payload; with rsa_padding_mode:none the raw block.
 * - rsa_padding_mode:none also signs (the input is the block, the key's
 *   length) and verifies (the signature must open to the input).
 * - -hexdump writes what -sign and -derive output as OpenSSL's BIO_dump
 *   does (crypto/bio/bio_dump.c: offset, 16 bytes in hex, their ASCII).
 * The input is read whole from -in (default stdin), at most 256 MiB.
 * Not constant-time code of its own: it calls the library's.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <brisk/digest.h>
#include <brisk/ec.h>
#include <brisk/ed25519.h>
#include <brisk/ed448.h>
#include <brisk/pkey.h>
#include <brisk/rsa.h>

#include "apps.h"

enum { OPT_IN = 2, OPT_OUT, OPT_INKEY, OPT_KEYFORM, OPT_PASSIN, OPT_PUBIN, OPT_PEERKEY,
       OPT_PEERFORM, OPT_SIGFILE, OPT_DERIVE, OPT_SIGN, OPT_VERIFY, OPT_VERIFYRECOVER,
       OPT_ENCRYPT, OPT_DECRYPT, OPT_RAWIN, OPT_DIGEST, OPT_PKEYOPT, OPT_HEXDUMP };

/* The RSA padding of -pkeyopt rsa_padding_mode (PAD_DEFAULT: none given). */
enum { PAD_DEFAULT, PAD_PKCS1, PAD_PSS, PAD_OAEP, PAD_NONE };

const app_option pkeyutl_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"derive", OPT_DERIVE, ARG_NONE, 0, 0, NULL, "Derive a shared secret with -peerkey"},
    {"sign", OPT_SIGN, ARG_NONE, 0, 0, NULL, "Sign the input with the private key"},
    {"verify", OPT_VERIFY, ARG_NONE, 0, 0, NULL, "Verify the input against -sigfile"},
    {"verifyrecover", OPT_VERIFYRECOVER, ARG_NONE, 0, 0, NULL,
     "Write what the RSA signature (the input) holds"},
    {"encrypt", OPT_ENCRYPT, ARG_NONE, 0, 0, NULL, "Encrypt the input with the (RSA) key"},
    {"decrypt", OPT_DECRYPT, ARG_NONE, 0, 0, NULL, "Decrypt the input with the private key"},
    {"inkey", OPT_INKEY, ARG_STRING, 0, 0, "FILE", "The key"},
    {"keyform", OPT_KEYFORM, ARG_STRING, 0, 0, "PEM|DER", "The key's format (default: either)"},
    {"passin", OPT_PASSIN, ARG_STRING, 0, 0, "SRC",
     "The key's password source: pass:X, env:VAR, file:PATH, fd:N, stdin"},
    {"pubin", OPT_PUBIN, ARG_NONE, 0, 0, NULL, "-inkey is a public key"},
    {"peerkey", OPT_PEERKEY, ARG_STRING, 0, 0, "FILE", "The peer's key, for -derive"},
    {"peerform", OPT_PEERFORM, ARG_STRING, 0, 0, "PEM|DER",
     "The peer key's format (default: either)"},
    {"in", OPT_IN, ARG_STRING, 0, 0, "FILE", "The input (default stdin)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output file (default stdout)"},
    {"sigfile", OPT_SIGFILE, ARG_STRING, 0, 0, "FILE", "The signature, for -verify"},
    {"rawin", OPT_RAWIN, ARG_NONE, 0, 0, NULL,
     "The input is the message itself, not its digest (EdDSA needs it, but for "
     "Ed25519ph and Ed448ph, which take the 64-byte digest without it)"},
    {"digest", OPT_DIGEST, ARG_STRING, 0, 0, "ALG",
     "With -rawin (ECDSA, RSA, DSA): the message's hash (default sha256)"},
    {"pkeyopt", OPT_PKEYOPT, ARG_STRING, 0, 0, "OPT:VALUE",
     "digest:ALG (the input is such a digest), rsa_padding_mode:pkcs1|pss|oaep|none, "
     "rsa_pss_saltlen:N|digest|max|auto|-1|-2|-3, rsa_mgf1_md:ALG, rsa_oaep_md:ALG, "
     "rsa_oaep_label:HEX; EdDSA: instance:Ed25519|Ed25519ctx|Ed25519ph|Ed448|Ed448ph, "
     "context-string:STRING, hexcontext-string:HEX; DH: dh_pad:0|1"},
    {"hexdump", OPT_HEXDUMP, ARG_NONE, 0, 0, NULL, "Hex dump the output"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

#define MAX_INPUT ((size_t)256 << 20)

typedef struct pkeyutl_args {
    const char *in, *out, *inkey, *passin, *peerkey, *sigfile, *digest;
    int keyform, peerform, pubin, rawin, hexdump;
    int op; /* OPT_DERIVE, OPT_SIGN, OPT_VERIFY, OPT_VERIFYRECOVER, OPT_ENCRYPT, OPT_DECRYPT */
    const brisk_digest *md; /* -pkeyopt digest:ALG: the input is such a digest */
    const char *pkeyopt;    /* the first -pkeyopt but dh_pad, for messages */
    sig_job sig;            /* -pkeyopt rsa_*: padding, PSS salt and MGF1 */
    int padding;            /* rsa_padding_mode: PAD_* */
    const brisk_digest *oaep_md; /* rsa_oaep_md */
    const char *oaep_opt;   /* the first rsa_oaep_* option, for messages */
    uint8_t *label;         /* rsa_oaep_label, decoded */
    size_t label_len;
    int instance;           /* -pkeyopt instance: an ED_* (0: the key's pure one) */
    const char *ed_opt;     /* the first -pkeyopt instance or context, for messages */
    int has_context;        /* -pkeyopt context-string or hexcontext-string given */
    const char *dh_opt;     /* -pkeyopt dh_pad, for messages */
    int dh_pad;             /* -pkeyopt dh_pad:1: DH secrets in p's length */
    size_t context_len;
    uint8_t context[255];
} pkeyutl_args;

/* op_name is the option of an operation, for messages. */
static const char *op_name(int op)
{
    switch (op) {
    case OPT_DERIVE: return "-derive";
    case OPT_SIGN: return "-sign";
    case OPT_VERIFY: return "-verify";
    case OPT_VERIFYRECOVER: return "-verifyrecover";
    case OPT_ENCRYPT: return "-encrypt";
    default: return "-decrypt";
    }
}

/* RFC 8032's EdDSA instances, by OpenSSL 3.2's names for them. */
enum { ED_NONE, ED_25519, ED_25519CTX, ED_25519PH, ED_448, ED_448PH };
static const struct {
    const char *name;
    int ed448;
} ed_instances[] = {
    [ED_25519] = {"Ed25519", 0}, [ED_25519CTX] = {"Ed25519ctx", 0},
    [ED_25519PH] = {"Ed25519ph", 0}, [ED_448] = {"Ed448", 1}, [ED_448PH] = {"Ed448ph", 1},
};

#define HEXDUMP_ROW 74 /* "0000 - " 48 hex columns, 2 spaces, 16 ASCII, '\n' */

/* hexdump writes p[0..len-1] to text as OpenSSL's BIO_dump does (its
 * crypto/bio/bio_dump.c, no indent): rows of 16 bytes, "%04x - ", each
 * byte "%02x" and a space ('-' after the eighth), a short last row padded
 * with spaces, two spaces and the bytes as ASCII ('.' outside ' '..'~').
 * text holds HEXDUMP_ROW bytes a row; returns the length written. */
static size_t hexdump(char *text, const uint8_t *p, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    char *t = text;

    for (size_t row = 0; row < len; row += 16) {
        for (int shift = 12; shift >= 0; shift -= 4)
            *t++ = hex[(row >> shift) & 15];
        memcpy(t, " - ", 3);
        t += 3;
        for (size_t j = 0; j < 16; j++) {
            if (row + j < len) {
                *t++ = hex[p[row + j] >> 4];
                *t++ = hex[p[row + j] & 15];
                *t++ = j == 7 ? '-' : ' ';
            } else {
                memcpy(t, "   ", 3);
                t += 3;
            }
        }
        *t++ = ' ';
        *t++ = ' ';
        for (size_t j = 0; j < 16 && row + j < len; j++)
            *t++ = p[row + j] >= ' ' && p[row + j] <= '~' ? (char)p[row + j] : '.';
        *t++ = '\n';
    }
    return (size_t)(t - text);
}

/* emit writes an output (a signature, or a shared secret: `secret`) to
 * -out or stdout, raw or with -hexdump as openssl does; 0, or 1 after
 * reporting. */
static int emit(const pkeyutl_args *a, const uint8_t *p, size_t len, int secret)
{
    size_t size = (len + 15) / 16 * HEXDUMP_ROW, text_len;
    char *text;
    int ret;

    if (!a->hexdump)
        return write_file("pkeyutl", a->out, p, len, secret) == 0 ? 0 : 1;
    text = malloc(size + 1);
    if (text == NULL) {
        app_error("pkeyutl", "out of memory");
        return 1;
    }
    text_len = hexdump(text, p, len);
    ret = write_file("pkeyutl", a->out, text, text_len, secret) == 0 ? 0 : 1;
    brisk_wipe(text, size);
    free(text);
    return ret;
}

/* derive_kind names a key's type with its article for messages, and the
 * curve of an EC key ("an EC key on P-384"). */
static const char *derive_kind(const brisk_pkey *k)
{
    static char buf[2][64];
    static int next;
    const char *type = brisk_pkey_type_name(k);
    char *b = buf[next++ & 1];

    if (k->type == BRISK_PKEY_EC)
        snprintf(b, sizeof(buf[0]), "an EC key on %s",
                 brisk_ec_curve_name((brisk_ec_curve)k->u.curve.curve));
    else if (k->type == BRISK_PKEY_DH)
        snprintf(b, sizeof(buf[0]), "a DH key in %s", k->u.dh.group->name);
    else   /* RSA, DSA, X25519, X448, ED25519, ED448, said letter by letter */
        snprintf(b, sizeof(buf[0]), "%s %s key", strchr("AEIORX", type[0]) ? "an" : "a", type);
    return b;
}

/* same_group says whether two keys of one type are on one curve or in one
 * DH group. */
static int same_group(const brisk_pkey *k, const brisk_pkey *peer)
{
    if (k->type == BRISK_PKEY_DH)
        return k->u.dh.group == peer->u.dh.group;
    return k->u.curve.curve == peer->u.curve.curve;
}

static int derive(const pkeyutl_args *a, const brisk_pkey *key, brisk_pkey *peer)
{
    uint8_t secret[BRISK_DH_MAX_BYTES];
    size_t len = sizeof(secret), skip = 0;
    int err, ret = 1;

    if (load_key("pkeyutl", a->peerkey, a->peerform, peer) != 0)
        return 1;
    if (peer->type != key->type || !same_group(key, peer)) {
        app_error("pkeyutl", "the peer key is %s, the key %s: they must be of one type%s",
                  derive_kind(peer), derive_kind(key),
                  peer->type != key->type   ? ""
                  : key->type == BRISK_PKEY_DH ? " and group"
                                              : " and curve");
        return 1;
    }
    err = brisk_pkey_derive(secret, &len, key, peer);
    /* openssl 3.0's DH derive drops the secret's leading zero bytes unless
     * dh_pad is set (DH_compute_key against DH_compute_key_padded) */
    while (err == BRISK_EOK && key->type == BRISK_PKEY_DH && !a->dh_pad && skip + 1 < len &&
           secret[skip] == 0)
        skip++;
    if (err == BRISK_EPUBKEY)
        app_error("pkeyutl", "the peer's public key gives no shared secret (%s)",
                  key->type == BRISK_PKEY_DH ? "a value outside the group"
                                             : "a low-order or invalid point");
    else if (err != BRISK_EOK)
        app_error("pkeyutl", "cannot derive: %s", brisk_strerror(err));
    else if (emit(a, secret + skip, len - skip, 1) == 0)
        ret = 0;
    brisk_wipe(secret, sizeof(secret));
    return ret;
}

/* input_digest sets *dgst to what ECDSA, DSA and RSA with a digest sign:
 * the input itself (a digest: -pkeyopt digest:ALG's length, or without it
 * ECDSA and DSA name the hash by the length) or, with -rawin, its hash
 * with -digest's algorithm.  RSA without a digest sets *md to NULL (the
 * input is padded as it is).  0, or -1 after reporting. */
static int input_digest(const pkeyutl_args *a, const brisk_pkey *key, const uint8_t *in,
                        size_t in_len, uint8_t dgst[64], size_t *dgst_len,
                        const brisk_digest **md)
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
    if (a->md != NULL) {
        if (in_len != a->md->digest_len) {
            app_error("pkeyutl", "the input is %zu bytes, not a %s digest (%zu bytes)", in_len,
                      a->md->name, a->md->digest_len);
            return -1;
        }
        *md = a->md;
        memcpy(dgst, in, in_len);
        *dgst_len = in_len;
        return 0;
    }
    if (key->type == BRISK_PKEY_RSA) {
        *md = NULL;
        *dgst_len = 0;
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

/* ed_instance returns -pkeyopt instance's ED_*, or the pure one of the key
 * (ed448 or not) without it. */
static int ed_instance(const pkeyutl_args *a, int ed448)
{
    if (a->instance != ED_NONE)
        return a->instance;
    return ed448 ? ED_448 : ED_25519;
}

/* eddsa_check refuses a -pkeyopt instance or context that does not fit
 * the key: 0, or -1 after reporting. */
static int eddsa_check(const pkeyutl_args *a, const brisk_pkey *key)
{
    int ed448 = key->type == BRISK_PKEY_ED448;
    int inst = ed_instance(a, ed448);

    if (key->type != BRISK_PKEY_ED25519 && !ed448) {
        app_error("pkeyutl", "-pkeyopt %s needs an Ed25519 or Ed448 key; '%s' holds a %s key",
                  a->ed_opt, a->inkey, brisk_pkey_type_name(key));
        return -1;
    }
    if (ed_instances[inst].ed448 != ed448) {
        app_error("pkeyutl", "instance %s needs an %s key; '%s' holds an %s key",
                  ed_instances[inst].name, ed448 ? "Ed25519" : "Ed448", a->inkey,
                  brisk_pkey_type_name(key));
        return -1;
    }
    if (inst == ED_25519 && a->has_context) {
        app_error("pkeyutl", "pure Ed25519 takes no context: add -pkeyopt instance:Ed25519ctx "
                             "(or Ed25519ph)");
        return -1;
    }
    if (inst == ED_25519CTX && a->context_len == 0) {
        app_error("pkeyutl", "Ed25519ctx needs a context of 1 to 255 bytes (RFC 8032 5.1): add "
                             "-pkeyopt context-string:STRING");
        return -1;
    }
    return 0;
}

/* ed_prehash is 1 when the input is EdDSA's pre-hash, PH(M): Ed25519ph
 * or Ed448ph without -rawin. */
static int ed_prehash(const pkeyutl_args *a, int ed448)
{
    int inst = ed_instance(a, ed448);

    return !a->rawin && (inst == ED_25519PH || inst == ED_448PH);
}

/* eddsa_digest signs the pre-hash in[0..in_len-1] (64 bytes, the length
 * checked by the library) with Ed25519ph or Ed448ph into out, or verifies
 * sig against it: 0, BRISK_EVERIFY, or another error. */
static int eddsa_digest(const pkeyutl_args *a, const brisk_curve_key *c, int ed448,
                        const uint8_t *in, size_t in_len, const uint8_t *sig, uint8_t *out)
{
    const uint8_t *ctx = a->context;
    size_t ctx_len = a->context_len;

    if (a->op == OPT_SIGN)
        return ed448 ? brisk_ed448ph_sign_digest(out, in, in_len, ctx, ctx_len, c->priv, c->pub)
                     : brisk_ed25519ph_sign_digest(out, in, in_len, ctx, ctx_len, c->priv,
                                                   c->pub);
    return ed448 ? brisk_ed448ph_verify_digest(sig, in, in_len, ctx, ctx_len, c->pub)
                 : brisk_ed25519ph_verify_digest(sig, in, in_len, ctx, ctx_len, c->pub);
}

/* eddsa signs the message in[0..in_len-1] (for ph without -rawin its
 * pre-hash) into out (*out_len set), or verifies sig against it, with
 * -pkeyopt's instance and context: 0, BRISK_EVERIFY, or another error. */
static int eddsa(const pkeyutl_args *a, const brisk_curve_key *c, int ed448, const uint8_t *in,
                 size_t in_len, const uint8_t *sig, size_t sig_len, uint8_t *out,
                 size_t *out_len)
{
    int inst = ed_instance(a, ed448);
    const uint8_t *ctx = a->context;
    size_t ctx_len = a->context_len, len = ed448 ? 114 : 64;

    if (a->op == OPT_SIGN)
        *out_len = len;
    else if (sig_len != len)
        return BRISK_EVERIFY;
    if (ed_prehash(a, ed448))
        return eddsa_digest(a, c, ed448, in, in_len, sig, out);
    if (a->op == OPT_SIGN) {
        const uint8_t *priv = c->priv, *pub = c->pub;
        switch (inst) {
        case ED_25519CTX: return brisk_ed25519ctx_sign(out, in, in_len, ctx, ctx_len, priv, pub);
        case ED_25519PH: return brisk_ed25519ph_sign(out, in, in_len, ctx, ctx_len, priv, pub);
        case ED_448: return brisk_ed448_sign(out, in, in_len, ctx, ctx_len, priv, pub);
        case ED_448PH: return brisk_ed448ph_sign(out, in, in_len, ctx, ctx_len, priv, pub);
        default: return brisk_ed25519_sign(out, in, in_len, priv, pub);
        }
    }
    switch (inst) {
    case ED_25519CTX: return brisk_ed25519ctx_verify(sig, in, in_len, ctx, ctx_len, c->pub);
    case ED_25519PH: return brisk_ed25519ph_verify(sig, in, in_len, ctx, ctx_len, c->pub);
    case ED_448: return brisk_ed448_verify(sig, in, in_len, ctx, ctx_len, c->pub);
    case ED_448PH: return brisk_ed448ph_verify(sig, in, in_len, ctx, ctx_len, c->pub);
    default: return brisk_ed25519_verify(sig, in, in_len, c->pub);
    }
}

/* rsa_raw_block writes PKCS#1 v1.5's signature block (RFC 8017 9.2 step
 * 5, without a DigestInfo, as OpenSSL's RSA_PKCS1_PADDING with no digest
 * set): 00 01 FF..FF 00 || in, k bytes; 0, or -1 if in is too long. */
static int rsa_raw_block(uint8_t *em, size_t k, const uint8_t *in, size_t in_len)
{
    if (in_len + 11 > k)
        return -1;
    em[0] = 0;
    em[1] = 1;
    memset(em + 2, 0xff, k - in_len - 3);
    em[k - in_len - 1] = 0;
    memcpy(em + k - in_len, in, in_len);
    return 0;
}

/* rsa_op signs or verifies with an RSA key: PKCS#1 v1.5 with md's
 * DigestInfo or PSS, or with no digest (md NULL) the block em that
 * rsa_raw_block made: signed as it is, or compared with what the
 * signature opens to.  0, BRISK_EVERIFY, or another error. */
static int rsa_op(const pkeyutl_args *a, brisk_rsa_key *key, const brisk_digest *md,
                  const uint8_t *em, const uint8_t *dgst, size_t dgst_len, const uint8_t *sig,
                  size_t sig_len, uint8_t *out, size_t *out_len)
{
    size_t k = brisk_rsa_size(key);
    uint8_t got[BRISK_RSA_MAX_BYTES];
    sig_job v = a->sig;
    int err;

    if (a->op == OPT_SIGN) {
        *out_len = k;
        if (md == NULL)
            return brisk_rsa_private_op(key, out, em, k);
        return v.pss ? brisk_rsa_sign_pss(key, out, k, md, v.mgf1, sig_pss_salt(&v, key, md),
                                          dgst, dgst_len)
                     : brisk_rsa_sign_pkcs1(key, out, k, md, dgst, dgst_len);
    }
    if (sig_len != k)
        return BRISK_EVERIFY;
    v.verify = 1;
    if (md != NULL)
        return v.pss ? brisk_rsa_verify_pss(key, sig, sig_len, md, v.mgf1,
                                            sig_pss_salt(&v, key, md), dgst, dgst_len)
                     : brisk_rsa_verify_pkcs1(key, sig, sig_len, md, dgst, dgst_len);
    err = brisk_rsa_public_op(key, got, sig, sig_len);
    if (err == BRISK_EINVAL)   /* a signature not below n */
        return BRISK_EVERIFY;
    if (err == BRISK_EOK && memcmp(got, em, k) != 0)
        err = BRISK_EVERIFY;
    return err;
}

/* sign_or_verify signs the input, or verifies it against -sigfile. */
static int sign_or_verify(const pkeyutl_args *a, brisk_pkey *key)
{
    const brisk_curve_key *c = &key->u.curve;
    uint8_t *in = NULL, *sig = NULL, dgst[64], out[BRISK_RSA_MAX_BYTES];
    size_t in_len = 0, sig_len = 0, dgst_len = 0, out_len = sizeof(out);
    const brisk_digest *md = NULL;
    int ed = key->type == BRISK_PKEY_ED25519 || key->type == BRISK_PKEY_ED448;
    int ret = 1, err = BRISK_EOK;

    if (key->type != BRISK_PKEY_EC && key->type != BRISK_PKEY_RSA &&
        key->type != BRISK_PKEY_DSA && !ed) {
        app_error("pkeyutl", "%s keys cannot -%s (they derive: use -derive)",
                  brisk_pkey_type_name(key), a->op == OPT_SIGN ? "sign" : "verify");
        return 1;
    }
    if (a->ed_opt != NULL && eddsa_check(a, key) != 0)
        return 1;
    if (ed && (a->digest != NULL || a->md != NULL)) {
        app_error("pkeyutl", "%s hashes the message itself: drop %s", brisk_pkey_type_name(key),
                  a->digest != NULL ? "-digest" : "-pkeyopt digest");
        return 1;
    }
    int ed448 = key->type == BRISK_PKEY_ED448;
    if (ed && !a->rawin && !ed_prehash(a, ed448)) {
        app_error("pkeyutl", "%s signs the message itself: add -rawin",
                  brisk_pkey_type_name(key));
        return 1;
    }
    if (key->type == BRISK_PKEY_RSA && a->padding == PAD_NONE && (a->md != NULL || a->rawin)) {
        app_error("pkeyutl", "rsa_padding_mode:none %ss the input as it is: drop %s",
                  a->op == OPT_SIGN ? "sign" : "verifie", a->rawin ? "-rawin" : "-pkeyopt digest");
        return 1;
    }
    if (key->type == BRISK_PKEY_RSA && a->sig.pss && a->md == NULL && !a->rawin) {
        app_error("pkeyutl", "rsa_padding_mode:pss needs the input's digest: add -pkeyopt "
                             "digest:ALG (or -rawin to hash the input)");
        return 1;
    }
    if (read_file("pkeyutl", a->in, MAX_INPUT, &in, &in_len) != 0)
        return 1;
    if (a->op == OPT_VERIFY &&
        read_file("pkeyutl", a->sigfile, 2 * BRISK_RSA_MAX_BYTES, &sig, &sig_len) != 0)
        goto done;
    if (!ed && input_digest(a, key, in, in_len, dgst, &dgst_len, &md) != 0)
        goto done;
    if (ed && ed_prehash(a, ed448) && in_len != 64) {
        app_error("pkeyutl", "the input is %zu bytes: %s without -rawin takes the 64-byte %s "
                             "of the message (add -rawin to give the message itself)",
                  in_len, ed448 ? "Ed448ph" : "Ed25519ph", ed448 ? "SHAKE256" : "SHA-512");
        goto done;
    }
    if (key->type == BRISK_PKEY_RSA && md != NULL && !a->sig.pss &&
        brisk_rsa_pkcs1_min_size(md) == 0) {
        app_error("pkeyutl", "RSA PKCS#1 v1.5 has no DigestInfo for %s in brisk (PSS takes it)",
                  md->name);
        goto done;
    }
    if (key->type == BRISK_PKEY_RSA && md != NULL && !a->sig.pss &&
        brisk_rsa_size(&key->u.rsa) < brisk_rsa_pkcs1_min_size(md)) {
        app_error("pkeyutl", "the key is too small for RSA PKCS#1 v1.5 with %s (it needs %zu "
                             "bytes; this one has %zu)",
                  md->name, brisk_rsa_pkcs1_min_size(md), brisk_rsa_size(&key->u.rsa));
        goto done;
    }
    if (key->type == BRISK_PKEY_RSA && a->padding == PAD_NONE) {
        if (in_len != brisk_rsa_size(&key->u.rsa)) {
            app_error("pkeyutl", "the input is %zu bytes; with rsa_padding_mode:none it must be "
                                 "the key's length, %zu",
                      in_len, brisk_rsa_size(&key->u.rsa));
            goto done;
        }
        memcpy(out, in, in_len);   /* the block itself, to sign or to compare with */
    } else if (key->type == BRISK_PKEY_RSA && md == NULL &&
        rsa_raw_block(out, brisk_rsa_size(&key->u.rsa), in, in_len) != 0) {
        app_error("pkeyutl", "the input is %zu bytes; without a digest this key signs at most "
                             "%zu (give -pkeyopt digest:ALG for a digest, -rawin for a message)",
                  in_len, brisk_rsa_size(&key->u.rsa) - 11);
        goto done;
    }
    if (ed) {
        err = eddsa(a, c, ed448, in, in_len, sig, sig_len, out, &out_len);
    } else if (key->type == BRISK_PKEY_RSA) {
        uint8_t em[BRISK_RSA_MAX_BYTES];
        if (md == NULL)   /* the block rsa_raw_block wrote, to sign or to compare with */
            memcpy(em, out, brisk_rsa_size(&key->u.rsa));
        err = rsa_op(a, &key->u.rsa, md, em, dgst, dgst_len, sig, sig_len, out, &out_len);
        brisk_wipe(em, sizeof(em));
    } else if (key->type == BRISK_PKEY_DSA) {
        err = a->op == OPT_SIGN
                  ? brisk_dsa_sign(&key->u.dsa, out, &out_len, md, dgst, dgst_len)
                  : brisk_dsa_verify(&key->u.dsa, sig, sig_len, dgst, dgst_len);
    } else if (a->op == OPT_SIGN) {
        err = brisk_ecdsa_sign((brisk_ec_curve)c->curve, c->priv, out, &out_len, md, dgst,
                               dgst_len);
    } else {
        err = brisk_ecdsa_verify((brisk_ec_curve)c->curve, c->pub, c->pub_len, sig, sig_len,
                                 dgst, dgst_len);
    }
    if (a->op == OPT_SIGN) {
        if (err == BRISK_EINVAL && a->padding == PAD_NONE)
            app_error("pkeyutl", "cannot sign: with rsa_padding_mode:none the input must be a "
                                 "number below the modulus");
        else if (err != BRISK_EOK)
            app_error("pkeyutl", "cannot sign: %s", brisk_strerror(err));
        else if (emit(a, out, out_len, 0) == 0)
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
    brisk_wipe(out, sizeof(out));
    return ret;
}

/* crypt_len checks the input's length for -encrypt with the padding;
 * 0, or -1 after reporting. */
static int crypt_len(const pkeyutl_args *a, size_t k, size_t in_len)
{
    const brisk_digest *md = a->oaep_md != NULL ? a->oaep_md : &brisk_digest_sha1;
    size_t max = a->padding == PAD_OAEP ? (k >= 2 * md->digest_len + 2
                                               ? k - 2 * md->digest_len - 2 : 0)
                 : a->padding == PAD_NONE ? k
                                          : k - 11;

    if (a->padding == PAD_OAEP && k < 2 * md->digest_len + 2) {
        app_error("pkeyutl", "the key is too small for OAEP with %s (it needs %zu bytes; this "
                             "one has %zu)",
                  md->name, 2 * md->digest_len + 2, k);
        return -1;
    }
    if (a->padding == PAD_NONE && in_len != k) {
        app_error("pkeyutl", "the input is %zu bytes; with rsa_padding_mode:none it must be "
                             "the key's length, %zu",
                  in_len, k);
        return -1;
    }
    if (in_len > max) {
        app_error("pkeyutl", "the input is %zu bytes; this key encrypts at most %zu with %s",
                  in_len, max, a->padding == PAD_OAEP ? "OAEP" : "PKCS#1 v1.5");
        return -1;
    }
    return 0;
}

/* crypt runs -encrypt, -decrypt or -verifyrecover with an RSA key. */
static int crypt(const pkeyutl_args *a, brisk_rsa_key *key)
{
    const brisk_digest *md = a->oaep_md != NULL ? a->oaep_md : &brisk_digest_sha1;
    const brisk_digest *mgf1 = a->sig.mgf1 != NULL ? a->sig.mgf1 : md;
    uint8_t *in = NULL, out[BRISK_RSA_MAX_BYTES];
    size_t in_len = 0, out_len = sizeof(out), k = brisk_rsa_size(key);
    int ret = 1, err;

    if (read_file("pkeyutl", a->in, MAX_INPUT, &in, &in_len) != 0)
        return 1;
    if (a->op != OPT_ENCRYPT && in_len != k) {
        app_error("pkeyutl", "the input is %zu bytes; %s it must be the key's length, %zu",
                  in_len, a->op == OPT_DECRYPT ? "a ciphertext of this key" : "a signature",
                  k);
        goto done;
    }
    if (a->op == OPT_ENCRYPT) {
        if (crypt_len(a, k, in_len) != 0)
            goto done;
        out_len = k;
        err = a->padding == PAD_OAEP
                  ? brisk_rsa_encrypt_oaep(key, out, k, md, mgf1, a->label, a->label_len, in,
                                           in_len)
              : a->padding == PAD_NONE ? brisk_rsa_public_op(key, out, in, in_len)
                                       : brisk_rsa_encrypt_pkcs1(key, out, k, in, in_len);
    } else if (a->op == OPT_DECRYPT) {
        err = a->padding == PAD_OAEP
                  ? brisk_rsa_decrypt_oaep(key, out, &out_len, md, mgf1, a->label, a->label_len,
                                           in, in_len)
              : a->padding == PAD_NONE
                  ? brisk_rsa_private_op(key, out, in, in_len)
                  : brisk_rsa_decrypt_pkcs1(key, out, &out_len, in, in_len);
        if (a->padding == PAD_NONE)
            out_len = k;
    } else if (a->padding == PAD_NONE) {
        err = brisk_rsa_public_op(key, out, in, in_len);
        out_len = k;
    } else {
        err = brisk_rsa_recover_pkcs1(key, out, &out_len, a->md, in, in_len);
    }
    if (err == BRISK_EOK)
        ret = emit(a, out, out_len, a->op == OPT_DECRYPT);
    else if (err == BRISK_EINVAL && a->padding == PAD_NONE)
        app_error("pkeyutl", "cannot %s: with rsa_padding_mode:none the input must be a number "
                             "below the modulus",
                  op_name(a->op) + 1);
    else if (err == BRISK_EINVAL && a->op != OPT_ENCRYPT)
        app_error("pkeyutl", "cannot %s: the input is not below the key's modulus",
                  op_name(a->op) + 1);
    else if (err == BRISK_EDECRYPT)
        app_error("pkeyutl", "cannot decrypt: the input does not decrypt with this key (a "
                             "wrong key or padding%s, or corrupt data)",
                  a->padding == PAD_OAEP ? ", OAEP digest or label" : "");
    else if (err == BRISK_EVERIFY)
        app_error("pkeyutl", "cannot recover: the input is not a PKCS#1 v1.5 signature of this "
                             "key%s",
                  a->md != NULL ? " over that digest" : "");
    else
        app_error("pkeyutl", "cannot %s: %s", op_name(a->op) + 1, brisk_strerror(err));
done:
    free(in);
    brisk_wipe(out, sizeof(out));
    return ret;
}

/* check_rsa_opts checks that the rsa_* options suit the operation; 0, or
 * -1 after reporting. */
static int check_rsa_opts(const pkeyutl_args *a, const brisk_pkey *key)
{
    int crypting = a->op == OPT_ENCRYPT || a->op == OPT_DECRYPT;

    if (a->sig.rsa_opt != NULL && key->type != BRISK_PKEY_RSA) {
        app_error("pkeyutl", "-pkeyopt %s needs an RSA key; '%s' holds a %s key",
                  a->sig.rsa_opt, a->inkey, brisk_pkey_type_name(key));
        return -1;
    }
    if (a->padding == PAD_OAEP && !crypting) {
        app_error("pkeyutl", "rsa_padding_mode:oaep is for -encrypt and -decrypt");
        return -1;
    }
    if (a->padding == PAD_PSS && (crypting || a->op == OPT_VERIFYRECOVER)) {
        app_error("pkeyutl", "rsa_padding_mode:pss is for -sign and -verify");
        return -1;
    }
    if (a->oaep_opt != NULL && a->padding != PAD_OAEP) {
        app_error("pkeyutl", "-pkeyopt %s needs -pkeyopt rsa_padding_mode:oaep", a->oaep_opt);
        return -1;
    }
    if (a->sig.mgf1 != NULL && a->padding != PAD_OAEP && a->padding != PAD_PSS) {
        app_error("pkeyutl", "rsa_mgf1_md is for rsa_padding_mode:pss or oaep");
        return -1;
    }
    if (a->sig.salt != SALT_UNSET && a->padding != PAD_PSS) {
        app_error("pkeyutl", "rsa_pss_saltlen needs rsa_padding_mode:pss");
        return -1;
    }
    if (crypting && a->md != NULL) {
        app_error("pkeyutl", "-pkeyopt digest is for signatures, not %s", op_name(a->op));
        return -1;
    }
    if (a->op == OPT_VERIFYRECOVER && a->md != NULL && a->padding == PAD_NONE) {
        app_error("pkeyutl", "-pkeyopt digest needs rsa_padding_mode:pkcs1 with -verifyrecover");
        return -1;
    }
    if (a->op == OPT_VERIFYRECOVER && a->md != NULL && brisk_rsa_pkcs1_min_size(a->md) == 0) {
        app_error("pkeyutl", "cannot verifyrecover over %s: RSA PKCS#1 v1.5 has no DigestInfo "
                             "for it in brisk",
                  a->md->name);
        return -1;
    }
    return 0;
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
    if ((a->op == OPT_DERIVE || a->op == OPT_SIGN || a->op == OPT_DECRYPT) &&
        !brisk_pkey_has_private(key)) {
        app_error("pkeyutl", "%s needs a private key; '%s' holds a public one", op_name(a->op),
                  a->inkey);
        return 1;
    }
    if (check_rsa_opts(a, key) != 0)
        return 1;
    if (a->dh_opt != NULL && (a->op != OPT_DERIVE || key->type != BRISK_PKEY_DH)) {
        app_error("pkeyutl", "-pkeyopt %s is for -derive with a DH key", a->dh_opt);
        return 1;
    }
    if (a->op == OPT_ENCRYPT || a->op == OPT_DECRYPT || a->op == OPT_VERIFYRECOVER) {
        if (key->type != BRISK_PKEY_RSA) {
            app_error("pkeyutl", "%s keys cannot %s (RSA keys can)", type, op_name(a->op));
            return 1;
        }
        return crypt(a, &key->u.rsa);
    }
    if (a->op == OPT_DERIVE) {
        if (key->type != BRISK_PKEY_X25519 && key->type != BRISK_PKEY_X448 &&
            key->type != BRISK_PKEY_EC && key->type != BRISK_PKEY_DH) {
            app_error("pkeyutl", "%s keys cannot derive a shared secret (X25519, X448, EC "
                                 "and DH keys can)",
                      type);
            return 1;
        }
        return derive(a, key, peer);
    }
    return sign_or_verify(a, key);
}

/* set_ed_opt applies -pkeyopt instance:NAME (OpenSSL 3.2's names, in
 * any case), context-string:STRING or hexcontext-string:HEX; 0, or -1
 * after reporting. */
static int set_ed_opt(pkeyutl_args *a, const char *opt)
{
    const char *value = strchr(opt, ':') + 1;

    if (a->ed_opt == NULL)
        a->ed_opt = opt;
    if (opt[0] == 'i') {
        for (size_t i = ED_25519; i < sizeof(ed_instances) / sizeof(ed_instances[0]); i++)
            if (strcasecmp(value, ed_instances[i].name) == 0) {
                a->instance = (int)i;
                return 0;
            }
        app_error("pkeyutl", "unknown instance '%s' in -pkeyopt %s (Ed25519, Ed25519ctx, "
                             "Ed25519ph, Ed448 and Ed448ph are known)",
                  value, opt);
        return -1;
    }
    a->has_context = 1;
    if (opt[0] == 'c') {
        if (strlen(value) > sizeof(a->context)) {
            app_error("pkeyutl", "the context is %zu bytes; EdDSA takes at most 255",
                      strlen(value));
            return -1;
        }
        a->context_len = strlen(value);
        memcpy(a->context, value, a->context_len);
        return 0;
    }
    long n = hex_parse(a->context, sizeof(a->context), value, 0);
    if (n == HEX_LONG) {
        app_error("pkeyutl", "the context is %zu bytes; EdDSA takes at most 255",
                  strlen(value) / 2);
        return -1;
    }
    if (n < 0) {
        app_error("pkeyutl", "hexcontext-string:%s is not hex (an even number of digits)",
                  value);
        return -1;
    }
    a->context_len = (size_t)n;
    return 0;
}

/* set_pkeyopt applies one -pkeyopt: digest:ALG and dh_pad here, rsa_* as dgst's
 * -sigopt, EdDSA's with set_ed_opt; 0, or -1 after reporting. */
static int set_pkeyopt(pkeyutl_args *a, const char *opt)
{
    if (strncmp(opt, "dh_pad:", 7) == 0) {
        if (strcmp(opt + 7, "0") != 0 && strcmp(opt + 7, "1") != 0) {
            app_error("pkeyutl", "-pkeyopt dh_pad takes 0 or 1, not '%s'", opt + 7);
            return -1;
        }
        a->dh_opt = opt;
        a->dh_pad = opt[7] == '1';
        return 0;
    }
    if (a->pkeyopt == NULL)   /* the first of the others, for -derive's check */
        a->pkeyopt = opt;
    if (strncmp(opt, "digest:", 7) == 0) {
        a->md = brisk_digest_by_name(opt + 7);
        if (a->md == NULL || a->md->digest_len > 64) {
            app_error("pkeyutl", "unknown digest '%s' in -pkeyopt %s", opt + 7, opt);
            return -1;
        }
        return 0;
    }
    if (strncmp(opt, "instance:", 9) == 0 || strncmp(opt, "context-string:", 15) == 0 ||
        strncmp(opt, "hexcontext-string:", 18) == 0)
        return set_ed_opt(a, opt);
    if (strncmp(opt, "rsa_", 4) != 0) {
        app_error("pkeyutl", "unknown -pkeyopt '%s' (digest:ALG, rsa_padding_mode, "
                             "rsa_pss_saltlen, rsa_mgf1_md, rsa_oaep_md, rsa_oaep_label, "
                             "instance, context-string, hexcontext-string and dh_pad are "
                             "known)",
                  opt);
        return -1;
    }
    if (strncmp(opt, "rsa_padding_mode:", 17) == 0) {
        static const char *const modes[] = {"pkcs1", "pss", "oaep", "none"};
        for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
            if (strcmp(opt + 17, modes[i]) == 0)
                a->padding = PAD_PKCS1 + (int)i;
        if (a->padding == PAD_DEFAULT) {
            app_error("pkeyutl", "unknown padding in -pkeyopt %s (pkcs1, pss, oaep or none)",
                      opt);
            return -1;
        }
        a->sig.pss = a->padding == PAD_PSS;
        if (a->sig.rsa_opt == NULL)
            a->sig.rsa_opt = opt;
        return 0;
    }
    if (strncmp(opt, "rsa_oaep_md:", 12) == 0) {
        a->oaep_md = brisk_digest_by_name(opt + 12);
        if (a->oaep_md == NULL) {
            app_error("pkeyutl", "unknown digest '%s' in -pkeyopt %s", opt + 12, opt);
            return -1;
        }
    } else if (strncmp(opt, "rsa_oaep_label:", 15) == 0) {
        size_t n = strlen(opt + 15);
        long got;
        free(a->label);
        a->label = malloc(n / 2 + 1);
        got = a->label != NULL ? hex_parse(a->label, n / 2 + 1, opt + 15, 0) : -1;
        if (got < 0 || (size_t)got * 2 != n) {
            app_error("pkeyutl", "-pkeyopt rsa_oaep_label takes the label in hex, not '%s'",
                      opt + 15);
            return -1;
        }
        a->label_len = (size_t)got;
    } else {
        return sig_set_rsa_opt("pkeyutl", &a->sig, opt);
    }
    if (a->oaep_opt == NULL)
        a->oaep_opt = opt;
    if (a->sig.rsa_opt == NULL)
        a->sig.rsa_opt = opt;
    return 0;
}

/* out_is_input refuses -out naming one of the inputs (-in, stdin without
 * it, -inkey, -peerkey or -sigfile), also through a symbolic or hard link:
 * the output replaces its file only once written, but openssl would put a
 * signature where the private key was, and dgst refuses the same. */
static int out_is_input(const pkeyutl_args *a)
{
    int in_stdin = a->in == NULL || strcmp(a->in, "-") == 0;
    const char *names[] = {in_stdin ? NULL : a->in, a->inkey, a->peerkey, a->sigfile};

    return app_out_is_input("pkeyutl", a->out, names, 4, in_stdin);
}

/* parse_args fills a; returns 0, 1 after -help, or -1 on error. */
static int parse_args(pkeyutl_args *a, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, "pkeyutl", pkeyutl_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: opts_usage(stdout, "pkeyutl",
                                  "-derive|-sign|-verify|-verifyrecover|-encrypt|-decrypt -inkey "
                                  "FILE [options]",
                                  pkeyutl_options);
                       return 1;
        case OPT_DERIVE: case OPT_SIGN: case OPT_VERIFY: case OPT_VERIFYRECOVER:
        case OPT_ENCRYPT: case OPT_DECRYPT:
            if (a->op != 0 && a->op != id) {
                app_error("pkeyutl", "give only one of -derive, -sign, -verify, -verifyrecover, "
                                     "-encrypt and -decrypt");
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
        case OPT_HEXDUMP: a->hexdump = 1; break;
        case OPT_PKEYOPT:
            if (set_pkeyopt(a, o.value) != 0)
                return -1;
            break;
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
        app_error("pkeyutl", "nothing to do: give -derive, -sign, -verify, -verifyrecover, "
                             "-encrypt or -decrypt");
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
    if (a->ed_opt != NULL && a->op != OPT_SIGN && a->op != OPT_VERIFY) {
        app_error("pkeyutl", "-pkeyopt %s is for -sign and -verify (EdDSA)", a->ed_opt);
        return -1;
    }
    if (a->op == OPT_DERIVE && a->pkeyopt != NULL) {
        app_error("pkeyutl", "-pkeyopt %s is not for -derive", a->pkeyopt);
        return -1;
    }
    if (a->rawin && a->op != OPT_SIGN && a->op != OPT_VERIFY) {
        app_error("pkeyutl", "-rawin is for -sign and -verify");
        return -1;
    }
    if (a->rawin && a->md != NULL) {
        app_error("pkeyutl", "-pkeyopt digest says the input is a digest, -rawin that it is "
                             "the message: with -rawin name the hash with -digest");
        return -1;
    }
    if (a->op == OPT_VERIFY && a->hexdump) {
        app_error("pkeyutl", "-hexdump dumps what the other operations write; -verify writes "
                             "none");
        return -1;
    }
    if (a->op != OPT_VERIFY && a->sigfile != NULL) {
        app_error("pkeyutl", "-sigfile is for -verify only");
        return -1;
    }
    return out_is_input(a) ? -1 : 0;
}

int pkeyutl_main(int argc, char **argv)
{
    pkeyutl_args a;
    brisk_pkey *key, *peer;
    int ret;

    memset(&a, 0, sizeof(a));
    a.sig.salt = SALT_UNSET;
    ret = parse_args(&a, argc, argv);
    if (ret != 0) {
        free(a.label);
        return ret > 0 ? 0 : 1;
    }
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
    free(a.label);
    return ret;
}
