/*
 * tests/test_pkey.c - the key encodings of brisk/pkey.h and the DER DSA
 * signatures of brisk/dsa.h: keys made by the openssl command (inlined
 * below) decode to the right numbers and re-encode to the same bytes in
 * every form; encodings built here piece by piece and then broken one way
 * at a time (lengths, INTEGERs, tags, versions, OIDs, BIT STRINGs, trailing
 * bytes, truncation at every length) are refused; PEM armor and base64
 * errors; buffer sizes; forms a key cannot take; DSA signature strictness,
 * Wycheproof's DSA files (their SubjectPublicKeyInfo too), and well-formed
 * hostile keys that validation refuses (composite DSA q, composite RSA p,
 * a 65-bit e with n of 4096 bits).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

/* ---- Keys made by OpenSSL 3.0 ---- */

/* openssl genrsa 512 (PKCS#8), then from it: openssl pkey -pubout;
 * openssl rsa -traditional; openssl rsa -RSAPublicKey_out. */
static const char rsa_pkcs8_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIIBUwIBADANBgkqhkiG9w0BAQEFAASCAT0wggE5AgEAAkEAwm7yMm/haEquHFTa\n"
    "kJshmCK6NQJs6bQnpAZwTYHUhbC78vb+Jd+JLuWVm5o4XHFWv84fDmXormE/XtdS\n"
    "MK7A2QIDAQABAkAcPNyz8oe8C8yJlNFBWyZf3/tHI5kJv/5Z1g2NVCO3XpiprGPQ\n"
    "NF13LIqa7ucBWq8uEdFU7EKGiqb3vXz33NNZAiEA6te2dDgyySQMaG+ykQ/o4RcP\n"
    "ttLl/oTgeo6NV8rppO8CIQDT80F3ka8uAd1g06Tl9e9Z0/djzS58udnqrFfWbXfG\n"
    "twIgJYHMRyWOnudd//QO/fIfjIulW9q1FwBb5dcMpf/nbwsCIC0XqMr+hK2eGfI6\n"
    "tO9z1ltfHFfwVD6W78Tcq8dj/MKbAiBcJv0ysn6/Hon3J6ZBFDDjVHs7JNvkyKny\n"
    "pielmX+VCQ==\n"
    "-----END PRIVATE KEY-----\n";
