/*
 * tests/test_poly1305.c - Poly1305 (RFC 8439 section 2.5) under every
 * implementation this CPU can run: RFC 8439's vectors (inline), Botan's
 * poly1305.vec, and properties against a plain big-number reference in this
 * file (radix 2^32, schoolbook, reduced by folding): every split point of
 * streaming input, one byte at a time, misaligned input, zero length, every
 * length from 0 to 21 blocks (each implementation's thresholds lie inside),
 * accumulators near p = 2^130 - 5, r with every clamped bit set, s whose
 * addition carries, implementations switched in the middle of a message,
 * the constant-time comparison and misuse of the API.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

static tv_rng rng;

/* ---- Reference: schoolbook in radix 2^32 ---- */

/* ref_fold sets x (9 words) to a value below 2^131 congruent modulo p. */
static void ref_fold(uint32_t x[9])
{
    for (int round = 0; round < 4; round++) {
        uint32_t hi[9] = {0};
        for (int i = 0; i < 9; i++) { /* hi = x >> 130 */
            uint64_t w = x[i] >> 2 | (i + 1 < 9 ? (uint64_t)x[i + 1] << 30 : 0);
            if (i >= 4)
                hi[i - 4] = (uint32_t)w;
        }
        hi[5] = hi[6] = hi[7] = hi[8] = 0;
        x[4] &= 3;
        for (int i = 5; i < 9; i++)
            x[i] = 0;
        uint64_t c = 0;
        for (int i = 0; i < 9; i++) { /* x += 5 hi */
            c += (uint64_t)x[i] + (uint64_t)hi[i] * 5;
            x[i] = (uint32_t)c;
            c >>= 32;
        }
    }
}

/* ref_ge_p tells whether x (5 words, below 2^131) is at least p. */
static int ref_ge_p(const uint32_t x[5])
{
    static const uint32_t p[5] = {0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff, 3};
    for (int i = 4; i >= 0; i--)
        if (x[i] != p[i])
            return x[i] > p[i];
    return 1;
}

