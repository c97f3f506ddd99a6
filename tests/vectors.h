/*
 * tests/vectors.h - what every test program shares: the one reader for the
 * known-answer files in tests/vectors (NIST CAVP .rsp, rfc/NAME.txt records,
 * Wycheproof JSON) and the DSA keys in Wycheproof's, hex decoding, checks
 * that count passes and failures, and a reproducible PRNG for random inputs.
 *
 * The vector folder is $BRISK_VECTORS if set, else the BRISK_VECTORS_DEFAULT
 * the build compiled in (CMake's BRISK_VECTORS cache value, by default this
 * repository's tests/vectors).  Setting BRISK_TEST_QUICK=1 asks the slow
 * tests (Monte Carlo, megabyte inputs) to do less (the CMake option
 * BRISK_TEST_QUICK sets it).  BRISK_TEST_SEED
 * (decimal or 0x-hex) replays a random run.
 */
#ifndef BRISK_TESTS_VECTORS_H
#define BRISK_TESTS_VECTORS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <brisk/dsa.h>

#if defined(__GNUC__) || defined(__clang__)
#define TV_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TV_PRINTF(f, a)
#endif

/* ---- Checks and counters ---- */

/* tv_begin names the program for messages and the final summary line. */
void tv_begin(const char *name);

/* tv_end prints "<name>: N passed, N failed" and returns the exit status:
 * 0 when something passed and nothing failed, 1 otherwise. */
int tv_end(void);

/* tv_check counts one check: a pass when ok is non-zero, else a failure
 * reported with the printf-style message.  Returns ok != 0. */
int tv_check(int ok, const char *fmt, ...) TV_PRINTF(2, 3);

/* tv_check_mem checks that len bytes at got equal those at want and prints
 * both in hex when they do not. */
int tv_check_mem(const void *got, const void *want, size_t len,
                 const char *fmt, ...) TV_PRINTF(4, 5);

/* tv_check_int checks got == want. */
int tv_check_int(long long got, long long want, const char *fmt, ...)
    TV_PRINTF(3, 4);

/* tv_check_str checks that got and want are equal strings (either may be
 * NULL; two NULLs are equal). */
int tv_check_str(const char *got, const char *want, const char *fmt, ...)
    TV_PRINTF(3, 4);

/* tv_fail counts and reports a failure. */
void tv_fail(const char *fmt, ...) TV_PRINTF(1, 2);

/* tv_note prints an informational line prefixed with the program's name. */
void tv_note(const char *fmt, ...) TV_PRINTF(1, 2);

/* tv_failures returns the number of failures counted so far. */
unsigned long tv_failures(void);

/* tv_quick returns 1 when BRISK_TEST_QUICK asks for a lighter run. */
int tv_quick(void);

/* ---- Hex ---- */

/* tv_hex_decode decodes the hex string hex (even length, either case) into
 * out, of room cap; *out_len receives the byte count.  Returns 0, or -1 when
 * hex is malformed or does not fit. */
int tv_hex_decode(uint8_t *out, size_t cap, const char *hex, size_t *out_len);

/* tv_hex_alloc decodes hex into a malloc'd buffer (never NULL for valid input,
 * even when empty); NULL when hex is malformed.  The caller frees it. */
uint8_t *tv_hex_alloc(const char *hex, size_t *out_len);

/* tv_hex_print writes len bytes at p to fp in lower-case hex. */
void tv_hex_print(FILE *fp, const void *p, size_t len);

/* ---- Reproducible PRNG (xoshiro256**, seeded through splitmix64) ---- */

typedef struct tv_rng {
    uint64_t s[4];
} tv_rng;

/* tv_seed returns $BRISK_TEST_SEED if set, else a fixed default. */
uint64_t tv_seed(void);

/* tv_rng_init seeds r; the same seed always gives the same stream. */
void tv_rng_init(tv_rng *r, uint64_t seed);

/* tv_rng_u64 returns the next 64 random bits. */
uint64_t tv_rng_u64(tv_rng *r);

/* tv_rng_below returns a number in [0, n); n must be non-zero. */
size_t tv_rng_below(tv_rng *r, size_t n);

/* tv_rng_fill fills len bytes at buf. */
void tv_rng_fill(tv_rng *r, void *buf, size_t len);

/* ---- Implementations ---- */

/* tv_impl_next forces, in turn, each implementation of primitive prim that
 * this CPU can run (its brisk_impl_name cpu bits all detected), checking that
 * brisk_impl_set accepts it and brisk_impl_active reports it.  Start with
 * *i = 0 and loop while it returns a name; after the last it restores the
 * automatic choice and returns NULL. */
const char *tv_impl_next(const char *prim, size_t *i);

/* tv_impl_list writes the names of prim's runnable implementations, space
 * separated, into buf (for "tested: ..." lines). */
const char *tv_impl_list(const char *prim, char *buf, size_t cap);

/* ---- Vector files ---- */

/* tv_vector_dir returns the folder of vector files. */
const char *tv_vector_dir(void);

/* tv_vector_path returns the malloc'd path of rel inside that folder. */
char *tv_vector_path(const char *rel);

/* ---- CAVP .rsp and rfc/NAME.txt records ----
 *
 * Both formats are lines of "FIELD = value".  '#' lines are comments.  A
 * record ends at a blank line, at a [header] line, and before a line that
 * starts a record (COUNT, Count or Len) or repeats a field of the record.
 * "[NAME = value]" headers set defaults that tv_get falls back to; a header
 * after records starts a new group, dropping the old defaults.  A header
 * without '=' ("[ENCRYPT]", "[ECB]") names the section.  A line without '='
 * ("FAIL") is a field with an empty value.  Field names match case-
 * insensitively ("Msg" and "MSG").  Records with only lines such as
 * "Seed = ..." are returned like any other. */
