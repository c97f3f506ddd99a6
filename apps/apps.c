/*
 * apps/apps.c - helpers shared by the brisk subcommands: error lines, the
 * table-driven option parser and its usage text, strict number parsing,
 * and the build-description lines of `version -a` and `speed`.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>

#include "apps.h"
#include "buildinfo.h"

/* The error lines printed so far (app_stdout_finish prints its own only if
 * there is none). */
static int errors_printed;

void app_error(const char *prog, const char *fmt, ...)
{
    va_list ap;

    errors_printed++;
    fflush(stdout);
    fprintf(stderr, "brisk %s: ", prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void app_std_fds(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        int nfd;

        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        /* stdin opened for writing and stdout for reading: the place is
         * held, and every read or write still fails with EBADF, as on the
         * closed descriptor. */
        nfd = open("/dev/null", fd == STDERR_FILENO ? O_WRONLY : fd == STDIN_FILENO ? O_WRONLY
                                                                                     : O_RDONLY);
        if (nfd >= 0 && nfd != fd) {   /* cannot be, as fds below are open */
            dup2(nfd, fd);
            close(nfd);
        }
    }
}

/* impl_problem says why the library ignores BRISK_IMPL's item "prim=impl"
 * (the item is modified), or returns NULL if it uses it. */
static const char *impl_problem(char *item, char *why, size_t why_len)
{
    char *eq = strchr(item, '=');
    const char *name;
    uint32_t need = 0;
    size_t i;

    if (eq == NULL || eq == item || eq[1] == '\0')
        return "not PRIMITIVE=IMPLEMENTATION";
    *eq = '\0';
    for (i = 0; (name = brisk_prim_name(i)) != NULL && strcasecmp(name, item) != 0; i++)
        ;
    if (name == NULL)
        return "no such primitive (brisk list -implementations names them)";
    for (i = 0; (name = brisk_impl_name(item, i, &need)) != NULL; i++)
        if (strcasecmp(name, eq + 1) == 0)
            break;
    if (name == NULL) {
        snprintf(why, why_len, "%s has no implementation '%s' (brisk list -implementations "
                 "names them)", item, eq + 1);
        return why;
    }
    if ((need & ~brisk_cpu_features_detected()) != 0) {
        snprintf(why, why_len, "this CPU cannot run %s's '%s'", item, eq + 1);
        return why;
    }
    return NULL;
}

/* env_items calls check on each item of the environment variable var
 * (split at commas and spaces, as the library reads it) and prints a
 * warning for each it says the library ignores. */
static void env_items(const char *var, const char *(*check)(char *, char *, size_t))
{
    const char *env = getenv(var);
    char item[64], copy[64], why[160];

    while (env != NULL && *env != '\0') {
        size_t n = strcspn(env, ", ");
        const char *bad = n >= sizeof(item) ? "too long" : NULL;
        if (bad == NULL && n > 0) {
            memcpy(item, env, n);
            item[n] = '\0';
            memcpy(copy, item, n + 1);
            bad = check(copy, why, sizeof(why));
        }
        if (bad != NULL)
            fprintf(stderr, "brisk: warning: %s: ignoring '%.*s': %s\n", var, (int)n, env, bad);
        env += n;
        env += strspn(env, ", ");
    }
}

/* cpu_problem says why the library ignores BRISK_CPU's item, or NULL. */
static const char *cpu_problem(char *item, char *why, size_t why_len)
{
    const char *w = item[0] == '-' || item[0] == '~' ? item + 1 : item;

    (void)why;
    (void)why_len;
    return brisk_cpu_feature_by_name(w) == 0 ? "no such CPU feature (the README lists them)"
                                             : NULL;
}

void app_env_check(void)
{
    env_items("BRISK_IMPL", impl_problem);
    env_items("BRISK_CPU", cpu_problem);
}

/* is_dev_full tells whether st is the device /dev/full. */
static int is_dev_full(const struct stat *st)
{
    struct stat full;

    return S_ISCHR(st->st_mode) && stat("/dev/full", &full) == 0 && S_ISCHR(full.st_mode) &&
           full.st_rdev == st->st_rdev;
}

int app_same_file(const char *a, const char *b)
{
    struct stat sa, sb;

    return a != NULL && b != NULL && stat(a, &sa) == 0 && S_ISREG(sa.st_mode) &&
           stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* stdin_is tells whether the file on stdin is the regular file path. */
static int stdin_is(const char *path)
{
    struct stat sp, si;

    return stat(path, &sp) == 0 && S_ISREG(sp.st_mode) && fstat(STDIN_FILENO, &si) == 0 &&
           sp.st_dev == si.st_dev && sp.st_ino == si.st_ino;
}

int app_out_is_input(const char *prog, const char *out, const char *const *inputs, int n,
                     int with_stdin)
{
    if (out == NULL)
        return 0;
    for (int i = 0; i < n; i++) {
        if (!app_same_file(out, inputs[i]))
            continue;
        if (strcmp(inputs[i], out) == 0)
            app_error(prog, "-out '%s' is an input file; refusing to overwrite it", out);
        else
            app_error(prog, "-out '%s' is the input '%s'; refusing to overwrite it", out,
                      inputs[i]);
        return 1;
    }
    if (with_stdin && stdin_is(out)) {
        app_error(prog, "-out '%s' is the input 'stdin'; refusing to overwrite it", out);
        return 1;
    }
    return 0;
}

int app_stdout_check(const char *prog)
{
    struct pollfd p = {STDOUT_FILENO, POLLOUT, 0};
    struct stat st;
    int flags = fcntl(STDOUT_FILENO, F_GETFL);
    int err = 0;

    /* What is known without writing: a closed stdout (see app_std_fds), the
     * device that refuses every write, and a pipe or socket nobody reads
     * any more (poll reports POLLERR on it).  A regular file on a full file
     * system cannot be told without writing to it, and a test write would
     * put bytes into the user's file: that failure is reported when the
     * output is written, at the end. */
    if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY)
        err = EBADF;
    else if (fstat(STDOUT_FILENO, &st) == 0 && is_dev_full(&st))
        err = ENOSPC;
    else if (poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0) {
        /* A write would raise SIGPIPE: so does this, which ends the
         * command as the write would unless SIGPIPE is ignored. */
        raise(SIGPIPE);
        err = EPIPE;
    }
    if (err == 0)
        return 0;
    app_error(prog, "cannot write stdout: %s", strerror(err));
    return -1;
}

int app_stdout_finish(const char *prog, int ret)
{
    int err = 0;

    /* errno as the failed write left it: stdio keeps no other record, and a
     * write error found by an earlier flush leaves ferror set with nothing
     * to flush now. */
    if (ferror(stdout))
        err = errno != 0 ? errno : EIO;
    errno = 0;
    if (fflush(stdout) != 0)
        err = errno != 0 ? errno : EIO;
    /* Closing reports what a file system only reports then (NFS). */
    errno = 0;
    if (fclose(stdout) != 0 && err == 0)
        err = errno != 0 ? errno : EIO;
    if (err == 0)
        return ret;
    if (errors_printed == 0)
        app_error(prog, "cannot write stdout: %s", strerror(err));
    return ret != 0 ? ret : 1;
}

int parse_long(const char *s, long *out)
{
    char *end;
    long v;

    /* strtol alone would accept leading blanks and an empty string. */
    if (!((s[0] >= '0' && s[0] <= '9') ||
          ((s[0] == '-' || s[0] == '+') && s[1] >= '0' && s[1] <= '9')))
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end != '\0')
        return -1;
    if (errno != 0)
        return -2;
    *out = v;
    return 0;
}

