/*
 * tests/vectors.c - the shared test helpers declared in vectors.h: counters
 * and checks, hex, the PRNG, the readers for the three vector formats, and
 * the loader of Wycheproof's DSA keys.
 * Files are read whole into memory and parsed from there; nothing here
 * depends on the host's byte order or word size.
 */
#include "vectors.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <brisk/cipher.h>
#include <brisk/cpu.h>

#include "io.h"

#ifndef BRISK_VECTORS_DEFAULT
#define BRISK_VECTORS_DEFAULT "tests/vectors"
#endif

/* ---- Checks and counters ---- */

static const char *prog = "test";
static unsigned long n_passed, n_failed;

void tv_begin(const char *name)
{
    prog = name;
    setvbuf(stdout, NULL, _IOLBF, 0);
}

int tv_end(void)
{
    fflush(stderr);
    printf("%s: %lu passed, %lu failed\n", prog, n_passed, n_failed);
    fflush(stdout);
    return n_failed == 0 && n_passed > 0 ? 0 : 1;
}

static void vreport(const char *fmt, va_list ap)
{
    fflush(stdout);
    fprintf(stderr, "%s: FAIL: ", prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int tv_check(int ok, const char *fmt, ...)
{
    if (ok) {
        n_passed++;
        return 1;
    }
    n_failed++;
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    return 0;
}

int tv_check_mem(const void *got, const void *want, size_t len, const char *fmt, ...)
{
    if (len == 0 || memcmp(got, want, len) == 0) {
        n_passed++;
        return 1;
    }
    n_failed++;
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    fputs("  got:  ", stderr);
    tv_hex_print(stderr, got, len);
    fputs("\n  want: ", stderr);
    tv_hex_print(stderr, want, len);
    fputc('\n', stderr);
    return 0;
}

int tv_check_int(long long got, long long want, const char *fmt, ...)
{
    if (got == want) {
        n_passed++;
        return 1;
    }
    n_failed++;
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    fprintf(stderr, "  got %lld, want %lld\n", got, want);
    return 0;
}

int tv_check_str(const char *got, const char *want, const char *fmt, ...)
{
    int same = got == want || (got != NULL && want != NULL && strcmp(got, want) == 0);
    if (same) {
        n_passed++;
        return 1;
    }
    n_failed++;
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    fprintf(stderr, "  got \"%s\", want \"%s\"\n", got ? got : "(null)",
            want ? want : "(null)");
    return 0;
}

void tv_fail(const char *fmt, ...)
{
    n_failed++;
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
}

void tv_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s: ", prog);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

unsigned long tv_failures(void)
{
    return n_failed;
}

int tv_quick(void)
{
    const char *q = getenv("BRISK_TEST_QUICK");
    return q != NULL && *q != '\0' && strcmp(q, "0") != 0;
}

/* ---- Hex: the command's own parser (apps/io.c), so that the tests and
 * the apps cannot read hex differently ---- */

int tv_hex_decode(uint8_t *out, size_t cap, const char *hex, size_t *out_len)
{
    long n = hex_parse(out, cap, hex, 0);
    if (n < 0)
        return -1;
    *out_len = (size_t)n;
    return 0;
}

uint8_t *tv_hex_alloc(const char *hex, size_t *out_len)
{
    size_t cap = strlen(hex) / 2;
    uint8_t *p = malloc(cap + 1);
    if (p == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        exit(2);
    }
    if (tv_hex_decode(p, cap, hex, out_len) != 0) {
        free(p);
        return NULL;
    }
    return p;
}

void tv_hex_print(FILE *fp, const void *p, size_t len)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < len; i++)
        fprintf(fp, "%02x", b[i]);
}

/* ---- PRNG ---- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t tv_seed(void)
{
    const char *s = getenv("BRISK_TEST_SEED");
    if (s != NULL && *s != '\0')
        return strtoull(s, NULL, 0);
    return 0x6272697360746573u;
}

void tv_rng_init(tv_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tv_rng_u64(tv_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

size_t tv_rng_below(tv_rng *r, size_t n)
{
    return (size_t)(tv_rng_u64(r) % n);
}

void tv_rng_fill(tv_rng *r, void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len > 0) {
        uint64_t v = tv_rng_u64(r);
        for (int i = 0; i < 8 && len > 0; i++, len--, v >>= 8)
            *p++ = (uint8_t)v;
    }
}

/* ---- Implementations ---- */

