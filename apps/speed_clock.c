/*
 * apps/speed_clock.c - the clocks of `brisk speed`, `des-opts`, `disk
 * -benchmark` and `channel` beside the time, and the median and spread of
 * their samples: how much of the CPU the process gets (spin a moment and
 * compare CPU time with wall-clock time), and the cycle counters of
 * -cycles, as libgcrypt's bench-slope takes them: the core's cycle counter
 * through perf_event_open (PERF_COUNT_HW_CPU_CYCLES, user mode, this
 * thread) where the kernel has one, else the time-stamp counter (x86-64
 * only) with its rate measured against the wall clock at start, or -mhz's
 * fixed rate (cycles = seconds x MHz, bench-slope's --cpu-mhz).
 *
 * The TSC ticks at a constant rate whatever the core's clock: with turbo
 * (boost) on, a core runs faster than that rate and its own cycles differ
 * from the TSC's; the banner says so, reading the turbo state from
 * /sys/devices/system/cpu/cpufreq/boost or intel_pstate/no_turbo.
 *
 * Not constant-time code: it handles no secret.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SPEED_HAVE_TSC 1
#endif

#include "apps.h"
#include "speed_clock.h"

static double clock_seconds(clockid_t id)
{
    struct timespec ts;

    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double speed_process_cpu(void)
{
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

double speed_cpu_share(double seconds)
{
    double w0 = clock_seconds(CLOCK_MONOTONIC), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    double w, c;

    do {
        w = clock_seconds(CLOCK_MONOTONIC);
        c = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    } while (w - w0 < seconds);
    return (c - c0) / (w - w0);
}

void speed_warn_share(const char *prog, double share)
{
    if (share >= 0 && share < SPEED_LOW_SHARE)
        fprintf(stderr,
                "brisk %s: warning: this process got %.2f s of CPU per second of wall time;"
                " other tasks share the CPU, so figures may be low and noisy\n",
                prog, share);
}

/* ---- Samples ---- */

void speed_add_sample(speed_samples *c, double v, double cycles)
{
    if (c->n < MAX_REPEAT) {
        c->v[c->n] = v;
        c->cycles[c->n] = cycles;
        c->n++;
    }
}

