/*
 * src/pk/rsa_check.c - brisk_rsa_key_validate: the consistency of an RSA
 * key's numbers (RFC 8017 §3.1 and §3.2; the checks of OpenSSL's
 * RSA_check_key and of SP 800-56B §6.4.2.1's partial public-key check),
 * with a reason for the first one that fails, for `brisk pkey -check` and
 * `-pubcheck`.
 *
 * Variable-time, in secret values too: it is for looking at a key (on a
 * command line, once), not on a path whose timing an attacker sees; keys
 * that sign go through brisk_rsa_key_prepare, which is constant-time in
 * the secrets.  Numbers are normalized in copies, each check uses plain
 * division (brisk_bn_div), and the copies are wiped.
 */
#include <stdlib.h>

#include <brisk/rsa.h>

#include "../bn/internal.h"

/* rsa_work holds the normalized copies and scratch, wiped at the end. */
typedef struct rsa_work {
    brisk_bn n, e, d, p, q, dp, dq, qinv;
    brisk_bn one, pm1, qm1, t, u;
} rsa_work;

static int is_one(const brisk_bn *a, const brisk_bn *one)
{
    return brisk_bn_cmp(a, one) == 0;
}

/* mod sets r = a mod m (m > 0); 0 or an error. */
static int mod(brisk_bn *r, const brisk_bn *a, const brisk_bn *m)
{
    int err = brisk_bn_div(NULL, r, a, m);
    if (err == BRISK_EOK)
        brisk_bn_normalize(r);
    return err;
}

/* SMALL_FACTOR_BOUND: SP 800-89 5.3.3 and SP 800-56B 6.4.2.1 ask that n
 * have no prime factor below 752, as OpenSSL's check does; a factor just
 * above that is not the check's business. */
#define SMALL_FACTOR_BOUND 752

/* has_small_factor returns 1 when n has an odd prime factor below
 * SMALL_FACTOR_BOUND (and is not that prime), 0 otherwise, or an error:
 * the standards take a gcd with a primorial; trial division is the same
 * test. */
static int has_small_factor(const brisk_bn *n, brisk_bn *t)
{
    brisk_bn sp;

    for (size_t i = 0; i < BRISK_N_SMALL_PRIMES && brisk_small_primes[i] < SMALL_FACTOR_BOUND;
         i++) {
        brisk_bn_from_u64(&sp, brisk_small_primes[i]);
        if (brisk_bn_cmp(n, &sp) == 0)
            return 0;
        if (mod(t, n, &sp) != BRISK_EOK)
            return BRISK_EINVAL;
        if (brisk_bn_is_zero(t))
            return 1;
    }
    return 0;
}

/* check_public sets *why for the first failed check of n's and e's sizes
 * and parity. */
static void check_public(rsa_work *w, const char **why)
{
    size_t bits = brisk_bn_bits(&w->n), e_bits = brisk_bn_bits(&w->e);

    if (bits == 0)
        *why = "the modulus n is missing (zero)";
    else if (!brisk_bn_is_odd(&w->n))
        *why = "the modulus n is even";
    else if (bits < BRISK_RSA_MIN_BITS)
        *why = "the modulus n is too small (less than 512 bits)";
    else if (bits > BRISK_RSA_MAX_BITS)
        *why = "the modulus n is too large (more than 8192 bits)";
    else if (!brisk_bn_is_odd(&w->e))
        *why = "the public exponent e is even";
    else if (e_bits < 2)
        *why = "the public exponent e is less than 3";
    else if (brisk_bn_cmp(&w->e, &w->n) >= 0)
        *why = "the public exponent e is not less than n";
    else if (bits > BRISK_RSA_SMALL_MODULUS_BITS && e_bits > BRISK_RSA_MAX_PUBEXP_BITS)
        *why = "the public exponent e has more than 64 bits (n has more than 3072)";
}

/* check_factors sets *why when n has a small factor or is prime. */
static int check_factors(rsa_work *w, const char **why)
{
    int prime, err = has_small_factor(&w->n, &w->t);
    if (err < 0)
        return err;
    if (err == 1) {
        *why = "the modulus n has a small prime factor";
        return BRISK_EOK;
    }
    err = brisk_bn_is_probable_prime(&w->n, 0, &prime);
    if (err == BRISK_EOK && prime)
        *why = "the modulus n is prime";
    return err;
}

/* check_de checks d e = 1 mod (x - 1), xm1 being x - 1: with both x = p
 * and x = q, that is d e = 1 mod lcm(p - 1, q - 1). */
static int check_de(rsa_work *w, const brisk_bn *xm1, const char **why)
{
    if (mod(&w->t, &w->d, xm1) != BRISK_EOK || mod(&w->u, &w->e, xm1) != BRISK_EOK ||
        brisk_bn_mul(&w->u, &w->u, &w->t) != BRISK_EOK || mod(&w->u, &w->u, xm1) != BRISK_EOK)
        return BRISK_EINVAL;
    if (!is_one(&w->u, &w->one))
        *why = "d * e is not 1 mod lcm(p - 1, q - 1)";
    return BRISK_EOK;
}

