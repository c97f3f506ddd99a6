/*
 * src/pk/pkey_enc.c - password-encrypted private keys: encrypted PKCS#8
 * ("ENCRYPTED PRIVATE KEY", PBES2 in pbes2.c) and OpenSSL's traditional
 * encrypted PEM (RFC 1421 headers "Proc-Type: 4,ENCRYPTED" and "DEK-Info:
 * CIPHER,IV": the key is EVP_BytesToKey(MD5, password, salt = the first 8
 * bytes of the IV, 1 round), the body the traditional DER in CBC mode).
 *
 * Decryption cannot tell a wrong password from corrupt data: bad padding
 * and a plaintext that is not a valid key are both BRISK_EDECRYPT, which
 * is all a caller learns.  Every derived key and plaintext buffer is wiped.
 */
#include <brisk/kdf.h>
#include <brisk/rand.h>

#include "internal.h"

int brisk_pk_cbc(const brisk_cipher *c, int encrypt, const uint8_t *key, const uint8_t *iv,
                 uint8_t *out, size_t *out_len, const uint8_t *in, size_t in_len)
{
    brisk_cipher_ctx ctx;
    size_t n = 0, m = 0;
    int err;

    err = brisk_cipher_init(&ctx, c, encrypt, key, c->key_len, iv, c->iv_len);
    if (err == BRISK_EOK)
        err = brisk_cipher_update(&ctx, out, &n, in, in_len);
    if (err == BRISK_EOK)
        err = brisk_cipher_final(&ctx, out + n, &m);
    brisk_cipher_cleanup(&ctx);
    if (err != BRISK_EOK) {
        wipe(out, n + c->block_len);
        return !encrypt && (err == BRISK_EVERIFY || err == BRISK_EINVAL) ? BRISK_EDECRYPT
                                                                           : err;
    }
    *out_len = n + m;
    return BRISK_EOK;
}

/* pick_cipher finds the cipher named `name` (NULL: aes-256-cbc). */
static int pick_cipher(const char *name, const brisk_cipher **c)
{
    *c = brisk_cipher_by_name(name != NULL ? name : "aes-256-cbc");
    if (*c == NULL)
        return BRISK_ENOTFOUND;
    return brisk_pk_cipher_ok(*c) ? BRISK_EOK : BRISK_EUNSUPPORTED;
}

/* decoded maps the failure to decode a decrypted key to BRISK_EDECRYPT. */
static int decoded(int err)
{
    return err == BRISK_EDECODE || err == BRISK_EINVAL ? BRISK_EDECRYPT : err;
}

/* decrypt_pkcs8 decodes the EncryptedPrivateKeyInfo der into key. */
static int decrypt_pkcs8(brisk_pkey *key, const uint8_t *der, size_t der_len,
                         const uint8_t *pass, size_t pass_len)
{
    uint8_t plain[PK_DER_MAX + BRISK_CIPHER_MAX_BLOCK];
    size_t plain_len = 0;
    int err = brisk_pbes2_decrypt(plain, &plain_len, der, der_len, pass, pass_len);

    if (err == BRISK_EOK)
        err = decoded(brisk_pkey_decode_as(key, plain, plain_len, BRISK_PKEY_FORM_PKCS8, 0, 1));
    wipe(plain, sizeof(plain));
    return err;
}

