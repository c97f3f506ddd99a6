/*
 * tests/test_x448.c - X448 (RFC 7748) under every implementation of the
 * "x448" primitive this CPU can run: RFC 7748 section 5.2's two vectors
 * and its iterated function after 1 and 1000 steps, section 6.2's Alice
 * and Bob, Wycheproof's x448_test.json (every case: valid and acceptable
 * ones must give "shared", the all-zero shared secrets of low-order points
 * as BRISK_EINVAL; the invalid ones are 57-byte public keys, which the
 * fixed-size API cannot take), and properties: scalar clamping, u taken
 * modulo p, aliasing of out with the inputs, keygen agreeing with public,
 * NULL arguments.
 */
#include <stdlib.h>
#include <string.h>

#include <brisk/brisk.h>

#include "vectors.h"

static void hex56(uint8_t out[56], const char *hex)
{
    size_t n = 0;
    if (tv_hex_decode(out, 56, hex, &n) != 0 || n != 56)
        tv_fail("bad inline hex %s", hex);
}

/* RFC 7748 section 5.2, the two single-step vectors. */
static void rfc_vectors(const char *impl)
{
    static const struct {
        const char *k, *u, *out;
    } v[] = {
        {"3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
         "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
         "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"},
        {"203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
         "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
         "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d"},
    };
    uint8_t k[56], u[56], want[56], got[56];

    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        hex56(k, v[i].k);
        hex56(u, v[i].u);
        hex56(want, v[i].out);
        tv_check_int(brisk_x448(got, k, u), 0, "%s RFC 7748 5.2 #%zu rc", impl, i + 1);
        tv_check_mem(got, want, 56, "%s RFC 7748 5.2 #%zu", impl, i + 1);
    }
}

/* RFC 7748 section 5.2's iteration: k = X448(k, u), u = old k, from
 * k = u = 5; after 1 and after 1000 steps (the million is too slow here). */
static void rfc_iterated(const char *impl, int steps)
{
    uint8_t k[56] = {5}, u[56] = {5}, r[56], want[56];

    for (int i = 1; i <= steps; i++) {
        brisk_x448(r, k, u);
        memcpy(u, k, 56);
        memcpy(k, r, 56);
        if (i == 1) {
            hex56(want, "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113");
            tv_check_mem(k, want, 56, "%s RFC 7748 5.2 after 1 iteration", impl);
        }
    }
    if (steps < 1000)
        return;
    hex56(want, "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38");
    tv_check_mem(k, want, 56, "%s RFC 7748 5.2 after 1000 iterations", impl);
}

/* RFC 7748 section 6.2: Alice's and Bob's keys and their shared secret. */
static void rfc_alice_bob(const char *impl)
{
    uint8_t a[56], a_pub[56], b[56], b_pub[56], k[56], got[56];

    hex56(a, "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b");
    hex56(a_pub, "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0");
    hex56(b, "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d");
    hex56(b_pub, "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609");
    hex56(k, "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d");
    tv_check_int(brisk_x448_public(got, a), 0, "%s RFC 7748 6.2 Alice public rc", impl);
    tv_check_mem(got, a_pub, 56, "%s RFC 7748 6.2 Alice's public key", impl);
    brisk_x448_public(got, b);
    tv_check_mem(got, b_pub, 56, "%s RFC 7748 6.2 Bob's public key", impl);
    tv_check_int(brisk_x448(got, a, b_pub), 0, "%s RFC 7748 6.2 Alice's derive rc", impl);
    tv_check_mem(got, k, 56, "%s RFC 7748 6.2 Alice's shared secret", impl);
    tv_check_int(brisk_x448(got, b, a_pub), 0, "%s RFC 7748 6.2 Bob's derive rc", impl);
    tv_check_mem(got, k, 56, "%s RFC 7748 6.2 Bob's shared secret", impl);
}

/* Wycheproof: every case.  Valid and acceptable ones (the twist,
 * non-canonical u's, low-order points) must give "shared", the all-zero
 * ones (ZeroSharedSecret) with BRISK_EINVAL; the invalid ones must be
 * the 57-byte public keys, which brisk_x448 cannot be given. */
static void wycheproof(tv_json *root, const char *impl)
{
    tv_wycheproof w = {root, NULL, NULL, 0, 0};
    unsigned long n = 0, zero = 0, invalid = 0;

    while (tv_wycheproof_next(&w)) {
        long id = -1;
        size_t pub_len = 0, priv_len = 0, shared_len = 0;
        tv_json_long(w.test, "tcId", &id);
        const uint8_t *pub = tv_json_hex(w.test, "public", &pub_len);
        const uint8_t *priv = tv_json_hex(w.test, "private", &priv_len);
        const uint8_t *shared = tv_json_hex(w.test, "shared", &shared_len);
        int result = tv_wycheproof_result(&w);
        n++;
        if (result == TV_RESULT_INVALID) {
            tv_check(pub != NULL && pub_len != 56, "%s wycheproof tcId %ld: invalid only by length",
                     impl, id);
            invalid++;
            continue;
        }
        if (!tv_check(pub != NULL && priv != NULL && shared != NULL && pub_len == 56 &&
                          priv_len == 56 && shared_len == 56,
                      "%s wycheproof tcId %ld: 56-byte keys", impl, id))
            continue;
        int is_zero = tv_json_has_flag(w.test, "ZeroSharedSecret");
        uint8_t got[56], zeros[56] = {0};
        tv_check_int(memcmp(shared, zeros, 56) == 0, is_zero,
                     "%s wycheproof tcId %ld: ZeroSharedSecret flag and an all-zero shared agree",
                     impl, id);
        memset(got, 0xaa, sizeof(got));
        int rc = brisk_x448(got, priv, pub);
        tv_check_int(rc, is_zero ? BRISK_EINVAL : 0, "%s wycheproof tcId %ld rc", impl, id);
        tv_check_mem(got, shared, 56, "%s wycheproof tcId %ld shared", impl, id);
        zero += (unsigned long)is_zero;
    }
    tv_check(n == 510 && zero > 0 && invalid == 12,
             "%s wycheproof: %lu cases (510 expected), %lu all-zero, %lu invalid", impl, n, zero,
             invalid);
}

