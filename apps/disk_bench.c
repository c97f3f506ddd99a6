/*
 * apps/disk_bench.c - `brisk disk -benchmark`: what `cryptsetup benchmark`
 * (2.6) prints, in its format and measured its way, from memory only.
 *
 * - PBKDF2 lines (crypt_pbkdf_check in cryptsetup's pbkdf_check.c): HMAC
 *   over the hash, password "foo", salt "bar", a key of the -key-size (256
 *   bits: two PBKDF2 blocks for SHA-1 and RIPEMD-160, one for SHA-256 and
 *   SHA-512), from 2^15 iterations up (x16, x8, x4 or x2 by the last run's
 *   time) until one run takes over 500 ms of user CPU time (getrusage, in
 *   whole milliseconds), then iterations * 1000 / ms.
 * - Argon2 lines (crypt_argon2_check): passes, memory and lanes calibrated
 *   so that one derivation takes the requested time (2000 ms) of wall
 *   clock: first small parameters that take at least 250 ms (memory times
 *   16 while under 10 ms, then scaled), then memory and passes scaled to
 *   the target (memory first, up to the limit, 1 GiB; at least 4 passes)
 *   until a run lands within -5%..+10%.  Lanes are cryptsetup's
 *   --pbkdf-parallel, 4 by default whatever the CPU count: its benchmark
 *   does not cap them at the CPUs online (only luksFormat does), which is
 *   why it prints "4 parallel threads" on a 2-CPU machine.  brisk runs the
 *   lanes on min(lanes, CPUs online) threads.
 * - Cipher rows (cryptsetup's cipher_check.c): a random key and IV, a
 *   page-aligned 1 MiB buffer processed in place in requests of 64 KiB, each
 *   starting again from the same IV (one AF_ALG request each: a CBC chain
 *   or an XTS data unit of 64 KiB), buffers repeated until 1000 ms of wall
 *   clock (CLOCK_MONOTONIC_RAW) have passed, encryption then decryption, in
 *   MiB/s.  Like cryptsetup, the count of buffers starts at 1, so one
 *   buffer more than timed is counted (a bias of 1/n, under 0.1% for AES
 *   here); kept so that the figures compare.  The ciphers are looked up in
 *   the registry by name ("serpent-256-xts" for serpent-xts with a 512-bit
 *   key): a cipher this build lacks prints cryptsetup's N/A row.
 *
 * -repeat N runs the whole benchmark N times, silently but for the last
 * pass, whose lines show each figure's median over the passes: a slow
 * phase of the machine spreads over every figure instead of falling on
 * one (Argon2's line shows the calibration of its median pass).  -stats
 * and -cycles add a table of min, median, max and spread per figure, and
 * cycles per byte (cipher rows) or per iteration (PBKDF2): the TSC's
 * rate (or -mhz's) over the figure, since Argon2's lanes run on several
 * threads, and one thread's cycle counter would miss them.
 *
 * With -json, -save or -baseline, each figure is also a cell of the run
 * document (docs/json.md, command "disk"): PBKDF2 in iterations/s
 * (operation "pbkdf", bits the key's), Argon2 as its calibrated passes
 * per second of the target time with the passes, memory, lanes and target
 * in "extra", each cipher row as an "encrypt" and a "decrypt" cell in
 * bytes/s (size the 64 KiB request, bits the key's).  `-json -` writes the
 * document alone to stdout.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <brisk/cipher.h>
#include <brisk/digest.h>
#include <brisk/kdf.h>
#include <brisk/rand.h>

#include "apps.h"
#include "disk.h"
#include "run_json.h"
#include "speed_clock.h"

/* cipher_check.c's sizes: the buffer and one request. */
#define BENCH_BUFFER (1024 * 1024)
#define BENCH_REQUEST 65536
#define BENCH_MS 1000.0

/* Where the lines go: stdout, or nowhere with -json -. */
static FILE *lines;

/* The figures as measured, one per line or cipher direction, in the order
 * a pass takes them; every pass takes the same figures in the same order,
 * so the i-th figure of a pass adds a sample to figures[i]. */
typedef struct figure {
    speed_samples s;
    uint32_t t[MAX_REPEAT], m[MAX_REPEAT];  /* Argon2's calibration per sample */
    int failed;                             /* a pass could not measure it */
} figure;

#define MAX_FIGURES 64
static figure figures[MAX_FIGURES];
static int n_figures, next_figure;

/* Before the first figure is timed (after any error in the options), the
 * CPU time the process gets per second of wall time: a warning when low,
 * and the document's host.cpu_share. */
static double cpu_share = -1;

static void check_share(const char *prog)
{
    if (cpu_share < 0) {
        cpu_share = speed_cpu_share(0.2);
        speed_warn_share(prog, cpu_share);
    }
}

/* take records this pass's value v of the next figure (v < 0: it could
 * not be measured) and returns the figure's index, or -1 past
 * MAX_FIGURES. */
