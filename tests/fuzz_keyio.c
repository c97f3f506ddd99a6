/*
 * tests/fuzz_keyio.c - libFuzzer target for the key files of the brisk
 * command, through the entry points `pkey`, `dgst -sign/-verify`,
 * `dsaparam` and `genrsa` use (apps/keyio.c): read_file, load_key,
 * load_dsa_params, encode_key and encode_dsa_params.  The input is a file's
 * contents; tests/fuzz_pkey.c fuzzes the library's decoders beneath.
 *
 * Properties checked beyond "no crash, no leak, no sanitizer report":
 * - read_file returns exactly the file, NUL-terminated, when it has at
 *   most `max` bytes, and refuses it when it has more;
 * - -inform/-keyform omitted (FORM_ANY) reads a file as DER without a
 *   "-----BEGIN", and with one as PEM, or as DER if it is not PEM (DER
 *   numbers may hold those bytes): exactly what a given form reads;
 * - a key load_key accepts encodes as `pkey` writes it: in every form it can
 *   take (a private form exactly when it is private, the traditional one
 *   only for RSA, DSA and EC keys, SubjectPublicKeyInfo always, as -pubout
 *   needs), as PEM and DER, and load_key reads each of those files back to
 *   the same key (or its public half);
 * - DSA parameters load_dsa_params accepts encode and read back the same.
 */
#include <brisk/brisk.h>

#include "apps.h"
#include "fuzz_apps.h"

enum { MAX_DER = 1 << 16 };

static const brisk_pkey_form encodings[] = {BRISK_PKEY_FORM_PKCS8, BRISK_PKEY_FORM_TRADITIONAL,
                                            BRISK_PKEY_FORM_SPKI, BRISK_PKEY_FORM_PKCS1_PUBLIC};
enum { N_ENCODINGS = sizeof(encodings) / sizeof(encodings[0]) };

static char *in_path, *out_path;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup("fuzz_keyio");
    in_path = fuzz_temp_path();
    out_path = fuzz_temp_path();
    return 0;
}

/* has_begin tells whether FORM_ANY may take the file for PEM: when it
 * holds a "-----BEGIN" anywhere. */
static int has_begin(const uint8_t *p, size_t len)
{
    for (size_t i = 0; i + 10 <= len; i++)
        if (memcmp(p + i, "-----BEGIN", 10) == 0)
            return 1;
    return 0;
}

/* check_read_file reads the input back with limits around its size. */
static void check_read_file(const uint8_t *data, size_t size)
{
    size_t maxes[] = {APP_MAX_KEY_FILE, size + 1, size, size > 0 ? size - 1 : 0,
                      size / 2 + 1};

    for (size_t i = 0; i < sizeof(maxes) / sizeof(maxes[0]); i++) {
        uint8_t *buf = NULL;
        size_t len = 0;
        int r = read_file("fuzz", in_path, maxes[i], &buf, &len);
        if (size <= maxes[i] && r != 0)
            fuzz_fail("read_file refused a file within its limit");
        if (size > maxes[i] && r == 0)
            fuzz_fail("read_file took a file over its limit");
        if (r == 0 && (len != size || memcmp(buf, data, size) != 0 || buf[len] != '\0'))
            fuzz_fail("read_file did not return the file, NUL-terminated");
        free(buf);
    }
}

/* key_der is key's canonical encoding: PKCS#8 if private (or `pub`
 * asked), else SubjectPublicKeyInfo. */
static size_t key_der(uint8_t *out, const brisk_pkey *key, int pub)
{
    size_t n = MAX_DER;
    int enc = brisk_pkey_has_private(key) && !pub ? BRISK_PKEY_FORM_PKCS8 : BRISK_PKEY_FORM_SPKI;

    if (brisk_pkey_to_der(out, &n, key, enc) != BRISK_EOK)
        fuzz_fail("a loaded key does not encode");
    return n;
}

static int same_key(const brisk_pkey *a, const brisk_pkey *b, int pub)
{
    static uint8_t da[MAX_DER], db[MAX_DER];
    size_t na = key_der(da, a, pub), nb = key_der(db, b, pub);

    return na == nb && memcmp(da, db, na) == 0;
}

/* check_key_files writes key as pkey would in every encoding and form,
 * and reads each file back. */
