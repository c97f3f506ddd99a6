/*
 * src/pk/rsa.c - RSA keys and the raw operations (RFC 8017 §5.1, §5.2):
 * key checks and precomputation, RSAEP/RSAVP1 and RSADP/RSASP1.
 *
 * The private operation uses the CRT (RFC 8017 §5.1.2 2.b.ii) with base
 * blinding (the input is multiplied by r^e, the result by r^-1; the pair is
 * renewed by squaring both after each use, as OpenSSL and BoringSSL do) and
 * checks its result with the public exponent before releasing it, so that a
 * fault in one half of the CRT cannot leak a factor of n (Boneh, DeMillo
 * and Lipton's attack).  It is constant-time (tests/ct_rsa.c checks it
 * under valgrind with p and q secret too): the exponentiations are
 * brisk_bn_mod_exp's, the rest runs on the Montgomery kernels and limb
 * helpers of src/bn/internal.h over the moduli prepared once, at widths
 * fixed by the moduli, and the fault check releases its result without a
 * branch.  The public operation and the key checks are variable-time only
 * in public values (n, e) and in whether the key is valid.
 */
#include <brisk/rand.h>
#include <brisk/rsa.h>

#include "../bn/internal.h"
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

/* exponent_ok checks e against n as OpenSSL does (RSA_MAX_PUBEXP_BITS,
 * RSA_SMALL_MODULUS_BITS): odd, 3 <= e < n, and of at most 64 bits when n
 * has more than 3072; below that any e < n, which such keys use (e = n - 2
 * and the like come from old tools).  A huge e makes every verification as
 * slow as a private operation: a cheap denial of service. */
static int exponent_ok(const brisk_bn *e, const brisk_bn *n, size_t n_bits)
{
    size_t e_bits = brisk_bn_bits(e);
    return brisk_bn_is_odd(e) && e_bits >= 2 && brisk_bn_cmp(e, n) < 0 &&
           (n_bits <= BRISK_RSA_SMALL_MODULUS_BITS || e_bits <= BRISK_RSA_MAX_PUBEXP_BITS);
}

/* check_public checks n and e and prepares n. */
static int check_public(brisk_rsa_key *key)
{
    brisk_bn_normalize(&key->n);
    brisk_bn_normalize(&key->e);
    key->bits = brisk_bn_bits(&key->n);
    if (key->bits < BRISK_RSA_MIN_BITS || key->bits > BRISK_RSA_MAX_BITS ||
        !brisk_bn_is_odd(&key->n) || !exponent_ok(&key->e, &key->n, key->bits))
        return BRISK_EINVAL;
    return brisk_bn_mont_init(&key->mont_n, &key->n);
}

/* prime_rounds is the number of Miller-Rabin rounds for a loaded key's p
 * and q: 4^-t bounds the error for any input (FIPS 186-4 C.3, the bound
 * Table C.1 uses for DSA), which a key file is, where Tables C.2 and C.3
 * count rounds for random candidates; t = 40, 56, 64 for n of up to 1024,
 * 2048 and more bits (2^-80, 2^-112, 2^-128: the modulus' strength). */
static int prime_rounds(size_t n_bits)
{
    return n_bits <= 1024 ? 40 : n_bits <= 2048 ? 56 : 64;
}

/* check_primes checks that p and q are probable primes.  A composite p
 * with consistent CRT values passes every other check (d from the right
 * phi); its signatures only fail the fault check, and n is then easier
 * to factor than its size says. */
static int check_primes(const brisk_rsa_key *key)
{
    int rounds = prime_rounds(key->bits), prime;
    int err = brisk_bn_is_probable_prime(&key->p, rounds, &prime);

    if (err == BRISK_EOK && prime)
        err = brisk_bn_is_probable_prime(&key->q, rounds, &prime);
    return err != BRISK_EOK ? err : prime ? BRISK_EOK : BRISK_EINVAL;
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
        brisk_bn_mont_init(&key->mont_q, &key->q) != 0 ||
        key->mont_p.n + key->mont_q.n > BRISK_BN_MAX_LIMBS)   /* room for q h */
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

/* new_blinding draws r in [1, n-1] and sets blind = r^e R and unblind =
 * r^-1 R mod n, in Montgomery form (R = 2^(64 n's limbs)): one Montgomery
 * multiplication then blinds, unblinds or renews, where the plain values
 * took two (a b R^-1, then times R^2). */
static int new_blinding(brisk_rsa_key *key)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const brisk_bn_mont *mn = &key->mont_n;
    brisk_bn r;
    int err = BRISK_EOK;

    /* r shares a factor with n with negligible probability: a few tries. */
    for (int tries = 0; tries < 8; tries++) {
        err = brisk_bn_random_range(&r, &key->n);
        if (err != 0)
            break;
        err = brisk_bn_mod_inverse(&key->unblind, &r, &key->n);
        if (err == 0) {
            err = brisk_bn_mod_exp_public(&key->blind, &r, &key->e, mn);
            break;
        }
    }
    if (err == 0) {
        /* the results are in n's width: below n, as mont_mul wants them */
        im->mont_mul(key->blind.d, key->blind.d, mn->rr, mn);
        im->mont_mul(key->unblind.d, key->unblind.d, mn->rr, mn);
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
    if (err == 0)
        err = check_primes(key);
    if (err != 0)
        return err;
    return new_blinding(key);
}