static int impl_runnable(uint32_t cpu)
{
    return (cpu & ~brisk_cpu_features_detected()) == 0;
}

const char *tv_impl_next(const char *prim, size_t *i)
{
    uint32_t cpu;
    const char *name;

    while ((name = brisk_impl_name(prim, *i, &cpu)) != NULL) {
        (*i)++;
        if (!impl_runnable(cpu))
            continue;
        int err = brisk_impl_set(prim, name);
        if (!tv_check_int(err, BRISK_EOK, "brisk_impl_set(%s, %s)", prim, name))
            continue;
        tv_check_str(brisk_impl_active(prim), name, "brisk_impl_active(%s) after set", prim);
        return name;
    }
    tv_check_int(brisk_impl_set(prim, NULL), BRISK_EOK, "brisk_impl_set(%s, NULL)", prim);
    return NULL;
}

const char *tv_impl_list(const char *prim, char *buf, size_t cap)
{
    uint32_t cpu;
    const char *name;
    size_t n = 0;

    buf[0] = '\0';
    for (size_t i = 0; (name = brisk_impl_name(prim, i, &cpu)) != NULL; i++)
        if (impl_runnable(cpu) && n < cap)
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? " " : "", name);
    return buf;
}

/* ---- Files ---- */

const char *tv_vector_dir(void)
{
    const char *d = getenv("BRISK_VECTORS");
    return d != NULL && *d != '\0' ? d : BRISK_VECTORS_DEFAULT;
}

/* allocated returns p, ending the program if an allocation gave NULL. */
static void *allocated(void *p)
{
    if (p == NULL) {
        fprintf(stderr, "%s: out of memory\n", prog);
        exit(2);
    }
    return p;
}

static void *xmalloc(size_t n)
{
    return allocated(malloc(n > 0 ? n : 1));
}

static void *xrealloc(void *p, size_t n)
{
    return allocated(realloc(p, n > 0 ? n : 1));
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

char *tv_vector_path(const char *rel)
{
    const char *dir = tv_vector_dir();
    size_t n = strlen(dir) + 1 + strlen(rel) + 1;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s", dir, rel);
    return p;
}

/* read_file returns the NUL-terminated contents of path, or NULL. */
static char *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        size_t got = fread(buf + n, 1, cap - n - 1, fp);
        n += got;
        if (n + 1 < cap)
            break;
        cap *= 2;
        buf = xrealloc(buf, cap);
    }
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* read_vector reads the vector file rel, setting *path to its full path; the
 * caller frees both.  On failure it reports it and returns NULL, with *path
 * already freed. */
static char *read_vector(const char *rel, char **path, size_t *len)
{
    *path = tv_vector_path(rel);
    char *text = read_file(*path, len);
    if (text == NULL) {
        tv_fail("cannot read %s: %s (set BRISK_VECTORS to the vector folder)",
                *path, strerror(errno));
        free(*path);
        *path = NULL;
    }
    return text;
}

/* ---- Records ---- */

typedef struct tv_field {
    char *name;
    char *value;
    uint8_t *bytes; /* decoded on demand */
    size_t bytes_len;
} tv_field;

typedef struct tv_fields {
    tv_field *v;
    size_t n, cap;
} tv_fields;

struct tv_file {
    char *name;
    char *text;     /* whole file; lines are cut out of it in place */
    char *pos;      /* next unread line */
    char *pending;  /* a line read but left for the next record */
    unsigned line, pending_line;
    tv_fields rec, defaults;
    int group_used; /* a record was returned since the last header */
    char *section;
    char where[300]; /* "file:line" of the current record */
};