static int take(double v)
{
    int i = next_figure++;

    if (i >= MAX_FIGURES)
        return -1;
    if (i >= n_figures) {
        memset(&figures[i], 0, sizeof(figures[i]));
        n_figures = i + 1;
    }
    if (v < 0)
        figures[i].failed = 1;
    else
        speed_add_sample(&figures[i].s, v, 0);
    return i;
}

/* median_of returns figure i's median so far, or -1 when some pass could
 * not measure it. */
static double median_of(int i)
{
    if (i < 0 || figures[i].failed || figures[i].s.n == 0)
        return -1;
    return speed_median(figures[i].s.v, figures[i].s.n);
}

/* median_sample returns the index of figure i's sample nearest its
 * median (the lower of the middle two when they are even). */
static int median_sample(int i)
{
    const speed_samples *c = &figures[i].s;
    double med = speed_median(c->v, c->n);
    int best = 0;

    for (int k = 1; k < c->n; k++) {
        double d = c->v[k] - med, b = c->v[best] - med;
        if ((d < 0 ? -d : d) < (b < 0 ? -b : b) ||
            ((d < 0 ? -d : d) == (b < 0 ? -b : b) && c->v[k] < c->v[best]))
            best = k;
    }
    return best;
}

/* The figures as printed, for the run document and the -stats table. */
typedef struct bench_cell {
    char algorithm[48];
    const char *operation, *unit;
    int size;                  /* 0: none */
    unsigned bits;
    double value;
    uint32_t t, m, p, target;  /* Argon2's calibration, else 0 */
    int fig;                   /* its figure */
} bench_cell;

#define MAX_BENCH_CELLS 64
static bench_cell bench_cells[MAX_BENCH_CELLS];
static int n_bench_cells;

static bench_cell *add_cell(const char *algorithm, const char *operation, const char *unit,
                            int size, size_t key_len, double value, int fig)
{
    bench_cell *c;

    if (n_bench_cells >= MAX_BENCH_CELLS)
        return NULL;
    c = &bench_cells[n_bench_cells++];
    memset(c, 0, sizeof(*c));
    snprintf(c->algorithm, sizeof(c->algorithm), "%s", algorithm);
    c->operation = operation;
    c->unit = unit;
    c->size = size;
    c->bits = (unsigned)(key_len * 8);
    c->value = value;
    c->fig = fig;
    return c;
}

/* pbkdf_check.c's calibration constants. */
#define ARGON2_MIN_MS 250
#define ARGON2_MIN_MS_FAST 10
#define ARGON2_PERCENT_ATLEAST 95
#define ARGON2_PERCENT_ATMOST 110
#define ARGON2_SAMPLES_FAST 3
#define ARGON2_SAMPLES_SLOW 1
#define ARGON2_MIN_T 4
#define ARGON2_MIN_M 32
#define ARGON2_MAX_M (4u * 1024 * 1024)
#define ARGON2_MAX_P 4

static const char *const default_hashes[] = {"sha1", "sha256", "sha512", "ripemd160",
                                             "whirlpool", NULL};

/* The rows of cryptsetup's table: cipher, mode, key bytes. */
static const struct bench_row {
    const char *cipher, *mode;
    unsigned key_len;
} bench_rows[] = {
    {"aes", "cbc", 16},     {"serpent", "cbc", 16}, {"twofish", "cbc", 16},
    {"aes", "cbc", 32},     {"serpent", "cbc", 32}, {"twofish", "cbc", 32},
    {"aes", "xts", 32},     {"serpent", "xts", 32}, {"twofish", "xts", 32},
    {"aes", "xts", 64},     {"serpent", "xts", 64}, {"twofish", "xts", 64},
};

/* ---- PBKDF2 ---- */

/* rusage_ms is pbkdf_check.c's time_ms: user time in whole milliseconds,
 * seconds and microseconds subtracted apart. */
static long rusage_ms(const struct rusage *start, const struct rusage *end)
{
    long ms = (long)(end->ru_utime.tv_sec - start->ru_utime.tv_sec) * 1000;

    ms += (long)(end->ru_utime.tv_usec - start->ru_utime.tv_usec) / 1000;
    /* No user time at all: count system time too (cryptsetup's workaround
     * for hypervisors without per-process accounting). */
    if (start->ru_utime.tv_sec == 0 && start->ru_utime.tv_usec == 0 &&
        end->ru_utime.tv_sec == 0 && end->ru_utime.tv_usec == 0) {
        ms += (long)(end->ru_stime.tv_sec - start->ru_stime.tv_sec) * 1000;
        ms += (long)(end->ru_stime.tv_usec - start->ru_stime.tv_usec) / 1000;
    }
    return ms;
}

/* pbkdf2_per_second measures iterations per second of PBKDF2-md for a key
 * of key_len bytes; 0, or -1 if a run failed or never took 500 ms. */
