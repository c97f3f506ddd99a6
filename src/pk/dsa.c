/*
 * src/pk/dsa.c - DSA (FIPS 186-4 section 4): key checks and generation,
 * signing with the nonces of RFC 6979 section 3.2, hedged with fresh random
 * bytes as section 3.6 allows (deterministic on request), each signature
 * verified before release, and verification with full range checks, over
 * brisk_bn's Montgomery arithmetic.  The signature here is the raw r || s
 * of IEEE P1363; the DER pair brisk_dsa_sign/verify wraps these
 * (src/pk/dsa_der.c).
 *
 * g being fixed per key (and y per public key), brisk_dsa_key_prepare
 * precomputes Lim-Lee comb tables of both (src/bn/fixed_base.c; 5 teeth,
 * 2 sub-combs): g^k then takes about q_bits / 10 squarings and q_bits / 5
 * multiplications instead of q_bits squarings, and verification's
 * g^u1 y^u2 shares those squarings.  The arithmetic mod q runs on limb
 * helpers inlined for q's 3 or 4 limbs: at that size the general kernels'
 * per-call cost was most of the work.
 *
 * Signing is constant-time in the private key x and the nonce k: the nonce
 * comes from HMAC-DRBG over md, g^k from the comb's masked table scans,
 * and s = k^-1 (z + x r) mod q from the Montgomery kernels on q's context
 * (k^-1 = k^(q-2), Fermat, over the public bits of q - 2), which take no
 * branch on their operands: the modular functions of bn.h check their
 * inputs' ranges with a branch, which would be one on secrets here.
 *
 * Signing's only decisions are whether a nonce candidate lies in [1, q - 1]
 * (a rejected candidate says nothing about the one finally used) and
 * whether r or s is zero (both are published); those values go through
 * declassify() first, so that the valgrind check (tests/ct_dsa.c) can tell
 * them from leaks.  Key checks, key generation (but for y = g^x) and
 * verification handle public values and are variable-time.
 */
#include <stdlib.h>

#include <brisk/dsa.h>
#include <brisk/mac.h>
#include <brisk/rand.h>

#include "../bn/internal.h"
#include "internal.h"

/* Teeth and sub-combs of the comb tables, and their rows' stride in limbs
 * (p's largest size, whatever the key's). */
#define COMB_TEETH 5
#define COMB_SUBS 2
#define COMB_ENTRIES (COMB_SUBS << COMB_TEETH)
#define COMB_STRIDE (BRISK_DSA_MAX_BITS / 64)

/* brisk_dsa_precomp is what brisk_dsa_key_prepare allocates: the comb
 * tables (src/bn/fixed_base.c) of g and y for exponents of comb_bits (q's)
 * bits, in Montgomery form over p's limbs.  They are out of brisk_dsa_key
 * so that the key stays small enough for the stack. */
struct brisk_dsa_precomp {
    size_t comb_bits;
    uint64_t g_comb[COMB_ENTRIES][COMB_STRIDE];
    uint64_t y_comb[COMB_ENTRIES][COMB_STRIDE];
};

/* A signature is given up after this many rejected nonce candidates and
 * zero r or s: for q of exactly 160, 224 or 256 bits a candidate is
 * rejected with probability below 1/2, so only a broken key gets here. */
#define DSA_MAX_TRIES 256

/* ---- Small bignum helpers ---- */

/* load_be sets r to the big-endian in[0..in_len-1] in `limbs` limbs
 * (in_len <= 8 * limbs), touching every byte the same way whatever its
 * value: nonces pass through here. */
static void load_be(brisk_bn *r, const uint8_t *in, size_t in_len, size_t limbs)
{
    brisk_bn_zero(r, limbs);
    for (size_t i = 0; i < in_len; i++) {
        size_t pos = in_len - 1 - i;
        r->d[pos / 8] |= (uint64_t)in[i] << (8 * (pos % 8));
    }
}

/* bn_valid checks that a's width is sane, for numbers a caller filled in. */
static int bn_valid(const brisk_bn *a)
{
    return a->n <= BRISK_BN_MAX_LIMBS;
}

