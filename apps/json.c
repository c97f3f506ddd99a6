/*
 * apps/json.c - the brisk command's JSON reader and writer (apps/json.h):
 * RFC 8259 read strictly by recursive descent (nesting bounded, so the
 * stack is too), UTF-8 checked as RFC 3629 defines it, numbers checked
 * against the RFC's grammar before strtod converts them; a streaming
 * pretty-printer.  Neither depends on the locale: a number's '.' becomes
 * the locale's decimal point before strtod and back after printf.  Not
 * constant-time (nothing secret).
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#define JSON_MAX_FILE ((size_t)64 << 20)

/* ---- Reading ---- */

typedef struct parser {
    const unsigned char *p, *end;
    const unsigned char *line_start;
    size_t line;
    int depth;
    char *err;
    size_t err_len;
    int failed;
} parser;

/* column: characters (UTF-8 lead bytes) from the line's start to at, + 1. */
static size_t column(const parser *ps, const unsigned char *at)
{
    size_t col = 1;

    for (const unsigned char *q = ps->line_start; q < at; q++)
        if ((*q & 0xc0) != 0x80)
            col++;
    return col;
}

__attribute__((format(printf, 3, 4)))
static void fail_at(parser *ps, const unsigned char *at, const char *fmt, ...)
{
    char what[160];
    va_list ap;

    if (ps->failed)
        return;
    ps->failed = 1;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    if (ps->err && ps->err_len)
        snprintf(ps->err, ps->err_len, "line %zu, column %zu: %s", ps->line, column(ps, at), what);
}

/* describe names the byte at p for an error message. */
static void describe(const parser *ps, const unsigned char *p, char *out, size_t len)
{
    if (p >= ps->end)
        snprintf(out, len, "the end of the text");
    else if (*p >= 0x20 && *p < 0x7f)
        snprintf(out, len, "'%c'", *p);
    else
        snprintf(out, len, "byte 0x%02x", *p);
}

static void unexpected(parser *ps, const char *expected)
{
    char got[32];

    describe(ps, ps->p, got, sizeof(got));
    fail_at(ps, ps->p, "expected %s, found %s", expected, got);
}

static void skip_ws(parser *ps)
{
    while (ps->p < ps->end) {
        unsigned char c = *ps->p;
        if (c == '\n') {
            ps->line++;
            ps->line_start = ps->p + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        ps->p++;
    }
}

/* utf8_len returns the length of the valid UTF-8 sequence at p (before
 * end), 0 if there is none (RFC 3629 section 4's table). */
static size_t utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0];
    size_t n;
    unsigned char lo = 0x80, hi = 0xbf;

    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4;
    else
        return 0;
    if (c == 0xe0)
        lo = 0xa0;
    else if (c == 0xed)
        hi = 0x9f;
    else if (c == 0xf0)
        lo = 0x90;
    else if (c == 0xf4)
        hi = 0x8f;
    if ((size_t)(end - p) < n)
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

static size_t put_utf8(unsigned char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xc0 | cp >> 6);
        out[1] = (unsigned char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xe0 | cp >> 12);
        out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (unsigned char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (unsigned char)(0xf0 | cp >> 18);
    out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (unsigned char)(0x80 | (cp & 0x3f));
    return 4;
}

