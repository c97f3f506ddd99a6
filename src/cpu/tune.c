/*
 * src/cpu/tune.c - tuning files: the choices `brisk tune` measured on one
 * machine, read back by the dispatcher at the library's first call.
 *
 * The format (docs/tuning.md) is text, one primitive per line:
 *
 *   # comments and blank lines anywhere
 *   brisk-tune 1
 *   cpu AuthenticAMD 26 2 sse2,ssse3,...
 *   md5 bmi2 avx512 1024
 *   sha256 shani
 *
 * A file is used whole or not at all: any line that does not parse, a
 * version other than 1, or a `cpu` line that is not this CPU's (vendor,
 * family, model and the features CPUID reports) makes the dispatcher keep
 * its built-in choices, with the reason.  The file is data from outside
 * the process, so its size, line lengths and numbers are bounded before
 * use.  Not constant-time, and needs not be: nothing here is secret.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../internal.h"

#ifdef BRISK_X86_64
#include <cpuid.h>
#endif

#define TUNE_MAX_FILE (64 * 1024)
#define TUNE_MAX_LINE 511
#define TUNE_MAX_FROM ((size_t)1 << 30)
#define TUNE_MAX_PRIMS 64

static char in_use[512];

/* cpu_name writes this CPU's vendor, family and model ("AuthenticAMD 26
 * 2"), as CPUID leaves 0 and 1 give them with their extended fields. */
static void cpu_name(char out[64])
{
#ifdef BRISK_X86_64
    unsigned a, b, c, d, max;
    char vendor[13];

    __cpuid(0, max, b, c, d);
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = '\0';
    for (int i = 0; i < 12; i++)
        if (vendor[i] <= ' ' || vendor[i] > '~')
            vendor[i] = '_';
    if (max < 1) {
        snprintf(out, 64, "%s 0 0", vendor);
        return;
    }
    __cpuid(1, a, b, c, d);
    unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    if (family == 0x6 || family >= 0xf)
        model |= ((a >> 16) & 0xf) << 4;
    snprintf(out, 64, "%s %u %u", vendor, family, model);
#else
    snprintf(out, 64, "unknown 0 0");
#endif
}

int brisk_cpu_identity(char *buf, size_t buf_len)
{
    char id[512];
    size_t len;
    uint32_t detected = brisk_cpu_features_detected();
    int any = 0;

    cpu_name(id);
    len = strlen(id);
    id[len++] = ' ';
    for (unsigned b = 0; b < 32; b++) {
        const char *name = brisk_cpu_feature_name((uint32_t)1 << b);
        if (name == NULL || (detected & ((uint32_t)1 << b)) == 0)
            continue;
        len += (size_t)snprintf(id + len, sizeof(id) - len, "%s%s", any ? "," : "", name);
        any = 1;
    }
    if (!any)
        snprintf(id + len, sizeof(id) - len, "none");
    if (buf == NULL || strlen(id) >= buf_len)
        return BRISK_EINVAL;
    memcpy(buf, id, strlen(id) + 1);
    return BRISK_EOK;
}

int brisk_tune_default_path(char *buf, size_t buf_len)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    int n;

    if (buf == NULL)
        return BRISK_EINVAL;
    /* The XDG base directory spec ignores a relative $XDG_CONFIG_HOME. */
    if (xdg != NULL && xdg[0] == '/')
        n = snprintf(buf, buf_len, "%s/brisk/tune", xdg);
    else if (home != NULL && home[0] == '/')
        n = snprintf(buf, buf_len, "%s/.config/brisk/tune", home);
    else
        return BRISK_ENOTFOUND;
    return n > 0 && (size_t)n < buf_len ? BRISK_EOK : BRISK_EINVAL;
}

void brisk_tune_note_in_use(const char *path)
{
    snprintf(in_use, sizeof(in_use), "%s", path);
}

const char *brisk_tune_file(void)
{
    brisk_dispatch_init();
    return in_use[0] != '\0' ? in_use : NULL;
}