/* in_range returns 1 when lo < a < m for the public a (normalized in a
 * copy), all of m's width. */
static int in_range(const brisk_bn *a, uint64_t lo, const brisk_bn *m)
{
    brisk_bn t, l;
    brisk_bn_copy(&t, a);
    if (brisk_bn_resize(&t, m->n) != BRISK_EOK)
        return 0;
    brisk_bn_from_u64(&l, lo);
    if (brisk_bn_resize(&l, m->n) != BRISK_EOK)
        return 0;
    return brisk_bn_cmp(&t, &l) > 0 && brisk_bn_cmp(&t, m) < 0;
}

static size_t q_bytes(const brisk_dsa_key *key)
{
    return (key->mont_q.bits + 7) / 8;
}

/* ---- Keys ---- */

/* sizes_ok checks the sizes of p and q that the header promises. */
static int sizes_ok(size_t p_bits, size_t q_bits)
{
    return p_bits >= BRISK_DSA_MIN_BITS && p_bits <= BRISK_DSA_MAX_BITS &&
           (q_bits == 160 || q_bits == 224 || q_bits == 256);
}

/* prepare_params normalizes p, q, g, checks the sizes, 1 < g < p and
 * prepares the Montgomery contexts. */
static int prepare_params(brisk_dsa_key *key)
{
    brisk_dsa_params *pr = &key->params;

    if (!bn_valid(&pr->p) || !bn_valid(&pr->q) || !bn_valid(&pr->g))
        return BRISK_EINVAL;
    brisk_bn_normalize(&pr->p);
    brisk_bn_normalize(&pr->q);
    brisk_bn_normalize(&pr->g);
    if (!sizes_ok(brisk_bn_bits(&pr->p), brisk_bn_bits(&pr->q)) ||
        !in_range(&pr->g, 1, &pr->p) || brisk_bn_resize(&pr->g, pr->p.n) != BRISK_EOK)
        return BRISK_EINVAL;
    if (brisk_bn_mont_init(&key->mont_p, &pr->p) != BRISK_EOK ||
        brisk_bn_mont_init(&key->mont_q, &pr->q) != BRISK_EOK)
        return BRISK_EINVAL;
    return BRISK_EOK;
}

/* prepare_y checks 1 < y < p and gives y p's width. */
static int prepare_y(brisk_dsa_key *key)
{
    if (!bn_valid(&key->y))
        return BRISK_EINVAL;
    brisk_bn_normalize(&key->y);
    if (!in_range(&key->y, 1, &key->params.p) ||
        brisk_bn_resize(&key->y, key->params.p.n) != BRISK_EOK)
        return BRISK_EINVAL;
    return BRISK_EOK;
}

/* check_x gives x q's width and checks 0 < x < q and y = g^x mod p, with
 * constant-time comparisons and exponentiation; the one branch is on the
 * verdict. */
static int check_x(brisk_dsa_key *key)
{
    const brisk_bn *q = &key->params.q;
    brisk_bn gx;
    int ok;

    if (!bn_valid(&key->x) || brisk_bn_resize(&key->x, q->n) != BRISK_EOK)
        return BRISK_EINVAL;
    ok = (int)(brisk_bn_is_zero(&key->x) == 0) & (int)(brisk_bn_cmp(&key->x, q) < 0);
    if (brisk_bn_mod_exp(&gx, &key->params.g, &key->x, &key->mont_p) != BRISK_EOK)
        ok = 0;
    ok &= brisk_bn_cmp(&gx, &key->y) == 0;
    wipe(&gx, sizeof(gx));
    return ok ? BRISK_EOK : BRISK_EINVAL;
}

/* prepare_combs allocates and fills the comb tables of g and y (public
 * values). */
static int prepare_combs(brisk_dsa_key *key)
{
    const size_t bits = key->mont_q.bits;
    struct brisk_dsa_precomp *pc = malloc(sizeof(*pc));

    if (pc == NULL)
        return BRISK_ENOMEM;
    brisk_bn_comb_init(&pc->g_comb[0][0], COMB_STRIDE, key->params.g.d, bits, COMB_TEETH,
                       COMB_SUBS, &key->mont_p);
    brisk_bn_comb_init(&pc->y_comb[0][0], COMB_STRIDE, key->y.d, bits, COMB_TEETH, COMB_SUBS,
                       &key->mont_p);
    pc->comb_bits = bits;
    key->precomp = pc;
    return BRISK_EOK;
}

