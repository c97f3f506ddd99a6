/*
 * tests/ct_timing.c - a statistical timing test of the constant-time code,
 * after dudect (Reparaz, Balasch and Verbauwhede, "Dude, is my code constant
 * time?", DATE 2017).  It covers what the valgrind checks (ct_*.c) cannot:
 * valgrind does not run AVX-512, IFMA, VAES or SHA-NI and hides ADX (ct_bn
 * calls only the adx kernels directly), so bn(ifma), bn(adx) as a whole
 * and the vector AES, GHASH, digest and Poly1305 kernels are timed here,
 * each forced in turn, beside the portable ones.
 *
 * Method: each target is one operation on a secret input.  Every
 * measurement takes an input of one of two classes, chosen at random per
 * measurement (so that noise from other processes, frequency changes and
 * interrupts falls on both alike): a fixed secret (a corner value: a key,
 * data or operands a quarter zero, an exponent with every window zero) or a
 * random one (where the fixed one has a zero quarter, one bit set a byte
 * or limb there, see secret_bytes); the other inputs are random in both
 * classes.  The time of one call is read with the cycle counter (rdtsc
 * between lfences on x86, else CLOCK_MONOTONIC).  A warm-up batch is
 * measured first and only sets 100 cropping thresholds at the
 * percentiles 1 - 0.5^(k/10) as dudect does; then Welch's t-test compares
 * the classes on all measurements, on each crop (which drops the slow
 * tail that preemption and interrupts put there), and on the squared
 * deviations from the class mean (dudect's second-order test).  A target
 * leaks when the largest |t| of those with at least 1000 measurements per
 * class exceeds 4.5, in the run and in each of the seven made to confirm
 * it, each with a fixed value of its own, and with one sign (see
 * run_target).
 *
 * The canary proves the run can fail: a 16-byte HMAC-SHA-256 tag check
 * that stops at the first differing byte, a leak of about four counter
 * ticks on an operation of about 800, must be flagged (eight times in a
 * row), else the run fails.
 *
 * Usage: ct_timing [-long] [-only SUBSTRING]
 *   -long  ten times the measurements (the manual mode; CI runs without)
 *   -only  run only the targets whose name contains the argument or whose
 *          implementation it names
 * Not a ctest: timings mean nothing under sanitizers, valgrind or qemu.
 * CI runs it on the Release build in its `timing` stage.  What it can and
 * cannot show is in docs/testing.md.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <brisk/brisk.h>

#include "../src/bn/internal.h"
#include "../src/cipher/internal.h"
#include "vectors.h"

enum {
    NPCT = 100,            /* cropping thresholds */
    NTESTS = NPCT + 2,     /* all, each crop, second order */
    BATCH = 2000,          /* measurements between statistics updates */
    MIN_PER_CLASS = 1000,  /* a test counts once each class has this many */
    MAX_IN = 2048          /* bytes of input per measurement, at most */
};

static const double THRESHOLD = 4.5;
/* ROUNDS: the runs over THRESHOLD in a row, with one sign, that flag a
 * target (see run_target). */
enum { ROUNDS = 8 };

/* ---- Timing ---- */

/* ticks reads the time-stamp counter, fenced so that the measured code
 * neither starts before nor finishes after the read. */
static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- Welch's t-test, accumulated online (Welford) ---- */

typedef struct welch {
    double n[2], mean[2], m2[2];
} welch;

static inline void welch_push(welch *w, double x, int cls)
{
    w->n[cls] += 1;
    double d = x - w->mean[cls];
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}

static double welch_t(const welch *w)
{
    double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
    double den = sqrt(v0 / w->n[0] + v1 / w->n[1]);
    double diff = w->mean[0] - w->mean[1];
    if (den > 0)
        return diff / den;
    /* every time the same within each class: any difference is a leak */
    return diff == 0 ? 0 : diff > 0 ? INFINITY : -INFINITY;
}

/* ---- Targets ---- */

/* A target: run does the timed operation on one measurement's input, which
 * prepare writes (untimed) for the fixed (1) or random (0) class.  Both
 * read their sizes from the target being run, `cur`. */
typedef struct target {
    const char *what;
    const char *prim, *impl;   /* forced for the run; prim NULL: none */
    const char *prim2, *impl2; /* a second one (GCM's ghash), or NULL */
    size_t size;               /* bits of a bignum, bytes of an AES key */
    const brisk_digest *md;    /* HMAC's digest */
    size_t in_len;
    void (*prepare)(uint8_t *in, int fixed, tv_rng *rng);
    void (*run)(const uint8_t *in);
    size_t count;              /* measurements in the CI run */
    int canary;                /* must be flagged */
} target;

