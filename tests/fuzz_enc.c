/*
 * tests/fuzz_enc.c - libFuzzer target for the input side of `brisk enc -d`
 * (apps/enc.c): its streaming base64 decoder (-a), its reader
 * (enc_src_read) and the "Salted__" header parser (enc_read_header).  The
 * input is what enc would read: raw or base64 text.
 *
 * Properties checked beyond "no crash, no leak, no sanitizer report":
 * - b64_decode and b64_finish agree with a plain reference decoder written
 *   here from the rules in apps.h (white space skipped, '=' only at the
 *   end, an unpadded last group of 2 or 3 characters accepted, one
 *   character cut short), and write no more than the text holds;
 * - decoding in chunks, split where the input's own bytes say, gives what
 *   decoding in one call gives;
 * - the input read as bytes and base64-encoded here, in lines of any
 *   length, with or without padding, decodes back to the input;
 * - enc_read_header accepts exactly what openssl enc -d accepts: at least
 *   16 bytes starting "Salted__", the salt being the next 8, and consumes
 *   no more: the reads after it, in sizes the input picks, give the rest
 *   of the input (decoded with -a), ending at 0 only if all is well.
 */
#include "apps.h"
#include "fuzz_apps.h"

enum { B64_OK = 0, B64_CUT = 1, B64_BAD = 2 };

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup("fuzz_enc");
    return 0;
}

