/*
 * apps/dgst.c - `brisk dgst [-DIGEST] [-hmac KEY] [-r|-c|-hex|-binary]
 * [file...]`: digests or HMACs of files, or of stdin when none is given,
 * printed byte for byte as OpenSSL 3.0's `openssl dgst` prints them; and
 * `-sign KEY` / `-verify KEY -signature SIG` over one file, RSA
 * (RSASSA-PKCS1-v1_5, or RSASSA-PSS with -sigopt rsa_padding_mode:pss),
 * DSA or ECDSA (DER signatures), written raw as openssl writes them, with openssl
 * 3.0's PSS defaults (sign with the largest salt, verify any) and its
 * "Verified OK" / "Verification failure" lines and exit codes.  Unlike
 * openssl 3.0, -verify also takes a private key file.
 *
 * OpenSSL 3.0's quirks are kept on purpose, since scripts compare the text:
 * an explicit digest is printed under its OpenSSL 3 name ("SHA2-256") but the
 * default one as "SHA256"; "HMAC-" is prefixed for files but not for stdin;
 * in -r (coreutils) form only newlines in the file name are escaped, and such
 * a line starts with a backslash.  Files are streamed in 64 KiB chunks.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <brisk/digest.h>
#include <brisk/ec.h>
#include <brisk/mac.h>
#include <brisk/pkey.h>

#include "apps.h"

#define CHUNK (64 * 1024)

enum { OPT_LIST = 2, OPT_R, OPT_C, OPT_HEX, OPT_BINARY, OPT_HMAC, OPT_SIGN, OPT_VERIFY,
       OPT_PRVERIFY, OPT_SIGNATURE, OPT_SIGOPT, OPT_OUT, OPT_KEYFORM, OPT_PASSIN };

const app_option dgst_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"list", OPT_LIST, ARG_NONE, 0, 0, NULL, "List digests"},
    {"c", OPT_C, ARG_NONE, 0, 0, NULL, "Print the digest with separating colons"},
    {"r", OPT_R, ARG_NONE, 0, 0, NULL, "Print the digest in coreutils format"},
    {"hex", OPT_HEX, ARG_NONE, 0, 0, NULL, "Print as hex dump (the default)"},
    {"binary", OPT_BINARY, ARG_NONE, 0, 0, NULL, "Print in binary form"},
    {"hmac", OPT_HMAC, ARG_STRING, 0, 0, "KEY", "Create hashed MAC with key"},
    {"sign", OPT_SIGN, ARG_STRING, 0, 0, "KEYFILE", "Sign the digest with the private key"},
    {"verify", OPT_VERIFY, ARG_STRING, 0, 0, "KEYFILE",
     "Verify a signature with the key (public or private)"},
    {"prverify", OPT_PRVERIFY, ARG_STRING, 0, 0, "KEYFILE",
     "Verify a signature with the private key"},
    {"signature", OPT_SIGNATURE, ARG_STRING, 0, 0, "FILE", "The signature to verify"},
    {"sigopt", OPT_SIGOPT, ARG_STRING, 0, 0, "NAME:VALUE",
     "rsa_padding_mode:pkcs1|pss, rsa_pss_saltlen:N|digest|max|auto|-1|-2|-3, rsa_mgf1_md:DIGEST"},
    {"keyform", OPT_KEYFORM, ARG_STRING, 0, 0, "PEM|DER", "Key format (default: either)"},
    {"passin", OPT_PASSIN, ARG_STRING, 0, 0, "SRC",
     "Key password source: pass:X, env:VAR, file:PATH, fd:N, stdin"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output to FILE rather than stdout"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

typedef enum { FMT_HEX, FMT_COLONS, FMT_COREUTILS, FMT_BINARY } dgst_format;

typedef struct dgst_job {
    const brisk_digest *md;
    const char *label;     /* name printed before "(file)= " */
    const char *hmac_key;  /* NULL for a plain digest */
    dgst_format format;
    uint8_t *buf;          /* CHUNK bytes of read buffer */
} dgst_job;

