/*
 * brisk/pkey.h - RSA and DSA keys and DSA parameters in the encodings
 * OpenSSL reads and writes: DER and PEM for PKCS#1 RSA keys (RFC 8017 A.1),
 * PKCS#8 private keys (RFC 5208), SubjectPublicKeyInfo public keys
 * (RFC 5280), DSA parameters (Dss-Parms) and OpenSSL's traditional DSA
 * private key.
 *
 * Decoding is strict DER: minimal lengths, minimal non-negative INTEGERs,
 * nothing after the outer value; anything else is BRISK_EDECODE.  Decoded
 * keys come out prepared (brisk_rsa_key_prepare, brisk_dsa_key_prepare):
 * release each with brisk_pkey_cleanup before decoding into it again.
 */
#ifndef BRISK_PKEY_H
#define BRISK_PKEY_H

#include <brisk/dsa.h>
#include <brisk/rsa.h>

#ifdef __cplusplus
extern "C" {
#endif

/* brisk_pkey_type is the type of a key. */
typedef enum brisk_pkey_type {
    BRISK_PKEY_RSA = 1,
    BRISK_PKEY_DSA = 2
} brisk_pkey_type;

/* brisk_pkey is a key of either type; has_private is that of the key. */
typedef struct brisk_pkey {
    brisk_pkey_type type;
    union {
        brisk_rsa_key rsa;
        brisk_dsa_key dsa;
    } u;
} brisk_pkey;

/* brisk_pkey_form is an encoding for brisk_pkey_to_der and brisk_pkey_to_pem. */
typedef enum brisk_pkey_form {
    /* private key: PKCS#8 PrivateKeyInfo, PEM "PRIVATE KEY" */
    BRISK_PKEY_FORM_PKCS8 = 1,
    /* private key: PKCS#1 RSAPrivateKey ("RSA PRIVATE KEY") or OpenSSL's
     * DSA one ("DSA PRIVATE KEY") */
    BRISK_PKEY_FORM_TRADITIONAL = 2,
    /* public key: SubjectPublicKeyInfo, PEM "PUBLIC KEY" */
    BRISK_PKEY_FORM_SPKI = 3,
    /* RSA public key: PKCS#1 RSAPublicKey, PEM "RSA PUBLIC KEY" */
    BRISK_PKEY_FORM_PKCS1_PUBLIC = 4
} brisk_pkey_form;

/* brisk_pkey_has_private returns 1 for a private key. */
BRISK_API int brisk_pkey_has_private(const brisk_pkey *key);

/* brisk_pkey_from_der decodes a key in any of the encodings above, told
 * apart by their structure. */
BRISK_API int brisk_pkey_from_der(brisk_pkey *key, const uint8_t *der, size_t der_len);

/* brisk_pkey_from_pem decodes the first PEM block in text[0..text_len-1]
 * that holds a key (other blocks, such as "DSA PARAMETERS", are skipped);
 * encrypted PEM is BRISK_EUNSUPPORTED. */
BRISK_API int brisk_pkey_from_pem(brisk_pkey *key, const char *text, size_t text_len);

/* brisk_pkey_from_der_unchecked and brisk_pkey_from_pem_unchecked decode
 * as brisk_pkey_from_der and brisk_pkey_from_pem do but leave the key's
 * numbers as they were encoded, neither checked nor prepared: the key can
 * be encoded again, printed and given to brisk_rsa_key_validate or
 * brisk_dsa_key_validate, but not used to sign or verify before
 * brisk_rsa_key_prepare or brisk_dsa_key_prepare accepts it.  (A PKCS#8
 * DSA key holds no y: y is g^x mod p when p is odd and g < p, else 0.)
 * Release the key with brisk_pkey_cleanup. */
BRISK_API int brisk_pkey_from_der_unchecked(brisk_pkey *key, const uint8_t *der, size_t der_len);
BRISK_API int brisk_pkey_from_pem_unchecked(brisk_pkey *key, const char *text, size_t text_len);

/* brisk_pkey_to_der writes key in `form` to out, its length to *out_len,
 * which holds out's size on entry; with out NULL it only sets *out_len.  BRISK_EINVAL for a form the key cannot take (a private form of
 * a public key, PKCS#1 public of a DSA key), BRISK_ENOSPACE when out is too
 * small (*out_len then holds the length needed). */
BRISK_API int brisk_pkey_to_der(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                                brisk_pkey_form form);

/* brisk_pkey_to_pem is brisk_pkey_to_der in PEM (64-column base64 between
 * BEGIN and END lines, a newline after each line); *out_len excludes no NUL:
 * none is written. */
BRISK_API int brisk_pkey_to_pem(char *out, size_t *out_len, const brisk_pkey *key,
                                brisk_pkey_form form);

/* brisk_pkey_cleanup frees what decoding a DSA key allocated (see
 * brisk/dsa.h) and erases the whole key. */
BRISK_API void brisk_pkey_cleanup(brisk_pkey *key);

/* brisk_dsa_params_from_der / _from_pem ("DSA PARAMETERS") decode Dss-Parms
 * SEQUENCE { p, q, g }; brisk_dsa_params_to_der / _to_pem encode them, with
 * out and *out_len as brisk_pkey_to_der. */
BRISK_API int brisk_dsa_params_from_der(brisk_dsa_params *params, const uint8_t *der, size_t der_len);
BRISK_API int brisk_dsa_params_from_pem(brisk_dsa_params *params, const char *text, size_t text_len);
BRISK_API int brisk_dsa_params_to_der(uint8_t *out, size_t *out_len, const brisk_dsa_params *params);
BRISK_API int brisk_dsa_params_to_pem(char *out, size_t *out_len, const brisk_dsa_params *params);

#ifdef __cplusplus
}
#endif

#endif