static const target *cur;
static tv_rng rng;
static uint8_t sink[BRISK_BN_MAX_LIMBS * 8 * 2];

/* -- bn: mod_exp with a secret exponent, and the Montgomery kernels with
 * secret operands, at sizes that take different kernels (adx: product
 * scanning at 256 and 512 bits, rows eight at a time from 1024; ifma: one
 * per size, its squaring kernels reached only through mod_exp, timed
 * from 2048 bits with a 256-bit exponent).  The sizes from 3072 bits are
 * ifma's alone (adx and c run there what they run at 2048), with mont_mul
 * but not mont_sqr, which is ifma's multiplication kernel again.  1536
 * bits is left out: on a Zen 4 both that size's fixed classes, the
 * quarter-zero one and a plain random value, were flagged by a fraction
 * of a tick, one faster and one slower (docs/testing.md).  Each size's
 * modulus is random, odd and public; the exponent's width is public (the
 * modulus's up to 1024 bits, 256 bits above, as FFDH's short exponents)
 * and its top bit set in both classes. -- */

enum { N_MONT = 8, N_MONT_ALL = 4 }; /* the sizes from N_MONT_ALL on: ifma's alone */
static const size_t mont_bits[N_MONT] = {256, 512, 1024, 2048, 3072, 4096, 6144, 8192};
static brisk_bn_mont monts[N_MONT];
static uint64_t fixed_ops[2 * BRISK_BN_MAX_LIMBS]; /* kernel_prepare's */

static const brisk_bn_mont *mont_of(size_t bits)
{
    size_t i = 0;
    while (i + 1 < N_MONT && mont_bits[i] != bits)
        i++;
    return &monts[i];
}

/* init_monts draws the moduli. */
static void init_monts(void)
{
    for (size_t i = 0; i < N_MONT; i++) {
        brisk_bn m;
        size_t n = mont_bits[i] / 64;
        brisk_bn_zero(&m, n);
        tv_rng_fill(&rng, m.d, n * 8);
        m.d[0] |= 1;
        m.d[n - 1] |= (uint64_t)1 << 63;
        brisk_bn_mont_init(&monts[i], &m);
    }
}

/* The fixed class's values: fixed_bytes for the byte-string secrets
 * (keys, H, data), fixed_ops for the Montgomery operands.  draw_fixed
 * draws them afresh for each of a target's runs (run_target), so that a
 * target is flagged for what its fixed class is, not for one value. */
static uint8_t fixed_bytes[MAX_IN];

static void draw_fixed(void)
{
    tv_rng_fill(&rng, fixed_bytes, sizeof fixed_bytes);
    tv_rng_fill(&rng, fixed_ops, sizeof fixed_ops);
}

/* secret_bytes writes an n-byte secret of the class.  Fixed: fixed_bytes
 * with the last quarter zero, whose zero bytes take any skip of a zero
 * byte or word, or of a zero tail.  Random: random bytes, but each of the
 * last quarter has one bit set, at random.  Zero bytes where the other
 * class has random ones draw less power, and the clock runs a fraction of
 * a tick faster per call (the Hertzbleed class), which the t-test
 * resolves on some hosts and which says nothing of the code
 * (docs/testing.md); zero against one bit a byte still shows any test of
 * zero in the code, at about the same power. */
static void secret_bytes(uint8_t *out, size_t n, int fixed, tv_rng *g)
{
    size_t z = n - n / 4;
    if (fixed) {
        memcpy(out, fixed_bytes, z);
        memset(out + z, 0, n - z);
        return;
    }
    tv_rng_fill(g, out, z);
    for (size_t i = z; i < n; i++)
        out[i] = (uint8_t)(1u << (tv_rng_u64(g) & 7));
}

/* rand_below writes n random limbs below m (the top limb cleared of its
 * top bit, which m's has). */
static void rand_below(uint64_t *r, size_t n, tv_rng *g)
{
    tv_rng_fill(g, r, n * 8);
    r[n - 1] &= ~((uint64_t)1 << 63);
}

/* mod_exp input: base (random in both), then the exponent, in_len's
 * remaining limbs (fixed: only the top bit set, so every window is
 * zero). */
