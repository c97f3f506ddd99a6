/*
 * apps/io.c - where every subcommand's output goes, so that no output is
 * ever half-written.  A regular file is never written in place: the output
 * goes to a temporary file "TARGET.brisk-tmp-XXXXXX" beside it (visible, so
 * that what a `kill -9` leaves is easy to find), created with mode 0600, and
 * only once it is complete is it flushed to disk, given its final mode
 * (the replaced file's permission bits, 0666 & ~umask for a new file, 0600
 * for a private key whatever it replaces) and, where the process may set
 * them, the replaced file's owner and group, then renamed over TARGET and
 * the directory flushed.  On any failure, or a fatal signal, the temporary
 * file is removed and TARGET is left as it was.
 *
 * A symbolic link is resolved (realpath) and the file it names is replaced,
 * beside itself: the link stays a link.  A link to nothing is refused
 * rather than replaced by a file.  stdout, devices and FIFOs (/dev/null, a
 * pipe) and a path naming the file stdout already writes to (/dev/stdout)
 * cannot be renamed over and are written directly; so is "-", which means
 * stdout as in openssl.
 *
 * Also here, since apps and tests read and write the same encodings: the
 * one hex parser, hex output, and base64 as OpenSSL's BIO_f_base64.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apps.h"

#define TMP_SUFFIX ".brisk-tmp-XXXXXX"

/* The temporary file a signal must remove (one at a time). */
static volatile sig_atomic_t tmp_live;
static char *tmp_for_signal;

