/*
 * tests/test_diff_argon2.c - brisk_argon2 against libargon2 (the reference
 * implementation, Debian's libargon2-dev) through argon2_ctx, on random
 * parameters: each type, 1 to 3 passes, 1 to 8 lanes, small memory (8 *
 * lanes to 8 * lanes + 63 KiB, so also sizes that are not multiples of 4 *
 * lanes), random password (0 to 64 bytes), salt (8 to 40), secret and
 * associated data (0 to 32), output (4 to 160 bytes, on both sides of
 * H''s 64-byte boundary) and thread count (0 to lanes), for every
 * implementation of the "argon2" primitive.  BRISK_TEST_SEED replays a run.
 */
#include <stdlib.h>
#include <string.h>

#include <argon2.h>

#include <brisk/brisk.h>

#include "vectors.h"

static void test_random(const char *impl, tv_rng *rng, int rounds)
{
    uint8_t pass[64], salt[40], secret[32], ad[32], want[160], got[161];

    for (int r = 0; r < rounds; r++) {
        brisk_argon2_params p;
        memset(&p, 0, sizeof(p));
        p.type = (brisk_argon2_type)tv_rng_below(rng, 3);
        p.t_cost = 1 + (uint32_t)tv_rng_below(rng, 3);
        p.lanes = 1 + (uint32_t)tv_rng_below(rng, 8);
        p.m_cost = 8 * p.lanes + (uint32_t)tv_rng_below(rng, 64);
        p.threads = (uint32_t)tv_rng_below(rng, p.lanes + 1);
        size_t pass_len = tv_rng_below(rng, sizeof(pass) + 1);
        size_t salt_len = 8 + tv_rng_below(rng, sizeof(salt) - 7);
        size_t out_len = 4 + tv_rng_below(rng, sizeof(want) - 3);
        p.secret_len = tv_rng_below(rng, sizeof(secret) + 1);
        p.ad_len = tv_rng_below(rng, sizeof(ad) + 1);
        p.secret = p.secret_len > 0 ? secret : NULL;
        p.ad = p.ad_len > 0 ? ad : NULL;
        tv_rng_fill(rng, pass, sizeof(pass));
        tv_rng_fill(rng, salt, sizeof(salt));
        tv_rng_fill(rng, secret, sizeof(secret));
        tv_rng_fill(rng, ad, sizeof(ad));

        argon2_context c;
        memset(&c, 0, sizeof(c));
        c.out = want;
        c.outlen = (uint32_t)out_len;
        c.pwd = pass;
        c.pwdlen = (uint32_t)pass_len;
        c.salt = salt;
        c.saltlen = (uint32_t)salt_len;
        c.secret = p.secret_len > 0 ? secret : NULL;
        c.secretlen = (uint32_t)p.secret_len;
        c.ad = p.ad_len > 0 ? ad : NULL;
        c.adlen = (uint32_t)p.ad_len;
        c.t_cost = p.t_cost;
        c.m_cost = p.m_cost;
        c.lanes = p.lanes;
        c.threads = p.lanes;
        c.version = ARGON2_VERSION_13;
        c.flags = ARGON2_DEFAULT_FLAGS;
        int rc = argon2_ctx(&c, (argon2_type)p.type);
        if (!tv_check(rc == ARGON2_OK, "libargon2: %s", argon2_error_message(rc)))
            continue;

        memset(got, 0xa5, sizeof(got));
        int err = brisk_argon2(&p, got, out_len, pass, pass_len, salt, salt_len);
        tv_check(err == 0 && memcmp(got, want, out_len) == 0 && got[out_len] == 0xa5,
                 "[%s] type %d t %u m %u p %u threads %u pass %zu salt %zu secret %zu ad %zu "
                 "out %zu: as libargon2",
                 impl, (int)p.type, p.t_cost, p.m_cost, p.lanes, p.threads, pass_len, salt_len,
                 p.secret_len, p.ad_len, out_len);
    }
}

int main(void)
{
    tv_rng rng;
    const char *impl;
    char list[128];

    tv_begin("test_diff_argon2");
    tv_rng_init(&rng, tv_seed());
    for (size_t it = 0; (impl = tv_impl_next("argon2", &it)) != NULL;)
        test_random(impl, &rng, tv_quick() ? 10 : 60);
    tv_note("argon2 tested against libargon2: %s", tv_impl_list("argon2", list, sizeof(list)));
    return tv_end();
}
