/*
 * tests/test_dispatch.c - which implementation the dispatcher picks for given
 * CPU feature sets, brisk_impl_set's errors, CPU feature names, and digest
 * lookup by every OpenSSL name and alias; and, from the private tables
 * (src/ internal headers), that every implementation has the operations its
 * primitive requires and which ones are marked force-only.
 *
 * Run with --env (ctest sets BRISK_IMPL=sha256=c,md5=c and
 * BRISK_CPU=-shani,-avx2) it checks that the environment overrides took
 * effect; with --env-bad (nonsense in both variables) that they are ignored.
 * The overrides are read once per process, hence separate runs.  With
 * --need-unsupported (ctest runs it under valgrind, whose emulated CPU lacks
 * SHA-NI and AVX-512) the BRISK_EUNSUPPORTED case must be exercised.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "../src/bn/internal.h"
#include "../src/cipher/internal.h"
#include "../src/cipher/twofish_internal.h"
#include "../src/digest/internal.h"
#include "../src/ec/internal.h"
#include "../src/kdf/internal.h"
#include "../src/mac/internal.h"
#include "vectors.h"

static const char *const expected_prims[] = {
    "md2", "md4", "md5", "sha1", "rmd160", "sha256", "sha512",
    "aes", "ghash", "bf", "rc4", "des", "serpent", "twofish", "chacha20",
    "argon2", "poly1305", "bn", "x25519", "ed25519", "x448", "nist",
};
#define N_EXPECTED_PRIMS (sizeof(expected_prims) / sizeof(expected_prims[0]))

static size_t n_impls(const char *prim)
{
    size_t n = 0;
    while (brisk_impl_name(prim, n, NULL) != NULL)
        n++;
    return n;
}

static brisk_prim *prim_by_name(const char *name);

/* first_fit is the documented rule: the first implementation, in preference
 * order, whose features and preferred traits are all present, skipping
 * those chosen only for long inputs unless `long_too`. */
static const char *first_fit_for(const char *prim, uint32_t features, int long_too)
{
    uint32_t cpu;
    const char *name;
    const brisk_prim *p = prim_by_name(prim);
    for (size_t i = 0; (name = brisk_impl_name(prim, i, &cpu)) != NULL; i++)
        if (((cpu | brisk_impl_prefers(prim, i)) & ~features) == 0 &&
            (long_too || p == NULL || p->impls[i].use != BRISK_IMPL_LONG))
            return name;
    return NULL;
}

static const char *first_fit(const char *prim, uint32_t features)
{
    return first_fit_for(prim, features, 0);
}

static int is_portable_build(void)
{
    return brisk_impl_name("sha256", 1, NULL) == NULL;
}

static void test_prims(void)
{
    size_t n = 0;
    const char *prim;

    for (; (prim = brisk_prim_name(n)) != NULL; n++) {
        size_t k = n_impls(prim);
        uint32_t cpu = 1;
        if (!tv_check(k > 0, "%s has implementations", prim))
            continue;
        const char *last = brisk_impl_name(prim, k - 1, &cpu);
        /* The portable one is last ("c"; "ct" for AES and GHASH, whose
         * portable code is the constant-time one; several plain-C variants
         * for DES, Blowfish and RC4). */
        tv_check(last != NULL && cpu == 0, "%s: last implementation (%s) needs nothing", prim,
                 last ? last : "?");
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                tv_check(strcmp(brisk_impl_name(prim, i, NULL), brisk_impl_name(prim, j, NULL)) != 0,
                         "%s: implementation names unique", prim);
        tv_check_str(brisk_impl_select(prim, 0), first_fit(prim, 0), "%s on a CPU with nothing",
                     prim);
        tv_check_str(brisk_impl_select(prim, ~0u), first_fit(prim, ~0u),
                     "%s on a CPU with everything", prim);
        tv_check_str(brisk_impl_select_for(prim, ~0u, (size_t)1 << 30), brisk_impl_name(prim, 0, NULL),
                     "%s on a CPU with everything, long inputs", prim);
        for (size_t i = 0; i < k; i++) {
            const char *name = brisk_impl_name(prim, i, &cpu);
            uint32_t prefers = brisk_impl_prefers(prim, i);
            tv_check_str(brisk_impl_select(prim, cpu | prefers), first_fit(prim, cpu | prefers),
                         "%s with exactly %s's features", prim, name);
            tv_check((prefers & cpu) == 0, "%s: %s's traits are not also needs", prim, name);
            /* Without any one of its features or traits, an implementation is
             * not chosen (but it can still be forced: test_impl_set). */
            for (uint32_t bit = 1; bit != 0; bit <<= 1)
                if ((cpu | prefers) & bit)
                    tv_check(strcmp(brisk_impl_select(prim, ~bit), name) != 0,
                             "%s: %s chosen without feature %s", prim, name,
                             brisk_cpu_feature_name(bit));
        }
        if (getenv("BRISK_IMPL") == NULL && getenv("BRISK_CPU") == NULL)
            tv_check_str(brisk_impl_active(prim), brisk_impl_select(prim, brisk_cpu_features()),
                         "%s: active implementation is the one selected for this CPU", prim);
    }
    tv_check_int((long long)n, (long long)N_EXPECTED_PRIMS, "number of primitives");
    for (size_t i = 0; i < N_EXPECTED_PRIMS; i++)
        tv_check(brisk_impl_name(expected_prims[i], 0, NULL) != NULL, "primitive %s exists",
                 expected_prims[i]);
    for (size_t i = 0; brisk_digest_at(i) != NULL; i++)
        tv_check(brisk_impl_active(brisk_digest_at(i)->prim) != NULL, "%s's primitive %s",
                 brisk_digest_at(i)->name, brisk_digest_at(i)->prim);
}

