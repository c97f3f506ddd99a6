/*
 * tests/test_pkey_enc.c - password-encrypted private keys (brisk/pkey.h):
 * keys the openssl command encrypted (inlined below, both forms, several
 * ciphers and PRFs) decrypt to the keys of tests/test_pkey.c; every cipher
 * in both forms, RSA and DSA, with empty, short and long passwords, round
 * trips; a wrong password is BRISK_EDECRYPT; the plain decoders say
 * BRISK_EENCRYPTED; every truncation and every one-byte change of an
 * encrypted key is refused; other schemes, PRFs and ciphers are
 * BRISK_EUNSUPPORTED; DEK-Info errors; output sizes and bad arguments.
 * tests/test_diff_pkey_enc.c checks the same against libcrypto.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* ---- Keys the openssl command (3.0) encrypted, password "brisk" ----
 * The keys are rsa_trad_pem and dsa_trad_pem of tests/test_pkey.c:
 *   openssl pkcs8 -topk8 -v2 aes-128-cbc -v2prf hmacWithSHA512 -iter 1000
 *       -in rsa.pem -passout pass:brisk                        (rsa_p8)
 *   openssl rsa -in rsa.pem -des3 -traditional -passout pass:brisk (rsa_tr)
 *   openssl pkcs8 -topk8 -v2 des3 -v2prf hmacWithSHA1 -in dsa.pem
 *       -passout pass:brisk   (the PRF left out: SHA-1 is the default) (dsa_p8)
 *   openssl dsa -in dsa.pem -aes256 -passout pass:brisk           (dsa_tr) */
static const char rsa_p8[] =
    "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
    "MIIBvTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQI1JL3aWNn8vgCAgPo\n"
    "MAwGCCqGSIb3DQILBQAwHQYJYIZIAWUDBAECBBDaWtLGCEfDMB9+6y0ZH3VCBIIB\n"
    "YCCVd6pGkz70u9g2SNqX9It9q+xKM2KF0bjT/N4LbXnUh9ogSawU558WXL8sKV2e\n"
    "1tp16mJMfDgAu9XtaBB4f+XGkezYIzPvybmys6fz1OPxTzbobvYi0V+OsuB/ZiLM\n"
    "N9E3lWdsUbZQatwjlsMfulxoNOgLJWjNAXuoLlcW4iy5y/vdO5gm6tNVJU5/Ir/5\n"
    "8TN0/pwCKh58Vazk6ctiTgMAzqndoJHrJw04SdtjMV5ELykQebR05qeyA02bG9wD\n"
    "KWGqbBy/XDyC5bEOSWugFU+rY2ApaDen9wG6BNQCyzKOKoLLkdOxlHSC3Ji6wGXg\n"
    "27nf9nLkyy83MzQHYl0Z/iKZfUUIZ0qu1H/ikmVaf4aIjhwBmYsxRUKqOl24X1jm\n"
    "CdUqdjieo2ab1l7A/g7cEM2MqftcbwMZo6P2WpDL3q+3SfB2+QkRan8Miw53gybv\n"
    "CDeanpkfUUXj7WDhZLaw0Fw=\n"
    "-----END ENCRYPTED PRIVATE KEY-----\n";
static const char rsa_tr[] =
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "Proc-Type: 4,ENCRYPTED\n"
    "DEK-Info: DES-EDE3-CBC,DB53E7215206C387\n"
    "\n"
    "DWVY5DR50VGu6rUyCsGA9NGW6R2y3Md6pcRq+CeHs8tdxzwrrcNmG8prgDhrPmgs\n"
    "HvdArx0y+Nz7gCPcbTYOwb9y7AEBzR+kgfqvZTPBoIO666QAuUbBAPKekoU5/EiY\n"
    "E0S5EzUz6gGZbpbqnBOZjt0DGUWzLIEyFW75yGb1vEeUuunA4LjP8O8bh92l7GDh\n"
    "l7P0T8L8GPRNsZ0Y2juwWJ0zoHuPwQhtZjogt1wTxYkQkSR7YakBJhsafiMdcXIZ\n"
    "gIK6t+eoVf0v+7ttVWhxXcT+LCCKLLHrmfN742ijSfcfLIDY9r0BuVebY83uXxKP\n"
    "LoDo2yMSs/WtFWaYRgAx6qzJZx87Lol5WHmm+OttGsl2bv2nxWYozc5nb0FJ1XWp\n"
    "81FhkpatbYI4QRzVgAm/nSckRyrwTPAFtTG+J/XvXD0=\n"
    "-----END RSA PRIVATE KEY-----\n";