static const char rsa_spki_pem[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMJu8jJv4WhKrhxU2pCbIZgiujUCbOm0\n"
    "J6QGcE2B1IWwu/L2/iXfiS7llZuaOFxxVr/OHw5l6K5hP17XUjCuwNkCAwEAAQ==\n"
    "-----END PUBLIC KEY-----\n";
static const char rsa_trad_pem[] =
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIBOQIBAAJBAMJu8jJv4WhKrhxU2pCbIZgiujUCbOm0J6QGcE2B1IWwu/L2/iXf\n"
    "iS7llZuaOFxxVr/OHw5l6K5hP17XUjCuwNkCAwEAAQJAHDzcs/KHvAvMiZTRQVsm\n"
    "X9/7RyOZCb/+WdYNjVQjt16Yqaxj0DRddyyKmu7nAVqvLhHRVOxChoqm971899zT\n"
    "WQIhAOrXtnQ4MskkDGhvspEP6OEXD7bS5f6E4HqOjVfK6aTvAiEA0/NBd5GvLgHd\n"
    "YNOk5fXvWdP3Y80ufLnZ6qxX1m13xrcCICWBzEcljp7nXf/0Dv3yH4yLpVvatRcA\n"
    "W+XXDKX/528LAiAtF6jK/oStnhnyOrTvc9ZbXxxX8FQ+lu/E3KvHY/zCmwIgXCb9\n"
    "MrJ+vx6J9yemQRQw41R7OyTb5Mip8qYnpZl/lQk=\n"
    "-----END RSA PRIVATE KEY-----\n";
static const char rsa_pkcs1_pub_pem[] =
    "-----BEGIN RSA PUBLIC KEY-----\n"
    "MEgCQQDCbvIyb+FoSq4cVNqQmyGYIro1AmzptCekBnBNgdSFsLvy9v4l34ku5ZWb\n"
    "mjhccVa/zh8OZeiuYT9e11IwrsDZAgMBAAE=\n"
    "-----END RSA PUBLIC KEY-----\n";

/* Its numbers (openssl asn1parse). */
static const char rsa_n[] =
    "C26EF2326FE1684AAE1C54DA909B219822BA35026CE9B427A406704D81D485B0"
    "BBF2F6FE25DF892EE5959B9A385C7156BFCE1F0E65E8AE613F5ED75230AEC0D9";
static const char rsa_e[] = "010001";
static const char rsa_d[] =
    "1C3CDCB3F287BC0BCC8994D1415B265FDFFB47239909BFFE59D60D8D5423B75E"
    "98A9AC63D0345D772C8A9AEEE7015AAF2E11D154EC42868AA6F7BD7CF7DCD359";
static const char rsa_p[] = "EAD7B6743832C9240C686FB2910FE8E1170FB6D2E5FE84E07A8E8D57CAE9A4EF";
static const char rsa_q[] = "D3F3417791AF2E01DD60D3A4E5F5EF59D3F763CD2E7CB9D9EAAC57D66D77C6B7";
static const char rsa_dp[] = "2581CC47258E9EE75DFFF40EFDF21F8C8BA55BDAB517005BE5D70CA5FFE76F0B";
static const char rsa_dq[] = "2D17A8CAFE84AD9E19F23AB4EF73D65B5F1C57F0543E96EFC4DCABC763FCC29B";
static const char rsa_qinv[] = "5C26FD32B27EBF1E89F727A6411430E3547B3B24DBE4C8A9F2A627A5997F9509";

/* openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024
 * -pkeyopt dsa_paramgen_q_bits:160; openssl genpkey -paramfile (PKCS#8);
 * then openssl pkey -pubout and openssl dsa (traditional). */
static const char dsa_params_pem[] =
    "-----BEGIN DSA PARAMETERS-----\n"
    "MIIBHwKBgQD1TDhQVO4RupJydAD99WyeWu9NGrKJQx69AWm9u9xbPnQa3EB442QV\n"
    "1i3lQy4BMz7WyeZK1ex6elmnyof4eMzD4VKosU+DowHwP8sLofsCftIrzqrnezE0\n"
    "VzDoDxnkEpdQVred25fF4pHBKStw2BLJy7bj+ySDuXumsue5MmhrDQIVAIzI4Sjx\n"
    "a4/Ylph8FRoxS4pE3RKHAoGBAO3hfXaB05qhod7+zoTfVliStEa2JkJFJA9/ac3o\n"
    "gk+vF1gNqe0xiPTsZMnp9EQAOEmZGUGgXvZHVn4Dtifo5DDJgUzxRwcszSIbAO+J\n"
    "OpbBpvmkvk5SDAZFkXnSrv/B8iq9sVybmjk8N//qlDu4lj1g2T1TEmE6yxgi97gB\n"
    "rMo+\n"
    "-----END DSA PARAMETERS-----\n";
static const char dsa_pkcs8_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MIIBSwIBADCCASwGByqGSM44BAEwggEfAoGBAPVMOFBU7hG6knJ0AP31bJ5a700a\n"
    "solDHr0Bab273Fs+dBrcQHjjZBXWLeVDLgEzPtbJ5krV7Hp6WafKh/h4zMPhUqix\n"
    "T4OjAfA/ywuh+wJ+0ivOqud7MTRXMOgPGeQSl1BWt53bl8XikcEpK3DYEsnLtuP7\n"
    "JIO5e6ay57kyaGsNAhUAjMjhKPFrj9iWmHwVGjFLikTdEocCgYEA7eF9doHTmqGh\n"
    "3v7OhN9WWJK0RrYmQkUkD39pzeiCT68XWA2p7TGI9Oxkyen0RAA4SZkZQaBe9kdW\n"
    "fgO2J+jkMMmBTPFHByzNIhsA74k6lsGm+aS+TlIMBkWRedKu/8HyKr2xXJuaOTw3\n"
    "/+qUO7iWPWDZPVMSYTrLGCL3uAGsyj4EFgIUIMJ5zR17kOtCEh9f5dfa+T/e9Po=\n"
    "-----END PRIVATE KEY-----\n";
static const char dsa_spki_pem[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MIIBtzCCASwGByqGSM44BAEwggEfAoGBAPVMOFBU7hG6knJ0AP31bJ5a700asolD\n"
    "Hr0Bab273Fs+dBrcQHjjZBXWLeVDLgEzPtbJ5krV7Hp6WafKh/h4zMPhUqixT4Oj\n"
    "AfA/ywuh+wJ+0ivOqud7MTRXMOgPGeQSl1BWt53bl8XikcEpK3DYEsnLtuP7JIO5\n"
    "e6ay57kyaGsNAhUAjMjhKPFrj9iWmHwVGjFLikTdEocCgYEA7eF9doHTmqGh3v7O\n"
    "hN9WWJK0RrYmQkUkD39pzeiCT68XWA2p7TGI9Oxkyen0RAA4SZkZQaBe9kdWfgO2\n"
    "J+jkMMmBTPFHByzNIhsA74k6lsGm+aS+TlIMBkWRedKu/8HyKr2xXJuaOTw3/+qU\n"
    "O7iWPWDZPVMSYTrLGCL3uAGsyj4DgYQAAoGACLbaMp+8lXCTnnhofoyAouBfuiJA\n"
    "OrFvvnsFCaXrM+vsFQD8CBdqIVXPPgNo2nS3V/h3CYsq9QxIpIt1/Jr95CZAiaUE\n"
    "iMUpsVrbpD6HzNwHkgfTxhvL5INBhOdgGF5xQruLKPkPMnLpQQXmrBXYMRL/L6k3\n"
    "qup9M3XuUAwLSvE=\n"
    "-----END PUBLIC KEY-----\n";
static const char dsa_trad_pem[] =
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

static const char dsa_p[] =
    "F54C385054EE11BA92727400FDF56C9E5AEF4D1AB289431EBD0169BDBBDC5B3E"
    "741ADC4078E36415D62DE5432E01333ED6C9E64AD5EC7A7A59A7CA87F878CCC3"
    "E152A8B14F83A301F03FCB0BA1FB027ED22BCEAAE77B31345730E80F19E41297"
    "5056B79DDB97C5E291C1292B70D812C9CBB6E3FB2483B97BA6B2E7B932686B0D";
static const char dsa_q[] = "8CC8E128F16B8FD896987C151A314B8A44DD1287";
static const char dsa_g[] =
    "EDE17D7681D39AA1A1DEFECE84DF565892B446B6264245240F7F69CDE8824FAF"
    "17580DA9ED3188F4EC64C9E9F444003849991941A05EF647567E03B627E8E430"
    "C9814CF147072CCD221B00EF893A96C1A6F9A4BE4E520C06459179D2AEFFC1F2"
    "2ABDB15C9B9A393C37FFEA943BB8963D60D93D5312613ACB1822F7B801ACCA3E";
static const char dsa_y[] =
    "08B6DA329FBC9570939E78687E8C80A2E05FBA22403AB16FBE7B0509A5EB33EB"
    "EC1500FC08176A2155CF3E0368DA74B757F877098B2AF50C48A48B75FC9AFDE4"
    "264089A50488C529B15ADBA43E87CCDC079207D3C61BCBE4834184E760185E71"
    "42BB8B28F90F3272E94105E6AC15D83112FF2FA937AAEA7D3375EE500C0B4AF1";
static const char dsa_x[] = "20C279CD1D7B90EB42121F5FE5D7DAF93FDEF4FA";

/* ---- Helpers ---- */

/* check_bn checks that a holds the big-endian hex value. */
static void check_bn(const brisk_bn *a, const char *hex, const char *what)
{
    uint8_t want[1024], got[1024];
    size_t len;

    if (!tv_check(tv_hex_decode(want, sizeof(want), hex, &len) == 0, "%s: bad hex", what))
        return;
    tv_check(brisk_bn_bits(a) <= 8 * len && brisk_bn_to_bytes(got, len, a) == BRISK_EOK,
             "%s: too large", what);
    tv_check_mem(got, want, len, "%s", what);
}

/* pem_der decodes the body of a one-block PEM text (test-side base64, the
 * simple way: letters to sextets, padding dropped). */
static size_t pem_der(uint8_t *out, const char *pem)
{
    static const char abc[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = strchr(pem, '\n') + 1, *end = strstr(pem, "-----END");
    uint32_t acc = 0;
    unsigned bits = 0;
    size_t n = 0;

    for (; p < end; p++) {
        const char *c = *p != '\0' ? strchr(abc, *p) : NULL;
        if (c == NULL)
            continue;
        acc = acc << 6 | (uint32_t)(c - abc);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    return n;
}

/* ---- A small DER builder for hand-made encodings ---- */

typedef struct blob {
    uint8_t d[1536];
    size_t n;
} blob;

/* H is raw bytes from hex. */
static blob H(const char *hex)
{
    blob b;
    if (tv_hex_decode(b.d, sizeof(b.d), hex, &b.n) != 0)
        tv_fail("builder: bad hex %s", hex);
    return b;
}

/* append adds the bytes of x to the end of b. */
static void append(blob *b, blob x)
{
    memcpy(b->d + b->n, x.d, x.n);
    b->n += x.n;
}

/* vcat concatenates count blobs from ap. */
static blob vcat(int count, va_list ap)
{
    blob b = {.n = 0};

    for (int i = 0; i < count; i++)
        append(&b, va_arg(ap, blob));
    return b;
}

/* CAT concatenates count blobs. */
static blob CAT(int count, ...)
{
    va_list ap;

    va_start(ap, count);
    blob b = vcat(count, ap);
    va_end(ap);
    return b;
}

/* TL is tag, explicit length bytes (hex) and contents: for bad lengths. */
static blob TL(uint8_t tag, const char *len_hex, blob c)
{
    blob b = {.n = 0};

    b.d[b.n++] = tag;
    append(&b, H(len_hex));
    append(&b, c);
    return b;
}

/* T is tag, minimal length and contents. */
static blob T(uint8_t tag, blob c)
{
    char len[24];

    if (c.n < 0x80)
        snprintf(len, sizeof(len), "%02zx", c.n);
    else if (c.n < 0x100)
        snprintf(len, sizeof(len), "81%02zx", c.n);
    else
        snprintf(len, sizeof(len), "82%04zx", c.n);
    return TL(tag, len, c);
}

/* SEQ is a SEQUENCE of count blobs. */
static blob SEQ(int count, ...)
{
    va_list ap;

    va_start(ap, count);
    blob b = vcat(count, ap);
    va_end(ap);
    return T(0x30, b);
}

/* INT is a minimal INTEGER of the non-negative hex magnitude. */
static blob INT(const char *hex)
{
    blob m = H(hex), b = {.n = 0};
    size_t i = 0;

    while (i + 1 < m.n && m.d[i] == 0)
        i++;
    if (m.d[i] & 0x80)
        b.d[b.n++] = 0;
    memcpy(b.d + b.n, m.d + i, m.n - i);
    b.n += m.n - i;
    return T(0x02, b);
}

static const char oid_rsa_hex[] = "2a864886f70d010101";
static const char oid_dsa_hex[] = "2a8648ce380401";

/* The RSA key's pieces and the forms built from them, with one piece
 * swapped for a broken one. */
typedef struct rsa_parts {
    blob version, algid, n, e, rest;   /* rest: d, p, q, dp, dq, qinv */
    const char *bits_head;             /* BIT STRING's first byte */
} rsa_parts;

static rsa_parts rsa_good(void)
{
    rsa_parts r;

    r.version = INT("00");
    r.algid = SEQ(2, T(0x06, H(oid_rsa_hex)), H("0500"));
    r.n = INT(rsa_n);
    r.e = INT(rsa_e);
    r.rest = CAT(6, INT(rsa_d), INT(rsa_p), INT(rsa_q), INT(rsa_dp), INT(rsa_dq), INT(rsa_qinv));
    r.bits_head = "00";
    return r;
}

static blob rsa_private(const rsa_parts *r)
{
    return SEQ(4, r->version, r->n, r->e, r->rest);
}

static blob rsa_pkcs8(const rsa_parts *r)
{
    return SEQ(3, INT("00"), r->algid, T(0x04, rsa_private(r)));
}

static blob rsa_spki(const rsa_parts *r)
{
    return SEQ(2, r->algid, T(0x03, CAT(2, H(r->bits_head), SEQ(2, r->n, r->e))));
}

static blob dsa_parms(void)
{
    return SEQ(3, INT(dsa_p), INT(dsa_q), INT(dsa_g));
}

static blob dsa_algid(void)
{
    return SEQ(2, T(0x06, H(oid_dsa_hex)), dsa_parms());
}

/* expect_der checks that brisk_pkey_from_der returns want for b. */
static void expect_der(blob b, int want, const char *what)
{
    brisk_pkey key;
    int err = brisk_pkey_from_der(&key, b.d, b.n);

    tv_check_int(err, want, "from_der: %s", what);
    if (err != BRISK_EOK)
        tv_check(key.type == 0, "from_der: %s: key wiped on failure", what);
    brisk_pkey_cleanup(&key);
}

/* ---- Known keys ---- */

static void check_rsa_numbers(const brisk_pkey *k, int priv, const char *what)
{
    tv_check(k->type == BRISK_PKEY_RSA && brisk_pkey_has_private(k) == priv,
             "%s: type and has_private", what);
    check_bn(&k->u.rsa.n, rsa_n, what);
    check_bn(&k->u.rsa.e, rsa_e, what);
    if (!priv)
        return;
    check_bn(&k->u.rsa.d, rsa_d, what);
    check_bn(&k->u.rsa.p, rsa_p, what);
    check_bn(&k->u.rsa.q, rsa_q, what);
    check_bn(&k->u.rsa.dp, rsa_dp, what);
    check_bn(&k->u.rsa.dq, rsa_dq, what);
    check_bn(&k->u.rsa.qinv, rsa_qinv, what);
}

static void check_dsa_numbers(const brisk_pkey *k, int priv, const char *what)
{
    tv_check(k->type == BRISK_PKEY_DSA && brisk_pkey_has_private(k) == priv,
             "%s: type and has_private", what);
    check_bn(&k->u.dsa.params.p, dsa_p, what);
    check_bn(&k->u.dsa.params.q, dsa_q, what);
    check_bn(&k->u.dsa.params.g, dsa_g, what);
    check_bn(&k->u.dsa.y, dsa_y, what);
    if (priv)
        check_bn(&k->u.dsa.x, dsa_x, what);
}

/* The known texts and the form each is in. */
static const struct known {
    const char *name, *pem;
    int type, form, priv;
} known[] = {
    {"rsa pkcs8", rsa_pkcs8_pem, BRISK_PKEY_RSA, BRISK_PKEY_FORM_PKCS8, 1},
    {"rsa spki", rsa_spki_pem, BRISK_PKEY_RSA, BRISK_PKEY_FORM_SPKI, 0},
    {"rsa traditional", rsa_trad_pem, BRISK_PKEY_RSA, BRISK_PKEY_FORM_TRADITIONAL, 1},
    {"rsa pkcs1 public", rsa_pkcs1_pub_pem, BRISK_PKEY_RSA, BRISK_PKEY_FORM_PKCS1_PUBLIC, 0},
    {"dsa pkcs8", dsa_pkcs8_pem, BRISK_PKEY_DSA, BRISK_PKEY_FORM_PKCS8, 1},
    {"dsa spki", dsa_spki_pem, BRISK_PKEY_DSA, BRISK_PKEY_FORM_SPKI, 0},
    {"dsa traditional", dsa_trad_pem, BRISK_PKEY_DSA, BRISK_PKEY_FORM_TRADITIONAL, 1},
};
#define N_KNOWN (sizeof(known) / sizeof(known[0]))

/* known_text returns the known text of type in form, or NULL. */
static const char *known_text(int type, int form)
{
    for (size_t i = 0; i < N_KNOWN; i++)
        if (known[i].type == type && known[i].form == form)
            return known[i].pem;
    return NULL;
}

/* check_encodings writes key in every form it can take and compares with
 * OpenSSL's text of the same key, PEM and DER. */
static void check_encodings(const brisk_pkey *key, const char *what)
{
    static const brisk_pkey_form forms[] = {BRISK_PKEY_FORM_PKCS8, BRISK_PKEY_FORM_TRADITIONAL,
                                            BRISK_PKEY_FORM_SPKI, BRISK_PKEY_FORM_PKCS1_PUBLIC};
    static char pem[8192];
    static uint8_t der[8192], want[8192];

    for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
        const char *text = known_text(key->type, forms[i]);
        size_t len = sizeof(pem), want_len;
        int err = brisk_pkey_to_pem(pem, &len, key, forms[i]);
        int can = text != NULL &&
                  (brisk_pkey_has_private(key) || forms[i] == BRISK_PKEY_FORM_SPKI ||
                   forms[i] == BRISK_PKEY_FORM_PKCS1_PUBLIC);
        if (!can) {
            tv_check_int(err, BRISK_EINVAL, "%s: to_pem form %d refused", what, forms[i]);
            len = sizeof(der);
            tv_check_int(brisk_pkey_to_der(der, &len, key, forms[i]), BRISK_EINVAL,
                         "%s: to_der form %d refused", what, forms[i]);
            continue;
        }
        if (tv_check_int(err, 0, "%s: to_pem form %d", what, forms[i]) &&
            tv_check_int((long long)len, (long long)strlen(text), "%s: pem length form %d", what,
                         forms[i]))
            tv_check_mem(pem, text, len, "%s: pem form %d as OpenSSL's", what, forms[i]);
        want_len = pem_der(want, text);
        len = sizeof(der);
        if (tv_check_int(brisk_pkey_to_der(der, &len, key, forms[i]), 0, "%s: to_der form %d",
                         what, forms[i]) &&
            tv_check_int((long long)len, (long long)want_len, "%s: der length form %d", what,
                         forms[i]))
            tv_check_mem(der, want, len, "%s: der form %d as OpenSSL's", what, forms[i]);
    }
}

static void test_known_keys(void)
{
    static uint8_t der[8192];
    brisk_pkey key, again;

    for (size_t i = 0; i < N_KNOWN; i++) {
        const struct known *k = &known[i];
        size_t der_len = pem_der(der, k->pem);

        if (!tv_check_int(brisk_pkey_from_pem(&key, k->pem, strlen(k->pem)), 0, "%s: from_pem",
                          k->name))
            continue;
        if (k->type == BRISK_PKEY_RSA)
            check_rsa_numbers(&key, k->priv, k->name);
        else
            check_dsa_numbers(&key, k->priv, k->name);
        check_encodings(&key, k->name);
        /* the DER alone, told apart by its structure */
        if (tv_check_int(brisk_pkey_from_der(&again, der, der_len), 0, "%s: from_der", k->name))
            tv_check(again.type == key.type && brisk_pkey_has_private(&again) == k->priv,
                     "%s: from_der finds the type", k->name);
        brisk_pkey_cleanup(&again);
        brisk_pkey_cleanup(&key);
        {
            static const brisk_pkey zero;
            tv_check(memcmp(&key, &zero, sizeof(key)) == 0, "%s: wipe zeroes the key", k->name);
        }
    }
}

static void test_params(void)
{
    static uint8_t der[4096], want[4096];
    static char pem[8192], two[8192];
    brisk_dsa_params params;
    brisk_pkey key;
    size_t len, want_len = pem_der(want, dsa_params_pem);

    if (!tv_check_int(brisk_dsa_params_from_pem(&params, dsa_params_pem, strlen(dsa_params_pem)),
                      0, "params: from_pem"))
        return;
    check_bn(&params.p, dsa_p, "params p");
    check_bn(&params.q, dsa_q, "params q");
    check_bn(&params.g, dsa_g, "params g");
    len = sizeof(pem);
    if (tv_check_int(brisk_dsa_params_to_pem(pem, &len, &params), 0, "params: to_pem") &&
        tv_check_int((long long)len, (long long)strlen(dsa_params_pem), "params: pem length"))
        tv_check_mem(pem, dsa_params_pem, len, "params: pem as OpenSSL's");
    len = sizeof(der);
    if (tv_check_int(brisk_dsa_params_to_der(der, &len, &params), 0, "params: to_der") &&
        tv_check_int((long long)len, (long long)want_len, "params: der length"))
        tv_check_mem(der, want, len, "params: der as OpenSSL's");
    tv_check_int(brisk_dsa_params_from_der(&params, want, want_len), 0, "params: from_der");
    len = want_len - 1;
    tv_check_int(brisk_dsa_params_to_der(der, &len, &params), BRISK_ENOSPACE, "params: ENOSPACE");
    len = 0;
    tv_check(brisk_dsa_params_to_der(NULL, &len, &params) == 0 && len == want_len,
             "params: length query");
    for (len = 0; len < want_len; len++)
        if (brisk_dsa_params_from_der(&params, want, len) != BRISK_EDECODE)
            tv_fail("params: truncated to %zu accepted", len);
    want[want_len] = 0;
    tv_check_int(brisk_dsa_params_from_der(&params, want, want_len + 1), BRISK_EDECODE,
                 "params: trailing byte");
    /* a key text has no parameters; a parameters text has no key; with both,
     * each finds its own block */
    tv_check_int(brisk_dsa_params_from_pem(&params, dsa_pkcs8_pem, strlen(dsa_pkcs8_pem)),
                 BRISK_EDECODE, "params: from a key's text");
    tv_check_int(brisk_pkey_from_pem(&key, dsa_params_pem, strlen(dsa_params_pem)),
                 BRISK_EDECODE, "key: from a parameters text");
    snprintf(two, sizeof(two), "%s%s", dsa_params_pem, dsa_trad_pem);
    if (tv_check_int(brisk_pkey_from_pem(&key, two, strlen(two)), 0, "key after parameters"))
        check_dsa_numbers(&key, 1, "key after parameters");
    snprintf(two, sizeof(two), "%s%s", dsa_spki_pem, dsa_params_pem);
    tv_check_int(brisk_dsa_params_from_pem(&params, two, strlen(two)), 0,
                 "parameters after a key");
    brisk_pkey_cleanup(&key);
}

/* ---- Strict DER ---- */

/* expect_truncations checks every proper prefix of b is refused. */
static void expect_truncations(blob b, const char *what)
{
    brisk_pkey key;
    size_t bad = 0;

    for (size_t len = 0; len < b.n; len++)
        if (brisk_pkey_from_der(&key, b.d, len) != BRISK_EDECODE)
            bad++;
    tv_check(bad == 0, "%s: %zu of %zu truncations accepted", what, bad, b.n);
}

static void test_builder_matches(void)
{
    static uint8_t want[4096];
    rsa_parts r = rsa_good();
    struct {
        const char *what, *pem;
        blob b;
    } forms[] = {
        {"rsa pkcs8", rsa_pkcs8_pem, rsa_pkcs8(&r)},
        {"rsa spki", rsa_spki_pem, rsa_spki(&r)},
        {"rsa traditional", rsa_trad_pem, rsa_private(&r)},
        {"rsa pkcs1 public", rsa_pkcs1_pub_pem, SEQ(2, r.n, r.e)},
        {"dsa pkcs8", dsa_pkcs8_pem, SEQ(3, INT("00"), dsa_algid(), T(0x04, INT(dsa_x)))},
        {"dsa spki", dsa_spki_pem, SEQ(2, dsa_algid(), T(0x03, CAT(2, H("00"), INT(dsa_y))))},
        {"dsa traditional", dsa_trad_pem,
         SEQ(6, INT("00"), INT(dsa_p), INT(dsa_q), INT(dsa_g), INT(dsa_y), INT(dsa_x))},
    };

    /* the builder makes OpenSSL's bytes, so its broken variants below
     * differ from a valid key in the one place each breaks */
    for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
        size_t len = pem_der(want, forms[i].pem);
        if (tv_check_int((long long)forms[i].b.n, (long long)len, "builder: %s length",
                         forms[i].what))
            tv_check_mem(forms[i].b.d, want, len, "builder: %s", forms[i].what);
        expect_der(forms[i].b, 0, forms[i].what);
        expect_truncations(forms[i].b, forms[i].what);
        expect_der(CAT(2, forms[i].b, H("00")), BRISK_EDECODE, "trailing byte");
    }
}

static void test_der_rsa_rejections(void)
{
    rsa_parts g = rsa_good(), r;
    blob spki = rsa_spki(&g);
    blob spki_body = H("");

    memcpy(spki_body.d, spki.d + 2, spki.n - 2);   /* its length is one byte: 5c */
    spki_body.n = spki.n - 2;

    /* lengths */
    expect_der(TL(0x30, "815c", spki_body), BRISK_EDECODE, "long form for a short length");
    expect_der(TL(0x30, "82005c", spki_body), BRISK_EDECODE, "length with a leading zero");
    expect_der(TL(0x30, "80", CAT(2, spki_body, H("0000"))), BRISK_EDECODE, "indefinite length");
    expect_der(TL(0x30, "850000005c", spki_body), BRISK_EDECODE, "5-byte length");
    expect_der(TL(0x30, "5d", CAT(2, spki_body, H("00"))), BRISK_EDECODE, "trailing in SEQUENCE");
    /* tags */
    expect_der(TL(0x31, "5c", spki_body), BRISK_EDECODE, "SET for SEQUENCE");
    expect_der(TL(0x1f, "5c", spki_body), BRISK_EDECODE, "high tag number form");
    r = g;
    r.e = T(0x0a, H("010001"));
    expect_der(rsa_private(&r), BRISK_EDECODE, "ENUMERATED for INTEGER");
    expect_der(SEQ(3, INT("00"), g.algid, T(0x03, CAT(2, H("00"), rsa_private(&g)))),
               BRISK_EDECODE, "pkcs8: BIT STRING for OCTET STRING");
    expect_der(SEQ(2, g.algid, T(0x04, SEQ(2, g.n, g.e))), BRISK_EDECODE,
               "spki: OCTET STRING for BIT STRING");
    /* INTEGERs */
    r = g;
    r.n = T(0x02, H(rsa_n));
    expect_der(SEQ(2, r.n, r.e), BRISK_EDECODE, "negative n");
    r.n = T(0x02, CAT(2, H("0000"), H(rsa_n)));
    expect_der(SEQ(2, r.n, r.e), BRISK_EDECODE, "n with two leading zeros");
    r = g;
    r.e = T(0x02, H("00010001"));
    expect_der(SEQ(2, r.n, r.e), BRISK_EDECODE, "e with a leading zero");
    expect_der(rsa_spki(&r), BRISK_EDECODE, "spki: e with a leading zero");
    r.e = T(0x02, H(""));
    expect_der(SEQ(2, r.n, r.e), BRISK_EDECODE, "empty INTEGER");
    r.e = TL(0x02, "8103", H("010001"));
    expect_der(SEQ(2, r.n, r.e), BRISK_EDECODE, "INTEGER with a long-form length");
    r.e = T(0x02, H("ff"));
    expect_der(SEQ(2, r.n, r.e), BRISK_EDECODE, "negative e");
    /* versions */
    r = g;
    r.version = INT("01");
    expect_der(rsa_private(&r), BRISK_EDECODE, "RSAPrivateKey version 1 (multi-prime)");
    expect_der(rsa_pkcs8(&r), BRISK_EDECODE, "pkcs8 holding version 1");
    expect_der(SEQ(5, INT("01"), g.n, g.e, g.rest, SEQ(1, SEQ(3, INT("03"), INT("01"), INT("01")))),
               BRISK_EDECODE, "multi-prime with otherPrimeInfos");
    expect_der(SEQ(3, INT("01"), g.algid, T(0x04, rsa_private(&g))), BRISK_EDECODE,
               "pkcs8 version 1");
    expect_der(SEQ(3, INT("0100"), g.algid, T(0x04, rsa_private(&g))), BRISK_EDECODE,
               "pkcs8 version 256");
    /* algorithm identifiers */
    r = g;
    r.algid = SEQ(2, T(0x06, H("2a864886f70d010102")), H("0500"));
    expect_der(rsa_pkcs8(&r), BRISK_EDECODE, "unknown OID (pkcs8)");
    expect_der(rsa_spki(&r), BRISK_EDECODE, "unknown OID (spki)");
    r.algid = SEQ(2, T(0x06, H("2a8648ce3d0201")), H("0500"));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "ecPublicKey OID");
    r.algid = SEQ(2, T(0x06, H("")), H("0500"));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "empty OID");
    r.algid = SEQ(1, T(0x06, H(oid_rsa_hex)));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "rsaEncryption without NULL");
    r.algid = SEQ(2, T(0x06, H(oid_rsa_hex)), INT("00"));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "rsaEncryption with INTEGER parameters");
    r.algid = SEQ(2, T(0x06, H(oid_rsa_hex)), H("050100"));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "NULL with contents");
    r.algid = SEQ(3, T(0x06, H(oid_rsa_hex)), H("0500"), H("0500"));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "trailing in AlgorithmIdentifier");
    r.algid = SEQ(2, T(0x06, H(oid_dsa_hex)), H("0500"));
    expect_der(rsa_spki(&r), BRISK_EDECODE, "id-dsa with RSA's NULL");
    /* BIT STRING */
    r = g;
    r.bits_head = "01";
    expect_der(rsa_spki(&r), BRISK_EDECODE, "BIT STRING with an unused bit");
    r.bits_head = "07";
    expect_der(rsa_spki(&r), BRISK_EDECODE, "BIT STRING with 7 unused bits");
    expect_der(SEQ(2, g.algid, T(0x03, H(""))), BRISK_EDECODE, "empty BIT STRING");
    /* what the containers hold */
    expect_der(SEQ(2, g.algid, T(0x03, CAT(2, H("00"), SEQ(3, g.n, g.e, INT("01"))))),
               BRISK_EDECODE, "spki: three INTEGERs in RSAPublicKey");
    expect_der(SEQ(2, g.algid, T(0x03, CAT(3, H("00"), SEQ(2, g.n, g.e), H("00")))),
               BRISK_EDECODE, "spki: trailing in BIT STRING");
    expect_der(SEQ(3, INT("00"), g.algid, T(0x04, CAT(2, rsa_private(&g), H("00")))),
               BRISK_EDECODE, "pkcs8: trailing in OCTET STRING");
    expect_der(SEQ(4, INT("00"), g.algid, T(0x04, rsa_private(&g)), T(0xa0, H(""))),
               BRISK_EDECODE, "pkcs8 with attributes");
    expect_der(SEQ(3, INT("00"), g.algid, T(0x04, SEQ(2, g.n, g.e))), BRISK_EDECODE,
               "pkcs8 holding a public key");
    expect_der(SEQ(3, g.n, g.e, INT("01")), BRISK_EDECODE, "three INTEGERs");
    expect_der(SEQ(1, g.n), BRISK_EDECODE, "one INTEGER");
    expect_der(SEQ(0), BRISK_EDECODE, "empty SEQUENCE");
    expect_der(H(""), BRISK_EDECODE, "nothing");
    expect_der(INT("00"), BRISK_EDECODE, "an INTEGER alone");
    /* well-formed but not a key: the checks of brisk_rsa_key_prepare */
    r = g;
    r.rest = CAT(6, INT(rsa_d), INT(rsa_q), INT(rsa_q), INT(rsa_dp), INT(rsa_dq), INT(rsa_qinv));
    {
        brisk_pkey key;
        blob b = rsa_private(&r);
        tv_check(brisk_pkey_from_der(&key, b.d, b.n) < 0, "p * q != n refused");
        b = SEQ(2, r.n, INT("02"));
        tv_check(brisk_pkey_from_der(&key, b.d, b.n) < 0, "even e refused");
    }
}

