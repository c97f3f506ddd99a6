/*
 * tests/test_gcm.c - AES-GCM through the generic cipher API, under every
 * AES implementation crossed with every GHASH implementation this CPU can
 * run: NIST CAVP gcmEncryptExtIV128/256 (IV lengths 8 to 1024 bits, tags of
 * 32 to 128 bits), Wycheproof aes_gcm and aes_gmac, the implementations
 * cross-checked on random inputs against the portable ones, streaming with
 * random splits of AAD and data, in place and misaligned buffers, every tag
 * length, tampering (tag, ciphertext, AAD) and misuse of the API.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h" /* BRISK_X86_64, brisk_ghash_ops */
#include "vectors.h"

static const brisk_cipher *gcm_cipher(size_t key_len)
{
    switch (key_len) {
    case 16:
        return brisk_cipher_by_name("aes-128-gcm");
    case 24:
        return brisk_cipher_by_name("aes-192-gcm");
    case 32:
        return brisk_cipher_by_name("aes-256-gcm");
    default:
        return NULL;
    }
}

/* A GCM computation's inputs. */
typedef struct gcm_in {
    const uint8_t *key, *iv, *aad;
    size_t key_len, iv_len, aad_len;
} gcm_in;

static void *xmalloc(size_t n)
{
    void *p = malloc(n + 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* seal encrypts len bytes of in to out and writes the 16-byte tag. */
static int seal(const gcm_in *g, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16])
{
    brisk_cipher_ctx ctx;
    size_t n;
    int err = brisk_cipher_init(&ctx, gcm_cipher(g->key_len), 1, g->key, g->key_len, g->iv,
                                g->iv_len);
    if (err == 0)
        err = brisk_cipher_aad(&ctx, g->aad, g->aad_len);
    if (err == 0)
        err = brisk_cipher_update(&ctx, out, &n, in, len);
    if (err == 0)
        err = brisk_cipher_final(&ctx, NULL, &n);
    if (err == 0)
        err = brisk_cipher_get_tag(&ctx, tag, 16);
    brisk_cipher_cleanup(&ctx);
    return err;
}

/* open decrypts len bytes of in to out and checks the tag (tag_len bytes). */
static int open_(const gcm_in *g, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag,
                 size_t tag_len)
{
    brisk_cipher_ctx ctx;
    size_t n;
    int err = brisk_cipher_init(&ctx, gcm_cipher(g->key_len), 0, g->key, g->key_len, g->iv,
                                g->iv_len);
    if (err == 0)
        err = brisk_cipher_aad(&ctx, g->aad, g->aad_len);
    if (err == 0)
        err = brisk_cipher_update(&ctx, out, &n, in, len);
    if (err == 0)
        err = brisk_cipher_set_tag(&ctx, tag, tag_len);
    if (err == 0)
        err = brisk_cipher_final(&ctx, NULL, &n);
    brisk_cipher_cleanup(&ctx);
    return err;
}

/* ---- Known answers ---- */

static void test_nist(const char *rel, const char *impls)
{
    tv_file *f = tv_open(rel);
    unsigned long n = 0;
    while (f != NULL && tv_next(f)) {
        gcm_in g;
        size_t pt_len, ct_len, tag_len;
        const uint8_t *pt, *ct, *tag;
        g.key = tv_get_hex(f, "Key", &g.key_len);
        g.iv = tv_get_hex(f, "IV", &g.iv_len);
        g.aad = tv_get_hex(f, "AAD", &g.aad_len);
        pt = tv_get_hex(f, "PT", &pt_len);
        ct = tv_get_hex(f, "CT", &ct_len);
        tag = tv_get_hex(f, "Tag", &tag_len);
        if (g.key == NULL || g.iv == NULL || g.aad == NULL || pt == NULL || ct == NULL ||
            tag == NULL || ct_len != pt_len || tag_len < 4 || tag_len > 16) {
            tv_fail("%s: incomplete record", tv_where(f));
            continue;
        }
        uint8_t *out = xmalloc(pt_len), got_tag[16], bad_tag[16];
        int err = seal(&g, out, pt, pt_len, got_tag);
        if (tv_check_int(err, 0, "%s [%s] seal", tv_where(f), impls)) {
            tv_check_mem(out, ct, ct_len, "%s [%s] ciphertext", tv_where(f), impls);
            tv_check_mem(got_tag, tag, tag_len, "%s [%s] tag", tv_where(f), impls);
        }
        err = open_(&g, out, ct, ct_len, tag, tag_len);
        if (tv_check_int(err, 0, "%s [%s] open", tv_where(f), impls))
            tv_check_mem(out, pt, pt_len, "%s [%s] plaintext", tv_where(f), impls);
        memcpy(bad_tag, tag, tag_len);
        bad_tag[n % tag_len] ^= (uint8_t)(1u << (n % 8));
        tv_check_int(open_(&g, out, ct, ct_len, bad_tag, tag_len), BRISK_EVERIFY,
                     "%s [%s] open with a wrong tag", tv_where(f), impls);
        free(out);
        n++;
    }
    tv_close(f);
    tv_check(n > 1000, "%s: %lu records", rel, n);
}

static void test_wycheproof_gcm(const char *impls)
{
    tv_wycheproof w = {tv_json_load("wycheproof/testvectors_v1/aes_gcm_test.json"), NULL, NULL, 0, 0};
    unsigned long n = 0;
    while (w.root != NULL && tv_wycheproof_next(&w)) {
        long id = 0;
        gcm_in g;
        size_t msg_len, ct_len, tag_len;
        tv_json_long(w.test, "tcId", &id);
        g.key = tv_json_hex(w.test, "key", &g.key_len);
        g.iv = tv_json_hex(w.test, "iv", &g.iv_len);
        g.aad = tv_json_hex(w.test, "aad", &g.aad_len);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *ct = tv_json_hex(w.test, "ct", &ct_len);
        const uint8_t *tag = tv_json_hex(w.test, "tag", &tag_len);
        int result = tv_wycheproof_result(&w);
        if (g.key == NULL || g.iv == NULL || g.aad == NULL || msg == NULL || ct == NULL ||
            tag == NULL || gcm_cipher(g.key_len) == NULL || msg_len != ct_len) {
            tv_fail("aes_gcm tcId %ld: unusable test", id);
            continue;
        }
        uint8_t *out = xmalloc(ct_len), got_tag[16];
        int err = open_(&g, out, ct, ct_len, tag, tag_len);
        if (result == TV_RESULT_VALID) {
            if (tv_check_int(err, 0, "aes_gcm tcId %ld [%s] open", id, impls))
                tv_check_mem(out, msg, msg_len, "aes_gcm tcId %ld [%s] plaintext", id, impls);
            err = seal(&g, out, msg, msg_len, got_tag);
            if (tv_check_int(err, 0, "aes_gcm tcId %ld [%s] seal", id, impls) && tag_len <= 16) {
                tv_check_mem(out, ct, ct_len, "aes_gcm tcId %ld [%s] ciphertext", id, impls);
                tv_check_mem(got_tag, tag, tag_len, "aes_gcm tcId %ld [%s] tag", id, impls);
            }
        } else if (result == TV_RESULT_INVALID) {
            tv_check(err != 0, "aes_gcm tcId %ld [%s]: invalid test accepted", id, impls);
        }
        free(out);
        n++;
    }
    tv_json_free(w.root);
    tv_check(n > 100, "aes_gcm: %lu tests", n);
}

static void test_wycheproof_gmac(const char *impls)
{
    tv_wycheproof w = {tv_json_load("wycheproof/testvectors_v1/aes_gmac_test.json"), NULL, NULL, 0, 0};
    unsigned long n = 0;
    while (w.root != NULL && tv_wycheproof_next(&w)) {
        long id = 0;
        gcm_in g;
        size_t tag_len;
        uint8_t got_tag[16];
        tv_json_long(w.test, "tcId", &id);
        g.key = tv_json_hex(w.test, "key", &g.key_len);
        g.iv = tv_json_hex(w.test, "iv", &g.iv_len);
        g.aad = tv_json_hex(w.test, "msg", &g.aad_len); /* GMAC: GCM over AAD alone */
        const uint8_t *tag = tv_json_hex(w.test, "tag", &tag_len);
        int result = tv_wycheproof_result(&w);
        if (g.key == NULL || g.iv == NULL || g.aad == NULL || tag == NULL ||
            gcm_cipher(g.key_len) == NULL) {
            tv_fail("aes_gmac tcId %ld: unusable test", id);
            continue;
        }
        int err = open_(&g, got_tag, got_tag, 0, tag, tag_len);
        if (result == TV_RESULT_VALID) {
            tv_check_int(err, 0, "aes_gmac tcId %ld [%s] verify", id, impls);
            err = seal(&g, got_tag, got_tag, 0, got_tag);
            if (tv_check_int(err, 0, "aes_gmac tcId %ld [%s] tag", id, impls) && tag_len <= 16)
                tv_check_mem(got_tag, tag, tag_len, "aes_gmac tcId %ld [%s] tag", id, impls);
        } else if (result == TV_RESULT_INVALID) {
            tv_check(err != 0, "aes_gmac tcId %ld [%s]: invalid test accepted", id, impls);
        }
        n++;
    }
    tv_json_free(w.root);
    tv_check(n > 10, "aes_gmac: %lu tests", n);
}

/* ---- Random inputs against the portable implementations ---- */

enum { N_RANDOM = 48, MAX_IV = 40, MAX_AAD = 300, MAX_MSG = 2100 };

typedef struct random_case {
    uint8_t key[32], iv[MAX_IV], aad[MAX_AAD], msg[MAX_MSG];
    size_t key_len, iv_len, aad_len, msg_len;
    uint8_t ct[MAX_MSG], tag[16];
} random_case;

static random_case *cases;

static void make_cases(tv_rng *r)
{
    cases = xmalloc(N_RANDOM * sizeof(*cases));
    for (size_t i = 0; i < N_RANDOM; i++) {
        random_case *rc = &cases[i];
        rc->key_len = 16 + 8 * tv_rng_below(r, 3);
        rc->iv_len = tv_rng_below(r, 2) ? 12 : 1 + tv_rng_below(r, MAX_IV);
        /* Small lengths often, to reach every partial-block path. */
        rc->aad_len = tv_rng_below(r, i % 3 == 0 ? 40 : MAX_AAD + 1);
        rc->msg_len = tv_rng_below(r, i % 3 == 1 ? 70 : MAX_MSG + 1);
        tv_rng_fill(r, rc->key, sizeof(rc->key));
        tv_rng_fill(r, rc->iv, sizeof(rc->iv));
        tv_rng_fill(r, rc->aad, sizeof(rc->aad));
        tv_rng_fill(r, rc->msg, sizeof(rc->msg));
    }
    /* The reference: the portable AES and GHASH. */
    tv_check_int(brisk_impl_set("aes", "ct"), 0, "force aes=ct");
    tv_check_int(brisk_impl_set("ghash", "ct"), 0, "force ghash=ct");
    for (size_t i = 0; i < N_RANDOM; i++) {
        random_case *rc = &cases[i];
        gcm_in g = {rc->key, rc->iv, rc->aad, rc->key_len, rc->iv_len, rc->aad_len};
        tv_check_int(seal(&g, rc->ct, rc->msg, rc->msg_len, rc->tag), 0, "reference seal %zu", i);
    }
    brisk_impl_set("aes", NULL);
    brisk_impl_set("ghash", NULL);
}

/* streamed runs one random case with AAD and data fed in random pieces,
 * in place or not, at misaligned offsets, and checks the result. */
static void streamed(tv_rng *r, const random_case *rc, int encrypt, const char *impls, size_t i)
{
    size_t off = tv_rng_below(r, 16), in_place = tv_rng_below(r, 2), n, done;
    uint8_t *inbuf = xmalloc(MAX_MSG + 16), *outbuf = xmalloc(MAX_MSG + 16);
    uint8_t *in = inbuf + off, *out = in_place ? in : outbuf + tv_rng_below(r, 16);
    const uint8_t *src = encrypt ? rc->msg : rc->ct, *want = encrypt ? rc->ct : rc->msg;
    brisk_cipher_ctx ctx;
    int err = brisk_cipher_init(&ctx, gcm_cipher(rc->key_len), encrypt, rc->key, rc->key_len,
                                rc->iv, rc->iv_len);

    memcpy(in, src, rc->msg_len);
    for (done = 0; err == 0 && done < rc->aad_len; done += n) {
        n = tv_rng_below(r, 4) == 0 ? 0 : 1 + tv_rng_below(r, rc->aad_len - done);
        err = brisk_cipher_aad(&ctx, rc->aad + done, n);
    }
    size_t total = 0;
    for (done = 0; err == 0 && done < rc->msg_len; done += n) {
        size_t got;
        n = tv_rng_below(r, 3) == 0 ? 1 + tv_rng_below(r, 17)
                                    : 1 + tv_rng_below(r, rc->msg_len - done);
        if (n > rc->msg_len - done)
            n = rc->msg_len - done;
        err = brisk_cipher_update(&ctx, out + done, &got, in + done, n);
        total += got;
    }
    if (err == 0 && !encrypt)
        err = brisk_cipher_set_tag(&ctx, rc->tag, 16);
    if (err == 0)
        err = brisk_cipher_final(&ctx, NULL, &n);
    if (tv_check_int(err, 0, "random %zu [%s] %s streamed", i, impls, encrypt ? "seal" : "open")) {
        tv_check_int((long long)total, (long long)rc->msg_len, "random %zu: output length", i);
        tv_check_mem(out, want, rc->msg_len, "random %zu [%s] %s streamed", i, impls,
                     encrypt ? "ciphertext" : "plaintext");
        if (encrypt) {
            uint8_t tag[16];
            brisk_cipher_get_tag(&ctx, tag, 16);
            tv_check_mem(tag, rc->tag, 16, "random %zu [%s] streamed tag", i, impls);
        }
    }
    brisk_cipher_cleanup(&ctx);
    free(inbuf);
    free(outbuf);
}

static void test_random(tv_rng *r, const char *impls)
{
    for (size_t i = 0; i < N_RANDOM; i++) {
        const random_case *rc = &cases[i];
        gcm_in g = {rc->key, rc->iv, rc->aad, rc->key_len, rc->iv_len, rc->aad_len};
        uint8_t out[MAX_MSG + 1], tag[16];
        if (tv_check_int(seal(&g, out, rc->msg, rc->msg_len, tag), 0, "random %zu seal", i)) {
            tv_check_mem(out, rc->ct, rc->msg_len, "random %zu [%s] ciphertext", i, impls);
            tv_check_mem(tag, rc->tag, 16, "random %zu [%s] tag", i, impls);
        }
        streamed(r, rc, 1, impls, i);
        streamed(r, rc, 0, impls, i);
    }
}

/* ---- The 32-bit counter's wrap ---- */

enum { WRAP_LEN = 1000 };

/* wrap_seal encrypts WRAP_LEN bytes with the counter block's low 32 bits set
 * to 2^32 - 20 after init (a private field, as no IV reaches it on demand),
 * so that inc32 wraps inside the wide kernels. */
static void wrap_seal(uint8_t out[WRAP_LEN], uint8_t tag[16])
{
    static const uint8_t key[16] = {1, 2, 3}, iv[12] = {4, 5, 6};
    static uint8_t msg[WRAP_LEN];
    brisk_cipher_ctx ctx;
    size_t n;
    for (size_t i = 0; i < WRAP_LEN; i++)
        msg[i] = (uint8_t)(i * 7);
    brisk_cipher_init(&ctx, gcm_cipher(16), 1, key, 16, iv, 12);
    ctx.iv[12] = ctx.iv[13] = ctx.iv[14] = 0xff;
    ctx.iv[15] = 0xec;
    brisk_cipher_update(&ctx, out, &n, msg, WRAP_LEN);
    brisk_cipher_final(&ctx, NULL, &n);
    brisk_cipher_get_tag(&ctx, tag, 16);
    brisk_cipher_cleanup(&ctx);
}

static uint8_t wrap_ct[WRAP_LEN], wrap_tag[16];

static void make_wrap_reference(void)
{
    brisk_impl_set("aes", "ct");
    brisk_impl_set("ghash", "ct");
    wrap_seal(wrap_ct, wrap_tag);
    brisk_impl_set("aes", NULL);
    brisk_impl_set("ghash", NULL);
}

static void test_counter_wrap(const char *impls)
{
    uint8_t out[WRAP_LEN], tag[16];
    wrap_seal(out, tag);
    tv_check_mem(out, wrap_ct, WRAP_LEN, "[%s] counter wrap: ciphertext", impls);
    tv_check_mem(tag, wrap_tag, 16, "[%s] counter wrap: tag", impls);
}

/* ---- Whole groups of the stitched kernel ---- */

/* The stitched kernel (ghash_vpclmul.c) takes groups of 16 blocks and,
 * encrypting, hashes each group's ciphertext while encrypting the next one,
 * and the last group's after its loop.  These messages hold 1 to
 * GROUPS_MAX groups, exactly or give or take a byte or a block, under each
 * key size, so that every count of groups reaches it in both directions,
 * in place or not. */
enum { GROUPS_MAX = 9, GROUP_BYTES = 256, GROUP_MSG_MAX = GROUPS_MAX * GROUP_BYTES + 16 };
static const int group_extra[] = {-17, -1, 0, 1, 16};
enum {
    N_EXTRA = sizeof(group_extra) / sizeof(group_extra[0]),
    N_GROUP_CASES = GROUPS_MAX * N_EXTRA
};

static uint8_t group_key[32], group_iv[12], group_aad[20], group_msg[GROUP_MSG_MAX];
static uint8_t group_ct[N_GROUP_CASES][GROUP_MSG_MAX], group_tag[N_GROUP_CASES][16];

static size_t group_len(size_t i)
{
    return (size_t)((int)(GROUP_BYTES * (1 + i / N_EXTRA)) + group_extra[i % N_EXTRA]);
}

static gcm_in group_in(size_t i)
{
    gcm_in g = {group_key, group_iv, group_aad, 16 + 8 * (i % 3), sizeof(group_iv),
                sizeof(group_aad)};
    return g;
}

static void make_group_reference(tv_rng *r)
{
    tv_rng_fill(r, group_key, sizeof(group_key));
    tv_rng_fill(r, group_iv, sizeof(group_iv));
    tv_rng_fill(r, group_aad, sizeof(group_aad));
    tv_rng_fill(r, group_msg, sizeof(group_msg));
    brisk_impl_set("aes", "ct");
    brisk_impl_set("ghash", "ct");
    for (size_t i = 0; i < N_GROUP_CASES; i++) {
        gcm_in g = group_in(i);
        tv_check_int(seal(&g, group_ct[i], group_msg, group_len(i), group_tag[i]), 0,
                     "groups: reference seal %zu", i);
    }
    brisk_impl_set("aes", NULL);
    brisk_impl_set("ghash", NULL);
}

static void test_whole_groups(const char *impls)
{
    uint8_t *buf = xmalloc(GROUP_MSG_MAX), tag[16];
    for (size_t i = 0; i < N_GROUP_CASES; i++) {
        gcm_in g = group_in(i);
        size_t len = group_len(i);
        for (int in_place = 0; in_place < 2; in_place++) {
            const uint8_t *src = group_msg;
            if (in_place) {
                memcpy(buf, group_msg, len);
                src = buf;
            }
            if (tv_check_int(seal(&g, buf, src, len, tag), 0,
                             "groups: %zu bytes, key %zu, in place %d [%s] seal", len, g.key_len,
                             in_place, impls)) {
                tv_check_mem(buf, group_ct[i], len,
                             "groups: %zu bytes, key %zu, in place %d [%s] ciphertext", len,
                             g.key_len, in_place, impls);
                tv_check_mem(tag, group_tag[i], 16,
                             "groups: %zu bytes, key %zu, in place %d [%s] tag", len, g.key_len,
                             in_place, impls);
            }
            src = group_ct[i];
            if (in_place) {
                memcpy(buf, group_ct[i], len);
                src = buf;
            }
            if (tv_check_int(open_(&g, buf, src, len, group_tag[i], 16), 0,
                             "groups: %zu bytes, key %zu, in place %d [%s] open", len, g.key_len,
                             in_place, impls))
                tv_check_mem(buf, group_msg, len,
                             "groups: %zu bytes, key %zu, in place %d [%s] plaintext", len,
                             g.key_len, in_place, impls);
        }
    }
    free(buf);
}

/* ---- Tags and tampering ---- */

static void test_tampering(tv_rng *r, const char *impls)
{
    for (size_t i = 0; i < 8; i++) {
        const random_case *rc = &cases[i];
        gcm_in g = {rc->key, rc->iv, rc->aad, rc->key_len, rc->iv_len, rc->aad_len};
        uint8_t out[MAX_MSG + 1], ct[MAX_MSG + 1], aad[MAX_AAD + 1], tag[16];

        for (size_t t = 4; t <= 16; t++)
            tv_check_int(open_(&g, out, rc->ct, rc->msg_len, rc->tag, t), 0,
                         "random %zu [%s] tag of %zu bytes", i, impls, t);
        for (size_t t = 4; t <= 16; t++) {
            memcpy(tag, rc->tag, 16);
            tag[tv_rng_below(r, t)] ^= (uint8_t)(1u << tv_rng_below(r, 8));
            tv_check_int(open_(&g, out, rc->ct, rc->msg_len, tag, t), BRISK_EVERIFY,
                         "random %zu [%s] wrong tag of %zu bytes", i, impls, t);
        }
        if (rc->msg_len > 0) {
            memcpy(ct, rc->ct, rc->msg_len);
            ct[tv_rng_below(r, rc->msg_len)] ^= (uint8_t)(1u << tv_rng_below(r, 8));
            tv_check_int(open_(&g, out, ct, rc->msg_len, rc->tag, 16), BRISK_EVERIFY,
                         "random %zu [%s] flipped ciphertext bit", i, impls);
        }
        if (rc->aad_len > 0) {
            gcm_in bad = g;
            memcpy(aad, rc->aad, rc->aad_len);
            aad[tv_rng_below(r, rc->aad_len)] ^= (uint8_t)(1u << tv_rng_below(r, 8));
            bad.aad = aad;
            tv_check_int(open_(&bad, out, rc->ct, rc->msg_len, rc->tag, 16), BRISK_EVERIFY,
                         "random %zu [%s] flipped AAD bit", i, impls);
        }
        /* Moving a byte between AAD and data changes the lengths hashed. */
        if (rc->aad_len > 0 && rc->msg_len == 0) {
            gcm_in shorter = g;
            shorter.aad_len--;
            tv_check_int(open_(&shorter, out, rc->aad + rc->aad_len - 1, 1, rc->tag, 16),
                         BRISK_EVERIFY, "random %zu [%s] AAD byte moved to data", i, impls);
        }
    }
}

/* ---- Dispatch ---- */

/* selection checks the dispatcher's order for GHASH: vpclmul, pclmul, ct. */
static void selection(void)
{
    const uint32_t pclmul = BRISK_CPU_PCLMUL | BRISK_CPU_SSSE3;
    const uint32_t vpclmul = pclmul | BRISK_CPU_VPCLMULQDQ | BRISK_CPU_AVX512F |
                             BRISK_CPU_AVX512BW | BRISK_CPU_AVX512VL | BRISK_CPU_AVX2 |
                             BRISK_CPU_AVX;
    tv_check_str(brisk_impl_select("ghash", 0), "ct", "no features: ct");
#ifdef BRISK_X86_64
    tv_check_str(brisk_impl_select("ghash", pclmul), "pclmul", "PCLMUL: pclmul");
    tv_check_str(brisk_impl_select("ghash", vpclmul & ~BRISK_CPU_AVX512VL), "pclmul",
                 "VPCLMULQDQ without AVX512VL: pclmul");
    tv_check_str(brisk_impl_select("ghash", vpclmul), "vpclmul", "VPCLMULQDQ and AVX-512: vpclmul");
    tv_check_str(brisk_impl_select("ghash", ~(uint32_t)0), "vpclmul", "every feature: vpclmul");
#else
    tv_check_str(brisk_impl_select("ghash", vpclmul), "ct", "portable build: ct");
#endif
}

/* ---- Misuse ---- */

static void test_misuse(void)
{
    static const uint8_t key[16], iv[12];
    uint8_t buf[32] = {0}, tag[17] = {0};
    const brisk_cipher *c = brisk_cipher_by_name("aes-128-gcm");
    brisk_cipher_ctx ctx;
    size_t n;

    tv_check_int(brisk_cipher_init(&ctx, c, 1, key, 16, iv, 0), BRISK_EINVAL, "IV of 0 bytes");
    tv_check_int(brisk_cipher_init(&ctx, c, 1, key, 16, iv, 1), 0, "IV of 1 byte");
    tv_check_int(brisk_cipher_init(&ctx, c, 1, key, 16, iv, 12), 0, "init");
    tv_check_int(brisk_cipher_aad(&ctx, buf, 5), 0, "aad");
    tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, 3), 0, "update");
    tv_check_int(brisk_cipher_aad(&ctx, buf, 5), BRISK_EINVAL, "aad after update");
    tv_check_int(brisk_cipher_aad(&ctx, buf, 0), BRISK_EINVAL, "empty aad after update");
    tv_check_int(brisk_cipher_get_tag(&ctx, tag, 16), BRISK_EINVAL, "get_tag before final");
    tv_check_int(brisk_cipher_final(&ctx, NULL, &n), 0, "final");
    tv_check_int(brisk_cipher_get_tag(&ctx, tag, 3), BRISK_EINVAL, "get_tag of 3 bytes");
    tv_check_int(brisk_cipher_get_tag(&ctx, tag, 17), BRISK_EINVAL, "get_tag of 17 bytes");
    tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, 3), BRISK_EINVAL, "update after final");

    tv_check_int(brisk_cipher_init(&ctx, c, 0, key, 16, iv, 12), 0, "init decrypt");
    tv_check_int(brisk_cipher_set_tag(&ctx, tag, 3), BRISK_EINVAL, "set_tag of 3 bytes");
    tv_check_int(brisk_cipher_set_tag(&ctx, tag, 17), BRISK_EINVAL, "set_tag of 17 bytes");
    tv_check(brisk_cipher_final(&ctx, NULL, &n) != 0, "final without a tag");

    /* The plaintext limit, 2^36 - 32 bytes (SP 800-38D, 5.2.1.1): reached by
     * setting the private count, as nobody encrypts 64 GiB in a test. */
    tv_check_int(brisk_cipher_init(&ctx, c, 1, key, 16, iv, 12), 0, "init");
    tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, 16), 0, "update");
    ctx.msg_len = ((uint64_t)1 << 36) - 48;
    tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, 16), 0, "update to the limit");
    tv_check_int(brisk_cipher_update(&ctx, buf, &n, buf, 1), BRISK_EINVAL, "update past the limit");
    brisk_cipher_cleanup(&ctx);
}

