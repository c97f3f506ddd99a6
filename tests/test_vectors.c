/*
 * tests/test_vectors.c - tests of the test suite's own helpers (vectors.c):
 * hex decoding, the record reader on CAVP- and rfc-style text, the JSON
 * reader and Wycheproof walk, and the PRNG.  A reader that silently drops or
 * merges records would make the known-answer tests vacuous.
 */
#include <stdlib.h>
#include <string.h>

#include "vectors.h"

static void test_hex(void)
{
    uint8_t out[8];
    size_t n = 99;

    tv_check(tv_hex_decode(out, sizeof(out), "00fFa5", &n) == 0 && n == 3 && out[0] == 0 &&
                 out[1] == 0xff && out[2] == 0xa5,
             "hex 00fFa5");
    tv_check(tv_hex_decode(out, sizeof(out), "", &n) == 0 && n == 0, "empty hex");
    tv_check(tv_hex_decode(out, sizeof(out), "abc", &n) != 0, "odd-length hex rejected");
    tv_check(tv_hex_decode(out, sizeof(out), "zz", &n) != 0, "non-hex rejected");
    tv_check(tv_hex_decode(out, sizeof(out), "0g", &n) != 0, "non-hex low digit rejected");
    tv_check(tv_hex_decode(out, 2, "000000", &n) != 0, "overlong hex rejected");
    uint8_t *p = tv_hex_alloc("", &n);
    tv_check(p != NULL && n == 0, "tv_hex_alloc of empty is not NULL");
    free(p);
    tv_check(tv_hex_alloc("1", &n) == NULL, "tv_hex_alloc of odd hex is NULL");
}

/* CAVP-style: CRLF, comments, group defaults, start keys without blank
 * lines, a Seed record, sections, FAIL lines, comments inside records. */
static const char rsp_text[] =
    "#  CAVS 11.0\r\n"
    "# comment\r\n"
    "\r\n"
    "[L = 20]\r\n"
    "\r\n"
    "Len = 0\r\n"
    "Msg = 00\r\n"
    "MD = aabb\r\n"
    "\r\n"
    "Len = 8\r\n"
    "# inner comment\r\n"
    "Msg = d3\r\n"
    "MD = ccdd\r\n"
    "Len = 16\r\n"
    "Msg = 11af\r\n"
    "MD = eeff\r\n"
    "\r\n"
    "[L = 32]\r\n"
    "[ENCRYPT]\r\n"
    "Seed = 0102\r\n"
    "\r\n"
    "COUNT = 0\r\n"
    "Len = 24\r\n"
    "MD = 01\r\n"
    "FAIL\r\n"
    "COUNT = 1\r\n"
    "   MD  =   02  \r\n"
    "\r\n"
    "[DECRYPT]\r\n"
    "COUNT = 0\r\n"
    "MD = 03";

static void test_rsp(void)
{
    tv_file *f = tv_open_text(rsp_text);
    size_t n;
    unsigned long v;
    const uint8_t *b;

    tv_check(tv_next(f) == 1, "rsp record 1");
    tv_check_str(tv_get(f, "L"), "20", "group default L");
    tv_check(tv_get_ulong(f, "Len", &v) == 0 && v == 0, "Len = 0");
    b = tv_get_hex(f, "msg", &n); /* case-insensitive */
    tv_check(b != NULL && n == 1 && b[0] == 0, "Msg = 00");
    b = tv_get_hex(f, "MD", &n);
    tv_check(b != NULL && n == 2 && b[0] == 0xaa && b[1] == 0xbb, "MD = aabb (CR stripped)");
    tv_check_str(tv_where(f), "(text):6", "where of record 1");

    tv_check(tv_next(f) == 1, "rsp record 2");
    tv_check_str(tv_get(f, "Msg"), "d3", "record 2 Msg");
    tv_check_str(tv_get(f, "MD"), "ccdd", "record 2 MD");

    tv_check(tv_next(f) == 1, "rsp record 3 (no blank line before Len)");
    tv_check_str(tv_get(f, "Len"), "16", "record 3 Len");
    tv_check_str(tv_get(f, "Msg"), "11af", "record 3 Msg");

    tv_check(tv_next(f) == 1, "Seed record");
    tv_check_str(tv_get(f, "Seed"), "0102", "Seed");
    tv_check_str(tv_get(f, "L"), "32", "new group default L");
    tv_check_str(tv_section(f), "ENCRYPT", "section ENCRYPT");
    tv_check(tv_get(f, "COUNT") == NULL, "Seed record has no COUNT");

    tv_check(tv_next(f) == 1, "COUNT 0");
    tv_check_str(tv_get(f, "COUNT"), "0", "COUNT = 0");
    tv_check_str(tv_get(f, "Len"), "24", "Len after COUNT stays in the record");
    tv_check_str(tv_get(f, "FAIL"), "", "FAIL line is an empty field");
    tv_check(tv_next(f) == 1, "COUNT 1 without blank line");
    tv_check_str(tv_get(f, "MD"), "02", "spaces trimmed");
    tv_check(tv_get(f, "FAIL") == NULL, "FAIL does not leak into the next record");

    tv_check(tv_next(f) == 1, "DECRYPT record");
    tv_check_str(tv_section(f), "DECRYPT", "section DECRYPT");
    tv_check_str(tv_get(f, "MD"), "03", "last line without newline");
    tv_check(tv_get(f, "L") == NULL, "a header after records drops the old defaults");
    tv_check(tv_next(f) == 0, "end of rsp");
    tv_check(tv_next(f) == 0, "end stays end");
    tv_close(f);
}

