/*
 * src/bn/prime.c - probable-prime testing and uniform random values.
 *
 * brisk_bn_is_probable_prime: trial division by the odd primes below 1024,
 * then Miller-Rabin (FIPS 186-5 B.3.1) with bases drawn uniformly from
 * [2, w - 2], the number of rounds by default from FIPS 186-5 Table B.1
 * (error 2^-112 and below for p and q of 1024 bits and up).  The
 * exponentiation a^m mod w is the constant-time one, since the candidate
 * is usually a secret prime; the trial division and the squaring loop that
 * follows branch on the candidate, which is acceptable for candidates that
 * turn out composite and leaks only the (random) position of -1 otherwise.
 *
 * brisk_bn_random_range: rejection sampling of bits(m)-bit values (FIPS
 * 186-5 A.2.2 style "testing candidates"), fewer than two tries on average.
 */
#include <string.h>

#include <brisk/rand.h>

#include "internal.h"

#define MAXL BRISK_BN_MAX_LIMBS

/* mod_small returns a mod p for p < 2^32, 32 bits at a time.  The
 * hardware divide may take operand-dependent time: trial division is not
 * constant-time (and a candidate it rejects is discarded anyway). */
static uint32_t mod_small(const brisk_bn *a, uint32_t p)
{
    uint64_t r = 0;
    for (size_t i = a->n; i-- > 0;) {
        r = ((r << 32) | (a->d[i] >> 32)) % p;
        r = ((r << 32) | (uint32_t)a->d[i]) % p;
    }
    return (uint32_t)r;
}

/* The odd primes below 1024 (src/internal.h). */
const uint16_t brisk_small_primes[BRISK_N_SMALL_PRIMES] = {
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89,
    97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181,
    191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281,
    283, 293, 307, 311, 313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379, 383, 389, 397,
    401, 409, 419, 421, 431, 433, 439, 443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503,
    509, 521, 523, 541, 547, 557, 563, 569, 571, 577, 587, 593, 599, 601, 607, 613, 617, 619,
    631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709, 719, 727, 733, 739, 743,
    751, 757, 761, 769, 773, 787, 797, 809, 811, 821, 823, 827, 829, 839, 853, 857, 859, 863,
    877, 881, 883, 887, 907, 911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997,
    1009, 1013, 1019, 1021,
};

/* is_small_prime returns 1 when p (< 2^20) is prime, by trial division. */
static int is_small_prime(uint32_t p)
{
    if (p < 2)
        return 0;
    for (uint32_t d = 2; d * d <= p; d++)
        if (p % d == 0)
            return 0;
    return 1;
}

/* trial returns 1 (prime), 0 (composite) or -1 (no small factor found)
 * for a, dividing by the odd primes below 1024: a is reduced modulo
 * products of consecutive primes below 2^32, one pass over a's limbs per
 * product instead of per prime. */
static int trial(const brisk_bn *a)
{
    size_t len = brisk_limbs_len(a->d, a->n);
    if (len == 0)
        return 0;
    if (len == 1 && a->d[0] < 1024 * 1024)
        return is_small_prime((uint32_t)a->d[0]);
    if ((a->d[0] & 1) == 0)
        return 0;
    for (size_t i = 0; i < BRISK_N_SMALL_PRIMES;) {
        uint64_t prod = 1;
        size_t j = i;
        while (j < BRISK_N_SMALL_PRIMES && prod * brisk_small_primes[j] <= UINT32_MAX)
            prod *= brisk_small_primes[j++];
        uint32_t r = mod_small(a, (uint32_t)prod);
        for (; i < j; i++)
            if (r % brisk_small_primes[i] == 0)
                return 0;
    }
    return -1;
}

/* default_rounds follows FIPS 186-5 Table B.1 (error 2^-112 column for
 * p, q of 1024 bits, 2^-128 and 2^-144 above); below 1024 bits, where the
 * table asks 38 to 44 rounds of auxiliary primes over 140 to 200 bits, 44
 * covers every smaller size too (DSA's q), except that 512-bit to 1023-bit
 * values get 8, more than FIPS 186-4 Table C.2's 7 for 512-bit primes. */
static int default_rounds(size_t bits)
{
    if (bits >= 1536)
        return 4;
    if (bits >= 1024)
        return 5;
    if (bits >= 512)
        return 8;
    return 44;
}

/* square_to_minus_one returns 1 when one of z^2, z^4, ..., z^(2^(a-1))
 * mod w is w - 1 (FIPS 186-5 B.3.1 step 4.5), 0 otherwise. */
