/*
 * tests/ct_poly1305.c - constant-time checks under valgrind's memcheck (see
 * tests/ctgrind.h): Poly1305 with the key and the message marked secret
 * must take no branch and read no address that depends on them, one-shot
 * and streamed, at lengths below and above each kernel's threshold, for
 * every implementation of the "poly1305" primitive the CPU (as valgrind
 * presents it: no AVX-512) can run; and brisk_poly1305_verify on secret
 * tags, equal and not.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "ctgrind.h"

static void check_mac(tv_rng *rng, const char *impl)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 100, 255, 256, 400, 1000};
    uint8_t key[32], msg[1000], want[16], got[16];
    unsigned long before = errors();

    tv_rng_fill(rng, key, sizeof(key));
    tv_rng_fill(rng, msg, sizeof(msg));
    for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        size_t len = lens[i];
        brisk_poly1305(want, key, msg, len);
        secret(key, sizeof(key));
        secret(msg, len);
        brisk_poly1305(got, key, msg, len);
        public(got, sizeof(got));
        tv_check_mem(got, want, 16, "%s one-shot %zu bytes", impl, len);

        brisk_poly1305_ctx ctx;
        brisk_poly1305_init(&ctx, key);
        size_t cut = len / 3;
        brisk_poly1305_update(&ctx, msg, cut);
        brisk_poly1305_update(&ctx, msg + cut, len - cut);
        brisk_poly1305_final(&ctx, got);
        public(got, sizeof(got));
        public(key, sizeof(key));
        public(msg, len);
        tv_check_mem(got, want, 16, "%s streamed %zu bytes", impl, len);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "%s: memcheck saw %lu uses of secret data in branches or addresses", impl,
             n);
}

static void check_verify(tv_rng *rng)
{
    uint8_t a[16], b[16];
    unsigned long before = errors();

    tv_rng_fill(rng, a, sizeof(a));
    for (int diff = -1; diff < 16; diff++) {
        memcpy(b, a, sizeof(b));
        if (diff >= 0)
            b[diff] ^= 0x10;
        secret(a, sizeof(a));
        secret(b, sizeof(b));
        int r = brisk_poly1305_verify(a, b);
        public(&r, sizeof(r));
        public(a, sizeof(a));
        public(b, sizeof(b));
        tv_check_int(r, diff < 0 ? 0 : BRISK_EVERIFY, "verify, byte %d differs", diff);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "verify: memcheck saw %lu uses of secret data in branches or addresses", n);
}

static void run(tv_rng *rng)
{
    char list[128];
    size_t i;
    const char *impl;

    for (i = 0; (impl = tv_impl_next("poly1305", &i)) != NULL;)
        check_mac(rng, impl);
    check_verify(rng);
    tv_note("poly1305 tested: %s", tv_impl_list("poly1305", list, sizeof(list)));
}

int main(int argc, char **argv)
{
    return ct_main("ct_poly1305", argc, argv, run);
}
