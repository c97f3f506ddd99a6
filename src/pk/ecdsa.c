/*
 * src/pk/ecdsa.c - ECDSA (FIPS 186-5 section 6.4) on P-256, P-384 and
 * P-521 over src/ec/nist.c: signing with RFC 6979 nonces (section 3.2,
 * hedged with section 3.6's k' unless asked for the deterministic form),
 * each signature checked before release, verification with r and s in
 * [1, n - 1], raw r || s (IEEE P1363) and DER (SEQUENCE { r, s }, strict
 * on input, as in src/pk/dsa_der.c).
 *
 * Constant-time in the private key and the nonce: k G by the fixed-base
 * table's masked scans, s = k^-1 (z + r d) by Montgomery products mod n
 * and k^-1 = k^(n-2).  Signing decides only whether a nonce candidate is
 * in [1, n - 1] and whether r or s is zero; those values are declassified
 * first for the valgrind test (tests/ct_ec.c).  Verification is
 * variable-time: everything in it is public.
 *
 * The check before release recomputes R from the signature rather than
 * from k: with w = s^-1 (from the same inversion as k^-1, by Montgomery's
 * trick), (z + r d) w is k when nothing went wrong, so
 * x((z + r d) w G) mod n = r is the verification equation u1 G + u2 Q
 * with Q = d G folded in, at the cost of one fixed-base multiplication.
 * A fault in k G or in s (a glitch) would otherwise publish a signature
 * that, with a good one for the same nonce, gives d away.
 */
#include <brisk/ec.h>
#include <brisk/rand.h>

#include "../ec/internal.h"
#include "internal.h"

#define ECDSA_MAX_TRIES 256

/* bits2int is RFC 6979 section 2.3.2 (FIPS 186-5's leftmost min(N, hlen)
 * bits): the first min(in_len, bytes) bytes of in as a number, shifted
 * right to n's bit length when longer (P-521: 7 bits).  Constant-time in
 * the content of in. */
static void bits2int(const ec_curve *c, uint64_t r[EC_MAX_LIMBS], const uint8_t *in,
                     size_t in_len)
{
    size_t len = in_len < c->bytes ? in_len : c->bytes, shift;

    for (size_t j = 0; j < EC_MAX_LIMBS; j++)
        r[j] = 0;
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i;
        r[pos / 8] |= (uint64_t)in[i] << (8 * (pos % 8));
    }
    if (8 * len <= c->bits)
        return;
    shift = 8 * len - c->bits; /* below 8 */
    for (size_t j = 0; j < c->n_limbs; j++)
        r[j] = (r[j] >> shift) | (j + 1 < c->n_limbs ? r[j + 1] << (64 - shift) : 0);
}

/* digest_z sets z = bits2int(dgst) mod n (z < 2^bits < 2 n). */
static void digest_z(const ec_curve *c, uint64_t z[EC_MAX_LIMBS], const uint8_t *dgst,
                     size_t dgst_len)
{
    bits2int(c, z, dgst, dgst_len);
    brisk_ec_reduce_once(c, &c->n, z);
}

/* x_mod_n sets r = x(pt) mod n, in normal form (x < p < 2 n). */
static void x_mod_n(const ec_curve *c, uint64_t r[EC_MAX_LIMBS], const ec_affine *pt)
{
    brisk_ec_fe_from_mont(c, r, pt->x);
    brisk_ec_reduce_once(c, &c->n, r);
}

static int is_zero(const ec_curve *c, const uint64_t *a)
{
    uint64_t acc = 0;
    for (size_t j = 0; j < c->n_limbs; j++)
        acc |= a[j];
    return acc == 0;
}

/* The secrets of one signature, wiped in one go. */
typedef struct sign_work {
    brisk_rfc6979 drbg;
    uint8_t h_oct[BRISK_EC_MAX_BYTES], t[BRISK_EC_MAX_BYTES], extra[BRISK_RFC6979_EXTRA_LEN];
    uint64_t d[EC_MAX_LIMBS], k[EC_MAX_LIMBS], km[EC_MAX_LIMBS], kinv[EC_MAX_LIMBS],
        sinv[EC_MAX_LIMBS], sum[EC_MAX_LIMBS], rm[EC_MAX_LIMBS], u[EC_MAX_LIMBS];
    ec_affine pt;
} sign_work;

/* sum_zrd sets w->sum = z + r d mod n (normal form). */
static void sum_zrd(const ec_curve *c, sign_work *w, const uint64_t *r, const uint64_t *z)
{
    brisk_ec_sc_mul(c, w->rm, r, c->n.rr);    /* r R */
    brisk_ec_sc_mul(c, w->sum, w->rm, w->d);  /* r d */
    brisk_ec_sc_add(c, w->sum, w->sum, z);
}

/* sign_with_k computes r and s for the nonce in w->k (in [1, n - 1]); 0
 * when both are non-zero, else -1 (try the next candidate). */
