/*
 * tests/test_hmac.c - HMAC over every registered digest and every
 * implementation of its primitive this CPU can run: the RFC 2202/2286/4231
 * files (nist/HMAC and rfc/hmac_*.txt), Wycheproof hmac_*_test.json (with
 * truncated tags; "valid" must match, "invalid" must not), and properties
 * against an HMAC written out here from the digest API (RFC 2104 section 2):
 * streaming splits, key lengths around the block size, reuse through
 * final/reset, brisk_hmac_tag at every short length (up to a page end), and
 * the EINVAL cases.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* ref_hmac is RFC 2104 spelt out: H((K ^ opad) || H((K ^ ipad) || m)), with
 * K the key hashed if longer than a block, zero-padded to a block. */
static void ref_hmac(const brisk_digest *md, uint8_t *out, const uint8_t *key,
                     size_t key_len, const uint8_t *msg, size_t msg_len)
{
    uint8_t k[BRISK_DIGEST_MAX_BLOCK] = {0}, pad[BRISK_DIGEST_MAX_BLOCK];
    uint8_t inner[BRISK_DIGEST_MAX_LEN];
    size_t b = md->block_len;
    brisk_digest_ctx c;

    if (key_len > b)
        brisk_digest_oneshot(md, k, key, key_len);
    else if (key_len > 0)
        memcpy(k, key, key_len);
    for (size_t i = 0; i < b; i++)
        pad[i] = k[i] ^ 0x36;
    brisk_digest_init(&c, md);
    brisk_digest_update(&c, pad, b);
    brisk_digest_update(&c, msg, msg_len);
    brisk_digest_final(&c, inner);
    for (size_t i = 0; i < b; i++)
        pad[i] = k[i] ^ 0x5c;
    brisk_digest_init(&c, md);
    brisk_digest_update(&c, pad, b);
    brisk_digest_update(&c, inner, md->digest_len);
    brisk_digest_final(&c, out);
}

/* hmac_two computes the HMAC with the streaming API, the message in two
 * updates split at `split`. */
static int hmac_two(const brisk_digest *md, uint8_t *out, const uint8_t *key,
                    size_t key_len, const uint8_t *msg, size_t msg_len, size_t split)
{
    brisk_hmac_ctx c;
    int err = brisk_hmac_init(&c, md, key, key_len);
    if (err != BRISK_EOK)
        return err;
    brisk_hmac_update(&c, msg, split);
    brisk_hmac_update(&c, msg + split, msg_len - split);
    brisk_hmac_final(&c, out);
    brisk_hmac_cleanup(&c);
    return BRISK_EOK;
}

/* check_kat computes the MAC of one known-answer record both in one shot and
 * streamed, and compares the first want_len bytes. */
static void check_kat(const brisk_digest *md, const char *impl, const char *where,
                      const uint8_t *key, size_t key_len, const uint8_t *msg,
                      size_t msg_len, const uint8_t *want, size_t want_len)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN], out2[BRISK_DIGEST_MAX_LEN];

    if (!tv_check(want_len > 0 && want_len <= md->digest_len, "%s: MAC length %zu", where,
                  want_len))
        return;
    tv_check_int(brisk_hmac(md, out, key, key_len, msg, msg_len), BRISK_EOK, "%s: brisk_hmac",
                 where);
    tv_check_mem(out, want, want_len, "HMAC-%s [%s] %s", md->name, impl, where);
    hmac_two(md, out2, key, key_len, msg, msg_len, msg_len / 2);
    tv_check_mem(out2, want, want_len, "HMAC-%s [%s] %s streamed", md->name, impl, where);
}

/* ---- Known answers ---- */

/* nist/HMAC/rfc-*.txt: Len (message bits), Key, Msg, MD (full length). */
static void test_nist_file(const brisk_digest *md, const char *impl, const char *rel, int expect)
{
    tv_file *f = tv_open(rel);
    int n = 0;

    while (f != NULL && tv_next(f)) {
        size_t key_len, msg_len, md_len;
        unsigned long bits;
        const uint8_t *key = tv_get_hex(f, "Key", &key_len);
        const uint8_t *msg = tv_get_hex(f, "Msg", &msg_len);
        const uint8_t *want = tv_get_hex(f, "MD", &md_len);
        n++;
        if (!tv_check(key && msg && want && tv_get_ulong(f, "Len", &bits) == 0 &&
                          bits == 8 * msg_len && md_len == md->digest_len,
                      "%s: malformed record", tv_where(f)))
            continue;
        check_kat(md, impl, tv_where(f), key, key_len, msg, msg_len, want, md_len);
    }
    tv_check_int(n, expect, "%s: number of records", rel);
    tv_close(f);
}

