/*
 * src/pk/dsa_params.c - DSA domain parameters: generation of p and q by
 * FIPS 186-4 appendix A.1.1.2 (probable primes from a hash), of g by A.2.3
 * (verifiable canonical generation, index 1), and their check.
 *
 * The hash is SHA-256, except for q of 160 bits, where it is SHA-1 (as
 * OpenSSL does for those sizes; A.1.1.2 allows any approved hash of at least
 * N bits).  The seed is N random bits; brisk_dsa_params holds no seed or
 * counter, so the result cannot be validated later by A.1.1.3 (brisk_dsa_params_check
 * tests the numbers instead); brisk_dsa_generate_params_seeded, for tests,
 * returns them.  Everything here is public: variable-time.
 *
 * The full check tests p and q with FIPS 186-4 Table C.1's Miller-Rabin
 * rounds, tens of milliseconds at 2048 bits; the parameters that passed it
 * are remembered (a SHA-256 of p, q and g in a small table), so that keys
 * over the same parameters (a dsaparam file and the key made from it,
 * speed's fixed parameters, a verifier's keys) pay it once per process.
 */
#include <brisk/dsa.h>
#include <brisk/rand.h>

#include "../internal.h"
#include "dsa_internal.h"

#define SEED_MAX (BRISK_DSA_MAX_Q_BYTES)

/* One generation run: the sizes, the hash and the seed. */
typedef struct pqg_gen {
    size_t l_bits, n_bits;
    const brisk_digest *md;
    size_t out_bits, seed_len;
    uint8_t seed[SEED_MAX];
} pqg_gen;

/* supported_sizes are the (L, N) pairs that brisk_dsa_generate_params
 * makes: FIPS 186-4's four and (512, 160) for `speed dsa512`. */
static int supported_sizes(size_t l_bits, size_t n_bits)
{
    return (l_bits == 512 && n_bits == 160) || (l_bits == 1024 && n_bits == 160) ||
           (l_bits == 2048 && (n_bits == 224 || n_bits == 256)) ||
           (l_bits == 3072 && n_bits == 256);
}

/* accepted_sizes are the pairs brisk_dsa_params_check takes: those made
 * here and, as legacy sizes outside FIPS 186-4 that OpenSSL makes, (512,
 * 224) and (1024, 224) (openssl 3.0's dsaparam 512 and 1024) and (2048,
 * 160) (openssl speed's dsa2048 key, which `brisk speed dsa2048` times). */
static int accepted_sizes(size_t l_bits, size_t n_bits)
{
    return supported_sizes(l_bits, n_bits) ||
           ((l_bits == 512 || l_bits == 1024) && n_bits == 224) ||
           (l_bits == 2048 && n_bits == 160);
}

/* check_rounds is the number of Miller-Rabin rounds for checking p and q
 * with p of l_bits: FIPS 186-4 Table C.1, "M-R tests only" (p and q alike:
 * 40 for L = 1024, 56 for 2048, 64 for 3072).  These bound the error by
 * 4^-t for any input, which parameters read from a file are (2^-80,
 * 2^-112, 2^-128: the security strength of each size); p of 512 bits gets
 * 1024's count. */
static int check_rounds(size_t l_bits)
{
    return l_bits <= 1024 ? 40 : l_bits <= 2048 ? 56 : 64;
}

/* hash_seed writes Hash((seed + add) mod 2^seedlen). */
static void hash_seed(const pqg_gen *g, uint8_t *out, uint64_t add)
{
    uint8_t s[SEED_MAX];
    memcpy(s, g->seed, g->seed_len);
    for (size_t i = g->seed_len; i-- > 0 && add != 0;) {
        add += s[i];
        s[i] = (uint8_t)add;
        add >>= 8;
    }
    brisk_digest_oneshot(g->md, out, s, g->seed_len);
}

