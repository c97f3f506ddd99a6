/*
 * src/pk/rsa.c - RSA keys and the raw operations (RFC 8017 §5.1, §5.2):
 * key checks and precomputation, RSAEP/RSAVP1 and RSADP/RSASP1.
 *
 * The private operation uses the CRT (RFC 8017 §5.1.2 2.b.ii) with base
 * blinding (the input is multiplied by r^e, the result by r^-1; the pair is
 * renewed by squaring both after each use, as OpenSSL and BoringSSL do) and
 * checks its result with the public exponent before releasing it, so that a
 * fault in one half of the CRT cannot leak a factor of n (Boneh, DeMillo
 * and Lipton's attack).  It is constant-time: every value derived from the
 * key goes through the constant-time bignum functions, at widths fixed by
 * the moduli.  The public operation and the key checks are variable-time
 * only in public values (n, e) and in whether the key is valid.
 */
#include <brisk/rand.h>
#include <brisk/rsa.h>

#include "../internal.h"

/* bn_equal returns 1 when a = b, whatever their widths. */
static int bn_equal(const brisk_bn *a, const brisk_bn *b)
{
    return brisk_bn_cmp(a, b) == 0;
}

/* bn_is_one returns 1 when a = 1. */
static int bn_is_one(const brisk_bn *a)
{
    brisk_bn one;
    brisk_bn_from_u64(&one, 1);
    return bn_equal(a, &one);
}

/* check_public checks n and e and prepares n. */
static int check_public(brisk_rsa_key *key)
{
    brisk_bn_normalize(&key->n);
    brisk_bn_normalize(&key->e);
    key->bits = brisk_bn_bits(&key->n);
    if (key->bits < BRISK_RSA_MIN_BITS || key->bits > BRISK_RSA_MAX_BITS ||
        !brisk_bn_is_odd(&key->n) || !brisk_bn_is_odd(&key->e) ||
        brisk_bn_bits(&key->e) < 2 || brisk_bn_cmp(&key->e, &key->n) >= 0)
        return BRISK_EINVAL;
    return brisk_bn_mont_init(&key->mont_n, &key->n);
}

/* check_crt_half checks one prime's CRT exponent: dx < x - 1, d = dx mod
 * (x - 1) and e dx = 1 mod (x - 1).  dx is set to x's width. */
static int check_crt_half(const brisk_rsa_key *key, brisk_bn *dx, const brisk_bn *x)
{
    brisk_bn one, xm1, t;
    int ok;

    brisk_bn_from_u64(&one, 1);
    if (brisk_bn_sub(&xm1, x, &one) != 0 || brisk_bn_resize(dx, x->n) != 0)
        return BRISK_EINVAL;
    ok = brisk_bn_cmp(dx, &xm1) < 0;
    ok &= brisk_bn_mod(&t, &key->d, &xm1) == 0 && bn_equal(&t, dx);
    ok &= brisk_bn_mul(&t, &key->e, dx) == 0 && brisk_bn_mod(&t, &t, &xm1) == 0 &&
          bn_is_one(&t);
    wipe(&t, sizeof(t));
    return ok ? BRISK_EOK : BRISK_EINVAL;
}

/* check_private checks p, q, d and the CRT values against n and e, and
 * prepares p and q. */
static int check_private(brisk_rsa_key *key)
{
    brisk_bn t;
    int ok;

    /* Without p and q there is no CRT: such keys are refused. */
    if (brisk_bn_is_zero(&key->p) || brisk_bn_is_zero(&key->q) ||
        brisk_bn_mont_init(&key->mont_p, &key->p) != 0 ||
        brisk_bn_mont_init(&key->mont_q, &key->q) != 0)
        return BRISK_EINVAL;
    /* Fix the secrets' widths to their moduli's, which are public. */
    if (brisk_bn_resize(&key->p, key->mont_p.n) != 0 ||
        brisk_bn_resize(&key->q, key->mont_q.n) != 0 ||
        brisk_bn_resize(&key->qinv, key->mont_p.n) != 0 ||
        brisk_bn_resize(&key->d, key->mont_n.n) != 0)
        return BRISK_EINVAL;
    ok = brisk_bn_mul(&t, &key->p, &key->q) == 0 && bn_equal(&t, &key->n);
    ok &= brisk_bn_cmp(&key->d, &key->n) < 0;
    ok &= check_crt_half(key, &key->dp, &key->p) == 0;
    ok &= check_crt_half(key, &key->dq, &key->q) == 0;
    /* qinv q = 1 mod p (q may exceed p: reduce it first). */
    ok &= brisk_bn_cmp(&key->qinv, &key->p) < 0 && brisk_bn_mod(&t, &key->q, &key->p) == 0 &&
          brisk_bn_mod_mul(&t, &t, &key->qinv, &key->p) == 0 && bn_is_one(&t);
    wipe(&t, sizeof(t));
    return ok ? BRISK_EOK : BRISK_EINVAL;
}

