/*
 * tests/der_strict.h - a small walker that tells whether bytes are strict
 * DER (X.690 section 10) throughout, for tests/fuzz_pkey.c and the test
 * that shows it can refuse (tests/test_pkey_curve.c): definite lengths in
 * the fewest bytes, constructed values recursed into, INTEGERs in the
 * fewest bytes, BOOLEAN one byte of 00 or ff, NULL empty, BIT STRINGs with
 * at most 7 unused bits that are zero, OBJECT IDENTIFIERs whose
 * subidentifiers are minimal, low tag numbers only (no key has others),
 * and nothing after the outer value.  Primitive OCTET STRINGs are not
 * looked into: the caller walks a DER value inside one itself.  Not
 * constant-time: it reads public encodings.
 */
#ifndef BRISK_TESTS_DER_STRICT_H
#define BRISK_TESTS_DER_STRICT_H

#include <stddef.h>
#include <stdint.h>

/* der_strict_len reads the length at p[*at] (of p[0..len-1]) into *n: 1
 * when it is a definite length in the fewest bytes whose contents fit. */
static inline int der_strict_len(const uint8_t *p, size_t len, size_t *at, size_t *n)
{
    size_t k, v = 0;
    uint8_t b;

    if (*at >= len)
        return 0;
    b = p[(*at)++];
    if (b < 0x80) {
        *n = b;
        return len - *at >= *n;
    }
    k = b & 0x7f;   /* 0x80 is indefinite, 0xff reserved */
    if (k == 0 || k > 4 || len - *at < k || p[*at] == 0)
        return 0;
    while (k-- > 0)
        v = v << 8 | p[(*at)++];
    *n = v;
    return v >= 0x80 && len - *at >= v;
}

/* der_strict_prim checks the contents c[0..n-1] of a primitive value. */
static inline int der_strict_prim(uint8_t tag, const uint8_t *c, size_t n)
{
    switch (tag) {
    case 0x01:   /* BOOLEAN */
        return n == 1 && (c[0] == 0 || c[0] == 0xff);
    case 0x02:   /* INTEGER */
        return n > 0 && !(n > 1 && ((c[0] == 0 && c[1] < 0x80) || (c[0] == 0xff && c[1] >= 0x80)));
    case 0x03:   /* BIT STRING */
        return n > 0 && c[0] <= 7 && (n > 1 || c[0] == 0) &&
               (c[n - 1] & ((1u << c[0]) - 1)) == 0;
    case 0x05:   /* NULL */
        return n == 0;
    case 0x06:   /* OBJECT IDENTIFIER */
        if (n == 0 || (c[n - 1] & 0x80) != 0)
            return 0;
        for (size_t i = 0; i < n; i++)
            if (c[i] == 0x80 && (i == 0 || (c[i - 1] & 0x80) == 0))
                return 0;   /* a subidentifier with a leading zero group */
        return 1;
    default:
        return 1;
    }
}

/* der_strict_items checks that p[0..len-1] is a run of strict values. */
static inline int der_strict_items(const uint8_t *p, size_t len, int depth)
{
    size_t at = 0, n;

    if (depth > 32)
        return 0;
    while (at < len) {
        uint8_t tag = p[at++];
        if ((tag & 0x1f) == 0x1f || !der_strict_len(p, len, &at, &n))
            return 0;
        if ((tag & 0x20) != 0 ? !der_strict_items(p + at, n, depth + 1)
                              : !der_strict_prim(tag, p + at, n))
            return 0;
        at += n;
    }
    return 1;
}

/* der_strict returns 1 when der[0..len-1] is exactly one strict DER value. */
static inline int der_strict(const uint8_t *der, size_t len)
{
    size_t at = 1, n;

    return len >= 2 && der_strict_len(der, len, &at, &n) && at + n == len &&
           der_strict_items(der, len, 0);
}

#endif
