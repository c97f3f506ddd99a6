/*
 * apps/dgst.c - `brisk dgst [-DIGEST] [-hmac KEY] [-r|-c|-hex|-binary]
 * [file...]`: digests or HMACs of files, or of stdin when none is given,
 * printed byte for byte as OpenSSL 3.0's `openssl dgst` prints them.
 *
 * OpenSSL 3.0's quirks are kept on purpose, since scripts compare the text:
 * an explicit digest is printed under its OpenSSL 3 name ("SHA2-256") but the
 * default one as "SHA256"; "HMAC-" is prefixed for files but not for stdin;
 * in -r (coreutils) form only newlines in the file name are escaped, and such
 * a line starts with a backslash.  Files are streamed in 64 KiB chunks.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <brisk/digest.h>
#include <brisk/mac.h>

#include "apps.h"

#define CHUNK (64 * 1024)

enum { OPT_LIST = 2, OPT_R, OPT_C, OPT_HEX, OPT_BINARY, OPT_HMAC };

static const app_option dgst_options[] = {
    {"help", OPT_HELP, ARG_NONE, 0, 0, NULL, "Display this summary"},
    {"list", OPT_LIST, ARG_NONE, 0, 0, NULL, "List digests"},
    {"c", OPT_C, ARG_NONE, 0, 0, NULL, "Print the digest with separating colons"},
    {"r", OPT_R, ARG_NONE, 0, 0, NULL, "Print the digest in coreutils format"},
    {"hex", OPT_HEX, ARG_NONE, 0, 0, NULL, "Print as hex dump (the default)"},
    {"binary", OPT_BINARY, ARG_NONE, 0, 0, NULL, "Print in binary form"},
    {"hmac", OPT_HMAC, ARG_STRING, 0, 0, "KEY", "Create hashed MAC with key"},
    {NULL, 0, ARG_NONE, 0, 0, NULL, NULL},
};

typedef enum { FMT_HEX, FMT_COLONS, FMT_COREUTILS, FMT_BINARY } dgst_format;

typedef struct dgst_job {
    const brisk_digest *md;
    const char *label;     /* name printed before "(file)= " */
    const char *hmac_key;  /* NULL for a plain digest */
    dgst_format format;
    uint8_t *buf;          /* CHUNK bytes of read buffer */
} dgst_job;

/* digest_fd reads fd to its end into out; returns 0 or an errno value. */
static int digest_fd(const dgst_job *job, int fd, uint8_t *out)
{
    brisk_digest_ctx dctx;
    brisk_hmac_ctx hctx;
    int err = 0;

    if (job->hmac_key != NULL)
        brisk_hmac_init(&hctx, job->md, job->hmac_key, strlen(job->hmac_key));
    else
        brisk_digest_init(&dctx, job->md);
    for (;;) {
        ssize_t n = read(fd, job->buf, CHUNK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            err = errno;
        if (n <= 0)
            break;
        if (job->hmac_key != NULL)
            brisk_hmac_update(&hctx, job->buf, (size_t)n);
        else
            brisk_digest_update(&dctx, job->buf, (size_t)n);
    }
    if (job->hmac_key != NULL) {
        if (err == 0)
            brisk_hmac_final(&hctx, out);
        brisk_hmac_cleanup(&hctx);
    } else if (err == 0) {
        brisk_digest_final(&dctx, out);
    } else {
        brisk_wipe(&dctx, sizeof(dctx));
    }
    return err;
}

static void print_coreutils_name(const char *name)
{
    for (const char *p = name; *p != '\0'; p++) {
        if (*p == '\n')
            fputs("\\n", stdout);
        else
            putchar(*p);
    }
}

static void print_digest(const dgst_job *job, const char *name, int is_stdin,
                         const uint8_t *out)
{
    size_t len = job->md->digest_len;

    switch (job->format) {
    case FMT_BINARY:
        fwrite(out, 1, len, stdout);
        return;
    case FMT_COREUTILS:
        if (strchr(name, '\n') != NULL)
            putchar('\\');
        print_hex(stdout, out, len, 0);
        fputs(" *", stdout);
        print_coreutils_name(name);
        putchar('\n');
        return;
    default:
        printf("%s%s(%s)= ", job->hmac_key != NULL && !is_stdin ? "HMAC-" : "",
               job->label, name);
        print_hex(stdout, out, len, job->format == FMT_COLONS);
        putchar('\n');
        return;
    }
}

/* digest_file prints the digest of one file; returns 0 or 1 on error. */
static int digest_file(const dgst_job *job, const char *path)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    int fd = open(path, O_RDONLY);
    int err;

    if (fd < 0) {
        app_error("dgst", "cannot open '%s': %s", path, strerror(errno));
        return 1;
    }
    err = digest_fd(job, fd, out);
    close(fd);
    if (err != 0) {
        app_error("dgst", "cannot read '%s': %s", path, strerror(err));
        return 1;
    }
    print_digest(job, path, 0, out);
    return 0;
}