size_t brisk_rsa_size(const brisk_rsa_key *key)
{
    return (key->bits + 7) / 8;
}

void brisk_rsa_key_cleanup(brisk_rsa_key *key)
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

    if (key == NULL || out == NULL || !exponent_ok(&key->e, &key->n, key->bits) ||
        load_input(key, &x, in, in_len) != 0 ||
        brisk_bn_mod_exp_public(&y, &x, &key->e, &key->mont_n) != 0)
        return BRISK_EINVAL;
    return brisk_bn_to_bytes(out, in_len, &y);
}

/* mul_mod sets r = a b mod m for a, b < m (m->n limbs) with two
 * Montgomery multiplications, a b R^-1 then times R^2, on the modulus
 * prepared once (brisk_bn_mod_mul would prepare it again every call). */
static void mul_mod(uint64_t *r, const uint64_t *a, const uint64_t *b, const brisk_bn_mont *m)
{
    const brisk_bn_impl *im = brisk_bn_active();
    im->mont_mul(r, a, b, m);
    im->mont_mul(r, r, m->rr, m);
}

/* sub_mod sets r = a - b mod m for a, b < m (n limbs). */
static void sub_mod(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                    size_t n)
{
    uint64_t t[BRISK_BN_MAX_LIMBS];
    uint64_t borrow = brisk_limbs_sub(r, a, b, n);
    brisk_limbs_add(t, r, m, n);
    brisk_limbs_select(r, borrow, t, r, n);
    wipe(t, sizeof(t));
}

/* get_bits sets d (len limbs) to bits [pos, pos + w) of c (cn limbs);
 * pos and w are public. */
static void get_bits(uint64_t *d, const uint64_t *c, size_t cn, size_t pos, size_t w,
                     size_t len)
{
    for (size_t j = 0; j < len; j++) {
        size_t b = pos + 64 * j, k = b / 64, off = b % 64;
        uint64_t v = 0;
        if (k < cn) {
            v = c[k] >> off;
            if (off != 0 && k + 1 < cn)
                v |= c[k + 1] << (64 - off);
        }
        if (64 * j >= w)
            v = 0;
        else if (w - 64 * j < 64)
            v &= ((uint64_t)1 << (w - 64 * j)) - 1;
        d[j] = v;
    }
}

/* reduce sets r (m->n limbs) = c mod m for c of cn limbs, by Horner's rule
 * over digits of w = bits(m) - 1 bits (each below m): r = r 2^w + digit,
 * the product by 2^w being one Montgomery multiplication by 2^w R mod m.
 * A few multiplications where the bit-serial brisk_limbs_mod took a third
 * of a 2048-bit signature. */
static void reduce(uint64_t *r, const uint64_t *c, size_t cn, const brisk_bn_mont *m)
{
    const brisk_bn_impl *im = brisk_bn_active();
    size_t n = m->n, w = m->bits - 1;
    uint64_t t2w[BRISK_BN_MAX_LIMBS] = {0}, d[BRISK_BN_MAX_LIMBS], u[BRISK_BN_MAX_LIMBS];

    t2w[w / 64] = (uint64_t)1 << (w % 64);
    im->mont_mul(t2w, t2w, m->rr, m);
    /* the top digit as it is (below 2^w <= m): r 2^w would be 0 */
    size_t digits = (64 * cn + w - 1) / w, i = digits > 0 ? digits - 1 : 0;
    get_bits(r, c, cn, w * i, w, n);
    while (i-- > 0) {
        im->mont_mul(r, r, t2w, m);
        get_bits(d, c, cn, w * i, w, n);
        uint64_t carry = brisk_limbs_add(d, r, d, n);
        uint64_t borrow = brisk_limbs_sub(u, d, m->m, n);
        brisk_limbs_select(r, carry | (1 ^ borrow), u, d, n);
    }
    wipe(d, sizeof(d));
    wipe(u, sizeof(u));
}

/* pow_public sets r = a^e mod n for the public e by left-to-right binary
 * exponentiation on the kernels: branches on e's bits only, and no operand
 * check that would branch on a (the result to be checked, still derived
 * from the key). */
static void pow_public(uint64_t *r, const uint64_t *a, const brisk_rsa_key *key)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const brisk_bn_mont *m = &key->mont_n;
    uint64_t am[BRISK_BN_MAX_LIMBS], one[BRISK_BN_MAX_LIMBS] = {1};
    size_t bits = brisk_bn_bits(&key->e);

    /* the implementation's kernel, when it has one, is constant-time in a
     * too and keeps the whole exponentiation in its own domain */
    if (im->mod_exp_public != NULL && im->mod_exp_public(r, a, key->e.d, key->e.n, m) == 1)
        return;
    im->mont_mul(am, a, m->rr, m);
    memcpy(r, am, m->n * sizeof(uint64_t));
    for (size_t i = bits - 1; i-- > 0;) {
        im->mont_sqr(r, r, m);
        if ((key->e.d[i / 64] >> (i % 64)) & 1)
            im->mont_mul(r, r, am, m);
    }
    im->mont_mul(r, r, one, m);
    wipe(am, sizeof(am));
}

