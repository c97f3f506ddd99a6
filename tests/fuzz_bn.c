/*
 * tests/fuzz_bn.c - libFuzzer target: the bignum functions against
 * OpenSSL's BN on operands the fuzzer shapes (widths with leading zero
 * limbs, runs of all-ones limbs, zero, one, m - 1), under every bignum
 * implementation.  test_diff_bn covers random operands; this one reaches
 * the edges random operands almost never do.  Built by clang with
 * -DBRISK_FUZZ=ON; run through scripts/fuzz.
 *
 * Input: an operation byte, an implementation byte, then up to three
 * operands a, b, m, each a length byte (bit 7 set: (length & 127) * 8
 * bytes) and that many big-endian bytes.  Outside an operation's documented
 * domain only the verdict is compared (BRISK_EINVAL exactly when OpenSSL
 * would refuse or the result would not fit).
 */
#include <brisk/brisk.h>
#include <openssl/bn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OUT_BYTES = BRISK_BN_MAX_BITS / 8 };

static const char *const impls[] = {"c", "adx", "ifma"};
static BN_CTX *bn_ctx;
static int op;

static void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz_bn: operation %d, bn=%s: %s\n", op, brisk_impl_active("bn"), what);
    abort();
}

/* take reads one operand into b and o. */
static void take(const uint8_t **p, size_t *n, brisk_bn *b, BIGNUM *o)
{
    size_t len = 0;
    if (*n > 0) {
        len = (*p)[0] & 0x80 ? (size_t)((*p)[0] & 0x7f) * 8 : (*p)[0];
        (*p)++, (*n)--;
        len = len < *n ? len : *n;
    }
    if (brisk_bn_from_bytes(b, *p, len) != BRISK_EOK || BN_bin2bn(*p, (int)len, o) == NULL)
        fuzz_fail("operand");
    *p += len, *n -= len;
}

/* same checks that b equals o. */
static void same(const brisk_bn *b, const BIGNUM *o, const char *what)
{
    static uint8_t x[OUT_BYTES], y[OUT_BYTES];
    int len = BN_num_bytes(o);
    if (len > OUT_BYTES || brisk_bn_to_bytes(x, OUT_BYTES, b) != BRISK_EOK)
        fuzz_fail(what);
    memset(y, 0, sizeof(y));
    BN_bn2bin(o, y + OUT_BYTES - len);
    if (memcmp(x, y, OUT_BYTES) != 0)
        fuzz_fail(what);
}

/* verdict checks that err is BRISK_EOK exactly when ok. */
static void verdict(int err, int ok, const char *what)
{
    if ((err == BRISK_EOK) != ok)
        fuzz_fail(what);
}

