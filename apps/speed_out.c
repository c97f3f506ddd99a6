/*
 * apps/speed_out.c - the output of `brisk speed`: OpenSSL 3.0's banner,
 * its table in 1000s of bytes per second and its RSA and DSA rows, or the
 * -mr records, written and read back (by -multi) through the one table of
 * their tags and fields below.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <brisk/cpu.h>

#include "buildinfo.h"
#include "speed.h"

/* ---- The -mr records ---- */

const mr_record speed_mr_records[MR_KINDS] = {
    [MR_H] = {"+H", {MR_SIZES}},
    [MR_F] = {"+F", {MR_INT, MR_NAME, MR_RATES}},
    [MR_F2] = {"+F2", {MR_INT, MR_UINT, MR_REAL, MR_REAL}},
    [MR_F3] = {"+F3", {MR_INT, MR_UINT, MR_REAL, MR_REAL}},
    [MR_DT] = {"+DT", {MR_NAME, MR_INT, MR_INT}},
    [MR_R] = {"+R", {MR_COUNT, MR_NAME, MR_REAL}},
    [MR_DTP] = {"+DTP", {MR_UINT, MR_NAME, MR_NAME, MR_INT}},
    [MR_R1] = {"+R1", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_R2] = {"+R2", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_R3] = {"+R3", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_R4] = {"+R4", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_F4] = {"+F4", {MR_INT, MR_UINT, MR_REAL, MR_REAL}},
    [MR_R5] = {"+R5", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_R6] = {"+R6", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_F5] = {"+F5", {MR_INT, MR_UINT, MR_REAL, MR_REAL}},
    [MR_R7] = {"+R7", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_F8] = {"+F8", {MR_UINT, MR_UINT, MR_REAL, MR_REAL}},
    [MR_R12] = {"+R12", {MR_COUNT, MR_UINT, MR_SECS}},
    [MR_F6] = {"+F6", {MR_INT, MR_UINT, MR_NAME, MR_REAL, MR_REAL}},
    [MR_R8] = {"+R8", {MR_COUNT, MR_UINT, MR_NAME, MR_SECS}},
    [MR_R9] = {"+R9", {MR_COUNT, MR_UINT, MR_NAME, MR_SECS}},
    [MR_S] = {"+S", {MR_INT, MR_NAME, MR_INT, MR_REAL}},
    [MR_SP] = {"+SP", {MR_INT, MR_INT, MR_UINT, MR_INT, MR_REAL}},
};

/* speed_mr_write writes one record as a single write(): the workers of
 * -multi share the parent's stderr, and a line put together from several
 * writes interleaves with another worker's finishing at the same moment. */
void speed_mr_write(FILE *f, int kind, ...)
{
    const mr_record *rec = &speed_mr_records[kind];
    char *line = NULL;
    size_t len = 0;
    FILE *g = open_memstream(&line, &len);
    va_list ap;

    if (g == NULL)   /* out of memory: the record still goes out, unjoined */
        g = f;
    va_start(ap, kind);
    fputs(rec->tag, g);
    for (const mr_field *t = rec->fields; *t != MR_END; t++) {
        switch (*t) {
        case MR_INT: fprintf(g, ":%d", va_arg(ap, int)); break;
        case MR_UINT: fprintf(g, ":%u", va_arg(ap, unsigned)); break;
        case MR_COUNT: fprintf(g, ":%lld", va_arg(ap, long long)); break;
        case MR_NAME: fprintf(g, ":%s", va_arg(ap, const char *)); break;
        case MR_SECS: fprintf(g, ":%.2f", va_arg(ap, double)); break;
        case MR_REAL: fprintf(g, ":%f", va_arg(ap, double)); break;
        case MR_SIZES: {
            int n = va_arg(ap, int);
            const int *v = va_arg(ap, const int *);
            for (int i = 0; i < n; i++)
                fprintf(g, ":%d", v[i]);
            break;
        }
        case MR_RATES: {
            int n = va_arg(ap, int);
            const double *v = va_arg(ap, const double *);
            for (int i = 0; i < n; i++)
                fprintf(g, ":%.2f", v[i]);
            break;
        }
        case MR_END: break;
        }
    }
    fputc('\n', g);
    va_end(ap);
    if (g != f) {
        if (fclose(g) == 0) {
            fwrite(line, 1, len, f);
        }
        free(line);
    }
}

int speed_mr_kind(const char *line)
{
    for (int k = 0; k < MR_KINDS; k++) {
        size_t n = strlen(speed_mr_records[k].tag);
        if (strncmp(line, speed_mr_records[k].tag, n) == 0 && (line[n] == ':' || line[n] == '\0'))
            return k;
    }
    return -1;
}

