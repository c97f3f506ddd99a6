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
    json_number(w, "cycles", speed_median(c->cycles, c->n));
    json_begin_array(w, "cycle_samples");
    for (int i = 0; i < c->n; i++)
        json_number(w, NULL, c->cycles[i]);
    json_end_array(w);
}

/* put_slope writes -slope's line through the row's calls as the cell's
 * "extra": the same for every cell of the row. */
static void put_slope(json_writer *w, const speed_row *row)
{
    json_begin_object(w, "extra");
    json_number(w, "slope_ns_per_call", row->slope_ns_per_call);
    json_number(w, "slope_ns_per_byte", row->slope_ns_per_byte);
    if (row->slope_cycles_per_byte > 0) {
        json_number(w, "slope_cycles_per_call", row->slope_cycles_per_call);
        json_number(w, "slope_cycles_per_byte", row->slope_cycles_per_byte);
    }
    json_end_object(w);
}

/* put_openssl names -compare's library and its version in a cell. */
static void put_openssl(json_writer *w, const speed_run *r)
{
    json_string(w, "library", "openssl");
    json_string(w, "library_version", r->compare_version);
}

static void put_options(json_writer *w, const speed_run *r)
{
    json_begin_object(w, "options");
    json_int(w, "seconds", r->seconds);
    json_int(w, "pk_seconds", r->pk_seconds);
    json_int(w, "repeat", r->repeat);
    json_string(w, "clock", r->usertime ? "user" : "wall");
    json_int(w, "misalign", (long long)r->misalign);
    json_int(w, "multi", r->multi);
    if (r->clk.source != NULL)
        json_string(w, "cycles", r->clk.source);
    else
        json_null(w, "cycles");
    if (r->clk.mhz > 0)
        json_number(w, "mhz", (double)r->clk.mhz);
    else
        json_null(w, "mhz");
    if (r->compare_version != NULL)
        json_string(w, "compare", "openssl");
    else
        json_null(w, "compare");
    json_end_object(w);
}

/* put_cells writes the cells the table shows: rows that passed their
 * checks, and after SIGINT only those finished. */
static void put_cells(json_writer *w, const speed_run *r)
{

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
            if (row->slope_done)
                put_slope(w, row);
            json_end_object(w);
            if (r->compare_version != NULL && !row->ossl_na && row->ossl[s].n > 0) {
                json_begin_object(w, NULL);
                put_openssl(w, r);
                json_string(w, "algorithm", row->label);
                json_string(w, "operation", row_operation(row));
                json_int(w, "size", r->sizes[s]);
                json_string(w, "unit", "bytes/s");
                put_samples(w, &row->ossl[s], speed_median(row->ossl[s].v, row->ossl[s].n));
                json_end_object(w);
            }
        }
    }
    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (pk->failed || pk->skipped || (r->interrupted && !pk->done))
            continue;
        const char *op_name[2] = {speed_pk_ops(pk->type) == 1 ? "derive" : "sign", "verify"};
        for (int op = 0; op < speed_pk_ops(pk->type); op++) {
            if (pk->samples[op].n == 0 && !(r->multi > 0 && pk->done))
                continue;
            json_begin_object(w, NULL);
            json_string(w, "library", "brisk");
            json_string(w, "algorithm", speed_pk_name(pk->type));
            json_string(w, "operation", op_name[op]);
            json_int(w, "bits", pk->bits);
            json_string(w, "unit", "ops/s");
            put_samples(w, &pk->samples[op], pk->results[op]);
            json_end_object(w);
            if (r->compare_version != NULL && !pk->ossl_na && pk->ossl[op].n > 0) {
                json_begin_object(w, NULL);
                put_openssl(w, r);
                json_string(w, "algorithm", speed_pk_name(pk->type));
                json_string(w, "operation", op_name[op]);
                json_int(w, "bits", pk->bits);
                json_string(w, "unit", "ops/s");
                put_samples(w, &pk->ossl[op], speed_median(pk->ossl[op].v, pk->ossl[op].n));
                json_end_object(w);
            }
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
