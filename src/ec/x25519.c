/*
 * src/ec/x25519.c - X25519 (RFC 7748 sections 5 and 6.1): scalar clamping,
 * the all-zero check on the shared secret, public keys, key generation,
 * and the "x25519" primitive whose implementations run the ladder.
 *
 * Constant-time: yes; the zero check folds the output's bytes and turns the
 * result into the return code arithmetically.
 */
#include <brisk/rand.h>

#include "internal.h"

/* ---- The "x25519" primitive ---- */

/* adx first where the CPU has BMI2 and ADX (faster than c64 on the Zen 2
 * it was measured on), then the widest portable one. */
#ifdef BRISK_X86_64
static const brisk_x25519_ops x25519_ops_adx = {brisk_x25519_ladder_adx};
#endif
#ifdef BRISK_X25519_C64
static const brisk_x25519_ops x25519_ops_c64 = {brisk_x25519_ladder_c64};
#endif
static const brisk_x25519_ops x25519_ops_c32 = {brisk_x25519_ladder_c32};

static const brisk_impl x25519_impls[] = {
#ifdef BRISK_X86_64
    {"adx", BRISK_CPU_BMI2 | BRISK_CPU_ADX, 0, BRISK_IMPL_AUTO, &x25519_ops_adx},
#endif
#ifdef BRISK_X25519_C64
    {"c64", 0, 0, BRISK_IMPL_AUTO, &x25519_ops_c64},
#endif
    {"c32", 0, 0, BRISK_IMPL_AUTO, &x25519_ops_c32},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_x25519_prim = {.name = "x25519", .impls = x25519_impls};

/* ---- The functions ---- */

int brisk_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    uint8_t k[32], pt[32], acc = 0;

    if (out == NULL || scalar == NULL || u == NULL)
        return BRISK_EINVAL;
    memcpy(k, scalar, 32);
    memcpy(pt, u, 32); /* out may alias u */
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    brisk_x25519_active()->ladder(out, k, pt);
    brisk_wipe(k, sizeof(k));
    for (int i = 0; i < 32; i++)
        acc |= out[i];
    /* zero is 1 exactly when every byte was 0. */
    uint32_t zero = ((uint32_t)acc - 1) >> 31;
    return BRISK_EINVAL * (int)ct_barrier32(zero);
}

int brisk_x25519_public(uint8_t pub[32], const uint8_t priv[32])
{
    static const uint8_t base[32] = {9};

    if (pub == NULL || priv == NULL)
        return BRISK_EINVAL;
    /* The base point has order 8 times a large prime and a clamped scalar
     * is a nonzero multiple of 8 below it: the result is never zero. */
    return brisk_x25519(pub, priv, base);
}

int brisk_x25519_keygen(uint8_t priv[32], uint8_t pub[32])
{
    if (priv == NULL || pub == NULL)
        return BRISK_EINVAL;
    int err = brisk_random_bytes(priv, 32);
    if (err != BRISK_EOK) {
        brisk_wipe(priv, 32);
        memset(pub, 0, 32);
        return err;
    }
    priv[0] &= 248;
    priv[31] &= 127;
    priv[31] |= 64;
    return brisk_x25519_public(pub, priv);
}