static void fields_clear(tv_fields *fs)
{
    for (size_t i = 0; i < fs->n; i++) {
        free(fs->v[i].name);
        free(fs->v[i].value);
        free(fs->v[i].bytes);
    }
    fs->n = 0;
}

static void fields_add(tv_fields *fs, const char *name, const char *value)
{
    if (fs->n == fs->cap) {
        fs->cap = fs->cap ? 2 * fs->cap : 8;
        fs->v = xrealloc(fs->v, fs->cap * sizeof(*fs->v));
    }
    tv_field *f = &fs->v[fs->n++];
    f->name = xstrdup(name);
    f->value = xstrdup(value);
    f->bytes = NULL;
    f->bytes_len = 0;
}

static tv_field *fields_find(const tv_fields *fs, const char *name)
{
    for (size_t i = 0; i < fs->n; i++)
        if (strcasecmp(fs->v[i].name, name) == 0)
            return &fs->v[i];
    return NULL;
}

static tv_file *file_new(const char *name, char *text)
{
    tv_file *f = xmalloc(sizeof(*f));
    memset(f, 0, sizeof(*f));
    f->name = xstrdup(name);
    f->text = text;
    f->pos = text;
    f->section = xstrdup("");
    return f;
}

tv_file *tv_open(const char *rel)
{
    char *path;
    size_t len;
    char *text = read_vector(rel, &path, &len);
    if (text == NULL)
        return NULL;
    free(path);
    return file_new(rel, text);
}

tv_file *tv_open_text(const char *text)
{
    return file_new("(text)", xstrdup(text));
}

void tv_close(tv_file *f)
{
    if (f == NULL)
        return;
    fields_clear(&f->rec);
    fields_clear(&f->defaults);
    free(f->rec.v);
    free(f->defaults.v);
    free(f->section);
    free(f->text);
    free(f->name);
    free(f);
}

/* trim strips leading and trailing white space (including the '\r' of CRLF
 * files) in place. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* next_line returns the next trimmed line, or NULL at the end. */
static char *next_line(tv_file *f)
{
    if (f->pending != NULL) {
        char *l = f->pending;
        f->pending = NULL;
        f->line = f->pending_line;
        return l;
    }
    if (*f->pos == '\0')
        return NULL;
    char *l = f->pos, *nl = strchr(l, '\n');
    if (nl != NULL) {
        *nl = '\0';
        f->pos = nl + 1;
    } else {
        f->pos = l + strlen(l);
    }
    f->line++;
    return trim(l);
}

static void push_back(tv_file *f, char *line)
{
    f->pending = line;
    f->pending_line = f->line;
}

static int is_start_key(const char *k)
{
    return strcasecmp(k, "COUNT") == 0 || strcasecmp(k, "Len") == 0;
}

/* split_field cuts "NAME = value" into name and value; a line without '='
 * has an empty value. */
static void split_field(char *line, char **name, char **value)
{
    char *eq = strchr(line, '=');
    if (eq == NULL) {
        *name = line;
        *value = line + strlen(line);
        return;
    }
    *eq = '\0';
    *name = trim(line);
    *value = trim(eq + 1);
}

/* field_name copies the name of the field on a raw line into buf. */
static const char *field_name(const char *line, char *buf, size_t cap)
{
    size_t n = strcspn(line, "=");
    while (n > 0 && isspace((unsigned char)line[n - 1]))
        n--;
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, line, n);
    buf[n] = '\0';
    return buf;
}

/* starts_new_record: on a non-empty record, a start key begins a new one
 * unless the record already holds the other start key (COUNT then Len); a
 * repeated field name always does.  The line is left as it is. */
static int starts_new_record(const tv_fields *rec, const char *line)
{
    char buf[64];
    const char *name = field_name(line, buf, sizeof(buf));

    if (rec->n == 0)
        return 0;
    if (fields_find(rec, name) != NULL)
        return 1;
    if (!is_start_key(name))
        return 0;
    for (size_t i = 0; i < rec->n; i++)
        if (is_start_key(rec->v[i].name))
            return 0;
    return 1;
}