/* check_subgroup checks y^q = 1 mod p: y in the group of order q that g
 * generates, so that a verification's y^u2 stays in it. */
static int check_subgroup(const brisk_dsa_key *key)
{
    brisk_bn t, one;

    if (brisk_bn_mod_exp_public(&t, &key->y, &key->params.q, &key->mont_p) != BRISK_EOK)
        return BRISK_EINVAL;
    brisk_bn_normalize(&t);
    brisk_bn_from_u64(&one, 1);
    return brisk_bn_cmp(&t, &one) == 0 ? BRISK_EOK : BRISK_EINVAL;
}

int brisk_dsa_key_prepare(brisk_dsa_key *key)
{
    int err;

    if (key == NULL)
        return BRISK_EINVAL;
    key->precomp = NULL;
    err = prepare_params(key);
    if (err == BRISK_EOK)
        err = prepare_y(key);
    if (err == BRISK_EOK && key->params.p.n > BRISK_DSA_MAX_BITS / 64)
        err = BRISK_EINVAL;
    /* The whole group is checked, for public keys too: p and q primes
     * (Table C.1's rounds, once per process for the same parameters: see
     * src/pk/dsa_params.c), q | p - 1, g^q = 1, then y^q = 1.  Over a q
     * made of small primes, g^x gives x away (Pohlig-Hellman); a verifier
     * over such a group accepts forgeries. */
    if (err == BRISK_EOK)
        err = brisk_dsa_params_check(&key->params, 1);
    if (err == BRISK_EOK)
        err = check_subgroup(key);
    if (err == BRISK_EOK && key->has_private)
        err = check_x(key);
    if (err == BRISK_EOK)
        err = prepare_combs(key);
    if (err != BRISK_EOK)
        key->mont_p.n = key->mont_q.n = 0; /* unusable by sign and verify */
    return err;
}

void brisk_dsa_key_cleanup(brisk_dsa_key *key)
{
    if (key == NULL)
        return;
    free(key->precomp); /* powers of g and y, public: no need to wipe */
    wipe(key, sizeof(*key));
}

int brisk_dsa_generate_key(brisk_dsa_key *key, const brisk_dsa_params *params)
{
    brisk_dsa_params pr;
    int err;

    if (key == NULL || params == NULL)
        return BRISK_EINVAL;
    err = brisk_dsa_params_check(params, 1);
    if (err != BRISK_EOK)
        return err;
    pr = *params; /* params may be key's own */
    wipe(key, sizeof(*key));
    key->params = pr;
    key->has_private = 1;
    err = prepare_params(key);
    if (err == BRISK_EOK)
        err = brisk_bn_random_range(&key->x, &key->params.q);
    if (err == BRISK_EOK)
        err = brisk_bn_mod_exp(&key->y, &key->params.g, &key->x, &key->mont_p);
    if (err == BRISK_EOK)
        err = prepare_y(key);
    if (err == BRISK_EOK)
        err = prepare_combs(key);
    if (err != BRISK_EOK)
        brisk_dsa_key_cleanup(key);
    return err;
}

/* key_ready says whether key went through brisk_dsa_key_prepare. */
static int key_ready(const brisk_dsa_key *key)
{
    return key != NULL && key->mont_p.n != 0 && key->mont_q.n != 0 &&
           key->mont_q.bits % 8 == 0 && key->params.q.n == key->mont_q.n &&
           key->params.p.n == key->mont_p.n && key->precomp != NULL &&
           key->precomp->comb_bits == key->mont_q.bits;
}

/* bits2int is RFC 6979 section 2.3.2 and FIPS 186-4's "leftmost min(N,
 * outlen) bits" at once: q's length being whole bytes (160, 224 or 256
 * bits), it is the first q_len bytes of in, all of in when shorter, as a
 * number of q's width. */
