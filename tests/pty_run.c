/*
 * tests/pty_run.c - run a command with a pseudo-terminal as its controlling
 * terminal, type lines at its prompts, and show what the terminal showed.
 *
 *   pty_run [-n] [-s] [-x SIG] [-l LINE]... -- COMMAND [ARG...]
 *
 * The command runs in a new session whose controlling terminal is a fresh
 * pty (so /dev/tty is that pty); its stdin, stdout and stderr stay as
 * given to pty_run, unless -s puts all three on the terminal.  Each -l LINE
 * is typed, with a newline, once the terminal shows a prompt (output ending
 * in ':' or ': ' since the last line typed); with -x SIG, once every line
 * is typed, the next prompt gets signal SIG instead.  -n runs the command
 * in a new session without any terminal.
 *
 * What the terminal showed goes to stdout; then one line on stderr,
 * "pty_run: echo on" or "pty_run: echo off" (the terminal's state once the
 * command has ended).  The exit status is the command's, or 128 + the
 * signal that ended it; 125 when pty_run itself fails, and 124 when no
 * prompt came within 20 seconds.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINES 16
#define TIMEOUT_MS 20000

static void die(const char *what)
{
    fprintf(stderr, "pty_run: %s: %s\n", what, strerror(errno));
    exit(125);
}

static void usage(void)
{
    fprintf(stderr, "usage: pty_run [-n] [-s] [-x SIG] [-l LINE]... -- COMMAND [ARG...]\n");
    exit(125);
}

/* The terminal's output since the last line typed, to spot a prompt. */
static char recent[4096];
static size_t recent_len;

static int at_prompt(void)
{
    size_t n = recent_len;

    if (n > 0 && recent[n - 1] == ' ')
        n--;
    return n > 0 && recent[n - 1] == ':';
}

/* drain copies what the master has to stdout and to recent; returns the
 * count read, 0 if nothing was ready. */
static ssize_t drain(int master)
{
    char buf[1024];
    ssize_t n = read(master, buf, sizeof(buf));

    if (n <= 0)
        return 0;
    fwrite(buf, 1, (size_t)n, stdout);
    for (ssize_t i = 0; i < n; i++) {
        if (recent_len == sizeof(recent))
            recent_len = 0;
        recent[recent_len++] = buf[i];
    }
    return n;
}

static void run_child(int no_tty, int on_tty, const char *slave, char **argv)
{
    setsid();
    if (!no_tty) {
        int fd = open(slave, O_RDWR);
        if (fd < 0)
            die("open the pty");
        ioctl(fd, TIOCSCTTY, 0);
        if (on_tty) {
            dup2(fd, 0);
            dup2(fd, 1);
            dup2(fd, 2);
        }
        if (fd > 2)
            close(fd);
    }
    execvp(argv[0], argv);
    fprintf(stderr, "pty_run: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

int main(int argc, char **argv)
{
    const char *lines[MAX_LINES];
    int nlines = 0, next = 0, no_tty = 0, on_tty = 0, sig = 0, sent_sig = 0, status, opt;
    int master = -1, slave_fd = -1, waited = 0;
    const char *slave = NULL;
    struct termios t;
    pid_t pid;

    while ((opt = getopt(argc, argv, "nsx:l:")) != -1) {
        switch (opt) {
        case 'n': no_tty = 1; break;
        case 's': on_tty = 1; break;
        case 'x': sig = atoi(optarg); break;
        case 'l':
            if (nlines == MAX_LINES)
                usage();
            lines[nlines++] = optarg;
            break;
        default: usage();
        }
    }
    if (optind >= argc)
        usage();
    if (!no_tty) {
        master = posix_openpt(O_RDWR | O_NOCTTY);
        if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0 ||
            (slave = ptsname(master)) == NULL)
            die("posix_openpt");
        /* Kept open here so that the master never reads EIO while the
         * command has not opened /dev/tty yet. */
        slave_fd = open(slave, O_RDWR | O_NOCTTY);
        if (slave_fd < 0)
            die("open the pty");
    }
    fflush(stdout);
    pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0)
        run_child(no_tty, on_tty, slave, argv + optind);
    if (no_tty) {
        if (waitpid(pid, &status, 0) < 0)
            die("waitpid");
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        struct pollfd p = {master, POLLIN, 0};
        struct timespec now;

        if (waitpid(pid, &status, WNOHANG) == pid) {
            waited = 1;
            break;
        }
        if (poll(&p, 1, 50) > 0)
            drain(master);
        if (at_prompt() && next < nlines) {
            /* give the command time to turn echo off after its prompt */
            usleep(100000);
            if (write(master, lines[next], strlen(lines[next])) < 0 || write(master, "\n", 1) < 0)
                die("write to the pty");
            next++;
            recent_len = 0;
            clock_gettime(CLOCK_MONOTONIC, &start);
        } else if (at_prompt() && sig != 0 && !sent_sig) {
            usleep(100000);
            kill(pid, sig);
            sent_sig = 1;
            recent_len = 0;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 >
            TIMEOUT_MS) {
            fprintf(stderr, "pty_run: no prompt within %d s; output so far:\n%.*s\n",
                    TIMEOUT_MS / 1000, (int)recent_len, recent);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return 124;
        }
    }
    /* what is left to show */
    for (;;) {
        struct pollfd p = {master, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0 || drain(master) == 0)
            break;
    }
    fflush(stdout);
    if (tcgetattr(slave_fd, &t) != 0)
        die("tcgetattr");
    fprintf(stderr, "pty_run: echo %s\n", (t.c_lflag & ECHO) ? "on" : "off");
    (void)waited;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