static void handle_header(tv_file *f, char *line)
{
    if (f->group_used) {
        fields_clear(&f->defaults);
        f->group_used = 0;
    }
    char *body = line + 1;
    char *end = strrchr(body, ']');
    if (end != NULL)
        *end = '\0';
    body = trim(body);
    if (strchr(body, '=') != NULL) {
        char *name, *value;
        split_field(body, &name, &value);
        tv_field *old = fields_find(&f->defaults, name);
        if (old != NULL) {
            free(old->value);
            free(old->bytes);
            old->bytes = NULL;
            old->value = xstrdup(value);
        } else {
            fields_add(&f->defaults, name, value);
        }
    } else {
        free(f->section);
        f->section = xstrdup(body);
    }
}

int tv_next(tv_file *f)
{
    char *line, *name, *value;

    fields_clear(&f->rec);
    while ((line = next_line(f)) != NULL) {
        if (line[0] == '#')
            continue;
        if (line[0] == '\0') {
            if (f->rec.n > 0)
                break;
            continue;
        }
        if (line[0] == '[') {
            if (f->rec.n > 0) {
                push_back(f, line);
                break;
            }
            handle_header(f, line);
            continue;
        }
        if (starts_new_record(&f->rec, line)) {
            push_back(f, line);
            break;
        }
        if (f->rec.n == 0)
            snprintf(f->where, sizeof(f->where), "%s:%u", f->name, f->line);
        split_field(line, &name, &value);
        fields_add(&f->rec, name, value);
    }
    if (f->rec.n == 0)
        return 0;
    f->group_used = 1;
    return 1;
}

const char *tv_get(const tv_file *f, const char *field)
{
    tv_field *v = fields_find(&f->rec, field);
    if (v == NULL)
        v = fields_find(&f->defaults, field);
    return v != NULL ? v->value : NULL;
}

const uint8_t *tv_get_hex(tv_file *f, const char *field, size_t *len)
{
    tv_field *v = fields_find(&f->rec, field);
    if (v == NULL)
        v = fields_find(&f->defaults, field);
    if (v == NULL)
        return NULL;
    if (v->bytes == NULL) {
        v->bytes = tv_hex_alloc(v->value, &v->bytes_len);
        if (v->bytes == NULL) {
            tv_fail("%s: field %s is not hex", tv_where(f), field);
            return NULL;
        }
    }
    *len = v->bytes_len;
    return v->bytes;
}

int tv_get_ulong(const tv_file *f, const char *field, unsigned long *v)
{
    const char *s = tv_get(f, field);
    char *end;
    if (s == NULL || !isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    *v = strtoul(s, &end, 10);
    return errno == 0 && *end == '\0' ? 0 : -1;
}

const char *tv_section(const tv_file *f)
{
    return f->section;
}

const char *tv_where(const tv_file *f)
{
    return f->where;
}

/* ---- JSON ---- */

typedef struct jparser {
    const char *p, *end;
    int depth;
} jparser;

static void skip_ws(jparser *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static int parse_value(jparser *j, tv_json *out);

static void json_clear(tv_json *j)
{
    if (j->items != NULL)
        for (size_t i = 0; i < j->len; i++)
            json_clear(&j->items[i]);
    if (j->keys != NULL)
        for (size_t i = 0; i < j->len; i++)
            free(j->keys[i]);
    free(j->items);
    free(j->keys);
    free(j->str);
    free(j->bytes);
    memset(j, 0, sizeof(*j));
}

static void reserve(char **buf, size_t n, size_t *cap, size_t more)
{
    if (n + more > *cap) {
        *cap = 2 * *cap + more;
        *buf = xrealloc(*buf, *cap);
    }
}

static void put_byte(char **buf, size_t *n, size_t *cap, unsigned char c)
{
    reserve(buf, *n, cap, 1);
    (*buf)[(*n)++] = (char)c;
}

static void put_utf8(char **buf, size_t *n, size_t *cap, unsigned long c)
{
    reserve(buf, *n, cap, 4);
    char *b = *buf;
    if (c < 0x80) {
        b[(*n)++] = (char)c;
    } else if (c < 0x800) {
        b[(*n)++] = (char)(0xc0 | c >> 6);
        b[(*n)++] = (char)(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        b[(*n)++] = (char)(0xe0 | c >> 12);
        b[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3f));
        b[(*n)++] = (char)(0x80 | (c & 0x3f));
    } else {
        b[(*n)++] = (char)(0xf0 | c >> 18);
        b[(*n)++] = (char)(0x80 | ((c >> 12) & 0x3f));
        b[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3f));
        b[(*n)++] = (char)(0x80 | (c & 0x3f));
    }
}

static int parse_hex4(jparser *j, unsigned long *v)
{
    if (j->end - j->p < 4)
        return -1;
    *v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit((unsigned char)*j->p++);
        if (d < 0)
            return -1;
        *v = *v << 4 | (unsigned long)d;
    }
    return 0;
}

