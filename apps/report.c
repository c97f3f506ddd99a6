/*
 * apps/report.c - `brisk report RUN.json [RUN.json ...] -out report.html
 * [-svg DIR] [-title T]`: the run documents that `speed -json`, `disk` and
 * `channel` write ("brisk-run/1", docs/brisk.1) drawn as one self-contained
 * HTML page: inline SVG charts and CSS, no script, nothing fetched.  Per
 * algorithm and operation, throughput against block size on log-log axes
 * with one line per series (a run and a library), the brisk/OpenSSL ratio
 * per size for runs that timed both, public-key operations per second per
 * key size, the disk and channel figures as bar charts, and each run's host
 * and options as a table.  -svg also writes every chart as a standalone SVG
 * file.  Every string taken from a document is XML-escaped; the page is
 * well-formed XML behind `<!DOCTYPE html>`, so XML tools read it too.
 * Nothing here handles secrets.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "apps.h"
#include "json.h"

enum { OPT_OUT = 2, OPT_SVG, OPT_TITLE };

const app_option report_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"out", OPT_OUT, ARG_STRING, 0, 0, "FILE", "Write the HTML page to FILE (required)"},
    {"svg", OPT_SVG, ARG_STRING, 0, 0, "DIR", "Also write each chart to DIR as an SVG file"},
    {"title", OPT_TITLE, ARG_STRING, 0, 0, "TEXT", "The page's title (default: brisk report)"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

/* ---- A growing text buffer ---- */

typedef struct sbuf {
    char *p;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (p == NULL) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof(tmp)) {
        sb_add(b, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (big == NULL) {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_add(b, big, (size_t)n);
    free(big);
}

/* sb_esc appends s escaped for XML text and attribute values; control
 * characters other than tab and newline, which XML 1.0 cannot carry, become
 * U+FFFD. */
static void sb_esc(sbuf *b, const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': sb_puts(b, "&amp;"); break;
        case '<': sb_puts(b, "&lt;"); break;
        case '>': sb_puts(b, "&gt;"); break;
        case '"': sb_puts(b, "&quot;"); break;
        case '\'': sb_puts(b, "&#39;"); break;
        default:
            if (c < 0x20 && c != '\t' && c != '\n')
                sb_puts(b, "\xef\xbf\xbd");
            else
                sb_add(b, s, 1);
        }
    }
}

/* ---- The runs and their cells ---- */

typedef struct run {
    const char *path;
    json_value *doc;
    const char *command;       /* "speed", "disk", "channel" */
    const char *cpu;           /* host.cpu.name, or "unknown CPU" */
    char date[11];             /* the date of host.start, or "" */
    const char *tool_version;
    int has_compare;           /* cells of both brisk and openssl */
} run;

typedef struct cell {
    int run;
    const char *library, *library_version, *algorithm, *operation, *unit;
    double size, bits;         /* -1 when absent */
    double value;
    double smin, smax;         /* the samples' range, or value */
    const json_value *extra;
} cell;

/* A series: the cells of one library in one run. */
typedef struct series {
    int run;
    const char *library;
    char *label;
} series;

typedef struct report {
    run *runs;
    int nruns;
    cell *cells;
    size_t ncells;
    series *series;
    int nseries;
    const char *svg_dir;
    char **names;              /* the SVG file names used so far */
    int nnames;
    int charts;
    int failed;
} report;