static int pbkdf2_per_second(const brisk_digest *md, size_t key_len, uint32_t *per_sec)
{
    check_share("disk");
    static const uint8_t pass[] = "foo", salt[] = "bar";
    uint8_t key[512 / 8 * 4];
    uint32_t iterations = 1u << 15;
    int step = 0;

    *per_sec = 0;
    if (key_len > sizeof(key))
        return -1;
    for (;;) {
        struct rusage start, end;
        long ms;

        if (getrusage(RUSAGE_SELF, &start) != 0 ||
            brisk_pbkdf2_hmac(md, key, key_len, pass, 3, salt, 3, iterations) != 0 ||
            getrusage(RUSAGE_SELF, &end) != 0)
            return -1;
        ms = rusage_ms(&start, &end);
        if (ms > 0) {
            double v = (double)iterations * 1000.0 / (double)ms;
            if (v > UINT32_MAX)
                return -1;
            *per_sec = (uint32_t)v;
        }
        if (ms > 500)
            break;
        iterations <<= ms <= 62 ? 4 : ms <= 125 ? 3 : ms <= 250 ? 2 : 1;
        if (++step > 10 || iterations == 0)
            return -1;
    }
    brisk_wipe(key, sizeof(key));
    return 0;
}

/* pbkdf2_line prints the PBKDF2 line of `hash` (N/A when brisk has no such
 * digest); returns 0 or -1 (N/A printed). */
static int pbkdf2_line(const char *hash, size_t key_len)
{
    const brisk_digest *md = brisk_digest_by_name(hash);
    uint32_t per_sec;
    int fig = take(md == NULL || pbkdf2_per_second(md, key_len, &per_sec) != 0 ? -1.0 : (double)per_sec);
    double v = median_of(fig);

    if (v < 0) {
        fprintf(lines, "PBKDF2-%-9s     N/A\n", hash);
        fflush(lines);
        return -1;
    }
    per_sec = (uint32_t)v;
    fprintf(lines, "PBKDF2-%-9s %7u iterations per second for %zu-bit key\n", hash, per_sec,
           key_len * 8);
    {
        char name[48];
        snprintf(name, sizeof(name), "pbkdf2-%s", hash);
        add_cell(name, "pbkdf", "iterations/s", 0, key_len, per_sec, fig);
    }
    fflush(lines);
    return 0;
}

/* ---- Argon2 ---- */

/* argon2_once derives key_len bytes with kdf ("argon2i", "argon2id") at t
 * passes, m KiB and p lanes as cryptsetup's benchmark does (password "foo",
 * a 32-byte salt), the lanes on min(p, CPUs online) threads; 0 or -1. */
static int argon2_once(const char *kdf, uint8_t *key, size_t key_len, uint32_t t, uint32_t m,
                       uint32_t p)
{
    static const uint8_t pass[] = "foo", salt[] = "0123456789abcdef0123456789abcdef";
    brisk_argon2_params ap;

    memset(&ap, 0, sizeof(ap));
    ap.type = strcmp(kdf, "argon2i") == 0 ? BRISK_ARGON2I : BRISK_ARGON2ID;
    ap.t_cost = t;
    ap.m_cost = m;
    ap.lanes = p;
    ap.threads = 0;
    return brisk_argon2(&ap, key, key_len, pass, 3, salt, 32) == 0 ? 0 : -1;
}

/* argon2_ms times one derivation in wall-clock milliseconds, the least of
 * `samples` runs (stopping at the first under at_least), as
 * measure_argon2; 0 or -1. */
