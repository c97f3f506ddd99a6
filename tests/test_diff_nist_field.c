/*
 * tests/test_diff_nist_field.c - the NIST curves' field and scalar
 * products at the kernel level, under every implementation of the "nist"
 * primitive this CPU can run, against OpenSSL's BN: brisk_ec_fe_mul (a b
 * R^-1 mod p; R = 2^(64 limbs), 1 for P-521) and brisk_ec_sc_mul (a b R^-1
 * mod n) on every pair of edge values (0, 1, 2, m - 1, m - 2, (m - 1) / 2,
 * powers of two, limbs all ones or all zeros below m), squaring (the same
 * pointer twice), the result aliasing an operand, and random values.
 * The point tests (test_ec, test_diff_ec) rarely reach the carries these
 * values do.  Inversion likewise: brisk_ec_modinv (a^-1 mod m, by
 * division steps where the compiler has a 128-bit integer) for p and n,
 * and brisk_ec_sc_inv (a R -> a^-1 R), on the edges and random values;
 * and brisk_ec_modinv for 2^255 - 19 and 2^448 - 2^224 - 1, whose fields
 * (fe25519_invert.h, f448.h) invert through it.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>

#include <brisk/brisk.h>

#include "../src/ec/internal.h"
#include "vectors.h"

#define N_EDGES 16

static tv_rng rng;
static BN_CTX *bn_ctx;

static BIGNUM *bn_of(const uint64_t *a, size_t n)
{
    uint8_t le[8 * EC_MAX_LIMBS] = {0};
    for (size_t i = 0; i < 8 * n; i++)
        le[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
    return BN_lebin2bn(le, (int)(8 * n), NULL);
}

/* below sets a to a random value below m (n limbs). */
static void below(uint64_t *a, const uint64_t *m, size_t n)
{
    for (;;) {
        for (size_t i = 0; i < n; i++)
            a[i] = tv_rng_u64(&rng);
        /* keep m's bit length, then retry until below m */
        int top = 63;
        while (top > 0 && !((m[n - 1] >> top) & 1))
            top--;
        a[n - 1] &= top == 63 ? ~0ull : (2ull << top) - 1;
        for (size_t i = n; i-- > 0;) {
            if (a[i] != m[i]) {
                if (a[i] < m[i])
                    return;
                break;
            }
        }
    }
}

/* edges fills e[N_EDGES] with the edge values below m. */
static void edges(uint64_t e[N_EDGES][EC_MAX_LIMBS], const uint64_t *m, size_t n)
{
    size_t k = 0;
    memset(e, 0, sizeof(uint64_t) * N_EDGES * EC_MAX_LIMBS);
    e[k++][0] = 0;
    e[k++][0] = 1;
    e[k++][0] = 2;
    for (unsigned sub = 1; sub <= 2; sub++) {   /* m - 1, m - 2 */
        memcpy(e[k], m, n * 8);
        e[k++][0] -= sub;
    }
    memcpy(e[k], m, n * 8);                    /* (m - 1) / 2 */
    for (size_t i = 0; i < n; i++)
        e[k][i] = (e[k][i] >> 1) | (i + 1 < n ? e[k][i + 1] << 63 : 0);
    k++;
    e[k++][n / 2] = 1;                         /* 2^(64 floor(n / 2)) */
    e[k][n - 1] = m[n - 1] >> 1;               /* top bit below m's */
    k++;
    for (size_t i = 0; i + 1 < n; i++)         /* low limbs all ones */
        e[k][i] = ~0ull;
    k++;
    e[k][0] = ~0ull;                           /* one limb all ones */
    k++;
    memcpy(e[k], m, n * 8);                    /* m with its low limb zero */
    e[k++][0] = 0;
    memcpy(e[k], m, n * 8);                    /* m - 2^64 */
    e[k][1] -= 1;
    k++;
    while (k < N_EDGES)
        below(e[k++], m, n);
}

/* check_one compares mul(a, b) with a b Rinv mod m, as called three ways:
 * r apart, r aliasing a, and (when a == b) one pointer twice. */