static void bits2int(brisk_bn *r, const uint8_t *in, size_t in_len, size_t q_len,
                     size_t limbs)
{
    load_be(r, in, in_len < q_len ? in_len : q_len, limbs);
}

#define Q_LIMBS (BRISK_DSA_MAX_Q_BYTES / 8)

/* reduce_once sets z = z mod q for z < 2 q, which bits2int's z is (q has
 * exactly 8 q_len bits, z fewer than that): one subtraction, kept or not
 * by mask.  Constant-time. */
static void reduce_once(brisk_bn *z, const brisk_bn *q)
{
    uint64_t t[Q_LIMBS];
    uint64_t borrow = brisk_limbs_sub(t, z->d, q->d, q->n);
    brisk_limbs_select(z->d, borrow ^ 1, t, z->d, q->n);
}

/* ---- Signing ---- */

/* The secrets of one signature, wiped in one go. */
typedef struct sign_work {
    brisk_rfc6979 drbg;
    uint8_t x_oct[BRISK_DSA_MAX_Q_BYTES], t[BRISK_DSA_MAX_Q_BYTES], extra[BRISK_RFC6979_EXTRA_LEN];
    brisk_bn k, gk;
    uint64_t sum[Q_LIMBS], km[Q_LIMBS], kinv[Q_LIMBS], acc[Q_LIMBS];
} sign_work;

/* store_be writes a (of limbs enough for len bytes) big-endian to
 * out[0..len-1], the same way whatever its value. */
static void store_be(uint8_t *out, size_t len, const brisk_bn *a)
{
    for (size_t i = 0; i < len; i++) {
        size_t pos = len - 1 - i;
        out[i] = (uint8_t)(a->d[pos / 8] >> (8 * (pos % 8)));
    }
}

/* Limb helpers for q's few limbs, inlined so that loops unroll for a
 * constant n; constant-time. */
#define INLINE static inline __attribute__((always_inline))

INLINE uint64_t sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t borrow = 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t d = a[j] - b[j], b1 = a[j] < b[j], b2 = d < borrow;
        r[j] = d - borrow;
        borrow = b1 | b2;
    }
    return borrow;
}

INLINE uint64_t add_n(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t carry = 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t s = a[j] + carry, c1 = s < carry;
        r[j] = s + b[j];
        carry = c1 | (r[j] < s);
    }
    return carry;
}

/* add_mod_n sets r = a + b mod m over n limbs, for a, b < m. */
INLINE void add_mod_n(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                      size_t n)
{
    uint64_t t[Q_LIMBS], u[Q_LIMBS];
    uint64_t carry = add_n(t, a, b, n);
    uint64_t keep = ct_mask64(carry | (sub_n(u, t, m, n) ^ 1));
    for (size_t j = 0; j < n; j++)
        r[j] = (u[j] & keep) | (t[j] & ~keep);
}

static void add_mod(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                    size_t n)
{
    if (n == 3)
        add_mod_n(r, a, b, m, 3);
    else
        add_mod_n(r, a, b, m, 4);
}

/* qmul_n sets r = a b R^-1 mod q (R = 2^(64 n)) for a, b < q of n <=
 * Q_LIMBS limbs: Montgomery's CIOS multiplication with a final subtraction
 * by mask, for the few limbs of q, where the general kernels' per-call
 * overhead costs more than the arithmetic.  Inlined with a constant n
 * (qmul), so that the loops unroll and t stays in registers.
 * Constant-time; r may alias a or b. */
