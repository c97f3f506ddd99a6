/*
 * tests/fuzz_pkey.c - libFuzzer target for the key decoders: DER (every
 * form brisk_pkey_from_der tells apart), PEM, and DSA parameters.  Built by
 * clang with -DBRISK_FUZZ=ON; run through scripts/fuzz.
 *
 * Beyond "no crash, no sanitizer report" it checks what the decoders
 * promise.  Decoding is strict DER, so an accepted input must be exactly
 * what brisk_pkey_to_der writes for that key in one of the forms (or, for
 * the RFC 8410 types, that PKCS#8 as RFC 5958's v2: version 1, [0]
 * attributes, the [1] public key, which must be the key's).  A decoded
 * key re-encodes and re-decodes to the same bytes in every form it can
 * take, as DER and as PEM.  And a decoded private key is usable: a
 * signature it makes verifies with it (found: a DSA key whose p had been
 * altered loaded and signed, see brisk_dsa_key_prepare).  Encrypted keys
 * (password "fuzz") go through the _pass decoders, and a key decrypted
 * encrypts and decrypts back to itself in both forms.  The unchecked
 * decoders take whatever the checked ones take, the validators (pkey
 * -check) run on any numbers they give, and a key they call valid is one
 * the checked decoder accepts.
 */
#include <brisk/brisk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const brisk_pkey_form forms[] = {BRISK_PKEY_FORM_PKCS8, BRISK_PKEY_FORM_TRADITIONAL,
                                        BRISK_PKEY_FORM_SPKI, BRISK_PKEY_FORM_PKCS1_PUBLIC};
enum { N_FORMS = sizeof(forms) / sizeof(forms[0]), MAX_DER = 1 << 16 };

static void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz_pkey: %s\n", what);
    abort();
}

/* der_tlv reads one tag and short or 0x81 length at der[*at]; the
 * content's length, or -1 past the end. */
static long der_tlv(const uint8_t *der, size_t len, size_t *at, uint8_t *tag)
{
    size_t n;

    if (*at + 2 > len)
        return -1;
    *tag = der[(*at)++];
    n = der[(*at)++];
    if (n == 0x81) {
        if (*at + 1 > len || der[*at] < 0x80)
            return -1;
        n = der[(*at)++];
    } else if (n > 0x80) {
        return -1;
    }
    return *at + n <= len ? (long)n : -1;
}

/* is_v2_of tells whether der is RFC 5958's OneAsymmetricKey of an RFC 8410
 * key (which the decoder takes and brisk writes as version 0): brisk's
 * PKCS#8 with version 0 or 1, then [0] attributes, then (version 1 only)
 * [1] publicKey holding the key's public key. */
static int is_v2_of(const brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    static uint8_t v1[MAX_DER];
    size_t n = sizeof(v1), at = 0, end;
    long len;
    uint8_t tag;
    int version;

    if (key->type != BRISK_PKEY_X25519 && key->type != BRISK_PKEY_X448 &&
        key->type != BRISK_PKEY_ED25519 && key->type != BRISK_PKEY_ED448)
        return 0;
    /* brisk's: 30 L 02 01 00 || algorithm || privateKey, L below 128 */
    if (brisk_pkey_to_der(v1, &n, key, BRISK_PKEY_FORM_PKCS8) != BRISK_EOK || n < 5 ||
        v1[1] >= 0x80)
        return 0;
    if ((len = der_tlv(der, der_len, &at, &tag)) < 0 || tag != 0x30 || at + (size_t)len != der_len)
        return 0;
    if (at + 3 > der_len || der[at] != 0x02 || der[at + 1] != 1 || der[at + 2] > 1)
        return 0;
    version = der[at + 2];
    at += 3;
    if (at + (n - 5) > der_len || memcmp(der + at, v1 + 5, n - 5) != 0)
        return 0;
    at += n - 5;
    end = der_len;
    if (at < end && der[at] == 0xa0) {
        if ((len = der_tlv(der, end, &at, &tag)) < 0)
            return 0;
        at += (size_t)len;
    }
    if (at < end && der[at] == 0x81 && version == 1) {
        if ((len = der_tlv(der, end, &at, &tag)) < 1 || der[at] != 0 ||
            (size_t)len - 1 != key->u.curve.pub_len ||
            memcmp(der + at + 1, key->u.curve.pub, key->u.curve.pub_len) != 0)
            return 0;
        at += (size_t)len;
    }
    return at == end;
}