/* read_number reads one numeric field at *p, which must end at a ':' or
 * the end of the line, and moves *p past it; returns 0 or -1. */
static int read_number(char **p, mr_field type, long long *n, double *x)
{
    char *end;

    if (type == MR_SECS || type == MR_REAL || type == MR_RATES)
        *x = strtod(*p, &end);
    else
        *n = strtoll(*p, &end, 10);
    if (end == *p || (*end != ':' && *end != '\0'))
        return -1;
    *p = end + (*end == ':');
    return 0;
}

int speed_mr_read(char *line, int kind, mr_line *out)
{
    const mr_record *rec = &speed_mr_records[kind];
    char *p = line + strlen(rec->tag);

    memset(out, 0, sizeof(*out));
    if (*p == ':')
        p++;
    for (int i = 0; rec->fields[i] != MR_END; i++) {
        mr_field t = rec->fields[i];
        if (t == MR_SIZES || t == MR_RATES) {   /* the rest of the line */
            long long n;
            while (*p != '\0' && out->n_list < MAX_SIZES) {
                if (read_number(&p, t, &n, &out->list[out->n_list]) != 0)
                    return -1;
                if (t == MR_SIZES)
                    out->list[out->n_list] = (double)n;
                out->n_list++;
            }
            return *p == '\0' ? 0 : -1;
        }
        if (*p == '\0')
            return -1;
        if (t == MR_NAME) {
            char *colon = strchr(p, ':');
            out->v[i].s = p;
            p = colon != NULL ? colon + 1 : p + strlen(p);
            if (colon != NULL)
                *colon = '\0';
        } else if (read_number(&p, t, &out->v[i].n, &out->v[i].x) != 0) {
            return -1;
        }
    }
    return *p == '\0' ? 0 : -1;
}

/* ---- The table and the public-key rows ---- */


/* print_banner prints OpenSSL's banner, and with -cycles where the cycles
 * come from. */
static void print_banner(const speed_run *r)
{
    printf("version: %s (brisk; speed compatible with OpenSSL 3.0)\n", brisk_version());
    if (r->compare_version != NULL)
        printf("compared with: %s (libcrypto, in this process)\n", r->compare_version);
    printf("built on: %s\n", BRISK_BUILT_ON);
    print_options_line(stdout);
    print_compiler_line(stdout);
    print_cpuinfo_line(stdout);
    if (r->clk.source != NULL) {
        char line[256];
        speed_cycles_describe(&r->clk, line, sizeof(line));
        printf("%s\n", line);
    }
}

/* print_curve_sigs prints the ECDSA or EdDSA rows as OpenSSL 3.0's tables
 * of those: a header, then " 256 bits ecdsa (nistp256)   0.0000s
 * 0.0001s  56326.0  18922.7" or " 253 bits EdDSA (Ed25519) ..." per curve,
 * or "+F4:" (ECDSA) and "+F6:" (EdDSA, which names the curve) records. */
static void print_curve_sigs(const speed_run *r, int type)
{
    int header = 0, eddsa = type == SPEED_PK_EDDSA;

    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        const char *curve = eddsa ? speed_eddsa_curve(pk->bits) : speed_pk_curve(pk->bits);
        if (pk->type != type || pk->failed || pk->skipped || (r->interrupted && !pk->done))
            continue;
        if (!header && !r->mr)
            printf("%30ssign    verify    sign/s verify/s\n", " ");
        header = 1;
        if (r->mr && eddsa)
            speed_mr_write(stdout, MR_F6, pk->index, pk->bits, curve, pk->results[0],
                           pk->results[1]);
        else if (r->mr)
            speed_mr_write(stdout, MR_F4, pk->index, pk->bits, pk->results[0], pk->results[1]);
        else
            printf("%4u bits %s (%s) %8.4fs %8.4fs %8.1f %8.1f\n", pk->bits,
                   eddsa ? "EdDSA" : "ecdsa", curve, 1.0 / pk->results[0],
                   1.0 / pk->results[1], pk->results[0], pk->results[1]);
    }
}

/* print_ecdh prints the ECDH rows as OpenSSL 3.0's ECDH table: the NIST
 * curves, then X25519 and X448. */
static void print_ecdh(const speed_run *r)
{
    int header = 0;

    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (pk->type != SPEED_PK_ECDH || pk->failed || pk->skipped ||
            (r->interrupted && !pk->done))
            continue;
        if (!header && !r->mr)
            printf("%30sop      op/s\n", " ");
        header = 1;
        if (r->mr)
            speed_mr_write(stdout, MR_F5, pk->index, pk->bits, pk->results[0],
                           1.0 / pk->results[0]);
        else
            printf("%4u bits ecdh (%s) %8.4fs %8.1f\n", pk->bits, speed_pk_curve(pk->bits),
                   1.0 / pk->results[0], pk->results[0]);
    }
}

