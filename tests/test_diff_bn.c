/*
 * tests/test_diff_bn.c - the bignum functions (brisk/bn.h) against OpenSSL's
 * BN on random operands, for every implementation of the "bn" primitive
 * (Montgomery multiplication) this CPU can run:
 *   mul, squaring, mod, div, mod_add/sub/mul (odd and even moduli),
 *   mod_exp (secret and public exponent), mod_exp2_public, the paired
 *   exponentiation of RSA's CRT halves (mod_exp_pair), mod_inverse and
 *   gcd, at moduli of 64 to 8192 bits including odd widths (520, 1000,
 *   4095 bits), the multiples of 256 bits between RSA's (768, 1280) and
 *   6144 bits (an IFMA size), and patterned operands (all-ones limbs,
 *   sparse, top bit only), and exponentiations over extreme moduli and bases with
 *   all-ones exponents (check_exp_edges); is_probable_prime on
 *   BN_generate_prime outputs, Carmichael numbers, products of two primes
 *   and squares of primes.
 * BRISK_TEST_QUICK=1 does fewer rounds.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/err.h>

#include <brisk/brisk.h>

#include "../src/bn/internal.h"
#include "vectors.h"

static const char *impl_name;
static BN_CTX *ctx;

/* ---- Conversions ---- */

static BIGNUM *to_ossl(const brisk_bn *a)
{
    uint8_t buf[BRISK_BN_MAX_BITS / 8];
    size_t len = a->n * 8;
    if (brisk_bn_to_bytes(buf, len, a) != 0)
        abort();
    return BN_bin2bn(buf, (int)len, NULL);
}

/* from_ossl sets r to x in `limbs` limbs. */
static void from_ossl(brisk_bn *r, const BIGNUM *x, size_t limbs)
{
    uint8_t buf[BRISK_BN_MAX_BITS / 8];
    if (BN_bn2binpad(x, buf, (int)(limbs * 8)) < 0 || brisk_bn_from_bytes(r, buf, limbs * 8) != 0)
        abort();
}

/* same checks that brisk's a equals OpenSSL's x and that a's width is
 * `width` limbs (or any width when width is 0). */
static int same(const brisk_bn *a, const BIGNUM *x, size_t width, const char *what, size_t bits)
{
    BIGNUM *y = to_ossl(a);
    int ok = BN_cmp(x, y) == 0;
    if (!ok) {
        char *hx = BN_bn2hex(x), *hy = BN_bn2hex(y);
        tv_fail("%s [%s] %zu bits: got %s want %s", what, impl_name, bits, hy, hx);
        OPENSSL_free(hx);
        OPENSSL_free(hy);
    } else if (width != 0) {
        ok = tv_check_int((long long)a->n, (long long)width, "%s [%s] %zu bits: width", what,
                          impl_name, bits);
    } else {
        tv_check(1, "%s", what);
    }
    BN_free(y);
    return ok;
}

/* rand_bn sets r to a random value of exactly `bits` bits (top bit set) in
 * ceil(bits / 64) limbs, some of the time with a pattern: all-ones limbs,
 * one limb in four zero, or only the top bit. */
static void rand_bn(tv_rng *rng, brisk_bn *r, size_t bits)
{
    size_t n = (bits + 63) / 64;
    brisk_bn_zero(r, n);
    unsigned pattern = (unsigned)tv_rng_below(rng, 8);
    for (size_t i = 0; i < n; i++) {
        uint64_t v = tv_rng_u64(rng);
        if (pattern == 0)
            v = ~(uint64_t)0;
        else if (pattern == 1 && i % 4 == 1)
            v = 0;
        else if (pattern == 2)
            v = 0;
        r->d[i] = v;
    }
    if (bits % 64 != 0)
        r->d[n - 1] &= ((uint64_t)1 << (bits % 64)) - 1;
    r->d[n - 1] |= (uint64_t)1 << ((bits - 1) % 64);
}

