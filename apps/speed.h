/*
 * apps/speed.h - what the files of `brisk speed` share: the rows and the
 * run (apps/speed.c chooses them), the kinds of timing and the timing
 * itself (apps/speed_time.c), libcrypto's samples for -compare openssl
 * (apps/speed_ossl.c), the output (apps/speed_out.c) with the one
 * description of the -mr records that its writer and -multi's reader
 * (apps/speed_multi.c) both follow.
 */
#ifndef BRISK_SPEED_H
#define BRISK_SPEED_H

#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <brisk/cipher.h>
#include <brisk/digest.h>
#include <brisk/mac.h>

#include "apps.h"
#include "run_json.h"
#include "speed_clock.h"

#define MAX_SIZES 6
#define MAX_ROWS 64
#define MAX_MULTI 256
#define N_PK_SIZES 23     /* rsa512 ... rsa4096, dsa512 ... dsa2048, ecdsap256 ...
                             ecdsap521, ecdhp256 ... ecdhp521, ecdhx25519, ecdhx448,
                             ed25519, ed448, ffdh2048 ... ffdh8192 */
#define SLACK 64          /* room past a block for the bytes a mode buffers */
#define CHECK_BUF_LEN 512 /* what the self-checks use of the buffer */
#define SLOPE_POINTS 16   /* -slope: lengths 16, 1040, ..., 15376 */
#define SLOPE_ROUNDS 4    /* -slope: rounds over the lengths, the fastest kept */
#define SLOPE_MIN_LEN 16
#define SLOPE_STEP 1024
#define SLOPE_MAX_LEN (SLOPE_MIN_LEN + (SLOPE_POINTS - 1) * SLOPE_STEP)

typedef struct speed_row speed_row;

/* Results of a self-check, and of a setup. */
enum { CHECK_OK, CHECK_FAIL, CHECK_NONE };
enum { SETUP_LENGTH = 1, SETUP_CHECK };

/* How to time one kind of algorithm. */
typedef struct speed_kind {
    /* check runs the timed path over a known answer, using buf (at least
     * SELFCHECK_MSG_LEN + SLACK bytes) as it likes; returns CHECK_*. */
    int (*check)(speed_row *row, uint8_t *buf);
    /* setup prepares the row for timing blocks of len bytes from buf (keys,
     * contexts); returns 0, SETUP_LENGTH when the row cannot take that
     * length, or SETUP_CHECK when it fails a check at that length. */
    int (*setup)(speed_row *row, uint8_t *buf, size_t len);
    /* loop repeats the operation until the alarm; returns the count. */
    long long (*loop)(speed_row *row, uint8_t *buf, size_t len);
} speed_kind;

/* The kinds (apps/speed_time.c): a one-shot digest, HMAC keyed once, a
 * cipher's update loop, an AEAD cipher's whole messages, GHASH alone (AAD
 * into one AES-128-GCM context, as OpenSSL 3.0 times GMAC updates), and
 * the random generator. */
extern const speed_kind speed_digest_kind, speed_hmac_kind, speed_cipher_kind,
    speed_aead_kind, speed_ghash_kind, speed_rand_kind;

