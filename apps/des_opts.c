/*
 * apps/des_opts.c - `brisk des-opts [-seconds N]`: SSLeay's des_opts
 * tournament.  Every variant of the DES inner loop (the implementations of
 * the "des" primitive: S-box addressing by index or pointer, the plain or
 * the two RISC round orders, 4 rounds per loop or 16 unrolled) is timed on
 * DES-ECB single-block encryption, then ranked as des_opts printed it:
 * options, des ecb/s, percent of the fastest, fastest first.  Bytes per
 * second and brisk's name of the variant are added to each line; the
 * variant brisk picks by default, the one in use and how to force one
 * follow the table.
 *
 * Times are the process's CPU time, as des_opts measured with times(2), so
 * that other load on the machine matters less.  Each variant is timed in
 * TUNE_ROUNDS rounds round-robin over the variants (so that a slow phase
 * of the machine spreads over all of them), a third of -seconds each, and
 * ranked by its median; when the top two differ by less than the spread
 * their rounds showed ((max - min) / median), a line says that the ranking
 * between them is within noise.  The rounds, medians and noise test are
 * `brisk tune`'s engine (apps/tune_engine.c): des-opts is its view of the
 * "des" primitive on single blocks.  Before timing, the CPU time the process
 * gets per second of wall time is measured, with a warning on stderr when
 * it is well below 1 (apps/speed_clock.c).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>

#include "apps.h"
#include "speed.h"
#include "tune_engine.h"

#define MAX_VARIANTS 32
#define BATCH 4096 /* blocks between clock reads */

enum { OPT_SECONDS = 2 };

const app_option des_opts_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"seconds", OPT_SECONDS, ARG_NUMBER, 1, 3600, "N",
     "Time each variant for N seconds of CPU time (default 1)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* A variant: name is brisk's ("ptr-risc1-16"), per_sec the blocks
 * encrypted per second (the median round). */
typedef tune_cand variant;

/* What the timing and the progress line need. */
typedef struct des_run {
    const brisk_cipher *ecb;
    double seconds;     /* -seconds, for the progress line */
} des_run;

/* ssleay_words splits "ptr-risc1-16" into des_opts's fields; returns 0, or
 * -1 for a name not of that shape. */
static int ssleay_words(const char *name, char ptr[8], char risc[8], char unroll[8])
{
    const char *a = strchr(name, '-'), *b = a != NULL ? strchr(a + 1, '-') : NULL;

    if (a == NULL || b == NULL || a - name >= 8 || b - a - 1 >= 8 || strlen(b + 1) >= 8)
        return -1;
    memcpy(ptr, name, (size_t)(a - name));
    ptr[a - name] = '\0';
    memcpy(risc, a + 1, (size_t)(b - a - 1));
    risc[b - a - 1] = '\0';
    strcpy(unroll, b + 1);
    return 0;
}

/* options_column writes des_opts's "options" column: "16 r1 p", " 4  c i"
 * (" 4 rx p" for brisk's rorx form). */
static void options_column(char out[16], const char *name)
{
    char ptr[8], risc[8], unroll[8];

    if (ssleay_words(name, ptr, risc, unroll) != 0) {
        snprintf(out, 16, "%-7.7s", name);
        return;
    }
    snprintf(out, 16, "%2s %2s %c", unroll,
             strcmp(risc, "cisc") == 0    ? "c"
             : strcmp(risc, "risc1") == 0 ? "r1"
             : strcmp(risc, "risc2") == 0 ? "r2"
                                          : "rx",
             ptr[0]);
}

/* compile_flags writes the SSLeay build flags that chose the same loop. */
static void compile_flags(char out[64], const char *name)
{
    char ptr[8], risc[8], unroll[8];

    out[0] = '\0';
    if (ssleay_words(name, ptr, risc, unroll) != 0)
        return;
    if (strcmp(unroll, "16") == 0)
        strcat(out, " -DDES_UNROLL");
    if (strcmp(risc, "risc1") == 0)
        strcat(out, " -DDES_RISC1");
    else if (strcmp(risc, "risc2") == 0)
        strcat(out, " -DDES_RISC2");
    if (strcmp(ptr, "ptr") == 0)
        strcat(out, " -DDES_PTR");
    if (strcmp(risc, "rorx") == 0)
        strcat(out, ", bytes extracted with BMI2 rorx");
    if (out[0] == '\0')
        strcpy(out, " -DDES_DEFAULT_OPTIONS");
}

/* time_variant encrypts one block at a time with the active variant for
 * `seconds` of CPU time; returns blocks per second, or -1 on error. */
static double time_variant(void *arg, double seconds)
{
    const brisk_cipher *ecb = ((const des_run *)arg)->ecb;
    static const uint8_t key[8] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0};
    uint8_t block[8] = {0};
    brisk_cipher_ctx ctx;
    unsigned long count = 0;
    double start, elapsed;
    size_t n;

    if (brisk_cipher_init(&ctx, ecb, 1, key, sizeof(key), NULL, 0) != 0 ||
        brisk_cipher_set_padding(&ctx, 0) != 0)
        return -1;
    start = speed_process_cpu();
    do {
        for (int i = 0; i < BATCH; i++)
            brisk_cipher_update(&ctx, block, &n, block, sizeof(block));
        count += BATCH;
        elapsed = speed_process_cpu() - start;
    } while (elapsed < seconds);
    brisk_cipher_cleanup(&ctx);
    return (double)count / (elapsed > 0 ? elapsed : 1e-6);
}