static void exp_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    size_t n = cur->size / 64, en = cur->in_len / 8 - n;
    uint64_t base[BRISK_BN_MAX_LIMBS], e[BRISK_BN_MAX_LIMBS];
    rand_below(base, n, g);
    if (fixed)
        memset(e, 0, en * 8);
    else
        tv_rng_fill(g, e, en * 8);
    e[en - 1] |= (uint64_t)1 << 63;
    memcpy(in, base, n * 8);
    memcpy(in + n * 8, e, en * 8);
}

static void exp_run(const uint8_t *in)
{
    size_t n = cur->size / 64, en = cur->in_len / 8 - n;
    brisk_bn a, e, r;
    brisk_bn_zero(&a, n);
    brisk_bn_zero(&e, en);
    memcpy(a.d, in, n * 8);
    memcpy(e.d, in + n * 8, en * 8);
    brisk_bn_mod_exp(&r, &a, &e, mont_of(cur->size));
    memcpy(sink, r.d, n * 8);
}

/* sparse_limb returns a limb with one bit set, at random below bit 63 (so
 * that an operand of them stays below m).  Its 32- and 52-bit digits (the
 * portable kernel's on 32-bit hosts, ifma's) are not all non-zero, but
 * most of the ones a zero quarter makes zero are.  One bit, not one in
 * each 16: against limbs with four bits set, zero ones still ran half a
 * tick faster in `mont_mul 1024 bits` under adx on a Zen 4
 * (docs/testing.md). */
static uint64_t sparse_limb(tv_rng *g)
{
    return (uint64_t)1 << (tv_rng_u64(g) % 63);
}

/* kernel input: two operands below m.  Fixed: fixed_ops with their top
 * quarter of limbs zero, which takes any skip of a zero limb or digit, of
 * a row of them or trimming of a short operand.  Random: random limbs, but
 * those of the top quarter sparse (sparse_limb), as secret_bytes does and
 * for its reason: zero limbs against random ones were a tick faster at
 * 1024 and 2048 bits on a Zen 4 (docs/testing.md). */
static void kernel_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    size_t n = cur->size / 64;
    uint64_t ab[2 * BRISK_BN_MAX_LIMBS];
    rand_below(ab, n, g);
    rand_below(ab + n, n, g);
    if (fixed)
        for (size_t i = 0; i < n; i++) {
            int zero = i >= n - n / 4;
            ab[i] = zero ? 0 : fixed_ops[i];
            ab[n + i] = zero ? 0 : fixed_ops[BRISK_BN_MAX_LIMBS + i];
        }
    else
        for (size_t i = n - n / 4; i < n; i++) {
            ab[i] = sparse_limb(g);
            ab[n + i] = sparse_limb(g);
        }
    memcpy(in, ab, 2 * n * 8);
}

static void mont_mul_run(const uint8_t *in)
{
    size_t n = cur->size / 64;
    uint64_t ab[2 * BRISK_BN_MAX_LIMBS], r[BRISK_BN_MAX_LIMBS];
    memcpy(ab, in, 2 * n * 8);
    brisk_bn_active()->mont_mul(r, ab, ab + n, mont_of(cur->size));
    memcpy(sink, r, n * 8);
}

static void mont_sqr_run(const uint8_t *in)
{
    size_t n = cur->size / 64;
    uint64_t a[BRISK_BN_MAX_LIMBS], r[BRISK_BN_MAX_LIMBS];
    memcpy(a, in, n * 8);
    brisk_bn_active()->mont_sqr(r, a, mont_of(cur->size));
    memcpy(sink, r, n * 8);
}

/* -- AES: key expansion and 8 blocks of ECB encryption; secret key
 * (secret_bytes) with the plaintext random in both, or secret plaintext
 * (secret_bytes) with the key random in both. -- */

enum { AES_BLOCKS = 8 };

static void aes_key_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 32 + 16 * AES_BLOCKS);
    secret_bytes(in, cur->size / 8, fixed, g);
}

static void aes_data_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 32 + 16 * AES_BLOCKS);
    secret_bytes(in + 32, 16 * AES_BLOCKS, fixed, g);
}

static void aes_run(const uint8_t *in)
{
    brisk_aes_key k;
    brisk_aes_setkey(&k, in, cur->size);
    k.impl->ecb_enc(&k, sink, in + 32, AES_BLOCKS);
}

/* -- GHASH: the hash key's table and 16 blocks under a secret H
 * (secret_bytes), data random in both, through the active implementation's
 * brisk_ghash_ops (src/cipher/internal.h). -- */

