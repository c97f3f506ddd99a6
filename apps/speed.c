/*
 * apps/speed.c - `brisk speed`, a benchmark whose options and output follow
 * OpenSSL 3.0's `openssl speed` so that scripts written for it work as they
 * are: the same algorithm names and indices in "+F:" lines, the same row
 * order, progress lines on stderr, the 1000s-of-bytes table or the -mr
 * grammar on stdout, and -multi through forked -mr workers.
 *
 * What to time is data: a table of the algorithm names OpenSSL knows (name,
 * OpenSSL's index, row label, the registry name of what it runs on, and the
 * kind of timing) and a speed_kind per kind of algorithm with a setup, a
 * one-result function and a timed loop.  Digests are looked up in the
 * registry once, before timing; the timed loop is a bare call to the one-shot
 * until SIGALRM clears a flag, counted as OpenSSL counts, and divided by user
 * CPU time (wall-clock time with -elapsed).  Cipher and public-key kinds add
 * a speed_kind and rows to the table.
 *
 * Before an algorithm is timed, the path that is timed computes a known
 * answer (apps/selfcheck.c) from the same buffer; an implementation that gets
 * it wrong is reported, never timed, and makes the command fail.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <brisk/cpu.h>
#include <brisk/digest.h>
#include <brisk/mac.h>

#include "apps.h"
#include "buildinfo.h"

#define MAX_SIZES 6
#define MAX_ROWS 64
#define MAX_SECONDS 86400
#define MAX_BYTES (64L * 1024 * 1024)
#define MAX_MISALIGN 63
#define MAX_MULTI 256
#define INDEX_HMAC 9   /* OpenSSL 3.0's D_HMAC */
#define INDEX_EVP 25   /* OpenSSL 3.0's D_EVP */

static const int default_sizes[MAX_SIZES] = {16, 64, 256, 1024, 8192, 16384};

typedef struct speed_row speed_row;

/* How to time one kind of algorithm. */
typedef struct speed_kind {
    /* setup prepares row->md (already resolved) for timing: keys, etc. */
    void (*setup)(speed_row *row);
    /* once computes one result into out, exactly as loop does, for the
     * self-check; returns its length. */
    size_t (*once)(speed_row *row, uint8_t *out, const uint8_t *in, size_t in_len);
    /* expected returns the known answer (hex) for the self-check message. */
    const char *(*expected)(const speed_row *row);
    /* loop repeats the operation until the alarm; returns the count. */
    long long (*loop)(speed_row *row, const uint8_t *in, size_t in_len);
} speed_kind;

struct speed_row {
    int index;                  /* OpenSSL's algorithm index, for "+F:" */
    char label[48];             /* row name: "md5", "hmac(md5)", "sha384" */
    const speed_kind *kind;
    const brisk_digest *md;
    brisk_hmac_ctx hmac;        /* keyed once, for the hmac kind */
    int failed;                 /* failed its self-check: never shown */
    double results[MAX_SIZES];  /* bytes per second */
};

/* One algorithm name as openssl speed accepts it. */
typedef struct speed_alg {
    const char *name;      /* as typed */
    int index;             /* OpenSSL 3.0's index */
    const char *label;     /* row name */
    const char *digest;    /* registry name of what it runs on */
    const speed_kind *kind;
} speed_alg;

/* The benchmark's settings and rows. */
typedef struct speed_run {
    int seconds, mr, usertime, multi;
    size_t misalign;
    int sizes[MAX_SIZES];
    int n_sizes;
    speed_row rows[MAX_ROWS];
    int n_rows;
    uint8_t *buf;           /* aligned buffer + misalign */
    void *buf_base;
    int failed;             /* some row failed its self-check */
} speed_run;

static volatile sig_atomic_t running;

static void on_alarm(int sig)
{
    (void)sig;
    running = 0;
}

/* ---- Digests ---- */