/* speed_median: sorts a copy (n is at most MAX_REPEAT). */
double speed_median(const double *v, int n)
{
    double s[MAX_REPEAT];

    if (n <= 0)
        return 0;
    if (n > MAX_REPEAT)
        n = MAX_REPEAT;
    memcpy(s, v, (size_t)n * sizeof(s[0]));
    for (int i = 1; i < n; i++) {
        double x = s[i];
        int j = i;
        for (; j > 0 && s[j - 1] > x; j--)
            s[j] = s[j - 1];
        s[j] = x;
    }
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

double speed_spread(const speed_samples *c, double *lo, double *hi)
{
    double med = speed_median(c->v, c->n);

    *lo = *hi = c->n > 0 ? c->v[0] : 0;
    for (int i = 1; i < c->n; i++) {
        *lo = c->v[i] < *lo ? c->v[i] : *lo;
        *hi = c->v[i] > *hi ? c->v[i] : *hi;
    }
    return med > 0 ? (*hi - *lo) / med : 0;
}

/* ---- The counters ---- */

static int perf_fd = -1;

#if SPEED_HAVE_TSC
static inline uint64_t read_tsc(void)
{
    uint32_t lo, hi;

    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}
#endif

static uint64_t read_perf(void)
{
    uint64_t v = 0;

    if (read(perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
        return 0;
    return v;
}

/* open_perf opens the cycle counter of this thread in user mode and
 * checks that it counts (in a VM it may open and stay at 0); 0 or -1. */
static int open_perf(void)
{
#if defined(__linux__) && defined(SYS_perf_event_open)
    struct perf_event_attr attr;
    uint64_t a, b;

    memset(&attr, 0, sizeof(attr));
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof(attr);
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (perf_fd < 0)
        return -1;
    a = read_perf();
    speed_cpu_share(0.01);
    b = read_perf();
    if (b > a)
        return 0;
    close(perf_fd);
    perf_fd = -1;
#endif
    return -1;
}

/* read_turbo reads whether turbo (boost) is on: 1, 0, or -1 unknown. */
static int read_turbo(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpufreq/boost", "r");
    int v, invert = 0;

    if (f == NULL) {
        f = fopen("/sys/devices/system/cpu/intel_pstate/no_turbo", "r");
        invert = 1;
    }
    if (f == NULL)
        return -1;
    if (fscanf(f, "%d", &v) != 1)
        v = -1;
    fclose(f);
    if (v < 0)
        return -1;
    return invert ? !v : v != 0;
}

int speed_cycles_start(speed_cycle_clock *r, int allow_perf, const char *prog)
{
    r->turbo = read_turbo();
    if (r->mhz > 0) {
        r->source = "mhz";
        return 0;
    }
    if (allow_perf && open_perf() == 0) {
        r->source = "perf";
        return 0;
    }
#if SPEED_HAVE_TSC
    /* The TSC's rate against the wall clock over a tenth of a second. */
    (void)prog;
    double w0 = clock_seconds(CLOCK_MONOTONIC), w;
    uint64_t t0 = read_tsc(), t;
    do {
        w = clock_seconds(CLOCK_MONOTONIC);
        t = read_tsc();
    } while (w - w0 < 0.1);
    r->tsc_mhz = (double)(t - t0) / (w - w0) / 1e6;
    r->source = "tsc";
    return 0;
#else
    app_error(prog, "-cycles: no cycle counter here (%s%s, and no TSC); "
              "give the clock rate with -mhz N", allow_perf ? "perf_event_open: " : "",
              allow_perf ? strerror(errno) : "one thread's counter would not do");
    return -1;
#endif
}

uint64_t speed_cycles_now(const speed_cycle_clock *r)
{
    if (r->source == NULL || strcmp(r->source, "mhz") == 0)
        return 0;
    if (strcmp(r->source, "perf") == 0)
        return read_perf();
#if SPEED_HAVE_TSC
    return read_tsc();
#else
    return 0;
#endif
}

double speed_cycles_spent(const speed_cycle_clock *r, uint64_t delta, double t, double t_wall)
{
    if (r->source == NULL)
        return 0;
    if (strcmp(r->source, "mhz") == 0)
        return t * (double)r->mhz * 1e6;
    if (strcmp(r->source, "perf") == 0)
        return (double)delta;
    return t_wall > 0 ? (double)delta * t / t_wall : (double)delta;
}

double speed_cycles_hz(const speed_cycle_clock *r)
{
    if (r->source == NULL)
        return 0;
    if (strcmp(r->source, "mhz") == 0)
        return (double)r->mhz * 1e6;
    if (strcmp(r->source, "tsc") == 0)
        return r->tsc_mhz * 1e6;
    return 0;
}

void speed_cycles_describe(const speed_cycle_clock *r, char *out, size_t n)
{
    const char *turbo = r->turbo == 1   ? "turbo is on, so core cycles may differ from these"
                        : r->turbo == 0 ? "turbo is off"
                                        : "turbo state unknown, so core cycles may differ";

    if (r->source == NULL)
        snprintf(out, n, "cycles: not measured");
    else if (strcmp(r->source, "mhz") == 0)
        snprintf(out, n, "cycles: seconds x %ld MHz (-mhz)", r->mhz);
    else if (strcmp(r->source, "perf") == 0)
        snprintf(out, n, "cycles: core cycles in user mode (perf_event_open)");
    else
        snprintf(out, n, "cycles: TSC at %.0f MHz, measured against the wall clock; "
                 "constant rate: %s", r->tsc_mhz, turbo);
}
