/*
 * tests/test_json.c - the brisk command's JSON reader and writer
 * (apps/json.c): documents RFC 8259 allows and refuses, written inline in
 * the manner of JSONTestSuite's y_ and n_ files (numbers, literals,
 * strings, escapes and surrogate pairs, UTF-8 per RFC 3629 section 4,
 * structure, white space, nesting up to the limit and one past it), error
 * positions, the values read, the writer's exact output, writer -> parser
 * round trips (strings of every byte, random doubles), NaN and infinities
 * written as null, and json_read_file's errors.
 */
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../apps/json.h"
#include "vectors.h"

/* Documents RFC 8259 allows. */
static const char *const valid[] = {
    "[]", "{}", "0", "-0", "\"\"", "null", "true", "false", " [1] ", "\r\n\t[ ]\n",
    "[1e2, 1E+2, 1e-2, -1.5, 0.0, 0e0, -0.0e-0]", "{\"\":0}", "{\"a\":1,\"a\":2}",
    "[\"\\u00e9\\/\\b\\f\\n\\r\\t\\\"\\\\\"]", "{\"a\":{\"b\":[{}, [], null]}}",
    "[\"\xc3\xa9\"]", "[\"\xf0\x9f\x98\x80\"]", "[\"\xef\xbf\xbf\"]", "[\"\xf4\x8f\xbf\xbf\"]",
    "[\"\x7f\"]", "123e-400", "[123456789012345678901234567890]", "[\"\\ud834\\udd1e\"]",
    "[\"\\uDBFF\\uDFFF\"]", "[\"\\uFFFF\"]", "[1.7976931348623157e308]", "[\"/*\"]",
};

/* Documents it refuses, each with a part of the message expected. */
static const struct {
    const char *text;
    const char *why;
} invalid[] = {
    {"", "expected a value"},
    {" ", "expected a value"},
    {"[1,]", "no ','"},
    {"[,1]", "expected a value"},
    {"{\"a\":1,}", "member's name"},
    {"{,}", "member's name"},
    {"[01]", "start with 0"},
    {"-01", "start with 0"},
    {"[1.]", "after '.'"},
    {"[.1]", "expected a value"},
    {"[+1]", "expected a value"},
    {"[-]", "a digit"},
    {"- 1", "a digit"},
    {"[1e]", "exponent"},
    {"[1e+]", "exponent"},
    {"2.e3", "after '.'"},
    {"[0x1]", "',' or ']'"},
    {"[Infinity]", "expected a value"},
    {"[-Infinity]", "a digit"},
    {"[NaN]", "expected a value"},
    {"[1e400]", "out of range"},
    {"[-1e400]", "out of range"},
    {"['a']", "expected a value"},
    {"[\"\\x\"]", "unknown escape"},
    {"[\"\\'\"]", "unknown escape"},
    {"[\"a\tb\"]", "control character"},
    {"[\"a\nb\"]", "control character"},
    {"[tru]", "expected a value"},
    {"[True]", "expected a value"},
    {"nul", "expected a value"},
    {"{a:1}", "member's name"},
    {"{\"a\" 1}", "':'"},
    {"{\"a\":1 \"b\":2}", "',' or '}'"},
    {"[1 2]", "',' or ']'"},
    {"//c\n1", "expected a value"},
    {"/*c*/1", "expected a value"},
    {"1 /*c*/", "end of the text"},
    {"[1]x", "end of the text"},
    {"[1][2]", "end of the text"},
    {"\xef\xbb\xbf[]", "byte order mark"},
    {"[\"\\ud800\"]", "high surrogate"},
    {"[\"\\ud800\\u0041\"]", "high surrogate"},
    {"[\"\\ud800\\\"x\"]", "high surrogate"},
    {"[\"\\udc00\"]", "low surrogate"},
    {"[\"\\udc00\\ud800\"]", "low surrogate"},
    {"[\"\\u00\"]", "four hex digits"},
    {"[\"\\u00g0\"]", "four hex digits"},
    {"[\"\\u0000\"]", "\\u0000"},
    {"[\"abc", "not closed"},
    {"\"\\", "not closed"},
    {"[\"\\\"]", "not closed"},
    {"[1", "',' or ']'"},
    {"{", "member's name or '}'"},
    {"{\"a\":", "expected a value"},
    {"[\xc2\xa0]", "expected a value"},  /* no-break space is not white space */
    {"[1,\v2]", "expected a value"},
    {"[\"\xc0\x80\"]", "invalid UTF-8"},   /* overlong NUL */
    {"[\"\xc1\xbf\"]", "invalid UTF-8"},   /* overlong */
    {"[\"\xe0\x9f\xbf\"]", "invalid UTF-8"}, /* overlong */
    {"[\"\xf0\x8f\xbf\xbf\"]", "invalid UTF-8"}, /* overlong */
    {"[\"\xed\xa0\x80\"]", "invalid UTF-8"}, /* a surrogate */
    {"[\"\xed\xbf\xbf\"]", "invalid UTF-8"}, /* a surrogate */
    {"[\"\xf4\x90\x80\x80\"]", "invalid UTF-8"}, /* beyond U+10FFFF */
    {"[\"\xf5\x80\x80\x80\"]", "invalid UTF-8"},
    {"[\"\xff\"]", "invalid UTF-8"},
    {"[\"\x80\"]", "invalid UTF-8"},          /* a lone continuation byte */
    {"[\"\xc3\"]", "invalid UTF-8"},          /* truncated */
    {"[\"\xe2\x82\"]", "invalid UTF-8"},      /* truncated */
    {"[\xc3\xa9]", "expected a value"},
};