enum { GHASH_BLOCKS = 16 };

static void ghash_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 16 + 16 * GHASH_BLOCKS);
    secret_bytes(in, 16, fixed, g);
}

static void ghash_run(const uint8_t *in)
{
    _Alignas(64) uint8_t table[256];
    uint8_t y[16] = {0};
    brisk_ghash_active()->init(table, in)(y, table, in + 16, GHASH_BLOCKS);
    memcpy(sink, y, 16);
}

/* -- HMAC: keying with a secret 32-byte key (secret_bytes) and the tag of a
 * 32-byte message, random in both (a one-block message, which HMAC-SHA-256
 * on SHA-NI and HMAC-MD5 on AVX-512 tag in one call). -- */

static void hmac_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 64);
    secret_bytes(in, 32, fixed, g);
}

static void hmac_run(const uint8_t *in)
{
    brisk_hmac_ctx c;
    brisk_hmac_init(&c, cur->md, in, 32);
    brisk_hmac_tag(&c, sink, in + 32, 32);
}

/* -- Poly1305: the tag of a 512-byte message (past every kernel's
 * threshold) under a secret key (secret_bytes) with the message
 * random in both, or a secret message (secret_bytes) under a random
 * key; and
 * brisk_poly1305_verify of two secret tags (fixed: equal, random: two
 * random ones, differing from the first byte). -- */

enum { POLY_MSG = 512 };

static void poly_key_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 32 + POLY_MSG);
    secret_bytes(in, 32, fixed, g);
}

static void poly_data_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 32 + POLY_MSG);
    secret_bytes(in + 32, POLY_MSG, fixed, g);
}

static void poly_run(const uint8_t *in)
{
    brisk_poly1305(sink, in, in + 32, POLY_MSG);
}

static void poly_verify_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 32);
    if (fixed)
        memcpy(in + 16, in, 16);
}

static void poly_verify_run(const uint8_t *in)
{
    sink[0] = (uint8_t)brisk_poly1305_verify(in, in + 16);
}

/* -- The canary: HMAC-SHA-256 over a random 256-byte message under a
 * fixed key, truncated to 16 bytes (the length of GCM's and Poly1305's
 * tags, whose checks are targets below), then a check of a candidate tag
 * that stops at the first differing byte.  Both classes are wrong tags,
 * so only where they differ can show, not the verdict: fixed class, the
 * right tag with its last byte changed (16 bytes compared); random class,
 * a random tag (one byte compared, almost always): about four ticks of
 * the time-stamp counter on an operation of about 800, one to five on a
 * busy host.  An 8-byte tag (one or two ticks) fell to |t| 4 in one of
 * CI's runs on a busy host, so the run failed without a leak. -- */

enum { CANARY_MSG = 256, CANARY_TAG = 16 };

static const uint8_t canary_key[32] = {1, 2, 3, 4, 5, 6, 7, 8};

static void canary_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    uint8_t tag[32];
    tv_rng_fill(g, in, CANARY_MSG + CANARY_TAG);
    if (fixed) {
        brisk_hmac(&brisk_digest_sha256, tag, canary_key, sizeof(canary_key), in, CANARY_MSG);
        memcpy(in + CANARY_MSG, tag, CANARY_TAG);
        in[CANARY_MSG + CANARY_TAG - 1] ^= 1;
    }
}

/* leaky_equal is the planted leak: an early-exit comparison (volatile, so
 * the compiler keeps it a byte loop). */
static int leaky_equal(const volatile uint8_t *a, const volatile uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static void canary_run(const uint8_t *in)
{
    uint8_t tag[32];
    brisk_hmac(&brisk_digest_sha256, tag, canary_key, sizeof(canary_key), in, CANARY_MSG);
    sink[0] = (uint8_t)leaky_equal(tag, in + CANARY_MSG, CANARY_TAG);
}

/* -- GCM through the generic API, which is how the stitched VAES and
 * VPCLMULQDQ kernel is reached (16 blocks at a time). -- */

enum { GCM_MSG = 256 };

static const brisk_cipher *gcm;
static const uint8_t gcm_iv[12] = {9, 8, 7};

static void gcm_key_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    tv_rng_fill(g, in, 16 + GCM_MSG);
    secret_bytes(in, 16, fixed, g);
}