static void test_der_dsa_rejections(void)
{
    blob x = INT(dsa_x), y = INT(dsa_y);
    blob oid = T(0x06, H(oid_dsa_hex));

    expect_der(SEQ(2, SEQ(1, oid), T(0x03, CAT(2, H("00"), y))), BRISK_EDECODE,
               "dsa spki without parameters");
    expect_der(SEQ(2, SEQ(2, oid, H("0500")), T(0x03, CAT(2, H("00"), y))), BRISK_EDECODE,
               "dsa spki with NULL parameters");
    expect_der(SEQ(2, SEQ(2, oid, SEQ(2, INT(dsa_p), INT(dsa_q))), T(0x03, CAT(2, H("00"), y))),
               BRISK_EDECODE, "Dss-Parms without g");
    expect_der(SEQ(2, SEQ(2, oid, SEQ(4, INT(dsa_p), INT(dsa_q), INT(dsa_g), INT("01"))),
                   T(0x03, CAT(2, H("00"), y))),
               BRISK_EDECODE, "Dss-Parms with a fourth INTEGER");
    expect_der(SEQ(2, dsa_algid(), T(0x03, CAT(2, H("01"), y))), BRISK_EDECODE,
               "dsa spki: unused bits");
    expect_der(SEQ(2, dsa_algid(), T(0x03, CAT(3, H("00"), y, H("00")))), BRISK_EDECODE,
               "dsa spki: trailing after y");
    expect_der(SEQ(3, INT("00"), dsa_algid(), T(0x04, T(0x04, x))), BRISK_EDECODE,
               "dsa pkcs8: x in an OCTET STRING");
    expect_der(SEQ(3, INT("00"), dsa_algid(), T(0x04, CAT(2, x, x))), BRISK_EDECODE,
               "dsa pkcs8: two INTEGERs");
    expect_der(SEQ(3, INT("00"), dsa_algid(), T(0x04, T(0x02, H(dsa_p)))), BRISK_EDECODE,
               "dsa pkcs8: negative x");
    expect_der(SEQ(6, INT("01"), INT(dsa_p), INT(dsa_q), INT(dsa_g), y, x), BRISK_EDECODE,
               "dsa traditional version 1");
    expect_der(SEQ(7, INT("00"), INT(dsa_p), INT(dsa_q), INT(dsa_g), y, x, x), BRISK_EDECODE,
               "dsa traditional with 7 INTEGERs");
    expect_der(SEQ(5, INT("00"), INT(dsa_p), INT(dsa_q), INT(dsa_g), y), BRISK_EDECODE,
               "dsa traditional with 5 INTEGERs");
    {
        /* well-formed, but y is not g^x: brisk_dsa_key_prepare's check */
        brisk_pkey key;
        blob b = SEQ(6, INT("00"), INT(dsa_p), INT(dsa_q), INT(dsa_g), y, INT("02"));
        tv_check(brisk_pkey_from_der(&key, b.d, b.n) < 0, "dsa traditional: y != g^x refused");
        b = SEQ(3, INT("00"), dsa_algid(), T(0x04, INT("00")));
        tv_check(brisk_pkey_from_der(&key, b.d, b.n) < 0, "dsa pkcs8: x = 0 refused");
        b = SEQ(3, INT("00"), SEQ(2, oid, SEQ(3, INT(dsa_p), INT(dsa_q), INT(dsa_p))),
                T(0x04, x));
        tv_check(brisk_pkey_from_der(&key, b.d, b.n) < 0, "dsa pkcs8: g = p refused");
    }
}

