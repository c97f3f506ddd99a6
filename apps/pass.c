/*
 * apps/pass.c - passwords for every subcommand, as openssl's -pass, -passin
 * and -passout take them: pass:X, env:VAR, file:PATH (its first line), fd:N
 * (a line read from descriptor N) and stdin (a line of standard input); and
 * without a source, a prompt on the controlling terminal (/dev/tty) with
 * echo off, echo restored on every way out (also SIGINT, SIGTERM, SIGHUP
 * and SIGQUIT: restored, then the signal goes on as it would have).
 *
 * Lines are read a byte at a time so that nothing after the password is
 * taken from a shared descriptor (stdin also carries enc's input).  As in
 * openssl, naming the same file: twice in one run (-passin and -passout)
 * reads its first line, then its second.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <brisk/common.h>

#include "apps.h"

/* The file: source read last, kept open for a second read of the same
 * source (its next line). */
static int last_fd = -1;
static char last_src[PATH_MAX + 8];

/* read_byte reads one byte; 1, 0 at the end, -1 with errno. */
static ssize_t read_byte(int fd, char *c)
{
    ssize_t n;

    do
        n = read(fd, c, 1);
    while (n < 0 && errno == EINTR);
    return n;
}

/* read_line reads one line of fd without its '\n' into buf (APP_PASS_MAX + 1
 * bytes).  Returns 0; -1 when nothing at all could be read (errno set on a
 * read error, 0 at the end); -2 when the line is longer than APP_PASS_MAX. */
static int read_line(int fd, char *buf)
{
    size_t len = 0;
    ssize_t n;
    int too_long = 0;
    char c;

    errno = 0;
    /* A line too long ends the reading: the rest of it could be endless
     * (file:/dev/zero). */
    while ((n = read_byte(fd, &c)) == 1 && c != '\n') {
        if (len == APP_PASS_MAX) {
            too_long = 1;
            break;
        }
        buf[len++] = c;
    }
    buf[len] = '\0';
    brisk_wipe(&c, sizeof(c));
    if (too_long) {
        brisk_wipe(buf, APP_PASS_MAX + 1);
        return -2;
    }
    if (len == 0 && n != 1)
        return -1;
    return 0;
}

/* copy_pass copies the string s into buf; -1 after reporting one too long. */
static int copy_pass(const char *prog, const char *opt, const char *what_src, const char *s,
                     char *buf)
{
    size_t len = strlen(s);

    if (len > APP_PASS_MAX) {
        app_error(prog, "password of %s (%s) longer than %d bytes", opt, what_src,
                  APP_PASS_MAX);
        return -1;
    }
    memcpy(buf, s, len + 1);
    return 0;
}

/* line_error reports read_line's failure r on source src. */
static int line_error(const char *prog, const char *opt, const char *src, int r)
{
    if (r == -2)
        app_error(prog, "cannot read a password from %s (%s): line longer than %d bytes", src,
                  opt, APP_PASS_MAX);
    else
        app_error(prog, "cannot read a password from %s (%s): %s", src, opt,
                  errno != 0 ? strerror(errno) : "nothing to read");
    return -1;
}

/* from_file reads the next line of file:PATH (the first, or the one after
 * the line read last from the same source). */
static int from_file(const char *prog, const char *opt, const char *src, char *buf)
{
    int r;

    if (last_fd < 0 || strcmp(src, last_src) != 0) {
        int fd = open(src + 5, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            app_error(prog, "cannot read a password from %s (%s): %s", src, opt,
                      strerror(errno));
            return -1;
        }
        out_keep_input(fd);
        if (last_fd >= 0)
            close(last_fd);
        last_fd = fd;
        last_src[0] = '\0';
        if (strlen(src) < sizeof(last_src))
            memcpy(last_src, src, strlen(src) + 1);
    }
    r = read_line(last_fd, buf);
    if (r != 0)
        return line_error(prog, opt, src, r);
    return 0;
}

/* ---- The terminal ---- */

static volatile sig_atomic_t tty_fd = -1;
static struct termios tty_saved;
static const int tty_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define NSIG_TTY (sizeof(tty_signals) / sizeof(tty_signals[0]))
static struct sigaction tty_old[NSIG_TTY];

/* on_signal puts the terminal back as it was, then lets the signal do what
 * it would have done (it is delivered again once this handler returns). */
static void on_signal(int sig)
{
    int saved_errno = errno;

    if (tty_fd >= 0) {
        tcsetattr(tty_fd, TCSAFLUSH, &tty_saved);
        (void)!write(tty_fd, "\n", 1);
    }
    for (size_t i = 0; i < NSIG_TTY; i++)
        if (tty_signals[i] == sig)
            sigaction(sig, &tty_old[i], NULL);
    raise(sig);
    errno = saved_errno;
}

