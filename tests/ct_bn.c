/*
 * tests/ct_bn.c - constant-time checks of the bignum functions under
 * valgrind's memcheck (after Monocypher's tests/ctgrind.c; see ctgrind.h):
 * secrets are marked undefined, so memcheck reports any branch or memory
 * address that depends on them.  Errors are counted per function and
 * implementation, so a report names the culprit.
 *
 * Secret here: base and exponent of brisk_bn_mod_exp, the base of
 * brisk_bn_mod_exp_public; a and m of brisk_bn_mod_inverse (invertible or
 * not) and of brisk_bn_mod; a of brisk_bn_to_bytes and the bytes of
 * brisk_bn_from_bytes; a and b of brisk_bn_mod_mul (odd and even public
 * m); a, b and m of mod_add and mod_sub; operands of add, sub (also when
 * a < b), mul, cmp, bits and is_zero.  Results are compared
 * with the same call on unmarked inputs.  Every implementation the CPU (as
 * valgrind presents it) can run is checked; valgrind cannot run AVX-512,
 * so an IFMA kernel is skipped there.  Valgrind also hides ADX from CPUID
 * although it runs mulx, adcx and adox, so the adx implementation's
 * Montgomery kernels (all of its own code) are called directly, with
 * secret operands, whenever /proc/cpuinfo says the machine has BMI2 and
 * ADX, whatever brisk's detection sees.
 *
 * --canary leaks on purpose and succeeds only if memcheck notices.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/bn/internal.h"
#include "ctgrind.h"
#include "vectors.h"

static const char *impl_name;

static void secret_bn(const brisk_bn *a)
{
    secret(a->d, a->n * sizeof(uint64_t));
}

static void public_bn(const brisk_bn *a)
{
    public(a->d, sizeof(a->d));
    public(&a->n, sizeof(a->n));
}

static void rand_bn(tv_rng *rng, brisk_bn *r, size_t bits)
{
    size_t n = (bits + 63) / 64;
    brisk_bn_zero(r, n);
    for (size_t i = 0; i < n; i++)
        r->d[i] = tv_rng_u64(rng);
    if (bits % 64 != 0)
        r->d[n - 1] &= ((uint64_t)1 << (bits % 64)) - 1;
    r->d[n - 1] |= (uint64_t)1 << ((bits - 1) % 64);
}

/* rand_below sets r to a random value below m, in m's width. */
static void rand_below(tv_rng *rng, brisk_bn *r, const brisk_bn *m)
{
    rand_bn(rng, r, brisk_bn_bits(m));
    brisk_bn_mod(r, r, m);
}

/* report checks that memcheck saw nothing since `before`. */
static void report(unsigned long before, const char *what, size_t bits)
{
    unsigned long n = errors() - before;
    tv_check(n == 0, "%s [%s] %zu bits: memcheck saw %lu uses of secret data in branches or addresses",
             what, impl_name, bits, n);
}

static int same(const brisk_bn *got, const brisk_bn *want, int err, int want_err, const char *what,
                size_t bits)
{
    public_bn(got);
    public(&err, sizeof(err));
    return tv_check(err == want_err && got->n == want->n && brisk_bn_cmp(got, want) == 0,
                    "%s [%s] %zu bits: same result as with public inputs", what, impl_name, bits);
}

static void check_exp(tv_rng *rng, size_t bits, size_t ebits)
{
    brisk_bn m, a, e, r, want;
    brisk_bn_mont mont;
    rand_bn(rng, &m, bits);
    m.d[0] |= 1;
    brisk_bn_mont_init(&mont, &m);
    rand_below(rng, &a, &m);
    rand_bn(rng, &e, ebits);
    brisk_bn_mod_exp_public(&want, &a, &e, &mont);

    unsigned long before = errors();
    secret_bn(&a);
    secret_bn(&e);
    int err = brisk_bn_mod_exp(&r, &a, &e, &mont);
    public_bn(&a);
    public_bn(&e);
    report(before, "mod_exp", bits);
    same(&r, &want, err, 0, "mod_exp", bits);

    /* public exponent, secret base */
    before = errors();
    secret_bn(&a);
    err = brisk_bn_mod_exp_public(&r, &a, &e, &mont);
    public_bn(&a);
    report(before, "mod_exp_public (secret base)", bits);
    same(&r, &want, err, 0, "mod_exp_public", bits);
}

