/*
 * tests/test_digest.c - every registered digest, under every implementation
 * of its primitive this CPU can run: the known-answer files (NIST CAVP
 * ShortMsg, LongMsg and Monte for SHA-1 and SHA-2; rfc/ for MD2, MD4, MD5 and
 * RIPEMD-160) and properties (every split point, one byte at a time,
 * misaligned buffers, zero length, context copies, typed API against the
 * generic one, long inputs against the portable implementation).
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* ---- The typed API, per algorithm ---- */

typedef void oneshot_fn(uint8_t *out, const uint8_t *in, size_t in_len);
typedef void split_fn(uint8_t *out, const void *in, size_t in_len, size_t split);

static void md2_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_md2_ctx c;
    brisk_md2_init(&c);
    brisk_md2_update(&c, in, split);
    brisk_md2_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_md2_final(&c, out);
}

static void mdc2_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_mdc2_ctx c;
    brisk_mdc2_init(&c);
    brisk_mdc2_update(&c, in, split);
    brisk_mdc2_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_mdc2_final(&c, out);
}

static void md4_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_md4_ctx c;
    brisk_md4_init(&c);
    brisk_md4_update(&c, in, split);
    brisk_md4_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_md4_final(&c, out);
}

static void md5_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_md5_ctx c;
    brisk_md5_init(&c);
    brisk_md5_update(&c, in, split);
    brisk_md5_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_md5_final(&c, out);
}

static void sha1_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha1_ctx c;
    brisk_sha1_init(&c);
    brisk_sha1_update(&c, in, split);
    brisk_sha1_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha1_final(&c, out);
}

static void rmd160_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_rmd160_ctx c;
    brisk_rmd160_init(&c);
    brisk_rmd160_update(&c, in, split);
    brisk_rmd160_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_rmd160_final(&c, out);
}

static void sha224_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha224_ctx c;
    brisk_sha224_init(&c);
    brisk_sha224_update(&c, in, split);
    brisk_sha224_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha224_final(&c, out);
}

static void sha256_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha256_ctx c;
    brisk_sha256_init(&c);
    brisk_sha256_update(&c, in, split);
    brisk_sha256_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha256_final(&c, out);
}

static void sha384_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha384_ctx c;
    brisk_sha384_init(&c);
    brisk_sha384_update(&c, in, split);
    brisk_sha384_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha384_final(&c, out);
}

static void sha512_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha512_ctx c;
    brisk_sha512_init(&c);
    brisk_sha512_update(&c, in, split);
    brisk_sha512_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha512_final(&c, out);
}

static void sha512_224_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha512_ctx c;
    brisk_sha512_224_init(&c);
    brisk_sha512_224_update(&c, in, split);
    brisk_sha512_224_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha512_224_final(&c, out);
}

static void sha512_256_split(uint8_t *out, const void *in, size_t in_len, size_t split)
{
    brisk_sha512_ctx c;
    brisk_sha512_256_init(&c);
    brisk_sha512_256_update(&c, in, split);
    brisk_sha512_256_update(&c, (const uint8_t *)in + split, in_len - split);
    brisk_sha512_256_final(&c, out);
}

/* What the tests know about each digest: its typed API, its expected sizes
 * and where its known answers are, with the number of records each file must
 * yield (so that a parser or path slip cannot pass as "no vectors"). */
typedef struct known {
    const char *name;
    size_t digest_len, block_len;
    oneshot_fn *oneshot;
    split_fn *split;
    const char *short_msg, *long_msg, *monte; /* NIST CAVP */
    int n_short, n_long;
    const char *rfc;                          /* rfc/ records: MSG, REPEAT, MD */
    int n_rfc;
} known;

