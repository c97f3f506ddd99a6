/*
 * apps/run_json.c - what the run documents of `speed`, `disk -benchmark`
 * and `channel` share (apps/run_json.h, schema in docs/json.md): the head
 * (schema, command, tool, argv and the host: CPU by CPUID on x86-64, the
 * implementation chosen per primitive, uname, online CPUs, the scaling
 * governor and turbo from sysfs where readable, the load average, start and
 * end in UTC), the outputs of -json and -save, and -baseline's comparison
 * of two documents cell by cell.  Not constant-time (nothing secret).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <brisk/brisk.h>

#include "run_json.h"

int run_doc_parse_ratio(const char *prog, const char *opt, const char *s, double *out)
{
    char *end;
    double x;

    errno = 0;
    x = (s[0] >= '0' && s[0] <= '9') || s[0] == '.' ? strtod(s, &end) : NAN;
    if (isnan(x) || *end != '\0' || errno != 0 || !(x > 0 && x <= 1)) {
        app_error(prog, "option '%s' needs a ratio in (0, 1], not '%s'", opt, s);
        return -1;
    }
    *out = x;
    return 0;
}

/* ---- Starting ---- */

/* check_baseline checks the saved document's schema and command. */
static int check_baseline(const run_doc *d, const char *command)
{
    const json_value *b = d->baseline;
    const char *schema = json_get_string(b, "schema", NULL);
    const char *cmd = json_get_string(b, "command", NULL);
    const json_value *cells = json_get(b, "cells");

    if (b->type != JSON_OBJECT || schema == NULL) {
        app_error(d->prog, "%s: not a brisk run document (no \"schema\")", d->baseline_path);
        return -1;
    }
    if (strcmp(schema, RUN_SCHEMA) != 0) {
        app_error(d->prog, "%s: schema \"%s\", this brisk reads \"%s\"", d->baseline_path,
                  schema, RUN_SCHEMA);
        return -1;
    }
    if (cmd == NULL || strcmp(cmd, command) != 0) {
        app_error(d->prog, "%s: a run of \"%s\", not of \"%s\"", d->baseline_path,
                  cmd ? cmd : "(none)", command);
        return -1;
    }
    if (cells == NULL || cells->type != JSON_ARRAY) {
        app_error(d->prog, "%s: no \"cells\" array", d->baseline_path);
        return -1;
    }
    return 0;
}

int run_doc_start(run_doc *d, const char *command, int argc, char **argv)
{
    char err[512];

    d->argc = argc;
    d->argv = argv;
    if (d->fail_below > 0 && d->baseline_path == NULL) {
        app_error(d->prog, "-fail-below needs -baseline");
        return -1;
    }
    if (d->save_path && strcmp(d->save_path, "-") == 0) {
        app_error(d->prog, "-save needs a file; -json - writes the document to stdout");
        return -1;
    }
    if (d->baseline_path) {
        d->baseline = json_read_file(d->baseline_path, err, sizeof(err));
        if (d->baseline == NULL) {
            app_error(d->prog, "-baseline %s", err);
            return -1;
        }
        if (check_baseline(d, command) != 0)
            return -1;
    }
    if (out_try(d->prog, d->json_path) != 0 || out_try(d->prog, d->save_path) != 0)
        return -1;
    d->start = time(NULL);
    d->have_load = getloadavg(d->load, 3) == 3;
    return 0;
}

int run_doc_json_stdout(const run_doc *d)
{
    return d->json_path && strcmp(d->json_path, "-") == 0;
}

void run_doc_put_passes(json_writer *w, int repeat, const speed_cycle_clock *clk)
{
    json_int(w, "repeat", repeat > 1 ? repeat : 1);
    json_string(w, "clock", "wall");
    json_string(w, "cycles", clk->source);
    if (clk->mhz > 0)
        json_number(w, "mhz", (double)clk->mhz);
    else
        json_null(w, "mhz");
}

void run_doc_free(run_doc *d)
{
    json_free(d->baseline);
    d->baseline = NULL;
    free(d->text);
    d->text = NULL;
}

/* ---- The head: tool, argv, host ---- */

static void put_time(json_writer *w, const char *key, time_t t)
{
    struct tm tm;
    char buf[32];

    if (gmtime_r(&t, &tm) == NULL || strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
        json_null(w, key);
        return;
    }
    json_string(w, key, buf);
}