static inline __attribute__((always_inline)) void
qmul_n(uint64_t *r, const uint64_t *a, const uint64_t *b, const brisk_bn_mont *mq, size_t n)
{
    const uint64_t *m = mq->m;
    uint64_t t[Q_LIMBS + 2] = {0}, u[Q_LIMBS], c, s, borrow = 0, keep;

    for (size_t i = 0; i < n; i++) {
        c = 0;
        for (size_t j = 0; j < n; j++)
            t[j] = mac64(a[j], b[i], t[j], c, &c);
        s = t[n] + c;
        t[n + 1] = s < c;
        t[n] = s;
        const uint64_t y = t[0] * mq->m0inv;
        (void)mac64(y, m[0], t[0], 0, &c); /* the low limb is zero */
        for (size_t j = 1; j < n; j++)
            t[j - 1] = mac64(y, m[j], t[j], c, &c);
        s = t[n] + c;
        t[n - 1] = s;
        t[n] = t[n + 1] + (s < c);
    }
    /* t < 2 q: subtract q unless that borrows (with no carry limb) */
    for (size_t j = 0; j < n; j++) {
        uint64_t d = t[j] - m[j], b1 = t[j] < m[j], b2 = d < borrow;
        u[j] = d - borrow;
        borrow = b1 | b2;
    }
    keep = ct_mask64(t[n] | (borrow ^ 1));
    for (size_t j = 0; j < n; j++)
        r[j] = (u[j] & keep) | (t[j] & ~keep);
}

/* qmul is qmul_n for q's limbs: 3 (160 bits) or 4 (224 and 256). */
static void qmul(uint64_t *r, const uint64_t *a, const uint64_t *b, const brisk_bn_mont *mq)
{
    if (mq->n == 3)
        qmul_n(r, a, b, mq, 3);
    else
        qmul_n(r, a, b, mq, 4);
}

/* inv_mont sets r = a^(q-2) (Fermat's k^-1, q being prime) for a in
 * Montgomery form, by sliding windows of up to 4 bits over the public bits
 * of q - 2 (HAC 14.85, about 200 products instead of 240): the windows
 * depend on q only, and the value of a never picks a branch or an address.
 * The table of odd powers is wiped (it is made from a secret). */
static void inv_mont(uint64_t *r, const uint64_t *a, const brisk_bn_mont *mq, uint64_t *acc)
{
    uint64_t e[Q_LIMBS], two[Q_LIMBS] = {2}, tab[8][Q_LIMBS], a2[Q_LIMBS];
    const size_t n = mq->n;
    size_t i = mq->bits;

    brisk_limbs_sub(e, mq->m, two, n);
    memcpy(tab[0], a, n * sizeof(uint64_t));
    memcpy(acc, a, n * sizeof(uint64_t)); /* defined even for a q - 2 of 0 */
    qmul(a2, a, a, mq);
    for (size_t k = 1; k < 8; k++)
        qmul(tab[k], tab[k - 1], a2, mq);
    while (i > 0 && ((e[(i - 1) / 64] >> ((i - 1) % 64)) & 1) == 0)
        i--;
    for (int started = 0; i > 0;) {
        if (((e[(i - 1) / 64] >> ((i - 1) % 64)) & 1) == 0) {
            qmul(acc, acc, acc, mq);
            i--;
            continue;
        }
        /* the longest window of at most 4 bits ending in a one */
        size_t l = i < 4 ? i : 4, v = 0;
        for (size_t j = 0; j < l; j++)
            v = (v << 1) | ((e[(i - 1 - j) / 64] >> ((i - 1 - j) % 64)) & 1);
        while ((v & 1) == 0) {
            v >>= 1;
            l--;
        }
        for (size_t j = 0; j < l && started; j++)
            qmul(acc, acc, acc, mq);
        if (started)
            qmul(acc, acc, tab[v >> 1], mq);
        else
            memcpy(acc, tab[v >> 1], n * sizeof(uint64_t));
        started = 1;
        i -= l;
    }
    memcpy(r, acc, n * sizeof(uint64_t));
    wipe(tab, sizeof(tab));
    wipe(a2, sizeof(a2));
}

/* reduce_q sets acc (q's limbs) = a mod q for a of any width, by Horner's
 * rule a limb at a time on the Montgomery kernels: acc = acc 2^64 + limb,
 * with 2^64 R mod q as the multiplier (q > 2^64, so each limb is below q).
 * Constant-time; much faster than a bit-by-bit reduction of g^k. */