static int argon2_ms(const char *kdf, uint8_t *key, size_t key_len, uint32_t t, uint32_t m,
                     uint32_t p, int samples, long at_least, long *out)
{
    long best = LONG_MAX;

    for (int i = 0; i < samples; i++) {
        struct timespec a, b;
        long ms;

        if (clock_gettime(CLOCK_MONOTONIC_RAW, &a) != 0 ||
            argon2_once(kdf, key, key_len, t, m, p) != 0 ||
            clock_gettime(CLOCK_MONOTONIC_RAW, &b) != 0)
            return -1;
        ms = (long)(b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
        if (ms < 0)
            return -1;
        if (ms < best)
            best = ms;
        if (ms < at_least)
            break;
    }
    *out = best;
    return 0;
}

/* argon2_next is next_argon2_params: scale passes and memory from one run
 * of ms towards target; 1 when the parameters are final, else 0. */
static int argon2_next(uint32_t *t, uint32_t *m, uint32_t min_m, uint32_t max_m, long ms,
                       uint32_t target)
{
    uint32_t old_t = *t, old_m = *m;

    if ((uint32_t)ms > target) {
        /* Too slow: fewer passes first, then less memory. */
        uint32_t nt = (uint32_t)((uint64_t)*t * target / (uint64_t)ms);
        if (nt < ARGON2_MIN_T) {
            *m = (uint32_t)((uint64_t)*t * *m * target / ((uint64_t)ARGON2_MIN_T * (uint64_t)ms));
            *t = ARGON2_MIN_T;
            if (*m < min_m) {
                *m = min_m;
                return 1;
            }
        } else {
            *t = nt;
        }
    } else {
        /* Too fast: more memory first, then more passes. */
        uint32_t nm = (uint32_t)((uint64_t)*m * target / (uint64_t)ms);
        if (nm > max_m) {
            *t = (uint32_t)((uint64_t)*t * *m * target / ((uint64_t)max_m * (uint64_t)ms));
            *m = max_m;
            if (*t <= ARGON2_MIN_T) {
                *t = ARGON2_MIN_T;
                return 1;
            }
        } else if (nm < min_m) {
            *m = min_m;
            return 1;
        } else {
            *m = nm;
        }
    }
    return old_t == *t && old_m == *m;
}

/* argon2_calibrate is crypt_argon2_check: passes *t and memory *m (KiB)
 * for which one derivation takes target ms with p lanes; 0 or -1. */
static int argon2_calibrate(const char *kdf, size_t key_len, uint32_t max_m, uint32_t p,
                            uint32_t target, uint32_t *out_t, uint32_t *out_m)
{
    uint8_t key[512 / 8 * 4];
    long at_least = (long)target * ARGON2_PERCENT_ATLEAST / 100;
    long at_most = (long)target * ARGON2_PERCENT_ATMOST / 100;
    uint32_t min_m = ARGON2_MIN_M < p * 8 ? p * 8 : ARGON2_MIN_M;
    uint32_t t = ARGON2_MIN_T, m = min_m;
    long ms;

    if (key_len > sizeof(key) || max_m < min_m || target == 0)
        return -1;
    check_share("disk");
    /* 1. Small parameters that take at least 250 ms. */
    for (;;) {
        if (argon2_ms(kdf, key, key_len, t, m, p, ARGON2_SAMPLES_FAST, ARGON2_MIN_MS, &ms) != 0)
            return -1;
        *out_t = t;
        *out_m = m;
        if (ms >= ARGON2_MIN_MS)
            break;
        if (m == max_m) {
            uint32_t nt = ms < ARGON2_MIN_MS_FAST ? t * 16 : (uint32_t)(t * ARGON2_MIN_MS / ms);
            if (nt == t)
                break;
            t = nt;
        } else {
            uint32_t nm = ms < ARGON2_MIN_MS_FAST ? m * 16 : (uint32_t)(m * ARGON2_MIN_MS / ms);
            if (nm == m)
                break;
            m = nm > max_m ? max_m : nm;
        }
    }
    /* 2. Scale to the target; 3. measure until within -5%..+10%. */
    do {
        if (argon2_next(&t, &m, min_m, max_m, ms, target)) {
            *out_t = t;
            *out_m = m;
            break;
        }
        if (argon2_ms(kdf, key, key_len, t, m, p, ARGON2_SAMPLES_SLOW, at_least, &ms) != 0)
            return -1;
        *out_t = t;
        *out_m = m;
    } while (ms < at_least || ms > at_most);
    brisk_wipe(key, sizeof(key));
    return 0;
}

/* argon2_line prints the line of kdf ("argon2i", "argon2id"). */
static int argon2_line(const char *kdf, size_t key_len, const disk_bench_opts *o)
{
    uint32_t target = o->iter_ms ? o->iter_ms : DISK_DEFAULT_ITER_MS;
    uint32_t max_m = o->memory_kb ? o->memory_kb : DISK_DEFAULT_PBKDF_KB;
    uint32_t p = o->parallel ? o->parallel : DISK_DEFAULT_PARALLEL;
    uint32_t t = 0, m = 0;
    int ok = argon2_calibrate(kdf, key_len, max_m, p, target, &t, &m) == 0;
    int fig = take(ok ? t * 1000.0 / target : -1), k;

    if (median_of(fig) < 0) {
        fprintf(lines, "%-10s N/A\n", kdf);
        fflush(lines);
        return -1;
    }
    /* This pass's calibration beside its sample; the line shows that of
     * the sample nearest the median, the cell the median itself. */
    figures[fig].t[figures[fig].s.n - 1] = t;
    figures[fig].m[figures[fig].s.n - 1] = m;
    k = median_sample(fig);
    t = figures[fig].t[k];
    m = figures[fig].m[k];
    fprintf(lines, "%-10s %4u iterations, %5u memory, %1u parallel threads (CPUs) for "
           "%zu-bit key (requested %u ms time)\n",
           kdf, t, m, p, key_len * 8, target);
    fflush(lines);
    bench_cell *c = add_cell(kdf, "pbkdf", "iterations/s", 0, key_len, median_of(fig), fig);
    if (c) {
        c->t = t;
        c->m = m;
        c->p = p;
        c->target = target;
    }
    return 0;
}

/* ---- Ciphers ---- */

static double now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* one_buffer encrypts or decrypts buf in place, BENCH_REQUEST bytes at a
 * time, each request from the same iv; 0 or -1. */
static int one_buffer(brisk_cipher_ctx *ctx, const brisk_cipher *c, int enc, uint8_t *buf,
                      const uint8_t *iv)
{
    for (size_t done = 0; done < BENCH_BUFFER; done += BENCH_REQUEST) {
        size_t n;
        if (brisk_cipher_init_ex(ctx, c, enc, NULL, 0, iv, c->iv_len, 0) != 0 ||
            brisk_cipher_set_padding(ctx, 0) != 0 ||
            brisk_cipher_update(ctx, buf + done, &n, buf + done, BENCH_REQUEST) != 0)
            return -1;
    }
    return 0;
}

/* direction_mibs times one direction for BENCH_MS; MiB/s or -1. */
static double direction_mibs(brisk_cipher_ctx *ctx, const brisk_cipher *c, int enc,
                             const uint8_t *key, uint8_t *buf, const uint8_t *iv)
{
    double total = 0;
    int repeat = 1;   /* cryptsetup's count: one more than timed */

    while (total < BENCH_MS) {
        double start = now_ms();
        /* The key is set per buffer, as cipher_perf_one sets it. */
        if (brisk_cipher_init(ctx, c, enc, key, c->key_len, iv, c->iv_len) != 0 ||
            one_buffer(ctx, c, enc, buf, iv) != 0)
            return -1;
        total += now_ms() - start;
        repeat++;
    }
    return (double)BENCH_BUFFER * repeat / (1024.0 * 1024.0) / (total / 1000.0);
}

/* cipher_by_parts finds the registry's cipher for cryptsetup's cipher and
 * mode ("aes", "xts") with a key of key_len bytes: "aes-256-xts". */
static const brisk_cipher *cipher_by_parts(const char *cipher, const char *mode,
                                           size_t key_len)
{
    const brisk_cipher *c;
    char name[64];
    size_t bits = key_len * 8 / (strcmp(mode, "xts") == 0 ? 2 : 1);

    if ((size_t)snprintf(name, sizeof(name), "%s-%zu-%s", cipher, bits, mode) >= sizeof(name))
        return NULL;
    c = brisk_cipher_by_name(name);
    if (c == NULL || c->key_len != key_len || (c->iv_len != 16 && c->iv_len != 0) ||
        (c->mode != BRISK_MODE_CBC && c->mode != BRISK_MODE_XTS && c->mode != BRISK_MODE_ECB &&
         c->mode != BRISK_MODE_CTR))
        return NULL;
    return c;
}

/* measure_row times one row once, in MiB/s; 0, or -1 if brisk lacks the
 * cipher. */
static int measure_row(const char *cipher, const char *mode, size_t key_len, double *enc,
                       double *dec)
{
    const brisk_cipher *c = cipher_by_parts(cipher, mode, key_len);
    uint8_t key[BRISK_CIPHER_MAX_KEY], iv[16];
    brisk_cipher_ctx ctx;
    uint8_t *buf = NULL;
    int ret = -1;

    if (c == NULL || posix_memalign((void **)&buf, 4096, BENCH_BUFFER) != 0)
        return -1;
    check_share("disk");
    memset(buf, 0, BENCH_BUFFER);
    if (brisk_random_bytes(key, key_len) == 0 && brisk_random_bytes(iv, sizeof(iv)) == 0) {
        *enc = direction_mibs(&ctx, c, 1, key, buf, iv);
        *dec = *enc < 0 ? -1 : direction_mibs(&ctx, c, 0, key, buf, iv);
        ret = *enc < 0 || *dec < 0 ? -1 : 0;
    }
    brisk_cipher_cleanup(&ctx);
    brisk_wipe(key, sizeof(key));
    free(buf);
    return ret;
}

/* cipher_mibs measures one row: its two figures' medians so far in *enc
 * and *dec, and their indexes in fig[2]; 0, or -1 if brisk lacks the
 * cipher or a pass could not measure it. */
static int cipher_mibs(const char *cipher, const char *mode, size_t key_len, double *enc,
                       double *dec, int fig[2])
{
    int ret = measure_row(cipher, mode, key_len, enc, dec);

    fig[0] = take(ret == 0 ? *enc : -1);
    fig[1] = take(ret == 0 ? *dec : -1);
    *enc = median_of(fig[0]);
    *dec = median_of(fig[1]);
    return *enc < 0 || *dec < 0 ? -1 : 0;
}

/* split_spec splits cryptsetup's "aes-xts-plain64" into "aes" and "xts"
 * (the IV generator does not matter here), as crypt_parse_name_and_mode
 * does; a lone cipher name means cbc-plain.  0 or -1. */
static int split_spec(const char *spec, char cipher[32], char mode[32])
{
    const char *dash = strchr(spec, '-');
    size_t n = dash != NULL ? (size_t)(dash - spec) : strlen(spec);

    if (n == 0 || n >= 32)
        return -1;
    memcpy(cipher, spec, n);
    cipher[n] = '\0';
    if (dash == NULL) {
        strcpy(mode, "cbc");
        return 0;
    }
    spec = dash + 1;
    dash = strchr(spec, '-');
    n = dash != NULL ? (size_t)(dash - spec) : strlen(spec);
    if (n == 0 || n >= 32)
        return -1;
    memcpy(mode, spec, n);
    mode[n] = '\0';
    return 0;
}

/* add_cipher_cells notes a cipher row's two figures, MiB/s, as cells. */
static void add_cipher_cells(const char *cipher, const char *mode, size_t key_len, double enc,
                             double dec, const int fig[2])
{
    char name[48];

    snprintf(name, sizeof(name), "%s-%s", cipher, mode);
    add_cell(name, "encrypt", "bytes/s", BENCH_REQUEST, key_len, enc * 1024 * 1024, fig[0]);
    add_cell(name, "decrypt", "bytes/s", BENCH_REQUEST, key_len, dec * 1024 * 1024, fig[1]);
}

/* one_cipher is `cryptsetup benchmark -c SPEC -s BITS`: its own header,
 * as wide as the name, and one row. */
static int one_cipher(const char *prog, const char *spec, size_t key_len)
{
    char cipher[32], mode[32];
    double enc, dec;
    int width, fig[2];

    if (split_spec(spec, cipher, mode) != 0) {
        app_error(prog, "no known cipher specification pattern detected in '%s'", spec);
        return 1;
    }
    if (cipher_mibs(cipher, mode, key_len, &enc, &dec, fig) != 0) {
        app_error(prog, "cipher %s (with %zu bits key) is not available", spec, key_len * 8);
        return 1;
    }
    width = (int)(strlen(cipher) + strlen(mode) + 1);
    if (width < 11)
        width = 11;
    fprintf(lines, "#%*s Algorithm |       Key |      Encryption |      Decryption\n", width - 11, "");
    fprintf(lines, "%*s-%s  %9zub  %10.1f MiB/s  %10.1f MiB/s\n", width - (int)strlen(mode) - 1, cipher,
           mode, key_len * 8, enc, dec);
    add_cipher_cells(cipher, mode, key_len, enc, dec, fig);
    return 0;
}

/* cipher_table prints the header and every row of cryptsetup's table. */
static void cipher_table(void)
{
    fprintf(lines, "#     Algorithm |       Key |      Encryption |      Decryption\n");
    fflush(lines);
    for (size_t i = 0; i < sizeof(bench_rows) / sizeof(bench_rows[0]); i++) {
        const struct bench_row *r = &bench_rows[i];
        char name[64];
        double enc, dec;
        int fig[2];

        snprintf(name, sizeof(name), "%s-%s", r->cipher, r->mode);
        if (cipher_mibs(r->cipher, r->mode, r->key_len, &enc, &dec, fig) == 0) {
            fprintf(lines, "%15s  %9ub  %10.1f MiB/s  %10.1f MiB/s\n", name, r->key_len * 8, enc, dec);
            add_cipher_cells(r->cipher, r->mode, r->key_len, enc, dec, fig);
        } else
            fprintf(lines, "%15s  %9ub %17s %17s\n", name, r->key_len * 8, "N/A", "N/A");
        fflush(lines);
    }
}

/* ---- The KDF lines ---- */

/* every_pbkdf2 prints a PBKDF2 line for every digest brisk has. */
static void every_pbkdf2(size_t key_len)
{
    const brisk_digest *md;

    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++)
        pbkdf2_line(strcmp(md->name, "rmd160") == 0 ? "ripemd160" : md->name, key_len);
}