/* fail writes a reason and returns err. */
static int fail(int err, char *why, size_t why_len, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, why_len, fmt, ap);
    va_end(ap);
    return err;
}

/* read_all reads at most TUNE_MAX_FILE bytes of path into a new
 * NUL-terminated buffer. */
static int read_all(const char *path, char **out, char *why, size_t why_len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t len;

    if (f == NULL)
        return fail(BRISK_ENOTFOUND, why, why_len, "%s", strerror(errno));
    buf = malloc(TUNE_MAX_FILE + 2);
    if (buf == NULL) {
        fclose(f);
        return fail(BRISK_ENOMEM, why, why_len, "out of memory");
    }
    errno = 0;
    len = fread(buf, 1, TUNE_MAX_FILE + 1, f);
    int bad = ferror(f), err = errno != 0 ? errno : EIO;   /* a directory: EISDIR */
    fclose(f);
    if (bad || len > TUNE_MAX_FILE || memchr(buf, '\0', len) != NULL) {
        free(buf);
        return fail(bad ? BRISK_ENOTFOUND : BRISK_EDECODE, why, why_len, "%s",
                    bad ? strerror(err) : len > TUNE_MAX_FILE ? "larger than 64 KiB"
                                                               : "not a text file");
    }
    buf[len] = '\0';
    *out = buf;
    return BRISK_EOK;
}

/* parse_from reads a length: decimal digits only, 1 to TUNE_MAX_FROM. */
static int parse_from(const char *s, size_t *from)
{
    size_t v = 0, n = strspn(s, "0123456789");

    if (n == 0 || n > 10 || s[n] != '\0')
        return -1;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (size_t)(s[i] - '0');
    if (v == 0 || v > TUNE_MAX_FROM)
        return -1;
    *from = v;
    return 0;
}

static const brisk_impl *impl_named(const brisk_prim *p, const char *name)
{
    for (const brisk_impl *im = p->impls; im->name != NULL; im++)
        if (strcmp(im->name, name) == 0)
            return im;
    return NULL;
}

/* parse_entry reads one `PRIM IMPL [LONG_IMPL FROM]` line into *c, with
 * *idx its primitive's index. */
static int parse_entry(char *line, unsigned lineno, brisk_prim *const *prims, size_t n,
                       size_t *idx, brisk_choice *c, char *why, size_t why_len)
{
    char *tok[5] = {NULL, NULL, NULL, NULL, NULL};
    size_t nt = 0;

    for (char *s = line; nt < 5;) {
        tok[nt++] = s;
        s = strchr(s, ' ');
        if (s == NULL)
            break;
        *s++ = '\0';
    }
    if (nt != 2 && nt != 4)
        return fail(BRISK_EDECODE, why, why_len, "line %u: expected PRIMITIVE IMPLEMENTATION"
                    " [LONG_IMPLEMENTATION FROM_BYTES]", lineno);
    size_t i = 0;
    while (i < n && strcmp(prims[i]->name, tok[0]) != 0)
        i++;
    if (i == n)
        return fail(BRISK_EDECODE, why, why_len, "line %u: unknown primitive '%.32s'", lineno,
                    tok[0]);
    const brisk_prim *p = prims[i];
    *c = (brisk_choice){impl_named(p, tok[1]), NULL, SIZE_MAX};
    if (nt == 4)
        c->long_impl = impl_named(p, tok[2]);
    if (c->impl == NULL || (nt == 4 && c->long_impl == NULL))
        return fail(BRISK_EDECODE, why, why_len, "line %u: %s has no implementation '%.32s'",
                    lineno, p->name, c->impl == NULL ? tok[1] : tok[2]);
    if (nt == 4 && !p->sized)
        return fail(BRISK_EDECODE, why, why_len, "line %u: %s cannot switch by length", lineno,
                    p->name);
    if (nt == 4 && parse_from(tok[3], &c->from) != 0)
        return fail(BRISK_EDECODE, why, why_len, "line %u: bad length '%.32s' (1 to %zu bytes)",
                    lineno, tok[3], TUNE_MAX_FROM);
    uint32_t detected = brisk_cpu_features_detected();
    if ((c->impl->cpu & ~detected) != 0 ||
        (c->long_impl != NULL && (c->long_impl->cpu & ~detected) != 0))
        return fail(BRISK_EDECODE, why, why_len, "line %u: this CPU cannot run %s's choice",
                    lineno, p->name);
    *idx = i;
    return BRISK_EOK;
}