/* An implementation that writes its table in two parts (head, then
 * complete) must end with init's table, and its kernel must already give
 * init's answers on up to GHASH_HEAD_BLOCKS blocks from the head alone. */
static void test_table_halves(tv_rng *r, const char *ghash)
{
    const brisk_ghash_ops *g = brisk_prim_ops(&brisk_ghash_prim);
    _Alignas(64) uint8_t full[256], part[256];
    uint8_t h[16], in[16 * GHASH_HEAD_BLOCKS], want[16], got[16];

    if (g->head == NULL) {
        tv_check(g->complete == NULL, "ghash=%s: complete without head", ghash);
        return;
    }
    for (int trial = 0; trial < 8; trial++) {
        tv_rng_fill(r, h, sizeof(h));
        tv_rng_fill(r, in, sizeof(in));
        brisk_ghash_blocks_fn *kf = g->init(full, h);
        memset(part, 0xa5, sizeof(part));
        brisk_ghash_blocks_fn *kp = g->head(part, h);
        for (size_t n = 1; n <= GHASH_HEAD_BLOCKS; n++) {
            memset(want, 0x3c, 16);
            memset(got, 0x3c, 16);
            kf(want, full, in, n);
            kp(got, part, in, n);
            tv_check_mem(got, want, 16, "ghash=%s: head alone on %zu blocks", ghash, n);
        }
        g->complete(part);
        tv_check_mem(part, full, sizeof(full), "ghash=%s: head and complete make init's table",
                     ghash);
    }
}

