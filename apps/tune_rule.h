/*
 * apps/tune_rule.h - how `brisk tune` turns a primitive's figures into a
 * choice (apps/tune_rule.c): one implementation, or for a primitive that
 * can switch by length a pair and the length it switches at, and whether
 * the built-in choice is kept.  Apart from the timing so that the rule
 * can be tested on figures made up for it (tests/test_tune_rule.c).
 */
#ifndef BRISK_TUNE_RULE_H
#define BRISK_TUNE_RULE_H

#include <stddef.h>

#define TUNE_MAX_IMPLS 16
#define TUNE_MAX_SIZES 6
#define TUNE_MIN_GAIN 0.01   /* the least gain counted as measured (a fraction) */

/* A primitive's figures: per implementation and size, the median rate
 * (bytes or operations per second) and the spread of its rounds ((max -
 * min) / median); klen[s] is the length one kernel call gets in the
 * cells of size s, what a switch length is compared with. */
typedef struct tune_table {
    size_t n;
    int n_sizes;
    const char *names[TUNE_MAX_IMPLS];
    size_t klen[TUNE_MAX_SIZES];
    double fig[TUNE_MAX_IMPLS][TUNE_MAX_SIZES];
    double spread[TUNE_MAX_IMPLS][TUNE_MAX_SIZES];
} tune_table;

/* A choice: impl below `from` bytes per kernel call, long_impl from there
 * (long_impl < 0: one implementation), indices into the table's names. */
typedef struct tune_choice {
    int impl, long_impl;
    size_t from;
    double worst;    /* largest shortfall against the best at any size */
} tune_choice;

/* Why tune_decide picked what it picked. */
enum {
    TUNE_WHY_BEST,          /* the best, and measurably better than the built-in */
    TUNE_WHY_BUILTIN,       /* the built-in choice is the best */
    TUNE_WHY_BUILTIN_NOISE  /* the best is within noise of the built-in: kept */
};

/* A decision: the pick, and the best choice the rule found before the
 * built-in one was weighed against it.  split is the best split when a
 * single implementation came within noise of it and took its place;
 * gap and noise are the closest call (at the size where the slower
 * choice comes nearest to falling out of noise) of the pick against the
 * best (TUNE_WHY_BUILTIN_NOISE), split_gap and split_noise of the single
 * implementation against the split. */
typedef struct tune_decision {
    tune_choice pick, best;
    int why;
    int split_dropped;
    tune_choice split;
    double gap, noise, split_gap, split_noise;
} tune_decision;

/* tune_impl_at is the implementation choice c serves size s with. */
int tune_impl_at(const tune_table *t, const tune_choice *c, int s);

/* tune_score sets c->worst: the largest shortfall against the best at
 * any size. */
void tune_score(const tune_table *t, tune_choice *c);

/* tune_noise is the noise of the table as a whole: the median spread of
 * all its cells. */
double tune_noise(const tune_table *t);

/* tune_cell_noise is the noise the rule allows between implementations x
 * and y at size s: the larger of their spreads there, tune_noise and
 * TUNE_MIN_GAIN. */
double tune_cell_noise(const tune_table *t, int x, int y, int s);

/* tune_decide decides for a primitive (sized: it can switch by length);
 * builtin is the built-in choice, or NULL when it is not in the table. */
void tune_decide(const tune_table *t, int sized, const tune_choice *builtin,
                 tune_decision *d);

#endif
