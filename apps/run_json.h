/*
 * apps/run_json.h - the parts of a run document (schema "brisk-run/1",
 * docs/json.md) that `speed`, `disk -benchmark` and `channel` share: the
 * head (schema, command, tool, argv, host), the outputs of -json and -save
 * (tried before the timing, so that an unwritable path fails at once;
 * written all or nothing at the end), a saved document read back for
 * -baseline, and the comparison of two documents cell by cell.
 */
#ifndef BRISK_APPS_RUN_JSON_H
#define BRISK_APPS_RUN_JSON_H

#include <stdio.h>
#include <time.h>

#include "apps.h"
#include "json.h"
#include "speed_clock.h"

#define RUN_SCHEMA "brisk-run/1"

/* What a run records besides its cells, and its -json, -save, -baseline
 * and -fail-below.  Zero it, then fill the paths and fail_below. */
typedef struct run_doc {
    const char *prog;          /* the subcommand, for messages */
    int argc;
    char **argv;               /* argv[0] is the subcommand */
    time_t start, end;
    double load[3];
    int have_load;
    double cpu_share;          /* < 0: not measured */
    const char *json_path;     /* -json FILE ("-": stdout) or NULL */
    const char *save_path;     /* -save FILE or NULL */
    const char *baseline_path; /* -baseline FILE or NULL */
    double fail_below;         /* -fail-below R, 0 when not given */
    json_value *baseline;      /* the saved document, read at run_doc_start */
    char *text;                /* the document written, for run_doc_finish */
    size_t len;
} run_doc;

/* run_doc_parse_ratio reads -fail-below's value: a decimal in (0, 1];
 * returns 0, or -1 after one error line. */
int run_doc_parse_ratio(const char *prog, const char *opt, const char *s, double *out);

/* run_doc_start checks the options (-fail-below needs -baseline; -save
 * cannot be stdout), reads and checks the baseline (its schema, and that
 * `command` made it), tries the outputs (a temporary file made and removed
 * beside each) and notes the start time and load average.  Returns 0, or
 * -1 after one error line. */
int run_doc_start(run_doc *d, const char *command, int argc, char **argv);

/* run_doc_json_stdout tells whether the document goes to stdout (-json -):
 * then the human output is not printed. */
int run_doc_json_stdout(const run_doc *d);

/* run_doc_begin notes the end time and starts the document in memory:
 * *w is ready for "options" and "cells" after the head; returns the
 * stream (NULL after an error line), which run_doc_end closes. */
FILE *run_doc_begin(run_doc *d, json_writer *w, const char *command);

/* run_doc_end closes the document, writes it to -json's and -save's
 * outputs, then, with -baseline, prints the comparison to `cmp` and checks
 * -fail-below.  Returns 0, or 1 when a write failed or a cell fell below
 * its baseline (each said in a line on stderr). */
int run_doc_end(run_doc *d, json_writer *w, FILE *mem, FILE *cmp);

/* run_doc_put_passes writes the options of a command timed by the wall
 * clock in passes (disk, channel): "repeat" (repeat, at least 1),
 * "clock" ("wall"), "cycles" (clk's source or null) and "mhz" (-mhz's or
 * null). */
void run_doc_put_passes(json_writer *w, int repeat, const speed_cycle_clock *clk);

/* run_doc_free frees what run_doc_start read and run_doc_end wrote. */
void run_doc_free(run_doc *d);

/* run_compare prints to f the cells of `now` beside those of `base` with
 * the same library, algorithm, operation, size, bits, extra.mac and
 * extra.volume_bytes (disk's volume cells): both values, their ratio and
 * a mark where the change exceeds the noise; then the cells found on one
 * side only.  With fail_below > 0, each matched cell
 * below fail_below times its baseline gets a line on stderr.  Returns the
 * number of such cells. */
int run_compare(FILE *f, const char *prog, const json_value *now, const json_value *base,
                double fail_below);

#endif