struct speed_row {
    brisk_cipher_ctx ctx;       /* first: needs the 64-byte alignment */
    int index;                  /* OpenSSL's algorithm index, for "+F:" */
    char label[48];             /* row name: "md5", "hmac(md5)", "rc4" */
    const speed_kind *kind;
    const brisk_digest *md;     /* a digest row's digest, or NULL */
    const brisk_cipher *cipher; /* a cipher row's cipher (ghash: aes-128-gcm), or NULL */
    int decrypt;                /* -decrypt: time decryption */
    int aad;                    /* -aead: 13 bytes of AAD per message */
    brisk_hmac_ctx hmac;        /* keyed once, for the hmac kind */
    uint8_t key[BRISK_CIPHER_MAX_KEY];
    uint8_t iv[BRISK_CIPHER_MAX_IV];
    uint8_t tag[BRISK_GCM_TAG_LEN]; /* -aead -decrypt: the payload's tag */
    uint8_t *out;               /* -aead -decrypt: where plaintext goes */
    int failed;                 /* failed its self-check: never shown */
    int done;                   /* timed at every size (-multi's parent:
                                   by every worker) */
    double results[MAX_SIZES];  /* bytes per second: the median of samples */
    speed_samples samples[MAX_SIZES];
    int worker_samples[MAX_SIZES]; /* -multi's parent: samples of the worker read */
    /* -slope: the least-squares line through the time (and, with -cycles,
     * the cycles) of one call against its length, over the slope sizes. */
    int slope_done;
    double slope_ns_per_call, slope_ns_per_byte;
    double slope_cycles_per_call, slope_cycles_per_byte;   /* 0 without -cycles */
    speed_samples ossl[MAX_SIZES]; /* -compare openssl: libcrypto's samples */
    int ossl_na;                /* libcrypto cannot time this row: n/a */
};

/* A public-key row: one key size of RSA or DSA, timed signing and
 * verifying, or one FFDH group, timed deriving (op 0 only; apps/speed_pk.c
 * holds the keys and loops). */
typedef struct pk_row {
    int type;               /* SPEED_PK_RSA, SPEED_PK_DSA, SPEED_PK_ECDSA, SPEED_PK_EDDSA,
                               SPEED_PK_ECDH or SPEED_PK_FFDH (the last
                               two: one operation, derive, in results[0]) */
    int index;              /* OpenSSL 3.0's: rsa512 is 0, dsa512 0, ... */
    unsigned bits;
    speed_pk *key;          /* made and checked before timing */
    int failed;             /* failed its self-check or a loop: never shown */
    int skipped;            /* a smaller size took the whole time: not run */
    int done;               /* signing and verifying timed */
    double results[2];      /* signatures and verifications per second:
                               the medians of samples */
    speed_samples samples[2];
    int worker_samples[2];  /* -multi's parent: samples of the worker read */
    speed_samples ossl[2];  /* -compare openssl: libcrypto's samples */
    int ossl_na;            /* libcrypto cannot time this row: n/a */
} pk_row;

/* speed_pk_name is a public-key row's algorithm as OpenSSL's progress
 * lines name it: "rsa", "dsa", "ecdsa", "ecdh" or "ffdh"; "eddsa" (whose
 * progress lines name the curve, speed_eddsa_curve). */
static inline const char *speed_pk_name(int type)
{
    return type == SPEED_PK_RSA     ? "rsa"
           : type == SPEED_PK_DSA   ? "dsa"
           : type == SPEED_PK_ECDSA ? "ecdsa"
           : type == SPEED_PK_ECDH  ? "ecdh"
           : type == SPEED_PK_EDDSA ? "eddsa"
                                    : "ffdh";
}

/* speed_pk_curve is OpenSSL 3.0's name of an ECDSA or ECDH row's curve,
 * as its tables print it: "nistp256", "nistp384", "nistp521", "X25519",
 * "X448". */
static inline const char *speed_pk_curve(unsigned bits)
{
    return bits == 256   ? "nistp256"
           : bits == 384 ? "nistp384"
           : bits == 521 ? "nistp521"
           : bits == 448 ? "X448"
                         : "X25519";
}

/* speed_eddsa_curve is an EdDSA row's curve as OpenSSL 3.0 names it. */
static inline const char *speed_eddsa_curve(unsigned bits)
{
    return bits == 456 ? "Ed448" : "Ed25519";
}

/* speed_pk_ops is the number of operations a row of that type times: 2
 * (sign and verify), or 1 for ECDH and FFDH (derive). */
static inline int speed_pk_ops(int type)
{
    return type == SPEED_PK_ECDH || type == SPEED_PK_FFDH ? 1 : 2;
}