static void digest_setup(speed_row *row)
{
    (void)row;
}

/* The generic one-shot: measured as fast as brisk_md5 and brisk_sha256
 * called directly (the descriptor's three indirect calls cost < 2 ns), so
 * every digest is timed through the registry. */
static size_t digest_once(speed_row *row, uint8_t *out, const uint8_t *in, size_t in_len)
{
    brisk_digest_oneshot(row->md, out, in, in_len);
    return row->md->digest_len;
}

static const char *digest_expected(const speed_row *row)
{
    return selfcheck_expected(row->md, 0);
}

static long long digest_loop(speed_row *row, const uint8_t *in, size_t in_len)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    const brisk_digest *md = row->md;
    long long count = 0;

    while (running) {
        brisk_digest_oneshot(md, out, in, in_len);
        count++;
    }
    return count;
}

static const speed_kind digest_kind = {
    digest_setup, digest_once, digest_expected, digest_loop,
};

/* ---- HMAC: keyed once, then update + final per message, as OpenSSL 3.0
 * re-initialises one EVP_MAC_CTX without a new key. ---- */

static void hmac_setup(speed_row *row)
{
    brisk_hmac_init(&row->hmac, row->md, selfcheck_hmac_key, strlen(selfcheck_hmac_key));
}

static size_t hmac_once(speed_row *row, uint8_t *out, const uint8_t *in, size_t in_len)
{
    brisk_hmac_update(&row->hmac, in, in_len);
    brisk_hmac_final(&row->hmac, out);
    return row->md->digest_len;
}

static const char *hmac_expected(const speed_row *row)
{
    return selfcheck_expected(row->md, 1);
}

static long long hmac_loop(speed_row *row, const uint8_t *in, size_t in_len)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    brisk_hmac_ctx *ctx = &row->hmac;
    long long count = 0;

    while (running) {
        brisk_hmac_update(ctx, in, in_len);
        brisk_hmac_final(ctx, out);
        count++;
    }
    return count;
}

static const speed_kind hmac_kind = {
    hmac_setup, hmac_once, hmac_expected, hmac_loop,
};

/* OpenSSL 3.0's names, indices and row labels. */
static const speed_alg speed_algs[] = {
    {"md2", 0, "md2", "md2", &digest_kind},
    {"md4", 2, "md4", "md4", &digest_kind},
    {"md5", 3, "md5", "md5", &digest_kind},
    {"sha1", 4, "sha1", "sha1", &digest_kind},
    {"rmd160", 5, "rmd160", "rmd160", &digest_kind},
    {"ripemd160", 5, "rmd160", "rmd160", &digest_kind},
    {"ripemd", 5, "rmd160", "rmd160", &digest_kind},
    {"sha256", 6, "sha256", "sha256", &digest_kind},
    {"sha512", 7, "sha512", "sha512", &digest_kind},
    {"hmac", INDEX_HMAC, "hmac(md5)", "md5", &hmac_kind},
};
#define N_ALGS (sizeof(speed_algs) / sizeof(speed_algs[0]))

/* ---- Choosing rows ---- */

/* add_row appends a row unless one with the same index and label exists;
 * returns 0 or -1 when the table is full. */
static int add_row(speed_run *r, int index, const char *label,
                   const brisk_digest *md, const speed_kind *kind)
{
    speed_row *row;

    for (int i = 0; i < r->n_rows; i++)
        if (r->rows[i].index == index && strcmp(r->rows[i].label, label) == 0)
            return 0;
    if (r->n_rows >= MAX_ROWS) {
        app_error("speed", "too many algorithms (at most %d)", MAX_ROWS);
        return -1;
    }
    row = &r->rows[r->n_rows++];
    memset(row, 0, sizeof(*row));
    row->index = index;
    snprintf(row->label, sizeof(row->label), "%s", label);
    row->md = md;
    row->kind = kind;
    return 0;
}

