/*
 * src/pk/internal.h - what the key-encoding files share: a strict DER
 * reader and a DER writer (X.690), base64 (RFC 4648) and PEM armor
 * (RFC 7468).
 *
 * The reader walks a byte range value by value: each der_get_* takes one
 * value of the expected type off the front, or returns BRISK_EDECODE.  The
 * writer writes backwards from the end of the output buffer, so that a
 * value's length is known when its header is written; past the buffer's
 * end (or with no buffer) it only counts, which gives the length for free.
 */
#ifndef BRISK_PK_INTERNAL_H
#define BRISK_PK_INTERNAL_H

#include <brisk/bn.h>
#include <brisk/cipher.h>
#include <brisk/mac.h>
#include <brisk/pkey.h>

#include "../internal.h"

/* DER tags (universal class; a SEQUENCE is constructed). */
#define DER_INTEGER    0x02
#define DER_BIT_STRING 0x03
#define DER_OCTET_STRING 0x04
#define DER_NULL       0x05
#define DER_OID        0x06
#define DER_SEQUENCE   0x30

/* ---- Reading ---- */

/* der_reader is the part of an encoding not read yet. */
typedef struct der_reader {
    const uint8_t *p;
    size_t len;
} der_reader;

static inline der_reader der_reader_init(const uint8_t *p, size_t len)
{
    der_reader r = {p, len};
    return r;
}

/* der_done returns 1 when everything has been read. */
static inline int der_done(const der_reader *r)
{
    return r->len == 0;
}

/* der_peek returns the tag of the next value, or -1 at the end. */
static inline int der_peek(const der_reader *r)
{
    return r->len > 0 ? r->p[0] : -1;
}

/* brisk_der_get takes a value with tag `tag` (definite, minimal length) and sets
 * *content to its contents. */
int brisk_der_get(der_reader *r, unsigned tag, der_reader *content);

/* brisk_der_get_uint takes a non-negative, minimally encoded INTEGER and sets
 * *mag, *mag_len to its magnitude without leading zero bytes (length 0 for
 * the value 0). */
int brisk_der_get_uint(der_reader *r, const uint8_t **mag, size_t *mag_len);

/* brisk_der_get_bn takes a non-negative INTEGER into a bignum (BRISK_EDECODE also
 * when it is too large for one). */
int brisk_der_get_bn(der_reader *r, brisk_bn *a);

/* brisk_der_get_zero takes an INTEGER that must be 0 (a version field). */
int brisk_der_get_zero(der_reader *r);

/* brisk_der_get_null takes a NULL. */
int brisk_der_get_null(der_reader *r);

/* brisk_der_get_bits takes a BIT STRING with no unused bits and sets *content to
 * its bytes. */
int brisk_der_get_bits(der_reader *r, der_reader *content);

/* brisk_der_get_oid takes an OBJECT IDENTIFIER and returns 1 when its contents
 * are oid[0..oid_len-1], 0 when they are another, or BRISK_EDECODE. */
int brisk_der_get_oid(der_reader *r, const uint8_t *oid, size_t oid_len);

/* ---- Writing ---- */

/* der_writer fills buf[cap - len .. cap - 1]; len keeps counting past cap
 * (buf may be NULL), and then nothing more is stored. */
typedef struct der_writer {
    uint8_t *buf;
    size_t cap;
    size_t len;
} der_writer;

static inline der_writer der_writer_init(uint8_t *buf, size_t cap)
{
    der_writer w = {buf, buf != NULL ? cap : 0, 0};
    return w;
}

/* brisk_der_put_bytes prepends n bytes. */
void brisk_der_put_bytes(der_writer *w, const uint8_t *p, size_t n);

/* brisk_der_wrap prepends the tag and length of a value whose contents are
 * everything written since w->len was `mark`. */
void brisk_der_wrap(der_writer *w, unsigned tag, size_t mark);

/* brisk_der_put_uint prepends an INTEGER of the big-endian magnitude
 * mag[0..mag_len-1] (leading zero bytes are dropped). */
void brisk_der_put_uint(der_writer *w, const uint8_t *mag, size_t mag_len);

/* brisk_der_put_bn prepends an INTEGER holding a.  The bytes pass through a
 * buffer that is wiped: a may be secret (its length is revealed, as in
 * any encoding). */
void brisk_der_put_bn(der_writer *w, const brisk_bn *a);

/* brisk_der_put_small prepends an INTEGER of a small value (a version). */
void brisk_der_put_small(der_writer *w, uint8_t v);

