/*
 * tests/test_tune_rule.c - `brisk tune`'s rule (apps/tune_rule.c) on
 * figures made up for it: the cases its two noise guards exist for, and
 * the cases where a measured difference must win.  Sizes are openssl
 * speed's (16 to 16384 bytes) for a digest with 64-byte blocks.
 */
#include <string.h>

#include "tune_rule.h"
#include "vectors.h"

static const size_t klen[6] = {64, 64, 256, 1024, 8192, 16384};

/* table fills a two-implementation table: rates a[] and b[] (MB/s), every
 * cell with the given spread. */
static void table(tune_table *t, const double a[6], const double b[6], double spread)
{
    memset(t, 0, sizeof(*t));
    t->n = 2;
    t->n_sizes = 6;
    t->names[0] = "bmi2";
    t->names[1] = "c";
    memcpy(t->klen, klen, sizeof(klen));
    for (int s = 0; s < 6; s++) {
        t->fig[0][s] = a[s] * 1e6;
        t->fig[1][s] = b[s] * 1e6;
        t->spread[0][s] = t->spread[1][s] = spread;
    }
}

static int single(const tune_choice *c, int impl)
{
    return c->impl == impl && c->long_impl < 0;
}

int main(void)
{
    static const tune_choice bmi2 = {0, -1, 0, 0};
    tune_table t;
    tune_decision d;

    tv_begin("test_tune_rule");

    /* Zen 2's md5: two equal kernels, c ahead by 1-2% here and there, one
     * cell's rounds unusually close (0.2%), the others about 2%. */
    {
        static const double a[6] = {180, 400, 640, 720, 750, 752};
        static const double b[6] = {183, 401, 648, 722, 760, 751};
        table(&t, a, b, 0.02);
        t.spread[0][4] = t.spread[1][4] = 0.002;
        tune_decide(&t, 1, &bmi2, &d);
        tv_check(single(&d.pick, 0) && d.why == TUNE_WHY_BUILTIN_NOISE,
                 "equal kernels: the built-in kept (pick %d/%d, why %d)", d.pick.impl,
                 d.pick.long_impl, d.why);
        tv_check(d.split_dropped && single(&d.best, 1),
                 "equal kernels: the split that wins by 1%% is dropped for c");
        tv_check(tune_noise(&t) > 0.019 && tune_noise(&t) < 0.021,
                 "the table's noise is its median spread");
        tv_check(tune_cell_noise(&t, 0, 1, 4) > 0.019 && tune_cell_noise(&t, 0, 1, 4) < 0.021,
                 "a quiet cell's noise is the table's median spread, not its own 0.2%%");
        t.spread[1][3] = 0.05;
        tv_check(tune_cell_noise(&t, 0, 1, 3) > 0.049 && tune_cell_noise(&t, 1, 0, 3) > 0.049,
                 "a noisy cell's noise is its larger spread, either way round");
        t.spread[1][3] = 0.02;
        /* without the built-in in the table, no split either */
        tune_decide(&t, 1, NULL, &d);
        tv_check(single(&d.pick, 1) && d.why == TUNE_WHY_BEST && d.split_dropped,
                 "equal kernels, no built-in: the best single one, no split");
    }

    /* a quiet table: the 1% floor */
    {
        static const double a[6] = {100, 100, 100, 100, 100, 100};
        table(&t, a, a, 0.001);
        tv_check(tune_cell_noise(&t, 0, 1, 0) > 0.0099 && tune_cell_noise(&t, 0, 1, 0) < 0.0101,
                 "a quiet table's noise is the 1%% floor");
    }

    /* Intel's md5: the built-in wide kernel (here c) loses 15% at 16 and 64
     * bytes and wins 10% from 1 KiB; noise 2%: a split, measurably better. */
    {
        static const double a[6] = {190, 420, 600, 660, 690, 700};
        static const double b[6] = {160, 360, 610, 730, 760, 770};
        static const tune_choice wide = {1, -1, 0, 0};
        table(&t, a, b, 0.02);
        tune_decide(&t, 1, &wide, &d);
        tv_check(d.pick.impl == 0 && d.pick.long_impl == 1 && d.why == TUNE_WHY_BEST &&
                     !d.split_dropped,
                 "a real crossing: the split (pick %d/%d from %zu, why %d)", d.pick.impl,
                 d.pick.long_impl, d.pick.from, d.why);
        tv_check(d.pick.from == 256 || d.pick.from == 1024,
                 "a real crossing: switched at 256 or 1024 bytes, got %zu", d.pick.from);
        tune_decide(&t, 0, &wide, &d);
        tv_check(d.pick.long_impl < 0 && d.why == TUNE_WHY_BEST,
                 "not sized: one implementation");
    }

    /* A measured loss of the built-in at one size only (6% at 16 bytes,
     * noise 1%), equal elsewhere: changed, and no split gains on c. */
    {
        static const double a[6] = {170, 400, 640, 720, 750, 752};
        static const double b[6] = {181, 401, 641, 721, 750, 753};
        table(&t, a, b, 0.01);
        tune_decide(&t, 1, &bmi2, &d);
        tv_check(single(&d.pick, 1) && d.why == TUNE_WHY_BEST,
                 "one measured loss: c chosen (pick %d/%d, why %d)", d.pick.impl,
                 d.pick.long_impl, d.why);
    }

    /* The same loss inside one cell's own wide spread (8%), though the
     * table's median is 1%: the cell's spread counts. */
    {
        static const double a[6] = {170, 400, 640, 720, 750, 752};
        static const double b[6] = {181, 401, 641, 721, 750, 753};
        table(&t, a, b, 0.01);
        t.spread[1][0] = 0.08;
        tune_decide(&t, 1, &bmi2, &d);
        tv_check(single(&d.pick, 0) && d.why == TUNE_WHY_BUILTIN_NOISE,
                 "a loss inside its cell's spread: the built-in kept (why %d)", d.why);
    }

    /* A quiet machine: spreads of 0.3%, c ahead by 0.8% at 64 bytes and
     * by 0.3% here and there: below TUNE_MIN_GAIN, nothing changes. */
    {
        static const double a[6] = {104.1, 219.0, 371.8, 447.8, 474.1, 476.2};
        static const double b[6] = {104.4, 220.8, 371.7, 448.0, 474.0, 476.1};
        table(&t, a, b, 0.003);
        tune_decide(&t, 1, &bmi2, &d);
        tv_check(single(&d.pick, 0) && d.why == TUNE_WHY_BUILTIN_NOISE,
                 "a 0.8%% gain on a quiet machine: the built-in kept (pick %d/%d, why %d)",
                 d.pick.impl, d.pick.long_impl, d.why);
        tv_check(d.noise >= TUNE_MIN_GAIN, "the noise is at least TUNE_MIN_GAIN");
    }

    /* The built-in is the best outright. */
    {
        static const double a[6] = {200, 440, 700, 780, 800, 810};
        static const double b[6] = {180, 400, 640, 720, 750, 752};
        table(&t, a, b, 0.01);
        tune_decide(&t, 1, &bmi2, &d);
        tv_check(single(&d.pick, 0) && d.why == TUNE_WHY_BUILTIN && d.pick.worst == 0,
                 "the built-in is the best");
    }

    /* One implementation, one column (a public-key primitive). */
    {
        memset(&t, 0, sizeof(t));
        t.n = 1;
        t.n_sizes = 1;
        t.names[0] = "c64";
        t.fig[0][0] = 5000;
        t.spread[0][0] = 0.05;
        tune_decide(&t, 0, NULL, &d);
        tv_check(single(&d.pick, 0) && d.pick.worst == 0, "one implementation");
    }
    return tv_end();
}