/* gcm_encrypt encrypts GCM_MSG bytes under a 16-byte key into sink. */
static void gcm_encrypt(const uint8_t *key, const uint8_t *msg, uint8_t *out, uint8_t tag[16])
{
    brisk_cipher_ctx ctx;
    size_t n, m;
    brisk_cipher_init(&ctx, gcm, 1, key, 16, gcm_iv, sizeof(gcm_iv));
    brisk_cipher_update(&ctx, out, &n, msg, GCM_MSG);
    brisk_cipher_final(&ctx, out + n, &m);
    brisk_cipher_get_tag(&ctx, tag, 16);
    brisk_cipher_cleanup(&ctx);
}

static void gcm_key_run(const uint8_t *in)
{
    gcm_encrypt(in, in + 16, sink, sink + GCM_MSG);
}

/* The tag check of decryption, as the canary's but in the library: under
 * a fixed key, a random ciphertext with a wrong tag, either the right one
 * with its last byte changed (fixed class) or a random one.  Both are
 * refused; a comparison that stopped early would tell them apart. */
static const uint8_t gcm_tag_key[16] = {0x42, 1, 2, 3};

static void gcm_tag_prepare(uint8_t *in, int fixed, tv_rng *g)
{
    uint8_t msg[GCM_MSG];
    tv_rng_fill(g, msg, sizeof(msg));
    gcm_encrypt(gcm_tag_key, msg, in, in + GCM_MSG);
    if (fixed)
        in[GCM_MSG + 15] ^= 1;
    else
        tv_rng_fill(g, in + GCM_MSG, 16);
}

static void gcm_tag_run(const uint8_t *in)
{
    brisk_cipher_ctx ctx;
    size_t n, m;
    brisk_cipher_init(&ctx, gcm, 0, gcm_tag_key, 16, gcm_iv, sizeof(gcm_iv));
    brisk_cipher_set_tag(&ctx, in + GCM_MSG, 16);
    brisk_cipher_update(&ctx, sink, &n, in, GCM_MSG);
    sink[GCM_MSG] = (uint8_t)brisk_cipher_final(&ctx, sink + n, &m);
    brisk_cipher_cleanup(&ctx);
}

/* ---- The run ---- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

typedef struct result {
    double t;        /* the largest |t|, signed (positive: fixed slower) */
    unsigned over;   /* the OVER_* of the tests over the threshold */
    int test;        /* which: 0 all, 1..NPCT crops, NPCT + 1 second order */
    double diff;     /* fixed minus random mean, in ticks, in that test */
    uint64_t median; /* of the warm-up batch, in ticks */
    double resolves; /* 4.5 standard errors of the crop at 0.9 (RESOLVE_CROP) */
    size_t n;
} result;

/* Which tests went over the threshold, and with which sign: a mean test
 * (all or a crop) with the fixed class slower or faster, the second order
 * with the fixed class more or less spread. */
enum { OVER_MEAN = 1, OVER_VAR = 4 }; /* << 1: faster, less spread */

/* The test whose standard error shows the run's resolution: crop k = 32,
 * at the percentile 1 - 0.5^3.3 = 0.9, below the slow tail and above the
 * ties that the counter's granularity leaves at the fast end. */
enum { RESOLVE_CROP = 33 };

/* measure runs count measurements of t (after a warm-up batch) and returns
 * the test with the largest |t|. */
