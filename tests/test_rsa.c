/*
 * tests/test_rsa.c - RSA (src/pk/rsa*.c): Wycheproof's PKCS#1 v1.5
 * verification files (rsa_signature_*), signature generation files
 * (rsa_pkcs1_*_sig_gen: the exact signature recreated from n, e and d, the
 * files giving no factors: they are recovered here after NIST SP 800-56B
 * rev. 2 Appendix C.2) and PSS verification files (rsa_pss_*), for every bignum
 * implementation this CPU can run; key generation at several sizes (the
 * numbers checked for consistency), raw and signature round trips, every
 * PSS salt choice, a modulus of 8k + 1 bits (PSS's shorter EM), the
 * blinding pair's renewal and consistency, and the
 * error cases (bad sizes, inputs, keys, and a faulty CRT exponent caught by
 * the private operation's check); OAEP and PKCS#1 v1.5 encryption round
 * trips and bad inputs, and PKCS#1 v1.5 signature recovery.  BRISK_TEST_QUICK (for emulators) skips
 * the 3072- and 4096-bit keygen and signature generation files and signs
 * with two tests a group (verifying all); BRISK_TEST_VERBOSE times each
 * file.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <brisk/brisk.h>

#include "vectors.h"

static const char *const md_names[] = {"md5", "sha1", "rmd160", "sha224", "sha256",
                                       "sha384", "sha512", "sha512-224", "sha512-256"};
#define N_MDS (sizeof(md_names) / sizeof(md_names[0]))

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- Building keys ---- */

static int bn_hex(brisk_bn *r, tv_json *obj, const char *key)
{
    size_t len;
    const uint8_t *p = tv_json_hex(obj, key, &len);
    return p != NULL && brisk_bn_from_bytes(r, p, len) == 0 ? 0 : -1;
}

/* crt_from_pq fills d, dp, dq and qinv from n, e, p, q, with d = e^-1 mod
 * (p-1)(q-1) computed as (1 + phi (e - u)) / e, u = (phi mod e)^-1 mod e,
 * through the variable-time division (an independent route from keygen's). */
static int crt_from_pq(brisk_rsa_key *k)
{
    static brisk_bn one, pm1, qm1, phi, t, u;
    int err = 0;

    brisk_bn_from_u64(&one, 1);
    err |= brisk_bn_sub(&pm1, &k->p, &one);
    err |= brisk_bn_sub(&qm1, &k->q, &one);
    if (k->d.n == 0 || brisk_bn_is_zero(&k->d)) {
        err |= brisk_bn_mul(&phi, &pm1, &qm1);
        err |= brisk_bn_div(NULL, &t, &phi, &k->e);
        err |= brisk_bn_mod_inverse(&u, &t, &k->e);
        err |= brisk_bn_sub(&u, &k->e, &u);
        err |= brisk_bn_mul(&t, &phi, &u);
        err |= brisk_bn_add(&t, &t, &one);
        err |= brisk_bn_div(&k->d, NULL, &t, &k->e);
    }
    err |= brisk_bn_div(NULL, &k->dp, &k->d, &pm1);
    err |= brisk_bn_div(NULL, &k->dq, &k->d, &qm1);
    err |= brisk_bn_div(NULL, &t, &k->q, &k->p);
    err |= brisk_bn_mod_inverse(&k->qinv, &t, &k->p);
    k->has_private = 1;
    return err;
}

/* recover_factors finds p and q from n, e, d (NIST SP 800-56B rev. 2,
 * Appendix C.2): with k = d e - 1 = 2^t r, r odd, some g^(2^i r) is a
 * non-trivial square root of 1 for random g, and gcd(it - 1, n) = p. */
static int recover_factors(brisk_rsa_key *k)
{
    static brisk_bn one, two, nm1, kk, r, y, x, g;
    brisk_bn_mont mont;
    size_t t = 0;

    brisk_bn_from_u64(&one, 1);
    brisk_bn_from_u64(&two, 2);
    if (brisk_bn_mont_init(&mont, &k->n) != 0 || brisk_bn_sub(&nm1, &k->n, &one) != 0 ||
        brisk_bn_mul(&kk, &k->d, &k->e) != 0 || brisk_bn_sub(&kk, &kk, &one) != 0)
        return -1;
    r = kk;
    while (!brisk_bn_is_odd(&r)) {
        brisk_bn_div(&r, NULL, &r, &two);
        t++;
    }
    for (uint64_t gv = 2; gv < 200; gv++) {
        brisk_bn_from_u64(&g, gv);
        brisk_bn_resize(&g, k->n.n);
        brisk_bn_mod_exp_public(&y, &g, &r, &mont);
        if (brisk_bn_cmp(&y, &one) == 0 || brisk_bn_cmp(&y, &nm1) == 0)
            continue;
        for (size_t i = 0; i < t; i++) {
            brisk_bn_mod_mul(&x, &y, &y, &k->n);
            if (brisk_bn_cmp(&x, &nm1) == 0)
                break;
            if (brisk_bn_cmp(&x, &one) == 0) {
                brisk_bn_sub(&y, &y, &one);
                brisk_bn_gcd(&k->p, &y, &k->n);
                brisk_bn_div(&k->q, NULL, &k->n, &k->p);
                brisk_bn_normalize(&k->p);
                brisk_bn_normalize(&k->q);
                return crt_from_pq(k);
            }
            y = x;
        }
    }
    return -1;
}

static int public_key_from_json(brisk_rsa_key *k, tv_json *obj)
{
    memset(k, 0, sizeof(*k));
    if (obj == NULL || bn_hex(&k->n, obj, "modulus") != 0 ||
        bn_hex(&k->e, obj, "publicExponent") != 0)
        return -1;
    return brisk_rsa_key_prepare(k);
}

static int private_key_from_json(brisk_rsa_key *k, tv_json *obj)
{
    memset(k, 0, sizeof(*k));
    if (obj == NULL || bn_hex(&k->n, obj, "modulus") != 0 ||
        bn_hex(&k->e, obj, "publicExponent") != 0 || bn_hex(&k->d, obj, "privateExponent") != 0)
        return -1;
    brisk_bn_normalize(&k->n);
    brisk_bn_normalize(&k->e);
    double t0 = now();
    if (recover_factors(k) != 0)
        return -1;
    double t1 = now();
    int err = brisk_rsa_key_prepare(k);
    if (getenv("BRISK_TEST_VERBOSE"))
        tv_note("%zu bits: recover %.3f s, prepare %.3f s", k->bits, t1 - t0, now() - t1);
    return err;
}

/* ---- Wycheproof ---- */

typedef enum { WP_PKCS1, WP_PKCS1_GEN, WP_PSS } wp_kind;