static void reduce_q(uint64_t *acc, const brisk_bn *a, const brisk_bn_mont *mq)
{
    uint64_t t64[Q_LIMBS] = {0, 1}, limb[Q_LIMBS] = {0};
    const size_t n = mq->n;

    qmul(t64, t64, mq->rr, mq); /* 2^64 R^2 R^-1 */
    memset(acc, 0, n * sizeof(uint64_t));
    for (size_t i = a->n; i-- > 0;) {
        qmul(acc, acc, t64, mq);
        limb[0] = a->d[i];
        add_mod(acc, acc, limb, mq->m, n);
    }
    wipe(limb, sizeof(limb));
}

/* sign_with_k computes r and s for the candidate nonce in w->k (already in
 * [1, q - 1]); 0 when both are non-zero, else BRISK_EINVAL (try the next
 * candidate).  r and s are declassified: they are the signature.  The
 * arithmetic mod q is Montgomery's, on q's prepared context. */
static int sign_with_k(const brisk_dsa_key *key, sign_work *w, brisk_bn *r, brisk_bn *s,
                       const brisk_bn *zq)
{
    const brisk_bn_mont *mq = &key->mont_q;
    const size_t n = mq->n;

    brisk_bn_comb_exp(w->gk.d, &key->precomp->g_comb[0][0], COMB_STRIDE, w->k.d, w->k.n,
                      key->precomp->comb_bits, COMB_TEETH, COMB_SUBS, &key->mont_p);
    w->gk.n = key->mont_p.n;
    brisk_bn_zero(r, n);
    reduce_q(r->d, &w->gk, mq);
    declassify(r, sizeof(*r));
    if (brisk_bn_is_zero(r))
        return BRISK_EINVAL;
    /* sum = z + x r: (x r R^-1) (R^2) R^-1, plus z */
    qmul(w->sum, key->x.d, r->d, mq);
    qmul(w->sum, w->sum, mq->rr, mq);
    add_mod(w->sum, w->sum, zq->d, mq->m, n);
    /* kinv = k^-1 R = (k R)^(q-2) in Montgomery form */
    qmul(w->km, w->k.d, mq->rr, mq);
    inv_mont(w->kinv, w->km, mq, w->acc);
    /* s = (k^-1 R) sum R^-1 */
    brisk_bn_zero(s, n);
    qmul(s->d, w->kinv, w->sum, mq);
    declassify(s, sizeof(*s));
    return brisk_bn_is_zero(s) ? BRISK_EINVAL : BRISK_EOK;
}

/* sign_loop draws RFC 6979 nonces until one gives non-zero r and s. */
static int sign_loop(const brisk_dsa_key *key, sign_work *w, brisk_bn *r, brisk_bn *s,
                     const brisk_bn *zq, size_t q_len)
{
    const brisk_bn *q = &key->params.q;

    for (int tries = 0; tries < DSA_MAX_TRIES; tries++) {
        int ok;
        brisk_rfc6979_generate(&w->drbg, w->t, q_len);
        load_be(&w->k, w->t, q_len, q->n);
        ok = (int)(brisk_bn_is_zero(&w->k) == 0) & (int)(brisk_bn_cmp(&w->k, q) < 0);
        declassify(&ok, sizeof(ok));
        if (ok && sign_with_k(key, w, r, s, zq) == BRISK_EOK)
            return BRISK_EOK;
        brisk_rfc6979_rekey(&w->drbg, 0x00, NULL, NULL, 0, NULL); /* step h.3 */
    }
    return BRISK_EINVAL;
}

/* ---- Verification (variable-time: everything is public) ---- */

/* shift_out halves u (n limbs) while it is even, halving x mod q (q odd,
 * x < q) with it: x / 2 or (x + q) / 2. */
INLINE void shift_out(uint64_t *u, uint64_t *x, const uint64_t *q, size_t n)
{
    while ((u[0] & 1) == 0) {
        uint64_t top = (x[0] & 1) ? add_n(x, x, q, n) : 0;
        for (size_t j = 0; j + 1 < n; j++) {
            u[j] = (u[j] >> 1) | (u[j + 1] << 63);
            x[j] = (x[j] >> 1) | (x[j + 1] << 63);
        }
        u[n - 1] >>= 1;
        x[n - 1] = (x[n - 1] >> 1) | (top << 63);
    }
}