/* rfc-style: header comments, [SECTION], empty values, decimal fields. */
static const char rfc_text[] =
    "# MD2 test vectors\n"
    "# Format: ...\n"
    "\n"
    "[ECB]\n"
    "COUNT = 0\n"
    "# \"\"\n"
    "MSG = \n"
    "MD = 8350\n"
    "\n"
    "\n"
    "COUNT = 1\n"
    "MSG = 61\n"
    "REPEAT = 1000000\n"
    "MACLEN = x16\n"
    "MD = 32ec\n"
    "\n";

static void test_rfc(void)
{
    tv_file *f = tv_open_text(rfc_text);
    size_t n = 99;
    unsigned long v;

    tv_check(tv_next(f) == 1, "rfc record 0");
    tv_check_str(tv_section(f), "ECB", "rfc section");
    tv_check(tv_get_hex(f, "MSG", &n) != NULL && n == 0, "empty MSG is zero-length, not absent");
    tv_check(tv_get_hex(f, "KEY", &n) == NULL, "absent field is NULL");
    tv_check(tv_next(f) == 1, "rfc record 1");
    tv_check(tv_get_ulong(f, "REPEAT", &v) == 0 && v == 1000000, "REPEAT decimal");
    tv_check(tv_get_ulong(f, "MACLEN", &v) != 0, "non-number rejected");
    tv_check(tv_get_ulong(f, "NOPE", &v) != 0, "absent number rejected");
    tv_check(tv_next(f) == 0, "end of rfc");
    tv_close(f);
}

static tv_json *parse(const char *s)
{
    return tv_json_parse(s, strlen(s));
}

static void test_json(void)
{
    static const char doc[] =
        " {\"a\": [1, -2.5e1, true, false, null, \"x\\u00e9\\ud83d\\ude00\\n\\\"\\\\\\/\"],\n"
        "  \"o\": {}, \"e\": [], \"k\": \"00ff\", \"bad\": \"0\", \"n\": 42, \"f\": 1.5,\n"
        "  \"flags\": [\"One\", \"Two\"]} ";
    tv_json *j = parse(doc);
    size_t n = 0;
    long v;

    if (!tv_check(j != NULL && j->type == TV_JSON_OBJECT, "JSON document parses"))
        return;
    tv_json *a = tv_json_get(j, "a");
    tv_check(a != NULL && a->type == TV_JSON_ARRAY && a->len == 6, "array of 6");
    tv_check(tv_json_at(a, 0)->type == TV_JSON_NUMBER && tv_json_at(a, 0)->num == 1, "1");
    tv_check(tv_json_at(a, 1)->num == -25, "-2.5e1");
    tv_check(tv_json_at(a, 2)->type == TV_JSON_TRUE && tv_json_at(a, 3)->type == TV_JSON_FALSE &&
                 tv_json_at(a, 4)->type == TV_JSON_NULL,
             "literals");
    tv_check_str(tv_json_at(a, 5)->str, "x\xc3\xa9\xf0\x9f\x98\x80\n\"\\/", "string escapes");
    tv_check(tv_json_at(a, 6) == NULL, "past the end");
    tv_check(tv_json_get(j, "o")->len == 0 && tv_json_get(j, "e")->len == 0, "empty containers");
    const uint8_t *k = tv_json_hex(j, "k", &n);
    tv_check(k != NULL && n == 2 && k[0] == 0 && k[1] == 0xff, "hex member");
    tv_check(tv_json_hex(j, "bad", &n) == NULL, "odd hex member is NULL");
    tv_check(tv_json_hex(j, "n", &n) == NULL, "number is not hex");
    tv_check(tv_json_long(j, "n", &v) == 0 && v == 42, "integer member");
    tv_check(tv_json_long(j, "f", &v) != 0, "1.5 is not an integer");
    tv_check(tv_json_string(j, "n") == NULL, "number is not a string");
    tv_check(tv_json_has_flag(j, "Two") && !tv_json_has_flag(j, "Three"), "flags");
    tv_json_free(j);

    static const char *const bad[] = {
        "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "\"abc", "[1] x", "tru", "[\"\\q\"]",
        "{1:2}", "-", "[\"a\nb\"]", "\"\\u12\"",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        j = parse(bad[i]);
        tv_check(j == NULL, "bad JSON #%zu rejected", i);
        tv_json_free(j);
    }
    char deep[200];
    memset(deep, '[', 100);
    memset(deep + 100, ']', 100);
    j = tv_json_parse(deep, sizeof(deep));
    tv_check(j == NULL, "nesting deeper than 64 rejected");
    tv_json_free(j);
}

