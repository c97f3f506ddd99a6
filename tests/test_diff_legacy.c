/*
 * tests/test_diff_legacy.c - differential tests for the ciphers and the
 * digest OpenSSL 3 does not ship by default: IDEA against libgcrypt, RC5-32
 * against libtomcrypt (every round count and key length libtomcrypt takes:
 * 12..24 rounds, 8..128-byte keys) and MD2 against libtomcrypt, on random
 * keys, lengths and data.  The ciphers are compared through their ECB
 * kernels in both directions and, in CBC, through the generic API against
 * CBC built here over the other library's ECB.
 */
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <tomcrypt.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

#define MAX_BLOCKS 200

static tv_rng rng;

typedef struct sched {
    _Alignas(64) uint8_t ks[BRISK_KS_SIZE];
} sched;

/* An oracle's single-block ECB in one direction. */
typedef int oracle_block_fn(void *ctx, uint8_t *out, const uint8_t *in, int encrypt);

static int idea_oracle(void *ctx, uint8_t *out, const uint8_t *in, int encrypt)
{
    gcry_cipher_hd_t h = ctx;
    gcry_error_t e = encrypt ? gcry_cipher_encrypt(h, out, 8, in, 8)
                             : gcry_cipher_decrypt(h, out, 8, in, 8);
    return e == 0 ? 0 : -1;
}

static int rc5_oracle(void *ctx, uint8_t *out, const uint8_t *in, int encrypt)
{
    symmetric_key *k = ctx;
    int e = encrypt ? rc5_ecb_encrypt(in, out, k) : rc5_ecb_decrypt(in, out, k);
    return e == CRYPT_OK ? 0 : -1;
}

/* compare runs n random blocks through the brisk kernel (keyed in s) and
 * the oracle, ECB both ways, then CBC through the generic API name. */
static void compare(const char *what, const brisk_block_cipher *bc, const sched *s,
                    oracle_block_fn *oracle, void *octx, const char *name,
                    const uint8_t *key, size_t key_len, unsigned param)
{
    static uint8_t pt[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8 + 8], want[MAX_BLOCKS * 8];
    size_t n = tv_rng_below(&rng, MAX_BLOCKS + 1);
    tv_rng_fill(&rng, pt, n * 8);
    /* Zero 16-bit words: IDEA's multiplication by 2^16. */
    for (size_t i = 0; i < n; i++)
        if (tv_rng_below(&rng, 4) == 0)
            memset(pt + 2 * tv_rng_below(&rng, n * 4), 0, 2);

    for (size_t i = 0; i < n; i++)
        if (oracle(octx, want + 8 * i, pt + 8 * i, 1) != 0)
            tv_fail("%s: oracle failed", what);
    bc->encrypt(s->ks, got, pt, n);
    tv_check_mem(got, want, n * 8, "%s ECB encrypt, %zu blocks", what, n);
    for (size_t i = 0; i < n; i++)
        if (oracle(octx, want + 8 * i, pt + 8 * i, 0) != 0)
            tv_fail("%s: oracle failed", what);
    bc->decrypt(s->ks, got, pt, n);
    tv_check_mem(got, want, n * 8, "%s ECB decrypt, %zu blocks", what, n);

    /* CBC: the generic layer against chaining over the oracle. */
    const brisk_cipher *c = brisk_cipher_by_name(name);
    if (!tv_check(c != NULL, "%s registered", name))
        return;
    uint8_t iv[8], chain[8];
    tv_rng_fill(&rng, iv, 8);
    memcpy(chain, iv, 8);
    for (size_t i = 0; i < n; i++) {
        uint8_t x[8];
        for (int j = 0; j < 8; j++)
            x[j] = (uint8_t)(pt[8 * i + j] ^ chain[j]);
        oracle(octx, want + 8 * i, x, 1);
        memcpy(chain, want + 8 * i, 8);
    }
    brisk_cipher_ctx ctx;
    size_t len = 0, fin = 0;
    if (tv_check_int(brisk_cipher_init_ex(&ctx, c, 1, key, key_len, iv, 8, param), 0,
                     "%s init", name)) {
        brisk_cipher_set_padding(&ctx, 0);
        size_t cut = 8 * tv_rng_below(&rng, n + 1) + (n > 0 ? tv_rng_below(&rng, 8) : 0);
        if (cut > n * 8)
            cut = n * 8;
        brisk_cipher_update(&ctx, got, &len, pt, cut);
        size_t more = 0;
        brisk_cipher_update(&ctx, got + len, &more, pt + cut, n * 8 - cut);
        len += more;
        tv_check_int(brisk_cipher_final(&ctx, got + len, &fin), 0, "%s final", name);
        brisk_cipher_cleanup(&ctx);
        if (tv_check_int((long long)(len + fin), (long long)(n * 8), "%s length", name))
            tv_check_mem(got, want, n * 8, "%s CBC against the oracle, %zu blocks", what, n);
    }
}

