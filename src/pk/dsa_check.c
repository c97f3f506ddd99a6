/*
 * src/pk/dsa_check.c - brisk_dsa_params_validate and brisk_dsa_key_validate:
 * the consistency of DSA domain parameters and keys (FIPS 186-4 §4.1,
 * §4.2 and A.2.2's partial validation of g; SP 800-89 §5.3.1's check of a
 * public key), with a reason for the first check that fails, for `brisk
 * dsaparam -check` and `brisk pkey -check` / `-pubcheck`.
 *
 * Variable-time, in x too: it is for looking at a key (on a command line,
 * once), not on a path whose timing an attacker sees; keys that sign go
 * through brisk_dsa_key_prepare, which checks x in constant time.  The
 * copies are wiped.
 */
#include <stdlib.h>

#include <brisk/dsa.h>

#include "../internal.h"

typedef struct dsa_work {
    brisk_bn p, q, g, y, x;
    brisk_bn one, t, u;
    brisk_bn_mont mont;
} dsa_work;

/* rounds is the Miller-Rabin count for checking p and q (FIPS 186-4
 * Table C.1, as brisk_dsa_params_check uses). */
static int rounds(size_t p_bits)
{
    return p_bits <= 1024 ? 40 : p_bits <= 2048 ? 56 : 64;
}

/* sizes_ok: the (L, N) pairs of brisk/dsa.h. */
static int sizes_ok(size_t l, size_t n)
{
    return (n == 160 && (l == 512 || l == 1024 || l == 2048)) ||
           (n == 224 && (l == 512 || l == 1024 || l == 2048)) ||
           (n == 256 && (l == 2048 || l == 3072));
}

static int load(brisk_bn *r, const brisk_bn *a)
{
    if (a->n > BRISK_BN_MAX_LIMBS)
        return BRISK_EINVAL;
    brisk_bn_copy(r, a);
    brisk_bn_normalize(r);
    return BRISK_EOK;
}

/* power sets w->t = a^e mod p (p prepared in w->mont, a < p). */
static int power(dsa_work *w, const brisk_bn *a, const brisk_bn *e)
{
    brisk_bn b = *a;
    int err = brisk_bn_resize(&b, w->p.n);

    if (err == BRISK_EOK)
        err = brisk_bn_mod_exp_public(&w->t, &b, e, &w->mont);
    if (err == BRISK_EOK)
        brisk_bn_normalize(&w->t);
    wipe(&b, sizeof(b));
    return err;
}

/* check_params sets *why for the first failed check of p, q, g. */
static int check_params(dsa_work *w, const char **why)
{
    size_t p_bits = brisk_bn_bits(&w->p), q_bits = brisk_bn_bits(&w->q);
    int prime, err;

    if (p_bits == 0 || q_bits == 0 || brisk_bn_is_zero(&w->g))
        *why = "p, q or g is missing (zero)";
    else if (!brisk_bn_is_odd(&w->p))
        *why = "p is even";
    else if (!brisk_bn_is_odd(&w->q))
        *why = "q is even";
    else if (!sizes_ok(p_bits, q_bits))
        *why = "the sizes of p and q are not a pair brisk takes (see brisk/dsa.h)";
    else if (brisk_bn_sub(&w->t, &w->p, &w->one) != BRISK_EOK ||
             brisk_bn_div(NULL, &w->u, &w->t, &w->q) != BRISK_EOK || !brisk_bn_is_zero(&w->u))
        *why = "q does not divide p - 1";
    else if (brisk_bn_cmp(&w->g, &w->one) <= 0 || brisk_bn_cmp(&w->g, &w->p) >= 0)
        *why = "g is not between 1 and p";
    if (*why != NULL)
        return BRISK_EOK;
    if ((err = brisk_bn_mont_init(&w->mont, &w->p)) != BRISK_EOK ||
        (err = power(w, &w->g, &w->q)) != BRISK_EOK)
        return err;
    if (brisk_bn_cmp(&w->t, &w->one) != 0) {
        *why = "g does not have order q (g^q is not 1 mod p)";
        return BRISK_EOK;
    }
    if ((err = brisk_bn_is_probable_prime(&w->q, rounds(p_bits), &prime)) != BRISK_EOK)
        return err;
    if (!prime) {
        *why = "q is not prime";
        return BRISK_EOK;
    }
    if ((err = brisk_bn_is_probable_prime(&w->p, rounds(p_bits), &prime)) != BRISK_EOK)
        return err;
    if (!prime)
        *why = "p is not prime";
    return BRISK_EOK;
}