static void put_str(int fd, const char *s)
{
    size_t len = strlen(s);

    while (len > 0) {
        ssize_t n = write(fd, s, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        s += n;
        len -= (size_t)n;
    }
}

/* ask writes prompt (after "Verifying - " with verifying set) to the
 * terminal fd and reads a line with echo off into buf; returns as
 * read_line. */
static int ask(int fd, const char *prompt, int verifying, char *buf)
{
    struct termios t;
    struct sigaction sa;
    int r, echo_off;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NSIG_TTY; i++)
        sigaction(tty_signals[i], &sa, &tty_old[i]);
    echo_off = tcgetattr(fd, &tty_saved) == 0;
    if (echo_off) {
        t = tty_saved;
        t.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK);
        t.c_lflag |= ICANON;
        tty_fd = fd;
        echo_off = tcsetattr(fd, TCSAFLUSH, &t) == 0;
    }
    if (verifying)
        put_str(fd, "Verifying - ");
    put_str(fd, prompt);
    r = read_line(fd, buf);
    if (echo_off)
        tcsetattr(fd, TCSAFLUSH, &tty_saved);
    tty_fd = -1;
    for (size_t i = 0; i < NSIG_TTY; i++)
        sigaction(tty_signals[i], &tty_old[i], NULL);
    put_str(fd, "\n");
    return r;
}

/* prompt_tty asks on the controlling terminal; see apps.h. */
static int prompt_tty(const char *prog, const char *opt, const char *what, int verify,
                      char *buf)
{
    static char again[APP_PASS_MAX + 1];
    char text[512];
    size_t wl = what != NULL ? strlen(what) : 0;
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC), r, ret = -1;

    if (fd < 0 || !isatty(fd)) {
        if (fd >= 0)
            close(fd);
        app_error(prog, "no password given; use %s", opt);
        return -1;
    }
    if (what == NULL)
        snprintf(text, sizeof(text), "Enter PEM pass phrase:");
    else if (wl > 0 && what[wl - 1] == ':')
        snprintf(text, sizeof(text), "%s", what);
    else
        snprintf(text, sizeof(text), "Enter pass phrase for %s:", what);
    r = ask(fd, text, 0, buf);
    if (r != 0) {
        if (r == -2)
            app_error(prog, "password longer than %d bytes", APP_PASS_MAX);
        else
            app_error(prog, "no password read from the terminal");
        goto done;
    }
    if (verify) {
        r = ask(fd, text, 1, again);
        if (r != 0 || strcmp(buf, again) != 0) {
            app_error(prog, "verify failure: the passwords typed differ");
            brisk_wipe(buf, APP_PASS_MAX + 1);
            goto done;
        }
    }
    ret = 0;
done:
    brisk_wipe(again, sizeof(again));
    close(fd);
    return ret;
}

int app_password(const char *prog, const char *opt, const char *src, const char *what,
                 int verify, char *buf)
{
    long fdn;
    int r;

    buf[0] = '\0';
    if (src == NULL)
        return prompt_tty(prog, opt, what, verify, buf);
    if (strncmp(src, "pass:", 5) == 0)
        return copy_pass(prog, opt, "pass:", src + 5, buf);
    if (strncmp(src, "env:", 4) == 0) {
        const char *v = getenv(src + 4);
        if (v == NULL) {
            app_error(prog, "no environment variable %s (for %s)", src + 4, opt);
            return -1;
        }
        return copy_pass(prog, opt, src, v, buf);
    }
    if (strncmp(src, "file:", 5) == 0)
        return from_file(prog, opt, src, buf);
    if (strncmp(src, "fd:", 3) == 0) {
        if (parse_long(src + 3, &fdn) != 0 || fdn < 0 || fdn > INT_MAX) {
            app_error(prog, "invalid descriptor in %s '%s'", opt, src);
            return -1;
        }
        r = read_line((int)fdn, buf);
        return r == 0 ? 0 : line_error(prog, opt, src, r);
    }
    if (strcmp(src, "stdin") == 0) {
        r = read_line(STDIN_FILENO, buf);
        return r == 0 ? 0 : line_error(prog, opt, src, r);
    }
    app_error(prog, "invalid password source '%s' for %s: use pass:, env:, file:, fd: or stdin",
              src, opt);
    return -1;
}

void app_password_wipe(char *buf)
{
    if (buf != NULL)
        brisk_wipe(buf, APP_PASS_MAX + 1);
}
