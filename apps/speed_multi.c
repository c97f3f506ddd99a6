/*
 * apps/speed_multi.c - `brisk speed -multi N`, as OpenSSL 3.0's do_multi:
 * N forked workers each time everything and write -mr records into a
 * pipe; the parent echoes each record ("Got: ... from N") and sums the
 * workers' figures, read through the record table of apps/speed_out.c.
 *
 * With -repeat, the workers also send each sample (+S, +SP: brisk's own
 * records, not echoed): the workers take their k-th samples of a cell in
 * the same pass, so the parent's k-th sample is their sum, the whole
 * machine's rate in that pass, and its figure (and -stats') the median of
 * those sums.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "speed.h"

/* add_child_pk adds the figures of an RSA, DSA, ECDSA, ECDH, EdDSA or FFDH
 * record (MR_F2, MR_F3, MR_F4, MR_F5, MR_F6, MR_F8: F5's and F8's second
 * figure is seconds per operation, not summed). */
static int add_child_pk(speed_run *r, int type, const mr_line *m)
{
    int at = type == SPEED_PK_EDDSA ? 3 : 2;   /* +F6 names the curve first */

    for (int i = 0; i < r->n_pk; i++) {
        pk_row *pk = &r->pk[i];
        if (pk->type == type && pk->index == m->v[0].n && pk->bits == m->v[1].n) {
            pk->results[0] += m->v[at].x;
            if (speed_pk_ops(type) > 1)
                pk->results[1] += m->v[at + 1].x;
            pk->done++;
            return 0;
        }
    }
    return -1;
}

/* add_child_row adds the figures of a digest or cipher record (MR_F). */
static int add_child_row(speed_run *r, const mr_line *m)
{
    for (int i = 0; i < r->n_rows; i++) {
        speed_row *row = &r->rows[i];
        if (row->index != m->v[0].n || strcmp(row->label, m->v[1].s) != 0 || row->failed)
            continue;
        for (int s = 0; s < r->n_sizes && s < m->n_list; s++)
            row->results[s] += m->list[s];
        row->done++;
        return 0;
    }
    return -1;
}

/* add_child_sample adds a worker's sample (MR_S, MR_SP) to the parent's
 * sample of the same pass. */
static int add_child_sample(speed_run *r, int kind, const mr_line *m)
{
    speed_samples *c = NULL;
    int *k = NULL;

    for (int i = 0; kind == MR_S && i < r->n_rows; i++) {
        speed_row *row = &r->rows[i];
        int s = (int)m->v[2].n;
        if (row->index == m->v[0].n && strcmp(row->label, m->v[1].s) == 0 && s >= 0 &&
            s < r->n_sizes) {
            c = &row->samples[s];
            k = &row->worker_samples[s];
            break;
        }
    }
    for (int i = 0; kind == MR_SP && i < r->n_pk; i++) {
        pk_row *pk = &r->pk[i];
        int op = (int)m->v[3].n;
        if (pk->type == m->v[0].n && pk->index == m->v[1].n && pk->bits == m->v[2].n &&
            (op == 0 || op == 1)) {
            c = &pk->samples[op];
            k = &pk->worker_samples[op];
            break;
        }
    }
    if (c == NULL || *k >= MAX_REPEAT)
        return -1;
    if (*k >= c->n)
        speed_add_sample(c, 0, 0);
    c->v[(*k)++] += m->v[kind == MR_S ? 3 : 4].x;
    return 0;
}

/* add_child adds the figures of one record, if it carries any; returns 0,
 * or -1 for a malformed record or one of a row the parent does not have. */
static int add_child(speed_run *r, char *line)
{
    int kind = speed_mr_kind(line);
    mr_line m;

    if (kind != MR_F && kind != MR_F2 && kind != MR_F3 && kind != MR_F4 && kind != MR_F5 &&
        kind != MR_F6 && kind != MR_F8 && kind != MR_S && kind != MR_SP)
        return 0;
    if (speed_mr_read(line, kind, &m) != 0)
        return -1;
    if (kind == MR_S || kind == MR_SP)
        return add_child_sample(r, kind, &m);
    if (kind == MR_F)
        return add_child_row(r, &m);
    return add_child_pk(r, kind == MR_F2   ? SPEED_PK_RSA
                           : kind == MR_F3 ? SPEED_PK_DSA
                           : kind == MR_F4 ? SPEED_PK_ECDSA
                           : kind == MR_F5 ? SPEED_PK_ECDH
                           : kind == MR_F6 ? SPEED_PK_EDDSA
                                           : SPEED_PK_FFDH, &m);
}

