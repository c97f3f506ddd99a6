/*
 * src/pk/rsa_keygen.c - RSA key generation after FIPS 186-5 Appendix A.1.3
 * (probable primes): random odd candidates of nlen/2 bits whose top two
 * bits are set (so p, q >= 1.5 * 2^(nlen/2 - 1) > sqrt(2) * 2^(nlen/2 - 1)
 * and p q has exactly nlen bits), gcd(p - 1, e) = 1, Miller-Rabin rounds of
 * FIPS 186-5 Table B.1 (brisk_bn_is_probable_prime), |p - q| >
 * 2^(nlen/2 - 100), and d = e^-1 mod lcm(p - 1, q - 1) > 2^(nlen/2).
 *
 * Constant-time in the primes once found, by technique:
 * - gcd(x - 1, e) = 1 is tested as "(x - 1) mod e has an inverse mod e"
 *   with the constant-time brisk_bn_mod and brisk_bn_mod_inverse;
 * - lambda = lcm(p - 1, q - 1) = (p - 1)(q - 1) / gcd(p - 1, q - 1): the
 *   common power of two is shifted out over a fixed number of steps, the
 *   odd gcd is found by a binary gcd run for a fixed 2 * width steps with
 *   conditional swaps and subtractions, and the exact quotient comes from a
 *   shift-and-subtract division of fixed length;
 * - d = e^-1 mod lambda, lambda even and secret (so no odd-modulus inverse
 *   applies): with u = (lambda mod e)^-1 mod e (odd public e), lambda (e - u)
 *   = -1 mod e, so d = (1 + lambda (e - u)) / e is an integer, e d = 1 mod
 *   lambda, and d < lambda; the division by e is the same fixed-length one.
 * Rejected candidates are discarded, so branching on their tests leaks
 * nothing about the key.  Every secret intermediate is wiped.
 */
#include <brisk/rand.h>
#include <brisk/rsa.h>

#include "../bn/internal.h"
#include "../internal.h"

/* ---- Constant-time limb helpers (widths public, values secret), beside
 * those of src/bn/internal.h ---- */