static void check_inverse(tv_rng *rng, size_t bits)
{
    brisk_bn m, a, r, want;
    rand_bn(rng, &m, bits);
    m.d[0] |= 1;
    rand_below(rng, &a, &m);
    int want_err = brisk_bn_mod_inverse(&want, &a, &m);

    unsigned long before = errors();
    secret_bn(&a);
    secret_bn(&m);
    int err = brisk_bn_mod_inverse(&r, &a, &m);
    public_bn(&a);
    public_bn(&m);
    report(before, "mod_inverse", bits);
    same(&r, &want, err, want_err, "mod_inverse", bits);
    /* a non-invertible value: the verdict is also reached without a leak */
    brisk_bn_from_u64(&a, 3);
    brisk_bn_mul(&m, &m, &a);
    brisk_bn_normalize(&m);
    brisk_bn_resize(&a, m.n);
    before = errors();
    secret_bn(&a);
    secret_bn(&m);
    err = brisk_bn_mod_inverse(&r, &a, &m);
    public_bn(&a);
    public_bn(&m);
    public(&err, sizeof(err));
    report(before, "mod_inverse (not invertible)", bits);
    tv_check_int(err, BRISK_EINVAL, "mod_inverse of 3 mod 3 m [%s]", impl_name);
}

static void check_mod(tv_rng *rng, size_t bits)
{
    brisk_bn m, a, b, r, want;
    uint8_t out[BRISK_BN_MAX_BITS / 8 + 8], out2[sizeof(out)];
    for (int odd = 0; odd < 2; odd++) {
        rand_bn(rng, &m, bits);
        m.d[0] = (m.d[0] & ~(uint64_t)1) | (uint64_t)odd;
        rand_bn(rng, &a, 2 * bits);
        brisk_bn_mod(&want, &a, &m);
        unsigned long before = errors();
        secret_bn(&a);
        secret_bn(&m);
        int err = brisk_bn_mod(&r, &a, &m);
        public_bn(&a);
        public_bn(&m);
        report(before, "mod", bits);
        same(&r, &want, err, 0, "mod", bits);

        /* modular arithmetic on secret a, b below a public m */
        rand_below(rng, &a, &m);
        rand_below(rng, &b, &m);
        brisk_bn_mod_mul(&want, &a, &b, &m);
        before = errors();
        secret_bn(&a);
        secret_bn(&b);
        err = brisk_bn_mod_mul(&r, &a, &b, &m);
        public_bn(&a);
        public_bn(&b);
        report(before, odd ? "mod_mul (odd m)" : "mod_mul (even m)", bits);
        same(&r, &want, err, 0, "mod_mul", bits);

        brisk_bn_mod_add(&want, &a, &b, &m);
        before = errors();
        secret_bn(&a);
        secret_bn(&b);
        secret_bn(&m);
        err = brisk_bn_mod_add(&r, &a, &b, &m);
        int err2 = brisk_bn_mod_sub(&r, &r, &b, &m); /* back to a */
        public_bn(&a);
        public_bn(&b);
        public_bn(&m);
        report(before, "mod_add, mod_sub", bits);
        same(&r, &a, err | err2, 0, "mod_add then mod_sub", bits);
    }

    /* to_bytes and the other plain operations on secret values */
    rand_bn(rng, &a, bits);
    rand_bn(rng, &b, bits / 2);
    size_t len = (bits + 7) / 8;
    brisk_bn_to_bytes(out2, len + 3, &a);
    unsigned long before = errors();
    secret_bn(&a);
    secret_bn(&b);
    int err = brisk_bn_to_bytes(out, len + 3, &a);
    uint8_t short_out[BRISK_BN_MAX_BITS / 8];
    int err_short = brisk_bn_to_bytes(short_out, len - 1, &a);
    size_t nbits = brisk_bn_bits(&a);
    int cmp = brisk_bn_cmp(&a, &b), zero = brisk_bn_is_zero(&a);
    brisk_bn s, d, p;
    int e1 = brisk_bn_add(&s, &a, &b);
    int e2 = brisk_bn_sub(&d, &a, &b);
    int e3 = brisk_bn_mul(&p, &a, &b);
    int e4 = brisk_bn_sub(&d, &b, &a);
    brisk_bn back;
    secret(out2, len + 3);
    int e5 = brisk_bn_from_bytes(&back, out2, len + 3);
    public(out2, len + 3);
    public_bn(&a);
    public_bn(&b);
    report(before, "to_bytes, from_bytes, bits, cmp, is_zero, add, sub, mul", bits);
    public(out, sizeof(out));
    public(short_out, sizeof(short_out));
    public(&err, sizeof(err));
    public(&err_short, sizeof(err_short));
    public(&nbits, sizeof(nbits));
    public(&cmp, sizeof(cmp));
    public(&zero, sizeof(zero));
    public(&e1, sizeof(e1));
    public(&e2, sizeof(e2));
    public(&e3, sizeof(e3));
    public(&e4, sizeof(e4));
    public(&e5, sizeof(e5));
    public_bn(&back);
    public_bn(&s);
    public_bn(&d);
    public_bn(&p);
    tv_check(err == 0 && memcmp(out, out2, len + 3) == 0 && err_short == BRISK_EINVAL,
             "to_bytes [%s] %zu bits", impl_name, bits);
    tv_check(nbits == bits && cmp == 1 && zero == 0 && e1 == 0 && e2 == 0 && e3 == 0 &&
                 e4 == BRISK_EINVAL,
             "bits, cmp, is_zero, add, sub, mul results [%s] %zu bits", impl_name, bits);
    tv_check(e5 == 0 && brisk_bn_cmp(&back, &a) == 0, "from_bytes [%s] %zu bits", impl_name, bits);
}