/* ---- PEM ---- */

/* edit returns a copy of text with the first `from` replaced by `to`. */
static char *edit(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    size_t n = strlen(text), f = strlen(from), t = strlen(to);
    char *out = malloc(n - f + t + 1);

    if (at == NULL || out == NULL) {
        tv_fail("edit: '%s' not found", from);
        free(out);
        return NULL;
    }
    memcpy(out, text, (size_t)(at - text));
    memcpy(out + (at - text), to, t);
    memcpy(out + (at - text) + t, at + f, n - (size_t)(at - text) - f + 1);
    return out;
}

/* expect_pem checks brisk_pkey_from_pem on text edited once. */
static void expect_pem(const char *text, const char *from, const char *to, int want,
                       const char *what)
{
    char *t = edit(text, from, to);
    brisk_pkey key;

    if (t == NULL)
        return;
    tv_check_int(brisk_pkey_from_pem(&key, t, strlen(t)), want, "pem: %s", what);
    free(t);
}

/* crlf returns text with every LF made CR LF. */
static char *crlf(const char *text)
{
    char *out = malloc(2 * strlen(text) + 1), *o = out;

    for (; out != NULL && *text != '\0'; text++) {
        if (*text == '\n')
            *o++ = '\r';
        *o++ = *text;
    }
    if (out != NULL)
        *o = '\0';
    return out;
}