static const speed_alg *find_alg(const char *name)
{
    for (size_t i = 0; i < N_ALGS; i++)
        if (strcmp(speed_algs[i].name, name) == 0)
            return &speed_algs[i];
    return NULL;
}

static int add_alg(speed_run *r, const speed_alg *a)
{
    const brisk_digest *md = brisk_digest_by_name(a->digest);

    if (md == NULL) {
        app_error("speed", "algorithm '%s' is not in this build", a->name);
        return -1;
    }
    return add_row(r, a->index, a->label, md, a->kind);
}

/* add_default_rows selects everything: the named algorithms, then an -evp
 * row for each digest that no named algorithm covers. */
static int add_default_rows(speed_run *r)
{
    const brisk_digest *md;

    for (size_t i = 0; i < N_ALGS; i++)
        if (brisk_digest_by_name(speed_algs[i].digest) != NULL &&
            add_alg(r, &speed_algs[i]) != 0)
            return -1;
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++) {
        int named = 0;
        for (size_t k = 0; k < N_ALGS; k++)
            if (speed_algs[k].kind == &digest_kind &&
                brisk_digest_by_name(speed_algs[k].digest) == md)
                named = 1;
        if (!named && add_row(r, INDEX_EVP, md->name, md, &digest_kind) != 0)
            return -1;
    }
    return 0;
}

/* sort_rows puts rows in OpenSSL's order, by index, keeping the order of
 * rows that share one. */
static void sort_rows(speed_run *r)
{
    for (int i = 1; i < r->n_rows; i++) {
        speed_row tmp = r->rows[i];
        int j = i;
        for (; j > 0 && r->rows[j - 1].index > tmp.index; j--)
            r->rows[j] = r->rows[j - 1];
        r->rows[j] = tmp;
    }
}

/* ---- Options ---- */

enum { OPT_SECONDS = 2, OPT_BYTES, OPT_ELAPSED, OPT_MR, OPT_MULTI, OPT_MISALIGN,
       OPT_EVP, OPT_HMAC };

static const app_option speed_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"seconds", OPT_SECONDS, ARG_NUMBER, 1, MAX_SECONDS, "N",
     "Run each benchmark for N seconds (default 3)"},
    {"bytes", OPT_BYTES, ARG_NUMBER, 1, MAX_BYTES, "N", "Time only blocks of N bytes"},
    {"elapsed", OPT_ELAPSED, ARG_NONE, 0, 0, NULL,
     "Use wall-clock time instead of CPU user time as divisor"},
    {"mr", OPT_MR, ARG_NONE, 0, 0, NULL, "Produce machine readable output"},
    {"multi", OPT_MULTI, ARG_NUMBER, 1, MAX_MULTI, "N", "Run N benchmarks in parallel"},
    {"misalign", OPT_MISALIGN, ARG_NUMBER, 0, MAX_MISALIGN, "N",
     "Offset the buffers by N bytes"},
    {"evp", OPT_EVP, ARG_STRING, 0, 0, "NAME", "Time the digest NAME (any name or alias)"},
    {"hmac", OPT_HMAC, ARG_STRING, 0, 0, "NAME", "Time HMAC over the digest NAME"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

static void usage(void)
{
    const brisk_digest *md;

    opts_usage(stdout, "speed", "[options] [algorithm...]", speed_options);
    printf("\nAlgorithms:");
    for (size_t i = 0; i < N_ALGS; i++)
        printf(" %s", speed_algs[i].name);
    printf("\nDigests for -evp and -hmac:");
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++)
        printf(" %s", md->name);
    printf("\nWith no algorithm, times every one.\n");
}

/* select_rows adds the rows for the algorithm names, -evp and -hmac (which
 * replaces the "hmac" row, as in OpenSSL), or every row if none is given,
 * in OpenSSL's order; returns 0 or -1. */