/* one_pbkdf2 is the PBKDF2 line of one named hash; where it is N/A (as
 * cryptsetup prints it), an error line says why.  Returns the exit code. */
static int one_pbkdf2(const char *prog, const char *hash, size_t key_len)
{
    if (pbkdf2_line(hash, key_len) == 0)
        return 0;
    if (brisk_digest_by_name(hash) == NULL)
        app_error(prog, "PBKDF2 with hash %s is not available: no such digest"
                  " (brisk list -digest-algorithms)", hash);
    else
        app_error(prog, "PBKDF2 with hash %s could not be timed", hash);
    return 1;
}

/* one_kdf is `cryptsetup benchmark --pbkdf NAME [--hash HASH]`. */
static int one_kdf(const char *prog, const disk_bench_opts *o, size_t key_len)
{
    const char *kdf = o->pbkdf != NULL ? o->pbkdf : "pbkdf2";

    if (strncmp(kdf, "pbkdf2-", 7) == 0) {
        if (o->hash != NULL) {
            app_error(prog, "give the hash once: -pbkdf %s or -hash %s", kdf, o->hash);
            return 1;
        }
        return one_pbkdf2(prog, kdf + 7, key_len);
    }
    if (strcmp(kdf, "pbkdf2") == 0) {
        if (o->hash != NULL)
            return one_pbkdf2(prog, o->hash, key_len);
        every_pbkdf2(key_len);
        return 0;
    }
    if (strcmp(kdf, "argon2i") == 0 || strcmp(kdf, "argon2id") == 0) {
        if (o->hash != NULL) {
            app_error(prog, "-hash goes with -pbkdf pbkdf2, not %s", kdf);
            return 1;
        }
        return argon2_line(kdf, key_len, o) == 0 ? 0 : 1;
    }
    app_error(prog, "unknown PBKDF '%s' (pbkdf2, pbkdf2-HASH, argon2i or argon2id)", kdf);
    return 1;
}

