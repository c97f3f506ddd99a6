/*
 * apps/tune_engine.h - the timing engine of `brisk tune` and `brisk
 * des-opts` (apps/tune_engine.c): every implementation of one primitive
 * timed in TUNE_ROUNDS rounds, round-robin over the implementations so
 * that a slow phase of the machine spreads over all of them, each figure
 * the median of its rounds with the rounds' spread beside it, and the test
 * that says when two figures are closer than that spread.  Times are the
 * process's CPU time.
 */
#ifndef BRISK_TUNE_ENGINE_H
#define BRISK_TUNE_ENGINE_H

#include <stddef.h>

#define TUNE_ROUNDS 3

/* One implementation's figure at one size: rounds[] in the order taken,
 * per_sec their median, spread (max - min) / median; failed once its
 * timing failed (a check at that size, a setup). */
typedef struct tune_cand {
    const char *name;
    double rounds[TUNE_ROUNDS];
    double per_sec;
    double spread;
    int failed;
} tune_cand;

/* A timing: the operations (or bytes) per second of the implementation
 * now in use over about `seconds` of CPU time, or a negative value when
 * it failed. */
typedef double tune_time_fn(void *arg, double seconds);

/* Called before an implementation's first round (des-opts's "Doing"
 * line). */
typedef void tune_note_fn(void *arg, const char *impl);

/* tune_round_robin forces each of the n candidates of `prim` in turn
 * (brisk_impl_set) and times it with `time`, a round of seconds /
 * TUNE_ROUNDS each, all first rounds, then all second ones...; a
 * candidate whose timing fails is marked failed and not timed again, and
 * one marked failed on entry is not timed at all.
 * Then each figure is made the median of its rounds.  Leaves the last
 * candidate in use: the caller restores the choice.  Returns the number
 * of candidates that failed. */
size_t tune_round_robin(const char *prim, tune_cand *c, size_t n, double seconds,
                        tune_time_fn *time, tune_note_fn *note, void *arg);

/* tune_within_noise tells whether b, the slower of two figures, comes
 * within the larger of their spreads of a: *gap is (a - b) / a, *noise
 * that spread. */
int tune_within_noise(const tune_cand *a, const tune_cand *b, double *gap, double *noise);

#endif