static void diff_idea(int trials)
{
    gcry_cipher_hd_t h;
    if (!tv_check(gcry_cipher_open(&h, GCRY_CIPHER_IDEA, GCRY_CIPHER_MODE_ECB, 0) == 0,
                  "libgcrypt has IDEA"))
        return;
    for (int t = 0; t < trials; t++) {
        uint8_t key[16];
        sched s;
        tv_rng_fill(&rng, key, 16);
        /* Keys with zero words exercise the 0 = 2^16 encoding. */
        if (t % 4 == 1)
            memset(key + 2 * tv_rng_below(&rng, 8), 0, 2);
        if (t == 0)
            memset(key, 0, 16);
        if (!tv_check(gcry_cipher_setkey(h, key, 16) == 0, "gcrypt IDEA setkey") ||
            !tv_check_int(brisk_idea_cipher.setkey(s.ks, key, 16, 0), 0, "idea setkey"))
            continue;
        compare("idea", &brisk_idea_cipher, &s, idea_oracle, h, "idea-cbc", key, 16, 0);
    }
    gcry_cipher_close(h);
}

static void diff_rc5(int trials)
{
    for (int t = 0; t < trials; t++) {
        uint8_t key[128];
        size_t kl = 8 + tv_rng_below(&rng, 121);
        unsigned rounds = 12 + (unsigned)tv_rng_below(&rng, 13);
        symmetric_key k;
        sched s;
        tv_rng_fill(&rng, key, kl);
        if (!tv_check(rc5_setup(key, (int)kl, (int)rounds, &k) == CRYPT_OK,
                      "libtomcrypt rc5_setup key %zu rounds %u", kl, rounds) ||
            !tv_check_int(brisk_rc5_cipher.setkey(s.ks, key, kl, rounds), 0, "rc5 setkey"))
            continue;
        char what[64];
        snprintf(what, sizeof(what), "rc5-32/%u/%zu", rounds, kl);
        compare(what, &brisk_rc5_cipher, &s, rc5_oracle, &k, "rc5-cbc", key, kl, rounds);
        /* Parameter 0 is RC5-32/12. */
        if (rounds == 12 &&
            tv_check_int(brisk_rc5_cipher.setkey(s.ks, key, kl, 0), 0, "rc5 setkey 0"))
            compare("rc5 default rounds", &brisk_rc5_cipher, &s, rc5_oracle, &k, "rc5-cbc",
                    key, kl, 0);
    }
}

static void diff_md2(int trials)
{
    static uint8_t msg[5000];
    for (int t = 0; t < trials; t++) {
        size_t len = t < 100 ? (size_t)t : tv_rng_below(&rng, sizeof(msg) + 1);
        uint8_t got[BRISK_MD2_LEN], want[16];
        hash_state hs;
        tv_rng_fill(&rng, msg, len);
        brisk_md2(got, msg, len);
        md2_init(&hs);
        md2_process(&hs, msg, (unsigned long)len);
        md2_done(&hs, want);
        tv_check_mem(got, want, 16, "md2 against libtomcrypt, %zu bytes", len);
    }
}

int main(void)
{
    tv_begin("test_diff_legacy");
    tv_rng_init(&rng, tv_seed());
    if (!gcry_check_version(GCRYPT_VERSION)) {
        tv_fail("libgcrypt version mismatch");
        return tv_end();
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);

    int q = tv_quick();
    diff_idea(q ? 50 : 500);
    diff_rc5(q ? 50 : 500);
    diff_md2(q ? 200 : 1000);
    return tv_end();
}
