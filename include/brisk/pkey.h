/*
 * brisk/pkey.h - RSA, DSA and elliptic-curve keys and DSA parameters in
 * the encodings OpenSSL reads and writes: DER and PEM for PKCS#1 RSA keys
 * (RFC 8017 A.1), PKCS#8 private keys (RFC 5208), SubjectPublicKeyInfo
 * public keys (RFC 5280), DSA parameters (Dss-Parms) and OpenSSL's
 * traditional DSA private key; X25519, X448, Ed25519 and Ed448 keys as
 * RFC 8410 puts them in PKCS#8 and SubjectPublicKeyInfo; EC keys on the
 * curves P-256, P-384 and P-521, named (RFC 5480) or given by explicit
 * parameters, with SEC 1's ECPrivateKey ("EC PRIVATE KEY", the
 * traditional form); finite-field Diffie-Hellman keys in the RFC 7919
 * groups (brisk/dh.h) as OpenSSL 3 puts them in PKCS#8 and
 * SubjectPublicKeyInfo (dhKeyAgreement, with p and g, PKCS #3, and a
 * privateValueLength when the key has one: brisk_dh_key's length); and
 * private keys encrypted with a password (encrypted PKCS#8 and OpenSSL's
 * traditional encrypted PEM).
 *
 * Decoding is strict DER: minimal lengths, minimal non-negative INTEGERs,
 * nothing after the outer value; anything else is BRISK_EDECODE (and an
 * EC key on a curve brisk does not have BRISK_ECURVE, a DH key in
 * another group BRISK_EGROUP).  X25519,
 * X448, Ed25519 and Ed448 private keys are read also as RFC 5958's
 * OneAsymmetricKey v2 (version 1, attributes skipped, the [1] publicKey),
 * whose public key must be the private key's (BRISK_EPUBKEY otherwise);
 * they are written as version 0, as openssl writes them.  Decoded
 * keys come out prepared (brisk_rsa_key_prepare, brisk_dsa_key_prepare):
 * release each with brisk_pkey_cleanup before decoding into it again.
 */
#ifndef BRISK_PKEY_H
#define BRISK_PKEY_H

#include <brisk/dh.h>
#include <brisk/dsa.h>
#include <brisk/rsa.h>

