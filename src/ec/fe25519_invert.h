/*
 * src/ec/fe25519_invert.h - inversion in GF(2^255 - 19), written once for
 * every representation of the field: included (no include guard, on
 * purpose) after a field's fe type, fe_mul, fe_sqr, fe_tobytes and
 * fe_frombytes, it adds fe_sqr_n and fe_invert over them (fe25519_c64.h,
 * fe25519_c32.h, x25519_adx.c).
 *
 * fe_invert runs src/ec/safegcd.c's division steps where the compiler has
 * a 128-bit integer, on the fully reduced z in four 64-bit words (the
 * round trip through bytes costs some 20 cycles), and Fermat's chain of
 * 254 dependent squarings and 11 multiplications elsewhere (i686).  On the
 * Zen 5 of docs/performance.md (family 26 model 2) the division steps took
 * an Ed25519 signature (radix 2^51) from 27.2k to 22.3k TSC cycles; on a
 * Zen 4 the adx X25519 ladder from 71k to 69k.
 *
 * Constant-time: the division steps are (see safegcd.c), and so is a
 * fixed chain of squarings and multiplications.
 */

/* fe_sqr_n sets r = a^(2^n), n >= 1. */
static inline void fe_sqr_n(fe r, const fe a, int n)
{
    fe_sqr(r, a);
    while (--n > 0)
        fe_sqr(r, r);
}

#ifdef BRISK_EC_SAFEGCD

/* fe_invert sets r = 1 / z (0 for z = 0). */
static inline void fe_invert(fe r, const fe z)
{
    static const uint64_t p25519[4] = {0xffffffffffffffedu, 0xffffffffffffffffu,
                                       0xffffffffffffffffu, 0x7fffffffffffffffu};
    uint8_t s[32];

    fe_tobytes(s, z); /* below p, as brisk_ec_modinv_le asks */
    brisk_ec_modinv_le(s, p25519, 4, 256);
    fe_frombytes(r, s);
    brisk_wipe(s, sizeof(s));
}

#else

/* fe_invert sets r = z^(p - 2) = 1 / z (0 for z = 0), with the usual chain
 * of 254 squarings and 11 multiplications (curve25519-donna). */
static inline void fe_invert(fe r, const fe z)
{
    fe z2, z9, z11, z2_5_0, z2_10_0, z2_20_0, z2_50_0, z2_100_0, t;

    fe_sqr(z2, z);               /* 2 */
    fe_sqr_n(t, z2, 2);          /* 8 */
    fe_mul(z9, t, z);            /* 9 */
    fe_mul(z11, z9, z2);         /* 11 */
    fe_sqr(t, z11);              /* 22 */
    fe_mul(z2_5_0, t, z9);       /* 2^5 - 1 */
    fe_sqr_n(t, z2_5_0, 5);
    fe_mul(z2_10_0, t, z2_5_0);  /* 2^10 - 1 */
    fe_sqr_n(t, z2_10_0, 10);
    fe_mul(z2_20_0, t, z2_10_0); /* 2^20 - 1 */
    fe_sqr_n(t, z2_20_0, 20);
    fe_mul(t, t, z2_20_0);       /* 2^40 - 1 */
    fe_sqr_n(t, t, 10);
    fe_mul(z2_50_0, t, z2_10_0); /* 2^50 - 1 */
    fe_sqr_n(t, z2_50_0, 50);
    fe_mul(z2_100_0, t, z2_50_0); /* 2^100 - 1 */
    fe_sqr_n(t, z2_100_0, 100);
    fe_mul(t, t, z2_100_0);      /* 2^200 - 1 */
    fe_sqr_n(t, t, 50);
    fe_mul(t, t, z2_50_0);       /* 2^250 - 1 */
    fe_sqr_n(t, t, 5);           /* 2^255 - 32 */
    fe_mul(r, t, z11);           /* 2^255 - 21 = p - 2 */
}

#endif