/* brisk_der_put_null prepends a NULL. */
void brisk_der_put_null(der_writer *w);

/* brisk_der_sig_from_raw writes the (EC)DSA signature r || s (raw, each
 * half n bytes) as DER SEQUENCE { r INTEGER, s INTEGER } (RFC 3279
 * section 2.2.2) to sig, with sig and *sig_len as brisk_der_finish's;
 * brisk_der_sig_to_raw reads one back, strictly (one value, nothing after
 * it; r and s positive, of at most n bytes, left-padded into raw), and
 * returns BRISK_EVERIFY for anything else.  Signatures are public. */
int brisk_der_sig_from_raw(uint8_t *sig, size_t *sig_len, const uint8_t *raw, size_t n);
int brisk_der_sig_to_raw(uint8_t *raw, size_t n, const uint8_t *sig, size_t sig_len);

/* brisk_der_finish moves the encoding to the start of the buffer and sets
 * *out_len to its length; BRISK_ENOSPACE (with *out_len the length needed)
 * when it did not fit, 0 otherwise. */
int brisk_der_finish(der_writer *w, size_t *out_len);

/* ---- Base64 and PEM ---- */

/* b64_encoded_len returns the length of base64 of len bytes, padded. */
static inline size_t b64_encoded_len(size_t len)
{
    return (len + 2) / 3 * 4;
}

/* brisk_b64_encode writes base64 of in[0..len-1] (b64_encoded_len(len) chars). */
void brisk_b64_encode(char *out, const uint8_t *in, size_t len);

/* brisk_b64_decode decodes text[0..text_len-1], padded base64 in which line breaks
 * (CR, LF) may appear between characters, into out (of size *out_len on
 * entry, its length on return).  Strict: other characters, missing or
 * misplaced padding and non-zero bits left over in the last character are
 * BRISK_EDECODE; BRISK_ENOSPACE when out is too small. */
int brisk_b64_decode(uint8_t *out, size_t *out_len, const char *text, size_t text_len);

/* pem_block is one BEGIN/END block found in a text. */
typedef struct pem_block {
    const char *label;   /* "PRIVATE KEY", not NUL-terminated */
    size_t label_len;
    const char *body;    /* the base64 between the headers and the END line */
    size_t body_len;
    int encrypted;       /* a "Proc-Type: 4,ENCRYPTED" header */
    const char *dek_info; /* the value of a "DEK-Info:" header ("AES-256-CBC,
                             <IV in hex>"), not NUL-terminated; or NULL */
    size_t dek_info_len;
} pem_block;

/* brisk_pem_next finds the next block in text[*pos..len-1] and moves *pos past
 * its END line: 1 when one was found, 0 when there is none, BRISK_EDECODE
 * for a block with no END line or an END label that differs. */
int brisk_pem_next(pem_block *blk, const char *text, size_t len, size_t *pos);

/* brisk_pem_label_is returns 1 when blk's label is `label`. */
int brisk_pem_label_is(const pem_block *blk, const char *label);

/* brisk_pem_write writes der[0..der_len-1] as a PEM block labelled `label` with
 * 64-column lines, as brisk_pkey_to_pem says (out NULL: length only), after
 * `headers` (NULL for none: lines, each ending in a newline, and the empty
 * line that ends them). */
int brisk_pem_write(char *out, size_t *out_len, const char *label, const char *headers,
                    const uint8_t *der, size_t der_len);

/* brisk_pem_find finds the first block labelled `label` in text and decodes
 * its body into der (PK_DER_MAX bytes), setting *der_len: BRISK_EDECODE
 * when there is none (or a broken block before it), BRISK_EUNSUPPORTED for
 * an encrypted one. */
int brisk_pem_find(uint8_t *der, size_t *der_len, const char *label, const char *text,
                   size_t text_len);

/* The largest DER that PEM decoding and encoding go through: an
 * RSAPrivateKey of BRISK_BN_MAX_BITS bits in PKCS#8, with room to spare. */
#define PK_DER_MAX (12 * 1024)

/* ---- Keys (pkey.c) and their encryption (pkey_enc.c, pbes2.c) ---- */

/* PK_FORM_ENCRYPTED is an EncryptedPrivateKeyInfo (RFC 5208 section 6), a
 * form beside the brisk_pkey_form values that is read, never asked for. */
#define PK_FORM_ENCRYPTED 16

/* brisk_pkey_decode_as decodes the whole of der as `form` (of `type` for
 * the traditional form), then, with `check`, checks and prepares the key
 * (without: brisk_pkey_from_der_unchecked); on failure the key is wiped. */
