/*
 * tests/ct_digest.c - constant-time checks under valgrind's memcheck, after
 * Monocypher's tests/ctgrind.c: the message and the HMAC key are marked
 * undefined, so memcheck reports any branch or memory address that depends
 * on them.  Errors are counted per digest and implementation with
 * VALGRIND_COUNT_ERRORS, so a report names the culprit.
 *
 * Covered: every registered digest but MD2 (its S-box lookups are indexed by
 * message bytes by design; RFC 1319), one-shot and HMAC (short and hashed
 * keys, one-shot and brisk_hmac_tag), for every implementation the CPU (as
 * valgrind presents it) can run.
 *
 * --canary leaks on purpose and succeeds only if memcheck notices, proving
 * that the marking works in this build and valgrind run.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "ctgrind.h"
#include "vectors.h"

static void test_one(const brisk_digest *md, const char *impl, uint8_t *key, uint8_t *msg)
{
    static const size_t msg_lens[] = {0, 3, 55, 64, 129, 200};
    const size_t key_lens[] = {16, md->block_len + 9};
    uint8_t want[BRISK_DIGEST_MAX_LEN], got[BRISK_DIGEST_MAX_LEN];
    unsigned long before = errors();

    for (size_t i = 0; i < sizeof(msg_lens) / sizeof(msg_lens[0]); i++) {
        size_t len = msg_lens[i];
        brisk_digest_oneshot(md, want, msg, len);
        secret(msg, len);
        brisk_digest_oneshot(md, got, msg, len);
        public(got, md->digest_len);
        public(msg, len);
        tv_check_mem(got, want, md->digest_len, "%s [%s] %zu bytes", md->name, impl, len);
    }
    for (size_t i = 0; i < 2; i++) {
        size_t kl = key_lens[i];
        brisk_hmac(md, want, key, kl, msg, 100);
        secret(key, kl);
        secret(msg, 100);
        brisk_hmac(md, got, key, kl, msg, 100);
        public(got, md->digest_len);
        public(key, kl);
        public(msg, 100);
        tv_check_mem(got, want, md->digest_len, "HMAC-%s [%s] key %zu bytes", md->name, impl, kl);

        /* brisk_hmac_tag on a message of one block or less (one call for
         * HMAC-MD5) and of several.  The keyed states in c are derived from
         * the secret key, so memcheck follows them as secret too. */
        brisk_hmac_ctx c;
        secret(key, kl);
        brisk_hmac_init(&c, md, key, kl);
        public(key, kl);
        for (size_t j = 0; j < sizeof(msg_lens) / sizeof(msg_lens[0]); j++) {
            size_t len = msg_lens[j];
            brisk_hmac(md, want, key, kl, msg, len);
            secret(msg, len);
            brisk_hmac_tag(&c, got, msg, len);
            public(got, md->digest_len);
            public(msg, len);
            tv_check_mem(got, want, md->digest_len, "HMAC-%s [%s] tag, key %zu, msg %zu bytes",
                         md->name, impl, kl, len);
        }
        brisk_hmac_cleanup(&c);
    }
    unsigned long n = errors() - before;
    tv_check(n == 0, "%s [%s]: memcheck saw %lu uses of secret data in branches or addresses",
             md->name, impl, n);
}

static void run(tv_rng *rng)
{
    static uint8_t key[BRISK_DIGEST_MAX_BLOCK + 16], msg[256];

    tv_rng_fill(rng, key, sizeof(key));
    tv_rng_fill(rng, msg, sizeof(msg));

    for (size_t i = 0; brisk_digest_at(i) != NULL; i++) {
        const brisk_digest *md = brisk_digest_at(i);
        const char *impl;
        char list[200];
        /* MD2 and MDC-2 (DES's S-boxes) index tables by message bytes by
         * design: not constant-time, so not checked. */
        if (strcmp(md->name, "md2") == 0 || strcmp(md->name, "mdc2") == 0)
            continue;
        for (size_t it = 0; (impl = tv_impl_next(md->prim, &it)) != NULL;)
            test_one(md, impl, key, msg);
        tv_note("%-10s tested: %s", md->name, tv_impl_list(md->prim, list, sizeof(list)));
    }
}

int main(int argc, char **argv)
{
    return ct_main("ct_digest", argc, argv, run);
}