/* parse_lines checks the header lines and reads the entries into got[]. */
static int parse_lines(char *text, brisk_prim *const *prims, size_t n, brisk_choice *got,
                       int *seen, char *why, size_t why_len)
{
    char own[512];
    unsigned lineno = 0, state = 0;

    if (brisk_cpu_identity(own, sizeof(own)) != BRISK_EOK)
        return fail(BRISK_EINVAL, why, why_len, "cannot name this CPU");
    for (char *line = text, *next; line != NULL && *line != '\0'; line = next) {
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        lineno++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] == '\r')
            line[--len] = '\0';
        if (len > TUNE_MAX_LINE)
            return fail(BRISK_EDECODE, why, why_len, "line %u: longer than %d characters",
                        lineno, TUNE_MAX_LINE);
        if (len == 0 || line[0] == '#')
            continue;
        if (state == 0) {
            if (strncmp(line, "brisk-tune ", 11) != 0)
                return fail(BRISK_EDECODE, why, why_len, "not a brisk tuning file");
            if (strcmp(line + 11, "1") != 0)
                return fail(BRISK_EDECODE, why, why_len, "version %.16s not understood"
                            " (this brisk reads version 1)", line + 11);
        } else if (state == 1) {
            if (strncmp(line, "cpu ", 4) != 0)
                return fail(BRISK_EDECODE, why, why_len, "line %u: expected the cpu line",
                            lineno);
            if (strcmp(line + 4, own) != 0)
                return fail(BRISK_EUNSUPPORTED, why, why_len,
                            "written on another CPU (%.200s; this is %.200s)", line + 4, own);
        } else {
            brisk_choice c;
            size_t i = 0;
            int err = parse_entry(line, lineno, prims, n, &i, &c, why, why_len);
            if (err != BRISK_EOK)
                return err;
            if (seen[i])
                return fail(BRISK_EDECODE, why, why_len, "line %u: %s named twice", lineno,
                            prims[i]->name);
            seen[i] = 1;
            got[i] = c;
        }
        if (state < 2)
            state++;
    }
    if (state < 2)
        return fail(BRISK_EDECODE, why, why_len, state == 0 ? "empty" : "no cpu line");
    return BRISK_EOK;
}

int brisk_tune_parse(const char *path, brisk_choice *choice, size_t n, char *why, size_t why_len)
{
    brisk_choice got[TUNE_MAX_PRIMS];
    int seen[TUNE_MAX_PRIMS] = {0};
    size_t np;
    brisk_prim *const *prims = brisk_dispatch_prims(&np);
    char *text = NULL;

    if (n != np || n > TUNE_MAX_PRIMS)
        return fail(BRISK_EINVAL, why, why_len, "internal: primitive table");
    int err = read_all(path, &text, why, why_len);
    if (err != BRISK_EOK)
        return err;
    err = parse_lines(text, prims, n, got, seen, why, why_len);
    free(text);
    if (err != BRISK_EOK)
        return err;
    /* BRISK_CPU is stronger than the file: a choice needing a hidden
     * feature leaves that primitive's built-in one. */
    uint32_t usable = brisk_cpu_features();
    for (size_t i = 0; i < n; i++) {
        if (!seen[i] || (got[i].impl->cpu & ~usable) != 0 ||
            (got[i].long_impl != NULL && (got[i].long_impl->cpu & ~usable) != 0))
            continue;
        if (got[i].long_impl == got[i].impl)
            got[i].long_impl = NULL;
        choice[i] = got[i];
        if (choice[i].long_impl == NULL)
            choice[i].from = SIZE_MAX;
    }
    return BRISK_EOK;
}
