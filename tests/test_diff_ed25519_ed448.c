/*
 * tests/test_diff_ed25519_ed448.c - every EdDSA instance of RFC 8032 that
 * brisk has (Ed25519, Ed25519ctx, Ed25519ph, Ed448 with a context and
 * Ed448ph) against libgcrypt, which has them all (the S-expression flag
 * "prehash" and the "label" field for the context): libcrypto 3.0 has no
 * Ed25519ctx, Ed25519ph or Ed448ph.  The setup is first proved on RFC 8032's
 * vectors (7.1 TEST 1, 7.2 foo, 7.3 abc, 7.4 1 octet with context, 7.5
 * both), then on random seeds, messages (from 0 bytes) and contexts (up to
 * 255 bytes), under every implementation of brisk's "ed25519" primitive:
 * byte-identical signatures (EdDSA is deterministic), each library
 * verifying the other's, and both refusing a signature with a bit flipped
 * and one checked under another variant.  For Ed25519ph and Ed448ph the
 * digest entry points too: from the pre-hash brisk computes (SHA-512, or
 * SHAKE256 to 64 bytes) they make libgcrypt's signature of the message
 * and accept it.
 */
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include <brisk/brisk.h>

#include "../src/digest/keccak.h"
#include "vectors.h"

enum { PURE, CTX, PH };
static const char *const variant_name[] = {"pure", "ctx", "ph"};

static tv_rng rng;

/* A signing or verification job for either curve. */
typedef struct job {
    int ed448, variant;
    const uint8_t *msg, *ctx;
    size_t msg_len, ctx_len;
} job;

static size_t key_len(const job *j)
{
    return j->ed448 ? 57 : 32;
}

/* gc_data builds libgcrypt's data S-expression for j: the message as the
 * value, "prehash" for ph, the context as the label (absent when empty). */
static gcry_error_t gc_data(gcry_sexp_t *data, const job *j)
{
    const char *flags = j->variant == PH ? "(flags eddsa prehash)" : "(flags eddsa)";
    char fmt[96];

    snprintf(fmt, sizeof(fmt), "(data %s%s (value %%b))", flags,
             j->ctx_len > 0 ? " (label %b)" : "");
    if (j->ctx_len > 0)
        return gcry_sexp_build(data, NULL, fmt, (int)j->ctx_len, j->ctx, (int)j->msg_len,
                               j->msg);
    return gcry_sexp_build(data, NULL, fmt, (int)j->msg_len, j->msg);
}

/* gc_sign signs with libgcrypt: 0, or -1 on any error. */
static int gc_sign(uint8_t *sig, const job *j, const uint8_t *priv)
{
    gcry_sexp_t key = NULL, data = NULL, s = NULL, r_tok = NULL, s_tok = NULL;
    size_t n = key_len(j), r_len = 0, s_len = 0;
    int rc = -1;

    if (gcry_sexp_build(&key, NULL, "(private-key (ecc (curve %s) (flags eddsa) (d %b)))",
                        j->ed448 ? "Ed448" : "Ed25519", (int)n, priv) == 0 &&
        gc_data(&data, j) == 0 && gcry_pk_sign(&s, data, key) == 0 &&
        (r_tok = gcry_sexp_find_token(s, "r", 0)) != NULL &&
        (s_tok = gcry_sexp_find_token(s, "s", 0)) != NULL) {
        const char *r_bytes = gcry_sexp_nth_data(r_tok, 1, &r_len);
        const char *s_bytes = gcry_sexp_nth_data(s_tok, 1, &s_len);
        if (r_bytes != NULL && s_bytes != NULL && r_len == n && s_len == n) {
            memcpy(sig, r_bytes, n);
            memcpy(sig + n, s_bytes, n);
            rc = 0;
        }
    }
    gcry_sexp_release(r_tok);
    gcry_sexp_release(s_tok);
    gcry_sexp_release(s);
    gcry_sexp_release(data);
    gcry_sexp_release(key);
    return rc;
}