static int check_one(const char *what, void (*mul)(const ec_curve *, uint64_t *, const uint64_t *,
                                                   const uint64_t *),
                     const ec_curve *c, const uint64_t *a, const uint64_t *b, const BIGNUM *bm,
                     const BIGNUM *rinv)
{
    const size_t n = c->n_limbs;
    uint64_t r[EC_MAX_LIMBS] = {0}, w[EC_MAX_LIMBS] = {0}, x[EC_MAX_LIMBS] = {0};
    uint8_t le[8 * EC_MAX_LIMBS];
    BIGNUM *ba = bn_of(a, n), *bb = bn_of(b, n), *t = BN_new();
    int ok;

    BN_mod_mul(t, ba, bb, bm, bn_ctx);
    BN_mod_mul(t, t, rinv, bm, bn_ctx);
    BN_bn2lebinpad(t, le, (int)(8 * n));
    for (size_t i = 0; i < 8 * n; i++)
        w[i / 8] |= (uint64_t)le[i] << (8 * (i % 8));
    mul(c, r, a, b);
    ok = memcmp(r, w, 8 * n) == 0;
    memcpy(x, a, 8 * n);
    mul(c, x, x, b);
    ok &= memcmp(x, w, 8 * n) == 0;
    if (memcmp(a, b, 8 * n) == 0) {
        memcpy(x, a, 8 * n);
        mul(c, x, x, x);
        ok &= memcmp(x, w, 8 * n) == 0;
    }
    static int shown;
    if (!ok && shown++ < 8)   /* the first few; the count follows */
        tv_fail("%s %s: a %016llx.. b %016llx..", brisk_ec_curve_name(c->id), what,
                (unsigned long long)a[n - 1], (unsigned long long)b[n - 1]);
    BN_free(ba);
    BN_free(bb);
    BN_free(t);
    return ok;
}

/* check_mod runs check_one over the edges and random pairs below m, with
 * R = 2^rbits. */
static void check_mod(const char *impl, const char *what,
                      void (*mul)(const ec_curve *, uint64_t *, const uint64_t *,
                                  const uint64_t *),
                      const ec_curve *c, const uint64_t *m, unsigned rbits)
{
    const size_t n = c->n_limbs;
    uint64_t e[N_EDGES][EC_MAX_LIMBS], a[EC_MAX_LIMBS], b[EC_MAX_LIMBS];
    BIGNUM *bm = bn_of(m, n), *rinv = BN_new();
    long rounds = tv_quick() ? 5000 : 50000, bad = 0, total = 0;

    BN_one(rinv);
    BN_lshift(rinv, rinv, (int)rbits);
    BN_mod_inverse(rinv, rinv, bm, bn_ctx);
    edges(e, m, n);
    for (size_t i = 0; i < N_EDGES; i++)
        for (size_t j = 0; j < N_EDGES; j++, total++)
            bad += !check_one(what, mul, c, e[i], e[j], bm, rinv);
    for (long k = 0; k < rounds; k++, total += 2) {
        below(a, m, n);
        below(b, m, n);
        bad += !check_one(what, mul, c, a, b, bm, rinv);
        bad += !check_one(what, mul, c, a, a, bm, rinv);
    }
    tv_check(bad == 0, "%s [%s] %s: %ld of %ld products wrong", brisk_ec_curve_name(c->id), impl,
             what, bad, total);
    BN_free(bm);
    BN_free(rinv);
}

/* inv_want sets w (n limbs) to a^-1 f mod m, 0 for a = 0. */
static void inv_want(uint64_t *w, const uint64_t *a, size_t n, const BIGNUM *bm,
                     const BIGNUM *f)
{
    BIGNUM *t = bn_of(a, n);
    uint8_t le[8 * EC_MAX_LIMBS];

    memset(w, 0, 8 * n);
    if (!BN_is_zero(t)) {
        BN_mod_inverse(t, t, bm, bn_ctx);
        BN_mod_mul(t, t, f, bm, bn_ctx);
        BN_bn2lebinpad(t, le, (int)(8 * n));
        for (size_t i = 0; i < 8 * n; i++)
            w[i / 8] |= (uint64_t)le[i] << (8 * (i % 8));
    }
    BN_free(t);
}

/* check_inv checks brisk_ec_modinv for m (p or n) and, for n,
 * brisk_ec_sc_inv, against BN_mod_inverse on the edges and random values. */
