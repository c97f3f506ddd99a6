/*
 * tests/test_diff.c - differential tests on random inputs: every registered
 * digest and its HMAC, under every implementation this CPU can run, against
 * OpenSSL's libcrypto (EVP, with the legacy provider for MD4 and RIPEMD-160)
 * and against Nettle for MD2, which OpenSSL 3 no longer has, and for MDC-2,
 * which this OpenSSL lacks: there the oracle is ISO/IEC 10118-2 written out
 * below over Nettle's DES, so brisk's MDC-2 meets an independent DES.
 * Messages are
 * 0..2000 bytes plus a few large ones, fed in random pieces.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/provider.h>
#include <nettle/des.h>
#include <nettle/hmac.h>
#include <nettle/md2.h>
#include <nettle/nettle-meta.h>
#include <nettle/version.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* The oracle for each digest: an OpenSSL name, or Nettle's descriptor. */
static const struct {
    const char *brisk;
    const char *openssl;
    const struct nettle_hash *nettle;
} oracles[] = {
    {"md2", NULL, &nettle_md2},
    {"mdc2", NULL, NULL},
    {"md4", "MD4", NULL},
    {"md5", "MD5", NULL},
    {"sha1", "SHA1", NULL},
    {"rmd160", "RIPEMD160", NULL},
    {"sha224", "SHA2-224", NULL},
    {"sha256", "SHA2-256", NULL},
    {"sha384", "SHA2-384", NULL},
    {"sha512", "SHA2-512", NULL},
    {"sha512-224", "SHA2-512/224", NULL},
    {"sha512-256", "SHA2-512/256", NULL},
};

#define MAX_RANDOM 2000
#define MAX_KEY 300

typedef struct oracle {
    EVP_MD *evp;                 /* or */
    const struct nettle_hash *nh; /* or, when both are NULL, MDC-2 */
} oracle;

/* mdc2_nettle is MDC-2 as OpenSSL computes it (pad type 1: a partial last
 * block is zero-filled, nothing is added to a whole one), over Nettle's DES.
 * The key bits forced in the first bytes keep both keys off DES's weak
 * keys, which Nettle refuses. */
static void mdc2_nettle(uint8_t out[16], const uint8_t *in, size_t len)
{
    uint8_t h[8], hh[8], blk[8], e1[8], e2[8];
    struct des_ctx k;

    memset(h, 0x52, 8);
    memset(hh, 0x25, 8);
    for (size_t i = 0; i < len; i += 8) {
        size_t n = len - i < 8 ? len - i : 8;
        memset(blk, 0, 8);
        memcpy(blk, in + i, n);
        h[0] = (uint8_t)((h[0] & 0x9f) | 0x40);
        hh[0] = (uint8_t)((hh[0] & 0x9f) | 0x20);
        if (!des_set_key(&k, h))
            tv_fail("mdc2 oracle: weak DES key");
        des_encrypt(&k, 8, e1, blk);
        if (!des_set_key(&k, hh))
            tv_fail("mdc2 oracle: weak DES key");
        des_encrypt(&k, 8, e2, blk);
        for (int j = 0; j < 8; j++) {
            e1[j] ^= blk[j];
            e2[j] ^= blk[j];
        }
        /* h takes the left half of E_h ^ m and the right of E_hh ^ m;
         * hh the other two halves. */
        memcpy(h, e1, 4);
        memcpy(h + 4, e2 + 4, 4);
        memcpy(hh, e2, 4);
        memcpy(hh + 4, e1 + 4, 4);
    }
    memcpy(out, h, 8);
    memcpy(out + 8, hh, 8);
}

/* hmac_mdc2 is HMAC over mdc2_nettle with OpenSSL's handling of a key
 * longer than the 8-byte block: its 16-byte digest, cut to the block. */
static void hmac_mdc2(uint8_t out[16], const uint8_t *key, size_t key_len, const uint8_t *in,
                      size_t len)
{
    uint8_t k[16] = {0}, inner[16];
    uint8_t *buf = malloc(len + 16 + 8);

    if (key_len > 8)
        mdc2_nettle(k, key, key_len);
    else
        memcpy(k, key, key_len);
    for (int i = 0; i < 8; i++)
        buf[i] = k[i] ^ 0x36;
    memcpy(buf + 8, in, len);
    mdc2_nettle(inner, buf, len + 8);
    for (int i = 0; i < 8; i++)
        buf[i] = k[i] ^ 0x5c;
    memcpy(buf + 8, inner, 16);
    mdc2_nettle(out, buf, 24);
    free(buf);
}