typedef struct tv_file tv_file;

/* tv_open opens rel inside the vector folder; on failure it counts and
 * reports a failure and returns NULL. */
tv_file *tv_open(const char *rel);

/* tv_open_text reads records from a string instead (for parser tests). */
tv_file *tv_open_text(const char *text);

/* tv_next moves to the next record: 1 if there is one, 0 at the end. */
int tv_next(tv_file *f);

/* tv_get returns the value of field in the current record, else the group's
 * default, else NULL. */
const char *tv_get(const tv_file *f, const char *field);

/* tv_get_hex returns the field decoded from hex (valid until tv_next), or
 * NULL when it is absent or malformed (malformed counts a failure). */
const uint8_t *tv_get_hex(tv_file *f, const char *field, size_t *len);

/* tv_get_ulong parses the field as a decimal number into *v: 0 on success,
 * -1 when absent or not a number. */
int tv_get_ulong(const tv_file *f, const char *field, unsigned long *v);

/* tv_section returns the last section name ("" before any). */
const char *tv_section(const tv_file *f);

/* tv_where returns "file:line" of the current record, for messages. */
const char *tv_where(const tv_file *f);

/* tv_close frees f (NULL is allowed). */
void tv_close(tv_file *f);

/* ---- JSON (enough for Wycheproof) ---- */

typedef enum tv_json_type {
    TV_JSON_NULL,
    TV_JSON_FALSE,
    TV_JSON_TRUE,
    TV_JSON_NUMBER,
    TV_JSON_STRING,
    TV_JSON_ARRAY,
    TV_JSON_OBJECT
} tv_json_type;

typedef struct tv_json {
    tv_json_type type;
    char *str;             /* STRING: the decoded text; NUMBER: its source */
    double num;            /* NUMBER */
    size_t len;            /* ARRAY, OBJECT: number of items */
    struct tv_json *items; /* ARRAY, OBJECT */
    char **keys;           /* OBJECT: keys[i] names items[i] */
    uint8_t *bytes;        /* STRING: hex decoded on demand by tv_json_hex */
    size_t bytes_len;
    int bytes_state;       /* 0 not tried, 1 decoded, -1 not hex */
} tv_json;

/* tv_json_parse parses len bytes of JSON text; NULL on a syntax error. */
tv_json *tv_json_parse(const char *text, size_t len);

/* tv_json_load parses rel inside the vector folder; on failure it counts and
 * reports a failure and returns NULL. */
tv_json *tv_json_load(const char *rel);

/* tv_json_free frees a tree returned by tv_json_parse or tv_json_load. */
void tv_json_free(tv_json *j);

/* tv_json_get returns the member key of object obj, or NULL. */
tv_json *tv_json_get(tv_json *obj, const char *key);

/* tv_json_at returns item i of array arr, or NULL. */
tv_json *tv_json_at(tv_json *arr, size_t i);

/* tv_json_string returns the string member key of obj, or NULL. */
const char *tv_json_string(tv_json *obj, const char *key);

/* tv_json_long stores the integer member key of obj in *v: 0, or -1 when it
 * is absent or not an integer. */
int tv_json_long(tv_json *obj, const char *key, long *v);

/* tv_json_hex returns the hex string member key of obj decoded (owned by the
 * tree), or NULL when absent or not hex. */
const uint8_t *tv_json_hex(tv_json *obj, const char *key, size_t *len);

/* tv_json_has_flag returns 1 when obj's "flags" array holds flag. */
int tv_json_has_flag(tv_json *obj, const char *flag);

/* tv_wycheproof walks every testGroups[].tests[] of a Wycheproof file: set
 * root, zero the rest, then call tv_wycheproof_next until it returns 0. */
typedef struct tv_wycheproof {
    tv_json *root;
    tv_json *group; /* the current test group */
    tv_json *test;  /* the current test */
    size_t group_i, test_i;
} tv_wycheproof;

int tv_wycheproof_next(tv_wycheproof *w);

/* Wycheproof "result" values. */
enum { TV_RESULT_INVALID = 0, TV_RESULT_VALID = 1, TV_RESULT_ACCEPTABLE = 2,
       TV_RESULT_UNKNOWN = -1 };

/* tv_wycheproof_result returns the TV_RESULT_* of the current test. */
int tv_wycheproof_result(const tv_wycheproof *w);

/* tv_wycheproof_dsa_group reads the key of a Wycheproof DSA test group,
 * "publicKey" (v1) or "key" (legacy v0): hex p, q and g into *pr (zeroed
 * first) and, unless y is NULL, y.  Returns BRISK_EOK, or BRISK_EDECODE
 * when one is missing, not hex or too long. */
int tv_wycheproof_dsa_group(tv_json *group, brisk_dsa_params *pr, brisk_bn *y);

/* tv_wycheproof_dsa_params reads p, q and g of the first group of the
 * Wycheproof DSA file rel and counts that as one check.  Returns 1 when
 * they were read. */
int tv_wycheproof_dsa_params(brisk_dsa_params *pr, const char *rel);

/* ---- Ciphers ---- */

/* tv_cipher_run runs the registry's cipher `name` over len bytes through
 * the generic API in one update and a final, key and iv as long as the
 * cipher takes by default, padding off (ECB and CBC): 0, or the error
 * (BRISK_ENOTFOUND for an unknown name, BRISK_EINVAL when the output is
 * not len bytes). */
int tv_cipher_run(const char *name, int encrypt, const uint8_t *key, const uint8_t *iv,
                  uint8_t *out, const uint8_t *in, size_t len);

#endif