/* The dispatched primitives' private tables, by name. */
static brisk_prim *prim_by_name(const char *name)
{
    static brisk_prim *const all[] = {
        &brisk_md2_prim, &brisk_md4_prim,   &brisk_md5_prim, &brisk_sha1_prim, &brisk_rmd160_prim,
        &brisk_sha256_prim, &brisk_sha512_prim, &brisk_aes_prim, &brisk_ghash_prim, &brisk_bf_prim,
        &brisk_rc4_prim, &brisk_des_prim,   &brisk_serpent_prim, &brisk_twofish_prim,
        &brisk_chacha20_prim, &brisk_argon2_prim, &brisk_poly1305_prim, &brisk_bn_prim,
        &brisk_x25519_prim, &brisk_ed25519_prim, &brisk_x448_prim, &brisk_nist_prim,
    };
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (strcmp(all[i]->name, name) == 0)
            return all[i];
    return NULL;
}

/* check_required_ops checks the members an implementation of prim must have
 * (the optional fast paths may be NULL); the ops of Blowfish, RC4 and DES
 * are private to their files, and their one kernel is run under every
 * variant by test_legacy and test_des. */
static void check_required_ops(const char *prim, const brisk_impl *im)
{
    const void *ops = im->ops;
    int ok = 1;

    if (strcmp(prim, "md2") == 0)
        ok = ((const brisk_md2_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "md4") == 0)
        ok = ((const brisk_md4_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "md5") == 0)
        ok = ((const brisk_md5_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "sha1") == 0)
        ok = ((const brisk_sha1_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "rmd160") == 0)
        ok = ((const brisk_rmd160_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "sha256") == 0)
        ok = ((const brisk_sha256_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "sha512") == 0)
        ok = ((const brisk_sha512_ops *)ops)->compress != NULL;
    else if (strcmp(prim, "aes") == 0) {
        const brisk_aes_impl *a = ops;
        ok = a->setkey && a->ecb_enc && a->ecb_dec && a->cbc_enc && a->cbc_dec && a->ctr128 &&
             a->ctr32 && (a->xts_enc == NULL) == (a->xts_dec == NULL);
        tv_check_str(a->name, im->name, "aes: the table's name is the implementation's");
    } else if (strcmp(prim, "ghash") == 0) {
        const brisk_ghash_ops *g = ops;
        ok = g->init != NULL && (g->stitched == NULL) == (g->stitched_aes == NULL) &&
             (g->head == NULL) == (g->complete == NULL);
    } else if (strcmp(prim, "serpent") == 0) {
        const brisk_serpent_ops *t = ops;
        ok = t->enc != NULL && t->dec != NULL && t->cbc_dec != NULL;
    } else if (strcmp(prim, "twofish") == 0) {
        const brisk_twofish_ops *t = ops;
        ok = t->enc != NULL && t->dec != NULL && t->cbc_dec != NULL;
    } else if (strcmp(prim, "chacha20") == 0) {
        ok = ((const brisk_chacha20_ops *)ops)->xor_blocks != NULL;
    } else if (strcmp(prim, "argon2") == 0) {
        ok = ((const brisk_argon2_ops *)ops)->fill != NULL;
    } else if (strcmp(prim, "poly1305") == 0) {
        ok = ((const brisk_poly1305_ops *)ops)->blocks != NULL;
    } else if (strcmp(prim, "bn") == 0) {
        const brisk_bn_impl *b = ops;
        ok = b->mont_mul != NULL && b->mont_sqr != NULL;
    } else if (strcmp(prim, "x25519") == 0) {
        ok = ((const brisk_x25519_ops *)ops)->ladder != NULL;
    } else if (strcmp(prim, "ed25519") == 0) {
        const brisk_ed25519_ops *e = ops;
        ok = e->base_mul != NULL && e->verify_mul != NULL;
    } else if (strcmp(prim, "x448") == 0) {
        ok = ((const brisk_x448_ops *)ops)->ladder != NULL;
    } else if (strcmp(prim, "nist") == 0) {
        const brisk_nist_ops *n = ops;
        ok = n->p256 != NULL && n->p384 != NULL && n->p521 != NULL;
    }
    tv_check(ok, "%s: %s has the operations its primitive requires", prim, im->name);
}

