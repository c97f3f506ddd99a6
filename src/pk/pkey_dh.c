/*
 * src/pk/pkey_dh.c - finite-field Diffie-Hellman keys in PKCS#8 and
 * SubjectPublicKeyInfo, as OpenSSL 3 writes them for the RFC 7919 groups:
 * the algorithm dhKeyAgreement (PKCS #3, 1.2.840.113549.1.3.1) with
 * DHParameter SEQUENCE { p, g, privateValueLength OPTIONAL } (the length
 * kept in the key and written back, as openssl does), the private
 * exponent x as an INTEGER in PKCS#8's privateKey, the public value y as
 * an INTEGER in the BIT STRING; and that DHParameter alone, PEM "DH
 * PARAMETERS" (openssl genpkey -genparam), whose length is ignored.
 *
 * p and g must be one of brisk's groups (brisk/dh.h): another is
 * BRISK_EGROUP.  Decoding sets the key through brisk_dh_key_set, so a
 * decoded DH key is always checked (y in the subgroup, 1 <= x <= q - 1),
 * by the _unchecked decoders too.  The encodings' lengths reveal those of
 * x and y, as any encoding does.
 */
#include <brisk/dh.h>

#include "internal.h"

/* dhKeyAgreement (1.2.840.113549.1.3.1). */
static const uint8_t oid_dh[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x03, 0x01};

/* get_dh_parameter takes a DHParameter SEQUENCE { p, g,
 * privateValueLength OPTIONAL } whose p and g are a group's; *length is
 * the last in bits, from 1 to p's bits less one (0: none). */
static int get_dh_parameter(der_reader *r, const brisk_dh_group **out, size_t *length)
{
    der_reader params;
    const uint8_t *p, *g, *len = NULL;
    size_t p_len, g_len, len_len = 0;
    const brisk_dh_group *group;

    if (brisk_der_get(r, DER_SEQUENCE, &params) != BRISK_EOK ||
        brisk_der_get_uint(&params, &p, &p_len) != BRISK_EOK ||
        brisk_der_get_uint(&params, &g, &g_len) != BRISK_EOK ||
        (!der_done(&params) && brisk_der_get_uint(&params, &len, &len_len) != BRISK_EOK) ||
        !der_done(&params) || len_len > 2)
        return BRISK_EDECODE;
    for (size_t i = 0; (group = brisk_dh_group_at(i)) != NULL; i++)
        if (p_len == group->bits / 8 && memcmp(p, group->p, p_len) == 0)
            break;
    if (group == NULL || g_len != 1 || g[0] != 2)
        return BRISK_EGROUP;
    *length = 0;
    for (size_t i = 0; i < len_len; i++)
        *length = *length << 8 | len[i];
    if (len != NULL && (*length == 0 || *length >= group->bits))
        return BRISK_EDECODE;
    *out = group;
    return BRISK_EOK;
}

/* put_dh_parameter writes a group's DHParameter, with the length when
 * it is not 0. */