static void check_inv(const char *impl, const ec_curve *c, const ec_mod *md, int scalar)
{
    const size_t n = c->n_limbs;
    uint64_t e[N_EDGES][EC_MAX_LIMBS], a[EC_MAX_LIMBS], r[EC_MAX_LIMBS], w[EC_MAX_LIMBS];
    BIGNUM *bm = bn_of(md->m, n), *one = BN_new(), *r2 = BN_new();
    long rounds = tv_quick() ? 500 : 5000, bad = 0, total = 0;

    BN_one(one);
    BN_lshift(r2, one, (int)(128 * n)); /* R^2: sc_inv maps a R to a^-1 R */
    edges(e, md->m, n);
    for (long k = 0; k < N_EDGES + rounds; k++, total++) {
        if (k < N_EDGES)
            memcpy(a, e[k], sizeof(a));
        else
            below(a, md->m, n);
#ifdef BRISK_EC_SAFEGCD
        brisk_ec_modinv(&md->inv, r, a);
        inv_want(w, a, n, bm, one);
        int ok = memcmp(r, w, 8 * n) == 0;
#else
        int ok = 1;
#endif
        if (scalar) {
            brisk_ec_sc_inv(c, r, a);
            inv_want(w, a, n, bm, r2);
            ok &= memcmp(r, w, 8 * n) == 0;
        }
        if (!ok && bad++ < 8)
            tv_fail("%s [%s] %s inverse of %016llx..", brisk_ec_curve_name(c->id), impl,
                    scalar ? "scalar" : "field", (unsigned long long)a[n - 1]);
    }
    tv_check(bad == 0, "%s [%s] %s: %ld of %ld inverses wrong", brisk_ec_curve_name(c->id), impl,
             scalar ? "scalar" : "field", bad, total);
    BN_free(bm);
    BN_free(one);
    BN_free(r2);
}

#ifdef BRISK_EC_SAFEGCD
/* check_modinv checks brisk_ec_modinv for the prime m of n limbs and the
 * given bit count against BN_mod_inverse, on the edges and random values. */
static void check_modinv(const char *name, const uint64_t *m, size_t n, size_t bits)
{
    uint64_t e[N_EDGES][EC_MAX_LIMBS], a[EC_MAX_LIMBS], r[EC_MAX_LIMBS], w[EC_MAX_LIMBS];
    BIGNUM *bm = bn_of(m, n), *one = BN_new();
    long rounds = tv_quick() ? 500 : 5000, bad = 0, total = 0;
    ec_modinv mi;

    BN_one(one);
    brisk_ec_modinv_init(&mi, m, n, bits);
    edges(e, m, n);
    for (long k = 0; k < N_EDGES + rounds; k++, total++) {
        if (k < N_EDGES)
            memcpy(a, e[k], sizeof(a));
        else
            below(a, m, n);
        brisk_ec_modinv(&mi, r, a);
        inv_want(w, a, n, bm, one);
        if (memcmp(r, w, 8 * n) != 0 && bad++ < 8)
            tv_fail("%s inverse of %016llx..", name, (unsigned long long)a[n - 1]);
    }
    tv_check(bad == 0, "%s: %ld of %ld inverses wrong", name, bad, total);
    BN_free(bm);
    BN_free(one);
}
#endif

static void fe_mul(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    brisk_ec_fe_mul(c, r, a, b);
}

static void sc_mul(const ec_curve *c, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    brisk_ec_sc_mul(c, r, a, b);
}

int main(void)
{
    static const brisk_ec_curve curves[] = {BRISK_EC_P256, BRISK_EC_P384, BRISK_EC_P521};
    const char *impl;
    char list[64];

    tv_begin("test_diff_nist_field");
    tv_rng_init(&rng, tv_seed());
    bn_ctx = BN_CTX_new();
    for (size_t it = 0; (impl = tv_impl_next("nist", &it)) != NULL;) {
        for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
            const ec_curve *c = brisk_ec_get(curves[i]);
            unsigned rbits = (unsigned)(64 * c->n_limbs);
            check_mod(impl, "field", fe_mul, c, c->p.m, curves[i] == BRISK_EC_P521 ? 0 : rbits);
            check_mod(impl, "scalar", sc_mul, c, c->n.m, rbits);
            check_inv(impl, c, &c->p, 0);
            check_inv(impl, c, &c->n, 1);
        }
    }
#ifdef BRISK_EC_SAFEGCD
    static const uint64_t p25519[4] = {0xffffffffffffffedu, ~0ull, ~0ull, 0x7fffffffffffffffu};
    static const uint64_t p448[7] = {~0ull, ~0ull, ~0ull, 0xfffffffeffffffffu, ~0ull, ~0ull, ~0ull};
    check_modinv("2^255 - 19", p25519, 4, 256);
    check_modinv("2^448 - 2^224 - 1", p448, 7, 448);
#endif
    tv_note("nist tested: %s", tv_impl_list("nist", list, sizeof(list)));
    BN_CTX_free(bn_ctx);
    return tv_end();
}