#ifdef BRISK_X86_64
static const char *const adx_flags[] = {"bmi2", "adx", NULL};

/* check_adx_kernels runs the adx implementation's mont_mul and mont_sqr on
 * secret operands and compares them with the c implementation's. */
static void check_adx_kernels(tv_rng *rng, size_t bits)
{
    const brisk_bn_impl *adx = &brisk_bn_impl_adx, *c = &brisk_bn_impl_c;
    brisk_bn m, a, b;
    brisk_bn_mont mont;
    uint64_t r[BRISK_BN_MAX_LIMBS], want[BRISK_BN_MAX_LIMBS];

    rand_bn(rng, &m, bits);
    m.d[0] |= 1;
    brisk_bn_mont_init(&mont, &m);
    rand_below(rng, &a, &m);
    rand_below(rng, &b, &m);
    size_t n = mont.n;

    c->mont_mul(want, a.d, b.d, &mont);
    unsigned long before = errors();
    secret_bn(&a);
    secret_bn(&b);
    adx->mont_mul(r, a.d, b.d, &mont);
    public_bn(&a);
    public_bn(&b);
    public(r, n * sizeof(uint64_t));
    report(before, "adx mont_mul (called directly)", bits);
    tv_check(memcmp(r, want, n * sizeof(uint64_t)) == 0,
             "adx mont_mul (called directly) %zu bits: same result as c", bits);

    c->mont_sqr(want, a.d, &mont);
    before = errors();
    secret_bn(&a);
    adx->mont_sqr(r, a.d, &mont);
    public_bn(&a);
    public(r, n * sizeof(uint64_t));
    report(before, "adx mont_sqr (called directly)", bits);
    tv_check(memcmp(r, want, n * sizeof(uint64_t)) == 0,
             "adx mont_sqr (called directly) %zu bits: same result as c", bits);
}
#endif

static void run(tv_rng *rng)
{
    static const size_t sizes[] = {256, 520, 1024, 2048};
    char list[200];
    size_t it = 0;

    while ((impl_name = tv_impl_next("bn", &it)) != NULL) {
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            size_t bits = sizes[s];
            if (tv_quick() && bits > 1024)
                continue;
            check_exp(rng, bits, bits > 1024 ? 256 : bits);
            check_exp(rng, bits, 64);
            check_inverse(rng, bits);
            check_mod(rng, bits);
        }
    }
    tv_note("tested: %s", tv_impl_list("bn", list, sizeof(list)));
#ifdef BRISK_X86_64
    if (host_has(adx_flags)) {
        /* every kernel: rows (64, 520 bits), product scanning (256, 512),
         * rows four at a time (768) and eight at a time (1024 and up) */
        static const size_t kernel_sizes[] = {64, 256, 512, 520, 768, 1024, 2048, 4096};
        impl_name = "adx, direct";
        for (size_t s = 0; s < sizeof(kernel_sizes) / sizeof(kernel_sizes[0]); s++)
            check_adx_kernels(rng, kernel_sizes[s]);
        tv_note("the adx Montgomery kernels were also called directly");
    }
#endif
}

int main(int argc, char **argv)
{
    return ct_main("ct_bn", argc, argv, run);
}