/* print_pk prints the rows of one public-key type: for RSA and DSA a
 * header, then one line per size (the other types have their own). */
static void print_pk(const speed_run *r, int type)
{
    int header = 0;

    if (type == SPEED_PK_ECDH) {
        print_ecdh(r);
        return;
    }
    if (type == SPEED_PK_ECDSA || type == SPEED_PK_EDDSA) {
        print_curve_sigs(r, type);
        return;
    }
    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        const char *name = speed_pk_name(type);
        if (pk->type != type || pk->failed || pk->skipped || (r->interrupted && !pk->done))
            continue;
        if (!header && !r->mr)
            printf("%18ssign    verify    sign/s verify/s\n", " ");
        header = 1;
        if (r->mr)
            speed_mr_write(stdout, type == SPEED_PK_RSA ? MR_F2 : MR_F3, pk->index, pk->bits,
                           pk->results[0], pk->results[1]);
        else
            printf("%s %4u bits %8.6fs %8.6fs %8.1f %8.1f\n", name, pk->bits,
                   1.0 / pk->results[0], 1.0 / pk->results[1], pk->results[0],
                   pk->results[1]);
    }
}

/* print_ffdh prints the FFDH rows as OpenSSL 3.0 does: a header, then
 * "2048 bits ffdh   0.0003s   3893.0" per group, or "+F8:" records. */
static void print_ffdh(const speed_run *r)
{
    int header = 0;

    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (pk->type != SPEED_PK_FFDH || pk->failed || pk->skipped ||
            (r->interrupted && !pk->done))
            continue;
        if (!header && !r->mr)
            printf("%23sop     op/s\n", " ");
        header = 1;
        if (r->mr)
            speed_mr_write(stdout, MR_F8, (unsigned)pk->index, pk->bits, pk->results[0],
                           1.0 / pk->results[0]);
        else
            printf("%4u bits ffdh %8.4fs %8.1f\n", pk->bits, 1.0 / pk->results[0],
                   pk->results[0]);
    }
}

/* print_table prints the digest and cipher rows, if any were chosen. */
static void print_table(const speed_run *r)
{
    int n_done = 0;

    for (int i = 0; i < r->n_rows; i++)
        n_done += r->rows[i].done;
    if (r->n_rows == 0 || (r->interrupted && n_done == 0))
        return;
    if (r->mr) {
        speed_mr_write(stdout, MR_H, r->n_sizes, r->sizes);
    } else {
        printf("The 'numbers' are in 1000s of bytes per second processed.\ntype        ");
        for (int s = 0; s < r->n_sizes; s++)
            printf("%7d bytes", r->sizes[s]);
        printf("\n");
    }
    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (row->failed || (r->interrupted && !row->done))
            continue;
        if (r->mr) {
            speed_mr_write(stdout, MR_F, row->index, row->label, r->n_sizes, row->results);
            continue;
        }
        printf("%-13s", row->label);
        for (int s = 0; s < r->n_sizes; s++) {
            if (row->results[s] > 10000)
                printf(" %11.2fk", row->results[s] / 1e3);
            else
                printf(" %11.2f ", row->results[s]);
        }
        printf("\n");
    }
}

int speed_any_done(const speed_run *r)
{
    for (int i = 0; i < r->n_rows; i++)
        if (r->rows[i].done && !r->rows[i].failed)
            return 1;
    for (int i = 0; i < r->n_pk; i++)
        if (r->pk[i].done && !r->pk[i].failed && !r->pk[i].skipped)
            return 1;
    return 0;
}

/* ---- What -cycles, -stats and -slope add after the usual output ---- */

/* shown says whether the table shows a row. */
static int shown(const speed_run *r, const speed_row *row)
{
    return !row->failed && !(r->interrupted && !row->done);
}

static int pk_shown(const speed_run *r, const pk_row *pk)
{
    return !pk->failed && !pk->skipped && !(r->interrupted && !pk->done);
}

static double median_cycles(const speed_samples *c)
{
    return speed_median(c->cycles, c->n);
}

/* print_cycles prints the cycles per byte of each cell under the usual
 * table's header, and the cycles per operation of the public-key rows. */