/* bad_doc reports a document problem: "FILE: what". */
static int bad_doc(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad_doc(const char *path, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    app_error("report", "%s: %s", path, msg);
    return -1;
}

/* need_member: cell i's required member key, of type t ("string" or
 * "number" in the error), or NULL after an error. */
static const json_value *need_member(const char *path, size_t i, const json_value *c,
                                     const char *key, json_type t, const char *tname)
{
    const json_value *v = json_get(c, key);
    if (v == NULL)
        bad_doc(path, "cell %zu has no \"%s\"", i, key);
    else if (v->type != t)
        bad_doc(path, "cell %zu: \"%s\" is not a %s", i, key, tname);
    return v != NULL && v->type == t ? v : NULL;
}

static int need_string(const char *path, size_t i, const json_value *c, const char *key,
                       const char **out)
{
    const json_value *v = need_member(path, i, c, key, JSON_STRING, "string");
    if (v != NULL)
        *out = v->string;
    return v != NULL ? 0 : -1;
}

static int need_number(const char *path, size_t i, const json_value *c, const char *key,
                       double *out)
{
    const json_value *v = need_member(path, i, c, key, JSON_NUMBER, "number");
    if (v != NULL)
        *out = v->number;
    return v != NULL ? 0 : -1;
}

/* opt_number: an optional numeric member of cell i; -1 when absent. */
static int opt_number(const char *path, size_t i, const json_value *c, const char *key,
                      double *out)
{
    const json_value *v = json_get(c, key);
    *out = -1;
    if (v == NULL || v->type == JSON_NULL)
        return 0;
    if (v->type != JSON_NUMBER || !(v->number > 0))
        return bad_doc(path, "cell %zu: \"%s\" is not a positive number", i, key);
    *out = v->number;
    return 0;
}

static int load_run(report *r, const char *path)
{
    char err[512];
    json_value *doc = json_read_file(path, err, sizeof(err));
    if (doc == NULL) {
        app_error("report", "%s", err);
        return -1;
    }
    run *ru = &r->runs[r->nruns];
    memset(ru, 0, sizeof(*ru));
    ru->path = path;
    ru->doc = doc;
    r->nruns++;
    if (doc->type != JSON_OBJECT)
        return bad_doc(path, "not a run document (the top value is not an object)");
    const json_value *schema = json_get(doc, "schema");
    if (schema == NULL)
        return bad_doc(path, "no \"schema\" member: not a brisk run document");
    if (schema->type != JSON_STRING || strcmp(schema->string, "brisk-run/1") != 0)
        return bad_doc(path, "schema is not \"brisk-run/1\"");
    ru->command = json_get_string(doc, "command", "speed");
    const json_value *host = json_get(doc, "host");
    ru->cpu = json_get_string(json_get(host, "cpu"), "name", "unknown CPU");
    const char *start = json_get_string(host, "start", "");
    if (strlen(start) >= 10) {
        memcpy(ru->date, start, 10);
        ru->date[10] = '\0';
    }
    ru->tool_version = json_get_string(json_get(doc, "tool"), "version", "");

    const json_value *cells = json_get(doc, "cells");
    if (cells == NULL)
        return bad_doc(path, "no \"cells\" member");
    if (cells->type != JSON_ARRAY)
        return bad_doc(path, "\"cells\" is not an array");
    cell *more = realloc(r->cells, (r->ncells + cells->n + 1) * sizeof(*more));
    if (more == NULL)
        return bad_doc(path, "out of memory");
    r->cells = more;
    int brisk = 0, openssl = 0;
    for (size_t i = 0; i < cells->n; i++) {
        const json_value *c = &cells->items[i];
        cell *ce = &r->cells[r->ncells];
        if (c->type != JSON_OBJECT)
            return bad_doc(path, "cell %zu is not an object", i);
        memset(ce, 0, sizeof(*ce));
        ce->run = r->nruns - 1;
        if (need_string(path, i, c, "library", &ce->library) ||
            need_string(path, i, c, "algorithm", &ce->algorithm) ||
            need_string(path, i, c, "operation", &ce->operation) ||
            need_string(path, i, c, "unit", &ce->unit) ||
            need_number(path, i, c, "value", &ce->value) ||
            opt_number(path, i, c, "size", &ce->size) ||
            opt_number(path, i, c, "bits", &ce->bits))
            return -1;
        if (!isfinite(ce->value) || ce->value < 0)
            return bad_doc(path, "cell %zu: \"value\" is negative", i);
        ce->library_version = json_get_string(c, "library_version", NULL);
        ce->extra = json_get(c, "extra");
        ce->smin = ce->smax = ce->value;
        const json_value *s = json_get(c, "samples");
        if (s != NULL && s->type == JSON_ARRAY) {
            for (size_t k = 0; k < s->n; k++) {
                if (s->items[k].type != JSON_NUMBER)
                    continue;
                double x = s->items[k].number;
                if (x < ce->smin)
                    ce->smin = x;
                if (x > ce->smax)
                    ce->smax = x;
            }
        }
        brisk |= strcmp(ce->library, "brisk") == 0;
        openssl |= strcmp(ce->library, "openssl") == 0;
        r->ncells++;
    }
    ru->has_compare = brisk && openssl;
    return 0;
}

/* series_of returns the index of the series of cell c, or -1. */
static int series_of(report *r, const cell *c)
{
    for (int i = 0; i < r->nseries; i++)
        if (r->series[i].run == c->run && strcmp(r->series[i].library, c->library) == 0)
            return i;
    return -1;
}

static int make_series(report *r)
{
    r->series = calloc(r->ncells + 1, sizeof(*r->series));
    if (r->series == NULL)
        return -1;
    for (size_t i = 0; i < r->ncells; i++) {
        const cell *c = &r->cells[i];
        if (series_of(r, c) >= 0)
            continue;
        const run *ru = &r->runs[c->run];
        const char *ver = strcmp(c->library, "brisk") == 0 ? ru->tool_version
                          : c->library_version != NULL ? c->library_version : "";
        sbuf b = {0};
        sb_printf(&b, "%s \xc2\xb7 %s%s%s", ru->cpu, c->library, *ver ? " " : "", ver);
        if (ru->date[0])
            sb_printf(&b, " \xc2\xb7 %s", ru->date);
        if (b.oom)
            return -1;
        series *s = &r->series[r->nseries++];
        s->run = c->run;
        s->library = c->library;
        s->label = b.p;
    }
    /* Two runs of one machine on one day: tell them by their file. */
    int *dup = calloc((size_t)r->nseries + 1, sizeof(*dup));
    if (dup == NULL)
        return -1;
    for (int i = 0; i < r->nseries; i++)
        for (int j = 0; j < r->nseries; j++)
            dup[i] |= j != i && strcmp(r->series[i].label, r->series[j].label) == 0 &&
                      strcmp(r->runs[r->series[i].run].command, r->runs[r->series[j].run].command) == 0;
    for (int i = 0; i < r->nseries; i++) {
        if (!dup[i])
            continue;
        const char *base = strrchr(r->runs[r->series[i].run].path, '/');
        base = base ? base + 1 : r->runs[r->series[i].run].path;
        sbuf b = {0};
        sb_printf(&b, "%s (%s)", r->series[i].label, base);
        if (b.oom) {
            free(dup);
            return -1;
        }
        free(r->series[i].label);
        r->series[i].label = b.p;
    }
    free(dup);
    return 0;
}

/* ---- Chart helpers ---- */

/* Okabe and Ito's colour-blind-safe palette, the yellow last (faint on white). */
static const char *const palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                      "#E69F00", "#56B4E9", "#000000", "#F0E442"};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))
static const char *const dashes[] = {"", "6 3", "2 2", "8 3 2 3"};

static const char *color_of(int s) { return palette[(size_t)s % NPALETTE]; }
static const char *dash_of(int s) { return dashes[((size_t)s / NPALETTE) % 4]; }

/* fmt_size: "16 B", "1 KiB", "16 MiB". */
static void fmt_size(char *out, size_t n, double v)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    snprintf(out, n, "%g %s", v, units[u]);
}

/* fmt_rate: v in `unit` with a decimal prefix: "1.5 GB/s", "200 k ops/s". */
static void fmt_rate(char *out, size_t n, double v, const char *unit)
{
    if (strcmp(unit, "bytes/s") == 0) {
        if (v >= 1e9)
            snprintf(out, n, "%.3g GB/s", v / 1e9);
        else if (v >= 1e6)
            snprintf(out, n, "%.3g MB/s", v / 1e6);
        else if (v >= 1e3)
            snprintf(out, n, "%.3g kB/s", v / 1e3);
        else
            snprintf(out, n, "%.3g B/s", v);
        return;
    }
    const char *u = strcmp(unit, "iterations/s") == 0 ? "iter/s" : unit;
    if (v >= 1e9)
        snprintf(out, n, "%.3g G %s", v / 1e9, u);
    else if (v >= 1e6)
        snprintf(out, n, "%.3g M %s", v / 1e6, u);
    else if (v >= 1e3)
        snprintf(out, n, "%.3g k %s", v / 1e3, u);
    else
        snprintf(out, n, "%.3g %s", v, u);
}

/* A log-10 value axis from lo to hi: ticks at 1, 2 and 5 per decade when
 * the range is short, else at decades. */
typedef struct axis {
    double lo, hi;             /* the data range, widened to ticks */
    int log;
} axis;

/* nice_floor / nice_ceil: the nearest 1, 2 or 5 times a power of ten at
 * or below (above) v. */
static double nice_floor(double v)
{
    double d = pow(10, floor(log10(v) + 1e-9));
    return v >= 5 * d * (1 - 1e-9) ? 5 * d : v >= 2 * d * (1 - 1e-9) ? 2 * d : d;
}

static double nice_ceil(double v)
{
    double d = pow(10, floor(log10(v) - 1e-9));
    return v <= d * (1 + 1e-9) ? d : v <= 2 * d * (1 + 1e-9) ? 2 * d
         : v <= 5 * d * (1 + 1e-9) ? 5 * d : 10 * d;
}

static void log_axis(axis *a, double lo, double hi)
{
    if (!(lo > 0))
        lo = hi > 0 ? hi / 10 : 1;
    if (!(hi > lo))
        hi = lo * 10;
    a->lo = nice_floor(lo);
    a->hi = nice_ceil(hi);
    if (a->hi / a->lo < 10) {          /* at least a decade, for the eye */
        double mid = sqrt(a->lo * a->hi);
        a->lo = nice_floor(mid / 4);
        a->hi = nice_ceil(mid * 4);
    }
    a->log = 1;
}

