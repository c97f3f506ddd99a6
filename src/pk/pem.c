/*
 * src/pk/pem.c - base64 (RFC 4648 section 4) and PEM armor (RFC 7468, with
 * the RFC 1421 "Proc-Type" header OpenSSL writes for encrypted keys).
 *
 * Decoding is strict: only the 64 letters, '=' padding that completes the
 * last group, and line breaks between characters; the bits the padding
 * leaves over must be zero, so that each text has one meaning.  Encoding
 * writes 64-column lines as OpenSSL does.  apps/enc.c has its own streaming
 * base64 for `brisk enc -a`, which is lenient as OpenSSL's BIO is; the
 * library cannot use the command's code, hence this one.
 *
 * The letters of a private key are secret: they are turned into sextets
 * and back with arithmetic on masks, not a table or a branch (BoringSSL's
 * base64 does the same).  What is branched on, line breaks, padding and
 * the validity of a character, is where it is in any key of that size.
 * The armor lines are public.
 */
#include "internal.h"

/* ct_lt returns 1 when a < b, for a, b < 2^31, without a branch. */
static inline uint32_t ct_lt(uint32_t a, uint32_t b)
{
    return (a - b) >> 31;
}

/* ct_in returns 1 when lo <= c <= hi. */
static inline uint32_t ct_in(uint32_t c, uint32_t lo, uint32_t hi)
{
    return ct_lt(c, hi + 1) & (ct_lt(c, lo) ^ 1);
}

/* b64_letter returns the letter of the sextet v (0..63): 'A' + v, moved
 * by the gaps between the alphabet's runs (A-Z, a-z, 0-9, '+', '/'). */
static inline char b64_letter(uint32_t v)
{
    uint32_t c = v + 'A';

    c += ct_mask32(ct_lt(25, v)) & ('a' - 26 - 'A');
    c -= ct_mask32(ct_lt(51, v)) & (('a' - 26) - ('0' - 52));
    c -= ct_mask32(ct_lt(61, v)) & (('0' - 52) - ('+' - 62));
    c += ct_mask32(ct_lt(62, v)) & (('/' - 63) - ('+' - 62));
    return (char)c;
}

void brisk_b64_encode(char *out, const uint8_t *in, size_t len)
{
    for (size_t i = 0; i < len; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < len)
            v |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < len)
            v |= in[i + 2];
        *out++ = b64_letter(v >> 18);
        *out++ = b64_letter((v >> 12) & 63);
        *out++ = i + 1 < len ? b64_letter((v >> 6) & 63) : '=';
        *out++ = i + 2 < len ? b64_letter(v & 63) : '=';
    }
}

/* b64_value returns the sextet of the letter c, or -1 for another
 * character. */
static int b64_value(unsigned char c)
{
    uint32_t up = ct_in(c, 'A', 'Z'), lo = ct_in(c, 'a', 'z'), dig = ct_in(c, '0', '9');
    uint32_t plus = ct_in(c, '+', '+'), slash = ct_in(c, '/', '/');
    uint32_t v = (ct_mask32(up) & (c - 'A')) | (ct_mask32(lo) & (c - 'a' + 26)) |
                 (ct_mask32(dig) & (c - '0' + 52)) | (ct_mask32(plus) & 62) |
                 (ct_mask32(slash) & 63);

    if ((up | lo | dig | plus | slash) == 0)
        return -1;
    return (int)v;
}

/* b64_group emits the 3 - pad bytes of a group of four characters whose
 * sextets are in acc (pad '=' among them, counted as zero sextets). */
static int b64_group(uint8_t *out, size_t cap, size_t *o, uint32_t acc, unsigned pad)
{
    uint32_t v = acc << (6 * pad);
    size_t n = 3 - pad;

    if (pad > 0 && (v & (pad == 1 ? 0xff : 0xffff)) != 0)
        return BRISK_EDECODE;   /* non-zero bits under the padding */
    if (n > cap - *o)
        return BRISK_ENOSPACE;
    for (size_t i = 0; i < n; i++)
        out[(*o)++] = (uint8_t)(v >> (16 - 8 * i));
    return BRISK_EOK;
}

int brisk_b64_decode(uint8_t *out, size_t *out_len, const char *text, size_t text_len)
{
    uint32_t acc = 0;
    unsigned n = 0, pad = 0;
    size_t o = 0;
    int err;

    for (size_t i = 0; i < text_len; i++) {
        unsigned char c = (unsigned char)text[i];
        int v;
        if (c == '\r' || c == '\n')
            continue;
        if (c == '=') {
            if (n < 2)
                return BRISK_EDECODE;
            pad++;
            v = 0;
        } else {
            v = b64_value(c);
            if (v < 0 || pad > 0)
                return BRISK_EDECODE;
            acc = acc << 6 | (uint32_t)v;
        }
        if (++n == 4) {
            err = b64_group(out, *out_len, &o, acc, pad);
            if (err != BRISK_EOK)
                return err;
            acc = 0;
            n = 0;
        }
    }
    if (n != 0)
        return BRISK_EDECODE;   /* a group cut short, or its padding missing */
    *out_len = o;
    return BRISK_EOK;
}

/* ---- PEM ---- */

/* A line of text without its CR LF or LF. */
typedef struct pem_line {
    const char *p;
    size_t len;
} pem_line;