static int bench_run(const char *prog, const disk_bench_opts *o)
{
    size_t key_len = (o->key_bits ? o->key_bits : DISK_DEFAULT_KEY_BITS) / 8;

    if (o->pbkdf != NULL || o->hash != NULL) {
        /* Check the name before the header, so that a typo is one line. */
        const char *k = o->pbkdf;
        if (k != NULL && strcmp(k, "pbkdf2") != 0 && strncmp(k, "pbkdf2-", 7) != 0 &&
            strcmp(k, "argon2i") != 0 && strcmp(k, "argon2id") != 0)
            return one_kdf(prog, o, key_len);
        fprintf(lines, "# Tests are approximate using memory only (no storage IO).\n");
        fflush(lines);
        return one_kdf(prog, o, key_len);
    }
    fprintf(lines, "# Tests are approximate using memory only (no storage IO).\n");
    fflush(lines);
    if (o->cipher != NULL)
        return one_cipher(prog, o->cipher, key_len);
    for (size_t i = 0; default_hashes[i] != NULL; i++)
        pbkdf2_line(default_hashes[i], key_len);
    argon2_line("argon2i", key_len, o);
    argon2_line("argon2id", key_len, o);
    cipher_table();
    return 0;
}

/* cycles_per_unit turns v, in the cell's unit (bytes or iterations per
 * second), into cycles per byte or iteration at hz; 0 where not measured
 * (Argon2, whose unit is no amount of work, or no -cycles). */