static void check_key_files(const brisk_pkey *key)
{
    static brisk_pkey back;
    int private = brisk_pkey_has_private(key);
    /* X25519, X448, Ed25519 and Ed448 keys have no traditional form */
    int traditional = key->type == BRISK_PKEY_RSA || key->type == BRISK_PKEY_DSA ||
                      key->type == BRISK_PKEY_EC;

    for (size_t e = 0; e < N_ENCODINGS; e++) {
        int is_private_form = encodings[e] == BRISK_PKEY_FORM_PKCS8 ||
                              encodings[e] == BRISK_PKEY_FORM_TRADITIONAL;
        int has_form = encodings[e] != BRISK_PKEY_FORM_TRADITIONAL || traditional;
        for (int form = FORM_PEM; form <= FORM_DER; form++) {
            uint8_t *buf = NULL;
            size_t len = 0;
            int r = encode_key("fuzz", &buf, &len, key, encodings[e], form);
            if (r != 0 && (encodings[e] == BRISK_PKEY_FORM_SPKI ||
                           (is_private_form && private && has_form)))
                fuzz_fail("a loaded key does not encode in a form pkey writes");
            if (r == 0 && is_private_form && !private)
                fuzz_fail("a public key encodes in a private form");
            if (r == 0 && !has_form)
                fuzz_fail("a key encodes in a form its type does not have");
            if (r != 0) {
                free_secret(buf, len);
                continue;
            }
            fuzz_write_file(out_path, buf, len);
            free_secret(buf, len);
            if (load_key("fuzz", out_path, FORM_ANY, &back) != 0)
                fuzz_fail("load_key refuses a key encode_key wrote");
            if (brisk_pkey_has_private(&back) != (is_private_form && private) ||
                !same_key(key, &back, !is_private_form))
                fuzz_fail("a key written and read back is another key");
            brisk_pkey_cleanup(&back);
        }
    }
}

static void check_keys(const uint8_t *data, size_t size)
{
    static brisk_pkey any, pem, der;
    int r_any = load_key("fuzz", in_path, FORM_ANY, &any);
    int r_pem = has_begin(data, size) ? load_key("fuzz", in_path, FORM_PEM, &pem) : -1;
    int r_der = load_key("fuzz", in_path, FORM_DER, &der);
    const brisk_pkey *want = r_pem == 0 ? &pem : r_der == 0 ? &der : NULL;

    if ((r_any == 0) != (want != NULL) || (r_any == 0 && !same_key(&any, want, 0)))
        fuzz_fail("load_key without a form reads otherwise than with PEM or DER");
    if (r_any == 0)
        check_key_files(&any);
    /* A form that is not the file's must fail or read a key without harm. */
    if (r_pem == 0 && r_der == 0)
        check_key_files(&der);
    brisk_pkey_cleanup(&any);
    brisk_pkey_cleanup(&pem);
    brisk_pkey_cleanup(&der);
}

static void check_params_files(const brisk_dsa_params *params)
{
    static brisk_dsa_params back;
    static uint8_t d1[MAX_DER], d2[MAX_DER];
    size_t n1 = sizeof(d1), n2 = sizeof(d2);

    if (brisk_dsa_params_to_der(d1, &n1, params) != BRISK_EOK)
        fuzz_fail("loaded DSA parameters do not encode");
    for (int form = FORM_PEM; form <= FORM_DER; form++) {
        uint8_t *buf = NULL;
        size_t len = 0;
        if (encode_dsa_params("fuzz", &buf, &len, params, form) != 0)
            fuzz_fail("loaded DSA parameters do not encode");
        fuzz_write_file(out_path, buf, len);
        free(buf);
        if (load_dsa_params("fuzz", out_path, FORM_ANY, &back) != 0)
            fuzz_fail("load_dsa_params refuses parameters encode_dsa_params wrote");
        n2 = sizeof(d2);
        if (brisk_dsa_params_to_der(d2, &n2, &back) != BRISK_EOK || n2 != n1 ||
            memcmp(d1, d2, n1) != 0)
            fuzz_fail("DSA parameters written and read back are others");
    }
}

static void check_params(const uint8_t *data, size_t size)
{
    static brisk_dsa_params any, pem, der;
    static uint8_t d1[MAX_DER], d2[MAX_DER];
    int r_any = load_dsa_params("fuzz", in_path, FORM_ANY, &any);
    int r_pem = has_begin(data, size) ? load_dsa_params("fuzz", in_path, FORM_PEM, &pem) : -1;
    int r_der = load_dsa_params("fuzz", in_path, FORM_DER, &der);
    const brisk_dsa_params *want = r_pem == 0 ? &pem : r_der == 0 ? &der : NULL;
    size_t n1 = sizeof(d1), n2 = sizeof(d2);

    if ((r_any == 0) != (want != NULL))
        fuzz_fail("load_dsa_params without a form reads otherwise than with PEM or DER");
    if (r_any != 0)
        return;
    if (brisk_dsa_params_to_der(d1, &n1, &any) != BRISK_EOK ||
        brisk_dsa_params_to_der(d2, &n2, want) != BRISK_EOK || n1 != n2 ||
        memcmp(d1, d2, n1) != 0)
        fuzz_fail("load_dsa_params without a form reads other parameters");
    check_params_files(&any);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > APP_MAX_KEY_FILE)
        return 0;
    fuzz_write_file(in_path, data, size);
    check_read_file(data, size);
    check_keys(data, size);
    check_params(data, size);
    return 0;
}