/* new_blinding draws r in [1, n-1] and sets blind = r^e, unblind = r^-1. */
static int new_blinding(brisk_rsa_key *key)
{
    brisk_bn r;
    int err = BRISK_EOK;

    /* r shares a factor with n with negligible probability: a few tries. */
    for (int tries = 0; tries < 8; tries++) {
        err = brisk_bn_random_range(&r, &key->n);
        if (err != 0)
            break;
        err = brisk_bn_mod_inverse(&key->unblind, &r, &key->n);
        if (err == 0) {
            err = brisk_bn_mod_exp_public(&key->blind, &r, &key->e, &key->mont_n);
            break;
        }
    }
    wipe(&r, sizeof(r));
    return err;
}

int brisk_rsa_key_prepare(brisk_rsa_key *key)
{
    int err;

    if (key == NULL)
        return BRISK_EINVAL;
    err = check_public(key);
    if (err != 0 || !key->has_private)
        return err != 0 ? BRISK_EINVAL : BRISK_EOK;
    err = check_private(key);
    if (err != 0)
        return err;
    return new_blinding(key);
}

size_t brisk_rsa_size(const brisk_rsa_key *key)
{
    return (key->bits + 7) / 8;
}

void brisk_rsa_key_wipe(brisk_rsa_key *key)
{
    wipe(key, sizeof(*key));
}

/* load_input reads in (brisk_rsa_size bytes) into x in n's width, checking
 * x < n. */
static int load_input(const brisk_rsa_key *key, brisk_bn *x, const uint8_t *in, size_t in_len)
{
    if (in == NULL || in_len != brisk_rsa_size(key) || brisk_bn_from_bytes(x, in, in_len) != 0 ||
        brisk_bn_cmp(x, &key->n) >= 0 || brisk_bn_resize(x, key->n.n) != 0)
        return BRISK_EINVAL;
    return BRISK_EOK;
}

int brisk_rsa_public_op(const brisk_rsa_key *key, uint8_t *out, const uint8_t *in,
                        size_t in_len)
{
    brisk_bn x, y;

    if (key == NULL || out == NULL || load_input(key, &x, in, in_len) != 0 ||
        brisk_bn_mod_exp_public(&y, &x, &key->e, &key->mont_n) != 0)
        return BRISK_EINVAL;
    return brisk_bn_to_bytes(out, in_len, &y);
}

/* crt_exp sets m = c^d mod n by the CRT (RFC 8017 §5.1.2 2.b.ii, u = 2):
 * m1 = c^dp mod p, m2 = c^dq mod q, h = qinv (m1 - m2) mod p, m = m2 + q h. */
static int crt_exp(const brisk_rsa_key *key, brisk_bn *m, const brisk_bn *c)
{
    brisk_bn m1, m2, t;
    int err = 0;

    err |= brisk_bn_mod(&t, c, &key->p);
    err |= brisk_bn_mod_exp(&m1, &t, &key->dp, &key->mont_p);
    err |= brisk_bn_mod(&t, c, &key->q);
    err |= brisk_bn_mod_exp(&m2, &t, &key->dq, &key->mont_q);
    err |= brisk_bn_mod(&t, &m2, &key->p);          /* q may exceed p */
    err |= brisk_bn_mod_sub(&t, &m1, &t, &key->p);
    err |= brisk_bn_mod_mul(&t, &t, &key->qinv, &key->p);
    err |= brisk_bn_mul(&m1, &t, &key->q);
    err |= brisk_bn_add(m, &m1, &m2);
    err |= brisk_bn_resize(m, key->n.n);
    wipe(&m1, sizeof(m1));
    wipe(&m2, sizeof(m2));
    wipe(&t, sizeof(t));
    return err != 0 ? BRISK_EINVAL : BRISK_EOK;
}

int brisk_rsa_private_op(brisk_rsa_key *key, uint8_t *out, const uint8_t *in,
                         size_t in_len)
{
    brisk_bn c, b, m, chk;
    int err;

    if (key == NULL || out == NULL || !key->has_private || load_input(key, &c, in, in_len) != 0)
        return BRISK_EINVAL;
    err = brisk_bn_mod_mul(&b, &c, &key->blind, &key->n);
    if (err == 0)
        err = crt_exp(key, &m, &b);
    if (err == 0)
        err = brisk_bn_mod_mul(&m, &m, &key->unblind, &key->n);
    /* Renew the pair: (r^e)^2 = (r^2)^e and (r^-1)^2 = (r^2)^-1. */
    if (err == 0)
        err = brisk_bn_mod_mul(&key->blind, &key->blind, &key->blind, &key->n);
    if (err == 0)
        err = brisk_bn_mod_mul(&key->unblind, &key->unblind, &key->unblind, &key->n);
    /* Release m only if m^e = c: a faulty half would otherwise give away
     * gcd(m^e - c, n), a prime factor. */
    if (err == 0)
        err = brisk_bn_mod_exp_public(&chk, &m, &key->e, &key->mont_n);
    if (err == 0 && !bn_equal(&chk, &c))
        err = BRISK_EVERIFY;
    if (err == 0)
        err = brisk_bn_to_bytes(out, in_len, &m);
    wipe(&b, sizeof(b));
    wipe(&m, sizeof(m));
    return err;
}
