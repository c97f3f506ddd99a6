/*
 * src/ec/ed25519.c - Ed25519 (RFC 8032 section 5.1, pure): key expansion
 * and clamping, public keys, key generation, signing (5.1.6) and
 * verification (5.1.7) over SHA-512, and the "ed25519" primitive whose
 * implementations do the group arithmetic.
 *
 * Constant-time: public, keygen and sign are in the private key (SHA-512,
 * the fixed-base multiplication and the scalar arithmetic are); verify
 * handles public data only and is variable-time.
 */
#include <brisk/digest.h>
#include <brisk/rand.h>

#include "internal.h"

/* ---- The "ed25519" primitive ---- */

#ifdef BRISK_X25519_C64
static const brisk_ed25519_ops ed25519_ops_c64 = {brisk_ed25519_base_mul_c64,
                                                  brisk_ed25519_verify_mul_c64};
#endif
static const brisk_ed25519_ops ed25519_ops_c32 = {brisk_ed25519_base_mul_c32,
                                                  brisk_ed25519_verify_mul_c32};

static const brisk_impl ed25519_impls[] = {
#ifdef BRISK_X25519_C64
    {"c64", 0, 0, BRISK_IMPL_AUTO, &ed25519_ops_c64},
#endif
    {"c32", 0, 0, BRISK_IMPL_AUTO, &ed25519_ops_c32},
    {NULL, 0, 0, 0, NULL},
};
brisk_prim brisk_ed25519_prim = {.name = "ed25519", .impls = ed25519_impls};

/* ---- The functions ---- */

/* expand hashes priv into the clamped secret scalar s and the nonce
 * prefix (RFC 8032 section 5.1.5, steps 1 and 2). */
static void expand(uint8_t s[32], uint8_t prefix[32], const uint8_t priv[32])
{
    uint8_t h[64];

    brisk_sha512(h, priv, 32);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    memcpy(s, h, 32);
    memcpy(prefix, h + 32, 32);
    brisk_wipe(h, sizeof(h));
}

/* hash_reduce sets out = SHA-512(a || b || msg) mod L, b NULL for none. */
static void hash_reduce(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                        const uint8_t *msg, size_t msg_len)
{
    brisk_sha512_ctx ctx;
    uint8_t h[64];

    brisk_sha512_init(&ctx);
    brisk_sha512_update(&ctx, a, 32);
    if (b != NULL)
        brisk_sha512_update(&ctx, b, 32);
    if (msg_len > 0)
        brisk_sha512_update(&ctx, msg, msg_len);
    brisk_sha512_final(&ctx, h);
    brisk_ed25519_sc_reduce(out, h);
    brisk_wipe(h, sizeof(h));
    brisk_wipe(&ctx, sizeof(ctx));
}

int brisk_ed25519_public(uint8_t pub[32], const uint8_t priv[32])
{
    uint8_t s[32], prefix[32];

    if (pub == NULL || priv == NULL)
        return BRISK_EINVAL;
    expand(s, prefix, priv);
    brisk_ed25519_active()->base_mul(pub, s);
    brisk_wipe(s, sizeof(s));
    brisk_wipe(prefix, sizeof(prefix));
    return BRISK_EOK;
}

int brisk_ed25519_keygen(uint8_t priv[32], uint8_t pub[32])
{
    if (priv == NULL || pub == NULL)
        return BRISK_EINVAL;
    int err = brisk_random_bytes(priv, 32);
    if (err != BRISK_EOK) {
        brisk_wipe(priv, 32);
        memset(pub, 0, 32);
        return err;
    }
    return brisk_ed25519_public(pub, priv);
}

int brisk_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                       const uint8_t priv[32], const uint8_t pub[32])
{
    const brisk_ed25519_ops *ops;
    uint8_t s[32], prefix[32], a[32], r[32], rb[32], k[32], big_s[32];

    if (sig == NULL || priv == NULL || (msg == NULL && msg_len > 0))
        return BRISK_EINVAL;
    ops = brisk_ed25519_active();
    expand(s, prefix, priv);
    if (pub != NULL)
        memcpy(a, pub, 32);
    else
        ops->base_mul(a, s);
    hash_reduce(r, prefix, NULL, msg, msg_len); /* r (step 2) */
    ops->base_mul(rb, r);                       /* R = [r]B (step 3) */
    hash_reduce(k, rb, a, msg, msg_len);        /* k (step 4) */
    brisk_ed25519_sc_muladd(big_s, k, s, r);    /* S = r + k s (step 5) */
    memcpy(sig, rb, 32); /* sig may overlap msg: written last */
    memcpy(sig + 32, big_s, 32);
    brisk_wipe(s, sizeof(s));
    brisk_wipe(prefix, sizeof(prefix));
    brisk_wipe(r, sizeof(r));
    return BRISK_EOK;
}

int brisk_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                         const uint8_t pub[32])
{
    uint8_t k[32], r[32];

    if (sig == NULL || pub == NULL || (msg == NULL && msg_len > 0))
        return BRISK_EINVAL;
    if (!brisk_ed25519_sc_is_canonical(sig + 32))
        return BRISK_EVERIFY;
    hash_reduce(k, sig, pub, msg, msg_len);
    if (brisk_ed25519_active()->verify_mul(r, k, pub, sig + 32) != 0)
        return BRISK_EVERIFY;
    return memcmp(r, sig, 32) == 0 ? BRISK_EOK : BRISK_EVERIFY;
}