static void test_pem(void)
{
    brisk_pkey key;
    char *t;

    /* accepted variations */
    expect_pem(rsa_spki_pem, "-----BEGIN", "Some text first\n-----BEGIN", 0, "text before");
    expect_pem(rsa_spki_pem, "END PUBLIC KEY-----\n", "END PUBLIC KEY-----\nand after\n", 0,
               "text after");
    expect_pem(rsa_spki_pem, "MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMJu8jJv4WhKrhxU2pCbIZgiujUCbOm0\n",
               "MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMJu8jJv4WhKrhxU2pCbIZgiujUCbOm0", 0,
               "one long line");
    expect_pem(rsa_spki_pem, "MFwwDQYJ", "MFww\n\nDQYJ", 0, "short and empty lines");
    expect_pem(rsa_trad_pem, "KEY-----\n", "KEY-----\nComment: made by hand\n\n", 0,
               "a header that is not encryption");
    t = crlf(rsa_pkcs8_pem);
    tv_check_int(brisk_pkey_from_pem(&key, t, strlen(t)), 0, "pem: CR LF line ends");
    free(t);
    t = crlf(dsa_params_pem);
    {
        brisk_dsa_params params;
        tv_check_int(brisk_dsa_params_from_pem(&params, t, strlen(t)), 0, "pem: params CR LF");
    }
    free(t);
    /* armor errors */
    expect_pem(rsa_spki_pem, "-----END PUBLIC KEY-----\n", "", BRISK_EDECODE, "missing END");
    expect_pem(rsa_spki_pem, "-----END PUBLIC KEY-----", "-----END PRIVATE KEY-----",
               BRISK_EDECODE, "mismatched labels");
    expect_pem(rsa_spki_pem, "-----END PUBLIC KEY-----", "-----END PUBLIC KEY----",
               BRISK_EDECODE, "END line cut short");
    expect_pem(rsa_spki_pem, "-----BEGIN PUBLIC KEY-----", "-----BEGIN PUBLIC KEY----- ",
               BRISK_EDECODE, "BEGIN line with a trailing space (no block)");
    expect_pem(rsa_spki_pem, "-----BEGIN PUBLIC KEY-----", "", BRISK_EDECODE, "no BEGIN");
    expect_pem(rsa_spki_pem, "-----BEGIN PUBLIC KEY-----\n",
               "-----BEGIN PUBLIC KEY-----\n-----BEGIN PUBLIC KEY-----\n", BRISK_EDECODE,
               "BEGIN inside a block");
    expect_pem(rsa_spki_pem, "PUBLIC KEY-----\nMF", "RSA PUBLIC KEY-----\nMF", BRISK_EDECODE,
               "label and END differ");
    expect_pem(rsa_spki_pem, "PUBLIC KEY", "RSA PUBLIC KEY", BRISK_EDECODE,
               "the label decides the structure (SPKI as RSA PUBLIC KEY)");
    expect_pem(rsa_pkcs8_pem, "PRIVATE KEY", "RSA PRIVATE KEY", BRISK_EDECODE,
               "PKCS#8 as RSA PRIVATE KEY");
    expect_pem(rsa_trad_pem, "RSA PRIVATE KEY", "DSA PRIVATE KEY", BRISK_EDECODE,
               "RSA key as DSA PRIVATE KEY");
    tv_check_int(brisk_pkey_from_pem(&key, "", 0), BRISK_EDECODE, "pem: empty text");
    tv_check_int(brisk_pkey_from_pem(&key, rsa_spki_pem, 30), BRISK_EDECODE, "pem: cut short");
    /* base64 */
    expect_pem(rsa_spki_pem, "MFww", "MF*w", BRISK_EDECODE, "bad character");
    expect_pem(rsa_spki_pem, "MFww", "MF w", BRISK_EDECODE, "space");
    expect_pem(rsa_spki_pem, "MFww", "MF\tw", BRISK_EDECODE, "tab");
    /* the neighbours of the alphabet's runs, and bytes with the top bit */
    for (const char *c = "@[`{,.:-\x80\xc1\xff"; *c != '\0'; c++) {
        char to[5] = {'J', '6', *c, 'G', '\0'};
        expect_pem(rsa_spki_pem, "J6QG", to, BRISK_EDECODE, "a character beside the alphabet");
    }
    expect_pem(rsa_spki_pem, "AQ==", "AQ=", BRISK_EDECODE, "padding cut short");
    expect_pem(rsa_spki_pem, "AQ==", "AQ", BRISK_EDECODE, "padding missing");
    expect_pem(rsa_spki_pem, "AQ==", "AQ===", BRISK_EDECODE, "padding too long");
    expect_pem(rsa_spki_pem, "AQ==", "AQ==AQ==", BRISK_EDECODE, "data after padding");
    expect_pem(rsa_spki_pem, "MFww", "MF==", BRISK_EDECODE, "padding in the middle");
    expect_pem(rsa_spki_pem, "AQ==", "AR==", BRISK_EDECODE, "bits left under ==");
    expect_pem(rsa_pkcs1_pub_pem, "AAE=", "AAF=", BRISK_EDECODE, "bits left under =");
    expect_pem(rsa_spki_pem, "AQ==", "AQ==A", BRISK_EDECODE, "a stray character");
    /* encryption */
    expect_pem(rsa_trad_pem, "KEY-----\n",
               "KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,"
               "00112233445566778899AABBCCDDEEFF\n\n",
               BRISK_EENCRYPTED, "Proc-Type: 4,ENCRYPTED");
    {
        static const char enc[] = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAA=\n"
                                  "-----END ENCRYPTED PRIVATE KEY-----\n";
        tv_check_int(brisk_pkey_from_pem(&key, enc, strlen(enc)), BRISK_EENCRYPTED,
                     "pem: ENCRYPTED PRIVATE KEY");
    }
    expect_pem(rsa_trad_pem, "KEY-----\n", "KEY-----\nProc-Type: 4,ENCRYPTED\n",
               BRISK_EDECODE, "headers without their empty line");
}