static json_value *parse_str(const char *s, char *err, size_t err_len)
{
    return json_parse(s, strlen(s), err, err_len);
}

static void test_valid(void)
{
    char err[256];

    for (size_t i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
        json_value *v = parse_str(valid[i], err, sizeof(err));
        tv_check(v != NULL, "valid document %zu (%s) refused: %s", i, valid[i], err);
        json_free(v);
    }
}

static void test_invalid(void)
{
    char err[256];

    for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
        json_value *v = parse_str(invalid[i].text, err, sizeof(err));
        if (!tv_check(v == NULL, "invalid document %zu (%s) accepted", i, invalid[i].text)) {
            json_free(v);
            continue;
        }
        tv_check(strncmp(err, "line ", 5) == 0 && strstr(err, ", column ") != NULL,
                 "document %zu: error without a position: %s", i, err);
        tv_check(strstr(err, invalid[i].why) != NULL, "document %zu (%s): error \"%s\" lacks \"%s\"",
                 i, invalid[i].text, err, invalid[i].why);
    }
    /* A NUL byte inside the length is refused, in a string and outside. */
    tv_check(json_parse("[\"a\0\"]", 6, err, sizeof(err)) == NULL, "NUL in a string accepted");
    tv_check(json_parse("[1]\0", 4, err, sizeof(err)) == NULL, "NUL after the value accepted");
    /* The length bounds the text: "[1]" cut to "[1". */
    tv_check(json_parse("[1]", 2, err, sizeof(err)) == NULL, "length not respected");
    /* No error buffer: still refused, no crash. */
    tv_check(json_parse("[", 1, NULL, 0) == NULL, "NULL err buffer");
}

static void test_positions(void)
{
    static const struct {
        const char *text;
        const char *err;
    } cases[] = {
        {"{\n  \"a\": 1,\n}", "line 3, column 1: expected a member's name (no ',' before '}'), found '}'"},
        {"[1,\n 2,\n x]", "line 3, column 2: expected a value, found 'x'"},
        {"[\"\xc3\xa9\xc3\xa9\", tru]", "line 1, column 8: expected a value, found 't'"},
        {"\n\n  [\"\\q\"]", "line 3, column 5: unknown escape \\q"},
        {"[1,\r\n2", "line 2, column 2: expected ',' or ']', found the end of the text"},
        {"[\"\x01\"]", "line 1, column 3: control character 0x01 in a string (write it as \\u0001)"},
        {"[\"\xff\"]", "line 1, column 3: invalid UTF-8 (byte 0xff)"},
    };
    char err[256];

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_value *v = parse_str(cases[i].text, err, sizeof(err));
        tv_check(v == NULL, "positions %zu accepted", i);
        json_free(v);
        tv_check_str(err, cases[i].err, "position of error %zu", i);
    }
    /* A short buffer truncates the message, NUL-terminated. */
    tv_check(parse_str("[", err, 8) == NULL && strlen(err) == 7, "truncated error: %s", err);
}

/* Doubles to compare with, rounded to double precision here: a literal
 * compared directly keeps long double precision where FLT_EVAL_METHOD is 2
 * (i686's x87). */
