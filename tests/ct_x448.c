/*
 * tests/ct_x448.c - constant-time checks under valgrind's memcheck (see
 * tests/ctgrind.h) for Curve448: X448 with the private scalar and the
 * peer's u marked secret (brisk_x448 on random and low-order u's, whose
 * all-zero result comes back as a return code computed without a branch,
 * and brisk_x448_public), under every implementation of the "x448"
 * primitive; and Ed448 with the private key marked secret
 * (brisk_ed448_public, brisk_ed448_sign with the public key given and
 * computed, brisk_ed448ph_sign and brisk_ed448ph_sign_digest; the
 * message, its pre-hash and the context are public).  Neither may take a
 * branch or read an address that depends on the secrets.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/digest/keccak.h"
#include "ctgrind.h"

static void check_x448(tv_rng *rng, const char *impl)
{
    uint8_t k[56], u[56], want[56], got[56];
    unsigned long before = errors();

    for (int t = 0; t < 3; t++) {
        tv_rng_fill(rng, k, 56);
        tv_rng_fill(rng, u, 56);
        if (t == 2)
            memset(u, 0, 56); /* low order: the all-zero secret */
        int want_rc = brisk_x448(want, k, u);
        secret(k, 56);
        secret(u, 56);
        int rc = brisk_x448(got, k, u);
        public(&rc, sizeof(rc));
        public(got, 56);
        public(u, 56);
        public(k, 56);
        tv_check_int(rc, want_rc, "%s rc, case %d", impl, t);
        tv_check_mem(got, want, 56, "%s derive, case %d", impl, t);
        brisk_x448_public(want, k);
        secret(k, 56);
        brisk_x448_public(got, k);
        public(got, 56);
        public(k, 56);
        tv_check_mem(got, want, 56, "%s public with a secret key, case %d", impl, t);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "x448 %s: memcheck saw %lu uses of secret data in branches or addresses",
             impl, n);
}

static void check_ed448(tv_rng *rng)
{
    uint8_t priv[57], pub[57], want[114], got[114], msg[100], ctx[8];
    unsigned long before = errors();

    for (int t = 0; t < 2; t++) {
        tv_rng_fill(rng, priv, 57);
        tv_rng_fill(rng, msg, sizeof(msg));
        tv_rng_fill(rng, ctx, sizeof(ctx));
        brisk_ed448_public(pub, priv); /* also builds the fixed-base table */
        brisk_ed448_sign(want, msg, sizeof(msg), ctx, (size_t)t * 8, priv, pub);
        uint8_t pub2[57];
        secret(priv, 57);
        brisk_ed448_public(pub2, priv);
        public(pub2, 57);
        tv_check_mem(pub2, pub, 57, "ed448 public with a secret key, case %d", t);
        secret(priv, 57);
        brisk_ed448_sign(got, msg, sizeof(msg), ctx, (size_t)t * 8, priv, pub);
        public(got, 114);
        tv_check_mem(got, want, 114, "ed448 sign with a secret key, case %d", t);
        secret(priv, 57);
        brisk_ed448_sign(got, msg, sizeof(msg), ctx, (size_t)t * 8, priv, NULL);
        public(got, 114);
        public(priv, 57);
        tv_check_mem(got, want, 114, "ed448 sign, public key computed, case %d", t);
        brisk_ed448ph_sign(want, msg, sizeof(msg), ctx, (size_t)t * 8, priv, pub);
        secret(priv, 57);
        brisk_ed448ph_sign(got, msg, sizeof(msg), ctx, (size_t)t * 8, priv, t ? NULL : pub);
        public(got, 114);
        public(priv, 57);
        tv_check_mem(got, want, 114, "ed448ph sign with a secret key, case %d", t);
        uint8_t ph[64]; /* the digest entry point; the pre-hash is public */
        brisk_shake256(ph, sizeof(ph), msg, sizeof(msg));
        secret(priv, 57);
        brisk_ed448ph_sign_digest(got, ph, 64, ctx, (size_t)t * 8, priv, t ? pub : NULL);
        public(got, 114);
        public(priv, 57);
        tv_check_mem(got, want, 114, "ed448ph sign_digest with a secret key, case %d", t);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "ed448: memcheck saw %lu uses of secret data in branches or addresses", n);
}

static void run(tv_rng *rng)
{
    char list[128];
    size_t i;
    const char *impl;

    for (i = 0; (impl = tv_impl_next("x448", &i)) != NULL;)
        check_x448(rng, impl);
    check_ed448(rng);
    tv_note("x448 tested: %s", tv_impl_list("x448", list, sizeof(list)));
}

int main(int argc, char **argv)
{
    return ct_main("ct_x448", argc, argv, run);
}