static const char dsa_p8[] =
    "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
    "MIIBljBABgkqhkiG9w0BBQ0wMzAbBgkqhkiG9w0BBQwwDgQINlFGWY90/n0CAggA\n"
    "MBQGCCqGSIb3DQMHBAigWhskzr13TwSCAVBUHcNkTFGJUFAoFyYRW63pfcTdqq0e\n"
    "GYJEQuiV9mAlXOruSKmGRBliEKbX+zEdXfXTZLfPu0ArSP0pai1JBpqWPas37R2Q\n"
    "4+Y2OYQhWW0TruwE+RejrqXVuVbrRiDGkDt5OEbYT4q0YYOntBl1cho+1pW1gAre\n"
    "uqcOusYT+y1tpfBsIb5OUH2p0bgkyiFifBjrvwU1S/9yood6e9kY2DKSSVPpexkK\n"
    "p9HiceAxGgGfzPvpWV7zSggn25r3fm3h4yulb8lroIWlsTcpFGwO942Nccq8Crtg\n"
    "47bl0DLNK5B9GzTplkzqRSZCBgWIVrgWU0I1vCQe9JBVM0hZKbPiiq+ZH8IFmQUV\n"
    "sQg+RWFn63DCw+J+f6aRkkbgrcGOHI1vOmz7Qf4f/w29KDn14XuDxExojZ15GU/V\n"
    "/hZRb21BppZj1IZZ3Ki8A+qIPqDL6MdUea8=\n"
    "-----END ENCRYPTED PRIVATE KEY-----\n";
static const char dsa_tr[] =
    "-----BEGIN DSA PRIVATE KEY-----\n"
    "Proc-Type: 4,ENCRYPTED\n"
    "DEK-Info: AES-256-CBC,5DD5559D9BECD4B828D42A5FFA3B8045\n"
    "\n"
    "0nSFgCAIUy7Wmp660bEYpZxGK0g7O5fxoNWq6ybpGFDG7ioAC46JIPysPodQsquY\n"
    "WRszIC2KFxp7rXWh5KEnDuDrEVcLF5vZSr85+wWdNvAk0e1a5BAirAzNX5nZqWV5\n"
    "XwT6951pbFZvntB1/lOBa/gRNIfmV+31ZpyD6zutdsMcLmamp4tJCNBC8XIUefq/\n"
    "Pc9goBAYJ1r0qlPk8u6Af5a12KUVPdwIF9FLxtLhHn9LGvtc48vVyvjtqdccyPFF\n"
    "zBdPyziedcBgH1wK3KR9Qn/f6YX0NNUsZQ6g7/9x3EObAk6upd9OAoQ8Uk+CsFG5\n"
    "7L2mY7BDKBKnJQL7FOLuzcF2Oe86FB8lzYja/n1KUXoUJXbBKrcmkki+IYLYqN5c\n"
    "lgp6JcxXqvWstRVBvF94Us0OMe1t199tDqyNy0PYdSmBvXyxPZu56WSnD4mtFLYX\n"
    "xKIGeTnLRLmmDnal0dfFWyaKLVAWM1bgWXOIJ5fcuq4Hvdo/x2+iaIop7WjHO3LM\n"
    "M+nYGQCG1bNfhvwgbAbdl2C16HShiFEcpvSFf0AD8F778FL+IsjWTVUbpbx2SIl3\n"
    "sH7f9GHqa5HRZygEdoxJBQ==\n"
    "-----END DSA PRIVATE KEY-----\n";