static void on_signal(int sig)
{
    if (tmp_live)
        unlink(tmp_for_signal);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* catch_signals removes the temporary file on the signals that end a
 * process by default, and turns a file size limit (ulimit -f) into a write
 * error that is reported and cleaned up like a full disk. */
static void catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
        sigaction(sigs[i], &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
}

/* write_error reports a failed write of o's output. */
static void write_error(const app_out *o, int err)
{
    if (o->target == NULL && o->fd == STDOUT_FILENO && o->saved_stdout < 0)
        app_error(o->prog, "cannot write stdout: %s", strerror(err));
    else
        app_error(o->prog, "cannot write '%s': %s", o->name, strerror(err));
}

/* dir_of returns the malloc'd directory part of path ("." for none). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* open_direct writes to a device, FIFO or stdout as it is. */
static int open_direct(app_out *o, const char *path)
{
    o->fd = open(path, O_WRONLY);
    if (o->fd < 0) {
        app_error(o->prog, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* is_stdout tells a regular file that stdout already writes to. */
static int is_stdout(const struct stat *st)
{
    struct stat so;

    return fstat(STDOUT_FILENO, &so) == 0 && S_ISREG(so.st_mode) && so.st_dev == st->st_dev &&
           so.st_ino == st->st_ino;
}

/* plan_replace records what replacing path means: the real file, and the
 * mode, owner and group the new one gets; -1 after reporting. */
static int plan_replace(app_out *o, const char *path)
{
    struct stat st, lst;
    mode_t mask;

    if (stat(path, &st) == 0) {
        /* Renaming over a file one may not write would bypass its mode. */
        if (access(path, W_OK) != 0) {
            app_error(o->prog, "cannot write '%s': %s", path, strerror(errno));
            return -1;
        }
        o->target = realpath(path, NULL);
        o->mode = st.st_mode & 0777;
        o->uid = st.st_uid;
        o->gid = st.st_gid;
        o->replace = 1;
    } else if (errno == ENOENT && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        app_error(o->prog, "'%s' is a symbolic link to a file that does not exist; "
                  "not replacing the link", path);
        return -1;
    } else if (errno == ENOENT) {
        o->target = strdup(path);
        mask = umask(0);
        umask(mask);
        o->mode = 0666 & ~mask;
    } else {
        app_error(o->prog, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    if (o->secret)
        o->mode = 0600;
    if (o->target == NULL) {
        app_error(o->prog, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* create_tmp makes the temporary file beside the target. */
static int create_tmp(app_out *o)
{
    size_t len = strlen(o->target) + sizeof(TMP_SUFFIX);
    char *dir;
    int err;

    o->tmp = malloc(len);
    if (o->tmp == NULL) {
        app_error(o->prog, "out of memory");
        return -1;
    }
    snprintf(o->tmp, len, "%s%s", o->target, TMP_SUFFIX);
    tmp_for_signal = o->tmp;
    catch_signals();
    o->fd = mkstemp(o->tmp);
    if (o->fd >= 0) {
        tmp_live = 1;
        /* The owner's alone while written, whatever mode it ends with
         * (mkstemp's 0600 is already less the umask, never more). */
        fchmod(o->fd, 0600);
        return 0;
    }
    err = errno;
    dir = dir_of(o->target);
    if (err == ENOENT && dir != NULL)
        app_error(o->prog, "cannot create '%s': the directory '%s' does not exist", o->name,
                  dir);
    else
        app_error(o->prog, "cannot create a temporary file beside '%s': %s", o->name,
                  strerror(err));
    free(dir);
    free(o->tmp);
    o->tmp = NULL;
    return -1;
}

/* The password files read so far (pass.c's file: sources), which no output
 * may replace: `enc -kfile pw -out pw` would leave data encrypted under a
 * password that is gone. */
static struct {
    dev_t dev;
    ino_t ino;
} kept_inputs[8];
static int n_kept_inputs;

void out_keep_input(int fd)
{
    struct stat st;

    if (n_kept_inputs < (int)(sizeof(kept_inputs) / sizeof(kept_inputs[0])) &&
        fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        kept_inputs[n_kept_inputs].dev = st.st_dev;
        kept_inputs[n_kept_inputs].ino = st.st_ino;
        n_kept_inputs++;
    }
}

/* replaces_kept_input refuses, with one error line, to replace o's target
 * when it is a password file read; 0 if it is not. */
static int replaces_kept_input(const app_out *o)
{
    struct stat st;

    if (o->target == NULL || stat(o->target, &st) != 0)
        return 0;
    for (int i = 0; i < n_kept_inputs; i++)
        if (kept_inputs[i].dev == st.st_dev && kept_inputs[i].ino == st.st_ino) {
            app_error(o->prog, "'%s' is the password file read; refusing to overwrite it",
                      o->name);
            return -1;
        }
    return 0;
}

int out_open(app_out *o, const char *prog, const char *path, int secret)
{
    struct stat st;

    memset(o, 0, sizeof(*o));
    o->prog = prog;
    o->secret = secret;
    o->fd = STDOUT_FILENO;
    o->saved_stdout = -1;
    o->name = "stdout";
    if (path == NULL || strcmp(path, "-") == 0) {
        fflush(stdout);  /* what stdio holds goes first */
        return 0;
    }
    o->name = path;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return open_direct(o, path);
    if (stat(path, &st) == 0 && is_stdout(&st))
        return 0;
    if (plan_replace(o, path) != 0 || replaces_kept_input(o) != 0 || create_tmp(o) != 0) {
        free(o->target);
        o->target = NULL;
        o->fd = -1;
        return -1;
    }
    return 0;
}

int out_write(app_out *o, const void *buf, size_t len)
{
    const uint8_t *p = buf;

    while (len > 0) {
        ssize_t n = write(o->fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            write_error(o, n < 0 ? errno : EIO);
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int out_stdout(app_out *o)
{
    if (o->fd == STDOUT_FILENO)
        return 0;
    fflush(stdout);
    o->saved_stdout = dup(STDOUT_FILENO);
    if (o->saved_stdout < 0 || dup2(o->fd, STDOUT_FILENO) < 0) {
        write_error(o, errno);
        return -1;
    }
    return 0;
}

/* end_stdout flushes stdio's stdout into o and points it back where it
 * was; -1 after reporting if the flush failed. */
static int end_stdout(app_out *o)
{
    int err = 0;

    if (o->saved_stdout < 0 && o->fd != STDOUT_FILENO)
        return 0;
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        err = errno != 0 ? errno : EIO;
        clearerr(stdout);
    }
    if (err != 0)
        write_error(o, err);
    if (o->saved_stdout >= 0) {
        dup2(o->saved_stdout, STDOUT_FILENO);
        close(o->saved_stdout);
        o->saved_stdout = -1;
    }
    return err != 0 ? -1 : 0;
}

/* keep_owner gives the new file the replaced one's owner and group: both
 * as root, else the group where the user belongs to it; a refusal (EPERM)
 * leaves the user's own, as any new file would have. */
static void keep_owner(app_out *o)
{
    struct stat st;

    if (!o->replace || fstat(o->fd, &st) != 0)
        return;
    if (st.st_uid == o->uid && st.st_gid == o->gid)
        return;
    if (fchown(o->fd, o->uid, o->gid) != 0 && st.st_gid != o->gid)
        (void)!fchown(o->fd, (uid_t)-1, o->gid);
}

/* sync_dir makes the rename durable (best effort: some file systems cannot
 * fsync a directory). */
static void sync_dir(const char *target)
{
    char *dir = dir_of(target);
    int fd = dir != NULL ? open(dir, O_RDONLY | O_DIRECTORY) : -1;

    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

static void out_free(app_out *o)
{
    free(o->target);
    free(o->tmp);
    o->target = o->tmp = NULL;
}

int out_commit(app_out *o)
{
    int fd = o->fd;

    if (end_stdout(o) != 0) {
        out_abort(o);
        return -1;
    }
    if (o->tmp == NULL) {
        o->fd = -1;
        if (fd > STDERR_FILENO && close(fd) != 0) {
            write_error(o, errno);
            return -1;
        }
        return 0;
    }
    if (replaces_kept_input(o) != 0) {   /* read after out_open */
        out_abort(o);
        return -1;
    }
    /* Owner before mode: chown may clear set-id bits. */
    keep_owner(o);
    if (fchmod(fd, o->mode) != 0 || fsync(fd) != 0) {
        write_error(o, errno);
        out_abort(o);
        return -1;
    }
    o->fd = -1;
    if (close(fd) != 0) {
        write_error(o, errno);
        out_abort(o);
        return -1;
    }
    if (rename(o->tmp, o->target) != 0) {
        app_error(o->prog, "cannot rename '%s' to '%s': %s", o->tmp, o->target,
                  strerror(errno));
        out_abort(o);
        return -1;
    }
    tmp_live = 0;
    sync_dir(o->target);
    out_free(o);
    return 0;
}

void out_abort(app_out *o)
{
    int err = errno;

    if (o->saved_stdout >= 0) {
        fflush(stdout);
        clearerr(stdout);
        dup2(o->saved_stdout, STDOUT_FILENO);
        close(o->saved_stdout);
        o->saved_stdout = -1;
    }
    if (o->fd > STDERR_FILENO)
        close(o->fd);
    o->fd = -1;
    if (o->tmp != NULL) {
        unlink(o->tmp);
        tmp_live = 0;
    }
    out_free(o);
    errno = err;
}

int out_try(const char *prog, const char *path)
{
    struct stat st;
    app_out o;

    if (path == NULL || strcmp(path, "-") == 0)
        return 0;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        app_error(prog, "cannot write '%s': %s", path, strerror(EISDIR));
        return -1;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return 0;
    if (out_open(&o, prog, path, 0) != 0)
        return -1;
    out_abort(&o);
    return 0;
}

int write_file(const char *prog, const char *path, const void *buf, size_t len, int secret)
{
    app_out o;

    if (out_open(&o, prog, path, secret) != 0)
        return -1;
    if (out_write(&o, buf, len) != 0) {
        out_abort(&o);
        return -1;
    }
    return out_commit(&o);
}

/* ---- Hex ---- */

int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

long hex_parse(uint8_t *out, size_t max, const char *hex, int lower_only)
{
    size_t len = hex != NULL ? strlen(hex) : 0;

    for (size_t i = 0; i < len; i++)
        if (hex_digit((unsigned char)hex[i]) < 0 ||
            (lower_only && hex[i] >= 'A' && hex[i] <= 'F'))
            return HEX_BAD;
    if (len % 2 != 0)
        return HEX_ODD;
    if (len / 2 > max)
        return HEX_LONG;
    for (size_t i = 0; i < len / 2; i++)
        out[i] = (uint8_t)(hex_digit((unsigned char)hex[2 * i]) << 4 |
                           hex_digit((unsigned char)hex[2 * i + 1]));
    return (long)(len / 2);
}

long hex_decode(uint8_t *out, size_t max, const char *hex)
{
    long n = hex_parse(out, max, hex, 1);

    return n < 0 ? -1 : n;
}

void hex_encode(char *out, const uint8_t *p, size_t len)
{
    static const char digits[] = "0123456789abcdef";

    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[p[i] >> 4];
        out[2 * i + 1] = digits[p[i] & 15];
    }
    out[2 * len] = '\0';
}

void print_hex(FILE *f, const uint8_t *p, size_t len, int colons)
{
    for (size_t i = 0; i < len; i++) {
        if (colons && i > 0)
            fputc(':', f);
        fprintf(f, "%02x", p[i]);
    }
}

/* ---- Base64 (RFC 4648 section 4), as OpenSSL's BIO_f_base64 ---- */

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t b64_encode(char *out, const uint8_t *in, size_t len)
{
    size_t o = 0;

    for (size_t i = 0; i < len; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < len)
            v |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < len)
            v |= in[i + 2];
        out[o++] = b64_alphabet[v >> 18];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        out[o++] = i + 1 < len ? b64_alphabet[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < len ? b64_alphabet[v & 63] : '=';
    }
    return o;
}

static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

/* b64_flush emits the bytes of a quantum of n (2 to 4) characters. */
static size_t b64_flush(b64_decoder *d, uint8_t *out)
{
    uint32_t v = d->acc << (6 * (4 - d->n));
    size_t len = d->n - 1;

    out[0] = (uint8_t)(v >> 16);
    if (len > 1)
        out[1] = (uint8_t)(v >> 8);
    if (len > 2)
        out[2] = (uint8_t)v;
    d->acc = 0;
    d->n = 0;
    return len;
}

int b64_decode(b64_decoder *d, uint8_t *out, size_t *out_len, const uint8_t *in, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = in[i];
        int v;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        if (c == '=') {
            if (d->done || d->n < 2)
                return -1;
            d->pad++;
            if (d->n + d->pad == 4) {
                *out_len += b64_flush(d, out + *out_len);
                d->done = 1;
            }
            continue;
        }
        v = b64_value(c);
        if (v < 0 || d->pad > 0)
            return -1;
        d->acc = d->acc << 6 | (uint32_t)v;
        if (++d->n == 4)
            *out_len += b64_flush(d, out + *out_len);
    }
    return 0;
}

int b64_finish(b64_decoder *d, uint8_t *out, size_t *out_len)
{
    if (d->n == 1 || (d->pad > 0 && !d->done))
        return -1;
    if (d->n > 1)
        *out_len += b64_flush(d, out + *out_len);
    return 0;
}