static int select_rows(speed_run *r, int n_names, char **names,
                       const brisk_digest *evp, const brisk_digest *hmac)
{
    for (int i = 0; i < n_names; i++) {
        const speed_alg *a = find_alg(names[i]);
        if (a == NULL && names[i][0] == '-') {
            app_error("speed", "option '%s' after the algorithms: put options first", names[i]);
            return -1;
        }
        if (a == NULL) {
            app_error("speed", "unknown algorithm '%s'", names[i]);
            return -1;
        }
        if ((a->index != INDEX_HMAC || hmac == NULL) && add_alg(r, a) != 0)
            return -1;
    }
    if (hmac != NULL) {
        char label[48];
        snprintf(label, sizeof(label), "hmac(%s)", hmac->name);
        if (add_row(r, INDEX_HMAC, label, hmac, &hmac_kind) != 0)
            return -1;
    }
    if (evp != NULL && add_row(r, INDEX_EVP, evp->name, evp, &digest_kind) != 0)
        return -1;
    if (n_names == 0 && evp == NULL && hmac == NULL && add_default_rows(r) != 0)
        return -1;
    sort_rows(r);
    return 0;
}

/* parse_args fills r from argv; returns 0, 1 after -help, or -1 on error. */
static int parse_args(speed_run *r, int argc, char **argv)
{
    const brisk_digest *evp = NULL, *hmac = NULL;
    app_opts o;
    int id;

    opts_init(&o, "speed", speed_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 1;
        case OPT_SECONDS: r->seconds = (int)o.number; break;
        case OPT_BYTES:
            r->sizes[0] = (int)o.number;
            r->n_sizes = 1;
            break;
        case OPT_ELAPSED: r->usertime = 0; break;
        case OPT_MR: r->mr = 1; break;
        case OPT_MULTI: r->multi = (int)o.number; break;
        case OPT_MISALIGN: r->misalign = (size_t)o.number; break;
        case OPT_EVP:
        case OPT_HMAC:
            if ((id == OPT_EVP ? evp : hmac) != NULL) {
                app_error("speed", "option '%s' cannot be given more than once", o.name);
                return -1;
            }
            if (brisk_digest_by_name(o.value) == NULL) {
                app_error("speed", "unknown digest '%s' for option '%s'", o.value, o.name);
                return -1;
            }
            *(id == OPT_EVP ? &evp : &hmac) = brisk_digest_by_name(o.value);
            break;
        case OPT_UNKNOWN:
            app_error("speed", "unknown option '%s'", o.name);
            return -1;
        default:
            return -1;
        }
    }
    return select_rows(r, argc - o.ind, argv + o.ind, evp, hmac);
}

/* ---- Timing ---- */

static double now(int usertime)
{
    if (usertime) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    }
}

/* time_cell runs one row at one block size, as OpenSSL's print_message,
 * loop and print_result do. */
static void time_cell(speed_run *r, speed_row *row, int s)
{
    int len = r->sizes[s];
    long long count;
    double t0, t;

    fprintf(stderr, r->mr ? "+DT:%s:%d:%d\n" : "Doing %s for %ds on %d size blocks: ",
            row->label, r->seconds, len);
    fflush(stderr);
    running = 1;
    alarm((unsigned)r->seconds);
    t0 = now(r->usertime);
    count = row->kind->loop(row, r->buf, (size_t)len);
    t = now(r->usertime) - t0;
    alarm(0);
    if (t < 1e-3)
        t = 1e-3;
    fprintf(stderr, r->mr ? "+R:%lld:%s:%f\n" : "%lld %s's in %.2fs\n", count,
            row->label, t);
    row->results[s] = (double)count / t * len;
}

/* self_check runs each row's timed path over the known-answer message in the
 * benchmark buffer; a row that fails is reported and marked. */