/* read_line reads the first line of a small file into buf; -1 if it cannot. */
static int read_line(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    int ok;

    if (!f)
        return -1;
    ok = fgets(buf, (int)len, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\r\n")] = 0;
    return 0;
}

/* trim removes leading and trailing blanks in place. */
static char *trim(char *s)
{
    size_t n;

    while (*s == ' ' || *s == '\t')
        s++;
    n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
    return s;
}

/* cpuinfo_name finds "model name" in /proc/cpuinfo (for CPUs whose name
 * CPUID does not give). */
static int cpuinfo_name(char *buf, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    int found = 0;

    if (!f)
        return 0;
    while (!found && fgets(line, sizeof(line), f)) {
        char *colon = strchr(line, ':');
        line[strcspn(line, "\r\n")] = 0;
        if (colon && strncmp(line, "model name", 10) == 0) {
            snprintf(buf, len, "%s", trim(colon + 1));
            found = buf[0] != 0;
        }
    }
    fclose(f);
    return found;
}

static void put_cpu(json_writer *w)
{
    char name[64] = "";
    int have_id = 0;
    unsigned fam = 0, model = 0;
    char vendor[13] = "";
    uint32_t usable = brisk_cpu_features();

    json_begin_object(w, "cpu");
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, dx;
    if (__get_cpuid(0, &a, &b, &c, &dx)) {
        memcpy(vendor, &b, 4);
        memcpy(vendor + 4, &dx, 4);
        memcpy(vendor + 8, &c, 4);
        vendor[12] = 0;
        if (a >= 1 && __get_cpuid(1, &a, &b, &c, &dx)) {
            /* Display family and model, as the SDM and the APM define them. */
            fam = (a >> 8) & 0xf;
            model = (a >> 4) & 0xf;
            if (fam == 0xf)
                fam += (a >> 20) & 0xff;
            if (fam == 0x6 || fam >= 0xf)
                model |= ((a >> 16) & 0xf) << 4;
            have_id = 1;
        }
        if (__get_cpuid(0x80000000, &a, &b, &c, &dx) && a >= 0x80000004) {
            unsigned regs[12];
            for (unsigned i = 0; i < 3; i++)
                __get_cpuid(0x80000002 + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2],
                            &regs[4 * i + 3]);
            memcpy(name, regs, 48);
            name[48] = 0;
            memmove(name, trim(name), strlen(trim(name)) + 1);
        }
    }
#endif
    if (name[0] == 0)
        cpuinfo_name(name, sizeof(name));
    json_string(w, "vendor", vendor[0] ? vendor : NULL);
    if (have_id) {
        json_int(w, "family", fam);
        json_int(w, "model", model);
    } else {
        json_null(w, "family");
        json_null(w, "model");
    }
    json_string(w, "name", name[0] ? name : NULL);
    json_begin_array(w, "features");
    for (unsigned bit = 0; bit < 32; bit++) {
        const char *f = brisk_cpu_feature_name((uint32_t)1 << bit);
        if (f && (usable & ((uint32_t)1 << bit)))
            json_string(w, NULL, f);
    }
    json_end_array(w);
    json_end_object(w);
}

static void put_host(json_writer *w, const run_doc *d)
{
    struct utsname u;
    char buf[256];
    const char *prim;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    json_begin_object(w, "host");
    put_cpu(w);
    json_begin_object(w, "implementations");
    for (size_t i = 0; (prim = brisk_prim_name(i)) != NULL; i++)
        json_string(w, prim, brisk_impl_active(prim));
    json_end_object(w);
    if (uname(&u) == 0) {
        snprintf(buf, sizeof(buf), "%s %s %s", u.sysname, u.release, u.machine);
        json_string(w, "os", buf);
    } else {
        json_null(w, "os");
    }
    if (cpus > 0)
        json_int(w, "cpus", cpus);
    else
        json_null(w, "cpus");
    if (read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", buf, sizeof(buf)) == 0 &&
        buf[0])
        json_string(w, "governor", buf);
    else
        json_null(w, "governor");
    if (read_line("/sys/devices/system/cpu/cpufreq/boost", buf, sizeof(buf)) == 0 &&
        (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0))
        json_bool(w, "turbo", buf[0] == '1');
    else if (read_line("/sys/devices/system/cpu/intel_pstate/no_turbo", buf, sizeof(buf)) == 0 &&
             (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0))
        json_bool(w, "turbo", buf[0] == '0');
    else
        json_null(w, "turbo");
    if (d->have_load) {
        json_begin_array(w, "load_average");
        for (int i = 0; i < 3; i++)
            json_number(w, NULL, d->load[i]);
        json_end_array(w);
    } else {
        json_null(w, "load_average");
    }
    if (d->cpu_share >= 0)
        json_number(w, "cpu_share", d->cpu_share);
    else
        json_null(w, "cpu_share");
    put_time(w, "start", d->start);
    put_time(w, "end", d->end);
    json_end_object(w);
}