static void lin_axis(axis *a, double hi)
{
    double step = pow(10, floor(log10(hi > 0 ? hi : 1)));
    a->lo = 0;
    a->hi = ceil(hi / step * 1.0001) * step;
    if (a->hi <= 0)
        a->hi = 1;
    if (a->hi / step <= 2)
        step /= 2;
    a->log = 0;
}

/* axis_pos maps v into [0, 1] along a. */
static double axis_pos(const axis *a, double v)
{
    if (a->log) {
        if (v < a->lo)
            v = a->lo;
        return (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
    }
    return (v - a->lo) / (a->hi - a->lo);
}

/* The geometry every chart shares. */
enum { CW = 760, PL = 90, PR = 24, PT = 44, PH = 260, LEGEND_LINE = 18 };
#define PW (CW - PL - PR)

/* chart_begin opens an SVG of `legend` legend lines; kind and the counts
 * are data attributes that tests/test_report.sh compares with what a
 * browser drew. */
static void chart_begin(sbuf *b, const char *kind, const char *title, int legend,
                        const char *count_attr, int count)
{
    int h = PT + PH + 48 + legend * LEGEND_LINE + 8;
    sb_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-kind=\"%s\" "
                 "%s=\"%d\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"sans-serif\" font-size=\"12\">\n",
              kind, count_attr, count, CW, h, CW, h);
    sb_puts(b, "<title>");
    sb_esc(b, title);
    sb_puts(b, "</title>\n");
    sb_printf(b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", CW, h);
    sb_printf(b, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">", PL);
    sb_esc(b, title);
    sb_puts(b, "</text>\n");
}

/* y_axis draws the value axis with its grid and tick labels. */
static void y_axis(sbuf *b, const axis *a, const char *unit, const char *label)
{
    char t[64];
    if (a->log) {
        double span = log10(a->hi) - log10(a->lo);
        static const double sub[] = {1, 2, 5};
        for (double d = pow(10, floor(log10(a->lo) + 1e-9)); d <= a->hi * 1.0001; d *= 10) {
            for (int k = 0; k < 3; k++) {
                double v = d * sub[k];
                if (v < a->lo * 0.9999 || v > a->hi * 1.0001 || (k > 0 && span > 3.5))
                    continue;
                double y = PT + PH - axis_pos(a, v) * PH;
                sb_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
                          PL, y, PL + PW, y, k == 0 ? "#cccccc" : "#eeeeee");
                fmt_rate(t, sizeof(t), v, unit);
                sb_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" "
                             "dominant-baseline=\"middle\">%s</text>\n", PL - 6, y, t);
            }
        }
    } else {
        double step = pow(10, floor(log10(a->hi)));
        if (a->hi / step < 3)
            step /= 5;
        else if (a->hi / step < 6)
            step /= 2;
        for (double v = 0; v <= a->hi * 1.0001; v += step) {
            double y = PT + PH - axis_pos(a, v) * PH;
            sb_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
                      PL, y, PL + PW, y);
            if (strcmp(unit, "ratio") == 0)
                snprintf(t, sizeof(t), "%g\xc3\x97", v);
            else
                fmt_rate(t, sizeof(t), v, unit);
            sb_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" "
                         "dominant-baseline=\"middle\">%s</text>\n", PL - 6, y, t);
        }
    }
    sb_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\"/>\n",
              PL, PT, PL, PT + PH);
    sb_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\"/>\n",
              PL, PT + PH, PL + PW, PT + PH);
    sb_printf(b, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">",
              PT + PH / 2, PT + PH / 2);
    sb_esc(b, label);
    sb_puts(b, "</text>\n");
}

/* legend draws one line per entry below the plot: a swatch and the text. */
static void legend_entry(sbuf *b, int i, const char *color, const char *dash, int bar,
                         const char *text, double opacity)
{
    int y = PT + PH + 48 + i * LEGEND_LINE;
    if (bar)
        sb_printf(b, "<rect class=\"swatch\" x=\"%d\" y=\"%d\" width=\"22\" height=\"10\" "
                     "fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"%s\"/>\n",
                  PL, y - 5, color, opacity, color);
    else
        sb_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                     "stroke-width=\"2.5\" stroke-dasharray=\"%s\"/>\n",
                  PL, y, PL + 22, y, color, dash);
    sb_printf(b, "<text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">", PL + 30, y);
    sb_esc(b, text);
    sb_puts(b, "</text>\n");
}

/* chart_end closes the SVG, puts it into the page in a <figure>, and with
 * -svg writes it to DIR/NAME.svg (NAME from `name`, sanitized). */
