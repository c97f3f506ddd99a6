/*
 * tests/test_sector.c - the sector API (brisk/sector.h) under every AES
 * implementation this CPU can run: known answers for each IV generator
 * (plain, plain64, plain64be, essiv:sha256, null), CBC, XTS and ECB, sector
 * sizes 512, 1024 and 4096 with and without BRISK_SECTOR_LARGE_IV, start
 * sectors that truncate (plain) or near 2^64 (computed independently with
 * the openssl command and Python, see each vector); a multi-sector call
 * equals the same sectors one call each (every count 1..17, random start
 * sectors, some wrapping past 2^64 - 1), both directions, in place and on
 * misaligned buffers, also through the generic CBC and XTS paths that
 * ciphers without mode kernels take; and every refusal of brisk_sector_check and
 * brisk_sector_init with its code and message.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "../src/cipher/internal.h"
#include "vectors.h"

/* Known answers: the key is bytes 0, 1, 2, ... (CBC, ECB) or 1, 4, 7, ...
 * (XTS: i * 3 + 1), the plaintext sector bytes (i * 7 + 3) mod 256; the
 * vector gives the ciphertext's first 32 bytes and its SHA-256.  Made by
 * openssl enc (CBC, ECB, the ESSIV IV) and XTS written in Python over
 * openssl's ECB (checked against EVP's XTS by test_diff_sector). */
typedef struct kat {
    const char *spec;
    size_t key_len, sector_size;
    unsigned flags;
    uint64_t sector;
    const char *head, *sha256;
} kat;

static const kat kats[] = {
    {"aes-cbc-plain", 32, 512, 0, 0x0000000100000005u,
     "d57914539b1ccc3a8565b74fc468ad3881444f4d6d6de69e2d2e5ed87d38b363",
     "d452d9d9f03013d8b4ebeac895d7df8acdaef32baf0860335eab08e55844556c"},
    {"aes-cbc-plain64", 16, 512, 0, 0x0123456789abcdefu,
     "9ce00fac4bdc06c497b6cc4d5681771ded64f9b16bc38ea8b1b35bd728de7b2a",
     "6c4d4207af0347a202bbc278eb48666b1859ad6de86c3062c82bbff7f3fc4f07"},
    {"aes-cbc-plain64be", 32, 512, 0, 0x0123456789abcdefu,
     "536ad7d82b62d0b1350e8fe71fc60bbb10126a57e97844b68c9c3c100a5c76ca",
     "5326f22363a098e0e8f87e6c413b6a21533fdab524a141233a712162fac4826d"},
    {"aes-cbc-essiv:sha256", 32, 512, 0, 0x00000000000003e8u,
     "68b16737cfb329ce4b7b43a2ae52b477d53ba7cd0ba06cbc66ce295f9fd71afc",
     "2eef8fd665bc32e82bbfd97c68b4316d8d6fe488af74ff89294ac47ceb8f58cc"},
    {"aes-cbc-null", 24, 512, 0, 0x0000000000000007u,
     "3ff9b267a6d17da30ec2fdf1869e402a3d0561ab2bc2a7d8c1318050de31123d",
     "d1d8553d02fa11c4f6c2541162fc7790b65cd8f6ab76f04d6c8d7bb42e0a2088"},
    {"aes-xts-plain64", 64, 512, 0, 0xfffffffffffffffeu,
     "3c6e4159f695b3ae22dce2873be8d0f5756976dd01e941b992ffe2fcf3ae4407",
     "3ec1dbafd5591301d26872b5fa72b50b370d044b5fe8a618ece6563007110041"},
    {"aes-xts-plain64", 32, 4096, 0, 0x0000000000000003u,
     "7135150c5ba072d23f447abbce33672466bbec37c49c2ee6358ef99d7ba7b8b1",
     "b8b30a365bfa499a90eaaa0c251b9eabc2489265cc9680c782f4b81276b14c54"},
    {"aes-xts-plain64", 32, 4096, BRISK_SECTOR_LARGE_IV, 0x0000000000000003u,
     "b0bc97a7b8983dc113f73d7108af54496d03b0657117bde87250ea2c63418f90",
     "b3289577098e6efa9070862132ebd0a4fd2c0db529d368b35f9a6232ff19b649"},
    {"aes-cbc-plain64", 16, 1024, 0, 0x8000000000000001u,
     "4b9fb8f1b0d6fb655774afa17b97fedb277e4481ebeb3a2a918de60f1167c414",
     "80ac40f8a544fa7ff4170eefb547d325a283c26f495c10a799771b145147a012"},
    {"aes-ecb", 16, 512, 0, 0x0000000000000009u,
     "268590873ef180ab539cf461a5c5f8929995d4a8b9338747669ac484fc5403ef",
     "3732afafba54f3c03b8282093fb4422bbf4b978344025fa896313ecb1456f6bc"},
    {"aes-xts-essiv:sha256", 64, 512, 0, 0x0000000000000005u,
     "f8b8c3dbc21481b72c0e50ac1345971683ec173495547a6ae99fbf76c7d8730d",
     "0fc858876f3f2da3a9e0146801615051914301785ea209333ca30b075ee8f9bc"},
    {"aes-xts-plain", 32, 512, BRISK_SECTOR_LARGE_IV, 0x000000abcdef0123u,
     "a3250a63693718b8164b280f3ea164971a1e0a4b72bb62c5bd6f9949969c63fe",
     "7b5e68968a8c1edd9d511e63005a2ac99d4a3f2e5b087044b75d6065c2e9a67a"},
};

