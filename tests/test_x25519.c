/*
 * tests/test_x25519.c - X25519 (RFC 7748) under every implementation of the
 * "x25519" primitive this CPU can run: RFC 7748 section 5.2's two vectors
 * and its iterated function after 1 and 1000 steps, section 6.1's Alice and
 * Bob, Wycheproof's x25519_test.json (every case; the all-zero shared
 * secrets of low-order points must come back as BRISK_EINVAL), and
 * properties: the top bit of u ignored, scalar clamping, aliasing of out
 * with the inputs, keygen agreeing with public, NULL arguments.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

static void hex32(uint8_t out[32], const char *hex)
{
    size_t n = 0;
    if (tv_hex_decode(out, 32, hex, &n) != 0 || n != 32)
        tv_fail("bad inline hex %s", hex);
}

/* RFC 7748 section 5.2, the two single-step vectors. */
static void rfc_vectors(const char *impl)
{
    static const struct {
        const char *k, *u, *out;
    } v[] = {
        {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
         "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
         "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
        {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
         "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
         "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
    };
    uint8_t k[32], u[32], want[32], got[32];

    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        hex32(k, v[i].k);
        hex32(u, v[i].u);
        hex32(want, v[i].out);
        tv_check_int(brisk_x25519(got, k, u), 0, "%s RFC 7748 5.2 #%zu rc", impl, i + 1);
        tv_check_mem(got, want, 32, "%s RFC 7748 5.2 #%zu", impl, i + 1);
    }
}

/* RFC 7748 section 5.2's iteration: k = X25519(k, u), u = old k, from
 * k = u = 9; after 1 and after 1000 steps (the million is too slow here). */
static void rfc_iterated(const char *impl)
{
    uint8_t k[32] = {9}, u[32] = {9}, r[32], want[32];

    for (int i = 1; i <= 1000; i++) {
        brisk_x25519(r, k, u);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == 1) {
            hex32(want, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
            tv_check_mem(k, want, 32, "%s RFC 7748 5.2 after 1 iteration", impl);
        }
    }
    hex32(want, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
    tv_check_mem(k, want, 32, "%s RFC 7748 5.2 after 1000 iterations", impl);
}

/* RFC 7748 section 6.1: Alice's and Bob's keys and their shared secret. */
static void rfc_alice_bob(const char *impl)
{
    uint8_t a[32], a_pub[32], b[32], b_pub[32], k[32], got[32];

    hex32(a, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    hex32(a_pub, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    hex32(b, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    hex32(b_pub, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    hex32(k, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    tv_check_int(brisk_x25519_public(got, a), 0, "%s RFC 7748 6.1 Alice public rc", impl);
    tv_check_mem(got, a_pub, 32, "%s RFC 7748 6.1 Alice's public key", impl);
    brisk_x25519_public(got, b);
    tv_check_mem(got, b_pub, 32, "%s RFC 7748 6.1 Bob's public key", impl);
    tv_check_int(brisk_x25519(got, a, b_pub), 0, "%s RFC 7748 6.1 Alice's derive rc", impl);
    tv_check_mem(got, k, 32, "%s RFC 7748 6.1 Alice's shared secret", impl);
    tv_check_int(brisk_x25519(got, b, a_pub), 0, "%s RFC 7748 6.1 Bob's derive rc", impl);
    tv_check_mem(got, k, 32, "%s RFC 7748 6.1 Bob's shared secret", impl);
}

/* Wycheproof: every case, valid and acceptable alike (the twist, non-
 * canonical u's), must give "shared"; the all-zero ones (ZeroSharedSecret,
 * the low-order points) also BRISK_EINVAL.  The file has no invalid
 * cases; one would fail here. */
static void wycheproof(tv_json *root, const char *impl)
{
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    unsigned long n = 0, zero = 0;

    while (tv_wycheproof_next(&w)) {
        long id = -1;
        size_t pub_len = 0, priv_len = 0, shared_len = 0;
        tv_json_long(w.test, "tcId", &id);
        const uint8_t *pub = tv_json_hex(w.test, "public", &pub_len);
        const uint8_t *priv = tv_json_hex(w.test, "private", &priv_len);
        const uint8_t *shared = tv_json_hex(w.test, "shared", &shared_len);
        int result = tv_wycheproof_result(&w);
        if (!tv_check(pub != NULL && priv != NULL && shared != NULL && pub_len == 32 &&
                          priv_len == 32 && shared_len == 32 && result != TV_RESULT_INVALID,
                      "%s wycheproof tcId %ld: 32-byte keys, valid or acceptable", impl, id))
            continue;
        int is_zero = tv_json_has_flag(w.test, "ZeroSharedSecret");
        uint8_t got[32], zeros[32] = {0};
        tv_check_int(memcmp(shared, zeros, 32) == 0, is_zero,
                     "%s wycheproof tcId %ld: ZeroSharedSecret flag and an all-zero shared agree",
                     impl, id);
        memset(got, 0xaa, sizeof(got));
        int rc = brisk_x25519(got, priv, pub);
        tv_check_int(rc, is_zero ? BRISK_EINVAL : 0, "%s wycheproof tcId %ld rc", impl, id);
        tv_check_mem(got, shared, 32, "%s wycheproof tcId %ld shared", impl, id);
        n++;
        zero += (unsigned long)is_zero;
    }
    tv_check(n == 518 && zero > 0, "%s wycheproof: %lu cases (518 expected), %lu all-zero",
             impl, n, zero);
}

static void properties(tv_rng *rng, const char *impl)
{
    uint8_t k[32], u[32], u_hi[32], k2[32], a[32], b[32], c[32];

    for (int t = 0; t < 8; t++) {
        tv_rng_fill(rng, k, 32);
        tv_rng_fill(rng, u, 32);
        u[31] &= 0x7f;
        memcpy(u_hi, u, 32);
        u_hi[31] |= 0x80;
        brisk_x25519(a, k, u);
        brisk_x25519(b, k, u_hi);
        tv_check_mem(b, a, 32, "%s: u's top bit is ignored", impl);
        /* Clamping: the bits it sets or clears do not matter. */
        memcpy(k2, k, 32);
        k2[0] ^= 7;
        k2[31] ^= 0xc0;
        brisk_x25519(b, k2, u);
        tv_check_mem(b, a, 32, "%s: the clamped bits of the scalar are ignored", impl);
        /* out aliasing u, then the scalar. */
        memcpy(c, u, 32);
        brisk_x25519(c, k, c);
        tv_check_mem(c, a, 32, "%s: out aliasing u", impl);
        memcpy(c, k, 32);
        brisk_x25519(c, c, u);
        tv_check_mem(c, a, 32, "%s: out aliasing the scalar", impl);
        /* Diffie-Hellman agreement on random keys. */
        uint8_t pa[32], pb[32];
        tv_check_int(brisk_x25519_keygen(a, pa), 0, "%s keygen", impl);
        tv_check_int(brisk_x25519_keygen(b, pb), 0, "%s keygen", impl);
        tv_check_int(a[0] & 7, 0, "%s keygen clamps", impl);
        tv_check_int(a[31] & 0xc0, 0x40, "%s keygen clamps", impl);
        brisk_x25519_public(c, a);
        tv_check_mem(c, pa, 32, "%s keygen's public key is public's", impl);
        uint8_t s1[32], s2[32];
        tv_check_int(brisk_x25519(s1, a, pb), 0, "%s derive", impl);
        tv_check_int(brisk_x25519(s2, b, pa), 0, "%s derive", impl);
        tv_check_mem(s1, s2, 32, "%s: both sides agree", impl);
    }
    /* u = 0 and u = p (non-canonical 0) give the all-zero secret. */
    memset(u, 0, 32);
    tv_check_int(brisk_x25519(a, k, u), BRISK_EINVAL, "%s: u = 0 is refused", impl);
    hex32(u, "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    tv_check_int(brisk_x25519(a, k, u), BRISK_EINVAL, "%s: u = p is refused", impl);
}

static void misuse(void)
{
    uint8_t x[32] = {9};
    tv_check_int(brisk_x25519(NULL, x, x), BRISK_EINVAL, "x25519 NULL out");
    tv_check_int(brisk_x25519(x, NULL, x), BRISK_EINVAL, "x25519 NULL scalar");
    tv_check_int(brisk_x25519(x, x, NULL), BRISK_EINVAL, "x25519 NULL u");
    tv_check_int(brisk_x25519_public(NULL, x), BRISK_EINVAL, "public NULL pub");
    tv_check_int(brisk_x25519_public(x, NULL), BRISK_EINVAL, "public NULL priv");
    tv_check_int(brisk_x25519_keygen(NULL, x), BRISK_EINVAL, "keygen NULL priv");
    tv_check_int(brisk_x25519_keygen(x, NULL), BRISK_EINVAL, "keygen NULL pub");
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;
    tv_rng rng;

    tv_begin("test_x25519");
    tv_rng_init(&rng, tv_seed());
    tv_json *root = tv_json_load("wycheproof/testvectors_v1/x25519_test.json");
    for (i = 0; (impl = tv_impl_next("x25519", &i)) != NULL;) {
        rfc_vectors(impl);
        rfc_iterated(impl);
        rfc_alice_bob(impl);
        if (root != NULL)
            wycheproof(root, impl);
        properties(&rng, impl);
    }
    misuse();
    tv_json_free(root);
    tv_note("x25519 tested: %s", tv_impl_list("x25519", list, sizeof(list)));
    return tv_end();
}
