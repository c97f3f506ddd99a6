/*
 * tests/test_argon2.c - Argon2d/i/id (brisk_argon2) and the BLAKE2b under
 * it: BLAKE2b's RFC 7693 Appendix A answer and empty-input digest, every
 * split point of streaming against the one-shot; Argon2's RFC 9106 section
 * 5 examples (inline) and Botan's argon2.vec (tests/vectors/botan), for
 * every implementation of the "argon2" primitive, on 1 thread and on
 * several (the output must not depend on the thread count); output lengths
 * on both sides of H''s 64-byte boundary against the portable code; no
 * write past the output; and every BRISK_EINVAL case.  The differential
 * test against libargon2 is tests/test_diff_argon2.c.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/digest/blake2b.h"
#include "vectors.h"

/* ---- BLAKE2b ---- */

static void test_blake2b(tv_rng *rng)
{
    /* RFC 7693 Appendix A: BLAKE2b-512("abc"); and of the empty string. */
    static const char abc[] =
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
    static const char empty[] =
        "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
        "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce";
    uint8_t want[64], got[64], msg[300];
    size_t n;

    tv_hex_decode(want, sizeof(want), abc, &n);
    brisk_blake2b(got, 64, "abc", 3);
    tv_check_mem(got, want, 64, "BLAKE2b-512(abc)");
    tv_hex_decode(want, sizeof(want), empty, &n);
    brisk_blake2b(got, 64, "", 0);
    tv_check_mem(got, want, 64, "BLAKE2b-512(\"\")");

    tv_rng_fill(rng, msg, sizeof(msg));
    for (size_t len = 0; len <= sizeof(msg); len += len < 260 ? 1 : 13) {
        size_t out_len = 1 + len % 64;
        brisk_blake2b(want, out_len, msg, len);
        int ok = 1;
        for (size_t split = 0; split <= len; split++) {
            brisk_blake2b_ctx c;
            brisk_blake2b_init(&c, out_len);
            brisk_blake2b_update(&c, msg, split);
            brisk_blake2b_update(&c, msg + split, len - split);
            brisk_blake2b_final(&c, got);
            ok &= memcmp(got, want, out_len) == 0;
        }
        tv_check(ok, "BLAKE2b %zu bytes out of %zu: every split equals the one-shot", out_len, len);
    }
}

/* ---- Argon2 known answers ---- */

/* RFC 9106 section 5: m = 32 KiB, t = 3, p = 4, 32-byte tag, P = 32 bytes
 * of 01, S = 16 of 02, K = 8 of 03, X = 12 of 04. */
static void test_rfc(const char *impl, uint32_t threads)
{
    static const char *const tags[3] = {
        "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb",
        "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8",
        "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659",
    };
    static const char *const names[3] = {"Argon2d", "Argon2i", "Argon2id"};
    uint8_t pass[32], salt[16], secret[8], ad[12], want[32], got[32];
    size_t n;

    memset(pass, 1, sizeof(pass));
    memset(salt, 2, sizeof(salt));
    memset(secret, 3, sizeof(secret));
    memset(ad, 4, sizeof(ad));
    for (int type = 0; type < 3; type++) {
        brisk_argon2_params p = {(brisk_argon2_type)type, 3, 32, 4, threads,
                                 secret, sizeof(secret), ad, sizeof(ad)};
        tv_hex_decode(want, sizeof(want), tags[type], &n);
        memset(got, 0, sizeof(got));
        int err = brisk_argon2(&p, got, sizeof(got), pass, sizeof(pass), salt, sizeof(salt));
        tv_check_int(err, 0, "RFC 9106 %s [%s] threads %u", names[type], impl, threads);
        tv_check_mem(got, want, sizeof(got), "RFC 9106 %s [%s] threads %u", names[type], impl,
                     threads);
    }
}

/* test_file runs the records of Botan's argon2.vec whose work (M * T, in
 * block computations) is at most max_work; the 8 records above 8192 (up to
 * 4 MiB * 32 passes) only when BRISK_TEST_LONG is set: they take seconds
 * under qemu, and the smaller ones cover the same code. */