static void test_kats(const char *impl)
{
    for (size_t i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        const kat *k = &kats[i];
        uint8_t key[64], pt[4096], ct[4096], head[32], md[32], want_md[32];
        size_t n;
        brisk_sector_ctx ctx;
        int xts = strstr(k->spec, "-xts-") != NULL;
        for (size_t j = 0; j < k->key_len; j++)
            key[j] = (uint8_t)(xts ? j * 3 + 1 : j);
        for (size_t j = 0; j < k->sector_size; j++)
            pt[j] = (uint8_t)(j * 7 + 3);
        tv_hex_decode(head, sizeof(head), k->head, &n);
        tv_hex_decode(want_md, sizeof(want_md), k->sha256, &n);
        if (!tv_check_int(brisk_sector_init(&ctx, k->spec, key, k->key_len, k->sector_size,
                                            k->flags), 0, "[%s] init %s", impl, k->spec))
            continue;
        tv_check_int(brisk_sector_encrypt(&ctx, ct, pt, k->sector, 1), 0, "[%s] %s enc", impl,
                     k->spec);
        brisk_sha256(md, ct, k->sector_size);
        tv_check_mem(ct, head, 32, "[%s] %s key %zu sector %zu #%zu: head", impl, k->spec,
                     k->key_len, k->sector_size, i);
        tv_check_mem(md, want_md, 32, "[%s] %s #%zu: sha256 of the sector", impl, k->spec, i);
        tv_check_int(brisk_sector_decrypt(&ctx, ct, ct, k->sector, 1), 0, "[%s] dec", impl);
        tv_check_mem(ct, pt, k->sector_size, "[%s] %s #%zu: decrypts", impl, k->spec, i);
        brisk_sector_cleanup(&ctx);
    }
}

/* The specs the property tests run, with their key lengths. */
static const struct {
    const char *spec;
    size_t key_len;
} props[] = {
    {"aes-cbc-plain", 16},        {"aes-cbc-plain64", 32},       {"aes-cbc-plain64be", 24},
    {"aes-cbc-essiv:sha256", 16}, {"aes-cbc-null", 32},          {"aes-xts-plain64", 64},
    {"aes-xts-plain", 32},        {"aes-xts-plain64be", 64},     {"aes-xts-essiv:sha256", 32},
    {"aes-xts-null", 32},         {"aes-xts-plain64", 48},       {"aes-ecb", 16},
    {"aes-ecb-null", 32},         {"aes", 32},
};

static uint64_t random_start(tv_rng *r)
{
    switch (tv_rng_below(r, 3)) {
    case 0:
        return UINT64_MAX - tv_rng_below(r, 20);
    case 1:
        return tv_rng_below(r, 100);
    default:
        return tv_rng_u64(r);
    }
}

/* test_multi: n sectors in one call equal n calls of one sector, both
 * directions, out of place, in place and misaligned. */