static const known knowns[] = {
    {"md2", 16, 16, brisk_md2, md2_split, NULL, NULL, NULL, 0, 0, "rfc/md2.txt", 7},
    {"mdc2", 16, 8, brisk_mdc2, mdc2_split, NULL, NULL, NULL, 0, 0, "rfc/mdc2.txt", 2},
    {"md4", 16, 64, brisk_md4, md4_split, NULL, NULL, NULL, 0, 0, "rfc/md4.txt", 7},
    {"md5", 16, 64, brisk_md5, md5_split, NULL, NULL, NULL, 0, 0, "rfc/md5.txt", 7},
    {"sha1", 20, 64, brisk_sha1, sha1_split, "nist/SHA1/SHA1ShortMsg.rsp",
     "nist/SHA1/SHA1LongMsg.rsp", "nist/SHA1/SHA1Monte.rsp", 65, 64, NULL, 0},
    {"rmd160", 20, 64, brisk_rmd160, rmd160_split, NULL, NULL, NULL, 0, 0,
     "rfc/ripemd160.txt", 9},
    {"sha224", 28, 64, brisk_sha224, sha224_split, "nist/SHA2/SHA224ShortMsg.rsp",
     "nist/SHA2/SHA224LongMsg.rsp", "nist/SHA2/SHA224Monte.rsp", 65, 64, NULL, 0},
    {"sha256", 32, 64, brisk_sha256, sha256_split, "nist/SHA2/SHA256ShortMsg.rsp",
     "nist/SHA2/SHA256LongMsg.rsp", "nist/SHA2/SHA256Monte.rsp", 65, 64, NULL, 0},
    {"sha384", 48, 128, brisk_sha384, sha384_split, "nist/SHA2/SHA384ShortMsg.rsp",
     "nist/SHA2/SHA384LongMsg.rsp", "nist/SHA2/SHA384Monte.rsp", 129, 128, NULL, 0},
    {"sha512", 64, 128, brisk_sha512, sha512_split, "nist/SHA2/SHA512ShortMsg.rsp",
     "nist/SHA2/SHA512LongMsg.rsp", "nist/SHA2/SHA512Monte.rsp", 129, 128, NULL, 0},
    {"sha512-224", 28, 128, brisk_sha512_224, sha512_224_split,
     "nist/SHA2/SHA512_224ShortMsg.rsp", "nist/SHA2/SHA512_224LongMsg.rsp",
     "nist/SHA2/SHA512_224Monte.rsp", 129, 128, NULL, 0},
    {"sha512-256", 32, 128, brisk_sha512_256, sha512_256_split,
     "nist/SHA2/SHA512_256ShortMsg.rsp", "nist/SHA2/SHA512_256LongMsg.rsp",
     "nist/SHA2/SHA512_256Monte.rsp", 129, 128, NULL, 0},
};

static const known *find_known(const char *name)
{
    for (size_t i = 0; i < sizeof(knowns) / sizeof(knowns[0]); i++)
        if (strcmp(knowns[i].name, name) == 0)
            return &knowns[i];
    return NULL;
}

/* ---- Known answers ---- */

/* test_msg_file runs a CAVP ShortMsg/LongMsg file: Len (bits), Msg, MD. */
static void test_msg_file(const brisk_digest *md, const char *impl, const char *rel, int expect)
{
    tv_file *f = tv_open(rel);
    int n = 0;
    uint8_t out[BRISK_DIGEST_MAX_LEN];

    while (f != NULL && tv_next(f)) {
        unsigned long bits;
        size_t msg_len, md_len;
        if (tv_get_ulong(f, "Len", &bits) != 0)
            continue;
        const uint8_t *msg = tv_get_hex(f, "Msg", &msg_len);
        const uint8_t *want = tv_get_hex(f, "MD", &md_len);
        if (bits % 8 != 0)
            continue; /* bit-oriented record: the API is byte-oriented */
        n++;
        if (!tv_check(msg != NULL && want != NULL && msg_len >= bits / 8 &&
                          md_len == md->digest_len,
                      "%s: malformed record", tv_where(f)))
            continue;
        brisk_digest_oneshot(md, out, msg, bits / 8);
        tv_check_mem(out, want, md_len, "%s [%s] %s", md->name, impl, tv_where(f));
    }
    tv_check_int(n, expect, "%s: number of records", rel);
    tv_close(f);
}

/* test_monte runs a CAVP Monte file: MD_i = H(MD_{i-3} || MD_{i-2} ||
 * MD_{i-1}) for i = 3..1002 from MD_0 = MD_1 = MD_2 = Seed; each checkpoint's
 * MD_1002 is the next Seed.  BRISK_TEST_QUICK runs 10 checkpoints, not 100. */
