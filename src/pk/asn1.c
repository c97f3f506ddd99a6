/*
 * src/pk/asn1.c - the DER subset that key encodings use (ITU-T X.690
 * section 10): single-byte tags, definite minimal lengths, minimal
 * two's-complement INTEGERs (non-negative only), OBJECT IDENTIFIER
 * compared as bytes, NULL, OCTET STRING and BIT STRING without unused bits.
 *
 * Not constant-time: the structure of an encoding is public, and so are the
 * lengths of the numbers in it.  Secret bytes are copied, never branched on
 * beyond the first two of each INTEGER (which its length reveals anyway).
 */
#include "internal.h"

/* der_length reads a definite, minimally encoded length. */
static int der_length(der_reader *r, size_t *len)
{
    size_t n, v = 0;

    if (r->len < 1)
        return BRISK_EDECODE;
    n = r->p[0];
    r->p++;
    r->len--;
    if (n < 0x80) {
        *len = n;
        return BRISK_EOK;
    }
    n &= 0x7f;
    /* 0x80 is the indefinite form; more than 4 bytes is more than any key */
    if (n == 0 || n > 4 || n > r->len || r->p[0] == 0)
        return BRISK_EDECODE;
    for (size_t i = 0; i < n; i++)
        v = v << 8 | r->p[i];
    if (v < 0x80)
        return BRISK_EDECODE;   /* the short form was required */
    r->p += n;
    r->len -= n;
    *len = v;
    return BRISK_EOK;
}

int brisk_der_get(der_reader *r, unsigned tag, der_reader *content)
{
    der_reader t = *r;
    size_t len;

    if (t.len < 1 || t.p[0] != tag)
        return BRISK_EDECODE;
    t.p++;
    t.len--;
    if (der_length(&t, &len) != BRISK_EOK || len > t.len)
        return BRISK_EDECODE;
    content->p = t.p;
    content->len = len;
    r->p = t.p + len;
    r->len = t.len - len;
    return BRISK_EOK;
}

int brisk_der_get_uint(der_reader *r, const uint8_t **mag, size_t *mag_len)
{
    der_reader c;

    if (brisk_der_get(r, DER_INTEGER, &c) != BRISK_EOK || c.len == 0)
        return BRISK_EDECODE;
    if (c.p[0] & 0x80)
        return BRISK_EDECODE;   /* negative */
    if (c.p[0] == 0) {
        if (c.len > 1 && !(c.p[1] & 0x80))
            return BRISK_EDECODE;   /* a leading zero byte that is not needed */
        c.p++;
        c.len--;
    }
    *mag = c.p;
    *mag_len = c.len;
    return BRISK_EOK;
}

int brisk_der_get_bn(der_reader *r, brisk_bn *a)
{
    const uint8_t *mag;
    size_t len;

    if (brisk_der_get_uint(r, &mag, &len) != BRISK_EOK ||
        brisk_bn_from_bytes(a, mag, len) != BRISK_EOK)
        return BRISK_EDECODE;
    return BRISK_EOK;
}

int brisk_der_get_zero(der_reader *r)
{
    const uint8_t *mag;
    size_t len;

    if (brisk_der_get_uint(r, &mag, &len) != BRISK_EOK || len != 0)
        return BRISK_EDECODE;
    return BRISK_EOK;
}

int brisk_der_get_null(der_reader *r)
{
    der_reader c;

    if (brisk_der_get(r, DER_NULL, &c) != BRISK_EOK || c.len != 0)
        return BRISK_EDECODE;
    return BRISK_EOK;
}

int brisk_der_get_bits(der_reader *r, der_reader *content)
{
    der_reader c;

    if (brisk_der_get(r, DER_BIT_STRING, &c) != BRISK_EOK || c.len < 1 || c.p[0] != 0)
        return BRISK_EDECODE;
    content->p = c.p + 1;
    content->len = c.len - 1;
    return BRISK_EOK;
}

int brisk_der_get_oid(der_reader *r, const uint8_t *oid, size_t oid_len)
{
    der_reader c;

    if (brisk_der_get(r, DER_OID, &c) != BRISK_EOK || c.len == 0)
        return BRISK_EDECODE;
    return c.len == oid_len && memcmp(c.p, oid, oid_len) == 0;
}