/* digest_fd reads fd to its end into out; returns 0 or an errno value. */
static int digest_fd(const dgst_job *job, int fd, uint8_t *out)
{
    brisk_digest_ctx dctx;
    brisk_hmac_ctx hctx;
    int err = 0;

    if (job->hmac_key != NULL)
        brisk_hmac_init(&hctx, job->md, (const uint8_t *)job->hmac_key,
                        strlen(job->hmac_key));
    else
        brisk_digest_init(&dctx, job->md);
    for (;;) {
        ssize_t n = read(fd, job->buf, CHUNK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            err = errno;
        if (n <= 0)
            break;
        if (job->hmac_key != NULL)
            brisk_hmac_update(&hctx, job->buf, (size_t)n);
        else
            brisk_digest_update(&dctx, job->buf, (size_t)n);
    }
    if (job->hmac_key != NULL) {
        if (err == 0)
            brisk_hmac_final(&hctx, out);
        brisk_hmac_cleanup(&hctx);
    } else if (err == 0) {
        brisk_digest_final(&dctx, out);
    } else {
        brisk_wipe(&dctx, sizeof(dctx));
    }
    return err;
}

static void print_coreutils_name(const char *name)
{
    for (const char *p = name; *p != '\0'; p++) {
        if (*p == '\n')
            fputs("\\n", stdout);
        else
            putchar(*p);
    }
}

static void print_digest(const dgst_job *job, const char *name, int is_stdin,
                         const uint8_t *out)
{
    size_t len = job->md->digest_len;

    switch (job->format) {
    case FMT_BINARY:
        fwrite(out, 1, len, stdout);
        return;
    case FMT_COREUTILS:
        if (strchr(name, '\n') != NULL)
            putchar('\\');
        print_hex(stdout, out, len, 0);
        fputs(" *", stdout);
        print_coreutils_name(name);
        putchar('\n');
        return;
    default:
        printf("%s%s(%s)= ", job->hmac_key != NULL && !is_stdin ? "HMAC-" : "",
               job->label, name);
        print_hex(stdout, out, len, job->format == FMT_COLONS);
        putchar('\n');
        return;
    }
}

/* digest_file prints the digest of one file; returns 0 or 1 on error. */
static int digest_file(const dgst_job *job, const char *path)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    int fd = open(path, O_RDONLY);
    int err;

    if (fd < 0) {
        app_error("dgst", "cannot open '%s': %s", path, strerror(errno));
        return 1;
    }
    err = digest_fd(job, fd, out);
    close(fd);
    if (err != 0) {
        app_error("dgst", "cannot read '%s': %s", path, strerror(err));
        return 1;
    }
    print_digest(job, path, 0, out);
    return 0;
}

static int digest_stdin(const dgst_job *job)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    int err = digest_fd(job, STDIN_FILENO, out);

    if (err != 0) {
        app_error("dgst", "cannot read stdin: %s", strerror(err));
        return 1;
    }
    print_digest(job, "stdin", 1, out);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* is_lower_name tells the spellings openssl dgst -list shows: lower case. */
static int is_lower_name(const char *name)
{
    for (; *name != '\0'; name++)
        if (*name >= 'A' && *name <= 'Z')
            return 0;
    return 1;
}

/* list_digests prints the accepted names as openssl dgst -list does. */
static void list_digests(void)
{
    const char *names[256];
    size_t n = 0;
    const brisk_digest *md;

    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL && n < 255; i++) {
        names[n++] = md->name;
        for (const char *const *a = md->aliases; a != NULL && *a != NULL && n < 255; a++)
            if (is_lower_name(*a))
                names[n++] = *a;
    }
    qsort(names, n, sizeof(names[0]), cmp_names);
    printf("Supported digests:\n");
    for (size_t i = 0; i < n; i++)
        printf("-%-25s%s", names[i], (i % 3 == 2 || i + 1 == n) ? "\n" : " ");
}

/* ---- Signatures: -sign, -verify, -prverify ---- */

#define SALT_MAX_VERIFY (-101) /* "max" when verifying: computed from the key */

int dgst_set_sigopt(sig_job *s, const char *opt)
{
    return sig_set_rsa_opt("dgst", s, opt);
}