static const char rsa_plain[] =
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIBOQIBAAJBAMJu8jJv4WhKrhxU2pCbIZgiujUCbOm0J6QGcE2B1IWwu/L2/iXf\n"
    "iS7llZuaOFxxVr/OHw5l6K5hP17XUjCuwNkCAwEAAQJAHDzcs/KHvAvMiZTRQVsm\n"
    "X9/7RyOZCb/+WdYNjVQjt16Yqaxj0DRddyyKmu7nAVqvLhHRVOxChoqm971899zT\n"
    "WQIhAOrXtnQ4MskkDGhvspEP6OEXD7bS5f6E4HqOjVfK6aTvAiEA0/NBd5GvLgHd\n"
    "YNOk5fXvWdP3Y80ufLnZ6qxX1m13xrcCICWBzEcljp7nXf/0Dv3yH4yLpVvatRcA\n"
    "W+XXDKX/528LAiAtF6jK/oStnhnyOrTvc9ZbXxxX8FQ+lu/E3KvHY/zCmwIgXCb9\n"
    "MrJ+vx6J9yemQRQw41R7OyTb5Mip8qYnpZl/lQk=\n"
    "-----END RSA PRIVATE KEY-----\n";
static const char dsa_plain[] =
    "-----BEGIN DSA PRIVATE KEY-----\n"
    "MIIBuwIBAAKBgQD1TDhQVO4RupJydAD99WyeWu9NGrKJQx69AWm9u9xbPnQa3EB4\n"
    "42QV1i3lQy4BMz7WyeZK1ex6elmnyof4eMzD4VKosU+DowHwP8sLofsCftIrzqrn\n"
    "ezE0VzDoDxnkEpdQVred25fF4pHBKStw2BLJy7bj+ySDuXumsue5MmhrDQIVAIzI\n"
    "4Sjxa4/Ylph8FRoxS4pE3RKHAoGBAO3hfXaB05qhod7+zoTfVliStEa2JkJFJA9/\n"
    "ac3ogk+vF1gNqe0xiPTsZMnp9EQAOEmZGUGgXvZHVn4Dtifo5DDJgUzxRwcszSIb\n"
    "AO+JOpbBpvmkvk5SDAZFkXnSrv/B8iq9sVybmjk8N//qlDu4lj1g2T1TEmE6yxgi\n"
    "97gBrMo+AoGACLbaMp+8lXCTnnhofoyAouBfuiJAOrFvvnsFCaXrM+vsFQD8CBdq\n"
    "IVXPPgNo2nS3V/h3CYsq9QxIpIt1/Jr95CZAiaUEiMUpsVrbpD6HzNwHkgfTxhvL\n"
    "5INBhOdgGF5xQruLKPkPMnLpQQXmrBXYMRL/L6k3qup9M3XuUAwLSvECFCDCec0d\n"
    "e5DrQhIfX+XX2vk/3vT6\n"
    "-----END DSA PRIVATE KEY-----\n";

#define PASS ((const uint8_t *)"brisk")
#define BUF 16384

static const char *const ciphers[] = {"aes-128-cbc", "aes-192-cbc", "aes-256-cbc",
                                      "des-ede3-cbc", "des-cbc"};
#define N_CIPHERS (sizeof(ciphers) / sizeof(ciphers[0]))

/* same_key checks that a and b are the same private key (their PKCS#8). */
static void same_key(const brisk_pkey *a, const brisk_pkey *b, const char *what)
{
    static uint8_t da[BUF], db[BUF];
    size_t la = sizeof(da), lb = sizeof(db);

    if (tv_check_int(brisk_pkey_to_der(da, &la, a, BRISK_PKEY_FORM_PKCS8), 0, "%s: der a", what) &&
        tv_check_int(brisk_pkey_to_der(db, &lb, b, BRISK_PKEY_FORM_PKCS8), 0, "%s: der b", what) &&
        tv_check_int((long long)la, (long long)lb, "%s: length", what))
        tv_check_mem(da, db, la, "%s: same key", what);
}

static int load_plain(brisk_pkey *key, const char *pem)
{
    return tv_check_int(brisk_pkey_from_pem(key, pem, strlen(pem)), 0, "plain key");
}

/* pem_body_der decodes the base64 body of a PEM text (no headers) to der. */
static size_t pem_body_der(uint8_t *der, size_t cap, const char *pem);

