/*
 * bench/bench_bn.c - TSC ticks of brisk's Montgomery kernels (one mont_mul,
 * one mont_sqr) at 1024 to 8192 bits and of a constant-time modular
 * exponentiation with a full-width exponent at 1024 to 3072 bits, and, at
 * 2048, 6144 and 8192 bits, of the two exponentiations of DSA with a
 * 256-bit q (a secret 256-bit exponent, as FFDH's short ones; two public
 * 256-bit exponents at once) and of one by 65537, under
 * every implementation of the "bn" primitive this CPU can run, beside
 * OpenSSL's BN_mod_mul_montgomery, BN_mod_exp_mont_consttime,
 * BN_mod_exp2_mont and BN_mod_exp_mont.  The
 * figures are the fastest of many batches (the machine may be shared) in
 * reference cycles: compare ratios, not absolute values.  Not a test;
 * built with -DBRISK_BENCH=ON:
 *
 *   cmake -S . -B build -DBRISK_BENCH=ON && cmake --build build -j2
 *   build/bench/bench_bn [seconds per cell, default 0.2]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/bn.h>

#include "../src/bn/internal.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef void run_fn(void *arg);

/* ticks runs fn in batches of `batch` calls for about `secs` seconds and
 * returns the TSC ticks per call of the fastest batch. */
static double ticks(run_fn *fn, void *arg, int batch, double secs)
{
    double best = 1e300, t0 = now();
    do {
        unsigned long long c0 = __rdtsc();
        for (int i = 0; i < batch; i++)
            fn(arg);
        double c = (double)(__rdtsc() - c0) / batch;
        best = c < best ? c : best;
    } while (now() - t0 < secs);
    return best;
}

/* One cell's operands, in brisk's and OpenSSL's forms. */
typedef struct {
    brisk_bn_mont mont;
    brisk_bn a, b, e, r, e1, e2, f4;
    const brisk_bn_impl *impl;
    BIGNUM *oa, *ob, *oe, *om, *or, *oe1, *oe2, *of4;
    BN_MONT_CTX *omont;
    BN_CTX *ctx;
} cell;

static void brisk_mul(void *arg)
{
    cell *c = arg;
    c->impl->mont_mul(c->r.d, c->a.d, c->b.d, &c->mont);
}

static void brisk_sqr(void *arg)
{
    cell *c = arg;
    c->impl->mont_sqr(c->r.d, c->a.d, &c->mont);
}

static void brisk_exp(void *arg)
{
    cell *c = arg;
    brisk_bn_mod_exp(&c->r, &c->a, &c->e, &c->mont);
}

static void brisk_exp_short(void *arg)
{
    cell *c = arg;
    brisk_bn_mod_exp(&c->r, &c->a, &c->e1, &c->mont);
}

static void brisk_exp_65537(void *arg)
{
    cell *c = arg;
    brisk_bn_mod_exp_public(&c->r, &c->a, &c->f4, &c->mont);
}

static void ossl_exp_65537(void *arg)
{
    cell *c = arg;
    BN_mod_exp_mont(c->or, c->oa, c->of4, c->om, c->ctx, c->omont);
}

static void brisk_exp2(void *arg)
{
    cell *c = arg;
    brisk_bn_mod_exp2_public(&c->r, &c->a, &c->e1, &c->b, &c->e2, &c->mont);
}

static void ossl_exp_short(void *arg)
{
    cell *c = arg;
    BN_mod_exp_mont_consttime(c->or, c->oa, c->oe1, c->om, c->ctx, c->omont);
}

static void ossl_exp2(void *arg)
{
    cell *c = arg;
    BN_mod_exp2_mont(c->or, c->oa, c->oe1, c->ob, c->oe2, c->om, c->ctx, c->omont);
}

static void ossl_mul(void *arg)
{
    cell *c = arg;
    BN_mod_mul_montgomery(c->or, c->oa, c->ob, c->omont, c->ctx);
}

static void ossl_sqr(void *arg)
{
    cell *c = arg;
    BN_mod_mul_montgomery(c->or, c->oa, c->oa, c->omont, c->ctx);
}

static void ossl_exp(void *arg)
{
    cell *c = arg;
    BN_mod_exp_mont_consttime(c->or, c->oa, c->oe, c->om, c->ctx, c->omont);
}

static BIGNUM *to_ossl(const brisk_bn *a)
{
    uint8_t buf[BRISK_BN_MAX_BITS / 8];
    size_t len = 8 * a->n;
    brisk_bn_to_bytes(buf, len, a);
    return BN_bin2bn(buf, (int)len, NULL);
}