static int is_space(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int sextet(uint8_t c)
{
    const char *p = c != '\0' ? strchr(alphabet, c) : NULL;
    return p != NULL ? (int)(p - alphabet) : -1;
}

/* ref_decode decodes text by the rules as written, into out (room for
 * 3 * len / 4 bytes); returns B64_OK, B64_CUT (its end is missing: only
 * the whole groups before it are decoded) or B64_BAD (nothing decoded). */
static int ref_decode(const uint8_t *text, size_t len, uint8_t *out, size_t *out_len)
{
    uint8_t *s = malloc(len + 1);
    size_t m = 0, pad = 0, data, rem;
    uint32_t acc = 0;
    int ret = B64_OK;

    if (s == NULL)
        fuzz_fail("out of memory");
    for (size_t i = 0; i < len; i++)
        if (!is_space(text[i]))
            s[m++] = text[i];
    while (pad < m && s[m - 1 - pad] == '=')
        pad++;
    data = m - pad;
    rem = data % 4;
    for (size_t i = 0; i < data; i++)
        if (sextet(s[i]) < 0)
            ret = B64_BAD;
    if (pad > 2 || (pad > 0 && rem < 2) || (pad > 0 && rem + pad > 4))
        ret = B64_BAD;
    if (ret == B64_OK && ((pad > 0 && rem + pad < 4) || rem == 1))
        ret = B64_CUT;
    *out_len = 0;
    if (ret != B64_BAD) {
        for (size_t i = 0; i < data; i++) {
            acc = acc << 6 | (uint32_t)sextet(s[i]);
            if (i % 4 == 3) {
                out[(*out_len)++] = (uint8_t)(acc >> 16);
                out[(*out_len)++] = (uint8_t)(acc >> 8);
                out[(*out_len)++] = (uint8_t)acc;
                acc = 0;
            }
        }
        if (rem >= 2 && ret == B64_OK) {
            acc <<= 6 * (4 - rem);
            out[(*out_len)++] = (uint8_t)(acc >> 16);
            if (rem == 3)
                out[(*out_len)++] = (uint8_t)(acc >> 8);
        }
    }
    free(s);
    return ret;
}

/* room is what a text can decode to: 3 bytes per 4 base64 characters. */
static size_t room(const uint8_t *text, size_t len)
{
    size_t chars = 0;

    for (size_t i = 0; i < len; i++)
        chars += sextet(text[i]) >= 0;
    return chars / 4 * 3 + (chars % 4 > 1 ? chars % 4 - 1 : 0);
}

/* app_decode runs enc's decoder over text in pieces whose lengths come
 * from `lengths` (NULL: one piece); out has exactly room(text) bytes. */
static int app_decode(const uint8_t *text, size_t len, const uint8_t *lengths, size_t n_lengths,
                      uint8_t *out, size_t *out_len)
{
    b64_decoder d;
    size_t pos = 0;

    memset(&d, 0, sizeof(d));
    *out_len = 0;
    for (size_t k = 0; pos < len; k++) {
        size_t piece = lengths != NULL ? (size_t)1 + lengths[k % n_lengths] % 29u : len;
        if (piece > len - pos)
            piece = len - pos;
        if (b64_decode(&d, out, out_len, text + pos, piece) != 0)
            return B64_BAD;
        /* An empty piece between two must change nothing. */
        if (lengths != NULL && (lengths[k % n_lengths] & 0x80) != 0 &&
            b64_decode(&d, out, out_len, text + pos, 0) != 0)
            return B64_BAD;
        pos += piece;
    }
    return b64_finish(&d, out, out_len) == 0 ? B64_OK : B64_CUT;
}

static void check_decoder(const uint8_t *data, size_t size)
{
    /* Exactly room() bytes: ASan sees a write past what the text holds. */
    size_t cap = room(data, size), ref_len, one_len, split_len;
    uint8_t *ref = malloc(size + 1), *one = malloc(cap + !cap), *split = malloc(cap + !cap);
    int r_ref, r_one, r_split;

    if (ref == NULL || one == NULL || split == NULL)
        fuzz_fail("out of memory");
    r_ref = ref_decode(data, size, ref, &ref_len);
    r_one = app_decode(data, size, NULL, 0, one, &one_len);
    r_split = app_decode(data, size, data, size, split, &split_len);
    if (r_one != r_ref)
        fuzz_fail("b64_decode accepts or refuses otherwise than the rules say");
    if (r_one != B64_BAD && (one_len != ref_len || memcmp(one, ref, ref_len) != 0))
        fuzz_fail("b64_decode decodes otherwise than the rules say");
    if (r_split != r_one ||
        (r_one != B64_BAD && (split_len != one_len || memcmp(split, one, one_len) != 0)))
        fuzz_fail("b64_decode in pieces differs from b64_decode in one call");
    free(ref);
    free(one);
    free(split);
}

/* ref_encode writes data as base64, a line break after every `line`
 * characters (0: none), CRLF if crlf, without padding if nopad. */
static size_t ref_encode(char *out, const uint8_t *data, size_t size, size_t line, int crlf,
                         int nopad)
{
    size_t o = 0, col = 0;

    for (size_t i = 0; i < size; i += 3) {
        uint32_t v = (uint32_t)data[i] << 16;
        size_t chars = size - i >= 3 ? 4 : size - i + 1;
        if (i + 1 < size)
            v |= (uint32_t)data[i + 1] << 8;
        if (i + 2 < size)
            v |= data[i + 2];
        for (size_t c = 0; c < 4; c++) {
            if (c >= chars && nopad)
                break;
            out[o++] = c < chars ? alphabet[(v >> (18 - 6 * c)) & 63] : '=';
            if (line > 0 && ++col == line) {
                if (crlf)
                    out[o++] = '\r';
                out[o++] = '\n';
                col = 0;
            }
        }
    }
    return o;
}

static void check_roundtrip(const uint8_t *data, size_t size)
{
    size_t line = size > 0 ? data[0] % 80 : 64;
    size_t text_cap = 4 * (size / 3 + 1) * 3 + 8, text_len, out_len;
    char *text = malloc(text_cap);
    uint8_t *out = malloc(size + 1);

    if (text == NULL || out == NULL)
        fuzz_fail("out of memory");
    for (int variant = 0; variant < 4; variant++) {
        text_len = ref_encode(text, data, size, variant == 0 ? 64 : line, variant & 1,
                              variant >> 1);
        if (app_decode((const uint8_t *)text, text_len, NULL, 0, out, &out_len) != B64_OK ||
            out_len != size || memcmp(out, data, size) != 0)
            fuzz_fail("base64 of the input does not decode back to the input");
    }
    free(text);
    free(out);
}

/* check_header reads data through enc's reader, raw or base64, from a
 * pipe: the header first, then the rest in sizes data picks. */
static void check_header(const uint8_t *data, size_t size, int base64)
{
    static enc_source src;
    static const uint8_t magic[8] = {'S', 'a', 'l', 't', 'e', 'd', '_', '_'};
    uint8_t *expect = malloc(size + 1), *rest = malloc(size + 1), salt[8];
    size_t expect_len = size, rest_len = 0;
    int status = B64_OK, fds[2], hdr, ok_input;
    ssize_t n = 0;

    if (expect == NULL || rest == NULL)
        fuzz_fail("out of memory");
    if (base64)
        status = ref_decode(data, size, expect, &expect_len);
    else
        memcpy(expect, data, size);
    if (pipe(fds) != 0)
        fuzz_fail("cannot make a pipe");
    /* At most max_len bytes: they fit in the pipe before anyone reads. */
    if (size > 0 && write(fds[1], data, size) != (ssize_t)size)
        fuzz_fail("cannot fill the pipe");
    close(fds[1]);
    memset(&src, 0, sizeof(src));
    src.fd = fds[0];
    src.name = "the input";
    src.base64 = base64;

    hdr = enc_read_header(&src, salt);
    ok_input = status == B64_OK && expect_len >= 16 && memcmp(expect, magic, 8) == 0;
    if (ok_input && hdr != 0)
        fuzz_fail("enc_read_header refuses a \"Salted__\" header and salt");
    if (hdr == 0 && (status == B64_BAD || expect_len < 16 || memcmp(expect, magic, 8) != 0))
        fuzz_fail("enc_read_header accepts what is not a \"Salted__\" header and salt");
    if (hdr == 0 && memcmp(salt, expect + 8, 8) != 0)
        fuzz_fail("enc_read_header gives another salt than the input's");
    for (size_t k = 0; hdr == 0; k++) {
        size_t cap = size > 0 ? 1 + data[k % size] % 97 : 1;
        if (cap > size + 1 - rest_len)
            cap = size + 1 - rest_len; /* rest has room for one byte too many */
        n = enc_src_read(&src, rest + rest_len, cap);
        if (n <= 0)
            break;
        if ((size_t)n > cap)
            fuzz_fail("enc_src_read gives more than asked");
        rest_len += (size_t)n;
        if (rest_len > size)
            fuzz_fail("enc_src_read gives more than the input holds");
    }
    if (hdr == 0) {
        if (rest_len > expect_len - 16 || memcmp(rest, expect + 16, rest_len) != 0)
            fuzz_fail("after the header, enc_src_read gives other bytes than the input's");
        if (n == 0 && (status != B64_OK || rest_len != expect_len - 16))
            fuzz_fail("after the header, enc_src_read ends early or misses an error");
    }
    close(fds[0]);
    free(expect);
    free(rest);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Longer inputs would take several reads: a bad character late in the
     * text would then let the header through, which check_header forbids. */
    if (size > 32768)
        return 0;
    check_decoder(data, size);
    check_roundtrip(data, size);
    check_header(data, size, 0);
    check_header(data, size, 1);
    return 0;
}