/* is_prime returns 1 for a probable prime, 0 or a negative code. */
static int is_prime(const brisk_bn *a)
{
    int prime, err = brisk_bn_is_probable_prime(a, 0, &prime);

    return err != BRISK_EOK ? err : prime;
}

/* make_q is steps 5 to 8: a fresh seed and q = 2^(N-1) + U + 1 - (U mod 2)
 * with U = Hash(seed) mod 2^(N-1); 1 when q is prime. */
static int make_q(pqg_gen *g, brisk_bn *q)
{
    uint8_t h[BRISK_DIGEST_MAX_LEN];
    size_t q_len = g->n_bits / 8, h_len = g->md->digest_len;
    int err = brisk_random_bytes(g->seed, g->seed_len);

    if (err != BRISK_EOK)
        return err;
    hash_seed(g, h, 0);
    h[h_len - q_len] |= 0x80; /* N is whole bytes: this is bit N-1 */
    h[h_len - 1] |= 1;
    err = brisk_bn_from_bytes(q, h + h_len - q_len, q_len);
    return err != BRISK_EOK ? err : is_prime(q);
}

/* make_x is steps 10.1 to 10.3: X = W + 2^(L-1), W the V_j of the seeds
 * seed + offset + j laid out from the least significant end and cut to
 * L - 1 bits (L and outlen being whole bytes). */
static int make_x(const pqg_gen *g, brisk_bn *x, uint64_t offset, size_t n)
{
    uint8_t buf[BRISK_DSA_MAX_BITS / 8], v[BRISK_DIGEST_MAX_LEN];
    size_t l_len = g->l_bits / 8, h_len = g->md->digest_len;

    for (size_t j = 0; j <= n; j++) {
        hash_seed(g, v, offset + j);
        for (size_t i = 0; i < h_len; i++) {
            size_t m = j * h_len + (h_len - 1 - i); /* byte m from the right */
            if (m < l_len)
                buf[l_len - 1 - m] = v[i];
        }
    }
    buf[0] |= 0x80;
    return brisk_bn_from_bytes(x, buf, l_len);
}

/* make_p is steps 9 to 10 for the q of the current seed: 1 with p prime,
 * 0 when 4L counters gave none (start again with a new seed). */
static int make_p(const pqg_gen *g, brisk_bn *p, const brisk_bn *q, size_t *counter_out)
{
    size_t n = (g->l_bits + g->out_bits - 1) / g->out_bits - 1;
    brisk_bn two_q, c, one;
    uint64_t offset = 1;
    int err;

    brisk_bn_from_u64(&one, 1);
    if ((err = brisk_bn_add(&two_q, q, q)) != BRISK_EOK)
        return err;
    for (size_t counter = 0; counter < 4 * g->l_bits; counter++, offset += n + 1) {
        /* p = X - (X mod 2q - 1) */
        if ((err = make_x(g, p, offset, n)) != BRISK_EOK ||
            (err = brisk_bn_div(NULL, &c, p, &two_q)) != BRISK_EOK ||
            (err = brisk_bn_sub(p, p, &c)) != BRISK_EOK ||
            (err = brisk_bn_add(p, p, &one)) != BRISK_EOK)
            return err;
        brisk_bn_normalize(p);
        if (brisk_bn_bits(p) < g->l_bits)
            continue;
        err = is_prime(p);
        *counter_out = counter;
        if (err != 0)
            return err;
    }
    return 0;
}

/* make_g is A.2.3 with index 1: g = Hash(seed || "ggen" || index ||
 * count)^((p-1)/q) mod p for count = 1, 2, ... until g >= 2. */