/* The benchmark's settings and rows. */
typedef struct speed_run {
    speed_row rows[MAX_ROWS];
    int n_rows;
    pk_row pk[N_PK_SIZES];  /* RSA, DSA, ECDSA, ECDH, then FFDH rows, each by size */
    int n_pk;
    int pk_seconds;         /* OpenSSL's PKEY_SECONDS: 10 unless -seconds */
    int seconds, mr, usertime, multi;
    int worker;             /* a -multi worker: a +S or +SP record per sample */
    size_t misalign;
    int sizes[MAX_SIZES];
    int n_sizes;
    int sizes_given;        /* -bytes was given */
    uint8_t *buf;           /* aligned buffer + misalign */
    void *buf_base;
    uint8_t *out;           /* a second buffer, for -aead -decrypt */
    void *out_base;
    int failed;             /* some row failed its self-check or setup */
    int interrupted;        /* SIGINT came: only the rows done are printed */
    int every;              /* no algorithm named: every row */
    int repeat;             /* -repeat: samples per cell (1 by default) */
    int stats;              /* -stats: the spread table */
    int slope;              /* -slope: the per-call and per-byte costs */
    int want_cycles;        /* -cycles (or -mhz) */
    int testmode;           /* -testmode: one operation per cell, untimed */
    speed_cycle_clock clk;  /* -cycles' counter, -mhz's rate */
    double cpu_share;       /* CPU seconds per wall second before timing;
                               -1 when not measured */
    run_doc doc;            /* -json, -save, -baseline, -fail-below */
    const char *compare_version; /* -compare openssl: OpenSSL_version(0) of
                                    the libcrypto loaded, else NULL */
} speed_run;

/* ---- Timing (apps/speed_time.c) ---- */

/* speed_catch_signals installs the SIGALRM handler that ends each timed
 * loop, and, unless SIGINT is ignored (a background job), a SIGINT handler
 * that ends the loop running, stops the timing and passes SIGINT on to
 * the workers of -multi. */
void speed_catch_signals(void);

/* speed_interrupted tells whether SIGINT came. */
int speed_interrupted(void);

/* speed_watch_child adds a -multi worker to those SIGINT is passed on to;
 * speed_forget_children empties that list (in a new worker). */
void speed_watch_child(pid_t pid);
void speed_forget_children(void);

/* speed_die_of_sigint ends the process by SIGINT, so that the shell sees
 * how it ended; after the rows done were printed. */
void speed_die_of_sigint(void);

/* speed_self_check runs each row's timed path over a known answer and
 * makes and checks each public-key row's key; a row that fails is
 * reported and marked failed, and so is r. */
void speed_self_check(speed_run *r);

/* speed_planned_seconds adds up the timed loops of r that have not
 * failed: what the progress line counts down and `speed -help` estimates
 * (the setups between loops take little). */
long speed_planned_seconds(const speed_run *r);

/* A timed loop: repeats an operation on arg while SPEED_GO(*running,
 * count), returns the count, or -1 when an operation failed. */
typedef long long speed_loop_fn(void *arg, const volatile sig_atomic_t *running);

/* speed_time_loop runs loop for `seconds` under the alarm (and the
 * progress line) and returns its count, the time it took in *secs (at
 * least 1 ms) by `clock`, a clock as time_cell chooses it for the cell. */
long long speed_time_loop(int seconds, int clock, speed_loop_fn *loop, void *arg, double *secs);

/* speed_cpu_loop runs loop for about `seconds` of the process's CPU time
 * (user and system: ITIMER_PROF ends it, no progress line) and returns its
 * count, the CPU time it took in *secs (at least 1 us); `brisk tune`'s
 * clock, for fractions of a second. */
long long speed_cpu_loop(double seconds, speed_loop_fn *loop, void *arg, double *secs);

/* speed_row_rate runs row's timed loop on len-byte blocks of buf (set up
 * by its kind's setup) for about `seconds` of CPU time by speed_cpu_loop;
 * returns bytes per second, or -1. */
