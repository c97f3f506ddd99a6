/*
 * src/ec/ed25519.c - Ed25519 (RFC 8032 section 5.1): key expansion and
 * clamping, public keys, key generation, signing (5.1.6) and verification
 * (5.1.7) over SHA-512 for pure Ed25519 and its variants Ed25519ctx and
 * Ed25519ph (the dom2(phflag, ctx) prefix of section 5.1 before each hash,
 * and for ph the message's SHA-512, computed here or by the caller of the
 * _digest functions, in place of the message), and the
 * "ed25519" primitive whose implementations do the group arithmetic.
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

/* The dom2(phflag, ctx) prefix (RFC 8032 section 5.1): empty for pure
 * Ed25519, else "SigEd25519 no Ed25519 collisions", phflag, the context's
 * length and the context. */
#define DOM2_TAG "SigEd25519 no Ed25519 collisions"
#define DOM2_TAG_LEN 32
#define DOM2_MAX (DOM2_TAG_LEN + 2 + 255)

typedef struct dom2 {
    uint8_t bytes[DOM2_MAX];
    size_t len;
} dom2;

/* dom2_set fills d for phflag and the ctx_len bytes at ctx (at most 255). */
static void dom2_set(dom2 *d, int phflag, const uint8_t *ctx, size_t ctx_len)
{
    memcpy(d->bytes, DOM2_TAG, DOM2_TAG_LEN);
    d->bytes[DOM2_TAG_LEN] = (uint8_t)phflag;
    d->bytes[DOM2_TAG_LEN + 1] = (uint8_t)ctx_len;
    if (ctx_len > 0)
        memcpy(d->bytes + DOM2_TAG_LEN + 2, ctx, ctx_len);
    d->len = DOM2_TAG_LEN + 2 + ctx_len;
}

/* hash_reduce sets out = SHA-512(dom || a || b || msg) mod L, dom NULL for
 * pure Ed25519's empty prefix, b NULL for none. */
static void hash_reduce(uint8_t out[32], const dom2 *dom, const uint8_t a[32],
                        const uint8_t b[32], const uint8_t *msg, size_t msg_len)
{
    brisk_sha512_ctx ctx;
    uint8_t h[64];

    brisk_sha512_init(&ctx);
    if (dom != NULL)
        brisk_sha512_update(&ctx, dom->bytes, dom->len);
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

/* sign_dom is RFC 8032 5.1.6 with the prefix dom (NULL for pure Ed25519)
 * over msg, the message or for ph its hash; its arguments are checked. */
static void sign_dom(uint8_t sig[64], const dom2 *dom, const uint8_t *msg, size_t msg_len,
                     const uint8_t priv[32], const uint8_t pub[32])
{
    const brisk_ed25519_ops *ops;
    uint8_t s[32], prefix[32], a[32], r[32], rb[32], k[32], big_s[32];

    ops = brisk_ed25519_active();
    expand(s, prefix, priv);
    if (pub != NULL)
        memcpy(a, pub, 32);
    else
        ops->base_mul(a, s);
    hash_reduce(r, dom, prefix, NULL, msg, msg_len); /* r (step 2) */
    ops->base_mul(rb, r);                            /* R = [r]B (step 3) */
    hash_reduce(k, dom, rb, a, msg, msg_len);        /* k (step 4) */
    brisk_ed25519_sc_muladd(big_s, k, s, r);         /* S = r + k s (step 5) */
    memcpy(sig, rb, 32); /* sig may overlap msg: written last */
    memcpy(sig + 32, big_s, 32);
    brisk_wipe(s, sizeof(s));
    brisk_wipe(prefix, sizeof(prefix));
    brisk_wipe(r, sizeof(r));
}

/* verify_dom is RFC 8032 5.1.7 with the prefix dom (NULL for pure
 * Ed25519) over msg; its arguments are checked. */
static int verify_dom(const uint8_t sig[64], const dom2 *dom, const uint8_t *msg, size_t msg_len,
                      const uint8_t pub[32])
{
    uint8_t k[32], r[32];

    if (!brisk_ed25519_sc_is_canonical(sig + 32))
        return BRISK_EVERIFY;
    hash_reduce(k, dom, sig, pub, msg, msg_len);
    if (brisk_ed25519_active()->verify_mul(r, k, pub, sig + 32) != 0)
        return BRISK_EVERIFY;
    return memcmp(r, sig, 32) == 0 ? BRISK_EOK : BRISK_EVERIFY;
}

int brisk_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                       const uint8_t priv[32], const uint8_t pub[32])
{
    if (sig == NULL || priv == NULL || (msg == NULL && msg_len > 0))
        return BRISK_EINVAL;
    sign_dom(sig, NULL, msg, msg_len, priv, pub);
    return BRISK_EOK;
}

