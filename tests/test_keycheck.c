/*
 * tests/test_keycheck.c - brisk_rsa_key_validate, brisk_dsa_key_validate
 * and brisk_dsa_params_validate (src/pk/rsa_check.c, dsa_check.c) and the
 * unchecked decoders.  Keys brisk generates are valid; each number changed
 * in turn (n, e, d, p, q, the CRT values; p, q, g, y, x) makes the key
 * invalid with the reason that names that number, with `full` (-check),
 * while the public check (-pubcheck) still passes a key whose private
 * half is broken.  NULL arguments and bad widths are BRISK_EINVAL.  The
 * unchecked decoders give back a broken key that the checked ones refuse,
 * and it encodes to the same bytes.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* add_small sets a = a + v (public test values). */
static void add_small(brisk_bn *a, uint64_t v)
{
    brisk_bn b;
    brisk_bn_from_u64(&b, v);
    brisk_bn_add(a, a, &b);
    brisk_bn_normalize(a);
}

static void check_rsa(const brisk_rsa_key *k, int full, const char *want, const char *what)
{
    int valid = -1, err;
    const char *why = "unset";

    err = brisk_rsa_key_validate(k, full, &valid, &why);
    tv_check_int(err, 0, "RSA %s: returns 0", what);
    tv_check_int(valid, want == NULL, "RSA %s: verdict", what);
    tv_check_str(why, want, "RSA %s: reason", what);
}

static void check_dsa(const brisk_dsa_key *k, int full, const char *want, const char *what)
{
    int valid = -1, err;
    const char *why = "unset";

    err = brisk_dsa_key_validate(k, full, &valid, &why);
    tv_check_int(err, 0, "DSA %s: returns 0", what);
    tv_check_int(valid, want == NULL, "DSA %s: verdict", what);
    tv_check_str(why, want, "DSA %s: reason", what);
}

static void test_rsa(void)
{
    static brisk_rsa_key good, k;
    int valid;
    const char *why;

    if (!tv_check_int(brisk_rsa_generate(&good, 768, 0), 0, "generate RSA-768"))
        return;
    check_rsa(&good, 1, NULL, "generated key, full");
    check_rsa(&good, 0, NULL, "generated key, public");

    k = good; add_small(&k.d, 2);
    check_rsa(&k, 1, "d * e is not 1 mod lcm(p - 1, q - 1)", "d + 2");
    check_rsa(&k, 0, NULL, "d + 2, public check");
    k = good; {
        brisk_bn three;
        brisk_bn_from_u64(&three, 3);
        brisk_bn_mul(&k.p, &good.p, &three);
        brisk_bn_normalize(&k.p);
    }
    check_rsa(&k, 1, "p is not prime", "p = 3 p");
    k = good; brisk_bn_copy(&k.q, &k.p);
    check_rsa(&k, 1, "p equals q", "q = p");
    k = good; add_small(&k.dp, 2);
    check_rsa(&k, 1, "exponent1 is not d mod (p - 1)", "dp + 2");
    k = good; add_small(&k.dq, 2);
    check_rsa(&k, 1, "exponent2 is not d mod (q - 1)", "dq + 2");
    k = good; add_small(&k.qinv, 1);
    check_rsa(&k, 1, "coefficient is not the inverse of q mod p", "qinv + 1");
    k = good; brisk_bn_from_u64(&k.e, 65536);
    check_rsa(&k, 0, "the public exponent e is even", "e even");
    k = good; brisk_bn_from_u64(&k.e, 1);
    check_rsa(&k, 0, "the public exponent e is less than 3", "e = 1");
    k = good; brisk_bn_copy(&k.e, &k.n);
    check_rsa(&k, 0, "the public exponent e is not less than n", "e = n");
    k = good; add_small(&k.n, 1);
    check_rsa(&k, 0, "the modulus n is even", "n + 1");
    k = good; add_small(&k.n, 2);
    check_rsa(&k, 1, "n is not p * q", "n + 2, full");
    k = good; brisk_bn_zero(&k.n, 1);
    check_rsa(&k, 0, "the modulus n is missing (zero)", "n = 0");
    /* n = 3 n: odd, big enough, with a small factor */
    k = good; {
        brisk_bn three;
        brisk_bn_from_u64(&three, 3);
        brisk_bn_mul(&k.n, &good.n, &three);
        brisk_bn_normalize(&k.n);
    }
    check_rsa(&k, 0, "the modulus n has a small prime factor", "n = 3 n");
    /* SP 800-89's bound: 751 is a small factor, 757 (the next prime) not */
    for (uint64_t f = 751; f <= 757; f += 6) {
        brisk_bn bf;
        brisk_bn_from_u64(&bf, f);
        k = good;
        brisk_bn_mul(&k.n, &good.n, &bf);
        brisk_bn_normalize(&k.n);
        check_rsa(&k, 0, f == 751 ? "the modulus n has a small prime factor" : NULL,
                  f == 751 ? "n = 751 n" : "n = 757 n");
    }
    k = good; brisk_bn_zero(&k.d, 1); k.has_private = 1;
    check_rsa(&k, 1, "the private exponent d is not between 0 and n", "d = 0");
    k = good; k.has_private = 0; add_small(&k.d, 2);
    check_rsa(&k, 1, NULL, "a public key's private numbers are not looked at");

    tv_check_int(brisk_rsa_key_validate(NULL, 1, &valid, &why), BRISK_EINVAL, "RSA NULL key");
    tv_check_int(brisk_rsa_key_validate(&good, 1, NULL, &why), BRISK_EINVAL, "RSA NULL valid");
    tv_check_int(brisk_rsa_key_validate(&good, 1, &valid, NULL), 0, "RSA NULL reason is fine");
    k = good; k.n.n = BRISK_BN_MAX_LIMBS + 1;
    tv_check_int(brisk_rsa_key_validate(&k, 1, &valid, &why), BRISK_EINVAL, "RSA bad width");
    tv_check_int(valid, 0, "RSA bad width: not valid");
    brisk_rsa_key_cleanup(&good);
    brisk_rsa_key_cleanup(&k);
}