double speed_row_rate(speed_row *row, uint8_t *buf, size_t len, double seconds);

/* speed_run_all times every row at every size, in OpenSSL 3.0's timing
 * order, then the public-key rows, with progress lines on stderr. */
void speed_run_all(speed_run *r);

/* speed_slope_len returns the i-th length -slope times. */
int speed_slope_len(int i);

/* ---- The progress line (apps/speed_progress.c) ---- */

/* speed_progress_wanted tells whether a run with every row shows the
 * progress line: stderr a terminal (not "dumb"), no -mr, no -multi. */
int speed_progress_wanted(int mr, int multi);

/* speed_progress_start turns the line on, with the seconds the run plans. */
void speed_progress_start(long seconds);

/* speed_progress_on tells whether the line is on. */
int speed_progress_on(void);

/* speed_progress_spent takes seconds done (or no longer planned) off. */
void speed_progress_spent(long seconds);

/* speed_progress_show draws the line under the "Doing" part of len
 * characters just written; speed_progress_hide erases it and puts the
 * cursor back after that part; speed_progress_tick (async-signal-safe)
 * counts a second down. */
void speed_progress_show(int len);
void speed_progress_hide(void);
void speed_progress_tick(void);

/* ---- Output (apps/speed_out.c) ---- */

/* speed_print_results prints the banner (not with -mr), the table of the
 * digest and cipher rows and the RSA and DSA rows to stdout; after SIGINT
 * (r->interrupted) only the rows done. */
void speed_print_results(const speed_run *r);

/* speed_any_done tells whether a row was timed to the end (after SIGINT,
 * only those are printed, and nothing if there is none). */
int speed_any_done(const speed_run *r);

/* The -mr records: a tag, then each field after a ':', one per line.
 * "+H" and "+F*" go to stdout, the progress records "+DT", "+R", "+DTP"
 * and "+R1".."+R12" to stderr, as OpenSSL 3.0 writes them. */
enum {
    MR_H,      /* +H:size:size...                     the block sizes */
    MR_F,      /* +F:index:label:rate:rate...         bytes per second */
    MR_F2,     /* +F2:index:bits:sign/s:verify/s      RSA */
    MR_F3,     /* +F3:index:bits:sign/s:verify/s      DSA */
    MR_DT,     /* +DT:label:seconds:size              timing starts */
    MR_R,      /* +R:count:label:seconds              timing done */
    MR_DTP,    /* +DTP:bits:operation:algorithm:seconds */
    MR_R1,     /* +R1:count:bits:seconds              RSA private */
    MR_R2,     /* +R2 ...                             RSA public */
    MR_R3,     /* +R3 ...                             DSA sign */
    MR_R4,     /* +R4 ...                             DSA verify */
    MR_F4,     /* +F4:index:bits:sign/s:verify/s      ECDSA */
    MR_R5,     /* +R5:count:bits:seconds              ECDSA sign */
    MR_R6,     /* +R6:count:bits:seconds              ECDSA verify */
    MR_F5,     /* +F5:index:bits:op/s:seconds/op      ECDH */
    MR_R7,     /* +R7:count:bits:seconds              ECDH derive */
    MR_F8,     /* +F8:index:bits:op/s:seconds/op      FFDH */
    MR_R12,    /* +R12:count:bits:seconds             FFDH derive */
    MR_F6,     /* +F6:index:bits:curve:sign/s:verify/s EdDSA */
    MR_R8,     /* +R8:count:bits:curve:seconds        EdDSA sign */
    MR_R9,     /* +R9:count:bits:curve:seconds        EdDSA verify */
    /* brisk's own, from a -multi worker to its parent only: one sample. */
    MR_S,      /* +S:index:label:size index:bytes/s */
    MR_SP,     /* +SP:type:index:bits:operation (0 sign, 1 verify):ops/s */
    MR_KINDS
};

