/*
 * tests/ct_argon2.c - constant-time checks under valgrind's memcheck (see
 * tests/ctgrind.h): Argon2i with the password, salt, secret and associated
 * data marked secret must take no branch and read no address that depends
 * on them (its addressing is data-independent: RFC 9106 section 3.4.1.2),
 * for every implementation of the "argon2" primitive the CPU (as valgrind
 * presents it) can run, on one thread and on two; BLAKE2b on a secret
 * message likewise.  Argon2d under the same marking must be reported (its
 * reference blocks are picked by the data, by design): proof that the
 * secrets reach the addressing code through the marking.  That check is
 * its own run, --argon2d (valgrind then exits 0 despite the reports).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/digest/blake2b.h"
#include "ctgrind.h"

static void test_blake2b(tv_rng *rng)
{
    uint8_t msg[300], want[64], got[64];
    unsigned long before = errors();

    tv_rng_fill(rng, msg, sizeof(msg));
    for (size_t len = 0; len <= sizeof(msg); len += 75) {
        brisk_blake2b(want, 64, msg, len);
        secret(msg, len);
        brisk_blake2b(got, 64, msg, len);
        public(got, sizeof(got));
        public(msg, len);
        tv_check_mem(got, want, 64, "BLAKE2b %zu bytes", len);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "BLAKE2b: memcheck saw %lu uses of secret data in branches or addresses", n);
}

/* argon2_secret runs type on inputs marked secret; returns memcheck's
 * reports during the call. */
static unsigned long argon2_secret(brisk_argon2_type type, uint32_t threads, const char *impl,
                                   uint8_t *pass, uint8_t *salt, uint8_t *key, uint8_t *ad)
{
    brisk_argon2_params p = {type, 2, 48, 2, threads, key, 16, ad, 12};
    uint8_t want[40], got[40];

    brisk_argon2(&p, want, sizeof(want), pass, 24, salt, 16);
    unsigned long before = errors();
    secret(pass, 24);
    secret(salt, 16);
    secret(key, 16);
    secret(ad, 12);
    int err = brisk_argon2(&p, got, sizeof(got), pass, 24, salt, 16);
    public(got, sizeof(got));
    public(pass, 24);
    public(salt, 16);
    public(key, 16);
    public(ad, 12);
    unsigned long n = errors() - before;
    tv_check(err == 0 && memcmp(got, want, sizeof(got)) == 0,
             "Argon2 type %d [%s] threads %u: same output with secret inputs", (int)type, impl,
             threads);
    return n;
}

static void run(tv_rng *rng)
{
    uint8_t pass[24], salt[16], key[16], ad[12];
    const char *impl;
    char list[128];

    tv_rng_fill(rng, pass, sizeof(pass));
    tv_rng_fill(rng, salt, sizeof(salt));
    tv_rng_fill(rng, key, sizeof(key));
    tv_rng_fill(rng, ad, sizeof(ad));
    test_blake2b(rng);
    for (size_t it = 0; (impl = tv_impl_next("argon2", &it)) != NULL;)
        for (uint32_t threads = 1; threads <= 2; threads++) {
            unsigned long n = argon2_secret(BRISK_ARGON2I, threads, impl, pass, salt, key, ad);
            tv_check(n == 0,
                     "Argon2i [%s] threads %u: memcheck saw %lu uses of secret data in "
                     "branches or addresses", impl, threads, n);
        }
    tv_note("argon2 tested: %s", tv_impl_list("argon2", list, sizeof(list)));
}

/* argon2d_reported is the --argon2d run. */
static int argon2d_reported(void)
{
    uint8_t pass[24] = {1}, salt[16] = {2}, key[16] = {3}, ad[12] = {4};

    tv_begin("ct_argon2 --argon2d");
    if (!tv_check(RUNNING_ON_VALGRIND, "runs under valgrind"))
        return tv_end();
    unsigned long n = argon2_secret(BRISK_ARGON2D, 1, "auto", pass, salt, key, ad);
    tv_check(n > 0, "Argon2d: memcheck reports its data-dependent addressing (%lu)", n);
    return tv_end();
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--argon2d") == 0)
        return argon2d_reported();
    return ct_main("ct_argon2", argc, argv, run);
}