/* parse_string reads a JSON string at j->p (which is at the opening quote)
 * into a malloc'd, NUL-terminated UTF-8 string. */
static char *parse_string(jparser *j)
{
    size_t n = 0, cap = 32;
    char *buf = xmalloc(cap);

    j->p++;
    while (j->p < j->end && *j->p != '"') {
        unsigned char c = (unsigned char)*j->p++;
        unsigned long u;
        if (c < 0x20)
            goto bad;
        if (c != '\\') {
            put_byte(&buf, &n, &cap, c); /* UTF-8 bytes pass through as they are */
            continue;
        }
        if (j->p >= j->end)
            goto bad;
        switch (*j->p++) {
        case '"': u = '"'; break;
        case '\\': u = '\\'; break;
        case '/': u = '/'; break;
        case 'b': u = '\b'; break;
        case 'f': u = '\f'; break;
        case 'n': u = '\n'; break;
        case 'r': u = '\r'; break;
        case 't': u = '\t'; break;
        case 'u':
            if (parse_hex4(j, &u) != 0)
                goto bad;
            if (u >= 0xd800 && u < 0xdc00 && j->end - j->p >= 6 && j->p[0] == '\\' &&
                j->p[1] == 'u') {
                unsigned long lo;
                j->p += 2;
                if (parse_hex4(j, &lo) != 0 || lo < 0xdc00 || lo >= 0xe000)
                    goto bad;
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            }
            break;
        default:
            goto bad;
        }
        put_utf8(&buf, &n, &cap, u);
    }
    if (j->p >= j->end)
        goto bad;
    j->p++;
    put_byte(&buf, &n, &cap, 0);
    return buf;
bad:
    free(buf);
    return NULL;
}

static int parse_number(jparser *j, tv_json *out)
{
    const char *s = j->p;
    if (j->p < j->end && *j->p == '-')
        j->p++;
    if (j->p >= j->end || !isdigit((unsigned char)*j->p))
        return -1;
    while (j->p < j->end && (isdigit((unsigned char)*j->p) || *j->p == '.' ||
                             *j->p == 'e' || *j->p == 'E' || *j->p == '+' || *j->p == '-'))
        j->p++;
    size_t n = (size_t)(j->p - s);
    out->type = TV_JSON_NUMBER;
    out->str = xmalloc(n + 1);
    memcpy(out->str, s, n);
    out->str[n] = '\0';
    char *end;
    out->num = strtod(out->str, &end);
    return *end == '\0' ? 0 : -1;
}

static int parse_literal(jparser *j, const char *word, tv_json_type type, tv_json *out)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
        return -1;
    j->p += n;
    out->type = type;
    return 0;
}

static void push_item(tv_json *parent, size_t *cap, tv_json *item, char *key)
{
    if (parent->len == *cap) {
        *cap = *cap ? 2 * *cap : 4;
        parent->items = xrealloc(parent->items, *cap * sizeof(tv_json));
        if (parent->type == TV_JSON_OBJECT)
            parent->keys = xrealloc(parent->keys, *cap * sizeof(char *));
    }
    parent->items[parent->len] = *item;
    if (parent->type == TV_JSON_OBJECT)
        parent->keys[parent->len] = key;
    parent->len++;
}