static void print_cycles(const speed_run *r)
{
    int header = 0;

    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (!shown(r, row))
            continue;
        if (!header) {
            printf("\nThe 'numbers' are cycles per byte processed (medians).\ntype        ");
            for (int s = 0; s < r->n_sizes; s++)
                printf("%7d bytes", r->sizes[s]);
            printf("\n");
            header = 1;
        }
        printf("%-13s", row->label);
        for (int s = 0; s < r->n_sizes; s++)
            printf(" %11.2f ", median_cycles(&row->samples[s]));
        printf("\n");
    }
    header = 0;
    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (!pk_shown(r, pk))
            continue;
        if (!header)
            printf("\nCycles per operation (medians):\n%18s     sign   verify\n", " ");
        header = 1;
        printf("%s %4u bits %12.0f", speed_pk_name(pk->type), pk->bits,
               median_cycles(&pk->samples[0]));
        if (speed_pk_ops(pk->type) > 1)
            printf(" %12.0f", median_cycles(&pk->samples[1]));
        printf("\n");
    }
}

/* stats_line prints one cell's line of -stats: its min, median and max
 * (in 1000s when bytes, as the table), and the spread, marked past 5%;
 * returns 1 when marked. */
static int stats_line(const char *label, const char *what, const speed_samples *c, int kilo)
{
    double lo, hi, med = speed_median(c->v, c->n);
    double div = kilo ? 1e3 : 1;
    double spread = speed_spread(c, &lo, &hi);
    int marked = spread > SPEED_NOISY_SPREAD;
    printf("%-18s %-6s %13.2f%s %13.2f%s %13.2f%s %6.1f%%%s\n", label, what, lo / div,
           kilo ? "k" : " ", med / div, kilo ? "k" : " ", hi / div, kilo ? "k" : " ",
           100 * spread, marked ? " *" : "");
    return marked;
}

/* print_stats prints -stats: a line per row and size (per key size and
 * operation), then a footnote if a spread went past 5%. */
static void print_stats(const speed_run *r)
{
    int marked = 0, any = 0;
    char what[16], label[32];

    for (int i = 0; i < r->n_rows; i++)
        any |= shown(r, &r->rows[i]);
    for (int i = 0; i < r->n_pk; i++)
        any |= pk_shown(r, &r->pk[i]);
    if (!any)
        return;
    printf("\nSpread of %d sample%s per cell (bytes: 1000s of bytes per second; public key:"
           " operations per second):\n", r->repeat, r->repeat == 1 ? "" : "s");
    printf("%-18s %-6s %14s %14s %14s %7s\n", "type", "size", "min", "median", "max",
           "spread");
    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (!shown(r, row))
            continue;
        for (int s = 0; s < r->n_sizes; s++) {
            snprintf(what, sizeof(what), "%d", r->sizes[s]);
            marked |= stats_line(row->label, what, &row->samples[s], 1);
        }
    }
    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (!pk_shown(r, pk))
            continue;
        snprintf(label, sizeof(label), "%s %u bits", speed_pk_name(pk->type), pk->bits);
        if (speed_pk_ops(pk->type) == 1) {
            marked |= stats_line(label, "derive", &pk->samples[0], 0);
            continue;
        }
        marked |= stats_line(label, "sign", &pk->samples[0], 0);
        marked |= stats_line(label, "verify", &pk->samples[1], 0);
    }
    printf("spread = (max - min) / median.\n");
    if (marked)
        printf("* spread above %.0f%%: the median is not to be trusted to better than that;"
               " take more samples (-repeat) or run on a quieter machine.\n",
               100 * SPEED_NOISY_SPREAD);
}

/* print_slope prints -slope's fit per row: the cost of a call and of a
 * byte, in nanoseconds and, with -cycles, in cycles. */
static void print_slope(const speed_run *r)
{
    int header = 0, cyc = r->clk.source != NULL;

    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (!shown(r, row) || !row->slope_done)
            continue;
        if (!header) {
            printf("\nSlope over %d lengths, %d to %d bytes (time of a call = per call +"
                   " length x per byte):\n", SLOPE_POINTS, speed_slope_len(0),
                   speed_slope_len(SLOPE_POINTS - 1));
            printf("%-18s %12s %12s%s\n", "type", "ns/call", "ns/byte",
                   cyc ? "       c/call       c/byte" : "");
            header = 1;
        }
        printf("%-18s %12.2f %12.4f", row->label, row->slope_ns_per_call,
               row->slope_ns_per_byte);
        if (cyc)
            printf(" %12.1f %12.4f", row->slope_cycles_per_call, row->slope_cycles_per_byte);
        printf("\n");
    }
}