/* rfc/hmac_*.txt: KEY, MSG, MAC, MACLEN (decimal bytes) when truncated. */
static void test_rfc_file(const brisk_digest *md, const char *impl, const char *rel, int expect)
{
    tv_file *f = tv_open(rel);
    int n = 0;

    while (f != NULL && tv_next(f)) {
        size_t key_len, msg_len, mac_len;
        unsigned long trunc;
        const uint8_t *key = tv_get_hex(f, "KEY", &key_len);
        const uint8_t *msg = tv_get_hex(f, "MSG", &msg_len);
        const uint8_t *want = tv_get_hex(f, "MAC", &mac_len);
        n++;
        if (!tv_check(key && msg && want, "%s: malformed record", tv_where(f)))
            continue;
        if (tv_get(f, "MACLEN") != NULL &&
            !tv_check(tv_get_ulong(f, "MACLEN", &trunc) == 0 && trunc == mac_len,
                      "%s: MACLEN", tv_where(f)))
            continue;
        if (tv_get(f, "MACLEN") == NULL)
            tv_check(mac_len == md->digest_len, "%s: full-length MAC", tv_where(f));
        check_kat(md, impl, tv_where(f), key, key_len, msg, msg_len, want, mac_len);
    }
    tv_check_int(n, expect, "%s: number of records", rel);
    tv_close(f);
}

/* Wycheproof MacTest: the tag is the first tagSize bits of the HMAC. */
static void test_wycheproof_file(const brisk_digest *md, const char *impl, tv_json *root,
                                 const char *rel)
{
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    long n = 0, expect = -1, tag_bits, id;
    uint8_t out[BRISK_DIGEST_MAX_LEN];

    while (tv_wycheproof_next(&w)) {
        size_t key_len, msg_len, tag_len;
        const uint8_t *key = tv_json_hex(w.test, "key", &key_len);
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *tag = tv_json_hex(w.test, "tag", &tag_len);
        int result = tv_wycheproof_result(&w);
        n++;
        if (tv_json_long(w.test, "tcId", &id) != 0)
            id = -1;
        if (!tv_check(key && msg && tag && tv_json_long(w.group, "tagSize", &tag_bits) == 0 &&
                          tag_bits > 0 && tag_bits % 8 == 0 &&
                          (size_t)tag_bits / 8 <= md->digest_len && result != TV_RESULT_UNKNOWN,
                      "%s tcId %ld: malformed test", rel, id))
            continue;
        brisk_hmac(md, out, key, key_len, msg, msg_len);
        int match = tag_len == (size_t)tag_bits / 8 && memcmp(out, tag, tag_len) == 0;
        if (result == TV_RESULT_VALID)
            tv_check(match, "HMAC-%s [%s] %s tcId %ld: valid tag does not match", md->name,
                     impl, rel, id);
        else if (result == TV_RESULT_INVALID)
            tv_check(!match, "HMAC-%s [%s] %s tcId %ld: invalid tag matches", md->name, impl,
                     rel, id);
    }
    tv_check(tv_json_long(root, "numberOfTests", &expect) == 0 && n == expect,
             "%s: %ld tests, numberOfTests %ld", rel, n, expect);
}

typedef struct hmac_files {
    const char *digest;
    const char *nist;
    int n_nist;
    const char *rfc;
    int n_rfc;
    const char *wycheproof;
} hmac_files;

static const hmac_files files[] = {
    {"md5", "nist/HMAC/rfc-2202-md5.txt", 7, "rfc/hmac_md5.txt", 7, NULL},
    {"sha1", "nist/HMAC/rfc-2202-sha1.txt", 7, "rfc/hmac_sha1.txt", 7,
     "wycheproof/testvectors_v1/hmac_sha1_test.json"},
    {"rmd160", "nist/HMAC/rfc-2286-ripemd160.txt", 7, NULL, 0, NULL},
    {"sha224", "nist/HMAC/rfc-4231-sha224.txt", 6, "rfc/hmac_sha224.txt", 7,
     "wycheproof/testvectors_v1/hmac_sha224_test.json"},
    {"sha256", "nist/HMAC/rfc-4231-sha256.txt", 6, "rfc/hmac_sha256.txt", 7,
     "wycheproof/testvectors_v1/hmac_sha256_test.json"},
    {"sha384", "nist/HMAC/rfc-4231-sha384.txt", 6, "rfc/hmac_sha384.txt", 7,
     "wycheproof/testvectors_v1/hmac_sha384_test.json"},
    {"sha512", "nist/HMAC/rfc-4231-sha512.txt", 6, "rfc/hmac_sha512.txt", 7,
     "wycheproof/testvectors_v1/hmac_sha512_test.json"},
    {"sha512-224", NULL, 0, NULL, 0, "wycheproof/testvectors_v1/hmac_sha512_224_test.json"},
    {"sha512-256", NULL, 0, NULL, 0, "wycheproof/testvectors_v1/hmac_sha512_256_test.json"},
};

