/*
 * apps/enc.c - `brisk enc -CIPHER [-e|-d] [-K HEX -iv HEX | -k PASS | -pass
 * SRC] [-pbkdf2] [-iter N] [-md MD] [-S HEX] [-nosalt] [-nopad] [-a [-A]]
 * [-in FILE] [-out FILE]`: symmetric encryption and decryption of files,
 * byte for byte interoperable with OpenSSL 3.0's `openssl enc`.
 *
 * Kept from openssl enc 3.0 on purpose, so that files and scripts carry
 * over: the "Salted__" header and 8-byte random salt written only when the
 * salt was generated (not with -S or -nosalt), and read on decryption only
 * when a password is used without -S or -nosalt; the legacy EVP_BytesToKey
 * derivation (one round of -md, sha256 by default) with its two-line
 * warning, or PBKDF2-HMAC-md with -pbkdf2 / -iter (10000 rounds by default)
 * deriving key || IV; hex values shorter or longer than the key, IV or salt
 * padded with zeros or cut, with openssl's warnings; "iv undefined" for a
 * raw key without an IV; AEAD and XTS ciphers refused; base64 in 64-column
 * lines (-a) or one line (-A).
 *
 * Unlike openssl enc, it never leaves a partial or damaged file: -out is
 * written through apps/io.c, as every output of brisk (a temporary file
 * "FILE.brisk-tmp-XXXXXX" beside it, mode 0600 until complete, fsync'd and
 * renamed over FILE only once everything succeeded, removed on any
 * failure); -out naming the input file is refused.  (So -out replaces the
 * file: a symbolic link is followed, but other hard links to it keep the
 * old content.)  On stdout (no -out), output is streamed in 64 KiB writes:
 * a failed decryption may have written part of the plaintext, never more
 * than openssl's (all but the last block, which the cipher holds back until
 * the padding is checked), and exits 1.
 *
 * What a decryption can tell (said in -help and the README): with
 * padding (ECB and CBC modes, without -nopad) a wrong key or password
 * leaves bad padding and is reported, except about once in 256 tries
 * (random last bytes that happen to read as valid padding); the same check
 * catches input cut short (always when it is not whole blocks) and damage
 * to the last block, while damage elsewhere only garbles the plaintext.
 * CTR, CFB, OFB and stream ciphers (RC4), and -nopad, have nothing to
 * check: a wrong key gives garbage and exit 0.  Only an AEAD (GCM,
 * ChaCha20-Poly1305) catches every change, and enc refuses those, as
 * openssl enc does.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <brisk/cipher.h>
#include <brisk/digest.h>
#include <brisk/kdf.h>

#include "apps.h"

#define PROG "enc"
#define CHUNK ENC_CHUNK
#define B64_LINE 48                 /* raw bytes per 64-column base64 line */
#define DEFAULT_ITER 10000

static const char magic[8] = {'S', 'a', 'l', 't', 'e', 'd', '_', '_'};

enum {
    OPT_LIST = 2, OPT_E, OPT_D, OPT_P, OPT_UPPER_P, OPT_IN, OPT_OUT, OPT_K, OPT_KFILE,
    OPT_PASS, OPT_A, OPT_UPPER_A, OPT_NOPAD, OPT_SALT, OPT_NOSALT, OPT_UPPER_K, OPT_UPPER_S,
    OPT_IV, OPT_MD, OPT_ITER, OPT_PBKDF2, OPT_NONE, OPT_PROVIDER
};