static result measure(const target *t, size_t count)
{
    static uint8_t in[BATCH * MAX_IN];
    static uint8_t cls[BATCH];
    static uint64_t dt[BATCH], sorted[BATCH];
    static welch w[NTESTS];
    uint64_t thr[NPCT];
    result r = {.resolves = INFINITY};

    memset(w, 0, sizeof(w));
    for (int first = 1; r.n < count; first = 0) {
        for (size_t i = 0; i < BATCH; i++) {
            cls[i] = (uint8_t)(tv_rng_u64(&rng) & 1);
            t->prepare(in + i * t->in_len, cls[i], &rng);
        }
        for (size_t i = 0; i < BATCH; i++) {
            uint64_t t0 = ticks();
            t->run(in + i * t->in_len);
            dt[i] = ticks() - t0;
        }
        if (first) {
            /* the warm-up batch only sets the crops */
            memcpy(sorted, dt, sizeof(sorted));
            qsort(sorted, BATCH, sizeof(sorted[0]), cmp_u64);
            for (int k = 0; k < NPCT; k++) {
                double p = 1 - pow(0.5, 10.0 * (k + 1) / NPCT);
                thr[k] = sorted[(size_t)(p * BATCH)];
            }
            r.median = sorted[BATCH / 2];
            continue;
        }
        for (size_t i = 0; i < BATCH; i++) {
            double x = (double)dt[i];
            int c = cls[i];
            welch_push(&w[0], x, c);
            for (int k = 0; k < NPCT; k++)
                if (dt[i] < thr[k])
                    welch_push(&w[1 + k], x, c);
            if (w[0].n[0] + w[0].n[1] > 10000) {
                double d = x - w[0].mean[c];
                welch_push(&w[NPCT + 1], d * d, c);
            }
        }
        r.n += BATCH;
    }
    for (int k = 0; k < NTESTS; k++) {
        if (w[k].n[0] < MIN_PER_CLASS || w[k].n[1] < MIN_PER_CLASS)
            continue;
        /* class 1 is the fixed one: t as fixed minus random */
        double tk = -welch_t(&w[k]);
        if (fabs(tk) > THRESHOLD)
            r.over |= (unsigned)(k == NPCT + 1 ? OVER_VAR : OVER_MEAN) << (tk < 0);
        if (k == RESOLVE_CROP)
            r.resolves = THRESHOLD * sqrt(w[k].m2[0] / (w[k].n[0] - 1) / w[k].n[0] +
                                          w[k].m2[1] / (w[k].n[1] - 1) / w[k].n[1]);
        if (fabs(tk) > fabs(r.t)) {
            r.t = tk;
            r.test = k;
            r.diff = k <= NPCT ? w[k].mean[1] - w[k].mean[0] : 0;
        }
    }
    return r;
}

static const char *test_name(int k, char *buf, size_t cap)
{
    if (k == 0)
        return "all";
    if (k == NPCT + 1)
        return "2nd order";
    snprintf(buf, cap, "crop %.3f", 1 - pow(0.5, 10.0 * k / NPCT));
    return buf;
}

static int force(const char *prim, const char *impl)
{
    return prim == NULL || brisk_impl_set(prim, impl) == 0;
}

/* run_target measures t and, while its largest |t| is over the threshold,
 * measures it again, up to ROUNDS runs, each with a fixed value of its
 * own (draw_fixed).  It is flagged only when its tests are over the
 * threshold in every run with one sign: a mean test (all or a crop) with
 * the fixed class slower, or one with it faster, in every run, or the
 * second order with it more, or less, spread.
 * - Each target's largest |t| is the maximum of about a hundred
 *   correlated tests, so constant-time code goes over 4.5 about once in a
 *   thousand runs of a target (once in 1122 measured, see
 *   docs/testing.md), and a CI run has sixty to eighty targets: a false
 *   alarm eight runs in a row comes with a chance of 60 / 1000^8, about
 *   2^-74, per CI run.
 * - The sign is for the machine: on some hosts the multiplier kernels'
 *   timing depends on the operands' values by a fraction of a tick to a
 *   few (data-dependent power, the Hertzbleed class), enough to go over
 *   4.5 run after run with one fixed value, with either sign from one
 *   value to the next.  A leak in the code comes from what the fixed
 *   class is (zero limbs, an equal tag), not from its value, and keeps its
 *   sign; a value's effect does in eight runs with a chance of 2^-7.
 *   Eight, not six: one such target went over 4.5 with one sign three
 *   runs in a row, |t| 96 to 107, before the fourth had the other.
 * A real leak (the canary included, |t| 15 and more) is over the
 * threshold with its sign every time, at the cost of its extra runs. */