static void chart_end(report *r, sbuf *page, sbuf *b, const char *name)
{
    sb_puts(b, "</svg>\n");
    if (b->oom) {
        r->failed = 1;
        return;
    }
    sb_puts(page, "<figure>\n");
    sb_add(page, b->p, b->len);
    sb_puts(page, "</figure>\n");
    r->charts++;
    if (r->svg_dir == NULL || r->failed)     /* one error line is enough */
        return;

    char base[128];
    size_t n = 0;
    for (const char *s = name; *s != '\0' && n < 100; s++) {
        char c = *s;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            c = '-';
        if (c == '-' && (n == 0 || base[n - 1] == '-'))
            continue;
        base[n++] = c;
    }
    while (n > 0 && base[n - 1] == '-')
        n--;
    base[n] = '\0';
    if (n == 0)
        snprintf(base, sizeof(base), "chart");
    char file[160];
    snprintf(file, sizeof(file), "%s", base);
    for (int k = 2;; k++) {
        int used = 0;
        for (int i = 0; i < r->nnames; i++)
            used |= strcmp(r->names[i], file) == 0;
        if (!used)
            break;
        snprintf(file, sizeof(file), "%s-%d", base, k);
    }
    char **more = realloc(r->names, (size_t)(r->nnames + 1) * sizeof(*more));
    char *copy = strdup(file);
    if (more == NULL || copy == NULL) {
        free(copy);
        if (more != NULL)
            r->names = more;
        r->failed = 1;
        return;
    }
    r->names = more;
    r->names[r->nnames++] = copy;

    sbuf path = {0};
    sb_printf(&path, "%s/%s.svg", r->svg_dir, file);
    sbuf doc = {0};
    sb_puts(&doc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb_add(&doc, b->p, b->len);
    if (path.oom || doc.oom || write_file("report", path.p, doc.p, doc.len, 0) != 0)
        r->failed = 1;
    free(path.p);
    free(doc.p);
}

/* ---- Grouping ---- */

/* A distinct (algorithm, operation) of the bulk cells, in first-seen order;
 * names compare without case ("AES-128-CBC" of -evp is "aes-128-cbc"). */
typedef struct group {
    const char *algorithm, *operation;
} group;

static int same_group(const cell *c, const group *g)
{
    return strcasecmp(c->algorithm, g->algorithm) == 0 && strcmp(c->operation, g->operation) == 0;
}

static int is_bulk(const report *r, const cell *c)
{
    return strcmp(r->runs[c->run].command, "speed") == 0 && strcmp(c->unit, "bytes/s") == 0 &&
           c->size > 0;
}

static int is_pk(const report *r, const cell *c)
{
    return strcmp(r->runs[c->run].command, "speed") == 0 && strcmp(c->unit, "ops/s") == 0 &&
           c->bits > 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* sizes_of collects the distinct sizes (or bits) of the cells that match,
 * sorted, into out (room for ncells); returns their count. */
static size_t distinct(double *out, size_t n)
{
    qsort(out, n, sizeof(*out), cmp_double);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || out[k - 1] != out[i])
            out[k++] = out[i];
    return k;
}

/* ---- Throughput against block size ---- */

static void line_chart(report *r, sbuf *page, const group *g, double *xs)
{
    /* The series with cells here, the sizes and the value range. */
    int *in = calloc((size_t)r->nseries + 1, sizeof(*in));
    if (in == NULL) {
        r->failed = 1;
        return;
    }
    size_t nx = 0;
    double vlo = INFINITY, vhi = 0;
    int nser = 0;
    for (size_t i = 0; i < r->ncells; i++) {
        const cell *c = &r->cells[i];
        if (!is_bulk(r, c) || !same_group(c, g))
            continue;
        int s = series_of(r, c);
        nser += !in[s];
        in[s] = 1;
        xs[nx++] = c->size;
        if (c->smin > 0 && c->smin < vlo)
            vlo = c->smin;
        if (c->smax > vhi)
            vhi = c->smax;
    }
    nx = distinct(xs, nx);
    axis ya;
    log_axis(&ya, vlo, vhi);
    double x0 = log2(xs[0]), x1 = log2(xs[nx - 1]);
    if (x1 - x0 < 1) {
        x0 -= 1;
        x1 += 1;
    }

    char title[256];
    snprintf(title, sizeof(title), "%s %s: throughput by block size", g->algorithm, g->operation);
    sbuf b = {0};
    chart_begin(&b, "line", title, nser, "data-series", nser);
    y_axis(&b, &ya, "bytes/s", "throughput (log scale)");
    /* Block sizes: powers of two, at most 12 ticks. */
    int first = (int)ceil(x0 - 1e-9), last = (int)floor(x1 + 1e-9);
    int stride = 1;
    while ((last - first) / stride > 11)
        stride *= 2;
    for (int e = first; e <= last; e += stride) {
        double x = PL + (e - x0) / (x1 - x0) * PW;
        char t[32];
        fmt_size(t, sizeof(t), pow(2, e));
        sb_printf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eeeeee\"/>\n",
                  x, PT, x, PT + PH);
        sb_printf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333333\"/>\n",
                  x, PT + PH, x, PT + PH + 5);
        sb_printf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
                  PT + PH + 18, t);
    }
    sb_printf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">block size (log scale)</text>\n",
              PL + PW / 2, PT + PH + 36);

    int li = 0;
    for (int s = 0; s < r->nseries; s++) {
        if (!in[s])
            continue;
        const char *col = color_of(li), *dash = dash_of(li);
        sb_printf(&b, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                      "stroke-dasharray=\"%s\" points=\"", col, dash);
        /* The cells of the series in size order (one per size: the last). */
        int npts = 0;
        for (size_t k = 0; k < nx; k++) {
            const cell *hit = NULL;
            for (size_t i = 0; i < r->ncells; i++) {
                const cell *c = &r->cells[i];
                if (is_bulk(r, c) && same_group(c, g) && c->size == xs[k] && series_of(r, c) == s)
                    hit = c;
            }
            if (hit == NULL)
                continue;
            double x = PL + (log2(hit->size) - x0) / (x1 - x0) * PW;
            double y = PT + PH - axis_pos(&ya, hit->value) * PH;
            sb_printf(&b, "%s%.1f,%.1f", npts++ ? " " : "", x, y);
        }
        sb_puts(&b, "\"/>\n");
        for (size_t i = 0; i < r->ncells; i++) {
            const cell *c = &r->cells[i];
            if (!is_bulk(r, c) || !same_group(c, g) || series_of(r, c) != s)
                continue;
            double x = PL + (log2(c->size) - x0) / (x1 - x0) * PW;
            double y = PT + PH - axis_pos(&ya, c->value) * PH;
            char v[32], sz[32];
            fmt_rate(v, sizeof(v), c->value, "bytes/s");
            fmt_size(sz, sizeof(sz), c->size);
            if (c->smax > c->smin)
                sb_printf(&b, "<line class=\"spread\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                              "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                          x, PT + PH - axis_pos(&ya, c->smin) * PH, x,
                          PT + PH - axis_pos(&ya, c->smax) * PH, col);
            sb_printf(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>", x, y, col);
            sb_esc(&b, r->series[s].label);
            sb_printf(&b, ": %s at %s</title></circle>\n", v, sz);
        }
        legend_entry(&b, li, col, dash, 0, r->series[s].label, 1);
        li++;
    }
    char name[300];
    snprintf(name, sizeof(name), "speed-%s-%s", g->algorithm, g->operation);
    chart_end(r, page, &b, name);
    free(b.p);
    free(in);
}

/* ---- Bar charts ---- */

/* One bar: its group (x slot), its colour (series), a value, an opacity
 * (operation), and optional markers (ceilings). */
typedef struct bar {
    int slot;
    int series;
    double value, lo, hi;      /* lo/hi: the samples' range */
    double opacity;
    double marks[3];           /* 0: none */
    const char *tip;
} bar;

typedef struct bar_chart {
    const char *kind, *title, *name, *unit, *ylabel;
    int log;
    const char **slots;        /* the x labels */
    int nslots;
    bar *bars;
    int nbars;
    /* The legend: entries of colour and opacity. */
    const char **leg_text;
    int *leg_series;
    double *leg_opacity;
    int nleg;
    const char *mark_names[3];
} bar_chart;

/* The markers: black, grey, and black dashed. */
static const char *const mark_color[3] = {"#000000", "#888888", "#000000"};
static const char *const mark_dash[3] = {"", "", "5 3"};