/* next_line takes the line at *pos; 0 at the end of the text. */
static int next_line(pem_line *l, const char *text, size_t len, size_t *pos)
{
    size_t i = *pos;

    if (i >= len)
        return 0;
    l->p = text + i;
    while (i < len && text[i] != '\n')
        i++;
    l->len = (size_t)(text + i - l->p);
    if (l->len > 0 && l->p[l->len - 1] == '\r')
        l->len--;
    *pos = i < len ? i + 1 : i;
    return 1;
}

static int starts_with(const pem_line *l, const char *s)
{
    size_t n = strlen(s);
    return l->len >= n && memcmp(l->p, s, n) == 0;
}

/* armor_label returns the label of a line "-----<word> LABEL-----", where
 * word is BEGIN or END, in *label; 0 when the line is not one. */
static int armor_label(const pem_line *l, const char *word, pem_line *label)
{
    size_t n = 5 + strlen(word) + 1;

    if (!starts_with(l, "-----") || l->len < n + 5 ||
        memcmp(l->p + 5, word, n - 6) != 0 || l->p[n - 1] != ' ' ||
        memcmp(l->p + l->len - 5, "-----", 5) != 0)
        return 0;
    label->p = l->p + n;
    label->len = l->len - n - 5;
    return 1;
}

/* header_value sets *v to what follows "Name:" and any spaces in l. */
static void header_value(const pem_line *l, size_t name_len, pem_line *v)
{
    v->p = l->p + name_len;
    v->len = l->len - name_len;
    while (v->len > 0 && (v->p[0] == ' ' || v->p[0] == '\t')) {
        v->p++;
        v->len--;
    }
}

/* pem_headers skips the RFC 1421 headers at *pos, if any, noting an
 * encrypted key and its DEK-Info; they end at an empty line. */
static int pem_headers(pem_block *blk, const char *text, size_t len, size_t *pos)
{
    size_t p = *pos;
    pem_line l, v;

    if (!next_line(&l, text, len, &p) || memchr(l.p, ':', l.len) == NULL)
        return BRISK_EOK;
    do {
        if (starts_with(&l, "Proc-Type:") && l.len >= 9 &&
            memcmp(l.p + l.len - 9, "ENCRYPTED", 9) == 0)
            blk->encrypted = 1;
        if (starts_with(&l, "DEK-Info:")) {
            header_value(&l, 9, &v);
            blk->dek_info = v.p;
            blk->dek_info_len = v.len;
        }
        if (starts_with(&l, "-----"))
            return BRISK_EDECODE;
    } while (l.len > 0 && next_line(&l, text, len, &p));
    if (l.len > 0)
        return BRISK_EDECODE;   /* the text ended within the headers */
    *pos = p;
    return BRISK_EOK;
}

int brisk_pem_next(pem_block *blk, const char *text, size_t len, size_t *pos)
{
    pem_line l, label, end;
    size_t body_end;

    do {
        if (!next_line(&l, text, len, pos))
            return 0;
    } while (!armor_label(&l, "BEGIN", &label) || label.len == 0);
    blk->label = label.p;
    blk->label_len = label.len;
    blk->encrypted = 0;
    blk->dek_info = NULL;
    blk->dek_info_len = 0;
    if (pem_headers(blk, text, len, pos) != BRISK_EOK)
        return BRISK_EDECODE;
    blk->body = text + *pos;
    for (;;) {
        body_end = *pos;
        if (!next_line(&l, text, len, pos))
            return BRISK_EDECODE;   /* no END line */
        if (starts_with(&l, "-----"))
            break;
    }
    if (!armor_label(&l, "END", &end) || end.len != label.len ||
        memcmp(end.p, label.p, label.len) != 0)
        return BRISK_EDECODE;
    blk->body_len = (size_t)(text + body_end - blk->body);
    return 1;
}

int brisk_pem_label_is(const pem_block *blk, const char *label)
{
    return blk->label_len == strlen(label) && memcmp(blk->label, label, blk->label_len) == 0;
}

/* put_str appends s to out at *o (counting only when out is NULL). */
static void put_str(char *out, size_t *o, const char *s, size_t n)
{
    if (out != NULL)
        memcpy(out + *o, s, n);
    *o += n;
}

int brisk_pem_write(char *out, size_t *out_len, const char *label, const char *headers,
                    const uint8_t *der, size_t der_len)
{
    size_t label_len = strlen(label), headers_len = headers != NULL ? strlen(headers) : 0;
    size_t b64_len = b64_encoded_len(der_len);
    size_t need = (11 + label_len + 6) + headers_len + b64_len + (b64_len + 63) / 64 +
                  (9 + label_len + 6);
    size_t o = 0;

    if (out != NULL && *out_len < need) {
        *out_len = need;
        return BRISK_ENOSPACE;
    }
    *out_len = need;
    if (out == NULL)
        return BRISK_EOK;
    put_str(out, &o, "-----BEGIN ", 11);
    put_str(out, &o, label, label_len);
    put_str(out, &o, "-----\n", 6);
    if (headers != NULL)
        put_str(out, &o, headers, headers_len);
    for (size_t i = 0; i < der_len; i += 48) {
        size_t n = der_len - i < 48 ? der_len - i : 48;
        brisk_b64_encode(out + o, der + i, n);
        o += b64_encoded_len(n);
        put_str(out, &o, "\n", 1);
    }
    put_str(out, &o, "-----END ", 9);
    put_str(out, &o, label, label_len);
    put_str(out, &o, "-----\n", 6);
    return BRISK_EOK;
}
