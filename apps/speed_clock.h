/*
 * apps/speed_clock.h - what every timing command shares (speed, des-opts,
 * disk -benchmark, channel): the samples of a figure and their median and
 * spread, the check of how much CPU the process gets, and the cycle
 * counters of -cycles (apps/speed_clock.c).
 */
#ifndef BRISK_SPEED_CLOCK_H
#define BRISK_SPEED_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#define MAX_REPEAT 100    /* samples per figure (-repeat) */
#define SPEED_NOISY_SPREAD 0.05  /* -stats marks a figure whose spread is past it */

/* The samples of one figure, in the order taken: v[i] in the figure's
 * unit (bytes or operations per second, ...), cycles[i] the cycles per
 * byte or per operation of the same sample, 0 when not measured.  The
 * figure shown is their median. */
typedef struct speed_samples {
    int n;
    double v[MAX_REPEAT];
    double cycles[MAX_REPEAT];
} speed_samples;

/* speed_add_sample appends one sample to a figure (beyond MAX_REPEAT it
 * is dropped). */
void speed_add_sample(speed_samples *c, double v, double cycles);

/* speed_median returns the median of the n values at v (n >= 1; the mean
 * of the middle two when n is even). */
double speed_median(const double *v, int n);

/* speed_spread returns (max - min) / median of c's samples, and their
 * least and greatest in *lo and *hi (0 for all three with no sample). */
double speed_spread(const speed_samples *c, double *lo, double *hi);

/* speed_process_cpu returns the process's CPU time in seconds
 * (CLOCK_PROCESS_CPUTIME_ID): des-opts's and tune's clock. */
double speed_process_cpu(void);

/* speed_cpu_share spins for `seconds` of wall-clock time and returns the
 * CPU time the process got over that time, per second: near 1 on an idle
 * core, well below when other tasks (or a hypervisor) take the CPU. */
double speed_cpu_share(double seconds);

/* SPEED_LOW_SHARE: below this CPU share the figures are low and noisy. */
#define SPEED_LOW_SHARE 0.9

/* speed_warn_share prints prog's one-line warning on stderr when share is
 * below SPEED_LOW_SHARE. */
void speed_warn_share(const char *prog, double share);

/* -mhz's largest value. */
#define MAX_MHZ 100000

/* The counter -cycles reads, chosen once per run. */
typedef struct speed_cycle_clock {
    long mhz;               /* -mhz: cycles = seconds x mhz; 0 if not given */
    const char *source;     /* NULL (no -cycles), "tsc", "perf" or "mhz" */
    double tsc_mhz;         /* the TSC's rate measured at start ("tsc") */
    int turbo;              /* 1 on, 0 off, -1 unknown (from sysfs) */
} speed_cycle_clock;

/* speed_cycles_start picks c's counter for -cycles: -mhz's arithmetic when
 * c->mhz is set, else, when allow_perf, the core's cycle counter through
 * perf_event_open (user mode, this thread) where the kernel has one, else
 * the TSC (x86-64), its rate measured against the wall clock; sets
 * c->source, c->tsc_mhz and c->turbo.  Commands whose work spans threads
 * or processes (disk, channel) pass allow_perf 0: one thread's counter
 * would miss the rest.  Returns 0, or -1 after prog's error message when
 * there is no counter. */
int speed_cycles_start(speed_cycle_clock *c, int allow_perf, const char *prog);

/* speed_cycles_now reads the counter speed_cycles_start chose (0 for
 * "mhz"). */
uint64_t speed_cycles_now(const speed_cycle_clock *c);

/* speed_cycles_spent turns a counter difference over a loop that took t
 * seconds by the run's clock (user CPU time by default) and t_wall seconds
 * of wall-clock time into the cycles the loop used: perf's count as it
 * is, the TSC's scaled by t / t_wall (its ticks count wall time, other
 * tasks' share included), -mhz's t x MHz. */
double speed_cycles_spent(const speed_cycle_clock *c, uint64_t delta, double t, double t_wall);

/* speed_cycles_hz returns the rate that turns seconds into cycles for
 * figures measured as time alone (disk, channel): the TSC's measured rate
 * or -mhz's, 0 without a counter or with perf's. */
double speed_cycles_hz(const speed_cycle_clock *c);

/* speed_cycles_describe writes the banner's line about the counter. */
void speed_cycles_describe(const speed_cycle_clock *c, char *out, size_t n);

#endif