static void test_monte(const brisk_digest *md, const char *impl, const char *rel)
{
    tv_file *f = tv_open(rel);
    uint8_t seed[BRISK_DIGEST_MAX_LEN], m[3 * BRISK_DIGEST_MAX_LEN];
    size_t len = md->digest_len, seed_len = 0;
    int n = 0, expect = tv_quick() ? 10 : 100;

    while (f != NULL && n < expect && tv_next(f)) {
        size_t l;
        const uint8_t *v;
        if ((v = tv_get_hex(f, "Seed", &l)) != NULL) {
            if (tv_check(l == len, "%s: Seed length", tv_where(f))) {
                memcpy(seed, v, l);
                seed_len = l;
            }
            continue;
        }
        const uint8_t *want = tv_get_hex(f, "MD", &l);
        if (want == NULL || !tv_check(seed_len == len && l == len, "%s: record", tv_where(f)))
            continue;
        for (int k = 0; k < 3; k++)
            memcpy(m + k * len, seed, len);
        for (int i = 3; i < 1003; i++) {
            brisk_digest_oneshot(md, seed, m, 3 * len); /* MD_i */
            memmove(m, m + len, 2 * len);
            memcpy(m + 2 * len, seed, len);
        }
        tv_check_mem(seed, want, len, "%s [%s] Monte %s", md->name, impl, tv_where(f));
        n++;
    }
    tv_check_int(n, expect, "%s: Monte checkpoints", rel);
    tv_close(f);
}

/* test_rfc_file runs an rfc/ file: MSG repeated REPEAT (default 1) times, MD.
 * Records for another padding than the digest's (mdc2.txt's PAD = 2) are
 * counted but not run. */
static void test_rfc_file(const brisk_digest *md, const char *impl, const char *rel, int expect)
{
    tv_file *f = tv_open(rel);
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    int n = 0;

    while (f != NULL && tv_next(f)) {
        size_t msg_len, md_len;
        unsigned long repeat = 1;
        const uint8_t *msg = tv_get_hex(f, "MSG", &msg_len);
        const uint8_t *want = tv_get_hex(f, "MD", &md_len);
        if (tv_get(f, "REPEAT") != NULL && tv_get_ulong(f, "REPEAT", &repeat) != 0)
            repeat = 0;
        n++;
        const char *pad = tv_get(f, "PAD");
        if (pad != NULL && strcmp(pad, "1") != 0)
            continue;
        if (!tv_check(msg != NULL && want != NULL && md_len == md->digest_len && repeat > 0,
                      "%s: malformed record", tv_where(f)))
            continue;
        uint8_t *buf = malloc(msg_len * repeat + 1);
        for (unsigned long r = 0; r < repeat; r++)
            memcpy(buf + r * msg_len, msg, msg_len);
        brisk_digest_oneshot(md, out, buf, msg_len * repeat);
        tv_check_mem(out, want, md_len, "%s [%s] %s", md->name, impl, tv_where(f));
        free(buf);
    }
    tv_check_int(n, expect, "%s: number of records", rel);
    tv_close(f);
}

/* One million repetitions of 'a': the long examples of FIPS 180-2 (SHA-1,
 * SHA-256, SHA-384, SHA-512) and RFC 3874 section 3.3 (SHA-224).  Beyond the
 * CAVP files' 100 KB, they reach message lengths whose bit count needs more
 * than 20 bits, in every build (the differential test may be absent). */