/* hex4 reads the four hex digits after "\u" at p; -1 if they are not. */
static long hex4(const unsigned char *p, const unsigned char *end)
{
    long v = 0;

    if (end - p < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        int c = p[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return -1;
        v = v << 4 | d;
    }
    return v;
}

/* parse_string reads a string whose '"' is at ps->p; returns it malloc'd
 * (decoded: at most as long as its source), or NULL. */
static char *parse_string(parser *ps)
{
    const unsigned char *start = ps->p++;
    const unsigned char *q;
    unsigned char *out, *o;

    /* Find the closing quote first, to size the result. */
    for (q = ps->p; q < ps->end && *q != '"'; q++)
        if (*q == '\\' && q + 1 < ps->end)
            q++;
    if (q >= ps->end) {
        fail_at(ps, start, "string not closed");
        return NULL;
    }
    out = malloc((size_t)(q - ps->p) + 1);
    if (!out) {
        fail_at(ps, start, "out of memory");
        return NULL;
    }
    o = out;
    while (*ps->p != '"') {
        const unsigned char *at = ps->p;
        unsigned char c = *at;
        if (c < 0x20) {
            fail_at(ps, at, "control character 0x%02x in a string (write it as \\u%04x)", c, c);
            goto bad;
        }
        if (c == '\\') {
            unsigned char e = at[1];
            long u, lo;
            ps->p += 2;
            switch (e) {
            case '"': *o++ = '"'; continue;
            case '\\': *o++ = '\\'; continue;
            case '/': *o++ = '/'; continue;
            case 'b': *o++ = '\b'; continue;
            case 'f': *o++ = '\f'; continue;
            case 'n': *o++ = '\n'; continue;
            case 'r': *o++ = '\r'; continue;
            case 't': *o++ = '\t'; continue;
            case 'u': break;
            default:
                if (e >= 0x20 && e < 0x7f)
                    fail_at(ps, at, "unknown escape \\%c", e);
                else
                    fail_at(ps, at, "unknown escape: '\\' then byte 0x%02x", e);
                goto bad;
            }
            u = hex4(ps->p, ps->end);
            if (u < 0) {
                fail_at(ps, at, "\\u needs four hex digits");
                goto bad;
            }
            ps->p += 4;
            if (u == 0) {
                fail_at(ps, at, "\\u0000 is not allowed in a string");
                goto bad;
            }
            if (u >= 0xdc00 && u <= 0xdfff) {
                fail_at(ps, at, "\\u%04lx: a low surrogate without a high one", u);
                goto bad;
            }
            if (u >= 0xd800 && u <= 0xdbff) {
                if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' ||
                    (lo = hex4(ps->p + 2, ps->end)) < 0xdc00 || lo > 0xdfff) {
                    fail_at(ps, at, "\\u%04lx: a high surrogate not followed by a low one", u);
                    goto bad;
                }
                ps->p += 6;
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            }
            o += put_utf8(o, (uint32_t)u);
            continue;
        }
        size_t n = utf8_len(at, ps->end);
        if (n == 0) {
            fail_at(ps, at, "invalid UTF-8 (byte 0x%02x)", c);
            goto bad;
        }
        memcpy(o, at, n);
        o += n;
        ps->p += n;
    }
    ps->p++;
    *o = 0;
    return (char *)out;
bad:
    free(out);
    return NULL;
}

/* to_double converts the n characters at s (a number by the grammar) as
 * strtod does in the C locale. */
static double to_double(const char *s, size_t n, int *range)
{
    char small[64], *buf = small, *endp;
    const char *dp = localeconv()->decimal_point;
    size_t dpl = dp && *dp ? strlen(dp) : 1;
    double x;

    if (n * dpl + 1 > sizeof(small)) {
        buf = malloc(n * dpl + 1);
        if (!buf) {
            *range = -1;
            return 0;
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.' && dp && *dp) {
            memcpy(buf + k, dp, dpl);
            k += dpl;
        } else {
            buf[k++] = s[i];
        }
    }
    buf[k] = 0;
    errno = 0;
    x = strtod(buf, &endp);
    *range = errno == ERANGE && isinf(x);
    if (buf != small)
        free(buf);
    return x;
}

static int is_digit(const parser *ps, const unsigned char *q)
{
    return q < ps->end && *q >= '0' && *q <= '9';
}

static int parse_number(parser *ps, json_value *v)
{
    const unsigned char *start = ps->p, *q = ps->p;
    int range;

    if (q < ps->end && *q == '-')
        q++;
    if (!is_digit(ps, q)) {
        ps->p = q;
        unexpected(ps, "a digit");
        return -1;
    }
    if (*q == '0') {
        q++;
        if (is_digit(ps, q)) {
            fail_at(ps, start, "a number may not start with 0 then a digit");
            return -1;
        }
    } else {
        while (is_digit(ps, q))
            q++;
    }
    if (q < ps->end && *q == '.') {
        q++;
        if (!is_digit(ps, q)) {
            ps->p = q;
            unexpected(ps, "a digit after '.'");
            return -1;
        }
        while (is_digit(ps, q))
            q++;
    }
    if (q < ps->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < ps->end && (*q == '+' || *q == '-'))
            q++;
        if (!is_digit(ps, q)) {
            ps->p = q;
            unexpected(ps, "a digit in the exponent");
            return -1;
        }
        while (is_digit(ps, q))
            q++;
    }
    v->type = JSON_NUMBER;
    v->number = to_double((const char *)start, (size_t)(q - start), &range);
    if (range) {
        fail_at(ps, start, range < 0 ? "out of memory" : "number out of range");
        return -1;
    }
    ps->p = q;
    return 0;
}