static void put_dh_parameter(der_writer *w, const brisk_dh_group *group, size_t length)
{
    size_t mark = w->len;
    const uint8_t len[2] = {(uint8_t)(length >> 8), (uint8_t)length};

    if (length != 0)
        brisk_der_put_uint(w, length > 0xff ? len : len + 1, length > 0xff ? 2 : 1);
    brisk_der_put_small(w, 2);
    brisk_der_put_uint(w, group->p, group->bits / 8);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

int brisk_dh_get_algorithm(der_reader *alg, brisk_pkey *key)
{
    der_reader s = *alg;
    const brisk_dh_group *group;
    size_t length;
    int err;

    if (brisk_der_get_oid(&s, oid_dh, sizeof(oid_dh)) != 1)
        return 0;
    err = get_dh_parameter(&s, &group, &length);
    if (err == BRISK_EOK && !der_done(&s))
        err = BRISK_EDECODE;
    if (err != BRISK_EOK)
        return err;
    *alg = s;
    key->type = BRISK_PKEY_DH;
    key->u.dh.group = group;
    key->u.dh.length = length;
    return 1;
}

int brisk_dh_get_key(der_reader *r, brisk_pkey *key, int private)
{
    const brisk_dh_group *group = key->u.dh.group;
    size_t length = key->u.dh.length;   /* brisk_dh_key_set clears it */
    const uint8_t *v;
    size_t v_len;
    int err;

    if (brisk_der_get_uint(r, &v, &v_len) != BRISK_EOK || !der_done(r))
        return BRISK_EDECODE;
    err = private ? brisk_dh_key_set(&key->u.dh, group, NULL, 0, v, v_len)
                  : brisk_dh_key_set(&key->u.dh, group, v, v_len, NULL, 0);
    key->u.dh.length = length;
    return err;
}

void brisk_dh_put_algorithm(der_writer *w, const brisk_pkey *key)
{
    size_t mark = w->len, oid;

    put_dh_parameter(w, key->u.dh.group, key->u.dh.length);
    oid = w->len;
    brisk_der_put_bytes(w, oid_dh, sizeof(oid_dh));
    brisk_der_wrap(w, DER_OID, oid);
    brisk_der_wrap(w, DER_SEQUENCE, mark);
}

void brisk_dh_put_pkcs8(der_writer *w, const brisk_pkey *key)
{
    brisk_der_put_bn(w, &key->u.dh.x);
}

void brisk_dh_put_public(der_writer *w, const brisk_pkey *key)
{
    brisk_der_put_bn(w, &key->u.dh.y);
}

int brisk_dh_pkey_derive(uint8_t *out, size_t *out_len, const brisk_pkey *key,
                         const brisk_pkey *peer)
{
    const brisk_dh_group *group = key->u.dh.group;
    uint8_t y[BRISK_DH_MAX_BYTES];
    size_t len;
    int err;

    if (peer->u.dh.group != group || !key->u.dh.has_private)
        return BRISK_EINVAL;
    len = group->bits / 8;
    if (out == NULL || *out_len < len) {
        *out_len = len;
        return out == NULL ? BRISK_EOK : BRISK_ENOSPACE;
    }
    err = brisk_dh_public(y, len, &peer->u.dh);
    if (err == BRISK_EOK)
        err = brisk_dh_derive(out, len, &key->u.dh, y, len);
    if (err == BRISK_EOK)
        *out_len = len;
    return err;
}

/* ---- DH parameters ---- */

int brisk_dh_params_from_der(const brisk_dh_group **group, const uint8_t *der, size_t der_len)
{
    der_reader r;
    size_t length;
    int err;

    if (group == NULL || (der == NULL && der_len > 0))
        return BRISK_EINVAL;
    r = der_reader_init(der, der_len);
    err = get_dh_parameter(&r, group, &length);
    if (err == BRISK_EOK && !der_done(&r))
        err = BRISK_EDECODE;
    return err;
}

int brisk_dh_params_from_pem(const brisk_dh_group **group, const char *text, size_t text_len)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = 0;
    int err;

    if (group == NULL || (text == NULL && text_len > 0))
        return BRISK_EINVAL;
    err = brisk_pem_find(der, &der_len, "DH PARAMETERS", text, text_len);
    if (err == BRISK_EOK)
        err = brisk_dh_params_from_der(group, der, der_len);
    return err;
}

int brisk_dh_params_to_der(uint8_t *out, size_t *out_len, const brisk_dh_group *group)
{
    der_writer w;

    if (out_len == NULL || group == NULL || brisk_dh_group_by_name(group->name) != group)
        return BRISK_EINVAL;
    w = der_writer_init(out, *out_len);
    put_dh_parameter(&w, group, 0);
    return brisk_der_finish(&w, out_len);
}

int brisk_dh_params_to_pem(char *out, size_t *out_len, const brisk_dh_group *group)
{
    uint8_t der[PK_DER_MAX];
    size_t der_len = sizeof(der);
    int err;

    if (out_len == NULL || group == NULL)
        return BRISK_EINVAL;
    err = brisk_dh_params_to_der(der, &der_len, group);
    if (err == BRISK_EOK)
        err = brisk_pem_write(out, out_len, "DH PARAMETERS", NULL, der, der_len);
    return err;
}