/* read_child parses one worker's -mr output; returns 0 or -1. */
static int read_child(speed_run *r, int fd, int n)
{
    FILE *f = fdopen(fd, "r");
    FILE *log = r->mr || run_doc_json_stdout(&r->doc) ? stderr : stdout; /* keep stdout pure */
    char line[4096];
    int ret = 0;

    if (f == NULL) {
        close(fd);
        return -1;
    }
    /* This worker's samples count from 0 again. */
    for (int i = 0; i < r->n_rows; i++)
        memset(r->rows[i].worker_samples, 0, sizeof(r->rows[i].worker_samples));
    for (int i = 0; i < r->n_pk; i++)
        memset(r->pk[i].worker_samples, 0, sizeof(r->pk[i].worker_samples));
    while (fgets(line, sizeof(line), f) != NULL) {
        int kind;
        line[strcspn(line, "\n")] = '\0';
        if (line[0] != '+') {
            fprintf(stderr, "Don't understand line '%s' from child %d\n", line, n);
            continue;
        }
        kind = speed_mr_kind(line);
        if (kind != MR_S && kind != MR_SP)
            fprintf(log, "Got: %s from %d\n", line, n);
        char copy[sizeof(line)];
        memcpy(copy, line, sizeof(line));
        if (add_child(r, copy) != 0) {
            fprintf(stderr, "Unknown type '%s' from child %d\n", line, n);
            ret = -1;
        }
    }
    fclose(f);
    return ret;
}

int speed_do_multi(speed_run *r, int *status)
{
    int fds[MAX_MULTI];
    int n_forked = 0, ret = 0;
    FILE *log = r->mr || run_doc_json_stdout(&r->doc) ? stderr : stdout;

    for (int n = 0; n < r->multi; n++) {
        int fd[2];
        pid_t pid;

        if (pipe(fd) != 0) {
            app_error("speed", "cannot create a pipe: %s", strerror(errno));
            ret = 1;
            break;
        }
        fflush(stdout);
        fflush(stderr);
        pid = fork();
        if (pid == 0) {
            speed_forget_children();
            for (int k = 0; k < n_forked; k++)
                close(fds[k]);
            close(fd[0]);
            if (dup2(fd[1], STDOUT_FILENO) < 0)
                _exit(1);
            close(fd[1]);
            r->mr = 1;
            r->worker = r->repeat > 1 || r->stats;
            r->usertime = 0;
            return 0;
        }
        close(fd[1]);
        if (pid < 0) {
            app_error("speed", "cannot fork: %s", strerror(errno));
            close(fd[0]);
            ret = 1;
            break;
        }
        fds[n_forked++] = fd[0];
        speed_watch_child(pid);
        fprintf(log, "Forked child %d\n", n);
    }
    for (int n = 0; n < n_forked; n++)
        if (read_child(r, fds[n], n) != 0)
            ret = 1;
    for (int n = 0; n < n_forked; n++) {
        int st;
        while (wait(&st) < 0 && errno == EINTR)
            ;
        /* A worker SIGINT ended has printed the rows it finished. */
        if (speed_interrupted() && WIFSIGNALED(st) && WTERMSIG(st) == SIGINT)
            continue;
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            ret = 1;
    }
    /* With samples, a figure is the median of the machine's passes. */
    for (int i = 0; i < r->n_rows; i++)
        for (int s = 0; s < r->n_sizes; s++)
            if (r->rows[i].samples[s].n > 0)
                r->rows[i].results[s] =
                    speed_median(r->rows[i].samples[s].v, r->rows[i].samples[s].n);
    for (int i = 0; i < r->n_pk; i++)
        for (int op = 0; op < 2; op++)
            if (r->pk[i].samples[op].n > 0)
                r->pk[i].results[op] = speed_median(r->pk[i].samples[op].v, r->pk[i].samples[op].n);
    /* After SIGINT, a row counts as done when every worker timed it. */
    for (int i = 0; i < r->n_rows; i++)
        r->rows[i].done = r->rows[i].done == n_forked;
    for (int i = 0; i < r->n_pk; i++)
        r->pk[i].done = r->pk[i].done == n_forked;
    *status = ret;
    return 1;
}