int main(void)
{
    tv_rng r;
    char aes_list[128], ghash_list[128], impls[64];
    const char *aes, *ghash;
    size_t ai = 0;
    int first_aes = 1;

    tv_begin("test_gcm");
    tv_rng_init(&r, tv_seed());
    tv_note("aes: %s; ghash: %s", tv_impl_list("aes", aes_list, sizeof(aes_list)),
            tv_impl_list("ghash", ghash_list, sizeof(ghash_list)));
    if (!tv_check(gcm_cipher(16) != NULL && gcm_cipher(24) != NULL && gcm_cipher(32) != NULL,
                  "aes-128/192/256-gcm registered"))
        return tv_end();
    make_cases(&r);
    make_wrap_reference();
    make_group_reference(&r);

    while ((aes = tv_impl_next("aes", &ai)) != NULL) {
        size_t gi = 0;
        while ((ghash = tv_impl_next("ghash", &gi)) != NULL) {
            snprintf(impls, sizeof(impls), "aes=%s ghash=%s", aes, ghash);
            if (first_aes)
                test_table_halves(&r, ghash);
            test_nist("nist/AES/GCM/gcmEncryptExtIV128.rsp", impls);
            test_nist("nist/AES/GCM/gcmEncryptExtIV256.rsp", impls);
            test_wycheproof_gcm(impls);
            test_wycheproof_gmac(impls);
            test_random(&r, impls);
            test_tampering(&r, impls);
            test_counter_wrap(impls);
            test_whole_groups(impls);
        }
        first_aes = 0;
    }
    test_misuse();
    selection();
    free(cases);
    return tv_end();
}
