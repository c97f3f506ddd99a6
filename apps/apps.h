/*
 * apps/apps.h - what the subcommands of the `brisk` command share: their entry
 * points, one option parser driven by a table (so that -help, unknown
 * options and bad values read the same everywhere), strict number parsing,
 * one-line error messages, hex and base64 and one writer for every output
 * file, all or nothing (apps/io.h), the lines that describe this build
 * ("options:", "compiler:", "CPUINFO:") and the speed self-check vectors;
 * and for the fuzz targets, the option tables, dgst's -sigopt parser and
 * enc's input side.
 */
#ifndef BRISK_APPS_H
#define BRISK_APPS_H

#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include <brisk/digest.h>
#include <brisk/pkey.h>

#include "io.h"

/* Subcommands: argv[0] is the subcommand's name; the result is the exit
 * status of the command. */
int speed_main(int argc, char **argv);
int channel_main(int argc, char **argv);
int dgst_main(int argc, char **argv);
int des_opts_main(int argc, char **argv);
int disk_main(int argc, char **argv);
int enc_main(int argc, char **argv);
int version_main(int argc, char **argv);
int list_main(int argc, char **argv);
int ecparam_main(int argc, char **argv);
int genpkey_main(int argc, char **argv);
int genrsa_main(int argc, char **argv);
int pkeyutl_main(int argc, char **argv);
int dsaparam_main(int argc, char **argv);
int pkey_main(int argc, char **argv);
int report_main(int argc, char **argv);
int tune_main(int argc, char **argv);