int parse_bytes(const char *s, uint64_t *out)
{
    uint64_t v = 0, mul = 1;
    const char *p = s;

    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (*p != '\0') {
        int k = (*p == 'k' || *p == 'K') ? 1 : (*p == 'm' || *p == 'M') ? 2
              : (*p == 'g' || *p == 'G') ? 3 : 0;
        int decimal = p[1] == 'B';
        if (k == 0 || (p[1] != '\0' && !(decimal && p[2] == '\0')))
            return -1;
        while (k-- > 0)
            mul *= decimal ? 1000 : 1024;
    }
    if (v == 0 || v > UINT64_MAX / mul)
        return -1;
    *out = v * mul;
    return 0;
}

int write_all(int fd, const uint8_t *p, size_t len)
{
    return write_all_unless(fd, p, len, NULL);
}

int write_all_unless(int fd, const uint8_t *p, size_t len, const volatile sig_atomic_t *stop)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR && (stop == NULL || !*stop))
            continue;
        if (n < 0)
            return -1;
        if (n == 0) {
            errno = ENOSPC;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

void opts_init(app_opts *o, const char *prog, const app_option *table,
               int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    o->prog = prog;
    o->table = table;
    o->argc = argc;
    o->argv = argv;
    o->ind = 1;
}

static int take_value(app_opts *o, const app_option *opt)
{
    int err;

    if (o->ind >= o->argc) {
        app_error(o->prog, "option '%s' needs a value", o->name);
        return OPT_ERROR;
    }
    o->value = o->argv[o->ind++];
    if (opt->arg != ARG_NUMBER)
        return opt->id;
    err = parse_long(o->value, &o->number);
    if (err == -1) {
        app_error(o->prog, "option '%s' needs a number, not '%s'", o->name, o->value);
        return OPT_ERROR;
    }
    if (err != 0 || o->number < opt->min || o->number > opt->max) {
        app_error(o->prog, "option '%s' must be between %ld and %ld, not '%s'",
                  o->name, opt->min, opt->max, o->value);
        return OPT_ERROR;
    }
    return opt->id;
}

int opts_next(app_opts *o)
{
    const char *arg, *name;

    o->name = NULL;
    o->value = NULL;
    if (o->ind >= o->argc)
        return OPT_END;
    arg = o->argv[o->ind];
    if (arg[0] != '-')
        return OPT_END;
    o->ind++;
    if (strcmp(arg, "-") == 0 || strcmp(arg, "--") == 0)
        return OPT_END;
    o->name = arg;
    name = arg[1] == '-' ? arg + 2 : arg + 1;
    for (const app_option *opt = o->table; opt->name != NULL; opt++) {
        if (strcmp(opt->name, name) != 0)
            continue;
        if (opt->arg == ARG_NONE)
            return opt->id;
        return take_value(o, opt);
    }
    return OPT_UNKNOWN;
}

void opts_usage(FILE *f, const char *prog, const char *synopsis,
                const app_option *table)
{
    fprintf(f, "Usage: brisk %s %s\n\nOptions:\n", prog, synopsis);
    for (const app_option *opt = table; opt->name != NULL; opt++) {
        char left[64];
        if (opt->arg == ARG_NONE)
            snprintf(left, sizeof(left), "-%s", opt->name);
        else
            snprintf(left, sizeof(left), "-%s %s", opt->name, opt->value);
        fprintf(f, " %-19s %s\n", left, opt->help);
    }
}

/* option_word prints one primitive's part of the "options:" line: its
 * implementation, in SSLeay's words where its *_options() functions printed
 * some (des(ptr,risc1,16,long), rc4(idx,int), blowfish(ptr2), md2(int)), else
 * "prim(impl)".  Implementation names write SSLeay's commas as dashes.  A
 * primitive with another implementation for long inputs adds it and the
 * length it starts at: md5(bmi2/avx512>=1024). */
static void option_word(FILE *f, const char *prim, const char *impl)
{
    char words[96];
    size_t n = 0, commas = 0;

    if (impl == NULL)
        impl = "?";
    if (strcmp(prim, "md2") == 0 && strcmp(impl, "c") == 0)
        impl = "int";                    /* MD2_INT: an int table */
    if (strcmp(prim, "rc4") == 0 && strchr(impl, '-') == NULL)
        n = (size_t)snprintf(words, sizeof(words), "idx,");  /* RC4_INDEX */
    for (const char *p = impl; *p != '\0' && n < sizeof(words) - 1; p++) {
        commas += *p == '-';
        words[n++] = *p == '-' ? ',' : *p;
    }
    words[n] = '\0';
    /* DES impls name SSLeay's first three choices (ptr-risc1-16); the
     * fourth, DES_LONG, is fixed. */
    if (strcmp(prim, "des") == 0 && commas == 2)
        n += (size_t)snprintf(words + n, sizeof(words) - n, ",long");
    size_t from;
    const char *lg = brisk_impl_long(prim, &from);
    if (lg != NULL && n < sizeof(words))
        snprintf(words + n, sizeof(words) - n, "/%s>=%zu", lg, from);
    fprintf(f, " %s(%s)", strcmp(prim, "bf") == 0 ? "blowfish" : prim, words);
}

void print_options_line(FILE *f)
{
    const char *prim;

    fputs("options:", f);
    for (size_t i = 0; (prim = brisk_prim_name(i)) != NULL; i++)
        option_word(f, prim, brisk_impl_active(prim));
    /* IDEA has one implementation, SSLeay's IDEA_INT = unsigned int one. */
    if (brisk_cipher_by_name("idea-cbc") != NULL && brisk_impl_active("idea") == NULL)
        fputs(" idea(int)", f);
    if (brisk_tune_file() != NULL)
        fputs(" tune(file)", f);
    fputc('\n', f);
}

void print_tuning_line(FILE *f)
{
    const char *file = brisk_tune_file();
    fprintf(f, "tuning: %s\n", file != NULL ? file : "none (built-in choices)");
}

void print_compiler_line(FILE *f)
{
    fprintf(f, "compiler: %s %s\n", BRISK_COMPILER, BRISK_CFLAGS);
}

void print_cpuinfo_line(FILE *f)
{
    uint32_t detected = brisk_cpu_features_detected();
    uint32_t usable = brisk_cpu_features();
    int any = 0;

    fputs("CPUINFO:", f);
    for (unsigned b = 0; b < 32; b++) {
        uint32_t bit = (uint32_t)1 << b;
        const char *name = brisk_cpu_feature_name(bit);
        if (name == NULL || (detected & bit) == 0)
            continue;
        fprintf(f, " %s%s", (usable & bit) ? "" : "-", name);
        any = 1;
    }
    fputs(any ? "\n" : " none\n", f);
}
