/*
 * tests/test_bn.c - the bignum functions (brisk/bn.h) and random bytes
 * (brisk/rand.h), under every implementation of the "bn" primitive this CPU
 * can run:
 *   - small known answers checkable by hand, and edge cases: zero, one,
 *     all-ones limbs, m = 3, widths wider than the values, r aliasing the
 *     operands;
 *   - Mersenne numbers: M61, M127, M521, M2203 (and M4423 unless quick) are
 *     prime, M67 = 193707721 * 761838257287 (F. N. Cole, 1903) and
 *     F5 = 2^32 + 1 = 641 * 6700417 (Euler) are not; a^(p - 1) = 1;
 *   - Wycheproof rsa_pkcs1_*_sig_gen (1024 to 4096 bits): s^e mod n is the
 *     EMSA-PKCS1-v1_5 encoding of the message's hash (RFC 8017 9.2), and
 *     that encoding to the private exponent d is s again;
 *   - properties on random operands: Montgomery form round trips,
 *     mont_sqr = mont_mul(a, a), a^-1 a = 1, q d + r = a, exponent laws,
 *     the three exponentiations agreeing;
 *   - bad inputs: even or small moduli, too-large values, short outputs,
 *     a < b in sub, non-invertible values, a >= m.
 * The comparison against an independent library is tests/test_diff_bn.c.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/bn/internal.h"
#include "vectors.h"

static const char *impl_name;

/* ---- Helpers ---- */

/* set_limbs sets r to the n limbs given, least significant first. */
static void set_limbs(brisk_bn *r, size_t n, const uint64_t *limbs)
{
    brisk_bn_zero(r, n);
    memcpy(r->d, limbs, n * sizeof(uint64_t));
}

static void set_u64(brisk_bn *r, uint64_t v)
{
    brisk_bn_from_u64(r, v);
}

/* pow2_minus sets r = 2^k - c (c >= 1) in ceil(k / 64) limbs, as 2^k - 1
 * less c - 1, so that k may be BRISK_BN_MAX_BITS. */
static void pow2_minus(brisk_bn *r, size_t k, uint64_t c)
{
    brisk_bn less, t;
    brisk_bn_zero(&t, (k + 63) / 64);
    memset(t.d, 0xff, t.n * sizeof(uint64_t));
    if (k % 64)
        t.d[t.n - 1] >>= 64 - k % 64;
    set_u64(&less, c - 1);
    brisk_bn_sub(&t, &t, &less);
    brisk_bn_resize(&t, (k + 63) / 64);
    brisk_bn_copy(r, &t);
}

/* is_value checks that a equals the limbs given and has width n. */
static int is_value(const brisk_bn *a, size_t n, const uint64_t *limbs, const char *what)
{
    int ok = a->n == n;
    for (size_t i = 0; i < BRISK_BN_MAX_LIMBS; i++)
        ok &= a->d[i] == (i < n ? limbs[i] : 0);
    if (!ok) {
        tv_fail("%s [%s]: width %zu (want %zu), limbs:", what, impl_name, a->n, n);
        for (size_t i = 0; i < a->n && i < 8; i++)
            fprintf(stderr, "  d[%zu] = %016llx want %016llx\n", i, (unsigned long long)a->d[i],
                    i < n ? (unsigned long long)limbs[i] : 0ULL);
    } else {
        tv_check(1, "%s", what);
    }
    return ok;
}

static int is_u64(const brisk_bn *a, size_t n, uint64_t v, const char *what)
{
    uint64_t limbs[BRISK_BN_MAX_LIMBS] = {v};
    return is_value(a, n, limbs, what);
}

static int equal(const brisk_bn *a, const brisk_bn *b, const char *what, size_t bits)
{
    return tv_check(brisk_bn_cmp(a, b) == 0, "%s [%s] %zu bits", what, impl_name, bits);
}

/* rand_bn sets r to a random value of up to `bits` bits in ceil(bits/64)
 * limbs, sometimes all-ones limbs or sparse ones. */
static void rand_bn(tv_rng *rng, brisk_bn *r, size_t bits)
{
    size_t n = (bits + 63) / 64;
    unsigned pattern = (unsigned)tv_rng_below(rng, 6);
    brisk_bn_zero(r, n);
    for (size_t i = 0; i < n; i++)
        r->d[i] = pattern == 0 ? ~(uint64_t)0 : pattern == 1 && i % 3 ? 0 : tv_rng_u64(rng);
    if (bits % 64 != 0)
        r->d[n - 1] &= ((uint64_t)1 << (bits % 64)) - 1;
}

/* rand_odd_modulus sets r to a random odd modulus of exactly `bits` bits. */
static void rand_odd_modulus(tv_rng *rng, brisk_bn *r, size_t bits)
{
    rand_bn(rng, r, bits);
    r->d[(bits - 1) / 64] |= (uint64_t)1 << ((bits - 1) % 64);
    r->d[0] |= 1;
}

/* ---- Known answers ---- */