/* is_own_encoding tells whether der is what brisk writes for key in some form. */
static int is_own_encoding(const brisk_pkey *key, const uint8_t *der, size_t der_len)
{
    static uint8_t buf[MAX_DER];
    for (size_t f = 0; f < N_FORMS; f++) {
        size_t n = sizeof(buf);
        if (brisk_pkey_to_der(buf, &n, key, forms[f]) == BRISK_EOK && n == der_len &&
            memcmp(buf, der, n) == 0)
            return 1;
    }
    return 0;
}

/* check_roundtrip encodes key in every form it takes and decodes it again. */
static void check_roundtrip(const brisk_pkey *key)
{
    static uint8_t der[MAX_DER], der2[MAX_DER];
    static char pem[2 * MAX_DER];
    static brisk_pkey back;

    for (size_t f = 0; f < N_FORMS; f++) {
        size_t n = sizeof(der), n2 = sizeof(der2), pn = sizeof(pem);
        if (brisk_pkey_to_der(der, &n, key, forms[f]) != BRISK_EOK)
            continue; /* a form this key cannot take */
        if (brisk_pkey_from_der(&back, der, n) != BRISK_EOK)
            fuzz_fail("a key's own DER does not decode");
        if (brisk_pkey_to_der(der2, &n2, &back, forms[f]) != BRISK_EOK || n2 != n ||
            memcmp(der2, der, n) != 0)
            fuzz_fail("a decoded key re-encodes differently");
        brisk_pkey_cleanup(&back);
        if (brisk_pkey_to_pem(pem, &pn, key, forms[f]) != BRISK_EOK ||
            brisk_pkey_from_pem(&back, pem, pn) != BRISK_EOK)
            fuzz_fail("a key's own PEM does not decode");
        brisk_pkey_cleanup(&back);
    }
}

/* check_use signs with a private key and verifies, or verifies a junk
 * signature with a public one (which must simply fail). */
static void check_use(brisk_pkey *key)
{
    static const uint8_t dgst[32] = {1, 2, 3};
    static uint8_t sig[1100];
    const brisk_digest *md = brisk_digest_by_name("sha256");

    if (key->type == BRISK_PKEY_RSA) {
        size_t n = brisk_rsa_size(&key->u.rsa);
        if (n == 0 || n > sizeof(sig))
            return;
        if (brisk_pkey_has_private(key)) {
            if (brisk_rsa_sign_pkcs1(&key->u.rsa, sig, n, md, dgst, 32) == BRISK_EOK &&
                brisk_rsa_verify_pkcs1(&key->u.rsa, sig, n, md, dgst, 32) != BRISK_EOK)
                fuzz_fail("an RSA signature does not verify with its own key");
        } else {
            memset(sig, 0x5a, n);
            if (brisk_rsa_verify_pkcs1(&key->u.rsa, sig, n, md, dgst, 32) == BRISK_EOK)
                fuzz_fail("a junk RSA signature verifies");
        }
    } else if (key->type == BRISK_PKEY_DSA) {
        size_t n = sizeof(sig);
        if (brisk_pkey_has_private(key)) {
            if (brisk_dsa_sign(&key->u.dsa, sig, &n, md, dgst, 32) == BRISK_EOK &&
                brisk_dsa_verify(&key->u.dsa, sig, n, dgst, 32) != BRISK_EOK)
                fuzz_fail("a DSA signature does not verify with its own key");
        } else {
            memset(sig, 0, 8);
            if (brisk_dsa_verify(&key->u.dsa, sig, 8, dgst, 32) == BRISK_EOK)
                fuzz_fail("a junk DSA signature verifies");
        }
    }
}

/* check_encrypted encrypts a private key in both forms and decrypts it
 * back to the same key. */