/* hex_nibble returns the value of a hex digit, or -1. */
static int hex_nibble(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* parse_dek_info reads "CIPHER,IVHEX" into *c and iv. */
static int parse_dek_info(const pem_block *blk, const brisk_cipher **c, uint8_t *iv)
{
    const char *v = blk->dek_info, *comma;
    size_t len = blk->dek_info_len, name_len;
    char name[32];

    if (v == NULL || (comma = memchr(v, ',', len)) == NULL)
        return BRISK_EDECODE;
    name_len = (size_t)(comma - v);
    if (name_len == 0 || name_len >= sizeof(name))
        return name_len == 0 ? BRISK_EDECODE : BRISK_EUNSUPPORTED;
    memcpy(name, v, name_len);
    name[name_len] = '\0';
    if (pick_cipher(name, c) != BRISK_EOK)
        return BRISK_EUNSUPPORTED;
    v = comma + 1;
    len -= name_len + 1;
    while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\t'))
        len--;
    if (len != 2 * (*c)->iv_len)
        return BRISK_EDECODE;
    for (size_t i = 0; i < (*c)->iv_len; i++) {
        int hi = hex_nibble(v[2 * i]), lo = hex_nibble(v[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return BRISK_EDECODE;
        iv[i] = (uint8_t)(hi << 4 | lo);
    }
    return BRISK_EOK;
}

/* legacy_key derives the traditional PEM key from the password and IV. */
static int legacy_key(uint8_t *key, const brisk_cipher *c, const uint8_t *iv,
                      const uint8_t *pass, size_t pass_len)
{
    return brisk_evp_bytes_to_key(&brisk_digest_md5, key, c->key_len, NULL, 0, pass, pass_len,
                                  iv, 1);
}

/* decrypt_traditional decodes the body der of a Proc-Type block into key. */
static int decrypt_traditional(brisk_pkey *key, const pem_block *blk, const uint8_t *der,
                               size_t der_len, int form, int type, const uint8_t *pass,
                               size_t pass_len)
{
    uint8_t plain[PK_DER_MAX + BRISK_CIPHER_MAX_BLOCK];
    uint8_t iv[BRISK_CIPHER_MAX_IV], k[BRISK_CIPHER_MAX_KEY];
    const brisk_cipher *c;
    size_t plain_len = 0;
    int err = parse_dek_info(blk, &c, iv);

    if (err != BRISK_EOK)
        return err;
    if (der_len == 0 || der_len % c->block_len != 0)
        return BRISK_EDECODE;
    err = legacy_key(k, c, iv, pass, pass_len);
    if (err == BRISK_EOK)
        err = brisk_pk_cbc(c, 0, k, iv, plain, &plain_len, der, der_len);
    wipe(k, sizeof(k));
    if (err == BRISK_EOK)
        err = decoded(brisk_pkey_decode_as(key, plain, plain_len, form, type, 1));
    wipe(plain, sizeof(plain));
    return err;
}

int brisk_pkey_pem_decode(brisk_pkey *key, const char *text, size_t text_len,
                          const uint8_t *pass, size_t pass_len, int has_pass, int check)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = sizeof(der), pos = 0;
    int found, form = 0, type = 0, err;
    pem_block blk;

    wipe(key, sizeof(*key));
    while ((found = brisk_pem_next(&blk, text, text_len, &pos)) == 1)
        if (brisk_pkey_pem_kind(&blk, &form, &type))
            break;
    if (found != 1)
        return BRISK_EDECODE;   /* no key block, or a broken one before it */
    if ((form == PK_FORM_ENCRYPTED || blk.encrypted) && !has_pass)
        return BRISK_EENCRYPTED;
    if (brisk_b64_decode(der, &der_len, blk.body, blk.body_len) != BRISK_EOK)
        err = BRISK_EDECODE;
    else if (form == PK_FORM_ENCRYPTED)
        err = decrypt_pkcs8(key, der, der_len, pass, pass_len);
    else if (blk.encrypted)
        err = decrypt_traditional(key, &blk, der, der_len, form, type, pass, pass_len);
    else
        err = brisk_pkey_decode_as(key, der, der_len, form, type, check);
    wipe(der, sizeof(der));
    if (err != BRISK_EOK)
        wipe(key, sizeof(*key));
    return err;
}

int brisk_pkey_from_pem_pass(brisk_pkey *key, const char *text, size_t text_len,
                             const uint8_t *pass, size_t pass_len)
{
    if (key == NULL || (text == NULL && text_len > 0) || (pass == NULL && pass_len > 0))
        return BRISK_EINVAL;
    return brisk_pkey_pem_decode(key, text, text_len, pass, pass_len, 1, 1);
}

int brisk_pkey_from_der_pass(brisk_pkey *key, const uint8_t *der, size_t der_len,
                             const uint8_t *pass, size_t pass_len)
{
    int form, type, err;

    if (key == NULL || (der == NULL && der_len > 0) || (pass == NULL && pass_len > 0))
        return BRISK_EINVAL;
    if (brisk_pkey_classify(der, der_len, &form, &type) != BRISK_EOK ||
        form != PK_FORM_ENCRYPTED)
        return brisk_pkey_from_der(key, der, der_len);
    wipe(key, sizeof(*key));
    err = decrypt_pkcs8(key, der, der_len, pass, pass_len);
    if (err != BRISK_EOK)
        wipe(key, sizeof(*key));
    return err;
}

/* encrypt_args checks what both encoders take and picks the cipher. */
static int encrypt_args(const size_t *out_len, const brisk_pkey *key, const char *cipher,
                        const uint8_t *pass, size_t pass_len, const brisk_cipher **c)
{
    if (out_len == NULL || key == NULL || (pass == NULL && pass_len > 0) ||
        !brisk_pkey_has_private(key))
        return BRISK_EINVAL;
    return pick_cipher(cipher, c);
}

int brisk_pkey_to_der_encrypted(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                                const char *cipher, const uint8_t *pass, size_t pass_len)
{
    uint8_t plain[PK_DER_MAX];
    size_t plain_len = sizeof(plain);
    const brisk_cipher *c;
    int err = encrypt_args(out_len, key, cipher, pass, pass_len, &c);

    if (err == BRISK_EOK)
        err = brisk_pkey_to_der(plain, &plain_len, key, BRISK_PKEY_FORM_PKCS8);
    if (err == BRISK_EOK)
        err = brisk_pbes2_encrypt(out, out_len, plain, plain_len, c, pass, pass_len);
    wipe(plain, sizeof(plain));
    return err;
}

/* dek_headers writes the Proc-Type and DEK-Info headers of cipher c and
 * iv, and the empty line after them, into h (room for 96 bytes). */
static void dek_headers(char *h, const brisk_cipher *c, const uint8_t *iv)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0;

    memcpy(h, "Proc-Type: 4,ENCRYPTED\nDEK-Info: ", 33);
    o = 33;
    for (const char *p = c->name; *p != '\0'; p++)
        h[o++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
    h[o++] = ',';
    for (size_t i = 0; i < c->iv_len; i++) {
        h[o++] = hex[iv[i] >> 4];
        h[o++] = hex[iv[i] & 15];
    }
    memcpy(h + o, "\n\n", 3);
}

/* traditional_pem writes key in the traditional form encrypted with c as
 * OpenSSL's PEM_write_bio_PrivateKey_traditional does. */
static int traditional_pem(char *out, size_t *out_len, const brisk_pkey *key,
                           const brisk_cipher *c, const uint8_t *pass, size_t pass_len)
{
    uint8_t plain[PK_DER_MAX], ct[PK_DER_MAX + BRISK_CIPHER_MAX_BLOCK];
    uint8_t iv[BRISK_CIPHER_MAX_IV], k[BRISK_CIPHER_MAX_KEY];
    size_t plain_len = sizeof(plain), ct_len = 0;
    char headers[96];
    int err = brisk_pkey_to_der(plain, &plain_len, key, BRISK_PKEY_FORM_TRADITIONAL);

    if (err == BRISK_EOK)
        err = brisk_random_bytes(iv, c->iv_len);
    if (err == BRISK_EOK)
        err = legacy_key(k, c, iv, pass, pass_len);
    if (err == BRISK_EOK)
        err = brisk_pk_cbc(c, 1, k, iv, ct, &ct_len, plain, plain_len);
    wipe(k, sizeof(k));
    wipe(plain, sizeof(plain));
    if (err != BRISK_EOK)
        return err;
    dek_headers(headers, c, iv);
    return brisk_pem_write(out, out_len, brisk_pkey_pem_label(BRISK_PKEY_FORM_TRADITIONAL,
                                                              key->type),
                           headers, ct, ct_len);
}

int brisk_pkey_to_pem_encrypted(char *out, size_t *out_len, const brisk_pkey *key,
                                brisk_pkey_form form, const char *cipher,
                                const uint8_t *pass, size_t pass_len)
{
    uint8_t der[PK_DER_MAX + 256];
    size_t der_len = sizeof(der);
    const brisk_cipher *c;
    int err = encrypt_args(out_len, key, cipher, pass, pass_len, &c);

    if (err == BRISK_EOK && form != BRISK_PKEY_FORM_PKCS8 && form != BRISK_PKEY_FORM_TRADITIONAL)
        err = BRISK_EINVAL;
    if (err != BRISK_EOK)
        return err;
    if (form == BRISK_PKEY_FORM_TRADITIONAL)
        return traditional_pem(out, out_len, key, c, pass, pass_len);
    err = brisk_pkey_to_der_encrypted(der, &der_len, key, cipher, pass, pass_len);
    if (err == BRISK_EOK)
        err = brisk_pem_write(out, out_len, "ENCRYPTED PRIVATE KEY", NULL, der, der_len);
    return err;
}