static void test_known_answers(void)
{
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        const hmac_files *hf = &files[i];
        const brisk_digest *md = brisk_digest_by_name(hf->digest);
        const char *impl;
        if (!tv_check(md != NULL, "digest %s is registered", hf->digest))
            continue;
        tv_json *wp = hf->wycheproof ? tv_json_load(hf->wycheproof) : NULL;
        for (size_t it = 0; (impl = tv_impl_next(md->prim, &it)) != NULL;) {
            if (hf->nist)
                test_nist_file(md, impl, hf->nist, hf->n_nist);
            if (hf->rfc)
                test_rfc_file(md, impl, hf->rfc, hf->n_rfc);
            if (wp)
                test_wycheproof_file(md, impl, wp, hf->wycheproof);
        }
        tv_json_free(wp);
    }
}

/* ---- Properties ---- */

#define MSG_LEN 300

static void test_splits(const brisk_digest *md, const char *impl, const uint8_t *key,
                        const uint8_t *msg)
{
    uint8_t ref[BRISK_DIGEST_MAX_LEN], out[BRISK_DIGEST_MAX_LEN];
    size_t dl = md->digest_len;
    int bad = 0;

    ref_hmac(md, ref, key, 20, msg, MSG_LEN);
    brisk_hmac(md, out, key, 20, msg, MSG_LEN);
    tv_check_mem(out, ref, dl, "HMAC-%s [%s] one-shot vs reference", md->name, impl);
    for (size_t s = 0; s <= MSG_LEN; s++) {
        hmac_two(md, out, key, 20, msg, MSG_LEN, s);
        if (memcmp(out, ref, dl) != 0 && bad++ == 0)
            tv_check_mem(out, ref, dl, "HMAC-%s [%s] split at %zu", md->name, impl, s);
    }
    tv_check(bad == 0, "HMAC-%s [%s] %d split points differ", md->name, impl, bad);

    brisk_hmac_ctx c;
    brisk_hmac_init(&c, md, key, 20);
    for (size_t i = 0; i < MSG_LEN; i++)
        brisk_hmac_update(&c, msg + i, 1);
    brisk_hmac_final(&c, out);
    brisk_hmac_cleanup(&c);
    tv_check_mem(out, ref, dl, "HMAC-%s [%s] one byte at a time", md->name, impl);
}

static void test_key_lengths(const brisk_digest *md, const char *impl, const uint8_t *key,
                             const uint8_t *msg)
{
    size_t b = md->block_len;
    const size_t lens[] = {0, 1, md->digest_len, b - 1, b, b + 1, 2 * b, 1000};
    const size_t msg_lens[] = {0, 1, MSG_LEN};
    uint8_t ref[BRISK_DIGEST_MAX_LEN], out[BRISK_DIGEST_MAX_LEN], hk[BRISK_DIGEST_MAX_LEN];

    for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        for (size_t j = 0; j < sizeof(msg_lens) / sizeof(msg_lens[0]); j++) {
            ref_hmac(md, ref, key, lens[i], msg, msg_lens[j]);
            tv_check_int(brisk_hmac(md, out, key, lens[i], msg, msg_lens[j]), BRISK_EOK,
                         "brisk_hmac");
            tv_check_mem(out, ref, md->digest_len, "HMAC-%s [%s] key %zu bytes, msg %zu bytes",
                         md->name, impl, lens[i], msg_lens[j]);
        }
        /* A key longer than a block acts as its digest, cut to a block
         * when the digest is longer (MDC-2: 16 bytes, 8-byte blocks), as
         * OpenSSL's HMAC does. */
        if (lens[i] > b) {
            brisk_digest_oneshot(md, hk, key, lens[i]);
            brisk_hmac(md, ref, hk, md->digest_len < b ? md->digest_len : b, msg, MSG_LEN);
            brisk_hmac(md, out, key, lens[i], msg, MSG_LEN);
            tv_check_mem(out, ref, md->digest_len, "HMAC-%s [%s] key %zu bytes vs its digest",
                         md->name, impl, lens[i]);
        }
    }
    /* Keys differing in their last byte give different MACs. */
    uint8_t k2[1000];
    memcpy(k2, key, sizeof(k2));
    for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        if (lens[i] == 0)
            continue;
        k2[lens[i] - 1] ^= 1;
        brisk_hmac(md, ref, key, lens[i], msg, 10);
        brisk_hmac(md, out, k2, lens[i], msg, 10);
        tv_check(memcmp(out, ref, md->digest_len) != 0,
                 "HMAC-%s [%s] key of %zu bytes: last key byte ignored", md->name, impl, lens[i]);
        k2[lens[i] - 1] ^= 1;
    }
    /* A NULL key of length zero is the empty key. */
    static const uint8_t empty[1];
    brisk_hmac(md, ref, empty, 0, msg, MSG_LEN);
    tv_check_int(brisk_hmac(md, out, NULL, 0, msg, MSG_LEN), BRISK_EOK, "NULL key, length 0");
    tv_check_mem(out, ref, md->digest_len, "HMAC-%s [%s] NULL key of length 0", md->name, impl);
}