static const struct {
    const char *file;
    wp_kind kind;
} wp_files[] = {
    {"rsa_signature_2048_sha224_test.json", WP_PKCS1},
    {"rsa_signature_2048_sha256_test.json", WP_PKCS1},
    {"rsa_signature_2048_sha384_test.json", WP_PKCS1},
    {"rsa_signature_2048_sha512_224_test.json", WP_PKCS1},
    {"rsa_signature_2048_sha512_256_test.json", WP_PKCS1},
    {"rsa_signature_2048_sha512_test.json", WP_PKCS1},
    {"rsa_signature_3072_sha256_test.json", WP_PKCS1},
    {"rsa_signature_3072_sha384_test.json", WP_PKCS1},
    {"rsa_signature_3072_sha512_256_test.json", WP_PKCS1},
    {"rsa_signature_3072_sha512_test.json", WP_PKCS1},
    {"rsa_signature_4096_sha256_test.json", WP_PKCS1},
    {"rsa_signature_4096_sha384_test.json", WP_PKCS1},
    {"rsa_signature_4096_sha512_256_test.json", WP_PKCS1},
    {"rsa_signature_4096_sha512_test.json", WP_PKCS1},
    {"rsa_pkcs1_1024_sig_gen_test.json", WP_PKCS1_GEN},
    {"rsa_pkcs1_1536_sig_gen_test.json", WP_PKCS1_GEN},
    {"rsa_pkcs1_2048_sig_gen_test.json", WP_PKCS1_GEN},
    {"rsa_pkcs1_3072_sig_gen_test.json", WP_PKCS1_GEN},
    {"rsa_pkcs1_4096_sig_gen_test.json", WP_PKCS1_GEN},
    {"rsa_pss_2048_sha1_mgf1_20_params_test.json", WP_PSS},
    {"rsa_pss_2048_sha1_mgf1_20_test.json", WP_PSS},
    {"rsa_pss_2048_sha256_mgf1_0_params_test.json", WP_PSS},
    {"rsa_pss_2048_sha256_mgf1_0_test.json", WP_PSS},
    {"rsa_pss_2048_sha256_mgf1_32_params_test.json", WP_PSS},
    {"rsa_pss_2048_sha256_mgf1_32_test.json", WP_PSS},
    {"rsa_pss_2048_sha256_mgf1sha1_20_test.json", WP_PSS},
    {"rsa_pss_2048_sha384_mgf1_48_test.json", WP_PSS},
    {"rsa_pss_2048_sha512_224_mgf1_28_test.json", WP_PSS},
    {"rsa_pss_2048_sha512_256_mgf1_32_test.json", WP_PSS},
    {"rsa_pss_2048_sha512_mgf1sha256_32_params_test.json", WP_PSS},
    {"rsa_pss_3072_sha256_mgf1_32_params_test.json", WP_PSS},
    {"rsa_pss_3072_sha256_mgf1_32_test.json", WP_PSS},
    {"rsa_pss_4096_sha256_mgf1_32_test.json", WP_PSS},
    {"rsa_pss_4096_sha384_mgf1_48_test.json", WP_PSS},
    {"rsa_pss_4096_sha512_mgf1_32_params_test.json", WP_PSS},
    {"rsa_pss_4096_sha512_mgf1_32_test.json", WP_PSS},
    {"rsa_pss_4096_sha512_mgf1_64_params_test.json", WP_PSS},
    {"rsa_pss_4096_sha512_mgf1_64_test.json", WP_PSS},
    {"rsa_pss_misc_params_test.json", WP_PSS},
    {"rsa_pss_misc_test.json", WP_PSS},
};

/* wp_test runs one test of a group whose key and digests are set; returns
 * 1 when the signature was accepted. */
static int wp_test(wp_kind kind, brisk_rsa_key *key, const brisk_digest *md,
                   const brisk_digest *mgf, long slen, tv_json *test, const char *where,
                   int sign)
{
    static uint8_t sig2[BRISK_RSA_MAX_BYTES];
    uint8_t h[BRISK_DIGEST_MAX_LEN];
    size_t msg_len, sig_len;
    const uint8_t *msg = tv_json_hex(test, "msg", &msg_len);
    const uint8_t *sig = tv_json_hex(test, "sig", &sig_len);

    if (!tv_check(msg && sig, "%s: malformed test", where))
        return -1;
    brisk_digest_oneshot(md, h, msg, msg_len);
    if (kind == WP_PSS)
        return brisk_rsa_verify_pss(key, sig, sig_len, md, mgf, (int)slen, h,
                                    md->digest_len) == 0;
    if (kind == WP_PKCS1_GEN && sign) {
        int err = brisk_rsa_sign_pkcs1(key, sig2, sizeof(sig2), md, h, md->digest_len);
        tv_check(err == 0 && sig_len == brisk_rsa_size(key) && memcmp(sig2, sig, sig_len) == 0,
                 "%s: signature not recreated (err %d)", where, err);
    }
    return brisk_rsa_verify_pkcs1(key, sig, sig_len, md, h, md->digest_len) == 0;
}

/* wp_group sets up one group's key and digests; 0 when usable. */
static int wp_group(wp_kind kind, brisk_rsa_key *key, tv_json *g, const brisk_digest **md,
                    const brisk_digest **mgf, long *slen)
{
    const char *sha = tv_json_string(g, "sha"), *mgf_sha = tv_json_string(g, "mgfSha");
    const char *s = tv_json_string(g, "sLen");

    *md = sha ? brisk_digest_by_name(sha) : NULL;
    *mgf = mgf_sha ? brisk_digest_by_name(mgf_sha) : NULL;
    *slen = -1;
    if (kind == WP_PSS) {
        /* sLen is a number in v1 files (a string in some older ones). */
        if (tv_json_long(g, "sLen", slen) != 0 && s != NULL)
            *slen = strtol(s, NULL, 10);
        if (*mgf == NULL || *slen < 0 || strcmp(tv_json_string(g, "mgf"), "MGF1") != 0)
            return -1;
    }
    if (*md == NULL)
        return -1;
    if (kind == WP_PKCS1_GEN)
        return private_key_from_json(key, tv_json_get(g, "privateKey"));
    return public_key_from_json(key, tv_json_get(g, "publicKey"));
}

static void test_wycheproof_file(const char *file, wp_kind kind, const char *impl)
{
    static brisk_rsa_key key;
    char rel[200], where[300];
    tv_json *root;
    tv_wycheproof w = {NULL, NULL, NULL, 0, 0};
    tv_json *group = NULL;
    const brisk_digest *md = NULL, *mgf = NULL;
    long slen = -1, n = 0, expect = -1, id, in_group = 0;
    int group_ok = 0;

    snprintf(rel, sizeof(rel), "wycheproof/testvectors_v1/%s", file);
    root = tv_json_load(rel);
    if (root == NULL)
        return;
    w.root = root;
    while (tv_wycheproof_next(&w)) {
        int result = tv_wycheproof_result(&w);
        n++;
        if (tv_json_long(w.test, "tcId", &id) != 0)
            id = -1;
        snprintf(where, sizeof(where), "%s [bn=%s] tcId %ld", file, impl, id);
        if (w.group != group) {
            group = w.group;
            group_ok = wp_group(kind, &key, group, &md, &mgf, &slen) == 0;
            in_group = 0;
            tv_check(group_ok, "%s: group key or parameters unusable", where);
        }
        if (!group_ok || result == TV_RESULT_UNKNOWN)
            continue;
        /* BRISK_TEST_QUICK (emulators): sign with two tests a group, verify all. */
        int ok = wp_test(kind, &key, md, mgf, slen, w.test, where, !tv_quick() || in_group++ < 2);
        if (ok < 0)
            continue;
        if (result == TV_RESULT_VALID)
            tv_check(ok, "%s: valid signature rejected", where);
        else if (result == TV_RESULT_INVALID)
            tv_check(!ok, "%s: invalid signature accepted", where);
    }
    tv_check(tv_json_long(root, "numberOfTests", &expect) == 0 && n == expect,
             "%s: %ld tests, numberOfTests %ld", rel, n, expect);
    brisk_rsa_key_cleanup(&key);
    tv_json_free(root);
}

