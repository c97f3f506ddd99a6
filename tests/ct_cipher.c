/*
 * tests/ct_cipher.c - constant-time checks of the cipher kernels under
 * valgrind's memcheck, after Monocypher's tests/ctgrind.c and ct_digest.c:
 * keys, plaintexts and IVs are marked undefined, so memcheck reports any
 * branch or memory address that depends on them.  Errors are counted per
 * check with VALGRIND_COUNT_ERRORS, so a report names the culprit.
 *
 * The checks are a table: each entry runs one primitive's kernels on secret
 * inputs and compares the results with a run on public ones.  Valgrind's
 * emulated CPU has no VAES (and AES-NI's timing is the hardware's, not the
 * code's), so the AES checks force the portable "ct" implementation.
 *
 * --canary leaks on purpose and succeeds only if memcheck notices, proving
 * that the marking works in this build and valgrind run.
 */
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

static void secret(const void *p, size_t len)
{
    (void)VALGRIND_MAKE_MEM_UNDEFINED(p, len);
}

static void public(const void *p, size_t len)
{
    (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
}

static unsigned long errors(void)
{
    return (unsigned long)VALGRIND_COUNT_ERRORS;
}

/* ---- AES ---- */

enum { AES_BLOCKS = 9 }; /* two 4-block batches and a lone block */

/* aes_run does every kernel of the key's implementation once: ECB both
 * ways, CBC both ways, ctr128 and ctr32, writing 6 * AES_BLOCKS blocks. */
static void aes_run(const brisk_aes_key *k, const uint8_t iv[16], const uint8_t *msg,
                    uint8_t *out)
{
    const size_t len = 16 * AES_BLOCKS;
    uint8_t v[16];

    k->impl->ecb_enc(k, out, msg, AES_BLOCKS);
    k->impl->ecb_dec(k, out + len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    k->impl->cbc_enc(k, v, out + 2 * len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    k->impl->cbc_dec(k, v, out + 3 * len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    k->impl->ctr128(k, v, out + 4 * len, msg, AES_BLOCKS);
    memcpy(v, iv, 16);
    k->impl->ctr32(k, v, out + 5 * len, msg, AES_BLOCKS);
}

static void check_aes_ct(tv_rng *rng)
{
    static const size_t key_lens[] = {16, 24, 32};
    uint8_t key[32], iv[16], msg[16 * AES_BLOCKS];
    uint8_t want[6 * 16 * AES_BLOCKS], got[6 * 16 * AES_BLOCKS];
    brisk_aes_key k;

    if (!tv_check(brisk_impl_set("aes", "ct") == 0, "force aes=ct"))
        return;
    for (size_t i = 0; i < 3; i++) {
        size_t kl = key_lens[i];
        tv_rng_fill(rng, key, sizeof(key));
        tv_rng_fill(rng, iv, sizeof(iv));
        tv_rng_fill(rng, msg, sizeof(msg));
        if (!tv_check(brisk_aes_setkey(&k, key, kl) == 0, "aes-ct setkey %zu", kl))
            continue;
        aes_run(&k, iv, msg, want);

        secret(key, kl);
        secret(iv, sizeof(iv));
        secret(msg, sizeof(msg));
        brisk_aes_setkey(&k, key, kl);
        aes_run(&k, iv, msg, got);
        public(got, sizeof(got));
        public(&k, sizeof(k));
        public(key, kl);
        public(iv, sizeof(iv));
        public(msg, sizeof(msg));
        tv_check_mem(got, want, sizeof(got), "aes-ct %zu-bit key: same results", 8 * kl);
    }
    brisk_impl_set("aes", NULL);
}

/* ---- The table of checks ---- */

typedef struct ct_check {
    const char *name;
    void (*run)(tv_rng *rng);
} ct_check;

static const ct_check checks[] = {
    {"aes-ct", check_aes_ct},
};

/* canary branches on and indexes by a secret byte: memcheck must object. */
static int canary(void)
{
    static volatile uint8_t table[256];
    static volatile unsigned sink;
    uint8_t s[1] = {0x42};
    unsigned long before = errors();

    if (!tv_check(RUNNING_ON_VALGRIND, "the canary runs under valgrind"))
        return tv_end();
    secret(s, 1);
    if (s[0] & 1)
        sink++;
    sink += table[s[0]];
    public(s, 1);
    tv_check(errors() > before, "memcheck reports a secret-dependent branch and index");
    return tv_end();
}

int main(int argc, char **argv)
{
    tv_rng rng;

    if (argc > 1 && strcmp(argv[1], "--canary") == 0) {
        tv_begin("ct_cipher --canary");
        return canary();
    }
    tv_begin("ct_cipher");
    if (!RUNNING_ON_VALGRIND)
        tv_note("not under valgrind: only the results are checked");
    tv_rng_init(&rng, tv_seed());
    for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
        unsigned long before = errors();
        checks[i].run(&rng);
        unsigned long n = errors() - before;
        tv_check(n == 0, "%s: memcheck saw %lu uses of secret data in branches or addresses",
                 checks[i].name, n);
    }
    return tv_end();
}