static void kat_bytes(void)
{
    static const uint8_t ten[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    static const uint64_t ten_limbs[2] = {0x030405060708090aULL, 0x0102};
    uint8_t out[16], big[BRISK_BN_MAX_BITS / 8 + 3];
    brisk_bn a;

    tv_check_int(brisk_bn_from_bytes(&a, ten, 10), 0, "from_bytes 10 bytes");
    is_value(&a, 2, ten_limbs, "from_bytes 10 bytes");
    tv_check_int(brisk_bn_to_bytes(out, 10, &a), 0, "to_bytes 10");
    tv_check_mem(out, ten, 10, "to_bytes 10");
    tv_check_int(brisk_bn_to_bytes(out, 16, &a), 0, "to_bytes 16");
    tv_check(memcmp(out, "\0\0\0\0\0\0", 6) == 0 && memcmp(out + 6, ten, 10) == 0,
             "to_bytes pads with zeros on the left");
    tv_check_int(brisk_bn_to_bytes(out, 9, &a), BRISK_EINVAL, "to_bytes too short by one");
    tv_check_int(brisk_bn_to_bytes(out, 8, &a), BRISK_EINVAL, "to_bytes too short by a limb");
    /* value 0x0102... with leading zero bytes fits in 9 bytes only if the
     * top byte is 0: width 2 limbs, value needs 10 bytes */
    uint8_t padded[12] = {0, 0};
    memcpy(padded + 2, ten, 10);
    tv_check_int(brisk_bn_from_bytes(&a, padded, 12), 0, "from_bytes with leading zeros");
    is_value(&a, 2, ten_limbs, "from_bytes with leading zeros");
    tv_check_int(brisk_bn_from_bytes(&a, NULL, 0), 0, "from_bytes empty");
    is_u64(&a, 0, 0, "from_bytes empty is 0 of width 0");
    tv_check_int(brisk_bn_to_bytes(out, 0, &a), 0, "to_bytes 0 of 0 bytes");
    tv_check_int(brisk_bn_to_bytes(out, 3, &a), 0, "to_bytes 0");
    tv_check(out[0] == 0 && out[1] == 0 && out[2] == 0, "to_bytes 0 is zeros");

    memset(big, 0, sizeof(big));
    big[sizeof(big) - 1] = 7;
    tv_check_int(brisk_bn_from_bytes(&a, big, sizeof(big)), 0,
                 "from_bytes over the maximum length with leading zeros");
    tv_check(a.n == BRISK_BN_MAX_LIMBS && a.d[0] == 7, "... gives the value in the maximum width");
    big[2] = 1;
    tv_check_int(brisk_bn_from_bytes(&a, big, sizeof(big)), BRISK_EINVAL,
                 "from_bytes of a value over BRISK_BN_MAX_BITS");
    memset(big, 0xff, BRISK_BN_MAX_BITS / 8);
    tv_check_int(brisk_bn_from_bytes(&a, big, BRISK_BN_MAX_BITS / 8), 0, "from_bytes 2^8192 - 1");
    tv_check_int((long long)brisk_bn_bits(&a), BRISK_BN_MAX_BITS, "bits of 2^8192 - 1");
}

static void kat_basic(void)
{
    brisk_bn a, b, r;
    const uint64_t ones[2] = {~0ULL, ~0ULL};

    brisk_bn_zero(&a, 3);
    tv_check_int((long long)brisk_bn_bits(&a), 0, "bits(0)");
    tv_check_int(brisk_bn_is_zero(&a), 1, "is_zero(0) in 3 limbs");
    set_u64(&a, 1);
    tv_check_int((long long)brisk_bn_bits(&a), 1, "bits(1)");
    tv_check_int(brisk_bn_is_zero(&a), 0, "is_zero(1)");
    tv_check_int(brisk_bn_is_odd(&a), 1, "is_odd(1)");
    const uint64_t p64[3] = {0, 1, 0};
    set_limbs(&a, 3, p64);
    tv_check_int((long long)brisk_bn_bits(&a), 65, "bits(2^64) in 3 limbs");
    tv_check_int(brisk_bn_is_odd(&a), 0, "is_odd(2^64)");
    set_u64(&b, 5);
    tv_check_int(brisk_bn_cmp(&a, &b), 1, "cmp(2^64, 5)");
    tv_check_int(brisk_bn_cmp(&b, &a), -1, "cmp(5, 2^64)");
    brisk_bn_copy(&r, &b);
    tv_check_int(brisk_bn_resize(&r, 4), 0, "resize 5 to 4 limbs");
    tv_check_int(brisk_bn_cmp(&r, &b), 0, "cmp of equal values in different widths");
    tv_check_int(brisk_bn_resize(&a, 1), BRISK_EINVAL, "resize 2^64 to 1 limb");
    tv_check_int((long long)a.n, 3, "... leaves the width");
    tv_check_int(brisk_bn_resize(&a, 2), 0, "resize 2^64 to 2 limbs");
    tv_check_int(brisk_bn_resize(&a, BRISK_BN_MAX_LIMBS + 1), BRISK_EINVAL, "resize past the maximum");
    brisk_bn_resize(&a, 7);
    brisk_bn_normalize(&a);
    tv_check_int((long long)a.n, 2, "normalize 2^64");
    brisk_bn_zero(&a, 5);
    brisk_bn_normalize(&a);
    tv_check_int((long long)a.n, 0, "normalize 0");

    /* (2^64 - 1) + 1 = 2^64; (2^128 - 1) * 2 = 2^129 - 2 */
    set_u64(&a, ~0ULL);
    set_u64(&b, 1);
    tv_check_int(brisk_bn_add(&r, &a, &b), 0, "add");
    is_value(&r, 2, p64, "(2^64 - 1) + 1");
    set_limbs(&a, 2, ones);
    brisk_bn_add(&a, &a, &a);
    const uint64_t sum[3] = {~1ULL, ~0ULL, 1};
    is_value(&a, 3, sum, "(2^128 - 1) + (2^128 - 1), aliased");
    /* 2^64 - 1 = 0xffffffffffffffff; 5 - 6 fails */
    set_limbs(&a, 2, p64);
    brisk_bn_sub(&r, &a, &b);
    is_u64(&r, 2, ~0ULL, "2^64 - 1");
    set_u64(&a, 5);
    set_u64(&b, 6);
    tv_check_int(brisk_bn_sub(&r, &a, &b), BRISK_EINVAL, "sub 5 - 6");
    tv_check_int(brisk_bn_sub(&r, &a, &a), 0, "sub 5 - 5");
    tv_check_int(brisk_bn_is_zero(&r), 1, "5 - 5 = 0");

    /* (2^64 - 1)^2 = 2^128 - 2^65 + 1 = {1, 2^64 - 2} */
    set_u64(&a, ~0ULL);
    brisk_bn_mul(&r, &a, &a);
    const uint64_t sq[2] = {1, ~1ULL};
    is_value(&r, 2, sq, "(2^64 - 1)^2");
    /* (2^128 - 1)^2 = 2^256 - 2^129 + 1 */
    set_limbs(&a, 2, ones);
    brisk_bn_mul(&a, &a, &a);
    const uint64_t sq2[4] = {1, 0, ~1ULL, ~0ULL};
    is_value(&a, 4, sq2, "(2^128 - 1)^2, aliased");
    brisk_bn_zero(&a, 0);
    brisk_bn_mul(&r, &a, &b);
    tv_check(r.n == 1 && brisk_bn_is_zero(&r), "0 (width 0) * 6 = 0, width 1");
    /* a product over BRISK_BN_MAX_BITS */
    brisk_bn_zero(&a, BRISK_BN_MAX_LIMBS);
    a.d[BRISK_BN_MAX_LIMBS - 1] = 1;
    set_u64(&b, 2);
    tv_check_int(brisk_bn_mul(&r, &a, &b), 0, "2^8128 * 2 fits");
    b.d[0] = 1ULL << 63;
    tv_check_int(brisk_bn_mul(&r, &a, &b), 0, "2^8128 * 2^63 fits");
    tv_check(r.n == BRISK_BN_MAX_LIMBS && r.d[BRISK_BN_MAX_LIMBS - 1] == 1ULL << 63,
             "2^8128 * 2^63 = 2^8191");
    brisk_bn_zero(&b, 2);
    b.d[1] = 1;
    tv_check_int(brisk_bn_mul(&r, &a, &b), BRISK_EINVAL, "2^8128 * 2^64 does not fit");
    set_u64(&b, 1);
    memset(a.d, 0xff, sizeof(a.d));
    tv_check_int(brisk_bn_add(&r, &a, &b), BRISK_EINVAL, "(2^8192 - 1) + 1 does not fit");
}

static void kat_mod(void)
{
    brisk_bn a, m, q, r;
    const uint64_t p128[3] = {0, 0, 1};

    /* 2^128 mod 3 = 4^64 mod 3 = 1; 2^128 / 3 = (2^128 - 1) / 3 = 0x5555...5 */
    set_limbs(&a, 3, p128);
    set_u64(&m, 3);
    tv_check_int(brisk_bn_mod(&r, &a, &m), 0, "mod");
    is_u64(&r, 1, 1, "2^128 mod 3");
    tv_check_int(brisk_bn_div(&q, &r, &a, &m), 0, "div");
    const uint64_t third[3] = {0x5555555555555555ULL, 0x5555555555555555ULL, 0};
    is_value(&q, 3, third, "2^128 / 3");
    is_u64(&r, 1, 1, "2^128 % 3");
    /* 1000 = 142 * 7 + 6, with the modulus in a wide width */
    set_u64(&a, 1000);
    set_u64(&m, 7);
    brisk_bn_resize(&m, 4);
    brisk_bn_div(&q, &r, &a, &m);
    is_u64(&q, 1, 142, "1000 / 7");
    is_u64(&r, 4, 6, "1000 % 7 in the divisor's width");
    brisk_bn_mod(&a, &a, &m);
    is_u64(&a, 4, 6, "1000 mod 7, aliased, in m's width");
    brisk_bn_zero(&m, 2);
    tv_check_int(brisk_bn_mod(&r, &a, &m), BRISK_EINVAL, "mod 0");
    tv_check_int(brisk_bn_div(&q, &r, &a, &m), BRISK_EINVAL, "div by 0");

    /* mod_add/sub/mul modulo 7 and modulo 3 */
    brisk_bn b;
    set_u64(&m, 7);
    set_u64(&a, 5);
    set_u64(&b, 4);
    brisk_bn_mod_add(&r, &a, &b, &m);
    is_u64(&r, 1, 2, "5 + 4 mod 7");
    brisk_bn_mod_sub(&r, &b, &a, &m);
    is_u64(&r, 1, 6, "4 - 5 mod 7");
    brisk_bn_mod_mul(&r, &a, &b, &m);
    is_u64(&r, 1, 6, "5 * 4 mod 7");
    set_u64(&m, 8);
    brisk_bn_mod_mul(&r, &a, &a, &m);
    is_u64(&r, 1, 1, "5 * 5 mod 8 (even modulus)");
    set_u64(&m, 3);
    set_u64(&a, 2);
    brisk_bn_mod_mul(&a, &a, &a, &m);
    is_u64(&a, 1, 1, "2 * 2 mod 3, aliased");
    set_u64(&a, 3);
    tv_check_int(brisk_bn_mod_add(&r, &a, &b, &m), BRISK_EINVAL, "mod_add with a = m");
    tv_check_int(brisk_bn_mod_mul(&r, &b, &b, &m), BRISK_EINVAL, "mod_mul with a > m");
    /* all-ones limbs: (2^128 - 2)^2 mod (2^128 - 1) = 1 */
    const uint64_t ones[2] = {~0ULL, ~0ULL}, onesm1[2] = {~1ULL, ~0ULL};
    set_limbs(&m, 2, ones);
    set_limbs(&a, 2, onesm1);
    brisk_bn_mod_mul(&r, &a, &a, &m);
    is_u64(&r, 2, 1, "(-1)^2 mod 2^128 - 1");
    brisk_bn_mod_add(&r, &a, &a, &m);
    const uint64_t m3[2] = {~2ULL, ~0ULL};
    is_value(&r, 2, m3, "(-1) + (-1) mod 2^128 - 1");

    /* gcd(12, 18) = 6, gcd(0, 5) = 5, gcd(2^64, 3 * 2^32) = 2^32 */
    set_u64(&a, 12);
    set_u64(&b, 18);
    brisk_bn_gcd(&r, &a, &b);
    is_u64(&r, 1, 6, "gcd(12, 18)");
    brisk_bn_zero(&a, 1);
    set_u64(&b, 5);
    brisk_bn_gcd(&r, &a, &b);
    is_u64(&r, 1, 5, "gcd(0, 5)");
    const uint64_t p64[2] = {0, 1};
    set_limbs(&a, 2, p64);
    set_u64(&b, 3ULL << 32);
    brisk_bn_gcd(&r, &a, &b);
    tv_check(brisk_bn_cmp(&r, &(brisk_bn){.d = {1ULL << 32}, .n = 1}) == 0, "gcd(2^64, 3 2^32)");
}

static void kat_mont_exp(void)
{
    brisk_bn_mont mont;
    brisk_bn a, e, m, r;

    brisk_bn_zero(&m, 2);
    tv_check_int(brisk_bn_mont_init(&mont, &m), BRISK_EINVAL, "mont_init(0)");
    set_u64(&m, 1);
    tv_check_int(brisk_bn_mont_init(&mont, &m), BRISK_EINVAL, "mont_init(1)");
    set_u64(&m, 10);
    tv_check_int(brisk_bn_mont_init(&mont, &m), BRISK_EINVAL, "mont_init(10), even");
    /* 3^5 = 243 = 34 * 7 + 5 */
    set_u64(&m, 7);
    brisk_bn_resize(&m, 3);
    tv_check_int(brisk_bn_mont_init(&mont, &m), 0, "mont_init(7) in 3 limbs");
    tv_check(mont.n == 1 && mont.bits == 3 && mont.m0inv * 7 == ~0ULL && mont.rr[0] == 4,
             "mont_init(7): n 1, bits 3, m0inv = -7^-1, R^2 = 2^128 = 4 mod 7");
    set_u64(&a, 3);
    set_u64(&e, 5);
    tv_check_int(brisk_bn_mod_exp(&r, &a, &e, &mont), 0, "mod_exp");
    is_u64(&r, 1, 5, "3^5 mod 7");
    brisk_bn_mod_exp_public(&r, &a, &e, &mont);
    is_u64(&r, 1, 5, "3^5 mod 7, public");
    /* 4^13 mod 497 = 445 (Schneier, Applied Cryptography, 11.3) */
    set_u64(&m, 497);
    brisk_bn_mont_init(&mont, &m);
    set_u64(&a, 4);
    set_u64(&e, 13);
    brisk_bn_mod_exp(&r, &a, &e, &mont);
    is_u64(&r, 1, 445, "4^13 mod 497");
    brisk_bn_mod_exp_public(&a, &a, &e, &mont);
    is_u64(&a, 1, 445, "4^13 mod 497, public, aliased");
    /* 2^e mod 3 = (-1)^e: 2^5 = 2, 2^0 = 1, e of width 0 */
    set_u64(&m, 3);
    brisk_bn_mont_init(&mont, &m);
    set_u64(&a, 2);
    set_u64(&e, 5);
    brisk_bn_mod_exp(&r, &a, &e, &mont);
    is_u64(&r, 1, 2, "2^5 mod 3");
    brisk_bn_zero(&e, 0);
    brisk_bn_mod_exp(&r, &a, &e, &mont);
    is_u64(&r, 1, 1, "2^0 mod 3 (exponent of width 0)");
    brisk_bn_mod_exp_public(&r, &a, &e, &mont);
    is_u64(&r, 1, 1, "2^0 mod 3, public");
    brisk_bn_zero(&a, 1);
    set_u64(&e, 3);
    brisk_bn_mod_exp(&r, &a, &e, &mont);
    is_u64(&r, 1, 0, "0^3 mod 3");
    /* 2^3 * 2^2 mod 3 = 32 mod 3 = 2 */
    brisk_bn b2, e2;
    set_u64(&a, 2);
    set_u64(&b2, 2);
    set_u64(&e2, 2);
    brisk_bn_mod_exp2_public(&r, &a, &e, &b2, &e2, &mont);
    is_u64(&r, 1, 2, "2^3 2^2 mod 3");
    /* a = m is refused */
    set_u64(&a, 3);
    tv_check_int(brisk_bn_mod_exp(&r, &a, &e, &mont), BRISK_EINVAL, "mod_exp with a = m");
    tv_check_int(brisk_bn_mod_exp_public(&r, &a, &e, &mont), BRISK_EINVAL,
                 "mod_exp_public with a = m");
    tv_check_int(brisk_bn_mod_exp2_public(&r, &b2, &e, &a, &e2, &mont), BRISK_EINVAL,
                 "mod_exp2_public with a2 = m");

    /* inverses: 3^-1 = 5 mod 7, 3^-1 = 4 mod 11, 2^-1 = 2 mod 3 */
    set_u64(&m, 7);
    set_u64(&a, 3);
    tv_check_int(brisk_bn_mod_inverse(&r, &a, &m), 0, "mod_inverse");
    is_u64(&r, 1, 5, "3^-1 mod 7");
    set_u64(&m, 11);
    brisk_bn_mod_inverse(&a, &a, &m);
    is_u64(&a, 1, 4, "3^-1 mod 11, aliased");
    set_u64(&m, 3);
    set_u64(&a, 2);
    brisk_bn_mod_inverse(&r, &a, &m);
    is_u64(&r, 1, 2, "2^-1 mod 3");
    set_u64(&a, 1);
    brisk_bn_mod_inverse(&r, &a, &m);
    is_u64(&r, 1, 1, "1^-1 mod 3");
    set_u64(&m, 9);
    set_u64(&a, 6);
    tv_check_int(brisk_bn_mod_inverse(&r, &a, &m), BRISK_EINVAL, "6^-1 mod 9");
    brisk_bn_zero(&a, 1);
    tv_check_int(brisk_bn_mod_inverse(&r, &a, &m), BRISK_EINVAL, "0^-1 mod 9");
    set_u64(&a, 9);
    tv_check_int(brisk_bn_mod_inverse(&r, &a, &m), BRISK_EINVAL, "9^-1 mod 9 (a = m)");
    set_u64(&a, 4);
    set_u64(&m, 10);
    tv_check_int(brisk_bn_mod_inverse(&r, &a, &m), BRISK_EINVAL, "mod_inverse, even modulus");
    set_u64(&m, 1);
    brisk_bn_zero(&a, 1);
    tv_check_int(brisk_bn_mod_inverse(&r, &a, &m), BRISK_EINVAL, "mod_inverse modulo 1");
    /* all-ones limbs: (2^128 - 2)^-1 = 2^128 - 2 mod 2^128 - 1 */
    const uint64_t ones[2] = {~0ULL, ~0ULL}, onesm1[2] = {~1ULL, ~0ULL};
    set_limbs(&m, 2, ones);
    set_limbs(&a, 2, onesm1);
    brisk_bn_mod_inverse(&r, &a, &m);
    is_value(&r, 2, onesm1, "(-1)^-1 mod 2^128 - 1");
}

/* ---- Primes ---- */

/* prime_verdict returns brisk_bn_is_probable_prime's answer, 1 or 0, or
 * its error code, after checking that the answer is 0 or 1, and 0 with an
 * error. */
static int prime_verdict(const brisk_bn *a, int rounds)
{
    int prime = -1, err = brisk_bn_is_probable_prime(a, rounds, &prime);

    tv_check(err == BRISK_EOK ? prime == 0 || prime == 1 : prime == 0,
             "is_probable_prime's answer %d with %d", prime, err);
    return err != BRISK_EOK ? err : prime;
}

static void kat_primes(tv_rng *rng, int quick)
{
    static const struct {
        size_t k;
        int prime;
    } mersenne[] = {{61, 1}, {67, 0}, {89, 1}, {127, 1}, {257, 0}, {521, 1}, {2203, 1},
                    {4423, 1}};
    static const uint64_t small[] = {0, 1, 2, 3, 4, 5, 9, 561, 1009, 1021, 1023, 1031, 65537,
                                     1048573, 1048583, 4294967297ULL, 1099511627791ULL,
                                     1019 * 1021, 1021ULL * 1048573};
    static const int small_prime[] = {0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1,
                                      1, 1, 0, 1, 0, 0};
    brisk_bn p, a, e, r, one;
    brisk_bn_mont mont;

    for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
        set_u64(&p, small[i]);
        tv_check_int(prime_verdict(&p, 0), small_prime[i],
                     "is_probable_prime(%llu) [%s]", (unsigned long long)small[i], impl_name);
    }
    set_u64(&one, 1);
    for (size_t i = 0; i < sizeof(mersenne) / sizeof(mersenne[0]); i++) {
        size_t k = mersenne[i].k;
        if (quick && k > 2500)
            continue;
        pow2_minus(&p, k, 1);
        tv_check_int(prime_verdict(&p, 0), mersenne[i].prime,
                     "is_probable_prime(2^%zu - 1) [%s]", k, impl_name);
        if (!mersenne[i].prime)
            continue;
        /* Fermat: a^(p - 1) = 1 for random a, secret and public exponent */
        brisk_bn_mont_init(&mont, &p);
        brisk_bn_sub(&e, &p, &one);
        rand_bn(rng, &a, k - 1);
        a.d[0] |= 2;
        brisk_bn_resize(&a, p.n);
        brisk_bn_mod_exp(&r, &a, &e, &mont);
        tv_check(brisk_bn_cmp(&r, &one) == 0, "a^(p-1) mod 2^%zu - 1 [%s]", k, impl_name);
        brisk_bn_mod_exp_public(&r, &a, &e, &mont);
        tv_check(brisk_bn_cmp(&r, &one) == 0, "a^(p-1) mod 2^%zu - 1, public [%s]", k, impl_name);
    }
    /* F5 = 2^32 + 1 = 641 * 6700417 (Euler); 2^67 - 1 with rounds 1 */
    set_u64(&p, (1ULL << 32) + 1);
    tv_check_int(prime_verdict(&p, 0), 0, "F5 is composite");
    pow2_minus(&p, 67, 1);
    tv_check_int(prime_verdict(&p, 1), 0, "M67 is composite, one round");
    tv_check_int(prime_verdict(&p, -1), BRISK_EINVAL, "negative rounds");
    /* the product of two Mersenne primes, and a Carmichael number with
     * factors over 1024 (Chernick: 6k+1, 12k+1, 18k+1 for k = 1000006?) is
     * covered by test_diff_bn; here M61 * M89 */
    brisk_bn m2;
    pow2_minus(&p, 61, 1);
    pow2_minus(&m2, 89, 1);
    brisk_bn_mul(&p, &p, &m2);
    tv_check_int(prime_verdict(&p, 0), 0, "M61 * M89 is composite");
    /* small factors at both ends of the trial division's table */
    static const uint64_t factors[] = {3, 5, 1021, 1031};
    for (size_t i = 0; i < sizeof(factors) / sizeof(factors[0]); i++) {
        pow2_minus(&p, 127, 1);
        set_u64(&m2, factors[i]);
        brisk_bn_mul(&p, &p, &m2);
        tv_check_int(prime_verdict(&p, 0), 0, "%llu M127 is composite",
                     (unsigned long long)factors[i]);
    }
}

