/*
 * apps/tune.c - `brisk tune`: SSLeay's des_opts for every dispatched
 * primitive.  Each implementation this CPU can run is checked against a
 * known answer through the path that is timed (speed's self-check data,
 * apps/selfcheck.c, and agreement with the portable implementation on 16
 * KiB), then timed at openssl speed's sizes (16 to 16384 bytes; one
 * column for the public-key, bignum and Argon2 primitives) by the engine
 * des-opts uses (apps/tune_engine.c: rounds round-robin over the
 * implementations, CPU time, the median ranked, the spread of the rounds
 * as noise).  Per primitive it prints a ranking in des_opts's manner (the
 * figure per size, percent of the best at that size) and a decision by
 * apps/tune_rule.c: the single implementation, or for a primitive that
 * can switch by length (brisk_prim_sized) the pair and switch length,
 * that minimises the largest shortfall against the best at any size,
 * with no split and no change from the built-in choice that is not
 * measurably better than noise.  The decisions go to the
 * tuning file (docs/tuning.md) that the library reads at its first call,
 * written atomically and read back with brisk_tune_read.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>
#include <brisk/kdf.h>
#include <brisk/mac.h>

#include "apps.h"
#include "io.h"
#include "speed.h"
#include "tune_engine.h"
#include "tune_rule.h"

#define MAX_IMPLS TUNE_MAX_IMPLS
#define MAX_PRIMS 64
#define N_SIZES TUNE_MAX_SIZES
#define REF_LEN 16384              /* the length checked against the portable code */
#define TUNE_FILE_MAX (64 * 1024)  /* the library's limit on a tuning file */
#define DEFAULT_SECONDS 0.1

enum { OPT_SECONDS = 2, OPT_OUT, OPT_NOOUT, OPT_PRIM };