static const double big = 123456789012345678901234567890.0, tenth = 0.1, huge = 1.2345e300;

static void test_values(void)
{
    char err[256];
    json_value *v = parse_str(
        "{\"n\": -1.5e3, \"z\": -0, \"big\": 123456789012345678901234567890, \"s\": \"a\\u00e9\\ud834\\udd1e\\n\","
        " \"t\": true, \"f\": false, \"nul\": null, \"arr\": [1, \"x\", [], {}], \"dup\": 1, \"dup\": 2,"
        " \"tiny\": 1e-400, \"exp\": 1E+2, \"\\u0041\": \"key escaped\"}",
        err, sizeof(err));
    const json_value *m;

    if (!tv_check(v != NULL, "values: %s", err))
        return;
    tv_check(v->type == JSON_OBJECT && v->n == 13, "values: object of 13 members");
    tv_check(json_get_number(v, "n", 0) == -1500, "number -1.5e3");
    m = json_get(v, "z");
    tv_check(m && m->type == JSON_NUMBER && m->number == 0 && signbit(m->number), "-0 keeps its sign");
    tv_check(json_get_number(v, "big", 0) == big, "big integer");
    tv_check_str(json_get_string(v, "s", NULL), "a\xc3\xa9\xf0\x9d\x84\x9e\n", "escapes and a surrogate pair");
    m = json_get(v, "t");
    tv_check(m && m->type == JSON_BOOL && m->boolean == 1, "true");
    m = json_get(v, "f");
    tv_check(m && m->type == JSON_BOOL && m->boolean == 0, "false");
    m = json_get(v, "nul");
    tv_check(m && m->type == JSON_NULL, "null");
    m = json_get(v, "arr");
    tv_check(m && m->type == JSON_ARRAY && m->n == 4 && m->items[0].type == JSON_NUMBER &&
                 m->items[1].type == JSON_STRING && strcmp(m->items[1].string, "x") == 0 &&
                 m->items[2].type == JSON_ARRAY && m->items[2].n == 0 &&
                 m->items[3].type == JSON_OBJECT && m->items[3].n == 0 && m->keys == NULL,
             "array of four");
    tv_check(json_get_number(v, "dup", 0) == 2, "a duplicated name: the last wins");
    tv_check(json_get_number(v, "tiny", 1) == 0, "underflow reads as 0");
    tv_check(json_get_number(v, "exp", 0) == 100, "1E+2");
    tv_check_str(json_get_string(v, "A", NULL), "key escaped", "escaped name");
    tv_check(json_get(v, "absent") == NULL, "absent member");
    tv_check(json_get(&json_get(v, "arr")->items[0], "x") == NULL, "json_get of a non-object");
    tv_check(json_get(NULL, "x") == NULL, "json_get of NULL");
    tv_check_str(json_get_string(v, "n", "dflt"), "dflt", "json_get_string of a number");
    tv_check(json_get_number(v, "s", 7) == 7, "json_get_number of a string");
    tv_check(json_get_number(v, "absent", 9) == 9, "json_get_number of an absent member");
    json_free(v);
    json_free(NULL);
}

static void test_depth(void)
{
    char buf[2 * (JSON_MAX_DEPTH + 1) + 8], err[256];
    json_value *v;
    size_t n;

    for (int depth = JSON_MAX_DEPTH; depth <= JSON_MAX_DEPTH + 1; depth++) {
        n = 0;
        for (int i = 0; i < depth; i++)
            buf[n++] = '[';
        for (int i = 0; i < depth; i++)
            buf[n++] = ']';
        v = json_parse(buf, n, err, sizeof(err));
        if (depth <= JSON_MAX_DEPTH)
            tv_check(v != NULL, "%d nested arrays refused: %s", depth, err);
        else
            tv_check(v == NULL && strstr(err, "nested more than 64 deep") != NULL,
                     "%d nested arrays: %s", depth, v ? "accepted" : err);
        json_free(v);
    }
    /* Objects count as well, and a very deep document is refused early. */
    {
        size_t len = 100000 * 6;
        char *deep = malloc(len);
        for (size_t i = 0; i < len; i += 6)
            memcpy(deep + i, "{\"a\":[", 6);
        v = json_parse(deep, len, err, sizeof(err));
        tv_check(v == NULL && strstr(err, "column 193: nested") != NULL, "deep document: %s", v ? "accepted" : err);
        json_free(v);
        free(deep);
    }
}

