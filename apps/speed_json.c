/*
 * apps/speed_json.c - `brisk speed -json FILE`, `-save FILE` and
 * `-baseline FILE`: the run document of docs/json.md (schema
 * "brisk-run/1") made from a speed_run: the options, then a cell per
 * block size of each digest and cipher row (bytes/s) and per operation of
 * each RSA and DSA size (ops/s), with every sample and, where the samples
 * carry them, cycles.  The head and the comparison with a baseline are
 * apps/run_json.c's.  Not constant-time (nothing secret).
 */
#include <stdlib.h>
#include <string.h>

#include "speed.h"

/* row_operation names what a row's cells do. */
static const char *row_operation(const speed_row *row)
{
    if (row->kind == &speed_digest_kind)
        return "digest";
    if (row->kind == &speed_hmac_kind || row->kind == &speed_ghash_kind)
        return "mac";
    if (row->kind == &speed_rand_kind)
        return "random";
    return row->decrypt ? "decrypt" : "encrypt";
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

/* median of n values (n >= 1), as the tables take it: the middle one, or
 * the mean of the two middle ones. */
static double median(const double *v, int n)
{
    double tmp[MAX_REPEAT];

    memcpy(tmp, v, (size_t)n * sizeof(double));
    qsort(tmp, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* put_samples writes "value", "samples" and, when every sample has
 * cycles, "cycles" and "cycle_samples".  A cell without samples (-multi's
 * sums) has its figure as its one sample. */
static void put_samples(json_writer *w, const speed_samples *c, double value)
{
    int cycles = c->n > 0;

    json_number(w, "value", value);
    json_begin_array(w, "samples");
    if (c->n == 0)
        json_number(w, NULL, value);
    for (int i = 0; i < c->n; i++) {
        json_number(w, NULL, c->v[i]);
        cycles &= c->cycles[i] > 0;
    }
    json_end_array(w);
    if (!cycles)
        return;
    json_number(w, "cycles", median(c->cycles, c->n));
    json_begin_array(w, "cycle_samples");
    for (int i = 0; i < c->n; i++)
        json_number(w, NULL, c->cycles[i]);
    json_end_array(w);
}

/* repeat is the most samples a cell has: -repeat's N. */
static int repeat(const speed_run *r)
{
    int n = 1;

    for (int i = 0; i < r->n_rows; i++)
        for (int s = 0; s < r->n_sizes; s++)
            if (r->rows[i].samples[s].n > n)
                n = r->rows[i].samples[s].n;
    for (int i = 0; i < r->n_pk; i++)
        for (int op = 0; op < 2; op++)
            if (r->pk[i].samples[op].n > n)
                n = r->pk[i].samples[op].n;
    return n;
}

static void put_options(json_writer *w, const speed_run *r)
{
    json_begin_object(w, "options");
    json_int(w, "seconds", r->seconds);
    json_int(w, "pk_seconds", r->pk_seconds);
    json_int(w, "repeat", repeat(r));
    json_string(w, "clock", r->usertime ? "user" : "wall");
    json_int(w, "misalign", (long long)r->misalign);
    json_int(w, "multi", r->multi);
    json_null(w, "cycles");
    json_null(w, "mhz");
    json_null(w, "compare");
    json_end_object(w);
}

/* put_cells writes the cells the table shows: rows that passed their
 * checks, and after SIGINT only those finished. */
static void put_cells(json_writer *w, const speed_run *r)
{
    static const char *const pk_ops[2] = {"sign", "verify"};

    json_begin_array(w, "cells");
    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (row->failed || (r->interrupted && !row->done))
            continue;
        for (int s = 0; s < r->n_sizes; s++) {
            if (row->samples[s].n == 0 && !(r->multi > 0 && row->done))
                continue;
            json_begin_object(w, NULL);
            json_string(w, "library", "brisk");
            json_string(w, "algorithm", row->label);
            json_string(w, "operation", row_operation(row));
            json_int(w, "size", r->sizes[s]);
            json_string(w, "unit", "bytes/s");
            put_samples(w, &row->samples[s], row->results[s]);
            json_end_object(w);
        }
    }
    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (pk->failed || pk->skipped || (r->interrupted && !pk->done))
            continue;
        for (int op = 0; op < 2; op++) {
            if (pk->samples[op].n == 0 && !(r->multi > 0 && pk->done))
                continue;
            json_begin_object(w, NULL);
            json_string(w, "library", "brisk");
            json_string(w, "algorithm", pk->type == SPEED_PK_RSA ? "rsa" : "dsa");
            json_string(w, "operation", pk_ops[op]);
            json_int(w, "bits", pk->bits);
            json_string(w, "unit", "ops/s");
            put_samples(w, &pk->samples[op], pk->results[op]);
            json_end_object(w);
        }
    }
    json_end_array(w);
}

int speed_json_wanted(const speed_run *r)
{
    return r->doc.json_path || r->doc.save_path || r->doc.baseline_path;
}

int speed_json_finish(speed_run *r)
{
    json_writer w;
    FILE *mem;

    if (!speed_json_wanted(r))
        return 0;
    r->doc.cpu_share = r->cpu_share;
    mem = run_doc_begin(&r->doc, &w, "speed");
    if (!mem)
        return 1;
    put_options(&w, r);
    put_cells(&w, r);
    return run_doc_end(&r->doc, &w, mem, r->mr || run_doc_json_stdout(&r->doc) ? stderr : stdout);
}