static void self_check(speed_run *r)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    char hex[2 * BRISK_DIGEST_MAX_LEN + 1];

    for (int i = 0; i < r->n_rows; i++) {
        speed_row *row = &r->rows[i];
        const char *want = row->kind->expected(row);
        const char *impl = brisk_impl_active(row->md->prim);
        size_t len;

        row->kind->setup(row);
        selfcheck_message(r->buf);
        len = row->kind->once(row, out, r->buf, SELFCHECK_MSG_LEN);
        hex_encode(hex, out, len);
        if (want == NULL) {
            app_error("speed", "%s has no self-check answer; not timed", row->label);
        } else if (strcmp(hex, want) != 0) {
            app_error("speed", "%s (impl %s) failed its self-check; not timed",
                      row->label, impl != NULL ? impl : "?");
        } else {
            continue;
        }
        row->failed = 1;
        r->failed = 1;
    }
    memset(r->buf, 0, SELFCHECK_MSG_LEN);
}

static void run_all(speed_run *r)
{
    for (int i = 0; i < r->n_rows; i++)
        if (!r->rows[i].failed)
            for (int s = 0; s < r->n_sizes; s++)
                time_cell(r, &r->rows[i], s);
}

/* ---- Output ---- */

static void print_banner(void)
{
    printf("version: %s (brisk; speed compatible with OpenSSL 3.0)\n", brisk_version());
    printf("built on: %s\n", BRISK_BUILT_ON);
    print_options_line(stdout);
    print_compiler_line(stdout);
    print_cpuinfo_line(stdout);
}

static void print_results(const speed_run *r)
{
    if (!r->mr)
        print_banner();
    printf(r->mr ? "+H" : "The 'numbers' are in 1000s of bytes per second processed.\ntype        ");
    for (int s = 0; s < r->n_sizes; s++)
        printf(r->mr ? ":%d" : "%7d bytes", r->sizes[s]);
    printf("\n");
    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (row->failed)
            continue;
        if (r->mr)
            printf("+F:%d:%s", row->index, row->label);
        else
            printf("%-13s", row->label);
        for (int s = 0; s < r->n_sizes; s++) {
            if (r->mr)
                printf(":%.2f", row->results[s]);
            else if (row->results[s] > 10000)
                printf(" %11.2fk", row->results[s] / 1e3);
            else
                printf(" %11.2f ", row->results[s]);
        }
        printf("\n");
    }
}

/* ---- -multi ---- */

/* add_child_line adds the figures of one "+F:index:label:v:v..." line. */
static int add_child_line(speed_run *r, char *line)
{
    char *p = line + 3, *end;
    long index = strtol(p, &end, 10);
    char *label, *colon;

    if (end == p || *end != ':')
        return -1;
    label = end + 1;
    colon = strchr(label, ':');   /* labels hold no ':' */
    if (colon == NULL)
        return -1;
    *colon = '\0';
    p = colon + 1;
    for (int i = 0; i < r->n_rows; i++) {
        speed_row *row = &r->rows[i];
        if (row->index != index || strcmp(row->label, label) != 0 || row->failed)
            continue;
        for (int s = 0; s < r->n_sizes; s++) {
            row->results[s] += strtod(p, &end);
            p = end + (*end != '\0');
        }
        return 0;
    }
    return -1;
}

/* read_child parses one worker's -mr output; returns 0 or -1. */
static int read_child(speed_run *r, int fd, int n)
{
    FILE *f = fdopen(fd, "r");
    FILE *log = r->mr ? stderr : stdout;  /* keep -mr stdout pure */
    char line[4096];
    int ret = 0;

    if (f == NULL) {
        close(fd);
        return -1;
    }
    while (fgets(line, sizeof(line), f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] != '+') {
            fprintf(stderr, "Don't understand line '%s' from child %d\n", line, n);
            continue;
        }
        fprintf(log, "Got: %s from %d\n", line, n);
        char copy[sizeof(line)];
        memcpy(copy, line, sizeof(line));
        if (strncmp(line, "+F:", 3) == 0 && add_child_line(r, copy) != 0) {
            fprintf(stderr, "Unknown type '%s' from child %d\n", line, n);
            ret = -1;
        }
    }
    fclose(f);
    return ret;
}

