/*
 * tests/fuzz_apps.h - what the libFuzzer targets of the brisk command's
 * parsers (fuzz_keyio, fuzz_enc, fuzz_opts) share: a failure that names the
 * broken property, and files for the apps' path-taking entry points.
 *
 * The apps report every rejected input with a line on stderr, which would
 * bury libFuzzer's output; scripts/fuzz runs these targets with
 * -close_fd_mask=3, which keeps libFuzzer's and the sanitizers' reports.
 * fuzz_fail writes to a copy of stderr taken before that, so its line
 * shows too.
 */
#ifndef BRISK_FUZZ_APPS_H
#define BRISK_FUZZ_APPS_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *fuzz_target = "fuzz";
static int fuzz_report_fd = STDERR_FILENO;

/* fuzz_setup records the target's name and a copy of stderr; call it from
 * LLVMFuzzerInitialize, which libFuzzer runs before it closes stderr. */
static inline void fuzz_setup(const char *name)
{
    int fd = dup(STDERR_FILENO);

    fuzz_target = name;
    if (fd >= 0)
        fuzz_report_fd = fd;
}

/* fuzz_fail reports a broken property and stops: libFuzzer saves the input. */
static inline void fuzz_fail(const char *what)
{
    dprintf(fuzz_report_fd, "%s: %s\n", fuzz_target, what);
    abort();
}

/* fuzz_temp_path makes an empty file for this process and returns its
 * malloc'd name (in TMPDIR or /tmp); it is removed at exit. */
static char *fuzz_temp_paths[4];
static size_t fuzz_temp_count;

static inline void fuzz_remove_temps(void)
{
    for (size_t i = 0; i < fuzz_temp_count; i++)
        unlink(fuzz_temp_paths[i]);
}

static inline char *fuzz_temp_path(void)
{
    const char *dir = getenv("TMPDIR");
    size_t len;
    char *path;
    int fd;

    if (dir == NULL || dir[0] == '\0')
        dir = "/tmp";
    len = strlen(dir) + sizeof("/brisk-fuzz-XXXXXX");
    path = malloc(len);
    if (path == NULL || fuzz_temp_count == sizeof(fuzz_temp_paths) / sizeof(fuzz_temp_paths[0]))
        fuzz_fail("cannot make a temporary file");
    snprintf(path, len, "%s/brisk-fuzz-XXXXXX", dir);
    fd = mkstemp(path);
    if (fd < 0)
        fuzz_fail("cannot make a temporary file");
    close(fd);
    if (fuzz_temp_count == 0)
        atexit(fuzz_remove_temps);
    fuzz_temp_paths[fuzz_temp_count++] = path;
    return path;
}

/* fuzz_write_file replaces the contents of path with len bytes. */
static inline void fuzz_write_file(const char *path, const void *p, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const uint8_t *b = p;

    if (fd < 0)
        fuzz_fail("cannot open the temporary file");
    while (len > 0) {
        ssize_t n = write(fd, b, len);
        if (n <= 0)
            fuzz_fail("cannot write the temporary file");
        b += n;
        len -= (size_t)n;
    }
    close(fd);
}

#endif