/* check_key sets *why for the first failed check of y and, with x, of x. */
static int check_key(dsa_work *w, int with_x, const char **why)
{
    int err;

    if (brisk_bn_cmp(&w->y, &w->one) <= 0 || brisk_bn_cmp(&w->y, &w->p) >= 0) {
        *why = "the public key y is not between 1 and p";
        return BRISK_EOK;
    }
    if ((err = power(w, &w->y, &w->q)) != BRISK_EOK)
        return err;
    if (brisk_bn_cmp(&w->t, &w->one) != 0) {
        *why = "the public key y is not in the group of g (y^q is not 1 mod p)";
        return BRISK_EOK;
    }
    if (!with_x)
        return BRISK_EOK;
    if (brisk_bn_is_zero(&w->x) || brisk_bn_cmp(&w->x, &w->q) >= 0) {
        *why = "the private key x is not between 0 and q";
        return BRISK_EOK;
    }
    if ((err = power(w, &w->g, &w->x)) != BRISK_EOK)
        return err;
    if (brisk_bn_cmp(&w->t, &w->y) != 0)
        *why = "the public key y is not g^x mod p";
    return BRISK_EOK;
}

/* validate runs the checks on what w holds: the parameters, then with
 * `key` y and, with `with_x`, x. */
static int validate(dsa_work *w, int key, int with_x, int *valid, const char **reason)
{
    const char *why = NULL;
    int err;

    brisk_bn_from_u64(&w->one, 1);
    err = check_params(w, &why);
    if (err == BRISK_EOK && why == NULL && key)
        err = check_key(w, with_x, &why);
    wipe(w, sizeof(*w));
    free(w);
    if (err != BRISK_EOK)
        return err;
    *valid = why == NULL;
    if (reason != NULL)
        *reason = why;
    return BRISK_EOK;
}

/* start clears the answers and allocates the work area. */
static int start(dsa_work **w, int *valid, const char **reason, const void *what)
{
    if (valid != NULL)
        *valid = 0;
    if (reason != NULL)
        *reason = NULL;
    if (what == NULL || valid == NULL)
        return BRISK_EINVAL;
    *w = calloc(1, sizeof(**w));
    return *w == NULL ? BRISK_ENOMEM : BRISK_EOK;
}

static int load_params(dsa_work *w, const brisk_dsa_params *pr)
{
    return load(&w->p, &pr->p) == BRISK_EOK && load(&w->q, &pr->q) == BRISK_EOK &&
                   load(&w->g, &pr->g) == BRISK_EOK
               ? BRISK_EOK
               : BRISK_EINVAL;
}

int brisk_dsa_params_validate(const brisk_dsa_params *params, int *valid, const char **reason)
{
    dsa_work *w;
    int err = start(&w, valid, reason, params);

    if (err != BRISK_EOK)
        return err;
    if (load_params(w, params) != BRISK_EOK) {
        wipe(w, sizeof(*w));
        free(w);
        return BRISK_EINVAL;
    }
    return validate(w, 0, 0, valid, reason);
}

int brisk_dsa_key_validate(const brisk_dsa_key *key, int full, int *valid, const char **reason)
{
    dsa_work *w;
    int err = start(&w, valid, reason, key), with_x;

    if (err != BRISK_EOK)
        return err;
    with_x = full && key->has_private;
    if (load_params(w, &key->params) != BRISK_EOK || load(&w->y, &key->y) != BRISK_EOK ||
        (with_x && load(&w->x, &key->x) != BRISK_EOK)) {
        wipe(w, sizeof(*w));
        free(w);
        return BRISK_EINVAL;
    }
    return validate(w, 1, with_x, valid, reason);
}