static void test_file(const char *impl, uint32_t threads, unsigned long max_work)
{
    tv_file *f = tv_open("botan/argon2.vec");
    unsigned long count = 0;

    if (f == NULL)
        return;
    while (tv_next(f)) {
        const char *sec = tv_section(f);
        brisk_argon2_params p;
        unsigned long m, t, lanes;
        size_t pass_len, salt_len, ad_len = 0, secret_len = 0, want_len;

        memset(&p, 0, sizeof(p));
        if (strcmp(sec, "Argon2d") == 0)
            p.type = BRISK_ARGON2D;
        else if (strcmp(sec, "Argon2i") == 0)
            p.type = BRISK_ARGON2I;
        else if (strcmp(sec, "Argon2id") == 0)
            p.type = BRISK_ARGON2ID;
        else
            continue;
        const uint8_t *pass = tv_get_hex(f, "Passphrase", &pass_len);
        const uint8_t *salt = tv_get_hex(f, "Salt", &salt_len);
        const uint8_t *want = tv_get_hex(f, "Output", &want_len);
        if (tv_get_ulong(f, "M", &m) != 0 || tv_get_ulong(f, "T", &t) != 0 ||
            tv_get_ulong(f, "P", &lanes) != 0 || pass == NULL || salt == NULL ||
            want == NULL) {
            tv_fail("%s: incomplete record", tv_where(f));
            continue;
        }
        if (m * t > max_work && getenv("BRISK_TEST_LONG") == NULL)
            continue;
        p.ad = tv_get_hex(f, "AD", &ad_len);
        p.ad_len = p.ad != NULL ? ad_len : 0;
        p.secret = tv_get_hex(f, "Secret", &secret_len);
        p.secret_len = p.secret != NULL ? secret_len : 0;
        p.t_cost = (uint32_t)t;
        p.m_cost = (uint32_t)m;
        p.lanes = (uint32_t)lanes;
        p.threads = threads;
        uint8_t *got = malloc(want_len + 1);
        got[want_len] = 0xa5;
        int err = brisk_argon2(&p, got, want_len, pass, pass_len, salt, salt_len);
        if (tv_check_int(err, 0, "%s [%s] threads %u", tv_where(f), impl, threads))
            tv_check_mem(got, want, want_len, "%s [%s] threads %u", tv_where(f), impl, threads);
        tv_check(got[want_len] == 0xa5, "%s: no write past the output", tv_where(f));
        free(got);
        count++;
    }
    tv_close(f);
    tv_check(count >= 3, "botan/argon2.vec: %lu records run", count);
}

/* test_lengths compares output lengths around H''s boundaries, several
 * lane and thread counts, with the portable implementation's answers. */
static void test_lengths(const char *impl, tv_rng *rng)
{
    static const size_t lens[] = {4, 31, 32, 33, 63, 64, 65, 95, 96, 97, 128, 129, 200};
    uint8_t pass[20], salt[16], want[200], got[201];

    tv_rng_fill(rng, pass, sizeof(pass));
    tv_rng_fill(rng, salt, sizeof(salt));
    for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        uint32_t lanes = 1 + (uint32_t)(i % 5);
        brisk_argon2_params p = {(brisk_argon2_type)(i % 3), 1 + (uint32_t)(i % 2),
                                 8 * lanes + (uint32_t)i, lanes, 1, NULL, 0, NULL, 0};
        size_t len = lens[i];
        brisk_impl_set("argon2", "c");
        brisk_argon2(&p, want, len, pass, sizeof(pass), salt, sizeof(salt));
        brisk_impl_set("argon2", impl);
        for (uint32_t threads = 0; threads <= lanes + 1; threads++) {
            p.threads = threads;
            memset(got, 0xa5, sizeof(got));
            int err = brisk_argon2(&p, got, len, pass, sizeof(pass), salt, sizeof(salt));
            tv_check(err == 0 && memcmp(got, want, len) == 0 && got[len] == 0xa5,
                     "Argon2 type %zu [%s] %zu-byte output, %u lanes, %u threads", i % 3, impl,
                     len, lanes, threads);
        }
    }
}