/* Which implementations the dispatcher may choose: all, except for the
 * variants that exist to be timed (des-opts) or forced. */
static int expected_auto(const char *prim, const char *impl)
{
    if (strcmp(prim, "des") == 0)
        return strcmp(impl, "ptr-rorx-4") == 0 || strcmp(impl, "ptr-cisc-4") == 0;
    if (strcmp(prim, "bf") == 0)
        return strcmp(impl, "idx") == 0;
    if (strcmp(prim, "rc4") == 0)
        return strcmp(impl, "int") == 0;
    if (strcmp(prim, "twofish") == 0)
        return strcmp(impl, "x4") == 0;
    return 1;
}

static void test_impl_tables(void)
{
    const char *name;

    for (size_t p = 0; (name = brisk_prim_name(p)) != NULL; p++) {
        const brisk_prim *prim = prim_by_name(name);
        const brisk_impl *last_auto = NULL;
        if (!tv_check(prim != NULL, "%s: private table found", name))
            continue;
        tv_check(prim->active != NULL && prim->ops == prim->active->ops,
                 "%s: the published ops are the active implementation's", name);
        tv_check(prim->active_long != NULL && prim->ops_long == prim->active_long->ops,
                 "%s: the published long-input ops are its implementation's", name);
        tv_check(prim->sized || prim->from == SIZE_MAX, "%s: unsized, one implementation",
                 name);
        for (size_t i = 0; prim->impls[i].name != NULL; i++) {
            const brisk_impl *im = &prim->impls[i];
            tv_check_str(im->name, brisk_impl_name(name, i, NULL), "%s: entry %zu", name, i);
            if (!tv_check(im->ops != NULL, "%s: %s has operations", name, im->name))
                continue;
            check_required_ops(name, im);
            for (size_t j = 0; j < i; j++)
                tv_check(prim->impls[j].ops != im->ops, "%s: %s has operations of its own", name,
                         im->name);
            int automatic = im->use == BRISK_IMPL_AUTO || im->use == BRISK_IMPL_LONG;
            tv_check(automatic || im->use == BRISK_IMPL_FORCE_ONLY, "%s: %s's mark", name,
                     im->name);
            if (im->use == BRISK_IMPL_LONG)
                tv_check(prim->sized && prim->long_min > 0 && prim->long_min < SIZE_MAX,
                         "%s: long-input %s has a primitive that switches by length", name,
                         im->name);
            tv_check_int(automatic, expected_auto(name, im->name), "%s: %s may be chosen", name,
                         im->name);
            if (automatic) {
                last_auto = im;
                continue;
            }
            /* Wherever a force-only entry would fit, an earlier one the
             * dispatcher may choose fits too: the marks change no choice
             * from the plain first-fit rule (first_fit above). */
            int shadowed = 0;
            for (size_t j = 0; j < i; j++) {
                const brisk_impl *e = &prim->impls[j];
                shadowed |= e->use == BRISK_IMPL_AUTO &&
                            ((e->cpu | e->prefer) & ~(im->cpu | im->prefer)) == 0;
            }
            tv_check(shadowed, "%s: force-only %s follows one that fits wherever it does", name,
                     im->name);
        }
        tv_check(last_auto != NULL && last_auto->cpu == 0 && last_auto->prefer == 0,
                 "%s: the last implementation it may choose needs nothing", name);
    }
}

static void expect_select(const char *prim, uint32_t features, const char *want)
{
    tv_check_str(brisk_impl_select(prim, features), want, "brisk_impl_select(%s, %#x)", prim,
                 (unsigned)features);
}

