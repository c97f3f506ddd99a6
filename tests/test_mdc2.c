/*
 * tests/test_mdc2.c - MDC-2: the records of rfc/mdc2.txt through the typed
 * and the generic API, for every implementation of the "des" primitive it
 * runs on; streaming at every split point and one byte at a time against the
 * one-shot digest; zero length; and the registry's view of it.
 *
 * The file's PAD = 2 records (ISO padding method 2, which OpenSSL selects
 * only by setting a field of MDC2_CTX) are checked as what that padding
 * is: 0x80 and zeros appended to a whole block, hashed with the default
 * padding, which adds nothing to a whole number of blocks.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/digest.h>

#include "vectors.h"

static void check_records(const char *impl)
{
    tv_file *f = tv_open("rfc/mdc2.txt");
    if (f == NULL)
        return;
    while (tv_next(f)) {
        size_t msg_len, md_len;
        unsigned long pad;
        const uint8_t *msg = tv_get_hex(f, "MSG", &msg_len);
        const uint8_t *md = tv_get_hex(f, "MD", &md_len);
        if (msg == NULL || md == NULL)
            continue;
        if (!tv_check(md_len == BRISK_MDC2_LEN && tv_get_ulong(f, "PAD", &pad) == 0 &&
                          (pad == 1 || pad == 2),
                      "%s: malformed record", tv_where(f)))
            continue;
        uint8_t *padded = malloc(msg_len + 8), out[BRISK_MDC2_LEN];
        if (padded == NULL) {
            tv_fail("out of memory");
            break;
        }
        size_t len = msg_len;
        memcpy(padded, msg, msg_len);
        if (pad == 2) {
            padded[len++] = 0x80;
            while (len % 8 != 0)
                padded[len++] = 0;
        }
        brisk_mdc2(out, padded, len);
        tv_check_mem(out, md, md_len, "%s mdc2 pad %lu (%s)", tv_where(f), pad, impl);
        memset(out, 0, sizeof(out));
        brisk_digest_oneshot(&brisk_digest_mdc2, out, padded, len);
        tv_check_mem(out, md, md_len, "%s generic mdc2 pad %lu (%s)", tv_where(f), pad, impl);
        free(padded);
    }
    tv_close(f);
}

/* check_streaming: every split point of a 3-block-and-a-bit message, and
 * one byte at a time, give the one-shot digest. */
static void check_streaming(tv_rng *rng)
{
    uint8_t msg[29], want[BRISK_MDC2_LEN], got[BRISK_MDC2_LEN];
    brisk_mdc2_ctx ctx;

    tv_rng_fill(rng, msg, sizeof(msg));
    for (size_t len = 0; len <= sizeof(msg); len++) {
        brisk_mdc2(want, msg, len);
        for (size_t split = 0; split <= len; split++) {
            brisk_mdc2_init(&ctx);
            brisk_mdc2_update(&ctx, msg, split);
            brisk_mdc2_update(&ctx, msg + split, len - split);
            brisk_mdc2_final(&ctx, got);
            tv_check_mem(got, want, sizeof(got), "length %zu split at %zu", len, split);
        }
        brisk_mdc2_init(&ctx);
        for (size_t i = 0; i < len; i++)
            brisk_mdc2_update(&ctx, msg + i, 1);
        brisk_mdc2_final(&ctx, got);
        tv_check_mem(got, want, sizeof(got), "length %zu one byte at a time", len);
    }
}

static void check_edges(void)
{
    /* Zero length: no block is hashed, the digest is the initial values. */
    static const uint8_t empty[BRISK_MDC2_LEN] = {
        0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52, 0x52,
        0x25, 0x25, 0x25, 0x25, 0x25, 0x25, 0x25, 0x25};
    uint8_t out[BRISK_MDC2_LEN], again[BRISK_MDC2_LEN];
    brisk_mdc2_ctx ctx;

    brisk_mdc2(out, (const uint8_t *)"", 0);
    tv_check_mem(out, empty, sizeof(out), "mdc2 of the empty message");
    brisk_mdc2_init(&ctx);
    brisk_mdc2_update(&ctx, NULL, 0);
    brisk_mdc2_final(&ctx, out);
    tv_check_mem(out, empty, sizeof(out), "mdc2 with an empty update");
    /* A partial block is zero-padded: "a" and "a\0" hash alike (pad 1). */
    brisk_mdc2(out, (const uint8_t *)"a", 1);
    brisk_mdc2(again, (const uint8_t *)"a\0\0\0\0\0\0", 8);
    tv_check_mem(out, again, sizeof(out), "partial block zero-padded");

    const brisk_digest *md = brisk_digest_by_name("MDC2");
    tv_check(md == &brisk_digest_mdc2, "mdc2 found by its long name");
    tv_check(brisk_digest_by_name("mdc2") == &brisk_digest_mdc2, "mdc2 found by name");
    if (md != NULL)
        tv_check(md->digest_len == 16 && md->block_len == 8 &&
                     strcmp(md->long_name, "MDC2") == 0 && strcmp(md->prim, "des") == 0,
                 "mdc2 descriptor sizes and names");
}

int main(void)
{
    const char *impl;
    size_t i = 0;
    tv_rng rng;

    tv_begin("test_mdc2");
    tv_rng_init(&rng, tv_seed());
    while ((impl = tv_impl_next("des", &i)) != NULL)
        check_records(impl);
    check_streaming(&rng);
    check_edges();
    return tv_end();
}