int sig_set_rsa_opt(const char *prog, sig_job *s, const char *opt)
{
    const char *colon = strchr(opt, ':');
    const char *v = colon != NULL ? colon + 1 : "";
    size_t n = colon != NULL ? (size_t)(colon - opt) : strlen(opt);
    long count;

    if (n == 16 && strncmp(opt, "rsa_padding_mode", n) == 0 &&
        (strcmp(v, "pss") == 0 || strcmp(v, "pkcs1") == 0)) {
        s->pss = strcmp(v, "pss") == 0;
    } else if (n == 15 && strncmp(opt, "rsa_pss_saltlen", n) == 0) {
        /* openssl 3.0 also takes its RSA_PSS_SALTLEN_* values: -1 digest,
         * -2 auto (the largest when signing), -3 max */
        if (strcmp(v, "digest") == 0 || strcmp(v, "-1") == 0)
            s->salt = BRISK_RSA_PSS_SALT_DIGEST;
        else if (strcmp(v, "max") == 0 || strcmp(v, "-3") == 0)
            s->salt = BRISK_RSA_PSS_SALT_MAX;
        else if (strcmp(v, "auto") == 0 || strcmp(v, "-2") == 0)
            s->salt = BRISK_RSA_PSS_SALT_AUTO;
        else if (parse_long(v, &count) == 0 && count >= 0 && count <= BRISK_RSA_MAX_BYTES)
            s->salt = (int)count;
        else
            goto bad;
    } else if (n == 11 && strncmp(opt, "rsa_mgf1_md", n) == 0) {
        s->mgf1 = brisk_digest_by_name(v);
        if (s->mgf1 == NULL)
            goto bad;
    } else {
        goto bad;
    }
    if (s->rsa_opt == NULL)
        s->rsa_opt = opt;
    return 0;
bad:
    app_error(prog, "unknown or bad signature option '%s'", opt);
    return -1;
}

/* check_key checks that the key suits the job; returns 0 or -1 reported. */
static int check_key(const sig_job *s, const brisk_pkey *key)
{
    if (!s->verify && !brisk_pkey_has_private(key)) {
        app_error("dgst", "'%s' holds a public key: -sign needs a private key", s->key_path);
        return -1;
    }
    if (key->type != BRISK_PKEY_RSA && key->type != BRISK_PKEY_DSA &&
        key->type != BRISK_PKEY_EC) {
        app_error("dgst", "'%s' holds %s %s key, which dgst cannot %s with%s", s->key_path,
                  key->type == BRISK_PKEY_DH ? "a" : "an", brisk_pkey_type_name(key),
                  s->verify ? "verify" : "sign",
                  key->type == BRISK_PKEY_ED25519 || key->type == BRISK_PKEY_ED448
                      ? " (EdDSA signs messages: use brisk pkeyutl -rawin)" : "");
        return -1;
    }
    if (key->type != BRISK_PKEY_RSA && s->rsa_opt != NULL) {
        app_error("dgst", "-sigopt %s needs an RSA key, and '%s' holds a %s key", s->rsa_opt,
                  s->key_path, brisk_pkey_type_name(key));
        return -1;
    }
    return 0;
}

/* sig_pss_salt gives the salt length to pass for the job: openssl 3.0 signs
 * with the largest salt ("auto" means that too) and verifies with
 * whatever the signature holds; "max" when verifying is a count. */
int sig_pss_salt(const sig_job *s, const brisk_rsa_key *rsa, const brisk_digest *md)
{
    size_t em_len = (rsa->bits - 1 + 7) / 8;

    if (!s->verify)
        return s->salt == SALT_UNSET || s->salt == BRISK_RSA_PSS_SALT_AUTO
                   ? BRISK_RSA_PSS_SALT_MAX : s->salt;
    if (s->salt == SALT_UNSET)
        return BRISK_RSA_PSS_SALT_AUTO;
    if (s->salt == BRISK_RSA_PSS_SALT_MAX)
        return em_len >= md->digest_len + 2 ? (int)(em_len - md->digest_len - 2) : 0;
    return s->salt;
}

/* digest_fits says which of "digest not supported" or "key too small"
 * stops a signature with md and key, before any file is read (the
 * library refuses both with BRISK_EINVAL); returns 0, or -1 reported.
 * PKCS#1 v1.5 needs md's DigestInfo (brisk has none for MD2, MD4 and
 * MDC2) and room for it, the digest and 11 bytes; PSS needs emLen =
 * ceil((bits - 1) / 8) >= hLen + sLen + 2.  DSA takes every digest. */