/* release_checked writes m (n limbs) to out[0..len-1] only if m^e equals
 * the input c: a faulty CRT half would otherwise give away gcd(m^e - c, n),
 * a prime factor.  Branch-free, so that the check's outcome (public: it
 * only tells whether a fault happened) is all that the return value
 * carries. */
static int release_checked(const brisk_rsa_key *key, uint8_t *out, size_t len,
                           const uint64_t *m, const brisk_bn *c)
{
    uint64_t chk[BRISK_BN_MAX_LIMBS], diff = 0;

    pow_public(chk, m, key);
    for (size_t i = 0; i < key->mont_n.n; i++)
        diff |= chk[i] ^ c->d[i];
    uint64_t ok = 1 ^ ct_nz64(diff);
    uint8_t mask = (uint8_t)ct_mask64(ok);
    for (size_t i = 0; i < len; i++) {
        size_t j = len - 1 - i;   /* byte j from the right: m < n fits */
        uint8_t b = (uint8_t)(m[j / 8] >> (8 * (j % 8)));
        out[i] = (uint8_t)((b & mask) | (out[i] & ~mask));
    }
    wipe(chk, sizeof(chk));
    return BRISK_EVERIFY * (int)(1 - ok);
}

/* crt_exp sets m (n limbs) = c^d mod n by the CRT (RFC 8017 §5.1.2
 * 2.b.ii, u = 2): m1 = c^dp mod p, m2 = c^dq mod q, h = qinv (m1 - m2) mod
 * p, m = m2 + q h.  Every operand is in range by construction, so the
 * exponentiations' verdicts (derived from secret values, hence not to be
 * branched on) are ignored. */
static void crt_exp(const brisk_rsa_key *key, uint64_t *m, const brisk_bn *c)
{
    struct {
        brisk_bn m1, m2, t, t2;
    } s;
    const brisk_bn *p = &key->p, *q = &key->q;

    memset(&s, 0, sizeof(s));
    s.t.n = p->n;
    reduce(s.t.d, c->d, c->n, &key->mont_p);
    s.t2.n = q->n;
    reduce(s.t2.d, c->d, c->n, &key->mont_q);
    /* both halves at once where the kernels can interleave them */
    (void)brisk_bn_mod_exp_pair(&s.m1, &s.t, &key->dp, &key->mont_p, &s.m2, &s.t2, &key->dq,
                                &key->mont_q);
    /* h = qinv (m1 - (m2 mod p)) mod p: q may exceed p. */
    reduce(s.t.d, s.m2.d, s.m2.n, &key->mont_p);
    sub_mod(s.t.d, s.m1.d, s.t.d, p->d, p->n);
    mul_mod(s.t.d, s.t.d, key->qinv.d, &key->mont_p);
    s.t.n = p->n;
    /* m = m2 + q h < n: add m2 into q h (p.n + q.n limbs, at least n's). */
    brisk_limbs_mul(s.m1.d, s.t.d, p->n, q->d, q->n);
    brisk_limbs_add(s.m1.d, s.m1.d, s.m2.d, p->n + q->n);
    memcpy(m, s.m1.d, key->mont_n.n * sizeof(uint64_t));
    wipe(&s, sizeof(s));
}

int brisk_rsa_private_op(brisk_rsa_key *key, uint8_t *out, const uint8_t *in,
                         size_t in_len)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const brisk_bn_mont *mn;
    uint64_t m[BRISK_BN_MAX_LIMBS];
    brisk_bn c, cb;
    int err;

    if (key == NULL || out == NULL || !key->has_private || load_input(key, &c, in, in_len) != 0)
        return BRISK_EINVAL;
    mn = &key->mont_n;
    /* Blind: (c r^e)^d = c^d r; unblind with r^-1.  The pair is in
     * Montgomery form (new_blinding), so each product is one mont_mul. */
    brisk_bn_zero(&cb, mn->n);
    im->mont_mul(cb.d, c.d, key->blind.d, mn);
    crt_exp(key, m, &cb);
    im->mont_mul(m, m, key->unblind.d, mn);
    /* Renew the pair: (r^e)^2 = (r^2)^e and (r^-1)^2 = (r^2)^-1, which
     * (x R)^2 R^-1 = x^2 R keeps in Montgomery form. */
    im->mont_sqr(key->blind.d, key->blind.d, mn);
    im->mont_sqr(key->unblind.d, key->unblind.d, mn);
    err = release_checked(key, out, in_len, m, &c);
    wipe(&cb, sizeof(cb));
    wipe(m, sizeof(m));
    return err;
}