static void test_multi(tv_rng *r, const char *impl, const brisk_block_cipher *bc)
{
    enum { MAXN = 17 };
    static const size_t sizes[] = {512, 1024, 4096};
    size_t max = MAXN * 4096 + 16;
    uint8_t *pt = malloc(max), *one = malloc(max), *all = malloc(max), *buf = malloc(max + 16);
    uint8_t key[64];
    int quick = tv_quick();
    for (size_t p = 0; p < sizeof(props) / sizeof(props[0]); p++)
        for (size_t s = 0; s < 3; s++)
            for (unsigned flags = 0; flags <= BRISK_SECTOR_LARGE_IV; flags++) {
                brisk_sector_ctx ctx;
                size_t ss = sizes[s];
                tv_rng_fill(r, key, sizeof(key));
                if (!tv_check_int(brisk_sector_init(&ctx, props[p].spec, key, props[p].key_len,
                                                    ss, flags),
                                  0, "[%s] init %s", impl, props[p].spec))
                    continue;
                if (bc != NULL)
                    ctx.bc = bc;
                for (size_t n = 1; n <= MAXN; n += quick && ss == 4096 ? 4 : 1) {
                    uint64_t start = random_start(r);
                    size_t len = n * ss, off = 1 + tv_rng_below(r, 15);
                    tv_rng_fill(r, pt, len);
                    for (size_t i = 0; i < n; i++)
                        brisk_sector_encrypt(&ctx, one + i * ss, pt + i * ss, start + i, 1);
                    if (bc != NULL) { /* the generic path equals the AES kernels' */
                        brisk_sector_ctx ref;
                        brisk_sector_init(&ref, props[p].spec, key, props[p].key_len, ss, flags);
                        brisk_sector_encrypt(&ref, all, pt, start, n);
                        brisk_sector_cleanup(&ref);
                        tv_check_mem(one, all, len, "[%s] %s sector %zu n %zu: generic = "
                                     "kernels", impl, props[p].spec, ss, n);
                    }
                    tv_check_int(brisk_sector_encrypt(&ctx, all, pt, start, n), 0, "enc");
                    if (!tv_check_mem(all, one, len, "[%s] %s sector %zu flags %u n %zu start "
                                      "%llu: one call = n calls", impl, props[p].spec, ss,
                                      flags, n, (unsigned long long)start))
                        continue;
                    /* In place, misaligned. */
                    memcpy(buf + off, pt, len);
                    brisk_sector_encrypt(&ctx, buf + off, buf + off, start, n);
                    tv_check_mem(buf + off, one, len, "[%s] %s n %zu: in place, offset %zu",
                                 impl, props[p].spec, n, off);
                    brisk_sector_decrypt(&ctx, buf + off, buf + off, start, n);
                    tv_check_mem(buf + off, pt, len, "[%s] %s n %zu: decrypt in place",
                                 impl, props[p].spec, n);
                    /* Decrypt out of place, misaligned, and sector by sector. */
                    memcpy(buf + off, one, len);
                    brisk_sector_decrypt(&ctx, all + 1, buf + off, start, n);
                    tv_check_mem(all + 1, pt, len, "[%s] %s n %zu: decrypt", impl,
                                 props[p].spec, n);
                    for (size_t i = 0; i < n; i++)
                        brisk_sector_decrypt(&ctx, all + i * ss, one + i * ss, start + i, 1);
                    tv_check_mem(all, pt, len, "[%s] %s n %zu: decrypt one by one", impl,
                                 props[p].spec, n);
                }
                brisk_sector_cleanup(&ctx);
            }
    /* Sector numbers wrap as dm-crypt's u64: sector 2^64 - 1 then 0. */
    {
        brisk_sector_ctx ctx;
        tv_rng_fill(r, key, sizeof(key));
        brisk_sector_init(&ctx, "aes-xts-plain64", key, 64, 512, 0);
        tv_rng_fill(r, pt, 1024);
        brisk_sector_encrypt(&ctx, all, pt, UINT64_MAX, 2);
        brisk_sector_encrypt(&ctx, one, pt + 512, 0, 1);
        tv_check_mem(all + 512, one, 512, "[%s] the sector after 2^64 - 1 is 0", impl);
        brisk_sector_cleanup(&ctx);
    }
    free(pt);
    free(one);
    free(all);
    free(buf);
}