static double cycles_per_unit(double hz, const bench_cell *c, double v)
{
    return hz > 0 && !c->target && v > 0 ? hz / v : 0;
}

/* put_samples writes a cell's value, its samples in the cell's unit, and
 * with -cycles their cycles per byte or iteration. */
static void put_samples(json_writer *w, const disk_bench_opts *o, const bench_cell *c)
{
    const speed_samples *f = c->fig >= 0 ? &figures[c->fig].s : NULL;
    /* The figures are in the line's unit (MiB/s for ciphers), the cell
     * in its own (bytes/s). */
    double hz = speed_cycles_hz(&o->clk);
    double scale = strcmp(c->unit, "bytes/s") == 0 ? 1024.0 * 1024.0 : 1;

    json_number(w, "value", c->value);
    json_begin_array(w, "samples");
    if (f == NULL || f->n == 0)
        json_number(w, NULL, c->value);
    for (int i = 0; f != NULL && i < f->n; i++)
        json_number(w, NULL, f->v[i] * scale);
    json_end_array(w);
    if (f == NULL || f->n == 0 || cycles_per_unit(hz, c, c->value) == 0)
        return;
    json_number(w, "cycles", cycles_per_unit(hz, c, c->value));
    json_begin_array(w, "cycle_samples");
    for (int i = 0; i < f->n; i++)
        json_number(w, NULL, cycles_per_unit(hz, c, f->v[i] * scale));
    json_end_array(w);
}

/* write_doc writes the run document of the cells measured. */
static int write_doc(const disk_bench_opts *o)
{
    json_writer w;
    FILE *mem = run_doc_begin(o->doc, &w, "disk");

    if (!mem)
        return 1;
    json_begin_object(&w, "options");
    json_string(&w, "mode", "benchmark");
    json_string(&w, "cipher", o->cipher);
    json_int(&w, "key_bits", o->key_bits ? o->key_bits : DISK_DEFAULT_KEY_BITS);
    json_string(&w, "pbkdf", o->pbkdf);
    json_string(&w, "hash", o->hash);
    json_int(&w, "iter_ms", o->iter_ms ? o->iter_ms : DISK_DEFAULT_ITER_MS);
    json_int(&w, "memory_kb", o->memory_kb ? o->memory_kb : DISK_DEFAULT_PBKDF_KB);
    json_int(&w, "parallel", o->parallel ? o->parallel : DISK_DEFAULT_PARALLEL);
    run_doc_put_passes(&w, o->repeat, &o->clk);
    json_end_object(&w);
    json_begin_array(&w, "cells");
    for (int i = 0; i < n_bench_cells; i++) {
        const bench_cell *c = &bench_cells[i];
        json_begin_object(&w, NULL);
        json_string(&w, "library", "brisk");
        json_string(&w, "algorithm", c->algorithm);
        json_string(&w, "operation", c->operation);
        if (c->size)
            json_int(&w, "size", c->size);
        json_int(&w, "bits", c->bits);
        json_string(&w, "unit", c->unit);
        put_samples(&w, o, c);
        if (c->target) {
            json_begin_object(&w, "extra");
            json_int(&w, "iterations", c->t);
            json_int(&w, "memory_kb", c->m);
            json_int(&w, "parallel", c->p);
            json_int(&w, "target_ms", c->target);
            json_end_object(&w);
        }
        json_end_object(&w);
    }
    json_end_array(&w);
    return run_doc_end(o->doc, &w, mem, run_doc_json_stdout(o->doc) ? stderr : stdout);
}