static void test_wycheproof(void)
{
    const char *impl;
    for (size_t it = 0; (impl = tv_impl_next("bn", &it)) != NULL;) {
        double t0 = now();
        for (size_t i = 0; i < sizeof(wp_files) / sizeof(wp_files[0]); i++) {
            /* Recovering the factors of the signing keys is the costly part:
             * under BRISK_TEST_QUICK only up to 2048 bits. */
            if (tv_quick() && wp_files[i].kind == WP_PKCS1_GEN &&
                (strstr(wp_files[i].file, "_3072_") || strstr(wp_files[i].file, "_4096_")))
                continue;
            double t1 = now();
            test_wycheproof_file(wp_files[i].file, wp_files[i].kind, impl);
            if (getenv("BRISK_TEST_VERBOSE"))
                tv_note("%s: %.3f s", wp_files[i].file, now() - t1);
        }
        tv_note("Wycheproof [bn=%s]: %.2f s", impl, now() - t0);
    }
}

/* ---- Generated keys ---- */

/* check_key_numbers checks n's size, p q = n, e d = 1 mod lcm(p-1, q-1)
 * (as mod p-1 and mod q-1), the CRT values, and FIPS 186-5's bounds. */
static void check_key_numbers(const brisk_rsa_key *k, size_t bits, uint64_t e)
{
    static brisk_bn one, t, pm1, qm1, ev;
    size_t half = bits / 2;

    brisk_bn_from_u64(&one, 1);
    brisk_bn_from_u64(&ev, e);
    tv_check_int((long long)brisk_bn_bits(&k->n), (long long)bits, "keygen %zu: bits of n", bits);
    tv_check_int((long long)k->bits, (long long)bits, "keygen %zu: key->bits", bits);
    tv_check_int((long long)brisk_rsa_size(k), (long long)(bits + 7) / 8, "keygen %zu: size", bits);
    tv_check(brisk_bn_cmp(&k->e, &ev) == 0, "keygen %zu: e", bits);
    tv_check(brisk_bn_bits(&k->p) == half && brisk_bn_bits(&k->q) == half,
             "keygen %zu: p, q of %zu bits", bits, half);
    brisk_bn_mul(&t, &k->p, &k->q);
    tv_check(brisk_bn_cmp(&t, &k->n) == 0, "keygen %zu: p q = n", bits);
    brisk_bn_sub(&pm1, &k->p, &one);
    brisk_bn_sub(&qm1, &k->q, &one);
    brisk_bn_mul(&t, &k->d, &k->e);
    brisk_bn_div(NULL, &t, &t, &pm1);
    tv_check(brisk_bn_cmp(&t, &one) == 0, "keygen %zu: e d = 1 mod p-1", bits);
    brisk_bn_mul(&t, &k->d, &k->e);
    brisk_bn_div(NULL, &t, &t, &qm1);
    tv_check(brisk_bn_cmp(&t, &one) == 0, "keygen %zu: e d = 1 mod q-1", bits);
    /* d < lcm(p-1, q-1) = (p-1)(q-1)/gcd: d gcd < (p-1)(q-1). */
    {
        static brisk_bn g, phi, dg;
        brisk_bn_gcd(&g, &pm1, &qm1);
        brisk_bn_mul(&phi, &pm1, &qm1);
        brisk_bn_mul(&dg, &k->d, &g);
        tv_check(brisk_bn_cmp(&dg, &phi) < 0, "keygen %zu: d < lcm(p-1, q-1)", bits);
    }
    tv_check(brisk_bn_bits(&k->d) > half, "keygen %zu: d > 2^(nlen/2)", bits);
    brisk_bn_div(NULL, &t, &k->d, &pm1);
    tv_check(brisk_bn_cmp(&t, &k->dp) == 0, "keygen %zu: dp", bits);
    brisk_bn_div(NULL, &t, &k->d, &qm1);
    tv_check(brisk_bn_cmp(&t, &k->dq) == 0, "keygen %zu: dq", bits);
    brisk_bn_mul(&t, &k->qinv, &k->q);
    brisk_bn_div(NULL, &t, &t, &k->p);
    tv_check(brisk_bn_cmp(&t, &one) == 0, "keygen %zu: qinv q = 1 mod p", bits);
    int p_prime = 0, q_prime = 0;
    tv_check(brisk_bn_is_probable_prime(&k->p, 0, &p_prime) == BRISK_EOK && p_prime &&
                 brisk_bn_is_probable_prime(&k->q, 0, &q_prime) == BRISK_EOK && q_prime,
             "keygen %zu: p and q prime", bits);
}

/* round_trips signs with every digest that fits, both paddings. */
static void round_trips(brisk_rsa_key *k, tv_rng *rng, const char *what)
{
    static uint8_t sig[BRISK_RSA_MAX_BYTES], x[BRISK_RSA_MAX_BYTES], y[BRISK_RSA_MAX_BYTES];
    uint8_t h[BRISK_DIGEST_MAX_LEN];
    size_t sz = brisk_rsa_size(k);

    /* Raw: x < n (top byte below n's), both orders. */
    tv_rng_fill(rng, x, sz);
    x[0] = 0;
    tv_check(brisk_rsa_private_op(k, y, x, sz) == 0 && brisk_rsa_public_op(k, y, y, sz) == 0 &&
                 memcmp(x, y, sz) == 0, "%s: raw private then public", what);
    tv_check(brisk_rsa_public_op(k, y, x, sz) == 0 && brisk_rsa_private_op(k, y, y, sz) == 0 &&
                 memcmp(x, y, sz) == 0, "%s: raw public then private", what);
    for (size_t i = 0; i < N_MDS; i++) {
        const brisk_digest *md = brisk_digest_by_name(md_names[i]);
        size_t dl = md->digest_len;
        tv_rng_fill(rng, h, dl);
        int err = brisk_rsa_sign_pkcs1(k, sig, sz, md, h, dl);
        if (sz >= dl + 19 + 11 || err != BRISK_EINVAL) {
            tv_check(err == 0 && brisk_rsa_verify_pkcs1(k, sig, sz, md, h, dl) == 0,
                     "%s: PKCS#1 v1.5 %s round trip (err %d)", what, md->name, err);
            h[dl - 1] ^= 1;
            tv_check(brisk_rsa_verify_pkcs1(k, sig, sz, md, h, dl) == BRISK_EVERIFY,
                     "%s: PKCS#1 v1.5 %s wrong digest rejected", what, md->name);
            h[dl - 1] ^= 1;
        }
        err = brisk_rsa_sign_pss(k, sig, sz, md, NULL, BRISK_RSA_PSS_SALT_DIGEST, h, dl);
        if (sz >= 2 * dl + 2 + 1 || err != BRISK_EINVAL) {
            tv_check(err == 0 && brisk_rsa_verify_pss(k, sig, sz, md, NULL,
                                                      BRISK_RSA_PSS_SALT_DIGEST, h, dl) == 0,
                     "%s: PSS %s round trip (err %d)", what, md->name, err);
            sig[sz / 2] ^= 0x10;
            tv_check(brisk_rsa_verify_pss(k, sig, sz, md, NULL, BRISK_RSA_PSS_SALT_AUTO, h,
                                          dl) == BRISK_EVERIFY,
                     "%s: PSS %s corrupted signature rejected", what, md->name);
        }
    }
}