static void test_reuse(const brisk_digest *md, const char *impl, const uint8_t *key,
                       const uint8_t *msg)
{
    uint8_t t1[BRISK_DIGEST_MAX_LEN], t2[BRISK_DIGEST_MAX_LEN], t3[BRISK_DIGEST_MAX_LEN];
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    size_t dl = md->digest_len;
    brisk_hmac_ctx c;

    ref_hmac(md, t1, key, 33, msg, 100);
    ref_hmac(md, t2, key, 33, msg + 100, 200);
    ref_hmac(md, t3, key, 33, msg, 0);

    brisk_hmac_init(&c, md, key, 33);
    brisk_hmac_update(&c, msg, 100);
    brisk_hmac_final(&c, out);
    tv_check_mem(out, t1, dl, "HMAC-%s [%s] first message", md->name, impl);
    /* final starts a new message under the same key. */
    brisk_hmac_update(&c, msg + 100, 200);
    brisk_hmac_final(&c, out);
    tv_check_mem(out, t2, dl, "HMAC-%s [%s] second message after final", md->name, impl);
    brisk_hmac_final(&c, out);
    tv_check_mem(out, t3, dl, "HMAC-%s [%s] empty message after final", md->name, impl);
    /* reset drops a message in progress. */
    brisk_hmac_update(&c, msg + 7, 150);
    brisk_hmac_reset(&c);
    brisk_hmac_update(&c, msg, 100);
    brisk_hmac_final(&c, out);
    tv_check_mem(out, t1, dl, "HMAC-%s [%s] after reset", md->name, impl);
    /* A copied context continues independently. */
    brisk_hmac_update(&c, msg, 50);
    brisk_hmac_ctx d = c;
    brisk_hmac_update(&c, msg + 50, 50);
    brisk_hmac_update(&d, msg + 50, 50);
    brisk_hmac_final(&c, out);
    tv_check_mem(out, t1, dl, "HMAC-%s [%s] original after copy", md->name, impl);
    brisk_hmac_final(&d, out);
    tv_check_mem(out, t1, dl, "HMAC-%s [%s] copy", md->name, impl);

    brisk_hmac_cleanup(&c);
    static const uint8_t zero[sizeof(c)];
    tv_check(memcmp(&c, zero, sizeof(c)) == 0, "HMAC-%s [%s] cleanup leaves key state behind",
             md->name, impl);
    brisk_hmac_cleanup(&d);
}

/* page_end returns len bytes of msg copied to the end of a page that is
 * followed by an inaccessible one, so that reading a byte past them faults;
 * *map and *map_len are what to hand to munmap. */
static uint8_t *page_end(const uint8_t *msg, size_t len, void **map, size_t *map_len)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t pg = page > 0 ? (size_t)page : 4096;
    uint8_t *p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (p == MAP_FAILED || mprotect(p + pg, pg, PROT_NONE) != 0)
        abort();
    *map = p, *map_len = 2 * pg;
    memcpy(p + pg - len, msg, len);
    return p + pg - len;
}

/* test_tag checks brisk_hmac_tag against the reference at every message
 * length up to two blocks and a bit (HMAC-MD5 takes one call up to 55
 * bytes), for keys shorter than, equal to and longer than a block, with the
 * message misaligned and ending at an unmapped page; the context must come
 * out unchanged, even with a message in progress, which must survive. */
