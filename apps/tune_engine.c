/*
 * apps/tune_engine.c - the timing engine `brisk tune` and `brisk des-opts`
 * share: round-robin rounds over the implementations of a primitive, the
 * median of each one's rounds and their spread (apps/tune_engine.h).
 * SSLeay's des_opts timed each variant once, in turn; rounds taken in
 * turn and ranked by their median keep a burst of other load on a shared
 * machine from deciding the ranking alone.
 */
#include <brisk/cpu.h>

#include "speed_clock.h"
#include "tune_engine.h"

/* finish makes a candidate's figure the median of its rounds and measures
 * their spread. */
static void finish(tune_cand *c)
{
    double lo = c->rounds[0], hi = c->rounds[0];

    for (int k = 1; k < TUNE_ROUNDS; k++) {
        lo = c->rounds[k] < lo ? c->rounds[k] : lo;
        hi = c->rounds[k] > hi ? c->rounds[k] : hi;
    }
    c->per_sec = speed_median(c->rounds, TUNE_ROUNDS);
    c->spread = c->per_sec > 0 ? (hi - lo) / c->per_sec : 0;
}

size_t tune_round_robin(const char *prim, tune_cand *c, size_t n, double seconds,
                        tune_time_fn *time, tune_note_fn *note, void *arg)
{
    size_t failed = 0;

    for (int k = 0; k < TUNE_ROUNDS; k++) {
        for (size_t i = 0; i < n; i++) {
            if (c[i].failed)
                continue;
            if (brisk_impl_set(prim, c[i].name) != 0) {
                c[i].failed = 1;
                failed++;
                continue;
            }
            if (k == 0 && note != NULL)
                note(arg, c[i].name);
            c[i].rounds[k] = time(arg, seconds / TUNE_ROUNDS);
            if (c[i].rounds[k] < 0) {
                c[i].failed = 1;
                failed++;
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (c[i].failed)
            c[i].per_sec = c[i].spread = 0;
        else
            finish(&c[i]);
    }
    return failed;
}

int tune_within_noise(const tune_cand *a, const tune_cand *b, double *gap, double *noise)
{
    if (a->per_sec <= 0)
        return 0;
    *gap = (a->per_sec - b->per_sec) / a->per_sec;
    *noise = a->spread > b->spread ? a->spread : b->spread;
    return *gap <= *noise;
}