static void modular(const brisk_bn *a, const brisk_bn *b, const brisk_bn *m, const BIGNUM *oa,
                    const BIGNUM *ob, const BIGNUM *om, BIGNUM *want)
{
    static brisk_bn r;
    static brisk_bn_mont mont;
    BIGNUM *t = BN_new(), *g = BN_new();

    verdict(brisk_bn_mont_init(&mont, m), BN_is_odd(om) && !BN_is_one(om), "mont_init");
    if (!BN_is_odd(om) || BN_is_one(om) || BN_cmp(oa, om) >= 0)
        goto out;
    switch (op) {
    case 9:
        verdict(brisk_bn_mod_exp(&r, a, b, &mont), 1, "mod_exp");
        BN_mod_exp(want, oa, ob, om, bn_ctx);
        same(&r, want, "mod_exp");
        break;
    case 10:
        verdict(brisk_bn_mod_exp_public(&r, a, b, &mont), 1, "mod_exp_public");
        BN_mod_exp(want, oa, ob, om, bn_ctx);
        same(&r, want, "mod_exp_public");
        break;
    case 11: /* a^b b^a */
        if (BN_cmp(ob, om) >= 0)
            break;
        verdict(brisk_bn_mod_exp2_public(&r, a, b, b, a, &mont), 1, "mod_exp2_public");
        BN_mod_exp(t, oa, ob, om, bn_ctx);
        BN_mod_exp(g, ob, oa, om, bn_ctx);
        BN_mod_mul(want, t, g, om, bn_ctx);
        same(&r, want, "mod_exp2_public");
        break;
    default: {
        BN_gcd(g, oa, om, bn_ctx);
        int inv = !BN_is_zero(oa) && BN_is_one(g);
        verdict(brisk_bn_mod_inverse(&r, a, m), inv, "mod_inverse verdict");
        if (inv) {
            BN_mod_inverse(want, oa, om, bn_ctx);
            same(&r, want, "mod_inverse");
        }
    }
    }
out:
    BN_free(t);
    BN_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static brisk_bn a, b, m, r, r2;
    static uint8_t out[OUT_BYTES + 8], want_bytes[OUT_BYTES + 8];
    BIGNUM *oa, *ob, *om, *want, *t;
    const uint8_t *p;
    size_t n;

    if (size < 2)
        return 0;
    p = data + 2, n = size - 2;
    if (bn_ctx == NULL)
        bn_ctx = BN_CTX_new();
    op = data[0] % 15;
    if (brisk_impl_set("bn", impls[data[1] % 3]) != BRISK_EOK)
        return 0; /* not on this CPU */
    oa = BN_new(), ob = BN_new(), om = BN_new(), want = BN_new(), t = BN_new();
    take(&p, &n, &a, oa);
    take(&p, &n, &b, ob);
    take(&p, &n, &m, om);
    switch (op) {
    case 0:
        BN_add(want, oa, ob);
        verdict(brisk_bn_add(&r, &a, &b), BN_num_bits(want) <= BRISK_BN_MAX_BITS, "add verdict");
        if (BN_num_bits(want) <= BRISK_BN_MAX_BITS)
            same(&r, want, "add");
        break;
    case 1:
        verdict(brisk_bn_sub(&r, &a, &b), BN_cmp(oa, ob) >= 0, "sub verdict");
        if (BN_cmp(oa, ob) >= 0 && BN_sub(want, oa, ob))
            same(&r, want, "sub");
        break;
    case 2:
        if (a.n + b.n > BRISK_BN_MAX_LIMBS)
            break; /* the product's width would not fit, whatever its value */
        verdict(brisk_bn_mul(&r, &a, &b), 1, "mul verdict");
        BN_mul(want, oa, ob, bn_ctx);
        same(&r, want, "mul");
        break;
    case 3:
        verdict(brisk_bn_mod(&r, &a, &m), !BN_is_zero(om), "mod verdict");
        if (!BN_is_zero(om) && BN_mod(want, oa, om, bn_ctx))
            same(&r, want, "mod");
        break;
    case 4:
        verdict(brisk_bn_div(&r, &r2, &a, &m), !BN_is_zero(om), "div verdict");
        if (!BN_is_zero(om) && BN_div(want, t, oa, om, bn_ctx)) {
            same(&r, want, "div quotient");
            same(&r2, t, "div remainder");
        }
        break;
    case 5:
    case 6:
    case 7:
        if (BN_is_zero(om) || BN_cmp(oa, om) >= 0 || BN_cmp(ob, om) >= 0)
            break;
        if (op == 5) {
            verdict(brisk_bn_mod_add(&r, &a, &b, &m), 1, "mod_add");
            BN_mod_add(want, oa, ob, om, bn_ctx);
        } else if (op == 6) {
            verdict(brisk_bn_mod_sub(&r, &a, &b, &m), 1, "mod_sub");
            BN_mod_sub(want, oa, ob, om, bn_ctx);
        } else {
            verdict(brisk_bn_mod_mul(&r, &a, &b, &m), 1, "mod_mul");
            BN_mod_mul(want, oa, ob, om, bn_ctx);
        }
        same(&r, want, "modular add, sub or mul");
        break;
    case 8:
        if (brisk_bn_gcd(&r, &a, &b) == BRISK_EOK && BN_gcd(want, oa, ob, bn_ctx))
            same(&r, want, "gcd");
        break;
    case 9:
    case 10:
    case 11:
    case 12:
        modular(&a, &b, &m, oa, ob, om, want);
        break;
    case 13: { /* to_bytes into m's low bits worth of bytes */
        size_t len = m.n > 0 ? (size_t)(m.d[0] % (OUT_BYTES + 8)) : 0;
        int fits = (size_t)BN_num_bytes(oa) <= len;
        verdict(brisk_bn_to_bytes(out, len, &a), fits, "to_bytes verdict");
        if (fits && BN_bn2binpad(oa, want_bytes, (int)len) == (int)len &&
            memcmp(out, want_bytes, len) != 0)
            fuzz_fail("to_bytes");
        break;
    }
    default: {
        int prime = -1;
        if (!BN_is_zero(oa) &&
            (brisk_bn_is_probable_prime(&a, 0, &prime) != BRISK_EOK ||
             prime != BN_check_prime(oa, bn_ctx, NULL)))
            fuzz_fail("is_probable_prime");
    }
    }
    BN_free(oa), BN_free(ob), BN_free(om), BN_free(want), BN_free(t);
    return 0;
}
