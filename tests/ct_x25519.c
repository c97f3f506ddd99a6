/*
 * tests/ct_x25519.c - constant-time checks under valgrind's memcheck (see
 * tests/ctgrind.h): X25519 with the private scalar and the peer's u marked
 * secret must take no branch and read no address that depends on them,
 * for every implementation of the "x25519" primitive the CPU (as valgrind
 * presents it) can run: brisk_x25519 on random and low-order u's (whose
 * all-zero result comes back as a return code, computed without a branch)
 * and brisk_x25519_public.  Valgrind hides ADX from CPUID although it
 * runs mulx, adcx and adox, so on a host that has them the adx ladder is
 * also called directly (as ct_bn does with its adx kernels).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/ec/internal.h"
#include "ctgrind.h"

static void check(tv_rng *rng, const char *impl)
{
    uint8_t k[32], u[32], want[32], got[32];
    unsigned long before = errors();

    for (int t = 0; t < 3; t++) {
        tv_rng_fill(rng, k, 32);
        tv_rng_fill(rng, u, 32);
        if (t == 2)
            memset(u, 0, 32); /* low order: the all-zero secret */
        int want_rc = brisk_x25519(want, k, u);
        secret(k, 32);
        secret(u, 32);
        int rc = brisk_x25519(got, k, u);
        public(&rc, sizeof(rc));
        public(got, 32);
        public(u, 32);
        public(k, 32);
        tv_check_int(rc, want_rc, "%s rc, case %d", impl, t);
        tv_check_mem(got, want, 32, "%s derive, case %d", impl, t);
        brisk_x25519_public(want, k);
        secret(k, 32);
        brisk_x25519_public(got, k);
        public(got, 32);
        public(k, 32);
        tv_check_mem(got, want, 32, "%s public with a secret key, case %d", impl, t);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "%s: memcheck saw %lu uses of secret data in branches or addresses", impl,
             n);
}

#ifdef BRISK_X86_64
static const char *const adx_flags[] = {"bmi2", "adx", NULL};

/* check_adx_direct runs the adx ladder on a secret (clamped) scalar and u
 * and compares it with c64's. */
static void check_adx_direct(tv_rng *rng)
{
    uint8_t k[32], u[32], want[32], got[32];
    unsigned long before = errors();

    for (int t = 0; t < 3; t++) {
        tv_rng_fill(rng, k, 32);
        tv_rng_fill(rng, u, 32);
        k[0] &= 248;
        k[31] = (uint8_t)((k[31] & 127) | 64);
        brisk_x25519_ladder_c64(want, k, u);
        secret(k, 32);
        secret(u, 32);
        brisk_x25519_ladder_adx(got, k, u);
        public(got, 32);
        public(k, 32);
        public(u, 32);
        tv_check_mem(got, want, 32, "adx ladder (called directly), case %d", t);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "adx (called directly): memcheck saw %lu uses of secret data", n);
}
#endif

static void run(tv_rng *rng)
{
    char list[128];
    size_t i;
    const char *impl;

    for (i = 0; (impl = tv_impl_next("x25519", &i)) != NULL;)
        check(rng, impl);
#ifdef BRISK_X86_64
    if (host_has(adx_flags))
        check_adx_direct(rng);
#endif
    tv_note("x25519 tested: %s", tv_impl_list("x25519", list, sizeof(list)));
}

int main(int argc, char **argv)
{
    return ct_main("ct_x25519", argc, argv, run);
}