static void run_target(const target *t, size_t scale)
{
    char impl[40], buf[32];
    int flagged = 0;

    snprintf(impl, sizeof(impl), "%s%s%s", t->impl != NULL ? t->impl : "-",
             t->impl2 != NULL ? "+" : "", t->impl2 != NULL ? t->impl2 : "");
    if (!force(t->prim, t->impl) || !force(t->prim2, t->impl2)) {
        tv_note("%s [%s]: not in this build or not on this CPU, skipped", t->what, impl);
        force(t->prim, NULL);
        return;
    }
    cur = t;
    unsigned over = ~0u; /* the OVER_* of every run so far */
    for (int round = 0; round < ROUNDS; round++) {
        draw_fixed();
        double t0 = seconds();
        result r = measure(t, t->count * scale);
        double secs = seconds() - t0;
        over &= r.over;
        flagged = over != 0;
        const char *verdict = !flagged ? (t->canary             ? "CANARY MISSED"
                                          : fabs(r.t) > THRESHOLD ? "sign changed: ok"
                                                                  : "ok")
                              : round < ROUNDS - 1 ? "over: re-run"
                              : t->canary          ? "canary caught"
                                                   : "LEAK";
        printf("ct_timing: %-26s %-15s %8zu  %7llu %9.1f  %7.2f %-10s %+9.1f  %5.1f  %s\n",
               t->what, impl, r.n, (unsigned long long)r.median, r.resolves, fabs(r.t),
               test_name(r.test, buf, sizeof(buf)), r.diff, secs, verdict);
        if (!flagged)
            break;
    }
    force(t->prim, NULL);
    force(t->prim2, NULL);
    if (t->canary)
        tv_check(flagged, "%s: the planted leak was not detected %d times in a row (|t| <= "
                 "%.1f or the sign changed): this run could not have failed", t->what, ROUNDS,
                 THRESHOLD);
    else
        tv_check(!flagged, "%s [%s]: timing depends on the secret (|t| > %.1f %d times, "
                 "with one sign)", t->what, impl, THRESHOLD, ROUNDS);
}

/* Measurements per target in the CI run: a run took one minute on the
 * shared Zen 5 at load 4 and up to four at load 11 (docs/testing.md).
 * The canary gets as many as the most measured target.  ifma's sizes from
 * 3072 bits add 16 s on a Zen 4 (8 s of it the 8192-bit mod_exp). */
enum {
    N_FAST = 500000,
    N_CANARY = N_FAST,
    N_EXP512 = 30000,
    N_EXP1024 = 6000,
    N_EXP_IFMA = 4000
};

static target targets[96];
static size_t n_targets;

static void add(target t)
{
    if (t.count == 0)
        t.count = N_FAST;
    if (t.in_len > MAX_IN || n_targets == sizeof(targets) / sizeof(targets[0])) {
        tv_fail("%s: no room for the target or its input", t.what);
        return;
    }
    targets[n_targets++] = t;
}

/* add_impls adds t once per implementation of prim; those the CPU lacks
 * are skipped by run_target. */
static void add_impls(const char *prim, target t)
{
    const char *name;
    for (size_t i = 0; (name = brisk_impl_name(prim, i, NULL)) != NULL; i++) {
        t.prim = prim;
        t.impl = name;
        add(t);
    }
}

