/*
 * tests/test_kdf.c - PBKDF2-HMAC (brisk_pbkdf2_hmac) and OpenSSL's
 * EVP_BytesToKey (brisk_evp_bytes_to_key): the published known answers
 * (RFC 6070 for SHA-1, RFC 7914 section 11 for SHA-256, inline since no
 * vector file holds them), `openssl enc -P` outputs for EVP_BytesToKey, and
 * properties against both derivations written out here from the digest and
 * HMAC APIs, for every registered digest: output lengths around the digest
 * length, iteration counts, prefixes, no write past the output, and the
 * EINVAL cases.  The derivations against OpenSSL itself are exercised end
 * to end by tests/test_enc.sh.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

typedef struct pbkdf2_kat {
    const char *md;
    const char *pass;
    size_t pass_len;
    const char *salt;
    size_t salt_len;
    uint32_t iterations;
    const char *dk;
} pbkdf2_kat;

static const pbkdf2_kat pbkdf2_kats[] = {
    /* RFC 6070 section 2 (the 16777216-iteration case runs below only when
     * BRISK_TEST_LONG is set: it takes seconds natively, minutes in qemu). */
    {"sha1", "password", 8, "salt", 4, 1, "0c60c80f961f0e71f3a9b524af6012062fe037a6"},
    {"sha1", "password", 8, "salt", 4, 2, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"},
    {"sha1", "password", 8, "salt", 4, 4096, "4b007901b765489abead49d926f721d065a429c1"},
    {"sha1", "passwordPASSWORDpassword", 24, "saltSALTsaltSALTsaltSALTsaltSALTsalt", 36,
     4096, "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"},
    {"sha1", "pass\0word", 9, "sa\0lt", 5, 4096, "56fa6aa75548099dcc37d7f03425e0c3"},
    /* RFC 7914 section 11. */
    {"sha256", "passwd", 6, "salt", 4, 1,
     "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
     "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
    {"sha256", "Password", 8, "NaCl", 4, 80000,
     "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
     "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},
};

static const pbkdf2_kat pbkdf2_long = {
    "sha1", "password", 8, "salt", 4, 16777216, "eefe3d61cd4da4e4e9945b3d6ba2158c2634e984"};

typedef struct bytes_to_key_kat {
    const char *md;
    const char *pass;
    const char *salt; /* hex, or NULL for -nosalt */
    const char *key, *iv;
} bytes_to_key_kat;

/* Printed by OpenSSL 3.0.19's `openssl enc -CIPHER -k PASS [-S SALT|-nosalt]
 * -md MD -P` (aes-256-cbc, des-ede3-cbc and aes-128-ecb). */
static const bytes_to_key_kat bytes_to_key_kats[] = {
    {"md5", "pass phrase", "0102030405060708",
     "f92cde465c30567f6516887e40ac65f53235aef6f7144a24ce464427d37c51ad",
     "2a1d703c408cc72feb171eb1a3a40d64"},
    {"sha1", "pass phrase", "0102030405060708",
     "7951c48951d8ecbbc2c230ddff13cffd37a8a132a3d3d067e5249f53bf37b986",
     "8e6e1394a750007d511b650dc9a97b59"},
    {"sha256", "pass phrase", "0102030405060708",
     "d021e08c05f8bbe4b5c227060b2599a5904812552c138f2f53cd1b0e85d4c40b",
     "f907df442fee6b6be4ffe7a20ceb2d8e"},
    {"sha512", "pass phrase", "0102030405060708",
     "e9c8154f546aaf6bb1f7e67c4fa4a84004b6ce52906048cc895eaccda145895f",
     "c35d6a28b15010b3f85c771464e890d5"},
    {"md5", "secret", NULL, "5ebe2294ecd0e0f08eab7690d2a6ee6926ae5cc854e36b6b",
     "dfca366848dea6bb"},
    {"sha256", "", "0102030405060708", "66840dda154e8a113c31dd0ad32f7f3a", ""},
};

static void check_pbkdf2_kat(const pbkdf2_kat *k)
{
    const brisk_digest *md = brisk_digest_by_name(k->md);
    uint8_t out[64];
    size_t want_len;
    uint8_t *want = tv_hex_alloc(k->dk, &want_len);

    if (!tv_check(md != NULL && want != NULL && want_len <= sizeof(out),
                  "PBKDF2 vector %s/%s", k->md, k->pass)) {
        free(want);
        return;
    }
    tv_check_int(brisk_pbkdf2_hmac(md, out, want_len, (const uint8_t *)k->pass, k->pass_len,
                                   (const uint8_t *)k->salt, k->salt_len, k->iterations),
                 BRISK_EOK, "PBKDF2-%s c=%u", k->md, (unsigned)k->iterations);
    tv_check_mem(out, want, want_len, "PBKDF2-HMAC-%s P=%s c=%u dkLen=%zu", k->md, k->pass,
                 (unsigned)k->iterations, want_len);
    free(want);
}

static void check_bytes_to_key_kat(const bytes_to_key_kat *k)
{
    const brisk_digest *md = brisk_digest_by_name(k->md);
    uint8_t key[64], iv[16], salt[8];
    size_t key_len, iv_len, salt_len = 0;
    uint8_t *want_key = tv_hex_alloc(k->key, &key_len);
    uint8_t *want_iv = tv_hex_alloc(k->iv, &iv_len);

    if (k->salt != NULL && tv_hex_decode(salt, sizeof(salt), k->salt, &salt_len) != 0)
        salt_len = 0;
    if (tv_check(md != NULL && want_key != NULL && want_iv != NULL &&
                     key_len <= sizeof(key) && iv_len <= sizeof(iv) &&
                     (k->salt == NULL || salt_len == 8),
                 "EVP_BytesToKey vector %s/%s", k->md, k->pass)) {
        tv_check_int(brisk_evp_bytes_to_key(md, key, key_len, iv, iv_len,
                                            (const uint8_t *)k->pass, strlen(k->pass),
                                            k->salt != NULL ? salt : NULL, 1),
                     BRISK_EOK, "EVP_BytesToKey-%s", k->md);
        tv_check_mem(key, want_key, key_len, "EVP_BytesToKey-%s key, pass '%s'", k->md, k->pass);
        tv_check_mem(iv, want_iv, iv_len, "EVP_BytesToKey-%s iv, pass '%s'", k->md, k->pass);
    }
    free(want_key);
    free(want_iv);
}

/* ref_pbkdf2 is RFC 8018 section 5.2 spelt out with one-shot HMACs. */
static void ref_pbkdf2(const brisk_digest *md, uint8_t *out, size_t out_len,
                       const uint8_t *pass, size_t pass_len, const uint8_t *salt,
                       size_t salt_len, uint32_t c)
{
    uint8_t msg[300], u[BRISK_DIGEST_MAX_LEN], t[BRISK_DIGEST_MAX_LEN];
    size_t h = md->digest_len;

    for (uint32_t i = 1; out_len > 0; i++) {
        size_t n = out_len < h ? out_len : h;
        memcpy(msg, salt, salt_len);
        msg[salt_len] = (uint8_t)(i >> 24);
        msg[salt_len + 1] = (uint8_t)(i >> 16);
        msg[salt_len + 2] = (uint8_t)(i >> 8);
        msg[salt_len + 3] = (uint8_t)i;
        brisk_hmac(md, u, pass, pass_len, msg, salt_len + 4);
        memcpy(t, u, h);
        for (uint32_t j = 1; j < c; j++) {
            brisk_hmac(md, u, pass, pass_len, u, h);
            for (size_t k = 0; k < h; k++)
                t[k] ^= u[k];
        }
        memcpy(out, t, n);
        out += n;
        out_len -= n;
    }
}

/* ref_bytes_to_key is EVP_BytesToKey spelt out: all of D_1 || D_2 || ...
 * into out, key_len + iv_len bytes. */
static void ref_bytes_to_key(const brisk_digest *md, uint8_t *out, size_t len,
                             const uint8_t *pass, size_t pass_len, const uint8_t *salt,
                             unsigned count)
{
    uint8_t buf[BRISK_DIGEST_MAX_LEN + 300], d[BRISK_DIGEST_MAX_LEN];
    size_t h = md->digest_len, d_len = 0, pos = 0;

    while (pos < len) {
        size_t m = 0;
        memcpy(buf, d, d_len);
        m += d_len;
        memcpy(buf + m, pass, pass_len);
        m += pass_len;
        if (salt != NULL) {
            memcpy(buf + m, salt, 8);
            m += 8;
        }
        brisk_digest_oneshot(md, d, buf, m);
        for (unsigned j = 1; j < count; j++) {
            memcpy(buf, d, h);
            brisk_digest_oneshot(md, d, buf, h);
        }
        d_len = h;
        for (size_t k = 0; k < h && pos < len; k++)
            out[pos++] = d[k];
    }
}

/* The lengths tried for one digest: around one and two digest lengths. */
static size_t test_length(const brisk_digest *md, size_t i)
{
    const size_t h = md->digest_len;
    const size_t lens[] = {1, h - 1, h, h + 1, 2 * h + 3, 150};
    return i < sizeof(lens) / sizeof(lens[0]) ? lens[i] : 0;
}

#define CANARY 0xa5

static void test_pbkdf2_props(const brisk_digest *md, tv_rng *rng)
{
    uint8_t pass[200], salt[100], out[160], ref[160], full[160];
    size_t pass_len = tv_rng_below(rng, sizeof(pass)), salt_len = tv_rng_below(rng, sizeof(salt));
    size_t len;

    tv_rng_fill(rng, pass, pass_len);
    tv_rng_fill(rng, salt, salt_len);
    brisk_pbkdf2_hmac(md, full, sizeof(full), pass, pass_len, salt, salt_len, 3);
    for (size_t i = 0; (len = test_length(md, i)) != 0; i++) {
        for (uint32_t c = 1; c <= 3; c++) {
            memset(out, CANARY, sizeof(out));
            ref_pbkdf2(md, ref, len, pass, pass_len, salt, salt_len, c);
            tv_check_int(brisk_pbkdf2_hmac(md, out, len, pass, pass_len, salt, salt_len, c),
                         BRISK_EOK, "PBKDF2-%s len %zu c %u", md->name, len, (unsigned)c);
            tv_check_mem(out, ref, len, "PBKDF2-%s against the reference: pass %zu salt %zu "
                         "len %zu c %u", md->name, pass_len, salt_len, len, (unsigned)c);
            tv_check(len == sizeof(out) || out[len] == CANARY,
                     "PBKDF2-%s len %zu wrote past the output", md->name, len);
            if (c == 3)
                tv_check_mem(out, full, len, "PBKDF2-%s len %zu is a prefix of len %zu",
                             md->name, len, sizeof(full));
        }
    }
    /* An empty password and an empty salt are allowed (and NULL then). */
    ref_pbkdf2(md, ref, 40, pass, 0, salt, 0, 2);
    tv_check_int(brisk_pbkdf2_hmac(md, out, 40, NULL, 0, NULL, 0, 2), BRISK_EOK,
                 "PBKDF2-%s empty password and salt", md->name);
    tv_check_mem(out, ref, 40, "PBKDF2-%s empty password and salt", md->name);
}

static void test_bytes_to_key_props(const brisk_digest *md, tv_rng *rng)
{
    uint8_t pass[200], salt[8], key[100], iv[40], ref[140];
    size_t pass_len = tv_rng_below(rng, sizeof(pass));
    const size_t key_lens[] = {0, 5, 16, 24, 32, 64, 100};
    const size_t iv_lens[] = {0, 8, 16, 40};

    tv_rng_fill(rng, pass, pass_len);
    tv_rng_fill(rng, salt, sizeof(salt));
    for (size_t a = 0; a < sizeof(key_lens) / sizeof(key_lens[0]); a++) {
        for (size_t b = 0; b < sizeof(iv_lens) / sizeof(iv_lens[0]); b++) {
            size_t kl = key_lens[a], il = iv_lens[b];
            for (unsigned count = 1; count <= 3; count += 2) {
                const uint8_t *s = count == 3 ? NULL : salt;
                memset(key, CANARY, sizeof(key));
                memset(iv, CANARY, sizeof(iv));
                ref_bytes_to_key(md, ref, kl + il, pass, pass_len, s, count);
                tv_check_int(brisk_evp_bytes_to_key(md, key, kl, iv, il, pass, pass_len, s,
                                                    count),
                             BRISK_EOK, "EVP_BytesToKey-%s %zu+%zu", md->name, kl, il);
                tv_check_mem(key, ref, kl, "EVP_BytesToKey-%s key %zu+%zu count %u",
                             md->name, kl, il, count);
                tv_check_mem(iv, ref + kl, il, "EVP_BytesToKey-%s iv %zu+%zu count %u",
                             md->name, kl, il, count);
                tv_check((kl == sizeof(key) || key[kl] == CANARY) &&
                             (il == sizeof(iv) || iv[il] == CANARY),
                         "EVP_BytesToKey-%s %zu+%zu wrote past an output", md->name, kl, il);
            }
        }
    }
}

static void test_errors(void)
{
    const brisk_digest *md = &brisk_digest_sha256;
    const uint8_t p[4] = "pass", s[8] = "saltsalt";
    uint8_t out[32], iv[16];

    tv_check_int(brisk_pbkdf2_hmac(NULL, out, 32, p, 4, s, 8, 1), BRISK_EINVAL,
                 "PBKDF2: NULL digest");
    tv_check_int(brisk_pbkdf2_hmac(md, out, 32, p, 4, s, 8, 0), BRISK_EINVAL,
                 "PBKDF2: 0 iterations");
    tv_check_int(brisk_pbkdf2_hmac(md, NULL, 32, p, 4, s, 8, 1), BRISK_EINVAL,
                 "PBKDF2: NULL output");
    tv_check_int(brisk_pbkdf2_hmac(md, out, 32, NULL, 4, s, 8, 1), BRISK_EINVAL,
                 "PBKDF2: NULL password");
    tv_check_int(brisk_pbkdf2_hmac(md, out, 32, p, 4, NULL, 8, 1), BRISK_EINVAL,
                 "PBKDF2: NULL salt");
    tv_check_int(brisk_pbkdf2_hmac(md, NULL, 0, p, 4, s, 8, 1), BRISK_EOK,
                 "PBKDF2: empty output");
    tv_check_int(brisk_evp_bytes_to_key(NULL, out, 32, iv, 16, p, 4, s, 1), BRISK_EINVAL,
                 "EVP_BytesToKey: NULL digest");
    tv_check_int(brisk_evp_bytes_to_key(md, out, 32, iv, 16, p, 4, s, 0), BRISK_EINVAL,
                 "EVP_BytesToKey: count 0");
    tv_check_int(brisk_evp_bytes_to_key(md, NULL, 32, iv, 16, p, 4, s, 1), BRISK_EINVAL,
                 "EVP_BytesToKey: NULL key");
    tv_check_int(brisk_evp_bytes_to_key(md, out, 32, NULL, 16, p, 4, s, 1), BRISK_EINVAL,
                 "EVP_BytesToKey: NULL iv");
    tv_check_int(brisk_evp_bytes_to_key(md, out, 32, iv, 16, NULL, 4, s, 1), BRISK_EINVAL,
                 "EVP_BytesToKey: NULL password");
    tv_check_int(brisk_evp_bytes_to_key(md, NULL, 0, NULL, 0, p, 4, s, 1), BRISK_EOK,
                 "EVP_BytesToKey: nothing to derive");
}

int main(void)
{
    tv_rng rng;
    uint64_t seed = tv_seed();
    const char *env = getenv("BRISK_TEST_LONG");

    tv_begin("test_kdf");
    tv_note("seed %#llx", (unsigned long long)seed);
    tv_rng_init(&rng, seed);
    for (size_t i = 0; i < sizeof(pbkdf2_kats) / sizeof(pbkdf2_kats[0]); i++)
        check_pbkdf2_kat(&pbkdf2_kats[i]);
    if (env != NULL && env[0] != '\0' && strcmp(env, "0") != 0)
        check_pbkdf2_kat(&pbkdf2_long);
    else
        tv_note("RFC 6070's 16777216-iteration vector skipped (set BRISK_TEST_LONG=1)");
    for (size_t i = 0; i < sizeof(bytes_to_key_kats) / sizeof(bytes_to_key_kats[0]); i++)
        check_bytes_to_key_kat(&bytes_to_key_kats[i]);
    for (size_t i = 0; brisk_digest_at(i) != NULL; i++) {
        test_pbkdf2_props(brisk_digest_at(i), &rng);
        test_bytes_to_key_props(brisk_digest_at(i), &rng);
    }
    test_errors();
    return tv_end();
}