/* rand_below sets r to a random value below m in m's width. */
static void rand_below(tv_rng *rng, brisk_bn *r, const brisk_bn *m)
{
    size_t bits = brisk_bn_bits(m);
    rand_bn(rng, r, 1 + tv_rng_below(rng, bits));
    if (brisk_bn_cmp(r, m) >= 0)
        brisk_bn_sub(r, r, m);
    if (brisk_bn_cmp(r, m) >= 0)
        brisk_bn_zero(r, m->n);
    brisk_bn_resize(r, m->n);
}

/* ---- Arithmetic ---- */

static void check_mul_div(tv_rng *rng, size_t bits)
{
    brisk_bn a, b, r, q, m;
    BIGNUM *oa, *ob, *om, *want = BN_new(), *want2 = BN_new();
    size_t bb = bits / 2 + tv_rng_below(rng, bits / 2 + 1);
    if (bb == 0)
        bb = 1;

    rand_bn(rng, &a, bits);
    rand_bn(rng, &b, bb);
    oa = to_ossl(&a);
    ob = to_ossl(&b);
    if (2 * bits <= BRISK_BN_MAX_BITS) {
        BN_mul(want, oa, ob, ctx);
        tv_check_int(brisk_bn_mul(&r, &a, &b), 0, "mul");
        same(&r, want, a.n + b.n, "mul", bits);
        BN_sqr(want, oa, ctx);
        brisk_bn_copy(&r, &a);
        tv_check_int(brisk_bn_mul(&r, &r, &r), 0, "sqr aliased");
        same(&r, want, 2 * a.n, "sqr", bits);
    }
    BN_add(want, oa, ob);
    if (brisk_bn_add(&r, &a, &b) == 0)
        same(&r, want, 0, "add", bits);
    BN_sub(want, oa, ob);
    if (BN_is_negative(want)) {
        tv_check_int(brisk_bn_sub(&r, &a, &b), BRISK_EINVAL, "sub a < b");
    } else {
        tv_check_int(brisk_bn_sub(&r, &a, &b), 0, "sub");
        same(&r, want, a.n, "sub", bits);
    }

    /* a (bits) by m (bb bits, even or odd), mod and div */
    brisk_bn_copy(&m, &b);
    om = ob;
    BN_div(want, want2, oa, om, ctx);
    tv_check_int(brisk_bn_div(&q, &r, &a, &m), 0, "div");
    same(&q, want, 0, "div quotient", bits);
    same(&r, want2, m.n, "div remainder", bits);
    tv_check_int(brisk_bn_mod(&r, &a, &m), 0, "mod");
    same(&r, want2, m.n, "mod", bits);
    brisk_bn_copy(&r, &a);
    brisk_bn_mod(&r, &r, &m);
    same(&r, want2, m.n, "mod aliased", bits);
    brisk_bn_copy(&r, &a);
    brisk_bn_div(&r, NULL, &r, &m);
    same(&r, want, 0, "div aliased", bits);

    /* gcd of a random pair with a planted common factor */
    brisk_bn g, x, y;
    BIGNUM *ox, *oy;
    rand_bn(rng, &g, 1 + tv_rng_below(rng, 128));
    rand_bn(rng, &x, bits / 2 + 1);
    rand_bn(rng, &y, bits / 3 + 1);
    brisk_bn_mul(&x, &x, &g);
    brisk_bn_mul(&y, &y, &g);
    ox = to_ossl(&x);
    oy = to_ossl(&y);
    BN_gcd(want, ox, oy, ctx);
    tv_check_int(brisk_bn_gcd(&r, &x, &y), 0, "gcd");
    same(&r, want, 0, "gcd", bits);
    BN_free(ox);
    BN_free(oy);
    BN_free(oa);
    BN_free(ob);
    BN_free(want);
    BN_free(want2);
}