const app_option enc_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"list", OPT_LIST, ARG_NONE, 0, 0, NULL, "List ciphers"},
    {"ciphers", OPT_LIST, ARG_NONE, 0, 0, NULL, "Alias for -list"},
    {"e", OPT_E, ARG_NONE, 0, 0, NULL, "Encrypt (the default)"},
    {"d", OPT_D, ARG_NONE, 0, 0, NULL, "Decrypt"},
    {"p", OPT_P, ARG_NONE, 0, 0, NULL, "Print the salt, key and IV"},
    {"P", OPT_UPPER_P, ARG_NONE, 0, 0, NULL, "Print the salt, key and IV, and exit"},
    {"in", OPT_IN, ARG_STRING, 0, 0, "FILE", "Input file (default stdin)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Output file (default stdout)"},
    {"k", OPT_K, ARG_STRING, 0, 0, "PASS", "Passphrase"},
    {"kfile", OPT_KFILE, ARG_STRING, 0, 0, "FILE", "Read the passphrase from FILE's first line"},
    {"pass", OPT_PASS, ARG_STRING, 0, 0, "SRC",
     "Passphrase source: pass:X, env:VAR, file:PATH, fd:N or stdin"},
    {"a", OPT_A, ARG_NONE, 0, 0, NULL, "Base64 encode/decode, depending on encryption flag"},
    {"base64", OPT_A, ARG_NONE, 0, 0, NULL, "Same as option -a"},
    {"A", OPT_UPPER_A, ARG_NONE, 0, 0, NULL, "With -a, base64 as a single line"},
    {"nopad", OPT_NOPAD, ARG_NONE, 0, 0, NULL, "Disable standard block padding"},
    {"salt", OPT_SALT, ARG_NONE, 0, 0, NULL, "Use salt in the KDF (default)"},
    {"nosalt", OPT_NOSALT, ARG_NONE, 0, 0, NULL, "Do not use salt in the KDF"},
    {"K", OPT_UPPER_K, ARG_STRING, 0, 0, "HEX", "Raw key, in hex"},
    {"S", OPT_UPPER_S, ARG_STRING, 0, 0, "HEX", "Salt, in hex"},
    {"iv", OPT_IV, ARG_STRING, 0, 0, "HEX", "IV in hex"},
    {"md", OPT_MD, ARG_STRING, 0, 0, "DIGEST",
     "Digest of the key derivation (default sha256)"},
    {"iter", OPT_ITER, ARG_NUMBER, 1, INT_MAX, "N",
     "Iteration count of PBKDF2; implies -pbkdf2"},
    {"pbkdf2", OPT_PBKDF2, ARG_NONE, 0, 0, NULL,
     "Derive with PBKDF2 (10000 iterations unless -iter)"},
    {"none", OPT_NONE, ARG_NONE, 0, 0, NULL, "Do not encrypt (copy, or base64 with -a)"},
    {"provider", OPT_PROVIDER, ARG_STRING, 0, 0, "NAME",
     "Accepted and ignored, for openssl scripts"},
    {"provider-path", OPT_PROVIDER, ARG_STRING, 0, 0, "PATH", "Accepted and ignored"},
    {"propquery", OPT_PROVIDER, ARG_STRING, 0, 0, "Q", "Accepted and ignored"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* Everything the command line asked for. */
typedef struct enc_args {
    const brisk_cipher *cipher;    /* NULL: copy (or base64 only) */
    const brisk_digest *md;
    int encrypt, base64, one_line, nopad, nosalt, pbkdf2, printkey;
    uint32_t iter;
    const char *in, *out;
    char *hkey, *hiv, *hsalt;      /* hex strings from argv (wiped after use) */
    char *k_arg;                   /* -k, wiped after use */
    const char *kfile, *passarg;
} enc_args;

/* ---- Input ---- */

/* read_some reads up to cap bytes from fd; -1 with errno on an error. */
static ssize_t read_some(int fd, uint8_t *buf, size_t cap)
{
    ssize_t n;

    do
        n = read(fd, buf, cap);
    while (n < 0 && errno == EINTR);
    return n;
}

ssize_t enc_src_read(enc_source *s, uint8_t *buf, size_t cap)
{
    ssize_t n;
    size_t take;

    if (!s->base64) {
        n = read_some(s->fd, buf, cap);
        if (n < 0)
            app_error(PROG, "cannot read %s: %s", s->name, strerror(errno));
        return n;
    }
    while (s->off == s->len) {
        if (s->eof)
            return 0;
        n = read_some(s->fd, s->raw, sizeof(s->raw) / 4 * 3);
        if (n < 0) {
            app_error(PROG, "cannot read %s: %s", s->name, strerror(errno));
            return -1;
        }
        s->off = s->len = 0;
        if (n == 0) {
            s->eof = 1;
            if (b64_finish(&s->dec, s->data, &s->len) != 0) {
                app_error(PROG, "bad base64 input in %s: it ends in the middle of a group",
                          s->name);
                return -1;
            }
        } else if (b64_decode(&s->dec, s->data, &s->len, s->raw, (size_t)n) != 0) {
            app_error(PROG, "bad base64 input in %s", s->name);
            return -1;
        }
    }
    take = s->len - s->off < cap ? s->len - s->off : cap;
    memcpy(buf, s->data + s->off, take);
    s->off += take;
    return (ssize_t)take;
}

/* src_read_full reads until len bytes or the end: their count, or -1. */
static ssize_t src_read_full(enc_source *s, uint8_t *buf, size_t len)
{
    size_t got = 0;

    while (got < len) {
        ssize_t n = enc_src_read(s, buf + got, len - got);
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

/* ---- Output: through apps/io.c (a temporary file renamed into place) ---- */

typedef struct sink {
    app_out out;
    int base64, one_line;
    uint8_t line[B64_LINE];     /* bytes waiting for a whole base64 line */
    size_t line_len;
    uint8_t buf[CHUNK];         /* output not yet written */
    size_t buf_len;
} sink;

static int sink_flush(sink *k)
{
    if (k->buf_len > 0 && out_write(&k->out, k->buf, k->buf_len) != 0)
        return -1;
    k->buf_len = 0;
    return 0;
}

static int sink_put(sink *k, const uint8_t *p, size_t len)
{
    while (len > 0) {
        size_t n = sizeof(k->buf) - k->buf_len;
        if (n == 0) {
            if (sink_flush(k) != 0)
                return -1;
            continue;
        }
        if (n > len)
            n = len;
        memcpy(k->buf + k->buf_len, p, n);
        k->buf_len += n;
        p += n;
        len -= n;
    }
    return 0;
}

/* sink_b64_line writes len (<= 48) bytes as one base64 line. */
static int sink_b64_line(sink *k, const uint8_t *p, size_t len)
{
    char text[66];
    size_t n = b64_encode(text, p, len);

    if (!k->one_line)
        text[n++] = '\n';
    return sink_put(k, (const uint8_t *)text, n);
}

/* sink_write writes len bytes, base64-encoded with -a. */
static int sink_write(sink *k, const uint8_t *p, size_t len)
{
    if (!k->base64)
        return sink_put(k, p, len);
    while (len > 0) {
        size_t n = B64_LINE - k->line_len;
        if (n > len)
            n = len;
        memcpy(k->line + k->line_len, p, n);
        k->line_len += n;
        p += n;
        len -= n;
        if (k->line_len == B64_LINE) {
            if (sink_b64_line(k, k->line, B64_LINE) != 0)
                return -1;
            k->line_len = 0;
        }
    }
    return 0;
}

/* sink_commit writes the last base64 line and puts the output in place. */
static int sink_commit(sink *k)
{
    if (k->base64 && k->line_len > 0 && sink_b64_line(k, k->line, k->line_len) != 0)
        return -1;
    k->line_len = 0;
    if (sink_flush(k) != 0)
        return -1;
    return out_commit(&k->out);
}

/* ---- Keys, IVs and passwords ---- */

/* set_hex reads the hex string into out[size] as openssl enc does, so
 * that its scripts keep working: a string shorter than 2 * size digits
 * (an odd count included) is padded with zero bits, with openssl's warning
 * "hex string is too short, padding with zero bytes to length", and one
 * longer is cut to 2 * size digits with "hex string is too long, ignoring
 * excess".  Returns 0, or -1 on a character that is not a hex digit. */
static int set_hex(uint8_t *out, size_t size, const char *hex)
{
    size_t n = strlen(hex);

    if (n > 2 * size) {
        fprintf(stderr, "hex string is too long, ignoring excess\n");
        n = 2 * size;
    } else if (n < 2 * size) {
        fprintf(stderr, "hex string is too short, padding with zero bytes to length\n");
    }
    memset(out, 0, size);
    for (size_t i = 0; i < n; i++) {
        int v = hex_digit(hex[i]);
        if (v < 0) {
            memset(out, 0, size);
            return -1;
        }
        out[i / 2] |= (uint8_t)((i & 1) ? v : v << 4);
    }
    return 0;
}

/* hex_error reports set_hex's failure on the value named what. */
static void hex_error(const char *what, const char *hex)
{
    app_error(PROG, "invalid hex %s value '%s' (not hex)", what, hex);
}

/* get_pass puts the password asked for in buf and points *pass at it (or
 * at -k's argument); *pass stays NULL when -K alone is given.  Without -k,
 * -kfile or -pass it prompts on the terminal as openssl enc does ("enter
 * AES-256-CBC encryption password:", twice when encrypting).  Returns 0,
 * or -1 after one error line. */
static int get_pass(const enc_args *a, char *buf, const char **pass)
{
    static char src[PATH_MAX + 8];
    char prompt[128];
    size_t len, i;

    *pass = NULL;
    if (a->k_arg != NULL) {
        *pass = a->k_arg;
        return 0;
    }
    if (a->kfile != NULL) {
        if (strlen(a->kfile) + 5 >= sizeof(src)) {
            app_error(PROG, "-kfile path too long");
            return -1;
        }
        snprintf(src, sizeof(src), "file:%s", a->kfile);
        if (app_password(PROG, "-kfile", src, NULL, 0, buf) != 0)
            return -1;
        len = strlen(buf);
        while (len > 0 && buf[len - 1] == '\r')
            buf[--len] = '\0';
        if (len == 0) {
            app_error(PROG, "zero length password in '%s'", a->kfile);
            return -1;
        }
        *pass = buf;
        return 0;
    }
    if (a->passarg != NULL) {
        if (app_password(PROG, "-pass", a->passarg, NULL, 0, buf) != 0)
            return -1;
        *pass = buf;
        return 0;
    }
    if (a->hkey != NULL)
        return 0;
    len = (size_t)snprintf(prompt, sizeof(prompt), "enter %s %s password:", a->cipher->name,
                           a->encrypt ? "encryption" : "decryption");
    if (len >= sizeof(prompt))
        len = sizeof(prompt) - 1;
    for (i = 6; i < len && prompt[i] != ' '; i++)
        if (prompt[i] >= 'a' && prompt[i] <= 'z')
            prompt[i] = (char)(prompt[i] - 'a' + 'A');
    if (app_password(PROG, "-k, -pass or -K", NULL, prompt, a->encrypt, buf) != 0)
        return -1;
    if (buf[0] == '\0') {
        app_error(PROG, "empty password; nothing done");
        return -1;
    }
    *pass = buf;
    return 0;
}

/* wipe_arg overwrites a secret given on the command line, as openssl does,
 * so that it no longer shows in ps. */
static void wipe_arg(char *s)
{
    if (s != NULL)
        brisk_wipe(s, strlen(s));
}

/* ---- Listing and usage ---- */

static int cmp_names(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static int is_lower_name(const char *name)
{
    for (; *name != '\0'; name++)
        if (*name >= 'A' && *name <= 'Z')
            return 0;
    return 1;
}

/* usable tells the ciphers enc works with: all but AEAD and XTS. */
static int usable(const brisk_cipher *c)
{
    return (c->flags & BRISK_CIPHER_AEAD) == 0 && c->mode != BRISK_MODE_XTS &&
           c->mode != BRISK_MODE_GCM;
}

/* list_ciphers prints the names as openssl enc -list does. */
static void list_ciphers(void)
{
    const char *names[512];
    const brisk_cipher *c;
    size_t n = 0;

    for (size_t i = 0; (c = brisk_cipher_at(i)) != NULL && n < 511; i++) {
        if (!usable(c))
            continue;
        names[n++] = c->name;
        for (const char *const *al = c->aliases; al != NULL && *al != NULL && n < 511; al++)
            if (is_lower_name(*al))
                names[n++] = *al;
    }
    qsort(names, n, sizeof(names[0]), cmp_names);
    printf("Supported ciphers:\n");
    for (size_t i = 0; i < n; i++)
        printf("-%-25s%s", names[i], i % 3 == 2 ? "\n" : " ");
    printf("\n");
}

static void usage(void)
{
    opts_usage(stdout, PROG, "-CIPHER [options]", enc_options);
    printf(" -%-18s %s\n", "CIPHER", "Any cipher of -list (aes-256-cbc, des3, bf, rc4...)");
    printf("\nWithout -k, -kfile, -pass or -K, the password is asked on the terminal\n"
           "without echo, twice when encrypting, as openssl enc does; without a terminal,\n"
           "enc fails.  -pass and -kfile take a line of at most 4095 bytes.\n");
    printf("\nWith -k or -pass and without -S or -nosalt, encryption writes \"Salted__\" and\n"
           "a random 8-byte salt first, as openssl enc does.  Without -pbkdf2 the key and IV\n"
           "come from OpenSSL's legacy EVP_BytesToKey (one round of -md).  AEAD (GCM,\n"
           "ChaCha20-Poly1305) and XTS ciphers are refused, as by openssl enc 3.0: use the\n"
           "library for them.\n"
           "Hex values (-K, -iv, -S) shorter or longer than the cipher's are padded with\n"
           "zeros or cut, with openssl's warning.\n"
           "With -out, the output goes to FILE.brisk-tmp-XXXXXX (mode 0600), renamed\n"
           "over FILE only on success; nothing is left behind on failure.  On stdout, a\n"
           "failed decryption may have written part of the plaintext (never its last\n"
           "block, as with openssl) and exits 1: use -out to get all or nothing.\n"
           "\n"
           "A wrong password or key is detected only through the padding: in ECB and\n"
           "CBC modes (without -nopad) decryption fails with \"bad decrypt\", except about\n"
           "once in 256 tries, when the garbage happens to end in valid padding.  The same\n"
           "check catches input cut short (always when it is not whole blocks) and damage\n"
           "to the last block; damage elsewhere only garbles the plaintext.  CTR, CFB, OFB\n"
           "and stream ciphers (rc4), and -nopad, detect none of this: they decrypt to\n"
           "garbage and exit 0.  (GCM would detect any change, but enc refuses it, as\n"
           "openssl enc does.)\n");
}

/* ---- The work ---- */

/* Key material for one run; wiped at the end. */
typedef struct enc_keys {
    uint8_t key[BRISK_CIPHER_MAX_KEY], iv[BRISK_CIPHER_MAX_IV], salt[8];
    int have_salt, write_header;
    char pass[APP_PASS_MAX + 1];
} enc_keys;

int enc_read_header(enc_source *src, uint8_t salt[8])
{
    uint8_t m[8];
    ssize_t n = src_read_full(src, m, sizeof(m));

    if (n < 0)
        return -1;
    if (n == (ssize_t)sizeof(m) && memcmp(m, magic, sizeof(m)) != 0) {
        app_error(PROG, "bad magic number: %s does not start with \"Salted__\" "
                  "(encrypted with -nosalt or -S, or not by enc?)", src->name);
        return -1;
    }
    if (n == (ssize_t)sizeof(m))
        n = src_read_full(src, salt, 8);
    if (n < 0)
        return -1;
    if (n != 8) {
        app_error(PROG, "error reading input file: %s is too short for the \"Salted__\" "
                  "header and salt", src->name);
        return -1;
    }
    return 0;
}

/* derive fills in the salt, key and IV from the password and the options,
 * in openssl enc's order; -1 after a reported error. */
static int derive(const enc_args *a, const char *pass, enc_source *src, enc_keys *k)
{
    const brisk_cipher *c = a->cipher;
    size_t pass_len = pass != NULL ? strlen(pass) : 0;
    int err = 0;

    if (pass != NULL && !a->nosalt) {
        k->have_salt = 1;
        if (a->hsalt != NULL) {
            int r = set_hex(k->salt, sizeof(k->salt), a->hsalt);
            if (r != 0) {
                hex_error("salt", a->hsalt);
                return -1;
            }
        } else if (a->encrypt) {
            if (getentropy(k->salt, sizeof(k->salt)) != 0) {
                app_error(PROG, "cannot get a random salt: %s", strerror(errno));
                return -1;
            }
            k->write_header = a->printkey != 2;
        } else if (enc_read_header(src, k->salt) != 0) {
            return -1;
        }
    }
    if (pass != NULL && a->pbkdf2) {
        uint8_t both[BRISK_CIPHER_MAX_KEY + BRISK_CIPHER_MAX_IV];
        err = brisk_pbkdf2_hmac(a->md, both, c->key_len + c->iv_len, (const uint8_t *)pass,
                                pass_len, k->have_salt ? k->salt : NULL,
                                k->have_salt ? 8 : 0, a->iter);
        memcpy(k->key, both, c->key_len);
        memcpy(k->iv, both + c->key_len, c->iv_len);
        brisk_wipe(both, sizeof(both));
    } else if (pass != NULL) {
        fprintf(stderr, "*** WARNING : deprecated key derivation used.\n"
                        "Using -iter or -pbkdf2 would be better.\n");
        err = brisk_evp_bytes_to_key(a->md, k->key, c->key_len, k->iv, c->iv_len,
                                     (const uint8_t *)pass, pass_len,
                                     k->have_salt ? k->salt : NULL, 1);
    }
    if (err != 0) {
        app_error(PROG, "key derivation failed: %s", brisk_strerror(err));
        return -1;
    }
    if (a->hiv != NULL && c->iv_len == 0) {
        fprintf(stderr, "warning: iv not used by this cipher\n");
    } else if (a->hiv != NULL) {
        int r = set_hex(k->iv, c->iv_len, a->hiv);
        if (r != 0) {
            hex_error("iv", a->hiv);
            return -1;
        }
    }
    if (a->hiv == NULL && pass == NULL && c->iv_len != 0) {
        app_error(PROG, "iv undefined: %s needs -iv with -K", c->name);
        return -1;
    }
    if (a->hkey != NULL) {
        int r = set_hex(k->key, c->key_len, a->hkey);
        if (r != 0) {
            hex_error("key", a->hkey);
            return -1;
        }
    }
    return 0;
}

static void print_upper_hex(const char *label, const uint8_t *p, size_t len)
{
    printf("%s", label);
    for (size_t i = 0; i < len; i++)
        printf("%02X", p[i]);
    printf("\n");
}

/* print_keys is -p and -P. */
static void print_keys(const enc_args *a, const enc_keys *k)
{
    if (k->have_salt)
        print_upper_hex("salt=", k->salt, sizeof(k->salt));
    if (a->cipher->key_len > 0)
        print_upper_hex("key=", k->key, a->cipher->key_len);
    if (a->cipher->iv_len > 0)
        print_upper_hex("iv =", k->iv, a->cipher->iv_len);
    fflush(stdout);
}

/* final_error reports why brisk_cipher_final failed. */
static void final_error(const enc_args *a, int err)
{
    size_t b = a->cipher->block_len;

    if (a->encrypt)
        app_error(PROG, "with -nopad the input must be a whole number of %zu-byte blocks", b);
    else if (err == BRISK_EVERIFY)
        app_error(PROG, "bad decrypt: wrong key or password, or corrupt input");
    else
        app_error(PROG, "bad decrypt: the input is not a whole number of %zu-byte blocks "
                  "(truncated?)", b);
}

/* pump moves the input through the cipher (or unchanged) to the output. */
static int pump(const enc_args *a, enc_source *src, sink *dst, brisk_cipher_ctx *ctx)
{
    static uint8_t in[CHUNK], out[CHUNK + BRISK_CIPHER_MAX_BLOCK];
    size_t out_len;
    ssize_t n;
    int err;

    while ((n = enc_src_read(src, in, sizeof(in))) > 0) {
        if (a->cipher == NULL) {
            if (sink_write(dst, in, (size_t)n) != 0)
                return -1;
            continue;
        }
        err = brisk_cipher_update(ctx, out, &out_len, in, (size_t)n);
        if (err != 0) {
            app_error(PROG, "%s failed: %s", a->encrypt ? "encryption" : "decryption",
                      brisk_strerror(err));
            return -1;
        }
        if (sink_write(dst, out, out_len) != 0)
            return -1;
    }
    if (n < 0)
        return -1;
    if (a->cipher == NULL)
        return 0;
    err = brisk_cipher_final(ctx, out, &out_len);
    if (err != 0) {
        final_error(a, err);
        return -1;
    }
    return sink_write(dst, out, out_len);
}

/* same_file refuses -out naming the input (also through links). */
static int same_file(const enc_args *a, int in_fd)
{
    struct stat si, so;

    if (a->out == NULL || fstat(in_fd, &si) != 0 || stat(a->out, &so) != 0)
        return 0;
    if (si.st_dev != so.st_dev || si.st_ino != so.st_ino || !S_ISREG(so.st_mode))
        return 0;
    app_error(PROG, "-out '%s' is the input file; refusing to overwrite it", a->out);
    return 1;
}

/* run does the work once the options are known; returns the exit status. */
static int run(enc_args *a, enc_source *src, sink *dst)
{
    static enc_keys keys;
    brisk_cipher_ctx ctx = {0};
    const char *pass = NULL;
    int err, ret = 1;

    if (a->cipher != NULL) {
        if (get_pass(a, keys.pass, &pass) != 0)
            goto done;
    }
    src->name = a->in != NULL ? a->in : "stdin";
    src->fd = STDIN_FILENO;
    if (a->in != NULL && (src->fd = open(a->in, O_RDONLY)) < 0) {
        app_error(PROG, "cannot open '%s': %s", a->in, strerror(errno));
        goto done;
    }
    if (same_file(a, src->fd))
        goto done;
    if (a->cipher != NULL) {
        if (derive(a, pass, src, &keys) != 0)
            goto done;
        wipe_arg(a->hkey);
        wipe_arg(a->k_arg);
        if (a->printkey)
            print_keys(a, &keys);
        if (a->printkey == 2) {
            ret = 0;
            goto done;
        }
        err = brisk_cipher_init(&ctx, a->cipher, a->encrypt, keys.key, a->cipher->key_len,
                                keys.iv, a->cipher->iv_len);
        if (err == 0 && a->nopad)
            err = brisk_cipher_set_padding(&ctx, 0);
        if (err != 0) {
            app_error(PROG, "cannot set up %s: %s", a->cipher->name, brisk_strerror(err));
            goto done;
        }
    }
    if (out_open(&dst->out, PROG, a->out, 0) != 0)
        goto done;
    if (keys.write_header &&
        (sink_write(dst, (const uint8_t *)magic, sizeof(magic)) != 0 ||
         sink_write(dst, keys.salt, sizeof(keys.salt)) != 0))
        goto fail;
    if (pump(a, src, dst, &ctx) != 0 || sink_commit(dst) != 0)
        goto fail;
    ret = 0;
    goto done;
fail:
    out_abort(&dst->out);
done:
    if (a->in != NULL && src->fd > STDIN_FILENO)
        close(src->fd);
    if (a->cipher != NULL)
        brisk_cipher_cleanup(&ctx);
    brisk_wipe(&keys, sizeof(keys));
    return ret;
}

/* cipher_option takes -CIPHER; -1 after reporting an unknown one. */
static int cipher_option(enc_args *a, const char *opt)
{
    const brisk_cipher *c = brisk_cipher_by_name(opt + (opt[1] == '-' ? 2 : 1));

    if (c == NULL) {
        app_error(PROG, "unknown option or cipher '%s'; see -help and -list", opt);
        return -1;
    }
    a->cipher = c;
    return 0;
}

int enc_main(int argc, char **argv)
{
    static enc_source src;
    static sink dst;
    enc_args a = {0};
    app_opts o;
    int id;

    a.md = &brisk_digest_sha256;
    a.encrypt = 1;
    opts_init(&o, PROG, enc_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_LIST: list_ciphers(); return 0;
        case OPT_E: a.encrypt = 1; break;
        case OPT_D: a.encrypt = 0; break;
        case OPT_P: a.printkey = 1; break;
        case OPT_UPPER_P: a.printkey = 2; break;
        case OPT_IN: a.in = strcmp(o.value, "-") != 0 ? o.value : NULL; break;   /* as openssl */
        case OPT_OUT: a.out = o.value; break;
        case OPT_K: a.k_arg = o.argv[o.ind - 1]; break;
        case OPT_KFILE: a.kfile = o.value; break;
        case OPT_PASS: a.passarg = o.value; break;
        case OPT_A: a.base64 = 1; break;
        case OPT_UPPER_A: a.one_line = 1; break;
        case OPT_NOPAD: a.nopad = 1; break;
        case OPT_SALT: a.nosalt = 0; break;
        case OPT_NOSALT: a.nosalt = 1; break;
        case OPT_UPPER_K: a.hkey = o.argv[o.ind - 1]; break;
        case OPT_UPPER_S: a.hsalt = o.argv[o.ind - 1]; break;
        case OPT_IV: a.hiv = o.argv[o.ind - 1]; break;
        case OPT_ITER: a.iter = (uint32_t)o.number; a.pbkdf2 = 1; break;
        case OPT_PBKDF2:
            a.pbkdf2 = 1;
            if (a.iter == 0)
                a.iter = DEFAULT_ITER;
            break;
        case OPT_NONE: a.cipher = NULL; break;
        case OPT_PROVIDER: break;
        case OPT_MD:
            a.md = brisk_digest_by_name(o.value);
            if (a.md == NULL) {
                app_error(PROG, "unknown digest '%s' for -md", o.value);
                return 1;
            }
            break;
        case OPT_UNKNOWN:
            if (cipher_option(&a, o.name) != 0)
                return 1;
            break;
        default:
            return 1;
        }
    }
    if (o.ind < argc) {
        app_error(PROG, "unexpected argument '%s'; use -in FILE", argv[o.ind]);
        return 1;
    }
    if (a.cipher != NULL && !usable(a.cipher)) {
        app_error(PROG, "%s ciphers not supported (%s), as in openssl enc",
                  a.cipher->mode == BRISK_MODE_XTS ? "XTS" : "AEAD", a.cipher->name);
        return 1;
    }
    if (a.iter == 0)
        a.iter = 1;
    src.base64 = a.base64 && !a.encrypt;
    dst.base64 = a.base64 && a.encrypt;
    dst.one_line = a.one_line;
    return run(&a, &src, &dst);
}
