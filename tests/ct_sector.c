/*
 * tests/ct_sector.c - constant-time checks of the sector API
 * (brisk/sector.h) under valgrind's memcheck, as tests/ct_cipher.c: the
 * volume key and the data are marked undefined, so memcheck reports any
 * branch or address that depends on them in the IV generators (ESSIV's
 * hash and encryption, the XTS tweak encryption and doubling), the batching
 * and the CBC, XTS and ECB paths, under the AES implementations "ct" and
 * "aesni" (valgrind has no VAES).  Sector numbers are public, as on a disk.
 * For CBC and ECB specs the key is secret from brisk_sector_init on (the
 * ESSIV salt's hashing and both key expansions are checked); for XTS the
 * expanded keys are made secret after init, since refusing a key with equal
 * halves is a deliberate one-bit test of the key, as in ct_cipher's XTS.
 * Each spec also runs through the generic paths (the AES descriptor without
 * its CBC kernels and not recognised as AES, as Serpent's would be).
 *
 * --canary leaks on purpose and succeeds only if memcheck notices.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/sector.h>

#include "../src/cipher/internal.h"
#include "ctgrind.h"
#include "vectors.h"

enum { SS = 512, N = 3 };

static const struct {
    const char *spec;
    size_t key_len;
} specs[] = {
    {"aes-cbc-plain", 16},           {"aes-cbc-plain64", 32},     {"aes-cbc-plain64be", 24},
    {"aes-cbc-essiv:sha256", 32},    {"aes-cbc-null", 16},        {"aes-ecb", 16},
    {"aes-xts-plain64", 64},         {"aes-xts-plain64", 32},     {"aes-xts-essiv:sha256", 64},
    {"aes-xts-plain64be", 48},
};

/* The AES descriptor without its mode kernels: sector.c then runs its own
 * CBC and XTS over the ECB kernels. */
static brisk_block_cipher generic_aes;

static void check_specs(tv_rng *rng, const char *impl, int generic)
{
    static uint8_t key[64], msg[N * SS], want[N * SS], got[N * SS];
    brisk_sector_ctx ctx;

    if (brisk_impl_set("aes", impl) != 0) {
        tv_note("aes=%s not available on this CPU: skipped", impl);
        return;
    }
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
        int xts = strstr(specs[i].spec, "-xts-") != NULL;
        uint64_t sector = tv_rng_u64(rng);
        for (int enc = 0; enc < 2; enc++) {
            tv_rng_fill(rng, key, sizeof(key));
            tv_rng_fill(rng, msg, sizeof(msg));
            brisk_sector_init(&ctx, specs[i].spec, key, specs[i].key_len, SS, 0);
            if (generic)
                ctx.bc = &generic_aes;
            (enc ? brisk_sector_encrypt : brisk_sector_decrypt)(&ctx, want, msg, sector, N);
            if (!xts)
                secret(key, sizeof(key));
            brisk_sector_init(&ctx, specs[i].spec, key, specs[i].key_len, SS, 0);
            if (generic)
                ctx.bc = &generic_aes;
            /* The round keys, not the implementation pointer and round
             * count beside them, which are public. */
            for (int k = 0; k < 3; k++) {
                brisk_aes_key *ak = (brisk_aes_key *)(void *)ctx.ks[k];
                secret(ak->w, sizeof(ak->w));
            }
            secret(msg, sizeof(msg));
            (enc ? brisk_sector_encrypt : brisk_sector_decrypt)(&ctx, got, msg, sector, N);
            public(got, sizeof(got));
            public(msg, sizeof(msg));
            public(key, sizeof(key));
            public(&ctx, sizeof(ctx));
            tv_check_mem(got, want, sizeof(got), "%s%s (aes=%s) %s: same result",
                         specs[i].spec, generic ? " generic" : "", impl,
                         enc ? "encrypt" : "decrypt");
            brisk_sector_cleanup(&ctx);
        }
    }
    brisk_impl_set("aes", NULL);
}

static void run(tv_rng *rng)
{
    static const char *const impls[] = {"ct", "aesni"};
    generic_aes = brisk_aes_cipher;
    generic_aes.cbc_enc = NULL;
    generic_aes.cbc_dec = NULL;
    for (size_t i = 0; i < 2; i++)
        for (int generic = 0; generic < 2; generic++) {
            unsigned long before = errors();
            check_specs(rng, impls[i], generic);
            unsigned long n = errors() - before;
            tv_check(n == 0, "sector (aes %s%s): memcheck saw %lu uses of secret data in "
                     "branches or addresses", impls[i], generic ? ", generic paths" : "", n);
        }
}

int main(int argc, char **argv)
{
    return ct_main("ct_sector", argc, argv, run);
}
