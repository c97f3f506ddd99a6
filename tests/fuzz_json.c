/*
 * tests/fuzz_json.c - libFuzzer target for the brisk command's JSON reader
 * and writer (apps/json.c), which read the run documents of `speed
 * -baseline` and `brisk report`.  The input is a document's bytes.
 *
 * Properties checked beyond "no crash, no leak, no sanitizer report":
 * - a refused document gets an error "line L, column C: ..." with L at
 *   most the number of lines of the input;
 * - an accepted one, written back by the writer, parses again to the same
 *   value (types, numbers bit for bit, strings and names byte for byte),
 *   and writing that again gives the same bytes;
 * - json_get finds the last member of each name.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_apps.h"
#include "json.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup("fuzz_json");
    return 0;
}

static void write_value(json_writer *w, const char *key, const json_value *v)
{
    switch (v->type) {
    case JSON_NULL:
        json_null(w, key);
        break;
    case JSON_BOOL:
        json_bool(w, key, v->boolean);
        break;
    case JSON_NUMBER:
        json_number(w, key, v->number);
        break;
    case JSON_STRING:
        json_string(w, key, v->string);
        break;
    case JSON_ARRAY:
        json_begin_array(w, key);
        for (size_t i = 0; i < v->n; i++)
            write_value(w, NULL, &v->items[i]);
        json_end_array(w);
        break;
    case JSON_OBJECT:
        json_begin_object(w, key);
        for (size_t i = 0; i < v->n; i++)
            write_value(w, v->keys[i], &v->items[i]);
        json_end_object(w);
        break;
    }
}

static char *write_doc(const json_value *v, size_t *len)
{
    char *out = NULL;
    FILE *f = open_memstream(&out, len);
    json_writer w;

    if (!f)
        fuzz_fail("open_memstream");
    json_writer_init(&w, f);
    write_value(&w, NULL, v);
    if (fclose(f) != 0)
        fuzz_fail("writing to memory");
    return out;
}

static int same(const json_value *a, const json_value *b)
{
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case JSON_NULL:
        return 1;
    case JSON_BOOL:
        return a->boolean == b->boolean;
    case JSON_NUMBER:
        return memcmp(&a->number, &b->number, sizeof(double)) == 0;
    case JSON_STRING:
        return strcmp(a->string, b->string) == 0;
    case JSON_ARRAY:
    case JSON_OBJECT:
        if (a->n != b->n)
            return 0;
        for (size_t i = 0; i < a->n; i++) {
            if (a->type == JSON_OBJECT && strcmp(a->keys[i], b->keys[i]) != 0)
                return 0;
            if (!same(&a->items[i], &b->items[i]))
                return 0;
        }
        return 1;
    }
    return 0;
}

static void check_get(const json_value *v)
{
    if (v->type == JSON_OBJECT) {
        for (size_t i = 0; i < v->n; i++) {
            const json_value *m = json_get(v, v->keys[i]);
            size_t last = i;
            for (size_t j = i + 1; j < v->n; j++)
                if (strcmp(v->keys[j], v->keys[i]) == 0)
                    last = j;
            if (m != &v->items[last])
                fuzz_fail("json_get did not find the last member of a name");
        }
    }
    if (v->type == JSON_OBJECT || v->type == JSON_ARRAY)
        for (size_t i = 0; i < v->n; i++)
            check_get(&v->items[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    json_value *v = json_parse((const char *)data, size, err, sizeof(err));

    if (!v) {
        unsigned long line, col, lines = 1;
        for (size_t i = 0; i < size; i++)
            lines += data[i] == '\n';
        if (sscanf(err, "line %lu, column %lu: ", &line, &col) != 2 || line < 1 || line > lines || col < 1)
            fuzz_fail("an error without a sound position");
        return 0;
    }
    check_get(v);

    size_t len1, len2;
    char *out1 = write_doc(v, &len1);
    json_value *v2 = json_parse(out1, len1, err, sizeof(err));
    if (!v2)
        fuzz_fail("the writer's output does not parse");
    if (!same(v, v2))
        fuzz_fail("the writer's output parses to another value");
    char *out2 = write_doc(v2, &len2);
    if (len1 != len2 || memcmp(out1, out2, len1) != 0)
        fuzz_fail("writing the value read back gives other bytes");
    free(out1);
    free(out2);
    json_free(v2);
    json_free(v);
    return 0;
}