#if defined(__x86_64__)
/* Real CPUs' feature sets and what each primitive must run on them. */
static void test_profiles(void)
{
    const uint32_t base = BRISK_CPU_SSE2 | BRISK_CPU_SSSE3 | BRISK_CPU_SSE41;
    const uint32_t avx2 = base | BRISK_CPU_AVX | BRISK_CPU_AVX2 | BRISK_CPU_BMI1 |
                          BRISK_CPU_BMI2 | BRISK_CPU_ADX | BRISK_CPU_AESNI | BRISK_CPU_PCLMUL;
    const uint32_t avx512 = avx2 | BRISK_CPU_AVX512F | BRISK_CPU_AVX512BW | BRISK_CPU_AVX512VL |
                            BRISK_CPU_VECLAT1;
    const uint32_t zen5 = (avx512 & ~BRISK_CPU_VECLAT1) | BRISK_CPU_SHANI |
                          BRISK_CPU_AVX512IFMA | BRISK_CPU_VAES | BRISK_CPU_VPCLMULQDQ |
                          BRISK_CPU_ALU6;
    static const char *const prims[] = {"md4",    "md5",    "rmd160", "sha1",
                                        "sha256", "sha512", "chacha20"};
    const struct {
        const char *cpu;
        uint32_t features;
        const char *want[7]; /* in the order of prims; "short|long" where they differ */
    } profiles[] = {
        {"x86-64 baseline", BRISK_CPU_SSE2, {"c", "c", "c", "c", "c", "c", "c"}},
        {"Goldmont (SHA-NI, no AVX)", base | BRISK_CPU_SHANI | BRISK_CPU_AESNI,
         {"c", "c", "c", "shani", "shani", "c", "c"}},
        {"Haswell (AVX2, BMI2)", avx2, {"bmi2", "bmi2", "bmi2", "c", "c", "avx2", "avx2"}},
        {"Zen 2 (AVX2, SHA-NI)", avx2 | BRISK_CPU_SHANI,
         {"bmi2", "bmi2", "bmi2", "shani", "shani", "avx2", "avx2"}},
        {"Skylake-X (AVX-512, no SHA-NI)", avx512,
         {"bmi2|avx512", "bmi2|avx512", "bmi2|avx512", "c", "c", "avx512", "avx512"}},
        {"Ice Lake (AVX-512, SHA-NI)", avx512 | BRISK_CPU_SHANI | BRISK_CPU_AVX512IFMA |
                                           BRISK_CPU_VAES | BRISK_CPU_VPCLMULQDQ,
         {"bmi2|avx512", "bmi2|avx512", "bmi2|avx512", "shani", "shani", "avx512", "avx512"}},
        /* Two-cycle vector latency: the one-chain kernels lose to BMI2, the
         * SHA-512 one (its message schedule is across lanes) still wins, in
         * its form for six integer ALUs; ChaCha20's many-block kernels do
         * not depend on the latency. */
        {"Zen 5 (AVX-512, two-cycle vector latency, six ALUs)", zen5,
         {"bmi2", "bmi2", "bmi2", "shani", "shani", "avx512-alu6", "avx512"}},
        {"Zen 5 with alu6 hidden", zen5 & ~BRISK_CPU_ALU6,
         {"bmi2", "bmi2", "bmi2", "shani", "shani", "avx512", "avx512"}},
    };
    for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++)
        for (size_t p = 0; p < sizeof(prims) / sizeof(prims[0]); p++) {
            char want[64];
            snprintf(want, sizeof(want), "%s", profiles[i].want[p]);
            char *bar = strchr(want, '|');
            const char *lg = bar != NULL ? bar + 1 : want;
            if (bar != NULL)
                *bar = '\0';
            uint32_t f = profiles[i].features;
            tv_check_str(brisk_impl_select(prims[p], f), want, "%s on %s", prims[p],
                         profiles[i].cpu);
            tv_check_str(brisk_impl_select_for(prims[p], f, 16384), lg, "%s on %s, 16 KiB",
                         prims[p], profiles[i].cpu);
        }
    /* The built-in threshold: short below it, long at and above it. */
    static const char *const vector_hashes[] = {"md4", "md5", "rmd160"};
    for (size_t p = 0; p < 3; p++) {
        const char *h = vector_hashes[p];
        tv_check_str(brisk_impl_select_for(h, avx512, BRISK_VECTOR_HASH_MIN - 1), "bmi2",
                     "%s on Skylake-X just below the threshold", h);
        tv_check_str(brisk_impl_select_for(h, avx512, BRISK_VECTOR_HASH_MIN), "avx512",
                     "%s on Skylake-X at the threshold", h);
        tv_check_str(brisk_impl_select_for(h, avx512, BRISK_VECTOR_HASH_MIN + 1), "avx512",
                     "%s on Skylake-X above the threshold", h);
        tv_check_str(brisk_impl_select_for(h, zen5, (size_t)1 << 20), "bmi2",
                     "%s on Zen 5: one implementation at every length", h);
    }
}
#endif