static void test_wycheproof(void)
{
    tv_json *j = parse("{\"testGroups\": ["
                       "{\"tagSize\": 128, \"tests\": [{\"tcId\": 1, \"result\": \"valid\"},"
                       " {\"tcId\": 2, \"result\": \"invalid\"}]},"
                       "{\"tests\": []},"
                       "{\"tagSize\": 64, \"tests\": [{\"tcId\": 3, \"result\": \"acceptable\"},"
                       " {\"tcId\": 4, \"result\": \"what\"}]}]}");
    tv_wycheproof w = {j, NULL, NULL, 0, 0};
    long ids = 0, tag = 0, id;
    int results[4], n = 0;

    while (tv_wycheproof_next(&w)) {
        if (n < 4)
            results[n] = tv_wycheproof_result(&w);
        n++;
        if (tv_json_long(w.test, "tcId", &id) == 0)
            ids = ids * 10 + id;
        if (tv_json_long(w.group, "tagSize", &id) == 0)
            tag += id;
    }
    tv_check(n == 4 && ids == 1234, "walked tests 1234 in order (got %d: %ld)", n, ids);
    tv_check(tag == 128 + 128 + 64 + 64, "group of each test");
    tv_check(n == 4 && results[0] == TV_RESULT_VALID && results[1] == TV_RESULT_INVALID &&
                 results[2] == TV_RESULT_ACCEPTABLE && results[3] == TV_RESULT_UNKNOWN,
             "results");
    tv_check(tv_wycheproof_next(&w) == 0, "walk stays finished");
    tv_json_free(j);
}

static void test_rng(void)
{
    tv_rng a, b, c;
    uint8_t x[37], y[37];

    tv_rng_init(&a, 1);
    tv_rng_init(&b, 1);
    tv_rng_init(&c, 2);
    /* The stream is fixed: it must not change between hosts or releases. */
    tv_rng_fill(&a, x, sizeof(x));
    tv_rng_fill(&b, y, sizeof(y));
    tv_check_mem(x, y, sizeof(x), "same seed, same bytes");
    tv_check(tv_rng_u64(&a) != tv_rng_u64(&c), "different seeds differ");
    int bad = 0, hit[7] = {0};
    for (int i = 0; i < 7000; i++) {
        size_t r = tv_rng_below(&a, 7);
        if (r >= 7)
            bad++;
        else
            hit[r]++;
    }
    for (int i = 0; i < 7; i++)
        bad += hit[i] < 800;
    tv_check(bad == 0, "tv_rng_below(7) in range and spread");
    tv_rng_init(&a, 0x1234);
    uint64_t first = tv_rng_u64(&a);
    tv_rng_init(&a, 0x1234);
    tv_check(tv_rng_u64(&a) == first, "reseeding replays");
}

/* The real vector folder is reachable and its files parse. */
static void test_files(void)
{
    tv_file *f = tv_open("nist/SHA1/SHA1ShortMsg.rsp");
    int n = 0;
    while (f != NULL && tv_next(f))
        n += tv_get(f, "Len") != NULL && tv_get(f, "Msg") != NULL && tv_get(f, "MD") != NULL;
    tv_check_int(n, 65, "SHA1ShortMsg records");
    tv_close(f);

    tv_json *j = tv_json_load("wycheproof/testvectors_v1/hmac_sha256_test.json");
    long expect = -1;
    n = 0;
    tv_wycheproof w = {j, NULL, NULL, 0, 0};
    while (j != NULL && tv_wycheproof_next(&w))
        n++;
    tv_check(j != NULL && tv_json_long(j, "numberOfTests", &expect) == 0 && n == expect,
             "hmac_sha256_test.json: %d tests, numberOfTests %ld", n, expect);
    tv_json_free(j);
}

int main(void)
{
    tv_begin("test_vectors");
    test_hex();
    test_rsp();
    test_rfc();
    test_json();
    test_wycheproof();
    test_rng();
    test_files();
    return tv_end();
}