/* ---- Output buffers and forms ---- */

static void test_sizes(void)
{
    static uint8_t der[8192];
    static char pem[8192];
    brisk_pkey key;

    for (size_t i = 0; i < N_KNOWN; i++) {
        const struct known *k = &known[i];
        size_t need, len;

        if (brisk_pkey_from_pem(&key, k->pem, strlen(k->pem)) != 0)
            continue;
        need = 0;
        tv_check(brisk_pkey_to_der(NULL, &need, &key, k->form) == 0 && need > 0,
                 "%s: der length query", k->name);
        len = need - 1;
        tv_check_int(brisk_pkey_to_der(der, &len, &key, k->form), BRISK_ENOSPACE,
                     "%s: der one byte short", k->name);
        tv_check_int((long long)len, (long long)need, "%s: ENOSPACE gives the length", k->name);
        len = 0;
        tv_check_int(brisk_pkey_to_der(der, &len, &key, k->form), BRISK_ENOSPACE,
                     "%s: der into nothing", k->name);
        len = need;
        tv_check(brisk_pkey_to_der(der, &len, &key, k->form) == 0 && len == need,
                 "%s: der exactly", k->name);
        need = 0;
        tv_check(brisk_pkey_to_pem(NULL, &need, &key, k->form) == 0 && need == strlen(k->pem),
                 "%s: pem length query", k->name);
        len = need - 1;
        tv_check_int(brisk_pkey_to_pem(pem, &len, &key, k->form), BRISK_ENOSPACE,
                     "%s: pem one byte short", k->name);
        tv_check_int((long long)len, (long long)need, "%s: pem ENOSPACE gives the length",
                     k->name);
        len = need;
        tv_check(brisk_pkey_to_pem(pem, &len, &key, k->form) == 0 && len == need &&
                     memcmp(pem, k->pem, need) == 0,
                 "%s: pem exactly", k->name);
        /* forms nobody has */
        len = sizeof(der);
        tv_check_int(brisk_pkey_to_der(der, &len, &key, 0), BRISK_EINVAL, "%s: form 0", k->name);
        tv_check_int(brisk_pkey_to_der(der, &len, &key, 5), BRISK_EINVAL, "%s: form 5", k->name);
        tv_check_int(brisk_pkey_to_der(der, NULL, &key, k->form), BRISK_EINVAL,
                     "%s: no out_len", k->name);
        brisk_pkey_type type = key.type;
        key.type = 99;   /* no such type */
        tv_check_int(brisk_pkey_to_der(der, &len, &key, BRISK_PKEY_FORM_SPKI), BRISK_EINVAL,
                     "%s: unknown type", k->name);
        tv_check(brisk_pkey_has_private(&key) == 0, "%s: unknown type has no private key",
                 k->name);
        key.type = type; /* for cleanup to free a DSA key's tables */
        brisk_pkey_cleanup(&key);
    }
    tv_check_int(brisk_pkey_from_der(NULL, der, 10), BRISK_EINVAL, "from_der: NULL key");
    tv_check_int(brisk_pkey_from_pem(NULL, pem, 10), BRISK_EINVAL, "from_pem: NULL key");
    tv_check(brisk_pkey_has_private(NULL) == 0, "has_private(NULL)");
}

/* ---- DSA DER signatures ---- */

/* An OpenSSL signature over "abc" with the key above:
 * printf abc | openssl dgst -sha256 -sign dsa.pem | xxd -p */
static const char openssl_sig[] =
    "302c02140f9f634dff1c0ce31086d889cde31f0d2686be7f0214740402686e21"
    "cf95fa9ef749a3400bd0f1579e42";

static void expect_sig(const brisk_dsa_key *k, blob sig, const uint8_t *dgst, int want,
                       const char *what)
{
    tv_check_int(brisk_dsa_verify(k, sig.d, sig.n, dgst, 32), want, "dsa sig: %s", what);
}

/* hexof writes len bytes as hex into a static buffer. */
static const char *hexof(const uint8_t *p, size_t len)
{
    static char buf[2][256];
    static int which;
    char *o = buf[which ^= 1];

    for (size_t i = 0; i < len; i++)
        snprintf(o + 2 * i, 3, "%02x", p[i]);
    o[2 * len] = '\0';
    return o;
}

/* test_dsa_sig_strict breaks the DER of the signature r || s = raw over
 * dgst one way at a time. */
static void test_dsa_sig_strict(const brisk_dsa_key *k, const uint8_t raw[40],
                                const uint8_t dgst[32])
{
    blob r = INT(hexof(raw, 20)), s = INT(hexof(raw + 20, 20)), want = SEQ(2, r, s);
    char rs[128];

    expect_sig(k, want, dgst, 0, "rebuilt signature");
    expect_sig(k, CAT(2, want, H("00")), dgst, BRISK_EVERIFY, "trailing byte");
    expect_sig(k, SEQ(2, s, r), dgst, BRISK_EVERIFY, "r and s swapped");
    expect_sig(k, SEQ(3, r, s, INT("01")), dgst, BRISK_EVERIFY, "three INTEGERs");
    expect_sig(k, SEQ(1, r), dgst, BRISK_EVERIFY, "one INTEGER");
    expect_sig(k, SEQ(2, INT("00"), s), dgst, BRISK_EVERIFY, "r = 0");
    expect_sig(k, SEQ(2, r, INT("00")), dgst, BRISK_EVERIFY, "s = 0");
    expect_sig(k, SEQ(2, INT(dsa_q), s), dgst, BRISK_EVERIFY, "r = q");
    expect_sig(k, SEQ(2, r, INT(dsa_q)), dgst, BRISK_EVERIFY, "s = q");
    snprintf(rs, sizeof(rs), "01%s", hexof(raw, 20));
    expect_sig(k, SEQ(2, INT(rs), s), dgst, BRISK_EVERIFY, "r + 2^160");
    expect_sig(k, SEQ(2, T(0x02, CAT(2, H("00"), H(hexof(r.d + 2, r.n - 2)))), s), dgst,
               BRISK_EVERIFY, "r with an extra leading zero");
    expect_sig(k, SEQ(2, r, T(0x02, CAT(2, H("00"), H(hexof(s.d + 2, s.n - 2))))), dgst,
               BRISK_EVERIFY, "s with an extra leading zero");
    expect_sig(k, SEQ(2, T(0x02, H("80")), s), dgst, BRISK_EVERIFY, "negative r");
    expect_sig(k, SEQ(2, r, T(0x02, H("ff"))), dgst, BRISK_EVERIFY, "negative s");
    expect_sig(k, SEQ(2, T(0x02, H("")), s), dgst, BRISK_EVERIFY, "empty r");
    snprintf(rs, sizeof(rs), "81%02zx", r.n + s.n);
    expect_sig(k, TL(0x30, rs, CAT(2, r, s)), dgst, BRISK_EVERIFY,
               "long form for a short length");
    expect_sig(k, TL(0x30, "80", CAT(3, r, s, H("0000"))), dgst, BRISK_EVERIFY,
               "indefinite length");
    expect_sig(k, T(0x31, CAT(2, r, s)), dgst, BRISK_EVERIFY, "SET for SEQUENCE");
    expect_sig(k, SEQ(2, T(0x03, H(hexof(r.d + 2, r.n - 2))), s), dgst, BRISK_EVERIFY,
               "BIT STRING for INTEGER");
    expect_sig(k, CAT(2, r, s), dgst, BRISK_EVERIFY, "no SEQUENCE");
    expect_sig(k, H(""), dgst, BRISK_EVERIFY, "nothing");
}