/* ---- Bad inputs ---- */

static void test_einval(void)
{
    uint8_t pass[8] = {0}, salt[16] = {0}, out[32];
    brisk_argon2_params good = {BRISK_ARGON2ID, 1, 32, 2, 1, NULL, 0, NULL, 0};
    brisk_argon2_params p;

    tv_check_int(brisk_argon2(&good, out, 32, pass, 8, salt, 16), 0, "the good parameters");
    tv_check_int(brisk_argon2(&good, out, 32, NULL, 0, salt, 8), 0, "an empty password");
    tv_check_int(brisk_argon2(NULL, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "params NULL");
    tv_check_int(brisk_argon2(&good, NULL, 32, pass, 8, salt, 16), BRISK_EINVAL, "out NULL");
    tv_check_int(brisk_argon2(&good, out, 3, pass, 8, salt, 16), BRISK_EINVAL, "out_len 3");
    tv_check_int(brisk_argon2(&good, out, 0, pass, 8, salt, 16), BRISK_EINVAL, "out_len 0");
    tv_check_int(brisk_argon2(&good, out, 32, NULL, 8, salt, 16), BRISK_EINVAL, "pass NULL");
    tv_check_int(brisk_argon2(&good, out, 32, pass, 8, NULL, 16), BRISK_EINVAL, "salt NULL");
    tv_check_int(brisk_argon2(&good, out, 32, pass, 8, salt, 7), BRISK_EINVAL, "salt_len 7");
    tv_check_int(brisk_argon2(&good, out, 32, pass, 8, NULL, 0), BRISK_EINVAL, "no salt");
    p = good;
    p.t_cost = 0;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "t_cost 0");
    p = good;
    p.lanes = 0;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "lanes 0");
    p = good;
    p.lanes = 1u << 24;
    p.m_cost = UINT32_MAX;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "lanes 2^24");
    p = good;
    p.m_cost = 15;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL,
                 "m_cost 15 < 8 * 2 lanes");
    p.m_cost = 16;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), 0, "m_cost 16 = 8 * 2 lanes");
    p = good;
    p.type = (brisk_argon2_type)3;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "type 3");
    p = good;
    p.secret_len = 4;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "secret NULL");
    p = good;
    p.ad_len = 4;
    tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_EINVAL, "ad NULL");
    /* Memory beyond the address space: on 32-bit hosts 4 TiB overflows
     * size_t, which must be ENOMEM without any allocation.  (On 64-bit ones
     * the allocation is tried; not here, as ASan aborts on such sizes.) */
    if (SIZE_MAX <= UINT32_MAX) {
        p = good;
        p.m_cost = UINT32_MAX;
        tv_check_int(brisk_argon2(&p, out, 32, pass, 8, salt, 16), BRISK_ENOMEM,
                     "m_cost 2^32 - 1 KiB on a 32-bit host: ENOMEM");
    }
}

int main(void)
{
    tv_rng rng;
    const char *impl;
    char list[128];

    tv_begin("test_argon2");
    tv_rng_init(&rng, tv_seed());
    test_blake2b(&rng);
    test_einval();
    for (size_t it = 0; (impl = tv_impl_next("argon2", &it)) != NULL;) {
        unsigned long before = tv_failures();
        test_rfc(impl, 1);
        test_rfc(impl, 3);
        test_rfc(impl, 0);
        test_file(impl, 1, tv_quick() ? 4096 : 8192);
        test_file(impl, 4, 1024);
        test_lengths(impl, &rng);
        if (tv_failures() != before)
            tv_note("argon2: implementation %s FAILED", impl);
    }
    tv_note("argon2 tested: %s", tv_impl_list("argon2", list, sizeof(list)));
    if (getenv("BRISK_TEST_LONG") == NULL)
        tv_note("argon2.vec's records of more than 8192 block computations skipped "
                "(set BRISK_TEST_LONG=1)");
    return tv_end();
}