static void draw_bars(report *r, sbuf *page, const bar_chart *bc)
{
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < bc->nbars; i++) {
        const bar *ba = &bc->bars[i];
        if (ba->lo > 0 && ba->lo < lo)
            lo = ba->lo;
        if (ba->hi > hi)
            hi = ba->hi;
        for (int m = 0; m < 3; m++) {
            if (ba->marks[m] > hi)
                hi = ba->marks[m];
            if (ba->marks[m] > 0 && ba->marks[m] < lo)
                lo = ba->marks[m];
        }
    }
    /* A linear scale hides a bar 20 times shorter than the longest (a
     * channel run far below its in-memory ceiling): then a log scale. */
    int log_scale = bc->log || (strcmp(bc->unit, "ratio") != 0 && lo > 0 && hi / lo > 20);
    axis ya;
    if (log_scale)
        log_axis(&ya, lo, hi);
    else
        lin_axis(&ya, strcmp(bc->unit, "ratio") == 0 && hi < 1.2 ? 1.2 : hi * 1.05);

    /* Colours by order of appearance in this chart, so that a chart of
     * one series gets the first colour of the palette. */
    int *local = calloc((size_t)r->nseries + 1, sizeof(*local));
    if (local == NULL) {
        r->failed = 1;
        return;
    }
    for (int i = 0, n = 0; i < bc->nbars; i++)
        if (local[bc->bars[i].series] == 0)
            local[bc->bars[i].series] = ++n;
    int nmarks = 0;
    for (int m = 0; m < 3; m++)
        nmarks += bc->mark_names[m] != NULL;
    sbuf b = {0};
    chart_begin(&b, "bar", bc->title, bc->nleg + nmarks, "data-bars", bc->nbars);
    char ylabel[160];
    snprintf(ylabel, sizeof(ylabel), "%s%s", bc->ylabel,
             log_scale && !bc->log ? " (log scale)" : "");
    y_axis(&b, &ya, bc->unit, ylabel);

    double slot_w = (double)PW / bc->nslots;
    int long_labels = 0;
    for (int k = 0; k < bc->nslots; k++)
        long_labels |= strlen(bc->slots[k]) * 6.5 > slot_w;
    for (int k = 0; k < bc->nslots; k++) {
        double x = PL + (k + 0.5) * slot_w;
        if (long_labels && bc->nslots > 1) {
            /* Alternate two rows so that neighbours do not overlap. */
            sb_printf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">",
                      x, PT + PH + 16 + (k % 2) * 14);
        } else {
            sb_printf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", x, PT + PH + 18);
        }
        sb_esc(&b, bc->slots[k]);
        sb_puts(&b, "</text>\n");
    }
    if (strcmp(bc->unit, "ratio") == 0) {
        double y = PT + PH - axis_pos(&ya, 1) * PH;
        sb_printf(&b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333333\" "
                      "stroke-dasharray=\"4 3\"/>\n", PL, y, PL + PW, y);
    }

    for (int k = 0; k < bc->nslots; k++) {
        int n = 0, j = 0;
        for (int i = 0; i < bc->nbars; i++)
            n += bc->bars[i].slot == k;
        double gap = slot_w * 0.15, w = (slot_w - 2 * gap) / (n ? n : 1);
        for (int i = 0; i < bc->nbars; i++) {
            const bar *ba = &bc->bars[i];
            if (ba->slot != k)
                continue;
            double x = PL + k * slot_w + gap + j++ * w;
            double y = PT + PH - axis_pos(&ya, ba->value) * PH;
            const char *col = color_of(local[ba->series] - 1);
            sb_printf(&b, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                          "height=\"%.1f\" fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"%s\">"
                          "<title>", x + 1, y, w - 2, PT + PH - y, col, ba->opacity, col);
            sb_esc(&b, ba->tip);
            sb_puts(&b, "</title></rect>\n");
            if (ba->hi > ba->lo)
                sb_printf(&b, "<line class=\"spread\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                              "y2=\"%.1f\" stroke=\"#333333\"/>\n",
                          x + w / 2, PT + PH - axis_pos(&ya, ba->lo) * PH, x + w / 2,
                          PT + PH - axis_pos(&ya, ba->hi) * PH);
            for (int m = 0; m < 3; m++) {
                if (!(ba->marks[m] > 0))
                    continue;
                double my = PT + PH - axis_pos(&ya, ba->marks[m]) * PH;
                sb_printf(&b, "<line class=\"mark\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                              "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"3\" "
                              "stroke-dasharray=\"%s\"/>\n",
                          x - 1, my, x + w + 1, my, mark_color[m], mark_dash[m]);
            }
            if (strcmp(bc->unit, "ratio") == 0 && w >= 26)
                sb_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                              "font-size=\"10\">%.2f</text>\n", x + w / 2, y - 4, ba->value);
        }
    }
    int li = 0;
    for (int i = 0; i < bc->nleg; i++)
        legend_entry(&b, li++, color_of(local[bc->leg_series[i]] - 1), "", 1, bc->leg_text[i],
                     bc->leg_opacity[i]);
    for (int m = 0; m < 3; m++) {
        if (bc->mark_names[m] == NULL)
            continue;
        int y = PT + PH + 48 + li++ * LEGEND_LINE;
        sb_printf(&b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                      "stroke-width=\"3\" stroke-dasharray=\"%s\"/>\n",
                  PL, y, PL + 22, y, mark_color[m], mark_dash[m]);
        sb_printf(&b, "<text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">", PL + 30, y);
        sb_esc(&b, bc->mark_names[m]);
        sb_puts(&b, "</text>\n");
    }
    chart_end(r, page, &b, bc->name);
    free(b.p);
    free(local);
}

/* A bar chart under construction: slots and legend entries are added by
 * name, bars one by one; everything points into the documents or `strs`. */
typedef struct bar_build {
    bar_chart bc;
    char **owned;
    int nowned;
    int cap;
} bar_build;

static int bb_init(bar_build *bb, size_t cap)
{
    memset(bb, 0, sizeof(*bb));
    bb->cap = (int)cap + 4;
    bb->bc.slots = calloc((size_t)bb->cap, sizeof(char *));
    bb->bc.bars = calloc((size_t)bb->cap, sizeof(bar));
    bb->bc.leg_text = calloc((size_t)bb->cap, sizeof(char *));
    bb->bc.leg_series = calloc((size_t)bb->cap, sizeof(int));
    bb->bc.leg_opacity = calloc((size_t)bb->cap, sizeof(double));
    bb->owned = calloc((size_t)bb->cap * 4, sizeof(char *));
    return bb->bc.slots && bb->bc.bars && bb->bc.leg_text && bb->bc.leg_series &&
                   bb->bc.leg_opacity && bb->owned ? 0 : -1;
}

static void bb_free(bar_build *bb)
{
    for (int i = 0; i < bb->nowned; i++)
        free(bb->owned[i]);
    free(bb->owned);
    free(bb->bc.slots);
    free(bb->bc.bars);
    free(bb->bc.leg_text);
    free(bb->bc.leg_series);
    free(bb->bc.leg_opacity);
}