static void oracle_digest(const oracle *o, uint8_t *out, const uint8_t *in, size_t len)
{
    if (o->evp != NULL) {
        unsigned int n = 0;
        if (EVP_Digest(in, len, out, &n, o->evp, NULL) != 1)
            tv_fail("EVP_Digest failed");
        return;
    }
    if (o->nh == NULL) {
        mdc2_nettle(out, in, len);
        return;
    }
    union {
        struct md2_ctx md2;
        uint8_t space[512];
    } ctx;
    o->nh->init(&ctx);
    o->nh->update(&ctx, len, in);
    o->nh->digest(&ctx, o->nh->digest_size, out);
}

static void oracle_hmac(const oracle *o, uint8_t *out, const uint8_t *key, size_t key_len,
                        const uint8_t *in, size_t len)
{
    if (o->evp != NULL) {
        unsigned int n = 0;
        static const uint8_t empty[1];
        if (HMAC(o->evp, key_len ? key : empty, (int)key_len, in, len, out, &n) == NULL)
            tv_fail("OpenSSL HMAC failed");
        return;
    }
    if (o->nh == NULL) {
        hmac_mdc2(out, key, key_len, in, len);
        return;
    }
    struct md2_ctx outer, inner, state;
    if (!tv_check(o->nh == &nettle_md2, "Nettle HMAC only wired for MD2"))
        return;
    hmac_set_key(&outer, &inner, &state, o->nh, key_len, key);
    hmac_update(&state, o->nh, len, in);
    hmac_digest(&outer, &inner, &state, o->nh, o->nh->digest_size, out);
}

/* pieces feeds in to ctx in random-sized updates, some empty. */
static void pieces(brisk_digest_ctx *ctx, const uint8_t *in, size_t len, tv_rng *rng)
{
    size_t done = 0;
    while (done < len) {
        size_t n;
        switch (tv_rng_below(rng, 4)) {
        case 0: n = len - done; break;
        case 1: n = tv_rng_below(rng, 4); break;
        case 2: n = tv_rng_below(rng, 200); break;
        default: n = tv_rng_below(rng, len - done + 1); break;
        }
        if (n > len - done)
            n = len - done;
        brisk_digest_update(ctx, in + done, n);
        done += n;
    }
}

static size_t random_length(tv_rng *rng, size_t i)
{
    static const size_t edges[] = {0, 1, 15, 16, 17, 55, 56, 63, 64, 65, 111, 112, 119, 120,
                                   127, 128, 129, 255, 256, 257};
    if (i < sizeof(edges) / sizeof(edges[0]))
        return edges[i];
    return tv_rng_below(rng, MAX_RANDOM + 1);
}

static void test_digest(const brisk_digest *md, const oracle *o, const char *impl,
                        const uint8_t *data, size_t data_len, tv_rng *rng)
{
    uint8_t want[BRISK_DIGEST_MAX_LEN], got[BRISK_DIGEST_MAX_LEN];
    int n = tv_quick() ? 60 : 300;
    size_t dl = md->digest_len;

    for (int i = 0; i < n; i++) {
        size_t len = random_length(rng, (size_t)i);
        const uint8_t *in = data + tv_rng_below(rng, 64);
        brisk_digest_ctx c;
        oracle_digest(o, want, in, len);
        brisk_digest_init(&c, md);
        pieces(&c, in, len, rng);
        brisk_digest_final(&c, got);
        tv_check_mem(got, want, dl, "%s [%s] %zu random bytes", md->name, impl, len);
        /* the one-shot too: short messages take their own paths */
        brisk_digest_oneshot(md, got, in, len);
        tv_check_mem(got, want, dl, "%s [%s] %zu random bytes one-shot", md->name, impl, len);
    }
    /* A few large inputs: the kernels get many blocks per call. */
    const size_t large[] = {65536 + 13, 300000 + 1, data_len - 64};
    for (size_t i = 0; i < sizeof(large) / sizeof(large[0]); i++) {
        size_t len = large[i] > data_len - 64 ? data_len - 64 : large[i];
        brisk_digest_ctx c;
        oracle_digest(o, want, data + 1, len);
        brisk_digest_oneshot(md, got, data + 1, len);
        tv_check_mem(got, want, dl, "%s [%s] %zu bytes one-shot", md->name, impl, len);
        brisk_digest_init(&c, md);
        pieces(&c, data + 1, len, rng);
        brisk_digest_final(&c, got);
        tv_check_mem(got, want, dl, "%s [%s] %zu bytes in pieces", md->name, impl, len);
    }
}