static void test_openssl_made(void)
{
    static const struct {
        const char *name, *enc, *plain;
        int pkcs8;
    } f[] = {
        {"rsa pkcs8 aes-128-cbc hmacWithSHA512", rsa_p8, rsa_plain, 1},
        {"rsa traditional des-ede3-cbc", rsa_tr, rsa_plain, 0},
        {"dsa pkcs8 des-ede3-cbc hmacWithSHA1 (default)", dsa_p8, dsa_plain, 1},
        {"dsa traditional aes-256-cbc", dsa_tr, dsa_plain, 0},
    };
    for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
        brisk_pkey want, key;
        size_t len = strlen(f[i].enc);
        if (!load_plain(&want, f[i].plain))
            continue;
        if (tv_check_int(brisk_pkey_from_pem_pass(&key, f[i].enc, len, PASS, 5), 0,
                         "%s: decrypt", f[i].name))
            same_key(&key, &want, f[i].name);
        brisk_pkey_cleanup(&key);
        tv_check_int(brisk_pkey_from_pem_pass(&key, f[i].enc, len, PASS, 4), BRISK_EDECRYPT,
                     "%s: password cut short", f[i].name);
        tv_check_int(brisk_pkey_from_pem_pass(&key, f[i].enc, len, (const uint8_t *)"Brisk", 5),
                     BRISK_EDECRYPT, "%s: wrong password", f[i].name);
        tv_check_int(brisk_pkey_from_pem_pass(&key, f[i].enc, len, NULL, 0), BRISK_EDECRYPT,
                     "%s: empty password", f[i].name);
        tv_check_int(brisk_pkey_from_pem(&key, f[i].enc, len), BRISK_EENCRYPTED,
                     "%s: from_pem says encrypted", f[i].name);
        if (f[i].pkcs8) {
            static uint8_t der[BUF];
            size_t der_len = pem_body_der(der, sizeof(der), f[i].enc);
            tv_check_int(brisk_pkey_from_der(&key, der, der_len), BRISK_EENCRYPTED,
                         "%s: from_der says encrypted", f[i].name);
            if (tv_check_int(brisk_pkey_from_der_pass(&key, der, der_len, PASS, 5), 0,
                             "%s: from_der_pass", f[i].name))
                same_key(&key, &want, f[i].name);
            brisk_pkey_cleanup(&key);
        }
        /* an unencrypted key reads with a password, which goes unused */
        tv_check_int(brisk_pkey_from_pem_pass(&key, f[i].plain, strlen(f[i].plain), PASS, 5), 0,
                     "%s: plain key with a password", f[i].name);
        brisk_pkey_cleanup(&key);
        brisk_pkey_cleanup(&want);
    }
}

static size_t pem_body_der(uint8_t *der, size_t cap, const char *pem)
{
    /* decode through brisk itself would be circular for the DER tests:
     * a small base64 decoder of the lines between the armor */
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = strchr(pem, '\n') + 1, *end = strstr(p, "-----END");
    uint32_t acc = 0;
    int bits = 0;
    size_t n = 0;

    for (; p < end; p++) {
        const char *c = strchr(b64, *p);
        if (*p == '\n' || *p == '=' || c == NULL)
            continue;
        acc = acc << 6 | (uint32_t)(c - b64);
        bits += 6;
        if (bits >= 8 && n < cap) {
            bits -= 8;
            der[n++] = (uint8_t)(acc >> bits);
        }
    }
    return n;
}

/* ---- Round trips ---- */