static void properties(tv_rng *rng, const char *impl)
{
    uint8_t k[56], u[56], k2[56], a[56], b[56], c[56];
    static const uint8_t p[56] = {
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

    for (int t = 0; t < 8; t++) {
        tv_rng_fill(rng, k, 56);
        tv_rng_fill(rng, u, 56);
        brisk_x448(a, k, u);
        /* Clamping: the bits it sets or clears do not matter. */
        memcpy(k2, k, 56);
        k2[0] ^= 3;
        k2[55] ^= 0x80;
        brisk_x448(b, k2, u);
        tv_check_mem(b, a, 56, "%s: the clamped bits of the scalar are ignored", impl);
        /* out aliasing u, then the scalar. */
        memcpy(c, u, 56);
        brisk_x448(c, k, c);
        tv_check_mem(c, a, 56, "%s: out aliasing u", impl);
        memcpy(c, k, 56);
        brisk_x448(c, c, u);
        tv_check_mem(c, a, 56, "%s: out aliasing the scalar", impl);
        /* Diffie-Hellman agreement on random keys. */
        uint8_t pa[56], pb[56], s1[56], s2[56];
        tv_check_int(brisk_x448_keygen(a, pa), 0, "%s keygen", impl);
        tv_check_int(brisk_x448_keygen(b, pb), 0, "%s keygen", impl);
        tv_check_int(a[0] & 3, 0, "%s keygen clamps", impl);
        tv_check_int(a[55] & 0x80, 0x80, "%s keygen clamps", impl);
        brisk_x448_public(c, a);
        tv_check_mem(c, pa, 56, "%s keygen's public key is public's", impl);
        tv_check_int(brisk_x448(s1, a, pb), 0, "%s derive", impl);
        tv_check_int(brisk_x448(s2, b, pa), 0, "%s derive", impl);
        tv_check_mem(s1, s2, 56, "%s: both sides agree", impl);
    }
    /* u + p reads as u: u = 5 + p against u = 5. */
    uint8_t five[56] = {5}, five_p[56];
    memset(five_p, 0xff, 56); /* p + 5 = 2^448 - 2^224 + 4 */
    memset(five_p, 0, 28);
    five_p[0] = 4;
    brisk_x448(a, k, five);
    brisk_x448(b, k, five_p);
    tv_check_mem(b, a, 56, "%s: u = 5 + p reads as 5", impl);
    /* u = 0, u = 1 (low order) and u = p (0 again) give the all-zero secret. */
    memset(u, 0, 56);
    tv_check_int(brisk_x448(a, k, u), BRISK_EINVAL, "%s: u = 0 is refused", impl);
    u[0] = 1;
    tv_check_int(brisk_x448(a, k, u), BRISK_EINVAL, "%s: u = 1 is refused", impl);
    tv_check_int(brisk_x448(a, k, p), BRISK_EINVAL, "%s: u = p is refused", impl);
    tv_check_mem(a, (uint8_t[56]){0}, 56, "%s: refused secret is all zero", impl);
}

static void misuse(void)
{
    uint8_t x[56] = {5};
    tv_check_int(brisk_x448(NULL, x, x), BRISK_EINVAL, "x448 NULL out");
    tv_check_int(brisk_x448(x, NULL, x), BRISK_EINVAL, "x448 NULL scalar");
    tv_check_int(brisk_x448(x, x, NULL), BRISK_EINVAL, "x448 NULL u");
    tv_check_int(brisk_x448_public(NULL, x), BRISK_EINVAL, "public NULL pub");
    tv_check_int(brisk_x448_public(x, NULL), BRISK_EINVAL, "public NULL priv");
    tv_check_int(brisk_x448_keygen(NULL, x), BRISK_EINVAL, "keygen NULL priv");
    tv_check_int(brisk_x448_keygen(x, NULL), BRISK_EINVAL, "keygen NULL pub");
}

int main(void)
{
    char list[128];
    size_t i;
    const char *impl;
    tv_rng rng;

    tv_begin("test_x448");
    tv_rng_init(&rng, tv_seed());
    tv_json *root = tv_json_load("wycheproof/testvectors_v1/x448_test.json");
    for (i = 0; (impl = tv_impl_next("x448", &i)) != NULL;) {
        rfc_vectors(impl);
        rfc_iterated(impl, tv_quick() ? 1 : 1000);
        rfc_alice_bob(impl);
        if (root != NULL)
            wycheproof(root, impl);
        properties(&rng, impl);
    }
    misuse();
    tv_json_free(root);
    tv_note("x448 tested: %s", tv_impl_list("x448", list, sizeof(list)));
    return tv_end();
}