/* random_bn sets r to a random value of exactly `bits` bits. */
static void random_bn(brisk_bn *r, size_t bits)
{
    size_t n = (bits + 63) / 64;
    brisk_bn_zero(r, n);
    for (size_t i = 0; i < n; i++)
        r->d[i] = (uint64_t)rand() << 42 ^ (uint64_t)rand() << 21 ^ (uint64_t)rand();
    if (bits % 64)
        r->d[n - 1] &= ((uint64_t)1 << (bits % 64)) - 1;
    r->d[n - 1] |= (uint64_t)1 << ((bits - 1) % 64);
}

static void cell_init(cell *c, size_t bits)
{
    brisk_bn m;
    random_bn(&m, bits);
    m.d[0] |= 1;
    brisk_bn_mont_init(&c->mont, &m);
    random_bn(&c->a, bits - 1);
    random_bn(&c->b, bits - 1);
    random_bn(&c->e, bits);
    random_bn(&c->e1, 256);
    random_bn(&c->e2, 256);
    brisk_bn_from_u64(&c->f4, 65537);
    brisk_bn_resize(&c->a, m.n);
    brisk_bn_resize(&c->b, m.n);
    c->ctx = BN_CTX_new();
    c->oa = to_ossl(&c->a);
    c->ob = to_ossl(&c->b);
    c->oe = to_ossl(&c->e);
    c->oe1 = to_ossl(&c->e1);
    c->oe2 = to_ossl(&c->e2);
    c->of4 = to_ossl(&c->f4);
    c->om = to_ossl(&m);
    c->or = BN_new();
    c->omont = BN_MONT_CTX_new();
    BN_MONT_CTX_set(c->omont, c->om, c->ctx);
    BN_set_flags(c->oe, BN_FLG_CONSTTIME);
    BN_set_flags(c->oe1, BN_FLG_CONSTTIME);
}

static void cell_free(cell *c)
{
    BN_free(c->oa);
    BN_free(c->ob);
    BN_free(c->oe);
    BN_free(c->oe1);
    BN_free(c->oe2);
    BN_free(c->of4);
    BN_free(c->om);
    BN_free(c->or);
    BN_MONT_CTX_free(c->omont);
    BN_CTX_free(c->ctx);
}

int main(int argc, char **argv)
{
    static const size_t mul_bits[] = {1024, 1536, 2048, 3072, 4096, 6144, 8192};
    static const size_t exp_bits[] = {1024, 1536, 2048, 3072};
    double secs = argc > 1 ? atof(argv[1]) : 0.2;
    const char *impl;
    static cell c;

    printf("%-6s %6s %10s %10s %12s | %10s %10s %12s\n", "impl", "bits", "mont_mul",
           "mont_sqr", "mod_exp", "ossl mul", "ossl sqr", "ossl exp");
    for (size_t i = 0; (impl = brisk_impl_name("bn", i, NULL)) != NULL; i++) {
        if (brisk_impl_set("bn", impl) != 0)
            continue;
        for (size_t k = 0; k < sizeof(mul_bits) / sizeof(mul_bits[0]); k++) {
            size_t bits = mul_bits[k];
            int has_exp = 0;
            for (size_t j = 0; j < sizeof(exp_bits) / sizeof(exp_bits[0]); j++)
                has_exp |= exp_bits[j] == bits;
            srand((unsigned)bits);
            cell_init(&c, bits);
            c.impl = brisk_bn_active();
            double bm = ticks(brisk_mul, &c, 100, secs), bs = ticks(brisk_sqr, &c, 100, secs);
            double om = ticks(ossl_mul, &c, 100, secs), os = ticks(ossl_sqr, &c, 100, secs);
            double be = has_exp ? ticks(brisk_exp, &c, 1, 4 * secs) : 0;
            double oe = has_exp ? ticks(ossl_exp, &c, 1, 4 * secs) : 0;
            printf("%-6s %6zu %10.0f %10.0f %12.0f | %10.0f %10.0f %12.0f\n", impl, bits, bm, bs,
                   be, om, os, oe);
            if (bits == 2048 || bits >= 6144) {
                double bx = ticks(brisk_exp_short, &c, 1, 2 * secs);
                double ox = ticks(ossl_exp_short, &c, 1, 2 * secs);
                double b2 = ticks(brisk_exp2, &c, 1, 2 * secs);
                double o2 = ticks(ossl_exp2, &c, 1, 2 * secs);
                printf("%-6s %6zu   exp, 256-bit secret e %10.0f | ossl %10.0f\n", impl, bits, bx,
                       ox);
                printf("%-6s %6zu   exp2, 256-bit public e %9.0f | ossl %10.0f\n", impl, bits, b2,
                       o2);
                double bf = ticks(brisk_exp_65537, &c, 1, 2 * secs);
                double of = ticks(ossl_exp_65537, &c, 1, 2 * secs);
                printf("%-6s %6zu   exp, e = 65537 %17.0f | ossl %10.0f\n", impl, bits, bf, of);
            }
            cell_free(&c);
        }
    }
    return 0;
}