static void test_selection(void)
{
    if (is_portable_build()) {
        tv_note("portable build: no implementation may need a CPU feature");
        for (size_t i = 0; brisk_prim_name(i) != NULL; i++) {
            const char *prim = brisk_prim_name(i);
            uint32_t cpu = 1;
            for (size_t j = 0; j < n_impls(prim); j++) {
                const char *name = brisk_impl_name(prim, j, &cpu);
                tv_check(cpu == 0, "%s: %s needs no feature", prim, name);
            }
            const char *first = brisk_impl_name(prim, 0, NULL);
            expect_select(prim, ~0u, first);
            tv_check_str(brisk_impl_active(prim), first, "%s active", prim);
        }
        return;
    }
#if defined(__x86_64__)
    const uint32_t sha = BRISK_CPU_SHANI | BRISK_CPU_SSE41 | BRISK_CPU_SSSE3;
    const uint32_t bmi = BRISK_CPU_BMI1 | BRISK_CPU_BMI2;
    expect_select("sha256", sha, "shani");
    expect_select("sha256", 0, "c");
    expect_select("sha256", BRISK_CPU_SSE41 | BRISK_CPU_SSSE3, "c");
    expect_select("sha1", sha, "shani");
    expect_select("sha1", 0, "c");
    expect_select("md5", bmi, "bmi2");
    expect_select("md5", 0, "c");
    expect_select("md4", bmi, "bmi2");
    expect_select("rmd160", bmi, "bmi2");
    expect_select("md2", ~0u, "c");
    /* Poly1305: IFMA's eight lanes, else AVX2's four (one accumulator with
     * one-cycle vector additions, two without), else 64-bit scalar (the
     * 26-bit "c" only where there is no unsigned __int128). */
    expect_select("poly1305", 0, "c64");
    expect_select("poly1305", BRISK_CPU_AVX2 | BRISK_CPU_VECLAT1, "avx2");
    expect_select("poly1305", BRISK_CPU_AVX2, "avx2x2");
    expect_select("poly1305", BRISK_CPU_AVX2 | BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL, "avx2x2");
    expect_select("poly1305",
                  BRISK_CPU_AVX2 | BRISK_CPU_VECLAT1 | BRISK_CPU_AVX512F | BRISK_CPU_AVX512VL,
                  "avx2");
    expect_select("poly1305", BRISK_CPU_AVX512F | BRISK_CPU_AVX512IFMA, "avx512");
    expect_select("poly1305", ~0u, "avx512");
    /* X25519: mulx/adx with BMI2 and ADX, else radix 2^51 with __int128
     * (c32 is for compilers without). */
    expect_select("x25519", 0, "c64");
    expect_select("x25519", BRISK_CPU_BMI2, "c64");
    expect_select("x25519", BRISK_CPU_ADX, "c64");
    expect_select("x25519", BRISK_CPU_BMI2 | BRISK_CPU_ADX, "adx");
    expect_select("x25519", ~0u, "adx");
    /* Ed25519: the same two fields. */
    expect_select("ed25519", 0, "c64");
    expect_select("ed25519", ~0u, "c64");
    /* X448: mulx with BMI2, else the field f448.h was compiled for. */
#ifdef BRISK_F448_RADIX28
    expect_select("x448", 0, "c32");
    expect_select("x448", ~0u, "c32");
#else
    expect_select("x448", 0, "c64");
    expect_select("x448", BRISK_CPU_ADX, "c64");
    expect_select("x448", BRISK_CPU_BMI2, "bmi2");
    expect_select("x448", ~0u, "bmi2");
#endif
    /* NIST curves: the products by mulx/adx with BMI2 and ADX, and P-256's
     * table scans with AVX2. */
    expect_select("nist", 0, "base");
    expect_select("nist", BRISK_CPU_BMI2, "base");
    expect_select("nist", BRISK_CPU_ADX, "base");
    expect_select("nist", BRISK_CPU_BMI2 | BRISK_CPU_ADX, "base");
    expect_select("nist", BRISK_CPU_AVX2, "base");
    expect_select("nist", BRISK_CPU_BMI2 | BRISK_CPU_ADX | BRISK_CPU_AVX2, "adx");
    expect_select("nist", ~0u, "adx");
    test_profiles();
#endif
#if !defined(__x86_64__)
    tv_fail("accelerated implementations on a non-x86-64 build");
#endif
}