static int make_g(const pqg_gen *g, brisk_dsa_params *params)
{
    uint8_t u[SEED_MAX + 7], w[BRISK_DIGEST_MAX_LEN];
    brisk_bn e, pm1, one, wb;
    brisk_bn_mont mont;
    int err;

    brisk_bn_from_u64(&one, 1);
    if ((err = brisk_bn_sub(&pm1, &params->p, &one)) != BRISK_EOK ||
        (err = brisk_bn_div(&e, NULL, &pm1, &params->q)) != BRISK_EOK ||
        (err = brisk_bn_mont_init(&mont, &params->p)) != BRISK_EOK)
        return err;
    memcpy(u, g->seed, g->seed_len);
    memcpy(u + g->seed_len, "ggen", 4);
    u[g->seed_len + 4] = 1; /* index */
    for (unsigned count = 1; count <= 0xffff; count++) {
        u[g->seed_len + 5] = (uint8_t)(count >> 8);
        u[g->seed_len + 6] = (uint8_t)count;
        brisk_digest_oneshot(g->md, w, u, g->seed_len + 7);
        if ((err = brisk_bn_from_bytes(&wb, w, g->md->digest_len)) != BRISK_EOK ||
            (err = brisk_bn_resize(&wb, params->p.n)) != BRISK_EOK ||
            (err = brisk_bn_mod_exp_public(&params->g, &wb, &e, &mont)) != BRISK_EOK)
            return err;
        brisk_bn_normalize(&params->g);
        if (brisk_bn_bits(&params->g) >= 2)
            return BRISK_EOK;
    }
    return BRISK_EINVAL;
}

int brisk_dsa_generate_params_seeded(brisk_dsa_params *params, size_t l_bits, size_t n_bits,
                                     uint8_t seed[BRISK_DSA_MAX_Q_BYTES], size_t *counter)
{
    pqg_gen g;
    int err;

    if (params == NULL || seed == NULL || counter == NULL || !supported_sizes(l_bits, n_bits))
        return BRISK_EINVAL;
    g.l_bits = l_bits;
    g.n_bits = n_bits;
    g.md = n_bits == 160 ? &brisk_digest_sha1 : &brisk_digest_sha256;
    g.out_bits = 8 * g.md->digest_len;
    g.seed_len = n_bits / 8;
    for (;;) {
        err = make_q(&g, &params->q);
        if (err == 1)
            err = make_p(&g, &params->p, &params->q, counter);
        if (err < 0)
            return err;
        if (err == 1)
            break;
    }
    brisk_bn_normalize(&params->q);
    memcpy(seed, g.seed, g.seed_len);
    err = make_g(&g, params);
    wipe(&g, sizeof(g));
    return err;
}

int brisk_dsa_generate_params(brisk_dsa_params *params, size_t l_bits, size_t n_bits)
{
    uint8_t seed[BRISK_DSA_MAX_Q_BYTES];
    size_t counter;
    return brisk_dsa_generate_params_seeded(params, l_bits, n_bits, seed, &counter);
}

/* ---- The check ---- */

/* The parameters that passed the full check, by SHA-256 of p || q || g
 * (each in p's length), most recent first, under a spin lock (held for a
 * few copies of 32 bytes).  Only checked parameters are ever entered, and
 * finding another's digest needs a SHA-256 collision. */
#define CHECKED_SLOTS 8
static uint8_t checked[CHECKED_SLOTS][BRISK_SHA256_LEN];
static size_t checked_count;
static char checked_lock;

static void lock_checked(void)
{
    while (__atomic_test_and_set(&checked_lock, __ATOMIC_ACQUIRE))
        ;
}

static void unlock_checked(void)
{
    __atomic_clear(&checked_lock, __ATOMIC_RELEASE);
}

/* params_digest hashes p, q and g (normalized), each in p's length. */
static int params_digest(uint8_t out[BRISK_SHA256_LEN], const brisk_dsa_params *pr)
{
    uint8_t buf[3 * (BRISK_DSA_MAX_BITS / 8)];
    size_t len = (brisk_bn_bits(&pr->p) + 7) / 8;

    if (len > BRISK_DSA_MAX_BITS / 8 || brisk_bn_to_bytes(buf, len, &pr->p) != BRISK_EOK ||
        brisk_bn_to_bytes(buf + len, len, &pr->q) != BRISK_EOK ||
        brisk_bn_to_bytes(buf + 2 * len, len, &pr->g) != BRISK_EOK)
        return BRISK_EINVAL;
    brisk_sha256(out, buf, 3 * len);
    return BRISK_EOK;
}