/* limbs_cswap swaps a and b when bit is 1. */
static void limbs_cswap(uint64_t *a, uint64_t *b, uint64_t bit, size_t len)
{
    uint64_t mask = ct_mask64(bit);
    for (size_t i = 0; i < len; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* limbs_cshr1 halves a when bit is 1. */
static void limbs_cshr1(uint64_t *a, uint64_t bit, size_t len)
{
    uint64_t mask = ct_mask64(bit);
    for (size_t i = 0; i < len; i++) {
        uint64_t hi = i + 1 < len ? a[i + 1] << 63 : 0;
        a[i] ^= mask & (a[i] ^ ((a[i] >> 1) | hi));
    }
}

/* ct_div sets q = x / m (m > 0), x's width for q, in 64 x.n steps of one
 * conditional subtraction of m.n + 1 limbs each. */
static void ct_div(brisk_bn *q, const brisk_bn *x, const brisk_bn *m)
{
    uint64_t r[BRISK_BN_MAX_LIMBS + 1], t[BRISK_BN_MAX_LIMBS + 1], mm[BRISK_BN_MAX_LIMBS + 1];
    size_t len = m->n + 1, xn = x->n;
    brisk_bn quot;

    memset(r, 0, sizeof(r));
    memset(mm, 0, sizeof(mm));
    memcpy(mm, m->d, m->n * sizeof(uint64_t));
    memset(&quot, 0, sizeof(quot));
    quot.n = xn;
    for (size_t i = 64 * xn; i-- > 0;) {
        uint64_t in = (x->d[i / 64] >> (i % 64)) & 1;
        for (size_t j = len - 1; j > 0; j--)
            r[j] = r[j] << 1 | r[j - 1] >> 63;
        r[0] = r[0] << 1 | in;
        uint64_t ge = 1 ^ brisk_limbs_sub(t, r, mm, len);
        brisk_limbs_select(r, ge, t, r, len);
        quot.d[i / 64] |= ge << (i % 64);
    }
    *q = quot;
    wipe(&quot, sizeof(quot));
    wipe(r, sizeof(r));
    wipe(t, sizeof(t));
}

/* ct_lcm sets l = lcm(a, b) for even a, b > 0 of the same width. */
static void ct_lcm(brisk_bn *l, const brisk_bn *a, const brisk_bn *b)
{
    struct {
        brisk_bn x, y, a1, prod;
        uint64_t t[BRISK_BN_MAX_LIMBS];
    } s;
    size_t len = a->n > b->n ? a->n : b->n;

    s.x = *a;
    s.y = *b;
    s.x.n = s.y.n = len;
    /* Shift out the power of two common to both: the result, one of x, y
     * odd, has x = a / 2^k with 2^k the even part of gcd(a, b). */
    for (size_t i = 0; i < 64 * len; i++) {
        uint64_t both_even = 1 & ~(s.x.d[0] | s.y.d[0]);
        limbs_cshr1(s.x.d, both_even, len);
        limbs_cshr1(s.y.d, both_even, len);
    }
    s.a1 = s.x;
    /* Binary gcd with y kept odd: gcd(x, y) is the odd part g of gcd(a, b). */
    limbs_cswap(s.x.d, s.y.d, 1 & ~s.y.d[0], len);
    for (size_t i = 0; i < 128 * len; i++) {
        uint64_t odd = s.x.d[0] & 1;
        uint64_t lt = brisk_limbs_sub(s.t, s.x.d, s.y.d, len);
        limbs_cswap(s.x.d, s.y.d, odd & lt, len);
        brisk_limbs_sub(s.t, s.x.d, s.y.d, len);
        brisk_limbs_select(s.x.d, odd, s.t, s.x.d, len);
        limbs_cshr1(s.x.d, 1, len);
    }
    /* lcm = a b / (2^k g) = (a / 2^k) b / g. */
    brisk_bn_mul(&s.prod, &s.a1, b);
    ct_div(l, &s.prod, &s.y);
    wipe(&s, sizeof(s));
}

/* ---- Key generation ---- */

/* coprime_minus_one returns 1 when gcd(x - 1, e) = 1. */
static int coprime_minus_one(const brisk_bn *x, const brisk_bn *e)
{
    brisk_bn one, t, u;
    int ok;

    brisk_bn_from_u64(&one, 1);
    ok = brisk_bn_sub(&t, x, &one) == 0 && brisk_bn_mod(&t, &t, e) == 0 &&
         !brisk_bn_is_zero(&t) && brisk_bn_mod_inverse(&u, &t, e) == 0;
    wipe(&t, sizeof(t));
    wipe(&u, sizeof(u));
    return ok;
}

/* gen_prime sets x to a probable prime of `half` bits, top two bits set,
 * with gcd(x - 1, e) = 1 (FIPS 186-5 A.1.3 steps 4 and 5). */
static int gen_prime(brisk_bn *x, size_t half, const brisk_bn *e)
{
    uint8_t buf[BRISK_RSA_GEN_MAX_BITS / 16];
    size_t len = (half + 7) / 8, top = half - 8 * (len - 1); /* bits in buf[0] */
    int err = BRISK_ERANDOM, prime;

    /* A candidate is prime with probability about 2 / (half ln 2): this
     * many failures mean a broken random source. */
    for (size_t tries = 0; tries < 100 * half; tries++) {
        err = brisk_random_bytes(buf, len);
        if (err != 0)
            break;
        buf[0] &= (uint8_t)(0xff >> (8 - top));
        buf[0] |= (uint8_t)(1u << (top - 1));
        if (top >= 2)
            buf[0] |= (uint8_t)(1u << (top - 2));
        else
            buf[1] |= 0x80;
        buf[len - 1] |= 1;
        err = brisk_bn_from_bytes(x, buf, len);
        if (err != 0)
            break;
        if (!coprime_minus_one(x, e))
            continue;
        err = brisk_bn_is_probable_prime(x, 0, &prime);
        if (err != BRISK_EOK || prime)
            break;
        err = BRISK_ERANDOM;
    }
    wipe(buf, sizeof(buf));
    return err;
}

/* far_apart returns 1 when |p - q| > 2^(half - 100) (FIPS 186-5 A.1.3
 * step 5.4). */
static int far_apart(const brisk_bn *p, const brisk_bn *q, size_t half)
{
    brisk_bn t;
    int ok;

    if (brisk_bn_cmp(p, q) >= 0)
        brisk_bn_sub(&t, p, q);
    else
        brisk_bn_sub(&t, q, p);
    ok = brisk_bn_bits(&t) > half - 100;
    wipe(&t, sizeof(t));
    return ok;
}

/* private_exponent sets d = e^-1 mod lambda = (1 + lambda (e - u)) / e
 * with u = (lambda mod e)^-1 mod e (see the file comment). */
static int private_exponent(brisk_bn *d, const brisk_bn *lambda, const brisk_bn *e)
{
    struct {
        brisk_bn t, u, x;
    } s;
    brisk_bn one;
    int err = 0;

    brisk_bn_from_u64(&one, 1);
    err |= brisk_bn_mod(&s.t, lambda, e);
    err |= brisk_bn_mod_inverse(&s.u, &s.t, e);
    err |= brisk_bn_sub(&s.u, e, &s.u);
    err |= brisk_bn_mul(&s.x, lambda, &s.u);
    err |= brisk_bn_add(&s.x, &s.x, &one);
    if (err == 0)
        ct_div(d, &s.x, e);
    wipe(&s, sizeof(s));
    return err != 0 ? BRISK_EINVAL : BRISK_EOK;
}

/* derive sets n, d, dp, dq and qinv from p, q and e; BRISK_ERANDOM when d
 * is too small (FIPS 186-5 A.1.3 step 6: try new primes). */
static int derive(brisk_rsa_key *key, size_t half)
{
    struct {
        brisk_bn one, pm1, qm1, lambda, t;
    } s;
    int err = 0;

    brisk_bn_from_u64(&s.one, 1);
    err |= brisk_bn_mul(&key->n, &key->p, &key->q);
    err |= brisk_bn_sub(&s.pm1, &key->p, &s.one);
    err |= brisk_bn_sub(&s.qm1, &key->q, &s.one);
    if (err == 0) {
        ct_lcm(&s.lambda, &s.pm1, &s.qm1);
        err |= private_exponent(&key->d, &s.lambda, &key->e);
    }
    err |= brisk_bn_resize(&key->d, key->n.n);
    err |= brisk_bn_mod(&key->dp, &key->d, &s.pm1);
    err |= brisk_bn_mod(&key->dq, &key->d, &s.qm1);
    err |= brisk_bn_mod(&s.t, &key->q, &key->p);
    err |= brisk_bn_mod_inverse(&key->qinv, &s.t, &key->p);
    if (err == 0 && brisk_bn_bits(&key->d) <= half)
        err = BRISK_ERANDOM;
    wipe(&s, sizeof(s));
    return err != 0 ? (err == BRISK_ERANDOM ? err : BRISK_EINVAL) : BRISK_EOK;
}

int brisk_rsa_generate(brisk_rsa_key *key, size_t bits, uint64_t e)
{
    size_t half = bits / 2;
    int err;

    if (key == NULL || bits < BRISK_RSA_MIN_BITS || bits > BRISK_RSA_GEN_MAX_BITS ||
        bits % 2 != 0 || (e != 0 && (e < 3 || e % 2 == 0)))
        return BRISK_EINVAL;
    memset(key, 0, sizeof(*key));
    brisk_bn_from_u64(&key->e, e != 0 ? e : 65537);
    for (;;) {
        err = gen_prime(&key->p, half, &key->e);
        if (err == 0)
            err = gen_prime(&key->q, half, &key->e);
        if (err != 0)
            break;
        if (!far_apart(&key->p, &key->q, half))
            continue;
        err = derive(key, half);
        if (err != BRISK_ERANDOM)
            break;
    }
    if (err == 0) {
        key->has_private = 1;
        err = brisk_rsa_key_prepare(key);
    }
    if (err != 0)
        brisk_rsa_key_cleanup(key);
    return err;
}
