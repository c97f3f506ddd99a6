/*
 * tests/ct_ed25519.c - constant-time checks under valgrind's memcheck (see
 * tests/ctgrind.h): Ed25519's brisk_ed25519_public and brisk_ed25519_sign,
 * and the variants' brisk_ed25519ctx_sign, brisk_ed25519ph_sign and
 * brisk_ed25519ph_sign_digest (with a context), with the private key (seed) marked secret must take no
 * branch and read
 * no address that depends on it - SHA-512 of the seed, the clamped scalar,
 * the nonce, both fixed-base multiplications and S = r + k s mod L - for
 * every implementation of the "ed25519" primitive.  The message, the
 * context and the public key are public; the signature is made public again before it is
 * compared.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "ctgrind.h"

static void check(tv_rng *rng, const char *impl)
{
    uint8_t priv[32], pub[32], want[64], got[64], msg[100];
    unsigned long before = errors();

    for (int t = 0; t < 3; t++) {
        size_t len = t == 0 ? 0 : tv_rng_below(rng, sizeof(msg) + 1);
        tv_rng_fill(rng, priv, 32);
        tv_rng_fill(rng, msg, sizeof(msg));
        brisk_ed25519_public(pub, priv);
        brisk_ed25519_sign(want, msg, len, priv, pub);

        secret(priv, 32);
        brisk_ed25519_public(got, priv);
        public(got, 32);
        public(priv, 32);
        tv_check_mem(got, pub, 32, "%s public with a secret seed, case %d", impl, t);

        secret(priv, 32);
        brisk_ed25519_sign(got, msg, len, priv, pub);
        public(got, 64);
        public(priv, 32);
        tv_check_mem(got, want, 64, "%s sign with a secret seed, case %d", impl, t);

        secret(priv, 32);
        brisk_ed25519_sign(got, msg, len, priv, NULL);
        public(got, 64);
        public(priv, 32);
        tv_check_mem(got, want, 64, "%s sign (pub NULL) with a secret seed, case %d", impl, t);

        /* Ed25519ctx and Ed25519ph, the context public. */
        static const uint8_t ctx[] = "context";
        brisk_ed25519ctx_sign(want, msg, len, ctx, 7, priv, pub);
        secret(priv, 32);
        brisk_ed25519ctx_sign(got, msg, len, ctx, 7, priv, t == 2 ? NULL : pub);
        public(got, 64);
        public(priv, 32);
        tv_check_mem(got, want, 64, "%s Ed25519ctx sign with a secret seed, case %d", impl, t);
        brisk_ed25519ph_sign(want, msg, len, ctx, (size_t)t * 3, priv, pub);
        secret(priv, 32);
        brisk_ed25519ph_sign(got, msg, len, ctx, (size_t)t * 3, priv, t == 1 ? NULL : pub);
        public(got, 64);
        public(priv, 32);
        tv_check_mem(got, want, 64, "%s Ed25519ph sign with a secret seed, case %d", impl, t);
        /* The digest entry point, the pre-hash public as the message is. */
        uint8_t ph[64];
        brisk_sha512(ph, msg, len);
        secret(priv, 32);
        brisk_ed25519ph_sign_digest(got, ph, 64, ctx, (size_t)t * 3, priv, t == 0 ? NULL : pub);
        public(got, 64);
        public(priv, 32);
        tv_check_mem(got, want, 64, "%s Ed25519ph sign_digest with a secret seed, case %d", impl,
                     t);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "%s: memcheck saw %lu uses of secret data in branches or addresses", impl,
             n);
}

static void run(tv_rng *rng)
{
    char list[128];
    size_t i;
    const char *impl;

    for (i = 0; (impl = tv_impl_next("ed25519", &i)) != NULL;)
        check(rng, impl);
    tv_note("ed25519 tested: %s", tv_impl_list("ed25519", list, sizeof(list)));
}

int main(int argc, char **argv)
{
    return ct_main("ct_ed25519", argc, argv, run);
}