static void round_trip(const brisk_pkey *key, const char *cipher, int form, const uint8_t *pass,
                       size_t pass_len, const char *what)
{
    static char pem[BUF], pem2[BUF];
    static uint8_t der[BUF];
    size_t len = sizeof(pem), len2 = sizeof(pem2), need = 0, der_len = sizeof(der);
    brisk_pkey back;
    uint8_t wrong[1] = {'x'};

    if (!tv_check_int(brisk_pkey_to_pem_encrypted(pem, &len, key, form, cipher, pass, pass_len),
                      0, "%s: encrypt", what))
        return;
    tv_check_int(brisk_pkey_to_pem_encrypted(NULL, &need, key, form, cipher, pass, pass_len), 0,
                 "%s: length query", what);
    tv_check_int((long long)need, (long long)len, "%s: length query's answer", what);
    tv_check(strstr(pem, form == BRISK_PKEY_FORM_PKCS8 ? "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"
                                                       : "Proc-Type: 4,ENCRYPTED\nDEK-Info: ") != NULL,
             "%s: armor", what);
    if (tv_check_int(brisk_pkey_from_pem_pass(&back, pem, len, pass, pass_len), 0,
                     "%s: decrypt", what))
        same_key(&back, key, what);
    brisk_pkey_cleanup(&back);
    /* another password, not pass with NUL bytes added or taken away
     * (HMAC pads its key with zeros: PBKDF2 takes those for the same) */
    if (pass_len > 0)
        wrong[0] = (uint8_t)(pass[0] ^ 1);
    tv_check_int(brisk_pkey_from_pem_pass(&back, pem, len, wrong, 1), BRISK_EDECRYPT,
                 "%s: wrong password", what);
    /* a fresh salt and IV each time */
    if (brisk_pkey_to_pem_encrypted(pem2, &len2, key, form, cipher, pass, pass_len) == 0)
        tv_check(len2 == len && memcmp(pem, pem2, len) != 0, "%s: two encryptions differ", what);
    if (form != BRISK_PKEY_FORM_PKCS8)
        return;
    if (!tv_check_int(brisk_pkey_to_der_encrypted(der, &der_len, key, cipher, pass, pass_len), 0,
                      "%s: der", what))
        return;
    if (tv_check_int(brisk_pkey_from_der_pass(&back, der, der_len, pass, pass_len), 0,
                     "%s: der decrypt", what))
        same_key(&back, key, what);
    brisk_pkey_cleanup(&back);
}

static void test_round_trips(tv_rng *rng)
{
    static uint8_t long_pass[1000];
    const char *keys[2] = {rsa_plain, dsa_plain};

    tv_rng_fill(rng, long_pass, sizeof(long_pass));
    for (int k = 0; k < 2; k++) {
        brisk_pkey key;
        if (!load_plain(&key, keys[k]))
            continue;
        for (size_t c = 0; c < N_CIPHERS; c++)
            for (int form = BRISK_PKEY_FORM_PKCS8; form <= BRISK_PKEY_FORM_TRADITIONAL; form++) {
                char what[96];
                size_t plen = tv_rng_below(rng, 3) == 0 ? 0 : 1 + tv_rng_below(rng, 1000);
                snprintf(what, sizeof(what), "%s %s %s, %zu-byte password", k ? "dsa" : "rsa",
                         ciphers[c], form == BRISK_PKEY_FORM_PKCS8 ? "pkcs8" : "traditional",
                         plen);
                round_trip(&key, ciphers[c], form, long_pass, plen, what);
            }
        /* NULL is aes-256-cbc; OpenSSL's aliases */
        round_trip(&key, NULL, BRISK_PKEY_FORM_PKCS8, PASS, 5, "default cipher");
        round_trip(&key, "des3", BRISK_PKEY_FORM_TRADITIONAL, PASS, 5, "des3 alias");
        round_trip(&key, "AES128", BRISK_PKEY_FORM_PKCS8, PASS, 5, "AES128 alias");
        brisk_pkey_cleanup(&key);
    }
}

/* ---- What OpenSSL 3.0 writes, and what is refused ---- */

/* find_from returns the offset of hex's bytes in der at or after start,
 * or -1. */
static long find_from(const uint8_t *der, size_t len, size_t start, const char *hex)
{
    uint8_t pat[64];
    size_t n;

    if (tv_hex_decode(pat, sizeof(pat), hex, &n) != 0)
        return -1;
    for (size_t i = start; i + n <= len; i++)
        if (memcmp(der + i, pat, n) == 0)
            return (long)i;
    return -1;
}

/* find returns the offset of hex's bytes in der, or -1. */
static long find(const uint8_t *der, size_t len, const char *hex)
{
    return find_from(der, len, 0, hex);
}

static void expect_der(const uint8_t *der, size_t len, int want, const char *what)
{
    brisk_pkey key;

    tv_check_int(brisk_pkey_from_der_pass(&key, der, len, PASS, 5), want, "%s", what);
    brisk_pkey_cleanup(&key);
}