static const struct {
    const char *name;
    const char *md;
} million_a[] = {
    {"sha1", "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
    {"sha224", "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
    {"sha256", "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    {"sha384", "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
               "07b8b3dc38ecc4ebae97ddd87f3d8985"},
    {"sha512", "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
               "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
};

static void test_million_a(const brisk_digest *md, const char *impl)
{
    static uint8_t *a;
    uint8_t want[BRISK_DIGEST_MAX_LEN], out[BRISK_DIGEST_MAX_LEN];
    size_t len;

    for (size_t i = 0; i < sizeof(million_a) / sizeof(million_a[0]); i++) {
        if (strcmp(million_a[i].name, md->name) != 0)
            continue;
        if (a == NULL) {
            a = malloc(1000000);
            memset(a, 'a', 1000000);
        }
        tv_hex_decode(want, sizeof(want), million_a[i].md, &len);
        brisk_digest_oneshot(md, out, a, 1000000);
        tv_check_mem(out, want, len, "%s [%s] one million 'a'", md->name, impl);
        brisk_digest_ctx c;
        brisk_digest_init(&c, md);
        for (int k = 0; k < 1000; k++)
            brisk_digest_update(&c, a, 1000);
        brisk_digest_final(&c, out);
        tv_check_mem(out, want, len, "%s [%s] one million 'a' in 1000-byte pieces", md->name,
                     impl);
    }
}

static void test_vectors(const brisk_digest *md, const known *k, const char *impl)
{
    test_million_a(md, impl);
    if (k->short_msg != NULL)
        test_msg_file(md, impl, k->short_msg, k->n_short);
    if (k->long_msg != NULL)
        test_msg_file(md, impl, k->long_msg, k->n_long);
    if (k->monte != NULL)
        test_monte(md, impl, k->monte);
    if (k->rfc != NULL)
        test_rfc_file(md, impl, k->rfc, k->n_rfc);
}

/* ---- Properties ---- */

#define MSG_LEN 300

/* digest_split computes md over in with the generic streaming API in two
 * updates, the first of split bytes. */
static void digest_split(const brisk_digest *md, uint8_t *out, const uint8_t *in,
                         size_t in_len, size_t split)
{
    brisk_digest_ctx c;
    brisk_digest_init(&c, md);
    brisk_digest_update(&c, in, split);
    brisk_digest_update(&c, in + split, in_len - split);
    brisk_digest_final(&c, out);
}

static void test_splits(const brisk_digest *md, const known *k, const char *impl,
                        const uint8_t *msg)
{
    uint8_t ref[BRISK_DIGEST_MAX_LEN], out[BRISK_DIGEST_MAX_LEN];
    size_t dl = md->digest_len;
    int bad_generic = 0, bad_typed = 0;

    brisk_digest_oneshot(md, ref, msg, MSG_LEN);
    for (size_t s = 0; s <= MSG_LEN; s++) {
        digest_split(md, out, msg, MSG_LEN, s);
        if (memcmp(out, ref, dl) != 0 && bad_generic++ == 0)
            tv_check_mem(out, ref, dl, "%s [%s] split at %zu", md->name, impl, s);
        k->split(out, msg, MSG_LEN, s);
        if (memcmp(out, ref, dl) != 0 && bad_typed++ == 0)
            tv_check_mem(out, ref, dl, "%s [%s] typed split at %zu", md->name, impl, s);
    }
    tv_check(bad_generic == 0 && bad_typed == 0,
             "%s [%s] %d generic and %d typed split points differ from one-shot",
             md->name, impl, bad_generic, bad_typed);

    /* Three pieces: every pair of lengths up to two blocks. */
    int bad3 = 0;
    size_t lim = 2 * md->block_len + 1;
    for (size_t a = 0; a <= lim; a += 3) {
        for (size_t b = 0; b <= lim && a + b <= MSG_LEN; b += 5) {
            brisk_digest_ctx c;
            brisk_digest_init(&c, md);
            brisk_digest_update(&c, msg, a);
            brisk_digest_update(&c, msg + a, b);
            brisk_digest_update(&c, msg + a + b, MSG_LEN - a - b);
            brisk_digest_final(&c, out);
            if (memcmp(out, ref, dl) != 0 && bad3++ == 0)
                tv_check_mem(out, ref, dl, "%s [%s] three pieces %zu+%zu", md->name, impl, a, b);
        }
    }
    tv_check(bad3 == 0, "%s [%s] %d three-piece splits differ", md->name, impl, bad3);

    /* One byte at a time, with empty updates in between. */
    brisk_digest_ctx c;
    brisk_digest_init(&c, md);
    for (size_t i = 0; i < MSG_LEN; i++) {
        brisk_digest_update(&c, msg + i, 1);
        brisk_digest_update(&c, msg, 0);
    }
    brisk_digest_final(&c, out);
    tv_check_mem(out, ref, dl, "%s [%s] one byte at a time", md->name, impl);
}

static void test_misaligned(const brisk_digest *md, const char *impl, const uint8_t *msg)
{
    uint8_t ref[BRISK_DIGEST_MAX_LEN];
    static uint8_t buf[MSG_LEN + 16 + 64], outbuf[BRISK_DIGEST_MAX_LEN + 16];
    size_t dl = md->digest_len;

    brisk_digest_oneshot(md, ref, msg, MSG_LEN);
    for (size_t off = 1; off < 16; off++) {
        memcpy(buf + off, msg, MSG_LEN);
        brisk_digest_oneshot(md, outbuf + off, buf + off, MSG_LEN);
        tv_check_mem(outbuf + off, ref, dl, "%s [%s] input and output at offset %zu",
                     md->name, impl, off);
        /* A misaligned start followed by whole blocks from the caller's buffer. */
        brisk_digest_ctx c;
        uint8_t out[BRISK_DIGEST_MAX_LEN];
        brisk_digest_init(&c, md);
        brisk_digest_update(&c, buf + off, off);
        brisk_digest_update(&c, buf + 2 * off, MSG_LEN - off);
        brisk_digest_final(&c, out);
        tv_check_mem(out, ref, dl, "%s [%s] streaming at offset %zu", md->name, impl, off);
    }
}

static void test_zero_length(const brisk_digest *md, const known *k, const char *impl)
{
    uint8_t ref[BRISK_DIGEST_MAX_LEN], out[BRISK_DIGEST_MAX_LEN];
    static const uint8_t dummy[1] = {0x5a};
    size_t dl = md->digest_len;
    brisk_digest_ctx c;

    brisk_digest_oneshot(md, ref, dummy, 0);
    brisk_digest_init(&c, md);
    brisk_digest_final(&c, out);
    tv_check_mem(out, ref, dl, "%s [%s] init+final vs one-shot of nothing", md->name, impl);
    brisk_digest_init(&c, md);
    brisk_digest_update(&c, dummy, 0);
    brisk_digest_update(&c, dummy, 0);
    brisk_digest_final(&c, out);
    tv_check_mem(out, ref, dl, "%s [%s] empty updates", md->name, impl);
    k->oneshot(out, dummy, 0);
    tv_check_mem(out, ref, dl, "%s [%s] typed one-shot of nothing", md->name, impl);
    /* NULL with length 0 is a valid empty message, as for brisk_hmac_tag */
    brisk_digest_oneshot(md, out, NULL, 0);
    tv_check_mem(out, ref, dl, "%s [%s] one-shot of NULL, length 0", md->name, impl);
    brisk_digest_init(&c, md);
    brisk_digest_update(&c, NULL, 0);
    brisk_digest_final(&c, out);
    tv_check_mem(out, ref, dl, "%s [%s] update of NULL, length 0", md->name, impl);
    /* The empty digest differs from the digest of one byte. */
    brisk_digest_oneshot(md, out, dummy, 1);
    tv_check(memcmp(out, ref, dl) != 0, "%s [%s] digest of 1 byte equals the empty one",
             md->name, impl);
}

static void test_copy(const brisk_digest *md, const char *impl, const uint8_t *msg)
{
    uint8_t ref[BRISK_DIGEST_MAX_LEN], ref2[BRISK_DIGEST_MAX_LEN];
    uint8_t out1[BRISK_DIGEST_MAX_LEN], out2[BRISK_DIGEST_MAX_LEN];
    uint8_t other[MSG_LEN];
    size_t dl = md->digest_len;

    brisk_digest_oneshot(md, ref, msg, MSG_LEN);
    for (size_t cut = 0; cut <= MSG_LEN; cut += 37) {
        brisk_digest_ctx a, b, c;
        brisk_digest_init(&a, md);
        brisk_digest_update(&a, msg, cut);
        b = a;
        memcpy(&c, &a, sizeof(a));
        brisk_digest_update(&a, msg + cut, MSG_LEN - cut);
        brisk_digest_final(&a, out1);
        brisk_digest_update(&b, msg + cut, MSG_LEN - cut);
        brisk_digest_final(&b, out2);
        tv_check_mem(out1, ref, dl, "%s [%s] original after copy at %zu", md->name, impl, cut);
        tv_check_mem(out2, ref, dl, "%s [%s] copy at %zu", md->name, impl, cut);

        /* The memcpy'd copy takes another tail and must not share state. */
        memcpy(other, msg, cut);
        for (size_t i = cut; i < MSG_LEN; i++)
            other[i] = (uint8_t)(msg[i] ^ 0xa5);
        brisk_digest_update(&c, other + cut, MSG_LEN - cut);
        brisk_digest_final(&c, out1);
        brisk_digest_oneshot(md, ref2, other, MSG_LEN);
        tv_check_mem(out1, ref2, dl, "%s [%s] diverging copy at %zu", md->name, impl, cut);
    }

    /* final wipes the context, as digest.h promises. */
    brisk_digest_ctx w;
    static const uint8_t zero[sizeof(w.u)];
    brisk_digest_init(&w, md);
    brisk_digest_update(&w, msg, 77);
    brisk_digest_final(&w, out1);
    tv_check(memcmp(&w.u, zero, md->ctx_size) == 0, "%s [%s] final leaves state behind",
             md->name, impl);
}

/* test_typed checks the typed one-shot, which the descriptor's one-shot is
 * (and which takes a short path for a message of one block), against the
 * context's init/update/final at every length up to MSG_LEN. */
static void test_typed(const brisk_digest *md, const known *k, const char *impl, tv_rng *rng)
{
    uint8_t msg[MSG_LEN], a[BRISK_DIGEST_MAX_LEN], b[BRISK_DIGEST_MAX_LEN];
    int bad = 0;

    tv_check(md->oneshot == k->oneshot, "%s: the descriptor's one-shot is not %s's", md->name,
             k->name);
    tv_rng_fill(rng, msg, sizeof(msg));
    for (size_t len = 0; len <= MSG_LEN; len++) {
        brisk_digest_ctx c;
        brisk_digest_init(&c, md);
        brisk_digest_update(&c, msg, len);
        brisk_digest_final(&c, a);
        k->oneshot(b, msg, len);
        if (memcmp(a, b, md->digest_len) != 0 && bad++ == 0)
            tv_check_mem(b, a, md->digest_len, "%s [%s] one-shot vs streaming, %zu bytes",
                         md->name, impl, len);
    }
    tv_check(bad == 0, "%s [%s] one-shot and streaming differ at %d lengths", md->name, impl,
             bad);
}

/* ---- Against the portable implementation ---- */

#define N_RANDOM 48

typedef struct reference {
    uint8_t random_md[N_RANDOM][BRISK_DIGEST_MAX_LEN];
    size_t random_len[N_RANDOM];
    uint8_t long_md[BRISK_DIGEST_MAX_LEN];
} reference;

static size_t long_len(void)
{
    return tv_quick() ? (64u << 10) + 3 : (1u << 20) + 3;
}

/* last_impl names prim's last implementation: the portable one ("c"; for
 * MDC-2 the last of DES's plain-C variants). */
static const char *last_impl(const char *prim)
{
    const char *name = NULL, *next;
    for (size_t i = 0; (next = brisk_impl_name(prim, i, NULL)) != NULL; i++)
        name = next;
    return name;
}

/* make_reference computes, under the portable implementation, the digests
 * of random messages of up to 4 blocks and of one long message. */
static void make_reference(const brisk_digest *md, const uint8_t *big, reference *r,
                           tv_rng *rng)
{
    const char *ref = last_impl(md->prim);
    tv_check_int(brisk_impl_set(md->prim, ref), BRISK_EOK, "brisk_impl_set(%s, %s)", md->prim,
                 ref ? ref : "?");
    for (int i = 0; i < N_RANDOM; i++) {
        r->random_len[i] = tv_rng_below(rng, 4 * md->block_len + 1);
        brisk_digest_oneshot(md, r->random_md[i], big + 7 * i, r->random_len[i]);
    }
    brisk_digest_oneshot(md, r->long_md, big, long_len());
    brisk_impl_set(md->prim, NULL);
}

static void test_against_c(const brisk_digest *md, const char *impl, const uint8_t *big,
                           const reference *r, tv_rng *rng)
{
    uint8_t out[BRISK_DIGEST_MAX_LEN];
    size_t dl = md->digest_len, total = long_len();

    for (int i = 0; i < N_RANDOM; i++) {
        brisk_digest_oneshot(md, out, big + 7 * i, r->random_len[i]);
        tv_check_mem(out, r->random_md[i], dl, "%s [%s] vs c, %zu random bytes", md->name,
                     impl, r->random_len[i]);
    }
    /* The long message in random-sized pieces, some spanning many blocks. */
    brisk_digest_ctx c;
    brisk_digest_init(&c, md);
    for (size_t done = 0; done < total;) {
        size_t n = tv_rng_below(rng, 3) == 0 ? tv_rng_below(rng, 40000) : tv_rng_below(rng, 300);
        if (n > total - done)
            n = total - done;
        brisk_digest_update(&c, big + done, n);
        done += n;
    }
    brisk_digest_final(&c, out);
    tv_check_mem(out, r->long_md, dl, "%s [%s] %zu bytes in pieces vs c one-shot", md->name,
                 impl, total);
    brisk_digest_oneshot(md, out, big, total);
    tv_check_mem(out, r->long_md, dl, "%s [%s] %zu bytes one-shot vs c", md->name, impl, total);
}

/* ---- Registry ---- */

static void test_descriptor(const brisk_digest *md, const known *k)
{
    brisk_digest_ctx c;
    tv_check(md->digest_len == k->digest_len && md->block_len == k->block_len,
             "%s: digest_len %zu, block_len %zu", md->name, md->digest_len, md->block_len);
    tv_check(md->digest_len <= BRISK_DIGEST_MAX_LEN && md->block_len <= BRISK_DIGEST_MAX_BLOCK,
             "%s: sizes within BRISK_DIGEST_MAX_*", md->name);
    tv_check(md->ctx_size > 0 && md->ctx_size <= sizeof(c.u), "%s: ctx_size %zu", md->name,
             md->ctx_size);
    tv_check(md->long_name != NULL && md->prim != NULL && md->init != NULL &&
                 md->update != NULL && md->final != NULL,
             "%s: descriptor has every field", md->name);
    tv_check(brisk_digest_by_name(md->name) == md, "%s: found by its name", md->name);
    tv_check(brisk_impl_name(md->prim, 0, NULL) != NULL, "%s: primitive %s is dispatched",
             md->name, md->prim);
}

int main(void)
{
    tv_rng rng;
    uint64_t seed = tv_seed();
    uint8_t msg[MSG_LEN];
    size_t big_len = long_len() + 8 * N_RANDOM + 4 * BRISK_DIGEST_MAX_BLOCK;
    uint8_t *big = malloc(big_len);
    reference *ref = malloc(sizeof(*ref));

    tv_begin("test_digest");
    tv_note("seed %#llx%s, vectors in %s", (unsigned long long)seed,
            tv_quick() ? ", quick" : "", tv_vector_dir());
    tv_rng_init(&rng, seed);
    tv_rng_fill(&rng, big, big_len);
    tv_rng_fill(&rng, msg, sizeof(msg));

    size_t n_digests = 0;
    for (size_t i = 0; brisk_digest_at(i) != NULL; i++) {
        const brisk_digest *md = brisk_digest_at(i);
        const known *k = find_known(md->name);
        const char *impl;
        char list[200];
        n_digests++;
        if (!tv_check(k != NULL, "registered digest %s has no known answers in the tests",
                      md->name))
            continue;
        test_descriptor(md, k);
        make_reference(md, big, ref, &rng);
        for (size_t it = 0; (impl = tv_impl_next(md->prim, &it)) != NULL;) {
            unsigned long before = tv_failures();
            test_vectors(md, k, impl);
            test_splits(md, k, impl, msg);
            test_misaligned(md, impl, msg);
            test_zero_length(md, k, impl);
            test_copy(md, impl, msg);
            test_typed(md, k, impl, &rng);
            test_against_c(md, impl, big, ref, &rng);
            if (tv_failures() != before)
                tv_note("%s: implementation %s FAILED", md->name, impl);
        }
        tv_note("%-10s tested: %s", md->name, tv_impl_list(md->prim, list, sizeof(list)));
    }
    tv_check_int((long long)n_digests, (long long)(sizeof(knowns) / sizeof(knowns[0])),
                 "number of registered digests");
    free(big);
    free(ref);
    return tv_end();
}