static void test_tag(const brisk_digest *md, const char *impl, const uint8_t *key,
                     const uint8_t *msg)
{
    uint8_t ref[BRISK_DIGEST_MAX_LEN], out[BRISK_DIGEST_MAX_LEN];
    size_t b = md->block_len, dl = md->digest_len;
    const size_t key_lens[] = {0, 20, b, b + 1};
    int bad = 0;

    for (size_t k = 0; k < sizeof(key_lens) / sizeof(key_lens[0]); k++) {
        brisk_hmac_ctx c, saved;
        brisk_hmac_init(&c, md, key, key_lens[k]);
        brisk_hmac_update(&c, msg, 5);
        memcpy(&saved, &c, sizeof(c));
        for (size_t len = 0; len <= 2 * b + 9 && len <= MSG_LEN - 3; len++) {
            void *map;
            size_t map_len;
            const uint8_t *at_end = page_end(msg, len, &map, &map_len);
            ref_hmac(md, ref, key, key_lens[k], msg, len);
            brisk_hmac_tag(&c, out, msg + 3, 0); /* warm: any length, any place */
            for (size_t off = 0; off < 3; off++) {
                uint8_t buf[MSG_LEN];
                memcpy(buf + off, msg, len);
                brisk_hmac_tag(&c, out, buf + off, len);
                if (memcmp(out, ref, dl) != 0 && bad++ == 0)
                    tv_check_mem(out, ref, dl, "HMAC-%s [%s] tag: key %zu, msg %zu at +%zu",
                                 md->name, impl, key_lens[k], len, off);
            }
            brisk_hmac_tag(&c, out, at_end, len);
            if (memcmp(out, ref, dl) != 0 && bad++ == 0)
                tv_check_mem(out, ref, dl, "HMAC-%s [%s] tag: key %zu, msg %zu at a page end",
                             md->name, impl, key_lens[k], len);
            munmap(map, map_len);
        }
        tv_check(memcmp(&c, &saved, sizeof(c)) == 0, "HMAC-%s [%s] tag changed the context",
                 md->name, impl);
        brisk_hmac_update(&c, msg + 5, 95);
        brisk_hmac_final(&c, out);
        ref_hmac(md, ref, key, key_lens[k], msg, 100);
        tv_check_mem(out, ref, dl, "HMAC-%s [%s] message in progress across tags", md->name,
                     impl);
        brisk_hmac_tag(&c, out, NULL, 0);
        ref_hmac(md, ref, key, key_lens[k], msg, 0);
        tv_check_mem(out, ref, dl, "HMAC-%s [%s] tag of NULL, length 0", md->name, impl);
        brisk_hmac_cleanup(&c);
    }
    tv_check(bad == 0, "HMAC-%s [%s] %d tags differ", md->name, impl, bad);
}

static void test_errors(void)
{
    brisk_hmac_ctx c;
    uint8_t out[BRISK_DIGEST_MAX_LEN], key[4] = {1, 2, 3, 4};
    const brisk_digest *md = &brisk_digest_sha256;

    tv_check_int(brisk_hmac_init(&c, NULL, key, 4), BRISK_EINVAL, "init with NULL md");
    tv_check_int(brisk_hmac_init(&c, md, NULL, 4), BRISK_EINVAL, "init with NULL key, length 4");
    tv_check_int(brisk_hmac_init(&c, NULL, NULL, 0), BRISK_EINVAL, "init with NULL md and key");
    tv_check_int(brisk_hmac(NULL, out, key, 4, key, 4), BRISK_EINVAL, "brisk_hmac with NULL md");
    tv_check_int(brisk_hmac(md, out, NULL, 1, key, 4), BRISK_EINVAL,
                 "brisk_hmac with NULL key, length 1");
    tv_check_int(brisk_hmac_init(&c, md, NULL, 0), BRISK_EOK, "init with NULL key, length 0");
    brisk_hmac_cleanup(&c);
}

int main(void)
{
    tv_rng rng;
    uint64_t seed = tv_seed();
    static uint8_t key[1000], msg[MSG_LEN];

    tv_begin("test_hmac");
    tv_note("seed %#llx, vectors in %s", (unsigned long long)seed, tv_vector_dir());
    tv_rng_init(&rng, seed);
    tv_rng_fill(&rng, key, sizeof(key));
    tv_rng_fill(&rng, msg, sizeof(msg));

    test_known_answers();
    for (size_t i = 0; brisk_digest_at(i) != NULL; i++) {
        const brisk_digest *md = brisk_digest_at(i);
        const char *impl;
        char list[200];
        for (size_t it = 0; (impl = tv_impl_next(md->prim, &it)) != NULL;) {
            test_splits(md, impl, key, msg);
            test_key_lengths(md, impl, key, msg);
            test_reuse(md, impl, key, msg);
            test_tag(md, impl, key, msg);
        }
        tv_note("HMAC-%-10s tested: %s", md->name, tv_impl_list(md->prim, list, sizeof(list)));
    }
    test_errors();
    return tv_end();
}