static void check_encrypted(const brisk_pkey *key)
{
    static const uint8_t pass[4] = {'f', 'u', 'z', 'z'};
    static uint8_t der[MAX_DER], der2[MAX_DER];
    static char pem[2 * MAX_DER];
    static brisk_pkey back;
    size_t n = sizeof(der), n2;

    if (!brisk_pkey_has_private(key) ||
        brisk_pkey_to_der(der, &n, key, BRISK_PKEY_FORM_PKCS8) != BRISK_EOK)
        return;
    for (int form = BRISK_PKEY_FORM_PKCS8; form <= BRISK_PKEY_FORM_TRADITIONAL; form++) {
        size_t pn = sizeof(pem), tn = 0;
        n2 = sizeof(der2);
        /* X25519, X448, Ed25519 and Ed448 keys have no traditional form */
        if (form == BRISK_PKEY_FORM_TRADITIONAL &&
            brisk_pkey_to_der(NULL, &tn, key, BRISK_PKEY_FORM_TRADITIONAL) != BRISK_EOK)
            continue;
        if (brisk_pkey_to_pem_encrypted(pem, &pn, key, form, "aes-128-cbc", pass, 4) !=
                BRISK_EOK ||
            brisk_pkey_from_pem_pass(&back, pem, pn, pass, 4) != BRISK_EOK ||
            brisk_pkey_to_der(der2, &n2, &back, BRISK_PKEY_FORM_PKCS8) != BRISK_EOK ||
            n2 != n || memcmp(der2, der, n) != 0)
            fuzz_fail("an encrypted key does not decrypt to itself");
        brisk_pkey_cleanup(&back);
        if (brisk_pkey_from_pem(&back, pem, pn) != BRISK_EENCRYPTED)
            fuzz_fail("an encrypted key is not BRISK_EENCRYPTED without a password");
    }
}

/* check_validate decodes unchecked, validates, and holds the validator
 * to the checked decoder's verdict `checked_ok`. */
static void check_validate(const uint8_t *data, size_t size, int is_pem, int checked_ok)
{
    static brisk_pkey raw;
    int err = is_pem ? brisk_pkey_from_pem_unchecked(&raw, (const char *)data, size)
                     : brisk_pkey_from_der_unchecked(&raw, data, size);
    int valid = 0, verr;
    const char *why = NULL;

    if (err != BRISK_EOK) {
        if (checked_ok)
            fuzz_fail("the unchecked decoder refuses a key the checked one takes");
        return;
    }
    verr = raw.type == BRISK_PKEY_RSA ? brisk_rsa_key_validate(&raw.u.rsa, 1, &valid, &why)
                                      : brisk_dsa_key_validate(&raw.u.dsa, 1, &valid, &why);
    if (verr == BRISK_EOK && !valid && why == NULL)
        fuzz_fail("an invalid key without a reason");
    if (verr == BRISK_EOK && valid && !checked_ok)
        fuzz_fail("a key the validator passes is refused by the checked decoder");
    brisk_pkey_cleanup(&raw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static brisk_pkey key;
    static brisk_dsa_params params;
    static uint8_t buf[MAX_DER];
    int is_pem = size > 0 && data[0] == '-';
    int checked_ok = is_pem ? brisk_pkey_from_pem(&key, (const char *)data, size) == BRISK_EOK
                            : brisk_pkey_from_der(&key, data, size) == BRISK_EOK;

    check_validate(data, size, is_pem, checked_ok);
    if (checked_ok) {
        if (!is_pem && !is_own_encoding(&key, data, size) && !is_v2_of(&key, data, size))
            fuzz_fail("accepted DER that is not the key's strict encoding");
        check_roundtrip(&key);
        check_use(&key);
    }
    if (is_pem ? brisk_dsa_params_from_pem(&params, (const char *)data, size) == BRISK_EOK
               : brisk_dsa_params_from_der(&params, data, size) == BRISK_EOK) {
        size_t n = sizeof(buf);
        if (brisk_dsa_params_to_der(buf, &n, &params) != BRISK_EOK)
            fuzz_fail("decoded DSA parameters do not encode");
        if (!is_pem && (n != size || memcmp(buf, data, n) != 0))
            fuzz_fail("accepted DSA parameters that are not their strict encoding");
    }
    brisk_pkey_cleanup(&key);
    /* encrypted keys (both forms), with the password "fuzz" */
    if (is_pem ? brisk_pkey_from_pem_pass(&key, (const char *)data, size,
                                          (const uint8_t *)"fuzz", 4) == BRISK_EOK
               : brisk_pkey_from_der_pass(&key, data, size, (const uint8_t *)"fuzz", 4) ==
                     BRISK_EOK) {
        check_roundtrip(&key);
        check_encrypted(&key);
    }
    brisk_pkey_cleanup(&key);
    return 0;
}