static void test_impl_set(int need_unsupported)
{
    uint32_t detected = brisk_cpu_features_detected();

    tv_check_int(brisk_impl_set("nosuch", "c"), BRISK_ENOTFOUND, "set unknown primitive");
    tv_check_int(brisk_impl_set(NULL, "c"), BRISK_ENOTFOUND, "set NULL primitive");
    tv_check_int(brisk_impl_set("sha256", "nosuch"), BRISK_ENOTFOUND, "set unknown implementation");
    tv_check_int(brisk_impl_set("sha256", ""), BRISK_ENOTFOUND, "set empty implementation");
    tv_check(brisk_impl_active("nosuch") == NULL, "active of unknown primitive");
    tv_check(brisk_impl_select("nosuch", ~0u) == NULL, "select of unknown primitive");
    tv_check(brisk_impl_name("nosuch", 0, NULL) == NULL, "implementations of unknown primitive");
    tv_check(brisk_prim_name(1000) == NULL, "primitive past the last");

    /* Every runnable implementation can be forced and reported. */
    for (size_t p = 0; brisk_prim_name(p) != NULL; p++) {
        const char *prim = brisk_prim_name(p);
        const char *name;
        uint32_t cpu;
        for (size_t i = 0; (name = brisk_impl_name(prim, i, &cpu)) != NULL; i++) {
            if ((cpu & ~detected) != 0) {
                tv_check_int(brisk_impl_set(prim, name), BRISK_EUNSUPPORTED,
                             "set %s=%s without its CPU features", prim, name);
                tv_check_str(brisk_impl_active(prim), brisk_impl_select(prim, brisk_cpu_features()),
                             "%s unchanged after a refused set", prim);
                continue;
            }
            tv_check_int(brisk_impl_set(prim, name), BRISK_EOK, "set %s=%s", prim, name);
            tv_check_str(brisk_impl_active(prim), name, "%s active after set", prim);
            const brisk_prim *tab = prim_by_name(prim);
            tv_check(tab != NULL && tab->ops == tab->impls[i].ops,
                     "%s: %s's operations published by set", prim, name);
        }
        tv_check_int(brisk_impl_set(prim, NULL), BRISK_EOK, "restore %s", prim);
        tv_check_str(brisk_impl_active(prim), brisk_impl_select(prim, brisk_cpu_features()),
                     "%s restored to the automatic choice", prim);
    }

    /* A forced implementation computes right: SHA-256("abc"), FIPS 180-2 B.1. */
    static const uint8_t abc256[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
    uint8_t out[32];
    brisk_impl_set("sha256", "c");
    brisk_sha256(out, (const uint8_t *)"abc", 3);
    tv_check_mem(out, abc256, 32, "SHA-256(abc) under c");
    brisk_impl_set("sha256", NULL);
    brisk_sha256(out, (const uint8_t *)"abc", 3);
    tv_check_mem(out, abc256, 32, "SHA-256(abc) under %s", brisk_impl_active("sha256"));

    /* The refused case needs an implementation this CPU lacks features for. */
    int found = 0;
    for (size_t p = 0; brisk_prim_name(p) != NULL && !found; p++) {
        uint32_t cpu;
        for (size_t i = 0; brisk_impl_name(brisk_prim_name(p), i, &cpu) != NULL; i++)
            found |= (cpu & ~detected) != 0;
    }
    if (need_unsupported)
        tv_check(found, "some implementation needs features this CPU lacks");
    else if (!found)
        tv_note("every implementation runs here: BRISK_EUNSUPPORTED not exercised");
}

static void test_cpu_names(void)
{
    uint32_t detected = brisk_cpu_features_detected(), usable = brisk_cpu_features();
    char line[400];
    size_t n = 0;

    line[0] = '\0';
    for (int b = 0; (1u << b) <= BRISK_CPU_ALU6; b++) { /* ALU6 is the last bit */
        uint32_t bit = 1u << b;
        const char *name = brisk_cpu_feature_name(bit);
        if (!tv_check(name != NULL, "feature bit %d has a name", b))
            continue;
        tv_check_int(brisk_cpu_feature_by_name(name), bit, "feature %s by name", name);
        if ((detected & bit) && n < sizeof(line))
            n += (size_t)snprintf(line + n, sizeof(line) - n, " %s", name);
    }
    tv_check(brisk_cpu_feature_name(0) == NULL, "no name for 0");
    tv_check(brisk_cpu_feature_name(1u << 31) == NULL, "no name for an unused bit");
    tv_check(brisk_cpu_feature_name(BRISK_CPU_ALU6 << 1) == NULL, "no name past the last bit");
    tv_check(brisk_cpu_feature_name(BRISK_CPU_SSE2 | BRISK_CPU_AVX2) == NULL,
             "no name for two bits");
    tv_check_int(brisk_cpu_feature_by_name("nosuch"), 0, "unknown feature name");
    tv_check((usable & ~detected) == 0, "usable features are a subset of detected ones");
    if (getenv("BRISK_CPU") == NULL)
        tv_check_int(usable, detected, "without BRISK_CPU nothing is hidden");
#if defined(__x86_64__) && !defined(BRISK_PORTABLE)
    if (!is_portable_build())
        tv_check(detected & BRISK_CPU_SSE2, "x86-64 always has SSE2");
#endif
    tv_note("CPU features:%s", line[0] ? line : " (none)");
}

#if defined(__x86_64__)
/* The traits on the CPUs they were measured on.  veclat1: present on Intel,
 * absent on AMD family 1Ah (Zen 5), where a VPADDD chain runs at half the
 * speed of an ADD chain.  alu6: present on AMD family 1Ah and later, absent
 * on Intel and older AMD cores. */
static void test_cpu_trait(void)
{
    unsigned a, b, c, d, vendor[3];
    __cpuid(0, a, vendor[0], vendor[2], vendor[1]);
    __cpuid(1, a, b, c, d);
    unsigned family = (a >> 8) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    uint32_t detected = brisk_cpu_features_detected();
    int has = (detected & BRISK_CPU_VECLAT1) != 0, alu6 = (detected & BRISK_CPU_ALU6) != 0;
    int amd = memcmp(vendor, "AuthenticAMD", 12) == 0;
    if (is_portable_build()) {
        tv_check(!has && !alu6, "portable build claims no trait");
        return;
    }
    if (memcmp(vendor, "GenuineIntel", 12) == 0)
        tv_check(has, "Intel: veclat1");
    else if (amd && family >= 0x1a)
        tv_check(!has, "AMD family %#x (Zen 5 or later): no veclat1", family);
    else
        tv_note("vendor %.12s family %#x: veclat1 %s", (const char *)vendor, family,
                has ? "claimed" : "not claimed");
    tv_check_int(alu6, amd && family >= 0x1a, "vendor %.12s family %#x: alu6",
                 (const char *)vendor, family);
}
#endif

/* OpenSSL 3's names and aliases (providers/implementations/include/prov/
 * names.h), plus the short names `openssl dgst` accepts. */
static const struct {
    const char *alias;
    const char *digest;
} names[] = {
    {"md2", "md2"},          {"MD2", "md2"},
    {"md4", "md4"},          {"MD4", "md4"},
    {"md5", "md5"},          {"MD5", "md5"},          {"SSL3-MD5", "md5"},
    {"sha1", "sha1"},        {"SHA1", "sha1"},        {"SHA-1", "sha1"},
    {"SSL3-SHA1", "sha1"},
    {"rmd160", "rmd160"},    {"RMD160", "rmd160"},    {"ripemd160", "rmd160"},
    {"RIPEMD160", "rmd160"}, {"ripemd", "rmd160"},    {"RIPEMD-160", "rmd160"},
    {"sha224", "sha224"},    {"SHA2-224", "sha224"},  {"SHA-224", "sha224"},
    {"SHA224", "sha224"},
    {"sha256", "sha256"},    {"SHA2-256", "sha256"},  {"SHA-256", "sha256"},
    {"SHA256", "sha256"},
    {"sha384", "sha384"},    {"SHA2-384", "sha384"},  {"SHA-384", "sha384"},
    {"SHA384", "sha384"},
    {"sha512", "sha512"},    {"SHA2-512", "sha512"},  {"SHA-512", "sha512"},
    {"SHA512", "sha512"},
    {"sha512-224", "sha512-224"}, {"SHA2-512/224", "sha512-224"},
    {"SHA-512/224", "sha512-224"}, {"SHA512-224", "sha512-224"},
    {"sha512-256", "sha512-256"}, {"SHA2-512/256", "sha512-256"},
    {"SHA-512/256", "sha512-256"}, {"SHA512-256", "sha512-256"},
};

static void test_names(void)
{
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const brisk_digest *md = brisk_digest_by_name(names[i].alias);
        tv_check_str(md ? md->name : NULL, names[i].digest, "brisk_digest_by_name(\"%s\")",
                     names[i].alias);
    }
    static const char *const unknown[] = {
        "", "nosuch", "sha", "md", "sha3-256", "sha256x", "sha-256 ", " sha256", "sha512/224x",
        "SHA2", "ripemd-128", "md6",
    };
    for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
        tv_check(brisk_digest_by_name(unknown[i]) == NULL, "brisk_digest_by_name(\"%s\") is NULL",
                 unknown[i]);
    tv_check(brisk_digest_by_name(NULL) == NULL, "brisk_digest_by_name(NULL)");

    /* Every registered name, long name and alias leads back to its digest. */
    for (size_t i = 0; brisk_digest_at(i) != NULL; i++) {
        const brisk_digest *md = brisk_digest_at(i);
        tv_check(brisk_digest_by_name(md->name) == md, "%s by name", md->name);
        tv_check(brisk_digest_by_name(md->long_name) == md, "%s by long name", md->name);
        for (const char *const *a = md->aliases; a && *a; a++)
            tv_check(brisk_digest_by_name(*a) == md, "%s by alias %s", md->name, *a);
        for (size_t j = 0; j < i; j++)
            tv_check(strcmp(brisk_digest_at(j)->name, md->name) != 0, "%s registered twice",
                     md->name);
    }
    tv_check(brisk_digest_at(1000) == NULL, "digest past the last");
}