/* write_doc writes the document below and returns it (malloc'd). */
static char *write_doc(double nan_value)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    json_writer w;

    json_writer_init(&w, f);
    json_begin_object(&w, NULL);
    json_string(&w, "schema", "brisk-run/1");
    json_int(&w, "int", -42);
    json_number(&w, "x", tenth);
    json_number(&w, "nan", nan_value);
    json_number(&w, "inf", INFINITY);
    json_number(&w, "big", huge);
    json_bool(&w, "yes", 1);
    json_bool(&w, "no", 0);
    json_null(&w, "none");
    json_string(&w, "null string", NULL);
    json_string(&w, "esc", "q\" b\\ \b\f\n\r\t \x01\x1f \xc3\xa9 \xff \xed\xa0\x80 /");
    json_begin_array(&w, "numbers");
    json_number(&w, NULL, 1);
    json_number(&w, NULL, 2.5);
    json_int(&w, NULL, 3);
    json_end_array(&w);
    json_begin_array(&w, "empty");
    json_end_array(&w);
    json_begin_object(&w, "empty object");
    json_end_object(&w);
    json_begin_array(&w, "objects");
    json_begin_object(&w, NULL);
    json_int(&w, "a", 1);
    json_end_object(&w);
    json_begin_array(&w, NULL);
    json_string(&w, NULL, "s");
    json_end_array(&w);
    json_end_array(&w);
    json_begin_array(&w, "mixed");
    json_int(&w, NULL, 1);
    json_begin_object(&w, NULL);
    json_end_object(&w);
    json_int(&w, NULL, 2);
    json_end_array(&w);
    json_end_object(&w);
    fclose(f);
    return out;
}

static const char expected_doc[] =
    "{\n"
    "  \"schema\": \"brisk-run/1\",\n"
    "  \"int\": -42,\n"
    "  \"x\": 0.1,\n"
    "  \"nan\": null,\n"
    "  \"inf\": null,\n"
    "  \"big\": 1.2345e+300,\n"
    "  \"yes\": true,\n"
    "  \"no\": false,\n"
    "  \"none\": null,\n"
    "  \"null string\": null,\n"
    "  \"esc\": \"q\\\" b\\\\ \\b\\f\\n\\r\\t \\u0001\\u001f \xc3\xa9 \\ufffd \\ufffd\\ufffd\\ufffd /\",\n"
    "  \"numbers\": [1, 2.5, 3],\n"
    "  \"empty\": [],\n"
    "  \"empty object\": {},\n"
    "  \"objects\": [\n"
    "    {\n"
    "      \"a\": 1\n"
    "    },\n"
    "    [\"s\"]\n"
    "  ],\n"
    "  \"mixed\": [1,\n"
    "    {},\n"
    "    2]\n"
    "}\n";

static void test_writer(void)
{
    char err[256];
    char *doc = write_doc(NAN);
    json_value *v;

    tv_check_str(doc, expected_doc, "the writer's output");
    v = parse_str(doc, err, sizeof(err));
    if (tv_check(v != NULL, "the writer's output does not parse: %s", err)) {
        const json_value *m = json_get(v, "nan");
        tv_check(m && m->type == JSON_NULL, "NaN written as null");
        m = json_get(v, "inf");
        tv_check(m && m->type == JSON_NULL, "infinity written as null");
        tv_check(json_get_number(v, "x", 0) == tenth, "0.1 round trip");
        tv_check(json_get_number(v, "big", 0) == huge, "1.2345e300 round trip");
        tv_check_str(json_get_string(v, "esc", NULL),
                     "q\" b\\ \b\f\n\r\t \x01\x1f \xc3\xa9 \xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd /",
                     "string round trip (bad UTF-8 as U+FFFD)");
    }
    json_free(v);
    free(doc);
    doc = write_doc(-NAN);
    tv_check(strstr(doc, "\"nan\": null") != NULL, "-NaN written as null");
    free(doc);
}

