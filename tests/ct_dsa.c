/*
 * tests/ct_dsa.c - constant-time check of DSA signing under valgrind's
 * memcheck (see ctgrind.h): the private key x is marked undefined, so the
 * RFC 6979 nonce derived from it is too, and memcheck reports any branch
 * or memory address that depends on either in brisk_dsa_sign_raw (hedged)
 * and brisk_dsa_sign_raw_deterministic.
 *
 * Signing may act on a value derived from the secrets once it is public:
 * whether a nonce candidate is in range, and r and s.  The library passes
 * those to brisk_ct_declassify, a weak hook it never defines; this program
 * defines it to mark them defined again.
 *
 * The bignum kernels are forced to portable C ("bn=c"): valgrind's CPU has
 * no AVX-512.  Keys are generated over the parameters of the Wycheproof
 * DSA-1024 (legacy dsa_test.json) and DSA-2048/256 groups.
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

static void test_sign(const char *rel, tv_rng *rng)
{
    static const char *const mds[] = {"sha1", "sha256", "sha512"};
    brisk_dsa_params pr;
    brisk_dsa_key key;
    size_t ql;

    if (!tv_wycheproof_dsa_params(&pr, rel) ||
        !tv_check_int(brisk_dsa_generate_key(&key, &pr), BRISK_EOK, "%s: generate_key", rel))
        return;
    ql = (brisk_bn_bits(&key.params.q) + 7) / 8;
    for (size_t i = 0; i < sizeof(mds) / sizeof(mds[0]); i++) {
        const brisk_digest *md = brisk_digest_by_name(mds[i]);
        uint8_t dgst[BRISK_DIGEST_MAX_LEN], want[2 * BRISK_DSA_MAX_Q_BYTES];
        uint8_t got[2 * BRISK_DSA_MAX_Q_BYTES];
        unsigned long before;
        int err;

        tv_rng_fill(rng, dgst, md->digest_len);
        tv_check_int(brisk_dsa_sign_raw_deterministic(&key, want, 2 * ql, md, dgst,
                                                      md->digest_len),
                     BRISK_EOK, "%s %s: sign", rel, md->name);
        before = errors();
        secret(key.x.d, key.x.n * sizeof(key.x.d[0]));
        err = brisk_dsa_sign_raw_deterministic(&key, got, 2 * ql, md, dgst, md->digest_len);
        public(key.x.d, key.x.n * sizeof(key.x.d[0]));
        public(&err, sizeof(err));
        public(got, sizeof(got));
        unsigned long n = errors() - before;
        tv_check_int(err, BRISK_EOK, "%s %s: sign with x secret", rel, md->name);
        tv_check_mem(got, want, 2 * ql, "%s %s: same signature", rel, md->name);
        tv_check(n == 0, "%s %s: memcheck saw %lu uses of x or k in branches or addresses", rel,
                 md->name, n);
        tv_check_int(brisk_dsa_verify_raw(&key, got, 2 * ql, dgst, md->digest_len), BRISK_EOK,
                     "%s %s: verify", rel, md->name);
        /* the default, hedged with random bytes, and its check before release */
        before = errors();
        secret(key.x.d, key.x.n * sizeof(key.x.d[0]));
        err = brisk_dsa_sign_raw(&key, got, 2 * ql, md, dgst, md->digest_len);
        public(key.x.d, key.x.n * sizeof(key.x.d[0]));
        public(&err, sizeof(err));
        public(got, sizeof(got));
        n = errors() - before;
        tv_check_int(err, BRISK_EOK, "%s %s: hedged sign with x secret", rel, md->name);
        tv_check(n == 0, "%s %s: hedged: memcheck saw %lu uses of x or k in branches or addresses",
                 rel, md->name, n);
    }
    brisk_dsa_key_cleanup(&key);
}

static void run(tv_rng *rng)
{
    if (!tv_check_int(brisk_impl_set("bn", "c"), BRISK_EOK, "bn=c"))
        return;
    test_sign("wycheproof/testvectors_legacy_v0/dsa_test.json", rng);
    test_sign("wycheproof/testvectors_v1/dsa_2048_256_sha256_p1363_test.json", rng);
    brisk_impl_set("bn", NULL);
}

int main(int argc, char **argv)
{
    return ct_main("ct_dsa", argc, argv, run);
}