static int literal(parser *ps, const char *word)
{
    size_t n = strlen(word);

    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) {
        unexpected(ps, "a value");
        return -1;
    }
    ps->p += n;
    return 0;
}

static void free_contents(json_value *v);
static int parse_value(parser *ps, json_value *v);

/* grow makes room for one more item (and key) in v. */
static int grow(parser *ps, json_value *v, size_t *cap, int keys)
{
    if (v->n < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 4;
    json_value *items = realloc(v->items, ncap * sizeof(*items));
    if (!items)
        goto oom;
    v->items = items;
    if (keys) {
        char **k = realloc(v->keys, ncap * sizeof(*k));
        if (!k)
            goto oom;
        v->keys = k;
    }
    *cap = ncap;
    return 0;
oom:
    fail_at(ps, ps->p, "out of memory");
    return -1;
}

static int parse_container(parser *ps, json_value *v, int object)
{
    const unsigned char *open = ps->p;
    size_t cap = 0;
    char close = object ? '}' : ']';

    v->type = object ? JSON_OBJECT : JSON_ARRAY;
    if (++ps->depth > JSON_MAX_DEPTH) {
        fail_at(ps, open, "nested more than %d deep", JSON_MAX_DEPTH);
        return -1;
    }
    ps->p++;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        ps->depth--;
        return 0;
    }
    for (;;) {
        char *key = NULL;
        if (object) {
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != '"') {
                unexpected(ps, v->n ? "a member's name (no ',' before '}')" : "a member's name or '}'");
                return -1;
            }
            key = parse_string(ps);
            if (!key)
                return -1;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
                free(key);
                unexpected(ps, "':'");
                return -1;
            }
            ps->p++;
        }
        if (grow(ps, v, &cap, object) < 0) {
            free(key);
            return -1;
        }
        memset(&v->items[v->n], 0, sizeof(v->items[0]));
        if (object)
            v->keys[v->n] = key;
        v->n++;
        if (parse_value(ps, &v->items[v->n - 1]) < 0)
            return -1;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            if (!object) {
                skip_ws(ps);
                if (ps->p < ps->end && *ps->p == ']') {
                    unexpected(ps, "a value (no ',' before ']')");
                    return -1;
                }
            }
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            ps->depth--;
            return 0;
        }
        unexpected(ps, object ? "',' or '}'" : "',' or ']'");
        return -1;
    }
}

/* parse_value reads one value into v (zeroed); on failure v holds what was
 * read, for free_contents. */
static int parse_value(parser *ps, json_value *v)
{
    skip_ws(ps);
    if (ps->p >= ps->end) {
        unexpected(ps, "a value");
        return -1;
    }
    switch (*ps->p) {
    case '{':
        return parse_container(ps, v, 1);
    case '[':
        return parse_container(ps, v, 0);
    case '"':
        v->string = parse_string(ps);
        if (!v->string)
            return -1;
        v->type = JSON_STRING;
        return 0;
    case 't':
        v->type = JSON_BOOL;
        v->boolean = 1;
        return literal(ps, "true");
    case 'f':
        v->type = JSON_BOOL;
        return literal(ps, "false");
    case 'n':
        return literal(ps, "null");
    default:
        if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
            return parse_number(ps, v);
        unexpected(ps, "a value");
        return -1;
    }
}

