/*
 * tests/ct_dh.c - constant-time check of finite-field Diffie-Hellman under
 * valgrind's memcheck (see ctgrind.h): the private exponent x is marked
 * undefined, and memcheck reports any branch or memory address that
 * depends on it in brisk_dh_derive (peer^x mod p, the range and subgroup
 * checks of the public peer value) and brisk_dh_key_set (1 <= x < q, then
 * y = 2^x mod p).  The library's only decisions on values derived from x
 * (whether x is in range, whether the secret is 1) go through
 * brisk_ct_declassify, which this program defines to mark them defined.
 *
 * The bignum kernels are forced to portable C ("bn=c"): valgrind's CPU has
 * no AVX-512.  Groups ffdhe2048 and ffdhe3072.
 *
 * --canary leaks on purpose and succeeds only if memcheck notices.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "ctgrind.h"
#include "vectors.h"

void brisk_ct_declassify(const void *p, size_t len);

void brisk_ct_declassify(const void *p, size_t len)
{
    public(p, len);
}

static void test_group(const char *name, tv_rng *rng)
{
    const brisk_dh_group *g = brisk_dh_group_by_name(name);
    uint8_t x[64], yb[BRISK_DH_MAX_BYTES], want[BRISK_DH_MAX_BYTES], got[BRISK_DH_MAX_BYTES];
    size_t len = g->bits / 8, xl = (g->priv_bits + 7) / 8;
    brisk_dh_key a, b;
    unsigned long before, n;
    int err;

    tv_rng_fill(rng, x, xl);
    x[0] = (uint8_t)(x[0] | 0x80) >> (8 * xl - g->priv_bits);
    if (!tv_check_int(brisk_dh_generate_key(&b, g), BRISK_EOK, "%s: generate", name) ||
        !tv_check_int(brisk_dh_key_set(&a, g, NULL, 0, x, xl), BRISK_EOK, "%s: set", name))
        return;
    brisk_dh_public(yb, len, &b);
    tv_check_int(brisk_dh_derive(want, len, &a, yb, len), BRISK_EOK, "%s: derive", name);

    before = errors();
    secret(a.x.d, a.x.n * sizeof(a.x.d[0]));
    err = brisk_dh_derive(got, len, &a, yb, len);
    public(a.x.d, a.x.n * sizeof(a.x.d[0]));
    public(&err, sizeof(err));
    public(got, sizeof(got));
    n = errors() - before;
    tv_check_int(err, BRISK_EOK, "%s: derive with x secret", name);
    tv_check_mem(got, want, len, "%s: same secret", name);
    tv_check(n == 0, "%s: derive: memcheck saw %lu uses of x in branches or addresses", name, n);

    /* setting a key from a secret x computes y = 2^x */
    brisk_dh_key_cleanup(&a);
    before = errors();
    secret(x, xl);
    err = brisk_dh_key_set(&a, g, NULL, 0, x, xl);
    public(&err, sizeof(err));
    public(&a, sizeof(a));
    public(x, xl);
    n = errors() - before;
    tv_check_int(err, BRISK_EOK, "%s: key_set with x secret", name);
    tv_check(n == 0, "%s: key_set: memcheck saw %lu uses of x in branches or addresses", name, n);
    brisk_dh_key_cleanup(&a);
    brisk_dh_key_cleanup(&b);
}

static void run(tv_rng *rng)
{
    if (!tv_check_int(brisk_impl_set("bn", "c"), BRISK_EOK, "bn=c"))
        return;
    test_group("ffdhe2048", rng);
    test_group("ffdhe3072", rng);
    brisk_impl_set("bn", NULL);
}

int main(int argc, char **argv)
{
    return ct_main("ct_dh", argc, argv, run);
}
