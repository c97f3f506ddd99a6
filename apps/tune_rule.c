/*
 * apps/tune_rule.c - `brisk tune`'s rule (apps/tune_rule.h).  A choice's
 * score is its largest shortfall against the best implementation at any
 * size; the rule takes the choice with the smallest, over every single
 * implementation and, for a primitive that can switch by length, every
 * pair switching at a measured size.  Two guards keep noise out of the
 * tuning file:
 *
 * - a split is taken only when it is measurably better than the best
 *   single implementation, and
 * - the built-in choice is kept unless the best is measurably better.
 *
 * "Measurably" means that at some size the slower choice falls short by
 * more than the noise there: the largest of the two cells' spreads, the
 * table's median spread and TUNE_MIN_GAIN.  Three rounds make a poor
 * estimate of one cell's noise (two equal implementations often show a
 * gap wider than both their spreads at one size of six); the median over
 * the primitive's cells is steadier, and the cells' own spreads still
 * count where they are wider.  On a quiet machine the spreads fall to a
 * few tenths of a percent while the best of some thirty splits still
 * finds one that gains that much by chance: a choice that does not gain
 * 1% anywhere is not worth a line in the tuning file.
 */
#include <stdlib.h>
#include <string.h>

#include "tune_rule.h"

int tune_impl_at(const tune_table *t, const tune_choice *c, int s)
{
    return c->long_impl >= 0 && t->klen[s] >= c->from ? c->long_impl : c->impl;
}

void tune_score(const tune_table *t, tune_choice *c)
{
    c->worst = 0;
    for (int s = 0; s < t->n_sizes; s++) {
        double best = 0;
        for (size_t i = 0; i < t->n; i++)
            best = t->fig[i][s] > best ? t->fig[i][s] : best;
        double got = t->fig[tune_impl_at(t, c, s)][s];
        double short_by = best > 0 ? 1 - got / best : 0;
        c->worst = short_by > c->worst ? short_by : c->worst;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double tune_noise(const tune_table *t)
{
    double v[TUNE_MAX_IMPLS * TUNE_MAX_SIZES];
    size_t n = 0;

    for (size_t i = 0; i < t->n; i++)
        for (int s = 0; s < t->n_sizes; s++)
            v[n++] = t->spread[i][s];
    if (n == 0)
        return 0;
    qsort(v, n, sizeof(v[0]), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* same_choice tells whether a and b serve every measured cell alike. */
static int same_choice(const tune_table *t, const tune_choice *a, const tune_choice *b)
{
    for (int s = 0; s < t->n_sizes; s++)
        if (tune_impl_at(t, a, s) != tune_impl_at(t, b, s))
            return 0;
    return 1;
}

/* better tells whether a beats b: smaller worst shortfall; on a tie no
 * split before a split, then the built-in choice. */
static int better(const tune_table *t, const tune_choice *a, const tune_choice *b,
                  const tune_choice *builtin)
{
    if (a->worst < b->worst - 1e-9)
        return 1;
    if (a->worst > b->worst + 1e-9)
        return 0;
    if ((a->long_impl < 0) != (b->long_impl < 0))
        return a->long_impl < 0;
    return builtin != NULL && same_choice(t, a, builtin) && !same_choice(t, b, builtin);
}

/* best_choice finds the choice with the smallest score: every single
 * implementation and, when sized, every pair switching at a measured
 * size. */
static tune_choice best_choice(const tune_table *t, int sized, const tune_choice *builtin)
{
    tune_choice best = {0, -1, 0, 2}, c;

    for (size_t a = 0; a < t->n; a++) {
        c = (tune_choice){(int)a, -1, 0, 0};
        tune_score(t, &c);
        if (better(t, &c, &best, builtin))
            best = c;
        for (size_t b = 0; sized && b < t->n; b++) {
            for (int s = 1; b != a && s < t->n_sizes; s++) {
                c = (tune_choice){(int)a, (int)b, t->klen[s], 0};
                /* A switch that serves every cell by one side is no split. */
                if (tune_impl_at(t, &c, 0) == (int)b ||
                    tune_impl_at(t, &c, t->n_sizes - 1) == (int)a)
                    continue;
                tune_score(t, &c);
                if (better(t, &c, &best, builtin))
                    best = c;
            }
        }
    }
    return best;
}

double tune_cell_noise(const tune_table *t, int x, int y, int s)
{
    double n = t->spread[x][s] > t->spread[y][s] ? t->spread[x][s] : t->spread[y][s];
    double floor = tune_noise(t);

    n = n > floor ? n : floor;
    return n > TUNE_MIN_GAIN ? n : TUNE_MIN_GAIN;
}

/* within_noise tells whether choice b is nowhere measurably slower than
 * a (the file's opening comment).  *gap and *noise get the size where b
 * comes closest to being measurably slower (its largest gap less
 * noise). */
static int within_noise(const tune_table *t, const tune_choice *a, const tune_choice *b,
                        double *gap, double *noise)
{
    double margin = -1e9;

    *gap = *noise = 0;
    for (int s = 0; s < t->n_sizes; s++) {
        int x = tune_impl_at(t, a, s), y = tune_impl_at(t, b, s);
        double g = t->fig[x][s] > 0 ? (t->fig[x][s] - t->fig[y][s]) / t->fig[x][s] : 0;
        double n = tune_cell_noise(t, x, y, s);
        if (g - n > margin) {
            margin = g - n;
            *gap = g;
            *noise = n;
        }
    }
    return margin <= 0;
}

void tune_decide(const tune_table *t, int sized, const tune_choice *builtin, tune_decision *d)
{
    memset(d, 0, sizeof(*d));
    d->best = best_choice(t, sized, builtin);
    if (d->best.long_impl >= 0) {
        tune_choice single = best_choice(t, 0, builtin);
        if (within_noise(t, &d->best, &single, &d->split_gap, &d->split_noise)) {
            d->split = d->best;
            d->split_dropped = 1;
            d->best = single;
        }
    }
    d->pick = d->best;
    d->why = TUNE_WHY_BEST;
    if (builtin != NULL) {
        tune_choice b = *builtin;
        tune_score(t, &b);
        if (same_choice(t, &d->best, &b)) {
            d->pick = b;
            d->why = TUNE_WHY_BUILTIN;
        } else if (within_noise(t, &d->best, &b, &d->gap, &d->noise)) {
            d->pick = b;
            d->why = TUNE_WHY_BUILTIN_NOISE;
        }
    }
}
