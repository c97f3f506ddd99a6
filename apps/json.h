/*
 * apps/json.h - a small JSON reader and writer for the brisk command's run
 * documents (`speed -json`, `-save`, `-baseline`, `brisk report`; the
 * schema is docs/json.md).  The reader is strict RFC 8259: no comments,
 * no trailing commas, no byte order mark, UTF-8 validated (RFC 3629: no
 * overlong forms, no surrogates), \u escapes with surrogate pairs (a lone
 * surrogate and \u0000 are refused), numbers by the RFC's grammar then
 * strtod as in the C locale (one beyond the range of a double is refused),
 * nesting at most JSON_MAX_DEPTH deep.  Errors say where: "line L, column
 * C: what", the column counting characters from 1.  A member named twice
 * is kept twice; json_get finds the last, as Python and JavaScript do.
 * The writer streams pretty-printed JSON, two spaces an indent level,
 * arrays of scalars on one line.  Not constant-time (nothing secret).
 */
#ifndef BRISK_APPS_JSON_H
#define BRISK_APPS_JSON_H

#include <stddef.h>
#include <stdio.h>

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;
typedef struct json_value json_value;
struct json_value {
    json_type type;
    int boolean;          /* JSON_BOOL */
    double number;        /* JSON_NUMBER */
    char *string;         /* JSON_STRING: NUL-terminated UTF-8 (a \u0000 is refused) */
    size_t n;             /* JSON_ARRAY, JSON_OBJECT: element / member count */
    json_value *items;    /* the n elements, or the n members' values */
    char **keys;          /* JSON_OBJECT: the n members' names */
};

/* json_parse parses len bytes of RFC 8259 JSON (nesting at most 64 deep); NULL with err
 * set to "line L, column C: what" on any error. */
json_value *json_parse(const char *text, size_t len, char *err, size_t err_len);

/* json_read_file reads and parses a file ("-": stdin; at most 64 MiB); NULL with err
 * ("PATH: ..." or "stdin: ...") */
json_value *json_read_file(const char *path, char *err, size_t err_len);

/* json_free frees a value json_parse or json_read_file returned (NULL: nothing). */
void json_free(json_value *v);

/* json_get: the member named key of an object, or NULL (absent, or v not an object) */
const json_value *json_get(const json_value *v, const char *key);

/* json_get_string / json_get_number: the member's value when it has that type, else dflt */
const char *json_get_string(const json_value *v, const char *key, const char *dflt);
double json_get_number(const json_value *v, const char *key, double dflt);

/* A streaming writer; key is NULL for array elements and the top value.
 * count[d] holds, for the container open at depth d + 1, twice the number
 * of values written into it, plus 1 when the last of them was an object or
 * array (then the closing bracket goes on a line of its own).  Strings that
 * are not valid UTF-8 are written with U+FFFD for each bad byte; a newline
 * follows the top value. */
#define JSON_MAX_DEPTH 64
typedef struct json_writer { FILE *f; int depth; int count[JSON_MAX_DEPTH]; } json_writer;

/* json_writer_init starts a document written to f. */
void json_writer_init(json_writer *w, FILE *f);

/* json_begin_object / json_end_object open and close an object;
 * json_begin_array / json_end_array an array. */
void json_begin_object(json_writer *w, const char *key);
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w, const char *key);
void json_end_array(json_writer *w);

/* json_string writes a string, escaped as RFC 8259 asks (NULL: null). */
void json_string(json_writer *w, const char *key, const char *s);   /* escapes as RFC 8259 */

/* json_number writes x as the shortest of "%.15g", "%.16g", "%.17g" that
 * reads back exactly (so at most "%.17g"); NaN and infinities as null. */
void json_number(json_writer *w, const char *key, double x);        /* "%.17g"; NaN/inf: null */

/* json_int, json_bool and json_null write an integer, true or false, null. */
void json_int(json_writer *w, const char *key, long long n);
void json_bool(json_writer *w, const char *key, int b);
void json_null(json_writer *w, const char *key);

#endif