static void ref_poly1305(uint8_t tag[16], const uint8_t key[32], const uint8_t *m, size_t len)
{
    uint32_t r[4], h[9] = {0};
    for (int i = 0; i < 4; i++)
        r[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
               (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
    r[0] &= 0x0fffffff;
    r[1] &= 0x0ffffffc;
    r[2] &= 0x0ffffffc;
    r[3] &= 0x0ffffffc;
    while (len > 0) {
        size_t n = len < 16 ? len : 16;
        uint8_t b[20] = {0};
        memcpy(b, m, n);
        b[n] = 1;
        uint64_t c = 0;
        for (int i = 0; i < 5; i++) {
            uint32_t w = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
                         (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
            c += (uint64_t)h[i] + w;
            h[i] = (uint32_t)c;
            c >>= 32;
        }
        uint32_t prod[9] = {0};
        for (int i = 0; i < 5; i++) {
            uint64_t carry = 0;
            for (int j = 0; j < 4; j++) {
                uint64_t t = (uint64_t)prod[i + j] + (uint64_t)h[i] * r[j] + carry;
                prod[i + j] = (uint32_t)t;
                carry = t >> 32;
            }
            prod[i + 4] = (uint32_t)carry;
        }
        ref_fold(prod);
        memcpy(h, prod, sizeof(h));
        m += n;
        len -= n;
    }
    while (ref_ge_p(h)) { /* h -= p */
        static const uint32_t p[5] = {0xfffffffb, 0xffffffff, 0xffffffff, 0xffffffff, 3};
        int64_t borrow = 0;
        for (int i = 0; i < 5; i++) {
            int64_t t = (int64_t)h[i] - p[i] + borrow;
            h[i] = (uint32_t)t;
            borrow = t < 0 ? -1 : 0;
        }
    }
    uint64_t c = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t s = (uint32_t)key[16 + 4 * i] | (uint32_t)key[17 + 4 * i] << 8 |
                     (uint32_t)key[18 + 4 * i] << 16 | (uint32_t)key[19 + 4 * i] << 24;
        c += (uint64_t)h[i] + s;
        for (int k = 0; k < 4; k++)
            tag[4 * i + k] = (uint8_t)(c >> (8 * k));
        c >>= 32;
    }
}

/* ---- Known answers ---- */

/* RFC 8439 section 2.5.2, then appendix A.3's test vectors #1 and #4 to
 * #11 (the short ones; #2 and #3 are in botan/poly1305.vec). */
static const struct {
    const char *name, *key, *msg, *tag;
} rfc[] = {
    {"RFC 8439 2.5.2", "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
     "43727970746f6772617068696320466f72756d2052657365617263682047726f7570",
     "a8061dc1305136c6c22b8baf0c0127a9"},
    {"RFC 8439 A.3 #1", "0000000000000000000000000000000000000000000000000000000000000000",
     "0000000000000000000000000000000000000000000000000000000000000000"
     "0000000000000000000000000000000000000000000000000000000000000000",
     "00000000000000000000000000000000"},
    {"RFC 8439 A.3 #4", "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
     "2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a44696420677972"
     "6520616e642067696d626c6520696e2074686520776162653a0a416c6c206d696d73792077657265207468"
     "6520626f726f676f7665732c0a416e6420746865206d6f6d65207261746873206f757467726162652e",
     "4541669a7eaaee61e708dc7cbcc5eb62"},
    {"RFC 8439 A.3 #5", "0200000000000000000000000000000000000000000000000000000000000000",
     "ffffffffffffffffffffffffffffffff", "03000000000000000000000000000000"},
    {"RFC 8439 A.3 #6", "02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
     "02000000000000000000000000000000", "03000000000000000000000000000000"},
    {"RFC 8439 A.3 #7", "0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff"
     "11000000000000000000000000000000",
     "05000000000000000000000000000000"},
    {"RFC 8439 A.3 #8", "0100000000000000000000000000000000000000000000000000000000000000",
     "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe"
     "01010101010101010101010101010101",
     "00000000000000000000000000000000"},
    {"RFC 8439 A.3 #9", "0200000000000000000000000000000000000000000000000000000000000000",
     "fdffffffffffffffffffffffffffffff", "faffffffffffffffffffffffffffffff"},
    {"RFC 8439 A.3 #10", "0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
     "0000000000000000000000000000000001000000000000000000000000000000",
     "14000000000000005500000000000000"},
    {"RFC 8439 A.3 #11", "0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
     "00000000000000000000000000000000",
     "13000000000000000000000000000000"},
};

static void check_one(const char *impl, const char *what, const uint8_t key[32],
                      const uint8_t *msg, size_t len, const uint8_t want[16])
{
    uint8_t tag[16];
    tv_check_int(brisk_poly1305(tag, key, msg, len), 0, "%s %s: brisk_poly1305", impl, what);
    tv_check_mem(tag, want, 16, "%s %s", impl, what);
}

static void kat_rfc(const char *impl)
{
    for (size_t i = 0; i < sizeof(rfc) / sizeof(rfc[0]); i++) {
        size_t kl, ml, tl;
        uint8_t *key = tv_hex_alloc(rfc[i].key, &kl);
        uint8_t *msg = tv_hex_alloc(rfc[i].msg, &ml);
        uint8_t *tag = tv_hex_alloc(rfc[i].tag, &tl);
        if (tv_check(key && msg && tag && kl == 32 && tl == 16, "%s: hex", rfc[i].name)) {
            check_one(impl, rfc[i].name, key, msg, ml, tag);
            uint8_t ref[16];
            ref_poly1305(ref, key, msg, ml);
            tv_check_mem(ref, tag, 16, "%s: the reference", rfc[i].name);
        }
        free(key);
        free(msg);
        free(tag);
    }
}

static void kat_botan(const char *impl)
{
    tv_file *f = tv_open("botan/poly1305.vec");
    int records = 0;
    if (!tv_check(f != NULL, "open botan/poly1305.vec"))
        return;
    while (tv_next(f)) {
        size_t kl, ml, tl;
        const uint8_t *key = tv_get_hex(f, "Key", &kl);
        const uint8_t *msg = tv_get_hex(f, "In", &ml);
        const uint8_t *tag = tv_get_hex(f, "Out", &tl);
        if (!tv_check(key && msg && tag && kl == 32 && tl == 16, "%s: fields", tv_where(f)))
            continue;
        check_one(impl, tv_where(f), key, msg, ml, tag);
        if (impl[0] == 'c' && impl[1] == '\0') {
            uint8_t ref[16];
            ref_poly1305(ref, key, msg, ml);
            tv_check_mem(ref, tag, 16, "%s: the reference", tv_where(f));
        }
        records++;
    }
    tv_close(f);
    tv_check(records >= 100, "poly1305.vec: %d records", records);
}

/* ---- Properties ---- */

#define MAXLEN (40 * 16 + 15)

/* key_kind fills key with one of the interesting shapes. */
static void make_key(uint8_t key[32], int kind)
{
    tv_rng_fill(&rng, key, 32);
    switch (kind % 4) {
    case 0: /* r with every bit clamping leaves */
        memset(key, 0xff, 16);
        break;
    case 1: /* r = 1 */
        memset(key, 0, 16);
        key[0] = 1;
        break;
    case 2: /* r = 0: the tag is s */
        memset(key, 0, 16);
        break;
    default:
        break;
    }
    if (kind / 4 == 1)
        memset(key + 16, 0xff, 16); /* s + h carries out of every word */
}

/* lengths: every length up to 40 blocks plus a partial one, with messages
 * of all ones (the largest limbs), zeros and random bytes, against the
 * reference. */
static void lengths(const char *impl)
{
    uint8_t key[32], msg[MAXLEN], want[16], tag[16];
    for (int kind = 0; kind < 12; kind++) {
        make_key(key, kind);
        int fill = kind % 3;
        if (fill == 0)
            memset(msg, 0xff, sizeof(msg));
        else if (fill == 1)
            memset(msg, 0, sizeof(msg));
        else
            tv_rng_fill(&rng, msg, sizeof(msg));
        for (size_t len = 0; len <= MAXLEN; len++) {
            ref_poly1305(want, key, msg, len);
            brisk_poly1305(tag, key, msg, len);
            if (!tv_check_mem(tag, want, 16, "%s kind %d length %zu", impl, kind, len))
                return;
        }
    }
}

/* near_p: with r = 1 the accumulator is the sum of the blocks, 2^128 each
 * plus their value.  lead blocks of zeros (lead a multiple of 4, adding
 * 5 lead / 4 modulo p), then three blocks that bring the sum to p + d for
 * d around zero: without leading blocks for the scalar kernels, after 16
 * and 32 for the wide ones. */
static void near_p(const char *impl)
{
    uint8_t key[32] = {1}, msg[35 * 16], want[16], tag[16];
    for (int lead = 0; lead <= 32; lead += 16) {
        for (int d = -5; d <= 12; d++) {
            memset(msg, 0, sizeof(msg));
            uint8_t *b = msg + 16 * lead;
            int e = d - 5 - 5 * lead / 4; /* the three blocks sum to 2^128 + e */
            memset(b, 0xff, 16);
            if (e < 0)
                b[0] = (uint8_t)(0x100 + e);
            else
                b[16] = (uint8_t)(e + 1);
            size_t len = 16 * (size_t)lead + 48;
            for (int s = 0; s < 2; s++) {
                memset(key + 16, s ? 0xff : 0, 16);
                ref_poly1305(want, key, msg, len);
                brisk_poly1305(tag, key, msg, len);
                tv_check_mem(tag, want, 16, "%s h = p %+d after %d blocks, s %d", impl, d, lead,
                             s);
                if (s == 0) {
                    /* h mod p: below p, its low 128 bits; from p up, d */
                    uint8_t exp[16];
                    memset(exp, d < 0 ? 0xff : 0, 16);
                    exp[0] = (uint8_t)(d < 0 ? 0xfb + d : d);
                    tv_check_mem(tag, exp, 16, "%s h = p %+d after %d blocks: its value", impl,
                                 d, lead);
                }
            }
        }
    }
}

/* streaming: every split point in two, one byte at a time, random chunks,
 * misaligned input, zero-length updates, against the one-shot tag. */
static void streaming(const char *impl)
{
    enum { LEN = 600 };
    uint8_t key[32], buf[LEN + 16], want[16], tag[16];
    uint8_t *msg = buf;
    brisk_poly1305_ctx ctx;

    tv_rng_fill(&rng, key, sizeof(key));
    tv_rng_fill(&rng, buf, sizeof(buf));
    ref_poly1305(want, key, msg, LEN);
    for (size_t cut = 0; cut <= LEN; cut++) {
        brisk_poly1305_init(&ctx, key);
        brisk_poly1305_update(&ctx, msg, cut);
        brisk_poly1305_update(&ctx, msg + cut, LEN - cut);
        brisk_poly1305_final(&ctx, tag);
        if (!tv_check_mem(tag, want, 16, "%s split at %zu", impl, cut))
            break;
    }
    brisk_poly1305_init(&ctx, key);
    for (size_t i = 0; i < LEN; i++) {
        brisk_poly1305_update(&ctx, msg + i, 1);
        brisk_poly1305_update(&ctx, msg + i, 0);
    }
    brisk_poly1305_final(&ctx, tag);
    tv_check_mem(tag, want, 16, "%s one byte at a time", impl);
    for (int t = 0; t < 50; t++) {
        brisk_poly1305_init(&ctx, key);
        for (size_t at = 0; at < LEN;) {
            size_t n = tv_rng_below(&rng, 80);
            if (n > LEN - at)
                n = LEN - at;
            brisk_poly1305_update(&ctx, msg + at, n);
            at += n;
        }
        brisk_poly1305_final(&ctx, tag);
        tv_check_mem(tag, want, 16, "%s random chunks", impl);
    }
    for (size_t off = 1; off < 16; off++) {
        uint8_t mis[LEN + 16];
        memcpy(mis + off, msg, LEN);
        brisk_poly1305(tag, key, mis + off, LEN);
        tv_check_mem(tag, want, 16, "%s input at offset %zu", impl, off);
    }
    /* zero length: the tag is s */
    tv_check_int(brisk_poly1305(tag, key, NULL, 0), 0, "%s empty message, NULL", impl);
    tv_check_mem(tag, key + 16, 16, "%s empty message's tag is s", impl);
    brisk_poly1305_init(&ctx, key);
    brisk_poly1305_final(&ctx, tag);
    tv_check_mem(tag, key + 16, 16, "%s init then final", impl);
}

/* switching: one message begun under one implementation and finished under
 * each other: the ctx's form is common to all. */
static void switching(void)
{
    enum { LEN = 1000 };
    uint8_t key[32], msg[LEN], want[16], tag[16];
    const char *a, *b;

    tv_rng_fill(&rng, key, sizeof(key));
    tv_rng_fill(&rng, msg, sizeof(msg));
    ref_poly1305(want, key, msg, LEN);
    for (size_t i = 0; (a = brisk_impl_name("poly1305", i, NULL)) != NULL; i++) {
        for (size_t j = 0; (b = brisk_impl_name("poly1305", j, NULL)) != NULL; j++) {
            brisk_poly1305_ctx ctx;
            if (brisk_impl_set("poly1305", a) != 0 )
                continue;
            brisk_poly1305_init(&ctx, key);
            brisk_poly1305_update(&ctx, msg, 517);
            if (brisk_impl_set("poly1305", b) != 0)
                continue;
            brisk_poly1305_update(&ctx, msg + 517, LEN - 517);
            brisk_poly1305_final(&ctx, tag);
            tv_check_mem(tag, want, 16, "begun under %s, finished under %s", a, b);
        }
    }
    brisk_impl_set("poly1305", NULL);
}

static void api(void)
{
    uint8_t key[32] = {0}, tag[16], other[16];
    brisk_poly1305_ctx ctx;
    static const brisk_poly1305_ctx zero;

    tv_check_int(brisk_poly1305_init(NULL, key), BRISK_EINVAL, "init(NULL ctx)");
    tv_check_int(brisk_poly1305_init(&ctx, NULL), BRISK_EINVAL, "init(NULL key)");
    tv_check_int(brisk_poly1305_init(&ctx, key), 0, "init");
    tv_check_int(brisk_poly1305_update(&ctx, NULL, 1), BRISK_EINVAL, "update(NULL, 1)");
    tv_check_int(brisk_poly1305_update(&ctx, NULL, 0), 0, "update(NULL, 0)");
    tv_check_int(brisk_poly1305_update(NULL, key, 1), BRISK_EINVAL, "update(NULL ctx)");
    tv_check_int(brisk_poly1305_final(&ctx, NULL), BRISK_EINVAL, "final(NULL tag)");
    tv_check_int(brisk_poly1305_final(NULL, tag), BRISK_EINVAL, "final(NULL ctx)");
    tv_rng_fill(&rng, key, sizeof(key));
    brisk_poly1305_init(&ctx, key);
    brisk_poly1305_update(&ctx, key, 21);
    tv_check_int(brisk_poly1305_final(&ctx, tag), 0, "final");
    tv_check(memcmp(&ctx, &zero, sizeof(ctx)) == 0, "final wipes the ctx");
    tv_check_int(brisk_poly1305(tag, key, NULL, 1), BRISK_EINVAL, "one-shot NULL, 1");
    tv_check_int(brisk_poly1305(tag, NULL, key, 1), BRISK_EINVAL, "one-shot NULL key");

    tv_rng_fill(&rng, tag, sizeof(tag));
    memcpy(other, tag, 16);
    tv_check_int(brisk_poly1305_verify(tag, other), 0, "verify equal");
    for (int bit = 0; bit < 128; bit++) {
        other[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        tv_check_int(brisk_poly1305_verify(tag, other), BRISK_EVERIFY, "verify bit %d", bit);
        other[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    tv_check_int(brisk_poly1305_verify(NULL, other), BRISK_EINVAL, "verify(NULL, )");
    tv_check_int(brisk_poly1305_verify(tag, NULL), BRISK_EINVAL, "verify(, NULL)");
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_poly1305");
    tv_rng_init(&rng, tv_seed());
    api();
    for (i = 0; (impl = tv_impl_next("poly1305", &i)) != NULL;) {
        kat_rfc(impl);
        kat_botan(impl);
        lengths(impl);
        near_p(impl);
        streaming(impl);
    }
    switching();
    tv_note("poly1305 tested: %s", tv_impl_list("poly1305", list, sizeof(list)));
    return tv_end();
}