static int digest_fits(const sig_job *s, const brisk_pkey *key, const brisk_digest *md)
{
    const char *what = s->verify ? "verify" : "sign";
    size_t bits, need, salt;
    int pss_salt_given;

    if (key->type != BRISK_PKEY_RSA)
        return 0;
    bits = key->u.rsa.bits;
    if (!s->pss) {
        need = brisk_rsa_pkcs1_min_size(md);
        if (need == 0) {
            app_error("dgst", "cannot %s with %s and the key in '%s': digest not supported "
                      "(RSA PKCS#1 v1.5 has no DigestInfo for %s in brisk; PSS takes it)",
                      what, md->name, s->key_path, md->name);
            return -1;
        }
        if ((bits + 7) / 8 >= need)
            return 0;
        app_error("dgst", "cannot %s with %s and the key in '%s': key too small (PKCS#1 "
                  "v1.5 with %s needs a key of at least %zu bits; this one has %zu)",
                  what, md->name, s->key_path, md->name, (need - 1) * 8 + 1, bits);
        return -1;
    }
    /* the smallest salt the job allows: 0 unless a count (or digest) is asked */
    pss_salt_given = s->salt >= 0 || s->salt == BRISK_RSA_PSS_SALT_DIGEST;
    salt = s->salt >= 0 ? (size_t)s->salt
           : s->salt == BRISK_RSA_PSS_SALT_DIGEST ? md->digest_len : 0;
    need = (md->digest_len + salt + 1) * 8 + 2;
    if (bits >= need)
        return 0;
    if (pss_salt_given && bits >= (md->digest_len + 1) * 8 + 2)
        app_error("dgst", "cannot %s with %s and the key in '%s': key too small for a PSS "
                  "salt of %zu bytes (at most %zu with this key)", what, md->name, s->key_path,
                  salt, (bits - 2) / 8 - md->digest_len - 1);
    else
        app_error("dgst", "cannot %s with %s and the key in '%s': key too small (PSS with %s "
                  "needs a key of at least %zu bits; this one has %zu)",
                  what, md->name, s->key_path, md->name, (md->digest_len + 1) * 8 + 2, bits);
    return -1;
}

/* make_signature signs dgst into sig (BRISK_RSA_MAX_BYTES); returns its
 * length, or -1 reported. */
static long make_signature(const sig_job *s, brisk_pkey *key, const brisk_digest *md,
                           const uint8_t *dgst, uint8_t *sig)
{
    size_t len = BRISK_RSA_MAX_BYTES;
    int err;

    if (key->type == BRISK_PKEY_DSA) {
        err = brisk_dsa_sign(&key->u.dsa, sig, &len, md, dgst, md->digest_len);
    } else if (key->type == BRISK_PKEY_EC) {
        err = brisk_ecdsa_sign((brisk_ec_curve)key->u.curve.curve, key->u.curve.priv, sig, &len,
                               md, dgst, md->digest_len);
    } else {
        len = brisk_rsa_size(&key->u.rsa);
        err = s->pss ? brisk_rsa_sign_pss(&key->u.rsa, sig, len, md, s->mgf1,
                                          sig_pss_salt(s, &key->u.rsa, md), dgst, md->digest_len)
                     : brisk_rsa_sign_pkcs1(&key->u.rsa, sig, len, md, dgst, md->digest_len);
    }
    if (err != 0) {
        app_error("dgst", "cannot sign with %s and the key in '%s': %s", md->name,
                  s->key_path, brisk_strerror(err));
        return -1;
    }
    return (long)len;
}

/* check_signature verifies sig; returns 0 (valid), 1 (not), or -1. */
static int check_signature(const sig_job *s, const brisk_pkey *key, const brisk_digest *md,
                           const uint8_t *dgst, const uint8_t *sig, size_t sig_len)
{
    int err;

    if (key->type == BRISK_PKEY_DSA)
        return brisk_dsa_verify(&key->u.dsa, sig, sig_len, dgst, md->digest_len) == 0 ? 0 : 1;
    if (key->type == BRISK_PKEY_EC)
        return brisk_ecdsa_verify((brisk_ec_curve)key->u.curve.curve, key->u.curve.pub,
                                  key->u.curve.pub_len, sig, sig_len, dgst,
                                  md->digest_len) == 0 ? 0 : 1;
    if (sig_len != brisk_rsa_size(&key->u.rsa)) {
        app_error("dgst", "the signature in '%s' is %zu bytes; the key's are %zu", s->sig_path,
                  sig_len, brisk_rsa_size(&key->u.rsa));
        return 1;
    }
    err = s->pss ? brisk_rsa_verify_pss(&key->u.rsa, sig, sig_len, md, s->mgf1,
                                        sig_pss_salt(s, &key->u.rsa, md), dgst, md->digest_len)
                 : brisk_rsa_verify_pkcs1(&key->u.rsa, sig, sig_len, md, dgst, md->digest_len);
    return err == 0 ? 0 : 1;
}