/* check: brisk_sector_check gives want and a message containing msg, and
 * brisk_sector_init the same code. */
static void check(const char *spec, size_t key_len, size_t sector_size, unsigned flags, int want,
                  const char *msg)
{
    char why[160];
    uint8_t key[128];
    brisk_sector_ctx ctx;
    for (size_t i = 0; i < sizeof(key); i++)
        key[i] = (uint8_t)(i + 1);
    memset(why, 'x', sizeof(why));
    int got = brisk_sector_check(spec, key_len, sector_size, flags, why, sizeof(why));
    tv_check_int(got, want, "check '%s' key %zu sector %zu flags %u", spec ? spec : "(null)",
                 key_len, sector_size, flags);
    if (want != 0)
        tv_check(strstr(why, msg) != NULL, "check '%s': message '%s' has '%s'",
                 spec ? spec : "(null)", why, msg);
    else
        tv_check_str(why, "", "check '%s': no message", spec);
    tv_check_int(brisk_sector_init(&ctx, spec, key, key_len, sector_size, flags), want,
                 "init '%s' key %zu sector %zu", spec ? spec : "(null)", key_len, sector_size);
    if (want == 0)
        brisk_sector_cleanup(&ctx);
    tv_check_int(brisk_sector_check(spec, key_len, sector_size, flags, NULL, 0), want,
                 "check '%s' without why", spec ? spec : "(null)");
}