static void test_keygen(tv_rng *rng)
{
    static brisk_rsa_key k;
    static const struct {
        size_t bits;
        uint64_t e;
        int slow;
    } sizes[] = {{512, 0, 0}, {512, 15, 0}, {776, 3, 0}, {1024, 0, 0}, {1030, 65539, 0},
                 {2048, 0, 0},
                 {3072, 0, 1}, {4096, 0, 1}};

    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        char what[64];
        uint64_t e = sizes[i].e ? sizes[i].e : 65537;
        if (sizes[i].slow && tv_quick())
            continue;
        double t0 = now();
        int err = brisk_rsa_generate(&k, sizes[i].bits, sizes[i].e);
        double t1 = now();
        snprintf(what, sizeof(what), "keygen %zu e=%llu", sizes[i].bits, (unsigned long long)e);
        if (!tv_check_int(err, 0, "%s", what))
            continue;
        tv_note("%s: %.2f s", what, t1 - t0);
        check_key_numbers(&k, sizes[i].bits, e);
        round_trips(&k, rng, what);
        brisk_rsa_key_cleanup(&k);
    }
}

/* make_key builds a private key from the primes of two generated keys, of
 * bits1 / 2 and bits2 / 2 bits: moduli of odd bit length, p < q and p > q. */
static int make_key(brisk_rsa_key *k, size_t bits1, size_t bits2)
{
    static brisk_rsa_key a, b;
    if (brisk_rsa_generate(&a, bits1, 0) != 0 || brisk_rsa_generate(&b, bits2, 0) != 0)
        return -1;
    memset(k, 0, sizeof(*k));
    k->p = a.p;
    k->q = b.p;
    brisk_bn_from_u64(&k->e, 65537);
    brisk_bn_mul(&k->n, &k->p, &k->q);
    brisk_bn_normalize(&k->n);
    brisk_rsa_key_cleanup(&a);
    brisk_rsa_key_cleanup(&b);
    if (crt_from_pq(k) != 0)
        return -1;
    return brisk_rsa_key_prepare(k);
}

/* test_pss_salts signs with every salt choice on a key of modBits = 8k + 1
 * (EM one byte shorter than the modulus) and one of 8k bits. */
static void test_pss_salts(tv_rng *rng)
{
    static brisk_rsa_key k;
    static uint8_t sig[BRISK_RSA_MAX_BYTES];
    const brisk_digest *md = brisk_digest_by_name("sha256"), *mgf = brisk_digest_by_name("sha1");
    uint8_t h[32];
    static const size_t shapes[][2] = {{1026, 1024}, {1024, 1026}, {1024, 1024}};

    tv_rng_fill(rng, h, sizeof(h));
    for (size_t s = 0; s < 3; s++) {
        if (!tv_check_int(make_key(&k, shapes[s][0], shapes[s][1]), 0, "PSS key %zu", s))
            continue;
        size_t sz = brisk_rsa_size(&k), em_len = (k.bits - 1 + 7) / 8;
        size_t max_salt = em_len - 32 - 2;
        const int salts[] = {BRISK_RSA_PSS_SALT_DIGEST, BRISK_RSA_PSS_SALT_MAX, 0, 1, 20, 32, 64,
                             (int)max_salt};
        tv_note("PSS salts on a %zu-bit modulus", k.bits);
        round_trips(&k, rng, "composed key");
        for (size_t i = 0; i < sizeof(salts) / sizeof(salts[0]); i++) {
            int sl = salts[i];
            int want = sl == BRISK_RSA_PSS_SALT_DIGEST ? 32 : sl == BRISK_RSA_PSS_SALT_MAX ? (int)max_salt : sl;
            int err = brisk_rsa_sign_pss(&k, sig, sz, md, mgf, sl, h, 32);
            if (!tv_check_int(err, 0, "PSS %zu bits salt %d: sign", k.bits, sl))
                continue;
            tv_check_int(brisk_rsa_verify_pss(&k, sig, sz, md, mgf, want, h, 32), 0,
                         "PSS %zu bits salt %d: verify with %d", k.bits, sl, want);
            tv_check_int(brisk_rsa_verify_pss(&k, sig, sz, md, mgf, BRISK_RSA_PSS_SALT_AUTO, h, 32),
                         0, "PSS %zu bits salt %d: verify auto", k.bits, sl);
            tv_check_int(brisk_rsa_verify_pss(&k, sig, sz, md, mgf, want + 1, h, 32),
                         BRISK_EVERIFY, "PSS %zu bits salt %d: verify with %d", k.bits, sl,
                         want + 1);
            tv_check_int(brisk_rsa_verify_pss(&k, sig, sz, md, NULL, want, h, 32), BRISK_EVERIFY,
                         "PSS %zu bits salt %d: verify with another MGF1 digest", k.bits, sl);
            tv_check_int(brisk_rsa_verify_pss(&k, sig, sz - 1, md, mgf, want, h, 32),
                         BRISK_EVERIFY, "PSS %zu bits salt %d: short signature", k.bits, sl);
        }
        tv_check_int(brisk_rsa_sign_pss(&k, sig, sz, md, mgf, (int)max_salt + 1, h, 32),
                     BRISK_EINVAL, "PSS %zu bits: salt one byte too long", k.bits);
        tv_check_int(brisk_rsa_sign_pss(&k, sig, sz, md, mgf, -7, h, 32), BRISK_EINVAL,
                     "PSS %zu bits: bad salt choice", k.bits);
        brisk_rsa_key_cleanup(&k);
    }
}

/* ---- Errors ---- */

/* test_blinding checks that each private operation renews the blinding
 * pair (a fixed pair would let an attacker who learns it unblind) and
 * keeps it consistent: blind unblind^e = 1 mod n, the pair being kept in
 * Montgomery form (x R mod n, R = 2^(64 n's limbs)). */
