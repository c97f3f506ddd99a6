/*
 * apps/keyio.c - the files of the public-key subcommands (genrsa,
 * dsaparam, pkey, dgst -sign/-verify): whole files read into memory with a
 * size limit, keys and DSA parameters decoded as PEM or DER (told apart by
 * the "-----BEGIN" line unless the user says), with one error line naming
 * the file and the problem, and encoded for output (written by apps/io.c).
 * Buffers that held private keys are wiped before they are freed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <brisk/cipher.h>
#include <brisk/pkey.h>

#include "apps.h"

int parse_form(const char *prog, const char *opt, const char *s, int *form)
{
    if (strcasecmp(s, "PEM") == 0) {
        *form = FORM_PEM;
    } else if (strcasecmp(s, "DER") == 0) {
        *form = FORM_DER;
    } else {
        app_error(prog, "option '%s' takes PEM or DER, not '%s'", opt, s);
        return -1;
    }
    return 0;
}

void free_secret(void *p, size_t len)
{
    if (p != NULL)
        brisk_wipe(p, len);
    free(p);
}

static const char *shown(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0 ? "stdin" : path;
}

/* read_fd reads fd's contents into a buffer of at most max bytes.  The
 * buffer has cap + 1 bytes and reads may fill them all: at the limit, that
 * one byte more tells a file of exactly max bytes from a larger one. */