#ifdef __cplusplus
extern "C" {
#endif

/* brisk_pkey_type is the type of a key. */
typedef enum brisk_pkey_type {
    BRISK_PKEY_RSA = 1,
    BRISK_PKEY_DSA = 2,
    BRISK_PKEY_EC = 3,      /* ECDSA and ECDH on a named curve (brisk/ec.h) */
    BRISK_PKEY_X25519 = 4,  /* RFC 7748 (brisk/x25519.h) */
    BRISK_PKEY_X448 = 5,    /* RFC 7748 (brisk/x448.h) */
    BRISK_PKEY_ED25519 = 6, /* RFC 8032 (brisk/ed25519.h) */
    BRISK_PKEY_ED448 = 7,   /* RFC 8032 (brisk/ed448.h) */
    BRISK_PKEY_DH = 8       /* FFDH in an RFC 7919 group (brisk/dh.h) */
} brisk_pkey_type;

#define BRISK_CURVE_KEY_MAX_PRIV 66       /* P-521's scalar */
#define BRISK_CURVE_KEY_MAX_PUB (1 + 2 * 66) /* P-521's uncompressed point */

/* brisk_curve_key is a key of the elliptic-curve types, as their own
 * functions take it: priv[0..priv_len-1] is the private key (X25519, X448,
 * Ed25519 and Ed448: the RFCs' byte strings; EC: the big-endian scalar in
 * the curve's length), pub[0..pub_len-1] the public key (EC: the
 * uncompressed point 04||X||Y).  curve is a brisk_ec_curve for EC, 0
 * otherwise.  explicit_params (EC only) says the curve is written as
 * explicit parameters (p, a, b, G, n, h) instead of its OID: the decoders
 * set it for a key that was so written, as OpenSSL keeps it; keys made
 * here have it 0.  A decoded or generated private key always holds its
 * public key too. */
typedef struct brisk_curve_key {
    int curve;
    int explicit_params;
    int has_private;
    size_t priv_len, pub_len;
    uint8_t priv[BRISK_CURVE_KEY_MAX_PRIV];
    uint8_t pub[BRISK_CURVE_KEY_MAX_PUB];
} brisk_curve_key;

/* brisk_pkey is a key of any type; has_private is that of the key.  A DH
 * key is made by setting type to BRISK_PKEY_DH and u.dh with
 * brisk_dh_generate_key or brisk_dh_key_set; decoded DH keys are always
 * checked, by the _unchecked decoders too. */
typedef struct brisk_pkey {
    brisk_pkey_type type;
    union {
        brisk_rsa_key rsa;
        brisk_dsa_key dsa;
        brisk_curve_key curve; /* EC, X25519, X448, Ed25519, Ed448 */
        brisk_dh_key dh;
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
 * that holds a key (other blocks, such as "DSA PARAMETERS", are skipped).
 * An encrypted key ("ENCRYPTED PRIVATE KEY", or a "Proc-Type: 4,ENCRYPTED"
 * header) is BRISK_EENCRYPTED, here and for an EncryptedPrivateKeyInfo
 * given to brisk_pkey_from_der: decode it with the _pass functions below. */
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
/* ---- Password-encrypted private keys ----
 *
 * Two forms, as OpenSSL reads and writes them:
 * - encrypted PKCS#8: EncryptedPrivateKeyInfo (RFC 5208 section 6), PEM
 *   "ENCRYPTED PRIVATE KEY", with PBES2 (RFC 8018 section 6.2): PBKDF2
 *   with hmacWithSHA1, SHA224, SHA256, SHA384, SHA512, SHA512-224 or
 *   SHA512-256, and aes-128-cbc, aes-192-cbc, aes-256-cbc, des-ede3-cbc
 *   or des-cbc.  Written as OpenSSL 3.0 writes it: PBKDF2-HMAC-SHA256,
 *   2048 iterations, a random 8-byte salt and IV.
 * - traditional encrypted PEM: the traditional form ("RSA PRIVATE KEY",
 *   "DSA PRIVATE KEY") in CBC mode under the headers "Proc-Type:
 *   4,ENCRYPTED" and "DEK-Info: AES-256-CBC,<IV in hex>"; the key is
 *   OpenSSL's EVP_BytesToKey with MD5, one round and the first 8 bytes of
 *   the IV as salt (weak: prefer PKCS#8).  The same five ciphers.
 * The password is pass[0..pass_len-1], any bytes (pass may be NULL when
 * pass_len is 0: the empty password; PBKDF2's HMAC pads it with zeros, so
 * that "pw" and "pw\0" open the same PKCS#8 key, in OpenSSL too).  A wrong password and corrupt
 * encrypted data cannot be told apart: both are BRISK_EDECRYPT.  Another
 * encryption scheme (PBES1, PKCS#12), PRF or cipher is BRISK_EUNSUPPORTED,
 * and so is a PBKDF2 iteration count above ten million (a file should
 * not make brisk spend minutes on one key).  Derived keys and decrypted bytes are wiped. */

/* brisk_pkey_from_der_pass is brisk_pkey_from_der that also decodes an
 * encrypted PKCS#8 key with the password; an unencrypted key is decoded as
 * brisk_pkey_from_der does, the password unused. */
BRISK_API int brisk_pkey_from_der_pass(brisk_pkey *key, const uint8_t *der, size_t der_len,
                                       const uint8_t *pass, size_t pass_len);

/* brisk_pkey_from_pem_pass is brisk_pkey_from_pem that also decodes an
 * encrypted key of either form with the password. */
BRISK_API int brisk_pkey_from_pem_pass(brisk_pkey *key, const char *text, size_t text_len,
                                       const uint8_t *pass, size_t pass_len);

/* brisk_pkey_to_der_encrypted writes a private key as an encrypted PKCS#8
 * EncryptedPrivateKeyInfo, with out and *out_len as brisk_pkey_to_der,
 * encrypted with `cipher` (one of the five above by OpenSSL's name or
 * alias, e.g. "aes-256-cbc", "aes128", "des3"; NULL is aes-256-cbc) and
 * the password.  BRISK_ENOTFOUND for an unknown cipher name,
 * BRISK_EUNSUPPORTED for another cipher, BRISK_EINVAL for a public key,
 * BRISK_ERANDOM without random bytes for the salt and IV.  Each call draws
 * a new salt and IV (a length query with out NULL too); the length does
 * not change. */
BRISK_API int brisk_pkey_to_der_encrypted(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                                          const char *cipher, const uint8_t *pass,
                                          size_t pass_len);

/* brisk_pkey_to_pem_encrypted writes a private key encrypted, in PEM:
 * form BRISK_PKEY_FORM_PKCS8 is "ENCRYPTED PRIVATE KEY" (as
 * brisk_pkey_to_der_encrypted), BRISK_PKEY_FORM_TRADITIONAL the
 * traditional PEM with Proc-Type and DEK-Info headers (the cipher's name
 * in upper case, as OpenSSL writes it); other forms are BRISK_EINVAL.  out
 * and *out_len as brisk_pkey_to_pem, the rest as brisk_pkey_to_der_encrypted. */
BRISK_API int brisk_pkey_to_pem_encrypted(char *out, size_t *out_len, const brisk_pkey *key,
                                          brisk_pkey_form form, const char *cipher,
                                          const uint8_t *pass, size_t pass_len);

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

/* brisk_pkey_type_name returns the name OpenSSL gives a key's type: "RSA",
 * "DSA", "EC", "X25519", "X448", "ED25519", "ED448" or "DH" (NULL for
 * none). */
BRISK_API const char *brisk_pkey_type_name(const brisk_pkey *key);

/* brisk_pkey_generate makes a fresh key of an elliptic-curve type (curve:
 * a brisk_ec_curve for BRISK_PKEY_EC, else 0) from brisk's RNG.
 * BRISK_EINVAL for another type or an unknown curve, BRISK_ERANDOM
 * without random bytes. */
BRISK_API int brisk_pkey_generate(brisk_pkey *key, brisk_pkey_type type, int curve);

/* brisk_pkey_set_curve_key makes key a key of an elliptic-curve type from
 * raw bytes, as brisk_curve_key holds them: a private key (priv not NULL;
 * pub NULL, or checked against the one priv gives) or a public key (priv
 * NULL).  BRISK_EINVAL for wrong lengths or a private key out of range,
 * BRISK_EPUBKEY for an EC point not on the curve or a public key that
 * does not match. */
BRISK_API int brisk_pkey_set_curve_key(brisk_pkey *key, brisk_pkey_type type, int curve,
                                       const uint8_t *priv, size_t priv_len,
                                       const uint8_t *pub, size_t pub_len);

/* brisk_pkey_derive writes the shared secret of key (private) and peer
 * (public, of the same type and curve) to out, its length to *out_len
 * (which holds out's size on entry; out NULL: the length only): X25519,
 * X448, EC (the x-coordinate, as ECDH does) and DH (p's length, zeros on
 * the left, as brisk_dh_derive writes it).  BRISK_EINVAL for other types
 * or a mismatch, BRISK_EPUBKEY when the peer's key gives no secret (all
 * zero for X25519 and X448). */
BRISK_API int brisk_pkey_derive(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                                const brisk_pkey *peer);

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

/* brisk_ec_params_from_der / _from_pem ("EC PARAMETERS") decode
 * ECParameters into *curve, a brisk_ec_curve, and *explicit_params (when
 * not NULL): a named curve's OID (RFC 5480 section 2.1.1: P-256, P-384 or
 * P-521; *explicit_params 0), or SEC 1's explicit SpecifiedECDomain
 * (version 2.0 C.2) whose p, a, b, G (compressed or not), n and cofactor
 * (and seed, when given) are one of those curves' (*explicit_params 1), as
 * OpenSSL 3.0 matches them.  Keys are read the same way.  BRISK_ECURVE for
 * another curve, named or explicit; BRISK_EDECODE for a malformed
 * encoding.  brisk_ec_params_to_der / _to_pem encode the curve, by its OID
 * or (explicit_params) explicitly as OpenSSL 3.0 writes it: version 1,
 * prime field, a and b in the field's length with the seed, G
 * uncompressed, n, cofactor 1; out and *out_len as brisk_pkey_to_der. */
BRISK_API int brisk_ec_params_from_der(int *curve, int *explicit_params, const uint8_t *der,
                                       size_t der_len);
BRISK_API int brisk_ec_params_from_pem(int *curve, int *explicit_params, const char *text,
                                       size_t text_len);
BRISK_API int brisk_ec_params_to_der(uint8_t *out, size_t *out_len, int curve,
                                     int explicit_params);
BRISK_API int brisk_ec_params_to_pem(char *out, size_t *out_len, int curve, int explicit_params);

/* brisk_dh_params_from_der / _from_pem ("DH PARAMETERS") decode PKCS #3's
 * DHParameter SEQUENCE { p, g, privateValueLength OPTIONAL } (the last
 * checked and ignored), as `openssl genpkey -genparam -algorithm DH` writes it,
 * into *group: BRISK_EGROUP when p and g are not one of brisk's groups'
 * (brisk/dh.h), BRISK_EDECODE when malformed.  brisk_dh_params_to_der /
 * _to_pem encode a group's { p, g }, with out and *out_len as
 * brisk_pkey_to_der. */
BRISK_API int brisk_dh_params_from_der(const brisk_dh_group **group, const uint8_t *der,
                                       size_t der_len);
BRISK_API int brisk_dh_params_from_pem(const brisk_dh_group **group, const char *text,
                                       size_t text_len);
BRISK_API int brisk_dh_params_to_der(uint8_t *out, size_t *out_len, const brisk_dh_group *group);
BRISK_API int brisk_dh_params_to_pem(char *out, size_t *out_len, const brisk_dh_group *group);

#ifdef __cplusplus
}
#endif

#endif
