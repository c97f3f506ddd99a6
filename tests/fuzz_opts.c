/*
 * tests/fuzz_opts.c - libFuzzer target for the option parsing of the brisk
 * command (apps/apps.c opts_init/opts_next, parse_long, parse_form,
 * hex_decode, and dgst's -sigopt parser) over every subcommand's own table.
 * The input is a command line split at NUL bytes: its first word names the
 * subcommand whose table is used (or picks one if it names none), as in
 * "pkey\0-in\0key.pem\0-outform\0DER".  The subcommands' mains are not
 * called: after parsing they do real work (files, stdin, timing).
 *
 * Properties checked beyond "no crash, no leak, no sanitizer report" (argv
 * and every argument are allocated to their exact size, so a read past
 * argc or past an argument's NUL is a report):
 * - opts_next returns only an id of the table, OPT_END, OPT_UNKNOWN or
 *   OPT_ERROR, moves one argument on (two with a value), stops at the first
 *   operand or after a lone "-" or "--", and returns the option as written,
 *   its value, and for a number one within the table's bounds;
 * - an unknown option is in no spelling in the table, an error is an
 *   option needing a value it lacks or a number it does not get;
 * - parse_long accepts exactly an optional sign and decimal digits that fit
 *   in a long, and gives their value;
 * - hex_decode accepts exactly lower-case hex of even length that fits,
 *   and hex_encode gives it back;
 * - parse_form accepts exactly PEM or DER in any case;
 * - dgst_set_sigopt accepts exactly the -sigopt names and values of dgst's
 *   help text.
 * Every argument goes through each of those value parsers, whatever
 * option it follows.
 */
#include <errno.h>
#include <limits.h>
#include <strings.h>

#include <brisk/digest.h>
#include <brisk/rsa.h>

#include "apps.h"
#include "fuzz_apps.h"

static const struct {
    const char *name;
    const app_option *table;
} tables[] = {
    {"channel", channel_options},
    {"des-opts", des_opts_options}, {"dgst", dgst_options},   {"disk", disk_options},
    {"dsaparam", dsaparam_options},
    {"enc", enc_options},           {"ecparam", ecparam_options}, {"genpkey", genpkey_options}, {"genrsa", genrsa_options}, {"list", list_options}, {"pkeyutl", pkeyutl_options},
    {"pkey", pkey_options},         {"report", report_options}, {"speed", speed_options},
    {"tune", tune_options},         {"version", version_options},
};
enum { N_TABLES = sizeof(tables) / sizeof(tables[0]) };

/* check_table checks what opts_next relies on: ids above 0 (OPT_HELP for
 * "help"), names given once, numbers' bounds in order, value names. */
static void check_table(const app_option *t)
{
    int help = 0;

    for (const app_option *o = t; o->name != NULL; o++) {
        if (o->id <= 0 || o->help == NULL || (o->arg != ARG_NONE && o->value == NULL) ||
            (o->arg == ARG_NUMBER && o->min > o->max))
            fuzz_fail("an option table has an entry opts_next cannot serve");
        for (const app_option *p = t; p != o; p++)
            if (strcmp(p->name, o->name) == 0)
                fuzz_fail("an option table names an option twice");
        help |= strcmp(o->name, "help") == 0 && o->id == OPT_HELP;
    }
    if (!help)
        fuzz_fail("an option table lacks -help");
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup("fuzz_opts");
    for (size_t i = 0; i < N_TABLES; i++)
        check_table(tables[i].table);
    return 0;
}

/* ref_long is parse_long by the rules: [+-]?[0-9]+, fitting in a long. */
static int ref_long(const char *s, long *out)
{
    const char *p = s + (s[0] == '+' || s[0] == '-');
    int neg = s[0] == '-';
    unsigned long v = 0, limit = neg ? (unsigned long)LONG_MAX + 1 : (unsigned long)LONG_MAX;
    int over = 0;

    if (*p == '\0')
        return -1;
    for (; *p != '\0'; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        if (v > (limit - (unsigned long)(*p - '0')) / 10)
            over = 1;
        else
            v = v * 10 + (unsigned long)(*p - '0');
    }
    if (over)
        return -2;
    *out = neg ? (v == (unsigned long)LONG_MAX + 1 ? LONG_MIN : -(long)v) : (long)v;
    return 0;
}