FILE *run_doc_begin(run_doc *d, json_writer *w, const char *command)
{
    FILE *mem;

    free(d->text);
    d->text = NULL;
    d->len = 0;
    mem = open_memstream(&d->text, &d->len);
    if (!mem) {
        app_error(d->prog, "cannot make the JSON document: %s", strerror(errno));
        return NULL;
    }
    d->end = time(NULL);
    json_writer_init(w, mem);
    json_begin_object(w, NULL);
    json_string(w, "schema", RUN_SCHEMA);
    json_string(w, "command", command);
    json_begin_object(w, "tool");
    json_string(w, "name", "brisk");
    json_string(w, "version", brisk_version());
    json_end_object(w);
    json_begin_array(w, "argv");
    for (int i = 0; i < d->argc; i++)
        json_string(w, NULL, d->argv[i]);
    json_end_array(w);
    put_host(w, d);
    return mem;
}

int run_doc_end(run_doc *d, json_writer *w, FILE *mem, FILE *cmp)
{
    int ret = 0;

    json_end_object(w);
    if (fclose(mem) != 0 || d->text == NULL) {
        app_error(d->prog, "cannot make the JSON document: %s", strerror(errno));
        return 1;
    }
    if (d->json_path && write_file(d->prog, d->json_path, d->text, d->len, 0) != 0)
        ret = 1;
    if (d->save_path && write_file(d->prog, d->save_path, d->text, d->len, 0) != 0)
        ret = 1;
    if (d->baseline) {
        char err[256];
        json_value *now = json_parse(d->text, d->len, err, sizeof(err));
        if (!now) {
            app_error(d->prog, "the document written does not read back: %s", err);
            return 1;
        }
        fflush(stdout);
        if (run_compare(cmp, d->prog, now, d->baseline, d->fail_below) > 0)
            ret = 1;
        fflush(cmp);
        json_free(now);
    }
    return ret;
}

/* ---- -baseline ---- */

/* A cell reduced to what the comparison needs. */
typedef struct cell {
    const char *library, *algorithm, *operation, *unit;
    const char *mac;           /* extra.mac (channel's rows), or "" */
    double size, bits;         /* -1: absent */
    double volume;             /* extra.volume_bytes (disk's volume cells), or -1 */
    double value, min, max;
    int n;                     /* samples */
    int matched;
} cell;

static int read_cells(const json_value *doc, cell **out, size_t *n_out)
{
    const json_value *cells = json_get(doc, "cells");
    cell *c;
    size_t n = 0;

    *out = NULL;
    *n_out = 0;
    if (!cells || cells->type != JSON_ARRAY)
        return 0;
    c = calloc(cells->n + 1, sizeof(*c));
    if (!c)
        return -1;
    for (size_t i = 0; i < cells->n; i++) {
        const json_value *v = &cells->items[i];
        const json_value *s = json_get(v, "samples");
        cell *x = &c[n];
        x->library = json_get_string(v, "library", "brisk");
        x->algorithm = json_get_string(v, "algorithm", NULL);
        x->operation = json_get_string(v, "operation", "");
        x->unit = json_get_string(v, "unit", "");
        x->size = json_get_number(v, "size", -1);
        x->bits = json_get_number(v, "bits", -1);
        x->mac = json_get_string(json_get(v, "extra"), "mac", "");
        x->volume = json_get_number(json_get(v, "extra"), "volume_bytes", -1);
        x->value = json_get_number(v, "value", NAN);
        if (!x->algorithm || !isfinite(x->value))
            continue;
        x->min = x->max = x->value;
        x->n = 1;
        if (s && s->type == JSON_ARRAY && s->n > 0) {
            int k = 0;
            for (size_t j = 0; j < s->n; j++) {
                double y = s->items[j].type == JSON_NUMBER ? s->items[j].number : NAN;
                if (!isfinite(y))
                    continue;
                if (k == 0 || y < x->min)
                    x->min = y;
                if (k == 0 || y > x->max)
                    x->max = y;
                k++;
            }
            if (k > 0)
                x->n = k;
        }
        n++;
    }
    *out = c;
    *n_out = n;
    return 0;
}

static int same_cell(const cell *a, const cell *b)
{
    return strcmp(a->library, b->library) == 0 && strcmp(a->algorithm, b->algorithm) == 0 &&
           strcmp(a->operation, b->operation) == 0 && a->size == b->size && a->bits == b->bits &&
           strcmp(a->mac, b->mac) == 0 && a->volume == b->volume;
}