static void kat_random(void)
{
    uint8_t x[64], y[64];
    brisk_bn m, r;
    int seen[4] = {0};

    tv_check_int(brisk_random_bytes(x, sizeof(x)), 0, "random_bytes");
    tv_check_int(brisk_random_bytes(y, sizeof(y)), 0, "random_bytes");
    tv_check(memcmp(x, y, sizeof(x)) != 0, "two random outputs differ");
    tv_check_int(brisk_random_bytes(NULL, 0), 0, "random_bytes of nothing");
    tv_check_int(brisk_random_bytes(NULL, 1), BRISK_EINVAL, "random_bytes to NULL");

    set_u64(&m, 1);
    tv_check_int(brisk_bn_random_range(&r, &m), BRISK_EINVAL, "random_range(1)");
    brisk_bn_zero(&m, 2);
    tv_check_int(brisk_bn_random_range(&r, &m), BRISK_EINVAL, "random_range(0)");
    set_u64(&m, 4);
    brisk_bn_resize(&m, 2);
    for (int i = 0; i < 200; i++) {
        if (brisk_bn_random_range(&r, &m) != 0 || r.n != 2 || r.d[1] != 0 || r.d[0] == 0 ||
            r.d[0] >= 4)
            break;
        seen[r.d[0]]++;
    }
    tv_check(seen[1] > 20 && seen[2] > 20 && seen[3] > 20 && seen[1] + seen[2] + seen[3] == 200,
             "random_range(4) gives 1, 2 and 3 in m's width (%d %d %d)", seen[1], seen[2], seen[3]);
    /* m = 2^127 + 1: values below m in 2 limbs, top bit set about half the time */
    const uint64_t big[2] = {1, 1ULL << 63};
    set_limbs(&m, 2, big);
    int top = 0;
    for (int i = 0; i < 100; i++) {
        brisk_bn_random_range(&r, &m);
        tv_check(r.n == 2 && brisk_bn_cmp(&r, &m) < 0 && !brisk_bn_is_zero(&r),
                 "random_range(2^127 + 1) in range");
        top += (int)(r.d[1] >> 62 & 1);
    }
    tv_check(top > 20 && top < 80, "random_range(2^127 + 1): bit 126 set %d times in 100", top);
}