static void test_blinding(void)
{
    static brisk_rsa_key k;
    static brisk_bn before, t, u, r, rinv, one;
    static uint8_t in[BRISK_RSA_MAX_BYTES], out[BRISK_RSA_MAX_BYTES];
    brisk_bn_mont mont;

    brisk_bn_from_u64(&one, 1);
    if (!tv_check_int(brisk_rsa_generate(&k, 1024, 0), 0, "keygen for blinding"))
        return;
    size_t sz = brisk_rsa_size(&k);
    in[sz - 1] = 5;
    brisk_bn_mont_init(&mont, &k.n);
    brisk_bn_zero(&r, k.n.n + 1);
    r.d[k.n.n] = 1;
    brisk_bn_mod(&r, &r, &k.n);
    tv_check_int(brisk_bn_mod_inverse(&rinv, &r, &k.n), 0, "blinding: R^-1 mod n");
    for (int i = 0; i < 3; i++) {
        before = k.blind;
        tv_check_int(brisk_rsa_private_op(&k, out, in, sz), 0, "blinding: private op %d", i);
        tv_check(brisk_bn_cmp(&before, &k.blind) != 0, "blinding: pair renewed by op %d", i);
        brisk_bn_mod_mul(&u, &k.unblind, &rinv, &k.n);
        brisk_bn_mod_exp_public(&t, &u, &k.e, &mont);
        brisk_bn_mod_mul(&u, &k.blind, &rinv, &k.n);
        brisk_bn_mod_mul(&t, &t, &u, &k.n);
        tv_check(brisk_bn_cmp(&t, &one) == 0, "blinding: r^e (r^-1)^e = 1 after op %d", i);
    }
    brisk_rsa_key_cleanup(&k);
}