/* le_one returns 1 when u (n limbs) is 0 or 1. */
INLINE int le_one(const uint64_t *u, size_t n)
{
    uint64_t rest = u[0] >> 1;
    for (size_t j = 1; j < n; j++)
        rest |= u[j];
    return rest == 0;
}

/* inv_public_n sets r = a^-1 mod q for the public 0 < a < q by the binary
 * extended Euclidean algorithm (HAC 14.61 for an odd modulus), in
 * variable time: verification's s is public, and this takes a fraction of
 * Fermat's ~200 multiplications.  Invariants: x1 a = u, x2 a = v (mod q),
 * u and v odd after shift_out.  Returns 0, or -1 when gcd(a, q) != 1 (a q
 * that is not prime), where u or v reaches 0 instead of 1. */
INLINE int inv_public_n(uint64_t *r, const uint64_t *a, const uint64_t *q, size_t n)
{
    uint64_t u[Q_LIMBS], v[Q_LIMBS], x1[Q_LIMBS] = {1}, x2[Q_LIMBS] = {0}, t[Q_LIMBS];

    memcpy(u, a, n * sizeof(uint64_t));
    memcpy(v, q, n * sizeof(uint64_t));
    while (!le_one(u, n) && !le_one(v, n)) {
        shift_out(u, x1, q, n);
        shift_out(v, x2, q, n);
        if (sub_n(t, u, v, n) == 0) {
            memcpy(u, t, n * sizeof(uint64_t));
            if (sub_n(x1, x1, x2, n))
                add_n(x1, x1, q, n);
        } else {
            sub_n(v, v, u, n);
            if (sub_n(x2, x2, x1, n))
                add_n(x2, x2, q, n);
        }
    }
    if (u[0] == 1 && le_one(u, n))
        memcpy(r, x1, n * sizeof(uint64_t));
    else if (v[0] == 1 && le_one(v, n))
        memcpy(r, x2, n * sizeof(uint64_t));
    else
        return -1;
    return 0;
}

static int inv_public(uint64_t *r, const uint64_t *a, const uint64_t *q, size_t n)
{
    return n == 3 ? inv_public_n(r, a, q, 3) : inv_public_n(r, a, q, 4);
}

/* verify_rs checks 0 < r, s < q and v = (g^u1 y^u2 mod p) mod q == r,
 * with w = s^-1 by the variable-time binary inverse and u1 = z w,
 * u2 = r w by qmul. */
static int verify_rs(const brisk_dsa_key *key, const brisk_bn *r, const brisk_bn *s,
                     const uint8_t *dgst, size_t dgst_len)
{
    const brisk_bn_mont *mq = &key->mont_q;
    const brisk_bn *q = &key->params.q;
    uint64_t wm[Q_LIMBS], acc[Q_LIMBS];
    brisk_bn z, u1, u2, v;

    if (!in_range(r, 0, q) || !in_range(s, 0, q) || !in_range(&key->y, 1, &key->params.p))
        return BRISK_EVERIFY;
    bits2int(&z, dgst, dgst_len, q_bytes(key), q->n);
    reduce_once(&z, q);
    /* wm = s^-1 R; u1 = wm z R^-1, u2 = wm r R^-1 */
    if (inv_public(wm, s->d, mq->m, mq->n) != 0)
        return BRISK_EVERIFY;
    qmul(wm, wm, mq->rr, mq);
    brisk_bn_zero(&u1, mq->n);
    brisk_bn_zero(&u2, mq->n);
    qmul(u1.d, wm, z.d, mq);
    qmul(u2.d, wm, r->d, mq);
    brisk_bn_comb_exp2_public(v.d, &key->precomp->g_comb[0][0], u1.d, u1.n,
                              &key->precomp->y_comb[0][0], u2.d, u2.n, COMB_STRIDE,
                              key->precomp->comb_bits, COMB_TEETH, COMB_SUBS, &key->mont_p);
    v.n = key->mont_p.n;
    reduce_q(acc, &v, mq);
    return ct_eq_bytes((const uint8_t *)acc, (const uint8_t *)r->d, mq->n * sizeof(uint64_t))
               ? BRISK_EOK
               : BRISK_EVERIFY;
}