/* ---- Wycheproof RSA signature generation ---- */

static const brisk_digest *digest_for(const char *sha)
{
    char name[32];
    size_t k = 0;
    const brisk_digest *md = brisk_digest_by_name(sha);
    if (md != NULL)
        return md;
    for (const char *p = sha; *p != '\0' && k + 1 < sizeof(name); p++)
        if (*p != '-')
            name[k++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    name[k] = '\0';
    return brisk_digest_by_name(name);
}

static void rsa_sig_gen_file(const char *rel, int max_tests)
{
    tv_json *root = tv_json_load(rel);
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    int done = 0;

    while (root != NULL && tv_wycheproof_next(&w) && done < max_tests) {
        tv_json *key = tv_json_get(w.group, "privateKey");
        size_t n_len, e_len, d_len, msg_len, sig_len;
        const uint8_t *nb = tv_json_hex(key, "modulus", &n_len);
        const uint8_t *eb = tv_json_hex(key, "publicExponent", &e_len);
        const uint8_t *db = tv_json_hex(key, "privateExponent", &d_len);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *sig = tv_json_hex(w.test, "sig", &sig_len);
        const brisk_digest *md = digest_for(tv_json_string(w.group, "sha"));
        if (tv_wycheproof_result(&w) == TV_RESULT_INVALID || nb == NULL || sig_len == 0)
            continue;
        brisk_bn n, e, d, s, em, r;
        brisk_bn_mont mont;
        uint8_t buf[BRISK_BN_MAX_BITS / 8], h[BRISK_DIGEST_MAX_LEN];
        brisk_bn_from_bytes(&n, nb, n_len);
        brisk_bn_normalize(&n);
        brisk_bn_from_bytes(&e, eb, e_len);
        brisk_bn_from_bytes(&d, db, d_len);
        brisk_bn_resize(&d, n.n);
        brisk_bn_from_bytes(&s, sig, sig_len);
        brisk_bn_resize(&s, n.n);
        size_t k = (brisk_bn_bits(&n) + 7) / 8;
        if (!tv_check(brisk_bn_mont_init(&mont, &n) == 0 && md != NULL, "%s tcId %zu: set up",
                      rel, w.test_i))
            continue;
        brisk_bn_mod_exp_public(&em, &s, &e, &mont);
        brisk_bn_to_bytes(buf, k, &em);
        brisk_digest_oneshot(md, h, msg, msg_len);
        /* EM = 00 01 ff .. ff 00 DigestInfo H: check the frame and H */
        size_t i = 2;
        while (i < k && buf[i] == 0xff)
            i++;
        tv_check(buf[0] == 0 && buf[1] == 1 && i >= 10 && i < k && buf[i] == 0 &&
                     memcmp(buf + k - md->digest_len, h, md->digest_len) == 0,
                 "%s [%s] test %zu: s^e mod n is EMSA-PKCS1-v1_5 of H(msg)", rel, impl_name,
                 w.test_i);
        brisk_bn_mod_exp(&r, &em, &d, &mont);
        equal(&r, &s, "Wycheproof RSA: EM^d mod n = s", brisk_bn_bits(&n));
        done++;
    }
    tv_check(done > 0, "%s: some signatures checked", rel);
    tv_json_free(root);
}

static void wycheproof_rsa(int quick)
{
    static const char *const files[] = {
        "wycheproof/testvectors_v1/rsa_pkcs1_1024_sig_gen_test.json",
        "wycheproof/testvectors_v1/rsa_pkcs1_1536_sig_gen_test.json",
        "wycheproof/testvectors_v1/rsa_pkcs1_2048_sig_gen_test.json",
        "wycheproof/testvectors_v1/rsa_pkcs1_3072_sig_gen_test.json",
        "wycheproof/testvectors_v1/rsa_pkcs1_4096_sig_gen_test.json",
    };
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        rsa_sig_gen_file(files[i], quick ? 1 : 4);
}

/* ---- Properties ---- */

/* prop_mont checks the implementation's kernels directly: to and from
 * Montgomery form, mont_sqr against mont_mul, and a b R^-1 R^2 R^-1 = a b
 * against brisk_bn_mod_mul's result from the bit-serial reduction. */
static void prop_mont(tv_rng *rng, size_t bits)
{
    const brisk_bn_impl *im = brisk_bn_active();
    brisk_bn m, a, b, t, want;
    brisk_bn_mont mont;
    uint64_t x[BRISK_BN_MAX_LIMBS], y[BRISK_BN_MAX_LIMBS], one[BRISK_BN_MAX_LIMBS] = {1};

    rand_odd_modulus(rng, &m, bits);
    if (!tv_check_int(brisk_bn_mont_init(&mont, &m), 0, "mont_init %zu bits", bits))
        return;
    rand_bn(rng, &a, bits);
    brisk_bn_mod(&a, &a, &m);
    rand_bn(rng, &b, bits);
    brisk_bn_mod(&b, &b, &m);
    size_t n = mont.n;

    im->mont_mul(x, a.d, mont.rr, &mont); /* a R */
    im->mont_mul(y, x, one, &mont);       /* a */
    tv_check(memcmp(y, a.d, n * 8) == 0, "mont round trip [%s] %zu bits", impl_name, bits);
    im->mont_sqr(y, x, &mont);
    im->mont_mul(x, x, x, &mont);
    tv_check(memcmp(x, y, n * 8) == 0, "mont_sqr = mont_mul(a, a), aliased [%s] %zu bits",
             impl_name, bits);
    /* a b mod m three ways */
    uint64_t prod[2 * BRISK_BN_MAX_LIMBS];
    brisk_limbs_mul(prod, a.d, m.n, b.d, m.n);
    brisk_bn_zero(&want, m.n);
    brisk_limbs_mod(want.d, prod, 2 * m.n, m.d, m.n);
    im->mont_mul(x, a.d, b.d, &mont);
    im->mont_mul(x, x, mont.rr, &mont);
    tv_check(memcmp(x, want.d, n * 8) == 0, "mont_mul(mont_mul(a, b), R^2) = a b mod m [%s] %zu",
             impl_name, bits);
    brisk_bn_mod_mul(&t, &a, &b, &m);
    equal(&t, &want, "mod_mul = mul then mod", bits);
    /* m - 1 squared is 1: the largest operand */
    brisk_bn one_bn, mm1;
    set_u64(&one_bn, 1);
    brisk_bn_sub(&mm1, &m, &one_bn);
    brisk_bn_mod_mul(&t, &mm1, &mm1, &m);
    tv_check(brisk_bn_cmp(&t, &one_bn) == 0, "(m-1)^2 = 1 mod m [%s] %zu bits", impl_name, bits);
}

static void prop_inverse_div(tv_rng *rng, size_t bits)
{
    brisk_bn m, a, r, t, q, one;
    set_u64(&one, 1);
    rand_odd_modulus(rng, &m, bits);
    rand_bn(rng, &a, bits);
    brisk_bn_mod(&a, &a, &m);
    brisk_bn_gcd(&t, &a, &m);
    int invertible = brisk_bn_cmp(&t, &one) == 0;
    int err = brisk_bn_mod_inverse(&r, &a, &m);
    tv_check_int(err, invertible ? 0 : BRISK_EINVAL, "mod_inverse [%s] %zu bits", impl_name, bits);
    if (err == 0) {
        brisk_bn_mod_mul(&t, &r, &a, &m);
        tv_check(brisk_bn_cmp(&t, &one) == 0 && r.n == m.n, "a^-1 a = 1 [%s] %zu bits", impl_name,
                 bits);
    }
    /* q d + r = a, r < d, for a of twice the bits and a d of any size */
    brisk_bn d, big;
    rand_bn(rng, &big, 2 * bits <= BRISK_BN_MAX_BITS ? 2 * bits : bits);
    rand_bn(rng, &d, 1 + tv_rng_below(rng, bits));
    if (brisk_bn_is_zero(&d))
        d.d[0] = 1;
    tv_check_int(brisk_bn_div(&q, &r, &big, &d), 0, "div");
    tv_check(brisk_bn_cmp(&r, &d) < 0, "div: r < d [%s] %zu bits", impl_name, bits);
    brisk_bn_mul(&t, &q, &d);
    brisk_bn_add(&t, &t, &r);
    equal(&t, &big, "div: q d + r = a", bits);
}

static void prop_exp(tv_rng *rng, size_t bits)
{
    brisk_bn m, a, b, e1, e2, e, r1, r2, r3, zero;
    brisk_bn_mont mont;

    rand_odd_modulus(rng, &m, bits);
    brisk_bn_mont_init(&mont, &m);
    rand_bn(rng, &a, bits);
    brisk_bn_mod(&a, &a, &m);
    rand_bn(rng, &b, bits);
    brisk_bn_mod(&b, &b, &m);
    /* full-width exponents up to 2048 bits: 8192-bit ones take seconds under qemu */
    rand_bn(rng, &e1, 1 + tv_rng_below(rng, bits < 2048 ? bits : 2048));
    rand_bn(rng, &e2, 1 + tv_rng_below(rng, 200));
    /* a^(e1 + e2) = a^e1 a^e2 */
    brisk_bn_add(&e, &e1, &e2);
    brisk_bn_mod_exp(&r1, &a, &e, &mont);
    brisk_bn_mod_exp_public(&r2, &a, &e, &mont);
    equal(&r1, &r2, "mod_exp = mod_exp_public", bits);
    brisk_bn_mod_exp2_public(&r3, &a, &e1, &a, &e2, &mont);
    equal(&r1, &r3, "a^(e1+e2) = a^e1 a^e2 (exp2)", bits);
    brisk_bn_mod_exp(&r2, &a, &e1, &mont);
    brisk_bn_mod_exp(&r3, &a, &e2, &mont);
    brisk_bn_mod_mul(&r2, &r2, &r3, &m);
    equal(&r1, &r2, "a^(e1+e2) = a^e1 a^e2 (mod_mul)", bits);
    /* exp2 with a zero exponent is a single exponentiation */
    brisk_bn_zero(&zero, 1);
    brisk_bn_mod_exp2_public(&r1, &a, &e1, &b, &zero, &mont);
    brisk_bn_mod_exp_public(&r2, &a, &e1, &mont);
    equal(&r1, &r2, "a^e1 b^0 = a^e1", bits);
    /* (a b)^e = a^e b^e */
    brisk_bn_mod_mul(&r1, &a, &b, &m);
    brisk_bn_mod_exp(&r1, &r1, &e2, &mont);
    brisk_bn_mod_exp2_public(&r2, &a, &e2, &b, &e2, &mont);
    equal(&r1, &r2, "(a b)^e = a^e b^e", bits);
}

/* public_edges: moduli 2^bits - 1 and 2^bits - 1 - r (r even and random,
 * of bits - 16 bits), whose top bits are all ones, and bases m - k near
 * them.  mod_exp_public against mod_exp, for odd exponents (whose last
 * multiplication the IFMA kernel makes by a itself, leaving its domain:
 * exp_public_amm) and even ones, with the domain constant that
 * brisk_bn_mont_init keeps (rr52) and with a mont that lacks it. */
static void public_edges(tv_rng *rng, size_t bits)
{
    static const uint64_t exps[] = {3, 17, 65537, 65536, 2, 1};
    brisk_bn m, a, e, r1, r2, r3;
    brisk_bn_mont mont, bare;
    int ok = 1;

    for (int c = 0; c < 2; c++) {
        pow2_minus(&m, bits, 1);
        if (c == 1) { /* 2^bits - 1 - r' for an even r' */
            rand_bn(rng, &e, bits - 16);
            e.d[0] &= ~(uint64_t)1;
            brisk_bn_sub(&m, &m, &e);
        }
        brisk_bn_mont_init(&mont, &m);
        bare = mont;
        mont_clear_rr52(&bare);
        for (uint64_t k = 1; k <= 24; k++) {
            brisk_bn_from_u64(&e, k);
            brisk_bn_sub(&a, &m, &e);
            for (size_t x = 0; x < sizeof(exps) / sizeof(exps[0]); x++) {
                brisk_bn_from_u64(&e, exps[x]);
                ok &= brisk_bn_mod_exp(&r1, &a, &e, &mont) == BRISK_EOK &&
                      brisk_bn_mod_exp_public(&r2, &a, &e, &mont) == BRISK_EOK &&
                      brisk_bn_mod_exp_public(&r3, &a, &e, &bare) == BRISK_EOK &&
                      brisk_bn_cmp(&r1, &r2) == 0 && brisk_bn_cmp(&r1, &r3) == 0;
            }
        }
    }
    tv_check(ok, "mod_exp_public near 2^%zu [%s]", bits, impl_name);
}

/* ---- Fixed-base comb (src/bn/fixed_base.c) ---- */

/* comb_exponent sets e (ceil(ebits / 64) limbs) to the kind-th test
 * exponent of at most ebits bits: 0, 1, 2^ebits - 1 (every column all
 * ones), 2^(ebits - 1) (only the top bit), random ones. */
static void comb_exponent(tv_rng *rng, brisk_bn *e, size_t ebits, int kind)
{
    const size_t n = (ebits + 63) / 64;
    if (kind == 0 || kind == 1) {
        brisk_bn_zero(e, n);
        e->d[0] = (uint64_t)kind;
    } else if (kind == 2) {
        pow2_minus(e, ebits, 1);
    } else if (kind == 3) {
        brisk_bn_zero(e, n);
        e->d[(ebits - 1) / 64] = (uint64_t)1 << ((ebits - 1) % 64);
    } else {
        rand_bn(rng, e, ebits);
        brisk_bn_resize(e, n);
    }
}

/* prop_comb checks the comb's a^e against brisk_bn_mod_exp and its
 * a^e1 b^e2 against brisk_bn_mod_exp2_public, for DSA's exponent sizes
 * (and an odd one), several teeth and sub-combs (the last piece of a
 * block shorter than the others, or empty, for some) and the edge
 * exponents. */
static void prop_comb(tv_rng *rng, size_t bits)
{
    static const size_t ebits_list[] = {160, 161, 224, 256};
    static const unsigned geometry[][2] = {{1, 1}, {4, 1}, {6, 1}, {5, 2}, {3, 3}, {2, 4}};
    brisk_bn m, a, b, e1, e2, want, got;
    brisk_bn_mont mont;

    rand_odd_modulus(rng, &m, bits);
    brisk_bn_mont_init(&mont, &m);
    rand_bn(rng, &a, bits);
    brisk_bn_mod(&a, &a, &m);
    rand_bn(rng, &b, bits);
    brisk_bn_mod(&b, &b, &m);
    const size_t n = mont.n, stride = n + 1; /* a stride other than the width */
    uint64_t *ta = calloc(64 * stride, sizeof(uint64_t));
    uint64_t *tb = calloc(64 * stride, sizeof(uint64_t));
    if (!tv_check(ta != NULL && tb != NULL, "calloc")) {
        free(ta);
        free(tb);
        return;
    }
    for (size_t i = 0; i < sizeof(ebits_list) / sizeof(ebits_list[0]); i++) {
        for (size_t j = 0; j < sizeof(geometry) / sizeof(geometry[0]); j++) {
            const size_t eb = ebits_list[i];
            const unsigned t = geometry[j][0], v = geometry[j][1];
            brisk_bn_comb_init(ta, stride, a.d, eb, t, v, &mont);
            brisk_bn_comb_init(tb, stride, b.d, eb, t, v, &mont);
            for (int kind = 0; kind < 6; kind++) {
                comb_exponent(rng, &e1, eb, kind);
                comb_exponent(rng, &e2, eb, (kind + 2) % 6);
                brisk_bn_mod_exp(&want, &a, &e1, &mont);
                brisk_bn_zero(&got, n);
                brisk_bn_comb_exp(got.d, ta, stride, e1.d, e1.n, eb, t, v, &mont);
                tv_check(brisk_bn_cmp(&got, &want) == 0, "comb a^e = mod_exp [%s] %zu bits, "
                         "e of %zu bits, %u x %u teeth, exponent %d", impl_name, bits, eb, v, t,
                         kind);
                brisk_bn_mod_exp2_public(&want, &a, &e1, &b, &e2, &mont);
                brisk_bn_zero(&got, n);
                brisk_bn_comb_exp2_public(got.d, ta, e1.d, e1.n, tb, e2.d, e2.n, stride, eb, t, v,
                                          &mont);
                tv_check(brisk_bn_cmp(&got, &want) == 0, "comb a^e1 b^e2 = mod_exp2_public "
                         "[%s] %zu bits, e of %zu bits, %u x %u teeth, exponents %d", impl_name,
                         bits, eb, v, t, kind);
            }
        }
    }
    free(ta);
    free(tb);
}

int main(void)
{
    static const size_t sizes[] = {64,   65,   128,  200,  256,  512, 520,
                                   1024, 2048, 3072, 4096, 6144, 8192};
    char list[200];
    tv_rng rng;
    size_t it = 0;
    int quick = tv_quick();

    tv_begin("test_bn");
    tv_rng_init(&rng, tv_seed());
    tv_check_str(brisk_impl_name("bn", 0, NULL) != NULL ? "ok" : NULL, "ok", "bn primitive");
    kat_random();
    while ((impl_name = tv_impl_next("bn", &it)) != NULL) {
        kat_bytes();
        kat_basic();
        kat_mod();
        kat_mont_exp();
        kat_primes(&rng, quick);
        wycheproof_rsa(quick);
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            int rounds = sizes[s] > 2048 ? 1 : quick ? 2 : 5;
            for (int i = 0; i < rounds; i++) {
                prop_mont(&rng, sizes[s]);
                prop_inverse_div(&rng, sizes[s]);
                if (!quick || sizes[s] <= 2048)
                    prop_exp(&rng, sizes[s]);
            }
        }
        for (size_t bits = 128; bits <= 4096; bits *= 2)
            if (!quick || bits <= 2048)
                prop_comb(&rng, bits + (bits == 512 ? 8 : 0));
        for (size_t bits = 256; bits <= 4096; bits += 256)
            public_edges(&rng, bits);
        if (!quick) {   /* the IFMA kernels' two largest sizes */
            public_edges(&rng, 6144);
            public_edges(&rng, 8192);
        }
    }
    tv_note("tested: %s", tv_impl_list("bn", list, sizeof(list)));
    return tv_end();
}