json_value *json_parse(const char *text, size_t len, char *err, size_t err_len)
{
    parser ps = {(const unsigned char *)text, (const unsigned char *)text + len,
                 (const unsigned char *)text, 1, 0, err, err_len, 0};
    json_value *v = calloc(1, sizeof(*v));

    if (err && err_len)
        err[0] = 0;
    if (!v) {
        if (err && err_len)
            snprintf(err, err_len, "line 1, column 1: out of memory");
        return NULL;
    }
    if (text == NULL && len != 0) {
        ps.p = ps.end = ps.line_start = NULL;
        fail_at(&ps, NULL, "no text");
        free(v);
        return NULL;
    }
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        fail_at(&ps, ps.p, "a byte order mark is not allowed");
    } else if (parse_value(&ps, v) == 0) {
        skip_ws(&ps);
        if (ps.p < ps.end)
            unexpected(&ps, "the end of the text after the value");
    }
    if (ps.failed) {
        json_free(v);
        return NULL;
    }
    return v;
}

json_value *json_read_file(const char *path, char *err, size_t err_len)
{
    int from_stdin = strcmp(path, "-") == 0;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    char *buf = NULL, perr[200];
    size_t len = 0, cap = 0;
    json_value *v;

    if (from_stdin)
        path = "stdin";
    if (!f) {
        snprintf(err, err_len, "%s: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        if (len == cap) {
            size_t ncap = cap ? cap * 2 : 65536;
            char *nbuf;
            if (len > JSON_MAX_FILE) {
                snprintf(err, err_len, "%s: larger than %zu MiB", path, JSON_MAX_FILE >> 20);
                goto fail;
            }
            if (ncap > JSON_MAX_FILE + 1)
                ncap = JSON_MAX_FILE + 1; /* one byte more tells it is too long */
            nbuf = realloc(buf, ncap);
            if (!nbuf) {
                snprintf(err, err_len, "%s: out of memory", path);
                goto fail;
            }
            buf = nbuf;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, err_len, "%s: %s", path, strerror(errno ? errno : EIO));
        goto fail;
    }
    if (len > JSON_MAX_FILE) {
        snprintf(err, err_len, "%s: larger than %zu MiB", path, JSON_MAX_FILE >> 20);
        goto fail;
    }
    if (!from_stdin)
        fclose(f);
    v = json_parse(buf, len, perr, sizeof(perr));
    free(buf);
    if (!v)
        snprintf(err, err_len, "%s: %s", path, perr);
    return v;
fail:
    free(buf);
    if (!from_stdin)
        fclose(f);
    return NULL;
}

static void free_contents(json_value *v)
{
    if (v->type == JSON_STRING) {
        free(v->string);
    } else if (v->type == JSON_ARRAY || v->type == JSON_OBJECT) {
        for (size_t i = 0; i < v->n; i++) {
            free_contents(&v->items[i]);
            if (v->keys)
                free(v->keys[i]);
        }
        free(v->items);
        free(v->keys);
    }
}

void json_free(json_value *v)
{
    if (!v)
        return;
    free_contents(v);
    free(v);
}

const json_value *json_get(const json_value *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT || !key)
        return NULL;
    for (size_t i = v->n; i-- > 0;)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

const char *json_get_string(const json_value *v, const char *key, const char *dflt)
{
    const json_value *m = json_get(v, key);

    return m && m->type == JSON_STRING ? m->string : dflt;
}

double json_get_number(const json_value *v, const char *key, double dflt)
{
    const json_value *m = json_get(v, key);

    return m && m->type == JSON_NUMBER ? m->number : dflt;
}

/* ---- Writing ---- */

void json_writer_init(json_writer *w, FILE *f)
{
    memset(w, 0, sizeof(*w));
    w->f = f;
}

static void indent(json_writer *w, int depth)
{
    fputc('\n', w->f);
    for (int i = 0; i < depth; i++)
        fputs("  ", w->f);
}

