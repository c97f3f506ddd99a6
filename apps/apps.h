/*
 * apps/apps.h - what the subcommands of the `brisk` command share: their entry
 * points, one option parser driven by a table (so that -help, unknown
 * options and bad values read the same everywhere), strict number parsing,
 * one-line error messages, hex output, the lines that describe this build
 * ("options:", "compiler:", "CPUINFO:") and the speed self-check vectors.
 */
#ifndef BRISK_APPS_H
#define BRISK_APPS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <brisk/digest.h>

/* Subcommands: argv[0] is the subcommand's name; the result is the exit
 * status of the command. */
int speed_main(int argc, char **argv);
int dgst_main(int argc, char **argv);
int des_opts_main(int argc, char **argv);
int enc_main(int argc, char **argv);
int version_main(int argc, char **argv);
int list_main(int argc, char **argv);

/* app_error prints one line "brisk PROG: message" to stderr. */
void app_error(const char *prog, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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

/* ---- Output ---- */

/* print_hex writes len bytes as lower-case hex, separated by ':' if colons. */
void print_hex(FILE *f, const uint8_t *p, size_t len, int colons);

/* hex_encode writes 2 * len hex digits and a NUL to out. */
void hex_encode(char *out, const uint8_t *p, size_t len);

/* The lines describing this build, each ending in a newline:
 * "options: md2(c) md4(bmi2) ..." (the implementation in use per primitive),
 * "compiler: <compiler> <flags>", and "CPUINFO: <features>" where features
 * hidden by BRISK_CPU are marked with a leading '-'. */
void print_options_line(FILE *f);
void print_compiler_line(FILE *f);
void print_cpuinfo_line(FILE *f);

/* ---- Known answers for `speed` ---- */

/* The self-check message: SELFCHECK_MSG_LEN bytes, byte i = (31 i + 7) mod
 * 256, several blocks of every digest plus a partial block. */
#define SELFCHECK_MSG_LEN 300
void selfcheck_message(uint8_t msg[SELFCHECK_MSG_LEN]);

/* The HMAC self-check key: the 16 ASCII bytes "brisk-self-check". */
extern const char selfcheck_hmac_key[];

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

#endif
