/*
 * src/ec/ec_key.c - keys and ECDH on the NIST curves (brisk/ec.h): curve
 * names, private-key checks, key generation by rejection sampling (FIPS
 * 186-5 A.4.2), public keys d G, public-key validation (SEC 1 section
 * 3.2.2.1: on the curve, not the identity; the cofactor is 1) and ECDH
 * (SEC 1 section 3.3.1), over src/ec/nist.c.
 *
 * Constant-time in the private key: the range check folds into a mask and
 * only its verdict is branched on; d G and d Q are nist.c's constant-time
 * multiplications.  Public keys are checked in variable time.
 */
#include <brisk/rand.h>

#include "internal.h"

static const struct {
    brisk_ec_curve id;
    const char *name;
    size_t bits;
    const char *aliases[3];
} curve_names[] = {
    {BRISK_EC_P256, "P-256", 256, {"prime256v1", "secp256r1", NULL}},
    {BRISK_EC_P384, "P-384", 384, {"secp384r1", NULL, NULL}},
    {BRISK_EC_P521, "P-521", 521, {"secp521r1", NULL, NULL}},
};

size_t brisk_ec_bytes(brisk_ec_curve curve)
{
    size_t bits = brisk_ec_bits(curve);
    return (bits + 7) / 8;
}

size_t brisk_ec_bits(brisk_ec_curve curve)
{
    for (size_t i = 0; i < sizeof(curve_names) / sizeof(curve_names[0]); i++)
        if (curve_names[i].id == curve)
            return curve_names[i].bits;
    return 0;
}

brisk_ec_curve brisk_ec_curve_by_name(const char *name)
{
    for (size_t i = 0; i < sizeof(curve_names) / sizeof(curve_names[0]); i++)
        if (brisk_name_matches(name, curve_names[i].name, NULL, curve_names[i].aliases))
            return curve_names[i].id;
    return (brisk_ec_curve)0;
}

const char *brisk_ec_curve_name(brisk_ec_curve curve)
{
    for (size_t i = 0; i < sizeof(curve_names) / sizeof(curve_names[0]); i++)
        if (curve_names[i].id == curve)
            return curve_names[i].name;
    return NULL;
}

/* load_private loads priv into d and returns 1 when 1 <= d < n, the
 * verdict declassified (whether a key is valid is no secret). */
static int load_private(const ec_curve *c, uint64_t d[EC_MAX_LIMBS], const uint8_t *priv)
{
    brisk_ec_load_be(c, d, priv);
    int ok = (int)brisk_ec_scalar_ok(c, d);
    declassify(&ok, sizeof(ok));
    return ok;
}

int brisk_ec_check_private(brisk_ec_curve curve, const uint8_t *priv)
{
    const ec_curve *c = brisk_ec_get(curve);
    uint64_t d[EC_MAX_LIMBS];
    int ok;

    if (c == NULL || priv == NULL)
        return BRISK_EINVAL;
    ok = load_private(c, d, priv);
    wipe(d, sizeof(d));
    return ok ? BRISK_EOK : BRISK_EINVAL;
}

int brisk_ec_public(brisk_ec_curve curve, uint8_t *pub, const uint8_t *priv)
{
    const ec_curve *c = brisk_ec_get(curve);
    uint64_t d[EC_MAX_LIMBS];
    ec_affine q;

    if (c == NULL || pub == NULL || priv == NULL)
        return BRISK_EINVAL;
    if (!load_private(c, d, priv)) {
        wipe(d, sizeof(d));
        return BRISK_EINVAL;
    }
    brisk_ec_mul_base(c, &q, d);
    declassify(&q, sizeof(q));
    brisk_ec_point_encode(c, pub, &q);
    wipe(d, sizeof(d));
    return BRISK_EOK;
}

int brisk_ec_keygen(brisk_ec_curve curve, uint8_t *priv, uint8_t *pub)
{
    const ec_curve *c = brisk_ec_get(curve);
    int err = BRISK_ERANDOM;

    if (c == NULL || priv == NULL || pub == NULL)
        return BRISK_EINVAL;
    /* Rejection sampling: draw bytes, clear the bits above n's length,
     * retry when d is 0 or >= n (below 2^-32 of the time for these n). */
    for (int tries = 0; tries < 64; tries++) {
        if (brisk_random_bytes(priv, c->bytes) != BRISK_EOK)
            break;
        if (c->bits % 8 != 0)
            priv[0] &= (uint8_t)((1u << (c->bits % 8)) - 1);
        err = brisk_ec_public(curve, pub, priv);
        if (err != BRISK_EINVAL)
            break;
        err = BRISK_ERANDOM;
    }
    if (err != BRISK_EOK) {
        brisk_wipe(priv, c->bytes);
        memset(pub, 0, 1 + 2 * c->bytes);
    }
    return err;
}

int brisk_ec_check_public(brisk_ec_curve curve, const uint8_t *pub, size_t pub_len)
{
    const ec_curve *c = brisk_ec_get(curve);
    ec_affine q;

    if (c == NULL || pub == NULL)
        return BRISK_EINVAL;
    return brisk_ec_point_decode(c, &q, pub, pub_len);
}

int brisk_ec_point_decompress(brisk_ec_curve curve, uint8_t *out, const uint8_t *pub,
                              size_t pub_len)
{
    const ec_curve *c = brisk_ec_get(curve);
    ec_affine q;
    int err;

    if (c == NULL || pub == NULL || out == NULL)
        return BRISK_EINVAL;
    err = brisk_ec_point_decode(c, &q, pub, pub_len);
    if (err == BRISK_EOK)
        brisk_ec_point_encode(c, out, &q);
    return err;
}

int brisk_ecdh(brisk_ec_curve curve, uint8_t *out, const uint8_t *priv, const uint8_t *peer,
               size_t peer_len)
{
    const ec_curve *c = brisk_ec_get(curve);
    uint64_t d[EC_MAX_LIMBS], x[EC_MAX_LIMBS];
    ec_affine q, s;
    int err;

    if (c == NULL || out == NULL || priv == NULL || peer == NULL)
        return BRISK_EINVAL;
    err = brisk_ec_point_decode(c, &q, peer, peer_len);
    if (err != BRISK_EOK)
        return err;
    if (!load_private(c, d, priv)) {
        wipe(d, sizeof(d));
        return BRISK_EINVAL;
    }
    /* d in [1, n - 1] and q of prime order n: d q is never the identity */
    brisk_ec_mul(c, &s, d, &q);
    brisk_ec_fe_from_mont(c, x, s.x);
    brisk_ec_store_be(c, out, x);
    wipe(d, sizeof(d));
    wipe(x, sizeof(x));
    wipe(&s, sizeof(s));
    return BRISK_EOK;
}