static void test_hmac(const brisk_digest *md, const oracle *o, const char *impl,
                      const uint8_t *data, tv_rng *rng)
{
    uint8_t want[BRISK_DIGEST_MAX_LEN], got[BRISK_DIGEST_MAX_LEN];
    int n = tv_quick() ? 40 : 150;

    for (int i = 0; i < n; i++) {
        size_t key_len = i < 4 ? (size_t)i * md->block_len / 2 : tv_rng_below(rng, MAX_KEY + 1);
        size_t len = tv_rng_below(rng, MAX_RANDOM + 1);
        const uint8_t *key = data + tv_rng_below(rng, 64);
        const uint8_t *in = data + 4096 + tv_rng_below(rng, 64);
        size_t split = tv_rng_below(rng, len + 1);
        brisk_hmac_ctx c;
        oracle_hmac(o, want, key, key_len, in, len);
        tv_check_int(brisk_hmac_init(&c, md, key, key_len), BRISK_EOK, "brisk_hmac_init");
        brisk_hmac_update(&c, in, split);
        brisk_hmac_update(&c, in + split, len - split);
        brisk_hmac_final(&c, got);
        tv_check_mem(got, want, md->digest_len, "HMAC-%s [%s] key %zu bytes, msg %zu bytes",
                     md->name, impl, key_len, len);
        /* brisk_hmac_tag, mostly on messages of a block or less, which
         * HMAC-MD5 takes in one call. */
        len = tv_rng_below(rng, 2 * md->block_len + 1);
        oracle_hmac(o, want, key, key_len, in, len);
        brisk_hmac_tag(&c, got, in, len);
        brisk_hmac_cleanup(&c);
        tv_check_mem(got, want, md->digest_len, "HMAC-%s [%s] tag: key %zu bytes, msg %zu bytes",
                     md->name, impl, key_len, len);
    }
}

static OSSL_PROVIDER *prov_default, *prov_legacy;

static void load_providers(void)
{
    /* Loading "legacy" would otherwise hide the default provider. */
    prov_default = OSSL_PROVIDER_load(NULL, "default");
    prov_legacy = OSSL_PROVIDER_load(NULL, "legacy");
    tv_check(prov_default != NULL, "OpenSSL default provider loads");
    if (!tv_check(prov_legacy != NULL, "OpenSSL legacy provider loads (needed for MD4, "
                                       "RIPEMD-160); install it or set OPENSSL_MODULES"))
        ERR_print_errors_fp(stderr);
}

static void unload_providers(void)
{
    if (prov_legacy != NULL)
        OSSL_PROVIDER_unload(prov_legacy);
    if (prov_default != NULL)
        OSSL_PROVIDER_unload(prov_default);
}

int main(void)
{
    tv_rng rng;
    uint64_t seed = tv_seed();
    size_t data_len = tv_quick() ? 100000 : (1u << 20) + 64 + 7;
    uint8_t *data = malloc(data_len);

    tv_begin("test_diff");
    tv_note("seed %#llx%s; OpenSSL %s, Nettle %d.%d", (unsigned long long)seed,
            tv_quick() ? ", quick" : "", OpenSSL_version(OPENSSL_VERSION), nettle_version_major(),
            nettle_version_minor());
    tv_rng_init(&rng, seed);
    tv_rng_fill(&rng, data, data_len);
    load_providers();

    for (size_t i = 0; brisk_digest_at(i) != NULL; i++) {
        const brisk_digest *md = brisk_digest_at(i);
        oracle o = {NULL, NULL};
        const char *impl;
        char list[200];
        size_t k = 0;
        while (k < sizeof(oracles) / sizeof(oracles[0]) && strcmp(oracles[k].brisk, md->name) != 0)
            k++;
        if (!tv_check(k < sizeof(oracles) / sizeof(oracles[0]),
                      "%s: no independent implementation to compare with", md->name))
            continue;
        if (oracles[k].openssl != NULL) {
            o.evp = EVP_MD_fetch(NULL, oracles[k].openssl, NULL);
            if (!tv_check(o.evp != NULL, "OpenSSL has %s", oracles[k].openssl))
                continue;
            tv_check_int(EVP_MD_get_size(o.evp), (long long)md->digest_len, "%s size", md->name);
            tv_check_int(EVP_MD_get_block_size(o.evp), (long long)md->block_len, "%s block",
                         md->name);
        } else if (oracles[k].nettle != NULL) {
            o.nh = oracles[k].nettle;
            tv_check_int(o.nh->digest_size, (long long)md->digest_len, "%s size", md->name);
            tv_check_int(o.nh->block_size, (long long)md->block_len, "%s block", md->name);
        }
        for (size_t it = 0; (impl = tv_impl_next(md->prim, &it)) != NULL;) {
            test_digest(md, &o, impl, data, data_len, &rng);
            test_hmac(md, &o, impl, data, &rng);
        }
        tv_note("%-10s vs %-8s tested: %s", md->name,
                o.evp ? "OpenSSL" : o.nh ? "Nettle" : "MDC-2 over Nettle's DES",
                tv_impl_list(md->prim, list, sizeof(list)));
        EVP_MD_free(o.evp);
    }
    free(data);
    unload_providers();
    return tv_end();
}