static void check_mod_ops(tv_rng *rng, size_t bits, int odd)
{
    brisk_bn a, b, m, r;
    BIGNUM *oa, *ob, *om, *want = BN_new();

    rand_bn(rng, &m, bits);
    m.d[0] = (m.d[0] & ~(uint64_t)1) | (uint64_t)odd;
    if (brisk_bn_bits(&m) < 2)
        m.d[0] |= 2;
    rand_below(rng, &a, &m);
    rand_below(rng, &b, &m);
    oa = to_ossl(&a);
    ob = to_ossl(&b);
    om = to_ossl(&m);
    BN_mod_add(want, oa, ob, om, ctx);
    tv_check_int(brisk_bn_mod_add(&r, &a, &b, &m), 0, "mod_add");
    same(&r, want, m.n, odd ? "mod_add odd" : "mod_add even", bits);
    BN_mod_sub(want, oa, ob, om, ctx);
    tv_check_int(brisk_bn_mod_sub(&r, &a, &b, &m), 0, "mod_sub");
    same(&r, want, m.n, odd ? "mod_sub odd" : "mod_sub even", bits);
    BN_mod_mul(want, oa, ob, om, ctx);
    tv_check_int(brisk_bn_mod_mul(&r, &a, &b, &m), 0, "mod_mul");
    same(&r, want, m.n, odd ? "mod_mul odd" : "mod_mul even", bits);
    BN_mod_sqr(want, oa, om, ctx);
    brisk_bn_copy(&r, &a);
    brisk_bn_mod_mul(&r, &r, &r, &m);
    same(&r, want, m.n, odd ? "mod_mul sqr odd" : "mod_mul sqr even", bits);
    if (odd) {
        BIGNUM *inv = BN_mod_inverse(NULL, oa, om, ctx);
        int err = brisk_bn_mod_inverse(&r, &a, &m);
        if (inv != NULL) {
            tv_check_int(err, 0, "mod_inverse [%s] %zu bits", impl_name, bits);
            same(&r, inv, m.n, "mod_inverse", bits);
        } else {
            ERR_clear_error();
            tv_check_int(err, BRISK_EINVAL, "mod_inverse [%s] %zu bits of a non-invertible",
                         impl_name, bits);
        }
        BN_free(inv);
    }
    BN_free(oa);
    BN_free(ob);
    BN_free(om);
    BN_free(want);
}

static void check_exp(tv_rng *rng, size_t bits, size_t ebits)
{
    brisk_bn a, a2, e, e2, m, r;
    brisk_bn_mont mont;
    BIGNUM *oa, *oa2, *oe, *oe2, *om, *want = BN_new(), *t = BN_new();

    rand_bn(rng, &m, bits);
    m.d[0] |= 1;
    rand_below(rng, &a, &m);
    rand_below(rng, &a2, &m);
    rand_bn(rng, &e, ebits);
    rand_bn(rng, &e2, 1 + tv_rng_below(rng, ebits));
    if (!tv_check_int(brisk_bn_mont_init(&mont, &m), 0, "mont_init %zu bits", bits))
        return;
    oa = to_ossl(&a);
    oa2 = to_ossl(&a2);
    oe = to_ossl(&e);
    oe2 = to_ossl(&e2);
    om = to_ossl(&m);
    BN_mod_exp(want, oa, oe, om, ctx);
    tv_check_int(brisk_bn_mod_exp(&r, &a, &e, &mont), 0, "mod_exp");
    same(&r, want, m.n, "mod_exp", bits);
    tv_check_int(brisk_bn_mod_exp_public(&r, &a, &e, &mont), 0, "mod_exp_public");
    same(&r, want, m.n, "mod_exp_public", bits);
    BN_mod_exp(t, oa2, oe2, om, ctx);
    BN_mod_mul(want, want, t, om, ctx);
    tv_check_int(brisk_bn_mod_exp2_public(&r, &a, &e, &a2, &e2, &mont), 0, "mod_exp2_public");
    same(&r, want, m.n, "mod_exp2_public", bits);
    /* the exponent in a wider width (as a secret keeps its modulus's) */
    brisk_bn_resize(&e, e.n + 1);
    BN_mod_exp(want, oa, oe, om, ctx);
    brisk_bn_mod_exp(&r, &a, &e, &mont);
    same(&r, want, m.n, "mod_exp wide exponent", bits);
    BN_free(oa);
    BN_free(oa2);
    BN_free(oe);
    BN_free(oe2);
    BN_free(om);
    BN_free(want);
    BN_free(t);
}