static void check_parse_long(const char *s)
{
    long got = 12345, want = 0;
    int r = parse_long(s, &got), w = ref_long(s, &want);

    if (r != w || (r == 0 && got != want))
        fuzz_fail("parse_long differs from the rules");
    if (r != 0 && got != 12345)
        fuzz_fail("parse_long changed its output on failure");
}

static void check_hex(const char *s)
{
    uint8_t out[64];
    char back[2 * sizeof(out) + 1];
    size_t len = strlen(s);
    int ok = len % 2 == 0 && len / 2 <= sizeof(out);
    long r;

    for (size_t i = 0; i < len; i++)
        ok &= (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f');
    r = hex_decode(out, sizeof(out), s);
    if ((r >= 0) != ok || (ok && r != (long)(len / 2)))
        fuzz_fail("hex_decode accepts or refuses otherwise than the rules say");
    if (ok) {
        hex_encode(back, out, (size_t)r);
        if (strcmp(back, s) != 0)
            fuzz_fail("hex_encode does not give back what hex_decode read");
    }
}

static void check_form(const char *s)
{
    int form = -1;
    int r = parse_form("fuzz", "-inform", s, &form);

    if (strcasecmp(s, "pem") == 0 ? r != 0 || form != FORM_PEM
        : strcasecmp(s, "der") == 0 ? r != 0 || form != FORM_DER
                                    : r == 0)
        fuzz_fail("parse_form accepts or refuses otherwise than PEM or DER");
}

/* ref_sigopt tells whether dgst's help text allows `-sigopt opt`. */
static int ref_sigopt(const char *opt)
{
    const char *colon = strchr(opt, ':');
    const char *v = colon != NULL ? colon + 1 : "";
    size_t n = colon != NULL ? (size_t)(colon - opt) : strlen(opt);
    long count;

    if (n == strlen("rsa_padding_mode") && memcmp(opt, "rsa_padding_mode", n) == 0)
        return strcmp(v, "pkcs1") == 0 || strcmp(v, "pss") == 0;
    if (n == strlen("rsa_pss_saltlen") && memcmp(opt, "rsa_pss_saltlen", n) == 0)
        return strcmp(v, "digest") == 0 || strcmp(v, "max") == 0 || strcmp(v, "auto") == 0 ||
               strcmp(v, "-1") == 0 || strcmp(v, "-2") == 0 || strcmp(v, "-3") == 0 ||
               (ref_long(v, &count) == 0 && count >= 0 && count <= BRISK_RSA_MAX_BYTES);
    if (n == strlen("rsa_mgf1_md") && memcmp(opt, "rsa_mgf1_md", n) == 0)
        return brisk_digest_by_name(v) != NULL;
    return 0;
}

static void check_sigopt(const char *s)
{
    sig_job job;
    int ok = ref_sigopt(s);

    memset(&job, 0, sizeof(job));
    if ((dgst_set_sigopt(&job, s) == 0) != ok)
        fuzz_fail("dgst_set_sigopt accepts or refuses otherwise than its help says");
    if (ok && job.rsa_opt != s)
        fuzz_fail("dgst_set_sigopt does not remember the first option for messages");
}

/* find looks name (without dashes) up in table. */
static const app_option *find(const app_option *table, const char *name)
{
    for (const app_option *o = table; o->name != NULL; o++)
        if (strcmp(o->name, name) == 0)
            return o;
    return NULL;
}

/* check_parse runs opts_next to the end of the options, checking each step. */
static void check_parse(const char *prog, const app_option *table, int argc, char **argv)
{
    app_opts o;
    int id;

    opts_init(&o, prog, table, argc, argv);
    for (int steps = 0;; steps++) {
        int before = o.ind;
        const char *arg = before < argc ? argv[before] : NULL;
        const app_option *opt = NULL;

        if (arg != NULL && arg[0] == '-')
            opt = find(table, arg + 1 + (arg[1] == '-'));
        if (steps > argc)
            fuzz_fail("opts_next does not come to an end");
        id = opts_next(&o);
        if (o.ind < before || o.ind > argc || o.ind > before + 2)
            fuzz_fail("opts_next moved to an argument it should not");
        if (id == OPT_END) {
            int lone = arg != NULL && (strcmp(arg, "-") == 0 || strcmp(arg, "--") == 0);
            if (arg != NULL && arg[0] == '-' && !lone)
                fuzz_fail("opts_next ends the options at an option");
            if (o.ind != before + lone)
                fuzz_fail("opts_next skips an operand, or not a lone - or --");
            return;
        }
        if (arg == NULL || arg[0] != '-' || o.name != arg)
            fuzz_fail("opts_next returns an option that is not the next argument");
        if (id == OPT_UNKNOWN) {
            if (opt != NULL || o.ind != before + 1)
                fuzz_fail("opts_next calls an option of the table unknown");
            continue;
        }
        if (opt == NULL)
            fuzz_fail("opts_next returns an option the table does not have");
        if (id == OPT_ERROR) {
            long v;
            int missing = before + 1 >= argc, good;
            if (opt->arg == ARG_NONE)
                good = 1;
            else if (missing)
                good = 0;
            else if (opt->arg == ARG_STRING)
                good = 1;
            else
                good = ref_long(argv[before + 1], &v) == 0 && v >= opt->min && v <= opt->max;
            if (good)
                fuzz_fail("opts_next reports an error for a good option");
            if (o.ind != before + 1 + !missing)
                fuzz_fail("opts_next does not step over a bad value, or past a missing one");
            continue;
        }
        if (id != opt->id)
            fuzz_fail("opts_next returns another option's id");
        if (opt->arg == ARG_NONE) {
            if (o.ind != before + 1 || o.value != NULL)
                fuzz_fail("opts_next gives a flag a value");
            continue;
        }
        if (o.ind != before + 2 || o.value != argv[before + 1])
            fuzz_fail("opts_next gives an option the wrong value");
        if (opt->arg == ARG_NUMBER) {
            long v;
            if (ref_long(o.value, &v) != 0 || v != o.number || v < opt->min || v > opt->max)
                fuzz_fail("opts_next gives a number that is not the value, or out of bounds");
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char **argv;
    int argc = 1;
    size_t start = 0, t = 0;

    if (size > 4096)
        return 0;
    for (size_t i = 0; i < size; i++)
        argc += data[i] == '\0';
    /* Exactly argc pointers, no NULL after them: a read of argv[argc] is
     * past the array. */
    argv = malloc(sizeof(*argv) * (size_t)argc);
    if (argv == NULL)
        fuzz_fail("out of memory");
    for (int a = 0; a < argc; a++) {
        size_t end = start;
        while (end < size && data[end] != '\0')
            end++;
        argv[a] = malloc(end - start + 1);
        if (argv[a] == NULL)
            fuzz_fail("out of memory");
        memcpy(argv[a], data + start, end - start);
        argv[a][end - start] = '\0';
        start = end + 1;
    }
    while (t < N_TABLES && strcmp(tables[t].name, argv[0]) != 0)
        t++;
    if (t == N_TABLES)
        t = size > 0 ? data[0] % N_TABLES : 0;
    check_parse(tables[t].name, tables[t].table, argc, argv);
    for (int a = 0; a < argc; a++) {
        check_parse_long(argv[a]);
        check_hex(argv[a]);
        check_form(argv[a]);
        check_sigopt(argv[a]);
        free(argv[a]);
    }
    free(argv);
    return 0;
}