int brisk_pkey_decode_as(brisk_pkey *key, const uint8_t *der, size_t der_len, int form,
                         int type, int check);

/* brisk_pkey_classify sets *form (and *type for the traditional form) from
 * the structure of der, PK_FORM_ENCRYPTED included; BRISK_EDECODE when it
 * is none of them. */
int brisk_pkey_classify(const uint8_t *der, size_t der_len, int *form, int *type);

/* brisk_pkey_pem_kind returns 1 and sets *form, *type when blk's label is
 * that of a key ("ENCRYPTED PRIVATE KEY": PK_FORM_ENCRYPTED), 0 if not. */
int brisk_pkey_pem_kind(const pem_block *blk, int *form, int *type);

/* brisk_pkey_pem_label returns the PEM label of a key's form and type. */
const char *brisk_pkey_pem_label(int form, int type);

/* brisk_pkey_pem_decode is brisk_pkey_from_pem_pass with has_pass 1 and
 * brisk_pkey_from_pem with has_pass 0 (an encrypted key is then
 * BRISK_EENCRYPTED); an unencrypted key is checked and prepared only with
 * `check` (brisk_pkey_from_pem_unchecked passes 0). */
int brisk_pkey_pem_decode(brisk_pkey *key, const char *text, size_t text_len,
                          const uint8_t *pass, size_t pass_len, int has_pass, int check);

/* ---- Elliptic-curve keys (pkey_curve.c), called by pkey.c's coders ---- */

/* brisk_rsa_mgf1_xor xors MGF1(seed) over out_len bytes into out (RFC 8017
 * B.2.1), for PSS (rsa_sig.c) and OAEP (rsa_enc.c).  Constant-time in the
 * seed and out as the digest is. */
void brisk_rsa_mgf1_xor(uint8_t *out, size_t out_len, const brisk_digest *md,
                        const uint8_t *seed, size_t seed_len);

/* brisk_pkey_is_curve returns 1 for the types pkey_curve.c codes. */
int brisk_pkey_is_curve(int type);

/* brisk_curve_type_name returns OpenSSL's name of such a type. */
const char *brisk_curve_type_name(int type);

/* brisk_curve_get_algorithm reads an AlgorithmIdentifier's contents
 * (after nothing was taken from them): 1 when they are a curve key's (key's
 * type set, all of alg read), 0 when they are another algorithm's,
 * BRISK_EDECODE when malformed, BRISK_ECURVE for an EC key on a curve
 * brisk does not have. */
int brisk_curve_get_algorithm(der_reader *alg, brisk_pkey *key);

/* brisk_curve_get_pkcs8 takes PKCS#8's privateKey contents, and
 * brisk_curve_get_spki the subjectPublicKey BIT STRING's bytes, into key
 * (of the type get_algorithm set). */
int brisk_curve_get_pkcs8(der_reader *oct, brisk_pkey *key);
int brisk_curve_get_spki(der_reader *bits, brisk_pkey *key);

/* brisk_curve_get_sec1 takes SEC 1's ECPrivateKey: standalone (the
 * traditional "EC PRIVATE KEY", whose [0] curve sets key's type and
 * curve) or inside PKCS#8 (a [0] curve, if any, must be key's). */
int brisk_curve_get_sec1(der_reader *r, brisk_pkey *key, int standalone);

/* brisk_curve_prepare checks a decoded key as brisk_pkey_from_der does. */
int brisk_curve_prepare(brisk_pkey *key);

/* brisk_curve_put_algorithm, _put_pkcs8 and _put_public prepend the
 * AlgorithmIdentifier, the privateKey contents and the public key's bytes. */
void brisk_curve_put_algorithm(der_writer *w, const brisk_pkey *key);
void brisk_curve_put_pkcs8(der_writer *w, const brisk_pkey *key);
void brisk_curve_put_public(der_writer *w, const brisk_pkey *key);

/* brisk_curve_put_sec1 prepends an EC key's ECPrivateKey, with the [0]
 * curve when with_curve (standalone) and always the [1] public key. */
void brisk_curve_put_sec1(der_writer *w, const brisk_pkey *key, int with_curve);

/* brisk_dh_get_algorithm reads an AlgorithmIdentifier's contents as
 * brisk_curve_get_algorithm does: 1 for dhKeyAgreement in one of brisk's
 * groups (key's type and group set), 0 for another algorithm,
 * BRISK_EDECODE when malformed, BRISK_EGROUP for another group.
 * brisk_dh_get_key takes the one INTEGER of PKCS#8's privateKey (private)
 * or of the public key's BIT STRING and sets the key (checked);
 * brisk_dh_put_algorithm, _put_pkcs8 and _put_public write them
 * (pkey_dh.c). */