/* emit writes text or bytes to -out or stdout; returns 0 or 1. */
static int emit(const sig_job *s, const void *p, size_t len)
{
    return write_file("dgst", s->out, p, len, 0) == 0 ? 0 : 1;
}

/* emit_hex writes "RSA-SHA2-256(NAME)= HEX\n" for -sign -hex, in a buffer
 * sized from its parts: NAME is a path of any length.  Returns 0 or 1. */
static int emit_hex(const sig_job *s, const brisk_pkey *key, const brisk_digest *md,
                    const char *name, const uint8_t *sig, size_t sig_len)
{
    const char *type = brisk_pkey_type_name(key);
    size_t head = strlen(type) + 1 + strlen(md->long_name) + 1 + strlen(name) + 3;
    size_t len = head + 2 * sig_len + 1;
    char *line = malloc(len + 1);
    int ret;

    if (line == NULL) {
        app_error("dgst", "out of memory");
        return 1;
    }
    snprintf(line, head + 1, "%s-%s(%s)= ", type, md->long_name, name);
    hex_encode(line + head, sig, sig_len);
    line[len - 1] = '\n';
    ret = emit(s, line, len);
    free(line);
    return ret;
}

/* sign_or_verify digests one file (or stdin) and signs or verifies. */
static int sign_or_verify(const dgst_job *job, const sig_job *s, const char *path,
                          brisk_pkey *key)
{
    uint8_t dgst[BRISK_DIGEST_MAX_LEN], *given = NULL;
    uint8_t sig[BRISK_RSA_MAX_BYTES];
    size_t given_len = 0;
    int fd = path == NULL ? STDIN_FILENO : open(path, O_RDONLY);
    int err, ret = 1;
    long len;

    if (digest_fits(s, key, job->md) != 0) {
        if (fd > STDIN_FILENO)
            close(fd);
        return 1;
    }
    if (s->verify && read_file("dgst", s->sig_path, APP_MAX_KEY_FILE, &given, &given_len) != 0) {
        if (fd > STDIN_FILENO)
            close(fd);
        return 1;
    }
    if (fd < 0) {
        app_error("dgst", "cannot open '%s': %s", path, strerror(errno));
        goto done;
    }
    err = digest_fd(job, fd, dgst);
    if (fd != STDIN_FILENO)
        close(fd);
    if (err != 0) {
        app_error("dgst", "cannot read '%s': %s", path ? path : "stdin", strerror(err));
        goto done;
    }
    if (s->verify) {
        int bad = check_signature(s, key, job->md, dgst, given, given_len);
        static const char ok[] = "Verified OK\n", failed[] = "Verification failure\n";
        ret = bad ? 1 : emit(s, ok, sizeof(ok) - 1);
        if (bad)
            emit(s, failed, sizeof(failed) - 1);
    } else if ((len = make_signature(s, key, job->md, dgst, sig)) >= 0) {
        ret = s->hex ? emit_hex(s, key, job->md, path ? path : "stdin", sig, (size_t)len)
                     : emit(s, sig, (size_t)len);
    }
done:
    free(given);
    return ret;
}

/* run_signature checks the request, loads the key and signs or verifies
 * the one file (or stdin). */
static int run_signature(const dgst_job *job, const sig_job *s, int n_files, char **files)
{
    brisk_pkey *key;
    int ret = 1;

    if (job->hmac_key != NULL) {
        app_error("dgst", "-hmac cannot be used with -sign or -verify");
        return 1;
    }
    if (n_files > 1) {
        app_error("dgst", "can only sign or verify one file");
        return 1;
    }
    if (s->verify && s->sig_path == NULL) {
        app_error("dgst", "no signature to verify: use the -signature option");
        return 1;
    }
    key = calloc(1, sizeof(*key));
    if (key == NULL) {
        app_error("dgst", "out of memory");
        return 1;
    }
    if (load_key_pass("dgst", s->key_path, s->keyform, s->passin, key) == 0 &&
        check_key(s, key) == 0)
        ret = sign_or_verify(job, s, n_files == 1 ? files[0] : NULL, key);
    brisk_pkey_cleanup(key);
    free(key);
    return ret;
}