/* edited: der with the bytes of `from` (hex), looked for from start on,
 * replaced by `to`. */
static void expect_edit(const uint8_t *der, size_t len, size_t start, const char *from,
                        const char *to, int want, const char *what)
{
    static uint8_t e[BUF];
    uint8_t b[32];
    long at = find_from(der, len, start, from);
    size_t n;

    if (!tv_check(at >= 0 && tv_hex_decode(b, sizeof(b), to, &n) == 0, "%s: pattern", what))
        return;
    memcpy(e, der, len);
    memcpy(e + at, b, n);
    expect_der(e, len, want, what);
}

/* An EncryptedPrivateKeyInfo built by hand around a 4-byte iteration
 * count (PBKDF2-HMAC-SHA256, aes-256-cbc, one block of zeros). */
static void expect_iterations(const char *iter_hex, int want, const char *what)
{
    static uint8_t der[256];
    char hex[512];
    size_t len;

    snprintf(hex, sizeof(hex),
             "306d3059"
             "06092a864886f70d01050d304c302b06092a864886f70d01050c301e"
             "040801020304050607080204%s300c06082a864886f70d02090500"
             "301d060960864801650304012a041000000000000000000000000000000000"
             "041000000000000000000000000000000000",
             iter_hex);
    if (tv_check(tv_hex_decode(der, sizeof(der), hex, &len) == 0 && len == 111, "%s: hex",
                 what))
        expect_der(der, len, want, what);
}

static void test_refusals(void)
{
    static uint8_t der[BUF], e[BUF];
    size_t len = sizeof(der);
    brisk_pkey key, key2;

    if (!load_plain(&key, rsa_plain))
        return;
    if (!tv_check_int(brisk_pkey_to_der_encrypted(der, &len, &key, NULL, PASS, 5), 0,
                      "encrypt"))
        return;
    /* the layout OpenSSL 3.0 writes: PBES2, PBKDF2 with an 8-byte salt,
     * 2048 iterations, no keyLength, hmacWithSHA256 with NULL parameters,
     * aes-256-cbc with a 16-byte IV */
    tv_check(find(der, len, "06092a864886f70d01050d") == 6, "PBES2 OID");
    tv_check(find(der, len, "06092a864886f70d01050c301c0408") == 21, "PBKDF2, 8-byte salt");
    tv_check(find(der, len, "02020800300c06082a864886f70d02090500301d060960864801650304012a0410") ==
                 44,
             "2048 iterations, hmacWithSHA256, aes-256-cbc");
    expect_der(der, len, 0, "as written");
    for (size_t i = 0; i < len; i++)
        tv_check_int(brisk_pkey_from_der_pass(&key2, der, i, PASS, 5), BRISK_EDECODE,
                     "truncated to %zu bytes", i);
    for (size_t i = 0; i < len; i++) {
        brisk_pkey k2;
        int err;
        memcpy(e, der, len);
        e[i] ^= 0x01;
        err = brisk_pkey_from_der_pass(&k2, e, len, PASS, 5);
        tv_check(err == BRISK_EDECODE || err == BRISK_EDECRYPT || err == BRISK_EUNSUPPORTED ||
                     err == BRISK_EENCRYPTED,
                 "byte %zu changed: refused (%d)", i, err);
        brisk_pkey_cleanup(&k2);
    }
    memcpy(e, der, len);
    e[len - 1] ^= 0x80;   /* the padding's block */
    expect_der(e, len, BRISK_EDECRYPT, "last ciphertext block changed");
    /* The salt (bytes 36 to 43, just before the iteration count at 44) is
     * random: a short pattern looked for from the start would be found
     * there now and then ("2a0410" at one of its six offsets once in 2^21.4
     * runs, "0500301d" once in 2^29.7), and the edit would change the salt
     * instead of the field named.  Fields after it are looked for after it;
     * the IV and the ciphertext come after them all. */
    const size_t after_salt = 44;
    expect_edit(der, len, 0, "06092a864886f70d01050d", "06092a864886f70d010503",
                BRISK_EUNSUPPORTED, "PBES1 (pbeWithMD5AndDES-CBC)");
    expect_edit(der, len, 0, "06092a864886f70d01050c", "06092a864886f70d01050e",
                BRISK_EUNSUPPORTED, "another KDF");
    expect_edit(der, len, after_salt, "06082a864886f70d0209", "06082a864886f70d0205",
                BRISK_EUNSUPPORTED, "hmacWithMD5 PRF");
    expect_edit(der, len, after_salt, "060960864801650304012a", "060960864801650304012c",
                BRISK_EUNSUPPORTED, "aes-256-cfb");
    expect_edit(der, len, after_salt, "060960864801650304012a", "060960864801650304012e",
                BRISK_EUNSUPPORTED, "aes-256-gcm");
    expect_edit(der, len, after_salt, "0202080030", "0202000030", BRISK_EDECODE,
                "iterations 0x0000");
    /* 0x0800 to 0x0898 (fits: the INTEGER's length stays 2) is accepted by
     * the parser and only fails to decrypt; 2^24 + 1 and more need a
     * longer INTEGER, so the cap is checked by value below */
    expect_edit(der, len, after_salt, "0202080030", "0202089830", BRISK_EDECRYPT,
                "other iterations");
    expect_edit(der, len, after_salt, "0202080030", "0202800030", BRISK_EDECODE,
                "negative iterations");
    expect_edit(der, len, after_salt, "0500301d", "0400301d", BRISK_EDECODE,
                "PRF parameters not NULL");
    expect_iterations("00989681", BRISK_EUNSUPPORTED, "10000001 iterations: over the cap");
    expect_iterations("7fffffff", BRISK_EUNSUPPORTED, "2^31 - 1 iterations");
    expect_iterations("00000800", BRISK_EDECODE, "iterations not minimally encoded");
    /* (the smallest 4-byte count, 2^23, is under the cap but costs a
     * second: "other iterations" above shows counts are taken) */
    expect_edit(der, len, after_salt, "2a0410", "2a0408", BRISK_EDECODE, "IV of 8 bytes for AES");
    brisk_pkey_cleanup(&key);
}