int brisk_dh_get_algorithm(der_reader *alg, brisk_pkey *key);
int brisk_dh_get_key(der_reader *r, brisk_pkey *key, int private);
void brisk_dh_put_algorithm(der_writer *w, const brisk_pkey *key);
void brisk_dh_put_pkcs8(der_writer *w, const brisk_pkey *key);
void brisk_dh_put_public(der_writer *w, const brisk_pkey *key);

/* brisk_dh_pkey_derive is brisk_pkey_derive for DH keys (both of that
 * type). */
int brisk_dh_pkey_derive(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                         const brisk_pkey *peer);

/* brisk_pk_cbc encrypts (encrypt 1) or decrypts in[0..in_len-1] with cipher c
 * in CBC mode with PKCS#7 padding into out (room for in_len + one block),
 * setting *out_len.  A decryption whose padding is wrong is BRISK_EDECRYPT;
 * on any failure out is wiped. */
int brisk_pk_cbc(const brisk_cipher *c, int encrypt, const uint8_t *key, const uint8_t *iv,
                 uint8_t *out, size_t *out_len, const uint8_t *in, size_t in_len);

/* brisk_pbes2_decrypt decrypts the EncryptedPrivateKeyInfo der (PBES2 of
 * RFC 8018 section 6.2 with PBKDF2) with the password into out (PK_DER_MAX
 * bytes), setting *out_len: BRISK_EDECODE for a malformed structure,
 * BRISK_EUNSUPPORTED for another scheme, PRF or cipher, BRISK_EDECRYPT
 * when the padding is wrong. */
int brisk_pbes2_decrypt(uint8_t *out, size_t *out_len, const uint8_t *der, size_t der_len,
                        const uint8_t *pass, size_t pass_len);

/* brisk_pbes2_encrypt writes plain (a PrivateKeyInfo) encrypted with cipher c
 * as an EncryptedPrivateKeyInfo into out, as brisk_pkey_to_der does with out
 * and *out_len: PBES2 with PBKDF2-HMAC-SHA256, 2048 iterations, a random
 * 8-byte salt and IV, as OpenSSL 3.0 writes it. */
int brisk_pbes2_encrypt(uint8_t *out, size_t *out_len, const uint8_t *plain, size_t plain_len,
                        const brisk_cipher *c, const uint8_t *pass, size_t pass_len);

/* brisk_pk_cipher_ok returns 1 when c is one of the ciphers that encrypt
 * keys: AES-128/192/256-CBC, DES-EDE3-CBC, DES-CBC. */
int brisk_pk_cipher_ok(const brisk_cipher *c);

/* ---- RFC 6979 nonces (src/pk/rfc6979.c) ---- */

/* The length of the fresh random k' of a hedged signature. */
#define BRISK_RFC6979_EXTRA_LEN 32

/* brisk_rfc6979 is the HMAC-DRBG state of RFC 6979 section 3.2. */
typedef struct brisk_rfc6979 {
    const brisk_digest *md;
    size_t h_len;
    uint8_t k[BRISK_DIGEST_MAX_LEN], v[BRISK_DIGEST_MAX_LEN];
    brisk_hmac_ctx hmac;
} brisk_rfc6979;

/* brisk_rfc6979_init is steps b to g: x and h are int2octets(x) and
 * bits2octets(h1), len bytes each, and extra (NULL: none) is section 3.6's
 * k' of BRISK_RFC6979_EXTRA_LEN bytes, used in steps d and f. */
void brisk_rfc6979_init(brisk_rfc6979 *d, const brisk_digest *md, const uint8_t *x,
                        const uint8_t *h, size_t len, const uint8_t *extra);

/* brisk_rfc6979_rekey sets K = HMAC_K(V || sep || x || h || extra) and V =
 * HMAC_K(V); step h.3 is brisk_rfc6979_rekey(d, 0x00, NULL, NULL, 0, NULL). */
void brisk_rfc6979_rekey(brisk_rfc6979 *d, uint8_t sep, const uint8_t *x, const uint8_t *h,
                         size_t len, const uint8_t *extra);

/* brisk_rfc6979_generate is step h.2: T, the first len bytes of V =
 * HMAC_K(V) repeated. */
void brisk_rfc6979_generate(brisk_rfc6979 *d, uint8_t *t, size_t len);

#endif