static int digest_stdin(const dgst_job *job)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    int err = digest_fd(job, STDIN_FILENO, out);

    if (err != 0) {
        app_error("dgst", "cannot read stdin: %s", strerror(err));
        return 1;
    }
    print_digest(job, "stdin", 1, out);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* is_lower_name tells the spellings openssl dgst -list shows: lower case. */
static int is_lower_name(const char *name)
{
    for (; *name != '\0'; name++)
        if (*name >= 'A' && *name <= 'Z')
            return 0;
    return 1;
}

/* list_digests prints the accepted names as openssl dgst -list does. */
static void list_digests(void)
{
    const char *names[256];
    size_t n = 0;
    const brisk_digest *md;

    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL && n < 255; i++) {
        names[n++] = md->name;
        for (const char *const *a = md->aliases; a != NULL && *a != NULL && n < 255; a++)
            if (is_lower_name(*a))
                names[n++] = *a;
    }
    qsort(names, n, sizeof(names[0]), cmp_names);
    printf("Supported digests:\n");
    for (size_t i = 0; i < n; i++)
        printf("-%-25s%s", names[i], (i % 3 == 2 || i + 1 == n) ? "\n" : " ");
}

static void usage(void)
{
    const brisk_digest *md;

    opts_usage(stdout, "dgst", "[options] [file...]", dgst_options);
    printf(" -%-18s %s\n\nDigests:", "DIGEST", "Use that digest (default sha256)");
    for (size_t i = 0; (md = brisk_digest_at(i)) != NULL; i++)
        printf(" %s", md->name);
    printf("\nWith no file, reads stdin.\n");
}

int dgst_main(int argc, char **argv)
{
    dgst_job job = {&brisk_digest_sha256, "SHA256", NULL, FMT_HEX, NULL};
    const brisk_digest *md;
    app_opts o;
    int id, ret = 0;

    opts_init(&o, "dgst", dgst_options, argc, argv);
    while ((id = opts_next(&o)) != OPT_END) {
        switch (id) {
        case OPT_HELP: usage(); return 0;
        case OPT_LIST: list_digests(); return 0;
        case OPT_C: job.format = FMT_COLONS; break;
        case OPT_R: job.format = FMT_COREUTILS; break;
        case OPT_HEX: job.format = FMT_HEX; break;
        case OPT_BINARY: job.format = FMT_BINARY; break;
        case OPT_HMAC: job.hmac_key = o.value; break;
        case OPT_UNKNOWN:
            md = brisk_digest_by_name(o.name + (o.name[1] == '-' ? 2 : 1));
            if (md == NULL) {
                app_error("dgst", "unknown option or digest '%s'", o.name);
                return 1;
            }
            job.md = md;
            job.label = md->long_name;
            break;
        default:
            return 1;
        }
    }
    job.buf = malloc(CHUNK);
    if (job.buf == NULL) {
        app_error("dgst", "out of memory");
        return 1;
    }
    if (o.ind >= argc)
        ret = digest_stdin(&job);
    for (int i = o.ind; i < argc; i++)
        ret |= digest_file(&job, argv[i]);
    free(job.buf);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        app_error("dgst", "cannot write the output: %s", strerror(errno));
        ret = 1;
    }
    return ret;
}