/* parse_container reads an array or object; the items are parsed into a
 * local value first, so that the parent's array may move while growing. */
static int parse_container(jparser *j, tv_json *out, int is_object)
{
    size_t cap = 0;
    char close = is_object ? '}' : ']';

    out->type = is_object ? TV_JSON_OBJECT : TV_JSON_ARRAY;
    if (++j->depth > 64)
        return -1;
    j->p++;
    skip_ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        j->depth--;
        return 0;
    }
    for (;;) {
        char *key = NULL;
        tv_json item;
        memset(&item, 0, sizeof(item));
        skip_ws(j);
        if (is_object) {
            if (j->p >= j->end || *j->p != '"' || (key = parse_string(j)) == NULL)
                return -1;
            skip_ws(j);
            if (j->p >= j->end || *j->p != ':') {
                free(key);
                return -1;
            }
            j->p++;
        }
        if (parse_value(j, &item) != 0) {
            json_clear(&item);
            free(key);
            return -1;
        }
        push_item(out, &cap, &item, key);
        skip_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == close) {
            j->p++;
            j->depth--;
            return 0;
        }
        return -1;
    }
}

static int parse_value(jparser *j, tv_json *out)
{
    skip_ws(j);
    if (j->p >= j->end)
        return -1;
    switch (*j->p) {
    case '{': return parse_container(j, out, 1);
    case '[': return parse_container(j, out, 0);
    case '"':
        out->type = TV_JSON_STRING;
        out->str = parse_string(j);
        return out->str != NULL ? 0 : -1;
    case 't': return parse_literal(j, "true", TV_JSON_TRUE, out);
    case 'f': return parse_literal(j, "false", TV_JSON_FALSE, out);
    case 'n': return parse_literal(j, "null", TV_JSON_NULL, out);
    default: return parse_number(j, out);
    }
}

tv_json *tv_json_parse(const char *text, size_t len)
{
    jparser j = {text, text + len, 0};
    tv_json *root = xmalloc(sizeof(*root));
    memset(root, 0, sizeof(*root));
    int err = parse_value(&j, root);
    skip_ws(&j);
    if (err != 0 || j.p != j.end) {
        tv_json_free(root);
        return NULL;
    }
    return root;
}

tv_json *tv_json_load(const char *rel)
{
    char *path;
    size_t len;
    char *text = read_vector(rel, &path, &len);
    if (text == NULL)
        return NULL;
    tv_json *root = tv_json_parse(text, len);
    if (root == NULL)
        tv_fail("%s: not valid JSON", path);
    free(text);
    free(path);
    return root;
}

void tv_json_free(tv_json *j)
{
    if (j == NULL)
        return;
    json_clear(j);
    free(j);
}