/* test_rsa_prime_n: a prime n (the p of a 1024-bit key, 512 bits, big
 * enough for the size check) is named as such. */
static void test_rsa_prime_n(void)
{
    static brisk_rsa_key good, k;

    if (!tv_check_int(brisk_rsa_generate(&good, 1024, 0), 0, "generate RSA-1024"))
        return;
    k = good;
    brisk_bn_copy(&k.n, &good.p);   /* a 512-bit prime */
    brisk_bn_from_u64(&k.e, 65537);
    check_rsa(&k, 0, "the modulus n is prime", "n = p (prime)");
    brisk_rsa_key_cleanup(&good);
    brisk_rsa_key_cleanup(&k);
}

static void test_dsa(void)
{
    static brisk_dsa_params params, pr;
    static brisk_dsa_key good, k;
    int valid;
    const char *why;

    if (!tv_check_int(brisk_dsa_generate_params(&params, 1024, 160), 0, "DSA params 1024") ||
        !tv_check_int(brisk_dsa_generate_key(&good, &params), 0, "DSA key"))
        return;
    check_dsa(&good, 1, NULL, "generated key, full");
    check_dsa(&good, 0, NULL, "generated key, public");
    tv_check_int(brisk_dsa_params_validate(&params, &valid, &why), 0, "params validate");
    tv_check(valid == 1 && why == NULL, "generated params are valid");

    k = good; k.precomp = NULL; add_small(&k.x, 1);
    check_dsa(&k, 1, "the public key y is not g^x mod p", "x + 1");
    check_dsa(&k, 0, NULL, "x + 1, public check");
    k = good; k.precomp = NULL; brisk_bn_zero(&k.x, 1);
    check_dsa(&k, 1, "the private key x is not between 0 and q", "x = 0");
    k = good; k.precomp = NULL; brisk_bn_copy(&k.x, &k.params.q);
    check_dsa(&k, 1, "the private key x is not between 0 and q", "x = q");
    k = good; k.precomp = NULL; add_small(&k.y, 1);
    check_dsa(&k, 0, "the public key y is not in the group of g (y^q is not 1 mod p)", "y + 1");
    k = good; k.precomp = NULL; brisk_bn_from_u64(&k.y, 1);
    check_dsa(&k, 0, "the public key y is not between 1 and p", "y = 1");
    k = good; k.precomp = NULL; add_small(&k.params.g, 1);
    check_dsa(&k, 0, "g does not have order q (g^q is not 1 mod p)", "g + 1");
    k = good; k.precomp = NULL; brisk_bn_from_u64(&k.params.g, 1);
    check_dsa(&k, 0, "g is not between 1 and p", "g = 1");
    k = good; k.precomp = NULL; add_small(&k.params.q, 2);
    check_dsa(&k, 0, "q does not divide p - 1", "q + 2");
    k = good; k.precomp = NULL; add_small(&k.params.p, 1);
    check_dsa(&k, 0, "p is even", "p + 1");

    /* Parameters alone.  (A composite p or q that passes the group checks
     * takes a crafted group: the CLI suite reads one, test_pkey's hostile
     * keys another.) */
    pr = params;
    brisk_bn_from_u64(&pr.g, 0);
    tv_check_int(brisk_dsa_params_validate(&pr, &valid, &why), 0, "params g = 0");
    tv_check_str(why, "p, q or g is missing (zero)", "params g = 0: reason");
    pr = params;
    add_small(&pr.q, 1);
    tv_check_int(brisk_dsa_params_validate(&pr, &valid, &why), 0, "params q + 1");
    tv_check_str(why, "q is even", "params q + 1: reason");
    pr = params;
    brisk_bn_copy(&pr.g, &pr.p);
    tv_check_int(brisk_dsa_params_validate(&pr, &valid, &why), 0, "params g = p");
    tv_check_str(why, "g is not between 1 and p", "params g = p: reason");
    tv_check_int(brisk_dsa_params_validate(NULL, &valid, &why), BRISK_EINVAL, "params NULL");
    tv_check_int(brisk_dsa_key_validate(NULL, 1, &valid, &why), BRISK_EINVAL, "DSA NULL key");
    tv_check_int(brisk_dsa_key_validate(&good, 1, NULL, &why), BRISK_EINVAL, "DSA NULL valid");
    brisk_dsa_key_cleanup(&good);
}