/* check_exp_pair checks brisk_bn_mod_exp_pair (two moduli of one width,
 * two exponents of one width, as RSA's CRT halves are) against two
 * BN_mod_exp, with the bases 0, 1 and m - 1 some of the time. */
static void check_exp_pair(tv_rng *rng, size_t bits)
{
    brisk_bn m[2], a[2], e[2], r[2];
    brisk_bn_mont mont[2];
    BIGNUM *want = BN_new();

    for (int j = 0; j < 2; j++) {
        rand_bn(rng, &m[j], bits);
        m[j].d[0] |= 1;
        rand_below(rng, &a[j], &m[j]);
        unsigned edge = (unsigned)tv_rng_below(rng, 6);
        if (edge < 2) {
            brisk_bn_zero(&a[j], m[j].n);
            a[j].d[0] = edge;
        } else if (edge == 2) {
            brisk_bn_zero(&a[j], m[j].n);
            a[j].d[0] = 1;
            brisk_bn_sub(&a[j], &m[j], &a[j]);   /* m - 1 */
            brisk_bn_resize(&a[j], m[j].n);
        }
        rand_bn(rng, &e[j], bits);
        if (!tv_check_int(brisk_bn_mont_init(&mont[j], &m[j]), 0, "mont_init %zu bits", bits))
            goto out;
    }
    int err = brisk_bn_mod_exp_pair(&r[0], &a[0], &e[0], &mont[0], &r[1], &a[1], &e[1], &mont[1]);
    tv_check_int(err, 0, "mod_exp_pair [%s] %zu bits", impl_name, bits);
    for (int j = 0; j < 2; j++) {
        BIGNUM *oa = to_ossl(&a[j]), *oe = to_ossl(&e[j]), *om = to_ossl(&m[j]);
        BN_mod_exp(want, oa, oe, om, ctx);
        same(&r[j], want, m[j].n, j ? "mod_exp_pair, second" : "mod_exp_pair, first", bits);
        BN_free(oa);
        BN_free(oe);
        BN_free(om);
    }
out:
    BN_free(want);
}

/* check_exp_edges runs the exponentiations at `bits` over moduli and bases
 * whose digits are extreme (the moduli 2^bits - 1, 2^(bits - 1) + 1 and
 * 2^bits - 2^(bits / 2) - 1; the bases m - 1, m - 2, 2, floor(m / 2) and
 * all-ones limbs below m) with all-ones exponents: long chains of
 * squarings whose operands have their top bits set, for the IFMA
 * kernels (512 to 8192 bits), paired up to 2048 bits (mod_exp_pair, with a
 * different base in each half).  Above 4096 bits the exponent is 2^1024 - 1,
 * as in check_exp: full-width ones would take OpenSSL seconds. */
