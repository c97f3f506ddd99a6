/*
 * src/ec/x448.c - X448 (RFC 7748 sections 5 and 6.2): the Montgomery
 * ladder over GF(2^448 - 2^224 - 1) (src/ec/f448.h) with a24 = 39081,
 * scalar clamping, the all-zero check on the shared secret, public keys,
 * key generation, and the "x448" primitive.  Its portable implementation
 * is the ladder of x448_ladder.h over the field it was compiled for
 * ("c64", radix 2^56, or "c32", radix 2^28 where there is no __int128);
 * on x86-64, "bmi2" (src/ec/x448_bmi2.c) runs the same ladder with the
 * field multiplication in mulx assembly.
 *
 * Constant-time: yes.  The ladder swaps with masks and never branches on
 * or indexes by the scalar; the zero check folds the output's bytes and
 * turns the result into the return code arithmetically.
 */
#include <brisk/rand.h>

#include "x448_ladder.h"

static void x448_ladder(uint8_t out[56], const uint8_t k[56], const uint8_t u[56])
{
    x448_ladder_with(out, k, u, f448_mul, f448_sqr);
}

/* ---- The "x448" primitive ---- */

static const brisk_x448_ops x448_ops = {x448_ladder};
#ifdef BRISK_X448_BMI2
static const brisk_x448_ops x448_ops_bmi2 = {brisk_x448_ladder_bmi2};
#endif

/* bmi2 first where the CPU has BMI2 (on the Zen 2 it was measured on, its
 * ladder takes 11% fewer cycles than c64's), then the portable one. */
static const brisk_impl x448_impls[] = {
#ifdef BRISK_X448_BMI2
    {"bmi2", BRISK_CPU_BMI2, 0, BRISK_IMPL_AUTO, &x448_ops_bmi2},
#endif
    {F448_IMPL, 0, 0, BRISK_IMPL_AUTO, &x448_ops},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_x448_prim = {.name = "x448", .impls = x448_impls};

/* ---- The functions ---- */

int brisk_x448(uint8_t out[56], const uint8_t scalar[56], const uint8_t u[56])
{
    uint8_t k[56], pt[56], acc = 0;

    if (out == NULL || scalar == NULL || u == NULL)
        return BRISK_EINVAL;
    memcpy(k, scalar, 56);
    memcpy(pt, u, 56); /* out may alias u */
    k[0] &= 252;
    k[55] |= 128;
    brisk_x448_active()->ladder(out, k, pt);
    brisk_wipe(k, sizeof(k));
    for (int i = 0; i < 56; i++)
        acc |= out[i];
    /* zero is 1 exactly when every byte was 0. */
    uint32_t zero = ((uint32_t)acc - 1) >> 31;
    return BRISK_EINVAL * (int)ct_barrier32(zero);
}

int brisk_x448_public(uint8_t pub[56], const uint8_t priv[56])
{
    static const uint8_t base[56] = {5};

    if (pub == NULL || priv == NULL)
        return BRISK_EINVAL;
    /* The base point's order is the prime q near 2^446: the result is zero
     * only for the clamped scalar 4q, which RFC 7748's own keys never are. */
    return brisk_x448(pub, priv, base);
}

int brisk_x448_keygen(uint8_t priv[56], uint8_t pub[56])
{
    if (priv == NULL || pub == NULL)
        return BRISK_EINVAL;
    int err = brisk_random_bytes(priv, 56);
    if (err != BRISK_EOK) {
        brisk_wipe(priv, 56);
        memset(pub, 0, 56);
        return err;
    }
    priv[0] &= 252;
    priv[55] |= 128;
    return brisk_x448_public(pub, priv);
}