/* gc_verify: 1 when libgcrypt accepts sig, 0 when it refuses it, -1 on an
 * error before verifying. */
static int gc_verify(const uint8_t *sig, const job *j, const uint8_t *pub)
{
    gcry_sexp_t key = NULL, data = NULL, s = NULL;
    size_t n = key_len(j);
    int rc = -1;

    if (gcry_sexp_build(&key, NULL, "(public-key (ecc (curve %s) (flags eddsa) (q %b)))",
                        j->ed448 ? "Ed448" : "Ed25519", (int)n, pub) == 0 &&
        gc_data(&data, j) == 0 &&
        gcry_sexp_build(&s, NULL, "(sig-val (eddsa (r %b) (s %b)))", (int)n, sig, (int)n,
                        sig + n) == 0)
        rc = gcry_pk_verify(s, data, key) == 0;
    gcry_sexp_release(s);
    gcry_sexp_release(data);
    gcry_sexp_release(key);
    return rc;
}

/* brisk_sign and brisk_verify run j's instance in brisk. */
static int brisk_sign(uint8_t *sig, const job *j, const uint8_t *priv, const uint8_t *pub)
{
    if (j->ed448)
        return j->variant == PH
                   ? brisk_ed448ph_sign(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, priv, pub)
                   : brisk_ed448_sign(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, priv, pub);
    switch (j->variant) {
    case CTX:
        return brisk_ed25519ctx_sign(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, priv, pub);
    case PH:
        return brisk_ed25519ph_sign(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, priv, pub);
    default:
        return brisk_ed25519_sign(sig, j->msg, j->msg_len, priv, pub);
    }
}

static int brisk_verify(const uint8_t *sig, const job *j, const uint8_t *pub)
{
    if (j->ed448)
        return j->variant == PH
                   ? brisk_ed448ph_verify(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, pub)
                   : brisk_ed448_verify(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, pub);
    switch (j->variant) {
    case CTX:
        return brisk_ed25519ctx_verify(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, pub);
    case PH:
        return brisk_ed25519ph_verify(sig, j->msg, j->msg_len, j->ctx, j->ctx_len, pub);
    default:
        return brisk_ed25519_verify(sig, j->msg, j->msg_len, pub);
    }
}

/* ph_digest sets ph to PH(M) of j's message as a caller would compute it
 * for the digest entry points: SHA-512, or SHAKE256 to 64 bytes. */
static void ph_digest(uint8_t ph[64], const job *j)
{
    if (j->ed448)
        brisk_shake256(ph, 64, j->msg, j->msg_len);
    else
        brisk_sha512(ph, j->msg, j->msg_len);
}

/* compare_digest checks brisk's ph digest entry points on j against
 * libgcrypt's signature want of j's message: the same signature from the
 * digest brisk computes, and want accepted through it; 0 when a check
 * failed. */
static int compare_digest(const job *j, const uint8_t *want, const uint8_t *priv,
                          const uint8_t *pub, const char *impl, int t)
{
    uint8_t ph[64], sig[114];
    size_t n = key_len(j);
    const char *curve = j->ed448 ? "Ed448" : "Ed25519";
    int ok = 1;

    ph_digest(ph, j);
    const uint8_t *given = t % 2 ? NULL : pub; /* the public key given, or computed */
    int rc = j->ed448 ? brisk_ed448ph_sign_digest(sig, ph, 64, j->ctx, j->ctx_len, priv, given)
                      : brisk_ed25519ph_sign_digest(sig, ph, 64, j->ctx, j->ctx_len, priv, given);
    ok &= tv_check_int(rc, 0, "%s %sph sign_digest rc, round %d", impl, curve, t);
    ok &= tv_check_mem(sig, want, 2 * n, "%s %sph sign_digest equals libgcrypt's, round %d", impl,
                       curve, t);
    rc = j->ed448 ? brisk_ed448ph_verify_digest(want, ph, 64, j->ctx, j->ctx_len, pub)
                  : brisk_ed25519ph_verify_digest(want, ph, 64, j->ctx, j->ctx_len, pub);
    ok &= tv_check_int(rc, BRISK_EOK,
                       "%s %sph verify_digest accepts libgcrypt's signature, round %d", impl,
                       curve, t);
    ph[t % 64] ^= 0x40;
    rc = j->ed448 ? brisk_ed448ph_verify_digest(want, ph, 64, j->ctx, j->ctx_len, pub)
                  : brisk_ed25519ph_verify_digest(want, ph, 64, j->ctx, j->ctx_len, pub);
    ok &= tv_check_int(rc, BRISK_EVERIFY,
                       "%s %sph verify_digest refuses it under a changed digest, round %d", impl,
                       curve, t);
    return ok;
}