/* print_figures prints -stats' and -cycles' table after the lines: per
 * figure min, median, max and spread (-stats) and cycles per byte or
 * iteration (-cycles), in the lines' units. */
static void print_figures(const disk_bench_opts *o)
{
    double hz = speed_cycles_hz(&o->clk);
    int marked = 0, n = o->repeat > 1 ? o->repeat : 1;
    char line[200];

    if (n_bench_cells == 0)
        return;
    fprintf(lines, "\n# Figures of %d pass%s%s\n", n, n == 1 ? "" : "es",
            o->stats ? "; spread = (max - min) / median" : "");
    if (o->clk.source != NULL) {
        speed_cycles_describe(&o->clk, line, sizeof(line));
        fprintf(lines, "# %s; cycles per byte (ciphers) or iteration (PBKDF2)\n", line);
    }
    fprintf(lines, "#%24s | %12s", "Figure", "Unit");
    if (o->stats)
        fprintf(lines, " | %11s | %11s | %11s | %6s", "Min", "Median", "Max", "Spread");
    if (o->clk.source != NULL)
        fprintf(lines, " | %9s", "Cycles");
    fprintf(lines, "\n");
    for (int i = 0; i < n_bench_cells; i++) {
        const bench_cell *c = &bench_cells[i];
        const speed_samples *f = &figures[c->fig].s;
        int mib = strcmp(c->unit, "bytes/s") == 0;
        double lo, hi, spread = speed_spread(f, &lo, &hi);
        char name[96];

        if (c->size)
            snprintf(name, sizeof(name), "%.47s %ub %.7s", c->algorithm, c->bits, c->operation);
        else
            snprintf(name, sizeof(name), "%.47s", c->algorithm);
        fprintf(lines, "%25s   %12s", name, mib ? "MiB/s" : c->target ? "passes/s" : "iterations/s");
        if (o->stats) {
            marked |= spread > SPEED_NOISY_SPREAD;
            fprintf(lines, "   %11.1f   %11.1f   %11.1f   %5.1f%%%s", lo, speed_median(f->v, f->n),
                    hi, 100 * spread, spread > SPEED_NOISY_SPREAD ? " *" : "  ");
        }
        if (o->clk.source != NULL && cycles_per_unit(hz, c, c->value) > 0)
            fprintf(lines, "%s %9.2f", o->stats ? " " : "   ", cycles_per_unit(hz, c, c->value));
        else if (o->clk.source != NULL)
            fprintf(lines, "%s %9s", o->stats ? " " : "   ", "-");
        fprintf(lines, "\n");
    }
    if (marked)
        fprintf(lines, "* spread above %.0f%%: the median is not to be trusted to better than "
                "that; take more passes (-repeat) or run on a quieter machine.\n",
                100 * SPEED_NOISY_SPREAD);
}

int disk_benchmark(const char *prog, const disk_bench_opts *o)
{
    int ret = 0, passes = o->repeat > 1 ? o->repeat : 1;
    FILE *devnull = fopen("/dev/null", "w");

    if (!devnull) {
        app_error(prog, "cannot open /dev/null: %s", strerror(errno));
        return 1;
    }
    n_figures = 0;
    cpu_share = -1;
    /* Every pass but the last is silent; the last prints the medians. */
    for (int pass = 0; pass < passes && ret == 0; pass++) {
        lines = pass < passes - 1 || (o->doc && run_doc_json_stdout(o->doc)) ? devnull : stdout;
        n_bench_cells = 0;
        next_figure = 0;
        if (passes > 1 && pass < passes - 1)
            fprintf(stderr, "brisk %s: -repeat: pass %d of %d\n", prog, pass + 1, passes);
        ret = bench_run(prog, o);
    }
    if (ret == 0 && (o->stats || o->clk.source != NULL))
        print_figures(o);
    fclose(devnull);
    lines = stdout;
    if (o->doc)
        o->doc->cpu_share = cpu_share;
    if (o->doc && (o->doc->json_path || o->doc->save_path || o->doc->baseline_path) &&
        n_bench_cells > 0 && write_doc(o) != 0)
        ret = 1;
    return ret;
}