static void check_exp_edges(size_t bits)
{
    BIGNUM *om = BN_new(), *oe = BN_new(), *oe2 = BN_new(), *want = BN_new(), *t = BN_new();
    BIGNUM *base[5];
    size_t n = (bits + 63) / 64;

    for (int k = 0; k < 5; k++)
        base[k] = BN_new();
    BN_set_bit(oe, bits <= 4096 ? (int)bits : 1024);
    BN_sub_word(oe, 1);   /* 2^bits - 1, or 2^1024 - 1 */
    BN_set_word(oe2, 65537);
    for (int mk = 0; mk < 3; mk++) {
        BN_zero(om);
        if (mk == 1) {
            BN_set_bit(om, (int)bits - 1);
            BN_add_word(om, 1);
        } else {
            BN_set_bit(om, (int)bits);
            BN_sub_word(om, 1);
            if (mk == 2) {
                BN_zero(t);
                BN_set_bit(t, (int)bits / 2);
                BN_sub(om, om, t);
            }
        }
        BN_sub(base[0], om, BN_value_one());
        BN_sub(base[1], base[0], BN_value_one());
        BN_set_word(base[2], 2);
        BN_rshift1(base[3], om);
        BN_set_bit(base[4], (int)bits - 1);   /* all-ones limbs below m's top */
        BN_sub_word(base[4], 1);
        BN_mod(base[4], base[4], om, ctx);

        brisk_bn m, a, a2, e, e2, r;
        brisk_bn_mont mont;
        from_ossl(&m, om, n);
        from_ossl(&e, oe, n);
        from_ossl(&e2, oe2, 1);
        if (!tv_check_int(brisk_bn_mont_init(&mont, &m), 0, "mont_init %zu bits", bits))
            continue;
        for (int k = 0; k < 5; k++) {
            from_ossl(&a, base[k], n);
            from_ossl(&a2, base[(k + 1) % 5], n);
            BN_mod_exp(want, base[k], oe, om, ctx);
            brisk_bn_mod_exp(&r, &a, &e, &mont);
            same(&r, want, n, "mod_exp edges", bits);
            brisk_bn_mod_exp_public(&r, &a, &e, &mont);
            same(&r, want, n, "mod_exp_public edges", bits);
            BN_mod_exp(t, base[(k + 1) % 5], oe2, om, ctx);
            BN_mod_mul(want, want, t, om, ctx);
            brisk_bn_mod_exp2_public(&r, &a, &e, &a2, &e2, &mont);
            same(&r, want, n, "mod_exp2_public edges", bits);
            BN_mod_exp(want, base[k], oe2, om, ctx);
            brisk_bn_mod_exp_public(&r, &a, &e2, &mont);
            same(&r, want, n, "mod_exp_public 65537 edges", bits);
            if (bits <= 2048) {   /* the CRT halves' sizes */
                brisk_bn r2;
                BN_mod_exp(want, base[k], oe, om, ctx);
                BN_mod_exp(t, base[(k + 1) % 5], oe, om, ctx);
                tv_check_int(brisk_bn_mod_exp_pair(&r, &a, &e, &mont, &r2, &a2, &e, &mont), 0,
                             "mod_exp_pair edges");
                same(&r, want, n, "mod_exp_pair edges, first", bits);
                same(&r2, t, n, "mod_exp_pair edges, second", bits);
            }
        }
    }
    for (int k = 0; k < 5; k++)
        BN_free(base[k]);
    BN_free(om);
    BN_free(oe);
    BN_free(oe2);
    BN_free(want);
    BN_free(t);
}

/* ---- Primes ---- */

static void check_prime_bn(const BIGNUM *x, int want, const char *what)
{
    brisk_bn a;
    size_t limbs = ((size_t)BN_num_bits(x) + 63) / 64;
    from_ossl(&a, x, limbs ? limbs : 1);
    int prime = -1, err = brisk_bn_is_probable_prime(&a, 0, &prime);
    int got = err != BRISK_EOK ? err : prime;
    char *hx = BN_bn2hex(x);
    tv_check_int(got, want, "is_probable_prime [%s] %s %.40s", impl_name, what, hx);
    OPENSSL_free(hx);
}