static int was_checked(const uint8_t d[BRISK_SHA256_LEN])
{
    int found = 0;

    lock_checked();
    for (size_t i = 0; i < checked_count && !found; i++)
        found = memcmp(checked[i], d, BRISK_SHA256_LEN) == 0;
    unlock_checked();
    return found;
}

static void remember_checked(const uint8_t d[BRISK_SHA256_LEN])
{
    lock_checked();
    memmove(checked[1], checked[0], (CHECKED_SLOTS - 1) * sizeof(checked[0]));
    memcpy(checked[0], d, BRISK_SHA256_LEN);
    if (checked_count < CHECKED_SLOTS)
        checked_count++;
    unlock_checked();
}

/* check_primes tests q and p with check_rounds' count, unless the same
 * parameters passed before. */
static int check_primes(const brisk_dsa_params *pr)
{
    uint8_t d[BRISK_SHA256_LEN];
    int rounds = check_rounds(brisk_bn_bits(&pr->p)), prime, err;

    err = params_digest(d, pr);
    if (err != BRISK_EOK || was_checked(d))
        return err;
    err = brisk_bn_is_probable_prime(&pr->q, rounds, &prime);
    if (err == BRISK_EOK && prime)
        err = brisk_bn_is_probable_prime(&pr->p, rounds, &prime);
    if (err != BRISK_EOK)
        return err;
    if (!prime)
        return BRISK_EINVAL;
    remember_checked(d);
    return BRISK_EOK;
}

/* check_group checks 1 < g < p, q | p - 1 and g^q = 1 mod p, for p, q, g
 * normalized. */
static int check_group(const brisk_dsa_params *pr)
{
    brisk_bn one, pm1, rem, t, g = pr->g;
    brisk_bn_mont mont;

    brisk_bn_from_u64(&one, 1);
    if (brisk_bn_cmp(&g, &one) <= 0 || brisk_bn_cmp(&g, &pr->p) >= 0 ||
        brisk_bn_resize(&g, pr->p.n) != BRISK_EOK ||
        brisk_bn_sub(&pm1, &pr->p, &one) != BRISK_EOK ||
        brisk_bn_div(NULL, &rem, &pm1, &pr->q) != BRISK_EOK || !brisk_bn_is_zero(&rem) ||
        brisk_bn_mont_init(&mont, &pr->p) != BRISK_EOK ||
        brisk_bn_mod_exp_public(&t, &g, &pr->q, &mont) != BRISK_EOK)
        return BRISK_EINVAL;
    brisk_bn_normalize(&t);
    return brisk_bn_cmp(&t, &one) == 0 ? BRISK_EOK : BRISK_EINVAL;
}

int brisk_dsa_params_check(const brisk_dsa_params *params, int primes)
{
    brisk_dsa_params pr;
    size_t p_bits, q_bits;
    int err;

    if (params == NULL || params->p.n > BRISK_BN_MAX_LIMBS ||
        params->q.n > BRISK_BN_MAX_LIMBS || params->g.n > BRISK_BN_MAX_LIMBS)
        return BRISK_EINVAL;
    pr = *params;
    brisk_bn_normalize(&pr.p);
    brisk_bn_normalize(&pr.q);
    brisk_bn_normalize(&pr.g);
    p_bits = brisk_bn_bits(&pr.p);
    q_bits = brisk_bn_bits(&pr.q);
    if (!accepted_sizes(p_bits, q_bits) || !brisk_bn_is_odd(&pr.q))
        return BRISK_EINVAL;
    if ((err = check_group(&pr)) != BRISK_EOK)
        return err;
    return primes ? check_primes(&pr) : BRISK_EOK;
}