static void build_targets(void)
{
    /* the portable pair is ten times slower: fewer measurements */
    static const struct {
        const char *aes, *ghash;
        size_t count;
    } gcm_pairs[] = {{"vaes", "vpclmul", 0}, {"aesni", "pclmul", 0}, {"ct", "ct", N_FAST / 5}};
    static const struct {
        const char *prim, *what;
        const brisk_digest *md;
    } hmacs[] = {{"sha256", "hmac-sha256 key", &brisk_digest_sha256},
                 {"sha512", "hmac-sha512 key", &brisk_digest_sha512},
                 {"sha1", "hmac-sha1 key", &brisk_digest_sha1},
                 {"md5", "hmac-md5 key", &brisk_digest_md5}};

    add((target){.what = "canary: early-exit tag check", .in_len = CANARY_MSG + CANARY_TAG,
                 .prepare = canary_prepare, .run = canary_run, .count = N_CANARY,
                 .canary = 1});
    add_impls("bn", (target){.what = "mod_exp 512 bits", .size = 512, .in_len = 2 * 64,
                             .prepare = exp_prepare, .run = exp_run, .count = N_EXP512});
    add_impls("bn", (target){.what = "mod_exp 1024 bits", .size = 1024, .in_len = 2 * 128,
                             .prepare = exp_prepare, .run = exp_run, .count = N_EXP1024});
    for (size_t i = 0; i < N_MONT; i++) {
        static char names[3][N_MONT][32];
        size_t bits = mont_bits[i];
        snprintf(names[0][i], sizeof(names[0][i]), "mont_mul %zu bits", bits);
        snprintf(names[1][i], sizeof(names[1][i]), "mont_sqr %zu bits", bits);
        snprintf(names[2][i], sizeof(names[2][i]), "mod_exp %zu bits, e 256", bits);
        target mul = {.what = names[0][i], .size = bits, .in_len = bits / 4,
                      .prepare = kernel_prepare, .run = mont_mul_run};
        target sqr = mul, exp = {.what = names[2][i], .prim = "bn", .impl = "ifma",
                                 .size = bits, .in_len = bits / 8 + 32,
                                 .prepare = exp_prepare, .run = exp_run,
                                 .count = N_EXP_IFMA};
        sqr.what = names[1][i];
        sqr.run = mont_sqr_run;
        if (i < N_MONT_ALL) {
            add_impls("bn", mul);
            add_impls("bn", sqr);
        } else {
            mul.prim = "bn";
            mul.impl = "ifma";
            mul.count = N_FAST / 5;
            add(mul);
        }
        if (bits >= 2048)
            add(exp);
    }
    add_impls("aes", (target){.what = "aes-128 key, 8 blocks", .size = 16,
                              .in_len = 32 + 16 * AES_BLOCKS, .prepare = aes_key_prepare,
                              .run = aes_run});
    add_impls("aes", (target){.what = "aes-256 key, 8 blocks", .size = 32,
                              .in_len = 32 + 16 * AES_BLOCKS, .prepare = aes_key_prepare,
                              .run = aes_run});
    add_impls("aes", (target){.what = "aes-128 data, 8 blocks", .size = 16,
                              .in_len = 32 + 16 * AES_BLOCKS, .prepare = aes_data_prepare,
                              .run = aes_run});
    add_impls("ghash", (target){.what = "ghash H, 16 blocks", .in_len = 16 + 16 * GHASH_BLOCKS,
                                .prepare = ghash_prepare, .run = ghash_run});
    for (size_t i = 0; i < sizeof(gcm_pairs) / sizeof(gcm_pairs[0]); i++) {
        target t = {.prim = "aes", .impl = gcm_pairs[i].aes, .prim2 = "ghash",
                    .impl2 = gcm_pairs[i].ghash, .count = gcm_pairs[i].count};
        t.what = "aes-128-gcm key, 256 B";
        t.in_len = 16 + GCM_MSG;
        t.prepare = gcm_key_prepare;
        t.run = gcm_key_run;
        add(t);
        t.what = "aes-128-gcm tag check";
        t.in_len = GCM_MSG + 16;
        t.prepare = gcm_tag_prepare;
        t.run = gcm_tag_run;
        add(t);
    }
    for (size_t i = 0; i < sizeof(hmacs) / sizeof(hmacs[0]); i++)
        add_impls(hmacs[i].prim, (target){.what = hmacs[i].what, .md = hmacs[i].md,
                                          .in_len = 64, .prepare = hmac_prepare,
                                          .run = hmac_run});
    add_impls("poly1305", (target){.what = "poly1305 key, 512 B", .in_len = 32 + POLY_MSG,
                                   .prepare = poly_key_prepare, .run = poly_run});
    add_impls("poly1305", (target){.what = "poly1305 data, 512 B", .in_len = 32 + POLY_MSG,
                                   .prepare = poly_data_prepare, .run = poly_run});
    add((target){.what = "poly1305 tag check", .in_len = 32, .prepare = poly_verify_prepare,
                 .run = poly_verify_run});
}

int main(int argc, char **argv)
{
    size_t scale = 1;
    const char *only = NULL;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-long") == 0) {
            scale = 10;
        } else if (strcmp(argv[i], "-only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else {
            fprintf(stderr, "usage: ct_timing [-long] [-only SUBSTRING]\n");
            return 2;
        }
    }
    tv_begin("ct_timing");
    tv_rng_init(&rng, tv_seed() ^ ticks());
    gcm = brisk_cipher_by_name("aes-128-gcm");
    init_monts();
    build_targets();
    tv_note("dudect: fixed against random secret, Welch's t on all, %d crops and the second "
            "order; a leak is max |t| > %.1f in %d runs in a row, with one sign%s",
            NPCT, THRESHOLD, ROUNDS, scale > 1 ? "; long run" : "");
    printf("ct_timing: %-26s %-15s %8s  %7s %9s  %7s %-10s %9s  %5s  %s\n", "target", "impl",
           "n", "median", "4.5se@.9", "max |t|", "where", "fixed-rnd", "s", "verdict");
    double t0 = seconds();
    for (size_t i = 0; i < n_targets; i++) {
        const target *t = &targets[i];
        if (only != NULL && strstr(t->what, only) == NULL &&
            (t->impl == NULL || strcmp(t->impl, only) != 0))
            continue;
        run_target(t, scale);
    }
    tv_note("%.0f s in all; times in ticks of the time-stamp counter", seconds() - t0);
    return tv_end();
}