/* RFC 8032 section 7: the setup must reproduce these before its answers
 * on random inputs are trusted. */
static const struct {
    const char *name;
    int ed448, variant;
    const char *priv, *msg, *ctx, *sig;
} rfc[] = {
    {"7.1 TEST 1", 0, PURE, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701c"
     "f9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"7.2 foo", 0, CTX, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4"
     "e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"},
    {"7.3 abc", 0, PH, "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "616263", "",
     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062"
     "adf5aaa10b8c61e636062aaad11c2a26083406"},
    {"7.4 1 octet with context", 1, PURE,
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a6"
     "59949ef8021e954e0a12274e",
     "03", "666f6f",
     "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842"
     "d607217fce6e042f6815ea000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c"
     "1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00"},
    {"7.5 abc", 1, PH,
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ef7822e0d5104127dc05d6dbef"
     "de69e3ab2cec7c867c6e2c49",
     "616263", "",
     "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae381f54d6bce2ea911574932f52a4"
     "e6cadd78769375ec3ffd1b801a0d9b3f4030cd433964b6457ea39476511214f97469b57dd32dbc560a9a94d00b"
     "ff07620464a3ad203df7dc7ce360c3cd3696d9d9fab90f00"},
    {"7.5 abc with context foo", 1, PH,
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ef7822e0d5104127dc05d6dbef"
     "de69e3ab2cec7c867c6e2c49",
     "616263", "666f6f",
     "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa481065b1580423ef927ecf0af588"
     "8f90da0f6a9a85ad5dc3f280d91224ba9911a3653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3"
     "e15784ab71284f8d0704a608c54a6b62d97beb511d132100"},
};

/* rfc_setup returns 1 when libgcrypt, set up as here, signs each RFC
 * vector's message to the RFC's signature and accepts it. */
static int rfc_setup(void)
{
    int ok = 1;

    for (size_t i = 0; i < sizeof(rfc) / sizeof(rfc[0]); i++) {
        uint8_t priv[57], msg[16], ctx[3], want[114], sig[114];
        size_t priv_len = 0, msg_len = 0, ctx_len = 0, sig_len = 0;
        tv_hex_decode(priv, sizeof(priv), rfc[i].priv, &priv_len);
        tv_hex_decode(msg, sizeof(msg), rfc[i].msg, &msg_len);
        tv_hex_decode(ctx, sizeof(ctx), rfc[i].ctx, &ctx_len);
        tv_hex_decode(want, sizeof(want), rfc[i].sig, &sig_len);
        job j = {rfc[i].ed448, rfc[i].variant, msg, ctx, msg_len, ctx_len};
        uint8_t pub[57];
        if (j.ed448)
            brisk_ed448_public(pub, priv);
        else
            brisk_ed25519_public(pub, priv);
        ok &= tv_check(sig_len == 2 * key_len(&j) && gc_sign(sig, &j, priv) == 0 &&
                           memcmp(sig, want, sig_len) == 0,
                       "libgcrypt signs RFC 8032 %s to its signature", rfc[i].name);
        ok &= tv_check(gc_verify(want, &j, pub) == 1, "libgcrypt accepts RFC 8032 %s",
                       rfc[i].name);
    }
    return ok;
}

/* compare_one signs and verifies j in both libraries under a random key,
 * then flips a bit and asks both again; 0 when a check failed. */
