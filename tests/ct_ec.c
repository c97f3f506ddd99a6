/*
 * tests/ct_ec.c - constant-time checks of the NIST curves under valgrind's
 * memcheck (see ctgrind.h): with the private key marked undefined, memcheck
 * reports any branch or memory address that depends on it (or on the
 * RFC 6979 nonce derived from it) in brisk_ec_public (k G), brisk_ecdh
 * (k P) and ECDSA signing, hedged and deterministic, on P-256, P-384 and
 * P-521, under every implementation of the "nist" primitive this CPU
 * can run.
 *
 * The library may act on values derived from the secrets once they are
 * public: whether the key or a nonce candidate is in range, r and s, and
 * the public key it computed.  It passes those to brisk_ct_declassify, a
 * weak hook it never defines; this program defines it to mark them
 * defined again.
 *
 * valgrind's CPUID hides ADX, so the "adx" implementation (mulx/adx
 * products, P-256's AVX2 table scans) is not among those the dispatcher
 * offers there; where the host CPU has BMI2, ADX and AVX2 it is forced
 * (brisk_impl_force) and checked as well.
 *
 * --canary leaks on purpose and succeeds only if memcheck notices.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/internal.h"
#include "ctgrind.h"
#include "vectors.h"

void brisk_ct_declassify(const void *p, size_t len);

void brisk_ct_declassify(const void *p, size_t len)
{
    public(p, len);
}

static void check(brisk_ec_curve cv, tv_rng *rng, const char *impl)
{
    char name[32];
    const size_t len = brisk_ec_bytes(cv), plen = 1 + 2 * len;
    const brisk_digest *md = brisk_digest_by_name("sha256");
    uint8_t d[BRISK_EC_MAX_BYTES], pub[BRISK_EC_MAX_POINT], peer_d[BRISK_EC_MAX_BYTES],
        peer[BRISK_EC_MAX_POINT], got[BRISK_EC_MAX_POINT], want[BRISK_EC_MAX_POINT],
        sig[2 * BRISK_EC_MAX_BYTES], dg[32];
    unsigned long before = errors();
    int rc;

    snprintf(name, sizeof(name), "%s [%s]", brisk_ec_curve_name(cv), impl);
    tv_rng_fill(rng, dg, sizeof(dg));
    brisk_ec_keygen(cv, d, pub); /* tables made, outside the check */
    brisk_ec_keygen(cv, peer_d, peer);

    secret(d, len);
    rc = brisk_ec_public(cv, got, d);
    public(&rc, sizeof(rc));
    public(got, plen);
    public(d, len);
    tv_check_int(rc, 0, "%s public rc", name);
    tv_check_mem(got, pub, plen, "%s public with a secret key", name);

    brisk_ecdh(cv, want, peer_d, pub, plen);
    secret(d, len);
    rc = brisk_ecdh(cv, got, d, peer, plen);
    public(&rc, sizeof(rc));
    public(got, len);
    public(d, len);
    tv_check_int(rc, 0, "%s ecdh rc", name);
    tv_check_mem(got, want, len, "%s ECDH with a secret key", name);

    secret(d, len);
    rc = brisk_ecdsa_sign_raw_deterministic(cv, d, sig, 2 * len, md, dg, sizeof(dg));
    public(&rc, sizeof(rc));
    public(sig, 2 * len);
    public(d, len);
    tv_check_int(rc, 0, "%s deterministic sign rc", name);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, sig, 2 * len, dg, sizeof(dg)), 0,
                 "%s deterministic signature verifies", name);

    secret(d, len);
    rc = brisk_ecdsa_sign_raw(cv, d, sig, 2 * len, md, dg, sizeof(dg));
    public(&rc, sizeof(rc));
    public(sig, 2 * len);
    public(d, len);
    tv_check_int(rc, 0, "%s hedged sign rc", name);
    tv_check_int(brisk_ecdsa_verify_raw(cv, pub, plen, sig, 2 * len, dg, sizeof(dg)), 0,
                 "%s hedged signature verifies", name);

    unsigned long n = errors() - before;
    tv_check(n == 0, "%s: memcheck saw %lu uses of secret data in branches or addresses", name,
             n);
}

static void run(tv_rng *rng)
{
    const char *impl;
    int adx_done = 0;

    for (size_t it = 0; (impl = tv_impl_next("nist", &it)) != NULL;) {
        check(BRISK_EC_P256, rng, impl);
        check(BRISK_EC_P384, rng, impl);
        check(BRISK_EC_P521, rng, impl);
        adx_done |= strcmp(impl, "adx") == 0;
    }
#ifdef BRISK_X86_64
    static const char *const adx_flags[] = {"bmi2", "adx", "avx2", NULL};
    if (!adx_done && host_has(adx_flags)) {
        tv_check_int(brisk_impl_force("nist", "adx"), BRISK_EOK, "brisk_impl_force(nist, adx)");
        check(BRISK_EC_P256, rng, "adx, forced");
        check(BRISK_EC_P384, rng, "adx, forced");
        check(BRISK_EC_P521, rng, "adx, forced");
        brisk_impl_set("nist", NULL);
    }
#else
    (void)adx_done;
#endif
}

int main(int argc, char **argv)
{
    return ct_main("ct_ec", argc, argv, run);
}
