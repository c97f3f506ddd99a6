/*
 * apps/io.h - what apps/io.c gives the subcommands and the tests: the one
 * hex parser (the tests' tv_hex_decode is built on it), hex output,
 * base64 (RFC 4648 section 4, as OpenSSL's BIO_f_base64), and the writer
 * every output file goes through, all or nothing.  It declares nothing
 * else, so that the tests can include it alone.
 */
#ifndef BRISK_APPS_IO_H
#define BRISK_APPS_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* ---- Hex ---- */

/* hex_digit returns the value of the hex digit c (either case), or -1. */
int hex_digit(int c);

/* hex_parse's errors. */
enum {
    HEX_BAD = -1,    /* a character that is not a hex digit (of the case asked) */
    HEX_ODD = -2,    /* an odd number of digits */
    HEX_LONG = -3    /* more bytes than fit */
};

/* hex_parse decodes the hex string hex (NULL: empty; either case, or only
 * lower case when lower_only) into out, at most max bytes, writing nothing
 * unless it succeeds; returns the length, or HEX_BAD, HEX_ODD or HEX_LONG,
 * checked in that order. */
long hex_parse(uint8_t *out, size_t max, const char *hex, int lower_only);

/* hex_decode is hex_parse of lower-case hex, any failure -1. */
long hex_decode(uint8_t *out, size_t max, const char *hex);

/* hex_encode writes 2 * len lower-case hex digits and a NUL to out. */
void hex_encode(char *out, const uint8_t *p, size_t len);

/* print_hex writes len bytes as lower-case hex, separated by ':' if colons. */
void print_hex(FILE *f, const uint8_t *p, size_t len, int colons);

/* ---- Base64: white space anywhere is skipped, '=' may only end the
 * text, a missing final padding is tolerated ---- */

/* b64_encode writes the 4 * ceil(len / 3) characters of len bytes to out
 * and returns their count. */
size_t b64_encode(char *out, const uint8_t *in, size_t len);

/* A streaming decoder. */
typedef struct b64_decoder {
    uint32_t acc;   /* sextets of the current quantum */
    unsigned n;     /* data characters in it */
    unsigned pad;   /* '=' seen */
    int done;       /* the padding is complete: only white space may follow */
} b64_decoder;

/* b64_decode decodes len characters into out (room for 3 * len / 4 + 3
 * bytes), adding to *out_len; -1 on a character that is not base64.  A
 * zeroed decoder starts a text. */
int b64_decode(b64_decoder *d, uint8_t *out, size_t *out_len, const uint8_t *in, size_t len);

/* b64_finish emits an unpadded last quantum; -1 if the text was cut short. */
int b64_finish(b64_decoder *d, uint8_t *out, size_t *out_len);

/* ---- Output files ---- */

/* An output being written: to stdout, a device or FIFO directly, or to a
 * temporary file "TARGET.brisk-tmp-XXXXXX" (mode 0600 while written) that
 * out_commit renames over TARGET and out_abort removes.  The fields are
 * the writer's own. */
typedef struct app_out {
    const char *prog;   /* for messages */
    const char *name;   /* the path as given, or "stdout" */
    int fd;
    int secret;         /* a private key: mode 0600 whatever it replaces */
    char *target;       /* the real file to replace; NULL when direct */
    char *tmp;          /* the temporary file; NULL when direct */
    int replace;        /* target exists: keep its owner and group */
    mode_t mode;        /* the final mode */
    uid_t uid;          /* the replaced file's owner and group */
    gid_t gid;
    int saved_stdout;   /* after out_stdout: the old stdout, else -1 */
} app_out;

/* out_open starts writing PROG's output to path (NULL or "-": stdout);
 * `secret` for a private key.  Returns 0, or -1 after one error line. */
int out_open(app_out *o, const char *prog, const char *path, int secret);

/* out_write writes len bytes; returns 0, or -1 after reporting (the
 * caller then calls out_abort). */
int out_write(app_out *o, const void *buf, size_t len);

/* out_stdout makes stdio's stdout write into o until out_commit or
 * out_abort, for output printed with printf; returns 0 or -1 after
 * reporting. */
int out_stdout(app_out *o);

/* out_commit flushes the output and puts it in place with its final mode,
 * owner and group; returns 0, or -1 after reporting, with everything
 * undone as by out_abort. */
int out_commit(app_out *o);

/* out_abort drops the output: the temporary file is removed and the
 * target left as it was.  It keeps errno. */
void out_abort(app_out *o);

/* out_try makes and removes the temporary file of an output to a regular
 * file (or a new one), so that a command refuses a path it cannot write
 * before a long run rather than after; a directory is refused too, and
 * stdout, devices and FIFOs are left alone.  Returns 0, or -1 after one
 * error line. */
int out_try(const char *prog, const char *path);

/* out_keep_input records that the regular file open on fd was read as a
 * password: out_open and out_commit then refuse to replace it. */
void out_keep_input(int fd);

/* write_file writes len bytes to path (NULL or "-": stdout) through
 * out_open, out_write and out_commit: all or nothing, mode 0600 when
 * `secret`.  Returns 0 or -1 after reporting. */
int write_file(const char *prog, const char *path, const void *buf, size_t len, int secret);

#endif