/* The types of the fields, with the printf argument each takes. */
typedef enum mr_field {
    MR_END,     /* no more fields */
    MR_INT,     /* int, "%d" */
    MR_UINT,    /* unsigned, "%u" */
    MR_COUNT,   /* long long, "%lld" */
    MR_NAME,    /* const char *, holding no ':' */
    MR_SECS,    /* double, "%.2f" */
    MR_REAL,    /* double, "%f" */
    MR_SIZES,   /* int n and const int *: n fields "%d" (last field only) */
    MR_RATES    /* int n and const double *: n fields "%.2f" (last only) */
} mr_field;

#define MR_MAX_FIELDS 5

typedef struct mr_record {
    const char *tag;
    mr_field fields[MR_MAX_FIELDS + 1];
} mr_record;

/* The one description of the records, indexed by MR_*. */
extern const mr_record speed_mr_records[MR_KINDS];

/* speed_mr_write writes one record of `kind` to f, the arguments following
 * its fields' types. */
void speed_mr_write(FILE *f, int kind, ...);

/* A record read back: v[i] holds field i (MR_INT, MR_UINT, MR_COUNT: n;
 * MR_SECS, MR_REAL: x; MR_NAME: s, inside the line), list the values of a
 * trailing MR_SIZES or MR_RATES field. */
typedef struct mr_line {
    union {
        long long n;
        double x;
        const char *s;
    } v[MR_MAX_FIELDS];
    double list[MAX_SIZES];
    int n_list;
} mr_line;

/* speed_mr_kind returns the kind of record line is (its tag, then ':' or
 * the end), or -1. */
int speed_mr_kind(const char *line);

/* speed_mr_read parses line, a record of `kind`, into out, ending its
 * MR_NAME fields in place; returns 0, or -1 when a field is missing or
 * malformed. */
int speed_mr_read(char *line, int kind, mr_line *out);

/* ---- -json, -save, -baseline (apps/speed_json.c) ---- */

/* speed_json_wanted tells whether the run writes or compares a document. */
int speed_json_wanted(const speed_run *r);

/* speed_json_finish writes the run document of r to -json's and -save's
 * files and compares it with -baseline's (on stdout, or stderr with -mr
 * or -json -); returns 0, or 1 when a write failed or -fail-below fired. */
int speed_json_finish(speed_run *r);
/* ---- -compare openssl (apps/speed_ossl.c) ---- */

/* speed_ossl_load loads libcrypto (libcrypto.so.3, or the file that
 * BRISK_LIBCRYPTO names) and its default and legacy providers, and sets
 * r->compare_version; returns 0, or -1 after one error line. */
int speed_ossl_load(speed_run *r);

/* speed_ossl_unload unloads the providers speed_ossl_load loaded (the
 * legacy one's child library context is freed only then: without it,
 * LeakSanitizer reports it at exit). */
void speed_ossl_unload(void);

/* speed_ossl_time_cell takes one libcrypto sample of row at size index s
 * into row->ossl[s], timed by `clock` as brisk's sample just before it;
 * a row libcrypto cannot time is marked ossl_na (said once on stderr).
 * Returns -1 when an interrupt cut the sample short, else 0. */
int speed_ossl_time_cell(speed_run *r, speed_row *row, int s, int clock);

/* speed_ossl_time_pk does the same for signing (op 0) or verifying (op 1)
 * with pk's key, into pk->ossl[op]; it returns as speed_ossl_time_cell. */
int speed_ossl_time_pk(speed_run *r, pk_row *pk, int op, int clock);

/* speed_print_compare prints the comparison table: per cell brisk's
 * figure, libcrypto's (n/a when it has none) and their ratio. */
void speed_print_compare(const speed_run *r);

/* ---- -multi (apps/speed_multi.c) ---- */

/* speed_do_multi forks r->multi workers that each time everything in -mr
 * form into a pipe, and sums their figures into r.  Returns 1 in the
 * parent (*status set: 0, or 1 if a worker failed) and 0 in a worker. */
int speed_do_multi(speed_run *r, int *status);

#endif