static void test_dek_info(void)
{
    static const struct {
        const char *from, *to;
        int want;
        const char *what;
    } edits[] = {
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: BF-CBC,", BRISK_EUNSUPPORTED, "BF-CBC"},
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: NO-SUCH-CBC,", BRISK_EUNSUPPORTED, "unknown"},
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: AES-128-GCM,", BRISK_EUNSUPPORTED, "GCM"},
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: AES-128-CBC,", BRISK_EDECODE, "IV too short"},
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: ,", BRISK_EDECODE, "no cipher"},
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: DES-EDE3-CBC", BRISK_EDECODE, "no comma"},
        {"DEK-Info: DES-EDE3-CBC,", "X-Other: DES-EDE3-CBC,", BRISK_EDECODE, "no DEK-Info"},
        {",DB53E7215206C387", ",DB53E7215206C38", BRISK_EDECODE, "IV a digit short"},
        {",DB53E7215206C387", ",DB53E7215206C3877", BRISK_EDECODE, "IV a digit long"},
        {",DB53E7215206C387", ",DB53E7215206C38G", BRISK_EDECODE, "IV not hex"},
        {",DB53E7215206C387", ",DB53E7215206C386", BRISK_EDECRYPT, "IV changed"},
        {",DB53E7215206C387", ",db53e7215206c387", 0, "IV in lower case"},
        {"DEK-Info: DES-EDE3-CBC,", "DEK-Info: des-ede3-cbc,", 0, "name in lower case"},
        {"81FhkpatbYI4QRzVgAm/nSckRyrwTPAFtTG+J/XvXD0=", "81FhkpatbYI4QRzVgAm/nSckRyrwTPAF",
         BRISK_EDECRYPT, "body cut by whole blocks"},
        {"81FhkpatbYI4QRzVgAm/nSckRyrwTPAFtTG+J/XvXD0=", "81FhkpatbYI4QRzVgAm/nSckRyrwTPAFtTG+",
         BRISK_EDECODE, "body not base64"},
        {"81FhkpatbYI4QRzVgAm/nSckRyrwTPAFtTG+J/XvXD0=", "81FhkpatbYI4QRzVgAm/nSck",
         BRISK_EDECODE, "body cut to a partial block"},
    };
    for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
        static char text[BUF];
        const char *at = strstr(rsa_tr, edits[i].from);
        size_t pre, fl = strlen(edits[i].from), tl = strlen(edits[i].to);
        brisk_pkey key;
        if (!tv_check(at != NULL, "dek: %s: pattern", edits[i].what))
            continue;
        pre = (size_t)(at - rsa_tr);
        memcpy(text, rsa_tr, pre);
        memcpy(text + pre, edits[i].to, tl);
        strcpy(text + pre + tl, at + fl);
        tv_check_int(brisk_pkey_from_pem_pass(&key, text, strlen(text), PASS, 5), edits[i].want,
                     "dek: %s", edits[i].what);
        brisk_pkey_cleanup(&key);
    }
}