/* cell_name writes "md5 digest 16 bytes", "rsa sign 2048 bits",
 * "openssl md5 digest 16 bytes", "aes-xts encrypt 65536 bytes 256 bits",
 * "aes128-ctr hmac-sha2-256 transfer 32768 bytes",
 * "aes-xts-plain64 decrypt 4096 bytes 512 bits volume 104857600". */
static void cell_name(char *buf, size_t len, const cell *c)
{
    int n = snprintf(buf, len, "%s%s%s%s%s %s", strcmp(c->library, "brisk") ? c->library : "",
                     strcmp(c->library, "brisk") ? " " : "", c->algorithm, c->mac[0] ? " " : "",
                     c->mac, c->operation);
    if (n < 0 || (size_t)n >= len)
        return;
    if (c->size >= 0)
        n += snprintf(buf + n, len - (size_t)n, " %.0f bytes", c->size);
    if (c->bits >= 0 && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, " %.0f bits", c->bits);
    if (c->volume >= 0 && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " volume %.0f", c->volume);
}

/* fmt_value writes x in the cell's unit, scaled: "1.23 GB/s", "4109.0/s". */
static void fmt_value(char *buf, size_t len, double x, const char *unit)
{
    static const char *const prefix[] = {"", "k", "M", "G", "T"};
    int p = 0;

    if (strcmp(unit, "bytes/s") == 0) {
        while (x >= 1000 && p < 4) {
            x /= 1000;
            p++;
        }
        snprintf(buf, len, "%.2f %sB/s", x, prefix[p]);
    } else {
        snprintf(buf, len, "%.1f/s", x);
    }
}

int run_compare(FILE *f, const char *prog, const json_value *now, const json_value *base,
                double fail_below)
{
    cell *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    int below = 0, single = 0, header = 0;
    char name[160], v1[32], v2[32];

    if (read_cells(now, &a, &na) != 0 || read_cells(base, &b, &nb) != 0) {
        app_error(prog, "out of memory");
        free(a);
        free(b);
        return 1;
    }
    fprintf(f, "\nCompared with the baseline of %s (%s):\n",
            json_get_string(json_get(base, "host"), "start", "unknown time"),
            json_get_string(json_get(json_get(base, "host"), "cpu"), "name", "unknown CPU"));
    /* The name column is as wide as the longest name matched. */
    int width = 4;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            if (same_cell(&a[i], &b[j])) {
                cell_name(name, sizeof(name), &a[i]);
                if ((int)strlen(name) > width)
                    width = (int)strlen(name);
                break;
            }
    for (size_t i = 0; i < na; i++) {
        cell *x = &a[i], *y = NULL;
        for (size_t j = 0; j < nb && !y; j++)
            if (!b[j].matched && same_cell(x, &b[j]))
                y = &b[j];
        if (!y)
            continue;
        x->matched = y->matched = 1;
        if (!header) {
            fprintf(f, "%-*s %14s %14s %7s\n", width, "cell", "baseline", "now", "ratio");
            header = 1;
        }
        double ratio = y->value > 0 ? x->value / y->value : NAN;
        const char *mark = "";
        if (x->n >= 2 && y->n >= 2) {
            /* Beyond the noise: the ratios the samples allow exclude 1. */
            if (x->min > y->max)
                mark = " +";
            else if (x->max < y->min)
                mark = " -";
        } else {
            single = 1;
            if (ratio > 1.05)
                mark = " +";
            else if (ratio < 0.95)
                mark = " -";
        }
        cell_name(name, sizeof(name), x);
        fmt_value(v1, sizeof(v1), y->value, y->unit);
        fmt_value(v2, sizeof(v2), x->value, x->unit);
        fprintf(f, "%-*s %14s %14s %7.3f%s\n", width, name, v1, v2, ratio, mark);
        if (fail_below > 0 && !(x->value >= fail_below * y->value)) {
            app_error(prog, "%s: %.3f times its baseline, below %g", name, ratio, fail_below);
            below++;
        }
    }
    if (!header)
        fprintf(f, "No cell of this run is in the baseline.\n");
    for (size_t i = 0; i < na; i++)
        if (!a[i].matched) {
            cell_name(name, sizeof(name), &a[i]);
            fprintf(f, "only in this run: %s\n", name);
        }
    for (size_t j = 0; j < nb; j++)
        if (!b[j].matched) {
            cell_name(name, sizeof(name), &b[j]);
            fprintf(f, "only in the baseline: %s\n", name);
        }
    if (header)
        fprintf(f, "ratio: now / baseline, of the medians.  + faster, - slower, beyond the noise:\n"
                   "the samples of the two runs do not overlap%s.\n",
                single ? " (where a run has one sample: a change of more than 5%)" : "");
    free(a);
    free(b);
    return below;
}