/* bb_str keeps a formatted string for the chart's life. */
static const char *bb_str(bar_build *bb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static const char *bb_str(bar_build *bb, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    char *s = strdup(tmp);
    if (s == NULL || bb->nowned >= bb->cap * 4) {
        free(s);
        return "";
    }
    bb->owned[bb->nowned++] = s;
    return s;
}

static int bb_slot(bar_build *bb, const char *label)
{
    for (int i = 0; i < bb->bc.nslots; i++)
        if (strcmp(bb->bc.slots[i], label) == 0)
            return i;
    bb->bc.slots[bb->bc.nslots] = label;
    return bb->bc.nslots++;
}

static void bb_legend(bar_build *bb, int ser, double opacity, const char *text)
{
    for (int i = 0; i < bb->bc.nleg; i++)
        if (bb->bc.leg_series[i] == ser && bb->bc.leg_opacity[i] == opacity)
            return;
    bb->bc.leg_series[bb->bc.nleg] = ser;
    bb->bc.leg_opacity[bb->bc.nleg] = opacity;
    bb->bc.leg_text[bb->bc.nleg++] = text;
}

static bar *bb_bar(bar_build *bb, int slot, int ser, const cell *c, double opacity,
                   const char *tip)
{
    bar *ba = &bb->bc.bars[bb->bc.nbars++];
    memset(ba, 0, sizeof(*ba));
    ba->slot = slot;
    ba->series = ser;
    ba->value = c->value;
    ba->lo = c->smin;
    ba->hi = c->smax;
    ba->opacity = opacity;
    ba->tip = tip;
    return ba;
}

/* ratio_chart: brisk / openssl per size, one bar per run with both. */
static void ratio_chart(report *r, sbuf *page, const group *g, double *xs)
{
    bar_build bb;
    if (bb_init(&bb, r->ncells) != 0) {
        r->failed = 1;
        bb_free(&bb);
        return;
    }
    size_t nx = 0;
    for (size_t i = 0; i < r->ncells; i++)
        if (is_bulk(r, &r->cells[i]) && same_group(&r->cells[i], g))
            xs[nx++] = r->cells[i].size;
    nx = distinct(xs, nx);
    for (size_t k = 0; k < nx; k++) {
        char sz[32];
        fmt_size(sz, sizeof(sz), xs[k]);
        int slot = -1;
        for (int ru = 0; ru < r->nruns; ru++) {
            const cell *br = NULL, *os = NULL;
            for (size_t i = 0; i < r->ncells; i++) {
                const cell *c = &r->cells[i];
                if (c->run != ru || !is_bulk(r, c) || !same_group(c, g) || c->size != xs[k])
                    continue;
                if (strcmp(c->library, "brisk") == 0)
                    br = c;
                else if (strcmp(c->library, "openssl") == 0)
                    os = c;
            }
            if (br == NULL || os == NULL || !(os->value > 0))
                continue;
            if (slot < 0)
                slot = bb_slot(&bb, bb_str(&bb, "%s", sz));
            int s = series_of(r, br);
            cell ratio = *br;
            ratio.value = br->value / os->value;
            ratio.smin = ratio.smax = ratio.value;
            const char *tip = bb_str(&bb, "%s: %.3f at %s", r->series[s].label, ratio.value, sz);
            bb_bar(&bb, slot, s, &ratio, 1, tip);
            bb_legend(&bb, s, 1, bb_str(&bb, "%s \xc3\xb7 openssl", r->series[s].label));
        }
    }
    if (bb.bc.nbars > 0) {
        bb.bc.title = bb_str(&bb, "%s %s: brisk / OpenSSL by block size", g->algorithm,
                             g->operation);
        bb.bc.name = bb_str(&bb, "ratio-%s-%s", g->algorithm, g->operation);
        bb.bc.kind = "bar";
        bb.bc.unit = "ratio";
        bb.bc.ylabel = "brisk / OpenSSL (1 = equal)";
        draw_bars(r, page, &bb.bc);
    }
    bb_free(&bb);
}

/* pk_charts: ops/s per key size for each public-key algorithm, bars per
 * series and operation (sign solid, verify light), on a log scale. */
static void pk_charts(report *r, sbuf *page, double *xs)
{
    for (size_t i = 0; i < r->ncells; i++) {
        const cell *c = &r->cells[i];
        if (!is_pk(r, c))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= is_pk(r, &r->cells[j]) && strcasecmp(r->cells[j].algorithm, c->algorithm) == 0;
        if (seen)
            continue;
        bar_build bb;
        if (bb_init(&bb, r->ncells) != 0) {
            r->failed = 1;
            bb_free(&bb);
            return;
        }
        size_t nx = 0;
        for (size_t j = i; j < r->ncells; j++)
            if (is_pk(r, &r->cells[j]) && strcasecmp(r->cells[j].algorithm, c->algorithm) == 0)
                xs[nx++] = r->cells[j].bits;
        nx = distinct(xs, nx);
        for (size_t k = 0; k < nx; k++) {
            int slot = bb_slot(&bb, bb_str(&bb, "%g bits", xs[k]));
            for (int s = 0; s < r->nseries; s++) {
                for (size_t j = i; j < r->ncells; j++) {
                    const cell *d = &r->cells[j];
                    if (!is_pk(r, d) || strcasecmp(d->algorithm, c->algorithm) != 0 ||
                        d->bits != xs[k] || series_of(r, d) != s)
                        continue;
                    double op = strcmp(d->operation, "sign") == 0 ? 1 : 0.35;
                    char v[32];
                    fmt_rate(v, sizeof(v), d->value, "ops/s");
                    bb_bar(&bb, slot, s, d, op,
                           bb_str(&bb, "%s %s: %s", r->series[s].label, d->operation, v));
                    bb_legend(&bb, s, op,
                              bb_str(&bb, "%s: %s", r->series[s].label, d->operation));
                }
            }
        }
        bb.bc.title = bb_str(&bb, "%s: operations per second by key size", c->algorithm);
        bb.bc.name = bb_str(&bb, "pk-%s", c->algorithm);
        bb.bc.unit = "ops/s";
        bb.bc.ylabel = "operations per second (log scale)";
        bb.bc.log = 1;
        draw_bars(r, page, &bb.bc);
        bb_free(&bb);
    }
}

static int is_cmd(const report *r, const cell *c, const char *cmd)
{
    return strcmp(r->runs[c->run].command, cmd) == 0;
}

/* disk_charts: bytes/s per cipher, key size (and block size, and the
 * volume's size for the volume test) with encrypt solid and decrypt
 * light; then the PBKDF iterations per second. */
static void disk_charts(report *r, sbuf *page)
{
    for (int pass = 0; pass < 2; pass++) {
        bar_build bb;
        if (bb_init(&bb, r->ncells) != 0) {
            r->failed = 1;
            bb_free(&bb);
            return;
        }
        const char *unit = pass == 0 ? "bytes/s" : "iterations/s";
        for (int s = 0; s < r->nseries; s++) {
            for (size_t i = 0; i < r->ncells; i++) {
                const cell *c = &r->cells[i];
                if (!is_cmd(r, c, "disk") || series_of(r, c) != s || strcmp(c->unit, unit) != 0)
                    continue;
                char bits[32] = "", sz[40] = "", vol[48] = "";
                double volume = json_get_number(c->extra, "volume_bytes", 0);
                if (c->bits > 0)
                    snprintf(bits, sizeof(bits), " %g-bit", c->bits);
                if (c->size > 0) {
                    sz[0] = ' ';
                    fmt_size(sz + 1, sizeof(sz) - 1, c->size);
                }
                if (volume > 0) {
                    memcpy(vol, " on ", 4);
                    fmt_size(vol + 4, sizeof(vol) - 4, volume);
                }
                int slot = bb_slot(&bb, bb_str(&bb, "%s%s%s%s", c->algorithm, bits, sz, vol));
                double op = strcmp(c->operation, "decrypt") == 0 ? 0.35 : 1;
                char v[32];
                fmt_rate(v, sizeof(v), c->value, unit);
                bb_bar(&bb, slot, s, c, op,
                       bb_str(&bb, "%s %s: %s", r->series[s].label, c->operation, v));
                bb_legend(&bb, s, op,
                          pass == 0 ? bb_str(&bb, "%s: %s", r->series[s].label, c->operation)
                                    : r->series[s].label);
            }
        }
        if (bb.bc.nbars > 0) {
            bb.bc.title = pass == 0 ? "disk: encryption throughput by cipher and key size"
                                    : "disk: PBKDF iterations per second";
            bb.bc.name = pass == 0 ? "disk-ciphers" : "disk-pbkdf";
            bb.bc.unit = unit;
            bb.bc.ylabel = pass == 0 ? "throughput" : "iterations per second";
            draw_bars(r, page, &bb.bc);
        }
        bb_free(&bb);
    }
}

/* channel_chart: MB/s per cipher and MAC, bars per series, with the
 * ceilings of the extra members as markers. */
static void channel_chart(report *r, sbuf *page)
{
    bar_build bb;
    if (bb_init(&bb, r->ncells) != 0) {
        r->failed = 1;
        bb_free(&bb);
        return;
    }
    static const char *const keys[3] = {"ceiling_bytes_per_s", "none_bytes_per_s",
                                        "scp_bytes_per_s"};
    int used[3] = {0, 0, 0};
    for (int s = 0; s < r->nseries; s++) {
        for (size_t i = 0; i < r->ncells; i++) {
            const cell *c = &r->cells[i];
            if (!is_cmd(r, c, "channel") || series_of(r, c) != s ||
                strcmp(c->unit, "bytes/s") != 0)
                continue;
            const char *mac = json_get_string(c->extra, "mac", NULL);
            /* An AEAD's MAC is "none" (its tag): the cipher names it. */
            int slot = bb_slot(&bb, mac != NULL && *mac && strcmp(mac, "none") != 0
                                        ? bb_str(&bb, "%s + %s", c->algorithm, mac)
                                        : c->algorithm);
            char v[32];
            fmt_rate(v, sizeof(v), c->value, "bytes/s");
            bar *ba = bb_bar(&bb, slot, s, c, 1, bb_str(&bb, "%s: %s", r->series[s].label, v));
            for (int m = 0; m < 3; m++) {
                ba->marks[m] = json_get_number(c->extra, keys[m], 0);
                used[m] |= ba->marks[m] > 0;
            }
            bb_legend(&bb, s, 1, r->series[s].label);
        }
    }
    static const char *const names[3] = {"ceiling: cipher and MAC alone, in memory",
                                         "ceiling: the transport alone (-c none)",
                                         "scp through OpenSSH (-ssh)"};
    for (int m = 0; m < 3; m++)
        bb.bc.mark_names[m] = used[m] ? names[m] : NULL;
    if (bb.bc.nbars > 0) {
        bb.bc.title = "channel: ssh packet layer over loopback TCP";
        bb.bc.name = "channel";
        bb.bc.unit = "bytes/s";
        bb.bc.ylabel = "throughput";
        draw_bars(r, page, &bb.bc);
    }
    bb_free(&bb);
}

/* ---- The runs as tables ---- */

/* value_text appends a JSON value as plain text: arrays joined with ", ",
 * objects as "key=value". */
static void value_text(sbuf *b, const json_value *v)
{
    char t[64];
    switch (v->type) {
    case JSON_NULL: sb_puts(b, "null"); break;
    case JSON_BOOL: sb_puts(b, v->boolean ? "true" : "false"); break;
    case JSON_NUMBER:
        snprintf(t, sizeof(t), "%.15g", v->number);
        sb_puts(b, t);
        break;
    case JSON_STRING: sb_esc(b, v->string); break;
    case JSON_ARRAY:
        for (size_t i = 0; i < v->n; i++) {
            if (i)
                sb_puts(b, ", ");
            value_text(b, &v->items[i]);
        }
        break;
    case JSON_OBJECT:
        for (size_t i = 0; i < v->n; i++) {
            if (i)
                sb_puts(b, ", ");
            sb_esc(b, v->keys[i]);
            sb_puts(b, "=");
            value_text(b, &v->items[i]);
        }
        break;
    }
}

static void row(sbuf *b, const char *name, const json_value *v)
{
    if (v == NULL)
        return;
    sb_puts(b, "<tr><th>");
    sb_esc(b, name);
    sb_puts(b, "</th><td>");
    value_text(b, v);
    sb_puts(b, "</td></tr>\n");
}

static void run_table(sbuf *b, const run *ru, int index)
{
    const json_value *d = ru->doc, *host = json_get(d, "host"), *cpu = json_get(host, "cpu");
    sb_printf(b, "<h3>Run %d: ", index + 1);
    sb_esc(b, ru->path);
    sb_puts(b, "</h3>\n<table>\n");
    row(b, "command", json_get(d, "command"));
    row(b, "tool", json_get(d, "tool"));
    row(b, "arguments", json_get(d, "argv"));
    if (cpu != NULL && cpu->type == JSON_OBJECT) {
        for (size_t i = 0; i < cpu->n; i++) {
            char name[160];
            snprintf(name, sizeof(name), "cpu %s", cpu->keys[i]);
            row(b, name, &cpu->items[i]);
        }
    }
    if (host != NULL && host->type == JSON_OBJECT)
        for (size_t i = 0; i < host->n; i++)
            if (strcmp(host->keys[i], "cpu") != 0)
                row(b, host->keys[i], &host->items[i]);
    const json_value *opt = json_get(d, "options");
    if (opt != NULL && opt->type == JSON_OBJECT)
        for (size_t i = 0; i < opt->n; i++) {
            char name[160];
            snprintf(name, sizeof(name), "option %s", opt->keys[i]);
            row(b, name, &opt->items[i]);
        }
    sb_puts(b, "</table>\n");
}

/* ---- The page ---- */

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em auto;max-width:800px;color:#222;"
    "background:#fff;line-height:1.4}\n"
    "h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}\n"
    "figure{margin:1em 0}svg{max-width:100%;height:auto}\n"
    "table{border-collapse:collapse;font-size:0.85em;margin-bottom:1em;width:100%}\n"
    "th,td{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}\n"
    "th{background:#f4f4f4;white-space:nowrap;width:11em}td{word-break:break-word}\n"
    "p.note{color:#555;font-size:0.9em}\n";

static void build_page(report *r, sbuf *page, const char *title)
{
    size_t ncells = r->ncells ? r->ncells : 1;
    double *xs = malloc(ncells * sizeof(*xs));
    group *groups = malloc(ncells * sizeof(*groups));
    if (xs == NULL || groups == NULL) {
        free(xs);
        free(groups);
        r->failed = 1;
        return;
    }
    sb_puts(page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                  "<meta name=\"generator\" content=\"brisk report\"/>\n<title>");
    sb_esc(page, title);
    sb_printf(page, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", style);
    sb_esc(page, title);
    sb_printf(page, "</h1>\n<p>%d run%s, %zu cell%s. Throughput is in decimal units "
                    "(1 MB/s = 10<sup>6</sup> bytes per second), block and key sizes in "
                    "binary units; a vertical stroke through a point or bar spans the "
                    "samples' minimum to maximum.</p>\n",
              r->nruns, r->nruns == 1 ? "" : "s", r->ncells, r->ncells == 1 ? "" : "s");

    size_t ng = 0;
    for (size_t i = 0; i < r->ncells; i++) {
        const cell *c = &r->cells[i];
        if (!is_bulk(r, c))
            continue;
        size_t k = 0;
        while (k < ng && !same_group(c, &groups[k]))
            k++;
        if (k == ng) {
            groups[ng].algorithm = c->algorithm;
            groups[ng].operation = c->operation;
            ng++;
        }
    }
    if (ng > 0) {
        sb_puts(page, "<h2>Throughput by block size</h2>\n");
        for (size_t k = 0; k < ng; k++) {
            line_chart(r, page, &groups[k], xs);
            ratio_chart(r, page, &groups[k], xs);
        }
    }
    int any = 0;
    for (size_t i = 0; i < r->ncells; i++)
        any |= is_pk(r, &r->cells[i]);
    if (any) {
        sb_puts(page, "<h2>Public key</h2>\n<p class=\"note\">Sign in solid colour, verify "
                      "in a light shade of the same colour.</p>\n");
        pk_charts(r, page, xs);
    }
    any = 0;
    for (size_t i = 0; i < r->ncells; i++)
        any |= is_cmd(r, &r->cells[i], "disk");
    if (any) {
        sb_puts(page, "<h2>Disk encryption</h2>\n<p class=\"note\">Encrypt in solid colour, "
                      "decrypt in a light shade of the same colour.</p>\n");
        disk_charts(r, page);
    }
    any = 0;
    for (size_t i = 0; i < r->ncells; i++)
        any |= is_cmd(r, &r->cells[i], "channel");
    if (any) {
        sb_puts(page, "<h2>Channel</h2>\n<p class=\"note\">Bars: MB/s through the connection; "
                      "markers: the ceilings the same run measured.</p>\n");
        channel_chart(r, page);
    }
    sb_puts(page, "<h2>Runs</h2>\n");
    for (int i = 0; i < r->nruns; i++)
        run_table(page, &r->runs[i], i);
    sb_puts(page, "</body>\n</html>\n");
    free(xs);
    free(groups);
}

/* out_is_run refuses -out naming one of the run documents, also through a
 * symbolic or hard link: the page would replace the run it was made from. */
static int out_is_run(const char *out, char **files, int nfiles)
{
    for (int i = 0; i < nfiles; i++) {
        if (!app_same_file(out, files[i]))
            continue;
        if (strcmp(files[i], out) == 0)
            app_error("report", "-out '%s' is a run document; refusing to overwrite it", out);
        else
            app_error("report", "-out '%s' is the run document '%s'; refusing to overwrite it",
                      out, files[i]);
        return 1;
    }
    return 0;
}

int report_main(int argc, char **argv)
{
    app_opts o;
    const char *out = NULL, *title = "brisk report";
    int id, ret = 1;
    report r;

    memset(&r, 0, sizeof(r));
    /* Options and run documents mix (`brisk report a.json b.json -out
     * r.html`); after "--" everything is a document. */
    char **files = calloc((size_t)argc + 1, sizeof(*files));
    int nfiles = 0;
    if (files == NULL) {
        app_error("report", "out of memory");
        return 1;
    }
    opts_init(&o, "report", report_options, argc, argv);
    for (;;) {
        int before = o.ind;
        id = opts_next(&o);
        if (id == OPT_END) {
            if (o.ind >= argc)
                break;
            if (o.ind != before) {      /* "--" or "-": the rest are documents */
                while (o.ind < argc)
                    files[nfiles++] = argv[o.ind++];
                break;
            }
            files[nfiles++] = argv[o.ind++];
            continue;
        }
        switch (id) {
        case OPT_HELP:
            opts_usage(stdout, "report", "RUN.json [RUN.json ...] -out FILE [options]",
                       report_options);
            free(files);
            return 0;
        case OPT_OUT: out = o.value; break;
        case OPT_SVG: r.svg_dir = o.value; break;
        case OPT_TITLE: title = o.value; break;
        case OPT_UNKNOWN:
            app_error("report", "unknown option '%s'", o.name);
            free(files);
            return 1;
        default:
            free(files);
            return 1;
        }
    }
    if (out == NULL) {
        app_error("report", "no -out FILE given (the HTML page to write)");
        free(files);
        return 1;
    }
    if (nfiles == 0) {
        app_error("report", "no run document given (write one with `brisk speed -json FILE`)");
        free(files);
        return 1;
    }
    r.runs = calloc((size_t)nfiles, sizeof(*r.runs));
    if (r.runs == NULL) {
        app_error("report", "out of memory");
        goto done;
    }
    for (int i = 0; i < nfiles; i++)
        if (load_run(&r, files[i]) != 0)
            goto done;
    if (out_is_run(out, files, nfiles))
        goto done;
    if (r.svg_dir != NULL) {
        struct stat st;
        if (mkdir(r.svg_dir, 0777) != 0 && errno != EEXIST) {
            app_error("report", "cannot make directory '%s': %s", r.svg_dir, strerror(errno));
            goto done;
        }
        if (stat(r.svg_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            app_error("report", "-svg '%s' is not a directory", r.svg_dir);
            goto done;
        }
    }
    if (make_series(&r) != 0) {
        app_error("report", "out of memory");
        goto done;
    }
    sbuf page = {0};
    build_page(&r, &page, title);
    if (page.oom || r.failed) {
        if (page.oom)
            app_error("report", "out of memory");
        free(page.p);
        goto done;
    }
    if (write_file("report", out, page.p, page.len, 0) == 0)
        ret = 0;
    free(page.p);
done:
    for (int i = 0; i < r.nruns; i++)
        json_free(r.runs[i].doc);
    for (int i = 0; i < r.nseries; i++)
        free(r.series[i].label);
    for (int i = 0; i < r.nnames; i++)
        free(r.names[i]);
    free(r.names);
    free(r.series);
    free(r.cells);
    free(r.runs);
    free(files);
    return ret;
}