static void test_dsa_sig(void)
{
    const brisk_digest *md = brisk_digest_by_name("sha256");
    uint8_t dgst[32], raw[40], sig[BRISK_DSA_MAX_SIG_LEN];
    brisk_pkey key;
    size_t len;
    blob want, sig_b;

    if (!tv_check(md != NULL, "sha256") ||
        !tv_check_int(brisk_pkey_from_pem(&key, dsa_trad_pem, strlen(dsa_trad_pem)), 0,
                      "dsa sig: key"))
        return;
    brisk_digest_oneshot(md, dgst, (const uint8_t *)"abc", 3);
    expect_sig(&key.u.dsa, H(openssl_sig), dgst, 0, "OpenSSL's signature");
    len = sizeof(sig);
    if (!tv_check_int(brisk_dsa_sign_deterministic(&key.u.dsa, sig, &len, md, dgst, 32), 0,
                      "dsa sig: sign") ||
        !tv_check_int(brisk_dsa_sign_raw_deterministic(&key.u.dsa, raw, 40, md, dgst, 32), 0,
                      "dsa sig: sign_raw"))
        return;
    /* RFC 6979 nonces: the same signature both ways */
    want = SEQ(2, INT(hexof(raw, 20)), INT(hexof(raw + 20, 20)));
    if (tv_check_int((long long)len, (long long)want.n, "dsa sig: DER length"))
        tv_check_mem(sig, want.d, len, "dsa sig: DER of sign_raw's r, s");
    memcpy(sig_b.d, sig, len);
    sig_b.n = len;
    expect_sig(&key.u.dsa, sig_b, dgst, 0, "own signature");
    /* the digest is cut to q's 20 bytes: 31 bytes verify, 19 do not */
    tv_check_int(brisk_dsa_verify(&key.u.dsa, sig, len, dgst, 31), 0, "dsa sig: longer digest");
    tv_check_int(brisk_dsa_verify(&key.u.dsa, sig, len, dgst, 19), BRISK_EVERIFY,
                 "dsa sig: shorter digest");
    dgst[0] ^= 1;
    expect_sig(&key.u.dsa, sig_b, dgst, BRISK_EVERIFY, "other digest");
    dgst[0] ^= 1;
    for (size_t n = 0; n < len; n++)
        if (brisk_dsa_verify(&key.u.dsa, sig, n, dgst, 32) != BRISK_EVERIFY)
            tv_fail("dsa sig: truncated to %zu accepted", n);
    /* buffer sizes (deterministic: a hedged signature's DER length varies) */
    len = want.n - 1;
    tv_check_int(brisk_dsa_sign_deterministic(&key.u.dsa, sig, &len, md, dgst, 32),
                 BRISK_ENOSPACE, "dsa sig: one byte short");
    len = want.n;
    tv_check(brisk_dsa_sign_deterministic(&key.u.dsa, sig, &len, md, dgst, 32) == 0 &&
                 len == want.n,
             "dsa sig: exact buffer");
    test_dsa_sig_strict(&key.u.dsa, raw, dgst);
    brisk_pkey_cleanup(&key);
}

/* ---- Wycheproof DSA: SubjectPublicKeyInfo and DER signatures ---- */

/* wp_group_key decodes a Wycheproof group's publicKeyDer and checks its
 * numbers, its re-encoding and its publicKeyPem; 1 when the key is usable. */
static int wp_group_key(brisk_pkey *key, tv_json *group, const char *rel)
{
    static uint8_t der[4096];
    size_t spki_len, len = sizeof(der);
    const uint8_t *spki = tv_json_hex(group, "publicKeyDer", &spki_len);
    const char *pem = tv_json_string(group, "publicKeyPem");
    tv_json *pub = tv_json_get(group, "publicKey");
    brisk_pkey from_pem;

    memset(&from_pem, 0, sizeof(from_pem));
    if (!tv_check(spki != NULL && brisk_pkey_from_der(key, spki, spki_len) == 0 &&
                      key->type == BRISK_PKEY_DSA && !brisk_pkey_has_private(key),
                  "%s: publicKeyDer", rel))
        return 0;
    check_bn(&key->u.dsa.params.p, tv_json_string(pub, "p"), "wycheproof p");
    check_bn(&key->u.dsa.params.q, tv_json_string(pub, "q"), "wycheproof q");
    check_bn(&key->u.dsa.params.g, tv_json_string(pub, "g"), "wycheproof g");
    check_bn(&key->u.dsa.y, tv_json_string(pub, "y"), "wycheproof y");
    tv_check(brisk_pkey_to_der(der, &len, key, BRISK_PKEY_FORM_SPKI) == 0 && len == spki_len &&
                 memcmp(der, spki, len) == 0,
             "%s: SubjectPublicKeyInfo re-encoded", rel);
    tv_check(pem != NULL && brisk_pkey_from_pem(&from_pem, pem, strlen(pem)) == 0 &&
                 brisk_bn_cmp(&from_pem.u.dsa.y, &key->u.dsa.y) == 0,
             "%s: publicKeyPem", rel);
    brisk_pkey_cleanup(&from_pem);
    return 1;
}

/* test_wycheproof_file checks every group's public key and, with sigs set,
 * every signature. */
static void test_wycheproof_file(const char *rel, const char *md_name, int sigs)
{
    const brisk_digest *md = brisk_digest_by_name(md_name);
    tv_json *root = tv_json_load(rel);
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    tv_json *last_group = NULL;
    brisk_pkey key;
    int key_ok = 0;
    size_t n = 0, acceptable_ok = 0;

    if (root == NULL || !tv_check(md != NULL, "%s: digest %s", rel, md_name)) {
        tv_json_free(root);
        return;
    }
    memset(&key, 0, sizeof(key));
    while (tv_wycheproof_next(&w)) {
        size_t msg_len, sig_len;
        const uint8_t *msg = tv_json_hex(w.test, "msg", &msg_len);
        const uint8_t *sig = tv_json_hex(w.test, "sig", &sig_len);
        uint8_t dgst[BRISK_DIGEST_MAX_LEN];
        int result = tv_wycheproof_result(&w), err;
        long id = 0;

        if (w.group != last_group) {
            last_group = w.group;
            brisk_pkey_cleanup(&key); /* the last group's */
            key_ok = wp_group_key(&key, w.group, rel);
        }
        if (!sigs || !key_ok || !tv_check(msg != NULL && sig != NULL, "%s: test fields", rel))
            continue;
        tv_json_long(w.test, "tcId", &id);
        brisk_digest_oneshot(md, dgst, msg, msg_len);
        err = brisk_dsa_verify(&key.u.dsa, sig, sig_len, dgst, md->digest_len);
        n++;
        if (result == TV_RESULT_VALID)
            tv_check_int(err, 0, "%s tcId %ld: valid", rel, id);
        else if (result == TV_RESULT_INVALID)
            tv_check_int(err, BRISK_EVERIFY, "%s tcId %ld: invalid", rel, id);
        else
            acceptable_ok += err == 0;
    }
    tv_note("%s: %zu signatures, %zu 'acceptable' ones accepted", rel, n, acceptable_ok);
    brisk_pkey_cleanup(&key);
    tv_json_free(root);
}

/* test_dsa runs every file's signatures; here every file's keys and the
 * signatures of one file per q size (of one file under BRISK_TEST_QUICK),
 * which keeps the emulated 32-bit run short. */
static void test_wycheproof(void)
{
    int all = !tv_quick();

    test_wycheproof_file("wycheproof/testvectors_v1/dsa_2048_224_sha224_test.json", "sha224", 1);
    test_wycheproof_file("wycheproof/testvectors_v1/dsa_2048_224_sha256_test.json", "sha256", 0);
    test_wycheproof_file("wycheproof/testvectors_v1/dsa_2048_256_sha256_test.json", "sha256", all);
    test_wycheproof_file("wycheproof/testvectors_v1/dsa_3072_256_sha256_test.json", "sha256", 0);
}

/* ---- Hostile keys (issue 25) ----
 * Made with Python's integers (the same as tests/test_cli_pk.sh's): DSA
 * parameters with q the product of the five largest 32-bit primes, p = k q
 * + 1 a 1024-bit prime, g = 2^((p-1)/q), so that q | p - 1 and g^q = 1
 * hold, and a traditional DSA key over them; an RSA-1024 key whose p is
 * the product of two 256-bit primes, with d and the CRT values computed
 * from it; an RSA-4096 public key with e = 2^64 + 1.  Each decodes as DER
 * but must be refused with BRISK_EINVAL, the parameters by the full check. */