/* check_dx checks dx = d mod (x - 1). */
static int check_dx(rsa_work *w, const brisk_bn *dx, const brisk_bn *xm1, const char *bad,
                    const char **why)
{
    if (mod(&w->t, &w->d, xm1) != BRISK_EOK)
        return BRISK_EINVAL;
    if (brisk_bn_cmp(&w->t, dx) != 0)
        *why = bad;
    return BRISK_EOK;
}

/* check_private sets *why for the first failed check of the private numbers. */
static int check_private(rsa_work *w, const char **why)
{
    size_t rounds = brisk_bn_bits(&w->n) <= 1024 ? 40 : brisk_bn_bits(&w->n) <= 2048 ? 56 : 64;
    int prime, err;

    if (brisk_bn_cmp(&w->p, &w->one) <= 0 || brisk_bn_cmp(&w->q, &w->one) <= 0) {
        *why = "the primes p and q are missing (or 1)";
        return BRISK_EOK;
    }
    if ((err = brisk_bn_is_probable_prime(&w->p, (int)rounds, &prime)) != BRISK_EOK)
        return err;
    if (!prime) {
        *why = "p is not prime";
        return BRISK_EOK;
    }
    if ((err = brisk_bn_is_probable_prime(&w->q, (int)rounds, &prime)) != BRISK_EOK)
        return err;
    if (!prime)
        *why = "q is not prime";
    else if (brisk_bn_cmp(&w->p, &w->q) == 0)
        *why = "p equals q";
    else if (brisk_bn_bits(&w->p) + brisk_bn_bits(&w->q) > brisk_bn_bits(&w->n) + 1 ||
             brisk_bn_mul(&w->t, &w->p, &w->q) != BRISK_EOK || brisk_bn_cmp(&w->t, &w->n) != 0)
        *why = "n is not p * q";
    else if (brisk_bn_is_zero(&w->d) || brisk_bn_cmp(&w->d, &w->n) >= 0)
        *why = "the private exponent d is not between 0 and n";
    if (*why != NULL)
        return BRISK_EOK;
    if (brisk_bn_sub(&w->pm1, &w->p, &w->one) != BRISK_EOK ||
        brisk_bn_sub(&w->qm1, &w->q, &w->one) != BRISK_EOK)
        return BRISK_EINVAL;
    brisk_bn_normalize(&w->pm1);
    brisk_bn_normalize(&w->qm1);
    err = check_de(w, &w->pm1, why);
    if (err == BRISK_EOK && *why == NULL)
        err = check_de(w, &w->qm1, why);
    if (err == BRISK_EOK && *why == NULL)
        err = check_dx(w, &w->dp, &w->pm1, "exponent1 is not d mod (p - 1)", why);
    if (err == BRISK_EOK && *why == NULL)
        err = check_dx(w, &w->dq, &w->qm1, "exponent2 is not d mod (q - 1)", why);
    if (err != BRISK_EOK || *why != NULL)
        return err;
    /* qinv q = 1 mod p, with qinv < p */
    if (mod(&w->t, &w->q, &w->p) != BRISK_EOK || brisk_bn_mul(&w->t, &w->t, &w->qinv) != BRISK_EOK ||
        mod(&w->t, &w->t, &w->p) != BRISK_EOK)
        return BRISK_EINVAL;
    if (brisk_bn_cmp(&w->qinv, &w->p) >= 0 || !is_one(&w->t, &w->one))
        *why = "coefficient is not the inverse of q mod p";
    return BRISK_EOK;
}

/* load copies a into r, normalized; 0 or BRISK_EINVAL for a bad width. */
static int load(brisk_bn *r, const brisk_bn *a)
{
    if (a->n > BRISK_BN_MAX_LIMBS)
        return BRISK_EINVAL;
    brisk_bn_copy(r, a);
    brisk_bn_normalize(r);
    return BRISK_EOK;
}

int brisk_rsa_key_validate(const brisk_rsa_key *key, int full, int *valid, const char **reason)
{
    rsa_work *w;
    const char *why = NULL;
    int err = BRISK_EOK;

    if (valid != NULL)
        *valid = 0;
    if (reason != NULL)
        *reason = NULL;
    if (key == NULL || valid == NULL)
        return BRISK_EINVAL;
    w = calloc(1, sizeof(*w));
    if (w == NULL)
        return BRISK_ENOMEM;
    brisk_bn_from_u64(&w->one, 1);
    if (load(&w->n, &key->n) != BRISK_EOK || load(&w->e, &key->e) != BRISK_EOK)
        err = BRISK_EINVAL;
    if (err == BRISK_EOK && full && key->has_private &&
        (load(&w->d, &key->d) != BRISK_EOK || load(&w->p, &key->p) != BRISK_EOK ||
         load(&w->q, &key->q) != BRISK_EOK || load(&w->dp, &key->dp) != BRISK_EOK ||
         load(&w->dq, &key->dq) != BRISK_EOK || load(&w->qinv, &key->qinv) != BRISK_EOK))
        err = BRISK_EINVAL;
    if (err == BRISK_EOK)
        check_public(w, &why);
    if (err == BRISK_EOK && why == NULL && full && key->has_private)
        err = check_private(w, &why);
    if (err == BRISK_EOK && why == NULL)
        err = check_factors(w, &why);
    wipe(w, sizeof(*w));
    free(w);
    if (err != BRISK_EOK)
        return err;
    *valid = why == NULL;
    if (reason != NULL)
        *reason = why;
    return BRISK_EOK;
}