int brisk_dsa_verify_raw(const brisk_dsa_key *key, const uint8_t *sig, size_t sig_len,
                         const uint8_t *dgst, size_t dgst_len)
{
    brisk_bn r, s;
    size_t q_len;

    if (!key_ready(key) || (dgst == NULL && dgst_len != 0))
        return BRISK_EINVAL;
    q_len = q_bytes(key);
    if (sig == NULL || sig_len != 2 * q_len)
        return BRISK_EVERIFY;
    load_be(&r, sig, q_len, key->params.q.n);
    load_be(&s, sig + q_len, q_len, key->params.q.n);
    return verify_rs(key, &r, &s, dgst, dgst_len);
}

/* ---- Signing, checked ---- */

/* sign_raw signs as RFC 6979 does, with 32 fresh random bytes as section
 * 3.6's k' when `hedged`, then verifies the signature before releasing it:
 * a fault in g^k or in s (a glitch, a bit flip) would otherwise publish a
 * signature from which, with the right one for the same nonce, x follows.
 * The hedge makes two signatures of one message use unrelated nonces,
 * which also spoils such a pair; the check costs one verification, on the
 * comb tables of g and y made by brisk_dsa_key_prepare. */
static int sign_raw(const brisk_dsa_key *key, uint8_t *sig, size_t sig_len,
                    const brisk_digest *md, const uint8_t *dgst, size_t dgst_len, int hedged)
{
    sign_work w;
    brisk_bn z, r, s;
    uint8_t h_oct[BRISK_DSA_MAX_Q_BYTES];
    size_t q_len;
    int err;

    if (!key_ready(key) || !key->has_private || key->x.n != key->params.q.n || sig == NULL ||
        md == NULL ||
        md->digest_len == 0 || md->digest_len > BRISK_DIGEST_MAX_LEN ||
        (dgst == NULL && dgst_len != 0))
        return BRISK_EINVAL;
    q_len = q_bytes(key);
    if (sig_len != 2 * q_len)
        return BRISK_EINVAL;

    /* z = bits2int(h1); bits2octets(h1) = int2octets(z mod q) */
    bits2int(&z, dgst, dgst_len, q_len, key->params.q.n);
    reduce_once(&z, &key->params.q);
    err = brisk_bn_to_bytes(h_oct, q_len, &z);
    if (err == BRISK_EOK && hedged)
        err = brisk_random_bytes(w.extra, BRISK_RFC6979_EXTRA_LEN);
    if (err == BRISK_EOK) {
        store_be(w.x_oct, q_len, &key->x);
        brisk_rfc6979_init(&w.drbg, md, w.x_oct, h_oct, q_len, hedged ? w.extra : NULL);
        err = sign_loop(key, &w, &r, &s, &z, q_len);
    }
    if (err == BRISK_EOK && verify_rs(key, &r, &s, dgst, dgst_len) != BRISK_EOK)
        err = BRISK_EVERIFY;
    if (err == BRISK_EOK)
        err = brisk_bn_to_bytes(sig, q_len, &r);
    if (err == BRISK_EOK)
        err = brisk_bn_to_bytes(sig + q_len, q_len, &s);
    brisk_hmac_cleanup(&w.drbg.hmac);
    wipe(&w, sizeof(w));
    return err;
}

int brisk_dsa_sign_raw(const brisk_dsa_key *key, uint8_t *sig, size_t sig_len,
                       const brisk_digest *md, const uint8_t *dgst, size_t dgst_len)
{
    return sign_raw(key, sig, sig_len, md, dgst, dgst_len, 1);
}

int brisk_dsa_sign_raw_deterministic(const brisk_dsa_key *key, uint8_t *sig, size_t sig_len,
                                     const brisk_digest *md, const uint8_t *dgst,
                                     size_t dgst_len)
{
    return sign_raw(key, sig, sig_len, md, dgst, dgst_len, 0);
}