tv_json *tv_json_get(tv_json *obj, const char *key)
{
    if (obj == NULL || obj->type != TV_JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < obj->len; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

tv_json *tv_json_at(tv_json *arr, size_t i)
{
    if (arr == NULL || arr->type != TV_JSON_ARRAY || i >= arr->len)
        return NULL;
    return &arr->items[i];
}

const char *tv_json_string(tv_json *obj, const char *key)
{
    tv_json *v = tv_json_get(obj, key);
    return v != NULL && v->type == TV_JSON_STRING ? v->str : NULL;
}

int tv_json_long(tv_json *obj, const char *key, long *v)
{
    tv_json *n = tv_json_get(obj, key);
    char *end;
    if (n == NULL || n->type != TV_JSON_NUMBER)
        return -1;
    errno = 0;
    *v = strtol(n->str, &end, 10);
    return errno == 0 && *end == '\0' ? 0 : -1;
}

const uint8_t *tv_json_hex(tv_json *obj, const char *key, size_t *len)
{
    tv_json *s = tv_json_get(obj, key);
    if (s == NULL || s->type != TV_JSON_STRING)
        return NULL;
    if (s->bytes_state == 0) {
        s->bytes = tv_hex_alloc(s->str, &s->bytes_len);
        s->bytes_state = s->bytes != NULL ? 1 : -1;
    }
    if (s->bytes_state < 0)
        return NULL;
    *len = s->bytes_len;
    return s->bytes;
}

int tv_json_has_flag(tv_json *obj, const char *flag)
{
    tv_json *flags = tv_json_get(obj, "flags");
    for (size_t i = 0; flags != NULL && i < flags->len; i++) {
        tv_json *f = tv_json_at(flags, i);
        if (f != NULL && f->type == TV_JSON_STRING && strcmp(f->str, flag) == 0)
            return 1;
    }
    return 0;
}

int tv_wycheproof_next(tv_wycheproof *w)
{
    tv_json *groups = tv_json_get(w->root, "testGroups");
    while (groups != NULL && w->group_i < groups->len) {
        tv_json *g = tv_json_at(groups, w->group_i);
        tv_json *tests = tv_json_get(g, "tests");
        if (tests != NULL && w->test_i < tests->len) {
            w->group = g;
            w->test = tv_json_at(tests, w->test_i++);
            return w->test != NULL;
        }
        w->group_i++;
        w->test_i = 0;
    }
    w->group = w->test = NULL;
    return 0;
}

int tv_wycheproof_result(const tv_wycheproof *w)
{
    const char *r = tv_json_string(w->test, "result");
    if (r == NULL)
        return TV_RESULT_UNKNOWN;
    if (strcmp(r, "valid") == 0)
        return TV_RESULT_VALID;
    if (strcmp(r, "invalid") == 0)
        return TV_RESULT_INVALID;
    if (strcmp(r, "acceptable") == 0)
        return TV_RESULT_ACCEPTABLE;
    return TV_RESULT_UNKNOWN;
}

/* ---- Wycheproof DSA keys ---- */

int tv_wycheproof_dsa_group(tv_json *group, brisk_dsa_params *pr, brisk_bn *y)
{
    tv_json *k = tv_json_get(group, "publicKey");
    brisk_bn *dst[4] = {&pr->p, &pr->q, &pr->g, y};
    static const char *const names[4] = {"p", "q", "g", "y"};

    if (k == NULL)
        k = tv_json_get(group, "key");
    memset(pr, 0, sizeof(*pr));
    for (int i = 0; i < 4; i++) {
        size_t len;
        const uint8_t *b = dst[i] != NULL ? tv_json_hex(k, names[i], &len) : NULL;
        if (dst[i] != NULL && (b == NULL || brisk_bn_from_bytes(dst[i], b, len) != BRISK_EOK))
            return BRISK_EDECODE;
    }
    return BRISK_EOK;
}

int tv_wycheproof_dsa_params(brisk_dsa_params *pr, const char *rel)
{
    tv_json *root = tv_json_load(rel);
    tv_json *group = tv_json_at(tv_json_get(root, "testGroups"), 0);
    int ok = root != NULL && tv_wycheproof_dsa_group(group, pr, NULL) == BRISK_EOK;

    tv_json_free(root);
    return tv_check(ok, "%s: parameters", rel);
}

/* ---- Ciphers ---- */

int tv_cipher_run(const char *name, int encrypt, const uint8_t *key, const uint8_t *iv,
                  uint8_t *out, const uint8_t *in, size_t len)
{
    const brisk_cipher *c = brisk_cipher_by_name(name);
    brisk_cipher_ctx ctx;
    size_t n = 0, m = 0;
    if (c == NULL)
        return BRISK_ENOTFOUND;
    int rc = brisk_cipher_init(&ctx, c, encrypt, key, c->key_len, iv, c->iv_len);
    if (rc == 0 && (c->mode == BRISK_MODE_ECB || c->mode == BRISK_MODE_CBC))
        rc = brisk_cipher_set_padding(&ctx, 0);
    if (rc == 0)
        rc = brisk_cipher_update(&ctx, out, &n, in, len);
    if (rc == 0)
        rc = brisk_cipher_final(&ctx, out + n, &m);
    brisk_cipher_cleanup(&ctx);
    return rc == 0 && n + m != len ? BRISK_EINVAL : rc;
}