static void test_arguments(void)
{
    static char pem[BUF];
    size_t len = sizeof(pem), small;
    brisk_pkey key, pub;

    if (!load_plain(&key, rsa_plain))
        return;
    pub = key;
    pub.u.rsa.has_private = 0;
    tv_check_int(brisk_pkey_to_pem_encrypted(pem, &len, &pub, BRISK_PKEY_FORM_PKCS8, NULL, PASS,
                                             5),
                 BRISK_EINVAL, "public key");
    tv_check_int(brisk_pkey_to_pem_encrypted(pem, &len, &key, BRISK_PKEY_FORM_SPKI, NULL, PASS, 5),
                 BRISK_EINVAL, "SPKI form");
    tv_check_int(brisk_pkey_to_pem_encrypted(pem, &len, &key, BRISK_PKEY_FORM_PKCS8, "nosuch",
                                             PASS, 5),
                 BRISK_ENOTFOUND, "unknown cipher");
    for (const char *const *c = (const char *const[]){"aes-128-gcm", "bf-cbc", "aes-256-ecb",
                                                      "rc4", "aes-128-ctr", NULL};
         *c != NULL; c++)
        tv_check_int(brisk_pkey_to_pem_encrypted(pem, &len, &key, BRISK_PKEY_FORM_PKCS8, *c,
                                                 PASS, 5),
                     BRISK_EUNSUPPORTED, "cipher %s", *c);
    tv_check_int(brisk_pkey_to_pem_encrypted(pem, &len, &key, BRISK_PKEY_FORM_PKCS8, NULL, NULL,
                                             3),
                 BRISK_EINVAL, "NULL password of length 3");
    tv_check_int(brisk_pkey_from_pem_pass(&pub, rsa_tr, strlen(rsa_tr), NULL, 3), BRISK_EINVAL,
                 "decode: NULL password of length 3");
    small = 100;
    tv_check_int(brisk_pkey_to_pem_encrypted(pem, &small, &key, BRISK_PKEY_FORM_TRADITIONAL,
                                             NULL, PASS, 5),
                 BRISK_ENOSPACE, "small buffer");
    tv_check(small > 100, "small buffer: the length needed");
    small = 100;
    tv_check_int(brisk_pkey_to_der_encrypted((uint8_t *)pem, &small, &key, NULL, PASS, 5),
                 BRISK_ENOSPACE, "small der buffer");
    tv_check(strcmp(brisk_strerror(BRISK_EDECRYPT), brisk_strerror(BRISK_EDECODE)) != 0 &&
                 strcmp(brisk_strerror(BRISK_EENCRYPTED), brisk_strerror(BRISK_EUNSUPPORTED)) !=
                     0 &&
                 strcmp(brisk_strerror(BRISK_EENCRYPTED), "unknown error") != 0 &&
                 strcmp(brisk_strerror(BRISK_EDECRYPT), "unknown error") != 0,
             "strerror of the new codes");
    brisk_pkey_cleanup(&key);
}

int main(void)
{
    tv_rng rng;

    tv_begin("test_pkey_enc");
    tv_rng_init(&rng, tv_seed());
    test_openssl_made();
    test_round_trips(&rng);
    test_refusals();
    test_dek_info();
    test_arguments();
    return tv_end();
}