void brisk_der_put_bytes(der_writer *w, const uint8_t *p, size_t n)
{
    size_t old = w->len;

    w->len += n;
    if (w->buf != NULL && old <= w->cap && n <= w->cap - old)
        memcpy(w->buf + (w->cap - w->len), p, n);
}

void brisk_der_wrap(der_writer *w, unsigned tag, size_t mark)
{
    size_t len = w->len - mark;
    uint8_t h[2 + sizeof(size_t)];
    size_t n = 0;

    /* the length's bytes, least significant first, then reversed below */
    if (len < 0x80) {
        h[n++] = (uint8_t)len;
    } else {
        for (size_t v = len; v > 0; v >>= 8)
            h[n++] = (uint8_t)v;
        h[n] = (uint8_t)(0x80 | n);
        n++;
    }
    h[n++] = (uint8_t)tag;
    for (size_t i = 0; i < n / 2; i++) {
        uint8_t t = h[i];
        h[i] = h[n - 1 - i];
        h[n - 1 - i] = t;
    }
    brisk_der_put_bytes(w, h, n);
}

void brisk_der_put_uint(der_writer *w, const uint8_t *mag, size_t mag_len)
{
    size_t mark = w->len;
    static const uint8_t zero = 0;

    while (mag_len > 0 && mag[0] == 0) {
        mag++;
        mag_len--;
    }
    brisk_der_put_bytes(w, mag, mag_len);
    if (mag_len == 0 || (mag[0] & 0x80))
        brisk_der_put_bytes(w, &zero, 1);
    brisk_der_wrap(w, DER_INTEGER, mark);
}

void brisk_der_put_bn(der_writer *w, const brisk_bn *a)
{
    uint8_t tmp[BRISK_BN_MAX_BITS / 8];
    size_t len = (brisk_bn_bits(a) + 7) / 8;

    brisk_bn_to_bytes(tmp, len, a);
    brisk_der_put_uint(w, tmp, len);
    wipe(tmp, len);
}

void brisk_der_put_small(der_writer *w, uint8_t v)
{
    brisk_der_put_uint(w, &v, 1);
}

void brisk_der_put_null(der_writer *w)
{
    static const uint8_t null[2] = {DER_NULL, 0};

    brisk_der_put_bytes(w, null, 2);
}

int brisk_der_finish(der_writer *w, size_t *out_len)
{
    *out_len = w->len;
    if (w->buf == NULL)
        return BRISK_EOK;
    if (w->len > w->cap) {
        wipe(w->buf, w->cap);   /* what fitted may be part of a secret */
        return BRISK_ENOSPACE;
    }
    memmove(w->buf, w->buf + (w->cap - w->len), w->len);
    return BRISK_EOK;
}

/* ---- (EC)DSA signatures: SEQUENCE { r, s } ---- */

int brisk_der_sig_from_raw(uint8_t *sig, size_t *sig_len, const uint8_t *raw, size_t n)
{
    der_writer w = der_writer_init(sig, *sig_len);
    size_t mark = w.len;

    brisk_der_put_uint(&w, raw + n, n);
    brisk_der_put_uint(&w, raw, n);
    brisk_der_wrap(&w, DER_SEQUENCE, mark);
    return brisk_der_finish(&w, sig_len);
}

/* get_half takes a positive INTEGER of at most n bytes into out,
 * left-padded to n bytes. */
static int get_half(der_reader *r, uint8_t *out, size_t n)
{
    const uint8_t *mag;
    size_t len;

    if (brisk_der_get_uint(r, &mag, &len) != BRISK_EOK || len == 0 || len > n)
        return BRISK_EVERIFY;
    memset(out, 0, n - len);
    memcpy(out + n - len, mag, len);
    return BRISK_EOK;
}

int brisk_der_sig_to_raw(uint8_t *raw, size_t n, const uint8_t *sig, size_t sig_len)
{
    der_reader r, s;

    if (sig == NULL && sig_len > 0)
        return BRISK_EVERIFY;
    r = der_reader_init(sig, sig_len);
    if (brisk_der_get(&r, DER_SEQUENCE, &s) != BRISK_EOK || !der_done(&r) ||
        get_half(&s, raw, n) != BRISK_EOK || get_half(&s, raw + n, n) != BRISK_EOK ||
        !der_done(&s))
        return BRISK_EVERIFY;
    return BRISK_EOK;
}