/* app_error prints one line "brisk PROG: message" to stderr. */
void app_error(const char *prog, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* app_std_fds, called first, puts /dev/null on whichever of fds 0, 1 and 2
 * is closed, so that no file brisk opens takes the place of a standard
 * stream (an output file as fd 2 would get the error messages).  A closed
 * stdout gets /dev/null opened read-only, a closed stdin opened
 * write-only: every write to stdout (read from stdin) then still fails with
 * EBADF, and is reported, as on the closed descriptor. */
void app_std_fds(void);

/* app_env_check prints a warning on stderr for each item of BRISK_IMPL
 * and BRISK_CPU that the library ignores (an unknown primitive,
 * implementation or feature, an implementation this CPU cannot run), so
 * that a typo does not silently time the default. */
void app_env_check(void);

/* app_same_file tells whether a names a regular file that b names too,
 * also through a symbolic or hard link; 0 if either is NULL or missing. */
int app_same_file(const char *a, const char *b);

/* app_out_is_input refuses, with one error line, an -out naming one of the
 * n inputs (NULL entries are skipped) or, with `with_stdin`, the file on
 * stdin, also through a symbolic or hard link, before anything is opened
 * for writing.  Returns 1 if refused, else 0. */
int app_out_is_input(const char *prog, const char *out, const char *const *inputs, int n,
                     int with_stdin);

/* app_stdout_check tells, before a long computation (speed, des-opts),
 * whether stdout is known to be unwritable: closed, /dev/full, or a pipe
 * whose reader is gone (raising SIGPIPE, as a write would).  Returns 0, or
 * -1 after one error line. */
int app_stdout_check(const char *prog);

/* app_stdout_finish flushes and closes stdout when a subcommand returns
 * `ret`: if that fails it prints "brisk PROG: cannot write stdout: REASON"
 * (unless an error line was printed already) and returns 1 for a 0 `ret`;
 * else it returns `ret`. */
int app_stdout_finish(const char *prog, int ret);

/* ---- Options ---- */

typedef enum app_arg {
    ARG_NONE,    /* a flag */
    ARG_STRING,  /* takes the next argument as it is */
    ARG_NUMBER   /* takes the next argument as a decimal in [min, max] */
} app_arg;

/* One option of a subcommand; tables end with a zeroed entry. */
typedef struct app_option {
    const char *name;     /* without the leading '-' */
    int id;               /* > 0, returned by opts_next */
    app_arg arg;
    long min, max;        /* bounds of an ARG_NUMBER */
    const char *value;    /* the value's name in the usage text: "N", "KEY" */
    const char *help;
} app_option;

/* opts_next results besides an option's id. */
enum {
    OPT_END = 0,       /* no more options: operands start at ind */
    OPT_UNKNOWN = -1,  /* an option not in the table (name holds it) */
    OPT_ERROR = -2,    /* missing or bad value, already reported */
    OPT_HELP = 1       /* the id every table gives to "help" */
};

/* The state of a parse over argv[1..]. */
typedef struct app_opts {
    const char *prog;          /* subcommand name, for messages */
    const app_option *table;
    int argc;
    char **argv;
    int ind;                   /* index of the next argument */
    const char *name;          /* the option as written: "-seconds" */
    const char *value;         /* its value, for ARG_STRING and ARG_NUMBER */
    long number;               /* its value, for ARG_NUMBER */
} app_opts;

/* opts_init starts a parse of argv[1..argc-1] against table for PROG. */
void opts_init(app_opts *o, const char *prog, const app_option *table,
               int argc, char **argv);

/* opts_next returns the id of the next option, OPT_END at the first operand
 * (a lone "-" or "--" ends the options and is skipped), OPT_UNKNOWN or
 * OPT_ERROR.  Options may be written with one dash or two. */
int opts_next(app_opts *o);

/* opts_usage prints "Usage: brisk PROG SYNOPSIS" and the table to f. */
void opts_usage(FILE *f, const char *prog, const char *synopsis,
                const app_option *table);

/* parse_long reads a whole decimal string into *out; returns 0, -1 if s is
 * not a number, or -2 if it does not fit in a long. */
int parse_long(const char *s, long *out);

/* parse_bytes reads a positive byte count: "4096", "4k", "1M", "2g" (powers
 * of 1024, either case, as dd) or "100kB", "100MB", "1GB" (powers of 1000)
 * into *out; returns 0, or -1 if s is none of these or overflows. */
int parse_bytes(const char *s, uint64_t *out);

/* write_all writes len bytes to fd, retrying after EINTR and short writes;
 * 0, or -1 with errno set (ENOSPC if the kernel takes nothing). */
int write_all(int fd, const uint8_t *p, size_t len);

/* write_all_unless is write_all, but gives up (EINTR) on a write a signal
 * interrupted once *stop is set: a long write can be cut short. */
int write_all_unless(int fd, const uint8_t *p, size_t len, const volatile sig_atomic_t *stop);

/* ---- Output ---- */

/* The lines describing this build, each ending in a newline:
 * "options: md2(c) md4(bmi2) ..." (the implementation in use per primitive),
 * "compiler: <compiler> <flags>", and "CPUINFO: <features>" where features
 * hidden by BRISK_CPU are marked with a leading '-'. */
void print_options_line(FILE *f);
/* print_tuning_line prints "tuning: " and the tuning file in use, if any. */
void print_tuning_line(FILE *f);
void print_compiler_line(FILE *f);
void print_cpuinfo_line(FILE *f);

/* ---- Known answers for `speed` ---- */

/* The self-check message: SELFCHECK_MSG_LEN bytes, byte i = (31 i + 7) mod
 * 256, several blocks of every digest plus a partial block. */
#define SELFCHECK_MSG_LEN 300
void selfcheck_message(uint8_t msg[SELFCHECK_MSG_LEN]);

/* The HMAC self-check key: the 16 ASCII bytes "brisk-self-check". */
extern const char selfcheck_hmac_key[];

/* The GHASH self-check answer, in hex: the GMAC tag (AES-128-GCM, no
 * plaintext) of the self-check message as AAD under openssl speed's GHASH
 * key (the first 16 bytes of its key32: 12 34 56 78 9a bc de f0 34 56 78
 * 9a bc de f0 12) and IV "0123456789ab". */
extern const char selfcheck_gmac[];

/* selfcheck_expected returns the hex digest (hmac = 0) or HMAC tag
 * (hmac = 1) of the self-check message under `md`, or NULL if none is known. */
const char *selfcheck_expected(const brisk_digest *md, int hmac);

/* A cipher's known answer, decoded: plaintext pt encrypts to ct (pt_len
 * bytes each) under key and iv, with AAD aad and tag tag for an AEAD. */
typedef struct selfcheck_kat {
    uint8_t key[64], iv[16], aad[32], pt[64], ct[64], tag[16];
    size_t key_len, iv_len, aad_len, pt_len, tag_len;
} selfcheck_kat;

/* selfcheck_cipher fills kat with the known answer for the cipher named
 * `name` (the registry's name); returns 0, or -1 if none is stored. */
int selfcheck_cipher(const char *name, selfcheck_kat *kat);

/* ---- Files and keys (apps/keyio.c) ---- */

/* pem_other_label finds the first "-----BEGIN LABEL-----" line of text
 * whose label is not in `expected` (NULL-terminated) when none is; it
 * copies that label to out (of out_len bytes, cut to fit) and returns 1,
 * else 0: what to name when a file holds the wrong kind of block. */
int pem_other_label(const uint8_t *text, size_t len, const char *const *expected, char *out,
                    size_t out_len);

/* The largest file a key, parameters or signature are read from. */
#define APP_MAX_KEY_FILE (1024 * 1024)

/* Encodings for -inform, -outform and -keyform: FORM_ANY tells PEM from
 * DER by the "-----BEGIN" line. */
enum { FORM_ANY = 0, FORM_PEM, FORM_DER };

/* parse_form reads "PEM" or "DER" (any case) into *form; returns 0, or -1
 * after reporting a bad value of the option `opt`. */
int parse_form(const char *prog, const char *opt, const char *s, int *form);

/* read_file reads the whole of path (NULL or "-": stdin), at most max
 * bytes, into a malloc'd buffer with a NUL after its *len bytes; returns 0,
 * or -1 after reporting (unreadable, too large). */
int read_file(const char *prog, const char *path, size_t max, uint8_t **out, size_t *len);

/* load_key reads a key from path in form; returns 0, or -1 after one line
 * naming the problem (malformed or truncated PEM/DER, invalid, empty
 * input, or what the file holds instead: "found DSA PARAMETERS, expected
 * PRIVATE KEY, ..."; an encrypted key: "give its password with -passin",
 * never a prompt). */
int load_key(const char *prog, const char *path, int form, brisk_pkey *key);

/* load_key_pass is load_key that also reads an encrypted key (encrypted
 * PKCS#8, PEM or DER, or traditional PEM with Proc-Type): with the password
 * that passin names (read first, as openssl does, whether the key turns
 * out encrypted or not), or, with passin NULL and the key encrypted, one
 * asked for on the terminal (app_password).  A wrong password is one line,
 * "wrong password for 'FILE' (or the file is corrupt)". */
int load_key_pass(const char *prog, const char *path, int form, const char *passin,
                  brisk_pkey *key);

/* KEY_CIPHER_OPTIONS(id) are the option-table lines of the ciphers that
 * encrypt a private key on output, all with the same id: key_cipher maps
 * the option as written ("-aes256") to the cipher's name. */
#define KEY_CIPHER_OPTIONS(id)                                                          \
    {"aes128", id, ARG_NONE, 0, 0, NULL, "Encrypt the key with AES-128-CBC"},           \
    {"aes192", id, ARG_NONE, 0, 0, NULL, "Encrypt the key with AES-192-CBC"},           \
    {"aes256", id, ARG_NONE, 0, 0, NULL, "Encrypt the key with AES-256-CBC"},           \
    {"des3", id, ARG_NONE, 0, 0, NULL, "Encrypt the key with DES-EDE3-CBC"},            \
    {"des", id, ARG_NONE, 0, 0, NULL, "Encrypt the key with DES-CBC (weak)"}

/* key_cipher returns the cipher name of a KEY_CIPHER_OPTIONS option. */
const char *key_cipher(const char *opt);

/* encode_key_pass is encode_key that encrypts a private key with `cipher`
 * (NULL: not encrypted) under the password passout names (NULL: asked
 * for twice on the terminal, "Enter PEM pass phrase:"): in PEM, PKCS#8 as
 * "ENCRYPTED PRIVATE KEY" and the traditional form with Proc-Type and
 * DEK-Info; in DER, encrypted PKCS#8 whatever the encoding asked for. */
int encode_key_pass(const char *prog, uint8_t **buf, size_t *len, const brisk_pkey *key,
                    int encoding, int form, const char *cipher, const char *passout);

/* load_dsa_params reads DSA parameters from path in form; as load_key. */
int load_dsa_params(const char *prog, const char *path, int form, brisk_dsa_params *params);

/* decode_dsa_params is load_dsa_params on the len bytes already read from
 * path (which only names it in errors). */
int decode_dsa_params(const char *prog, const char *path, int form, const uint8_t *buf,
                      size_t len, brisk_dsa_params *params);

/* APP_DH_GROUPS lists the DH groups brisk has, for messages. */
#define APP_DH_GROUPS "ffdhe2048, ffdhe3072, ffdhe4096, ffdhe6144 and ffdhe8192"

/* decode_dh_params decodes the len bytes read from path (which only names
 * it in errors) as DH parameters (PKCS #3's DHParameter of an RFC 7919
 * group) in form (FORM_ANY: DER when they start as a SEQUENCE does, else
 * PEM) into *group; 0, or -1 reported (not reported with prog NULL). */
int decode_dh_params(const char *prog, const char *path, int form, const uint8_t *buf,
                     size_t len, const brisk_dh_group **group);

/* decode_ec_params decodes the len bytes read from path (which only names
 * it in errors) as EC parameters in form (FORM_ANY: DER when they start
 * as an OID or a SEQUENCE does, else PEM) into *curve and
 * *explicit_params; 0, or -1 reported (not reported with prog NULL). */
int decode_ec_params(const char *prog, const char *path, int form, const uint8_t *buf,
                     size_t len, int *curve, int *explicit_params);

/* load_key_pass_unchecked and load_dsa_params_unchecked read as
 * load_key_pass and load_dsa_params do, but leave the numbers unchecked
 * (and a key not prepared): for -check and -text, which look at a key
 * without using it.  (An encrypted key is checked: the password decoders
 * check what they decrypt.) */
int load_key_pass_unchecked(const char *prog, const char *path, int form, const char *passin,
                            brisk_pkey *key);
int load_dsa_params_unchecked(const char *prog, const char *path, int form,
                              brisk_dsa_params *params);

/* key_text appends to the growing buffer *buf of *len bytes (as
 * encode_key) the text `openssl pkey -text` prints of key, or with
 * pub_only that of `-text_pub`; dsa_params_text that of `openssl
 * dsaparam -text`.  0, or -1 after reporting. */
int key_text(const char *prog, uint8_t **buf, size_t *len, const brisk_pkey *key, int pub_only);
int dsa_params_text(const char *prog, uint8_t **buf, size_t *len, const brisk_dsa_params *params);

/* ec_params_text appends what `openssl ecparam -text` prints of a curve:
 * "EC-Parameters: (256 bit)", then its names, or with explicit_params its
 * numbers (p, a, b, G, n, h, seed) as openssl prints explicit parameters;
 * as key_text. */
int ec_params_text(const char *prog, uint8_t **buf, size_t *len, int curve, int explicit_params);

/* encode_key appends key in `encoding` (BRISK_PKEY_*) and form (FORM_PEM
 * or FORM_DER) to the growing buffer *buf of *len bytes; returns 0 or -1
 * after reporting. */
int encode_key(const char *prog, uint8_t **buf, size_t *len, const brisk_pkey *key,
               int encoding, int form);

/* encode_dsa_params appends params to *buf as encode_key does. */
int encode_dsa_params(const char *prog, uint8_t **buf, size_t *len,
                      const brisk_dsa_params *params, int form);

/* ec_curve_sn returns OpenSSL's name of a brisk_ec_curve ("prime256v1",
 * "secp384r1", "secp521r1"; "?" for another), as ecparam and -text print
 * it. */
const char *ec_curve_sn(int curve);

/* free_secret wipes and frees a buffer of len bytes. */
void free_secret(void *p, size_t len);

/* ---- Passwords (apps/pass.c) ---- */

/* The longest password read, without its NUL. */
#define APP_PASS_MAX 4095

/* app_password reads the password that `src` names (pass:X, env:VAR,
 * file:PATH, fd:N, stdin; the value of option `opt`, for messages) into
 * buf (APP_PASS_MAX + 1 bytes) as a NUL-terminated string.  file:PATH
 * named twice in one run (openssl's -passin and -passout on one file)
 * gives its first line, then its second.  With src NULL it prompts on the
 * controlling terminal (/dev/tty) without echo, "Enter pass phrase for
 * WHAT:" (openssl's wording; `what` ending in ':' is the whole prompt, as
 * enc's "enter AES-256-CBC encryption password:"; NULL: "Enter PEM pass
 * phrase:"), with `verify` a second time after "Verifying - ", a mismatch
 * being an error; without a terminal it fails with "no password given;
 * use OPT".  An empty password is returned as "" (the caller decides).
 * Returns 0, or -1 after one error line. */
int app_password(const char *prog, const char *opt, const char *src,
                 const char *what, int verify, char *buf);

/* app_password_wipe erases buf (call it as soon as the password is used). */
void app_password_wipe(char *buf);

/* ---- Public-key timing for `speed` (apps/speed_pk.c) ---- */

enum { SPEED_PK_RSA = 1, SPEED_PK_DSA = 2, SPEED_PK_ECDH = 3, SPEED_PK_FFDH = 4,
       SPEED_PK_ECDSA = 5, SPEED_PK_EDDSA = 6 };

/* A key ready for timing, with the message and signature the loops use. */
typedef struct speed_pk speed_pk;

/* speed_pk_new makes a key of `type` and `bits` (RSA: generated; DSA: from
 * fixed parameters) and checks it: sign then verify, a changed signature
 * rejected, and a known signature verified; ECDSA (bits 256, 384, 521:
 * P-256, P-384, P-521): a generated key signs and verifies, a changed
 * signature is rejected, and RFC 6979's key makes its known deterministic
 * signature; ECDH (bits 253: X25519, 448: X448, else the NIST curve of
 * that size): two generated key pairs agree (X25519 and X448: and a known
 * derive comes out); FFDH (bits of
 * an RFC 7919 group): two generated key pairs derive the same secret both
 * ways, and fixed exponents a known one; EdDSA (Ed25519, Ed448): a known
 * signature (RFC 8032 7.1 TEST 2, 7.4 "1 octet") comes out, then a generated
 * key signs and verifies the fixed message and refuses a changed
 * signature.  Returns NULL with *why set when any of that fails. */
speed_pk *speed_pk_new(int type, unsigned bits, const char **why);

/* SPEED_GO is every timed loop's condition (apps/speed_time.c): the alarm
 * has not cleared running, and count is under speed_count_limit, which
 * `speed -testmode` sets to 1 (as OpenSSL 3.2's COND() does) and is
 * otherwise LLONG_MAX. */
extern long long speed_count_limit;
#define SPEED_GO(running, count) ((running) && (count) < speed_count_limit)

/* speed_pk_sign and speed_pk_verify repeat one signature (verification)
 * of the fixed message while SPEED_GO(*running, count), and return the
 * count, or -1 if an operation failed.  For ECDH and FFDH speed_pk_sign
 * repeats one derive with the fixed keys (OpenSSL's one EVP_PKEY_derive
 * per operation) and speed_pk_verify fails: there is one operation. */
long long speed_pk_sign(speed_pk *k, const volatile sig_atomic_t *running);
long long speed_pk_verify(speed_pk *k, const volatile sig_atomic_t *running);

/* speed_pk_ecdh_keys points *priv, *peer and *secret at an ECDH key's
 * private key, the peer's public key and the secret they derive (32 bytes
 * each for X25519, 56 for X448: the row's bits say which), for -compare
 * openssl. */
void speed_pk_ecdh_keys(const speed_pk *k, const uint8_t **priv, const uint8_t **peer,
                        const uint8_t **secret);

/* speed_pk_export writes k's private key as DER (PKCS#1 RSAPrivateKey or
 * OpenSSL's traditional DSA key; PKCS#8 for ECDSA, NIST ECDH and EdDSA
 * keys, with their public key) to a new *der of *der_len bytes (free it
 * with free_secret) and points *msg at the *msg_len bytes the loops sign;
 * returns 0 or -1 (always for FFDH, X25519 and X448, which -compare gives
 * libcrypto otherwise). */
int speed_pk_export(const speed_pk *k, uint8_t **der, size_t *der_len, const uint8_t **msg,
                    size_t *msg_len);

/* speed_pk_peer_export writes a NIST ECDH row's peer public key as a
 * SubjectPublicKeyInfo to a new *der (free it with free) and points
 * *secret at the *secret_len bytes the row's key derives with it; 0, or
 * -1 for other rows. */
int speed_pk_peer_export(const speed_pk *k, uint8_t **der, size_t *der_len,
                         const uint8_t **secret, size_t *secret_len);

/* speed_pk_signature points *sig at an ECDSA (DER) or EdDSA row's latest
 * signature of the message, of *sig_len bytes. */
void speed_pk_signature(const speed_pk *k, const uint8_t **sig, size_t *sig_len);

/* speed_pk_free wipes and frees k (NULL is fine). */
void speed_pk_free(speed_pk *k);

/* ---- The parsers, shared with the fuzz targets (tests/fuzz_*.c) ---- */

/* The option tables of the subcommands, each in its subcommand's file. */
extern const app_option channel_options[], des_opts_options[], dgst_options[], disk_options[],
    dsaparam_options[], ecparam_options[], enc_options[], genpkey_options[], genrsa_options[], list_options[], pkey_options[], pkeyutl_options[], report_options[],
    speed_options[], tune_options[], version_options[];

#define SALT_UNSET (-100) /* sig_job's salt when no rsa_pss_saltlen was given */

/* What dgst's -sign, -verify, -signature and -sigopt asked for (and
 * pkeyutl's rsa_* -pkeyopt). */
typedef struct sig_job {
    const char *key_path;   /* the key of -sign, -verify or -prverify */
    int verify;             /* 0: sign */
    int keyform;
    const char *sig_path;   /* -signature */
    const char *out;        /* -out */
    int hex;                /* -hex or -c given: signatures in hex */
    int pss;                /* rsa_padding_mode:pss */
    int salt;               /* a count or BRISK_RSA_PSS_SALT_*; SALT_UNSET: the default */
    const brisk_digest *mgf1;
    const char *rsa_opt;    /* the first rsa_* option given, for messages */
    const char *passin;     /* -passin: the password source of an encrypted key */
} sig_job;

/* dgst_set_sigopt applies one `-sigopt NAME:VALUE` of dgst to s; returns 0,
 * or -1 after reporting an unknown name or a bad value. */
int dgst_set_sigopt(sig_job *s, const char *opt);

/* sig_set_rsa_opt is dgst_set_sigopt for the command prog (its messages
 * name it): rsa_padding_mode, rsa_pss_saltlen and rsa_mgf1_md. */
int sig_set_rsa_opt(const char *prog, sig_job *s, const char *opt);

/* sig_pss_salt is the PSS salt length to give the library for s (its
 * verify field says which way) with rsa and md: openssl 3.0 signs with the
 * largest salt unless told, and verifies whatever the signature holds. */
int sig_pss_salt(const sig_job *s, const brisk_rsa_key *rsa, const brisk_digest *md);

/* enc's input: what it reads at a time, and its streaming base64 decoder
 * (apps/io.h). */
#define ENC_CHUNK (64 * 1024)

/* The input of enc: fd read as it is, or base64-decoded.  Zeroed, with fd,
 * name and base64 set, it is ready. */
typedef struct enc_source {
    int fd;
    const char *name;           /* for messages */
    int base64, eof;
    b64_decoder dec;
    uint8_t raw[ENC_CHUNK];     /* base64 text read */
    uint8_t data[ENC_CHUNK];    /* decoded bytes not yet taken */
    size_t off, len;
} enc_source;

/* enc_src_read gives up to cap bytes of (decoded) input: their count, 0 at
 * the end, -1 after reporting an error. */
ssize_t enc_src_read(enc_source *s, uint8_t *buf, size_t cap);

/* enc_read_header reads the "Salted__" header of `enc -d` input and the
 * 8-byte salt after it, as openssl enc does; returns 0, or -1 after
 * reporting (another magic, too short, unreadable). */
int enc_read_header(enc_source *src, uint8_t salt[8]);

#endif