static int by_speed(const void *a, const void *b)
{
    double x = ((const variant *)a)->per_sec, y = ((const variant *)b)->per_sec;
    return (x < y) - (x > y);
}

static void print_ranking(variant *v, size_t n)
{
    char col[16];

    qsort(v, n, sizeof(v[0]), by_speed);
    printf("options    des ecb/s        bytes/s        variant\n");
    for (size_t i = 0; i < n; i++) {
        options_column(col, v[i].name);
        printf("%s %12.2f %14.2f %5.1f%%  %s\n", col, v[i].per_sec, v[i].per_sec * 8,
               v[0].per_sec > 0 ? v[i].per_sec / v[0].per_sec * 100.0 : 0.0, v[i].name);
    }
}

/* print_noise says when the top two are closer than their rounds' spread. */
static void print_noise(const variant *v, size_t n)
{
    double gap, noise;

    if (n >= 2 && tune_within_noise(&v[0], &v[1], &gap, &noise))
        printf("within noise: %s and %s differ by %.1f%%, less than the %.1f%% spread"
               " measured between rounds\n", v[0].name, v[1].name, 100 * gap, 100 * noise);
}

/* doing is des_opts's progress line, before a variant's first round. */
static void doing(void *arg, const char *name)
{
    double seconds = ((const des_run *)arg)->seconds;

    fprintf(stderr, "Doing %s for %.0f second%s\n", name, seconds, seconds == 1 ? "" : "s");
}

static void print_choice(const variant *fastest, const char *active)
{
    const char *dflt = brisk_impl_select("des", brisk_cpu_features());
    char flags[64], ptr[8], risc[8], unroll[8];

    compile_flags(flags, fastest->name);
    printf("fastest here: %s (SSLeay:%s)\n", fastest->name, flags);
    printf("brisk's default: %s", dflt != NULL ? dflt : "?");
    if (dflt != NULL && ssleay_words(dflt, ptr, risc, unroll) == 0)
        printf(", des(%s,%s,%s,%s)", ptr, risc, unroll,
               sizeof(uint64_t) == sizeof(long) ? "long" : "int");
    printf("; in use: %s\n", active);
    printf("force one with BRISK_IMPL=des=NAME, e.g. BRISK_IMPL=des=%s\n", fastest->name);
}

static void usage(void)
{
    opts_usage(stdout, "des-opts", "[options]", des_opts_options);
    printf("\nTimes every DES inner-loop variant on single-block ECB encryption\n"
           "and ranks them as SSLeay's des_opts did: %d rounds of a third of -seconds\n"
           "each, the median ranked; a line says when the top two are within the\n"
           "spread of their rounds.  `brisk tune` times every primitive this way.\n",
           TUNE_ROUNDS);
}

int des_opts_main(int argc, char **argv)
{
    const brisk_cipher *ecb = brisk_cipher_by_name("des-ecb");
    variant v[MAX_VARIANTS];
    des_run ctx;
    char active[64];
    const char *name;
    double seconds = 1;
    size_t n = 0;
    app_opts o;
    int id, ret = 0;

    opts_init(&o, "des-opts", des_opts_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_SECONDS: seconds = (double)o.number; break;
        case OPT_UNKNOWN: app_error("des-opts", "unknown option '%s'", o.name); return 1;
        default: return 1;
        }
    }
    if (o.ind < argc) {
        app_error("des-opts", "unexpected argument '%s'", argv[o.ind]);
        return 1;
    }
    if (app_stdout_check("des-opts") != 0)
        return 1;
    name = brisk_impl_active("des");
    if (ecb == NULL || name == NULL) {
        app_error("des-opts", "this build has no DES");
        return 1;
    }
    snprintf(active, sizeof(active), "%s", name);

    speed_warn_share("des-opts", speed_cpu_share(0.2));
    for (size_t i = 0; n < MAX_VARIANTS && (name = brisk_impl_name("des", i, NULL)) != NULL; i++)
        if (brisk_impl_set("des", name) == 0) {
            memset(&v[n], 0, sizeof(v[n]));
            v[n++].name = name;
        }
    /* Round-robin: every variant's first round, then every second... */
    ctx.ecb = ecb;
    ctx.seconds = seconds;
    if (tune_round_robin("des", v, n, seconds, time_variant, doing, &ctx) != 0) {
        app_error("des-opts", "cannot set up des-ecb");
        ret = 1;
    }
    brisk_impl_set("des", active);
    if (ret == 0 && n > 0) {
        print_ranking(v, n);
        print_noise(v, n);
        print_choice(&v[0], active);
    }
    return ret;   /* main reports a failed write of stdout */
}