static int square_to_minus_one(const brisk_bn *z, size_t a, const brisk_bn_mont *mont)
{
    const brisk_bn_impl *im = brisk_bn_active();
    const size_t n = mont->n;
    uint64_t x[MAXL], one[MAXL], minus_one[MAXL];
    brisk_bn_mont_one(one, mont);
    brisk_limbs_sub(minus_one, mont->m, one, n);
    im->mont_mul(x, z->d, mont->rr, mont);
    for (size_t j = 1; j < a; j++) {
        im->mont_sqr(x, x, mont);
        if (brisk_limbs_cmp(x, minus_one, n) == 0)
            return 1;
        if (brisk_limbs_cmp(x, one, n) == 0)
            return 0;
    }
    return 0;
}

/* miller_rabin runs `rounds` rounds on odd w >= 2^20; 1 when w passes. */
static int miller_rabin(const brisk_bn *w, int rounds)
{
    brisk_bn_mont mont;
    brisk_bn wm1, wm2, m, b, z, one;
    size_t a = 0;
    int err = brisk_bn_mont_init(&mont, w);
    if (err != 0)
        return err;
    brisk_bn_from_u64(&one, 1);
    brisk_bn_sub(&wm1, w, &one);
    brisk_bn_sub(&wm2, &wm1, &one);
    /* w - 1 = 2^a m with m odd */
    while (((wm1.d[a / 64] >> (a % 64)) & 1) == 0)
        a++;
    brisk_bn_copy(&m, &wm1);
    for (size_t i = 0; i < m.n; i++) {
        size_t k = i + a / 64;
        uint64_t lo = k < m.n ? wm1.d[k] : 0, hi = k + 1 < m.n ? wm1.d[k + 1] : 0;
        m.d[i] = a % 64 == 0 ? lo : (lo >> (a % 64)) | (hi << (64 - a % 64));
    }
    int result = 1;
    for (int r = 0; r < rounds && result == 1; r++) {
        /* b uniform in [2, w - 2]: [1, w - 3] from random_range, plus 1 */
        if ((err = brisk_bn_random_range(&b, &wm2)) != 0) {
            result = err;
            break;
        }
        brisk_bn_add(&b, &b, &one);
        brisk_bn_mod_exp(&z, &b, &m, &mont);
        if (brisk_bn_cmp(&z, &one) == 0 || brisk_bn_cmp(&z, &wm1) == 0)
            continue;
        result = square_to_minus_one(&z, a, &mont);
    }
    wipe(&m, sizeof(m));
    wipe(&z, sizeof(z));
    wipe(&wm1, sizeof(wm1));
    wipe(&wm2, sizeof(wm2));
    return result;
}

int brisk_bn_is_probable_prime(const brisk_bn *a, int rounds, int *is_prime)
{
    if (is_prime == NULL)
        return BRISK_EINVAL;
    *is_prime = 0;
    if (rounds < 0)
        return BRISK_EINVAL;
    int t = trial(a);
    if (t < 0) {
        if (rounds == 0)
            rounds = default_rounds(brisk_bn_bits(a));
        t = miller_rabin(a, rounds);
        if (t < 0)
            return t;
    }
    *is_prime = t;
    return BRISK_EOK;
}

int brisk_bn_random_range(brisk_bn *r, const brisk_bn *m)
{
    uint8_t buf[BRISK_BN_MAX_BITS / 8];
    size_t n = m->n, bits = brisk_bn_bits(m);
    brisk_bn one, t;
    if (bits < 2)
        return BRISK_EINVAL;
    brisk_bn_from_u64(&one, 1);
    size_t bytes = (bits + 7) / 8;
    for (int tries = 0; tries < 1000; tries++) {
        int err = brisk_random_bytes(buf, bytes);
        if (err != 0)
            return err;
        buf[0] &= (uint8_t)(0xff >> (8 * bytes - bits));
        brisk_bn_from_bytes(&t, buf, bytes);
        brisk_bn_resize(&t, n);
        /* accept 1 <= t < m */
        if (brisk_bn_is_zero(&t) == 0 && brisk_bn_cmp(&t, m) < 0) {
            brisk_bn_copy(r, &t);
            wipe(buf, sizeof(buf));
            wipe(&t, sizeof(t));
            return BRISK_EOK;
        }
    }
    wipe(buf, sizeof(buf));
    return BRISK_ERANDOM;
}
