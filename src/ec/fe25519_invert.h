/*
 * src/ec/fe25519_invert.h - inversion in GF(2^255 - 19) by Fermat's little
 * theorem, written once for every representation of the field: included
 * (no include guard, on purpose) after a field's fe type, fe_mul and
 * fe_sqr, it adds fe_sqr_n and fe_invert over them (fe25519_c64.h,
 * fe25519_c32.h).  x25519_adx.c inverts by division steps instead.
 *
 * Constant-time: a fixed chain of squarings and multiplications.
 */

/* fe_sqr_n sets r = a^(2^n), n >= 1. */
static inline void fe_sqr_n(fe r, const fe a, int n)
{
    fe_sqr(r, a);
    while (--n > 0)
        fe_sqr(r, r);
}

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