void speed_print_results(const speed_run *r)
{
    if (r->interrupted && !speed_any_done(r))
        return;
    if (!r->mr)
        print_banner(r);
    print_table(r);
    print_pk(r, SPEED_PK_RSA);
    print_pk(r, SPEED_PK_DSA);
    print_pk(r, SPEED_PK_ECDSA);
    print_pk(r, SPEED_PK_ECDH);
    print_pk(r, SPEED_PK_EDDSA);
    print_ffdh(r);
    if (r->mr)
        return;
    if (r->clk.source != NULL)
        print_cycles(r);
    if (r->stats)
        print_stats(r);
    if (r->slope)
        print_slope(r);
    if (r->compare_version != NULL)
        speed_print_compare(r);
}

/* ---- -compare openssl: the comparison table ---- */

/* print_kbytes prints one figure as the table does, "n/a" for none. */
static void print_kbytes(double x, int have)
{
    if (!have)
        printf(" %11s ", "n/a");
    else if (x > 10000)
        printf(" %11.2fk", x / 1e3);
    else
        printf(" %11.2f ", x);
}

static void print_ratio(double a, double b, int have, int width)
{
    if (!have || b <= 0)
        printf(" %*s ", width, "n/a");
    else
        printf(" %*.2f ", width, a / b);
}

static void print_compare_rows(const speed_run *r)
{
    int header = 0;

    for (int i = 0; i < r->n_rows; i++) {
        const speed_row *row = &r->rows[i];
        if (row->failed || (r->interrupted && !row->done))
            continue;
        if (!header) {
            printf("%-18s %-8s", "type", "library");
            for (int s = 0; s < r->n_sizes; s++)
                printf("%7d bytes", r->sizes[s]);
            printf("\n");
            header = 1;
        }
        printf("%-18s %-8s", row->label, "brisk");
        for (int s = 0; s < r->n_sizes; s++)
            print_kbytes(row->results[s], 1);
        printf("\n%-18s %-8s", "", "openssl");
        for (int s = 0; s < r->n_sizes; s++)
            print_kbytes(speed_median(row->ossl[s].v, row->ossl[s].n),
                         !row->ossl_na && row->ossl[s].n > 0);
        printf("\n%-18s %-8s", "", "ratio");
        for (int s = 0; s < r->n_sizes; s++)
            print_ratio(row->results[s], speed_median(row->ossl[s].v, row->ossl[s].n),
                        !row->ossl_na && row->ossl[s].n > 0, 11);
        printf("\n");
    }
}

static void print_compare_pk(const speed_run *r)
{
    int header = 0;

    for (int i = 0; i < r->n_pk; i++) {
        const pk_row *pk = &r->pk[i];
        if (pk->failed || pk->skipped || (r->interrupted && !pk->done))
            continue;
        int n_ops = speed_pk_ops(pk->type);
        char label[32];
        if (header != n_ops) {   /* a header per kind of row: ECDH and FFDH have op/s only */
            if (n_ops == 1)
                printf("%-15s %-8s %10s\n", "", "library", "op/s");
            else
                printf("%-15s %-8s %10s %10s\n", "", "library", "sign/s", "verify/s");
        }
        header = n_ops;
        /* "ecdsa  256 bits": the longest names (ecdsa, eddsa) set the width */
        snprintf(label, sizeof(label), "%-5s %4u bits", speed_pk_name(pk->type), pk->bits);
        if (n_ops == 1)   /* ECDH and FFDH: derive/s in the first column */
            printf("%-15s %-8s %10.1f\n", label, "brisk", pk->results[0]);
        else
            printf("%-15s %-8s %10.1f %10.1f\n", label, "brisk", pk->results[0],
                   pk->results[1]);
        printf("%-15s %-8s", "", "openssl");
        for (int op = 0; op < n_ops; op++) {
            if (pk->ossl_na || pk->ossl[op].n == 0)
                printf(" %10s", "n/a");
            else
                printf(" %10.1f", speed_median(pk->ossl[op].v, pk->ossl[op].n));
        }
        printf("\n%-15s %-8s", "", "ratio");
        for (int op = 0; op < n_ops; op++)
            print_ratio(pk->results[op], speed_median(pk->ossl[op].v, pk->ossl[op].n),
                        !pk->ossl_na && pk->ossl[op].n > 0, 9);
        printf("\n");
    }
}

void speed_print_compare(const speed_run *r)
{
    printf("\nbrisk against %s, sample for sample in this process; ratio is\n"
           "brisk / openssl (above 1: brisk is faster); n/a: not in libcrypto.\n",
           r->compare_version);
    if (r->n_rows > 0)
        printf("The 'numbers' are in 1000s of bytes per second processed.\n");
    print_compare_rows(r);
    print_compare_pk(r);
}