static void check_primes(int quick)
{
    static const unsigned long carmichael[] = {561, 1105, 1729, 2465, 41041, 825265,
                                               321197185, 5394826801UL, 232250619601UL,
                                               9746347772161UL};
    static const int sizes[] = {64, 160, 256, 512, 1024};
    BIGNUM *p = BN_new(), *q = BN_new(), *n = BN_new();

    for (size_t i = 0; i < sizeof(carmichael) / sizeof(carmichael[0]); i++) {
        BN_set_word(n, carmichael[i]);
        check_prime_bn(n, 0, "Carmichael");
    }
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        if (quick && sizes[i] > 512)
            continue;
        BN_generate_prime_ex(p, sizes[i], 0, NULL, NULL, NULL);
        BN_generate_prime_ex(q, sizes[i], 0, NULL, NULL, NULL);
        check_prime_bn(p, 1, "BN_generate_prime");
        check_prime_bn(q, 1, "BN_generate_prime");
        BN_mul(n, p, q, ctx);
        check_prime_bn(n, 0, "p q");
        BN_sqr(n, p, ctx);
        check_prime_bn(n, 0, "p^2");
        /* a safe-prime-like composite 2p + 1 is rarely prime; check via OpenSSL */
        BN_lshift1(n, p);
        BN_add_word(n, 1);
        check_prime_bn(n, BN_check_prime(n, ctx, NULL), "2p + 1");
    }
    /* Carmichael numbers of the form (6k+1)(12k+1)(18k+1) with large prime
     * factors (Chernick), which fool the Fermat test for every coprime base */
    BIGNUM *k = BN_new(), *f1 = BN_new(), *f2 = BN_new(), *f3 = BN_new();
    int found = 0;
    for (unsigned long kk = 1000000; found < 2 && kk < 1000000 + 200000; kk++) {
        BN_set_word(f1, 6 * kk + 1);
        BN_set_word(f2, 12 * kk + 1);
        BN_set_word(f3, 18 * kk + 1);
        if (BN_check_prime(f1, ctx, NULL) == 1 && BN_check_prime(f2, ctx, NULL) == 1 &&
            BN_check_prime(f3, ctx, NULL) == 1) {
            BN_mul(n, f1, f2, ctx);
            BN_mul(n, n, f3, ctx);
            check_prime_bn(n, 0, "Chernick Carmichael");
            found++;
        }
    }
    tv_check(found == 2, "found Chernick Carmichael numbers");
    BN_free(k);
    BN_free(f1);
    BN_free(f2);
    BN_free(f3);
    BN_free(p);
    BN_free(q);
    BN_free(n);
}

int main(void)
{
    /* 768 and 1280 bits: the adx kernels' four-rows code at 12 and 20
     * limbs, where the reduction's second sweep is 4 and 12 limbs long */
    static const size_t sizes[] = {64,   128,  192,  256,  512,  520,  768,  1000,
                                   1024, 1280, 1536, 2048, 3072, 4095, 4096, 6144, 8192};
    char list[200];
    tv_rng rng;
    size_t it = 0;
    int quick = tv_quick();

    tv_begin("test_diff_bn");
    tv_rng_init(&rng, tv_seed());
    ctx = BN_CTX_new();
    while ((impl_name = tv_impl_next("bn", &it)) != NULL) {
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            size_t bits = sizes[s];
            int big = bits > 2048;
            int rounds = quick ? (big ? 1 : 3) : (big ? 3 : 12);
            for (int i = 0; i < rounds; i++) {
                check_mul_div(&rng, bits);
                check_mod_ops(&rng, bits, 1);
                check_mod_ops(&rng, bits, 0);
            }
            /* full-width exponents up to 4096 bits, shorter beyond */
            int erounds = quick ? 1 : (big ? 2 : 4);
            for (int i = 0; i < erounds; i++) {
                check_exp(&rng, bits, bits <= 4096 ? bits : 1024);
                check_exp(&rng, bits, 1 + tv_rng_below(&rng, 160));
            }
            /* the CRT halves of RSA-512 to RSA-4096 and a few others */
            if (bits <= 2048)
                for (int i = 0; i < (quick ? 2 : 6); i++)
                    check_exp_pair(&rng, bits);
            if (bits >= 512 && bits % 512 == 0 && (bits <= 4096 || !quick))
                check_exp_edges(bits);
        }
        check_primes(quick);
    }
    tv_note("tested: %s", tv_impl_list("bn", list, sizeof(list)));
    BN_CTX_free(ctx);
    return tv_end();
}
