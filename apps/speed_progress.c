/*
 * apps/speed_progress.c - the progress line of `brisk speed` run with no
 * algorithm (every row, about 14 minutes): on a terminal only, one line
 * under the "Doing ..." line being timed, "brisk speed: about 9m 27s
 * left", counted down each second.
 *
 * The "Doing md5 for 3s on 16 size blocks: " line is written in two
 * parts, before and after the timing, and stays as it is.  While a loop
 * runs the progress line sits on the line below it; before the result (or
 * anything else) is written it is erased and the cursor goes back to the
 * end of the "Doing" line (VT100's erase-line, cursor-up and column
 * moves, which every terminal emulator has), so what stays on the screen
 * is exactly what is written without a terminal.  The line is drawn from
 * the SIGALRM handler as well, so drawing uses only write(2) and no stdio.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "speed.h"

static int enabled;
static int cols;                        /* the terminal's width */
static long planned;                    /* seconds left, with the current loop */
static volatile sig_atomic_t shown;     /* the line is on the screen */
static volatile sig_atomic_t left;      /* what it shows */
static int doing_len;                   /* the length of the "Doing" part */

int speed_progress_wanted(int mr, int multi)
{
    const char *term = getenv("TERM");
    struct winsize ws;

    if (mr || multi > 0 || !isatty(STDERR_FILENO) || term == NULL || term[0] == '\0' ||
        strcmp(term, "dumb") == 0)
        return 0;
    cols = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    return 1;
}

void speed_progress_start(long seconds)
{
    enabled = 1;
    planned = seconds;
}

void speed_progress_spent(long seconds)
{
    planned -= seconds;
    if (planned < 0)
        planned = 0;
}

/* put appends the string s to buf at *n, up to max bytes. */
static void put(char *buf, size_t *n, size_t max, const char *s)
{
    while (*s != '\0' && *n < max)
        buf[(*n)++] = *s++;
}

/* put_num appends v (>= 0) in decimal, with at least `width` digits. */
static void put_num(char *buf, size_t *n, size_t max, long v, int width)
{
    char digits[24];
    int i = 0;

    do {
        digits[i++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0 || i < width);
    while (i > 0 && *n < max)
        buf[(*n)++] = digits[--i];
}

/* draw writes the line again; async-signal-safe. */
static void draw(void)
{
    char buf[160];
    size_t n = 0, max;
    long s = left > 0 ? left : 0;

    put(buf, &n, sizeof(buf), "\r\033[K");
    /* One column short of the width: a full line would wrap, and "\r"
     * would then not reach its start. */
    max = n + (size_t)(cols - 1 < 100 ? cols - 1 : 100);
    put(buf, &n, max, "brisk speed: about ");
    if (s >= 60) {
        put_num(buf, &n, max, s / 60, 1);
        put(buf, &n, max, "m ");
        put_num(buf, &n, max, s % 60, 2);
    } else {
        put_num(buf, &n, max, s, 1);
    }
    put(buf, &n, max, "s left");
    (void)!write(STDERR_FILENO, buf, n);
}

void speed_progress_show(int len)
{
    doing_len = len;
    /* The "Doing" line must fit on one line for the cursor to come back. */
    if (!enabled || len + 1 >= cols)
        return;
    left = (sig_atomic_t)planned;
    (void)!write(STDERR_FILENO, "\n", 1);
    shown = 1;
    draw();
}

void speed_progress_tick(void)
{
    if (!shown)
        return;
    left--;
    draw();
}

void speed_progress_hide(void)
{
    char buf[48];
    size_t n = 0;

    if (!shown)
        return;
    shown = 0;
    put(buf, &n, sizeof(buf), "\r\033[K\033[A\033[");
    put_num(buf, &n, sizeof(buf), doing_len + 1, 1);
    put(buf, &n, sizeof(buf), "G");
    (void)!write(STDERR_FILENO, buf, n);
}

int speed_progress_on(void)
{
    return enabled;
}