static void write_escaped(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)str, *end = s + strlen(str);

    fputc('"', f);
    while (s < end) {
        unsigned char c = *s;
        size_t n;
        switch (c) {
        case '"': fputs("\\\"", f); s++; continue;
        case '\\': fputs("\\\\", f); s++; continue;
        case '\b': fputs("\\b", f); s++; continue;
        case '\f': fputs("\\f", f); s++; continue;
        case '\n': fputs("\\n", f); s++; continue;
        case '\r': fputs("\\r", f); s++; continue;
        case '\t': fputs("\\t", f); s++; continue;
        default: break;
        }
        if (c < 0x20) {
            fprintf(f, "\\u%04x", c);
            s++;
            continue;
        }
        n = utf8_len(s, end);
        if (n == 0) {
            fputs("\\ufffd", f);
            s++;
            continue;
        }
        fwrite(s, 1, n, f);
        s += n;
    }
    fputc('"', f);
}

/* begin_value writes what goes before a value (separator, line break,
 * indentation, key) into the container open at w->depth. */
static void begin_value(json_writer *w, const char *key, int container)
{
    if (w->depth > 0 && w->depth <= JSON_MAX_DEPTH) {
        int *c = &w->count[w->depth - 1];
        int n = *c >> 1;
        if (key) {
            if (n)
                fputc(',', w->f);
            indent(w, w->depth);
            write_escaped(w->f, key);
            fputs(": ", w->f);
        } else if (container) {
            if (n)
                fputc(',', w->f);
            indent(w, w->depth);
        } else if (*c & 1) {
            fputc(',', w->f);
            indent(w, w->depth);
        } else if (n) {
            fputs(", ", w->f);
        }
        *c = (n + 1) << 1 | (container ? 1 : 0);
    }
}

static void end_value(json_writer *w)
{
    if (w->depth == 0)
        fputc('\n', w->f);
}

static void begin_container(json_writer *w, const char *key, char open)
{
    begin_value(w, key, 1);
    fputc(open, w->f);
    w->depth++;
    if (w->depth <= JSON_MAX_DEPTH)
        w->count[w->depth - 1] = 0;
}

static void end_container(json_writer *w, char close, int object)
{
    if (w->depth <= 0)
        return;
    if (w->depth <= JSON_MAX_DEPTH) {
        int c = w->count[w->depth - 1];
        if (c && (object || (c & 1)))
            indent(w, w->depth - 1);
    }
    fputc(close, w->f);
    w->depth--;
    end_value(w);
}

void json_begin_object(json_writer *w, const char *key)
{
    begin_container(w, key, '{');
}

void json_end_object(json_writer *w)
{
    end_container(w, '}', 1);
}

void json_begin_array(json_writer *w, const char *key)
{
    begin_container(w, key, '[');
}

void json_end_array(json_writer *w)
{
    end_container(w, ']', 0);
}

void json_string(json_writer *w, const char *key, const char *s)
{
    if (!s) {
        json_null(w, key);
        return;
    }
    begin_value(w, key, 0);
    write_escaped(w->f, s);
    end_value(w);
}

/* format_number writes x to buf with prec digits, '.' as the point. */
static void format_number(char *buf, size_t len, int prec, double x)
{
    const char *dp = localeconv()->decimal_point;

    snprintf(buf, len, "%.*g", prec, x);
    if (dp && *dp && strcmp(dp, ".") != 0) {
        char *at = strstr(buf, dp);
        if (at) {
            size_t dpl = strlen(dp);
            *at = '.';
            memmove(at + 1, at + dpl, strlen(at + dpl) + 1);
        }
    }
}

void json_number(json_writer *w, const char *key, double x)
{
    char buf[64];
    int range;

    if (!isfinite(x)) {
        json_null(w, key);
        return;
    }
    for (int prec = 15; prec <= 17; prec++) {
        format_number(buf, sizeof(buf), prec, x);
        if (to_double(buf, strlen(buf), &range) == x)
            break;
    }
    begin_value(w, key, 0);
    fputs(buf, w->f);
    end_value(w);
}

void json_int(json_writer *w, const char *key, long long n)
{
    begin_value(w, key, 0);
    fprintf(w->f, "%lld", n);
    end_value(w);
}

void json_bool(json_writer *w, const char *key, int b)
{
    begin_value(w, key, 0);
    fputs(b ? "true" : "false", w->f);
    end_value(w);
}

void json_null(json_writer *w, const char *key)
{
    begin_value(w, key, 0);
    fputs("null", w->f);
    end_value(w);
}