static int compare_one(job *j, const char *impl, int t)
{
    uint8_t priv[57], pub[57], sig[114], want[114];
    size_t n = key_len(j);
    const char *v = variant_name[j->variant], *curve = j->ed448 ? "Ed448" : "Ed25519";

    tv_rng_fill(&rng, priv, n);
    if (j->ed448)
        brisk_ed448_public(pub, priv);
    else
        brisk_ed25519_public(pub, priv);
    if (!tv_check_int(gc_sign(want, j, priv), 0, "libgcrypt %s %s sign, round %d", curve, v, t))
        return 0;
    tv_check_int(brisk_sign(sig, j, priv, t % 2 ? pub : NULL), 0, "%s %s %s sign rc", impl,
                 curve, v);
    if (!tv_check_mem(sig, want, 2 * n,
                      "%s %s %s signature (%zu-byte message, %zu-byte context), round %d", impl,
                      curve, v, j->msg_len, j->ctx_len, t))
        return 0;
    tv_check_int(brisk_verify(want, j, pub), BRISK_EOK,
                 "%s %s %s verifies libgcrypt's signature, round %d", impl, curve, v, t);
    tv_check_int(gc_verify(sig, j, pub), 1, "libgcrypt verifies %s's %s %s signature, round %d",
                 impl, curve, v, t);
    if (j->variant == PH && !compare_digest(j, want, priv, pub, impl, t))
        return 0;
    /* Under the other variant (ph for pure and ctx, pure for ph): refused. */
    job other = *j;
    other.variant = j->variant == PH ? (j->ed448 || j->ctx_len == 0 ? PURE : CTX) : PH;
    tv_check(brisk_verify(sig, &other, pub) == BRISK_EVERIFY && gc_verify(sig, &other, pub) == 0,
             "%s %s %s signature refused as %s by both, round %d", impl, curve, v,
             variant_name[other.variant], t);
    size_t bit = tv_rng_below(&rng, 16 * n);
    sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    int theirs = gc_verify(sig, j, pub), ours = brisk_verify(sig, j, pub);
    return tv_check(theirs == 0 && ours == BRISK_EVERIFY,
                    "%s %s %s: bit %zu flipped refused by both (libgcrypt %d, brisk %d), round %d",
                    impl, curve, v, bit, theirs, ours, t);
}

/* compare runs rounds random jobs of each variant of one curve. */
static void compare(int ed448, const char *impl, int rounds)
{
    uint8_t msg[700], ctx[255];

    for (int t = 0; t < rounds; t++) {
        job j = {ed448, t % 3, msg, ctx, 0, 0};
        j.msg_len = t < 6 ? 0 : tv_rng_below(&rng, t % 16 == 7 ? sizeof(msg) + 1 : 200);
        if (j.variant == CTX || (t % 4 != 0 && (ed448 || j.variant == PH)))
            j.ctx_len = t % 10 == 1 ? 255 : 1 + tv_rng_below(&rng, 255);
        if (ed448 && j.variant == CTX) /* Ed448 has no ctx variant: pure with a context */
            j.variant = PURE;
        tv_rng_fill(&rng, msg, sizeof(msg));
        tv_rng_fill(&rng, ctx, sizeof(ctx));
        if (!compare_one(&j, impl, t))
            return;
    }
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;

    tv_begin("test_diff_ed25519_ed448");
    tv_rng_init(&rng, tv_seed());
    if (gcry_check_version("1.9.0") == NULL) {
        tv_note("libgcrypt %s has no Ed448: skipped", gcry_check_version(NULL));
        return tv_end();
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    if (!rfc_setup())
        return tv_end();
    int rounds = tv_quick() ? 45 : 150;
    for (i = 0; (impl = tv_impl_next("ed25519", &i)) != NULL;)
        compare(0, impl, rounds);
    compare(1, "brisk", rounds);
    tv_note("ed25519 tested: %s", tv_impl_list("ed25519", list, sizeof(list)));
    return tv_end();
}