static void test_refusals(void)
{
    check("aes-xts-plain64", 64, 512, 0, 0, "");
    check("aes-xts-plain64", 48, 4096, BRISK_SECTOR_LARGE_IV, 0, "");
    check("aes-cbc-essiv:sha256", 16, 1024, 0, 0, "");
    check("aes-cbc-essiv:SHA2-256", 16, 2048, 0, 0, "");
    check("AES-cbc-plain", 24, 512, 0, 0, "");
    check("aes", 32, 512, 0, 0, "");
    check("aes-ecb", 32, 512, 0, 0, "");
    check("foo-cbc-plain", 32, 512, 0, BRISK_ENOTFOUND, "unknown cipher 'foo'");
    check("des-cbc-plain", 8, 512, 0, BRISK_ENOTFOUND, "unknown cipher 'des'");
    check("aes-ctr-plain", 32, 512, 0, BRISK_ENOTFOUND, "unknown cipher mode 'ctr'");
    check("aes-cbc-bar", 32, 512, 0, BRISK_ENOTFOUND, "unknown IV generator 'bar'");
    check("aes-cbc-benbi", 32, 512, 0, BRISK_ENOTFOUND, "unknown IV generator 'benbi'");
    check("aes-cbc-essiv:nohash", 32, 512, 0, BRISK_ENOTFOUND, "unknown ESSIV hash 'nohash'");
    check("aes-cbc-essiv", 32, 512, 0, BRISK_EINVAL, "essiv needs a hash");
    check("aes-cbc-essiv:sha1", 32, 512, 0, BRISK_EINVAL,
          "ESSIV hash 'sha1' gives 160-bit keys; aes takes 128, 192 or 256-bit keys");
    check("aes-cbc-plain64:x", 32, 512, 0, BRISK_EINVAL, "IV generator 'plain64' takes no");
    check("aes-cbc", 32, 512, 0, BRISK_EINVAL, "aes-cbc needs an IV generator");
    check("aes-ecb-plain64", 32, 512, 0, BRISK_EINVAL, "aes-ecb takes no IV generator");
    check("aes-xts-plain64", 32 + 8, 512, 0, BRISK_EINVAL,
          "aes-xts takes 256, 384 or 512-bit keys");
    check("aes-xts-plain64", 33, 512, 0, BRISK_EINVAL, "aes-xts takes 256, 384 or 512-bit keys");
    check("aes-xts-plain64", 16, 512, 0, BRISK_EINVAL, "aes-xts takes 256, 384 or 512-bit keys");
    check("aes-xts-plain64", 128, 512, 0, BRISK_EINVAL, "aes-xts takes");
    check("aes-cbc-plain64", 64, 512, 0, BRISK_EINVAL, "aes-cbc takes 128, 192 or 256-bit keys");
    check("aes-cbc-plain64", 0, 512, 0, BRISK_EINVAL, "aes-cbc takes");
    check("aes-xts-plain64", 64, 1000, 0, BRISK_EINVAL,
          "sector size 1000 is not a power of two from 512 to 4096");
    check("aes-xts-plain64", 64, 256, 0, BRISK_EINVAL, "sector size 256 is not");
    check("aes-xts-plain64", 64, 8192, 0, BRISK_EINVAL, "sector size 8192 is not");
    check("aes-xts-plain64", 64, 0, 0, BRISK_EINVAL, "sector size 0 is not");
    check("aes-xts-plain64", 64, 512, 2, BRISK_EINVAL, "unknown flags");
    check(NULL, 64, 512, 0, BRISK_EINVAL, "no cipher spec");
    check("", 64, 512, 0, BRISK_EINVAL, "malformed cipher spec");
    check("aes--plain64", 64, 512, 0, BRISK_EINVAL, "malformed cipher spec");
    check("aes-xts-", 64, 512, 0, BRISK_EINVAL, "malformed cipher spec");
    check("-xts-plain64", 64, 512, 0, BRISK_EINVAL, "malformed cipher spec");

    /* NULL pointers, equal XTS halves, an uninitialised or failed ctx. */
    brisk_sector_ctx ctx;
    uint8_t key[64] = {1}, buf[512] = {0};
    tv_check_int(brisk_sector_init(NULL, "aes-xts-plain64", key, 64, 512, 0), BRISK_EINVAL,
                 "init NULL ctx");
    tv_check_int(brisk_sector_init(&ctx, "aes-xts-plain64", NULL, 64, 512, 0), BRISK_EINVAL,
                 "init NULL key");
    tv_check_int(brisk_sector_encrypt(&ctx, buf, buf, 0, 1), BRISK_EINVAL, "failed ctx refuses");
    memset(key, 7, sizeof(key));
    tv_check_int(brisk_sector_init(&ctx, "aes-xts-plain64", key, 64, 512, 0), BRISK_EINVAL,
                 "XTS key with equal halves");
    tv_check_int(brisk_sector_init(&ctx, "aes-cbc-plain64", key, 32, 512, 0), 0, "cbc");
    tv_check_int(brisk_sector_encrypt(NULL, buf, buf, 0, 1), BRISK_EINVAL, "encrypt NULL ctx");
    tv_check_int(brisk_sector_encrypt(&ctx, NULL, buf, 0, 1), BRISK_EINVAL, "encrypt NULL out");
    tv_check_int(brisk_sector_decrypt(&ctx, buf, NULL, 0, 1), BRISK_EINVAL, "decrypt NULL in");
    tv_check_int(brisk_sector_encrypt(&ctx, NULL, NULL, 0, 0), 0, "zero sectors");
    tv_check_int(brisk_sector_encrypt(&ctx, buf, buf, 0, SIZE_MAX / 256), BRISK_EINVAL,
                 "a length that overflows size_t");
    brisk_sector_cleanup(&ctx);
    tv_check_int(brisk_sector_encrypt(&ctx, buf, buf, 0, 1), BRISK_EINVAL, "wiped ctx refuses");
    brisk_sector_cleanup(NULL);
    char why[8];
    tv_check_int(brisk_sector_check("foo-cbc-plain", 32, 512, 0, why, sizeof(why)),
                 BRISK_ENOTFOUND, "short why");
    tv_check_str(why, "unknown", "why is truncated and terminated");
}

int main(void)
{
    tv_rng r;
    char list[128];
    const char *impl;
    size_t i = 0;

    tv_begin("test_sector");
    tv_rng_init(&r, tv_seed());
    tv_note("aes: %s", tv_impl_list("aes", list, sizeof(list)));
    while ((impl = tv_impl_next("aes", &i)) != NULL) {
        test_kats(impl);
        test_multi(&r, impl, NULL);
    }
    /* The generic paths (CBC and XTS over the ECB kernel, as for a cipher
     * without mode kernels): the AES descriptor without its CBC kernels,
     * which sector.c does not recognise as AES. */
    static brisk_block_cipher generic_aes;
    generic_aes = brisk_aes_cipher;
    generic_aes.cbc_enc = NULL;
    generic_aes.cbc_dec = NULL;
    test_multi(&r, "generic", &generic_aes);
    test_refusals();
    return tv_end();
}