/* set_key records the key of -sign, -verify or -prverify. */
static int set_key(sig_job *s, const app_opts *o, int verify)
{
    if (s->key_path != NULL) {
        app_error("dgst", "give one of -sign, -verify and -prverify, once");
        return -1;
    }
    s->key_path = o->value;
    s->verify = verify;
    return 0;
}

/* out_is_input refuses -out naming one of the inputs (a file operand, stdin
 * without one, the key or the signature), also through a symbolic or hard
 * link, before anything is opened for writing: openssl would truncate the
 * input and print the digest of an empty file. */
static int out_is_input(const sig_job *s, int n_files, char **files)
{
    const char *more[] = {s->key_path, s->sig_path};

    return app_out_is_input("dgst", s->out, (const char *const *)files, n_files, n_files == 0) ||
           app_out_is_input("dgst", s->out, more, 2, 0);
}

static void usage(void)
{
    const brisk_digest *md;

    opts_usage(stdout, "dgst", "[options] [file...]", dgst_options);
    printf(" -%-18s %s\n\nDigests:", "DIGEST", "Use that digest (default sha256)");
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++)
        printf(" %s", md->name);
    printf("\nWith no file, reads stdin.\n");
}

int dgst_main(int argc, char **argv)
{
    dgst_job job = {&brisk_digest_sha256, "SHA256", NULL, FMT_HEX, NULL};
    sig_job sj = {NULL, 0, FORM_ANY, NULL, NULL, 0, 0, SALT_UNSET, NULL, NULL, NULL};
    const brisk_digest *md;
    app_opts o;
    app_out out;
    int id, ret = 0;

    opts_init(&o, "dgst", dgst_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_LIST: list_digests(); return 0;
        case OPT_C: job.format = FMT_COLONS; sj.hex = 1; break;
        case OPT_R: job.format = FMT_COREUTILS; sj.hex = 0; break;
        case OPT_HEX: job.format = FMT_HEX; sj.hex = 1; break;
        case OPT_BINARY: job.format = FMT_BINARY; sj.hex = 0; break;
        case OPT_HMAC: job.hmac_key = o.value; break;
        case OPT_SIGN:
        case OPT_VERIFY:
        case OPT_PRVERIFY:
            if (set_key(&sj, &o, id != OPT_SIGN) != 0)
                return 1;
            break;
        case OPT_SIGNATURE: sj.sig_path = o.value; break;
        case OPT_PASSIN: sj.passin = o.value; break;
        case OPT_OUT: sj.out = o.value; break;
        case OPT_SIGOPT:
            if (dgst_set_sigopt(&sj, o.value) != 0)
                return 1;
            break;
        case OPT_KEYFORM:
            if (parse_form("dgst", o.name, o.value, &sj.keyform) != 0)
                return 1;
            break;
        case OPT_UNKNOWN:
            md = brisk_digest_by_name(o.name + (o.name[1] == '-' ? 2 : 1));
            if (md == NULL) {
                app_error("dgst", "unknown option or digest '%s'", o.name);
                return 1;
            }
            job.md = md;
            job.label = md->long_name;
            break;
        default:
            return 1;
        }
    }
    if (out_is_input(&sj, argc - o.ind, argv + o.ind))
        return 1;
    job.buf = malloc(CHUNK);
    if (job.buf == NULL) {
        app_error("dgst", "out of memory");
        return 1;
    }
    if (sj.key_path != NULL) {
        ret = run_signature(&job, &sj, argc - o.ind, argv + o.ind);
        free(job.buf);
        return ret;
    }
    if (sj.sig_path != NULL || sj.rsa_opt != NULL) {
        app_error("dgst", "-signature and -sigopt go with -sign or -verify");
        free(job.buf);
        return 1;
    }
    /* The digests are printed to stdout, which -out points at its file. */
    if (out_open(&out, "dgst", sj.out, 0) != 0 || out_stdout(&out) != 0) {
        out_abort(&out);
        free(job.buf);
        return 1;
    }
    if (o.ind >= argc)
        ret = digest_stdin(&job);
    for (int i = o.ind; i < argc; i++)
        ret |= digest_file(&job, argv[i]);
    free(job.buf);
    if (out_commit(&out) != 0)
        ret = 1;
    return ret;
}