static void test_bad_keys(void)
{
    static brisk_rsa_key good, k;
    static brisk_bn one;

    brisk_bn_from_u64(&one, 1);
    if (!tv_check_int(brisk_rsa_generate(&good, 1024, 0), 0, "keygen for bad-key tests"))
        return;
    tv_check_int(brisk_rsa_generate(&k, 1023, 0), BRISK_EINVAL, "generate odd bits");
    tv_check_int(brisk_rsa_generate(&k, 510, 0), BRISK_EINVAL, "generate 510 bits");
    tv_check_int(brisk_rsa_generate(&k, 4098, 0), BRISK_EINVAL, "generate 4098 bits");
    tv_check_int(brisk_rsa_generate(&k, 1024, 4), BRISK_EINVAL, "generate even e");
    tv_check_int(brisk_rsa_generate(&k, 1024, 1), BRISK_EINVAL, "generate e = 1");

    k = good;
    tv_check_int(brisk_rsa_key_prepare(&k), 0, "prepare a copy of a good key");
    k = good;
    brisk_bn_add(&k.n, &k.n, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with even n");
    k = good;
    brisk_bn_add(&k.n, &k.n, &one);
    brisk_bn_add(&k.n, &k.n, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with p q != n");
    k = good;
    k.has_private = 0;
    brisk_bn_add(&k.n, &k.n, &one);
    brisk_bn_add(&k.n, &k.n, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), 0, "prepare public key with another odd n");
    k = good;
    brisk_bn_from_u64(&k.e, 1);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with e = 1");
    k = good;
    brisk_bn_from_u64(&k.e, 65536);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with even e");
    k = good;
    brisk_bn_from_u64(&k.e, 3);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with e not matching d");
    k = good;
    brisk_bn_add(&k.dp, &k.dp, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with dp + 1");
    k = good;
    brisk_bn_add(&k.dq, &k.dq, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with dq + 1");
    k = good;
    brisk_bn_add(&k.qinv, &k.qinv, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with qinv + 1");
    k = good;
    brisk_bn_add(&k.d, &k.d, &one);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with d + 1");
    k = good;
    brisk_bn_zero(&k.p, 0);
    brisk_bn_zero(&k.q, 0);
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare without p and q");
    k = good;
    k.has_private = 0;
    brisk_bn_zero(&k.n, 1);
    brisk_bn_from_u64(&k.n, 0xffffffffffffffc5u); /* 64 bits: too small */
    tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "prepare with a 64-bit n");
    brisk_rsa_key_cleanup(&good);
    brisk_rsa_key_cleanup(&k);
}

/* public_of sets k to a public key of n = 2^(bits-1) + 2^(bits/2) + 1 (a
 * public key's n is not factored) and e = hi 2^64 + lo, prepared. */
static int public_of(brisk_rsa_key *k, size_t bits, uint64_t hi, uint64_t lo)
{
    uint8_t n[512] = {0}, e[16];
    size_t len = bits / 8;

    memset(k, 0, sizeof(*k));
    n[0] = 0x80;
    n[len / 2] = 1;
    n[len - 1] = 1;
    for (int i = 0; i < 8; i++) {
        e[i] = (uint8_t)(hi >> (56 - 8 * i));
        e[8 + i] = (uint8_t)(lo >> (56 - 8 * i));
    }
    brisk_bn_from_bytes(&k->n, n, len);
    brisk_bn_from_bytes(&k->e, e, sizeof(e));
    return brisk_rsa_key_prepare(k);
}

/* test_exponent_bounds: e of more than 64 bits is refused above 3072 bits
 * of n, as OpenSSL does (a verification with it would cost a private
 * operation), and taken up to 3072 bits; the public operation refuses an
 * e changed after preparing. */
static void test_exponent_bounds(void)
{
    static brisk_rsa_key k;
    uint8_t in[512] = {0}, out[512];

    tv_check_int(public_of(&k, 4096, 1, 1), BRISK_EINVAL, "n 4096 bits, e of 65 bits");
    tv_check_int(public_of(&k, 4096, 0, 0xffffffffffffffc5u), BRISK_EOK,
                 "n 4096 bits, e of 64 bits");
    tv_check_int(public_of(&k, 4096, 0, 0x10000), BRISK_EINVAL, "n 4096 bits, even e");
    tv_check_int(public_of(&k, 3072, 1, 1), BRISK_EOK, "n 3072 bits, e of 65 bits");
    tv_check_int(public_of(&k, 4096, 0, 65537), BRISK_EOK, "n 4096 bits, e = 65537");
    brisk_bn_from_u64(&k.d, 1); /* e of 65 bits set after preparing */
    brisk_bn_add(&k.e, &k.e, &k.d);
    brisk_bn_from_u64(&k.d, 1ull << 63);
    brisk_bn_add(&k.e, &k.e, &k.d);
    brisk_bn_add(&k.e, &k.e, &k.d);
    tv_check_int(brisk_rsa_public_op(&k, out, in, 512), BRISK_EINVAL,
                 "public_op with e of 65 bits and n of 4096");
    brisk_rsa_key_cleanup(&k);
}

/* test_composite_p: a private key whose p is the product of two primes,
 * with d, dp, dq and qinv computed from that p (so every consistency
 * check holds), is refused.  Before issue 25 it was prepared, and only
 * the fault check of each signature stopped its use. */
static void test_composite_p(void)
{
    static brisk_rsa_key a, b, c, k;

    if (!tv_check(brisk_rsa_generate(&a, 512, 0) == 0 && brisk_rsa_generate(&b, 512, 0) == 0 &&
                      brisk_rsa_generate(&c, 1024, 0) == 0,
                  "composite p: keygen"))
        return;
    memset(&k, 0, sizeof(k));
    brisk_bn_mul(&k.p, &a.p, &b.p); /* 512 bits, composite */
    brisk_bn_normalize(&k.p);
    k.q = c.p;
    brisk_bn_from_u64(&k.e, 65537);
    brisk_bn_mul(&k.n, &k.p, &k.q);
    brisk_bn_normalize(&k.n);
    if (tv_check_int(crt_from_pq(&k), 0, "composite p: CRT values"))
        tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "composite p refused");
    /* and the same with the roles swapped: composite q */
    brisk_bn_copy(&k.q, &k.p);
    k.p = c.p;
    brisk_bn_zero(&k.d, 1);
    if (tv_check_int(crt_from_pq(&k), 0, "composite q: CRT values"))
        tv_check_int(brisk_rsa_key_prepare(&k), BRISK_EINVAL, "composite q refused");
    brisk_rsa_key_cleanup(&a);
    brisk_rsa_key_cleanup(&b);
    brisk_rsa_key_cleanup(&c);
    brisk_rsa_key_cleanup(&k);
}

static void test_bad_inputs(void)
{
    static brisk_rsa_key k;
    static uint8_t in[BRISK_RSA_MAX_BYTES + 1], out[BRISK_RSA_MAX_BYTES + 1],
        out2[BRISK_RSA_MAX_BYTES + 1];
    const brisk_digest *sha256 = brisk_digest_by_name("sha256");
    const brisk_digest *sha512 = brisk_digest_by_name("sha512");
    const brisk_digest *md4 = brisk_digest_by_name("md4");
    uint8_t h[64] = {1, 2, 3};
    static brisk_bn one;

    brisk_bn_from_u64(&one, 1);
    if (!tv_check_int(brisk_rsa_generate(&k, 512, 0), 0, "keygen 512 for bad inputs"))
        return;
    size_t sz = brisk_rsa_size(&k);
    tv_check_int((long long)sz, 64, "512-bit key size");

    /* Raw inputs: wrong length, n itself, above n. */
    brisk_bn_to_bytes(in, sz, &k.n);
    tv_check_int(brisk_rsa_public_op(&k, out, in, sz), BRISK_EINVAL, "public op on n");
    tv_check_int(brisk_rsa_private_op(&k, out, in, sz), BRISK_EINVAL, "private op on n");
    memset(in, 0xff, sz);
    tv_check_int(brisk_rsa_public_op(&k, out, in, sz), BRISK_EINVAL, "public op on ff..ff");
    tv_check_int(brisk_rsa_private_op(&k, out, in, sz), BRISK_EINVAL, "private op on ff..ff");
    memset(in, 0, sz + 1);
    tv_check_int(brisk_rsa_public_op(&k, out, in, sz - 1), BRISK_EINVAL, "public op short");
    tv_check_int(brisk_rsa_private_op(&k, out, in, sz + 1), BRISK_EINVAL, "private op long");

    /* Signatures: room, digest length, sizes that do not fit. */
    tv_check_int(brisk_rsa_sign_pkcs1(&k, out, sz - 1, sha256, h, 32), BRISK_ENOSPACE,
                 "PKCS#1 sign into a short buffer");
    tv_check_int(brisk_rsa_sign_pkcs1(&k, out, sz, sha256, h, 31), BRISK_EINVAL,
                 "PKCS#1 sign with a wrong digest length");
    tv_check_int(brisk_rsa_sign_pkcs1(&k, out, sz, sha512, h, 64), BRISK_EINVAL,
                 "PKCS#1 SHA-512 on a 512-bit key (DigestInfo does not fit)");
    tv_check_int(brisk_rsa_sign_pkcs1(&k, out, sz, md4, h, 16), BRISK_EINVAL,
                 "PKCS#1 with a digest without DigestInfo");
    tv_check_int(brisk_rsa_sign_pss(&k, out, sz, sha512, NULL, 0, h, 64), BRISK_EINVAL,
                 "PSS SHA-512 on a 512-bit key");
    tv_check_int(brisk_rsa_sign_pss(&k, out, sz, sha256, NULL, 31, h, 32), BRISK_EINVAL,
                 "PSS SHA-256 salt 31 on a 512-bit key (emLen 64 < 32 + 31 + 2)");
    tv_check_int(brisk_rsa_sign_pss(&k, out, sz, sha256, NULL, 30, h, 32), 0,
                 "PSS SHA-256 salt 30 on a 512-bit key (the largest)");
    tv_check_int(brisk_rsa_sign_pss(&k, out, sz, sha256, NULL, 0, h, 31), BRISK_EINVAL,
                 "PSS sign with a wrong digest length");
    tv_check_int(brisk_rsa_sign_pss(&k, out, sz - 1, sha256, NULL, 0, h, 32), BRISK_ENOSPACE,
                 "PSS sign into a short buffer");
    tv_check_int(brisk_rsa_sign_pkcs1(&k, out, sz, sha256, h, 32), 0, "PKCS#1 sign");
    tv_check_int(brisk_rsa_verify_pkcs1(&k, out, sz - 1, sha256, h, 32), BRISK_EVERIFY,
                 "PKCS#1 verify short signature");
    tv_check_int(brisk_rsa_verify_pkcs1(&k, out, sz + 1, sha256, h, 32), BRISK_EVERIFY,
                 "PKCS#1 verify long signature");
    tv_check_int(brisk_rsa_verify_pkcs1(&k, out, sz, sha256, h, 31), BRISK_EVERIFY,
                 "PKCS#1 verify wrong digest length");
    brisk_bn_to_bytes(in, sz, &k.n);
    tv_check_int(brisk_rsa_verify_pkcs1(&k, in, sz, sha256, h, 32), BRISK_EVERIFY,
                 "PKCS#1 verify signature = n");

    /* A public key cannot sign. */
    {
        static brisk_rsa_key pub;
        pub = k;
        pub.has_private = 0;
        tv_check_int(brisk_rsa_sign_pkcs1(&pub, out, sz, sha256, h, 32), BRISK_EINVAL,
                     "PKCS#1 sign with a public key");
        tv_check_int(brisk_rsa_verify_pkcs1(&pub, out, sz, sha256, h, 32), 0,
                     "PKCS#1 verify with the public key");
    }

    /* A fault in one CRT half: the check catches it and writes nothing. */
    memset(in, 0, sz);
    in[sz - 1] = 7;
    brisk_bn_add(&k.dp, &k.dp, &one);
    memset(out, 0xa5, sz);
    memcpy(out2, out, sz);
    tv_check_int(brisk_rsa_private_op(&k, out, in, sz), BRISK_EVERIFY, "private op with dp + 1");
    tv_check_mem(out, out2, sz, "private op with dp + 1 writes nothing");
    tv_check_int(brisk_rsa_sign_pkcs1(&k, out, sz, sha256, h, 32), BRISK_EVERIFY,
                 "PKCS#1 sign with dp + 1");
    brisk_rsa_key_cleanup(&k);
    tv_check_int(brisk_rsa_private_op(&k, out, in, sz), BRISK_EINVAL, "private op on a wiped key");
}

/* pkcs1_parse reads em (k bytes) as a PKCS#1 v1.5 encryption block (RFC
 * 8017 7.2.2 step 3: 0x00 0x02, eight or more non-zero bytes, 0x00, the
 * message): the message's offset, or 0 when em is not such a block. */
static size_t pkcs1_parse(const uint8_t *em, size_t k)
{
    if (k < 11 || em[0] != 0 || em[1] != 2)
        return 0;
    for (size_t i = 2; i < k; i++)
        if (em[i] == 0)
            return i >= 10 ? i + 1 : 0;
    return 0;
}

/* test_encryption: OAEP and PKCS#1 v1.5 round trips at the longest and
 * empty messages, in place and misaligned, and the bad inputs: messages
 * one byte too long, keys too small for the digest, short buffers (the
 * length needed given back), wrong ciphertext lengths, a ciphertext not
 * below n, a public key to decrypt with, NULLs, and every single-bit
 * corruption of a ciphertext's first bytes refused with one code (or, for
 * PKCS#1 v1.5, read as the block it decrypts to when that is well formed).
 * (The padding's edge cases are in test_diff_rsa, against OpenSSL.) */
static void test_encryption(tv_rng *rng)
{
    static brisk_rsa_key k, pub;
    static uint8_t msg[BRISK_RSA_MAX_BYTES + 1], c[BRISK_RSA_MAX_BYTES + 1],
        m[BRISK_RSA_MAX_BYTES + 1], nb[BRISK_RSA_MAX_BYTES], em[BRISK_RSA_MAX_BYTES];
    const brisk_digest *sha256 = brisk_digest_by_name("sha256");
    const brisk_digest *sha512 = brisk_digest_by_name("sha512");
    const brisk_digest *sha1 = brisk_digest_by_name("sha1");
    size_t sz, len;

    if (!tv_check_int(brisk_rsa_generate(&k, 1024, 0), 0, "keygen 1024 for encryption"))
        return;
    sz = brisk_rsa_size(&k);
    pub = k;
    pub.has_private = 0;
    tv_rng_fill(rng, msg, sizeof(msg));

    /* round trips: OAEP SHA-1 (the default) and SHA-256 with a label,
     * PKCS#1 v1.5, from the longest message down to none */
    for (int kind = 0; kind < 3; kind++) {
        const brisk_digest *md = kind == 1 ? sha256 : NULL;
        const uint8_t *label = kind == 1 ? (const uint8_t *)"label" : NULL;
        size_t label_len = kind == 1 ? 5 : 0;
        size_t max = kind == 2 ? sz - 11 : sz - 2 * (kind == 1 ? 32 : 20) - 2;
        const char *name = kind == 0 ? "OAEP SHA-1" : kind == 1 ? "OAEP SHA-256" : "PKCS#1 v1.5";
        size_t lens[] = {max, max - 1, 1, 0};
        for (size_t i = 0; i < 4; i++) {
            int err = kind < 2 ? brisk_rsa_encrypt_oaep(&pub, c, sz, md, NULL, label, label_len,
                                                        msg, lens[i])
                               : brisk_rsa_encrypt_pkcs1(&pub, c, sz, msg, lens[i]);
            len = sizeof(m) - 1;
            if (err == 0)
                err = kind < 2 ? brisk_rsa_decrypt_oaep(&k, m + 1, &len, md, NULL, label,
                                                        label_len, c, sz)
                               : brisk_rsa_decrypt_pkcs1(&k, m + 1, &len, c, sz);
            tv_check(err == 0 && len == lens[i] && memcmp(m + 1, msg, len) == 0,
                     "%s: %zu-byte message round trip (misaligned output)", name, lens[i]);
        }
        len = 0;
        tv_check_int(kind < 2 ? brisk_rsa_encrypt_oaep(&k, c, sz, md, NULL, label, label_len, msg,
                                                       max + 1)
                              : brisk_rsa_encrypt_pkcs1(&k, c, sz, msg, max + 1),
                     BRISK_EINVAL, "%s: a message one byte too long", name);
        tv_check_int(kind < 2 ? brisk_rsa_encrypt_oaep(&k, c, sz - 1, md, NULL, label, label_len,
                                                       msg, 1)
                              : brisk_rsa_encrypt_pkcs1(&k, c, sz - 1, msg, 1),
                     BRISK_ENOSPACE, "%s: encrypt into a short buffer", name);
        /* a 3-byte message decrypted into 2 bytes, then into the ciphertext
         * itself (in place) */
        if (kind < 2)
            brisk_rsa_encrypt_oaep(&k, c, sz, md, NULL, label, label_len, msg, 3);
        else
            brisk_rsa_encrypt_pkcs1(&k, c, sz, msg, 3);
        len = 2;
        tv_check_int(kind < 2 ? brisk_rsa_decrypt_oaep(&k, m, &len, md, NULL, label, label_len, c,
                                                       sz)
                              : brisk_rsa_decrypt_pkcs1(&k, m, &len, c, sz),
                     BRISK_ENOSPACE, "%s: decrypt into a short buffer", name);
        tv_check_int((long long)len, 3, "%s: the length needed", name);
        len = sz;
        tv_check(kind < 2 ? brisk_rsa_decrypt_oaep(&k, c, &len, md, NULL, label, label_len, c,
                                                   sz) == 0
                          : brisk_rsa_decrypt_pkcs1(&k, c, &len, c, sz) == 0,
                 "%s: decrypt in place", name);
        tv_check(len == 3 && memcmp(c, msg, 3) == 0, "%s: in place, the message", name);
        /* corruption: every bit of the first 4 bytes and of the last */
        if (kind < 2)
            brisk_rsa_encrypt_oaep(&k, c, sz, md, NULL, label, label_len, msg, 16);
        else
            brisk_rsa_encrypt_pkcs1(&k, c, sz, msg, 16);
        brisk_bn_to_bytes(nb, sz, &k.n);
        for (size_t bit = 0; bit < 40; bit++) {
            size_t at = bit < 32 ? bit / 8 : sz - 1;
            int err, over;
            size_t from = 0;
            c[at] ^= (uint8_t)(1 << (bit % 8));
            len = sizeof(m);
            err = kind < 2 ? brisk_rsa_decrypt_oaep(&k, m, &len, md, NULL, label, label_len, c, sz)
                           : brisk_rsa_decrypt_pkcs1(&k, m, &len, c, sz);
            /* a flip in the leading bytes can make c >= n (when c's bytes
             * before it equal n's): that is BRISK_EINVAL, a public fact */
            over = memcmp(c, nb, sz) >= 0;
            /* below n, c decrypts to a block that looks random: as PKCS#1
             * v1.5 it is well formed about once in 2^16 (2^-24.6 with a
             * 16-byte message, 2^-19 a run over the 40 flips), so the
             * verdict is taken from the block itself; as OAEP a good
             * label hash takes 2^-160 */
            if (!over && kind == 2 &&
                tv_check_int(brisk_rsa_private_op(&k, em, c, sz), 0, "%s: raw decryption", name))
                from = pkcs1_parse(em, sz);
            if (over)
                tv_check_int(err, BRISK_EINVAL, "%s: bit %zu of byte %zu flipped (c >= n)", name,
                             bit % 8, at);
            else if (from == 0)
                tv_check_int(err, BRISK_EDECRYPT, "%s: bit %zu of byte %zu flipped", name,
                             bit % 8, at);
            else
                tv_check(err == 0 && len == sz - from && memcmp(m, em + from, len) == 0,
                         "%s: bit %zu of byte %zu flipped, still a PKCS#1 v1.5 block of a "
                         "%zu-byte message: %d",
                         name, bit % 8, at, sz - from, err);
            c[at] ^= (uint8_t)(1 << (bit % 8));
        }
        len = sizeof(m);
        tv_check_int(kind < 2 ? brisk_rsa_decrypt_oaep(&pub, m, &len, md, NULL, label, label_len,
                                                       c, sz)
                              : brisk_rsa_decrypt_pkcs1(&pub, m, &len, c, sz),
                     BRISK_EINVAL, "%s: decrypt with a public key", name);
        tv_check_int(kind < 2 ? brisk_rsa_decrypt_oaep(&k, m, &len, md, NULL, label, label_len, c,
                                                       sz - 1)
                              : brisk_rsa_decrypt_pkcs1(&k, m, &len, c, sz - 1),
                     BRISK_EINVAL, "%s: a ciphertext one byte short", name);
        brisk_bn_to_bytes(c, sz, &k.n);
        tv_check_int(kind < 2 ? brisk_rsa_decrypt_oaep(&k, m, &len, md, NULL, label, label_len, c,
                                                       sz)
                              : brisk_rsa_decrypt_pkcs1(&k, m, &len, c, sz),
                     BRISK_EINVAL, "%s: a ciphertext equal to n", name);
        tv_check_int(kind < 2 ? brisk_rsa_decrypt_oaep(&k, m, NULL, md, NULL, label, label_len,
                                                       c, sz)
                              : brisk_rsa_decrypt_pkcs1(&k, m, NULL, c, sz),
                     BRISK_EINVAL, "%s: NULL length", name);
    }
    /* recovery of a PKCS#1 v1.5 signature: the digest, or its DigestInfo
     * too; another digest, a corrupted signature, a short buffer */
    {
        uint8_t h[32], sig[BRISK_RSA_MAX_BYTES];
        tv_rng_fill(rng, h, sizeof(h));
        brisk_rsa_sign_pkcs1(&k, sig, sz, sha256, h, 32);
        len = sizeof(m);
        tv_check(brisk_rsa_recover_pkcs1(&pub, m, &len, sha256, sig, sz) == 0 && len == 32 &&
                     memcmp(m, h, 32) == 0,
                 "recover: the digest");
        len = sizeof(m);
        tv_check(brisk_rsa_recover_pkcs1(&pub, m, &len, NULL, sig, sz) == 0 && len == 51 &&
                     m[0] == 0x30 && memcmp(m + 19, h, 32) == 0,
                 "recover: DigestInfo and digest");
        len = sizeof(m);
        tv_check_int(brisk_rsa_recover_pkcs1(&pub, m, &len, sha512, sig, sz), BRISK_EVERIFY,
                     "recover: another digest");
        len = 31;
        tv_check_int(brisk_rsa_recover_pkcs1(&pub, m, &len, sha256, sig, sz), BRISK_ENOSPACE,
                     "recover: a short buffer");
        tv_check_int((long long)len, 32, "recover: the length needed");
        len = sizeof(m);
        tv_check_int(brisk_rsa_recover_pkcs1(&pub, m, &len, sha256, sig, sz - 1), BRISK_EVERIFY,
                     "recover: a short signature");
        sig[sz - 1] ^= 1;
        tv_check_int(brisk_rsa_recover_pkcs1(&pub, m, &len, sha256, sig, sz), BRISK_EVERIFY,
                     "recover: a corrupted signature");
        len = sizeof(m);
        tv_check_int(brisk_rsa_recover_pkcs1(&pub, m, &len, brisk_digest_by_name("md4"), sig,
                                             sz),
                     BRISK_EINVAL, "recover: a digest without DigestInfo");
    }

    /* OAEP needs 2 hLen + 2 bytes: SHA-512 does not fit 1024 bits (128) */
    tv_check_int(brisk_rsa_encrypt_oaep(&k, c, sz, sha512, NULL, NULL, 0, msg, 0), BRISK_EINVAL,
                 "OAEP SHA-512 on 1024 bits, an empty message");
    tv_check_int(brisk_rsa_encrypt_oaep(&k, c, sz, NULL, NULL, NULL, 1, msg, 0), BRISK_EINVAL,
                 "OAEP with a NULL label of length 1");
    tv_check_int(brisk_rsa_encrypt_oaep(&k, c, sz, NULL, NULL, NULL, 0, NULL, 1), BRISK_EINVAL,
                 "OAEP with a NULL message of length 1");
    tv_check_int(brisk_rsa_encrypt_pkcs1(NULL, c, sz, msg, 1), BRISK_EINVAL,
                 "PKCS#1 v1.5 without a key");
    brisk_rsa_key_cleanup(&k);
    if (tv_check_int(brisk_rsa_generate(&k, 512, 0), 0, "keygen 512")) {
        sz = brisk_rsa_size(&k);
        tv_check_int(brisk_rsa_encrypt_oaep(&k, c, sz, sha1, NULL, NULL, 0, msg, 22), 0,
                     "OAEP SHA-1 on 512 bits, the longest message (64 - 42)");
        tv_check_int(brisk_rsa_encrypt_oaep(&k, c, sz, sha512, NULL, NULL, 0, msg, 0),
                     BRISK_EINVAL, "OAEP SHA-512 on 512 bits");
        len = sizeof(m);
        memset(c, 0, sz);
        c[sz - 1] = 2;
        tv_check_int(brisk_rsa_decrypt_oaep(&k, m, &len, sha512, NULL, NULL, 0, c, sz),
                     BRISK_EDECRYPT, "OAEP SHA-512 decryption on 512 bits");
    }
    brisk_rsa_key_cleanup(&k);
}

int main(void)
{
    tv_rng rng;
    double t0 = now();

    tv_begin("test_rsa");
    tv_rng_init(&rng, tv_seed());
    test_wycheproof();
    test_bad_inputs();
    test_bad_keys();
    test_exponent_bounds();
    test_composite_p();
    test_blinding();
    test_pss_salts(&rng);
    test_encryption(&rng);
    test_keygen(&rng);
    tv_note("total %.2f s", now() - t0);
    return tv_end();
}