/* test_unchecked: a key with a wrong dp is refused by the checked decoder,
 * read by the unchecked one to the same numbers, encodes back to the same
 * bytes, and validates as invalid with the right reason. */
static void test_unchecked(void)
{
    static brisk_pkey key, back;
    static uint8_t der[8192], der2[8192];
    static char pem[12000];
    size_t der_len = sizeof(der), der2_len = sizeof(der2), pem_len = sizeof(pem);
    int valid;
    const char *why;

    key.type = BRISK_PKEY_RSA;
    if (!tv_check_int(brisk_rsa_generate(&key.u.rsa, 512, 0), 0, "generate RSA-512"))
        return;
    add_small(&key.u.rsa.dp, 2);
    tv_check_int(brisk_pkey_to_der(der, &der_len, &key, BRISK_PKEY_FORM_PKCS8), 0, "encode");
    tv_check_int(brisk_pkey_to_pem(pem, &pem_len, &key, BRISK_PKEY_FORM_TRADITIONAL), 0,
                 "encode PEM");
    tv_check_int(brisk_pkey_from_der(&back, der, der_len), BRISK_EINVAL, "checked DER refuses");
    tv_check_int(brisk_pkey_from_pem(&back, pem, pem_len), BRISK_EINVAL, "checked PEM refuses");
    if (tv_check_int(brisk_pkey_from_der_unchecked(&back, der, der_len), 0, "unchecked DER")) {
        tv_check_int(brisk_pkey_to_der(der2, &der2_len, &back, BRISK_PKEY_FORM_PKCS8), 0,
                     "re-encode");
        tv_check(der2_len == der_len && memcmp(der, der2, der_len) == 0, "same bytes");
        tv_check_int(brisk_rsa_key_validate(&back.u.rsa, 1, &valid, &why), 0, "validate");
        tv_check_str(why, "exponent1 is not d mod (p - 1)", "unchecked key: reason");
        brisk_pkey_cleanup(&back);
    }
    if (tv_check_int(brisk_pkey_from_pem_unchecked(&back, pem, pem_len), 0, "unchecked PEM")) {
        tv_check_int(brisk_rsa_key_validate(&back.u.rsa, 1, &valid, &why), 0, "validate PEM");
        tv_check_str(why, "exponent1 is not d mod (p - 1)", "unchecked PEM key: reason");
        brisk_pkey_cleanup(&back);
    }
    tv_check_int(brisk_pkey_from_der_unchecked(&back, der, der_len - 1), BRISK_EDECODE,
                 "unchecked DER still refuses a truncated encoding");
    tv_check_int(brisk_pkey_from_pem_unchecked(&back, "nothing", 7), BRISK_EDECODE,
                 "unchecked PEM without a key");
    brisk_pkey_cleanup(&key);
}

static void test_pkcs1_min_size(void)
{
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(brisk_digest_by_name("sha256")),
                 19 + 32 + 11, "PKCS#1 minimum for SHA-256");
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(brisk_digest_by_name("sha512")),
                 19 + 64 + 11, "PKCS#1 minimum for SHA-512");
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(brisk_digest_by_name("sha1")),
                 15 + 20 + 11, "PKCS#1 minimum for SHA-1");
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(brisk_digest_by_name("md2")), 0,
                 "no DigestInfo for MD2");
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(brisk_digest_by_name("md4")), 0,
                 "no DigestInfo for MD4");
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(brisk_digest_by_name("mdc2")), 0,
                 "no DigestInfo for MDC2");
    tv_check_int((long long)brisk_rsa_pkcs1_min_size(NULL), 0, "NULL digest");
}

int main(void)
{
    tv_begin("test_keycheck");
    test_rsa();
    test_rsa_prime_n();
    test_dsa();
    test_unchecked();
    test_pkcs1_min_size();
    return tv_end();
}