static int sign_with_k(const ec_curve *c, sign_work *w, uint64_t *r, uint64_t *s,
                       const uint64_t *z)
{
    brisk_ec_mul_base(c, &w->pt, w->k);
    x_mod_n(c, r, &w->pt);
    declassify(r, EC_MAX_LIMBS * sizeof(uint64_t));
    if (is_zero(c, r))
        return -1;
    sum_zrd(c, w, r, z);
    /* One inversion gives both k^-1 and s^-1 (Montgomery's trick):
     * inv = (k sum)^-1, k^-1 = inv sum, s^-1 = k sum^-1 = inv k^2. */
    brisk_ec_sc_mul(c, w->km, w->k, c->n.rr);    /* k R */
    brisk_ec_sc_mul(c, w->rm, w->sum, c->n.rr);  /* sum R */
    brisk_ec_sc_mul(c, w->u, w->km, w->rm);      /* k sum R */
    brisk_ec_sc_inv(c, w->u, w->u);              /* (k sum)^-1 R */
    brisk_ec_sc_mul(c, w->kinv, w->u, w->rm);    /* k^-1 R */
    brisk_ec_sc_mul(c, w->sinv, w->u, w->km);    /* sum^-1 R */
    brisk_ec_sc_mul(c, w->sinv, w->sinv, w->km); /* s^-1 R */
    brisk_ec_sc_mul(c, s, w->kinv, w->sum);      /* k^-1 (z + r d) */
    declassify(s, EC_MAX_LIMBS * sizeof(uint64_t));
    return is_zero(c, s) ? -1 : 0;
}

/* check_rs is the check before release (see the top of this file): x((z +
 * r d) s^-1 G) mod n == r, z + r d computed again and s^-1 from
 * sign_with_k's one inversion (a fault in that inversion makes s^-1 and
 * k^-1 disagree, and the check fail). */
static int check_rs(const ec_curve *c, sign_work *w, const uint64_t *r, const uint64_t *z)
{
    uint64_t ok;

    sum_zrd(c, w, r, z);
    brisk_ec_sc_mul(c, w->u, w->sinv, w->sum); /* (z + r d) s^-1 */
    ok = brisk_ec_mul_base_check(c, r, w->u);
    declassify(&ok, sizeof(ok));
    return ok ? 0 : -1;
}

/* sign_loop draws RFC 6979 nonces until one gives non-zero r and s. */
static int sign_loop(const ec_curve *c, sign_work *w, uint64_t *r, uint64_t *s,
                     const uint64_t *z)
{
    for (int tries = 0; tries < ECDSA_MAX_TRIES; tries++) {
        brisk_rfc6979_generate(&w->drbg, w->t, c->bytes);
        bits2int(c, w->k, w->t, c->bytes);
        int ok = (int)brisk_ec_scalar_ok(c, w->k);
        declassify(&ok, sizeof(ok));
        if (ok && sign_with_k(c, w, r, s, z) == 0)
            return BRISK_EOK;
        brisk_rfc6979_rekey(&w->drbg, 0x00, NULL, NULL, 0, NULL); /* step h.3 */
    }
    return BRISK_EINVAL;
}

static int sign_raw(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig, size_t sig_len,
                    const brisk_digest *md, const uint8_t *dgst, size_t dgst_len, int hedged)
{
    const ec_curve *c = brisk_ec_get(curve);
    uint64_t z[EC_MAX_LIMBS], r[EC_MAX_LIMBS], s[EC_MAX_LIMBS];
    sign_work w;
    int err = BRISK_EOK, ok;

    if (c == NULL || priv == NULL || sig == NULL || md == NULL || md->digest_len == 0 ||
        md->digest_len > BRISK_DIGEST_MAX_LEN || (dgst == NULL && dgst_len != 0) ||
        sig_len != 2 * c->bytes)
        return BRISK_EINVAL;
    brisk_ec_load_be(c, w.d, priv);
    ok = (int)brisk_ec_scalar_ok(c, w.d);
    declassify(&ok, sizeof(ok));
    if (!ok) {
        wipe(&w, sizeof(w));
        return BRISK_EINVAL;
    }
    /* z = bits2int(h1) mod n; bits2octets(h1) = int2octets(z); int2octets(d)
     * is priv itself, exactly bytes long */
    digest_z(c, z, dgst, dgst_len);
    brisk_ec_store_be(c, w.h_oct, z);
    if (hedged)
        err = brisk_random_bytes(w.extra, BRISK_RFC6979_EXTRA_LEN);
    if (err == BRISK_EOK) {
        brisk_rfc6979_init(&w.drbg, md, priv, w.h_oct, c->bytes, hedged ? w.extra : NULL);
        err = sign_loop(c, &w, r, s, z);
    }
    if (err == BRISK_EOK && check_rs(c, &w, r, z) != 0)
        err = BRISK_EVERIFY;
    if (err == BRISK_EOK) {
        brisk_ec_store_be(c, sig, r);
        brisk_ec_store_be(c, sig + c->bytes, s);
    }
    brisk_hmac_cleanup(&w.drbg.hmac);
    wipe(&w, sizeof(w));
    return err;
}