static void test_strerror(void)
{
    const int codes[] = {BRISK_EOK,     BRISK_EINVAL,     BRISK_ENOTFOUND, BRISK_EUNSUPPORTED,
                         BRISK_EVERIFY, BRISK_ERANDOM,    BRISK_EDECODE,   BRISK_ENOSPACE,
                         BRISK_ENOMEM,  BRISK_EDECRYPT,   BRISK_EENCRYPTED, BRISK_EPUBKEY,
                         BRISK_ECURVE,  BRISK_EGROUP};
    const size_t n_codes = sizeof(codes) / sizeof(codes[0]);
    for (size_t i = 0; i < n_codes; i++) {
        tv_check(brisk_strerror(codes[i]) != NULL &&
                     strcmp(brisk_strerror(codes[i]), brisk_strerror(-1000)) != 0,
                 "strerror(%d) has its own text", codes[i]);
        for (size_t j = 0; j < i; j++)
            tv_check(strcmp(brisk_strerror(codes[i]), brisk_strerror(codes[j])) != 0,
                     "strerror(%d) and strerror(%d) differ", codes[i], codes[j]);
    }
    tv_check_str(brisk_version(), BRISK_VERSION_STRING, "brisk_version");
}

/* --env: BRISK_IMPL=sha256=c,md5=c and BRISK_CPU=-shani,-avx2 are set. */
static void test_env(void)
{
    const uint32_t hidden = BRISK_CPU_SHANI | BRISK_CPU_AVX2;
    uint32_t detected = brisk_cpu_features_detected(), usable = brisk_cpu_features();

    tv_check_str(getenv("BRISK_IMPL"), "sha256=c,md5=c", "BRISK_IMPL as ctest sets it");
    tv_check_str(getenv("BRISK_CPU"), "-shani,-avx2", "BRISK_CPU as ctest sets it");
    tv_check_int(usable, detected & ~hidden, "BRISK_CPU hides shani and avx2");
    tv_check_str(brisk_impl_active("sha256"), "c", "BRISK_IMPL forces sha256=c");
    tv_check_str(brisk_impl_active("md5"), "c", "BRISK_IMPL forces md5=c");
    for (size_t i = 0; brisk_prim_name(i) != NULL; i++) {
        const char *prim = brisk_prim_name(i);
        if (strcmp(prim, "sha256") == 0 || strcmp(prim, "md5") == 0)
            continue;
        tv_check_str(brisk_impl_active(prim), brisk_impl_select(prim, usable),
                     "%s chosen with the hidden features", prim);
    }
    if (!is_portable_build()) {
        tv_check(strcmp(brisk_impl_active("sha1"), "shani") != 0, "sha1 avoids hidden shani");
        tv_check(strcmp(brisk_impl_active("sha512"), "avx2") != 0, "sha512 avoids hidden avx2");
    }
    /* Restoring the automatic choice still honours BRISK_CPU. */
    tv_check_int(brisk_impl_set("sha256", NULL), BRISK_EOK, "restore sha256");
    tv_check_str(brisk_impl_active("sha256"), brisk_impl_select("sha256", usable),
                 "sha256 restored without shani");
    /* RFC 1321 A.5: MD5("abc"). */
    static const uint8_t abc5[16] = {0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0,
                                     0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72};
    uint8_t out[16];
    brisk_md5(out, (const uint8_t *)"abc", 3);
    tv_check_mem(out, abc5, 16, "MD5(abc) with overrides");
}