static const char weak_q_params_pem[] =
    "-----BEGIN DSA PARAMETERS-----\n"
    "MIIBHgKBgQDhMhR7d3hQdaahl2zABBtdytGwhRMQJnhK8fohQA/7ZVvgLCfh1clm\n"
    "ef7hcCN9D1vroF5hfRZGCdHUh7/pWrjPXoCFoIFFN28LrQ88yBQOkBrkWvPl9cku\n"
    "/c7sn17lSLr3049DC1mGF63XCmY080HgZk8+tynfvvMmfcZ/9w7ybQIVAP///tsA\n"
    "AHVN/+0XWgEGPvD8gvWLAoGAE6rWKonRLZwK9p1vG+yWvnwsmYnLvfULPnRkCIBg\n"
    "he7nOjxOg37UCYL4an8bnbFOUwRF8Cw2Gwu6eGS44mtR9itS+3n695iFgHc2zsL9\n"
    "I34nfGsz6h85LiaFwTUZd2uCG6xTPQQ8CnPHoPi2l51CZ+ncLyE4oC9zmFcxML4Z\n"
    "AQw=\n"
    "-----END DSA PARAMETERS-----\n";
static const char weak_q_key_pem[] =
    "-----BEGIN DSA PRIVATE KEY-----\n"
    "MIIBvAIBAAKBgQDhMhR7d3hQdaahl2zABBtdytGwhRMQJnhK8fohQA/7ZVvgLCfh\n"
    "1clmef7hcCN9D1vroF5hfRZGCdHUh7/pWrjPXoCFoIFFN28LrQ88yBQOkBrkWvPl\n"
    "9cku/c7sn17lSLr3049DC1mGF63XCmY080HgZk8+tynfvvMmfcZ/9w7ybQIVAP//\n"
    "/tsAAHVN/+0XWgEGPvD8gvWLAoGAE6rWKonRLZwK9p1vG+yWvnwsmYnLvfULPnRk\n"
    "CIBghe7nOjxOg37UCYL4an8bnbFOUwRF8Cw2Gwu6eGS44mtR9itS+3n695iFgHc2\n"
    "zsL9I34nfGsz6h85LiaFwTUZd2uCG6xTPQQ8CnPHoPi2l51CZ+ncLyE4oC9zmFcx\n"
    "ML4ZAQwCgYEAiCLYCQ+zxvMQf+ZTcABfcK5xNbo96c2YNoWUnNX2Y1F3iWhU7Au9\n"
    "qPscBjVYHFnYD5aZQc5lz2DF+xvbPI6lFnHvaiv3STR1b1cfSbpZ11Bb2OeYiYQc\n"
    "im4Y1idwSZDhK6Us6r6isA3kPR5o3w6HWEwUUs3vXbRf/eNGpNo+fIgCFQCpR8ja\n"
    "zTP/Q2ZWGEgB1mhN5IuS2g==\n"
    "-----END DSA PRIVATE KEY-----\n";
static const char composite_p_pem[] =
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIICXgIBAAKBgQDb8uFyBNu8QKtluK9+9kEmQq43W3WBtEp20RNAsvM82UEUYfvO\n"
    "B3xuIURL2gFLbQKXPxC1/0SeTsPkmsT/ww+l59yUKngTz/pFx4TGRXVDb1wMyeJU\n"
    "Jtu02mMMMLK9WcdIcT4RSS30rOS2EgSmmB/OqMddUtOVpO5AFd4+MB6n7QIDAQAB\n"
    "AoGBAIoToX/omOFHX9IN7O4xPZj9R00tN0ljm1OX0RROwvAyGu7mzCL9BBpG/A76\n"
    "HtHw7y1vw9fdFoCjRcrfdkhxdgIwKUlJ0QemTJLzvbP5h+aebisOvjay2gdaPLD3\n"
    "FIn1DgZt45HzVVL9Tf+2OZbmMaTVhNQXIylP2TjM5WWmo+TpAkEA3O0oy53Rjqjv\n"
    "8euCYSXosXy58rwBQuE8u27pKDnVRNBmrD75raRemC/hsBeFMSkrkwrjoRL2f2yD\n"
    "q0O6e79pwwJBAP7d/OEr6W3UvlsAeIzWQQ3DMHZli95DAhTMaxbft9+mwPDgYTMu\n"
    "QKgSBYzXCLz3JBEon01tibw/BBKBm/WF3I8CQQDYkHZkGwFYOgxz9ivpdVLD4YMa\n"
    "CeemmsqA5bkS4JZKDYwIHvd7mtvLjWxLxNKgnT4EtzDqLX+K62Gq2gqM0dcnAkEA\n"
    "5ceiDCiY5eqeTFFaXi90q0HFWZknxxVGtRWvnwnILx2aahEB0TDsHhtRYa8lM6jl\n"
    "nYqwRRBy04NE2qJ7x5oORQJAP96uJI0W0wK/ero6JL7ftleOYfllJHzJMQrDODIJ\n"
    "lnlljYBM+ajtmZ2MxOOB2pNQSVdz2f6TuuUmv/w4OkKu3A==\n"
    "-----END RSA PRIVATE KEY-----\n";
static const char e65_pub_pem[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MIICKDANBgkqhkiG9w0BAQEFAAOCAhUAMIICEAKCAgEAtjW++kfE71DX77YXlTE6\n"
    "YVpc28I67cDj+a6ssc1d9L2DeQyGcBarNYewX2QpVGACZrxOh9casGA9I6MW2DDe\n"
    "Q6NZmi7jaKSf27p6CfnHTGq70D1TmiP4o1oJ6ZAiml7qbKeLDVxjIay1b1hiilZo\n"
    "CLBsbITihlaxDtfaKsz3Q7ampT5XiQnM63KMiQoDc5zXnOTQCGApVrnGHHvNZw9K\n"
    "JFJXxG6/BdibMavDNoocTMuHyBfpMu47NMi48K78Ob1RCwy8X0o6/XxEjKJQa8E/\n"
    "dtzMKsFmG+1rblhnekT2sZyy+NLc2NkAFVwWKsjh0RWQD5Pcst92a1r4Sgh+3m82\n"
    "i/1LlgcfMZDc61H0uz9EzwZoV1GjmZQBktgJqGChKm1GBIdsCorAhAJpmwvcVeDQ\n"
    "6ahMMAbDIcvhR1Dt6pOmYS0UrIyd2k/LRrdQCdOi4puf3pQo4knszRShge2bWiRD\n"
    "Ola0aCkaYyY4uD8dd9HrMKxbiF0lvkiQ4t5D92tDOGml0mZ0DTQqJBwY6PkdYfE6\n"
    "IrnK/pu/6NdlYq8vADrlTlsN1adoRXNJBZWHugkAOscLIcJXsyWRKJQVafEHeTv9\n"
    "+DawsHD2MIdM/nUfo9hjxHzqT4MMkSqIk+TXVloRMM9vQkgx/livKerXknKyRH5G\n"
    "QGu9/ElecWIHqxYHPxJUFhsCCQEAAAAAAAAAAQ==\n"
    "-----END PUBLIC KEY-----\n";

static void test_hostile_keys(void)
{
    static brisk_pkey key;
    brisk_dsa_params pr;

    tv_check_int(brisk_pkey_from_pem(&key, weak_q_key_pem, strlen(weak_q_key_pem)), BRISK_EINVAL,
                 "DSA key over a composite q refused");
    tv_check_int(brisk_pkey_from_pem(&key, composite_p_pem, strlen(composite_p_pem)),
                 BRISK_EINVAL, "RSA key with a composite p refused");
    tv_check_int(brisk_pkey_from_pem(&key, e65_pub_pem, strlen(e65_pub_pem)), BRISK_EINVAL,
                 "RSA-4096 public key with a 65-bit e refused");
    if (tv_check_int(brisk_dsa_params_from_pem(&pr, weak_q_params_pem, strlen(weak_q_params_pem)),
                     0, "weak DSA parameters decode")) {
        tv_check_int(brisk_dsa_params_check(&pr, 0), 0, "weak DSA parameters: group checks hold");
        tv_check_int(brisk_dsa_params_check(&pr, 1), BRISK_EINVAL,
                     "weak DSA parameters: refused by the full check");
        tv_check_int(brisk_dsa_generate_key(&key.u.dsa, &pr), BRISK_EINVAL,
                     "weak DSA parameters: no key made over them");
    }
    brisk_pkey_cleanup(&key);
}

int main(void)
{
    tv_begin("test_pkey");
    test_known_keys();
    test_params();
    test_builder_matches();
    test_der_rsa_rejections();
    test_der_dsa_rejections();
    test_pem();
    test_sizes();
    test_dsa_sig();
    test_wycheproof();
    test_hostile_keys();
    return tv_end();
}