/* do_multi forks r->multi workers that each time everything in -mr form
 * into a pipe, as OpenSSL's do_multi does, and sums their figures.  Returns
 * 1 in the parent (results summed, *status set) and 0 in a worker. */
static int do_multi(speed_run *r, int *status)
{
    int fds[MAX_MULTI];
    int n_forked = 0, ret = 0;
    FILE *log = r->mr ? stderr : stdout;

    for (int n = 0; n < r->multi; n++) {
        int fd[2];
        pid_t pid;

        if (pipe(fd) != 0) {
            app_error("speed", "cannot create a pipe: %s", strerror(errno));
            ret = 1;
            break;
        }
        fflush(stdout);
        fflush(stderr);
        pid = fork();
        if (pid == 0) {
            for (int k = 0; k < n_forked; k++)
                close(fds[k]);
            close(fd[0]);
            if (dup2(fd[1], STDOUT_FILENO) < 0)
                _exit(1);
            close(fd[1]);
            r->mr = 1;
            r->usertime = 0;
            return 0;
        }
        close(fd[1]);
        if (pid < 0) {
            app_error("speed", "cannot fork: %s", strerror(errno));
            close(fd[0]);
            ret = 1;
            break;
        }
        fds[n_forked++] = fd[0];
        fprintf(log, "Forked child %d\n", n);
    }
    for (int n = 0; n < n_forked; n++)
        if (read_child(r, fds[n], n) != 0)
            ret = 1;
    for (int n = 0; n < n_forked; n++) {
        int st;
        while (wait(&st) < 0 && errno == EINTR)
            ;
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            ret = 1;
    }
    *status = ret;
    return 1;
}

/* ---- main ---- */

static int setup_buffer(speed_run *r)
{
    size_t max = SELFCHECK_MSG_LEN;

    for (int s = 0; s < r->n_sizes; s++)
        if ((size_t)r->sizes[s] > max)
            max = (size_t)r->sizes[s];
    if (posix_memalign(&r->buf_base, 64, max + MAX_MISALIGN + 1) != 0) {
        app_error("speed", "cannot allocate %zu bytes", max);
        return -1;
    }
    memset(r->buf_base, 0, max + MAX_MISALIGN + 1);
    r->buf = (uint8_t *)r->buf_base + r->misalign;
    return 0;
}

static int speed(speed_run *r)
{
    struct sigaction sa;
    int status = 0;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);

    if (!r->usertime && !r->mr)
        fprintf(stderr, "You have chosen to measure elapsed time instead of user CPU time.\n");
    if (setup_buffer(r) != 0)
        return 1;
    self_check(r);
    if (r->multi > 0) {
        if (do_multi(r, &status) == 0) {
            run_all(r);      /* a worker */
            print_results(r);
            return r->failed;
        }
    } else {
        run_all(r);
    }
    print_results(r);
    if (fflush(stdout) != 0 || ferror(stdout))
        status = 1;
    return status || r->failed;
}

int speed_main(int argc, char **argv)
{
    speed_run *r = calloc(1, sizeof(*r));
    int ret;

    if (r == NULL) {
        app_error("speed", "out of memory");
        return 1;
    }
    r->seconds = 3;
    r->usertime = 1;
    memcpy(r->sizes, default_sizes, sizeof(default_sizes));
    r->n_sizes = MAX_SIZES;
    ret = parse_args(r, argc, argv);
    if (ret == 0)
        ret = speed(r);
    else
        ret = ret > 0 ? 0 : 1;
    for (int i = 0; i < r->n_rows; i++)
        brisk_hmac_cleanup(&r->rows[i].hmac);
    free(r->buf_base);
    free(r);
    return ret;
}