int brisk_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                         const uint8_t pub[32])
{
    if (sig == NULL || pub == NULL || (msg == NULL && msg_len > 0))
        return BRISK_EINVAL;
    return verify_dom(sig, NULL, msg, msg_len, pub);
}

/* bad_args is 1 when msg or ctx is NULL with a length, or ctx_len is over
 * 255 or (need_ctx, for Ed25519ctx) 0. */
static int bad_args(const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                    int need_ctx)
{
    return (msg == NULL && msg_len > 0) || (ctx == NULL && ctx_len > 0) || ctx_len > 255 ||
           (need_ctx && ctx_len == 0);
}

int brisk_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                          const uint8_t *ctx, size_t ctx_len, const uint8_t priv[32],
                          const uint8_t pub[32])
{
    dom2 dom;

    if (sig == NULL || priv == NULL || bad_args(msg, msg_len, ctx, ctx_len, 1))
        return BRISK_EINVAL;
    dom2_set(&dom, 0, ctx, ctx_len);
    sign_dom(sig, &dom, msg, msg_len, priv, pub);
    return BRISK_EOK;
}

int brisk_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                            const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32])
{
    dom2 dom;

    if (sig == NULL || pub == NULL || bad_args(msg, msg_len, ctx, ctx_len, 1))
        return BRISK_EINVAL;
    dom2_set(&dom, 0, ctx, ctx_len);
    return verify_dom(sig, &dom, msg, msg_len, pub);
}

/* The message functions hash, then sign or verify through the digest
 * ones: one Ed25519ph path.  A NULL message with a length is refused
 * before it is hashed; the digest functions check the rest. */
int brisk_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                         const uint8_t *ctx, size_t ctx_len, const uint8_t priv[32],
                         const uint8_t pub[32])
{
    uint8_t ph[64];

    if (msg == NULL && msg_len > 0)
        return BRISK_EINVAL;
    brisk_sha512(ph, msg, msg_len);
    return brisk_ed25519ph_sign_digest(sig, ph, sizeof(ph), ctx, ctx_len, priv, pub);
}

int brisk_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                           const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32])
{
    uint8_t ph[64];

    if (msg == NULL && msg_len > 0)
        return BRISK_EINVAL;
    brisk_sha512(ph, msg, msg_len);
    return brisk_ed25519ph_verify_digest(sig, ph, sizeof(ph), ctx, ctx_len, pub);
}

int brisk_ed25519ph_sign_digest(uint8_t sig[64], const uint8_t *digest, size_t digest_len,
                                const uint8_t *ctx, size_t ctx_len, const uint8_t priv[32],
                                const uint8_t pub[32])
{
    dom2 dom;

    if (sig == NULL || priv == NULL || digest == NULL || digest_len != 64 ||
        bad_args(digest, digest_len, ctx, ctx_len, 0))
        return BRISK_EINVAL;
    dom2_set(&dom, 1, ctx, ctx_len);
    sign_dom(sig, &dom, digest, digest_len, priv, pub);
    return BRISK_EOK;
}

int brisk_ed25519ph_verify_digest(const uint8_t sig[64], const uint8_t *digest,
                                  size_t digest_len, const uint8_t *ctx, size_t ctx_len,
                                  const uint8_t pub[32])
{
    dom2 dom;

    if (sig == NULL || pub == NULL || digest == NULL || digest_len != 64 ||
        bad_args(digest, digest_len, ctx, ctx_len, 0))
        return BRISK_EINVAL;
    dom2_set(&dom, 1, ctx, ctx_len);
    return verify_dom(sig, &dom, digest, digest_len, pub);
}