int brisk_ecdsa_sign_raw(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig,
                         size_t sig_len, const brisk_digest *md, const uint8_t *dgst,
                         size_t dgst_len)
{
    return sign_raw(curve, priv, sig, sig_len, md, dgst, dgst_len, 1);
}

int brisk_ecdsa_sign_raw_deterministic(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig,
                                       size_t sig_len, const brisk_digest *md,
                                       const uint8_t *dgst, size_t dgst_len)
{
    return sign_raw(curve, priv, sig, sig_len, md, dgst, dgst_len, 0);
}

/* verify_rs checks 1 <= r, s < n and x(u1 G + u2 Q) mod n == r with w =
 * s^-1, u1 = z w, u2 = r w. */
static int verify_rs(const ec_curve *c, const ec_affine *q, const uint64_t *r,
                     const uint64_t *s, const uint8_t *dgst, size_t dgst_len)
{
    uint64_t z[EC_MAX_LIMBS], sm[EC_MAX_LIMBS], wm[EC_MAX_LIMBS], u1[EC_MAX_LIMBS],
        u2[EC_MAX_LIMBS];

    if (!brisk_ec_scalar_ok(c, r) || !brisk_ec_scalar_ok(c, s))
        return BRISK_EVERIFY;
    digest_z(c, z, dgst, dgst_len);
    brisk_ec_sc_mul(c, sm, s, c->n.rr);
    brisk_ec_sc_inv(c, wm, sm);
    brisk_ec_sc_mul(c, u1, wm, z);
    brisk_ec_sc_mul(c, u2, wm, r);
    return brisk_ec_mul2_check_public(c, r, u1, u2, q) == 0 ? BRISK_EOK : BRISK_EVERIFY;
}

int brisk_ecdsa_verify_raw(brisk_ec_curve curve, const uint8_t *pub, size_t pub_len,
                           const uint8_t *sig, size_t sig_len, const uint8_t *dgst,
                           size_t dgst_len)
{
    const ec_curve *c = brisk_ec_get(curve);
    uint64_t r[EC_MAX_LIMBS], s[EC_MAX_LIMBS];
    ec_affine q;
    int err;

    if (c == NULL || pub == NULL || (dgst == NULL && dgst_len != 0))
        return BRISK_EINVAL;
    err = brisk_ec_point_decode(c, &q, pub, pub_len);
    if (err != BRISK_EOK)
        return err;
    if (sig == NULL || sig_len != 2 * c->bytes)
        return BRISK_EVERIFY;
    brisk_ec_load_be(c, r, sig);
    brisk_ec_load_be(c, s, sig + c->bytes);
    return verify_rs(c, &q, r, s, dgst, dgst_len);
}

/* ---- DER ---- */

static int sign_der(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig, size_t *sig_len,
                    const brisk_digest *md, const uint8_t *dgst, size_t dgst_len, int hedged)
{
    uint8_t raw[2 * BRISK_EC_MAX_BYTES];
    size_t len = brisk_ec_bytes(curve);
    int err;

    if (len == 0 || sig == NULL || sig_len == NULL)
        return BRISK_EINVAL;
    err = sign_raw(curve, priv, raw, 2 * len, md, dgst, dgst_len, hedged);
    if (err != BRISK_EOK)
        return err;
    return brisk_der_sig_from_raw(sig, sig_len, raw, len);
}

int brisk_ecdsa_sign(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig, size_t *sig_len,
                     const brisk_digest *md, const uint8_t *dgst, size_t dgst_len)
{
    return sign_der(curve, priv, sig, sig_len, md, dgst, dgst_len, 1);
}

int brisk_ecdsa_sign_deterministic(brisk_ec_curve curve, const uint8_t *priv, uint8_t *sig,
                                   size_t *sig_len, const brisk_digest *md,
                                   const uint8_t *dgst, size_t dgst_len)
{
    return sign_der(curve, priv, sig, sig_len, md, dgst, dgst_len, 0);
}

int brisk_ecdsa_verify(brisk_ec_curve curve, const uint8_t *pub, size_t pub_len,
                       const uint8_t *sig, size_t sig_len, const uint8_t *dgst, size_t dgst_len)
{
    uint8_t raw[2 * BRISK_EC_MAX_BYTES];
    size_t len = brisk_ec_bytes(curve);
    int err;

    if (len == 0 || pub == NULL || (dgst == NULL && dgst_len != 0))
        return BRISK_EINVAL;
    err = brisk_ec_check_public(curve, pub, pub_len);
    if (err != BRISK_EOK)
        return err;
    if (brisk_der_sig_to_raw(raw, len, sig, sig_len) != BRISK_EOK)
        return BRISK_EVERIFY;
    return brisk_ecdsa_verify_raw(curve, pub, pub_len, raw, 2 * len, dgst, dgst_len);
}