/* Strings of random bytes and random doubles go through writer and parser. */
static void test_round_trip(void)
{
    uint64_t seed = 0x6a736f6e;
    char err[256];
    int bad_numbers = 0, bad_strings = 0;

    for (int round = 0; round < 200; round++) {
        char *out = NULL, s[64];
        size_t len = 0;
        double x[32];
        FILE *f = open_memstream(&out, &len);
        json_writer w;
        json_value *v;

        for (size_t i = 0; i < sizeof(s) - 1; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            s[i] = (char)(seed >> 56 | 1); /* never NUL */
            if (round % 2)
                s[i] = (char)((s[i] & 0x7f) | (s[i] & 1)); /* mostly ASCII, controls included */
        }
        s[sizeof(s) - 1] = 0;
        for (int i = 0; i < 32; i++) {
            uint64_t bits;
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            bits = seed;
            memcpy(&x[i], &bits, 8);
            if (!isfinite(x[i]))
                x[i] = (double)(int64_t)bits / 3;
        }
        json_writer_init(&w, f);
        json_begin_object(&w, NULL);
        json_string(&w, s, s); /* as a name too */
        json_begin_array(&w, "x");
        for (int i = 0; i < 32; i++)
            json_number(&w, NULL, x[i]);
        json_end_array(&w);
        json_end_object(&w);
        fclose(f);
        v = json_parse(out, len, err, sizeof(err));
        if (!tv_check(v != NULL, "round %d does not parse: %s\n%s", round, err, out)) {
            free(out);
            continue;
        }
        const json_value *a = json_get(v, "x");
        for (int i = 0; i < 32; i++)
            if (!a || a->n != 32 || a->items[i].type != JSON_NUMBER ||
                memcmp(&a->items[i].number, &x[i], 8) != 0)
                bad_numbers++;
        /* A valid UTF-8 string comes back as it was. */
        if (v->n != 2 || v->items[0].type != JSON_STRING)
            bad_strings++;
        else if (round % 2 && strcmp(v->items[0].string, s) != 0)
            bad_strings++;
        else if (round % 2 && strcmp(v->keys[0], s) != 0)
            bad_strings++;
        json_free(v);
        free(out);
    }
    tv_check(bad_numbers == 0, "%d doubles did not round trip", bad_numbers);
    tv_check(bad_strings == 0, "%d strings did not round trip", bad_strings);
}

/* A locale whose decimal point is ',' changes neither side. */
static void test_locale(void)
{
    static const char *const names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "C.UTF-8"};
    char err[64];
    const char *got = NULL;

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !got; i++)
        if (setlocale(LC_NUMERIC, names[i]) && strcmp(localeconv()->decimal_point, ",") == 0)
            got = names[i];
    if (!got) {
        tv_note("no locale with a decimal comma installed: the locale test is skipped");
        setlocale(LC_NUMERIC, "C");
        return;
    }
    json_value *v = parse_str("[1.5]", err, sizeof(err));
    tv_check(v && v->items[0].number == 1.5, "1.5 read in %s", got);
    json_free(v);
    char *doc = write_doc(NAN);
    tv_check_str(doc, expected_doc, "the writer's output in %s", got);
    free(doc);
    setlocale(LC_NUMERIC, "C");
}

static void test_files(void)
{
    char err[512], path[] = "/tmp/test_json_XXXXXX";
    int fd = mkstemp(path);
    json_value *v;

    v = json_read_file("/nonexistent/brisk.json", err, sizeof(err));
    tv_check(v == NULL && strcmp(err, "/nonexistent/brisk.json: No such file or directory") == 0,
             "missing file: %s", err);
    v = json_read_file("/", err, sizeof(err));
    tv_check(v == NULL && strncmp(err, "/: ", 3) == 0, "a directory: %s", err);
    if (!tv_check(fd >= 0, "mkstemp"))
        return;
    tv_check(write(fd, "{\"a\":\n [1,]}", 12) == 12, "write");
    close(fd);
    v = json_read_file(path, err, sizeof(err));
    tv_check(v == NULL && strstr(err, ": line 2, column 5: expected a value (no ',' before ']')") &&
                 strncmp(err, path, strlen(path)) == 0,
             "file with an error: %s", err);
    FILE *f = fopen(path, "w");
    fputs("{\"a\": [1, 2]}\n", f);
    fclose(f);
    v = json_read_file(path, err, sizeof(err));
    tv_check(v && json_get(v, "a") && json_get(v, "a")->n == 2, "file read: %s", v ? "" : err);
    json_free(v);
    unlink(path);
}

int main(void)
{
    tv_begin("test_json");
    test_valid();
    test_invalid();
    test_positions();
    test_values();
    test_depth();
    test_writer();
    test_round_trip();
    test_locale();
    test_files();
    return tv_end();
}