static int read_fd(int fd, size_t max, uint8_t **out, size_t *len, int *too_big)
{
    size_t cap = max < 4096 ? max : 4096, n = 0;
    uint8_t *buf = malloc(cap + 1);

    *too_big = 0;
    if (buf == NULL)
        return ENOMEM;
    for (;;) {
        if (n == cap + 1) {
            uint8_t *more;
            if (cap >= max) {
                *too_big = 1;
                free_secret(buf, n);
                return 0;
            }
            cap = cap * 2 > max ? max : cap * 2;
            more = malloc(cap + 1);
            if (more == NULL) {
                free_secret(buf, n);
                return ENOMEM;
            }
            memcpy(more, buf, n);
            free_secret(buf, n);
            buf = more;
        }
        ssize_t r = read(fd, buf + n, cap + 1 - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int err = errno;
            free_secret(buf, n);
            return err;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

int read_file(const char *prog, const char *path, size_t max, uint8_t **out, size_t *len)
{
    int use_stdin = path == NULL || strcmp(path, "-") == 0;
    int fd = use_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    int err, too_big;

    if (fd < 0) {
        app_error(prog, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    err = read_fd(fd, max, out, len, &too_big);
    if (!use_stdin)
        close(fd);
    if (err != 0) {
        app_error(prog, "cannot read '%s': %s", shown(path), strerror(err));
        return -1;
    }
    if (too_big) {
        app_error(prog, "'%s' is larger than %zu bytes: not a key or signature", shown(path),
                  max);
        return -1;
    }
    return 0;
}

/* is_pem says whether to read a file as PEM rather than DER: with no form
 * given, when it has a "-----BEGIN" (the loaders then fall back to DER if
 * it does not read as PEM: DER numbers may hold those bytes). */
static int is_pem(const uint8_t *buf, size_t len, int form)
{
    if (form != FORM_ANY)
        return form == FORM_PEM;
    for (size_t i = 0; i + 10 <= len; i++)
        if (memcmp(buf + i, "-----BEGIN", 10) == 0)
            return 1;
    return 0;
}

/* decode_error reports why a key or parameters could not be decoded. */
static void decode_error(const char *prog, const char *what, const char *path, int pem, int err)
{
    if (err == BRISK_EDECRYPT)
        app_error(prog, "wrong password for '%s' (or the file is corrupt)", shown(path));
    else if (err == BRISK_EENCRYPTED)
        app_error(prog, "'%s' is encrypted: give its password with -passin", shown(path));
    else if (err == BRISK_EUNSUPPORTED && strcmp(what, "a key") == 0)
        app_error(prog, "cannot read a key from '%s': encrypted in a way brisk does not read "
                  "(it reads PBES2 and Proc-Type PEM with AES-CBC, DES-EDE3-CBC or DES-CBC)",
                  shown(path));
    else if (err == BRISK_EUNSUPPORTED)
        app_error(prog, "cannot read %s from '%s': encrypted or unsupported %s", what,
                  shown(path), pem ? "PEM" : "DER");
    else if (err == BRISK_EDECODE)
        app_error(prog, "cannot read %s from '%s': malformed or truncated %s", what,
                  shown(path), pem ? "PEM" : "DER");
    else if (err == BRISK_ECURVE)
        app_error(prog, "cannot read %s from '%s': an EC key on a curve brisk does not have "
                        "(it has P-256, P-384 and P-521, named or as explicit parameters)",
                  what, shown(path));
    else if (err == BRISK_EGROUP)
        app_error(prog, "cannot read %s from '%s': a DH key in a group brisk does not have (it "
                        "has RFC 7919's " APP_DH_GROUPS ")",
                  what, shown(path));
    else if (err == BRISK_EPUBKEY && strcmp(what, "a key") == 0)
        app_error(prog, "cannot read a key from '%s': the public key it holds is invalid or "
                        "not the private key's",
                  shown(path));
    else
        app_error(prog, "cannot read %s from '%s': %s", what, shown(path),
                  err == BRISK_EINVAL ? "its numbers are not a valid key" : brisk_strerror(err));
}

/* is_empty says whether buf holds nothing but white space. */
static int is_empty(const uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (strchr(" \t\r\n\v\f", buf[i]) == NULL || buf[i] == '\0')
            return 0;
    return 1;
}

/* The PEM labels of keys, as brisk_pkey_from_pem takes them. */
static const char *const key_labels[] = {"PRIVATE KEY",     "PUBLIC KEY",     "RSA PRIVATE KEY",
                                         "RSA PUBLIC KEY",  "DSA PRIVATE KEY", "EC PRIVATE KEY",
                                         "ENCRYPTED PRIVATE KEY", NULL};
static const char *const param_labels[] = {"DSA PARAMETERS", NULL};
#define KEY_LABELS_TEXT                                                                   \
    "PRIVATE KEY, PUBLIC KEY, RSA PRIVATE KEY, RSA PUBLIC KEY, DSA PRIVATE KEY or EC " \
    "PRIVATE KEY"

int pem_other_label(const uint8_t *text, size_t len, const char *const *expected, char *out,
                    size_t out_len)
{
    int found = 0;

    for (size_t i = 0; i + 11 <= len; i++) {
        const uint8_t *lab = text + i + 11, *end;
        size_t n, k;
        if ((i > 0 && text[i - 1] != '\n') || memcmp(text + i, "-----BEGIN ", 11) != 0)
            continue;
        end = memchr(lab, '-', len - (size_t)(lab - text));
        if (end == NULL)
            break;
        n = (size_t)(end - lab);
        for (k = 0; expected[k] != NULL; k++)
            if (strlen(expected[k]) == n && memcmp(expected[k], lab, n) == 0)
                return 0; /* an expected block: the problem is elsewhere */
        if (!found) {
            for (k = 0; k < n && k + 1 < out_len; k++)
                out[k] = lab[k] >= ' ' && lab[k] < 0x7f ? (char)lab[k] : '?';
            out[k] = '\0';
            found = 1;
        }
    }
    return found;
}

/* load_error reports why buf did not decode, naming what it holds when
 * that is the wrong kind of thing: another PEM block, or in DER DSA
 * parameters given for a key or the reverse. */
static void load_error(const char *prog, const char *what, const char *path, int pem, int err,
                       const uint8_t *buf, size_t len, int want_key)
{
    char label[64];
    int other = 0;

    if (err == BRISK_EDECODE && pem) {
        other = pem_other_label(buf, len, want_key ? key_labels : param_labels, label,
                            sizeof(label));
        if (other)
            app_error(prog, "cannot read %s from '%s': found %s, expected %s", what, shown(path),
                      label, want_key ? KEY_LABELS_TEXT : "DSA PARAMETERS");
    } else if (err == BRISK_EDECODE) {
        brisk_pkey *k = calloc(1, sizeof(*k));
        brisk_dsa_params pr;
        if (want_key && brisk_dsa_params_from_der(&pr, buf, len) == 0) {
            app_error(prog, "cannot read %s from '%s': found DSA parameters (DER), expected a key",
                      what, shown(path));
            other = 1;
        } else if (!want_key && k != NULL && brisk_pkey_from_der_unchecked(k, buf, len) == 0) {
            app_error(prog, "cannot read %s from '%s': found a%s key (DER), expected DSA "
                      "parameters", what, shown(path),
                      brisk_pkey_has_private(k) ? " private" : " public");
            other = 1;
        }
        if (k != NULL)
            brisk_pkey_cleanup(k);
        free(k);
    }
    if (!other)
        decode_error(prog, what, path, pem, err);
}

/* decode_key decodes buf as PEM or DER, with the password pw if not NULL
 * (such a key is always checked: the password decoders check), else
 * checked and prepared only with `check`. */
static int decode_key(brisk_pkey *key, const uint8_t *buf, size_t len, int pem, int form,
                      const char *pw, int check)
{
    int (*from_pem)(brisk_pkey *, const char *, size_t) =
        check ? brisk_pkey_from_pem : brisk_pkey_from_pem_unchecked;
    int (*from_der)(brisk_pkey *, const uint8_t *, size_t) =
        check ? brisk_pkey_from_der : brisk_pkey_from_der_unchecked;
    const uint8_t *p = (const uint8_t *)pw;
    size_t n = pw != NULL ? strlen(pw) : 0;
    int err;

    if (pem)
        err = pw != NULL ? brisk_pkey_from_pem_pass(key, (const char *)buf, len, p, n)
                         : from_pem(key, (const char *)buf, len);
    else
        err = pw != NULL ? brisk_pkey_from_der_pass(key, buf, len, p, n)
                         : from_der(key, buf, len);
    if (err != 0 && pem && form == FORM_ANY && from_der(key, buf, len) == 0)
        err = 0; /* DER whose numbers hold the bytes "-----BEGIN" */
    return err;
}

/* load_key_ask reads a key with the password passin names (NULL: none, or
 * asked on the terminal if `ask` and the key is encrypted), checked and
 * prepared with `check`. */
static int load_key_ask(const char *prog, const char *path, int form, const char *passin,
                        int ask, int check, brisk_pkey *key)
{
    char *pw = malloc(APP_PASS_MAX + 1);
    uint8_t *buf = NULL;
    size_t len = 0;
    int pem = 0, err = 0, ret = -1;

    if (pw == NULL) {
        app_error(prog, "out of memory");
        return -1;
    }
    if ((passin != NULL && app_password(prog, "-passin", passin, shown(path), 0, pw) != 0) ||
        read_file(prog, path, APP_MAX_KEY_FILE, &buf, &len) != 0)
        goto done;
    if (is_empty(buf, len)) {
        app_error(prog, "cannot read a key from '%s': empty input", shown(path));
        goto done;
    }
    pem = is_pem(buf, len, form);
    err = decode_key(key, buf, len, pem, form, passin != NULL ? pw : NULL, check);
    if (err == BRISK_EENCRYPTED && passin == NULL && ask) {
        if (app_password(prog, "-passin", NULL, shown(path), 0, pw) != 0)
            goto done;
        err = decode_key(key, buf, len, pem, form, pw, check);
    }
    if (err != 0)
        load_error(prog, "a key", path, pem, err, buf, len, 1);
    else
        ret = 0;
done:
    app_password_wipe(pw);
    free(pw);
    free_secret(buf, len);
    return ret;
}

int load_key(const char *prog, const char *path, int form, brisk_pkey *key)
{
    return load_key_ask(prog, path, form, NULL, 0, 1, key);
}

int load_key_pass(const char *prog, const char *path, int form, const char *passin,
                  brisk_pkey *key)
{
    return load_key_ask(prog, path, form, passin, 1, 1, key);
}

int load_key_pass_unchecked(const char *prog, const char *path, int form, const char *passin,
                            brisk_pkey *key)
{
    return load_key_ask(prog, path, form, passin, 1, 0, key);
}

/* decode_params decodes the len bytes read from path as DSA parameters
 * (checked with `check`). */
static int decode_params(const char *prog, const char *path, int form, const uint8_t *buf,
                         size_t len, brisk_dsa_params *params, int check)
{
    int pem, err;

    if (is_empty(buf, len)) {
        app_error(prog, "cannot read DSA parameters from '%s': empty input", shown(path));
        return -1;
    }
    pem = is_pem(buf, len, form);
    err = pem ? brisk_dsa_params_from_pem(params, (const char *)buf, len)
              : brisk_dsa_params_from_der(params, buf, len);
    if (err != 0 && pem && form == FORM_ANY && brisk_dsa_params_from_der(params, buf, len) == 0)
        err = 0; /* DER whose numbers hold the bytes "-----BEGIN" */
    if (err == 0 && check && brisk_dsa_params_check(params, 1) != 0) /* primes too */
        err = BRISK_EINVAL;
    if (err != 0)
        load_error(prog, "DSA parameters", path, pem, err, buf, len, 0);
    return err != 0 ? -1 : 0;
}

/* load_params_form reads DSA parameters (checked with `check`). */
static int load_params_form(const char *prog, const char *path, int form,
                            brisk_dsa_params *params, int check)
{
    uint8_t *buf;
    size_t len;
    int ret;

    if (read_file(prog, path, APP_MAX_KEY_FILE, &buf, &len) != 0)
        return -1;
    ret = decode_params(prog, path, form, buf, len, params, check);
    free_secret(buf, len);
    return ret;
}

int load_dsa_params(const char *prog, const char *path, int form, brisk_dsa_params *params)
{
    return load_params_form(prog, path, form, params, 1);
}

int decode_dsa_params(const char *prog, const char *path, int form, const uint8_t *buf,
                      size_t len, brisk_dsa_params *params)
{
    return decode_params(prog, path, form, buf, len, params, 1);
}

int decode_dh_params(const char *prog, const char *path, int form, const uint8_t *buf,
                     size_t len, const brisk_dh_group **group)
{
    /* DER parameters are a SEQUENCE: anything else is PEM */
    int pem = form == FORM_PEM || (form == FORM_ANY && (len == 0 || buf[0] != 0x30));
    int err = pem ? brisk_dh_params_from_pem(group, (const char *)buf, len)
                  : brisk_dh_params_from_der(group, buf, len);

    if (err == 0 || prog == NULL)
        return err != 0 ? -1 : 0;
    if (err == BRISK_EGROUP)
        app_error(prog, "cannot read DH parameters from '%s': a group brisk does not have "
                  "(it has RFC 7919's " APP_DH_GROUPS ")", shown(path));
    else
        app_error(prog, "cannot read DH parameters from '%s': %s", shown(path),
                  brisk_strerror(err));
    return -1;
}

int decode_ec_params(const char *prog, const char *path, int form, const uint8_t *buf,
                     size_t len, int *curve, int *explicit_params)
{
    static const char *const expected[] = {"EC PARAMETERS", NULL};
    /* DER parameters are an OID or a SEQUENCE: anything else is PEM */
    int pem = form == FORM_PEM ||
              (form == FORM_ANY && (len == 0 || (buf[0] != 0x06 && buf[0] != 0x30)));
    int err = pem ? brisk_ec_params_from_pem(curve, explicit_params, (const char *)buf, len)
                  : brisk_ec_params_from_der(curve, explicit_params, buf, len);
    char label[64];

    if (err == 0 || prog == NULL)
        return err != 0 ? -1 : 0;
    if (pem && pem_other_label(buf, len, expected, label, sizeof(label)))
        app_error(prog, "cannot read EC parameters from '%s': found %s, expected EC PARAMETERS",
                  shown(path), label);
    else
        app_error(prog, "cannot read EC parameters from '%s': %s%s", shown(path),
                  len == 0 ? "empty input" : brisk_strerror(err),
                  len == 0 ? "" : " (brisk has P-256, P-384 and P-521, named or explicit)");
    return -1;
}

int load_dsa_params_unchecked(const char *prog, const char *path, int form,
                              brisk_dsa_params *params)
{
    return load_params_form(prog, path, form, params, 0);
}

/* grow makes room for `more` bytes after the *len bytes of *buf. */
static int grow(const char *prog, uint8_t **buf, size_t len, size_t more)
{
    uint8_t *p = malloc(len + more + 1);

    if (p == NULL) {
        app_error(prog, "out of memory");
        return -1;
    }
    if (*buf != NULL)
        memcpy(p, *buf, len);
    free_secret(*buf, len);
    *buf = p;
    return 0;
}

int encode_key(const char *prog, uint8_t **buf, size_t *len, const brisk_pkey *key,
               int encoding, int form)
{
    size_t n = 0;
    int err = form == FORM_DER ? brisk_pkey_to_der(NULL, &n, key, encoding)
                               : brisk_pkey_to_pem(NULL, &n, key, encoding);

    if (err == 0 && grow(prog, buf, *len, n) != 0)
        return -1;
    if (err == 0)
        err = form == FORM_DER ? brisk_pkey_to_der(*buf + *len, &n, key, encoding)
                               : brisk_pkey_to_pem((char *)*buf + *len, &n, key, encoding);
    if (err != 0) {
        app_error(prog, "cannot encode the key: %s",
                  err == BRISK_EINVAL ? "that form does not fit this key" : brisk_strerror(err));
        return -1;
    }
    *len += n;
    return 0;
}

const char *key_cipher(const char *opt)
{
    const brisk_cipher *c;

    while (*opt == '-')
        opt++;
    /* the options are the registry's own aliases (aes256, des3, des...) */
    c = brisk_cipher_by_name(opt);
    return c != NULL ? c->name : NULL;
}

/* encrypt_key encodes key encrypted with cipher and the password pw. */
static int encrypt_key(uint8_t *out, size_t *n, const brisk_pkey *key, int encoding, int form,
                       const char *cipher, const char *pw)
{
    const uint8_t *p = (const uint8_t *)pw;
    size_t plen = strlen(pw);

    if (form == FORM_DER)
        return brisk_pkey_to_der_encrypted(out, n, key, cipher, p, plen);
    return brisk_pkey_to_pem_encrypted((char *)out, n, key, encoding, cipher, p, plen);
}

int encode_key_pass(const char *prog, uint8_t **buf, size_t *len, const brisk_pkey *key,
                    int encoding, int form, const char *cipher, const char *passout)
{
    char *pw;
    size_t n = 0;
    int err;

    if (cipher == NULL)
        return encode_key(prog, buf, len, key, encoding, form);
    pw = malloc(APP_PASS_MAX + 1);
    if (pw == NULL) {
        app_error(prog, "out of memory");
        return -1;
    }
    if (app_password(prog, "-passout", passout, NULL, 1, pw) != 0) {
        app_password_wipe(pw);   /* a first entry that the second did not match */
        free(pw);
        return -1;
    }
    /* the length does not depend on the salt and IV drawn for it */
    err = encrypt_key(NULL, &n, key, encoding, form, cipher, pw);
    if (err == 0 && grow(prog, buf, *len, n) != 0) {
        app_password_wipe(pw);
        free(pw);
        return -1;
    }
    if (err == 0)
        err = encrypt_key(*buf + *len, &n, key, encoding, form, cipher, pw);
    app_password_wipe(pw);
    free(pw);
    if (err != 0) {
        app_error(prog, "cannot encrypt the key: %s",
                  err == BRISK_EINVAL ? "that form does not fit this key" : brisk_strerror(err));
        return -1;
    }
    *len += n;
    return 0;
}

int encode_dsa_params(const char *prog, uint8_t **buf, size_t *len,
                      const brisk_dsa_params *params, int form)
{
    size_t n = 0;
    int err = form == FORM_DER ? brisk_dsa_params_to_der(NULL, &n, params)
                               : brisk_dsa_params_to_pem(NULL, &n, params);

    if (err == 0 && grow(prog, buf, *len, n) != 0)
        return -1;
    if (err == 0)
        err = form == FORM_DER ? brisk_dsa_params_to_der(*buf + *len, &n, params)
                               : brisk_dsa_params_to_pem((char *)*buf + *len, &n, params);
    if (err != 0) {
        app_error(prog, "cannot encode the DSA parameters: %s", brisk_strerror(err));
        return -1;
    }
    *len += n;
    return 0;
}