const app_option tune_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"seconds", OPT_SECONDS, ARG_STRING, 0, 0, "N",
     "CPU seconds per implementation and size (default 0.1)"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Write the tuning file to FILE"},
    {"noout", OPT_NOOUT, ARG_NONE, 0, 0, NULL, "Write no tuning file"},
    {"prim", OPT_PRIM, ARG_STRING, 0, 0, "NAME", "Tune only NAME (repeatable)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

static const int sizes[N_SIZES] = {16, 64, 256, 1024, 8192, 16384};

/* openssl speed's key32, the key of speed's rows (and of the GHASH
 * self-check answer). */
static const uint8_t key32[32] = {
    0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x34, 0x56, 0x78,
    0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
    0x12, 0x34, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x12, 0x34, 0x56,
};

/* How a primitive is timed. */
enum { TK_DIGEST, TK_CIPHER, TK_GHASH, TK_POLY1305, TK_ARGON2, TK_PK };

typedef struct tune_prim {
    const char *prim;
    int kind;
    const char *alg;   /* digest or cipher name; the operation for TK_PK */
    int pk_type;       /* TK_PK: SPEED_PK_* and bits */
    unsigned pk_bits;
} tune_prim;

/* Block ciphers run in ECB (or CTR) so that the wide kernels are used. */
static const tune_prim tune_prims[] = {
    {"md2", TK_DIGEST, "md2", 0, 0},
    {"md4", TK_DIGEST, "md4", 0, 0},
    {"md5", TK_DIGEST, "md5", 0, 0},
    {"sha1", TK_DIGEST, "sha1", 0, 0},
    {"rmd160", TK_DIGEST, "ripemd160", 0, 0},
    {"sha256", TK_DIGEST, "sha256", 0, 0},
    {"sha512", TK_DIGEST, "sha512", 0, 0},
    {"aes", TK_CIPHER, "aes-128-ctr", 0, 0},
    {"ghash", TK_GHASH, "aes-128-gcm", 0, 0},
    {"bf", TK_CIPHER, "bf-ecb", 0, 0},
    {"rc4", TK_CIPHER, "rc4", 0, 0},
    {"des", TK_CIPHER, "des-ecb", 0, 0},
    {"serpent", TK_CIPHER, "serpent-128-ecb", 0, 0},
    {"twofish", TK_CIPHER, "twofish-128-ecb", 0, 0},
    {"chacha20", TK_CIPHER, "chacha20", 0, 0},
    {"poly1305", TK_POLY1305, "poly1305", 0, 0},
    {"argon2", TK_ARGON2, "argon2id m=64KiB t=1 p=1", 0, 0},
    {"bn", TK_PK, "rsa2048 sign", SPEED_PK_RSA, 2048},
    {"x25519", TK_PK, "x25519 derive", SPEED_PK_ECDH, 253},
    {"ed25519", TK_PK, "ed25519 sign", SPEED_PK_EDDSA, 253},
    {"x448", TK_PK, "x448 derive", SPEED_PK_ECDH, 448},
    {"nist", TK_PK, "p256 derive", SPEED_PK_ECDH, 256},
};

/* One primitive's run: its candidates and their figures per size. */
typedef struct tune_job {
    const tune_prim *tp;
    speed_row *row;           /* TK_DIGEST, TK_CIPHER, TK_GHASH */
    uint8_t *buf;             /* REF_LEN + SLACK bytes */
    size_t len;               /* the size being timed */
    speed_pk *pk;             /* TK_PK: the key timed */
    tune_table t;             /* the names and figures (apps/tune_rule.h) */
} tune_job;

/* A primitive's outcome, for the file. */
typedef struct tune_line {
    char text[200];
    char comment[200];
} tune_line;

static const tune_prim *find_tune_prim(const char *name)
{
    for (size_t i = 0; i < sizeof(tune_prims) / sizeof(tune_prims[0]); i++)
        if (strcmp(tune_prims[i].prim, name) == 0)
            return &tune_prims[i];
    return NULL;
}

/* ---- The known-answer checks ---- */

/* RFC 8439 2.5.2. */
static const char poly_key_hex[] =
    "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b";
static const char poly_msg[] = "Cryptographic Forum Research Group";
static const char poly_tag_hex[] = "a8061dc1305136c6c22b8baf0c0127a9";

static const uint8_t argon2_salt[16] = "brisk-tune-salt!";

static int argon2_once(uint8_t out[32])
{
    brisk_argon2_params p = {BRISK_ARGON2ID, 1, 64, 1, 1, NULL, 0, NULL, 0};

    return brisk_argon2(&p, out, 32, (const uint8_t *)"password", 8, argon2_salt,
                        sizeof(argon2_salt));
}

/* reference_output writes what the implementation in use makes of the
 * REF_LEN-byte message in buf: a digest, a ciphertext's last 64 bytes, a
 * Poly1305 tag, an Argon2 hash; *out_len its length; 0, or -1 (also for
 * the kinds without one). */
static int reference_output(tune_job *j, uint8_t out[64], size_t *out_len)
{
    const tune_prim *tp = j->tp;

    switch (tp->kind) {
    case TK_DIGEST: {
        const brisk_digest *md = j->row->md;
        brisk_digest_oneshot(md, out, j->buf, REF_LEN);
        *out_len = md->digest_len;
        return 0;
    }
    case TK_CIPHER: {
        const brisk_cipher *c = j->row->cipher;
        brisk_cipher_ctx *ctx = &j->row->ctx;
        uint8_t *ct = j->row->out;
        size_t n;
        if (brisk_cipher_init(ctx, c, 1, key32, c->key_len, j->row->iv, c->iv_len) != 0 ||
            brisk_cipher_set_padding(ctx, 0) != 0 ||
            brisk_cipher_update(ctx, ct, &n, j->buf, REF_LEN) != 0 || n != REF_LEN) {
            brisk_cipher_cleanup(ctx);
            return -1;
        }
        brisk_cipher_cleanup(ctx);
        memcpy(out, ct + REF_LEN - 64, 64);
        *out_len = 64;
        return 0;
    }
    case TK_POLY1305:
        *out_len = 16;
        return brisk_poly1305(out, key32, j->buf, REF_LEN) == 0 ? 0 : -1;
    case TK_ARGON2:
        *out_len = 32;
        return argon2_once(out) == 0 ? 0 : -1;
    default:
        return -1;
    }
}

/* known_answer checks the implementation in use: speed's self-check for
 * digests, ciphers and GHASH, RFC 8439's Poly1305 tag, speed's key checks
 * for public keys (the key made is kept in *pk for timing); returns NULL,
 * or what failed. */
static const char *known_answer(tune_job *j, speed_pk **pk)
{
    const tune_prim *tp = j->tp;
    uint8_t key[32], tag[16], want[16];
    const char *why = NULL;

    switch (tp->kind) {
    case TK_DIGEST:
    case TK_CIPHER:
    case TK_GHASH:
        return j->row->kind->check(j->row, j->buf) == CHECK_FAIL ? "its known answer" : NULL;
    case TK_POLY1305:
        if (hex_decode(key, sizeof(key), poly_key_hex) != 32 ||
            hex_decode(want, sizeof(want), poly_tag_hex) != 16 ||
            brisk_poly1305(tag, key, (const uint8_t *)poly_msg, strlen(poly_msg)) != 0 ||
            memcmp(tag, want, 16) != 0)
            return "RFC 8439 2.5.2";
        return NULL;
    case TK_ARGON2:
        return NULL;   /* agreement with the portable code alone */
    case TK_PK:
        *pk = speed_pk_new(tp->pk_type, tp->pk_bits, &why);
        return *pk == NULL ? (why != NULL ? why : "its key check") : NULL;
    }
    return NULL;
}

/* ---- Timing ---- */

static long long pk_loop(void *arg, const volatile sig_atomic_t *running)
{
    return speed_pk_sign(arg, running);
}

static long long poly_loop(void *arg, const volatile sig_atomic_t *running)
{
    tune_job *j = arg;
    uint8_t tag[16];
    long long count = 0;

    while (*running) {
        brisk_poly1305(tag, key32, j->buf, j->len);
        count++;
    }
    return count;
}

static long long argon2_loop(void *arg, const volatile sig_atomic_t *running)
{
    uint8_t out[32];
    long long count = 0;

    (void)arg;
    while (*running) {
        if (argon2_once(out) != 0)
            return -1;
        count++;
    }
    return count;
}

/* time_one is the engine's timing: per second, bytes at the job's size
 * or operations. */
static double time_one(void *arg, double seconds)
{
    tune_job *j = arg;
    double secs;
    long long count;

    switch (j->tp->kind) {
    case TK_DIGEST:
    case TK_CIPHER:
    case TK_GHASH:
        if (j->row->kind->setup(j->row, j->buf, j->len) != 0)
            return -1;
        return speed_row_rate(j->row, j->buf, j->len, seconds);
    case TK_POLY1305:
        count = speed_cpu_loop(seconds, poly_loop, j, &secs);
        return count < 0 ? -1 : (double)count * (double)j->len / secs;
    case TK_ARGON2:
        count = speed_cpu_loop(seconds, argon2_loop, j, &secs);
        return count < 0 ? -1 : (double)count / secs;
    default:
        count = speed_cpu_loop(seconds, pk_loop, j->pk, &secs);
        return count < 0 ? -1 : (double)count / secs;
    }
}

/* ---- The choice ---- */

/* kernel_len is the length one kernel call gets in a cell of `size`
 * bytes: a one-shot digest hands its whole blocks over at once, and a
 * short message's padded block (16 bytes -> one 64-byte block); a cipher
 * the whole size. */
static size_t kernel_len(const tune_job *j, int size)
{
    size_t b = j->tp->kind == TK_DIGEST ? j->row->md->block_len : 1;
    size_t s = (size_t)size;

    return s < b ? b : s / b * b;
}

/* describe writes a choice in words and as a file line's fields. */
static void describe(const tune_job *j, const tune_choice *c, char *words, size_t wn,
                     char *fields, size_t fn)
{
    if (c->long_impl < 0) {
        snprintf(words, wn, "%s", j->t.names[c->impl]);
        snprintf(fields, fn, "%s", j->t.names[c->impl]);
    } else {
        snprintf(words, wn, "%s below %zu bytes, %s from %zu", j->t.names[c->impl], c->from,
                 j->t.names[c->long_impl], c->from);
        snprintf(fields, fn, "%s %s %zu", j->t.names[c->impl], j->t.names[c->long_impl], c->from);
    }
}

/* ---- Output ---- */

static int index_of(const tune_job *j, const char *name)
{
    for (size_t i = 0; name != NULL && i < j->t.n; i++)
        if (strcmp(j->t.names[i], name) == 0)
            return (int)i;
    return -1;
}

static void print_ranking(const tune_job *j)
{
    int order[MAX_IMPLS];
    double worst[MAX_IMPLS], best[N_SIZES] = {0};
    const char *unit = j->t.n_sizes > 1 ? "MB/s" : "ops/s";

    for (size_t i = 0; i < j->t.n; i++) {
        tune_choice c = {(int)i, -1, 0, 0};
        tune_score(&j->t, &c);
        worst[i] = c.worst;
        order[i] = (int)i;
        for (int s = 0; s < j->t.n_sizes; s++)
            best[s] = j->t.fig[i][s] > best[s] ? j->t.fig[i][s] : best[s];
    }
    for (size_t a = 1; a < j->t.n; a++)   /* fewest shortfall first */
        for (size_t b = a; b > 0 && worst[order[b]] < worst[order[b - 1]]; b--) {
            int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    printf("%-12s", "impl");
    if (j->t.n_sizes == 1)
        printf(" %14s", j->tp->alg);
    else
        for (int s = 0; s < j->t.n_sizes; s++)
            printf(" %8d bytes", sizes[s]);
    printf("  worst\n");
    for (size_t k = 0; k < j->t.n; k++) {
        int i = order[k];
        printf("%-12s", j->t.names[i]);
        for (int s = 0; s < j->t.n_sizes; s++) {
            double v = j->t.n_sizes > 1 ? j->t.fig[i][s] / 1e6 : j->t.fig[i][s];
            printf(" %9.*f %3.0f%%", v < 100 ? 2 : 1, v,
                   best[s] > 0 ? 100 * j->t.fig[i][s] / best[s] : 0);
        }
        printf(" %5.1f%%\n", -100 * worst[i]);
    }
    printf("(%s, %d rounds each, the median; percent of the best at that size)\n", unit,
           TUNE_ROUNDS);
    for (int s = 0; s < j->t.n_sizes && j->t.n >= 2; s++) {
        int top[2] = {-1, -1};   /* the two fastest at this size */
        for (size_t i = 0; i < j->t.n; i++) {
            if (top[0] < 0 || j->t.fig[i][s] > j->t.fig[top[0]][s]) {
                top[1] = top[0];
                top[0] = (int)i;
            } else if (top[1] < 0 || j->t.fig[i][s] > j->t.fig[top[1]][s]) {
                top[1] = (int)i;
            }
        }
        /* the noise the decision allows (tune_rule.h), not the cells'
         * spreads alone */
        double best_fig = j->t.fig[top[0]][s];
        double gap = best_fig > 0 ? (best_fig - j->t.fig[top[1]][s]) / best_fig : 0;
        double noise = tune_cell_noise(&j->t, top[0], top[1], s);
        if (gap <= noise) {
            if (j->t.n_sizes > 1)
                printf("within noise at %d bytes: ", sizes[s]);
            else
                printf("within noise: ");
            printf("%s and %s differ by %.1f%%, within the %.1f%% the decision counts as"
                   " noise\n", j->t.names[top[0]], j->t.names[top[1]], 100 * gap, 100 * noise);
        }
    }
}

/* decide prints the decision line and fills the file's line. */
static void decide(const tune_job *j, const char *b_short, const char *b_long, size_t b_from,
                   tune_line *line)
{
    tune_choice builtin = {index_of(j, b_short), b_long != NULL ? index_of(j, b_long) : -1,
                           b_from, 0};
    int have_builtin = builtin.impl >= 0 && (b_long == NULL || builtin.long_impl >= 0);
    tune_decision d;
    char words[160], fields[160], bwords[160], bfields[160];
    const char *why = "";

    tune_decide(&j->t, brisk_prim_sized(j->tp->prim), have_builtin ? &builtin : NULL, &d);
    if (have_builtin)
        tune_score(&j->t, &builtin);
    if (d.split_dropped) {
        describe(j, &d.split, words, sizeof(words), fields, sizeof(fields));
        printf("%s: %s would be %.1f%% short at worst, but %s is within noise of it at"
               " every size (closest: %.1f%% slower, %.1f%% noise): no split\n",
               j->tp->prim, words, 100 * d.split.worst, j->t.names[d.best.impl],
               100 * d.split_gap, 100 * d.split_noise);
    }
    if (d.why == TUNE_WHY_BUILTIN) {
        why = "the built-in choice";
    } else if (d.why == TUNE_WHY_BUILTIN_NOISE) {
        describe(j, &d.best, words, sizeof(words), fields, sizeof(fields));
        printf("%s: %s would be %.1f%% short at worst, the built-in %.1f%%, but at"
               " every size the built-in is within noise (closest: %.1f%% slower,"
               " %.1f%% noise): it is kept\n",
               j->tp->prim, words, 100 * d.best.worst, 100 * builtin.worst, 100 * d.gap,
               100 * d.noise);
        why = "the built-in choice, kept within noise";
    }
    describe(j, &d.pick, words, sizeof(words), fields, sizeof(fields));
    if (have_builtin)
        describe(j, &builtin, bwords, sizeof(bwords), bfields, sizeof(bfields));
    else
        snprintf(bwords, sizeof(bwords), "%s%s%s", b_short != NULL ? b_short : "?",
                 b_long != NULL ? " then " : "", b_long != NULL ? b_long : "");
    printf("decision %s: %s (at worst %.1f%% short of the best)", j->tp->prim, words,
           100 * d.pick.worst);
    if (*why != '\0')
        printf(", %s\n", why);
    else if (have_builtin)
        printf("; built-in: %s (%.1f%% short)\n", bwords, 100 * builtin.worst);
    else
        printf("; built-in: %s (not measured)\n", bwords);
    snprintf(line->text, sizeof(line->text), "%s %s", j->tp->prim, fields);
    snprintf(line->comment, sizeof(line->comment), "# %s: at worst %.1f%% short of the best%s%s",
             j->tp->prim, 100 * d.pick.worst, *why != '\0' ? "; " : "", why);
}

/* ---- One primitive ---- */

typedef struct tune_ctx {
    speed_row *row;
    uint8_t *buf;
    double seconds;
} tune_ctx;

/* setup_job readies the row of a digest, cipher or GHASH primitive;
 * returns 0 or -1 after an error line. */
static int setup_job(tune_ctx *t, tune_job *j)
{
    const tune_prim *tp = j->tp;

    memset(t->row, 0, sizeof(*t->row));
    t->row->out = t->buf + REF_LEN + SLACK;
    j->row = t->row;
    snprintf(t->row->label, sizeof(t->row->label), "%s", tp->alg);
    if (tp->kind == TK_DIGEST) {
        t->row->md = brisk_digest_by_name(tp->alg);
        t->row->kind = &speed_digest_kind;
        if (t->row->md == NULL)
            goto missing;
    } else if (tp->kind == TK_CIPHER || tp->kind == TK_GHASH) {
        t->row->cipher = brisk_cipher_by_name(tp->alg);
        t->row->kind = tp->kind == TK_GHASH ? &speed_ghash_kind : &speed_cipher_kind;
        if (t->row->cipher == NULL)
            goto missing;
        memcpy(t->row->key, key32, t->row->cipher->key_len < 32 ? t->row->cipher->key_len : 32);
    }
    return 0;
missing:
    app_error("tune", "this build has no %s for %s", tp->alg, tp->prim);
    return -1;
}

/* restore puts back the choice in use before the run. */
static void restore(const char *prim, const char *s, const char *l, size_t from)
{
    if (l != NULL)
        brisk_impl_set_sized(prim, s, l, from);
    else
        brisk_impl_set(prim, s);
}

/* check_all runs the checks through every candidate, dropping those that
 * fail (with a note); keeps one checked public key for timing. */
static void check_all(tune_job *j)
{
    uint8_t want[64], got[64];
    size_t want_len = 0, got_len;
    int have_ref = 0;
    const char *ref_name = NULL, *name;
    uint32_t cpu;
    size_t kept = 0;

    /* The portable reference: the last implementation needing no feature. */
    for (size_t i = 0; (name = brisk_impl_name(j->tp->prim, i, &cpu)) != NULL; i++)
        if (cpu == 0)
            ref_name = name;
    if (j->tp->kind == TK_DIGEST || j->tp->kind == TK_CIPHER || j->tp->kind == TK_POLY1305 ||
        j->tp->kind == TK_ARGON2) {
        for (size_t i = 0; i < REF_LEN; i++)
            j->buf[i] = (uint8_t)(31 * i + 7);
        if (ref_name != NULL && brisk_impl_set(j->tp->prim, ref_name) == 0 &&
            reference_output(j, want, &want_len) == 0)
            have_ref = 1;
    }
    for (size_t i = 0; i < j->t.n; i++) {
        speed_pk *pk = NULL;
        const char *why;

        brisk_impl_set(j->tp->prim, j->t.names[i]);
        why = known_answer(j, &pk);
        if (why == NULL && have_ref) {
            for (size_t k = 0; k < REF_LEN; k++)
                j->buf[k] = (uint8_t)(31 * k + 7);
            if (reference_output(j, got, &got_len) != 0 || got_len != want_len ||
                memcmp(got, want, want_len) != 0)
                why = "agreement with the portable implementation on 16 KiB";
        }
        if (why != NULL) {
            printf("%s: %s fails %s: skipped\n", j->tp->prim, j->t.names[i], why);
            speed_pk_free(pk);
            continue;
        }
        if (pk != NULL && j->pk == NULL)
            j->pk = pk;
        else
            speed_pk_free(pk);
        j->t.names[kept++] = j->t.names[i];
    }
    j->t.n = kept;
    memset(j->buf, 0, REF_LEN + SLACK);
}

/* tune_prim_run times one primitive and decides; 0, or -1 if nothing of
 * it could be timed.  *line gets the file's line ("" for none). */
static int tune_prim_run(tune_ctx *t, const tune_prim *tp, tune_line *line)
{
    tune_job *j = calloc(1, sizeof(*j));
    const char *name, *a_short, *a_long, *b_short, *b_long;
    char save_s[64], save_l[64], bs[64], bl[64];
    size_t a_from = 0, b_from = 0;
    int ret = -1;

    line->text[0] = line->comment[0] = '\0';
    if (j == NULL) {
        app_error("tune", "out of memory");
        return -1;
    }
    j->tp = tp;
    j->buf = t->buf;
    j->t.n_sizes = tp->kind == TK_ARGON2 || tp->kind == TK_PK ? 1 : N_SIZES;
    if (setup_job(t, j) != 0)
        goto done;
    for (int s = 0; s < j->t.n_sizes; s++)
        j->t.klen[s] = kernel_len(j, sizes[s]);
    /* The choice in use, to restore, and the built-in one. */
    a_short = brisk_impl_active(tp->prim);
    a_long = brisk_impl_long(tp->prim, &a_from);
    snprintf(save_s, sizeof(save_s), "%s", a_short != NULL ? a_short : "");
    snprintf(save_l, sizeof(save_l), "%s", a_long != NULL ? a_long : "");
    brisk_impl_set(tp->prim, NULL);
    b_short = brisk_impl_active(tp->prim);
    b_long = brisk_impl_long(tp->prim, &b_from);
    snprintf(bs, sizeof(bs), "%s", b_short != NULL ? b_short : "");
    snprintf(bl, sizeof(bl), "%s", b_long != NULL ? b_long : "");

    for (size_t i = 0; j->t.n < MAX_IMPLS && (name = brisk_impl_name(tp->prim, i, NULL)) != NULL;
         i++)
        if (brisk_impl_set(tp->prim, name) == 0)
            j->t.names[j->t.n++] = name;
    printf("\n== %s (%s) ==\n", tp->prim, tp->alg);
    if (j->t.n < 2) {
        printf("%s: %s is the only implementation this CPU runs: nothing to rank\n", tp->prim,
               j->t.n == 1 ? j->t.names[0] : "none");
        ret = 0;
        goto restore;
    }
    check_all(j);
    if (j->t.n == 0) {
        app_error("tune", "%s: no implementation passed its checks", tp->prim);
        goto restore;
    }
    for (int s = 0; s < j->t.n_sizes; s++) {
        tune_cand c[MAX_IMPLS];

        memset(c, 0, sizeof(c));
        for (size_t i = 0; i < j->t.n; i++) {
            c[i].name = j->t.names[i];
            c[i].failed = j->t.names[i] == NULL;   /* failed at a smaller size */
        }
        j->len = (size_t)sizes[s];
        tune_round_robin(tp->prim, c, j->t.n, t->seconds, time_one, NULL, j);
        for (size_t i = 0; i < j->t.n; i++) {
            if (c[i].failed && j->t.names[i] != NULL) {
                printf("%s: %s failed at %d bytes: skipped\n", tp->prim, j->t.names[i],
                       sizes[s]);
                j->t.names[i] = NULL;
            }
            j->t.fig[i][s] = c[i].per_sec;
            j->t.spread[i][s] = c[i].spread;
        }
    }
    /* Drop implementations that failed at some size. */
    size_t kept = 0;
    for (size_t i = 0; i < j->t.n; i++) {
        if (j->t.names[i] == NULL)
            continue;
        j->t.names[kept] = j->t.names[i];
        memmove(j->t.fig[kept], j->t.fig[i], sizeof(j->t.fig[i]));
        memmove(j->t.spread[kept], j->t.spread[i], sizeof(j->t.spread[i]));
        kept++;
    }
    j->t.n = kept;
    if (j->t.n == 0) {
        app_error("tune", "%s: no implementation could be timed", tp->prim);
        goto restore;
    }
    print_ranking(j);
    decide(j, bs[0] != '\0' ? bs : NULL, bl[0] != '\0' ? bl : NULL, b_from, line);
    ret = 0;
restore:
    if (save_s[0] != '\0')
        restore(tp->prim, save_s, save_l[0] != '\0' ? save_l : NULL, a_from);
done:
    speed_pk_free(j->pk);
    free(j);
    return ret;
}

/* ---- The file ---- */

/* make_dirs creates the directories above path that are missing (0755). */
static int make_dirs(const char *path)
{
    char dir[4096];
    size_t len = strlen(path);

    if (len >= sizeof(dir))
        return -1;
    memcpy(dir, path, len + 1);
    for (char *p = dir + 1; *p != '\0'; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

/* kept_lines appends to text the lines of the file at path for primitives
 * this run did not tune, when the file was written on this CPU. */
static void kept_lines(const char *path, const char *identity, const int *tuned, char *text,
                       size_t cap)
{
    FILE *f = fopen(path, "r");
    char buf[600];
    int header = 0, kept = 0;
    struct stat st;

    if (f == NULL)
        return;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {   /* /dev/zero: no end */
        fclose(f);
        return;
    }
    while (fgets(buf, sizeof(buf), f) != NULL) {
        char word[64];
        size_t used = strlen(text);
        buf[strcspn(buf, "\n")] = '\0';
        if (buf[0] == '#' || buf[0] == '\0')
            continue;
        if (header == 0) {
            header = strcmp(buf, "brisk-tune 1") == 0 ? 1 : -1;
        } else if (header == 1) {
            header = strncmp(buf, "cpu ", 4) == 0 && strcmp(buf + 4, identity) == 0 ? 2 : -1;
        } else if (sscanf(buf, "%63s", word) == 1) {
            int skip = 0;
            for (size_t i = 0; i < sizeof(tune_prims) / sizeof(tune_prims[0]); i++)
                if (tuned[i] && strcmp(tune_prims[i].prim, word) == 0)
                    skip = 1;
            if (!skip && used + strlen(buf) + 64 < cap)
                snprintf(text + used, cap - used, "%s%s\n",
                         kept++ == 0 ? "# kept from the file this run replaced:\n" : "", buf);
        }
        if (header < 0)
            break;
    }
    fclose(f);
}

/* write_tune_file writes the tuning file as every command writes its
 * output (apps/io.c: a temporary file beside it, renamed into place), and
 * reads the temporary file back with the library's parser first, so that
 * a file the library would refuse never replaces one it reads; 0, or -1
 * after an error line. */
static int write_tune_file(const char *path, const char *text)
{
    char why[256] = "";
    app_out o;

    if (out_open(&o, "tune", path, 0) != 0)
        return -1;
    if (out_write(&o, text, strlen(text)) != 0) {
        out_abort(&o);
        return -1;
    }
    if (o.tmp != NULL && brisk_tune_read(o.tmp, why, sizeof(why)) != 0) {
        app_error("tune", "%s does not read back: %s", o.tmp, why[0] != '\0' ? why : "error");
        out_abort(&o);
        return -1;
    }
    return out_commit(&o);
}

/* file_text makes the tuning file's text. */
static int file_text(char *text, size_t cap, int argc, char **argv, const char *identity,
                     const tune_line *lines, size_t n_lines)
{
    time_t now = time(NULL);
    struct tm tm;
    char date[64];
    size_t used;

    gmtime_r(&now, &tm);
    strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S UTC", &tm);
    used = (size_t)snprintf(text, cap,
                            "# brisk tuning file, written by `brisk tune` on %s\n"
                            "# brisk %s; command:", date, brisk_version());
    for (int i = 0; i < argc && used < cap; i++)
        used += (size_t)snprintf(text + used, cap - used, " %.200s", argv[i]);
    if (used < cap)
        used += (size_t)snprintf(text + used, cap - used,
                                 "\n# The library reads this at its first call on this CPU"
                                 " (docs/tuning.md).\nbrisk-tune 1\ncpu %s\n", identity);
    for (size_t i = 0; i < n_lines && used < cap; i++)
        if (lines[i].text[0] != '\0')
            used += (size_t)snprintf(text + used, cap - used, "%s\n%s\n", lines[i].comment,
                                     lines[i].text);
    return used < cap ? 0 : -1;
}

/* ---- The command ---- */

/* parse_seconds reads -seconds: a decimal in (0, 60]. */
static int parse_seconds(const char *s, double *out)
{
    char *end;
    double x;

    if (s[0] < '0' || s[0] > '9') {
        if (s[0] != '.')
            return -1;
    }
    errno = 0;
    x = strtod(s, &end);
    if (*end != '\0' || errno != 0 || !(x > 0) || x > 60)
        return -1;
    *out = x;
    return 0;
}

static void usage(void)
{
    opts_usage(stdout, "tune", "[options]", tune_options);
    printf("\nTimes every implementation of every dispatched primitive this CPU runs\n"
           "(each checked against a known answer first) at 16 to 16384 bytes, or one\n"
           "operation for bn, x25519, ed25519, x448, nist and argon2, in %d rounds\n"
           "round-robin; prints a ranking per primitive as des-opts does and the\n"
           "choice that is at worst least short of the best at any size, and writes\n"
           "the choices to the tuning file the library reads at its first call\n"
           "(default $XDG_CONFIG_HOME/brisk/tune, else ~/.config/brisk/tune; see\n"
           "docs/tuning.md).  Each implementation takes -seconds at each size: a\n"
           "full run, about 55 implementations at 6 sizes, takes about 45 seconds\n"
           "at the default 0.1.\n",
           TUNE_ROUNDS);
}

/* want_prim marks the primitives -prim names (all when none); returns 0 or
 * -1 after an error line. */
static int want_prims(int *want, const char *const *names, int n_names)
{
    size_t n = sizeof(tune_prims) / sizeof(tune_prims[0]);

    for (size_t i = 0; i < n; i++)
        want[i] = n_names == 0 && brisk_impl_active(tune_prims[i].prim) != NULL;
    for (int k = 0; k < n_names; k++) {
        const tune_prim *tp = find_tune_prim(names[k]);
        if (tp == NULL || brisk_impl_active(names[k]) == NULL) {
            app_error("tune", "unknown primitive '%s'; `brisk list` names them", names[k]);
            return -1;
        }
        want[tp - tune_prims] = 1;
    }
    return 0;
}

int tune_main(int argc, char **argv)
{
    static char text[TUNE_FILE_MAX];
    const char *prim_names[MAX_PRIMS];
    char path[4096], identity[1024];
    tune_line lines[sizeof(tune_prims) / sizeof(tune_prims[0])];
    int want[sizeof(tune_prims) / sizeof(tune_prims[0])];
    const char *out = NULL, *name;
    int noout = 0, n_names = 0, id, ret = 0;
    double seconds = DEFAULT_SECONDS;
    speed_row *row = NULL;
    void *mem = NULL;
    tune_ctx t;
    app_opts o;

    opts_init(&o, "tune", tune_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_SECONDS:
            if (parse_seconds(o.value, &seconds) != 0) {
                app_error("tune", "bad -seconds '%s': a number of seconds, above 0 and"
                          " at most 60", o.value);
                return 1;
            }
            break;
        case OPT_OUT: out = o.value; break;
        case OPT_NOOUT: noout = 1; break;
        case OPT_PRIM:
            if (n_names >= MAX_PRIMS) {
                app_error("tune", "too many -prim (at most %d)", MAX_PRIMS);
                return 1;
            }
            prim_names[n_names++] = o.value;
            break;
        case OPT_UNKNOWN: app_error("tune", "unknown option '%s'", o.name); return 1;
        default: return 1;
        }
    }
    if (o.ind < argc) {
        app_error("tune", "unexpected argument '%s'", argv[o.ind]);
        return 1;
    }
    if (noout && out != NULL) {
        app_error("tune", "-out and -noout together");
        return 1;
    }
    if (want_prims(want, prim_names, n_names) != 0)
        return 1;
    if (app_stdout_check("tune") != 0)
        return 1;
    if (!noout && out == NULL) {
        if (brisk_tune_default_path(path, sizeof(path)) != 0) {
            app_error("tune", "no configuration directory: neither XDG_CONFIG_HOME nor HOME"
                      " names an absolute path; give -out FILE or -noout");
            return 1;
        }
        if (make_dirs(path) != 0) {
            app_error("tune", "cannot create the directory of %s: %s", path, strerror(errno));
            return 1;
        }
        out = path;
    }
    if (out_try("tune", out) != 0)
        return 1;
    if (brisk_cpu_identity(identity, sizeof(identity)) != 0) {
        app_error("tune", "cannot describe this CPU");
        return 1;
    }
    if (posix_memalign((void **)&row, 64, sizeof(*row)) != 0 ||
        posix_memalign(&mem, 64, 3 * (REF_LEN + SLACK)) != 0) {
        free(row);
        app_error("tune", "out of memory");
        return 1;
    }
    memset(mem, 0, 3 * (REF_LEN + SLACK));
    t = (tune_ctx){row, mem, seconds};

    speed_warn_share("tune", speed_cpu_share(0.2));
    printf("brisk tune: %s\n", identity);
    for (size_t i = 0; (name = brisk_prim_name(i)) != NULL; i++)
        if (n_names == 0 && find_tune_prim(name) == NULL)
            printf("note: tune does not know how to time '%s'; not tuned\n", name);
    for (size_t i = 0; i < sizeof(tune_prims) / sizeof(tune_prims[0]); i++) {
        lines[i].text[0] = lines[i].comment[0] = '\0';
        if (want[i] && tune_prim_run(&t, &tune_prims[i], &lines[i]) != 0)
            ret = 1;
    }
    fflush(stdout);
    if (out != NULL && ret == 0) {
        if (file_text(text, sizeof(text), argc, argv, identity, lines,
                      sizeof(lines) / sizeof(lines[0])) != 0) {
            app_error("tune", "the tuning file would exceed %d bytes", TUNE_FILE_MAX);
            ret = 1;
        } else {
            if (n_names > 0)
                kept_lines(out, identity, want, text, sizeof(text));
            if (write_tune_file(out, text) != 0)
                ret = 1;
            else
                printf("\nwrote %s\n", out);
        }
    }
    free(mem);
    free(row);
    return ret;
}