/* --env-bad: nonsense overrides change nothing. */
static void test_env_bad(void)
{
    uint32_t detected = brisk_cpu_features_detected();

    tv_check(getenv("BRISK_IMPL") != NULL && getenv("BRISK_CPU") != NULL,
             "BRISK_IMPL and BRISK_CPU set by ctest");
    tv_check_int(brisk_cpu_features(), detected, "unknown BRISK_CPU names hide nothing");
    for (size_t i = 0; brisk_prim_name(i) != NULL; i++)
        tv_check_str(brisk_impl_active(brisk_prim_name(i)),
                     brisk_impl_select(brisk_prim_name(i), detected),
                     "%s unaffected by a bad BRISK_IMPL", brisk_prim_name(i));
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--env") == 0) {
        tv_begin("test_dispatch --env");
        test_env();
        return tv_end();
    }
    if (argc > 1 && strcmp(argv[1], "--env-bad") == 0) {
        tv_begin("test_dispatch --env-bad");
        test_env_bad();
        return tv_end();
    }
    tv_begin("test_dispatch");
    for (size_t i = 0; brisk_prim_name(i) != NULL; i++) {
        char list[200];
        tv_note("%-7s active %-6s of: %s", brisk_prim_name(i), brisk_impl_active(brisk_prim_name(i)),
                tv_impl_list(brisk_prim_name(i), list, sizeof(list)));
    }
    test_cpu_names();
#if defined(__x86_64__)
    test_cpu_trait();
#endif
    test_prims();
    test_impl_tables();
    test_selection();
    test_impl_set(argc > 1 && strcmp(argv[1], "--need-unsupported") == 0);
    test_names();
    test_strerror();
    return tv_end();
}
